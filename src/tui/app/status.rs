//! The status line and the log: the message under the board (why a key was refused, what
//! just happened) and the last events, with how far the log is scrolled back. This part is
//! the only writer of them; the handlers say what they have to say through its methods.

use crate::tui::msg::LogMsg;
use std::collections::VecDeque;

/// How many events the log keeps.
const LOG_KEEP: usize = 50;

/// The message line and the log of events.
#[derive(Debug, Default)]
pub(super) struct StatusLine {
    /// The message shown: why a key was refused, or what happened.
    message: String,
    /// The last events, oldest first.
    log: VecDeque<String>,
    /// How many of the newest events the log is scrolled back past (`[` / `]`).
    scroll: usize,
}

impl StatusLine {
    /// The message shown.
    pub(super) fn message(&self) -> &str {
        &self.message
    }

    /// The message line as shown: `waiting` (a save waits for the disk: see
    /// [`super::leaving::Leaving::waiting_line`]) before what it says, else `reminder` (of
    /// the keys) while nothing is said.
    pub(super) fn shown(&self, waiting: Option<String>, reminder: Option<String>) -> String {
        let said = self.message.as_str();
        match (waiting, reminder) {
            (Some(waiting), _) if said.is_empty() => waiting,
            (Some(waiting), _) => format!("{waiting} · {said}"),
            (None, Some(reminder)) if said.is_empty() => reminder,
            (None, _) => said.to_string(),
        }
    }

    /// Shows what a handler `said`, if anything, on the message line (nothing: the line
    /// stays as the game's changes left it).
    pub(super) fn say_said(&mut self, said: Option<String>) {
        if let Some(line) = said {
            self.message = line;
        }
    }

    /// Shows `line` on the message line (in place of what it said).
    pub(super) fn say(&mut self, line: String) {
        self.message = line;
    }

    /// Shows `line` on the message line unless it already says something.
    pub(super) fn say_if_quiet(&mut self, line: String) {
        if self.message.is_empty() {
            self.message = line;
        }
    }

    /// Adds `note` after what the message line says (` · ` between them).
    pub(super) fn append(&mut self, note: &str) {
        if self.message.is_empty() {
            self.message = note.to_string();
        } else {
            self.message = format!("{} · {note}", self.message);
        }
    }

    /// Adds what the message line says to the log, if it says something other than
    /// `before`.
    pub(super) fn note_if_changed(&mut self, before: &str) {
        if self.message != before && !self.message.is_empty() {
            self.note_message();
        }
    }

    /// Empties the message line.
    pub(super) fn clear(&mut self) {
        self.message.clear();
    }

    /// Empties the message line and returns what it said.
    pub(super) fn take_message(&mut self) -> String {
        std::mem::take(&mut self.message)
    }

    /// Shows `line` on the message line and adds it to the log.
    pub(super) fn announce(&mut self, line: String) {
        self.message.clone_from(&line);
        self.note(line);
    }

    /// Adds what the message line says to the log.
    pub(super) fn note_message(&mut self) {
        let line = self.message.clone();
        self.note(line);
    }

    /// Adds an event to the log (and drops the oldest beyond what it keeps); an empty line
    /// is not added.
    pub(super) fn note(&mut self, line: String) {
        if line.is_empty() {
            return;
        }
        self.log.push_back(line);
        // Scrolled back, the log keeps showing the same events.
        if self.scroll > 0 {
            self.scroll += 1;
        }
        while self.log.len() > LOG_KEEP {
            self.log.pop_front();
        }
        self.scroll = self.scroll.min(self.log.len().saturating_sub(1));
    }

    /// The events in the log, oldest first.
    pub(super) fn log(&self) -> impl Iterator<Item = &String> {
        self.log.iter()
    }

    /// How many events the log holds.
    pub(super) fn log_len(&self) -> usize {
        self.log.len()
    }

    /// How many of the newest events the log is scrolled back past.
    pub(super) const fn scroll(&self) -> usize {
        self.scroll
    }

    /// Scrolls the log one event back (no further than the oldest events filling `rows`)
    /// or on.
    pub(super) fn update(&mut self, msg: LogMsg, rows: usize) {
        self.scroll = match msg {
            LogMsg::Back => (self.scroll + 1).min(self.log.len().saturating_sub(rows)),
            LogMsg::Forward => self.scroll.saturating_sub(1),
        };
    }
}
