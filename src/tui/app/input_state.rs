//! The input part: what the keys do now (the mode: playing, the command line, a panel, a
//! question), the cursor on the board, the checker picked up, and the
//! lines typed on the command line. This part is the only writer of them.

use super::match_words::MatchWords;
use super::{GRID, MAX_COMMAND_CHARS, Mode};
use crate::tui::keys::{PanelKey, help_rows, play_key};
use crate::tui::model::{Overlay, Spot};
use crate::tui::msg::{Answer, HintMsg, Msg, RolloutKnob, TutorMsg};
use crate::tui::msg::{Arrow, LineMsg};
use bg_tui::engine::WinKind;
use bg_tui::engine::{DieStep, Place, TurnBuilder};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// What a key in the question of a match that is not saved came to.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum RescueAnswer {
    /// Esc: back to the game, the match still not saved.
    Back,
    /// Enter: save it to the file name typed (`None`: none typed, to the first folder
    /// that takes it).
    SaveTo(Option<String>),
}

/// What is open over the board that reads keys of its own, for [`InputState::key_msg`].
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct KeysOver {
    /// The terminal is large enough for the board (else only quitting acts).
    pub(super) fits: bool,
    /// The tutor judges a decision.
    pub(super) tutor_thinking: bool,
    /// The tutor's panel is open.
    pub(super) tutor_panel: bool,
    /// The hint panel is open.
    pub(super) hint_panel: bool,
    /// The hint panel's rollout runs (Esc stops it).
    pub(super) rollout_running: bool,
    /// The position editor is the screen.
    pub(super) editor: bool,
}

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

    /// The panel the keys' mode opens: help (with the game's panel keys `panels` and what
    /// `variant`'s rules change), or a question asked of the keys, in `words`.
    pub(super) fn overlay(
        &self,
        words: &MatchWords,
        variant: bg_tui::engine::Variant,
        panels: &[PanelKey],
    ) -> Option<Overlay> {
        let question = |title: &str, lines: Vec<String>| {
            Some(Overlay::Question {
                title: title.to_string(),
                lines,
            })
        };
        match &self.mode {
            Mode::Help => {
                let mut rows = help_rows(panels);
                rows.extend(crate::tui::rules_lines::difference_rows(variant));
                Some(Overlay::Help(rows))
            }
            Mode::ConfirmQuit => {
                question("Quit bg-tui?", vec!["y quit, n keep playing".to_string()])
            }
            Mode::Rescue(typed) => question("The match is not saved", words.rescue_lines(typed)),
            Mode::ResignMenu => question("Resign how much?", words.resign_menu()),
            Mode::ChooseWay(paths) => question("Which way?", MatchWords::ways(paths)),
            Mode::Play | Mode::Command(..) => None,
        }
    }

    /// A key in the question of a match that is not saved ([`Mode::Rescue`]): a file name
    /// typed (4,096 characters at most), Enter saves (to it, or without one to the first
    /// folder that takes it), Esc goes back to the game. (Ctrl-C quits without saving it:
    /// see [`super::App::update`].) `None`: the question stays.
    pub(super) fn rescue_key(&mut self, msg: LineMsg) -> Option<RescueAnswer> {
        let Mode::Rescue(typed) = &mut self.mode else {
            return None;
        };
        match msg {
            LineMsg::Char(c) if typed.chars().count() < 4096 => typed.push(c),
            LineMsg::Back => {
                typed.pop();
            }
            LineMsg::Cancel => {
                self.mode = Mode::Play;
                return Some(RescueAnswer::Back);
            }
            LineMsg::Enter => {
                let typed = typed.trim();
                return Some(RescueAnswer::SaveTo(
                    (!typed.is_empty()).then(|| typed.to_string()),
                ));
            }
            _ => {}
        }
        None
    }

    /// The message `key` means in the keys' mode, with what is open over the board.
    pub(super) fn key_msg(&self, key: KeyEvent, over: &KeysOver) -> Msg {
        let msg = play_key(key, super::PANEL_KEYS);
        if !over.fits {
            // The board is hidden: only quitting acts, at once (no question could be seen).
            return match msg {
                Msg::QuitNow | Msg::Quit => Msg::QuitNow,
                _ => Msg::Other,
            };
        }
        // Ctrl-C quits at once whatever is open: a panel, a question, a menu, the editor.
        if msg == Msg::QuitNow {
            return msg;
        }
        match &self.mode {
            Mode::Command(..) => match key.code {
                KeyCode::Esc => Msg::Line(LineMsg::Cancel),
                KeyCode::Backspace => Msg::Line(LineMsg::Back),
                KeyCode::Enter => Msg::Line(LineMsg::Enter),
                KeyCode::Up => Msg::Line(LineMsg::HistoryBack),
                KeyCode::Down => Msg::Line(LineMsg::HistoryForward),
                KeyCode::Char(c) if !c.is_control() => Msg::Line(LineMsg::Char(c)),
                _ => Msg::Other,
            },
            Mode::Help => Msg::ClosePanel,
            Mode::Play if over.tutor_thinking => match msg {
                Msg::Escape => Msg::Tutor(TutorMsg::TakeBack),
                Msg::Quit => msg,
                _ => Msg::Tutor(TutorMsg::Wait),
            },
            Mode::Play if over.tutor_panel => match key.code {
                KeyCode::Char('k' | 'y') | KeyCode::Enter => Msg::Tutor(TutorMsg::Keep),
                KeyCode::Char('u' | 'n') | KeyCode::Backspace | KeyCode::Esc => {
                    Msg::Tutor(TutorMsg::TakeBack)
                }
                _ if msg == Msg::Quit => msg,
                _ => Msg::Tutor(TutorMsg::Wait),
            },
            Mode::Play if over.hint_panel => match msg {
                _ if key.code == KeyCode::Char('t') => {
                    Msg::Hint(HintMsg::Knob(RolloutKnob::Trials))
                }
                _ if key.code == KeyCode::Char('d') => Msg::Hint(HintMsg::Knob(RolloutKnob::Depth)),
                _ if key.code == KeyCode::Char('c') => Msg::Hint(HintMsg::Knob(RolloutKnob::Cut)),
                Msg::Cursor(Arrow::Up) => Msg::Hint(HintMsg::Step(false)),
                Msg::Cursor(Arrow::Down) => Msg::Hint(HintMsg::Step(true)),
                Msg::Select => Msg::Hint(HintMsg::Play(None)),
                Msg::Digit(n @ 1..=9) => Msg::Hint(HintMsg::Play(Some(usize::from(n) - 1))),
                Msg::ResignMenu => Msg::Hint(HintMsg::RollOut),
                Msg::Escape if over.rollout_running => Msg::Hint(HintMsg::StopRollout),
                _ => Msg::ClosePanel,
            },
            Mode::ConfirmQuit => Msg::Answer(Answer::Quit(matches!(msg, Msg::Yes | Msg::Quit))),
            Mode::Rescue(_) => match key.code {
                KeyCode::Enter => Msg::Line(LineMsg::Enter),
                KeyCode::Esc => Msg::Line(LineMsg::Cancel),
                KeyCode::Backspace => Msg::Line(LineMsg::Back),
                KeyCode::Char(c) if !c.is_control() => Msg::Line(LineMsg::Char(c)),
                _ => Msg::Other,
            },
            Mode::ResignMenu => Msg::Answer(Answer::Resign(match key.code {
                KeyCode::Char('s') => Some(WinKind::Single),
                KeyCode::Char('g') => Some(WinKind::Gammon),
                KeyCode::Char('b') => Some(WinKind::Backgammon),
                _ => None,
            })),
            Mode::ChooseWay(_) => Msg::Answer(Answer::Way(match msg {
                Msg::Digit(n) => Some(usize::from(n)),
                _ => None,
            })),
            Mode::Play if over.editor => crate::tui::editor::key_msg(key),
            Mode::Play => msg,
        }
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

    /// The spot under the cursor, in the numbering of the player on roll (`flipped`: the
    /// board is drawn in the other player's numbering).
    pub(super) const fn cursor_spot(&self, flipped: bool) -> Spot {
        drawn(self.cursor_drawn(), flipped)
    }

    /// Puts the cursor on `spot` (in the numbering of the player on roll; `flipped` as in
    /// [`InputState::cursor_spot`]), staying in the row it is in when the spot is in both
    /// (the bar, the tray).
    pub(super) fn put_cursor_on(&mut self, spot: Spot, flipped: bool) {
        self.put_cursor_on_drawn(drawn(spot, flipped));
    }

    /// At the start of `turn` (none: nothing to do): the cursor on the bar when a checker
    /// must enter, else on the rearmost checker that can move.
    pub(super) fn cursor_to_start(&mut self, turn: Option<&TurnBuilder>, flipped: bool) {
        if let Some(from) = turn.and_then(|t| t.sources().into_iter().max()) {
            let spot = Spot::from(from);
            // The bar is in both rows: take the mover's half.
            if spot == Spot::Bar {
                self.cursor_to_row(!flipped);
            }
            self.put_cursor_on(spot, flipped);
        }
    }

    /// Tab and Shift-Tab: the cursor to the next checker that can move (from `sources`;
    /// `None`: no turn is being played), from the back (the bar, then 24) towards home, or
    /// the other way. Returns why not, when it cannot.
    pub(super) fn jump_cursor(
        &mut self,
        sources: Option<Vec<Place>>,
        flipped: bool,
        forward: bool,
    ) -> Option<String> {
        let Some(mut sources) = sources else {
            return Some("no checker to move now".to_string());
        };
        if sources.is_empty() {
            return Some("no checker can move".to_string());
        }
        sources.sort_unstable_by(|a, b| b.cmp(a));
        let here = match self.cursor_spot(flipped) {
            Spot::Point(p) => Place::point(p).unwrap_or(Place::OFF),
            Spot::Bar => Place::BAR,
            Spot::Tray => Place::OFF,
        };
        let next = if forward {
            sources.iter().find(|&&p| p < here).or(sources.first())
        } else {
            sources.iter().rev().find(|&&p| p > here).or(sources.last())
        };
        if let Some(&p) = next {
            self.put_cursor_on(Spot::from(p), flipped);
        }
        None
    }

    /// Moves the cursor by an arrow key.
    pub(super) const fn move_cursor(&mut self, arrow: Arrow) {
        let (row, col) = self.cursor;
        self.cursor = match arrow {
            Arrow::Left => (row, col.saturating_sub(1)),
            Arrow::Right => (row, if col < 13 { col + 1 } else { 13 }),
            Arrow::Up => (0, col),
            Arrow::Down => (1, col),
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
    pub(super) fn line_key(&mut self, msg: LineMsg) -> Option<String> {
        let Mode::Command(line, at) = &mut self.mode else {
            return None;
        };
        match msg {
            LineMsg::Cancel => self.mode = Mode::Play,
            LineMsg::Back if line.is_empty() => self.mode = Mode::Play,
            LineMsg::Back => {
                line.pop();
            }
            LineMsg::Char(c) if line.chars().count() < MAX_COMMAND_CHARS => line.push(c),
            LineMsg::Char(_) => {}
            LineMsg::HistoryBack | LineMsg::HistoryForward => {
                let n = self.history.len();
                let next = match (msg, *at) {
                    (LineMsg::HistoryBack, None) => n.checked_sub(1),
                    (LineMsg::HistoryBack, Some(i)) => Some(i.saturating_sub(1)),
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

/// `spot` in the numbering of the player on roll, as the board draws it (in the numbering
/// of the player at the bottom; `flipped`: that is the other player), and back: the same map
/// both ways.
const fn drawn(spot: Spot, flipped: bool) -> Spot {
    match spot {
        Spot::Point(p) if flipped => Spot::Point(25 - p),
        other => other,
    }
}
