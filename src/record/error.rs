//! Why a record could not be loaded: the record as a whole, a game of it, or a line of a
//! journal.

use super::{ActionError, MAX_ACTIONS, ResultRecord, SHOWN_CHARS, StartError};
use crate::engine::{MatchError, RulesError, Variant};

/// Why a record could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not JSON, or not JSON of this layout.
    #[error("not a valid record: line {line}, column {}: {}", source.column(), json_reason(source))]
    Json {
        /// The line of the trouble (from 1): the text's, or a journal's.
        line: usize,
        /// What is wrong (its column is the trouble's, from 1).
        source: serde_json::Error,
    },
    /// `"format"` is not [`FORMAT`](super::FORMAT).
    #[error("not a bg-tui record: the format is {0:?}, not \"bg-tui-record\"")]
    UnknownFormat(String),
    /// `"version"` is not one this program reads.
    #[error("record version {0} is not supported: this program reads versions 1 and 2")]
    UnsupportedVersion(u64),
    /// The text, or the number of games, is beyond the limits.
    #[error("the record is too large: {0}")]
    TooLarge(String),
    /// The rules do not go together.
    #[error("the record's rules cannot be played: {0}")]
    Rules(#[from] RulesError),
    /// An action, or a result, the rules refuse. `action` counts from 1; 0 means the trouble
    /// is with the game as a whole (then the message names only the game).
    ///
    /// The message says why; [`std::error::Error::source`] gives the reason typed, as
    /// `reason` does.
    #[error("{}", game_message(*game, *action, reason))]
    Game {
        /// The game, from 1.
        game: usize,
        /// The action within the game, from 1 (0: none in particular).
        action: usize,
        /// Why.
        #[source]
        reason: GameFault,
    },
}

/// What is wrong in one game of a record ([`RecordError::Game`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameFault {
    /// The rules refuse a recorded action (boxed: it is the largest reason by far).
    #[error("{0}")]
    Action(#[source] Box<ActionError>),
    /// The game has more than [`MAX_ACTIONS`] actions.
    #[error("a game has at most {MAX_ACTIONS} actions")]
    TooManyActions,
    /// The match cannot go on to this game (it is over, or the game before is not).
    #[error("no game can follow game {previous}: {error}")]
    NoNextGame {
        /// The game before, from 1.
        previous: usize,
        /// The rules' refusal.
        #[source]
        error: MatchError,
    },
    /// The game's rule set is not the one the rules give it.
    #[error("the record says this game is {claimed}, but the rules make it {actual}")]
    WrongVariant {
        /// The rule set the record gives.
        claimed: Variant,
        /// The rule set of the game under the record's rules.
        actual: Variant,
    },
    /// The recorded result is not the one the moves give.
    #[error("the record says {claimed}, but the moves give: {actual}")]
    WrongResult {
        /// The result the record gives.
        claimed: ResultRecord,
        /// The result of the moves.
        actual: ResultRecord,
    },
    /// The record gives a result, but the moves leave the game going on.
    #[error("the record says {claimed}, but the game is not over")]
    NotOver {
        /// The result the record gives.
        claimed: ResultRecord,
    },
    /// The moves end the game, but the record gives no result.
    #[error("the game is over ({actual}), but the record gives no result")]
    NoResult {
        /// The result of the moves.
        actual: ResultRecord,
    },
    /// A game that is not over is followed by another.
    #[error("the game is not over, but another game follows it")]
    Unfinished,
    /// The record says a match was stopped: only a money session can be.
    #[error("only a money session can be stopped, and this is a match")]
    StoppedMatch,
    /// The record says the session was stopped, but the rules refuse to stop it.
    #[error("the record says the session was stopped, but {0}")]
    NotStoppable(#[source] MatchError),
    /// A change of player (`"seat_changes"`) is past the game's actions, or before the
    /// side's change listed ahead of it.
    #[error(
        "a change of player at action {at} is past the game's {actions} actions or out of order"
    )]
    SeatChange {
        /// The change's action (from 0) as written.
        at: usize,
        /// The game's actions.
        actions: usize,
    },
    /// The game's `"start"` cannot be set up.
    #[error("{0}")]
    Start(#[source] StartError),
    /// A journal line that cannot be applied to the record (see [`crate::journal`]).
    #[error("journal line {line}: {reason}")]
    Journal {
        /// The line, from 1.
        line: usize,
        /// Why it cannot.
        reason: JournalFault,
    },
}

/// Why a journal line cannot be added to the record read so far (see [`crate::journal`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JournalFault {
    /// A line after the one that stopped the session.
    #[error("nothing can follow the end of the session")]
    AfterStop,
    /// The line's players are not valid players.
    #[error("{0}")]
    Players(Box<RecordError>),
    /// Actions, but the record has no game.
    #[error("an action before any game")]
    NoGame,
    /// Actions or a result for a game that is over.
    #[error("the last game is over: nothing can be added to it")]
    GameOver,
    /// A game would hold more actions than a record allows.
    #[error("a game has at most {most} actions")]
    TooManyActions {
        /// The most a game may hold.
        most: usize,
    },
    /// The record would hold more games than it may.
    #[error("a record has at most {most} games")]
    TooManyGames {
        /// The most a record may hold.
        most: usize,
    },
    /// Clock readings in a record played without clocks.
    #[error("clock readings, but the record has no clocks")]
    NoClocks,
    /// Clock readings for the last game when no game has readings yet.
    #[error("clock readings for a game that has none")]
    NoReadings,
}

fn game_message(game: usize, action: usize, reason: &GameFault) -> String {
    if action == 0 {
        format!("game {game}: {reason}")
    } else {
        format!("game {game}, action {action}: {reason}")
    }
}

impl From<serde_json::Error> for RecordError {
    fn from(source: serde_json::Error) -> RecordError {
        RecordError::Json {
            line: source.line(),
            source,
        }
    }
}

/// What `e` says is wrong, without where (the record's error says that), cut to be shown.
fn json_reason(e: &serde_json::Error) -> String {
    // serde_json's message ends with " at line L column C": keep just the reason.
    let text = e.to_string();
    let reason = match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    let reason = crate::printable::printable(&reason, 4 * SHOWN_CHARS);
    match e.classify() {
        serde_json::error::Category::Syntax => format!("this is not JSON ({reason})"),
        serde_json::error::Category::Eof => format!("the text ends too soon ({reason})"),
        _ => reason,
    }
}
