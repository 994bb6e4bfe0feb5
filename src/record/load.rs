//! Reading a record: its size, its JSON, its format and version, its players, and its
//! games replayed through the rules.

use super::{
    FORMAT, GameFault, GameRecord, MAX_BOT_NAME_CHARS, MAX_BYTES, MAX_NAME_CHARS, OLDEST_VERSION,
    PlayerInfo, PlayerKind, Record, RecordError, VERSION, Visitor, shorten, walk,
};
use crate::engine::{MatchState, Side};
use serde::Deserialize;

/// Just enough of a record to check what it is before reading the rest.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u64,
}

/// Reads a record and replays it through the rules: the record and the match as it stands
/// after its last action.
///
/// # Errors
/// [`RecordError`] for a text that is not a playable record of this format and version (see
/// the module docs).
pub fn load(json: &str) -> Result<(Record, MatchState), RecordError> {
    let record = parse(json)?;
    let m = replay(&record)?;
    Ok((record, m))
}

/// Reads a record without replaying it: the checks of [`load`] that come before the rules
/// (size, JSON, format, version, layout). A caller that replays the record itself (the
/// replay timeline) uses this and [`replay`]'s checks, rather than replaying twice.
///
/// # Errors
/// [`RecordError`] for a text that is not a record of this format and version.
pub fn parse(json: &str) -> Result<Record, RecordError> {
    if json.len() > MAX_BYTES {
        return Err(RecordError::TooLarge(format!(
            "{} bytes; a record has at most {MAX_BYTES}",
            json.len()
        )));
    }
    let header: Header = serde_json::from_str(json)?;
    if header.format != FORMAT {
        return Err(RecordError::UnknownFormat(shorten(&header.format)));
    }
    if !(u64::from(OLDEST_VERSION)..=u64::from(VERSION)).contains(&header.version) {
        return Err(RecordError::UnsupportedVersion(header.version));
    }
    let mut record: Record = serde_json::from_str(json)?;
    check_players(&record.players)?;
    for players in record.games.iter().filter_map(|g| g.players.as_ref()) {
        check_players(players)?;
    }
    for (i, game) in record.games.iter().enumerate() {
        check_seat_changes(game).map_err(|reason| RecordError::Game {
            game: i + 1,
            action: 0,
            reason,
        })?;
        for change in &game.seat_changes {
            check_player(&change.before, side_name(Side::from(change.side)))?;
        }
    }
    // Read as the current version: version 1 had no rule set per game.
    record.version = VERSION;
    let rule_set = record.rules.rule_set;
    for (i, game) in record.games.iter_mut().enumerate() {
        game.variant.get_or_insert(rule_set.variant_of_game(i));
    }
    Ok(record)
}

/// Checks the players' names and bot names: at most [`MAX_NAME_CHARS`] characters a name,
/// [`MAX_BOT_NAME_CHARS`] a bot name.
///
/// # Errors
/// [`RecordError::TooLarge`] naming the side and the name that is too long.
pub fn check_players(players: &[PlayerInfo; 2]) -> Result<(), RecordError> {
    for (player, side) in players.iter().zip([Side::White, Side::Black]) {
        check_player(player, side_name(side))?;
    }
    Ok(())
}

/// The side as a player's messages name it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Checks one player's name and bot name (see [`check_players`]); `side` names whose.
fn check_player(player: &PlayerInfo, side: &str) -> Result<(), RecordError> {
    let bot = match &player.kind {
        PlayerKind::Bot(bot) => bot.as_str(),
        PlayerKind::Human => "",
    };
    for (what, text, max) in [
        ("name", player.name.as_str(), MAX_NAME_CHARS),
        ("bot name", bot, MAX_BOT_NAME_CHARS),
    ] {
        let chars = text.chars().count();
        if chars > max {
            return Err(RecordError::TooLarge(format!(
                "{side}'s {what} has {chars} characters; a {what} has at most {max}"
            )));
        }
    }
    Ok(())
}

/// Checks that each change of player of `game` falls within its actions, each side's in
/// the order they happened.
fn check_seat_changes(game: &GameRecord) -> Result<(), GameFault> {
    let mut last = [0, 0];
    for change in &game.seat_changes {
        let side = Side::from(change.side).index();
        if change.at > game.actions.len() || change.at < last[side] {
            return Err(GameFault::SeatChange {
                at: change.at,
                actions: game.actions.len(),
            });
        }
        last[side] = change.at;
    }
    Ok(())
}

/// Replays every game of `record` through the rules ([`walk()`] with nothing to tell).
///
/// # Errors
/// [`RecordError`] for the first thing the rules refuse.
pub fn replay(record: &Record) -> Result<MatchState, RecordError> {
    /// A visitor told nothing.
    struct Replay;
    impl Visitor for Replay {
        type Break = std::convert::Infallible;
    }
    match walk::run(record, &mut Replay, false)? {
        std::ops::ControlFlow::Continue(m) => Ok(m),
        std::ops::ControlFlow::Break(never) => match never {},
    }
}
