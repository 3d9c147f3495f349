//! What a long `compile` shows as it goes: a progress bar on standard error per phase
//! (hidden when standard error is not a terminal), and with `--stats` the estimate and
//! the plan's size figures.

use indicatif::{ProgressBar, ProgressStyle};
use sat2chess::reduction::Observer;

use super::print_err;

/// The command line's [`Observer`].
pub(crate) struct Progress {
    bar: ProgressBar,
    stats: bool,
}

impl Progress {
    /// A progress bar; with `stats`, the size figures go to standard error too.
    pub(crate) fn new(stats: bool) -> Progress {
        use std::io::IsTerminal as _;
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::new(0)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:>11} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
            )
            .expect("the template is valid"),
        );
        Progress { bar, stats }
    }

    /// Clears the bar.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Observer for Progress {
    fn estimate(&self, line: &str) {
        if self.stats {
            print_err(&format!("{line}\n"));
        }
    }

    fn stats(&self, text: &str) {
        if self.stats {
            self.bar.suspend(|| print_err(text));
        }
    }

    fn phase(&self, name: &'static str, total: u64) {
        self.bar.set_message(name);
        self.bar.set_length(total);
        self.bar.set_position(0);
    }

    fn at(&self, done: u64) {
        self.bar.set_position(done);
    }
}
