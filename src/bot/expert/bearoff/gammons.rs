//! Exact gammon and backgammon chances in a race where one side (the runner) has every
//! checker left in its home board and the other (the trailer) has none off and a few
//! checkers outside its home board: the case of a side saving the gammon, where the nets'
//! gammon chances can be far off (issue 49, position 5).
//!
//! The runner's rolls to bear off every checker come from the one-sided database
//! ([`super::BearoffDb`]). The trailer's rolls to bear off its first checker come from a
//! memoised search over its own checkers alone (no contact: the runner's checkers change
//! nothing), each roll played to bear off a checker if it can, else to need the fewest
//! rolls expected, as gnubg's one-sided databases play, among the plays that leave the
//! fewest pips outside the home board (no pip wasted on a home checker while others are
//! out: this keeps the search to some hundred positions; the play it leaves out is hardly
//! ever better). The search does not use the database's first-checker entries: working
//! one out builds every entry below it (seconds for 15 checkers). Its rolls until none of its checkers is left in the
//! runner's home board (a backgammon while any is) need only the checkers there: each die
//! moves one of them on, or is played elsewhere once they are out.
//!
//! The search is bounded by [`MAX_OUTSIDE`] checkers and [`MAX_OUTSIDE_PIPS`] pips
//! outside the trailer's home board; beyond it the nets' chances stand.

use super::{BearoffDb, MAX_ROLLS, expected_of, rolls};
use crate::bot::expert::net::{LOSE_BACKGAMMON, LOSE_GAMMON, Probs, WIN_BACKGAMMON, WIN_GAMMON};
use crate::engine::{Position, legal_plays_into};
use std::cell::RefCell;
use std::collections::HashMap;

/// The most trailer checkers outside its home board for which the search runs.
pub const MAX_OUTSIDE: u32 = 3;
/// The most pips the trailer's checkers outside its home board may have to travel to get
/// home (the sum of their distances from its 6-point) for the search to run.
pub const MAX_OUTSIDE_PIPS: u32 = 30;

/// The most trailer positions the memo keeps (about 150 bytes each); it starts afresh
/// when fuller.
const MEMO_MOST: usize = 1 << 20;

/// A distribution of rolls: `d[n]` is the chance of needing exactly `n + 1` rolls (the
/// chance of needing more than [`MAX_ROLLS`] is added to the last).
pub type Rolls = [f32; MAX_ROLLS];

/// The trailer's checkers on its points 1-24 (index 0 is its 1-point).
type Side = [u8; 24];

thread_local! {
    /// The first-checker distributions worked out so far, by trailer position, for the
    /// thread (each thread keeps its own, as the rollout workers keep their scans: no lock
    /// between the analysis's or a rollout's threads).
    static FIRST_OFF_MEMO: RefCell<HashMap<Side, Rolls>> = RefCell::new(HashMap::new());
}

/// Adds `weight` times `dist` one roll later into `into` (`dist = None`: done this roll).
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

/// Checkers outside the home board and the pips they need to get home.
fn outside(side: &Side) -> (u32, u32) {
    side[6..]
        .iter()
        .enumerate()
        .fold((0, 0), |(n, pips), (i, &c)| {
            (n + u32::from(c), pips + u32::from(c) * (i as u32 + 1))
        })
}

/// The trailer alone as the player on roll (the other side's checkers all borne off: in a
/// race they change nothing).
fn position_of(side: &Side) -> Option<Position> {
    let mut board = [0i8; 26];
    for (i, &c) in side.iter().enumerate() {
        board[i + 1] = c as i8;
    }
    Position::from_board(board).ok()
}

fn side_of(position: &Position) -> Side {
    let b = position.board();
    let mut side = [0u8; 24];
    for (i, s) in side.iter_mut().enumerate() {
        *s = b[i + 1].max(0) as u8;
    }
    side
}

/// The distribution of the rolls the trailer needs to bear off its first checker, all 15
/// on the board ([`first_off`]'s search, within a held memo).
fn first_off_in(memo: &mut HashMap<Side, Rolls>, side: &Side) -> Rolls {
    if let Some(d) = memo.get(side) {
        return *d;
    }
    let mut dist = [0.0f32; MAX_ROLLS];
    let Some(position) = position_of(side) else {
        return dist;
    };
    let mut plays = Vec::new();
    for (dice, weight) in &rolls() {
        legal_plays_into(&position, *dice, &mut plays);
        // A play that bears a checker off ends it; else, among the plays that leave the
        // fewest pips outside the home board (no die wasted on the home checkers while
        // others are out: this keeps the search small), the fewest rolls expected.
        if plays.iter().any(|p| p.position().mover_off() > 0) {
            add_shifted(&mut dist, None, *weight);
            continue;
        }
        let nexts: Vec<Side> = plays.iter().map(|p| side_of(p.position())).collect();
        let fewest = nexts.iter().map(|n| outside(n).1).min();
        let mut best: Option<(f32, Option<Rolls>)> = None;
        for next in nexts.iter().filter(|n| Some(outside(n).1) == fewest) {
            let d = first_off_in(memo, next);
            let e = expected_of(&d);
            if best.as_ref().is_none_or(|b| e < b.0) {
                best = Some((e, Some(d)));
            }
        }
        match best {
            Some((_, d)) => add_shifted(&mut dist, d.as_ref(), *weight),
            // No legal play (a checker outside can always move, so it cannot happen):
            // counted as never.
            None => dist[MAX_ROLLS - 1] += *weight,
        }
    }
    memo.insert(*side, dist);
    dist
}

/// The distribution of the rolls the trailer (its checkers on its points 1-24, all 15 on
/// the board, none on the bar) needs to bear off its first checker; `None` when it has
/// other than 15 checkers or more than [`MAX_OUTSIDE`] / [`MAX_OUTSIDE_PIPS`] outside.
#[must_use]
pub fn first_off(side: &[u8; 24]) -> Option<Rolls> {
    let on: u32 = side.iter().map(|&c| u32::from(c)).sum();
    let (n, pips) = outside(side);
    if on != 15 || n > MAX_OUTSIDE || pips > MAX_OUTSIDE_PIPS {
        return None;
    }
    FIRST_OFF_MEMO.with_borrow_mut(|memo| {
        if memo.len() > MEMO_MOST {
            memo.clear();
        }
        Some(first_off_in(memo, side))
    })
}

/// The distribution of the rolls the trailer needs until none of its checkers is left in
/// the runner's home board (its points 19-24), from the pips each of those needs to leave
/// it (`need[i]`, 1-6; `need` empty: no roll needed, all zeros). Every die can move one of
/// them on (in a race nothing blocks) or, once they are out, be played elsewhere.
#[must_use]
pub fn clear_of_home(need: &[u8]) -> Rolls {
    let mut memo = HashMap::new();
    let mut sorted = need.to_vec();
    sorted.retain(|&n| n > 0);
    sorted.sort_unstable();
    if sorted.is_empty() {
        return [0.0; MAX_ROLLS];
    }
    clear_in(&mut memo, sorted)
}

fn clear_in(memo: &mut HashMap<Vec<u8>, Rolls>, need: Vec<u8>) -> Rolls {
    if let Some(d) = memo.get(&need) {
        return *d;
    }
    let mut dist = [0.0f32; MAX_ROLLS];
    for (dice, weight) in &rolls() {
        let (a, b) = (dice.first(), dice.second());
        let dies: Vec<u8> = if a == b { vec![a; 4] } else { vec![a, b] };
        let mut best: Option<(f32, Option<Rolls>)> = None;
        // Leaving every checker where it is never helps (and would loop).
        for left in after_dice(&need, &dies).into_iter().filter(|l| *l != need) {
            let d = (!left.is_empty()).then(|| clear_in(memo, left));
            let e = d.as_ref().map_or(0.0, expected_of);
            if best.as_ref().is_none_or(|b| e < b.0) {
                best = Some((e, d));
            }
        }
        if let Some((_, d)) = best {
            add_shifted(&mut dist, d.as_ref(), *weight);
        }
    }
    memo.insert(need, dist);
    dist
}

/// Every sorted list of needs left after playing `dies` in either order, each die on one
/// of the checkers still in (or elsewhere).
fn after_dice(need: &[u8], dies: &[u8]) -> Vec<Vec<u8>> {
    let orders: Vec<Vec<u8>> = if dies.len() == 2 && dies[0] != dies[1] {
        vec![dies.to_vec(), vec![dies[1], dies[0]]]
    } else {
        vec![dies.to_vec()]
    };
    let mut out = Vec::new();
    for order in orders {
        let mut states = vec![need.to_vec()];
        for &die in &order {
            let mut next = Vec::new();
            for s in &states {
                // Played elsewhere.
                next.push(s.clone());
                for i in 0..s.len() {
                    let mut t = s.clone();
                    t[i] = t[i].saturating_sub(die);
                    t.retain(|&n| n > 0);
                    t.sort_unstable();
                    next.push(t);
                }
            }
            next.sort();
            next.dedup();
            states = next;
        }
        out.extend(states);
    }
    out.sort();
    out.dedup();
    out
}

/// `at_least[n]`: the chance that `d` needs at least `n + 1` rolls.
fn at_least(d: &Rolls) -> [f32; MAX_ROLLS + 1] {
    let mut t = [0.0f32; MAX_ROLLS + 1];
    for n in (0..MAX_ROLLS).rev() {
        t[n] = t[n + 1] + d[n];
    }
    t
}

/// The runner's bear-off distribution (every checker in its home board, in its own
/// numbering: the mover's points 1-6 of `position`) and the trailer's side, when the mover
/// of `position` is a runner against a trailer with none off; `None` else.
fn runner_and_trailer(position: &Position) -> Option<(Rolls, Side)> {
    let b = position.board();
    if position.opponent_off() != 0 || b[0] != 0 || b[25] != 0 {
        return None;
    }
    if (7..=24).any(|p| b[p] > 0) {
        return None;
    }
    let mut trailer = [0u8; 24];
    for (q, t) in trailer.iter_mut().enumerate() {
        // The opponent's point q + 1 is the mover's point 24 - q.
        *t = (-b[24 - q]).max(0) as u8;
    }
    let (n, _) = outside(&trailer);
    if n == 0 {
        // Both sides home: the database's two-sided chances apply.
        return None;
    }
    let mut home = [0u8; 6];
    for (p, h) in home.iter_mut().enumerate() {
        *h = b[p + 1].max(0) as u8;
    }
    let runner = BearoffDb::shared().entry(&home)?;
    if runner.expected == 0.0 {
        return None;
    }
    Some((runner.all, trailer))
}

/// The runner's exact gammon and backgammon chances (each including the better wins) when
/// the runner is on roll (`runner_first`) or not.
fn runner_wins(runner: &Rolls, trailer: &Side, runner_first: bool) -> Option<(f32, f32)> {
    let first = at_least(&first_off(trailer)?);
    let need: Vec<u8> = (18..24)
        .flat_map(|q| std::iter::repeat_n(q as u8 - 17, usize::from(trailer[q])))
        .collect();
    let clear = if need.is_empty() {
        None
    } else {
        Some(at_least(&clear_of_home(&need)))
    };
    // The runner finishes on its roll n + 1: on roll, the trailer has had n rolls and must
    // need at least n + 1; else it has had n + 1 and must need at least n + 2.
    let shift = usize::from(!runner_first);
    let gammon = (0..MAX_ROLLS).map(|n| runner[n] * first[n + shift]).sum();
    let backgammon = clear.map_or(0.0, |c| {
        (0..MAX_ROLLS).map(|n| runner[n] * c[n + shift]).sum()
    });
    Some((gammon, backgammon))
}

/// `p` (the chances of the player on roll in `position`, a race) with the gammon and
/// backgammon chances of a runner against a trailer replaced by the exact ones, when one
/// side is a runner (every checker in its home board) and the other a trailer with none
/// off and at most [`MAX_OUTSIDE`] checkers ([`MAX_OUTSIDE_PIPS`] pips) outside its home
/// board; `p` unchanged else. The win chance is left as it is.
#[must_use]
pub fn exact_gammons(position: &Position, mut p: Probs) -> Probs {
    if let Some((runner, trailer)) = runner_and_trailer(position)
        && let Some((g, bg)) = runner_wins(&runner, &trailer, true)
    {
        p[WIN_GAMMON] = g.clamp(0.0, 1.0);
        p[WIN_BACKGAMMON] = bg.clamp(0.0, 1.0);
        return p;
    }
    let switched = position.switched();
    if let Some((runner, trailer)) = runner_and_trailer(&switched)
        && let Some((g, bg)) = runner_wins(&runner, &trailer, false)
    {
        p[LOSE_GAMMON] = g.clamp(0.0, 1.0);
        p[LOSE_BACKGAMMON] = bg.clamp(0.0, 1.0);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::expert::net::{OUTPUTS, WIN};
    use crate::engine::Dice;

    fn close(a: &Rolls, b: &[f32]) -> bool {
        a.iter()
            .enumerate()
            .all(|(n, x)| (x - b.get(n).copied().unwrap_or(0.0)).abs() < 1e-6)
    }

    /// Fourteen on the ace point and one on the 7-point: the first roll bears a checker
    /// off unless it is 2-3 or 2-4 (no 1, under 7 pips, not a double: 4 of 36); after
    /// those every checker is home with the ace point held, and the next roll does.
    #[test]
    fn one_checker_on_the_seven_point_needs_one_roll_or_two() {
        let mut side = [0u8; 24];
        side[0] = 14;
        side[6] = 1;
        let d = first_off(&side).expect("within the bound");
        assert!(close(&d, &[32.0 / 36.0, 4.0 / 36.0]), "{d:?}");
    }

    /// Fourteen on the 6-point and one on the 20-point: only 6-6 (20 to 2, then off from
    /// the 6-point) and 5-5 (20 to 5, then off from it) bear one off in the first roll.
    #[test]
    fn a_far_checker_bears_off_first_only_with_big_doubles() {
        let mut side = [0u8; 24];
        side[5] = 14;
        side[19] = 1;
        let d = first_off(&side).expect("within the bound");
        assert!((d[0] - 2.0 / 36.0).abs() < 1e-6, "{d:?}");
        assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    }

    /// One checker needing 6 pips to leave: it fails only on 1-2, 1-3, 1-4, 2-3 and 1-1
    /// (9 of 36), and then needs at most 5, which any roll covers.
    #[test]
    fn clearing_the_runners_home_by_hand() {
        assert!(close(&clear_of_home(&[1]), &[1.0]));
        assert!(close(&clear_of_home(&[6]), &[27.0 / 36.0, 9.0 / 36.0]));
        assert!(close(&clear_of_home(&[]), &[]));
        // Two checkers each needing 6: a non-double cannot give each 6; doubles from 3-3
        // up can (two moves each), 2-2 cannot.
        let two = clear_of_home(&[6, 6]);
        assert!((two[0] - 4.0 / 36.0).abs() < 1e-6, "{two:?}");
    }

    /// A board of the runner's single checker on its ace point and the trailer's 14 on its
    /// 6-point and one on its 20-point (the runner's 5-point).
    fn runner_and_far_trailer() -> Position {
        let mut board = [0i8; 26];
        board[1] = 1;
        board[19] = -14;
        board[5] = -1;
        Position::from_board(board).expect("a race")
    }

    /// The runner on roll finishes now: a gammon and a backgammon for sure. With the
    /// trailer on roll, it saves the gammon only with 6-6 or 5-5 and always leaves the
    /// runner's home board: 34/36 gammons, no backgammon.
    #[test]
    fn the_combination_by_hand() {
        let position = runner_and_far_trailer();
        assert!(position.is_race());
        let p = exact_gammons(&position, [0.0; OUTPUTS]);
        assert!(
            p[WIN_GAMMON] > 0.999_99 && p[WIN_BACKGAMMON] > 0.999_99,
            "{p:?}"
        );
        let q = exact_gammons(&position.switched(), [0.25; OUTPUTS]);
        assert!((q[LOSE_GAMMON] - 34.0 / 36.0).abs() < 1e-6, "{q:?}");
        assert_eq!(q[LOSE_BACKGAMMON], 0.0);
        assert_eq!((q[WIN], q[WIN_GAMMON]), (0.25, 0.25), "the rest left");
    }

    /// Four checkers outside (or too many pips out) is past the bound: the nets' chances
    /// stand.
    #[test]
    fn past_the_bound_the_nets_stand() {
        let mut side = [0u8; 24];
        side[0] = 11;
        side[6..10].fill(1);
        assert_eq!(first_off(&side), None);
        let mut far = [0u8; 24];
        far[0] = 13;
        far[23] = 2;
        assert_eq!(first_off(&far), None, "36 pips out");
        let mut board = [0i8; 26];
        board[1] = 1;
        board[19] = -11;
        board[14..=17].fill(-1);
        let position = Position::from_board(board).expect("a race");
        let p = [0.5, 0.1, 0.0, 0.0, 0.0];
        assert_eq!(exact_gammons(&position, p), p);
    }

    /// The search for position 5's trailer stays small: its states and time, printed.
    #[test]
    fn position_five_search_is_small() {
        let position = crate::engine::position_from_id("ttsDIALXBwAAAA").expect("an id");
        let (_, trailer) = runner_and_trailer(&position).expect("a runner and a trailer");
        let start = std::time::Instant::now();
        let d = first_off(&trailer).expect("within the bound");
        let states = FIRST_OFF_MEMO.with_borrow(HashMap::len);
        eprintln!(
            "first off {:.3} rolls, {states} states, {:?}",
            expected_of(&d),
            start.elapsed()
        );
        assert!(states < 200_000, "{states} states");
    }

    /// Issue 49's position 5 (money, X on roll with 6-1, O with two checkers out): 3/2
    /// 3/off saves little against 3/off 1/off (gnubg 0.006, a rollout 0.013), not the 0.117
    /// the nets' gammons made of it. Judged at 0-ply and at the hint's 2-ply.
    #[test]
    fn position_five_saving_a_pip_is_not_an_error() {
        let position = crate::engine::position_from_id("ttsDIALXBwAAAA").expect("an id");
        let dice = Dice::new(6, 1).expect("a roll");
        let plays = crate::engine::legal_plays(&position, dice);
        let before = position.board();
        for ply in [0, 2] {
            let mut bot = crate::bot::expert::ExpertBot::shipped(ply).expect("the shipped nets");
            let ranked = bot.rank_all(&plays);
            let best = ranked.first().expect("plays").value;
            let slow = ranked
                .iter()
                .find(|r| r.play.position().board()[2] == before[2] + 1)
                .expect("3/2 3/off");
            let loss = best - slow.value;
            assert!(loss < 0.05, "{ply}-ply: 3/2 3/off loses {loss}");
        }
    }
}
