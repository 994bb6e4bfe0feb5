//! The saving part of the game: the save folder, the autosave file it has claimed and the
//! journal it appends to, where `s` saves, where the finished match was kept, and why
//! saving is off or failing. It is the only writer of that state. Its file I/O runs only
//! when the runtime performs a save ([`crate::tui::effect::SaveRequest`]), never inside
//! [`crate::tui::App::update`]; what it has to say comes back as a
//! [`crate::tui::effect::Saved`].

use super::table::shown_path as shown;
use crate::tui::effect::{FolderProblem, FolderRefusal, RescueError, Saved};
use bg_tui::record::Record;
use bg_tui::store;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where and how the match is saved.
#[derive(Debug)]
pub(super) struct Saving {
    /// The folder for the autosave and for finished matches (`None`: autosave off).
    dir: Option<PathBuf>,
    /// Where `s` saves (the last file saved to, or the file the match was resumed from).
    save_path: Option<PathBuf>,
    /// Where the finished match was kept.
    kept: Option<PathBuf>,
    /// [`crate::tui::App`]'s record length when the match was last autosaved.
    saved: usize,
    /// The autosave file is this match's: a new match first moves an older one aside.
    owns_autosave: bool,
    /// The autosave file this game writes, once it has written one.
    claim: Option<store::autosave::AutosaveClaim>,
    /// The match was resumed from the autosave journal: go on appending to it.
    continues_autosave: bool,
    /// The file of an earlier game's own that the match was resumed from, which it goes on
    /// writing.
    resumed_own: Option<PathBuf>,
    /// Why saving is off or failing, shown on the panel until a save works again.
    trouble: Option<String>,
    /// The record's length when the game was made.
    started_at: usize,
    /// The folders offered at quit when the match cannot be saved where it goes.
    rescue_dirs: Vec<PathBuf>,
    /// Where the match was saved at quit instead, when it could not be saved where it goes.
    rescued: Option<PathBuf>,
    /// The last autosave wrote the journal (the match is in it, as it stood then).
    journal_current: bool,
    /// The players quit without saving the match elsewhere.
    declined: bool,
}

impl Saving {
    /// Saving into `dir` (`None`: no autosave), the record `recorded` long now; `rescue_dirs`
    /// are offered at quit when it cannot be saved there.
    pub(super) const fn new(
        dir: Option<PathBuf>,
        rescue_dirs: Vec<PathBuf>,
        recorded: usize,
    ) -> Saving {
        Saving {
            dir,
            save_path: None,
            kept: None,
            saved: recorded,
            owns_autosave: false,
            claim: None,
            continues_autosave: false,
            resumed_own: None,
            trouble: None,
            started_at: recorded,
            rescue_dirs,
            rescued: None,
            journal_current: false,
            declined: false,
        }
    }

    /// The players quit without saving the match elsewhere.
    pub(super) const fn decline(&mut self) {
        self.declined = true;
    }

    /// Whether the players quit without saving the match elsewhere.
    pub(super) const fn declined(&self) -> bool {
        self.declined
    }

    /// Whether the match, `recorded` long now, is not safe on the disk: saving it failed
    /// (a full disk) and it was not saved elsewhere since. Quitting then asks where to.
    pub(super) fn unsaved(&self, recorded: usize) -> bool {
        self.trouble.is_some()
            && self.kept.is_none()
            && self.rescued.is_none()
            && recorded != self.started_at
    }

    /// The folders offered for a match that cannot be saved where it goes.
    pub(super) fn rescue_dirs(&self) -> &[PathBuf] {
        &self.rescue_dirs
    }

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
        let json = bg_tui::record::to_json(record);
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

    /// Where the match is when it is not safe on the disk: the autosave that holds it as it
    /// stood at the last save that worked (`None`: only in memory).
    pub(super) fn where_unsaved(&self) -> Option<&Path> {
        self.claim
            .as_ref()
            .filter(|claim| self.journal_current && claim.journal.is_some())
            .map(|claim| claim.path.as_path())
    }

    /// Whether the autosave is due now that the record is `recorded` long: it gained
    /// something since the last autosave (returned first), or the match is over (`over`)
    /// and not kept yet (a full disk: tried again after every event). Marks the record as
    /// saved when it is due.
    pub(super) fn due(&mut self, recorded: usize, over: bool) -> (bool, bool) {
        let gained = recorded != self.saved;
        let retry = over && self.kept.is_none();
        if gained || retry {
            self.saved = recorded;
        }
        (gained, gained || retry)
    }

    /// The match must be saved at the next event, whatever the record holds (a position
    /// just set up).
    pub(super) const fn mark_unsaved(&mut self) {
        self.saved = usize::MAX;
    }

    /// Says the match was resumed from the autosave file.
    pub(super) const fn own_autosave(&mut self) {
        self.owns_autosave = true;
    }

    /// Says the match was resumed from `path`, a file of an earlier game's own.
    pub(super) fn continue_own_autosave(&mut self, path: PathBuf) {
        self.resumed_own = Some(path);
    }

    /// Makes `path` where `s` saves.
    pub(super) fn set_save_path(&mut self, path: PathBuf) {
        self.save_path = Some(path);
    }

    #[cfg(test)]
    /// Where the finished match was kept.
    pub(super) fn kept(&self) -> Option<&Path> {
        self.kept.as_deref()
    }

    /// Why saving is off or failing, if it is.
    pub(super) fn trouble(&self) -> Option<&str> {
        self.trouble.as_deref()
    }

    /// How many bytes the autosave journal holds (0: none written).
    pub(super) fn journal_len(&self) -> u64 {
        self.claim
            .as_ref()
            .and_then(|claim| claim.journal.as_ref())
            .map_or(0, bg_tui::journal::Journal::len)
    }

    /// Saves `record` to `path`, or (`None`) where it was last saved or resumed from, else
    /// under a dated name in the save folder; says where, or why not.
    pub(super) fn save_to(&mut self, record: &Record, path: Option<PathBuf>) -> Saved {
        if let Some(dir) = path.as_deref().and_then(Path::parent)
            && !dir.as_os_str().is_empty()
            && !dir.is_dir()
        {
            return Saved::NoFolder(format!("not saved: there is no folder {}", shown(dir)));
        }
        Saved::To(self.write(record, path))
    }

    /// Writes `record` as [`Saving::save_to`] does; returns where, or why not.
    fn write(&mut self, record: &Record, path: Option<PathBuf>) -> String {
        let json = bg_tui::record::to_json(record);
        let path = match (path, &self.save_path, &self.dir) {
            (Some(path), _, _) => path,
            (None, Some(path), _) => path.clone(),
            (None, None, Some(dir)) => {
                // A dated name of its own: never one another game has just taken.
                let name = store::finished_name(SystemTime::now());
                return match store::write_unused(dir, &name, json.as_bytes()) {
                    Ok(path) => {
                        let said = format!("saved to {}", shown(&path));
                        self.save_path = Some(path);
                        said
                    }
                    Err(e) => format!("not saved: {e}"),
                };
            }
            (None, None, None) => {
                return "there is no save folder: save with :save PATH".to_string();
            }
        };
        // As `-o` does: a symbolic link's target replaced, a device written into, never
        // replaced.
        match store::write_output(&path, None, &mut |out| out.write_all(json.as_bytes())) {
            Ok(()) => {
                let said = format!("saved to {}", shown(&path));
                self.save_path = Some(path);
                said
            }
            Err(e) => format!("not saved: {e}"),
        }
    }

    /// Writes the match in progress to the autosave (a [`bg_tui::journal`]: only what was
    /// added since the last save is appended); once it is over (`over`), keeps it under a
    /// dated name instead and removes the autosave. A failure is said, and stays on the
    /// panel until a save works again; it is never fatal.
    ///
    /// A finished match that cannot be kept (a full disk) is written to the autosave
    /// meanwhile, so nothing is lost, and kept at the next try that works; the autosave
    /// goes only then.
    pub(super) fn autosave(&mut self, record: &Record, over: bool) -> Saved {
        let mut line = None;
        let Some(dir) = self.dir.clone() else {
            return Saved::Autosave { line, kept: None };
        };
        if self.kept.is_some() {
            return Saved::Autosave { line, kept: None };
        }
        if self.claim.is_none() {
            match self.claim_autosave(&dir, &mut line) {
                Ok(claim) => self.claim = Some(claim),
                Err(e) => {
                    // Never overwrite a match this game did not play.
                    self.trouble = Some(format!("autosave off: {e}"));
                    self.dir = None;
                    return Saved::Autosave {
                        line: Some(format!("autosave off: {e}")),
                        kept: None,
                    };
                }
            }
        }
        let Some(claim) = self.claim.as_mut() else {
            return Saved::Autosave { line, kept: None };
        };
        let kept = if over {
            store::keep_finished(&dir, record, SystemTime::now())
                .map_err(|e| format!("the finished match is not kept yet: {e}"))
        } else {
            Err(String::new())
        };
        if let Ok(path) = kept {
            // Only a journal this game wrote (or was resumed from) is removed.
            if claim.journal.take().is_some() || self.continues_autosave {
                let _ = std::fs::remove_file(&claim.path);
            }
            self.trouble = None;
            let note = format!("the match is kept as {}", shown(&path));
            self.kept = Some(path);
            return Saved::Autosave {
                line,
                kept: Some(note),
            };
        }
        let new_journal = claim.journal.is_none();
        let saved = match claim.journal.as_mut() {
            Some(journal) => journal.save(record),
            None => claim.start_journal(record, self.continues_autosave),
        };
        self.journal_current = saved.is_ok();
        let not_kept = kept.err().filter(|e| !e.is_empty());
        match (saved, not_kept) {
            (Ok(()), None) => {
                if new_journal && claim.elsewhere {
                    line = Some(own_autosave_message(claim));
                } else if self.trouble.take().is_some() {
                    line = Some(format!("saving works again: {}", shown(&claim.path)));
                }
            }
            (saved, not_kept) => {
                // Said once on the message line; the panel keeps saying it.
                let mut trouble = Vec::new();
                if let Err(e) = saved {
                    trouble.push(format!("autosave failing: {}: {e}", shown(&claim.path)));
                }
                if let Some(e) = not_kept {
                    let held = if trouble.is_empty() {
                        format!("it is in {} meanwhile", shown(&claim.path))
                    } else {
                        "it is only in memory meanwhile".to_string()
                    };
                    trouble.push(format!(
                        "{e}; {held}, and is kept at the next save that works (quitting asks \
                         where to save it if none has)"
                    ));
                }
                let trouble = trouble.join(" · ");
                if self.trouble.as_ref() != Some(&trouble) {
                    line = Some(trouble.clone());
                }
                self.trouble = Some(trouble);
            }
        }
        Saved::Autosave { line, kept: None }
    }

    /// Before the game ends: a finished match not kept yet (the disk was full) is tried
    /// again, and so is an autosave that failed.
    pub(super) fn finish(&mut self, record: &Record, over: bool) {
        if self.trouble.is_some() && self.claim.is_some() {
            let _ = self.autosave(record, over);
        }
    }

    /// Claims the autosave file for this game (see [`store::autosave::claim_autosave`]): when it is
    /// this game's for the first time, an unfinished match in it is first moved aside (and
    /// `line` says where).
    fn claim_autosave(
        &mut self,
        dir: &Path,
        line: &mut Option<String>,
    ) -> Result<store::autosave::AutosaveClaim, store::StoreError> {
        let claim = store::autosave::claim_autosave(dir, self.resumed_own.as_deref())?;
        if !claim.elsewhere
            && !self.owns_autosave
            && let Some(path) = store::autosave::set_aside_autosave(dir, SystemTime::now())?
        {
            *line = Some(format!(
                "the unfinished match saved before was moved to {} (bg-tui resume FILE goes \
                 on with it)",
                shown(&path)
            ));
        }
        self.continues_autosave = match claim.why {
            None => self.owns_autosave,
            Some(store::autosave::Elsewhere::Resumed) => true,
            Some(_) => false,
        };
        self.owns_autosave = true;
        Ok(claim)
    }

    /// The line to print once the terminal is restored, the record being `recorded` long:
    /// where the match is (kept, or in the autosave, and how to go on with it), or why it
    /// is not saved. Empty when there is nothing to say (nothing was played).
    pub(super) fn farewell(&self, recorded: usize) -> String {
        if let Some(path) = &self.kept {
            return format!("the match is kept as {}", shown(path));
        }
        if let Some(path) = &self.rescued {
            return format!(
                "the match could not be saved where it goes: it is saved as {} (bg-tui resume \
                 FILE goes on with an unfinished match)",
                shown(path)
            );
        }
        if self.unsaved(recorded) {
            return match self.where_unsaved() {
                Some(path) => format!(
                    "the match is not saved: it is only in {}, as it stood at the last save \
                     that worked",
                    shown(path)
                ),
                None => format!(
                    "the match is not saved anywhere ({}): its record is printed on standard \
                     output",
                    self.trouble.as_deref().unwrap_or_default()
                ),
            };
        }
        if let Some(trouble) = &self.trouble {
            return format!("the match may not be saved: {trouble}");
        }
        let journal = self
            .claim
            .as_ref()
            .and_then(|claim| claim.journal.as_ref().map(|_| claim));
        match journal {
            Some(claim) if claim.elsewhere => format!(
                "the match is saved in {}: bg-tui resume {} goes on with it",
                shown(&claim.path),
                shown(&claim.path)
            ),
            Some(claim) => format!(
                "the match is saved in {}: bg-tui resume goes on with it",
                shown(&claim.path)
            ),
            None if self.dir.is_none() && recorded != self.started_at => {
                "the match was not saved (autosave is off)".to_string()
            }
            None => String::new(),
        }
    }
}

/// The message when a game starts writing a file of its own: where, and why.
fn own_autosave_message(claim: &store::autosave::AutosaveClaim) -> String {
    let path = shown(&claim.path);
    match &claim.why {
        Some(store::autosave::Elsewhere::NoLocks(e)) => format!(
            "files cannot be locked in the save folder ({e}): this match saves to {path}, a \
             file of its own"
        ),
        Some(store::autosave::Elsewhere::Resumed) => format!("this match goes on saving to {path}"),
        _ => format!("another bg-tui game holds the autosave: this match saves to {path}"),
    }
}
