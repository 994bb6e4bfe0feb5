//! `bg-lab rollout-db`: a database of positions rolled out by the expert, grown a position at
//! a time and resumable, for supervised rounds on rollouts (`bg-lab train --resume
//! --supervised-db FILE`).
//!
//! The positions are drawn from self-play games of the nets at 0-ply (`--seed`: game `g`
//! plays the dice of the training's `game_seed(seed, g)`, each position taken with a chance of
//! one in `--spread`, the races the bear-off database knows exactly left out), so that the
//! same nets, seed and spread always give the same positions in the same order. Each is
//! rolled out from its player's roll as `bg-tui rollout` does (variance reduction, the first
//! two rolls stratified, `--trials`, `--truncate`, `--ply`), position `i` on the dice of
//! seed `mix(seed ^ i)`, the same on any number of threads.
//!
//! The database is JSON lines, one position a line ([`Entry`]), appended and flushed as each
//! rollout ends; a run takes a lock on the file, skips the positions already in it and goes
//! on to `--positions`. A line cut short by a killed run is dropped when the next run starts.
//! Every line records what made it (the sampling, the rollout's settings, the nets' name),
//! and a run refuses a database made otherwise.

use bg_tui::bot::BotError;
use bg_tui::bot::expert::rollouts::{self, Line, RolloutError, RolloutSettings};
use bg_tui::bot::expert::supervised;
use bg_tui::bot::expert::train::mix;
use bg_tui::bot::expert::{ExpertBot, Nets, nets_from_file, shipped_nets};
use bg_tui::engine::{Variant, position_from_id, position_id};
use bg_tui::printable::{MAX_ERROR_CHARS, printable};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The most positions a database may be asked to hold.
const MAX_POSITIONS: usize = 10_000_000;

/// `bg-lab rollout-db`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct RolloutDbArgs {
    /// The database (JSON lines): created, or grown where an earlier run stopped.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: PathBuf,
    /// Grow the database to this many positions (1 to 10,000,000).
    #[arg(long, value_name = "N")]
    pub(crate) positions: usize,
    /// Trials of each rollout (a multiple of 1,296 stratifies the first two rolls).
    #[arg(long, default_value_t = 324)]
    pub(crate) trials: u32,
    /// Stop each trial after this many turns and value it by the nets (default: play every
    /// trial to the end).
    #[arg(long, value_name = "TURNS")]
    pub(crate) truncate: Option<u32>,
    /// The look-ahead of both sides in the trials (0 or 1).
    #[arg(long, default_value_t = 0)]
    pub(crate) ply: u8,
    /// The seed of the self-play games the positions come from, and of the rollouts' dice.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Take each self-play position with a chance of one in this many (1 to 1,000).
    #[arg(long, default_value_t = 8)]
    pub(crate) spread: u32,
    /// Threads of each rollout (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub(crate) threads: usize,
    /// The nets that draw and roll out the positions (a `.bgnet` file; default the shipped
    /// nets).
    #[arg(long, value_name = "FILE")]
    pub(crate) nets: Option<PathBuf>,
}

/// One rolled-out position: a line of the database.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Entry {
    /// The position's place in the sampling's order (from 0).
    pub(crate) index: usize,
    /// The position (GNU Backgammon's Position ID), its player on roll before rolling.
    pub(crate) position_id: String,
    /// The rollout's chances for the player on roll: win, win gammon, win backgammon, lose
    /// gammon, lose backgammon (with variance reduction they may stray a little outside 0-1).
    pub(crate) chances: [f64; 5],
    /// The cubeless equity for the player on roll.
    pub(crate) equity: f64,
    /// The equity's standard error.
    pub(crate) std_err: f64,
    /// What made the line.
    #[serde(flatten)]
    pub(crate) made: Made,
    /// Seconds the rollout took.
    pub(crate) seconds: f64,
}

/// What made a line: the sampling and the rollout's settings, the same for every line of a
/// database.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Made {
    /// The self-play games' seed (and the rollouts').
    pub(crate) seed: u64,
    /// One position in this many taken.
    pub(crate) spread: u32,
    /// Trials of the rollout.
    pub(crate) trials: u32,
    /// Turns before a trial is valued by the nets, or `None` for whole games.
    pub(crate) truncate: Option<u32>,
    /// The look-ahead in the trials.
    pub(crate) ply: u8,
    /// The nets: `shipped` or the file's name.
    pub(crate) nets: String,
}

impl Made {
    /// What differs between `self` (a line's) and `asked` (this run's), as `field X, not
    /// Y` (the nets' name made printable).
    fn differences(&self, asked: &Made) -> String {
        let mut out = Vec::new();
        let mut field = |name: &str, theirs: String, ours: String| {
            if theirs != ours {
                out.push(format!("{name} {theirs}, not {ours}"));
            }
        };
        field("seed", self.seed.to_string(), asked.seed.to_string());
        field("spread", self.spread.to_string(), asked.spread.to_string());
        field("trials", self.trials.to_string(), asked.trials.to_string());
        let turns = |t: Option<u32>| t.map_or_else(|| "none".to_string(), |t| t.to_string());
        field("truncate", turns(self.truncate), turns(asked.truncate));
        field("ply", self.ply.to_string(), asked.ply.to_string());
        field(
            "nets",
            printable(&self.nets, MAX_ERROR_CHARS),
            printable(&asked.nets, MAX_ERROR_CHARS),
        );
        out.join(", ")
    }
}

/// What stops `rollout-db`.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RolloutDbError {
    /// `--positions` or `--spread` out of range.
    #[error("{0}")]
    Range(String),
    /// The nets could not be read.
    #[error("nets: {0}")]
    Nets(#[from] BotError),
    /// The rollout's settings are out of range.
    #[error("rollout: {0}")]
    Rollout(#[from] RolloutError),
    /// The database could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The database.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Another run is growing the database.
    #[error("{0}: another run is growing this database (its lock is held)")]
    Busy(String),
    /// A line of the database is not an entry, or was made otherwise.
    #[error("{path}, line {line}: {why}")]
    Line {
        /// The database.
        path: String,
        /// The line (from 1).
        line: usize,
        /// What is wrong with it.
        why: String,
    },
}

/// What a database holds: its entries, and the byte length of its whole lines.
struct Read {
    entries: Vec<Entry>,
    whole: u64,
}

/// Reads the database at `path` (an empty one if there is no file): its whole lines, each an
/// entry; a last line without its newline (a run killed while writing it) is left out.
pub(crate) fn read_db(path: &Path) -> Result<Vec<Entry>, RolloutDbError> {
    match std::fs::File::open(path) {
        Ok(file) => read_from(path, &file).map(|r| r.entries),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(source) => Err(io(path, source)),
    }
}

fn io(path: &Path, source: std::io::Error) -> RolloutDbError {
    RolloutDbError::Io {
        path: path.display().to_string(),
        source,
    }
}

fn read_from(path: &Path, file: &std::fs::File) -> Result<Read, RolloutDbError> {
    let mut reader = std::io::BufReader::new(file);
    let mut entries = Vec::new();
    let mut whole = 0u64;
    let mut text = String::new();
    for line in 1.. {
        text.clear();
        let n = reader.read_line(&mut text).map_err(|e| io(path, e))?;
        if n == 0 || !text.ends_with('\n') {
            break;
        }
        whole += n as u64;
        let bad = |why: String| RolloutDbError::Line {
            path: path.display().to_string(),
            line,
            why,
        };
        let entry: Entry = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        position_from_id(&entry.position_id).map_err(|e| bad(e.to_string()))?;
        entries.push(entry);
    }
    Ok(Read { entries, whole })
}

/// `bg-lab rollout-db`: grows the database to `--positions`; returns a last line.
pub(crate) fn rollout_db(args: &RolloutDbArgs) -> Result<String, RolloutDbError> {
    if args.positions == 0 || args.positions > MAX_POSITIONS {
        return Err(RolloutDbError::Range(format!(
            "--positions: 1 to {MAX_POSITIONS}, not {}",
            args.positions
        )));
    }
    if !(1..=1000).contains(&args.spread) {
        return Err(RolloutDbError::Range(format!(
            "--spread: 1 to 1000, not {}",
            args.spread
        )));
    }
    let (nets, nets_name) = match &args.nets {
        Some(path) => (
            nets_from_file(path)?,
            path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
        ),
        None => (shipped_nets()?, "shipped".to_string()),
    };
    let made = Made {
        seed: args.seed,
        spread: args.spread,
        trials: args.trials,
        truncate: args.truncate,
        ply: args.ply,
        nets: nets_name,
    };
    let settings = RolloutSettings {
        trials: args.trials,
        truncate: args.truncate,
        ply: args.ply,
        seed: args.seed,
        threads: args.threads,
        std_err: None,
        variance_reduction: true,
        prune: false,
    };
    let path = &args.out;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| io(path, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(RolloutDbError::Busy(path.display().to_string()));
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(path, e)),
    }
    file.rewind().map_err(|e| io(path, e))?;
    let read = read_from(path, &file)?;
    // A line cut short by a killed run goes.
    file.set_len(read.whole).map_err(|e| io(path, e))?;
    let mut done = vec![false; args.positions];
    for (k, e) in read.entries.iter().enumerate() {
        if e.made != made {
            return Err(RolloutDbError::Line {
                path: path.display().to_string(),
                line: k + 1,
                why: format!("made otherwise: {}", e.made.differences(&made)),
            });
        }
        if let Some(d) = done.get_mut(e.index) {
            *d = true;
        }
    }
    let missing = done.iter().filter(|&&d| !d).count();
    if missing == 0 {
        return Ok(format!(
            "{}: {} positions already, nothing to do\n",
            path.display(),
            read.entries.len()
        ));
    }
    grow(
        &nets,
        &made,
        &settings,
        &done,
        &mut file,
        path,
        args.positions,
    )
}

/// Rolls out every position of the sampling not `done`, appending each as it ends.
fn grow(
    nets: &Arc<Nets>,
    made: &Made,
    settings: &RolloutSettings,
    done: &[bool],
    file: &mut std::fs::File,
    path: &Path,
    count: usize,
) -> Result<String, RolloutDbError> {
    let started = Instant::now();
    let (positions, games) = supervised::sample_positions(nets, made.seed, 0, count, made.spread);
    eprintln!(
        "{}: {} positions to roll out ({} trials each) of {count} drawn from {games} self-play games",
        path.display(),
        done.iter().filter(|&&d| !d).count(),
        made.trials
    );
    let bot = ExpertBot::new(Arc::clone(nets), made.ply);
    let mut added = 0usize;
    for (index, position) in positions.iter().enumerate() {
        if done[index] {
            continue;
        }
        let clock = Instant::now();
        let s = RolloutSettings {
            seed: mix(made.seed ^ mix(index as u64)),
            ..*settings
        };
        let result = rollouts::rollout(
            &bot,
            Variant::Backgammon,
            &[Line::OnRoll(*position)],
            &s,
            |_| true,
        )?;
        let Some(line) = result.lines.first() else {
            continue;
        };
        let entry = Entry {
            index,
            position_id: position_id(position),
            chances: line.chances,
            equity: line.equity,
            std_err: line.std_err,
            made: made.clone(),
            seconds: clock.elapsed().as_secs_f64(),
        };
        let mut text = serde_json::to_string(&entry).map_err(|e| io(path, e.into()))?;
        text.push('\n');
        file.write_all(text.as_bytes()).map_err(|e| io(path, e))?;
        file.flush().map_err(|e| io(path, e))?;
        added += 1;
    }
    file.sync_all().map_err(|e| io(path, e))?;
    Ok(format!(
        "{}: {added} positions rolled out in {:.0} s\n",
        path.display(),
        started.elapsed().as_secs_f64()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(out: PathBuf, positions: usize) -> RolloutDbArgs {
        RolloutDbArgs {
            out,
            positions,
            trials: 36,
            truncate: Some(2),
            ply: 0,
            seed: 5,
            spread: 8,
            threads: 1,
            nets: None,
        }
    }

    #[test]
    fn a_database_grows_where_it_stopped_and_keeps_its_lines() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.jsonl");
        rollout_db(&args(out.clone(), 2)).expect("two positions");
        let first = read_db(&out).expect("the database");
        assert_eq!(first.len(), 2);
        // A run killed while writing leaves a torn line: the next run drops it.
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&out)
            .expect("open");
        f.write_all(b"{\"index\": 2, \"posi").expect("write");
        drop(f);
        rollout_db(&args(out.clone(), 4)).expect("two more");
        let all = read_db(&out).expect("the database");
        assert_eq!(all.len(), 4);
        assert_eq!(all[..2], first[..]);
        let indices: Vec<usize> = all.iter().map(|e| e.index).collect();
        assert_eq!(indices, [0, 1, 2, 3]);
        // The same settings on a fresh file give the same lines (but for the time).
        let again = dir.path().join("again.jsonl");
        rollout_db(&args(again.clone(), 4)).expect("four at once");
        let fresh = read_db(&again).expect("the database");
        for (a, b) in all.iter().zip(&fresh) {
            assert_eq!(
                (a.index, &a.position_id, a.chances),
                (b.index, &b.position_id, b.chances)
            );
        }
        // Each entry's chances are a rollout's: within reach of 0-1, and they differ.
        assert!(
            all.iter()
                .all(|e| e.chances[0] > -0.1 && e.chances[0] < 1.1)
        );
        assert_ne!(all[0].chances, all[1].chances);
    }

    #[test]
    fn a_database_made_otherwise_is_refused_with_its_line() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.jsonl");
        rollout_db(&args(out.clone(), 1)).expect("one position");
        let mut other = args(out.clone(), 2);
        other.trials = 72;
        let e = rollout_db(&other).expect_err("other settings");
        assert!(matches!(e, RolloutDbError::Line { line: 1, .. }), "{e}");
        assert!(
            e.to_string().ends_with("made otherwise: trials 36, not 72"),
            "{e}"
        );
        std::fs::write(&out, "not json\n").expect("write");
        let e = rollout_db(&args(out, 2)).expect_err("not an entry");
        assert!(matches!(e, RolloutDbError::Line { line: 1, .. }), "{e}");
    }
}
