//! Helpers shared by the bench binaries.

use std::time::{Duration, Instant};

/// The shortest wall-clock time of `runs` runs of `f` (the machine is shared), and a result.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        result = Some(value);
    }
    (best, result.expect("at least one run"))
}
