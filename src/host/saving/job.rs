//! A save handed out with the writer ([`SaveJob`]), to run on any thread, and the writer
//! back with how it went ([`SaveDone`]).

use super::{RescueError, SaveRequest, SaveWriter, Saved};
use crate::record::Record;
use std::sync::Arc;

/// A save to make, with the writer that makes it: run it anywhere ([`SaveJob::run`]), then
/// hand what it returns back to [`Saving::done`](super::Saving::done).
#[derive(Debug)]
pub struct SaveJob {
    /// What to save.
    pub(super) request: SaveRequest,
    /// The record as it stood when the save was handed out (shared with the recorder, which
    /// copies it only if it changes while the save is made).
    pub(super) record: Arc<Record>,
    /// The match was over then.
    pub(super) over: bool,
    /// The record had gained something in this game then.
    pub(super) played: bool,
    /// The one writer of the match's files.
    pub(super) writer: SaveWriter,
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
    pub(super) writer: SaveWriter,
    pub(super) saved: Saved,
}
