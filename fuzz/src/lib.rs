//! The properties every parser entry point keeps on arbitrary bytes, shared by the
//! cargo-fuzz targets (`fuzz_targets/`) and the stable smoke test
//! (`tests/parser_smoke.rs`, which includes this file): never a panic, and whatever
//! parses writes and reads back as itself.

use std::io::Write as _;

use flate2::Compression;
use flate2::write::GzEncoder;
use sat2chess::board::Square;
use sat2chess::check::{Extent, check_sequence};
use sat2chess::front::rbds::Rbds;
use sat2chess::front::{FormulaFormat, Input, andor, dimacs, parse_bytes};
use sat2chess::gadgets::parse_gadget;
use sat2chess::graphcap::graph::GraphCapture;
use sat2chess::graphcap::moves::{parse_moves, write_moves, write_text_moves};
use sat2chess::io::{BoardFormat, json, utf8_text};
use sat2chess::nqueens::board::{
    from_board, parse_blocked, parse_placement, queen, to_board, write_blocked, write_placement,
};
use sat2chess::nqueens::check::check_completion;
use sat2chess::reduction::rbds_rook;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

/// DIMACS text: a parsed CNF writes and reads back as itself.
pub fn dimacs(data: &[u8]) {
    if let Ok(Input::Cnf(cnf)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Dimacs)) {
        let written = dimacs::write(&cnf, &[]);
        assert_eq!(
            dimacs::parse(&written).expect("written DIMACS reads back"),
            cnf
        );
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory")
}

/// Gzip formula files: the raw bytes after the gzip magic never panic, and the text
/// (after its first byte, which says where) split into two gzip members reads exactly
/// as the plain text (every member is read, as `gzip -dc` does).
pub fn dimacs_gz(data: &[u8]) {
    let mut raw = vec![0x1f, 0x8b];
    raw.extend_from_slice(data);
    let _ = parse_bytes(raw, Some(FormulaFormat::Dimacs));
    let Some((&split, text)) = data.split_first() else {
        return;
    };
    if text.starts_with(&[0x1f, 0x8b]) {
        return; // gzip data itself: decompressed once, not twice
    }
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
}

/// And-Or text: a parsed formula writes and reads back as itself, and the
/// transformation chain takes it.
pub fn andor(data: &[u8]) {
    if let Ok(Input::AndOr(formula)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Andor)) {
        let written = andor::write(&formula, &[]).expect("a parsed formula is writable");
        assert_eq!(
            andor::parse(&written).expect("written And-Or reads back"),
            formula
        );
        Chain::from_andor(&formula).expect("a parsed formula enters the chain");
    }
}

/// Red-Blue Dominating Set text: a parsed instance writes and reads back as itself, and
/// a small one's Theorem 2 rook board builds with one rook per red, edge and blue (the
/// collectors) and max(k, 1) on the top row (cleaners and the target).
pub fn rbds(data: &[u8]) {
    if let Ok(Input::Rbds(instance)) = parse_bytes(data.to_vec(), Some(FormulaFormat::Rbds)) {
        let written = instance.to_text();
        assert_eq!(
            Rbds::parse(&written).expect("written RBDS reads back"),
            instance
        );
        let _ = instance.is_solution(&std::collections::BTreeSet::new());
        if u64::from(instance.reds) + u64::from(instance.blues) + u64::from(instance.k) <= 200 {
            let board = rbds_rook::board(&instance).expect("a small instance's board builds");
            let rooks = instance.reds as usize
                + instance.edges.len()
                + instance.blues as usize
                + instance.k.max(1) as usize;
            assert_eq!(board.len(), rooks);
        }
    }
}

/// A formula file of unknown format (detected from the content) never panics.
pub fn formula(data: &[u8]) {
    let _ = parse_bytes(data.to_vec(), None);
}

/// A board file in `format`: a parsed board that can be written in the format reads
/// back with the same size and pieces.
pub fn board(format: BoardFormat, data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(board) = format.parse(&text)
        && let Ok(written) = format.write(&board)
    {
        let again = format.parse(&written).expect("a written board reads back");
        assert!(
            again.same_pieces(&board),
            "{again:?} read back, {board:?} written"
        );
    }
}

/// Moves JSON: parsed moves write and read back as themselves.
pub fn moves(data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(moves) = json::parse_moves(&text) {
        let written = json::write_moves(&moves);
        assert_eq!(json::parse_moves(&written).expect("reads back"), moves);
    }
}

/// `check` on a board (text format) and a moves JSON document separated by a NUL
/// byte: a sequence the checker accepts leaves exactly one piece.
pub fn check(data: &[u8]) {
    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(board_text), Ok(moves_text)) = (
        utf8_text(data[..split].to_vec()),
        utf8_text(data[split + 1..].to_vec()),
    ) else {
        return;
    };
    let (Ok(board), Ok(moves)) = (
        BoardFormat::Text.parse(&board_text),
        json::parse_moves(&moves_text),
    ) else {
        return;
    };
    let extent = Extent::of(&board);
    if (moves.iter().enumerate()).any(|(index, &mv)| extent.admit(index, mv).is_err()) {
        return;
    }
    for variant in [Variant::Standard, Variant::KingLast] {
        let report = check_sequence(&board, &moves, variant);
        if report.is_solution() {
            assert_eq!(board.len(), moves.len() + 1);
        }
    }
}

/// Placement JSON (an n-Queens certificate `{"queens":[[row,col],…]}`): parsed squares
/// write and read back as themselves.
pub fn placement(data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(squares) = parse_placement(&text) {
        let written = write_placement(&squares);
        assert_eq!(parse_placement(&written).expect("reads back"), squares);
    }
}

/// An n-Queens board JSON: the Completion instance it holds writes as a board and reads
/// back as itself, and the `"blocked"` squares of a square board (a Blocked n-Queens
/// instance) write and read back as themselves on an empty board of the same side.
pub fn queens_board(data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    let Ok(board) = BoardFormat::Json.parse(&text) else {
        return;
    };
    if let Ok(instance) = from_board(&board) {
        let written = json::write_board(&to_board(&instance));
        let again = BoardFormat::Json
            .parse(&written)
            .expect("a written board reads back");
        assert_eq!(
            from_board(&again).expect("an instance reads back"),
            instance
        );
    }
    if board.rows() == board.cols()
        && let Ok(blocked) = parse_blocked(&text)
    {
        let written = write_blocked(board.rows(), &blocked);
        let empty = BoardFormat::Json
            .parse(&written)
            .expect("a blocked board reads back");
        assert!(empty.is_empty() && (empty.rows(), empty.cols()) == (board.rows(), board.cols()));
        assert_eq!(parse_blocked(&written).expect("reads back"), blocked);
    }
}

/// `queens check` on an n-Queens board JSON and a placement JSON separated by a NUL
/// byte: a completion the checker accepts is exactly `n` queens on the board, no two on
/// a row, column or diagonal (checked here pair by pair).
pub fn queens_check(data: &[u8]) {
    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(board_text), Ok(placement_text)) = (
        utf8_text(data[..split].to_vec()),
        utf8_text(data[split + 1..].to_vec()),
    ) else {
        return;
    };
    let (Ok(board), Ok(added)) = (
        BoardFormat::Json.parse(&board_text),
        parse_placement(&placement_text),
    ) else {
        return;
    };
    let Ok(instance) = from_board(&board) else {
        return;
    };
    let n = instance.n;
    let queens: Vec<_> = added.iter().map(|&s| queen(n, s)).collect();
    if check_completion(n, &instance.preplaced, &queens).is_ok() {
        let squares: Vec<Square> = (board.pieces().iter().map(|p| p.square))
            .chain(added)
            .collect();
        assert_eq!(squares.len() as i64, n);
        for (index, a) in squares.iter().enumerate() {
            assert!(a.row as i64 <= n && a.col as i64 <= n, "{a} outside");
            for b in &squares[..index] {
                let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
                assert!(dr != 0 && dc != 0 && dr != dc, "{a} and {b} attack");
            }
        }
    }
}

/// A gadget file of any piece (King, Knight, Rook; basic or composite): a parsed gadget
/// writes (its canonical file text) and reads back as itself, and its board builds.
pub fn gadget(data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(gadget) = parse_gadget("fuzz.txt", &text) {
        let written = gadget.to_string();
        assert_eq!(
            parse_gadget("written.txt", &written).expect("a written gadget reads back"),
            gadget
        );
        gadget
            .board()
            .expect("a parsed gadget's pieces lie on its board");
    }
}

/// Graph Capture files (`.gc`): a parsed graph writes and reads back as itself.
pub fn graph_capture(data: &[u8]) {
    let Ok(text) = utf8_text(data.to_vec()) else {
        return;
    };
    if let Ok(graph) = GraphCapture::parse(&text) {
        let written = graph.to_string();
        assert_eq!(GraphCapture::parse(&written).expect("reads back"), graph);
    }
}

/// A graph file and a Graph Capture moves file (JSON or text) separated by a NUL byte:
/// parsed moves write and read back as themselves in both formats, and a sequence the
/// checker accepts leaves one token.
pub fn graph_capture_moves(data: &[u8]) {
    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(graph_text), Ok(moves_text)) = (
        utf8_text(data[..split].to_vec()),
        utf8_text(data[split + 1..].to_vec()),
    ) else {
        return;
    };
    let Ok(graph) = GraphCapture::parse(&graph_text) else {
        return;
    };
    let Ok(captures) = parse_moves(&graph, &moves_text) else {
        return;
    };
    for written in [
        write_moves(&graph, &captures),
        write_text_moves(&graph, &captures),
    ] {
        assert_eq!(parse_moves(&graph, &written).expect("reads back"), captures);
    }
    if sat2chess::graphcap::check::check(&graph, &captures).is_ok() {
        assert_eq!(graph.token_count(), captures.len() + 1);
    }
}
