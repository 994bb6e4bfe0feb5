//! The board view on ratatui's `TestBackend`: snapshots of the screens a player sees, at
//! 80×24 and 120×40, plus checks that drawing never panics, that mouse clicks map back to
//! the spots drawn, and that the styles (cursor, dice, colour) are right.

use super::common;
use crate::tui::msg::{HintMsg, Msg, TutorMsg};

use common::sides;

use crate::tui::view::{MIN_HEIGHT, MIN_WIDTH, render, spot_area, spot_at};
use crate::tui::{BoardModel, ClockShow, LastMove, Overlay, Palette, Spot};
use bg_tui::engine::Step;
use bg_tui::engine::{Cube, Dice, Position, Side};
use bg_tui::engine::{GameStateCode, MatchIdFields, match_id, position_id};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

/// The two sizes every screen is checked at.
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// A model of `position` with `on_roll` to play, Alice (White) against Bob (Black) in a
/// 5-point match at 0-0 with the cube centred, IDs computed as GNU Backgammon would.
fn model(position: Position, on_roll: Side) -> BoardModel {
    let mut m = BoardModel {
        position,
        on_roll,
        bottom: on_roll,
        to_act: Some(on_roll),
        answering: false,
        names: ["Alice".to_string(), "Bob".to_string()],
        bots: [None, None],
        cube: Some(Cube::CENTRED),
        dice: None,
        dice_used: Vec::new(),
        match_length: Some(5),
        score: [0, 0],
        crawford: String::new(),
        rules: Vec::new(),
        board_text: None,
        xgid: None,
        position_id: String::new(),
        match_id: String::new(),
        cursor: Spot::Point(1),
        picked: None,
        targets: Vec::new(),
        status: String::new(),
        message: String::new(),
        last_play: String::new(),
        last_move: None,
        log_scroll: 0,
        log: Vec::new(),
        clocks: None,
        tutor: false,
        saving: String::new(),
        overlay: None,
        command_line: None,
        ascii: false,
        color: true,
        palette: Palette::Dark,
    };
    set_ids(&mut m);
    m
}

/// Fills in the Position ID and Match ID from the model's other fields.
fn set_ids(m: &mut BoardModel) {
    let cube = m.cube.unwrap_or(Cube::CENTRED);
    let doubled = matches!(m.overlay, Some(Overlay::Question { .. }));
    m.position_id = position_id(&m.position);
    m.match_id = match_id(&MatchIdFields {
        cube_log: u8::try_from(cube.log2()).expect("small cube"),
        cube_owner: cube.owner(),
        on_roll: m.on_roll,
        crawford: m.crawford == "Crawford",
        game_state: GameStateCode::Playing,
        turn: if doubled {
            m.on_roll.opponent()
        } else {
            m.on_roll
        },
        doubled,
        resigned: 0,
        dice: m.dice,
        match_length: m.match_length.unwrap_or(0),
        score: m.score,
        jacoby: m.match_length.is_none(),
    });
}

fn dice(a: u8, b: u8) -> Option<Dice> {
    Some(Dice::new(a, b).expect("valid dice"))
}

/// The start of a match: Alice has rolled 3-1 and the cursor is on her 8-point.
fn opening() -> BoardModel {
    let mut m = model(Position::START, Side::White);
    m.dice = dice(3, 1);
    m.cursor = Spot::Point(8);
    m.status = "Alice to play 3-1: pick a checker with the arrows and Enter, or type :".into();
    set_ids(&mut m);
    m
}

/// Both sides on the bar and both bearing off: Bob entered with his 3, has the 1 left and
/// has picked up his second checker on the bar.
fn bar_and_off() -> BoardModel {
    let position = sides(
        &[(25, 2), (6, 3), (5, 2), (4, 2), (3, 1), (2, 2)],
        &[(25, 1), (6, 3), (5, 2), (4, 2), (2, 2), (18, 1)],
    );
    let mut m = model(position, Side::Black);
    m.match_length = Some(7);
    m.score = [4, 6];
    m.crawford = "post-Crawford".into();
    m.cube = Some(Cube::new(2, Some(Side::White)).expect("valid cube"));
    m.dice = dice(3, 1);
    m.dice_used = vec![3];
    m.picked = Some(Spot::Bar);
    m.targets = vec![Spot::Point(24)];
    m.cursor = Spot::Point(24);
    m.last_play = "Alice 6-4: 24/18 13/9*".into();
    m.status = "Bob to play the 1: Enter puts the checker on the 24-point".into();
    m.message = "Checkers on the bar come in first".into();
    m.command_line = Some("bar/24".into());
    set_ids(&mut m);
    m
}

/// Ten checkers on Alice's 6-point and eleven on Bob's; Alice has played half of a 6-6 in
/// a money game with the cube at 4 on Bob's side.
fn tall_stack() -> BoardModel {
    let position = sides(&[(6, 10), (8, 3), (7, 2)], &[(6, 11), (8, 2), (24, 2)]);
    let mut m = model(position, Side::White);
    m.match_length = None;
    m.score = [3, 1];
    m.cube = Some(Cube::new(4, Some(Side::Black)).expect("valid cube"));
    m.dice = dice(6, 6);
    m.dice_used = vec![6, 6];
    m.cursor = Spot::Point(6);
    m.last_play = "Bob 5-2: 13/8 13/11".into();
    m.status = "Alice to play 6-6: 2 dice left".into();
    set_ids(&mut m);
    m
}

/// Bob has doubled; Alice is asked to take or pass.
fn double_offered() -> BoardModel {
    let position = sides(
        &[(24, 2), (13, 4), (8, 3), (6, 4), (5, 2)],
        &[(24, 1), (13, 5), (8, 2), (6, 5), (4, 2)],
    );
    let mut m = model(position, Side::Black);
    m.score = [1, 2];
    m.overlay = Some(Overlay::Question {
        title: "Bob doubles to 2".into(),
        lines: vec![
            "t  take: play on for 2 points".into(),
            "p  pass: give up 1 point".into(),
        ],
    });
    m.status = "Alice: take or pass?".into();
    set_ids(&mut m);
    m
}

/// Alice has borne off her last checker before Bob bore off any: a gammon.
fn game_over() -> BoardModel {
    let position = sides(&[], &[(13, 2), (8, 3), (6, 5), (5, 5)]);
    let mut m = model(position, Side::White);
    m.score = [2, 0];
    m.last_play = "Alice 4-2: 4/off 2/off".into();
    m.overlay = Some(Overlay::GameOver {
        title: "Alice wins a gammon".into(),
        lines: vec![
            "Cube 1: 2 points".into(),
            "Score: Alice 2, Bob 0 (5-point match)".into(),
            "n  next game    q  quit".into(),
        ],
    });
    m.status = "Game over".into();
    set_ids(&mut m);
    m
}

/// The keys, as the help shows them.
fn help_rows() -> Vec<(String, String)> {
    [
        ("← → ↑ ↓", "move the cursor"),
        ("Enter, Space", "pick up / put down a checker"),
        ("Esc", "put the checker back"),
        ("r", "roll the dice"),
        ("d", "double"),
        ("t / p", "take / pass a double"),
        ("u", "undo the last checker"),
        ("c", "confirm the play"),
        (":", "type a move such as 8/5 6/5"),
        ("h, ?", "this help"),
        ("q", "quit"),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}

fn help() -> BoardModel {
    let mut m = opening();
    m.overlay = Some(Overlay::Help(help_rows()));
    m
}

/// `m` in ASCII without colour; the help's arrow keys spelled out, as the app does.
fn ascii(mut m: BoardModel) -> BoardModel {
    if let Some(Overlay::Help(rows)) = &mut m.overlay {
        for (keys, _) in rows {
            *keys = keys.replace("← → ↑ ↓", "arrows");
        }
    }
    m.ascii = true;
    m.color = false;
    m
}

/// `model` drawn on a `width`×`height` test terminal.
fn draw(model: &BoardModel, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|f| render(model, f.area(), f.buffer_mut()))
        .expect("draw");
    terminal
}

/// Snapshots `model` at both sizes, printing each so it can be reviewed by eye.
fn snapshot_both(name: &str, model: &BoardModel) {
    for (w, h) in SIZES {
        let terminal = draw(model, w, h);
        println!("{name} at {w}x{h}:\n{}", terminal.backend());
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), terminal.backend());
    }
}

/// Hot-seat with the board fixed: White (Alice) at the bottom while Bob is on roll with
/// 6-4; Bob played his 4 first (8/4) and has picked up a checker on his 13-point.
fn fixed_orientation() -> BoardModel {
    let position = sides(
        &[(24, 2), (13, 4), (8, 2), (6, 5), (4, 1), (9, 1)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
    );
    let mut m = model(position, Side::Black);
    m.bottom = Side::White;
    m.dice = dice(6, 4);
    m.dice_used = vec![4];
    m.picked = Some(Spot::Point(13));
    m.cursor = Spot::Point(13);
    m.targets = vec![Spot::Point(7)];
    m.status = "Bob to move, 6 left: drop it on a highlighted spot or press a die".into();
    set_ids(&mut m);
    m
}

/// Alice to roll after Bob's 6-4: 24/18 13/9*, marked on the board; Alice's hit checker on
/// the bar. Alice is at the bottom.
fn last_move_marked() -> BoardModel {
    let position = sides(
        &[(25, 1), (24, 2), (13, 4), (8, 3), (6, 5)],
        &[(24, 1), (18, 1), (13, 4), (9, 1), (8, 3), (6, 5)],
    );
    let mut m = model(position, Side::White);
    m.last_move = Some(LastMove {
        side: Side::Black,
        steps: vec![
            Step {
                from: common::place(24),
                to: common::place(18),
                hit: false,
            },
            Step {
                from: common::place(13),
                to: common::place(9),
                hit: true,
            },
        ],
    });
    m.last_play = "Bob 6-4: 24/18 13/9*".into();
    m.status = "Alice: roll (r) or double (d)".into();
    set_ids(&mut m);
    m
}

/// Against a bot with clocks: the log of the last events and both reserves, Bob's running.
fn log_and_clocks() -> BoardModel {
    let mut m = last_move_marked();
    m.names = ["Alice".into(), "greedy".into()];
    m.bots = [None, Some("greedy".into())];
    m.to_act = Some(Side::Black);
    m.clocks = Some([
        ClockShow {
            left: "2:00".into(),
            running: false,
            flagged: false,
        },
        ClockShow {
            left: "0:00".into(),
            running: true,
            flagged: true,
        },
    ]);
    m.log = (1..=14)
        .map(|i| format!("event {i}: greedy 6-4: 24/18 13/9*"))
        .chain([
            "Alice rolls 5-5".to_string(),
            "greedy's time is out".to_string(),
        ])
        .collect();
    m.status = "greedy is thinking: double or roll".into();
    m
}

/// The tutor view: both players' point numbers.
fn tutor() -> BoardModel {
    let mut m = last_move_marked();
    m.tutor = true;
    m
}

/// The game's own help rows, as `?` shows them.
fn real_help() -> BoardModel {
    let mut m = opening();
    m.overlay = Some(Overlay::Help(crate::tui::keys::help_rows(
        crate::tui::app::PANEL_KEYS,
    )));
    m
}

/// A board of the plain form from `(point, count)` lists, for the rule sets.
fn spec_position(
    variant: bg_tui::engine::Variant,
    mine: &[(u8, u8)],
    theirs: &[(u8, u8)],
    pinned: &[u8],
) -> Position {
    bg_tui::engine::BoardSpec::from_points(mine, theirs, [0, 0], pinned)
        .and_then(|spec| spec.to_position(variant))
        .expect("a valid board")
}

/// Plakoto: Alice (on roll) has pinned Bob's checker on her 5-point with two checkers,
/// and Bob has pinned Alice's mother on her 24-point.
fn plakoto_pins() -> BoardModel {
    let position = spec_position(
        bg_tui::engine::Variant::Plakoto,
        &[(5, 2), (24, 1), (13, 12)],
        &[(5, 1), (24, 1), (1, 13)],
        &[24],
    );
    let mut m = model(position, Side::White);
    m.cube = None;
    m.rules = vec![
        "Plakoto".into(),
        "Alice's mother is pinned: Bob wins once its 24-point is empty".into(),
    ];
    m.board_text = Some(bg_tui::engine::BoardSpec::of_position(&position).to_json());
    m
}

/// The rows of a buffer as text.
fn rows_of(buf: &Buffer) -> Vec<Vec<String>> {
    let width = usize::from(buf.area.width);
    buf.content
        .chunks(width)
        .map(|row| row.iter().map(|c| c.symbol().to_string()).collect())
        .collect()
}

/// The column under the point label `label` in the row `row`.
fn label_column(row: &[String], label: &str) -> usize {
    let line: String = row.concat();
    let byte = line.find(label).expect("a point label");
    line[..byte].chars().count() + label.chars().count() / 2
}

#[test]
fn plakoto_pinned_checkers_lie_under_their_pinners() {
    let m = plakoto_pins();
    let terminal = draw(&m, 120, 40);
    let rows = rows_of(terminal.backend().buffer());
    let line = |r: usize| rows[r].concat();
    let top_labels = (0..rows.len())
        .find(|&r| line(r).contains("13   14"))
        .unwrap();
    let bottom_labels = (0..rows.len())
        .rfind(|&r| line(r).contains("12   11"))
        .unwrap();
    // Alice (White) is ○, Bob ●. On Alice's 5-point (bottom right half) Bob's pinned
    // checker lies at the edge under Alice's two; on her 24-point (top right) her pinned
    // mother lies at the edge under Bob's checker.
    let five = label_column(&rows[bottom_labels], " 5 ");
    let edge = bottom_labels - 2;
    assert_eq!(rows[edge][five], "●", "Bob's pinned checker at the edge");
    assert_eq!(rows[edge - 1][five], "○");
    assert_eq!(rows[edge - 2][five], "○");
    let twenty_four = label_column(&rows[top_labels], "24");
    assert_eq!(
        rows[top_labels + 2][twenty_four],
        "○",
        "Alice's pinned mother at the edge"
    );
    assert_eq!(rows[top_labels + 3][twenty_four], "●");
    let shown = text(terminal.backend().buffer());
    assert!(shown.contains("Alice's mother is pinned"));
    assert!(
        shown.contains("Board: {\"mine\""),
        "the plain board instead of the IDs"
    );
    assert!(!shown.contains("Position ID"));
    snapshot_both("plakoto_pins", &m);
}

/// Issue 21 (the table, part two, 9): Alice's last move pinned Bob's checker on her
/// 5-point; the last-move marks light her top checker there and draw no hit mark over it
/// (the pin shows itself).
#[test]
fn the_last_move_mark_leaves_the_pinner_in_sight() {
    let mut m = plakoto_pins();
    m.last_move = Some(LastMove {
        side: Side::White,
        steps: vec![bg_tui::engine::Step {
            from: common::place(13),
            to: common::place(5),
            hit: true,
        }],
    });
    let terminal = draw(&m, 120, 40);
    let rows = rows_of(terminal.backend().buffer());
    let line = |r: usize| rows[r].concat();
    let bottom_labels = (0..rows.len())
        .rfind(|&r| line(r).contains("12   11"))
        .unwrap();
    let five = label_column(&rows[bottom_labels], " 5 ");
    let edge = bottom_labels - 2;
    assert_eq!(rows[edge][five], "●", "Bob's pinned checker at the edge");
    assert_eq!(rows[edge - 1][five], "○");
    assert_eq!(rows[edge - 2][five], "○", "the pinner on top, not a mark");
}

/// Fevga: the routes in the panel, and the tutor numbers of the top player by Fevga's
/// geometry (Bob's 1-point is Alice's 13-point).
#[test]
fn fevga_routes_and_tutor_numbers() {
    let position = spec_position(
        bg_tui::engine::Variant::Fevga,
        &[(24, 14), (18, 1)],
        &[(12, 14), (6, 1)],
        &[],
    );
    let mut m = model(position, Side::White);
    m.cube = None;
    m.tutor = true;
    m.rules = vec![
        "Fevga".into(),
        "Alice: 24 → 1, home 1-6".into(),
        "Bob: 12 → 1, then 24 → 13, home 13-18".into(),
    ];
    m.board_text = Some(bg_tui::engine::BoardSpec::of_position(&position).to_json());
    let terminal = draw(&m, 120, 40);
    let rows = rows_of(terminal.backend().buffer());
    let line = |r: usize| rows[r].concat();
    // The outer (top player's) numbers above the board: Bob's 1 over Alice's 13, his 12
    // over her 24; below, his 24 under her 12 and his 13 under her 1.
    let inner = (0..rows.len())
        .find(|&r| line(r).contains("13   14"))
        .unwrap();
    let outer = &rows[inner - 1];
    assert_eq!(
        outer[label_column(&rows[inner], "13")].trim(),
        "1",
        "{}",
        line(inner - 1)
    );
    let at = label_column(&rows[inner], "24");
    assert_eq!(
        format!("{}{}", outer[at - 1], outer[at]).trim(),
        "12",
        "{}",
        line(inner - 1)
    );
    assert!(text(terminal.backend().buffer()).contains("Bob: 12 → 1, then 24 → 13"));
    snapshot_both("fevga_routes_tutor", &m);
}

#[test]
fn a_fixed_board_with_the_top_player_on_roll() {
    snapshot_both("fixed_orientation", &fixed_orientation());
}

#[test]
fn the_last_play_marked() {
    snapshot_both("last_move", &last_move_marked());
}

#[test]
fn the_log_and_the_clocks() {
    snapshot_both("log_and_clocks", &log_and_clocks());
}

#[test]
fn the_tutor_view() {
    snapshot_both("tutor", &tutor());
}

#[test]
fn the_games_help_fits_at_80_columns() {
    snapshot_both("real_help", &real_help());
    let terminal = draw(&real_help(), 80, 24);
    let text = text(terminal.backend().buffer());
    for (keys, what) in crate::tui::keys::help_rows(crate::tui::app::PANEL_KEYS) {
        assert!(text.contains(&what), "{keys}: {what:?} is cut");
    }
}

#[test]
fn the_die_played_is_dim_whichever_it_was() {
    let m = fixed_orientation();
    let terminal = draw(&m, 80, 24);
    let buf = terminal.backend().buffer();
    let find = |needle: &str| {
        for y in 0..24u16 {
            let row: Vec<&str> = (0..80u16).map(|x| buf[(x, y)].symbol()).collect();
            let line = row.concat();
            if let Some(at) = line.find(needle) {
                // The board's rows hold one-column characters only before the dice.
                let col = line[..at].chars().count();
                return buf[(col as u16 + 1, y)].modifier;
            }
        }
        panic!("{needle} not drawn");
    };
    assert!(find("[4]").contains(Modifier::DIM), "the 4 was played");
    assert!(!find("[6]").contains(Modifier::DIM), "the 6 is left");
}

/// `--theme light`: White's checkers in blue rather than yellow, the dice not in white, so
/// both read on a light background; the dark theme keeps yellow.
#[test]
fn the_light_theme_draws_no_yellow_or_white() {
    let colours = |palette: Palette| {
        let mut m = opening();
        m.dice = dice(6, 4);
        m.palette = palette;
        let terminal = draw(&m, 80, 24);
        let buf = terminal.backend().buffer().clone();
        let mut white_checkers = Vec::new();
        let mut all = Vec::new();
        for y in 0..24u16 {
            for x in 0..80u16 {
                let cell = &buf[(x, y)];
                all.push(cell.fg);
                if cell.symbol() == "○" {
                    white_checkers.push(cell.fg);
                }
            }
        }
        (white_checkers, all)
    };
    let (dark_white, dark_all) = colours(Palette::Dark);
    let (light_white, light_all) = colours(Palette::Light);
    assert!(!dark_white.is_empty() && dark_white.iter().all(|c| *c == Color::Yellow));
    assert!(!light_white.is_empty() && light_white.iter().all(|c| *c == Color::Blue));
    assert!(dark_all.contains(&Color::Yellow));
    for pale in [Color::Yellow, Color::White, Color::Cyan, Color::LightGreen] {
        assert!(
            !light_all.contains(&pale),
            "{pale:?} drawn in the light theme"
        );
    }
}

#[test]
fn opening_position() {
    snapshot_both("opening", &opening());
}

#[test]
fn checkers_on_the_bar_and_borne_off() {
    snapshot_both("bar_and_off", &bar_and_off());
}

#[test]
fn a_tall_stack() {
    snapshot_both("tall_stack", &tall_stack());
}

#[test]
fn a_double_offered() {
    snapshot_both("double_offered", &double_offered());
}

#[test]
fn game_over_panel() {
    snapshot_both("game_over", &game_over());
}

#[test]
fn help_overlay() {
    snapshot_both("help", &help());
}

#[test]
fn ascii_mode() {
    snapshot_both("ascii_opening", &ascii(opening()));
    snapshot_both("ascii_bar_and_off", &ascii(bar_and_off()));
}

#[test]
fn terminal_too_small() {
    for (w, h) in [(60, 20), (79, 24), (80, 23), (24, 6)] {
        let terminal = draw(&opening(), w, h);
        println!("too small at {w}x{h}:\n{}", terminal.backend());
        insta::assert_snapshot!(format!("too_small_{w}x{h}"), terminal.backend());
    }
}

/// Every symbol in the buffer, joined.
fn text(buf: &Buffer) -> String {
    buf.content().iter().map(|c| c.symbol()).collect()
}

#[test]
fn too_small_says_how_large_the_terminal_must_be() {
    let terminal = draw(&opening(), 60, 20);
    let text: String = text(terminal.backend().buffer())
        .split_whitespace()
        .collect();
    let want: String =
        format!("bg-tui needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is 60×20.")
            .split_whitespace()
            .collect();
    assert_eq!(text, want);
}

/// Models with every field in use, long text included, for the checks over many sizes.
fn all_models() -> Vec<BoardModel> {
    let mut long = bar_and_off();
    long.names = ["A".repeat(100), "名前".repeat(30)];
    long.status = "status ".repeat(40);
    long.message = "message ".repeat(40);
    long.last_play = "Alice 6-6: 24/18(2) 13/7(2) ".repeat(5);
    long.command_line = Some("x".repeat(300));
    long.crawford = "Crawford".into();
    let mut many_help = help();
    many_help.overlay = Some(Overlay::Help(
        (0..60)
            .map(|i| (format!("key {i}"), format!("does thing number {i}")))
            .collect(),
    ));
    let mut empty = model(Position::EMPTY, Side::Black);
    empty.names = [String::new(), String::new()];
    empty.cube = None;
    empty.cursor = Spot::Point(0);
    empty.picked = Some(Spot::Tray);
    empty.targets = vec![Spot::Tray, Spot::Bar, Spot::Point(25), Spot::Point(3)];
    empty.dice_used = vec![2; 9];
    empty.dice = dice(2, 2);
    vec![
        opening(),
        bar_and_off(),
        tall_stack(),
        double_offered(),
        game_over(),
        help(),
        ascii(help()),
        ascii(game_over()),
        long,
        many_help,
        empty,
    ]
}

#[test]
#[ignore = "prints screens for review: cargo test --bin bg-tui print_extreme_models -- --ignored --nocapture"]
fn print_extreme_models() {
    for m in all_models() {
        println!("{}", draw(&m, 80, 24).backend());
    }
}

#[test]
fn rendering_never_panics_at_any_size() {
    let models = all_models();
    for w in (0..=130).step_by(3).chain([1, 79, 80, 81, 119, 120, 121]) {
        for h in (0..=45).step_by(2).chain([1, 23, 24, 25, 39, 40, 41]) {
            for m in &models {
                let _ = draw(m, w, h);
            }
        }
    }
}

#[test]
fn rendering_into_part_of_a_buffer_stays_inside_it() {
    let outer = Rect::new(0, 0, 140, 50);
    let inner = Rect::new(7, 5, 120, 40);
    for m in all_models() {
        let mut buf = Buffer::empty(outer);
        render(&m, inner, &mut buf);
        for y in 0..outer.height {
            for x in 0..outer.width {
                if !inner.contains((x, y).into()) {
                    assert_eq!(buf[(x, y)].symbol(), " ", "drawn outside at ({x}, {y})");
                }
            }
        }
    }
}

#[test]
fn ascii_mode_draws_only_ascii() {
    for m in all_models().into_iter().map(ascii) {
        if m.names.iter().any(|n| !n.is_ascii()) {
            continue;
        }
        for (w, h) in SIZES.into_iter().chain([(60, 20), (130, 45)]) {
            let terminal = draw(&m, w, h);
            let text = text(terminal.backend().buffer());
            assert!(
                text.is_ascii(),
                "non-ASCII at {w}x{h}:\n{}",
                terminal.backend()
            );
        }
    }
}

#[test]
fn without_colour_no_cell_has_a_colour() {
    for m in all_models() {
        let mut m = m;
        m.color = false;
        for (w, h) in SIZES {
            let terminal = draw(&m, w, h);
            for cell in terminal.backend().buffer().content() {
                assert_eq!(cell.fg, Color::Reset, "{:?}", cell);
                assert_eq!(cell.bg, Color::Reset, "{:?}", cell);
            }
        }
    }
}

#[test]
fn with_colour_the_sides_differ_in_colour() {
    let terminal = draw(&opening(), 80, 24);
    let buf = terminal.backend().buffer();
    let fg_of = |symbol: &str| {
        buf.content()
            .iter()
            .find(|c| c.symbol() == symbol)
            .map(|c| c.fg)
            .expect("symbol drawn")
    };
    assert_ne!(fg_of("○"), fg_of("●"));
    assert_ne!(fg_of("○"), Color::Reset);
}

/// Every spot the cursor can stand on.
fn all_spots() -> Vec<Spot> {
    (1..=24)
        .map(Spot::Point)
        .chain([Spot::Bar, Spot::Tray])
        .collect()
}

#[test]
fn clicking_a_spot_gives_it_back() {
    let m = opening();
    let areas = SIZES
        .into_iter()
        .chain([(130, 45), (81, 25)])
        .map(|(w, h)| Rect::new(0, 0, w, h))
        .chain([Rect::new(3, 2, 100, 30)]);
    for area in areas {
        let (w, h) = (area.width, area.height);
        for spot in all_spots() {
            let r = spot_area(area, &m, spot).expect("spot is drawn");
            let (x, y) = (r.x + r.width / 2, r.y + r.height / 2);
            assert_eq!(spot_at(area, &m, x, y), Some(spot), "{spot:?} at {w}x{h}");
            // Anywhere in the column of its half, too.
            assert_eq!(
                spot_at(area, &m, r.x, r.y),
                Some(spot),
                "{spot:?} at {w}x{h}"
            );
            let (right, bottom) = (r.right() - 1, r.bottom() - 1);
            assert_eq!(spot_at(area, &m, right, bottom), Some(spot), "{spot:?}");
        }
    }
}

#[test]
fn clicking_a_point_number_selects_the_point() {
    let m = opening();
    let terminal = draw(&m, 80, 24);
    let buf = terminal.backend().buffer();
    let area = Rect::new(0, 0, 80, 24);
    let mut found = 0;
    for y in 0..24 {
        let row: Vec<&str> = (0..80).map(|x| buf[(x, y)].symbol()).collect();
        for x in 0..79u16 {
            let here = row[usize::from(x)];
            let next = row[usize::from(x) + 1];
            if let (Ok(a), Ok(b)) = (here.parse::<u8>(), next.parse::<u8>()) {
                let number = a * 10 + b;
                if (13..=24).contains(&number) && y == 0 || (10..=12).contains(&number) && y > 0 {
                    assert_eq!(spot_at(area, &m, x, y), Some(Spot::Point(number)));
                    found += 1;
                }
            }
        }
    }
    assert_eq!(found, 15, "two-digit point numbers found");
}

#[test]
fn clicks_miss_outside_the_board_and_under_an_overlay() {
    let area = Rect::new(0, 0, 80, 24);
    let m = opening();
    assert_eq!(spot_at(area, &m, 79, 23), None);
    assert_eq!(spot_at(area, &m, 70, 5), None);
    assert_eq!(spot_at(Rect::new(0, 0, 60, 20), &m, 10, 5), None);
    let q = double_offered();
    let centre = spot_area(area, &m, Spot::Point(18)).expect("drawn");
    assert_eq!(
        spot_at(area, &m, centre.x + 1, centre.y + centre.height - 1),
        Some(Spot::Point(18))
    );
    let covered = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter(|&(x, y)| spot_at(area, &m, x, y).is_some() && spot_at(area, &q, x, y).is_none())
        .count();
    assert!(covered > 0, "the question panel covers part of the board");
}

#[test]
fn the_cursor_is_reversed_and_used_dice_are_dim() {
    let m = tall_stack();
    let area = Rect::new(0, 0, 80, 24);
    let terminal = draw(&m, 80, 24);
    let buf = terminal.backend().buffer();
    let r = spot_area(area, &m, Spot::Point(6)).expect("drawn");
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
        }
    }
    let other = spot_area(area, &m, Spot::Point(5)).expect("drawn");
    assert!(
        !buf[(other.x, other.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    // The four dice of 6-6 in the middle row, the first two used.
    let dice: Vec<_> = buf
        .content()
        .iter()
        .filter(|c| c.symbol() == "6" && c.modifier.contains(Modifier::BOLD | Modifier::DIM))
        .collect();
    assert!(dice.is_empty(), "a die is either bright or dim");
    let middle = (r.y - 1..=r.y + r.height)
        .find(|&y| (0..80).any(|x| buf[(x, y)].symbol() == "["))
        .expect("dice row");
    let faces: Vec<Modifier> = (0..80)
        .filter(|&x| buf[(x, middle)].symbol() == "6")
        .map(|x| buf[(x, middle)].modifier)
        .collect();
    assert_eq!(faces.len(), 4);
    assert!(faces[..2].iter().all(|m| m.contains(Modifier::DIM)));
    assert!(faces[2..].iter().all(|m| m.contains(Modifier::BOLD)));
}

#[test]
fn targets_and_the_picked_checker_are_marked() {
    let m = bar_and_off();
    let area = Rect::new(0, 0, 80, 24);
    let terminal = draw(&m, 80, 24);
    let buf = terminal.backend().buffer();
    // The landing cell of the 24-point (Bob's, empty) shows the marker.
    let target = spot_area(area, &m, Spot::Point(24)).expect("drawn");
    let centre = target.x + target.width / 2;
    assert_eq!(buf[(centre, target.y)].symbol(), "◌");
    assert!(
        buf[(centre, target.y)]
            .modifier
            .contains(Modifier::UNDERLINED)
    );
    // The outer of Bob's two checkers on the bar is the one picked up.
    let bar = spot_area(area, &m, Spot::Bar).expect("drawn");
    let centre = bar.x + bar.width / 2;
    assert!(
        buf[(centre, bar.y + 1)]
            .modifier
            .contains(Modifier::UNDERLINED)
    );
    assert!(!buf[(centre, bar.y)].modifier.contains(Modifier::UNDERLINED));
}

/// The hint panel as a player sees it: Alice (seed 2) opens and asks `H`; the expert ranks
/// every play with its equity, loss, chances and depth, the first line chosen.
#[test]
fn the_hint_panel() {
    use crate::tui::{App, Event, Options};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = App::new(Options {
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        ..Options::default()
    })
    .expect("a new game");
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    app.handle(key(KeyCode::Char('r')));
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('H'),
        KeyModifiers::SHIFT,
    )));
    // The runtime works the hint out on a worker thread and hands it back.
    let job = app.take_hint_job().expect("the hint is asked");
    app.handle(Event::Msg(Msg::Hint(HintMsg::Ready(
        job.id,
        Box::new(job.panel()),
    ))));
    let model = app.model();
    assert!(
        matches!(&model.overlay, Some(Overlay::Question { title, .. }) if title == "Hint from expert"),
        "{:?}",
        model.overlay
    );
    snapshot_both("hint_panel", &model);
}

/// Issue 21 §6.11: the question about an unfinished match, full-screen, at both sizes.
#[test]
fn the_start_dialog() {
    use crate::tui::start_dialog::StartDialog;
    let unfinished = bg_tui::host::unfinished::Unfinished {
        path: std::path::PathBuf::from("/home/alice/.local/share/bg-tui/autosave.jsonl"),
        summary: "Alice 1, Bob 0 in a 3-point match (backgammon), game 2".to_string(),
        mark: None,
        readable: true,
    };
    for ascii in [false, true] {
        let dialog = StartDialog::new(&unfinished, ascii);
        for (w, h) in SIZES {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
            terminal
                .draw(|f| dialog.render(f.area(), f.buffer_mut()))
                .expect("draw");
            let shown = text(terminal.backend().buffer());
            for want in [
                "resume it",
                "start a new match",
                "quit",
                "(backgammon)",
                "game 2",
            ] {
                assert!(shown.contains(want), "{want}: {shown}");
            }
            if ascii {
                assert!(shown.is_ascii(), "{shown}");
            } else {
                insta::assert_snapshot!(format!("start_dialog_{w}x{h}"), terminal.backend());
            }
        }
    }
    // Tiny terminals do not panic.
    let dialog = StartDialog::new(&unfinished, false);
    for w in 0..30 {
        for h in 0..12 {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
            terminal
                .draw(|f| dialog.render(f.area(), f.buffer_mut()))
                .expect("draw");
        }
    }
}

/// The board with the tutor's panel up: tutor mode on in `rules`, Black (seed 2) opens and
/// plays the expert's worst play, judged as the worker thread would.
fn tutor_panel_after_the_worst_play(rules: bg_tui::engine::Rules) -> BoardModel {
    use crate::tui::{App, Event, Options};
    use bg_tui::bot::expert::ExpertBot;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = App::new(Options {
        rules,
        seed: Some(2),
        names: ["Alice".to_string(), "Bob".to_string()],
        tutor_mode: true,
        ..Options::default()
    })
    .expect("a new game");
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    app.handle(key(KeyCode::Char('r')));
    let mut expert = ExpertBot::shipped(bg_tui::bot::EXPERT_DEFAULT_PLY).expect("expert");
    assert!(expert.select_for(app.match_state()));
    let worst = expert
        .rank(app.match_state().game().legal_plays())
        .last()
        .expect("plays")
        .play;
    app.handle(key(KeyCode::Char(':')));
    for c in bg_tui::engine::format_play(&worst).chars() {
        app.handle(key(KeyCode::Char(c)));
    }
    app.handle(key(KeyCode::Enter));
    let job = app.take_tutor_job().expect("the tutor is asked");
    app.handle(Event::Msg(Msg::Tutor(TutorMsg::Ready(
        job.id,
        Box::new(job.verdict()),
    ))));
    app.model()
}

/// The tutor's panel as a player sees it: tutor mode on, Black (seed 2) opens and plays
/// the expert's worst play; the panel says what it loses and what the expert plays, in the
/// numbers on the screen (White's: the board is fixed).
#[test]
fn the_tutor_panel() {
    let model = tutor_panel_after_the_worst_play(bg_tui::engine::Rules::money());
    assert!(
        matches!(&model.overlay, Some(Overlay::Question { title, .. }) if title == "Tutor"),
        "{:?}",
        model.overlay
    );
    snapshot_both("tutor_panel", &model);
}

/// `i` in a backgammon game shows the XGID in one piece, to be copied whole: in place of
/// the Position ID and Match ID where the panel is wide enough, else below the board on
/// the command line's row, the panel keeping the IDs (issue 49, part 6: at 80 columns it
/// used to wrap in two).
#[test]
fn the_panel_shows_the_xgid_in_place_of_the_ids() {
    let xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:5:10";
    let mut m = opening();
    m.xgid = Some(xgid.to_string());
    for (w, h) in SIZES {
        let terminal = draw(&m, w, h);
        let buf = terminal.backend().buffer();
        let rows: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect();
        let at = rows
            .iter()
            .position(|r| r.contains(xgid))
            .unwrap_or_else(|| panic!("{w}x{h}: the XGID whole on a row:\n{}", rows.join("\n")));
        // Below the board it starts at the left edge; on the panel, right of the board.
        let below = rows[at].find("XGID=").is_some_and(|x| x < 3);
        assert_eq!(
            rows.join("").contains("Position ID"),
            below,
            "{w}x{h}: the IDs stay when the XGID is below the board:\n{}",
            rows.join("\n")
        );
    }
}

/// In a match the tutor's first line (the loss in EMG and MWC, the expert's play and both
/// equities) is wider than 80 columns: the panel wraps it between words, nothing cut off.
#[test]
fn the_tutor_panel_wraps_a_long_line_in_a_match() {
    let model = tutor_panel_after_the_worst_play(bg_tui::engine::Rules::match_to(5));
    let Some(Overlay::Question { lines, .. }) = &model.overlay else {
        panic!("the tutor's panel: {:?}", model.overlay);
    };
    let first = lines[0].clone();
    assert!(
        first.contains(" EMG, ") && first.contains("% MWC — "),
        "{first}"
    );
    let (w, h) = (80, 24);
    assert!(first.chars().count() > usize::from(w) - 4, "{first}");
    let terminal = draw(&model, w, h);
    let buf = terminal.backend().buffer();
    let words: Vec<String> = (0..h)
        .flat_map(|y| {
            let row: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            row.split(|c: char| c == '│' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    let wanted: Vec<&str> = first.split_whitespace().collect();
    let found = words
        .windows(wanted.len())
        .any(|window| window.iter().zip(&wanted).all(|(a, b)| a == b));
    assert!(found, "{first:?} not whole on the screen:\n{words:?}");
}
