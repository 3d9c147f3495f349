//! Gadget labels carried by pieces (the board JSON's optional `"label"` key).
//!
//! Syntax: whitespace-separated tokens; the first names the gadget kind
//! (`variable`, `wire`, `corner`, `increment`, `decrement`, `or`, `and`, `crossing`,
//! `double-assignment`, `one-test`, …), optionally with an instance after `#`
//! (`and#3`). Further tokens: `flow=N|E|S|W` (direction a wire's signal travels),
//! `input` / `output` (the piece is a port's signal square), `final` (the intended
//! final square of the whole board), `empty=NE` (rook gadgets: the rays from this
//! piece's square that must stay empty, drawn by figures). Example: `"wire#12 flow=E"`, `"one-test final"`.

use std::fmt;

/// A compass direction on the board (north = toward row 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
    pub fn letter(self) -> char {
        match self {
            Direction::North => 'N',
            Direction::East => 'E',
            Direction::South => 'S',
            Direction::West => 'W',
        }
    }

    pub fn from_letter(letter: &str) -> Option<Direction> {
        match letter {
            "N" => Some(Direction::North),
            "E" => Some(Direction::East),
            "S" => Some(Direction::South),
            "W" => Some(Direction::West),
            _ => None,
        }
    }

    /// (row delta, column delta) of one step.
    pub fn delta(self) -> (i64, i64) {
        match self {
            Direction::North => (-1, 0),
            Direction::East => (0, 1),
            Direction::South => (1, 0),
            Direction::West => (0, -1),
        }
    }
}

/// A parsed gadget label.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GadgetLabel {
    /// Gadget kind, e.g. `and`.
    pub gadget: String,
    /// Instance number after `#`, if any.
    pub instance: Option<u32>,
    pub flow: Option<Direction>,
    pub input: bool,
    pub output: bool,
    pub final_square: bool,
}

impl GadgetLabel {
    pub fn new(gadget: impl Into<String>) -> GadgetLabel {
        GadgetLabel {
            gadget: gadget.into(),
            ..GadgetLabel::default()
        }
    }

    /// Parses a label; unknown extra tokens are ignored so labels can grow.
    pub fn parse(text: &str) -> Option<GadgetLabel> {
        let mut tokens = text.split_whitespace();
        let head = tokens.next()?;
        let (gadget, instance) = match head.split_once('#') {
            Some((name, number)) => (name, number.parse().ok()),
            None => (head, None),
        };
        let mut label = GadgetLabel::new(gadget);
        label.instance = instance;
        for token in tokens {
            match token {
                "input" => label.input = true,
                "output" => label.output = true,
                "final" => label.final_square = true,
                _ => {
                    if let Some(dir) = token.strip_prefix("flow=") {
                        label.flow = Direction::from_letter(dir);
                    }
                }
            }
        }
        Some(label)
    }
}

impl fmt::Display for GadgetLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.gadget)?;
        if let Some(instance) = self.instance {
            write!(f, "#{instance}")?;
        }
        if let Some(flow) = self.flow {
            write!(f, " flow={}", flow.letter())?;
        }
        for (set, word) in [
            (self.input, "input"),
            (self.output, "output"),
            (self.final_square, "final"),
        ] {
            if set {
                write!(f, " {word}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        for text in [
            "wire#12 flow=E",
            "one-test final",
            "and",
            "variable#0 output",
        ] {
            assert_eq!(GadgetLabel::parse(text).unwrap().to_string(), text);
        }
        let label = GadgetLabel::parse("crossing#2 flow=S input future-token").unwrap();
        assert_eq!(label.gadget, "crossing");
        assert_eq!(label.instance, Some(2));
        assert_eq!(label.flow, Some(Direction::South));
        assert!(label.input && !label.output);
        assert_eq!(GadgetLabel::parse("  "), None);
    }
}
