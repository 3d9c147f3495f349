//! Snapshots of the Rook backend (issue 11, §3): every gadget of the library as parsed
//! (thesis ch. 7). The whole boards of the test formulas (size, gadget counts, a
//! fingerprint of the JSON board; certificates checked and decoded, thesis Theorem 7.16)
//! are snapshotted with every other target's in `whole_boards.rs`.

use sat2chess::gadgets::rook_library;

/// Every gadget file of the library, as parsed (layout, ports, table, empty rays).
#[test]
fn gadget_layout_snapshots() {
    let library = rook_library().expect("rook library parses");
    assert!(!library.is_empty());
    for gadget in library {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("rook_gadget_{}", gadget.name), gadget.to_string());
        });
    }
}
