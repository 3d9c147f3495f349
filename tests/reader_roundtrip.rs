//! Reader round trips (issue 28): for every format the project both writes and reads —
//! board JSON, board text, FEN, moves JSON, n-Queens placement JSON and Blocked boards,
//! DIMACS, And-Or, gadget files — a generated valid value written and read back is
//! itself. Arbitrary text shaped like each format (its own lines and words, with near
//! misses) goes through the shared
//! parser properties (`fuzz/src/lib.rs`, via [`crate::parser_smoke`]): what parses
//! writes and reads back as itself.

use proptest::prelude::*;
use proptest::sample::select;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::formula::{AndOrClause, AndOrFormula, Cnf, Lit, Var};
use sat2chess::front::{andor, dimacs};
use sat2chess::gadgets::{
    Gadget, KING_GADGET_FILES, KNIGHT_GADGET_FILES, ROOK_GADGET_FILES, Symmetry, parse_gadget,
};
use sat2chess::io::{BoardFormat, json};
use sat2chess::nqueens::board::{parse_blocked, parse_placement, write_blocked, write_placement};
use sat2chess::rules::Move;

use crate::parser_smoke::properties;

const KINDS: [PieceKind; 6] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// A side: mostly small, sometimes up to the largest coordinate.
fn side(small: u32) -> impl Strategy<Value = u32> {
    prop_oneof![4 => 1..=small, 1 => 1..=u32::MAX]
}

/// A board of `rows × cols` from `sides`, up to 12 pieces on distinct squares, each with
/// a budget from `budget` and a label from `label`.
fn board(
    sides: impl Strategy<Value = (u32, u32)>,
    budget: impl Strategy<Value = u32> + Clone + 'static,
    label: impl Strategy<Value = Option<String>> + Clone + 'static,
) -> impl Strategy<Value = Board> {
    sides.prop_flat_map(move |(rows, cols)| {
        let piece = (
            select(&KINDS[..]),
            1..=rows,
            1..=cols,
            budget.clone(),
            label.clone(),
        );
        proptest::collection::vec(piece, 0..12).prop_map(move |pieces| {
            let mut seen = std::collections::HashSet::new();
            let pieces = pieces
                .into_iter()
                .filter(|&(_, row, col, _, _)| seen.insert((row, col)))
                .map(|(kind, row, col, budget, label)| Piece {
                    label,
                    ..Piece::new(kind, Square::new(row, col), budget)
                })
                .collect();
            Board::new(rows, cols, pieces).expect("distinct squares on the board")
        })
    })
}

/// A square with 1-based coordinates, small or anywhere up to the largest.
fn square() -> impl Strategy<Value = Square> {
    (side(9), side(9)).prop_map(|(row, col)| Square::new(row, col))
}

/// A CNF over up to 40 variables (empty clauses and repeated literals included).
fn cnf() -> impl Strategy<Value = Cnf> {
    (1u32..40).prop_flat_map(|num_vars| {
        let lit =
            (0..num_vars, any::<bool>()).prop_map(|(var, positive)| Lit::new(Var(var), positive));
        let clause = proptest::collection::vec(lit, 0..6);
        proptest::collection::vec(clause, 0..20)
            .prop_map(move |clauses| Cnf::new(num_vars, clauses))
    })
}

/// An And-Or-(1,1) formula: each of the `2k` literals once, in clauses of 1–3 literals
/// (`Or`) or three (`(a & b) | c`), variables numbered (and named) in order of first
/// occurrence as the reader numbers them.
fn andor_formula() -> impl Strategy<Value = AndOrFormula> {
    let name = prop_oneof!["[a-zA-Z_][a-zA-Z0-9_]{0,6}", "[1-9][0-9]{0,5}"];
    proptest::collection::hash_set(name, 1..10).prop_flat_map(|names| {
        let names: Vec<String> = names.into_iter().collect();
        let literals: Vec<Lit> = (0..names.len() as u32)
            .flat_map(|v| [Lit::pos(v), Lit::neg(v)])
            .collect();
        let shapes = proptest::collection::vec(0u8..4, literals.len());
        (Just(literals).prop_shuffle(), shapes).prop_map(move |(literals, shapes)| {
            let mut clauses = Vec::new();
            let mut rest = &literals[..];
            for shape in shapes {
                if rest.is_empty() {
                    break;
                }
                let take = if shape == 3 {
                    3
                } else {
                    usize::from(shape) + 1
                }
                .min(rest.len());
                let (head, tail) = rest.split_at(take);
                rest = tail;
                clauses.push(match head {
                    &[a, b, c] if shape == 3 => AndOrClause::AndOr { and: [a, b], or: c },
                    _ => AndOrClause::Or(head.to_vec()),
                });
            }
            renumbered(&names, clauses)
        })
    })
}

/// The formula with its variables numbered in order of first occurrence.
fn renumbered(names: &[String], clauses: Vec<AndOrClause>) -> AndOrFormula {
    let mut order: Vec<Var> = Vec::new();
    for clause in &clauses {
        for lit in clause.literals() {
            if !order.contains(&lit.var) {
                order.push(lit.var);
            }
        }
    }
    let new = |lit: Lit| {
        let index = order.iter().position(|&v| v == lit.var).expect("seen");
        Lit::new(Var(index as u32), lit.positive)
    };
    let clauses = clauses
        .into_iter()
        .map(|clause| match clause {
            AndOrClause::Or(lits) => AndOrClause::Or(lits.into_iter().map(new).collect()),
            AndOrClause::AndOr { and, or } => AndOrClause::AndOr {
                and: and.map(new),
                or: new(or),
            },
        })
        .collect();
    let names = order.iter().map(|v| names[v.index()].clone()).collect();
    AndOrFormula { names, clauses }
}

/// Every library gadget file, parsed.
fn library() -> Vec<Gadget> {
    (KING_GADGET_FILES.iter())
        .chain(KNIGHT_GADGET_FILES)
        .chain(ROOK_GADGET_FILES)
        .map(|(name, text)| parse_gadget(name, text).expect("a library file parses"))
        .collect()
}

/// Text for a `key: value` field: no line break, no white space at either end.
const FIELD: &str = "[^\\s:]([^\\r\\n]{0,12}[^\\s])?";

/// One of `words`, as a string strategy.
fn pick(words: &'static [&'static str]) -> BoxedStrategy<String> {
    select(words).prop_map(str::to_owned).boxed()
}

/// The parts, one after the other.
fn concat(parts: Vec<BoxedStrategy<String>>) -> BoxedStrategy<String> {
    parts.prop_map(|parts| parts.concat()).boxed()
}

/// `count` items separated by `separator`.
fn joined(
    item: BoxedStrategy<String>,
    count: std::ops::Range<usize>,
    separator: &'static [&'static str],
) -> BoxedStrategy<String> {
    proptest::collection::vec((item, pick(separator)), count)
        .prop_map(|items| {
            let mut text = String::new();
            for (index, (item, separator)) in items.into_iter().enumerate() {
                if index > 0 {
                    text.push_str(&separator);
                }
                text.push_str(&item);
            }
            text
        })
        .boxed()
}

/// One of `valid`, or (for a noisy document, one time in four) one of `misses`.
fn word(
    noisy: bool,
    valid: &'static [&'static str],
    misses: &'static [&'static str],
) -> BoxedStrategy<String> {
    if noisy && !misses.is_empty() {
        prop_oneof![3 => pick(valid), 1 => pick(misses)].boxed()
    } else {
        pick(valid)
    }
}

/// A document shaped by `shape`: three clean (only the format's own words) for one
/// noisy (near misses mixed in).
fn shaped(shape: fn(bool) -> BoxedStrategy<String>) -> BoxedStrategy<String> {
    prop_oneof![3 => shape(false), 1 => shape(true)].boxed()
}

const LINE_BREAKS: &[&str] = &["\n", "\n", "\r\n"];

/// Board text: a header, piece lines, comments and blank lines.
fn board_text_like(noisy: bool) -> BoxedStrategy<String> {
    let ws = || word(noisy, &[" ", " ", "\t", "  "], &[""]);
    let num = |valid| word(noisy, valid, &["0", "4294967296", "-1", "+2", "1.0"]);
    let header = concat(vec![
        word(
            noisy,
            &["sat2chess-board"],
            &["sat2chess-boards", "Sat2chess-board"],
        ),
        ws(),
        word(noisy, &["v1"], &["v2", "1"]),
        ws(),
        num(&["3", "4", "4294967295"]),
        ws(),
        num(&["3", "5", "4294967295"]),
        word(noisy, &[""], &[" x"]),
    ]);
    let piece = concat(vec![
        word(noisy, &["K", "Q", "R", "B", "N", "P"], &["k", "X"]),
        ws(),
        num(&["1", "2", "3"]),
        ws(),
        num(&["1", "2", "3"]),
        ws(),
        num(&["0", "1", "2", "4294967295"]),
        word(
            noisy,
            &["", "", " wire#1 flow=E", " a  b", " \u{e9}#"],
            &[" ", "\t"],
        ),
    ]);
    let other = pick(&["# c", "", "   ", "\t# x"]);
    let rest = joined(
        prop_oneof![4 => piece, 1 => other].boxed(),
        0..5,
        LINE_BREAKS,
    );
    concat(vec![header, pick(LINE_BREAKS), rest, pick(&["", "\n"])])
}

/// FEN: ranks of piece letters and digits, then the rest of a FEN line.
fn fen_like(noisy: bool) -> BoxedStrategy<String> {
    let rank = word(
        noisy,
        &["8", "KQRBNP", "k1r3", "3N4", "P", "2", "1q1"],
        &["9", "0", "x", "KQRBNPKQR"],
    );
    concat(vec![
        joined(rank, 1..9, &["/"]),
        word(noisy, &["", " w - - 0 1"], &[" b", "  ", "//"]),
    ])
}

/// A JSON number from `valid`, or a value that is not one.
fn json_number(noisy: bool, valid: &'static [&'static str]) -> BoxedStrategy<String> {
    word(
        noisy,
        valid,
        &["0", "4294967296", "-1", "1.5", "1e0", "null", "\"2\""],
    )
}

/// A JSON square `[row,col]`.
fn json_square(noisy: bool) -> BoxedStrategy<String> {
    let num = || json_number(noisy, &["1", "2", "3", "8", "4294967295"]);
    let square = concat(vec![pick(&["["]), num(), pick(&[","]), num(), pick(&["]"])]);
    if noisy {
        prop_oneof![4 => square, 1 => pick(&["[1]", "[]", "null", "[1,2,3]"])].boxed()
    } else {
        square
    }
}

/// A board JSON document: header keys, pieces, extra keys.
fn board_json_like(noisy: bool) -> BoxedStrategy<String> {
    let coordinate = || json_number(noisy, &["1", "2", "3"]);
    let piece = concat(vec![
        pick(&["{\"kind\":"]),
        word(
            noisy,
            &["\"K\"", "\"Q\"", "\"q\"", "\"n\""],
            &["\"X\"", "1"],
        ),
        pick(&[",\"row\":"]),
        coordinate(),
        pick(&[",\"col\":"]),
        coordinate(),
        word(noisy, &[",\"budget\":"], &[",\"bud\":"]),
        json_number(noisy, &["0", "1", "2", "4294967295"]),
        word(
            noisy,
            &[
                "",
                "",
                ",\"label\":\"w\"",
                ",\"label\":\"\\u00e9\\n \"",
                ",\"x\":[1]",
            ],
            &[",\"label\":null", ",\"label\":1"],
        ),
        pick(&["}"]),
    ]);
    concat(vec![
        pick(&["{\"rows\":"]),
        json_number(noisy, &["3", "4", "4294967295"]),
        pick(&[",\"cols\":"]),
        json_number(noisy, &["3", "4", "4294967295"]),
        pick(&[",\"pieces\":["]),
        joined(piece, 0..4, &[",", ", "]),
        pick(&["]"]),
        word(
            noisy,
            &[
                "",
                ",\"format\":\"sat2chess-board\"",
                ",\"version\":1",
                ",\"provenance\":{\"a\":[1]}",
                ",\"blocked\":[[1,1],[2,3]]",
            ],
            &[",\"version\":2", ",\"rows\":2", ",\"blocked\":[[0,1]]"],
        ),
        word(noisy, &["}"], &["", "}}"]),
    ])
}

/// A moves JSON document.
fn moves_json_like(noisy: bool) -> BoxedStrategy<String> {
    let mv = concat(vec![
        pick(&["{\"from\":"]),
        json_square(noisy),
        word(noisy, &[",\"to\":"], &[",\"too\":"]),
        json_square(noisy),
        word(noisy, &["}", ",\"x\":0}"], &[""]),
    ]);
    concat(vec![
        word(noisy, &["{\"moves\":["], &["["]),
        joined(mv, 0..5, &[",", ",\n  "]),
        word(noisy, &["]}"], &["]", "]}x"]),
    ])
}

/// A placement JSON document.
fn placement_json_like(noisy: bool) -> BoxedStrategy<String> {
    concat(vec![
        word(noisy, &["{\"queens\":["], &["{\"queen\":["]),
        joined(json_square(noisy), 0..6, &[",", ",\n  "]),
        word(noisy, &["]}", "],\"x\":1}"], &["]"]),
    ])
}

/// DIMACS: a problem line, clause lines, comments.
fn dimacs_like(noisy: bool) -> BoxedStrategy<String> {
    let header = concat(vec![
        word(
            noisy,
            &["p cnf ", "p  cnf ", "c x\np cnf "],
            &["p cnf", "p dnf "],
        ),
        word(noisy, &["4"], &["2", "0", "-1", "2147483648"]),
        pick(&[" "]),
        word(noisy, &["0", "1", "2", "3", "4"], &["-1"]),
    ]);
    let lit = word(
        noisy,
        &["1", "-1", "2", "-2", "3", "-3", "4", "-4"],
        &["0", "-0", "5", "1-"],
    );
    let clause = concat(vec![
        joined(lit, 0..5, &[" ", "  ", "\n"]),
        word(noisy, &[" 0"], &["", " 0 %"]),
    ]);
    let line = prop_oneof![6 => clause, 1 => pick(&["c comment", "", "%\n0"])].boxed();
    concat(vec![
        header,
        pick(LINE_BREAKS),
        joined(line, 0..5, LINE_BREAKS),
    ])
}

/// And-Or: `l | l | l` and `(l & l) | l` clauses, comments.
fn andor_like(noisy: bool) -> BoxedStrategy<String> {
    let lit = || {
        word(
            noisy,
            &["x", "~x", "y", "~y", "z", "~z", "c", "~c", "1", "~1"],
            &["~~x", "0", "x-1"],
        )
    };
    let or = joined(lit(), 1..4, &[" | ", "|"]);
    let and_or = concat(vec![
        pick(&["("]),
        lit(),
        pick(&[" & "]),
        lit(),
        word(noisy, &[") | "], &[") & ", " | "]),
        lit(),
    ]);
    let line = prop_oneof![4 => or, 2 => and_or, 1 => pick(&["# c", "", "x | y # c"])].boxed();
    joined(line, 1..8, LINE_BREAKS)
}

/// A gadget file: a King, Knight, Rook or composite skeleton whose fields, flows, table
/// rows and budgets vary.
fn gadget_like(noisy: bool) -> BoxedStrategy<String> {
    let header = concat(vec![
        word(
            noisy,
            &["gadget: ", "# c\ngadget: "],
            &["gadget:", "gadgets: "],
        ),
        FIELD.boxed(),
        pick(&["\nimplements: "]),
        FIELD.boxed(),
        pick(&["\nlayout: "]),
        FIELD.boxed(),
        pick(&["\n"]),
    ]);
    let flow = || word(noisy, &["E", "W"], &["N", "Q"]);
    let out = |valid| word(noisy, valid, &["5", "1 1", "01"]);
    // One row per input value, some left out (an input listed twice is an error).
    let rows = |values: &'static [&'static str], outputs| {
        let row = move |value: &'static str| {
            proptest::option::of(concat(vec![
                pick(&["  "]),
                Just(value.to_owned()).boxed(),
                pick(&[" -> "]),
                out(outputs),
                pick(&["\n"]),
            ]))
        };
        values
            .iter()
            .map(|&value| row(value))
            .collect::<Vec<_>>()
            .prop_map(|rows| rows.into_iter().flatten().collect::<String>())
            .boxed()
    };
    let budget = || word(noisy, &["0", "1", "2"], &["3", "a"]);
    let king = concat(vec![
        word(noisy, &["", "piece: king\n"], &["piece: queen\n"]),
        pick(&["input a: "]),
        flow(),
        pick(&["\noutput X: "]),
        flow(),
        word(noisy, &["\nexpect: a -> X\n"], &["\nexpect: a b -> X\n"]),
        rows(&["0", "1", "2"], &["0", "1", "2", "-1", "1 | 0"]),
        pick(&["board:\na"]),
        budget(),
        pick(&["X\na"]),
        budget(),
        pick(&["X\n"]),
    ]);
    let knight = concat(vec![
        pick(&["piece: knight\n"]),
        word(
            noisy,
            &["", "graph: standard-wire\n", "graph: crossing\n"],
            &["graph: x\n"],
        ),
        pick(&["input a: E outer 1 1\noutput X: E outer "]),
        word(
            noisy,
            &["1 5", "3 5", "1 5 inner 0", "3 5 inner 1"],
            &["2 5", "1 5 inner 3"],
        ),
        pick(&["\nexpect: a -> X\n"]),
        rows(&["10", "00", "01"], &["10", "01", "10 | 01", "-1", "00"]),
        pick(&["board:\na...X\n.."]),
        budget(),
        pick(&["..\na...X\n"]),
    ]);
    let rook = concat(vec![
        pick(&["piece: rook\ninput a: "]),
        flow(),
        pick(&["\noutput X: E\n"]),
        word(
            noisy,
            &["", "empty: 1 2 N S\n"],
            &["empty: 9 9 N\n", "empty: 1 1\n"],
        ),
        pick(&["expect: a -> X\n"]),
        rows(&["0", "1"], &["0", "1"]),
        pick(&["board:\n.2.\na.X\n"]),
    ]);
    let composite = concat(vec![
        pick(&["part V: "]),
        word(noisy, &["variable ", "and "], &[""]),
        word(
            noisy,
            &["identity", "transpose", "flip-rows+flip-cols"],
            &["spin"],
        ),
        word(
            noisy,
            &[" at 1 1\n", " at 2 3\n"],
            &[" at 0 1\n", " at 1\n"],
        ),
        pick(&["input a: E\nexpect: a ->\n"]),
        rows(&["0", "1", "2"], &["solvable", "unsolvable"]),
        pick(&["board:\na"]),
        budget(),
        pick(&["\na"]),
        budget(),
        pick(&["\n"]),
    ]);
    concat(vec![
        header,
        prop_oneof![king, knight, rook, composite].boxed(),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn board_json_round_trips(board in board(
        (side(12), side(12)),
        any::<u32>(),
        proptest::option::of(any::<String>()),
    )) {
        let written = json::write_board(&board);
        prop_assert_eq!(BoardFormat::Json.parse(&written).unwrap(), board);
    }

    #[test]
    fn board_text_round_trips(board in board(
        (side(12), side(12)),
        any::<u32>(),
        // Labels the text format holds: no white space but inner spaces and tabs.
        proptest::option::of("[^\\s](([^\\s]|[ \\t]){0,10}[^\\s])?"),
    )) {
        let written = BoardFormat::Text.write(&board).unwrap();
        prop_assert_eq!(BoardFormat::Text.parse(&written).unwrap(), board);
    }

    #[test]
    fn fen_round_trips(board in board((1u32..=8, 1u32..=8), Just(2), Just(None))) {
        let written = BoardFormat::Fen.write(&board).unwrap();
        let again = BoardFormat::Fen.parse(&written).unwrap();
        prop_assert!(again.same_pieces(&board), "{:?} read back from {:?}", again, written);
    }

    #[test]
    fn moves_json_round_trips(moves in proptest::collection::vec(
        (square(), square()).prop_map(|(from, to)| Move::new(from, to)),
        0..20,
    )) {
        prop_assert_eq!(json::parse_moves(&json::write_moves(&moves)).unwrap(), moves);
    }

    #[test]
    fn placement_json_round_trips(squares in proptest::collection::vec(square(), 0..20)) {
        prop_assert_eq!(parse_placement(&write_placement(&squares)).unwrap(), squares);
    }

    #[test]
    fn blocked_board_round_trips(
        n in side(20),
        blocked in proptest::collection::vec(square(), 0..20),
    ) {
        let written = write_blocked(n, &blocked);
        let board = BoardFormat::Json.parse(&written).unwrap();
        prop_assert_eq!((board.rows(), board.cols(), board.len()), (n, n, 0));
        prop_assert_eq!(parse_blocked(&written).unwrap(), blocked);
    }

    #[test]
    fn dimacs_round_trips(cnf in cnf()) {
        prop_assert_eq!(dimacs::parse(&dimacs::write(&cnf, &[])).unwrap(), cnf);
    }

    #[test]
    fn andor_round_trips(formula in andor_formula()) {
        let written = andor::write(&formula, &[]).unwrap();
        prop_assert_eq!(andor::parse(&written).unwrap(), formula);
    }

    #[test]
    fn gadget_files_round_trip(
        gadget in select(library()),
        symmetry in select(Symmetry::all().collect::<Vec<_>>()),
        fields in (FIELD, FIELD, FIELD),
    ) {
        let mut gadget = gadget.transformed(symmetry);
        (gadget.name, gadget.implements, gadget.layout) = fields;
        let written = gadget.to_string();
        let read = parse_gadget("written.txt", &written);
        // A Knight file's ports are dark squares (its (1,1) is dark): an orientation that
        // moves them onto light squares is not a Knight file, and the reader says so.
        let dark = |s: &Square| (s.row + s.col) % 2 == 0;
        if gadget.piece == PieceKind::Knight && !gadget.ports.iter().all(|p| p.squares.iter().all(dark)) {
            prop_assert!(read.unwrap_err().message.contains("not both dark"));
        } else {
            prop_assert_eq!(read.unwrap(), gadget);
        }
    }

    #[test]
    fn board_text_shaped_text_round_trips(text in shaped(board_text_like)) {
        properties::board(BoardFormat::Text, text.as_bytes());
    }

    #[test]
    fn board_json_shaped_text_round_trips(text in shaped(board_json_like)) {
        properties::board(BoardFormat::Json, text.as_bytes());
        properties::queens_board(text.as_bytes());
    }

    #[test]
    fn fen_shaped_text_round_trips(text in shaped(fen_like)) {
        properties::board(BoardFormat::Fen, text.as_bytes());
    }

    #[test]
    fn moves_shaped_text_round_trips(text in shaped(moves_json_like)) {
        properties::moves(text.as_bytes());
    }

    #[test]
    fn placement_shaped_text_round_trips(text in shaped(placement_json_like)) {
        properties::placement(text.as_bytes());
    }

    #[test]
    fn dimacs_shaped_text_round_trips(text in shaped(dimacs_like)) {
        properties::dimacs(text.as_bytes());
    }

    #[test]
    fn andor_shaped_text_round_trips(text in shaped(andor_like)) {
        properties::andor(text.as_bytes());
    }

    #[test]
    fn gadget_shaped_text_round_trips(text in shaped(gadget_like)) {
        properties::gadget(text.as_bytes());
    }
}

/// Every library gadget file (every piece, basic and composite) writes and reads back as
/// itself.
#[test]
fn library_gadget_files_round_trip() {
    for gadget in library() {
        let again = parse_gadget("written.txt", &gadget.to_string()).unwrap();
        assert_eq!(again, gadget, "{}", gadget.name);
    }
}
