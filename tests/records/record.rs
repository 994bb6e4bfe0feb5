//! The JSON record: recording whole matches, loading them back through the rules, and
//! rejecting damaged or hostile files without panicking.

use crate::common;

use bg_tui::bot::{self, Bot, Decision, Question, ResignOffers};
use bg_tui::engine::{
    Action, Dice, MatchState, Phase, Position, Rules, Side, Variant, WinKind, format_play, roll_die,
};
use bg_tui::engine::{IllegalStep, TurnError};
use bg_tui::record::{
    ActionError, ActionStep, GameEnd, GameFault, GameStart, IllegalPlayReason, PlayerInfo,
    PlayerKind, Record, RecordError, RecordSide, RecordedAction, Recorder, Visitor, load, to_json,
    walk,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::ops::ControlFlow;

/// Plays `m` on with the two bots (White's first) and seeded dice, recording every action,
/// until the match is over or `max_games` games have been played.
fn play_on(
    m: &mut MatchState,
    rec: &mut Recorder,
    bots: &mut [Box<dyn Bot>; 2],
    rng: &mut ChaCha8Rng,
    max_games: usize,
) {
    drive(m, rec, bots, rng, max_games, Hooks::Apply);
}

/// How [`drive`] records: with [`Recorder::apply`] and [`Recorder::next_game`], or with the
/// low-level hooks around the match's own methods.
#[derive(Clone, Copy)]
enum Hooks {
    Apply,
    LowLevel,
}

fn drive(
    m: &mut MatchState,
    rec: &mut Recorder,
    bots: &mut [Box<dyn Bot>; 2],
    rng: &mut ChaCha8Rng,
    max_games: usize,
    hooks: Hooks,
) {
    let mut offers = ResignOffers::new();
    while !m.is_over() {
        let action = match Question::of(m) {
            None => return,
            Some(Question::NextGame) => {
                if m.results().len() >= max_games {
                    return;
                }
                match hooks {
                    Hooks::Apply => rec.next_game(m).expect("next game"),
                    Hooks::LowLevel => m.next_game().expect("next game"),
                }
                continue;
            }
            Some(Question::OpeningRoll) => Action::OpeningRoll {
                white: roll_die(rng),
                black: roll_die(rng),
            },
            Some(question) => {
                let side = question.side().expect("a side's decision");
                let may_resign = offers.may_offer(m, side);
                match bot::decide(&mut *bots[side.index()], m, may_resign) {
                    Decision::Roll => Action::Roll(Dice::roll(rng)),
                    Decision::Act(action) => action,
                    Decision::NextGame => unreachable!("the game is in progress"),
                }
            }
        };
        offers.note(m, &action);
        match hooks {
            Hooks::Apply => rec.apply(m, action),
            Hooks::LowLevel => {
                rec.record(m, &action);
                let applied = m.apply(action);
                rec.game_over(m);
                applied
            }
        }
        .unwrap_or_else(|e| panic!("the rules refuse {action:?}: {e}"));
    }
}

fn bots(white: &str, black: &str, seed: u64) -> [Box<dyn Bot>; 2] {
    [
        bot::make(white, seed).unwrap(),
        bot::make(black, seed + 1).unwrap(),
    ]
}

/// A whole match between two bots with seeded dice.
fn bot_match(rules: Rules, white: &str, black: &str, seed: u64, max_games: usize) -> Recorder {
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::bot(white), PlayerInfo::bot(black)],
        rules,
        Some(seed),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_on(
        &mut m,
        &mut rec,
        &mut bots(white, black, seed),
        &mut rng,
        max_games,
    );
    rec
}

/// Replays a recorder's record and checks the match it gives.
fn check_round_trip(rec: &Recorder) -> MatchState {
    let json = to_json(rec.as_record());
    let (record, m) = load(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert_eq!(&record, rec.as_record());
    assert_eq!(to_json(&record), json);
    m
}

/// A match to 5 between greedy and random, recorded and replayed.
fn good_record() -> Record {
    bot_match(Rules::match_to(5), "greedy", "random", 7, usize::MAX).into_record()
}

#[test]
fn recorded_bot_matches_load_back_to_the_same_match() {
    for (rules, white, black, seed) in [
        (Rules::match_to(5), "greedy", "random", 1),
        (Rules::match_to(7), "greedy", "greedy", 2),
        (Rules::match_to(3), "random", "random", 3),
    ] {
        let mut m = MatchState::new(rules).unwrap();
        let mut rec = Recorder::new(
            [PlayerInfo::bot(white), PlayerInfo::bot(black)],
            rules,
            Some(seed),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_on(
            &mut m,
            &mut rec,
            &mut bots(white, black, seed),
            &mut rng,
            usize::MAX,
        );
        assert!(m.is_over());
        assert_eq!(check_round_trip(&rec), m);
    }
}

#[test]
fn money_session_with_beavers_and_jacoby_round_trips() {
    let rules = Rules {
        beaver: true,
        jacoby: true,
        auto_doubles: 2,
        ..Rules::money()
    };
    for seed in 10..14 {
        let mut m = MatchState::new(rules).unwrap();
        let mut rec = Recorder::new(
            [PlayerInfo::human("Ann"), PlayerInfo::bot("greedy")],
            rules,
            None,
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_on(
            &mut m,
            &mut rec,
            &mut bots("greedy", "greedy", seed),
            &mut rng,
            6,
        );
        assert_eq!(check_round_trip(&rec), m);
    }
}

#[test]
fn a_stopped_money_session_is_recorded_and_loads_stopped() {
    let rules = Rules::money();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("Ann"), PlayerInfo::human("Bob")],
        rules,
        Some(5),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    play_on(
        &mut m,
        &mut rec,
        &mut bots("greedy", "greedy", 5),
        &mut rng,
        2,
    );
    assert_eq!(m.results().len(), 2);
    assert!(!m.is_over());
    rec.stop(&mut m).unwrap();
    assert!(m.is_over());
    let json = to_json(rec.as_record());
    assert!(json.contains("\"stopped\": true"), "{json}");
    let (record, replayed) = load(&json).unwrap();
    assert!(record.stopped);
    assert!(replayed.is_over());
    assert_eq!(replayed, m);
    // Not stopped: the field is left out, and the session goes on.
    let open = edited(rec.as_record(), |r| r.stopped = false);
    assert!(!open.contains("stopped"));
    assert!(!load(&open).unwrap().1.is_over());
}

#[test]
fn a_match_cannot_be_stopped_nor_a_game_in_progress() {
    let record = good_record();
    assert!(record.rules.match_length.is_some());
    let json = edited(&record, |r| r.stopped = true);
    let last = record.games.len();
    expect_game_error(&json, last, 0, "only a money session can be stopped");
    // A money session stopped in the middle of a game.
    let rules = Rules::money();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("A"), PlayerInfo::human("B")],
        rules,
        None,
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let json = edited(rec.as_record(), |r| r.stopped = true);
    expect_game_error(&json, 1, 0, "the record says the session was stopped, but");
}

#[test]
fn scripted_match_with_doubles_a_drop_and_a_resignation() {
    let rules = Rules::match_to(9);
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("Ann"), PlayerInfo::human("Bob")],
        rules,
        None,
    );
    let first = |m: &MatchState| Action::Play(m.game().legal_plays()[0]);
    // Game 1: White opens, Black doubles, White takes and redoubles, Black drops.
    rec.apply(&mut m, Action::OpeningRoll { white: 5, black: 5 })
        .unwrap();
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let play = first(&m);
    rec.apply(&mut m, play).unwrap();
    rec.apply(&mut m, Action::Double).unwrap();
    rec.apply(&mut m, Action::Take).unwrap();
    rec.apply(&mut m, Action::Roll(Dice::new(6, 5).unwrap()))
        .unwrap();
    let play = first(&m);
    rec.apply(&mut m, play).unwrap();
    rec.apply(&mut m, Action::Double).unwrap();
    rec.apply(&mut m, Action::Drop).unwrap();
    assert_eq!(m.score(Side::White), 2);
    // Game 2: Black opens; White offers a single game (declined), then a gammon (accepted).
    rec.next_game(&mut m).unwrap();
    rec.apply(&mut m, Action::OpeningRoll { white: 2, black: 6 })
        .unwrap();
    let play = first(&m);
    rec.apply(&mut m, play).unwrap();
    rec.apply(&mut m, Action::Resign(WinKind::Single)).unwrap();
    rec.apply(&mut m, Action::DeclineResignation).unwrap();
    rec.apply(&mut m, Action::Resign(WinKind::Gammon)).unwrap();
    rec.apply(&mut m, Action::AcceptResignation).unwrap();
    assert_eq!(m.score(Side::Black), 2);
    // Game 3 is under way.
    rec.next_game(&mut m).unwrap();
    rec.apply(&mut m, Action::OpeningRoll { white: 4, black: 2 })
        .unwrap();
    let record = rec.as_record();
    assert_eq!(record.games.len(), 3);
    assert_eq!(record.games[0].actions.len(), 9);
    assert_eq!(record.games[0].actions[8], RecordedAction::Drop);
    assert_eq!(
        record.games[1].actions[4],
        RecordedAction::Resign {
            side: RecordSide::White,
            level: WinKind::Gammon
        }
    );
    assert!(record.games[2].result.is_none());
    assert_eq!(check_round_trip(&rec), m);
}

#[test]
fn the_low_level_hooks_record_the_same_as_apply() {
    for seed in [5, 6] {
        let rules = Rules::match_to(5);
        let by_apply = bot_match(rules, "greedy", "random", seed, usize::MAX);
        let mut m = MatchState::new(rules).unwrap();
        let players = [PlayerInfo::bot("greedy"), PlayerInfo::bot("random")];
        let mut rec = Recorder::new(players, rules, Some(seed));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut bots = bots("greedy", "random", seed);
        drive(
            &mut m,
            &mut rec,
            &mut bots,
            &mut rng,
            usize::MAX,
            Hooks::LowLevel,
        );
        assert_eq!(rec.as_record(), by_apply.as_record());
        assert_eq!(check_round_trip(&rec), m);
    }
}

#[test]
fn a_dance_is_recorded_as_an_empty_play() {
    let rec = bot_match(Rules::match_to(5), "random", "random", 99, usize::MAX);
    let record = rec.as_record();
    let dances = record
        .games
        .iter()
        .flat_map(|g| &g.actions)
        .filter(|a| {
            matches!(a, RecordedAction::Play { steps, notation, .. }
                if steps.is_empty() && notation.is_empty())
        })
        .count();
    assert!(dances > 0, "the match should hold a dance");
    let json = to_json(record);
    assert_eq!(
        json.matches("\"notation\":\"\",\"steps\":[]").count(),
        dances
    );
    check_round_trip(&rec);
}

// ---- Walking a record ----

/// Notes what a walk tells: each game's start and end, each action's place and the match
/// around it; stops after `stop_after` actions when given.
#[derive(Default)]
struct Notes {
    starts: Vec<usize>,
    ends: Vec<usize>,
    actions: Vec<(usize, usize)>,
    last_after: Option<MatchState>,
    stop_after: Option<usize>,
}

impl Visitor for Notes {
    type Break = usize;

    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<usize> {
        assert_eq!(start.m.game_number(), start.game + 1);
        assert_eq!(start.m.game().phase(), Phase::Opening);
        self.starts.push(start.game);
        self.last_after = Some(start.m.clone());
        ControlFlow::Continue(())
    }

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<usize> {
        // The match before an action is the match after the one before it.
        assert_eq!(Some(step.before), self.last_after.as_ref());
        assert_eq!(&step.record.actions[step.index], step.recorded);
        let mut again = step.before.clone();
        again.apply(step.action).unwrap();
        assert_eq!(&again, step.after);
        self.actions.push((step.game, step.index));
        self.last_after = Some(step.after.clone());
        match self.stop_after {
            Some(n) if self.actions.len() == n => ControlFlow::Break(n),
            _ => ControlFlow::Continue(()),
        }
    }

    fn end_game(&mut self, end: &GameEnd<'_>) -> ControlFlow<usize> {
        assert_eq!(Some(end.m), self.last_after.as_ref());
        self.ends.push(end.game);
        ControlFlow::Continue(())
    }
}

#[test]
fn a_walk_tells_every_game_and_action_with_the_match_around_it() {
    let record = good_record();
    let (_, loaded) = load(&to_json(&record)).unwrap();
    let mut notes = Notes::default();
    let walked = walk(&record, &mut notes).unwrap();
    assert_eq!(walked, ControlFlow::Continue(loaded));
    let games: Vec<usize> = (0..record.games.len()).collect();
    assert_eq!(notes.starts, games);
    assert_eq!(notes.ends, games);
    let every: Vec<(usize, usize)> = record
        .games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| (0..game.actions.len()).map(move |a| (g, a)))
        .collect();
    assert_eq!(notes.actions, every);

    // A visitor stops the walk when it has what it came for.
    let mut notes = Notes {
        stop_after: Some(3),
        ..Notes::default()
    };
    assert_eq!(walk(&record, &mut notes).unwrap(), ControlFlow::Break(3));
    assert_eq!(notes.actions, [(0, 0), (0, 1), (0, 2)]);
    assert!(notes.ends.is_empty());
}

#[test]
fn a_refused_action_keeps_its_typed_reason() {
    let mut record = good_record();
    let k = first_play(&record, 0);
    if let RecordedAction::Play { side, .. } = &mut record.games[0].actions[k] {
        *side = match side {
            RecordSide::White => RecordSide::Black,
            RecordSide::Black => RecordSide::White,
        };
    }
    // The walk tells the actions before the refused one, then stops with the error.
    let mut notes = Notes::default();
    let e = walk(&record, &mut notes).unwrap_err();
    assert_eq!(notes.actions.len(), k);
    assert!(
        matches!(
            &e,
            RecordError::Game {
                game: 1,
                action,
                reason: GameFault::Action(a),
            } if *action == k + 1 && matches!(**a, ActionError::NotTheirTurn { what: "play", .. })
        ),
        "{e:?}"
    );
    // Saved and loaded again, it is refused for the same reason, at the same place.
    let again = load(&to_json(&record)).unwrap_err();
    assert!(
        matches!(
            &again,
            RecordError::Game {
                game: 1,
                action,
                reason: GameFault::Action(a),
            } if *action == k + 1 && matches!(**a, ActionError::NotTheirTurn { what: "play", .. })
        ),
        "{again:?}"
    );
    assert_eq!(again.to_string(), e.to_string());
}

// ---- Damaged records ----

/// The JSON of `record` after `edit`.
fn edited(record: &Record, edit: impl FnOnce(&mut Record)) -> String {
    let mut r = record.clone();
    edit(&mut r);
    to_json(&r)
}

fn expect_game_error(json: &str, game: usize, action: usize, needle: &str) {
    match load(json) {
        Err(
            e @ RecordError::Game {
                game: g, action: a, ..
            },
        ) => {
            let text = e.to_string();
            assert_eq!((g, a), (game, action), "{text}");
            let prefix = if action == 0 {
                format!("game {game}: ")
            } else {
                format!("game {game}, action {action}: ")
            };
            assert!(text.starts_with(&prefix), "{text}");
            assert!(text.contains(needle), "{text:?} should contain {needle:?}");
        }
        other => panic!("expected a game error, got {other:?}"),
    }
}

fn expect_json_error(json: &str) -> String {
    let e = load(json).expect_err("a JSON error");
    let RecordError::Json { line, source } = &e else {
        panic!("expected a JSON error, got {e:?}");
    };
    let column = source.column();
    assert!(*line >= 1 && column <= json.len() + 1, "{e}");
    let text = e.to_string();
    assert!(
        text.contains(&format!("line {line}, column {column}")),
        "{text}"
    );
    text
}

/// The index of the first play (with steps) in game `g`.
fn first_play(record: &Record, g: usize) -> usize {
    record.games[g]
        .actions
        .iter()
        .position(|a| matches!(a, RecordedAction::Play { steps, .. } if !steps.is_empty()))
        .unwrap()
}

/// The good record the damaged ones are made from: a match of several games that loads.
fn damaged_from() -> Record {
    let good = good_record();
    assert!(
        good.games.len() >= 2,
        "the test wants a match of several games"
    );
    load(&to_json(&good)).unwrap();
    good
}

#[test]
fn damaged_records_are_rejected_as_a_whole_with_the_reason() {
    let good = damaged_from();

    // Not JSON at all, and truncated.
    expect_json_error("this is not json");
    expect_json_error("");
    let json = to_json(&good);
    let text = expect_json_error(&json[..json.len() / 2]);
    assert!(text.contains("EOF"), "{text}");

    // Wrong format and version.
    let j = edited(&good, |r| r.format = "chess-pgn".into());
    assert!(matches!(load(&j), Err(RecordError::UnknownFormat(f)) if f == "chess-pgn"));
    let j = edited(&good, |r| r.version = 3);
    let e = load(&j).unwrap_err();
    assert!(matches!(e, RecordError::UnsupportedVersion(3)), "{e:?}");
    assert!(e.to_string().contains("version 3"));
    let j = edited(&good, |r| r.version = 0);
    assert!(matches!(load(&j), Err(RecordError::UnsupportedVersion(0))));

    // Rules that do not go together.
    let j = edited(&good, |r| r.rules.match_length = Some(0));
    assert!(matches!(load(&j), Err(RecordError::Rules(_))));

    // Huge numbers: too big for their fields, so the JSON is rejected where they stand.
    let j = json.replacen("\"version\": 2", "\"version\": 1e400", 1);
    expect_json_error(&j);
    let j = json.replacen("\"version\": 2", "\"version\": 18446744073709551616", 1);
    expect_json_error(&j);
    let j = json.replacen("\"seed\": 7", "\"seed\": 123456789012345678901234567890", 1);
    expect_json_error(&j);
    let j = json.replacen("\"cube_cap\": 64", "\"cube_cap\": 99999999999", 1);
    expect_json_error(&j);
    let j = json.replacen("\"opening\":[", "\"opening\":[300,", 1);
    expect_json_error(&j);
    // A version that fits but is absurd.
    let j = json.replacen("\"version\": 2", "\"version\": 4294967296", 1);
    assert!(matches!(
        load(&j),
        Err(RecordError::UnsupportedVersion(4_294_967_296))
    ));

    // Unknown actions and missing fields.
    let j = json.replacen("\"take\"", "\"takee\"", 1);
    if j != json {
        expect_json_error(&j);
    }
    let j = json.replacen("\"players\"", "\"player\"", 1);
    expect_json_error(&j);

    // A text beyond the size limit is refused before it is parsed.
    let j = " ".repeat(bg_tui::record::MAX_BYTES + 1);
    assert!(matches!(load(&j), Err(RecordError::TooLarge(_))));

    // Too many games.
    let j = edited(&good, |r| r.games = vec![Default::default(); 10_001]);
    assert!(matches!(load(&j), Err(RecordError::TooLarge(_))));

    // A name over 64 characters, a bot name over 1,024.
    let long_name = edited(&good, |r| r.players[0].name = "n".repeat(65));
    assert!(matches!(load(&long_name), Err(RecordError::TooLarge(_))));
    let long_bot = edited(&good, |r| {
        r.players[1] = PlayerInfo::bot(&format!("expert@{}", "d/".repeat(600)));
    });
    assert!(matches!(load(&long_bot), Err(RecordError::TooLarge(_))));
}

#[test]
fn damaged_plays_are_rejected_with_game_and_action() {
    let good = damaged_from();
    let k = first_play(&good, 1);
    // An illegal play in game 2: the opening play moved by a die it does not have.
    let j = edited(&good, |r| {
        if let RecordedAction::Play { steps, .. } = &mut r.games[1].actions[k] {
            steps[0].1 = steps[0].1.saturating_sub(1).max(1);
            if steps[0].0 == steps[0].1 + 1 {
                steps[0].1 = 0;
            }
        }
    });
    expect_game_error(&j, 2, k + 1, "illegal play");

    // A play whose notation names another legal play of the roll.
    let j = edited(&good, |r| {
        if let RecordedAction::Play { dice, notation, .. } = &mut r.games[1].actions[k] {
            let roll = Dice::new(dice[0], dice[1]).unwrap();
            let other = Variant::Backgammon
                .legal_plays(&Position::START, roll)
                .into_iter()
                .map(|p| format_play(&p))
                .find(|n| n != notation)
                .unwrap();
            *notation = other;
        }
    });
    expect_game_error(&j, 2, k + 1, "but the steps make");

    // Notation that is not a move at all.
    let j = edited(&good, |r| {
        if let RecordedAction::Play { notation, .. } = &mut r.games[1].actions[k] {
            *notation = "hello".into();
        }
    });
    expect_game_error(&j, 2, k + 1, "does not read as a play");

    // A step flagged as a hit where nothing is hit.
    let j = edited(&good, |r| {
        if let RecordedAction::Play { steps, .. } = &mut r.games[1].actions[k] {
            steps[0].2 = !steps[0].2;
        }
    });
    expect_game_error(&j, 2, k + 1, "the record says the opposite");

    // Numbers out of range: a die of 7, a step from point 30, an opening die of 0.
    let j = edited(&good, |r| {
        let i = r.games[0]
            .actions
            .iter()
            .position(|a| matches!(a, RecordedAction::Roll { .. }))
            .unwrap();
        if let RecordedAction::Roll { dice, .. } = &mut r.games[0].actions[i] {
            dice[0] = 7;
        }
    });
    let i = good.games[0]
        .actions
        .iter()
        .position(|a| matches!(a, RecordedAction::Roll { .. }))
        .unwrap();
    expect_game_error(&j, 1, i + 1, "not 7");
    let j = edited(&good, |r| {
        if let RecordedAction::Play { steps, .. } = &mut r.games[1].actions[k] {
            steps[0].0 = 30;
        }
    });
    expect_game_error(&j, 2, k + 1, "step 30/");
    let j = edited(&good, |r| {
        r.games[1].actions[0] = RecordedAction::Opening([0, 3])
    });
    expect_game_error(&j, 2, 1, "not 0");
    let j = edited(&good, |r| {
        if let RecordedAction::Play { steps, .. } = &mut r.games[1].actions[k] {
            steps.extend([(6, 5, false); 5]);
        }
    });
    expect_game_error(&j, 2, k + 1, "at most 4");
}

#[test]
fn damaged_cube_actions_and_results_are_rejected_with_game_and_action() {
    let good = damaged_from();

    // A take with no double, straight after the opening play.
    let j = edited(&good, |r| {
        r.games[0]
            .actions
            .insert(k_of(&good, 0) + 1, RecordedAction::Take);
    });
    expect_game_error(&j, 1, k_of(&good, 0) + 2, "there is no double to answer");

    // A double by the wrong side.
    let j = edited(&good, |r| {
        let side = match r.games[0].actions[k_of(&good, 0)] {
            RecordedAction::Play { side, .. } => side,
            _ => unreachable!(),
        };
        r.games[0]
            .actions
            .insert(k_of(&good, 0) + 1, RecordedAction::Double { side });
    });
    expect_game_error(&j, 1, k_of(&good, 0) + 2, "turn to act");

    // A result the moves do not give.
    let n1 = good.games[0].actions.len();
    let j = edited(&good, |r| {
        let res = r.games[0].result.as_mut().unwrap();
        res.points += 1;
    });
    expect_game_error(&j, 1, n1, "but the moves give");
    let j = edited(&good, |r| {
        let res = r.games[0].result.as_mut().unwrap();
        res.winner = match res.winner {
            Some(RecordSide::White) => Some(RecordSide::Black),
            Some(RecordSide::Black) => Some(RecordSide::White),
            None => None,
        };
    });
    expect_game_error(&j, 1, n1, "but the moves give");
    // A result left out, and one claimed for an unfinished game.
    let j = edited(&good, |r| r.games[0].result = None);
    expect_game_error(&j, 1, n1, "the record gives no result");
    let j = edited(&good, |r| {
        r.games[0].actions.pop();
    });
    expect_game_error(&j, 1, n1 - 1, "the game is not over");
    // A game after the match is over.
    let g = good.games.len();
    let j = edited(&good, |r| r.games.push(Default::default()));
    expect_game_error(&j, g + 1, 0, "match is over");
    // Actions after the end of a game.
    let j = edited(&good, |r| r.games[0].actions.push(RecordedAction::Take));
    expect_game_error(&j, 1, n1 + 1, "the game is over");
}

/// A bot's name may be longer than a player's (an engine's command, a nets file's path): the
/// record keeps it whole and names the player after it, cut to 64 characters, so a game
/// against `expert@` a long path saves and loads back.
#[test]
fn a_long_bot_name_is_kept_whole_and_the_players_name_cut() {
    use bg_tui::record::{MAX_NAME_CHARS, PlayerKind, name_for_bot};
    let bot = format!("expert:0@/{}/n.bgnet", "long-folder/".repeat(20));
    let info = PlayerInfo::bot(&bot);
    assert_eq!(info.kind, PlayerKind::Bot(bot.clone()));
    assert_eq!(info.name.chars().count(), MAX_NAME_CHARS);
    assert!(info.name.ends_with('…') && bot.starts_with(info.name.trim_end_matches('…')));
    assert_eq!(name_for_bot("expert:1"), "expert:1");
    let record = Recorder::new(
        [PlayerInfo::human("Ann"), info.clone()],
        Rules::money(),
        Some(3),
    )
    .into_record();
    let loaded = load(&to_json(&record)).expect("a record with a long bot name loads");
    assert_eq!(loaded.0.players[1], info);
}

/// The index of the first play with steps in game `g` of `record`.
fn k_of(record: &Record, g: usize) -> usize {
    first_play(record, g)
}

#[test]
fn the_documented_example_loads_and_is_what_to_json_writes() {
    let source = include_str!("../../src/record.rs");
    let start = source.find("//! ```json\n").unwrap() + "//! ```json\n".len();
    let end = start + source[start..].find("//! ```\n").unwrap();
    let example: String = source[start..end]
        .lines()
        .map(|l| format!("{}\n", l.strip_prefix("//! ").unwrap_or("")))
        .collect();
    let (record, m) = load(&example).unwrap_or_else(|e| panic!("{e}\n{example}"));
    assert_eq!(to_json(&record), example);
    assert_eq!(m.score(Side::Black), 1);
    assert_eq!(m.game_number(), 2);
    assert_eq!(m.game().turn(), Side::White);
}

/// A few errors as the user sees them (printed by `error_messages_read_as_promised`).
fn sample_errors() -> Vec<(&'static str, String)> {
    let good = good_record();
    let k = first_play(&good, 1);
    let mut out = Vec::new();
    let mut r = good.clone();
    if let RecordedAction::Play {
        steps, notation, ..
    } = &mut r.games[1].actions[k]
    {
        steps.reverse();
        steps[0].0 = 13;
        *notation = "13/7 8/7".into();
    }
    out.push(("illegal", load(&to_json(&r)).unwrap_err().to_string()));
    let mut r = good.clone();
    r.games[0].result.as_mut().unwrap().points += 2;
    out.push(("result", load(&to_json(&r)).unwrap_err().to_string()));
    out.push(("json", load("{\"format\": ").unwrap_err().to_string()));
    out
}

#[test]
fn error_messages_read_as_promised() {
    let e = RecordError::Game {
        game: 2,
        action: 14,
        reason: GameFault::Action(Box::new(ActionError::IllegalPlay {
            play: "13/7 8/7".into(),
            roll: [6, 1],
            why: IllegalPlayReason::Step {
                from: 13,
                to: 7,
                error: TurnError::Illegal(IllegalStep::NoSuchDie(6)),
            },
        })),
    };
    assert_eq!(
        e.to_string(),
        "game 2, action 14: illegal play 13/7 8/7 for 6-1: step 13/7: no 6 left to play"
    );
    // The reason is there typed, as the error's source too.
    let source = std::error::Error::source(&e).and_then(|s| s.downcast_ref::<GameFault>());
    assert!(
        matches!(source, Some(GameFault::Action(a)) if matches!(**a, ActionError::IllegalPlay { .. })),
        "{source:?}"
    );
    for (name, text) in sample_errors() {
        println!("{name}: {text}");
    }
    let e = load("{\"format\": 3}").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("not a valid record: line 1, column"),
        "{e}"
    );
}

// ---- Hostile input never panics ----

fn small_good_json() -> String {
    to_json(&bot_match(Rules::match_to(3), "greedy", "random", 21, usize::MAX).into_record())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = load(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = load(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_records_never_panic(
        ops in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..8)
    ) {
        thread_local! {
            static GOOD: String = small_good_json();
        }
        let mut bytes = GOOD.with(|g| g.clone().into_bytes());
        common::mutate(&mut bytes, &ops);
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = load(&text) {
            // Every error can be shown.
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn mutated_digits_never_panic(
        picks in proptest::collection::vec((any::<usize>(), 0u8..10), 1..4)
    ) {
        thread_local! {
            static GOOD: String = small_good_json();
        }
        let mut bytes = GOOD.with(|g| g.clone().into_bytes());
        let digits: Vec<usize> = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        for (i, d) in picks {
            let at = digits[i % digits.len()];
            bytes[at] = b'0' + d;
        }
        let _ = load(&String::from_utf8_lossy(&bytes));
    }
}

// ---- Example records in assets/records ----

fn assets_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/records")
}

/// The example records: (file name, record).
fn examples() -> Vec<(&'static str, Record)> {
    let money = Rules {
        beaver: true,
        jacoby: true,
        ..Rules::money()
    };
    vec![
        (
            "match-5-greedy-vs-random.json",
            bot_match(Rules::match_to(5), "greedy", "random", 2026, usize::MAX).into_record(),
        ),
        (
            "match-3-greedy-vs-greedy.json",
            bot_match(Rules::match_to(3), "greedy", "greedy", 11, usize::MAX).into_record(),
        ),
        (
            "money-greedy-vs-greedy.json",
            bot_match(money, "greedy", "greedy", 5, 3).into_record(),
        ),
    ]
}

/// Writes the example records: `cargo test --test records -- --ignored write_example_records`.
#[test]
#[ignore = "writes assets/records; run by hand to regenerate"]
fn write_example_records() {
    std::fs::create_dir_all(assets_dir()).unwrap();
    for (name, record) in examples() {
        std::fs::write(assets_dir().join(name), to_json(&record)).unwrap();
    }
}

#[test]
fn every_example_record_loads() {
    let mut count = 0;
    for entry in std::fs::read_dir(assets_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (record, m) = load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(
                m.results().len(),
                record.games.iter().filter(|g| g.result.is_some()).count()
            );
            count += 1;
        }
    }
    assert!(count >= 2, "assets/records holds {count} records");
}

#[test]
fn version_1_records_still_load() {
    // The example records were written by version 1 (`"variant": "standard"` in the rules,
    // no rule set per game).
    for name in [
        "match-3-greedy-vs-greedy.json",
        "money-greedy-vs-greedy.json",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/records")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("\"version\": 1,"),
            "{name} is a version 1 record"
        );
        let (record, m) = load(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.rules.rule_set, bg_tui::engine::RuleSet::Backgammon);
        assert!(!m.results().is_empty());
        // Written again, it is a version 2 record with the rule set of every game.
        let again = to_json(&record);
        assert!(again.contains("\"version\": 2,") && again.contains("\"variant\": \"backgammon\""));
        assert_eq!(load(&again).unwrap().1, m);
    }
}

/// A play step from or to a number that is no place (above 25) is refused at the door with
/// both numbers as written, never turned into a place.
#[test]
fn a_step_from_no_place_is_refused_naming_it() {
    let good = good_record();
    let k = first_play(&good, 1);
    let mut r = good.clone();
    if let RecordedAction::Play { steps, .. } = &mut r.games[1].actions[k] {
        steps[0].0 = 30;
    }
    let e = load(&to_json(&r)).unwrap_err();
    assert!(
        e.to_string()
            .contains(": a place is off (0), a point (1-24) or the bar (25)"),
        "{e}"
    );
    assert!(e.to_string().contains("step 30/"), "{e}");
}

/// Issue 31 §7: a side handed to a bot between games: the record names each game's players
/// as they were (the finished games keep theirs, written with the game), loads back the
/// same, and the replay's text says who played the earlier games; handing it back writes
/// nothing more.
#[test]
fn each_game_keeps_its_players_when_a_side_changes_hands() {
    let rules = Rules::match_to(7);
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::bot("greedy"), PlayerInfo::human("Bob")],
        rules,
        Some(3),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut players = bots("greedy", "greedy", 3);
    play_on(&mut m, &mut rec, &mut players, &mut rng, 1);
    assert_eq!(m.results().len(), 1, "one game played");
    rec.set_player_kind(Side::Black, PlayerKind::Bot("greedy".to_string()));
    play_on(&mut m, &mut rec, &mut players, &mut rng, 2);
    check_round_trip(&rec);
    let record = rec.as_record();
    assert_eq!(
        record.players[1].kind,
        PlayerKind::Bot("greedy".to_string())
    );
    assert_eq!(record.players_of_game(0)[1], PlayerInfo::human("Bob"));
    assert_eq!(
        record.players_of_game(1)[1].kind,
        PlayerKind::Bot("greedy".to_string())
    );
    assert!(
        record.games[1].players.is_none(),
        "the second game is the record's players'"
    );
    let json = to_json(record);
    assert_eq!(json.matches("\"players\"").count(), 2, "{json}");
    let timeline = bg_tui::replay::Timeline::new(record).unwrap();
    let text = bg_tui::replay::text::render(record, &timeline);
    assert!(
        text.contains("Game 1: ") && text.contains("Played by: White bot greedy; Black human"),
        "{text}"
    );
    assert_eq!(text.matches("Played by").count(), 1, "{text}");
    // Handed back: the first game's players are the record's again, and written no more.
    rec.set_player_kind(Side::Black, PlayerKind::Human);
    let record = rec.as_record();
    assert!(record.games[0].players.is_none());
    assert_eq!(
        record.players_of_game(1)[1].kind,
        PlayerKind::Bot("greedy".to_string())
    );
}

/// Issue 49 §6: a side handed to a bot during a game (`:bot`, then `:human`): the game
/// notes who played the side before each change, so each action is put down to the
/// player who made it; the record loads back the same, the replay's text says where the
/// side changed hands, and a change past the game's actions or out of order is refused.
#[test]
fn a_side_handed_on_during_a_game_keeps_who_made_each_action() {
    let mut record = good_record();
    record.games.truncate(1);
    record.games[0].actions.truncate(12);
    record.games[0].result = None;
    record.players = [PlayerInfo::human("Alice"), PlayerInfo::human("Bob")];
    let mut rec = Recorder::resume(record);
    rec.set_player_kind(Side::Black, PlayerKind::Bot("greedy".to_string()));
    // Handed on again before anything is played: only who played the first 12 is noted.
    rec.set_player_kind(Side::Black, PlayerKind::Bot("expert".to_string()));
    // White handed to a bot and back before it acts: no change of White's at all.
    rec.set_player_kind(Side::White, PlayerKind::Bot("expert".to_string()));
    rec.set_player_kind(Side::White, PlayerKind::Human);
    assert_eq!(rec.as_record().games[0].seat_changes.len(), 1);
    check_round_trip(&rec);
    // Four more actions (the bot's and White's), then Bob takes Black back.
    let mut more = rec.as_record().clone();
    more.games[0]
        .actions
        .extend_from_slice(&good_record().games[0].actions[12..16]);
    let mut rec = Recorder::resume(more);
    rec.set_player_kind(Side::Black, PlayerKind::Human);
    check_round_trip(&rec);
    let record = rec.as_record();
    let changes = &record.games[0].seat_changes;
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert_eq!((changes[0].at, changes[1].at), (12, 16));
    let bob = PlayerInfo::human("Bob");
    let expert = PlayerInfo {
        name: "Bob".to_string(),
        kind: PlayerKind::Bot("expert".to_string()),
    };
    assert_eq!(record.player_at(0, 11, Side::Black), &bob);
    assert_eq!(record.player_at(0, 12, Side::Black), &expert);
    assert_eq!(record.player_at(0, 15, Side::Black), &expert);
    assert_eq!(record.player_at(0, 16, Side::Black), &bob);
    assert_eq!(
        record.player_at(0, 3, Side::White),
        &PlayerInfo::human("Alice")
    );
    let json = to_json(record);
    assert_eq!(json.matches("\"seat_changes\"").count(), 1, "{json}");
    let timeline = bg_tui::replay::Timeline::new(record).unwrap();
    let text = bg_tui::replay::text::render(record, &timeline);
    assert!(
        text.contains("From here Black is played by bot expert (human before)")
            && text.contains("From here Black is played by human (bot expert before)"),
        "{text}"
    );
    // Refused at the door: a change past the actions, and changes out of order.
    for (at, other) in [(17, 12), (16, 17)] {
        let mut bad = record.clone();
        bad.games[0].seat_changes[1].at = at;
        bad.games[0].seat_changes[0].at = other;
        let e = load(&to_json(&bad)).unwrap_err();
        assert!(
            matches!(
                e,
                RecordError::Game {
                    game: 1,
                    reason: GameFault::SeatChange { .. },
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string().contains("a change of player at action"),
            "{e}"
        );
    }
}
