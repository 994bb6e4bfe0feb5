//! Move notation: GNU Backgammon's text for plays, and reading what a person types.

use bg_tui::engine::{Dice, Play, Position, Variant};
use bg_tui::engine::{NotationError, format_play, parse_play};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

/// A position from `(point, count)` pairs: positive for the mover, negative for the
/// opponent, point 25 the mover's bar, 0 the opponent's bar.
fn position(entries: &[(usize, i8)]) -> Position {
    let mut board = [0i8; 26];
    for &(point, count) in entries {
        board[point] = count;
    }
    Position::from_board(board).unwrap()
}

/// The standard start with a few points changed.
fn start_with(changes: &[(usize, i8)]) -> Position {
    let mut board = *Position::START.board();
    for &(point, count) in changes {
        board[point] = count;
    }
    Position::from_board(board).unwrap()
}

/// The legal play that makes these checker moves `(from, to)` in this order (25 the bar,
/// 0 off), found by the position it leads to.
fn play_by_moves(position: &Position, dice: Dice, moves: &[(usize, usize)]) -> Play {
    let mut board = *position.board();
    for &(from, to) in moves {
        assert!(board[from] > 0, "no checker on {from}");
        board[from] -= 1;
        if to != 0 {
            if board[to] == -1 {
                board[to] = 0;
                board[0] -= 1;
            }
            assert!(board[to] >= 0, "{to} is blocked");
            board[to] += 1;
        }
    }
    *Variant::Backgammon
        .legal_plays(position, dice)
        .iter()
        .find(|p| *p.position().board() == board)
        .unwrap_or_else(|| panic!("{moves:?} is not a legal play of {dice}"))
}

fn assert_formats(position: &Position, dice: Dice, moves: &[(usize, usize)], expected: &str) {
    let play = play_by_moves(position, dice, moves);
    assert_eq!(format_play(&play), expected);
}

fn assert_parses(position: &Position, dice: Dice, texts: &[&str], moves: &[(usize, usize)]) {
    let expected = play_by_moves(position, dice, moves);
    for text in texts {
        match parse_play(text, position, dice) {
            Ok(play) => assert_eq!(
                play.position(),
                expected.position(),
                "{text:?} read as {} instead of {}",
                format_play(&play),
                format_play(&expected)
            ),
            Err(e) => panic!("{text:?} was refused: {e}"),
        }
    }
}

fn parse_err(text: &str, position: &Position, dice: Dice) -> NotationError {
    match parse_play(text, position, dice) {
        Ok(play) => panic!("{text:?} was read as {}", format_play(&play)),
        Err(e) => e,
    }
}

fn assert_illegal(text: &str, position: &Position, dice: Dice, words: &str) {
    match parse_err(text, position, dice) {
        NotationError::Illegal { reason } => {
            assert!(
                reason.contains(words),
                "{text:?}: {reason:?} lacks {words:?}"
            )
        }
        e => panic!("{text:?}: expected illegal, got {e:?}"),
    }
}

fn assert_malformed(text: &str, at: usize) {
    match parse_err(text, &Position::START, dice(3, 1)) {
        NotationError::Malformed { at: column, reason } => {
            assert_eq!(column, at, "{text:?}: {reason}");
            assert!(!reason.is_empty());
        }
        e => panic!("{text:?}: expected malformed, got {e:?}"),
    }
}

// ----- Positions used by several tests -----

/// The start, but the opponent has a blot on the mover's 7 (taken from its midpoint).
fn blot_on_7() -> Position {
    start_with(&[(12, -4), (7, -1)])
}

/// The opponent has a blot on 18 and 19 is open: 6-5 from 24 may hit on the way or not.
fn blot_on_18_19_open() -> Position {
    position(&[
        (24, 2),
        (13, 5),
        (8, 3),
        (6, 5),
        (1, -2),
        (12, -5),
        (17, -2),
        (18, -1),
        (20, -5),
    ])
}

/// The opponent has blots on 18 and 19: 6-5 from 24 hits on the way either way.
fn blots_on_18_and_19() -> Position {
    position(&[
        (24, 2),
        (13, 5),
        (8, 3),
        (6, 5),
        (1, -2),
        (12, -5),
        (17, -2),
        (18, -1),
        (19, -1),
        (20, -4),
    ])
}

/// The start with one of the back checkers on the bar.
fn one_on_bar() -> Position {
    start_with(&[(24, 1), (25, 1)])
}

// ----- Writing -----

#[test]
fn formats_opening_3_1() {
    assert_formats(&Position::START, dice(3, 1), &[(8, 5), (6, 5)], "8/5 6/5");
    // The order the steps were made in does not matter.
    assert_formats(&Position::START, dice(1, 3), &[(6, 5), (8, 5)], "8/5 6/5");
}

#[test]
fn formats_opening_6_6_with_counts() {
    assert_formats(
        &Position::START,
        dice(6, 6),
        &[(13, 7), (24, 18), (13, 7), (24, 18)],
        "24/18(2) 13/7(2)",
    );
}

#[test]
fn formats_opening_6_5_as_one_journey() {
    assert_formats(&Position::START, dice(6, 5), &[(24, 18), (18, 13)], "24/13");
}

#[test]
fn formats_opening_4_4() {
    let start = Position::START;
    assert_formats(
        &start,
        dice(4, 4),
        &[(24, 20), (24, 20), (13, 9), (13, 9)],
        "24/20(2) 13/9(2)",
    );
    assert_formats(
        &start,
        dice(4, 4),
        &[(13, 9), (9, 5), (13, 9), (9, 5)],
        "13/5(2)",
    );
    assert_formats(
        &start,
        dice(4, 4),
        &[(24, 20), (20, 16), (13, 9), (13, 9)],
        "24/16 13/9(2)",
    );
}

#[test]
fn formats_hits_with_a_star_once_per_point() {
    let p = blot_on_7();
    assert_formats(&p, dice(6, 1), &[(13, 7), (8, 7)], "13/7* 8/7");
    assert_formats(&p, dice(6, 1), &[(8, 7), (13, 7)], "13/7* 8/7");
    // Sorted by landing point too: 13/11 before 13/7.
    assert_formats(&p, dice(6, 2), &[(13, 7), (13, 11)], "13/11 13/7*");
}

#[test]
fn formats_a_hit_on_the_way_with_the_point_kept() {
    let p = blot_on_18_19_open();
    assert_formats(&p, dice(6, 5), &[(24, 18), (18, 13)], "24/18*/13");
    assert_formats(&p, dice(5, 6), &[(24, 19), (19, 13)], "24/13");
    // A checker that hits and goes on, beside others that stop there.
    let q = position(&[
        (24, 2),
        (13, 5),
        (8, 3),
        (6, 5),
        (7, -1),
        (12, -5),
        (17, -3),
        (19, -5),
        (20, -1),
    ]);
    assert_formats(
        &q,
        dice(6, 6),
        &[(13, 7), (7, 1), (13, 7), (13, 7)],
        "13/7*/1 13/7(2)",
    );
}

#[test]
fn formats_entering_from_the_bar() {
    let p = one_on_bar();
    assert_formats(&p, dice(3, 1), &[(25, 22), (8, 7)], "bar/22 8/7");
    assert_formats(&p, dice(3, 1), &[(25, 22), (22, 21)], "bar/21");
    let q = start_with(&[(24, 1), (25, 1), (22, -1), (12, -4)]);
    assert_formats(&q, dice(3, 1), &[(25, 22), (8, 7)], "bar/22* 8/7");
}

#[test]
fn formats_bearing_off() {
    let home = |mover: &[(usize, i8)]| {
        let mut entries = mover.to_vec();
        entries.push((24, -15));
        position(&entries)
    };
    assert_formats(
        &home(&[(6, 1), (3, 1)]),
        dice(6, 2),
        &[(6, 0), (3, 1)],
        "6/off 3/1",
    );
    assert_formats(&home(&[(6, 2)]), dice(6, 6), &[(6, 0), (6, 0)], "6/off(2)");
    assert_formats(
        &home(&[(6, 3), (5, 1)]),
        dice(6, 6),
        &[(6, 0), (6, 0), (6, 0), (5, 0)],
        "6/off(3) 5/off",
    );
    assert_formats(
        &home(&[(6, 1), (5, 1)]),
        dice(6, 5),
        &[(6, 0), (5, 0)],
        "6/off 5/off",
    );
}

#[test]
fn formats_an_empty_play_as_empty_text() {
    assert_eq!(format_play(&Play::empty(Position::START)), "");
}

// ----- Reading -----

#[test]
fn parses_opening_3_1_in_many_spellings() {
    assert_parses(
        &Position::START,
        dice(3, 1),
        &[
            "8/5 6/5",
            "6/5 8/5",
            "8/5,6/5",
            "8/5, 6/5",
            "  8/5    6/5  ",
            "8-5 6-5",
            "8/5*6/5",
            "8/5 6/5*",
            "8/5(1) 6/5",
            "8 / 5 6 / 5",
        ],
        &[(8, 5), (6, 5)],
    );
}

#[test]
fn parses_the_bar_in_any_spelling() {
    assert_parses(
        &one_on_bar(),
        dice(3, 1),
        &[
            "bar/22 8/7",
            "b/22 8/7",
            "BAR/22 8/7",
            "25/22 8/7",
            "8/7, Bar/22",
            "B-22 8-7",
        ],
        &[(25, 22), (8, 7)],
    );
}

#[test]
fn parses_off_in_any_spelling() {
    let p = position(&[(6, 1), (3, 1), (24, -15)]);
    assert_parses(
        &p,
        dice(6, 2),
        &[
            "6/off 3/1",
            "6/o 3/1",
            "6/0 3/1",
            "6/OFF 3/1",
            "3/1 6/Off",
            "6-o 3-1",
        ],
        &[(6, 0), (3, 1)],
    );
    let q = position(&[(6, 2), (24, -15)]);
    assert_parses(
        &q,
        dice(6, 6),
        &["6/off(2)", "6/off 6/off", "6/O(2)"],
        &[(6, 0), (6, 0)],
    );
}

#[test]
fn parses_repeat_counts_and_repeated_moves() {
    assert_parses(
        &Position::START,
        dice(6, 6),
        &[
            "24/18(2) 13/7(2)",
            "24/18 24/18 13/7 13/7",
            "13/7(2) 24/18(2)",
            "24/18(2), 13/7 13/7",
            "13/7 24/18(2) 13/7",
        ],
        &[(24, 18), (24, 18), (13, 7), (13, 7)],
    );
}

#[test]
fn parses_chains_and_whole_journeys() {
    assert_parses(
        &Position::START,
        dice(6, 5),
        &["24/13", "24/18/13", "24/18 18/13", "18/13 24/18"],
        &[(24, 18), (18, 13)],
    );
    assert_parses(
        &Position::START,
        dice(4, 4),
        &["24/16 13/9(2)", "24/20/16 13/9 13/9", "24/20 20/16 13/9(2)"],
        &[(24, 20), (20, 16), (13, 9), (13, 9)],
    );
}

#[test]
fn parses_hits_with_or_without_stars() {
    assert_parses(
        &blot_on_7(),
        dice(6, 1),
        &["13/7* 8/7", "13/7 8/7", "8/7* 13/7", "8/7 13/7*"],
        &[(13, 7), (8, 7)],
    );
}

#[test]
fn parses_the_way_a_checker_went_from_the_points_written() {
    let p = blot_on_18_19_open();
    let hit = [(24, 18), (18, 13)];
    let no_hit = [(24, 19), (19, 13)];
    assert_parses(
        &p,
        dice(6, 5),
        &["24/13", "24/19/13", "24/19 19/13"],
        &no_hit,
    );
    assert_parses(
        &p,
        dice(6, 5),
        &["24/18*/13", "24/18/13", "24/18 18/13", "24/18* 18/13"],
        &hit,
    );
}

#[test]
fn parses_a_journey_that_can_only_hit() {
    // 19 is held: the only way from 24 to 13 goes through the blot on 18.
    let p = start_with(&[(17, -2), (18, -1)]);
    assert_parses(
        &p,
        dice(6, 5),
        &["24/13", "24/18*/13"],
        &[(24, 18), (18, 13)],
    );
}

#[test]
fn refuses_a_journey_that_could_hit_either_of_two_blots() {
    let p = blots_on_18_and_19();
    assert_eq!(
        parse_err("24/13", &p, dice(6, 5)),
        NotationError::Ambiguous(vec!["24/18*/13".to_string(), "24/19*/13".to_string()])
    );
    assert_parses(
        &p,
        dice(6, 5),
        &["24/18*/13", "24/18/13"],
        &[(24, 18), (18, 13)],
    );
    assert_parses(
        &p,
        dice(6, 5),
        &["24/19*/13", "24/19/13"],
        &[(24, 19), (19, 13)],
    );
    let message = parse_err("24/13", &p, dice(6, 5)).to_string();
    assert!(message.contains("24/18*/13 or 24/19*/13"), "{message}");
}

#[test]
fn refuses_malformed_text_and_says_where() {
    assert_malformed("8/", 2);
    assert_malformed("/5", 1);
    assert_malformed("8//5", 3);
    assert_malformed("8/5x", 4);
    assert_malformed("26/20", 1);
    assert_malformed("8/5 6/123", 7);
    assert_malformed("8/5(", 4);
    assert_malformed("8/5(2", 4);
    assert_malformed("(2) 8/5", 1);
    assert_malformed("8/5(9)", 4);
    assert_malformed("8/5(2)(2)", 7);
    assert_malformed("8 5", 1);
    assert_malformed("8/5 #", 5);
    assert_malformed("off/5", 1);
    assert_malformed("8/bar", 3);
    assert_malformed("6/off/3", 3);
    assert_malformed("*8/5", 1);
    assert_malformed("8/5 6/5 é", 9);
}

#[test]
fn refuses_empty_text() {
    assert_eq!(
        parse_err("", &Position::START, dice(3, 1)),
        NotationError::Empty
    );
    assert_eq!(
        parse_err(" , ", &Position::START, dice(3, 1)),
        NotationError::Empty
    );
}

#[test]
fn refuses_illegal_moves_and_says_why() {
    let start = Position::START;
    assert_illegal("7/4 6/5", &start, dice(3, 1), "no checker on 7");
    assert_illegal(
        "13/7 6/5",
        &start,
        dice(3, 1),
        "cannot move a checker 6 pips",
    );
    assert_illegal("8/5 6/3", &start, dice(3, 1), "only one 3");
    assert_illegal("6/1 13/11", &start, dice(5, 2), "the opponent holds 1");
    assert_illegal("5/8", &start, dice(3, 1), "does not move forward");
    assert_illegal("8/5 6/5 6/5", &start, dice(3, 1), "too many moves");
    assert_illegal("8/5 6/5", &one_on_bar(), dice(3, 1), "bar must enter first");
    assert_illegal("bar/22 8/7", &start, dice(3, 1), "no checker on the bar");
    assert_illegal("6/off 8/3", &start, dice(6, 5), "cannot bear off");
    assert_illegal("24/21 8/7 6/5", &start, dice(3, 1), "too many moves");
}

#[test]
fn refuses_the_lower_die_when_only_the_higher_may_be_played() {
    // One checker on 24: 24/23/17 and 24/18/17 are blocked, so only one die can be played,
    // and it must be the 6.
    let p = position(&[(24, 1), (17, -2), (12, -2), (1, -11)]);
    assert_illegal("24/23", &p, dice(6, 1), "must be the higher one (6)");
    assert_parses(&p, dice(6, 1), &["24/18"], &[(24, 18)]);
}

#[test]
fn refuses_partial_plays() {
    let start = Position::START;
    assert_eq!(
        parse_err("8/5", &start, dice(3, 1)),
        NotationError::Incomplete {
            played: 1,
            needed: 2
        }
    );
    assert!(
        parse_err("8/5", &start, dice(3, 1))
            .to_string()
            .contains("must use both dice")
    );
    assert_eq!(
        parse_err("24/20(2)", &start, dice(4, 4)),
        NotationError::Incomplete {
            played: 2,
            needed: 4
        }
    );
    assert_eq!(
        parse_err("24/18", &start, dice(6, 5)),
        NotationError::Incomplete {
            played: 1,
            needed: 2
        }
    );
}

#[test]
fn a_roll_that_cannot_be_played_is_no_legal_play_whatever_the_text() {
    // The mover is on the bar against a closed board.
    let p = position(&[
        (25, 1),
        (13, 14),
        (19, -2),
        (20, -2),
        (21, -2),
        (22, -2),
        (23, -2),
        (24, -2),
        (1, -3),
    ]);
    assert!(Variant::Backgammon.legal_plays(&p, dice(3, 1)).is_empty());
    for text in ["", "bar/22", "junk!", "13/10 13/12"] {
        assert_eq!(parse_err(text, &p, dice(3, 1)), NotationError::NoLegalPlay);
    }
}

#[test]
fn error_messages_are_lower_case() {
    let start = Position::START;
    let errors = [
        parse_err("", &start, dice(3, 1)),
        parse_err("8/", &start, dice(3, 1)),
        parse_err("7/4 6/5", &start, dice(3, 1)),
        parse_err("8/5", &start, dice(3, 1)),
        parse_err("24/13", &blots_on_18_and_19(), dice(6, 5)),
        NotationError::NoLegalPlay,
    ];
    for e in errors {
        let message = e.to_string();
        let first = message.chars().next().unwrap();
        assert!(first.is_lowercase(), "{message}");
    }
}

// ----- Properties over random positions -----

/// A position reached by `plies` random plays from the start (fewer if a game ends).
fn self_play(seed: u64, plies: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::START;
    for _ in 0..plies {
        let plays = Variant::Backgammon.legal_plays(&position, Dice::roll(&mut rng));
        if plays.is_empty() {
            position = position.switched();
            continue;
        }
        let play = plays[rng.random_range(0..plays.len())];
        if play.position().mover_has_won() {
            break;
        }
        position = play.position().switched();
    }
    position
}

fn all_rolls() -> impl Iterator<Item = Dice> {
    (1..=6u8).flat_map(|a| (1..=a).map(move |b| dice(a, b)))
}

/// The same play written another way: counts expanded, chains split into steps, moves
/// shuffled, bar and off spelled differently, stars dropped, other separators and case.
fn respell(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut moves: Vec<Vec<String>> = Vec::new();
    for written in text.split(' ') {
        let (path, count) = match written.split_once('(') {
            Some((path, rest)) => (path, rest.trim_end_matches(')').parse::<usize>().unwrap()),
            None => (written, 1),
        };
        let points: Vec<&str> = path.split('/').collect();
        for _ in 0..count {
            if rng.random_bool(0.5) {
                for pair in points.windows(2) {
                    moves.push(vec![pair[0].to_string(), pair[1].to_string()]);
                }
            } else {
                moves.push(points.iter().map(|p| p.to_string()).collect());
            }
        }
    }
    for i in (1..moves.len()).rev() {
        let j = rng.random_range(0..=i);
        moves.swap(i, j);
    }
    let spell = |point: &str, rng: &mut ChaCha8Rng| -> String {
        let (bare, star) = match point.strip_suffix('*') {
            Some(bare) => (bare, rng.random_bool(0.5)),
            None => (point, false),
        };
        let options: &[&str] = match bare {
            "bar" => &["bar", "b", "B", "25", "BAR"],
            "off" => &["off", "o", "0", "OFF", "O"],
            _ => &[bare],
        };
        let mut out = options[rng.random_range(0..options.len())].to_string();
        if star {
            out.push('*');
        }
        out
    };
    let mut out = String::new();
    for m in moves {
        if !out.is_empty() {
            out.push_str([" ", ", ", ",", "   "][rng.random_range(0..4)]);
        }
        let slash = if rng.random_bool(0.8) { "/" } else { "-" };
        let points: Vec<String> = m.iter().map(|p| spell(p, rng)).collect();
        out.push_str(&points.join(slash));
    }
    out
}

fn check_position(position: &Position, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for roll in all_rolls() {
        let plays = Variant::Backgammon.legal_plays(position, roll);
        let texts: Vec<String> = plays.iter().map(format_play).collect();
        let distinct: BTreeSet<&String> = texts.iter().collect();
        prop_assert_eq!(
            distinct.len(),
            texts.len(),
            "two plays of {} share a text in {:?}: {:?}",
            roll,
            position,
            texts
        );
        for (play, text) in plays.iter().zip(&texts) {
            prop_assert!(!text.is_empty());
            match parse_play(text, position, roll) {
                Ok(read) => prop_assert_eq!(
                    read.position(),
                    play.position(),
                    "{} with {} in {:?}",
                    text,
                    roll,
                    position
                ),
                Err(e) => prop_assert!(false, "{text} with {roll} in {position:?}: {e}"),
            }
            let other = respell(text, &mut rng);
            match parse_play(&other, position, roll) {
                Ok(read) => prop_assert_eq!(
                    read.position(),
                    play.position(),
                    "{} (for {}) with {} in {:?}",
                    other,
                    text,
                    roll,
                    position
                ),
                Err(e) => prop_assert!(false, "{other} (for {text}) with {roll}: {e}"),
            }
        }
        if plays.is_empty() {
            prop_assert_eq!(
                parse_play("", position, roll).err(),
                Some(NotationError::NoLegalPlay)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_legal_play_has_its_own_text_and_reads_back(
        seed in any::<u64>(),
        plies in 0usize..300,
    ) {
        let position = self_play(seed, plies);
        check_position(&position, seed)?;
        check_position(&position.switched(), seed ^ 1)?;
    }

    #[test]
    fn arbitrary_text_never_panics(
        text in ".{0,40}",
        seed in any::<u64>(),
        plies in 0usize..200,
        a in 1u8..=6,
        b in 1u8..=6,
    ) {
        let position = self_play(seed, plies);
        let _ = parse_play(&text, &position, dice(a, b));
    }

    #[test]
    fn notation_like_text_never_panics(
        text in "[0-9bBoOfFaArR/*(),\\- ]{0,30}",
        seed in any::<u64>(),
        plies in 0usize..200,
        a in 1u8..=6,
        b in 1u8..=6,
    ) {
        let position = self_play(seed, plies);
        let _ = parse_play(&text, &position, dice(a, b));
    }
}

/// Many games, every position of each, every roll: wider than the proptest cases.
#[test]
fn every_legal_play_reads_back_over_whole_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for game in 0..12u64 {
        let mut position = Position::START;
        for ply in 0..400u64 {
            check_position(&position, game * 1000 + ply).unwrap();
            let plays = Variant::Backgammon.legal_plays(&position, Dice::roll(&mut rng));
            if plays.is_empty() {
                position = position.switched();
                continue;
            }
            let play = plays[rng.random_range(0..plays.len())];
            if play.position().mover_has_won() {
                break;
            }
            position = play.position().switched();
        }
    }
}
