//! Theorem 3.9 (Brunner et al. §3.2): one uncapturable king (or pawn) among knights,
//! from sided var-linked planar monotone 3-SAT with at most two occurrences per literal
//! ([`PlanarMonotone`]). The paper's variable gadget is only drawn (Figure 5, absent from
//! the extracted text); the gadget below is our design, following the proof's
//! description: the hero walks from the bottom to the top, through every variable gadget
//! in turn, up its positive or its negative path; literal knights are joined by
//! noncrossing knight wires per clause; every other knight is joined to both paths.
//!
//! # Why it is correct
//!
//! Pieces only ever move onto occupied squares, so a vacated square stays empty: the
//! hero's walk is a simple path of king steps over the initial squares, and two knights
//! interact only if a chain of knight moves over initial squares joins them. Group the
//! knights into the components of that knight graph: a component's last knight can only
//! be taken by the hero (nothing else is a knight's move away), so a board is solved
//! only if the hero's walk enters every component. Conversely, if the walk enters every
//! component, each component first collapses onto the squares the walk enters (every
//! other knight captures toward them along a breadth-first forest, deepest first) and
//! the hero then takes everything on its walk. So: **solvable ⇔ some simple hero walk
//! from the start enters every knight component.**
//!
//! # The layout (signed `(r, x)`: `r` grows toward row 1, `x` toward the right)
//!
//! Variable `i` owns rows `8i … 8i + 8`; its junctions `(8i, 0)` and `(8i + 8, 0)` are
//! shared with its neighbours, the hero stands on `(0, 0)`; every junction is a knight no
//! other knight reaches, and so is the *top* knight `(8n + 1, 1)`, a king step from the
//! last junction and from nothing else: the hero must end there. Between two junctions lie the
//! *positive path* (`x < 0`, the variable true) and the *negative path* (`x > 0`, its
//! mirror), each the seven squares `(8i + d, σ·w)` for `(d, w)` = (1,1) (2,2) (3,3)
//! (4,2) (5,3) (6,2) (7,1), `σ = −1` positive, `+1` negative: a zigzag of diagonal steps
//! whose two outer corners `(3, 3)` and `(5, 3)` are the *literal squares* (one for each
//! occurrence). All path and junction squares have `r + x` even, so no two of them are a
//! knight's move apart, and paths of different gadgets, or of the same gadget, touch
//! only at junctions: the hero climbs gadget by gadget, one path each (going down the
//! other path it would be stuck at the vacated junction below, never reaching the top
//! knight: without the top knight, a king could go up one path of the last gadget and
//! down the other).
//! - Two *interior knights* `(8i + 3, 0)` and `(8i + 5, 0)` are a knight's move from
//!   every path square but the literal squares, on both paths: one component, entered
//!   whichever path is taken.
//! - Each literal square has a *link knight* `(8i + 2, σ·5)` (slot 0) or
//!   `(8i + 6, σ·5)` (slot 1), a knight's move from it and from nothing else on the
//!   paths. With fewer than two occurrences a *bridge* `(8i + 4, σ·6)` joins both links,
//!   so the path's literal squares form one component with the clause (if any).
//! - A clause of level `ℓ` (on its side) joins its links by a *leg* from each link
//!   outward, knights at `(rl + k mod 2, σ·(5 + 2k))` for `k = 1 … 2ℓ` (`rl` the link's
//!   row), and a *trunk* at `X = 5 + 4ℓ` along its span, knights at
//!   `(r₀ + 2m, σ·(X + m mod 2))` from its first leg's row `r₀` to its last; every leg
//!   ends on a trunk square. Where two clauses meet one variable, the slots are ordered
//!   so that nothing crosses (a clause ending at the variable below one passing through,
//!   below one starting there; of two ending there the inner one below; of two starting
//!   there the outer one below). Different wires stay at least three squares apart, and
//!   no wire square is a king step from a path square, so the hero never enters a wire.
//! - A path whose literal never occurs is left out (the pure literal rule: its variable
//!   takes the other value; with neither literal occurring, the negative path stays).
//!
//! So the components are: junctions (alone), one interior component per variable, and
//! one component per clause holding the literal squares of its literals; the hero's walk
//! enters a clause's component iff it takes the path of one of its literals: the board
//! is solvable iff the instance is satisfiable.

mod board;
mod lines;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::Variant;
use sat2chess_reduce::transform::planar_monotone::{MonotoneClause, PlanarMonotone, Side};

pub use board::{PlanarBoard, PlanarError, WalkRole};

use board::{Drawing, has_path, occurrences, place_drawing};

/// A path's seven squares `(d, w)` (row offset, distance from the axis), bottom first.
const PATH: [(i64, i64); 7] = [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 2), (7, 1)];

/// The §3.2 result this crate builds for an uncapturable `hero` among `villain`s:
/// Theorem 3.9 (king or pawn among knights), 3.10 (king among bishops) or 3.11 (knight
/// among rooks, bishops or queens); `None` for every other pair.
pub fn theorem(hero: PieceKind, villain: PieceKind) -> Option<&'static str> {
    match (hero, villain) {
        (PieceKind::King | PieceKind::Pawn, PieceKind::Knight) => Some("3.9"),
        _ if lines::builds(hero, villain) => Some(if hero == PieceKind::King {
            "3.10"
        } else {
            "3.11"
        }),
        _ => None,
    }
}

/// The rules under which `hero` is the paper's uncapturable piece among `villain`s, if
/// a §3.2 board of the pair is built ([`theorem`]).
pub fn uncapturable_rules(hero: PieceKind, villain: PieceKind) -> Option<Variant> {
    theorem(hero, villain).map(|_| Variant::Uncapturable(hero))
}

/// Each clause's slot (0 or 1) at each of its variables, keyed by (clause, variable).
fn slots(instance: &PlanarMonotone) -> BTreeMap<(usize, u32), i64> {
    let mut at: BTreeMap<(bool, u32), Vec<usize>> = BTreeMap::new();
    for (index, clause) in instance.clauses.iter().enumerate() {
        for v in &clause.vars {
            at.entry((clause.side == Side::Negative, v.0))
                .or_default()
                .push(index);
        }
    }
    let key = |clause: &MonotoneClause, v: u32| {
        let (first, last) = clause.span();
        let level = i64::from(clause.level);
        if first == last {
            (1, 0)
        } else if v == last {
            (0, level)
        } else if v == first {
            (2, -level)
        } else {
            (1, 0)
        }
    };
    let mut slots = BTreeMap::new();
    for ((_, v), mut clauses) in at {
        clauses.sort_by_key(|&c| key(&instance.clauses[c], v));
        for (slot, c) in clauses.into_iter().enumerate() {
            slots.insert((c, v), slot as i64);
        }
    }
    slots
}

fn sign(side: Side) -> i64 {
    match side {
        Side::Positive => -1,
        Side::Negative => 1,
    }
}

/// The drawing of `instance` (hero at `(0, 0)`).
fn draw(instance: &PlanarMonotone, hero: PieceKind) -> Drawing {
    let occurrences = occurrences(instance);
    let mut drawing = Drawing::new();
    let mut knight = |square: (i64, i64)| {
        drawing.insert(square, PieceKind::Knight);
    };
    for v in 0..instance.num_vars {
        let r0 = 8 * i64::from(v);
        knight((r0 + 8, 0));
        knight((r0 + 3, 0));
        knight((r0 + 5, 0));
        for side in [Side::Positive, Side::Negative] {
            if !has_path(&occurrences, side, v) {
                continue;
            }
            let s = sign(side);
            for (d, w) in PATH {
                knight((r0 + d, s * w));
            }
            knight((r0 + 2, s * 5));
            knight((r0 + 6, s * 5));
            if occurrences
                .get(&(side == Side::Negative, v))
                .copied()
                .unwrap_or(0)
                < 2
            {
                knight((r0 + 4, s * 6));
            }
        }
    }
    knight((8 * i64::from(instance.num_vars) + 1, 1));
    let slots = slots(instance);
    for (index, clause) in instance.clauses.iter().enumerate() {
        if clause.vars.len() < 2 {
            continue;
        }
        let s = sign(clause.side);
        let level = i64::from(clause.level);
        let rows: Vec<i64> = clause
            .vars
            .iter()
            .map(|v| 8 * i64::from(v.0) + 2 + 4 * slots[&(index, v.0)])
            .collect();
        for &row in &rows {
            for k in 1..=2 * level {
                knight((row + k % 2, s * (5 + 2 * k)));
            }
        }
        let trunk = 5 + 4 * level;
        let (first, last) = (rows[0], rows[rows.len() - 1]);
        for m in 0..=(last - first) / 2 {
            knight((first + 2 * m, s * (trunk + m % 2)));
        }
    }
    drawing.insert((0, 0), hero);
    drawing
}

/// Builds the §3.2 board of `instance` with an uncapturable `hero` among `villain`s:
/// Theorem 3.9 (king or pawn among knights, the layout above), 3.10 or 3.11 (module `lines`).
pub fn build(
    instance: &PlanarMonotone,
    hero: PieceKind,
    villain: PieceKind,
) -> Result<PlanarBoard, PlanarError> {
    instance.validate()?;
    let variant =
        uncapturable_rules(hero, villain).ok_or(PlanarError::Pair(hero.name(), villain.name()))?;
    if villain != PieceKind::Knight {
        return lines::build(instance, hero, villain, variant);
    }
    let drawing = draw(instance, hero);
    let (board, placement) = place_drawing(&drawing)?;
    let at = |square: (i64, i64)| placement.at(square);
    let mut paths = Vec::new();
    for v in 0..i64::from(instance.num_vars) {
        let path = |s: i64| -> Vec<Square> {
            let squares: Vec<(i64, i64)> = PATH.iter().map(|&(d, w)| (8 * v + d, s * w)).collect();
            if drawing.contains_key(&squares[0]) {
                squares.into_iter().map(&at).collect()
            } else {
                Vec::new()
            }
        };
        paths.push([path(-1), path(1)]);
    }
    let n = i64::from(instance.num_vars);
    let literals = paths
        .iter()
        .flatten()
        .filter(|path| !path.is_empty())
        .flat_map(|path| [path[2], path[4]])
        .collect();
    Ok(PlanarBoard {
        board,
        variant,
        hero: at((0, 0)),
        paths,
        entry: Vec::new(),
        exits: (1..=n).map(|v| vec![at((8 * v, 0))]).collect(),
        top: at((8 * n + 1, 1)),
        literals,
    })
}
