//! Hostile input and odd outputs (issue 12): full disks, FIFOs, devices, symbolic links,
//! escape sequences, huge names and counts, killed writers. Nothing may panic, hang, lose
//! data or reach the terminal raw; every refusal is one line.
//!
//! The small hostile files are in `tests/fixtures/hostile`; the large ones are made here.

use bg_tui::engine::{Action, MatchState, Phase, Rules, Side};
use bg_tui::journal::{self, Journal};
use bg_tui::record::{self, PlayerInfo, PlayerKind, Recorder};
use bg_tui::store;
use std::path::Path;
#[cfg(feature = "tui")]
use std::process::{Child, Command, Output, Stdio};
#[cfg(feature = "tui")]
use std::time::{Duration, Instant};

use crate::common;
#[cfg(feature = "tui")]
use common::{bg_tui, bg_tui_in, finishes_within, one_line_stderr};

fn fixture(name: &str) -> String {
    common::hostile_fixture(name)
}

fn replay_short() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/replay-short.json")
        .display()
        .to_string()
}

/// `bg-tui args` with standard output going into `stdout`.
#[cfg(feature = "tui")]
fn bg_tui_to(args: &[&str], stdout: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the bg-tui binary runs")
}

#[cfg(feature = "tui")]
fn spawn(args: &[&str], data_home: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bg-tui binary starts")
}

#[cfg(feature = "tui")]
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

// ---- 2. Write errors on standard output ----

#[cfg(feature = "tui")]
#[test]
fn a_full_standard_output_is_one_line_and_a_failure_status() {
    let mat = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mat/match-5-crawford.mat");
    let mat = mat.display().to_string();
    let short = replay_short();
    let commands: Vec<Vec<&str>> = vec![
        vec!["moves", "4HPwATDgc/ABMA", "31"],
        vec!["show", "4HPwATDgc/ABMA"],
        vec!["hint", "4HPwATDgc/ABMA", "31"],
        vec!["bot-match", "random", "random", "--games", "2"],
        vec!["replay", &short, "--text"],
        vec!["export", &short],
        vec!["import", &mat],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = bg_tui_to(&args, Stdio::from(full));
        assert!(!o.status.success(), "{args:?} exits 0 on a full disk");
        let err = one_line_stderr(&o);
        assert!(err.contains("standard output"), "{args:?}: {err}");
    }
}

// ---- 3. `-o` replaces only regular files, follows links, never the input ----

#[cfg(feature = "tui")]
#[test]
fn output_through_a_symlink_replaces_its_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.mat");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.mat");
    std::os::unix::fs::symlink("target.mat", &link).unwrap();
    let o = bg_tui(&["export", &replay_short(), "-o", link.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.contains(" 3 point match"), "{written}");
}

#[cfg(feature = "tui")]
#[test]
fn output_into_a_fifo_or_a_device_writes_into_it_and_leaves_it_be() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.fifo");
    mkfifo(&fifo);
    // A reader is there before bg-tui opens the FIFO (it refuses one that no one reads): a
    // read end opened without waiting. The record is small, so the pipe holds all of it
    // until it is read once bg-tui has finished.
    let mut reader = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(0o4000) // O_NONBLOCK (Linux)
            .open(&fifo)
            .unwrap()
    };
    let o = bg_tui(&["export", &replay_short(), "-o", fifo.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut read = String::new();
    std::io::Read::read_to_string(&mut reader, &mut read).unwrap();
    assert!(read.contains(" 3 point match"), "{read}");
    use std::os::unix::fs::FileTypeExt;
    assert!(
        fifo.metadata().unwrap().file_type().is_fifo(),
        "the FIFO is still a FIFO"
    );

    let o = bg_tui(&["export", &replay_short(), "-o", "/dev/null"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let null = Path::new("/dev/null").metadata().unwrap();
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );
}

#[cfg(feature = "tui")]
#[test]
fn output_to_dev_stdout_goes_to_standard_output() {
    let o = bg_tui(&["export", &replay_short(), "-o", "/dev/stdout"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains(" 3 point match"));
}

#[cfg(feature = "tui")]
#[test]
fn output_over_the_input_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("same.json");
    std::fs::copy(replay_short(), &record).unwrap();
    let before = std::fs::read(&record).unwrap();
    let path = record.to_str().unwrap();
    let o = bg_tui(&["export", path, "-o", path]);
    assert_eq!(o.status.code(), Some(2));
    let err = one_line_stderr(&o);
    assert!(err.contains("input"), "{err}");
    assert_eq!(
        std::fs::read(&record).unwrap(),
        before,
        "the input is untouched"
    );
}

// ---- 4. Absurd game counts ----

#[cfg(feature = "tui")]
#[test]
fn absurd_bot_match_counts_are_refused_with_one_line() {
    for games in ["18446744073709551615", "4294967296", "1000000001"] {
        let o = bg_tui(&["bot-match", "random", "random", "--games", games]);
        assert_eq!(o.status.code(), Some(2), "--games {games}");
        let err = one_line_stderr(&o);
        assert!(err.contains("--games"), "{err}");
    }
}

#[test]
fn a_run_without_kept_summaries_reports_the_same_figures() {
    use bg_tui::host::arena;
    let rules = Rules::default();
    let contest = arena::Contest {
        a: "random",
        b: "greedy",
        games: 40,
        seed: 3,
        rules,
        threads: 2,
    };
    let kept = arena::run_recorded(&contest, &|_| {}, None).unwrap();
    let tallied = arena::run_tallied(&contest, &|_| {}, None).unwrap();
    assert!(tallied.results.is_empty());
    assert_eq!(kept.ppg, tallied.ppg);
    assert!((kept.ppg_ci95 - tallied.ppg_ci95).abs() < 1e-12);
    assert_eq!(kept.a.wins, tallied.a.wins);
    assert_eq!(kept.b.gammons, tallied.b.gammons);
    assert_eq!(kept.games_played, tallied.games_played);
    let points: Vec<i64> = kept.results.iter().map(|r| r.a_points).collect();
    assert!((arena::ci95_half_width(&points) - tallied.ppg_ci95).abs() < 1e-12);
}

// ---- 5. Bounded inputs ----

#[cfg(feature = "tui")]
#[test]
fn names_longer_than_the_limit_are_refused_in_short_lines() {
    let o = bg_tui(&["replay", &fixture("name-too-long.json"), "--text"]);
    assert_eq!(o.status.code(), Some(2));
    let err = one_line_stderr(&o);
    assert!(err.contains("at most 64"), "{err}");

    // A 5,000,000-character name: refused, and the message stays short.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("name-too-long.json"))
        .unwrap()
        .replace(&"A".repeat(65), &"\u{1b}[2J".repeat(1_250_000));
    let huge = dir.path().join("huge-name.json");
    std::fs::write(&huge, text).unwrap();
    for command in ["replay", "export", "resume"] {
        let mut args = vec![command, huge.to_str().unwrap()];
        if command == "replay" {
            args.push("--text");
        }
        let o = bg_tui_in(&args, Some(dir.path()));
        assert_eq!(o.status.code(), Some(2), "{command}");
        let err = one_line_stderr(&o);
        assert!(err.len() < 1000, "{command}: {} bytes of error", err.len());
        assert!(!err.contains('\u{1b}'), "{command}: {err:?}");
    }
}

#[test]
fn export_writes_a_game_at_a_time_into_any_writer() {
    let (record, _) = store::read_record(Path::new(&replay_short())).unwrap();
    let whole = bg_tui::mat::write_mat(&record).unwrap();
    // A writer that fails after some bytes: the error says so, nothing panics.
    struct Short(usize);
    impl std::io::Write for Short {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.0 < buf.len() {
                return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "full"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let e = bg_tui::mat::write_mat_to(&record, &mut Short(whole.len() / 2)).unwrap_err();
    // The writer's own error is the source, as it said it.
    assert!(
        matches!(
            &e,
            bg_tui::mat::MatWriteError::Output(io) if io.kind() == std::io::ErrorKind::StorageFull
        ),
        "{e:?}"
    );
    let source = std::error::Error::source(&e).map(ToString::to_string);
    assert_eq!(source.as_deref(), Some("full"));
    let mut all = Vec::new();
    bg_tui::mat::write_mat_to(&record, &mut all).unwrap();
    assert_eq!(String::from_utf8(all).unwrap(), whole);
}

// ---- 6. FIFOs and other files that are not regular ----

#[cfg(feature = "tui")]
#[test]
fn a_fifo_with_no_writer_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("input.fifo");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let data = dir.path().join("data");
    let commands: Vec<Vec<&str>> = vec![
        vec!["replay", f, "--text"],
        vec!["replay", f],
        vec!["export", f],
        vec!["import", f],
        vec!["resume", f],
    ];
    for args in &commands {
        let o = finishes_within(spawn(args, &data), Duration::from_secs(20), &args.join(" "));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = one_line_stderr(&o);
        assert!(
            err.contains("not a regular file (a FIFO)"),
            "{args:?}: {err}"
        );
    }
    // The autosave itself a FIFO.
    let saves = data.join("bg-tui");
    std::fs::create_dir_all(&saves).unwrap();
    mkfifo(&saves.join(store::AUTOSAVE_NAME));
    let o = finishes_within(spawn(&["resume"], &data), Duration::from_secs(20), "resume");
    assert_eq!(o.status.code(), Some(2));
    let err = one_line_stderr(&o);
    assert!(err.contains("not a regular file"), "{err}");
}

#[cfg(feature = "tui")]
#[test]
fn a_folder_is_refused_as_input() {
    let dir = tempfile::tempdir().unwrap();
    let o = bg_tui(&["replay", dir.path().to_str().unwrap(), "--text"]);
    assert_eq!(o.status.code(), Some(2));
    let err = one_line_stderr(&o);
    assert!(
        err.contains("a folder") || err.contains("directory"),
        "{err}"
    );
}

// ---- 7. Text from files never reaches the terminal raw ----

#[cfg(feature = "tui")]
#[test]
fn escape_sequences_in_a_record_are_escaped_in_messages() {
    for (args, expect) in [
        (
            vec!["resume".to_string(), fixture("finished-escape-names.json")],
            "the match is over",
        ),
        (
            vec![
                "replay".to_string(),
                fixture("unknown-action-escape.json"),
                "--text".to_string(),
            ],
            "unknown variant",
        ),
        (
            vec!["export".to_string(), fixture("unknown-action-escape.json")],
            "unknown variant",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = bg_tui_in(&args, Some(dir.path()));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = one_line_stderr(&o);
        assert!(err.contains(expect), "{err}");
        assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
        assert!(err.contains("\\u{1b}"), "escaped, so it can be read: {err}");
    }
}

/// Unicode format characters (a right-to-left override, bidirectional isolates, zero-width
/// characters, the byte-order mark) and line and paragraph separators in a record's names
/// never reach `replay --text`, `analyse` (text and JSON) or an exported `.mat` file raw.
#[cfg(feature = "tui")]
#[test]
fn unicode_format_characters_in_names_never_reach_the_output_raw() {
    const HIDDEN: [char; 8] = [
        '\u{202e}', '\u{2066}', '\u{2069}', '\u{200b}', '\u{200d}', '\u{feff}', '\u{2028}',
        '\u{2029}',
    ];
    let record = std::fs::read_to_string(format!(
        "{}/assets/records/match-3-greedy-vs-greedy.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let record = record.replacen(
        "{\"name\":\"greedy\"",
        "{\"name\":\"gr\\u202eeedy\\u2066x\\u2069\\u200b\\u200d\\ufeff\\u2028\\u2029y\"",
        1,
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("names.json");
    std::fs::write(&file, record).unwrap();
    let file = file.to_str().unwrap();
    for args in [
        vec!["replay", file, "--text"],
        vec!["analyse", file, "--ply", "0"],
        vec!["analyse", file, "--ply", "0", "--json"],
        vec!["export", file],
    ] {
        let o = bg_tui_in(&args, Some(dir.path()));
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(out.contains("gr"), "{args:?}: the name is there: {out}");
        assert!(
            !out.contains(HIDDEN),
            "{args:?}: {:?}",
            out.chars()
                .filter(|c| HIDDEN.contains(c))
                .collect::<String>()
        );
    }
}

// ---- 8. Temporary files a killed process left ----

// ---- 9. One line for every error; figures that do not run together ----

#[cfg(feature = "tui")]
#[test]
fn command_line_errors_are_one_line_with_status_2() {
    for args in [
        vec!["moves", "4HPwATDgc/ABMA", "-1"],
        vec!["moves"],
        vec!["frobnicate"],
        vec!["bot-match", "random", "random", "--games", "many"],
        vec!["--match"],
    ] {
        let o = bg_tui(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = one_line_stderr(&o);
        assert!(err.contains("bg-tui --help"), "{err}");
    }
    let o = bg_tui(&["moves", "4HPwATDgc/ABMA", "-1"]);
    assert!(one_line_stderr(&o).contains("tip: to pass '-1' as a value"));
    // Help and the version are not errors.
    let o = bg_tui(&["--version"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("bg-tui "));
}

// ---- 1. The autosave journal ----

/// A match of `games` games played by taking the first legal play, saved after every
/// action into `journal`; returns the record's JSON after each save and the journal's bytes.
fn play_journaled(games: usize, journal_path: &Path) -> Recorder {
    let rules = Rules::default();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("Ann"), PlayerInfo::human("Bob")],
        rules,
        Some(5),
    );
    let mut journal = Journal::create(journal_path, rec.as_record()).unwrap();
    let mut rng = 1u64;
    let mut die = || {
        rng = rng
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        u8::try_from((rng >> 33) % 6).unwrap() + 1
    };
    for game in 0..games {
        if game > 0 {
            rec.next_game(&mut m).unwrap();
        }
        loop {
            let action = match m.game().phase() {
                Phase::Opening => Action::OpeningRoll {
                    white: die(),
                    black: die(),
                },
                Phase::Rolling => Action::Roll(bg_tui::engine::Dice::new(die(), die()).unwrap()),
                Phase::Moving(_) => Action::Play(
                    m.game()
                        .legal_plays()
                        .first()
                        .copied()
                        .unwrap_or_else(|| bg_tui::engine::Play::empty(*m.game().position())),
                ),
                Phase::DoubleOffered | Phase::Beavered => Action::Take,
                Phase::Over(_) => break,
            };
            let before = std::fs::read(journal_path).unwrap();
            rec.apply(&mut m, action).unwrap();
            journal.save(rec.as_record()).unwrap();
            let after = std::fs::read(journal_path).unwrap();
            assert!(
                after.starts_with(&before),
                "a save only appends to the journal"
            );
            let added = &after[before.len()..];
            assert!(
                added.ends_with(b"\n") && added.len() < 400,
                "{}",
                String::from_utf8_lossy(added)
            );
        }
    }
    rec
}

#[test]
fn each_save_appends_a_line_and_the_journal_reads_back_as_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    let rec = play_journaled(3, &path);
    let (record, m) = store::read_record(&path).unwrap();
    assert_eq!(&record, rec.as_record());
    assert_eq!(m.results().len(), 3);
    // A stop and a change of players are journaled too.
    let mut rec = rec;
    let mut m = m;
    rec.set_player_kind(Side::Black, PlayerKind::Bot("greedy".to_string()));
    rec.stop(&mut m).unwrap();
    let mut journal = Journal::resume(&path, &record).unwrap();
    journal.save(rec.as_record()).unwrap();
    let (again, m2) = store::read_record(&path).unwrap();
    assert_eq!(&again, rec.as_record());
    assert!(m2.is_over());
    // Issue 31 §7: the games played before Black was handed to the bot keep their players.
    assert_eq!(again.players[1].kind, PlayerKind::Bot("greedy".to_string()));
    for game in 0..3 {
        assert_eq!(
            again.players_of_game(game)[1].kind,
            PlayerKind::Human,
            "game {game}"
        );
    }
}

/// Issue 49 §6: a side handed to a bot during a game is journaled with who played it
/// before (the journal written afresh at the change), and the saves after it append again.
#[test]
fn a_side_handed_on_during_a_game_is_journaled() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    let rec = play_journaled(1, &path);
    let (record, mut m) = store::read_record(&path).unwrap();
    let mut rec = rec;
    let mut journal = Journal::resume(&path, &record).unwrap();
    rec.next_game(&mut m).unwrap();
    let opening = Action::OpeningRoll { white: 5, black: 2 };
    rec.apply(&mut m, opening).unwrap();
    journal.save(rec.as_record()).unwrap();
    let at = rec.as_record().games[1].actions.len();
    rec.set_player_kind(Side::Black, PlayerKind::Bot("greedy".to_string()));
    journal.save(rec.as_record()).unwrap();
    // Between two saves Black is taken back and White handed on: as many changes as the
    // journal holds, but another.
    rec.set_player_kind(Side::Black, PlayerKind::Human);
    rec.set_player_kind(Side::White, PlayerKind::Bot("greedy".to_string()));
    journal.save(rec.as_record()).unwrap();
    let play = m.game().legal_plays()[0];
    rec.apply(&mut m, Action::Play(play)).unwrap();
    let before = std::fs::read(&path).unwrap();
    journal.save(rec.as_record()).unwrap();
    assert!(
        std::fs::read(&path).unwrap().starts_with(&before),
        "after the change, a save appends again"
    );
    let (again, _) = store::read_record(&path).unwrap();
    assert_eq!(&again, rec.as_record());
    let changes = &again.games[1].seat_changes;
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].at, at);
    assert_eq!(changes[0].side, bg_tui::record::RecordSide::White);
    assert_eq!(changes[0].before, PlayerInfo::human("Ann"));
    assert_eq!(
        again.player_at(1, at - 1, Side::White).kind,
        PlayerKind::Human
    );
    assert_eq!(
        again.player_at(1, at, Side::White).kind,
        PlayerKind::Bot("greedy".to_string())
    );
}

#[test]
fn the_clocks_readings_are_journaled_with_their_actions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    let rules = Rules::default();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("Ann"), PlayerInfo::human("Bob")],
        rules,
        Some(5),
    );
    *rec.clock_mut() = Some(bg_tui::record::ClockRecord {
        kind: bg_tui::clock::ClockKind::Blitz,
        reserves_ms: Vec::new(),
    });
    let mut journal = Journal::create(&path, rec.as_record()).unwrap();
    // As the game notes them: after each action, every game's readings up to its actions.
    let note = |rec: &mut Recorder, ms: u64| {
        let actions: Vec<usize> = rec
            .as_record()
            .games
            .iter()
            .map(|g| g.actions.len())
            .collect();
        let clock = rec.clock_mut().as_mut().unwrap();
        clock.reserves_ms.resize(actions.len(), Vec::new());
        for (readings, &n) in clock.reserves_ms.iter_mut().zip(&actions) {
            readings.resize(n, [ms, 30_000 - ms]);
        }
    };
    let dice = |a, b| bg_tui::engine::Dice::new(a, b).unwrap();
    let mut ms = 0;
    for action in [
        Action::OpeningRoll { white: 3, black: 1 },
        Action::Resign(bg_tui::engine::WinKind::Single),
        Action::AcceptResignation,
    ] {
        rec.apply(&mut m, action).unwrap();
        ms += 1000;
        note(&mut rec, ms);
        journal.save(rec.as_record()).unwrap();
    }
    rec.next_game(&mut m).unwrap();
    for action in [
        Action::OpeningRoll { white: 6, black: 2 },
        Action::Roll(dice(2, 1)),
    ] {
        if matches!(action, Action::Roll(_)) {
            let play = m.game().legal_plays()[0];
            rec.apply(&mut m, Action::Play(play)).unwrap();
        }
        rec.apply(&mut m, action).unwrap();
        ms += 1000;
        note(&mut rec, ms);
        journal.save(rec.as_record()).unwrap();
    }
    let (record, _) = store::read_record(&path).unwrap();
    assert_eq!(record.clock, rec.as_record().clock);
    assert_eq!(record.clock.as_ref().unwrap().reserves_ms.len(), 2);
    assert_eq!(&record, rec.as_record());
}

#[test]
fn a_torn_last_line_is_left_out_and_a_broken_one_inside_is_refused() {
    let (record, m) =
        store::read_record(Path::new(&fixture("journal-torn-last-line.jsonl"))).unwrap();
    assert_eq!(
        record.games[0].actions.len(),
        2,
        "the torn roll is left out"
    );
    assert!(matches!(m.game().phase(), Phase::Rolling));
    let e =
        store::read_record(Path::new(&fixture("journal-broken-middle-line.jsonl"))).unwrap_err();
    assert!(e.to_string().contains("line 3"), "{e}");
}

#[test]
fn a_journal_cut_anywhere_reads_back_as_a_whole_earlier_save() {
    // What a kill -9 (or a power cut) at any byte of a write leaves: the journal up to that
    // byte. It reads back as the record of the last whole line, never an error.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    play_journaled(1, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    let first_line_end = text.find('\n').unwrap() + 1;
    let mut whole_lines = 0;
    let mut previous_actions = 0;
    // Every line's end, a byte either side of it, and its middle; every byte of the last line.
    let mut cuts = std::collections::BTreeSet::new();
    let mut line_start = first_line_end;
    for (i, _) in text
        .match_indices('\n')
        .filter(|(i, _)| *i >= first_line_end)
    {
        cuts.extend([i, i + 1, i + 2, (line_start + i) / 2]);
        line_start = i + 1;
    }
    let last_line = text[..text.len() - 1].rfind('\n').unwrap_or(0);
    cuts.extend(last_line..=text.len());
    for cut in cuts
        .into_iter()
        .filter(|&c| c >= first_line_end && c <= text.len())
    {
        let part = &text[..cut];
        let (record, _) = store::load_text(part).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        let actions = record.games[0].actions.len();
        if part.ends_with('\n') {
            whole_lines += 1;
        }
        assert!(actions >= previous_actions, "never shorter than before");
        previous_actions = actions;
    }
    assert!(whole_lines > 10);
    assert!(journal::is_journal(&text));
}

#[test]
fn a_resumed_journal_goes_on_after_a_torn_line_is_cut() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    std::fs::copy(fixture("journal-torn-last-line.jsonl"), &path).unwrap();
    let (record, mut m) = store::read_record(&path).unwrap();
    let mut rec = Recorder::resume(record);
    let mut journal = Journal::resume(&path, rec.as_record()).unwrap();
    rec.apply(
        &mut m,
        Action::Roll(bg_tui::engine::Dice::new(6, 5).unwrap()),
    )
    .unwrap();
    journal.save(rec.as_record()).unwrap();
    let (again, _) = store::read_record(&path).unwrap();
    assert_eq!(&again, rec.as_record());
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    for line in text.lines() {
        assert!(
            serde_json::from_str::<serde_json::Value>(line).is_ok(),
            "{line}"
        );
    }
}

#[test]
fn a_long_session_stays_within_what_a_record_may_hold() {
    // The app ends a money session at MAX_GAMES games; check that a record of that many
    // games of typical size fits under MAX_BYTES, so what is written reads back.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    let rec = play_journaled(2, &path);
    let per_game = record::to_json(rec.as_record()).len() / 2;
    assert!(
        per_game * record::MAX_GAMES < record::MAX_BYTES / 2,
        "{per_game} bytes a game"
    );
}

// ---- Arbitrary bytes to every reader ----

mod arbitrary_bytes {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn no_reader_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = store::load_text(&text);
            let _ = journal::parse(&text);
            let _ = bg_tui::mat::read_mat(&text);
            let _ = record::load(&text);
        }

        #[test]
        fn no_reader_panics_on_a_damaged_journal(cut in 0usize..2000, flip in 0usize..2000, byte in any::<u8>()) {
            let text = std::fs::read(fixture("journal-torn-last-line.jsonl")).unwrap();
            let mut bytes = text[..cut.min(text.len())].to_vec();
            if !bytes.is_empty() {
                let i = flip % bytes.len();
                bytes[i] = byte;
            }
            let text = String::from_utf8_lossy(&bytes);
            let _ = store::load_text(&text);
        }

    }
}

// ==== Issue 18: nothing lost, part two ====

/// The names in `dir`, sorted, but the autosave's lock.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != store::autosave::LOCK_NAME)
        .collect();
    names.sort();
    names
}

/// A finished match's record, kept by many writers in the same second: each keeps its own
/// file (item 1: the name was checked, then renamed over).
#[test]
fn matches_finished_in_the_same_second_are_all_kept() {
    let dir = tempfile::tempdir().unwrap();
    let at = std::time::SystemTime::now();
    let writers = 8;
    for round in 0..5 {
        // All at once, as two games ending in the same second.
        let start = std::sync::Barrier::new(writers);
        let kept: Vec<std::path::PathBuf> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..writers)
                .map(|i| {
                    let dir = dir.path();
                    let start = &start;
                    scope.spawn(move || {
                        let names = [format!("{round}-{i}"), "Bob".to_string()];
                        let record = Recorder::new(
                            [PlayerInfo::human(&names[0]), PlayerInfo::human(&names[1])],
                            Rules::money(),
                            Some(1),
                        )
                        .into_record();
                        start.wait();
                        store::keep_finished(dir, &record, at).unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut distinct = kept.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            writers,
            "two writers kept one file: {kept:?}"
        );
        for (i, path) in kept.iter().enumerate() {
            let text = std::fs::read_to_string(path).unwrap();
            assert!(
                text.contains(&format!("\"{round}-{i}\"")),
                "{path:?} lost its match"
            );
        }
    }
    assert_eq!(names_in(dir.path()).len(), 5 * writers);
}

/// Item 7: where files cannot be locked, every game writes a file of its own, and the
/// autosave another wrote is left alone.
#[test]
fn without_file_locks_each_game_writes_a_file_of_its_own() {
    use std::fs::TryLockError;
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join(store::AUTOSAVE_NAME);
    std::fs::write(&autosave, "another game's match\n").unwrap();
    let no_locks = |_: &std::fs::File| -> Result<(), TryLockError> {
        Err(TryLockError::Error(std::io::Error::other(
            "locks not supported",
        )))
    };
    let records: Vec<record::Record> = (0..2)
        .map(|i| {
            Recorder::new(
                [
                    PlayerInfo::human(&format!("game {i}")),
                    PlayerInfo::human("Bob"),
                ],
                Rules::money(),
                Some(i),
            )
            .into_record()
        })
        .collect();
    let mut claims: Vec<store::autosave::AutosaveClaim> = (0..2)
        .map(|_| store::autosave::claim_autosave_with(dir.path(), None, &no_locks).unwrap())
        .collect();
    for (claim, record) in claims.iter_mut().zip(&records) {
        assert!(claim.elsewhere);
        assert!(matches!(
            claim.why,
            Some(store::autosave::Elsewhere::NoLocks(_))
        ));
        claim.start_journal(record, false).unwrap();
    }
    assert_ne!(claims[0].path, claims[1].path);
    for (claim, record) in claims.iter().zip(&records) {
        assert_ne!(claim.path, autosave);
        assert_eq!(store::read_record(&claim.path).unwrap().0, *record);
    }
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        "another game's match\n"
    );
}

/// Item 9: `bot-match --threads` is capped (more than 1,024, or a count that overflows, is
/// one line and status 2).
#[test]
fn bot_match_threads_are_capped() {
    for threads in ["18446744073709551615", "1025"] {
        let o = bg_tui(&[
            "bot-match",
            "random",
            "random",
            "--games",
            "2000",
            "--threads",
            threads,
        ]);
        assert_eq!(o.status.code(), Some(2), "--threads {threads}");
        assert!(one_line_stderr(&o).contains("--threads"));
    }
    // A thread that cannot start is an error too (BotError::Thread), but no test makes one
    // fail to start reliably: under a memory limit (ulimit -v) the threads that do start
    // may themselves abort for want of memory, which made such a test flaky.
}

/// Item 10: every signal that ends the game restores the terminal (the alternate screen and
/// mouse reporting off); SIGTSTP restores it before the process stops, and SIGCONT sets it
/// up again. Run under `script`, which gives the game a terminal.
#[test]
fn signals_that_stop_or_end_the_game_restore_the_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` here: skipped");
        return;
    }
    const LEAVE: &str = "\u{1b}[?1049l";
    const ENTER: &str = "\u{1b}[?1049h";
    const MOUSE_OFF: &str = "\u{1b}[?1000l";
    let count = |text: &str, what: &str| text.matches(what).count();
    for (signal, status) in [("QUIT", 131), ("USR1", 138), ("TSTP", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let out = dir.path().join("out");
        let command = format!(
            "sh -c 'echo $$ > {}; exec {} --white greedy --black greedy --no-autosave'; echo status $?",
            pid_file.display(),
            env!("CARGO_BIN_EXE_bg-tui")
        );
        let mut child = Command::new("script")
            .args(["-qfec", &command, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let read = || String::from_utf8_lossy(&std::fs::read(&out).unwrap()).into_owned();
        let start = Instant::now();
        while count(&read(), ENTER) == 0 {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the game did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let pid = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .to_string();
        let kill = |signal: &str| {
            Command::new("kill")
                .args([&format!("-{signal}"), &pid])
                .status()
                .unwrap();
        };
        let wait_for = |what: &str, n: usize| {
            let start = Instant::now();
            while count(&read(), what) < n {
                assert!(
                    start.elapsed() < Duration::from_secs(20),
                    "after SIG{signal}: {:?}",
                    read()
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        };
        kill(signal);
        wait_for(LEAVE, 1);
        wait_for(MOUSE_OFF, 1);
        if signal == "TSTP" {
            // Stopped with the terminal back; going on sets it up again.
            kill("CONT");
            wait_for(ENTER, 2);
            kill("TERM");
            wait_for(LEAVE, 2);
        }
        wait_for(&format!("status {status}"), 1);
        let _ = child.kill();
        let _ = child.wait();
        let text = read();
        assert!(
            text.rfind(LEAVE) > text.rfind(ENTER),
            "SIG{signal} left the alternate screen on"
        );
    }
}

/// Item 12: a journal's `players` line is checked as a record's players are.
#[test]
fn a_journal_line_naming_a_player_too_long_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.jsonl");
    play_journaled(1, &path);
    let long = "x".repeat(1000);
    let line = format!(
        "{{\"players\":[{{\"name\":\"{long}\",\"kind\":\"human\"}},{{\"name\":\"Bob\",\"kind\":\"human\"}}]}}\n"
    );
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(&line);
    std::fs::write(&path, text).unwrap();
    let err = store::read_record(&path).unwrap_err().to_string();
    assert!(err.contains("at most 64"), "{err}");
    let o = bg_tui(&["replay", path.to_str().unwrap(), "--text"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(one_line_stderr(&o).contains("at most 64"));
}

/// Item 13: `analyse` reads a journal (the autosave) as `replay` and `export` do.
#[test]
fn analyse_reads_a_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("unfinished-2026-11-24-120000.jsonl");
    play_journaled(1, &path);
    let o = bg_tui(&["analyse", path.to_str().unwrap(), "--ply", "0"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!o.stdout.is_empty());
}

/// Item 17: a board where both sides have borne off everything is no position of a game.
#[test]
fn a_board_with_every_checker_borne_off_is_refused() {
    let empty = r#"{"mine":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}"#;
    for rules in ["backgammon", "plakoto", "fevga"] {
        for command in ["moves", "hint"] {
            let o = bg_tui(&[command, "--rules", rules, "--board", empty, "31"]);
            assert_eq!(o.status.code(), Some(2), "{command} --rules {rules}");
            assert!(one_line_stderr(&o).contains("borne off"));
        }
    }
}

/// Item 16: SIGTERM on `bot-match --save` leaves only whole records, no temporary files.
#[test]
fn a_bot_match_stopped_by_a_signal_leaves_no_temporary_files() {
    for delay in [300u64, 600, 900] {
        let dir = tempfile::tempdir().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
            .args([
                "bot-match",
                "random",
                "random",
                "--games",
                "1000000",
                "--threads",
                "2",
            ])
            .arg("--save")
            .arg(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        let o = finishes_within(child, Duration::from_secs(20), "bot-match after SIGTERM");
        assert_eq!(o.status.code(), Some(143));
        let names = names_in(dir.path());
        assert!(!names.is_empty(), "some records were written");
        for name in names {
            assert!(!name.starts_with(".bg-tui-"), "{name} left behind");
            store::read_record(&dir.path().join(&name)).unwrap();
        }
    }
}

/// Item 14: `hint` at 2-ply judges as the bot does (move filters), so a roll with 1,521
/// plays takes about as long as the bot's own decision, not 1,521 2-ply looks.
#[test]
fn hint_at_two_ply_filters_the_plays_as_the_bot_does() {
    let board = r#"{"mine":[0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0],"theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,3,3,2,2,2]}"#;
    // Into a file: a pipe no one reads while waiting would fill up.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args([
            "hint",
            "--rules",
            "backgammon",
            "--board",
            board,
            "33",
            "--bot",
            "expert:2",
        ])
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let o = finishes_within(child, Duration::from_secs(90), "hint at 2-ply");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("1521 legal plays"), "{text}");
    // A roll of few plays has every play judged at 2-ply (each line says so).
    let o = bg_tui(&["hint", "4HPwATDgc/ABMA", "31", "--ply", "2"]);
    let text = String::from_utf8_lossy(&o.stdout);
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 16, "{text}");
    assert!(rows.iter().all(|r| r.ends_with("2-ply")), "{text}");
}

/// `--ply 3` looks one roll deeper for hints and analysis (the best play judged at 3-ply by
/// `expert:3`); 4 is refused at the door.
#[test]
fn hints_go_to_three_ply_and_no_deeper() {
    let o = bg_tui(&["hint", "4HPwATDgc/ABMA", "31", "--ply", "3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("by expert:3"), "{text}");
    let first = text.lines().nth(1).unwrap_or_default();
    assert!(
        first.contains("8/5 6/5") && first.ends_with("3-ply"),
        "{text}"
    );
    let o = bg_tui(&["hint", "4HPwATDgc/ABMA", "31", "--ply", "4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(one_line_stderr(&o).contains("--ply"), "{o:?}");
}
