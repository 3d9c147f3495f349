//! `decode` without naming the target: every target's compiled board carries its
//! provenance, so `decode BOARD CERTIFICATE --formula F` works for all of them; a wrong
//! formula or a contradicting `--piece` is refused with one clear line (exit 2); boards
//! without provenance decode with `--piece`.

use std::path::Path;

use crate::common::{run, scratch};

const THESIS: &str = "examples/andor/thesis.andor";
const ONE_CLAUSE: &str = "examples/onein3/one-clause.cnf";
const UF20: &str = "examples/cnf/uf20-91-01.cnf";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Compiles `formula` with `target` (`--piece NAME` or `--to NAME`) and certifies it.
fn compile(dir: &Path, formula: &str, target: &[&str], extra: &[&str]) -> (String, String) {
    let board = dir.join("board.json");
    let moves = dir.join("moves.json");
    let mut args = vec!["compile", formula, "-o", path(&board)];
    args.extend(target);
    args.extend(extra);
    args.extend(["--certify", "--moves-out", path(&moves)]);
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    (path(&board).to_owned(), path(&moves).to_owned())
}

fn assert_refused(args: &[&str], message: &str) {
    let out = run(args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
}

/// One target's compilation: its name, how the command line asks for it, further
/// compile flags, the formula, and the model decoding must print.
struct Case {
    name: &'static str,
    target: [&'static str; 2],
    extra: &'static [&'static str],
    formula: &'static str,
    model: &'static str,
}

const fn case(
    name: &'static str,
    flag: &'static str,
    formula: &'static str,
    model: &'static str,
) -> Case {
    Case {
        name,
        target: [flag, name],
        extra: &[],
        formula,
        model,
    }
}

#[test]
fn every_target_decodes_without_naming_it() {
    let cases = [
        case("king", "--piece", THESIS, "v 1 2 3 0\n"),
        case("knight", "--piece", THESIS, "v 1 2 3 0\n"),
        case("rook", "--piece", THESIS, "v 1 2 3 0\n"),
        case("queen", "--piece", THESIS, "v 1 2 3 0\n"),
        case("bishop", "--to", THESIS, "v 1 2 3 0\n"),
        Case {
            extra: &["--onein3"],
            ..case("nqueens", "--to", ONE_CLAUSE, "v -1 -2 3 0\n")
        },
    ];
    for Case {
        name,
        target,
        extra,
        formula,
        model,
    } in cases
    {
        let dir = scratch(&format!("decode-targets/{name}"));
        let (board, moves) = compile(&dir, formula, &target, extra);
        let head = std::fs::read_to_string(&board).expect("board");
        assert!(
            head.contains(&format!("\"provenance\":{{\"target\":\"{name}\"")),
            "{name}"
        );
        let out = run(&["decode", &board, &moves, "--formula", formula]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            format!("s SATISFIABLE\n{model}"),
            "{name}"
        );
        // The board's target and a matching --piece/--to agree.
        let out = run(&["decode", &board, &moves, "--formula", formula, "--to", name]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        // Another formula is refused, naming both.
        assert_refused(
            &["decode", &board, &moves, "--formula", UF20],
            &format!(
                "{board}: compiled from another formula: its provenance names {} with SHA-256 ",
                Path::new(formula).file_name().unwrap().to_str().unwrap()
            ),
        );
        assert_refused(
            &["decode", &board, &moves, "--formula", UF20],
            &format!("but {UF20} has SHA-256 "),
        );
        // A contradicting target is refused.
        let other = if name == "king" { "rook" } else { "king" };
        assert_refused(
            &[
                "decode",
                &board,
                &moves,
                "--formula",
                formula,
                "--piece",
                other,
            ],
            &format!(
                "{board}: compiled as a {name} board (its provenance says so), but {other} was asked for"
            ),
        );
    }
}

#[test]
fn boards_without_provenance_decode_for_their_piece_kind() {
    let dir = scratch("decode-targets/text");
    let board = dir.join("board.txt");
    let moves = dir.join("moves.json");
    let out = run(&[
        "compile",
        THESIS,
        "--piece",
        "rook",
        "-o",
        path(&board),
        "--format",
        "text",
        "--certify",
        "--moves-out",
        path(&moves),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let with_piece = run(&[
        "decode",
        path(&board),
        path(&moves),
        "--formula",
        THESIS,
        "--piece",
        "rook",
    ]);
    assert_eq!(
        with_piece.status.code(),
        Some(0),
        "{}",
        text(&with_piece.stderr)
    );
    assert_eq!(text(&with_piece.stdout), "s SATISFIABLE\nv 1 2 3 0\n");
    // Without a target named, the board's pieces (all rooks) name it.
    let by_kind = run(&["decode", path(&board), path(&moves), "--formula", THESIS]);
    assert_eq!(by_kind.status.code(), Some(0), "{}", text(&by_kind.stderr));
    assert_eq!(text(&by_kind.stdout), "s SATISFIABLE\nv 1 2 3 0\n");
    // A target that the pieces are not is refused.
    assert_refused(
        &[
            "decode",
            path(&board),
            path(&moves),
            "--formula",
            THESIS,
            "--to",
            "king",
        ],
        &format!(
            "{}: not the king board compiled from {THESIS}: it has a rook on ",
            board.display()
        ),
    );
}
