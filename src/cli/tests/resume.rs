//! `bg-tui resume` as the command line builds the game: the autosave goes on being written,
//! a file resumed saves back to it, `--no-autosave` writes nothing, an autosave of an
//! earlier version goes on as a journal. (The game's own saving is tested with the game, in
//! `src/tui/tests/tui_saves.rs`, whose helpers these tests share.)

use crate::tui::App;
use crate::tui::tests::common::press;
use crate::tui::tests::tui_saves::{autosave, files_in, options, step};
use bg_tui::engine::Rules;
use bg_tui::store;
use ratatui::crossterm::event::KeyCode;
use std::path::Path;

fn resume_args(file: Option<&Path>) -> crate::cli::ResumeArgs {
    crate::cli::ResumeArgs {
        file: file.map(Path::to_path_buf),
        ..Default::default()
    }
}

#[test]
fn resuming_the_autosave_goes_on_writing_it_and_resuming_a_file_saves_back_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = || Ok(dir.path().to_path_buf());
    let mut app = App::new(options(Rules::match_to(3), Some(1), Some(dir.path()))).unwrap();
    for _ in 0..6 {
        step(&mut app);
    }
    drop(app);
    let mut resumed = crate::cli::resume_app_in(&resume_args(None), false, data()).unwrap();
    step(&mut resumed);
    assert_eq!(
        files_in(dir.path()),
        [store::AUTOSAVE_NAME],
        "nothing moved aside"
    );
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *resumed.record()
    );
    // A file elsewhere: `s` saves back to it, and the autosave in progress is moved aside.
    let elsewhere = dir.path().join("mine.json");
    store::write_record(&elsewhere, resumed.record()).unwrap();
    drop(resumed);
    let mut from_file =
        crate::cli::resume_app_in(&resume_args(Some(&elsewhere)), false, data()).unwrap();
    step(&mut from_file);
    press(&mut from_file, KeyCode::Char('s'));
    assert_eq!(
        from_file.message(),
        format!("saved to {}", elsewhere.display())
    );
    assert_eq!(
        store::read_record(&elsewhere).unwrap().0,
        *from_file.record()
    );
    assert_eq!(files_in(dir.path()).len(), 3, "{:?}", files_in(dir.path()));
    // No data folder and no file: a clear error.
    let err = crate::cli::resume_app_in(
        &resume_args(None),
        false,
        Err(crate::cli::CliError::Store(
            bg_tui::store::StoreError::NoDataDir,
        )),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "no data directory: set XDG_DATA_HOME or HOME"
    );
}

#[test]
fn no_autosave_writes_nothing_when_resumed() {
    assert_eq!(crate::cli::save_folder(true), None);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.json");
    let mut app = App::new(options(Rules::match_to(3), Some(1), None)).unwrap();
    for _ in 0..4 {
        step(&mut app);
    }
    store::write_record(&file, app.record()).unwrap();
    let args = crate::cli::ResumeArgs {
        file: Some(file.clone()),
        no_autosave: true,
        ..Default::default()
    };
    let data = dir.path().join("data");
    let mut resumed = crate::cli::resume_app_in(&args, false, Ok(data.clone())).unwrap();
    for _ in 0..4 {
        step(&mut resumed);
    }
    assert!(!data.exists(), "nothing is written to the data folder");
    // Without --no-autosave the same steps write the autosave there.
    let args = crate::cli::ResumeArgs {
        no_autosave: false,
        ..args
    };
    let mut resumed = crate::cli::resume_app_in(&args, false, Ok(data.clone())).unwrap();
    step(&mut resumed);
    assert!(autosave(&data).exists());
}

#[test]
fn an_autosave_of_an_earlier_version_resumes_and_goes_on_as_a_journal() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(options(Rules::match_to(3), Some(2), None)).unwrap();
    for _ in 0..5 {
        step(&mut app);
    }
    let legacy = dir.path().join(store::LEGACY_AUTOSAVE_NAME);
    store::write_record(&legacy, app.record()).unwrap();
    let data = || Ok(dir.path().to_path_buf());
    let mut resumed = crate::cli::resume_app_in(&resume_args(None), false, data()).unwrap();
    step(&mut resumed);
    assert_eq!(files_in(dir.path()), [store::AUTOSAVE_NAME]);
    assert_eq!(
        store::read_record(&autosave(dir.path())).unwrap().0,
        *resumed.record()
    );
}

/// Issue 47, item 1: `bg-tui resume FILE` of a record that gives a side to an engine does
/// not run it: the expert plays that side and the game says so (on the message line and
/// in the log); `--engine` naming that very engine runs it.
#[test]
fn a_record_s_engine_is_not_run_but_said_and_run_only_when_named() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    let engine = format!("ubgi:touch '{}'", marker.display());
    let mut app = App::new(options(Rules::match_to(3), Some(1), None)).unwrap();
    for _ in 0..4 {
        step(&mut app);
    }
    let mut record = app.record().clone();
    drop(app);
    record.players[1].kind = bg_tui::record::PlayerKind::Bot(engine.clone());
    let file = dir.path().join("sent.json");
    store::write_record(&file, &record).unwrap();
    let app =
        crate::cli::resume_app_in(&resume_args(Some(&file)), false, Ok(dir.path().into())).unwrap();
    assert!(!marker.exists(), "the record's command was run");
    assert!(
        app.message()
            .starts_with("the expert plays Black in place of the record's engine ubgi:touch"),
        "{}",
        app.message()
    );
    assert!(
        app.log()
            .iter()
            .any(|l| l.contains("the expert plays Black"))
    );
    assert_eq!(app.model().bots[1].as_deref(), Some("expert"));
    drop(app);
    // Named on the command line, it runs (here it is no engine: refused).
    let args = crate::cli::ResumeArgs {
        engines: vec![engine.parse().unwrap()],
        ..resume_args(Some(&file))
    };
    assert!(crate::cli::resume_app_in(&args, false, Ok(dir.path().into())).is_err());
    assert!(marker.exists(), "the engine named was not run");
    // --engine takes engines only.
    let args = crate::cli::ResumeArgs {
        engines: vec!["greedy".parse().unwrap()],
        ..resume_args(Some(&file))
    };
    let err = crate::cli::resume_app_in(&args, false, Ok(dir.path().into())).unwrap_err();
    assert!(err.to_string().contains("--engine"), "{err}");
}
