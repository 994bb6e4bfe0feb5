//! Whole games driven through the terminal app by key events, with seeded dice.

use crate::tui::msg::Msg;
use crate::tui::{App, Event, Options, Overlay, Spot};
use bg_tui::engine::{CrawfordState, Ending, Phase, Rules, Side, WinKind, format_play};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::common;
use common::{answer_bot, press, type_command};

fn app(rules: Rules, seed: u64) -> App {
    App::new(Options {
        rules,
        seed: Some(seed),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap()
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

/// `spot` (in the numbering of the player on roll) as the board draws it: in the
/// numbering of the player at the bottom.
fn drawn(app: &App, spot: Spot) -> Spot {
    let m = app.model();
    match spot {
        Spot::Point(p) if m.on_roll != m.bottom => Spot::Point(25 - p),
        other => other,
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
        let (row, col) = grid(drawn(app, spot), 1);
        let (_, col_now) = grid(drawn(app, here), 1);
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

fn spot(place: bg_tui::engine::Place) -> Spot {
    Spot::from(place)
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

/// After a money game, `n` to "another game?" ends the session: the table stops, the
/// status line and the log say so, and another key starts nothing.
#[test]
fn no_more_money_games_ends_the_session() {
    let mut app = app(Rules::money(), 8);
    until_rolling(&mut app, Side::White);
    type_command(&mut app, "resign single");
    type_command(&mut app, "accept");
    assert!(app.match_state().game().result().is_some());
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.message(), "the session is over: q quits");
    assert!(
        app.model()
            .log
            .iter()
            .any(|l| l.contains("the session is over")),
        "{:?}",
        app.model().log
    );
    let game = app.match_state().game_number();
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.match_state().game_number(), game);
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
        .find(|&(x, y)| crate::tui::spot_at(area, &model, x, y) == Some(spot(from)))
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

// The table (issue 10): orientation, the dice, the last play, the log, the cursor, the
// command line, the clocks and the conveniences, each driven by keys with seeded dice.

/// Rolls the opening roll until it is not a tie.
fn opening(app: &mut App) {
    while app.match_state().game().phase() == Phase::Opening {
        press(app, KeyCode::Char('r'));
    }
}

fn app_with(seed: u64, change: impl FnOnce(&mut Options)) -> App {
    let mut options = Options {
        rules: Rules::money(),
        seed: Some(seed),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    };
    change(&mut options);
    App::new(options).unwrap()
}

/// Plays on (first legal plays by notation) until the player on roll has rolled dice that
/// pass `wanted`; panics after many turns.
fn until_moving(app: &mut App, wanted: impl Fn(&App) -> bool) {
    for _ in 0..2000 {
        let game = app.match_state().game();
        if matches!(game.phase(), Phase::Moving(_)) && wanted(app) {
            return;
        }
        if !advance(app, Entry::Notation) {
            press(app, KeyCode::Char('y'));
        }
    }
    panic!("the position wanted never came");
}

#[test]
fn hot_seat_keeps_white_at_the_bottom_and_f_turns_the_board_to_the_player_on_roll() {
    let mut app = app_with(21, |o| o.rules.cube = false);
    let mut black_moved = false;
    for _ in 0..60 {
        assert_eq!(app.model().bottom, Side::White, "{}", app.model().status);
        black_moved |= app.match_state().game().turn() == Side::Black;
        advance(&mut app, Entry::Cursor);
    }
    assert!(black_moved);
    press(&mut app, KeyCode::Char('f'));
    assert!(app.message().ends_with("on"), "{}", app.message());
    for _ in 0..20 {
        let model = app.model();
        assert_eq!(model.bottom, app.match_state().game().turn());
        advance(&mut app, Entry::Cursor);
    }
}

#[test]
fn the_die_played_is_the_one_dimmed_and_the_status_names_the_dice_left() {
    let mut app = app_with(4, |_| {});
    // A roll of two numbers whose lower die can be played first by one checker.
    until_moving(&mut app, |a| {
        let dice = a.match_state().game().dice().unwrap();
        !dice.is_double()
            && a.match_state().game().legal_plays().iter().any(|p| {
                let first = p.steps()[0];
                !first.from.is_bar()
                    && !first.to.is_off()
                    && first.from.number() - first.to.number() == dice.low()
            })
    });
    let dice = app.match_state().game().dice().unwrap();
    let from = app
        .match_state()
        .game()
        .legal_plays()
        .iter()
        .map(|p| p.steps()[0])
        .find(|s| {
            !s.from.is_bar() && !s.to.is_off() && s.from.number() - s.to.number() == dice.low()
        })
        .unwrap()
        .from;
    go_to(&mut app, spot(from));
    press(&mut app, KeyCode::Char(char::from(b'0' + dice.low())));
    let model = app.model();
    assert_eq!(model.dice_used, vec![dice.low()], "{}", app.message());
    assert!(
        model.status.contains(&format!(", {} left", dice.high())),
        "{}",
        model.status
    );
}

#[test]
fn the_last_play_is_marked_until_the_next_roll() {
    let mut app = app_with(8, |o| o.rules.cube = false);
    until_moving(&mut app, |_| true);
    let mover = app.match_state().game().turn();
    let play = app.match_state().game().legal_plays()[0];
    type_command(&mut app, &format_play(&play));
    let last = app.model().last_move.expect("the play is marked");
    assert_eq!(last.side, mover);
    assert_eq!(last.steps, play.steps().to_vec());
    press(&mut app, KeyCode::Char('r'));
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    assert_eq!(
        app.model().last_move,
        None,
        "the next roll clears the marks"
    );
}

#[test]
fn the_log_keeps_the_opening_roll_plays_and_cube_actions() {
    let mut app = app_with(3, |_| {});
    press(&mut app, KeyCode::Char('r'));
    until_moving(&mut app, |_| true);
    let log = app.log();
    assert!(
        log.iter().any(|l| l.starts_with("opening: Alice ")),
        "{log:?}"
    );
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('t'));
    let log = app.log();
    assert!(log.iter().any(|l| l.contains(": ")), "a play: {log:?}");
    assert!(log.ends_with(&["Alice doubles to 2".to_string(), "Bob takes".to_string()]));
    // The model hands the log to the view, which shows the newest lines.
    assert_eq!(app.model().log, log);
}

#[test]
fn each_turn_starts_with_the_cursor_on_a_checker_that_can_move_and_tab_jumps_between_them() {
    let mut app = app_with(17, |o| o.rules.cube = false);
    let mut entered = 0;
    let mut turns = 0;
    while turns < 120 {
        let game = app.match_state().game();
        if game.result().is_some() {
            break;
        }
        if matches!(game.phase(), Phase::Moving(_)) && !game.legal_plays().is_empty() {
            turns += 1;
            if game.position().mover_bar() > 0 {
                assert_eq!(app.model().cursor, Spot::Bar, "a checker must enter");
                entered += 1;
            }
            press(&mut app, KeyCode::Enter);
            assert!(app.model().picked.is_some(), "{}", app.message());
            press(&mut app, KeyCode::Esc);
            press(&mut app, KeyCode::Tab);
            press(&mut app, KeyCode::Enter);
            assert!(app.model().picked.is_some(), "Tab: {}", app.message());
            press(&mut app, KeyCode::Esc);
            app.handle(Event::Key(KeyEvent::new(
                KeyCode::BackTab,
                KeyModifiers::SHIFT,
            )));
            press(&mut app, KeyCode::Enter);
            assert!(app.model().picked.is_some(), "Shift-Tab: {}", app.message());
            press(&mut app, KeyCode::Esc);
        }
        advance(&mut app, Entry::Notation);
    }
    assert!(entered > 0, "no checker was hit in these turns");
}

#[test]
fn a_typed_play_finishes_a_turn_begun_with_the_cursor() {
    let mut app = app_with(6, |o| o.rules.cube = false);
    until_moving(&mut app, |a| {
        a.match_state()
            .game()
            .legal_plays()
            .iter()
            .any(|p| p.steps().len() == 2 && !p.steps()[0].from.is_bar())
    });
    let play = *app
        .match_state()
        .game()
        .legal_plays()
        .iter()
        .find(|p| p.steps().len() == 2 && !p.steps()[0].from.is_bar())
        .unwrap();
    let [first, second] = [play.steps()[0], play.steps()[1]];
    go_to(&mut app, spot(first.from));
    press(&mut app, KeyCode::Enter);
    go_to(&mut app, spot(first.to));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.model().dice_used.len(), 1, "{}", app.message());
    let mover = app.match_state().game().turn();
    let rest = format!(
        "{}/{}",
        second.from,
        if second.to.is_off() {
            "off".to_string()
        } else {
            second.to.to_string()
        }
    );
    type_command(&mut app, &rest);
    assert_ne!(app.match_state().game().turn(), mover, "{}", app.message());
    assert_eq!(
        app.match_state().game().position().switched(),
        *play.position(),
        "the turn ends where the cursor move and the typed move lead"
    );
}

#[test]
fn before_the_opening_roll_nobody_is_to_play_and_a_double_marks_the_one_who_answers() {
    let mut app = app_with(3, |_| {});
    assert_eq!(app.model().to_act, None);
    until_rolling(&mut app, Side::White);
    assert_eq!(app.model().to_act, Some(Side::White));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.model().to_act, Some(Side::Black));
}

#[test]
fn unknown_keys_point_at_the_help_and_keys_wait_while_the_terminal_is_too_small() {
    let mut app = app_with(3, |_| {});
    press(&mut app, KeyCode::Char('z'));
    assert!(
        app.message().contains("? lists the keys"),
        "{}",
        app.message()
    );
    app.handle(Event::Resize(60, 20));
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.match_state().game().phase(), Phase::Opening);
    app.handle(Event::Resize(80, 24));
    press(&mut app, KeyCode::Char('r'));
    assert_ne!(app.match_state().game().phase(), Phase::Opening);
    // While the board is hidden, q quits at once: its question could not be seen.
    app.handle(Event::Resize(60, 20));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
}

#[test]
fn the_command_line_recalls_earlier_lines_with_up_and_down() {
    let mut app = app_with(3, |_| {});
    type_command(&mut app, "bogus one");
    type_command(&mut app, "bogus two");
    press(&mut app, KeyCode::Char(':'));
    press(&mut app, KeyCode::Up);
    assert_eq!(app.model().command_line.as_deref(), Some("bogus two"));
    press(&mut app, KeyCode::Up);
    assert_eq!(app.model().command_line.as_deref(), Some("bogus one"));
    press(&mut app, KeyCode::Down);
    assert_eq!(app.model().command_line.as_deref(), Some("bogus two"));
    press(&mut app, KeyCode::Down);
    assert_eq!(app.model().command_line.as_deref(), Some(""));
}

#[test]
fn the_crawford_game_is_named_as_the_next_one_on_the_result_screen_and_q_quits_a_finished_match() {
    let mut app = app_with(3, |o| o.rules = Rules::match_to(2));
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.match_state().score(Side::Black), 1);
    assert_eq!(app.model().crawford, "the next game is the Crawford game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.model().crawford, "Crawford game");
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.match_state().is_over());
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit(), "the match is over: q quits at once");
}

#[test]
fn auto_roll_rolls_when_no_double_is_possible_and_a_cycles_its_modes() {
    let mut app = app_with(9, |o| {
        o.rules.cube = false;
        o.auto_roll = crate::tui::AutoRoll::NoDouble;
    });
    opening(&mut app);
    for _ in 0..10 {
        assert_ne!(app.match_state().game().phase(), Phase::Rolling);
        advance(&mut app, Entry::Notation);
    }
    // With the cube, the player who may double is asked. Turning "always" on then does not
    // roll this turn's dice at once: the double is still the player's to offer.
    let mut app = app_with(9, |o| o.auto_roll = crate::tui::AutoRoll::NoDouble);
    until_rolling(&mut app, Side::White);
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
    press(&mut app, KeyCode::Char('a'));
    assert!(app.message().contains("always"), "{}", app.message());
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.match_state().game().phase(), Phase::DoubleOffered);
    let mut app = app_with(9, |o| o.auto_roll = crate::tui::AutoRoll::NoDouble);
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Char('a'));
    assert!(app.message().contains("off"), "{}", app.message());
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
}

#[test]
fn auto_bearoff_lets_the_strongest_bot_play_a_race_one_visible_move_at_a_time() {
    let mut app = app_with(12, |o| {
        o.rules.cube = false;
        o.bot_delay_ms = 10;
    });
    press(&mut app, KeyCode::Char('o'));
    assert!(
        app.message().starts_with("auto bear-off"),
        "{}",
        app.message()
    );
    // Until a race, the computer is never asked.
    for _ in 0..3000 {
        let game = app.match_state().game();
        if game.result().is_some() {
            panic!("the game ended without a race");
        }
        if matches!(game.phase(), Phase::Moving(_)) && game.position().is_race() {
            break;
        }
        assert!(app.take_bot_job().is_none());
        advance(&mut app, Entry::Notation);
    }
    let job = app.take_bot_job().expect("the computer plays the race");
    let decision = job.decide();
    let ticks = job.ticks(&decision);
    app.handle(Event::Msg(Msg::BotDecided(job.id, decision)));
    press(&mut app, KeyCode::Char('u'));
    assert!(app.message().contains("wait"), "{}", app.message());
    let mover = app.match_state().game().turn();
    for _ in 0..ticks {
        assert!(
            app.model().status.contains(" plays "),
            "{}",
            app.model().status
        );
        app.handle(Event::Msg(Msg::BotStep(job.id)));
    }
    assert_ne!(app.match_state().game().turn(), mover, "the play was made");
}

#[test]
fn tutor_view_is_toggled_by_t() {
    let mut app = app_with(3, |_| {});
    assert!(!app.model().tutor);
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('T'),
        KeyModifiers::SHIFT,
    )));
    assert!(app.model().tutor);
}

mod clocks {
    use super::*;
    use bg_tui::clock::{ClockKind, ManualTime};
    use std::time::Duration;

    fn clocked(kind: ClockKind) -> (App, ManualTime) {
        let time = ManualTime::new();
        let mut app = app_with(5, |o| {
            o.rules.cube = false;
            o.clock = Some(kind);
        });
        app.set_time_source(Box::new(time.clone()));
        (app, time)
    }

    fn left(app: &App, side: Side) -> String {
        app.model().clocks.expect("clocks")[side.index()]
            .left
            .clone()
    }

    #[test]
    fn a_clock_runs_only_for_the_player_to_act_and_a_quick_turn_restores_it() {
        let (mut app, time) = clocked(ClockKind::Standard);
        assert!(
            !app.clock_running(),
            "no clock runs before the opening roll"
        );
        time.advance(Duration::from_secs(50));
        opening(&mut app);
        let mover = app.match_state().game().turn();
        assert_eq!(left(&app, mover), "2:00");
        assert!(app.clock_running());
        time.advance(Duration::from_secs(15));
        assert_eq!(left(&app, mover), "1:45");
        assert_eq!(left(&app, mover.opponent()), "2:00");
        assert!(
            app.handle(Event::Second),
            "a running clock redraws every second"
        );
        advance(&mut app, Entry::Notation);
        assert_eq!(left(&app, mover), "2:00", "15 s is a quick turn");
        // A slow turn keeps what it used.
        let other = mover.opponent();
        time.advance(Duration::from_secs(30));
        press(&mut app, KeyCode::Char('r'));
        advance(&mut app, Entry::Notation);
        assert_eq!(left(&app, other), "1:30");
    }

    #[test]
    fn when_time_runs_out_the_opponent_may_hand_the_side_to_the_computer() {
        let (mut app, time) = clocked(ClockKind::Blitz);
        opening(&mut app);
        let slow = app.match_state().game().turn();
        app.handle(Event::Key(KeyEvent::new(
            KeyCode::Char('C'),
            KeyModifiers::SHIFT,
        )));
        assert_eq!(app.message(), "no player's time is out");
        time.advance(Duration::from_secs(31));
        assert!(!app.handle(Event::Second) || app.clock_running());
        assert!(app.model().clocks.unwrap()[slow.index()].flagged);
        assert!(app.message().contains("time is out"), "{}", app.message());
        app.handle(Event::Key(KeyEvent::new(
            KeyCode::Char('C'),
            KeyModifiers::SHIFT,
        )));
        assert!(
            app.message().contains("for the rest of the game"),
            "{}",
            app.message()
        );
        assert!(app.model().bots[slow.index()].is_some());
        assert!(
            app.match_state().game().is_taken_over(slow),
            "the match knows: a win of this side will not count"
        );
        let job = app.take_bot_job().expect("the computer plays the side");
        answer_bot(&mut app, &job);
        assert_ne!(app.match_state().game().turn(), slow);
    }

    /// A game resumed after a side was taken over: the computer goes on playing that side
    /// for the rest of the game, as the match says ([`bg_tui::engine::Game::is_taken_over`]).
    #[test]
    fn a_side_taken_over_stays_the_computers_after_resume() {
        let (mut app, time) = clocked(ClockKind::Blitz);
        opening(&mut app);
        let slow = app.match_state().game().turn();
        time.advance(Duration::from_secs(31));
        app.handle(Event::Second);
        app.handle(Event::Key(KeyEvent::new(
            KeyCode::Char('C'),
            KeyModifiers::SHIFT,
        )));
        assert!(app.match_state().game().is_taken_over(slow));
        let (record, state) =
            bg_tui::record::load(&bg_tui::record::to_json(app.record())).expect("loads");
        let mut resumed = App::resume(Options::default(), record, state).expect("resumes");
        assert!(resumed.match_state().game().is_taken_over(slow));
        assert!(resumed.model().bots[slow.index()].is_some());
        resumed.handle(Event::Resize(80, 24));
        assert!(
            resumed.take_bot_job().is_some(),
            "the computer plays the side"
        );
    }

    /// Issue 21 (the table, part two, 4): against a bot, the person's running out of time
    /// is the bot's to claim, and it claims it at once; `C` never hands the person's own
    /// side to the computer.
    #[test]
    fn against_a_bot_the_bot_claims_the_persons_timeout() {
        let time = ManualTime::new();
        let mut app = app_with(5, |o| {
            o.rules.cube = false;
            o.clock = Some(ClockKind::Blitz);
            o.players = [
                crate::tui::Player::Human,
                crate::tui::Player::Bot(bg_tui::bot::BotSpec::Greedy),
            ];
        });
        app.set_time_source(Box::new(time.clone()));
        // Play until the person (White) is to act.
        for _ in 0..40 {
            let game = app.match_state().game();
            if game.phase() == Phase::Opening {
                opening(&mut app);
                continue;
            }
            if game.to_act() == Some(Side::White) {
                break;
            }
            let job = app.take_bot_job().expect("the bot is asked");
            answer_bot(&mut app, &job);
        }
        assert_eq!(app.match_state().game().to_act(), Some(Side::White));
        // Before it runs out, C has nothing to claim; when it has, the person may not.
        time.advance(Duration::from_secs(31));
        app.handle(Event::Second);
        assert!(
            app.match_state().game().is_taken_over(Side::White),
            "the bot claimed the person's timeout: {}",
            app.message()
        );
        assert!(
            app.log().iter().any(|l| l.contains("claims it")),
            "{:?}",
            app.log()
        );
    }
}

#[test]
fn clocks_are_saved_in_the_record_survive_resume_and_show_in_replay() {
    use crate::tui::viewer::{ViewOptions, Viewer};
    use bg_tui::clock::{ClockKind, ManualTime};
    use std::time::Duration;
    let time = ManualTime::new();
    let mut app = app_with(5, |o| {
        o.rules.cube = false;
        o.clock = Some(ClockKind::Standard);
    });
    app.set_time_source(Box::new(time.clone()));
    opening(&mut app);
    let mover = app.match_state().game().turn();
    time.advance(Duration::from_secs(30));
    advance(&mut app, Entry::Notation);
    let json = bg_tui::record::to_json(app.record());
    assert!(json.contains("\"clock\": {\"kind\":\"standard\""), "{json}");
    let (record, m) = bg_tui::record::load(&json).unwrap();
    let clock = record.clock.clone().expect("clocks in the record");
    assert_eq!(clock.reserves_ms[0].last().unwrap()[mover.index()], 90_000);
    let resumed = App::resume(Options::default(), record.clone(), m).unwrap();
    let left = |app: &App| {
        app.model().clocks.expect("clocks")[mover.index()]
            .left
            .clone()
    };
    assert_eq!(left(&resumed), "1:30", "the reserve survives resume");
    let timeline = bg_tui::replay::Timeline::new(&record).unwrap();
    let end = timeline.end();
    let mut viewer = Viewer::new(
        timeline,
        ViewOptions {
            clock: Some(clock),
            ..ViewOptions::default()
        },
    );
    viewer.go_to(end);
    assert_eq!(
        viewer.model().clocks.expect("clocks in replay")[mover.index()].left,
        "1:30"
    );
    viewer.go_to(0);
    assert_eq!(viewer.model().clocks.unwrap()[mover.index()].left, "2:00");
    // Without clocks the record has no clock at all.
    let plain = app_with(5, |_| {});
    assert!(!bg_tui::record::to_json(plain.record()).contains("clock"));
}

#[test]
fn a_typed_whole_play_after_cursor_moves_replaces_them_and_says_so() {
    let mut app = app_with(6, |o| o.rules.cube = false);
    until_moving(&mut app, |a| {
        let plays = a.match_state().game().legal_plays();
        plays.len() > 2 && plays.iter().all(|p| p.steps().len() == 2)
    });
    let plays = app.match_state().game().legal_plays().to_vec();
    let first = plays[0].steps()[0];
    // Another whole play that does not begin with the cursor's move.
    let other = *plays
        .iter()
        .find(|p| !p.steps().contains(&first))
        .expect("another play");
    go_to(&mut app, spot(first.from));
    press(&mut app, KeyCode::Enter);
    go_to(&mut app, spot(first.to));
    press(&mut app, KeyCode::Enter);
    let mover = app.match_state().game().turn();
    type_command(&mut app, &format_play(&other));
    assert_ne!(app.match_state().game().turn(), mover, "{}", app.message());
    assert!(
        app.message()
            .contains("was played as the whole move, in place of"),
        "{}",
        app.message()
    );
    assert_eq!(
        app.match_state().game().position().switched(),
        *other.position()
    );
}

/// Issue 21 (the table, part two, 6): on the fixed board of hot-seat play, Black's messages
/// name the points by the numbers on the screen (White's), not by Black's own.
#[test]
fn on_the_fixed_board_black_hears_the_numbers_on_the_screen() {
    let mut app = app(Rules::money(), 3);
    until_moving(&mut app, |a| a.match_state().game().turn() == Side::Black);
    // Walk the cursor until it stands on a point with no checker of Black's.
    for _ in 0..30 {
        let spot = app.model().cursor;
        let position = *app.match_state().game().position();
        if let Spot::Point(p) = spot
            && position.board()[usize::from(p)] <= 0
        {
            press(&mut app, KeyCode::Enter);
            let on_screen = 25 - p;
            assert_eq!(
                app.message(),
                format!("no checker of yours on {on_screen}"),
                "Black's point {p} is labelled {on_screen}"
            );
            return;
        }
        press(&mut app, KeyCode::Left);
    }
    panic!("no empty point under the cursor");
}

/// Issue 21 (the table, part two, 11): `R` before the opening roll says why nothing
/// happens, and the log draws a line between the games.
#[test]
fn resigning_before_the_opening_is_explained_and_the_log_separates_the_games() {
    let mut app = app(Rules::money(), 3);
    press(&mut app, KeyCode::Char('R'));
    assert!(
        app.message()
            .starts_with("a game can be resigned once it has started"),
        "{}",
        app.message()
    );
    until_rolling(&mut app, Side::White);
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.match_state().game().result().is_some());
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.match_state().game_number(), 2);
    assert!(
        app.log().iter().any(|l| l == "── game 2 ──"),
        "{:?}",
        app.log()
    );
}
