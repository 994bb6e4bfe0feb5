//! A match as GNU Backgammon's IDs (or an XGID) describe it: the position and the Match
//! ID's fields turned back into a [`MatchState`] at that moment, checked by the rules on
//! the way (the same set-up and actions a game goes through).

use super::cube::{Cube, CubeError};
use super::game::{Action, GameError, SetupError};
use super::ids::{GameStateCode, MatchIdFields};
use super::position::Position;
use super::rules::{RuleSet, Rules, RulesError};
use super::session::{GameSetup, MatchError, MatchState};

/// Why a position and Match ID do not make a match state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RestoreError {
    /// The game the IDs describe is over (or was resigned or dropped).
    #[error("the game is over")]
    GameOver,
    /// The cube cannot be.
    #[error(transparent)]
    Cube(#[from] CubeError),
    /// The match and its first game cannot be set up so.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The rules refuse the match.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The match refuses the action.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// The double or the roll the IDs record is not legal there.
    #[error(transparent)]
    Action(#[from] GameError),
}

/// The match state at the moment `position` (seen from the player on roll) and `fields`
/// describe, in `rule_set`: a money session (with the Jacoby rule as the fields say,
/// beavers as `beaver`) or a match to the fields' length at their score, the Crawford game
/// as they say, the cube, the player on roll, and then the double offered or the dice
/// rolled.
///
/// # Errors
/// [`RestoreError`] when the rules refuse any of it.
pub fn match_state_from_ids(
    rule_set: RuleSet,
    position: Position,
    fields: &MatchIdFields,
    beaver: bool,
) -> Result<MatchState, RestoreError> {
    if fields.game_state != GameStateCode::Playing {
        return Err(RestoreError::GameOver);
    }
    let base = Rules::of(rule_set);
    let rules = if fields.match_length == 0 {
        Rules {
            jacoby: fields.jacoby,
            beaver,
            ..base
        }
    } else {
        Rules {
            match_length: Some(fields.match_length),
            ..base
        }
    };
    let mut m = MatchState::new(rules)?;
    let setup = GameSetup {
        position,
        turn: fields.on_roll,
        cube: Cube::new(fields.cube_value(), fields.cube_owner)?,
        score: fields.score,
        crawford: fields.crawford,
    };
    m.set_up(&setup)?;
    if fields.doubled {
        m.apply(Action::Double)?;
    } else if let Some(dice) = fields.dice {
        m.apply(Action::Roll(dice))?;
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CrawfordState, Phase, Side, match_id_fields, position_from_id};

    /// The post-Crawford position: White 4 away, Black 1 away, after the Crawford
    /// game, White on roll with the cube centred.
    #[test]
    fn a_post_crawford_score_is_restored() {
        let position = position_from_id("sGfwATCYZ/ABMA").expect("a Position ID");
        let fields = match_id_fields("MAGgABAAIAAE").expect("a Match ID");
        let m = match_state_from_ids(RuleSet::Backgammon, position, &fields, false)
            .expect("a match state");
        let me = m.game().turn();
        assert_eq!(m.away(me), Some(4));
        assert_eq!(m.away(me.opponent()), Some(1));
        assert_eq!(m.crawford(), CrawfordState::PostCrawford);
        assert_eq!(m.game().phase(), Phase::Rolling);
        assert!(m.game().may_double().is_ok());
    }

    /// A money Match ID with dice leaves the game waiting for the play of those dice; one
    /// with a double leaves it waiting for the answer.
    #[test]
    fn dice_and_doubles_are_applied() {
        let fields = MatchIdFields {
            dice: crate::engine::Dice::new(3, 1).ok(),
            ..MatchIdFields::money_on_roll()
        };
        let m = match_state_from_ids(RuleSet::Backgammon, Position::START, &fields, false)
            .expect("money");
        assert!(matches!(m.game().phase(), Phase::Moving(_)));
        let doubled = MatchIdFields {
            doubled: true,
            dice: None,
            turn: Side::Black,
            ..fields
        };
        let m = match_state_from_ids(RuleSet::Backgammon, Position::START, &doubled, false)
            .expect("doubled");
        assert_eq!(m.game().phase(), Phase::DoubleOffered);
        let over = MatchIdFields {
            game_state: GameStateCode::Over,
            ..fields
        };
        assert_eq!(
            match_state_from_ids(RuleSet::Backgammon, Position::START, &over, false).err(),
            Some(RestoreError::GameOver)
        );
    }
}
