//! Hostile conditions for the game's saves (issues 12 and 18): stale temporary files, own
//! autosaves, matches that cannot be kept, FIFOs where files should be, a resumed match of
//! random bots, arbitrary files given to the readers. Nothing may panic, hang or lose data.
//! (The hostile input the program itself is given is tested in `tests/cli/hostile.rs`.)

use bg_tui::engine::Rules;
use bg_tui::store;
use proptest::prelude::*;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

mod game {
    use crate::tui::{App, Event, Options};
    use bg_tui::engine::{Phase, Rules, format_play};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use std::path::Path;

    pub(crate) fn new(rules: Rules, seed: u64, saves: &Path) -> App {
        App::new(Options {
            rules,
            seed: Some(seed),
            saves: Some(saves.to_path_buf()),
            ..Options::default()
        })
        .expect("a game")
    }

    pub(crate) fn press(app: &mut App, c: char) {
        app.handle(Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )));
        app.make_saves();
    }

    pub(crate) fn command(app: &mut App, line: &str) {
        press(app, ':');
        for c in line.chars() {
            press(app, c);
        }
        app.handle(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        )));
        app.make_saves();
    }

    /// One action by keys: roll, play the first legal play (or pass a dance), take.
    pub(crate) fn step(app: &mut App) {
        let game = app.match_state().game();
        match game.phase() {
            Phase::Opening | Phase::Rolling => press(app, 'r'),
            Phase::Moving(_) => match game.legal_plays().first() {
                Some(play) => {
                    let text = format_play(play);
                    command(app, &text);
                }
                None => {
                    app.handle(Event::Key(KeyEvent::new(
                        KeyCode::Enter,
                        KeyModifiers::NONE,
                    )));
                    app.make_saves();
                }
            },
            Phase::DoubleOffered | Phase::Beavered => press(app, 't'),
            Phase::Over(_) => press(app, 'n'),
        }
    }
}

/// The names in `dir`, sorted, but the autosave's lock.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != store::autosave::LOCK_NAME)
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

#[test]
fn stale_temporary_files_are_removed_when_a_game_starts() {
    use crate::tui::{App, Event, Options};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let dir = tempfile::tempdir().unwrap();
    let stale = dir.path().join(".bg-tui-AbC123.tmp");
    let fresh = dir.path().join(".bg-tui-XyZ789.tmp");
    let other = dir.path().join("notes.tmp");
    for path in [&stale, &fresh, &other] {
        std::fs::write(path, "{").unwrap();
    }
    let old = std::time::SystemTime::now() - Duration::from_secs(3600);
    for path in [&stale, &other] {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    let mut app = App::new(Options {
        seed: Some(1),
        saves: Some(dir.path().to_path_buf()),
        ..Options::default()
    })
    .unwrap();
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('r'),
        KeyModifiers::NONE,
    )));
    app.make_saves();
    assert!(!stale.exists(), "the stale temporary file is removed");
    assert!(fresh.exists(), "one being written right now is left alone");
    assert!(other.exists(), "files that are not bg-tui's are left alone");
}

/// Item 2: a game's own autosave never replaces a file of that name (a process id that
/// came back: another game's unfinished match).
#[test]
fn an_own_autosave_never_replaces_a_file_left_under_its_name() {
    let dir = tempfile::tempdir().unwrap();
    // Another game holds the autosave.
    let _other = store::autosave::claim_autosave(dir.path(), None).unwrap();
    let pid = std::process::id();
    let earlier = dir.path().join(format!("autosave-{pid}.jsonl"));
    std::fs::write(&earlier, "an earlier game's match\n").unwrap();
    let mut app = game::new(Rules::money(), 4, dir.path());
    for _ in 0..4 {
        game::step(&mut app);
    }
    assert_eq!(
        std::fs::read_to_string(&earlier).unwrap(),
        "an earlier game's match\n"
    );
    let own = dir.path().join(format!("autosave-{pid}-2.jsonl"));
    assert_eq!(store::read_record(&own).unwrap().0, *app.record());
    assert!(
        app.model()
            .log
            .iter()
            .any(|l| l.contains(&format!("autosave-{pid}-2.jsonl"))),
        "the game says where it saves"
    );
}

/// Item 16: resuming a game's own autosave while another game holds the autosave goes on
/// writing that file, rather than leave one more copy each time; but never while the game
/// that writes it still runs.
#[test]
fn resuming_an_own_autosave_goes_on_in_it_and_leaves_a_running_games_alone() {
    let dir = tempfile::tempdir().unwrap();
    let _other = store::autosave::claim_autosave(dir.path(), None).unwrap();
    let mut first = game::new(Rules::money(), 5, dir.path());
    for _ in 0..3 {
        game::step(&mut first);
    }
    let names = names_in(dir.path());
    assert_eq!(names.len(), 1, "{names:?}");
    let own = dir.path().join(&names[0]);
    let args = |file: &Path| crate::cli::ResumeArgs {
        file: Some(file.to_path_buf()),
        ..crate::cli::ResumeArgs::default()
    };
    // While the first game runs, a resumed copy writes a file of its own.
    let mut copy =
        crate::cli::resume_app_in(&args(&own), false, Ok(dir.path().to_path_buf())).unwrap();
    game::step(&mut copy);
    game::step(&mut first);
    assert_eq!(names_in(dir.path()).len(), 2);
    assert_eq!(store::read_record(&own).unwrap().0, *first.record());
    drop(copy);
    drop(first);
    // Then, round after round, resuming it goes on in it.
    for round in 0..3 {
        let mut app =
            crate::cli::resume_app_in(&args(&own), false, Ok(dir.path().to_path_buf())).unwrap();
        game::step(&mut app);
        game::step(&mut app);
        assert_eq!(names_in(dir.path()).len(), 2, "round {round}");
        assert_eq!(store::read_record(&own).unwrap().0, *app.record());
    }
}

/// Item 6: a finished match that cannot be kept (the folder is gone, as on a full disk) is
/// said on the panel and kept at the next event, or at quit, once saving works again.
#[test]
fn a_finished_match_that_cannot_be_kept_is_kept_when_saving_works_again() {
    for at_quit in [false, true] {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("saves");
        std::fs::create_dir(&dir).unwrap();
        let mut app = game::new(Rules::match_to(1), 6, &dir);
        game::step(&mut app);
        // The player on roll resigns; the other accepts: the match ends.
        game::press(&mut app, 'R');
        game::press(&mut app, 's');
        let aside = root.path().join("aside");
        std::fs::rename(&dir, &aside).unwrap();
        std::fs::write(&dir, "no folder").unwrap();
        game::press(&mut app, 'y');
        assert!(app.match_state().is_over());
        assert!(app.kept().is_none());
        assert!(
            app.model().saving.contains("not kept yet"),
            "{}",
            app.model().saving
        );
        std::fs::remove_file(&dir).unwrap();
        std::fs::rename(&aside, &dir).unwrap();
        let said = if at_quit {
            app.finish_saving()
        } else {
            game::press(&mut app, '?');
            app.farewell()
        };
        let kept = app.kept().expect("kept once saving works").to_path_buf();
        assert!(said.contains("kept as"), "{said}");
        assert!(app.model().saving.is_empty(), "{}", app.model().saving);
        assert_eq!(store::read_record(&kept).unwrap().0, *app.record());
        assert_eq!(names_in(&dir).len(), 1, "{:?}", names_in(&dir));
    }
}

/// Item 8: a FIFO as the autosave's lock, or as the `:save` target, is refused at once; the
/// game never freezes on it.
#[test]
fn a_fifo_as_the_lock_or_the_save_target_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(&dir.path().join(store::autosave::LOCK_NAME));
    let target = dir.path().join("save.fifo");
    mkfifo(&target);
    let saves = dir.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut app = game::new(Rules::money(), 7, &saves);
        game::step(&mut app);
        let first = app.message().to_string();
        game::command(&mut app, &format!("save {}", target.display()));
        let _ = tx.send((first, app.message().to_string()));
    });
    let (first, saved) = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the game froze on a FIFO");
    assert!(
        first.contains("autosave off") && first.contains("FIFO"),
        "{first}"
    );
    assert!(
        saved.starts_with("not saved") && saved.contains("FIFO"),
        "{saved}"
    );
}

/// Item 15: after a kill and `resume`, the `random` bot chooses as it would have in the
/// match uninterrupted (the dice are the same).
#[test]
fn a_resumed_match_of_random_bots_is_the_match_that_would_have_been() {
    use crate::tui::{App, Event, Options, Player};
    let options = |saves: &Path| Options {
        rules: Rules::match_to(7),
        seed: Some(11),
        players: [
            Player::Bot(bg_tui::bot::BotSpec::Random),
            Player::Bot(bg_tui::bot::BotSpec::Random),
        ],
        bot_delay_ms: 0,
        saves: Some(saves.to_path_buf()),
        ..Options::default()
    };
    let decide = |app: &mut App, n: usize| {
        for _ in 0..n {
            let Some(job) = app.take_bot_job() else {
                break;
            };
            let decision = job.decide();
            app.handle(Event::Msg(crate::tui::msg::Msg::BotDecided(
                job.id, decision,
            )));
            app.make_saves();
        }
    };
    let whole_dir = tempfile::tempdir().unwrap();
    let mut whole = App::new(options(whole_dir.path())).unwrap();
    decide(&mut whole, 120);
    let cut_dir = tempfile::tempdir().unwrap();
    let mut cut = App::new(options(cut_dir.path())).unwrap();
    decide(&mut cut, 60);
    drop(cut);
    let (record, m) = store::read_record(&cut_dir.path().join(store::AUTOSAVE_NAME)).unwrap();
    let mut resumed = App::resume(options(cut_dir.path()), record, m).unwrap();
    decide(&mut resumed, 60);
    assert_eq!(resumed.record().games, whole.record().games);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn file_readers_refuse_arbitrary_files_with_one_line(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("input");
        std::fs::write(&path, &bytes).unwrap();
        let path = path.to_str().unwrap().to_string();
        let _ = crate::cli::read_timeline(Path::new(&path));
        let _ = crate::cli::import_mat(Path::new(&path), None);
    }
}
