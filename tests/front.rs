//! Formula input: the example files, malformed inputs with their exact messages, and
//! reader/writer round trips.

use std::path::Path;

use sat2chess::formula::{AndOrClause, AndOrFormula, Cnf, Lit};
use sat2chess::front::{self, FormulaFormat, Input, andor, dimacs};

fn load(path: &str) -> Input {
    front::load(Path::new(path), None).unwrap_or_else(|e| panic!("{e}"))
}

fn load_cnf(path: &str) -> Cnf {
    match load(path) {
        Input::Cnf(cnf) => cnf,
        _ => panic!("{path} is not read as DIMACS"),
    }
}

fn dimacs_clause(values: &[i64]) -> Vec<Lit> {
    values
        .iter()
        .map(|&v| Lit::from_dimacs(v).unwrap())
        .collect()
}

#[test]
fn satlib_style_file_with_end_marker() {
    let cnf = load_cnf("examples/cnf/uf20-91-01.cnf");
    assert_eq!(cnf.num_vars, 20);
    assert_eq!(cnf.clauses.len(), 91);
    assert!(cnf.clauses.iter().all(|c| c.len() == 3));
    assert_eq!(cnf.clauses[0], dimacs_clause(&[5, 19, 3]));
}

#[test]
fn gzip_file() {
    let cnf = load_cnf("examples/cnf/pigeonhole-5-4.cnf.gz");
    assert_eq!(cnf.num_vars, 20);
    assert_eq!(cnf.clauses.len(), 5 + 4 * 10);
    assert_eq!(cnf.clauses[0], dimacs_clause(&[1, 2, 3, 4]));
}

#[test]
fn comments_anywhere_and_clauses_across_lines() {
    let cnf = load_cnf("examples/cnf/messy.cnf");
    let expected: Vec<Vec<Lit>> = [
        &[1, -2][..],
        &[2, 3],
        &[-1, -3, 4, 5],
        &[5, 5, -4],
        &[-5],
        &[1, 2, 3, 4, 5, -1],
        &[2, -3, 4, 1],
    ]
    .iter()
    .map(|c| dimacs_clause(c))
    .collect();
    assert_eq!(cnf, Cnf::new(6, expected));
}

#[test]
fn thesis_and_or_example() {
    let Input::AndOr(formula) = load("examples/andor/thesis.andor") else {
        panic!("read as CNF");
    };
    assert_eq!(formula.names, ["x", "y", "z"]);
    assert_eq!(
        formula.clauses,
        [
            AndOrClause::AndOr {
                and: [Lit::pos(0), Lit::neg(1)],
                or: Lit::pos(2)
            },
            AndOrClause::Or(vec![Lit::neg(0), Lit::neg(2), Lit::pos(1)]),
        ]
    );
}

#[test]
fn and_or_syntax_variants() {
    let text = "# negations: ~ - ¬; numbers and identifiers\n\
                #a comment line\n\
                (1 & -x_2) | ¬Y3   # trailing comment\n\
                \n\
                ~1 | x_2\n\
                Y3\n";
    let formula = andor::parse(text).unwrap();
    assert_eq!(formula.names, ["1", "x_2", "Y3"]);
    assert_eq!(formula.clauses.len(), 3);
    assert_eq!(formula.clauses[2], AndOrClause::Or(vec![Lit::pos(2)]));
}

#[test]
fn format_from_name_and_content() {
    assert_eq!(
        FormulaFormat::from_path(Path::new("a/b.CNF.gz")),
        Some(FormulaFormat::Dimacs)
    );
    assert_eq!(
        FormulaFormat::from_path(Path::new("b.aos")),
        Some(FormulaFormat::Andor)
    );
    assert_eq!(FormulaFormat::from_path(Path::new("b.txt")), None);
    assert_eq!(
        FormulaFormat::from_content("c hello\n\np cnf 1 0\n"),
        FormulaFormat::Dimacs
    );
    assert_eq!(
        FormulaFormat::from_content("c hello\np | q\n~p\n~q\n"),
        FormulaFormat::Andor
    );
}

/// Every malformed input with the exact message it must produce.
#[test]
fn malformed_inputs_are_rejected_with_position() {
    let cases = [
        (
            "missing-header.cnf",
            "line 2, column 1: expected the problem line `p cnf VARIABLES CLAUSES` before the first clause, found `1`",
        ),
        (
            "literal-out-of-range.cnf",
            "line 3, column 3: literal -4 is out of range: the problem line declares 3 variables",
        ),
        (
            "clause-count.cnf",
            "line 2, column 1: the problem line declares 3 clauses, but the file has 2",
        ),
        (
            "unterminated-clause.cnf",
            "line 3, column 1: last clause is not terminated by `0`",
        ),
        (
            "after-end-marker.cnf",
            "line 5, column 1: expected only `0` or comments after the `%` end marker, found `5`",
        ),
        (
            "end-marker-inside-clause.cnf",
            "line 3, column 1: clause is not terminated by `0` before the `%` end marker",
        ),
        (
            "bad-token.cnf",
            "line 2, column 3: expected a literal, `0` or a comment, found `x`",
        ),
        (
            "huge-number.cnf",
            "line 2, column 3: number `99999999999999999999999` is too large",
        ),
        (
            "short-header.cnf",
            "line 1, column 8: expected the number of clauses, found the end of the problem line",
        ),
        (
            "second-header.cnf",
            "line 3, column 1: a second problem line (the first is on line 1)",
        ),
        (
            "empty.cnf",
            "line 1, column 1: missing the problem line `p cnf VARIABLES CLAUSES`",
        ),
        (
            "truncated.cnf.gz",
            "gzip member 1: incomplete deflate stream",
        ),
        (
            "repeated-literal.andor",
            "line 3, column 1: literal x occurs 2 times (first at line 1, column 1); every literal must occur exactly once",
        ),
        (
            "missing-literal.andor",
            "line 2, column 5: literal ~y occurs 0 times (only y does); every literal must occur exactly once",
        ),
        (
            "and-without-parentheses.andor",
            "line 1, column 3: expected `|` or the end of the line, found `&`",
        ),
        (
            "four-literals.andor",
            "line 1, column 12: an Or clause has at most 3 literals; expected the end of the line, found `|`",
        ),
        (
            "and-without-or.andor",
            "line 1, column 8: expected `| l3` after `(l1 & l2)`, found the end of the line",
        ),
        (
            "or-inside-parentheses.andor",
            "line 1, column 4: expected `&` inside `(l1 & l2)`, found `|`",
        ),
        (
            "and-or-too-long.andor",
            "line 1, column 13: expected the end of the line after `(l1 & l2) | l3`, found `|`",
        ),
        (
            "bad-character.andor",
            "line 1, column 3: unexpected `+`; a clause is `l1`, `l1 | l2`, `l1 | l2 | l3` or `(l1 & l2) | l3`",
        ),
        (
            "variable-zero.andor",
            "line 1, column 5: variable numbers start at 1; expected a literal, found `0`",
        ),
        (
            "double-negation.andor",
            "line 1, column 2: expected a literal, found `~`",
        ),
    ];
    let dir = "tests/inputs/bad-formulas";
    let files = std::fs::read_dir(dir).unwrap().count();
    assert_eq!(files, cases.len(), "every file in {dir} has a case here");
    for (file, message) in cases {
        let path = format!("{dir}/{file}");
        let error = front::load(Path::new(&path), None).expect_err(&path);
        // The message is the path, the cause its source.
        let text = format!("{:#}", anyhow::Error::new(error));
        assert_eq!(text, format!("{path}: {message}"));
    }
}

#[test]
fn dimacs_round_trip() {
    let cnf = load_cnf("examples/cnf/messy.cnf");
    let text = dimacs::write(&cnf, &["a comment".to_owned()]);
    assert!(text.starts_with("c a comment\np cnf 6 7\n"));
    assert_eq!(dimacs::parse(&text).unwrap(), cnf);
}

#[test]
fn and_or_round_trip() {
    let text = std::fs::read_to_string("examples/andor/thesis.andor").unwrap();
    let formula = andor::parse(&text).unwrap();
    let written = andor::write(&formula, &[]).unwrap();
    assert_eq!(written, "(x & ~y) | z\n~x | ~z | y\n");
    assert_eq!(andor::parse(&written).unwrap(), formula);
}

#[test]
fn and_or_writer_rejects_what_cannot_be_read_back() {
    let formula = |names: [&str; 1]| AndOrFormula {
        names: names.iter().map(|n| n.to_string()).collect(),
        clauses: vec![
            AndOrClause::Or(vec![Lit::pos(0)]),
            AndOrClause::Or(vec![Lit::neg(0)]),
        ],
    };
    assert!(andor::write(&formula(["ok_1"]), &[]).is_ok());
    assert!(
        andor::write(&formula(["c"]), &[]).is_ok(),
        "`#` is the only comment marker"
    );
    for bad in ["0", "x-y", "007", ""] {
        let error = andor::write(&formula([bad]), &[]).unwrap_err();
        assert!(
            error.to_string().contains("is not an identifier"),
            "{bad}: {error}"
        );
    }
    let mut unbalanced = formula(["x"]);
    unbalanced.clauses.pop();
    assert_eq!(
        andor::write(&unbalanced, &[]).unwrap_err().to_string(),
        "literal ~x occurs 0 times; every literal must occur exactly once"
    );
}
