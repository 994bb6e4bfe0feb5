//! An unfinished match in the autosave, found when a new game starts: what it holds, the
//! question put about it (resume it, or set it aside and start a new match) and acting on
//! the answer for that match, whatever another game started together did meanwhile. The
//! terminal game asks the question; `bg-tui resume` and a new game act on it.

use crate::printable::printable;
use crate::record::Record;
use crate::store::{self, StoreError};
use std::path::{Path, PathBuf};

/// Why the answer about an unfinished match could not be acted on.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The match cannot be resumed: another game plays it now, or it is gone.
    #[error("the unfinished match ({summary}) {why}")]
    MatchChanged {
        /// What the question said it held.
        summary: String,
        /// What became of it.
        why: &'static str,
    },
    /// The match could not be set aside.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// An unfinished match in the autosave, found when a new game starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    /// The autosave.
    pub path: PathBuf,
    /// What it holds, such as "Alice 1, Bob 0 in a 3-point match (backgammon), game 2".
    pub summary: String,
    /// Which file it was when found (`None`: not known), so that the answer about it acts
    /// on that match ([`act_on_start`]).
    pub mark: Option<store::FileMark>,
    /// It reads as a match: it can be resumed (a damaged autosave can only be set aside).
    pub readable: bool,
}

/// The unfinished match in the autosave of `dir`, if there is one and no other game is
/// playing it now (that game holds the autosave's lock). A file that cannot be read is
/// reported too (`bg-tui resume` will say why); nothing is changed.
#[must_use]
pub fn unfinished_autosave(dir: &Path) -> Option<Unfinished> {
    let path = store::existing_autosave(dir)?;
    if store::autosave_busy(dir) {
        return None;
    }
    let (summary, readable) = match store::read_text(&path, crate::record::MAX_BYTES)
        .map_err(|e| e.to_string())
        .and_then(|text| store::parse_text(&text).map_err(|e| e.to_string()))
    {
        Ok(record) => (summary(&record), true),
        Err(e) => (
            format!(
                "it cannot be read: {}",
                crate::printable::printable(&e, 200)
            ),
            false,
        ),
    };
    let mark = store::FileMark::of(&path);
    Some(Unfinished {
        path,
        summary,
        mark,
        readable,
    })
}

/// What the answer to the question about an unfinished match does, for the match the
/// question named ([`act_on_start`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartAction {
    /// Resume the match: from the autosave (`None`), or from the file another game has set
    /// it aside to meanwhile.
    Resume(Option<PathBuf>),
    /// Start a new match; the unfinished one was set aside under this name (by this answer
    /// or, meanwhile, by another game), if it was.
    New(Option<PathBuf>),
    /// Neither.
    Quit,
}

/// Acts on `choice`, the answer to the question about `unfinished` (the autosave of `dir`,
/// as it was when the question was asked), for that match, whatever another game did
/// meanwhile (two games started together both ask about it):
///
/// - resume: the match in the autosave if it is still that one and no game plays it; the
///   file it was set aside to if another game set it aside (started a new match over it);
/// - new: it is set aside if it is still the autosave and no game plays it; a match that has
///   taken its place (another game's) is left alone.
///
/// # Errors
/// [`StartError::MatchChanged`] when the match cannot be resumed: another game plays it now,
/// or it is gone; [`StartError::Store`] when it cannot be set aside.
pub fn act_on_start(
    dir: &Path,
    unfinished: &Unfinished,
    choice: StartChoice,
    now: std::time::SystemTime,
) -> Result<StartAction, StartError> {
    let changed = |why: &'static str| StartError::MatchChanged {
        summary: unfinished.summary.clone(),
        why,
    };
    let still_there = |path: &Path| unfinished.mark.is_none_or(|m| m.is(path));
    let autosave = store::existing_autosave(dir).filter(|path| still_there(path));
    match choice {
        StartChoice::Quit => Ok(StartAction::Quit),
        StartChoice::Resume => {
            if autosave.is_some() {
                if store::autosave_busy(dir) {
                    return Err(changed("is being played by another bg-tui game now"));
                }
                return Ok(StartAction::Resume(None));
            }
            unfinished
                .mark
                .and_then(|m| m.find_in(dir))
                .map(|path| StartAction::Resume(Some(path)))
                .ok_or_else(|| changed("is no longer in the save folder"))
        }
        StartChoice::New => {
            if autosave.is_some() {
                return store::set_aside_marked(dir, unfinished.mark, now)
                    .map(StartAction::New)
                    .map_err(StartError::Store);
            }
            // Set aside meanwhile by another game, or gone.
            Ok(StartAction::New(
                unfinished.mark.and_then(|m| m.find_in(dir)),
            ))
        }
    }
}

/// "Alice 1, Bob 0 in a 3-point match (backgammon), game 2" (or "... in a money session
/// (Plakoto), game 4"): the score, the kind of match, its rule set, the game.
fn summary(record: &Record) -> String {
    let mut score = [0u32; 2];
    for result in record.games.iter().filter_map(|g| g.result) {
        let Some(winner) = result.winner else {
            continue;
        };
        let winner = usize::from(winner == crate::record::RecordSide::Black);
        score[winner] = score[winner].saturating_add(result.points);
    }
    let name = |i: usize| printable(&record.players[i].name, crate::record::MAX_NAME_CHARS);
    let kind = match record.rules.match_length {
        Some(n) => format!("a {n}-point match"),
        None => "a money session".to_string(),
    };
    format!(
        "{} {}, {} {} in {kind} ({}), game {}",
        name(0),
        score[0],
        name(1),
        score[1],
        record.rules.rule_set,
        record.games.len().max(1)
    )
}

/// The answer to "resume the unfinished match, or start a new one?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartChoice {
    /// Go on with the unfinished match (`r`, Enter).
    Resume,
    /// Keep it aside under a dated name and start the new match (`n`).
    New,
    /// Neither (`q`, or the end of the input).
    Quit,
}

/// Reads an answer: `r` (or nothing) resumes, `n` starts a new match, `q` quits; `None`
/// for anything else.
#[must_use]
pub fn parse_start_choice(answer: &str) -> Option<StartChoice> {
    match answer.trim().to_ascii_lowercase().as_str() {
        "" | "r" | "resume" => Some(StartChoice::Resume),
        "n" | "new" => Some(StartChoice::New),
        "q" | "quit" => Some(StartChoice::Quit),
        _ => None,
    }
}
