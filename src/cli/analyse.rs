//! `bg-tui analyse FILE`: every play and cube decision of a recorded match judged by the
//! expert bot (the judging is [`crate::analysis`]).

pub use crate::analysis::{Analysis, ERROR_AT, Judged, analyse, text};

use super::CliError;
use crate::record::{self, Record};
use std::path::Path;

/// Reads a game record (JSON) or, for a file ending in `.mat`, a Jellyfish match file.
fn read(path: &Path) -> Result<Record, CliError> {
    let fail = |e: String| CliError(format!("{}: {e}", path.display()));
    let is_mat = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mat"));
    if is_mat {
        let text = crate::store::read_text(path, crate::mat::MAX_BYTES)
            .map_err(|e| CliError(e.to_string()))?;
        crate::mat::read_mat(&text).map_err(|e| fail(e.to_string()))
    } else {
        let text = crate::store::read_text(path, record::MAX_BYTES)
            .map_err(|e| CliError(e.to_string()))?;
        crate::store::parse_text(&text).map_err(|e| fail(e.to_string()))
    }
}

/// `bg-tui analyse FILE [--ply N] [--json]`: the report to print.
///
/// # Errors
/// [`CliError`] for a file that cannot be read or replayed.
pub fn run(path: &Path, ply: u8, json: bool) -> Result<String, CliError> {
    let record = read(path)?;
    let a = analyse(&record, ply).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    if json {
        return serde_json::to_string_pretty(&a)
            .map(|s| s + "\n")
            .map_err(|e| CliError(e.to_string()));
    }
    Ok(text(&a, ply))
}
