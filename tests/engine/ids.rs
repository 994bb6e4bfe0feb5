//! GNU Backgammon Position ID and Match ID: known IDs both ways, malformed input, and
//! round trips over random positions and match states.
//!
//! The expected IDs of the hand-made cases were worked out independently of the code under
//! test, from GNU Backgammon's `positionid.c` / `matchid.c` (bits of each key filled
//! least-significant bit first, then standard base64 without padding).

use crate::common;

use common::sides;

use bg_tui::engine::Dice;
use bg_tui::engine::Position;
use bg_tui::engine::Side;
use bg_tui::engine::{
    GameStateCode, MatchIdError, MatchIdFields, PositionIdError, match_id, match_id_fields,
    position_from_id, position_id, try_match_id,
};
use proptest::prelude::*;

const START_ID: &str = "4HPwATDgc/ABMA";

fn is_base64(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '+' || c == '/'
}

// ---------------------------------------------------------------- Position ID: known IDs

#[test]
fn start_position_encodes_to_gnubg_id() {
    assert_eq!(position_id(&Position::START), START_ID);
}

#[test]
fn start_position_id_decodes_to_start() {
    assert_eq!(position_from_id(START_ID), Ok(Position::START));
}

#[test]
fn surrounding_whitespace_is_accepted() {
    assert_eq!(position_from_id("  4HPwATDgc/ABMA\n"), Ok(Position::START));
    assert!(match_id_fields("\tQYkqASAAIAAA  ").is_ok());
}

#[test]
fn bits_beyond_the_key_in_the_last_character_are_ignored_like_gnubg() {
    // 'B' differs from 'A' only in the 4 bits past the 80-bit key.
    assert_eq!(position_from_id("4HPwATDgc/ABMB"), Ok(Position::START));
}

#[test]
fn opponent_checkers_come_first_in_the_key() {
    // One opponent checker on its own point 1: the very first bit of the key.
    let opp = sides(&[], &[(1, 1)]);
    assert_eq!(position_id(&opp), "AQAAAAAAAAAAAA");
    assert_eq!(position_from_id("AQAAAAAAAAAAAA"), Ok(opp));
    // One mover checker on its point 1: bit 25, after the opponent's 25 zero bits.
    let mover = sides(&[(1, 1)], &[]);
    assert_eq!(position_id(&mover), "AAAAAgAAAAAAAA");
    assert_eq!(position_from_id("AAAAAgAAAAAAAA"), Ok(mover));
}

#[test]
fn asymmetric_position_catches_a_swapped_order() {
    let mover = [(24, 2), (13, 5), (8, 2), (6, 4), (5, 2)];
    let opponent = [(24, 2), (13, 4), (8, 3), (6, 5), (3, 1)];
    let p = sides(&mover, &opponent);
    assert_eq!(position_id(&p), "xOfgATCwZ/ABMA");
    assert_eq!(position_from_id("xOfgATCwZ/ABMA"), Ok(p));
    // The same board with the other side on roll has the other ID.
    assert_eq!(position_id(&p.switched()), "sGfwATDE5+ABMA");
    assert_eq!(position_from_id("sGfwATDE5+ABMA"), Ok(p.switched()));
}

#[test]
fn checkers_on_the_bar_and_borne_off() {
    // Mover: 2 on the bar, 3 on its 1 point, 10 off. Opponent: 1 on the bar, 3 on its 6
    // point, 2 on its 19 point, 9 off.
    let p = sides(&[(25, 2), (1, 3)], &[(25, 1), (6, 3), (19, 2)]);
    assert_eq!(p.mover_bar(), 2);
    assert_eq!(p.opponent_bar(), 1);
    assert_eq!(p.mover_off(), 10);
    assert_eq!(p.opponent_off(), 9);
    assert_eq!(position_id(&p), "4ABgoAMAAAwAAA");
    assert_eq!(position_from_id("4ABgoAMAAAwAAA"), Ok(p));
}

#[test]
fn everything_borne_off_is_all_zero_bits() {
    assert_eq!(position_id(&Position::EMPTY), "AAAAAAAAAAAAAA");
    assert_eq!(position_from_id("AAAAAAAAAAAAAA"), Ok(Position::EMPTY));
}

#[test]
fn one_side_on_the_bar_against_a_closed_board_is_fine() {
    let closed = [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)];
    let mut mover = closed.to_vec();
    mover.push((25, 1));
    let p = sides(&mover, &closed);
    assert_eq!(position_id(&p), "27YBAGDbNgAAAg");
    assert_eq!(position_from_id("27YBAGDbNgAAAg"), Ok(p));
}

// ---------------------------------------------------------------- Position ID: malformed

#[test]
fn position_id_of_wrong_length_is_an_error() {
    assert_eq!(
        position_from_id("4HPwATDgc/ABM"),
        Err(PositionIdError::WrongLength(13))
    );
    assert_eq!(position_from_id(""), Err(PositionIdError::WrongLength(0)));
    assert_eq!(
        position_from_id("4HPwATDgc/ABMA=="),
        Err(PositionIdError::WrongLength(16))
    );
}

#[test]
fn position_id_with_a_non_base64_character_is_an_error() {
    assert_eq!(
        position_from_id("4HPwATDgc/AB*A"),
        Err(PositionIdError::NotBase64 { index: 12, ch: '*' })
    );
    assert_eq!(
        position_from_id("4HPwATDgc/ABMé"),
        Err(PositionIdError::NotBase64 {
            index: 13, ch: 'é'
        })
    );
    assert_eq!(
        position_from_id("4HPw-TDgc/ABMA"),
        Err(PositionIdError::NotBase64 { index: 4, ch: '-' })
    );
}

#[test]
fn position_id_with_sixteen_checkers_on_a_side_is_an_error() {
    assert_eq!(
        position_from_id("//8AAAAAAAAAAA"),
        Err(PositionIdError::TooManyCheckers {
            side: "the opponent",
            count: 16
        })
    );
}

#[test]
fn position_id_with_both_sides_on_one_point_is_an_error() {
    // The opponent's point 1 is the mover's point 24.
    assert_eq!(
        position_from_id("AQAAAAAAAgAAAA"),
        Err(PositionIdError::BothOnPoint { point: 24 })
    );
}

#[test]
fn position_id_that_runs_out_of_bits_is_an_error() {
    assert_eq!(
        position_from_id("//////////////"),
        Err(PositionIdError::OutOfBits)
    );
}

#[test]
fn position_id_with_checkers_after_both_sides_is_an_error() {
    // 50 zero bits (both sides empty) and then a 1.
    assert_eq!(
        position_from_id("AAAAAAAABAAAAA"),
        Err(PositionIdError::TrailingCheckers)
    );
}

#[test]
fn position_id_with_both_on_the_bar_against_closed_boards_is_an_error() {
    assert_eq!(
        position_from_id("27YBANC2bQAABA"),
        Err(PositionIdError::BothOnBarAgainstClosedBoards)
    );
}

#[test]
fn position_id_error_messages_are_lower_case() {
    for id in [
        "abc",
        "4HPwATDgc/AB*A",
        "//8AAAAAAAAAAA",
        "AQAAAAAAAgAAAA",
        "//////////////",
        "AAAAAAAABAAAAA",
        "27YBANC2bQAABA",
    ] {
        let message = position_from_id(id).expect_err(id).to_string();
        let first = message.chars().next().expect("non-empty message");
        assert!(first.is_lowercase(), "{message}");
    }
}

// ---------------------------------------------------------------- Match ID: known IDs

/// The manual's example: 9-point match, 2-4, player 0 owns the cube at 2, player 1 on roll
/// with 5-2.
fn manual_example() -> MatchIdFields {
    MatchIdFields {
        cube_log: 1,
        cube_owner: Some(Side::White),
        on_roll: Side::Black,
        crawford: false,
        game_state: GameStateCode::Playing,
        turn: Side::Black,
        doubled: false,
        resigned: 0,
        dice: Some(Dice::new(5, 2).expect("dice")),
        match_length: 9,
        score: [2, 4],
        jacoby: true,
    }
}

#[test]
fn manual_match_id_encodes() {
    assert_eq!(match_id(&manual_example()), "QYkqASAAIAAA");
    assert_eq!(
        try_match_id(&manual_example()),
        Ok("QYkqASAAIAAA".to_string())
    );
}

#[test]
fn manual_match_id_decodes() {
    let f = match_id_fields("QYkqASAAIAAA").expect("valid");
    assert_eq!(f, manual_example());
    assert_eq!(f.cube_value(), 2);
}

#[test]
fn jacoby_is_stored_negated_in_bit_66() {
    // Money game, centred cube, White on roll with 6-1 rolled as 1-6, Jacoby off.
    let f = MatchIdFields {
        cube_log: 0,
        cube_owner: None,
        on_roll: Side::White,
        crawford: false,
        game_state: GameStateCode::Playing,
        turn: Side::White,
        doubled: false,
        resigned: 0,
        dice: Some(Dice::new(1, 6).expect("dice")),
        match_length: 0,
        score: [0, 0],
        jacoby: false,
    };
    // Bit 66 is bit 2 of byte 8: the last character 'E' = 000100.
    assert_eq!(match_id(&f), "MAEHAAAAAAAE");
    let back = match_id_fields("MAEHAAAAAAAE").expect("valid");
    assert!(!back.jacoby);
    // The higher die is written first, as gnubg does.
    assert_eq!(back.dice, Some(Dice::new(6, 1).expect("dice")));
    assert_eq!(
        match_id(&MatchIdFields { jacoby: true, ..f }),
        "MAEHAAAAAAAA"
    );
}

#[test]
fn crawford_game_with_centred_cube_and_no_dice() {
    let f = MatchIdFields {
        cube_log: 0,
        cube_owner: None,
        on_roll: Side::Black,
        crawford: true,
        game_state: GameStateCode::Playing,
        turn: Side::Black,
        doubled: false,
        resigned: 0,
        dice: None,
        match_length: 7,
        score: [6, 3],
        jacoby: true,
    };
    assert_eq!(match_id(&f), "8AngAGAAGAAA");
    assert_eq!(match_id_fields("8AngAGAAGAAA"), Ok(f));
}

#[test]
fn double_offered_turn_passes_to_the_taker() {
    let f = MatchIdFields {
        cube_log: 2,
        cube_owner: Some(Side::White),
        on_roll: Side::White,
        crawford: false,
        game_state: GameStateCode::Playing,
        turn: Side::Black,
        doubled: true,
        resigned: 0,
        dice: None,
        match_length: 5,
        score: [1, 2],
        jacoby: true,
    };
    assert_eq!(match_id(&f), "AhmgABAAEAAA");
    assert_eq!(match_id_fields("AhmgABAAEAAA"), Ok(f));
    assert_eq!(f.cube_value(), 4);
}

#[test]
fn dice_written_low_first_are_read_as_written() {
    let f = match_id_fields("MAG1AAAAAAAA").expect("valid");
    assert_eq!(f.dice, Some(Dice::new(2, 5).expect("dice")));
    // Re-encoding puts the higher die first.
    assert_eq!(match_id(&f), "MIGqAAAAAAAA");
}

#[test]
fn unused_bits_are_ignored_like_gnubg() {
    assert_eq!(
        match_id_fields("MAGgAAAAAABA"),
        match_id_fields("MAGgAAAAAAAA")
    );
}

// ---------------------------------------------------------------- Match ID: malformed

#[test]
fn match_id_of_wrong_length_is_an_error() {
    assert_eq!(
        match_id_fields("QYkqASAAIAA"),
        Err(MatchIdError::WrongLength(11))
    );
    assert_eq!(
        match_id_fields("QYkqASAAIAAAA"),
        Err(MatchIdError::WrongLength(13))
    );
}

#[test]
fn match_id_with_a_non_base64_character_is_an_error() {
    assert_eq!(
        match_id_fields("QYkqASAA_AAA"),
        Err(MatchIdError::NotBase64 { index: 8, ch: '_' })
    );
}

#[test]
fn match_id_fields_out_of_range_are_errors() {
    let cases = [
        ("IAGgAAAAAAAA", MatchIdError::BadCubeOwner(2)),
        ("MAWgAAAAAAAA", MatchIdError::BadGameState(5)),
        ("MIGvAAAAAAAA", MatchIdError::BadDie(7)),
        ("MAGiAAAAAAAA", MatchIdError::OneDieRolled(4)),
        ("MAEgCAAAAAAA", MatchIdError::MatchTooLong(65)),
        (
            "MAGgAGAAAAAA",
            MatchIdError::ScoreTooHigh {
                player: Side::White,
                score: 6,
                limit: 5,
            },
        ),
        ("sAEAAAAAAAAA", MatchIdError::CrawfordInMoneyPlay),
    ];
    for (id, error) in cases {
        assert_eq!(match_id_fields(id), Err(error.clone()), "{id}");
        let message = error.to_string();
        assert!(
            message.chars().next().is_some_and(char::is_lowercase),
            "{message}"
        );
    }
}

#[test]
fn fields_that_do_not_fit_are_refused_by_try_match_id() {
    let f = MatchIdFields {
        cube_log: 16,
        ..manual_example()
    };
    assert_eq!(f.validate(), Err(MatchIdError::CubeLogTooLarge(16)));
    assert_eq!(try_match_id(&f), Err(MatchIdError::CubeLogTooLarge(16)));
    let f = MatchIdFields {
        resigned: 4,
        ..manual_example()
    };
    assert_eq!(try_match_id(&f), Err(MatchIdError::BadResignation(4)));
    let f = MatchIdFields {
        score: [2, 10],
        ..manual_example()
    };
    assert_eq!(
        try_match_id(&f),
        Err(MatchIdError::ScoreTooHigh {
            player: Side::Black,
            score: 10,
            limit: 9
        })
    );
}

// ---------------------------------------------------------------- properties

/// Random valid positions: up to 15 checkers a side dropped on random points (1-24 or the
/// bar, 25); an opponent checker landing on a point the mover holds is borne off instead.
fn arb_position() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(1usize..=25, 0..=15),
        prop::collection::vec(1usize..=25, 0..=15),
    )
        .prop_filter_map("both on the bar against closed boards", |(ms, os)| {
            let mut mover = [0u8; 26];
            let mut opponent = [0u8; 26];
            for p in ms {
                mover[p] += 1;
            }
            for p in os {
                if p == 25 || mover[25 - p] == 0 {
                    opponent[p] += 1;
                }
            }
            let closed = |s: &[u8; 26]| (1..=6).all(|p| s[p] >= 2);
            if mover[25] > 0 && opponent[25] > 0 && closed(&mover) && closed(&opponent) {
                return None;
            }
            Position::from_sides(&mover, &opponent).ok()
        })
}

fn arb_side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::White), Just(Side::Black)]
}

fn arb_game_state() -> impl Strategy<Value = GameStateCode> {
    prop_oneof![
        Just(GameStateCode::NoGame),
        Just(GameStateCode::Playing),
        Just(GameStateCode::Over),
        Just(GameStateCode::Resigned),
        Just(GameStateCode::Dropped),
    ]
}

fn arb_fields() -> impl Strategy<Value = MatchIdFields> {
    let length_and_score = prop_oneof![
        (Just(0u32), 0u32..=0x7FFF, 0u32..=0x7FFF, Just(false)),
        (1u32..=64).prop_flat_map(|n| (Just(n), 0..=n, 0..=n, any::<bool>())),
    ];
    (
        0u8..=15,
        prop::option::of(arb_side()),
        arb_side(),
        arb_game_state(),
        arb_side(),
        any::<bool>(),
        0u8..=3,
        prop::option::of((1u8..=6, 1u8..=6)),
        length_and_score,
        any::<bool>(),
    )
        .prop_map(
            |(
                cube_log,
                cube_owner,
                on_roll,
                game_state,
                turn,
                doubled,
                resigned,
                dice,
                (match_length, s0, s1, crawford),
                jacoby,
            )| MatchIdFields {
                cube_log,
                cube_owner,
                on_roll,
                crawford,
                game_state,
                turn,
                doubled,
                resigned,
                dice: dice.map(|(a, b)| Dice::new(a, b).expect("1-6")),
                match_length,
                score: [s0, s1],
                jacoby,
            },
        )
}

/// The fields as they come back from an ID: the higher die first.
fn high_first(f: MatchIdFields) -> MatchIdFields {
    MatchIdFields {
        dice: f.dice.map(|d| Dice::new(d.high(), d.low()).expect("1-6")),
        ..f
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_positions_round_trip(p in arb_position()) {
        let id = position_id(&p);
        prop_assert_eq!(id.len(), 14);
        prop_assert!(id.chars().all(is_base64));
        prop_assert_eq!(position_from_id(&id), Ok(p));
        prop_assert_eq!(position_from_id(&position_id(&p.switched())), Ok(p.switched()));
    }

    #[test]
    fn random_match_fields_round_trip(f in arb_fields()) {
        prop_assert_eq!(f.validate(), Ok(()));
        let id = match_id(&f);
        prop_assert_eq!(id.len(), 12);
        prop_assert!(id.chars().all(is_base64));
        prop_assert_eq!(try_match_id(&f), Ok(id.clone()));
        prop_assert_eq!(match_id_fields(&id), Ok(high_first(f)));
    }

    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        let _ = position_from_id(&s);
        let _ = match_id_fields(&s);
    }

    #[test]
    fn arbitrary_base64_position_ids_never_panic(s in "[A-Za-z0-9+/]{14}") {
        if let Ok(p) = position_from_id(&s) {
            // Whatever decodes, re-encodes to an ID of the same position.
            prop_assert_eq!(position_from_id(&position_id(&p)), Ok(p));
        }
    }

    #[test]
    fn arbitrary_base64_match_ids_never_panic(s in "[A-Za-z0-9+/]{12}") {
        if let Ok(f) = match_id_fields(&s) {
            prop_assert_eq!(f.validate(), Ok(()));
            prop_assert_eq!(match_id_fields(&match_id(&f)), Ok(high_first(f)));
        }
    }

    #[test]
    fn near_valid_match_ids_never_panic(f in arb_fields(), flip in 0usize..72) {
        // Flip one bit of a valid key, through its base64 text.
        let id = match_id(&f);
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut chars: Vec<char> = id.chars().collect();
        let value = alphabet.find(chars[flip / 6]).expect("base64") ^ (1 << (5 - flip % 6));
        chars[flip / 6] = alphabet.as_bytes()[value] as char;
        let flipped: String = chars.into_iter().collect();
        let _ = match_id_fields(&flipped);
    }
}
