//! The cube and the score as the player on roll sees them: what GNU Backgammon calls a
//! `cubeinfo`. Everything a cubeful equity depends on besides the position: the cube's
//! value and holder, and either the money game's rules (Jacoby, beavers) or the match score
//! with the state of the Crawford rule.
//!
//! Values in a match are the match-winning chances (MWC) of the player on roll; in money
//! play they are equities per unit of the cube in this `CubeInfo` (so a double/take is worth
//! twice the doubled cube's value, as in GNU Backgammon).

use super::Holder;
use crate::bot::expert::met::match_equity;
use crate::bot::expert::net::{
    LOSE_BACKGAMMON, LOSE_GAMMON, Probs, WIN, WIN_BACKGAMMON, WIN_GAMMON,
};

/// The match score from the view of the player on roll, with the state of the Crawford
/// rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchScore {
    /// Points the player on roll still needs (at least 1).
    pub mine: u32,
    /// Points its opponent still needs (at least 1).
    pub theirs: u32,
    /// This game is the Crawford game: nobody may double in it.
    pub crawford_game: bool,
    /// The match is played with the Crawford rule: the game after a side first reaches one
    /// point from winning is the Crawford game. Without it, every game after that is
    /// played as a post-Crawford game.
    pub crawford_rule: bool,
}

impl MatchScore {
    /// The same score seen by the opponent.
    #[must_use]
    pub const fn flipped(self) -> MatchScore {
        MatchScore {
            mine: self.theirs,
            theirs: self.mine,
            ..self
        }
    }

    /// This game is a post-Crawford game: a side is one point from winning, and this is not
    /// the Crawford game.
    #[must_use]
    pub const fn post_crawford(self) -> bool {
        !self.crawford_game && (self.mine == 1 || self.theirs == 1)
    }

    /// The games after this one are post-Crawford games once a side is one point away: the
    /// Crawford game is this one or behind us, or the rule is off.
    const fn later_games_post_crawford(self) -> bool {
        self.crawford_game || self.mine == 1 || self.theirs == 1 || !self.crawford_rule
    }

    /// The match-winning chances of the player on roll after this game ends with it
    /// winning (`gain` > 0) or losing (`gain` < 0) `gain.abs()` points.
    #[must_use]
    pub fn mwc_after(self, gain: i64) -> f32 {
        let (mine, theirs) = (i64::from(self.mine), i64::from(self.theirs));
        let (m, t) = if gain >= 0 {
            (mine - gain, theirs)
        } else {
            (mine, theirs + gain)
        };
        if m <= 0 {
            return 1.0;
        }
        if t <= 0 {
            return 0.0;
        }
        let post = self.later_games_post_crawford() && (m == 1 || t == 1);
        // Both are at least 1 and at most the score before: they fit a u32.
        match_equity(
            u32::try_from(m).unwrap_or(u32::MAX),
            u32::try_from(t).unwrap_or(u32::MAX),
            post,
        )
    }
}

/// The rules a game's points are scored by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stakes {
    /// Money play.
    Money {
        /// Gammons and backgammons count single while the cube is centred.
        jacoby: bool,
        /// A player doubled may redouble at once, keeping the cube (beaver).
        beavers: bool,
    },
    /// A match, at this score.
    Match(MatchScore),
}

/// The cube and the score as the player on roll sees them (GNU Backgammon's `cubeinfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeInfo {
    /// The cube's value.
    pub value: u32,
    /// Who holds it.
    pub holder: Holder,
    /// Money play or the match score.
    pub stakes: Stakes,
}

impl CubeInfo {
    /// Money play, the cube at `value` held by `holder`.
    #[must_use]
    pub const fn money(value: u32, holder: Holder, jacoby: bool, beavers: bool) -> CubeInfo {
        CubeInfo {
            value,
            holder,
            stakes: Stakes::Money { jacoby, beavers },
        }
    }

    /// A match at `score`, the cube at `value` held by `holder`.
    #[must_use]
    pub const fn in_match(value: u32, holder: Holder, score: MatchScore) -> CubeInfo {
        CubeInfo {
            value,
            holder,
            stakes: Stakes::Match(score),
        }
    }

    /// The match score, in a match.
    #[must_use]
    pub const fn score(&self) -> Option<MatchScore> {
        match self.stakes {
            Stakes::Money { .. } => None,
            Stakes::Match(score) => Some(score),
        }
    }

    /// The same cube seen by the opponent.
    #[must_use]
    pub const fn flipped(&self) -> CubeInfo {
        CubeInfo {
            value: self.value,
            holder: match self.holder {
                Holder::Centre => Holder::Centre,
                Holder::Me => Holder::Opponent,
                Holder::Opponent => Holder::Me,
            },
            stakes: match self.stakes {
                Stakes::Match(score) => Stakes::Match(score.flipped()),
                money @ Stakes::Money { .. } => money,
            },
        }
    }

    /// The cube after the player on roll doubles and the opponent takes (the opponent
    /// holds it at twice the value).
    #[must_use]
    pub const fn doubled(&self) -> CubeInfo {
        CubeInfo {
            value: self.value.saturating_mul(2),
            holder: Holder::Opponent,
            stakes: self.stakes,
        }
    }

    /// The player on roll may double: it has access to the cube, and in a match it is not
    /// the Crawford game, the player does not already win the match by winning at this
    /// cube, and it is not the leader of a post-Crawford game.
    #[must_use]
    pub const fn may_double(&self) -> bool {
        if matches!(self.holder, Holder::Opponent) {
            return false;
        }
        match self.stakes {
            Stakes::Money { .. } => true,
            Stakes::Match(s) => {
                !s.crawford_game && s.mine > self.value && !(s.post_crawford() && s.mine == 1)
            }
        }
    }

    /// The cube can still change the game's value: money play, or a match where it is not
    /// the Crawford game, not both sides within the cube's value of winning, and not both
    /// two away (where GNU Backgammon values the position cubeless).
    #[must_use]
    pub const fn is_live(&self) -> bool {
        match self.stakes {
            Stakes::Money { .. } => true,
            Stakes::Match(s) => {
                let dead = s.crawford_game
                    || (s.mine <= self.value && s.theirs <= self.value)
                    || (s.mine == 2 && s.theirs == 2);
                !dead
            }
        }
    }

    /// The value of a pass to the player on roll's double: 1 (the cube's value) in money
    /// play, the match-winning chances of winning the cube's value in a match.
    #[must_use]
    pub fn double_pass(&self) -> f32 {
        match self.stakes {
            Stakes::Money { .. } => 1.0,
            Stakes::Match(s) => s.mwc_after(i64::from(self.value)),
        }
    }

    /// The value of a game won by the player on roll by `points` times the cube (or lost,
    /// negative): in money play per unit of the cube, in a match in match-winning chances.
    #[must_use]
    pub fn outcome(&self, points: i64) -> f32 {
        match self.stakes {
            Stakes::Money { .. } => points as f32,
            Stakes::Match(s) => s.mwc_after(points * i64::from(self.value)),
        }
    }

    /// The cubeless value of the chances `p` of the player on roll (GNU Backgammon's
    /// "utility"): in money play the equity per unit of the cube, gammons single under the
    /// Jacoby rule while the cube is centred; in a match the match-winning chances, each
    /// way the game can end valued by the match equity table at this cube.
    #[must_use]
    pub fn cubeless(&self, p: &Probs) -> f32 {
        match self.stakes {
            Stakes::Money { jacoby, .. } => {
                let gammons = if jacoby && matches!(self.holder, Holder::Centre) {
                    0.0
                } else {
                    1.0
                };
                2.0 * p[WIN] - 1.0
                    + gammons
                        * (p[WIN_GAMMON] - p[LOSE_GAMMON] + p[WIN_BACKGAMMON] - p[LOSE_BACKGAMMON])
            }
            Stakes::Match(_) => {
                let lose = 1.0 - p[WIN];
                (p[WIN] - p[WIN_GAMMON]) * self.outcome(1)
                    + (p[WIN_GAMMON] - p[WIN_BACKGAMMON]) * self.outcome(2)
                    + p[WIN_BACKGAMMON] * self.outcome(3)
                    + (lose - p[LOSE_GAMMON]) * self.outcome(-1)
                    + (p[LOSE_GAMMON] - p[LOSE_BACKGAMMON]) * self.outcome(-2)
                    + p[LOSE_BACKGAMMON] * self.outcome(-3)
            }
        }
    }

    /// A value of this cube (match-winning chances in a match) as a money equity normalised
    /// as GNU Backgammon shows it (EMG): winning a single game at this cube is +1, losing one
    /// -1. In money play the value itself.
    #[must_use]
    pub fn to_emg(&self, value: f32) -> f32 {
        match self.stakes {
            Stakes::Money { .. } => value,
            Stakes::Match(_) => {
                let (win, lose) = (self.outcome(1), self.outcome(-1));
                if win - lose < 1e-6 {
                    2.0 * value - 1.0
                } else {
                    (2.0 * value - (win + lose)) / (win - lose)
                }
            }
        }
    }

    /// The inverse of [`CubeInfo::to_emg`]: an EMG equity as match-winning chances at this
    /// cube (in money play the equity itself).
    #[must_use]
    pub fn from_emg(&self, emg: f32) -> f32 {
        match self.stakes {
            Stakes::Money { .. } => emg,
            Stakes::Match(_) => {
                let (win, lose) = (self.outcome(1), self.outcome(-1));
                0.5 * (emg * (win - lose) + (win + lose))
            }
        }
    }

    /// A value of the player on roll as the opponent sees it: the negation in money play,
    /// the complement of match-winning chances in a match.
    #[must_use]
    pub const fn turned(&self, value: f32) -> f32 {
        match self.stakes {
            Stakes::Money { .. } => -value,
            Stakes::Match(_) => 1.0 - value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(mine: u32, theirs: u32) -> MatchScore {
        MatchScore {
            mine,
            theirs,
            crawford_game: false,
            crawford_rule: true,
        }
    }

    /// Winning the last points wins the match; reaching one away before the Crawford game
    /// is worth the table's pre-Crawford entry (the Crawford game comes next), after it the
    /// post-Crawford entry.
    #[test]
    fn the_match_after_a_game_is_valued_by_the_table() {
        let s = score(3, 4);
        assert_eq!(s.mwc_after(3), 1.0);
        assert_eq!(s.mwc_after(-4), 0.0);
        assert_eq!(s.mwc_after(2), match_equity(1, 4, false));
        assert_eq!(s.mwc_after(-3), match_equity(3, 1, false));
        let post = score(1, 4);
        assert_eq!(post.mwc_after(-2), match_equity(1, 2, true));
        let crawford = MatchScore {
            crawford_game: true,
            ..post
        };
        assert_eq!(crawford.mwc_after(-1), match_equity(1, 3, true));
        let no_rule = MatchScore {
            crawford_rule: false,
            ..score(3, 4)
        };
        assert_eq!(no_rule.mwc_after(2), match_equity(1, 4, true));
    }

    /// Who may double: not the holder's opponent, not in the Crawford game, not the leader
    /// after it, not a player who wins the match by winning at this cube.
    #[test]
    fn who_may_double() {
        let at = |value, holder, s| CubeInfo::in_match(value, holder, s);
        assert!(at(1, Holder::Centre, score(3, 4)).may_double());
        assert!(!at(1, Holder::Opponent, score(3, 4)).may_double());
        assert!(at(2, Holder::Me, score(3, 4)).may_double());
        assert!(!at(4, Holder::Me, score(3, 4)).may_double());
        let post = score(4, 1);
        assert!(at(1, Holder::Centre, post).may_double());
        assert!(!at(1, Holder::Centre, post.flipped()).may_double());
        let crawford = MatchScore {
            crawford_game: true,
            ..post
        };
        assert!(!at(1, Holder::Centre, crawford).may_double());
        assert!(CubeInfo::money(8, Holder::Me, false, false).may_double());
        assert!(!CubeInfo::money(8, Holder::Opponent, false, false).may_double());
    }

    /// Normalised equity puts a single win at +1 and a single loss at -1, and turns back.
    #[test]
    fn emg_puts_a_single_game_at_one() {
        let ci = CubeInfo::in_match(2, Holder::Centre, score(5, 3));
        assert!((ci.to_emg(ci.outcome(1)) - 1.0).abs() < 1e-6);
        assert!((ci.to_emg(ci.outcome(-1)) + 1.0).abs() < 1e-6);
        let mwc = 0.437;
        assert!((ci.from_emg(ci.to_emg(mwc)) - mwc).abs() < 1e-6);
    }

    /// Cubeless values: money equity counts gammons unless the Jacoby rule holds with the
    /// cube centred; at double match point only wins count.
    #[test]
    fn cubeless_values() {
        let p: Probs = [0.6, 0.2, 0.05, 0.1, 0.01];
        let money = CubeInfo::money(1, Holder::Centre, false, false);
        let expected = 2.0 * 0.6 - 1.0 + 0.2 - 0.1 + 0.05 - 0.01;
        assert!((money.cubeless(&p) - expected).abs() < 1e-6);
        let jacoby = CubeInfo::money(1, Holder::Centre, true, false);
        assert!((jacoby.cubeless(&p) - 0.2).abs() < 1e-6);
        let owned = CubeInfo::money(2, Holder::Me, true, false);
        assert!((owned.cubeless(&p) - expected).abs() < 1e-6);
        let dmp = CubeInfo::in_match(1, Holder::Centre, score(1, 1));
        assert!((dmp.cubeless(&p) - 0.6).abs() < 1e-6);
    }
}
