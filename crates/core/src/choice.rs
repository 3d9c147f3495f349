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

/// A file format named by file extensions as well as by its [`Choice`] name: the one
/// table from which both readers and writers tell a format from a file name.
pub trait FileFormat: Choice {
    /// Every extension (lower case, without the dot) with the format it names, in the
    /// order listed to users.
    const EXTENSIONS: &'static [(&'static str, Self)];

    /// The format the extension `extension` names (ignoring case; without the dot).
    fn from_extension(extension: &str) -> Option<Self> {
        Self::EXTENSIONS
            .iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(extension))
            .map(|&(_, format)| format)
    }

    /// The format the extension of `path` names.
    fn from_path(path: &std::path::Path) -> Option<Self> {
        Self::from_extension(path.extension()?.to_str()?)
    }

    /// The known extensions as users read them: `.json, .txt, .fen`.
    fn extension_list() -> String {
        Self::EXTENSIONS
            .iter()
            .map(|(extension, _)| format!(".{extension}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
