//! Plakoto for the `greedy` bot (assets/rules/README.md §2.3).
//!
//! Plakoto is won by pins: a checker pinned far from home is stuck, and the pinner holds the
//! point. The evaluation adds up, from the view of the player who has just moved (the
//! opponent rolls next):
//! - the pip lead, scaled by the length of the race;
//! - the pins each side holds, worth more the further the pinned checker still has to go,
//!   and a pinned mother that has not yet won (the pinner still has checkers on its own
//!   24-point) all but settles the game at 2 points;
//! - blocks: points held (two checkers, or one on top of a pin) in front of the other side's
//!   checkers, and the longest run of them (a prime);
//! - the opponent's shots at the mover's blots over the 36 rolls, each costing what being
//!   pinned there costs, and the mover's own chances at the opponent's blots (counted for
//!   less: the opponent moves first and may cover them);
//! - the danger to the mother: the chance that the opponent pins the mover's last checker on
//!   its 24-point with the next roll, which loses 2 points at once when the opponent has left
//!   its own start, or all but loses it otherwise (the evaluation is blended with those
//!   outcomes), and the mover's own chances at the opponent's mother.
//!
//! When no pin stands and the sides have passed each other, it is a race, valued as in
//! backgammon.

use super::{Masks, POINTS, ROLLS, hits};
use crate::engine::{Position, Variant};

/// The largest expected points the contact evaluation gives, before the mothers are
/// weighed in.
const SCALE: f64 = 1.7;

/// How much of a pinned mother's game is as good as decided: the pinner wins 2 points as
/// soon as its own 24-point is empty, and the other side can no longer bear off; only a pin
/// of the pinner's own mother (a draw) or a long wait spoils it.
const MOTHER_DECIDES: f64 = 0.8;

/// The prime bonus by the length of the longest run of held points in front of opposing
/// checkers.
const PRIME: [f64; 7] = [0.0, 0.0, 0.02, 0.08, 0.2, 0.4, 0.7];

/// The mover's expected points after its play, the opponent to roll next (-2 to 2; a
/// finished game is worth its points, a draw 0).
#[must_use]
pub(super) fn evaluate(position_after: &Position) -> f64 {
    let p = position_after;
    if let Some(points) = super::settled(Variant::Plakoto, p) {
        return points;
    }
    let theirs_view = p.switched();
    let (mut e, _) = super::pip_term(p);
    e += held(p) - held(&theirs_view);
    let mine_at_risk = danger(p);
    let theirs_at_risk = danger(&theirs_view);
    e -= mine_at_risk.cost;
    // The mover's chances next turn count for less: the opponent moves first and may cover.
    e += 0.5 * (theirs_at_risk.cost + 3.0 * theirs_at_risk.mother);
    let value = SCALE * (e / 2.0).tanh();
    // A mother pinned without ending the game (the pinner still has checkers on its own
    // 24-point): the game is as good as decided.
    let board = p.board();
    let value = if board[1] > 0 && p.is_pinned(1) {
        decided(value, 2.0)
    } else if board[24] < 0 && p.is_pinned(24) {
        decided(value, -2.0)
    } else {
        value
    };
    // The next roll may pin the mover's mother: a loss of 2 at once, or (the opponent still
    // on its own start) a game as good as lost.
    let lost_now = mine_at_risk.mother_now;
    let lost_later = mine_at_risk.mother - lost_now;
    (1.0 - mine_at_risk.mother) * value - 2.0 * lost_now + lost_later * decided(value, -2.0)
}

/// `value` where a pinned mother has all but settled the game at `points`.
fn decided(value: f64, points: f64) -> f64 {
    (1.0 - MOTHER_DECIDES) * value + MOTHER_DECIDES * points
}

/// The mover holds `point` (1-24): two or more of its checkers, or one on top of a pinned
/// opposing checker. Closed to the opponent.
fn holds(p: &Position, point: usize) -> bool {
    let n = p.board()[point];
    n >= 2 || (n == 1 && p.is_pinned(point))
}

/// What the mover's own position is worth, apart from the pips and the dice: the pins it
/// holds and its blocks in front of the opponent's free checkers.
fn held(p: &Position) -> f64 {
    let board = p.board();
    let mut value = 0.0;
    for point in p.opponent_pinned() {
        // The pinned checker still has 25 - point pips to go, and cannot move. (A pinned
        // mother is weighed in [`evaluate`].)
        if point != 1 {
            value += 0.3 + 0.02 * f64::from(25 - point);
        }
    }
    // Blocks: the opponent moves up from the mover's 1-point; a point blocks the free
    // opposing checkers below it.
    let mut behind = 0u32;
    let mut run = 0usize;
    let mut best_run = 0usize;
    for (point, &n) in board.iter().enumerate().take(25).skip(1) {
        if holds(p, point) {
            if behind > 0 {
                value += 0.06;
                run += 1;
                best_run = best_run.max(run);
            }
        } else {
            run = 0;
        }
        if n < 0 {
            behind += u32::from(n.unsigned_abs());
        }
        // Stacks waste checkers that could hold points (the start is where they begin).
        if point < 24 && n > 3 {
            value -= 0.02 * f64::from(n - 3);
        }
    }
    value + PRIME[best_run.min(6)]
}

/// What the opponent, on roll, can do to the mover's blots with its next roll.
struct Danger {
    /// The expected cost of the pins on blots other than the mother, in the evaluation's
    /// units.
    cost: f64,
    /// The fraction of rolls that pin the mover's mother.
    mother: f64,
    /// The part of `mother` that ends the game at once (the opponent has left its start).
    mother_now: f64,
}

/// The opponent's shots, on roll, at the mover's blots (see [`Danger`]).
fn danger(p: &Position) -> Danger {
    let board = p.board();
    let mut m = Masks {
        blots: 0,
        blocked: 0,
        opponent: 0,
    };
    for (point, &n) in board.iter().enumerate().take(25).skip(1) {
        if n == 1 && !p.is_pinned(point) {
            m.blots |= 1 << point;
        } else if holds(p, point) {
            m.blocked |= 1 << point;
        } else if n < 0 {
            m.opponent |= 1 << point;
        }
    }
    m.blots &= POINTS;
    let mut d = Danger {
        cost: 0.0,
        mother: 0.0,
        mother_now: 0.0,
    };
    if m.blots == 0 || m.opponent == 0 {
        return d;
    }
    // Pinning the mother wins at once unless the opponent still has checkers on its own
    // 24-point (the mover's 1-point).
    let wins_now = board[1] >= 0;
    for &(d1, d2, weight) in &ROLLS {
        let h = hits(&m, 0, d1, d2);
        if h == 0 {
            continue;
        }
        let weight = f64::from(weight) / 36.0;
        if h & (1 << 24) != 0 {
            d.mother += weight;
            if wins_now {
                d.mother_now += weight;
            }
            continue;
        }
        // The costliest blot: the furthest from home (the highest point).
        let point = 63 - h.leading_zeros();
        d.cost += weight * (0.3 + 0.02 * f64::from(point));
    }
    d
}
