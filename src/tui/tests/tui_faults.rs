//! Nothing lost, part three (issue 34), in the terminal game: engines that take their time,
//! work that cannot get a thread, and the keys that must stay live meanwhile.

use crate::tui::msg::{HintMsg, Msg};
use crate::tui::{App, Event, Options, Overlay};
use bg_tui::engine::{Rules, Side};
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

use super::common;
use common::{press, type_command};

fn new_app() -> App {
    App::new(Options {
        rules: Rules::money(),
        seed: Some(3),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap()
}

/// The engine of `tests/engines/slow-start.sh`, silent for `seconds` before it shakes
/// hands.
fn slow_engine(seconds: u32) -> String {
    format!(
        "ubgi:sh {}/tests/engines/slow-start.sh {seconds}",
        env!("CARGO_MANIFEST_DIR"),
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
    let request = app
        .take_seat_job()
        .expect("the engine is started on a worker");
    let worker = std::thread::spawn(move || request.make());
    // Meanwhile the keys act: the help opens and closes.
    press(&mut app, KeyCode::Char('?'));
    assert!(matches!(app.model().overlay, Some(Overlay::Help(_))));
    press(&mut app, KeyCode::Esc);
    assert!(app.model().overlay.is_none());
    assert_eq!(app.model().bots[Side::Black.index()], None);
    let made = worker.join().expect("the worker ends");
    app.handle(Event::Msg(Msg::BotsMade(made)));
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
    let request = app
        .take_seat_job()
        .expect("the engine is started on a worker");
    type_command(&mut app, "human");
    app.handle(Event::Msg(Msg::BotsMade(request.make())));
    assert_eq!(app.model().bots, [None, None]);
}

/// The hint panel's rollout of the opening 3-1's plays, full trials on one thread (a busy
/// core: a round of 36 trials of five plays takes half a minute there).
fn opening_rollout() -> crate::tui::hint_rollout::RolloutJob {
    use bg_tui::engine::{Dice, MatchState, Phase};
    let mut m = MatchState::new(Rules::money()).unwrap();
    m.apply(bg_tui::engine::Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    assert!(matches!(m.game().phase(), Phase::Moving(d) if d == Dice::new(3, 1).unwrap()));
    let plays = m.game().legal_plays().to_vec();
    let full = crate::tui::hint_rollout::RolloutChoice {
        trials: 1296,
        ply: 0,
        truncate: None,
    };
    let mut job = crate::tui::hint_rollout::RolloutJob::new(7, &m, &plays, 1, full)
        .expect("plays to roll out");
    job.settings.threads = 1;
    job
}

/// Item 8: the panel's rollout stops within a turn once its flag is set, not at the end of
/// the round: set before it starts, not one trial is played; set while it runs, it ends in
/// well under a second (the round it is in takes half a minute on one core).
#[test]
fn the_panels_rollout_stops_within_a_turn_after_esc() {
    use std::sync::atomic::Ordering;
    let job = opening_rollout();
    job.stop.store(true, Ordering::Relaxed);
    let mut last = None;
    job.run(|r| {
        last = Some(r);
        true
    });
    let last = last.expect("a final report");
    assert!(last.done);
    assert_eq!(last.trials, 0, "trials played after the stop");

    let job = opening_rollout();
    let stop = std::sync::Arc::clone(&job.stop);
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        job.run(|r| {
            let _ = tx.send(r);
            true
        });
    });
    std::thread::sleep(Duration::from_millis(300));
    let stopped_at = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let last = loop {
        let report = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the rollout ends");
        if report.done {
            break report;
        }
    };
    let took = stopped_at.elapsed();
    worker.join().expect("the worker ends");
    assert!(
        took < Duration::from_secs(2),
        "the rollout went on {took:?} after the stop"
    );
    assert_eq!(last.error, None);
}

/// What the runtime hands back when no thread can start for the newest job that runs a
/// part's job `T`: the job's own answer for it ([`crate::tui::job::spawn`] sends it).
fn not_started<T: 'static>(app: &mut App) -> Msg {
    let job = app
        .take_jobs()
        .into_iter()
        .rev()
        .find(crate::tui::job::Job::is::<T>)
        .expect("the job is asked");
    job.not_started("Resource temporarily unavailable")
        .expect("the job has an answer for a thread that cannot start")
}

/// Presses `c` with Shift.
fn shifted(app: &mut App, c: char) {
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::SHIFT,
    )));
}

/// A new game, the dice rolled, and the hint panel asked for (`H`).
fn hint_asked() -> App {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('r'));
    shifted(&mut app, 'H');
    app
}

/// Item 3: a bot's worker that cannot start is one line; the game waits for a key (not
/// asking again at once, which would fail again and again) and then asks the bot again.
#[test]
fn a_bots_worker_that_cannot_start_is_asked_again_at_the_next_key() {
    use crate::tui::Player;
    let mut app = App::new(Options {
        rules: Rules::money(),
        seed: Some(3),
        players: [
            Player::Bot(bg_tui::bot::BotSpec::Greedy),
            Player::Bot(bg_tui::bot::BotSpec::Greedy),
        ],
        ..Options::default()
    })
    .unwrap();
    let answer = not_started::<crate::tui::bots::BotJob>(&mut app);
    app.handle(Event::Msg(answer));
    assert!(
        app.message()
            .starts_with("the bot waits: a thread could not start (Resource"),
        "{}",
        app.message()
    );
    assert!(app.take_bot_job().is_none(), "asked again at once");
    press(&mut app, KeyCode::Char('x'));
    assert!(app.take_bot_job().is_some(), "asked again after a key");
}

/// Item 3: the hint panel's rollout whose worker cannot start says so in the panel; the
/// panel and the game go on.
#[test]
fn a_rollout_whose_worker_cannot_start_says_so_in_the_panel() {
    let mut app = hint_asked();
    let hint = app.take_hint_job().expect("the hint is asked");
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        hint.id,
        Box::new(hint.panel()),
    ))));
    shifted(&mut app, 'R');
    let answer = not_started::<crate::tui::hint_rollout::RolloutJob>(&mut app);
    app.handle(Event::Msg(answer));
    let Some(Overlay::Question { lines, .. }) = app.model().overlay else {
        panic!("the panel is closed");
    };
    assert!(
        lines.iter().any(|l| l
            == "no rollout: a thread could not start (Resource temporarily unavailable)"),
        "{lines:?}"
    );
}

/// Item 3: a hint whose worker cannot start closes its panel and says so in one line (in
/// the log too); a later `H` asks again.
#[test]
fn a_hint_whose_worker_cannot_start_is_one_line() {
    let mut app = hint_asked();
    let answer = not_started::<crate::tui::hint::HintJob>(&mut app);
    app.handle(Event::Msg(answer));
    assert_eq!(
        app.message(),
        "no hint: a thread could not start (Resource temporarily unavailable)"
    );
    assert!(app.model().overlay.is_none(), "the panel is closed");
    shifted(&mut app, 'H');
    assert!(app.take_hint_job().is_some(), "asked again");
}

/// Item 3: the tutor whose worker cannot start makes the decision as it was and says why.
#[test]
fn a_tutor_whose_worker_cannot_start_makes_the_decision_as_it_was() {
    let mut app = App::new(Options {
        rules: Rules::money(),
        seed: Some(2),
        tutor_mode: true,
        bot_delay_ms: 0,
        ..Options::default()
    })
    .unwrap();
    press(&mut app, KeyCode::Char('r'));
    let mover = app.match_state().game().turn();
    assert!(
        app.match_state().game().legal_plays().len() > 1,
        "a choice to judge"
    );
    let play = app.match_state().game().legal_plays()[0];
    type_command(&mut app, &bg_tui::engine::format_play(&play));
    assert!(
        app.message().starts_with("tutor: thinking"),
        "{}",
        app.message()
    );
    let answer = not_started::<crate::tui::tutor::TutorJob>(&mut app);
    app.handle(Event::Msg(answer));
    assert_ne!(app.match_state().game().turn(), mover, "the play is made");
    assert_eq!(
        app.message(),
        "tutor: a thread could not start (Resource temporarily unavailable); made as it was"
    );
}

/// Item 3: bots for `:bot` whose worker cannot start leave the side as it was, in one line.
#[test]
fn bots_whose_worker_cannot_start_leave_the_side_as_it_was() {
    let mut app = new_app();
    type_command(&mut app, "bot greedy black");
    let answer = not_started::<crate::tui::effect::BotRequest>(&mut app);
    app.handle(Event::Msg(answer));
    assert_eq!(
        app.message(),
        "no bot: a thread could not start (Resource temporarily unavailable)"
    );
    assert_eq!(
        app.model().bots[Side::Black.index()],
        None,
        "Black is a person still"
    );
    assert!(app.take_seat_job().is_none(), "not asked again");
}

/// A match to 1 point that ends (the player on roll resigns, the other accepts) after its
/// save folder has turned into a file (as full as a disk can be): the finished match is not
/// kept. `rescue` are the folders offered at quit.
fn a_match_that_cannot_be_kept(root: &std::path::Path, rescue: Vec<std::path::PathBuf>) -> App {
    let saves = root.join("saves");
    std::fs::create_dir(&saves).unwrap();
    let mut app = App::new(Options {
        rules: Rules::match_to(1),
        seed: Some(6),
        names: ["Alice".to_string(), "Bob".to_string()],
        saves: Some(saves.clone()),
        rescue,
        ..Options::default()
    })
    .unwrap();
    press(&mut app, KeyCode::Char('r'));
    let play = app.match_state().game().legal_plays()[0];
    type_command(&mut app, &bg_tui::engine::format_play(&play));
    std::fs::rename(&saves, root.join("aside")).unwrap();
    std::fs::write(&saves, "no folder").unwrap();
    common::chars(&mut app, "R");
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.match_state().is_over());
    assert!(app.kept().is_none());
    app
}

fn rescue_panel(app: &App) -> Option<Vec<String>> {
    match app.model().overlay {
        Some(Overlay::Question { title, lines }) if title == "The match is not saved" => {
            Some(lines)
        }
        _ => None,
    }
}

/// Item 2: quitting while the finished match is not kept (a full disk) does not lose it:
/// the game says so and asks; a file on a full device (`/dev/full`) fails in one line, the
/// other places are tried in order (a folder that cannot be made, then the state folder),
/// and the game ends saying where the match is.
#[test]
fn quitting_a_match_that_is_not_saved_asks_where_to_save_it() {
    let root = tempfile::tempdir().unwrap();
    let blocked = root.path().join("blocked");
    std::fs::write(&blocked, "a file where a folder should be").unwrap();
    let state = root.path().join("state");
    let mut app = a_match_that_cannot_be_kept(root.path(), vec![blocked.clone(), state.clone()]);
    press(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit(), "quit with the match not kept");
    let lines = rescue_panel(&app).expect("the question");
    assert!(lines[0].contains("not kept"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("Enter  save it in")),
        "{lines:?}"
    );
    common::chars(&mut app, "/dev/full");
    press(&mut app, KeyCode::Enter);
    assert!(!app.should_quit());
    assert!(
        app.message().contains("not saved: /dev/full"),
        "{}",
        app.message()
    );
    assert!(
        app.message().contains("No space left on device"),
        "{}",
        app.message()
    );
    for _ in 0.."/dev/full".len() {
        press(&mut app, KeyCode::Backspace);
    }
    press(&mut app, KeyCode::Enter);
    assert!(app.should_quit(), "{}", app.message());
    assert!(!app.lost());
    let farewell = app.finish_saving();
    assert!(farewell.contains("it is saved as"), "{farewell}");
    let saved: Vec<_> = std::fs::read_dir(&state)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(
        farewell.contains(&saved[0].display().to_string()),
        "{farewell}"
    );
    // Issue 47, item 10: the match is over, and said so.
    assert!(
        farewell.ends_with("(the finished match: bg-tui replay FILE replays it)"),
        "{farewell}"
    );
    assert!(!farewell.contains("unfinished"), "{farewell}");
    assert_eq!(
        bg_tui::store::read_record(&saved[0]).unwrap().0,
        *app.record()
    );
}

/// Item 2: Esc goes back to the game; Ctrl-C in the question quits without saving the match
/// elsewhere: the game ends "lost", and with nothing on the disk its record is all there is.
#[test]
fn quitting_without_saving_it_ends_lost_with_the_record_in_hand() {
    let root = tempfile::tempdir().unwrap();
    let blocked = root.path().join("blocked");
    std::fs::write(&blocked, "a file where a folder should be").unwrap();
    let mut app = a_match_that_cannot_be_kept(root.path(), vec![blocked]);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Enter);
    assert!(!app.should_quit());
    assert!(
        app.message().starts_with("not saved in "),
        "{}",
        app.message()
    );
    press(&mut app, KeyCode::Esc);
    assert!(rescue_panel(&app).is_none() && !app.should_quit());
    press(&mut app, KeyCode::Char('q'));
    assert!(rescue_panel(&app).is_some(), "q asks again");
    app.handle(Event::Key(ratatui::crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        ratatui::crossterm::event::KeyModifiers::CONTROL,
    )));
    assert!(app.should_quit());
    let farewell = app.finish_saving();
    assert!(app.lost());
    assert!(farewell.contains("not saved anywhere"), "{farewell}");
    assert_eq!(
        app.unsaved_record(),
        Some(bg_tui::record::to_json(app.record()))
    );
}

/// Item 2: a signal ends the game asking nothing: the match that is not saved goes to the
/// first of the other places that takes it.
#[test]
fn a_signal_saves_a_match_that_is_not_saved_in_the_other_places() {
    let root = tempfile::tempdir().unwrap();
    let state = root.path().join("state");
    let mut app = a_match_that_cannot_be_kept(root.path(), vec![state.clone()]);
    app.handle(Event::Terminate);
    assert!(app.should_quit());
    let farewell = app.finish_saving();
    assert!(!app.lost(), "{farewell}");
    assert!(farewell.contains("it is saved as"), "{farewell}");
    assert_eq!(std::fs::read_dir(&state).unwrap().count(), 1);
}

/// A save target that takes no more: a FIFO held open for reading (so opening it for
/// writing does not wait) whose pipe is full and never read. A save to it blocks for real,
/// as a write or an fsync to a disk that does not answer does, until the disk is dropped
/// (then the blocked write fails: a broken pipe).
struct HungDisk {
    path: std::path::PathBuf,
    _pipe: std::fs::File,
}

impl HungDisk {
    fn new(dir: &std::path::Path) -> HungDisk {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        /// `O_NONBLOCK` (Linux).
        const O_NONBLOCK: i32 = 0o4000;
        let path = dir.join("hung");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let mut pipe = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(O_NONBLOCK)
            .open(&path)
            .expect("the FIFO opens");
        for chunk in [4096, 1] {
            while pipe.write(&vec![b' '; chunk]).is_ok() {}
        }
        HungDisk { path, _pipe: pipe }
    }
}

/// Presses `code` (no saves made in place: they go to the runtime's worker).
fn key(app: &mut App, code: KeyCode) {
    app.handle(Event::Key(ratatui::crossterm::event::KeyEvent::new(
        code,
        ratatui::crossterm::event::KeyModifiers::NONE,
    )));
}

/// A game (saving into `root/saves`, rescued into `root/state`) whose `:save` into a disk
/// that does not answer is out on the save worker, as the runtime starts it; the worker's
/// answer would come to `tx`.
fn a_game_with_a_save_that_never_returns(
    root: &std::path::Path,
    hung: &HungDisk,
    tx: std::sync::mpsc::Sender<Event>,
) -> App {
    let mut app = App::new(Options {
        rules: Rules::money(),
        seed: Some(3),
        names: ["Alice".to_string(), "Bob".to_string()],
        saves: Some(root.join("saves")),
        rescue: vec![root.join("state")],
        ..Options::default()
    })
    .unwrap();
    press(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char(':'));
    for c in format!("save {}", hung.path.display()).chars() {
        key(&mut app, KeyCode::Char(c));
    }
    key(&mut app, KeyCode::Enter);
    let job = app.take_save_job().expect("the save");
    crate::tui::job::spawn(crate::tui::effect::save_job(job), &tx);
    assert!(app.save_out());
    app
}

/// Issue 47, item 2: a save that never returns (its disk does not answer): the message line
/// says it waits once it has been out over a second; `q` `y` waits for it
/// ([`crate::tui::app::SAVE_WAIT`]), then gives it up: the game ends, the match is saved
/// in the state folder without it, and the program's status says so (3).
#[test]
fn a_save_that_never_returns_is_shown_then_given_up_at_quit() {
    let root = tempfile::tempdir().unwrap();
    let hung = HungDisk::new(root.path());
    let (tx, rx) = std::sync::mpsc::channel();
    let mut app = a_game_with_a_save_that_never_returns(root.path(), &hung, tx);
    assert!(
        !app.model().message.contains("waited"),
        "{}",
        app.model().message
    );
    std::thread::sleep(Duration::from_millis(1100));
    app.handle(Event::Second);
    let message = app.model().message;
    assert!(
        message.starts_with("a save has waited 1 s for the disk"),
        "{message}"
    );
    let quit_at = Instant::now();
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('y'));
    assert!(!app.should_quit(), "the quit waits for the save a while");
    assert!(
        app.model().message.contains("quitting waits for it"),
        "{}",
        app.model().message
    );
    while quit_at.elapsed() < crate::tui::app::SAVE_WAIT {
        app.handle(Event::Second);
        assert!(!app.should_quit(), "given up before its time");
        std::thread::sleep(Duration::from_millis(200));
    }
    app.handle(Event::Second);
    assert!(app.should_quit(), "the quit gave the save up");
    assert!(app.save_stuck());
    assert!(rx.try_recv().is_err(), "the save is still out");
    let error = crate::tui::terminal::finish(&mut app).expect_err("a save did not come back");
    assert_eq!(error.exit_code(), 3);
    let line = error.to_string();
    let state = root.path().join("state");
    let saved: Vec<_> = std::fs::read_dir(&state)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(
        line.starts_with("a save did not come back (the disk has not answered for "),
        "{line}"
    );
    assert!(
        line.ends_with(&format!(
            "the match is saved as {} (bg-tui resume FILE goes on with it)",
            saved[0].display()
        )),
        "{line}"
    );
    assert_eq!(
        bg_tui::store::read_record(&saved[0]).unwrap().0,
        *app.record()
    );
}

/// Issue 47, item 2: Ctrl-C a second time while the quit waits for a save that never
/// returns gives it up at once.
#[test]
fn ctrl_c_twice_gives_a_stuck_save_up_at_once() {
    let root = tempfile::tempdir().unwrap();
    let hung = HungDisk::new(root.path());
    let (tx, _rx) = std::sync::mpsc::channel();
    let mut app = a_game_with_a_save_that_never_returns(root.path(), &hung, tx);
    let ctrl_c = Event::Key(ratatui::crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        ratatui::crossterm::event::KeyModifiers::CONTROL,
    ));
    app.handle(ctrl_c.clone());
    assert!(!app.should_quit(), "the quit waits for the save a while");
    app.handle(ctrl_c);
    assert!(app.should_quit() && app.save_stuck());
}

/// Issue 47, item 2: once the loop has ended (a signal), the runtime waits for a save that
/// never returns a bounded time ([`crate::tui::terminal::wait_for_save`]), and a second
/// signal ends the wait at once; a save that comes back in time is taken back.
#[test]
fn the_runtime_waits_for_a_stuck_save_a_bounded_time_and_a_second_signal_ends_it() {
    use crate::tui::terminal::wait_for_save;
    // Bounded: with no event, the wait ends after its time and gives the save up.
    let root = tempfile::tempdir().unwrap();
    let hung = HungDisk::new(root.path());
    let (tx, rx) = std::sync::mpsc::channel();
    let mut app = a_game_with_a_save_that_never_returns(root.path(), &hung, tx);
    app.handle(Event::Terminate);
    assert!(app.should_quit() && !app.save_stuck());
    let start = Instant::now();
    wait_for_save(&mut app, &rx, Duration::from_millis(500));
    assert!(start.elapsed() >= Duration::from_millis(500));
    assert!(app.save_stuck() && !app.save_out());

    // A second signal: at once, however long the wait may be.
    let root = tempfile::tempdir().unwrap();
    let hung = HungDisk::new(root.path());
    let (tx, rx) = std::sync::mpsc::channel();
    let mut app = a_game_with_a_save_that_never_returns(root.path(), &hung, tx.clone());
    app.handle(Event::Terminate);
    tx.send(Event::Terminate).unwrap();
    let start = Instant::now();
    wait_for_save(&mut app, &rx, Duration::from_secs(60));
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(app.save_stuck());

    // The disk answers in time (with an error): the save comes back, nothing is given up.
    let root = tempfile::tempdir().unwrap();
    let hung = HungDisk::new(root.path());
    let (tx, rx) = std::sync::mpsc::channel();
    let mut app = a_game_with_a_save_that_never_returns(root.path(), &hung, tx);
    app.handle(Event::Terminate);
    drop(hung);
    wait_for_save(&mut app, &rx, Duration::from_secs(60));
    assert!(!app.save_out() && !app.save_stuck());
}

/// Issue 47, item 2, the journal's own disk: the autosave's fsync does not return (a
/// network mount gone, a disk pulled; here a [`bg_tui::journal::SyncFn`] that blocks until
/// the test ends). The game plays on while the message line says the save waits; on a
/// signal the runtime waits a bounded time, then the match (with the move whose save is
/// stuck) is saved in the state folder and the status says so (3).
#[test]
fn an_autosave_whose_fsync_never_returns_is_given_up_on_a_signal() {
    let root = tempfile::tempdir().unwrap();
    let mut app = App::new(Options {
        rules: Rules::money(),
        seed: Some(3),
        names: ["Alice".to_string(), "Bob".to_string()],
        saves: Some(root.path().join("saves")),
        rescue: vec![root.path().join("state")],
        ..Options::default()
    })
    .unwrap();
    // The journal is made (its first line forced to the disk as any file is).
    press(&mut app, KeyCode::Char('r'));
    let autosave = root.path().join("saves").join(bg_tui::store::AUTOSAVE_NAME);
    assert!(autosave.is_file());
    // From now on its disk does not answer an fsync, until `_release` goes.
    let (_release, hold) = std::sync::mpsc::channel::<()>();
    let hold = std::sync::Mutex::new(hold);
    let (synced_tx, synced) = std::sync::mpsc::channel::<()>();
    let synced_tx = std::sync::Mutex::new(synced_tx);
    app.sync_saves_with(std::sync::Arc::new(move |_file| {
        let _ = synced_tx.lock().map(|tx| tx.send(()));
        let _ = hold.lock().map(|hold| hold.recv());
        Err(std::io::Error::other("the disk went away"))
    }));
    let play = app.match_state().game().legal_plays()[0];
    key(&mut app, KeyCode::Char(':'));
    for c in bg_tui::engine::format_play(&play).chars() {
        key(&mut app, KeyCode::Char(c));
    }
    key(&mut app, KeyCode::Enter);
    let job = app.take_save_job().expect("the autosave of the move");
    let (tx, rx) = std::sync::mpsc::channel();
    crate::tui::job::spawn(crate::tui::effect::save_job(job), &tx);
    synced
        .recv_timeout(Duration::from_secs(10))
        .expect("the save reached the journal's fsync");
    std::thread::sleep(Duration::from_millis(1100));
    app.handle(Event::Second);
    let message = app.model().message;
    assert!(
        message.starts_with("a save has waited 1 s for the disk"),
        "{message}"
    );
    // A signal: the loop ends, the runtime waits (bounded), then gives the save up.
    app.handle(Event::Terminate);
    assert!(app.should_quit() && app.save_out());
    crate::tui::terminal::wait_for_save(&mut app, &rx, Duration::from_millis(500));
    assert!(app.save_stuck());
    let error = crate::tui::terminal::finish(&mut app).expect_err("a save did not come back");
    assert_eq!(error.exit_code(), 3);
    let saved: Vec<_> = std::fs::read_dir(root.path().join("state"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(
        error.to_string().contains(&saved[0].display().to_string()),
        "{error}"
    );
    let rescued = bg_tui::store::read_record(&saved[0]).unwrap().0;
    assert_eq!(rescued, *app.record());
    assert!(
        matches!(
            rescued.games[0].actions.last(),
            Some(bg_tui::record::RecordedAction::Play { .. })
        ),
        "the move whose save is stuck: {:?}",
        rescued.games[0].actions
    );
}

/// Issue 47, item 7: a game against an engine of the command line (`--vs ubgi:...`) is set
/// up at once, the engine started on a worker once the terminal is up, and the message line
/// says so; an engine that never answers is not waited for: `q` quits at once (nothing has
/// been played), and so does Ctrl-C.
#[test]
fn an_engine_of_the_command_line_is_started_with_the_wait_said_and_q_ends_it() {
    use crate::tui::Player;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    let options = || Options {
        players: [
            Player::Human,
            Player::Bot(slow_engine(600).parse().expect("an engine's name")),
        ],
        ..Options::default()
    };
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    for quit in [Event::Key(KeyEvent::from(KeyCode::Char('q'))), ctrl_c] {
        let start = Instant::now();
        let mut app = App::new(options()).expect("the game is set up");
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "the game waited {:?} for the engine",
            start.elapsed()
        );
        assert!(
            app.message().starts_with("starting the engine ubgi:sh ")
                && app.message().contains("for Black"),
            "{}",
            app.message()
        );
        let request = app
            .take_seat_job()
            .expect("the engine is started on a worker");
        assert_eq!(request.sides.len(), 1);
        assert_eq!(request.sides[0].0, Side::Black);
        // The person against it keeps their side at the bottom meanwhile.
        assert_eq!(app.model().bots, [None, None]);
        common::handle(&mut app, quit);
        assert!(app.should_quit(), "the wait is not ended");
    }
}
