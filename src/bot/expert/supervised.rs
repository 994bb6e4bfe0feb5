//! Supervised training on rollouts: positions drawn from self-play, each valued by rolling
//! it out with the current nets (or by their own look-ahead, [`look_ahead_all`]), and the
//! nets then fitted to those values.
//!
//! A rollout of a position plays it on many times with the nets at 0-ply (both sides) and
//! averages the results. Ours are *truncated*: each trial plays at most `horizon` turns and
//! is then valued by the nets, so that a trial costs a fraction of a whole game. The
//! variance is reduced as GNU Backgammon's rollouts do, by stratifying the first roll: trial
//! `t` starts with roll `t mod 36` of the 36, so that every 36 trials see each first roll
//! exactly once; the rest of a trial's dice come from a generator seeded by the rollout's
//! seed and `t`.

use super::eval::{Buffers, Probs, after_play, equity, evaluate, flip, train, verdict_after, won};
use super::format::Nets;
use super::playout::{best_play, mix};
use super::train::game_seed;
use crate::engine::{Dice, Opening, Play, Position, WinKind, legal_plays_into};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// The 36 rolls, in a fixed order (each non-double twice).
fn all_36() -> impl Iterator<Item = Dice> {
    (1..=6u8).flat_map(|a| (1..=6u8).filter_map(move |b| Dice::new(a, b).ok()))
}

/// The chances of the player on roll in `position` (before rolling), by `trials` trials
/// of at most `horizon` turns each (see the [module documentation](self)). `position` must
/// not be over.
pub fn rollout(
    nets: &Nets,
    position: &Position,
    trials: u32,
    horizon: u32,
    seed: u64,
    buf: &mut Buffers,
    plays: &mut Vec<Play>,
) -> Probs {
    let first_rolls: Vec<Dice> = all_36().collect();
    let horizon = horizon.min(super::playout::MAX_TURNS);
    let mut sum = [0.0f64; 5];
    for t in 0..trials {
        let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ mix(u64::from(t))));
        let mut dice = first_rolls[t as usize % first_rolls.len()];
        let mut here = *position;
        // `p` is the chances of the player who moves in turn `turn` (from 0).
        let mut turn = 0;
        let p = loop {
            if turn == horizon {
                break evaluate(nets, &here, buf);
            }
            legal_plays_into(&here, dice, plays);
            match best_play(nets, plays, buf) {
                Some((play, p)) => {
                    let after = *play.position();
                    if after.mover_has_won() {
                        break won(WinKind::of_win(&after));
                    }
                    if turn + 1 == horizon {
                        // The 0-ply value after the play is the nets' view of the next turn.
                        break p;
                    }
                    here = after.switched();
                }
                None => here = here.switched(),
            }
            turn += 1;
            dice = Dice::roll(&mut rng);
        };
        // Turns alternate: the player of turn `turn` is the one on roll in `position` when
        // `turn` is even.
        let p = if turn % 2 == 0 { p } else { flip(&p) };
        for (s, x) in sum.iter_mut().zip(p) {
            *s += f64::from(x);
        }
    }
    sum.map(|s| (s / f64::from(trials.max(1))) as f32)
}

/// `count` positions from self-play games at 0-ply on `nets`, in their rule set (game `g`
/// of them draws its dice from [`game_seed`]`(seed, first_game + g)`), each before its
/// player rolls: from every game, each position with a chance of one in `spread`, leaving
/// out finished games and the races the bear-off database knows exactly. Returns the
/// positions and the games played.
pub fn sample_positions(
    nets: &Nets,
    seed: u64,
    first_game: u64,
    count: usize,
    spread: u32,
) -> (Vec<Position>, u64) {
    sample_positions_exploring(nets, seed, first_game, count, spread, 0)
}

/// How far below the best play (cubeless equity at 0-ply) a play may be and still be
/// chosen by an exploring turn of [`sample_positions_exploring`].
pub const EXPLORE_MARGIN: f32 = 0.08;
/// The most plays an exploring turn chooses among (the best of them included).
pub const EXPLORE_AMONG: usize = 4;

/// [`sample_positions`], with some near-best plays: when `explore` is not 0, a turn of the
/// self-play games plays, with a chance of one in `explore`, one of its best
/// [`EXPLORE_AMONG`] plays within [`EXPLORE_MARGIN`] of the best, drawn evenly, so that the
/// positions are not only those the nets' own play reaches. With `explore` 0 it is
/// [`sample_positions`], draw for draw.
pub fn sample_positions_exploring(
    nets: &Nets,
    seed: u64,
    first_game: u64,
    count: usize,
    spread: u32,
    explore: u32,
) -> (Vec<Position>, u64) {
    sample_positions_against(
        nets,
        seed,
        first_game,
        count,
        spread,
        explore,
        Opponent::Nets,
    )
}

/// Who plays against the nets in the games positions are drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Opponent {
    /// The nets themselves: self-play.
    #[default]
    Nets,
    /// pubeval (Tesauro's benchmark, [`crate::bot::pubeval`]) plays one side of each game:
    /// the side that moves second in the first game, first in the next, and so on. A
    /// weaker player's positions (its blots, its checkers closed out), which the nets' own
    /// games seldom reach. Backgammon moves only: elsewhere the nets play both sides.
    Pubeval,
}

/// [`sample_positions_exploring`] from games against `opponent`: both sides' positions
/// are drawn alike, and the nets' turns explore as there. With [`Opponent::Nets`] it is
/// [`sample_positions_exploring`], draw for draw.
pub fn sample_positions_against(
    nets: &Nets,
    seed: u64,
    first_game: u64,
    count: usize,
    spread: u32,
    explore: u32,
    opponent: Opponent,
) -> (Vec<Position>, u64) {
    let rules = nets.variant.rules();
    let pubeval = opponent == Opponent::Pubeval && crate::bot::moves_as_backgammon(nets.variant);
    let mut buf = Buffers::incremental(nets);
    let mut plays = Vec::new();
    let mut out = Vec::with_capacity(count);
    let mut games = 0;
    while out.len() < count {
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed, first_game + games));
        games += 1;
        // As in self-play: backgammon's opening roll is never a double; the Tavli games'
        // starter rolls afresh.
        let mut dice = loop {
            let d = Dice::roll(&mut rng);
            if d.first() != d.second() || rules.opening() == Opening::StarterRolls {
                break d;
            }
        };
        let mut position = rules.start();
        for turn in 0..u64::from(super::playout::MAX_TURNS) {
            let exact = position.is_race()
                && super::bearoff::BearoffDb::shared()
                    .chances(&position)
                    .is_some();
            if !exact && rng.random_range(0..spread.max(1)) == 0 && out.len() < count {
                out.push(position);
            }
            rules.legal_plays_into(&position, dice, &mut plays);
            let exploring = explore > 0 && rng.random_range(0..explore) == 0;
            // pubeval's turns: the second mover's in the first game (`games` is 1 there).
            let chosen = if pubeval && (turn + games) % 2 == 0 {
                crate::bot::pubeval::rank(&position, &plays)
                    .first()
                    .map(|s| s.play)
            } else if exploring {
                near_best_play(nets, &plays, &mut buf, &mut rng)
            } else {
                best_play(nets, &plays, &mut buf).map(|b| b.0)
            };
            match chosen {
                Some(play) if verdict_after(nets, play.position()).is_some() => break,
                Some(play) => position = play.position().switched(),
                None => position = position.switched(),
            }
            dice = Dice::roll(&mut rng);
        }
    }
    (out, games)
}

/// One of the best [`EXPLORE_AMONG`] plays of `plays` within [`EXPLORE_MARGIN`] of the
/// best at 0-ply, drawn evenly by `rng`; `None` when `plays` is empty.
fn near_best_play(
    nets: &Nets,
    plays: &[Play],
    buf: &mut Buffers,
    rng: &mut ChaCha8Rng,
) -> Option<Play> {
    let mut valued: Vec<(f32, Play)> = plays
        .iter()
        .map(|play| (equity(&after_play(nets, play, buf)), *play))
        .collect();
    valued.sort_by(|a, b| b.0.total_cmp(&a.0));
    let best = valued.first()?.0;
    let near = valued
        .iter()
        .take(EXPLORE_AMONG)
        .take_while(|(e, _)| best - e <= EXPLORE_MARGIN)
        .count()
        .max(1);
    valued.get(rng.random_range(0..near)).map(|v| v.1)
}

/// Rolls out every position of `positions` (as [`rollout`], position `i` with seed
/// `mix(seed ^ i)`) on `threads` threads, calling `done` with the number finished as they
/// finish (from the calling thread, every few positions).
pub fn rollout_all(
    nets: &Nets,
    positions: &[Position],
    trials: u32,
    horizon: u32,
    seed: u64,
    threads: usize,
    done: impl FnMut(usize),
) -> Vec<Probs> {
    value_all(positions, threads, done, || {
        let mut buf = Buffers::incremental(nets);
        let mut plays = Vec::new();
        move |i: usize, position: &Position| {
            rollout(
                nets,
                position,
                trials,
                horizon,
                mix(seed ^ mix(i as u64)),
                &mut buf,
                &mut plays,
            )
        }
    })
}

/// The chances of the player on roll in every position of `positions`, `ply` rolls ahead
/// by the expert on `nets` ([`super::ExpertBot::chances`]: the nets' own look-ahead, with
/// its move filters), on `threads` threads, calling `done` as [`rollout_all`] does.
pub fn look_ahead_all(
    nets: &Nets,
    positions: &[Position],
    ply: u8,
    threads: usize,
    done: impl FnMut(usize),
) -> Vec<Probs> {
    let shared = std::sync::Arc::new(nets.clone());
    value_all(positions, threads, done, || {
        let mut bot = super::ExpertBot::new(std::sync::Arc::clone(&shared), ply);
        move |_: usize, position: &Position| bot.chances(position)
    })
}

/// Examples for teaching a small net to rank plays as `teacher` does (a pruning net): the
/// positions of [`play_positions`] valued by `teacher` at 0-ply.
#[must_use]
pub fn play_examples(teacher: &Nets, positions: &[Position], seed: u64) -> Vec<(Position, Probs)> {
    let mut buf = Buffers::incremental(teacher);
    play_positions(positions, seed)
        .into_iter()
        .map(|after| {
            let p = evaluate(teacher, &after, &mut buf);
            (after, p)
        })
        .collect()
}

/// For each position of `positions`, one roll drawn from `seed` and every legal play's
/// position (the opponent on roll), leaving out races and finished games: the good plays
/// and the bad ones that a net must rank below them, which self-play alone seldom shows it.
#[must_use]
pub fn play_positions(positions: &[Position], seed: u64) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ 0xd157));
    let mut plays = Vec::new();
    let mut out = Vec::new();
    for position in positions {
        legal_plays_into(position, Dice::roll(&mut rng), &mut plays);
        for play in &plays {
            let after = play.position().switched();
            if after.is_race() || play.position().mover_has_won() {
                continue;
            }
            out.push(after);
        }
    }
    out
}

/// Values every position of `positions` on `threads` threads, each thread with its own
/// valuer from `make` (called with a position's index and the position), calling `done`
/// with the number finished as they finish (from the calling thread, every few positions).
fn value_all<F>(
    positions: &[Position],
    threads: usize,
    mut done: impl FnMut(usize),
    make: impl Fn() -> F + Sync,
) -> Vec<Probs>
where
    F: FnMut(usize, &Position) -> Probs,
{
    let threads = threads.max(1);
    let chunk = positions.len().div_ceil(threads).max(1);
    let (tx, rx) = std::sync::mpsc::channel::<usize>();
    let make = &make;
    let work = |c: usize, part: &[Position], tx: std::sync::mpsc::Sender<usize>| {
        let mut value = make();
        let mut out = Vec::with_capacity(part.len());
        for (k, position) in part.iter().enumerate() {
            out.push(value(c * chunk + k, position));
            if k % 16 == 15 {
                // The receiver only goes away when every sender is done.
                let _ = tx.send(16);
            }
        }
        (c, out)
    };
    let work = &work;
    let mut parts: Vec<(usize, Vec<Probs>)> = std::thread::scope(|s| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                let tx = tx.clone();
                // A part whose thread cannot start (a process limit) is valued on this
                // thread once the others are done.
                std::thread::Builder::new()
                    .spawn_scoped(s, move || work(c, part, tx))
                    .map_err(|_| (c, part))
            })
            .collect();
        drop(tx);
        let mut finished = 0;
        for n in rx {
            finished += n;
            done(finished);
        }
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                Err((c, part)) => work(c, part, std::sync::mpsc::channel().0),
            })
            .collect()
    });
    parts.sort_by_key(|p| p.0);
    parts.into_iter().flat_map(|p| p.1).collect()
}

/// Fits `nets` to `data` (positions with the chances of the player on roll): `epochs`
/// passes in an order shuffled by `seed`, each example one gradient step of `alpha`.
/// Returns the mean squared error of the outputs over `data` before and after.
pub fn fit(
    nets: &mut Nets,
    data: &[(Position, Probs)],
    epochs: u32,
    alpha: f32,
    seed: u64,
) -> (f64, f64) {
    let plan = FitPlan::constant(epochs, alpha);
    let report = fit_planned(nets, data, &[], plan, seed, |_| {});
    (report.before, report.after)
}

/// How a supervised fit goes: its passes, their steps and the part of the data held out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitPlan {
    /// Passes over the fitted positions.
    pub epochs: u32,
    /// The step of the first pass.
    pub alpha: f32,
    /// The step of the last pass: the steps fall geometrically, pass by pass, from `alpha`
    /// to it (equal to `alpha`: one step throughout).
    pub final_alpha: f32,
    /// The share of the positions held out, never fitted (0 to 0.5): chosen by the position
    /// itself, so that a position found twice is on one side. With some held out, the nets
    /// of the pass whose held-out error was lowest are the ones kept.
    pub holdout: f64,
}

impl FitPlan {
    /// `epochs` passes of one step `alpha`, nothing held out.
    #[must_use]
    pub const fn constant(epochs: u32, alpha: f32) -> FitPlan {
        FitPlan {
            epochs,
            alpha,
            final_alpha: alpha,
            holdout: 0.0,
        }
    }

    /// The step of pass `epoch` (0-based).
    #[must_use]
    pub fn alpha_of(&self, epoch: u32) -> f32 {
        if self.epochs <= 1 || self.final_alpha == self.alpha {
            return self.alpha;
        }
        let ratio = f64::from(self.final_alpha) / f64::from(self.alpha);
        let t = f64::from(epoch) / f64::from(self.epochs - 1);
        (f64::from(self.alpha) * ratio.powf(t)) as f32
    }

    /// Whether `position` is among the held-out ones.
    #[must_use]
    pub fn holds_out(&self, position: &Position) -> bool {
        use std::hash::Hash;
        if self.holdout <= 0.0 {
            return false;
        }
        // A hasher without a key (the std's has a random one): the same positions are held
        // out in every run.
        let mut hasher = FixedHasher(0);
        position.hash(&mut hasher);
        (mix(hasher.0) % 1_000_000) as f64 / 1_000_000.0 < self.holdout
    }
}

/// A hasher with no random key, folding each word in with [`mix`].
struct FixedHasher(u64);

impl std::hash::Hasher for FixedHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = mix(self.0 ^ word);
    }
}

/// One pass of a planned fit, as it ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pass {
    /// The pass (1 for the first).
    pub epoch: u32,
    /// Its step.
    pub alpha: f32,
    /// The held-out positions' mean squared error after it (`None`: none held out).
    pub held_out: Option<f64>,
}

/// What a planned fit came to.
#[derive(Debug, Clone, PartialEq)]
pub struct FitReport {
    /// Positions fitted.
    pub fitted: usize,
    /// Their mean squared error before the fit.
    pub before: f64,
    /// And after it (with the nets kept).
    pub after: f64,
    /// The held-out part, where there is one.
    pub held_out: Option<HeldOut>,
}

/// The held-out part of a planned fit.
#[derive(Debug, Clone, PartialEq)]
pub struct HeldOut {
    /// Positions held out.
    pub positions: usize,
    /// Their mean squared error before the fit.
    pub before: f64,
    /// After each pass.
    pub by_epoch: Vec<f64>,
    /// The pass whose nets were kept, the lowest held-out error (0: the nets as they were,
    /// when no pass improved on them).
    pub best_epoch: u32,
}

impl HeldOut {
    /// The held-out error of the nets kept.
    #[must_use]
    pub fn best(&self) -> f64 {
        match self.best_epoch {
            0 => self.before,
            e => self.by_epoch[e as usize - 1],
        }
    }
}

/// Fits `nets` to `data` as `plan` says, and to `also` (never held out), in orders
/// shuffled by `seed`, calling `on_pass` after each pass; with a held-out part of `data`
/// the nets of its best pass are kept.
pub fn fit_planned(
    nets: &mut Nets,
    data: &[(Position, Probs)],
    also: &[(Position, Probs)],
    plan: FitPlan,
    seed: u64,
    mut on_pass: impl FnMut(Pass),
) -> FitReport {
    let (held, mut fitted): (Vec<_>, Vec<_>) =
        data.iter().copied().partition(|(p, _)| plan.holds_out(p));
    fitted.extend_from_slice(also);
    let mut buf = Buffers::new(nets);
    let before = mean_squared_error(nets, &fitted, &mut buf);
    let mut held_out = (!held.is_empty()).then(|| HeldOut {
        positions: held.len(),
        before: mean_squared_error(nets, &held, &mut buf),
        by_epoch: Vec::new(),
        best_epoch: 0,
    });
    // The nets with the lowest held-out error so far (at first, the nets as they came).
    let mut best_nets = held_out.as_ref().map(|_| nets.clone());
    let mut order: Vec<usize> = (0..fitted.len()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ 0x5afe));
    for epoch in 0..plan.epochs {
        let alpha = plan.alpha_of(epoch);
        order.shuffle(&mut rng);
        for &i in &order {
            let (position, target) = &fitted[i];
            train(nets, position, target, alpha, &mut buf);
        }
        let error = held_out.as_mut().map(|h| {
            let error = mean_squared_error(nets, &held, &mut buf);
            h.by_epoch.push(error);
            if error < h.best() {
                h.best_epoch = epoch + 1;
                best_nets = Some(nets.clone());
            }
            error
        });
        on_pass(Pass {
            epoch: epoch + 1,
            alpha,
            held_out: error,
        });
    }
    if let Some(best) = best_nets {
        *nets = best;
    }
    FitReport {
        fitted: fitted.len(),
        before,
        after: mean_squared_error(nets, &fitted, &mut buf),
        held_out,
    }
}

/// The mean over `data` of the squared differences between the nets' outputs and the
/// targets (summed over the five outputs).
pub fn mean_squared_error(nets: &Nets, data: &[(Position, Probs)], buf: &mut Buffers) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let total: f64 = data
        .iter()
        .map(|(position, target)| {
            let out = super::eval::net_outputs(nets, position, buf);
            out.iter()
                .zip(target)
                .map(|(o, t)| f64::from(o - t).powi(2))
                .sum::<f64>()
        })
        .sum();
    total / data.len() as f64
}

/// The equity's slope along each output ([`equity`] is linear in them).
const EQUITY_SLOPE: Probs = [2.0, 1.0, 1.0, -1.0, -1.0];

/// What a pass of [`fit_pairs`] found before its steps: the decisions' mean squared error of
/// the centred equities (each line's equity less its decision's mean, the nets' against the
/// rollouts'), and how often the nets' best line was the rollouts' best.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairPass {
    /// The pass (1 for the first).
    pub epoch: u32,
    /// The centred equities' mean squared error, before the pass's steps.
    pub centred_error: f64,
    /// The share of decisions whose best line by the nets is the rollouts' best.
    pub agree: f64,
}

/// Fits `nets` to decisions (each a roll's close plays, the position after each with the
/// rollouts' chances for its player on roll): each pass, for every decision, a step of each
/// line towards its rolled-out chances (weighted `value_weight`, 0 for none) and a step
/// (weighted `pair_weight`) towards its outputs moved along the equity's slope by its error
/// *relative to its decision's other lines* (its equity less the decision's mean, against
/// the same of the rollouts), so that the nets rank a roll's plays as the rollouts do. Decisions with a race line are skipped;
/// returns how many were fitted (none: no pass is made).
pub fn fit_pairs(
    nets: &mut Nets,
    decisions: &[Vec<(Position, Probs)>],
    plan: FitPlan,
    value_weight: f32,
    pair_weight: f32,
    seed: u64,
    mut on_pass: impl FnMut(PairPass),
) -> usize {
    let decisions: Vec<&Vec<(Position, Probs)>> = decisions
        .iter()
        .filter(|d| d.len() >= 2 && d.iter().all(|(p, _)| !p.is_race()))
        .collect();
    if decisions.is_empty() {
        return 0;
    }
    let mut buf = Buffers::new(nets);
    let mut order: Vec<usize> = (0..decisions.len()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ 0x9a17));
    let norm: f32 = EQUITY_SLOPE.iter().map(|g| g * g).sum();
    for epoch in 0..plan.epochs {
        let alpha = plan.alpha_of(epoch);
        order.shuffle(&mut rng);
        let (mut squares, mut lines, mut agree) = (0.0f64, 0usize, 0usize);
        for &k in &order {
            let decision = decisions[k];
            let outs: Vec<Probs> = decision
                .iter()
                .map(|(p, _)| super::eval::net_outputs(nets, p, &mut buf))
                .collect();
            let ours: Vec<f32> = outs.iter().map(equity).collect();
            let theirs: Vec<f32> = decision.iter().map(|(_, t)| equity(t)).collect();
            let n = ours.len() as f32;
            let (mean_ours, mean_theirs) =
                (ours.iter().sum::<f32>() / n, theirs.iter().sum::<f32>() / n);
            // The lines are positions the opponent rolls in: the player's best is the least.
            let least = |v: &[f32]| {
                (0..v.len())
                    .min_by(|&a, &b| v[a].total_cmp(&v[b]))
                    .unwrap_or(0)
            };
            agree += usize::from(least(&ours) == least(&theirs));
            for (i, (position, target)) in decision.iter().enumerate() {
                let d = (ours[i] - mean_ours) - (theirs[i] - mean_theirs);
                squares += f64::from(d * d);
                lines += 1;
                if value_weight > 0.0 {
                    train(nets, position, target, alpha * value_weight, &mut buf);
                }
                if pair_weight > 0.0 {
                    let moved: Probs = std::array::from_fn(|o| {
                        (outs[i][o] - d * EQUITY_SLOPE[o] / norm).clamp(0.0, 1.0)
                    });
                    train(nets, position, &moved, alpha * pair_weight, &mut buf);
                }
            }
        }
        on_pass(PairPass {
            epoch: epoch + 1,
            centred_error: squares / lines.max(1) as f64,
            agree: agree as f64 / decisions.len().max(1) as f64,
        });
    }
    decisions.len()
}
