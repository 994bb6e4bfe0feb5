//! Rollouts as GNU Backgammon does them: a position (or each of several candidate plays) is
//! played on to the end many times by the expert, and the results are averaged.
//!
//! - **Lines.** A [`Line`] is a position with a player on roll before rolling
//!   ([`Line::OnRoll`]), or the position just after a play ([`Line::Played`]), rolled out for
//!   the player who made it. Every line of one rollout sees the same dice in trial `t`, so
//!   that the differences between lines are measured more precisely than the lines themselves.
//! - **Trials** are played to the end, or cut after `truncate` turns and valued by the nets
//!   at 0-ply. Each side plays the expert's best play at `ply` 0 or 1.
//! - **Variance reduction.** At each roll of a trial, the luck of the roll (the nets' chances
//!   after the best play of that roll, minus their mean over the 21 rolls, both at 0-ply) is
//!   subtracted from the trial's outcome, from the view of the line's player: a lucky roll
//!   for the player counts against the trial's result, a lucky roll for its opponent for it.
//!   With perfect nets each trial would then give the position's value exactly; with good
//!   ones the spread of the trials shrinks a great deal.
//! - **Stratified dice.** The first roll of trial `t` is roll `t mod 36` of the 36 (in an
//!   order shuffled by the seed), so every 36 trials see each first roll once; when the
//!   trials asked for are a multiple of 1,296, the second roll is stratified too (trial `t`
//!   takes the pair `(t mod 36, (t mod 36 + t / 36) mod 36)`), so every 1,296 trials see every
//!   first two rolls once. Every other roll comes from a generator seeded by the seed and the
//!   trial's index.
//! - **Repeatable.** Each trial depends only on the seed and its index, and the trials are
//!   summed in their order whatever the number of threads, so a seed gives the same result
//!   bit for bit on any number of threads.
//! - **Worked out once.** Every trial of a line starts from the same position, and its
//!   second turn from one of the positions the first roll's best plays reach: the luck scans
//!   of those positions (each roll's best play and its chances) are kept by each worker and
//!   taken again in every trial. Within a scan, a position that two rolls reach (a checker
//!   moved 7 pips by 6-1, 5-2 or 4-3) is valued once. The values are those worked out
//!   afresh, to the bit (the evaluator's values do not depend on what it evaluated before).
//! - **Pruned, if asked** ([`RolloutSettings::prune`]): at 0-ply a small pruning net on
//!   the raw inputs alone ranks the plays of each contact roll and the nets value only its
//!   best [`PRUNE_KEEP`], as GNU Backgammon's rollouts prune. The trials play a little
//!   differently and cost less than half the time; repeatability holds as above.
//! - **Stopping.** After every 36 trials the rollout stops when the equity's standard error
//!   of every line is below `std_err` (when given); else it stops at `trials`. A stop flag
//!   ([`rollout_until`]) is looked at every turn of every trial: once it is set the rollout
//!   ends within a turn, with the trials done before it (in order, as ever).

mod cubeful;

pub use cubeful::{CubeRollout, cube_rollout_until};

use super::ExpertBot;
use super::eval::{
    PositionMap, Probs, after_play, flip, scored_in, verdict_after, verdict_chances,
};
use super::playout::{MAX_TURNS, mix};
use crate::engine::{Dice, Play, Position, Variant};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most trials a rollout plays.
pub const MAX_TRIALS: u32 = 10_000_000;
/// The most threads a rollout runs on.
pub const MAX_THREADS: usize = 256;
/// The longest truncation, in turns.
pub const MAX_TRUNCATE: u32 = 10_000;
/// The most lines one rollout rolls out together.
pub const MAX_LINES: usize = 1000;
/// With [`RolloutSettings::prune`], the plays of a roll the nets value: the pruning net's best
/// this many.
pub const PRUNE_KEEP: usize = 3;
/// The deepest look-ahead of the players of a trial.
pub const MAX_ROLLOUT_PLY: u8 = 1;
/// The standard error is checked after every this many trials (one of each first roll).
pub const CHECK_EVERY: u32 = 36;

/// How a rollout is played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RolloutSettings {
    /// The most trials (1 to [`MAX_TRIALS`]).
    pub trials: u32,
    /// Stop a trial after this many turns and value it by the nets (1 to
    /// [`MAX_TRUNCATE`]); `None` plays every trial to the end.
    pub truncate: Option<u32>,
    /// The look-ahead of both players: 0 or 1.
    pub ply: u8,
    /// The seed of the dice.
    pub seed: u64,
    /// Threads to play the trials on (1 to [`MAX_THREADS`]); the result does not depend on it.
    pub threads: usize,
    /// Stop once the equity's standard error of every line is below this (checked every 36
    /// trials); `None` plays every trial.
    pub std_err: Option<f64>,
    /// Subtract the luck of each roll from the trials' outcomes.
    pub variance_reduction: bool,
    /// Prune each roll's plays at 0-ply as GNU Backgammon's rollouts do: a small pruning net
    /// ([`super::shipped_pruner`]) ranks the plays of a contact position and the nets value
    /// only its best [`PRUNE_KEEP`]. A trial then plays a little differently (the pruner
    /// now and then drops the nets' choice) at less than half the time. Backgammon's nets
    /// only (Portes and Jacquet too); other rule sets ignore it.
    pub prune: bool,
}

impl RolloutSettings {
    /// The trials prune: [`RolloutSettings::prune`] asked at 0-ply (a 1-ply trial chooses by
    /// its look-ahead, and its luck scans are not pruned either).
    #[must_use]
    pub fn prunes(&self) -> bool {
        self.prune && self.ply == 0
    }
}

impl Default for RolloutSettings {
    /// 1,296 full trials at 0-ply with variance reduction, seed 1, one thread.
    fn default() -> RolloutSettings {
        RolloutSettings {
            trials: 1296,
            truncate: None,
            ply: 0,
            seed: 1,
            threads: 1,
            std_err: None,
            variance_reduction: true,
            prune: false,
        }
    }
}

/// What a rollout refuses, before it starts.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RolloutError {
    /// A trial count out of range.
    #[error("trials: 1 to {MAX_TRIALS}, not {0}")]
    Trials(u32),
    /// A thread count out of range.
    #[error("threads: 1 to {MAX_THREADS}, not {0}")]
    Threads(usize),
    /// A truncation out of range.
    #[error("truncate: 1 to {MAX_TRUNCATE} turns, not {0}")]
    Truncate(u32),
    /// A look-ahead out of range.
    #[error("ply: 0 or 1 in a rollout, not {0}")]
    Ply(u8),
    /// A standard error that is not a positive number.
    #[error("std-err: a positive number, not {0}")]
    StdErr(f64),
    /// No lines, or too many.
    #[error("lines: 1 to {MAX_LINES}, not {0}")]
    Lines(usize),
    /// A position on roll whose game is already over.
    #[error("the game is already over in line {0}")]
    Over(usize),
    /// The bot has no nets for the rule set.
    #[error("the expert has no nets for {0}")]
    NoNets(Variant),
    /// The pruning nets do not read (a build with a damaged asset).
    #[error("the pruning nets: {0}")]
    Pruner(#[source] super::super::BotError),
    /// A thread could not start (a limit on processes or memory).
    #[error("a thread could not start: {0}")]
    Thread(#[source] std::io::Error),
}

/// One line of a rollout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The position with its player on roll, before it rolls; rolled out for that player.
    OnRoll(Position),
    /// The position just after a play, seen from the player who made it (its opponent rolls
    /// next); rolled out for the player who made the play.
    Played(Position),
}

/// The result of one line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineResult {
    /// The mean chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of
    /// the line's player; with variance reduction they may stray a little outside 0-1.
    pub chances: [f64; 5],
    /// The mean cubeless equity for the line's player.
    pub equity: f64,
    /// The standard error of the equity.
    pub std_err: f64,
    /// The trials played.
    pub trials: u32,
}

impl LineResult {
    /// The chances as the nets' type, each clamped to 0-1 (for cube decisions).
    #[must_use]
    pub fn probs(&self) -> Probs {
        self.chances.map(|c| c.clamp(0.0, 1.0) as f32)
    }
}

/// A rollout's result: one entry per line, in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct Rollout {
    /// The lines' results.
    pub lines: Vec<LineResult>,
    /// The trials played (of each line).
    pub trials: u32,
}

/// Running sums of one line.
#[derive(Debug, Clone, Copy, Default)]
struct Sums {
    chances: [f64; 5],
    equity: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, outcome: &[f64; 5]) {
        for (s, x) in self.chances.iter_mut().zip(outcome) {
            *s += x;
        }
        let e = equity64(outcome);
        self.equity += e;
        self.squares += e * e;
    }

    fn result(&self, n: u32) -> LineResult {
        let count = f64::from(n.max(1));
        let mean = self.equity / count;
        let var = if n > 1 {
            ((self.squares - self.equity * self.equity / count) / (count - 1.0)).max(0.0)
        } else {
            0.0
        };
        LineResult {
            chances: self.chances.map(|c| c / count),
            equity: mean,
            std_err: (var / count).sqrt(),
            trials: n,
        }
    }
}

/// The cubeless equity of chances (or of differences of chances, less the constant).
fn equity64(p: &[f64; 5]) -> f64 {
    2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]
}

/// Chances seen from the other side.
fn flip64(p: &[f64; 5]) -> [f64; 5] {
    [1.0 - p[0], p[3], p[4], p[1], p[2]]
}

/// A difference of chances seen from the other side.
fn flip_diff(d: &[f64; 5]) -> [f64; 5] {
    [-d[0], d[3], d[4], d[1], d[2]]
}

fn widen(p: &Probs) -> [f64; 5] {
    p.map(f64::from)
}

/// The 36 rolls (each non-double twice), in an order shuffled by `seed`.
fn shuffled_36(seed: u64) -> [Dice; 36] {
    let mut all: Vec<Dice> = (1..=6u8)
        .flat_map(|a| (1..=6u8).filter_map(move |b| Dice::new(a, b).ok()))
        .collect();
    all.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    // `all` holds the 36 rolls.
    std::array::from_fn(|i| all[i])
}

/// The stratified first two rolls of the trials.
#[derive(Debug, Clone, Copy)]
struct DicePlan {
    first: [Dice; 36],
    second: [Dice; 36],
    /// The second roll is stratified too.
    two: bool,
}

impl DicePlan {
    fn new(seed: u64, trials: u32) -> DicePlan {
        DicePlan {
            first: shuffled_36(mix(seed ^ 0x00f1_4571)),
            second: shuffled_36(mix(seed ^ 0x005e_c00d)),
            two: trials.is_multiple_of(1296),
        }
    }
}

/// The first roll of trial `trial` of a rollout seeded with `seed`: every 36 consecutive
/// trials from a multiple of 36 see each of the 36 rolls once.
#[must_use]
pub fn first_roll(seed: u64, trial: u32) -> Dice {
    let plan = DicePlan::new(seed, 1);
    TrialDice {
        plan: &plan,
        trial,
        turn: 0,
        rng: ChaCha8Rng::seed_from_u64(trial_seed(seed, trial)),
    }
    .next()
}

/// The dice of one trial: the stratified rolls first, then the trial's own generator.
struct TrialDice<'a> {
    plan: &'a DicePlan,
    trial: u32,
    turn: u32,
    rng: ChaCha8Rng,
}

impl TrialDice<'_> {
    fn next(&mut self) -> Dice {
        let i = (self.trial % 36) as usize;
        let j = ((self.trial % 36 + self.trial / 36) % 36) as usize;
        let d = match self.turn {
            0 => self.plan.first[i],
            1 if self.plan.two => self.plan.second[j],
            _ => Dice::roll(&mut self.rng),
        };
        self.turn += 1;
        d
    }
}

/// The seed of trial `trial`'s own generator.
fn trial_seed(seed: u64, trial: u32) -> u64 {
    mix(mix(seed ^ 0x0007_0110_u64) ^ mix(u64::from(trial)))
}

/// The turns of a trial whose positions every trial of a line may meet (the first two: the
/// start, and the best play of each first roll): their luck scans are kept.
const KEPT_TURNS: u32 = 2;

/// A luck scan: for each of the 21 rolls (in the order of [`super::rolls`]) its best play at
/// 0-ply (`None`: no play) and the mover's chances after it.
type Scan = [(Option<Play>, [f64; 5]); 21];

/// A worker's tools: the bot (on the rule set), buffers for the plays of the turn and for
/// those of the luck scan, the luck scans kept (see the module's documentation) and the
/// positions valued in the scan under way.
struct Player {
    bot: ExpertBot,
    /// The pruning nets (see [`RolloutSettings::prune`]).
    pruner: Option<super::prune::Pruner>,
    /// The plays the pruner keeps.
    kept_plays: Vec<Play>,
    plays: Vec<Play>,
    scan: Vec<Play>,
    kept: PositionMap<Box<Scan>>,
    valued: PositionMap<Probs>,
}

impl Player {
    /// The best play of `plays` at 0-ply and its chances for the mover, scored as the rule
    /// set scores.
    fn best0(&mut self, plays: &[Play]) -> Option<(Play, Probs)> {
        self.among_kept(plays, Player::best0_of)
    }

    /// The best of `plays` at 0-ply, all of them valued (see [`Player::best0`]).
    fn best0_of(&mut self, plays: &[Play]) -> Option<(Play, Probs)> {
        let variant = self.bot.variant;
        let mut best: Option<(Play, Probs, f32)> = None;
        for play in plays {
            let p = scored_in(variant, after_play(&self.bot.nets, play, &mut self.bot.buf));
            let e = super::eval::equity(&p);
            if best.as_ref().is_none_or(|b| e > b.2) {
                best = Some((*play, p, e));
            }
        }
        best.map(|(play, p, _)| (play, p))
    }

    /// `choose` on the plays the pruner keeps of `plays` ([`Player::prune`]), or on all of
    /// them when it keeps them all.
    fn among_kept<R>(&mut self, plays: &[Play], choose: fn(&mut Player, &[Play]) -> R) -> R {
        let mut kept = std::mem::take(&mut self.kept_plays);
        let chosen = if self.prune(plays, &mut kept) {
            choose(self, &kept)
        } else {
            choose(self, plays)
        };
        self.kept_plays = kept;
        chosen
    }

    /// With a pruner: its best [`PRUNE_KEEP`] of `plays` into `out` and `true`, when it
    /// prunes them ([`super::prune::Pruner::keep`]); else `false` (`out` untouched).
    fn prune(&mut self, plays: &[Play], out: &mut Vec<Play>) -> bool {
        let variant = self.bot.variant;
        self.pruner
            .as_mut()
            .is_some_and(|pruner| pruner.keep(variant, plays, out))
    }

    /// [`Player::best0`], each position valued once in a scan (`self.valued`).
    fn best0_in_scan(&mut self, plays: &[Play]) -> Option<(Play, Probs)> {
        self.among_kept(plays, Player::best0_of_in_scan)
    }

    /// [`Player::best0_of`], each position valued once in a scan.
    fn best0_of_in_scan(&mut self, plays: &[Play]) -> Option<(Play, Probs)> {
        let variant = self.bot.variant;
        let mut best: Option<(Play, Probs, f32)> = None;
        for play in plays {
            let p = match self.valued.get(play.position()) {
                Some(p) => *p,
                None => {
                    let p = scored_in(variant, after_play(&self.bot.nets, play, &mut self.bot.buf));
                    self.valued.insert(*play.position(), p);
                    p
                }
            };
            let e = super::eval::equity(&p);
            if best.as_ref().is_none_or(|b| e > b.2) {
                best = Some((*play, p, e));
            }
        }
        best.map(|(play, p, _)| (play, p))
    }

    /// The luck scan of `here` (its mover on roll), worked out afresh.
    fn scan_of(&mut self, here: &Position) -> Box<Scan> {
        let rules = self.bot.nets.variant.rules();
        let mut scan = std::mem::take(&mut self.scan);
        self.valued.clear();
        let mut out = Box::new([(None, [0.0; 5]); 21]);
        for (slot, (d, _)) in out.iter_mut().zip(super::rolls()) {
            rules.legal_plays_into(here, d, &mut scan);
            *slot = match self.best0_in_scan(&scan) {
                Some((play, p)) => (Some(play), widen(&p)),
                // No play: the opponent rolls in the same position.
                None => (
                    None,
                    widen(&flip(&self.bot.chances_at(&here.switched(), 0))),
                ),
            };
        }
        self.scan = scan;
        out
    }

    /// The chances for the mover in `here` after the best play of each of the 21 rolls,
    /// averaged; and the chances and best play of `dice` among them. `keep`: the scan is
    /// kept for the trials to come (a position of the first turns).
    fn luck_scan(
        &mut self,
        here: &Position,
        dice: Dice,
        keep: bool,
    ) -> ([f64; 5], [f64; 5], Option<Play>) {
        let kept;
        let fresh;
        let scan: &Scan = if keep {
            if !self.kept.contains_key(here) {
                let s = self.scan_of(here);
                self.kept.insert(*here, s);
            }
            kept = &self.kept[here];
            kept
        } else {
            fresh = self.scan_of(here);
            &fresh
        };
        let at = |d: Dice| {
            super::rolls()
                .position(|(r, _)| super::luck::same_roll(r, d))
                .unwrap_or(0)
        };
        let (mean, actual) = super::luck::scan(dice, false, |d| scan[at(d)].1);
        (mean, actual, scan[at(dice)].0)
    }

    /// The play a trial makes with `roll` from `here` (into `plays`, its legal plays): the
    /// luck scan's best (`chosen`) or the 0-ply best at 0-ply, the look-ahead's best at
    /// 1-ply; `None` when there is no play.
    fn trial_play(
        &mut self,
        here: &Position,
        roll: Dice,
        chosen: Option<Play>,
        s: &RolloutSettings,
        plays: &mut Vec<Play>,
    ) -> Option<Play> {
        self.bot
            .nets
            .variant
            .rules()
            .legal_plays_into(here, roll, plays);
        if plays.is_empty() {
            None
        } else if s.ply == 0 {
            chosen.or_else(|| self.best0(plays).map(|b| b.0))
        } else {
            self.bot.rank(plays).first().map(|r| r.play)
        }
    }

    /// One trial from `start` (its player on roll): the outcome for that player, less the
    /// luck when `vr`; `None` once `stop` is set (looked at every turn).
    fn trial(
        &mut self,
        start: &Position,
        dice: &mut TrialDice,
        s: &RolloutSettings,
        stop: &AtomicBool,
    ) -> Option<[f64; 5]> {
        let variant = self.bot.variant;
        let horizon = s.truncate.unwrap_or(MAX_TURNS).min(MAX_TURNS);
        let mut here = *start;
        // Whether the player on roll in `here` is the start's player.
        let mut mine = true;
        let mut luck = [0.0f64; 5];
        let mut plays = std::mem::take(&mut self.plays);
        let view = |mine: bool, p: [f64; 5]| if mine { p } else { flip64(&p) };
        let outcome = loop {
            if stop.load(Ordering::Relaxed) {
                self.plays = plays;
                return None;
            }
            if dice.turn >= horizon {
                break view(mine, widen(&self.bot.chances_at(&here, 0)));
            }
            let keep = dice.turn < KEPT_TURNS;
            let roll = dice.next();
            let mut chosen = None;
            if s.variance_reduction {
                let (mean, actual, best) = self.luck_scan(&here, roll, keep);
                let d: [f64; 5] = std::array::from_fn(|k| actual[k] - mean[k]);
                let d = if mine { d } else { flip_diff(&d) };
                for (l, x) in luck.iter_mut().zip(d) {
                    *l += x;
                }
                chosen = best;
            }
            let Some(play) = self.trial_play(&here, roll, chosen, s, &mut plays) else {
                here = here.switched();
                mine = !mine;
                continue;
            };
            if let Some(verdict) = verdict_after(&self.bot.nets, play.position()) {
                break view(mine, widen(&scored_in(variant, verdict_chances(verdict))));
            }
            here = play.position().switched();
            mine = !mine;
        };
        self.plays = plays;
        Some(std::array::from_fn(|k| outcome[k] - luck[k]))
    }

    /// Trial `t` of every line, into `out` (one entry per line); `false`, with nothing of
    /// the trial in `out`, once `stop` is set.
    fn trials_of(
        &mut self,
        lines: &[Line],
        plan: &DicePlan,
        t: u32,
        s: &RolloutSettings,
        stop: &AtomicBool,
        out: &mut Vec<[f64; 5]>,
    ) -> bool {
        let before = out.len();
        for line in lines {
            let mut dice = TrialDice {
                plan,
                trial: t,
                turn: 0,
                rng: ChaCha8Rng::seed_from_u64(trial_seed(s.seed, t)),
            };
            let r = match line {
                Line::OnRoll(position) => self.trial(position, &mut dice, s, stop),
                Line::Played(after) => match verdict_after(&self.bot.nets, after) {
                    Some(v) => Some(widen(&scored_in(self.bot.variant, verdict_chances(v)))),
                    None => self
                        .trial(&after.switched(), &mut dice, s, stop)
                        .map(|r| flip64(&r)),
                },
            };
            let Some(r) = r else {
                out.truncate(before);
                return false;
            };
            out.push(r);
        }
        true
    }
}

/// Checks the settings and the lines.
fn check(
    bot: &ExpertBot,
    variant: Variant,
    lines: &[Line],
    s: &RolloutSettings,
) -> Result<ExpertBot, RolloutError> {
    if !(1..=MAX_TRIALS).contains(&s.trials) {
        return Err(RolloutError::Trials(s.trials));
    }
    if !(1..=MAX_THREADS).contains(&s.threads) {
        return Err(RolloutError::Threads(s.threads));
    }
    if let Some(t) = s.truncate
        && !(1..=MAX_TRUNCATE).contains(&t)
    {
        return Err(RolloutError::Truncate(t));
    }
    if s.ply > MAX_ROLLOUT_PLY {
        return Err(RolloutError::Ply(s.ply));
    }
    if let Some(e) = s.std_err
        && !(e.is_finite() && e > 0.0)
    {
        return Err(RolloutError::StdErr(e));
    }
    if lines.is_empty() || lines.len() > MAX_LINES {
        return Err(RolloutError::Lines(lines.len()));
    }
    let mut bot = bot.clone();
    if !bot.select(variant) {
        return Err(RolloutError::NoNets(variant));
    }
    bot.set_ply(s.ply);
    for (i, line) in lines.iter().enumerate() {
        if let Line::OnRoll(p) = line
            && (p.mover_has_won() || verdict_after(&bot.nets, &p.switched()).is_some())
        {
            return Err(RolloutError::Over(i));
        }
    }
    Ok(bot)
}

/// Rolls out `lines` of `variant` with the expert `bot` (its nets; its ply is the
/// settings'), as the [module documentation](self) says. After every round of trials
/// `progress` is called with the result so far; it returns `false` to stop there (the
/// result so far is then returned).
///
/// # Errors
/// [`RolloutError`] for settings out of range, no lines, a position already over, a rule
/// set the bot has no nets for, or a thread that could not start.
pub fn rollout(
    bot: &ExpertBot,
    variant: Variant,
    lines: &[Line],
    settings: &RolloutSettings,
    progress: impl FnMut(&Rollout) -> bool,
) -> Result<Rollout, RolloutError> {
    rollout_until(
        bot,
        variant,
        lines,
        settings,
        &AtomicBool::new(false),
        progress,
    )
}

/// [`rollout`], ended within a turn once `stop` is set (by another thread, or a signal's
/// handler): the result is then that of the trials done before, in their order (those of
/// a round in progress too, up to the first not done).
///
/// # Errors
/// As [`rollout`].
pub fn rollout_until(
    bot: &ExpertBot,
    variant: Variant,
    lines: &[Line],
    settings: &RolloutSettings,
    stop: &AtomicBool,
    mut progress: impl FnMut(&Rollout) -> bool,
) -> Result<Rollout, RolloutError> {
    let bot = check(bot, variant, lines, settings)?;
    let s = *settings;
    let pruner = pruner_for(&bot, &s)?;
    let plan = DicePlan::new(s.seed, s.trials);
    let mut sums = vec![Sums::default(); lines.len()];
    let result = |sums: &[Sums], n: u32| Rollout {
        lines: sums.iter().map(|x| x.result(n)).collect(),
        trials: n,
    };
    let done = play_rounds(
        &s,
        stop,
        lines.len(),
        || new_player(&bot, pruner.as_ref()),
        |player: &mut Player, a, b| run_chunk(player, lines, &plan, a, b, &s, stop),
        |event| match event {
            Round::Trial(trial, done) => {
                for (sum, outcome) in sums.iter_mut().zip(trial) {
                    sum.add(outcome);
                }
                !(done.is_multiple_of(CHECK_EVERY)
                    && s.std_err
                        .is_some_and(|target| sums.iter().all(|x| x.result(done).std_err < target)))
            }
            Round::Done(done) => progress(&result(&sums, done)),
        },
    )?;
    Ok(result(&sums, done))
}

/// What [`play_rounds`] hands its caller: one trial's results (an entry a line) with the
/// trials done so far, or the end of a round with the trials done.
enum Round<'a, T> {
    /// A trial, summed in trial order: `false` back ends the rollout there (its standard
    /// errors reached).
    Trial(&'a [T], u32),
    /// A round's end: `false` back ends the rollout there.
    Done(u32),
}

/// Plays the trials of a rollout in rounds of [`CHECK_EVERY`] trials a thread, each round
/// split between the threads in contiguous runs, and hands every trial's results to `on`
/// in trial order, then the round's end; until `s.trials` are done, `stop` is set or `on`
/// says to end. `play(player, a, b)` plays trials `a..b` on one worker (`per_trial` results
/// each, fewer once stopped); the workers (`new_player`'s) last the whole rollout, their
/// kept scans with them. Returns the trials done.
fn play_rounds<T: Send>(
    s: &RolloutSettings,
    stop: &AtomicBool,
    per_trial: usize,
    mut new_player: impl FnMut() -> Player,
    play: impl Fn(&mut Player, u32, u32) -> Vec<T> + Sync,
    mut on: impl FnMut(Round<'_, T>) -> bool,
) -> Result<u32, RolloutError> {
    let round = CHECK_EVERY * s.threads as u32;
    let mut players: Vec<Player> = Vec::new();
    let mut done = 0u32;
    'rounds: while done < s.trials {
        let count = round.min(s.trials - done);
        let per = count.div_ceil(s.threads as u32).max(1);
        let chunks: Vec<(u32, u32)> = (0..count)
            .step_by(per as usize)
            .map(|a| (done + a, done + (a + per).min(count)))
            .collect();
        while players.len() < chunks.len() {
            players.push(new_player());
        }
        let parts: Vec<Vec<T>> = if chunks.len() == 1 {
            vec![play(&mut players[0], chunks[0].0, chunks[0].1)]
        } else {
            std::thread::scope(|scope| {
                let play = &play;
                // A thread that cannot start (a process limit) is an error; those started
                // finish their share of the round first.
                let handles: Vec<_> = chunks
                    .iter()
                    .zip(players.iter_mut())
                    .map(|(&(a, b), player)| {
                        std::thread::Builder::new()
                            .name("bg-tui rollout".to_string())
                            .spawn_scoped(scope, move || play(player, a, b))
                    })
                    .collect();
                handles
                    .into_iter()
                    // A worker that panicked passes its panic on: a missing part would
                    // misalign the sums.
                    .map(|h| {
                        h.map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                            .map_err(RolloutError::Thread)
                    })
                    .collect::<Result<_, _>>()
            })?
        };
        for (part, &(a, b)) in parts.iter().zip(&chunks) {
            for trial in part.chunks(per_trial) {
                done += 1;
                if !on(Round::Trial(trial, done)) {
                    break 'rounds;
                }
            }
            // A part stopped short: the trials after it are not all done.
            if part.len() < (b - a) as usize * per_trial {
                break 'rounds;
            }
        }
        if stop.load(Ordering::Relaxed) || !on(Round::Done(done)) {
            break;
        }
    }
    Ok(done)
}

/// The pruning nets of a rollout played with `s` by `bot`'s nets: backgammon's when the
/// trials prune ([`RolloutSettings::prunes`]), else none.
fn pruner_for(
    bot: &ExpertBot,
    s: &RolloutSettings,
) -> Result<Option<Arc<super::Nets>>, RolloutError> {
    if s.prunes() && bot.nets.variant == Variant::Backgammon {
        super::shipped_pruner()
            .map(Some)
            .map_err(RolloutError::Pruner)
    } else {
        Ok(None)
    }
}

/// A worker's tools for `bot`, pruning with `pruner` if given.
fn new_player(bot: &ExpertBot, pruner: Option<&Arc<super::Nets>>) -> Player {
    let mut bot = bot.clone();
    // At 0-ply a trial seldom meets a position twice: looking each one up in the cache
    // costs more than it saves (the values are the same either way). The trials play with
    // the nets' gammon chances in a runner's race (they price gammons by playing them out;
    // the exact search would cost them half their speed).
    bot.buf = if bot.ply == 0 {
        super::eval::Buffers::incremental(&bot.nets)
    } else {
        super::eval::Buffers::with_cache(&bot.nets)
    }
    .nets_in_races();
    Player {
        bot,
        pruner: pruner.map(|n| {
            let buf = super::eval::Buffers::incremental(n).nets_in_races();
            super::prune::Pruner::new(Arc::clone(n), buf)
        }),
        kept_plays: Vec::new(),
        plays: Vec::new(),
        scan: Vec::new(),
        kept: PositionMap::default(),
        valued: PositionMap::default(),
    }
}

/// Trials `a..b` of every line, trial by trial, up to the first that `stop` cut short.
fn run_chunk(
    player: &mut Player,
    lines: &[Line],
    plan: &DicePlan,
    a: u32,
    b: u32,
    s: &RolloutSettings,
    stop: &AtomicBool,
) -> Vec<[f64; 5]> {
    let mut out = Vec::with_capacity(lines.len() * (b - a) as usize);
    for t in a..b {
        if !player.trials_of(lines, plan, t, s, stop, &mut out) {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_36_trials_see_each_first_roll_once() {
        for seed in [1, 2, 99] {
            for block in [0u32, 36, 72 * 5] {
                let mut seen: Vec<(u8, u8)> = (block..block + 36)
                    .map(|t| {
                        let d = first_roll(seed, t);
                        (d.first(), d.second())
                    })
                    .collect();
                seen.sort_unstable();
                let all: Vec<(u8, u8)> = (1..=6u8)
                    .flat_map(|a| (1..=6u8).map(move |b| (a, b)))
                    .collect();
                assert_eq!(seen, all);
            }
        }
    }

    #[test]
    fn every_1296_trials_see_every_first_two_rolls_once() {
        let plan = DicePlan::new(5, 1296);
        let mut pairs: Vec<(u8, u8, u8, u8)> = (0..1296)
            .map(|t| {
                let mut dice = TrialDice {
                    plan: &plan,
                    trial: t,
                    turn: 0,
                    rng: ChaCha8Rng::seed_from_u64(0),
                };
                let (a, b) = (dice.next(), dice.next());
                (a.first(), a.second(), b.first(), b.second())
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), 1296);
    }
}

#[cfg(test)]
mod scan_tests {
    use super::*;

    /// The luck scan as first written: each roll's plays valued one by one, nothing kept.
    fn plain_scan(
        player: &mut Player,
        here: &Position,
        dice: Dice,
    ) -> ([f64; 5], [f64; 5], Option<Play>) {
        let variant = player.bot.nets.variant;
        let mut chosen = None;
        let (mean, actual) = super::super::luck::scan(dice, false, |d| {
            let plays = variant.legal_plays(here, d);
            let (play, p) = match player.best0(&plays) {
                Some((play, p)) => (Some(play), widen(&p)),
                None => (
                    None,
                    widen(&flip(&player.bot.chances_at(&here.switched(), 0))),
                ),
            };
            if super::super::luck::same_roll(d, dice) {
                chosen = play;
            }
            p
        });
        (mean, actual, chosen)
    }

    #[test]
    fn kept_and_deduplicated_scans_are_the_plain_scans_to_the_bit() {
        let Ok(bot) = ExpertBot::shipped(0) else {
            panic!("the shipped nets load");
        };
        for variant in [Variant::Backgammon, Variant::Plakoto, Variant::Fevga] {
            let mut bot = bot.clone();
            assert!(bot.select(variant));
            let mut player = new_player(&bot, None);
            let mut plain = new_player(&bot, None);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut here = variant.start_position();
            for turn in 0..40 {
                let dice = Dice::roll(&mut rng);
                let want = plain_scan(&mut plain, &here, dice);
                // Worked out afresh, then taken from the kept scans (twice: kept once).
                for keep in [false, true, true] {
                    let got = player.luck_scan(&here, dice, keep);
                    assert_eq!(got.0.map(f64::to_bits), want.0.map(f64::to_bits), "{turn}");
                    assert_eq!(got.1.map(f64::to_bits), want.1.map(f64::to_bits), "{turn}");
                    assert_eq!(got.2, want.2, "{variant:?} turn {turn}");
                }
                let plays = variant.legal_plays(&here, dice);
                here = match plays.get(rand::RngExt::random_range(&mut rng, 0..plays.len().max(1)))
                {
                    Some(play) if verdict_after(&bot.nets, play.position()).is_none() => {
                        play.position().switched()
                    }
                    Some(_) => break,
                    None => here.switched(),
                };
            }
        }
    }
}
