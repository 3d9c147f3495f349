//! What a long computation tells its caller as it goes ([`Observer`]): the phases it
//! runs and how far each has come. The libraries report through it; the command line
//! draws progress bars from it (the libraries never draw anything).

/// What a computation tells its caller as it goes (progress bars, `--stats`); every
/// method does nothing by default.
pub trait Observer {
    /// The estimate against the budget, before the plan is made.
    fn estimate(&self, _line: &str) {}
    /// The plan's size figures.
    fn stats(&self, _text: &str) {}
    /// A new phase of `total` units starts (0: the total is not known in advance).
    fn phase(&self, _name: &'static str, _total: u64) {}
    /// `done` units of the phase are done.
    fn at(&self, _done: u64) {}
}

/// Reports nothing.
impl Observer for () {}
