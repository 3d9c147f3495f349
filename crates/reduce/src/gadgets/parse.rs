//! The gadget file parser (syntax in `gadgets/README.md`).

use std::collections::BTreeMap;

use super::{
    Gadget, GadgetError, GraphCheck, Outcome, Part, Port, PortRole, SourceLines, Symmetry,
    TableRow, signal_width,
};
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::label::Direction;

struct Parser<'a> {
    file: &'a str,
}

impl Parser<'_> {
    fn error(&self, line: usize, message: impl Into<String>) -> GadgetError {
        GadgetError {
            file: self.file.to_owned(),
            line,
            message: message.into(),
        }
    }
}

/// The components of one signal in the file syntax: a King value `-1`..`2`, a Knight pair
/// of two digits `0`/`1` (`10` = true, thesis §6.1).
fn parse_signal(piece: PieceKind, word: &str) -> Option<Vec<i8>> {
    if piece == PieceKind::Rook {
        // A logic square (thesis §7.1.2): 1 = a 2-rook (True), 0 = empty (False).
        return match word {
            "0" => Some(vec![0]),
            "1" => Some(vec![1]),
            _ => None,
        };
    }
    if piece == PieceKind::Knight {
        let pair: Vec<i8> = word
            .chars()
            .map(|c| match c {
                '0' => Some(0),
                '1' => Some(1),
                _ => None,
            })
            .collect::<Option<_>>()?;
        return (pair.len() == 2).then_some(pair);
    }
    match word {
        "-1" => Some(vec![-1]),
        "0" => Some(vec![0]),
        "1" => Some(vec![1]),
        "2" => Some(vec![2]),
        _ => None,
    }
}

/// What a signal of `piece` looks like, for error messages.
fn signal_syntax(piece: PieceKind) -> &'static str {
    if piece == PieceKind::Knight {
        "a pair of two digits 0/1 (e.g. 10)"
    } else if piece == PieceKind::Rook {
        "0 or 1 (an empty or a 2-rook logic square)"
    } else {
        "0, 1 or 2"
    }
}

/// Parses one gadget file (syntax in `gadgets/README.md`); `file` names it in errors.
pub fn parse_gadget(file: &str, text: &str) -> Result<Gadget, GadgetError> {
    let p = Parser { file };
    let mut fields: BTreeMap<&str, (usize, String)> = BTreeMap::new();
    // (line, letter, role, flow, Knight outer square, Knight output inner budget)
    let mut declared: Vec<(usize, char, PortRole, Direction, Option<Square>, u32)> = Vec::new();
    let mut parts: Vec<Part> = Vec::new();
    let mut part_lines: Vec<usize> = Vec::new();
    let mut keep_empty: Vec<(usize, Square, Direction)> = Vec::new();
    let mut header: Option<(usize, Vec<char>, Vec<char>)> = None;
    let mut table_lines: Vec<(usize, &str)> = Vec::new();
    let mut art: Vec<(usize, &str)> = Vec::new();
    let mut in_table = false;
    let mut in_board = false;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim_end();
        if in_board {
            if !line.is_empty() {
                art.push((line_no, line));
            }
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if in_table && raw.starts_with(char::is_whitespace) {
            table_lines.push((line_no, line.trim()));
            continue;
        }
        in_table = false;
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| p.error(line_no, "expected `key: value`"))?;
        let value = value.trim();
        match key.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["board"] => {
                if !value.is_empty() {
                    return Err(p.error(line_no, "the board starts on the line after `board:`"));
                }
                in_board = true;
            }
            ["expect"] => {
                let (ins, outs) = value
                    .split_once("->")
                    .ok_or_else(|| p.error(line_no, "expected `expect: INPUTS -> OUTPUTS`"))?;
                let names = |s: &str| -> Result<Vec<char>, GadgetError> {
                    s.split_whitespace()
                        .map(|w| {
                            let mut chars = w.chars();
                            match (chars.next(), chars.next()) {
                                (Some(c), None) if c.is_ascii_alphabetic() => Ok(c),
                                _ => Err(p.error(line_no, format!("`{w}` is not a port letter"))),
                            }
                        })
                        .collect()
                };
                header = Some((line_no, names(ins)?, names(outs)?));
                in_table = true;
            }
            [role @ ("input" | "output"), name] => {
                let mut chars = name.chars();
                let letter = match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => c,
                    _ => {
                        return Err(
                            p.error(line_no, format!("port name `{name}` must be one letter"))
                        );
                    }
                };
                let role = if *role == "input" {
                    PortRole::Input
                } else {
                    PortRole::Output
                };
                if (role == PortRole::Input) != letter.is_ascii_lowercase() {
                    return Err(p.error(
                        line_no,
                        "input ports are lower-case letters, output ports upper-case",
                    ));
                }
                let words: Vec<&str> = value.split_whitespace().collect();
                // An output's inner knight may start below budget 2 (`inner B`): the
                // variable gadget's untouched output must read (1, 0) (issue #10).
                let (words, inner_budget) = match words[..] {
                    [ref head @ .., "inner", b] if role == PortRole::Output => {
                        let budget =
                            b.parse::<u32>().ok().filter(|&v| v <= 2).ok_or_else(|| {
                                p.error(line_no, format!("inner budget `{b}` is not 0, 1 or 2"))
                            })?;
                        (head.to_vec(), budget)
                    }
                    _ => (words, 2),
                };
                let (flow, outer) = match words[..] {
                    [flow] => (flow, None),
                    [flow, "outer", row, col] => {
                        let coordinate = |w: &str| w.parse::<u32>().ok().filter(|&v| v >= 1);
                        let outer = coordinate(row)
                            .zip(coordinate(col))
                            .map(|(r, c)| Square::new(r, c))
                            .ok_or_else(|| {
                                p.error(line_no, format!("`{row} {col}` is not a square"))
                            })?;
                        (flow, Some(outer))
                    }
                    _ => {
                        return Err(p.error(
                            line_no,
                            "expected `FLOW` or (Knight) `FLOW outer ROW COL [inner BUDGET]`",
                        ));
                    }
                };
                if outer.is_none() && words.len() < value.split_whitespace().count() {
                    return Err(p.error(line_no, "only Knight output ports name an inner budget"));
                }
                let flow = Direction::from_letter(flow).ok_or_else(|| {
                    p.error(line_no, format!("flow `{flow}` is not one of N E S W"))
                })?;
                if declared.iter().any(|d| d.1 == letter) {
                    return Err(p.error(line_no, format!("port `{letter}` declared twice")));
                }
                declared.push((line_no, letter, role, flow, outer, inner_budget));
            }
            ["part", part_name] => {
                let words: Vec<&str> = value.split_whitespace().collect();
                let [gadget, symmetry, "at", row, col] = words[..] else {
                    return Err(
                        p.error(line_no, "expected `part NAME: GADGET SYMMETRY at ROW COL`")
                    );
                };
                let symmetry: Symmetry =
                    symmetry.parse().map_err(|m: String| p.error(line_no, m))?;
                let coordinate = |w: &str| {
                    w.parse::<u32>()
                        .ok()
                        .filter(|&v| v >= 1)
                        .ok_or_else(|| p.error(line_no, format!("`{w}` is not a coordinate >= 1")))
                };
                if parts.iter().any(|q| q.name == *part_name) {
                    return Err(p.error(line_no, format!("part `{part_name}` declared twice")));
                }
                parts.push(Part {
                    name: (*part_name).to_owned(),
                    gadget: gadget.to_owned(),
                    symmetry,
                    at: Square::new(coordinate(row)?, coordinate(col)?),
                });
                part_lines.push(line_no);
            }
            ["empty"] => {
                let words: Vec<&str> = value.split_whitespace().collect();
                let [row, col, directions @ ..] = &words[..] else {
                    return Err(p.error(line_no, "expected `empty: ROW COL DIRECTION...`"));
                };
                let coordinate = |w: &str| w.parse::<u32>().ok().filter(|&v| v >= 1);
                let square = coordinate(row)
                    .zip(coordinate(col))
                    .map(|(r, c)| Square::new(r, c))
                    .ok_or_else(|| p.error(line_no, format!("`{row} {col}` is not a square")))?;
                if directions.is_empty() {
                    return Err(p.error(line_no, "`empty:` needs at least one direction N E S W"));
                }
                for word in directions {
                    let direction = Direction::from_letter(word).ok_or_else(|| {
                        p.error(line_no, format!("direction `{word}` is not one of N E S W"))
                    })?;
                    keep_empty.push((line_no, square, direction));
                }
            }
            [name @ ("gadget" | "implements" | "layout" | "piece" | "graph")] => {
                if value.is_empty() {
                    return Err(p.error(line_no, format!("`{name}:` needs a value")));
                }
                if fields.insert(name, (line_no, value.to_owned())).is_some() {
                    return Err(p.error(line_no, format!("`{name}:` given twice")));
                }
            }
            _ => return Err(p.error(line_no, format!("unknown key `{key}`"))),
        }
    }
    let last_line = text.lines().count().max(1);
    let field = |name: &str| -> Result<String, GadgetError> {
        fields
            .get(name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| p.error(last_line, format!("missing `{name}:` line")))
    };
    let (name, implements, layout) = (field("gadget")?, field("implements")?, field("layout")?);
    let graph = match fields.get("graph") {
        None => None,
        Some((line_no, text)) => match text.as_str() {
            "standard-wire" => Some(GraphCheck::StandardWire),
            "crossing" => Some(GraphCheck::Crossing),
            _ => {
                return Err(p.error(
                    *line_no,
                    format!("graph `{text}` is not `standard-wire` or `crossing`"),
                ));
            }
        },
    };
    let piece = match fields.get("piece") {
        None => PieceKind::King,
        Some((line_no, text)) => match text.as_str() {
            "king" => PieceKind::King,
            "knight" => PieceKind::Knight,
            "rook" => PieceKind::Rook,
            other => {
                return Err(p.error(
                    *line_no,
                    format!("piece `{other}` has no gadget format (king, knight, rook)"),
                ));
            }
        },
    };
    if art.is_empty() {
        return Err(p.error(last_line, "missing `board:` section"));
    }

    // The board.
    let rows = art.len() as u32;
    let cols = art
        .iter()
        .map(|(_, l)| l.chars().count())
        .max()
        .unwrap_or(0) as u32;
    let mut kings = Vec::new();
    let mut port_squares: BTreeMap<char, Vec<Square>> = BTreeMap::new();
    for (r, (line_no, line)) in art.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let square = Square::new(r as u32 + 1, c as u32 + 1);
            match ch {
                '.' => {}
                '0'..='2' => kings.push((square, ch as u32 - '0' as u32)),
                letter if letter.is_ascii_alphabetic() => {
                    port_squares.entry(letter).or_default().push(square);
                    if letter.is_ascii_uppercase() {
                        kings.push((square, 2));
                    }
                }
                other => {
                    return Err(p.error(
                        *line_no,
                        format!(
                            "column {}: `{other}` is not `.`, a budget 0-2 or a port letter",
                            c + 1
                        ),
                    ));
                }
            }
        }
    }
    kings.sort_unstable();

    // Ports: declared flows + squares from the art.
    let mut ports = Vec::new();
    let port_lines: Vec<usize> = declared.iter().map(|d| d.0).collect();
    for &(line_no, letter, role, flow, outer, inner_budget) in &declared {
        let squares = port_squares.remove(&letter).unwrap_or_default();
        if piece == PieceKind::Rook {
            // A logic square: one square (thesis §7.1.2).
            let [square] = squares[..] else {
                return Err(p.error(
                    line_no,
                    format!(
                        "rook port `{letter}` must mark exactly one square (a logic square), found {}",
                        squares.len()
                    ),
                ));
            };
            ports.push(Port {
                name: letter,
                role,
                flow,
                squares: [square, square],
            });
            continue;
        }
        let [a, b] = squares[..] else {
            return Err(p.error(
                line_no,
                format!(
                    "port `{letter}` must mark exactly two squares in the board, found {}",
                    squares.len()
                ),
            ));
        };
        if piece == PieceKind::Knight {
            // A signal column: both squares dark (the colour of (1,1)), outer given.
            let Some(outer) = outer else {
                return Err(p.error(
                    line_no,
                    format!("knight port `{letter}` needs `outer ROW COL` (its outer square)"),
                ));
            };
            if outer != a && outer != b {
                return Err(p.error(
                    line_no,
                    format!("outer square {outer} is not a square of port `{letter}`"),
                ));
            }
            let dark = |s: Square| (s.row + s.col) % 2 == 0;
            if !dark(a) || !dark(b) {
                return Err(p.error(
                    line_no,
                    format!(
                        "port `{letter}` squares {a} and {b} are not both dark (signal columns are dark-squared wire-columns, thesis §6.1)"
                    ),
                ));
            }
            let inner = if outer == a { b } else { a };
            if let Some(piece) = kings.iter_mut().find(|(s, _)| *s == inner) {
                piece.1 = inner_budget;
            }
            ports.push(Port {
                name: letter,
                role,
                flow,
                squares: [outer, inner],
            });
            continue;
        }
        if outer.is_some() {
            return Err(p.error(line_no, "only knight ports name an outer square"));
        }
        let across = match flow {
            Direction::East | Direction::West => a.col == b.col && a.row.abs_diff(b.row) == 1,
            Direction::North | Direction::South => a.row == b.row && a.col.abs_diff(b.col) == 1,
        };
        if !across {
            return Err(p.error(
                line_no,
                format!(
                    "port `{letter}` squares {a} and {b} are not two neighbours across the flow {}",
                    flow.letter()
                ),
            ));
        }
        ports.push(Port {
            name: letter,
            role,
            flow,
            squares: [a, b],
        });
    }
    if piece != PieceKind::Rook {
        if let Some(&(line_no, ..)) = keep_empty.first() {
            return Err(p.error(line_no, "only rook gadgets mark empty rays (`empty:`)"));
        }
    }
    for &(line_no, square, _) in &keep_empty {
        if square.row > rows || square.col > cols {
            return Err(p.error(line_no, format!("{square} is outside the board")));
        }
        // Placing a rook gadget keeps only the lines that hold rooks (gadgets/lines.rs):
        // a ray must start on one of them.
        let row_has_rook = kings.iter().any(|(s, _)| s.row == square.row);
        let col_has_rook = kings.iter().any(|(s, _)| s.col == square.col);
        if !row_has_rook || !col_has_rook {
            let (line, index) = if row_has_rook {
                ("column", square.col)
            } else {
                ("row", square.row)
            };
            return Err(p.error(
                line_no,
                format!(
                    "empty ray from {square}: {line} {index} holds no rook, so the square is on no line of the placed gadget; expected a square whose row and column both hold a rook"
                ),
            ));
        }
    }
    let keep_empty = keep_empty.into_iter().map(|(_, s, d)| (s, d)).collect();
    if let Some((&letter, _)) = port_squares.iter().next() {
        return Err(p.error(
            art[0].0,
            format!("letter `{letter}` in the board is not a declared port"),
        ));
    }

    // The truth table.
    let (header_line, table_inputs, table_outputs) =
        header.ok_or_else(|| p.error(last_line, "missing `expect:` table"))?;
    let inputs_declared: Vec<char> = ports
        .iter()
        .filter(|p| p.role == PortRole::Input)
        .map(|p| p.name)
        .collect();
    let outputs_declared: Vec<char> = ports
        .iter()
        .filter(|p| p.role == PortRole::Output)
        .map(|p| p.name)
        .collect();
    let same_set = |a: &[char], b: &[char]| {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    };
    if !same_set(&table_inputs, &inputs_declared) || !same_set(&table_outputs, &outputs_declared) {
        return Err(p.error(
            header_line,
            "the table header must name every input port before `->` and every output port after it, once each",
        ));
    }
    if table_lines.is_empty() {
        return Err(p.error(
            header_line,
            "the table has no rows (indent them below `expect:`)",
        ));
    }
    let mut table = Vec::new();
    let mut source = SourceLines {
        file: file.to_owned(),
        parts: part_lines,
        ports: port_lines,
        board: art.iter().map(|&(line_no, _)| line_no).collect(),
        table: Vec::new(),
    };
    for &(line_no, line) in &table_lines {
        let (ins, outs) = line
            .split_once("->")
            .ok_or_else(|| p.error(line_no, "expected a row `INPUTS -> OUTPUTS`"))?;
        let words: Vec<&str> = ins.split_whitespace().collect();
        if words.len() != table_inputs.len() {
            return Err(p.error(
                line_no,
                format!(
                    "expected {} input values, found {}",
                    table_inputs.len(),
                    words.len()
                ),
            ));
        }
        let mut inputs: Vec<u8> = Vec::new();
        for w in words {
            let signal = parse_signal(piece, w)
                .filter(|s| s.iter().all(|&v| v >= 0))
                .ok_or_else(|| {
                    p.error(
                        line_no,
                        format!("input signal `{w}` is not {}", signal_syntax(piece)),
                    )
                })?;
            inputs.extend(signal.iter().map(|&v| v as u8));
        }
        let outs = outs.trim();
        let expected = if table_outputs.is_empty() {
            match outs {
                "solvable" => Outcome::Solvable(true),
                "unsolvable" => Outcome::Solvable(false),
                _ => {
                    return Err(p.error(
                        line_no,
                        "a gadget without outputs expects `solvable` or `unsolvable`",
                    ));
                }
            }
        } else {
            let tuples = outs
                .split('|')
                .map(|tuple| {
                    if tuple.trim() == "-1" {
                        return Ok(vec![-1]);
                    }
                    let mut values: Vec<i8> = Vec::new();
                    for w in tuple.split_whitespace() {
                        let signal = parse_signal(piece, w).ok_or_else(|| {
                            p.error(
                                line_no,
                                format!(
                                    "output signal `{w}` is not -1 or {}",
                                    signal_syntax(piece)
                                ),
                            )
                        })?;
                        values.extend(signal);
                    }
                    let width = signal_width(piece);
                    if values.len() == table_outputs.len() * width
                        && (width == 1 || values.iter().all(|&v| v >= 0))
                    {
                        Ok(values)
                    } else {
                        Err(p.error(
                            line_no,
                            format!("expected {} output values or -1", table_outputs.len()),
                        ))
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            Outcome::Outputs(tuples)
        };
        if table.iter().any(|row: &TableRow| row.inputs == inputs) {
            return Err(p.error(line_no, "input combination listed twice"));
        }
        table.push(TableRow { inputs, expected });
        source.table.push(line_no);
    }
    Ok(Gadget {
        name,
        piece,
        implements,
        layout,
        rows,
        cols,
        pieces: kings,
        ports,
        table_inputs,
        table_outputs,
        table,
        graph,
        parts,
        keep_empty,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_files_read_pairs_and_outer_squares() {
        let text = "gadget: w\nimplements: x\nlayout: y\npiece: knight\ninput a: E outer 1 1\noutput X: E outer 1 5\nexpect: a -> X\n  10 -> 10 | 01\nboard:\na...X\n..2..\na...X\n..2..\n";
        let wire = parse_gadget("w.txt", text).unwrap();
        assert_eq!(wire.piece, PieceKind::Knight);
        let a = wire.port('a').unwrap();
        assert_eq!(a.squares, [Square::new(1, 1), Square::new(3, 1)]);
        assert_eq!(wire.table[0].inputs, vec![1, 0]);
        assert_eq!(
            wire.table[0].expected,
            Outcome::Outputs(vec![vec![1, 0], vec![0, 1]])
        );
        assert_eq!(parse_gadget("again", &wire.to_string()).unwrap(), wire);
        // An output's inner knight may start with a lower budget (the variable, issue #10).
        let low = parse_gadget("w.txt", &text.replace("1 5\n", "1 5 inner 0\n")).unwrap();
        assert!(low.pieces.contains(&(Square::new(3, 5), 0)));
        assert_eq!(parse_gadget("again", &low.to_string()).unwrap(), low);
        let error =
            |from: &str, to: &str| parse_gadget("w.txt", &text.replace(from, to)).unwrap_err();
        assert!(error("E outer 1 1", "E").message.contains("outer"));
        assert!(
            error("E outer 1 1", "E outer 2 1")
                .message
                .contains("not a square of port")
        );
        assert!(error("  10 -> 10", "  12 -> 10").message.contains("pair"));
        assert!(error("  10 -> 10", "  1 -> 10").message.contains("pair"));
        // Port squares on light squares (row + column odd).
        let light = text.replace("a...X\n..2..\na...X", ".a...X\n...2..\n.a...X");
        let light = light
            .replace("outer 1 1", "outer 1 2")
            .replace("outer 1 5", "outer 1 6");
        assert!(
            parse_gadget("w.txt", &light)
                .unwrap_err()
                .message
                .contains("dark")
        );
    }

    #[test]
    fn errors_name_file_and_line() {
        let text = "gadget: w\nimplements: x\nlayout: y\ninput a: E\noutput X: E\nexpect: a -> X\n  0 -> 0\nboard:\na2X\na2X\n";
        assert!(parse_gadget("w.txt", text).is_ok());
        let error = parse_gadget("w.txt", &text.replace("a2X\na2X", "a2X\na3X")).unwrap_err();
        assert_eq!(error.file, "w.txt");
        assert_eq!(error.line, 10);
        assert!(error.message.contains("`3`"), "{error}");
        let error = parse_gadget("w.txt", &text.replace("  0 -> 0", "  0 -> 5")).unwrap_err();
        assert_eq!(error.line, 7);
        let error = parse_gadget("w.txt", &text.replace("input a: E", "input a: Q")).unwrap_err();
        assert_eq!(error.line, 4);
        let error = parse_gadget("w.txt", &text.replace("input a: E", "input a: S")).unwrap_err();
        assert!(error.message.contains("across the flow"), "{error}");
        let error = parse_gadget("w.txt", &text.replace("a2X\na2X", "a2X\n.2X")).unwrap_err();
        assert!(error.message.contains("exactly two squares"), "{error}");
    }
}
