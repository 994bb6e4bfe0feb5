//! `bg-lab train` at the door: every option that would overflow, hang, panic or lose a
//! checkpoint is refused in one line with status 2, and no good checkpoint is replaced by a
//! bad one (issue 18, items 3, 4, 9, 11 and 17); and where a run writes by default.

use crate::common;

use bg_tui::bot::expert::format;
use common::bg_lab;
use std::path::Path;

/// The standard error of `o`: one line, `bg-lab: ...`.
fn one_line_stderr(o: &std::process::Output) -> String {
    common::one_line_from(o, "bg-lab")
}

/// A small fresh checkpoint of `rules` in `dir`: one self-play game, no check.
fn small_checkpoint(dir: &Path, rules: &str) -> std::path::PathBuf {
    small_checkpoint_named(dir, rules, &["--rules", rules])
}

/// A small fresh checkpoint `NAME.bgnet` in `dir`, made with the options `extra` too: one
/// self-play game, no check.
fn small_checkpoint_named(dir: &Path, name: &str, extra: &[&str]) -> std::path::PathBuf {
    let path = dir.join(format!("{name}.bgnet"));
    let log = dir.join("log");
    let mut args = vec![
        "train",
        "--games",
        "1",
        "--hidden",
        "4",
        "--race-hidden",
        "2",
        "--check-every",
        "0",
        "--checkpoint",
        path.to_str().expect("a UTF-8 path"),
        "--log",
        log.to_str().expect("a UTF-8 path"),
    ];
    args.extend_from_slice(extra);
    let o = bg_lab(&args);
    assert!(o.status.success(), "{o:?}");
    path
}

/// The checkpoint's bytes with its training state's learning rate and games replaced, the
/// checksum made to match.
fn with_state(bytes: &[u8], alpha: f32, games: u64) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let state = out.len() - 8 - 32;
    out[state..state + 8].copy_from_slice(&games.to_le_bytes());
    out[state + 16..state + 20].copy_from_slice(&alpha.to_le_bytes());
    let n = out.len() - 8;
    let sum = format::fnv1a64(&out[..n]);
    out[n..].copy_from_slice(&sum.to_le_bytes());
    out
}

fn refused(args: &[&str], needle: &str) {
    let o = bg_lab(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
    let line = one_line_stderr(&o);
    assert!(line.contains(needle), "{args:?}: {line}");
}

#[test]
fn options_that_overflow_or_cannot_start_are_refused_at_the_door() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = dir.path().join("x.bgnet");
    let cp = cp.to_str().expect("a UTF-8 path");
    let base = [
        "train",
        "--checkpoint",
        cp,
        "--games",
        "1",
        "--check-every",
        "0",
    ];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    refused(
        &with(&["--alpha", "3e38"]),
        "a learning rate above 0, up to 1",
    );
    refused(&with(&["--alpha=-0.1"]), "a learning rate above 0, up to 1");
    refused(
        &with(&["--alpha", "NaN"]),
        "a learning rate above 0, up to 1",
    );
    refused(
        &with(&["--checkpoint-minutes", "1e300"]),
        "minutes above 0, up to 1440",
    );
    refused(&with(&["--threads", "100000"]), "100000 is not in 1..=256");
    refused(
        &with(&["--resume", "--supervised", "18446744073709551615"]),
        "is not in 1..=10000000",
    );
    refused(
        &with(&["--hidden", "0"]),
        "for '--hidden <HIDDEN>': 0 is not in 1..=1024",
    );
    refused(
        &with(&["--race-hidden", "1025"]),
        "for '--race-hidden <RACE_HIDDEN>': 1025 is not in 1..=1024",
    );
    refused(
        &with(&["--rules", "portes"]),
        "plays with backgammon's nets",
    );
    assert!(!Path::new(cp).exists(), "nothing written");
}

#[test]
fn a_fresh_run_never_writes_over_an_existing_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let existing = dir.path().join("expert.bgnet");
    std::fs::write(&existing, b"the user's nets").expect("written");
    let path = existing.to_str().expect("a UTF-8 path");
    refused(
        &[
            "train",
            "--games",
            "1",
            "--check-every",
            "0",
            "--checkpoint",
            path,
        ],
        "exists: give --resume",
    );
    assert_eq!(
        std::fs::read(&existing).expect("still there"),
        b"the user's nets"
    );
    // With --overwrite it is replaced by a fresh run's checkpoint.
    let o = bg_lab(&[
        "train",
        "--games",
        "1",
        "--hidden",
        "4",
        "--race-hidden",
        "2",
        "--check-every",
        "0",
        "--checkpoint",
        path,
        "--overwrite",
        "--log",
        dir.path().join("log").to_str().expect("a UTF-8 path"),
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        &std::fs::read(&existing).expect("written")[..8],
        b"BGTUINET"
    );
}

#[test]
fn a_checkpoint_with_a_state_out_of_range_is_refused_and_kept() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = small_checkpoint(dir.path(), "plakoto");
    let good = std::fs::read(&cp).expect("written");
    let path = cp.to_str().expect("a UTF-8 path");
    for (alpha, games) in [
        (f32::NAN, 1),
        (f32::INFINITY, 1),
        (-0.5, 1),
        (3e38, 1),
        (0.1, u64::MAX - 5),
    ] {
        std::fs::write(&cp, with_state(&good, alpha, games)).expect("written");
        refused(
            &[
                "train",
                "--rules",
                "plakoto",
                "--resume",
                "--games",
                "1",
                "--check-every",
                "0",
                "--checkpoint",
                path,
            ],
            "out of range",
        );
        assert_eq!(
            std::fs::read(&cp).expect("kept"),
            with_state(&good, alpha, games),
            "{alpha} {games}: the file was changed"
        );
    }
    // The good one resumes, and names its rule set: a Plakoto checkpoint is not Fevga's.
    std::fs::write(&cp, &good).expect("written");
    refused(
        &[
            "train",
            "--rules",
            "fevga",
            "--resume",
            "--games",
            "1",
            "--check-every",
            "0",
            "--checkpoint",
            path,
        ],
        "the nets file is for Plakoto, not Fevga",
    );
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_as_checkpoints_without_waiting() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let fifo = dir.path().join("fifo.bgnet");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut files = vec!["/dev/zero".to_string()];
    if made {
        files.push(fifo.to_str().expect("a UTF-8 path").to_string());
    }
    for file in &files {
        refused(
            &[
                "train",
                "--resume",
                "--games",
                "1",
                "--check-every",
                "0",
                "--checkpoint",
                file,
            ],
            "not a regular file",
        );
    }
}

/// Jacquet's nets are backgammon's trained on in Jacquet's games: `--from` starts a Jacquet
/// run from a backgammon nets file (its weights, not random ones), and the checkpoint is
/// Jacquet's, refused as backgammon's; nets of another family are refused at the door.
#[test]
fn a_jacquet_run_starts_from_backgammons_nets() {
    use bg_tui::engine::Variant;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let backgammon = small_checkpoint(dir.path(), "backgammon");
    let plakoto = small_checkpoint(dir.path(), "plakoto");
    let jacquet = dir.path().join("jacquet.bgnet");
    let log = dir.path().join("log");
    let run = |from: &Path| {
        bg_lab(&[
            "train",
            "--rules",
            "jacquet",
            "--from",
            from.to_str().expect("a UTF-8 path"),
            "--games",
            "2",
            "--check-every",
            "0",
            "--checkpoint",
            jacquet.to_str().expect("a UTF-8 path"),
            "--log",
            log.to_str().expect("a UTF-8 path"),
        ])
    };
    let o = run(&plakoto);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let line = one_line_stderr(&o);
    assert!(
        line.contains("--from") && line.contains("Plakoto"),
        "{line}"
    );
    assert!(!jacquet.exists(), "nothing written");

    let o = run(&backgammon);
    assert!(o.status.success(), "{o:?}");
    let bytes = std::fs::read(&jacquet).expect("the checkpoint");
    let nets = format::from_bytes(&bytes, Variant::Jacquet).expect("Jacquet's nets");
    assert_eq!(nets.variant, Variant::Jacquet);
    // The backgammon file's 4 hidden units, not a fresh run's 128.
    assert_eq!(nets.contact.hidden(), 4);
    assert_eq!(nets.state.map(|s| s.games), Some(2));
    assert!(format::from_bytes(&bytes, Variant::Backgammon).is_err());

    refused(
        &[
            "train",
            "--rules",
            "jacquet",
            "--resume",
            "--from",
            backgammon.to_str().expect("a UTF-8 path"),
        ],
        "--from",
    );
}

/// `--rich`: a run from plain nets widens the contact net to the rich inputs (and goes on
/// training it); a fresh rich run starts with them; other rule sets are refused. And
/// `--from` with more `--hidden` units than the file's widens its hidden layer. `--extra`
/// likewise, from plain or rich nets.
#[test]
fn a_rich_run_widens_plain_nets_and_other_rule_sets_refuse_it() {
    use bg_tui::bot::expert::encode::{CONTACT_INPUTS, EXTRA_CONTACT_INPUTS, RICH_CONTACT_INPUTS};
    use bg_tui::engine::Variant;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let plain = small_checkpoint(dir.path(), "backgammon");
    let plain = plain.to_str().expect("UTF-8");
    let read_nets = |path: &str| {
        let bytes = std::fs::read(path).expect("the checkpoint");
        format::from_bytes(&bytes, Variant::Backgammon).expect("backgammon's nets")
    };
    assert_eq!(read_nets(plain).contact.inputs(), CONTACT_INPUTS);
    let path = |name: &str| dir.path().join(name).to_str().expect("UTF-8").to_string();
    let log = path("log");
    // Two games of training with `options`, into a new checkpoint `name`, which must
    // succeed; the checkpoint's path.
    let train_to = |options: &[&str], name: &str| {
        let checkpoint = path(name);
        let mut args = vec!["train"];
        args.extend(options);
        args.extend(["--games", "2", "--check-every", "0", "--log", &log]);
        args.extend(["--checkpoint", &checkpoint]);
        let o = bg_lab(&args);
        assert!(o.status.success(), "{options:?}: {o:?}");
        checkpoint
    };
    let widened = train_to(&["--rich", "--from", plain], "widened.bgnet");
    assert_eq!(read_nets(&widened).contact.inputs(), RICH_CONTACT_INPUTS);
    // `--hidden` above the file's widens the hidden layer too (the file's has 4).
    let wider = read_nets(&train_to(
        &["--hidden", "6", "--from", plain],
        "wider.bgnet",
    ));
    assert_eq!(wider.contact.hidden(), 6);
    assert_eq!(wider.contact.inputs(), CONTACT_INPUTS);
    let fresh = train_to(
        &["--rich", "--hidden", "4", "--race-hidden", "2"],
        "fresh.bgnet",
    );
    assert_eq!(read_nets(&fresh).contact.inputs(), RICH_CONTACT_INPUTS);
    let other = path("plakoto.bgnet");
    refused(
        &[
            "train",
            "--rules",
            "plakoto",
            "--rich",
            "--checkpoint",
            &other,
        ],
        "--rich",
    );
    assert!(!Path::new(&other).exists(), "nothing written");
    // `--extra` widens plain or rich nets to the extra inputs, starts a fresh run with
    // them, and is refused with `--rich` or for other rule sets.
    for (from, name) in [(plain, "x1.bgnet"), (widened.as_str(), "x2.bgnet")] {
        let extra = train_to(&["--extra", "--from", from], name);
        assert_eq!(read_nets(&extra).contact.inputs(), EXTRA_CONTACT_INPUTS);
    }
    let fresh = train_to(
        &["--extra", "--hidden", "4", "--race-hidden", "2"],
        "fresh-extra.bgnet",
    );
    assert_eq!(read_nets(&fresh).contact.inputs(), EXTRA_CONTACT_INPUTS);
    refused(&["train", "--extra", "--rich"], "cannot be used with");
    refused(
        &[
            "train",
            "--rules",
            "fevga",
            "--extra",
            "--checkpoint",
            &other,
        ],
        "--extra",
    );
    assert!(!Path::new(&other).exists(), "nothing written");
}

/// A supervised round valued by the nets' own look-ahead (`--target-ply`) runs on a small
/// checkpoint, changes its nets and says how its targets were made in its log line, on
/// every play's position of a roll with `--every-play`; the options are refused outside 1
/// to 3 and without `--supervised`.
#[test]
fn a_supervised_round_on_the_nets_look_ahead() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = small_checkpoint(dir.path(), "backgammon");
    let before = std::fs::read(&cp).expect("the checkpoint");
    let cp_arg = cp.to_str().expect("a UTF-8 path");
    let log = dir.path().join("sv.log");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "train",
            "--resume",
            "--checkpoint",
            cp_arg,
            "--log",
            log_arg,
            "--threads",
            "2",
            "--check-games",
            "0",
        ];
        args.extend_from_slice(extra);
        bg_lab(&args)
    };
    let o = run(&["--supervised", "40", "--target-ply", "1", "--epochs", "1"]);
    assert!(o.status.success(), "{o:?}");
    let logged = std::fs::read_to_string(&log).expect("the log");
    assert!(
        logged.contains("40 positions, valued by the nets' 1-ply look-ahead"),
        "{logged}"
    );
    assert_ne!(std::fs::read(&cp).expect("the checkpoint"), before);
    // `--every-play`: the examples are every contact play's position of a roll in each.
    let o = run(&[
        "--supervised",
        "10",
        "--every-play",
        "--target-ply",
        "1",
        "--epochs",
        "1",
    ]);
    assert!(o.status.success(), "{o:?}");
    let logged = std::fs::read_to_string(&log).expect("the log");
    let last = logged.lines().last().unwrap_or_default();
    let plays: usize = last
        .split_once(": ")
        .and_then(|(_, rest)| rest.split_once(" plays' positions of 10 positions"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("{last}"));
    assert!(plays > 10, "{last}");
    refused(&["train", "--every-play", "--games", "1"], "--supervised");
    for bad in ["0", "4"] {
        let o = run(&["--supervised", "40", "--target-ply", bad]);
        assert_eq!(o.status.code(), Some(2), "{o:?}");
        assert!(one_line_stderr(&o).contains("--target-ply"), "{o:?}");
    }
    let o = run(&["--games", "1", "--target-ply", "2"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(one_line_stderr(&o).contains("--supervised"), "{o:?}");
}

/// Plakoto's and Fevga's nets learn their own look-ahead too (`--supervised N --target-ply
/// P` with `--rules`): the round samples the rule set's own games, changes the nets and
/// keeps their rule set; rollout targets and every play's position stay backgammon's.
#[test]
fn the_tavli_nets_learn_their_own_look_ahead() {
    use bg_tui::engine::Variant;
    let dir = tempfile::tempdir().expect("a temporary folder");
    for rules in ["plakoto", "fevga"] {
        let cp = small_checkpoint(dir.path(), rules);
        let before = std::fs::read(&cp).expect("the checkpoint");
        let cp_arg = cp.to_str().expect("a UTF-8 path");
        let log = dir.path().join(format!("{rules}-sv.log"));
        let log_arg = log.to_str().expect("a UTF-8 path");
        let run = |extra: &[&str]| {
            let mut args = vec![
                "train",
                "--rules",
                rules,
                "--resume",
                "--checkpoint",
                cp_arg,
                "--log",
                log_arg,
                "--check-games",
                "0",
                "--supervised",
                "30",
            ];
            args.extend_from_slice(extra);
            bg_lab(&args)
        };
        let o = run(&["--target-ply", "1", "--epochs", "1"]);
        assert!(o.status.success(), "{rules}: {o:?}");
        let logged = std::fs::read_to_string(&log).expect("the log");
        assert!(
            logged.contains("30 positions, valued by the nets' 1-ply look-ahead"),
            "{rules}: {logged}"
        );
        let after = std::fs::read(&cp).expect("the checkpoint");
        assert_ne!(after, before, "{rules}: the nets learned");
        let variant = if rules == "plakoto" {
            Variant::Plakoto
        } else {
            Variant::Fevga
        };
        assert!(
            format::from_bytes(&after, variant).is_ok(),
            "{rules}: still its rule set's nets"
        );
        for refused_round in [
            &["--epochs", "1"][..],
            &["--target-ply", "1", "--every-play"],
        ] {
            let o = run(refused_round);
            assert_eq!(o.status.code(), Some(2), "{rules}: {o:?}");
            assert!(
                one_line_stderr(&o).contains("--target-ply"),
                "{rules}: {o:?}"
            );
        }
    }
}

/// `bg-lab train --resume --checkpoint CP --log LOG --check-games 0 --supervised-db DB`
/// and the `extra` options: a round on a rollout database without the check.
fn database_round(cp: &str, log: &str, db: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "train",
        "--resume",
        "--checkpoint",
        cp,
        "--log",
        log,
        "--check-games",
        "0",
        "--supervised-db",
        db,
    ];
    args.extend_from_slice(extra);
    bg_lab(&args)
}

/// A round with falling steps and a held-out part (`--alpha-end`, `--holdout`): the steps
/// and the held-out error are printed pass by pass, and the log line says what was held
/// out and which pass's nets were kept; `--with-look-ahead` fits plays' positions valued
/// by the nets' 1-ply beside the database's. The options are refused outside a supervised
/// round, and a share over a half.
#[test]
fn a_database_round_with_falling_steps_keeps_its_best_pass() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("db.txt");
    let db_arg = db.to_str().expect("a UTF-8 path");
    let o = bg_lab(&[
        "rollout-db",
        "--out",
        db_arg,
        "--positions",
        "40",
        "--trials",
        "36",
        "--truncate",
        "2",
    ]);
    assert!(o.status.success(), "{o:?}");
    let log = dir.path().join("db.log");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let cp = small_checkpoint(dir.path(), "backgammon");
    let cp_arg = cp.to_str().expect("a UTF-8 path");
    let fit = ["--epochs", "3", "--alpha", "0.1", "--alpha-end", "0.001"];
    let o = database_round(
        cp_arg,
        log_arg,
        db_arg,
        &[&fit[..], &["--holdout", "0.5"]].concat(),
    );
    assert!(o.status.success(), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    for pass in [
        "pass 1 of 3, alpha 0.10000",
        "pass 2 of 3, alpha 0.01000",
        "pass 3 of 3, alpha 0.00100",
    ] {
        assert!(err.contains(pass), "{pass}: {err}");
    }
    let logged = std::fs::read_to_string(&log).expect("the log");
    let line = logged.lines().last().unwrap_or_default();
    assert!(
        line.contains("(3 epochs, alpha 0.1 falling to 0.001)"),
        "{line}"
    );
    let held: usize = line
        .split_once("held out ")
        .and_then(|(_, rest)| rest.split_once(' '))
        .and_then(|(n, _)| n.parse().ok())
        .expect("the held-out count");
    assert!((5..=35).contains(&held), "{line}");
    assert!(line.contains(": 40 positions"), "{line}");
    assert!(line.contains("kept"), "{line}");
    // `--with-look-ahead N`: every play's position of a roll in N self-play positions,
    // valued by the nets' 1-ply, fitted beside the database's.
    let o = database_round(
        cp_arg,
        log_arg,
        db_arg,
        &["--epochs", "1", "--with-look-ahead", "3", "--threads", "1"],
    );
    assert!(o.status.success(), "{o:?}");
    let logged = std::fs::read_to_string(&log).expect("the log");
    let line = logged.lines().last().unwrap_or_default();
    let plays: usize = line
        .split_once(": 40 positions and ")
        .and_then(|(_, rest)| rest.split_once(" plays' positions valued by the nets' 1-ply"))
        .and_then(|(n, _)| n.parse().ok())
        .expect("the plays' positions");
    assert!(plays >= 3, "{line}");
    refused(
        &["train", "--resume", "--with-look-ahead", "3"],
        "--supervised-db",
    );
    for (args, says) in [
        (
            vec!["train", "--games", "1", "--alpha-end", "0.001"],
            "--alpha-end and --holdout",
        ),
        (
            vec!["train", "--games", "1", "--holdout", "0.1"],
            "--alpha-end and --holdout",
        ),
        (
            vec![
                "train",
                "--resume",
                "--supervised-db",
                db_arg,
                "--holdout",
                "0.7",
            ],
            "from 0 to 0.5",
        ),
    ] {
        refused(&args, says);
    }
}

/// A supervised round on a rollout database (`rollout-db`, then `train --supervised-db`)
/// fits a small checkpoint to the database's positions and logs how many; an empty or
/// malformed database, or one of another rule set than the nets', is refused in one line,
/// and the option asks for `--resume`.
#[test]
fn a_supervised_round_on_a_rollout_database() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = small_checkpoint(dir.path(), "backgammon");
    let before = std::fs::read(&cp).expect("the checkpoint");
    let cp_arg = cp.to_str().expect("a UTF-8 path");
    let db = dir.path().join("db.jsonl");
    let db_arg = db.to_str().expect("a UTF-8 path");
    let o = bg_lab(&[
        "rollout-db",
        "--out",
        db_arg,
        "--positions",
        "3",
        "--trials",
        "36",
        "--truncate",
        "2",
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        std::fs::read_to_string(&db)
            .expect("the database")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count(),
        3
    );
    let log = dir.path().join("db.log");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let run = |db: &str| database_round(cp_arg, log_arg, db, &["--epochs", "2"]);
    let o = run(db_arg);
    assert!(o.status.success(), "{o:?}");
    let logged = std::fs::read_to_string(&log).expect("the log");
    assert!(
        logged.contains("rollout database") && logged.contains(": 3 positions"),
        "{logged}"
    );
    assert_ne!(std::fs::read(&cp).expect("the checkpoint"), before);
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").expect("write");
    let o = run(empty.to_str().expect("a UTF-8 path"));
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(one_line_stderr(&o).contains("holds no positions"), "{o:?}");
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"index\": 0}\n").expect("write");
    let o = run(bad.to_str().expect("a UTF-8 path"));
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(one_line_stderr(&o).contains("line 1"), "{o:?}");
    refused(&["train", "--supervised-db", db_arg], "--resume");
    // Plakoto's nets are fitted to Plakoto's shards only (`rollout-db --rules plakoto`).
    let plakoto = small_checkpoint(dir.path(), "plakoto");
    let o = bg_lab(&[
        "train",
        "--rules",
        "plakoto",
        "--resume",
        "--checkpoint",
        plakoto.to_str().expect("a UTF-8 path"),
        "--log",
        log_arg,
        "--supervised-db",
        db_arg,
    ]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(
        one_line_stderr(&o)
            .contains("is a shard of backgammon's positions, not Plakoto's (--rules plakoto)"),
        "{o:?}"
    );
    // A device or a FIFO is refused at once, not read for ever or waited on.
    let fifo = dir.path().join("fifo");
    let mut special = vec!["/dev/zero".to_string()];
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        special.push(fifo.to_str().expect("a UTF-8 path").to_string());
    }
    for file in &special {
        let o = run(file);
        assert_eq!(o.status.code(), Some(2), "{file}: {o:?}");
        assert!(one_line_stderr(&o).contains("not a regular file"), "{o:?}");
    }
}

/// `--contact-only` fits the contact net alone and `--races-only` the race net alone: on a
/// shard of one contact position and one race, each round logs the one position it fitted,
/// and `eval-db` finds the other kind's figures as they were.
#[test]
fn a_database_round_can_fit_one_net_alone() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("two.txt");
    std::fs::write(
        &db,
        "# bg-tui rollout-db 2 rules=backgammon seed=1 spread=8 explore=4 trials=1296 truncate=none ply=0 variance-reduction=no nets=shipped\n\
         0 4HPwATDgc/ABMA 685 167 0 132 8\n\
         1 rb2HAADtdgcIAA 776 0 0 0 0\n",
    )
    .expect("write");
    let db_arg = db.to_str().expect("a UTF-8 path");
    let log = dir.path().join("two.log");
    let log_arg = log.to_str().expect("a UTF-8 path");
    // The figures of one kind's row of `eval-db`.
    let row = |cp: &str, kind: &str| {
        let o = bg_lab(&["eval-db", cp, db_arg]);
        assert!(o.status.success(), "{o:?}");
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find(|l| l.starts_with(kind))
            .map(str::to_string)
            .expect("the kind's row")
    };
    for (option, fitted, kept) in [
        ("--contact-only", "contact", "race"),
        ("--races-only", "race", "contact"),
    ] {
        let cp = small_checkpoint_named(dir.path(), &option[2..], &[]);
        let cp_arg = cp.to_str().expect("a UTF-8 path");
        let (fitted_before, kept_before) = (row(cp_arg, fitted), row(cp_arg, kept));
        let o = database_round(
            cp_arg,
            log_arg,
            db_arg,
            &["--epochs", "20", "--alpha", "0.5", option],
        );
        assert!(o.status.success(), "{o:?}");
        let logged = std::fs::read_to_string(&log).expect("the log");
        let only = if fitted == "race" { "races" } else { fitted };
        assert!(
            logged.contains(&format!(": 1 positions ({only} only)")),
            "{logged}"
        );
        assert_ne!(row(cp_arg, fitted), fitted_before, "{option}");
        assert_eq!(row(cp_arg, kept), kept_before, "{option}");
    }
    refused(
        &[
            "train",
            "--resume",
            "--supervised-db",
            db_arg,
            "--contact-only",
            "--races-only",
        ],
        "cannot be used with",
    );
}

/// A log that cannot be written (`--log /dev/full`) stops the run with one line and a
/// failure status, the checkpoint written first (issue 47, item 9).
#[cfg(target_os = "linux")]
#[test]
fn a_log_that_cannot_be_written_fails_the_run() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = dir.path().join("full.bgnet");
    let o = bg_lab(&[
        "train",
        "--games",
        "100",
        "--hidden",
        "4",
        "--race-hidden",
        "2",
        "--check-every",
        "100",
        "--check-games",
        "2",
        "--checkpoint",
        cp.to_str().expect("a UTF-8 path"),
        "--log",
        "/dev/full",
    ]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    // The check's line comes first, as ever; the last line says why the run stopped.
    let err = String::from_utf8_lossy(&o.stderr);
    let line = err.lines().last().unwrap_or_default();
    assert!(line.starts_with("bg-lab: --log: /dev/full"), "{err}");
    assert!(line.contains("checkpoint is saved"), "{err}");
    assert!(
        cp.exists(),
        "the checkpoint is written before the run stops"
    );
}

/// A raw net (`--raw`: the raw inputs alone, as the pruning net) starts fresh with 196
/// inputs; a distillation round (`--distill TEACHER`) fits it to the teacher's values of
/// every contact play of a roll, the error falling, and says so in its log line; `--raw`
/// is refused for other rule sets and with `--resume`, `--distill` without `--resume`.
#[test]
fn a_raw_net_learns_from_its_teacher_in_a_distillation_round() {
    use bg_tui::bot::expert::encode::RAW_CONTACT_INPUTS;
    use bg_tui::engine::Variant;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let teacher = small_checkpoint(dir.path(), "backgammon");
    let teacher_arg = teacher.to_str().expect("a UTF-8 path");
    let raw = small_checkpoint_named(dir.path(), "raw", &["--raw"]);
    let raw_arg = raw.to_str().expect("a UTF-8 path");
    let log = dir.path().join("raw.log");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let read = || {
        let bytes = std::fs::read(&raw).expect("the checkpoint");
        format::from_bytes(&bytes, Variant::Backgammon).expect("backgammon's nets")
    };
    assert_eq!(read().contact.inputs(), RAW_CONTACT_INPUTS);
    let before = read();
    let o = bg_lab(&[
        "train",
        "--resume",
        "--checkpoint",
        raw_arg,
        "--log",
        log_arg,
        "--check-games",
        "0",
        "--distill",
        teacher_arg,
        "--distill-positions",
        "60",
        "--epochs",
        "8",
        "--alpha",
        "0.1",
    ]);
    assert!(o.status.success(), "{o:?}");
    let logged = std::fs::read_to_string(&log).expect("the log");
    let line = logged.lines().last().unwrap_or_default();
    assert!(
        line.starts_with("distillation round") && line.contains("of 60 positions"),
        "{line}"
    );
    let (from, to) = line
        .split_once("error ")
        .and_then(|(_, e)| e.split_once(" -> "))
        .map(|(a, b)| {
            let number = |t: &str| {
                t.trim_end_matches(|c: char| !c.is_ascii_digit())
                    .parse::<f64>()
            };
            (number(a), number(b))
        })
        .expect("the errors before and after");
    let (from, to) = (from.expect("a number"), to.expect("a number"));
    assert!(to < from, "{line}");
    assert_ne!(read(), before);
    assert_eq!(read().contact.inputs(), RAW_CONTACT_INPUTS);
    refused(
        &[
            "train",
            "--raw",
            "--rules",
            "fevga",
            "--games",
            "1",
            "--check-every",
            "0",
        ],
        "backgammon",
    );
    refused(&["train", "--raw", "--resume"], "--resume");
    refused(&["train", "--distill", teacher_arg], "--resume");
}

/// A run writes its checkpoint into the folder it is started in, never into `assets/`,
/// unless `--assets` asks for the shipped nets' files there.
#[test]
fn a_run_writes_in_its_own_folder_unless_told_to_write_the_assets() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("assets")).expect("a folder");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "train",
            "--rules",
            "plakoto",
            "--games",
            "1",
            "--hidden",
            "4",
            "--race-hidden",
            "2",
            "--check-every",
            "0",
        ];
        args.extend_from_slice(extra);
        std::process::Command::new(env!("CARGO_BIN_EXE_bg-lab"))
            .args(&args)
            .current_dir(dir.path())
            .stdin(std::process::Stdio::null())
            .output()
            .expect("bg-lab runs")
    };
    let o = run(&[]);
    assert!(o.status.success(), "{o:?}");
    assert!(dir.path().join("plakoto.bgnet").is_file());
    assert!(!dir.path().join("assets/plakoto.bgnet").exists());
    let o = run(&["--assets"]);
    assert!(o.status.success(), "{o:?}");
    let bytes = std::fs::read(dir.path().join("assets/plakoto.bgnet")).expect("written");
    assert_eq!(&bytes[..8], b"BGTUINET");
}

/// Issue 34, item 9: `expert@FILE` reads nets files by the rule `train --resume` and
/// `train --from` read them by: a learning rate that is not a number, infinite, negative or
/// zero, or 2^64-1 games played, is refused in one line by all three.
#[test]
fn expert_at_file_and_train_refuse_the_same_training_states() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = small_checkpoint(dir.path(), "backgammon");
    let good = std::fs::read(&cp).expect("written");
    let path = cp.to_str().expect("a UTF-8 path");
    let train = |from: &'static str| {
        vec![
            "train",
            from,
            path,
            "--games",
            "1",
            "--check-every",
            "0",
            "--checkpoint",
            path,
        ]
    };
    // `bg-tui hint --bot expert@FILE` (the game's program, built with the `tui` feature)
    // reads the good file, and refuses each bad one as `train` does.
    let hint_refused = |refused: bool| {
        #[cfg(feature = "tui")]
        {
            let expert = format!("expert@{path}");
            let o = common::bg_tui(&["hint", "4HPwATDgc/ABMA", "31", "--bot", &expert]);
            if refused {
                assert_eq!(o.status.code(), Some(2), "{o:?}");
                let line = common::one_line_from(&o, "bg-tui");
                assert!(line.contains("training state is out of range"), "{line}");
            } else {
                assert!(o.status.success(), "{o:?}");
            }
        }
        #[cfg(not(feature = "tui"))]
        let _ = refused;
    };
    hint_refused(false);
    for (alpha, games) in [
        (f32::NAN, 1),
        (f32::INFINITY, 1),
        (-0.5, 1),
        (0.0, 1),
        (0.1, u64::MAX),
    ] {
        std::fs::write(&cp, with_state(&good, alpha, games)).expect("written");
        hint_refused(true);
        let mut from = train("--from");
        let checkpoint = dir.path().join("new.bgnet");
        let checkpoint = checkpoint.to_str().expect("a UTF-8 path");
        from[8] = checkpoint;
        refused(&from, "training state is out of range");
        let mut resume = train("--resume");
        resume.remove(2);
        refused(&resume, "training state is out of range");
        assert_eq!(
            std::fs::read(&cp).expect("kept"),
            with_state(&good, alpha, games),
            "{alpha} {games}: the file was changed"
        );
    }
}

/// `hint --bot expert:N@FILE` ranks with FILE's nets, as its table says (issue 47, item 5):
/// an untrained file's numbers are not the shipped expert's.
#[cfg(feature = "tui")]
#[test]
fn hint_with_a_nets_file_ranks_with_that_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = small_checkpoint(dir.path(), "backgammon");
    let with_file = format!("expert:0@{}", cp.display());
    let ranking = |bot: &str| {
        let o = common::bg_tui(&["hint", "4HPwATDgc/ABMA", "31", "--bot", bot, "--json"]);
        assert!(o.status.success(), "{bot}: {o:?}");
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        let plays = v["plays"].as_array().expect("the plays").clone();
        plays
            .iter()
            .map(|p| (p["play"].to_string(), p["score"].as_f64().expect("a score")))
            .collect::<Vec<_>>()
    };
    let shipped = ranking("expert:0");
    let file = ranking(&with_file);
    assert_eq!(shipped.len(), file.len());
    let top_shipped = shipped.first().expect("a play").1;
    let top_file = file.first().expect("a play").1;
    assert!(
        (top_shipped - top_file).abs() > 0.01,
        "the file's nets value the best play {top_file}, the shipped {top_shipped}"
    );
    // A file that does not read is refused, not replaced by the shipped nets.
    let bad = dir.path().join("bad.bgnet");
    std::fs::write(&bad, b"not nets").expect("write");
    let o = common::bg_tui(&[
        "hint",
        "4HPwATDgc/ABMA",
        "31",
        "--bot",
        &format!("expert:0@{}", bad.display()),
    ]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}

/// A pair round (`--pair-weight`) on a decisions shard (`rollout-db --decisions`) fits the
/// ranking of each decision's lines: its passes are printed, its log line names the
/// decisions and the weights, and the checkpoint changes. A shard without decisions is
/// refused in one line, and so is a weight out of range, `--value-weight` alone, or an
/// option the pair round would not heed (`--holdout`, `--races-only`, `--with-look-ahead`).
#[test]
fn a_pair_round_fits_a_decisions_shard() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cp = small_checkpoint(dir.path(), "backgammon");
    let before = std::fs::read(&cp).expect("the checkpoint");
    let cp_arg = cp.to_str().expect("a UTF-8 path");
    let log = dir.path().join("pairs.log");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let shard = |name: &str, extra: &[&str]| {
        let path = dir.path().join(name);
        let path_arg = path.to_str().expect("a UTF-8 path").to_owned();
        let mut args = vec![
            "rollout-db",
            "--out",
            &path_arg,
            "--positions",
            "6",
            "--trials",
            "36",
            "--truncate",
            "2",
        ];
        args.extend_from_slice(extra);
        let o = bg_lab(&args);
        assert!(o.status.success(), "{o:?}");
        path_arg
    };
    let decisions = shard("decisions.txt", &["--decisions"]);
    let pairs = ["--pair-weight", "5", "--value-weight", "1", "--epochs", "3"];
    let o = database_round(cp_arg, log_arg, &decisions, &pairs);
    assert!(o.status.success(), "{o:?}");
    let passes = String::from_utf8_lossy(&o.stderr);
    assert!(passes.contains("pass 3 of 3: centred error"), "{passes}");
    let logged = std::fs::read_to_string(&log).expect("the log");
    assert!(
        logged.contains("pair round on")
            && logged.contains("decisions, pair weight 5, value weight 1"),
        "{logged}"
    );
    assert_ne!(std::fs::read(&cp).expect("the checkpoint"), before);
    let plain = shard("plain.txt", &[]);
    let o = database_round(cp_arg, log_arg, &plain, &pairs);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(
        one_line_stderr(&o).contains("the shards hold no decision"),
        "{o:?}"
    );
    for weight in ["-1", "101", "nan"] {
        let o = database_round(cp_arg, log_arg, &decisions, &["--pair-weight", weight]);
        assert_eq!(o.status.code(), Some(2), "{weight}: {o:?}");
    }
    let o = database_round(cp_arg, log_arg, &decisions, &["--value-weight", "1"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    for other in [
        &["--holdout", "0.1"][..],
        &["--races-only"],
        &["--with-look-ahead", "10"],
    ] {
        let mut args = vec!["--pair-weight", "1"];
        args.extend_from_slice(other);
        let o = database_round(cp_arg, log_arg, &decisions, &args);
        assert_eq!(o.status.code(), Some(2), "{other:?}: {o:?}");
    }
}
