//! The schematic view: wire lines, gadget boxes with their captions, the loose pieces
//! as dots, and the final square's star.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;

use svg::Node;
use svg::node::element::{Group, Path, Polygon};

use super::layout::Layout;
use super::marks::{baseline, star};
use super::pieces::{DOT, SquareGroups, square_origin, square_paths};
use crate::xml::{Label, Streamed, num};
use crate::{GadgetClass, Rgb, Scene, Schematic, palette};
use sat2chess_core::board::Square;

/// Colour of the schematic's wire lines.
pub(crate) const WIRE_LINE: Rgb = Rgb(0x607d8b);

/// Fill of a schematic box of `class` (wire-like boxes, e.g. corners, in the wires' colour).
pub(crate) fn box_fill(class: GadgetClass) -> Rgb {
    match class {
        GadgetClass::Wire => WIRE_LINE.mix(palette::PAPER, 0.3),
        _ => palette::PAPER.mix(class.colour(), palette::TINT),
    }
}

/// The caption's font size in a `width` × `height` box, if at least `smallest`.
pub(crate) fn caption_font(caption: &str, width: f64, height: f64, smallest: f64) -> Option<f64> {
    let font = (0.45 * height).min(0.9 * width / (0.6 * caption.chars().count() as f64));
    (font >= smallest).then_some(font)
}

/// The schematic: wire lines (one path per width), boxes (one path per gadget class),
/// their captions, and the unlabelled pieces as dots.
pub(super) fn schematic(
    scene: &Scene,
    schematic: &Schematic,
    layout: &Layout,
    root: &mut Streamed<'_>,
) -> io::Result<()> {
    let mut group = root.nested(&Group::new().set("class", "s2c-schematic"))?;
    let mut widths: BTreeMap<String, String> = BTreeMap::new();
    for wire in &schematic.wires {
        let d = widths.entry(num(wire.width)).or_default();
        let _ = write!(
            d,
            "M{} {}L{} {}",
            num(wire.from.0),
            num(wire.from.1),
            num(wire.to.0),
            num(wire.to.1)
        );
    }
    for (width, d) in widths {
        group.child(
            &Path::new()
                .set("d", d)
                .set("fill", "none")
                .set("stroke", WIRE_LINE.to_string())
                .set("stroke-width", width),
        )?;
    }
    let mut classes: BTreeMap<GadgetClass, String> = BTreeMap::new();
    for b in &schematic.boxes {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        let _ = write!(
            classes.entry(b.class).or_default(),
            "M{} {}h{}v{}h-{}z",
            num(x),
            num(y),
            b.right - b.left + 1,
            b.bottom - b.top + 1,
            b.right - b.left + 1
        );
    }
    for (class, d) in classes {
        group.child(
            &Path::new()
                .set("d", d)
                .set("fill", box_fill(class).to_string())
                .set("stroke", class.colour().to_string())
                .set("stroke-width", num(0.05 * layout.text)),
        )?;
    }
    let captions = Group::new()
        .set("font-family", "sans-serif")
        .set("text-anchor", "middle")
        .set("fill", palette::INK.to_string());
    let mut texts = group.nested(&captions)?;
    for b in &schematic.boxes {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        let (w, h) = ((b.right - b.left + 1) as f64, (b.bottom - b.top + 1) as f64);
        let caption = b.caption();
        if b.class == GadgetClass::Wire {
            continue;
        }
        if let Some(font) = caption_font(caption, w, h, 0.2 * layout.text) {
            let font = font.min(0.5 * layout.text);
            let caption: Box<dyn Node> = Label::new(caption)
                .set("x", num(x + w / 2.0))
                .set("y", num(baseline(y + h / 2.0, font)))
                .set("font-size", num(font))
                .into();
            texts.child(&caption)?;
        }
    }
    texts.close()?;
    if !schematic.loose.is_empty() {
        let element = Group::new()
            .set("class", "s2c-pieces")
            .set("transform", square_origin(scene, (1.0 - DOT) / 2.0));
        let mut dots = group.nested(&element)?;
        let groups = SquareGroups::from([(palette::DOT.0, schematic.loose.clone())]);
        square_paths(&mut dots, groups, &num(DOT), |&colour| Rgb(colour))?;
        dots.close()?;
    }
    group.close()
}

/// The final square on a schematic: a star large enough to find on the whole figure.
pub(super) fn final_star(scene: &Scene, square: Square, layout: &Layout) -> Polygon {
    let (x, y) = scene.corner(square);
    let radius = (0.3 * layout.text).min(0.5 * layout.width.min(layout.height));
    let inside = |at: f64, side: f64| at.clamp(radius, side - radius);
    Polygon::new()
        .set(
            "points",
            star(
                inside(x + 0.5, layout.width),
                inside(y + 0.5, layout.height),
                radius,
            ),
        )
        .set("fill", palette::FINAL.to_string())
        .set("stroke", palette::INK.to_string())
        .set("stroke-width", num(0.03 * layout.text))
}
