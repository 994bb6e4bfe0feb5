//! `bg-tui import` and `bg-tui export`, run as a user runs them.

use crate::common;
use common::bg_tui;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mat")
        .join(name)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn import_prints_a_record_that_loads_and_export_gives_the_file_back() {
    let mat = fixture("match-5-crawford.mat");
    let o = bg_tui(&["import", mat.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let json = text(&o.stdout);
    let (record, m) = bg_tui::record::load(&json).unwrap();
    assert_eq!(record.games.len(), 6);
    assert!(m.winner().is_some());

    let dir = tempfile::tempdir().unwrap();
    let json_path = dir.path().join("match.json");
    let o = bg_tui(&[
        "import",
        mat.to_str().unwrap(),
        "-o",
        json_path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&json_path).unwrap(), json);

    let o = bg_tui(&["export", json_path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let original = std::fs::read_to_string(&mat).unwrap();
    assert_eq!(text(&o.stdout), original);

    let mat_path = dir.path().join("out/again.mat");
    let o = bg_tui(&[
        "export",
        json_path.to_str().unwrap(),
        "--output",
        mat_path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&mat_path).unwrap(), original);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.mat");
    std::fs::write(
        &broken,
        " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/4 6/5\n",
    )
    .unwrap();
    let not_json = dir.path().join("not.json");
    std::fs::write(&not_json, "hello").unwrap();
    let missing = dir.path().join("missing.mat");
    for (args, needle) in [
        (
            vec!["import", broken.to_str().unwrap()],
            "broken.mat: line 5, game 1, move 1: the play \"8/4 6/5\"",
        ),
        (vec!["import", missing.to_str().unwrap()], "missing.mat"),
        (vec!["export", not_json.to_str().unwrap()], "not.json"),
        (vec!["export", broken.to_str().unwrap()], "broken.mat"),
    ] {
        let o = bg_tui(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("bg-tui: "), "{err}");
        assert!(err.contains(needle), "{args:?}: wanted {needle:?} in {err}");
    }
    // A failed write leaves nothing behind.
    let o = bg_tui(&[
        "import",
        broken.to_str().unwrap(),
        "-o",
        dir.path().join("x.json").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.path().join("x.json").exists());
}
