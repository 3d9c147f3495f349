use std::process::ExitCode;

use anyhow::Result;
use sat2chess::formula::Assignment;
use sat2chess::front::Input;
use sat2chess::sat;

use super::{code, exit, print_out};

/// `sat2chess sat`: decide a formula with the SAT solver (help text in main.rs).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) formula: super::FormulaInput,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    // The message of an `InputError` already ends with its source; `{:#}` would repeat it.
    let input = args.formula.load()?;
    let mut out = String::new();
    let answer = match &input {
        Input::Cnf(cnf) => sat::solve_cnf(cnf),
        Input::AndOr(formula) => {
            let names = formula
                .names
                .iter()
                .enumerate()
                .map(|(i, name)| format!("{}={name}", i + 1));
            out.push_str(&wrap("c variables", names));
            sat::solve_andor(formula)
        }
        Input::Rbds(_) => anyhow::bail!(
            "{}: {}",
            args.formula.name(),
            sat2chess::transform::TransformError::RbdsInput
        ),
    };
    let exit_code = match answer {
        Ok(Some(model)) => {
            out.push_str("s SATISFIABLE\n");
            out.push_str(&value_lines(&model));
            exit::YES
        }
        Ok(None) => {
            out.push_str("s UNSATISFIABLE\n");
            exit::NO
        }
        Err(error) => {
            out.push_str(&format!("c {error}\ns UNKNOWN\n"));
            exit::UNKNOWN
        }
    };
    print_out(&out)?;
    Ok(code(exit_code))
}

/// SAT-competition `v` lines of at most about 80 characters, the last ending in `0`.
pub(crate) fn value_lines(model: &Assignment) -> String {
    let values = model
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
    wrap("v", values)
}

/// `items` on lines starting with `prefix`, each at most about 80 characters.
fn wrap(prefix: &str, items: impl Iterator<Item = String>) -> String {
    let mut out = String::new();
    let mut line = String::from(prefix);
    for item in items {
        if line.len() > prefix.len() && line.len() + 1 + item.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line = String::from(prefix);
        }
        line.push(' ');
        line.push_str(&item);
    }
    if line.len() > prefix.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
