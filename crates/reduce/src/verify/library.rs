//! Verifying gadgets of a library: the one procedure behind `sat2chess gadgets verify`
//! and the generated tests (one per file in `gadgets/*/`).
//!
//! For the selected gadgets (all by default), in library order:
//! - the King k-test harness is first checked on itself on the bare wire
//!   ([`harness_self_check`]), whenever the library has a `wire-horizontal`;
//! - a **composite** (a gadget with `part` lines) is checked as an exact assembly of its
//!   parts with its table composed from theirs ([`verify_composite`]), and its assembled
//!   board is searched exhaustively like any gadget ([`verify_gadget`]); its verdict
//!   holds once its parts are verified too — parts not verified in the same run are
//!   reported (`LibraryReport::pending`);
//! - a **Rook** gadget is verified in its minimal well-formed context
//!   (`rook::verify_rook_gadget`, outputs read by the library's `gadget_input`);
//! - any other gadget: a Knight gadget's ports must continue as standard wires
//!   ([`wire_graph::ports_extend`]), a declared capture-graph check must hold
//!   (`wire_graph::describe_check`), and every image the compiler may stamp
//!   (`images_to_check`) must meet the table by exhaustive search.
//!
//! The text of every check (tables, verdicts) goes to an output callback as it is made
//! and is kept in the report.

use std::io;
use std::time::Duration;

use super::{
    VerifyOptions, harness_self_check, images_to_check, rook, verify_composite, verify_gadget,
    wire_graph,
};
use crate::gadgets::{self, Gadget, GadgetError};
use sat2chess_core::board::PieceKind;
use sat2chess_solve::SolveOptions;

pub use super::CompositionError;

/// Default time limit of a single search (`gadgets verify --time-limit`).
pub(crate) const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(600);
/// Default of [`VerifyOptions::harness_max_kings`] (`gadgets verify --harness-max-kings`).
pub const DEFAULT_HARNESS_MAX_KINGS: usize = 20;
/// Default of [`VerifyOptions::reading_max_kings`] (`gadgets verify --reading-max-kings`).
pub const DEFAULT_READING_MAX_KINGS: usize = 20;

/// The options of `sat2chess gadgets verify` without limits given: no node limit,
/// `DEFAULT_TIME_LIMIT`, [`DEFAULT_HARNESS_MAX_KINGS`], [`DEFAULT_READING_MAX_KINGS`].
pub fn default_options() -> VerifyOptions {
    VerifyOptions {
        search: SolveOptions {
            node_limit: None,
            time_limit: Some(DEFAULT_TIME_LIMIT),
            ..SolveOptions::default()
        },
        harness_max_kings: Some(DEFAULT_HARNESS_MAX_KINGS),
        reading_max_kings: Some(DEFAULT_READING_MAX_KINGS),
    }
}

/// Why a library could not be verified (as opposed to a gadget failing its table).
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// The piece has no gadget library.
    #[error("{0}: this piece has no gadget library")]
    NoLibrary(PieceKind),
    /// A gadget file of the library does not parse.
    #[error(transparent)]
    Parse(#[from] GadgetError),
    /// A selected gadget is not in the library.
    #[error("no such gadget {name} (known: {})", known.join(", "))]
    UnknownGadget { name: String, known: Vec<String> },
    /// The Rook library lacks the gadget input that reads the other gadgets' outputs.
    #[error("the rook library has no `gadget_input` (it reads the other gadgets' outputs)")]
    NoReader,
    /// A composite is not the assembly its `part` lines describe.
    #[error(transparent)]
    Composition(#[from] CompositionError),
    /// The output callback failed.
    #[error(transparent)]
    Output(io::Error),
}

/// What verifying a selection of a library found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LibraryReport {
    /// Everything printed: tables, verdicts, structural checks.
    pub text: String,
    /// Some check failed (a table row, the harness self-check, a port or graph check).
    pub failed: bool,
    /// Some search reached a limit.
    pub unknown: bool,
    /// Composites verified with parts that were not verified in the same run: (composite,
    /// its unverified parts). Their verdicts hold once the parts are verified.
    pub(crate) pending: Vec<(String, Vec<String>)>,
    /// The gadgets verified, in library order.
    pub verified: Vec<String>,
}

impl LibraryReport {
    /// Every check of the selected gadgets ran to the end and held (composites: given
    /// the tables of their parts, see `LibraryReport::pending`).
    pub fn passed(&self) -> bool {
        !self.failed && !self.unknown
    }

    /// Nothing is left to verify: [`passed`](LibraryReport::passed), and every
    /// composite's parts were verified in the same run.
    pub fn complete(&self) -> bool {
        self.passed() && self.pending.is_empty()
    }
}

/// Verifies the gadgets called `names` (every gadget when empty) of `piece`'s library.
pub fn verify(
    piece: PieceKind,
    names: &[String],
    options: &VerifyOptions,
) -> Result<LibraryReport, LibraryError> {
    let library = gadgets::library(piece).ok_or(LibraryError::NoLibrary(piece))??;
    verify_in(&library, names, options, &mut |_| Ok(()))
}

/// Verifies the gadgets called `names` (every gadget when empty) of `library`, writing
/// the text of each check to `out` as it is made (see the module doc).
pub fn verify_in(
    library: &[Gadget],
    names: &[String],
    options: &VerifyOptions,
    out: &mut dyn FnMut(&str) -> io::Result<()>,
) -> Result<LibraryReport, LibraryError> {
    for name in names {
        if !library.iter().any(|g| &g.name == name) {
            return Err(LibraryError::UnknownGadget {
                name: name.clone(),
                known: library.iter().map(|g| g.name.clone()).collect(),
            });
        }
    }
    let mut report = LibraryReport::default();
    let mut print = |report: &mut LibraryReport, text: &str| {
        report.text.push_str(text);
        out(text).map_err(LibraryError::Output)
    };
    // The King k-test harness is checked on the bare wire first.
    if let Some(wire) = library.iter().find(|g| g.name == "wire-horizontal") {
        let checked = harness_self_check(wire, &options.search);
        print(&mut report, &checked.text)?;
        report.failed |= checked.failed;
        report.unknown |= checked.unknown;
    }
    // Gadgets verified in this run, and whether every check of each held.
    let mut passed: Vec<(&str, bool)> = Vec::new();
    for gadget in library {
        if !names.is_empty() && !names.contains(&gadget.name) {
            continue;
        }
        report.verified.push(gadget.name.clone());
        if !gadget.parts.is_empty() {
            let composed = verify_composite(gadget, library)?;
            print(&mut report, &composed.render(gadget))?;
            let unchecked: Vec<String> = composed
                .composed_from
                .iter()
                .filter(|name| !passed.contains(&(name.as_str(), true)))
                .cloned()
                .collect();
            if !unchecked.is_empty() {
                print(
                    &mut report,
                    &format!(
                        "  (holds once these parts are verified: {})\n",
                        unchecked.join(", ")
                    ),
                )?;
                report
                    .pending
                    .push((gadget.name.clone(), unchecked.clone()));
            }
            // Besides the composition, search the assembled board itself exhaustively.
            let searched = verify_gadget(gadget, options);
            print(&mut report, "  exhaustive search of the assembled board:\n")?;
            print(&mut report, &searched.render(gadget))?;
            report.failed |= !composed.passed() || searched.failed();
            report.unknown |= searched.unknown();
            passed.push((
                &gadget.name,
                composed.passed() && searched.passed() && unchecked.is_empty(),
            ));
            continue;
        }
        if gadget.piece == PieceKind::Rook {
            let reader = library
                .iter()
                .find(|g| g.name == "gadget_input")
                .ok_or(LibraryError::NoReader)?;
            let verified = rook::verify_rook_gadget(gadget, reader, &options.search);
            print(&mut report, &verified.render(gadget))?;
            report.failed |= verified.failed();
            report.unknown |= verified.unknown();
            passed.push((&gadget.name, verified.passed()));
            continue;
        }
        let mut all_passed = true;
        if gadget.piece == PieceKind::Knight {
            let extend = wire_graph::ports_extend(gadget);
            let line = match &extend {
                Ok(()) => format!("{}: every port continues as a standard wire\n", gadget.name),
                Err(why) => format!("{}: PORT CLASH: {why}\n", gadget.name),
            };
            print(&mut report, &line)?;
            report.failed |= extend.is_err();
            all_passed &= extend.is_ok();
        }
        if let Some(check) = gadget.graph {
            let (text, ok) = wire_graph::describe_check(gadget, check);
            print(&mut report, &format!("{}: {text}\n", gadget.name))?;
            report.failed |= !ok;
            all_passed &= ok;
        }
        for image in images_to_check(gadget) {
            let verified = verify_gadget(&image, options);
            print(&mut report, &verified.render(&image))?;
            report.failed |= verified.failed();
            report.unknown |= verified.unknown();
            all_passed &= verified.passed();
        }
        passed.push((&gadget.name, all_passed));
    }
    Ok(report)
}

/// The file names of `piece`'s library (`gadgets/<piece>/`), compiled in.
pub fn files(piece: PieceKind) -> Option<&'static [(&'static str, &'static str)]> {
    match piece {
        PieceKind::King => Some(gadgets::KING_GADGET_FILES),
        PieceKind::Knight => Some(gadgets::KNIGHT_GADGET_FILES),
        PieceKind::Rook => Some(gadgets::ROOK_GADGET_FILES),
        _ => None,
    }
}
