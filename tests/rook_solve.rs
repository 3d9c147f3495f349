//! The exact solver on compiled Rook 2-Solo Chess boards (issues 11 and 12, "`solve`
//! agrees with the SAT verdict on every compiled board of an And-Or formula with ≤ 3
//! variables, both verdicts present"): for every And-Or-(1,1)-SAT formula with at most
//! three variables (44 up to renaming and negating variables and reordering), `solve` (the automatic choice: the search engine,
//! joined by the SAT encoding after its head start) decides the compiled rook board and
//! its queen and bishop transformations (`sat2chess retarget`) without a limit being
//! reached, its verdict equals the formula's SAT verdict, and every sequence it returns
//! is accepted by the sequence checker.

use crate::common::verdict::assert_agrees_with_sat;
use std::time::{Duration, Instant};

use sat2chess::back::rook;
use sat2chess::board::Board;
use sat2chess::front::FormulaFormat;
use sat2chess::retarget::{Target, retarget};
use sat2chess::sat::solve_andor;
use sat2chess::solve::{SolveOptions, solve};
use sat2chess::transform::Chain;

/// A literal: variable index and sign (true: negated).
type Literal = (usize, bool);

/// A clause of And-Or-(1,1)-SAT: `l1 | l2 | l3` (1–3 literals) or `(l1 & l2) | l3`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Clause {
    Or(Vec<Literal>),
    And(Vec<Literal>, Literal),
}

/// Every partition of `items` into blocks of at most three.
fn partitions(items: &[Literal]) -> Vec<Vec<Vec<Literal>>> {
    let Some((&first, rest)) = items.split_first() else {
        return vec![Vec::new()];
    };
    let mut found = Vec::new();
    let mut companions: Vec<Vec<Literal>> = vec![Vec::new()];
    for (i, &a) in rest.iter().enumerate() {
        companions.push(vec![a]);
        for &b in &rest[i + 1..] {
            companions.push(vec![a, b]);
        }
    }
    for chosen in companions {
        let left: Vec<Literal> = rest
            .iter()
            .filter(|l| !chosen.contains(l))
            .copied()
            .collect();
        for mut partition in partitions(&left) {
            let mut block = vec![first];
            block.extend(&chosen);
            partition.insert(0, block);
            found.push(partition);
        }
    }
    found
}

/// The clauses a block of literals can form: the Or, and for three literals each And.
fn clause_forms(block: &[Literal]) -> Vec<Clause> {
    let mut sorted = block.to_vec();
    sorted.sort_unstable();
    let mut forms = vec![Clause::Or(sorted.clone())];
    if block.len() == 3 {
        for &last in &sorted {
            let pair = sorted.iter().filter(|&&l| l != last).copied().collect();
            forms.push(Clause::And(pair, last));
        }
    }
    forms
}

/// The least image of a formula under renaming and negating variables (clauses and
/// their literals sorted): one representative per symmetry class.
fn canonical(formula: &[Clause], variables: usize) -> Vec<Clause> {
    let mut best: Option<Vec<Clause>> = None;
    let identity: Vec<usize> = (0..variables).collect();
    for perm in permutations(&identity) {
        for flips in 0..1u32 << variables {
            let map = |(v, negated): Literal| (perm[v], negated ^ (flips >> v & 1 == 1));
            let mut image: Vec<Clause> = formula
                .iter()
                .map(|clause| match clause {
                    Clause::Or(lits) => {
                        let mut lits: Vec<Literal> = lits.iter().map(|&l| map(l)).collect();
                        lits.sort_unstable();
                        Clause::Or(lits)
                    }
                    Clause::And(pair, last) => {
                        let mut pair: Vec<Literal> = pair.iter().map(|&l| map(l)).collect();
                        pair.sort_unstable();
                        Clause::And(pair, map(*last))
                    }
                })
                .collect();
            image.sort_unstable();
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image);
            }
        }
    }
    best.expect("at least the identity")
}

/// Every permutation of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut found = Vec::new();
    for (i, &head) in items.iter().enumerate() {
        let rest: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        for tail in permutations(&rest) {
            found.push([vec![head], tail].concat());
        }
    }
    found
}

/// Every And-Or-(1,1)-SAT formula with 1–3 variables (each literal exactly once), one
/// per class under renaming and negating variables and reordering clauses and
/// literals: 2, 8 and 34 classes.
fn every_small_formula() -> Vec<String> {
    let name =
        |(v, negated): Literal| format!("{}{}", if negated { "~" } else { "" }, ["x", "y", "z"][v]);
    let mut texts = Vec::new();
    for variables in 1..=3 {
        let literals: Vec<Literal> = (0..variables)
            .flat_map(|v| [(v, false), (v, true)])
            .collect();
        let mut classes = std::collections::BTreeSet::new();
        for partition in partitions(&literals) {
            let mut formulas: Vec<Vec<Clause>> = vec![Vec::new()];
            for block in &partition {
                formulas = formulas
                    .into_iter()
                    .flat_map(|f| {
                        clause_forms(block).into_iter().map(move |c| {
                            let mut f = f.clone();
                            f.push(c);
                            f
                        })
                    })
                    .collect();
            }
            for formula in formulas {
                classes.insert(canonical(&formula, variables));
            }
        }
        for formula in classes {
            let text: String = formula
                .iter()
                .map(|clause| match clause {
                    Clause::Or(lits) => {
                        lits.iter()
                            .map(|&l| name(l))
                            .collect::<Vec<_>>()
                            .join(" | ")
                            + "\n"
                    }
                    Clause::And(pair, last) => {
                        format!(
                            "({} & {}) | {}\n",
                            name(pair[0]),
                            name(pair[1]),
                            name(*last)
                        )
                    }
                })
                .collect();
            texts.push(text);
        }
    }
    texts
}

/// A generous limit: the boards here take 0.001–8 s on an idle core.
const LIMIT: Duration = Duration::from_secs(120);

/// The compiled rook board of `text` and the formula's SAT verdict.
fn compiled(text: &str) -> (Board, bool) {
    let input = FormulaFormat::Andor.parse(text).expect("formula parses");
    let chain =
        Chain::from_input(&input, &sat2chess::layout::BandOrder).expect("transformation chain");
    let satisfiable = solve_andor(chain.formula()).expect("SAT solver").is_some();
    let board = rook::compile_formula(chain.formula())
        .expect("compiles")
        .board;
    (board, satisfiable)
}

/// Solves `board` and checks the answer against `satisfiable` and the sequence
/// checker; returns a line of measurements.
fn solve_agrees_with_sat(board: &Board, satisfiable: bool, what: &str) -> String {
    let options = SolveOptions {
        time_limit: Some(LIMIT),
        ..SolveOptions::default()
    };
    let start = Instant::now();
    let report = solve(board, &options);
    let elapsed = start.elapsed();
    assert_agrees_with_sat(board, &report, satisfiable, what);
    format!(
        "{} pieces, {:?} ({} states), {:?}",
        board.len(),
        report.stats.method,
        report.stats.nodes,
        elapsed
    )
}

/// The rook board of `text` and, for each target, its retargeted board.
fn boards(text: &str, targets: &[Target]) -> (Vec<(String, Board)>, bool) {
    let (board, satisfiable) = compiled(text);
    let mut boards = vec![(format!("{text:?} rooks"), board.clone())];
    for &target in targets {
        let moved = retarget(&board, target).expect("retargets").board;
        boards.push((format!("{text:?} {target:?}"), moved));
    }
    (boards, satisfiable)
}

/// Solves the boards (rook, queen, bishop) of every formula of `texts`, checks each
/// verdict against the formula's, and returns how many formulas were satisfiable.
fn every_board_agrees(texts: &[String]) -> usize {
    let mut satisfiable_count = 0;
    for text in texts {
        let (boards, satisfiable) = boards(text, &[Target::Queen, Target::Bishop]);
        satisfiable_count += usize::from(satisfiable);
        for (what, board) in &boards {
            eprintln!(
                "{what}: {}",
                solve_agrees_with_sat(board, satisfiable, what)
            );
        }
    }
    satisfiable_count
}

#[test]
fn enumeration_finds_every_class() {
    // 2 + 8 + 34 classes (one variable: x | ~x and x, ~x).
    let texts = every_small_formula();
    assert_eq!(texts.len(), 44);
    assert!(texts.contains(&"x\n~x\n".to_string()), "{texts:?}");
    assert!(texts.contains(&"x | ~x\n".to_string()), "{texts:?}");
}

#[test]
fn boards_of_every_formula_over_three_variables_get_their_sat_verdict() {
    let texts = every_small_formula();
    let satisfiable = every_board_agrees(&texts);
    eprintln!("{satisfiable} of {} formulas satisfiable", texts.len());
    // Both verdicts are present.
    assert!(
        satisfiable > 0 && satisfiable < texts.len(),
        "{satisfiable}"
    );
}
