//! A named test for each board-level ruling of assets/rules/README.md §2 (and a few of §1 they
//! build on), on positions small enough to work out by hand. The reasoning is in the
//! comment above each answer. Every answer is checked against the reference generator and
//! against the engine.
//!
//! Positions are written from the mover's view: `spec(mine, theirs)` with `(point, count)` in
//! the mover's numbering (it moves from 24 towards 1). A side's checkers not on the board or
//! the bar are borne off.

use crate::reference::board::{Board, Rules};
use crate::reference::engine::engine_boards;
use crate::reference::generator::{Reading, legal_results_read};
use crate::reference::spec::BoardSpec;
use crate::reference::{after_play, expected_boards, reference_boards, spec};
use std::collections::BTreeSet;

/// Both the reference and the engine give exactly the positions after `plays` (written by
/// hand) for the roll `a`-`b`; no play at all when `plays` is empty.
fn check(rules: Rules, board: &BoardSpec, (a, b): (u8, u8), plays: &[&str]) {
    let expected = expected_boards(rules, board, plays);
    assert_eq!(
        expected.len(),
        plays.len(),
        "two plays written alike: {plays:?}"
    );
    let reference = reference_boards(rules, board, a, b);
    assert_same("reference", rules, board, (a, b), &expected, &reference);
    let engine = engine_boards(rules, board, a, b)
        .unwrap_or_else(|e| panic!("the engine refused the position: {e}"));
    let set: BTreeSet<BoardSpec> = engine.iter().cloned().collect();
    assert_eq!(set.len(), engine.len(), "the engine lists a position twice");
    assert_same("engine", rules, board, (a, b), &expected, &set);
}

/// The number of distinct plays, from the reference and from the engine.
fn count(rules: Rules, board: &BoardSpec, (a, b): (u8, u8)) -> (usize, usize) {
    let reference = reference_boards(rules, board, a, b).len();
    let engine = engine_boards(rules, board, a, b)
        .unwrap_or_else(|e| panic!("the engine refused the position: {e}"))
        .len();
    (reference, engine)
}

fn assert_same(
    who: &str,
    rules: Rules,
    board: &BoardSpec,
    dice: (u8, u8),
    expected: &BTreeSet<BoardSpec>,
    got: &BTreeSet<BoardSpec>,
) {
    if expected != got {
        let json = |b: &BoardSpec| serde_json::to_string(b).unwrap_or_default();
        let missing: Vec<String> = expected.difference(got).map(json).collect();
        let extra: Vec<String> = got.difference(expected).map(json).collect();
        panic!(
            "{who} differs from the hand-worked answer\nrules {} dice {}{}\nposition {}\n\
             missing: {missing:#?}\nnot expected: {extra:#?}",
            rules.name(),
            dice.0,
            dice.1,
            json(board)
        );
    }
}

fn with_bar(mut board: BoardSpec, bar: [u8; 2]) -> BoardSpec {
    board.bar = bar;
    board
}

fn with_pins(mut board: BoardSpec, pinned: &[u8]) -> BoardSpec {
    board.pinned = pinned.to_vec();
    board
}

// ---------------------------------------------------------------- backgammon and Portes

/// The standard start, from the mover's view.
fn backgammon_start() -> BoardSpec {
    let own = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let other: Vec<(usize, u8)> = own.iter().map(|&(p, n)| (25 - p, n)).collect();
    spec(&own, &other)
}

#[test]
fn backgammon_opening_31_has_16_plays() {
    // Known from GNU Backgammon: 16 distinct positions after 3-1 from the start.
    for rules in [Rules::Backgammon, Rules::Portes] {
        let (reference, engine) = count(rules, &backgammon_start(), (3, 1));
        assert_eq!(reference, 16);
        assert_eq!(engine, 16, "{}", rules.name());
    }
}

#[test]
fn portes_moves_as_backgammon() {
    // One checker on 8; a blot on 5, the 4-point closed. 3 then 1: 8/5* hits, 5/4 is closed.
    // 1 then 3: 8/7, 7/4 is closed. No play uses both dice, so the higher die: 8/5*.
    let board = spec(&[(8, 1)], &[(5, 1), (4, 2), (20, 12)]);
    for rules in [Rules::Portes, Rules::Backgammon] {
        check(rules, &board, (3, 1), &["8/5"]);
    }
    // The hit checker is on the opponent's bar; in its numbering 4 -> 21, 20 -> 5, 5 -> 20.
    let after = with_bar(spec(&[(21, 2), (5, 12)], &[(20, 1)]), [1, 0]);
    assert_eq!(after_play(Rules::Portes, &board, "8/5"), after);
}

#[test]
fn backgammon_bar_first_then_the_other_die_plays_normally() {
    // One on the bar, two on 13. The 6 would enter on 19 (closed); the 1 enters on 24.
    // After bar/24 the 6 plays 24/18 or 13/7.
    let board = with_bar(spec(&[(13, 2)], &[(19, 2), (1, 13)]), [1, 0]);
    for rules in [Rules::Backgammon, Rules::Portes, Rules::Jacquet] {
        check(rules, &board, (6, 1), &["bar/24/18", "bar/24 13/7"]);
    }
}

#[test]
fn backgammon_second_checker_on_the_bar_forfeits_the_die() {
    // Two on the bar; 19-23 closed. The 1 enters on 24; the 6 cannot enter, and no other
    // checker may move while one is on the bar.
    let theirs = [(19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (2, 5)];
    let board = with_bar(spec(&[(13, 5)], &theirs), [2, 0]);
    for rules in [Rules::Backgammon, Rules::Portes, Rules::Jacquet] {
        check(rules, &board, (6, 1), &["bar/24"]);
    }
}

#[test]
fn backgammon_bear_off_higher_die_only_from_the_highest_point() {
    // Checkers on 5 and 3 (two). 6 first: 6 is above the highest (5): 5/off; then the 4 is
    // above the highest (3): 3/off. 4 first: 5/1 (4 may not bear off from 3 while 5 is
    // occupied); then the 6 bears off from the highest, 3.
    let board = spec(&[(5, 1), (3, 2)], &[(20, 15)]);
    for rules in [Rules::Backgammon, Rules::Portes] {
        check(rules, &board, (6, 4), &["5/off 3/off", "5/1 3/off"]);
    }
}

// ---------------------------------------------------------------- Plakoto

#[test]
fn plakoto_landing_on_a_blot_pins_it() {
    // As in portes_moves_as_backgammon: 8/5 is the one play, but it pins instead of hitting.
    let board = spec(&[(8, 1)], &[(5, 1), (4, 2), (1, 12)]);
    check(Rules::Plakoto, &board, (3, 1), &["8/5"]);
    // From the opponent's view: its checker on its 20-point lies pinned under ours.
    let after = with_pins(spec(&[(20, 1), (21, 2), (24, 12)], &[(20, 1)]), &[20]);
    assert_eq!(after_play(Rules::Plakoto, &board, "8/5"), after);
}

#[test]
fn plakoto_no_bar_no_hitting() {
    // Two blots in reach of 6-5 from the 24-point, on 18 and 19: both are pinned, none goes
    // anywhere. 24/18 24/19; 24/18/13; 24/19/13 (same); 6 then 5 also 24/18 and 18/13.
    let board = spec(&[(24, 15)], &[(18, 1), (19, 1), (1, 13)]);
    check(Rules::Plakoto, &board, (6, 5), &["24/18 24/19", "24/13"]);
    let after = after_play(Rules::Plakoto, &board, "24/18 24/19");
    assert_eq!(after.bar, [0, 0]);
    assert_eq!(after.pinned, vec![6, 7]);
    // A board with a checker on the bar is not a Plakoto position.
    let barred = with_bar(spec(&[(24, 14)], &[(1, 15)]), [1, 0]);
    assert!(Board::from_spec(Rules::Plakoto, &barred).is_err());
    assert!(engine_boards(Rules::Plakoto, &barred, 6, 5).is_err());
}

#[test]
fn plakoto_pinned_checker_cannot_move() {
    // My checker on 10 is pinned under theirs. Only the checker on 6 moves: 6/4/3 (or
    // 6/5/3, the same). No bear-off: the pinned checker on 10 is outside the home board.
    let board = with_pins(spec(&[(10, 1), (6, 1)], &[(10, 1), (20, 14)]), &[10]);
    check(Rules::Plakoto, &board, (2, 1), &["6/4/3"]);
}

#[test]
fn plakoto_pinned_checker_outside_home_blocks_bear_off() {
    // Pinned on 8; free checkers on 6 and 5. 6/off and 5/off are not allowed (8 is outside
    // home); the 5 plays 6/1, the 6 has no move, 5/0 and 6/0 are bear-offs.
    let board = with_pins(spec(&[(8, 1), (6, 1), (5, 1)], &[(8, 1), (20, 14)]), &[8]);
    check(Rules::Plakoto, &board, (6, 5), &["6/1"]);
}

#[test]
fn plakoto_pinned_checker_freed_when_last_pinner_leaves() {
    // Two of mine on 15 pin their checker. 4-2: 15/11 15/13 frees it; 15/9 (one checker,
    // either order) keeps it pinned.
    let board = spec(&[(15, 2)], &[(15, 1), (1, 14)]);
    check(Rules::Plakoto, &board, (4, 2), &["15/11 15/13", "15/9"]);
    // In the opponent's numbering (25 - p): its checker on 10, free, or still pinned.
    let freed = spec(&[(10, 1), (24, 14)], &[(14, 1), (12, 1)]);
    assert_eq!(after_play(Rules::Plakoto, &board, "15/11 15/13"), freed);
    let kept = with_pins(spec(&[(10, 1), (24, 14)], &[(10, 1), (16, 1)]), &[10]);
    assert_eq!(after_play(Rules::Plakoto, &board, "15/9"), kept);
}

#[test]
fn plakoto_point_where_my_checker_is_pinned_is_closed_to_me() {
    // Their single checker on 10 pins mine: 13/10 is closed to me although only one of
    // theirs stands there. So 1 first: 13/12, then 12/9.
    let board = with_pins(spec(&[(13, 1), (10, 1)], &[(10, 1), (1, 14)]), &[10]);
    check(Rules::Plakoto, &board, (3, 1), &["13/12/9"]);
}

#[test]
fn plakoto_own_checkers_may_join_a_pinning_point() {
    // My checker on 10 pins theirs; 7 and 4 are closed. The 6 has no move (13/7, 10/4).
    // The 3: 10/7 is closed, 13/10 lands on top of my pinning checker. Then the 6: 10/4 is
    // closed. One die only, and the higher cannot be played: 13/10.
    let board = spec(&[(13, 1), (10, 1)], &[(10, 1), (7, 2), (4, 2), (1, 10)]);
    check(Rules::Plakoto, &board, (6, 3), &["13/10"]);
}

#[test]
fn plakoto_bear_off_with_a_pinned_checker_in_home() {
    // Pinned on 4 (in the home board: bearing off is allowed); free on 3 and 1.
    // 3/off and 1/off in either order. 3/2 then a 3: 2/off is not allowed while 4 holds a
    // checker, so that uses one die only.
    let board = with_pins(spec(&[(4, 1), (3, 1), (1, 1)], &[(4, 1), (20, 14)]), &[4]);
    check(Rules::Plakoto, &board, (3, 1), &["3/off 1/off"]);
}

#[test]
fn plakoto_higher_die_rule_when_the_highest_checker_is_pinned() {
    // Pinned on 4, two free on 2. The 6 is above the highest point (4), whose checker is
    // pinned: it may not bear off from 2 while 4 holds a checker, nor move inside. Only the 2
    // plays: 2/off.
    let board = with_pins(spec(&[(4, 1), (2, 2)], &[(4, 1), (20, 14)]), &[4]);
    check(Rules::Plakoto, &board, (6, 2), &["2/off"]);
}

#[test]
fn plakoto_opening_65() {
    // All fifteen on 24, theirs on my 1-point: 24/18 24/19 or 24/13.
    let board = spec(&[(24, 15)], &[(1, 15)]);
    check(Rules::Plakoto, &board, (6, 5), &["24/18 24/19", "24/13"]);
}

// ---------------------------------------------------------------- Fevga

/// Fevga's start: mine on my 24, theirs on my 12 (its own 24).
fn fevga_start() -> BoardSpec {
    spec(&[(24, 15)], &[(12, 15)])
}

#[test]
fn fevga_start_rule_one_checker_leaves_until_one_passes() {
    // 6-5 from the start: one checker leaves: 24/18/13 (or 24/19/13); 24/18 24/19 is two.
    check(Rules::Fevga, &fevga_start(), (6, 5), &["24/13"]);
    // 6-6: 24/18, then 18/12 is the opponent's start (closed); no second checker may leave.
    check(Rules::Fevga, &fevga_start(), (6, 6), &["24/18"]);
    // From the opponent's view: its fifteen on its 24 (my 12), mine on its 12 and 1.
    let after = spec(&[(24, 15)], &[(12, 14), (1, 1)]);
    assert_eq!(after_play(Rules::Fevga, &fevga_start(), "24/13"), after);
}

#[test]
fn fevga_opponent_home_is_my_13_to_18() {
    // Mine: one checker on 6 (the rest borne off); 2-1 plays it to 3 either way. Theirs on
    // my 13 and 18, its 1- and 6-points: from its view, two on its 1 and three on its 6, and
    // my checker on my 3 is on its 15 (my point p is its point p + 12, counted round).
    let board = spec(&[(6, 1)], &[(13, 2), (18, 3)]);
    check(Rules::Fevga, &board, (2, 1), &["6/4/3"]);
    let after = spec(&[(1, 2), (6, 3)], &[(15, 1)]);
    assert_eq!(after_play(Rules::Fevga, &board, "6/3"), after);
}

#[test]
fn fevga_runner_passing_in_the_first_half_frees_the_second() {
    // A runner on 14 has left, none has passed: 24 is held back. 3 first: 14/11 passes, so
    // the 4 may play 24/20 (or 11/7). 4 first: 14/10 passes; then 24/21 or 10/7.
    let board = spec(&[(24, 14), (14, 1)], &[(12, 15)]);
    check(
        Rules::Fevga,
        &board,
        (4, 3),
        &["14/7", "14/11 24/20", "14/10 24/21"],
    );
}

/// Mine on 24-20 and one passed on 1 (which cannot move: not all home); theirs hold 14-18
/// with one checker each and the rest on my 12.
fn fevga_quarter(mine_20_to_24: [u8; 5]) -> BoardSpec {
    let mut mine: Vec<(usize, u8)> = (20..=24).zip(mine_20_to_24).collect();
    mine.push((1, 1));
    spec(
        &mine,
        &[(18, 1), (17, 1), (16, 1), (15, 1), (14, 1), (12, 10)],
    )
}

#[test]
fn fevga_own_quarter_rule() {
    // 5-1 with mine 24:10 23..21:1 20:1 and 19 empty. The 5 plays only 24/19 (23-20 land
    // on theirs); the 1 plays inside 24-19. 24/19 24/23 would hold all six of 19-24: out.
    // 24/19 with 23/22, 22/21, 21/20 or 20/19 empties a point: in.
    let board = fevga_quarter([1, 1, 1, 1, 10]);
    check(
        Rules::Fevga,
        &board,
        (5, 1),
        &["24/19 23/22", "24/19 22/21", "24/19 21/20", "24/19 20/19"],
    );
    // 6-5: no 6 from 24-20 (18-14 are theirs); the 5 plays 24/19, then the 6 plays 19/13,
    // which leaves 19 empty again. So the one play is 24/13.
    check(Rules::Fevga, &board, (6, 5), &["24/13"]);
}

#[test]
fn fevga_own_quarter_rule_counts_dice_over_plays_that_keep_it() {
    // Mine 24:6 and two each on 23-20. 5-1: every two-dice play includes 24/19 (the only
    // 5) and then holds all six points 19-24 whatever the 1 does: none is allowed. Of the
    // one-die plays, 24/19 and 20/19 fill the 19-point too; 24/23, 23/22, 22/21 and 21/20
    // do not, so one of those is the play (the higher die cannot be played within the rule).
    let board = fevga_quarter([2, 2, 2, 2, 6]);
    check(
        Rules::Fevga,
        &board,
        (5, 1),
        &["24/23", "23/22", "22/21", "21/20"],
    );
    // Counting the dice first and applying the rule after would leave no play at all.
    let start = Board::from_spec(Rules::Fevga, &board).unwrap();
    let after_dice = legal_results_read(Rules::Fevga, &start, 5, 1, Reading::OwnQuarterAfterDice);
    assert!(after_dice.is_empty());
}

#[test]
fn fevga_own_quarter_rule_may_leave_no_play() {
    // Mine 24:10, 23-20 one each. 6-5 with 13 held by theirs too: the only move is 24/19,
    // which holds all six, and the 6 cannot follow: nothing can be played.
    let mut board = fevga_quarter([1, 1, 1, 1, 10]);
    board.theirs[12] = 1;
    board.theirs[11] -= 1;
    check(Rules::Fevga, &board, (6, 5), &[]);
}

/// My block across the seam: 22, 23, 24, 1, 2, 3 (the opponent's 10-15), two each on 23
/// and 24, one on 22, the rest on 1-3; theirs on my 12 and 8 (its 24 and 20: behind it),
/// plus `extra`.
fn fevga_seam_block(extra: &[(usize, u8)]) -> BoardSpec {
    let mut theirs = vec![(8, 1), (12, 14 - extra.len() as u8)];
    theirs.extend_from_slice(extra);
    spec(
        &[(24, 2), (23, 2), (22, 1), (3, 4), (2, 3), (1, 3)],
        &theirs,
    )
}

#[test]
fn fevga_trapping_rule_across_the_seam() {
    // 4-3: the checkers on 1-3 cannot move (not all home). Of the two-dice plays, these
    // leave the block standing: 24/20 23/20, 23/19 24/21, 24/17, 23/16. The rest empty
    // 24, 23 or 22 and leave no six in a row anywhere: they are the legal plays.
    let board = fevga_seam_block(&[]);
    check(
        Rules::Fevga,
        &board,
        (4, 3),
        &[
            "24/20 24/21",
            "24/20 22/19",
            "23/19 23/20",
            "23/19 22/19",
            "22/18 24/21",
            "22/18 23/20",
            "22/15",
        ],
    );
}

#[test]
fn fevga_trapping_rule_needs_every_opposing_checker_behind() {
    // As above, but one of theirs is on my 14 (its 2-point: past the block). The rule does
    // not apply: every two-dice play is legal.
    let board = fevga_seam_block(&[(14, 1)]);
    check(
        Rules::Fevga,
        &board,
        (4, 3),
        &[
            "24/20 24/21",
            "24/20 22/19",
            "23/19 23/20",
            "23/19 22/19",
            "22/18 24/21",
            "22/18 23/20",
            "22/15",
            "24/20 23/20",
            "23/19 24/21",
            "24/17",
            "23/16",
        ],
    );
}

#[test]
fn fevga_no_hitting_single_checker_holds() {
    // Their single checker on my 20 holds it: 24/20 is closed, nothing is hit. One of mine
    // has passed (on 5), so the start rule does not hold 24 back. 4 first: 5/1, then 24/23.
    // 1 first: 24/23, then 23/19 or 5/1; 5/4 then a 4 has no move.
    let board = spec(&[(24, 14), (5, 1)], &[(20, 1), (12, 14)]);
    check(Rules::Fevga, &board, (4, 1), &["5/1 24/23", "24/23/19"]);
    // Both sides on one point is not a Fevga position.
    let shared = spec(&[(24, 14), (20, 1)], &[(20, 1), (12, 14)]);
    assert!(Board::from_spec(Rules::Fevga, &shared).is_err());
    assert!(engine_boards(Rules::Fevga, &shared, 4, 1).is_err());
}

// ---------------------------------------------------------------- Jacquet

#[test]
fn jacquet_all_fifteen_enter_before_any_moves() {
    // Fourteen on the bar, one entered on 20: the checker on 20 may not move while any is on
    // the bar. 6-5 enters two (on 19 and 20); 1-1 enters four on 24.
    let board = with_bar(spec(&[(20, 1)], &[]), [14, 15]);
    check(Rules::Jacquet, &board, (6, 5), &["bar/19 bar/20"]);
    check(Rules::Jacquet, &board, (1, 1), &["bar/24(4)"]);
}

#[test]
fn jacquet_start_enters_two() {
    // The start: all thirty on the bars. 3-1: bar/22 bar/24. 4-4: bar/21(4).
    let board = with_bar(spec(&[], &[]), [15, 15]);
    check(Rules::Jacquet, &board, (3, 1), &["bar/22 bar/24"]);
    check(Rules::Jacquet, &board, (4, 4), &["bar/21(4)"]);
}

#[test]
fn jacquet_last_checker_entered_frees_the_other_die() {
    // One left on the bar, fourteen on 20. 6 first: bar/19, then 19/14 or 20/15.
    // 5 first: bar/20, then 20/14 (the same position as bar/19/14).
    let board = with_bar(spec(&[(20, 14)], &[]), [1, 15]);
    check(
        Rules::Jacquet,
        &board,
        (6, 5),
        &["bar/19/14", "bar/19 20/15"],
    );
}

// ---------------------------------------------------------------- malformed boards

#[test]
fn malformed_boards_are_refused() {
    let refused = |rules: Rules, board: &BoardSpec| {
        Board::from_spec(rules, board).is_err() && engine_boards(rules, board, 3, 1).is_err()
    };
    // Sixteen of mine.
    let sixteen = spec(&[(24, 16)], &[(1, 15)]);
    // A pin outside Plakoto.
    let pinned = with_pins(spec(&[(10, 1), (24, 14)], &[(10, 1), (1, 14)]), &[10]);
    // Both sides on a point where the rule set does not allow it.
    let shared = spec(&[(10, 1), (24, 14)], &[(10, 1), (1, 14)]);
    for rules in [
        Rules::Backgammon,
        Rules::Portes,
        Rules::Fevga,
        Rules::Jacquet,
    ] {
        assert!(refused(rules, &sixteen), "{}", rules.name());
        assert!(refused(rules, &pinned), "{}", rules.name());
        assert!(refused(rules, &shared), "{}", rules.name());
    }
    assert!(refused(Rules::Plakoto, &sixteen));
    // No bar in Fevga (nor in Plakoto: plakoto_no_bar_no_hitting).
    let barred = with_bar(spec(&[(24, 14)], &[(12, 15)]), [1, 0]);
    assert!(refused(Rules::Fevga, &barred));
    // In Plakoto the shared point is a pin (theirs under mine), and so is the same point
    // listed as pinned (mine under theirs); but two of mine cannot be the pinned checker.
    for board in [&shared, &pinned] {
        assert!(Board::from_spec(Rules::Plakoto, board).is_ok());
        let plays = engine_boards(Rules::Plakoto, board, 3, 1);
        assert!(plays.is_ok(), "{plays:?}");
    }
    let two_pinned = with_pins(spec(&[(10, 2), (24, 13)], &[(10, 1), (1, 14)]), &[10]);
    assert!(refused(Rules::Plakoto, &two_pinned));
}

#[test]
fn fevga_trapping_rule_leaves_no_block_at_all() {
    // "The mover must play so that no such block is left": no six points in a row at all,
    // as the rules word it (assets/rules/README.md §2.4), not merely none that traps. My block
    // 13-18 (the opponent's 1-6) traps all of theirs (on my 1-3, their 13-15). I also hold
    // 7-11 (their 19-23). 13/12 14/12 breaks the block but makes 7-12 (their 19-24), which
    // none of theirs is behind: not allowed, since 13/10 leaves no block at all. 18/15
    // keeps the trapping block: not allowed.
    let board = spec(
        &[
            (18, 5),
            (17, 1),
            (16, 1),
            (15, 1),
            (14, 1),
            (13, 1),
            (11, 1),
            (10, 1),
            (9, 1),
            (8, 1),
            (7, 1),
        ],
        &[(1, 5), (2, 5), (3, 5)],
    );
    let new_block = after_play(Rules::Fevga, &board, "13/12 14/12");
    let no_block = after_play(Rules::Fevga, &board, "13/10");
    let keeps_block = after_play(Rules::Fevga, &board, "18/15");
    let reference = reference_boards(Rules::Fevga, &board, 2, 1);
    assert!(!reference.contains(&new_block) && reference.contains(&no_block));
    assert!(!reference.contains(&keeps_block));
    let engine = engine_boards(Rules::Fevga, &board, 2, 1)
        .unwrap_or_else(|e| panic!("the engine refused the position: {e}"));
    let engine: BTreeSet<BoardSpec> = engine.into_iter().collect();
    assert_same("engine", Rules::Fevga, &board, (2, 1), &reference, &engine);
    // The other reading would allow 13/12 14/12: the position tells the two apart.
    let start = Board::from_spec(Rules::Fevga, &board).unwrap();
    let other = legal_results_read(Rules::Fevga, &start, 2, 1, Reading::OnlyTrappingBlocks);
    let other: BTreeSet<BoardSpec> = other
        .iter()
        .map(|b| b.turned(Rules::Fevga).to_spec())
        .collect();
    assert!(other.contains(&new_block) && other.contains(&no_block));
}

// The fast Plakoto and Fevga generators (src/engine/variant/fast.rs) report each resulting
// position once without comparing positions: these positions reach each of its ways of
// telling two plays apart.

#[test]
fn fevga_start_rule_double_second_checker_leaves_after_the_first_passes() {
    // 5-5 from the start: one checker runs 24/19/14/9 and has passed the opponent's start
    // (my 12), so the fourth 5 may take a second checker off 24: 24/9 24/19, or the runner
    // goes on, 24/4. Moving from the higher point first (24, 24, 19, 14) would refuse the
    // second 24: the generator must try every order while the start rule binds.
    check(
        Rules::Fevga,
        &fevga_start(),
        (5, 5),
        &["24/4", "24/9 24/19"],
    );
}

#[test]
fn fevga_start_rule_double_without_a_pass_moves_one_checker() {
    // 4-4 from the start: 24/20/16/12 is closed at 12; one checker goes 24/20/16 and no
    // second may leave, so two of the fours cannot be played.
    check(Rules::Fevga, &fevga_start(), (4, 4), &["24/16"]);
}

#[test]
fn plakoto_a_checker_passing_over_a_blot_leaves_it_unpinned_one_play() {
    // Mine: one on 13 and fourteen on 1 (which cannot bear off: 13 is outside). Theirs: a
    // blot on my 7 and fourteen on my 5. 6-5: 13/7*/2 pins on the way and frees it again,
    // the same position as 13/8/2: one play.
    let board = spec(&[(13, 1), (1, 14)], &[(7, 1), (5, 14)]);
    check(Rules::Plakoto, &board, (6, 5), &["13/2"]);
}

#[test]
fn plakoto_two_checkers_borne_off_by_either_die_one_play() {
    // Mine: one on 2 and one on 1, the rest off. 6-5 bears both off whichever die takes
    // which: one play, listed once.
    let board = spec(&[(2, 1), (1, 1)], &[(24, 15)]);
    check(Rules::Plakoto, &board, (6, 5), &["2/off 1/off"]);
}

#[test]
fn fevga_bear_off_both_orders_one_play() {
    // Mine on 5 and 4, theirs far away. 6-5: 5/off (by the 5, or the 6 from the highest)
    // then 4/off by the other: one play; 5/off 4/off and no other.
    let board = spec(&[(5, 1), (4, 1)], &[(18, 15)]);
    check(Rules::Fevga, &board, (6, 5), &["5/off 4/off"]);
}

#[test]
fn plakoto_lower_die_first_reaches_what_the_higher_cannot() {
    // Mine: two on 8, thirteen on 1. Theirs: two on my 2 (closed) and thirteen on my 9.
    // 6-1: the 6 first from 8 lands on 2 (closed), so 8/7/1 goes only by the 1 first; the
    // two separate moves need 8/2: none. 8/7 8/7 uses the 1 twice: not legal. So: 8/1.
    let board = spec(&[(8, 2), (1, 13)], &[(2, 2), (9, 13)]);
    check(Rules::Plakoto, &board, (6, 1), &["8/1"]);
}
