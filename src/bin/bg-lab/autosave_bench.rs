//! `bg-lab bench-autosave`: what saving after every action costs in a long money session,
//! at its start and at its end, and how long resuming it takes.
//!
//! It plays a cubeless money session between two players who pick a legal play at random
//! (seeded, so every run plays the same games), and autosaves it as the game does: a
//! [`Journal`] in a folder, each action appended and forced to the disk. The actions of the
//! first game and of the last are timed one by one; the games between are written without
//! forcing each line to the disk, only to build the long session quickly. It also times the
//! way the autosave worked before the journal (the whole record rewritten, pretty-printed,
//! into a temporary file renamed over the old one) after the first game and after the
//! last, and resuming the session (reading and replaying the journal, then saving one more
//! action into it).

use bg_tui::engine::{Action, Dice, MatchState, Phase, Play, Rules, RulesError, roll_die};
use bg_tui::journal::Journal;
use bg_tui::printable::printable;
use bg_tui::record::{MAX_BYTES, MAX_GAMES, PlayerInfo, Record, Recorder, to_json};
use bg_tui::store::{self, StoreError};
use clap::Args;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `bg-lab bench-autosave [--games N] [--dir DIR] [--seed S]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct BenchAutosaveArgs {
    /// How many games the session has: 2 to the 10000 a record holds.
    #[arg(long, value_name = "N", default_value_t = MAX_GAMES as u64,
          value_parser = clap::value_parser!(u64).range(2..=MAX_GAMES as u64))]
    pub(crate) games: u64,
    /// The folder to write in: the benchmark makes a temporary folder of its own inside it,
    /// removed afterwards, and touches nothing else there [default: the data folder, on the
    /// disk the autosave uses].
    #[arg(long, value_name = "DIR")]
    pub(crate) dir: Option<PathBuf>,
    /// Seed for the dice and the players' choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
}

/// Why `bench-autosave` stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum AutosaveBenchError {
    /// The data folder cannot be found.
    #[error(transparent)]
    DataDir(StoreError),
    /// A folder that cannot be made or written in; `option` names the option that gave it.
    #[error("{}{}: {source}", option.map(|o| format!("{o} ")).unwrap_or_default(), path.display())]
    Folder {
        /// `--dir`, when the folder is the one it names.
        option: Option<&'static str>,
        /// The folder.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// Rules the engine refuses (never: a cubeless money session).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The journal cannot be read back.
    #[error(transparent)]
    Resume(StoreError),
    /// The journal read back is not the session played.
    #[error("the journal did not read back as the session played")]
    NotReadBack,
    /// Standard output refused the text (status 1).
    #[error("cannot write to standard output: {0}")]
    Output(#[source] std::io::Error),
}

impl AutosaveBenchError {
    /// The exit status: 1 when the output could not be written, 2 otherwise.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            AutosaveBenchError::Output(_) => 1,
            _ => 2,
        }
    }

    /// Whether the output was a pipe whose reader has gone: not worth a message.
    pub(crate) fn is_closed_pipe(&self) -> bool {
        matches!(self, AutosaveBenchError::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// `bench-autosave`: runs the benchmark, printing as it goes to `out`.
///
/// # Errors
/// [`AutosaveBenchError`] for a folder that cannot be written, and
/// [`AutosaveBenchError::Output`] when `out` refuses the text.
pub(crate) fn bench_autosave(
    args: &BenchAutosaveArgs,
    out: &mut dyn Write,
) -> Result<(), AutosaveBenchError> {
    let folder = own_folder(args.dir.as_deref())?;
    let dir = folder.path();
    say(
        out,
        &format!(
            "autosave benchmark: a cubeless money session of {} games between two players \
             who play at random (seed {}),\nsaved after every action into {}\n\n",
            args.games,
            args.seed,
            printable(&dir.display().to_string(), 200)
        ),
    )?;
    let in_folder = |source| AutosaveBenchError::Folder {
        option: None,
        path: dir.to_path_buf(),
        source,
    };
    let measured = measure(dir, args.games, args.seed).map_err(|e| match e {
        Failure::Io(source) => in_folder(source),
        Failure::Bench(e) => e,
    })?;
    say(out, &measured.report(args.games))?;
    if measured.same {
        Ok(())
    } else {
        Err(AutosaveBenchError::NotReadBack)
    }
}

/// Writes `text` to `out` and flushes it.
fn say(out: &mut dyn Write, text: &str) -> Result<(), AutosaveBenchError> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(AutosaveBenchError::Output)
}

/// A folder of the benchmark's own, made inside `dir` (or the data folder) and removed
/// when dropped: the benchmark never writes over a file that is there, such as an
/// unfinished match's autosave when `--dir` names the data folder.
fn own_folder(dir: Option<&Path>) -> Result<tempfile::TempDir, AutosaveBenchError> {
    let parent = match dir {
        Some(dir) => dir.to_path_buf(),
        None => store::data_dir().map_err(AutosaveBenchError::DataDir)?,
    };
    let folder_error = |source| AutosaveBenchError::Folder {
        option: dir.map(|_| "--dir"),
        path: parent.clone(),
        source,
    };
    std::fs::create_dir_all(&parent).map_err(folder_error)?;
    tempfile::Builder::new()
        .prefix("bench-autosave-")
        .tempdir_in(&parent)
        .map_err(folder_error)
}

/// Why a measurement stopped: the folder's files, or the engine.
enum Failure {
    /// A file of the benchmark's folder could not be written or read.
    Io(std::io::Error),
    /// Anything else.
    Bench(AutosaveBenchError),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Io(e)
    }
}

impl From<AutosaveBenchError> for Failure {
    fn from(e: AutosaveBenchError) -> Failure {
        Failure::Bench(e)
    }
}

impl From<RulesError> for Failure {
    fn from(e: RulesError) -> Failure {
        Failure::Bench(e.into())
    }
}

/// What the benchmark measured.
struct Measured {
    /// Each save of the first game, of the last, of a new session's first beside the last,
    /// and of the game after resuming.
    saves: [Vec<Duration>; 4],
    /// The whole record rewritten after the first game and after the last.
    rewrites: [Duration; 2],
    /// The bytes of the journal, and of the record pretty-printed.
    bytes: (u64, usize),
    /// Reading and replaying the journal.
    resumed: Duration,
    /// Whether the record read back is the session played.
    same: bool,
    /// Building the session (games 2 to the last but one without forcing the disk).
    built: Duration,
}

/// Plays and saves a session of `games` games in `dir`, timing each save of the first
/// game, of the last (beside a new session's first) and of the game after resuming it.
fn measure(dir: &Path, games: u64, seed: u64) -> Result<Measured, Failure> {
    let path = dir.join(store::AUTOSAVE_NAME);
    let mut session = Session::new(seed)?;
    let mut journal = Journal::create(&path, session.recorder.as_record())?;
    let started = Instant::now();
    let first = session.play_game(&mut journal)?;
    let rewrite_first = time_rewrite(dir, session.recorder.as_record())?;
    journal.set_sync(false);
    for _ in 2..games {
        session.next_game();
        session.play_game(&mut journal)?;
    }
    journal.set_sync(true);
    let built = started.elapsed();
    session.next_game();
    let (last, beside) = last_beside_new(&mut session, &mut journal, dir, seed ^ 1)?;
    let rewrite_last = time_rewrite(dir, session.recorder.as_record())?;
    let bytes = (journal.len(), to_json(session.recorder.as_record()).len());
    drop(journal);
    // Resume: read and replay the journal as `bg-tui resume` does, then save one more game.
    let resume_start = Instant::now();
    let (record, m) = store::read_record(&path).map_err(AutosaveBenchError::Resume)?;
    let resumed = resume_start.elapsed();
    let same = &record == session.recorder.as_record() && m == session.m;
    let mut session = Session {
        m,
        recorder: Recorder::resume(record),
        rng: session.rng,
    };
    session.next_game();
    let mut journal = Journal::resume(&path, session.recorder.as_record())?;
    let after_resume = session.play_game(&mut journal)?;
    Ok(Measured {
        saves: [first, last, beside, after_resume],
        rewrites: [rewrite_first, rewrite_last],
        bytes,
        resumed,
        same,
        built,
    })
}

/// The last game of `session`, and beside it (an action of one, then of the other, so
/// that both meet the same disk) the first game of a new session seeded by `seed`, in a
/// journal of its own in `dir` (removed afterwards): the times of both games' saves.
fn last_beside_new(
    session: &mut Session,
    journal: &mut Journal,
    dir: &Path,
    seed: u64,
) -> Result<(Vec<Duration>, Vec<Duration>), Failure> {
    let mut fresh = Session::new(seed)?;
    let fresh_path = dir.join("new-session.jsonl");
    let mut fresh_journal = Journal::create(&fresh_path, fresh.recorder.as_record())?;
    let (mut last, mut beside) = (Vec::new(), Vec::new());
    loop {
        let a = session.step(journal)?;
        let b = fresh.step(&mut fresh_journal)?;
        last.extend(a);
        beside.extend(b);
        if a.is_none() && b.is_none() {
            break;
        }
    }
    drop(fresh_journal);
    std::fs::remove_file(&fresh_path)?;
    Ok((last, beside))
}

impl Measured {
    /// The report of a session of `games` games.
    fn report(&self, games: u64) -> String {
        let mut text = format!(
            "{:<40}{:>8}{:>11}{:>11}{:>11}\n",
            "save per action (journal)", "actions", "median", "p99", "max"
        );
        let labels = [
            "  game 1".to_string(),
            format!("  game {games}"),
            "  game 1 of a new session, beside it".to_string(),
            format!("  game {} (after resuming)", games + 1),
        ];
        for (label, times) in labels.iter().zip(&self.saves) {
            text += &format!(
                "{label:<40}{:>8}{:>11}{:>11}{:>11}\n",
                times.len(),
                ms(percentile(times, 50)),
                ms(percentile(times, 99)),
                ms(percentile(times, 100)),
            );
        }
        text += &format!(
            "\nthe whole record rewritten (the autosave before the journal), once:\n\
             {:<40}{:>30}\n{:<40}{:>30}\n",
            "  after game 1",
            ms(self.rewrites[0]),
            format!("  after game {games}"),
            ms(self.rewrites[1]),
        );
        text += &format!(
            "\njournal: {} ({} as a pretty-printed record; a record is read up to {})\n\
             resume (read and replay the journal): {}; the record read back is the session \
             played: {}\n\
             building the session took {:.1} s ({})\n",
            size(self.bytes.0),
            size(self.bytes.1 as u64),
            size(MAX_BYTES as u64),
            ms(self.resumed),
            if self.same { "yes" } else { "NO" },
            self.built.as_secs_f64(),
            unforced(games),
        );
        text
    }
}

/// How the session was built before its last game: game 1 saved as the game saves, the
/// games after it up to the last saved without forcing each line to the disk.
fn unforced(games: u64) -> String {
    match games {
        0..=2 => "game 1, each line forced to the disk".to_string(),
        3 => "game 2 saved without forcing each line to the disk".to_string(),
        _ => format!(
            "games 2 to {} saved without forcing each line to the disk",
            games - 1
        ),
    }
}

/// The session being played.
struct Session {
    m: MatchState,
    recorder: Recorder,
    rng: ChaCha8Rng,
}

impl Session {
    /// A new cubeless money session between two players, its dice and choices from `seed`.
    fn new(seed: u64) -> Result<Session, RulesError> {
        let rules = Rules {
            cube: false,
            ..Rules::money()
        };
        let players = [PlayerInfo::human("White"), PlayerInfo::human("Black")];
        Ok(Session {
            m: MatchState::new(rules)?,
            recorder: Recorder::new(players, rules, Some(seed)),
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    /// Plays the current game to its end, saving after every action; returns the time of
    /// each save.
    fn play_game(&mut self, journal: &mut Journal) -> std::io::Result<Vec<Duration>> {
        let mut times = Vec::new();
        while let Some(time) = self.step(journal)? {
            times.push(time);
        }
        Ok(times)
    }

    /// Makes one action of the current game and saves it; returns the time the save took,
    /// or `None` once the game is over.
    fn step(&mut self, journal: &mut Journal) -> std::io::Result<Option<Duration>> {
        let game = self.m.game();
        let action = match game.phase() {
            Phase::Opening => Action::OpeningRoll {
                white: roll_die(&mut self.rng),
                black: roll_die(&mut self.rng),
            },
            Phase::Rolling => Action::Roll(Dice::roll(&mut self.rng)),
            Phase::Moving(_) => {
                let legal = game.legal_plays();
                // A roll that cannot be played is the empty play.
                let play = legal
                    .get(self.rng.random_range(0..legal.len().max(1)))
                    .copied()
                    .unwrap_or_else(|| Play::empty(*game.position()));
                Action::Play(play)
            }
            Phase::Over(_) => return Ok(None),
            Phase::DoubleOffered | Phase::Beavered => Action::Take,
        };
        self.recorder
            .apply(&mut self.m, action)
            .map_err(std::io::Error::other)?;
        let start = Instant::now();
        journal.save(self.recorder.as_record())?;
        Ok(Some(start.elapsed()))
    }

    fn next_game(&mut self) {
        let _ = self.recorder.next_game(&mut self.m);
    }
}

/// The time to write `record` whole, as the autosave did before the journal.
fn time_rewrite(dir: &Path, record: &Record) -> std::io::Result<Duration> {
    let path = dir.join("whole-record.json");
    let start = Instant::now();
    store::write_record(&path, record).map_err(std::io::Error::other)?;
    let took = start.elapsed();
    std::fs::remove_file(&path)?;
    Ok(took)
}

/// The `p`th percentile (0 to 100) of `times`.
fn percentile(times: &[Duration], p: usize) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let index = (sorted.len().saturating_sub(1) * p).div_ceil(100);
    sorted.get(index).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn size(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}
