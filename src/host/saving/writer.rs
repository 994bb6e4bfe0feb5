//! The one writer of a match's files: where it saves, what it was resumed from, and the
//! saves it makes (the autosave in [`super::autosave`], the rescue at quit in
//! [`super::rescue`]).

use super::helpers::shown;
use super::{SaveRequest, SaveStatus, Saved};
use crate::record::Record;
use crate::store;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

/// The files of a match: the one writer of them.
#[derive(Debug)]
pub struct SaveWriter {
    /// The folder for the autosave and for finished matches (`None`: autosave off).
    pub(super) dir: Option<PathBuf>,
    /// Where `s` saves (the last file saved to, or the file the match was resumed from).
    pub(super) save_path: Option<PathBuf>,
    /// Where the finished match was kept.
    pub(super) kept: Option<PathBuf>,
    /// The autosave file is this match's: a new match first moves an older one aside.
    pub(super) owns_autosave: bool,
    /// The autosave file this game writes, once it has written one.
    pub(super) claim: Option<store::autosave::AutosaveClaim>,
    /// The match was resumed from the autosave journal: go on appending to it.
    pub(super) continues_autosave: bool,
    /// The file of an earlier game's own that the match was resumed from, which it goes on
    /// writing.
    pub(super) resumed_own: Option<PathBuf>,
    /// Why saving is off or failing, until a save works again.
    pub(super) trouble: Option<String>,
    /// The folders offered at quit when the match cannot be saved where it goes.
    pub(super) rescue_dirs: Vec<PathBuf>,
    /// Where the match was saved at quit instead, when it could not be saved where it goes.
    pub(super) rescued: Option<PathBuf>,
    /// The last autosave wrote the journal (the match is in it, as it stood then).
    pub(super) journal_current: bool,
    /// How the journal forces its lines to the disk (see [`crate::journal::SyncFn`]).
    pub(super) syncer: crate::journal::Syncer,
}

impl SaveWriter {
    /// Saving into `dir` (`None`: no autosave); `rescue_dirs` are offered at quit when the
    /// match cannot be saved there.
    #[must_use]
    pub const fn new(dir: Option<PathBuf>, rescue_dirs: Vec<PathBuf>) -> SaveWriter {
        SaveWriter {
            dir,
            save_path: None,
            kept: None,
            owns_autosave: false,
            claim: None,
            continues_autosave: false,
            resumed_own: None,
            trouble: None,
            rescue_dirs,
            rescued: None,
            journal_current: false,
            syncer: crate::journal::Syncer(None),
        }
    }

    /// What this writer's saves have said so far.
    #[must_use]
    pub fn status(&self) -> SaveStatus {
        let journal = self
            .claim
            .as_ref()
            .and_then(|claim| claim.journal.as_ref().map(|j| (claim, j)));
        SaveStatus {
            trouble: self.trouble.clone(),
            kept: self.kept.clone(),
            rescued: self.rescued.clone(),
            current_journal: journal
                .filter(|_| self.journal_current)
                .map(|(claim, _)| claim.path.clone()),
            journal: journal.map(|(claim, _)| (claim.path.clone(), claim.elsewhere)),
            journal_len: journal.map_or(0, |(_, j)| j.len()),
            autosave_off: self.dir.is_none(),
        }
    }

    /// Says the match was resumed from the autosave file: it is written over as the match
    /// goes on (a new match or one resumed from another file first moves it aside).
    pub const fn own_autosave(&mut self) {
        self.owns_autosave = true;
    }

    /// Says the match was resumed from `path`, a file of an earlier game's own
    /// (`autosave-PID.jsonl` in the save folder, see [`store::autosave::is_own_autosave`]): the game
    /// goes on writing it, unless another game holds it now (then it writes a file of its
    /// own, as any game would).
    pub fn continue_own_autosave(&mut self, path: PathBuf) {
        self.resumed_own = Some(path);
    }

    /// Forces the journal's lines to the disk by `sync` in place of `File::sync_data`, from
    /// the next one it appends (see [`crate::journal::Journal::sync_with`]): a test's disk
    /// that does not answer.
    pub fn sync_with(&mut self, sync: crate::journal::SyncFn) {
        if let Some(journal) = self.claim.as_mut().and_then(|c| c.journal.as_mut()) {
            journal.sync_with(Arc::clone(&sync));
        }
        self.syncer = crate::journal::Syncer(Some(sync));
    }

    /// Makes `path` where `s` saves (the file the match was resumed from).
    pub fn set_save_path(&mut self, path: PathBuf) {
        self.save_path = Some(path);
    }

    /// Says the match was resumed from `path`, `data_dir` being the folder of the autosave
    /// (whether or not this game autosaves): the autosave itself is written over as the
    /// match goes on; an earlier game's own autosave goes on being written; any other file
    /// is where `s` saves.
    pub fn resumed_from(&mut self, data_dir: Option<&Path>, path: PathBuf) {
        let autosave = data_dir.map(|dir| dir.join(store::AUTOSAVE_NAME));
        if autosave.is_some_and(|autosave| store::same_file(&autosave, &path)) {
            self.own_autosave();
        } else if data_dir.is_some_and(|dir| store::autosave::is_own_autosave(dir, &path)) {
            // An earlier game's own autosave (`autosave-PID.jsonl`): go on writing it, rather
            // than leave a copy of the match in yet another file.
            self.continue_own_autosave(path);
        } else {
            self.set_save_path(path);
        }
    }

    /// Makes `request` of `record` (`over`: the match is over; `played`: the record gained
    /// something in this game); says how it went.
    pub fn perform(
        &mut self,
        request: SaveRequest,
        record: &Record,
        over: bool,
        played: bool,
    ) -> Saved {
        match request {
            SaveRequest::Autosave => self.autosave(record, over),
            SaveRequest::To(path) => self.save_to(record, path),
            SaveRequest::BeforeQuit => {
                self.finish(record, over);
                Saved::BeforeQuit(!self.status().unsaved(played))
            }
            SaveRequest::Rescue(to) => Saved::Rescued(self.rescue(record, over, to)),
        }
    }

    /// Saves `record` to `path`, or (`None`) where it was last saved or resumed from, else
    /// under a dated name in the save folder; says where, or why not.
    fn save_to(&mut self, record: &Record, path: Option<PathBuf>) -> Saved {
        if let Some(dir) = path.as_deref().and_then(Path::parent)
            && !dir.as_os_str().is_empty()
            && !dir.is_dir()
        {
            return Saved::NoFolder(format!("not saved: there is no folder {}", shown(dir)));
        }
        Saved::To(self.write(record, path))
    }

    /// Writes `record` as [`SaveWriter::save_to`] does; returns where, or why not.
    fn write(&mut self, record: &Record, path: Option<PathBuf>) -> String {
        let json = crate::record::to_json(record);
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
}
