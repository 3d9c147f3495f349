//! The King tile designs (thesis §5.8): each tile kind is designed once in one
//! orientation — straight wire, corner, variable (outputs on opposite or on adjacent
//! sides; with adjacent outputs lying or upright), gate, 1-test, and the full wire
//! crossing (Lemma 5.13, built as in Fig. 5.15b from a Double Assignment, Fig. 5.8, and
//! the functions f, g, h of Table 5.2) — and [`tile_design`] says which design and
//! symmetry realise each layout tile ([`king_design`] picks between the two variables
//! with adjacent outputs). A design places its gadgets at fixed offsets from the point
//! where its two wire bands cross (two rows for horizontal wires, two columns for
//! vertical ones) and runs its wires along the bands to the tile's border. Inside a
//! tile, gadgets are joined by wire columns and corners, or directly where an output
//! port lies on the squares of the next gadget's input port (its column is then that
//! input's signal column, as between the parts of the library's composite gadgets);
//! every input port holds such a column.

use crate::gadgets::Symmetry;
use crate::layout::{GateOp, Layout, NodeKind, Tile};
use sat2chess_core::label::Direction;

use super::piece::King;
use crate::back::geometry::{Column, Frame, Turtle, symmetry_for};
use crate::back::{BackendError, Canvas, Placed, Role};

/// The tile designs, in their canonical orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Design {
    /// Straight wire flowing East.
    Wire,
    /// Entering from the West, leaving South.
    Corner,
    /// Outputs North (`X`) and South (`Y`).
    VariableOpposite,
    /// Outputs North (`X`) and East (`Y`), the variable lying along the row band (long
    /// toward the East).
    VariableAdjacent,
    /// Outputs North (`X`) and East (`Y`), the variable standing on the column band (long
    /// toward the North).
    VariableUpright,
    /// Inputs from the West and the North, output East.
    Gate(GateKind),
    /// Input from the West.
    OneTest,
    /// The through wire flows East, the replaced one South.
    Crossing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GateKind {
    And,
    Or,
}

pub const DESIGNS: [Design; 9] = [
    Design::Wire,
    Design::Corner,
    Design::VariableOpposite,
    Design::VariableAdjacent,
    Design::VariableUpright,
    Design::Gate(GateKind::And),
    Design::Gate(GateKind::Or),
    Design::OneTest,
    Design::Crossing,
];

impl Design {
    pub fn name(self) -> &'static str {
        match self {
            Design::Wire => "wire tile",
            Design::Corner => "corner tile",
            Design::VariableOpposite => "variable tile (opposite outputs)",
            Design::VariableAdjacent => "variable tile (adjacent outputs, lying)",
            Design::VariableUpright => "variable tile (adjacent outputs, upright)",
            Design::Gate(GateKind::And) => "and tile",
            Design::Gate(GateKind::Or) => "or tile",
            Design::OneTest => "1-test tile",
            Design::Crossing => "crossing tile",
        }
    }
}

/// Builds one tile design in `frame`: its gadgets sit at fixed offsets from the crossing
/// of the bands, its wires run along the bands to the tile's border.
pub fn build(c: &mut Canvas<King>, design: Design, frame: Frame) -> Result<(), BackendError> {
    use Direction::*;
    let (br, bc) = (frame.band_row, frame.band_col);
    match design {
        Design::Wire => {
            let mut t = c.entering(frame, West);
            c.extend_to(&mut t, frame.exit(East))?;
        }
        Design::Corner => {
            let mut t = c.entering(frame, West);
            c.turn_into_band(&mut t, South, bc)?;
            c.extend_to(&mut t, frame.exit(South))?;
        }
        Design::VariableOpposite => {
            // Vertical across the row band: X ends three rows above it, Y three below.
            let placed = c.place(
                "variable",
                &[('X', North), ('Y', South)],
                ('X', [(br - 3, bc), (br - 3, bc + 1)]),
                Role::variable(),
            )?;
            let mut x = placed.turtle('X')?;
            c.extend_to(&mut x, frame.exit(North))?;
            let mut y = placed.turtle('Y')?;
            c.extend_to(&mut y, frame.exit(South))?;
        }
        Design::VariableAdjacent => {
            // Horizontal on the row band east of the column band: Y leaves East along the
            // band, X runs West into a corner that turns North into the column band (at
            // the least distance at which the corner fits).
            let (_, gadget) = c.oriented("variable", &[('X', West), ('Y', East)])?;
            let width = gadget.cols as i64;
            let mut built = None;
            for gap in 1..16 {
                let mut trial = c.trial();
                let x_col = bc + gap;
                let placed = trial.place(
                    "variable",
                    &[('X', West), ('Y', East)],
                    ('X', [(br, x_col), (br + 1, x_col)]),
                    Role::variable(),
                )?;
                let mut x = placed.turtle('X')?;
                if trial.corner_into_band(&mut x, North, bc).is_err() {
                    continue;
                }
                trial.extend_to(&mut x, frame.exit(North))?;
                let mut y = placed.turtle('Y')?;
                trial.extend_to(&mut y, frame.exit(East))?;
                built = Some(trial);
                break;
            }
            *c = built.ok_or_else(|| {
                c.error(format!("no corner fits beside a variable of width {width}"))
            })?;
        }
        Design::VariableUpright => {
            // Upright on the column band north of the row band: X leaves North along the
            // column band, Y turns East into the row band through a corner (at the least
            // height at which the corner fits).
            let (_, gadget) = c.oriented("variable", &[('X', North), ('Y', South)])?;
            let height = gadget.rows as i64;
            let mut built = None;
            for lift in 1..16 {
                let mut trial = c.trial();
                let placed = trial.place(
                    "variable",
                    &[('X', North), ('Y', South)],
                    ('Y', [(br - lift, bc), (br - lift, bc + 1)]),
                    Role::variable(),
                )?;
                let mut y = placed.turtle('Y')?;
                if trial.corner_into_band(&mut y, East, br).is_err() {
                    continue;
                }
                trial.extend_to(&mut y, frame.exit(East))?;
                let mut x = placed.turtle('X')?;
                trial.extend_to(&mut x, frame.exit(North))?;
                built = Some(trial);
                break;
            }
            *c = built.ok_or_else(|| {
                c.error(format!(
                    "no corner fits below a variable of height {height}"
                ))
            })?;
        }
        Design::Gate(kind) => {
            // Turned so that the West input and the output share the row band and the
            // other input comes down the column band.
            let name = match kind {
                GateKind::And => "and",
                GateKind::Or => "or",
            };
            let orient = [('b', East), ('a', South), ('X', East)];
            let (_, gadget) = c.oriented(name, &orient)?;
            let (west, north) = (c.port_of(&gadget, 'b')?, c.port_of(&gadget, 'a')?);
            let offset = (br - west[0].0, bc - north[0].1);
            let moved = |col: Column| col.map(|p| (p.0 + offset.0, p.1 + offset.1));
            let (west, north) = (moved(west), moved(north));
            let mut tw = c.entering(frame, West);
            c.extend_to(&mut tw, west[0].1)?;
            let mut tn = c.entering(frame, North);
            c.extend_to(&mut tn, north[0].0)?;
            let placed = c.place(name, &orient, ('b', west), Role::Plain)?;
            if placed.port('a')?.0 != north {
                return Err(c.error("input a misplaced"));
            }
            let mut out = placed.turtle('X')?;
            c.extend_to(&mut out, frame.exit(East))?;
        }
        Design::OneTest => {
            let mut t = c.entering(frame, West);
            c.extend_to(&mut t, bc)?;
            c.place("one-test", &[('a', East)], ('a', t.last), Role::one_test())?;
        }
        Design::Crossing => build_crossing(c, frame)?,
    }
    Ok(())
}

/// The full wire crossing (Lemma 5.13, Fig. 5.15b), with the through wire `a` entering
/// from the West in the row band and the replaced wire `b` from the North in the column
/// band. `a` turns South into f, and f, g and h (Table 5.2) follow each other East with
/// straight joints only (f and g may emit the 2-signal, which a corner would lower to 1);
/// `b` comes straight down into g, and h's output rises back into the row band and leaves
/// East. The Double Assignment (Fig. 5.8) lies below: one variable stands upright under h
/// and feeds h's ¬b̃; the other lies under f, its ¬b̃ output turning West, North and East
/// (two corners) into f, and its b̃ output turning South into the column band, straight
/// into the And; the upright variable's b̃ output turns West into the And's other input,
/// and the And sends b̃ down the column band. Lying, the second variable needs one corner
/// fewer on its way to the And than upright under f's corner, which keeps the And close
/// below the band. The And comes after the fewest wire columns down the column band that
/// let the upright variable's corner reach its other input. With the library's 4 × 3
/// corner and 6-row And (issue 32) the tile reaches 19 squares along the replaced wire and
/// 13 upstream along the through wire (20 with the 7-row And; 25 and 16 with the thesis'
/// 5 × 6 corner: docs/reductions.md "Board size"). Every joint is as short as the router accepts; the tileset checks the
/// result when it measures the design.
fn build_crossing(c: &mut Canvas<King>, frame: Frame) -> Result<(), BackendError> {
    use Direction::*;
    let (br, bc) = (frame.band_row, frame.band_col);
    // Where `a` must turn for g's input b to land on the column band.
    let mut probe = c.trial();
    let mut t = Turtle {
        last: [(br, 0), (br + 1, 0)],
        flow: East,
    };
    let (_, g, _) = crossing_chain(&mut probe, &mut t)?;
    let turn_at = bc - g.port('b')?.0[0].1;
    let mut a = c.entering(frame, West);
    c.extend_to(&mut a, turn_at)?;
    let (f, g, h) = crossing_chain(c, &mut a)?;
    let mut a = h.turtle('X')?;
    c.corner_into_band(&mut a, East, br)?;
    c.extend_to(&mut a, frame.exit(East))?;
    let (g_b, _) = g.port('b')?;
    let mut b = c.entering(frame, North);
    c.extend_to(&mut b, g_b[0].0)?;
    let replica = |towards_and| Role::Replica {
        decide_from: g_b,
        towards_and,
        composite: "double-assignment",
    };
    // The lying variable: the least run of wire columns into f for which its b̃ output
    // reaches the column band through one corner.
    let (f_n, _) = f.port('n')?;
    let mut built = None;
    for run in 0..8 {
        let mut trial = c.trial();
        let into_f = f_n.map(|p| (p.0, p.1 - run));
        let turn_east = trial.place(
            "corner",
            &[('a', North), ('X', East)],
            ('X', into_f),
            Role::Plain,
        )?;
        let mut t = turn_east.turtle('X')?;
        trial.forward(&mut t, run);
        let turn_north = trial.place(
            "corner",
            &[('a', West), ('X', North)],
            ('X', turn_east.port('a')?.0),
            Role::Plain,
        )?;
        let one = trial.place(
            "variable",
            &[('X', West), ('Y', East)],
            ('X', turn_north.port('a')?.0),
            replica(1),
        )?;
        let mut t = one.turtle('Y')?;
        if trial.corner_into_band(&mut t, South, bc).is_err() {
            continue;
        }
        built = Some((trial, t));
        break;
    }
    let (trial, down) = built.ok_or_else(|| c.error("no lying variable reaches the And"))?;
    c.elements.extend(trial.elements);
    // The And: after the least run of wire columns down the column band for which the
    // upright variable's b̃ output turns West (one corner) into the And's other input.
    let (h_n, _) = h.port('n')?;
    let mut built = None;
    for run in 0..8 {
        let mut trial = c.trial();
        let mut t = down;
        trial.forward(&mut t, run);
        let and = trial.place(
            "and",
            &[('a', West), ('b', South)],
            ('b', t.last),
            Role::Plain,
        )?;
        let two = trial.place(
            "variable",
            &[('X', North), ('Y', South)],
            ('X', h_n),
            replica(1),
        )?;
        let (and_a, _) = and.port('a')?;
        let mut t = two.turtle('Y')?;
        if trial.corner_into_band(&mut t, West, and_a[0].0).is_err() {
            continue;
        }
        trial.extend_to(&mut t, and_a[0].1)?;
        built = Some((trial, and));
        break;
    }
    let (trial, and) = built.ok_or_else(|| c.error("no upright variable reaches the And"))?;
    c.elements.extend(trial.elements);
    let mut out = and.turtle('X')?;
    c.extend_to(&mut out, frame.exit(South))?;
    Ok(())
}

/// From the through wire `a` (flowing East, its last column in `a`): a corner turning
/// South, f, g right after f, one wire column and h (the column puts h's input ¬b̃, and
/// so the upright variable under it, where that variable's corner meets the And).
fn crossing_chain(
    c: &mut Canvas<King>,
    a: &mut Turtle,
) -> Result<(Placed, Placed, Placed), BackendError> {
    use Direction::*;
    c.corner(a, South)?;
    let f = c.place(
        "crossing-f",
        &[('a', South), ('X', East), ('n', East)],
        ('a', a.last),
        Role::Plain,
    )?;
    let g = c.place(
        "crossing-g",
        &[('f', East), ('b', South), ('X', East)],
        ('f', f.port('X')?.0),
        Role::Plain,
    )?;
    let mut t = g.turtle('X')?;
    c.forward(&mut t, 1);
    let h = c.place(
        "crossing-h",
        &[('g', East), ('n', North), ('X', North)],
        ('g', t.last),
        Role::Plain,
    )?;
    Ok((f, g, h))
}

/// The King's choice among equivalent designs for a tile that [`tile_design`] realises
/// with `design` turned by `symmetry`: an adjacent-outputs variable lies across its
/// tile column on the board (upright in its canonical orientation when that turns
/// North into East or West), since variables share their few tile columns while each
/// takes a tile row of its own.
pub(crate) fn king_design(design: Design, symmetry: Symmetry) -> Design {
    let turned_sideways = matches!(
        symmetry.direction(Direction::North),
        Direction::East | Direction::West
    );
    match design {
        Design::VariableAdjacent if turned_sideways => Design::VariableUpright,
        other => other,
    }
}

/// The design and symmetry that realise layout tile `tile`.
pub fn tile_design(layout: &Layout, tile: Tile) -> Result<(Design, Symmetry), String> {
    use Direction::*;
    let (design, symmetry) = match tile {
        Tile::Wire { flow } => (Design::Wire, symmetry_for(&[(East, flow)])),
        Tile::Corner { from, to } => (Design::Corner, symmetry_for(&[(West, from), (South, to)])),
        Tile::Crossing {
            through, replaced, ..
        } => (
            Design::Crossing,
            symmetry_for(&[(East, through), (South, replaced)]),
        ),
        Tile::Gadget { node } => match layout.nodes[node].kind {
            NodeKind::Variable {
                positive, negative, ..
            } => {
                let (a, b) = (positive.delta(), negative.delta());
                if a.0 == -b.0 && a.1 == -b.1 {
                    (
                        Design::VariableOpposite,
                        symmetry_for(&[(North, positive), (South, negative)]),
                    )
                } else {
                    (
                        Design::VariableAdjacent,
                        symmetry_for(&[(North, positive), (East, negative)]),
                    )
                }
            }
            NodeKind::Gate {
                op, inputs, output, ..
            } => {
                let kind = match op {
                    GateOp::And => GateKind::And,
                    GateOp::Or => GateKind::Or,
                };
                let symmetry =
                    symmetry_for(&[(West, inputs[0]), (North, inputs[1]), (East, output)]).or_else(
                        || symmetry_for(&[(West, inputs[1]), (North, inputs[0]), (East, output)]),
                    );
                (Design::Gate(kind), symmetry)
            }
            NodeKind::OneTest { input } => (Design::OneTest, symmetry_for(&[(West, input)])),
            NodeKind::Crossing { .. } => {
                return Err("a crossing node listed as a gadget".into());
            }
        },
    };
    let symmetry = symmetry.ok_or_else(|| format!("no orientation of the {design:?} tile"))?;
    Ok((design, symmetry))
}
