//! What the exact searches over one side's checkers in a race share ([`super::gammons`]'s
//! rolls to bear off the first checker, [`super::race`]'s rolls to bear off all): the
//! sides of a race position, a side packed in one word, and the memo of the process that
//! keeps what the searches worked out.

use super::Rolls;
use crate::engine::Position;
use std::sync::{PoisonError, RwLock};

/// The most checkers outside its home board for which a search runs.
pub(crate) const MAX_OUTSIDE: u32 = 3;
/// The most pips a side's checkers outside its home board may have to travel to get home
/// (the sum of their distances from its 6-point) for a search to run.
pub(crate) const MAX_OUTSIDE_PIPS: u32 = 30;

/// The most sides a memo keeps (about 150 bytes each); it starts afresh when fuller.
const MEMO_MOST: usize = 1 << 20;

/// A side's checkers on its points 1-24 (index 0 is its 1-point).
pub(super) type Side = [u8; 24];

/// The sides of the player on roll and of the opponent in `position`, each in its own
/// numbering; `None` when a checker is on the bar.
pub(super) fn sides(position: &Position) -> Option<(Side, Side)> {
    let b = position.board();
    if b[0] != 0 || b[25] != 0 {
        return None;
    }
    let mut mine = [0u8; 24];
    let mut theirs = [0u8; 24];
    for q in 0..24 {
        mine[q] = b[q + 1].max(0) as u8;
        // The opponent's point q + 1 is the mover's point 24 - q.
        theirs[q] = (-b[24 - q]).max(0) as u8;
    }
    Some((mine, theirs))
}

/// Checkers outside the home board and the pips they need to get home.
pub(super) fn outside(side: &Side) -> (u32, u32) {
    side[6..]
        .iter()
        .enumerate()
        .fold((0, 0), |(n, pips), (i, &c)| {
            (n + u32::from(c), pips + u32::from(c) * (i as u32 + 1))
        })
}

/// A side's checkers in one word, for the searches: 4 bits for each home point (at most
/// 15 checkers) from bit 0, then 2 bits for each of its points 7-24 (at most
/// [`MAX_OUTSIDE`], 3, outside in all). Ordered and hashed as the word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Packed(pub(super) u64);

impl Packed {
    /// The bit where point index `i` (0 is the 1-point) starts.
    pub(super) const fn shift(i: usize) -> u32 {
        if i < 6 {
            4 * i as u32
        } else {
            24 + 2 * (i as u32 - 6)
        }
    }

    /// `side` packed; `None` with more than [`MAX_OUTSIDE`] outside.
    pub(super) fn of(side: &Side) -> Option<Packed> {
        if outside(side).0 > MAX_OUTSIDE {
            return None;
        }
        let word = side
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &c)| w + (u64::from(c) << Packed::shift(i)));
        Some(Packed(word))
    }

    /// The checkers on point index `i`.
    pub(super) fn count(self, i: usize) -> u64 {
        let mask = if i < 6 { 0xF } else { 0x3 };
        (self.0 >> Packed::shift(i)) & mask
    }

    /// Every checker home.
    pub(super) fn home(self) -> bool {
        self.0 >> 24 == 0
    }

    /// A checker moved from point index `from` to `to` (one there; the field of `to` has
    /// room, as the bounds keep it).
    pub(super) fn moved(self, from: usize, to: usize) -> Packed {
        Packed(self.0 - (1 << Packed::shift(from)) + (1 << Packed::shift(to)))
    }

    /// The point indices (6-23) holding checkers outside, each once.
    pub(super) fn outside_points(self) -> impl Iterator<Item = usize> {
        let mut fields = self.0 >> 24;
        std::iter::from_fn(move || {
            if fields == 0 {
                return None;
            }
            let field = fields.trailing_zeros() / 2;
            fields &= !(0b11 << (2 * field));
            Some(6 + field as usize)
        })
    }

    /// The pips the checkers outside need to get home.
    pub(super) fn outside_pips(self) -> u64 {
        self.outside_points()
            .map(|i| self.count(i) * (i as u64 - 5))
            .sum()
    }
}

/// Adds `side` to `list` unless it is there (the lists are short: a linear look costs
/// less than sorting them).
pub(super) fn push_new(list: &mut Vec<Packed>, side: Packed) {
    if !list.contains(&side) {
        list.push(side);
    }
}

/// A distribution of rolls with its expectation (a search compares the plays of a roll by
/// it).
#[derive(Debug, Clone, Copy)]
pub(super) struct Distribution {
    pub(super) dist: Rolls,
    pub(super) expected: f32,
}

impl Distribution {
    /// `dist` with its expectation.
    pub(super) fn of(dist: Rolls) -> Distribution {
        Distribution {
            dist,
            expected: super::expected_of(&dist),
        }
    }
}

/// Distributions by side.
pub(super) type Memo = foldhash::HashMap<Packed, Distribution>;

/// A memo of the process: every thread reads it (a rollout's workers, started afresh each
/// round, find what earlier rounds worked out) and a search adds what it found at its end
/// ([`Found::keep`]). It is kept in [`SHARDS`] parts, each under a lock of its own, a side's
/// part chosen by its bits, so that the threads of a look-ahead, which look at it at every
/// leaf of a race, seldom take the same lock at once.
#[derive(Debug)]
pub(super) struct SharedMemo {
    shards: Box<[RwLock<Memo>]>,
}

/// The parts of a [`SharedMemo`].
const SHARDS: usize = 64;

impl Default for SharedMemo {
    fn default() -> SharedMemo {
        SharedMemo {
            shards: (0..SHARDS).map(|_| RwLock::default()).collect(),
        }
    }
}

impl SharedMemo {
    /// The part that keeps `side`: the word's bits mixed (Fibonacci hashing), the top ones
    /// picking it.
    fn shard_of(side: Packed) -> usize {
        let mixed = side.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 58) as usize % SHARDS
    }

    fn get(&self, side: Packed) -> Option<Distribution> {
        let memo = self.shards[SharedMemo::shard_of(side)]
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        memo.get(&side).copied()
    }

    /// Adds `found`, each part starting afresh when it would hold more than its share of
    /// [`MEMO_MOST`].
    fn add(&self, found: Memo) {
        if found.is_empty() {
            return;
        }
        let mut parts: Vec<Vec<(Packed, Distribution)>> = vec![Vec::new(); SHARDS];
        for (side, d) in found {
            parts[SharedMemo::shard_of(side)].push((side, d));
        }
        for (shard, part) in self.shards.iter().zip(parts) {
            if part.is_empty() {
                continue;
            }
            let mut memo = shard.write().unwrap_or_else(PoisonError::into_inner);
            if memo.len() + part.len() > MEMO_MOST / SHARDS {
                memo.clear();
            }
            memo.extend(part);
        }
    }
}

/// What one search has worked out, over a memo of the process.
#[derive(Debug)]
pub(super) struct Found<'a> {
    shared: &'a SharedMemo,
    found: Memo,
}

impl<'a> Found<'a> {
    /// Nothing found yet, over `shared`.
    pub(super) fn over(shared: &'a SharedMemo) -> Found<'a> {
        Found {
            shared,
            found: Memo::default(),
        }
    }

    /// `side`'s distribution, from what this search found or the memo.
    pub(super) fn get(&self, side: Packed) -> Option<Distribution> {
        self.found
            .get(&side)
            .copied()
            .or_else(|| self.shared.get(side))
    }

    /// Keeps `side`'s distribution for this search.
    pub(super) fn insert(&mut self, side: Packed, d: Distribution) {
        self.found.insert(side, d);
    }

    /// How many sides this search worked out.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.found.len()
    }

    /// Hands what this search found to the memo.
    pub(super) fn keep(self) {
        self.shared.add(self.found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(board: [i8; 26]) -> Position {
        Position::from_board(board).expect("a position")
    }

    #[test]
    fn sides_are_each_in_their_own_numbering() {
        let mut board = [0i8; 26];
        board[1] = 14;
        board[8] = 1;
        board[24] = -13;
        board[10] = -2;
        let (mine, theirs) = sides(&position(board)).expect("none on the bar");
        assert_eq!((mine[0], mine[7]), (14, 1));
        // The opponent's checkers on the mover's 24 and 10 are on its own 1 and 15.
        assert_eq!((theirs[0], theirs[14]), (13, 2));
        assert_eq!(outside(&mine), (1, 2));
        assert_eq!(outside(&theirs), (2, 18));
        board[25] = 1;
        board[1] = 13;
        assert!(sides(&position(board)).is_none(), "a checker on the bar");
    }

    #[test]
    fn packed_sides_move_and_count() {
        let mut side = [0u8; 24];
        side[0] = 15 - 3;
        side[6] = 2;
        side[23] = 1;
        let p = Packed::of(&side).expect("three outside");
        assert_eq!((p.count(0), p.count(6), p.count(23)), (12, 2, 1));
        assert_eq!(p.outside_points().collect::<Vec<_>>(), vec![6, 23]);
        assert_eq!(p.outside_pips(), 2 + 18);
        let q = p.moved(23, 5).moved(6, 0).moved(6, 2);
        assert!(q.home());
        side[7] = 1;
        assert!(Packed::of(&side).is_none(), "four outside");
    }
}
