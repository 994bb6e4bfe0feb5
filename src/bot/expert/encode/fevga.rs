//! The contact net's inputs for Fevga, 106 a side (the mover's first), each side in its
//! own numbering (both move from their 24-point down to 1; one side's point `p` is the
//! other's `p + 12` or `p - 12`).
//!
//! **Raw**, 96: for each point 1-24, `n >= 1`, `n >= 2`, `n >= 3` and `(n - 3) / 2` for the
//! side's `n` checkers there.
//!
//! **Features**, 10:
//! 1. the pip count over 100;
//! 2. checkers borne off over 15;
//! 3. the start rule no longer binds (a checker stands on the side's 1-11 or is off): 0 or 1;
//! 4. checkers not yet past the other side's start (on the side's 12-24), over 15;
//! 5. the longest run of points the side holds along its own route, over 6;
//! 6. the longest run of points it holds ahead of the other side's rearmost checker along
//!    the other's route (the makings of a trapping block), over 6;
//! 7. home-board points held, over 6;
//! 8. checkers in the home board, over 15;
//! 9. points held in the side's starting quarter (19-24), over 6 (the own-quarter rule
//!    forbids all six);
//! 10. checkers still on the side's 24-point, over 15.

use super::{Grain, MOST_PIPS, POINT_GRAINS, Side, grain, pips, points_inputs, sides};
use crate::engine::Position;

/// Raw inputs for one side.
const RAW: usize = 24 * 4;
/// Features for one side.
const FEATURES: usize = 10;
/// Inputs of Fevga's contact net.
pub const INPUTS: usize = 2 * (RAW + FEATURES);

/// One side's point `p` in the other side's numbering.
const fn other_point(p: usize) -> usize {
    if p > 12 { p - 12 } else { p + 12 }
}

/// The longest run of `true` in `held`.
fn longest_run(held: impl Iterator<Item = bool>) -> u32 {
    let (mut best, mut run) = (0, 0);
    for h in held {
        run = if h { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

fn features(side: &Side, off: u8, other: &Side, out: &mut [f32]) {
    let count =
        |range: std::ops::RangeInclusive<usize>| -> u32 { range.map(|p| u32::from(side[p])).sum() };
    let held = |p: usize| side[p] > 0;
    // The other side's rearmost checker, in its numbering; the points ahead of it along
    // its route are its lower points.
    let rear = (1..=24).rev().find(|&q| other[q] > 0).unwrap_or(0);
    out[0] = pips(side) as f32 / 100.0;
    out[1] = f32::from(off) / 15.0;
    out[2] = f32::from(u8::from(off > 0 || count(1..=11) > 0));
    out[3] = count(12..=24) as f32 / 15.0;
    out[4] = longest_run((1..=24).map(held)) as f32 / 6.0;
    out[5] = longest_run((1..rear).rev().map(|q| held(other_point(q)))) as f32 / 6.0;
    out[6] = (1..=6).filter(|&p| held(p)).count() as f32 / 6.0;
    out[7] = count(1..=6) as f32 / 15.0;
    out[8] = (19..=24).filter(|&p| held(p)).count() as f32 / 6.0;
    out[9] = f32::from(side[24]) / 15.0;
}

/// The grain of each of [`inputs`]' inputs (see [`Grain`]).
pub(super) fn grains() -> Vec<Grain> {
    let mut out = Vec::with_capacity(INPUTS);
    for _ in 0..2 * 24 {
        out.extend(POINT_GRAINS);
    }
    // Pips, off, the start rule, checkers not past the start, the two longest runs (one
    // checker holds a point: up to 15), home points, home checkers, points held in the
    // starting quarter, checkers on the 24-point.
    for _ in 0..2 {
        out.extend([
            grain(100, MOST_PIPS),
            grain(15, 15),
            grain(1, 1),
            grain(15, 15),
            grain(6, 15),
            grain(6, 15),
            grain(6, 6),
            grain(15, 15),
            grain(6, 6),
            grain(15, 15),
        ]);
    }
    out
}

/// Fills `out` (at least [`INPUTS`] long) with Fevga's contact inputs for `position`.
pub fn inputs(position: &Position, out: &mut [f32]) {
    let (mover, opponent) = sides(position);
    points_inputs(&mover, &mut out[..RAW]);
    points_inputs(&opponent, &mut out[RAW..2 * RAW]);
    let f = 2 * RAW;
    features(
        &mover,
        position.mover_off(),
        &opponent,
        &mut out[f..f + FEATURES],
    );
    features(
        &opponent,
        position.opponent_off(),
        &mover,
        &mut out[f + FEATURES..f + 2 * FEATURES],
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Geometry, Position};

    /// A block with every opposing checker behind it: the mover holds its 11-6 (six in a
    /// row), the opponent's checkers all stand on its 24-point (the mover's 12), and its
    /// route goes on over its 23-18, which are the mover's 11-6.
    #[test]
    fn a_trapping_block_is_seen_ahead_of_the_opponent() {
        let mut board = [0i8; 26];
        board[6..=11].fill(2);
        board[24] = 3;
        board[12] = -15;
        let position = Position::new(board, [0, 0], &[], Geometry::SameWay).expect("valid");
        let mut x = vec![0.0; INPUTS];
        inputs(&position, &mut x);
        let f = 2 * RAW;
        assert_eq!(
            x[f + 5],
            1.0,
            "six in a row ahead of the opponent's rearmost"
        );
        assert_eq!(x[f + 4], 1.0, "six in a row along the mover's own route");
        assert_eq!(x[f + 2], 1.0, "a checker on 9-11 has passed the start");
        assert_eq!(x[f + FEATURES + 2], 0.0, "the opponent has not");
        assert_eq!(
            x[f + FEATURES + 3],
            1.0,
            "all fifteen of the opponent's are back"
        );
        assert_eq!(x[f + FEATURES + 9], 1.0, "all on its 24-point");
    }
}
