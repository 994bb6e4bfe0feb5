//! The game in the terminal records everything it plays: the autosave after every action,
//! the finished match kept under a dated name, `s` and `:save`, and resuming a saved match
//! where it stopped, with the dice going on as they would have.

use crate::tui::{App, AppError, Options, Player};
use bg_tui::engine::{Phase, Rules, Side, format_play};
use bg_tui::record::{PlayerKind, RecordedAction, load, to_json};
use bg_tui::store;
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};

use super::common;
use common::{press, seat_bots, type_command};

pub(crate) fn options(rules: Rules, seed: Option<u64>, saves: Option<&Path>) -> Options {
    Options {
        rules,
        seed,
        names: ["Alice".to_string(), "Bob".to_string()],
        saves: saves.map(Path::to_path_buf),
        ..Options::default()
    }
}

/// One action by keys, the same way every time: roll, play the first legal play (or pass a
/// dance), take doubles, go on to the next game.
pub(crate) fn step(app: &mut App) {
    let game = app.match_state().game();
    match game.phase() {
        Phase::Opening | Phase::Rolling => press(app, KeyCode::Char('r')),
        Phase::Moving(_) => match game.legal_plays().first() {
            Some(play) => {
                let text = format_play(play);
                type_command(app, &text);
            }
            None => press(app, KeyCode::Enter),
        },
        Phase::DoubleOffered | Phase::Beavered => press(app, KeyCode::Char('t')),
        Phase::Over(_) => press(app, KeyCode::Enter),
    }
}

/// The files in `dir` but the autosave's lock file.
pub(crate) fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name != store::autosave::LOCK_NAME)
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

pub(crate) fn autosave(dir: &Path) -> PathBuf {
    dir.join(store::AUTOSAVE_NAME)
}

#[test]
fn every_action_is_autosaved_and_the_autosave_replays_to_the_same_match() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::match_to(3), Some(11), Some(dir.path()))).unwrap();
    assert!(
        !autosave(dir.path()).exists(),
        "nothing is written before the first action"
    );
    for n in 1..=25 {
        step(&mut app);
        let (record, replayed) = store::read_record(&autosave(dir.path())).unwrap();
        assert_eq!(&replayed, app.match_state(), "after action {n}");
        assert_eq!(&record, app.record());
    }
    let record = app.record();
    assert_eq!(record.seed, Some(11));
    assert_eq!(record.players[0].name, "Alice");
    assert_eq!(record.players[1].kind, PlayerKind::Human);
    // The opening roll, then rolls and plays.
    let actions = &record.games[0].actions;
    assert!(matches!(actions[0], RecordedAction::Opening(_)));
    assert!(
        actions
            .iter()
            .any(|a| matches!(a, RecordedAction::Roll { .. }))
    );
    assert_eq!(files_in(dir.path()), [store::AUTOSAVE_NAME]);
}

#[test]
fn a_finished_match_is_kept_under_its_date_and_the_autosave_goes() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::match_to(1), Some(3), Some(dir.path()))).unwrap();
    let mut n = 0;
    while !app.match_state().is_over() {
        step(&mut app);
        n += 1;
        assert!(n < 2000, "the game never ends");
    }
    let names = files_in(dir.path());
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(
        names[0].starts_with("match-") && names[0].ends_with(".json"),
        "{names:?}"
    );
    let kept = app.kept().expect("kept").to_path_buf();
    assert_eq!(kept, dir.path().join(&names[0]));
    assert!(app.message().contains(&names[0]), "{}", app.message());
    let (record, m) = store::read_record(&kept).unwrap();
    assert!(m.is_over());
    assert_eq!(&m, app.match_state());
    assert!(record.games[0].result.is_some());
}

#[test]
fn a_stopped_money_session_is_kept_as_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::money(), Some(8), Some(dir.path()))).unwrap();
    while app.match_state().game().result().is_none() {
        step(&mut app);
    }
    press(&mut app, KeyCode::Char('n'));
    assert!(app.match_state().is_over());
    let kept = app.kept().expect("kept").to_path_buf();
    let (record, m) = store::read_record(&kept).unwrap();
    assert!(record.stopped && m.is_over());
    assert!(!autosave(dir.path()).exists());
}

#[test]
fn resuming_goes_on_with_the_same_position_cube_score_turn_and_dice() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::match_to(5);
    let mut original = App::new(options(rules, Some(21), Some(dir.path()))).unwrap();
    for _ in 0..37 {
        step(&mut original);
    }
    // The player doubles, so the cube is in the saved match.
    press(&mut original, KeyCode::Char('d'));
    let (record, m) = store::read_record(&autosave(dir.path())).unwrap();
    assert_eq!(&m, original.match_state());
    let mut resumed = App::resume(options(Rules::money(), None, None), record, m).unwrap();
    assert_eq!(resumed.match_state(), original.match_state());
    assert_eq!(
        resumed.match_state().rules(),
        &rules,
        "the record's rules win"
    );
    assert_eq!(resumed.seed(), 21);
    assert!(
        resumed.message().starts_with("resumed"),
        "{}",
        resumed.message()
    );
    for n in 0..300 {
        step(&mut original);
        step(&mut resumed);
        assert_eq!(
            resumed.match_state(),
            original.match_state(),
            "{n} actions after resuming"
        );
    }
    assert_eq!(to_json(resumed.record()), to_json(original.record()));
}

#[test]
fn a_record_without_a_seed_resumes_with_fresh_dice_and_stays_without_one() {
    let mut app = App::new(options(Rules::money(), Some(4), None)).unwrap();
    for _ in 0..6 {
        step(&mut app);
    }
    let mut record = app.record().clone();
    record.seed = None;
    let (record, m) = load(&to_json(&record)).unwrap();
    let mut resumed = App::resume(options(Rules::money(), None, None), record, m).unwrap();
    for _ in 0..10 {
        step(&mut resumed);
    }
    assert_eq!(resumed.record().seed, None);
    assert!(load(&to_json(resumed.record())).is_ok());
}

#[test]
fn a_finished_match_cannot_be_resumed() {
    let mut app = App::new(options(Rules::match_to(1), Some(3), None)).unwrap();
    while !app.match_state().is_over() {
        step(&mut app);
    }
    let (record, m) = load(&to_json(app.record())).unwrap();
    match App::resume(Options::default(), record, m) {
        Err(e @ AppError::MatchOver(_)) => {
            let text = e.to_string();
            assert!(text.contains("won 1-0"), "{text}");
            assert!(text.contains("bg-tui replay"), "{text}");
        }
        other => panic!("expected MatchOver, got {other:?}"),
    }
}

/// Alice (White) against greedy (Black, named "Bob"), with `:bot random white` typed and
/// the bot made.
fn person_handed_to_random() -> App {
    let mut app = App::new(Options {
        players: [Player::Human, Player::Bot(bg_tui::bot::BotSpec::Greedy)],
        ..options(Rules::money(), Some(2), None)
    })
    .expect("a game");
    type_command(&mut app, "bot random white");
    seat_bots(&mut app);
    app
}

#[test]
fn after_bot_and_human_the_record_names_who_plays_now() {
    // Alice (White) against greedy (Black, named "Bob"): `:bot random white` hands
    // Alice's side to random, and the record names random there, not Alice (issue 49).
    let mut app = person_handed_to_random();
    let white = &app.record().players[0];
    assert_eq!(white.name, "random");
    assert_eq!(white.kind, PlayerKind::Bot("random".to_string()));
    // `:human` gives it back to Alice, under her name.
    type_command(&mut app, "human white");
    let white = &app.record().players[0];
    assert_eq!(white.name, "Alice");
    assert_eq!(white.kind, PlayerKind::Human);
    // A person taking the bot's side is named by the side's colour, not as the bot.
    type_command(&mut app, "human black");
    let black = &app.record().players[1];
    assert_eq!(black.name, "Black");
    assert_eq!(black.kind, PlayerKind::Human);
    // And the bot the match started with keeps the name it was given.
    type_command(&mut app, "bot greedy black");
    seat_bots(&mut app);
    let black = &app.record().players[1];
    assert_eq!(black.name, "Bob");
    assert_eq!(black.kind, PlayerKind::Bot("greedy".to_string()));
}

#[test]
fn resuming_a_bot_match_brings_the_bots_back() {
    let mut app = person_handed_to_random();
    assert_eq!(
        app.record().players[0].kind,
        PlayerKind::Bot("random".to_string())
    );
    type_command(&mut app, "human white");
    assert_eq!(app.record().players[0].kind, PlayerKind::Human);
    let (record, m) = load(&to_json(app.record())).unwrap();
    assert_eq!(
        record.players[1].kind,
        PlayerKind::Bot("greedy".to_string())
    );
    let mut resumed = App::resume(Options::default(), record.clone(), m.clone()).unwrap();
    // Black is the bot's again: once it is Black's turn, the bot is asked.
    for _ in 0..50 {
        let game = resumed.match_state().game();
        if game.phase() != Phase::Opening && game.to_act() == Some(Side::Black) {
            break;
        }
        step(&mut resumed);
    }
    assert_eq!(resumed.match_state().game().to_act(), Some(Side::Black));
    assert!(resumed.take_bot_job().is_some(), "the bot is asked to act");
    let mut unknown = record;
    unknown.players[1].kind = PlayerKind::Bot("deep-thought".to_string());
    let err = App::resume(Options::default(), unknown, m).unwrap_err();
    assert!(matches!(err, AppError::Bot(_)), "{err}");
}

#[test]
fn s_saves_under_a_dated_name_then_to_the_same_file_and_save_path_chooses_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::match_to(3), Some(5), Some(dir.path()))).unwrap();
    for _ in 0..5 {
        step(&mut app);
    }
    press(&mut app, KeyCode::Char('s'));
    let message = app.message().to_string();
    assert!(message.starts_with("saved to "), "{message}");
    let first = PathBuf::from(message.trim_start_matches("saved to "));
    assert!(first.starts_with(dir.path()));
    assert_eq!(store::read_record(&first).unwrap().0, *app.record());
    step(&mut app);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.message(), message, "s saves to the same file again");
    assert_eq!(store::read_record(&first).unwrap().0, *app.record());

    // A folder that does not exist is not made: the message says so (issue 10, item 9).
    let chosen = dir.path().join("my games/match one.json");
    type_command(&mut app, &format!("save {}", chosen.display()));
    assert_eq!(
        app.message(),
        format!(
            "not saved: there is no folder {}",
            dir.path().join("my games").display()
        )
    );
    assert!(!dir.path().join("my games").exists());
    std::fs::create_dir(dir.path().join("my games")).unwrap();
    type_command(&mut app, &format!("save {}", chosen.display()));
    assert_eq!(app.message(), format!("saved to {}", chosen.display()));
    assert_eq!(store::read_record(&chosen).unwrap().0, *app.record());
}

#[test]
fn saving_where_it_cannot_says_why_and_keeps_playing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::money(), Some(5), None)).unwrap();
    step(&mut app);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(
        app.message(),
        "there is no save folder: save with :save PATH"
    );
    // A folder where the file should go.
    type_command(&mut app, &format!("save {}", dir.path().display()));
    assert!(
        app.message().starts_with("not saved: "),
        "{}",
        app.message()
    );
    let before = app.match_state().clone();
    step(&mut app);
    assert_ne!(app.match_state(), &before, "the game goes on");
}

#[test]
fn a_failing_autosave_is_shown_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // The save folder is a file: nothing can be written inside it.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "a file").unwrap();
    let mut app = App::new(options(Rules::money(), Some(5), Some(&blocked))).unwrap();
    step(&mut app);
    assert!(
        app.message().starts_with("autosave off: "),
        "{}",
        app.message()
    );
    step(&mut app);
    assert_eq!(app.record().games[0].actions.len(), 2);
    assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "a file");

    // The autosave cannot be replaced (a folder took its place): each failure is shown.
    let mut app = App::new(options(Rules::money(), Some(5), Some(dir.path()))).unwrap();
    step(&mut app);
    std::fs::remove_file(autosave(dir.path())).unwrap();
    std::fs::create_dir(autosave(dir.path())).unwrap();
    step(&mut app);
    assert!(
        app.message().starts_with("autosave failing: "),
        "{}",
        app.message()
    );
    // The panel says so until saving works again, whatever the message line shows.
    step(&mut app);
    assert_eq!(app.record().games[0].actions.len(), 3);
    assert!(!app.message().contains("autosave"), "{}", app.message());
    assert!(app.model().saving.starts_with("autosave failing: "));
    std::fs::remove_dir(autosave(dir.path())).unwrap();
    step(&mut app);
    assert!(app.model().saving.is_empty(), "{}", app.model().saving);
    assert!(
        app.message().starts_with("saving works again"),
        "{}",
        app.message()
    );
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *app.record()
    );
}

#[test]
fn two_games_at_once_never_write_over_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = App::new(options(Rules::match_to(3), Some(1), Some(dir.path()))).unwrap();
    step(&mut first);
    let mut second = App::new(options(Rules::money(), Some(2), Some(dir.path()))).unwrap();
    step(&mut second);
    let own = format!("autosave-{}.jsonl", std::process::id());
    assert!(second.message().contains(&own), "{}", second.message());
    for _ in 0..5 {
        step(&mut first);
        step(&mut second);
    }
    assert_eq!(
        files_in(dir.path()),
        [own.clone(), store::AUTOSAVE_NAME.to_string()]
    );
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *first.record()
    );
    assert_eq!(
        store::read_record(&dir.path().join(&own)).unwrap().0,
        *second.record()
    );
    assert!(dir.path().join(store::autosave::LOCK_NAME).exists());
    // Once the first game has gone, a new one takes the autosave (moving the first's aside).
    drop(first);
    let mut third = App::new(options(Rules::money(), Some(3), Some(dir.path()))).unwrap();
    step(&mut third);
    assert!(
        third.message().contains("unfinished-"),
        "{}",
        third.message()
    );
}

// ---- resuming ----

#[test]
fn a_new_match_moves_an_unfinished_autosave_aside_instead_of_overwriting_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = App::new(options(Rules::match_to(3), Some(1), Some(dir.path()))).unwrap();
    for _ in 0..6 {
        step(&mut first);
    }
    let first_record = first.record().clone();
    drop(first);
    let mut second = App::new(options(Rules::money(), Some(2), Some(dir.path()))).unwrap();
    step(&mut second);
    let names = files_in(dir.path());
    assert_eq!(names.len(), 2, "{names:?}");
    let aside = dir.path().join(&names[1]);
    assert!(names[1].starts_with("unfinished-"), "{names:?}");
    assert!(second.message().contains(&names[1]), "{}", second.message());
    assert_eq!(store::read_record(&aside).unwrap().0, first_record);
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *second.record()
    );
    // Only once: the next action writes over its own autosave.
    step(&mut second);
    assert_eq!(files_in(dir.path()).len(), 2);
}

#[test]
fn quitting_says_where_the_match_is_and_how_to_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::match_to(1), Some(3), Some(dir.path()))).unwrap();
    assert_eq!(app.farewell(), "", "nothing played, nothing to say");
    step(&mut app);
    let line = app.farewell();
    assert!(line.contains("autosave.jsonl"), "{line}");
    assert!(line.contains("bg-tui resume goes on"), "{line}");
    while !app.match_state().is_over() {
        step(&mut app);
    }
    let line = app.farewell();
    assert!(line.starts_with("the match is kept as "), "{line}");

    let mut unsaved = App::new(options(Rules::match_to(1), Some(3), None)).unwrap();
    step(&mut unsaved);
    assert_eq!(
        unsaved.farewell(),
        "the match was not saved (autosave is off)"
    );
}

#[test]
fn a_new_game_over_an_unfinished_autosave_asks_what_to_do_with_it() {
    use crate::tui::start_dialog::StartDialog;
    use bg_tui::host::unfinished::{StartChoice, parse_start_choice, unfinished_autosave};
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(unfinished_autosave(dir.path()), None);
    let mut app = App::new(options(Rules::match_to(3), Some(4), Some(dir.path()))).unwrap();
    step(&mut app);
    // While the game runs, it holds the autosave: another start does not ask about it.
    assert_eq!(unfinished_autosave(dir.path()), None);
    drop(app);
    let found = unfinished_autosave(dir.path()).expect("the unfinished match is found");
    assert_eq!(found.path, autosave(dir.path()));
    assert_eq!(
        found.summary,
        "Alice 0, Bob 0 in a 3-point match (backgammon), game 1"
    );
    let question = StartDialog::new(&found, false).lines().join("\n");
    assert!(question.contains("r  resume it"), "{question}");
    assert!(question.contains("n  start a new match"), "{question}");
    assert!(question.contains("(backgammon)"), "{question}");
    assert_eq!(parse_start_choice("\n"), Some(StartChoice::Resume));
    assert_eq!(parse_start_choice(" N\n"), Some(StartChoice::New));
    assert_eq!(parse_start_choice("q"), Some(StartChoice::Quit));
    assert_eq!(parse_start_choice("maybe"), None);
    // A damaged autosave is still reported, with why it cannot be read.
    std::fs::write(autosave(dir.path()), "{\"format\":\u{1b}[2J").unwrap();
    let found = unfinished_autosave(dir.path()).unwrap();
    assert!(
        found.summary.starts_with("it cannot be read"),
        "{}",
        found.summary
    );
    assert!(!found.summary.contains('\u{1b}'));
    // It is not offered to resume (r quit with status 2): only set aside or left (issue
    // 49, part 6); r and Enter answer nothing.
    assert!(!found.readable);
    let mut question = StartDialog::new(&found, false);
    let lines = question.lines().join("\n");
    assert!(!lines.contains("resume"), "{lines}");
    assert!(lines.contains("n  start a new match"), "{lines}");
    for code in [KeyCode::Char('r'), KeyCode::Enter] {
        let key = ratatui::crossterm::event::KeyEvent::new(
            code,
            ratatui::crossterm::event::KeyModifiers::NONE,
        );
        question.handle(&crate::tui::Event::Key(key));
        assert_eq!(question.answer(), None);
        assert!(question.lines().join("\n").contains("Press n or q."));
    }
}

#[test]
fn save_into_a_device_or_through_a_link_never_replaces_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::match_to(3), Some(6), None)).unwrap();
    step(&mut app);
    type_command(&mut app, "save /dev/null");
    assert_eq!(app.message(), "saved to /dev/null");
    let null = Path::new("/dev/null").metadata().unwrap();
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );
    let target = dir.path().join("target.json");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    type_command(&mut app, &format!("save {}", link.display()));
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert_eq!(store::read_record(&target).unwrap().0, *app.record());
}

/// Issue 21 §6.11: the summary names the rule set (a Plakoto money session here).
#[test]
fn the_unfinished_match_names_its_rule_set() {
    use bg_tui::engine::RuleSet;
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules {
        cube: false,
        ..Rules::of(RuleSet::Plakoto)
    };
    let mut app = App::new(options(rules, Some(4), Some(dir.path()))).unwrap();
    step(&mut app);
    drop(app);
    let found = bg_tui::host::unfinished::unfinished_autosave(dir.path()).expect("found");
    assert_eq!(
        found.summary,
        "Alice 0, Bob 0 in a money session (Plakoto), game 1"
    );
}

/// Issue 21 §6.11: the question about an unfinished match is a full-screen dialog before the
/// game, answered with r (or Enter), n or q (or Esc, Ctrl-C, a signal); other keys say which
/// keys answer. The game its answer starts runs in the same session, at the terminal's size.
#[test]
fn the_start_dialog_answers_with_r_n_q_and_starts_the_game_it_asks_for() {
    use crate::tui::Event;
    use crate::tui::start_dialog::{Opening, OpeningEnd, StartDialog};
    use crate::tui::terminal::Screen;
    use bg_tui::host::unfinished::{StartChoice, Unfinished};
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};
    let unfinished = Unfinished {
        path: PathBuf::from("/tmp/autosave.jsonl"),
        summary: "Alice 1, Bob 0 in a 3-point match (backgammon), game 2".to_string(),
        mark: None,
        readable: true,
    };
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    for (event, want) in [
        (key(KeyCode::Char('r')), Some(StartChoice::Resume)),
        (key(KeyCode::Enter), Some(StartChoice::Resume)),
        (key(KeyCode::Char('n')), Some(StartChoice::New)),
        (key(KeyCode::Char('q')), Some(StartChoice::Quit)),
        (key(KeyCode::Esc), Some(StartChoice::Quit)),
        (
            Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(StartChoice::Quit),
        ),
        (Event::Terminate, Some(StartChoice::Quit)),
        (key(KeyCode::Char('x')), None),
    ] {
        let mut dialog = StartDialog::new(&unfinished, false);
        dialog.handle(&event);
        assert_eq!(dialog.answer(), want, "{event:?}");
    }
    let mut dialog = StartDialog::new(&unfinished, false);
    dialog.handle(&key(KeyCode::Char('x')));
    assert!(dialog.lines().contains(&"Press r, n or q.".to_string()));
    // Answered n: the game the closure makes starts, with the terminal's size, and takes
    // the next keys.
    let asked = std::rc::Rc::new(std::cell::Cell::new(None));
    let seen = asked.clone();
    let then = Box::new(move |choice| {
        seen.set(Some(choice));
        App::new(options(Rules::match_to(3), Some(4), None))
            .map(Some)
            .map_err(|e| e.to_string())
    });
    let mut opening = Opening::new(StartDialog::new(&unfinished, false), then);
    // A terminal too small for the board: the game gets that size, and ignores keys.
    opening.handle(Event::Resize(60, 20));
    assert!(opening.app().is_none() && !opening.should_quit());
    opening.handle(key(KeyCode::Char('n')));
    assert_eq!(asked.get(), Some(StartChoice::New));
    let app = opening.app().expect("the game started");
    assert_eq!(app.match_state().game().phase(), Phase::Opening);
    opening.handle(key(KeyCode::Char('r')));
    let app = opening.app().expect("playing");
    assert_eq!(
        app.match_state().game().phase(),
        Phase::Opening,
        "too small"
    );
    opening.handle(Event::Resize(100, 30));
    opening.handle(key(KeyCode::Char('r')));
    let app = opening.app().expect("playing");
    assert_ne!(app.match_state().game().phase(), Phase::Opening, "r rolled");
    opening.handle(Event::Terminate);
    assert!(opening.should_quit());
    assert!(matches!(opening.end(), OpeningEnd::Played(_)));
    // Answered q: no game; a game that cannot start ends with why.
    let mut opening =
        Opening::<String>::new(StartDialog::new(&unfinished, false), Box::new(|_| Ok(None)));
    opening.handle(key(KeyCode::Char('q')));
    assert!(opening.should_quit());
    assert!(matches!(opening.end(), OpeningEnd::Quit));
    let mut opening = Opening::new(
        StartDialog::new(&unfinished, false),
        Box::new(|_| Err("the autosave cannot be read".to_string())),
    );
    opening.handle(key(KeyCode::Char('r')));
    assert!(opening.should_quit());
    assert!(matches!(opening.end(), OpeningEnd::Failed(why) if why.contains("cannot be read")));
}

/// Issue 34, item 7: two games started together both ask about the unfinished match M. The
/// first answers `n` (M set aside, its new match N in the autosave); the other's `r` then
/// resumes M from where it was set aside, not N, and its `n` leaves N (the first game's
/// live journal) alone. When the first resumed M instead, the other's `r` says M is being
/// played.
#[test]
fn the_start_question_acts_on_the_match_it_named() {
    use bg_tui::host::unfinished::{StartAction, StartChoice, act_on_start, unfinished_autosave};
    let now = std::time::SystemTime::now();
    let dir = tempfile::tempdir().unwrap();
    let mut m = App::new(options(Rules::match_to(3), Some(4), Some(dir.path()))).unwrap();
    step(&mut m);
    let m_record = m.record().clone();
    drop(m);
    let first = unfinished_autosave(dir.path()).expect("M is found");
    let second = unfinished_autosave(dir.path()).expect("M is found");

    let StartAction::New(Some(aside)) =
        act_on_start(dir.path(), &first, StartChoice::New, now).unwrap()
    else {
        panic!("M is set aside");
    };
    let mut n = App::new(options(Rules::match_to(5), Some(5), Some(dir.path()))).unwrap();
    step(&mut n);
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *n.record()
    );

    assert_eq!(
        act_on_start(dir.path(), &second, StartChoice::Resume, now).unwrap(),
        StartAction::Resume(Some(aside.clone())),
        "the other's r resumes M where it was set aside"
    );
    assert_eq!(store::read_record(&aside).unwrap().0, m_record);
    assert_eq!(
        act_on_start(dir.path(), &second, StartChoice::New, now).unwrap(),
        StartAction::New(Some(aside.clone()))
    );
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *n.record(),
        "the first game's journal is left alone"
    );
    drop(n);

    // The first resumes M (from the autosave) and plays on; the other's r says so.
    let dir = tempfile::tempdir().unwrap();
    let mut m = App::new(options(Rules::match_to(3), Some(4), Some(dir.path()))).unwrap();
    step(&mut m);
    drop(m);
    let first = unfinished_autosave(dir.path()).expect("M is found");
    let second = unfinished_autosave(dir.path()).expect("M is found");
    assert_eq!(
        act_on_start(dir.path(), &first, StartChoice::Resume, now).unwrap(),
        StartAction::Resume(None)
    );
    let (record, state) = store::read_record(&autosave(dir.path())).unwrap();
    let mut resumed = App::resume(
        options(Rules::match_to(3), None, Some(dir.path())),
        record,
        state,
    )
    .unwrap();
    resumed.owns_autosave();
    step(&mut resumed);
    let err = act_on_start(dir.path(), &second, StartChoice::Resume, now)
        .expect_err("M is being played")
        .to_string();
    assert!(
        err.contains("is being played by another bg-tui game now"),
        "{err}"
    );
    assert_eq!(
        act_on_start(dir.path(), &second, StartChoice::New, now).unwrap(),
        StartAction::New(None),
        "n leaves the match being played alone"
    );
    assert!(autosave(dir.path()).exists());
}
