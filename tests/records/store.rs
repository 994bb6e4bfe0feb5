//! Records on disk: atomic writes, reading with clear errors, finished matches kept under
//! dated names.

use bg_tui::engine::{Action, MatchState, Rules};
use bg_tui::record::{PlayerInfo, Record, Recorder, to_json};
use bg_tui::store::{self, StoreError};
use std::time::{Duration, UNIX_EPOCH};

fn short_record() -> (Record, MatchState) {
    let rules = Rules::match_to(3);
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("Ann"), PlayerInfo::bot("greedy")],
        rules,
        Some(9),
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 5, black: 2 })
        .unwrap();
    let play = m.game().legal_plays()[0];
    rec.apply(&mut m, Action::Play(play)).unwrap();
    (rec.into_record(), m)
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_record_written_atomically_reads_back_to_the_same_match() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/er/game.json");
    let (record, m) = short_record();
    store::write_record(&path, &record).unwrap();
    let (read, replayed) = store::read_record(&path).unwrap();
    assert_eq!(read, record);
    assert_eq!(replayed, m);
    // No temporary file is left beside it.
    assert_eq!(files_in(path.parent().unwrap()), ["game.json"]);
}

#[test]
fn writing_over_a_file_replaces_it_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, "x".repeat(100_000)).unwrap();
    let (record, _) = short_record();
    store::write_record(&path, &record).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), to_json(&record));
    assert_eq!(files_in(dir.path()), ["game.json"]);
}

#[test]
fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    // The target is a folder: the rename must fail.
    let path = dir.path().join("taken");
    std::fs::create_dir(&path).unwrap();
    std::fs::write(path.join("inside"), "keep").unwrap();
    let err = store::write_atomic(&path, b"new").unwrap_err();
    assert!(
        err.to_string().starts_with(&path.display().to_string()),
        "{err}"
    );
    assert_eq!(files_in(dir.path()), ["taken"]);
    assert_eq!(
        std::fs::read_to_string(path.join("inside")).unwrap(),
        "keep"
    );
}

#[test]
fn unreadable_and_damaged_files_name_the_file_and_the_trouble() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    let err = store::read_record(&missing).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }));
    assert!(err.to_string().contains("missing.json"), "{err}");

    let binary = dir.path().join("binary.json");
    std::fs::write(&binary, [b'{', 0xff, 0xfe, b'}']).unwrap();
    let err = store::read_record(&binary).unwrap_err().to_string();
    assert!(
        err.contains("binary.json") && err.contains("not UTF-8"),
        "{err}"
    );

    let (record, _) = short_record();
    let broken = dir.path().join("broken.json");
    let json = to_json(&record).replace("\"notation\":\"", "\"notation\":\"24/1 ");
    std::fs::write(&broken, json).unwrap();
    let err = store::read_record(&broken).unwrap_err();
    assert!(matches!(err, StoreError::Record { .. }));
    let text = err.to_string();
    assert!(text.contains("broken.json: game 1, action 2:"), "{text}");

    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    let text = store::read_record(&empty).unwrap_err().to_string();
    assert!(text.contains("empty.json: not a valid record"), "{text}");
}

#[test]
fn files_beyond_the_limit_are_refused_before_reading_them_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.json");
    std::fs::write(&path, "1".repeat(2000)).unwrap();
    let err = store::read_text(&path, 1000).unwrap_err().to_string();
    assert!(err.contains("larger than 1000 bytes"), "{err}");
    assert_eq!(store::read_text(&path, 2000).unwrap().len(), 2000);
}

#[test]
fn finished_matches_are_kept_under_their_date_without_overwriting() {
    let dir = tempfile::tempdir().unwrap();
    let (record, _) = short_record();
    let at = UNIX_EPOCH + Duration::from_secs(1_795_257_775);
    let first = store::keep_finished(dir.path(), &record, at).unwrap();
    let second = store::keep_finished(dir.path(), &record, at).unwrap();
    assert_eq!(
        files_in(dir.path()),
        [
            "match-2026-11-21-104255-2.json",
            "match-2026-11-21-104255.json"
        ]
    );
    assert_ne!(first, second);
    assert_eq!(store::read_record(&second).unwrap().0, record);
}

#[cfg(unix)]
#[test]
fn new_files_are_readable_by_others_and_replaced_files_keep_their_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    store::write_atomic(&path, b"one").unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&path), 0o644);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    store::write_atomic(&path, b"two").unwrap();
    assert_eq!(mode(&path), 0o600);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
}

/// A process killed while it writes records leaves only whole files: every record file in
/// the folder loads (a temporary file may be left over; it never has the record's name).
#[cfg(feature = "tui")]
#[cfg(unix)]
#[test]
fn a_killed_writer_leaves_only_whole_records() {
    use std::process::{Command, Stdio};
    for wait_ms in [300, 600, 1000] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("games");
        let mut child = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
            .args([
                "bot-match",
                "random",
                "random",
                "--games",
                "1000000",
                "--save",
            ])
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait_ms));
        child.kill().unwrap(); // SIGKILL: no chance to tidy up.
        child.wait().unwrap();
        let mut records = 0;
        for entry in std::fs::read_dir(&out).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".json") {
                let (_, m) =
                    store::read_record(&path).unwrap_or_else(|e| panic!("after {wait_ms} ms: {e}"));
                assert!(m.is_over(), "{name}");
                records += 1;
            } else {
                assert!(
                    name.starts_with(".bg-tui-") && name.ends_with(".tmp"),
                    "{name}"
                );
            }
        }
        assert!(records > 0, "after {wait_ms} ms nothing was written");
    }
}
