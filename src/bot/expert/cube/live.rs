//! The live cube in a match: Janowski's model carried over to match-winning chances, as
//! GNU Backgammon does it (Jørn Thyssen's generalisation).
//!
//! In money play a live cube's equity is a straight line between the take point and the
//! cash point ([`super::janowski`]). In a match the points move with the score and the
//! cube's value, and a cube turned now changes what the next double is worth. So the cash
//! points are worked out from the top down: at the highest cube value that can still
//! matter, the doubled cube is dead and the cash point is where a take and a pass are worth
//! the same; at each value below, the taker's take point comes from the line between the
//! doubler's win and the taker's own cash point one cube higher. Where the doubled cube
//! would be dead for one side only, the other side's redouble is automatic (it risks
//! nothing), and the doubled game is played for twice as much again.
//!
//! The live equity is then, as in money play, a line through the take point and the cash
//! point (with the gammon-weighted ends at 0 and 1), and the cubeful equity the mix
//! `x * live + (1 - x) * dead` for the cube efficiency `x`, in match-winning chances.

use super::Holder;
use super::info::{CubeInfo, MatchScore};
use crate::bot::expert::net::{
    LOSE_BACKGAMMON, LOSE_GAMMON, Probs, WIN, WIN_BACKGAMMON, WIN_GAMMON,
};

/// Of one side's wins, the share that are gammons (but not backgammons) and backgammons.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Shares {
    gammon: f32,
    backgammon: f32,
}

impl Shares {
    /// The shares of the player on roll's wins and of its opponent's, from `p`.
    fn of(p: &Probs) -> [Shares; 2] {
        let win = p[WIN];
        let lose = 1.0 - win;
        let mine = if win > 0.0 {
            Shares {
                gammon: (p[WIN_GAMMON] - p[WIN_BACKGAMMON]) / win,
                backgammon: p[WIN_BACKGAMMON] / win,
            }
        } else {
            Shares::NONE
        };
        let theirs = if lose > 0.0 {
            Shares {
                gammon: (p[LOSE_GAMMON] - p[LOSE_BACKGAMMON]) / lose,
                backgammon: p[LOSE_BACKGAMMON] / lose,
            }
        } else {
            Shares::NONE
        };
        [mine, theirs]
    }

    const NONE: Shares = Shares {
        gammon: 0.0,
        backgammon: 0.0,
    };

    /// The mean of `value(k)` over a single win (k = 1), a gammon (2) and a backgammon (3).
    fn mean(self, value: impl Fn(i64) -> f32) -> f32 {
        (1.0 - self.gammon - self.backgammon) * value(1)
            + self.gammon * value(2)
            + self.backgammon * value(3)
    }
}

/// The match seen by one of the two sides: side 0 is the player on roll, side 1 its
/// opponent.
#[derive(Debug, Clone, Copy)]
struct Sides(MatchScore);

impl Sides {
    /// Points `side` still needs.
    const fn away(self, side: usize) -> u32 {
        if side == 0 {
            self.0.mine
        } else {
            self.0.theirs
        }
    }

    /// The match-winning chances of `side` after the game ends with `side` winning `gain`
    /// points (losing, when negative).
    fn mwc(self, side: usize, gain: i64) -> f32 {
        if side == 0 {
            self.0.mwc_after(gain)
        } else {
            1.0 - self.0.mwc_after(-gain)
        }
    }
}

/// Half the stake a game is in effect played for after `side` doubles the cube from `value`
/// to `2 * value` and the doubled cube is dead: `value` itself, or `2 * value` when `side`
/// wins the match with any win at the doubled cube but the taker does not (the taker then
/// redoubles at once, risking nothing, and the game is played for `4 * value`).
const fn effective_cube(sides: Sides, side: usize, value: u32) -> u32 {
    let doubled = 2 * value;
    if sides.away(side) <= doubled && sides.away(1 - side) > doubled {
        doubled
    } else {
        value
    }
}

/// The live cash points of both sides at the cube of `ci` (side 0 the player on roll),
/// each in its own winning chances: the chance at which the side's double is a pass.
#[must_use]
pub fn cash_points(p: &Probs, ci: &CubeInfo, score: MatchScore) -> [f32; 2] {
    let shares = Shares::of(p);
    let sides = Sides(score);
    // The highest cube value that matters: doubling beyond it cannot be of use to both.
    let mut top = ci.value;
    let mut levels = 0usize;
    while score.mine > 2 * top && score.theirs > 2 * top {
        top *= 2;
        levels += 1;
    }
    let mut above: [f32; 2] = [1.0, 1.0];
    let mut value = top;
    for level in (0..=levels).rev() {
        let mut here = [0.0f32; 2];
        for (side, point) in here.iter_mut().enumerate() {
            let other = 1 - side;
            let mwc = |gain: i64| sides.mwc(side, gain);
            let v = i64::from(value);
            let pass = mwc(v);
            let doubled_dead = score.mine <= 2 * value || score.theirs <= 2 * value;
            *point = if doubled_dead {
                let e = i64::from(effective_cube(sides, side, value));
                let take_win = shares[side].mean(|k| mwc(2 * k * e));
                let take_lose = shares[other].mean(|k| mwc(-2 * k * e));
                ratio(take_lose - pass, take_lose - take_win)
            } else {
                let redouble_pass = mwc(-2 * v);
                let take_win = shares[side].mean(|k| mwc(2 * k * v));
                1.0 - above[other] * ratio(pass - take_win, redouble_pass - take_win)
            };
        }
        above = here;
        if level > 0 {
            value /= 2;
        }
    }
    above
}

/// `a / b`, or 1 when `b` is too small to divide by (both ends of the line are one value).
fn ratio(a: f32, b: f32) -> f32 {
    if b.abs() < 1e-7 { 1.0 } else { a / b }
}

/// The cubeful match-winning chances of the player on roll with chances `p` and the cube
/// of `ci` (a match), the cube efficiency `x`: cubeless where the cube is dead
/// ([`CubeInfo::is_live`]), else `x * live + (1 - x) * dead`.
#[must_use]
pub fn match_cubeful(p: &Probs, ci: &CubeInfo, score: MatchScore, x: f32) -> f32 {
    let dead = ci.cubeless(p);
    if !ci.is_live() {
        return dead;
    }
    let [cash, opp_cash] = cash_points(p, ci, score);
    let shares = Shares::of(p);
    let win = p[WIN];
    let cashed = ci.outcome(1);
    let opp_cashed = ci.outcome(-1);
    let all_won = shares[0].mean(|k| ci.outcome(k));
    let all_lost = shares[1].mean(|k| ci.outcome(-k));
    // The opponent's cash point in the player on roll's chances.
    let opp_point = 1.0 - opp_cash;
    let line = |p0: f32, v0: f32, p1: f32, v1: f32| {
        if p1 - p0 <= 0.0 {
            v1
        } else {
            v0 + (v1 - v0) * (win - p0) / (p1 - p0)
        }
    };
    let live = match ci.holder {
        Holder::Centre if win <= opp_point => line(0.0, all_lost, opp_point, opp_cashed),
        Holder::Centre if win < cash => line(opp_point, opp_cashed, cash, cashed),
        Holder::Centre => line(cash, cashed, 1.0, all_won),
        Holder::Me if win <= cash => line(0.0, all_lost, cash, cashed),
        Holder::Me => line(cash, cashed, 1.0, all_won),
        Holder::Opponent if win <= opp_point => line(0.0, all_lost, opp_point, opp_cashed),
        Holder::Opponent => line(opp_point, opp_cashed, 1.0, all_won),
    };
    x * live + (1.0 - x) * dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::expert::met::match_equity;

    fn score(mine: u32, theirs: u32) -> MatchScore {
        MatchScore {
            mine,
            theirs,
            crawford_game: false,
            crawford_rule: true,
        }
    }

    /// At double match point (1-away 1-away is never reached with a live cube; take 2-away
    /// against 2-away with the cube at 1, doubled to 2 the cube is dead): without gammons the
    /// cash point is where a take is worth a pass: the doubler's chance of winning 2 points
    /// (the match) against the pass's value of the 1-away 2-away score.
    #[test]
    fn a_dead_doubled_cube_cashes_where_take_equals_pass() {
        let p: Probs = [0.7, 0.0, 0.0, 0.0, 0.0];
        let s = score(2, 2);
        let ci = CubeInfo::in_match(1, Holder::Centre, s);
        let [mine, theirs] = cash_points(&p, &ci, s);
        // Pass: 1-away against 2-away before the Crawford game; take: the match either way.
        let pass = match_equity(1, 2, false);
        assert!((mine - pass).abs() < 1e-6, "{mine} vs {pass}");
        assert!((theirs - pass).abs() < 1e-6, "{theirs} vs {pass}");
    }

    /// In a long match far from the end, a gammonless cube behaves almost as money play's:
    /// the live cash point is near 80% (money: 80% with a fully live cube on both sides).
    #[test]
    fn a_long_match_cashes_near_money_play() {
        let p: Probs = [0.7, 0.0, 0.0, 0.0, 0.0];
        let s = score(25, 25);
        let ci = CubeInfo::in_match(1, Holder::Centre, s);
        let [mine, theirs] = cash_points(&p, &ci, s);
        assert!((0.76..0.84).contains(&mine), "{mine}");
        assert!((mine - theirs).abs() < 1e-3, "{mine} vs {theirs}");
    }

    /// The live cubeful value is cubeless where the cube is dead (the Crawford game), and
    /// lies between the dead value and winning the cube's value once the player on roll is
    /// past its cash point.
    #[test]
    fn cubeful_values_mix_live_and_dead() {
        let p: Probs = [0.9, 0.1, 0.0, 0.01, 0.0];
        let crawford = MatchScore {
            crawford_game: true,
            ..score(1, 4)
        };
        let ci = CubeInfo::in_match(1, Holder::Centre, crawford);
        assert_eq!(match_cubeful(&p, &ci, crawford, 0.7), ci.cubeless(&p));
        let s = score(7, 7);
        let ci = CubeInfo::in_match(1, Holder::Me, s);
        let full = match_cubeful(&p, &ci, s, 1.0);
        let [cash, _] = cash_points(&p, &ci, s);
        assert!(p[WIN] > cash, "{cash}");
        assert!(full >= ci.outcome(1) - 1e-6, "{full}");
    }
}
