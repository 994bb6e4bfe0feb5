//! Cubeful equities worked out through the look-ahead (money play), as GNU Backgammon does
//! at 1-ply and deeper: the value of a position to the player on roll, per unit of the cube,
//! is the mean over the 21 rolls of the value after the best play (chosen as the cubeless
//! look-ahead chooses it, at 0-ply), where the opponent then makes its own best cube
//! decision; only at the look-ahead's end is the position valued by Janowski's formula
//! ([`super::cube::janowski`]) on the nets' chances.
//!
//! A small bear-off (at most six checkers a side, all home) is valued exactly from the
//! two-sided cubeful database ([`super::bearoff::two_sided`]) at any depth.
//!
//! Every node is valued for the three places the cube can be (centred, held by the player
//! on roll, held by the opponent) in one pass: the best play of a roll does not depend on
//! the cube, so a cubeful look costs what a cubeless one does.

use super::bearoff::two_sided::TwoSidedDb;
use super::cube::{self, CubeDecision, Holder};
use super::eval::scored_in;
use super::net::{Probs, WIN_BACKGAMMON, WIN_GAMMON};
use super::{ExpertBot, playout, rolls};
use crate::engine::Position;

/// Values indexed by where the cube is: centred, held by the player on roll, held by its
/// opponent (see [`slot`]).
type ByHolder = [f32; 3];

/// The index of `holder` in a [`ByHolder`].
const fn slot(holder: Holder) -> usize {
    match holder {
        Holder::Centre => 0,
        Holder::Me => 1,
        Holder::Opponent => 2,
    }
}

/// The holder as the opponent sees it.
const fn turned(holder: Holder) -> Holder {
    match holder {
        Holder::Centre => Holder::Centre,
        Holder::Me => Holder::Opponent,
        Holder::Opponent => Holder::Me,
    }
}

const HOLDERS: [Holder; 3] = [Holder::Centre, Holder::Me, Holder::Opponent];

/// The cube decision from the no-double values of a node: double when double/take and
/// double/pass are both worth more than playing on.
fn decision(no_double: &ByHolder, holder: Holder) -> CubeDecision {
    CubeDecision {
        no_double: no_double[slot(holder)],
        double_take: 2.0 * no_double[slot(Holder::Opponent)],
        double_pass: 1.0,
    }
}

/// The value of a node to the player on roll for each holder, with its best cube action
/// where it may double (the cube centred or its own).
fn with_cube_action(no_double: &ByHolder) -> ByHolder {
    HOLDERS.map(|holder| match holder {
        Holder::Opponent => no_double[slot(holder)],
        _ => decision(no_double, holder).best(),
    })
}

/// The points per unit of the cube of a game already won with chances `p` (a won game's):
/// its multiplier, or 1 with the Jacoby rule while the cube is centred.
fn won_value(p: &Probs, jacoby: bool) -> ByHolder {
    let points = 1.0 + p[WIN_GAMMON] + p[WIN_BACKGAMMON];
    HOLDERS.map(|holder| {
        if jacoby && holder == Holder::Centre {
            1.0
        } else {
            points
        }
    })
}

impl ExpertBot {
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
        let no_double = self.cubeful_no_double(position, depth.max(1), jacoby);
        decision(&no_double, holder)
    }

    /// The no-double values of `position` for each holder, `depth` rolls ahead: at 0 from
    /// Janowski's formula on the nets' chances; deeper, the mean over the 21 rolls of the
    /// value after the best play, the opponent to decide on the cube next.
    fn cubeful_no_double(&mut self, position: &Position, depth: u8, jacoby: bool) -> ByHolder {
        if let Some(exact) = self.exact_no_double(position) {
            return exact;
        }
        if depth == 0 || position.mover_has_won() || position.opponent_has_won() {
            let p = self.chances_at(position, 0);
            return self.janowski_leaf(&p, position, jacoby);
        }
        let mut plays = self.plays.pop().unwrap_or_default();
        let mut sum = [0.0f32; 3];
        for (dice, weight) in rolls() {
            self.nets
                .variant
                .rules()
                .legal_plays_into(position, dice, &mut plays);
            let values = match playout::best_play(&self.nets, &plays, &mut self.buf) {
                Some((play, _)) => {
                    let after = *play.position();
                    if super::eval::verdict_after(&self.nets, &after).is_some() {
                        won_value(&self.judged_after(&play), jacoby)
                    } else {
                        let theirs = self.cubeful_value(&after.switched(), depth - 1, jacoby);
                        HOLDERS.map(|h| -theirs[slot(turned(h))])
                    }
                }
                // No play: the opponent rolls in the same position.
                None => {
                    let theirs = self.cubeful_value(&position.switched(), depth - 1, jacoby);
                    HOLDERS.map(|h| -theirs[slot(turned(h))])
                }
            };
            for (s, v) in sum.iter_mut().zip(values) {
                *s += weight * v;
            }
        }
        self.plays.push(plays);
        sum.map(|s| s / 36.0)
    }

    /// The exact no-double values of a small bear-off (money play) from the two-sided
    /// database, in the rule sets whose checkers move as backgammon's; `None` elsewhere.
    pub(crate) fn exact_no_double(&self, position: &Position) -> Option<ByHolder> {
        if !crate::bot::moves_as_backgammon(self.variant) {
            return None;
        }
        TwoSidedDb::shared().no_double(position)
    }

    /// The value of `position` to the player on roll for each holder, its best cube action
    /// taken, `depth` rolls ahead.
    fn cubeful_value(&mut self, position: &Position, depth: u8, jacoby: bool) -> ByHolder {
        with_cube_action(&self.cubeful_no_double(position, depth, jacoby))
    }

    /// Janowski's no-double equity of the chances `p` in `position` for each holder, with
    /// the position's cube efficiency.
    fn janowski_leaf(&self, p: &Probs, position: &Position, jacoby: bool) -> ByHolder {
        let p = scored_in(self.variant, *p);
        let efficiency = cube::efficiency(position);
        HOLDERS.map(|holder| {
            let state = cube::CubeState {
                value: 1,
                holder,
                efficiency,
                jacoby: jacoby && holder == Holder::Centre,
                score: None,
            };
            cube::decide(&p, &state).no_double
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A won game is worth its multiplier per unit of the cube, single while the cube is
    /// centred under the Jacoby rule.
    #[test]
    fn a_won_game_is_worth_its_points() {
        let gammon: Probs = [1.0, 1.0, 0.0, 0.0, 0.0];
        assert_eq!(won_value(&gammon, false), [2.0, 2.0, 2.0]);
        assert_eq!(won_value(&gammon, true), [1.0, 2.0, 2.0]);
    }

    /// Playing on, doubling and passing compare as a cube decision does: with the no-double
    /// value 0.6 centred and 0.7 held by the opponent (double/take 1.4, double/pass 1), the
    /// player on roll doubles and is passed; held by the opponent it cannot double.
    #[test]
    fn the_cube_action_takes_the_best_of_playing_on_and_doubling() {
        let nd = [0.6, 0.8, 0.7];
        let v = with_cube_action(&nd);
        assert_eq!(v, [1.0, 1.0, 0.7]);
        let low = [0.1, 0.2, 0.05];
        assert_eq!(with_cube_action(&low), low);
    }
}
