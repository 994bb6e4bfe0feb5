//! The hint panel in the game: routing. The [`super::hints::Hints`] part takes the panel's
//! messages with what it reads of the match ([`HintGame`]) and makes its jobs (`H` asks the
//! strongest bot on a worker thread, asked again when the match has moved on meanwhile; `R`
//! rolls its plays or its cube decision out, the result so far shown after every round; Esc
//! stops it, and so does closing the panel); here they are started, and a line of it is
//! played.

use super::App;
use super::hints::{HintDone, HintGame};
use crate::tui::msg::HintMsg;

impl App {
    /// A message of the hint panel's: the [`super::hints::Hints`] part takes it, and what
    /// it cannot do alone is done here. Returns whether the screen changed.
    pub(super) fn hint_msg(&mut self, msg: HintMsg) -> bool {
        let game = HintGame {
            state: self.table.state(),
            recorded: self.table.recorded(),
            seed: self.seed,
        };
        match self.hints.handle(msg, &game) {
            HintDone::Unchanged => return false,
            HintDone::Changed => {}
            HintDone::Say(line) => self.status.say(line),
            HintDone::Announce(line) => self.status.announce(line),
            HintDone::Ask(job) => self.outbox.start(job),
            HintDone::RollOut(job) => {
                self.outbox.start(job);
                self.status.clear();
            }
            // A play of the panel (closed now), if the play is a person's to make: the
            // moves made so far this turn are taken back, the line being a whole play.
            HintDone::Play(play) if self.table.person_moves() => {
                self.table.undo_turn();
                let _ = self.input.drop_pick();
                self.decide(crate::tui::tutor::PersonDecision::Play(play));
            }
            HintDone::Play(_) => self
                .status
                .say("there is no play of yours to make now".to_string()),
        }
        true
    }
}
