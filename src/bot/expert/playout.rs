//! What a game the nets play out by themselves needs, whoever plays it (self-play training,
//! rollouts, the expert's own 0-ply choice): the 0-ply best play, the mixing of seeds, and
//! the longest a game may run.

// Public through `train` with the `lab` feature; without it, the crate's own.
#![cfg_attr(not(feature = "lab"), allow(unreachable_pub))]

use super::eval::{Buffers, Probs, after_play, equity};
use super::format::Nets;
use crate::engine::Play;

/// A game longer than this many turns is stopped (it never happens in practice; it keeps a
/// pathological net from looping for ever).
pub const MAX_TURNS: u32 = 2000;

/// SplitMix64's finaliser.
#[must_use]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The best play of `plays` for the player who moves, at 0-ply, and its chances. `None`
/// when `plays` is empty.
pub fn best_play(nets: &Nets, plays: &[Play], buf: &mut Buffers) -> Option<(Play, Probs)> {
    let mut best: Option<(Play, Probs, f32)> = None;
    for play in plays {
        let p = after_play(nets, play, buf);
        let e = equity(&p);
        if best.as_ref().is_none_or(|b| e > b.2) {
            best = Some((*play, p, e));
        }
    }
    best.map(|(play, p, _)| (play, p))
}
