//! `bg-tui bench-autosave`: what saving after every action costs in a long money session,
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

use super::{CliError, CommandError};
use crate::engine::{Action, Dice, MatchState, Phase, Play, Rules, roll_die};
use crate::journal::Journal;
use crate::record::{PlayerInfo, Record, Recorder};
use crate::store;
use clap::Args;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `bg-tui bench-autosave [--games N] [--dir DIR]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct BenchAutosaveArgs {
    /// How many games the session has (at most the 10000 a record holds).
    #[arg(long, value_name = "N", default_value_t = crate::record::MAX_GAMES)]
    pub games: usize,
    /// The folder to write in: the benchmark makes a temporary folder of its own inside it,
    /// removed afterwards, and touches nothing else there [default: the data folder, on the
    /// disk the autosave uses].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Seed for the dice and the players' choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

/// `bg-tui bench-autosave`: runs the benchmark, printing as it goes to `out`.
///
/// # Errors
/// [`CommandError::Input`] for a bad count or a folder that cannot be written;
/// [`CommandError::Output`] when `out` refuses the text.
pub fn bench_autosave(args: &BenchAutosaveArgs, out: &mut dyn Write) -> Result<(), CommandError> {
    let games = args.games;
    if !(2..=crate::record::MAX_GAMES).contains(&games) {
        return Err(CliError::range(
            "--games",
            format!("from 2 to {} games", crate::record::MAX_GAMES),
            games,
        )
        .into());
    }
    // A folder of its own, made inside the one given (or the data folder) and removed
    // afterwards: the benchmark never writes over a file that is there, such as an
    // unfinished match's autosave when `--dir` names the data folder.
    let parent = match &args.dir {
        Some(dir) => dir.clone(),
        None => store::data_dir().map_err(CliError::Store)?,
    };
    let option = args.dir.is_some().then_some("--dir");
    let folder_error = |source| CliError::Folder {
        option,
        path: parent.clone(),
        source,
    };
    std::fs::create_dir_all(&parent).map_err(folder_error)?;
    let folder = tempfile::Builder::new()
        .prefix("bench-autosave-")
        .tempdir_in(&parent)
        .map_err(folder_error)?;
    let dir = folder.path();
    let say = |out: &mut dyn Write, text: String| {
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(CommandError::Output)
    };
    say(
        out,
        format!(
            "autosave benchmark: a cubeless money session of {games} games between two players \
             who play at random (seed {}),\nsaved after every action into {}\n\n",
            args.seed,
            super::printable(&dir.display().to_string(), 200)
        ),
    )?;
    let fail = |e: std::io::Error| {
        CommandError::Input(CliError::Folder {
            option: None,
            path: dir.to_path_buf(),
            source: e,
        })
    };
    let path = dir.join(store::AUTOSAVE_NAME);
    let rules = Rules {
        cube: false,
        ..Rules::money()
    };
    let players = [PlayerInfo::human("White"), PlayerInfo::human("Black")];
    let mut session = Session {
        m: MatchState::new(rules).map_err(CliError::Rules)?,
        recorder: Recorder::new(players.clone(), rules, Some(args.seed)),
        rng: ChaCha8Rng::seed_from_u64(args.seed),
    };
    let mut journal = Journal::create(&path, session.recorder.as_record()).map_err(fail)?;
    let started = Instant::now();
    let first = session.play_game(&mut journal).map_err(fail)?;
    let rewrite_first = time_rewrite(dir, session.recorder.as_record()).map_err(fail)?;
    journal.set_sync(false);
    for _ in 2..games {
        session.next_game();
        session.play_game(&mut journal).map_err(fail)?;
    }
    journal.set_sync(true);
    let built = started.elapsed();
    // The last game, and beside it (an action of one, then of the other, so that both meet
    // the same disk) the first game of a new session in a journal of its own.
    session.next_game();
    let mut fresh = Session {
        m: MatchState::new(rules).map_err(CliError::Rules)?,
        recorder: Recorder::new(players, rules, Some(args.seed ^ 1)),
        rng: ChaCha8Rng::seed_from_u64(args.seed ^ 1),
    };
    let fresh_path = dir.join("new-session.jsonl");
    let mut fresh_journal =
        Journal::create(&fresh_path, fresh.recorder.as_record()).map_err(fail)?;
    let (mut last, mut beside) = (Vec::new(), Vec::new());
    loop {
        let a = session.step(&mut journal).map_err(fail)?;
        let b = fresh.step(&mut fresh_journal).map_err(fail)?;
        last.extend(a);
        beside.extend(b);
        if a.is_none() && b.is_none() {
            break;
        }
    }
    drop(fresh_journal);
    std::fs::remove_file(&fresh_path).map_err(fail)?;
    let rewrite_last = time_rewrite(dir, session.recorder.as_record()).map_err(fail)?;
    let record_bytes = crate::record::to_json(session.recorder.as_record()).len();
    let journal_bytes = journal.len();
    drop(journal);
    // Resume: read and replay the journal as `bg-tui resume` does, then save one more game.
    let resume_start = Instant::now();
    let (record, m) = store::read_record(&path).map_err(CliError::Store)?;
    let resumed = resume_start.elapsed();
    let same = &record == session.recorder.as_record() && m == session.m;
    let mut session = Session {
        m,
        recorder: Recorder::resume(record),
        rng: session.rng,
    };
    session.next_game();
    let mut journal = Journal::resume(&path, session.recorder.as_record()).map_err(fail)?;
    let after_resume = session.play_game(&mut journal).map_err(fail)?;
    drop(journal);

    let mut text = format!(
        "{:<40}{:>8}{:>11}{:>11}{:>11}\n",
        "save per action (journal)", "actions", "median", "p99", "max"
    );
    for (label, times) in [
        ("  game 1".to_string(), &first),
        (format!("  game {games}"), &last),
        ("  game 1 of a new session, beside it".to_string(), &beside),
        (
            format!("  game {} (after resuming)", games + 1),
            &after_resume,
        ),
    ] {
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
        ms(rewrite_first),
        format!("  after game {games}"),
        ms(rewrite_last),
    );
    text += &format!(
        "\njournal: {} ({} as a pretty-printed record; a record is read up to {})\n\
         resume (read and replay the journal): {}; the record read back is the session \
         played: {}\n\
         building the session took {:.1} s ({})\n",
        size(journal_bytes),
        size(record_bytes as u64),
        size(crate::record::MAX_BYTES as u64),
        ms(resumed),
        if same { "yes" } else { "NO" },
        built.as_secs_f64(),
        unforced(games),
    );
    say(out, text)?;
    if same {
        Ok(())
    } else {
        Err(CliError::Usage("the journal did not read back as the session played").into())
    }
}

/// How the session was built before its last game: game 1 saved as the game saves, the
/// games after it up to the last saved without forcing each line to the disk.
fn unforced(games: usize) -> String {
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

impl BenchAutosaveArgs {
    /// Runs the benchmark, printing as it goes to `out`.
    ///
    /// # Errors
    /// As [`bench_autosave`].
    pub fn run(&self, out: &mut dyn Write) -> Result<(), CommandError> {
        bench_autosave(self, out)
    }
}
