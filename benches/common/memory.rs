//! Peak memory and CPU time of the bench process (Linux `/proc`; NaN elsewhere).

/// The process's peak resident memory since the last [`reset_peak`], in MB (`VmHWM`).
pub fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The process's CPU time (user + system) in seconds, from `/proc/self/stat` (the
/// machine is shared, so wall time overstates the work).
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with the last `)`): utime, stime are the
    // 12th and 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => (user + system) / 100.0,
        _ => f64::NAN,
    }
}

/// Resets the peak to the current resident memory (Linux `clear_refs` 5).
pub fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}
