//! What a long command shows as it goes: on standard error, a bar per phase whose total
//! is known, a spinner with the time taken for the others, and for searches the engine
//! at work with its states and their rate, cleared when the command ends; with `--stats` the estimate and the
//! plan's size figures. Shown when standard error is a terminal, always with
//! `--progress`, never with `--quiet` ([`Shown`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use indicatif::{
    HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike,
};
use sat2chess::reduction::Observer;
use sat2chess::solve::Heartbeat;

use super::print_err;

/// When progress is drawn (the global `--progress` and `--quiet` flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// When standard error is a terminal (neither flag).
    OnTerminal,
    /// Always (`--progress`): redrawn in place on a terminal, else one line per update.
    Always,
    /// Never (`--quiet`).
    Never,
}

/// The choice of the command line, made once before the command runs.
static SHOWN: OnceLock<Shown> = OnceLock::new();

/// Sets when progress is drawn, for the whole run.
pub(crate) fn show(shown: Shown) {
    // Set once, by `main`, before any command starts.
    let _ = SHOWN.set(shown);
}

/// Whether `--quiet` was given: commands that report progress as plain lines keep them.
pub(crate) fn quiet() -> bool {
    SHOWN.get() == Some(&Shown::Never)
}

/// How often the forced progress of a standard error that is not a terminal (a log, a
/// pipe) is written, in lines per second.
const LOG_HZ: u8 = 2;

/// How many units a loop counting one at a time does between two updates of its line.
const EVERY_FEW: u64 = 1 << 12;

/// How often a search's heartbeat is read.
const HEARTBEAT: Duration = Duration::from_millis(100);

/// Where the bars go, and whether that is a log ([`Lines`]).
fn draw_target() -> (ProgressDrawTarget, bool) {
    use std::io::IsTerminal as _;
    let terminal = std::io::stderr().is_terminal();
    match SHOWN.get().copied().unwrap_or(Shown::OnTerminal) {
        Shown::Never => (ProgressDrawTarget::hidden(), false),
        Shown::OnTerminal | Shown::Always if terminal => (ProgressDrawTarget::stderr(), false),
        Shown::OnTerminal => (ProgressDrawTarget::hidden(), false),
        Shown::Always => (
            ProgressDrawTarget::term_like_with_hz(Box::new(Lines), LOG_HZ),
            true,
        ),
    }
}

/// A standard error that is not a terminal: every drawing of a bar is a line of its
/// own (nothing is moved or cleared).
#[derive(Debug)]
struct Lines;

impl TermLike for Lines {
    fn width(&self) -> u16 {
        100
    }

    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn write_line(&self, line: &str) -> std::io::Result<()> {
        self.write_str(line)
    }

    /// Writes `text` as a line of its own; the blanks that would clear a terminal's
    /// line are left out.
    fn write_str(&self, text: &str) -> std::io::Result<()> {
        if !text.trim().is_empty() {
            print_err(&format!("{}\n", text.trim_end()));
        }
        Ok(())
    }

    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }

    fn flush(&self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The style of a phase with a known total.
fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template(
        "{msg:>11} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} (eta {eta})",
    )
    .expect("the template is valid")
}

/// The style of a phase whose total is not known: the time it has taken so far.
fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{msg:>11} [{elapsed_precise}] {spinner}")
        .expect("the template is valid")
}

/// The command line's [`Observer`]: one progress line on standard error.
pub(crate) struct Progress {
    bar: ProgressBar,
    stats: bool,
    /// Standard error is a log: each phase's start gets a line of its own, however
    /// short the phase (the bar's own lines are rate-limited).
    log: bool,
}

impl Progress {
    /// A progress line; with `stats`, the size figures go to standard error too.
    pub(crate) fn new(stats: bool) -> Progress {
        let (target, log) = draw_target();
        let bar = ProgressBar::with_draw_target(Some(0), target);
        bar.set_style(spinner_style());
        Progress { bar, stats, log }
    }

    /// [`Observer::at`] for a loop that counts one unit at a time: the line is updated
    /// every [`EVERY_FEW`] units.
    pub(crate) fn every_few(&self, done: u64) {
        if done % EVERY_FEW == 0 {
            self.bar.set_position(done);
        }
    }

    /// Clears the line.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Shows `heartbeat` (the engine at work, its states and their rate) until the
    /// returned watch is dropped.
    pub(crate) fn watch(&self, heartbeat: Arc<Heartbeat>) -> Watch {
        self.bar.set_prefix("solve");
        self.bar.set_message("0");
        self.bar.set_style(
            ProgressStyle::with_template(
                "{prefix} [{elapsed_precise}] {spinner} {human_pos} states ({msg}/s)",
            )
            .expect("the template is valid"),
        );
        let (bar, stop) = (self.bar.clone(), Arc::new(AtomicBool::new(false)));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("sat2chess-progress".into())
            .spawn(move || {
                // Shown at least once, however short the search.
                let start = std::time::Instant::now();
                loop {
                    let states = heartbeat.states();
                    let rate = states as f64 / start.elapsed().as_secs_f64().max(1e-3);
                    bar.set_prefix(format!("solve: {}", heartbeat.engine()));
                    bar.set_message(HumanCount(rate as u64).to_string());
                    bar.set_position(states);
                    if stopped.load(Ordering::Relaxed) {
                        break;
                    }
                    std::thread::sleep(HEARTBEAT);
                }
            })
            .ok();
        Watch {
            stop,
            thread,
            bar: self.bar.clone(),
        }
    }
}

/// A search's heartbeat being shown ([`Progress::watch`]); dropping it stops the
/// watching thread and clears the line.
pub(crate) struct Watch {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    bar: ProgressBar,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
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
        if self.log {
            print_err(&format!(
                "{name:>11} [{}]\n",
                HumanDuration(self.bar.elapsed())
            ));
        }
        // The name first: the line is redrawn as it changes, never without a name.
        self.bar.set_message(name);
        self.bar.disable_steady_tick();
        self.bar.set_style(match total {
            0 => spinner_style(),
            _ => bar_style(),
        });
        self.bar.set_length(total);
        self.bar.set_position(0);
        if total == 0 {
            self.bar.enable_steady_tick(HEARTBEAT);
        }
    }

    fn at(&self, done: u64) {
        self.bar.set_position(done);
    }
}
