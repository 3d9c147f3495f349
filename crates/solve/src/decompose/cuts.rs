//! Budget across the cut squares of the potential capture graph.
//!
//! **Rule.** Take any square `c` and split the other squares into the *sides* of `c`:
//! the components of the potential capture graph without `c` (for a square that cuts
//! nothing, one side). For a side `S` let `need(S) = |S| − Σ_{s∈S} budget(s)`, and let
//! `e = max(budget(c), B − 1) − 1` (at least 0), `B` the largest budget on the board.
//! The board is unsolvable unless, for `F` the side of the final square (or none, when
//! the final square is `c`) and `E` at most one side (none when `F` is none):
//! `need(S) ≤ [S = F] + [S = E]·e` for every side `S`.
//!
//! **Proof.** In a solution every square but the final one `f` is left exactly once, by
//! the capture that moves its piece away (Brunner et al. Lemma 2.1: every move is a
//! capture, so pieces stand only on original squares and a vacated square stays
//! empty). So the captures *from* the squares of a side `S` number `|S|`, or `|S| − 1`
//! when `f ∈ S`. A capture from `s ∈ S` goes to a neighbour of `s` in the graph, which
//! lies in `S` or is `c`; so the pieces standing on `S` are its original pieces, and
//! pieces that came from `c`. But `c` is left at most once in the whole game (never
//! when `f = c`), so at most one side `E` ever receives a piece from `c`, which then
//! has at most `e` budget: on leaving `c` it was `c`'s own piece (budget ≤
//! `budget(c)`) or had arrived by a capture (≤ `B − 1`), and leaving costs one. Each
//! capture spends one budget of its mover, so `|S| − [S = F] ≤ Σ_S budget + [S = E]·e`.
//! (Counting a returning piece's budget twice only weakens the bound.) A side with
//! `need > 0` must therefore be `F` or `E`, so three such sides refute the board at
//! once.

use sat2chess_core::board::Board;

use crate::sat_encode::Capture;

/// A side of a square: its size, budget and a square on it (for the reason).
#[derive(Clone, Copy, Debug)]
struct Side {
    size: i64,
    budget: i64,
    near: u32,
}

impl Side {
    fn need(&self) -> i64 {
        self.size - self.budget
    }
}

/// Why `board` is unsolvable by the rule (module doc), found at the first square that
/// refutes it; `captures` are the board's possible captures, a connected graph.
pub(crate) fn refute(board: &Board, captures: &[Capture]) -> Option<String> {
    let pieces = board.pieces();
    let n = pieces.len();
    let budget: Vec<i64> = pieces.iter().map(|p| i64::from(p.budget)).collect();
    let total: i64 = budget.iter().sum();
    let largest = budget.iter().copied().max().unwrap_or(0);
    let mut start = vec![0u32; n + 1];
    for c in captures {
        start[c.from as usize + 1] += 1;
        start[c.to as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut next = vec![0u32; start[n] as usize];
    for c in captures {
        for (a, b) in [(c.from, c.to), (c.to, c.from)] {
            next[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
        }
    }
    // Iterative depth-first search from square 0 (Hopcroft–Tarjan lowpoints), with the
    // size and budget of each subtree; a child whose lowpoint does not reach above its
    // parent is a side of the parent on its own.
    const UNSEEN: u32 = u32::MAX;
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut size = vec![1i64; n];
    let mut sum = budget.clone();
    let mut parent = vec![UNSEEN; n];
    let mut separated: Vec<Vec<Side>> = vec![Vec::new(); n];
    let mut slot: Vec<u32> = start[..n].to_vec();
    let mut stack = vec![0u32];
    disc[0] = 0;
    low[0] = 0;
    let mut counter = 1;
    while let Some(&v) = stack.last() {
        let vi = v as usize;
        if slot[vi] < start[vi + 1] {
            let t = next[slot[vi] as usize];
            slot[vi] += 1;
            let ti = t as usize;
            if disc[ti] == UNSEEN {
                disc[ti] = counter;
                low[ti] = counter;
                counter += 1;
                parent[ti] = v;
                stack.push(t);
            } else if t != parent[vi] {
                low[vi] = low[vi].min(disc[ti]);
            }
            continue;
        }
        stack.pop();
        let p = parent[vi];
        if p != UNSEEN {
            let pi = p as usize;
            low[pi] = low[pi].min(low[vi]);
            size[pi] += size[vi];
            sum[pi] += sum[vi];
            if low[vi] >= disc[pi] {
                separated[pi].push(Side {
                    size: size[vi],
                    budget: sum[vi],
                    near: v,
                });
            }
        }
        // Every side of v is known once v is done: the separated subtrees, and the rest.
        let mut sides = std::mem::take(&mut separated[vi]);
        let rest = Side {
            size: n as i64 - 1 - sides.iter().map(|s| s.size).sum::<i64>(),
            budget: total - budget[vi] - sides.iter().map(|s| s.budget).sum::<i64>(),
            near: p,
        };
        if rest.size > 0 {
            sides.push(rest);
        }
        let entry = (budget[vi].max(largest - 1) - 1).max(0);
        if !feasible(&sides, entry) {
            return Some(reason(board, v, &sides, entry));
        }
    }
    None
}

/// Whether some final side `F` (or the cut square itself) and entered side `E` meet
/// every side's need (module doc).
fn feasible(sides: &[Side], entry: i64) -> bool {
    let short: Vec<&Side> = sides.iter().filter(|s| s.need() > 0).collect();
    if short.is_empty() {
        return true;
    }
    if short.len() > 2 {
        return false;
    }
    // F among the short sides dominates F elsewhere; E is one of them or none.
    (0..short.len()).any(|f| {
        (0..=short.len()).any(|e| {
            short
                .iter()
                .enumerate()
                .all(|(i, side)| side.need() <= i64::from(i == f) + if i == e { entry } else { 0 })
        })
    })
}

fn reason(board: &Board, cut: u32, sides: &[Side], entry: i64) -> String {
    let square = |s: u32| board.pieces()[s as usize].square;
    let short: Vec<String> = sides
        .iter()
        .filter(|s| s.need() > 0)
        .map(|s| {
            format!(
                "{} squares from {} with budget {}",
                s.size,
                square(s.near),
                s.budget
            )
        })
        .collect();
    format!(
        "decomposition: {} splits the potential capture graph into {} side(s), and these \
         lack the budget to vacate their squares: {}; only the final square's side may keep \
         one piece, and {} is left once in a game, so only one side receives a piece from \
         it, with at most {entry} budget left",
        square(cut),
        sides.len(),
        short.join("; "),
        square(cut),
    )
}
