//! The recorded actions checked against the rules: each turned into the engine's action,
//! a play's steps and notation held to a legal play of the roll.

use super::{RecordSide, RecordedAction, SHOWN_CHARS};
use crate::engine::{
    Action, Dice, DiceError, GameError, MatchError, MatchState, NotationError, Phase, Place, Play,
    Side, TurnBuilder, TurnError, format_play, parse_play_in, point_name,
};

/// Why a recorded action cannot be applied; the message reads as
/// [`RecordError::Game`](super::RecordError::Game) words it.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The action's side is not the one to act.
    #[error("{side} cannot {what}: it is {to_act}'s turn to act")]
    NotTheirTurn {
        /// The side the record names.
        side: Side,
        /// The side to act.
        to_act: Side,
        /// What it would do ("roll", "play", "double", "resign").
        what: &'static str,
    },
    /// A die outside 1 to 6.
    #[error("bad roll: {0}")]
    BadRoll(DiceError),
    /// The rules refuse the action now.
    #[error("{action}: {error}")]
    Refused {
        /// The action, as messages name it ("double", "play 13/7").
        action: String,
        /// The rules' refusal.
        error: MatchError,
    },
    /// A play where no roll waits to be played.
    #[error("play {play}: {}", match .error { Some(e) => e.to_string(), None => "there is no roll to play".to_string() })]
    NoRoll {
        /// The play's notation, shortened.
        play: String,
        /// What the rules say about playing now.
        error: Option<GameError>,
    },
    /// The play is recorded for another roll.
    #[error("the play {play} is recorded for {}-{}, but the roll is {}-{}", .recorded[0], .recorded[1], .roll[0], .roll[1])]
    WrongRoll {
        /// The play's notation, shortened.
        play: String,
        /// The dice the record gives.
        recorded: [u8; 2],
        /// The roll, higher die first.
        roll: [u8; 2],
    },
    /// The steps are not a legal play of the roll.
    #[error("illegal play {play} for {}-{}: {why}", .roll[0], .roll[1])]
    IllegalPlay {
        /// The play's notation, shortened.
        play: String,
        /// The roll, higher die first.
        roll: [u8; 2],
        /// What is wrong with it.
        why: IllegalPlayReason,
    },
    /// The notation reads as another legal play than the steps make.
    #[error("the notation {notation} reads as {reads}, but the steps make {steps_make} (roll {}-{})", .roll[0], .roll[1])]
    NotationMismatch {
        /// The notation, shortened.
        notation: String,
        /// The play it reads as.
        reads: String,
        /// The play the steps make.
        steps_make: String,
        /// The roll, higher die first.
        roll: [u8; 2],
    },
    /// The notation does not read as a play of the roll.
    #[error("the notation {notation:?} does not read as a play of {}-{} (the steps make {steps_make}): {error}", .roll[0], .roll[1])]
    NotationUnreadable {
        /// The notation, shortened.
        notation: String,
        /// The play the steps make.
        steps_make: String,
        /// The roll, higher die first.
        roll: [u8; 2],
        /// Why it does not read.
        error: NotationError,
    },
}

/// What is wrong with a recorded play's steps.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlayReason {
    /// The roll cannot be played, but the play is not empty.
    #[error("the roll cannot be played, so the play must be empty")]
    MustBeEmpty,
    /// More steps than any roll gives.
    #[error("{0} steps; a roll gives at most 4")]
    TooManySteps(usize),
    /// No roll is waiting.
    #[error("there is no roll to play")]
    NoRoll,
    /// A step the turn refuses.
    #[error("step {}/{}: {error}", point_name(*.from), point_name(*.to))]
    Step {
        /// Where the checker starts (25: the bar).
        from: u8,
        /// Where it lands (0: off).
        to: u8,
        /// Why not.
        error: TurnError,
    },
    /// A step from or to a number that is no place (above 25).
    #[error("step {from}/{to}: a place is off (0), a point (1-24) or the bar (25)")]
    NoSuchPlace {
        /// Where the checker starts, as written.
        from: u8,
        /// Where it lands, as written.
        to: u8,
    },
    /// A step whose hit flag is wrong.
    #[error("step {}/{} {}, but the record says the opposite", point_name(*.from), point_name(*.to), if *.hits { "hits" } else { "hits nothing" })]
    HitMismatch {
        /// Where the checker starts.
        from: u8,
        /// Where it lands.
        to: u8,
        /// Whether the step really hits.
        hits: bool,
    },
    /// Fewer dice than the roll must use.
    #[error("it plays {played} of the {needed} dice the roll must use")]
    TooFewDice {
        /// Dice played.
        played: usize,
        /// Dice a legal play uses.
        needed: usize,
    },
}

/// Applies one recorded action to `m` through the rules, as [`load`](fn@super::load) does (a
/// play's steps must make, one die at a time, a legal play of the roll), and returns the
/// engine's action that was applied. On error `m` is unchanged.
///
/// # Errors
/// The [`ActionError`] saying why the action cannot be applied.
pub fn apply_action(m: &mut MatchState, action: &RecordedAction) -> Result<Action, ActionError> {
    let engine_action = engine_action(m, action)?;
    m.apply(engine_action)
        .map_err(|error| ActionError::Refused {
            action: action_name(action),
            error,
        })?;
    Ok(engine_action)
}

/// The engine's action for a recorded action about to be applied to `m` (not applied).
fn engine_action(m: &MatchState, action: &RecordedAction) -> Result<Action, ActionError> {
    let game = m.game();
    let check_side = |side: RecordSide, what: &'static str| -> Result<(), ActionError> {
        let side = Side::from(side);
        match game.to_act() {
            Some(to_act) if to_act != side => Err(ActionError::NotTheirTurn { side, to_act, what }),
            _ => Ok(()),
        }
    };
    let engine_action = match action {
        RecordedAction::Opening([white, black]) => Action::OpeningRoll {
            white: *white,
            black: *black,
        },
        RecordedAction::Roll { side, dice } => {
            check_side(*side, "roll")?;
            let dice = Dice::new(dice[0], dice[1]).map_err(ActionError::BadRoll)?;
            Action::Roll(dice)
        }
        RecordedAction::Play {
            side,
            dice,
            notation,
            steps,
        } => {
            check_side(*side, "play")?;
            Action::Play(recorded_play(m, *dice, notation, steps)?)
        }
        RecordedAction::Double { side } => {
            check_side(*side, "double")?;
            Action::Double
        }
        RecordedAction::Take => Action::Take,
        RecordedAction::Drop => Action::Drop,
        RecordedAction::Beaver => Action::Beaver,
        RecordedAction::Resign { side, level } => {
            check_side(*side, "resign")?;
            Action::Resign(*level)
        }
        RecordedAction::Accept => Action::AcceptResignation,
        RecordedAction::Decline => Action::DeclineResignation,
        RecordedAction::TakeOver { side } => Action::TakeOver(Side::from(*side)),
    };
    Ok(engine_action)
}

/// A short name of the action for messages.
fn action_name(action: &RecordedAction) -> String {
    match action {
        RecordedAction::Opening([w, b]) => format!("opening roll {w}-{b}"),
        RecordedAction::Roll { dice, .. } => format!("roll {}-{}", dice[0], dice[1]),
        RecordedAction::Play { notation, .. } if notation.is_empty() => "dance".to_string(),
        RecordedAction::Play { notation, .. } => format!("play {}", shorten(notation)),
        RecordedAction::Double { .. } => "double".to_string(),
        RecordedAction::Take => "take".to_string(),
        RecordedAction::Drop => "drop".to_string(),
        RecordedAction::Beaver => "beaver".to_string(),
        RecordedAction::Resign { level, .. } => format!("resignation of a {level}"),
        RecordedAction::Accept => "accepting the resignation".to_string(),
        RecordedAction::Decline => "declining the resignation".to_string(),
        RecordedAction::TakeOver { side } => {
            format!("the computer taking over {}", Side::from(*side))
        }
    }
}

/// The legal play a recorded play makes: its steps, one die at a time, must make a legal
/// play of the roll, and its notation must read as the same play.
fn recorded_play(
    m: &MatchState,
    dice: [u8; 2],
    notation: &str,
    steps: &[(u8, u8, bool)],
) -> Result<Play, ActionError> {
    let game = m.game();
    let shown = shorten(notation);
    let Phase::Moving(roll) = game.phase() else {
        // Let the rules say why nothing can be played now.
        let empty = Play::empty(*game.position());
        let error = match m.clone().apply(Action::Play(empty)) {
            Err(MatchError::Game(e)) => Some(e),
            _ => None,
        };
        return Err(ActionError::NoRoll { play: shown, error });
    };
    let (hi, lo) = (roll.high(), roll.low());
    let written = [dice[0].max(dice[1]), dice[0].min(dice[1])];
    if written != [hi, lo] {
        return Err(ActionError::WrongRoll {
            play: shown,
            recorded: dice,
            roll: [hi, lo],
        });
    }
    let position = *game.position();
    let legal = game.legal_plays();
    let illegal = |why: IllegalPlayReason| ActionError::IllegalPlay {
        play: shown.clone(),
        roll: [hi, lo],
        why,
    };
    if legal.is_empty() {
        if !steps.is_empty() || !notation.trim().is_empty() {
            return Err(illegal(IllegalPlayReason::MustBeEmpty));
        }
        return Ok(Play::empty(position));
    }
    if steps.len() > 4 {
        return Err(illegal(IllegalPlayReason::TooManySteps(steps.len())));
    }
    let Some(mut turn) = TurnBuilder::for_game(game) else {
        return Err(illegal(IllegalPlayReason::NoRoll));
    };
    for &(from, to, hit) in steps {
        let (Some(start), Some(end)) = (Place::new(from), Place::new(to)) else {
            return Err(illegal(IllegalPlayReason::NoSuchPlace { from, to }));
        };
        let made = turn
            .step_to(start, end)
            .map_err(|error| illegal(IllegalPlayReason::Step { from, to, error }))?;
        if made.step.hit != hit {
            return Err(illegal(IllegalPlayReason::HitMismatch {
                from,
                to,
                hits: made.step.hit,
            }));
        }
    }
    let Some(play) = turn.finished() else {
        let needed = legal.first().map_or(0, Play::dice_used);
        return Err(illegal(IllegalPlayReason::TooFewDice {
            played: steps.len(),
            needed,
        }));
    };
    match parse_play_in(game.variant(), notation, &position, roll) {
        Ok(read) if read.position() == play.position() => Ok(play),
        Ok(read) => Err(ActionError::NotationMismatch {
            notation: shown,
            reads: format_play(&read),
            steps_make: format_play(&play),
            roll: [hi, lo],
        }),
        Err(error) => Err(ActionError::NotationUnreadable {
            notation: shown,
            steps_make: format_play(&play),
            roll: [hi, lo],
            error,
        }),
    }
}

/// `text` cut to at most [`SHOWN_CHARS`] characters for a message, its control characters
/// escaped.
pub(crate) fn shorten(text: &str) -> String {
    crate::printable::printable(text, SHOWN_CHARS)
}
