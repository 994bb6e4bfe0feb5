//! The game host: what plays a match, below the terminal game and the command line, which
//! both drive it (the terminal game through its table, `bot-match` through the arena).
//!
//! A [`Host`] owns the match being played, its record (when it is recorded) and the dice,
//! and carries out the decisions of the bots at it: each asked through the one decision
//! table of every bot ([`crate::bot::decide`]), the dice of a roll drawn by the host, the
//! action recorded with the match so that the two never part. The people, the engines, the
//! clocks and the journal of the terminal game are its caller's.
//!
//! With the `tui` feature: the unfinished match in the autosave, found when a new game
//! starts, and the question about it ([`unfinished`]).

use crate::bot::{self, Bot, Decision, ResignOffers};
use crate::engine::{
    Action, Dice, GameSetup, MatchError, MatchState, Phase, SetupError, Side, roll_die,
};
use crate::record::{Record, Recorder};
use rand::rngs::ChaCha8Rng;

pub mod arena;
#[cfg(feature = "tui")]
pub mod unfinished;

/// How a [`Host`] records the match: into a [`Recorder`], into one when there is one
/// (`Option<Recorder>`), or not at all (`()`).
pub trait Recording {
    /// Makes `action` in `m`, recording it.
    ///
    /// # Errors
    /// [`MatchError`] when the rules refuse it (nothing changes).
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError>;
    /// Ends the money session in `m`.
    ///
    /// # Errors
    /// [`MatchError`] when it cannot end now.
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError>;
    /// Starts the next game of `m`.
    ///
    /// # Errors
    /// [`MatchError`] when the game is not over or the match is.
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError>;
    /// Sets the game of `m` up at `setup`.
    ///
    /// # Errors
    /// [`SetupError`] when the setup is not a game of the match.
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError>;
}

impl Recording for Recorder {
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        Recorder::apply(self, m, action)
    }
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        Recorder::stop(self, m)
    }
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        Recorder::next_game(self, m)
    }
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        Recorder::set_up(self, m, setup)
    }
}

impl Recording for () {
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        m.apply(action)
    }
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.stop()
    }
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.next_game()
    }
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        m.set_up(setup)
    }
}

impl<R: Recording> Recording for Option<R> {
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        match self {
            Some(r) => r.apply(m, action),
            None => m.apply(action),
        }
    }
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        match self {
            Some(r) => r.stop(m),
            None => m.stop(),
        }
    }
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        match self {
            Some(r) => r.next_game(m),
            None => m.next_game(),
        }
    }
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        match self {
            Some(r) => r.set_up(m, setup),
            None => m.set_up(setup),
        }
    }
}

/// A match being played: the match, how it is recorded ([`Recording`]: by default a
/// [`Recorder`]), the dice, and the offers to resign the bots have made this game (a bot
/// offers once a game).
#[derive(Debug)]
pub struct Host<R = Recorder> {
    match_state: MatchState,
    recorder: R,
    rng: ChaCha8Rng,
    offers: ResignOffers,
}

impl Host<Recorder> {
    /// The record so far.
    #[must_use]
    pub const fn record(&self) -> &Record {
        self.recorder.as_record()
    }
}

impl<R: Recording> Host<R> {
    /// The host of `match_state`, recorded by `recorder`, rolling with `rng`.
    #[must_use]
    pub const fn new(match_state: MatchState, recorder: R, rng: ChaCha8Rng) -> Host<R> {
        Host {
            match_state,
            recorder,
            rng,
            offers: ResignOffers::new(),
        }
    }

    /// The match.
    #[must_use]
    pub const fn state(&self) -> &MatchState {
        &self.match_state
    }

    /// The recorder.
    #[must_use]
    pub const fn recorder(&self) -> &R {
        &self.recorder
    }

    /// The recorder, to note who plays a side or the clocks' readings.
    pub const fn recorder_mut(&mut self) -> &mut R {
        &mut self.recorder
    }

    /// The match and its recorder.
    #[must_use]
    pub fn into_parts(self) -> (MatchState, R) {
        (self.match_state, self.recorder)
    }

    /// Makes `action` in the match and records it.
    ///
    /// # Errors
    /// [`MatchError`] when the rules refuse it (nothing changes).
    pub fn apply(&mut self, action: Action) -> Result<(), MatchError> {
        self.recorder.apply(&mut self.match_state, action)
    }

    /// Ends the money session.
    ///
    /// # Errors
    /// [`MatchError`] when it cannot end now.
    pub fn stop(&mut self) -> Result<(), MatchError> {
        self.recorder.stop(&mut self.match_state)
    }

    /// Starts the next game.
    ///
    /// # Errors
    /// [`MatchError`] when the game is not over or the match is.
    pub fn next_game(&mut self) -> Result<(), MatchError> {
        self.recorder.next_game(&mut self.match_state)?;
        self.offers = ResignOffers::new();
        Ok(())
    }

    /// Sets the game up at `setup` (recorded as its start); no bot has offered to resign.
    ///
    /// # Errors
    /// [`SetupError`] when the setup is not a game of the match.
    pub fn set_up(&mut self, setup: &GameSetup) -> Result<(), SetupError> {
        self.recorder.set_up(&mut self.match_state, setup)?;
        self.offers = ResignOffers::new();
        Ok(())
    }
    /// Rolls the dice.
    pub fn roll(&mut self) -> Dice {
        Dice::roll(&mut self.rng)
    }

    /// Rolls one die.
    pub fn roll_die(&mut self) -> u8 {
        roll_die(&mut self.rng)
    }

    /// Whether the bot playing `side` may still offer to resign this game.
    #[must_use]
    pub fn may_resign(&self, side: Side) -> bool {
        self.offers.may_offer(&self.match_state, side)
    }

    /// Asks `bot` the decision the match waits for ([`bot::decide`]).
    #[must_use]
    pub fn ask(&self, bot: &mut dyn Bot) -> Decision {
        let side = self.match_state.game().to_act();
        let may_resign = side.is_some_and(|side| self.may_resign(side));
        bot::decide(bot, &self.match_state, may_resign)
    }

    /// Notes a bot's `action`, about to be applied: an offer to resign is made once a game.
    pub fn note_decision(&mut self, action: &Action) {
        self.offers.note(&self.match_state, action);
    }

    /// The action for a bot's `decision`: the dice of a roll drawn now. `None` for the next
    /// game, which is no action.
    pub fn action_for(&mut self, decision: Decision) -> Option<Action> {
        match decision {
            Decision::Roll if self.match_state.game().phase() == Phase::Opening => {
                let white = self.roll_die();
                let black = self.roll_die();
                Some(Action::OpeningRoll { white, black })
            }
            Decision::Roll => Some(Action::Roll(self.roll())),
            Decision::NextGame => None,
            Decision::Act(action) => Some(action),
        }
    }

    /// Carries out a bot's `decision`: the dice of a roll drawn, the action noted
    /// ([`Host::note_decision`]), applied and recorded, or the next game started. Returns
    /// the action (`None` for the next game).
    ///
    /// # Errors
    /// [`MatchError`] when the rules refuse the action: a bug in the bot.
    pub fn carry_out(&mut self, decision: Decision) -> Result<Option<Action>, MatchError> {
        let Some(action) = self.action_for(decision) else {
            self.next_game()?;
            return Ok(None);
        };
        self.note_decision(&action);
        self.apply(action)?;
        Ok(Some(action))
    }
}
