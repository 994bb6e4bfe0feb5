//! `App::update` changes the game in memory only and returns what the runtime is to do:
//! nothing is written to disk, and no job starts, until the effects are performed.

use crate::tui::effect::{Effect, Job, SaveRequest};
use crate::tui::keys::Msg;
use crate::tui::{App, Options, Player};
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
        dir.path().join(store::AUTOSAVE_NAME).exists(),
        "the runtime saves"
    );
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
    let started: Vec<&Job> = effects
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
        started.iter().any(|job| matches!(job, Job::Bot(_))),
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
