//! Board JSON: the property of the same name in `src/lib.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2chess::io::BoardFormat;

fuzz_target!(|data: &[u8]| sat2chess_fuzz::board(BoardFormat::Json, data));
