//! Close cube decisions, settled by a rollout.
//!
//! The nets' chances err by a few points of wins, and a cube decision whose actions are
//! valued within such an error of each other can go either way at any depth: at 2-ply the
//! no-double equity of a money decision is off GNU Backgammon's by 0.041 on average (the
//! fixtures of `tests/fixtures/gnubg/`). Such a decision is *close* ([`is_close`]): doubling
//! and not doubling, or taking and passing, within [`CLOSE_MARGIN`] (normalised money
//! equity) of each other, where the cube can be turned at all. GNU Backgammon's own test
//! (`isCloseCubedecision`, for the analysis' "close or actual" cube decisions) asks only
//! whether doubling costs less than 0.16; this one asks both questions of the decision, at a
//! margin of about twice the nets' mean error.
//!
//! A close decision is settled (`settle`) by rolling the position out cubefully for at
//! most a number of trials and a time (at 0-ply, full games with variance reduction:
//! [`super::rollouts::cube_rollout_until`]): both sides use the cube in every trial, as in
//! GNU Backgammon's rollouts of a cube decision, so the rolled-out no double and
//! double/take are the decision's figures, at the score; `bg-tui rollout` and the hint
//! panel roll a cube decision out the same way.

use super::ExpertBot;
use super::cube::CubeInfo;
use super::cubeful::{CubefulDecision, decision_from_values};
use super::net::Probs;
use super::rollouts::{CubeRollout, RolloutSettings, cube_rollout_until};
use crate::engine::{MatchState, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Actions valued within this much of each other (normalised money equity, per unit of the
/// cube) make a close decision: about twice the nets' mean error on a no-double equity.
pub const CLOSE_MARGIN: f32 = 0.08;

/// The cube decision with the equities `emg` (no double, double/take, double/pass,
/// normalised, the player on roll's view) is close: the cube can be turned (`may_double`)
/// and doubling is within [`CLOSE_MARGIN`] of not doubling, or taking within it of passing.
#[must_use]
pub fn is_close(emg: [f32; 3], may_double: bool) -> bool {
    let [no_double, take, pass] = emg;
    may_double
        && ((no_double - take.min(pass)).abs() < CLOSE_MARGIN || (take - pass).abs() < CLOSE_MARGIN)
}

/// How close cube decisions are rolled out: at most `trials` trials and `seconds` of wall
/// time (checked after every 36 trials), on `threads` threads, the dice seeded by `seed`.
/// The default, 1,296 trials within 3 seconds on one thread, settles a decision in a few
/// seconds of one core (about 300-600 trials of a release build).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CloseRollouts {
    /// The most trials.
    pub trials: u32,
    /// The most wall time, in seconds.
    pub seconds: f32,
    /// The threads to play on.
    pub threads: usize,
    /// The seed of the dice.
    pub seed: u64,
}

impl Default for CloseRollouts {
    fn default() -> CloseRollouts {
        CloseRollouts {
            trials: 1296,
            seconds: 3.0,
            threads: 1,
            seed: 1,
        }
    }
}

impl CloseRollouts {
    /// The rollouts' settings: full games at 0-ply with variance reduction.
    #[must_use]
    pub fn settings(&self) -> RolloutSettings {
        RolloutSettings {
            trials: self.trials.max(1),
            threads: self.threads.max(1),
            seed: self.seed,
            ..RolloutSettings::default()
        }
    }
}

/// A cube decision settled by a cubeful rollout: the rolled-out cubeless chances and the
/// decision from the rolled-out values, with the trials played and the standard error of
/// the cubeless equity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Settled {
    /// The rolled-out cubeless chances of the player on roll.
    pub chances: Probs,
    /// The decision from the rolled-out no double and double/take.
    pub decision: CubefulDecision,
    /// The trials played.
    pub trials: u32,
    /// The standard error of the rolled-out cubeless equity.
    pub std_err: f32,
}

/// The cube decision of the player on roll in `m` (with the cube `ci`, its view) from a
/// rollout of its position by `bot`'s nets, as `how` says; `None` when the rollout cannot
/// run (a rule set without nets, a game over) or played no trial.
#[must_use]
pub(crate) fn settle(
    bot: &ExpertBot,
    m: &MatchState,
    ci: &CubeInfo,
    how: &CloseRollouts,
) -> Option<Settled> {
    let variant: Variant = m.game().variant();
    let position = *m.game().position();
    let start = Instant::now();
    let budget = Duration::from_secs_f32(how.seconds.clamp(0.0, 86_400.0));
    let stop = AtomicBool::new(false);
    let rolled = cube_rollout_until(bot, variant, &position, ci, &how.settings(), &stop, |_| {
        start.elapsed() < budget
    })
    .ok()
    .filter(|r| r.trials > 0)?;
    Some(Settled {
        chances: rolled.cubeless.probs(),
        decision: rolled_out_decision(&rolled, ci),
        trials: rolled.trials,
        std_err: rolled.cubeless.std_err as f32,
    })
}

/// The cube decision of the player on roll with the cube `ci` that a cubeful rollout of
/// it gives ([`cube_rollout_until`]): the rolled-out no double and double/take, the pass
/// at the score, GNU Backgammon's verdict from them, the rolled-out cubeless chances beside.
#[must_use]
pub(crate) fn rolled_out_decision(rolled: &CubeRollout, ci: &CubeInfo) -> CubefulDecision {
    let values = [
        rolled.no_double.0 as f32,
        rolled.double_take.0 as f32,
        ci.double_pass(),
    ];
    decision_from_values(&rolled.cubeless.probs(), ci, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-made equities: a double within 0.08 of no double is close, and so is a take
    /// within 0.08 of a pass; a clear no double with a clear take is not, nor any decision
    /// of a cube that cannot be turned.
    #[test]
    fn close_decisions_are_those_within_the_margin() {
        // 2-1 in a 7-point match, a 4-cube owned (issue 49): 87.5% against 88.7%.
        assert!(is_close([0.960, 1.050, 1.000], true));
        // Money, gnubg's +0.398 against +0.289: not close by doubling, nor by taking.
        assert!(!is_close([0.398, 0.289, 1.0], true));
        // A take within 0.05 of a pass.
        assert!(is_close([1.2, 0.95, 1.0], true));
        // Too good by far, and a clear pass.
        assert!(!is_close([1.4, 1.3, 1.0], true));
        // The cube is dead or the opponent's.
        assert!(!is_close([0.960, 1.050, 1.000], false));
    }
}
