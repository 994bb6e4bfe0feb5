//! Tutor mode (`m`, `--tutor-mode`): a person's play or cube decision is judged by the
//! expert before it is made; one that loses at least the threshold opens the tutor's panel,
//! to take it back (the player decides again) or keep it. Seeded dice; the judgement is
//! worked out here as the runtime's worker thread would.

use crate::tui::msg::{Msg, TutorMsg};
use crate::tui::tutor::{Threshold, TutorVerdict};
use crate::tui::{App, Event, Options, Overlay, Player};
use bg_tui::bot::EXPERT_DEFAULT_PLY;
use bg_tui::bot::expert::ExpertBot;
use bg_tui::bot::expert::met::match_equity;
use bg_tui::engine::{Phase, Play, Rules, Side, format_play};
use ratatui::crossterm::event::KeyCode;

use super::common;
use common::{answer_bot, press, type_command};

fn tutored(threshold: Threshold, players: [Player; 2]) -> App {
    App::new(Options {
        rules: Rules::money(),
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        tutor_mode: true,
        tutor_threshold: threshold,
        players,
        bot_delay_ms: 0,
        ..Options::default()
    })
    .expect("a new game")
}

fn hot_seat() -> App {
    tutored(Threshold::DEFAULT, [Player::Human, Player::Human])
}

/// The opening roll (seed 2: a roll with a choice of plays).
fn open(app: &mut App) {
    press(app, KeyCode::Char('r'));
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    assert!(app.match_state().game().legal_plays().len() > 1);
}

/// The expert's best and worst plays of the roll at hand (at the tutor's depth).
fn best_and_worst(app: &App) -> (Play, Play) {
    let mut expert = ExpertBot::shipped(EXPERT_DEFAULT_PLY).expect("the expert");
    assert!(expert.select_for(app.match_state()));
    let ranked = expert.rank(app.match_state().game().legal_plays());
    let best = ranked.first().expect("plays").play;
    let worst = ranked.last().expect("plays").play;
    (best, worst)
}

/// Works out the decision held back, as the runtime's worker thread does, and hands the
/// verdict back; returns it.
fn judge(app: &mut App) -> TutorVerdict {
    assert!(
        app.message().starts_with("tutor: thinking…"),
        "the tutor says it thinks: {:?}",
        app.message()
    );
    let job = app.take_tutor_job().expect("the tutor is asked");
    let verdict = job.verdict();
    app.handle(Event::Msg(Msg::Tutor(TutorMsg::Ready(
        job.id,
        Box::new(verdict.clone()),
    ))));
    verdict
}

/// `play` as the board (fixed, White at the bottom) numbers it.
fn shown(app: &App, play: &Play) -> String {
    let text = format_play(play);
    if app.match_state().game().turn() == Side::White {
        text
    } else {
        crate::tui::tutor::renumbered(&text, |p| 25 - p)
    }
}

fn tutor_lines(app: &App) -> Option<Vec<String>> {
    match app.model().overlay {
        Some(Overlay::Question { title, lines }) if title == "Tutor" => Some(lines),
        _ => None,
    }
}

fn loss_of(verdict: &TutorVerdict) -> f64 {
    match verdict {
        TutorVerdict::Judged { loss, .. } => *loss as f64 / 1e6,
        other => panic!("not judged: {other:?}"),
    }
}

#[test]
fn a_bad_play_is_flagged_and_taking_it_back_lets_the_player_play_again() {
    let mut app = hot_seat();
    open(&mut app);
    let mover = app.match_state().game().turn();
    let (best, worst) = best_and_worst(&app);
    type_command(&mut app, &format_play(&worst));
    // Held back while the tutor thinks: the game has not moved on, and keys wait.
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.message(), "tutor: thinking… (Esc takes it back)");
    let verdict = judge(&mut app);
    let loss = loss_of(&verdict);
    assert!(loss >= 0.04, "the worst play loses {loss}");
    let lines = tutor_lines(&app).expect("the tutor's panel");
    assert!(
        lines[0].contains(&format!(
            "you lose {loss:.3} — the expert plays {}",
            shown(&app, &best)
        )),
        "{lines:?}"
    );
    assert!(lines[1].ends_with(&shown(&app, &worst)), "{lines:?}");
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    // Any other key leaves the question open.
    press(&mut app, KeyCode::Char('x'));
    assert!(tutor_lines(&app).is_some());
    // Take it back: the same roll, nothing moved, the player plays again.
    press(&mut app, KeyCode::Char('u'));
    assert!(tutor_lines(&app).is_none());
    assert_eq!(app.message(), "taken back: play the roll again");
    assert_eq!(app.match_state().game().turn(), mover);
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
    assert!(app.finished_play().is_none(), "the turn starts again");
    // The expert's play passes silently.
    type_command(&mut app, &format_play(&best));
    let verdict = judge(&mut app);
    assert!(loss_of(&verdict) < 0.0005, "{verdict:?}");
    assert!(tutor_lines(&app).is_none(), "no panel for a good play");
    assert_ne!(app.match_state().game().turn(), mover, "the play is made");
    assert!(app.model().last_play.ends_with(&format_play(&best)));
}

#[test]
fn keeping_a_flagged_play_makes_it() {
    let mut app = hot_seat();
    open(&mut app);
    let mover = app.match_state().game().turn();
    let (_, worst) = best_and_worst(&app);
    type_command(&mut app, &format_play(&worst));
    judge(&mut app);
    assert!(tutor_lines(&app).is_some());
    press(&mut app, KeyCode::Char('k'));
    assert!(tutor_lines(&app).is_none());
    assert_ne!(app.match_state().game().turn(), mover, "the play is made");
    assert!(app.model().last_play.ends_with(&format_play(&worst)));
}

#[test]
fn a_high_threshold_lets_the_bad_play_pass_silently() {
    let threshold = Threshold::parse("3").expect("a threshold");
    let mut app = tutored(threshold, [Player::Human, Player::Human]);
    open(&mut app);
    let mover = app.match_state().game().turn();
    let (_, worst) = best_and_worst(&app);
    type_command(&mut app, &format_play(&worst));
    let verdict = judge(&mut app);
    assert!(loss_of(&verdict) >= 0.04);
    assert!(tutor_lines(&app).is_none(), "under the threshold: no panel");
    assert_ne!(app.match_state().game().turn(), mover, "the play is made");
}

#[test]
fn without_tutor_mode_nothing_is_held_back_and_m_turns_it_on() {
    let mut app = App::new(Options {
        seed: Some(2),
        ..Options::default()
    })
    .expect("a new game");
    open(&mut app);
    let mover = app.match_state().game().turn();
    let (_, worst) = best_and_worst(&app);
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(
        app.message(),
        "tutor mode: on (the expert speaks of losses of 0.040 or more)"
    );
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(app.message(), "tutor mode: off");
    type_command(&mut app, &format_play(&worst));
    assert!(app.take_tutor_job().is_none());
    assert_ne!(app.match_state().game().turn(), mover);
    type_command(&mut app, "tutor on");
    assert!(app.message().starts_with("tutor mode: on"));
    type_command(&mut app, "tutor off");
    assert_eq!(app.message(), "tutor mode: off");
    type_command(&mut app, "tutor maybe");
    assert_eq!(app.message(), "tutor [on|off]");
}

/// Cube decisions: a double at the start of the game is flagged (kept here), and so is
/// passing it; the pass is taken back and a take passes silently.
#[test]
fn the_tutor_judges_cube_decisions() {
    let mut app = hot_seat();
    open(&mut app);
    let best = best_and_worst(&app).0;
    type_command(&mut app, &format_play(&best));
    judge(&mut app);
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
    press(&mut app, KeyCode::Char('d'));
    let verdict = judge(&mut app);
    assert!(loss_of(&verdict) >= 0.04, "{verdict:?}");
    let lines = tutor_lines(&app).expect("a bad double is flagged");
    assert!(
        lines[0].contains("the expert says No double, take"),
        "{lines:?}"
    );
    assert_eq!(lines[1], "you chose: double");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.match_state().game().phase(), Phase::DoubleOffered);
    press(&mut app, KeyCode::Char('p'));
    let verdict = judge(&mut app);
    assert!(loss_of(&verdict) >= 0.5, "{verdict:?}");
    let lines = tutor_lines(&app).expect("a bad pass is flagged");
    assert!(lines[0].starts_with("Very bad: you lose "), "{lines:?}");
    assert!(lines[0].contains("the expert would take"), "{lines:?}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.message(), "taken back: decide again");
    assert_eq!(app.match_state().game().phase(), Phase::DoubleOffered);
    press(&mut app, KeyCode::Char('t'));
    judge(&mut app);
    assert!(tutor_lines(&app).is_none());
    assert_eq!(app.match_state().game().cube().value(), 2);
}

/// Against a bot the person's decisions are judged, the bot's never.
#[test]
fn against_a_bot_only_the_persons_decisions_are_judged() {
    let mut app = tutored(
        Threshold::DEFAULT,
        [Player::Human, Player::Bot(bg_tui::bot::BotSpec::Greedy)],
    );
    let (mut bot_answers, mut judged) = (0, 0);
    for _ in 0..20 {
        if let Some(job) = app.take_bot_job() {
            answer_bot(&mut app, &job);
            bot_answers += 1;
            assert!(app.take_tutor_job().is_none(), "a bot's decision is judged");
            continue;
        }
        let game = app.match_state().game();
        if game.phase() == Phase::Opening {
            press(&mut app, KeyCode::Char('r'));
            continue;
        }
        assert_eq!(game.to_act(), Some(Side::White), "the person acts");
        match game.phase() {
            Phase::Moving(_) => {
                let best = best_and_worst(&app).0;
                type_command(&mut app, &format_play(&best));
                judge(&mut app);
                judged += 1;
            }
            Phase::Rolling => {
                press(&mut app, KeyCode::Char('r'));
                if app.message() == "tutor: thinking…" {
                    judge(&mut app);
                    judged += 1;
                }
            }
            _ => press(&mut app, KeyCode::Char('r')),
        }
    }
    assert!(bot_answers >= 4 && judged >= 4, "{bot_answers} {judged}");
}

/// Hot-seat with the board fixed (White at the bottom): Black's plays are named by the
/// numbers on the screen, White's numbering.
#[test]
fn the_panel_names_points_as_the_board_numbers_them() {
    let mut app = hot_seat();
    open(&mut app);
    if app.match_state().game().turn() == Side::White {
        let best = best_and_worst(&app).0;
        type_command(&mut app, &format_play(&best));
        judge(&mut app);
        press(&mut app, KeyCode::Char('r'));
        judge(&mut app);
    }
    assert_eq!(app.match_state().game().turn(), Side::Black);
    let (best, worst) = best_and_worst(&app);
    let shown = |play: &Play| crate::tui::tutor::renumbered(&format_play(play), |p| 25 - p);
    type_command(&mut app, &format_play(&worst));
    judge(&mut app);
    let lines = tutor_lines(&app).expect("the tutor's panel");
    assert!(
        lines[0].contains(&format!("the expert plays {}", shown(&best))),
        "{lines:?}"
    );
    assert!(lines[1].ends_with(&shown(&worst)), "{lines:?}");
}

/// A play moved checker by checker and confirmed with Enter is judged too; Esc while the
/// tutor thinks takes it back at once (its verdict, coming later, is dropped), and taking a
/// flagged play back puts the checkers back where the turn started.
#[test]
fn a_play_moved_by_hand_is_taken_back_to_the_start_of_the_turn() {
    let mut app = hot_seat();
    open(&mut app);
    let start = app.model().position;
    let (_, worst) = best_and_worst(&app);
    let move_by_hand = |app: &mut App| {
        for step in worst.steps().iter() {
            // Tab walks the cursor over the checkers that can move.
            for _ in 0..30 {
                if app.model().cursor == crate::tui::Spot::from(step.from) {
                    break;
                }
                press(app, KeyCode::Tab);
            }
            assert_eq!(app.model().cursor, crate::tui::Spot::from(step.from));
            press(
                app,
                KeyCode::Char(char::from(b'0' + step.from.number() - step.to.number())),
            );
        }
        assert_eq!(
            app.finished_play().map(|p| *p.position()),
            Some(*worst.position())
        );
        press(app, KeyCode::Enter);
    };
    move_by_hand(&mut app);
    let stale = app.take_tutor_job().expect("the tutor is asked");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.message(), "taken back: play the roll again");
    assert_eq!(app.model().position, start, "the checkers are back");
    app.handle(Event::Msg(Msg::Tutor(TutorMsg::Ready(
        stale.id,
        Box::new(stale.verdict()),
    ))));
    assert!(
        tutor_lines(&app).is_none(),
        "a verdict on a decision taken back is dropped"
    );
    move_by_hand(&mut app);
    judge(&mut app);
    assert!(tutor_lines(&app).is_some());
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.model().position, start, "the checkers are back");
    assert!(app.finished_play().is_none());
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
}

/// A roll when no double is possible (the cube on the other side) is no decision: it is
/// made at once, without asking the tutor.
#[test]
fn a_roll_without_a_possible_double_is_not_held_back() {
    let mut app = hot_seat();
    open(&mut app);
    let best = best_and_worst(&app).0;
    type_command(&mut app, &format_play(&best));
    judge(&mut app);
    // The doubler's opponent takes: the cube is theirs, and the doubler rolls next.
    press(&mut app, KeyCode::Char('d'));
    judge(&mut app);
    press(&mut app, KeyCode::Char('k'));
    press(&mut app, KeyCode::Char('t'));
    judge(&mut app);
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
    assert!(app.match_state().game().may_double().is_err());
    press(&mut app, KeyCode::Char('r'));
    assert!(app.take_tutor_job().is_none(), "nothing to judge");
    assert!(matches!(app.match_state().game().phase(), Phase::Moving(_)));
}

/// A threshold of 0 flags every loss, but never the expert's own play.
#[test]
fn a_zero_threshold_never_flags_the_experts_own_play() {
    let threshold = Threshold::parse("0").expect("a threshold");
    let mut app = tutored(threshold, [Player::Human, Player::Human]);
    open(&mut app);
    let mover = app.match_state().game().turn();
    let (best, _) = best_and_worst(&app);
    type_command(&mut app, &format_play(&best));
    judge(&mut app);
    assert!(tutor_lines(&app).is_none());
    assert_ne!(app.match_state().game().turn(), mover, "the play is made");
}

/// In a match the tutor's loss is labelled EMG, with the match-winning chances it costs
/// beside, as the hint panel shows both: at 5-away 5-away, cube 1, one EMG is half the
/// swing of a single game in the match equity table.
#[test]
fn in_a_match_the_tutor_says_the_loss_in_emg_and_mwc() {
    let mut app = App::new(Options {
        rules: Rules::match_to(5),
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        tutor_mode: true,
        tutor_threshold: Threshold::DEFAULT,
        players: [Player::Human, Player::Human],
        bot_delay_ms: 0,
        ..Options::default()
    })
    .expect("a new match");
    open(&mut app);
    let (_, worst) = best_and_worst(&app);
    type_command(&mut app, &format_play(&worst));
    let verdict = judge(&mut app);
    let TutorVerdict::Judged {
        loss,
        loss_mwc: Some(mwc),
        ..
    } = verdict
    else {
        panic!("judged in match-winning chances too: {verdict:?}");
    };
    let (emg, mwc) = (loss as f64 / 1e6, mwc as f64 / 1e6);
    let win = f64::from(match_equity(4, 5, false));
    let lose = f64::from(match_equity(5, 4, false));
    assert!(
        (mwc - emg * (win - lose) / 2.0).abs() < 1e-4,
        "{mwc} MWC for {emg} EMG"
    );
    let lines = tutor_lines(&app).expect("the tutor's panel");
    assert!(
        lines[0].contains(&format!(
            "you lose {emg:.3} EMG, {:.1}% MWC — ",
            100.0 * mwc
        )),
        "{lines:?}"
    );
}

/// In money play the loss is money equity, with no unit to name.
#[test]
fn in_money_play_the_tutor_names_no_unit() {
    let mut app = hot_seat();
    open(&mut app);
    let (_, worst) = best_and_worst(&app);
    type_command(&mut app, &format_play(&worst));
    let verdict = judge(&mut app);
    assert!(matches!(
        verdict,
        TutorVerdict::Judged { loss_mwc: None, .. }
    ));
    let lines = tutor_lines(&app).expect("the tutor's panel");
    assert!(
        !lines[0].contains("EMG") && !lines[0].contains("MWC"),
        "{lines:?}"
    );
}
