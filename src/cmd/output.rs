//! The one way every command writes a result: [`Outputs`] refuses an output path that
//! names one of the command's inputs (or another of its outputs) before any work is
//! done, and [`write_file`] writes a regular file through a temporary file in the same
//! directory that is renamed over the target only once it is complete, so a failed or
//! interrupted run never leaves a truncated file or a destroyed input behind. Write
//! errors name the path; standard output (`-`) ends quietly on a closed pipe.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use sat2chess::io;

use super::print_out;

/// The input and output paths of one command run.
#[derive(Default)]
pub struct Outputs<'a> {
    inputs: Vec<&'a Path>,
    outputs: Vec<&'a Path>,
}

impl<'a> Outputs<'a> {
    /// The files the command reads.
    pub fn reading(inputs: impl IntoIterator<Item = &'a Path>) -> Outputs<'a> {
        Outputs {
            inputs: inputs.into_iter().collect(),
            outputs: Vec::new(),
        }
    }

    /// Adds an output file (`None` and `-` stand for standard output and are skipped).
    pub fn writing(mut self, output: Option<&'a Path>) -> Outputs<'a> {
        self.outputs
            .extend(output.filter(|path| !io::is_stdio(path)));
        self
    }

    /// Fails when an output names an input or another output (the same file, also
    /// through another spelling of the path or a hard link).
    pub fn check(&self) -> Result<()> {
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
pub fn write(path: Option<&Path>, bytes: impl AsRef<[u8]>) -> Result<()> {
    let bytes = bytes.as_ref();
    match path.filter(|path| !io::is_stdio(path)) {
        Some(path) => write_file(path, bytes),
        None => print_out(bytes),
    }
}

/// Writes `bytes` to the file `path` (see [`stream_file`]).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    stream_file(path, |out| Ok(out.write_all(bytes)?))
}

/// Streams an output as `fill` produces it (buffered) to `path`, or to standard output
/// when `path` is `None` or `-` (ending quietly on a closed pipe).
pub fn stream(
    path: Option<&Path>,
    fill: impl FnOnce(&mut dyn std::io::Write) -> Result<()>,
) -> Result<()> {
    let Some(path) = path.filter(|path| !io::is_stdio(path)) else {
        let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
        let written = fill(&mut stdout).and_then(|()| Ok(stdout.flush()?));
        return match written {
            Err(error)
                if error
                    .downcast_ref::<std::io::Error>()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
            {
                Ok(())
            }
            result => result.context("writing standard output"),
        };
    };
    stream_file(path, fill)
}

/// Streams an output to the file `path`: through a temporary file renamed over `path`
/// when `path` is (or will be) a regular file, directly otherwise (`/dev/null`, a pipe).
/// Write errors name the path; other errors of `fill` pass through.
pub fn stream_file(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> Result<()>,
) -> Result<()> {
    let cannot_write = |error: anyhow::Error| {
        if error.is::<std::io::Error>() {
            error.context(format!("{}: cannot write", path.display()))
        } else {
            error
        }
    };
    let special = std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file());
    let target = if special {
        path.to_owned()
    } else {
        temporary_path(path)
    };
    let written = (|| {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&target)?);
        fill(&mut file)?;
        let file = file.into_inner().map_err(|e| e.into_error())?;
        if !special {
            file.sync_all()?;
            std::fs::rename(&target, path)?;
        }
        Ok(())
    })();
    if written.is_err() && !special {
        let _ = std::fs::remove_file(&target);
    }
    written.map_err(cannot_write)
}

/// A name beside `path` for its temporary file (same directory, so renaming is atomic).
fn temporary_path(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(
        || "output".into(),
        |name| name.to_string_lossy().into_owned(),
    );
    path.with_file_name(format!(".{name}.{}.sat2chess-tmp", std::process::id()))
}
