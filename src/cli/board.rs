//! `bg-tui moves --rules RULES --board BOARD DICE`: the legal plays of any rule set's
//! position, in the plain board form other programs write.

use super::{CliError, parse_dice};
use bg_tui::engine::{BoardSpec, SpecPlay, Variant, plays_from_spec};
use serde::Serialize;

/// The longest `--board` text read (a board is a few hundred characters).
const MAX_BOARD_CHARS: usize = 4096;

#[derive(Serialize)]
struct BoardMovesJson<'a> {
    rules: &'a str,
    dice: [u8; 2],
    plays: &'a [SpecPlay],
}

/// Why `--rules` of `moves`, `hint` or `rollout` names no single game's rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} (tavli is a match of these)")]
pub(crate) struct NotAGameRuleSet(#[source] pub(crate) bg_tui::engine::UnknownVariant);

/// The rule set of `moves --rules`, `hint --rules` and `rollout --rules` (a single game's
/// rule set: Tavli is a match), as clap reads it.
///
/// # Errors
/// [`NotAGameRuleSet`] for a name that is not one.
pub(crate) fn parse_variant(name: &str) -> Result<Variant, NotAGameRuleSet> {
    name.parse().map_err(NotAGameRuleSet)
}

/// Reads `--board`: JSON in the form of [`BoardSpec`], checked against the rule set.
///
/// # Errors
/// [`CliError`] saying what is wrong: not JSON, wrong lengths, too many checkers, both sides
/// on a point where the rule set does not allow it, a pin outside Plakoto.
pub(crate) fn parse_board(variant: Variant, text: &str) -> Result<BoardSpec, CliError> {
    if text.len() > MAX_BOARD_CHARS {
        return Err(CliError::BoardTooLong {
            chars: text.len(),
            max: MAX_BOARD_CHARS,
        });
    }
    let spec: BoardSpec = serde_json::from_str(text).map_err(CliError::BoardJson)?;
    spec.to_position(variant).map_err(CliError::Board)?;
    Ok(spec)
}

/// `bg-tui moves --rules RULES --board BOARD DICE [--json]`: the text to print. Each play is
/// followed by the position after it, from the view of the opponent (now on roll).
///
/// # Errors
/// [`CliError`] for a malformed board or roll.
pub(crate) fn moves_on_board(
    variant: Variant,
    board: &str,
    dice: &str,
    json: bool,
) -> Result<String, CliError> {
    let spec = parse_board(variant, board)?;
    let dice = parse_dice(dice)?;
    let plays = plays_from_spec(variant, &spec, dice).map_err(CliError::Board)?;
    if json {
        let out = BoardMovesJson {
            rules: variant.name(),
            dice: [dice.first(), dice.second()],
            plays: &plays,
        };
        return serde_json::to_string(&out)
            .map(|s| s + "\n")
            .map_err(CliError::Json);
    }
    let head = format!("{variant}, roll {}-{}: ", dice.first(), dice.second());
    let rows: Vec<(String, String)> = plays
        .into_iter()
        .map(|p| (p.play, p.board.to_json()))
        .collect();
    Ok(super::play_list(head, &rows))
}
