//! Text helpers of the SVG writer: numbers, `<text>` labels, and [`Streamed`], an element
//! written child by child as the figure is drawn, byte for byte as the `svg` crate
//! would print the whole tree (attributes sorted by name, each child on a line of its
//! own, a childless element closed with `/>`).

use std::fmt;
use std::io::{self, Write};

use svg::Node;
use svg::node::element::Element;

/// A number with at most three decimals and no trailing zeros.
pub(crate) fn num(value: f64) -> String {
    let text = format!("{:.3}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// A `<text>` element with its content on the same line (the `svg` crate's `Text` element
/// puts the content on a line of its own).
pub(crate) struct Label(Element);

impl Label {
    pub fn new(content: impl Into<String>) -> Label {
        let mut element = Element::new("text");
        element.append(svg::node::Text::new(content));
        Label(element)
    }

    pub fn set(mut self, name: &str, value: impl Into<svg::node::Value>) -> Label {
        self.0.assign(name, value);
        self
    }
}

impl From<Label> for Box<dyn Node> {
    fn from(label: Label) -> Box<dyn Node> {
        Box::new(label.0)
    }
}

/// An element whose children are written as they come (see the module documentation).
pub(crate) struct Streamed<'w> {
    out: &'w mut dyn Write,
    name: String,
    /// The start tag without its closing `>`.
    start: String,
    children: bool,
}

impl<'w> Streamed<'w> {
    /// Starts `element` (its own children, if any, are ignored) on `out`.
    pub fn new(out: &'w mut dyn Write, element: &Element) -> Streamed<'w> {
        let mut bare = Element::new(element.get_name());
        for (name, value) in element.get_attributes() {
            bare.assign(name.clone(), value.clone());
        }
        let text = bare.to_string();
        let start = text
            .strip_suffix("/>")
            .expect("a childless element closes itself")
            .to_string();
        Streamed {
            out,
            name: element.get_name().to_string(),
            start,
            children: false,
        }
    }

    /// Ends the start tag before the first child, then starts a child's line.
    fn next_line(&mut self) -> io::Result<()> {
        if !self.children {
            self.out.write_all(self.start.as_bytes())?;
            self.out.write_all(b">")?;
            self.children = true;
        }
        self.out.write_all(b"\n")
    }

    /// Writes a whole child.
    pub fn child(&mut self, node: &dyn fmt::Display) -> io::Result<()> {
        self.next_line()?;
        write!(self.out, "{node}")
    }

    /// Starts a child element whose own children are streamed.
    pub(crate) fn nested(&mut self, element: &Element) -> io::Result<Streamed<'_>> {
        self.next_line()?;
        Ok(Streamed::new(&mut *self.out, element))
    }

    /// Starts a child's line and hands out the output for its text.
    pub fn raw(&mut self) -> io::Result<&mut dyn Write> {
        self.next_line()?;
        Ok(&mut *self.out)
    }

    /// Writes the end tag (or closes the start tag of a childless element).
    pub(crate) fn close(self) -> io::Result<()> {
        if self.children {
            write!(self.out, "\n</{}>", self.name)
        } else {
            write!(self.out, "{}/>", self.start)
        }
    }
}
