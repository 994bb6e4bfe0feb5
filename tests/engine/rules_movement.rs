//! The movement and bear-off rules of assets/rules/README.md §1, one named test per rule, each on
//! a small position whose legal plays were counted by hand (the reasoning is in the
//! comments).
//!
//! Positions are written per side in that side's own numbering (points 1-24, 25 the bar);
//! checkers that are not listed have been borne off.

use bg_tui::engine::{Dice, Play, Position, Step, Variant};
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// One side's checkers: `(point in its own numbering, count)`, point 25 being its bar.
type Checkers<'a> = &'a [(usize, u8)];

fn counts(checkers: Checkers) -> [u8; 26] {
    let mut out = [0u8; 26];
    for &(point, n) in checkers {
        assert!((1..=25).contains(&point), "point {point} is not 1-25");
        out[point] += n;
    }
    out
}

/// The position with `mover` on roll against `opponent`, each in its own numbering.
///
/// Also checks the flipped description: the same checkers written from the opponent's side
/// and switched to the mover's view give the same position.
fn position(mover: Checkers, opponent: Checkers) -> Position {
    let (m, o) = (counts(mover), counts(opponent));
    let p = Position::from_sides(&m, &o).expect("a valid position");
    let from_other_side = Position::from_sides(&o, &m).expect("a valid position");
    assert_eq!(from_other_side.switched(), p, "the two views disagree");
    p
}

/// `p` after moving one checker per `(from, to)` pair (25 = bar, 0 = off), hitting a blot
/// where one lands: a plain edit of the board, written out by hand in each test.
fn after(p: &Position, moves: &[(usize, usize)]) -> Position {
    let mut board = *p.board();
    for &(from, to) in moves {
        assert!(board[from] > 0, "no checker of the mover on {from}");
        board[from] -= 1;
        if to == 0 {
            continue;
        }
        if board[to] == -1 {
            board[to] = 0;
            board[0] -= 1;
        }
        assert!(board[to] >= 0, "point {to} is closed");
        board[to] += 1;
    }
    Position::from_board(board).expect("a valid position")
}

/// The legal plays of `a`-`b`, checking that the order the dice are written in does not
/// matter (the same roll read the other way round gives the same plays).
fn legal(p: &Position, a: u8, b: u8) -> Vec<Play> {
    let found = Variant::Backgammon.legal_plays(p, Dice::new(a, b).unwrap());
    let swapped = Variant::Backgammon.legal_plays(p, Dice::new(b, a).unwrap());
    assert_eq!(
        positions(&found),
        positions(&swapped),
        "{a}-{b} and {b}-{a} differ"
    );
    found
}

fn mv(from: u8, to: u8) -> Step {
    Step {
        from: crate::common::place(from),
        to: crate::common::place(to),
        hit: false,
    }
}

fn hit(from: u8, to: u8) -> Step {
    Step {
        from: crate::common::place(from),
        to: crate::common::place(to),
        hit: true,
    }
}

fn off(from: u8) -> Step {
    mv(from, 0)
}

fn steps(play: &Play) -> Vec<Step> {
    play.steps().to_vec()
}

/// The steps in a fixed order, for plays where the order of the moves is not forced.
fn sorted_steps(play: &Play) -> Vec<Step> {
    let mut s = steps(play);
    s.sort_by_key(|s| (std::cmp::Reverse(s.from), std::cmp::Reverse(s.to), s.hit));
    s
}

fn positions(plays: &[Play]) -> BTreeSet<Position> {
    plays.iter().map(|p| *p.position()).collect()
}

/// Plays in the usual notation, for failure messages: `24/18 18/13*; 13/8 6/off`.
fn describe(plays: &[Play]) -> String {
    let one = |s: &Step| {
        let from = if s.from.is_bar() {
            "bar".to_string()
        } else {
            s.from.to_string()
        };
        let to = if s.to.is_off() {
            "off".to_string()
        } else {
            s.to.to_string()
        };
        format!("{from}/{to}{}", if s.hit { "*" } else { "" })
    };
    let all: Vec<String> = plays
        .iter()
        .map(|p| p.steps().iter().map(one).collect::<Vec<_>>().join(" "))
        .collect();
    format!("[{}]", all.join("; "))
}

/// The plays lead exactly to the positions that `expected` (hand-written moves) give.
fn assert_positions(plays: &[Play], start: &Position, expected: &[&[(usize, usize)]]) {
    let want: BTreeSet<Position> = expected.iter().map(|m| after(start, m)).collect();
    assert_eq!(
        want.len(),
        expected.len(),
        "the expected plays repeat a position"
    );
    assert_eq!(
        plays.len(),
        expected.len(),
        "wrong number of plays: {}",
        describe(plays)
    );
    assert_eq!(
        positions(plays),
        want,
        "wrong resulting positions: {}",
        describe(plays)
    );
}

/// The one play of `plays` leading to `target`.
fn play_to<'a>(plays: &'a [Play], target: &Position) -> &'a Play {
    let found: Vec<&Play> = plays.iter().filter(|p| p.position() == target).collect();
    assert_eq!(
        found.len(),
        1,
        "expected one play to the target among {}",
        describe(plays)
    );
    found[0]
}

const ALL_ROLLS: [(u8, u8); 21] = {
    let mut rolls = [(0, 0); 21];
    let mut i = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = 1;
        while b <= a {
            rolls[i] = (a, b);
            i += 1;
            b += 1;
        }
        a += 1;
    }
    rolls
};

/// The starting position of either side, in its own numbering.
const START: Checkers = &[(24, 2), (13, 5), (8, 3), (6, 5)];

// ---------------------------------------------------------------------------------------------
// The opening
// ---------------------------------------------------------------------------------------------

#[test]
fn start_helper_is_the_standard_start() {
    // Given the starting checkers written per side
    // When they are built into a position
    // Then it is the engine's starting position
    assert_eq!(position(START, START), Position::START);
}

#[test]
fn opening_3_1_has_16_distinct_plays() {
    // Given the opening position. The opponent closes our 1, 12, 17 and 19 points.
    // The 3 moves 24/21, 13/10, 8/5, 6/3 (all open); the 1 moves 24/23, 8/7, 6/5 (13/12 is
    // closed). Two different checkers: 4 x 3 = 12 plays, all different. One checker both
    // dice: 24/20, 13/9 (through 10 only), 8/4, 6/2: 4 more. None of these coincide: 16.
    let start = Position::START;

    // When 3-1 is rolled
    let plays = legal(&start, 3, 1);

    // Then there are exactly those 16 plays, each of two steps
    assert_positions(
        &plays,
        &start,
        &[
            &[(24, 21), (24, 23)],
            &[(24, 21), (8, 7)],
            &[(24, 21), (6, 5)],
            &[(13, 10), (24, 23)],
            &[(13, 10), (8, 7)],
            &[(13, 10), (6, 5)],
            &[(8, 5), (24, 23)],
            &[(8, 5), (8, 7)],
            &[(8, 5), (6, 5)],
            &[(6, 3), (24, 23)],
            &[(6, 3), (8, 7)],
            &[(6, 3), (6, 5)],
            &[(24, 20)],
            &[(13, 9)],
            &[(8, 4)],
            &[(6, 2)],
        ],
    );
    assert!(plays.iter().all(|p| p.dice_used() == 2));
    // 13/9 can only go through 10: 12 is the opponent's mid-point.
    let thirteen_nine = play_to(&plays, &after(&start, &[(13, 9)]));
    assert_eq!(steps(thirteen_nine), vec![mv(13, 10), mv(10, 9)]);
}

#[test]
fn opening_6_6_has_11_distinct_plays() {
    // Given the opening position. A 6 can move 24/18, 13/7 or 8/2 and nothing further
    // (18/12 and 7/1 land on closed points, 6/off is not allowed with checkers outside).
    // So a play is a numbers (a, b, c) of 6s from 24, 13, 8 with a + b + c = 4, a <= 2
    // (two back checkers), c <= 3 (three on the 8-point): 15 - 3 (a >= 3) - 1 (c = 4) = 11.
    let start = Position::START;

    // When 6-6 is rolled
    let plays = legal(&start, 6, 6);

    // Then there are exactly those 11 plays, each of four steps
    let mut expected: Vec<Vec<(usize, usize)>> = Vec::new();
    for a in 0..=2 {
        for c in 0..=3 {
            if a + c > 4 {
                continue;
            }
            let b = 4 - a - c;
            let mut moves = Vec::new();
            moves.extend(std::iter::repeat_n((24, 18), a));
            moves.extend(std::iter::repeat_n((13, 7), b));
            moves.extend(std::iter::repeat_n((8, 2), c));
            expected.push(moves);
        }
    }
    assert_eq!(expected.len(), 11);
    let expected: Vec<&[(usize, usize)]> = expected.iter().map(Vec::as_slice).collect();
    assert_positions(&plays, &start, &expected);
    for play in &plays {
        assert_eq!(play.dice_used(), 4, "{}", describe(&[*play]));
        for s in play.steps().iter() {
            assert!([24, 13, 8].contains(&s.from.number()) && s.from.number() - s.to.number() == 6);
        }
    }
}

#[test]
fn opening_6_5_includes_running_a_back_checker_24_13() {
    // Given the opening position. The 6 moves 24/18, 13/7, 8/2; the 5 moves 13/8, 8/3
    // (24/19 and 6/1 are closed). Different checkers: 3 x 2 = 6 plays, but 8/2 13/8 ends
    // where 13/2 ends. One checker: 24/13 (through 18; 19 is closed) and 13/2. So 7.
    let start = Position::START;

    // When 6-5 is rolled
    let plays = legal(&start, 6, 5);

    // Then 24/13 ("lover's leap") is among the 7 plays, played 24/18 18/13
    assert_positions(
        &plays,
        &start,
        &[
            &[(24, 18), (13, 8)],
            &[(24, 18), (8, 3)],
            &[(13, 7), (13, 8)],
            &[(13, 7), (8, 3)],
            &[(8, 2), (8, 3)],
            &[(13, 2)],
            &[(24, 13)],
        ],
    );
    let lovers_leap = play_to(&plays, &after(&start, &[(24, 13)]));
    assert_eq!(steps(lovers_leap), vec![mv(24, 18), mv(18, 13)]);
}

#[test]
fn opening_is_the_same_from_either_side() {
    // Given the opening position seen by either player
    let white = Position::START;
    let black = Position::START.switched();

    // Then it is the same position, and every roll gives the same plays
    assert_eq!(white, black);
    for (a, b) in ALL_ROLLS {
        assert_eq!(
            positions(&legal(&white, a, b)),
            positions(&legal(&black, a, b))
        );
    }

    // And after any 3-1, the opponent (now on roll) still has the starting checkers and 167
    // pips, while the player who moved has 167 - 4 = 163
    for play in legal(&white, 3, 1) {
        let theirs = play.position().switched();
        for &(point, n) in START {
            assert_eq!(theirs.mover_on(point), n);
        }
        assert_eq!(theirs.mover_pips(), 167);
        assert_eq!(theirs.opponent_pips(), 163);
    }
}

// ---------------------------------------------------------------------------------------------
// Moving
// ---------------------------------------------------------------------------------------------

/// Our checkers on the 1 and 2 points cannot move with 5 or 6 (no bearing off with a
/// checker outside), so only the checker on 24 can move.
const RUNNER_ON_24: Checkers = &[(24, 1), (2, 7), (1, 7)];

#[test]
fn combined_move_is_blocked_when_both_landing_points_are_closed() {
    // Given one checker on 24 and the opponent holding our 18 and 19 (their 7 and 6)
    let p = position(RUNNER_ON_24, &[(7, 2), (6, 2), (8, 11)]);

    // When 6-5 is rolled
    let plays = legal(&p, 6, 5);

    // Then 24/13 is impossible: each die is a separate move, both first landings are
    // closed; nothing else can move, so there is no play at all
    assert!(plays.is_empty(), "{}", describe(&plays));
}

#[test]
fn combined_move_goes_through_the_open_landing_point() {
    // Given one checker on 24 and the opponent holding only our 18 (their 7)
    let p = position(RUNNER_ON_24, &[(7, 2), (8, 13)]);

    // When 6-5 is rolled
    let plays = legal(&p, 6, 5);

    // Then the only play is 24/13 through 19: the 5 first, then the 6
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(24, 19), mv(19, 13)]);
    assert_eq!(*plays[0].position(), after(&p, &[(24, 13)]));

    // And with only our 19 closed (their 6), it goes through 18: the 6 first
    let p = position(RUNNER_ON_24, &[(6, 2), (8, 13)]);
    let plays = legal(&p, 6, 5);
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(24, 18), mv(18, 13)]);
}

#[test]
fn doubles_are_played_four_times() {
    // Given our checkers on 20 and 10 that can move with 2s (those on 1 and 2 cannot: no
    // bearing off with the 20 outside), and every even point open (the opponent is on 23)
    let p = position(&[(20, 1), (10, 1), (2, 7), (1, 6)], &[(2, 15)]);

    // When 2-2 is rolled
    let plays = legal(&p, 2, 2);

    // Then each play moves four times: k moves for the 20 and 4 - k for the 10, k = 0..=4
    assert_positions(
        &plays,
        &p,
        &[
            &[(10, 2)],
            &[(20, 18), (10, 4)],
            &[(20, 16), (10, 6)],
            &[(20, 14), (10, 8)],
            &[(20, 12)],
        ],
    );
    for play in &plays {
        assert_eq!(play.dice_used(), 4);
        assert!(
            play.steps()
                .iter()
                .all(|s| s.from.number() - s.to.number() == 2)
        );
    }
    // And in the opponent's view, each play took exactly 4 x 2 = 8 pips off our count
    for play in &plays {
        assert_eq!(
            play.position().switched().opponent_pips(),
            p.mover_pips() - 8
        );
    }
}

#[test]
fn partly_playable_double_plays_as_many_as_possible() {
    // Given our checkers on 20 and 15 (the rest on 1 and 2, unable to move a 4) and the
    // opponent holding our 12 and 3 (their 13 and 22). With 4s, the 20 moves 20/16 and then
    // 16/12 is closed; the 15 moves 15/11/7 and then 7/3 is closed. At most three 4s.
    let p = position(
        &[(20, 1), (15, 1), (2, 7), (1, 6)],
        &[(13, 2), (22, 2), (2, 11)],
    );

    // When 4-4 is rolled
    let plays = legal(&p, 4, 4);

    // Then the only play uses three 4s: 20/16 15/7 (no play of one or two 4s is offered)
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(
        sorted_steps(&plays[0]),
        vec![mv(20, 16), mv(15, 11), mv(11, 7)]
    );
    assert_eq!(*plays[0].position(), after(&p, &[(20, 16), (15, 7)]));
}

/// A checker on 13; the others on the 1-point, unable to move (no bearing off).
const ONE_RUNNER_ON_13: Checkers = &[(13, 1), (1, 14)];

#[test]
fn landing_on_a_blot_hits_it() {
    // Given our checker on 13 and an opposing blot on our 8 (their 17); the opponent's
    // other checkers on their 1-point (our 24)
    let p = position(ONE_RUNNER_ON_13, &[(17, 1), (1, 14)]);

    // When 5-1 is rolled
    let plays = legal(&p, 5, 1);

    // Then there are two plays: 13/8*/7, which hits (the blot goes to the bar), and 13/12/7,
    // which passes the blot by
    assert_positions(&plays, &p, &[&[(13, 8), (8, 7)], &[(13, 12), (12, 7)]]);
    let hitting = play_to(&plays, &after(&p, &[(13, 8), (8, 7)]));
    assert_eq!(steps(hitting), vec![hit(13, 8), mv(8, 7)]);
    assert_eq!(hitting.position().opponent_bar(), 1);
    assert_eq!(hitting.position().opponent_on(17), 0);
    let passing = play_to(&plays, &after(&p, &[(13, 12), (12, 7)]));
    assert_eq!(steps(passing), vec![mv(13, 12), mv(12, 7)]);
    assert_eq!(passing.position().opponent_bar(), 0);
    assert_eq!(passing.position().opponent_on(17), 1);
}

#[test]
fn one_checker_hits_twice_on_its_way() {
    // Given our checker on 13 and opposing blots on our 9 and 4 (their 16 and 21)
    let p = position(ONE_RUNNER_ON_13, &[(16, 1), (21, 1), (1, 13)]);

    // When 5-4 is rolled
    let plays = legal(&p, 5, 4);

    // Then 13/9*/4* hits both (two on the opponent's bar); 13/8/4* hits only one
    assert_eq!(plays.len(), 2, "{}", describe(&plays));
    let double_hit = play_to(&plays, &after(&p, &[(13, 9), (9, 4)]));
    assert_eq!(steps(double_hit), vec![hit(13, 9), hit(9, 4)]);
    assert_eq!(double_hit.position().opponent_bar(), 2);
    let single_hit = play_to(&plays, &after(&p, &[(13, 8), (8, 4)]));
    assert_eq!(steps(single_hit), vec![mv(13, 8), hit(8, 4)]);
    assert_eq!(single_hit.position().opponent_bar(), 1);
    assert_eq!(single_hit.position().opponent_on(16), 1);
}

#[test]
fn hit_checkers_must_enter_first_in_the_opponents_view() {
    // Given the double hit 13/9*/4*, this time with our other checkers holding our 1, 2 and
    // 3 points, seen from the opponent, who is on roll next: our blot is on their 21
    let p = position(
        &[(13, 1), (3, 5), (2, 5), (1, 4)],
        &[(16, 1), (21, 1), (1, 13)],
    );
    let plays = legal(&p, 5, 4);
    let double_hit = play_to(&plays, &after(&p, &[(13, 9), (9, 4)]));
    let theirs = double_hit.position().switched();

    // Then the opponent, now on roll, has two checkers on the bar
    assert_eq!(theirs.mover_bar(), 2);
    assert_eq!(theirs.opponent_bar(), 0);

    // When they roll 3-2: their entry points 22 and 23 are our 3 and 2 points, closed
    // Then they cannot move at all (their 13 on the 1-point could otherwise)
    assert!(
        Variant::Backgammon
            .legal_plays(&theirs, Dice::new(3, 2).unwrap())
            .is_empty()
    );

    // When they roll 4-1: the 4 enters on their 21, hitting our blot; the 1 (their 24, our
    // 1-point) cannot enter, and nothing else may move while a checker is on the bar
    let entering = Variant::Backgammon.legal_plays(&theirs, Dice::new(4, 1).unwrap());
    assert_eq!(entering.len(), 1, "{}", describe(&entering));
    assert_eq!(steps(&entering[0]), vec![hit(25, 21)]);
    assert_eq!(entering[0].position().mover_bar(), 1);
    assert_eq!(entering[0].position().opponent_bar(), 1);
}

#[test]
fn several_blots_are_hit_in_one_turn() {
    // Given our checkers on 13 and 11 and opposing blots on our 9 and 8 (their 16 and 17).
    // The 4 moves 13/9* or 11/7; the 3 moves 13/10 or 11/8*. Two checkers: 13/9* 11/8* and
    // 13/10 11/7. One checker: 13/9*/6 and 13/10/6 (differ by the hit), 11/7/4 and 11/8*/4.
    let p = position(&[(13, 1), (11, 1), (1, 13)], &[(16, 1), (17, 1), (1, 13)]);

    // When 4-3 is rolled
    let plays = legal(&p, 4, 3);

    // Then there are 6 plays, and 13/9* 11/8* puts two checkers on the bar
    assert_positions(
        &plays,
        &p,
        &[
            &[(13, 9), (11, 8)],
            &[(13, 10), (11, 7)],
            &[(13, 9), (9, 6)],
            &[(13, 10), (10, 6)],
            &[(11, 7), (7, 4)],
            &[(11, 8), (8, 4)],
        ],
    );
    let both = play_to(&plays, &after(&p, &[(13, 9), (11, 8)]));
    assert_eq!(sorted_steps(both), vec![hit(13, 9), hit(11, 8)]);
    assert_eq!(both.position().opponent_bar(), 2);
    let hits: Vec<usize> = plays
        .iter()
        .map(|p| p.steps().iter().filter(|s| s.hit).count())
        .collect();
    assert_eq!(hits.iter().sum::<usize>(), 2 + 1 + 1);
}

// ---------------------------------------------------------------------------------------------
// The bar
// ---------------------------------------------------------------------------------------------

/// The starting checkers with one of the back checkers on the bar.
const START_ONE_ON_BAR: Checkers = &[(25, 1), (24, 1), (13, 5), (8, 3), (6, 5)];

#[test]
fn checker_on_the_bar_enters_before_anything_else_moves() {
    // Given one of our checkers on the bar, the opponent as at the start (their 6-point is
    // our 19: a 6 cannot enter; a 4 enters on 21)
    let p = position(START_ONE_ON_BAR, START);

    // When 6-4 is rolled
    let plays = legal(&p, 6, 4);

    // Then every play enters with the 4 first, and only then plays the 6 with any checker:
    // 24/18, 21/15, 13/7 or 8/2 (6/off is not allowed)
    let mut got: Vec<Vec<Step>> = plays.iter().map(steps).collect();
    got.sort_by_key(|s| std::cmp::Reverse(s[1].from));
    assert_eq!(
        got,
        vec![
            vec![mv(25, 21), mv(24, 18)],
            vec![mv(25, 21), mv(21, 15)],
            vec![mv(25, 21), mv(13, 7)],
            vec![mv(25, 21), mv(8, 2)],
        ],
        "{}",
        describe(&plays)
    );
    assert_positions(
        &plays,
        &p,
        &[
            &[(25, 21), (24, 18)],
            &[(25, 15)],
            &[(25, 21), (13, 7)],
            &[(25, 21), (8, 2)],
        ],
    );
    for play in &plays {
        let s = steps(play);
        assert_eq!(s[0], mv(25, 21), "{}", describe(&[*play]));
    }
}

#[test]
fn checker_on_the_bar_that_cannot_enter_freezes_the_rest() {
    // Given one of our checkers on the bar and the opponent's 6-point (our 19) closed
    let p = position(START_ONE_ON_BAR, START);

    // When 6-6 is rolled
    let plays = legal(&p, 6, 6);

    // Then nothing moves, although 13/7 and 8/2 would be open without the bar checker
    assert!(plays.is_empty(), "{}", describe(&plays));
    let without_bar = position(&[(24, 2), (13, 5), (8, 3), (6, 5)], START);
    assert!(
        !Variant::Backgammon
            .legal_plays(&without_bar, Dice::new(6, 6).unwrap())
            .is_empty()
    );
}

#[test]
fn two_on_the_bar_and_only_one_enters_forfeits_the_other_die() {
    // Given both back checkers on the bar against the starting position
    let p = position(&[(25, 2), (13, 5), (8, 3), (6, 5)], START);

    // When 6-4 is rolled: the 6 cannot enter (our 19 is closed), the 4 enters on 21
    let plays = legal(&p, 6, 4);

    // Then the only play is bar/21; the 6 is lost, since the other checker is still on the
    // bar and cannot enter with it
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(25, 21)]);
    assert_eq!(plays[0].position().mover_bar(), 1);
    assert_eq!(*plays[0].position(), after(&p, &[(25, 21)]));
}

#[test]
fn two_on_the_bar_both_enter_and_nothing_else_moves() {
    // Given both back checkers on the bar against the starting position
    let p = position(&[(25, 2), (13, 5), (8, 3), (6, 5)], START);

    // When 4-3 is rolled (21 and 22 are open)
    let plays = legal(&p, 4, 3);

    // Then the only play is bar/21 bar/22: both dice are used for entering
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(sorted_steps(&plays[0]), vec![mv(25, 22), mv(25, 21)]);
    assert_eq!(*plays[0].position(), after(&p, &[(25, 22), (25, 21)]));
}

#[test]
fn double_with_one_on_the_bar_enters_then_moves_the_rest() {
    // Given one checker on the bar, one on 10, the rest on 1-3 (no bear-off: they cannot
    // move a 3), the opponent all on their 1-point (our 24)
    let p = position(&[(25, 1), (10, 1), (3, 5), (2, 4), (1, 4)], &[(1, 15)]);

    // When 3-3 is rolled
    let plays = legal(&p, 3, 3);

    // Then every play enters first (bar/22), and the three other 3s are shared between the
    // entered checker (k of them) and the 10 (3 - k): four plays
    assert_positions(
        &plays,
        &p,
        &[
            &[(25, 13)],
            &[(25, 16), (10, 7)],
            &[(25, 19), (10, 4)],
            &[(25, 22), (10, 1)],
        ],
    );
    for play in &plays {
        let s = steps(play);
        assert_eq!(s.len(), 4);
        assert_eq!(s[0], mv(25, 22), "{}", describe(&[*play]));
        assert_eq!(s.iter().filter(|s| s.is_entry()).count(), 1);
    }
}

#[test]
fn closed_board_dances() {
    // Given one of our checkers on the bar and the opponent's six home points all closed
    let p = position(
        &[(25, 1), (13, 6), (8, 3), (6, 5)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
    );

    // When any roll is rolled
    for (a, b) in ALL_ROLLS {
        // Then there is no legal play at all
        let plays = legal(&p, a, b);
        assert!(plays.is_empty(), "{a}-{b}: {}", describe(&plays));
    }
    // (while the same checker on the 13-point instead would leave something to play)
    let free = position(
        &[(13, 7), (8, 3), (6, 5)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
    );
    for (a, b) in ALL_ROLLS {
        assert!(!legal(&free, a, b).is_empty(), "{a}-{b}");
    }
}

// ---------------------------------------------------------------------------------------------
// Using as many dice as possible
// ---------------------------------------------------------------------------------------------

#[test]
fn smaller_die_first_when_only_that_order_uses_both() {
    // Given our checker on 8 and two on 6 (12 borne off), the opponent holding our 3 (their
    // 22). The 6 first: 8/2, and then no 3 (6/3 is closed; 2/off needs no checker higher).
    // The 3 first: 8/5 brings the last checker home, and the 6 bears off from 6.
    let p = position(&[(8, 1), (6, 2)], &[(22, 2), (6, 5), (5, 4), (4, 4)]);

    // When 6-3 is rolled
    let plays = legal(&p, 6, 3);

    // Then the only play is 8/5 6/off, in that order; 8/2 or 8/5 alone is not offered
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(8, 5), off(6)]);
    assert_eq!(*plays[0].position(), after(&p, &[(8, 5), (6, 0)]));
}

#[test]
fn only_the_higher_die_when_either_but_not_both_can_be_played() {
    // Given our checker on 13 (the rest on 1 and 2, unable to move) and our 5 closed (their
    // 20). The 6 alone: 13/7; the 2 alone: 13/11; but both would end on the closed 5.
    let p = position(&[(13, 1), (2, 7), (1, 7)], &[(20, 2), (6, 13)]);

    // When 6-2 is rolled
    let plays = legal(&p, 6, 2);

    // Then only the 6 is played: 13/7
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(13, 7)]);
}

#[test]
fn only_the_lower_die_when_the_higher_cannot_be_played() {
    // Given the same, with our 7 closed too (their 18): the 6 cannot be played at all
    let p = position(&[(13, 1), (2, 7), (1, 7)], &[(20, 2), (18, 2), (6, 11)]);

    // When 6-2 is rolled
    let plays = legal(&p, 6, 2);

    // Then only the 2 is played: 13/11 (11/5 is closed)
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(13, 11)]);
}

// ---------------------------------------------------------------------------------------------
// Bearing off
// ---------------------------------------------------------------------------------------------

/// The opponent's checkers all in their home board, on our 19, 20 and 21.
const OPPONENT_HOME: Checkers = &[(6, 5), (5, 5), (4, 5)];

#[test]
fn exact_die_bears_off_from_its_point() {
    // Given two of our checkers on 5 and one on 2, all home
    let p = position(&[(5, 2), (2, 1)], OPPONENT_HOME);

    // When 5-2 is rolled
    let plays = legal(&p, 5, 2);

    // Then the 5 bears off from 5 in both plays: 5/off 5/3 and 5/off 2/off
    assert_positions(&plays, &p, &[&[(5, 0), (5, 3)], &[(5, 0), (2, 0)]]);
    let mut got: Vec<Vec<Step>> = plays.iter().map(sorted_steps).collect();
    got.sort_by_key(|s| s[1].from);
    assert_eq!(got, vec![vec![off(5), off(2)], vec![mv(5, 3), off(5)]]);
}

#[test]
fn larger_die_bears_off_from_the_highest_point() {
    // Given two of our checkers on 4 and one on 2
    let p = position(&[(4, 2), (2, 1)], OPPONENT_HOME);

    // When 6-5 is rolled: no checker on 6 or 5, and 4 is the highest point
    let plays = legal(&p, 6, 5);

    // Then both dice bear off from the 4-point, and the 2 stays
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![off(4), off(4)]);
    assert_eq!(*plays[0].position(), position(&[(2, 1)], OPPONENT_HOME));
}

#[test]
fn larger_die_may_not_bear_off_below_a_higher_checker() {
    // Given our checkers on 5 and 2
    let p = position(&[(5, 1), (2, 1)], OPPONENT_HOME);

    // When 4-3 is rolled: neither die may bear off the 2 while the 5 stands higher
    let plays = legal(&p, 4, 3);

    // Then the 5 moves inside first (5/1 or 5/2), and only then may the other die take the
    // 2 off, being now the highest
    let mut got: Vec<Vec<Step>> = plays.iter().map(steps).collect();
    got.sort_by_key(|s| s[0].to);
    assert_eq!(
        got,
        vec![vec![mv(5, 1), off(2)], vec![mv(5, 2), off(2)]],
        "{}",
        describe(&plays)
    );
    assert_positions(&plays, &p, &[&[(5, 1), (2, 0)], &[(5, 2), (2, 0)]]);
}

#[test]
fn no_bear_off_while_a_checker_is_on_the_bar() {
    // Given 14 of our checkers on 6 and one on the bar; our 19 is closed, 20 is open
    let p = position(&[(25, 1), (6, 14)], &[(6, 2), (1, 13)]);

    // When 6-5 is rolled
    let plays = legal(&p, 6, 5);

    // Then the 5 enters and the 6 moves the entered checker on: bar/20/14; 6/off is not
    // allowed, neither before entering nor after (the checker on 20 is outside)
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(steps(&plays[0]), vec![mv(25, 20), mv(20, 14)]);

    // And with 6-6 nothing can be played at all
    assert!(legal(&p, 6, 6).is_empty());
}

#[test]
fn no_bear_off_while_a_checker_is_outside_home() {
    // Given 14 of our checkers on 6 and one on 13
    let p = position(&[(13, 1), (6, 14)], &[(1, 15)]);

    // When 6-5 is rolled
    let plays = legal(&p, 6, 5);

    // Then the plays are 13/2 and 13/7 6/1; no 6/off or 5/off, even after 13/8 or 13/7
    assert_positions(&plays, &p, &[&[(13, 2)], &[(13, 7), (6, 1)]]);
    assert!(
        plays
            .iter()
            .all(|p| p.steps().iter().all(|s| !s.to.is_off())),
        "{}",
        describe(&plays)
    );
}

#[test]
fn bear_off_starts_mid_turn_after_the_last_checker_comes_home() {
    // Given our checkers on 8 and 5 (13 borne off)
    let p = position(&[(8, 1), (5, 1)], OPPONENT_HOME);

    // When 5-3 is rolled: 8/3 (or 8/5) brings the last checker home, then the other die
    // bears off (3/off, or 5/off: the same position). Or 8/3 5/2 inside.
    let plays = legal(&p, 5, 3);

    // Then the plays are "8/off in two" and 8/3 5/2
    assert_positions(&plays, &p, &[&[(8, 0)], &[(8, 3), (5, 2)]]);
    let bearing = play_to(&plays, &after(&p, &[(8, 0)]));
    let s = steps(bearing);
    assert_eq!(s.len(), 2);
    assert_eq!(
        s[0].from.number(),
        8,
        "the 8 must come home first: {}",
        describe(&[*bearing])
    );
    assert!(s[0].to.number() <= 6);
    assert!(s[1].is_bear_off());
    assert_eq!(bearing.position().mover_off(), 14);
}

/// Bearing off with 4 borne off, our blot on 2 hit, now on the bar. The opponent: the
/// hitter on our 2 (their 23) and 14 on their 1-point (our 24).
const BEARING_OFF_HIT: (Checkers, Checkers) = (
    &[(25, 1), (6, 3), (5, 3), (4, 2), (3, 2)],
    &[(23, 1), (1, 14)],
);

#[test]
fn checker_hit_during_bear_off_must_come_home_before_bearing_off_resumes() {
    // Given our bear-off with one checker on the bar
    let p = position(BEARING_OFF_HIT.0, BEARING_OFF_HIT.1);

    // When 6-5 is rolled
    let plays = legal(&p, 6, 5);

    // Then we enter and either go on (bar/14) or enter on 19 and play 6/1; no bear-off
    assert_positions(&plays, &p, &[&[(25, 14)], &[(25, 19), (6, 1)]]);
    assert!(
        plays
            .iter()
            .all(|p| p.steps().iter().all(|s| !s.to.is_off()))
    );

    // When 6-6 is rolled
    let plays = legal(&p, 6, 6);

    // Then the entered checker must run all the way home with all four 6s: 6/off is not
    // allowed while it is outside, and it arrives with the last one
    assert_eq!(plays.len(), 1, "{}", describe(&plays));
    assert_eq!(
        steps(&plays[0]),
        vec![mv(25, 19), mv(19, 13), mv(13, 7), mv(7, 1)]
    );

    // And once home, bearing off resumes: a 6-5 takes two checkers off
    let home = *plays[0].position();
    let next = legal(&home, 6, 5);
    assert!(
        next.iter().any(|p| steps(p) == vec![off(6), off(5)]),
        "{}",
        describe(&next)
    );
}

#[test]
fn checker_hit_during_bear_off_seen_from_the_hitter() {
    // Given the opponent on roll with a checker on the bar, and our bear-off with a blot on
    // our 2 (their 23); our 3 (their 22) is closed
    let before_hit = position(
        &[(25, 1), (1, 14)],
        &[(6, 3), (5, 3), (4, 2), (3, 2), (2, 1)],
    );

    // When they roll 2-1: the 2 enters on their 23 hitting our blot, and then the 1 has no
    // move (23/22 closed, no bear-off); the 1 first enters on 24, and then the 2 has none
    // (24/22 closed). Neither order uses both: the higher die must be played.
    let theirs = legal(&before_hit, 2, 1);

    // Then the only play is bar/23*, and in our view we have a checker on the bar
    assert_eq!(theirs.len(), 1, "{}", describe(&theirs));
    assert_eq!(steps(&theirs[0]), vec![hit(25, 23)]);
    let ours = theirs[0].position().switched();
    assert_eq!(ours, position(BEARING_OFF_HIT.0, BEARING_OFF_HIT.1));
    assert_eq!(ours.mover_bar(), 1);

    // And none of our rolls may bear off while that checker is on the bar
    for (a, b) in ALL_ROLLS {
        for play in legal(&ours, a, b) {
            let s = steps(&play);
            assert!(s[0].is_entry(), "{a}-{b}: {}", describe(&[play]));
            assert!(
                s.iter().all(|s| !s.is_bear_off()),
                "{a}-{b}: {}",
                describe(&[play])
            );
        }
    }
}

#[test]
fn may_move_inside_the_home_board_instead_of_bearing_off() {
    // Given our checkers on 6 and 5
    let p = position(&[(6, 1), (5, 1)], OPPONENT_HOME);

    // When 5-2 is rolled: the 5 may bear off from 5 (then 6/4) or move 6/1 (then 5/3)
    let plays = legal(&p, 5, 2);

    // Then both options are offered
    assert_positions(&plays, &p, &[&[(5, 0), (6, 4)], &[(6, 1), (5, 3)]]);
    let inside = play_to(&plays, &after(&p, &[(6, 1), (5, 3)]));
    assert_eq!(sorted_steps(inside), vec![mv(6, 1), mv(5, 3)]);
    let bearing = play_to(&plays, &after(&p, &[(5, 0), (6, 4)]));
    assert_eq!(sorted_steps(bearing), vec![mv(6, 4), off(5)]);
}
