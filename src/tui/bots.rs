//! Bots in the terminal game: a decision asked of a bot runs on a worker thread, so the
//! screen never freezes; its answer comes back into the event loop as an
//! [`crate::tui::Event`] (sent by [`crate::tui::workers::spawn_bot`]).

use crate::bot::{Bot, DoubleAnswer};
use crate::engine::{Action, MatchState, Phase, Play, WinKind};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A bot shared between the app and the worker thread that asks it.
pub type SharedBot = Arc<Mutex<Box<dyn Bot>>>;

/// What a bot is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    /// Roll the opening (bot against bot: nobody presses a key).
    Opening,
    /// Double or roll.
    Double,
    /// Play the roll.
    Play,
    /// Take, pass or beaver (or answer a beaver).
    AnswerDouble,
    /// Accept or decline the offered resignation.
    AnswerResignation(WinKind),
    /// Start the next game (bot against bot).
    NextGame,
}

/// A bot's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotDecision {
    /// Roll (the opening, or instead of doubling).
    Roll,
    /// Double now.
    Double,
    /// Offer to resign this much.
    Resign(WinKind),
    /// This play.
    Play(Play),
    /// This answer to a double.
    Answer(DoubleAnswer),
    /// Accept (true) or decline the resignation.
    Resignation(bool),
    /// Go on to the next game.
    NextGame,
}

/// A decision to make, with everything the worker needs.
pub struct BotJob {
    /// Matches the answer to the question (answers to old questions are dropped).
    pub id: u64,
    /// What is asked.
    pub kind: JobKind,
    /// The match as it stands.
    pub state: MatchState,
    /// The bot asked (`None` for rolling the opening or starting the next game).
    pub bot: Option<SharedBot>,
    /// The pause before answering and between checker moves, so people can follow.
    pub delay: Duration,
}

impl std::fmt::Debug for BotJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotJob")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl BotJob {
    /// Asks the bot (on the calling thread).
    #[must_use]
    pub fn decide(&self) -> BotDecision {
        let m = &self.state;
        let Some(bot) = &self.bot else {
            return match self.kind {
                JobKind::NextGame => BotDecision::NextGame,
                _ => BotDecision::Roll,
            };
        };
        // A poisoned lock means a bot panicked before; its state is still a bot.
        let mut bot = bot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match self.kind {
            JobKind::Opening => BotDecision::Roll,
            JobKind::NextGame => BotDecision::NextGame,
            JobKind::Double => {
                if let Some(level) = bot.offer_resignation(m) {
                    BotDecision::Resign(level)
                } else if m.game().may_double().is_ok() && bot.should_double(m) {
                    BotDecision::Double
                } else {
                    BotDecision::Roll
                }
            }
            JobKind::Play => {
                if m.game().legal_plays().is_empty() {
                    BotDecision::Play(Play::empty(*m.game().position()))
                } else {
                    BotDecision::Play(bot.choose_play(m))
                }
            }
            JobKind::AnswerDouble => BotDecision::Answer(bot.answer_double(m)),
            JobKind::AnswerResignation(level) => {
                BotDecision::Resignation(bot.accept_resignation(m, level))
            }
        }
    }

    /// The number of checker moves to show one at a time after the decision.
    #[must_use]
    pub fn ticks(&self, decision: &BotDecision) -> usize {
        match decision {
            BotDecision::Play(play) if !self.delay.is_zero() => play.steps().len(),
            _ => 0,
        }
    }
}

/// The action for a bot's answer to a double in `m`.
#[must_use]
pub fn answer_action(m: &MatchState, answer: DoubleAnswer) -> Action {
    let beaver_allowed = m.rules().beaver && m.rules().is_money();
    match (m.game().phase(), answer) {
        (_, DoubleAnswer::Pass) => Action::Drop,
        (Phase::DoubleOffered, DoubleAnswer::Beaver) if beaver_allowed => Action::Beaver,
        _ => Action::Take,
    }
}
