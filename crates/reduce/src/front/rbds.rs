//! Red-Blue Dominating Set instances (Aravind–Misra–Mittal, FUN 2022, §2): a bipartite
//! graph of red and blue vertices and a bound k; a solution is a set of at most k red
//! vertices such that every blue vertex has a neighbour in it. The colourful variant
//! partitions the reds into k classes and asks for exactly one red of each class.
//!
//! The text format, one item a line (vertices are numbered from 1):
//!
//! ```text
//! c a comment
//! p rbds 3 2 1        reds, blues, k
//! e 1 1               an edge: red 1 – blue 1
//! e 2 1
//! e 2 2
//! colour 3 1          colourful variant only: red 3 is in class 1 (every red gets one)
//! ```
//!
//! Blank lines and lines starting with `c` are ignored; the `p` line comes first;
//! duplicate edges are refused.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// A Red-Blue Dominating Set instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rbds {
    /// Number of red vertices (numbered `0..reds` internally, `1..=reds` in files).
    pub reds: u32,
    /// Number of blue vertices.
    pub blues: u32,
    /// The edges, (red, blue), sorted, each once.
    pub edges: Vec<(u32, u32)>,
    /// The bound on the dominating set (colourful: the number of classes).
    pub k: u32,
    /// Colourful variant: the class (`0..k`) of every red.
    pub colours: Option<Vec<u32>>,
}

/// Why a text is not an RBDS instance: the line (1-based) and what was expected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct RbdsError {
    /// The offending line, 1-based.
    pub line: usize,
    /// What was expected there.
    pub message: String,
}

impl Rbds {
    /// The red neighbours of every blue vertex, in red order.
    pub fn blue_neighbours(&self) -> Vec<Vec<u32>> {
        let mut neighbours = vec![Vec::new(); self.blues as usize];
        for &(red, blue) in &self.edges {
            neighbours[blue as usize].push(red);
        }
        neighbours
    }

    /// Whether `set` (red vertices) is a solution: at most k reds (colourful: one of each
    /// class) dominating every blue.
    pub fn is_solution(&self, set: &BTreeSet<u32>) -> bool {
        if set.len() > self.k as usize || set.iter().any(|&red| red >= self.reds) {
            return false;
        }
        if let Some(colours) = &self.colours {
            let classes: BTreeSet<u32> = set.iter().map(|&red| colours[red as usize]).collect();
            if classes.len() != set.len() || set.len() != self.k as usize {
                return false;
            }
        }
        self.blue_neighbours()
            .iter()
            .all(|reds| reds.iter().any(|red| set.contains(red)))
    }

    /// The instance in the text format.
    pub fn to_text(&self) -> String {
        let mut text = format!("p rbds {} {} {}\n", self.reds, self.blues, self.k);
        for &(red, blue) in &self.edges {
            let _ = writeln!(text, "e {} {}", red + 1, blue + 1);
        }
        for (red, class) in self.colours.iter().flatten().enumerate() {
            let _ = writeln!(text, "colour {} {}", red + 1, class + 1);
        }
        text
    }

    /// Reads the text format.
    pub fn parse(text: &str) -> Result<Rbds, RbdsError> {
        let mut header: Option<(u32, u32, u32)> = None;
        let mut edges = BTreeSet::new();
        // Red → class, as the file gives them (not a vector of all reds: the header's
        // count is not trusted with memory).
        let mut colours: BTreeMap<u32, u32> = BTreeMap::new();
        let mut last = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            last = line;
            let error = |message: String| RbdsError { line, message };
            let words: Vec<&str> = raw.split_whitespace().collect();
            let Some(&first) = words.first() else {
                continue;
            };
            if first == "c" {
                continue;
            }
            // `max`: the largest value allowed (values are 1-based), `None` for the
            // header's own counts.
            let number = |at: usize, what: &str, max: Option<u32>| -> Result<u32, RbdsError> {
                let word = words.get(at).ok_or_else(|| {
                    error(format!("expected {what} after `{}`", words[..at].join(" ")))
                })?;
                let value: u32 = word
                    .parse()
                    .map_err(|_| error(format!("expected {what}, found `{word}`")))?;
                match max {
                    Some(0) => {
                        return Err(error(format!(
                            "{what} {value}, but the `p` line declares none"
                        )));
                    }
                    Some(max) if !(1..=max).contains(&value) => {
                        return Err(error(format!("{what} {value} is not in 1..={max}")));
                    }
                    _ => {}
                }
                Ok(value)
            };
            match (first, header) {
                ("p", None) => {
                    if words.get(1) != Some(&"rbds") {
                        return Err(error("expected `p rbds REDS BLUES K`".into()));
                    }
                    let parsed = (
                        number(2, "the number of reds", None)?,
                        number(3, "the number of blues", None)?,
                        number(4, "the bound k", None)?,
                    );
                    if words.len() > 5 {
                        return Err(error("expected nothing after `p rbds REDS BLUES K`".into()));
                    }
                    header = Some(parsed);
                }
                ("p", Some(_)) => return Err(error("a second `p` line".into())),
                (_, None) => {
                    return Err(error(format!(
                        "expected `p rbds REDS BLUES K` before `{first}`"
                    )));
                }
                ("e", Some((reds, blues, _))) => {
                    let edge = (
                        number(1, "a red vertex", Some(reds))?,
                        number(2, "a blue vertex", Some(blues))?,
                    );
                    if words.len() > 3 {
                        return Err(error("expected nothing after `e RED BLUE`".into()));
                    }
                    if !edges.insert((edge.0 - 1, edge.1 - 1)) {
                        return Err(error(format!("edge {} {} given twice", edge.0, edge.1)));
                    }
                }
                ("colour", Some((reds, _, k))) => {
                    let red = number(1, "a red vertex", Some(reds))?;
                    let class = number(2, "a colour class", Some(k))?;
                    if words.len() > 3 {
                        return Err(error("expected nothing after `colour RED CLASS`".into()));
                    }
                    if colours.insert(red - 1, class - 1).is_some() {
                        return Err(error(format!("red {red} coloured twice")));
                    }
                }
                _ => {
                    return Err(error(format!(
                        "expected `e RED BLUE`, `colour RED CLASS` or a comment, found `{first}`"
                    )));
                }
            }
        }
        let Some((reds, blues, k)) = header else {
            return Err(RbdsError {
                line: last.max(1),
                message: "expected `p rbds REDS BLUES K`, found no `p` line".into(),
            });
        };
        let colours = if colours.is_empty() {
            None
        } else {
            // Every red has a class iff the reds coloured are exactly 0..reds.
            if let Some(red) = (0..reds).find(|red| !colours.contains_key(red)) {
                return Err(RbdsError {
                    line: last,
                    message: format!("colourful instance: red {} has no `colour` line", red + 1),
                });
            }
            Some(colours.into_values().collect())
        };
        Ok(Rbds {
            reds,
            blues,
            edges: edges.into_iter().collect(),
            k,
            colours,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "c example\np rbds 3 2 1\ne 1 1\ne 2 1\n\ne 2 2\n";

    #[test]
    fn parses_and_writes_back() {
        let rbds = Rbds::parse(EXAMPLE).unwrap();
        assert_eq!((rbds.reds, rbds.blues, rbds.k), (3, 2, 1));
        assert_eq!(rbds.edges, vec![(0, 0), (1, 0), (1, 1)]);
        assert_eq!(Rbds::parse(&rbds.to_text()).unwrap(), rbds);
        assert!(rbds.is_solution(&BTreeSet::from([1])));
        assert!(!rbds.is_solution(&BTreeSet::from([0])));
        assert!(!rbds.is_solution(&BTreeSet::from([0, 1])));
    }

    #[test]
    fn colourful_instances_round_trip() {
        let text = "p rbds 2 1 2\ne 1 1\ncolour 1 1\ncolour 2 2\n";
        let rbds = Rbds::parse(text).unwrap();
        assert_eq!(rbds.colours, Some(vec![0, 1]));
        assert_eq!(rbds.to_text(), text);
        assert!(rbds.is_solution(&BTreeSet::from([0, 1])));
        assert!(!rbds.is_solution(&BTreeSet::from([0])));
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line, part) in [
            ("e 1 1\n", 1, "before `e`"),
            ("p rbds 2 2 1\ne 3 1\n", 2, "red vertex 3 is not in 1..=2"),
            (
                "p rbds 4 0 1\ne 4 3\n",
                2,
                "a blue vertex 3, but the `p` line declares none",
            ),
            (
                "p rbds 1 1 0\ne 1 1\ncolour 1 0\n",
                3,
                "a colour class 0, but the `p` line",
            ),
            ("p rbds 2 2 1\ne 1 1\ne 1 1\n", 3, "given twice"),
            ("p rbds 2 2 x\n", 1, "found `x`"),
            ("p rbds 2 2 1\nq\n", 2, "found `q`"),
            (
                "p rbds 2 2 1\ncolour 1 1\n",
                2,
                "red 2 has no `colour` line",
            ),
            ("c only\n", 1, "no `p` line"),
            ("p rbds 1 1 1\np rbds 1 1 1\n", 2, "second"),
            (
                "p rbds 4000000000 1 2\ncolour 4000000000 1\n",
                2,
                "red 1 has no `colour` line",
            ),
        ] {
            let error = Rbds::parse(text).unwrap_err();
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.message.contains(part), "{text:?}: {error}");
        }
    }
}
