//! Stable-Rust smoke test of every parser entry point on arbitrary and mutated bytes:
//! DIMACS (plain and gzip), And-Or, Red-Blue Dominating Set, formulas of unknown
//! format, board JSON/text/FEN,
//! moves JSON, `check` on a board plus moves, n-Queens placement JSON and boards,
//! `queens check` on a board plus a placement, Graph Capture files and moves, and gadget files (King, Knight, Rook;
//! basic and composite). The properties are the cargo-fuzz
//! targets' own (`fuzz/src/lib.rs`); here proptest drives them, a few thousand inputs
//! per entry point, in a few seconds.

#[path = "../fuzz/src/lib.rs"]
pub(crate) mod properties;

use proptest::prelude::*;
use sat2chess::io::BoardFormat;

/// Valid inputs the mutations start from.
const DIMACS: &[&str] = &[
    "p cnf 3 2\n1 -2 0\n2 3 -1 0\n",
    "c comment\np cnf 2 3\n1 0\n-1 2\n0 -2 0\n%\n0\n",
    "p cnf 1 0\n",
];
const ANDOR: &[&str] = &[
    "(x & ~y) | z\n~x | ~z | y\n",
    "# comment\n1 | ~1\n",
    "a | b\n~a | ~b # c\n",
];
const RBDS: &[&str] = &[
    "c example\np rbds 3 2 1\ne 1 1\ne 2 1\n\ne 2 2\n",
    "p rbds 2 1 2\ne 1 1\ncolour 1 1\ncolour 2 2\n",
    "p rbds 4 3 0\ne 4 3\n",
];
const BOARD_JSON: &[&str] = &[
    r#"{"format":"sat2chess-board","version":1,"rows":3,"cols":3,"pieces":[{"kind":"K","row":1,"col":1,"budget":2},{"kind":"Q","row":3,"col":3,"budget":1,"label":"wire flow=E"}]}"#,
];
const BOARD_TEXT: &[&str] = &[
    "sat2chess-board v1 3 4\nK 1 1 2\nR 1 4 1 wire#1 flow=E\nN 3 2 0\n",
    "# c\nsat2chess-board v1 1 2\nP 1 1 1\nB 1 2 2\n",
];
const FEN: &[&str] = &["N1RN1R2/5N2/4K3/4R3/6N1/6Q1/8/8 w - - 0 1", "2k/3/K1p"];
const MOVES: &[&str] = &[r#"{"moves":[{"from":[1,3],"to":[1,1]},{"from":[1,1],"to":[1,4]}]}"#];
const CHECK: &[&str] = &[
    "sat2chess-board v1 2 3\nK 1 1 2\nK 1 2 2\nR 2 3 1\n\0{\"moves\":[{\"from\":[1,1],\"to\":[1,2]},{\"from\":[2,3],\"to\":[1,3]}]}",
    "sat2chess-board v1 3 3\nQ 1 1 2\nN 3 2 2\nB 2 2 1\n\0{\"moves\":[{\"from\":[1,1],\"to\":[2,2]},{\"from\":[3,2],\"to\":[1,1]}]}",
];

const GRAPH_CAPTURE: &[&str] = &[
    "# c\ngraph-capture undirected 2\nvertex a token\nvertex b\nedge a b # e\n",
    "# provenance: construction=dag sha256=00 source=f.cnf\ngraph-capture directed 1\nvertex c1 token\nvertex v1T token\nedge c1 v1T\n",
];
const GRAPH_CAPTURE_MOVES: &[&str] = &[
    "graph-capture directed 1\nvertex a token\nvertex b token\nvertex c token\nedge a b\nedge c b\n\0c x b\na x b\n",
    "graph-capture undirected 2\nvertex a token\nvertex b token\nedge a b\n\0{\"captures\":[[\"b\",\"a\"]]}",
    "graph-capture undirected 2\nvertex x token\nvertex {x token\nedge x {x\n\0{\"captures\":[[\"{x\",\"x\"]]}",
];

const PLACEMENT: &[&str] = &[
    r#"{"queens":[[1,2],[3,4],[4000000000,1]]}"#,
    r#"{"queens":[]}"#,
];
const QUEENS_BOARD: &[&str] = &[
    r#"{"format":"sat2chess-board","version":1,"rows":4,"cols":4,"pieces":[{"kind":"Q","row":1,"col":2,"budget":0},{"kind":"Q","row":3,"col":1,"budget":0}]}"#,
    r#"{"format":"sat2chess-board","version":1,"rows":5,"cols":5,"pieces":[],"blocked":[[2,1],[5,5]]}"#,
];
const QUEENS_CHECK: &[&str] = &[
    "{\"rows\":4,\"cols\":4,\"pieces\":[{\"kind\":\"Q\",\"row\":1,\"col\":2,\"budget\":0}]}\0{\"queens\":[[2,4],[3,1],[4,3]]}",
    "{\"rows\":5,\"cols\":5,\"pieces\":[]}\0{\"queens\":[[1,1],[2,3],[3,5],[4,2],[5,4]]}",
];
/// Gadget files: a compact file of each piece and of a composite, and library files
/// (King basic and composite, Knight basic and composite, Rook).
const GADGET: &[&str] = &[
    "gadget: w\nimplements: x\nlayout: y\ninput a: E\noutput X: E\nexpect: a -> X\n  0 -> 0\n  2 -> 1 | -1\nboard:\na2X\na2X\n",
    "gadget: w\nimplements: x\nlayout: y\npiece: knight\ngraph: standard-wire\ninput a: E outer 1 1\noutput X: E outer 1 5 inner 1\nexpect: a -> X\n  10 -> 10 | 01\nboard:\na...X\n..2..\na...X\n..2..\n",
    "gadget: r\nimplements: x\nlayout: y\npiece: rook\ninput a: E\noutput X: E\nempty: 1 2 N S\nexpect: a -> X\n  0 -> 0\n  1 -> 1\nboard:\n.2.\na.X\n",
    "gadget: c\nimplements: x\nlayout: y\npart V: variable flip-rows+transpose at 1 1\ninput a: E\nexpect: a ->\n  1 -> solvable\nboard:\na2.\na21\n",
    include_str!("../gadgets/king/and.txt"),
    include_str!("../gadgets/king/double_assignment.txt"),
    include_str!("../gadgets/knight/increment_dark.txt"),
    include_str!("../gadgets/knight/crossing_thin.txt"),
    include_str!("../gadgets/rook/triangle.txt"),
];

/// Bytes the mutations insert: the formats' own punctuation, digits and a few bytes
/// that are not UTF-8.
const ALPHABET: &[u8] = b"0123456789-~|&()#%cpnf \n\t{}[]\":,.KQRBNPkqrbnpv/w>aAXNESW\xff\xc3\x80";

/// A seed with up to 8 edits: replace, insert or delete a byte at a position.
fn mutated(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    let edits = proptest::collection::vec((0u8..3, any::<u16>(), any::<u8>()), 0..8);
    (0..seeds.len(), edits).prop_map(move |(seed, edits)| {
        let mut bytes = seeds[seed].as_bytes().to_vec();
        for (kind, at, value) in edits {
            let insert = if value % 2 == 0 {
                ALPHABET[usize::from(value) % ALPHABET.len()]
            } else {
                value
            };
            let at = usize::from(at) % (bytes.len() + 1);
            match kind {
                0 if at < bytes.len() => bytes[at] = insert,
                1 => bytes.insert(at, insert),
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.push(insert),
            }
        }
        bytes
    })
}

/// Mutated seeds or plain arbitrary bytes.
fn inputs(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => mutated(seeds),
        1 => proptest::collection::vec(any::<u8>(), 0..120),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 10_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn dimacs(data in inputs(DIMACS)) {
        properties::dimacs(&data);
    }

    #[test]
    fn dimacs_gz(data in inputs(DIMACS)) {
        properties::dimacs_gz(&data);
    }

    #[test]
    fn andor(data in inputs(ANDOR)) {
        properties::andor(&data);
    }

    #[test]
    fn rbds(data in inputs(RBDS)) {
        properties::rbds(&data);
    }

    #[test]
    fn formula_of_unknown_format(data in prop_oneof![inputs(DIMACS), inputs(ANDOR), inputs(RBDS)]) {
        properties::formula(&data);
    }

    #[test]
    fn board_json(data in inputs(BOARD_JSON)) {
        properties::board(BoardFormat::Json, &data);
    }

    #[test]
    fn board_text(data in inputs(BOARD_TEXT)) {
        properties::board(BoardFormat::Text, &data);
    }

    #[test]
    fn board_fen(data in inputs(FEN)) {
        properties::board(BoardFormat::Fen, &data);
    }

    #[test]
    fn moves_json(data in inputs(MOVES)) {
        properties::moves(&data);
    }

    #[test]
    fn check_on_arbitrary_boards_and_moves(data in inputs(CHECK)) {
        properties::check(&data);
    }

    #[test]
    fn graph_capture(data in inputs(GRAPH_CAPTURE)) {
        properties::graph_capture(&data);
    }

    #[test]
    fn graph_capture_moves(data in inputs(GRAPH_CAPTURE_MOVES)) {
        properties::graph_capture_moves(&data);
    }

    #[test]
    fn placement(data in inputs(PLACEMENT)) {
        properties::placement(&data);
    }

    #[test]
    fn queens_board(data in inputs(QUEENS_BOARD)) {
        properties::queens_board(&data);
    }

    #[test]
    fn queens_check_on_arbitrary_boards_and_placements(data in inputs(QUEENS_CHECK)) {
        properties::queens_check(&data);
    }

    #[test]
    fn gadget(data in inputs(GADGET)) {
        properties::gadget(&data);
    }
}
