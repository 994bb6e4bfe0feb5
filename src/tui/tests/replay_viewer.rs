//! The replay viewer on ratatui's `TestBackend`: snapshots at 80×24 and 120×40, every key
//! of its help (walked from the help rows themselves), and drawing at every size.

use super::common::{drawn, snapshot_both};
use crate::tui::Event;
use crate::tui::terminal::Screen;
use crate::tui::viewer::analysis_board::AnalysisOutcome;
use crate::tui::viewer::keys::viewer_help_rows;
use crate::tui::viewer::{ViewOptions, Viewer, ViewerNews};
use crate::tui::{Overlay, Spot};
use bg_tui::record::{self, Record};
use bg_tui::replay::{MomentKind, Timeline};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

/// The hand-checked short record of tests/records/replay.rs (moments listed there).
const SHORT: &str = include_str!("../../../tests/data/replay-short.json");

fn viewer_with(options: ViewOptions) -> Viewer {
    let (record, _) = record::load(SHORT).expect("the short record loads");
    Viewer::new(Timeline::new(&record).expect("timeline"), options)
}

fn viewer() -> Viewer {
    viewer_with(ViewOptions::default())
}

fn press(v: &mut Viewer, code: KeyCode) {
    v.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn at(index: usize) -> Viewer {
    let mut v = viewer();
    v.go_to(index);
    v
}

#[test]
fn the_start_of_the_match() {
    snapshot_both!("viewer_start", &at(0));
}

#[test]
fn mid_turn_after_one_checker_move() {
    let v = at(5);
    assert!(matches!(
        v.timeline().moment(5).kind,
        MomentKind::Step { .. }
    ));
    // Bob's checker just moved to his 18-point is marked; one die of two is used.
    let model = v.model();
    assert_eq!(model.picked, Some(Spot::Point(18)));
    assert_eq!(model.dice_used, vec![6]);
    snapshot_both!("viewer_mid_turn", &v);
}

#[test]
fn a_cube_action() {
    let v = at(7);
    assert!(v.model().status.contains("Alice doubles to 2"));
    snapshot_both!("viewer_double", &v);
}

#[test]
fn game_over() {
    let v = at(9);
    assert!(matches!(v.model().overlay, Some(Overlay::GameOver { .. })));
    snapshot_both!("viewer_game_over", &v);
}

#[test]
fn help() {
    let mut v = at(3);
    press(&mut v, KeyCode::Char('?'));
    assert!(matches!(v.model().overlay, Some(Overlay::Help(_))));
    snapshot_both!("viewer_help", &v);
}

#[test]
fn ascii_only_when_asked() {
    let mut v = viewer_with(ViewOptions {
        ascii: true,
        color: false,
        ..ViewOptions::default()
    });
    for at in [0, 5, 9, 21] {
        v.go_to(at);
        let text = format!("{}", drawn(&v, 120, 40).backend());
        assert!(text.is_ascii(), "moment {at}:\n{text}");
    }
}

#[test]
fn the_move_list_highlights_the_turn_shown_and_keeps_it_in_view() {
    let mut v = viewer();
    let rows = |v: &Viewer| {
        let list = v.move_list();
        let text: Vec<String> = list.rows.iter().map(|r| r.text.clone()).collect();
        (text, list.current)
    };
    let (text, current) = rows(&v);
    assert_eq!(text[0], "Game 1 (0-0)");
    assert_eq!(text[1], " 1 3-1 8/5 6/5");
    assert_eq!(current, Some(0));
    // Bob's roll and his first checker move belong to his play, the third row.
    for index in [4, 5, 6] {
        v.go_to(index);
        assert_eq!(rows(&v).1, Some(2), "moment {index}");
    }
    assert_eq!(rows(&v).0[2], " 2 6-5 24/13");
    // At the end of a long list the current row is still drawn: the last play of game 3.
    v.go_to(21);
    let (text, current) = rows(&v);
    assert_eq!(current, Some(text.len() - 1));
    let screen = format!("{}", drawn(&v, 80, 24).backend());
    assert!(screen.contains("1 4-2 8/4 6/4"), "{screen}");
}

/// Every key in the viewer's help does what the help says. Walks the help rows, so a key
/// added to the help without a check here fails.
#[test]
fn every_key_in_the_help_does_what_it_says() {
    let rows = viewer_help_rows();
    assert!(!rows.is_empty());
    for (keys, description) in rows {
        match keys.as_str() {
            "Right / Left" => check_steps(),
            "n / p, Down / Up" => check_turns(),
            "PgDn / PgUp" => check_games(),
            "Home / End" => check_home_end(),
            "?" => check_help(),
            "a" => check_analysis(),
            "A" => check_board_toggle(),
            "m / M" => check_mistake_keys(),
            "b" => check_better_key(),
            "s" => check_summary_key(),
            "h" => super::viewer_study::check_alternatives_key(),
            "g" => super::viewer_study::check_graph_key(),
            "P" => super::viewer_study::check_play_on_key(),
            "e" => super::viewer_study::check_edit_key(),
            "q / Esc" => check_quit(),
            other => panic!("no check for the help row {other:?} ({description})"),
        }
    }
}

fn check_analysis() {
    // Bob's first play (moment 5): the expert judges it; `a` again hides the judgement.
    let mut v = viewer();
    v.go_to(5);
    assert_eq!(v.analysis(), None);
    press(&mut v, KeyCode::Char('a'));
    let shown = v.analysis().expect("the judgement").to_string();
    assert!(shown.starts_with("expert 2-ply: "), "{shown}");
    assert!(shown.contains("24/13"), "{shown}");
    let screen = format!("{}", drawn(&v, 120, 40).backend());
    assert!(screen.contains("expert 2-ply"), "{screen}");
    // It follows the moment shown.
    press(&mut v, KeyCode::Home);
    assert_eq!(
        v.analysis(),
        Some("expert: nothing to judge at this moment")
    );
    press(&mut v, KeyCode::Char('a'));
    assert_eq!(v.analysis(), None);
}

fn check_board_toggle() {
    let mut v = viewer();
    press(&mut v, KeyCode::Char('A'));
    assert!(v.analysis_board().on);
    press(&mut v, KeyCode::Char('A'));
    assert!(!v.analysis_board().on);
}

fn check_mistake_keys() {
    let mut v = board_viewer(&short_record(), None);
    run_analysis(&mut v);
    press(&mut v, KeyCode::Char('m'));
    assert_eq!(v.at(), 7);
    press(&mut v, KeyCode::Char('M'));
    assert_eq!(v.at(), 7, "no mistake before the first");
    v.go_to(21);
    press(&mut v, KeyCode::Char('M'));
    assert_eq!(v.at(), 8);
}

fn check_better_key() {
    // Without the analysis board, b shows nothing else.
    let mut v = at(6);
    let before = v.model();
    press(&mut v, KeyCode::Char('b'));
    assert_eq!(v.model(), before);
}

fn check_summary_key() {
    let mut v = board_viewer(&short_record(), None);
    run_analysis(&mut v);
    press(&mut v, KeyCode::Char('s'));
    assert!(matches!(v.model().overlay, Some(Overlay::Question { .. })));
}

fn check_steps() {
    let mut v = viewer();
    press(&mut v, KeyCode::Right);
    assert_eq!(v.at(), 1);
    press(&mut v, KeyCode::Right);
    assert_eq!(v.at(), 2, "one checker move");
    press(&mut v, KeyCode::Left);
    assert_eq!(v.at(), 1);
    press(&mut v, KeyCode::Left);
    press(&mut v, KeyCode::Left);
    assert_eq!(v.at(), 0, "stops at the start");
    v.go_to(21);
    press(&mut v, KeyCode::Right);
    assert_eq!(v.at(), 21, "stops at the end");
}

fn check_turns() {
    for (next, previous) in [
        (KeyCode::Char('n'), KeyCode::Char('p')),
        (KeyCode::Down, KeyCode::Up),
    ] {
        let mut v = viewer();
        press(&mut v, next);
        assert_eq!(v.at(), 3, "Alice's whole opening play");
        press(&mut v, next);
        assert_eq!(v.at(), 6, "Bob's whole play");
        press(&mut v, next);
        assert_eq!(v.at(), 7, "the double");
        press(&mut v, previous);
        assert_eq!(v.at(), 6);
        v.go_to(5);
        press(&mut v, previous);
        assert_eq!(v.at(), 3, "from mid-turn back to the play before");
    }
}

fn check_games() {
    let mut v = viewer();
    press(&mut v, KeyCode::PageDown);
    assert_eq!(v.at(), 10, "game 2");
    press(&mut v, KeyCode::PageDown);
    assert_eq!(v.at(), 17, "game 3");
    press(&mut v, KeyCode::PageDown);
    assert_eq!(v.at(), 21, "the end of the last game");
    press(&mut v, KeyCode::PageUp);
    assert_eq!(v.at(), 17, "the start of this game");
    press(&mut v, KeyCode::PageUp);
    assert_eq!(v.at(), 10, "then the one before");
}

fn check_home_end() {
    let mut v = viewer();
    press(&mut v, KeyCode::End);
    assert_eq!(v.at(), 21);
    assert_eq!(v.at(), v.timeline().end());
    press(&mut v, KeyCode::Home);
    assert_eq!(v.at(), 0);
}

fn check_help() {
    let mut v = at(3);
    press(&mut v, KeyCode::Char('?'));
    assert!(v.help_open());
    // Any key closes it, and does nothing else.
    press(&mut v, KeyCode::Right);
    assert!(!v.help_open());
    assert_eq!(v.at(), 3);
    press(&mut v, KeyCode::Char('?'));
    press(&mut v, KeyCode::Esc);
    assert!(
        !v.help_open() && !v.should_quit(),
        "Esc closes the help first"
    );
    press(&mut v, KeyCode::Char('?'));
    press(&mut v, KeyCode::Char('q'));
    assert!(v.should_quit(), "q quits even from the help");
}

fn check_quit() {
    for code in [KeyCode::Char('q'), KeyCode::Esc] {
        let mut v = viewer();
        press(&mut v, code);
        assert!(v.should_quit(), "{code:?}");
    }
    let mut v = viewer();
    v.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(v.should_quit(), "Ctrl-C");
    let mut v = viewer();
    v.handle(Event::Terminate);
    assert!(v.should_quit(), "a signal");
}

#[test]
fn other_keys_and_the_mouse_change_nothing() {
    let mut v = at(5);
    press(&mut v, KeyCode::Char('x'));
    press(&mut v, KeyCode::Enter);
    assert_eq!(v.at(), 5);
    assert!(!v.should_quit() && !v.help_open());
}

#[test]
fn every_size_draws_without_panicking_and_small_ones_say_so() {
    let mut v = viewer();
    for index in 0..v.timeline().len() {
        v.go_to(index);
        for w in (0..=130).step_by(7) {
            for h in (0..=45).step_by(5) {
                let _ = drawn(&v, w, h);
            }
        }
    }
    let text: String = format!("{}", drawn(&v, 79, 24).backend())
        .split_whitespace()
        .collect();
    assert!(text.contains("needsaterminalofatleast80×24"), "{text}");
}

#[test]
fn every_example_record_draws_at_every_moment() {
    for path in ["match-3-greedy-vs-greedy", "money-greedy-vs-greedy"] {
        let file = format!("assets/records/{path}.json");
        let (record, _) = bg_tui::store::read_record(std::path::Path::new(&file)).expect("loads");
        let mut v = Viewer::new(
            Timeline::new(&record).expect("timeline"),
            ViewOptions::default(),
        );
        for index in 0..v.timeline().len() {
            v.go_to(index);
            let _ = drawn(&v, 80, 24);
            assert!(v.move_list().current.is_some(), "{file}: moment {index}");
        }
    }
}

#[test]
fn the_current_row_is_drawn_highlighted() {
    use ratatui::style::Modifier;
    let v = at(6);
    let terminal = drawn(&v, 80, 24);
    let buf = terminal.backend().buffer();
    let line_of = |needle: &str| {
        (0..buf.area.height)
            .find(|&y| {
                let line: String = (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect();
                line.contains(needle)
            })
            .unwrap_or_else(|| panic!("{needle:?} is drawn"))
    };
    let reversed =
        |y: u16| (0..buf.area.width).any(|x| buf[(x, y)].modifier.contains(Modifier::REVERSED));
    assert!(reversed(line_of(" 2 6-5 24/13")), "the current row");
    assert!(!reversed(line_of(" 1 3-1 8/5 6/5")), "another row");
}

/// Issue 21 (the table, part two, 1): a Tavli match in the viewer names each game's rule set
/// with the game it is (it lagged one game behind), and `replay --text` names them too.
#[test]
fn a_tavli_match_names_each_games_rule_set() {
    use bg_tui::engine::{RuleSet, Rules};
    use bg_tui::host::arena;
    let records = std::sync::Mutex::new(Vec::new());
    let save = |_game, record| records.lock().expect("not poisoned").push(record);
    arena::run_recorded(
        &arena::Contest {
            a: "greedy",
            b: "random",
            games: 1,
            seed: 2,
            rules: Rules {
                match_length: Some(3),
                ..Rules::of(RuleSet::Tavli)
            },
            threads: 1,
        },
        &|_| {},
        Some(&save),
    )
    .expect("a match");
    let record: bg_tui::record::Record = records
        .into_inner()
        .expect("not poisoned")
        .pop()
        .expect("one record");
    assert!(record.games.len() >= 2, "a match of two games at least");
    let timeline = Timeline::new(&record).expect("timeline");
    let text = bg_tui::replay::text::render(&record, &timeline);
    assert!(text.contains("\nGame 1 (Portes): "), "{text}");
    assert!(text.contains("\nGame 2 (Plakoto): "), "{text}");
    let mut v = Viewer::new(timeline.clone(), ViewOptions::default());
    for (i, moment) in timeline.moments().iter().enumerate() {
        if moment.kind != MomentKind::GameStart {
            continue;
        }
        v.go_to(i);
        let expected = ["Portes", "Plakoto", "Fevga"][moment.game % 3];
        let label = format!(
            "Tavli game {}: {expected} ({} of 3)",
            moment.game + 1,
            moment.game % 3 + 1
        );
        assert!(v.model().rules.contains(&label), "{:?}", v.model().rules);
        assert_eq!(moment.variant.to_string(), expected);
    }
}

// Issue 21 §4: the analysis board.

use crate::tui::viewer::analysis_board::RecordSource;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

/// A viewer of `record` with the analysis board on, at 0-ply (quick).
fn board_viewer(record: &bg_tui::record::Record, source: Option<RecordSource>) -> Viewer {
    Viewer::new(
        Timeline::new(record).expect("timeline"),
        ViewOptions {
            analyse: true,
            ply: 0,
            source,
            ..ViewOptions::default()
        },
    )
}

/// Runs the viewer's analysis as the terminal's loop does: its worker's events handed back
/// until the analysis is done. Returns how many progress events came.
fn run_analysis(v: &mut Viewer) -> usize {
    let (tx, rx) = mpsc::channel();
    v.before_wait(&tx).expect("the worker starts");
    assert!(v.take_analysis_job().is_none(), "started once");
    let mut progress = 0;
    loop {
        let event = rx
            .recv_timeout(Duration::from_secs(600))
            .expect("the analysis reports");
        let done = matches!(event, Event::Msg(ViewerNews::AnalysisDone(_)));
        progress += usize::from(matches!(
            event,
            Event::Msg(ViewerNews::AnalysisProgress { .. })
        ));
        v.handle(event);
        if done {
            return progress;
        }
    }
}

fn short_record() -> bg_tui::record::Record {
    record::load(SHORT).expect("the short record loads").0
}

/// Game 1 of the greedy match, cut after action 40 (Black's 5-3 played 6/3 6/1, which the
/// expert at 0-ply marks `??`: 14/6 is better).
fn greedy_record() -> bg_tui::record::Record {
    let path = std::path::Path::new("assets/records/match-3-greedy-vs-greedy.json");
    let (mut record, _) = bg_tui::store::read_record(path).expect("loads");
    record.games.truncate(1);
    record.games[0].actions.truncate(40);
    record.games[0].result = None;
    record
}

#[test]
fn the_analysis_board_marks_the_decisions_and_reports_its_progress() {
    let mut v = board_viewer(&short_record(), None);
    assert!(v.analysis_board().on, "replay --analyse opens it on");
    // Before the worker is done, the line says the analysis is under way.
    assert!(
        v.model().message.starts_with("Analysing the match"),
        "{}",
        v.model().message
    );
    let progress = run_analysis(&mut v);
    assert!(progress >= 2, "progress as it goes: {progress}");
    assert!(!v.analysis_board().from_cache, "no file: made");
    // Alice's double (moment 7) and Bob's pass (moment 8) are the match's two mistakes.
    let rows: Vec<String> = v.move_list().rows.iter().map(|r| r.text.clone()).collect();
    let marked: Vec<&String> = rows.iter().filter(|r| r.ends_with('?')).collect();
    assert_eq!(marked.len(), 2, "{rows:?}");
    assert!(rows.contains(&"   doubles to 2 ??".to_string()), "{rows:?}");
    v.go_to(7);
    let line = v.model().message;
    assert!(line.starts_with("Alice: double "), "{line}");
    assert!(line.contains(" EMG ??; best No double, take +"), "{line}");
    // A hides the board: plain rows, the usual line.
    press(&mut v, KeyCode::Char('A'));
    assert!(!v.analysis_board().on);
    assert!(v.move_list().rows.iter().all(|r| !r.text.ends_with('?')));
    assert!(v.model().message.starts_with("Game 1 of 3"));
    // And shows it again at once: the analysis is kept.
    press(&mut v, KeyCode::Char('A'));
    assert!(v.take_analysis_job().is_none(), "not made again");
    assert!(v.model().message.starts_with("Alice: double "));
}

#[test]
fn a_without_analyse_asks_for_the_analysis_on_the_first_press_only() {
    let mut v = Viewer::new(
        Timeline::new(&short_record()).expect("timeline"),
        ViewOptions::default(),
    );
    assert!(!v.analysis_board().on);
    assert!(v.take_analysis_job().is_none(), "nothing asked for yet");
    press(&mut v, KeyCode::Char('A'));
    assert!(v.analysis_board().on);
    assert!(v.take_analysis_job().is_some());
    press(&mut v, KeyCode::Char('A'));
    press(&mut v, KeyCode::Char('A'));
    assert!(v.take_analysis_job().is_none(), "under way already");
}

#[test]
fn m_and_shift_m_jump_to_the_next_and_previous_mistake() {
    let mut plain = Viewer::new(
        Timeline::new(&short_record()).expect("timeline"),
        ViewOptions::default(),
    );
    press(&mut plain, KeyCode::Char('m'));
    assert_eq!(plain.at(), 0);
    assert_eq!(
        plain.model().message,
        "no analysis: A judges the match and marks its errors"
    );
    // An analysis that failed says so.
    let mut failed = board_viewer(&short_record(), None);
    failed.handle(Event::Msg(ViewerNews::AnalysisDone(Box::new(
        AnalysisOutcome {
            result: Err(
                bg_tui::analysis::AnalysisError::Thread(std::io::Error::other("none")).into(),
            ),
            from_cache: false,
            note: None,
        },
    ))));
    press(&mut failed, KeyCode::Char('M'));
    assert_eq!(
        failed.model().message,
        "no analysis: the expert could not analyse the record"
    );
    let mut v = board_viewer(&short_record(), None);
    // Before the analysis is made, m stays and says why.
    press(&mut v, KeyCode::Char('m'));
    assert_eq!(v.at(), 0);
    assert_eq!(v.model().message, "the analysis is not ready yet");
    run_analysis(&mut v);
    press(&mut v, KeyCode::Char('m'));
    assert_eq!(v.at(), 7, "the double");
    press(&mut v, KeyCode::Char('m'));
    assert_eq!(v.at(), 8, "the pass");
    press(&mut v, KeyCode::Char('m'));
    assert_eq!(v.at(), 8, "no mistake after it: stays");
    assert_eq!(v.model().message, "no marked decision after this one");
    press(&mut v, KeyCode::Char('M'));
    assert_eq!(v.at(), 7);
    press(&mut v, KeyCode::Char('M'));
    assert_eq!(v.at(), 7, "none before it");
    assert_eq!(v.model().message, "no marked decision before this one");
    // From mid-turn before the double, m goes to it.
    v.go_to(5);
    press(&mut v, KeyCode::Char('m'));
    assert_eq!(v.at(), 7);
    v.go_to(21);
    press(&mut v, KeyCode::Char('M'));
    assert_eq!(v.at(), 8, "back from the end");
}

#[test]
fn b_shows_the_better_play_on_the_board_with_both_equities() {
    let mut v = board_viewer(&greedy_record(), None);
    run_analysis(&mut v);
    // The first mistake of game 1 up to action 40 the expert marks; walk to the 5-3 marked as an error.
    let mut seen = Vec::new();
    loop {
        let before = v.at();
        press(&mut v, KeyCode::Char('m'));
        if v.at() == before {
            break;
        }
        seen.push(v.model().message);
    }
    let line = seen
        .iter()
        .find(|l| l.contains("6/3 6/1 "))
        .unwrap_or_else(|| panic!("the 5-3 is marked: {seen:?}"));
    // Marked as an error ("?", or "??" by the nets before the 100k round's), the better
    // play beside it.
    assert!(
        line.contains(" EMG ?; best 14/6 ") || line.contains(" EMG ??; best 14/6 "),
        "{line}"
    );
    // A 3-point match: both equities are EMG, and the loss is said in MWC.
    assert!(
        line.contains("-0.144 EMG ?")
            && line.contains(" +0.001 EMG (-")
            && line.ends_with("% MWC)"),
        "{line}"
    );
    assert!(!line.contains("no double"), "only what lost equity: {line}");
    let index = seen.iter().position(|l| l == line).expect("found");
    v.go_to(0);
    for _ in 0..=index {
        press(&mut v, KeyCode::Char('m'));
    }
    let played = v.model();
    assert!(played.status.contains("6/3 6/1"), "{}", played.status);
    assert!(
        played.status.ends_with("b: the expert's play"),
        "{}",
        played.status
    );
    press(&mut v, KeyCode::Char('b'));
    let better = v.model();
    assert_eq!(better.status, "The expert's play: 14/6   b: the play made");
    let last = better.last_move.clone().expect("its checker moves marked");
    assert_eq!(last.side, bg_tui::engine::Side::Black);
    assert!(last.steps.first().is_some_and(|s| s.from.number() == 14));
    assert!(last.steps.last().is_some_and(|s| s.to.number() == 6));
    assert_ne!(
        better.position, played.position,
        "the board shows the better play"
    );
    assert_eq!(better.message, played.message, "both equities still shown");
    snapshot_both!("viewer_analysis_better_play", &v);
    press(&mut v, KeyCode::Char('b'));
    assert_eq!(v.model().position, played.position);
}

#[test]
fn the_analysis_board_snapshots() {
    let mut v = board_viewer(&short_record(), None);
    v.go_to(7);
    snapshot_both!("viewer_analysis_running", &v);
    run_analysis(&mut v);
    snapshot_both!("viewer_analysis_double", &v);
}

#[test]
fn s_shows_each_players_figures_and_the_end_of_the_match_too() {
    let mut v = board_viewer(&short_record(), None);
    press(&mut v, KeyCode::Char('s'));
    assert!(v.model().overlay.is_none(), "nothing to sum up yet");
    run_analysis(&mut v);
    press(&mut v, KeyCode::Char('s'));
    let Some(Overlay::Question { title, lines }) = v.model().overlay else {
        panic!("the summary: {:?}", v.model().overlay);
    };
    assert_eq!(title, "Analysis by expert at 0-ply");
    let text = lines.join("\n");
    for word in [
        "Alice: ",
        "Bob: ",
        // Every figure with its unit (issue 49, part 6).
        "error rate ",
        " mEMG a decision (",
        " mEMG a move (",
        "PR ",
        " EMG over ",
        "(luck rating ",
        "luck-adjusted",
        "dice: 2 rolls",
    ] {
        assert!(text.contains(word), "{word}: {text}");
    }
    // Any key closes it and does nothing else.
    press(&mut v, KeyCode::Right);
    assert!(v.model().overlay.is_none());
    assert_eq!(v.at(), 0);
    // The end of the match adds the figures to the result: the short record's first game
    // alone ends with its result.
    let mut first_game = short_record();
    first_game.games.truncate(1);
    let mut v = board_viewer(&first_game, None);
    run_analysis(&mut v);
    press(&mut v, KeyCode::End);
    let Some(Overlay::GameOver { lines, .. }) = v.model().overlay else {
        panic!("the result");
    };
    assert!(lines.iter().any(|l| l.contains("PR ")), "{lines:?}");
}

/// Saves the short record to a folder of its own and gives its source.
fn saved_short(dir: &std::path::Path) -> RecordSource {
    let path = dir.join("short.json");
    std::fs::write(&path, SHORT).expect("written");
    RecordSource {
        path,
        bytes: Arc::new(SHORT.as_bytes().to_vec()),
    }
}

#[test]
fn the_analysis_is_saved_beside_the_record_and_read_the_next_time() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let source = saved_short(dir.path());
    let cache = dir.path().join("short.json.analysis.json");
    let mut first = board_viewer(&short_record(), Some(source.clone()));
    run_analysis(&mut first);
    assert!(!first.analysis_board().from_cache);
    let written = std::fs::metadata(&cache)
        .expect("saved")
        .modified()
        .expect("mtime");
    let text = std::fs::read_to_string(&cache).expect("reads");
    assert!(text.contains("\"format\":\"bg-tui-analysis\""), "{text}");
    // The second opening reads it: no progress, the file untouched, the same marks.
    let mut second = board_viewer(&short_record(), Some(source.clone()));
    assert_eq!(run_analysis(&mut second), 0, "nothing made");
    assert!(second.analysis_board().from_cache);
    assert_eq!(
        std::fs::metadata(&cache).unwrap().modified().unwrap(),
        written
    );
    assert_eq!(second.move_list().rows, first.move_list().rows);
    assert_eq!(
        second.analysis_board().analysis(),
        first.analysis_board().analysis()
    );
}

#[test]
fn a_damaged_or_stale_saved_analysis_is_made_again() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let source = saved_short(dir.path());
    let cache = dir.path().join("short.json.analysis.json");
    run_analysis(&mut board_viewer(&short_record(), Some(source.clone())));
    let good = std::fs::read_to_string(&cache).expect("saved");
    // Damaged: one line says so, and the analysis is made and saved again.
    std::fs::write(
        &cache,
        "{\"format\": \"bg-tui-analysis\", trailing garbage\u{1b}[2J",
    )
    .unwrap();
    let mut v = board_viewer(&short_record(), Some(source.clone()));
    assert!(run_analysis(&mut v) > 0, "made again");
    let note = v.analysis_board().note.clone().expect("a note");
    assert!(
        note.contains("is damaged") && !note.contains('\u{1b}'),
        "{note}"
    );
    assert!(!note.contains('\n'));
    assert_eq!(
        std::fs::read_to_string(&cache).unwrap(),
        good,
        "saved again"
    );
    // Shown on the line where no decision is.
    v.go_to(0);
    assert!(
        v.model().message.contains("is damaged"),
        "{}",
        v.model().message
    );
    // Stale: another record (one byte more), or another depth.
    let mut changed = (*source.bytes).clone();
    changed.push(b'\n');
    let other = RecordSource {
        path: source.path.clone(),
        bytes: Arc::new(changed),
    };
    let mut v = board_viewer(&short_record(), Some(other));
    assert!(run_analysis(&mut v) > 0);
    let note = v.analysis_board().note.clone().expect("a note");
    assert!(note.contains("another record"), "{note}");
    // A saved analysis of another depth is not this one.
    let mut v = Viewer::new(
        Timeline::new(&short_record()).expect("timeline"),
        ViewOptions {
            analyse: true,
            ply: 1,
            source: Some(source.clone()),
            ..ViewOptions::default()
        },
    );
    run_analysis(&mut v);
    assert!(!v.analysis_board().from_cache);
    assert!(
        v.analysis_board()
            .note
            .as_deref()
            .is_some_and(|n| n.contains("another")),
        "{:?}",
        v.analysis_board().note
    );
}

/// A saved analysis that is no file (a folder in its place) is not read, the analysis is
/// made, and the line says it could not be saved; nothing panics.
#[test]
fn a_folder_in_place_of_the_saved_analysis_is_reported_not_trusted() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let source = saved_short(dir.path());
    let cache = dir.path().join("short.json.analysis.json");
    std::fs::create_dir(&cache).expect("a folder");
    let mut v = board_viewer(&short_record(), Some(source));
    assert!(run_analysis(&mut v) > 0, "made");
    assert!(!v.analysis_board().from_cache);
    let note = v.analysis_board().note.clone().expect("a note");
    assert!(note.starts_with("the analysis is not saved"), "{note}");
    assert!(cache.is_dir(), "the folder is left alone");
    assert!(v.analysis_board().analysis().is_some());
}

/// Issue 31: the analysis board says when a roll is one gnubg would mark lucky or unlucky.
/// White, with four checkers on its 6-point against Black's last checker on Black's ace
/// point, rolls 6-6: the only roll of 36 that wins (its luck is 70/36, "very lucky").
#[test]
fn the_analysis_board_says_a_very_lucky_roll() {
    let text = r#"{"format":"bg-tui-record","version":2,
      "players":[{"name":"Alice","kind":"human"},{"name":"Bob","kind":"human"}],
      "rules":{"match_length":null,"cube":true,"cube_cap":64,"crawford":true,"jacoby":false,
               "beaver":false,"auto_doubles":0,"resign_loses_backgammon":false},
      "seed":null,
      "games":[{"start":{"board":{"mine":[0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],
                                  "theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]},
                         "turn":"white"},
                "actions":[{"roll":{"side":"white","dice":[6,6]}},
                           {"play":{"side":"white","dice":[6,6],"notation":"6/off(4)",
                                    "steps":[[6,0,false],[6,0,false],[6,0,false],[6,0,false]]}}],
                "result":{"winner":"white","kind":"single","cube":1,"points":1,"ending":"bearoff"}}]}"#;
    let record = record::load(text).expect("the record loads").0;
    let mut v = board_viewer(&record, None);
    run_analysis(&mut v);
    let shown = (0..8).find_map(|i| {
        v.go_to(i);
        v.luck_shown().map(|r| (r.clone(), v.model().message))
    });
    let (luck, line) = shown.expect("the roll's luck is shown");
    assert_eq!(luck.mark, Some(bg_tui::analysis::LuckMark::VeryLucky));
    assert!((luck.luck - 70.0 / 36.0).abs() < 1e-3, "{luck:?}");
    assert!(line.contains("Alice's 6-6: very lucky (+1.944)"), "{line}");
}

/// `record` cut after its first `n` actions: the game cut short has no result and no game
/// follows it.
fn cut(record: &Record, n: usize) -> Record {
    let mut out = record.clone();
    out.games.clear();
    out.stopped = false;
    let mut left = n;
    for game in &record.games {
        let mut game = game.clone();
        if game.actions.len() > left {
            game.actions.truncate(left);
            game.result = None;
            out.games.push(game);
            break;
        }
        left -= game.actions.len();
        out.games.push(game);
        if left == 0 && out.games.last().is_some_and(|g| g.result.is_some()) {
            break;
        }
    }
    out
}

#[test]
fn a_record_cut_after_any_action_replays_and_draws() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/records/money-greedy-vs-greedy.json"
    ));
    let (record, _) = bg_tui::store::read_record(path).expect("loads");
    let total: usize = record.games.iter().map(|g| g.actions.len()).sum();
    for n in 0..=total {
        let short = cut(&record, n);
        let (short, last) = record::load(&record::to_json(&short))
            .unwrap_or_else(|e| panic!("cut after {n} actions: {e}"));
        let t = Timeline::new(&short).expect("timeline");
        assert_eq!(t.last_state(), &last);
        let text = bg_tui::replay::text::render(&short, &t);
        assert!(text.ends_with("\n"), "{text}");
        let mut v = Viewer::new(t, ViewOptions::default());
        v.go_to(usize::MAX);
        let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 80, 24));
        v.render(buf.area, &mut buf);
        assert!(v.move_list().current.is_some(), "cut after {n}");
    }
}

/// In a terminal too small for the board (only a note is drawn) a key does nothing unseen:
/// `g` opened the match graph behind the note; only the keys that quit act.
#[test]
fn a_terminal_too_small_takes_only_the_keys_that_quit() {
    let mut v = Viewer::new(
        Timeline::new(&short_record()).expect("timeline"),
        ViewOptions::default(),
    );
    v.handle(Event::Resize(50, 12));
    press(&mut v, KeyCode::Char('n'));
    press(&mut v, KeyCode::Char('?'));
    assert_eq!(v.at(), 0, "no step taken unseen");
    assert!(!v.help_open());
    v.handle(Event::Resize(120, 40));
    press(&mut v, KeyCode::Char('n'));
    assert_ne!(v.at(), 0);
    v.handle(Event::Resize(79, 40));
    press(&mut v, KeyCode::Char('q'));
    assert!(v.should_quit());
}
