//! Exact winning chances in a race where a side has a few checkers left outside its home
//! board: the race net's worst case (both sides far into their bear-offs, one with
//! stragglers, `VwEAgADAAAAAAA`: the nets +0.49, the rollout and gnubg -0.78).
//!
//! In a race nothing blocks, so each side's rolls to bear off every checker do not depend on
//! the other's. For a side with every checker home they are the one-sided database's
//! ([`super::BearoffDb`]). For a side with at most [`MAX_OUTSIDE`] checkers
//! ([`MAX_OUTSIDE_PIPS`] pips) outside its home board they come from a search over its own
//! checkers, kept for the process: while a checker is outside, each die moves one of those
//! (a die played by a checker already home would leave the search thousands of home
//! boards to walk: seconds a position), then every legal move home; of a roll's plays the
//! one needing the fewest rolls expected, and once every checker is home the database's
//! rolls from there. A test compares it with every legal play of the engine's generator:
//! at most 0.02 rolls more expected. The player on roll wins when it finishes on its
//! `n`-th roll and the other needs at least `n`.
//!
//! As gnubg's one-sided databases, each side plays to need the fewest rolls expected, not to
//! beat this opponent: the chances are exact for that play, which is seldom far from the
//! best.

use super::search::{
    Distribution, Found, MAX_OUTSIDE, MAX_OUTSIDE_PIPS, Packed, SharedMemo, Side, outside,
    push_new, sides,
};
use super::{BearoffDb, Home, MAX_ROLLS, Rolls, add_shifted, at_least, roll_table};
use crate::engine::Position;
use std::sync::LazyLock;

/// The sides' all-off distributions worked out in this process.
static ALL_OFF: LazyLock<SharedMemo> = LazyLock::new(SharedMemo::default);

/// The home board of `side`, every checker home.
fn home_board(side: Packed) -> Home {
    let mut home = [0u8; 6];
    for (i, h) in home.iter_mut().enumerate() {
        *h = side.count(i) as u8;
    }
    home
}

/// The database's distribution of a side with every checker home.
fn from_database(side: Packed) -> Option<Distribution> {
    let entry = BearoffDb::shared().entry(&home_board(side))?;
    Some(Distribution {
        dist: entry.all,
        expected: entry.expected,
    })
}

/// `side` with a checker borne off from point index `i`.
const fn borne_off(side: Packed, i: usize) -> Packed {
    Packed(side.0 - (1 << Packed::shift(i)))
}

/// Every legal move of `die` by a side with every checker home (and one at least), into
/// `out`: a checker borne off from the die's point, one moved down from above it, or, with
/// none on it or above, one borne off from the highest point below.
fn home_moves(side: Packed, die: usize, out: &mut Vec<Packed>) {
    let d = die - 1;
    if side.count(d) > 0 {
        push_new(out, borne_off(side, d));
    }
    let mut above = false;
    for from in die..6 {
        if side.count(from) > 0 {
            above = true;
            push_new(out, side.moved(from, from - die));
        }
    }
    if !above
        && side.count(d) == 0
        && let Some(highest) = (0..d).rev().find(|&i| side.count(i) > 0)
    {
        push_new(out, borne_off(side, highest));
    }
}

/// The sides reached by playing `dies` in this order from `side` into `out` (while a
/// checker is outside, each die moves one of those on; then every legal move home, bearing
/// off); `true` when the last checker is borne off on the way. `level` and `next` are
/// scratch lists (kept between calls so that a search allocates little).
fn play(
    side: Packed,
    dies: &[u8],
    (level, next): (&mut Vec<Packed>, &mut Vec<Packed>),
    out: &mut Vec<Packed>,
) -> bool {
    level.clear();
    level.push(side);
    for &die in dies {
        let die = usize::from(die);
        next.clear();
        for &side in level.iter() {
            if side.0 == 0 {
                return true;
            }
            if side.home() {
                home_moves(side, die, next);
            } else {
                for from in side.outside_points() {
                    push_new(next, side.moved(from, from - die));
                }
            }
        }
        std::mem::swap(level, next);
    }
    for &side in level.iter() {
        if side.0 == 0 {
            return true;
        }
        push_new(out, side);
    }
    false
}

/// One search: what it worked out, over the process's memo, and its scratch lists.
struct Search<'a> {
    found: Found<'a>,
    level: Vec<Packed>,
    next: Vec<Packed>,
    /// Lists of plays to reuse, one taken by each search level.
    lists: Vec<Vec<Packed>>,
}

impl<'a> Search<'a> {
    fn over(shared: &'a SharedMemo) -> Search<'a> {
        Search {
            found: Found::over(shared),
            level: Vec::new(),
            next: Vec::new(),
            lists: Vec::new(),
        }
    }
}

impl Search<'_> {
    /// The rolls `side` needs to bear off every checker: the database's when every
    /// checker is home, else worked out and kept.
    fn all_off(&mut self, side: Packed) -> Option<Distribution> {
        if side.home() {
            return from_database(side);
        }
        if let Some(d) = self.found.get(side) {
            return Some(d);
        }
        let mut dist = [0.0f32; MAX_ROLLS];
        let mut nexts = self.lists.pop().unwrap_or_default();
        for (dice, weight) in roll_table() {
            let (a, b) = (dice.first(), dice.second());
            nexts.clear();
            let done = if a == b {
                play(side, &[a; 4], (&mut self.level, &mut self.next), &mut nexts)
            } else {
                play(side, &[a, b], (&mut self.level, &mut self.next), &mut nexts)
                    || play(side, &[b, a], (&mut self.level, &mut self.next), &mut nexts)
            };
            if done {
                add_shifted(&mut dist, None, *weight);
                continue;
            }
            // The fewest rolls expected; of equals, the least side as packed.
            let mut best: Option<(f32, Packed, Rolls)> = None;
            for &next in &nexts {
                let d = self.all_off(next)?;
                if best.is_none_or(|b| (d.expected, next) < (b.0, b.1)) {
                    best = Some((d.expected, next, d.dist));
                }
            }
            let (_, _, next_dist) = best?;
            add_shifted(&mut dist, Some(&next_dist), *weight);
        }
        self.lists.push(nexts);
        let found = Distribution::of(dist);
        self.found.insert(side, found);
        Some(found)
    }
}

/// The distribution of the rolls `side` (its checkers on its points 1-24, none on the bar)
/// needs to bear off every checker: the database's when every checker is home, the search's
/// within the bound; `None` past it, or with no checker left.
fn rolls_to_finish(side: &Side) -> Option<Rolls> {
    let on: u32 = side.iter().map(|&c| u32::from(c)).sum();
    let (n, pips) = outside(side);
    if on == 0 || on > 15 || n > MAX_OUTSIDE || pips > MAX_OUTSIDE_PIPS {
        return None;
    }
    let packed = Packed::of(side)?;
    let mut search = Search::over(&ALL_OFF);
    let dist = search.all_off(packed)?.dist;
    search.found.keep();
    Some(dist)
}

/// The exact chance that the player on roll in `position` (a race) wins, when a side has a
/// checker outside its home board and each is home or within the search's bound; `None`
/// else (both home: the database's two-sided chances apply; past the bound: the nets').
#[must_use]
pub(crate) fn race_win(position: &Position) -> Option<f32> {
    debug_assert!(position.is_race(), "race_win of a position with contact");
    let (mine, theirs) = sides(position)?;
    if outside(&mine).0 == 0 && outside(&theirs).0 == 0 {
        return None;
    }
    let me = rolls_to_finish(&mine)?;
    let them = at_least(&rolls_to_finish(&theirs)?);
    // I win when I finish on my roll n + 1 and they need at least n + 1 rolls.
    let win: f32 = (0..MAX_ROLLS).map(|n| me[n] * them[n]).sum();
    Some(win.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::expert::bearoff::expected_of;

    /// A side's checkers: `(point, count)` on its points 1-24.
    fn side(checkers: &[(usize, u8)]) -> Side {
        let mut s = [0u8; 24];
        for &(p, n) in checkers {
            s[p - 1] = n;
        }
        s
    }

    /// One checker on the 7-point: a roll bears it off at once when its pips (four times
    /// a double's) reach 7 (nothing blocks, and no die is lost on the way: 1-6 moves it to
    /// the ace point and off); from what a shorter roll leaves (the 4-point after 1-2, the
    /// 3-point after 1-1) only 1-2 fails again.
    #[test]
    fn a_lone_checker_on_the_seven_point_by_hand() {
        let mut one_roll = 0.0;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let pips = if a == b { 4 * a } else { a + b };
                if pips >= 7 {
                    one_roll += 1.0 / 36.0;
                }
            }
        }
        let d = rolls_to_finish(&side(&[(7, 1)])).expect("within the bound");
        assert!((d[0] - one_roll).abs() < 1e-6, "{d:?} against {one_roll}");
        assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{d:?}");
        // 1-2 (2 ways) then 1-2 again from the 4-point: the only way to need a third roll.
        assert!((d[2] - (2.0 / 36.0) * (2.0 / 36.0)).abs() < 1e-6, "{d:?}");
    }

    /// Home, the database's distribution stands; past the bound, nothing.
    #[test]
    fn home_is_the_databases_and_past_the_bound_is_nothing() {
        let home = side(&[(1, 2), (6, 1)]);
        let entry = BearoffDb::shared()
            .entry(&[2, 0, 0, 0, 0, 1])
            .expect("an entry");
        assert_eq!(rolls_to_finish(&home), Some(entry.all));
        assert_eq!(
            rolls_to_finish(&side(&[(1, 11), (8, 4)])),
            None,
            "four outside"
        );
        assert_eq!(
            rolls_to_finish(&side(&[(1, 13), (24, 2)])),
            None,
            "36 pips out"
        );
        assert_eq!(rolls_to_finish(&[0; 24]), None, "no checker");
    }

    /// The search equals a plain one: every legal play of the whole board by the engine's
    /// generator, the fewest rolls expected, on random small sides (few checkers, so that
    /// the plain search stays quick).
    #[test]
    fn the_search_equals_the_plain_one_on_random_sides() {
        use crate::engine::legal_plays_into;
        use rand::{RngExt, SeedableRng};
        use std::collections::HashMap;

        fn position_of(side: &Side) -> Position {
            let mut board = [0i8; 26];
            for (q, &c) in side.iter().enumerate() {
                board[q + 1] = c as i8;
            }
            Position::from_board(board).expect("a side alone")
        }

        fn plain(memo: &mut HashMap<Side, (Rolls, f32)>, side: &Side) -> (Rolls, f32) {
            if let Some(d) = memo.get(side) {
                return *d;
            }
            let mut dist = [0.0f32; MAX_ROLLS];
            let mut plays = Vec::new();
            for (dice, weight) in roll_table() {
                legal_plays_into(&position_of(side), *dice, &mut plays);
                let mut best: Option<(f32, Option<Rolls>)> = None;
                for p in &plays {
                    let b = p.position().board();
                    let mut next = [0u8; 24];
                    for q in 0..24 {
                        next[q] = b[q + 1].max(0) as u8;
                    }
                    let (d, e) = if next.iter().all(|&c| c == 0) {
                        (None, 0.0)
                    } else {
                        let (d, e) = plain(memo, &next);
                        (Some(d), e)
                    };
                    if best.as_ref().is_none_or(|b| e < b.0 - 1e-6) {
                        best = Some((e, d));
                    }
                }
                if let Some((_, d)) = best {
                    add_shifted(&mut dist, d.as_ref(), *weight);
                }
            }
            let e = expected_of(&dist);
            memo.insert(*side, (dist, e));
            (dist, e)
        }

        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(46);
        let mut memo = HashMap::new();
        let mut compared = 0;
        for _ in 0..40 {
            let mut s = [0u8; 24];
            for _ in 0..rng.random_range(1..=4) {
                s[rng.random_range(0..6)] += 1;
            }
            for _ in 0..rng.random_range(1..=2) {
                s[rng.random_range(6..14)] += 1;
            }
            let Some(ours) = rolls_to_finish(&s) else {
                continue;
            };
            let (theirs, _) = plain(&mut memo, &s);
            let (e_ours, e_theirs) = (expected_of(&ours), expected_of(&theirs));
            // No checker home is moved while one is outside: a little more, never less.
            assert!(
                e_ours >= e_theirs - 1e-4 && e_ours - e_theirs < 0.025,
                "{s:?}: {e_ours} against {e_theirs}"
            );
            compared += 1;
        }
        assert!(compared >= 20, "{compared} sides compared");
    }

    /// `VwEAgADAAAAAAA`: the player on roll has two checkers on its 17-point and one on its
    /// ace point (31 pips), the other six home (12 pips). The validation set's rollout gives
    /// the player on roll 11.2% (gnubg 2-ply -0.762 in equity, about 11.9%); the nets said
    /// +0.489.
    #[test]
    fn the_race_nets_worst_position_reads_as_its_rollout() {
        let position = crate::engine::position_from_id("VwEAgADAAAAAAA").expect("an id");
        let win = race_win(&position).expect("within the bound");
        assert!((win - 0.112).abs() < 0.02, "{win}");
        // From the other side, on roll: the complement is not it (the roll order moves),
        // but it is far ahead.
        let other = race_win(&position.switched()).expect("within the bound");
        assert!(other > 0.85, "{other}");
    }
}
