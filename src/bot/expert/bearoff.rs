//! The one-sided bear-off database, built by the program: for every way of placing up to 15
//! checkers on the six home points (54,264 of them), the distribution of the number of rolls
//! needed to bear them all off, and of the rolls needed to bear off the first one, each with
//! the play that is best for it (fewest rolls expected). An entry is worked out the first
//! time it is needed, from the entries of the positions its plays reach, and kept for the
//! process: a question about a few checkers costs what those checkers need (a `hint` in a
//! bear-off no longer builds all 54,264 entries).
//!
//! With both sides in their home boards, the two distributions give exact cubeless chances:
//! the player on roll wins when it needs `n` rolls and the opponent at least `n`; a side with
//! none off is gammoned when the other finishes before it bears off its first checker.
//!
//! Two exact searches over one side's checkers stand on it, the crate's own (read by the
//! expert's evaluation): the gammons of a runner home against a trailer with a few checkers
//! out (`bearoff/gammons.rs`) and the win of a race where a side has a few checkers out
//! (`bearoff/race.rs`), sharing what `bearoff/search.rs` holds.

pub(crate) mod gammons;
pub(crate) mod race;
mod search;
pub(crate) mod two_sided;

use super::net::{LOSE_GAMMON, OUTPUTS, Probs, WIN, WIN_GAMMON};
use crate::engine::{Dice, Position};
#[cfg(test)]
use crate::engine::{Play, legal_plays_into};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// Positions in the database: C(21, 6).
pub const POSITIONS: usize = 54_264;
/// Longest distribution kept: the chance of needing more rolls is added to the last entry.
pub const MAX_ROLLS: usize = 32;

/// One side's checkers on its points 1-6 (index 0 is the 1-point).
pub type Home = [u8; 6];

/// A distribution of rolls: `d[n]` is the chance of needing exactly `n + 1` rolls (the
/// chance of needing more than [`MAX_ROLLS`] is added to the last).
pub type Rolls = [f32; MAX_ROLLS];

/// `ways[k][r]`: the placements of at most `r` checkers on `k` points, C(k + r, k).
const fn ways_table() -> [[u32; 16]; 7] {
    let mut t = [[0u32; 16]; 7];
    let mut k = 0;
    while k < 7 {
        let mut r = 0;
        while r < 16 {
            t[k][r] = if k == 0 || r == 0 {
                1
            } else {
                t[k - 1][r] + t[k][r - 1]
            };
            r += 1;
        }
        k += 1;
    }
    t
}

const WAYS: [[u32; 16]; 7] = ways_table();

/// The database index of `home` (at most 15 checkers); `None` for more.
#[must_use]
pub fn index(home: &Home) -> Option<usize> {
    index_within(home, 15)
}

/// The index of `home` among the placements of at most `most` (at most 15) checkers on the
/// six points, in the order of [`index`]; `None` for more checkers.
fn index_within(home: &Home, most: usize) -> Option<usize> {
    let total: u32 = home.iter().map(|&n| u32::from(n)).sum();
    if total as usize > most.min(15) {
        return None;
    }
    let mut budget = most.min(15);
    let mut rank = 0u32;
    for point in (0..6).rev() {
        let c = usize::from(home[point]);
        // The placements that put fewer than `c` here, each with the rest below:
        // the sum over v < c of WAYS[point][budget - v], which is
        // WAYS[point + 1][budget] - WAYS[point + 1][budget - c] (Pascal's rule, summed).
        rank += WAYS[point + 1][budget] - WAYS[point + 1][budget - c];
        budget -= c;
    }
    Some(rank as usize)
}

/// The placement with database index `i` (the inverse of [`index`]).
#[must_use]
pub fn home_of(i: usize) -> Home {
    home_within(i, 15)
}

/// The placement of index `i` among those of at most `most` checkers (the inverse of
/// [`index_within`]).
fn home_within(mut i: usize, most: usize) -> Home {
    let mut home = [0u8; 6];
    let mut budget = most.min(15);
    for point in (0..6).rev() {
        let mut v = 0;
        while v < budget && i >= WAYS[point][budget - v] as usize {
            i -= WAYS[point][budget - v] as usize;
            v += 1;
        }
        home[point] = v as u8;
        budget -= v;
    }
    home
}

/// The distributions of one position: `all[n]` / `first[n]` is the chance of needing
/// exactly `n + 1` rolls to bear off every checker / the first checker (a position with
/// none, or with some off already, needs 0 rolls: all zeros).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// Rolls to bear off every checker.
    pub all: [f32; MAX_ROLLS],
    /// Rolls to bear off the first checker (only meaningful with 15 on the board).
    pub first: [f32; MAX_ROLLS],
    /// The expected rolls to bear off every checker.
    pub expected: f32,
}

const EMPTY: Entry = Entry {
    all: [0.0; MAX_ROLLS],
    first: [0.0; MAX_ROLLS],
    expected: 0.0,
};

/// The database: each entry worked out the first time it is asked for (with the entries it
/// stands on) and kept, so that a question about a few checkers costs what those checkers
/// need, not the whole database.
#[derive(Debug)]
pub struct BearoffDb {
    entries: Vec<OnceLock<Entry>>,
    /// Each entry's expected rolls to bear off every checker and the first one (as `f32`
    /// bits; [`NOT_YET`] before the entry is worked out), side by side in a few hundred
    /// kilobytes: an entry's plays compare the entries they reach by these without reading
    /// them whole (260 bytes each), nor working out the first one's expectation each time.
    expectations: Vec<[AtomicU32; 2]>,
}

/// An expectation not worked out yet (a NaN no entry has).
const NOT_YET: u32 = u32::MAX;

/// A position of `home` for the rules engine (for the tests' comparison with its plays).
#[cfg(test)]
fn position_of(home: &Home) -> Position {
    let mut board = [0i8; 26];
    for (p, &n) in home.iter().enumerate() {
        board[p + 1] = n as i8;
    }
    // The opponent's checkers far away, on its own ace point, where they block nothing.
    board[24] = -15;
    Position::from_board(board).unwrap_or(Position::EMPTY)
}

/// The home boards of the player on roll and of the opponent (each in its own numbering)
/// when both sides have every checker left in their home boards; `None` else.
#[must_use]
pub fn homes(position: &Position) -> Option<(Home, Home)> {
    let (mine, theirs) = search::sides(position)?;
    if search::outside(&mine).0 != 0 || search::outside(&theirs).0 != 0 {
        return None;
    }
    let home = |side: &search::Side| std::array::from_fn(|p| side[p]);
    Some((home(&mine), home(&theirs)))
}

/// Lists to reuse while [`homes_reached`] works (a search allocates little).
#[derive(Debug, Default)]
struct HomeMoves {
    level: Vec<u32>,
    next: Vec<u32>,
    reached: Vec<u32>,
}

/// A home board in one word, 4 bits a point from the 1-point up.
fn packed(home: &Home) -> u32 {
    home.iter()
        .enumerate()
        .fold(0, |w, (i, &n)| w | (u32::from(n) << (4 * i)))
}

/// The home board of a word of [`packed`].
fn unpacked(word: u32) -> Home {
    std::array::from_fn(|i| ((word >> (4 * i)) & 0xF) as u8)
}

/// Every home board `home` (every checker in it, one at least) can reach with `dice`, each
/// once, into `out`: the dice played in either order (a double four times), each die by a
/// checker borne off from its point, one moved down from above it, or, with none on it or
/// above, one borne off from the highest point below; an empty board once the last
/// checker is off. Nothing blocks in the home board and a die can always be played while a
/// checker is left, so these are the boards of the legal plays (a test compares them with
/// the rules engine's).
fn homes_reached(home: Home, dice: Dice, out: &mut Vec<Home>, moves: &mut HomeMoves) {
    let (a, b) = (usize::from(dice.first()), usize::from(dice.second()));
    let start = packed(&home);
    moves.reached.clear();
    if a == b {
        play_dies(start, &[a; 4], moves);
    } else {
        play_dies(start, &[a, b], moves);
        play_dies(start, &[b, a], moves);
    }
    moves.reached.sort_unstable();
    moves.reached.dedup();
    out.clear();
    out.extend(moves.reached.iter().map(|&w| unpacked(w)));
}

/// The boards reached by playing `dies` in this order from `start`, added to
/// `moves.reached` (see [`homes_reached`]).
fn play_dies(start: u32, dies: &[usize], moves: &mut HomeMoves) {
    let HomeMoves {
        level,
        next,
        reached,
    } = moves;
    let count = |w: u32, i: usize| (w >> (4 * i)) & 0xF;
    level.clear();
    level.push(start);
    for &die in dies {
        next.clear();
        for &h in level.iter() {
            if h == 0 {
                next.push(0);
                continue;
            }
            let d = die - 1;
            if count(h, d) > 0 {
                next.push(h - (1 << (4 * d)));
            }
            let mut above = false;
            for from in die..6 {
                if count(h, from) > 0 {
                    above = true;
                    next.push(h - (1 << (4 * from)) + (1 << (4 * (from - die))));
                }
            }
            if !above
                && count(h, d) == 0
                && let Some(highest) = (0..d).rev().find(|&i| count(h, i) > 0)
            {
                next.push(h - (1 << (4 * highest)));
            }
        }
        next.sort_unstable();
        next.dedup();
        std::mem::swap(level, next);
    }
    reached.extend_from_slice(level);
}

/// The home board of the player who made `play`, after it.
#[cfg(test)]
fn home_after(play: &Play) -> Home {
    let b = play.position().board();
    let mut home = [0u8; 6];
    for p in 0..6 {
        home[p] = b[p + 1].max(0) as u8;
    }
    home
}

/// The 21 distinct rolls with their weights out of 36, made once.
fn roll_table() -> &'static [(Dice, f32)] {
    static TABLE: OnceLock<Vec<(Dice, f32)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out = Vec::with_capacity(21);
        for a in 1..=6u8 {
            for b in a..=6u8 {
                if let Ok(d) = Dice::new(a, b) {
                    out.push((d, if a == b { 1.0 } else { 2.0 } / 36.0));
                }
            }
        }
        out
    })
}

fn expected_of(dist: &Rolls) -> f32 {
    dist.iter()
        .enumerate()
        .map(|(n, p)| (n + 1) as f32 * p)
        .sum()
}

/// Adds `weight` times `dist` one roll later into `into` (the tail kept in the last;
/// `dist = None`: done this roll).
fn add_shifted(into: &mut Rolls, dist: Option<&Rolls>, weight: f32) {
    match dist {
        None => into[0] += weight,
        Some(d) => {
            for n in 0..MAX_ROLLS {
                into[(n + 1).min(MAX_ROLLS - 1)] += weight * d[n];
            }
        }
    }
}

/// `t[n]`: the chance that `d` needs at least `n + 1` rolls.
fn at_least(d: &Rolls) -> [f32; MAX_ROLLS + 1] {
    let mut t = [0.0f32; MAX_ROLLS + 1];
    for n in (0..MAX_ROLLS).rev() {
        t[n] = t[n + 1] + d[n];
    }
    t
}

impl BearoffDb {
    /// A database with no entry worked out yet: each is the first time it is asked for.
    #[must_use]
    pub fn new() -> BearoffDb {
        BearoffDb {
            entries: (0..POSITIONS).map(|_| OnceLock::new()).collect(),
            expectations: (0..POSITIONS)
                .map(|_| [AtomicU32::new(NOT_YET), AtomicU32::new(NOT_YET)])
                .collect(),
        }
    }

    /// The whole database, every entry worked out now (every position's best play for each
    /// of the 21 rolls), the fewest pips first.
    #[must_use]
    pub fn build() -> BearoffDb {
        let db = BearoffDb::new();
        db.fill();
        db
    }

    /// Works out every entry not worked out yet, the fewest pips first (so that each stands
    /// on entries already there).
    pub fn fill(&self) {
        let mut order: Vec<(u32, usize)> = (0..POSITIONS)
            .map(|i| {
                let h = home_of(i);
                let pips = h
                    .iter()
                    .enumerate()
                    .map(|(p, &n)| (p as u32 + 1) * u32::from(n))
                    .sum();
                (pips, i)
            })
            .collect();
        order.sort_unstable();
        for (_, i) in order {
            self.at(i);
        }
    }

    /// Entry `i`, worked out now if it was not yet.
    fn at(&self, i: usize) -> &Entry {
        self.entries[i].get_or_init(|| {
            let entry = self.work_out(i);
            let [all, first] = &self.expectations[i];
            all.store(entry.expected.to_bits(), Ordering::Relaxed);
            first.store(expected_of(&entry.first).to_bits(), Ordering::Relaxed);
            entry
        })
    }

    /// Entry `i`'s expected rolls to bear off every checker and the first one (worked out
    /// now if they were not yet).
    fn expectations(&self, i: usize) -> (f32, f32) {
        let [all, first] = &self.expectations[i];
        let (a, f) = (all.load(Ordering::Relaxed), first.load(Ordering::Relaxed));
        if a == NOT_YET || f == NOT_YET {
            let entry = self.at(i);
            return (entry.expected, expected_of(&entry.first));
        }
        (f32::from_bits(a), f32::from_bits(f))
    }

    /// Entry `i` from the entries of the positions its plays reach (each fewer pips, so the
    /// recursion ends).
    fn work_out(&self, i: usize) -> Entry {
        let mut moves = HomeMoves::default();
        self.work_out_over(i, |home, dice, out| {
            homes_reached(home, dice, out, &mut moves);
        })
    }

    /// Entry `i` from the entries of the boards `reached(home, dice, out)` lists as the
    /// plays of each roll reach.
    fn work_out_over(
        &self,
        i: usize,
        mut reached: impl FnMut(Home, Dice, &mut Vec<Home>),
    ) -> Entry {
        let home = home_of(i);
        let on: u32 = home.iter().map(|&n| u32::from(n)).sum();
        if on == 0 {
            return EMPTY;
        }
        let mut entry = EMPTY;
        let mut nexts = Vec::new();
        for (dice, weight) in roll_table() {
            reached(home, *dice, &mut nexts);
            // Best for every checker off: fewest rolls expected; for the first one: a play
            // that bears one off, else the fewest rolls expected to do so. Of equals, the
            // least index, whatever the order of the plays.
            let mut best_all: Option<(f32, usize)> = None;
            let mut best_first: Option<(f32, usize)> = None;
            for next in &nexts {
                let Some(j) = index(next) else { continue };
                let (e_all, e_first_there) = self.expectations(j);
                let next_on: u32 = next.iter().map(|&n| u32::from(n)).sum();
                let e_first = if next_on < on || on < 15 {
                    0.0
                } else {
                    e_first_there
                };
                if best_all.is_none_or(|b| (e_all, j) < b) {
                    best_all = Some((e_all, j));
                }
                if best_first.is_none_or(|b| (e_first, j) < b) {
                    best_first = Some((e_first, j));
                }
            }
            if let Some((_, j)) = best_all {
                let done = j == 0;
                add_shifted(&mut entry.all, (!done).then_some(&self.at(j).all), *weight);
            }
            // No legal play cannot happen in the home board (it would lose the roll).
            if on == 15
                && let Some((e, j)) = best_first
            {
                let done = e == 0.0;
                add_shifted(
                    &mut entry.first,
                    (!done).then_some(&self.at(j).first),
                    *weight,
                );
            }
        }
        entry.expected = expected_of(&entry.all);
        entry
    }

    /// The database of the process: each entry worked out on first use and kept.
    pub fn shared() -> &'static BearoffDb {
        static DB: OnceLock<BearoffDb> = OnceLock::new();
        DB.get_or_init(BearoffDb::new)
    }

    /// The entry of `home` (worked out now if it was not yet); `None` for more than 15
    /// checkers.
    #[must_use]
    pub fn entry(&self, home: &Home) -> Option<&Entry> {
        Some(self.at(index(home)?))
    }

    /// The exact cubeless chances of the player on roll in `position` when both sides have
    /// every checker in their home boards (else `None`).
    #[must_use]
    pub fn chances(&self, position: &Position) -> Option<Probs> {
        let (mine, theirs) = homes(position)?;
        let (me, them) = (self.entry(&mine)?, self.entry(&theirs)?);
        if me.expected == 0.0 || them.expected == 0.0 {
            return None;
        }
        let them_all = at_least(&them.all);
        // I win when I finish on my n-th roll and they need at least n rolls.
        let win: f32 = (0..MAX_ROLLS).map(|n| me.all[n] * them_all[n]).sum();
        let mut p = [0.0f32; OUTPUTS];
        p[WIN] = win.clamp(0.0, 1.0);
        if position.opponent_off() == 0 {
            let them_first = at_least(&them.first);
            p[WIN_GAMMON] = (0..MAX_ROLLS).map(|n| me.all[n] * them_first[n]).sum();
        }
        if position.mover_off() == 0 {
            // They finish on their n-th roll while I still have none off after n rolls.
            let me_first = at_least(&me.first);
            p[LOSE_GAMMON] = (0..MAX_ROLLS).map(|n| them.all[n] * me_first[n + 1]).sum();
        }
        Some(p)
    }
}

impl Default for BearoffDb {
    fn default() -> BearoffDb {
        BearoffDb::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry worked out on demand (with only the entries it stands on) is the entry of
    /// the database built whole, the fewest pips first; and asking works out no more than
    /// the placements the plays reach.
    #[test]
    fn entries_on_demand_are_those_of_the_whole_database() {
        let whole = BearoffDb::build();
        let lazy = BearoffDb::new();
        for home in [[2, 3, 3, 2, 2, 0], [0, 0, 0, 0, 0, 15], [3, 0, 1, 0, 0, 2]] {
            assert_eq!(lazy.entry(&home), whole.entry(&home), "{home:?}");
        }
        let worked_out = lazy.entries.iter().filter(|e| e.get().is_some()).count();
        assert!(worked_out < POSITIONS, "{worked_out} entries worked out");
        let small = BearoffDb::new();
        assert!(small.entry(&[1, 1, 0, 0, 0, 0]).is_some());
        let few = small.entries.iter().filter(|e| e.get().is_some()).count();
        assert!(few < 10, "{few} entries for two checkers");
    }

    /// The boards of the rules engine's legal plays, for [`BearoffDb::work_out_over`].
    fn engine_plays() -> impl FnMut(Home, Dice, &mut Vec<Home>) {
        let mut plays = Vec::new();
        move |home, dice, out| {
            legal_plays_into(&position_of(&home), dice, &mut plays);
            out.clear();
            out.extend(plays.iter().map(home_after));
        }
    }

    /// The database's own generator of the boards a roll reaches gives every entry of the
    /// whole database the entry the rules engine's legal plays give (from the same entries
    /// below it, so by induction the same database), and reaches the same boards for
    /// every placement of up to 15 checkers with a few rolls.
    #[test]
    fn the_home_board_generator_reaches_the_boards_of_the_legal_plays() {
        let db = BearoffDb::build();
        let mut by_engine = engine_plays();
        for i in 0..POSITIONS {
            let engine = db.work_out_over(i, &mut by_engine);
            assert_eq!(&engine, db.at(i), "{:?}", home_of(i));
        }
        let mut moves = HomeMoves::default();
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for i in (1..POSITIONS).step_by(97) {
            for (dice, _) in roll_table() {
                homes_reached(home_of(i), *dice, &mut ours, &mut moves);
                by_engine(home_of(i), *dice, &mut theirs);
                ours.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "{:?} {dice:?}", home_of(i));
            }
        }
    }

    /// The index of a placement is its rank among the placements of at most 15 checkers,
    /// and [`home_of`] undoes it.
    #[test]
    fn index_and_home_of_undo_each_other() {
        assert_eq!(index(&[0; 6]), Some(0));
        assert_eq!(index(&[1, 0, 0, 0, 0, 0]), Some(1));
        assert_eq!(index(&[0, 0, 0, 0, 0, 15]), Some(POSITIONS - 1));
        assert_eq!(index(&[0, 0, 0, 0, 1, 15]), None);
        for i in 0..POSITIONS {
            assert_eq!(index(&home_of(i)), Some(i));
        }
    }
}
