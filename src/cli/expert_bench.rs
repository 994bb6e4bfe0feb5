//! `bg-tui bench-expert`: the expert bot's speed on one core: the 0-ply evaluation of a
//! position, and a decision (ranking a roll's legal plays) at each look-ahead.
//!
//! The positions are the built-in corpus of `bench` (seeded random self-play): for each
//! (position, roll) pair, every legal play is evaluated at 0-ply, and the bot decides at 0,
//! 1 and 2-ply (and 3-ply with `--max-ply 3`). The bear-off database is built before the clock starts.

use super::CliError;
use crate::bot::expert::eval::{Buffers, after_play};
use crate::bot::expert::{ExpertBot, MAX_PLY, bearoff::BearoffDb, shipped_nets_for};
use clap::Args;
use std::time::Instant;

/// `bg-tui bench-expert [--pairs N] [--rules RULES] [--max-ply N]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct BenchExpertArgs {
    /// How many (position, roll) pairs of the corpus to decide on at each look-ahead.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub pairs: usize,
    /// The rule set whose corpus and nets to measure: backgammon, portes, plakoto, fevga or
    /// jacquet.
    #[arg(long = "rules", value_name = "RULES", default_value = "backgammon")]
    pub rule_set: String,
    /// The deepest look-ahead to time: 0 to 3 (3-ply takes about a second a decision).
    #[arg(long, value_name = "N", default_value_t = crate::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub max_ply: u8,
}

/// The corpus seed `bench` uses.
const CORPUS_SEED: u64 = 20_261_121;

/// `bg-tui bench-expert`: the report to print.
///
/// # Errors
/// [`CliError`] for a count of 0 or over 10,000, or nets that do not read.
pub fn bench_expert(args: &BenchExpertArgs) -> Result<String, CliError> {
    if !(1..=10_000).contains(&args.pairs) {
        return Err(CliError::range("--pairs", "1 to 10000 pairs", args.pairs));
    }
    let variant = super::parse_variant(&args.rule_set)?;
    let nets = shipped_nets_for(variant).map_err(|source| CliError::Bot {
        option: None,
        source,
    })?;
    BearoffDb::shared().fill();
    let corpus = crate::bench::corpus_of(variant, args.pairs, CORPUS_SEED);
    let legal_plays = |position, dice| variant.legal_plays(position, dice);
    let mut out = format!(
        "expert on one core: {} (position, roll) pairs of the built-in {} corpus (seed {CORPUS_SEED})\n",
        corpus.len(),
        variant.name()
    );
    // 0-ply evaluations: every legal play of every pair, ten times over.
    let plays: Vec<_> = corpus
        .iter()
        .flat_map(|(position, dice)| legal_plays(position, *dice))
        .collect();
    let mut buf = Buffers::new(&nets);
    let mut sink = 0.0f32;
    let start = Instant::now();
    for _ in 0..10 {
        for play in &plays {
            sink += after_play(&nets, play, &mut buf)[0];
        }
    }
    let evaluated = 10 * plays.len();
    let per = start.elapsed().as_secs_f64() / evaluated.max(1) as f64;
    out.push_str(&format!(
        "0-ply evaluation: {:.2} µs per position ({evaluated} positions; checksum {:.3})\n",
        per * 1e6,
        sink / evaluated.max(1) as f32
    ));
    out.push_str("decision (ranking a roll's plays)   mean ms   median ms   max ms\n");
    for ply in 0..=args.max_ply.min(MAX_PLY) {
        let mut bot = ExpertBot::new(std::sync::Arc::clone(&nets), ply);
        bot.select(variant);
        let mut times: Vec<f64> = corpus
            .iter()
            .map(|(position, dice)| {
                let plays = legal_plays(position, *dice);
                let start = Instant::now();
                let ranked = bot.rank(&plays);
                let t = start.elapsed().as_secs_f64() * 1e3;
                std::hint::black_box(ranked);
                t
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        out.push_str(&format!(
            "  {ply}-ply{:30} {mean:8.3} {:11.3} {:8.3}\n",
            "",
            times[times.len() / 2],
            times.last().copied().unwrap_or(0.0)
        ));
    }
    Ok(out)
}

impl BenchExpertArgs {
    /// The report to print.
    ///
    /// # Errors
    /// As [`bench_expert`].
    pub fn run(&self) -> Result<String, CliError> {
        bench_expert(self)
    }
}
