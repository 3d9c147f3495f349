//! Gzip formula files: the raw bytes never panic, and the text split into two gzip
//! members reads exactly as the plain text (every member is read, as `gzip -dc` does).
#![no_main]

use std::io::Write as _;

use flate2::Compression;
use flate2::write::GzEncoder;
use libfuzzer_sys::fuzz_target;
use sat2chess::front::{FormulaFormat, parse_bytes};

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory")
}

fuzz_target!(|data: &[u8]| {
    let mut raw = vec![0x1f, 0x8b];
    raw.extend_from_slice(data);
    let _ = parse_bytes(raw, Some(FormulaFormat::Dimacs));
    let Some((&split, text)) = data.split_first() else {
        return;
    };
    let split = usize::from(split).min(text.len());
    let mut members = gzip(&text[..split]);
    members.extend(gzip(&text[split..]));
    let plain = parse_bytes(text.to_vec(), Some(FormulaFormat::Dimacs));
    let zipped = parse_bytes(members, Some(FormulaFormat::Dimacs));
    match (plain, zipped) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (a, b) => panic!("plain {a:?} but gzip {b:?}"),
    }
});
