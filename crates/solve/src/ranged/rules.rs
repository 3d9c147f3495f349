//! The line geometry of a compact ranged board and the proven pruning rules of its
//! search ([`super::RangedEngine`]).
//!
//! The *line graph* of a state has the occupied slots as vertices, two of them adjacent
//! when they share a line of the board's kind (a row or column for rooks, a diagonal
//! for bishops, either for queens), whatever stands between them. It is the capture
//! graph of thesis Definition 3.4, and the rules use the same four facts as
//! [`super::super::analysis`]: every capture moves a piece along an edge of it; squares
//! are only ever vacated, so a later state's graph is an induced subgraph of an earlier
//! one's; a vacated square is never occupied again; and each capture spends one unit of
//! its mover's budget.

use smallvec::SmallVec;

use sat2chess_core::board::{Board, Piece, PieceKind, Square};

use super::compact::{Compact, bits, mix};

/// Why a state is dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dead {
    /// Budget sum below pieces − 1.
    Budget,
    /// The line graph is disconnected.
    Components,
    /// No candidate final square is left.
    FinalSquare,
}

/// The captures of a state, in the order the search tries them.
pub(crate) type Moves = SmallVec<[(usize, usize); 64]>;

/// The start squares of a board of one ranged kind, numbered in (row, column) order,
/// with each slot's rays and lines as slot masks.
pub(crate) struct Lines {
    pub squares: Vec<Square>,
    kind: PieceKind,
    rows: u32,
    cols: u32,
    /// Per slot, its rays toward increasing slot numbers (nearest = lowest bit).
    forward: Vec<SmallVec<[u128; 4]>>,
    /// Per slot, its rays toward decreasing slot numbers (nearest = highest bit).
    backward: Vec<SmallVec<[u128; 4]>>,
    /// Per slot, every other slot on one of its lines.
    pub line: Vec<u128>,
    /// Per slot, a label of its place in the start line graph ([`refined_labels`]):
    /// equal on boards whose line graphs are isomorphic (a rook board and its queen
    /// and bishop transformations), so move orders built on it agree there.
    label: Vec<u64>,
    /// The start state.
    pub start: Compact,
}

/// Colour refinement (Weisfeiler–Leman, 4 rounds) of the line graph of `occ`: each
/// slot starts with its degree, and each round hashes a slot's label with the sorted
/// labels of its neighbours. Labels depend on the graph only, not on the numbering.
fn refined_labels(line: &[u128], occ: u128) -> Vec<u64> {
    let mut label: Vec<u64> = line
        .iter()
        .map(|l| u64::from((l & occ).count_ones()))
        .collect();
    for _ in 0..4 {
        label = (0..line.len())
            .map(|s| {
                let mut around: Vec<u64> = bits(line[s] & occ).map(|t| label[t]).collect();
                around.sort_unstable();
                around
                    .iter()
                    .fold(mix(label[s] ^ 0x5851_f42d_4c95_7f2d), |h, &x| mix(h ^ x))
            })
            .collect();
    }
    label
}

/// Whether `a` and `b` lie on one line of `family`: 0 row, 1 column, 2 diagonal
/// (row − column), 3 anti-diagonal (row + column).
fn same_line(a: Square, b: Square, family: usize) -> bool {
    let key = |s: Square| {
        let (r, c) = (s.row as i64, s.col as i64);
        [r, c, r - c, r + c][family]
    };
    key(a) == key(b)
}

impl Lines {
    /// The geometry of `board` (one ranged kind, at most 128 pieces, budgets ≤ 3).
    pub fn new(board: &Board) -> Lines {
        let kind = board.uniform_kind().expect("a board of one kind");
        let mut pieces: Vec<&Piece> = board.pieces().iter().collect();
        pieces.sort_unstable_by_key(|p| p.square);
        let squares: Vec<Square> = pieces.iter().map(|p| p.square).collect();
        let families: &[usize] = match kind {
            PieceKind::Rook => &[0, 1],
            PieceKind::Bishop => &[2, 3],
            _ => &[0, 1, 2, 3],
        };
        let n = squares.len();
        let mut forward = vec![SmallVec::new(); n];
        let mut backward = vec![SmallVec::new(); n];
        let mut line = vec![0u128; n];
        for (a, &sa) in squares.iter().enumerate() {
            for &family in families {
                // Slots b on the family's line through a: forward when b comes later
                // in (row, column) order, backward when earlier.
                let (mut ahead, mut behind) = (0u128, 0u128);
                for (b, &sb) in squares.iter().enumerate() {
                    if b != a && same_line(sa, sb, family) {
                        if b > a {
                            ahead |= 1u128 << b;
                        } else {
                            behind |= 1u128 << b;
                        }
                    }
                }
                if ahead != 0 {
                    forward[a].push(ahead);
                }
                if behind != 0 {
                    backward[a].push(behind);
                }
                line[a] |= ahead | behind;
            }
        }
        let mut start = Compact {
            occ: 0,
            lo: 0,
            hi: 0,
        };
        for (slot, piece) in pieces.iter().enumerate() {
            start.occ |= 1u128 << slot;
            start.lo |= u128::from(piece.budget & 1) << slot;
            start.hi |= u128::from(piece.budget >> 1 & 1) << slot;
        }
        let label = refined_labels(&line, start.occ);
        Lines {
            label,
            squares,
            kind,
            rows: board.rows(),
            cols: board.cols(),
            forward,
            backward,
            line,
            start,
        }
    }

    /// The slot of `square`, if a piece started there.
    pub fn slot(&self, square: Square) -> Option<usize> {
        self.squares.binary_search(&square).ok()
    }

    /// The state as a board (for the special cases).
    pub fn board_of(&self, state: &Compact) -> Board {
        let pieces = bits(state.occ)
            .map(|s| Piece::new(self.kind, self.squares[s], state.budget(s)))
            .collect();
        Board::new(self.rows, self.cols, pieces).expect("the start board's squares")
    }

    /// Degree of `slot` in the line graph of `state`.
    pub(crate) fn degree(&self, state: &Compact, slot: usize) -> u32 {
        (self.line[slot] & state.occ).count_ones()
    }

    /// The candidate final squares of `state` inside `finals` (which holds every final
    /// square of every solution of `state`), or why `state` is dead.
    ///
    /// * **Budget** (thesis §3.3): each capture removes one piece and spends one unit,
    ///   so a solvable state has budget sum ≥ pieces − 1.
    /// * **Vacated squares**: only an occupied slot can hold the last piece.
    /// * **Zero leaves**: let slot p hold a 0-piece and have exactly one neighbour q in
    ///   the line graph. The 0-piece never moves, so p is vacated only if a piece
    ///   captures onto p — from q, p's only neighbour. That capture vacates q, so the
    ///   capturer, now on p, has no neighbour left (later graphs are induced subgraphs)
    ///   and can never move or be captured. Either way p stays occupied to the end, so
    ///   p is the final square of every solution.
    /// * **Components**: a capture moves a piece along an edge and edges never appear,
    ///   so each component of the line graph keeps a piece to the end (§3.3.1); a
    ///   solvable state with two or more pieces has a connected line graph.
    pub(crate) fn prune(&self, state: &Compact, finals: u128) -> Result<u128, Dead> {
        if state.budget_sum() + 1 < state.count() {
            return Err(Dead::Budget);
        }
        let mut finals = finals & state.occ;
        for p in bits(state.zero()) {
            if self.degree(state, p) == 1 {
                finals &= 1u128 << p;
            }
        }
        if finals != 0 {
            finals = self.antennae(state, finals);
        }
        if finals != 0 && state.hi & state.lo == 0 {
            finals = self.stranded(state, finals);
        }
        if finals == 0 {
            return Err(Dead::FinalSquare);
        }
        if !self.connected(state) {
            return Err(Dead::Components);
        }
        Ok(finals)
    }

    /// Antennae (thesis Lemmas 3.5–3.6, Corollary 3.7, as in
    /// [`super::super::analysis`]): let v1 be a leaf of the line graph with budget
    /// c ≥ 1, and v1, v2, …, v_{c+2} an induced path whose interior vertices v2 … v_{c+1}
    /// have degree 2. The pieces of v1 … v_{c+1} can only leave the path through
    /// v_{c+2}, and the piece on v1 would need more than its c captures to get there
    /// while keeping the path's order (the corollary's argument), so every solution
    /// ends on the path: `finals` is cut down to it. (The 0-leaf, c = 0, is the zero
    /// leaf rule of [`Self::prune`].)
    fn antennae(&self, state: &Compact, mut finals: u128) -> u128 {
        let count = state.count() as usize;
        for leaf in bits(state.occ & !state.zero()) {
            let budget = state.budget(leaf) as usize;
            if self.degree(state, leaf) != 1 || budget + 2 > count {
                continue;
            }
            let mut path = 1u128 << leaf;
            let mut current = leaf;
            let mut complete = true;
            for step in 1..budget + 2 {
                if step > 1 && self.degree(state, current) != 2 {
                    complete = false;
                    break;
                }
                let next = self.line[current] & state.occ & !path;
                if next == 0 {
                    complete = false;
                    break;
                }
                current = next.trailing_zeros() as usize;
                path |= 1u128 << current;
            }
            if complete {
                finals &= path;
            }
        }
        finals
    }

    /// Stranded pieces (thesis Observation 3.3, as in [`super::super::analysis`]),
    /// applied while no budget exceeds 2: a 0-piece on z never moves, so z is vacated
    /// only if a piece enters z and leaves again. Entering and leaving take two
    /// captures, so the rescuer has budget 2 before entering; budgets never grow and a
    /// piece that arrived anywhere has budget ≤ 1, so the rescuer is a 2-piece standing
    /// now on a line-neighbour z1 of z. It leaves z onto a square z3 ≠ z1 occupied now
    /// (vacated squares stay empty) on a line through z, and z3 is not strictly
    /// between z1 and z (those squares are empty when it enters z, and stay empty).
    /// Without such a pair (z1, z3), z is occupied to the end: it is the final square.
    fn stranded(&self, state: &Compact, mut finals: u128) -> u128 {
        let twos = state.hi & state.occ;
        for z in bits(state.zero()) {
            let around = self.line[z] & state.occ;
            let rescued = around.count_ones() >= 2
                && bits(around & twos).any(|z1| {
                    let blocked = self.between(z, z1);
                    around & !(1u128 << z1) & !blocked != 0
                });
            if !rescued {
                finals &= 1u128 << z;
            }
        }
        finals
    }

    /// The slots strictly between `z` and `other` on the ray of `z` that holds `other`.
    fn between(&self, z: usize, other: usize) -> u128 {
        let bit = 1u128 << other;
        for &ray in &self.forward[z] {
            if ray & bit != 0 {
                return ray & (bit - 1);
            }
        }
        for &ray in &self.backward[z] {
            if ray & bit != 0 {
                return ray & !(bit - 1) & !bit;
            }
        }
        0
    }

    /// The component of the line graph of `occ` that holds `first`.
    fn component(&self, occ: u128, first: usize) -> u128 {
        let mut reached = 1u128 << first;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0u128;
            for s in bits(frontier) {
                next |= self.line[s];
            }
            next &= occ & !reached;
            reached |= next;
            frontier = next;
        }
        reached
    }

    /// Whether the line graph of `state` is connected.
    pub fn connected(&self, state: &Compact) -> bool {
        state.occ == 0
            || self.component(state.occ, state.occ.trailing_zeros() as usize) == state.occ
    }

    /// Every cut vertex of the (connected) line graph of `state` with each of its
    /// sides: the components of the graph without it. Tarjan's depth-first search over
    /// the neighbour masks: a non-root vertex p separates the subtree of a child c when
    /// low(c) ≥ disc(p), and the rest of the graph (which holds the root) is one more
    /// side; the root is a cut vertex when it has two or more children, each subtree a
    /// side.
    pub(crate) fn cut_sides(&self, state: &Compact) -> SmallVec<[(usize, u128); 8]> {
        let mut found = SmallVec::new();
        let occ = state.occ;
        if occ.count_ones() < 3 {
            return found;
        }
        let mut disc = [0u8; 128];
        let mut low = [0u8; 128];
        let mut subtree = [0u128; 128];
        let mut separated = [0u128; 128];
        let mut stack: SmallVec<[(usize, u128); 64]> = SmallVec::new();
        let root = occ.trailing_zeros() as usize;
        let mut time = 1u8;
        disc[root] = 1;
        low[root] = 1;
        subtree[root] = 1u128 << root;
        stack.push((root, self.line[root] & occ));
        let mut root_sides: SmallVec<[u128; 8]> = SmallVec::new();
        while let Some(top) = stack.last_mut() {
            let u = top.0;
            if top.1 != 0 {
                let w = top.1.trailing_zeros() as usize;
                top.1 &= top.1 - 1;
                if disc[w] == 0 {
                    time += 1;
                    disc[w] = time;
                    low[w] = time;
                    subtree[w] = 1u128 << w;
                    stack.push((w, self.line[w] & occ & !(1u128 << u)));
                } else {
                    low[u] = low[u].min(disc[w]);
                }
                continue;
            }
            stack.pop();
            if let Some(&(p, _)) = stack.last() {
                low[p] = low[p].min(low[u]);
                subtree[p] |= subtree[u];
                if p == root {
                    root_sides.push(subtree[u]);
                } else if low[u] >= disc[p] {
                    found.push((p, subtree[u]));
                    separated[p] |= subtree[u];
                }
            }
        }
        for v in bits(occ) {
            if separated[v] != 0 {
                found.push((v, occ & !(1u128 << v) & !separated[v]));
            }
        }
        if root_sides.len() >= 2 {
            found.extend(root_sides.into_iter().map(|side| (root, side)));
        }
        found
    }

    /// The legal captures of `state`, leaves' captures first, without captures that
    /// vacate the only candidate final square (it would stay empty, thesis Cor. 3.7).
    ///
    /// Captures by pieces of equal degree are ordered by a hash of `seed` (one per
    /// restart round of [`super::RangedEngine`]) and the two slots' labels, then by slot.
    pub fn moves(&self, state: &Compact, finals: u128, seed: u64) -> Moves {
        let mut moves: SmallVec<[(u32, u64, usize, usize); 64]> = SmallVec::new();
        let tie =
            |from: usize, to: usize| mix(seed ^ self.label[from] ^ self.label[to].rotate_left(29));
        let movers = (state.lo | state.hi) & state.occ;
        let lone_final = (finals.count_ones() == 1).then_some(finals);
        for from in bits(movers) {
            if lone_final == Some(1u128 << from) {
                continue;
            }
            let degree = self.degree(state, from);
            for &ray in &self.forward[from] {
                let hit = ray & state.occ;
                if hit != 0 {
                    let to = hit.trailing_zeros() as usize;
                    moves.push((degree, tie(from, to), from, to));
                }
            }
            for &ray in &self.backward[from] {
                let hit = ray & state.occ;
                if hit != 0 {
                    let to = 127 - hit.leading_zeros() as usize;
                    moves.push((degree, tie(from, to), from, to));
                }
            }
        }
        moves.sort_unstable();
        moves
            .into_iter()
            .map(|(_, _, from, to)| (from, to))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cut vertices and sides by removing each vertex and walking the rest.
    fn naive_cut_sides(lines: &Lines, state: &Compact) -> Vec<(usize, u128)> {
        let mut found = Vec::new();
        for v in bits(state.occ) {
            let mut rest = state.occ & !(1u128 << v);
            if rest == 0 || lines.component(rest, rest.trailing_zeros() as usize) == rest {
                continue;
            }
            while rest != 0 {
                let side = lines.component(rest, rest.trailing_zeros() as usize);
                found.push((v, side));
                rest &= !side;
            }
        }
        found.sort_unstable();
        found
    }

    #[test]
    fn tarjan_cut_sides_match_the_naive_ones() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed = super::super::mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
            seed
        };
        let kinds = [PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop];
        let mut cut_states = 0;
        for round in 0..3000 {
            let kind = kinds[round % 3];
            let size = 3 + (next() % 8) as u32;
            let count = 3 + (next() % 20) as usize;
            let mut squares = std::collections::BTreeSet::new();
            while squares.len() < count.min((size * size) as usize) {
                let cell = (next() % u64::from(size * size)) as u32;
                squares.insert(Square::new(cell / size + 1, cell % size + 1));
            }
            let pieces = squares.iter().map(|&sq| Piece::new(kind, sq, 2)).collect();
            let board = Board::new(size, size, pieces).unwrap();
            let lines = Lines::new(&board);
            let state = lines.start;
            if !lines.connected(&state) {
                continue;
            }
            let mut fast: Vec<_> = lines.cut_sides(&state).into_vec();
            fast.sort_unstable();
            let naive = naive_cut_sides(&lines, &state);
            cut_states += usize::from(!naive.is_empty());
            assert_eq!(fast, naive, "{board:?}");
        }
        assert!(
            cut_states > 100,
            "only {cut_states} boards with cut vertices"
        );
    }
}
