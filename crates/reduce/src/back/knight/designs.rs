//! The Knight tile designs (thesis §6.4, Theorem 6.13), one per King tile kind
//! ([`Design`]): straight wire, corner, variable, Or (the Maximum gadget) and And gates,
//! 1-test, and the crossing of two thin wires (`crossing_thin.txt`: the wire from the
//! North turns thick, Fig. 6.7, crosses the thin wire without any attack between them,
//! Fig. 6.8, and turns thin again; no crossing gadget).
//!
//! A Knight wire has a phase and a parity: along a band its dark columns (the signal
//! columns) of one shape repeat every four squares, with the other shape two squares
//! later. A gadget port therefore fits a wire only at some positions; a route to it
//! tries sequences of up to two *adapters*, each followed by one wire step, shortest
//! first: the stretches and jogs (`stretch_*.txt`, `jog_*.txt`: wire placements found by
//! search; one of them takes a wire to any dark column on its band or one line over),
//! `mirrored` (Fig. 6.6: the other column shape two lines over) and `shift-se`,
//! `shift-sw` (Fig. 6.5: one line over, an odd length along). Each design places its
//! gadget with its straight ports on the tile's bands, or, where a port falls on a
//! light column of its band (its phase depends on the tile's colour and band phases,
//! [`crate::back::geometry::Phase`]), searches the offset that one pair of sides no
//! longer fixes for the nearest placement whose wires reach the tile's borders without
//! unintended contacts, and keeps the smallest; wires that must leave across their flow
//! turn with the `corner` gadget.

use std::sync::{Mutex, OnceLock};

use rustc_hash::FxHashMap;

use crate::back::contacts::check_contacts;
use crate::back::geometry::{Column, Frame, P, Turtle, along};
use crate::back::king::{Design, GateKind};
use crate::back::tileset::reach_of;
use crate::back::{Backend, BackendError, Canvas, Role};
use crate::gadgets::Gadget;
use sat2chess_core::label::Direction;

use super::piece::{Knight, band_of};

/// Every tile design.
pub const DESIGNS: [Design; 8] = [
    Design::Wire,
    Design::Corner,
    Design::VariableOpposite,
    Design::VariableAdjacent,
    Design::Gate(GateKind::And),
    Design::Gate(GateKind::Or),
    Design::OneTest,
    Design::Crossing,
];

/// How far from its natural place (centred on the crossing of the bands) a gadget is
/// searched along its free axis.
const FREE_SEARCH: i64 = 120;

/// Builds one tile design in `frame`.
pub fn build(c: &mut Canvas<Knight>, design: Design, frame: Frame) -> Result<(), BackendError> {
    use Direction::*;
    match design {
        Design::Wire => {
            let mut t = c.entering(frame, West);
            exit(c, &mut t, frame, East)
        }
        Design::Corner => {
            let mut t = c.entering(frame, West);
            exit(c, &mut t, frame, South)
        }
        Design::VariableOpposite => gadget_tile(
            c,
            frame,
            "variable",
            &[('X', North), ('Y', South)],
            &[],
            &[('X', North), ('Y', South)],
            Role::variable(),
        ),
        // The King's upright variant of the tile (never chosen for the Knight, whose
        // tiles come from the shared `tile_design`) is the same Knight tile.
        Design::VariableAdjacent | Design::VariableUpright => gadget_tile(
            c,
            frame,
            "variable",
            &[('X', West), ('Y', East)],
            &[],
            &[('X', North), ('Y', East)],
            Role::variable(),
        ),
        Design::Gate(kind) => {
            let name = match kind {
                GateKind::And => "and",
                GateKind::Or => "or",
            };
            // Both functions are symmetric: either input may come from the West.
            gadget_tile(
                c,
                frame,
                name,
                &[('X', East)],
                &[('a', West), ('b', North)],
                &[('X', East)],
                Role::Plain,
            )
            .or_else(|_| {
                gadget_tile(
                    c,
                    frame,
                    name,
                    &[('X', East)],
                    &[('b', West), ('a', North)],
                    &[('X', East)],
                    Role::Plain,
                )
            })
        }
        Design::OneTest => gadget_tile(
            c,
            frame,
            "one-test",
            &[('a', East)],
            &[('a', West)],
            &[],
            Role::one_test(),
        ),
        Design::Crossing => gadget_tile(
            c,
            frame,
            "crossing-thin",
            &[('a', East), ('b', South)],
            &[('a', West), ('b', North)],
            &[('A', East), ('B', South)],
            Role::Plain,
        ),
    }
}

/// The band a wire flowing toward `flow` uses in `frame`.
fn band(frame: Frame, flow: Direction) -> i64 {
    match flow {
        Direction::East | Direction::West => frame.band_row,
        Direction::North | Direction::South => frame.band_col,
    }
}

/// Continues the wire `t` to the border of `frame` on side `side`, ending on the
/// border's dark column.
fn exit(
    c: &mut Canvas<Knight>,
    t: &mut Turtle,
    frame: Frame,
    side: Direction,
) -> Result<(), BackendError> {
    let band = band(frame, side);
    let target = c
        .backend
        .cross_section(band, frame.exit(side), side, frame.colour);
    connect(c, t, target, side, frame, false)
}

/// Runs the wire `t` on to the column `target` of a wire flowing toward `flow`, turning
/// with a corner first if `t` flows across it (the corner lands its wire on the target's
/// band or next to it; the route after it moves the wire onto the band; of the landings
/// that fit `frame`, the one with the least reach is kept). Adapters go next to the
/// target if `adapters_last`.
fn connect(
    c: &mut Canvas<Knight>,
    t: &mut Turtle,
    target: Column,
    flow: Direction,
    frame: Frame,
    adapters_last: bool,
) -> Result<(), BackendError> {
    if t.flow == flow {
        return route(c, t, target, adapters_last);
    }
    let band = band_of(target, flow);
    let mut last_error = c.error("no corner");
    let mut best: Option<(i64, Vec<crate::back::Element>, Turtle)> = None;
    for delta in [0, -1, 1, -2, 2, -3, 3] {
        let mut trial = c.trial();
        let mut turned = *t;
        let built = turn(&mut trial, &mut turned, flow, band + delta)
            .and_then(|()| route(&mut trial, &mut turned, target, adapters_last));
        match built {
            Ok(()) => {
                let r = reach_of::<Knight>(&trial.elements, frame);
                let size = r.up + r.down + r.left + r.right;
                if r.fits(frame.room()) && best.as_ref().is_none_or(|(least, ..)| size < *least) {
                    best = Some((size, trial.elements, turned));
                }
            }
            Err(error) => last_error = error,
        }
    }
    let (_, elements, turned) = best.ok_or(last_error)?;
    c.elements.extend(elements);
    *t = turned;
    Ok(())
}

/// A corner turning the wire `t` toward `flow` so that the new wire runs in `band`
/// (after a route to the corner's input on the wire's band).
fn turn(
    c: &mut Canvas<Knight>,
    t: &mut Turtle,
    flow: Direction,
    band: i64,
) -> Result<(), BackendError> {
    let (index, turns) = c.orientations("corner", &[('a', t.flow), ('X', flow)])?;
    let corner = &turns[0];
    let (input, output) = (c.port_of(corner, 'a')?, c.port_of(corner, 'X')?);
    let offset = band_offsets(&[
        (input, t.flow, band_of(t.last, t.flow)),
        (output, flow, band),
    ])
    .ok_or_else(|| c.error("corner misaligned"))?;
    let (Some(dr), Some(dc)) = offset else {
        return Err(c.error("corner offset not fixed"));
    };
    route(c, t, moved(input, (dr, dc)), true)?;
    let placed = c.stamp(index, corner, (dr, dc), Role::Plain)?;
    *t = placed.turtle('X')?;
    Ok(())
}

/// A gadget's row and column offsets, where fixed.
type Offsets = (Option<i64>, Option<i64>);

fn moved(column: Column, (dr, dc): P) -> Column {
    column.map(|p| (p.0 + dr, p.1 + dc))
}

/// The row and column offsets that put each port `(column, flow, band)` on its band
/// (a port flowing East or West fixes the row offset, one flowing North or South the
/// column offset); `None` if two ports disagree.
fn band_offsets(ports: &[(Column, Direction, i64)]) -> Option<Offsets> {
    let (mut dr, mut dc) = (None, None);
    for &(column, flow, band) in ports {
        let value = band - band_of(column, flow);
        let slot = match flow {
            Direction::East | Direction::West => &mut dr,
            Direction::North | Direction::South => &mut dc,
        };
        match *slot {
            Some(v) if v != value => return None,
            _ => *slot = Some(value),
        }
    }
    Some((dr, dc))
}

/// The wire pieces that change a wire's phase or band, each followed by one wire step,
/// shortest first: the stretches (`stretch_*.txt`: the same band, the phase moved by 2, 1
/// or 3 squares), the jogs (`jog_*.txt`: one line over, with either column shape and
/// any phase), `mirrored` (Fig. 6.6: the other column shape, two lines over) and the
/// shifts (Fig. 6.5: one line over, an odd length along). With the board's symmetries
/// one stretch or jog takes a wire to any dark column within one line of its band.
const ADAPTERS: [&str; 13] = [
    "jog-back-5",
    "stretch-2",
    "jog-mirror-6",
    "jog-back-mirror-6",
    "jog-7",
    "jog-back-7",
    "jog-back-mirror-8",
    "stretch-1",
    "stretch-3",
    "jog-mirror-12",
    "mirrored",
    "shift-se",
    "shift-sw",
];

/// How many adapters a route chains at most.
const MAX_ADAPTERS: usize = 2;

/// Where each plan of [`plans`] puts the last column of a wire like `t`, relative to the
/// outer square of its last column now (`None`: the plan's adapters do not fit it). This
/// depends only on the wire's flow and column shape, so it is worked out once per
/// process for each.
fn plan_shifts(c: &Canvas<Knight>, t: &Turtle) -> Vec<Option<Column>> {
    type Shifts = FxHashMap<(Direction, P), Vec<Option<Column>>>;
    static SHIFTS: OnceLock<Mutex<Shifts>> = OnceLock::new();
    let [outer, inner] = t.last;
    let key = (t.flow, (inner.0 - outer.0, inner.1 - outer.1));
    let shifts = SHIFTS.get_or_init(Mutex::default);
    if let Some(known) = shifts
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(&key)
    {
        return known.clone();
    }
    let known: Vec<Option<Column>> = plans()
        .iter()
        .map(|plan| {
            let mut probe = c.trial();
            let mut end = *t;
            apply(&mut probe, &mut end, plan).ok()?;
            Some(end.last.map(|p| (p.0 - outer.0, p.1 - outer.1)))
        })
        .collect();
    shifts
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(key, known.clone());
    known
}

/// Sequences of adapters a route tries, shortest first (worked out once per process:
/// every route walks them).
fn plans() -> &'static [Vec<&'static str>] {
    static PLANS: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
    PLANS.get_or_init(|| {
        let mut plans: Vec<Vec<&'static str>> = vec![vec![]];
        let mut frontier = plans.clone();
        for _ in 0..MAX_ADAPTERS {
            frontier = frontier
                .iter()
                .flat_map(|plan| {
                    ADAPTERS.iter().map(move |&a| {
                        let mut next = plan.clone();
                        next.push(a);
                        next
                    })
                })
                .collect();
            plans.extend(frontier.iter().cloned());
        }
        plans
    })
}

/// Places the adapters of `plan` after `t`.
fn apply(c: &mut Canvas<Knight>, t: &mut Turtle, plan: &[&str]) -> Result<(), BackendError> {
    for name in plan {
        let orient = [('a', t.flow), ('X', t.flow)];
        let placed = c.place(name, &orient, ('a', t.last), Role::Plain)?;
        *t = placed.turtle('X')?;
        c.column(t);
    }
    Ok(())
}

/// Runs the wire `t` on to the column `target` (flowing the same way) with wire steps
/// and the shortest plan of adapters that lands on it; the adapters go at the end if
/// `adapters_last` (next to a gadget fed from the border), else at the start.
fn route(
    c: &mut Canvas<Knight>,
    t: &mut Turtle,
    target: Column,
    adapters_last: bool,
) -> Result<(), BackendError> {
    let flow = t.flow;
    let (fr, fc) = flow.delta();
    let sign = fr + fc;
    let goal = along(target[0], flow);
    for (plan, shift) in plans().iter().zip(plan_shifts(c, t)) {
        let Some(shift) = shift else {
            continue;
        };
        let end = Turtle {
            last: moved(shift, t.last[0]),
            flow,
        };
        let rest = (goal - end.along()) * sign;
        if rest < 0 || rest % 4 != 0 || moved(end.last, (fr * rest, fc * rest)) != target {
            continue;
        }
        // The first plan that lands and touches nothing already on the canvas.
        let mut built = c.trial();
        built.elements = c.elements.clone();
        let mut turtle = *t;
        let placed = if adapters_last {
            built
                .extend_to(&mut turtle, t.along() + rest * sign)
                .and_then(|()| apply(&mut built, &mut turtle, plan))
        } else {
            apply(&mut built, &mut turtle, plan).and_then(|()| built.extend_to(&mut turtle, goal))
        };
        if placed.is_err() || check_contacts::<Knight>(&built.elements).is_err() {
            continue;
        }
        c.elements = built.elements;
        *t = turtle;
        return Ok(());
    }
    Err(c.error(format!("no wire from {:?} to {target:?}", t.last)))
}

/// A tile around one gadget turned by `orient`: each input `(port, side)` fed by a wire
/// entering from `side`, each output `(port, side)` leaving toward `side`. Ports that run
/// straight to their side fix the gadget's offset across their flow. A gadget whose
/// ports all land on the bands is placed there; otherwise the wires from and to the
/// North and South (then those from and to the West and East) may reach their band
/// through adapters, and the axis they no longer fix is searched outward from the
/// offset that puts them on their band (the gadget centred on the crossing of the bands
/// if no port does). Of the first placement each way, the one with the least reach is
/// kept.
fn gadget_tile(
    c: &mut Canvas<Knight>,
    frame: Frame,
    name: &str,
    orient: &[(char, Direction)],
    inputs: &[(char, Direction)],
    outputs: &[(char, Direction)],
    role: Role,
) -> Result<(), BackendError> {
    let (index, turns) = c.orientations(name, orient)?;
    let mut last_error = c.error(format!("no placement of {name}"));
    let mut best: Option<(i64, Vec<crate::back::Element>)> = None;
    // Which sides' wires may leave their band: none, North and South, West and East.
    let modes: [fn(Direction) -> bool; 3] = [|_| false, vertical_side, |d| !vertical_side(d)];
    for (mode, relaxed) in modes.into_iter().enumerate() {
        for gadget in &turns {
            let fixed = |ports: &[(char, Direction)]| -> Vec<(char, Direction)> {
                ports.iter().filter(|p| !relaxed(p.1)).copied().collect()
            };
            let Some((dr, dc)) = fixed_offsets(c, gadget, frame, &fixed(inputs), &fixed(outputs))?
            else {
                continue;
            };
            if dr.is_none() && dc.is_none() {
                continue;
            }
            let (aligned_r, aligned_c) =
                fixed_offsets(c, gadget, frame, inputs, outputs)?.unwrap_or((None, None));
            let centre = |band: i64, size: u32| band - i64::from(size) / 2;
            let candidates = |fixed: Option<i64>, natural: i64| -> Vec<i64> {
                match fixed {
                    Some(v) => vec![v],
                    None => (0..=2 * FREE_SEARCH)
                        .map(|k| natural + if k % 2 == 0 { k / 2 } else { -(k + 1) / 2 })
                        .collect(),
                }
            };
            let rows = candidates(
                dr,
                aligned_r.unwrap_or_else(|| centre(frame.band_row, gadget.rows)),
            );
            let cols = candidates(
                dc,
                aligned_c.unwrap_or_else(|| centre(frame.band_col, gadget.cols)),
            );
            // The first placement whose reach fits the tile: in every frame with room for
            // a reach the design measured, one that fits is found.
            let placed = rows
                .iter()
                .flat_map(|&r| cols.iter().map(move |&k| (r, k)))
                .find_map(|offset| {
                    match try_place(c, frame, index, gadget, offset, inputs, outputs, &role) {
                        Ok(trial) => {
                            let reach = reach_of::<Knight>(&trial, frame);
                            reach.fits(frame.room()).then_some((reach, trial))
                        }
                        Err(error) => {
                            last_error = error;
                            None
                        }
                    }
                });
            if let Some((r, trial)) = placed {
                let size = r.up + r.down + r.left + r.right;
                if best.as_ref().is_none_or(|(least, _)| size < *least) {
                    best = Some((size, trial));
                }
            }
        }
        // A gadget whose ports all land on their bands needs no adapter to move it.
        if mode == 0 && best.is_some() {
            break;
        }
    }
    let (_, elements) = best.ok_or(last_error)?;
    c.elements.extend(elements);
    Ok(())
}

/// Whether a wire from or to `side` runs North–South.
fn vertical_side(side: Direction) -> bool {
    matches!(side, Direction::North | Direction::South)
}

/// The offsets the straight ports of `gadget` fix (`None`: they disagree).
fn fixed_offsets(
    c: &Canvas<Knight>,
    gadget: &Gadget,
    frame: Frame,
    inputs: &[(char, Direction)],
    outputs: &[(char, Direction)],
) -> Result<Option<Offsets>, BackendError> {
    let mut straight = Vec::new();
    for &(name, side) in inputs.iter().chain(outputs) {
        let port = gadget
            .port(name)
            .ok_or_else(|| c.error(format!("{} has no port {name}", gadget.name)))?;
        let along_side = (port.flow.delta().0 == 0) == (side.delta().0 == 0);
        if along_side {
            straight.push((c.port_of(gadget, name)?, port.flow, band(frame, port.flow)));
        }
    }
    Ok(band_offsets(&straight))
}

/// The elements of `gadget` moved by `offset` with its wires to the tile's borders, if
/// they fit in `frame` without unintended contacts.
#[allow(clippy::too_many_arguments)]
fn try_place(
    c: &Canvas<Knight>,
    frame: Frame,
    index: usize,
    gadget: &Gadget,
    offset: P,
    inputs: &[(char, Direction)],
    outputs: &[(char, Direction)],
    role: &Role,
) -> Result<Vec<crate::back::Element>, BackendError> {
    let mut trial = c.trial();
    let placed = trial.stamp(index, gadget, offset, role.clone())?;
    for &(name, side) in inputs {
        let mut t = trial.entering(frame, side);
        let (target, flow) = placed.port(name)?;
        connect(&mut trial, &mut t, target, flow, frame, true)?;
    }
    for &(name, side) in outputs {
        let mut t = placed.turtle(name)?;
        exit(&mut trial, &mut t, frame, side)?;
    }
    if let Some(&(p, _)) = trial
        .elements
        .iter()
        .flat_map(|e| &e.pieces)
        .find(|(p, _)| !frame.contains(*p))
    {
        return Err(trial.error(format!("square {p:?} outside the tile")));
    }
    check_contacts::<Knight>(&trial.elements)?;
    Ok(trial.elements)
}
