//! Bots in the terminal app, driven the way the runtime drives them: each question to a
//! bot is taken from the app, answered, and handed back as events (here on this thread).

use crate::tui::msg::{HintMsg, Msg};
use crate::tui::{App, Event, Options, Overlay, Player};
use bg_tui::engine::{Phase, Rules, Side};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::common;
use common::{answer_bot, press, seat_bots};

fn app(players: [Player; 2], delay: u64, seed: u64) -> App {
    App::new(Options {
        rules: Rules::money(),
        seed: Some(seed),
        players,
        bot_delay_ms: delay,
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap()
}

/// Runs the bots' questions as the runtime would, until `done` or no bot is asked.
fn run_bots(app: &mut App, done: impl Fn(&App) -> bool) -> usize {
    let mut answered = 0;
    while !done(app)
        && let Some(job) = app.take_bot_job()
    {
        answer_bot(app, &job);
        answered += 1;
        if answered > 100_000 {
            panic!("the bots never stop");
        }
    }
    answered
}

fn bot(name: &str) -> Player {
    Player::Bot(name.parse().expect("a bot's name"))
}

/// Bots play on while the hint panel is open: an answer for a position the match has left
/// is not shown; the hint is asked again for the match as it stands.
#[test]
fn a_hint_for_a_position_the_bots_have_left_is_asked_again() {
    let mut app = app([bot("random"), bot("random")], 0, 5);
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('H'),
        KeyModifiers::SHIFT,
    )));
    let stale = app.take_hint_job().expect("the hint is asked");
    // The opening roll (rolled again after a tie) moves the match on.
    run_bots(&mut app, |a| {
        a.match_state().game().phase() != Phase::Opening
    });
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        stale.id,
        Box::new(stale.panel()),
    ))));
    let again = app.take_hint_job().expect("the hint is asked again");
    assert_ne!(again.id, stale.id);
    assert_eq!(
        &again.state,
        app.match_state(),
        "for the match as it stands"
    );
    let Some(Overlay::Question { lines, .. }) = app.model().overlay else {
        panic!("the panel stays open");
    };
    assert_eq!(lines, vec!["expert is thinking".to_string()]);
    let panel = again.panel();
    let shown = panel.lines();
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        again.id,
        Box::new(panel),
    ))));
    let Some(Overlay::Question { lines, .. }) = app.model().overlay else {
        panic!("the panel stays open");
    };
    // The new answer is shown, with how `R` would roll it out under it.
    assert_eq!(lines[..shown.len()], shown[..], "the new answer is shown");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("R rolls out: ")),
        "{lines:?}"
    );
}

#[test]
fn two_bots_play_a_whole_game_through_the_event_loop() {
    let mut app = app([bot("random"), bot("random")], 0, 5);
    // Bot against bot: nobody presses a key, not even for the opening roll or the next game.
    let answered = run_bots(&mut app, |a| a.match_state().results().len() >= 2);
    assert!(answered > 20);
    assert_eq!(app.match_state().results().len(), 2, "two games are played");
}

#[test]
fn a_bot_move_is_shown_one_checker_at_a_time_with_a_delay() {
    let mut app = app([Player::Human, bot("random")], 50, 3);
    // The human rolls the opening; play on until the bot has a play to make.
    press(&mut app, KeyCode::Char('r'));
    for _ in 0..200 {
        let game = app.match_state().game();
        if game.turn() == Side::Black && matches!(game.phase(), Phase::Moving(_)) {
            break;
        }
        if let Some(job) = app.take_bot_job() {
            answer_bot(&mut app, &job);
            continue;
        }
        // Human's turn: roll, or play the first legal play by notation.
        match app.match_state().game().phase() {
            Phase::Moving(_) => {
                let text = app
                    .match_state()
                    .game()
                    .legal_plays()
                    .first()
                    .map(bg_tui::engine::format_play)
                    .unwrap_or_default();
                press(&mut app, KeyCode::Char(':'));
                for c in text.chars() {
                    press(&mut app, KeyCode::Char(c));
                }
                press(&mut app, KeyCode::Enter);
            }
            _ => press(&mut app, KeyCode::Char('r')),
        }
    }
    let job = app.take_bot_job().expect("the bot is asked for its play");
    let decision = job.decide();
    let steps = job.ticks(&decision);
    assert!(steps > 0, "with a delay, the play is shown step by step");
    assert_eq!(job.delay.as_millis(), 50);
    app.handle(Event::Msg(Msg::BotDecided(job.id, decision)));
    // While the bot's play is shown, the human's keys are refused with a reason.
    press(&mut app, KeyCode::Char('r'));
    assert!(!app.message().is_empty());
    for k in 0..steps {
        assert_eq!(app.model().dice_used.len(), k);
        app.handle(Event::Msg(Msg::BotStep(job.id)));
    }
    // After the last step the play is made, and it stays visible in notation.
    assert_eq!(app.match_state().game().turn(), Side::White);
    assert!(
        app.model().last_play.starts_with("Bob "),
        "{}",
        app.model().last_play
    );
}

#[test]
fn stale_answers_are_ignored_and_a_side_can_change_hands() {
    let mut app = app([Player::Human, bot("random")], 0, 9);
    press(&mut app, KeyCode::Char('r'));
    // Hand White to a bot too, then take both back.
    press(&mut app, KeyCode::Char(':'));
    for c in "bot random white".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    seat_bots(&mut app);
    assert!(
        app.message().contains("played by random"),
        "{}",
        app.message()
    );
    let job = app.take_bot_job();
    press(&mut app, KeyCode::Char(':'));
    for c in "human".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    assert!(app.take_bot_job().is_none(), "no bot plays now");
    if let Some(job) = job {
        // The answer to a question asked before the change is dropped.
        let before = app.match_state().clone();
        let d = job.decide();
        app.handle(Event::Msg(Msg::BotDecided(job.id, d)));
        assert_eq!(app.match_state(), &before);
    }
}

#[test]
fn a_bot_resigns_only_a_certain_loss_and_only_once() {
    use bg_tui::bot::certain_loss;
    use bg_tui::engine::{Position, WinKind};
    // On roll: 6 checkers on our 6-point (9 borne off); the opponent's last checker is on
    // its 1-point (our 24): whatever we roll, it bears off next turn.
    let mut board = [0i8; 26];
    board[6] = 6;
    board[24] = -1;
    let lost = Position::from_board(board).unwrap();
    assert_eq!(certain_loss(&lost), Some(WinKind::Single));
    // With a checker on our bar, entering with a 1 could hit it: not certain.
    board[6] = 5;
    board[25] = 1;
    assert_eq!(certain_loss(&Position::from_board(board).unwrap()), None);
    board[25] = 0;
    board[6] = 6;
    // With four checkers left at home we might bear them all off with a double: not certain.
    board[6] = 4;
    assert_eq!(certain_loss(&Position::from_board(board).unwrap()), None);
    // The opponent's last checker on its 3-point: 2-1 does not bear it off.
    board[6] = 6;
    board[24] = 0;
    board[22] = -1;
    assert_eq!(certain_loss(&Position::from_board(board).unwrap()), None);
    assert_eq!(certain_loss(&Position::START), None);

    // In the app: a bot's offer is put to the human, and after a decline it plays on.
    let mut app = app([Player::Human, bot("random")], 0, 12);
    press(&mut app, KeyCode::Char('r'));
    let mut offered = false;
    for _ in 0..400 {
        if app.match_state().game().result().is_some() {
            break;
        }
        if let Some(job) = app.take_bot_job() {
            let cube = matches!(job.question, bg_tui::bot::Question::Cube(_));
            let decision = if cube && job.may_resign {
                // A second offer in the same game is not asked for.
                assert!(!offered, "the bot may offer twice in one game");
                offered = true;
                bg_tui::bot::Decision::Act(bg_tui::engine::Action::Resign(WinKind::Single))
            } else {
                job.decide()
            };
            app.handle(Event::Msg(Msg::BotDecided(job.id, decision)));
            if offered && app.match_state().game().resignation().is_some() {
                assert!(app.model().status.contains("Bob offers to resign"));
                press(&mut app, KeyCode::Char('n'));
            }
            assert!(
                app.match_state().game().resignation().is_none(),
                "the bot offered twice in one game"
            );
            continue;
        }
        let game = app.match_state().game();
        match game.phase() {
            Phase::Moving(_) => {
                let text = game
                    .legal_plays()
                    .first()
                    .map(bg_tui::engine::format_play)
                    .unwrap_or_default();
                press(&mut app, KeyCode::Char(':'));
                for c in text.chars() {
                    press(&mut app, KeyCode::Char(c));
                }
                press(&mut app, KeyCode::Enter);
            }
            _ => press(&mut app, KeyCode::Char('r')),
        }
    }
    assert!(offered);
}

/// One step of a game against a bot: the bot's question answered (and its play shown step
/// by step), or the person's roll or first legal play by notation, or the next game.
fn step_with_bot(app: &mut App, each: &mut impl FnMut(&App)) {
    if let Some(job) = app.take_bot_job() {
        let decision = job.decide();
        app.handle(Event::Msg(Msg::BotDecided(job.id, decision)));
        each(app);
        for _ in 0..job.ticks(&decision) {
            app.handle(Event::Msg(Msg::BotStep(job.id)));
            each(app);
        }
        return;
    }
    let game = app.match_state().game();
    if game.result().is_some() {
        press(app, KeyCode::Char('y'));
        return;
    }
    match game.phase() {
        Phase::Moving(_) => {
            let text = game
                .legal_plays()
                .first()
                .map(bg_tui::engine::format_play)
                .unwrap_or_default();
            if !text.is_empty() {
                press(app, KeyCode::Char(':'));
                for c in text.chars() {
                    press(app, KeyCode::Char(c));
                }
            }
            press(app, KeyCode::Enter);
        }
        Phase::DoubleOffered | Phase::Beavered => press(app, KeyCode::Char('t')),
        _ => press(app, KeyCode::Char('r')),
    }
    each(app);
}

#[test]
fn against_a_bot_the_board_stays_on_the_persons_side_and_the_status_says_what_the_bot_does() {
    let mut app = App::new(Options {
        seed: Some(14),
        players: [bot("greedy"), Player::Human],
        bot_delay_ms: 5,
        names: ["greedy".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap();
    let mut bot_said = 0;
    let mut games = 0;
    let mut each = |app: &App| {
        let model = app.model();
        assert_eq!(model.bottom, Side::Black, "{}", model.status);
        let game = app.match_state().game();
        if game.result().is_none() && game.to_act() == Some(Side::White) {
            assert!(model.status.starts_with("greedy "), "{}", model.status);
            assert!(!model.status.contains("(r)"), "{}", model.status);
            assert!(!model.status.contains("pick up"), "{}", model.status);
            bot_said += 1;
        }
    };
    for _ in 0..3000 {
        if app.match_state().game().result().is_some() {
            games += 1;
            // The result is shown from the person's side too.
            each(&app);
            if games == 2 {
                break;
            }
        }
        step_with_bot(&mut app, &mut each);
    }
    assert_eq!(games, 2, "{} | {}", app.model().status, app.message());
    assert!(bot_said > 10);
    assert_eq!(app.model().bots, [Some("greedy".to_string()), None]);
}

#[test]
fn a_bots_answer_to_a_double_is_in_the_log() {
    let mut app = app([Player::Human, bot("greedy")], 0, 2);
    for _ in 0..200 {
        let game = app.match_state().game();
        if game.phase() == Phase::Rolling && game.turn() == Side::White {
            break;
        }
        step_with_bot(&mut app, &mut |_| {});
    }
    press(&mut app, KeyCode::Char('d'));
    let job = app.take_bot_job().expect("the bot answers");
    let decision = job.decide();
    app.handle(Event::Msg(Msg::BotDecided(job.id, decision)));
    let log = app.log();
    let last = log.last().map(String::as_str);
    assert!(
        matches!(last, Some("Bob takes" | "Bob passes")) || log.iter().any(|l| l == "Bob takes"),
        "{log:?}"
    );
    assert!(log.contains(&"Alice doubles to 2".to_string()), "{log:?}");
}

#[test]
fn the_board_stays_on_the_persons_side_while_the_computer_plays_it() {
    let mut app = app([bot("greedy"), Player::Human], 0, 4);
    assert_eq!(app.model().bottom, Side::Black);
    press(&mut app, KeyCode::Char(':'));
    for c in "bot greedy black".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    seat_bots(&mut app);
    assert_eq!(app.model().bots[1].as_deref(), Some("greedy"));
    // Both sides are the computer's now; the board still shows the person's side.
    let answered = run_bots(&mut app, |a| a.match_state().results().len() == 1);
    assert!(answered > 0);
    assert_eq!(app.model().bottom, Side::Black);
}

/// Issue 19 (an external engine as a player): an engine over UBGI that dies at its first
/// question is reported in one line, its side goes back to a person, and the game is kept.
#[test]
fn an_engine_that_dies_hands_its_side_back_and_the_game_goes_on() {
    let dying = "read l; echo ubgiok; read l; echo readyok; read l; exit 0";
    let mut app = app(
        [
            Player::Human,
            Player::Bot(bg_tui::bot::BotSpec::Ubgi(dying.to_string())),
        ],
        0,
        5,
    );
    // The engine starts on a worker once the game is up (issue 47): seated as it answers.
    seat_bots(&mut app);
    assert!(
        app.model().bots[Side::Black.index()].is_some(),
        "{}",
        app.message()
    );
    // The opening roll, then whoever is asked.
    for _ in 0..10 {
        if app.match_state().game().phase() == Phase::Opening {
            press(&mut app, KeyCode::Char('r'));
            continue;
        }
        let Some(job) = app.take_bot_job() else { break };
        answer_bot(&mut app, &job);
        if app.model().bots[Side::Black.index()].is_none() {
            break;
        }
    }
    assert!(
        app.model().bots[Side::Black.index()].is_none(),
        "{}",
        app.message()
    );
    // The engine's end is seen either on reading (it ended) or on writing the next question
    // to it (a broken pipe), whichever comes first: both are its death, said in one line.
    assert!(
        app.message().contains("it ended") || app.message().contains("stopped listening"),
        "{}",
        app.message()
    );
    assert!(
        app.message().contains("Bob is yours to play now"),
        "{}",
        app.message()
    );
    assert!(
        app.match_state().game().result().is_none(),
        "the game is kept"
    );
}

/// Issue 31 §7: a person who hands their own side to a bot in a match (`:bot` on their side)
/// still starts each next game: at the end of a game the match waits for the person's key,
/// as it did before the side was handed over; two bots from the start go on by themselves.
#[test]
fn a_person_who_hands_their_side_to_a_bot_still_starts_each_game() {
    let mut app = App::new(Options {
        rules: Rules::match_to(7),
        seed: Some(11),
        players: [bot("greedy"), Player::Human],
        bot_delay_ms: 0,
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .unwrap();
    press(&mut app, KeyCode::Char(':'));
    for c in "bot greedy black".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    seat_bots(&mut app);
    assert_eq!(app.model().bots[1].as_deref(), Some("greedy"));
    // The person rolls the opening, if the bots have not (they do not: a person sits).
    if app.match_state().game().phase() == Phase::Opening {
        press(&mut app, KeyCode::Char('r'));
    }
    run_bots(&mut app, |a| a.match_state().game().result().is_some());
    assert!(app.match_state().game().result().is_some(), "the game ends");
    assert_eq!(app.match_state().results().len(), 1);
    assert!(
        app.take_bot_job().is_none(),
        "no bot starts the next game for the person"
    );
    assert_eq!(app.match_state().results().len(), 1, "the match waits");
    // The person's key starts the next game; the bots play it.
    press(&mut app, KeyCode::Char('r'));
    assert!(app.match_state().game().result().is_none(), "a new game");
    if app.match_state().game().phase() == Phase::Opening {
        press(&mut app, KeyCode::Char('r'));
    }
    let answered = run_bots(&mut app, |a| a.match_state().results().len() == 2);
    assert!(answered > 0, "the bots play the next game");
}

/// The reminder below the board names the bot `:bot` would seat: the opponent's against a
/// bot, the strongest one in a hot-seat game (issue 49, part 6), never `greedy` regardless.
#[test]
fn the_reminder_names_the_bot_being_played() {
    let reminder = |players: [Player; 2]| app(players, 0, 5).model().message;
    assert!(
        reminder([bot("pubeval"), Player::Human]).contains(":bot pubeval lets"),
        "{}",
        reminder([bot("pubeval"), Player::Human])
    );
    assert!(reminder([Player::Human, Player::Human]).contains(":bot expert lets"));
    // A match taken up again names the bot its record seats, not the new game's options.
    let played = app([bot("pubeval"), Player::Human], 0, 5);
    let (record, m) = (played.record().clone(), played.match_state().clone());
    let mut resumed = App::resume(Options::default(), record, m).expect("resumed");
    // Esc clears what the line said of the resume: the reminder shows.
    press(&mut resumed, KeyCode::Esc);
    let message = resumed.model().message;
    assert!(message.contains(":bot pubeval lets"), "{message}");
}

/// Where the computer plays a side a person started with, or bots play both sides from the
/// start, the reminder names `:human`, which changes that, not `:bot`, which would not.
#[test]
fn the_reminder_names_human_where_the_computer_plays_a_persons_side() {
    let mut app = app([Player::Human, bot("pubeval")], 0, 5);
    common::type_command(&mut app, "bot greedy white");
    common::seat_bots(&mut app);
    press(&mut app, KeyCode::Esc);
    let message = app.model().message;
    assert!(message.contains(":human takes your side back"), "{message}");
    common::type_command(&mut app, "human");
    press(&mut app, KeyCode::Esc);
    let message = app.model().message;
    assert!(message.contains(":bot pubeval lets"), "{message}");
    let message = app_both_bots().model().message;
    assert!(
        message.contains(":human lets people play both sides"),
        "{message}"
    );
}

/// `:human` without a side hands back the sides people played from the start, not the
/// opponent `--vs` named (issue 49, part 6: it took the bot away from its side).
#[test]
fn human_without_a_side_keeps_the_opponent_named_on_the_command_line() {
    let mut app = app([Player::Human, bot("pubeval")], 0, 5);
    common::type_command(&mut app, "bot greedy white");
    common::seat_bots(&mut app);
    assert_eq!(
        app.model().bots,
        [Some("greedy".to_string()), Some("pubeval".to_string())]
    );
    common::type_command(&mut app, "human");
    assert_eq!(app.model().bots, [None, Some("pubeval".to_string())]);
    assert_eq!(app.message(), "Alice is played by a person now");
    // With bots on both sides from the start, both go to people.
    let mut app = app_both_bots();
    common::type_command(&mut app, "human");
    assert_eq!(app.model().bots, [None, None]);
    assert_eq!(app.message(), "people play both sides");
}

fn app_both_bots() -> App {
    app([bot("greedy"), bot("pubeval")], 0, 5)
}
