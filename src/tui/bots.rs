//! Bots in the terminal game: a decision asked of a bot runs on a worker thread, so the
//! screen never freezes; its answer comes back into the event loop as a
//! [`crate::tui::msg::Msg::BotDecided`] (the job is a [`Task`]), then one
//! [`crate::tui::msg::Msg::BotStep`] per checker move to show.

use crate::tui::job::{Reply, Task};
use crate::tui::msg::Msg;
use bg_tui::bot::{self, Decision, Question};
use bg_tui::engine::{Action, MatchState};
use bg_tui::host::seats::SharedBot;
use std::time::Duration;

/// A decision to make, with everything the worker needs.
pub(crate) struct BotJob {
    /// Matches the answer to the question (answers to old questions are dropped).
    pub(crate) id: u64,
    /// What is asked.
    pub(crate) question: Question,
    /// Whether the bot may still offer to resign this game (it offers once a game).
    pub(crate) may_resign: bool,
    /// The match as it stands.
    pub(crate) state: MatchState,
    /// The bot asked (`None` for rolling the opening or starting the next game).
    pub(crate) bot: Option<SharedBot>,
    /// The pause before answering and between checker moves, so people can follow.
    pub(crate) delay: Duration,
}

impl std::fmt::Debug for BotJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotJob")
            .field("id", &self.id)
            .field("question", &self.question)
            .finish_non_exhaustive()
    }
}

impl BotJob {
    /// Asks the bot (on the calling thread), through the one decision table of every bot
    /// ([`bot::decide`]).
    #[must_use]
    pub(crate) fn decide(&self) -> Decision {
        let Some(bot) = &self.bot else {
            return match self.question {
                Question::NextGame => Decision::NextGame,
                _ => Decision::Roll,
            };
        };
        // A poisoned lock means a bot panicked before; its state is still a bot.
        let mut bot = bot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        bot::decide(&mut **bot, &self.state, self.may_resign)
    }

    /// The number of checker moves to show one at a time after the decision.
    #[must_use]
    pub(crate) fn ticks(&self, decision: &Decision) -> usize {
        match decision {
            Decision::Act(Action::Play(play)) if !self.delay.is_zero() => play.steps().len(),
            _ => 0,
        }
    }
}

/// On a worker thread: waits the delay, asks the bot, sends the answer, then one
/// [`Msg::BotStep`] per checker move with the delay between them.
impl Task<Msg> for BotJob {
    fn run(self: Box<Self>, reply: &Reply<Msg>) {
        std::thread::sleep(self.delay);
        let decision = self.decide();
        if !reply.send(Msg::BotDecided(self.id, decision)) {
            return;
        }
        for _ in 0..self.ticks(&decision) {
            std::thread::sleep(self.delay);
            if !reply.send(Msg::BotStep(self.id)) {
                return;
            }
        }
    }
}
