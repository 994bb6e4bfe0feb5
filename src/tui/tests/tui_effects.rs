//! `App::update` changes the game in memory only and returns what the runtime is to do:
//! nothing is written to disk, and no job starts, until the effects are performed; a save is
//! a job like the others, made on a worker thread, one at a time and in order, its outcome
//! coming back as an event.

use crate::tui::effect::{Effect, SaveRequest, Saved};
use crate::tui::job::Job;
use crate::tui::msg::Msg;
use crate::tui::{App, Event, Options, Player};
use bg_tui::engine::Rules;
use bg_tui::store;
use std::path::Path;

fn app(saves: Option<&Path>, players: [Player; 2]) -> App {
    App::new(Options {
        rules: Rules::money(),
        seed: Some(7),
        names: ["Alice".to_string(), "Bob".to_string()],
        saves: saves.map(Path::to_path_buf),
        players,
        bot_delay_ms: 0,
        ..Options::default()
    })
    .expect("app")
}

#[test]
fn update_asks_for_the_autosave_and_writes_nothing_itself() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut app = app(Some(dir.path()), [Player::Human, Player::Human]);
    let effects = app.update(Msg::Roll);
    assert!(effects.redraw);
    assert!(
        effects
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Save(SaveRequest::Autosave))),
        "{effects:?}"
    );
    assert!(
        !dir.path().join(store::AUTOSAVE_NAME).exists(),
        "update writes nothing"
    );
    app.perform(effects);
    assert!(
        !dir.path().join(store::AUTOSAVE_NAME).exists(),
        "perform writes nothing either: the save is a job for a worker thread"
    );
    let job = app.take_save_job().expect("the save is a job");
    assert_eq!(job.request(), &SaveRequest::Autosave);
    assert!(app.take_save_job().is_none(), "one save at a time");
    // The runtime's worker makes it and brings it back as an event.
    let done = std::thread::spawn(move || job.run())
        .join()
        .expect("the save");
    assert!(
        dir.path().join(store::AUTOSAVE_NAME).exists(),
        "the worker saves"
    );
    app.handle(Event::Msg(Msg::Saved(Saved::new(done))));
    let (record, _) = store::read_record(&dir.path().join(store::AUTOSAVE_NAME)).unwrap();
    assert_eq!(&record, app.record());
}

#[test]
fn saves_asked_while_one_is_out_are_made_in_order_after_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut app = app(Some(dir.path()), [Player::Human, Player::Human]);
    let effects = app.update(Msg::Roll);
    app.perform(effects);
    let first = app.take_save_job().expect("the autosave");
    // Meanwhile `s`, and another autosave: none is handed out while the first is out.
    let effects = app.update(Msg::Save);
    app.perform(effects);
    assert!(app.take_save_job().is_none(), "the writer is out");
    // Quitting while saves are to come waits for them: the game ends after the last.
    let effects = app.update(Msg::QuitNow);
    app.perform(effects);
    assert!(!app.should_quit(), "a save is still out");
    app.handle(Event::Msg(Msg::Saved(Saved::new(first.run()))));
    let second = app.take_save_job().expect("s, once the first is back");
    assert_eq!(second.request(), &SaveRequest::To(None));
    app.handle(Event::Msg(Msg::Saved(Saved::new(second.run()))));
    assert!(app.message().starts_with("saved to"), "{}", app.message());
    assert!(!app.should_quit());
    let last = app.take_save_job().expect("the last look before quitting");
    assert_eq!(last.request(), &SaveRequest::BeforeQuit);
    app.handle(Event::Msg(Msg::Saved(Saved::new(last.run()))));
    assert!(app.should_quit(), "the match is safe: the game ends");
    assert!(app.take_save_job().is_none());
}

#[test]
fn update_asks_for_s_and_the_log_says_where_once_it_is_performed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut app = app(Some(dir.path()), [Player::Human, Player::Human]);
    let effects = app.update(Msg::Save);
    assert!(
        effects
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Save(SaveRequest::To(None)))),
        "{effects:?}"
    );
    assert!(!app.message().starts_with("saved to"), "{}", app.message());
    app.perform(effects);
    assert!(!app.message().starts_with("saved to"), "{}", app.message());
    assert!(app.make_saves(), "the log changed");
    assert!(app.message().starts_with("saved to"), "{}", app.message());
    assert!(app.log().iter().any(|l| l.starts_with("saved to")));
}

#[test]
fn update_asks_for_a_bot_s_decision_as_a_job() {
    let mut app = app(
        None,
        [Player::Bot(bg_tui::bot::BotSpec::Greedy), Player::Human],
    );
    // The opening roll is the person's: the bot is asked once the game has started.
    let effects = app.update(Msg::Roll);
    let started: Vec<&Job<Msg>> = effects
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Start(job) => Some(job.as_ref()),
            _ => None,
        })
        .collect();
    let bot_to_act = app
        .match_state()
        .game()
        .to_act()
        .is_some_and(|side| side == bg_tui::engine::Side::White);
    assert_eq!(
        started
            .iter()
            .any(|job| job.is::<crate::tui::bots::BotJob>()),
        bot_to_act,
        "{started:?}"
    );
    assert!(
        app.take_jobs().is_empty(),
        "nothing is queued before perform"
    );
    app.perform(effects);
    assert_eq!(app.take_jobs().len(), usize::from(bot_to_act));
}
