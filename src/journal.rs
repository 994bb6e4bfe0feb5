//! The autosave as an append-only journal: saving an action costs the same in the first
//! game of a session as in the ten-thousandth.
//!
//! # The format
//!
//! A journal is [JSON Lines](https://jsonlines.org/) text. Its first line is a whole game
//! [`Record`] written compactly on one line (the match as it stood when the journal was
//! started: a new match, or the record a match was resumed from), so the record's `format`
//! and `version` are checked as in any record. Each later line is one save: what the
//! record gained since the save before, as an object with any of these fields:
//!
//! | field | meaning |
//! |---|---|
//! | `"players"` | who plays now, as in a record (a bot took a side over) |
//! | `"actions"` | actions added to the last game, as in a record's `"actions"` |
//! | `"result"` | the last game's result, as in a record's `"result"` |
//! | `"next"` | games started after it, each `{"actions": [...], "result": ...}` as in a record (a set-up game's `"start"` too) |
//! | `"stopped"` | `true`: the money session was stopped |
//!
//! such as `{"actions":[{"roll":{"side":"white","dice":[6,5]}}]}` after a roll, or
//! `{"next":[{"actions":[],"result":null}]}` when the next game starts. A last game set up
//! afresh at a position (its `"start"` changed), or a side handed on during a game (a
//! record's `"seat_changes"`), writes the journal afresh.
//!
//! Every line ends in `\n`, and the writer forces each to the disk before the game goes on.
//! A last line without its `\n` is one a crash cut short: it is left out when the journal is
//! read, and since a save is one line, a `kill -9` or a power cut at any moment leaves the
//! save as it was before the save being written, never a broken or shorter one. Any other
//! line that cannot be read makes the whole journal unreadable, with the line's number.
//!
//! [`parse`] turns a journal into the [`Record`] it describes; [`crate::record::replay`]
//! then checks it like any record. [`Journal`] writes one.

use crate::record::{
    self, GameFault, GameRecord, JournalFault, PlayerInfo, Record, RecordError, RecordedAction,
    ResultRecord, SeatChange,
};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One line after the first: one save.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    players: Option<[PlayerInfo; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    actions: Vec<RecordedAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<ResultRecord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    next: Vec<GameRecord>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    stopped: bool,
    /// The clocks' readings added to the last game (the record's `clock`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    reserves: Vec<[u64; 2]>,
    /// The clocks' readings of the games in `next`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    next_reserves: Vec<Vec<[u64; 2]>>,
}

/// Whether `text` is a journal rather than a record laid out over many lines: its first line
/// alone is a JSON object (a record written compactly), and more lines may follow.
#[must_use]
pub fn is_journal(text: &str) -> bool {
    let first = text.split('\n').next().unwrap_or("");
    let first = first.trim();
    first.starts_with('{')
        && first.ends_with('}')
        && serde_json::from_str::<serde::de::IgnoredAny>(first).is_ok()
}

/// The record a journal describes (see the [module docs](self)); a torn last line is left
/// out. The record is not replayed: [`crate::record::replay`] does that.
///
/// # Errors
/// [`RecordError`] for a first line that is not a record of this format and version
/// ([`crate::record::parse`]'s errors), or a later line that cannot be read (as
/// [`RecordError::Json`], with the line's number), or more games than a record may hold.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let mut lines = text.split('\n').enumerate();
    let (_, first) = lines.next().unwrap_or((0, ""));
    let mut record = record::parse(first)?;
    for (index, line) in lines {
        let number = index + 1;
        // The text after the last `\n`: empty, or a line a crash cut short.
        if !is_followed_by_newline(text, line) {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let entry: Line = serde_json::from_str(line).map_err(|source| RecordError::Json {
            line: number,
            source,
        })?;
        apply(&mut record, entry).map_err(|reason| RecordError::Game {
            game: record.games.len(),
            action: 0,
            reason: GameFault::Journal {
                line: number,
                reason,
            },
        })?;
    }
    Ok(record)
}

/// Whether the `line` slice of `text` (one of its `split('\n')` pieces) has a `\n` after it.
fn is_followed_by_newline(text: &str, line: &str) -> bool {
    let start = line.as_ptr() as usize - text.as_ptr() as usize;
    text.as_bytes().get(start + line.len()) == Some(&b'\n')
}

/// Adds one line's save to `record`.
fn apply(record: &mut Record, line: Line) -> Result<(), JournalFault> {
    const TOO_MANY_ACTIONS: JournalFault = JournalFault::TooManyActions {
        most: record::MAX_ACTIONS,
    };
    const TOO_MANY_GAMES: JournalFault = JournalFault::TooManyGames {
        most: record::MAX_GAMES,
    };
    if record.stopped {
        return Err(JournalFault::AfterStop);
    }
    if let Some(players) = line.players {
        // The same checks as a record's players.
        record::check_players(&players).map_err(|e| JournalFault::Players(Box::new(e)))?;
        record.players = players;
    }
    let game = record.games.last_mut().ok_or(JournalFault::NoGame)?;
    if game.result.is_some() && (!line.actions.is_empty() || line.result.is_some()) {
        return Err(JournalFault::GameOver);
    }
    if game.actions.len() + line.actions.len() > record::MAX_ACTIONS {
        return Err(TOO_MANY_ACTIONS);
    }
    game.actions.extend(line.actions);
    if line.result.is_some() {
        game.result = line.result;
    }
    if record.games.len() + line.next.len() > record::MAX_GAMES {
        return Err(TOO_MANY_GAMES);
    }
    record.games.extend(line.next);
    record.stopped = line.stopped;
    if line.reserves.is_empty() && line.next_reserves.is_empty() {
        return Ok(());
    }
    // The readings grow as the writer saw them: the last game's, then new games'.
    let Some(clock) = record.clock.as_mut() else {
        return Err(JournalFault::NoClocks);
    };
    if clock.reserves_ms.len() + line.next_reserves.len() > record::MAX_GAMES {
        return Err(TOO_MANY_GAMES);
    }
    if !line.reserves.is_empty() {
        let Some(last) = clock.reserves_ms.last_mut() else {
            return Err(JournalFault::NoReadings);
        };
        if last.len() + line.reserves.len() > record::MAX_ACTIONS {
            return Err(TOO_MANY_ACTIONS);
        }
        last.extend(line.reserves);
    }
    clock.reserves_ms.extend(line.next_reserves);
    Ok(())
}

/// How much of a record a journal holds, to tell what to add. Each count only grows while
/// a match is played.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Written {
    games: usize,
    /// Actions of the last game.
    actions: usize,
    /// The last game's result.
    result: bool,
    /// The last game's set-up start: a game set up afresh is written afresh.
    start: Option<record::StartRecord>,
    stopped: bool,
    players: [PlayerInfo; 2],
    /// Each game's own players (see [`GameRecord::players`]): games finished before a side
    /// changed hands are given them, and the journal is then written afresh.
    game_players: Vec<Option<[PlayerInfo; 2]>>,
    /// Each game's changes of player (see [`GameRecord::seat_changes`]): a side handed on
    /// during a game has the journal written afresh too.
    seat_changes: Vec<Vec<SeatChange>>,
    /// The record has clocks.
    clocked: bool,
    /// The clocks' readings: games, and those of the last game.
    clock_games: usize,
    readings: usize,
}

impl Written {
    fn of(record: &Record) -> Written {
        let last = record.games.last();
        Written {
            games: record.games.len(),
            actions: last.map_or(0, |g| g.actions.len()),
            result: last.is_some_and(|g| g.result.is_some()),
            start: last.and_then(|g| g.start.clone()),
            stopped: record.stopped,
            players: record.players.clone(),
            game_players: record.games.iter().map(|g| g.players.clone()).collect(),
            seat_changes: record
                .games
                .iter()
                .map(|g| g.seat_changes.clone())
                .collect(),
            clocked: record.clock.is_some(),
            clock_games: record.clock.as_ref().map_or(0, |c| c.reserves_ms.len()),
            readings: record
                .clock
                .as_ref()
                .and_then(|c| c.reserves_ms.last())
                .map_or(0, Vec::len),
        }
    }
}

/// How a journal forces each line it appends to the disk: [`File::sync_data`], unless set
/// otherwise ([`Journal::sync_with`]: a test stands a disk that does not answer in its
/// place, whose fsync never returns).
pub type SyncFn = Arc<dyn Fn(&File) -> io::Result<()> + Send + Sync>;

/// A journal's way to the disk: [`File::sync_data`], or the [`SyncFn`] set in its place.
#[derive(Clone, Default)]
pub(crate) struct Syncer(pub(crate) Option<SyncFn>);

impl Syncer {
    /// Forces what was written to `file` to the disk.
    fn sync(&self, file: &File) -> io::Result<()> {
        match &self.0 {
            Some(sync) => sync(file),
            None => file.sync_data(),
        }
    }
}

impl std::fmt::Debug for Syncer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Syncer(set)"
        } else {
            "Syncer(sync_data)"
        })
    }
}

/// An open journal file that [`Journal::save`] keeps in step with a record.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    /// The file, open for appending; `None` after a failed write, until the journal is
    /// written afresh.
    file: Option<File>,
    /// The length of the whole lines written: a failed write is cut back to it.
    len: u64,
    written: Written,
    /// Force each line to the disk (on by default).
    sync: bool,
    /// How a line is forced to the disk.
    syncer: Syncer,
}

impl Journal {
    /// Starts a journal at `path` holding `record`: written to a temporary file, forced to
    /// the disk and renamed over `path` (see [`crate::files::write_atomic`]), so whatever was
    /// at `path` stays whole until the new journal is.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn create(path: &Path, record: &Record) -> io::Result<Journal> {
        let mut first = serde_json::to_string(record).map_err(io::Error::other)?;
        first.push('\n');
        crate::files::write_atomic(path, first.as_bytes()).map_err(plain)?;
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal {
            path: path.to_path_buf(),
            file: Some(file),
            len: first.len() as u64,
            written: Written::of(record),
            sync: true,
            syncer: Syncer::default(),
        })
    }

    /// [`Journal::create`], but only if no file is at `path`: one there (even one another
    /// process made a moment ago) is never replaced.
    ///
    /// # Errors
    /// When the file cannot be written; of kind [`io::ErrorKind::AlreadyExists`] when
    /// `path` is taken.
    pub fn create_new(path: &Path, record: &Record) -> io::Result<Journal> {
        let mut first = serde_json::to_string(record).map_err(io::Error::other)?;
        first.push('\n');
        drop(crate::files::write_new(path, first.as_bytes()).map_err(plain)?);
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal {
            path: path.to_path_buf(),
            file: Some(file),
            len: first.len() as u64,
            written: Written::of(record),
            sync: true,
            syncer: Syncer::default(),
        })
    }

    /// Goes on with the journal at `path`: what it holds is read from it, a torn last line
    /// is cut off, and [`Journal::save`] appends from there. A file that is not a readable
    /// journal (a record laid out over many lines, an autosave of an earlier version) is
    /// started afresh holding `record`.
    ///
    /// # Errors
    /// When the file cannot be read or written.
    pub fn resume(path: &Path, record: &Record) -> io::Result<Journal> {
        let text = crate::files::read_text(path, record::MAX_BYTES).map_err(plain)?;
        let held = if is_journal(&text) {
            parse(&text).ok()
        } else {
            None
        };
        let Some(held) = held else {
            return Journal::create(path, record);
        };
        let len = text.rfind('\n').map_or(0, |i| i + 1) as u64;
        let file = OpenOptions::new().write(true).open(path)?;
        if file.metadata()?.len() != len {
            file.set_len(len)?;
            file.sync_data()?;
        }
        drop(file);
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal {
            path: path.to_path_buf(),
            file: Some(file),
            len,
            written: Written::of(&held),
            sync: true,
            syncer: Syncer::default(),
        })
    }

    /// Whether each line is forced to the disk before [`Journal::save`] returns (on by
    /// default; a benchmark building a long session quickly turns it off for a while).
    pub fn set_sync(&mut self, sync: bool) {
        self.sync = sync;
    }

    /// Forces each line appended from now on to the disk by `sync` in place of
    /// [`File::sync_data`] (a test's disk that does not answer).
    pub fn sync_with(&mut self, sync: SyncFn) {
        self.syncer = Syncer(Some(sync));
    }

    /// The file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The journal's length in bytes.
    #[must_use]
    pub const fn len(&self) -> u64 {
        self.len
    }

    /// Whether nothing is written yet (never, once created).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends what `record` holds beyond what the journal holds, as one line written in one
    /// go and forced to the disk: the cost depends on what was added, not on the record's
    /// length. A record that is not the journal's grown (another match), or a journal file
    /// removed or replaced since, starts the journal afresh.
    ///
    /// # Errors
    /// When the file cannot be written; the journal is then written afresh by the next save.
    pub fn save(&mut self, record: &Record) -> io::Result<()> {
        let Some(line) = self.line_to_add(record) else {
            *self = Journal::create(&self.path, record).map(|mut j| {
                j.sync = self.sync;
                j.syncer = self.syncer.clone();
                j
            })?;
            return Ok(());
        };
        if line.is_empty() {
            return Ok(());
        }
        if !self
            .file
            .as_ref()
            .is_some_and(|file| is_at(file, &self.path))
        {
            // Gone, or replaced: write the journal afresh where it belongs.
            let (sync, syncer) = (self.sync, self.syncer.clone());
            *self = Journal::create(&self.path, record)?;
            self.sync = sync;
            self.syncer = syncer;
            return Ok(());
        }
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        let written = file.write_all(line.as_bytes()).and_then(|()| {
            if self.sync {
                self.syncer.sync(file)
            } else {
                Ok(())
            }
        });
        match written {
            Ok(()) => {
                self.len += line.len() as u64;
                self.written = Written::of(record);
                Ok(())
            }
            Err(e) => {
                // Cut off what part of the line went out, so nothing torn stays in the
                // middle; if even that fails, the next save writes the journal afresh.
                if file.set_len(self.len).is_err() {
                    self.file = None;
                }
                Err(e)
            }
        }
    }

    /// The line that takes the journal from what it holds to `record` (empty when nothing
    /// was added), or `None` when `record` is not the journal's record grown.
    fn line_to_add(&self, record: &Record) -> Option<String> {
        let w = &self.written;
        let games = record.games.len();
        if games < w.games || w.games == 0 || (w.stopped && !record.stopped) {
            return None;
        }
        let last = &record.games[w.games - 1];
        if last.actions.len() < w.actions
            || (w.result && last.result.is_none())
            || last.start != w.start
        {
            return None;
        }
        if record.clock.is_some() != w.clocked
            || record.games[..w.games]
                .iter()
                .map(|g| &g.players)
                .ne(w.game_players.iter())
            || record.games[..w.games]
                .iter()
                .map(|g| &g.seat_changes)
                .ne(w.seat_changes.iter())
        {
            return None;
        }
        let (reserves, next_reserves) = match &record.clock {
            None => (Vec::new(), Vec::new()),
            Some(clock) => {
                // Readings go with the games and actions: only ever added to.
                let held = clock.reserves_ms.len();
                if held < w.clock_games
                    || (held == w.clock_games
                        && w.clock_games > 0
                        && clock.reserves_ms[held - 1].len() < w.readings)
                {
                    return None;
                }
                if w.clock_games == 0 {
                    (Vec::new(), clock.reserves_ms.clone())
                } else {
                    let last = &clock.reserves_ms[w.clock_games - 1];
                    (
                        last.get(w.readings..).unwrap_or_default().to_vec(),
                        clock.reserves_ms[w.clock_games..].to_vec(),
                    )
                }
            }
        };
        let line = Line {
            players: (record.players != w.players).then(|| record.players.clone()),
            actions: last.actions[w.actions..].to_vec(),
            result: if w.result { None } else { last.result },
            next: record.games[w.games..].to_vec(),
            stopped: record.stopped && !w.stopped,
            reserves,
            next_reserves,
        };
        if line == Line::default() {
            return Some(String::new());
        }
        let mut text = serde_json::to_string(&line).ok()?;
        text.push('\n');
        Some(text)
    }
}

/// The system's error inside a store error (the caller names the file).
fn plain(e: crate::files::StoreError) -> io::Error {
    match e {
        crate::files::StoreError::Io { source, .. } => source,
        other => io::Error::other(other),
    }
}

/// Whether `file` is still the file at `path` (not removed or replaced since it was
/// opened).
fn is_at(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_complete_only_with_its_newline() {
        let text = "a\nbc\nd";
        let pieces: Vec<&str> = text.split('\n').collect();
        assert!(is_followed_by_newline(text, pieces[0]));
        assert!(is_followed_by_newline(text, pieces[1]));
        assert!(!is_followed_by_newline(text, pieces[2]));
    }

    /// The journal's refusals carry what was wrong as a value, with the line it was on.
    #[test]
    fn a_line_that_cannot_follow_is_refused_with_its_fault() {
        use crate::engine::Rules;
        use crate::record::{PlayerKind, Recorder};
        let player = |name: &str| PlayerInfo {
            name: name.to_string(),
            kind: PlayerKind::Human,
        };
        let record =
            Recorder::new([player("Ann"), player("Bob")], Rules::money(), Some(1)).into_record();
        let first = serde_json::to_string(&record).expect("a record writes");
        let fault = |lines: &[&str]| match parse(&format!("{first}\n{}\n", lines.join("\n"))) {
            Err(RecordError::Game {
                reason: GameFault::Journal { line, reason },
                ..
            }) => (line, reason),
            other => panic!("{lines:?}: {other:?}"),
        };
        assert!(matches!(
            fault(&[r#"{"stopped":true}"#, r#"{"stopped":true}"#]),
            (3, JournalFault::AfterStop)
        ));
        assert!(matches!(
            fault(&[r#"{"reserves":[[1,2]]}"#]),
            (2, JournalFault::NoClocks)
        ));
        let long = "A".repeat(crate::record::MAX_NAME_CHARS + 1);
        let players = format!(
            r#"{{"players":[{{"name":"{long}","kind":"human"}},{{"name":"Bob","kind":"human"}}]}}"#
        );
        let (line, players) = fault(&[players.as_str()]);
        assert_eq!(line, 2);
        assert!(matches!(players, JournalFault::Players(_)), "{players:?}");
        // A line that fits is added.
        let ok = parse(&format!("{first}\n{}\n", r#"{"stopped":true}"#)).expect("a stop");
        assert!(ok.stopped);
    }
}
