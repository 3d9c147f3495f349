//! The schematic level of detail ([`Detail::Schematic`](crate::Detail)): the labelled
//! pieces are grouped by gadget (label head, e.g. `and#3`, and flow), each group split
//! into clusters of pieces at most two squares apart (a knight's wire is a chain of
//! knight moves; kings' clusters are of neighbouring squares, so two King wires one empty
//! row apart stay two lines); a wire-like cluster becomes a line along its flow (or its long side),
//! any other cluster a box tinted by its gadget kind and labelled with it. Unlabelled
//! pieces stay dots. Held while surveyed: 8 bytes per labelled piece, then 4 more while
//! its group is clustered.

use std::collections::HashMap;

use super::{GadgetClass, Region};
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::label::Direction;

/// A gadget cluster drawn as a box: rows `top..=bottom`, columns `left..=right`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GadgetBox {
    pub class: GadgetClass,
    /// The label's gadget kind (without the instance).
    pub gadget: String,
    pub top: u32,
    pub left: u32,
    pub bottom: u32,
    pub right: u32,
}

impl GadgetBox {
    /// The text written in the box: the gadget kind, shortened.
    pub fn caption(&self) -> &str {
        match self.class {
            GadgetClass::Variable => "var",
            GadgetClass::Or => "or",
            GadgetClass::And => "and",
            GadgetClass::Crossing => "cross",
            GadgetClass::DoubleAssignment => "DA",
            GadgetClass::OneTest => "1-test",
            GadgetClass::Tomb => "tomb",
            GadgetClass::Conveyor => "belt",
            GadgetClass::RedVertex => "red",
            GadgetClass::Terminal => "edge",
            GadgetClass::BlueVertex => "blue",
            GadgetClass::Cleaner => "cleaner",
            GadgetClass::Target => "target",
            GadgetClass::Wire => &self.gadget,
        }
    }
}

/// A wire cluster drawn as a line between two points in board units (as [`crate::Arrow`]),
/// `width` squares thick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WireLine {
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub width: f64,
}

/// What a schematic draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schematic {
    pub boxes: Vec<GadgetBox>,
    pub wires: Vec<WireLine>,
    /// Squares of the unlabelled pieces (drawn as dots).
    pub loose: Vec<Square>,
}

/// One label group: gadget kind, class and flow, and its pieces' squares.
struct Group {
    gadget: String,
    class: GadgetClass,
    flow: Option<Direction>,
    /// How far apart two of its squares may be in one cluster (rows and columns).
    reach: u32,
    squares: Vec<Square>,
}

/// Gathers the pieces of a schematic during the survey.
#[derive(Default)]
pub(crate) struct SchematicBuilder {
    index: HashMap<String, usize>,
    groups: Vec<Group>,
    loose: Vec<Square>,
    /// Reused key buffer (no allocation per piece).
    key: String,
}

impl SchematicBuilder {
    /// Adds a piece of `kind` standing on `square` with `label`.
    pub fn add(&mut self, kind: PieceKind, square: Square, label: Option<&str>) {
        let mut tokens = label.into_iter().flat_map(str::split_whitespace);
        let Some(head) = tokens.next() else {
            self.loose.push(square);
            return;
        };
        let flow = tokens
            .find_map(|token| token.strip_prefix("flow="))
            .and_then(Direction::from_letter);
        self.key.clear();
        self.key.push_str(head);
        if let Some(flow) = flow {
            self.key.push(' ');
            self.key.push(flow.letter());
        }
        let index = match self.index.get(self.key.as_str()) {
            Some(&index) => index,
            None => {
                let gadget = head.split_once('#').map_or(head, |(name, _)| name);
                self.groups.push(Group {
                    gadget: gadget.to_string(),
                    class: GadgetClass::of(gadget),
                    flow,
                    reach: if kind == PieceKind::King { 1 } else { 2 },
                    squares: Vec::new(),
                });
                self.index.insert(self.key.clone(), self.groups.len() - 1);
                self.groups.len() - 1
            }
        };
        self.groups[index].squares.push(square);
    }

    /// Whether any piece carried a label.
    pub fn labelled(&self) -> bool {
        !self.groups.is_empty()
    }

    /// Clusters the groups; lines and boxes in board units of `region`.
    pub fn finish(self, region: Region) -> Schematic {
        let mut schematic = Schematic {
            loose: self.loose,
            ..Schematic::default()
        };
        // Lines stay visible on the whole figure: at least 1/1500 of its longer side.
        let thinnest = f64::from(region.rows().max(region.cols())) / 1500.0;
        for group in self.groups {
            for (top, left, bottom, right) in clusters(group.squares, group.reach) {
                let (x0, x1) = (
                    (left - region.left) as f64,
                    (right - region.left + 1) as f64,
                );
                let (y0, y1) = ((top - region.top) as f64, (bottom - region.top + 1) as f64);
                let (width, height) = (x1 - x0, y1 - y0);
                let horizontal = match group.flow {
                    Some(Direction::East | Direction::West) => Some(true),
                    Some(Direction::North | Direction::South) => Some(false),
                    None if width >= 2.0 * height => Some(true),
                    None if height >= 2.0 * width => Some(false),
                    None => None,
                };
                match horizontal {
                    Some(horizontal) if group.class == GadgetClass::Wire => {
                        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                        let (from, to, thickness) = if horizontal {
                            ((x0, my), (x1, my), height)
                        } else {
                            ((mx, y0), (mx, y1), width)
                        };
                        schematic.wires.push(WireLine {
                            from,
                            to,
                            width: (0.6 * thickness).max(thinnest),
                        });
                    }
                    _ => schematic.boxes.push(GadgetBox {
                        class: group.class,
                        gadget: group.gadget.clone(),
                        top,
                        left,
                        bottom,
                        right,
                    }),
                }
            }
        }
        schematic
    }
}

/// The bounding boxes (top, left, bottom, right) of the clusters of `squares`: squares at
/// most `reach` rows and `reach` columns apart are in one cluster. Sorted by first square.
fn clusters(mut squares: Vec<Square>, reach: u32) -> Vec<(u32, u32, u32, u32)> {
    squares.sort_unstable();
    squares.dedup();
    let mut parent: Vec<u32> = (0..squares.len() as u32).collect();
    fn root(parent: &mut [u32], mut i: u32) -> u32 {
        while parent[i as usize] != i {
            let up = parent[parent[i as usize] as usize];
            parent[i as usize] = up;
            i = up;
        }
        i
    }
    for (i, square) in squares.iter().enumerate() {
        // Later squares within reach: the rest of this row, then the next rows.
        for dr in 0..=reach {
            let row = square.row + dr;
            let low = if dr == 0 {
                square.col + 1
            } else {
                square.col.saturating_sub(reach)
            };
            let start = squares.partition_point(|s| (s.row, s.col) < (row, low));
            for (j, other) in squares.iter().enumerate().skip(start) {
                if other.row != row || other.col > square.col + reach {
                    break;
                }
                let (a, b) = (root(&mut parent, i as u32), root(&mut parent, j as u32));
                if a != b {
                    parent[a.max(b) as usize] = a.min(b);
                }
            }
        }
    }
    let mut boxes: Vec<(u32, u32, u32, u32)> = Vec::new();
    let mut slot: HashMap<u32, usize> = HashMap::new();
    for (i, square) in squares.iter().enumerate() {
        let r = root(&mut parent, i as u32);
        let index = *slot.entry(r).or_insert_with(|| {
            boxes.push((square.row, square.col, square.row, square.col));
            boxes.len() - 1
        });
        let b = &mut boxes[index];
        *b = (
            b.0.min(square.row),
            b.1.min(square.col),
            b.2.max(square.row),
            b.3.max(square.col),
        );
    }
    boxes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clusters_join_squares_two_apart_only() {
        let squares = [(1, 1), (2, 3), (4, 4), (9, 9), (9, 12)]
            .map(|(r, c)| Square::new(r, c))
            .to_vec();
        assert_eq!(
            clusters(squares.clone(), 2),
            vec![(1, 1, 4, 4), (9, 9, 9, 9), (9, 12, 9, 12)]
        );
        // Kings: neighbouring squares only (two wires one empty row apart stay apart).
        assert_eq!(
            clusters(squares, 1),
            vec![
                (1, 1, 1, 1),
                (2, 3, 2, 3),
                (4, 4, 4, 4),
                (9, 9, 9, 9),
                (9, 12, 9, 12)
            ]
        );
    }

    #[test]
    fn wires_become_lines_and_gadgets_boxes() {
        let mut builder = SchematicBuilder::default();
        for col in 1..=6 {
            builder.add(PieceKind::King, Square::new(2, col), Some("wire flow=E"));
        }
        builder.add(PieceKind::King, Square::new(4, 1), Some("and#1"));
        builder.add(PieceKind::King, Square::new(5, 2), Some("and#1 output"));
        builder.add(PieceKind::King, Square::new(6, 6), None);
        let region = Region {
            top: 1,
            left: 1,
            bottom: 6,
            right: 6,
        };
        let schematic = builder.finish(region);
        assert_eq!(
            schematic.wires,
            vec![WireLine {
                from: (0.0, 1.5),
                to: (6.0, 1.5),
                width: 0.6
            }]
        );
        assert_eq!(schematic.boxes.len(), 1);
        assert_eq!(schematic.boxes[0].caption(), "and");
        assert_eq!((schematic.boxes[0].top, schematic.boxes[0].right), (4, 2));
        assert_eq!(schematic.loose, vec![Square::new(6, 6)]);
    }
}
