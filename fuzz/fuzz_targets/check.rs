//! `check` on an arbitrary board and moves: the input is a board (text format) and a
//! moves JSON document separated by a NUL byte. Never a panic, and a sequence the
//! checker accepts leaves exactly one piece.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2chess::check::{check_sequence, moves_within};
use sat2chess::io::{BoardFormat, json, utf8_text};
use sat2chess::rules::Variant;

fuzz_target!(|data: &[u8]| {
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
    if moves_within(&board, &moves).is_err() {
        return;
    }
    for variant in [Variant::Standard, Variant::KingLast] {
        let report = check_sequence(&board, &moves, variant);
        if report.is_solution() {
            assert_eq!(board.len(), moves.len() + 1);
        }
    }
});
