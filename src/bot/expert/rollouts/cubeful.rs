//! Cubeful rollouts of a cube decision, as GNU Backgammon rolls one out: the position is
//! played on from both sides of the decision at once, no double (the cube as it is) and
//! double/take (the cube doubled and held by the opponent), and in every trial both sides
//! use the cube as they go.
//!
//! - **One game, two cubes.** A trial plays one game, its checker plays chosen cubeless as
//!   in every rollout (the same plays whatever the cube), and follows the two cubes along
//!   it. Before each roll (not the first: the decision being rolled out is the line's
//!   player's) the player on roll in each branch takes its cube action by the cube model at
//!   0-ply ([`decision_from_chances`]: the nets' chances of the position through
//!   Janowski's formula, its match form at a score): it doubles when double/take or
//!   double/pass is worth more than playing on, and the opponent takes when that costs it
//!   less than passing. A pass ends the branch at the cube's value; otherwise the branch is
//!   valued at the end of the game by the cube it reached (in a match, the match equity
//!   table at the score).
//! - **Values** are those of the present cube ([`CubeInfo`]): in money play per unit of the
//!   cube before the decision (so double/take is directly comparable with the pass's +1),
//!   in a match match-winning chances.
//! - **Variance reduction.** At each roll each branch subtracts the luck of the roll in its
//!   own cubeful terms: the value, for the line's player, of the position after the roll's
//!   best play (the next player on roll taking its best cube action there, at 0-ply) minus
//!   its mean over the 21 rolls, as GNU Backgammon's cubeful rollouts reduce variance.
//! - **Repeatable** as every rollout: the same seed gives the same figures on any number of
//!   threads, and trial `t` sees the dice of trial `t` of a cubeless rollout of the position.

use super::{
    CHECK_EVERY, DicePlan, KEPT_TURNS, Line, LineResult, MAX_TURNS, Player, RolloutError,
    RolloutSettings, Round, Scan, Sums, TrialDice, check, flip_diff, flip64, new_player,
    play_rounds, pruner_for, trial_seed, widen,
};
use crate::bot::expert::ExpertBot;
use crate::bot::expert::cube::{CubeInfo, Stakes, efficiency};
use crate::bot::expert::cubeful::decision_from_chances;
use crate::bot::expert::eval::{Probs, flip, scored_in, verdict_after, verdict_chances};
use crate::bot::expert::luck;
use crate::engine::{Position, Variant};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};

/// A cube decision rolled out cubefully: the cubeless line of the position and the mean
/// cubeful values of no double and double/take, with their standard errors, in the units of
/// the present cube (money: per unit of it; a match: match-winning chances).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeRollout {
    /// The position rolled out cubeless (the same games): its chances and cubeless equity.
    pub cubeless: LineResult,
    /// No double: the mean cubeful value and its standard error.
    pub no_double: (f64, f64),
    /// Double, take: the mean cubeful value and its standard error.
    pub double_take: (f64, f64),
    /// The trials played.
    pub trials: u32,
}

/// What one trial gives: the cubeless outcome (less its luck) and the values of no double
/// and double/take (less theirs).
type CubeTrial = ([f64; 5], [f64; 2]);

/// Running sums of the two cubeful values.
#[derive(Debug, Clone, Copy, Default)]
struct ValueSums {
    sum: [f64; 2],
    squares: [f64; 2],
}

impl ValueSums {
    fn add(&mut self, values: &[f64; 2]) {
        for ((sum, squares), v) in self.sum.iter_mut().zip(&mut self.squares).zip(values) {
            *sum += v;
            *squares += v * v;
        }
    }

    /// Mean and standard error of value `k` over `n` trials.
    fn result(&self, k: usize, n: u32) -> (f64, f64) {
        let count = f64::from(n.max(1));
        let mean = self.sum[k] / count;
        let var = if n > 1 {
            ((self.squares[k] - self.sum[k] * self.sum[k] / count) / (count - 1.0)).max(0.0)
        } else {
            0.0
        };
        (mean, (var / count).sqrt())
    }
}

/// One cube followed through a trial.
#[derive(Debug, Clone, Copy)]
struct Branch {
    /// The cube as the line's player sees it.
    cube: CubeInfo,
    /// The value for the line's player once a pass has ended the branch.
    ended: Option<f64>,
}

/// The value `v` of the cube `c` as the player `mine` (the line's player, or not) sees it,
/// for the line's player in the units of the present cube `line`.
fn for_line(line: &CubeInfo, c: &CubeInfo, mine: bool, v: f32) -> f64 {
    let v = f64::from(v);
    match line.stakes {
        Stakes::Money { .. } => {
            let scale = f64::from(c.value) / f64::from(line.value.max(1));
            if mine { v * scale } else { -v * scale }
        }
        Stakes::Match(_) => {
            if mine {
                v
            } else {
                1.0 - v
            }
        }
    }
}

/// The cube action of the player on roll with chances `p` and the cube `c` (its view),
/// efficiency `x`.
enum Action {
    /// Playing on is worth `.0`.
    PlayOn(f32),
    /// Double, and the opponent takes: worth `.0`.
    DoubleTake(f32),
    /// Double, and the opponent passes: worth `.0`.
    DoublePass(f32),
}

impl Action {
    fn of(p: &Probs, c: &CubeInfo, x: f32) -> Action {
        let [nd, dt, dp] = decision_from_chances(p, c, x).values;
        if c.may_double() && dt.min(dp) > nd {
            if dt <= dp {
                Action::DoubleTake(dt)
            } else {
                Action::DoublePass(dp)
            }
        } else {
            Action::PlayOn(nd)
        }
    }

    const fn value(&self) -> f32 {
        match self {
            Action::PlayOn(v) | Action::DoubleTake(v) | Action::DoublePass(v) => *v,
        }
    }
}

impl Player {
    /// The 21 rolls' best plays and chances from `here` (as [`Player::luck_scan`] reads
    /// them): the kept scan of a first-turn position, else worked out afresh.
    fn scan_copy(&mut self, here: &Position, keep: bool) -> Box<Scan> {
        if !keep {
            return self.scan_of(here);
        }
        if !self.kept.contains_key(here) {
            let s = self.scan_of(here);
            self.kept.insert(*here, s);
        }
        self.kept[here].clone()
    }

    /// The value for the line's player of `branch` once the player who just moved (`mine`:
    /// the line's player) left `after` (its own view) with the chances `p` (its view): the
    /// next player on roll's best cube action there, at 0-ply.
    fn value_after(
        &self,
        line: &CubeInfo,
        branch: &Branch,
        mine: bool,
        after: &Position,
        p: &[f64; 5],
    ) -> f64 {
        if let Some(v) = branch.ended {
            return v;
        }
        let p: Probs = p.map(|c| c.clamp(0.0, 1.0) as f32);
        if verdict_after(&self.bot.nets, after).is_some() {
            let c = if mine {
                branch.cube
            } else {
                branch.cube.flipped()
            };
            return for_line(line, &c, mine, c.cubeless(&p));
        }
        let next = after.switched();
        let c = if mine {
            branch.cube.flipped()
        } else {
            branch.cube
        };
        let action = Action::of(&flip(&p), &c, efficiency(&next));
        for_line(line, &c, !mine, action.value())
    }

    /// Each live branch's cube action by the player on roll in `here` (`mine`: the line's
    /// player), at 0-ply: a double taken turns the branch's cube, one passed ends it.
    fn cube_actions(
        &mut self,
        line: &CubeInfo,
        branches: &mut [Branch; 2],
        here: &Position,
        mine: bool,
    ) {
        let mut chances: Option<Probs> = None;
        for b in branches.iter_mut().filter(|b| b.ended.is_none()) {
            let c = if mine { b.cube } else { b.cube.flipped() };
            if !c.may_double() {
                continue;
            }
            let p = *chances.get_or_insert_with(|| self.bot.chances_at(here, 0));
            match Action::of(&p, &c, efficiency(here)) {
                Action::PlayOn(_) => {}
                Action::DoubleTake(_) => {
                    let taken = c.doubled();
                    b.cube = if mine { taken } else { taken.flipped() };
                }
                Action::DoublePass(v) => b.ended = Some(for_line(line, &c, mine, v)),
            }
        }
    }

    /// The luck of `roll` from `here` (`mine`: the line's player is on roll): in the
    /// cubeless chances (the line's player's view) and in each branch's value, with the
    /// roll's best play from the scan.
    fn cubeful_luck(
        &mut self,
        line: &CubeInfo,
        branches: &[Branch; 2],
        here: &Position,
        mine: bool,
        roll: crate::engine::Dice,
        keep: bool,
    ) -> ([f64; 5], [f64; 2], Option<crate::engine::Play>) {
        let scan = self.scan_copy(here, keep);
        let at = |d| {
            crate::bot::expert::rolls()
                .position(|(r, _)| luck::same_roll(r, d))
                .unwrap_or(0)
        };
        let (mean, actual) = luck::scan(roll, false, |d| {
            let (play, p) = &scan[at(d)];
            let after = play.map_or(*here, |p| *p.position());
            let values = branches.map(|b| self.value_after(line, &b, mine, &after, p));
            [p[0], p[1], p[2], p[3], p[4], values[0], values[1]]
        });
        let d: [f64; 5] = std::array::from_fn(|k| actual[k] - mean[k]);
        let d = if mine { d } else { flip_diff(&d) };
        let values = [actual[5] - mean[5], actual[6] - mean[6]];
        (d, values, scan[at(roll)].0)
    }

    /// One cubeful trial of the cube decision of the player on roll in `start` with the
    /// cube `line` (its view), as the module's documentation says; `None` once `stop` is
    /// set.
    pub(super) fn cubeful_trial(
        &mut self,
        start: &Position,
        line: &CubeInfo,
        dice: &mut TrialDice,
        s: &RolloutSettings,
        stop: &AtomicBool,
    ) -> Option<CubeTrial> {
        let variant = self.bot.variant;
        let horizon = s.truncate.unwrap_or(MAX_TURNS).min(MAX_TURNS);
        let mut branches = [
            Branch {
                cube: *line,
                ended: None,
            },
            Branch {
                cube: line.doubled(),
                ended: None,
            },
        ];
        let mut here = *start;
        let mut mine = true;
        let mut luck = [0.0f64; 5];
        let mut value_luck = [0.0f64; 2];
        let mut plays = std::mem::take(&mut self.plays);
        let view = |mine: bool, p: [f64; 5]| if mine { p } else { flip64(&p) };
        let outcome = loop {
            if stop.load(Ordering::Relaxed) {
                self.plays = plays;
                return None;
            }
            let live = branches.iter().any(|b| b.ended.is_none());
            if dice.turn >= horizon {
                let p = self.bot.chances_at(&here, 0);
                for b in branches.iter_mut().filter(|b| b.ended.is_none()) {
                    let c = if mine { b.cube } else { b.cube.flipped() };
                    let v = Action::of(&p, &c, efficiency(&here)).value();
                    b.ended = Some(for_line(line, &c, mine, v));
                }
                break view(mine, widen(&p));
            }
            // The cube actions before the roll (none before the line's player's first).
            if dice.turn > 0 && live {
                self.cube_actions(line, &mut branches, &here, mine);
            }
            let keep = dice.turn < KEPT_TURNS;
            let roll = dice.next();
            let mut chosen = None;
            if s.variance_reduction {
                let (d, values, best) = self.cubeful_luck(line, &branches, &here, mine, roll, keep);
                for (l, x) in luck.iter_mut().zip(d) {
                    *l += x;
                }
                for (l, x) in value_luck.iter_mut().zip(values) {
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
        // The game's end valued by each cube it reached, for the line's player.
        let end: Probs = outcome.map(|c| c.clamp(0.0, 1.0) as f32);
        let values: [f64; 2] = std::array::from_fn(|k| {
            let b = &branches[k];
            let v = b
                .ended
                .unwrap_or_else(|| for_line(line, &b.cube, true, b.cube.cubeless(&end)));
            v - value_luck[k]
        });
        Some((std::array::from_fn(|k| outcome[k] - luck[k]), values))
    }
}

/// Rolls out the cube decision of the player on roll in `position` (a game of `variant`)
/// with the cube `cube` (its view) cubefully, as GNU Backgammon rolls one out: each trial
/// plays one game (its plays cubeless) and follows no double and double/take along it, both
/// sides turning the cube before each roll (not the first) at 0-ply by the cube model, a
/// pass ending a branch, each branch's luck subtracted in its own cubeful terms. The values
/// are in the units of `cube` (money: per unit of it; a match: match-winning chances).
/// `bot`'s nets play with `settings` (as [`super::rollout_until`]: trials, seed, threads,
/// truncation, look-ahead, variance reduction, pruning); the cubeless line is the one a
/// plain rollout of the position gives, to the bit. After every round of trials `progress`
/// is called with the result so far; it returns `false` to stop there. Ends within a turn
/// once `stop` is set, with the trials done before it.
///
/// # Errors
/// As [`super::rollout`].
pub fn cube_rollout_until(
    bot: &ExpertBot,
    variant: Variant,
    position: &Position,
    cube: &CubeInfo,
    settings: &RolloutSettings,
    stop: &AtomicBool,
    mut progress: impl FnMut(&CubeRollout) -> bool,
) -> Result<CubeRollout, RolloutError> {
    let bot = check(bot, variant, &[Line::OnRoll(*position)], settings)?;
    let s = *settings;
    let pruner = pruner_for(&bot, &s)?;
    let plan = DicePlan::new(s.seed, s.trials);
    let mut cubeless = Sums::default();
    let mut values = ValueSums::default();
    let result = |cubeless: &Sums, values: &ValueSums, n: u32| CubeRollout {
        cubeless: cubeless.result(n),
        no_double: values.result(0, n),
        double_take: values.result(1, n),
        trials: n,
    };
    let play = |player: &mut Player, a: u32, b: u32| -> Vec<CubeTrial> {
        let mut out = Vec::with_capacity((b - a) as usize);
        for t in a..b {
            let mut dice = TrialDice {
                plan: &plan,
                trial: t,
                turn: 0,
                rng: ChaCha8Rng::seed_from_u64(trial_seed(s.seed, t)),
            };
            match player.cubeful_trial(position, cube, &mut dice, &s, stop) {
                Some(r) => out.push(r),
                None => break,
            }
        }
        out
    };
    let done = play_rounds(
        &s,
        stop,
        1,
        || new_player(&bot, pruner.as_ref()),
        play,
        |event| match event {
            Round::Trial(trial, done) => {
                for (outcome, v) in trial {
                    cubeless.add(outcome);
                    values.add(v);
                }
                !(done.is_multiple_of(CHECK_EVERY)
                    && s.std_err.is_some_and(|target| {
                        values.result(0, done).1 < target && values.result(1, done).1 < target
                    }))
            }
            Round::Done(done) => progress(&result(&cubeless, &values, done)),
        },
    )?;
    Ok(result(&cubeless, &values, done))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::expert::cube::{Holder, MatchScore};

    fn bot() -> ExpertBot {
        ExpertBot::shipped(0).expect("the shipped nets")
    }

    fn roll_out(position: &Position, cube: &CubeInfo, s: &RolloutSettings) -> CubeRollout {
        cube_rollout_until(
            &bot(),
            Variant::Backgammon,
            position,
            cube,
            s,
            &AtomicBool::new(false),
            |_| true,
        )
        .expect("a rollout")
    }

    /// A small bear-off, where the two-sided database holds the exact cubeful money values
    /// (a double and a take: no double +0.388, double/take +0.436): the rolled-out no
    /// double and double/take are near them, far nearer than the cubeless equity the same
    /// games give (+0.26: a rollout that never turned the cube would be that far off).
    #[test]
    fn a_small_bear_off_rolls_out_to_the_exact_cubeful_values() {
        let mut board = [0i8; 26];
        // The player on roll: one each on its 6-, 5-, 4- and 2-points; the opponent one
        // each on its 6-, 4-, 3- and 1-points (the mover's 19, 21, 22 and 24).
        for p in [6, 5, 4, 2] {
            board[p] = 1;
        }
        for p in [19, 21, 22, 24] {
            board[p] = -1;
        }
        let position = Position::from_board(board).expect("a position");
        let exact = bot().exact_no_double(&position).expect("in the database");
        let (centred, theirs) = (f64::from(exact[0]), 2.0 * f64::from(exact[2]));
        let s = RolloutSettings {
            trials: 1296,
            ..RolloutSettings::default()
        };
        let r = roll_out(
            &position,
            &CubeInfo::money(1, Holder::Centre, false, false),
            &s,
        );
        let cubeless = r.cubeless.equity;
        eprintln!(
            "exact {centred:.4} / {theirs:.4}, rolled out {:?} / {:?}, cubeless {cubeless:.4}",
            r.no_double, r.double_take
        );
        assert!(
            (cubeless - centred).abs() > 0.1,
            "the cube matters here: cubeless {cubeless}, exact {centred}"
        );
        assert!(
            (r.no_double.0 - centred).abs() < 0.03,
            "no double {:?} against the exact {centred}",
            r.no_double
        );
        assert!(
            (r.double_take.0 - theirs).abs() < 0.05,
            "double/take {:?} against the exact {theirs}",
            r.double_take
        );
    }

    /// Double match point: the cube is dead, so the no-double value is the match-winning
    /// chance of the rolled-out chances (without variance reduction, each a plain mean of
    /// the same games).
    #[test]
    fn a_dead_cube_rolls_out_to_the_cubeless_match_winning_chances() {
        let score = MatchScore {
            mine: 1,
            theirs: 1,
            crawford_game: false,
            crawford_rule: true,
        };
        let cube = CubeInfo::in_match(1, Holder::Centre, score);
        let s = RolloutSettings {
            trials: 72,
            variance_reduction: false,
            ..RolloutSettings::default()
        };
        let r = roll_out(&Position::START, &cube, &s);
        let mwc = f64::from(cube.cubeless(&r.cubeless.probs()));
        assert!(
            (r.no_double.0 - mwc).abs() < 1e-5,
            "{:?} against {mwc}",
            r.no_double
        );
        assert!((r.no_double.0 - r.cubeless.chances[0]).abs() < 1e-5);
    }

    /// The cubeless line of a cubeful rollout is the plain rollout's of the position, to
    /// the bit: the same games, the same luck (pruned and truncated, as the hint panel
    /// rolls out).
    #[test]
    fn the_cubeless_line_is_the_plain_rollouts() {
        let position = crate::engine::position_from_id("mp2DARjcNoMBBg").expect("a position");
        let cube = CubeInfo::money(1, Holder::Centre, false, false);
        let s = RolloutSettings {
            trials: 72,
            truncate: Some(11),
            prune: true,
            ..RolloutSettings::default()
        };
        let plain = super::super::rollout(
            &bot(),
            Variant::Backgammon,
            &[Line::OnRoll(position)],
            &s,
            |_| true,
        )
        .expect("a rollout");
        assert_eq!(roll_out(&position, &cube, &s).cubeless, plain.lines[0]);
    }

    /// The same seed gives the same figures on one thread and on two.
    #[test]
    fn threads_do_not_change_a_cubeful_rollout() {
        let cube = CubeInfo::money(1, Holder::Centre, false, false);
        let one = RolloutSettings {
            trials: 72,
            ..RolloutSettings::default()
        };
        let two = RolloutSettings { threads: 2, ..one };
        let position = Position::START;
        assert_eq!(
            roll_out(&position, &cube, &one),
            roll_out(&position, &cube, &two)
        );
    }
}
