//! The command line's face: each command parses into its own args struct (moves and hint
//! share the position group), and a failure is a typed `CliError` with the facts in fields,
//! the lower layer's error as its source, and the same one-line message as before.

use crate::cli::{
    Cli, CliError, Command, MovesArgs, NamesError, PositionArgs, parse_names, play_options_with,
};
use bg_tui::bot::BotError;
use clap::Parser;
use std::error::Error as _;

/// The command `args` parse to.
fn command(args: &[&str]) -> Command {
    Cli::try_parse_from(std::iter::once("bg-tui").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("{args:?}: {e}"))
        .command
        .unwrap_or_else(|| panic!("{args:?}: no command"))
}

/// What `args` fail with, run as the command they parse to.
fn failure(args: &[&str]) -> CliError {
    let result = match command(args) {
        Command::Moves(a) => a.run(),
        Command::Hint(a) => a.run(),
        Command::Show(a) => a.run(),
        Command::BotMatch(a) => a.run(),
        Command::Replay(a) => a.text(),
        other => panic!("{args:?}: not a command this test runs: {other:?}"),
    };
    let e = result.expect_err("the command fails");
    assert!(!e.to_string().contains('\n'), "{args:?}: {e}");
    e
}

#[test]
fn moves_and_hint_share_the_position_group() {
    let position = PositionArgs {
        position_id: "4HPwATDgc/ABMA".to_string(),
        dice: Some("31".to_string()),
        rule_set: Some(bg_tui::engine::Variant::Portes),
        board: None,
    };
    let Command::Moves(moves) = command(&["moves", "4HPwATDgc/ABMA", "31", "--rules", "portes"])
    else {
        panic!("not moves");
    };
    assert_eq!(
        moves,
        MovesArgs {
            position: position.clone(),
            json: false,
        }
    );
    let Command::Hint(hint) = command(&[
        "hint",
        "4HPwATDgc/ABMA",
        "31",
        "--rules",
        "portes",
        "--bot",
        "greedy",
        "--json",
    ]) else {
        panic!("not hint");
    };
    assert_eq!(hint.position, position);
    assert_eq!(hint.bot, Some(bg_tui::bot::BotSpec::Greedy));
    assert!(hint.json);
}

#[test]
fn moves_runs_from_its_args() {
    let args = MovesArgs {
        position: PositionArgs {
            position_id: "4HPwATDgc/ABMA".to_string(),
            dice: Some("31".to_string()),
            ..PositionArgs::default()
        },
        json: false,
    };
    let text = args.run().expect("the opening position and 31");
    assert!(
        text.starts_with("Position ID 4HPwATDgc/ABMA, roll 3-1: "),
        "{text}"
    );
}

#[test]
fn a_bad_position_id_keeps_the_id_and_the_reason() {
    let e = failure(&["moves", "nonsense", "31"]);
    let CliError::PositionId { id, .. } = &e else {
        panic!("not a Position ID error: {e:?}");
    };
    assert_eq!(id, "nonsense");
    assert!(e.source().is_some(), "the engine's error is the source");
    assert!(
        e.to_string()
            .starts_with("invalid position ID \"nonsense\": "),
        "{e}"
    );
}

#[test]
fn a_damaged_match_id_after_a_position_id_is_named_as_one() {
    // Not read as an XGID of two fields: the Match ID after the ':' is what is wrong.
    for args in [
        &["hint", "4HPwATDgc/ABMA:ZZZZ"][..],
        &["moves", "4HPwATDgc/ABMA:ZZZZ", "31"],
        &["show", "4HPwATDgc/ABMA:ZZZZ"],
    ] {
        let e = failure(args);
        let CliError::MatchId { id, .. } = &e else {
            panic!("{args:?}: not a Match ID error: {e:?}");
        };
        assert_eq!(id, "ZZZZ", "{args:?}");
        assert!(
            e.source().is_some(),
            "{args:?}: the engine's error is the source"
        );
    }
    // An empty Position ID before a good Match ID is the Position ID's fault.
    let e = failure(&["hint", ":cAngAGAACAAE"]);
    assert!(matches!(e, CliError::PositionId { .. }), "{e:?}");
    // Three fields or more are an XGID's, with the XGID's own complaint.
    let e = failure(&["hint", "4HPwATDgc/ABMA:cAngAGAACAAE:x"]);
    assert!(matches!(e, CliError::Xgid { .. }), "{e:?}");
    // The Match ID once only.
    let e = failure(&["show", "4HPwATDgc/ABMA:cAngAGAACAAE", "cAngAGAACAAE"]);
    assert!(matches!(e, CliError::Usage(_)), "{e:?}");
}

/// Issue 47, item 10: a damaged XGID or Match ID is quoted once, its control characters
/// escaped once, as the Position ID's error quotes it (they showed `"XGID=\\u{1b}[2J:0:0"`).
#[test]
fn a_damaged_id_is_quoted_once_as_the_position_ids_error_quotes_it() {
    let cases = [
        (
            "XGID=\u{1b}[2J:0:0",
            "invalid XGID \"XGID=\\u{1b}[2J:0:0\": ",
        ),
        (
            "\u{1b}[2J4HPwATDgc/ABMA",
            "invalid position ID \"\\u{1b}[2J4HPwATDgc/ABMA\": ",
        ),
        (
            "4HPwATDgc/ABMA:\u{1b}[2J",
            "invalid match ID \"\\u{1b}[2J\": ",
        ),
    ];
    for (id, quoted) in cases {
        for args in [&["show", id][..], &["moves", id, "31"]] {
            let line = failure(args).to_string();
            assert!(line.starts_with(quoted), "{args:?}: {line}");
            assert!(!line.contains("\\\\"), "{args:?}: {line}");
        }
    }
    // A long one is cut, with `…`, and still escaped once.
    let long = format!("XGID=\u{1b}{}:0:0", "a".repeat(100));
    let line = failure(&["show", &long]).to_string();
    assert!(line.starts_with("invalid XGID \"XGID=\\u{1b}aaa"), "{line}");
    assert!(line.contains("a…\": "), "{line}");
    assert!(!line.contains("\\\\"), "{line}");
}

#[test]
fn show_takes_a_match_id_after_the_position_id() {
    let Command::Show(a) = command(&["show", "4HPwATDgc/ABMA:cAngAGAACAAE"]) else {
        panic!("not show");
    };
    let text = a.run().expect("shown");
    assert!(text.contains("Match ID: cAngAGAACAAE"), "{text}");
    let Command::Show(a) = command(&["show", "4HPwATDgc/ABMA"]) else {
        panic!("not show");
    };
    let text = a.run().expect("shown");
    assert!(!text.contains("cAngAGAACAAE"), "{text}");
}

#[test]
fn bad_dice_keep_the_text_and_the_reason() {
    let e = failure(&["hint", "4HPwATDgc/ABMA", "77", "--bot", "greedy"]);
    let CliError::Dice { text, .. } = &e else {
        panic!("not a dice error: {e:?}");
    };
    assert_eq!(text, "77");
    assert!(e.source().is_some());
    assert!(e.to_string().starts_with("invalid dice \"77\": "), "{e}");
}

#[test]
fn a_missing_argument_is_a_usage_error() {
    let e = failure(&["moves", "4HPwATDgc/ABMA"]);
    assert!(matches!(e, CliError::Usage(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "give a Position ID (or an XGID) and the dice, or --rules RULES --board BOARD and the dice"
    );
    let e = failure(&[
        "show",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        "cIkKAAAAAAAA",
    ]);
    assert!(matches!(e, CliError::Usage(_)), "{e:?}");
}

#[test]
fn a_bot_error_names_the_option_that_asked_for_the_bot() {
    // A name that is no bot is refused as the command line is read, the bot's error its
    // source.
    for args in [
        &["hint", "4HPwATDgc/ABMA", "31", "--bot", "nobody"][..],
        &["bot-match", "nobody", "random", "--games", "2"][..],
        &["--vs", "nobody"][..],
    ] {
        let e = Cli::try_parse_from(std::iter::once("bg-tui").chain(args.iter().copied()))
            .expect_err("nobody is no bot");
        assert_eq!(
            e.kind(),
            clap::error::ErrorKind::ValueValidation,
            "{args:?}"
        );
        let source = e.source().and_then(|s| s.downcast_ref::<BotError>());
        assert!(
            matches!(source, Some(BotError::Unknown(name)) if name == "nobody"),
            "{args:?}: {e}"
        );
    }
    // A bot that cannot play the rule set is refused when the command runs, naming the
    // option that asked for it.
    let e = failure(&["bot-match", "pubeval", "random", "--rules", "plakoto"]);
    assert!(
        matches!(
            &e,
            CliError::Bot {
                option: None,
                source: BotError::CannotPlay { .. }
            }
        ),
        "{e:?}"
    );
    let cli = Cli::try_parse_from(["bg-tui", "--vs", "pubeval", "--rules", "plakoto"])
        .expect("the options read");
    let e = play_options_with(&cli.play, false).expect_err("pubeval plays no Plakoto");
    assert!(
        matches!(
            &e,
            CliError::Bot {
                option: Some("--vs"),
                source: BotError::CannotPlay { .. }
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("--vs: "), "{e}");
    assert!(e.source().is_some());
}

#[test]
fn a_count_out_of_range_keeps_the_option_and_the_value() {
    let e = failure(&["bot-match", "random", "random", "--games", "0"]);
    let CliError::OutOfRange { option, value, .. } = &e else {
        panic!("not a range error: {e:?}");
    };
    assert_eq!(*option, "--games");
    assert_eq!(value.as_deref(), Some("0"));
    assert_eq!(
        e.to_string(),
        "--games takes from 1 to 1000000000 games, not 0"
    );
}

#[test]
fn a_rules_option_without_a_cube_is_typed() {
    let e = failure(&[
        "bot-match",
        "random",
        "random",
        "--rules",
        "portes",
        "--jacoby",
        "--games",
        "2",
    ]);
    assert!(
        matches!(
            e,
            CliError::NoCube {
                option: "--jacoby",
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("--jacoby: "), "{e}");
}

#[test]
fn names_errors_say_which_rule_a_name_broke() {
    let e = parse_names("Al,Al").expect_err("the same name twice");
    assert!(
        matches!(&e, NamesError::Same { name } if name == "Al"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "the two players need different names, not \"Al\" twice"
    );
    let e = parse_names("Al").expect_err("one name");
    assert!(
        matches!(&e, NamesError::NotTwo { text } if text == "Al"),
        "{e:?}"
    );
    // clap reads the option with it, naming the option and the value.
    let e = Cli::try_parse_from(["bg-tui", "--names", "Al,Al"]).expect_err("refused");
    assert_eq!(e.kind(), clap::error::ErrorKind::ValueValidation);
    let source = std::error::Error::source(&e).and_then(|s| s.downcast_ref::<NamesError>());
    assert!(matches!(source, Some(NamesError::Same { .. })), "{e:?}");
}

#[test]
fn a_file_that_cannot_be_read_is_a_store_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let missing = dir.path().join("missing.json");
    let path = missing.to_str().expect("a UTF-8 path");
    let e = failure(&["replay", path, "--text"]);
    assert!(matches!(e, CliError::Store(_)), "{e:?}");
    assert!(e.to_string().contains("missing.json"), "{e}");
}

#[test]
fn only_failed_output_exits_with_status_1() {
    let broken = || std::io::Error::other("disk full");
    assert_eq!(CliError::Ubgi(broken()).exit_code(), 1);
    assert_eq!(CliError::Output(broken()).exit_code(), 1);
    assert_eq!(failure(&["moves", "nonsense", "31"]).exit_code(), 2);
    assert_eq!(CliError::Ubgi(broken()).to_string(), "ubgi: disk full");
}

#[test]
fn ubgi_parses_to_its_own_args() {
    assert!(matches!(command(&["ubgi"]), Command::Ubgi(_)));
}
