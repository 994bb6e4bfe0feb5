//! `bg-tui import` and `bg-tui export`: Jellyfish `.mat` files to and from game records.

use super::CliError;
use crate::{mat, record, store};
use std::path::Path;

/// `bg-tui import IN.mat [-o OUT.json]`: reads a `.mat` file and returns the record as JSON
/// to print, or writes it to `output` (atomically) and returns nothing to print.
///
/// # Errors
/// [`CliError`] naming the file, and for a file that cannot be read as a match, the line,
/// game and move and the reason.
pub fn import_mat(input: &Path, output: Option<&Path>) -> Result<String, CliError> {
    let text = store::read_text(input, mat::MAX_BYTES).map_err(|e| CliError(e.to_string()))?;
    let record = mat::read_mat(&text).map_err(|e| CliError(format!("{}: {e}", input.display())))?;
    emit(record::to_json(&record), output)
}

/// `bg-tui export IN.json [-o OUT.mat]`: reads a game record and returns it as a `.mat`
/// file to print, or writes it to `output` (atomically) and returns nothing to print.
///
/// # Errors
/// [`CliError`] naming the file and what is wrong: an unreadable or unplayable record, or
/// one a `.mat` file cannot hold.
pub fn export_mat(input: &Path, output: Option<&Path>) -> Result<String, CliError> {
    let (record, _) = store::read_record(input).map_err(|e| CliError(e.to_string()))?;
    let text =
        mat::write_mat(&record).map_err(|e| CliError(format!("{}: {e}", input.display())))?;
    emit(text, output)
}

/// The text to print, or nothing once it is written to `output`.
fn emit(text: String, output: Option<&Path>) -> Result<String, CliError> {
    match output {
        Some(path) => {
            store::write_atomic(path, text.as_bytes()).map_err(|e| CliError(e.to_string()))?;
            Ok(String::new())
        }
        None => Ok(text),
    }
}
