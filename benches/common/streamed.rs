//! The pipeline as the benches run it (`#[path]`-included): [`compile`] is
//! `pipeline::compile` timed in three spans, cut where the pipeline calls its observer —
//! the formula prepared (until the size estimate: the transformation chain), the board
//! (plan, check, write, until the `solving` phase) and the certificate (SAT solver and
//! certificate) — with a certificate sink that streams and counts
//! ([`CertificateStream`]).

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::time::Instant;

use sat2chess::reduction::pipeline::{self, Job, Outcome};
use sat2chess::reduction::{
    BoardSink, CertificateKind, CertificateSink, CertificateWriter, Input, Limits, Observer,
    Options, Reduction, Step,
};

/// A certificate written step by step in its target's format to `W` (`io::sink()`
/// discards it, [`Bytes`] counts it) and counted; no step is kept in memory.
pub struct CertificateStream<W: Write> {
    out: Option<W>,
    writer: Option<CertificateWriter<W>>,
    /// Steps written so far.
    pub steps: u64,
}

impl<W: Write> CertificateStream<W> {
    pub fn new(out: W) -> CertificateStream<W> {
        CertificateStream {
            out: Some(out),
            writer: None,
            steps: 0,
        }
    }

    /// The writer, before the certificate started or after it finished.
    pub fn into_inner(self) -> Option<W> {
        self.out
    }
}

impl<W: Write> CertificateSink for CertificateStream<W> {
    fn start(&mut self, kind: CertificateKind) -> io::Result<()> {
        let out = self
            .out
            .take()
            .ok_or_else(|| io::Error::other("the certificate was started twice"))?;
        self.writer = Some(CertificateWriter::new(out, kind)?);
        Ok(())
    }

    fn step(&mut self, step: Step) -> io::Result<()> {
        self.steps += 1;
        match &mut self.writer {
            Some(writer) => writer.step(step),
            None => Err(io::Error::other("the certificate was not started")),
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        match self.writer.take() {
            Some(writer) => {
                let mut out = writer.finish()?;
                out.flush()?;
                self.out = Some(out);
                Ok(())
            }
            None => Err(io::Error::other("the certificate was not started")),
        }
    }
}

/// A writer that discards what it is given and counts the bytes.
#[derive(Default)]
pub struct Bytes(pub u64);

impl Write for Bytes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Wall and CPU seconds of a span (CPU: NaN when the bench does not read it).
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub wall: f64,
    pub cpu: f64,
}

impl Span {
    /// This span and `next` together.
    pub fn then(self, next: Span) -> Span {
        Span {
            wall: self.wall + next.wall,
            cpu: self.cpu + next.cpu,
        }
    }
}

/// One run of the pipeline.
pub struct Run {
    pub outcome: Outcome,
    /// The plan's size figures (`compile --stats`).
    pub stats: String,
    /// The formula prepared for the target (the transformation chain), until the
    /// pipeline reports the size estimate.
    pub prepared: Span,
    /// The board: planned, checked and written (until the `solving` phase).
    pub board: Span,
    /// The certificate (when one was asked for): the SAT solver and the certificate
    /// written step by step.
    pub certificate: Option<Span>,
}

impl Run {
    /// The board from the formula: prepared, planned, checked and written.
    pub fn compile(&self) -> Span {
        self.prepared.then(self.board)
    }
}

/// The [`Observer`] behind [`compile`]: keeps the plan's size figures and clocks the
/// size estimate and the start of the `solving` phase.
struct Clock {
    cpu: fn() -> f64,
    stats: RefCell<String>,
    estimate: Cell<Option<(Instant, f64)>>,
    solving: Cell<Option<(Instant, f64)>>,
}

impl Observer for Clock {
    fn estimate(&self, _: &str) {
        self.estimate.set(Some((Instant::now(), (self.cpu)())));
    }

    fn stats(&self, text: &str) {
        *self.stats.borrow_mut() = text.to_owned();
    }

    fn phase(&self, name: &'static str, _: u64) {
        if name == "solving" {
            self.solving.set(Some((Instant::now(), (self.cpu)())));
        }
    }
}

/// `pipeline::compile` of `input` (named `name`) for `target` with default options, the
/// board into `board`, the certificate (if asked for) into `certificate`; `cpu` reads
/// the process's CPU seconds. Panics on any error.
pub fn compile(
    target: &dyn Reduction,
    input: &Input,
    name: &str,
    limits: Limits,
    board: &mut dyn BoardSink,
    certificate: Option<&mut dyn CertificateSink>,
    cpu: fn() -> f64,
) -> Run {
    let job = Job {
        reduction: target,
        source: input,
        source_name: name,
        options: Options::default(),
        limits,
    };
    let clock = Clock {
        cpu,
        stats: RefCell::new(String::new()),
        estimate: Cell::new(None),
        solving: Cell::new(None),
    };
    let (start, start_cpu) = (Instant::now(), cpu());
    let asked = certificate.is_some();
    let outcome = pipeline::compile(&job, board, certificate, &clock)
        .unwrap_or_else(|error| panic!("{name} → {}: {error}", target.name()));
    let (end, end_cpu) = (Instant::now(), cpu());
    let (prepared, prepared_cpu) = clock.estimate.get().expect("the pipeline estimates");
    let (turn, turn_cpu) = clock.solving.get().unwrap_or((end, end_cpu));
    let span = |from: Instant, from_cpu: f64, to: Instant, to_cpu: f64| Span {
        wall: (to - from).as_secs_f64(),
        cpu: to_cpu - from_cpu,
    };
    Run {
        outcome,
        stats: clock.stats.into_inner(),
        prepared: span(start, start_cpu, prepared, prepared_cpu),
        board: span(prepared, prepared_cpu, turn, turn_cpu),
        certificate: asked.then(|| span(turn, turn_cpu, end, end_cpu)),
    }
}

/// No CPU clock (for benches that report wall time only).
pub fn no_cpu() -> f64 {
    f64::NAN
}
