//! The game state machine, the cube, scoring and matches, on hand-checked positions.

use bg_tui::engine::{
    Action, BeaverRefusal, CrawfordState, Cube, Dice, DoubleRefusal, Ending, Game, GameError,
    MatchError, MatchState, Phase, Position, Rules, RulesError, Side, Waiting, WinKind,
};

/// White on roll with one checker left on its 1-point; Black (the opponent) has all 15
/// checkers on the board: `black` lists (point in Black's own numbering, count).
fn last_checker_home(black: &[(usize, u8)]) -> Position {
    let mut board = [0i8; 26];
    board[1] = 1;
    for &(point, count) in black {
        if point == 25 {
            board[0] -= count as i8;
        } else {
            board[25 - point] -= count as i8;
        }
    }
    Position::from_board(board).unwrap()
}

fn play_only_legal(game: &mut Game) {
    let plays = game.legal_plays().to_vec();
    assert!(!plays.is_empty(), "expected a legal play");
    game.apply(Action::Play(plays[0])).unwrap();
}

fn resign_and_accept(m: &mut MatchState, level: WinKind) {
    m.apply(Action::Resign(level)).unwrap();
    m.apply(Action::AcceptResignation).unwrap();
}

fn opening(m: &mut MatchState) {
    m.apply(Action::OpeningRoll { white: 3, black: 1 }).unwrap();
}

#[test]
fn opening_roll_higher_die_starts_with_both_numbers() {
    // Given a new game, when White rolls 2 and Black 5,
    let mut game = Game::new(Rules::money(), false).unwrap();
    game.apply(Action::OpeningRoll { white: 2, black: 5 })
        .unwrap();
    // then Black moves first with 5-2.
    assert_eq!(game.turn(), Side::Black);
    assert_eq!(game.dice(), Some(Dice::new(5, 2).unwrap()));
    // 13/8 or 8/3 with 24/22, 13/11, 8/6 or 6/4 (13/11/6 is 13/8/6): 8 distinct plays.
    assert_eq!(game.legal_plays().len(), 8);
}

#[test]
fn opening_tie_rolls_again_without_auto_doubles() {
    let mut game = Game::new(Rules::money(), false).unwrap();
    game.apply(Action::OpeningRoll { white: 4, black: 4 })
        .unwrap();
    assert_eq!(game.phase(), Phase::Opening);
    assert_eq!(game.cube(), Cube::CENTRED);
}

#[test]
fn automatic_doubles_turn_the_cube_on_ties_up_to_the_limit() {
    let rules = Rules {
        auto_doubles: 1,
        ..Rules::money()
    };
    let mut game = Game::new(rules, false).unwrap();
    game.apply(Action::OpeningRoll { white: 4, black: 4 })
        .unwrap();
    assert_eq!(
        game.cube(),
        Cube::new(2, None).unwrap(),
        "first tie: cube 2, centred"
    );
    game.apply(Action::OpeningRoll { white: 6, black: 6 })
        .unwrap();
    assert_eq!(
        game.cube().value(),
        2,
        "the limit of one automatic double holds"
    );
    game.apply(Action::OpeningRoll { white: 6, black: 1 })
        .unwrap();
    assert_eq!(game.turn(), Side::White);
}

#[test]
fn automatic_doubles_are_money_play_only() {
    let rules = Rules {
        auto_doubles: 2,
        ..Rules::match_to(5)
    };
    assert_eq!(
        MatchState::new(rules).unwrap_err(),
        RulesError::MoneyOnly("automatic doubles")
    );
}

#[test]
fn refused_actions_leave_the_game_unchanged() {
    let mut game = Game::new(Rules::money(), false).unwrap();
    let before = game.clone();
    assert_eq!(game.apply(Action::Double), Err(GameError::OpeningRollFirst));
    assert_eq!(game.apply(Action::Take), Err(GameError::NoDoubleOffered));
    assert_eq!(
        game.apply(Action::OpeningRoll { white: 7, black: 1 }),
        Err(GameError::BadDie(7))
    );
    assert_eq!(game, before);
    game.apply(Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let before = game.clone();
    // A play of another roll is refused.
    let other =
        bg_tui::engine::Variant::Backgammon.legal_plays(game.position(), Dice::new(6, 6).unwrap());
    assert_eq!(
        game.apply(Action::Play(other[0])),
        Err(GameError::IllegalPlay(Dice::new(3, 1).unwrap()))
    );
    assert_eq!(
        game.apply(Action::Roll(Dice::new(2, 2).unwrap())),
        Err(GameError::CannotRoll(Waiting::DiceRolled))
    );
    assert_eq!(
        game.apply(Action::Double),
        Err(GameError::CannotDouble(DoubleRefusal::NotBeforeRoll))
    );
    assert_eq!(game, before);
}

#[test]
fn double_only_before_rolling_and_only_by_the_cube_owner() {
    let mut game = Game::from_position(
        Rules::money(),
        false,
        Position::START,
        Side::White,
        Cube::CENTRED,
    )
    .unwrap();
    game.apply(Action::Double).unwrap();
    assert_eq!(game.to_act(), Some(Side::Black));
    game.apply(Action::Take).unwrap();
    assert_eq!(game.cube(), Cube::new(2, Some(Side::Black)).unwrap());
    // White still rolls and plays; then Black owns the cube and may redouble; White may not.
    game.apply(Action::Roll(Dice::new(3, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    assert_eq!(game.turn(), Side::Black);
    assert_eq!(game.may_double(), Ok(()));
    game.apply(Action::Roll(Dice::new(4, 2).unwrap())).unwrap();
    play_only_legal(&mut game);
    assert_eq!(game.turn(), Side::White);
    assert_eq!(
        game.apply(Action::Double),
        Err(GameError::CannotDouble(DoubleRefusal::NotOwner))
    );
}

#[test]
fn drop_pays_the_value_before_the_double() {
    // Black owns the cube at 2 and redoubles to 4; White passes: Black wins 2.
    let cube = Cube::new(2, Some(Side::Black)).unwrap();
    let mut game =
        Game::from_position(Rules::money(), false, Position::START, Side::Black, cube).unwrap();
    game.apply(Action::Double).unwrap();
    game.apply(Action::Drop).unwrap();
    let result = game.result().unwrap();
    assert_eq!(
        (result.winner.unwrap(), result.points, result.ending),
        (Side::Black, 2, Ending::Drop)
    );
}

#[test]
fn beaver_keeps_the_cube_at_twice_the_offered_value() {
    let rules = Rules {
        beaver: true,
        ..Rules::money()
    };
    let mut game =
        Game::from_position(rules, false, Position::START, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Double).unwrap();
    game.apply(Action::Beaver).unwrap();
    assert_eq!(game.phase(), Phase::Beavered);
    assert_eq!(
        game.to_act(),
        Some(Side::White),
        "the doubler answers the beaver"
    );
    game.apply(Action::Take).unwrap();
    assert_eq!(game.cube(), Cube::new(4, Some(Side::Black)).unwrap());
    assert_eq!(game.turn(), Side::White, "the doubler rolls");
}

#[test]
fn passing_a_beaver_loses_the_offered_value() {
    let rules = Rules {
        beaver: true,
        ..Rules::money()
    };
    let mut game =
        Game::from_position(rules, false, Position::START, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Double).unwrap();
    game.apply(Action::Beaver).unwrap();
    game.apply(Action::Drop).unwrap();
    let result = game.result().unwrap();
    assert_eq!((result.winner.unwrap(), result.points), (Side::Black, 2));
}

#[test]
fn beaver_needs_the_option_and_money_play() {
    let mut game = Game::from_position(
        Rules::money(),
        false,
        Position::START,
        Side::White,
        Cube::CENTRED,
    )
    .unwrap();
    game.apply(Action::Double).unwrap();
    assert_eq!(
        game.apply(Action::Beaver),
        Err(GameError::CannotBeaver(BeaverRefusal::NotInRules))
    );
    let rules = Rules {
        beaver: true,
        ..Rules::match_to(7)
    };
    assert_eq!(rules.validate(), Err(RulesError::MoneyOnly("beavers")));
}

#[test]
fn cube_cap_stops_doubles_and_beavers() {
    let rules = Rules {
        cube_cap: 4,
        beaver: true,
        ..Rules::money()
    };
    let cube = Cube::new(2, Some(Side::White)).unwrap();
    let mut game = Game::from_position(rules, false, Position::START, Side::White, cube).unwrap();
    game.apply(Action::Double).unwrap();
    // 2 -> 4 is allowed, but a beaver to 8 passes the cap of 4.
    assert_eq!(
        game.apply(Action::Beaver),
        Err(GameError::CannotBeaver(BeaverRefusal::PastCap))
    );
    game.apply(Action::Take).unwrap();
    let cube4 = Cube::new(4, Some(Side::Black)).unwrap();
    let game = Game::from_position(rules, false, Position::START, Side::Black, cube4).unwrap();
    assert_eq!(game.may_double(), Err(DoubleRefusal::AtCap(4)));
}

#[test]
fn gammon_counts_twice_times_the_cube() {
    // Black has borne off nothing and has no checker in White's home board or on the bar.
    let position = last_checker_home(&[(6, 5), (8, 5), (13, 5)]);
    let cube = Cube::new(4, Some(Side::White)).unwrap();
    let mut game = Game::from_position(Rules::money(), false, position, Side::White, cube).unwrap();
    game.apply(Action::Roll(Dice::new(2, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    let result = game.result().unwrap();
    assert_eq!(
        (result.winner.unwrap(), result.kind, result.points),
        (Side::White, WinKind::Gammon, 8)
    );
}

#[test]
fn backgammon_when_the_loser_has_a_checker_in_the_winners_home_board() {
    // One of Black's checkers is on Black's 20-point = White's 5-point (White's home board).
    let position = last_checker_home(&[(6, 5), (8, 5), (13, 4), (20, 1)]);
    let mut game =
        Game::from_position(Rules::money(), false, position, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Roll(Dice::new(2, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    let result = game.result().unwrap();
    assert_eq!((result.kind, result.points), (WinKind::Backgammon, 3));
}

#[test]
fn backgammon_when_the_loser_has_a_checker_on_the_bar() {
    let position = last_checker_home(&[(6, 5), (8, 5), (13, 4), (25, 1)]);
    let mut game =
        Game::from_position(Rules::money(), false, position, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Roll(Dice::new(2, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    assert_eq!(game.result().unwrap().kind, WinKind::Backgammon);
}

#[test]
fn single_game_when_the_loser_has_borne_off() {
    let position = last_checker_home(&[(6, 5), (5, 5), (4, 4)]); // 14 on board, 1 off
    let mut game =
        Game::from_position(Rules::money(), false, position, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Roll(Dice::new(2, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    assert_eq!(game.result().unwrap().points, 1);
}

#[test]
fn jacoby_counts_gammons_single_until_the_cube_is_turned() {
    let rules = Rules {
        jacoby: true,
        ..Rules::money()
    };
    let position = last_checker_home(&[(6, 5), (8, 5), (13, 5)]);
    let mut game = Game::from_position(rules, false, position, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Roll(Dice::new(2, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    let result = game.result().unwrap();
    assert_eq!((result.kind, result.points), (WinKind::Single, 1));
    // With the cube turned to 2 the gammon counts: 2 x 2.
    let cube = Cube::new(2, Some(Side::White)).unwrap();
    let mut game = Game::from_position(rules, false, position, Side::White, cube).unwrap();
    game.apply(Action::Roll(Dice::new(2, 1).unwrap())).unwrap();
    play_only_legal(&mut game);
    assert_eq!(game.result().unwrap().points, 4);
    assert_eq!(
        Rules {
            jacoby: true,
            ..Rules::match_to(3)
        }
        .validate(),
        Err(RulesError::MoneyOnly("the Jacoby rule"))
    );
}

#[test]
fn resignation_declined_play_goes_on_accepted_it_scores_times_the_cube() {
    let cube = Cube::new(2, Some(Side::Black)).unwrap();
    let mut game =
        Game::from_position(Rules::money(), false, Position::START, Side::White, cube).unwrap();
    game.apply(Action::Resign(WinKind::Gammon)).unwrap();
    assert_eq!(game.to_act(), Some(Side::Black));
    assert_eq!(
        game.apply(Action::Roll(Dice::new(3, 1).unwrap())),
        Err(GameError::ResignationPending(Side::White))
    );
    game.apply(Action::DeclineResignation).unwrap();
    assert_eq!(game.phase(), Phase::Rolling);
    assert_eq!(game.to_act(), Some(Side::White));
    game.apply(Action::Resign(WinKind::Gammon)).unwrap();
    game.apply(Action::AcceptResignation).unwrap();
    let result = game.result().unwrap();
    assert_eq!(
        (
            result.winner.unwrap(),
            result.kind,
            result.points,
            result.ending
        ),
        (Side::Black, WinKind::Gammon, 4, Ending::Resignation)
    );
    assert_eq!(game.apply(Action::Double), Err(GameError::GameOver));
}

#[test]
fn house_rule_makes_every_resignation_a_backgammon() {
    let rules = Rules {
        resign_loses_backgammon: true,
        ..Rules::money()
    };
    let mut game =
        Game::from_position(rules, false, Position::START, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Resign(WinKind::Single)).unwrap();
    game.apply(Action::AcceptResignation).unwrap();
    assert_eq!(game.result().unwrap().points, 3);
}

#[test]
fn crawford_game_then_post_crawford_in_a_match_to_3() {
    let mut m = MatchState::new(Rules::match_to(3)).unwrap();
    // Game 1: Black resigns a gammon: White 2, one point from winning.
    opening(&mut m);
    m.apply(Action::Roll(Dice::new(1, 1).unwrap())).unwrap_err(); // White must play first
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    resign_and_accept(&mut m, WinKind::Gammon);
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (2, 0));
    assert_eq!(m.crawford(), CrawfordState::Crawford);
    // Game 2 is the Crawford game: no doubling.
    m.next_game().unwrap();
    assert!(m.game().is_crawford());
    opening(&mut m);
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    assert_eq!(
        m.apply(Action::Double),
        Err(MatchError::Game(GameError::CannotDouble(
            DoubleRefusal::Crawford
        )))
    );
    // Black plays; White resigns: Black wins 1, 2-1, post-Crawford: doubling is back.
    m.apply(Action::Roll(Dice::new(4, 2).unwrap())).unwrap();
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    resign_and_accept(&mut m, WinKind::Single);
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (2, 1));
    assert_eq!(m.crawford(), CrawfordState::PostCrawford);
    m.next_game().unwrap();
    assert!(!m.game().is_crawford());
    opening(&mut m);
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    assert_eq!(m.game().may_double(), Ok(()));
    // Black is on roll and doubles; White drops: 2-2.
    m.apply(Action::Double).unwrap();
    m.apply(Action::Drop).unwrap();
    assert_eq!(m.score(Side::Black), 2);
    assert_eq!(m.winner(), None);
    m.next_game().unwrap();
    opening(&mut m);
    resign_and_accept(&mut m, WinKind::Single); // White, on roll, resigns: Black reaches 3
    assert_eq!(m.winner(), Some(Side::Black));
    assert!(m.is_over());
    assert_eq!(m.next_game(), Err(MatchError::MatchOver));
}

#[test]
fn crawford_rule_off_means_no_crawford_game() {
    let rules = Rules {
        crawford: false,
        ..Rules::match_to(3)
    };
    let mut m = MatchState::new(rules).unwrap();
    opening(&mut m);
    resign_and_accept(&mut m, WinKind::Gammon);
    assert_eq!(m.crawford(), CrawfordState::Before);
    m.next_game().unwrap();
    assert!(!m.game().is_crawford());
}

#[test]
fn money_session_goes_on_until_stopped() {
    let mut m = MatchState::new(Rules::money()).unwrap();
    for _ in 0..3 {
        opening(&mut m);
        resign_and_accept(&mut m, WinKind::Backgammon);
        m.next_game().unwrap();
    }
    assert_eq!(m.score(Side::Black), 9);
    assert_eq!(m.winner(), None);
    m.stop().unwrap();
    assert!(m.is_over());
    assert_eq!(
        m.apply(Action::OpeningRoll { white: 2, black: 1 }),
        Err(MatchError::MatchOver)
    );
}

#[test]
fn next_game_waits_for_the_end_of_this_one() {
    let mut m = MatchState::new(Rules::match_to(5)).unwrap();
    opening(&mut m);
    assert_eq!(m.next_game(), Err(MatchError::GameNotOver));
}

#[test]
fn match_id_of_a_match_played_to_the_manuals_example() {
    // GNU Backgammon's manual: QYkqASAAIAAA is a 9-point match at 2-4, player 0 (White)
    // owns the cube at 2, player 1 (Black) on roll has rolled 5-2. Play there.
    let mut m = MatchState::new(Rules::match_to(9)).unwrap();
    // Two games that White resigns as gammons: 0-4.
    for _ in 0..2 {
        opening(&mut m);
        resign_and_accept(&mut m, WinKind::Gammon);
        m.next_game().unwrap();
    }
    // Black resigns a gammon after White's opening play: 2-4.
    opening(&mut m);
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    resign_and_accept(&mut m, WinKind::Gammon);
    m.next_game().unwrap();
    // White opens; Black doubles, White takes; Black rolls 5-2.
    opening(&mut m);
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    m.apply(Action::Double).unwrap();
    m.apply(Action::Take).unwrap();
    m.apply(Action::Roll(Dice::new(5, 2).unwrap())).unwrap();
    let mut fields = m.match_id_fields();
    assert_eq!(fields.score, [2, 4]);
    assert_eq!(fields.cube_owner, Some(Side::White));
    assert_eq!((fields.on_roll, fields.turn), (Side::Black, Side::Black));
    // The manual's ID predates the Jacoby bit, which reads as "Jacoby on".
    assert!(!fields.jacoby);
    fields.jacoby = true;
    assert_eq!(bg_tui::engine::match_id(&fields), "QYkqASAAIAAA");
    // And the Position ID is the position from Black's view.
    assert_eq!(
        bg_tui::engine::position_from_id(&m.position_id().unwrap()).unwrap(),
        m.game().position_for(Side::Black)
    );
}

#[test]
fn match_id_shows_a_double_and_a_resignation_waiting_for_an_answer() {
    let mut m = MatchState::new(Rules::match_to(5)).unwrap();
    opening(&mut m);
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    m.apply(Action::Double).unwrap();
    let f = m.match_id_fields();
    assert!(f.doubled);
    assert_eq!(
        (f.on_roll, f.turn, f.cube_log),
        (Side::Black, Side::White, 0)
    );
    m.apply(Action::Resign(WinKind::Gammon)).unwrap(); // White resigns instead of answering
    let f = m.match_id_fields();
    assert_eq!((f.resigned, f.turn), (2, Side::Black));
    let round = bg_tui::engine::match_id_fields(&m.match_id().unwrap()).unwrap();
    assert_eq!(round, f);
}

/// Offers to resign and declines, turn about, until `actions` actions have been applied to
/// the game (the opening roll counted).
fn resign_and_decline_until(m: &mut MatchState, actions: usize) {
    while m.game().actions() < actions {
        let action = if m.game().resignation().is_some() {
            Action::DeclineResignation
        } else {
            Action::Resign(WinKind::Single)
        };
        m.apply(action).unwrap();
    }
}

#[test]
fn a_game_that_reaches_the_action_limit_ends_with_nobody_winning_and_the_match_goes_on() {
    use bg_tui::engine::MAX_GAME_ACTIONS;
    // A 3-point match: White wins the first game by a gammon, and the Crawford game is next.
    let mut m = MatchState::new(Rules::match_to(3)).unwrap();
    opening(&mut m);
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    resign_and_accept(&mut m, WinKind::Gammon); // Black resigns
    m.next_game().unwrap();
    assert_eq!(m.crawford(), CrawfordState::Crawford);
    // The Crawford game: offers to resign declined again and again, one action short of
    // the limit, go on.
    opening(&mut m);
    resign_and_decline_until(&mut m, MAX_GAME_ACTIONS - 1);
    assert_eq!(m.game().result(), None);
    // The action that reaches the limit ends the game: nobody wins, no points.
    let action = if m.game().resignation().is_some() {
        Action::DeclineResignation
    } else {
        Action::Resign(WinKind::Single)
    };
    m.apply(action).unwrap();
    let result = m.game().result().expect("over at the limit");
    assert_eq!(result.winner, None);
    assert_eq!((result.points, result.ending), (0, Ending::ActionLimit));
    assert_eq!(m.game().actions(), MAX_GAME_ACTIONS);
    assert_eq!(m.game().resignation(), None, "the offer ends with the game");
    assert!(m.game().legal_plays().is_empty());
    assert!(matches!(
        m.apply(Action::DeclineResignation),
        Err(MatchError::Game(GameError::GameOver))
    ));
    // The score stands, the Crawford game has been played, the match goes on.
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (2, 0));
    assert_eq!(m.results().len(), 2);
    assert!(!m.is_over());
    assert_eq!(m.crawford(), CrawfordState::PostCrawford);
    m.next_game().unwrap();
    assert_eq!(m.game().phase(), Phase::Opening);
    assert_eq!(m.game().actions(), 0);
}

#[test]
fn after_a_tavli_game_stopped_at_the_action_limit_the_opening_roll_decides_again() {
    use bg_tui::engine::{MAX_GAME_ACTIONS, RuleSet, Variant};
    // As after Plakoto's draw: nobody won, so nobody starts the next game.
    let mut m = MatchState::new(Rules {
        match_length: Some(3),
        ..Rules::of(RuleSet::Tavli)
    })
    .unwrap();
    assert_eq!(m.game().variant(), Variant::Portes);
    opening(&mut m);
    resign_and_decline_until(&mut m, MAX_GAME_ACTIONS);
    let result = m.game().result().expect("over at the limit");
    assert_eq!((result.winner, result.ending), (None, Ending::ActionLimit));
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (0, 0));
    m.next_game().unwrap();
    assert_eq!(m.game().variant(), Variant::Plakoto);
    assert_eq!(m.game().phase(), Phase::Opening);
}
