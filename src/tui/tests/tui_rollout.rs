//! `R` in the hint panel: its best plays (or its cube decision) rolled out on a worker
//! thread; the panel shows the result so far after each round, and Esc stops the rollout
//! (within a turn) with the trials done. The rollouts here are cut short (few trials, truncated) to be quick.

use crate::tui::hint_rollout::{RolloutJob, RolloutReport};
use crate::tui::msg::{HintMsg, Msg};
use crate::tui::{App, Event, Options, Overlay};
use bg_tui::engine::Phase;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::common;
use common::press;

fn new_app() -> App {
    App::new(Options {
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .expect("a new game")
}

fn shifted(app: &mut App, c: char) {
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::SHIFT,
    )));
}

/// `H`, with the hint worked out as the runtime's worker would.
fn open_hint(app: &mut App) {
    shifted(app, 'H');
    let job = app.take_hint_job().expect("the hint is asked");
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        job.id,
        Box::new(job.panel()),
    ))));
}

fn panel(app: &App) -> Option<Vec<String>> {
    match app.model().overlay {
        Some(Overlay::Question { title, lines }) if title.starts_with("Hint") => Some(lines),
        _ => None,
    }
}

/// `R`, and the rollout asked of the runtime, cut to `trials` trials of one turn each.
fn ask_rollout(app: &mut App, trials: u32) -> RolloutJob {
    shifted(app, 'R');
    let mut job = app
        .take_rollout_job()
        .expect("the rollout is asked of a worker");
    job.settings.trials = trials;
    job.settings.truncate = Some(1);
    job.settings.threads = 1;
    job
}

/// Runs `job` to its end as the worker does, keeping every report.
fn reports(job: &RolloutJob) -> Vec<RolloutReport> {
    let mut out = Vec::new();
    job.run(|r| {
        out.push(r);
        true
    });
    out
}

fn hand(app: &mut App, job: &RolloutJob, report: &RolloutReport) {
    app.handle(Event::Msg(Msg::Hint(HintMsg::Report(
        job.id,
        Box::new(report.clone()),
    ))));
}

#[test]
fn the_hint_panel_rolls_its_plays_out_and_esc_stops_with_the_result_so_far() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('r'));
    open_hint(&mut app);
    let ranking = panel(&app).expect("the hint panel");
    assert_eq!(
        ranking.last().map(String::as_str),
        Some("R rolls out: 324 trials, 0-ply, cut at 11 turns; t, d, c change it")
    );
    let job = ask_rollout(&mut app, 108);
    assert_eq!(job.lines.len(), 5, "the best five plays");
    let lines = panel(&app).expect("the panel stays open");
    assert!(
        lines[0].starts_with("rollout: 324 trials, 0-ply, cut at 11 turns, pruned, VR, "),
        "{lines:?}"
    );
    assert!(lines[1].contains("win%"), "{lines:?}");
    assert!(lines[2].starts_with("> 1 "), "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("0 of 324 trials; Esc stops, other keys close")
    );
    let got = reports(&job);
    assert_eq!(
        got.iter().map(|r| (r.trials, r.done)).collect::<Vec<_>>(),
        vec![(36, false), (72, false), (108, false), (108, true)],
        "a report after every round of 36 trials, then the result"
    );
    // The first round's result shows: each play with its equity, standard error and
    // chances (the win% column between 0 and 100).
    hand(&mut app, &job, &got[0]);
    let lines = panel(&app).expect("the panel");
    assert_eq!(lines.len(), 2 + 5 + 1, "{lines:?}");
    for line in &lines[2..7] {
        let (_, after) = line.split_once(" ± ").expect("equity ± error");
        let win: f64 = after
            .split_whitespace()
            .nth(1)
            .and_then(|w| w.parse().ok())
            .expect("a win%");
        assert!((0.0..=100.0).contains(&win), "{lines:?}");
    }
    assert!(lines[7].starts_with("36 of 324 trials"), "{lines:?}");
    // Esc stops it: the flag the worker reads is set, the panel keeps the result so far.
    press(&mut app, KeyCode::Esc);
    assert!(job.stopped(), "the worker is told to stop");
    let lines = panel(&app).expect("Esc keeps the panel open");
    assert_eq!(lines[7], "stopped at 36 of 324 trials; Esc closes");
    let shown = lines.clone();
    // Rounds the worker finished meanwhile are not shown.
    hand(&mut app, &job, &got[1]);
    assert_eq!(panel(&app), Some(shown));
    press(&mut app, KeyCode::Esc);
    assert!(panel(&app).is_none(), "a second Esc closes the panel");
}

/// A rollout stopped before its worker starts plays no trial (issue 34, item 8: the flag is
/// looked at every turn, not after each round).
#[test]
fn a_stopped_rollout_ends_at_once() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('r'));
    open_hint(&mut app);
    let job = ask_rollout(&mut app, 360);
    // Closing the panel stops the rollout too.
    press(&mut app, KeyCode::Char('x'));
    assert!(panel(&app).is_none());
    assert!(job.stopped());
    let got = reports(&job);
    assert_eq!(
        got.iter().map(|r| (r.trials, r.done)).collect::<Vec<_>>(),
        vec![(0, true)]
    );
}

#[test]
fn a_finished_rollout_says_so_and_the_cube_advice_can_be_rolled_out() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('r'));
    // The opening play, then the other player's cube decision.
    let play = app.match_state().game().legal_plays()[0];
    common::type_command(&mut app, &bg_tui::engine::format_play(&play));
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
    open_hint(&mut app);
    let advice = panel(&app).expect("the cube advice");
    assert!(
        advice
            .iter()
            .any(|l| l == "R rolls the position out: 324 trials, 0-ply, cut at 11 turns"),
        "{advice:?}"
    );
    assert_eq!(
        advice.last().map(String::as_str),
        Some("t, d, c change how; other keys close")
    );
    let job = ask_rollout(&mut app, 36);
    assert_eq!(job.lines.len(), 1);
    assert!(job.cube.is_some());
    let got = reports(&job);
    hand(&mut app, &job, got.last().expect("a result"));
    let lines = panel(&app).expect("the panel");
    for start in ["no double ", "double/take ", "double/pass ", "rollout: "] {
        assert!(
            lines.iter().any(|l| l.starts_with(start)),
            "{start}: {lines:?}"
        );
    }
    assert!(lines[2].contains(" ± "), "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("36 trials done; R again, Esc closes")
    );
    // Done: Esc closes at once.
    press(&mut app, KeyCode::Esc);
    assert!(panel(&app).is_none());
}

/// The rollout in the hint panel as a player sees it, at both sizes: after the first round,
/// stopped with Esc. The header's thread count (the machine's cores) is written as N.
#[test]
fn the_rollout_panel_snapshots() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('r'));
    open_hint(&mut app);
    let job = ask_rollout(&mut app, 72);
    let got = reports(&job);
    hand(&mut app, &job, &got[0]);
    press(&mut app, KeyCode::Esc);
    let model = app.model();
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h))
            .expect("test terminal");
        terminal
            .draw(|f| crate::tui::view::render(&model, f.area(), f.buffer_mut()))
            .expect("draw");
        let text = format!("{}", terminal.backend());
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let text = text.replace(&format!("{threads} threads"), "N threads");
        assert!(text.contains("stopped at 36 of 324 trials"), "{text}");
        insta::assert_snapshot!(format!("rollout_panel_{w}x{h}"), text);
    }
}

/// Issue 31 §6: the panel's rollout is set in the panel: `t` the trials, `d` the depth, `c`
/// the cut; the panel says how `R` will roll out, the job is asked with those settings, and
/// nothing changes while a rollout runs.
#[test]
fn the_rollout_is_set_in_the_panel() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('r'));
    open_hint(&mut app);
    for key in ['t', 't', 'd', 'c', 'c', 'c'] {
        press(&mut app, KeyCode::Char(key));
    }
    let lines = panel(&app).expect("the keys keep the panel open");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("R rolls out: 1296 trials, 1-ply, to the end; t, d, c change it")
    );
    shifted(&mut app, 'R');
    let job = app.take_rollout_job().expect("the rollout is asked");
    assert_eq!(job.settings.trials, 1296);
    assert_eq!(job.settings.ply, 1);
    assert_eq!(job.settings.truncate, None);
    assert!(job.settings.variance_reduction);
    // While it runs, the settings stay.
    press(&mut app, KeyCode::Char('t'));
    assert!(
        app.message().contains("Esc stops it first"),
        "{}",
        app.message()
    );
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('c'));
    let lines = panel(&app).expect("the panel");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("R rolls out: 1296 trials, 1-ply, cut at 11 turns; t, d, c change it"),
        "a change shows the ranking again with the new setting"
    );
}

/// Issue 49: a close cube decision (2-1 in a 7-point match, a 4-cube owned: 2-ply says
/// "Redouble, pass", GNU Backgammon's verdict, within the nets' error of a take; the nets
/// before the 100k round's said take by 0.002 EMG) is rolled out by the panel as it opens,
/// at the score: the rolled-out decision in MWC with EMG beside, the look-ahead's verdict
/// beside the rollout's, and Esc stops it.
#[test]
fn a_close_cube_decision_is_rolled_out_as_the_panel_opens() {
    use bg_tui::engine::{Cube, GameSetup, Rules, Side, position_from_id};
    let position = position_from_id("b98EABDZdhsEAA").expect("a Position ID");
    let mut app = App::new(Options {
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        rules: Rules::match_to(7),
        start: Some(crate::tui::SetUpStart {
            setup: GameSetup {
                position,
                turn: Side::White,
                cube: Cube::new(4, Some(Side::White)).expect("a cube"),
                score: [2, 1],
                crawford: false,
            },
            dice: None,
        }),
        ..Options::default()
    })
    .expect("a game at the position");
    open_hint(&mut app);
    let mut job = app
        .take_rollout_job()
        .expect("the close decision is rolled out at once");
    assert_eq!(job.lines.len(), 1);
    job.settings.trials = 36;
    job.settings.threads = 1;
    let got = reports(&job);
    hand(&mut app, &job, got.last().expect("a result"));
    let lines = panel(&app).expect("the panel");
    assert!(
        lines.contains(&"2-ply, proper cube action: Redouble, pass (close)".to_string()),
        "{lines:?}"
    );
    for start in ["no double ", "double/take ", "double/pass "] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start}: {lines:?}"));
        assert!(line.contains('%') && line.contains("EMG "), "{line}");
    }
    // 36 trials: no double and double/pass are within the rollout's noise of each other
    // (gnubg 2-ply +0.991 and +1.000 EMG), and either way the rollout says pass.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("rollout: ") && l.ends_with(", pass")),
        "{lines:?}"
    );
    let model = app.model();
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).expect("test terminal");
    terminal
        .draw(|f| crate::tui::view::render(&model, f.area(), f.buffer_mut()))
        .expect("draw");
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let text =
        format!("{}", terminal.backend()).replace(&format!("{threads} threads"), "N threads");
    insta::assert_snapshot!("close_cube_rollout_panel_120x40", text);
}

/// In a match each rolled-out line holds the MWC and the EMG beside the cubeless equity and
/// the chances: it fits the panel at 80 columns (the last column, the backgammons lost, was
/// cut there).
#[test]
fn a_match_rollout_line_fits_at_80_columns() {
    let mut app = App::new(Options {
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        rules: bg_tui::engine::Rules::match_to(5),
        ..Options::default()
    })
    .expect("a new match");
    press(&mut app, KeyCode::Char('r'));
    open_hint(&mut app);
    let job = ask_rollout(&mut app, 36);
    let got = reports(&job);
    hand(&mut app, &job, got.last().expect("a report"));
    let lines = panel(&app).expect("the panel");
    assert!(lines.iter().any(|l| l.contains("MWC")), "{lines:?}");
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("test terminal");
    let model = app.model();
    terminal
        .draw(|f| crate::tui::view::render(&model, f.area(), f.buffer_mut()))
        .expect("draw");
    let text = format!("{}", terminal.backend());
    for line in lines.iter().filter(|l| l.contains('%') && l.contains('±')) {
        assert!(text.contains(line.trim_end()), "{line:?} is cut:\n{text}");
    }
}
