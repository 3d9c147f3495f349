//! Graph Capture moves against a graph: the property of the same name in `src/lib.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sat2chess_fuzz::graph_capture_moves(data));
