//! Setting up a position (issue 21, section 5) below the TUI: the engine's refusals, a game
//! of a match set up at a position, and the record's `"start"` (written, loaded, journalled,
//! refused when malformed, and refused by the `.mat` writer).

use bg_tui::engine::{
    Action, BoardSpec, Cube, Dice, GameSetup, MatchState, Phase, RuleSet, Rules, SetupError, Side,
    SpecError, Variant, VariantError, format_play,
};
use bg_tui::record::{PlayerInfo, Recorder, load, to_json};

fn players() -> [PlayerInfo; 2] {
    [PlayerInfo::human("Ann"), PlayerInfo::human("Bob")]
}

/// A board with `mine` and `theirs` as `(point, checkers)` lists.
fn board(mine: &[(u8, u8)], theirs: &[(u8, u8)], pinned: &[u8]) -> BoardSpec {
    BoardSpec::from_points(mine, theirs, [0, 0], pinned).expect("points 1-24")
}

/// A short race: the mover on its 1- to 3-points, the opponent on its 1-point.
fn race() -> BoardSpec {
    board(&[(1, 2), (2, 2), (3, 1)], &[(24, 3)], &[])
}

#[test]
fn sixteen_checkers_are_refused() {
    let spec = board(&[(6, 15), (8, 1)], &[(19, 15)], &[]);
    let err = spec.to_position(Variant::Backgammon).unwrap_err();
    assert_eq!(
        err,
        SpecError::TooManyCheckers {
            side: "mine",
            count: 16
        }
    );
    assert!(err.to_string().contains("16 checkers"), "{err}");
}

#[test]
fn both_sides_on_one_point_are_refused_where_the_rule_set_forbids_it() {
    let spec = board(&[(6, 2)], &[(6, 1)], &[]);
    for variant in [Variant::Backgammon, Variant::Portes, Variant::Fevga] {
        assert_eq!(
            spec.to_position(variant),
            Err(SpecError::BothOnPoint { point: 6, variant })
        );
    }
    // Plakoto allows it: the single checker of the opponent lies pinned.
    assert!(spec.to_position(Variant::Plakoto).is_ok());
}

#[test]
fn a_plakoto_pin_without_a_pinner_is_refused() {
    // The mover's single checker on 6 listed as pinned, with nothing of theirs on top.
    let spec = board(&[(6, 1)], &[(19, 3)], &[6]);
    let err = spec.to_position(Variant::Plakoto).unwrap_err();
    assert_eq!(err, SpecError::PinWithoutPinner(6));
    assert!(
        err.to_string()
            .contains("no checker of the other side is on top")
    );
    // The same for the opponent's single checker, listed in `pinned_theirs`.
    let mut spec = board(&[(13, 3)], &[(6, 1)], &[]);
    spec.pinned_theirs = vec![6];
    assert_eq!(
        spec.to_position(Variant::Plakoto),
        Err(SpecError::PinWithoutPinner(6))
    );
    // With the mover's checker on top it is a pin; the plain form does not write the list.
    let mut spec = board(&[(6, 1)], &[(6, 1)], &[]);
    spec.pinned_theirs = vec![6];
    let position = spec.to_position(Variant::Plakoto).unwrap();
    assert_eq!(position.opponent_pinned(), vec![6]);
    assert!(
        !BoardSpec::of_position(&position)
            .to_json()
            .contains("pinned_theirs")
    );
    // And a pin outside Plakoto.
    let spec = board(&[(6, 1)], &[(6, 2)], &[6]);
    assert_eq!(
        spec.to_position(Variant::Portes),
        Err(SpecError::Variant(VariantError::PinsNotAllowed(
            Variant::Portes
        )))
    );
}

#[test]
fn a_setup_sets_position_turn_cube_and_score_of_a_match() {
    let mut m = MatchState::new(Rules::match_to(7)).unwrap();
    let position = race().to_position(Variant::Backgammon).unwrap();
    let setup = GameSetup {
        cube: Cube::new(2, Some(Side::White)).unwrap(),
        score: [3, 5],
        ..GameSetup::new(position, Side::Black)
    };
    m.set_up(&setup).unwrap();
    assert_eq!(m.game().turn(), Side::Black);
    assert_eq!(m.game().phase(), Phase::Rolling);
    assert_eq!(*m.game().position(), position);
    assert_eq!(m.game().cube().value(), 2);
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (3, 5));
    m.apply(Action::Roll(Dice::new(6, 5).unwrap())).unwrap();
    assert!(
        m.game()
            .legal_plays()
            .iter()
            .any(|p| format_play(p) == "3/off 2/off")
    );
}

#[test]
fn a_setup_refuses_what_the_match_cannot_hold() {
    let position = race().to_position(Variant::Backgammon).unwrap();
    let plain = GameSetup::new(position, Side::White);
    let mut m = MatchState::new(Rules::match_to(5)).unwrap();
    let before = m.clone();
    let refuse = |m: &mut MatchState, setup: GameSetup| m.set_up(&setup).unwrap_err();
    assert!(matches!(
        refuse(
            &mut m,
            GameSetup {
                score: [5, 0],
                ..plain
            }
        ),
        SetupError::Score { score: 5, .. }
    ));
    assert_eq!(
        refuse(
            &mut m,
            GameSetup {
                crawford: true,
                ..plain
            }
        ),
        SetupError::NotCrawford
    );
    assert_eq!(
        refuse(
            &mut m,
            GameSetup {
                score: [4, 0],
                crawford: true,
                cube: Cube::new(2, Some(Side::Black)).unwrap(),
                ..plain
            }
        ),
        SetupError::CubeInCrawford
    );
    assert_eq!(
        refuse(
            &mut m,
            GameSetup {
                cube: Cube::new(128, None).unwrap(),
                ..plain
            }
        ),
        SetupError::Cube(128)
    );
    assert_eq!(m, before, "a refused setup changes nothing");
    // Money play has no score; a game without a cube has no turned cube.
    let mut money = MatchState::new(Rules::money()).unwrap();
    assert!(matches!(
        refuse(
            &mut money,
            GameSetup {
                score: [1, 0],
                ..plain
            }
        ),
        SetupError::Score { score: 1, .. }
    ));
    let mut portes = MatchState::new(Rules::of(RuleSet::Portes)).unwrap();
    assert_eq!(
        refuse(
            &mut portes,
            GameSetup {
                cube: Cube::new(2, None).unwrap(),
                ..plain
            }
        ),
        SetupError::Cube(2)
    );
    // The Crawford game, set up as such, has no cube to turn.
    m.set_up(&GameSetup {
        score: [4, 2],
        crawford: true,
        ..plain
    })
    .unwrap();
    assert!(m.game().is_crawford());
    assert!(m.game().may_double().is_err());
}

#[test]
fn a_side_with_everything_borne_off_is_refused() {
    let spec = board(&[(1, 1)], &[], &[]);
    let position = spec.to_position(Variant::Backgammon).unwrap();
    let mut m = MatchState::new(Rules::money()).unwrap();
    assert_eq!(
        m.set_up(&GameSetup::new(position, Side::White)),
        Err(SetupError::AlreadyWon(Side::Black))
    );
}

/// A match whose first game is set up at [`race`] with Black on roll, the dice 6-5 rolled
/// and played.
fn recorded_setup() -> (Recorder, MatchState) {
    let rules = Rules::match_to(5);
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(players(), rules, Some(7));
    let position = race().to_position(Variant::Backgammon).unwrap();
    let setup = GameSetup {
        score: [2, 1],
        ..GameSetup::new(position, Side::Black)
    };
    rec.set_up(&mut m, &setup).unwrap();
    rec.apply(&mut m, Action::Roll(Dice::new(6, 5).unwrap()))
        .unwrap();
    let play = m.game().legal_plays()[0];
    rec.apply(&mut m, Action::Play(play)).unwrap();
    (rec, m)
}

#[test]
fn a_set_up_game_is_recorded_with_its_start_and_loads_back() {
    let (rec, m) = recorded_setup();
    let json = to_json(rec.as_record());
    assert!(json.contains("\"start\": {\"board\":"), "{json}");
    assert!(json.contains("\"turn\":\"black\""), "{json}");
    assert!(json.contains("\"score\":[2,1]"), "{json}");
    let (record, replayed) = load(&json).unwrap();
    assert_eq!(&record, rec.as_record());
    assert_eq!(replayed, m);
    assert_eq!(replayed.score(Side::White), 2);
}

#[test]
fn setting_up_mid_game_replaces_the_game_in_progress() {
    let rules = Rules::money();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(players(), rules, None);
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let position = race().to_position(Variant::Backgammon).unwrap();
    rec.set_up(&mut m, &GameSetup::new(position, Side::White))
        .unwrap();
    let game = &rec.as_record().games[0];
    assert_eq!(rec.as_record().games.len(), 1);
    assert!(game.actions.is_empty());
    assert!(game.start.is_some());
    let (_, replayed) = load(&to_json(rec.as_record())).unwrap();
    assert_eq!(replayed, m);
}

#[test]
fn a_malformed_start_is_refused_in_one_line() {
    let (rec, _) = recorded_setup();
    let json = to_json(rec.as_record());
    // Sixteen checkers of the mover.
    let bad = json.replacen("\"mine\":[2,", "\"mine\":[14,", 1);
    assert_ne!(bad, json);
    let err = load(&bad).unwrap_err().to_string();
    assert_eq!(
        err,
        "game 1: the start position: mine has 17 checkers on the board and the bar; a side has at most 15"
    );
    // A field the start does not have.
    let bad = json.replacen("\"turn\":\"black\"", "\"turn\":\"black\",\"dice\":[6,5]", 1);
    let err = load(&bad).unwrap_err().to_string();
    assert!(err.contains("unknown field `dice`"), "{err}");
    assert!(!err.contains('\n'));
    // A score the match cannot have.
    let bad = json.replacen("\"score\":[2,1]", "\"score\":[2,5]", 1);
    let err = load(&bad).unwrap_err().to_string();
    assert_eq!(
        err,
        "game 1: the start position: a score of 5 cannot be in a match to 5 points"
    );
}

#[test]
fn a_record_without_start_loads_as_before() {
    let rules = Rules::match_to(3);
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(players(), rules, None);
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let json = to_json(rec.as_record());
    assert!(!json.contains("start"));
    let (record, replayed) = load(&json).unwrap();
    assert!(record.games[0].start.is_none());
    assert_eq!(replayed, m);
}

#[test]
fn the_mat_writer_refuses_a_set_up_game() {
    let (rec, _) = recorded_setup();
    let err = bg_tui::mat::write_mat(rec.as_record())
        .unwrap_err()
        .to_string();
    assert!(err.contains("set-up position"), "{err}");
    assert!(!err.contains('\n'));
}

#[test]
fn the_journal_keeps_a_set_up_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    let rules = Rules::money();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(players(), rules, None);
    let mut journal = bg_tui::journal::Journal::create(&path, rec.as_record()).unwrap();
    // Set up before any action: the game record gains a start and nothing else.
    let position = race().to_position(Variant::Backgammon).unwrap();
    rec.set_up(&mut m, &GameSetup::new(position, Side::White))
        .unwrap();
    journal.save(rec.as_record()).unwrap();
    rec.apply(&mut m, Action::Roll(Dice::new(2, 1).unwrap()))
        .unwrap();
    journal.save(rec.as_record()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let record = bg_tui::journal::parse(&text).unwrap();
    assert_eq!(&record, rec.as_record());
    assert_eq!(bg_tui::record::replay(&record).unwrap(), m);
}

#[test]
fn the_replay_starts_a_set_up_game_from_its_start() {
    let (rec, m) = recorded_setup();
    let timeline = bg_tui::replay::Timeline::new(rec.as_record()).unwrap();
    // The game's first moment is the set-up position, Black on roll, at 2-1.
    let first = timeline.moment(0);
    assert_eq!(first.board.on_roll, Side::Black);
    assert_eq!(first.score, [2, 1]);
    let text = bg_tui::replay::text::render(rec.as_record(), &timeline);
    let id = bg_tui::engine::position_id(&race().to_position(Variant::Backgammon).unwrap());
    assert!(
        text.contains(&format!(
            "Game 1: Ann 2, Bob 1\n  Set up at Position ID {id}, Bob on roll"
        )),
        "{text}"
    );
    assert_eq!(m.game().turn(), Side::White);
}
