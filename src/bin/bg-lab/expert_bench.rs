//! `bg-lab bench-expert`: the expert bot's speed on one core: the 0-ply evaluation of a
//! position, and a decision (ranking a roll's legal plays) at each look-ahead.
//!
//! The positions are the built-in corpus of `bench` (seeded random self-play): for each
//! (position, roll) pair, every legal play is evaluated at 0-ply, and the bot decides at 0,
//! 1 and 2-ply (and 3-ply with `--max-ply 3`); then rollouts of the first four positions with
//! contact are timed (`--rollout-trials`). The bear-off database is built before the clock starts.

use bg_tui::bench::{CORPUS_SEED, corpus_of};
use bg_tui::bot::BotError;
use bg_tui::bot::expert::eval::{Buffers, after_play};
use bg_tui::bot::expert::{ExpertBot, MAX_PLY, bearoff::BearoffDb, shipped_nets_for};
use bg_tui::engine::Variant;
use clap::Args;
use std::time::Instant;

/// `bg-lab bench-expert [--pairs N] [--rules RULES] [--max-ply N] [--rollout-trials N]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct BenchExpertArgs {
    /// How many (position, roll) pairs of the corpus to decide on at each look-ahead
    /// (1-10000).
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub(crate) pairs: u16,
    /// The rule set whose corpus and nets to measure: backgammon, portes, plakoto, fevga or
    /// jacquet.
    #[arg(long = "rules", value_name = "RULES", default_value = "backgammon")]
    pub(crate) rule_set: Variant,
    /// The deepest look-ahead to time: 0 to 3 (3-ply takes about a second a decision).
    #[arg(long, value_name = "N", default_value_t = bg_tui::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub(crate) max_ply: u8,
    /// Trials of the rollout timed on each of the first four positions of the corpus with
    /// contact (full games at 0-ply with variance reduction, one thread); 0 times none.
    #[arg(long, value_name = "N", default_value_t = 72, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub(crate) rollout_trials: u32,
}

/// Why `bench-expert` could not measure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum BenchExpertError {
    /// The shipped nets of the rule set do not read.
    #[error(transparent)]
    Nets(#[from] BotError),
}

/// `bench-expert`: the report to print.
///
/// # Errors
/// [`BenchExpertError::Nets`] for nets that do not read.
pub(crate) fn bench_expert(args: &BenchExpertArgs) -> Result<String, BenchExpertError> {
    let variant = args.rule_set;
    let nets = shipped_nets_for(variant)?;
    BearoffDb::shared().fill();
    let corpus = corpus_of(variant, usize::from(args.pairs), CORPUS_SEED);
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
    // The evaluator the bot uses: in increments, each play from the sums of the one before.
    let mut buf = Buffers::incremental(&nets);
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
    if args.rollout_trials > 0 {
        out.push_str(&rollout_speed(variant, &nets, &corpus, args.rollout_trials));
    }
    Ok(out)
}

/// The line of rollout speed: `trials` full trials at 0-ply with variance reduction, on one
/// thread, of each of the first four positions of `corpus` with contact.
fn rollout_speed(
    variant: bg_tui::engine::Variant,
    nets: &std::sync::Arc<bg_tui::bot::expert::Nets>,
    corpus: &[(bg_tui::engine::Position, bg_tui::engine::Dice)],
    trials: u32,
) -> String {
    use bg_tui::bot::expert::rollouts::{Line, RolloutSettings, rollout};
    let lines: Vec<Line> = corpus
        .iter()
        .filter(|(p, _)| !p.is_race())
        .take(4)
        .map(|(p, _)| Line::OnRoll(*p))
        .collect();
    let mut bot = ExpertBot::new(std::sync::Arc::clone(nets), 0);
    bot.select(variant);
    let settings = RolloutSettings {
        trials,
        ..RolloutSettings::default()
    };
    let start = Instant::now();
    let mut played = 0u64;
    for line in &lines {
        if let Ok(r) = rollout(&bot, variant, std::slice::from_ref(line), &settings, |_| {
            true
        }) {
            played += u64::from(r.trials);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let ids: Vec<String> = lines
        .iter()
        .filter_map(|line| match line {
            // Position IDs, for GNU Backgammon to roll out the same positions.
            Line::OnRoll(p) if variant == bg_tui::engine::Variant::Backgammon => {
                Some(bg_tui::engine::position_id(p))
            }
            _ => None,
        })
        .collect();
    format!(
        "rollout (full games, 0-ply, variance reduction, one thread): {:.1} trials a second ({played} trials of {} positions with contact{}{})\n",
        played as f64 / seconds.max(1e-9),
        lines.len(),
        if ids.is_empty() { "" } else { ": " },
        ids.join(" ")
    )
}
