//! `bg-tui show`: a position as a text board.

use super::CliError;
use super::position_args::{
    MatchPosition, is_xgid, parse_match_id, parse_match_position, parse_position,
};
use bg_tui::text_board;
use clap::Args;

/// `bg-tui show POSITION_ID [MATCH_ID]` (or `POSITION_ID:MATCH_ID`, or an XGID).
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub(crate) struct ShowArgs {
    /// GNU Backgammon Position ID (14 characters), `POSITION_ID:MATCH_ID`, or an XGID.
    pub(crate) position_id: String,
    /// GNU Backgammon Match ID (12 characters).
    pub(crate) match_id: Option<String>,
}

impl ShowArgs {
    /// The text to print.
    ///
    /// # Errors
    /// As [`show`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        show(&self.position_id, self.match_id.as_deref())
    }
}

/// `bg-tui show`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or Match ID.
pub(crate) fn show(id: &str, match_id: Option<&str>) -> Result<String, CliError> {
    let asked = match match_id {
        // A Position ID, `POSITION_ID:MATCH_ID` or an XGID, as `hint` takes them.
        None => parse_match_position(id)?,
        Some(_) if is_xgid(id) => {
            return Err(CliError::Usage(
                "an XGID holds the match state: give no Match ID with it",
            ));
        }
        Some(_) if id.contains(':') => {
            return Err(CliError::Usage(
                "give the Match ID once: after the Position ID's ':' or as an argument of its own",
            ));
        }
        Some(m) => MatchPosition {
            position: parse_position(id)?,
            fields: Some(parse_match_id(m)?),
            beaver: false,
        },
    };
    Ok(text_board::render(&asked.position, asked.fields.as_ref()))
}
