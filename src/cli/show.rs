//! `bg-tui show`: a position as a text board.

use super::position_args::{is_xgid, parse_position};
use super::{CliError, printable};
use bg_tui::engine::match_id_fields;
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
    if is_xgid(id) {
        if match_id.is_some() {
            return Err(CliError::Usage(
                "an XGID holds the match state: give no Match ID with it",
            ));
        }
        let x = bg_tui::engine::parse_xgid(id).map_err(|source| CliError::Xgid {
            text: printable(id, 60),
            source,
        })?;
        return Ok(text_board::render(&x.position, Some(&x.fields)));
    }
    // `POSITION_ID:MATCH_ID` as one argument, as `hint` takes it.
    let (id, match_id) = match (id.trim().split_once(':'), match_id) {
        (Some((pid, mid)), None) => (pid, Some(mid)),
        (Some(_), Some(_)) => {
            return Err(CliError::Usage(
                "give the Match ID once: after the Position ID's ':' or as an argument of its own",
            ));
        }
        (None, m) => (id, m),
    };
    let position = parse_position(id)?;
    let fields = match match_id {
        Some(m) => Some(match_id_fields(m).map_err(|source| CliError::MatchId {
            id: printable(m, 20),
            source,
        })?),
        None => None,
    };
    Ok(text_board::render(&position, fields.as_ref()))
}
