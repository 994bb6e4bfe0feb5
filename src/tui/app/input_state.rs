//! The input part: what the keys do now (the mode: playing, the command line, a panel, a
//! question, the position editor), the cursor on the board, the checker picked up, and the
//! lines typed on the command line. This part is the only writer of them.

use super::setup::SetupEditor;
use super::{GRID, MAX_COMMAND_CHARS, Mode, Msg};
use crate::tui::model::Spot;
use bg_tui::engine::{DieStep, Place};

/// The keys' mode, the cursor, the pick and the command history.
#[derive(Debug)]
pub(super) struct InputState {
    /// (row, column) in [`GRID`], as drawn.
    cursor: (usize, usize),
    /// The place (a point, or the bar) of the checker picked up.
    picked: Option<Place>,
    /// What the keys do at the moment.
    mode: Mode,
    /// The lines typed on the command line, oldest first.
    history: Vec<String>,
}

impl Default for InputState {
    fn default() -> InputState {
        InputState {
            cursor: (1, 7),
            picked: None,
            mode: Mode::Play,
            history: Vec::new(),
        }
    }
}

impl InputState {
    /// What the keys do now.
    pub(super) const fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The keys do what `mode` says from now on.
    pub(super) fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// Back to play; returns the ways the picked checker could go, if they were asked.
    pub(super) fn take_ways(&mut self) -> Vec<Vec<DieStep>> {
        match std::mem::replace(&mut self.mode, Mode::Play) {
            Mode::ChooseWay(paths) => paths,
            _ => Vec::new(),
        }
    }

    /// The position editor, while it is open.
    pub(super) fn editor(&self) -> Option<&SetupEditor> {
        match &self.mode {
            Mode::Setup(editor) => Some(editor),
            _ => None,
        }
    }

    /// The position editor, to be changed by a key, while it is open.
    pub(super) fn editor_mut(&mut self) -> Option<&mut SetupEditor> {
        match &mut self.mode {
            Mode::Setup(editor) => Some(editor),
            _ => None,
        }
    }

    /// The spot under the cursor, as drawn.
    pub(super) const fn cursor_drawn(&self) -> Spot {
        GRID[self.cursor.0][self.cursor.1]
    }

    /// Puts the cursor on `drawn` (a spot as drawn), staying in the row it is in when the
    /// spot is in both (the bar, the tray).
    pub(super) fn put_cursor_on_drawn(&mut self, drawn: Spot) {
        if let Some(c) = GRID[self.cursor.0].iter().position(|&s| s == drawn) {
            self.cursor.1 = c;
        } else if let Some(c) = GRID[1 - self.cursor.0].iter().position(|&s| s == drawn) {
            self.cursor = (1 - self.cursor.0, c);
        }
    }

    /// Puts the cursor in the bottom row (`true`) or the top row.
    pub(super) fn cursor_to_row(&mut self, bottom: bool) {
        self.cursor.0 = usize::from(bottom);
    }

    /// Moves the cursor by an arrow key.
    pub(super) fn move_cursor(&mut self, msg: &Msg) {
        let (row, col) = self.cursor;
        self.cursor = match msg {
            Msg::Left => (row, col.saturating_sub(1)),
            Msg::Right => (row, (col + 1).min(13)),
            Msg::Up => (0, col),
            Msg::Down => (1, col),
            _ => (row, col),
        };
    }

    /// The place of the checker picked up.
    pub(super) const fn picked(&self) -> Option<Place> {
        self.picked
    }

    /// Picks up the checker on `place`.
    pub(super) const fn pick(&mut self, place: Place) {
        self.picked = Some(place);
    }

    /// Puts the picked checker down; returns where it was picked up, if one was.
    pub(super) const fn drop_pick(&mut self) -> Option<Place> {
        self.picked.take()
    }

    /// A key on the command line; returns the line to run when Enter ends it.
    pub(super) fn command_key(&mut self, msg: &Msg) -> Option<String> {
        let Mode::Command(line, at) = &mut self.mode else {
            return None;
        };
        match msg {
            Msg::CommandCancel => self.mode = Mode::Play,
            Msg::CommandBack if line.is_empty() => self.mode = Mode::Play,
            Msg::CommandBack => {
                line.pop();
            }
            Msg::CommandChar(c) if line.chars().count() < MAX_COMMAND_CHARS => line.push(*c),
            Msg::CommandChar(_) => {}
            Msg::HistoryBack | Msg::HistoryForward => {
                let n = self.history.len();
                let next = match (msg, *at) {
                    (Msg::HistoryBack, None) => n.checked_sub(1),
                    (Msg::HistoryBack, Some(i)) => Some(i.saturating_sub(1)),
                    (_, Some(i)) if i + 1 < n => Some(i + 1),
                    _ => None,
                };
                *at = next;
                *line = next
                    .and_then(|i| self.history.get(i))
                    .cloned()
                    .unwrap_or_default();
            }
            _ => {
                let line = std::mem::take(line);
                self.mode = Mode::Play;
                if !line.trim().is_empty() && self.history.last() != Some(&line) {
                    self.history.push(line.clone());
                }
                return Some(line);
            }
        }
        None
    }
}
