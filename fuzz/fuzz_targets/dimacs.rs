//! DIMACS text: never a panic; a parsed CNF writes and reads back as itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2chess::front::{FormulaFormat, Input, dimacs, parse_bytes};

fuzz_target!(|data: &[u8]| {
    if let Ok(Input::Cnf(cnf)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Dimacs)) {
        let written = dimacs::write(&cnf, &[]);
        assert_eq!(dimacs::parse(&written).expect("written DIMACS reads back"), cnf);
    }
});
