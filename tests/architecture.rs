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
//! listed with its edges and the items that make them, and fails the test.
//! `cargo test --release cycles -- --nocapture` prints the counts and every cycle.

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
    "sat2chess-graphcap",
    "sat2chess-hampath",
    "sat2chess-render",
    "sat2chess",
    "sat2chess-cli",
];

/// The one package that may depend on the command-line crates.
const CLI: &str = "sat2chess-cli";

/// Command-line crates: normal dependencies of [`CLI`] only.
const CLI_ONLY: &[&str] = &["clap", "anyhow", "indicatif"];

/// The workspace packages (`cargo metadata --no-deps`) and the workspace root.
fn metadata() -> (Vec<Value>, PathBuf) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cargo metadata failed: {error}");
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let root = PathBuf::from(meta["workspace_root"].as_str().expect("workspace root"));
    (meta["packages"].as_array().expect("packages").clone(), root)
}

fn text(value: &Value) -> &str {
    value.as_str().expect("a string in cargo metadata")
}

#[test]
fn crates_follow_the_layering() {
    let (packages, _) = metadata();
    let names: BTreeSet<&str> = packages.iter().map(|p| text(&p["name"])).collect();
    let rank = |name: &str| LAYERS.iter().position(|l| *l == name);
    let mut problems = Vec::new();
    for name in names.iter().filter(|n| rank(n).is_none()) {
        problems.push(format!("workspace package {name} is not in LAYERS"));
    }
    for name in LAYERS.iter().filter(|n| !names.contains(*n)) {
        problems.push(format!("LAYERS names {name}, not a workspace package"));
    }
    for package in &packages {
        let from = text(&package["name"]);
        for dep in package["dependencies"].as_array().expect("dependencies") {
            let (to, kind) = (text(&dep["name"]), dep["kind"].as_str().unwrap_or("normal"));
            let edge = format!("{from} -> {to} ({kind} dependency)");
            if names.contains(to) {
                if let (Some(a), Some(b)) = (rank(from), rank(to))
                    && b >= a
                {
                    problems.push(format!("{edge}: {to} is not below {from} in LAYERS"));
                }
                if from == "sat2chess-check" && to != "sat2chess-core" {
                    problems.push(format!("{edge}: check depends on no crate but core"));
                }
            }
            if kind == "normal" && CLI_ONLY.contains(&to) && from != CLI {
                problems.push(format!("{edge}: only {CLI} may depend on {to}"));
            }
        }
    }
    let listing = problems.join("\n  ");
    assert!(problems.is_empty(), "layering violations:\n  {listing}");
}

#[test]
fn no_file_or_module_cycles() {
    let (packages, root) = metadata();
    let mut crates: Vec<(String, PathBuf)> = packages
        .iter()
        .map(|p| {
            let manifest = PathBuf::from(text(&p["manifest_path"]));
            (text(&p["name"]).to_string(), manifest.with_file_name("src"))
        })
        .filter(|(_, src)| src.is_dir())
        .collect();
    crates.sort();
    let (mut report, mut failures) = (String::new(), String::new());
    for (name, src) in &crates {
        let krate = Crate::read(&root, src);
        let files = krate.file_graph();
        let (modules, module_edges) = krate.module_graph(&files);
        let file_cycles = cycles(krate.files.len(), &files);
        let module_cycles = cycles(modules.len(), &module_edges);
        let (n, e, c) = (krate.files.len(), files.len(), file_cycles.len());
        report += &format!("{name}: {n} files, {e} file edges, {c} file cycles; ");
        let (n, e, c) = (modules.len(), module_edges.len(), module_cycles.len());
        report += &format!("{n} modules, {e} module edges, {c} module cycles\n");
        let rel = |f: usize| krate.files[f].rel.clone();
        let found = file_cycles
            .iter()
            .map(|cycle| ("file", describe(cycle, &files, rel)));
        let found = found.chain(module_cycles.iter().map(|cycle| {
            let listing = describe(cycle, &module_edges, |m| format!("{name}::{}", modules[m]));
            ("module", listing)
        }));
        for (kind, listing) in found {
            report += &format!("  {kind} cycle:\n{listing}");
            failures += &format!("{name}: {kind} cycle:\n{listing}");
        }
    }
    println!("{report}");
    assert!(failures.is_empty(), "cycles:\n{failures}");
}

/// Labelled edges of a graph: (from, to) → the items named.
type Edges = BTreeMap<(usize, usize), BTreeSet<String>>;

/// The edges inside one strongly connected component, one line each.
fn describe(cycle: &[usize], edges: &Edges, name: impl Fn(usize) -> String) -> String {
    let inside = |n: &usize| cycle.contains(n);
    let mut lines: Vec<String> = edges
        .iter()
        .filter(|((a, b), _)| inside(a) && inside(b))
        .map(|((a, b), items)| {
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            format!("    {} -> {} ({})\n", name(*a), name(*b), items.join("; "))
        })
        .collect();
    lines.sort();
    lines.concat()
}

/// The strongly connected components of more than one node (Tarjan, iterative).
fn cycles(nodes: usize, edges: &Edges) -> Vec<Vec<usize>> {
    let mut next = vec![Vec::new(); nodes];
    for &(a, b) in edges.keys() {
        next[a].push(b);
    }
    let (mut index, mut low) = (vec![usize::MAX; nodes], vec![0; nodes]);
    let (mut stack, mut found, mut counter) = (Vec::new(), Vec::new(), 0);
    for root in 0..nodes {
        // The depth-first search: (node, its next edge to follow).
        let mut work = vec![(root, 0)];
        while let Some((v, e)) = work.pop() {
            if e == 0 {
                if index[v] != usize::MAX {
                    continue;
                }
                (index[v], low[v]) = (counter, counter);
                counter += 1;
                stack.push(v);
            }
            if let Some(&w) = next[v].get(e) {
                work.push((v, e + 1));
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if stack.contains(&w) {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if low[v] == index[v] {
                let at = stack.iter().position(|&w| w == v).expect("on the stack");
                let mut component = stack.split_off(at);
                component.sort();
                found.extend((component.len() > 1).then_some(component));
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
        }
    }
    found.sort();
    found
}

/// The top-level modules of a crate and the edges between them.
type Modules = (Vec<String>, Edges);

/// One source file, read.
#[derive(Default)]
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
    /// An item defined in this file, under this name.
    Item(usize, String),
    Module(Vec<String>),
    Unknown,
}

/// Lookups in progress, against import loops.
type Seen = HashSet<(Vec<String>, String)>;

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
        let parts = |path: &Path, base: &Path| -> Vec<String> {
            let rel = path.strip_prefix(base).expect("a file under its base");
            rel.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect()
        };
        let files: Vec<File> = paths
            .iter()
            .map(|path| {
                let mut module = parts(path, src);
                let last = module.pop().expect("a file name");
                let is_root = module.is_empty() && (last == "lib.rs" || last == "main.rs");
                if last != "mod.rs" && !is_root {
                    module.push(last.trim_end_matches(".rs").to_string());
                }
                let source = std::fs::read_to_string(path).expect("readable source file");
                let rel = parts(path, root).join("/");
                scan(rel, module, &tokens(&strip(&source)))
            })
            .collect();
        let mut module_file = HashMap::new();
        for (i, f) in files.iter().enumerate() {
            module_file.insert(f.module.clone(), i);
        }
        let aliases = vec![HashMap::new(); files.len()];
        let mut krate = Crate {
            files,
            module_file,
            aliases,
        };
        // A few rounds, as a `use` may start at a name another `use` bound.
        for _ in 0..3 {
            for f in 0..krate.files.len() {
                let mut found = Vec::new();
                for u in &krate.files[f].uses {
                    let Target::Module(m) = krate.resolve(f, &u.context, &u.path) else {
                        continue;
                    };
                    match &u.alias {
                        Some(alias) => found.push((alias.clone(), m)),
                        None => {
                            found.extend(krate.children(&m));
                            if let Some(&g) = krate.module_file.get(&m) {
                                found.extend(krate.aliases[g].clone());
                            }
                        }
                    }
                }
                let own = krate.files[f].module.clone();
                krate.aliases[f].extend(found.into_iter().filter(|(_, m)| *m != own));
            }
        }
        krate
    }

    fn children(&self, module: &[String]) -> Vec<(String, Vec<String>)> {
        let child = |m: &&Vec<String>| m.len() == module.len() + 1 && m.starts_with(module);
        let keys = self.module_file.keys().filter(child);
        keys.map(|m| (m[m.len() - 1].clone(), m.clone())).collect()
    }

    /// Where `path`, written in file `file` inside module `context`, leads; `Unknown` for
    /// paths that do not start inside the crate.
    fn resolve(&self, file: usize, context: &[String], path: &[String]) -> Target {
        self.resolve_in(file, context, path, &mut Seen::new())
    }

    fn resolve_in(&self, file: usize, ctx: &[String], path: &[String], seen: &mut Seen) -> Target {
        let mut module = ctx.to_vec();
        let Some(first) = path.first() else {
            return Target::Unknown;
        };
        let mut rest = &path[1..];
        match first.as_str() {
            "crate" => module.clear(),
            "self" => {}
            "super" => {
                rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    if module.pop().is_none() {
                        return Target::Unknown;
                    }
                    rest = &rest[1..];
                }
            }
            _ => {
                module.push(first.clone());
                if !self.module_file.contains_key(&module) {
                    match self.aliases[file].get(first) {
                        Some(m) => module = m.clone(),
                        None => return Target::Unknown,
                    }
                }
            }
        }
        for segment in rest {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.module_file.contains_key(&child) {
                module = child;
                continue;
            }
            match self.lookup(&module, segment, seen) {
                Target::Item(f, _) => return Target::Item(f, segment.clone()),
                Target::Module(m) => module = m,
                Target::Unknown => return Target::Unknown,
            }
        }
        Target::Module(module)
    }

    /// The file defining `name` as seen from `module`: its own top-level items, then its
    /// top-level imports.
    fn lookup(&self, module: &[String], name: &str, seen: &mut Seen) -> Target {
        let Some(&f) = self.module_file.get(module) else {
            return Target::Unknown;
        };
        if !seen.insert((module.to_vec(), name.to_string())) {
            return Target::Unknown;
        }
        if self.files[f].defs.contains(name) {
            return Target::Item(f, name.to_string());
        }
        let imports = self.files[f].uses.iter().filter(|u| u.top);
        if let Some(u) = imports.clone().find(|u| u.alias.as_deref() == Some(name)) {
            return self.resolve_in(f, module, &u.path, seen);
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
        let Some(&f) = self.module_file.get(module).filter(|_| depth <= 4) else {
            return names;
        };
        for u in self.files[f].uses.iter().filter(|u| u.top) {
            match (&u.alias, self.resolve(f, module, &u.path)) {
                (Some(alias), Target::Item(g, _)) => drop(names.insert(alias.clone(), g)),
                (None, Target::Module(m)) => names.extend(self.glob_names(&m, depth + 1)),
                _ => {}
            }
        }
        names.extend(self.files[f].defs.iter().map(|d| (d.clone(), f)));
        names
    }

    /// File edges: (from, to) → the items named.
    fn file_graph(&self) -> Edges {
        let mut edges = Edges::new();
        let mut add = |from: usize, to: usize, item: &str| {
            if from != to {
                edges.entry((from, to)).or_default().insert(item.into());
            }
        };
        for (f, file) in self.files.iter().enumerate() {
            for u in &file.uses {
                match (&u.alias, self.resolve(f, &u.context, &u.path)) {
                    (Some(alias), Target::Item(g, _))
                        if !u.reexport || file.idents.contains(alias) =>
                    {
                        add(f, g, alias)
                    }
                    (None, Target::Item(g, item)) => add(f, g, &item),
                    (None, Target::Module(m)) => {
                        for (name, g) in self.glob_names(&m, 0) {
                            if file.idents.contains(&name) && !file.defs.contains(&name) {
                                add(f, g, &name);
                            }
                        }
                    }
                    _ => {}
                }
            }
            for (context, path) in &file.paths {
                if let Target::Item(g, item) = self.resolve(f, context, path) {
                    add(f, g, &item);
                }
            }
        }
        edges
    }

    fn module_graph(&self, files: &Edges) -> Modules {
        let top = |f: usize| self.files[f].module.first().map_or("crate", String::as_str);
        let names: Vec<String> = (0..self.files.len())
            .map(|f| top(f).to_string())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let index = |f: usize| names.iter().position(|n| n == top(f)).expect("a module");
        let mut edges = Edges::new();
        for (&(a, b), items) in files {
            if index(a) != index(b) {
                let items: Vec<&str> = items.iter().map(String::as_str).collect();
                let (from, to) = (&self.files[a].rel, &self.files[b].rel);
                let label = format!("{from} -> {to}: {}", items.join(" "));
                edges.entry((index(a), index(b))).or_default().insert(label);
            }
        }
        (names, edges)
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source directory") {
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
    let c: Vec<char> = src.chars().collect();
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, x)| c.get(i + k) == Some(&x));
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < c.len() {
        let ident_before = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        // A raw string r"…", r#"…"#, br"…": its opening quote and number of hashes.
        let raw = (!ident_before && (c[i] == 'r' || at(i, "br")))
            .then(|| {
                let open = i + if c[i] == 'b' { 2 } else { 1 };
                let hashes = c[open..].iter().take_while(|&&x| x == '#').count();
                (c.get(open + hashes) == Some(&'"')).then_some((open + hashes, hashes))
            })
            .flatten();
        let end = if at(i, "//") {
            i + c[i..].iter().take_while(|&&x| x != '\n').count()
        } else if at(i, "/*") {
            let (mut j, mut depth) = (i, 0);
            while j < c.len() {
                if at(j, "/*") || at(j, "*/") {
                    depth += if c[j] == '/' { 1 } else { -1 };
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if let Some((quote, hashes)) = raw {
            let closing = format!("\"{}", "#".repeat(hashes));
            (quote + 1..c.len())
                .find(|&j| at(j, &closing))
                .map_or(c.len(), |j| j + 1 + hashes)
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if c[i] == '\'' && c.get(i + 1) == Some(&'\\') {
            i + 2 + c[i + 2..].iter().take_while(|&&x| x != '\'').count() + 1
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            i + 3
        } else {
            // Code, a lifetime's quote included.
            out.push(c[i]);
            i += 1;
            continue;
        };
        let end = end.min(c.len());
        for &x in &c[i..end] {
            out.push(if x == '\n' { '\n' } else { ' ' });
        }
        i = end;
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
    let c: Vec<char> = src.chars().collect();
    let is_word = |x: &char| x.is_alphanumeric() || *x == '_';
    let word = |i: usize| c[i..].iter().take_while(|x| is_word(x)).count();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_alphabetic() || c[i] == '_' {
            if c[i] == 'r' && c.get(i + 1) == Some(&'#') {
                i += 2; // A raw identifier.
            }
            let n = word(i);
            out.push(Tok::Ident(c[i..i + n].iter().collect()));
            i += n;
        } else if c[i].is_ascii_digit() || c[i] == '\'' {
            i += 1 + word(i + 1); // A number, or a lifetime or label.
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push(Tok::Sep);
            i += 2;
        } else {
            if !c[i].is_whitespace() {
                out.push(Tok::Punct(c[i]));
            }
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
    let mut file = File::default();
    (file.rel, file.module) = (rel, module);
    let mut depth = 0usize;
    // Inline modules open: (name, depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < toks.len() {
        let mut context = file.module.clone();
        context.extend(inline.iter().map(|(n, _)| n.clone()));
        let Tok::Ident(word) = &toks[i] else {
            match toks[i] {
                Tok::Punct('{') => {
                    depth += 1;
                    inline.extend(pending_mod.take().map(|name| (name, depth)));
                }
                Tok::Punct('}') => {
                    if inline.last().is_some_and(|(_, d)| *d == depth) {
                        inline.pop();
                    }
                    depth = depth.saturating_sub(1);
                }
                Tok::Punct(';') => pending_mod = None,
                _ => {}
            }
            i += 1;
            continue;
        };
        let (prev, next) = (i.checked_sub(1).map(|p| &toks[p]), toks.get(i + 1));
        if word == "use" {
            let reexport = depth == 0 && is_pub_before(toks, i);
            let mut leaves = Vec::new();
            i += 1;
            use_tree(toks, &mut i, Vec::new(), &mut leaves);
            i += usize::from(toks.get(i) == Some(&Tok::Punct(';')));
            for (path, alias) in leaves {
                let (context, top) = (context.clone(), depth == 0);
                file.uses.push(Use {
                    context,
                    path,
                    alias,
                    reexport,
                    top,
                });
            }
        } else if word == "mod" {
            if let Some(Tok::Ident(name)) = next {
                pending_mod = Some(name.clone());
                if depth == 0 && toks.get(i + 2) == Some(&Tok::Punct('{')) {
                    file.defs.insert(name.clone());
                }
            }
            i += 2;
        } else if word == "macro_rules" && next == Some(&Tok::Punct('!')) {
            if let (Some(Tok::Ident(name)), 0) = (toks.get(i + 2), depth) {
                file.defs.insert(name.clone());
            }
            i += 3;
        } else if let Some(name) = (ITEM_KEYWORDS.contains(&word.as_str()) || word == "let")
            .then(|| toks.get(i + 1 + usize::from(is_ident(next, "mut"))))
            .flatten()
            .and_then(|t| match t {
                Tok::Ident(name) if !ITEM_KEYWORDS.contains(&name.as_str()) => Some(name),
                _ => None,
            })
        {
            // An item or a binding being declared.
            if depth == 0 && word != "let" {
                file.defs.insert(name.clone());
            }
            i += 2 + usize::from(is_ident(next, "mut"));
        } else if matches!(prev, Some(Tok::Sep | Tok::Punct('.'))) {
            i += 1;
        } else {
            // A path: ident (:: ident)*.
            let mut path = vec![word.clone()];
            i += 1;
            while let (Some(Tok::Sep), Some(Tok::Ident(s))) = (toks.get(i), toks.get(i + 1)) {
                path.push(s.clone());
                i += 2;
            }
            if path.len() > 1 || next != Some(&Tok::Punct(':')) {
                file.idents.insert(word.clone());
            }
            if path.len() > 1 {
                file.paths.push((context, path));
            }
        }
    }
    file
}

/// Whether the `use` at `i` is preceded by `pub` or `pub(…)`.
fn is_pub_before(toks: &[Tok], i: usize) -> bool {
    match i.checked_sub(1).map(|p| &toks[p]) {
        Some(Tok::Punct(')')) => {
            let open = toks[..i].iter().rposition(|t| *t == Tok::Punct('('));
            open.is_some_and(|j| j >= 1 && is_ident(toks.get(j - 1), "pub"))
        }
        prev => is_ident(prev, "pub"),
    }
}

/// Parses one use tree at `i`, appending its leaves (path, bound name or `None` for a
/// glob).
fn use_tree(toks: &[Tok], i: &mut usize, mut prefix: Vec<String>, out: &mut Vec<UseLeaf>) {
    if toks.get(*i) == Some(&Tok::Sep) {
        *i += 1; // A leading `::`: another crate.
        prefix.push("::".to_string());
    }
    loop {
        match toks.get(*i) {
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Tok::Punct('}')) | None => break *i += 1,
                        Some(Tok::Punct(',')) => *i += 1,
                        Some(_) => use_tree(toks, i, prefix.clone(), out),
                    }
                }
                return;
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                return out.push((prefix, None));
            }
            Some(Tok::Ident(segment)) => {
                *i += 1;
                if toks.get(*i) == Some(&Tok::Sep) {
                    prefix.push(segment.clone());
                    *i += 1;
                    continue;
                }
                let mut alias = segment.clone();
                if segment == "self" {
                    alias = prefix.last().cloned().unwrap_or_default();
                } else {
                    prefix.push(segment.clone());
                }
                if is_ident(toks.get(*i), "as") {
                    if let Some(Tok::Ident(name)) = toks.get(*i + 1) {
                        alias = name.clone();
                    }
                    *i += 2;
                }
                return out.push((prefix, Some(alias)));
            }
            _ => return,
        }
    }
}

/// A leaf of a use tree: its path and the name it binds (`None`: a glob).
type UseLeaf = (Vec<String>, Option<String>);
