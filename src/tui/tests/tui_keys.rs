//! Every key the help panel lists does what it says. The test walks the help rows
//! themselves, so a key added to the help without a test here fails.

use crate::tui::hint::HintJob;
use crate::tui::keys::help_rows;
use crate::tui::msg::{HintMsg, Msg};
use crate::tui::{App, Event, Options, Overlay, Spot};
use bg_tui::engine::{Phase, Rules, WinKind};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::common;
use common::{chars, press, seat_bots, type_command as command};

fn new_app(rules: Rules) -> App {
    App::new(Options {
        rules,
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap()
}

/// Rolls the opening (and plays on) until a player is about to roll.
fn to_rolling(app: &mut App) {
    for _ in 0..50 {
        let game = app.match_state().game();
        match game.phase() {
            Phase::Rolling => return,
            Phase::Moving(_) => {
                let text = game
                    .legal_plays()
                    .first()
                    .map(bg_tui::engine::format_play)
                    .unwrap_or_default();
                if text.is_empty() {
                    press(app, KeyCode::Enter);
                } else {
                    press(app, KeyCode::Char(':'));
                    chars(app, &text);
                    press(app, KeyCode::Enter);
                }
            }
            _ => press(app, KeyCode::Char('r')),
        }
    }
    panic!("never came to a roll");
}

/// Rolls until the player on roll has a roll with several legal plays.
fn to_moving(app: &mut App) {
    for _ in 0..50 {
        to_rolling(app);
        press(app, KeyCode::Char('r'));
        if app.match_state().game().legal_plays().len() > 1 {
            return;
        }
    }
    panic!("never came to a roll with a choice");
}

fn check_roll() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('r'));
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
}

fn check_double() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.match_state().game().phase(), Phase::DoubleOffered);
}

fn check_take_pass_beaver() {
    for (key, expect) in [('t', "take"), ('p', "pass"), ('b', "beaver")] {
        let mut app = new_app(Rules {
            beaver: true,
            ..Rules::money()
        });
        to_rolling(&mut app);
        press(&mut app, KeyCode::Char('d'));
        // With beavers on the answer names `b` too (issue 49, part 6).
        let status = app.model().status;
        assert!(
            status.ends_with("take (t), beaver (b) or pass (p)?"),
            "{status}"
        );
        press(&mut app, KeyCode::Char(key));
        let game = app.match_state().game();
        match expect {
            "take" => assert_eq!(game.cube().value(), 2),
            "pass" => assert!(game.result().is_some()),
            _ => assert_eq!(game.phase(), Phase::Beavered),
        }
    }
}

/// Without beavers the answer names take and pass alone.
#[test]
fn without_beavers_the_answer_names_take_and_pass() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('d'));
    let status = app.model().status;
    assert!(status.ends_with("take (t) or pass (p)?"), "{status}");
}

fn check_resign() {
    for (key, kind) in [
        ('s', WinKind::Single),
        ('g', WinKind::Gammon),
        ('b', WinKind::Backgammon),
    ] {
        let mut app = new_app(Rules::money());
        to_rolling(&mut app);
        press(&mut app, KeyCode::Char('R'));
        assert!(matches!(
            app.model().overlay,
            Some(Overlay::Question { .. })
        ));
        press(&mut app, KeyCode::Char(key));
        assert_eq!(
            app.match_state().game().resignation().map(|r| r.level),
            Some(kind)
        );
    }
}

/// The resign menu offers only what the rule set scores, each with what it would score
/// now: no backgammon in Portes, and under Schmidt scoring the checkers the loser has left.
fn check_resign_menu_scores() {
    let menu = |rules: Rules| -> Vec<String> {
        let mut app = new_app(rules);
        to_rolling(&mut app);
        press(&mut app, KeyCode::Char('R'));
        match app.model().overlay {
            Some(Overlay::Question { lines, .. }) => lines,
            other => panic!("{other:?}"),
        }
    };
    let money = menu(Rules::money());
    assert!(money[0].contains("a single game (1 point)"), "{money:?}");
    assert!(money[2].contains("a backgammon (3 points)"), "{money:?}");
    let portes = menu(Rules::of(bg_tui::engine::RuleSet::Portes));
    assert_eq!(portes.len(), 3, "single, gammon, Esc: {portes:?}");
    assert!(
        !portes.iter().any(|l| l.contains("backgammon")),
        "{portes:?}"
    );
    // Schmidt: every level scores the loser's checkers on the board (15 at the start, 30
    // with some outside its home board: the start has 10 outside), so the menu offers one
    // choice, not three worth the same (issue 49, part 6).
    let schmidt = menu(Rules {
        schmidt: true,
        cube: false,
        ..Rules::default()
    });
    assert_eq!(schmidt.len(), 2, "the game, Esc: {schmidt:?}");
    assert!(
        schmidt[0].starts_with("s  the game (")
            && schmidt[0].ends_with("points: the checkers left)"),
        "{schmidt:?}"
    );
}

/// `i`: the XGID on the panel (in place of the IDs) and into the log in backgammon, on and
/// off; the board text on the panel on and off in Plakoto (where no ID can say the
/// position, the panel shows none until asked).
fn check_position_text() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    assert_eq!(app.model().xgid, None);
    press(&mut app, KeyCode::Char('i'));
    assert_eq!(app.message(), "the XGID on the panel: on");
    let xgid = app.model().xgid.expect("the XGID on the panel");
    assert!(xgid.starts_with("XGID="), "{xgid}");
    assert_eq!(app.log().last(), Some(&xgid));
    // It follows the game: the same text the engine writes for the position and match.
    let parsed = bg_tui::engine::parse_xgid(&xgid).expect("an XGID that reads back");
    assert_eq!(&parsed.position, app.match_state().game().position());
    press(&mut app, KeyCode::Char('i'));
    assert_eq!(app.model().xgid, None);
    let mut app = new_app(Rules::of(bg_tui::engine::RuleSet::Plakoto));
    assert_eq!(app.model().board_text, None);
    press(&mut app, KeyCode::Char('i'));
    assert!(
        app.model()
            .board_text
            .is_some_and(|t| t.starts_with("{\"mine\""))
    );
    press(&mut app, KeyCode::Char('i'));
    assert_eq!(app.model().board_text, None);
}

fn check_take_over_and_position_text() {
    check_take_over();
    check_position_text();
}

fn check_resign_and_its_menu() {
    check_resign();
    check_resign_menu_scores();
}

fn check_yes_no() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.message(), "there is no question to answer");
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('n'));
    assert!(app.match_state().game().resignation().is_none());
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.match_state().game().result().is_some());
}

fn check_cursor_keys() {
    let mut app = new_app(Rules::money());
    let start = app.model().cursor;
    assert_eq!(start, Spot::Point(6));
    for (key, expect) in [
        (KeyCode::Left, Spot::Bar),
        (KeyCode::Left, Spot::Point(7)),
        (KeyCode::Char('l'), Spot::Bar),
        (KeyCode::Right, Spot::Point(6)),
        (KeyCode::Up, Spot::Point(19)),
        (KeyCode::Char('j'), Spot::Point(6)),
        (KeyCode::Char('k'), Spot::Point(19)),
        (KeyCode::Down, Spot::Point(6)),
        (KeyCode::Char('h'), Spot::Bar),
    ] {
        press(&mut app, key);
        assert_eq!(app.model().cursor, expect, "{key:?}");
    }
}

/// Puts the cursor on the first step's point of the first legal play; returns that step.
fn cursor_to_first_step(app: &mut App) -> bg_tui::engine::Step {
    let step = app.match_state().game().legal_plays()[0].steps()[0];
    let target = Spot::from(step.from);
    for _ in 0..40 {
        if app.model().cursor == target {
            return step;
        }
        // Walk the whole grid: right along the bottom row, then the top row.
        let here = app.model().cursor;
        if here == Spot::Tray {
            press(app, KeyCode::Up);
            for _ in 0..14 {
                press(app, KeyCode::Left);
            }
        } else {
            press(app, KeyCode::Right);
        }
    }
    panic!("cursor never reached {target:?}");
}

fn check_select() {
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    cursor_to_first_step(&mut app);
    press(&mut app, KeyCode::Enter);
    assert!(app.model().picked.is_some(), "Enter picks up");
    assert!(
        !app.model().targets.is_empty(),
        "legal destinations are highlighted"
    );
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(
        app.model().picked,
        None,
        "Space on the same point puts it back"
    );
}

fn check_digits() {
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    let step = cursor_to_first_step(&mut app);
    press(&mut app, KeyCode::Enter);
    let die = if step.from.is_bar() {
        25 - step.to.number()
    } else if step.to.is_off() {
        // A bear-off: use a die of the roll.
        app.match_state().game().dice().unwrap().high()
    } else {
        step.from.number() - step.to.number()
    };
    press(&mut app, KeyCode::Char(char::from(b'0' + die)));
    assert_eq!(app.model().dice_used.len(), 1, "{}", app.message());
}

fn check_undo() {
    for key in [KeyCode::Char('u'), KeyCode::Backspace] {
        let mut app = new_app(Rules::money());
        to_moving(&mut app);
        let before = app.model().position;
        let step = cursor_to_first_step(&mut app);
        press(&mut app, KeyCode::Enter);
        let die = app.match_state().game().dice().unwrap();
        let d = if step.from.is_bar() {
            25 - step.to.number()
        } else {
            step.from.number() - step.to.number()
        };
        let d = if d == die.high() || d == die.low() {
            d
        } else {
            die.high()
        };
        press(&mut app, KeyCode::Char(char::from(b'0' + d)));
        assert_eq!(app.model().dice_used.len(), 1);
        press(&mut app, key);
        assert_eq!(app.model().dice_used.len(), 0);
        assert_eq!(app.model().position, before);
    }
}

fn check_escape() {
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    cursor_to_first_step(&mut app);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.model().picked, None);
    press(&mut app, KeyCode::Char('?'));
    assert!(matches!(app.model().overlay, Some(Overlay::Help(_))));
    press(&mut app, KeyCode::Esc);
    assert!(app.model().overlay.is_none());
}

fn check_command_line() {
    let mut app = new_app(Rules {
        beaver: true,
        ..Rules::money()
    });
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char(':'));
    assert_eq!(app.model().command_line.as_deref(), Some(""));
    chars(&mut app, "double");
    assert_eq!(app.model().command_line.as_deref(), Some("double"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.match_state().game().phase(), Phase::DoubleOffered);
    for (line, check) in [("beaver", Phase::Beavered), ("take", Phase::Rolling)] {
        press(&mut app, KeyCode::Char(':'));
        chars(&mut app, line);
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.match_state().game().phase(), check, "{line}");
    }
    for line in ["roll", "undo", "help"] {
        press(&mut app, KeyCode::Char(':'));
        chars(&mut app, line);
        press(&mut app, KeyCode::Enter);
    }
    assert!(matches!(app.model().overlay, Some(Overlay::Help(_))));
    press(&mut app, KeyCode::Esc);
    // A play in notation, then pass / resign / accept / decline / quit by name.
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    for line in ["resign gammon", "decline", "resign single", "accept"] {
        press(&mut app, KeyCode::Char(':'));
        chars(&mut app, line);
        press(&mut app, KeyCode::Enter);
    }
    assert!(app.match_state().game().result().is_some());
    press(&mut app, KeyCode::Char(':'));
    chars(&mut app, "nonsense");
    press(&mut app, KeyCode::Enter);
    assert!(app.message().contains("unknown command"));
    press(&mut app, KeyCode::Char(':'));
    chars(&mut app, "quit");
    press(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
}

fn check_more_commands() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    command(&mut app, "resign s");
    let offer = app.match_state().game().resignation().expect("an offer");
    assert_eq!(offer.level, WinKind::Single);
    command(&mut app, "decline");
    command(&mut app, "bot random black");
    seat_bots(&mut app);
    assert!(
        app.message().ends_with("is played by random"),
        "{}",
        app.message()
    );
    command(&mut app, "human black");
    assert_eq!(app.message(), "Bob is played by a person now");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("named game.json");
    command(&mut app, &format!("save {}", path.display()));
    assert_eq!(app.message(), format!("saved to {}", path.display()));
    assert!(path.exists());
}

fn check_mouse() {
    // Covered in full by src/tui/tests/tui_games.rs (a click picks up a checker like Enter); here
    // only that a click outside the board does nothing.
    let mut app = new_app(Rules::money());
    app.handle(Event::Resize(120, 40));
    let redraw = app.handle(Event::Mouse(ratatui::crossterm::event::MouseEvent {
        kind: ratatui::crossterm::event::MouseEventKind::Down(
            ratatui::crossterm::event::MouseButton::Left,
        ),
        column: 119,
        row: 39,
        modifiers: KeyModifiers::NONE,
    }));
    assert!(!redraw);
    assert_eq!(app.model().picked, None);
}

fn check_help() {
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('?'));
    let Some(Overlay::Help(rows)) = app.model().overlay else {
        panic!("no help");
    };
    assert_eq!(rows, help_rows(crate::tui::app::PANEL_KEYS));
    press(&mut app, KeyCode::Char('x'));
    assert!(app.model().overlay.is_none(), "any key closes the help");
}

/// Presses `H`, works the hint out as the runtime's worker thread would, and hands the
/// answer back; returns the panel then shown.
fn open_hint(app: &mut App) -> (String, Vec<String>) {
    let job = ask_hint(app);
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        job.id,
        Box::new(job.panel()),
    ))));
    hint_panel(app)
}

/// Presses `H` and takes the question the runtime would run; the panel says the bot is
/// thinking meanwhile.
fn ask_hint(app: &mut App) -> HintJob {
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('H'),
        KeyModifiers::SHIFT,
    )));
    assert_eq!(
        hint_panel(app).1,
        vec!["expert is thinking".to_string()],
        "the panel opens at once"
    );
    app.take_hint_job().expect("the hint is asked of a worker")
}

fn hint_panel(app: &App) -> (String, Vec<String>) {
    let Some(Overlay::Question { title, lines }) = app.model().overlay else {
        panic!("no hint panel");
    };
    (title, lines)
}

fn check_hint_answers_come_late() {
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    // Closed before the answer comes: the answer is dropped.
    let first = ask_hint(&mut app);
    press(&mut app, KeyCode::Char('x'));
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        first.id,
        Box::new(first.panel()),
    ))));
    assert!(app.model().overlay.is_none(), "a closed hint stays closed");
    // Asked again: the first question's answer is not the second's.
    let second = ask_hint(&mut app);
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        first.id,
        Box::new(first.panel()),
    ))));
    assert_eq!(hint_panel(&app).1, vec!["expert is thinking".to_string()]);
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        second.id,
        Box::new(second.panel()),
    ))));
    assert!(
        hint_panel(&app).1[2].starts_with("> 1 "),
        "the ranking shows"
    );
}

fn check_hint() {
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    let (title, lines) = open_hint(&mut app);
    assert_eq!(title, "Hint from expert");
    let plays = app.match_state().game().legal_plays().len();
    // How the plays were valued, the column heads, up to ten plays (the first chosen), and
    // how to choose.
    assert_eq!(lines.len(), 2 + plays.min(10) + 2, "{lines:?}");
    assert!(
        lines[0].starts_with("money play, cube 1 centred: cubeful equity; every line 2-ply"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("equity") && lines[1].contains("win%") && lines[1].ends_with("ply"),
        "{lines:?}"
    );
    assert!(lines[2].starts_with("> 1 "), "{lines:?}");
    assert!(lines[3].starts_with("  2 "), "{lines:?}");
    assert!(
        lines[lines.len() - 2].starts_with(&format!("{plays} plays")),
        "{lines:?}"
    );
    assert!(
        lines.last().is_some_and(|l| l.starts_with("R rolls out: ")),
        "{lines:?}"
    );
    press(&mut app, KeyCode::Char('x'));
    assert!(app.model().overlay.is_none(), "any key closes the hint");
    // Down chooses the second line; Enter plays it, as the line says.
    let (_, before) = open_hint(&mut app);
    press(&mut app, KeyCode::Down);
    let Some(Overlay::Question { lines, .. }) = app.model().overlay else {
        panic!("the hint stays open on Down");
    };
    assert!(lines[3].starts_with("> 2 "), "{lines:?}");
    let second: String = before[3][4..]
        .split("  ")
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let game_before = app.match_state().game().turn();
    press(&mut app, KeyCode::Enter);
    assert!(app.model().overlay.is_none());
    assert_ne!(
        app.match_state().game().turn(),
        game_before,
        "the play was made"
    );
    assert!(
        app.model().last_play.ends_with(&second),
        "{:?} vs {second:?}",
        app.model().last_play
    );
}

fn check_hint_keys() {
    check_hint();
    check_hint_digit();
    check_hint_answers_come_late();
    check_hint_rollout();
}

fn check_hint_rollout() {
    // R in the hint panel rolls its lines out (src/tui/tests/tui_rollout.rs runs it); outside the
    // panel R is still the resignation menu.
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    open_hint(&mut app);
    shifted(&mut app, 'R');
    let job = app
        .take_rollout_job()
        .expect("the rollout is asked of a worker");
    let (_, lines) = hint_panel(&app);
    assert!(lines[0].starts_with("rollout: "), "{lines:?}");
    press(&mut app, KeyCode::Char('x'));
    assert!(job.stopped(), "closing the panel stops the rollout");
    shifted(&mut app, 'R');
    assert!(app.take_rollout_job().is_none());
    assert!(matches!(
        app.model().overlay,
        Some(Overlay::Question { title, .. }) if title == "Resign how much?"
    ));
}

fn check_hint_digit() {
    // A digit plays that line at once.
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    let (_, lines) = open_hint(&mut app);
    let first: String = lines[2][4..]
        .split("  ")
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    press(&mut app, KeyCode::Char('1'));
    assert!(app.model().overlay.is_none());
    assert!(
        app.model().last_play.ends_with(&first),
        "{:?}",
        app.model().last_play
    );
}

fn check_save_setup_and_log_scroll() {
    check_save();
    check_setup_opens();
    check_log_scroll();
}

/// Issue 21 §6.11: `[` scrolls the log back an event at a time, `]` on; the panel says it
/// is scrolled; a new event keeps the view where it was.
fn check_log_scroll() {
    let mut app = new_app(Rules::money());
    for _ in 0..6 {
        to_rolling(&mut app);
        press(&mut app, KeyCode::Char('r'));
    }
    let log = app.log();
    assert!(log.len() >= 8, "{log:?}");
    let screen = |app: &App| {
        // At 80x24 the log has a few rows only.
        let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24))
            .expect("test terminal");
        terminal
            .draw(|f| crate::tui::view::render(&app.model(), f.area(), f.buffer_mut()))
            .expect("draw");
        format!("{}", terminal.backend())
    };
    let newest = log.last().expect("an event").clone();
    assert!(screen(&app).contains(&newest));
    assert!(!screen(&app).contains("newer below"));
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.model().log_scroll, 1);
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.model().log_scroll, 2);
    let text = screen(&app);
    assert!(text.contains("log: 2 newer below, ] on"), "{text}");
    assert!(
        !text.contains(&newest),
        "the newest is scrolled out: {text}"
    );
    // Many presses stop where the oldest events fill the log's rows, so the first ] shows
    // a newer one at once.
    for _ in 0..100 {
        press(&mut app, KeyCode::Char('['));
    }
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let rows = crate::tui::view::log_rows(&app.model(), area);
    assert!(rows >= 2 && rows < app.log().len(), "{rows}");
    assert_eq!(app.model().log_scroll, app.log().len() - rows);
    let oldest = screen(&app);
    // (The oldest event's line may be cut at the panel's edge.)
    let start: String = app.log()[0].chars().take(20).collect();
    assert!(oldest.contains(&start), "{oldest}");
    press(&mut app, KeyCode::Char(']'));
    assert_ne!(screen(&app), oldest, "one ] shows a newer event");
    for _ in 0..200 {
        press(&mut app, KeyCode::Char(']'));
    }
    assert_eq!(app.model().log_scroll, 0);
    assert!(screen(&app).contains(&newest));
    // Scrolled back one, a new event leaves the same events in view.
    press(&mut app, KeyCode::Char('['));
    let before = app.log().len();
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('r'));
    let added = app.log().len() - before;
    assert!(added > 0);
    assert_eq!(app.model().log_scroll, 1 + added);
}

fn check_save() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Options {
        seed: Some(2),
        saves: Some(dir.path().to_path_buf()),
        ..Options::default()
    })
    .unwrap();
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('s'));
    let saved = app.message().trim_start_matches("saved to ").to_string();
    assert_ne!(saved, app.message(), "{}", app.message());
    let (record, _) = bg_tui::store::read_record(std::path::Path::new(&saved)).unwrap();
    assert_eq!(&record, app.record());
    // :save PATH writes there.
    let chosen = dir.path().join("chosen.json");
    press(&mut app, KeyCode::Char(':'));
    chars(&mut app, &format!("save {}", chosen.display()));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        bg_tui::store::read_record(&chosen).unwrap().0,
        *app.record()
    );
}

fn check_quit() {
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit(), "q asks first");
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.should_quit());
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
    let mut app = new_app(Rules::money());
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(app.should_quit(), "Ctrl-C quits at once");
}

fn shifted(app: &mut App, c: char) {
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::SHIFT,
    )));
}

fn check_tab() {
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    let sources: Vec<Spot> = app
        .match_state()
        .game()
        .legal_plays()
        .iter()
        .map(|p| Spot::from(p.steps()[0].from))
        .collect();
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
        assert!(
            sources.contains(&app.model().cursor),
            "{:?}",
            app.model().cursor
        );
        app.handle(Event::Key(KeyEvent::new(
            KeyCode::BackTab,
            KeyModifiers::SHIFT,
        )));
        assert!(
            sources.contains(&app.model().cursor),
            "{:?}",
            app.model().cursor
        );
    }
}

fn check_digits_and_undo() {
    check_digits();
    check_undo();
}

/// `:drill` opens the drill of the save folder over the game; q goes back to it.
fn check_drill_command() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut app = App::new(super::tui_saves::options(
        Rules::money(),
        Some(5),
        Some(dir.path()),
    ))
    .expect("a game");
    command(&mut app, "drill");
    assert!(app.drill_open().is_some(), "{}", app.model().message);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.drill_open().is_none());
    assert!(!app.should_quit());
}

fn check_bot_command() {
    let mut app = new_app(Rules::money());
    to_rolling(&mut app);
    let side = app.match_state().game().turn();
    command(&mut app, "bot greedy");
    seat_bots(&mut app);
    assert_eq!(app.model().bots[side.index()].as_deref(), Some("greedy"));
    assert!(app.take_bot_job().is_some(), "the bot is asked at once");
    command(&mut app, "human");
    assert_eq!(app.model().bots, [None, None]);
}

fn check_auto_roll() {
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(app.message(), "auto-roll on when you cannot double");
    press(&mut app, KeyCode::Char('a'));
    assert!(app.message().starts_with("auto-roll always"));
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(app.message(), "auto-roll off: r rolls");
}

fn check_auto_roll_and_bearoff() {
    check_auto_roll();
    check_auto_bearoff();
}

fn check_help_and_quit() {
    check_help();
    check_quit();
}

fn check_auto_bearoff() {
    // The race itself is played in src/tui/tests/tui_games.rs.
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('o'));
    assert_eq!(
        app.message(),
        "auto bear-off (once there is no contact): on"
    );
    press(&mut app, KeyCode::Char('o'));
    assert!(app.message().ends_with("off"));
}

fn check_tutor_and_turn() {
    let mut app = new_app(Rules::money());
    shifted(&mut app, 'T');
    assert!(app.model().tutor);
    to_rolling(&mut app);
    press(&mut app, KeyCode::Char('f'));
    assert_eq!(app.model().bottom, app.match_state().game().turn());
}

fn check_tutor_turn_and_mode() {
    check_tutor_and_turn();
    check_tutor_mode();
}

fn check_tutor_mode() {
    // The tutor's judgements themselves: src/tui/tests/tui_tutor.rs.
    let mut app = new_app(Rules::money());
    to_moving(&mut app);
    press(&mut app, KeyCode::Char('m'));
    assert!(
        app.message().starts_with("tutor mode: on"),
        "{}",
        app.message()
    );
    let play = app.match_state().game().legal_plays()[0];
    command(&mut app, &bg_tui::engine::format_play(&play));
    assert!(app.take_tutor_job().is_some(), "the play is judged first");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(app.message(), "tutor mode: off");
}

fn check_take_over() {
    let mut app = new_app(Rules::money());
    shifted(&mut app, 'C');
    assert_eq!(app.message(), "there are no clocks in this game (--clock)");
    // With clocks: src/tui/tests/tui_games.rs.
}

#[test]
fn every_key_in_the_help_does_what_it_says() {
    for (keys, what) in help_rows(crate::tui::app::PANEL_KEYS) {
        let check: fn() = match keys.as_str() {
            "r" => check_roll,
            "d" => check_double,
            "t / p / b" => check_take_pass_beaver,
            "R" => check_resign_and_its_menu,
            "y / n" => check_yes_no,
            "arrows, h j k l" => check_cursor_keys,
            "Enter / Space" => check_select,
            "1-6 / u" => check_digits_and_undo,
            "Esc" => check_escape,
            ":" | ": commands" => check_command_line,
            ": more" => check_more_commands,
            "mouse click" => check_mouse,
            "? / q" => check_help_and_quit,
            "H" => check_hint_keys,
            "s / e / [ ]" => check_save_setup_and_log_scroll,
            "Tab / Shift-Tab" => check_tab,
            ": bot" => check_bot_command,
            ": drill" => check_drill_command,
            "a / o" => check_auto_roll_and_bearoff,
            "T / f / m" => check_tutor_turn_and_mode,
            "C / i" => check_take_over_and_position_text,
            other => panic!("the help lists {other:?} ({what}) but no test checks it"),
        };
        check();
    }
}

/// Every key the position editor's help (`?` in the editor) lists does what it says.
#[test]
fn every_key_in_the_setup_help_does_what_it_says() {
    let without_pins = crate::tui::editor::help_rows(false);
    let with_pins = crate::tui::editor::help_rows(true);
    for (keys, what) in without_pins.into_iter().chain(with_pins) {
        let check: fn() = match keys.as_str() {
            "arrows, h j k l" => check_setup_cursor,
            "set-up: w b x" | "set-up: w b x p" => check_setup_checkers,
            "set-up: c i t" => check_setup_clear_initial_turn,
            "set-up: 1-6 0 r" => check_setup_dice,
            "set-up: v o W B C" => check_setup_cube_score_crawford,
            "set-up: Enter Esc" => check_setup_enter_esc,
            ":setup ID" => check_setup_opens,
            "?" => check_setup_help,
            other => panic!("the set-up help lists {other:?} ({what}) but no test checks it"),
        };
        check();
    }
}

fn check_setup_cursor() {
    let mut app = new_app(Rules::money());
    chars(&mut app, "ec");
    assert_eq!(app.model().cursor, Spot::Point(6));
    press(&mut app, KeyCode::Char('l'));
    assert_eq!(app.model().cursor, Spot::Point(5));
    press(&mut app, KeyCode::Up);
    assert_eq!(app.model().cursor, Spot::Point(20));
    chars(&mut app, "w");
    assert!(has_line(&app, "Alice 1, Bob 0"));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(app.model().cursor, Spot::Point(6));
}

fn check_setup_help() {
    let mut app = new_app(Rules::money());
    chars(&mut app, "e?");
    let Some(Overlay::Help(rows)) = app.model().overlay else {
        panic!("the editor's help is shown");
    };
    assert_eq!(rows, crate::tui::editor::help_rows(false));
    assert!(
        rows.iter().all(|(_, what)| !what.contains("pin")),
        "no pins in backgammon: {rows:?}"
    );
    let mut plakoto = new_app(Rules::of(bg_tui::engine::RuleSet::Plakoto));
    chars(&mut plakoto, "e?");
    let Some(Overlay::Help(rows)) = plakoto.model().overlay else {
        panic!("the editor's help is shown");
    };
    assert_eq!(rows, crate::tui::editor::help_rows(true));
    // The next key only closes it: `c` does not clear the board.
    chars(&mut app, "c");
    assert!(app.model().overlay.is_none());
    assert!(has_line(&app, "Alice 15, Bob 15"));
}

/// The position editor's panel lines.
fn setup_lines(app: &App) -> Vec<String> {
    let model = app.model();
    assert!(
        model.status.starts_with("Setting up a position"),
        "the editor is open: {}",
        model.status
    );
    model.rules
}

fn has_line(app: &App, text: &str) -> bool {
    setup_lines(app).iter().any(|l| l.contains(text))
}

fn check_setup_opens() {
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('e'));
    assert!(has_line(&app, "Set-up: backgammon"));
    press(&mut app, KeyCode::Esc);
    command(&mut app, "setup");
    assert!(has_line(&app, "Set-up: backgammon"));
    press(&mut app, KeyCode::Esc);
    // An XGID brings its dice and cube (here 5-2, the cube at 2 on the side on roll).
    command(
        &mut app,
        "setup XGID=-b----E-C---eE---c-e----B-:1:1:1:52:0:0:0:0:10",
    );
    assert!(has_line(&app, "Dice: 5-2"), "{:?}", app.model().rules);
    assert!(has_line(&app, "Cube: 2 Alice's"), "{:?}", app.model().rules);
    press(&mut app, KeyCode::Esc);
    command(&mut app, "setup nonsense");
    assert!(
        app.message().starts_with("Position ID nonsense: "),
        "{}",
        app.message()
    );
}

fn check_setup_checkers() {
    let mut app = new_app(Rules::money());
    chars(&mut app, "eiw");
    assert!(has_line(&app, "Alice 16!, Bob 15"));
    chars(&mut app, "b");
    assert!(has_line(&app, "Alice 16!, Bob 16!"));
    chars(&mut app, "xx");
    assert!(has_line(&app, "Alice 15, Bob 15"));
    // Pins are Plakoto's: elsewhere `p` says so.
    chars(&mut app, "p");
    assert_eq!(app.message(), "backgammon has no pinned checkers");
    let mut app = new_app(Rules::of(bg_tui::engine::RuleSet::Plakoto));
    chars(&mut app, "ecwp");
    assert_eq!(app.message(), "White checker pinned");
    chars(&mut app, "p");
    assert_eq!(app.message(), "the checker is free");
}

fn check_setup_clear_initial_turn() {
    let mut app = new_app(Rules::money());
    chars(&mut app, "ec");
    assert!(has_line(&app, "Alice 0, Bob 0"));
    chars(&mut app, "i");
    assert!(has_line(&app, "Alice 15, Bob 15"));
    assert!(has_line(&app, "On roll: Alice"));
    chars(&mut app, "t");
    assert!(has_line(&app, "On roll: Bob"));
}

fn check_setup_dice() {
    let mut app = new_app(Rules::money());
    chars(&mut app, "e5");
    assert!(has_line(&app, "Dice: 5-?"));
    chars(&mut app, "2");
    assert!(has_line(&app, "Dice: 5-2"));
    chars(&mut app, "0");
    assert!(has_line(&app, "Dice: to roll"));
    chars(&mut app, "r");
    assert!(!has_line(&app, "Dice: to roll"));
}

fn check_setup_cube_score_crawford() {
    let mut app = new_app(Rules::match_to(5));
    chars(&mut app, "eivo");
    assert!(has_line(&app, "Cube: 2 Alice's"), "{:?}", app.model().rules);
    chars(&mut app, "WB");
    assert!(has_line(&app, "Score: 1-1 of 5"));
    chars(&mut app, "C");
    assert!(has_line(&app, "Score: 1-1 of 5, Crawford"));
    press(&mut app, KeyCode::Enter);
    assert!(
        app.message()
            .starts_with("the Crawford game needs a player one point from winning"),
        "{}",
        app.message()
    );
    // Money play has no score.
    let mut app = new_app(Rules::money());
    chars(&mut app, "eW");
    assert_eq!(app.message(), "money play has no score");
}

fn check_setup_enter_esc() {
    let mut app = new_app(Rules::money());
    let before = app.match_state().clone();
    chars(&mut app, "ect");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.match_state(), &before);
    chars(&mut app, "eit");
    press(&mut app, KeyCode::Enter);
    let game = app.match_state().game();
    assert_eq!(game.phase(), Phase::Rolling);
    assert_eq!(game.turn(), bg_tui::engine::Side::Black);
}

/// Issue 34, item 10: Ctrl-C quits at once whatever is open: the help panel, the resign
/// menu, the quit question, the position editor and its help.
#[test]
fn ctrl_c_quits_from_every_panel_and_menu() {
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let openers: [(&str, &[KeyCode]); 5] = [
        ("the help panel", &[KeyCode::Char('?')]),
        ("the resign menu", &[KeyCode::Char('R')]),
        ("the quit question", &[KeyCode::Char('q')]),
        ("the position editor", &[KeyCode::Char(':')]),
        ("the editor's help", &[KeyCode::Char(':')]),
    ];
    for (what, keys) in openers {
        let mut app = new_app(Rules::money());
        to_rolling(&mut app);
        for &key in keys {
            press(&mut app, key);
        }
        if key_is_editor(what) {
            chars(&mut app, "setup");
            press(&mut app, KeyCode::Enter);
            if what.contains("help") {
                press(&mut app, KeyCode::Char('?'));
            }
        }
        assert!(!app.should_quit(), "{what}: opened, not quit");
        app.handle(ctrl_c.clone());
        assert!(app.should_quit(), "{what}: Ctrl-C quits");
    }
}

fn key_is_editor(what: &str) -> bool {
    what.contains("editor")
}
