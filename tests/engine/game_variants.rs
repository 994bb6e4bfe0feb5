//! The rule sets of assets/rules/README.md §2 at the level of whole games and matches: endings
//! and scores (Plakoto's mother and draws, Schmidt scoring, no backgammons in the Tavli
//! games), the Tavli opening and cycle, Jacquet's backgammon, the opening-roll tables, and
//! the checks at the door (rules, positions, plays).

use bg_tui::engine::{
    Action, BoardSpec, Cube, Dice, Ending, Game, GameError, MatchState, Phase, Play, PlayError,
    Position, ResignRefusal, RuleSet, Rules, RulesError, SetupError, Side, Step, Variant,
    VariantError, WinKind, format_play, parse_play_in,
};

/// A board of the plain form from `(point, count)` lists; `pinned`: points where a single
/// checker of the mover lies under the opponent's.
fn spec(mine: &[(u8, u8)], theirs: &[(u8, u8)], bar: [u8; 2], pinned: &[u8]) -> BoardSpec {
    BoardSpec::from_points(mine, theirs, bar, pinned).expect("points 1-24")
}

/// A game of `rule_set` (money, its default cube) set up at `board`, White on roll.
fn game_at(rules: Rules, board: &BoardSpec) -> Game {
    let variant = rules.rule_set.variant_of_game(0);
    let position = board.to_position(variant).expect("test board is valid");
    Game::from_position(rules, false, position, Side::White, Cube::CENTRED).expect("set up")
}

/// Rolls `dice` and plays the play written `text`.
fn roll_and_play(game: &mut Game, dice: (u8, u8), text: &str) {
    let dice = Dice::new(dice.0, dice.1).unwrap();
    game.apply(Action::Roll(dice)).unwrap();
    let play = parse_play_in(game.variant(), text, game.position(), dice)
        .unwrap_or_else(|e| panic!("{text} for {dice:?}: {e}"));
    game.apply(Action::Play(play)).unwrap();
}

fn plakoto() -> Rules {
    Rules::of(RuleSet::Plakoto)
}

#[test]
fn plakoto_pinning_the_mother_with_the_pinners_start_empty_wins_two_points() {
    // White's checker on 3 pins Black's last checker on Black's 24-point (White's 1-point)
    // with the 2; White has nothing left on its own 24-point.
    let board = spec(&[(3, 1), (6, 14)], &[(1, 1), (20, 14)], [0, 0], &[]);
    let mut game = game_at(plakoto(), &board);
    roll_and_play(&mut game, (2, 1), "3/1* 6/5");
    let result = game
        .result()
        .expect("the mother is pinned: the game is over");
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!((result.points, result.ending), (2, Ending::Mother));
}

#[test]
fn plakoto_mother_pinned_with_the_pinners_start_occupied_plays_on_then_wins() {
    // White still has a checker on its own 24-point: the pin alone does not win.
    let board = spec(
        &[(3, 1), (24, 1), (6, 13)],
        &[(1, 1), (20, 14)],
        [0, 0],
        &[],
    );
    let mut game = game_at(plakoto(), &board);
    roll_and_play(&mut game, (2, 1), "3/1* 6/5");
    assert_eq!(
        game.result(),
        None,
        "play goes on while White holds its 24-point"
    );
    assert_eq!(game.turn(), Side::Black);
    // Black plays on (from its 20-point; the pinned mother cannot move).
    roll_and_play(&mut game, (3, 2), "5/2 5/3");
    assert_eq!(game.result(), None);
    // White's last checker leaves its 24-point with the mother still pinned: White wins.
    roll_and_play(&mut game, (6, 5), "24/13");
    let result = game.result().expect("the pinner left its start");
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!((result.points, result.ending), (2, Ending::Mother));
}

#[test]
fn plakoto_both_mothers_pinned_is_a_draw_with_no_points() {
    // White's mother is pinned on its 24-point under a Black checker; Black still had a
    // checker on its own 24-point (White's 1-point). White now pins that one: both pinned.
    let board = spec(
        &[(24, 1), (3, 1), (6, 13)],
        &[(24, 1), (1, 1), (10, 13)],
        [0, 0],
        &[24],
    );
    let mut game = game_at(plakoto(), &board);
    roll_and_play(&mut game, (2, 1), "3/1* 6/5");
    let result = game.result().expect("both mothers pinned ends the game");
    assert_eq!(result.winner, None);
    assert_eq!((result.points, result.ending), (0, Ending::Draw));
}

#[test]
fn tavli_game_two_is_plakoto_started_by_the_winner_of_game_one() {
    let rules = Rules {
        match_length: Some(3),
        ..Rules::of(RuleSet::Tavli)
    };
    let mut m = MatchState::new(rules).unwrap();
    // Game 1 (Portes): Black resigns a single game.
    m.apply(Action::OpeningRoll { white: 4, black: 2 }).unwrap();
    m.apply(Action::Resign(WinKind::Single)).unwrap();
    m.apply(Action::AcceptResignation).unwrap();
    m.next_game().unwrap();
    assert_eq!(m.game().variant(), Variant::Plakoto);
    assert_eq!(
        m.game().turn(),
        Side::Black,
        "the winner of game 1 starts game 2"
    );
    assert_eq!(m.game().phase(), Phase::Rolling);
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (0, 1));
}

#[test]
fn tavli_opening_the_higher_die_starts_and_rolls_afresh() {
    let mut m = MatchState::new(Rules {
        match_length: Some(5),
        ..Rules::of(RuleSet::Tavli)
    })
    .unwrap();
    assert_eq!(m.game().variant(), Variant::Portes);
    m.apply(Action::OpeningRoll { white: 2, black: 2 }).unwrap();
    assert_eq!(m.game().phase(), Phase::Opening, "a tie rolls again");
    m.apply(Action::OpeningRoll { white: 2, black: 5 }).unwrap();
    assert_eq!(m.game().turn(), Side::Black);
    assert_eq!(
        m.game().phase(),
        Phase::Rolling,
        "the opening dice are not played: Black rolls both dice afresh"
    );
    assert_eq!(
        m.game().may_double(),
        Err(bg_tui::engine::DoubleRefusal::NoCube)
    );
    m.apply(Action::Roll(Dice::new(6, 6).unwrap())).unwrap();
    assert!(
        m.game()
            .legal_plays()
            .iter()
            .any(|p| format_play(p) == "24/18(2) 13/7(2)")
    );
}

#[test]
fn tavli_cycles_portes_plakoto_fevga_and_the_winner_starts_the_next_game() {
    let mut m = MatchState::new(Rules {
        match_length: Some(9),
        ..Rules::of(RuleSet::Tavli)
    })
    .unwrap();
    m.apply(Action::OpeningRoll { white: 6, black: 1 }).unwrap();
    let mut seen = vec![m.game().variant()];
    // Each game ends with the player on roll resigning; the other side wins and starts.
    for _ in 0..4 {
        let loser = m.game().turn();
        m.apply(Action::Resign(WinKind::Single)).unwrap();
        m.apply(Action::AcceptResignation).unwrap();
        m.next_game().unwrap();
        assert_eq!(m.game().turn(), loser.opponent(), "the winner starts");
        assert_eq!(
            m.game().phase(),
            Phase::Rolling,
            "no opening roll after game 1"
        );
        seen.push(m.game().variant());
    }
    assert_eq!(
        seen,
        [
            Variant::Portes,
            Variant::Plakoto,
            Variant::Fevga,
            Variant::Portes,
            Variant::Plakoto
        ]
    );
}

#[test]
fn tavli_games_have_no_backgammon_and_offer_at_most_a_gammon() {
    // Portes: White bears off its last checker while Black has a checker in White's home
    // board and none borne off: a backgammon in backgammon, a gammon (2 points) here.
    let board = spec(&[(1, 1)], &[(3, 1), (13, 14)], [0, 0], &[]);
    let mut game = game_at(Rules::of(RuleSet::Portes), &board);
    roll_and_play(&mut game, (2, 1), "1/off");
    let result = game.result().unwrap();
    assert_eq!((result.kind, result.points), (WinKind::Gammon, 2));

    let mut game = game_at(Rules::of(RuleSet::Portes), &board);
    assert_eq!(
        game.apply(Action::Resign(WinKind::Backgammon)),
        Err(GameError::CannotResign(ResignRefusal::NoSuchResult {
            offered: WinKind::Backgammon,
            variant: Variant::Portes
        }))
    );
    // The same finish in backgammon is a backgammon.
    let mut game = game_at(Rules::money(), &board);
    roll_and_play(&mut game, (2, 1), "1/off");
    assert_eq!(game.result().unwrap().kind, WinKind::Backgammon);
}

#[test]
fn jacquet_starts_with_every_checker_on_the_bar_and_all_enter_first() {
    let mut m = MatchState::new(Rules::of(RuleSet::Jacquet)).unwrap();
    assert_eq!(m.game().position().mover_bar(), 15);
    assert_eq!(m.game().position().opponent_bar(), 15);
    m.apply(Action::OpeningRoll { white: 6, black: 5 }).unwrap();
    let plays: Vec<String> = m.game().legal_plays().iter().map(format_play).collect();
    assert_eq!(
        plays,
        ["bar/20 bar/19"],
        "only entering: both dice bring checkers in"
    );
    assert!(
        m.game().may_double().is_err(),
        "doubles come before rolling"
    );
}

#[test]
fn jacquet_a_checker_not_yet_entered_makes_a_backgammon() {
    let board = spec(&[(1, 1)], &[(13, 14)], [0, 1], &[]);
    let mut game = game_at(Rules::of(RuleSet::Jacquet), &board);
    roll_and_play(&mut game, (2, 1), "1/off");
    let result = game.result().unwrap();
    assert_eq!((result.kind, result.points), (WinKind::Backgammon, 3));
}

#[test]
fn schmidt_counts_the_losers_checkers_and_doubles_when_one_is_outside_its_home() {
    let schmidt = Rules {
        schmidt: true,
        cube: false,
        ..Rules::money()
    };
    // Black has 5 checkers left, all in its home board (White's 19-24): 5 points.
    let home = spec(&[(1, 1)], &[(20, 3), (23, 2)], [0, 0], &[]);
    let mut game = game_at(schmidt, &home);
    roll_and_play(&mut game, (2, 1), "1/off");
    assert_eq!(game.result().unwrap().points, 5);
    // One of them outside its home board (White's 12-point): doubled, 10.
    let outside = spec(&[(1, 1)], &[(20, 3), (23, 1), (12, 1)], [0, 0], &[]);
    let mut game = game_at(schmidt, &outside);
    roll_and_play(&mut game, (2, 1), "1/off");
    assert_eq!(game.result().unwrap().points, 10);
    // On the bar counts as outside.
    let bar = spec(&[(1, 1)], &[(20, 3)], [0, 1], &[]);
    let mut game = game_at(schmidt, &bar);
    roll_and_play(&mut game, (2, 1), "1/off");
    assert_eq!(game.result().unwrap().points, 8);
}

#[test]
fn schmidt_resignation_scores_the_position_and_the_cube_multiplies() {
    let rules = Rules {
        schmidt: true,
        ..Rules::money()
    };
    // Black (to roll; the board is from its view) resigns: White scores Black's 5 checkers
    // (all in Black's home board), times the cube of 2.
    let board = spec(&[(2, 4), (6, 1)], &[(20, 4)], [0, 0], &[]);
    let position = board.to_position(Variant::Backgammon).unwrap();
    let cube = Cube::new(2, Some(Side::Black)).unwrap();
    let mut game = Game::from_position(rules, false, position, Side::Black, cube).unwrap();
    game.apply(Action::Resign(WinKind::Single)).unwrap();
    game.apply(Action::AcceptResignation).unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.points, 2 * 5);
}

#[test]
fn options_that_do_not_fit_a_rule_set_are_refused() {
    let fevga_jacoby = Rules {
        jacoby: true,
        ..Rules::of(RuleSet::Fevga)
    };
    assert!(matches!(
        fevga_jacoby.validate(),
        Err(RulesError::NotInRuleSet {
            rule_set: RuleSet::Fevga,
            ..
        })
    ));
    let tavli_cube = Rules {
        cube: true,
        ..Rules::of(RuleSet::Tavli)
    };
    assert!(tavli_cube.validate().is_err(), "no cube in Tavli games");
    let plakoto_schmidt = Rules {
        schmidt: true,
        ..Rules::of(RuleSet::Plakoto)
    };
    assert!(plakoto_schmidt.validate().is_err());
    let huge_cap = Rules {
        cube_cap: u32::MAX,
        ..Rules::money()
    };
    assert_eq!(
        Game::new(huge_cap, false).err(),
        Some(RulesError::BadCubeCap(u32::MAX))
    );
}

#[test]
fn positions_that_cannot_occur_in_a_rule_set_are_refused_at_the_door() {
    let pinned = spec(&[(24, 1), (6, 14)], &[(24, 1), (1, 14)], [0, 0], &[24]);
    assert_eq!(
        pinned.to_position(Variant::Backgammon).err(),
        Some(bg_tui::engine::SpecError::Variant(
            VariantError::PinsNotAllowed(Variant::Backgammon)
        ))
    );
    let plakoto = pinned.to_position(Variant::Plakoto).unwrap();
    assert!(matches!(
        Game::from_position(Rules::money(), false, plakoto, Side::White, Cube::CENTRED),
        Err(SetupError::Position(_))
    ));
    let barred = spec(&[(6, 14)], &[(1, 15)], [1, 0], &[]);
    assert!(
        barred.to_position(Variant::Fevga).is_err(),
        "Fevga has no bar"
    );
    let too_many = spec(&[(6, 16)], &[(1, 15)], [0, 0], &[]);
    assert!(too_many.to_position(Variant::Backgammon).is_err());
    for point in [0, 25] {
        assert_eq!(
            BoardSpec::from_points(&[(point, 1)], &[], [0, 0], &[]).err(),
            Some(bg_tui::engine::SpecError::BadPoint(point))
        );
    }
}

#[test]
fn plays_are_checked_at_the_door() {
    let step = |from, to| Step {
        from: crate::common::place(from),
        to: crate::common::place(to),
        hit: false,
    };
    assert_eq!(
        Play::new(&[step(8, 5); 5], Position::START).err(),
        Some(PlayError::TooManySteps(5))
    );
    assert_eq!(
        Play::new(&[step(5, 8)], Position::START).err(),
        Some(PlayError::BadStep {
            from: crate::common::place(5),
            to: crate::common::place(8)
        })
    );
    // A place above the bar cannot be made at all.
    assert_eq!(bg_tui::engine::Place::new(30), None);
    // Steps that do not make the position they claim are refused by the game.
    let mut game = Game::from_position(
        Rules::money(),
        false,
        Position::START,
        Side::White,
        Cube::CENTRED,
    )
    .unwrap();
    let dice = Dice::new(3, 1).unwrap();
    game.apply(Action::Roll(dice)).unwrap();
    let legal = *game
        .legal_plays()
        .iter()
        .find(|p| format_play(p) == "8/5 6/5")
        .unwrap();
    let wrong = Play::new(&[step(24, 21), step(6, 5)], *legal.position()).unwrap();
    assert_eq!(
        game.apply(Action::Play(wrong)),
        Err(GameError::IllegalPlay(dice))
    );
    // The same steps in the other order are a legal way to the same position.
    let other_order = Play::new(&[step(6, 5), step(8, 5)], *legal.position()).unwrap();
    game.apply(Action::Play(other_order)).unwrap();
}

/// The number of legal plays of each of the 21 rolls from a rule set's start position.
fn opening_counts(variant: Variant) -> Vec<usize> {
    let mut counts = Vec::new();
    for a in 1..=6 {
        for b in 1..=a {
            let dice = Dice::new(a, b).unwrap();
            counts.push(variant.legal_plays(&variant.start_position(), dice).len());
        }
    }
    counts
}

/// The 21 rolls in the order of [`opening_counts`]: 11, 21, 22, 31, 32, 33, ... 66.
const ROLLS: [&str; 21] = [
    "11", "21", "22", "31", "32", "33", "41", "42", "43", "44", "51", "52", "53", "54", "55", "61",
    "62", "63", "64", "65", "66",
];

#[test]
fn opening_roll_counts_of_every_rule_set() {
    // Backgammon and Portes (the same start): GNU Backgammon 1.07's counts of distinct
    // plays from the starting position (`set board 4HPwATDgc/ABMA`, `set dice A B`,
    // `hint 999`, one line per play).
    let backgammon = [
        42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11,
    ];
    // Plakoto: 15 checkers on 24, the opponent's 15 on the 1-point, nothing else in the
    // way: two numbers move two checkers or one; a double spreads 4 moves over the checkers
    // (4, 3+1, 2+2, 2+1+1, 1+1+1+1), but 6-6 cannot take one checker 24 pips (it cannot
    // bear off), so 4.
    let plakoto = [
        5, 2, 5, 2, 2, 5, 2, 2, 2, 5, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 4,
    ];
    // Fevga: one checker may leave the 24-point until one passes the opponent's start (the
    // 12-point, which it holds): every two numbers are one play of one checker; doubles run
    // one checker until the 12-point stops it (6-6: 24/18; 4-4: 24/16; 3-3: 24/15), except
    // 5-5, whose runner passes the start on its third move (24/9): the fourth 5 is played by
    // it (24/4) or by a second checker (24/9 24/19).
    let fevga = [
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1,
    ];
    // Jacquet: every checker is on the bar, so each die enters one: a single play.
    let jacquet = [1; 21];
    for (variant, expected) in [
        (Variant::Backgammon, &backgammon),
        (Variant::Portes, &backgammon),
        (Variant::Plakoto, &plakoto),
        (Variant::Fevga, &fevga),
        (Variant::Jacquet, &jacquet),
    ] {
        let counts = opening_counts(variant);
        for (i, roll) in ROLLS.iter().enumerate() {
            assert_eq!(counts[i], expected[i], "{variant}, roll {roll}");
        }
    }
}

#[test]
fn a_game_won_by_a_side_the_computer_took_over_scores_nothing() {
    // assets/rules/README.md §2.8: White's clock ran out and the computer plays White for the
    // rest of the game; White then bears off its last checker: the game counts for nothing.
    let board = spec(&[(1, 1)], &[(13, 14), (3, 1)], [0, 0], &[]);
    let mut game = game_at(Rules::money(), &board);
    game.apply(Action::TakeOver(Side::White)).unwrap();
    assert!(game.is_taken_over(Side::White));
    roll_and_play(&mut game, (2, 1), "1/off");
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.points, 0, "the computer's win does not count");
    // The other side's win counts as usual.
    let mut game = game_at(Rules::money(), &board);
    game.apply(Action::TakeOver(Side::Black)).unwrap();
    roll_and_play(&mut game, (2, 1), "1/off");
    assert_eq!(game.result().unwrap().points, 3);
    // And in a match, the score does not move; the record says so and loads back.
    let mut m = MatchState::new(Rules::match_to(3)).unwrap();
    let mut rec = bg_tui::record::Recorder::new(
        [
            bg_tui::record::PlayerInfo::human("A"),
            bg_tui::record::PlayerInfo::human("B"),
        ],
        Rules::match_to(3),
        None,
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let play = m.game().legal_plays()[0];
    rec.apply(&mut m, Action::Play(play)).unwrap();
    rec.apply(&mut m, Action::TakeOver(Side::White)).unwrap();
    rec.apply(&mut m, Action::Resign(WinKind::Single)).unwrap();
    rec.apply(&mut m, Action::AcceptResignation).unwrap();
    assert_eq!(m.game().result().unwrap().winner, Some(Side::White));
    assert_eq!(m.score(Side::White), 0);
    let json = bg_tui::record::to_json(rec.as_record());
    assert!(json.contains(r#"{"take_over":{"side":"white"}}"#), "{json}");
    let (_, loaded) = bg_tui::record::load(&json).unwrap();
    assert_eq!(loaded, m);
}
