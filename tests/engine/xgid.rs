//! XGID (eXtreme Gammon's position string): reading, writing, and agreement with GNU
//! Backgammon. Each cross-check's Position ID and Match ID were printed by GNU Backgammon
//! 1.07 (`set xgid ...`, then `show board`), run by hand; the tests do not need it.

use bg_tui::engine::{
    Position, Side, XgidError, match_id, parse_xgid, position_from_id, position_id, xgid,
};

/// (XGID, GNU Backgammon's Position ID and Match ID for it).
const CROSS_CHECKS: [(&str, &str, &str); 7] = [
    // The opening position, X on roll with 5-2, 7-point match.
    (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10",
        "4HPwATDgc/ABMA",
        "cInqAAAAAAAE",
    ),
    // X's back checkers moved up to 18; X on roll.
    (
        "XGID=-b----E-C---eE---c-eB-----:0:0:1:52:0:0:0:7:10",
        "4HPwATDgc/ABAw",
        "cInqAAAAAAAE",
    ),
    // The same board with O on roll, score X 1 - O 3: the board is seen from O.
    (
        "XGID=-b----E-C---eE---c-eB-----:0:0:-1:52:1:3:0:7:10",
        "4HPwAQPgc/ABMA",
        "cInqABAAGAAE",
    ),
    // A checker of each side on the bar, a 2-cube X owns, O on roll, X 2 - O 3.
    (
        "XGID=ab----E-C---dD---c-e----BA:1:1:-1:00:2:3:0:7:10",
        "4HPwAFjgc/AAWA",
        "QQngACAAGAAE",
    ),
    // The same, O owning the cube and X on roll.
    (
        "XGID=ab----E-C---dD---c-e----BA:1:-1:1:00:2:3:0:7:10",
        "4HPwAFjgc/AAWA",
        "QQngADAAEAAE",
    ),
    // Money, a 4-cube in the centre, the Jacoby rule.
    (
        "XGID=ab----E-C---dD---c-e----BA:2:0:-1:00:0:0:1:0:10",
        "4HPwAFjgc/AAWA",
        "cgkAAAAAAAAA",
    ),
    // The Crawford game at 4-6 in a 7-point match, O on roll.
    (
        "XGID=ab----E-C---dD---c-e----BA:0:0:-1:00:4:6:1:7:10",
        "4HPwAFjgc/AAWA",
        "8AngAEAAMAAE",
    ),
];

#[test]
fn xgids_read_as_gnu_backgammon_reads_them() {
    for (text, pid, mid) in CROSS_CHECKS {
        let x = parse_xgid(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(position_id(&x.position), pid, "{text}");
        assert_eq!(match_id(&x.fields), mid, "{text}");
        // The prefix may be left out.
        let bare = text.strip_prefix("XGID=").unwrap_or(text);
        assert_eq!(parse_xgid(bare), Ok(x));
    }
}

#[test]
fn an_xgid_written_reads_back_the_same() {
    for (text, _, _) in CROSS_CHECKS {
        let x = parse_xgid(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = xgid(&x.position, &x.fields, x.beaver, x.max_cube_log);
        let again = parse_xgid(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again, x, "{text} -> {written}");
        // Written with the player on roll as X: an XGID with X on roll comes back as it was.
        if text.contains(":1:") && x.fields.dice.is_some() {
            assert!(written.contains(":1:"), "{written}");
        }
    }
    // Hand-written: O on roll becomes X, the board turned round and the scores swapped.
    let x = parse_xgid("XGID=-b----E-C---eE---c-eB-----:0:0:-1:52:1:3:0:7:10").unwrap();
    assert_eq!(
        xgid(&x.position, &x.fields, false, 10),
        "XGID=-----bE-C---eE---c-e----B-:0:0:1:52:3:1:0:7:10"
    );
}

#[test]
fn the_player_on_roll_and_a_double_offered() {
    let x = parse_xgid("XGID=-b----E-C---eE---c-e----B-:1:0:1:D:0:0:0:0:10").unwrap();
    assert_eq!(x.position, Position::START);
    assert!(x.fields.doubled && x.fields.dice.is_none());
    assert_eq!(x.fields.on_roll, Side::Black);
    assert_eq!(
        x.fields.turn,
        Side::White,
        "the other player answers the double"
    );
    assert_eq!(x.fields.cube_value(), 2);
    let back = xgid(&x.position, &x.fields, x.beaver, x.max_cube_log);
    assert_eq!(back, "XGID=-b----E-C---eE---c-e----B-:1:0:1:D:0:0:0:0:10");
    // Money play: 1 Jacoby, 2 beaver.
    let x = parse_xgid("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:8").unwrap();
    assert!(x.fields.jacoby && x.beaver);
    assert_eq!(x.max_cube_log, 8);
    assert_eq!(position_from_id(&position_id(&x.position)), Ok(x.position));
}

#[test]
fn malformed_xgids_say_what_is_wrong() {
    let start = "-b----E-C---eE---c-e----B-";
    let cases: [(String, XgidError); 9] = [
        (format!("{start}:0:0:1"), XgidError::FieldCount(4)),
        (
            "-b----E-C---eE:0:0:1:00:0:0:0:0:10".to_string(),
            XgidError::PositionLength(14),
        ),
        (
            format!("{}x{}:0:0:1:00:0:0:0:0:10", &start[..3], &start[4..]),
            XgidError::BadChecker { index: 3, ch: 'x' },
        ),
        (
            format!("A{}:0:0:1:00:0:0:0:0:10", &start[1..]),
            XgidError::WrongBar { index: 0 },
        ),
        (
            format!("{start}:16:0:1:00:0:0:0:0:10"),
            XgidError::BadField {
                field: 2,
                name: "cube",
                text: "16".to_string(),
                expected: "0-15",
            },
        ),
        (
            format!("{start}:0:0:0:00:0:0:0:0:10"),
            XgidError::BadField {
                field: 4,
                name: "turn",
                text: "0".to_string(),
                expected: "1 or -1",
            },
        ),
        (
            format!("{start}:0:0:1:71:0:0:0:0:10"),
            XgidError::BadField {
                field: 5,
                name: "dice",
                text: "71".to_string(),
                expected: "00, D or two dice 1-6",
            },
        ),
        (
            format!("{start}:1:0:1:00:6:4:1:7:10"),
            XgidError::CubeInCrawford(2),
        ),
        (
            // Sixteen of X's checkers: one more on its 6-point.
            "-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10".to_string(),
            XgidError::Position(bg_tui::engine::PositionError::TooManyCheckers {
                side: "the player on roll",
                count: 16,
            }),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_xgid(&text), Err(expected), "{text}");
    }
    // A score at or past the match length.
    assert!(matches!(
        parse_xgid(&format!("{start}:0:0:1:00:7:0:0:7:10")),
        Err(XgidError::BadField { field: 6, .. })
    ));
    // Never a panic on rubbish.
    for text in [
        "",
        ":",
        "XGID=",
        "::::::::::",
        "XGID=ééééééééééééééééééééééééé:0:0:1:00:0:0:0:0:10",
    ] {
        assert!(parse_xgid(text).is_err(), "{text:?}");
    }
}
