//! Helpers of saving: a path as a message line shows it, and how much a record holds.

use crate::record::Record;
use std::path::Path;

/// `path` for a message line: the home folder written `~`, so it fits.
#[must_use]
pub fn shown_path(path: &Path) -> String {
    let home = dirs::home_dir().filter(|home| home.parent().is_some());
    match home.and_then(|home| path.strip_prefix(home).ok().map(Path::to_path_buf)) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}

/// How to go on with a match saved as a file (`over`: a finished match, which is not
/// resumed but replayed), for the line that says where it was saved.
#[must_use]
pub const fn how_to_go_on(over: bool) -> &'static str {
    if over {
        "the finished match: bg-tui replay FILE replays it"
    } else {
        "bg-tui resume FILE goes on with it"
    }
}

/// `shown_path`, by a shorter name for the many message lines of saving.
pub(super) use shown_path as shown;

/// How much `record` holds: it changes with every action, result, game and stop. (The
/// games, the last game's actions, its result and the stop, packed into one number, without
/// counting the whole record.)
#[must_use]
pub fn recorded(record: &Record) -> usize {
    let last = record.games.last();
    let actions = last.map_or(0, |g| g.actions.len());
    let result = last.is_some_and(|g| g.result.is_some());
    (((record.games.len() << 24) | actions) << 2)
        | (usize::from(result) << 1)
        | usize::from(record.stopped)
}
