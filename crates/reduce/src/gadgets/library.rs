//! The gadget libraries: the King, Knight and Rook gadget files, compiled in with
//! `include_str!`, and their parsed gadgets.

use sat2chess_core::board::PieceKind;

use super::parse::parse_gadget;
use super::{Gadget, GadgetError};

/// The gadget files, compiled in: (file name, text).
pub const KING_GADGET_FILES: &[(&str, &str)] = &[
    (
        "wire_horizontal.txt",
        include_str!("../../../../gadgets/king/wire_horizontal.txt"),
    ),
    (
        "wire_vertical.txt",
        include_str!("../../../../gadgets/king/wire_vertical.txt"),
    ),
    (
        "corner.txt",
        include_str!("../../../../gadgets/king/corner.txt"),
    ),
    (
        "increment.txt",
        include_str!("../../../../gadgets/king/increment.txt"),
    ),
    (
        "decrement.txt",
        include_str!("../../../../gadgets/king/decrement.txt"),
    ),
    (
        "variable.txt",
        include_str!("../../../../gadgets/king/variable.txt"),
    ),
    (
        "shifted_sum.txt",
        include_str!("../../../../gadgets/king/shifted_sum.txt"),
    ),
    ("or.txt", include_str!("../../../../gadgets/king/or.txt")),
    ("and.txt", include_str!("../../../../gadgets/king/and.txt")),
    (
        "crossing_f.txt",
        include_str!("../../../../gadgets/king/crossing_f.txt"),
    ),
    (
        "crossing_g.txt",
        include_str!("../../../../gadgets/king/crossing_g.txt"),
    ),
    (
        "crossing_h.txt",
        include_str!("../../../../gadgets/king/crossing_h.txt"),
    ),
    (
        "one_test.txt",
        include_str!("../../../../gadgets/king/one_test.txt"),
    ),
    (
        "double_assignment.txt",
        include_str!("../../../../gadgets/king/double_assignment.txt"),
    ),
    (
        "crossing.txt",
        include_str!("../../../../gadgets/king/crossing.txt"),
    ),
];

/// Parses compiled-in gadget files.
fn parse_files(files: &[(&str, &str)]) -> Result<Vec<Gadget>, GadgetError> {
    files
        .iter()
        .map(|(file, text)| parse_gadget(file, text))
        .collect()
}

/// Parses every King gadget file of the library.
pub fn king_library() -> Result<Vec<Gadget>, GadgetError> {
    parse_files(KING_GADGET_FILES)
}

/// The library gadget called `name`.
pub fn king_gadget(name: &str) -> Result<Option<Gadget>, GadgetError> {
    Ok(king_library()?.into_iter().find(|g| g.name == name))
}

/// `(name, text)` of a file in `gadgets/knight/`, compiled in.
macro_rules! knight_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../gadgets/knight/", $name)),
        )
    };
}

/// The Knight gadget files (thesis ch. 6), compiled in: (file name, text).
pub const KNIGHT_GADGET_FILES: &[(&str, &str)] = &[
    knight_file!("wire.txt"),
    knight_file!("wire_reduced.txt"),
    knight_file!("corner.txt"),
    knight_file!("shift_se.txt"),
    knight_file!("shift_sw.txt"),
    knight_file!("mirrored.txt"),
    knight_file!("stretch_1.txt"),
    knight_file!("stretch_2.txt"),
    knight_file!("stretch_3.txt"),
    knight_file!("jog_7.txt"),
    knight_file!("jog_mirror_6.txt"),
    knight_file!("jog_mirror_12.txt"),
    knight_file!("jog_back_5.txt"),
    knight_file!("jog_back_7.txt"),
    knight_file!("jog_back_mirror_6.txt"),
    knight_file!("jog_back_mirror_8.txt"),
    knight_file!("thick.txt"),
    knight_file!("transition.txt"),
    knight_file!("transition_back.txt"),
    knight_file!("crossing.txt"),
    knight_file!("crossing_thin.txt"),
    knight_file!("increment_dark.txt"),
    knight_file!("increment_light.txt"),
    knight_file!("decrement_dark.txt"),
    knight_file!("decrement_light.txt"),
    knight_file!("zeroing_dark.txt"),
    knight_file!("zeroing_light.txt"),
    knight_file!("three_val.txt"),
    knight_file!("asymmetric.txt"),
    knight_file!("asymmetric_alt.txt"),
    knight_file!("maximum.txt"),
    knight_file!("flip.txt"),
    knight_file!("variable.txt"),
    knight_file!("or.txt"),
    knight_file!("and.txt"),
    knight_file!("one_test.txt"),
];

/// Parses every Knight gadget file of the library.
pub fn knight_library() -> Result<Vec<Gadget>, GadgetError> {
    parse_files(KNIGHT_GADGET_FILES)
}

/// The Knight library gadget called `name`.
pub fn knight_gadget(name: &str) -> Result<Option<Gadget>, GadgetError> {
    Ok(knight_library()?.into_iter().find(|g| g.name == name))
}

/// `(name, text)` of a file in `gadgets/rook/`, compiled in.
macro_rules! rook_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../gadgets/rook/", $name)),
        )
    };
}

/// The Rook gadget files (thesis ch. 7), compiled in: (file name, text).
pub const ROOK_GADGET_FILES: &[(&str, &str)] = &[
    rook_file!("triangle.txt"),
    rook_file!("gadget_input.txt"),
    rook_file!("variable.txt"),
    rook_file!("left_or.txt"),
    rook_file!("and.txt"),
    rook_file!("right_or.txt"),
    rook_file!("tomb.txt"),
    rook_file!("conveyor_belt.txt"),
];

/// The parsed Rook library (thesis ch. 7).
pub fn rook_library() -> Result<Vec<Gadget>, GadgetError> {
    parse_files(ROOK_GADGET_FILES)
}

/// The gadget library of `piece`, or `None` if there is none (yet).
pub fn library(piece: PieceKind) -> Option<Result<Vec<Gadget>, GadgetError>> {
    match piece {
        PieceKind::King => Some(king_library()),
        PieceKind::Knight => Some(knight_library()),
        PieceKind::Rook => Some(rook_library()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadgets::{PortRole, Symmetry};
    use sat2chess_core::label::Direction;

    #[test]
    fn library_parses_and_ports_are_consistent() {
        let library = king_library().unwrap();
        assert_eq!(library.len(), KING_GADGET_FILES.len());
        for gadget in &library {
            for port in &gadget.ports {
                let occupied = port
                    .squares
                    .iter()
                    .filter(|s| gadget.pieces.iter().any(|(k, _)| k == *s))
                    .count();
                let expected = if port.role == PortRole::Input { 0 } else { 2 };
                assert_eq!(occupied, expected, "{} port {}", gadget.name, port.name);
            }
        }
    }

    #[test]
    fn symmetries_round_trip_art() {
        let corner = king_gadget("corner").unwrap().unwrap();
        let images: Vec<String> = Symmetry::all()
            .map(|s| corner.transformed(s).art())
            .collect();
        assert_eq!(images[0], corner.art());
        for (i, a) in images.iter().enumerate() {
            for b in &images[i + 1..] {
                assert_ne!(a, b, "the corner has no symmetry, so all images differ");
            }
        }
        let turned = corner.transformed(Symmetry {
            transpose: true,
            flip_rows: false,
            flip_cols: false,
        });
        assert_eq!(turned.port('a').unwrap().flow, Direction::South);
        assert_eq!(turned.port('X').unwrap().flow, Direction::East);
    }

    #[test]
    fn display_is_the_canonical_file() {
        for gadget in king_library()
            .unwrap()
            .into_iter()
            .chain(knight_library().unwrap())
        {
            let text = gadget.to_string();
            assert_eq!(parse_gadget("canonical", &text).unwrap(), gadget, "{text}");
        }
    }
}
