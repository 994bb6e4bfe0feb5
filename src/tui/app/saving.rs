//! The match on disk, as the game sees it: resuming a saved match, the saves
//! [`App::update`] asks for (`s`, `:save`, the autosave after every action) performed and
//! said on the message line and in the log, and what is said at the end. The state of
//! saving is the [`super::saves::Saving`] part's.

use super::{App, AppError, Mode, Options, Player};
use crate::tui::effect::{Effect, SaveRequest, Saved};
use crate::tui::keys::Msg;
use bg_tui::engine::MatchState;
use bg_tui::engine::Side;
use bg_tui::record::{PlayerKind, Record, RecordedAction, Recorder};
use rand::RngExt;
#[cfg(test)]
use std::path::Path;
use std::path::PathBuf;

impl App {
    /// The match of `record` (as [`bg_tui::record::load`] gave it, with `match_state`), going
    /// on where it stopped: its rules, players and seed replace those of `options` (which
    /// give the rest: drawing, pauses, the save folder). With a seed, the dice go on as
    /// they would have; without one, they are drawn from a fresh seed.
    ///
    /// # Errors
    /// [`AppError::MatchOver`] for a finished match, [`AppError::Bot`] for a bot the record
    /// names that this program does not have.
    pub(crate) fn resume(
        mut options: Options,
        record: Record,
        match_state: MatchState,
    ) -> Result<App, AppError> {
        if match_state.is_over() {
            let how = match match_state.winner() {
                Some(side) => format!(
                    "{} won {}-{}",
                    shown_name(&record.players[side.index()].name),
                    match_state.score(side),
                    match_state.score(side.opponent())
                ),
                None => "the session was stopped".to_string(),
            };
            return Err(AppError::MatchOver(how));
        }
        options.rules = record.rules;
        options.seed = record.seed;
        for side in [Side::White, Side::Black] {
            let player = &record.players[side.index()];
            // A name from a file is shown on the screen: no control characters in it.
            options.names[side.index()] = shown_name(&player.name);
            options.players[side.index()] = match &player.kind {
                PlayerKind::Human => Player::Human,
                PlayerKind::Bot(name) => Player::Bot(name.parse()?),
            };
        }
        let seed = record.seed.unwrap_or_else(|| rand::rng().random());
        let dice = record.dice_rolled();
        let mut app = App::build(options, seed, Recorder::resume(record), match_state)?;
        if app.table.record().seed.is_some() {
            for _ in 0..dice {
                app.table.roll_die();
            }
        }
        let last_play = app.last_play_of_record();
        app.table.set_last_play(last_play);
        let number = app.table.state().game_number().max(1);
        app.status.say(match app.options.rules.match_length {
            Some(length) => format!("resumed game {number} of the match to {length}"),
            None => format!("resumed game {number} of the money session"),
        });
        app.seat_taken_over();
        app.after_action();
        Ok(app)
    }

    #[cfg(test)]
    /// The record of the match so far.
    #[must_use]
    pub(crate) const fn record(&self) -> &Record {
        self.table.record()
    }

    #[cfg(test)]
    /// Saves the match to `path`, or (`None`) where it was last saved or resumed from, else
    /// under a dated name in the save folder; tells where on the message line and in the
    /// log. (What the runtime does for [`SaveRequest::To`]; file I/O, outside
    /// [`App::update`].)
    pub(crate) fn save(&mut self, path: Option<PathBuf>) {
        self.perform_save(SaveRequest::To(path));
    }

    /// Performs a save [`App::update`] asked for (file I/O), and hands how it went back to
    /// `update` as [`Msg::Saved`]; returns whether the screen must be redrawn.
    pub(super) fn perform_save(&mut self, request: SaveRequest) -> bool {
        let saved = match request {
            SaveRequest::Autosave => self
                .saving
                .autosave(self.table.record(), self.table.state().is_over()),
            SaveRequest::To(path) => self.saving.save_to(self.table.record(), path),
            SaveRequest::BeforeQuit => {
                self.saving
                    .finish(self.table.record(), self.table.state().is_over());
                Saved::BeforeQuit(!self.saving.unsaved(self.recorded()))
            }
            SaveRequest::Rescue(to) => Saved::Rescued(
                self.saving
                    .rescue(self.table.record(), self.table.state().is_over(), to)
                    .map_err(Into::into),
            ),
        };
        let effects = self.update(Msg::Saved(saved));
        self.perform(effects)
    }

    /// Says on the message line and in the log how a save went.
    pub(super) fn saved(&mut self, saved: Saved) -> bool {
        let log_len = self.status.log_len();
        match saved {
            Saved::Autosave { line, kept } => {
                let before = self.status.message().to_string();
                if let Some(line) = line {
                    self.status.say(line);
                }
                if let Some(note) = kept {
                    self.status.append(&note);
                }
                self.status.note_if_changed(&before);
            }
            Saved::To(line) => {
                self.status.announce(line);
            }
            Saved::NoFolder(line) => self.status.say(line),
            Saved::BeforeQuit(true) => self.quit = true,
            Saved::BeforeQuit(false) => {
                self.input.set_mode(Mode::Rescue(String::new()));
                self.status.say(
                    "the match is not saved: say where to save it before quitting".to_string(),
                );
                return true;
            }
            Saved::Rescued(Ok(line)) => {
                self.status.announce(line);
                self.quit = true;
            }
            Saved::Rescued(Err(why)) => {
                self.status.say(why.to_string());
                return true;
            }
        }
        self.status.log_len() != log_len
    }

    /// The players quit: at once, unless the match is not saved (a full disk), when the
    /// autosave is tried once more and then, if it still fails, they are asked where to
    /// save it ([`Mode::Rescue`]).
    pub(super) fn quit_asked(&mut self) {
        if self.saving.unsaved(self.recorded()) {
            self.ask(Effect::Save(SaveRequest::BeforeQuit));
        } else {
            self.quit = true;
        }
    }

    /// A key in the question of a match that is not saved: a file name typed, Enter saves
    /// (to it, or without one to the state or the temporary folder), Esc goes back to the
    /// game. (Ctrl-C quits without saving it: see [`App::update`].)
    pub(super) fn rescue_key(&mut self, msg: &Msg) {
        let Mode::Rescue(mut typed) = self.input.mode().clone() else {
            return;
        };
        match msg {
            Msg::CommandChar(c) if typed.chars().count() < 4096 => typed.push(*c),
            Msg::CommandBack => {
                typed.pop();
            }
            Msg::CommandCancel => {
                self.input.set_mode(Mode::Play);
                self.status
                    .say("the match is still not saved: q asks again".to_string());
                return;
            }
            Msg::CommandEnter => {
                let typed = typed.trim();
                let to = (!typed.is_empty()).then(|| super::expand_home(typed));
                self.ask(Effect::Save(SaveRequest::Rescue(to)));
                return;
            }
            _ => return,
        }
        self.input.set_mode(Mode::Rescue(typed));
    }

    /// The players quit without saving a match that cannot be saved where it goes: it is
    /// not saved elsewhere at the end either.
    pub(super) fn quit_unsaved(&mut self) {
        self.saving.decline();
        self.quit = true;
    }

    /// The match is not safe on the disk (a full disk), and was not saved elsewhere: the
    /// program then ends with a status that says so.
    #[must_use]
    pub(crate) fn lost(&self) -> bool {
        self.saving.unsaved(self.recorded())
    }

    /// The match's record, when it is not saved anywhere on the disk (not even in an
    /// autosave behind it): the last place it can go is the standard output.
    #[must_use]
    pub(crate) fn unsaved_record(&self) -> Option<String> {
        (self.lost() && self.saving.where_unsaved().is_none())
            .then(|| bg_tui::record::to_json(self.table.record()))
    }

    /// Before the game ends: a finished match not kept yet (the disk was full) is tried
    /// again, and so is an autosave that failed. Returns [`App::farewell`].
    pub(crate) fn finish_saving(&mut self) -> String {
        let over = self.table.state().is_over();
        self.saving.finish(self.table.record(), over);
        // Nobody can be asked now (a signal ended the game): the other places are tried.
        if self.lost() && !self.saving.declined() {
            let _ = self.saving.rescue(self.table.record(), over, None);
        }
        self.farewell()
    }

    /// The line to print once the terminal is restored: where the match is (kept, or in
    /// the autosave, and how to go on with it), or why it is not saved. Empty when there is
    /// nothing to say (nothing was played).
    #[must_use]
    pub(crate) fn farewell(&self) -> String {
        self.saving.farewell(self.recorded())
    }

    /// Says the match was resumed from the autosave file: it is written over as the match
    /// goes on (a new match or one resumed from another file first moves it aside).
    pub(crate) fn owns_autosave(&mut self) {
        self.saving.own_autosave();
    }

    /// Says the match was resumed from `path`, a file of an earlier game's own
    /// (`autosave-PID.jsonl` in the save folder, see [`bg_tui::store::autosave::is_own_autosave`]): the game
    /// goes on writing it, unless another game holds it now (then it writes a file of its
    /// own, as any game would).
    pub(crate) fn continues_own_autosave(&mut self, path: PathBuf) {
        self.saving.continue_own_autosave(path);
    }

    /// Makes `path` where `s` saves (the file the match was resumed from).
    pub(crate) fn set_save_path(&mut self, path: PathBuf) {
        self.saving.set_save_path(path);
    }

    #[cfg(test)]
    /// Where the finished match was kept, once it is over (with a save folder).
    #[must_use]
    pub(crate) fn kept(&self) -> Option<&Path> {
        self.saving.kept()
    }

    /// The last play of the record, as the status line shows it.
    fn last_play_of_record(&self) -> String {
        let record = self.table.record();
        let Some(game) = record
            .games
            .get(self.table.state().game_number().max(1) - 1)
        else {
            return String::new();
        };
        game.actions
            .iter()
            .rev()
            .find_map(|a| match a {
                RecordedAction::Play {
                    side,
                    dice,
                    notation,
                    ..
                } => {
                    let side = Side::from(*side);
                    let text = if notation.is_empty() {
                        "cannot move"
                    } else {
                        notation.as_str()
                    };
                    Some(format!(
                        "{} {}-{}: {text}",
                        self.name(side),
                        dice[0].max(dice[1]),
                        dice[0].min(dice[1])
                    ))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Whether the record may hold no further game: [`bg_tui::record::MAX_GAMES`] games, or
    /// an autosave half as long as a record may be (so that what is written, the kept
    /// record too, always reads back). A money session then ends.
    pub(super) fn record_is_full(&self) -> bool {
        let saved = self.saving.journal_len();
        self.table.record().games.len() >= bg_tui::record::MAX_GAMES
            || saved > bg_tui::record::MAX_BYTES as u64 / 2
    }

    /// How much the record holds: it changes with every action, result, game and stop.
    /// (The games, the last game's actions, its result and the stop, packed into one
    /// number, without counting the whole record.)
    pub(super) fn recorded(&self) -> usize {
        recorded_of(self.table.record())
    }
}

/// How much `record` holds (see [`App::recorded`]).
pub(super) fn recorded_of(record: &Record) -> usize {
    let last = record.games.last();
    let actions = last.map_or(0, |g| g.actions.len());
    let result = last.is_some_and(|g| g.result.is_some());
    (((record.games.len() << 24) | actions) << 2)
        | (usize::from(result) << 1)
        | usize::from(record.stopped)
}

/// A player's name from a record as the screen and messages show it: control characters
/// escaped, cut to [`bg_tui::record::MAX_NAME_CHARS`].
fn shown_name(name: &str) -> String {
    bg_tui::printable::printable(name, bg_tui::record::MAX_NAME_CHARS)
}
