//! Architecture checks: the crates follow their layering, and no crate has a cycle
//! between its files or between its top-level modules.
//!
//! # Layering
//!
//! [`LAYERS`] lists the workspace packages lowest first. From `cargo metadata`, every
//! dependency of a workspace package on another workspace package (of any kind) must go
//! to a package earlier in the list, `sat2chess-check` may depend on no workspace package
//! but `sat2chess-core`, only `sat2chess-cli` may have a normal dependency on the
//! command-line crates [`CLI_ONLY`], and every workspace package must be in the list (a
//! new crate is placed in the order deliberately).
//!
//! # File and module cycles
//!
//! Every workspace package's `src/` tree is read as a crate. Its module tree comes from
//! the file paths: `src/lib.rs` or `src/main.rs` is the crate root, `a.rs` or `a/mod.rs`
//! is module `a`, `a/b.rs` is `a::b`.
//!
//! File A depends on file B when code in A (comments and string literals stripped; doc
//! comments do not count) names, through a path, an item defined in B. The paths that
//! count start with `crate::`, `super::` (also repeated), `self::`, the name of a child
//! module of A's module, or a module alias of A (a name a `use` in A bound to a module);
//! `use` declarations count too. A path is resolved to the file that *defines* the item:
//! walk the module segments; at the first segment that is not a module, look for a
//! top-level item of that name in the current module's file (`fn`, `struct`, `enum`,
//! `trait`, `type`, `const`, `static`, `union`, `macro_rules!`, or an inline `mod`);
//! if it is not defined there, follow that file's top-level `use` and `pub use` imports
//! (named, renamed with `as`, grouped, globs) to where it is defined. A path that ends at
//! a module is not an edge by itself: a `use` of a module binds an alias, and the later
//! paths through the alias (`solve::clear_to(..)`) are edges to the file defining the
//! item. A glob import (`use super::*;`) is an edge to the file defining each name it
//! brings in that A's code then names.
//!
//! Not edges: `mod x;` declarations; re-exports (a top-level `pub use child::Item;` is a
//! facade, not a use — unless the file's own code also names `Item`); edges from a file
//! to itself (so `use super::*;` in an inline `#[cfg(test)] mod tests { … }`, which
//! counts as part of its file, is no edge); paths into other crates (`std::…`,
//! `sat2chess_core::…`).
//!
//! The module graph collapses each file to its top-level module in the crate (the first
//! segment of its module path; the crate root files are the module `crate`) and keeps the
//! edges between distinct top-level modules.
//!
//! Cycles are the strongly connected components of more than one node (Tarjan). Each is
//! listed with its edges and the items that make them. Cycles lying wholly inside one of
//! the [`TOLERATED`] directories are listed but do not fail the test.
//! `cargo test --test architecture -- --nocapture` prints the counts and every cycle.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The workspace packages, lowest first: a package may depend only on packages before it.
const LAYERS: &[&str] = &[
    "sat2chess-core",
    "sat2chess-check",
    "sat2chess-solve",
    "sat2chess-reduce",
    "sat2chess-nqueens",
    "sat2chess-render",
    "sat2chess",
    "sat2chess-cli",
];

/// The one package that may depend on the command-line crates.
const CLI: &str = "sat2chess-cli";

/// Command-line crates: normal dependencies of [`CLI`] only.
const CLI_ONLY: &[&str] = &["clap", "anyhow", "indicatif"];

/// Directories (relative to the workspace root) being rewritten elsewhere: a cycle whose
/// files all lie inside one of them is listed but tolerated. Remove an entry when its
/// rewrite lands.
const TOLERATED: &[&str] = &["crates/reduce/src/back/", "crates/nqueens/src/", "src/cmd/"];

fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

fn packages(meta: &Value) -> &Vec<Value> {
    meta["packages"]
        .as_array()
        .expect("metadata lists packages")
}

fn rank(name: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == name)
}

#[test]
fn crates_follow_the_layering() {
    let meta = metadata();
    let packages = packages(&meta);
    let names: BTreeSet<&str> = packages
        .iter()
        .map(|p| p["name"].as_str().expect("package name"))
        .collect();
    let mut problems = Vec::new();
    for name in &names {
        if rank(name).is_none() {
            problems.push(format!(
                "workspace package {name} is not in LAYERS: place it in the order"
            ));
        }
    }
    for name in LAYERS {
        if !names.contains(name) {
            problems.push(format!("LAYERS names {name}, not a workspace package"));
        }
    }
    for package in packages {
        let from = package["name"].as_str().expect("package name");
        let deps = package["dependencies"].as_array().expect("dependencies");
        for dep in deps {
            let to = dep["name"].as_str().expect("dependency name");
            let kind = dep["kind"].as_str().unwrap_or("normal");
            let edge = format!("{from} -> {to} ({kind} dependency)");
            if names.contains(to) {
                if let (Some(a), Some(b)) = (rank(from), rank(to)) {
                    if b >= a {
                        problems.push(format!("{edge}: {to} is not below {from} in LAYERS"));
                    }
                }
                if from == "sat2chess-check" && to != "sat2chess-core" {
                    problems.push(format!(
                        "{edge}: sat2chess-check depends on no workspace crate but sat2chess-core"
                    ));
                }
            }
            if kind == "normal" && CLI_ONLY.contains(&to) && from != CLI {
                problems.push(format!("{edge}: only {CLI} may depend on {to}"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "layering violations:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn no_file_or_module_cycles() {
    let meta = metadata();
    let root = PathBuf::from(meta["workspace_root"].as_str().expect("workspace root"));
    let mut crates: Vec<(String, PathBuf)> = packages(&meta)
        .iter()
        .map(|p| {
            let manifest = PathBuf::from(p["manifest_path"].as_str().expect("manifest"));
            let name = p["name"].as_str().expect("package name").to_string();
            (name, manifest.parent().expect("package dir").join("src"))
        })
        .filter(|(_, src)| src.is_dir())
        .collect();
    crates.sort();

    let mut report = String::new();
    let mut failures = String::new();
    for (name, src) in &crates {
        let krate = Crate::read(&root, src);
        let files = krate.file_graph();
        let modules = krate.module_graph(&files);
        let file_cycles = cycles(krate.files.len(), &files);
        let module_cycles = cycles(modules.names.len(), &modules.edges);
        report += &format!(
            "{name}: {} files, {} file edges, {} file cycles; {} modules, {} module edges, {} module cycles\n",
            krate.files.len(),
            files.len(),
            file_cycles.len(),
            modules.names.len(),
            modules.edges.len(),
            module_cycles.len(),
        );
        for cycle in &file_cycles {
            let paths: Vec<&str> = cycle.iter().map(|&f| krate.files[f].rel.as_str()).collect();
            let text = describe(cycle, &files, |f| krate.files[f].rel.clone());
            let tolerated = tolerated(&paths);
            report += &format!(
                "  file cycle{}:\n{text}",
                if tolerated { " (tolerated)" } else { "" }
            );
            if !tolerated {
                failures += &format!("{name}: file cycle:\n{text}");
            }
        }
        for cycle in &module_cycles {
            let paths: Vec<&str> = cycle
                .iter()
                .flat_map(|&m| {
                    modules.files[m]
                        .iter()
                        .map(|&f| krate.files[f].rel.as_str())
                })
                .collect();
            let text = describe(cycle, &modules.edges, |m| {
                format!("{name}::{}", modules.names[m])
            });
            let tolerated = tolerated(&paths);
            report += &format!(
                "  module cycle{}:\n{text}",
                if tolerated { " (tolerated)" } else { "" }
            );
            if !tolerated {
                failures += &format!("{name}: module cycle:\n{text}");
            }
        }
    }
    println!("{report}");
    assert!(failures.is_empty(), "cycles:\n{failures}");
}

/// Whether all `paths` lie inside one tolerated directory.
fn tolerated(paths: &[&str]) -> bool {
    TOLERATED
        .iter()
        .any(|dir| paths.iter().all(|p| p.starts_with(dir)))
}

/// Labelled edges of a graph: (from, to) → the items named.
type Edges = BTreeMap<(usize, usize), BTreeSet<String>>;

/// The edges inside one strongly connected component, one line each.
fn describe(cycle: &[usize], edges: &Edges, name: impl Fn(usize) -> String) -> String {
    let inside: BTreeSet<usize> = cycle.iter().copied().collect();
    let mut lines: Vec<String> = edges
        .iter()
        .filter(|((a, b), _)| inside.contains(a) && inside.contains(b))
        .map(|((a, b), items)| {
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            format!("    {} -> {} ({})\n", name(*a), name(*b), items.join("; "))
        })
        .collect();
    lines.sort();
    lines.concat()
}

/// The strongly connected components of more than one node (Tarjan).
fn cycles(nodes: usize, edges: &Edges) -> Vec<Vec<usize>> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(a, b) in edges.keys() {
        next[a].push(b);
    }
    struct Tarjan<'a> {
        next: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        found: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for i in 0..self.next[v].len() {
                let w = self.next[v][i];
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v is on the stack");
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        next: &next,
        index: vec![None; nodes],
        low: vec![0; nodes],
        on_stack: vec![false; nodes],
        stack: Vec::new(),
        counter: 0,
        found: Vec::new(),
    };
    for v in 0..nodes {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    tarjan.found.sort();
    tarjan.found
}

/// The module graph: top-level modules, their files, and the edges between them.
struct Modules {
    names: Vec<String>,
    files: Vec<Vec<usize>>,
    edges: Edges,
}

/// One source file, read.
struct File {
    /// Path relative to the workspace root, with `/`.
    rel: String,
    /// Module path in the crate (empty for the crate root).
    module: Vec<String>,
    /// Names of the top-level items the file defines.
    defs: HashSet<String>,
    uses: Vec<Use>,
    /// Paths in code (outside `use` declarations), with the module they are written in.
    paths: Vec<(Vec<String>, Vec<String>)>,
    /// Identifiers the code names (outside `use` declarations, not after `.` or `::`, not
    /// bindings or fields being declared).
    idents: HashSet<String>,
}

/// One leaf of a `use` declaration.
#[derive(Clone)]
struct Use {
    /// The module the declaration is written in (inline modules included).
    context: Vec<String>,
    path: Vec<String>,
    /// The name bound (`None` for a glob).
    alias: Option<String>,
    /// A top-level `pub use`/`pub(..) use`: a re-export.
    reexport: bool,
    /// Written at the top level of the file (an import of the file's module).
    top: bool,
}

/// Where a path leads.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    /// An item defined in this file.
    Item(usize),
    Module(Vec<String>),
    Unknown,
}

/// A crate's source files and what they name.
struct Crate {
    files: Vec<File>,
    module_file: HashMap<Vec<String>, usize>,
    /// Per file: names bound to modules by its `use` declarations.
    aliases: Vec<HashMap<String, Vec<String>>>,
}

impl Crate {
    fn read(root: &Path, src: &Path) -> Crate {
        let mut paths = Vec::new();
        rust_files(src, &mut paths);
        paths.sort();
        let mut files = Vec::new();
        for path in paths {
            let rel_src: Vec<String> = path
                .strip_prefix(src)
                .expect("under src")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let mut module: Vec<String> = rel_src[..rel_src.len() - 1].to_vec();
            let last = &rel_src[rel_src.len() - 1];
            let is_root = module.is_empty() && (last == "lib.rs" || last == "main.rs");
            if last != "mod.rs" && !is_root {
                module.push(last.trim_end_matches(".rs").to_string());
            }
            let rel = path
                .strip_prefix(root)
                .expect("under the workspace root")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let text = std::fs::read_to_string(&path).expect("readable source file");
            files.push(scan(rel, module, &tokens(&strip(&text))));
        }
        let module_file = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.module.clone(), i))
            .collect();
        let mut krate = Crate {
            aliases: vec![HashMap::new(); files.len()],
            files,
            module_file,
        };
        krate.bind_aliases();
        krate
    }

    /// Binds, per file, the names its `use` declarations give to modules (a few rounds,
    /// as a `use` may start at a name another `use` bound).
    fn bind_aliases(&mut self) {
        for _ in 0..3 {
            for f in 0..self.files.len() {
                let mut found = Vec::new();
                for u in &self.files[f].uses {
                    match &u.alias {
                        Some(alias) => {
                            if let Target::Module(m) = self.resolve(f, &u.context, &u.path) {
                                found.push((alias.clone(), m));
                            }
                        }
                        None => {
                            if let Target::Module(m) = self.resolve(f, &u.context, &u.path) {
                                found.extend(self.child_modules(&m));
                                if let Some(&g) = self.module_file.get(&m) {
                                    found.extend(
                                        self.aliases[g].iter().map(|(k, v)| (k.clone(), v.clone())),
                                    );
                                }
                            }
                        }
                    }
                }
                for (alias, module) in found {
                    if module != self.files[f].module {
                        self.aliases[f].insert(alias, module);
                    }
                }
            }
        }
    }

    fn child_modules(&self, module: &[String]) -> Vec<(String, Vec<String>)> {
        self.module_file
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| (m[m.len() - 1].clone(), m.clone()))
            .collect()
    }

    /// Where `path`, written in file `file` inside module `context`, leads; `Unknown` for
    /// paths that do not start inside the crate.
    fn resolve(&self, file: usize, context: &[String], path: &[String]) -> Target {
        self.resolve_in(file, context, path, &mut HashSet::new())
    }

    /// [`Crate::resolve`], sharing the loop guard of a lookup in progress.
    fn resolve_in(
        &self,
        file: usize,
        context: &[String],
        path: &[String],
        seen: &mut HashSet<(Vec<String>, String)>,
    ) -> Target {
        let mut module = context.to_vec();
        let mut rest = path;
        match path.first().map(String::as_str) {
            Some("crate") => {
                module.clear();
                rest = &path[1..];
            }
            Some("self") => rest = &path[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    if module.pop().is_none() {
                        return Target::Unknown;
                    }
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = context.to_vec();
                child.push(first.to_string());
                if self.module_file.contains_key(&child) {
                    module = child;
                } else if let Some(m) = self.aliases[file].get(first) {
                    module = m.clone();
                } else {
                    return Target::Unknown;
                }
                rest = &path[1..];
            }
            None => return Target::Unknown,
        }
        self.walk(module, rest, seen)
    }

    fn walk(
        &self,
        mut module: Vec<String>,
        rest: &[String],
        seen: &mut HashSet<(Vec<String>, String)>,
    ) -> Target {
        for segment in rest {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.module_file.contains_key(&child) {
                module = child;
                continue;
            }
            match self.lookup(&module, segment, seen) {
                Target::Item(f) => return Target::Item(f),
                Target::Module(m) => module = m,
                Target::Unknown => return Target::Unknown,
            }
        }
        Target::Module(module)
    }

    /// The file defining `name` as seen from `module`: its own top-level items, then its
    /// top-level imports.
    fn lookup(
        &self,
        module: &[String],
        name: &str,
        seen: &mut HashSet<(Vec<String>, String)>,
    ) -> Target {
        if !seen.insert((module.to_vec(), name.to_string())) {
            return Target::Unknown;
        }
        let Some(&f) = self.module_file.get(module) else {
            return Target::Unknown;
        };
        if self.files[f].defs.contains(name) {
            return Target::Item(f);
        }
        let imports = self.files[f].uses.iter().filter(|u| u.top);
        for u in imports.clone() {
            if u.alias.as_deref() == Some(name) {
                return self.resolve_in(f, module, &u.path, seen);
            }
        }
        for u in imports.filter(|u| u.alias.is_none()) {
            if let Target::Module(g) = self.resolve_in(f, module, &u.path, seen) {
                let found = self.lookup(&g, name, seen);
                if found != Target::Unknown {
                    return found;
                }
            }
        }
        Target::Unknown
    }

    /// The names a glob import of `module` brings in, with the files defining them.
    fn glob_names(&self, module: &[String], depth: usize) -> HashMap<String, usize> {
        let mut names = HashMap::new();
        let Some(&f) = self.module_file.get(module) else {
            return names;
        };
        if depth > 4 {
            return names;
        }
        for u in self.files[f].uses.iter().filter(|u| u.top) {
            match &u.alias {
                Some(alias) => {
                    if let Target::Item(g) = self.resolve(f, module, &u.path) {
                        names.insert(alias.clone(), g);
                    }
                }
                None => {
                    if let Target::Module(m) = self.resolve(f, module, &u.path) {
                        names.extend(self.glob_names(&m, depth + 1));
                    }
                }
            }
        }
        for def in &self.files[f].defs {
            names.insert(def.clone(), f);
        }
        names
    }

    /// File edges: (from, to) → the items named.
    fn file_graph(&self) -> Edges {
        let mut edges = Edges::new();
        let mut add = |from: usize, to: usize, item: &str| {
            if from != to {
                edges
                    .entry((from, to))
                    .or_default()
                    .insert(item.to_string());
            }
        };
        for (f, file) in self.files.iter().enumerate() {
            for u in &file.uses {
                match &u.alias {
                    Some(alias) => {
                        if let Target::Item(g) = self.resolve(f, &u.context, &u.path) {
                            if !u.reexport || file.idents.contains(alias) {
                                add(f, g, alias);
                            }
                        }
                    }
                    None => match self.resolve(f, &u.context, &u.path) {
                        Target::Item(g) => add(f, g, u.path.last().expect("a glob's path")),
                        Target::Module(m) => {
                            for (name, g) in self.glob_names(&m, 0) {
                                if file.idents.contains(&name) && !file.defs.contains(&name) {
                                    add(f, g, &name);
                                }
                            }
                        }
                        Target::Unknown => {}
                    },
                }
            }
            for (context, path) in &file.paths {
                if let Target::Item(g) = self.resolve(f, context, path) {
                    add(f, g, &self.item_name(f, context, path));
                }
            }
        }
        edges
    }

    /// The segment of `path` naming the item it resolves to (the first past the modules).
    fn item_name(&self, file: usize, context: &[String], path: &[String]) -> String {
        for end in 1..=path.len() {
            if let Target::Item(_) = self.resolve(file, context, &path[..end]) {
                return path[end - 1].clone();
            }
        }
        path.last().cloned().unwrap_or_default()
    }

    fn module_graph(&self, files: &Edges) -> Modules {
        let top = |f: usize| {
            self.files[f]
                .module
                .first()
                .cloned()
                .unwrap_or_else(|| "crate".to_string())
        };
        let mut names: Vec<String> = (0..self.files.len()).map(top).collect();
        names.sort();
        names.dedup();
        let index = |f: usize| names.binary_search(&top(f)).expect("a module");
        let mut members = vec![Vec::new(); names.len()];
        for f in 0..self.files.len() {
            members[index(f)].push(f);
        }
        let mut edges = Edges::new();
        for (&(a, b), items) in files {
            let (ma, mb) = (index(a), index(b));
            if ma != mb {
                let items: Vec<&str> = items.iter().map(String::as_str).collect();
                edges.entry((ma, mb)).or_default().insert(format!(
                    "{} -> {}: {}",
                    self.files[a].rel,
                    self.files[b].rel,
                    items.join(" ")
                ));
            }
        }
        Modules {
            names,
            files: members,
            edges,
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).expect("readable source directory");
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source with comments, string and character literals blanked (newlines kept).
fn strip(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev_ident = i > 0 && ident(chars[i - 1]);
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
                out.push(' ');
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
        } else if !prev_ident && (c == 'r' || (c == 'b' && chars.get(i + 1) == Some(&'r'))) && {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            chars.get(j) == Some(&'"')
        } {
            // Raw string: r#"…"#.
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &c in &chars[i..j.min(chars.len())] {
                blank(&mut out, c);
            }
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let j = (j + 1).min(chars.len());
            for &c in &chars[i..j] {
                blank(&mut out, c);
            }
            i = j;
        } else if c == '\'' {
            // A character literal, or a lifetime (kept).
            let end = if chars.get(i + 1) == Some(&'\\') {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                Some(j + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(j) => {
                    let j = j.min(chars.len());
                    for &c in &chars[i..j] {
                        blank(&mut out, c);
                    }
                    i = j;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

fn tokens(src: &str) -> Vec<Tok> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            if c == 'r' && chars.get(i + 1) == Some(&'#') {
                i += 2;
            }
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c == '\'' {
            // A lifetime or label.
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Tok::Sep);
            i += 2;
        } else {
            out.push(Tok::Punct(c));
            i += 1;
        }
    }
    out
}

fn is_ident(t: Option<&Tok>, s: &str) -> bool {
    matches!(t, Some(Tok::Ident(x)) if x == s)
}

const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "trait", "type", "const", "static", "union",
];

/// Reads a file's definitions, `use` declarations, paths and identifiers.
fn scan(rel: String, module: Vec<String>, toks: &[Tok]) -> File {
    let mut file = File {
        rel,
        module,
        defs: HashSet::new(),
        uses: Vec::new(),
        paths: Vec::new(),
        idents: HashSet::new(),
    };
    let mut depth = 0usize;
    // Inline modules open: (name, depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < toks.len() {
        let context = || {
            let mut c = file.module.clone();
            c.extend(inline.iter().map(|(n, _)| n.clone()));
            c
        };
        match &toks[i] {
            Tok::Punct('{') => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    inline.push((name, depth));
                }
                i += 1;
            }
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Punct(';') => {
                pending_mod = None;
                i += 1;
            }
            Tok::Ident(word) if word == "use" => {
                let reexport = depth == 0 && is_pub_before(toks, i);
                let context = context();
                let mut leaves = Vec::new();
                i += 1;
                use_tree(toks, &mut i, Vec::new(), &mut leaves);
                if toks.get(i) == Some(&Tok::Punct(';')) {
                    i += 1;
                }
                for (path, alias) in leaves {
                    file.uses.push(Use {
                        context: context.clone(),
                        path,
                        alias,
                        reexport,
                        top: depth == 0,
                    });
                }
            }
            Tok::Ident(word) => {
                let prev = if i > 0 { toks.get(i - 1) } else { None };
                let next = toks.get(i + 1);
                if word == "mod" {
                    if let Some(Tok::Ident(name)) = next {
                        pending_mod = Some(name.clone());
                        if depth == 0 && toks.get(i + 2) == Some(&Tok::Punct('{')) {
                            file.defs.insert(name.clone());
                        }
                    }
                    i += 2;
                    continue;
                }
                if ITEM_KEYWORDS.contains(&word.as_str()) || word == "let" {
                    let mut j = i + 1;
                    if is_ident(toks.get(j), "mut") {
                        j += 1;
                    }
                    if let Some(Tok::Ident(name)) = toks.get(j) {
                        if !ITEM_KEYWORDS.contains(&name.as_str()) {
                            if depth == 0 && word != "let" {
                                file.defs.insert(name.clone());
                            }
                            i = j + 1;
                            continue;
                        }
                    }
                }
                if word == "macro_rules" && next == Some(&Tok::Punct('!')) {
                    if let Some(Tok::Ident(name)) = toks.get(i + 2) {
                        if depth == 0 {
                            file.defs.insert(name.clone());
                        }
                    }
                    i += 3;
                    continue;
                }
                if matches!(prev, Some(Tok::Sep) | Some(Tok::Punct('.'))) {
                    i += 1;
                    continue;
                }
                // A path: ident (:: ident)*.
                let mut path = vec![word.clone()];
                let mut j = i + 1;
                while toks.get(j) == Some(&Tok::Sep) {
                    match toks.get(j + 1) {
                        Some(Tok::Ident(s)) => {
                            path.push(s.clone());
                            j += 2;
                        }
                        _ => break,
                    }
                }
                let field = next == Some(&Tok::Punct(':'));
                if path.len() == 1 && !field {
                    file.idents.insert(word.clone());
                } else if path.len() > 1 {
                    file.idents.insert(word.clone());
                    file.paths.push((context(), path));
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    file
}

/// Whether the `use` at `i` is preceded by `pub` or `pub(…)`.
fn is_pub_before(toks: &[Tok], i: usize) -> bool {
    if i >= 1 && is_ident(toks.get(i - 1), "pub") {
        return true;
    }
    if i >= 1 && toks[i - 1] == Tok::Punct(')') {
        let mut j = i - 1;
        while j > 0 && toks[j] != Tok::Punct('(') {
            j -= 1;
        }
        return j >= 1 && is_ident(toks.get(j - 1), "pub");
    }
    false
}

/// Parses one use tree at `i`, appending its leaves (path, bound name or `None` for a
/// glob).
fn use_tree(
    toks: &[Tok],
    i: &mut usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    if toks.get(*i) == Some(&Tok::Sep) {
        // A leading `::`: another crate.
        *i += 1;
        prefix.push("::".to_string());
    }
    loop {
        match toks.get(*i) {
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        Some(_) => use_tree(toks, i, prefix.clone(), out),
                    }
                }
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push((prefix, None));
                return;
            }
            Some(Tok::Ident(segment)) => {
                *i += 1;
                if toks.get(*i) == Some(&Tok::Sep) {
                    prefix.push(segment.clone());
                    *i += 1;
                    continue;
                }
                let mut alias = segment.clone();
                let mut path = prefix;
                if segment == "self" {
                    alias = path.last().cloned().unwrap_or_default();
                } else {
                    path.push(segment.clone());
                }
                if is_ident(toks.get(*i), "as") {
                    if let Some(Tok::Ident(name)) = toks.get(*i + 1) {
                        alias = name.clone();
                    }
                    *i += 2;
                }
                out.push((path, Some(alias)));
                return;
            }
            _ => return,
        }
    }
}
