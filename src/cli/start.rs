//! `bg-tui [play] --position ID|ID:MATCHID|XGID` and `--board JSON`: the first game set up
//! at a position, checked by the engine before the game starts. A Match ID or an XGID of a
//! match gives the match's length when `--match` does not ([`match_length_of`]).

use super::position_args::parse_match_position;
use super::{CliError, PlayArgs, board::parse_board};
use crate::tui::SetUpStart;
use bg_tui::engine::{Cube, GameSetup, MatchState, Rules, Side};

/// The set-up start the options ask for (`None` without `--position` and `--board`),
/// checked against the rules as the game would check it.
///
/// # Errors
/// [`CliError`] naming the option and what is wrong with it, in one line.
pub(super) fn start(args: &PlayArgs, rules: &Rules) -> Result<Option<SetUpStart>, CliError> {
    let variant = rules.rule_set.variant_of_game(0);
    let on_roll = args.on_roll;
    let dice = args.dice;
    let (setup, dice) = match (&args.position, &args.board) {
        (None, None) => {
            if args.on_roll.is_some() || args.dice.is_some() {
                return Err(CliError::Usage(
                    "--on-roll and --dice go with --position or --board",
                ));
            }
            return Ok(None);
        }
        (Some(text), _) => {
            if !variant.has_position_id() {
                return Err(CliError::bad(
                    "--position",
                    format!(
                        "a Position ID or an XGID cannot hold a {variant} position; use --board"
                    ),
                ));
            }
            let asked = parse_match_position(text).map_err(|e| CliError::bad("--position", e))?;
            if let Some(fields) = asked.fields {
                if fields.match_length != rules.match_length.unwrap_or(0) {
                    return Err(CliError::bad(
                        "--position",
                        format!(
                            "the position is of {}, but the game is {}",
                            length_words(fields.match_length),
                            length_words(rules.match_length.unwrap_or(0))
                        ),
                    ));
                }
                // The ID's player on roll is the one on roll, whichever colour it has.
                let turn = on_roll.unwrap_or(Side::White);
                let mine = fields.on_roll;
                let seat = |side: Side| if side == mine { turn } else { turn.opponent() };
                let cube = Cube::new(1 << fields.cube_log.min(15), fields.cube_owner.map(seat))
                    .map_err(|e| CliError::bad("--position", e))?;
                let mut score = [0, 0];
                score[turn.index()] = fields.score[mine.index()];
                score[turn.opponent().index()] = fields.score[mine.opponent().index()];
                let setup = GameSetup {
                    position: asked.position,
                    turn,
                    cube,
                    score,
                    crawford: fields.crawford,
                };
                (setup, dice.or(fields.dice))
            } else {
                let turn = on_roll.unwrap_or(Side::White);
                (GameSetup::new(asked.position, turn), dice)
            }
        }
        (None, Some(text)) => {
            let spec = parse_board(variant, text)?;
            let position = spec.to_position(variant).map_err(CliError::Board)?;
            (
                GameSetup::new(position, on_roll.unwrap_or(Side::White)),
                dice,
            )
        }
    };
    // The checks the game makes, made now, so a refusal is a line before the terminal
    // opens.
    let mut m = MatchState::new(*rules).map_err(CliError::Rules)?;
    m.set_up(&setup).map_err(CliError::StartPosition)?;
    Ok(Some(SetUpStart { setup, dice }))
}

/// "money play" or "a match to N points".
fn length_words(length: u32) -> String {
    if length == 0 {
        "money play".to_string()
    } else {
        format!("a match to {length} points")
    }
}

/// The match length `--position` gives (a Match ID or an XGID of a match), when `--match`
/// is not given: the game is that match. `None` for a Position ID alone, money play, or
/// text that does not read (the set-up's own check then says why).
#[must_use]
pub(super) fn match_length_of(args: &PlayArgs) -> Option<u32> {
    if args.rules.match_length.is_some() {
        return None;
    }
    let fields = parse_match_position(args.position.as_deref()?)
        .ok()?
        .fields?;
    (fields.match_length > 0).then_some(fields.match_length)
}
