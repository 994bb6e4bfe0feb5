//! The decision table of every bot: see [`crate::bot`]'s documentation.

use super::{Bot, BotError, DoubleAnswer};
use crate::engine::{Action, MatchState, Phase, Play, Side, Variant, WinKind};

/// The decision the match waits for, and whose it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// The opening roll: nobody's decision.
    OpeningRoll,
    /// `side` is on roll: resign, double or roll.
    Cube(Side),
    /// `side` plays the roll.
    Play(Side),
    /// `side` answers a double: take, pass or beaver.
    AnswerDouble(Side),
    /// `side`, who doubled, answers a beaver: take or pass.
    AnswerBeaver(Side),
    /// `side` accepts or declines the opponent's offer to resign `level`.
    AnswerResignation(Side, WinKind),
    /// The game is over, the match is not: nobody's decision.
    NextGame,
}

impl Question {
    /// The decision `m` waits for; `None` once the match is over.
    #[must_use]
    pub fn of(m: &MatchState) -> Option<Question> {
        if m.is_over() {
            return None;
        }
        let game = m.game();
        if game.result().is_some() {
            return Some(Question::NextGame);
        }
        if let Some(r) = game.resignation() {
            return Some(Question::AnswerResignation(r.by.opponent(), r.level));
        }
        Some(match game.phase() {
            Phase::Over(_) => Question::NextGame,
            Phase::Opening => Question::OpeningRoll,
            Phase::Rolling => Question::Cube(game.turn()),
            Phase::Moving(_) => Question::Play(game.turn()),
            Phase::DoubleOffered => Question::AnswerDouble(game.turn().opponent()),
            Phase::Beavered => Question::AnswerBeaver(game.turn()),
        })
    }

    /// The side whose decision it is; `None` for the opening roll and the next game.
    #[must_use]
    pub const fn side(self) -> Option<Side> {
        match self {
            Question::OpeningRoll | Question::NextGame => None,
            Question::Cube(side)
            | Question::Play(side)
            | Question::AnswerDouble(side)
            | Question::AnswerBeaver(side)
            | Question::AnswerResignation(side, _) => Some(side),
        }
    }

    /// Whether answering it asks the bot anything: not for nobody's decisions, nor for a
    /// play the roll forces (none or one legal play).
    #[must_use]
    pub fn asks_bot(self, m: &MatchState) -> bool {
        match self {
            Question::OpeningRoll | Question::NextGame => false,
            Question::Play(_) => m.game().legal_plays().len() > 1,
            _ => true,
        }
    }
}

/// A bot's decision, ready for the host to carry out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Roll the dice (the opening roll, or the turn's roll without doubling): the host
    /// draws them.
    Roll,
    /// Start the next game.
    NextGame,
    /// Apply this action (never a roll).
    Act(Action),
}

/// Whether the rules of `m` allow beavers: money play with beavers on (as the engine
/// checks [`Action::Beaver`]).
#[must_use]
pub(crate) fn beaver_allowed(m: &MatchState) -> bool {
    m.rules().beaver && m.rules().is_money()
}

/// The action for the answer to a double (or to a beaver) in `m`: a beaver is
/// [`Action::Beaver`] when the rules allow beavers and a double waits for an answer, a take
/// otherwise.
#[must_use]
pub(crate) fn answer_action(m: &MatchState, answer: DoubleAnswer) -> Action {
    match (m.game().phase(), answer) {
        (_, DoubleAnswer::Pass) => Action::Drop,
        (Phase::DoubleOffered, DoubleAnswer::Beaver) if beaver_allowed(m) => Action::Beaver,
        _ => Action::Take,
    }
}

/// Asks `bot` the decision `m` waits for (see [the decision table](crate::bot#the-decision-table)) and turns
/// its answer into a [`Decision`]. `may_resign`: whether the side on roll may still offer
/// to resign this game ([`ResignOffers::may_offer`]). The opening roll and the next game
/// are answered without asking the bot; so is a forced play.
#[must_use]
pub fn decide(bot: &mut dyn Bot, m: &MatchState, may_resign: bool) -> Decision {
    let Some(question) = Question::of(m) else {
        return Decision::NextGame;
    };
    let game = m.game();
    match question {
        Question::OpeningRoll => Decision::Roll,
        Question::NextGame => Decision::NextGame,
        Question::Cube(_) => {
            if let Some(level) = may_resign.then(|| bot.offer_resignation(m)).flatten() {
                Decision::Act(Action::Resign(level))
            } else if game.may_double().is_ok() && bot.should_double(m) {
                Decision::Act(Action::Double)
            } else {
                Decision::Roll
            }
        }
        Question::Play(_) => Decision::Act(Action::Play(match game.legal_plays() {
            [] => Play::empty(*game.position()),
            [only] => *only,
            _ => bot.choose_play(m),
        })),
        Question::AnswerDouble(_) | Question::AnswerBeaver(_) => {
            Decision::Act(answer_action(m, bot.answer_double(m)))
        }
        Question::AnswerResignation(_, level) => {
            Decision::Act(if bot.accept_resignation(m, level) {
                Action::AcceptResignation
            } else {
                Action::DeclineResignation
            })
        }
    }
}

/// The sides that offered to resign in the game in progress: a bot offers once a game.
/// The host notes every action before applying it ([`ResignOffers::note`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResignOffers {
    /// Indexed by [`Side::index`]: the game number ([`MatchState::game_number`]) of the
    /// side's last offer.
    offered_in: [Option<usize>; 2],
}

impl ResignOffers {
    /// No offers yet.
    #[must_use]
    pub const fn new() -> ResignOffers {
        ResignOffers {
            offered_in: [None; 2],
        }
    }

    /// Whether `side` may still offer to resign the game in progress in `m`.
    #[must_use]
    pub fn may_offer(&self, m: &MatchState, side: Side) -> bool {
        self.offered_in[side.index()] != Some(m.game_number())
    }

    /// Notes `action`, about to be applied to `m`: an offer to resign counts for the side on
    /// roll.
    pub fn note(&mut self, m: &MatchState, action: &Action) {
        if let Action::Resign(_) = action {
            self.offered_in[m.game().turn().index()] = Some(m.game_number());
        }
    }
}

/// The bot that plays a side taken over in a game of `variant`: the strongest that plays
/// it ([`super::strongest_for`]), seeded with `seed`.
///
/// # Errors
/// [`BotError`] when the bot cannot be made (a build with damaged nets).
pub fn take_over_bot(variant: Variant, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    super::strongest_for(variant).make(seed)
}

/// Whether `side`'s decisions in `m` are the computer's for the rest of the game (its
/// side was taken over: see [`take_over_bot`]).
#[must_use]
pub fn taken_over(m: &MatchState, side: Side) -> bool {
    m.game().result().is_none() && m.game().is_taken_over(side)
}
