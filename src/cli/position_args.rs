//! The position `moves` and `hint` are asked about: `[POSITION_ID] DICE`, `--rules`,
//! `--board`, as one argument group; and the Position ID, XGID and dice parsers.

use super::{CliError, parse_variant};
use bg_tui::engine::{Dice, Position, Variant, position_from_id};
use clap::Args;

/// `[POSITION_ID] DICE`, `--rules RULES`, `--board BOARD`: the position and roll `moves` and
/// `hint` take, as given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub(crate) struct PositionArgs {
    /// GNU Backgammon Position ID (14 characters), from the view of the player on roll;
    /// left out with --board.
    #[arg(value_name = "POSITION_ID")]
    pub(crate) position_id: String,
    /// The roll, as `31` or `3-1`.
    pub(crate) dice: Option<String>,
    /// The rule set: backgammon, portes, plakoto, fevga or jacquet.
    #[arg(long = "rules", value_name = "RULES", value_parser = parse_variant)]
    pub(crate) rule_set: Option<Variant>,
    /// The position as JSON: {"mine": [24 counts], "theirs": [24 counts], "bar": [mine,
    /// theirs], "pinned": [points 1-24]}, from the view of the player on roll.
    #[arg(long, value_name = "BOARD")]
    pub(crate) board: Option<String>,
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
            self.rule_set,
            self.board.as_deref(),
        )
    }
}

/// Whether `text` is written as an XGID rather than a Position ID or GNU Backgammon's
/// `POSITION_ID:MATCH_ID`: it says `XGID=`, or it has more than the two fields of the
/// latter (an XGID has ten), so that a damaged Match ID after a Position ID is reported as
/// one.
pub(crate) fn is_xgid(text: &str) -> bool {
    text.trim_start().starts_with("XGID=") || text.split(':').count() > 2
}

/// A position with the match around it, as `hint` takes it: a Position ID alone (money
/// play, the cube centred), `POSITION_ID:MATCH_ID`, or an XGID.
pub(crate) struct MatchPosition {
    /// The position, from the view of the player on roll.
    pub(crate) position: Position,
    /// The match state, when the text gives one.
    pub(crate) fields: Option<bg_tui::engine::MatchIdFields>,
    /// Beavers allowed (an XGID says so).
    pub(crate) beaver: bool,
}

/// Reads a Position ID, `POSITION_ID:MATCH_ID` or an XGID.
pub(crate) fn parse_match_position(text: &str) -> Result<MatchPosition, CliError> {
    if is_xgid(text) {
        let x = bg_tui::engine::parse_xgid(text).map_err(|source| CliError::Xgid {
            text: bg_tui::printable::cut(text, 60),
            source,
        })?;
        return Ok(MatchPosition {
            position: x.position,
            fields: Some(x.fields),
            beaver: x.beaver,
        });
    }
    if let Some((pid, mid)) = text.trim().split_once(':') {
        let fields = parse_match_id(mid)?;
        return Ok(MatchPosition {
            position: parse_position(pid)?,
            fields: Some(fields),
            beaver: false,
        });
    }
    Ok(MatchPosition {
        position: parse_position(text)?,
        fields: None,
        beaver: false,
    })
}

/// A Position ID, or an XGID (the position from the view of its player on roll).
pub(crate) fn parse_position(id: &str) -> Result<Position, CliError> {
    if is_xgid(id) {
        return bg_tui::engine::parse_xgid(id)
            .map(|x| x.position)
            .map_err(|source| CliError::Xgid {
                text: bg_tui::printable::cut(id, 60),
                source,
            });
    }
    let id = match id.trim().split_once(':') {
        Some((pid, mid)) => {
            parse_match_id(mid)?;
            pid
        }
        None => id,
    };
    position_from_id(id).map_err(|source| CliError::PositionId {
        id: id.to_string(),
        source,
    })
}

/// GNU Backgammon's Match ID.
pub(crate) fn parse_match_id(text: &str) -> Result<bg_tui::engine::MatchIdFields, CliError> {
    bg_tui::engine::match_id_fields(text).map_err(|source| CliError::MatchId {
        id: bg_tui::printable::cut(text, 20),
        source,
    })
}

/// `position`, checked that a game of `variant` can be played from it: that either side can
/// ever move in it (the engine's [`Variant::check_playable`]).
pub(crate) fn playable(variant: Variant, position: Position) -> Result<Position, CliError> {
    variant
        .check_playable(&position)
        .map(|()| position)
        .map_err(CliError::Unplayable)
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
    Id { id: &'a str, dice: &'a str },
    /// `--rules RULES --board BOARD`.
    Board {
        variant: Variant,
        board: &'a str,
        dice: &'a str,
    },
}

/// Sorts out `[POSITION_ID] DICE`, `--rules` and `--board` as given.
fn position_arg<'a>(
    first: &'a str,
    second: Option<&'a str>,
    rule_set: Option<Variant>,
    board: Option<&'a str>,
) -> Result<PositionArg<'a>, CliError> {
    match (board, second) {
        (Some(board), None) => Ok(PositionArg::Board {
            variant: rule_set.unwrap_or(Variant::Backgammon),
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
            })
        }
        (None, None) => Err(CliError::Usage(
            "give a Position ID (or an XGID) and the dice, or --rules RULES --board BOARD and the dice",
        )),
        (None, Some(dice)) => {
            if let Some(variant) = rule_set
                && !variant.has_position_id()
            {
                return Err(CliError::NoPositionId {
                    rules: variant.name().to_string(),
                    variant,
                });
            }
            Ok(PositionArg::Id { id: first, dice })
        }
    }
}
