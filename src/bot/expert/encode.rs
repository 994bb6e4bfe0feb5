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
//! **Extra contact features** (nets of [`EXTRA_CONTACT_INPUTS`] inputs only; after all of
//! the above, the mover's first), 9 a side, as GNU Backgammon's evaluation defines them:
//! 1. *mobility*: for each checker outside the home board, its distance from it times the
//!    rolls that move it the whole roll, summed, over 3600;
//! 2. *one-sided moment*: the mean squared distance past the checkers' mean point of those
//!    beyond it (each mean rounded up), over 400;
//! 3. *timing*: the pips the side can play before it must break its points (kept points
//!    of the other half two checkers each, the home points filled from the spares), over
//!    100;
//! 4. *backbone*: one less how closely the other made points back up the rearmost one (11
//!    for one within 6 pips, 13 less the distance within 11), over 11 a point, in
//!    thousandths;
//! 5. and 6. *back game*: with two anchors or more in the other side's home board, the
//!    checkers there and on the bar less 3, over 4; with one, those checkers over 8;
//! 7. *forward anchor*: the most forward anchor in the other side's home board, else the
//!    deepest in its outfield, as its distance from the far end, over 6 (2 with none);
//! 8. *free pips*: the pips of the checkers already past all of the other side's, over 100;
//! 9. *bar loss*: with checkers on the bar, the pips lost to the other side's closed home
//!    points over the 36 rolls, over 294.
//!
//! A **raw contact net** ([`RAW_CONTACT_INPUTS`]) reads the two raw blocks alone, with no
//! features to work out: the pruning net of rollouts is one.
//!
//! **Race features**, 2 a side: the pip count over 100, and the checkers still outside the
//! home board over 15.
//!
//! Plakoto and Fevga have contact nets of their own, with inputs of their own ([`plakoto`],
//! [`fevga`]); a race is a race in every rule set, so all share the race encoding.

pub mod fevga;
pub mod plakoto;

use crate::engine::{Geometry, Position, Variant};

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
/// Extra contact features for one side.
pub const EXTRA_FEATURES: usize = 9;
/// Inputs of an extra contact net: the rich contact net's, then [`EXTRA_FEATURES`] a side.
pub const EXTRA_CONTACT_INPUTS: usize = RICH_CONTACT_INPUTS + 2 * EXTRA_FEATURES;
/// Inputs of a raw contact net: the two raw blocks alone, no features (cheap to work out:
/// the pruning net of rollouts reads these).
pub const RAW_CONTACT_INPUTS: usize = 2 * RAW;
/// Inputs of the race net.
pub const RACE_INPUTS: usize = 2 * (RAW + RACE_FEATURES);

/// The most inputs of any rule set's contact net.
pub const MAX_CONTACT_INPUTS: usize = {
    let mut most = EXTRA_CONTACT_INPUTS;
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

/// How an input is made, for the evaluator that works in whole numbers
/// ([`super::incremental`]): a whole number from 0 to `most` over `denominator` (`n >= 2` is 0
/// or 1 over 1, `(n - 3) / 2` is `n - 3` over 2, a pip count is pips over 100, a share of the
/// rolls is rolls over 36).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grain {
    /// What the whole number is divided by.
    pub denominator: u16,
    /// The largest the whole number can be.
    pub most: u16,
}

const fn grain(denominator: u16, most: u16) -> Grain {
    Grain { denominator, most }
}

/// The most pips a side can have (fifteen checkers on the bar).
const MOST_PIPS: u16 = 15 * 25;

/// The grains of [`point_inputs`]: three 0-or-1 inputs, then `n - 3` over 2.
const POINT_GRAINS: [Grain; 4] = [grain(1, 1), grain(1, 1), grain(1, 1), grain(2, 12)];

/// The grains of [`raw`]: the points', then the bar over 2 and the checkers off over 15.
fn raw_grains(out: &mut Vec<Grain>) {
    for _ in 1..=24 {
        out.extend(POINT_GRAINS);
    }
    out.extend([grain(2, 15), grain(15, 15)]);
}

/// Which inputs a net reads: backgammon's contact inputs (a rich net's, the plain ones their
/// start), its race inputs, or Plakoto's or Fevga's contact inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// [`contact_inputs`], all [`RICH_CONTACT_INPUTS`] of them.
    Contact,
    /// [`race_inputs`].
    Race,
    /// [`plakoto::inputs`].
    Plakoto,
    /// [`fevga::inputs`].
    Fevga,
}

/// The grain of every input of `encoding`, in order (see [`Grain`]).
#[must_use]
pub fn grains(encoding: Encoding) -> &'static [Grain] {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<Vec<Grain>>; 4] = [const { OnceLock::new() }; 4];
    let (i, build): (usize, fn() -> Vec<Grain>) = match encoding {
        Encoding::Contact => (0, contact_grains),
        Encoding::Race => (1, race_grains),
        Encoding::Plakoto => (2, plakoto::grains),
        Encoding::Fevga => (3, fevga::grains),
    };
    TABLES[i].get_or_init(build)
}

fn contact_grains() -> Vec<Grain> {
    let mut out = Vec::with_capacity(EXTRA_CONTACT_INPUTS);
    raw_grains(&mut out);
    raw_grains(&mut out);
    // Pips, shots, home points, the longest prime (at most 7 points of two), escapes,
    // anchors, checkers back, checkers home.
    let features = [
        grain(100, MOST_PIPS),
        grain(36, 36),
        grain(6, 6),
        grain(6, 7),
        grain(36, 36),
        grain(2, 6),
        grain(15, 15),
        grain(15, 15),
    ];
    out.extend(features);
    out.extend(features);
    // Break contact, the rearmost checker, the rearmost anchor, back escapes, containment
    // (36 less the fewest escapes), dance (the closed points squared, over 36).
    let rich = [
        grain(152, MOST_PIPS),
        grain(24, 25),
        grain(24, 24),
        grain(36, 36),
        grain(36, 36),
        grain(36, 36),
    ];
    out.extend(rich);
    out.extend(rich);
    // Mobility (over 3600), the one-sided moment (over 400), timing (pips over 100),
    // backbone (thousandths), a back game of two anchors or more (checkers back less 3,
    // over 4) and of one (checkers back over 8), the forward anchor (over 6; 12 with none),
    // the free pips (over 100), the pips lost on the bar (over 294).
    let extra = [
        grain(3600, 19 * 15 * 36),
        grain(400, 24 * 24),
        grain(100, 24 * 15),
        grain(1000, 1000),
        grain(4, 12),
        grain(8, 15),
        grain(6, 12),
        grain(100, MOST_PIPS),
        grain(294, 294),
    ];
    out.extend(extra);
    out.extend(extra);
    out
}

fn race_grains() -> Vec<Grain> {
    let mut out = Vec::with_capacity(RACE_INPUTS);
    raw_grains(&mut out);
    raw_grains(&mut out);
    for _ in 0..2 {
        out.extend([grain(100, MOST_PIPS), grain(15, 15)]);
    }
    out
}

/// One side's checkers in its own numbering: index 1-24 the points, 25 the bar, 0 unused.
pub type Side = [u8; 26];

/// The mover's and the opponent's checkers, each in its own numbering.
#[must_use]
pub fn sides(position: &Position) -> (Side, Side) {
    let mut mover = [0u8; 26];
    let mut opponent = [0u8; 26];
    if position.geometry() == Geometry::Opposed && !position.has_pins() {
        // Backgammon's board: the mover's checkers are the positive counts, the opponent's
        // the negative ones, on its point `25 - p`.
        let board = position.board();
        for p in 1..=24 {
            let n = board[p];
            mover[p] = n.max(0).unsigned_abs();
            opponent[25 - p] = n.min(0).unsigned_abs();
        }
        mover[25] = position.mover_bar();
        opponent[25] = position.opponent_bar();
        return (mover, opponent);
    }
    for p in 1..=25 {
        mover[p] = position.mover_on(p);
        opponent[p] = position.opponent_on(p);
    }
    (mover, opponent)
}

/// One side's points as bits (bit `p` for its point `p`, 25 its bar), worked out once for
/// all the features that read them.
#[derive(Debug, Clone, Copy)]
struct Masks {
    /// Points 1-25 with a checker of the side.
    on: u32,
    /// Points 1-24 with two or more.
    made: u32,
    /// Points 1-24 with exactly one.
    blots: u32,
}

impl Masks {
    /// Eight points at a time: a count (below 128: a side has 15 checkers) plus `128 - k`
    /// sets its byte's high bit exactly when the count is at least `k`, and never carries
    /// into the next byte.
    fn of(side: &Side) -> Masks {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let gather = |high: u64| ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        let mut bytes = [0u8; 32];
        bytes[..26].copy_from_slice(side);
        let (words, _) = bytes.as_chunks::<8>();
        let (mut one, mut two) = (0u32, 0u32);
        for (i, word) in words.iter().enumerate() {
            let w = u64::from_le_bytes(*word) & (ONES * 0x7F);
            one |= gather((w + ONES * 127) & HIGH) << (8 * i);
            two |= gather((w + ONES * 126) & HIGH) << (8 * i);
        }
        const POINTS: u32 = ((1 << 25) - 1) & !1;
        Masks {
            on: one & (POINTS | 1 << 25),
            made: two & POINTS,
            blots: one & !two & POINTS,
        }
    }
}

/// The four raw inputs of `n` checkers on a point into `x`: `n >= 1`, `n >= 2`, `n >= 3`,
/// and `(n - 3) / 2` for more than three (every rule set's encoding uses them).
fn point_inputs(n: u8, x: &mut [f32]) {
    x[0] = f32::from(u8::from(n >= 1));
    x[1] = f32::from(u8::from(n >= 2));
    x[2] = f32::from(u8::from(n >= 3));
    x[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
}

/// [`point_inputs`] of each count 0-15, worked out once.
const POINT_INPUTS: [[f32; 4]; 16] = {
    let mut t = [[0.0f32; 4]; 16];
    let mut n = 0;
    while n < 16 {
        t[n] = [
            if n >= 1 { 1.0 } else { 0.0 },
            if n >= 2 { 1.0 } else { 0.0 },
            if n >= 3 { 1.0 } else { 0.0 },
            if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 },
        ];
        n += 1;
    }
    t
};

/// [`point_inputs`] of each point 1-24 of `side`, four inputs a point, into `out`.
fn points_inputs(side: &Side, out: &mut [f32]) {
    for (x, &n) in out[..96].chunks_exact_mut(4).zip(&side[1..=24]) {
        match POINT_INPUTS.get(usize::from(n)) {
            Some(inputs) => x.copy_from_slice(inputs),
            None => point_inputs(n, x),
        }
    }
}

fn raw(side: &Side, out: &mut [f32]) {
    points_inputs(side, out);
    let on: u32 = side[1..=25].iter().map(|&n| u32::from(n)).sum();
    out[96] = f32::from(side[25]) / 2.0;
    out[97] = 15u32.saturating_sub(on) as f32 / 15.0;
}

/// The raw inputs (the [`RAW_CONTACT_INPUTS`] of a raw contact net: the mover's block,
/// then the opponent's) that differ between the sides `before` and `after` (each as
/// [`sides`] gives them), with their values for `after`, into `out`: the four of each point
/// whose count changed, the bar's and the checkers off's, each as [`contact_inputs`] works
/// it out.
pub fn raw_changes(before: &(Side, Side), after: &(Side, Side), out: &mut Vec<(u32, f32)>) {
    out.clear();
    for (block, (was, now)) in [(&before.0, &after.0), (&before.1, &after.1)]
        .into_iter()
        .enumerate()
    {
        let base = block * RAW;
        // The points that changed, as a mask (bit p for point p, 25 the bar), eight at a
        // time: most positions differ from the one before in a few points.
        let mut changed = 0u32;
        for start in [0, 8, 16, 18] {
            let word = |side: &Side| {
                let mut bytes = [0u8; 8];
                bytes.copy_from_slice(&side[start..start + 8]);
                u64::from_le_bytes(bytes)
            };
            changed |= nonzero_bytes(word(was) ^ word(now)) << start;
        }
        changed &= !1;
        let mut moved = 0i32;
        let mut rest = changed & !(1 << 25);
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            moved += i32::from(now[p]) - i32::from(was[p]);
            let mut x = [0.0f32; 4];
            match POINT_INPUTS.get(usize::from(now[p])) {
                Some(inputs) => x.copy_from_slice(inputs),
                None => point_inputs(now[p], &mut x),
            }
            let first = base + 4 * (p - 1);
            out.extend(x.into_iter().enumerate().map(|(k, v)| ((first + k) as u32, v)));
        }
        if changed & (1 << 25) != 0 {
            moved += i32::from(now[25]) - i32::from(was[25]);
            out.push(((base + 96) as u32, f32::from(now[25]) / 2.0));
        }
        // The checkers on the board change only when some are borne off (or the sides are
        // of another position altogether).
        if moved != 0 {
            let on: u32 = now[1..=25].iter().map(|&n| u32::from(n)).sum();
            out.push(((base + 97) as u32, 15u32.saturating_sub(on) as f32 / 15.0));
        }
    }
}

/// A bit for each byte of `word` that is not zero (bit `k` for the byte `k` from the low
/// end).
fn nonzero_bytes(word: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Each byte's top bit: set when its low seven bits are not all zero or its top bit is.
    let tops = ((word & LOW7).wrapping_add(LOW7) | word) & !LOW7;
    // The eight top bits gathered into the top byte (bit 8k + 7 to bit 56 + k).
    ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
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

/// A way for a roll to hit a blot some pips ahead, for [`shot_share`]: the rolls (bits by
/// [`roll_index`]), the points on the way (bits by their distance from the hitter), and
/// whether one open point of them will do (two dice, either played first) or all must be
/// open (a double's landing points; none for a single die).
#[derive(Debug, Clone, Copy)]
struct Shot {
    rolls: u32,
    on_the_way: u32,
    either: bool,
}

/// The ways to hit a blot at each distance 0-24, and how many there are.
const SHOTS: [([Shot; 8], usize); 25] = {
    const NONE: Shot = Shot {
        rolls: 0,
        on_the_way: 0,
        either: false,
    };
    let mut t = [([NONE; 8], 0usize); 25];
    let mut dist = 1;
    while dist <= 24 {
        let mut n = 0;
        if dist <= 6 {
            t[dist].0[n] = Shot {
                rolls: DIRECT[dist],
                on_the_way: 0,
                either: false,
            };
            n += 1;
        }
        // Two different dice adding up to the distance: either may be played first.
        let mut lo = 1;
        while 2 * lo < dist {
            let hi = dist - lo;
            if hi <= 6 {
                t[dist].0[n] = Shot {
                    rolls: 1 << roll_index(lo, hi),
                    on_the_way: (1 << lo) | (1 << hi),
                    either: true,
                };
                n += 1;
            }
            lo += 1;
        }
        // A double played two to four times, every landing point on the way open.
        let mut die = 1;
        while die <= 6 {
            let k = DOUBLE_MOVES[dist][die] as usize;
            if k > 0 {
                let mut on_the_way = 0u32;
                let mut j = 1;
                while j < k {
                    on_the_way |= 1 << (j * die);
                    j += 1;
                }
                t[dist].0[n] = Shot {
                    rolls: 1 << roll_index(die, die),
                    on_the_way,
                    either: false,
                };
                n += 1;
            }
            die += 1;
        }
        t[dist].1 = n;
        dist += 1;
    }
    t
};

/// The share of the 36 rolls with which `attacker` hits at least one blot of `defender`.
#[must_use]
pub fn shot_share(defender: &Side, attacker: &Side) -> f32 {
    shots(&Masks::of(defender), &Masks::of(attacker))
}

/// [`shot_share`] from the sides' masks.
fn shots(defender: &Masks, attacker: &Masks) -> f32 {
    // Work in the defender's numbering: an attacker's checker on its point `a` stands on
    // the defender's `25 - a` (its bar on 0) and moves up. A landing point on the way is
    // blocked when the defender holds two or more there.
    let (made, blots) = (defender.made, defender.blots);
    if blots == 0 {
        return 0.0;
    }
    // The attacker's checkers, by where they stand in the defender's numbering (bit `a`
    // to bit `25 - a`), only those behind the foremost blot (which alone can hit).
    let hitters =
        (attacker.on << 6).reverse_bits() & ((1u32 << (31 - blots.leading_zeros())) - 1);
    let mut hitters = hitters;
    let mut hits = 0u32;
    while hitters != 0 {
        let x = hitters.trailing_zeros() as usize;
        hitters &= hitters - 1;
        let blocked = made >> x;
        // Every blot in front of this checker.
        let mut ahead = blots >> x & !1;
        while ahead != 0 {
            let dist = ahead.trailing_zeros() as usize;
            ahead &= ahead - 1;
            let (ways, n) = &SHOTS[dist];
            for way in &ways[..*n] {
                let shut = blocked & way.on_the_way;
                let open = if way.either {
                    shut != way.on_the_way
                } else {
                    shut == 0
                };
                hits |= if open { way.rolls } else { 0 };
            }
        }
        if hits == (1 << 21) - 1 {
            break;
        }
    }
    roll_weight(hits) as f32 / 36.0
}

/// The 21 rolls for [`escape_share`]: how many of the 36 each stands for, the distances of
/// which one open landing point will do (two dice, either first; none for a double), and
/// the distances that must all be open (the whole roll; a double's four landing points).
const ESCAPES: [(u32, u32, u32); 21] = {
    let mut t = [(0u32, 0u32, 0u32); 21];
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            t[roll_index(a, b)] = if a == b {
                (1, 0, (1 << a) | (1 << (2 * a)) | (1 << (3 * a)) | (1 << (4 * a)))
            } else {
                (2, (1 << a) | (1 << b), 1 << (a + b))
            };
            b += 1;
        }
        a += 1;
    }
    t
};

/// The share of the 36 rolls with which the rearmost checker of `side` can move the whole
/// roll, with `other` blocking its landing points.
#[must_use]
pub fn escape_share(side: &Side, other: &Side) -> f32 {
    escapes(&Masks::of(side), &Masks::of(other))
}

/// [`escape_share`] from the sides' masks.
fn escapes(side: &Masks, other: &Masks) -> f32 {
    if side.on == 0 {
        return 1.0;
    }
    let back = 31 - side.on.leading_zeros();
    whole_roll_rolls(back, other) as f32 / 36.0
}

/// How many of the 36 rolls move a checker on point `from` (1-24, the bar 25) of the side
/// playing against `other` the whole roll, `other`'s made points blocking its landings.
fn whole_roll_rolls(from: u32, other: &Masks) -> u32 {
    // The blocked landing points by their distance from the checker: the side's point `p`
    // is `other`'s `25 - p`, so `other`'s made point `q` lies `from - 25 + q` pips ahead;
    // past the 1-point (`q` of 25 and more) nothing is blocked.
    let blocked = (other.made << 6) >> (31 - from);
    let mut ok = 0u32;
    for &(weight, either, all) in &ESCAPES {
        let moves = (either == 0 || blocked & either != either) && blocked & all == 0;
        ok += if moves { weight } else { 0 };
    }
    ok
}

fn contact_features(side: &Side, masks: (&Masks, &Masks), out: &mut [f32]) {
    let (mine, theirs) = masks;
    let checkers = |range: std::ops::RangeInclusive<usize>| -> u32 {
        side[range].iter().map(|&n| u32::from(n)).sum()
    };
    const HOME: u32 = 0b111_1110;
    const FAR_HOME: u32 = 0b11_1111 << 19;
    out[0] = pips(side) as f32 / 100.0;
    out[1] = shots(mine, theirs);
    out[2] = (mine.made & HOME).count_ones() as f32 / 6.0;
    out[3] = longest_run(mine.made) as f32 / 6.0;
    out[4] = escapes(mine, theirs);
    out[5] = (mine.made & FAR_HOME).count_ones() as f32 / 2.0;
    out[6] = checkers(19..=25) as f32 / 15.0;
    out[7] = checkers(1..=6) as f32 / 15.0;
}

/// The longest run of set bits in `bits` (the longest prime of a mask of made points).
fn longest_run(mut bits: u32) -> u32 {
    let mut run = 0;
    while bits != 0 {
        bits &= bits << 1;
        run += 1;
    }
    run
}

/// Fills `out` with the contact net's inputs for `position` (the player on roll's view):
/// [`CONTACT_INPUTS`] of them, or with room for [`RICH_CONTACT_INPUTS`] (a rich net's) the
/// rich features after them, with room for [`EXTRA_CONTACT_INPUTS`] the extra ones after
/// those, or with room for fewer than [`CONTACT_INPUTS`] only the
/// [`RAW_CONTACT_INPUTS`] (a raw net's). Numbers past those are left alone.
///
/// # Panics
/// When `out` is shorter than [`RAW_CONTACT_INPUTS`].
pub fn contact_inputs(position: &Position, out: &mut [f32]) {
    let (mover, opponent) = sides(position);
    raw(&mover, &mut out[..RAW]);
    raw(&opponent, &mut out[RAW..2 * RAW]);
    if out.len() < CONTACT_INPUTS {
        return;
    }
    let f = 2 * RAW;
    let (mine, theirs) = (Masks::of(&mover), Masks::of(&opponent));
    contact_features(
        &mover,
        (&mine, &theirs),
        &mut out[f..f + CONTACT_FEATURES],
    );
    contact_features(
        &opponent,
        (&theirs, &mine),
        &mut out[f + CONTACT_FEATURES..CONTACT_INPUTS],
    );
    if out.len() >= RICH_CONTACT_INPUTS {
        let r = CONTACT_INPUTS;
        rich_features(&mover, (&opponent, &theirs), &mut out[r..r + RICH_FEATURES]);
        rich_features(
            &opponent,
            (&mover, &mine),
            &mut out[r + RICH_FEATURES..RICH_CONTACT_INPUTS],
        );
    }
    if out.len() >= EXTRA_CONTACT_INPUTS {
        let e = RICH_CONTACT_INPUTS;
        extra_features(&mover, &opponent, &theirs, &mut out[e..e + EXTRA_FEATURES]);
        extra_features(&opponent, &mover, &mine, &mut out[e + EXTRA_FEATURES..EXTRA_CONTACT_INPUTS]);
    }
}

/// The share of the 36 rolls with which a checker on point `from` (1-24, the bar 25, in
/// the numbering of the side playing against `other`) gets past every point `other` holds
/// among the twelve in front of it: by one die or by the whole roll, every point it stops
/// on open. Past the 1-point counts as open. With nothing held in front, every roll.
#[must_use]
pub fn escape_past(from: usize, other: &Side) -> f32 {
    escape_past_rolls(from.clamp(1, 25) as u32, Masks::of(other).made) as f32 / 36.0
}

/// [`escape_past`] as a count of the 36 rolls, from `other`'s made points (`other_made`,
/// bit `q` its point `q`): a look-up in [`ESCAPE_WINDOWS`]. The plain count, each landing
/// point looked up (the tests' reference), took a third of a contact evaluation with the
/// rich inputs.
fn escape_past_rolls(from: u32, other_made: u32) -> u32 {
    // Bit `d`: the point `d` pips in front of the checker is held (this side's point `p` is
    // `other`'s `25 - p`); past the 1-point nothing is held.
    escape_rolls_ahead(other_made >> (25 - from))
}

/// The rolls that escape a checker with the points `d` pips in front held where bit `d` of
/// `ahead` is set (bit 0, its own point, not read).
fn escape_rolls_ahead(ahead: u32) -> u32 {
    let window = (ahead >> 1) & 0xfff;
    if window == 0 {
        return 36;
    }
    let entry = ESCAPE_WINDOWS[window as usize];
    let mut rolls = u32::from(entry & 0x3f);
    let mut far = entry >> 8;
    if far != 0 {
        let last = 32 - window.leading_zeros();
        while far != 0 {
            let die = far.trailing_zeros() + 1;
            far &= far - 1;
            // The double's first stop past the farthest held point, beyond the twelve.
            rolls -= ahead >> ((last / die + 1) * die) & 1;
        }
    }
    rolls
}

/// Whether the point `d` pips in front is held, in a window of the twelve (bit `d - 1`);
/// points past the twelve read as open.
const fn window_holds(window: u32, d: u32) -> bool {
    d >= 1 && d <= 12 && (window >> (d - 1)) & 1 == 1
}

/// For each window of the twelve points in front of a checker (bit `d - 1`: the point `d`
/// pips ahead held; at least one held): the rolls that get it past the farthest held point,
/// every point it stops on open (bits 0-5), the points past the twelve taken as open; and
/// the doubles among them whose escaping stop lies past the twelve (bit `7 + die`), which
/// [`escape_rolls_ahead`] takes back where that point is held.
static ESCAPE_WINDOWS: [u16; 4096] = {
    let mut table = [0u16; 4096];
    let mut window = 1u32;
    while window < 4096 {
        let last = 32 - window.leading_zeros();
        let mut rolls = 0u16;
        let mut far = 0u16;
        let mut a = 1u32;
        while a <= 6 {
            // The double: the checker stops on each of up to four points in turn.
            let mut k = 1;
            while k <= 4 && !window_holds(window, k * a) {
                if k * a > last {
                    rolls += 1;
                    if k * a > 12 {
                        far |= 1 << (a - 1);
                    }
                    break;
                }
                k += 1;
            }
            let mut b = a + 1;
            while b <= 6 {
                let one_a = !window_holds(window, a) && a > last;
                let one_b = !window_holds(window, b) && b > last;
                let both = (!window_holds(window, a) || !window_holds(window, b))
                    && !window_holds(window, a + b)
                    && a + b > last;
                if one_a || one_b || both {
                    rolls += 2;
                }
                b += 1;
            }
            a += 1;
        }
        table[window as usize] = rolls | far << 8;
        window += 1;
    }
    table
};

/// The rich features of `side` (see the module's documentation) into `out`; `other` comes
/// with its masks.
fn rich_features(side: &Side, (other, theirs): (&Side, &Masks), out: &mut [f32]) {
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
    let escape = |p: usize| escape_past_rolls(p as u32, theirs.made) as f32 / 36.0;
    out[3] = back.map_or(1.0, escape);
    out[4] = 1.0 - (15..=24).map(escape).fold(1.0, f32::min);
    let closed = (1..=6).filter(|&p| other[p] >= 2).count() as f32 / 6.0;
    out[5] = closed * closed;
}

/// The extra features of `side` (see the module's documentation) into `out`, as whole
/// numbers over their grains' denominators; `theirs` is `other`'s masks. Indices below
/// are GNU Backgammon's, from 0: a side's point `p` is index `p - 1`, its bar 24.
fn extra_features(side: &Side, other: &Side, theirs: &Masks, out: &mut [f32]) {
    let at = |i: usize| u32::from(side[i + 1]);
    // The other side's rearmost checker, as an index of this side's (-1: on its bar; 24:
    // none left).
    let other_back: i32 = (1..=25)
        .rev()
        .find(|&q| other[q] > 0)
        .map_or(24, |q| 24 - q as i32);
    // Mobility: each checker outside the home board weighed by its distance from it and
    // the rolls that move it the whole roll.
    let mobility: u32 = (7..=25)
        .filter(|&p| side[p] > 0)
        .map(|p| (p as u32 - 6) * u32::from(side[p]) * whole_roll_rolls(p as u32, theirs))
        .sum();
    out[0] = mobility as f32 / 3600.0;
    out[1] = moment2(&at) as f32 / 400.0;
    out[2] = timing(&at, other_back) as f32 / 100.0;
    out[3] = backbone(&at) as f32 / 1000.0;
    // Back games: two anchors or more in the other side's home board, or one.
    let anchors = (18..24).filter(|&i| at(i) >= 2).count();
    let back: u32 = (18..=24).map(at).sum();
    out[4] = if anchors >= 2 { back.saturating_sub(3) as f32 / 4.0 } else { 0.0 };
    out[5] = if anchors == 1 { back as f32 / 8.0 } else { 0.0 };
    out[6] = forward_anchor(&at) as f32 / 6.0;
    // Free pips: the checkers already past all of the other side's.
    let free: u32 = (0..24)
        .filter(|&i| (i as i32) < other_back)
        .map(|i| (i as u32 + 1) * at(i))
        .sum();
    out[7] = free as f32 / 100.0;
    out[8] = if at(24) > 0 {
        bar_pips_lost(at(24) > 1, other) as f32 / 294.0
    } else {
        0.0
    };
}

/// The one-sided moment of a side's checkers (`at(i)` on index `i`, the bar 24): the mean
/// squared distance past their mean of those beyond it, each mean rounded up.
fn moment2(at: &impl Fn(usize) -> u32) -> u32 {
    let (count, sum) = (0..25).fold((0, 0), |(c, s), i| (c + at(i), s + i as u32 * at(i)));
    if count == 0 {
        return 0;
    }
    let mean = sum.div_ceil(count) as usize;
    let (count, sum) = (mean + 1..25).fold((0, 0), |(c, s), i| {
        let d = (i - mean) as u32;
        (c + at(i), s + at(i) * d * d)
    });
    if count == 0 { 0 } else { sum.div_ceil(count) }
}

/// Timing: the pips a side can play before it must break its points, after GNU
/// Backgammon's (the checkers beyond the other side's rearmost one that hold a point of
/// its half are kept, two to a point; home points fill from the spares; never below 0).
fn timing(at: &impl Fn(usize) -> u32, other_back: i32) -> u32 {
    let mut t = 24 * at(24) as i32;
    let mut spare = at(24) as i32;
    let mut i = 23i32;
    while i >= 12 && i > other_back {
        let n = at(i as usize) as i32;
        if n > 0 && n != 2 {
            let moves = if n > 2 { n - 2 } else { 1 };
            spare += moves;
            t += i * moves;
        }
        i -= 1;
    }
    while i >= 6 {
        let n = at(i as usize) as i32;
        spare += n;
        t += i * n;
        i -= 1;
    }
    for i in (0..6).rev() {
        let n = at(i as usize) as i32;
        if n > 2 {
            t += i * (n - 2);
            spare += n - 2;
        } else if n < 2 && spare >= 2 - n {
            t -= i * (2 - n);
            spare -= 2 - n;
        }
    }
    t.max(0) as u32
}

/// Backbone, in thousandths: one less how closely the side's other made points (indices
/// 1-22) back up its rearmost made point (index 1-23; 11 for one within 6 pips, 13 less
/// the distance within 11, 0 farther), over 11 a point; 0 with fewer than two made.
fn backbone(at: &impl Fn(usize) -> u32) -> u32 {
    let made: u32 = (1..24).filter(|&i| at(i) >= 2).fold(0, |m, i| m | 1 << i);
    if made.count_ones() < 2 {
        return 0;
    }
    let rear = 31 - made.leading_zeros();
    let mut others = made & !(1 << rear);
    let mut support = 0;
    while others != 0 {
        let i = others.trailing_zeros();
        others &= others - 1;
        support += match rear - i {
            0..=6 => 11,
            d @ 7..=11 => 13 - d,
            _ => 0,
        };
    }
    let whole = 11 * (made.count_ones() - 1);
    (1000 * (whole - support) + whole / 2) / whole
}

/// The forward anchor, in sixths of the board: the most forward anchor in the other
/// side's home board (indices 18-23; 6 less its depth), else the deepest in its outfield
/// (12-17), as `24 - index`; 12 with none.
fn forward_anchor(at: &impl Fn(usize) -> u32) -> u32 {
    let rear = (0..25).rev().find(|&i| at(i) > 0).unwrap_or(0).min(23);
    let back_anchor = (0..=rear).rev().find(|&i| at(i) >= 2);
    let home = back_anchor.and_then(|b| (18..=b).find(|&j| at(j) >= 2));
    let outfield = || (12..=17).rev().find(|&j| at(j) >= 2);
    home.or_else(outfield).map_or(12, |j| 24 - j as u32)
}

/// The pips a side with checkers on the bar (`two`: more than one) loses to the other
/// side's closed home points over the 36 rolls, after GNU Backgammon's (at most 294).
fn bar_pips_lost(two: bool, other: &Side) -> u32 {
    let closed = |i: usize| other[i + 1] >= 2;
    let mut loss = 0;
    for i in 0..6u32 {
        if closed(i as usize) {
            loss += 4 * (i + 1);
            for j in i + 1..6 {
                if closed(j as usize) {
                    loss += 2 * (i + j + 2);
                } else if two {
                    loss += 2 * (i + 1);
                }
            }
        } else if two {
            for j in i + 1..6 {
                if closed(j as usize) {
                    loss += 2 * (j + 1);
                }
            }
        }
    }
    loss
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

#[cfg(test)]
mod tests {
    use super::*;

    /// [`shot_share`] as first written: plainly, one attacker and one blot at a time.
    fn plain_shot_share(defender: &Side, attacker: &Side) -> f32 {
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
            let mut ahead = blots & !((2u32 << x) - 1);
            while ahead != 0 {
                let d = ahead.trailing_zeros() as usize;
                ahead &= ahead - 1;
                let dist = d - x;
                if dist <= 6 {
                    hits |= DIRECT[dist];
                }
                for lo in dist.saturating_sub(6).max(1)..=(dist - 1) / 2 {
                    let hi = dist - lo;
                    if hi <= 6 && hi != lo && (open(x + lo) || open(x + hi)) {
                        hits |= 1 << roll_index(lo, hi);
                    }
                }
                for (die, &k) in DOUBLE_MOVES[dist].iter().enumerate().skip(1) {
                    if k > 0 && (1..usize::from(k)).all(|j| open(x + j * die)) {
                        hits |= 1 << roll_index(die, die);
                    }
                }
            }
        }
        roll_weight(hits) as f32 / 36.0
    }

    /// [`escape_share`] as first written: each roll's landing points looked up one by one.
    fn plain_escape_share(side: &Side, other: &Side) -> f32 {
        let Some(back) = (1..=25).rev().find(|&p| side[p] > 0) else {
            return 1.0;
        };
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

    /// [`escape_past`] as first written: each roll's landing points looked up one by one.
    fn plain_escape_past(from: usize, other: &Side) -> f32 {
        let from = from.min(25) as isize;
        let held = |p: isize| (1..=24).contains(&p) && other[(25 - p) as usize] >= 2;
        let Some(last) = (from - 12..from).find(|&p| held(p)) else {
            return 1.0;
        };
        let mut ok = 0u32;
        for a in 1..=6isize {
            for b in a..=6isize {
                let escapes = if a == b {
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

    /// [`backbone`] as first written: the made points gathered in a list.
    fn plain_backbone(at: &impl Fn(usize) -> u32) -> u32 {
        let made: Vec<usize> = (1..24).rev().filter(|&i| at(i) >= 2).collect();
        let Some((&rear, others)) = made.split_first() else {
            return 0;
        };
        if others.is_empty() {
            return 0;
        }
        let support: u32 = others
            .iter()
            .map(|&i| match rear - i {
                0..=6 => 11,
                d @ 7..=11 => 13 - d as u32,
                _ => 0,
            })
            .sum();
        let whole = 11 * others.len() as u32;
        (1000 * (whole - support) + whole / 2) / whole
    }

    #[test]
    fn the_backbone_is_the_plain_one() {
        let mut backed = 0;
        for (a, b) in random_sides(22, 20_000) {
            for side in [a, b] {
                let at = |i: usize| u32::from(side[i + 1]);
                assert_eq!(backbone(&at), plain_backbone(&at), "{side:?}");
                backed += u32::from(backbone(&at) > 0);
            }
        }
        assert!(backed > 1_000, "{backed} boards with a backbone");
    }

    /// The look-up of [`escape_rolls_ahead`] against the plain count, on every pattern of held
    /// points up to 18 pips ahead (the farthest a double's escaping stop can lie).
    #[test]
    fn the_escape_windows_count_every_pattern_as_the_plain_look_ups() {
        for ahead in (0..1u32 << 19).step_by(2) {
            // `ahead` as the other side's board, the checker on the bar: point `25 - d` of
            // this side is the other's `d`.
            let mut other = [0u8; 26];
            for (d, count) in other.iter_mut().enumerate().take(19).skip(1) {
                if ahead >> d & 1 == 1 {
                    *count = 2;
                }
            }
            assert_eq!(
                escape_rolls_ahead(ahead) as f32 / 36.0,
                plain_escape_past(25, &other),
                "{ahead:#b}"
            );
        }
    }

    /// The bit tests of [`escape_past`] count the rolls the plain look-ups count, from every
    /// point and the bar, on many random boards (primes, stacks and open boards all come up).
    #[test]
    fn escapes_past_held_points_are_the_plain_counts() {
        let mut boards = 0;
        for (a, b) in random_sides(21, 20_000) {
            for other in [a, b] {
                for from in 1..=25 {
                    assert_eq!(
                        escape_past(from, &other),
                        plain_escape_past(from, &other),
                        "from {from} against {other:?}"
                    );
                }
                boards += 1;
            }
        }
        assert_eq!(boards, 40_000);
    }

    /// Random sides: fifteen checkers each dropped on points 1-25 (blots, points, stacks and
    /// checkers on the bar all come up), both sides on the same points now and then.
    fn random_sides(seed: u64, count: usize) -> Vec<(Side, Side)> {
        let mut k = seed | 1;
        let mut next = move || {
            k ^= k << 13;
            k ^= k >> 7;
            k ^= k << 17;
            k
        };
        (0..count)
            .map(|_| {
                let mut a = [0u8; 26];
                let mut b = [0u8; 26];
                let spread = 1 + next() % 25;
                for _ in 0..15 {
                    a[1 + (next() % spread) as usize] += 1;
                    b[1 + (next() % 25) as usize] += 1;
                }
                (a, b)
            })
            .collect()
    }

    #[test]
    fn shots_and_escapes_are_the_plain_counts() {
        for (a, b) in random_sides(11, 20_000) {
            assert_eq!(shot_share(&a, &b), plain_shot_share(&a, &b), "{a:?} {b:?}");
            assert_eq!(shot_share(&b, &a), plain_shot_share(&b, &a), "{a:?} {b:?}");
            assert_eq!(escape_share(&a, &b), plain_escape_share(&a, &b), "{a:?} {b:?}");
            assert_eq!(escape_share(&b, &a), plain_escape_share(&b, &a), "{a:?} {b:?}");
        }
    }

    /// The longest prime as first written: a walk over the points.
    fn plain_longest_prime(side: &Side) -> u32 {
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

    #[test]
    fn masks_and_primes_are_the_plain_counts() {
        for (a, _) in random_sides(12, 20_000) {
            let m = Masks::of(&a);
            for p in 0..32 {
                let n = a.get(p).copied().unwrap_or(0);
                let point = (1..=24).contains(&p);
                assert_eq!(m.on >> p & 1 == 1, (1..=25).contains(&p) && n > 0, "{a:?}");
                assert_eq!(m.made >> p & 1 == 1, point && n >= 2, "{a:?}");
                assert_eq!(m.blots >> p & 1 == 1, point && n == 1, "{a:?}");
            }
            assert_eq!(longest_run(m.made), plain_longest_prime(&a), "{a:?}");
        }
    }

    /// A small generator of numbers for the tests below.
    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut k = seed | 1;
        move || {
            k ^= k << 13;
            k ^= k >> 7;
            k ^= k << 17;
            k
        }
    }

    #[test]
    fn nonzero_bytes_marks_each_byte_that_is_not_zero() {
        let plain = |w: u64| {
            (0..8)
                .filter(|&b| (w >> (8 * b)) & 0xFF != 0)
                .fold(0u32, |m, b| m | 1 << b)
        };
        for w in [0, 1, 0x80, 0xFF, 0x7F00, 1 << 63, u64::MAX, 0x0100_0000_0000_0001] {
            assert_eq!(nonzero_bytes(w), plain(w), "{w:#x}");
        }
        let mut next = xorshift(5);
        for _ in 0..100_000 {
            let (word, keep) = (next(), next());
            // Some bytes zeroed, some kept; the kept ones small or large.
            let mask = (0..8).fold(0u64, |m, b| m | (((keep >> b) & 1) * 0xFF) << (8 * b));
            let w = word & mask >> (keep >> 60);
            assert_eq!(nonzero_bytes(w), plain(w), "{w:#x}");
        }
    }

    /// The raw inputs of one position with [`raw_changes`] applied are those of the next: for
    /// sides a few checkers apart (moved, hit to the bar, borne off) and for sides of no
    /// relation to each other.
    #[test]
    fn raw_changes_turn_the_inputs_of_one_position_into_the_next() {
        let raw_of = |s: &(Side, Side)| {
            let mut x = vec![0.0f32; 2 * RAW];
            raw(&s.0, &mut x[..RAW]);
            raw(&s.1, &mut x[RAW..]);
            x
        };
        let all = random_sides(13, 4_000);
        let mut next = xorshift(17);
        let mut changes = Vec::new();
        for (i, before) in all.iter().enumerate() {
            let mut near = *before;
            for _ in 0..1 + next() % 4 {
                let side = if next().is_multiple_of(2) { &mut near.0 } else { &mut near.1 };
                let from = (1..=25).cycle().skip((next() % 25) as usize).find(|&p| side[p] > 0);
                let Some(from) = from else { continue };
                side[from] -= 1;
                let to = from as i64 - (1 + next() % 6) as i64;
                match to {
                    // Borne off.
                    ..=0 => {}
                    // Now and then to the bar, as a hit checker goes.
                    _ if next().is_multiple_of(8) => side[25] += 1,
                    _ => side[to as usize] += 1,
                }
            }
            for after in [near, all[(i + 1) % all.len()]] {
                let mut x = raw_of(before);
                raw_changes(before, &after, &mut changes);
                for &(j, v) in &changes {
                    x[j as usize] = v;
                }
                assert_eq!(x, raw_of(&after), "{before:?} -> {after:?}");
            }
        }
    }

    #[test]
    fn the_table_of_point_inputs_is_point_inputs() {
        for n in 0..=15u8 {
            let mut x = [0.0; 4];
            point_inputs(n, &mut x);
            assert_eq!(POINT_INPUTS[usize::from(n)], x, "{n}");
        }
    }
}
