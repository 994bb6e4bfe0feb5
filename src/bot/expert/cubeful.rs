//! Cubeful equities through the look-ahead, in money play and in matches, as GNU
//! Backgammon works them out (its `EvaluatePositionCubeful`).
//!
//! A position is valued for several cubes at once ([`CubeInfo`]: the cube's value and
//! holder, and the money rules or the match score). At a node inside the look-ahead each
//! cube is followed twice where the player on roll may double: as it is (no double) and
//! doubled and taken; for each of the 21 rolls the player on roll makes its best play
//! (chosen at 0-ply by its cubeless value at the score), and the opponent's node below is
//! valued for all those cubes, seen from its side. Back at the node, each cube's value is
//! the better of playing on and doubling (the opponent then taking or passing, whichever
//! costs it less). At the look-ahead's end a position is valued by Janowski's formula in
//! money play ([`super::cube::janowski`] in GNU Backgammon's form) and by its
//! generalisation to match-winning chances in a match ([`super::cube::live`]), each with
//! the position's cube efficiency. The best play of a roll does not depend on the cube, so
//! a cubeful look costs about what a cubeless one does.
//!
//! A small bear-off (at most six checkers a side, all home) is valued exactly in money play
//! from the two-sided cubeful database ([`super::bearoff::two_sided`]) at any depth.
//!
//! Values are those of [`CubeInfo`]: match-winning chances of the player on roll in a
//! match, equity per unit of the cube in money play.

use super::bearoff::two_sided::TwoSidedDb;
use super::cube::info::{CubeInfo, Stakes};
use super::cube::live::match_cubeful;
use super::cube::verdict::{CubeVerdict, verdict};
use super::cube::{self, CubeDecision, Holder};
use super::eval::{flip, verdict_after};
use super::net::{Probs, WIN, WIN_GAMMON};
use super::{ExpertBot, rolls};
use crate::engine::{Play, Position};

/// The index of `holder` in the two-sided database's values.
const fn slot(holder: Holder) -> usize {
    match holder {
        Holder::Centre => 0,
        Holder::Me => 1,
        Holder::Opponent => 2,
    }
}

/// A cube decision worked out through the look-ahead: the three equities in both units,
/// the chances they stand on, and GNU Backgammon's verdict. The bot's own, for its cube
/// actions; everything else reads the advisor's [`crate::advisor::CubeAdvice`], made from it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CubefulDecision {
    /// The cube and the score it was worked out for (the player on roll's view).
    pub cube: CubeInfo,
    /// The cubeless chances of the player on roll at the depth of the look-ahead.
    pub chances: Probs,
    /// No double, double/take and double/pass, in the units of [`CubeInfo`] (match-winning
    /// chances in a match, equity per unit of the present cube in money play).
    pub values: [f32; 3],
    /// The same as normalised money equities (EMG: +1 a single game won at the present
    /// cube); in money play the values themselves.
    pub emg: [f32; 3],
    /// GNU Backgammon's name for the right action.
    pub verdict: CubeVerdict,
}

impl CubefulDecision {
    /// The decision as equities per unit of the present cube (normalised in a match).
    #[must_use]
    pub(crate) const fn equities(&self) -> CubeDecision {
        CubeDecision {
            no_double: self.emg[0],
            double_take: self.emg[1],
            double_pass: self.emg[2],
        }
    }

    /// The value of the right action (no double, or the lesser of double/take and
    /// double/pass when doubling is right), in the units of [`CubeInfo`].
    #[must_use]
    pub(crate) fn best_value(&self) -> f32 {
        let [nd, dt, dp] = self.values;
        if self.verdict.doubles() || (self.cube.may_double() && dt.min(dp) > nd) {
            dt.min(dp)
        } else {
            nd
        }
    }
}

/// The value of a position for each cube, with the chances it stands on.
struct Valued {
    chances: Probs,
    values: Vec<f32>,
}

impl ExpertBot {
    /// The cube decision of the player on roll in `position` (before rolling) with the cube
    /// `ci`, its equities looked `depth` rolls ahead (0: the nets' chances through
    /// Janowski's formula and its match form).
    pub(crate) fn cubeful_cube_decision(
        &mut self,
        position: &Position,
        ci: &CubeInfo,
        depth: u8,
    ) -> CubefulDecision {
        let cubes = [Some(*ci), Some(ci.doubled())];
        let valued = self.cubeful_values(position, &cubes, depth, true);
        let no_double = valued.values[0];
        let double_take = match ci.stakes {
            Stakes::Money { .. } => 2.0 * valued.values[1],
            Stakes::Match(_) => valued.values[1],
        };
        let double_pass = ci.double_pass();
        let values = [no_double, double_take, double_pass];
        let emg = values.map(|v| ci.to_emg(v));
        CubefulDecision {
            cube: *ci,
            chances: valued.chances,
            values,
            emg,
            verdict: verdict(ci, emg[0], emg[1], emg[2], valued.chances[WIN_GAMMON] > 0.0),
        }
    }

    /// The cubeful value of `play` for the player who makes it, with the cube `ci` as that
    /// player sees it, `depth` rolls ahead (the opponent's roll is the first): the
    /// opponent's cube decision before its roll is part of it.
    pub fn cubeful_play_value(&mut self, play: &Play, ci: &CubeInfo, depth: u8) -> (Probs, f32) {
        let after = play.position();
        if verdict_after(&self.nets, after).is_some() {
            let p = self.judged_after(play);
            return (p, ci.cubeless(&p));
        }
        let theirs = [Some(ci.flipped())];
        let valued = self.cubeful_values(&after.switched(), &theirs, depth, false);
        (flip(&valued.chances), ci.turned(valued.values[0]))
    }

    /// The money cube decision of the player on roll in `position` (before rolling), with
    /// cubeful equities looked `depth` rolls ahead (at least 1), the cube's `holder` as the
    /// player on roll sees it, and the Jacoby rule (gammons single while the cube is
    /// centred) when `jacoby`.
    pub fn cubeful_decision(
        &mut self,
        position: &Position,
        depth: u8,
        holder: Holder,
        jacoby: bool,
    ) -> CubeDecision {
        let ci = CubeInfo::money(1, holder, jacoby, false);
        self.cubeful_cube_decision(position, &ci, depth.max(1))
            .equities()
    }

    /// The values of `position` (the player on roll's view) for each cube of `cubes` (a
    /// `None` stays unvalued), `depth` rolls ahead, each with the player on roll's best
    /// cube action taken unless `top` (the decision being worked out is the caller's).
    fn cubeful_values(
        &mut self,
        position: &Position,
        cubes: &[Option<CubeInfo>],
        depth: u8,
        top: bool,
    ) -> Valued {
        // Each cube as it is, and doubled where the player on roll may double.
        let branches: Vec<Option<CubeInfo>> = cubes
            .iter()
            .flat_map(|ci| {
                let doubled = ci.filter(|c| !top && c.may_double()).map(|c| c.doubled());
                [*ci, doubled]
            })
            .collect();
        let exact = self.exact_no_double(position);
        let leaf = depth == 0
            || position.mover_has_won()
            || position.opponent_has_won()
            || (exact.is_some() && cubes.iter().flatten().all(|c| c.score().is_none()));
        let valued = if leaf {
            self.leaf_values(position, &branches, exact.as_ref())
        } else {
            self.inner_values(position, &branches, depth)
        };
        let values = cubes
            .iter()
            .enumerate()
            .map(|(i, ci)| {
                let Some(ci) = ci else { return 0.0 };
                let no_double = valued.values[2 * i];
                if branches[2 * i + 1].is_none() {
                    return no_double;
                }
                let double_take = match ci.stakes {
                    Stakes::Money { .. } => 2.0 * valued.values[2 * i + 1],
                    Stakes::Match(_) => valued.values[2 * i + 1],
                };
                let double_pass = ci.double_pass();
                if double_take >= no_double && double_pass >= no_double {
                    double_take.min(double_pass)
                } else {
                    no_double
                }
            })
            .collect();
        Valued {
            chances: valued.chances,
            values,
        }
    }

    /// The values at the look-ahead's end: the nets' chances through the cube formulas (or
    /// the exact money values of a small bear-off).
    fn leaf_values(
        &mut self,
        position: &Position,
        cubes: &[Option<CubeInfo>],
        exact: Option<&[f32; 3]>,
    ) -> Valued {
        let chances = self.chances_at(position, 0);
        let over = position.mover_has_won() || position.opponent_has_won();
        let efficiency = if over {
            0.0
        } else {
            cube::efficiency(position)
        };
        let values = cubes
            .iter()
            .map(|ci| {
                let Some(ci) = ci else { return 0.0 };
                match (ci.stakes, exact) {
                    (Stakes::Money { .. }, Some(exact)) => exact[slot(ci.holder)],
                    (Stakes::Money { .. }, None) => money_cubeful(&chances, ci, efficiency),
                    (Stakes::Match(score), _) => match_cubeful(&chances, ci, score, efficiency),
                }
            })
            .collect();
        Valued { chances, values }
    }

    /// The values inside the look-ahead: the mean over the 21 rolls of the values after the
    /// best play, the opponent's node valued one roll less deep.
    fn inner_values(
        &mut self,
        position: &Position,
        cubes: &[Option<CubeInfo>],
        depth: u8,
    ) -> Valued {
        // The player on roll picks its plays by their cubeless value under the first cube.
        let mover = cubes.iter().flatten().next().copied();
        let theirs: Vec<Option<CubeInfo>> = cubes.iter().map(|c| c.map(|c| c.flipped())).collect();
        let mut plays = self.plays.pop().unwrap_or_default();
        let mut chances = [0.0f32; 5];
        let mut values = vec![0.0f32; cubes.len()];
        for (dice, weight) in rolls() {
            self.nets
                .variant
                .rules()
                .legal_plays_into(position, dice, &mut plays);
            let kept = self.pruned_replies(&plays);
            let best = self.best_play_under(kept.as_deref().unwrap_or(&plays), mover.as_ref());
            self.give_back_replies(kept);
            let (p, v): (Probs, Vec<f32>) = match best {
                Some((play, p)) if verdict_after(&self.nets, play.position()).is_some() => {
                    let v = cubes
                        .iter()
                        .map(|c| c.map_or(0.0, |c| c.cubeless(&p)))
                        .collect();
                    (p, v)
                }
                Some((play, _)) => self.turned(&play.position().switched(), cubes, &theirs, depth),
                // No play: the opponent rolls in the same position.
                None => self.turned(&position.switched(), cubes, &theirs, depth),
            };
            for (s, x) in chances.iter_mut().zip(p) {
                *s += weight * x;
            }
            for (s, x) in values.iter_mut().zip(v) {
                *s += weight * x;
            }
        }
        self.plays.push(plays);
        Valued {
            chances: chances.map(|s| s / 36.0),
            values: values.into_iter().map(|s| s / 36.0).collect(),
        }
    }

    /// The opponent's node `theirs_position` valued for `theirs` (the cubes `cubes` seen
    /// from its side) one roll less deep, turned back to the player who moved.
    fn turned(
        &mut self,
        theirs_position: &Position,
        cubes: &[Option<CubeInfo>],
        theirs: &[Option<CubeInfo>],
        depth: u8,
    ) -> (Probs, Vec<f32>) {
        let valued = self.cubeful_values(theirs_position, theirs, depth - 1, false);
        let values = cubes
            .iter()
            .zip(valued.values)
            .map(|(c, v)| c.map_or(0.0, |c| c.turned(v)))
            .collect();
        (flip(&valued.chances), values)
    }

    /// The best of `plays` at 0-ply for the player who makes them, by the cubeless value of
    /// the chances after it under `ci` (money equity, or match-winning chances at the
    /// score); by cubeless money equity without a cube. `None` when there is no play.
    fn best_play_under(&mut self, plays: &[Play], ci: Option<&CubeInfo>) -> Option<(Play, Probs)> {
        let mut best: Option<(Play, Probs, f32)> = None;
        for play in plays {
            let p = self.judged_after(play);
            let v = ci.map_or_else(|| super::eval::equity(&p), |c| c.cubeless(&p));
            if best.as_ref().is_none_or(|b| v > b.2) {
                best = Some((*play, p, v));
            }
        }
        best.map(|(play, p, _)| (play, p))
    }

    /// The exact no-double values of a small bear-off (money play) from the two-sided
    /// database, in the rule sets whose checkers move as backgammon's; `None` elsewhere.
    pub(crate) fn exact_no_double(&self, position: &Position) -> Option<[f32; 3]> {
        if !crate::bot::moves_as_backgammon(self.variant) {
            return None;
        }
        TwoSidedDb::shared().no_double(position)
    }
}

/// The cube decision of the player on roll from the cubeless chances `p` (a rollout's, say)
/// with the cube `ci` and the cube efficiency `x`: Janowski's formula in money play, its
/// match form in a match, as at the look-ahead's end.
#[must_use]
pub(crate) fn decision_from_chances(p: &Probs, ci: &CubeInfo, x: f32) -> CubefulDecision {
    let value = |c: &CubeInfo| match c.stakes {
        Stakes::Money { .. } => money_cubeful(p, c, x),
        Stakes::Match(score) => match_cubeful(p, c, score, x),
    };
    let no_double = value(ci);
    let doubled = value(&ci.doubled());
    let double_take = match ci.stakes {
        Stakes::Money { .. } => 2.0 * doubled,
        Stakes::Match(_) => doubled,
    };
    decision_from_values(p, ci, [no_double, double_take, ci.double_pass()])
}

/// The cube decision of the player on roll with the cube `ci` whose no double, double/take
/// and double/pass are worth `values` (in the units of [`CubeInfo`]: a cubeful rollout's,
/// say), standing on the cubeless chances `p`: both units and GNU Backgammon's verdict.
#[must_use]
pub(crate) fn decision_from_values(p: &Probs, ci: &CubeInfo, values: [f32; 3]) -> CubefulDecision {
    let emg = values.map(|v| ci.to_emg(v));
    CubefulDecision {
        cube: *ci,
        chances: *p,
        values,
        emg,
        verdict: verdict(ci, emg[0], emg[1], emg[2], p[WIN_GAMMON] > 0.0),
    }
}

/// Janowski's cubeful money equity in GNU Backgammon's form, per unit of the cube of `ci`:
/// `x * live + (1 - x) * dead`, where dead is the cubeless equity (gammons single under the
/// Jacoby rule while the cube is centred) and live the line through the take and cash
/// points (flat beyond them under the Jacoby rule, where a centred cube's gammons count
/// single).
#[must_use]
pub fn money_cubeful(p: &Probs, ci: &CubeInfo, x: f32) -> f32 {
    let win = p[WIN];
    let dead = ci.cubeless(p);
    if win <= 1e-7 || win >= 1.0 - 1e-7 {
        return dead;
    }
    let w = 1.0 + (p[WIN_GAMMON] + p[super::net::WIN_BACKGAMMON]) / win;
    let l = 1.0 + (p[super::net::LOSE_GAMMON] + p[super::net::LOSE_BACKGAMMON]) / (1.0 - win);
    let jacoby_centred =
        matches!(ci.stakes, Stakes::Money { jacoby: true, .. }) && ci.holder == Holder::Centre;
    let take_point = (l - 0.5) / (w + l + 0.5);
    let cash_point = (l + 1.0) / (w + l + 0.5);
    let live = match ci.holder {
        Holder::Centre if win < take_point => {
            if jacoby_centred {
                -1.0
            } else {
                -l + (l - 1.0) * win / take_point
            }
        }
        Holder::Centre if win < cash_point => {
            -1.0 + 2.0 * (win - take_point) / (cash_point - take_point)
        }
        Holder::Centre => {
            if jacoby_centred {
                1.0
            } else {
                1.0 + (w - 1.0) * (win - cash_point) / (1.0 - cash_point)
            }
        }
        Holder::Me if win < cash_point => -l + (1.0 + l) * win / cash_point,
        Holder::Me => 1.0 + (w - 1.0) * (win - cash_point) / (1.0 - cash_point),
        Holder::Opponent if win < take_point => -l + (l - 1.0) * win / take_point,
        Holder::Opponent => -1.0 + (w + 1.0) * (win - take_point) / (1.0 - take_point),
    };
    x * live + (1.0 - x) * dead
}
