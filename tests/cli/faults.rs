//! Nothing lost, part three (issue 34): engines that flood, hang or outlive their game,
//! positions nobody can ever move from, full disks at quit, threads that cannot start, and
//! the smaller faults found beside them. Each test makes the fault happen: a hostile engine
//! is a small script in `tests/engines`, a thread that cannot start is a thread whose stack
//! cannot be mapped (see [`no_threads`]).

use crate::common;
use common::{bg_tui, one_line_stderr};

/// The path of a hostile engine's script in `tests/engines`.
fn engine(script: &str) -> String {
    format!("{}/tests/engines/{script}", env!("CARGO_MANIFEST_DIR"))
}

/// `/proc/PID/stat`'s fields after the command's name: the state first, the process group
/// third (`None` once the process has gone).
#[cfg(target_os = "linux")]
fn stat(pid: u32) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &text[text.rfind(')')? + 1..];
    Some(after_name.split_whitespace().map(str::to_string).collect())
}

/// Whether process `pid` runs (a process that has ended but not been waited for is gone).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    stat(pid).is_some_and(|fields| fields.first().is_some_and(|state| state != "Z"))
}

/// The processes that run in process group `group`.
#[cfg(target_os = "linux")]
fn running_in_group(group: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            stat(pid).is_some_and(|f| f[0] != "Z" && f.get(2) == Some(&group.to_string()))
        })
        .collect()
}

/// The process ids the stubborn engines wrote: each engine's own, its child's and its
/// group's.
#[cfg(target_os = "linux")]
fn stubborn_pids(file: &std::path::Path) -> Vec<[u32; 3]> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let n: Vec<u32> = l
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            (n.len() == 3).then(|| [n[0], n[1], n[2]])
        })
        .collect()
}

/// Waits up to 5 s for every process of the stubborn engines in `file` to be gone; fails
/// naming those that stay.
#[cfg(target_os = "linux")]
fn all_gone(file: &std::path::Path, engines: usize) {
    let pids = stubborn_pids(file);
    assert_eq!(pids.len(), engines, "{pids:?}");
    let own_group = stat(std::process::id()).map(|f| f[2].clone());
    let staying = || -> Vec<u32> {
        let mut staying: Vec<u32> = pids
            .iter()
            .flat_map(|&[sh, child, _]| [sh, child])
            .filter(|&pid| running(pid))
            .collect();
        for &[_, _, group] in &pids {
            // An engine in the test's own group (as engines were started before) is
            // judged by its two processes above.
            if own_group.as_deref() != Some(&group.to_string()) {
                staying.extend(running_in_group(group));
            }
        }
        staying
    };
    let start = std::time::Instant::now();
    while !staying().is_empty() && start.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(staying().is_empty(), "still running: {:?}", staying());
}

/// Item 4: an engine that prints while nobody asks it anything is read a bounded number of
/// lines ahead; then it waits (its pipe full), and the program does not grow.
#[test]
fn an_engine_that_floods_its_output_is_read_a_bounded_way_ahead() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mark = dir.path().join("all-read");
    let command = format!("ubgi:sh {} {}", engine("flood.sh"), mark.display());
    let bot = bg_tui::bot::make(&command, 1).expect("it shakes hands");
    // 200,000 lines: an unbounded reader takes them all in a fraction of a second.
    std::thread::sleep(std::time::Duration::from_secs(2));
    assert!(
        !mark.exists(),
        "the engine's 200,000 lines were all read though nobody asked for them"
    );
    drop(bot);
}

/// Item 6: an engine that forks a child and ignores `quit`, the end of its input and
/// SIGTERM is ended, with its child, once its bot is dropped.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_that_will_not_go_is_ended_with_all_it_started() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pids = dir.path().join("pids");
    let command = format!(
        "ubgi:sh {} {} {}",
        engine("stubborn.sh"),
        pids.display(),
        env!("CARGO_BIN_EXE_bg-tui")
    );
    let bot = bg_tui::bot::make(&command, 1).expect("it shakes hands");
    drop(bot);
    all_gone(&pids, 1);
}

/// Item 6: no process of an engine outlives `bot-match`: two games (a mirrored pair), each
/// with a stubborn engine of its own, none left.
#[cfg(target_os = "linux")]
#[test]
fn no_engine_outlives_bot_match() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pids = dir.path().join("pids");
    let engine = format!(
        "ubgi:sh {} {} {}",
        engine("stubborn.sh"),
        pids.display(),
        env!("CARGO_BIN_EXE_bg-tui")
    );
    let o = bg_tui(&[
        "bot-match",
        &engine,
        "random",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let started = stubborn_pids(&pids).len();
    assert!(started >= 1, "no engine started");
    all_gone(&pids, started);
}

/// Item 6: a `bot-match` ended by a signal ends its engines first (their process group is
/// not the terminal's, so Ctrl-C does not reach them).
#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_bot_match_ends_its_engines() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pids = dir.path().join("pids");
    let engine = format!(
        "ubgi:sh {} {} {}",
        engine("stubborn.sh"),
        pids.display(),
        env!("CARGO_BIN_EXE_bg-tui")
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args(["bot-match", &engine, "random", "--games", "1000"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("bot-match starts");
    // The first engine is the one bot-match starts to check the name; those after it play.
    let start = std::time::Instant::now();
    while stubborn_pids(&pids).len() < 3 {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "no engine started"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let status = child.wait().expect("bot-match ends");
    assert_eq!(status.code(), Some(130));
    let started = stubborn_pids(&pids).len();
    all_gone(&pids, started);
}

/// Item 10: an interrupted `rollout` prints the trials done so far and their figures, says
/// it was interrupted in one line, and exits 130.
#[cfg(unix)]
#[test]
fn an_interrupted_rollout_prints_what_it_has_and_exits_130() {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args([
            "rollout",
            "4HPwATDgc/ABMA",
            "31",
            "--trials",
            "1000000",
            "--truncate",
            "5",
            "--threads",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rollout starts");
    // Time to rank the plays and play some trials, even on a busy machine.
    std::thread::sleep(std::time::Duration::from_secs(6));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let o = child.wait_with_output().expect("rollout ends");
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let line = one_line_stderr(&o);
    assert!(line.contains("interrupted by SIGINT after"), "{line}");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("Rollout of Position ID 4HPwATDgc/ABMA"),
        "{text}"
    );
    // The trials done, in the heading and on each of the five plays' lines.
    let done: u32 = line
        .split("after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the trials done");
    assert!(done > 0, "{line}");
    assert!(text.contains(&format!("{done} trials each")), "{text}");
    assert_eq!(
        text.matches(&format!("  {done} trials  ")).count(),
        5,
        "{text}"
    );
}

/// The environment that makes every thread the program starts with the default stack fail
/// to start, as under a process limit (`ulimit -u`, which does not bind root): the stack
/// asked for (1 PiB) cannot be mapped. The game's own input and signal threads ask for a
/// small stack of their own and still start, as they start first under a real limit.
const NO_THREADS: (&str, &str) = ("RUST_MIN_STACK", "1125899906842624");

/// Item 3: `bg-tui rollout` on threads that cannot start says so in one line and exits 1,
/// with no panic and no backtrace.
#[test]
fn a_rollout_whose_threads_cannot_start_says_so_in_one_line() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args([
            "rollout",
            "4HPwATDgc/ABMA",
            "31",
            "--trials",
            "36",
            "--truncate",
            "1",
            "--threads",
            "2",
        ])
        .env(NO_THREADS.0, NO_THREADS.1)
        .env("RUST_BACKTRACE", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("bg-tui runs");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let line = one_line_stderr(&o);
    assert!(line.contains("a thread could not start"), "{line}");
    assert!(o.stdout.is_empty());
}

/// Item 3: a game whose workers cannot start goes on: the bots' question is one line on the
/// screen ("the bot waits: a thread could not start"), the keys work, `q` `y` quits with
/// status 0 and the terminal restored. Run under `script`, which gives the game a terminal.
#[test]
fn a_game_whose_workers_cannot_start_goes_on() {
    use std::io::Write;
    use std::process::Command;
    use std::time::Duration;
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` here: skipped");
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("out");
    let command = format!(
        "stty cols 120 rows 40; env {}={} {} --white greedy --black greedy --no-autosave; \
         echo status $?",
        NO_THREADS.0,
        NO_THREADS.1,
        env!("CARGO_BIN_EXE_bg-tui")
    );
    let mut child = in_a_terminal(&command, &out);
    let read = || screen_text(&out);
    let wait_for = |what: &str| wait_for_text(&out, what);
    // The line's end, "(os error 11)); any key asks it again", lies past the message line's
    // old text, so the screen writes it whole.
    wait_for("any key asks it again");
    let mut stdin = child.stdin.take().expect("its input");
    for key in ["x", "q", "y"] {
        stdin.write_all(key.as_bytes()).expect("a key");
        stdin.flush().expect("a key");
        std::thread::sleep(Duration::from_millis(300));
    }
    wait_for("status 0");
    let _ = child.kill();
    let _ = child.wait();
    let text = read();
    assert!(!text.contains("panicked"), "{text}");
    assert!(
        text.rfind("\u{1b}[?1049l") > text.rfind("\u{1b}[?1049h"),
        "the alternate screen was left on"
    );
}

/// Item 2, the whole program: with no folder that takes the match (the data, state and
/// temporary folders are files: a disk as full as can be) and `/dev/full` typed as its
/// name, quitting asks, then Ctrl-C ends it with status 1, one line saying the match is
/// saved nowhere, and its record on standard output. Run under `script`, which gives the
/// game a terminal.
#[test]
fn a_match_saved_nowhere_is_printed_and_the_status_says_so() {
    use std::io::Write;
    use std::process::Command;
    use std::time::Duration;
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` here: skipped");
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let full = dir.path().join("full");
    std::fs::write(&full, "a file where the folders should be").expect("written");
    let out = dir.path().join("out");
    let full = full.display().to_string();
    let command = format!(
        "stty cols 120 rows 40; env XDG_DATA_HOME={full} XDG_STATE_HOME={full} TMPDIR={full} \
         {}; echo status $?",
        env!("CARGO_BIN_EXE_bg-tui")
    );
    let mut child = in_a_terminal(&command, &out);
    let read = || screen_text(&out);
    let wait_for = |what: &str| wait_for_text(&out, what);
    wait_for("Press r for the opening roll");
    let mut stdin = child.stdin.take().expect("its input");
    let mut keys = |keys: &str| {
        stdin.write_all(keys.as_bytes()).expect("keys");
        stdin.flush().expect("keys");
        std::thread::sleep(Duration::from_millis(400));
    };
    keys("r");
    keys("q");
    keys("y");
    wait_for("The match is not saved");
    // Said on the message line (which the screen may write in pieces).
    keys("/dev/full\r");
    keys("\u{3}");
    wait_for("status ");
    let _ = child.kill();
    let _ = child.wait();
    let text = read();
    assert!(text.contains("status 1"), "{text}");
    assert!(text.contains("not saved anywhere"), "{text}");
    assert!(text.contains("\"format\": \"bg-tui-record\""), "{text}");
}

/// Item 1: both sides on the bar (three checkers each) against the other's closed home
/// board, as a `--board` (from the view of the player on roll) and as an XGID with 3-1
/// rolled. A Position ID cannot say it (GNU Backgammon's reader refuses it).
const STUCK_BOARD: &str = r#"{"mine":[2,2,2,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,2,2,2,2,2],"bar":[3,3]}"#;
const STUCK_XGID: &str = "XGID=cBBBBBB------------bbbbbbC:0:0:1:31:0:0:0:0:10";

/// Item 1: `hint`, `moves` and `rollout` refuse a position from which neither side can ever
/// move, in one line with status 2. They answered it before: "no legal play", and the
/// rollout ±0.000 figures of a game that could never end.
#[test]
fn a_position_nobody_can_ever_move_from_is_refused_by_hint_moves_and_rollout() {
    let rollout = ["--trials", "36", "--truncate", "1", "--threads", "1"];
    let asks: Vec<Vec<&str>> = vec![
        vec!["moves", "--board", STUCK_BOARD, "31"],
        vec!["moves", STUCK_XGID],
        vec!["hint", "--bot", "greedy", "--board", STUCK_BOARD, "31"],
        vec!["hint", "--bot", "greedy", STUCK_XGID],
        [&["rollout", "--board", STUCK_BOARD][..], &rollout].concat(),
        [&["rollout", STUCK_XGID][..], &rollout].concat(),
    ];
    for args in asks {
        let o = bg_tui(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        let line = one_line_stderr(&o);
        assert!(
            line.contains("neither side can ever move: no roll has a legal play for either side"),
            "{args:?}: {line}"
        );
        assert!(o.stdout.is_empty(), "{args:?}: {o:?}");
    }
}

/// Runs the shell `command` under `script` (a terminal of its own), its screen written to
/// `out`, its input a pipe.
fn in_a_terminal(command: &str, out: &std::path::Path) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new("script")
        .args(["-qfec", command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(out).expect("a file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("script runs")
}

/// All that the program in the terminal wrote to `out` so far.
fn screen_text(out: &std::path::Path) -> String {
    String::from_utf8_lossy(&std::fs::read(out).unwrap_or_default()).into_owned()
}

/// Waits (20 s at most) until `what` is among what was written to `out`.
fn wait_for_text(out: &std::path::Path, what: &str) {
    use std::time::{Duration, Instant};
    let start = Instant::now();
    while !screen_text(out).contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no {what:?} in {:?}",
            screen_text(out)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A FIFO held open for reading (so opening it for writing does not wait) whose pipe is
/// full and never read: a save to it blocks for real, as a write or an fsync to a disk that
/// does not answer does, for as long as the returned file is open.
fn hung_disk(path: &std::path::Path) -> std::fs::File {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    /// `O_NONBLOCK` (Linux).
    const O_NONBLOCK: i32 = 0o4000;
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut pipe = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .expect("the FIFO opens");
    for chunk in [4096, 1] {
        while pipe.write(&vec![b' '; chunk]).is_ok() {}
    }
    pipe
}

/// Issue 47, item 2, the whole program: a save into a disk that does not answer (`:save`
/// into a FIFO whose pipe is full and never read). The screen says a save waits once it has
/// been out over a second; `q` `y` waits 3 s at most, then the game ends with status 3, one
/// line saying the save is stuck and where the match is (the state folder), the terminal
/// restored. On SIGTERM the same, and a second signal (SIGHUP) ends the wait at once. Run
/// under `script`, which gives the game a terminal.
#[test]
fn a_save_that_never_returns_is_given_up_at_quit_and_on_a_second_signal() {
    use std::io::Write;
    use std::process::Command;
    use std::time::{Duration, Instant};
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` here: skipped");
        return;
    }
    for signals in [false, true] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let hung = dir.path().join("hung");
        let _pipe = hung_disk(&hung);
        let out = dir.path().join("out");
        let pid_file = dir.path().join("pid");
        let (data, state) = (dir.path().join("data"), dir.path().join("state"));
        let command = format!(
            "stty cols 120 rows 40; env XDG_DATA_HOME={} XDG_STATE_HOME={} TMPDIR={} \
             sh -c 'echo $$ > {}; exec {}'; echo status $?",
            data.display(),
            state.display(),
            dir.path().display(),
            pid_file.display(),
            env!("CARGO_BIN_EXE_bg-tui")
        );
        let mut child = in_a_terminal(&command, &out);
        let wait_for = |what: &str| wait_for_text(&out, what);
        wait_for("Press r for the opening roll");
        let mut stdin = child.stdin.take().expect("its input");
        let mut keys = |keys: &str| {
            stdin.write_all(keys.as_bytes()).expect("keys");
            stdin.flush().expect("keys");
            std::thread::sleep(Duration::from_millis(400));
        };
        keys("r");
        keys(&format!(":save {}\r", hung.display()));
        wait_for("a save has waited");
        let start = Instant::now();
        if signals {
            let pid = std::fs::read_to_string(&pid_file).expect("the pid");
            let kill = |signal: &str| {
                let status = Command::new("kill")
                    .args([signal, pid.trim()])
                    .status()
                    .expect("kill runs");
                assert!(status.success());
            };
            kill("-TERM");
            std::thread::sleep(Duration::from_millis(300));
            kill("-HUP");
        } else {
            keys("q");
            keys("y");
        }
        wait_for("status ");
        let took = start.elapsed();
        let _ = child.kill();
        let _ = child.wait();
        let text = screen_text(&out);
        assert!(text.contains("status 3"), "{text}");
        assert!(text.contains("a save did not come back"), "{text}");
        assert!(
            text.rfind("\u{1b}[?1049l") > text.rfind("\u{1b}[?1049h"),
            "the alternate screen was left on"
        );
        let rescued: Vec<_> = std::fs::read_dir(state.join("bg-tui"))
            .expect("the state folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        assert_eq!(rescued.len(), 1, "{rescued:?}");
        assert!(text.contains(&rescued[0].display().to_string()), "{text}");
        if signals {
            assert!(
                took < Duration::from_millis(2500),
                "the second signal waited: {took:?}"
            );
        } else {
            assert!(took >= Duration::from_secs(2), "{took:?}");
        }
    }
}

/// The processes `tests/engines/escaping.sh` noted in `file`: each one's id and its group's.
#[cfg(target_os = "linux")]
fn escaped_pids(file: &std::path::Path) -> Vec<[u32; 2]> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let n: Vec<u32> = l
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            (n.len() == 2).then(|| [n[0], n[1]])
        })
        .collect()
}

/// Waits up to 5 s for every process noted in `file` to be gone; fails naming those that
/// stay.
#[cfg(target_os = "linux")]
fn escaped_all_gone(file: &std::path::Path) {
    let pids = escaped_pids(file);
    let staying = || -> Vec<u32> {
        pids.iter()
            .map(|&[pid, _]| pid)
            .filter(|&pid| running(pid))
            .collect()
    };
    let start = std::time::Instant::now();
    while !staying().is_empty() && start.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(staying().is_empty(), "still running: {:?}", staying());
}

/// Issue 47, item 6: an engine's children that leave its process group, each its own way
/// (a session of their own, a process group of their own, a daemon's double fork), are
/// ended with the engine: once its bot is dropped, and by the end of a two-game
/// `bot-match`.
#[cfg(target_os = "linux")]
#[test]
fn an_engines_children_that_leave_its_group_are_ended_with_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let command = |pids: &std::path::Path| {
        format!(
            "ubgi:sh {} {} {}",
            engine("escaping.sh"),
            pids.display(),
            env!("CARGO_BIN_EXE_bg-tui")
        )
    };
    let pids = dir.path().join("pids");
    let bot = bg_tui::bot::make(&command(&pids), 1).expect("it shakes hands");
    let escaped = escaped_pids(&pids);
    assert_eq!(escaped.len(), 3, "{escaped:?}");
    let own_group = stat(std::process::id()).map(|f| f[2].clone());
    for &[pid, group] in &escaped {
        assert!(running(pid), "{pid} did not stay");
        assert_eq!(pid, group, "{pid} did not leave the engine's group");
        assert_ne!(own_group, Some(group.to_string()));
    }
    drop(bot);
    escaped_all_gone(&pids);

    let pids = dir.path().join("pids-match");
    let o = bg_tui(&[
        "bot-match",
        &command(&pids),
        "random",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let escaped = escaped_pids(&pids).len();
    assert!(escaped >= 3 && escaped.is_multiple_of(3), "{escaped}");
    escaped_all_gone(&pids);
}
