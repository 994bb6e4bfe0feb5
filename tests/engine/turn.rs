//! Playing a turn one checker move at a time.

use crate::common;

use bg_tui::engine::{Dice, Position, TurnBuilder, TurnError, Variant, format_play};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

fn turn(position: Position, a: u8, b: u8) -> TurnBuilder {
    let dice = Dice::new(a, b).unwrap();
    TurnBuilder::new(Variant::Backgammon, position, dice).unwrap()
}

#[test]
fn opening_3_1_point_on_the_5_in_either_order() {
    let mut t = turn(Position::START, 3, 1);
    assert_eq!(common::numbers(&t.sources()), vec![24, 13, 8, 6]);
    t.move_by_die(common::place(6), 1).unwrap();
    assert_eq!(t.finished(), None);
    t.move_by_die(common::place(8), 3).unwrap();
    let play = t.finished().unwrap();
    assert_eq!(format_play(&play), "8/5 6/5");
    assert_eq!(
        t.move_by_die(common::place(13), 1),
        Err(TurnError::NoDiceLeft)
    );
}

#[test]
fn step_to_picks_the_die_of_the_distance_then_a_higher_one_to_bear_off() {
    // 6-1 from the start: 13/7 uses the 6, 8/7 the 1.
    let mut t = turn(Position::START, 6, 1);
    assert_eq!(
        t.step_to(common::place(13), common::place(7)).unwrap().die,
        6
    );
    assert_eq!(
        t.step_to(common::place(8), common::place(7)).unwrap().die,
        1
    );
    assert_eq!(format_play(&t.finished().unwrap()), "13/7 8/7");
    // No die of that distance.
    let mut t = turn(Position::START, 6, 1);
    let err = t.step_to(common::place(13), common::place(9)).unwrap_err();
    assert_eq!(err.to_string(), "no die left (6, 1) makes that step");
    assert!(t.made().is_empty());
    // Bearing off from the 4-point with 6-4: the 4 first, and the 6 when only it is left.
    let bear = common::sides(&[(4, 2)], &[(24, 2)]);
    let mut t = turn(bear, 6, 4);
    assert_eq!(
        t.step_to(common::place(4), common::place(0)).unwrap().die,
        4
    );
    assert_eq!(
        t.step_to(common::place(4), common::place(0)).unwrap().die,
        6
    );
    assert_eq!(format_play(&t.finished().unwrap()), "4/off(2)");
    // A die the rules refuse gives the rules' reason.
    let mut t = turn(Position::START, 5, 5);
    assert!(matches!(
        t.step_to(common::place(24), common::place(19)),
        Err(TurnError::Illegal(_))
    ));
}

#[test]
fn a_checker_can_be_moved_by_both_dice_at_once() {
    let t = turn(Position::START, 6, 5);
    let from_24 = t.destinations(common::place(24));
    let run = from_24.iter().find(|d| d.to.number() == 13).unwrap();
    // 24/18/13 and 24/19/13 end in the same position: one way offered.
    assert_eq!(run.paths.len(), 1);
    assert_eq!(run.paths[0].len(), 2);
    let mut t = t;
    t.follow(&run.paths[0]).unwrap();
    assert_eq!(format_play(&t.finished().unwrap()), "24/13");
}

#[test]
fn undo_takes_back_the_last_step() {
    let mut t = turn(Position::START, 4, 2);
    t.move_by_die(common::place(8), 4).unwrap();
    t.move_by_die(common::place(6), 2).unwrap();
    assert!(t.finished().is_some());
    let undone = t.undo().unwrap();
    assert_eq!((undone.step.from.number(), undone.step.to.number()), (6, 4));
    assert_eq!(t.moves_left(), 1);
    assert_eq!(t.dice_left(), vec![2]);
    t.undo().unwrap();
    assert_eq!(t.position(), &Position::START);
    assert_eq!(t.undo(), None);
}

#[test]
fn a_way_that_hits_and_a_way_that_does_not_are_both_offered() {
    // The opponent has a blot on our 18-point only: 24/18*/13 differs from 24/19/13.
    let mut board = [0i8; 26];
    board[24] = 2;
    board[6] = 13;
    board[18] = -1;
    board[1] = -14;
    let t = turn(Position::from_board(board).unwrap(), 6, 5);
    let to_13 = t
        .destinations(common::place(24))
        .into_iter()
        .find(|d| d.to.number() == 13)
        .unwrap();
    assert_eq!(to_13.paths.len(), 2);
    assert!(to_13.paths.iter().any(|p| p.iter().any(|s| s.step.hit)));
    assert!(to_13.paths.iter().any(|p| p.iter().all(|s| !s.step.hit)));
}

#[test]
fn refusals_say_why() {
    let mut t = turn(Position::START, 6, 5);
    assert_eq!(
        t.move_by_die(common::place(13), 3).unwrap_err().to_string(),
        "no 3 left to play"
    );
    assert_eq!(
        t.move_by_die(common::place(24), 5).unwrap_err().to_string(),
        "19 is closed"
    );
    assert_eq!(
        t.move_by_die(common::place(7), 6).unwrap_err().to_string(),
        "no checker of yours to move from 7"
    );
    // With a checker on the bar, nothing else moves first.
    let mut board = *Position::START.board();
    board[6] = 4;
    board[25] = 1;
    let mut t = turn(Position::from_board(board).unwrap(), 3, 1);
    assert_eq!(
        t.move_by_die(common::place(13), 3).unwrap_err().to_string(),
        "a checker on the bar must enter first"
    );
    t.move_by_die(common::place(25), 3).unwrap();
    t.move_by_die(common::place(6), 1).unwrap();
    assert!(t.finished().is_some());
}

#[test]
fn only_the_higher_die_when_only_one_can_be_played() {
    // With 6-4 only 9/3 can be played: 9/5, 8/4 and 6/2 land on closed points, and
    // nothing bears off while 8 is outside.
    let board = [
        0, 7, -3, 3, -2, -3, 3, -1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3, 0, 0, -3, 0,
    ];
    let mut t = turn(Position::from_board(board).unwrap(), 6, 4);
    assert_eq!(t.dice_needed(), 1);
    assert_eq!(
        t.move_by_die(common::place(9), 4).unwrap_err().to_string(),
        "5 is closed"
    );
    t.move_by_die(common::place(9), 6).unwrap();
    assert_eq!(format_play(&t.finished().unwrap()), "9/3");
}

#[test]
fn a_dance_is_an_empty_play_at_once() {
    let mut board = [0i8; 26];
    board[25] = 1;
    board[5] = 14;
    for point in &mut board[19..=24] {
        *point = -2;
    }
    board[0] = -3;
    let t = turn(Position::from_board(board).unwrap(), 6, 6);
    assert_eq!(t.dice_needed(), 0);
    assert_eq!(t.finished().unwrap().steps().len(), 0);
    assert!(t.sources().is_empty());
}

#[test]
fn a_forced_play_is_known() {
    // Only 9/3 can be played with 6-4 (see the generator's regression test).
    let board = [
        0, 7, -3, 3, -2, -3, 3, -1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3, 0, 0, -3, 0,
    ];
    let t = turn(Position::from_board(board).unwrap(), 6, 4);
    assert_eq!(format_play(&t.forced().unwrap()), "9/3");
    assert_eq!(common::numbers(&t.sources()), vec![9]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Over random positions and rolls: every legal play can be built step by step in the
    /// generator's order and in reverse where legal, and a random walk through the offered
    /// steps always ends in one of the legal plays.
    #[test]
    fn every_legal_play_can_be_built_and_every_walk_ends_in_one(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let position = common::random_position(&mut rng);
        let dice = Dice::roll(&mut rng);
        let legal = Variant::Backgammon.legal_plays(&position, dice);
        let fresh = TurnBuilder::new(Variant::Backgammon, position, dice).unwrap();
        for play in &legal {
            let mut t = fresh.clone();
            for s in play.steps().iter() {
                let next = t.next_steps();
                let ds = next.iter().find(|d| d.step == *s);
                prop_assert!(ds.is_some(), "step {:?} of {} refused", s, format_play(play));
                if let Some(ds) = ds {
                    t.step(*ds).unwrap();
                }
            }
            prop_assert_eq!(t.finished().map(|p| *p.position()), Some(*play.position()));
        }
        for _ in 0..5 {
            let mut t = fresh.clone();
            while t.finished().is_none() {
                let next = t.next_steps();
                prop_assert!(!next.is_empty(), "stuck before the end of the turn");
                let ds = next[rng.random_range(0..next.len())];
                t.step(ds).unwrap();
            }
            let done = t.finished().unwrap();
            prop_assert!(legal.is_empty() || legal.iter().any(|p| p.position() == done.position()));
        }
    }
}

/// Issue 21 (the table, part two, 7): the rule that refuses a step is named.
#[test]
fn fevga_and_plakoto_refusals_name_the_rule() {
    use bg_tui::engine::{IllegalStep, NotationError, TurnError, Variant, parse_play_in};
    // Fevga, the start: one checker leaves; a second from 24 is the start rule's to refuse.
    let start = Variant::Fevga.start_position();
    let dice = Dice::new(6, 5).unwrap();
    let mut turn = TurnBuilder::new(Variant::Fevga, start, dice).unwrap();
    turn.move_by_die(common::place(24), 6).unwrap();
    assert_eq!(
        turn.move_by_die(common::place(24), 5),
        Err(TurnError::Illegal(IllegalStep::StartRule))
    );
    let said = TurnError::Illegal(IllegalStep::StartRule).to_string();
    assert!(said.starts_with("Fevga's start rule"), "{said}");
    // Typed: the same two checkers.
    match parse_play_in(Variant::Fevga, "24/18 24/19", &start, dice) {
        Err(NotationError::Illegal { reason }) => {
            assert!(reason.starts_with("Fevga's start rule"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    // Plakoto: the mover's checker pinned on its 20 under one of the opponent's; landing
    // there is refused as the opponent's point, moving it as pinned.
    let mut board = [0i8; 26];
    board[24] = 14;
    board[20] = -1;
    board[1] = -14;
    let position = Position::new(board, [0, 0], &[20], bg_tui::engine::Geometry::Opposed).unwrap();
    let dice = Dice::new(4, 1).unwrap();
    let mut turn = TurnBuilder::new(Variant::Plakoto, position, dice).unwrap();
    assert_eq!(
        turn.move_by_die(common::place(24), 4),
        Err(TurnError::Illegal(IllegalStep::PinnedThere(common::place(
            20
        ))))
    );
    match parse_play_in(Variant::Plakoto, "24/20 24/23", &position, dice) {
        Err(NotationError::Illegal { reason }) => {
            assert!(
                reason.contains("your checker lies pinned there"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
    match parse_play_in(Variant::Plakoto, "20/16 24/23", &position, dice) {
        Err(NotationError::Illegal { reason }) => assert!(reason.contains("is pinned"), "{reason}"),
        other => panic!("{other:?}"),
    }
}
