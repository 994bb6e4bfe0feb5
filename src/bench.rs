//! Legal-move generation speed: the corpus and the measuring loop behind `bg-tui bench`.

use crate::engine::{Dice, Play, Position, Variant, legal_plays_into};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// Seed of the built-in corpus, so every run measures the same pairs.
pub const CORPUS_SEED: u64 = 20_261_121;

/// Pairs in the built-in corpus.
pub const CORPUS_SIZE: usize = 10_000;

/// `count` (position, roll) pairs of backgammon met in seeded random self-play: each game
/// starts from the opening position and both sides pick uniformly among their legal plays, so
/// the corpus holds openings, middle games with hits and checkers on the bar, and bear-offs.
#[must_use]
pub fn builtin_corpus(count: usize, seed: u64) -> Vec<(Position, Dice)> {
    corpus_of(Variant::Backgammon, count, seed)
}

/// Like [`builtin_corpus`], for any rule set: a game ends when a side has borne off all its
/// checkers or the rule set says it is over (Plakoto's mother).
#[must_use]
pub fn corpus_of(variant: Variant, count: usize, seed: u64) -> Vec<(Position, Dice)> {
    let rules = variant.rules();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut corpus = Vec::with_capacity(count);
    let mut plays = Vec::new();
    let mut position = rules.start();
    while corpus.len() < count {
        let dice = Dice::roll(&mut rng);
        corpus.push((position, dice));
        rules.legal_plays_into(&position, dice, &mut plays);
        if !plays.is_empty() {
            let chosen = plays[rng.random_range(0..plays.len())];
            position = *chosen.position();
        }
        position = if rules.judge(&position).is_some() {
            rules.start()
        } else {
            position.switched()
        };
    }
    corpus
}

/// What one round of a benchmark measured.
#[derive(Debug, Clone, Copy)]
pub struct BenchReport {
    /// (position, roll) pairs generated.
    pub pairs: u64,
    /// Resulting positions (legal plays) produced.
    pub positions: u64,
    /// Wall time spent generating.
    pub elapsed: Duration,
}

impl BenchReport {
    /// (position, roll) pairs per second.
    #[must_use]
    pub fn pairs_per_second(&self) -> f64 {
        self.pairs as f64 / self.elapsed.as_secs_f64()
    }

    /// Resulting positions per second.
    #[must_use]
    pub fn positions_per_second(&self) -> f64 {
        self.positions as f64 / self.elapsed.as_secs_f64()
    }

    /// Nanoseconds per resulting position.
    #[must_use]
    /// `NaN` when no position was produced (a corpus of rolls that cannot be played).
    pub fn nanos_per_position(&self) -> f64 {
        if self.positions == 0 {
            return f64::NAN;
        }
        self.elapsed.as_nanos() as f64 / self.positions as f64
    }
}

/// Generates the legal plays of every pair in `corpus`, over and over, for at least `seconds`
/// (one pass at the least), on the calling thread.
#[must_use]
pub fn measure(corpus: &[(Position, Dice)], seconds: f64) -> BenchReport {
    measure_with(corpus, seconds, legal_plays_into)
}

/// [`measure`] for a rule set's own generator.
#[must_use]
pub fn measure_of(variant: Variant, corpus: &[(Position, Dice)], seconds: f64) -> BenchReport {
    if variant == Variant::Backgammon {
        return measure(corpus, seconds);
    }
    let rules = variant.rules();
    measure_with(corpus, seconds, |p, d, out| {
        rules.legal_plays_into(p, d, out)
    })
}

fn measure_with(
    corpus: &[(Position, Dice)],
    seconds: f64,
    generate: impl Fn(&Position, Dice, &mut Vec<Play>),
) -> BenchReport {
    let mut plays: Vec<Play> = Vec::with_capacity(1024);
    let mut pairs = 0u64;
    let mut positions = 0u64;
    let budget = Duration::from_secs_f64(seconds.max(0.0));
    let started = Instant::now();
    loop {
        for (position, dice) in corpus {
            generate(position, *dice, &mut plays);
            positions += plays.len() as u64;
            std::hint::black_box(&plays);
        }
        pairs += corpus.len() as u64;
        if started.elapsed() >= budget {
            break;
        }
    }
    BenchReport {
        pairs,
        positions,
        elapsed: started.elapsed(),
    }
}

/// Measures `rounds` rounds of `seconds / rounds` each and returns them sorted from the
/// slowest to the fastest: a shared machine slows some rounds down, so the median and the
/// best round say more than one long average.
#[must_use]
pub fn measure_rounds(
    variant: Variant,
    corpus: &[(Position, Dice)],
    seconds: f64,
    rounds: usize,
) -> Vec<BenchReport> {
    let rounds = rounds.max(1);
    let mut reports: Vec<BenchReport> = (0..rounds)
        .map(|_| measure_of(variant, corpus, seconds / rounds as f64))
        .collect();
    reports.sort_by(|a, b| a.pairs_per_second().total_cmp(&b.pairs_per_second()));
    reports
}

/// Measures several rule sets side by side: `rounds` rounds, each giving every rule set
/// `seconds / (rounds * corpora.len())` in turn, so a machine that slows down slows them all.
/// Returns each rule set's rounds, in the order measured (round `r` of every rule set ran
/// together, which is what makes their ratios fair).
#[must_use]
pub fn measure_side_by_side(
    corpora: &[(Variant, Vec<(Position, Dice)>)],
    seconds: f64,
    rounds: usize,
) -> Vec<Vec<BenchReport>> {
    let rounds = rounds.max(1);
    let slice = seconds / (rounds * corpora.len().max(1)) as f64;
    let mut reports = vec![Vec::with_capacity(rounds); corpora.len()];
    for _ in 0..rounds {
        for ((variant, corpus), mine) in corpora.iter().zip(reports.iter_mut()) {
            mine.push(measure_of(*variant, corpus, slice));
        }
    }
    reports
}

/// The median of `values` (`NaN` for none).
#[must_use]
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}
