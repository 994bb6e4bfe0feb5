//! Game records on disk: reading them with clear errors, writing them atomically, and the
//! autosave folder in the user's data directory.
//!
//! Every write of a regular file goes to a temporary file in the same folder, is flushed to
//! the disk, and is then renamed over the target, so a crash or a kill at any moment leaves
//! either the old file or the new one, never a broken or empty one. The autosave is a
//! [`crate::journal`], appended to after every action.
//!
//! Only regular files are read: a FIFO, a device or a folder is refused at once (a FIFO
//! with no writer would wait for ever), and every read is bounded.

use crate::engine::MatchState;
pub use crate::files::{
    MAX_NAME_TRIES, StoreError, numbered, open_regular, read_text, same_file, write_atomic,
    write_atomic_with, write_new, write_output, write_unused,
};
use crate::record::{self, Record, RecordError};

pub mod autosave;
pub(crate) use autosave::{FileMark, autosave_busy, existing_autosave, set_aside_marked};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The autosave's file name in [`data_dir`]: a [`crate::journal`].
pub const AUTOSAVE_NAME: &str = "autosave.jsonl";

/// Where versions before the journal kept the autosave (a whole record, rewritten after
/// every action); `bg-tui resume` still goes on with one.
pub const LEGACY_AUTOSAVE_NAME: &str = "autosave.json";

/// The folder bg-tui keeps saved games in: `$XDG_DATA_HOME/bg-tui`, else
/// `~/.local/share/bg-tui` (on other systems, their data directory).
///
/// # Errors
/// [`StoreError::NoDataDir`] when neither is set.
pub fn data_dir() -> Result<PathBuf, StoreError> {
    dirs::data_dir()
        .map(|dir| dir.join("bg-tui"))
        .ok_or(StoreError::NoDataDir)
}

/// The folders a match that cannot be saved where it goes (a full disk) is offered to at
/// quit, in order: the state folder (`$XDG_STATE_HOME/bg-tui`, else
/// `~/.local/state/bg-tui`, where the system has one) and the temporary folder.
#[must_use]
pub fn rescue_dirs() -> Vec<PathBuf> {
    dirs::state_dir()
        .map(|dir| dir.join("bg-tui"))
        .into_iter()
        .chain(std::iter::once(std::env::temp_dir()))
        .collect()
}

/// The autosave file: [`AUTOSAVE_NAME`] in [`data_dir`].
///
/// # Errors
/// [`StoreError::NoDataDir`].
pub fn autosave_path() -> Result<PathBuf, StoreError> {
    Ok(data_dir()?.join(AUTOSAVE_NAME))
}

/// Reads a record file, or a [`crate::journal`] (the autosave), and replays it: the record
/// and the match where it stops.
///
/// # Errors
/// [`StoreError::Io`] when the file cannot be read, [`StoreError::Record`] when it is not a
/// playable record (the message names the game, the action and the reason).
pub fn read_record(path: &Path) -> Result<(Record, MatchState), StoreError> {
    let text = read_text(path, record::MAX_BYTES)?;
    load_text(&text).map_err(|source| StoreError::Record {
        path: path.to_path_buf(),
        source,
    })
}

/// A record, or a journal, from its text, without replaying it.
///
/// # Errors
/// [`RecordError`] as [`record::parse`] and [`crate::journal::parse`] give them.
pub fn parse_text(text: &str) -> Result<Record, RecordError> {
    if crate::journal::is_journal(text) {
        crate::journal::parse(text)
    } else {
        record::parse(text)
    }
}

/// Whether `path` names a Jellyfish match file: its name ends in `.mat`, in any case.
#[must_use]
pub fn is_mat_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mat"))
}

/// What [`read_match_file`] found wrong, with the file.
#[derive(Debug, thiserror::Error)]
pub enum MatchFileError {
    /// The file could not be read (see [`read_text`]).
    #[error(transparent)]
    Read(#[from] StoreError),
    /// A record or journal whose text does not parse (see [`parse_text`]).
    #[error("{}: {source}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: RecordError,
    },
    /// A `.mat` file that does not read as a match (see [`crate::mat::read_mat`]).
    #[error("{}: {source}", path.display())]
    Mat {
        /// The file.
        path: PathBuf,
        /// The line, game and move, and what is wrong.
        #[source]
        source: crate::mat::MatReadError,
    },
}

/// A match's file as the viewer, `analyse` and the drill read it, with its text as read: a
/// Jellyfish match file when [`is_mat_file`], else a record or a journal ([`parse_text`],
/// not replayed). The text is what an analysis saved beside the file is matched against.
///
/// # Errors
/// [`MatchFileError`]: the file cannot be read, or its text is not what its name says.
pub fn read_match_file(path: &Path) -> Result<(Record, String), MatchFileError> {
    if is_mat_file(path) {
        let text = read_text(path, crate::mat::MAX_BYTES)?;
        let record = crate::mat::read_mat(&text).map_err(|source| MatchFileError::Mat {
            path: path.to_path_buf(),
            source,
        })?;
        return Ok((record, text));
    }
    let text = read_text(path, record::MAX_BYTES)?;
    let record = parse_text(&text).map_err(|source| MatchFileError::Record {
        path: path.to_path_buf(),
        source,
    })?;
    Ok((record, text))
}

/// [`parse_text`], then [`record::replay`].
///
/// # Errors
/// As [`parse_text`] and [`record::replay`].
pub fn load_text(text: &str) -> Result<(Record, MatchState), RecordError> {
    let record = parse_text(text)?;
    let m = record::replay(&record)?;
    Ok((record, m))
}

/// Writes `record` to `path` atomically (see [`write_atomic`]).
///
/// # Errors
/// [`StoreError::Io`].
pub fn write_record(path: &Path, record: &Record) -> Result<(), StoreError> {
    write_atomic(path, record::to_json(record).as_bytes())
}

/// The name a finished match is kept under: `match-YYYY-MM-DD-HHMMSS.json`, in UTC, at
/// `time`.
#[must_use]
pub fn finished_name(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rest = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "match-{y:04}-{m:02}-{d:02}-{:02}{:02}{:02}.json",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Keeps a finished match in [`data_dir`] under its [`finished_name`] (with `-2`, `-3`, ...
/// when that is taken) and returns where. A name is taken only if no file has it at that
/// moment (see [`write_unused`]): two games that finish in the same second keep two files.
///
/// # Errors
/// [`StoreError`] when the folder or file cannot be written.
pub fn keep_finished(dir: &Path, record: &Record, time: SystemTime) -> Result<PathBuf, StoreError> {
    write_unused(
        dir,
        &finished_name(time),
        record::to_json(record).as_bytes(),
    )
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
const fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn finished_names_carry_the_utc_date_and_time() {
        let at = |secs| UNIX_EPOCH + Duration::from_secs(secs);
        assert_eq!(finished_name(at(0)), "match-1970-01-01-000000.json");
        // 2026-11-21 10:42:55 UTC.
        assert_eq!(
            finished_name(at(1_795_257_775)),
            "match-2026-11-21-104255.json"
        );
        // A leap day.
        assert_eq!(
            finished_name(at(951_782_400 + 3661)),
            "match-2000-02-29-010101.json"
        );
    }
}
