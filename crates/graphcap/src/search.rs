//! An exact state search (depth-first, with a memo of the positions found unsolvable),
//! the tests' independent check of the SAT solver ([`crate::solve`]) on small graphs.
//!
//! Two facts prune the search. Tokens only move onto occupied vertices, so the set of
//! occupied vertices only shrinks: a token none of whose neighbours (in the directions
//! it may capture or be captured) is occupied stays forever, and the position is lost
//! while another token is left. And `t` tokens need `t − 1` more captures, so the
//! captures left to all tokens must add up to at least that. For the same reason the
//! occupied vertices must stay connected (edges taken either way): tokens in two
//! components never meet, and each component keeps a token.

use rustc_hash::FxHashSet;
use thiserror::Error;

use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;

/// The search visited its limit of positions without a verdict.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("the solver visited {0} positions without a verdict (raise the limit)")]
pub struct LimitReached(pub u64);

/// A solving capture sequence of `graph`, or `None` when it has none; gives up after
/// visiting `limit` positions.
pub fn search(graph: &GraphCapture, limit: u64) -> Result<Option<Vec<Capture>>, LimitReached> {
    let tokens = graph.token_count();
    if tokens == 0 {
        return Ok(None);
    }
    // No token needs more than `tokens - 1` captures: a larger budget changes nothing.
    let cap = graph.budget.min(tokens as u32 - 1).min(u8::MAX as u32 - 1) as u8;
    let state: Vec<u8> = (0..graph.len() as Vertex)
        .map(|v| if graph.has_token(v) { cap + 1 } else { 0 })
        .collect();
    let mut search = Search {
        graph,
        failed: FxHashSet::default(),
        visited: 0,
        limit,
        path: Vec::new(),
    };
    Ok(search.run(state, tokens)?.then_some(search.path))
}

/// The search's state; `state[v]`: 0 when `v` is empty, else 1 + the captures left to
/// its token.
struct Search<'g> {
    graph: &'g GraphCapture,
    failed: FxHashSet<Vec<u8>>,
    visited: u64,
    limit: u64,
    path: Vec<Capture>,
}

impl Search<'_> {
    fn run(&mut self, state: Vec<u8>, tokens: usize) -> Result<bool, LimitReached> {
        if tokens == 1 {
            return Ok(true);
        }
        if self.failed.contains(&state) || self.lost(&state, tokens) {
            return Ok(false);
        }
        self.visited += 1;
        if self.visited > self.limit {
            return Err(LimitReached(self.limit));
        }
        for from in 0..self.graph.len() as Vertex {
            let left = state[from as usize];
            if left < 2 {
                continue;
            }
            for &to in self.graph.targets(from) {
                if state[to as usize] == 0 {
                    continue;
                }
                let mut next = state.clone();
                next[to as usize] = left - 1;
                next[from as usize] = 0;
                self.path.push(Capture { from, to });
                if self.run(next, tokens - 1)? {
                    return Ok(true);
                }
                self.path.pop();
            }
        }
        self.failed.insert(state);
        Ok(false)
    }

    /// Whether the position (more than one token) can be seen to be unsolvable.
    fn lost(&self, state: &[u8], tokens: usize) -> bool {
        let occupied = |v: &Vertex| state[*v as usize] > 0;
        let captures_left: usize = state.iter().map(|&s| s.saturating_sub(1) as usize).sum();
        captures_left < tokens - 1
            || self.reached(state) < tokens
            || (0..self.graph.len() as Vertex).any(|v| {
                let s = state[v as usize];
                s > 0
                    && !(s > 1 && self.graph.targets(v).iter().any(occupied))
                    && !self.graph.attackers(v).iter().any(occupied)
            })
    }
}

impl Search<'_> {
    /// How many occupied vertices the first occupied vertex reaches through occupied
    /// vertices (edges taken either way).
    fn reached(&self, state: &[u8]) -> usize {
        let Some(first) = state.iter().position(|&s| s > 0) else {
            return 0;
        };
        let mut seen = vec![false; state.len()];
        seen[first] = true;
        let mut stack = vec![first as Vertex];
        let mut count = 0;
        while let Some(v) = stack.pop() {
            count += 1;
            let neighbours = self.graph.targets(v).iter().chain(self.graph.attackers(v));
            for &u in neighbours {
                if state[u as usize] > 0 && !seen[u as usize] {
                    seen[u as usize] = true;
                    stack.push(u);
                }
            }
        }
        count
    }
}
