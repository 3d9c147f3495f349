//! Pawn 2-Solo Chess: all pieces pawns, every budget ≤ 2 (Aravind–Misra–Mittal 2022
//! Theorem 4 decides it in linear time; this module proves and implements its own
//! characterisation, which also covers budgets 0 and 1).
//!
//! **Capture trees.** A square emptied stays empty and a capture lands on an occupied
//! square, so every square but the final one is left exactly once, by one capture
//! diagonally one row up (toward row 1) onto a square that is left later. The squares and
//! these captures form a tree T rooted at the final square t; any order that empties
//! children before parents realises it, and the piece leaving a square x is the one that
//! arrived last (x's *heir*), or x's own pawn when nothing arrived (x a leaf of T). A pawn
//! that arrives on a non-root square and leaves it again has captured twice, so with
//! budgets ≤ 2 the board is solvable iff T can be chosen with
//! 1. no top-row rival: t is the only pawn on the topmost row (a pawn there never moves
//!    and is captured only from below, staying on its square);
//! 2. every 0-pawn's square other than t is captured onto (a leaf's pawn moves);
//! 3. every non-root square that is captured onto has a leaf child with a 2-pawn (its
//!    heir: the heir's pawn arrives and leaves, two captures, so it cannot have arrived
//!    from further down). The root needs nothing: its heir's pawn makes ≤ 2 captures.
//!
//! Sufficiency: empty the rows bottom-up, in each row first the non-heirs, then the heirs;
//! a leaf's pawn captures once (budget ≥ 1 by 2), an heir's twice (budget 2 by 3).
//!
//! **Width.** An inner square other than t has at most two children, one a leaf, so each
//! row has at most as many inner squares as the one above (t: two), and at most twice as
//! many pawns: a solvable board has ≤ 2 inner squares and ≤ 4 pawns per row. A dynamic
//! program over the rows, bottom-up, whose state is the set of captured-onto squares of
//! a row (≤ 16), tries the ≤ 16 target choices of each row: linear time after bucketing
//! the rows.
//!
//! **The paper.** AMM's Lemma 14 (all budgets 2, "super-solvable" = skewed binary tree)
//! agrees with rule 3, but the case split of its Theorem 4 proof is incomplete: when t has
//! two children x, y whose only children are x's left and y's right neighbour below
//! (x = (2,3), y = (2,5), pawns on (3,2) and (3,6), t = (1,4)) none of Cases 1–3 applies
//! (no common child, |C(x) ∪ C(y)| = 2), yet (3,2)×(2,3), (2,3)×(1,4), (3,6)×(2,5),
//! (2,5)×(1,4) solves it. The paper also only treats budgets of exactly 2.

use smallvec::SmallVec;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::Move;

use super::decision::Decision;

/// Most pawns a row of a solvable board holds (see the module doc).
const MAX_WIDTH: usize = 4;

/// The pawns of one row, sorted by column (inline: no allocation per row).
type Row = SmallVec<[Pawn; MAX_WIDTH]>;

/// Whether all pieces are pawns with budgets ≤ 2.
pub(super) fn applies(board: &Board) -> bool {
    board.uniform_kind() == Some(PieceKind::Pawn) && board.pieces().iter().all(|p| p.budget <= 2)
}

/// A pawn in its row: square, budget, and the slots of the row above it may capture onto.
#[derive(Clone, Copy, Debug)]
struct Pawn {
    square: Square,
    budget: u32,
    /// Slots in the row above at column − 1 and column + 1.
    targets: [Option<usize>; 2],
}

/// Backpointer of a reachable state: the state of the row below and its target choices.
#[derive(Clone, Copy, Debug)]
struct Step {
    below: u8,
    choice: u8,
}

/// Decides a board of [`applies`] (at least two pieces).
pub(super) fn solve(board: &Board) -> Decision {
    match rows_of(board).and_then(|rows| capture_tree(&rows).map(|tree| (rows, tree))) {
        Ok((rows, steps)) => Decision {
            moves: Some(sequence(&rows, &steps)),
            reason: format!(
                "a capture tree rooted at {} where every square captured onto below it \
                 is left by a leaf 2-pawn and every 0-pawn is captured onto; rows empty \
                 bottom-up, heirs last",
                rows[0][0].square
            ),
        },
        Err(why) => Decision {
            moves: None,
            reason: why,
        },
    }
}

/// The pawns by row, top row first, each row sorted by column with its targets; an
/// error names the reason no solution exists (a gap, a top-row rival, a row too wide, a
/// pawn with no target).
fn rows_of(board: &Board) -> Result<Vec<Row>, String> {
    let pieces = board.pieces();
    let top = pieces.iter().map(|p| p.square.row).min().expect("pieces");
    let bottom = pieces.iter().map(|p| p.square.row).max().expect("pieces");
    let span = (bottom - top) as usize + 1;
    if span > pieces.len() {
        let rows: rustc_hash::FxHashSet<u32> = pieces.iter().map(|p| p.square.row).collect();
        let gap = (top..bottom).find(|r| !rows.contains(r)).expect("a gap");
        return Err(gap_reason(gap));
    }
    let mut rows: Vec<Row> = vec![Row::new(); span];
    for piece in pieces {
        let row = &mut rows[(piece.square.row - top) as usize];
        if row.len() == MAX_WIDTH {
            return Err(format!(
                "row {} holds more than {MAX_WIDTH} pawns; in a solution a square captured \
                 onto (other than the last) is left by a leaf pawn that arrived from below, so \
                 it has at most one inner child, and each row has at most 2 inner squares \
                 and at most 4 pawns",
                piece.square.row
            ));
        }
        row.push(Pawn {
            square: piece.square,
            budget: piece.budget,
            targets: [None, None],
        });
    }
    if let Some(empty) = rows.iter().position(|row| row.is_empty()) {
        return Err(gap_reason(top + empty as u32));
    }
    if rows[0].len() > 1 {
        return Err(format!(
            "{} and {} are both on the top row {top}: a pawn there never moves (pawns \
             capture toward row 1) and is only captured onto, so both stay",
            rows[0][0].square, rows[0][1].square
        ));
    }
    for k in 1..span {
        let (above, here) = rows.split_at_mut(k);
        let above = &above[k - 1];
        here[0].sort_unstable_by_key(|p| p.square.col);
        for pawn in &mut here[0] {
            let col = pawn.square.col as i64;
            for (side, dc) in [-1, 1].into_iter().enumerate() {
                pawn.targets[side] = above.iter().position(|a| a.square.col as i64 == col + dc);
            }
            if pawn.targets == [None, None] {
                return Err(format!(
                    "the pawn on {} has no pawn to capture (diagonally toward row 1) and \
                     is not alone on the top row, so it is never captured and never leaves",
                    pawn.square
                ));
            }
        }
    }
    Ok(rows)
}

fn gap_reason(row: u32) -> String {
    format!(
        "row {row} is empty: pawns capture one row up, so the pawns below it never reach the pawns above"
    )
}

/// The bitmask of a row's 0-pawns, which must be captured onto (every row but the top).
fn zero_pawns(row: &[Pawn]) -> u8 {
    (0..row.len())
        .filter(|&i| row[i].budget == 0)
        .fold(0, |mask, i| mask | 1 << i)
}

/// The dynamic program of the module doc: `steps[k][state]` is how the rows below row
/// k reach "the squares of `state` in row k are captured onto" (`None`: unreachable);
/// `Err` names the row from which no pattern is left.
fn capture_tree(rows: &[Row]) -> Result<Vec<[Option<Step>; 16]>, String> {
    let depth = rows.len();
    let mut steps = vec![[None; 16]; depth];
    let mut reachable: u16 = 1; // the bottom row: nothing captured onto
    if zero_pawns(&rows[depth - 1]) != 0 {
        let pawn = rows[depth - 1][zero_pawns(&rows[depth - 1]).trailing_zeros() as usize];
        return Err(format!(
            "the 0-pawn on {} is on the bottom row: nothing captures onto it, and it cannot \
             leave",
            pawn.square
        ));
    }
    for k in (1..depth).rev() {
        let (here, above) = (&rows[k], &rows[k - 1]);
        let must = if k > 1 { zero_pawns(above) } else { 1 };
        let mut next: u16 = 0;
        for below in (0..16u8).filter(|&s| reachable >> s & 1 == 1) {
            for choice in 0..1u8 << here.len() {
                if let Some(onto) = targets(here, below, choice, k == 1)
                    && onto & must == must
                    && steps[k - 1][onto as usize].is_none()
                {
                    steps[k - 1][onto as usize] = Some(Step { below, choice });
                    next |= 1 << onto;
                }
            }
        }
        if next == 0 {
            return Err(format!(
                "no capture tree for the rows from {} down: every square is left once, one \
                 row up, onto a square left later; a square captured onto (other than the \
                 last) is left by a pawn that arrived and left, i.e. a leaf 2-pawn below it, \
                 and a 0-pawn must be captured onto — none of the ≤ 16 target patterns per \
                 row meets this",
                above[0].square.row
            ));
        }
        reachable = next;
    }
    Ok(steps)
}

/// The squares of the row above captured onto when each pawn of `here` (state `below`: which
/// of them were captured onto) takes the target of its `choice` bit, or `None` when a
/// target is missing or a captured-onto square (not the root) lacks a leaf 2-pawn heir.
fn targets(here: &[Pawn], below: u8, choice: u8, root: bool) -> Option<u8> {
    let mut onto = 0u8;
    let mut heirs = 0u8;
    for (i, pawn) in here.iter().enumerate() {
        let target = pawn.targets[(choice >> i & 1) as usize]?;
        onto |= 1 << target;
        if below >> i & 1 == 0 && pawn.budget == 2 {
            heirs |= 1 << target;
        }
    }
    (root || heirs == onto).then_some(onto)
}

/// The captures of the tree found: rows bottom-up, in each row the non-heirs first.
fn sequence(rows: &[Row], steps: &[[Option<Step>; 16]]) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut plan = Vec::with_capacity(rows.len());
    let mut state = 1u8;
    for row_steps in &steps[..rows.len() - 1] {
        let step = row_steps[state as usize].expect("reachable");
        plan.push(step.choice);
        state = step.below;
    }
    // plan[k - 1]: the choices of row k; the state of row k is recomputed bottom-up.
    let mut below = 0u8;
    for k in (1..rows.len()).rev() {
        let choice = plan[k - 1];
        let here = &rows[k];
        let target_of = |i: usize| here[i].targets[(choice >> i & 1) as usize].expect("chosen");
        let mut heir: [Option<usize>; MAX_WIDTH] = [None; MAX_WIDTH];
        for (i, pawn) in here.iter().enumerate() {
            if k == 1 || (below >> i & 1 == 0 && pawn.budget == 2) {
                heir[target_of(i)] = Some(i);
            }
        }
        let is_heir = |i: usize| heir[target_of(i)] == Some(i);
        for heirs_now in [false, true] {
            for i in (0..here.len()).filter(|&i| is_heir(i) == heirs_now) {
                moves.push(Move::new(here[i].square, rows[k - 1][target_of(i)].square));
            }
        }
        below = (0..here.len()).fold(0, |mask, i| mask | 1 << target_of(i));
    }
    moves
}
