//! Nothing lost, part three (issue 34), in the terminal game: engines that take their time,
//! work that cannot get a thread, and the keys that must stay live meanwhile.

use bg_tui::engine::{Rules, Side};
use bg_tui::tui::{App, Event, Options, Overlay};
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

use crate::common;
use common::tui::{press, type_command};

fn new_app() -> App {
    App::new(Options {
        rules: Rules::money(),
        seed: Some(3),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap()
}

/// bg-tui's own engine behind `tests/engines/slow-start.sh`, silent for `seconds` first.
fn slow_engine(seconds: u32) -> String {
    format!(
        "ubgi:sh {}/tests/engines/slow-start.sh {seconds} {}",
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_bg-tui")
    )
}

/// Item 5: `:bot ubgi:...` starts the engine on a worker thread: the command returns at
/// once (the engine is silent for 2 s), the keys stay live, and the side is seated when the
/// engine's answer comes back as an event.
#[test]
fn an_engine_starts_off_the_ui_thread_with_the_keys_live() {
    let mut app = new_app();
    let engine = slow_engine(2);
    let start = Instant::now();
    type_command(&mut app, &format!("bot '{engine}' black"));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "the command waited {:?} for the engine",
        start.elapsed()
    );
    assert!(app.message().contains("starting"), "{}", app.message());
    let request = app.take_seat_job().expect("the engine is started on a worker");
    let worker = std::thread::spawn(move || request.make());
    // Meanwhile the keys act: the help opens and closes.
    press(&mut app, KeyCode::Char('?'));
    assert!(matches!(app.model().overlay, Some(Overlay::Help(_))));
    press(&mut app, KeyCode::Esc);
    assert!(app.model().overlay.is_none());
    assert_eq!(app.model().bots[Side::Black.index()], None);
    let made = worker.join().expect("the worker ends");
    app.handle(Event::BotsMade(Box::new(made)));
    assert!(
        app.model().bots[Side::Black.index()]
            .as_deref()
            .is_some_and(|name| name.starts_with("ubgi:")),
        "{}",
        app.message()
    );
}

/// Item 5: an engine still starting when its side is handed back (`:human`) is dropped
/// when it comes, not seated.
#[test]
fn an_engine_that_comes_after_human_is_not_seated() {
    let mut app = new_app();
    type_command(&mut app, &format!("bot '{}' black", slow_engine(0)));
    let request = app.take_seat_job().expect("the engine is started on a worker");
    type_command(&mut app, "human");
    app.handle(Event::BotsMade(Box::new(request.make())));
    assert_eq!(app.model().bots, [None, None]);
}
