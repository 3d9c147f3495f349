//! Moves JSON: never a panic; parsed moves write and read back as themselves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2chess::io::{json, utf8_text};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(moves) = json::parse_moves(&text) {
        assert_eq!(json::parse_moves(&json::write_moves(&moves)).expect("reads back"), moves);
    }
});
