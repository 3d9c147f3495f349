//! Red-Blue Dominating Set text: the property of the same name in `src/lib.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sat2chess_fuzz::rbds(data));
