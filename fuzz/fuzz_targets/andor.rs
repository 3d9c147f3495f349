//! And-Or text: never a panic; a parsed formula writes and reads back as itself, and
//! the transformation chain takes it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sat2chess::front::{FormulaFormat, Input, andor, parse_bytes};
use sat2chess::transform::Chain;

fuzz_target!(|data: &[u8]| {
    if let Ok(Input::AndOr(formula)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Andor)) {
        let written = andor::write(&formula, &[]).expect("a parsed formula is writable");
        assert_eq!(andor::parse(&written).expect("written And-Or reads back"), formula);
        Chain::from_andor(&formula).expect("a parsed formula enters the chain");
    }
});
