//! The position editor (`e`, `:setup`) driven by keys with seeded dice: the engine's
//! refusals in one line with the editor staying open, Esc leaving the game unchanged, a
//! set-up position played (by people, by a bot, with a hint) and recorded as the game's
//! start, and snapshots of the editor at 80×24 and 120×40.

use super::common;

use crate::tui::view::render;
use crate::tui::{App, Options, Player};
use bg_tui::engine::{
    BoardSpec, Cube, Dice, Phase, Position, RuleSet, Rules, Side, Variant, position_id,
};
use common::{chars, press, type_command};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

fn app_with(rules: Rules, players: [Player; 2]) -> App {
    App::new(Options {
        rules,
        seed: Some(11),
        names: ["Alice".to_string(), "Bob".to_string()],
        players,
        ..Options::default()
    })
    .expect("a game")
}

fn new_app(rules: Rules) -> App {
    app_with(rules, [Player::Human, Player::Human])
}

/// The editor is open: its status line shows.
fn editing(app: &App) -> bool {
    app.model().status.starts_with("Setting up a position")
}

/// Moves the cursor (which starts on the bottom player's 6-point) `n` points to the right
/// along the bottom row: 6 → 5 → ... → 1.
fn right(app: &mut App, n: usize) {
    for _ in 0..n {
        press(app, KeyCode::Right);
    }
}

/// The record as saved by `s` to a temporary file, read back through the rules.
fn saved_record(app: &mut App) -> (bg_tui::record::Record, bg_tui::engine::MatchState) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("match.json");
    app.save(Some(path.clone()));
    let text = std::fs::read_to_string(&path).expect("saved");
    bg_tui::record::load(&text).expect("the record loads")
}

#[test]
fn the_editor_refuses_sixteen_checkers_and_stays_open() {
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('e'));
    assert!(editing(&app));
    press(&mut app, KeyCode::Char('i'));
    press(&mut app, KeyCode::Char('w'));
    assert!(
        app.model()
            .rules
            .iter()
            .any(|l| l.contains("Alice 16!, Bob 15")),
        "{:?}",
        app.model().rules
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.message(),
        "Alice has 16 checkers on the board and the bar; a side has at most 15"
    );
    assert!(editing(&app), "a refusal keeps the editor open");
    assert_eq!(app.match_state().game().phase(), Phase::Opening);
    // Taken back, the position is the start: it plays, Alice to roll.
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Enter);
    assert!(!editing(&app));
    let game = app.match_state().game();
    assert_eq!(game.phase(), Phase::Rolling);
    assert_eq!(game.turn(), Side::White);
    assert_eq!(*game.position(), Position::START);
}

#[test]
fn the_editor_refuses_both_sides_on_a_point_where_the_rules_forbid_it() {
    let mut app = new_app(Rules::money());
    press(&mut app, KeyCode::Char('e'));
    press(&mut app, KeyCode::Char('i'));
    // Bob's checker on Alice's 6-point, where her five are; one of her others taken off
    // the 8-point so the count stays at 15 (the cursor goes left twice, 6 → bar → 7 → 8).
    press(&mut app, KeyCode::Char('b'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.message(),
        "both sides have checkers on Alice's 6-point, which backgammon does not allow"
    );
    assert!(editing(&app));
    // In Plakoto the same is a pin, which plays.
    let mut app = app_with(Rules::of(RuleSet::Plakoto), [Player::Human, Player::Human]);
    press(&mut app, KeyCode::Char('e'));
    press(&mut app, KeyCode::Char('c'));
    chars(&mut app, "wb");
    right(&mut app, 5);
    press(&mut app, KeyCode::Char('b'));
    press(&mut app, KeyCode::Enter);
    assert!(!editing(&app), "{}", app.message());
    let position = *app.match_state().game().position();
    assert_eq!(
        position.mover_pinned(),
        vec![6],
        "Alice's checker lies pinned"
    );
}

#[test]
fn the_editor_refuses_a_plakoto_pin_without_a_pinner() {
    let mut app = app_with(Rules::of(RuleSet::Plakoto), [Player::Human, Player::Human]);
    press(&mut app, KeyCode::Char('e'));
    press(&mut app, KeyCode::Char('c'));
    // Alice's single checker on her 6-point marked pinned, with nothing of Bob's on top;
    // Bob has a checker on her 1-point.
    chars(&mut app, "wp");
    right(&mut app, 5);
    press(&mut app, KeyCode::Char('b'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.message(),
        "Alice's pinned checker on Alice's 6-point has no checker of Bob's on top"
    );
    assert!(editing(&app));
    // Freed, it plays.
    right(&mut app, 0);
    for _ in 0..5 {
        press(&mut app, KeyCode::Left);
    }
    press(&mut app, KeyCode::Char('p'));
    press(&mut app, KeyCode::Enter);
    assert!(!editing(&app), "{}", app.message());
}

#[test]
fn esc_goes_back_to_the_game_unchanged() {
    let mut app = new_app(Rules::match_to(5));
    press(&mut app, KeyCode::Char('r'));
    let before = app.match_state().clone();
    press(&mut app, KeyCode::Char('e'));
    chars(&mut app, "cwwtWv");
    press(&mut app, KeyCode::Esc);
    assert!(!editing(&app));
    assert_eq!(app.message(), "back to the game, unchanged");
    assert_eq!(app.match_state(), &before);
}

#[test]
fn a_set_up_match_position_plays_with_its_dice_cube_and_score_and_is_recorded() {
    let mut app = new_app(Rules::match_to(5));
    press(&mut app, KeyCode::Char('e'));
    press(&mut app, KeyCode::Char('c'));
    // Alice: two on her 6-point, one on her 1-point; Bob: two on his 1-point (her 24-point,
    // above it).
    chars(&mut app, "ww");
    right(&mut app, 5);
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Up);
    chars(&mut app, "bb");
    // Bob on roll with 6-5, the cube at 2 on Alice's side, the score 1-3.
    chars(&mut app, "t65vo");
    chars(&mut app, "WBBB");
    press(&mut app, KeyCode::Enter);
    assert!(!editing(&app), "{}", app.message());
    let m = app.match_state().clone();
    let game = m.game();
    assert_eq!(game.turn(), Side::Black);
    assert_eq!(game.phase(), Phase::Moving(Dice::new(6, 5).unwrap()));
    assert_eq!(game.cube(), Cube::new(2, Some(Side::White)).unwrap());
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (1, 3));
    assert_eq!(game.position().mover_on(1), 2, "Bob's two on his 1-point");
    assert_eq!(
        game.position().opponent_on(1),
        1,
        "Alice's one on her 1-point"
    );
    let (record, replayed) = saved_record(&mut app);
    let start = record.games[0].start.as_ref().expect("the game's start");
    assert_eq!(start.score, [1, 3]);
    assert_eq!(replayed, m, "the record replays to the set-up game");
}

#[test]
fn setup_reads_a_position_id_from_the_command_line() {
    let spec =
        BoardSpec::from_points(&[(1, 2), (2, 2), (3, 1)], &[(24, 3)], [0, 0], &[]).expect("points");
    let race = spec.to_position(Variant::Backgammon).expect("a position");
    let mut app = new_app(Rules::money());
    type_command(&mut app, &format!("setup {}", position_id(&race)));
    assert!(editing(&app), "{}", app.message());
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.match_state().game().position(), race);
    // Nonsense is refused in one line, and the game goes on.
    type_command(&mut app, "setup ###");
    assert!(!editing(&app));
    assert!(
        app.message().starts_with("Position ID ###: "),
        "{}",
        app.message()
    );
}

/// Issue 34, item 1: both sides on the bar against closed boards is refused at Enter in one
/// line, the editor staying open and the game unchanged; it was played, and its game never
/// ended.
#[test]
fn the_editor_refuses_a_position_nobody_can_ever_move_from() {
    let mut app = new_app(Rules::money());
    type_command(
        &mut app,
        "setup XGID=cBBBBBB------------bbbbbbC:0:0:1:00:0:0:0:0:10",
    );
    assert!(editing(&app), "{}", app.message());
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.message(),
        "neither side can ever move: no roll has a legal play for either side, so the game could never end"
    );
    assert!(editing(&app), "a refusal keeps the editor open");
    assert_eq!(app.match_state().game().phase(), Phase::Opening);
    assert_eq!(*app.match_state().game().position(), Position::START);
    // Esc goes back to the game, unchanged.
    press(&mut app, KeyCode::Esc);
    assert!(!editing(&app));
    assert_eq!(app.match_state().game().phase(), Phase::Opening);
}

#[test]
fn the_dice_rolled_in_the_editor_follow_the_seed() {
    let roll = || {
        let mut app = new_app(Rules::money());
        chars(&mut app, "eir");
        press(&mut app, KeyCode::Enter);
        app.match_state().game().dice()
    };
    let first = roll();
    assert!(first.is_some());
    assert_eq!(first, roll());
}

#[test]
fn a_bot_plays_a_set_up_position_and_the_hint_works_on_it() {
    let mut app = app_with(
        Rules::money(),
        [Player::Human, Player::Bot(bg_tui::bot::BotSpec::Greedy)],
    );
    // Bob (the bot) on roll at the start position.
    chars(&mut app, "eit");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.match_state().game().turn(), Side::Black);
    // While the bot thinks, no position is set up.
    press(&mut app, KeyCode::Char('e'));
    assert!(!editing(&app));
    assert_eq!(app.message(), "wait for the computer's move");
    let mut asked = 0;
    while let Some(job) = app.take_bot_job() {
        common::answer_bot(&mut app, &job);
        asked += 1;
        assert!(asked < 10, "the bot is asked again and again");
    }
    assert!(asked > 0, "the bot is asked to act");
    assert_ne!(
        app.match_state().game().turn(),
        Side::Black,
        "the bot has rolled and played"
    );
    // The hint is worked out on the game as it stands.
    let mut app = new_app(Rules::money());
    chars(&mut app, "eic");
    chars(&mut app, "w");
    right(&mut app, 5);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Char('b'));
    chars(&mut app, "31");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('H'));
    let job = app.take_hint_job().expect("a hint is asked for");
    assert_eq!(job.state, *app.match_state());
    assert_eq!(job.state.game().position().mover_on(6), 1);
}

#[test]
fn setting_up_after_a_finished_game_starts_the_next_game_from_it() {
    let mut app = new_app(Rules::match_to(3));
    // Alice bears her last checker off with any roll.
    chars(&mut app, "ec");
    right(&mut app, 5);
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Up);
    chars(&mut app, "bb66");
    press(&mut app, KeyCode::Enter);
    type_command(&mut app, "1/off");
    assert!(
        app.match_state().game().result().is_some(),
        "{}",
        app.message()
    );
    assert_eq!(app.match_state().score(Side::White), 1);
    // The next game, set up: the score stays as the match has it unless changed.
    chars(&mut app, "ei");
    press(&mut app, KeyCode::Enter);
    let m = app.match_state();
    assert_eq!(m.game_number(), 2);
    assert_eq!(m.results().len(), 1);
    assert_eq!(m.score(Side::White), 1);
    let (record, replayed) = saved_record(&mut app);
    assert_eq!(record.games.len(), 2);
    assert!(record.games[1].start.is_some());
    assert_eq!(&replayed, app.match_state());
}

fn snapshot_both(name: &str, app: &mut App) {
    for (w, h) in [(80, 24), (120, 40)] {
        app.handle(crate::tui::Event::Resize(w, h));
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
        let model = app.model();
        terminal
            .draw(|f| render(&model, f.area(), f.buffer_mut()))
            .expect("draw");
        println!("{name} at {w}x{h}:\n{}", terminal.backend());
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), terminal.backend());
    }
}

#[test]
fn snapshots_of_the_editor() {
    // Sixteen checkers of Alice's, refused.
    let mut app = new_app(Rules::match_to(5));
    chars(&mut app, "eiwW");
    press(&mut app, KeyCode::Enter);
    snapshot_both("setup_sixteen_refused", &mut app);
    // A Plakoto pin being set up, Bob on roll with 5-2.
    let mut app = app_with(Rules::of(RuleSet::Plakoto), [Player::Human, Player::Human]);
    chars(&mut app, "ecwb");
    right(&mut app, 5);
    chars(&mut app, "bbt52");
    snapshot_both("setup_plakoto_pin", &mut app);
}

#[test]
fn the_editors_help_fits_at_80_columns() {
    let mut app = new_app(Rules::match_to(5));
    chars(&mut app, "e?");
    snapshot_both("setup_help", &mut app);
    app.handle(crate::tui::Event::Resize(80, 24));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    let model = app.model();
    terminal
        .draw(|f| render(&model, f.area(), f.buffer_mut()))
        .expect("draw");
    let text = terminal.backend().to_string();
    for (keys, what) in crate::tui::editor::help_rows(false) {
        assert!(text.contains(&what), "{keys}: {what:?} is cut");
    }
}
