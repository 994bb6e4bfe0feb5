//! The viewer as a study board (`h`, `P`, `e`) and its match graph (`g`): the graph's data
//! on a hand-made analysis of the short record, the alternatives panel, the game that `P`
//! starts and the editor that `e` opens, and snapshots at 80×24 and 120×40.

use super::common::{drawn, snapshot_both};
use crate::tui::Event;
use crate::tui::viewer::analysis_board::AnalysisOutcome;
use crate::tui::viewer::graph::match_graph;
use crate::tui::viewer::study::{DecisionStates, ViewerExit};
use crate::tui::viewer::{StudyJob, ViewOptions, Viewer, ViewerNews, editing_app};
use crate::tui::{App, Player};
use bg_tui::advisor::Mark;
use bg_tui::analysis::{Analysis, Judged, LuckMark, RollLuck};
use bg_tui::bot::expert::met::match_equity;
use bg_tui::engine::{Side, position_id};
use bg_tui::record::{self, Record};
use bg_tui::replay::Timeline;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The hand-checked short record: a 3-point match. Game 1 at 0-0: Alice (White) opens 3-1
/// and plays 8/5 6/5 (action 2, from 1), Bob rolls 6-5 (3) and plays 24/13 (4), Alice
/// doubles (5), Bob passes (6). Game 2 at 1-0: Bob opens 6-1 and plays 13/7 8/7 (2), Alice
/// resigns, Bob accepts. Game 3 at 1-1 has only its opening.
const SHORT: &str = include_str!("../../../tests/data/replay-short.json");

fn short_record() -> Record {
    record::load(SHORT).expect("the short record loads").0
}

fn press(v: &mut Viewer, code: KeyCode) {
    v.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn judged(
    game: usize,
    action: usize,
    side: &str,
    kind: &str,
    done: &str,
    equity: f64,
    loss: f64,
) -> Judged {
    Judged {
        game,
        action,
        side: if side == "black" {
            bg_tui::engine::Side::Black
        } else {
            bg_tui::engine::Side::White
        },
        kind: bg_tui::advisor::DecisionKind::from_words(kind).expect("a kind of decision"),
        position_id: String::new(),
        dice: None,
        done: done.to_string(),
        best: done.to_string(),
        loss,
        done_equity: equity,
        best_equity: equity + loss,
        best_play: None,
        loss_mwc: Some(loss / 10.0),
        ply: 0,
        choices: 0,
        cube: None,
        scale: 0.1,
    }
}

/// An analysis of the short record made by hand: its four decisions with chosen equities,
/// Alice's double a blunder (`??`), Bob's 6-5 lucky.
fn hand_made_analysis() -> Analysis {
    // The summary's figures are the expert's; the decisions and the luck are set here.
    let mut a = bg_tui::analysis::analyse(&short_record(), 0).expect("analysed at 0-ply");
    a.judged = vec![
        judged(1, 2, "white", "play", "8/5 6/5", 0.0, 0.0),
        judged(1, 4, "black", "play", "24/13", 0.2, 0.0),
        judged(1, 5, "white", "double", "Double", 0.5, 0.3),
        judged(1, 6, "black", "pass", "Pass", -1.0, 0.0),
        judged(2, 2, "black", "play", "13/7 8/7", 0.0, 0.05),
    ];
    a.roll_luck = vec![RollLuck {
        game: 1,
        action: 4,
        side: bg_tui::engine::Side::Black,
        dice: [6, 5],
        luck: 0.4,
        luck_mwc: 0.04,
        mark: Some(LuckMark::Lucky),
    }];
    a
}

/// Each decision's White MWC after it, worked out from the match equity table: a game at
/// cube 1 is worth the chances of winning and of losing it, and an EMG equity e is
/// (W + L) / 2 + e (W - L) / 2 of them.
#[test]
fn the_graph_has_one_point_per_decision_with_whites_mwc_after_it_and_the_marks() {
    let record = short_record();
    let graph = match_graph(&hand_made_analysis(), &DecisionStates::of(&record));
    assert!(graph.in_match);
    assert_eq!(graph.points.len(), 5, "one point per judged decision");
    // At 0-0 of a 3-point match both are 3 away: winning a single game leaves the winner 2
    // away.
    let win = f64::from(match_equity(2, 3, false));
    let lose = 1.0 - win;
    assert!((0.55..0.65).contains(&win), "2-away against 3-away: {win}");
    let mwc = |e: f64| 100.0 * (f64::midpoint(win, lose) + e * (win - lose) / 2.0);
    let values: Vec<f64> = graph.points.iter().map(|p| p.value).collect();
    // Alice's play at equity 0: even, 50%.
    assert!((values[0] - 50.0).abs() < 1e-3, "{values:?}");
    // Bob's play at +0.2 for him: White's chances are the rest.
    assert!((values[1] - (100.0 - mwc(0.2))).abs() < 1e-3, "{values:?}");
    // Alice's double at +0.5 for her.
    assert!((values[2] - mwc(0.5)).abs() < 1e-3, "{values:?}");
    // Bob's pass (he is not on roll: the cube as he sees it) at -1: he loses the game, so
    // White has her chances of a won game.
    assert!((values[3] - 100.0 * win).abs() < 1e-3, "{values:?}");
    // Game 2 at 1-0, Bob to play at equity 0: for him half-way between winning a game (2
    // away each) and losing one (he 3 away, Alice 1 away in the Crawford game).
    let bob = f64::midpoint(
        f64::from(match_equity(2, 2, false)),
        1.0 - f64::from(match_equity(1, 3, false)),
    );
    assert!(
        (values[4] - 100.0 * (1.0 - bob)).abs() < 1e-2,
        "{values:?} {bob}"
    );
    // The marks: the double's ?? and the 24/13's lucky roll, the last play's ?! (0.05).
    let marks: Vec<_> = graph.points.iter().map(|p| (p.error, p.luck)).collect();
    assert_eq!(
        marks,
        vec![
            (None, None),
            (None, Some(LuckMark::Lucky)),
            (Some(Mark::VeryBad), None),
            (None, None),
            (Some(Mark::Doubtful), None),
        ]
    );
    assert_eq!(graph.points[1].decider, Side::Black);
    assert_eq!(graph.value_text(values[0]), "50.0% MWC");
}

/// A viewer of the short record with the hand-made analysis made (as its worker hands it
/// back).
fn analysed_viewer() -> Viewer {
    let mut v = Viewer::new(
        Timeline::new(&short_record()).expect("timeline"),
        ViewOptions {
            analyse: true,
            ply: 0,
            ..ViewOptions::default()
        },
    );
    let _ = v.take_analysis_job();
    v.handle(Event::Msg(ViewerNews::AnalysisDone(Box::new(
        AnalysisOutcome {
            result: Ok(hand_made_analysis()),
            from_cache: false,
            note: None,
        },
    ))));
    v
}

/// The first moment of action `action` (from 0) of game `game` (from 0).
fn moment_of(v: &Viewer, game: usize, action: usize) -> usize {
    v.timeline()
        .moments()
        .iter()
        .position(|m| m.game == game && m.action == Some(action))
        .expect("the action has a moment")
}

/// `g` shows the graph over the board; Right and Left move from decision to decision, the
/// one shown marked on the graph.
pub(super) fn check_graph_key() {
    let mut v = analysed_viewer();
    press(&mut v, KeyCode::Char('g'));
    assert_eq!(v.graph_point(), None, "before the first decision");
    press(&mut v, KeyCode::Right);
    assert_eq!(v.graph_point(), Some(0));
    assert_eq!(v.at(), moment_of(&v, 0, 1), "Alice's play");
    press(&mut v, KeyCode::Right);
    press(&mut v, KeyCode::Right);
    assert_eq!(v.graph_point(), Some(2));
    assert_eq!(v.at(), moment_of(&v, 0, 4), "Alice's double");
    press(&mut v, KeyCode::Left);
    assert_eq!(v.graph_point(), Some(1));
    // g again hides it: Right is one step again.
    press(&mut v, KeyCode::Char('g'));
    let at = v.at();
    press(&mut v, KeyCode::Right);
    assert_eq!(v.at(), at + 1);
    assert_eq!(v.graph_point(), None, "no graph shown");
    assert_eq!(v.match_graph().map(|g| g.points.len()), Some(5));
}

#[test]
fn the_graph_moves_the_viewer_and_marks_the_decision_shown() {
    check_graph_key();
}

#[test]
fn the_graph_snapshots() {
    let mut v = analysed_viewer();
    press(&mut v, KeyCode::Char('g'));
    for _ in 0..3 {
        press(&mut v, KeyCode::Right);
    }
    snapshot_both!("viewer_graph_double", &v);
}

/// Opens the study panel at action `action` of game `game` and works its alternatives
/// out on this thread, as the worker does.
fn study_at(game: usize, action: usize) -> Viewer {
    let mut v = Viewer::new(
        Timeline::new(&short_record()).expect("timeline"),
        ViewOptions {
            ply: 0,
            ..ViewOptions::default()
        },
    );
    v.go_to(moment_of(&v, game, action));
    press(&mut v, KeyCode::Char('h'));
    let study = v.study().expect("the panel opens at once");
    assert!(!study.ready, "it waits for the worker");
    let jobs = v.take_study_jobs();
    assert_eq!(jobs.len(), 1);
    let StudyJob::Alternatives(job) = &jobs[0] else {
        panic!("the alternatives are asked for");
    };
    let panel = Box::new(job.panel());
    v.handle(Event::Msg(ViewerNews::Alternatives(job.id, panel)));
    v
}

/// `h` lists the decision's alternatives ranked, the one made marked `*` at the start of
/// its line where the cursor is not (never after the notation, where a star reads as a
/// hit), in the ranking and in its rollout; Esc closes it.
pub(super) fn check_alternatives_key() {
    // The line of the ranking (or the rollout) naming `play`.
    fn line_of<'a>(lines: &'a [String], play: &str) -> &'a str {
        lines
            .iter()
            .find(|l| {
                l.get(4..)
                    .is_some_and(|rest| rest.starts_with(&format!("{play} ")))
            })
            .unwrap_or_else(|| panic!("{play} is listed: {lines:?}"))
    }
    let mut v = study_at(1, 1);
    let study = v.study().expect("open");
    assert!(study.ready);
    let lines = study.panel.lines();
    let made = lines
        .iter()
        .find(|l| l.starts_with("* the play made: 13/7 8/7, "))
        .expect("the play made is named");
    assert!(made.contains(" of "), "{made}");
    assert!(
        line_of(&lines, "13/7 8/7").starts_with('>'),
        "the cursor starts on the play made: {lines:?}"
    );
    assert!(study.panel.plays.len() > 5, "every play of 6-1 ranked");
    let rank = study.panel.played.expect("the play made is ranked");
    // The cursor moved off it, the play made keeps its star; no line has one after a play.
    press(
        &mut v,
        if rank == 0 {
            KeyCode::Down
        } else {
            KeyCode::Up
        },
    );
    let lines = v.study().expect("open").panel.lines();
    assert!(line_of(&lines, "13/7 8/7").starts_with('*'), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("8/7*")), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.starts_with('>')).count(), 1);
    if rank < 5 {
        // Its rollout (the best five) marks it the same way.
        press(&mut v, KeyCode::Char('R'));
        let lines = v.study().expect("open").panel.lines();
        assert!(line_of(&lines, "13/7 8/7").starts_with('*'), "{lines:?}");
        press(&mut v, KeyCode::Esc); // stops it
    }
    press(&mut v, KeyCode::Esc);
    assert!(v.study().is_none());
    assert!(!v.should_quit());
}

#[test]
fn h_ranks_the_alternatives_and_marks_the_play_made() {
    check_alternatives_key();
}

#[test]
fn h_on_a_cube_action_gives_the_cube_equities_and_the_action_taken() {
    let v = study_at(0, 4);
    let lines = v.study().expect("open").panel.lines();
    assert!(lines.iter().any(|l| l == "done: double"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("R rolls the position out")),
        "{lines:?}"
    );
}

#[test]
fn r_in_the_study_panel_rolls_out_and_closing_stops_it() {
    let mut v = study_at(1, 1);
    press(&mut v, KeyCode::Char('R'));
    let jobs = v.take_study_jobs();
    let [StudyJob::Rollout(job)] = jobs.as_slice() else {
        panic!("a rollout is started: {jobs:?}");
    };
    assert!(v.study().is_some_and(|s| s.panel.rollout.is_some()));
    assert!(!job.stopped());
    press(&mut v, KeyCode::Esc);
    assert!(job.stopped(), "Esc stops the rollout");
    assert!(v.study().is_some(), "its result so far stays shown");
    press(&mut v, KeyCode::Esc);
    assert!(v.study().is_none(), "a second Esc closes the panel");
    // Closing the panel stops a rollout too.
    let mut v = study_at(1, 1);
    press(&mut v, KeyCode::Char('R'));
    let jobs = v.take_study_jobs();
    let [StudyJob::Rollout(job)] = jobs.as_slice() else {
        panic!("a rollout is started: {jobs:?}");
    };
    press(&mut v, KeyCode::Char('n'));
    assert!(job.stopped() && v.study().is_none());
}

#[test]
fn the_study_panel_snapshots() {
    let v = study_at(1, 1);
    snapshot_both!("viewer_study_alternatives", &v);
    let mut v = analysed_viewer();
    v.go_to(moment_of(&v, 1, 1));
    press(&mut v, KeyCode::Char('P'));
    snapshot_both!("viewer_study_play_on", &v);
}

/// The game `options` start, with what it shows.
fn game_of(exit: Option<&ViewerExit>) -> (App, Vec<Player>) {
    let options = match exit {
        Some(ViewerExit::Play(options) | ViewerExit::Edit(options)) => options.clone(),
        None => panic!("the viewer hands over"),
    };
    let players = options.players.to_vec();
    let app = match exit {
        Some(ViewerExit::Edit(_)) => editing_app(*options),
        _ => App::new(*options),
    }
    .expect("the game starts");
    (app, players)
}

/// `P` then 1 or 2: the viewer closes and a game starts at its position, dice and score.
pub(super) fn check_play_on_key() {
    let record = short_record();
    let states = DecisionStates::of(&record);
    let (before, _) = states.at(1, 1).expect("Bob's 6-1");
    let id = position_id(before.game().position());
    for (answer, bot) in [('1', None), ('2', Some(Side::White))] {
        let mut v = analysed_viewer();
        v.go_to(moment_of(&v, 1, 1));
        press(&mut v, KeyCode::Char('P'));
        assert!(!v.should_quit(), "it asks who plays first");
        press(&mut v, KeyCode::Char(answer));
        assert!(v.should_quit(), "the viewer closes");
        let (app, players) = game_of(v.exit());
        let model = app.model();
        assert_eq!(model.position_id, id, "the position of the moment");
        assert_eq!(model.score, [1, 0], "the match's score");
        assert_eq!(model.match_length, Some(3));
        assert_eq!(model.on_roll, Side::Black);
        assert_eq!(model.dice.map(|d| (d.high(), d.low())), Some((6, 1)));
        for side in [Side::White, Side::Black] {
            let is_bot = matches!(players[side.index()], Player::Bot(_));
            assert_eq!(is_bot, bot == Some(side), "{answer}: {side}");
        }
    }
    // Any other key takes the question back; at a game's start there is nothing to play.
    let mut v = analysed_viewer();
    v.go_to(moment_of(&v, 1, 1));
    press(&mut v, KeyCode::Char('P'));
    press(&mut v, KeyCode::Char('x'));
    assert!(!v.should_quit() && v.exit().is_none());
    v.go_to(0);
    press(&mut v, KeyCode::Char('P'));
    assert!(v.model().message.starts_with("no decision at this moment"));
}

#[test]
fn shift_p_plays_on_from_the_position_and_score_shown() {
    check_play_on_key();
}

/// `e`: the viewer closes and the game opens its position editor on the moment's position.
pub(super) fn check_edit_key() {
    let mut v = analysed_viewer();
    v.go_to(moment_of(&v, 0, 4));
    press(&mut v, KeyCode::Char('e'));
    assert!(v.should_quit());
    assert!(matches!(v.exit(), Some(ViewerExit::Edit(_))));
    let (app, players) = game_of(v.exit());
    assert!(players.iter().all(|p| *p == Player::Human));
    let model = app.model();
    assert!(
        model.message.starts_with("set up the position"),
        "the editor is open: {}",
        model.message
    );
    let record = short_record();
    let states = DecisionStates::of(&record);
    let (before, _) = states.at(0, 4).expect("Alice's double");
    assert_eq!(model.position_id, position_id(before.game().position()));
}

#[test]
fn e_opens_the_editor_on_the_position_shown() {
    check_edit_key();
}

/// A money session (no cube): each value is White's equity in points after the decision,
/// the decider's equity turned to White's view; drawn in ASCII only when asked.
#[test]
fn a_money_graph_gives_whites_equity_in_points_and_draws_in_ascii() {
    let text = include_str!("../../../tests/data/planted-blunder.json");
    let record = record::load(text).expect("the record loads").0;
    let mut a = bg_tui::analysis::analyse(&record, 0).expect("analysed at 0-ply");
    a.judged = vec![
        judged(1, 2, "white", "play", "8/3 8/2", 0.4, 0.2),
        judged(1, 4, "black", "play", "8/5 6/5", 0.3, 0.0),
    ];
    a.roll_luck.clear();
    let graph = match_graph(&a, &DecisionStates::of(&record));
    assert!(!graph.in_match);
    let values: Vec<f64> = graph.points.iter().map(|p| p.value).collect();
    assert_eq!(values.len(), 2);
    assert!((values[0] - 0.4).abs() < 1e-6, "{values:?}");
    assert!((values[1] + 0.3).abs() < 1e-6, "{values:?}");
    assert_eq!(graph.value_text(values[1]), "-0.300 points");
    let mut v = Viewer::new(
        Timeline::new(&record).expect("timeline"),
        ViewOptions {
            analyse: true,
            ascii: true,
            ply: 0,
            ..ViewOptions::default()
        },
    );
    let _ = v.take_analysis_job();
    v.handle(Event::Msg(ViewerNews::AnalysisDone(Box::new(
        AnalysisOutcome {
            result: Ok(a),
            from_cache: false,
            note: None,
        },
    ))));
    press(&mut v, KeyCode::Char('g'));
    press(&mut v, KeyCode::Right);
    for (w, h) in [(80, 24), (120, 40)] {
        let terminal = drawn(&v, w, h);
        let screen = terminal.backend().to_string();
        assert!(screen.contains("equity, points"), "{screen}");
        assert!(screen.contains("after it: +0.400 points"), "{screen}");
        assert!(screen.is_ascii(), "{screen}");
    }
}
