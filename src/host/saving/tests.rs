use super::*;
use crate::engine::{Action, MatchState, Rules};
use crate::record::Recorder;
use crate::record::{PlayerInfo, PlayerKind};
use crate::store;

fn recorder() -> Recorder {
    let player = |name: &str| PlayerInfo {
        name: name.to_string(),
        kind: PlayerKind::Human,
    };
    Recorder::new([player("Alice"), player("Bob")], Rules::money(), Some(1))
}

#[test]
fn saves_are_handed_out_one_at_a_time_in_the_order_asked() {
    let dir = tempfile::tempdir().unwrap();
    let mut recorder = recorder();
    let mut m = MatchState::new(Rules::money()).unwrap();
    let mut saving = Saving::new(
        SaveWriter::new(Some(dir.path().to_path_buf()), Vec::new()),
        recorded(recorder.as_record()),
    );
    recorder
        .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let chosen = dir.path().join("chosen.json");
    saving.ask(SaveRequest::Autosave);
    saving.ask(SaveRequest::Autosave);
    saving.ask(SaveRequest::To(Some(chosen.clone())));
    let first = saving.next(&recorder, false).expect("a save");
    assert_eq!(first.request(), &SaveRequest::Autosave);
    assert!(saving.out() && saving.pending());
    assert!(
        saving.next(&recorder, false).is_none(),
        "one save at a time"
    );
    let said = saving.done(first.run());
    assert!(matches!(said, Saved::Autosave { .. }), "{said:?}");
    assert!(dir.path().join(store::AUTOSAVE_NAME).exists());
    assert!(saving.status().journal_len > 0);
    let second = saving.next(&recorder, false).expect("s");
    assert_eq!(
        second.request(),
        &SaveRequest::To(Some(chosen.clone())),
        "the second autosave waited with the first: one is enough"
    );
    let said = saving.done(second.run());
    assert!(
        matches!(&said, Saved::To(line) if line.starts_with("saved to ")),
        "{said:?}"
    );
    assert!(!saving.pending());
    assert_eq!(
        store::read_record(&chosen).unwrap().0,
        *recorder.as_record()
    );
}

#[test]
fn without_a_save_folder_an_autosave_is_nothing_to_do_and_s_says_so() {
    let recorder = recorder();
    let mut saving = Saving::new(SaveWriter::new(None, Vec::new()), 0);
    saving.ask(SaveRequest::Autosave);
    assert!(!saving.pending());
    saving.ask(SaveRequest::To(None));
    let job = saving.next(&recorder, false).expect("s");
    let said = saving.done(job.run());
    assert!(
        matches!(&said, Saved::To(line) if line == "there is no save folder: save with :save PATH"),
        "{said:?}"
    );
    assert_eq!(saving.farewell(0, false), "");
    assert_eq!(
        saving.farewell(1, false),
        "the match was not saved (autosave is off)"
    );
}

/// A save target that takes no more: a FIFO held open for reading (so opening it for
/// writing does not wait) whose pipe is full and never read. Writing a record to it blocks
/// for real, as a write or an fsync to a disk that does not answer does, until
/// [`HungDisk::answer`].
struct HungDisk {
    path: std::path::PathBuf,
    pipe: std::fs::File,
}

impl HungDisk {
    fn new(dir: &std::path::Path) -> HungDisk {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let path = dir.join("hung");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let mut pipe = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(crate::files::O_NONBLOCK)
            .open(&path)
            .expect("the FIFO opens");
        // Full to the last byte: pages, then single bytes.
        for chunk in [4096, 1] {
            while pipe.write(&vec![b' '; chunk]).is_ok() {}
        }
        HungDisk { path, pipe }
    }

    /// The disk answers at last, with an error: the FIFO's one reader goes, and the write
    /// blocked on it fails (a broken pipe).
    fn answer(self) {
        drop(self.pipe);
    }
}

/// Issue 47, item 2: a save that never returns (its disk does not answer) is timed while
/// it is out, and the match is saved in a rescue folder without the writer it holds.
#[test]
fn a_save_that_never_returns_is_timed_and_the_match_is_rescued_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let rescue = dir.path().join("rescue");
    let mut recorder = recorder();
    let mut m = MatchState::new(Rules::money()).unwrap();
    let mut saving = Saving::new(
        SaveWriter::new(Some(dir.path().join("saves")), vec![rescue.clone()]),
        recorded(recorder.as_record()),
    );
    recorder
        .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    assert_eq!(saving.out_for(), None);
    let hung = HungDisk::new(dir.path());
    saving.ask(SaveRequest::To(Some(hung.path.clone())));
    let job = saving.next(&recorder, false).expect("a save");
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(job.run());
    });
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert!(
        rx.try_recv().is_err(),
        "the save is stuck on the FIFO no one reads"
    );
    let out = saving.out_for().expect("a save is out");
    assert!(out >= std::time::Duration::from_secs(1), "{out:?}");
    let saved = saving
        .rescue_stuck(&recorder, false, std::time::Duration::from_secs(2))
        .expect("rescued");
    assert_eq!(saved.parent(), Some(rescue.as_path()));
    let name = saved.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("unfinished-"), "{name}");
    assert_eq!(store::read_record(&saved).unwrap().0, *recorder.as_record());
    assert_eq!(saving.status().rescued.as_deref(), Some(saved.as_path()));
    // The disk answers at last: the save comes back.
    hung.answer();
    let done = rx.recv().expect("the save came back");
    worker.join().unwrap();
    let _ = saving.done(done);
    assert_eq!(saving.out_for(), None);
}

/// Issue 47, item 10: the line at quit for a match saved elsewhere names the file whole
/// (not `~/...`, even in the home folder), as the other lines that name a file to go on
/// with do, and says a finished match is finished (it is replayed, not resumed).
#[test]
fn a_match_rescued_at_quit_is_named_whole_and_finished_or_not() {
    let home = dirs::home_dir().unwrap_or_else(|| std::path::PathBuf::from("/root"));
    let file = home.join("rescued").join("match-2026-01-01-000000.json");
    let mut writer = SaveWriter::new(None, Vec::new());
    writer.trouble = Some("No space left on device".to_string());
    writer.rescued = Some(file.clone());
    let saving = Saving::new(writer, 0);
    assert_eq!(
        saving.farewell(1, true),
        format!(
            "the match could not be saved where it goes: it is saved as {} (the finished \
             match: bg-tui replay FILE replays it)",
            file.display()
        )
    );
    assert_eq!(
        saving.farewell(1, false),
        format!(
            "the match could not be saved where it goes: it is saved as {} (bg-tui resume \
             FILE goes on with it)",
            file.display()
        )
    );
}
