//! The commands about saved matches: `bg-tui resume`, and where `bot-match --save` puts its
//! records.

use super::CliError;
use crate::record::Record;
use crate::store;
use crate::tui::{App, Options};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

/// `bg-tui resume [FILE]`: go on with a saved match.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub struct ResumeArgs {
    /// The record to go on with [default: the autosave of the last match not finished].
    pub file: Option<PathBuf>,
    /// Play a forced play (the only legal one) by itself.
    #[arg(long)]
    pub auto_forced: bool,
    /// Draw with ASCII only, no Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// The colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = crate::tui::theme::Palette::Dark)]
    pub theme: crate::tui::theme::Palette,
    /// Pause between a bot's checker moves, in milliseconds (0 for none).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub bot_delay: u64,
    /// Do not write the autosave, nor keep the match when it is over.
    #[arg(long)]
    pub no_autosave: bool,
}

impl ResumeArgs {
    /// `bg-tui resume`: the saved match (the autosave by default) played on in the terminal.
    /// Returns the line to print once the terminal is restored.
    ///
    /// # Errors
    /// As [`resume_app`], and [`CliError::Terminal`] when the terminal could not be used.
    pub fn run(&self) -> Result<String, CliError> {
        let app = resume_app(self, crate::tui::color_wanted())?;
        Ok(crate::tui::terminal::run_app(app)?)
    }
}

/// The save folder for a game: the data folder, unless `--no-autosave` (or there is none).
#[must_use]
pub fn save_folder(no_autosave: bool) -> Option<PathBuf> {
    if no_autosave {
        None
    } else {
        store::data_dir().ok()
    }
}

/// `bg-tui resume`: reads the record (the autosave by default), replays it, and sets up the
/// game where it stopped, ready for the terminal. `color` says whether to draw in colour.
///
/// # Errors
/// [`CliError`] when there is no autosave, the file cannot be read or is not a playable
/// record (the message names the file, game, action and reason), the match is over, or it
/// names a bot this program does not have.
pub fn resume_app(args: &ResumeArgs, color: bool) -> Result<App, CliError> {
    let data_dir = store::data_dir().map_err(CliError::Store);
    resume_app_in(args, color, data_dir)
}

/// [`resume_app`] with the data folder given (or why there is none).
///
/// # Errors
/// As [`resume_app`].
pub fn resume_app_in(
    args: &ResumeArgs,
    color: bool,
    data_dir: Result<PathBuf, CliError>,
) -> Result<App, CliError> {
    // Without a data folder, only a file given by name can be resumed.
    let data_dir = match data_dir {
        Ok(dir) => Some(dir),
        Err(e) if args.file.is_none() => return Err(e),
        Err(_) => None,
    };
    let autosave = data_dir.as_deref().map(upgrade_legacy_autosave);
    let Some(path) = args.file.clone().or_else(|| autosave.clone()) else {
        return Err(CliError::Usage(
            "there is no data folder to find the autosave in",
        ));
    };
    if args.file.is_none() && !path.exists() {
        return Err(CliError::NoAutosave { path });
    }
    let (record, match_state) = store::read_record(&path).map_err(CliError::Store)?;
    let data_dir_path = data_dir.clone();
    let options = Options {
        auto_forced: args.auto_forced,
        ascii: args.ascii,
        color,
        palette: args.theme,
        bot_delay_ms: args.bot_delay.min(10_000),
        saves: if args.no_autosave { None } else { data_dir },
        rescue: store::rescue_dirs(),
        ..Options::default()
    };
    let mut app = App::resume(options, record, match_state).map_err(|source| CliError::Resume {
        path: path.clone(),
        source,
    })?;
    if autosave
        .as_ref()
        .is_some_and(|autosave| same_file(autosave, &path))
    {
        app.owns_autosave();
    } else if let Some(dir) = &data_dir_path
        && store::is_own_autosave(dir, &path)
    {
        // An earlier game's own autosave (`autosave-PID.jsonl`): go on writing it, rather
        // than leave a copy of the match in yet another file.
        app.continues_own_autosave(path);
    } else {
        app.set_save_path(path);
    }
    Ok(app)
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    store::same_file(a, b)
}

/// The autosave in `dir`: [`store::AUTOSAVE_NAME`]. An autosave of the versions before the
/// journal ([`store::LEGACY_AUTOSAVE_NAME`]), when there is no other, is renamed to it
/// first, so the match goes on in the journal (which starts afresh from it).
fn upgrade_legacy_autosave(dir: &Path) -> PathBuf {
    let autosave = dir.join(store::AUTOSAVE_NAME);
    let legacy = dir.join(store::LEGACY_AUTOSAVE_NAME);
    if autosave.symlink_metadata().is_err() && legacy.is_file() {
        let _ = std::fs::rename(&legacy, &autosave);
    }
    autosave
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
    let summary = match store::read_text(&path, crate::record::MAX_BYTES)
        .map_err(|e| e.to_string())
        .and_then(|text| store::parse_text(&text).map_err(|e| e.to_string()))
    {
        Ok(record) => summary(&record),
        Err(e) => format!("it cannot be read: {}", super::printable(&e, 200)),
    };
    let mark = store::FileMark::of(&path);
    Some(Unfinished {
        path,
        summary,
        mark,
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
/// [`CliError::MatchChanged`] when the match cannot be resumed: another game plays it now,
/// or it is gone; [`CliError::Store`] when it cannot be set aside.
pub fn act_on_start(
    dir: &Path,
    unfinished: &Unfinished,
    choice: StartChoice,
    now: std::time::SystemTime,
) -> Result<StartAction, CliError> {
    let changed = |why: &'static str| CliError::MatchChanged {
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
                    .map_err(CliError::Store);
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
    let name = |i: usize| super::printable(&record.players[i].name, crate::record::MAX_NAME_CHARS);
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

/// Writes the records of a `bot-match --save DIR` run into `dir`: `game-0001.json`, ... (for
/// matches `match-0001.json`, ...), numbered from 1, each written atomically. The first
/// failure is kept for [`RecordWriter::finish`]; the run goes on.
#[derive(Debug)]
pub struct RecordWriter {
    dir: PathBuf,
    stem: &'static str,
    width: usize,
    error: Mutex<Option<String>>,
    written: Mutex<u64>,
    /// Held for reading while a record is written; `true` once the run is being stopped
    /// (see [`RecordWriter::stop_on_signals`]): nothing more is written.
    gate: RwLock<bool>,
}

impl RecordWriter {
    /// A writer into `dir` (created if need be) for `count` games or matches.
    ///
    /// # Errors
    /// [`CliError`] when the folder cannot be made.
    pub fn new(dir: &Path, count: u64, matches: bool) -> Result<RecordWriter, CliError> {
        std::fs::create_dir_all(dir).map_err(|source| CliError::Folder {
            option: Some("--save"),
            path: dir.to_path_buf(),
            source,
        })?;
        Ok(RecordWriter {
            dir: dir.to_path_buf(),
            stem: if matches { "match" } else { "game" },
            width: count.to_string().len().max(4),
            error: Mutex::new(None),
            written: Mutex::new(0),
            gate: RwLock::new(false),
        })
    }

    /// The file of game (or match) `index` (from 0).
    #[must_use]
    pub fn path(&self, index: u64) -> PathBuf {
        self.dir.join(format!(
            "{}-{:0width$}.json",
            self.stem,
            index + 1,
            width = self.width
        ))
    }

    /// Writes the record of game (or match) `index` (from 0), unless the run is being
    /// stopped.
    pub fn write(&self, index: u64, record: &Record) {
        let gate = self
            .gate
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if *gate {
            return;
        }
        match store::write_record(&self.path(index), record) {
            Ok(()) => {
                if let Ok(mut n) = self.written.lock() {
                    *n += 1;
                }
            }
            Err(e) => {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert_with(|| e.to_string());
                }
            }
        }
    }

    /// Starts a thread in `scope` that, on one of `signals` (caught since the run began:
    /// SIGTERM, SIGHUP, SIGINT), waits for the records being written to be whole (or gone: a
    /// write never leaves its temporary file behind once it returns), lets no other start,
    /// ends the engines over UBGI still running, and ends the process with 128 + the
    /// signal's number. [`signal_hook::iterator::Handle::close`] on the handle returned
    /// stops it.
    ///
    /// # Errors
    /// [`CliError`] when the thread cannot start.
    pub fn stop_on_signals<'scope>(
        &'scope self,
        mut signals: signal_hook::iterator::Signals,
        scope: &'scope std::thread::Scope<'scope, '_>,
    ) -> Result<signal_hook::iterator::Handle, CliError> {
        let handle = signals.handle();
        std::thread::Builder::new()
            .name("bg-tui signals".to_string())
            .spawn_scoped(scope, move || {
                if let Some(signal) = signals.forever().next() {
                    let mut gate = self
                        .gate
                        .write()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    *gate = true;
                    crate::bot::ubgi::end_every_engine();
                    std::process::exit(128 + signal);
                }
            })
            .map_err(CliError::Thread)?;
        Ok(handle)
    }

    /// A line for the report: how many records were written and where.
    ///
    /// # Errors
    /// [`CliError`] with the first write that failed.
    pub fn finish(self) -> Result<String, CliError> {
        if let Some(e) = self.error.into_inner().ok().flatten() {
            return Err(CliError::bad("--save", e));
        }
        let n = self.written.into_inner().unwrap_or(0);
        let what = match (self.stem, n) {
            ("match", 1) => "match",
            ("match", _) => "matches",
            (_, 1) => "game",
            _ => "games",
        };
        Ok(format!(
            "records of {n} {what} written to {}\n",
            self.dir.display()
        ))
    }
}
