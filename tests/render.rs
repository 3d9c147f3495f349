//! Figures: SVG snapshots of two small boards (one with a move sequence at a step) and a tiny
//! labelled gadget-like board, TikZ snapshot, the SVGs parse as XML, the HTML page is
//! self-contained, a board streamed from its file draws the same figures, and the CLI
//! reports bad input.

use std::process::Command;

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::render::{BoardFile, Format, Mark, RenderOptions, Style, render_to_string};
use sat2chess::rules::Move;

fn piece(kind: PieceKind, row: u32, col: u32, budget: u32, label: Option<&str>) -> Piece {
    let mut piece = Piece::new(kind, Square::new(row, col), budget);
    piece.label = label.map(str::to_string);
    piece
}

/// Every piece kind, budgets 0–2.
fn mixed_board() -> Board {
    use PieceKind::*;
    Board::new(
        4,
        5,
        vec![
            piece(King, 1, 1, 2, None),
            piece(Queen, 1, 3, 1, None),
            piece(Rook, 2, 2, 0, None),
            piece(Bishop, 2, 4, 1, None),
            piece(Knight, 3, 3, 2, None),
            piece(Pawn, 4, 2, 0, None),
        ],
    )
    .unwrap()
}

/// A row of kings (budgets 2, 1, 1, 1) and a rook; three moves.
fn sequence() -> (Board, Vec<Move>) {
    let board = Board::new(
        2,
        4,
        (1..=4)
            .map(|col| piece(PieceKind::King, 1, col, if col == 1 { 2 } else { 1 }, None))
            .chain([piece(PieceKind::Rook, 2, 4, 0, None)])
            .collect(),
    )
    .unwrap();
    let moves = [((1, 1), (1, 2)), ((1, 2), (1, 3)), ((1, 4), (2, 4))]
        .map(|((a, b), (c, d))| Move::new(Square::new(a, b), Square::new(c, d)))
        .to_vec();
    (board, moves)
}

/// A tiny labelled board in the label convention of `sat2chess::label` (not a verified gadget).
fn labelled_board() -> Board {
    use PieceKind::King;
    Board::new(
        3,
        5,
        vec![
            piece(King, 1, 1, 1, Some("variable#1 output")),
            piece(King, 1, 2, 2, Some("wire#1 flow=E")),
            piece(King, 2, 2, 2, Some("wire#1 flow=E")),
            piece(King, 1, 3, 2, Some("wire#1 flow=E")),
            piece(King, 2, 3, 2, Some("or#1 input")),
            piece(King, 2, 4, 1, Some("and#1")),
            piece(King, 3, 4, 0, Some("crossing#1 flow=S")),
            piece(King, 3, 5, 2, Some("one-test#1 final")),
        ],
    )
    .unwrap()
}

fn svg(board: &Board, moves: &[Move], options: &RenderOptions) -> String {
    let text = render_to_string(board, moves, options, Format::Svg).unwrap();
    let document = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    text
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// The budget numerals in document order.
fn numerals(text: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(text).unwrap();
    document
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("transform").is_some())
        .filter(|g| g.children().any(|c| c.has_tag_name("use")))
        .filter_map(|g| g.children().find(|c| c.has_tag_name("text")))
        .filter_map(|t| t.text().map(str::to_string))
        .collect()
}

#[test]
fn small_board_svg() {
    let text = svg(&mixed_board(), &[], &RenderOptions::default());
    assert_eq!(numerals(&text), ["2", "1", "0", "1", "2", "0"]);
    snapshot("render_mixed_board", &text);
}

#[test]
fn step_shows_the_position_after_k_moves_and_the_next_move() {
    let (board, moves) = sequence();
    let options = RenderOptions {
        step: Some(2),
        ..RenderOptions::default()
    };
    let text = svg(&board, &moves, &options);
    // After two captures the king from (1,1) stands on (1,3) with no budget left.
    assert_eq!(numerals(&text), ["0", "1", "0"]);
    let document = roxmltree::Document::parse(&text).unwrap();
    let captures: Vec<_> = document
        .descendants()
        .filter(|n| n.attribute("marker-end") == Some("url(#s2c-head-capture)"))
        .collect();
    assert_eq!(captures.len(), 1, "only the next move is drawn");
    snapshot("render_sequence_step_2", &text);

    let all = svg(&board, &moves, &RenderOptions::default());
    assert_eq!(all.matches("url(#s2c-head-capture)").count(), 3);
}

#[test]
fn labelled_board_svg_has_gadget_colours_marks_and_flow() {
    let options = RenderOptions {
        gadgets: true,
        legend: true,
        marks: vec![(Square::new(3, 5), Mark::Output)],
        ..RenderOptions::default()
    };
    let text = svg(&labelled_board(), &[], &options);
    for word in [
        ">in<",
        ">out<",
        ">final square<",
        ">1-test<",
        "url(#s2c-head-flow)",
    ] {
        assert!(text.contains(word), "missing {word}");
    }
    snapshot("render_labelled_gadget", &text);
}

#[test]
fn tikz_output() {
    let (board, moves) = sequence();
    let options = RenderOptions {
        step: Some(1),
        legend: true,
        ..RenderOptions::default()
    };
    let text = render_to_string(&board, &moves, &options, Format::Tikz).unwrap();
    assert_eq!(
        text.matches("\\begin{tikzpicture}").count(),
        text.matches("\\end{tikzpicture}").count()
    );
    snapshot("render_sequence_step_1_tikz", &text);
    let gadget = RenderOptions {
        gadgets: true,
        ..RenderOptions::default()
    };
    let text = render_to_string(&labelled_board(), &[], &gadget, Format::Tikz).unwrap();
    snapshot("render_labelled_gadget_tikz", &text);
}

#[test]
fn html_page_is_self_contained() {
    let (board, moves) = sequence();
    let text = render_to_string(&board, &moves, &RenderOptions::default(), Format::Html).unwrap();
    assert!(!text.contains("http://") && !text.contains("https://"));
    assert!(!text.contains(" src="), "no external resources");
    assert!(text.contains("<script>") && text.contains("\"moves\":[{\"mover\":0"));
    // Every piece the script moves exists in the inline SVG.
    for id in 0..board.len() {
        assert!(text.contains(&format!("id=\"s2c-p{id}\"")));
    }
}

#[test]
fn dot_style_batches_pieces_by_colour() {
    let options = RenderOptions {
        style: Style::Dots,
        ..RenderOptions::default()
    };
    let text = svg(&mixed_board(), &[], &options);
    let document = roxmltree::Document::parse(&text).unwrap();
    let pieces = document
        .descendants()
        .find(|n| n.attribute("class") == Some("s2c-pieces"))
        .unwrap();
    // Budgets 2, 1 and 0: three colours, three paths, six squares.
    let paths: Vec<&str> = pieces.children().filter_map(|n| n.attribute("d")).collect();
    assert_eq!(paths.len(), 3);
    assert_eq!(
        paths.iter().map(|d| d.matches('z').count()).sum::<usize>(),
        6
    );
    assert!(!text.contains("<use"));
}

#[test]
fn cli_writes_files_and_rejects_bad_input() {
    let dir = std::env::temp_dir().join(format!("sat2chess-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.json");
    std::fs::write(&board, sat2chess::io::json::write_board(&mixed_board())).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sat2chess"))
            .arg("render")
            .arg(&board)
            .args(args)
            .output()
            .unwrap()
    };
    let out = dir.join("figure.tex");
    let ok = run(&["--region", "1,1,2,3", "-o", out.to_str().unwrap()]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("tikzpicture")
    );
    let bad = run(&["--region", "1,1,9,9"]);
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("region 1,1,9,9"), "{message}");
    let step = run(&["--step", "1"]);
    assert_eq!(step.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&step.stderr).contains("step 1 is beyond the end"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn moves_leaving_the_region_are_clipped_not_misplaced() {
    let (board, moves) = sequence();
    let options = RenderOptions {
        region: Some("1,2,2,4".parse().unwrap()),
        ..RenderOptions::default()
    };
    let text = svg(&board, &moves, &options);
    // Move 1 starts at (1,1), left of the region: its arrow starts at a negative x.
    assert!(text.contains("x1=\"-0.35\""), "{text}");
    let page = render_to_string(&board, &moves, &options, Format::Html).unwrap();
    assert!(page.contains("\"from\":[-1,0]"));
}

#[test]
fn gadgets_render_writes_one_figure_per_king_gadget() {
    let dir = std::env::temp_dir().join(format!("sat2chess-gadget-figures-{}", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_sat2chess"))
        .args(["gadgets", "render", "--piece", "king", "-o"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let library = sat2chess::gadgets::king_library().unwrap();
    for gadget in &library {
        let path = dir.join(format!("{}.svg", gadget.name));
        let text = std::fs::read_to_string(&path).unwrap();
        let document = roxmltree::Document::parse(&text).expect("well-formed SVG");
        let budgets: Vec<String> = gadget.pieces.iter().map(|(_, b)| b.to_string()).collect();
        let mut drawn = numerals(&text);
        drawn.sort();
        let mut expected = budgets.clone();
        expected.sort();
        assert_eq!(
            drawn, expected,
            "{}: one budget numeral per king",
            gadget.name
        );
        let on_board_port_marks = document
            .descendants()
            .filter(|node| node.is_element() && matches!(node.text(), Some("in" | "out")))
            .filter(|node| {
                // Legend samples sit in translated groups; board marks do not.
                node.ancestors()
                    .all(|group| group.attribute("transform").is_none())
            })
            .count();
        assert_eq!(
            on_board_port_marks,
            2 * gadget.ports.len(),
            "{}: port marks",
            gadget.name
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn king_and_gadget_svg() {
    let gadget = sat2chess::gadgets::king_gadget("and").unwrap().unwrap();
    let marks = gadget
        .ports
        .iter()
        .flat_map(|port| {
            let mark = match port.role {
                sat2chess::gadgets::PortRole::Input => Mark::Input,
                sat2chess::gadgets::PortRole::Output => Mark::Output,
            };
            port.squares.map(|square| (square, mark))
        })
        .collect();
    let options = RenderOptions {
        gadgets: true,
        legend: true,
        marks,
        ..RenderOptions::default()
    };
    snapshot(
        "render_king_and_gadget_svg",
        &svg(&gadget.board().unwrap(), &[], &options),
    );
}

#[test]
fn a_board_streamed_from_its_file_draws_the_same_figures() {
    let dir = std::env::temp_dir().join(format!("sat2chess-render-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (sequence_board, moves) = sequence();
    let cases = [
        (labelled_board(), Vec::new(), None),
        (sequence_board.clone(), moves.clone(), None),
        (sequence_board, moves, Some(2)),
    ];
    for (index, (board, moves, step)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("board{index}.json"));
        std::fs::write(&path, sat2chess::io::json::write_board(&board)).unwrap();
        let file = BoardFile::open(&path).unwrap();
        assert_eq!(file.len(), board.len());
        for style in [Style::Glyphs, Style::Dots] {
            let options = RenderOptions {
                gadgets: true,
                legend: true,
                style,
                step,
                ..RenderOptions::default()
            };
            for format in [Format::Svg, Format::Tikz, Format::Html] {
                let whole = render_to_string(&board, &moves, &options, format).unwrap();
                let streamed = render_to_string(&file, &moves, &options, format).unwrap();
                assert_eq!(streamed, whole, "board {index}, {style:?}, {format:?}");
            }
        }
    }
    // A bad board fails as a whole read does.
    let bad = dir.join("shared.json");
    std::fs::write(
        &bad,
        r#"{"rows":2,"cols":2,"pieces":[{"kind":"K","row":1,"col":1,"budget":1},{"kind":"K","row":2,"col":2,"budget":1},{"kind":"Q","row":1,"col":1,"budget":1}]}"#,
    )
    .unwrap();
    let whole = format!(
        "{:#}",
        anyhow::Error::new(sat2chess::io::read_board(&bad, None).unwrap_err())
    );
    assert_eq!(
        format!(
            "{:#}",
            anyhow::Error::new(BoardFile::open(&bad).unwrap_err())
        ),
        whole
    );
    assert!(whole.contains("#0 and #2"), "{whole}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether `pdflatex` runs here; outside CI (env `CI` unset) a missing one skips the
/// caller, in CI it fails it (`.ci/run` installs it).
fn pdflatex_available(test: &str) -> bool {
    let found = Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: pdflatex is missing in CI (.ci/run installs texlive-latex-base and texlive-pictures)"
        );
        eprintln!("{test}: skipped, pdflatex is not installed (CI installs it)");
    }
    found
}

/// Every board the project ships (puzzles, render examples, the rook retarget example) and
/// compiles from its example formulas (the thesis formula to every piece, every other
/// example to King) draws as a TikZ document that stock pdflatex compiles, within its
/// page (no overfull box). Prints each run's time.
#[test]
fn tikz_of_every_shipped_and_example_board_compiles_with_pdflatex() {
    use crate::common::{run, scratch};
    if !pdflatex_available("tikz_of_every_shipped_and_example_board_compiles_with_pdflatex") {
        return;
    }
    let dir = scratch("render/pdflatex");
    let mut boards: Vec<(String, std::path::PathBuf)> = [
        "examples/puzzles/chesscom-1.json",
        "examples/puzzles/chesscom-2.fen",
        "examples/puzzles/chesscom-3.fen",
        "examples/puzzles/chesscom-4.json",
        "examples/render/mixed.json",
        "examples/render/one-test.json",
        "examples/retarget/rooks.txt",
    ]
    .into_iter()
    .map(|path| {
        let name = std::path::Path::new(path)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        (
            name,
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
        )
    })
    .collect();
    let mut compiled = |formula: &str, target: &str| {
        let name = format!(
            "{}-{target}",
            formula
                .rsplit('/')
                .next()
                .unwrap()
                .split('.')
                .next()
                .unwrap()
        );
        let board = dir.join(format!("{name}.json"));
        let output = run(&[
            "compile",
            formula,
            "--to",
            target,
            "-o",
            board.to_str().unwrap(),
        ]);
        assert!(
            output.status.success(),
            "compile {formula} --to {target}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        boards.push((name, board));
    };
    for target in ["king", "knight", "rook", "queen", "bishop"] {
        compiled("examples/andor/thesis.andor", target);
    }
    for formula in [
        "examples/cnf/uf20-91-01.cnf",
        "examples/cnf/messy.cnf",
        "examples/cnf/pigeonhole-5-4.cnf.gz",
        "examples/onein3/one-clause.cnf",
    ] {
        compiled(formula, "king");
    }
    for (name, board) in &boards {
        let tex = dir.join(format!("{name}.tex"));
        let output = run(&[
            "render",
            board.to_str().unwrap(),
            "--gadgets",
            "--legend",
            "-o",
            tex.to_str().unwrap(),
        ]);
        assert!(
            output.status.success(),
            "render {name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let start = std::time::Instant::now();
        let latex = Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error"])
            .arg(&tex)
            .current_dir(&dir)
            .output()
            .unwrap();
        let log = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap_or_default();
        assert!(
            latex.status.success() && dir.join(format!("{name}.pdf")).exists(),
            "pdflatex {name}.tex failed:\n{}",
            log.lines()
                .filter(|line| line.starts_with('!'))
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(
            log.contains(&format!("Output written on {name}.pdf (1 page")),
            "{name}: not one page"
        );
        assert!(
            !log.contains("Overfull"),
            "{name}: the figure runs off the page"
        );
        eprintln!(
            "pdflatex {name}.tex: {:.2} s",
            start.elapsed().as_secs_f64()
        );
    }
}

/// A 70 × 40 labelled board (wider than the automatic schematic threshold of 64): a
/// wire running east into an And gadget, a variable, one unlabelled piece, the final
/// square.
fn large_labelled_board() -> Board {
    use PieceKind::King;
    let mut pieces: Vec<Piece> = (3..=30)
        .flat_map(|col| {
            [
                piece(King, 10, col, 2, Some("wire flow=E")),
                piece(King, 11, col, 2, Some("wire flow=E")),
            ]
        })
        .collect();
    for (row, col) in [(9, 31), (10, 32), (11, 33), (12, 34), (13, 35)] {
        pieces.push(piece(King, row, col, 2, Some("and#1")));
    }
    pieces.push(piece(King, 10, 1, 1, Some("variable#1 output")));
    pieces.push(piece(King, 11, 2, 1, Some("variable#1")));
    pieces.push(piece(King, 60, 20, 1, None));
    pieces.push(piece(King, 40, 36, 1, Some("one-test final")));
    Board::new(70, 40, pieces).unwrap()
}

#[test]
fn large_labelled_boards_are_drawn_as_a_schematic() {
    use sat2chess::render::Detail;
    let board = large_labelled_board();
    let options = RenderOptions {
        legend: true,
        ..RenderOptions::default()
    };
    let text = svg(&board, &[], &options);
    // Boxes and lines, no chequer and no glyphs.
    assert!(text.contains("class=\"s2c-schematic\""), "{text}");
    assert!(!text.contains("url(#s2c-chequer)") && !text.contains("<use"));
    assert!(text.contains(">and<") && text.contains(">variable<"));
    snapshot("render_schematic_svg", &text);
    let tikz = render_to_string(&board, &[], &options, Format::Tikz).unwrap();
    assert!(!tikz.contains("\\foreach") && !tikz.contains("\\pic"));
    snapshot("render_schematic_tikz", &tikz);
    // Asked for, the piece level draws the chequer and every piece.
    let pieces = RenderOptions {
        detail: Detail::Pieces,
        ..options.clone()
    };
    let text = svg(&board, &[], &pieces);
    assert!(text.contains("url(#s2c-chequer)") && !text.contains("s2c-schematic"));
    // An unlabelled board of the same size has nothing to box: pieces as before.
    let plain = Board::new(70, 40, vec![piece(PieceKind::King, 1, 1, 1, None)]).unwrap();
    assert!(svg(&plain, &[], &options).contains("url(#s2c-chequer)"));
}

#[test]
fn chess_sized_boards_are_labelled_with_files_and_ranks() {
    // 4 rows, 5 columns: files a–e left to right, ranks 4 (top row) down to 1.
    let text = svg(&mixed_board(), &[], &RenderOptions::default());
    let document = roxmltree::Document::parse(&text).unwrap();
    let labels: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("text-anchor").is_some())
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(labels, ["4", "3", "2", "1", "a", "b", "c", "d", "e"]);
    let tikz =
        render_to_string(&mixed_board(), &[], &RenderOptions::default(), Format::Tikz).unwrap();
    assert!(tikz.contains("anchor=east] at (-0.143,0.5) {4};"), "{tikz}");
    assert!(
        tikz.contains("anchor=south] at (0.5,-0.071) {a};"),
        "{tikz}"
    );
    // 27 columns: numbers, row 1 at the top.
    let wide = Board::new(2, 27, vec![piece(PieceKind::King, 1, 27, 1, None)]).unwrap();
    let text = svg(&wide, &[], &RenderOptions::default());
    assert!(text.contains(">27</text>") && !text.contains(">a</text>"));
}

#[test]
fn tall_boards_keep_row_labels_inside_and_the_legend_beside() {
    // 3000 rows of 100 columns (a uf20-like overview): labels of four digits.
    let board = Board::new(
        3000,
        100,
        vec![
            piece(PieceKind::King, 1, 1, 1, Some("wire flow=S")),
            piece(PieceKind::King, 2, 1, 1, Some("wire flow=S")),
            piece(PieceKind::King, 2999, 99, 1, Some("and#1")),
        ],
    )
    .unwrap();
    let options = RenderOptions {
        legend: true,
        gadgets: true,
        ..RenderOptions::default()
    };
    let text = svg(&board, &[], &options);
    let document = roxmltree::Document::parse(&text).unwrap();
    let view: Vec<f64> = document
        .root_element()
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    // The widest row label ("3000") ends 0.15 text units left of the board and starts
    // inside the view: 4 digits of 0.6 em at 0.36 text units per em.
    let text_unit = 3000.0 / 32.0;
    let label_start = -0.15 * text_unit - (0.6 * 4.0) * 0.36 * text_unit;
    assert!(
        view[0] <= label_start,
        "viewBox {view:?} clips the row labels"
    );
    // The legend sits beside the board, so the figure is not widened below it beyond
    // the legend's own width: less than the board's height.
    assert!(view[2] < 0.5 * 3000.0, "viewBox {view:?}");
}

#[test]
fn rook_gadget_figures_draw_the_rays_that_must_stay_empty() {
    let rook = |name: &str| {
        sat2chess::gadgets::rook_library()
            .unwrap()
            .into_iter()
            .find(|gadget| gadget.name == name)
            .unwrap()
    };
    let gadget = rook("and");
    let options = RenderOptions {
        gadgets: true,
        legend: true,
        ..RenderOptions::default()
    };
    let text = svg(&gadget.board().unwrap(), &[], &options);
    // and.txt lists 22 directions on its `empty:` lines, one arrow each.
    assert_eq!(
        text.matches("url(#s2c-head-ray)").count(),
        22 + 1,
        "with the legend's"
    );
    assert!(text.contains(">ray that must stay empty<"));
    // The Or, tomb and conveyor gadgets are tinted by kind, not grey.
    for (name, title) in [
        ("left_or", ">Or<"),
        ("tomb", ">tomb<"),
        ("conveyor_belt", ">conveyor belt<"),
    ] {
        let text = svg(&rook(name).board().unwrap(), &[], &options);
        assert!(text.contains(title), "{name}");
        assert!(!text.contains(">wire / other<"), "{name}");
    }
}

#[test]
fn tikz_figures_take_the_asked_square_or_width() {
    use crate::common::{run, scratch};
    let dir = scratch("render/tikz-size");
    let board = dir.join("board.json");
    let wide = Board::new(30, 35, vec![piece(PieceKind::Rook, 1, 35, 2, None)]).unwrap();
    std::fs::write(&board, sat2chess::io::json::write_board(&wide)).unwrap();
    let unit = |args: &[&str]| {
        let tex = dir.join("figure.tex");
        let mut all = vec![
            "render",
            board.to_str().unwrap(),
            "-o",
            tex.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        let output = run(&all);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = std::fs::read_to_string(&tex).unwrap();
        let start = text.find("[x=").unwrap() + 3;
        let end = start + text[start..].find("cm").unwrap();
        text[start..end].parse::<f64>().unwrap()
    };
    // By default 35 columns of 0.7 cm (24.5 cm) shrink to fit 16 cm with the labels.
    let fitted = unit(&[]);
    assert!(fitted < 0.45 && 35.0 * fitted < 16.0, "{fitted}");
    assert_eq!(unit(&["--scale", "0.5"]), 0.5);
    let narrow = unit(&["--width", "8"]);
    assert!(35.0 * narrow < 8.0 && 35.0 * narrow > 7.0, "{narrow}");
    let bad = run(&[
        "render",
        board.to_str().unwrap(),
        "--scale",
        "0",
        "--format",
        "tikz",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}
