//! The properties every parser entry point keeps on arbitrary bytes, shared by the
//! cargo-fuzz targets (`fuzz_targets/`) and the stable smoke test
//! (`tests/parser_smoke.rs`, which includes this file): never a panic, and whatever
//! parses writes and reads back as itself.

use std::io::Write as _;

use flate2::Compression;
use flate2::write::GzEncoder;
use sat2chess::check::{Extent, check_sequence};
use sat2chess::front::{FormulaFormat, Input, andor, dimacs, parse_bytes};
use sat2chess::io::{BoardFormat, json, utf8_text};
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

/// DIMACS text: a parsed CNF writes and reads back as itself.
pub fn dimacs(data: &[u8]) {
    if let Ok(Input::Cnf(cnf)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Dimacs)) {
        let written = dimacs::write(&cnf, &[]);
        assert_eq!(
            dimacs::parse(&written).expect("written DIMACS reads back"),
            cnf
        );
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory")
}

/// Gzip formula files: the raw bytes after the gzip magic never panic, and the text
/// (after its first byte, which says where) split into two gzip members reads exactly
/// as the plain text (every member is read, as `gzip -dc` does).
pub fn dimacs_gz(data: &[u8]) {
    let mut raw = vec![0x1f, 0x8b];
    raw.extend_from_slice(data);
    let _ = parse_bytes(raw, Some(FormulaFormat::Dimacs));
    let Some((&split, text)) = data.split_first() else {
        return;
    };
    if text.starts_with(&[0x1f, 0x8b]) {
        return; // gzip data itself: decompressed once, not twice
    }
    let split = usize::from(split).min(text.len());
    let mut members = gzip(&text[..split]);
    members.extend(gzip(&text[split..]));
    let plain = parse_bytes(text.to_vec(), Some(FormulaFormat::Dimacs));
    let zipped = parse_bytes(members, Some(FormulaFormat::Dimacs));
    match (plain, zipped) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (a, b) => panic!("plain {a:?} but gzip {b:?}"),
    }
}

/// And-Or text: a parsed formula writes and reads back as itself, and the
/// transformation chain takes it.
pub fn andor(data: &[u8]) {
    if let Ok(Input::AndOr(formula)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Andor)) {
        let written = andor::write(&formula, &[]).expect("a parsed formula is writable");
        assert_eq!(
            andor::parse(&written).expect("written And-Or reads back"),
            formula
        );
        Chain::from_andor(&formula).expect("a parsed formula enters the chain");
    }
}

/// A formula file of unknown format (detected from the content) never panics.
pub fn formula(data: &[u8]) {
    let _ = parse_bytes(data.to_vec(), None);
}

/// A board file in `format`: a parsed board that can be written in the format reads
/// back with the same size and pieces.
pub fn board(format: BoardFormat, data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(board) = format.parse(&text)
        && let Ok(written) = format.write(&board)
    {
        let again = format.parse(&written).expect("a written board reads back");
        assert!(
            again.same_pieces(&board),
            "{again:?} read back, {board:?} written"
        );
    }
}

/// Moves JSON: parsed moves write and read back as themselves.
pub fn moves(data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(moves) = json::parse_moves(&text) {
        let written = json::write_moves(&moves);
        assert_eq!(json::parse_moves(&written).expect("reads back"), moves);
    }
}

/// `check` on a board (text format) and a moves JSON document separated by a NUL
/// byte: a sequence the checker accepts leaves exactly one piece.
pub fn check(data: &[u8]) {
    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(board_text), Ok(moves_text)) = (
        utf8_text(data[..split].to_vec()),
        utf8_text(data[split + 1..].to_vec()),
    ) else {
        return;
    };
    let (Ok(board), Ok(moves)) = (
        BoardFormat::Text.parse(&board_text),
        json::parse_moves(&moves_text),
    ) else {
        return;
    };
    let extent = Extent::of(&board);
    if (moves.iter().enumerate()).any(|(index, &mv)| extent.admit(index, mv).is_err()) {
        return;
    }
    for variant in [Variant::Standard, Variant::KingLast] {
        let report = check_sequence(&board, &moves, variant);
        if report.is_solution() {
            assert_eq!(board.len(), moves.len() + 1);
        }
    }
}
