//! `bg-tui import` and `bg-tui export`: Jellyfish `.mat` files to and from game records.

use super::{CliError, CommandError};
use bg_tui::{mat, record, store};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `bg-tui import IN.mat [-o OUT.json]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct ImportArgs {
    /// The .mat file.
    pub(crate) input: PathBuf,
    /// Where to write the record (JSON); without it, standard output.
    #[arg(short, long, value_name = "OUT.json")]
    pub(crate) output: Option<PathBuf>,
}

impl ImportArgs {
    /// The record to print, or nothing when it was written to `--output`.
    ///
    /// # Errors
    /// As [`import_mat`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        import_mat(&self.input, self.output.as_deref())
    }
}

/// `bg-tui export IN.json [-o OUT.mat]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct ExportArgs {
    /// The game record (JSON).
    pub(crate) input: PathBuf,
    /// Where to write the .mat file; without it, standard output.
    #[arg(short, long, value_name = "OUT.mat")]
    pub(crate) output: Option<PathBuf>,
}

impl ExportArgs {
    /// Writes the `.mat` file to `--output`, or to `stdout` as it is made.
    ///
    /// # Errors
    /// As [`export_mat_to`].
    pub(crate) fn run(&self, stdout: &mut dyn Write) -> Result<(), CommandError> {
        export_mat_to(&self.input, self.output.as_deref(), stdout)
    }
}

/// `bg-tui import IN.mat [-o OUT.json]`: reads a `.mat` file and returns the record as JSON
/// to print, or writes it to `output` (see [`store::write_output`]) and returns nothing to
/// print.
///
/// # Errors
/// [`CliError`] naming the file, and for a file that cannot be read as a match, the line,
/// game and move and the reason; or the output that cannot be written.
pub(crate) fn import_mat(input: &Path, output: Option<&Path>) -> Result<String, CliError> {
    let text = store::read_text(input, mat::MAX_BYTES).map_err(CliError::Store)?;
    let record = mat::read_mat(&text).map_err(|source| store::MatchFileError::Mat {
        path: input.to_path_buf(),
        source,
    })?;
    let json = record::to_json(&record);
    match output {
        Some(path) => {
            store::write_output(path, Some(input), &mut |out| out.write_all(json.as_bytes()))
                .map_err(CliError::Store)?;
            Ok(String::new())
        }
        None => Ok(json),
    }
}

/// `bg-tui export`'s `.mat` text written as it is made, a game at a time: into `output` when given (see
/// [`store::write_output`]), else into `stdout`.
///
/// # Errors
/// [`CommandError::Input`] as [`export_mat`]; [`CommandError::Output`] when `stdout`
/// refuses the text.
pub(crate) fn export_mat_to(
    input: &Path,
    output: Option<&Path>,
    stdout: &mut dyn Write,
) -> Result<(), CommandError> {
    let (record, _) = store::read_record(input).map_err(CliError::Store)?;
    let Some(path) = output else {
        return mat::write_mat_to(&record, stdout).map_err(|e| match e {
            mat::MatWriteError::Output(e) => CommandError::Output(e),
            source => CommandError::Input(CliError::MatWrite {
                path: input.to_path_buf(),
                source,
            }),
        });
    };
    // Check that the record can be written before touching the output.
    let mut failed = None;
    let written = store::write_output(path, Some(input), &mut |out| {
        mat::write_mat_to(&record, out).map_err(|e| {
            let message = e.to_string();
            failed = Some(e);
            std::io::Error::other(message)
        })
    });
    match (written, failed) {
        (_, Some(e @ (mat::MatWriteError::Record(_) | mat::MatWriteError::Unsupported { .. }))) => {
            Err(CliError::MatWrite {
                path: input.to_path_buf(),
                source: e,
            }
            .into())
        }
        (Err(e), _) => Err(CliError::Store(e).into()),
        (Ok(()), _) => Ok(()),
    }
}
