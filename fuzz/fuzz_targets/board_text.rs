//! Board text: never a panic; a parsed board writes and reads back as itself (FEN: when it
//! can be written).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2chess::io::{BoardFormat, utf8_text};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(board) = BoardFormat::Text.parse(&text)
        && let Ok(written) = BoardFormat::Text.write(&board)
    {
        let again = BoardFormat::Text.parse(&written).expect("a written board reads back");
        assert_eq!(again.rows(), board.rows());
        assert_eq!(again.cols(), board.cols());
        let squares = |b: &sat2chess::board::Board| {
            let mut v: Vec<_> = b.pieces().iter().map(|p| (p.square, p.kind, p.budget)).collect();
            v.sort_unstable();
            v
        };
        assert_eq!(squares(&again), squares(&board));
    }
});
