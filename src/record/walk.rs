//! Walking a record: every game and every action of a [`Record`], in order, through the
//! rules, with every check of [`load`](fn@super::load), written once.
//!
//! [`walk`] replays the record and tells a [`Visitor`] what happens: a game starts (the
//! match as it stands then), an action is applied (the match before and after it), a game
//! ends (its result checked against the record's). Everything that reads a record through
//! the rules is a visitor: [`replay`](super::replay) (which visits nothing), the replay
//! timeline, the `.mat` writer and the analysis. A visitor may stop the walk early.
//!
//! # Examples
//! ```
//! use std::ops::ControlFlow;
//! use bg_tui::engine::{Action, MatchState, Rules};
//! use bg_tui::record::{ActionStep, PlayerInfo, Recorder, Visitor, walk};
//!
//! /// Counts the actions that changed the cube.
//! struct CubeTurns(usize);
//!
//! impl Visitor for CubeTurns {
//!     type Break = std::convert::Infallible;
//!     fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Self::Break> {
//!         let value = |m: &MatchState| m.game().cube().value();
//!         if value(step.before) != value(step.after) {
//!             self.0 += 1;
//!         }
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! let rules = Rules::match_to(3);
//! let mut m = MatchState::new(rules).unwrap();
//! let mut rec = Recorder::new([PlayerInfo::human("Ann"), PlayerInfo::human("Bob")], rules, None);
//! rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 }).unwrap();
//! let play = m.game().legal_plays()[0];
//! rec.apply(&mut m, Action::Play(play)).unwrap();
//! rec.apply(&mut m, Action::Double).unwrap();
//! rec.apply(&mut m, Action::Take).unwrap();
//!
//! let mut turns = CubeTurns(0);
//! let walked = walk(rec.as_record(), &mut turns).unwrap();
//! assert_eq!(walked, ControlFlow::Continue(m));
//! assert_eq!(turns.0, 1);
//! ```

use super::{
    GameFault, GameRecord, MAX_ACTIONS, MAX_GAMES, Record, RecordError, RecordedAction,
    ResultRecord, apply_action,
};
use crate::engine::{Action, MatchState};
use std::ops::ControlFlow;

/// A game about to be walked, its start checked: the match can go on to it, and its rule
/// set is the one the record gives.
#[derive(Debug, Clone, Copy)]
pub struct GameStart<'a> {
    /// The game, from 0.
    pub game: usize,
    /// The game's record.
    pub record: &'a GameRecord,
    /// The match as the game starts (before its opening roll).
    pub m: &'a MatchState,
}

/// One action walked: applied through the rules (a play's steps and notation checked).
#[derive(Debug, Clone, Copy)]
pub struct ActionStep<'a> {
    /// The game, from 0.
    pub game: usize,
    /// The action within the game, from 0.
    pub index: usize,
    /// The game's record (the actions around this one, the result).
    pub record: &'a GameRecord,
    /// The action as recorded.
    pub recorded: &'a RecordedAction,
    /// The engine's action it made.
    pub action: Action,
    /// The match before the action.
    pub before: &'a MatchState,
    /// The match after it.
    pub after: &'a MatchState,
}

/// A game walked to its last action, its result checked against the record's.
#[derive(Debug, Clone, Copy)]
pub struct GameEnd<'a> {
    /// The game, from 0.
    pub game: usize,
    /// The game's record.
    pub record: &'a GameRecord,
    /// The match after the game's last action (the game over, or, for the last game of a
    /// record, maybe going on).
    pub m: &'a MatchState,
}

/// What a [`walk`] tells as it goes: each method may stop the walk with
/// [`ControlFlow::Break`], whose value [`walk`] hands back. Every method does nothing by
/// default.
pub trait Visitor {
    /// What a visitor stops the walk with: an error of its own, or what it came for
    /// ([`std::convert::Infallible`] for a visitor that never stops it).
    type Break;

    /// A game starts.
    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<Self::Break> {
        let _ = start;
        ControlFlow::Continue(())
    }

    /// An action was applied.
    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Self::Break> {
        let _ = step;
        ControlFlow::Continue(())
    }

    /// A game's actions are all applied.
    fn end_game(&mut self, end: &GameEnd<'_>) -> ControlFlow<Self::Break> {
        let _ = end;
        ControlFlow::Continue(())
    }
}

/// Walks every game and action of `record` through the rules, with the checks of
/// [`load`](fn@super::load), telling `visitor` as it goes: a game's start, each action (with
/// the match before and after it), a game's end. A money session the record says was
/// stopped is stopped after its last game.
///
/// Returns the match after the last action ([`ControlFlow::Continue`]), or what the
/// visitor stopped the walk with ([`ControlFlow::Break`]).
///
/// # Errors
/// [`RecordError`] for the first thing the rules refuse (the visitor has been told
/// everything before it).
pub fn walk<V: Visitor>(
    record: &Record,
    visitor: &mut V,
) -> Result<ControlFlow<V::Break, MatchState>, RecordError> {
    run(record, visitor, true)
}

/// [`walk`]; `actions` false tells the visitor nothing of the actions, and spares a copy of
/// the match per action (for [`replay`](super::replay), which needs only the last one).
pub(super) fn run<V: Visitor>(
    record: &Record,
    visitor: &mut V,
    actions: bool,
) -> Result<ControlFlow<V::Break, MatchState>, RecordError> {
    /// Hands a visitor's break back from [`run`].
    macro_rules! tell {
        ($flow:expr) => {
            if let ControlFlow::Break(stop) = $flow {
                return Ok(ControlFlow::Break(stop));
            }
        };
    }
    if record.games.len() > MAX_GAMES {
        return Err(RecordError::TooLarge(format!(
            "{} games; a record has at most {MAX_GAMES}",
            record.games.len()
        )));
    }
    let mut m = MatchState::new(record.rules)?;
    let count = record.games.len();
    for (index, game) in record.games.iter().enumerate() {
        let number = index + 1;
        let fail = |action: usize, reason: GameFault| RecordError::Game {
            game: number,
            action,
            reason,
        };
        if game.actions.len() > MAX_ACTIONS {
            return Err(fail(MAX_ACTIONS + 1, GameFault::TooManyActions));
        }
        start_game(&mut m, game, index).map_err(|reason| fail(0, reason))?;
        tell!(visitor.begin_game(&GameStart {
            game: index,
            record: game,
            m: &m,
        }));
        for (j, recorded) in game.actions.iter().enumerate() {
            let refused = |e| fail(j + 1, GameFault::Action(Box::new(e)));
            if !actions {
                apply_action(&mut m, recorded).map_err(refused)?;
                continue;
            }
            let before = m.clone();
            let action = apply_action(&mut m, recorded).map_err(refused)?;
            tell!(visitor.action(&ActionStep {
                game: index,
                index: j,
                record: game,
                recorded,
                action,
                before: &before,
                after: &m,
            }));
        }
        check_result(game, &m, number < count)
            .map_err(|reason| fail(game.actions.len(), reason))?;
        tell!(visitor.end_game(&GameEnd {
            game: index,
            record: game,
            m: &m,
        }));
    }
    if record.stopped {
        let fail = |reason: GameFault| RecordError::Game {
            game: count,
            action: 0,
            reason,
        };
        if !record.rules.is_money() {
            return Err(fail(GameFault::StoppedMatch));
        }
        m.stop().map_err(|e| fail(GameFault::NotStoppable(e)))?;
    }
    Ok(ControlFlow::Continue(m))
}

/// Starts game `index` of a record in `m`: the next game after the one before (none
/// before the first), of the rule set the record names, at its set-up start if it has one.
fn start_game(m: &mut MatchState, game: &GameRecord, index: usize) -> Result<(), GameFault> {
    if index > 0 {
        m.next_game().map_err(|error| GameFault::NoNextGame {
            previous: index,
            error,
        })?;
    }
    let variant = m.game().variant();
    if let Some(claimed) = game.variant
        && claimed != variant
    {
        return Err(GameFault::WrongVariant {
            claimed,
            actual: variant,
        });
    }
    if let Some(start) = &game.start {
        start.apply(m).map_err(GameFault::Start)?;
    }
    Ok(())
}

/// Holds a game's recorded result to the one its actions give in `m`; a game without one
/// must be unfinished, and only the last (`followed`: another game comes after it).
fn check_result(game: &GameRecord, m: &MatchState, followed: bool) -> Result<(), GameFault> {
    let actual = m.game().result().map(ResultRecord::from);
    match (game.result, actual) {
        (Some(claimed), Some(actual)) if claimed != actual => {
            Err(GameFault::WrongResult { claimed, actual })
        }
        (Some(claimed), None) => Err(GameFault::NotOver { claimed }),
        (None, Some(actual)) => Err(GameFault::NoResult { actual }),
        (None, None) if followed => Err(GameFault::Unfinished),
        _ => Ok(()),
    }
}
