//! The match saved elsewhere at quit, when it cannot be saved where it goes (a full
//! disk), and why that failed.

use super::SaveWriter;
use super::helpers::shown;
use crate::record::Record;
use crate::store;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Why the match could not be saved elsewhere before quitting.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RescueError {
    /// The file the players named could not be written.
    #[error("not saved: {0}")]
    NotSaved(#[source] store::StoreError),
    /// There is no rescue folder to try.
    #[error("there is no other folder to save it in")]
    NoFolder,
    /// Every rescue folder refused it, each for its reason.
    #[error("not saved in {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; nor in "))]
    NoFolderTook(Vec<FolderRefusal>),
}

/// A rescue folder that did not take the match, and why.
#[derive(Debug, thiserror::Error)]
#[error("{dir}: {problem}")]
pub struct FolderRefusal {
    /// The folder, as a message line shows it.
    pub dir: String,
    /// Why it did not take the match.
    #[source]
    pub problem: FolderProblem,
}

/// Why a rescue folder did not take the match.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FolderProblem {
    /// The folder could not be made.
    #[error(transparent)]
    Create(std::io::Error),
    /// The file could not be written in it.
    #[error(transparent)]
    Write(store::StoreError),
    /// The disk did not answer within this long (a hung disk): the folder was given up.
    #[error("the disk did not answer within {} s", .0.as_secs_f32().ceil())]
    NoAnswer(Duration),
}

/// Saves `json` (a record; `over`: a finished match) under a dated name
/// (`match-...json`, or `unfinished-...json`) in the first of `dirs` that takes it; returns
/// the file written. With `wait`, each folder is given that long on a thread of its own (a
/// disk that does not answer holds only that thread), then the next is tried.
///
/// # Errors
/// [`RescueError::NoFolder`] with no folder, else [`RescueError::NoFolderTook`], each
/// folder's reason.
pub(super) fn rescue_in_folders(
    dirs: &[PathBuf],
    json: &str,
    over: bool,
    wait: Option<Duration>,
) -> Result<PathBuf, RescueError> {
    let name = store::finished_name(SystemTime::now());
    let name = if over {
        name
    } else {
        name.replacen("match-", "unfinished-", 1)
    };
    let mut failed = Vec::new();
    for dir in dirs {
        let written = match wait {
            Some(wait) => write_within(dir, &name, json, wait),
            None => write_in(dir, &name, json),
        };
        match written {
            Ok(path) => return Ok(path),
            Err(problem) => failed.push(FolderRefusal {
                dir: shown(dir),
                problem,
            }),
        }
    }
    Err(if failed.is_empty() {
        RescueError::NoFolder
    } else {
        RescueError::NoFolderTook(failed)
    })
}

/// Makes `dir` if need be and writes `json` in it under `name` (or a numbered name).
fn write_in(dir: &Path, name: &str, json: &str) -> Result<PathBuf, FolderProblem> {
    std::fs::create_dir_all(dir)
        .map_err(FolderProblem::Create)
        .and_then(|()| {
            store::write_unused(dir, name, json.as_bytes()).map_err(FolderProblem::Write)
        })
}

/// [`write_in`] on a thread of its own, waited for `wait` at most; when no thread can start,
/// on this one.
fn write_within(
    dir: &Path,
    name: &str,
    json: &str,
    wait: Duration,
) -> Result<PathBuf, FolderProblem> {
    let (tx, rx) = std::sync::mpsc::channel();
    let (on_dir, on_name, on_json) = (dir.to_path_buf(), name.to_string(), json.to_string());
    let started = std::thread::Builder::new()
        .name("bg-tui rescue".to_string())
        .spawn(move || {
            // Nobody waits once the time is up.
            let _ = tx.send(write_in(&on_dir, &on_name, &on_json));
        });
    if started.is_err() {
        return write_in(dir, name, json);
    }
    rx.recv_timeout(wait)
        .unwrap_or(Err(FolderProblem::NoAnswer(wait)))
}

impl SaveWriter {
    /// Saves `record` (`over`: a finished match) at quit when it cannot be saved where it
    /// goes: to `to` (a name the user typed), else under a dated name in the first of the
    /// rescue folders that takes it. Returns the line to say: where it went, or why not.
    /// Once it is saved, a journal of this game's (which is behind, or of a finished match)
    /// is removed: the file saved holds all of it.
    pub(super) fn rescue(
        &mut self,
        record: &Record,
        over: bool,
        to: Option<PathBuf>,
    ) -> Result<String, RescueError> {
        let json = crate::record::to_json(record);
        let saved = match to {
            Some(path) => {
                store::write_output(&path, None, &mut |out| out.write_all(json.as_bytes()))
                    .map(|()| path.clone())
                    .map_err(RescueError::NotSaved)
            }
            None => rescue_in_folders(&self.rescue_dirs, &json, over, None),
        }?;
        if let Some(claim) = self.claim.as_mut()
            && (claim.journal.take().is_some() || self.continues_autosave)
        {
            let _ = std::fs::remove_file(&claim.path);
        }
        let line = format!("the match is saved as {}", shown(&saved));
        self.rescued = Some(saved);
        Ok(line)
    }
}
