//! `bg-tui drill` without a terminal: `--list` on a folder with nothing to drill, on bots'
//! records and on a `.mat` file, a damaged schedule kept aside and said in one line, and the
//! quiz refused in one line when standard output is not a terminal.

use crate::common::bg_tui;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `bg-tui drill --dir DIR --list --analyse --ply 0`, which must succeed: what it prints.
fn list_analysed(dir: &std::path::Path) -> String {
    let dir_arg = dir.to_str().expect("a UTF-8 path");
    let o = bg_tui(&[
        "drill",
        "--dir",
        dir_arg,
        "--list",
        "--analyse",
        "--ply",
        "0",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn list_on_a_folder_without_analyses_says_so() {
    let dir = tempfile::tempdir().expect("a folder");
    let dir_arg = dir.path().to_str().expect("a UTF-8 path");
    let o = bg_tui(&["drill", "--dir", dir_arg, "--list"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "0 due of 0 items from 0 analysed records\n"
    );
    // A folder that is not there yet is an empty one.
    let missing = dir.path().join("none");
    let o = bg_tui(&["drill", "--dir", missing.to_str().expect("UTF-8"), "--list"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
}

/// A record of two bots, analysed: nothing to drill (the drill is of people's
/// decisions), and the line says how many of the bots' errors were left out.
#[test]
fn a_record_of_bots_has_nothing_to_drill_and_says_why() {
    let dir = tempfile::tempdir().expect("a folder");
    let record = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/records/money-greedy-vs-greedy.json"
    );
    std::fs::copy(record, dir.path().join("money.json")).expect("copied");
    let out = list_analysed(dir.path());
    let line = out
        .lines()
        .find(|l| l.starts_with("0 due of 0 items from 1 analysed record; "))
        .unwrap_or_else(|| panic!("{out}"));
    let bots: usize = line
        .trim_start_matches("0 due of 0 items from 1 analysed record; ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        bots > 0 && line.ends_with(" by bots, not drilled"),
        "{line}"
    );
}

#[test]
fn a_damaged_schedule_is_kept_aside_and_said() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(dir.path().join("drill.json"), "not json").expect("written");
    let o = bg_tui(&[
        "drill",
        "--dir",
        dir.path().to_str().expect("UTF-8"),
        "--list",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let first = out.lines().next().expect("a line");
    assert!(first.starts_with("note: the drill schedule "), "{out}");
    assert!(first.contains("drill-damaged.json"), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("drill-damaged.json")).expect("kept"),
        "not json"
    );
}

#[test]
fn the_quiz_needs_a_terminal() {
    let dir = tempfile::tempdir().expect("a folder");
    let o = bg_tui(&["drill", "--dir", dir.path().to_str().expect("UTF-8")]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the drill needs a terminal"), "{err}");
    let o = bg_tui(&["drill", "--min-loss", "-1", "--list"]);
    assert_eq!(o.status.code(), Some(2));
}

/// A Jellyfish `.mat` file in the folder is drilled as a record is: `--analyse` analyses it
/// and saves the analysis beside it (`NAME.mat.analysis.json`, as the viewer does), its
/// players' mistakes become items at the match's score, and a `.mat` file that does not
/// read is said in one line naming it.
#[test]
fn an_analysed_mat_file_is_drilled() {
    let dir = tempfile::tempdir().expect("a folder");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/gnubg/match-analysis/m7-expert0-pubeval.mat"
    );
    std::fs::copy(fixture, dir.path().join("m7.mat")).expect("copied");
    std::fs::write(dir.path().join("bad.MAT"), "not a match\n").expect("written");
    let out = list_analysed(dir.path());
    assert!(
        dir.path().join("m7.mat.analysis.json").is_file(),
        "the analysis is saved beside the .mat file"
    );
    let first = out
        .lines()
        .find(|l| l.contains(" items from 1 analysed record"))
        .unwrap_or_else(|| panic!("{out}"));
    let items: usize = first
        .split(" due of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{first}"));
    assert!(items > 0, "{out}");
    let boxes: Vec<&str> = out.lines().filter(|l| l.starts_with("box ")).collect();
    assert!(!boxes.is_empty(), "{out}");
    assert!(boxes.iter().all(|l| l.contains("7-point match")), "{out}");
    let bad: Vec<&str> = out.lines().filter(|l| l.contains("bad.MAT")).collect();
    assert_eq!(bad.len(), 1, "{out}");
    assert!(bad[0].contains("not a .mat file"), "{out}");
}
