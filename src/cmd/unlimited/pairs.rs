//! `sat2chess pairs`: the table of the pairs of piece types and the result proving each
//! NP-hard.

use std::process::ExitCode;

use anyhow::Result;
use sat2chess::hampath::theorem;

use crate::cmd::output::{self, Output};
use crate::cmd::{code, exit};

/// Shown after `sat2chess pairs --help`.
pub(crate) const PAIRS_EXAMPLES: &str = "\
Examples:
  sat2chess pairs
  sat2chess pairs -o pairs.md

One line per result: every unordered pair of piece types (one type twice: Theorem 2.2,
polynomial), the special piece (the paper's T¹, one piece among the other type), the
source problem and whether `compile --unlimited --pieces A,B` builds it (`compile` marks
the result it uses for the pair).";

/// Arguments of `sat2chess pairs`.
#[derive(clap::Args)]
pub(crate) struct PairsArgs {
    /// Table format (default: the one the -o extension names, .txt or .md, else text).
    #[arg(long, value_parser = crate::cmd::choice::<TableFormat>())]
    pub(crate) format: Option<TableFormat>,
    /// Output file; standard output when omitted or `-`.
    #[arg(short, long)]
    pub(crate) output: Option<std::path::PathBuf>,
}

/// The formats of the table of pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableFormat {
    Text,
    Markdown,
}

impl sat2chess::choice::Choice for TableFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (TableFormat::Text, "text", "aligned columns"),
        (
            TableFormat::Markdown,
            "markdown",
            "a Markdown table (docs/unlimited.md)",
        ),
    ];
}

impl sat2chess::choice::FileFormat for TableFormat {
    const EXTENSIONS: &'static [(&'static str, Self)] =
        &[("txt", TableFormat::Text), ("md", TableFormat::Markdown)];
}

/// The table's header and rows, from [`theorem::cases`] (the table compile picks from).
fn pair_rows() -> Vec<[String; 5]> {
    let header = ["pieces", "result", "special among", "source", "sat2chess"].map(String::from);
    let rows = theorem::cases().into_iter().map(|case| {
        let (a, b) = case.pair;
        let special = case.special.map_or("-".to_owned(), |special| {
            let other = if special == a { b } else { a };
            format!("{} among {}s", special.name(), other.name())
        });
        let status = match case.special {
            Some(special) if case.compiled => {
                let other = if special == a { b } else { a };
                format!("built (--pieces {},{})", special.name(), other.name())
            }
            _ => case.status.to_owned(),
        };
        let pieces = if a == b {
            format!("{} only", a.name())
        } else {
            format!("{}, {}", a.name(), b.name())
        };
        [pieces, case.result, special, case.source.to_owned(), status]
    });
    std::iter::once(header).chain(rows).collect()
}

/// The table in `format`.
pub(crate) fn pairs_table(format: TableFormat) -> String {
    let rows = pair_rows();
    let mut text = String::new();
    match format {
        TableFormat::Markdown => {
            for (i, row) in rows.iter().enumerate() {
                text.push_str(&format!("| {} |\n", row.join(" | ")));
                if i == 0 {
                    text.push_str(&format!("|{}\n", "---|".repeat(row.len())));
                }
            }
        }
        TableFormat::Text => {
            let widths: Vec<usize> = (0..5)
                .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
                .collect();
            for row in &rows {
                let cells: Vec<String> = row
                    .iter()
                    .zip(&widths)
                    .map(|(cell, &width)| format!("{cell:width$}"))
                    .collect();
                text.push_str(cells.join("  ").trim_end());
                text.push('\n');
            }
        }
    }
    text
}

/// `sat2chess pairs [-o FILE] [--format text|markdown]`.
pub(crate) fn pairs(args: &PairsArgs) -> Result<ExitCode> {
    let format = output::output_format(args.output.as_deref(), args.format, "table")?
        .unwrap_or(TableFormat::Text);
    let mut out = Output::create(args.output.as_deref())?;
    std::io::Write::write_all(&mut out, pairs_table(format).as_bytes())?;
    out.finish()?;
    Ok(code(exit::YES))
}
