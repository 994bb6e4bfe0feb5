//! `bg-lab bench` and `bench-expert`: a corpus file read and its bad lines named, special
//! and oversized files refused at once, the report's columns, and durations and counts out
//! of range refused in one line.

use crate::common::{bg_lab, one_line_from};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The standard error of `o`: one line, `bg-lab: ...`.
fn lab_line(o: &std::process::Output) -> String {
    one_line_from(o, "bg-lab")
}

/// `bg-lab args`, which must end within `limit`: it never waits on a file.
fn finishes_within(args: &[&str], limit: Duration) -> std::process::Output {
    let child = Command::new(env!("CARGO_BIN_EXE_bg-lab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bg-lab starts");
    crate::common::finishes_within(child, limit, &format!("bg-lab {args:?}"))
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    for (args, expected) in [
        (vec!["bench", "--seconds", "-1"], "--seconds"),
        (
            vec!["bench", "--corpus", "/nonexistent/corpus.txt"],
            "cannot read",
        ),
        (vec!["bench", "--rules", "chess"], "unknown rule set"),
        (vec!["bench-expert", "--pairs", "0"], "--pairs"),
        (vec!["bench-expert", "--rules", "tavli"], "unknown rule set"),
    ] {
        let o = bg_lab(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = lab_line(&o);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
    // clap's own usage errors also exit with 2, and name the program.
    let o = bg_lab(&["bench", "--bogus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(lab_line(&o).contains("see bg-lab --help"));
    assert!(bg_lab(&["--version"]).status.success());
}

#[cfg(unix)]
#[test]
fn a_corpus_that_is_a_fifo_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("corpus.fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let o = finishes_within(
        &["bench", "--corpus", fifo.to_str().unwrap()],
        Duration::from_secs(20),
    );
    assert_eq!(o.status.code(), Some(2));
    let err = lab_line(&o);
    assert!(err.contains("not a regular file (a FIFO)"), "{err}");
}

#[test]
fn bench_reads_a_corpus_file_and_names_a_bad_line() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let good = dir.join("good.txt");
    std::fs::write(
        &good,
        "# opening rolls\n4HPwATDgc/ABMA 31\n\n4HPwATDgc/ABMA 6-6\n",
    )
    .unwrap();
    let o = bg_lab(&[
        "bench",
        "--corpus",
        good.to_str().unwrap(),
        "--seconds",
        "0.2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        text.starts_with("corpus: 2 (position, roll) pairs"),
        "{text}"
    );
    // 16 plays for 3-1, 11 for 6-6.
    assert!(
        text.lines().any(|l| l
            .split_whitespace()
            .eq(["positions", "per", "pair", "13.50"])),
        "{text}"
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "4HPwATDgc/ABMA 31\n4HPwATDgc/ABMA 77\n").unwrap();
    let o = bg_lab(&["bench", "--corpus", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("bad.txt:2: invalid dice"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn bench_expert_times_evaluation_and_each_look_ahead() {
    let o = bg_lab(&["bench-expert", "--pairs", "3", "--rollout-trials", "36"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("3 (position, roll) pairs"), "{out}");
    assert!(
        out.contains("trials a second (") && out.contains(" trials of "),
        "{out}"
    );
    assert!(
        out.contains("0-ply evaluation:") && out.contains("µs per position"),
        "{out}"
    );
    for ply in ["  0-ply", "  1-ply", "  2-ply"] {
        assert!(out.contains(ply), "{out}");
    }
}

#[test]
fn a_corpus_that_is_a_device_or_too_large_is_refused_at_once() {
    let o = finishes_within(&["bench", "--corpus", "/dev/zero"], Duration::from_secs(20));
    assert_eq!(o.status.code(), Some(2));
    let err = lab_line(&o);
    assert!(err.contains("not a regular file"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let file = std::fs::File::create(&big).unwrap();
    // One byte more than the 16 MiB a corpus file may hold.
    file.set_len((16 << 20) + 1).unwrap();
    let o = bg_lab(&["bench", "--corpus", big.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = lab_line(&o);
    assert!(err.contains("larger than"), "{err}");
}

#[test]
fn bench_keeps_its_columns_apart_and_refuses_absurd_durations() {
    let o = bg_lab(&[
        "bench",
        "--corpus",
        &crate::common::hostile_fixture("corpus-no-legal-play.txt"),
        "--seconds",
        "0.01",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    for line in text.lines().skip(2) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.len() >= 2, "{line:?}");
        // Every figure is a number or `-`, never two run together.
        for figure in words
            .iter()
            .rev()
            .take_while(|w| w.parse::<f64>().is_ok() || **w == "-")
        {
            assert!(figure.len() < 12, "{line:?}");
        }
    }
    assert!(text.contains("ns per position"), "{text}");
    for seconds in ["1e-300", "0", "nan", "1e300"] {
        let o = bg_lab(&["bench", "--seconds", seconds]);
        assert_eq!(o.status.code(), Some(2), "{seconds}");
        assert!(lab_line(&o).len() < 120);
    }
}
