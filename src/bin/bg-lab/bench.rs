//! `bg-lab bench`: the speed of legal-move generation, on the built-in corpus of a rule set
//! or on a corpus file, or every rule set's side by side.

use bg_tui::bench::{self, BenchReport};
use bg_tui::engine::{
    Dice, DiceError, Position, PositionIdError, Variant, XgidError, parse_xgid, position_from_id,
};
use bg_tui::printable::printable;
use bg_tui::store::{StoreError, read_text};
use clap::Args;
use std::path::{Path, PathBuf};

/// `bg-lab bench [--corpus FILE] [--rules RULES] [--seconds S]`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct BenchArgs {
    /// A file of `POSITION_ID DICE` lines to use instead of the built-in corpus.
    #[arg(long)]
    pub(crate) corpus: Option<PathBuf>,
    /// The rule set whose generator to measure: backgammon, portes, plakoto, fevga or
    /// jacquet, or `all` for every one side by side against backgammon.
    #[arg(long = "rules", value_name = "RULES", default_value = "backgammon")]
    pub(crate) rule_set: BenchRules,
    /// How long to measure, in seconds (0.001 to 3600).
    #[arg(long, default_value_t = 3.0, allow_negative_numbers = true)]
    pub(crate) seconds: f64,
}

/// What `bench --rules` measures: one rule set's generator, or all of them side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BenchRules {
    /// One rule set's generator.
    One(Variant),
    /// Every rule set's, against backgammon's in the same rounds.
    All,
}

impl std::str::FromStr for BenchRules {
    type Err = bg_tui::engine::UnknownVariant;

    fn from_str(text: &str) -> Result<BenchRules, Self::Err> {
        if text.trim().eq_ignore_ascii_case("all") {
            Ok(BenchRules::All)
        } else {
            text.parse().map(BenchRules::One)
        }
    }
}

/// Why `bench` could not measure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum BenchError {
    /// `--seconds` outside 0.001 to 3600 (or not a number).
    #[error("--seconds takes a duration from 0.001 to 3600, not {0}")]
    Seconds(String),
    /// `--corpus` with `--rules all`.
    #[error("--corpus holds backgammon positions: it does not go with --rules all")]
    CorpusWithAll,
    /// `--corpus` with a rule set whose positions a Position ID cannot hold.
    #[error("--corpus holds Position IDs, which cannot hold {0} positions")]
    CorpusRuleSet(Variant),
    /// A corpus file that cannot be read.
    #[error("cannot read {0}")]
    CorpusFile(#[source] StoreError),
    /// A line of a corpus file that does not read.
    #[error("{}:{line}: {source}", path.display())]
    Corpus {
        /// The corpus file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with the line.
        #[source]
        source: CorpusLineError,
    },
    /// A corpus file without a (position, roll) pair.
    #[error("{}: no (position, roll) pairs", path.display())]
    EmptyCorpus {
        /// The corpus file.
        path: PathBuf,
    },
}

/// What is wrong with a line of a corpus file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum CorpusLineError {
    /// Not two words.
    #[error("expected `POSITION_ID DICE`, found \"{found}\"")]
    NotAPair {
        /// The line, cut to be shown.
        found: String,
    },
    /// A Position ID that does not read.
    #[error("invalid position ID {id:?}: {source}")]
    PositionId {
        /// The Position ID, cut to be shown.
        id: String,
        /// Why it does not read.
        #[source]
        source: PositionIdError,
    },
    /// An XGID that does not read.
    #[error("invalid XGID {text:?}: {source}")]
    Xgid {
        /// The XGID, cut to be shown.
        text: String,
        /// Why it does not read.
        #[source]
        source: XgidError,
    },
    /// A roll that does not read.
    #[error("invalid dice {text:?}: {source}")]
    Dice {
        /// The roll, cut to be shown.
        text: String,
        /// Why it does not read.
        #[source]
        source: DiceError,
    },
}

/// The largest corpus file `bench --corpus` reads, in bytes (16 MiB: some 700,000 pairs).
pub(crate) const MAX_CORPUS_BYTES: usize = 16 << 20;

/// Rounds `bench` splits its time into.
const BENCH_ROUNDS: usize = 9;

/// One line of a corpus file: a Position ID (or an XGID) and a roll.
fn corpus_pair(line: &str) -> Result<(Position, Dice), CorpusLineError> {
    let mut words = line.split_whitespace();
    let (Some(id), Some(dice), None) = (words.next(), words.next(), words.next()) else {
        return Err(CorpusLineError::NotAPair {
            found: printable(line, 60),
        });
    };
    let position = if id.starts_with("XGID=") || id.contains(':') {
        parse_xgid(id)
            .map(|x| x.position)
            .map_err(|source| CorpusLineError::Xgid {
                text: bg_tui::printable::cut(id, 60),
                source,
            })?
    } else {
        position_from_id(id).map_err(|source| CorpusLineError::PositionId {
            id: bg_tui::printable::cut(id, 60),
            source,
        })?
    };
    let dice = Dice::parse(dice).map_err(|source| CorpusLineError::Dice {
        text: bg_tui::printable::cut(dice, 60),
        source,
    })?;
    Ok((position, dice))
}

/// Reads a corpus file of `POSITION_ID DICE` lines (blank lines and `#` comments skipped),
/// a regular file of at most [`MAX_CORPUS_BYTES`].
///
/// # Errors
/// [`BenchError`] naming the file and line of the first bad entry.
pub(crate) fn read_corpus(path: &Path) -> Result<Vec<(Position, Dice)>, BenchError> {
    let text = read_text(path, MAX_CORPUS_BYTES).map_err(BenchError::CorpusFile)?;
    let mut corpus = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        corpus.push(corpus_pair(line).map_err(|source| BenchError::Corpus {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?);
    }
    if corpus.is_empty() {
        return Err(BenchError::EmptyCorpus {
            path: path.to_path_buf(),
        });
    }
    Ok(corpus)
}

/// `bench`: measures and returns the report to print.
///
/// # Errors
/// [`BenchError`] for an unreadable corpus or a bad duration.
pub(crate) fn bench(args: &BenchArgs) -> Result<String, BenchError> {
    let seconds = args.seconds;
    if !(seconds.is_finite() && (0.001..=3600.0).contains(&seconds)) {
        return Err(BenchError::Seconds(printable(&seconds.to_string(), 20)));
    }
    let variant = match args.rule_set {
        BenchRules::All if args.corpus.is_some() => return Err(BenchError::CorpusWithAll),
        BenchRules::All => return Ok(bench_all(seconds)),
        BenchRules::One(variant) => variant,
    };
    let (corpus, source) = match &args.corpus {
        Some(_) if !variant.has_position_id() => {
            return Err(BenchError::CorpusRuleSet(variant));
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
    Ok(report(&corpus, &source, seconds, &rounds))
}

/// The report of one rule set's rounds: the median and the best round.
fn report(
    corpus: &[(Position, Dice)],
    source: &str,
    seconds: f64,
    rounds: &[BenchReport],
) -> String {
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
    out
}

/// `bench --rules all`: every rule set's generator on its own built-in corpus, in
/// interleaved rounds, with each one's speed per resulting position against backgammon's
/// measured in the same rounds.
fn bench_all(seconds: f64) -> String {
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

#[cfg(test)]
mod tests {
    use super::{BenchArgs, BenchError, BenchRules, CorpusLineError, bench, read_corpus};
    use bg_tui::engine::Variant;

    fn args(corpus: &std::path::Path) -> BenchArgs {
        BenchArgs {
            corpus: Some(corpus.to_path_buf()),
            rule_set: BenchRules::One(Variant::Backgammon),
            seconds: 0.01,
        }
    }

    #[test]
    fn a_file_that_cannot_be_read_is_a_store_error() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let e = bench(&args(&dir.path().join("missing.txt"))).expect_err("no such file");
        assert!(matches!(e, BenchError::CorpusFile(_)), "{e:?}");
        assert!(e.to_string().starts_with("cannot read "), "{e}");
    }

    #[test]
    fn a_bad_corpus_line_is_named_by_file_and_line() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let corpus = dir.path().join("corpus.txt");
        std::fs::write(&corpus, "# pairs\n4HPwATDgc/ABMA 31\nnonsense 31\n").expect("written");
        let e = read_corpus(&corpus).expect_err("a bad line");
        let BenchError::Corpus { line, source, .. } = &e else {
            panic!("not a corpus error: {e:?}");
        };
        assert_eq!(*line, 3);
        assert!(
            matches!(source, CorpusLineError::PositionId { .. }),
            "{source:?}"
        );
        assert!(
            e.to_string()
                .contains(":3: invalid position ID \"nonsense\": "),
            "{e}"
        );
        std::fs::write(&corpus, "4HPwATDgc/ABMA 31 extra\n").expect("written");
        let e = read_corpus(&corpus).expect_err("three words");
        assert!(
            matches!(
                &e,
                BenchError::Corpus {
                    source: CorpusLineError::NotAPair { .. },
                    line: 1,
                    ..
                }
            ),
            "{e:?}"
        );
        std::fs::write(&corpus, "# nothing\n\n").expect("written");
        let e = read_corpus(&corpus).expect_err("no pairs");
        assert!(matches!(e, BenchError::EmptyCorpus { .. }), "{e:?}");
    }

    proptest::proptest! {
        /// Whatever the bytes of a corpus file, reading it ends in pairs or one line.
        #[test]
        fn any_file_reads_as_pairs_or_one_line(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)
        ) {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let path = dir.path().join("corpus");
            std::fs::write(&path, &bytes).expect("written");
            if let Err(e) = read_corpus(&path) {
                proptest::prop_assert!(!e.to_string().contains('\n'));
            }
        }
    }

    #[test]
    fn all_rule_sets_or_one_and_not_a_corpus_with_all() {
        assert_eq!("all".parse(), Ok(BenchRules::All));
        assert_eq!("Plakoto".parse(), Ok(BenchRules::One(Variant::Plakoto)));
        assert!("chess".parse::<BenchRules>().is_err());
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut all = args(&dir.path().join("corpus.txt"));
        all.rule_set = BenchRules::All;
        assert!(matches!(bench(&all), Err(BenchError::CorpusWithAll)));
        all.rule_set = BenchRules::One(Variant::Fevga);
        assert!(matches!(
            bench(&all),
            Err(BenchError::CorpusRuleSet(Variant::Fevga))
        ));
        all.seconds = -1.0;
        assert!(matches!(bench(&all), Err(BenchError::Seconds(s)) if s == "-1"));
    }
}
