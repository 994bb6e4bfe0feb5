//! `bg-tui bench`: the speed of legal-move generation.

use super::position_args::{parse_dice, parse_position};
use super::{CliError, parse_variant, printable};
use crate::bench::{self, BenchReport};
use crate::engine::{Dice, Position};
use clap::Args;
use std::path::{Path, PathBuf};

/// `bg-tui bench [--corpus FILE] [--rules RULES] [--seconds S]`.
#[derive(Debug, Clone, Default, PartialEq, Args)]
pub struct BenchArgs {
    /// A file of `POSITION_ID DICE` lines to use instead of the built-in corpus.
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// The rule set whose generator to measure: backgammon, portes, plakoto, fevga or
    /// jacquet, or `all` for every one side by side against backgammon [default:
    /// backgammon].
    #[arg(long = "rules", value_name = "RULES")]
    pub rule_set: Option<String>,
    /// How long to measure, in seconds.
    #[arg(long, default_value_t = 3.0, allow_negative_numbers = true)]
    pub seconds: f64,
}

impl BenchArgs {
    /// Measures and returns the report to print.
    ///
    /// # Errors
    /// As [`bench()`].
    pub fn run(&self) -> Result<String, CliError> {
        bench(
            self.corpus.as_deref(),
            self.seconds,
            self.rule_set.as_deref(),
        )
    }
}

/// The largest corpus file `bench --corpus` reads, in bytes (16 MiB: some 700,000 pairs).
pub const MAX_CORPUS_BYTES: usize = 16 << 20;

/// Reads a corpus file of `POSITION_ID DICE` lines (blank lines and `#` comments skipped),
/// a regular file of at most [`MAX_CORPUS_BYTES`].
///
/// # Errors
/// [`CliError`] naming the file and line of the first bad entry.
pub fn read_corpus(path: &Path) -> Result<Vec<(Position, Dice)>, CliError> {
    let text = crate::store::read_text(path, MAX_CORPUS_BYTES).map_err(CliError::CorpusFile)?;
    let mut corpus = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: CliError| CliError::Corpus {
            path: path.to_path_buf(),
            line: n + 1,
            source: Box::new(e),
        };
        let mut words = line.split_whitespace();
        let (Some(id), Some(dice), None) = (words.next(), words.next(), words.next()) else {
            return Err(at(CliError::CorpusLine {
                found: printable(line, 60),
            }));
        };
        corpus.push((
            parse_position(id).map_err(at)?,
            parse_dice(dice).map_err(at)?,
        ));
    }
    if corpus.is_empty() {
        return Err(CliError::EmptyCorpus {
            path: path.to_path_buf(),
        });
    }
    Ok(corpus)
}

/// Rounds `bg-tui bench` splits its time into.
pub const BENCH_ROUNDS: usize = 9;

/// `bg-tui bench`: measures and returns the report to print.
///
/// # Errors
/// [`CliError`] for an unreadable corpus or a bad duration.
pub fn bench(
    corpus: Option<&Path>,
    seconds: f64,
    rule_set: Option<&str>,
) -> Result<String, CliError> {
    if !(seconds.is_finite() && (0.001..=3600.0).contains(&seconds)) {
        return Err(CliError::range(
            "--seconds",
            "a duration from 0.001 to 3600",
            printable(&seconds.to_string(), 20),
        ));
    }
    if rule_set.is_some_and(|r| r.trim().eq_ignore_ascii_case("all")) {
        if corpus.is_some() {
            return Err(CliError::Usage(
                "--corpus holds backgammon positions: it does not go with --rules all",
            ));
        }
        return Ok(bench_all(seconds));
    }
    let variant = rule_set.map_or(Ok(crate::engine::Variant::Backgammon), parse_variant)?;
    let (corpus, source) = match corpus {
        Some(_) if !variant.has_position_id() => {
            return Err(CliError::CorpusRuleSet(variant));
        }
        Some(path) => (
            read_corpus(path)?,
            printable(&path.display().to_string(), 200),
        ),
        None => (
            bench::corpus_of(variant, bench::CORPUS_SIZE, bench::CORPUS_SEED),
            format!(
                "built-in: {variant}, seeded random self-play, seed {}",
                bench::CORPUS_SEED
            ),
        ),
    };
    // Warm up caches and the branch predictor before measuring.
    let _ = bench::measure_of(variant, &corpus, (seconds / 10.0).min(0.5));
    let rounds = bench::measure_rounds(variant, &corpus, seconds, BENCH_ROUNDS);
    let median = rounds[rounds.len() / 2];
    let best = rounds[rounds.len() - 1];
    // Each figure right-aligned in its column with a space before it, however large; a
    // figure that cannot be measured (no position produced) is `-`.
    let cell = |value: f64, digits: usize| {
        if value.is_finite() {
            format!(" {value:>11.digits$}")
        } else {
            format!(" {:>11}", "-")
        }
    };
    let row = |name: &str, f: &dyn Fn(&BenchReport) -> f64, unit: f64, digits: usize| {
        format!(
            "{name:<22}{}{}\n",
            cell(f(&median) / unit, digits),
            cell(f(&best) / unit, digits)
        )
    };
    let mut out = format!(
        "corpus: {} (position, roll) pairs ({source})\n\
         one core, {seconds} s in {BENCH_ROUNDS} rounds; a shared machine slows some rounds\n\
         {:<22} {:>11} {:>11}\n",
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
        "{:<22}{}\n",
        "positions per pair",
        cell(median.positions as f64 / median.pairs.max(1) as f64, 2)
    );
    Ok(out)
}

/// `bg-tui bench --rules all`: every rule set's generator on its own built-in corpus, in
/// interleaved rounds, with each one's speed per resulting position against backgammon's
/// measured in the same rounds.
fn bench_all(seconds: f64) -> String {
    use crate::engine::Variant;
    let corpora: Vec<(Variant, Vec<(Position, Dice)>)> = Variant::ALL
        .into_iter()
        .map(|v| {
            (
                v,
                bench::corpus_of(v, bench::CORPUS_SIZE, bench::CORPUS_SEED),
            )
        })
        .collect();
    // Warm up caches and the branch predictor before measuring.
    let _ = bench::measure_side_by_side(&corpora, (seconds / 10.0).min(0.5), 1);
    let reports = bench::measure_side_by_side(&corpora, seconds, BENCH_ROUNDS);
    let backgammon = &reports[0];
    let mut out = format!(
        "corpora: {} (position, roll) pairs of each rule set (seeded random self-play, seed {})\n\
         one core, {seconds} s in {BENCH_ROUNDS} interleaved rounds; medians over the rounds;\n\
         against backgammon: the median of each round's ratio of positions/s\n\
         {:<12} {:>11} {:>15} {:>9} {:>10} {:>16}\n",
        bench::CORPUS_SIZE,
        bench::CORPUS_SEED,
        "rule set",
        "pairs/s (M)",
        "positions/s (M)",
        "ns/pos",
        "pos/pair",
        "vs backgammon"
    );
    for ((variant, _), rounds) in corpora.iter().zip(&reports) {
        let of = |f: fn(&BenchReport) -> f64| bench::median(rounds.iter().map(f).collect());
        let ratio = bench::median(
            rounds
                .iter()
                .zip(backgammon)
                .map(|(r, b)| r.positions_per_second() / b.positions_per_second())
                .collect(),
        );
        let (pairs, positions): (u64, u64) = rounds
            .iter()
            .fold((0, 0), |(p, q), r| (p + r.pairs, q + r.positions));
        out += &format!(
            "{:<12} {:>11.2} {:>15.2} {:>9.2} {:>10.2} {:>16.2}\n",
            variant.name(),
            of(BenchReport::pairs_per_second) / 1e6,
            of(BenchReport::positions_per_second) / 1e6,
            of(BenchReport::nanos_per_position),
            positions as f64 / pairs.max(1) as f64,
            ratio
        );
    }
    out
}
