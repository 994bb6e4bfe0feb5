//! The writer's autosave: the autosave file claimed for this game, the journal appended
//! to, and the finished match kept under a dated name.

use super::helpers::shown;
use super::{SaveWriter, Saved};
use crate::record::Record;
use crate::store;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

impl SaveWriter {
    /// Writes the match in progress to the autosave (a [`crate::journal`]: only what was
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
        if let (Some(sync), Some(journal)) = (&self.syncer.0, claim.journal.as_mut()) {
            journal.sync_with(Arc::clone(sync));
        }
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
    pub fn finish(&mut self, record: &Record, over: bool) {
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
