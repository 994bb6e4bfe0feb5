//! The contact net's inputs for Plakoto, 130 a side (the mover's first), each side in its
//! own numbering:
//!
//! **Raw**, 120: for each point 1-24, the side's checkers on top there (`n >= 1`, `n >= 2`,
//! `n >= 3`, `(n - 3) / 2` above three) and whether a checker of the side lies pinned there.
//!
//! **Features**, 10:
//! 1. the pip count (pinned checkers where they lie) over 100;
//! 2. checkers borne off over 15;
//! 3. the side's checkers pinned, over 3;
//! 4. the other side's checkers it pins, over 3;
//! 5. checkers still on the side's 24-point (the mother's point), over 15;
//! 6. the mother pinned (the side's checker on its 24-point under the other's): 0 or 1;
//! 7. *shots*: the share of the 36 rolls with which the other side can land on one of this
//!    side's blots (and pin it), as [`super::shot_share`] counts them;
//! 8. *escapes*: the share of the rolls with which the side's rearmost free checker moves
//!    the whole roll ([`super::escape_share`]);
//! 9. home-board points held (two or more on top, or one on a pinned checker), over 6;
//! 10. checkers back (on the side's 19-24, pinned ones too), over 15.

use super::{Grain, MOST_PIPS, POINT_GRAINS, Side, escape_share, grain, point_inputs, shot_share};
use crate::engine::Position;

/// Raw inputs for one side.
const RAW: usize = 24 * 5;
/// Features for one side.
const FEATURES: usize = 10;
/// Inputs of Plakoto's contact net.
pub const INPUTS: usize = 2 * (RAW + FEATURES);

/// One side as Plakoto sees it, in its own numbering (index 1-24).
#[derive(Debug, Clone, Copy, Default)]
struct View {
    /// Checkers on top of each point.
    top: Side,
    /// A checker of this side lies pinned on the point.
    pinned: [bool; 25],
    /// Borne off.
    off: u8,
}

/// The mover's and the opponent's views.
fn views(position: &Position) -> (View, View) {
    let (mut mover, mut opponent) = (View::default(), View::default());
    for (p, &n) in position.board().iter().enumerate().take(25).skip(1) {
        let q = 25 - p;
        let pinned = position.is_pinned(p);
        if n > 0 {
            mover.top[p] = n as u8;
            opponent.pinned[q] = pinned;
        } else if n < 0 {
            opponent.top[q] = n.unsigned_abs();
            mover.pinned[p] = pinned;
        }
    }
    mover.off = position.mover_off();
    opponent.off = position.opponent_off();
    (mover, opponent)
}

fn raw(side: &View, out: &mut [f32]) {
    for p in 1..=24 {
        let x = &mut out[5 * (p - 1)..5 * p];
        point_inputs(side.top[p], x);
        x[4] = f32::from(u8::from(side.pinned[p]));
    }
}

fn features(side: &View, other: &View, out: &mut [f32]) {
    let on = |p: usize| u32::from(side.top[p]) + u32::from(side.pinned[p]);
    let pips: u32 = (1..=24).map(|p| p as u32 * on(p)).sum();
    let pinned = side.pinned[1..=24].iter().filter(|&&x| x).count();
    let pinning = other.pinned[1..=24].iter().filter(|&&x| x).count();
    // A point of this side is held against the other: two on top, or one on a pinned
    // checker of the other side (on the other's point 25 - p).
    let held = |p: usize| side.top[p] >= 2 || (side.top[p] == 1 && other.pinned[25 - p]);
    out[0] = pips as f32 / 100.0;
    out[1] = f32::from(side.off) / 15.0;
    out[2] = pinned as f32 / 3.0;
    out[3] = pinning as f32 / 3.0;
    out[4] = on(24) as f32 / 15.0;
    out[5] = f32::from(u8::from(side.pinned[24]));
    out[6] = shot_share(&side.top, &other.top);
    out[7] = escape_share(&side.top, &other.top);
    out[8] = (1..=6).filter(|&p| held(p)).count() as f32 / 6.0;
    out[9] = (19..=24).map(on).sum::<u32>() as f32 / 15.0;
}

/// The grain of each of [`inputs`]' inputs (see [`Grain`]).
pub(super) fn grains() -> Vec<Grain> {
    let mut out = Vec::with_capacity(INPUTS);
    for _ in 0..2 {
        for _ in 1..=24 {
            out.extend(POINT_GRAINS);
            out.push(grain(1, 1));
        }
    }
    // Pips, off, pinned, pinning, on the 24-point, the mother pinned, shots, escapes, home
    // points held, checkers back.
    for _ in 0..2 {
        out.extend([
            grain(100, MOST_PIPS),
            grain(15, 15),
            grain(3, 15),
            grain(3, 15),
            grain(15, 15),
            grain(1, 1),
            grain(36, 36),
            grain(36, 36),
            grain(6, 6),
            grain(15, 15),
        ]);
    }
    out
}

/// Fills `out` (at least [`INPUTS`] long) with Plakoto's contact inputs for `position`.
pub fn inputs(position: &Position, out: &mut [f32]) {
    let (mover, opponent) = views(position);
    raw(&mover, &mut out[..RAW]);
    raw(&opponent, &mut out[RAW..2 * RAW]);
    let f = 2 * RAW;
    features(&mover, &opponent, &mut out[f..f + FEATURES]);
    features(&opponent, &mover, &mut out[f + FEATURES..f + 2 * FEATURES]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Geometry, Position};

    /// A pinned mother: the mover's last checker on its 24-point lies under one of the
    /// opponent's; the opponent (its 1-point) sees one pin held, and both raw blocks say so.
    #[test]
    fn a_pinned_mother_is_seen_from_both_sides() {
        let mut board = [0i8; 26];
        board[24] = -1; // the opponent's checker on top of the mover's mother
        board[6] = 14;
        board[1] = -14; // the opponent's mother point, the mover's 1
        let position = Position::new(board, [0, 0], &[24], Geometry::Opposed).expect("valid");
        let mut x = vec![0.0; INPUTS];
        inputs(&position, &mut x);
        let f = 2 * RAW;
        assert_eq!(x[5 * 23 + 4], 1.0, "the mover's checker pinned on its 24");
        assert_eq!(x[f + 5], 1.0, "the mover's mother is pinned");
        assert_eq!(x[f + 2], 1.0 / 3.0, "one checker of the mover pinned");
        assert_eq!(x[f + FEATURES + 3], 1.0 / 3.0, "the opponent pins one");
        assert_eq!(x[f + FEATURES + 5], 0.0, "the opponent's mother is free");
        // The opponent's checker on top: on its own point 1, in its raw block.
        assert_eq!(x[RAW], 1.0);
        // The mover's 24-point: one checker, pinned, at 24 pips.
        assert_eq!(x[f], (14 * 6 + 24) as f32 / 100.0);
    }
}
