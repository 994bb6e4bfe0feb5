//! `bg-tui moves`: every legal play of a roll.

use super::position_args::{PositionArg, PositionArgs, parse_dice, parse_position, playable};
use super::{CliError, moves_on_board};
use bg_tui::engine::{Variant, format_play, position_id};
use clap::Args;
use serde::Serialize;

/// `bg-tui moves [POSITION_ID] DICE [--rules RULES] [--board BOARD] [--json]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub(crate) struct MovesArgs {
    /// The position and the roll.
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

impl MovesArgs {
    /// The text to print.
    ///
    /// # Errors
    /// [`CliError`] for a missing or extra argument, or as [`moves`] and [`moves_on_board`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        match self.position.resolve()? {
            PositionArg::Board {
                variant,
                board,
                dice,
            } => moves_on_board(variant, board, dice, self.json),
            PositionArg::Id { id, dice, .. } => moves(id, dice, self.json),
        }
    }
}

#[derive(Serialize)]
struct MovesJson {
    position_id: String,
    dice: [u8; 2],
    plays: Vec<PlayJson>,
}

#[derive(Serialize)]
struct PlayJson {
    play: String,
    position_id: String,
}

/// `head`, then the count of plays and one row each: the play and what follows it (the
/// position after it); "no legal play" when there is none.
pub(crate) fn play_list(mut out: String, rows: &[(String, String)]) -> String {
    if rows.is_empty() {
        out.push_str("no legal play; the turn passes\n");
        return out;
    }
    let count = rows.len();
    out.push_str(&format!(
        "{count} legal play{}\n",
        if count == 1 { "" } else { "s" }
    ));
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (play, after) in rows {
        out.push_str(&format!("  {play:width$}  {after}\n"));
    }
    out
}

/// `bg-tui moves`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or roll.
pub(crate) fn moves(id: &str, dice: &str, json: bool) -> Result<String, CliError> {
    let position = playable(Variant::Backgammon, parse_position(id)?)?;
    let dice = parse_dice(dice)?;
    let plays: Vec<PlayJson> = Variant::Backgammon
        .legal_plays(&position, dice)
        .iter()
        .map(|p| PlayJson {
            play: format_play(p),
            position_id: position_id(&p.position().switched()),
        })
        .collect();
    let id = position_id(&position);
    if json {
        let out = MovesJson {
            position_id: id,
            dice: [dice.first(), dice.second()],
            plays,
        };
        return serde_json::to_string_pretty(&out)
            .map(|s| s + "\n")
            .map_err(CliError::Json);
    }
    let head = format!(
        "Position ID {id}, roll {}-{}: ",
        dice.first(),
        dice.second()
    );
    let rows: Vec<(String, String)> = plays.into_iter().map(|p| (p.play, p.position_id)).collect();
    Ok(play_list(head, &rows))
}
