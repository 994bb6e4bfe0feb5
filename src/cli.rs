//! The command line: clap types, and the commands that print rather than play.

use crate::bench::{self, BenchReport};
use crate::engine::{
    Dice, Position, format_play, legal_plays, match_id_fields, position_from_id, position_id,
};
use crate::text_board;
use clap::{Parser, Subcommand};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Backgammon for the terminal.
#[derive(Debug, Parser)]
#[command(name = "bg-tui", version, about)]
pub struct Cli {
    /// What to do; without a command, the game.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every legal play of a roll in a position, with the Position ID after each.
    Moves {
        /// GNU Backgammon Position ID (14 characters), from the view of the player on roll.
        position_id: String,
        /// The roll, as `31` or `3-1`.
        dice: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a position as a text board with pip counts (and the score, cube and dice when
    /// a Match ID is given).
    Show {
        /// GNU Backgammon Position ID (14 characters).
        position_id: String,
        /// GNU Backgammon Match ID (12 characters).
        match_id: Option<String>,
    },
    /// Measure legal-move generation speed on one core.
    Bench {
        /// A file of `POSITION_ID DICE` lines to use instead of the built-in corpus.
        #[arg(long)]
        corpus: Option<PathBuf>,
        /// How long to measure, in seconds.
        #[arg(long, default_value_t = 3.0, allow_negative_numbers = true)]
        seconds: f64,
    },
}

/// A command's failure: one line for standard error; the program exits with status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

fn parse_position(id: &str) -> Result<Position, CliError> {
    position_from_id(id).map_err(|e| CliError(format!("invalid position ID {id:?}: {e}")))
}

fn parse_dice(text: &str) -> Result<Dice, CliError> {
    Dice::parse(text).map_err(|e| CliError(format!("invalid dice {text:?}: {e}")))
}

#[derive(Serialize)]
struct MovesJson {
    position_id: String,
    dice: [u8; 2],
    plays: Vec<PlayJson>,
}

#[derive(Serialize)]
struct PlayJson {
    play: String,
    position_id: String,
}

/// `bg-tui moves`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or roll.
pub fn moves(id: &str, dice: &str, json: bool) -> Result<String, CliError> {
    let position = parse_position(id)?;
    let dice = parse_dice(dice)?;
    let plays: Vec<PlayJson> = legal_plays(&position, dice)
        .iter()
        .map(|p| PlayJson {
            play: format_play(p),
            position_id: position_id(&p.position().switched()),
        })
        .collect();
    let id = position_id(&position);
    if json {
        let out = MovesJson {
            position_id: id,
            dice: [dice.first(), dice.second()],
            plays,
        };
        return serde_json::to_string_pretty(&out)
            .map(|s| s + "\n")
            .map_err(|e| CliError(e.to_string()));
    }
    let mut out = format!(
        "Position ID {id}, roll {}-{}: ",
        dice.first(),
        dice.second()
    );
    if plays.is_empty() {
        out.push_str("no legal play; the turn passes\n");
        return Ok(out);
    }
    let count = plays.len();
    out.push_str(&format!(
        "{count} legal play{}\n",
        if count == 1 { "" } else { "s" }
    ));
    let width = plays.iter().map(|p| p.play.len()).max().unwrap_or(0);
    for p in plays {
        out.push_str(&format!("  {:width$}  {}\n", p.play, p.position_id));
    }
    Ok(out)
}

/// `bg-tui show`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or Match ID.
pub fn show(id: &str, match_id: Option<&str>) -> Result<String, CliError> {
    let position = parse_position(id)?;
    let fields = match match_id {
        Some(m) => {
            Some(match_id_fields(m).map_err(|e| CliError(format!("invalid match ID {m:?}: {e}")))?)
        }
        None => None,
    };
    Ok(text_board::render(&position, fields.as_ref()))
}

/// Reads a corpus file of `POSITION_ID DICE` lines (blank lines and `#` comments skipped).
///
/// # Errors
/// [`CliError`] naming the file and line of the first bad entry.
pub fn read_corpus(path: &Path) -> Result<Vec<(Position, Dice)>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let mut corpus = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: CliError| CliError(format!("{}:{}: {}", path.display(), n + 1, e.0));
        let mut words = line.split_whitespace();
        let (Some(id), Some(dice), None) = (words.next(), words.next(), words.next()) else {
            return Err(at(CliError(format!(
                "expected `POSITION_ID DICE`, found {line:?}"
            ))));
        };
        corpus.push((
            parse_position(id).map_err(at)?,
            parse_dice(dice).map_err(at)?,
        ));
    }
    if corpus.is_empty() {
        return Err(CliError(format!(
            "{}: no (position, roll) pairs",
            path.display()
        )));
    }
    Ok(corpus)
}

/// Rounds `bg-tui bench` splits its time into.
pub const BENCH_ROUNDS: usize = 9;

/// `bg-tui bench`: measures and returns the report to print.
///
/// # Errors
/// [`CliError`] for an unreadable corpus or a bad duration.
pub fn bench(corpus: Option<&Path>, seconds: f64) -> Result<String, CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        return Err(CliError(format!(
            "--seconds takes a duration from 0 to 3600, not {seconds}"
        )));
    }
    let (corpus, source) = match corpus {
        Some(path) => (read_corpus(path)?, path.display().to_string()),
        None => (
            bench::builtin_corpus(bench::CORPUS_SIZE, bench::CORPUS_SEED),
            format!(
                "built-in: seeded random self-play, seed {}",
                bench::CORPUS_SEED
            ),
        ),
    };
    // Warm up caches and the branch predictor before measuring.
    let _ = bench::measure(&corpus, (seconds / 10.0).min(0.5));
    let rounds = bench::measure_rounds(&corpus, seconds, BENCH_ROUNDS);
    let median = rounds[rounds.len() / 2];
    let best = rounds[rounds.len() - 1];
    let row = |name: &str, f: &dyn Fn(&BenchReport) -> f64, unit: f64, digits: usize| {
        format!(
            "{name:<22}{:>9.digits$}{:>9.digits$}\n",
            f(&median) / unit,
            f(&best) / unit
        )
    };
    let mut out = format!(
        "corpus: {} (position, roll) pairs ({source})\n\
         one core, {seconds} s in {BENCH_ROUNDS} rounds; a shared machine slows some rounds\n\
         {:<22}{:>9}{:>9}\n",
        corpus.len(),
        "",
        "median",
        "best"
    );
    out += &row("pairs/s (M)", &BenchReport::pairs_per_second, 1e6, 2);
    out += &row(
        "positions/s (M)",
        &BenchReport::positions_per_second,
        1e6,
        2,
    );
    out += &row("ns per position", &BenchReport::nanos_per_position, 1.0, 2);
    out += &format!(
        "positions per pair    {:>9.2}\n",
        median.positions as f64 / median.pairs as f64
    );
    Ok(out)
}
