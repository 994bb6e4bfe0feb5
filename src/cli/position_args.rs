//! The position `moves` and `hint` are asked about: `[POSITION_ID] DICE`, `--rules`,
//! `--board`, as one argument group; and the Position ID, XGID and dice parsers.

use super::{CliError, parse_variant, printable};
use crate::engine::{Dice, Position, Variant, position_from_id};
use clap::Args;

/// `[POSITION_ID] DICE`, `--rules RULES`, `--board BOARD`: the position and roll `moves` and
/// `hint` take, as given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub struct PositionArgs {
    /// GNU Backgammon Position ID (14 characters), from the view of the player on roll;
    /// left out with --board.
    #[arg(value_name = "POSITION_ID")]
    pub position_id: String,
    /// The roll, as `31` or `3-1`.
    pub dice: Option<String>,
    /// The rule set: backgammon, portes, plakoto, fevga or jacquet.
    #[arg(long = "rules", value_name = "RULES")]
    pub rule_set: Option<String>,
    /// The position as JSON: {"mine": [24 counts], "theirs": [24 counts], "bar": [mine,
    /// theirs], "pinned": [points 1-24]}, from the view of the player on roll.
    #[arg(long, value_name = "BOARD")]
    pub board: Option<String>,
}

impl PositionArgs {
    /// Sorts out the arguments as given: a Position ID (or XGID) and its roll, or a rule
    /// set's board and its roll.
    ///
    /// # Errors
    /// [`CliError`] for a missing or extra argument, an unknown rule set, or a rule set whose
    /// positions a Position ID cannot hold.
    pub(crate) fn resolve(&self) -> Result<PositionArg<'_>, CliError> {
        position_arg(
            &self.position_id,
            self.dice.as_deref(),
            self.rule_set.as_deref(),
            self.board.as_deref(),
        )
    }
}

/// Whether `text` is written as an XGID rather than a Position ID.
pub(crate) fn is_xgid(text: &str) -> bool {
    text.trim_start().starts_with("XGID=") || text.contains(':')
}

/// A Position ID, or an XGID (the position from the view of its player on roll).
pub(crate) fn parse_position(id: &str) -> Result<Position, CliError> {
    if is_xgid(id) {
        return crate::engine::parse_xgid(id)
            .map(|x| x.position)
            .map_err(|source| CliError::Xgid {
                text: printable(id, 60),
                source,
            });
    }
    position_from_id(id).map_err(|source| CliError::PositionId {
        id: id.to_string(),
        source,
    })
}

/// A roll, as `31` or `3-1`.
pub(crate) fn parse_dice(text: &str) -> Result<Dice, CliError> {
    Dice::parse(text).map_err(|source| CliError::Dice {
        text: text.to_string(),
        source,
    })
}

/// The position `moves` and `hint` are asked about.
pub(crate) enum PositionArg<'a> {
    /// A Position ID (backgammon, or a rule set `--rules` names whose positions it can say).
    Id {
        id: &'a str,
        dice: &'a str,
        variant: Option<Variant>,
    },
    /// `--rules RULES --board BOARD`.
    Board {
        rules: &'a str,
        board: &'a str,
        dice: &'a str,
    },
}

/// Sorts out `[POSITION_ID] DICE`, `--rules` and `--board` as given.
fn position_arg<'a>(
    first: &'a str,
    second: Option<&'a str>,
    rule_set: Option<&'a str>,
    board: Option<&'a str>,
) -> Result<PositionArg<'a>, CliError> {
    match (board, second) {
        (Some(board), None) => Ok(PositionArg::Board {
            rules: rule_set.unwrap_or("backgammon"),
            board,
            dice: first,
        }),
        (Some(_), Some(_)) => Err(CliError::Usage(
            "with --board give only the dice, not a Position ID",
        )),
        // An XGID with its dice rolled needs no dice of its own.
        (None, None)
            if is_xgid(first)
                && first
                    .split(':')
                    .nth(4)
                    .is_some_and(|d| d != "00" && d != "D") =>
        {
            Ok(PositionArg::Id {
                id: first,
                dice: first.split(':').nth(4).unwrap_or_default(),
                variant: rule_set.map(parse_variant).transpose()?,
            })
        }
        (None, None) => Err(CliError::Usage(
            "give a Position ID (or an XGID) and the dice, or --rules RULES --board BOARD and the dice",
        )),
        (None, Some(dice)) => {
            let variant = rule_set.map(parse_variant).transpose()?;
            if let (Some(name), Some(variant)) = (rule_set, variant)
                && !variant.has_position_id()
            {
                return Err(CliError::NoPositionId {
                    rules: name.to_string(),
                    variant,
                });
            }
            Ok(PositionArg::Id {
                id: first,
                dice,
                variant,
            })
        }
    }
}
