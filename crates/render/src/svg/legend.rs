//! The margins: row and column coordinates, and the legend.

use svg::Node;
use svg::node::element::{Circle, Group, Rectangle};

use super::layout::Layout;
use super::marks::{arrow_line_element, mark, port_tag};
use super::pieces::BADGE;
use super::schematic::box_fill;
use crate::colour::dot_colour;
use crate::xml::{Label, num};
use crate::{Arrow, ArrowKind, LegendEntry, Scene, palette};

pub(super) fn coordinates(scene: &Scene, layout: &Layout) -> Group {
    let size = 0.36 * layout.text;
    let mut group = Group::new()
        .set("font-family", "sans-serif")
        .set("font-size", num(size))
        .set("fill", palette::MARGIN_TEXT.to_string());
    let region = scene.region;
    let step = Scene::label_step(region.rows(), 1.5 * size);
    for row in Scene::label_positions(region.top, region.bottom, step) {
        let y = (row - region.top) as f64 + 0.5 + 0.35 * size;
        group.append(
            Label::new(scene.row_label(row))
                .set("x", num(-0.15 * layout.text))
                .set("y", num(y))
                .set("text-anchor", "end"),
        );
    }
    let step = Scene::label_step(region.cols(), scene.col_label_width() * size);
    for col in Scene::label_positions(region.left, region.right, step) {
        group.append(
            Label::new(scene.col_label(col))
                .set("x", num((col - region.left) as f64 + 0.5))
                .set("y", num(-0.2 * layout.text))
                .set("text-anchor", "middle"),
        );
    }
    group
}

pub(super) fn legend(scene: &Scene, layout: &Layout) -> Group {
    let t = layout.legend_text;
    let (x, top) = layout.legend_at;
    let mut group = Group::new()
        .set("font-family", "sans-serif")
        .set("font-size", num(0.34 * t))
        .set("fill", palette::INK.to_string());
    for (index, entry) in scene.legend.iter().enumerate() {
        let y = top + 0.25 * t + 0.55 * t * index as f64;
        // The swatch is drawn in a one-square box scaled to 0.45·t.
        let mut swatch = Group::new().set(
            "transform",
            format!("translate({} {}) scale({})", num(x), num(y), num(0.45 * t)),
        );
        match *entry {
            LegendEntry::Budget => {
                let (cx, cy, _) = BADGE;
                swatch.append(
                    Group::new()
                        .set(
                            "transform",
                            format!("translate({} {})", num(0.5 - cx), num(0.5 - cy)),
                        )
                        .add(
                            Circle::new()
                                .set("cx", cx)
                                .set("cy", cy)
                                .set("r", 0.3)
                                .set("fill", palette::PAPER.to_string())
                                .set("stroke", palette::INK.to_string())
                                .set("stroke-width", 0.05),
                        )
                        .add(
                            Label::new("n")
                                .set("x", cx)
                                .set("y", num(cy + 0.15))
                                .set("font-size", 0.45)
                                .set("font-weight", "bold")
                                .set("text-anchor", "middle"),
                        ),
                );
            }
            LegendEntry::DotBudget => {
                for (index, budget) in [2, 1, 0].into_iter().enumerate() {
                    swatch.append(
                        Rectangle::new()
                            .set("x", num(0.35 * index as f64 - 0.1))
                            .set("y", 0.3)
                            .set("width", 0.3)
                            .set("height", 0.3)
                            .set("fill", dot_colour(None, budget).to_string()),
                    );
                }
            }
            LegendEntry::Gadget(class) => swatch.append(
                Rectangle::new()
                    .set("width", 1)
                    .set("height", 1)
                    .set(
                        "fill",
                        if scene.schematic.is_some() {
                            box_fill(class)
                        } else {
                            palette::LIGHT.mix(class.colour(), palette::TINT)
                        }
                        .to_string(),
                    )
                    .set("stroke", palette::INK.to_string())
                    .set("stroke-width", 0.03),
            ),
            LegendEntry::Mark(kind) => swatch.append(
                Group::new()
                    .add(
                        Rectangle::new()
                            .set("width", 1)
                            .set("height", 1)
                            .set("fill", palette::LIGHT.to_string()),
                    )
                    .add(mark(kind, 0.0, 0.0))
                    .add(port_tag(kind, 0.0, 0.0).unwrap_or_default()),
            ),
            LegendEntry::Flow | LegendEntry::Capture | LegendEntry::EmptyRay => {
                let kind = match *entry {
                    LegendEntry::Flow => ArrowKind::Flow,
                    LegendEntry::EmptyRay => ArrowKind::EmptyRay,
                    _ => ArrowKind::Capture { number: 1 },
                };
                swatch.append(arrow_line_element(&Arrow {
                    from: (-0.1, 0.5),
                    to: (1.25, 0.5),
                    kind,
                }));
            }
        }
        group.append(swatch);
        group.append(
            Label::new(entry.text())
                .set("x", num(x + 0.7 * t))
                .set("y", num(y + 0.34 * t)),
        );
    }
    group
}
