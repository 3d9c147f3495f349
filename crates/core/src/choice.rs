//! Closed sets of named values that a user picks by name: file formats, engines, styles.
//! The library names them; the command line offers exactly these names (clap lives only
//! in the binary).

/// A closed set of values, each with the name a user types and a one-line description.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value with its name (lower case) and description, in the order offered.
    const CHOICES: &'static [(Self, &'static str, &'static str)];

    /// The value's name.
    fn name(self) -> &'static str {
        Self::CHOICES
            .iter()
            .find(|(value, _, _)| *value == self)
            .map_or("", |&(_, name, _)| name)
    }

    /// The value named `name` (ignoring case).
    fn from_name(name: &str) -> Option<Self> {
        Self::CHOICES
            .iter()
            .find(|(_, known, _)| known.eq_ignore_ascii_case(name))
            .map(|&(value, _, _)| value)
    }
}
