//! `bg-tui resume` run as a user runs it: the autosave found in the data folder, damaged,
//! finished and missing records refused with status 2 and one line saying why. (How a
//! resumed match goes on is tested with the game, in `src/tui/tests/tui_saves.rs`.)

use crate::common::bg_tui_in;
use bg_tui::engine::{Action, Dice, MatchState, Phase, Play, Rules};
use bg_tui::journal::Journal;
use bg_tui::record::{PlayerInfo, RecordedAction, Recorder, to_json};
use bg_tui::store;
use std::path::Path;

fn bg_tui(args: &[&str], data_home: &Path) -> std::process::Output {
    bg_tui_in(args, Some(data_home))
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A match of `length` points between two people, recorded.
fn new_match(length: u32) -> (MatchState, Recorder) {
    let rules = Rules::match_to(length);
    let m = MatchState::new(rules).expect("a match to a few points");
    let people = [PlayerInfo::human("Alice"), PlayerInfo::human("Bob")];
    (m, Recorder::new(people, rules, None))
}

/// One action, the same way every time: roll (the dice of `turn` in a fixed cycle), play
/// the first legal play (or pass a dance), take doubles, go on to the next game.
fn step(m: &mut MatchState, recorder: &mut Recorder, turn: usize) {
    const ROLLS: [(u8, u8); 6] = [(3, 1), (6, 4), (5, 2), (6, 6), (4, 3), (2, 1)];
    let (a, b) = ROLLS[turn % ROLLS.len()];
    let action = match m.game().phase() {
        Phase::Opening => Action::OpeningRoll { white: a, black: b },
        Phase::Rolling => Action::Roll(Dice::new(a, b).expect("dice of 1 to 6")),
        Phase::Moving(_) => match m.game().legal_plays().first() {
            Some(play) => Action::Play(*play),
            None => Action::Play(Play::empty(*m.game().position())),
        },
        Phase::DoubleOffered | Phase::Beavered => Action::Take,
        Phase::Over(_) => {
            recorder.next_game(m).expect("the next game");
            return;
        }
    };
    recorder.apply(m, action).expect("a legal action");
}

#[test]
fn resume_finds_the_autosave_in_the_data_folder_or_says_there_is_none() {
    let data = tempfile::tempdir().unwrap();
    let o = bg_tui(&["resume"], data.path());
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let err = stderr(&o);
    assert!(
        err.starts_with("bg-tui: there is no match to resume: "),
        "{err}"
    );
    assert!(err.contains("bg-tui/autosave.jsonl"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");

    // A match in progress in the autosave: it is read, then the game needs a terminal.
    let folder = data.path().join("bg-tui");
    std::fs::create_dir_all(&folder).unwrap();
    let (mut m, mut recorder) = new_match(3);
    for turn in 0..4 {
        step(&mut m, &mut recorder, turn);
    }
    Journal::create(&folder.join(store::AUTOSAVE_NAME), recorder.as_record()).unwrap();
    let o = bg_tui(&["resume"], data.path());
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("needs a terminal"), "{}", stderr(&o));
}

#[test]
fn resume_refuses_damaged_and_finished_records_with_status_2() {
    let data = tempfile::tempdir().unwrap();
    let (mut m, mut recorder) = new_match(1);
    for turn in 0..3 {
        step(&mut m, &mut recorder, turn);
    }
    let damaged = data.path().join("damaged.json");
    let mut record = recorder.as_record().clone();
    for action in &mut record.games[0].actions {
        if let RecordedAction::Play { steps, .. } = action {
            steps[0].0 = 1;
        }
    }
    std::fs::write(&damaged, to_json(&record)).unwrap();
    let o = bg_tui(&["resume", &damaged.to_string_lossy()], data.path());
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let err = stderr(&o);
    assert!(err.contains("damaged.json: "), "{err}");
    assert!(err.contains("game 1, action "), "{err}");

    let mut turn = 3;
    while !m.is_over() {
        step(&mut m, &mut recorder, turn);
        turn += 1;
    }
    let finished = data.path().join("finished.json");
    store::write_record(&finished, recorder.as_record()).unwrap();
    let o = bg_tui(&["resume", &finished.to_string_lossy()], data.path());
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(stderr(&o).contains("the match is over"), "{}", stderr(&o));

    let o = bg_tui(&["resume", "/no/such/file.json"], data.path());
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(
        stderr(&o).contains("/no/such/file.json: "),
        "{}",
        stderr(&o)
    );
}

/// A record whose player is an engine (`ubgi:COMMAND`, as `bot-match --save` writes) never
/// runs its command when resumed (issue 47): here the command would make a file.
#[test]
fn resuming_a_record_never_runs_the_engine_command_it_names() {
    let data = tempfile::tempdir().unwrap();
    let marker = data.path().join("ran");
    let (mut m, mut recorder) = new_match(3);
    for turn in 0..4 {
        step(&mut m, &mut recorder, turn);
    }
    let mut record = recorder.as_record().clone();
    let command = format!("ubgi:touch '{}'", marker.display());
    record.players[1] = PlayerInfo {
        name: "Mallory".to_string(),
        kind: bg_tui::record::PlayerKind::Bot(command),
    };
    let file = data.path().join("sent.json");
    std::fs::write(&file, to_json(&record)).unwrap();
    let o = bg_tui(&["resume", &file.to_string_lossy()], data.path());
    // Read and seated (the expert in the engine's place), then the game needs a terminal.
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("needs a terminal"), "{}", stderr(&o));
    // Whatever a slow shell might do, it has had time to.
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(!marker.exists(), "the record's command was run");
    // Nor as the unfinished autosave.
    let folder = data.path().join("bg-tui");
    std::fs::create_dir_all(&folder).unwrap();
    Journal::create(&folder.join(store::AUTOSAVE_NAME), &record).unwrap();
    let o = bg_tui(&["resume"], data.path());
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(!marker.exists(), "the autosave's command was run");
}
