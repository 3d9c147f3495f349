use rustc_hash::FxHashMap;

use super::*;
use crate::back::element::Library;
use crate::back::geometry::{Column, Frame, Reach, SideParity};
use crate::back::tile_check;
use crate::back::tileset::{Tileset, build_design};

fn library() -> Library {
    Library::new(King.library().unwrap())
}

/// f and g of the crossing may emit the 2-signal (Table 5.2), which a corner lowers to
/// 1 (Lemma 5.6): the joints f → g and g → h must be straight wire only.
#[test]
fn crossing_chain_has_no_corner() {
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    let r = tileset.reach[&Design::Crossing];
    let frame = Frame::tight_in(r, SideParity::Any, (0, 0, 0));
    let elements = build_design(&King, &library, Design::Crossing, frame).unwrap();
    let named = |name: &str| {
        let index = library.index(name).unwrap();
        elements
            .iter()
            .position(|e| e.gadget == Some(index))
            .unwrap()
    };
    let producer: FxHashMap<Column, usize> = elements
        .iter()
        .enumerate()
        .flat_map(|(id, e)| e.outputs.iter().map(move |&c| (c, id)))
        .collect();
    for (from, to) in [("crossing-f", "crossing-g"), ("crossing-g", "crossing-h")] {
        let (from, to) = (named(from), named(to));
        // The gadget behind each input of `to`, past any wire columns.
        let reached: Vec<usize> = elements[to]
            .inputs
            .iter()
            .filter_map(|c| {
                let mut at = *producer.get(c)?;
                while elements[at].gadget.is_none() {
                    at = *producer.get(&elements[at].inputs[0])?;
                }
                Some(at)
            })
            .collect();
        assert!(reached.contains(&from), "a gadget between f, g, h");
    }
}

/// Every tile design, as stamped on boards, searched exhaustively for every input
/// combination (`tiles.rs`).
#[test]
fn every_tile_design_computes_its_function() {
    let failures = tiles::tile_failures(&library(), None).unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A gadget verified on signal columns need not compose: this 13-king f (synthesized in
/// 6 × 6, issue 32) computes f for every input placement, yet the crossing tile built
/// with it reaches outputs (1, 0) from inputs (0, 1); `tiles_accept` finds that, which
/// `gadgets synthesize --in-tiles` relies on.
#[test]
fn a_gadget_verified_alone_can_fail_in_its_tile() {
    let text = "gadget: crossing-f\nimplements: test\nlayout: synthesized\n\
                input n: S\ninput a: E\noutput X: S\nexpect: a n -> X\n  0 0 -> 0\n  \
                0 1 -> 0\n  1 0 -> 1\n  1 1 -> 2\nboard:\n...nn.\n...222\n...2.2\n\
                a22..2\na22222\n...XX.\n";
    let gadget = crate::gadgets::parse_gadget("f.txt", text).unwrap();
    let options = crate::verify::library::default_options();
    for image in crate::verify::images_to_check(&gadget) {
        assert!(crate::verify::verify_gadget(&image, &options).passed());
    }
    let failures = tiles_accept(&gadget).unwrap_err();
    assert!(
        failures.iter().all(|f| f.starts_with("Crossing")),
        "{failures:#?}"
    );
}

/// The crossing tile (Lemma 5.13) is also the exact assembly of verified library parts:
/// composed from their tables (a wire column counts as one `wire-vertical` step), it
/// passes both signals unchanged.
#[test]
fn crossing_tile_composes_from_verified_parts() {
    use crate::gadgets::{Outcome, TableRow};
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    let frame = Frame::tight_in(tileset.reach[&Design::Crossing], SideParity::Any, (0, 0, 0));
    let tile =
        tile_check::stamp(&King, &library, Design::Crossing, frame, Reach::uniform(0)).unwrap();
    let table = [0u8, 1]
        .into_iter()
        .flat_map(|a| {
            [0u8, 1].map(move |b| TableRow {
                inputs: vec![a, b],
                expected: Outcome::Outputs(vec![vec![a as i8, b as i8]]),
            })
        })
        .collect();
    let report = tile_check::composed::<King>(&library, &tile, "wire-vertical", table);
    assert!(report.passed(), "{:?}", report.rows);
}
