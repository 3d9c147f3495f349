//! `render BOARD` of these boards: a §3.1 board with its graph drawn over it, a §3.2
//! board with its squares tinted by role.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use sat2chess::board::Square;
use sat2chess::hampath::planar::PlanarBoard;
use sat2chess::io;
use sat2chess::render::roles::Role;
use sat2chess::transform::planar_monotone::{PlanarMonotone, Side};

use crate::cmd::output;
use crate::cmd::{code, exit};

use super::graph::instance;
use super::planar::planar_instance;

/// `render BOARD` of a board of `compile --unlimited`: a §3.1 board with its graph drawn
/// over it (sat2chess-render's `unlimited` figure), a §3.2 board with its squares tinted
/// by role (its `roles` figure); `moves` as numbered arrows.
pub(crate) fn render(
    board_path: &Path,
    provenance: &serde_json::Value,
    moves: Option<&Path>,
    format: sat2chess::render::Format,
    to: Option<&Path>,
) -> Result<ExitCode> {
    let name = provenance
        .pointer("/source/name")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("instance");
    if let Some((pieces, source, planar)) = planar_instance(board_path, provenance)? {
        let moves = match moves {
            Some(path) => io::read_moves(path, (planar.board.rows(), planar.board.cols()))?,
            None => Vec::new(),
        };
        let (roles, notes, caption) = if planar.board.len() <= MAX_TINTED_PIECES {
            let (roles, notes) = if pieces.theorem == "3.9" {
                theorem_3_9_roles(source.instance(), &planar)?
            } else {
                (walk_roles(&planar), Vec::new())
            };
            (roles, notes, format!("{}: {name}", pieces.title()))
        } else {
            let caption = format!(
                "{}: {name} (squares tinted by role up to {MAX_TINTED_PIECES} pieces)",
                pieces.title()
            );
            (Vec::new(), Vec::new(), caption)
        };
        let figure = sat2chess::render::roles::Figure {
            board: &planar.board,
            hero: planar.hero,
            roles: &roles,
            notes: &notes,
            caption: &caption,
        };
        output::stream(to, |out| {
            sat2chess::render::roles::write(&figure, &moves, format, out)
                .with_context(|| io::display_path(board_path).display().to_string())
        })?;
        return Ok(code(exit::YES));
    }
    let (theorem, graph, construction) = instance(board_path, provenance)?;
    let moves = match moves {
        Some(path) => io::read_moves(path, (construction.board.rows(), construction.board.cols()))?,
        None => Vec::new(),
    };
    let figure = sat2chess::render::unlimited::Figure {
        graph: &graph,
        theorem,
        construction: &construction,
        name,
    };
    output::stream(to, |out| {
        sat2chess::render::unlimited::write(&figure, &moves, format, out)
            .with_context(|| io::display_path(board_path).display().to_string())
    })?;
    Ok(code(exit::YES))
}

/// The most pieces a §3.2 figure tints by role (one tinted square each: a larger board,
/// e.g. the 263739 pieces of messy.cnf's, is drawn with its hero framed only, as its
/// SVG would grow tenfold).
const MAX_TINTED_PIECES: usize = 20_000;

/// Texts centred on squares of a role figure (`roles::Figure::notes`).
type Notes = Vec<(Square, String)>;

/// The roles of a Theorem 3.10 / 3.11 board's squares, from its walk; the villains off
/// the walk are connectors on the lines of one group each.
fn walk_roles(planar: &PlanarBoard) -> Vec<Role> {
    use sat2chess::hampath::planar::WalkRole;
    let names = [
        (WalkRole::Always, "junctions and chains (every walk)"),
        (WalkRole::Top, "top (the hero ends here)"),
        (WalkRole::Positive, "positive path (taken: variable true)"),
        (WalkRole::Negative, "negative path (taken: variable false)"),
        (
            WalkRole::Literal,
            "literal squares (joined to their clause)",
        ),
    ];
    let walk = planar.walk_roles();
    let mut roles: Vec<Role> = names
        .iter()
        .map(|&(role, name)| Role {
            name: name.to_owned(),
            squares: walk.iter().filter(|w| w.1 == role).map(|w| w.0).collect(),
        })
        .collect();
    let on_walk: BTreeSet<Square> = walk.iter().map(|w| w.0).chain([planar.hero]).collect();
    roles.push(Role {
        name: "connectors (lines of one clause or of every walk)".to_owned(),
        squares: planar
            .board
            .pieces()
            .iter()
            .map(|p| p.square)
            .filter(|s| !on_walk.contains(s))
            .collect(),
    });
    roles
}

/// The roles of the squares of the Theorem 3.9 board `planar` of `instance`, in legend
/// order, and the variables' names (each in the free square between its interior
/// knights), for its figure. The board exposes only its hero's square, so the squares
/// come from the layout `hampath::planar` documents (signed `(r, x)`, the hero at
/// `(0, 0)`), each checked to hold a piece; the knights no other role claims are the
/// clause wires.
fn theorem_3_9_roles(
    instance: &PlanarMonotone,
    planar: &PlanarBoard,
) -> Result<(Vec<Role>, Notes)> {
    let occupied: BTreeSet<Square> = planar.board.pieces().iter().map(|p| p.square).collect();
    let hero = planar.hero;
    let at = |(r, x): (i64, i64)| {
        let (row, col) = (i64::from(hero.row) - r, i64::from(hero.col) + x);
        (row >= 1 && col >= 1).then(|| Square::new(row as u32, col as u32))
    };
    let piece = |signed: (i64, i64)| {
        at(signed)
            .filter(|square| occupied.contains(square))
            .ok_or_else(|| {
                crate::cmd::Internal(format!(
                    "the Theorem 3.9 board has no piece at {signed:?} of its documented layout"
                ))
            })
    };
    let mut occurrences: HashMap<(Side, u32), usize> = HashMap::new();
    for clause in &instance.clauses {
        for v in &clause.vars {
            *occurrences.entry((clause.side, v.0)).or_default() += 1;
        }
    }
    let n = i64::from(instance.num_vars);
    let sides = [(Side::Positive, -1), (Side::Negative, 1)];
    let role = |name: &str| Role {
        name: name.to_owned(),
        squares: Vec::new(),
    };
    let mut junctions = role("junction knights");
    let mut top = role("top knight (the hero ends here)");
    let mut positive = role("positive path (taken: variable true)");
    let mut negative = role("negative path (taken: variable false)");
    let mut literals = role("literal squares (path corners)");
    let mut interior = role("interior knights (both paths)");
    let mut links = role("link knights (literal to clause)");
    let mut bridges = role("bridge knights (literal occurs once)");
    let mut notes = Vec::new();
    for v in 0..n {
        let r0 = 8 * v;
        junctions.squares.push(piece((r0 + 8, 0))?);
        interior.squares.push(piece((r0 + 3, 0))?);
        interior.squares.push(piece((r0 + 5, 0))?);
        if let Some(square) = at((r0 + 4, 0)).filter(|s| !occupied.contains(s)) {
            notes.push((square, format!("x{}", v + 1)));
        }
        for (side, sigma) in sides {
            if !at((r0 + 1, sigma)).is_some_and(|s| occupied.contains(&s)) {
                continue;
            }
            let path = if side == Side::Positive {
                &mut positive
            } else {
                &mut negative
            };
            for (d, w) in [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 2), (7, 1)] {
                let square = piece((r0 + d, sigma * w))?;
                if w == 3 {
                    literals.squares.push(square);
                } else {
                    path.squares.push(square);
                }
            }
            links.squares.push(piece((r0 + 2, 5 * sigma))?);
            links.squares.push(piece((r0 + 6, 5 * sigma))?);
            let count = occurrences.get(&(side, v as u32)).copied().unwrap_or(0);
            if count < 2 {
                bridges.squares.push(piece((r0 + 4, 6 * sigma))?);
            }
        }
    }
    top.squares.push(piece((8 * n + 1, 1))?);
    let mut roles = vec![
        junctions, top, positive, negative, literals, interior, links, bridges,
    ];
    let claimed: BTreeSet<Square> = roles
        .iter()
        .flat_map(|role| role.squares.iter().copied())
        .chain([hero])
        .collect();
    roles.push(Role {
        name: "clause wires (legs and trunks)".to_owned(),
        squares: occupied.difference(&claimed).copied().collect(),
    });
    Ok((roles, notes))
}
