//! Composite gadgets: exact assemblies of library parts, their tables composed from the
//! parts' verified tables.

use std::collections::BTreeSet;

use super::{GadgetReport, Measured, RowReport, attacks, maximal_tuples};
use crate::gadgets::{FileLine, Gadget, Outcome, Port, format_signals, signal_width};
use sat2chess_core::board::Square;
use sat2chess_solve::SearchStats;

/// Why a composite gadget is not the assembly its `part` lines describe, or why its
/// table cannot be composed: `file:line: message` (the gadget's name instead of the
/// file when it was built in code).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", place(gadget, location))]
pub struct CompositionError {
    pub gadget: String,
    /// The file and line the message is about; `None` for a gadget built in code.
    pub location: Option<FileLine>,
    /// What is wrong and what was expected (coordinates 1-based, (row,col)).
    pub message: String,
}

/// `file:line`, or the gadget's name when there is no file.
fn place(gadget: &str, location: &Option<FileLine>) -> String {
    match location {
        Some((file, line)) => format!("{file}:{line}"),
        None => gadget.to_owned(),
    }
}

/// A port's squares and flow, as a message shows them.
fn describe_port(port: &Port) -> String {
    let [a, b] = port.squares;
    let squares = if a == b {
        a.to_string()
    } else {
        format!("{a} and {b}")
    };
    format!("{squares}, flow {}", port.flow.letter())
}

/// A part of a composite, placed on the composite's squares.
struct Placed {
    name: String,
    library_name: String,
    gadget: Gadget,
}

fn translated(gadget: &Gadget, at: Square) -> Gadget {
    let shift = |s: Square| Square::new(s.row + at.row - 1, s.col + at.col - 1);
    let mut image = gadget.clone();
    for king in &mut image.pieces {
        king.0 = shift(king.0);
    }
    for port in &mut image.ports {
        port.squares = port.squares.map(shift);
    }
    image
}

/// Where the value of a port comes from inside a composite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    /// Composite input (index in the composite's table inputs).
    External(usize),
    /// Output port `port` of part `part`.
    Part { part: usize, port: char },
}

/// Verifies a composite gadget (thesis Fig. 5.8, Lemma 5.13) from its parts. (The
/// assembled board is also searched exhaustively, like any gadget, by [`super::verify_gadget`];
/// `sat2chess gadgets verify` and the tests do both.)
///
/// Structure (exact): the composite's kings are exactly the union of its parts' kings
/// (library gadgets, transformed and placed as the `part` lines say), no two parts put a
/// king on one square, every part input is either fed by another part's output port on
/// the same two squares with the same flow or is a composite input, every part output
/// feeds one part input or is a composite output, and kings of different parts touch only
/// across such a connection (one of them stands on the other part's input port).
///
/// Table (by composition): the signals are propagated through the parts' thesis tables,
/// which the verifier checks for each library gadget separately, branching over every
/// maximal output tuple of a part. By monotony (Obs. 5.1) a smaller signal never allows
/// more, so the maximal composite tuples are exactly the maximal tuples found this way.
/// This rests on the thesis' own composition principle: a gadget interacts with its
/// neighbours only through the signals on its ports (the harness cross-check tests this
/// for single-output gadgets).
pub fn verify_composite(
    gadget: &Gadget,
    library: &[Gadget],
) -> Result<GadgetReport, CompositionError> {
    let fail = |location: Option<FileLine>, message: String| CompositionError {
        gadget: gadget.name.clone(),
        location,
        message,
    };
    let lines = &gadget.source;
    let piece = gadget.piece.name();
    let mut placed = Vec::new();
    for (index, part) in gadget.parts.iter().enumerate() {
        let base = library
            .iter()
            .find(|g| g.name == part.gadget && g.name != gadget.name)
            .ok_or_else(|| {
                let known: Vec<&str> = library
                    .iter()
                    .filter(|g| g.name != gadget.name)
                    .map(|g| g.name.as_str())
                    .collect();
                fail(
                    lines.part(index),
                    format!(
                        "part {}: `{}` is not a gadget of the library; expected one of: {}",
                        part.name,
                        part.gadget,
                        known.join(", ")
                    ),
                )
            })?;
        let image = translated(&base.transformed(part.symmetry), part.at);
        placed.push(Placed {
            name: part.name.clone(),
            library_name: base.name.clone(),
            gadget: image,
        });
    }

    // The kings are exactly the union of the parts' kings.
    let mut owner: std::collections::BTreeMap<Square, (usize, u32)> =
        std::collections::BTreeMap::new();
    for (index, part) in placed.iter().enumerate() {
        for &(square, budget) in &part.gadget.pieces {
            if let Some((other, _)) = owner.insert(square, (index, budget)) {
                return Err(fail(
                    lines.part(index),
                    format!(
                        "part {} puts a {piece} on {square}, where part {} already has one; expected parts that do not overlap",
                        part.name, placed[other].name
                    ),
                ));
            }
        }
    }
    let union_expected = "expected the board to be exactly the union of its parts";
    for &(square, budget) in &gadget.pieces {
        let message = match owner.get(&square) {
            None => format!(
                "the board has a {piece} with budget {budget} on {square} that no part places; {union_expected}"
            ),
            Some(&(part, placed_budget)) if placed_budget != budget => format!(
                "the board has a {piece} with budget {budget} on {square}, where part {} places one with budget {placed_budget}; {union_expected}",
                placed[part].name
            ),
            Some(_) => continue,
        };
        return Err(fail(lines.board_row(square.row), message));
    }
    if let Some((&square, &(part, budget))) = owner
        .iter()
        .find(|&(square, _)| gadget.pieces.iter().all(|(s, _)| s != square))
    {
        return Err(fail(
            lines.part(part),
            format!(
                "part {} places a {piece} with budget {budget} on {square}, where the board has none; {union_expected}",
                placed[part].name
            ),
        ));
    }

    // Ports: connections and composite ports.
    let same = |a: &Port, b: &Port| {
        let (mut x, mut y) = (a.squares, b.squares);
        x.sort_unstable();
        y.sort_unstable();
        x == y && a.flow == b.flow
    };
    let mut sources: std::collections::BTreeMap<(usize, char), Source> =
        std::collections::BTreeMap::new();
    let mut used_outputs: BTreeSet<(usize, char)> = BTreeSet::new();
    let mut composite_outputs: Vec<Option<(usize, char)>> = vec![None; gadget.table_outputs.len()];
    for (index, part) in placed.iter().enumerate() {
        for port in part.gadget.inputs() {
            let feeder = placed.iter().enumerate().find_map(|(other, q)| {
                q.gadget
                    .outputs()
                    .into_iter()
                    .find(|out| other != index && same(out, port))
                    .map(|out| (other, out.name))
            });
            let feeds = if let Some((other, name)) = feeder {
                if !used_outputs.insert((other, name)) {
                    return Err(fail(
                        lines.part(index),
                        format!(
                            "output {name} of part {} feeds a second input, input {} of part {}; expected each output to feed one input",
                            placed[other].name, port.name, part.name
                        ),
                    ));
                }
                Source::Part {
                    part: other,
                    port: name,
                }
            } else {
                let external = gadget
                    .inputs()
                    .iter()
                    .position(|outer| same(outer, port))
                    .ok_or_else(|| {
                        fail(
                            lines.part(index),
                            format!(
                                "input {} of part {} ({}) is not connected; expected an output of another part, or an input port of the composite, on the same squares with the same flow",
                                port.name,
                                part.name,
                                describe_port(port)
                            ),
                        )
                    })?;
                Source::External(external)
            };
            sources.insert((index, port.name), feeds);
        }
    }
    for (index, part) in placed.iter().enumerate() {
        for port in part.gadget.outputs() {
            if used_outputs.contains(&(index, port.name)) {
                continue;
            }
            let position = gadget
                .outputs()
                .iter()
                .position(|outer| same(outer, port))
                .ok_or_else(|| {
                    fail(
                        lines.part(index),
                        format!(
                            "output {} of part {} ({}) leads nowhere; expected an input of another part, or an output port of the composite, on the same squares with the same flow",
                            port.name,
                            part.name,
                            describe_port(port)
                        ),
                    )
                })?;
            composite_outputs[position] = Some((index, port.name));
        }
    }
    // Where the composite's port `name` is declared.
    let port_line = |name: char| {
        let index = gadget.ports.iter().position(|p| p.name == name)?;
        lines.port(index)
    };
    let composite_outputs: Vec<(usize, char)> = composite_outputs
        .into_iter()
        .zip(gadget.outputs())
        .map(|(found, port)| {
            found.ok_or_else(|| {
                fail(
                    port_line(port.name),
                    format!(
                        "output port {} ({}) is no part's output; expected an output of a part on the same squares with the same flow",
                        port.name,
                        describe_port(port)
                    ),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let externals: BTreeSet<usize> = sources
        .values()
        .filter_map(|s| match s {
            Source::External(i) => Some(*i),
            Source::Part { .. } => None,
        })
        .collect();
    if let Some((_, port)) = gadget
        .inputs()
        .into_iter()
        .enumerate()
        .find(|(i, _)| !externals.contains(i))
    {
        return Err(fail(
            port_line(port.name),
            format!(
                "input port {} ({}) feeds no part; expected an input of a part on the same squares with the same flow",
                port.name,
                describe_port(port)
            ),
        ));
    }

    // Kings of different parts touch only across a connection.
    let input_squares = |part: &Placed| -> BTreeSet<Square> {
        part.gadget
            .inputs()
            .iter()
            .flat_map(|p| p.squares)
            .collect()
    };
    let inputs_of: Vec<BTreeSet<Square>> = placed.iter().map(input_squares).collect();
    for (&u, &(pu, _)) in &owner {
        for (&v, &(pv, _)) in &owner {
            if pu < pv
                && attacks(gadget.piece, u, v)
                && !inputs_of[pv].contains(&u)
                && !inputs_of[pu].contains(&v)
            {
                return Err(fail(
                    lines.part(pv),
                    format!(
                        "the {piece} on {u} (part {}) and the {piece} on {v} (part {}) attack each other outside a port connection; expected parts to meet only where an output of one feeds an input of the other",
                        placed[pu].name, placed[pv].name
                    ),
                ));
            }
        }
    }

    // A composite input's signal column touches only the part it feeds.
    for (&(index, name), feeds) in &sources {
        if let Source::External(_) = feeds {
            let port = placed[index]
                .gadget
                .port(name)
                .expect("source keys are ports");
            for &square in &port.squares {
                if let Some((&other_square, &(other, _))) = owner
                    .iter()
                    .find(|&(&k, &(part, _))| part != index && attacks(gadget.piece, k, square))
                {
                    return Err(fail(
                        lines.part(index),
                        format!(
                            "input square {square} of part {} (a composite input) is attacked by the {piece} on {other_square} of part {}; expected a composite input to reach only the part it feeds",
                            placed[index].name, placed[other].name
                        ),
                    ));
                }
            }
        }
    }

    // Compose the tables.
    let mut order = Vec::new();
    let mut known: BTreeSet<usize> = BTreeSet::new();
    while order.len() < placed.len() {
        let next = (0..placed.len()).find(|&i| {
            !known.contains(&i)
                && placed[i]
                    .gadget
                    .inputs()
                    .iter()
                    .all(|p| match sources[&(i, p.name)] {
                        Source::External(_) => true,
                        Source::Part { part, .. } => known.contains(&part),
                    })
        });
        let next = next.ok_or_else(|| {
            let waiting = (0..placed.len())
                .find(|i| !known.contains(i))
                .expect("a part is left");
            fail(
                lines.part(waiting),
                format!(
                    "the parts' connections form a cycle through part {}; expected parts that feed each other from the inputs to the outputs",
                    placed[waiting].name
                ),
            )
        })?;
        known.insert(next);
        order.push(next);
    }
    let width = signal_width(gadget.piece);
    let mut rows = Vec::new();
    for (row_index, row) in gadget.table.iter().enumerate() {
        // The signal components on each part's output port.
        type World = std::collections::BTreeMap<(usize, char), Vec<i8>>;
        let mut worlds: Vec<World> = vec![World::new()];
        for &index in &order {
            let part = &placed[index].gadget;
            let mut next_worlds = Vec::new();
            for world in worlds {
                let inputs: Vec<u8> = part
                    .inputs()
                    .iter()
                    .flat_map(|p| match sources[&(index, p.name)] {
                        Source::External(i) => row.inputs[i * width..(i + 1) * width].to_vec(),
                        Source::Part { part, port } => {
                            world[&(part, port)].iter().map(|&v| v as u8).collect()
                        }
                    })
                    .collect();
                let part_row = part
                    .table
                    .iter()
                    .find(|r| r.inputs == inputs)
                    .ok_or_else(|| {
                        fail(
                            lines.table_row(row_index),
                            format!(
                                "this row gives part {} ({}) the inputs {}, which its table has no row for; expected a row of the part's table for every input it can receive",
                                placed[index].name,
                                placed[index].library_name,
                                format_signals(gadget.piece, &inputs)
                            ),
                        )
                    })?;
                let Outcome::Outputs(tuples) = &part_row.expected else {
                    return Err(fail(
                        lines.part(index),
                        format!(
                            "part {} ({}) has no outputs; expected a gadget with output ports",
                            placed[index].name, placed[index].library_name
                        ),
                    ));
                };
                for tuple in tuples.iter().filter(|t| t.iter().all(|&v| v >= 0)) {
                    let mut extended = world.clone();
                    for (name, signal) in part.table_outputs.iter().zip(tuple.chunks(width)) {
                        extended.insert((index, *name), signal.to_vec());
                    }
                    next_worlds.push(extended);
                }
            }
            worlds = next_worlds;
        }
        let all: BTreeSet<Vec<i8>> = worlds
            .iter()
            .map(|w| {
                composite_outputs
                    .iter()
                    .flat_map(|key| w[key].iter().copied())
                    .collect()
            })
            .collect();
        let maximal = maximal_tuples(&all);
        rows.push(RowReport {
            inputs: row.inputs.clone(),
            expected: row.expected.clone(),
            measured: vec![Measured::Outputs { all, maximal }],
            stats: SearchStats::default(),
            harness: Vec::new(),
            harness_skipped: Some("composite (verified by composition)".to_owned()),
        });
    }
    let mut composed_from: Vec<String> = placed.iter().map(|p| p.library_name.clone()).collect();
    composed_from.sort_unstable();
    composed_from.dedup();
    Ok(GadgetReport {
        name: gadget.name.clone(),
        implements: gadget.implements.clone(),
        rows,
        composed_from,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadgets::{king_library, parse_gadget};

    #[test]
    fn composites_are_exact_assemblies() {
        let library = king_library().unwrap();
        for name in ["double-assignment", "crossing"] {
            let gadget = library.iter().find(|g| g.name == name).unwrap();
            let report = verify_composite(gadget, &library).unwrap();
            assert!(report.passed(), "{}", report.render(gadget));
        }
        let original = library
            .iter()
            .find(|g| g.name == "double-assignment")
            .unwrap()
            .to_string();
        // A king too many, touching two parts.
        let extra = original.replace("P222222222.2", "P22222222222");
        let broken = parse_gadget("broken", &extra).unwrap();
        let error = verify_composite(&broken, &library).unwrap_err();
        assert!(error.message.contains("no part places"), "{error}");
        // A part moved by one square.
        let moved = original.replace("part A: and identity at 7 7", "part A: and identity at 7 8");
        let broken = parse_gadget("broken", &moved).unwrap();
        assert!(verify_composite(&broken, &library).is_err());
        // A wrong expectation is reported as a failed row.
        let wrong = original.replace("-> 1 0 0 | 0 1 1", "-> 1 1 1");
        let broken = parse_gadget("broken", &wrong).unwrap();
        assert!(!verify_composite(&broken, &library).unwrap().passed());
    }
}
