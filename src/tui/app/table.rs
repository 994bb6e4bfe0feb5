//! The table around the game: which side the board is drawn from, running the clocks and
//! saying time-outs, and what the computer does for a person when asked (rolling by itself,
//! taking over a side whose time ran out). The state is the parts'
//! ([`super::input_state::InputState`], [`super::status::StatusLine`]), the options' and the
//! host's (its clocks and seats).

use super::orientation::Orientation;
use super::{App, Mode};
use bg_tui::bot;
#[cfg(test)]
use bg_tui::clock::TimeSource;
use bg_tui::engine::{Action, Side};

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

    /// Says once when a player's time has run out (the host tells whose: `out`).
    fn say_time_outs(&mut self, out: Vec<Side>) {
        for side in out {
            let (who, opponent) = (self.words().name(side), self.words().name(side.opponent()));
            // A bot opposite a person who ran out claims the time at once, as the rule book's
            // opponent would.
            if self.table.seats().has_bot(side.opponent())
                && !self.table.seats().has_bot(side)
                && self.table.game().result().is_none()
            {
                let line = format!("{who}'s time is out: {opponent} claims it");
                self.status.note(line);
                self.take_over_side(side);
                continue;
            }
            let line =
                format!("{who}'s time is out: {opponent} may hand that side to the computer (C)");
            self.status.announce(line);
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

    /// The computer plays `side` for the rest of the game (its time is out).
    pub(super) fn take_over_side(&mut self, side: Side) {
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

    /// The clocks, and the rolls made without asking.
    pub(super) fn auto_rolls(&mut self) {
        // Each automatic roll ends a person's wait; a few in a row at most (hot-seat).
        for _ in 0..4 {
            let out = self.table.run_clocks();
            self.say_time_outs(out);
            // Not while anything else waits: a question of the keys, the editor, a bot being
            // made, the quit, the roll `a` left to the person this turn.
            let busy = self.input.mode() != &Mode::Play
                || self.screen.is_editor()
                || self.questions.making().is_some()
                || self.leaving.quit()
                || self.auto_roll_held == Some(self.table.recorded());
            let game = self.table.game();
            if busy
                || !self
                    .options
                    .auto_rolls(game, self.table.seats().has_bot(game.turn()))
            {
                break;
            }
            let said = self.status.take_message();
            let _ = self.carry_out(bot::Decision::Roll);
            self.status.say_if_quiet(said);
        }
        let out = self.table.run_clocks();
        self.say_time_outs(out);
    }
}
