//! The shared test formulas (`tests/formulas/README.md`): every `NAME.cnf` and
//! `NAME.andor` file in `tests/formulas/`, and the thesis example
//! (`examples/andor/thesis.andor`) as `thesis`. A name ending in `unsatisfiable` is an
//! unsatisfiable formula.

use std::path::{Path, PathBuf};

use sat2chess::front::Input;

/// A formula of the folder.
pub struct Formula {
    /// The file name without its extension.
    pub name: String,
    pub path: PathBuf,
    pub input: Input,
}

impl Formula {
    /// The file name (as `compile` records it in a board's provenance).
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned()
    }

    /// Whether the formula is satisfiable, as its name says.
    pub fn satisfiable(&self) -> bool {
        !self.name.ends_with("unsatisfiable")
    }
}

/// The thesis example: not copied into the folder, read where the README has it.
const THESIS: &str = "examples/andor/thesis.andor";

/// Every formula, by name.
pub fn all() -> Vec<Formula> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("tests/formulas"))
        .expect("tests/formulas")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "cnf" || e == "andor"))
        .collect();
    paths.push(root.join(THESIS));
    let mut formulas: Vec<Formula> = paths
        .into_iter()
        .map(|path| {
            let input = sat2chess::front::load(&path, None)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path
                .file_stem()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            Formula { name, path, input }
        })
        .collect();
    formulas.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in formulas.windows(2) {
        assert_ne!(pair[0].name, pair[1].name, "two formulas of one name");
    }
    formulas
}
