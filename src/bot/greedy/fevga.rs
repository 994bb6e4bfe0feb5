//! Fevga for the `greedy` bot (assets/rules/README.md §2.4).
//!
//! Nothing is hit in Fevga: a single checker holds a point, so the game is a race in which
//! each side blocks the other. The evaluation adds up, from the view of the player who has
//! just moved (the opponent rolls next):
//! - the pip lead, scaled by the length of the race;
//! - blocks: points held in front of the other side's checkers along its route, worth more
//!   the closer they stand in front of them, and the longest run of them (a prime);
//! - getting past the opponent's start: until one checker has passed it, only one may leave
//!   the 24-point, so the rest stand idle;
//! - stacking: checkers piled on one point hold nothing and block nothing.
//!
//! Each feature is counted for both sides (the other side's from its own view) and the
//! difference is mapped onto expected points. When the sides have passed each other it is a
//! race, valued as in backgammon.

use crate::engine::{Position, Variant};

/// The largest expected points the contact evaluation gives.
const SCALE: f64 = 1.7;

/// The prime bonus by the length of the longest run of held points in front of opposing
/// checkers (six in a row traps them, for as long as the trapping rule lets it stand).
const PRIME: [f64; 7] = [0.0, 0.0, 0.03, 0.1, 0.25, 0.45, 0.7];

/// The opponent's route in the mover's numbering, from its start (the mover's 12-point) down
/// to 1, then from 24 down to 13 (its home board is the mover's 13-18).
const OPPONENT_ROUTE: [usize; 24] = [
    12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
];

/// The mover's expected points after its play, the opponent to roll next (-2 to 2; a
/// finished game is worth its points).
#[must_use]
pub(super) fn evaluate(position_after: &Position) -> f64 {
    let p = position_after;
    if let Some(points) = super::settled(Variant::Fevga, p) {
        return points;
    }
    let theirs_view = p.switched();
    let (mut e, _) = super::pip_term(p);
    e += side_value(p) - side_value(&theirs_view);
    SCALE * (e / 2.0).tanh()
}

/// What the mover's own position is worth, apart from the pips: its blocks, whether it has
/// got past the opponent's start, and its stacks.
fn side_value(p: &Position) -> f64 {
    let board = p.board();
    let mut value = 0.0;
    // Blocks, walking the opponent's route from its start: a point the mover holds blocks
    // the opposing checkers behind it, the more the nearer it is to them.
    let mut behind = 0u32;
    let mut since_last = usize::MAX;
    let mut run = 0usize;
    let mut best_run = 0usize;
    for &point in &OPPONENT_ROUTE {
        let n = board[point];
        if n < 0 {
            behind += u32::from(n.unsigned_abs());
            since_last = 0;
        } else {
            since_last = since_last.saturating_add(1);
        }
        if n > 0 && behind > 0 {
            // Directly in front (within a roll of the nearest checker behind) counts most.
            value += if since_last <= 6 { 0.08 } else { 0.04 };
            run += 1;
            best_run = best_run.max(run);
        } else {
            run = 0;
        }
    }
    value += PRIME[best_run.min(6)];
    // The start rule: until a checker has passed the opponent's start (the mover's
    // 12-point), the checkers on the 24-point wait there.
    let passed = p.mover_off() > 0 || (1..=11).any(|q| board[q] > 0);
    if !passed {
        value -= 0.15 + 0.02 * f64::from(board[24].max(0));
    }
    for (point, &n) in board.iter().enumerate().take(25).skip(1) {
        // A stack on the 24-point is the start; elsewhere it wastes checkers.
        let free = if point == 24 { 6 } else { 3 };
        if n > free {
            value -= 0.025 * f64::from(n - free);
        }
        // A point held is a point the other side cannot use.
        if n > 0 {
            value += 0.02;
        }
    }
    value
}
