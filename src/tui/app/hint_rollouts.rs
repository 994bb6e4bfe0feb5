//! The hint panel in the game: routing. The [`super::hints::Hints`] part takes the panel's
//! messages with what it reads of the match ([`HintGame`]) and makes its jobs (`H` asks the
//! strongest bot on a worker thread, asked again when the match has moved on meanwhile; `R`
//! rolls its plays or its cube decision out, the result so far shown after every round; Esc
//! stops it, and so does closing the panel); here they are started, and a line of it is
//! played.

use super::hints::{HintDone, HintGame};
use super::{App, Said};
use crate::tui::msg::HintMsg;
use bg_tui::engine::{Phase, Play};

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
            HintDone::Play(play) => {
                let said = self.play_hint(play);
                self.say(said);
            }
        }
        true
    }

    /// Plays a play of the hint panel (closed now), if the play is a person's to make.
    fn play_hint(&mut self, play: Play) -> Said {
        let game = self.table.game();
        let human = game
            .to_act()
            .is_some_and(|side| !self.table.seats().has_bot(side));
        if !human || !matches!(game.phase(), Phase::Moving(_)) {
            return Some("there is no play of yours to make now".to_string());
        }
        // The moves made so far this turn are taken back: the line is a whole play.
        self.table.undo_turn();
        let _ = self.input.drop_pick();
        self.decide(crate::tui::tutor::PersonDecision::Play(play));
        None
    }
}
