//! Solver benchmark (`cargo bench --bench solver`): King gadget test boards (gadget +
//! input stubs + 1-test, from `benches/fixtures/`, for every input signal combination),
//! output reading (`remainders`) of the And and g gadgets, 2-row 40-column King wires,
//! a fixed-seed set of chess.com-size 8×8 puzzles, the hard classes of issue 13 (dense
//! backward-built boards, colour-split bishops with one bridging knight, king-last
//! boards; solved counts and states per second at a 10 s limit), and the linear scaling
//! of the polynomial special cases up to 10⁶ pieces. The boards are fixtures or
//! generated, never compiled from a formula, so the pipeline is not involved.

use std::time::{Duration, Instant};

#[path = "common/boards.rs"]
mod boards;

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::rules::Variant;
use std::collections::BTreeSet;

use sat2chess::solve::{Method, SearchStats, SolveOptions, Verdict, remainders, solve};

const TIME_LIMIT: Duration = Duration::from_secs(10);

/// A fixture: kings drawn as budget digits, and the input signal squares from the
/// `# inputs: r,c/r,c …` header (first square: the signal king; second: the extra king
/// of a 2-signal).
struct Fixture {
    name: String,
    kings: Vec<(Square, u32)>,
    inputs: Vec<(Square, Square)>,
}

fn square(text: &str) -> Square {
    let (r, c) = text.split_once(',').expect("r,c");
    Square::new(
        r.trim().parse().expect("row"),
        c.trim().parse().expect("col"),
    )
}

fn parse_fixture(name: &str, text: &str) -> Fixture {
    let mut kings = Vec::new();
    let mut inputs = Vec::new();
    let mut row = 0;
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(list) = comment.trim().strip_prefix("inputs:") {
                for pair in list.split_whitespace() {
                    let (signal, extra) = pair.split_once('/').expect("signal/extra");
                    inputs.push((square(signal), square(extra)));
                }
            }
            continue;
        }
        row += 1;
        for (c, ch) in line.chars().enumerate() {
            if let Some(budget) = ch.to_digit(10) {
                kings.push((Square::new(row, c as u32 + 1), budget));
            }
        }
    }
    Fixture {
        name: name.to_string(),
        kings,
        inputs,
    }
}

/// The fixture with input signals set: signal s ∈ {0,1} is one s-king, 2 is two 2-kings.
fn with_signals(fixture: &Fixture, signals: &[u32]) -> Board {
    let mut pieces: Vec<Piece> = fixture
        .kings
        .iter()
        .filter(|(sq, _)| fixture.inputs.iter().all(|(a, b)| sq != a && sq != b))
        .map(|&(sq, b)| Piece::new(PieceKind::King, sq, b))
        .collect();
    for (&(signal, extra), &value) in fixture.inputs.iter().zip(signals) {
        pieces.push(Piece::new(PieceKind::King, signal, value));
        if value == 2 {
            pieces.push(Piece::new(PieceKind::King, extra, 2));
        }
    }
    Board::fitted(pieces).expect("valid fixture")
}

fn verdict_name(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Solvable(_) => "solvable",
        Verdict::Unsolvable => "unsolvable",
        Verdict::Unknown => "UNKNOWN",
    }
}

/// `BENCH_ENGINE=search` forces the search engine (default: automatic choice).
fn engine() -> Option<Method> {
    (std::env::var("BENCH_ENGINE").as_deref() == Ok("search")).then_some(Method::Search)
}

/// Only the cases whose name contains `$BENCH_FILTER` (all when unset).
fn selected(name: &str) -> bool {
    std::env::var("BENCH_FILTER").map_or(true, |filter| name.contains(&filter))
}

fn run(board: &Board, variant: Variant) -> (Verdict, SearchStats, Duration) {
    let options = SolveOptions {
        variant,
        time_limit: Some(TIME_LIMIT),
        method: engine(),
        ..SolveOptions::default()
    };
    let start = Instant::now();
    let report = solve(board, &options);
    (report.verdict, report.stats, start.elapsed())
}

fn print_row(name: &str, pieces: usize, verdict: &Verdict, stats: &SearchStats, time: Duration) {
    println!(
        "{name:<28} {pieces:>4} {:<10} {:>10.3} ms  nodes {:>9}  hits {:>8}  pruned {:>8}  dead b/c/f/s/side {}/{}/{}/{}/{}",
        verdict_name(verdict),
        time.as_secs_f64() * 1e3,
        stats.nodes,
        stats.table_hits,
        stats.pruned_moves,
        stats.dead_budget,
        stats.dead_components,
        stats.dead_final_square,
        stats.dead_stranded,
        stats.dead_sides,
    );
}

fn gadget_boards() {
    println!("== King gadget test boards (gadget + input stubs + 1-test), every input combination");
    let fixtures = [
        ("one_test", include_str!("fixtures/one_test.txt")),
        ("and_test", include_str!("fixtures/and_test.txt")),
        ("or_test", include_str!("fixtures/or_test.txt")),
        (
            "shifted_sum_test",
            include_str!("fixtures/shifted_sum_test.txt"),
        ),
        ("g_test", include_str!("fixtures/g_test.txt")),
        ("h_test", include_str!("fixtures/h_test.txt")),
    ];
    let mut worst = Duration::ZERO;
    for (name, text) in fixtures {
        let fixture = parse_fixture(name, text);
        let combos: Vec<Vec<u32>> = match fixture.inputs.len() {
            1 => (0..3).map(|a| vec![a]).collect(),
            _ => (0..3)
                .flat_map(|a| (0..3).map(move |b| vec![a, b]))
                .collect(),
        };
        for signals in combos {
            if !selected(&format!("{} {:?}", fixture.name, signals)) {
                continue;
            }
            let board = with_signals(&fixture, &signals);
            let (verdict, stats, time) = run(&board, Variant::Standard);
            worst = worst.max(time);
            print_row(
                &format!("{} {:?}", fixture.name, signals),
                board.len(),
                &verdict,
                &stats,
                time,
            );
        }
    }
    println!(
        "gadget boards: worst {:.3} ms (target < 1000 ms)",
        worst.as_secs_f64() * 1e3
    );
}

/// Output reading as the gadget verifier does it: the gadget with its input stubs but
/// without the 1-test (rows 1–7 of the fixture), every configuration with all pieces on
/// the output port (7,4),(7,5).
fn output_reading() {
    println!("== Output reading (remainders on the output port), every input combination");
    let fixtures = [
        ("and_test", include_str!("fixtures/and_test.txt")),
        ("g_test", include_str!("fixtures/g_test.txt")),
    ];
    let keep: BTreeSet<Square> = [Square::new(7, 4), Square::new(7, 5)].into();
    let options = SolveOptions {
        time_limit: Some(TIME_LIMIT),
        method: engine(),
        ..SolveOptions::default()
    };
    for (name, text) in fixtures {
        let fixture = parse_fixture(name, text);
        for signals in (0..3).flat_map(|a| (0..3).map(move |b| vec![a, b])) {
            let label = format!("read {} {:?}", fixture.name, signals);
            if !selected(&label) {
                continue;
            }
            let full = with_signals(&fixture, &signals);
            let pieces: Vec<Piece> = full
                .pieces()
                .iter()
                .filter(|p| p.square.row <= 7)
                .cloned()
                .collect();
            let board = Board::fitted(pieces).expect("valid gadget");
            let start = Instant::now();
            let (found, stats) = remainders(&board, &keep, &options);
            let time = start.elapsed();
            let summary = match &found {
                Some(found) => format!("{} remainders", found.len()),
                None => "UNKNOWN".to_string(),
            };
            println!(
                "{label:<28} {:>4} {summary:<16} {:>10.3} ms  nodes {:>9}  hits {:>8}  blocks {:>6}",
                board.len(),
                time.as_secs_f64() * 1e3,
                stats.nodes,
                stats.table_hits,
                stats.block_moves,
            );
        }
    }
}

/// Rows 1–2, `columns` columns of 2-kings after a signal column 1; optionally a 1-test
/// antenna (3,c+1),(4,c+1),(5,c+1) off the last wire king (2,c).
fn king_wire(columns: u32, signal: Option<u32>, one_test: bool) -> Board {
    let mut pieces = Vec::new();
    let first = match signal {
        Some(s) => {
            pieces.push(Piece::new(PieceKind::King, Square::new(1, 1), s));
            2
        }
        None => 1,
    };
    for col in first..=columns {
        for row in 1..=2 {
            pieces.push(Piece::new(PieceKind::King, Square::new(row, col), 2));
        }
    }
    if one_test {
        for row in 3..=5 {
            pieces.push(Piece::new(
                PieceKind::King,
                Square::new(row, columns + 1),
                2,
            ));
        }
    }
    Board::fitted(pieces).expect("valid wire")
}

fn wires() {
    println!("== 2-row, 40-column King wires");
    let cases = [
        ("wire 2x40 all 2", king_wire(40, None, false)),
        ("wire 40, signal 1, 1-test", king_wire(40, Some(1), true)),
        ("wire 40, signal 0, 1-test", king_wire(40, Some(0), true)),
        ("wire 40, signal 2, 1-test", king_wire(40, Some(2), true)),
    ];
    for (name, board) in cases {
        if !selected(name) {
            continue;
        }
        let (verdict, stats, time) = run(&board, Variant::Standard);
        print_row(name, board.len(), &verdict, &stats, time);
    }
}

/// Fixed-seed 8×8 puzzles with 6–16 pieces of mixed kinds, all budgets 2, at most one
/// king; pieces are placed in a random window so that many boards are connected.
fn puzzles() {
    if !selected("puzzles") {
        return;
    }
    println!(
        "== 8x8 puzzles (fixed seed, mixed kinds, budgets 2; king-last when a king is present)"
    );
    let mut rng = fastrand::Rng::with_seed(0x5010_c4e5);
    let kinds = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Knight,
        PieceKind::Pawn,
        PieceKind::Pawn,
        PieceKind::Pawn,
    ];
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut unknown = 0;
    let mut slowest: Vec<(Duration, String, &str)> = Vec::new();
    for _ in 0..300 {
        let count = rng.usize(6..=16);
        let (height, width) = (rng.u32(4..=8), rng.u32(4..=8));
        let (top, left) = (rng.u32(0..=8 - height), rng.u32(0..=8 - width));
        let mut cells: Vec<u32> = (0..height * width).collect();
        rng.shuffle(&mut cells);
        let with_king = rng.bool();
        let pieces: Vec<Piece> = cells
            .iter()
            .take(count.min(cells.len()))
            .enumerate()
            .map(|(i, &cell)| {
                let kind = if with_king && i == 0 {
                    PieceKind::King
                } else {
                    kinds[rng.usize(..kinds.len())]
                };
                Piece::new(
                    kind,
                    Square::new(top + cell / width + 1, left + cell % width + 1),
                    2,
                )
            })
            .collect();
        let board = Board::new(8, 8, pieces).expect("valid puzzle");
        let variant = if with_king {
            Variant::KingLast
        } else {
            Variant::Standard
        };
        let (verdict, _, time) = run(&board, variant);
        let fen = sat2chess::io::fen::write_board(&board).expect("8x8, budgets 2");
        slowest.push((time, fen, verdict_name(&verdict)));
        match verdict {
            Verdict::Solvable(_) => times[0].push(time),
            Verdict::Unsolvable => times[1].push(time),
            Verdict::Unknown => unknown += 1,
        }
    }
    for (label, list) in ["solvable", "unsolvable"].iter().zip(&mut times) {
        list.sort();
        let at = |q: f64| list[((list.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
        if list.is_empty() {
            continue;
        }
        println!(
            "{label:<10} {:>4} boards: median {:.3} ms, p90 {:.3} ms, max {:.3} ms (target: median < 10 ms)",
            list.len(),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
    if unknown > 0 {
        println!("UNKNOWN (time limit): {unknown} boards");
    }
    slowest.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    println!("slowest puzzles (FEN, solve with --king-last when it holds a K):");
    for (time, fen, verdict) in slowest.iter().take(5) {
        println!(
            "  {:>10.3} ms  {verdict:<10} {fen}",
            time.as_secs_f64() * 1e3
        );
    }
}

/// A fixed-seed board of `count` pieces on about half the squares of a square window,
/// of kinds drawn from `kinds`, all budgets 2.
fn random_large_board(count: usize, kinds: &[PieceKind], seed: u64) -> Board {
    let mut rng = fastrand::Rng::with_seed(seed);
    let side = ((2 * count) as f64).sqrt().ceil() as u32;
    let mut cells: Vec<u32> = (0..side * side).collect();
    rng.shuffle(&mut cells);
    let pieces = cells
        .iter()
        .take(count)
        .map(|&cell| {
            let kind = kinds[rng.usize(..kinds.len())];
            Piece::new(kind, Square::new(cell / side + 1, cell % side + 1), 2)
        })
        .collect();
    Board::new(side, side, pieces).expect("valid board")
}

/// Honest limits on huge boards: a 2 s time limit must answer within about 2.2 s of
/// search ("search"; "total" adds building the board's geometry).
fn time_limits() {
    use PieceKind::{King, Knight, Queen, Rook};
    println!("== 2 s time limit on 20000-piece boards (elapsed should stay within ~2.2 s)");
    let limit = Duration::from_secs(2);
    // A 2-row King wire with a knight in every 50th column: mixed kinds.
    let wire: Vec<Piece> = (1..=10_000)
        .flat_map(|col| {
            (1..=2).map(move |row| {
                let kind = if col % 50 == 0 && row == 1 {
                    Knight
                } else {
                    King
                };
                Piece::new(kind, Square::new(row, col), 2)
            })
        })
        .collect();
    let cases = [
        (
            "limit K/N/R/Q 20000",
            random_large_board(20_000, &[King, King, King, Knight, Rook, Queen], 7),
        ),
        (
            "limit K/N/R 20000",
            random_large_board(20_000, &[King, King, Knight, Knight, Rook], 11),
        ),
        (
            "limit 2x10000 K/N wire",
            Board::fitted(wire).expect("valid wire"),
        ),
    ];
    for (name, board) in cases {
        if !selected(name) {
            continue;
        }
        let options = SolveOptions {
            time_limit: Some(limit),
            ..SolveOptions::default()
        };
        let start = Instant::now();
        let report = solve(&board, &options);
        let total = start.elapsed();
        println!(
            "{name:<28} {:>6} {:<10} search {:>8.3} s, total {:>8.3} s  nodes {:>9}  side checks {:>7}",
            board.len(),
            verdict_name(&report.verdict),
            report.stats.elapsed.as_secs_f64(),
            total.as_secs_f64(),
            report.stats.nodes,
            report.stats.side_checks,
        );
    }
}

/// One class of hard boards: every board at the 10 s limit, then a summary line. With
/// `$BENCH_FILTER` naming boards (e.g. `dense 8x8 #4`) rather than the class, only
/// those boards.
fn hard_class(title: &str, boards: Vec<(String, Board)>, variant: Variant) {
    let boards: Vec<(String, Board)> = boards
        .into_iter()
        .filter(|(name, _)| selected(title) || selected(name))
        .collect();
    if boards.is_empty() {
        return;
    }
    println!("== {title} (limit {} s each)", TIME_LIMIT.as_secs());
    let (mut solved, mut total_time, mut total_nodes, mut total_hits) = (0, Duration::ZERO, 0, 0);
    let count = boards.len();
    for (name, board) in boards {
        let (verdict, stats, time) = run(&board, variant);
        print_row(&name, board.len(), &verdict, &stats, time);
        solved += usize::from(verdict != Verdict::Unknown);
        total_time += time;
        total_nodes += stats.nodes;
        total_hits += stats.table_hits;
    }
    let seconds = total_time.as_secs_f64().max(1e-9);
    println!(
        "{title}: {solved}/{count} decided, total {:.2} s, {:.0} states/s entered and analysed, \
         {:.0} states/s visited (entered or answered by the dead-state table)",
        total_time.as_secs_f64(),
        total_nodes as f64 / seconds,
        (total_nodes + total_hits) as f64 / seconds
    );
}

/// `$BENCH_DENSE=count,seed` sets the dense class's boards (default 8 from seed 100).
fn hard_classes() {
    let (dense, seed) = std::env::var("BENCH_DENSE").map_or((8, 100), |text| {
        let (count, seed) = text.split_once(',').expect("BENCH_DENSE=count,seed");
        (
            count.parse().expect("dense count"),
            seed.parse().expect("dense seed"),
        )
    });
    for (title, boards, variant) in boards::hard_classes(dense, seed) {
        hard_class(title, boards, variant);
    }
}

/// The special cases on boards of 10³ … 10⁶ pieces: time per piece should stay flat.
fn special_scaling() {
    if !selected("special") {
        return;
    }
    println!("== special cases, 10^3 .. 10^6 pieces (linear: time per piece flat)");
    for n in [1_000u32, 10_000, 100_000, 1_000_000] {
        // Budget-1 rooks on row 1 and column 1, all reaching (1,1): 1-Solo Chess.
        let star: Vec<Piece> = (0..n)
            .map(|i| {
                let square = if i % 2 == 0 {
                    Square::new(1, i / 2 + 1)
                } else {
                    Square::new(i / 2 + 2, 1)
                };
                Piece::new(PieceKind::Rook, square, 1)
            })
            .collect();
        // One row: runs of a 2-king and two 0-rooks, then a 1-rook after a gap.
        let row: Vec<Piece> = (0..n)
            .map(|i| {
                let (kind, budget) = match i % 4 {
                    0 => (PieceKind::King, 2),
                    3 => (PieceKind::Rook, 2),
                    _ => (PieceKind::Rook, 0),
                };
                Piece::new(kind, Square::new(1, i + 1 + i / 4), budget)
            })
            .collect();
        // Knights with unlimited budgets filling a square block.
        let side = (n as f64).sqrt().ceil() as u32;
        let knights: Vec<Piece> = (0..n)
            .map(|i| {
                Piece::new(
                    PieceKind::Knight,
                    Square::new(i / side + 1, i % side + 1),
                    n,
                )
            })
            .collect();
        // 2-pawns: a spine (k, k + 1) going down-right, each spine square with a leaf
        // (k + 1, k) beside the next one: Pawn 2-Solo Chess, solvable.
        let pawns: Vec<Piece> = (0..n)
            .map(|i| {
                let row = i.div_ceil(2) + 1;
                let col = if i % 2 == 1 { row - 1 } else { row + 1 };
                Piece::new(PieceKind::Pawn, Square::new(row, col), 2)
            })
            .collect();
        for (name, pieces) in [
            ("budgets <= 1", star),
            ("one row", row),
            ("unlimited knights", knights),
            ("pawns, budgets <= 2", pawns),
        ] {
            let board = Board::fitted(pieces).expect("valid board");
            let start = Instant::now();
            let report = solve(&board, &SolveOptions::default());
            let time = start.elapsed();
            println!(
                "{name:<20} {n:>8} pieces  {:<10} {:>9.3} ms  {:>7.1} ns/piece  ({:?})",
                verdict_name(&report.verdict),
                time.as_secs_f64() * 1e3,
                time.as_secs_f64() * 1e9 / n as f64,
                report.stats.method,
            );
        }
    }
}

/// One king and queens, king-last, unlimited budgets (Brunner et al. Thm 2.16): the
/// search over interesting king paths is cubic, so the case stops at 1,000 pieces.
fn king_and_queens_scaling() {
    if !selected("special") {
        return;
    }
    println!("== one king and queens, king-last, unlimited budgets (cubic; up to 10^3 pieces)");
    for n in [10usize, 100, 300, 1_000] {
        let board = random_large_board(n, &[PieceKind::Queen], 5);
        let mut pieces = board.into_pieces();
        pieces[0].kind = PieceKind::King;
        for piece in &mut pieces {
            piece.budget = n as u32;
        }
        let board = Board::fitted(pieces).expect("valid board");
        let options = SolveOptions {
            variant: Variant::KingLast,
            ..SolveOptions::default()
        };
        let start = Instant::now();
        let report = solve(&board, &options);
        let time = start.elapsed();
        println!(
            "king and queens     {n:>8} pieces  {:<10} {:>9.3} ms  ({:?})",
            verdict_name(&report.verdict),
            time.as_secs_f64() * 1e3,
            report.stats.method,
        );
    }
}

fn main() {
    special_scaling();
    king_and_queens_scaling();
    hard_classes();
    time_limits();
    gadget_boards();
    output_reading();
    wires();
    puzzles();
}
