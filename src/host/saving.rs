//! Saving a match at a table: the save folder, the autosave file it has claimed and the
//! journal it appends to ([`crate::journal`]), where `s` saves, where the finished match was
//! kept, why saving is off or failing, and the match saved elsewhere when it cannot be saved
//! where it goes (a full disk).
//!
//! The files are written by a [`SaveWriter`], one save at a time and in the order they were
//! asked for: [`Saving`] keeps the saves asked for and hands the writer out with the next
//! one as a [`SaveJob`], which a caller may run on another thread; the writer comes back
//! with how the save went ([`SaveDone`]). Meanwhile [`Saving`] knows what the last save
//! said ([`SaveStatus`]).

use crate::record::{Record, Recorder};
use crate::store;
use std::collections::VecDeque;
use std::sync::Arc;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// `path` for a message line: the home folder written `~`, so it fits.
#[must_use]
pub fn shown_path(path: &Path) -> String {
    let home = dirs::home_dir().filter(|home| home.parent().is_some());
    match home.and_then(|home| path.strip_prefix(home).ok().map(Path::to_path_buf)) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}

use shown_path as shown;

/// A save asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveRequest {
    /// The autosave: what the record gained is appended to the journal; a finished match
    /// is kept under a dated name.
    Autosave,
    /// `s` (`None`: where the match was last saved or resumed from, else under a dated
    /// name in the save folder) or `:save PATH`.
    To(Option<PathBuf>),
    /// Quitting while the match is not saved (a full disk): the autosave tried once more.
    BeforeQuit,
    /// The match that cannot be saved where it goes, saved elsewhere before quitting: to the
    /// file typed, or (`None`) in the first rescue folder that takes it.
    Rescue(Option<PathBuf>),
}

/// How a save went: what a message line and a log say about it.
#[derive(Debug)]
pub enum Saved {
    /// The autosave's news: a line for the message line (in place of what it says), and a
    /// note that the finished match was kept (after what it says).
    Autosave {
        /// A line that replaces the message line, if any.
        line: Option<String>,
        /// Where the finished match was kept, if it was just kept.
        kept: Option<String>,
    },
    /// Where `s` or `:save` saved the match, or why it did not.
    To(String),
    /// `:save PATH` into a folder that does not exist.
    NoFolder(String),
    /// The autosave tried once more before quitting: whether the match is safe now.
    BeforeQuit(bool),
    /// The match saved elsewhere before quitting (the line saying where), or why not.
    Rescued(Result<String, RescueError>),
}

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

/// What the last save said about where the match is: what [`Saving`] knows while the
/// writer is out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveStatus {
    /// Why saving is off or failing, shown until a save works again.
    pub trouble: Option<String>,
    /// Where the finished match was kept.
    pub kept: Option<PathBuf>,
    /// Where the match was saved at quit instead, when it could not be saved where it goes.
    pub rescued: Option<PathBuf>,
    /// The autosave that holds the match as it stood at the last save that worked.
    pub current_journal: Option<PathBuf>,
    /// The journal written: where, and whether it is a file of this game's own.
    pub journal: Option<(PathBuf, bool)>,
    /// How many bytes the journal holds (0: none written).
    pub journal_len: u64,
    /// There is no save folder (autosave is off, or was turned off).
    pub autosave_off: bool,
}

impl SaveStatus {
    /// Whether the match is not safe on the disk: saving it failed (a full disk) and it was
    /// not saved elsewhere since; `played`: the record gained something in this game.
    #[must_use]
    pub const fn unsaved(&self, played: bool) -> bool {
        self.trouble.is_some() && self.kept.is_none() && self.rescued.is_none() && played
    }
}

/// The files of a match: the one writer of them.
#[derive(Debug)]
pub struct SaveWriter {
    /// The folder for the autosave and for finished matches (`None`: autosave off).
    dir: Option<PathBuf>,
    /// Where `s` saves (the last file saved to, or the file the match was resumed from).
    save_path: Option<PathBuf>,
    /// Where the finished match was kept.
    kept: Option<PathBuf>,
    /// The autosave file is this match's: a new match first moves an older one aside.
    owns_autosave: bool,
    /// The autosave file this game writes, once it has written one.
    claim: Option<store::autosave::AutosaveClaim>,
    /// The match was resumed from the autosave journal: go on appending to it.
    continues_autosave: bool,
    /// The file of an earlier game's own that the match was resumed from, which it goes on
    /// writing.
    resumed_own: Option<PathBuf>,
    /// Why saving is off or failing, until a save works again.
    trouble: Option<String>,
    /// The folders offered at quit when the match cannot be saved where it goes.
    rescue_dirs: Vec<PathBuf>,
    /// Where the match was saved at quit instead, when it could not be saved where it goes.
    rescued: Option<PathBuf>,
    /// The last autosave wrote the journal (the match is in it, as it stood then).
    journal_current: bool,
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

    /// Saves `record` (`over`: a finished match) at quit when it cannot be saved where it
    /// goes: to `to` (a name the user typed), else under a dated name in the first of the
    /// rescue folders that takes it. Returns the line to say: where it went, or why not.
    /// Once it is saved, a journal of this game's (which is behind, or of a finished match)
    /// is removed: the file saved holds all of it.
    fn rescue(
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

    /// Writes `record` as [`Saving::save_to`] does; returns where, or why not.
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

    /// Writes the match in progress to the autosave (a [`crate::journal`]: only what was
    /// added since the last save is appended); once it is over (`over`), keeps it under a
    /// dated name instead and removes the autosave. A failure is said, and stays on the
    /// panel until a save works again; it is never fatal.
    ///
    /// A finished match that cannot be kept (a full disk) is written to the autosave
    /// meanwhile, so nothing is lost, and kept at the next try that works; the autosave
    /// goes only then.
    fn autosave(&mut self, record: &Record, over: bool) -> Saved {
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

/// A save to make, with the writer that makes it: run it anywhere ([`SaveJob::run`]), then
/// hand what it returns back to [`Saving::done`].
#[derive(Debug)]
pub struct SaveJob {
    /// What to save.
    request: SaveRequest,
    /// The record as it stood when the save was handed out (shared with the recorder, which
    /// copies it only if it changes while the save is made).
    record: Arc<Record>,
    /// The match was over then.
    over: bool,
    /// The record had gained something in this game then.
    played: bool,
    /// The one writer of the match's files.
    writer: SaveWriter,
}

impl SaveJob {
    /// What it saves.
    #[must_use]
    pub const fn request(&self) -> &SaveRequest {
        &self.request
    }

    /// Makes the save (file I/O, with fsync): the writer comes back with how it went. A
    /// save that panics (a bug) is said as a failure; the writer comes back all the same.
    #[must_use]
    pub fn run(mut self) -> SaveDone {
        let request = self.request.clone();
        let made = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.writer
                .perform(request, &self.record, self.over, self.played)
        }));
        let saved = made.unwrap_or_else(|_| {
            let why = "saving failed (a bug in bg-tui): the match is still in memory".to_string();
            self.writer.trouble = Some(why.clone());
            match self.request {
                SaveRequest::Autosave => Saved::Autosave {
                    line: Some(why),
                    kept: None,
                },
                SaveRequest::To(_) => Saved::To(why),
                SaveRequest::BeforeQuit => Saved::BeforeQuit(false),
                SaveRequest::Rescue(_) => Saved::Rescued(Err(RescueError::NoFolder)),
            }
        });
        SaveDone {
            writer: self.writer,
            saved,
        }
    }
}

/// A save made: the writer, back, and how the save went.
#[derive(Debug)]
pub struct SaveDone {
    writer: SaveWriter,
    saved: Saved,
}

/// The saving of a match: the saves asked for and not made yet, in order, the writer (while
/// it is not out making one), what the last save said, and what the match had when it was
/// last autosaved.
#[derive(Debug)]
pub struct Saving {
    /// The writer, unless a [`SaveJob`] has it.
    writer: Option<SaveWriter>,
    /// What the writer's saves have said, as of the last one made.
    status: SaveStatus,
    /// The saves asked for and not handed out yet, oldest first.
    queue: VecDeque<SaveRequest>,
    /// The folders offered at quit when the match cannot be saved where it goes.
    rescue_dirs: Vec<PathBuf>,
    /// How much the record held when the match was last autosaved (see [`recorded`]).
    saved: usize,
    /// How much the record held when the game was made.
    started_at: usize,
    /// The players quit without saving the match elsewhere.
    declined: bool,
}

impl Saving {
    /// Saving by `writer`, the record `recorded` long now (see [`recorded`]).
    #[must_use]
    pub fn new(writer: SaveWriter, recorded: usize) -> Saving {
        Saving {
            status: writer.status(),
            rescue_dirs: writer.rescue_dirs.clone(),
            writer: Some(writer),
            queue: VecDeque::new(),
            saved: recorded,
            started_at: recorded,
            declined: false,
        }
    }

    /// No saving at all (no folder, nowhere to rescue to).
    #[must_use]
    pub fn off() -> Saving {
        Saving::new(SaveWriter::new(None, Vec::new()), 0)
    }

    /// The writer, to say where the match was resumed from; `None` while a save is out.
    pub const fn writer_mut(&mut self) -> Option<&mut SaveWriter> {
        self.writer.as_mut()
    }

    /// What the saves made so far have said.
    #[must_use]
    pub const fn status(&self) -> &SaveStatus {
        &self.status
    }

    /// Asks for `request`; an autosave already waiting covers another, and with no save
    /// folder an autosave is nothing to do.
    pub fn ask(&mut self, request: SaveRequest) {
        if request == SaveRequest::Autosave
            && (self.queue.back() == Some(&SaveRequest::Autosave) || self.status.autosave_off)
        {
            return;
        }
        self.queue.push_back(request);
    }

    /// A save is asked for or being made.
    #[must_use]
    pub fn pending(&self) -> bool {
        self.writer.is_none() || !self.queue.is_empty()
    }

    /// A save is being made (the writer is out).
    #[must_use]
    pub const fn out(&self) -> bool {
        self.writer.is_none()
    }

    /// The next save to make, of the record of `recorder` (`over`: the match is over), with
    /// the writer, if one is asked for and none is being made.
    pub fn next(&mut self, recorder: &Recorder, over: bool) -> Option<SaveJob> {
        if self.writer.is_none() || self.queue.is_empty() {
            return None;
        }
        let request = self.queue.pop_front()?;
        let writer = self.writer.take()?;
        Some(SaveJob {
            request,
            record: recorder.shared(),
            over,
            played: self.played(recorded(recorder.as_record())),
            writer,
        })
    }

    /// The save `done` was made: the writer is back; returns how it went.
    pub fn done(&mut self, done: SaveDone) -> Saved {
        self.status = done.writer.status();
        self.writer = Some(done.writer);
        done.saved
    }

    /// Whether the autosave is due now that the record is `recorded` long: it gained
    /// something since the last autosave (returned first), or the match is over (`over`)
    /// and not kept yet (a full disk: tried again after every event). Marks the record as
    /// saved when it is due.
    pub fn due(&mut self, recorded: usize, over: bool) -> (bool, bool) {
        let gained = recorded != self.saved;
        let retry = over && self.status.kept.is_none();
        if gained || retry {
            self.saved = recorded;
        }
        (gained, gained || retry)
    }

    /// The match must be saved at the next event, whatever the record holds (a position
    /// just set up).
    pub const fn mark_unsaved(&mut self) {
        self.saved = usize::MAX;
    }

    /// The record, `recorded` long now, gained something in this game.
    const fn played(&self, recorded: usize) -> bool {
        recorded != self.started_at
    }

    /// Whether the match, `recorded` long now, is not safe on the disk: saving it failed
    /// (a full disk) and it was not saved elsewhere since. Quitting then asks where to.
    #[must_use]
    pub const fn unsaved(&self, recorded: usize) -> bool {
        self.status.unsaved(self.played(recorded))
    }

    /// The players quit without saving the match elsewhere.
    pub const fn decline(&mut self) {
        self.declined = true;
    }

    /// Whether the players quit without saving the match elsewhere.
    #[must_use]
    pub const fn declined(&self) -> bool {
        self.declined
    }

    /// The folders offered for a match that cannot be saved where it goes.
    #[must_use]
    pub fn rescue_dirs(&self) -> &[PathBuf] {
        &self.rescue_dirs
    }

    /// Makes every save asked for, one after another on this thread, of the record of
    /// `recorder` (`over`: the match is over); returns how each went, in order. Nothing is
    /// made while a save is out.
    pub fn make_waiting(&mut self, recorder: &Recorder, over: bool) -> Vec<Saved> {
        let mut said = Vec::new();
        while let Some(job) = self.next(recorder, over) {
            said.push(self.done(job.run()));
        }
        said
    }

    /// Before the game ends (no save out): the saves asked for made, a finished match not
    /// kept yet (the disk was full) tried again, and so is an autosave that failed; if the
    /// match is still not safe, and the players did not decline, it is saved in the first
    /// rescue folder that takes it. Returns [`Saving::farewell`].
    pub fn finish(&mut self, recorder: &Recorder, over: bool) -> String {
        let _ = self.make_waiting(recorder, over);
        let record = recorder.as_record();
        let recorded = recorded(record);
        let played = self.played(recorded);
        if let Some(writer) = self.writer.as_mut() {
            writer.finish(record, over);
            // Nobody can be asked now (a signal ended the game): the other places are tried.
            if writer.status().unsaved(played) && !self.declined {
                let _ = writer.rescue(record, over, None);
            }
            self.status = writer.status();
        }
        self.farewell(recorded)
    }

    /// The line to print once the game has ended, the record being `recorded` long: where
    /// the match is (kept, or in the autosave, and how to go on with it), or why it is not
    /// saved. Empty when there is nothing to say (nothing was played).
    #[must_use]
    pub fn farewell(&self, recorded: usize) -> String {
        let status = &self.status;
        if let Some(path) = &status.kept {
            return format!("the match is kept as {}", shown(path));
        }
        if let Some(path) = &status.rescued {
            return format!(
                "the match could not be saved where it goes: it is saved as {} (bg-tui resume \
                 FILE goes on with an unfinished match)",
                shown(path)
            );
        }
        if self.unsaved(recorded) {
            return match &status.current_journal {
                Some(path) => format!(
                    "the match is not saved: it is only in {}, as it stood at the last save \
                     that worked",
                    shown(path)
                ),
                None => format!(
                    "the match is not saved anywhere ({}): its record is printed on standard \
                     output",
                    status.trouble.as_deref().unwrap_or_default()
                ),
            };
        }
        if let Some(trouble) = &status.trouble {
            return format!("the match may not be saved: {trouble}");
        }
        match &status.journal {
            Some((path, true)) => format!(
                "the match is saved in {}: bg-tui resume {} goes on with it",
                shown(path),
                shown(path)
            ),
            Some((path, false)) => format!(
                "the match is saved in {}: bg-tui resume goes on with it",
                shown(path)
            ),
            None if status.autosave_off && self.played(recorded) => {
                "the match was not saved (autosave is off)".to_string()
            }
            None => String::new(),
        }
    }
}

/// How much `record` holds: it changes with every action, result, game and stop. (The
/// games, the last game's actions, its result and the stop, packed into one number, without
/// counting the whole record.)
#[must_use]
pub fn recorded(record: &Record) -> usize {
    let last = record.games.last();
    let actions = last.map_or(0, |g| g.actions.len());
    let result = last.is_some_and(|g| g.result.is_some());
    (((record.games.len() << 24) | actions) << 2)
        | (usize::from(result) << 1)
        | usize::from(record.stopped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, MatchState, Rules};
    use crate::record::{PlayerInfo, PlayerKind};

    fn recorder() -> Recorder {
        let player = |name: &str| PlayerInfo {
            name: name.to_string(),
            kind: PlayerKind::Human,
        };
        Recorder::new([player("Alice"), player("Bob")], Rules::money(), Some(1))
    }

    #[test]
    fn saves_are_handed_out_one_at_a_time_in_the_order_asked() {
        let dir = tempfile::tempdir().unwrap();
        let mut recorder = recorder();
        let mut m = MatchState::new(Rules::money()).unwrap();
        let mut saving = Saving::new(
            SaveWriter::new(Some(dir.path().to_path_buf()), Vec::new()),
            recorded(recorder.as_record()),
        );
        recorder
            .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
            .unwrap();
        let chosen = dir.path().join("chosen.json");
        saving.ask(SaveRequest::Autosave);
        saving.ask(SaveRequest::Autosave);
        saving.ask(SaveRequest::To(Some(chosen.clone())));
        let first = saving.next(&recorder, false).expect("a save");
        assert_eq!(first.request(), &SaveRequest::Autosave);
        assert!(saving.out() && saving.pending());
        assert!(
            saving.next(&recorder, false).is_none(),
            "one save at a time"
        );
        let said = saving.done(first.run());
        assert!(matches!(said, Saved::Autosave { .. }), "{said:?}");
        assert!(dir.path().join(store::AUTOSAVE_NAME).exists());
        assert!(saving.status().journal_len > 0);
        let second = saving.next(&recorder, false).expect("s");
        assert_eq!(
            second.request(),
            &SaveRequest::To(Some(chosen.clone())),
            "the second autosave waited with the first: one is enough"
        );
        let said = saving.done(second.run());
        assert!(
            matches!(&said, Saved::To(line) if line.starts_with("saved to ")),
            "{said:?}"
        );
        assert!(!saving.pending());
        assert_eq!(
            store::read_record(&chosen).unwrap().0,
            *recorder.as_record()
        );
    }

    #[test]
    fn without_a_save_folder_an_autosave_is_nothing_to_do_and_s_says_so() {
        let recorder = recorder();
        let mut saving = Saving::new(SaveWriter::new(None, Vec::new()), 0);
        saving.ask(SaveRequest::Autosave);
        assert!(!saving.pending());
        saving.ask(SaveRequest::To(None));
        let job = saving.next(&recorder, false).expect("s");
        let said = saving.done(job.run());
        assert!(
            matches!(&said, Saved::To(line) if line == "there is no save folder: save with :save PATH"),
            "{said:?}"
        );
        assert_eq!(saving.farewell(0), "");
        assert_eq!(
            saving.farewell(1),
            "the match was not saved (autosave is off)"
        );
    }
}
