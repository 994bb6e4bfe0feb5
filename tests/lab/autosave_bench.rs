//! `bg-lab bench-autosave`: killed at any moment it leaves journals that read back, and it
//! never writes over what is in the folder it is given.

use crate::common::bg_lab;
use bg_tui::store;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_writer_killed_at_any_moment_leaves_a_journal_that_reads_back() {
    // `bench-autosave` saves a session action by action as the game does; kill it with
    // SIGKILL at several moments and read what it left.
    let mut previous = 0;
    for delay in [30u64, 120, 400, 900] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_bg-lab"))
            .args(["bench-autosave", "--games", "40", "--dir"])
            .arg(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        let _ = child.kill();
        let _ = child.wait();
        // It writes in a folder of its own inside `--dir`.
        let Some(dir) = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.is_dir())
        else {
            continue;
        };
        let path = dir.join(store::AUTOSAVE_NAME);
        if !path.exists() {
            continue;
        }
        let (record, _) =
            store::read_record(&path).unwrap_or_else(|e| panic!("killed after {delay} ms: {e}"));
        let actions: usize = record.games.iter().map(|g| g.actions.len()).sum();
        previous = previous.max(actions);
        // Every other file it left (the new session it saves beside the long one, the whole
        // record it times) is whole too; temporary files are what a kill leaves mid-write.
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.starts_with(".bg-tui-") {
                store::read_record(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
    assert!(previous > 0, "some journal was written before a kill");
}

/// Item 5: `bench-autosave --dir` naming the data folder leaves the autosave there alone.
#[test]
fn bench_autosave_never_writes_over_what_is_in_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join(store::AUTOSAVE_NAME);
    std::fs::write(&autosave, "an unfinished match\n").unwrap();
    let o = bg_lab(&[
        "bench-autosave",
        "--games",
        "2",
        "--dir",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        "an unfinished match\n"
    );
    assert_eq!(names_in(dir.path()), [store::AUTOSAVE_NAME]);
}

/// The names of the files in `dir`, sorted.
fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Issue 34, item 10: `bench-autosave --games 2` says what it built (game 1 only), not "games 2 to 1".
#[test]
fn bench_autosave_of_two_games_says_what_it_built() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let o = bg_lab(&[
        "bench-autosave",
        "--games",
        "2",
        "--dir",
        dir.path().to_str().expect("a UTF-8 path"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!text.contains("games 2 to 1"), "{text}");
    assert!(
        text.contains("(game 1, each line forced to the disk)"),
        "{text}"
    );
}
