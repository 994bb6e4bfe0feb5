//! Whole games driven through the terminal app by key events, with seeded dice.

use bg_tui::engine::{CrawfordState, Ending, Phase, Rules, Side, WinKind, format_play};
use bg_tui::tui::{App, Event, Options, Overlay, Spot};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

fn app(rules: Rules, seed: u64) -> App {
    App::new(Options {
        rules,
        seed: Some(seed),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap()
}

fn press(app: &mut App, code: KeyCode) {
    app.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn chars(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn type_command(app: &mut App, line: &str) {
    press(app, KeyCode::Char(':'));
    chars(app, line);
    press(app, KeyCode::Enter);
}

/// Where a spot is on the cursor's grid: (row, column).
fn grid(spot: Spot, row_now: usize) -> (usize, usize) {
    match spot {
        Spot::Point(p @ 13..=18) => (0, usize::from(p - 13)),
        Spot::Point(p @ 19..=24) => (0, usize::from(p - 19) + 7),
        Spot::Point(p @ 7..=12) => (1, usize::from(12 - p)),
        Spot::Point(p) => (1, usize::from(6 - p) + 7),
        Spot::Bar => (row_now, 6),
        Spot::Tray => (row_now, 13),
    }
}

/// Moves the cursor to `spot` with the cursor keys: first along the row to the column,
/// then up or down.
fn go_to(app: &mut App, spot: Spot) {
    for _ in 0..40 {
        let here = app.model().cursor;
        if here == spot {
            return;
        }
        let (row, col) = grid(spot, 1);
        let (_, col_now) = grid(here, 1);
        let key = if col < col_now {
            KeyCode::Left
        } else if col > col_now {
            KeyCode::Right
        } else if row == 0 {
            KeyCode::Up
        } else {
            KeyCode::Down
        };
        press(app, key);
    }
    panic!("the cursor did not reach {spot:?}");
}

fn spot(point: u8) -> Spot {
    match point {
        0 => Spot::Tray,
        25 => Spot::Bar,
        p => Spot::Point(p),
    }
}

/// How the tests enter a play.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Entry {
    Notation,
    Cursor,
}

/// Plays one step of the game: rolls, or plays the first legal play (by notation or
/// cursor), or passes a dance. Returns false when the game is over.
fn advance(app: &mut App, entry: Entry) -> bool {
    let game = app.match_state().game();
    if game.result().is_some() {
        return false;
    }
    match game.phase() {
        Phase::Opening | Phase::Rolling => press(app, KeyCode::Char('r')),
        Phase::Moving(_) => {
            let plays = game.legal_plays().to_vec();
            let Some(play) = plays.first() else {
                press(app, KeyCode::Enter); // a dance: any key passes
                return true;
            };
            match entry {
                Entry::Notation => type_command(app, &format_play(play)),
                Entry::Cursor => {
                    for step in play.steps().iter() {
                        go_to(app, spot(step.from));
                        press(app, KeyCode::Enter);
                        go_to(app, spot(step.to));
                        press(app, KeyCode::Enter);
                        if let Some(Overlay::Question { title, .. }) = app.model().overlay {
                            assert_eq!(title, "Which way?");
                            press(app, KeyCode::Char('1'));
                        }
                    }
                    assert!(app.finished_play().is_some(), "{}", app.message());
                    press(app, KeyCode::Enter);
                }
            }
        }
        other => panic!("unexpected phase {other:?}"),
    }
    true
}

fn play_out(app: &mut App, entry: Entry) {
    for _ in 0..5000 {
        if !advance(app, entry) {
            return;
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_game_by_typed_notation() {
    let mut app = app(
        Rules {
            cube: false,
            ..Rules::money()
        },
        11,
    );
    play_out(&mut app, Entry::Notation);
    let result = app.match_state().game().result().unwrap();
    assert_eq!(result.ending, Ending::BearOff);
    let model = app.model();
    let Some(Overlay::GameOver { title, lines }) = model.overlay else {
        panic!("no game-over panel");
    };
    assert!(title.contains("wins a"), "{title}");
    assert!(
        lines.iter().any(|l| l.contains("Another game? y or n")),
        "{lines:?}"
    );
    // y starts the next game; n ends the session.
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.match_state().game().phase(), Phase::Opening);
    play_out(&mut app, Entry::Notation);
    press(&mut app, KeyCode::Char('n'));
    assert!(app.match_state().is_over());
}

#[test]
fn a_whole_game_by_cursor() {
    let mut app = app(
        Rules {
            cube: false,
            ..Rules::money()
        },
        5,
    );
    play_out(&mut app, Entry::Cursor);
    assert_eq!(
        app.match_state().game().result().unwrap().ending,
        Ending::BearOff
    );
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let mut a = app(Rules::money(), 99);
    let mut b = app(Rules::money(), 99);
    play_out(&mut a, Entry::Notation);
    play_out(&mut b, Entry::Notation);
    assert_eq!(a.match_state(), b.match_state());
}

/// Rolls the opening and plays until `side` is about to roll.
fn until_rolling(app: &mut App, side: Side) {
    for _ in 0..200 {
        let game = app.match_state().game();
        if game.phase() == Phase::Rolling && game.turn() == side {
            return;
        }
        advance(app, Entry::Notation);
    }
    panic!("{side} never came to roll");
}

#[test]
fn a_double_taken_then_a_redouble_passed() {
    let mut app = app(Rules::money(), 3);
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('d'));
    assert!(app.model().status.contains("Alice doubles to 2"));
    // Enter never takes or passes.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.match_state().game().phase(), Phase::DoubleOffered);
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(app.match_state().game().cube().value(), 2);
    assert_eq!(app.match_state().game().cube().owner(), Some(Side::Black));
    until_rolling(&mut app, Side::Black);
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('p'));
    let result = app.match_state().game().result().unwrap();
    assert_eq!(
        (result.winner.unwrap(), result.points, result.ending),
        (Side::Black, 2, Ending::Drop)
    );
    assert_eq!(app.match_state().score(Side::Black), 2);
}

#[test]
fn a_beaver_taken() {
    let mut app = app(
        Rules {
            beaver: true,
            ..Rules::money()
        },
        4,
    );
    until_rolling(&mut app, Side::Black);
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('b'));
    assert_eq!(app.match_state().game().phase(), Phase::Beavered);
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(app.match_state().game().cube().value(), 4);
    assert_eq!(app.match_state().game().cube().owner(), Some(Side::White));
    play_out(&mut app, Entry::Notation);
    assert_eq!(app.match_state().game().result().unwrap().cube, 4);
}

#[test]
fn a_resignation_declined_then_accepted() {
    let mut app = app(Rules::money(), 8);
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('g'));
    assert!(app.model().status.contains("Alice offers to resign"));
    press(&mut app, KeyCode::Enter); // not an answer
    assert!(app.match_state().game().resignation().is_some());
    press(&mut app, KeyCode::Char('n'));
    assert!(app.match_state().game().resignation().is_none());
    type_command(&mut app, "resign backgammon");
    type_command(&mut app, "accept");
    let result = app.match_state().game().result().unwrap();
    assert_eq!(
        (result.winner.unwrap(), result.kind, result.points),
        (Side::Black, WinKind::Backgammon, 3)
    );
}

#[test]
fn a_match_to_3_with_its_crawford_game() {
    let mut app = app(Rules::match_to(3), 21);
    let mut crawford_seen = false;
    for _ in 0..20 {
        play_out(&mut app, Entry::Notation);
        if app.match_state().is_over() {
            break;
        }
        press(&mut app, KeyCode::Enter); // next game
        if app.match_state().game().is_crawford() {
            crawford_seen = true;
            assert_eq!(app.model().crawford, "Crawford game");
            // Nobody may double in the Crawford game.
            let second = app.match_state().game().turn().opponent();
            until_rolling(&mut app, second);
            press(&mut app, KeyCode::Char('d'));
            assert!(app.message().contains("Crawford"), "{}", app.message());
        }
    }
    let m = app.match_state();
    let winner = m.winner().expect("the match ends");
    assert!(m.score(winner) >= 3);
    assert!(crawford_seen, "the match never reached its Crawford game");
    assert_eq!(m.crawford(), CrawfordState::PostCrawford);
    let Some(Overlay::GameOver { title, .. }) = app.model().overlay else {
        panic!("no end-of-match panel");
    };
    assert!(title.ends_with("wins the match"), "{title}");
}

#[test]
fn forced_plays_play_themselves_with_auto_forced() {
    let mut app = App::new(Options {
        rules: Rules {
            cube: false,
            ..Rules::money()
        },
        seed: Some(11),
        auto_forced: true,
        ..Options::default()
    })
    .unwrap();
    // Over a whole game, the app never waits on a roll with one legal play or none.
    for _ in 0..5000 {
        let game = app.match_state().game();
        if game.result().is_some() {
            break;
        }
        if let Phase::Moving(_) = game.phase() {
            assert!(
                game.legal_plays().len() > 1,
                "a forced play waited for the player"
            );
        }
        advance(&mut app, Entry::Notation);
    }
    assert!(app.match_state().game().result().is_some());
}

#[test]
fn a_click_on_a_point_picks_it_up_like_enter() {
    let mut app = app(Rules::money(), 1);
    app.handle(Event::Resize(120, 40));
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('r'));
    let model = app.model();
    let from = app.match_state().game().legal_plays()[0].steps()[0].from;
    // Find the cell of that point by asking the view, then click it.
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let cell = (0..40)
        .flat_map(|y| (0..120).map(move |x| (x, y)))
        .find(|&(x, y)| bg_tui::tui::spot_at(area, &model, x, y) == Some(spot(from)))
        .expect("the point is on screen");
    app.handle(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: cell.0,
        row: cell.1,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.model().picked, Some(spot(from)));
    assert!(!app.model().targets.is_empty());
}
