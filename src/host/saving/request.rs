//! The saves asked for ([`SaveRequest`]), how each went ([`Saved`]), and what the last
//! one said ([`SaveStatus`]).

use super::RescueError;
use std::path::PathBuf;

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

/// What the last save said about where the match is: what [`Saving`](super::Saving) knows
/// while the writer is out.
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
