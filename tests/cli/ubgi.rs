//! `bg-tui ubgi` as a controller drives it: one process answering many positions, every bad
//! line answered with one `error` line, and the end of input ending it.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `bg-tui ubgi` with `input` on standard input; its standard output's lines and exit.
fn ubgi(input: &[u8]) -> (Vec<String>, std::process::ExitStatus) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .arg("ubgi")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bg-tui runs");
    let mut stdin = child.stdin.take().expect("its input");
    stdin.write_all(input).expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("it ends");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (text.lines().map(str::to_string).collect(), out.status)
}

#[test]
fn one_process_answers_many_positions() {
    let (lines, status) = ubgi(
        b"ubgi\nisready\nnewgame\nset engine.ply 1\n\
          position gnubgid 4HPwATDgc/ABMA\ndice 3 1\ngo\n\
          position gnubgid 4HPwATDgc/ABMA:cIkqAAAAAAAA\ndice 6 6\ngo chequer\n\
          position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:21:0:0:0:0:10\ngo\nquit\n",
    );
    assert!(status.success());
    assert!(lines.contains(&"ubgiok".to_string()));
    assert!(lines.contains(&"readyok".to_string()));
    let best: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    assert_eq!(best.len(), 3, "{lines:?}");
    assert_eq!(best[0], "bestmove 8/5 6/5");
    // 6-6 plays four checker moves, 2-1 two.
    assert_eq!(best[1].split_whitespace().count(), 5, "{best:?}");
    assert_eq!(best[2].split_whitespace().count(), 3, "{best:?}");
}

#[test]
fn bad_lines_get_one_error_each_and_the_engine_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"frobnicate\n");
    input.extend_from_slice(b"position gnubgid\n");
    input.extend_from_slice(b"position gnubgid AAAAAAAAAAAAAA\n");
    input.extend_from_slice(b"dice 0 9\n");
    input.extend_from_slice(b"go cube\n");
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(&vec![b'x'; 10_000]);
    input.push(b'\n');
    input.extend_from_slice(b"isready\n");
    // No quit: the end of the input ends the session.
    let (lines, status) = ubgi(&input);
    assert!(status.success());
    assert_eq!(lines.len(), 8, "{lines:?}");
    for (line, code) in lines.iter().zip([
        "bad_command",
        "bad_command",
        "bad_value",
        "bad_value",
        "bad_state",
        "bad_command",
        "bad_command",
    ]) {
        assert!(line.starts_with(&format!("error {code} ")), "{line}");
    }
    assert_eq!(lines[7], "readyok");
}

/// The other way round: an engine over UBGI as a player (`bot-match ubgi:'COMMAND'`), here
/// bg-tui's own; an engine that dies is reported in one line with status 2.
#[test]
fn an_engine_over_ubgi_plays_and_one_that_dies_is_reported() {
    // At UBGI 1-ply (the expert's 0-ply, set after the handshake's first line): two games
    // at the default depth against greedy took 25 s of the suite's time.
    let engine = format!(
        "ubgi:{{ read -r first; printf '%s\\nset engine.ply 1\\n' \"$first\"; exec cat; }} | {} ubgi",
        env!("CARGO_BIN_EXE_bg-tui")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args([
            "bot-match",
            &engine,
            "greedy",
            "--games",
            "2",
            "--seed",
            "3",
        ])
        .args(["--threads", "1", "--json"])
        .stdin(Stdio::null())
        .output()
        .expect("bg-tui runs");
    assert!(out.status.success(), "{out:?}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["games"], 2, "{report}");
    // Shakes hands, then ends at the first question.
    let dying = "ubgi:read l; echo ubgiok; read l; echo readyok; read l; exit 0";
    let out = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args([
            "bot-match",
            dying,
            "greedy",
            "--games",
            "2",
            "--threads",
            "1",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("bg-tui runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    // Its end is seen on reading (it ended) or on writing the next line (a broken pipe),
    // whichever comes first.
    assert!(
        err.contains("it ended") || err.contains("stopped listening"),
        "{err}"
    );
}

/// Issue 34, item 1: a position from which neither side can ever move (both on the bar
/// against closed boards) is a bad value, and `go` then has no position; the engine answered
/// `bestmove pass` before.
#[test]
fn a_position_nobody_can_ever_move_from_is_a_bad_value() {
    let (lines, status) = ubgi(
        b"ubgi\nset engine.ply 1\nposition xgid XGID=cBBBBBB------------bbbbbbC:0:0:1:31:0:0:0:0:10\ngo\n\
          position gnubgid 4HPwATDgc/ABMA\ndice 3 1\ngo\nquit\n",
    );
    assert!(status.success());
    let after: Vec<&String> = lines
        .iter()
        .skip_while(|l| l.as_str() != "ubgiok")
        .skip(1)
        .collect();
    assert_eq!(after.len(), 3, "{lines:?}");
    assert_eq!(
        after[0],
        "error bad_value neither side can ever move: no roll has a legal play for either side, so the game could never end"
    );
    assert_eq!(after[1], "error bad_state missing position");
    assert_eq!(after[2], "bestmove 8/5 6/5");
}
