//! The one way every command writes a result: [`output_format`] reads the output's
//! format off its extension (a contradicting `--format` or an unknown extension is an
//! error, never a silent other format), [`Outputs`] refuses an output path that
//! names one of the command's inputs (or another of its outputs) before any work is
//! done, and [`write_file`] writes a regular file through a temporary file in the same
//! directory that is renamed over the target only once it is complete, so a failed or
//! interrupted run never leaves a truncated file or a destroyed input behind. Write
//! errors name the path; standard output (`-`) ends quietly on a closed pipe.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use sat2chess::choice::FileFormat;
use sat2chess::io;

use super::print_out;

/// Image formats people ask for that no command writes (figures are SVG; any SVG
/// converter makes them).
const RASTER_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "gif", "webp", "bmp", "pdf"];

/// The format of the output `path` (`None` or `-`: standard output) of a command that
/// writes a `what` (`"board"`, `"figure"`, …): the one its extension names, which a
/// `--format` (`given`) must not contradict; `given` alone for standard output, a name
/// without extension, or an unknown extension (without `--format` that is an error
/// listing the known ones). `None`: nothing names one, the command's default applies.
pub(crate) fn output_format<F: FileFormat>(
    path: Option<&Path>,
    given: Option<F>,
    what: &str,
) -> Result<Option<F>> {
    let Some(path) = path.filter(|path| !io::is_stdio(path)) else {
        return Ok(given);
    };
    let Some(extension) = path.extension().and_then(|extension| extension.to_str()) else {
        return Ok(given);
    };
    match (F::from_extension(extension), given) {
        (Some(named), Some(given)) if named != given => bail!(
            "{} names the {} format, but --format {} was given",
            path.display(),
            named.name(),
            given.name()
        ),
        (Some(named), _) => Ok(Some(named)),
        (None, Some(given)) => Ok(Some(given)),
        (None, None) => {
            let lower = extension.to_ascii_lowercase();
            if RASTER_EXTENSIONS.contains(&lower.as_str()) && F::from_extension("svg").is_some() {
                let upper = lower.to_ascii_uppercase();
                bail!(
                    "{}: {upper} is not written; write .svg (any SVG converter makes a {upper})",
                    path.display()
                );
            }
            // A command writing one format has no --format to offer.
            let several = F::CHOICES.len() > 1;
            let or_format = if several {
                ", or name the format with --format"
            } else {
                ""
            };
            bail!(
                "{}: .{extension} names no {what} format (known: {}); write one of \
                 those{or_format}",
                path.display(),
                F::extension_list()
            )
        }
    }
}

/// The input and output paths of one command run.
#[derive(Default)]
pub(crate) struct Outputs<'a> {
    inputs: Vec<&'a Path>,
    outputs: Vec<&'a Path>,
}

impl<'a> Outputs<'a> {
    /// The files the command reads.
    pub(crate) fn reading(inputs: impl IntoIterator<Item = &'a Path>) -> Outputs<'a> {
        Outputs {
            inputs: inputs.into_iter().collect(),
            outputs: Vec::new(),
        }
    }

    /// Adds an output file (`None` and `-` stand for standard output and are skipped).
    pub(crate) fn writing(mut self, output: Option<&'a Path>) -> Outputs<'a> {
        self.outputs
            .extend(output.filter(|path| !io::is_stdio(path)));
        self
    }

    /// Fails when an output names an input or another output (the same file, also
    /// through another spelling of the path or a hard link).
    pub(crate) fn check(&self) -> Result<()> {
        for (index, output) in self.outputs.iter().enumerate() {
            let earlier = self.inputs.iter().chain(&self.outputs[..index]);
            if let Some(other) = earlier.copied().find(|other| same_file(output, other)) {
                let role = if self.inputs.contains(&other) {
                    "an input"
                } else {
                    "another output"
                };
                bail!(
                    "{}: the output file is {role} ({}); refusing to overwrite it",
                    output.display(),
                    other.display()
                );
            }
        }
        Ok(())
    }
}

/// True when `a` and `b` name the same existing file (same device and inode), or are
/// spelled the same.
fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => file_identity(&a) == file_identity(&b),
        _ => false,
    }
}

#[cfg(unix)]
fn file_identity(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt as _;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn file_identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// Writes `bytes` to `path`, or to standard output when `path` is `None` or `-`.
pub(crate) fn write(path: Option<&Path>, bytes: impl AsRef<[u8]>) -> Result<()> {
    let bytes = bytes.as_ref();
    match path.filter(|path| !io::is_stdio(path)) {
        Some(path) => write_file(path, bytes),
        None => print_out(bytes),
    }
}

/// Writes `bytes` to the file `path` (see [`Output`]).
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    stream(Some(path), |out| Ok(out.write_all(bytes)?))
}

/// Streams an output as `fill` produces it (see [`Output`]).
pub(crate) fn stream(
    path: Option<&Path>,
    fill: impl FnOnce(&mut dyn std::io::Write) -> Result<()>,
) -> Result<()> {
    let mut output = Output::create(path)?;
    match fill(&mut output) {
        Ok(()) => output.finish(),
        Err(error) => output.fail(error),
    }
}

/// An output being written, buffered: to a regular file through a temporary file in the
/// same directory that [`Output::finish`] renames over it (an output dropped unfinished
/// removes its temporary file, so a failed run leaves nothing behind); to a special file
/// (`/dev/null`, a pipe) directly; to standard output for `None` or `-`, ending quietly
/// on a closed pipe.
pub(crate) struct Output {
    out: std::io::BufWriter<Sink>,
    /// The file written and its temporary name (`None`: standard output or a special
    /// file, written directly).
    file: Option<(PathBuf, Option<PathBuf>)>,
    finished: bool,
}

impl Output {
    pub(crate) fn create(path: Option<&Path>) -> Result<Output> {
        let Some(path) = path.filter(|path| !io::is_stdio(path)) else {
            return Ok(Output {
                out: std::io::BufWriter::new(Sink::Stdout(std::io::stdout())),
                file: None,
                finished: false,
            });
        };
        let special = std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file());
        let temporary = (!special).then(|| temporary_path(path));
        let target = temporary.as_deref().unwrap_or(path);
        let file = std::fs::File::create(target)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        Ok(Output {
            out: std::io::BufWriter::new(Sink::File(file)),
            file: Some((path.to_owned(), temporary)),
            finished: false,
        })
    }

    /// Flushes the output and renames the temporary file over the target.
    pub(crate) fn finish(mut self) -> Result<()> {
        self.finished = true;
        let flushed = self.out.flush();
        let Some((path, temporary)) = self.file.take() else {
            return match flushed {
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                result => result.context("writing standard output"),
            };
        };
        let synced = flushed.and_then(|()| match self.out.get_ref() {
            Sink::File(file) if temporary.is_some() => file.sync_all(),
            _ => Ok(()),
        });
        let renamed = synced.and_then(|()| match &temporary {
            Some(temporary) => std::fs::rename(temporary, &path),
            None => Ok(()),
        });
        if renamed.is_err()
            && let Some(temporary) = &temporary
        {
            let _ = std::fs::remove_file(temporary);
        }
        renamed.with_context(|| format!("{}: cannot write", path.display()))
    }

    /// Abandons the output after `error` (its temporary file is removed): a write error
    /// is named by the path, and a closed standard output is no error (the reader has
    /// gone).
    pub(crate) fn fail(self, error: anyhow::Error) -> Result<()> {
        let io_error = error
            .chain()
            .find_map(|cause| cause.downcast_ref::<std::io::Error>());
        match (&self.file, io_error) {
            (None, Some(io)) if io.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            (Some((path, _)), _) if error.is::<std::io::Error>() => {
                Err(error.context(format!("{}: cannot write", path.display())))
            }
            _ => Err(error),
        }
    }
}

/// Where an [`Output`] writes.
enum Sink {
    Stdout(std::io::Stdout),
    File(std::fs::File),
}

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(out) => out.write(buf),
            Sink::File(file) => file.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(out) => out.flush(),
            Sink::File(file) => file.flush(),
        }
    }
}

impl std::io::Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if !self.finished
            && let Some((_, Some(temporary))) = &self.file
        {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

/// A name beside `path` for its temporary file (same directory, so renaming is atomic).
fn temporary_path(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(
        || "output".into(),
        |name| name.to_string_lossy().into_owned(),
    );
    path.with_file_name(format!(".{name}.{}.sat2chess-tmp", std::process::id()))
}
