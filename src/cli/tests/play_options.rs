//! The game's command-line options: parsing, checking, and turning them into `tui::Options`.

use crate::cli::{Cli, Command, MAX_NAME_CHARS, PlayArgs, parse_names, play_options_with};
use crate::tui::theme::color_wanted_given;
use crate::tui::{App, Options};
use bg_tui::engine::{DEFAULT_CUBE_CAP, Rules, Side};
use clap::Parser;
use std::ffi::OsStr;

/// The game options `args` give, whether at the top level or after `play` (they must agree).
fn parse(args: &[&str]) -> PlayArgs {
    let top = Cli::try_parse_from(std::iter::once("bg-tui").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    assert!(top.command.is_none(), "{args:?}");
    let sub = Cli::try_parse_from(["bg-tui", "play"].into_iter().chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("play {args:?}: {e}"));
    let Some(Command::Play(play)) = sub.command else {
        panic!("play {args:?} is not the play command");
    };
    assert_eq!(top.play, play, "{args:?}");
    play
}

fn options(args: &[&str]) -> Options {
    play_options_with(&parse(args), true).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// The one-line error clap gives for `args` (an option's value it cannot read), after
/// `invalid value 'VALUE' for '--OPTION <NAME>': `.
fn value_error(args: &[&str]) -> String {
    let e = Cli::try_parse_from(std::iter::once("bg-tui").chain(args.iter().copied()))
        .expect_err("refused by the parser");
    assert_eq!(
        e.kind(),
        clap::error::ErrorKind::ValueValidation,
        "{args:?}"
    );
    let text = e.to_string();
    let line = text.lines().next().unwrap_or_default();
    let (_, why) = line.split_once(">': ").expect("clap names the option");
    why.to_string()
}

/// The one-line error `args` give.
fn error(args: &[&str]) -> String {
    match play_options_with(&parse(args), true) {
        Ok(o) => panic!("{args:?} was accepted: {o:?}"),
        Err(e) => {
            let text = e.to_string();
            assert!(!text.contains('\n'), "{args:?}: {text:?} is not one line");
            text
        }
    }
}

#[test]
fn no_options_is_a_money_session_with_the_cube_capped_at_64() {
    let o = options(&[]);
    assert_eq!(o, Options::default());
    assert_eq!(o.rules, Rules::money());
    assert!(o.rules.is_money() && o.rules.cube);
    assert_eq!(o.rules.cube_cap, DEFAULT_CUBE_CAP);
    assert_eq!(o.names, ["White", "Black"]);
    assert_eq!(o.seed, None);
    assert!(!o.auto_forced && !o.ascii && o.color);
    assert!(App::new(o).is_ok());
}

#[test]
fn a_match_has_the_crawford_rule_unless_turned_off() {
    let o = options(&["--match", "5"]);
    assert_eq!(o.rules, Rules::match_to(5));
    assert!(o.rules.crawford);
    let o = options(&["--match", "7", "--no-crawford"]);
    assert_eq!(o.rules.match_length, Some(7));
    assert!(!o.rules.crawford);
    assert_eq!(options(&["--match", "1"]).rules.match_length, Some(1));
    assert_eq!(options(&["--match", "64"]).rules.match_length, Some(64));
}

#[test]
fn every_option_reaches_the_game() {
    let o = options(&[
        "--cube-limit",
        "256",
        "--jacoby",
        "--beaver",
        "--auto-doubles",
        "2",
        "--seed",
        "18446744073709551615",
        "--names",
        "Alice,Bob",
        "--auto-forced",
        "--ascii",
    ]);
    let rules = Rules {
        cube_cap: 256,
        jacoby: true,
        beaver: true,
        auto_doubles: 2,
        ..Rules::money()
    };
    assert_eq!(
        o,
        Options {
            rules,
            names: ["Alice".to_string(), "Bob".to_string()],
            seed: Some(u64::MAX),
            auto_forced: true,
            ascii: true,
            color: true,
            ..Options::default()
        }
    );
    assert!(App::new(o).is_ok());
    let o = options(&["--no-cube", "--match", "3"]);
    assert!(!o.rules.cube && !o.rules.uses_cube());
    assert!(App::new(o).is_ok());
}

#[test]
fn the_colour_choice_is_passed_through() {
    let o = play_options_with(&parse(&[]), false).unwrap();
    assert!(!o.color);
}

#[test]
fn the_theme_is_dark_unless_light_is_asked() {
    assert_eq!(options(&[]).palette, crate::tui::Palette::Dark);
    assert_eq!(
        options(&["--theme", "light"]).palette,
        crate::tui::Palette::Light
    );
    let refused = Cli::try_parse_from(["bg-tui", "--theme", "yellow"])
        .expect_err("yellow is no theme")
        .to_string();
    assert!(refused.contains("--theme"), "{refused}");
}

#[test]
fn no_color_set_and_not_empty_turns_colours_off() {
    assert!(color_wanted_given(None));
    assert!(color_wanted_given(Some(OsStr::new(""))));
    assert!(!color_wanted_given(Some(OsStr::new("1"))));
    assert!(!color_wanted_given(Some(OsStr::new("0"))));
}

#[test]
fn match_length_is_1_to_64() {
    assert_eq!(
        error(&["--match", "0"]),
        "--match: a match is played to at least 1 point"
    );
    assert_eq!(
        error(&["--match", "65"]),
        "--match: a match is at most 64 points long, not 65"
    );
}

#[test]
fn cube_limit_is_a_power_of_two_up_to_32768() {
    for ok in [1, 2, 64, 1024, 32768] {
        let text = ok.to_string();
        assert_eq!(options(&["--cube-limit", &text]).rules.cube_cap, ok);
    }
    for bad in [0, 3, 48, 65536] {
        let text = bad.to_string();
        assert_eq!(
            error(&["--cube-limit", &text]),
            format!("--cube-limit: the cube cap is a power of two from 1 to 32768, not {bad}")
        );
    }
}

#[test]
fn money_options_are_refused_in_a_match() {
    assert_eq!(
        error(&["--match", "5", "--jacoby"]),
        "--jacoby: the Jacoby rule applies only to money play, not to a match (--match)"
    );
    assert_eq!(
        error(&["--beaver", "--match", "5"]),
        "--beaver: the beaver option applies only to money play, not to a match (--match)"
    );
    assert_eq!(
        error(&["--match", "5", "--auto-doubles", "1"]),
        "--auto-doubles: the automatic doubles option applies only to money play, not to a match (--match)"
    );
    // Zero automatic doubles is no automatic doubles.
    assert_eq!(
        options(&["--match", "5", "--auto-doubles", "0"]).rules,
        Rules::match_to(5)
    );
}

#[test]
fn no_crawford_is_refused_in_money_play() {
    assert_eq!(
        error(&["--no-crawford"]),
        "--no-crawford: the Crawford rule applies only to a match (--match N)"
    );
}

#[test]
fn cube_options_are_refused_without_the_cube() {
    for (args, flag) in [
        (&["--no-cube", "--cube-limit", "8"][..], "--cube-limit"),
        (&["--no-cube", "--jacoby"][..], "--jacoby"),
        (&["--beaver", "--no-cube"][..], "--beaver"),
        (&["--no-cube", "--auto-doubles", "3"][..], "--auto-doubles"),
    ] {
        assert_eq!(
            error(args),
            format!("{flag} needs the cube; it cannot go with --no-cube")
        );
    }
}

#[test]
fn names_are_two_trimmed_non_empty_names_of_at_most_20_characters() {
    assert_eq!(
        options(&["--names", "  Alice , Bob  "]).names,
        ["Alice", "Bob"]
    );
    let twenty = "é".repeat(MAX_NAME_CHARS);
    let both = format!("{twenty},Ann Lee");
    assert_eq!(
        options(&["--names", &both]).names,
        [twenty.as_str(), "Ann Lee"]
    );
    assert_eq!(
        value_error(&["--names", "Alice"]),
        "two names separated by a comma, such as Alice,Bob"
    );
    assert!(value_error(&["--names", "A,B,C"]).starts_with("two names"));
    assert!(value_error(&["--names", ""]).starts_with("two names"));
    assert_eq!(value_error(&["--names", " ,Bob"]), "a name cannot be empty");
    assert!(value_error(&["--names", "Alice,"]).starts_with("a name cannot be empty"));
    let long = format!("Alice,{}", "b".repeat(21));
    assert_eq!(
        value_error(&["--names", &long]),
        format!(
            "{:?} has 21 characters; a name has at most 20",
            "b".repeat(21)
        )
    );
    assert!(
        value_error(&["--names", "Al\u{1b}[2Jice,Bob"])
            .starts_with("a name cannot contain control characters")
    );
    assert_eq!(
        value_error(&["--names", "Bob, Bob"]),
        "the two players need different names, not \"Bob\" twice"
    );
    assert!(parse_names("Alice,Bob").is_ok());
}

#[test]
fn bad_numbers_are_refused_by_the_parser() {
    for args in [
        &["bg-tui", "--match", "five"][..],
        &["bg-tui", "--match", "-1"],
        &["bg-tui", "--seed", "x"],
        &["bg-tui", "--cube-limit"],
        &["bg-tui", "play", "--auto-doubles", "1.5"],
        &["bg-tui", "--no-such-option"],
    ] {
        assert!(Cli::try_parse_from(args).is_err(), "{args:?}");
    }
}

#[test]
fn game_options_do_not_go_before_another_command() {
    assert!(
        Cli::try_parse_from(["bg-tui", "--match", "5", "moves", "4HPwATDgc/ABMA", "31"]).is_err()
    );
    assert!(Cli::try_parse_from(["bg-tui", "--ascii", "play"]).is_err());
    assert!(Cli::try_parse_from(["bg-tui", "moves", "4HPwATDgc/ABMA", "31"]).is_ok());
}

#[test]
fn bots_take_sides_with_vs_or_white_and_black() {
    use crate::tui::Player;
    let o = options(&["--vs", "random"]);
    assert_eq!(
        o.players,
        [Player::Human, Player::Bot(bg_tui::bot::BotSpec::Random)]
    );
    let o = options(&[
        "--vs",
        "random",
        "--human-side",
        "black",
        "--bot-delay",
        "0",
    ]);
    assert_eq!(
        o.players,
        [Player::Bot(bg_tui::bot::BotSpec::Random), Player::Human]
    );
    assert_eq!(o.bot_delay_ms, 0);
    let o = options(&["--white", "random", "--black", "random"]);
    assert_eq!(
        o.players,
        [
            Player::Bot(bg_tui::bot::BotSpec::Random),
            Player::Bot(bg_tui::bot::BotSpec::Random)
        ]
    );
    // An unknown bot is refused as the command line is read.
    let unknown = Cli::try_parse_from(["bg-tui", "--vs", "nobody"])
        .expect_err("nobody is no bot")
        .to_string();
    assert!(unknown.contains("no bot is called \"nobody\""), "{unknown}");
    let refused = Cli::try_parse_from(["bg-tui", "--vs", "random", "--human-side", "green"])
        .expect_err("green is no side")
        .to_string();
    assert!(
        refused.contains("\"green\" is not a side: white or black"),
        "{refused}"
    );
    assert!(
        crate::cli::Cli::try_parse_from(["bg-tui", "--vs", "random", "--white", "random"]).is_err()
    );
}

#[test]
fn a_bots_side_is_named_after_the_bot_unless_names_are_given() {
    use crate::tui::Player;
    let o = options(&["--vs", "greedy"]);
    assert_eq!(o.names, ["White".to_string(), "greedy".to_string()]);
    let o = options(&["--vs", "pubeval", "--human-side", "black"]);
    assert_eq!(o.names, ["pubeval".to_string(), "Black".to_string()]);
    let o = options(&["--white", "greedy", "--black", "greedy"]);
    assert_eq!(o.names, ["White".to_string(), "Black".to_string()]);
    assert_eq!(
        o.players,
        [
            Player::Bot(bg_tui::bot::BotSpec::Greedy),
            Player::Bot(bg_tui::bot::BotSpec::Greedy)
        ]
    );
    let o = options(&["--vs", "greedy", "--names", "Ann,Deep"]);
    assert_eq!(o.names, ["Ann".to_string(), "Deep".to_string()]);
}

#[test]
fn the_table_options_are_read() {
    use crate::tui::AutoRoll;
    use bg_tui::clock::ClockKind;
    let o = options(&[
        "--turn-board",
        "--auto-roll",
        "--auto-bearoff",
        "--tutor",
        "--clock",
        "blitz",
    ]);
    assert!(o.turn_board && o.auto_bearoff && o.tutor);
    assert_eq!(o.auto_roll, AutoRoll::NoDouble);
    assert_eq!(o.clock, Some(ClockKind::Blitz));
    assert_eq!(
        options(&["--clock", "Standard"]).clock,
        Some(ClockKind::Standard)
    );
    let refused = Cli::try_parse_from(["bg-tui", "--clock", "fast"])
        .expect_err("fast is no clock")
        .to_string();
    assert!(
        refused.contains("for '--clock <KIND>': a clock is standard or blitz, not \"fast\""),
        "{refused}"
    );
    let o = options(&[]);
    assert!(!o.turn_board && !o.auto_bearoff && !o.tutor);
    assert_eq!((o.auto_roll, o.clock), (AutoRoll::Off, None));
}

#[test]
fn tutor_mode_and_its_threshold_are_read() {
    use crate::tui::tutor::Threshold;
    let o = options(&["--tutor-mode", "--tutor-threshold", "0.1"]);
    assert!(o.tutor_mode && !o.tutor);
    assert_eq!(o.tutor_threshold.equity(), 0.1);
    let o = options(&[]);
    assert!(!o.tutor_mode);
    assert_eq!(o.tutor_threshold, Threshold::DEFAULT);
    assert_eq!(
        value_error(&["--tutor-threshold", "lots"]),
        "\"lots\" is not a number (an equity such as 0.04)"
    );
    assert_eq!(
        value_error(&["--tutor-threshold", "-1"]),
        "-1 is out of range: 0 to 3 equity"
    );
}

/// A short race in the plain board form: the mover on its 1- to 3-points, the opponent on
/// its 1-point.
const RACE: &str = r#"{"mine":[2,2,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,0]}"#;

#[test]
fn position_and_board_start_the_first_game_there() {
    use bg_tui::engine::{Dice, Phase, Position, Side};
    // A Position ID, Black on roll with 6-5.
    let o = options(&[
        "--position",
        "4HPwATDgc/ABMA",
        "--on-roll",
        "black",
        "--dice",
        "65",
    ]);
    let start = o.start.expect("a set-up start");
    assert_eq!(start.setup.position, Position::START);
    assert_eq!(start.setup.turn, Side::Black);
    let app = App::new(o).expect("the game");
    let game = app.match_state().game();
    assert_eq!(game.turn(), Side::Black);
    assert_eq!(game.phase(), Phase::Moving(Dice::new(6, 5).unwrap()));
    // An XGID brings its cube, score and dice (a 7-point match: give --match 7).
    let o = options(&[
        "--match",
        "7",
        "--position",
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:3:0:7:10",
    ]);
    let app = App::new(o).expect("the game");
    let m = app.match_state();
    assert_eq!(m.game().cube().value(), 2);
    assert_eq!(m.game().cube().owner(), Some(Side::White));
    assert_eq!((m.score(Side::White), m.score(Side::Black)), (2, 3));
    assert_eq!(m.game().dice(), Some(Dice::new(5, 2).unwrap()));
    // A board of any rule set.
    let o = options(&["--rules", "plakoto", "--board", RACE]);
    let app = App::new(o).expect("the game");
    assert_eq!(app.match_state().game().phase(), Phase::Rolling);
    assert_eq!(app.match_state().game().position().mover_on(1), 2);
}

/// Issue 34, item 1: a start from which neither side can ever move (both on the bar against
/// closed boards) is refused before the terminal opens; it was played, and its game never
/// ended.
#[test]
fn a_start_position_nobody_can_ever_move_from_is_refused_in_one_line() {
    let stuck = r#"{"mine":[2,2,2,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,2,2,2,2,2],"bar":[3,3]}"#;
    let why = "neither side can ever move: no roll has a legal play for either side, so the game could never end";
    assert_eq!(error(&["--board", stuck]), format!("--board: {why}"));
    assert_eq!(
        error(&[
            "--position",
            "XGID=cBBBBBB------------bbbbbbC:0:0:1:00:0:0:0:0:10"
        ]),
        format!("the start position: {why}")
    );
}

/// `--position POSITION_ID:MATCH_ID` and an XGID of a match start the game there, the
/// match's length, score and cube taken from the ID when `--match` is not given (issue 49,
/// part 3: both were refused or needed `--match`).
#[test]
fn a_match_id_or_an_xgid_of_a_match_gives_the_match() {
    let o = options(&["--position", "M27gICiYZ2KIAw:EQHlACAACAAE"]);
    let fields = bg_tui::engine::match_id_fields("EQHlACAACAAE").expect("a Match ID");
    assert_eq!(o.rules.match_length, Some(fields.match_length));
    let start = o.start.expect("a set-up start");
    assert_eq!(
        start.setup.position,
        bg_tui::engine::position_from_id("M27gICiYZ2KIAw").expect("an ID")
    );
    let mine = fields.on_roll;
    assert_eq!(
        start.setup.score[Side::White.index()],
        fields.score[mine.index()]
    );
    assert_eq!(
        start.setup.cube.value(),
        1 << fields.cube_log,
        "the cube of the Match ID"
    );
    let o = options(&[
        "--position",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10",
    ]);
    assert_eq!(o.rules.match_length, Some(7));
    assert!(o.start.is_some());
    // A Position ID alone is money play, as before.
    assert_eq!(
        options(&["--position", "4HPwATDgc/ABMA"])
            .rules
            .match_length,
        None
    );
}

#[test]
fn impossible_start_positions_are_refused_in_one_line() {
    let sixteen = RACE.replacen("[2,2,1", "[13,2,1", 1);
    assert_eq!(
        error(&["--board", &sixteen]),
        "--board: mine has 16 checkers on the board and the bar; a side has at most 15"
    );
    let both = RACE.replacen("\"theirs\":[0", "\"theirs\":[1", 1);
    assert_eq!(
        error(&["--board", &both]),
        "--board: both sides have checkers on point 1, which backgammon does not allow"
    );
    let lone_pin = format!("{},\"pinned\":[3]}}", RACE.trim_end_matches('}'));
    assert_eq!(
        error(&["--rules", "plakoto", "--board", &lone_pin]),
        "--board: the checker on point 3 is listed as pinned, but no checker of the other side is on top of it"
    );
    assert!(error(&["--position", "nonsense"]).starts_with("--position: "));
    assert_eq!(
        error(&[
            "--match",
            "5",
            "--position",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10"
        ]),
        "--position: the position is of a match to 7 points, but the game is a match to 5 points"
    );
    let money = format!(
        "4HPwATDgc/ABMA:{}",
        bg_tui::engine::match_id(&bg_tui::engine::MatchIdFields::money_on_roll())
    );
    assert_eq!(
        error(&["--match", "5", "--position", &money]),
        "--position: the position is of money play, but the game is a match to 5 points"
    );
    assert_eq!(
        error(&["--rules", "fevga", "--position", "4HPwATDgc/ABMA"]),
        "--position: a Position ID or an XGID cannot hold a Fevga position; use --board"
    );
    assert_eq!(
        error(&["--dice", "52"]),
        "--on-roll and --dice go with --position or --board"
    );
    let refused = Cli::try_parse_from(["bg-tui", "--board", RACE, "--dice", "77"])
        .expect_err("77 is no roll")
        .to_string();
    assert!(refused.contains("for '--dice <DICE>': "), "{refused}");
    let refused = Cli::try_parse_from(["bg-tui", "--board", RACE, "--on-roll", "red"])
        .expect_err("red is no side")
        .to_string();
    assert!(
        refused.contains("for '--on-roll <SIDE>': \"red\" is not a side: white or black"),
        "{refused}"
    );
    // The engine's own checks of the game: a cube above the cap.
    assert_eq!(
        error(&[
            "--match",
            "7",
            "--cube-limit",
            "2",
            "--position",
            "XGID=-b----E-C---eE---c-e----B-:2:0:1:00:0:0:0:7:10"
        ]),
        "the start position: a cube of 4 cannot be in this game"
    );
}

/// Issue 47, item 7: an engine named by `--vs` is not started while the options are read
/// (before the terminal is up, the keys echoed, nothing said): only whether it plays the
/// rules is told.
#[test]
fn an_engine_is_not_started_while_the_options_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    let engine = format!("ubgi:touch '{}'; sleep 600", marker.display());
    let start = std::time::Instant::now();
    let o = options(&["--vs", &engine]);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(!marker.exists(), "the engine was started");
    assert_eq!(
        o.players[1],
        crate::tui::Player::Bot(engine.parse().unwrap())
    );
    let refused = error(&["--vs", &engine, "--rules", "tavli"]);
    assert!(refused.contains("--vs"), "{refused}");
}
