//! The commands about saved matches: `bg-tui resume`, and where `bot-match --save` puts its
//! records.

use super::CliError;
use crate::tui::{App, Options};
use bg_tui::host::Host;
use bg_tui::host::saving::SaveWriter;
use bg_tui::host::unfinished::StartError;
use bg_tui::record::Record;
use bg_tui::store;
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

/// `bg-tui resume [FILE]`: go on with a saved match.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub(crate) struct ResumeArgs {
    /// The record to go on with [default: the autosave of the last match not finished].
    pub(crate) file: Option<PathBuf>,
    /// Play a forced play (the only legal one) by itself.
    #[arg(long)]
    pub(crate) auto_forced: bool,
    /// Draw with ASCII only, no Unicode.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// The colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = crate::tui::theme::Palette::Dark)]
    pub(crate) theme: crate::tui::theme::Palette,
    /// Pause between a bot's checker moves, in milliseconds (0 for none).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub(crate) bot_delay: u64,
    /// Do not write the autosave, nor keep the match when it is over.
    #[arg(long)]
    pub(crate) no_autosave: bool,
    /// Run this engine (`ubgi:COMMAND`) where the record names it: a record never starts a
    /// program by itself, and a side it gives to an engine not named here is the expert's.
    #[arg(long = "engine", value_name = "ubgi:COMMAND")]
    pub(crate) engines: Vec<bg_tui::bot::BotSpec>,
}

impl ResumeArgs {
    /// `bg-tui resume`: the saved match (the autosave by default) played on in the terminal.
    /// Returns the line to print once the terminal is restored.
    ///
    /// # Errors
    /// As [`resume_app`], and [`CliError::Terminal`] when the terminal could not be used.
    pub(crate) fn run(&self) -> Result<String, CliError> {
        let app = resume_app(self, crate::tui::color_wanted())?;
        Ok(crate::tui::terminal::run_app(app)?)
    }
}

/// The save folder for a game: the data folder, unless `--no-autosave` (or there is none).
#[must_use]
pub(crate) fn save_folder(no_autosave: bool) -> Option<PathBuf> {
    if no_autosave {
        None
    } else {
        store::data_dir().ok()
    }
}

/// `bg-tui resume`: reads the record (the autosave by default), replays it, takes the match
/// up again in a [`Host`] ([`Host::resume`]), which goes on saving it where it was (the
/// autosave, an earlier game's own autosave, or the file resumed, where `s` saves), and
/// hands it to the terminal game. `color` says whether to draw in colour.
///
/// # Errors
/// [`CliError`] when there is no autosave, the file cannot be read or is not a playable
/// record (the message names the file, game, action and reason), the match is over, or it
/// names a bot this program does not have.
pub(crate) fn resume_app(args: &ResumeArgs, color: bool) -> Result<App, CliError> {
    let data_dir = store::data_dir().map_err(CliError::Store);
    resume_app_in(args, color, data_dir)
}

/// [`resume_app`] with the data folder given (or why there is none).
///
/// # Errors
/// As [`resume_app`].
pub(crate) fn resume_app_in(
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
    let saves = if args.no_autosave {
        None
    } else {
        data_dir.clone()
    };
    let mut writer = SaveWriter::new(saves.clone(), store::rescue_dirs());
    writer.resumed_from(data_dir.as_deref(), path.clone());
    if args
        .engines
        .iter()
        .any(|spec| !matches!(spec, bg_tui::bot::BotSpec::Ubgi(_)))
    {
        return Err(CliError::Usage("--engine takes an engine: ubgi:COMMAND"));
    }
    let (host, not_run) = Host::resume_trusting(record, match_state, writer, &args.engines)
        .map_err(|source| CliError::Resume {
            path: path.clone(),
            source: source.into(),
        })?;
    let options = Options {
        auto_forced: args.auto_forced,
        ascii: args.ascii,
        color,
        palette: args.theme,
        bot_delay_ms: args.bot_delay.min(10_000),
        saves,
        rescue: store::rescue_dirs(),
        ..Options::default()
    };
    let mut app = App::resumed(options, host);
    for engine in not_run {
        app.notice(engine.to_string());
    }
    Ok(app)
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

impl From<StartError> for CliError {
    fn from(error: StartError) -> CliError {
        match error {
            StartError::MatchChanged { summary, why } => CliError::MatchChanged { summary, why },
            StartError::Store(e) => CliError::Store(e),
        }
    }
}

/// Writes the records of a `bot-match --save DIR` run into `dir`: `game-0001.json`, ... (for
/// matches `match-0001.json`, ...), numbered from 1, each written atomically. The first
/// failure is kept for [`RecordWriter::finish`]; the run goes on.
#[derive(Debug)]
pub(crate) struct RecordWriter {
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
    pub(crate) fn new(dir: &Path, count: u64, matches: bool) -> Result<RecordWriter, CliError> {
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
    pub(crate) fn path(&self, index: u64) -> PathBuf {
        self.dir.join(format!(
            "{}-{:0width$}.json",
            self.stem,
            index + 1,
            width = self.width
        ))
    }

    /// Writes the record of game (or match) `index` (from 0), unless the run is being
    /// stopped.
    pub(crate) fn write(&self, index: u64, record: &Record) {
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
    pub(crate) fn stop_on_signals<'scope>(
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
                    bg_tui::bot::ubgi::end_every_engine();
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
    pub(crate) fn finish(self) -> Result<String, CliError> {
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
