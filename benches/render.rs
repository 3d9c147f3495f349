//! Times the SVG render of a 10^6-piece board (issue 6): the automatic style (dots above
//! `GLYPH_LIMIT` pieces) with gadget colouring, and, for comparison, forced glyphs on a
//! 10^5-piece crop.
//! Then the compiled uf20-91-01 King board (1.7 M kings, written once by
//! `pipeline::compile` in a child process, `common/compiled.rs`) streamed from its file
//! (`BoardFile`: checked, surveyed, then drawn as it is read again) as dots with gadget
//! colours, with peak memory.
//! Run with `cargo bench --bench render`; the SVGs are written to target/bench-render/.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::time::Instant;

#[path = "common/compiled.rs"]
mod compiled;
#[path = "common/memory.rs"]
mod memory;
// Shared by several benches; this one writes the compiled board's certificate with it.
#[allow(dead_code)]
#[path = "common/streamed.rs"]
mod streamed;

use compiled::king_board_and_certificate;
use memory::{cpu_seconds, peak_mb, reset_peak};
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::render::{BoardFile, Format, RenderOptions, Style, render};

/// 10^6 kings on a 1000 × 2000 board (every other square of each row), labelled in
/// bands like a stamped circuit: wires with flow, Or/And/variable blocks, budgets 0–2.
fn million_piece_board() -> Board {
    let (rows, cols) = (1000u32, 2000u32);
    let mut pieces = Vec::with_capacity(1_000_000);
    for row in 1..=rows {
        for col in (1 + row % 2..=cols).step_by(2) {
            let mut piece = Piece::new(PieceKind::King, Square::new(row, col), (row + col) % 3);
            let band = (row - 1) / 10;
            piece.label = Some(match band % 4 {
                0 => format!("wire#{band} flow=E"),
                1 => format!("or#{band}"),
                2 => format!("and#{band}"),
                _ => format!("variable#{band}"),
            });
            pieces.push(piece);
        }
    }
    Board::new(rows, cols, pieces).expect("valid board")
}

fn time(name: &str, board: &Board, options: &RenderOptions, dir: &Path) {
    let path = dir.join(format!("{name}.svg"));
    let start = Instant::now();
    let mut out = BufWriter::new(File::create(&path).expect("create output"));
    render(board, &[], options, Format::Svg, &mut out, &()).expect("render");
    drop(out);
    let elapsed = start.elapsed();
    let bytes = std::fs::metadata(&path).expect("written").len();
    println!(
        "{name}: {:.2} s, {:.1} MB ({})",
        elapsed.as_secs_f64(),
        bytes as f64 / 1e6,
        path.display()
    );
}

fn main() {
    if compiled::child() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-render");
    std::fs::create_dir_all(&dir).expect("create target/bench-render");
    let start = Instant::now();
    let board = million_piece_board();
    println!("built the board in {:.2} s", start.elapsed().as_secs_f64());
    let auto = RenderOptions {
        gadgets: true,
        ..RenderOptions::default()
    };
    time("million-auto-dots", &board, &auto, &dir);
    // Glyphs cost about ten times more per piece: shown on a 10^5-piece crop.
    let glyphs = RenderOptions {
        style: Style::Glyphs,
        region: Some("1,1,100,2000".parse().expect("a region")),
        ..auto.clone()
    };
    time("crop-of-100000-glyphs", &board, &glyphs, &dir);
    drop(board);
    let (path, _) = king_board_and_certificate("examples/cnf/uf20-91-01.cnf");
    reset_peak();
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let board = BoardFile::open(&path).expect("the compiled board");
    let mut out = BufWriter::new(File::create(dir.join("uf20-91-01.svg")).expect("create"));
    render(&board, &[], &auto, Format::Svg, &mut out, &()).expect("render");
    drop(out);
    println!(
        "uf20-91-01 ({} kings) streamed + dots: {:.2} s wall, {:.2} s CPU, peak {:.0} MB",
        board.len(),
        start.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        peak_mb()
    );
}
