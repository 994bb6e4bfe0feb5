//! The `bg-tui` commands, run as a user runs them.

use std::process::Output;

use crate::common;
use common::{bg_tui, one_line_stderr};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn moves_lists_the_16_plays_of_the_opening_3_1() {
    let o = bg_tui(&["moves", "4HPwATDgc/ABMA", "31"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("Position ID 4HPwATDgc/ABMA, roll 3-1: 16 legal plays\n"));
    assert_eq!(text.lines().count(), 17);
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["8/5", "6/5", "sGfwATDgc/ABMA"]))
    );
}

#[test]
fn moves_json_has_the_documented_shape() {
    let o = bg_tui(&["moves", "4HPwATDgc/ABMA", "3-1", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["position_id"], "4HPwATDgc/ABMA");
    assert_eq!(v["dice"], serde_json::json!([3, 1]));
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 16);
    let point = plays.iter().find(|p| p["play"] == "8/5 6/5").unwrap();
    assert_eq!(point["position_id"], "sGfwATDgc/ABMA");
    // Each resulting Position ID is the position with the opponent on roll: decoding it and
    // switching sides gives the mover's view, which must be a legal result of 3-1.
    for p in plays {
        let id = p["position_id"].as_str().unwrap();
        assert!(bg_tui::engine::position_from_id(id).is_ok(), "{id}");
    }
}

#[test]
fn moves_with_no_legal_play_says_so() {
    // The mover has one checker on the bar against a closed home board.
    let mut board = [0i8; 26];
    board[25] = 1;
    board[4] = 14;
    for point in &mut board[19..=24] {
        *point = -2;
    }
    board[0] = -3;
    let position = bg_tui::engine::Position::from_board(board).unwrap();
    let id = bg_tui::engine::position_id(&position);
    let o = bg_tui(&["moves", &id, "64", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["plays"], serde_json::json!([]));
    let o = bg_tui(&["moves", &id, "6-4"]);
    assert!(stdout(&o).contains("no legal play"));
}

#[test]
fn show_prints_the_board_with_pips_and_the_match() {
    let o = bg_tui(&["show", "4HPwATDgc/ABMA", "QYkqASAAIAAA"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("Position ID: 4HPwATDgc/ABMA"));
    assert!(text.contains("Match ID: QYkqASAAIAAA"));
    assert!(text.contains("pips 167"));
    assert!(text.contains("9-point match: X 4 - O 2"));
    assert!(text.contains("X rolled 5-2"));
    assert!(text.contains("Cube: 2 (O owns it)"));
    assert!(text.contains("+13-14-15-16-17-18------19-20-21-22-23-24-+"));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    for (args, expected) in [
        (vec!["moves", "4HPwATDgc/ABM", "31"], "invalid position ID"),
        (vec!["moves", "4HPwATDgc/AB!A", "31"], "invalid position ID"),
        (vec!["moves", "4HPwATDgc/ABMA", "71"], "invalid dice"),
        (vec!["moves", "4HPwATDgc/ABMA", "3"], "invalid dice"),
        (
            vec!["show", "4HPwATDgc/ABMA", "QYkqASAAIAA"],
            "invalid match ID",
        ),
    ] {
        let o = bg_tui(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&o).is_empty());
    }
    // clap's own usage errors also exit with 2.
    assert_eq!(bg_tui(&["moves"]).status.code(), Some(2));
}

#[test]
fn the_program_refuses_bad_options_with_one_line_and_status_2() {
    for (args, start) in [
        (&["--match", "5", "--jacoby"][..], "bg-tui: --jacoby: "),
        (&["play", "--cube-limit", "3"], "bg-tui: --cube-limit: "),
        (
            &["--names", "Alice"],
            "bg-tui: invalid value 'Alice' for '--names <ALICE,BOB>': two names",
        ),
        (&["play", "--no-crawford"], "bg-tui: --no-crawford: "),
    ] {
        let o = bg_tui(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let text = one_line_stderr(&o);
        assert!(text.starts_with(start), "{args:?}: {text:?}");
    }
}

#[test]
fn the_game_without_a_terminal_says_so_with_status_1() {
    // Standard output here is a pipe, not a terminal.
    for args in [&[][..], &["play", "--seed", "1"]] {
        let o = bg_tui(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let text = one_line_stderr(&o);
        assert!(text.contains("needs a terminal"), "{text:?}");
        assert!(text.contains("bg-tui moves"), "{text:?}");
    }
}

/// `hint --rules plakoto --board BOARD` gives what README promises of the expert's ranking
/// in every rule set: each play's value, its loss against the best, its chances and its
/// depth, in text and JSON (issue 49, part 6: it gave one equity a play).
#[test]
fn hint_on_a_board_gives_the_loss_chances_and_depth() {
    let board = r#"{"mine":[2,2,2,2,2,2,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2],"theirs":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,3,3,3,3,0,0]}"#;
    let args = [
        "hint", "--rules", "plakoto", "--board", board, "31", "--ply", "0",
    ];
    let o = bg_tui(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let second = text.lines().nth(2).expect("a second play");
    assert!(
        second.contains("win ") && second.contains("0-ply") && second.contains(" -0."),
        "{second}"
    );
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v: serde_json::Value = serde_json::from_str(&stdout(&bg_tui(&json_args))).expect("JSON");
    let first = &v["plays"][0];
    assert_eq!(first["loss"], 0.0);
    assert_eq!(first["ply"], 0);
    assert_eq!(first["chances"].as_array().map(Vec::len), Some(5));
}
