//! `bg-tui [play] --position ID|XGID` and `--board JSON`: the first game set up at a
//! position, checked by the engine before the game starts.

use super::{CliError, PlayArgs, board::parse_board};
use crate::tui::SetUpStart;
use bg_tui::engine::{Cube, GameSetup, MatchState, Rules, Side, parse_xgid, position_from_id};

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
            if text.contains(':') || text.to_ascii_uppercase().starts_with("XGID=") {
                let x = parse_xgid(text).map_err(|e| CliError::bad("--position", e))?;
                if x.fields.match_length != rules.match_length.unwrap_or(0) {
                    return Err(CliError::bad(
                        "--position",
                        format!(
                            "the XGID is of {}, but the game is {}",
                            length_words(x.fields.match_length),
                            length_words(rules.match_length.unwrap_or(0))
                        ),
                    ));
                }
                // The XGID's player on roll is the one on roll, whichever colour it has.
                let turn = on_roll.unwrap_or(Side::White);
                let mine = x.fields.on_roll;
                let seat = |side: Side| if side == mine { turn } else { turn.opponent() };
                let cube = Cube::new(
                    1 << x.fields.cube_log.min(15),
                    x.fields.cube_owner.map(seat),
                )
                .map_err(|e| CliError::bad("--position", e))?;
                let mut score = [0, 0];
                score[turn.index()] = x.fields.score[mine.index()];
                score[turn.opponent().index()] = x.fields.score[mine.opponent().index()];
                let setup = GameSetup {
                    position: x.position,
                    turn,
                    cube,
                    score,
                    crawford: x.fields.crawford,
                };
                (setup, dice.or(x.fields.dice))
            } else {
                let position =
                    position_from_id(text.trim()).map_err(|e| CliError::bad("--position", e))?;
                let turn = on_roll.unwrap_or(Side::White);
                (GameSetup::new(position, turn), dice)
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
