//! The table around the game: which side the board is drawn from, where the cursor goes on
//! it, the log's face, running the clocks, and what the computer does for a person when
//! asked (rolling, bearing off, taking over a side whose time ran out). The state is the
//! parts' ([`super::input_state::InputState`], [`super::status::StatusLine`]) and the
//! host's (its clocks and seats).

use super::orientation::Orientation;
use super::{App, AutoRoll, Mode, Said, SharedBot};
use crate::tui::msg::Toggle;
use bg_tui::bot;
#[cfg(test)]
use bg_tui::clock::TimeSource;
use bg_tui::engine::{Action, Phase, Side};

/// The strongest bot that plays `variant`: it bears off for people, takes over sides whose
/// time ran out and gives hints.
pub(super) fn strongest_bot(variant: bg_tui::engine::Variant) -> bot::BotSpec {
    bot::strongest_for(variant)
}

pub(super) use bg_tui::host::saving::shown_path;

impl App {
    /// Says `line` on the message line and adds it to the log (what happened before the
    /// game started, such as where an unfinished match was kept).
    pub(crate) fn notice(&mut self, line: String) {
        self.status.announce(line);
    }

    #[cfg(test)]
    /// The last events, oldest first.
    #[must_use]
    pub(crate) fn log(&self) -> Vec<String> {
        self.status.log().cloned().collect()
    }

    #[cfg(test)]
    /// Reads the clocks' time from `time` instead of the system's clock (for tests).
    pub(crate) fn set_time_source(&mut self, time: Box<dyn TimeSource>) {
        self.table.set_time_source(time);
    }

    /// A clock runs: the screen is redrawn every second.
    #[must_use]
    pub(crate) fn clock_running(&self) -> bool {
        self.table.clocks().running()
    }

    /// How the board is turned on the screen now.
    pub(super) fn orientation(&self) -> Orientation {
        Orientation::of(&self.table, self.options.turn_board)
    }

    /// At the start of a turn: the cursor on the bar when a checker must enter, else on
    /// the rearmost checker that can move.
    pub(super) fn cursor_to_start(&mut self) {
        let Some(turn) = self.table.turn() else {
            return;
        };
        let sources = turn.sources();
        self.input
            .cursor_to_start(&sources, self.orientation().flipped());
    }

    /// The keys that turn a table option on or off.
    pub(super) fn toggle(&mut self, option: Toggle) -> Said {
        let o = &mut self.options;
        let (what, on) = match option {
            Toggle::AutoRoll => {
                o.auto_roll = match o.auto_roll {
                    AutoRoll::Off => AutoRoll::NoDouble,
                    AutoRoll::NoDouble => AutoRoll::Always,
                    AutoRoll::Always => AutoRoll::Off,
                };
                let mode = o.auto_roll;
                // Turned on while the dice wait for this person: their roll (and their
                // chance to double) stays theirs this turn.
                self.auto_roll_held = Some(self.table.recorded());
                return Some(
                    match mode {
                        AutoRoll::Off => "auto-roll off: r rolls",
                        AutoRoll::NoDouble => "auto-roll on when you cannot double",
                        AutoRoll::Always => "auto-roll always: you are not asked about doubling",
                    }
                    .to_string(),
                );
            }
            Toggle::AutoBearOff => {
                o.auto_bearoff = !o.auto_bearoff;
                ("auto bear-off (once there is no contact)", o.auto_bearoff)
            }
            Toggle::TutorView => {
                o.tutor = !o.tutor;
                ("tutor view", o.tutor)
            }
            Toggle::TutorMode => return Some(self.options.toggle_tutor_mode(None)),
            Toggle::TurnBoard => {
                o.turn_board = !o.turn_board;
                ("board turned to the player on roll", o.turn_board)
            }
            Toggle::PositionText if !self.table.game().variant().has_position_id() => {
                o.board_text = !o.board_text;
                ("the board as text on the panel", o.board_text)
            }
            Toggle::PositionText => {
                o.board_text = !o.board_text;
                if o.board_text {
                    // Into the log too, where it stays to be copied.
                    let text = self.table.xgid();
                    self.status.note(text);
                }
                ("the XGID on the panel", self.options.board_text)
            }
        };
        Some(format!("{what}: {}", if on { "on" } else { "off" }))
    }

    /// The clock of the side to act runs; the others stand.
    pub(super) fn run_clocks(&mut self) {
        let out = self.table.run_clocks();
        self.say_time_outs(out);
    }

    /// Says once when a player's time has run out (the host tells whose: `out`).
    fn say_time_outs(&mut self, out: Vec<Side>) {
        for side in out {
            {
                // A bot opposite a person who ran out claims the time at once, as the rule
                // book's opponent would.
                if self.table.seats().has_bot(side.opponent())
                    && !self.table.seats().has_bot(side)
                    && self.table.game().result().is_none()
                {
                    let line = format!(
                        "{}'s time is out: {} claims it",
                        self.words().name(side),
                        self.words().name(side.opponent())
                    );
                    self.status.note(line);
                    self.take_over_side(side);
                    continue;
                }
                let line = format!(
                    "{}'s time is out: {} may hand that side to the computer (C)",
                    self.words().name(side),
                    self.words().name(side.opponent())
                );
                self.status.announce(line);
            }
        }
    }

    /// A second passed: redraw while a clock runs (and see whether it ran out) or a save is
    /// out (the message line counts how long it waits; a quit waiting for it may give up).
    pub(super) fn second(&mut self) -> bool {
        let out = self.table.time_outs();
        self.say_time_outs(out);
        let save_out = self.leaving.second(self.table.saving());
        self.clock_running() || save_out
    }

    /// `C` / `:flag`: the computer plays the side whose time is out for the rest of the
    /// game. Against a bot, the person claims only the bot's side: the person's own timeout
    /// is the bot's to claim (and it does, at once).
    pub(super) fn take_over(&mut self) -> Said {
        if !self.table.clocks().exist() {
            return Some("there are no clocks in this game (--clock)".to_string());
        }
        let is_out = self.table.clocks().out();
        let game = self.table.game();
        let humans: Vec<Side> = [Side::White, Side::Black]
            .into_iter()
            .filter(|&s| self.table.seats().person_plays(s))
            .collect();
        let own = |s: Side| humans.len() == 1 && humans[0] == s;
        let candidates = [
            game.to_act(),
            Some(game.turn()),
            Some(game.turn().opponent()),
        ];
        let out = |s: Side| is_out[s.index()] && !game.is_taken_over(s);
        let Some(side) = candidates
            .into_iter()
            .flatten()
            .find(|&s| out(s) && !self.table.seats().has_bot(s) && !own(s))
        else {
            return Some(match humans.as_slice() {
                [me] if out(*me) => {
                    "your own time is out: that is for the computer to claim".to_string()
                }
                _ => "no player's time is out".to_string(),
            });
        };
        self.take_over_side(side);
        None
    }

    /// The computer plays `side` for the rest of the game (its time is out).
    fn take_over_side(&mut self, side: Side) {
        self.tutor.forget();
        let game = self.table.game();
        let before = (
            game.turn(),
            game.to_act().unwrap_or(game.turn()),
            game.dice(),
        );
        match self.table.take_over(side) {
            Ok(name) => {
                // The match knows: a game this side now wins scores nothing.
                self.acted(Action::TakeOver(side), before);
                if !self.table.game().is_taken_over(side) {
                    // The game is over: the message says so.
                    return;
                }
                let _ = self.input.drop_pick();
                self.table.undo_turn();
                let line = format!(
                    "{name} plays {}'s side for the rest of the game",
                    self.words().name(side)
                );
                self.status.announce(line);
            }
            Err(e) => self.status.say(e.to_string()),
        }
    }

    /// The clocks of a new match, or of the record resumed (the reserves after its last
    /// action).
    pub(super) fn start_clocks(&mut self) {
        if let Some(kind) = self.table.start_clocks() {
            self.options.clock = Some(kind);
        }
    }

    /// The clocks, and the rolls made without asking.
    pub(super) fn auto_rolls(&mut self) {
        // Each automatic roll ends a person's wait; a few in a row at most (hot-seat).
        for _ in 0..4 {
            self.run_clocks();
            if !self.auto_roll_now() {
                break;
            }
            let said = self.status.take_message();
            let _ = self.carry_out(bot::Decision::Roll);
            self.status.say_if_quiet(said);
        }
        self.run_clocks();
    }

    /// A person's dice are to be rolled by themselves now.
    fn auto_roll_now(&self) -> bool {
        let game = self.table.game();
        if self.auto_roll_held == Some(self.table.recorded()) {
            return false;
        }
        if self.input.mode() != &Mode::Play
            || self.screen.is_editor()
            || self.questions.making().is_some()
            || self.leaving.quit()
            || game.result().is_some()
            || game.resignation().is_some()
            || game.phase() != Phase::Rolling
            || self.table.seats().has_bot(game.turn())
        {
            return false;
        }
        match self.options.auto_roll {
            AutoRoll::Off => false,
            AutoRoll::NoDouble => game.may_double().is_err(),
            AutoRoll::Always => true,
        }
    }

    /// The bot that plays a person's roll now, if auto bear-off applies: the person's
    /// turn to move, with no contact left.
    pub(super) fn finisher_for(&mut self, side: Side) -> Option<SharedBot> {
        let game = self.table.game();
        if !self.options.auto_bearoff
            || self.table.seats().has_bot(side)
            || !game.position().is_race()
            || !matches!(game.phase(), Phase::Moving(_))
            || self.table.turn().is_some_and(|t| !t.made().is_empty())
        {
            return None;
        }
        self.table.finisher()
    }
}
