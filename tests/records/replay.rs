//! The replay timeline on a hand-checked short record and on the example records, the text
//! replay, and `bg-tui replay` on damaged files.

#[cfg(feature = "tui")]
use crate::common;
use bg_tui::engine::{Position, Side, format_play, position_id};
use bg_tui::record::{self, Record};
use bg_tui::replay::{MomentKind, Timeline};
#[cfg(feature = "tui")]
use common::bg_tui;
use std::path::{Path, PathBuf};

/// Alice (White) against Bob (Black), a 3-point match: game 1 ends in a pass (Alice 1-0),
/// game 2 in a resignation (1-1), game 3 stops after an opening tie and one play.
const SHORT: &str = include_str!("../data/replay-short.json");

fn short() -> (Record, Timeline) {
    let (record, _) = record::load(SHORT).expect("the short record loads");
    let timeline = Timeline::new(&record).expect("its timeline");
    (record, timeline)
}

fn examples() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("assets/records")
        .expect("assets/records")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 3, "{paths:?}");
    paths
}

/// Which moment is what in the short record, by index.
fn kinds(t: &Timeline) -> Vec<&'static str> {
    t.moments()
        .iter()
        .map(|m| match m.kind {
            MomentKind::GameStart => "start",
            MomentKind::OpeningTie { .. } => "tie",
            MomentKind::Opening { .. } => "opening",
            MomentKind::Roll { .. } => "roll",
            MomentKind::Step { .. } => "step",
            MomentKind::Play { .. } => "play",
            MomentKind::Double { .. } => "double",
            MomentKind::Take { .. } => "take",
            MomentKind::Beaver { .. } => "beaver",
            MomentKind::Drop { .. } => "drop",
            MomentKind::Resign { .. } => "resign",
            MomentKind::Accept { .. } => "accept",
            MomentKind::Decline { .. } => "decline",
            MomentKind::TakeOver { .. } => "take over",
            MomentKind::Result(_) => "result",
            MomentKind::Stopped => "stopped",
        })
        .collect()
}

#[test]
fn every_action_and_checker_step_is_a_moment() {
    let (_, t) = short();
    assert_eq!(
        kinds(&t),
        [
            // Game 1: 0-9.
            "start", "opening", "step", "play", "roll", "step", "play", "double", "drop",
            "result", // Game 2: 10-16.
            "start", "opening", "step", "play", "resign", "accept", "result",
            // Game 3: 17-21.
            "start", "tie", "opening", "step", "play",
        ]
    );
    let games: Vec<usize> = t.moments().iter().map(|m| m.game).collect();
    assert_eq!(games[..10], [0; 10]);
    assert_eq!(games[10..17], [1; 7]);
    assert_eq!(games[17..], [2; 5]);
    assert_eq!(t.games(), 3);
    assert_eq!(t.len(), 22);
    assert_eq!(t.end(), 21);
    // Actions of the record, from 0; none for starts and results.
    let actions: Vec<Option<usize>> = t.moments()[..10].iter().map(|m| m.action).collect();
    assert_eq!(
        actions,
        [
            None,
            Some(0),
            Some(1),
            Some(1),
            Some(2),
            Some(3),
            Some(3),
            Some(4),
            Some(5),
            None
        ]
    );
    let turns: Vec<usize> = t.moments()[..10].iter().map(|m| m.turn).collect();
    assert_eq!(turns, [0, 1, 1, 1, 2, 2, 2, 3, 3, 2]);
}

#[test]
fn the_board_after_each_checker_step() {
    let (_, t) = short();
    let m = t.moments();
    // Opening 3-1 for Alice: the start position from her view, both dice to play.
    assert_eq!(m[1].board.position, Position::START);
    assert_eq!(m[1].board.on_roll, Side::White);
    assert_eq!(m[1].board.dice.map(|d| (d.high(), d.low())), Some((3, 1)));
    assert!(m[1].board.dice_played().is_empty());
    // 8/5: two checkers left on the 8-point, one on the 5-point; the 6-point untouched.
    let b = m[2].board;
    assert_eq!(
        (
            b.position.mover_on(8),
            b.position.mover_on(5),
            b.position.mover_on(6)
        ),
        (2, 1, 5)
    );
    assert_eq!(b.dice_played(), vec![3]);
    assert_eq!(
        b.moved.map(|s| (s.from.number(), s.to.number())),
        Some((8, 5))
    );
    // 6/5: the 5-point made.
    let b = m[3].board;
    assert_eq!(
        (
            b.position.mover_on(8),
            b.position.mover_on(5),
            b.position.mover_on(6)
        ),
        (2, 2, 4)
    );
    assert_eq!(b.dice_played(), vec![3, 1]);
    assert_eq!(b.on_roll, Side::White);
    // Bob's 6-5 from his view: a back checker runs 24/18, then 18/13.
    assert_eq!(m[4].board.on_roll, Side::Black);
    assert_eq!(m[4].board.position.opponent_on(5), 2, "Alice's 5-point");
    let b = m[5].board;
    assert_eq!(
        (
            b.position.mover_on(24),
            b.position.mover_on(18),
            b.position.mover_on(13)
        ),
        (1, 1, 5)
    );
    assert_eq!(b.dice_played(), vec![6]);
    let b = m[6].board;
    assert_eq!(
        (
            b.position.mover_on(24),
            b.position.mover_on(18),
            b.position.mover_on(13)
        ),
        (1, 0, 6)
    );
    assert_eq!(b.position.mover_pips(), 167 - 11);
    // The double: from Alice's view again, no dice; the cube still at 1 until taken.
    assert_eq!(m[7].board.on_roll, Side::White);
    assert_eq!(m[7].board.dice, None);
    assert_eq!(
        m[7].kind,
        MomentKind::Double {
            side: Side::White,
            value: 2
        }
    );
    assert_eq!(m[7].cube.value(), 1);
}

/// The die each step used is the one shown as played, not the first of the roll: Bob's 6-1
/// of game 2 recorded with the 1 first (8/7, then 13/7).
#[test]
fn the_die_each_step_used_is_the_one_shown_played() {
    let text = SHORT.replace("[[13,7,false],[8,7,false]]", "[[8,7,false],[13,7,false]]");
    assert_ne!(text, SHORT, "the short record has Bob's 13/7 8/7");
    let (record, _) = record::load(&text).expect("the reordered record loads");
    let t = Timeline::new(&record).expect("its timeline");
    let step = t
        .moments()
        .iter()
        .find(|m| m.game == 1 && matches!(m.kind, MomentKind::Step { .. }))
        .expect("the first step of Bob's play");
    assert_eq!(
        step.board.moved.map(|s| (s.from.number(), s.to.number())),
        Some((8, 7))
    );
    assert_eq!(step.board.dice_played(), vec![1]);
    let played = t
        .moments()
        .iter()
        .find(|m| m.game == 1 && matches!(m.kind, MomentKind::Play { .. }))
        .expect("Bob's whole play");
    assert_eq!(played.board.dice_played(), vec![1, 6]);
}

#[test]
fn ids_are_those_of_the_start_of_the_turn_until_the_play_is_complete() {
    let (_, t) = short();
    let m = t.moments();
    assert_eq!(m[0].position_id().as_deref(), Some("4HPwATDgc/ABMA"));
    assert_eq!(m[1].position_id().as_deref(), Some("4HPwATDgc/ABMA"));
    assert_eq!(m[2].position_id(), m[1].position_id());
    assert_eq!(m[2].match_id(), m[1].match_id());
    // After 8/5 6/5, Bob on roll: as `bg-tui moves` gives it.
    assert_eq!(m[3].position_id().as_deref(), Some("sGfwATDgc/ABMA"));
    assert_ne!(m[3].match_id(), m[1].match_id());
    assert_eq!(
        m[3].position_id(),
        Some(position_id(&m[3].board.position.switched()))
    );
}

#[test]
fn scores_cube_and_results_at_each_moment() {
    let (_, t) = short();
    let m = t.moments();
    assert_eq!(m[8].score, [1, 0], "the pass ends game 1");
    match &m[9].kind {
        MomentKind::Result(r) => assert_eq!((r.winner.unwrap(), r.points), (Side::White, 1)),
        other => panic!("{other:?}"),
    }
    assert_eq!(m[10].score, [1, 0]);
    assert_eq!(
        m[14].kind,
        MomentKind::Resign {
            side: Side::White,
            level: bg_tui::engine::WinKind::Single
        }
    );
    assert_eq!(m[16].score, [1, 1]);
    assert_eq!(m[18].kind, MomentKind::OpeningTie { white: 5, black: 5 });
    assert_eq!(m[18].board.dice, None);
}

#[test]
fn labels_say_what_happened() {
    let (_, t) = short();
    assert_eq!(t.label(0), "Game 1 starts: Alice 0, Bob 0");
    assert_eq!(t.label(1), "Opening roll: Alice 3, Bob 1: Alice plays 3-1");
    assert_eq!(
        t.label(2),
        "Alice 3-1: 8/5 (checker move 1 of 2; the play: 8/5 6/5)"
    );
    assert_eq!(t.label(3), "Alice 3-1: 8/5 6/5");
    assert_eq!(t.label(4), "Bob rolls 6-5");
    assert_eq!(t.label(6), "Bob 6-5: 24/13");
    assert_eq!(t.label(7), "Alice doubles to 2");
    assert_eq!(t.label(8), "Bob passes");
    assert_eq!(t.label(9), "Bob passes: Alice wins 1 point");
    assert_eq!(t.label(14), "Alice offers to resign a single game");
    assert_eq!(t.label(15), "Bob accepts the resignation");
    assert_eq!(t.label(16), "Alice resigns a single game: Bob wins 1 point");
    assert_eq!(
        t.label(18),
        "Opening roll: Alice 5, Bob 5: a tie, rolled again"
    );
}

#[test]
fn moving_by_step_turn_and_game() {
    let (_, t) = short();
    // By checker step: every moment, stopping at both ends.
    assert_eq!(t.next_step(0), 1);
    assert_eq!(t.next_step(21), 21);
    assert_eq!(t.previous_step(1), 0);
    assert_eq!(t.previous_step(0), 0);
    // By turn: whole plays, cube actions, resignations, results, game starts.
    let mut stops = vec![0];
    let mut at = 0;
    loop {
        let next = t.next_turn(at);
        if next == at {
            break;
        }
        stops.push(next);
        at = next;
    }
    assert_eq!(stops, [0, 3, 6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 21]);
    let mut back = vec![21];
    let mut at = 21;
    while at > 0 {
        at = t.previous_turn(at);
        back.push(at);
    }
    back.reverse();
    assert_eq!(back, stops);
    // From inside a turn, n goes to its play and p to the play before.
    assert_eq!(t.next_turn(4), 6);
    assert_eq!(t.previous_turn(5), 3);
    assert_eq!(t.stop_of(4), 6);
    // By game: PgDn to the next start (the end in the last game), PgUp to this game's start,
    // then the one before.
    assert_eq!(t.next_game(0), 10);
    assert_eq!(t.next_game(12), 17);
    assert_eq!(t.next_game(17), 21);
    assert_eq!(t.previous_game(12), 10);
    assert_eq!(t.previous_game(10), 0);
    assert_eq!(t.previous_game(0), 0);
    assert_eq!(t.game_start(2), 17);
    // Past the end is the end.
    assert_eq!(t.moment(99).kind, t.moment(21).kind);
}

#[test]
fn the_example_records_replay_to_the_state_they_load_to() {
    for path in examples() {
        let (record, last) = bg_tui::store::read_record(&path).expect("example loads");
        let t = Timeline::new(&record).expect("timeline");
        let name = path.display();
        assert_eq!(t.last_state(), &last, "{name}");
        let final_moment = t.moment(t.end());
        assert_eq!(final_moment.match_id(), last.match_id(), "{name}");
        assert_eq!(final_moment.position_id(), last.position_id(), "{name}");
        assert_eq!(t.games(), record.games.len(), "{name}");
        let results = t
            .moments()
            .iter()
            .filter(|m| matches!(m.kind, MomentKind::Result(_)))
            .count();
        assert_eq!(results, last.results().len(), "{name}");
        // Each recorded play is one moment per checker step, the last with the whole play.
        let recorded_steps: usize = record
            .games
            .iter()
            .flat_map(|g| &g.actions)
            .map(|a| match a {
                record::RecordedAction::Play { steps, .. } => steps.len().max(1),
                _ => 0,
            })
            .sum();
        let play_moments = t
            .moments()
            .iter()
            .filter(|m| matches!(m.kind, MomentKind::Step { .. } | MomentKind::Play { .. }))
            .count();
        assert_eq!(play_moments, recorded_steps, "{name}");
        for (i, m) in t.moments().iter().enumerate() {
            if let MomentKind::Play { notation, .. } = &m.kind {
                // The board after the whole play is the position the notation leads to.
                let start = t.moment(i - m.board.dice_played().len().max(1));
                if !notation.is_empty() {
                    let dice = m.board.dice.expect("a play has dice");
                    let legal = bg_tui::engine::Variant::Backgammon
                        .legal_plays(&start.board.position, dice);
                    let play = legal
                        .iter()
                        .find(|p| format_play(p) == *notation)
                        .expect("the notation is a legal play");
                    assert_eq!(*play.position(), m.board.position, "{name}: moment {i}");
                }
            }
        }
    }
}

#[test]
fn a_damaged_record_has_no_timeline() {
    let (mut record, _) = record::load(SHORT).expect("loads");
    record.games[0].actions[3] = record::RecordedAction::Play {
        side: record::RecordSide::Black,
        dice: [6, 5],
        notation: "24/18 24/19".to_string(),
        steps: vec![(24, 18, false), (24, 19, false)],
    };
    let err = Timeline::new(&record)
        .expect_err("illegal play")
        .to_string();
    assert!(err.starts_with("game 1, action 4: "), "{err}");
}

#[cfg(feature = "tui")]
#[test]
fn text_replay_of_the_short_record() {
    let o = bg_tui(&["replay", "tests/data/replay-short.json", "--text"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).expect("UTF-8");
    insta::assert_snapshot!("text_short", text);
}

#[cfg(feature = "tui")]
#[test]
fn text_replay_of_the_example_records() {
    for path in examples() {
        let file = path.to_str().expect("UTF-8 path");
        let o = bg_tui(&["replay", file, "--text"]);
        assert!(o.status.success(), "{file}");
        let text = String::from_utf8(o.stdout).expect("UTF-8");
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("name");
        insta::assert_snapshot!(format!("text_{stem}"), text);
    }
}

/// A scratch folder for this test binary.
#[cfg(feature = "tui")]
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bg-tui-replay-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[cfg(feature = "tui")]
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_str().expect("UTF-8 path").to_string()
}

/// `replay FILE`, with and without `--text`, refuses `file`: exit status 2, one line that
/// names the file and says `expected`, nothing on standard output.
#[cfg(feature = "tui")]
fn refused_in_one_line(file: &str, expected: &str) {
    for args in [vec!["replay", file, "--text"], vec!["replay", file]] {
        let o = bg_tui(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with(&format!("bg-tui: {file}: ")), "{err}");
        assert!(err.contains(expected), "{file}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(o.stdout.is_empty());
    }
}

#[cfg(feature = "tui")]
#[test]
fn damaged_files_exit_2_naming_the_file_game_and_action() {
    let dir = scratch("damaged");
    let illegal = SHORT.replace(
        r#""notation":"24/13","steps":[[24,18,false],[18,13,false]]"#,
        r#""notation":"24/13","steps":[[24,18,false],[18,12,false]]"#,
    );
    assert_ne!(illegal, SHORT);
    let wrong_result = SHORT.replace(
        r#""winner":"black","kind":"single","cube":1,"points":1,"ending":"resignation""#,
        r#""winner":"black","kind":"gammon","cube":1,"points":2,"ending":"resignation""#,
    );
    assert_ne!(wrong_result, SHORT);
    let cases = [
        ("illegal.json", illegal, "game 1, action 4: "),
        (
            "result.json",
            wrong_result,
            "game 2, action 4: the record says",
        ),
        (
            "truncated.json",
            SHORT[..400].to_string(),
            "not a valid record",
        ),
        (
            "binary.json",
            "\u{0}\u{1}garbage".to_string(),
            "not a valid record",
        ),
    ];
    for (name, text, expected) in cases {
        let file = write(&dir, name, &text);
        refused_in_one_line(&file, expected);
    }
    let missing = dir.join("missing.json");
    let o = bg_tui(&["replay", missing.to_str().expect("UTF-8"), "--text"]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "tui")]
#[test]
fn the_viewer_without_a_terminal_says_so() {
    // Standard output is a pipe here.
    let o = bg_tui(&["replay", "tests/data/replay-short.json"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(err.contains("--text"), "{err}");
}

#[test]
fn a_record_without_games_is_the_match_about_to_start() {
    let (mut record, _) = record::load(SHORT).expect("loads");
    record.games.clear();
    let t = Timeline::new(&record).expect("timeline");
    assert_eq!(t.len(), 1);
    assert_eq!(t.moment(0).kind, MomentKind::GameStart);
    assert_eq!(t.next_turn(0), 0);
    assert_eq!(t.next_game(0), 0);
    let text = bg_tui::replay::text::render(&record, &t);
    assert!(
        text.ends_with("The match is unfinished. Score: Alice 0, Bob 0\n"),
        "{text}"
    );
}

#[test]
fn a_stopped_session_ends_with_its_own_moment() {
    let path = Path::new("assets/records/money-greedy-vs-greedy.json");
    let (mut record, _) = bg_tui::store::read_record(path).expect("loads");
    record.stopped = true;
    let (record, _) = record::load(&record::to_json(&record)).expect("a stopped session loads");
    let t = Timeline::new(&record).expect("timeline");
    assert_eq!(t.moment(t.end()).kind, MomentKind::Stopped);
    assert!(matches!(t.moment(t.end() - 1).kind, MomentKind::Result(_)));
    assert!(t.label(t.end()).starts_with("The session was stopped: "));
    let text = bg_tui::replay::text::render(&record, &t);
    assert!(
        text.ends_with(
            "The session was stopped. Final score: greedy (White) 5, greedy (Black) 0\n"
        ),
        "{text}"
    );
}

#[test]
fn beavers_and_declined_resignations_are_moments() {
    use bg_tui::engine::{Action, MatchState, Rules, WinKind};
    use bg_tui::record::{PlayerInfo, Recorder};
    let rules = Rules {
        beaver: true,
        ..Rules::money()
    };
    let mut m = MatchState::new(rules).expect("rules");
    let mut rec = Recorder::new(
        [PlayerInfo::human("Ann"), PlayerInfo::human("Ben")],
        rules,
        None,
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .expect("opening");
    let play = m.game().legal_plays()[0];
    rec.apply(&mut m, Action::Play(play)).expect("play");
    for action in [
        Action::Double,
        Action::Beaver,
        Action::Take,
        Action::Resign(WinKind::Gammon),
        Action::DeclineResignation,
    ] {
        rec.apply(&mut m, action).expect("legal");
    }
    let t = Timeline::new(rec.as_record()).expect("timeline");
    let labels: Vec<String> = (0..t.len()).map(|i| t.label(i)).collect();
    let tail: Vec<&str> = labels[labels.len() - 5..]
        .iter()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        [
            "Ben doubles to 2",
            "Ann beavers: the cube would be 4",
            "Ben takes: the cube is at 4",
            "Ben offers to resign a gammon",
            "Ann declines the resignation",
        ]
    );
    assert_eq!(t.moment(t.end()).cube.value(), 4);
    let text = bg_tui::replay::text::render(rec.as_record(), &t);
    for line in [
        "      Ben  doubles to 2",
        "      Ann  beavers (the cube to 4)",
        "      Ben  takes (the cube is at 4)",
        "      Ben  offers to resign a gammon",
        "      Ann  declines",
    ] {
        assert!(text.contains(&format!("{line}\n")), "{line:?} in\n{text}");
    }
}

#[cfg(feature = "tui")]
#[test]
fn the_readme_shows_the_text_replay_as_it_is() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let command = "$ bg-tui replay tests/data/replay-short.json --text\n";
    let shown = readme
        .split(command)
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README shows the text replay");
    let o = bg_tui(&["replay", "tests/data/replay-short.json", "--text"]);
    let out = String::from_utf8_lossy(&o.stdout);
    // Each line shown comes out, in order, the first ones as they start the text; `...`
    // stands for lines left out.
    let mut lines = out.lines();
    let mut skipping = false;
    for want in shown.lines() {
        if want == "..." {
            skipping = true;
            continue;
        }
        let found = if skipping {
            lines.any(|l| l == want)
        } else {
            lines.next() == Some(want)
        };
        assert!(found, "{want:?} in\n{out}");
    }
    assert!(!shown.trim().is_empty());
}

#[cfg(feature = "tui")]
#[test]
fn replay_refuses_the_damaged_corpus_as_the_store_words_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/damaged");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the damaged corpus")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for path in files {
        let reason = bg_tui::store::read_record(&path)
            .map(|_| ())
            .expect_err("damaged")
            .to_string();
        let file = path.to_str().expect("UTF-8 path");
        for args in [vec!["replay", file, "--text"], vec!["replay", file]] {
            let o = bg_tui(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert_eq!(
                String::from_utf8_lossy(&o.stderr),
                format!("bg-tui: {reason}\n")
            );
            assert!(o.stdout.is_empty());
        }
    }
}

#[test]
fn a_tavli_opening_roll_says_who_starts_though_its_dice_are_not_played() {
    use bg_tui::engine::{Action, MatchState, RuleSet};
    use bg_tui::record::{PlayerInfo, Recorder};
    let rules = bg_tui::engine::Rules {
        match_length: Some(3),
        ..bg_tui::engine::Rules::of(RuleSet::Tavli)
    };
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("A"), PlayerInfo::human("B")],
        rules,
        None,
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 2, black: 2 })
        .unwrap();
    rec.apply(&mut m, Action::OpeningRoll { white: 2, black: 5 })
        .unwrap();
    let t = Timeline::new(rec.as_record()).unwrap();
    let kinds: Vec<&MomentKind> = t.moments().iter().map(|m| &m.kind).collect();
    assert!(
        matches!(kinds[1], MomentKind::OpeningTie { .. }),
        "{kinds:?}"
    );
    assert!(
        matches!(
            kinds[2],
            MomentKind::Opening {
                side: Side::Black,
                ..
            }
        ),
        "{kinds:?}"
    );
}

/// `replay` reads a Jellyfish `.mat` file as `analyse` does: the 3-game 7-point match
/// gnubg's analysis fixture holds, its moves and results as the file writes them (game 1:
/// 41 13/9 24/23 against 61 13/7 8/7, "Wins 4 points"; game 2 2 points; game 3 1 point).
#[cfg(feature = "tui")]
#[test]
fn a_mat_file_replays_as_its_lines_say() {
    let file = "tests/fixtures/gnubg/match-analysis/m7-expert0-pubeval.mat";
    let o = bg_tui(&["replay", file, "--text"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).expect("UTF-8");
    assert!(text.contains("Rules: 7-point match"), "{text}");
    assert!(text.contains("expert 0  4-1  24/23 13/9"), "{text}");
    assert!(text.contains("pubeval   6-1  13/7 8/7"), "{text}");
    let results: Vec<&str> = text.lines().filter(|l| l.contains(" wins a")).collect();
    assert_eq!(results.len(), 3, "{text}");
    for (line, points) in results.iter().zip(["4 points", "2 points", "1 point;"]) {
        assert!(line.contains(points), "{line}");
    }
    assert!(text.contains("expert 0 wins the 7-point match"), "{text}");
}

/// A damaged `.mat` file is refused by `replay` in one line naming the file, with or without
/// `--text`, and nothing on standard output.
#[cfg(feature = "tui")]
#[test]
fn a_damaged_mat_file_is_refused_in_one_line() {
    let dir = scratch("damaged-mat");
    let good =
        std::fs::read_to_string("tests/fixtures/gnubg/match-analysis/m7-expert0-pubeval.mat")
            .expect("fixture");
    let illegal = good.replacen("41: 13/9 24/23", "41: 13/8 24/23", 1);
    assert_ne!(illegal, good);
    for (name, text, expected) in [
        ("illegal.mat", illegal, "game 1, move 1: "),
        ("empty.MAT", String::new(), "not a .mat file"),
    ] {
        let file = write(&dir, name, &text);
        refused_in_one_line(&file, expected);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
