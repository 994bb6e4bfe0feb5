//! The saving of a match ([`Saving`]): the saves asked for, handed out one at a time and
//! in order, what the last one said, and the line said once the game has ended.

use super::helpers::{how_to_go_on, shown};
use super::rescue::rescue_in_folders;
use super::{RescueError, SaveDone, SaveJob, SaveRequest, SaveStatus, SaveWriter, Saved, recorded};
use crate::record::Recorder;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
    /// When the save out now was handed out.
    out_since: Option<Instant>,
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
            out_since: None,
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

    /// How long the save out now has been out (`None`: no save is out). A disk that does
    /// not answer (a network mount gone, a disk pulled) holds it out for ever.
    #[must_use]
    pub fn out_for(&self) -> Option<Duration> {
        self.out_since.map(|since| since.elapsed())
    }

    /// When a save is out and does not come back (a disk that does not answer): saves the
    /// record of `recorder` (`over`: the match is over) without the writer, which the save
    /// holds, under a dated name in the first rescue folder that takes it within `wait`
    /// (each folder on a thread of its own, so a folder on the same hung disk is given up
    /// in its turn). Returns the file written.
    ///
    /// # Errors
    /// [`RescueError::NoFolder`] or [`RescueError::NoFolderTook`]: the record is then
    /// nowhere on the disk but the last autosave that worked.
    pub fn rescue_stuck(
        &mut self,
        recorder: &Recorder,
        over: bool,
        wait: Duration,
    ) -> Result<PathBuf, RescueError> {
        let json = crate::record::to_json(recorder.as_record());
        let saved = rescue_in_folders(&self.rescue_dirs, &json, over, Some(wait))?;
        self.status.rescued = Some(saved.clone());
        Ok(saved)
    }

    /// The next save to make, of the record of `recorder` (`over`: the match is over), with
    /// the writer, if one is asked for and none is being made.
    pub fn next(&mut self, recorder: &Recorder, over: bool) -> Option<SaveJob> {
        if self.writer.is_none() || self.queue.is_empty() {
            return None;
        }
        let request = self.queue.pop_front()?;
        let writer = self.writer.take()?;
        self.out_since = Some(Instant::now());
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
        self.out_since = None;
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
        self.farewell(recorded, over)
    }

    /// The line to print once the game has ended, the record being `recorded` long (`over`:
    /// the match is over): where the match is (kept, or in the autosave, and how to go on
    /// with it), or why it is not saved. Empty when there is nothing to say (nothing was
    /// played).
    #[must_use]
    pub fn farewell(&self, recorded: usize, over: bool) -> String {
        let status = &self.status;
        if let Some(path) = &status.kept {
            return format!("the match is kept as {}", shown(path));
        }
        if let Some(path) = &status.rescued {
            // Whole, as the other lines that name a file to go on with print it.
            return format!(
                "the match could not be saved where it goes: it is saved as {} ({})",
                path.display(),
                how_to_go_on(over)
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
