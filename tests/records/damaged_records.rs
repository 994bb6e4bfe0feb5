//! The corpus of damaged record files in tests/fixtures/damaged: each is rejected, through
//! the library and on the command line (`bg-tui resume FILE`: exit status 2, one line), with
//! a message naming what is wrong and where. Every file in the folder must be listed here.

use bg_tui::store;
use std::path::{Path, PathBuf};
#[cfg(feature = "tui")]
use std::process::{Command, Stdio};

/// Each damaged file and what its message must say (after `FILE: `).
const CORPUS: &[(&str, &str)] = &[
    ("binary.json", "not UTF-8 text (byte 3 is not valid)"),
    (
        "die-out-of-range.json",
        "game 1, action 3: bad roll: a die shows 1 to 6, not 7",
    ),
    (
        "die-overflow.json",
        "not a valid record: line 25, column 43: invalid value: integer `300`, expected u8",
    ),
    (
        "empty.json",
        "not a valid record: line 1, column 0: the text ends too soon",
    ),
    (
        "false-result.json",
        "game 1, action 10: the record says White wins a gammon with the cube at 1 for 2 \
         points by bearing off, but the game is not over",
    ),
    (
        "future-version.json",
        "record version 3 is not supported: this program reads versions 1 and 2",
    ),
    (
        "game-after-unfinished-game.json",
        "game 1, action 10: the game is not over, but another game follows it",
    ),
    (
        "illegal-play.json",
        "game 1, action 4: illegal play 13/7 8/2 for 6-1: step 8/2: no die left (1) makes \
         that step",
    ),
    (
        "not-json.json",
        "not a valid record: line 1, column 2: this is not JSON",
    ),
    (
        "notation-mismatch.json",
        "game 1, action 4: the notation \"24/18 13/12\" does not read as a play of 6-1 (the \
         steps make 13/7 8/7)",
    ),
    (
        "rules-that-do-not-go-together.json",
        "the record's rules cannot be played: the Jacoby rule applies only to money play",
    ),
    (
        "take-without-double.json",
        "game 1, action 11: take: there is no double to answer",
    ),
    (
        "truncated.json",
        "not a valid record: line 25, column 38: the text ends too soon",
    ),
    (
        "unknown-action.json",
        "not a valid record: line 25, column 18: unknown variant `redouble`",
    ),
    (
        "wrong-format.json",
        "not a bg-tui record: the format is \"gnubg-match\", not \"bg-tui-record\"",
    ),
    (
        "wrong-side.json",
        "game 1, action 3: Black cannot roll: it is White's turn to act",
    ),
];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/damaged")
}

#[test]
fn every_file_of_the_corpus_is_listed() {
    let mut on_disk: Vec<String> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let listed: Vec<&str> = CORPUS.iter().map(|(name, _)| *name).collect();
    assert_eq!(on_disk, listed);
}

#[test]
fn each_damaged_file_is_rejected_with_its_reason() {
    for (name, expected) in CORPUS {
        let path = corpus_dir().join(name);
        let err = store::read_record(&path)
            .map(|_| ())
            .expect_err(name)
            .to_string();
        let prefix = format!("{}: ", path.display());
        assert!(err.starts_with(&prefix), "{err}");
        assert!(
            err[prefix.len()..].starts_with(expected),
            "{name}: {err:?}\nshould say {expected:?}"
        );
    }
}

#[cfg(feature = "tui")]
#[test]
fn resume_refuses_each_damaged_file_with_one_line_and_status_2() {
    for (name, expected) in CORPUS {
        let path = corpus_dir().join(name);
        let o = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
            .arg("resume")
            .arg(&path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{name}: {o:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with("bg-tui: "), "{err}");
        assert!(err.contains(expected), "{name}: {err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn the_undamaged_base_of_the_corpus_loads() {
    // The corpus was made from the first ten actions of this example, which must load, so
    // each damaged file differs from a good record by its damage alone.
    let base =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/records/match-3-greedy-vs-greedy.json");
    let (record, _) = store::read_record(&base).unwrap();
    let damaged = std::fs::read_to_string(corpus_dir().join("wrong-side.json")).unwrap();
    let repaired = damaged.replacen(
        "{\"roll\":{\"side\":\"black\",\"dice\":[6,1]}}",
        "{\"roll\":{\"side\":\"white\",\"dice\":[6,1]}}",
        1,
    );
    let (short, m) = bg_tui::record::load(&repaired).unwrap();
    assert_eq!(short.games[0].actions[..], record.games[0].actions[..10]);
    assert!(m.game().result().is_none());
}
