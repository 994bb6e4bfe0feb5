//! The two-sided cubeful bear-off database for money play: with at most
//! [`MOST_CHECKERS`] checkers left on each side, all in their home boards, the exact
//! cubeful equity of the player on roll for each place of the cube, as GNU Backgammon's
//! two-sided database keeps them.
//!
//! With so few checkers left both sides have borne off at least one, so no gammon is
//! possible and the game is a pure race of single points: the value of a position per unit
//! of the cube is worked out exactly by looking through every roll to the end. For each
//! roll the player on roll makes the play best for it under each place of the cube (the
//! play that maximises its cubeful equity, which can differ from the cubeless best), and
//! after it the opponent makes its best cube decision: double when double/take and
//! double/pass both beat playing on; take when double/take costs it less than the point of
//! a pass. Beavers are not counted (money play without them, as GNU Backgammon's database).
//!
//! Entries are worked out the first time they are needed (with the entries they stand on)
//! and kept for the process.

use super::{Home, HomeMoves, home_within, homes_reached, index_within, roll_table};
use crate::bot::expert::cube::Holder;
use crate::engine::Position;
use std::sync::{Mutex, OnceLock, PoisonError};

/// The most checkers a side may have left for a position to be in the database.
pub(crate) const MOST_CHECKERS: usize = 6;
/// One side's placements of at most [`MOST_CHECKERS`] checkers on six points: C(12, 6).
pub(crate) const SIDE_POSITIONS: usize = 924;

/// The no-double values of the player on roll, per unit of the cube: with the cube
/// centred, held by the player on roll, held by the opponent.
pub(crate) type NoDouble = [f32; 3];

/// The index of `holder` in a [`NoDouble`].
const fn slot(holder: Holder) -> usize {
    match holder {
        Holder::Centre => 0,
        Holder::Me => 1,
        Holder::Opponent => 2,
    }
}

/// The value of a position to the player on roll for each place of the cube, its best cube
/// action taken where it may double: the better of playing on and doubling (the opponent
/// then taking or passing, whichever costs it less).
#[must_use]
pub(crate) fn with_cube_action(no_double: &NoDouble) -> NoDouble {
    let doubled = (2.0 * no_double[slot(Holder::Opponent)]).min(1.0);
    [
        no_double[0].max(doubled),
        no_double[1].max(doubled),
        no_double[2],
    ]
}

/// Not worked out yet.
const UNKNOWN: NoDouble = [f32::NAN; 3];

struct Tables {
    /// `values[mine * SIDE_POSITIONS + theirs]`, [`UNKNOWN`] until worked out.
    values: Vec<NoDouble>,
    /// The 21 rolls' weights out of 1, in the order of [`roll_table`].
    weights: [f32; 21],
    /// For each side placement, for each of the 21 rolls, the placements its plays reach
    /// (each once); empty until worked out.
    reach: Vec<Vec<Vec<u16>>>,
}

/// The database: entries worked out on demand, kept for the process.
pub(crate) struct TwoSidedDb {
    tables: Mutex<Option<Tables>>,
}

impl std::fmt::Debug for TwoSidedDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TwoSidedDb").finish_non_exhaustive()
    }
}

impl Default for TwoSidedDb {
    fn default() -> TwoSidedDb {
        TwoSidedDb::new()
    }
}

/// The 21 rolls' weights out of 1, in the order of [`roll_table`].
fn weights() -> [f32; 21] {
    let mut w = [0.0; 21];
    for (slot, (_, weight)) in w.iter_mut().zip(roll_table()) {
        *slot = *weight;
    }
    w
}

impl Tables {
    fn new() -> Tables {
        Tables {
            values: vec![UNKNOWN; SIDE_POSITIONS * SIDE_POSITIONS],
            weights: weights(),
            reach: vec![Vec::new(); SIDE_POSITIONS],
        }
    }

    /// The placements reached by the plays of side placement `i`, roll by roll.
    fn reach_of(&mut self, i: usize) -> &Vec<Vec<u16>> {
        if self.reach[i].is_empty() {
            let home = home_within(i, MOST_CHECKERS);
            let (mut homes, mut moves) = (Vec::new(), HomeMoves::default());
            let mut by_roll = Vec::with_capacity(21);
            for (dice, _) in roll_table() {
                homes_reached(home, *dice, &mut homes, &mut moves);
                let mut reached: Vec<u16> = homes
                    .iter()
                    .filter_map(|home| index_within(home, MOST_CHECKERS))
                    .filter_map(|j| u16::try_from(j).ok())
                    .collect();
                reached.sort_unstable();
                reached.dedup();
                by_roll.push(reached);
            }
            self.reach[i] = by_roll;
        }
        &self.reach[i]
    }

    /// The no-double values of the player on roll with placement `mine` against `theirs`
    /// (both with checkers left), worked out now if they were not yet.
    fn no_double(&mut self, mine: usize, theirs: usize) -> NoDouble {
        let at = mine * SIDE_POSITIONS + theirs;
        if !self.values[at][0].is_nan() {
            return self.values[at];
        }
        let by_roll = self.reach_of(mine).clone();
        let mut sum = [0.0f32; 3];
        let weights = self.weights;
        for (reached, weight) in by_roll.iter().zip(weights) {
            let mut best = [f32::NEG_INFINITY; 3];
            for &next in reached {
                let next = usize::from(next);
                // Index 0 is the empty placement: every checker off, the game won (single).
                let mine_after = if next == 0 {
                    [1.0; 3]
                } else {
                    let theirs_value = with_cube_action(&self.no_double(theirs, next));
                    // The opponent's centre is ours, its own cube is held by our opponent.
                    [-theirs_value[0], -theirs_value[2], -theirs_value[1]]
                };
                for (b, v) in best.iter_mut().zip(mine_after) {
                    *b = b.max(v);
                }
            }
            if reached.is_empty() {
                // No legal play (it cannot happen in the home board): the turn passes.
                let theirs_value = with_cube_action(&self.no_double(theirs, mine));
                best = [-theirs_value[0], -theirs_value[2], -theirs_value[1]];
            }
            for (s, b) in sum.iter_mut().zip(best) {
                *s += weight * b;
            }
        }
        self.values[at] = sum;
        sum
    }
}

impl TwoSidedDb {
    /// A database with nothing worked out yet.
    #[must_use]
    pub(crate) fn new() -> TwoSidedDb {
        TwoSidedDb {
            tables: Mutex::new(None),
        }
    }

    /// The database of the process.
    pub(crate) fn shared() -> &'static TwoSidedDb {
        static DB: OnceLock<TwoSidedDb> = OnceLock::new();
        DB.get_or_init(TwoSidedDb::new)
    }

    /// The exact no-double values of the player on roll in `position` (money play, per unit
    /// of the cube, for each place of the cube), when both sides have every checker left in
    /// their home boards and at most [`MOST_CHECKERS`] each; `None` else (also for a game
    /// already over).
    #[must_use]
    pub(crate) fn no_double(&self, position: &Position) -> Option<NoDouble> {
        let (mine, theirs) = super::homes(position)?;
        self.no_double_of(&mine, &theirs)
    }

    /// [`TwoSidedDb::no_double`] of the home boards `mine` (the player on roll's) and
    /// `theirs`, each in its own numbering.
    #[must_use]
    pub(crate) fn no_double_of(&self, mine: &Home, theirs: &Home) -> Option<NoDouble> {
        let i = index_within(mine, MOST_CHECKERS)?;
        let j = index_within(theirs, MOST_CHECKERS)?;
        if i == 0 || j == 0 {
            return None;
        }
        let mut guard = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        Some(guard.get_or_insert_with(Tables::new).no_double(i, j))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last roll: two checkers on the 3- and 2-points bear off with 25 rolls of 36
    /// (every roll without a 1, and 2-2... 6-6), and the opponent's last checker on its
    /// ace point comes off with any roll. Whatever the cube, no double is worth 2p - 1 =
    /// 14/36 and double/take twice that.
    #[test]
    fn the_last_roll_by_hand() {
        let db = TwoSidedDb::new();
        let v = db
            .no_double_of(&[0, 1, 1, 0, 0, 0], &[1, 0, 0, 0, 0, 0])
            .expect("in the database");
        for x in v {
            assert!((x - 14.0 / 36.0).abs() < 1e-6, "{v:?}");
        }
        assert!((2.0 * v[2] - 28.0 / 36.0).abs() < 1e-6);
    }

    /// Cubeful equities of GNU Backgammon 1.07 (`eval` after `set board simple`, money, the
    /// cube centred): no double, and double/take (the doubler's view, twice the value with
    /// the opponent holding the cube), to its three decimals.
    #[test]
    fn equities_are_gnu_backgammons() {
        let db = TwoSidedDb::new();
        for (mine, theirs, no_double, double_take) in [
            ([1u8, 0, 0, 0, 0, 1], [1u8, 1, 0, 0, 0, 0], -0.167, -0.333),
            ([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 0], 0.145, 0.090),
            ([2, 1, 0, 0, 1, 0], [1, 0, 2, 0, 0, 1], 0.816, 1.514),
            ([0, 0, 0, 0, 3, 3], [0, 0, 0, 0, 3, 3], 0.481, 0.452),
            ([1, 1, 1, 1, 1, 1], [0, 0, 0, 2, 2, 2], 0.947, 1.585),
            ([0, 0, 2, 0, 0, 2], [1, 1, 1, 0, 0, 1], -0.089, -0.386),
        ] {
            let v = db.no_double_of(&mine, &theirs).expect("in the database");
            assert!(
                (v[0] - no_double).abs() < 6e-4,
                "{mine:?} {theirs:?}: {v:?}"
            );
            assert!(
                (2.0 * v[2] - double_take).abs() < 6e-4,
                "{mine:?} {theirs:?}: {v:?}"
            );
        }
    }

    /// Over every position of at most three checkers a side: each value is a money game's
    /// (between -1 and 1), and holding the cube is worth at least having it centred, which
    /// is worth at least the opponent's holding it.
    #[test]
    fn holding_the_cube_is_worth_something() {
        let db = TwoSidedDb::new();
        let small: Vec<Home> = (1..SIDE_POSITIONS)
            .map(|i| home_within(i, MOST_CHECKERS))
            .filter(|h| h.iter().map(|&n| u32::from(n)).sum::<u32>() <= 3)
            .collect();
        assert_eq!(small.len(), 83);
        for mine in &small {
            for theirs in &small {
                let v = db.no_double_of(mine, theirs).expect("in the database");
                assert!(v.iter().all(|x| x.abs() <= 1.0 + 1e-5), "{v:?}");
                assert!(
                    v[1] >= v[0] - 1e-6 && v[0] >= v[2] - 1e-6,
                    "{mine:?} {theirs:?}: {v:?}"
                );
            }
        }
    }

    /// Positions outside the database are not answered: seven checkers, a side with none
    /// left, a checker outside the home board.
    #[test]
    fn only_small_bear_offs_are_answered() {
        let db = TwoSidedDb::new();
        assert!(
            db.no_double_of(&[0, 0, 0, 0, 3, 4], &[1, 0, 0, 0, 0, 0])
                .is_none()
        );
        assert!(
            db.no_double_of(&[0, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0])
                .is_none()
        );
        assert!(db.no_double(&Position::START).is_none());
    }
}
