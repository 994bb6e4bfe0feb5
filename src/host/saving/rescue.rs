//! The match saved elsewhere at quit, when it cannot be saved where it goes (a full
//! disk), and why that failed.

use super::SaveWriter;
use super::helpers::shown;
use crate::record::Record;
use crate::store;
use std::path::PathBuf;
use std::time::SystemTime;

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
            None => {
                let name = store::finished_name(SystemTime::now());
                let name = if over {
                    name
                } else {
                    name.replacen("match-", "unfinished-", 1)
                };
                let mut failed = Vec::new();
                let mut saved = None;
                for dir in &self.rescue_dirs {
                    let written = std::fs::create_dir_all(dir)
                        .map_err(FolderProblem::Create)
                        .and_then(|()| {
                            store::write_unused(dir, &name, json.as_bytes())
                                .map_err(FolderProblem::Write)
                        });
                    match written {
                        Ok(path) => {
                            saved = Some(path);
                            break;
                        }
                        Err(problem) => failed.push(FolderRefusal {
                            dir: shown(dir),
                            problem,
                        }),
                    }
                }
                saved.ok_or(if failed.is_empty() {
                    RescueError::NoFolder
                } else {
                    RescueError::NoFolderTook(failed)
                })
            }
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
