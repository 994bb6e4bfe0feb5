//! The inputs of the nets: a position, seen from the player on roll, as numbers.
//!
//! Both nets see each side's checkers as that side counts its points (1-24, its bar as 25),
//! the mover's side first, then the opponent's.
//!
//! **Raw encoding**, 98 inputs a side: for each point 1-24, four inputs for `n` checkers
//! there: `n >= 1`, `n >= 2`, `n >= 3` and `(n - 3) / 2` for more than three (0 else); then
//! the checkers on the bar over 2 and the checkers borne off over 15.
//!
//! **Contact features**, 8 a side (after both raw blocks, the mover's first):
//! 1. the pip count over 100;
//! 2. *shots*: the share of the 36 rolls with which the other side can hit at least one of
//!    this side's blots (direct and combined shots; a combined shot needs its landing points
//!    open; the other side's own bar checkers are not made to enter first);
//! 3. home-board points made, over 6;
//! 4. the longest prime (consecutive made points), over 6;
//! 5. *escapes*: the share of the 36 rolls with which this side's rearmost checker can be
//!    moved by the whole roll (blocked landing points stop it), a measure of being primed;
//! 6. anchors (points made in the other side's home board, this side's 19-24), over 2;
//! 7. checkers back (on this side's 19-24 and the bar), over 15;
//! 8. checkers in this side's home board, over 15.
//!
//! **Rich contact features** (nets of [`RICH_CONTACT_INPUTS`] inputs only; after all of the
//! above, the mover's first), 6 a side, after GNU Backgammon's:
//! 1. *break contact*: the pips this side's checkers must travel to pass the other side's
//!    rearmost checker, over 152;
//! 2. the rearmost checker's point (the bar 25), over 24; 0 with none left;
//! 3. the rearmost anchor's point (two or more checkers on one of 13-24, the other side's
//!    half of the board), over 24; 0 with none;
//! 4. *back escapes*: the share of the 36 rolls with which the rearmost checker gets past
//!    every point the other side holds among the twelve in front of it ([`escape_past`]);
//! 5. *containment*: one less the fewest such escapes of a checker on any of the points
//!    15-24 (how well the other side's points hold this side's back checkers, wherever
//!    they are);
//! 6. *dance*: the chance that a checker on the bar fails to enter, the other side's closed
//!    home points over 6, squared.
//!
//! **Race features**, 2 a side: the pip count over 100, and the checkers still outside the
//! home board over 15.
//!
//! Plakoto and Fevga have contact nets of their own, with inputs of their own ([`plakoto`],
//! [`fevga`]); a race is a race in every rule set, so all share the race encoding.

pub mod fevga;
pub mod plakoto;

use crate::engine::{Position, Variant};

/// Raw inputs for one side.
const RAW: usize = 98;
/// Contact features for one side.
const CONTACT_FEATURES: usize = 8;
/// Race features for one side.
const RACE_FEATURES: usize = 2;

/// Inputs of the contact net.
pub const CONTACT_INPUTS: usize = 2 * (RAW + CONTACT_FEATURES);
/// Rich contact features for one side.
pub const RICH_FEATURES: usize = 6;
/// Inputs of a rich contact net: the contact net's, then [`RICH_FEATURES`] a side. Nets of
/// either size read backgammon's positions; the file says which.
pub const RICH_CONTACT_INPUTS: usize = CONTACT_INPUTS + 2 * RICH_FEATURES;
/// Inputs of the race net.
pub const RACE_INPUTS: usize = 2 * (RAW + RACE_FEATURES);

/// The most inputs of any rule set's contact net.
pub const MAX_CONTACT_INPUTS: usize = {
    let mut most = RICH_CONTACT_INPUTS;
    if plakoto::INPUTS > most {
        most = plakoto::INPUTS;
    }
    if fevga::INPUTS > most {
        most = fevga::INPUTS;
    }
    most
};

/// The inputs of `variant`'s contact net and of its race net.
#[must_use]
pub const fn input_counts(variant: Variant) -> (usize, usize) {
    match variant {
        Variant::Plakoto => (plakoto::INPUTS, RACE_INPUTS),
        Variant::Fevga => (fevga::INPUTS, RACE_INPUTS),
        Variant::Backgammon | Variant::Portes | Variant::Jacquet => (CONTACT_INPUTS, RACE_INPUTS),
    }
}

/// One side's checkers in its own numbering: index 1-24 the points, 25 the bar, 0 unused.
pub type Side = [u8; 26];

/// The mover's and the opponent's checkers, each in its own numbering.
#[must_use]
pub fn sides(position: &Position) -> (Side, Side) {
    let mut mover = [0u8; 26];
    let mut opponent = [0u8; 26];
    for p in 1..=25 {
        mover[p] = position.mover_on(p);
        opponent[p] = position.opponent_on(p);
    }
    (mover, opponent)
}

/// The four raw inputs of `n` checkers on a point into `x`: `n >= 1`, `n >= 2`, `n >= 3`,
/// and `(n - 3) / 2` for more than three (every rule set's encoding uses them).
fn point_inputs(n: u8, x: &mut [f32]) {
    x[0] = f32::from(u8::from(n >= 1));
    x[1] = f32::from(u8::from(n >= 2));
    x[2] = f32::from(u8::from(n >= 3));
    x[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
}

/// [`point_inputs`] of each point 1-24 of `side`, four inputs a point, into `out`.
fn points_inputs(side: &Side, out: &mut [f32]) {
    for p in 1..=24 {
        point_inputs(side[p], &mut out[4 * (p - 1)..4 * p]);
    }
}

fn raw(side: &Side, out: &mut [f32]) {
    points_inputs(side, out);
    let on: u32 = side[1..=25].iter().map(|&n| u32::from(n)).sum();
    out[96] = f32::from(side[25]) / 2.0;
    out[97] = 15u32.saturating_sub(on) as f32 / 15.0;
}

/// The pip count of a side.
#[must_use]
pub fn pips(side: &Side) -> u32 {
    (1..=25).map(|p| p as u32 * u32::from(side[p])).sum()
}

/// The index of the roll `a`-`b` (`a <= b`) among the 21 distinct rolls, in the order
/// 1-1, 1-2, ..., 1-6, 2-2, ..., 6-6.
const fn roll_index(a: usize, b: usize) -> usize {
    // Rolls before those starting with `a`: 6 + 5 + ... for the lower first dice.
    (a - 1) * (14 - a) / 2 + (b - a)
}

/// For each distance 1-6: the rolls (bits by [`roll_index`]) that contain that die.
const DIRECT: [u32; 7] = {
    let mut t = [0u32; 7];
    let mut d = 1;
    while d <= 6 {
        let mut a = 1;
        while a <= 6 {
            let (lo, hi) = if a < d { (a, d) } else { (d, a) };
            t[d] |= 1 << roll_index(lo, hi);
            a += 1;
        }
        d += 1;
    }
    t
};

/// For each distance 0-24 and die 1-6: how many moves of that die (2 to 4) cover the
/// distance exactly, 0 when a double of it cannot.
const DOUBLE_MOVES: [[u8; 7]; 25] = {
    let mut t = [[0u8; 7]; 25];
    let mut die = 1;
    while die <= 6 {
        let mut k = 2;
        while k <= 4 {
            t[die * k][die] = k as u8;
            k += 1;
        }
        die += 1;
    }
    t
};

/// How many of the 36 rolls the rolls in `mask` (bits by [`roll_index`]) stand for.
fn roll_weight(mask: u32) -> u32 {
    const DOUBLES: u32 = {
        let mut m = 0u32;
        let mut a = 1;
        while a <= 6 {
            m |= 1 << roll_index(a, a);
            a += 1;
        }
        m
    };
    2 * mask.count_ones() - (mask & DOUBLES).count_ones()
}

/// The share of the 36 rolls with which `attacker` hits at least one blot of `defender`.
#[must_use]
pub fn shot_share(defender: &Side, attacker: &Side) -> f32 {
    // Work in the defender's numbering: an attacker's checker on its point `a` stands on
    // the defender's `25 - a` (its bar on 0) and moves up. A landing point on the way is
    // blocked when the defender holds two or more there.
    let mut made = 0u32;
    let mut blots = 0u32;
    for (d, &n) in defender.iter().enumerate().take(25).skip(1) {
        made |= u32::from(n >= 2) << d;
        blots |= u32::from(n == 1) << d;
    }
    if blots == 0 {
        return 0.0;
    }
    let open = |p: usize| made >> p & 1 == 0;
    let mut hits = 0u32;
    for a in (1..=25).rev() {
        if attacker[a] == 0 {
            continue;
        }
        let x = 25 - a;
        // Every blot in front of this checker.
        let mut ahead = blots & !((2u32 << x) - 1);
        while ahead != 0 {
            let d = ahead.trailing_zeros() as usize;
            ahead &= ahead - 1;
            let dist = d - x;
            if dist <= 6 {
                hits |= DIRECT[dist];
            }
            // Two different dice adding up to the distance: either may be played first.
            for lo in dist.saturating_sub(6).max(1)..=(dist - 1) / 2 {
                let hi = dist - lo;
                if hi <= 6 && hi != lo && (open(x + lo) || open(x + hi)) {
                    hits |= 1 << roll_index(lo, hi);
                }
            }
            // A double played two to four times, every landing point open.
            for (die, &k) in DOUBLE_MOVES[dist].iter().enumerate().skip(1) {
                if k > 0 && (1..usize::from(k)).all(|j| open(x + j * die)) {
                    hits |= 1 << roll_index(die, die);
                }
            }
        }
        if hits == (1 << 21) - 1 {
            break;
        }
    }
    roll_weight(hits) as f32 / 36.0
}

/// The share of the 36 rolls with which the rearmost checker of `side` can move the whole
/// roll, with `other` blocking its landing points.
#[must_use]
pub fn escape_share(side: &Side, other: &Side) -> f32 {
    let Some(back) = (1..=25).rev().find(|&p| side[p] > 0) else {
        return 1.0;
    };
    // A point of `side`'s numbering is open unless `other` holds two or more there; past
    // the 1-point counts as open.
    let open = |p: isize| p < 1 || other[25 - p as usize] < 2;
    let back = back as isize;
    let mut ok = 0u32;
    for a in 1..=6isize {
        for b in a..=6isize {
            let moves = if a == b {
                (1..=4).all(|k| open(back - k * a))
            } else {
                (open(back - a) || open(back - b)) && open(back - a - b)
            };
            if moves {
                ok += if a == b { 1 } else { 2 };
            }
        }
    }
    ok as f32 / 36.0
}

fn longest_prime(side: &Side) -> u32 {
    let mut best = 0;
    let mut run = 0;
    for &n in &side[1..=24] {
        if n >= 2 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

fn contact_features(side: &Side, other: &Side, out: &mut [f32]) {
    let count = |range: std::ops::RangeInclusive<usize>, made: bool| -> u32 {
        range
            .map(|p| {
                if made {
                    u32::from(side[p] >= 2)
                } else {
                    u32::from(side[p])
                }
            })
            .sum()
    };
    out[0] = pips(side) as f32 / 100.0;
    out[1] = shot_share(side, other);
    out[2] = count(1..=6, true) as f32 / 6.0;
    out[3] = longest_prime(side) as f32 / 6.0;
    out[4] = escape_share(side, other);
    out[5] = count(19..=24, true) as f32 / 2.0;
    out[6] = count(19..=25, false) as f32 / 15.0;
    out[7] = count(1..=6, false) as f32 / 15.0;
}

/// Fills `out` with the contact net's inputs for `position` (the player on roll's view):
/// [`CONTACT_INPUTS`] of them, or with room for [`RICH_CONTACT_INPUTS`] (a rich net's) the
/// rich features after them. Numbers past those are left alone.
///
/// # Panics
/// When `out` is shorter than [`CONTACT_INPUTS`].
pub fn contact_inputs(position: &Position, out: &mut [f32]) {
    let (mover, opponent) = sides(position);
    raw(&mover, &mut out[..RAW]);
    raw(&opponent, &mut out[RAW..2 * RAW]);
    let f = 2 * RAW;
    contact_features(&mover, &opponent, &mut out[f..f + CONTACT_FEATURES]);
    contact_features(&opponent, &mover, &mut out[f + CONTACT_FEATURES..CONTACT_INPUTS]);
    if out.len() >= RICH_CONTACT_INPUTS {
        let r = CONTACT_INPUTS;
        rich_features(&mover, &opponent, &mut out[r..r + RICH_FEATURES]);
        rich_features(&opponent, &mover, &mut out[r + RICH_FEATURES..RICH_CONTACT_INPUTS]);
    }
}

/// The share of the 36 rolls with which a checker on point `from` (1-24, the bar 25, in
/// the numbering of the side playing against `other`) gets past every point `other` holds
/// among the twelve in front of it: by one die or by the whole roll, every point it stops
/// on open. Past the 1-point counts as open. With nothing held in front, every roll.
#[must_use]
pub fn escape_past(from: usize, other: &Side) -> f32 {
    let from = from.min(25) as isize;
    let held = |p: isize| (1..=24).contains(&p) && other[(25 - p) as usize] >= 2;
    // The farthest held point among the twelve in front: the checker must land below it.
    let Some(last) = (from - 12..from).find(|&p| held(p)) else {
        return 1.0;
    };
    let mut ok = 0u32;
    for a in 1..=6isize {
        for b in a..=6isize {
            let escapes = if a == b {
                // A double: the checker stops on each of up to four points in turn.
                (1..=4)
                    .take_while(|&k| !held(from - k * a))
                    .any(|k| from - k * a < last)
            } else {
                let one = |d: isize| !held(from - d) && from - d < last;
                let both = (!held(from - a) || !held(from - b))
                    && !held(from - a - b)
                    && from - a - b < last;
                one(a) || one(b) || both
            };
            ok += u32::from(escapes) * if a == b { 1 } else { 2 };
        }
    }
    ok as f32 / 36.0
}

/// The rich features of `side` (see the module's documentation) into `out`.
fn rich_features(side: &Side, other: &Side, out: &mut [f32]) {
    let back = (1..=25).rev().find(|&p| side[p] > 0);
    // The other side's rearmost checker, on this side's point `25 - p` (0 for its bar).
    let other_back = (1..=25).rev().find(|&p| other[p] > 0).map(|p| 25 - p);
    out[0] = other_back.map_or(0.0, |b| {
        (b + 1..=25)
            .map(|p| u32::from(side[p]) * (p - b + 1) as u32)
            .sum::<u32>() as f32
            / 152.0
    });
    out[1] = back.map_or(0.0, |p| p as f32 / 24.0);
    out[2] = (13..=24)
        .rev()
        .find(|&p| side[p] >= 2)
        .map_or(0.0, |p| p as f32 / 24.0);
    out[3] = back.map_or(1.0, |p| escape_past(p, other));
    out[4] = 1.0 - (15..=24).map(|p| escape_past(p, other)).fold(1.0, f32::min);
    let closed = (1..=6).filter(|&p| other[p] >= 2).count() as f32 / 6.0;
    out[5] = closed * closed;
}

/// Fills `out` with the race net's inputs for `position` (the player on roll's view).
pub fn race_inputs(position: &Position, out: &mut [f32; RACE_INPUTS]) {
    let (mover, opponent) = sides(position);
    raw(&mover, &mut out[..RAW]);
    raw(&opponent, &mut out[RAW..2 * RAW]);
    for (i, side) in [mover, opponent].iter().enumerate() {
        let x = &mut out[2 * RAW + RACE_FEATURES * i..2 * RAW + RACE_FEATURES * (i + 1)];
        x[0] = pips(side) as f32 / 100.0;
        x[1] = (7..=25).map(|p| u32::from(side[p])).sum::<u32>() as f32 / 15.0;
    }
}
