use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use sat2chess::formula::Assignment;
use sat2chess::front::{self, FormulaFormat, Input};
use sat2chess::sat;

use super::{code, exit};

/// Decide a formula with the SAT solver (splr) and print the answer in SAT-competition
/// format: `s SATISFIABLE` and `v … 0` lines, or `s UNSATISFIABLE`.
///
/// Exit codes are sat2chess's own, not the competition's 10/20: 0 satisfiable,
/// 1 unsatisfiable, 2 bad input, 3 the solver failed (`s UNKNOWN`).
/// For And-Or input, `v` numbers variables in order of first appearance and a
/// `c variables` line names them.
///
/// Example: sat2chess sat examples/cnf/uf20-91-01.cnf
#[derive(clap::Args)]
pub struct Args {
    /// Formula file: DIMACS (.cnf, .cnf.gz, .dimacs) or And-Or (.andor, .aos); other
    /// names are recognised by content.
    pub input: PathBuf,
    /// Input format (default: from the file name, else the content).
    #[arg(long, value_enum)]
    pub input_format: Option<FormulaFormat>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    // The message of an `InputError` already ends with its source; `{:#}` would repeat it.
    let input = front::load(&args.input, args.input_format).map_err(|e| anyhow::anyhow!("{e}"))?;
    let answer = match &input {
        Input::Cnf(cnf) => sat::solve_cnf(cnf),
        Input::AndOr(formula) => {
            if !formula.names.is_empty() {
                let names: Vec<String> = formula
                    .names
                    .iter()
                    .enumerate()
                    .map(|(i, name)| format!("{}={name}", i + 1))
                    .collect();
                println!("c variables {}", names.join(" "));
            }
            sat::solve_andor(formula)
        }
    };
    Ok(match answer {
        Ok(Some(model)) => {
            println!("s SATISFIABLE");
            print!("{}", value_lines(&model));
            code(exit::YES)
        }
        Ok(None) => {
            println!("s UNSATISFIABLE");
            code(exit::NO)
        }
        Err(error) => {
            println!("c {error}");
            println!("s UNKNOWN");
            code(exit::UNKNOWN)
        }
    })
}

/// `v` lines of at most about 80 characters, the last ending in `0`.
pub fn value_lines(model: &Assignment) -> String {
    let mut out = String::new();
    let mut line = String::from("v");
    let literals = model
        .0
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            if value {
                format!("{}", i + 1)
            } else {
                format!("-{}", i + 1)
            }
        })
        .chain(std::iter::once("0".to_owned()));
    for literal in literals {
        if line.len() + 1 + literal.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line = String::from("v");
        }
        line.push(' ');
        line.push_str(&literal);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
