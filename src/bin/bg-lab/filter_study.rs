//! `bg-lab filter-study`: how often the expert's move filters cut the play a deeper look
//! would have chosen, and what it costs.
//!
//! The positions come from games the expert plays against itself at 0-ply on seeded dice
//! (money, cubeless; every roll with at least two plays). For each (position, roll) the
//! reference is every legal play judged at the decision's depth without a filter
//! ([`ExpertBot::rank_all`]); each filter's decision ([`ExpertBot::rank_filtered`]) is
//! compared with it: whether the reference's best play was among those the filter let
//! through to the last look (and if not, whether the 0-ply or the 1-ply filter dropped it),
//! and the loss of the filter's choice by the reference's values. With `--deeper N`, the
//! first `N` pairs are also judged one roll deeper (the reference's best three plays and
//! each filter's choice), and the same is counted against that deeper best.

use bg_tui::bot::BotError;
use bg_tui::bot::expert::{ExpertBot, MoveFilter, RankedPlay};
use bg_tui::engine::{Dice, Play, Position, Variant};
use clap::Args;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::fmt::Write as _;
use std::time::Instant;

/// `bg-lab filter-study [--pairs N] [--seed S] [--ply N] [--deeper N] [--filter F]...`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct FilterStudyArgs {
    /// How many (position, roll) pairs to study (1-100000).
    #[arg(long, value_name = "N", default_value_t = 300,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub(crate) pairs: u32,
    /// The seed of the games' dice.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
    /// The depth of the decision: 1 or 2 (2 is the expert's default).
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(crate) ply: u8,
    /// Judge the first N pairs one roll deeper too (slow: about a second a play at 3-ply).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(crate) deeper: u32,
    /// A filter to compare with the expert's, as `MOST:WINDOW,MOST:WINDOW[,MOST:WINDOW]`
    /// (before the 1-ply look, before the 2-ply look, and before the 2-ply look in a race:
    /// without it, the expert's race filter), e.g. `8:0.16,5:0.10`. May be given more than
    /// once.
    #[arg(long = "filter", value_name = "F", value_parser = parse_filter)]
    pub(crate) filters: Vec<MoveFilter>,
}

/// Why `filter-study` could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum FilterStudyError {
    /// The shipped nets do not read.
    #[error(transparent)]
    Nets(#[from] BotError),
}

/// Why a `--filter` does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum FilterError {
    /// Not two or three steps.
    #[error(
        "a filter is MOST:WINDOW,MOST:WINDOW[,MOST:WINDOW] (before the 1-ply look, before the \
         2-ply look, before the 2-ply look in a race)"
    )]
    Steps,
    /// A step's number of plays is not 1 to 100.
    #[error("a filter keeps 1 to 100 plays at a step")]
    Most,
    /// A step's window is not 0 to 10.
    #[error("a filter's window is 0 to 10")]
    Window,
}

/// `MOST:WINDOW,MOST:WINDOW[,MOST:WINDOW]` as a filter: before the 1-ply look, before the
/// 2-ply look, and before the 2-ply look in a race (without it, the expert's race filter);
/// the 3-ply filters stay the expert's.
fn parse_filter(text: &str) -> Result<MoveFilter, FilterError> {
    let step = |part: &str| -> Result<(usize, f32), FilterError> {
        let (most, window) = part.split_once(':').ok_or(FilterError::Steps)?;
        let most: usize = most
            .parse()
            .ok()
            .filter(|m| (1..=100).contains(m))
            .ok_or(FilterError::Most)?;
        let window: f32 = window
            .parse()
            .ok()
            .filter(|w: &f32| w.is_finite() && (0.0..=10.0).contains(w))
            .ok_or(FilterError::Window)?;
        Ok((most, window))
    };
    let steps = text.split(',').map(step).collect::<Result<Vec<_>, _>>()?;
    let mut filter = MoveFilter::EXPERT;
    match steps[..] {
        [one, two] => {
            filter.contact[..2].copy_from_slice(&[one, two]);
            filter.race[0] = one;
        }
        [one, two, race] => {
            filter.contact[..2].copy_from_slice(&[one, two]);
            filter.race[..2].copy_from_slice(&[one, race]);
        }
        _ => return Err(FilterError::Steps),
    }
    Ok(filter)
}

/// "8:0.16,3:0.06 (race 6:0.16)".
fn filter_words(f: &MoveFilter) -> String {
    let step = |(m, w): (usize, f32)| format!("{m}:{w:.2}");
    let mut out = format!("{},{}", step(f.contact[0]), step(f.contact[1]));
    if f.race[1] != f.contact[1] {
        let _ = write!(out, " (race {})", step(f.race[1]));
    }
    out
}

/// The (position, roll) pairs of the expert's games against itself at 0-ply.
fn game_pairs(bot: &mut ExpertBot, count: usize, seed: u64) -> Vec<(Position, Dice)> {
    let variant = Variant::Backgammon;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut position = variant.start_position();
    let ply = bot.ply();
    bot.set_ply(0);
    while out.len() < count {
        let dice = Dice::roll(&mut rng);
        let plays = variant.legal_plays(&position, dice);
        if plays.len() >= 2 {
            out.push((position, dice));
        }
        position = match bot.rank(&plays).first() {
            Some(best) if best.play.position().mover_has_won() => variant.start_position(),
            Some(best) => best.play.position().switched(),
            None => position.switched(),
        };
    }
    bot.set_ply(ply);
    out
}

/// One filter's tally.
#[derive(Debug, Default, Clone)]
struct Tally {
    decisions: u32,
    /// The reference's best dropped before the 1-ply look, before the 2-ply look.
    cut: [u32; 2],
    /// The filter's choice was not the reference's best.
    missed: u32,
    loss: f64,
    worst: f64,
    /// Plays judged at the decision's depth (the most of its time).
    deepest: u64,
    seconds: f64,
    /// Against the deeper look: decisions judged, the deeper best cut, the loss.
    deeper: u32,
    deeper_cut: u32,
    deeper_loss: f64,
}

/// Where `best` is among `ranked` (a filtered decision): `None` if it reached the last
/// look, else the look it did not reach (0: dropped before 1-ply, 1: before 2-ply).
fn cut_at(ranked: &[RankedPlay], best: &Play, last: u8) -> Option<usize> {
    let ply = ranked.iter().find(|r| r.play == *best).map_or(0, |r| r.ply);
    (ply < last).then_some(usize::from(ply))
}

/// The plays of a pair judged one roll deeper, each once.
struct Deeper<'a> {
    ply: u8,
    values: Vec<(Play, f32)>,
    seconds: &'a mut f64,
}

impl Deeper<'_> {
    fn value(&mut self, bot: &mut ExpertBot, play: &Play) -> f32 {
        if let Some(v) = self.values.iter().find(|(p, _)| p == play) {
            return v.1;
        }
        let start = Instant::now();
        let v = bot.judge_play(play, self.ply).value;
        *self.seconds += start.elapsed().as_secs_f64();
        self.values.push((*play, v));
        v
    }
}

/// `filter-study`: the report to print.
///
/// # Errors
/// [`FilterStudyError::Nets`] for nets that do not read.
pub(crate) fn filter_study(args: &FilterStudyArgs) -> Result<String, FilterStudyError> {
    let mut bot = ExpertBot::shipped(args.ply)?;
    bot.select(Variant::Backgammon);
    let pairs = game_pairs(&mut bot, args.pairs as usize, args.seed);
    let mut filters = vec![MoveFilter::EXPERT];
    filters.extend(args.filters.iter().copied());
    let mut tallies = vec![Tally::default(); filters.len()];
    let (mut reference_seconds, mut deeper_seconds) = (0.0f64, 0.0f64);
    for (i, (position, dice)) in pairs.iter().enumerate() {
        let plays = Variant::Backgammon.legal_plays(position, *dice);
        bot.forget_values();
        let start = Instant::now();
        let all = bot.rank_all(&plays);
        reference_seconds += start.elapsed().as_secs_f64();
        let Some(best) = all.first().copied() else {
            continue;
        };
        let value_of = |play: &Play| {
            all.iter()
                .find(|r| r.play == *play)
                .map_or(best.value, |r| r.value)
        };
        let deeper = i < args.deeper as usize;
        let mut deep = Deeper {
            ply: args.ply + 1,
            values: Vec::new(),
            seconds: &mut deeper_seconds,
        };
        if deeper {
            for r in all.iter().take(3) {
                deep.value(&mut bot, &r.play);
            }
        }
        for (filter, tally) in filters.iter().zip(tallies.iter_mut()) {
            bot.forget_values();
            let start = Instant::now();
            let ranked = bot.rank_filtered(&plays, filter);
            tally.seconds += start.elapsed().as_secs_f64();
            let Some(chosen) = ranked.first() else {
                continue;
            };
            tally.decisions += 1;
            tally.deepest += ranked.iter().filter(|r| r.ply == args.ply).count() as u64;
            if let Some(at) = cut_at(&ranked, &best.play, args.ply) {
                tally.cut[at] += 1;
            }
            if chosen.play != best.play {
                tally.missed += 1;
                let loss = f64::from(best.value - value_of(&chosen.play));
                tally.loss += loss;
                tally.worst = tally.worst.max(loss);
            }
            if deeper {
                let chosen_deep = deep.value(&mut bot, &chosen.play);
                let (deep_best, deep_best_value) =
                    deep.values
                        .iter()
                        .copied()
                        .fold(
                            (chosen.play, chosen_deep),
                            |b, x| if x.1 > b.1 { x } else { b },
                        );
                tally.deeper += 1;
                if cut_at(&ranked, &deep_best, args.ply).is_some() {
                    tally.deeper_cut += 1;
                }
                tally.deeper_loss += f64::from(deep_best_value - chosen_deep);
            }
        }
    }
    Ok(report(
        args,
        &pairs,
        &filters,
        &tallies,
        reference_seconds,
        deeper_seconds,
    ))
}

/// The report: one line per filter.
fn report(
    args: &FilterStudyArgs,
    pairs: &[(Position, Dice)],
    filters: &[MoveFilter],
    tallies: &[Tally],
    reference_seconds: f64,
    deeper_seconds: f64,
) -> String {
    let n = pairs.len().max(1) as f64;
    let mut out = format!(
        "move filters of a {}-ply decision on {} (position, roll) pairs of the expert's games \
         against itself (0-ply, seed {}); reference: every play at {}-ply ({:.1} ms a pair)\n",
        args.ply,
        pairs.len(),
        args.seed,
        args.ply,
        reference_seconds * 1e3 / n
    );
    out.push_str(
        "filter                        best cut (0-ply / 1-ply)   other choice   mean loss   worst   plays at the last look   ms a decision\n",
    );
    for (f, t) in filters.iter().zip(tallies) {
        let d = f64::from(t.decisions.max(1));
        let cut = t.cut[0] + t.cut[1];
        let _ = writeln!(
            out,
            "{:<29} {:>5.1}% ({} / {})        {:>5.1}%        {:.4}     {:.3}   {:>5.2}                    {:.1}",
            filter_words(f),
            100.0 * f64::from(cut) / d,
            t.cut[0],
            t.cut[1],
            100.0 * f64::from(t.missed) / d,
            t.loss / d,
            t.worst,
            t.deepest as f64 / d,
            t.seconds * 1e3 / d
        );
    }
    if args.deeper > 0 {
        let _ = writeln!(
            out,
            "against {}-ply (the reference's best three and each filter's choice, first {} pairs, {:.0} ms a play):",
            args.ply + 1,
            tallies.first().map_or(0, |t| t.deeper),
            deeper_seconds * 1e3 / f64::from(tallies.first().map_or(1, |t| t.deeper.max(1)) * 3)
        );
        for (f, t) in filters.iter().zip(tallies) {
            let d = f64::from(t.deeper.max(1));
            let _ = writeln!(
                out,
                "{:<29} deeper best cut {:>5.1}%   mean loss {:.4}",
                filter_words(f),
                100.0 * f64::from(t.deeper_cut) / d,
                t.deeper_loss / d
            );
        }
    }
    out
}
