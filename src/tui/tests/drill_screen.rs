//! The drill screen (`bg-tui drill`, `:drill`) on ratatui's `TestBackend`: snapshots of a
//! question and of a wrong answer at 80×24 and 120×40 (backgammon, and Plakoto), a key
//! script of a wrong then a right answer with the schedule that follows, the schedule
//! kept in its file, `--list`, and the drill opened and left from inside the game.

use super::common::{drawn, press, snapshot_both, type_command};
use crate::tui::App;
use crate::tui::drill::{Drill, DrillOptions};
use crate::tui::terminal::Screen;
use bg_tui::analysis::{Analysis, BestPlay, Judged, cache};
use bg_tui::drill::{Choice, DEFAULT_MIN_LOSS, Item, Schedule, items_of};
use bg_tui::engine::{Action, Dice, Phase, Play, RuleSet, Rules, format_play};
use bg_tui::record::{PlayerInfo, Record, Recorder};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The drill's clock in the tests: a fixed time.
const NOW: u64 = 1_800_000_000;

fn fixed_now() -> u64 {
    NOW
}

/// A match of `rules` between Alice (a person, White) and a bot: the opening 3-1 to White
/// and Alice's play, the first legal play in notation order, judged by a hand-made
/// analysis to lose 0.25 against the last one in notation order.
fn analysed(rules: Rules) -> (Record, Analysis, String, Play) {
    let mut m = bg_tui::engine::MatchState::new(rules).expect("the rules");
    let mut recorder = Recorder::new(
        [PlayerInfo::human("Alice"), PlayerInfo::bot("expert")],
        rules,
        None,
    );
    for _ in 0..4 {
        match m.game().phase() {
            Phase::Opening => recorder
                .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
                .expect("the opening roll"),
            Phase::Rolling => recorder
                .apply(&mut m, Action::Roll(Dice::new(3, 1).expect("dice")))
                .expect("a roll"),
            _ => break,
        }
    }
    let mut plays: Vec<Play> = m.game().legal_plays().to_vec();
    plays.sort_by_key(format_play);
    let index = recorder.as_record().games[0].actions.len();
    let (made, best) = (plays[0], plays[plays.len() - 1]);
    recorder
        .apply(&mut m, Action::Play(made))
        .expect("the play");
    let judged = Judged {
        game: 1,
        action: index + 1,
        side: bg_tui::engine::Side::White,
        kind: bg_tui::advisor::DecisionKind::Play,
        position_id: String::new(),
        dice: Some([3, 1]),
        done: format_play(&made),
        best: format_play(&best),
        loss: 0.25,
        done_equity: -0.1,
        best_equity: 0.15,
        best_play: Some(BestPlay {
            steps: Vec::new(),
            position: *best.position(),
        }),
        loss_mwc: None,
        ply: 2,
        choices: plays.len(),
        cube: None,
        scale: 1.0,
    };
    let analysis = Analysis {
        players: ["Alice".to_string(), "expert".to_string()],
        ply: 2,
        player_ply: [None, Some(2)],
        match_length: rules.match_length,
        decisions: [1, 0],
        total_loss: [0.25, 0.0],
        errors: [1, 0],
        judged: vec![judged],
        luck: [0.0; 2],
        rolls: [1, 0],
        luck_rating: [String::new(), String::new()],
        error_rate: [0.0; 2],
        rating: [String::new(), String::new()],
        pr: [0.0; 2],
        result: [0.0; 2],
        luck_adjusted: [0.0; 2],
        dice: [[0; 21]; 2],
        stats: Default::default(),
        roll_luck: Vec::new(),
    };
    (recorder.into_record(), analysis, format_play(&made), best)
}

fn items(rules: Rules) -> Vec<Item> {
    let (record, analysis, _, _) = analysed(rules);
    items_of(&record, &analysis, "match-1.json", DEFAULT_MIN_LOSS)
}

fn options() -> DrillOptions {
    DrillOptions {
        clock: fixed_now,
        value_others: false,
        ..DrillOptions::default()
    }
}

fn drill(rules: Rules) -> Drill {
    Drill::new(items(rules), Schedule::default(), options())
}

fn key(d: &mut Drill, code: KeyCode) {
    d.handle(crate::tui::Event::Key(KeyEvent::new(
        code,
        KeyModifiers::NONE,
    )));
}

/// A money game whose saves go to `dir`, which holds an analysed record, with `:drill` typed.
fn game_with_drill_open(dir: &std::path::Path) -> App {
    folder_with_record(dir);
    let mut app = App::new(crate::tui::tests::tui_saves::options(
        Rules::money(),
        Some(5),
        Some(dir),
    ))
    .expect("a game");
    type_command(&mut app, "drill");
    app
}

/// Moves the cursor to the choice written `text`.
fn choose(d: &mut Drill, text: &str) {
    key(d, KeyCode::Home);
    let at = d
        .choices()
        .iter()
        .position(|c| c.text() == text)
        .expect("a choice");
    for _ in 0..at {
        key(d, KeyCode::Down);
    }
}

#[test]
fn a_backgammon_question() {
    let d = drill(Rules::match_to(5));
    let model = d.model().expect("a board");
    assert!(
        model.status.contains("Alice (White) to play 3-1"),
        "{}",
        model.status
    );
    assert!(
        model.status.contains("backgammon, 5-point match, 0-0"),
        "{}",
        model.status
    );
    assert_eq!(model.dice, Some(Dice::new(3, 1).expect("dice")));
    assert!(d.answered().is_none());
    snapshot_both!("drill_question", &d);
}

#[test]
fn a_plakoto_question() {
    let d = drill(Rules::of(RuleSet::Plakoto));
    let model = d.model().expect("a board");
    assert!(model.status.contains("Plakoto, money"), "{}", model.status);
    let terminal = drawn(&d, 80, 24);
    insta::assert_snapshot!("drill_plakoto_question_80x24", terminal.backend());
}

/// A wrong answer (the play made in the match) says so with its loss and the best; it
/// comes back once more in the session, and then the best is right; the schedule keeps
/// one miss and one hit (box 2, due in three days).
#[test]
fn a_wrong_answer_then_a_right_one() {
    let (_, _, made, best) = analysed(Rules::match_to(5));
    let best = format_play(&best);
    let mut d = drill(Rules::match_to(5));
    let key_of = d.item().expect("an item").key.clone();
    assert_eq!(d.left(), 0);
    choose(&mut d, &made);
    key(&mut d, KeyCode::Enter);
    let answered = d.answered().expect("answered");
    assert!(!answered.graded.right);
    assert_eq!(answered.graded.loss, Some(0.25));
    let model = d.model().expect("a board");
    assert!(
        model.message.starts_with(&format!(
            "Wrong: {made} loses 0.250 EMG (very bad ??); best: {best}"
        )),
        "{}",
        model.message
    );
    assert!(
        model
            .log
            .iter()
            .any(|l| l.starts_with("best: ") && l.ends_with(" EMG)")),
        "{:?}",
        model.log
    );
    assert!(
        model.last_move.is_some(),
        "the best play marked on the board"
    );
    snapshot_both!("drill_wrong", &d);
    let card = *d.schedule().card(&key_of).expect("a card");
    assert_eq!(
        (card.level, card.misses, card.due),
        (1, 1, NOW + bg_tui::drill::MISS_AGAIN)
    );
    // The missed item is asked again.
    assert_eq!(d.left(), 1);
    key(&mut d, KeyCode::Enter);
    assert!(d.answered().is_none());
    assert_eq!(d.item().map(|i| i.key.clone()), Some(key_of.clone()));
    // Up and Down keep to the list.
    key(&mut d, KeyCode::Up);
    key(&mut d, KeyCode::End);
    key(&mut d, KeyCode::PageDown);
    assert_eq!(d.move_list().current, Some(d.choices().len() - 1));
    choose(&mut d, &best);
    key(&mut d, KeyCode::Char(' '));
    let answered = d.answered().expect("answered");
    assert!(answered.graded.right);
    assert!(
        d.model()
            .expect("a board")
            .message
            .starts_with(&format!("Right: {best} is the best"))
    );
    let card = *d.schedule().card(&key_of).expect("a card");
    assert_eq!((card.level, card.hits, card.misses), (2, 1, 1));
    assert_eq!(card.due, NOW + 3 * 86_400);
    // Nothing more is due: said over the board; q leaves.
    key(&mut d, KeyCode::Enter);
    assert!(d.item().is_none());
    let model = d.model().expect("a board");
    assert!(matches!(
        model.overlay,
        Some(crate::tui::Overlay::Question { .. })
    ));
    assert_eq!(d.tally(), (1, 1));
    assert!(!d.has_quit());
    key(&mut d, KeyCode::Char('q'));
    assert!(d.has_quit());
}

#[test]
fn a_cube_item_offers_the_two_actions_and_the_help_opens() {
    let mut items = items(Rules::money());
    let item = items.first_mut().expect("an item");
    // The same position judged as a missed double (the position is not what matters here).
    item.judged.kind = bg_tui::advisor::DecisionKind::NoDouble;
    item.judged.done = "no double".to_string();
    item.judged.cube = Some(bg_tui::analysis::CubeEquities {
        no_double: 0.4,
        double_take: 0.7,
        double_pass: 1.0,
    });
    let mut d = Drill::new(items, Schedule::default(), options());
    assert_eq!(d.choices(), &[Choice::NoDouble, Choice::Double]);
    key(&mut d, KeyCode::Char('?'));
    assert!(matches!(
        d.model().and_then(|m| m.overlay),
        Some(crate::tui::Overlay::Help(_))
    ));
    key(&mut d, KeyCode::Esc);
    assert!(!d.has_quit());
    key(&mut d, KeyCode::Enter);
    let answered = d.answered().expect("answered");
    assert!(!answered.graded.right);
    let loss = answered.graded.loss.expect("known");
    assert!((loss - 0.3).abs() < 1e-9, "{loss}");
}

#[test]
fn no_items_says_how_to_get_some() {
    let d = Drill::new(Vec::new(), Schedule::default(), options());
    let model = d.model().expect("a board");
    let Some(crate::tui::Overlay::Question { lines, .. }) = model.overlay else {
        panic!("a question over the board");
    };
    assert!(lines.iter().any(|l| l.contains("--analyse")), "{lines:?}");
    let terminal = drawn(&d, 80, 24);
    insta::assert_snapshot!("drill_nothing_80x24", terminal.backend());
}

/// Writes the analysed record and its analysis into `dir`.
fn folder_with_record(dir: &std::path::Path) {
    let (record, analysis, _, _) = analysed(Rules::match_to(5));
    let path = dir.join("match-1.json");
    bg_tui::store::write_record(&path, &record).expect("written");
    let bytes = std::fs::read(&path).expect("read");
    cache::save(&cache::path_for(&path), &bytes, 2, &analysis).expect("analysis saved");
}

#[test]
fn answers_are_kept_in_the_schedule_file_and_list_shows_what_is_due() {
    let dir = tempfile::tempdir().expect("a folder");
    folder_with_record(dir.path());
    let p = crate::tui::drill::prepare(dir.path(), DEFAULT_MIN_LOSS).expect("prepared");
    let listed = crate::cli::drill::list(&p, NOW);
    assert!(
        listed.starts_with("1 due of 1 item from 1 analysed record\n"),
        "{listed}"
    );
    assert!(
        listed.contains(
            "box 1  loss 0.250 EMG  Alice (White) to play 3-1  [match-1.json game 1 move"
        ),
        "{listed}"
    );
    let mut d =
        crate::tui::drill::drill_of(dir.path(), DEFAULT_MIN_LOSS, options()).expect("a drill");
    key(&mut d, KeyCode::Enter);
    let file = dir.path().join(bg_tui::drill::FILE_NAME);
    let kept = Schedule::load(&file).expect("the schedule");
    assert_eq!(&kept.schedule, d.schedule());
    assert_eq!(kept.schedule.len(), 1);
    // Answered (wrong or right), it is not due at once any more.
    let p = crate::tui::drill::prepare(dir.path(), DEFAULT_MIN_LOSS).expect("prepared");
    assert!(crate::cli::drill::list(&p, NOW).starts_with("0 due of 1 item"));
}

#[test]
fn the_drill_opens_in_the_game_and_q_goes_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut app = game_with_drill_open(dir.path());
    let d = app.drill_open().expect("the drill is open");
    assert!(d.item().is_some());
    // Its keys are the drill's: Enter answers, not the game's.
    press(&mut app, KeyCode::Enter);
    assert!(app.drill_open().and_then(Drill::answered).is_some());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    terminal
        .draw(|f| Screen::render(&app, f.area(), f.buffer_mut()))
        .expect("draw");
    assert!(format!("{}", terminal.backend()).contains("Drill"));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.drill_open().is_none());
    assert!(!app.should_quit());
    assert!(
        app.model()
            .message
            .contains("back to the game after the drill: 0 right, 1 wrong"),
        "{}",
        app.model().message
    );
}

/// A drill that values the plays the analysis did not (on a worker).
fn valuing_drill() -> Drill {
    let options = DrillOptions {
        value_others: true,
        ..options()
    };
    Drill::new(items(Rules::match_to(5)), Schedule::default(), options)
}

/// A play neither the best nor the one made in the match: the analysis did not value it.
fn unvalued_play(d: &Drill) -> String {
    let (_, _, made, best) = analysed(Rules::match_to(5));
    let best = format_play(&best);
    d.choices()
        .iter()
        .map(Choice::text)
        .find(|t| *t != made && *t != best)
        .expect("a third play")
}

/// The valuation handed out to a worker: its id and the play asked about.
fn valuation_of(d: &mut Drill) -> crate::tui::drill::ValueJob {
    let mut jobs = d.take_jobs();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert!(d.take_jobs().is_empty(), "handed out once");
    match jobs.remove(0) {
        crate::tui::drill::DrillJob::Value(job) => *job,
        other => panic!("not a valuation: {other:?}"),
    }
}

fn valued(id: u64, loss: Option<i64>) -> crate::tui::Event<crate::tui::drill::DrillNews> {
    crate::tui::Event::Msg(crate::tui::drill::DrillNews::Valued { id, loss })
}

/// A play the analysis did not value is valued on a worker, not on the screen's thread:
/// the message says so meanwhile, the keys stay live (the help opens and closes), an
/// answer to another question is dropped, and the loss shows once it arrives. The job run
/// here on a worker (at 0-ply, to be quick) comes back as the event the runtime hands on.
#[test]
fn a_play_the_analysis_did_not_value_is_valued_on_a_worker() {
    let mut d = valuing_drill();
    let play = unvalued_play(&d);
    choose(&mut d, &play);
    key(&mut d, KeyCode::Enter);
    assert_eq!(d.answered().map(|a| a.graded.loss), Some(None));
    let message = d.model().expect("a board").message;
    assert!(
        message.starts_with(&format!("Wrong: {play}: valuing your play...; best: ")),
        "{message}"
    );
    let mut job = valuation_of(&mut d);
    assert_eq!(job.choice.text(), play);
    assert_eq!(Some(job.item.key.clone()), d.item().map(|i| i.key.clone()));
    // The keys stay live meanwhile.
    key(&mut d, KeyCode::Char('?'));
    assert!(matches!(
        d.model().expect("a board").overlay,
        Some(crate::tui::Overlay::Help(_))
    ));
    key(&mut d, KeyCode::Char('x'));
    assert!(!d.has_quit());
    // An answer to another question is not this one.
    assert!(!d.handle(valued(job.id + 1, Some(1))));
    assert_eq!(d.answered().map(|a| a.graded.loss), Some(None));
    // The real work, on a worker thread, comes back as an event.
    job.item.judged.ply = 0;
    let (tx, rx) = std::sync::mpsc::channel();
    let job = crate::tui::drill::DrillJob::Value(Box::new(job)).into_job(|news| news);
    crate::tui::job::spawn(job, &tx);
    let event = rx
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the valuation comes back");
    assert!(matches!(
        event,
        crate::tui::Event::Msg(crate::tui::drill::DrillNews::Valued { loss: Some(_), .. })
    ));
    assert!(d.handle(event));
    let loss = d
        .answered()
        .and_then(|a| a.graded.loss)
        .expect("valued by the advisor");
    assert!(loss >= 0.0, "{loss}");
    let message = d.model().expect("a board").message;
    assert!(
        message.starts_with(&format!("Wrong: {play} loses {loss:.3} EMG")),
        "{message}"
    );
}

/// Leaving (q) while the valuation is out drops it: its answer, arriving after, changes
/// nothing; in the game, it reaches the game, which ignores it.
#[test]
fn leaving_before_the_valuation_arrives_drops_it() {
    let mut d = valuing_drill();
    let play = unvalued_play(&d);
    choose(&mut d, &play);
    key(&mut d, KeyCode::Enter);
    let job = valuation_of(&mut d);
    key(&mut d, KeyCode::Char('q'));
    assert!(d.has_quit());
    assert!(!d.handle(valued(job.id, Some(300_000))));
    assert_eq!(d.answered().map(|a| a.graded.loss), Some(None));
    // Enter to the next item drops it too.
    let mut d = valuing_drill();
    choose(&mut d, &play);
    key(&mut d, KeyCode::Enter);
    let job = valuation_of(&mut d);
    key(&mut d, KeyCode::Enter);
    assert!(!d.handle(valued(job.id, Some(300_000))));

    // In the game: the drill's job is the runtime's to start; q goes back to the game,
    // and the answer that comes after is dropped.
    let dir = tempfile::tempdir().expect("a folder");
    let mut app = game_with_drill_open(dir.path());
    let d = app.drill_mut().expect("the drill is open");
    let at = d
        .choices()
        .iter()
        .position(|c| c.text() == play)
        .expect("the play");
    for _ in 0..at {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    let job = valuation_of(app.drill_mut().expect("the drill is open"));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.drill_open().is_none());
    let before = app.model().message;
    let late = crate::tui::drill::DrillNews::Valued {
        id: job.id,
        loss: Some(300_000),
    };
    assert!(!app.handle(crate::tui::Event::Msg(crate::tui::msg::Msg::Drill(late))));
    assert_eq!(app.model().message, before);
    assert!(!app.should_quit());
}

/// A finished rollout of the best play and the answer, at 324 trials: the best's figures,
/// then the answer's (cubeless equity ± standard error, in millionths; chances; the cubeful
/// values at the 5-point match's score: EMG and MWC).
fn rollout_report() -> crate::tui::hint_rollout::RolloutReport {
    crate::tui::hint_rollout::RolloutReport {
        trials: 324,
        figures: vec![(120_000, 4_000), (-30_000, 5_000)],
        chances: vec![
            [550_000, 150_000, 10_000, 100_000, 5_000],
            [500_000, 120_000, 10_000, 110_000, 6_000],
        ],
        cube: Vec::new(),
        cubeful: vec![(46_000, Some(523_100)), (-190_000, Some(431_000))],
        done: true,
        error: None,
    }
}

fn later_now() -> u64 {
    NOW + bg_tui::drill::MISS_AGAIN
}

/// `R` once answered rolls out the best play and the answer on a worker (the panel says
/// how far it has come); its result is kept beside the item's card in drill.json, and the
/// next time the item comes back it is shown at once, with its units (at the match's score:
/// MWC and EMG beside the cubeless equity). Going on to the next
/// item stops a rollout out.
#[test]
fn r_rolls_out_the_best_and_the_answer_and_the_rollout_is_kept() {
    let (_, _, made, best) = analysed(Rules::match_to(5));
    let best = format_play(&best);
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join(bg_tui::drill::FILE_NAME);
    let with_file = |clock: fn() -> u64| DrillOptions {
        schedule_file: Some(file.clone()),
        clock,
        ..options()
    };
    let mut d = Drill::new(
        items(Rules::match_to(5)),
        Schedule::default(),
        with_file(fixed_now),
    );
    let key_of = d.item().expect("an item").key.clone();
    // Not before an answer.
    key(&mut d, KeyCode::Char('R'));
    assert!(d.take_jobs().is_empty());
    choose(&mut d, &made);
    key(&mut d, KeyCode::Enter);
    let log = d.model().expect("a board").log;
    assert!(
        log.contains(&"no rollout yet: R rolls out".to_string()),
        "{log:?}"
    );
    key(&mut d, KeyCode::Char('R'));
    let mut jobs = d.take_jobs();
    let Some(crate::tui::drill::DrillJob::Rollout(job)) = jobs.pop() else {
        panic!("no rollout: {jobs:?}");
    };
    assert_eq!(job.lines.len(), 2, "the best and the answer");
    assert_eq!(job.settings.trials, 324);
    // A second R while it runs starts nothing more.
    key(&mut d, KeyCode::Char('R'));
    assert!(d.take_jobs().is_empty());
    let log = d.model().expect("a board").log;
    assert!(
        log.contains(&"rolling out: 0 of 324 trials; Enter: next".to_string()),
        "{log:?}"
    );
    let news = |report| {
        crate::tui::Event::Msg(crate::tui::drill::DrillNews::Rollout {
            id: job.id,
            report: Box::new(report),
        })
    };
    let mut so_far = rollout_report();
    so_far.done = false;
    so_far.trials = 36;
    assert!(d.handle(news(so_far)));
    assert!(d.schedule().rollout(&key_of).is_none(), "kept once done");
    assert!(d.handle(news(rollout_report())));
    let kept = d.schedule().rollout(&key_of).expect("kept").clone();
    let labels: Vec<&str> = kept.choices.iter().map(|c| c.choice.as_str()).collect();
    assert_eq!(labels, vec![best.as_str(), made.as_str()]);
    assert_eq!(kept.trials, 324);
    assert!((kept.choices[0].equity - 0.12).abs() < 1e-9);
    assert_eq!(kept.at, NOW);
    let loaded = Schedule::load(&file).expect("the schedule file");
    assert_eq!(loaded.schedule.rollout(&key_of), Some(&kept));
    snapshot_both!("drill_rollout", &d);

    // The next time the item comes back, the rollout is shown once answered, at once.
    let mut again = Drill::new(
        items(Rules::match_to(5)),
        loaded.schedule,
        with_file(later_now),
    );
    assert_eq!(again.item().map(|i| i.key.clone()), Some(key_of.clone()));
    choose(&mut again, &made);
    key(&mut again, KeyCode::Enter);
    assert!(again.take_jobs().is_empty());
    let log = again.model().expect("a board").log;
    assert!(
        log.contains(&"MWC, EMG, cubeless equity ± s.e., win%:".to_string()),
        "{log:?}"
    );
    assert!(
        log.contains(&format!("{best} 52.3% +0.046 +0.120 ± 0.004 55.0%")),
        "{log:?}"
    );
    // A rollout out stops when the drill goes on to the next item.
    key(&mut again, KeyCode::Char('R'));
    let Some(crate::tui::drill::DrillJob::Rollout(job)) = again.take_jobs().pop() else {
        panic!("no rollout");
    };
    assert!(!job.stopped());
    key(&mut again, KeyCode::Enter);
    assert!(job.stopped());
}

/// In a terminal too small for the board (only a note is drawn) a key does nothing unseen:
/// only the keys that quit act, and once it is large enough again the keys work.
#[test]
fn a_terminal_too_small_takes_only_the_keys_that_quit() {
    let mut d = drill(Rules::money());
    d.handle(crate::tui::Event::Resize(50, 12));
    key(&mut d, KeyCode::Down);
    assert_eq!(d.move_list().current, Some(0), "the cursor stays");
    key(&mut d, KeyCode::Char('?'));
    d.handle(crate::tui::Event::Resize(80, 24));
    assert!(
        d.model().is_some_and(|m| m.overlay.is_none()),
        "no help opened unseen"
    );
    key(&mut d, KeyCode::Down);
    assert_eq!(d.move_list().current, Some(1));
    d.handle(crate::tui::Event::Resize(50, 12));
    key(&mut d, KeyCode::Char('q'));
    assert!(d.has_quit());
}
