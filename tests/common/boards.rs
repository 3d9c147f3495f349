//! Board helpers shared by the backends' compile tests.

use sat2chess::board::Board;

/// A compact, stable fingerprint of a board (FNV-1a 64 of its JSON text).
pub fn fingerprint(board: &Board) -> String {
    let hash = sat2chess::io::json::write_board(board)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    format!("{hash:016x}")
}
