//! The `pubeval` bot: the port of Tesauro's `pubeval.c` against sums written out by hand
//! from the published weights, its opening plays, and properties over seeded self-play.

use bg_tui::bot::pubeval::{PubevalBot, encode, is_race, pubeval};
use bg_tui::bot::{self, Bot};
use bg_tui::engine::{
    Action, Dice, MatchState, Phase, Play, Position, Rules, Variant, format_play,
};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// pubeval computes in `f32`; sums written out in `f64` agree to well within this.
const TOLERANCE: f64 = 1e-4;

fn position(board: [i8; 26]) -> Position {
    Position::from_board(board).expect("a valid test position")
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < TOLERANCE,
        "pubeval gave {actual}, the hand sum is {expected}"
    );
}

/// Mover: one checker on its ace point, 14 off. Opponent: 15 on the mover's 24 point (its
/// own ace point), none off. A race.
fn lone_ace_checker() -> Position {
    let mut b = [0i8; 26];
    b[1] = 1;
    b[24] = -15;
    position(b)
}

#[test]
fn encode_copies_the_board_and_adds_the_trays() {
    let start = encode(&Position::START);
    let expected_points: Vec<i32> = Position::START
        .board()
        .iter()
        .map(|&n| i32::from(n))
        .collect();
    assert_eq!(&start[..26], expected_points.as_slice());
    assert_eq!((start[26], start[27]), (0, 0));

    let mut b = [0i8; 26];
    b[3] = 6;
    b[2] = 3;
    b[1] = 1;
    b[22] = -4;
    b[23] = -1;
    b[0] = -2;
    let pos = encode(&position(b));
    assert_eq!(pos[3], 6);
    assert_eq!(pos[23], -1);
    assert_eq!(pos[0], -2, "the opponent's bar stays negative at index 0");
    assert_eq!(pos[25], 0);
    assert_eq!(pos[26], 5, "the mover's checkers off, positive");
    assert_eq!(pos[27], -8, "the opponent's checkers off, negative");
}

#[test]
fn race_lone_checker_on_the_ace_point_matches_the_hand_sum() {
    let pos = encode(&lone_ace_checker());
    // x[116] = 1: a mover's blot on point 1 (j = 24, x[5*23 + 1]); the opponent's 15 on
    // point 24 set nothing (only n == -1 counts for the opponent); x[121] = 14/15.
    let race = -2.77982 + 3.42040 * 14.0 / 15.0; // wr[116] + wr[121] * 14/15
    assert_close(pubeval(true, &pos), race);
    assert_close(pubeval(true, &pos), 0.412_553);
    // The same inputs with the contact weights.
    let contact = -1.59529 + -2.75800 * 14.0 / 15.0; // wc[116] + wc[121] * 14/15
    assert_close(pubeval(false, &pos), contact);
    assert_close(pubeval(false, &pos), -4.169_423);
}

#[test]
fn race_bear_in_position_matches_the_hand_sum() {
    // Mover: 6 on point 3, 3 on point 2, 1 on point 1, 5 off. Opponent: 4 on the mover's
    // 22 point, a blot on its 23 point, 10 off.
    let mut b = [0i8; 26];
    b[3] = 6;
    b[2] = 3;
    b[1] = 1;
    b[22] = -4;
    b[23] = -1;
    let p = position(b);
    assert!(is_race(&p));
    let pos = encode(&p);
    let expected = -0.83050 // wr[107]: point 3 made (j = 22)
        + 1.5 * -4.94251 // wr[109] * (6 - 3) / 2: the spare checkers on point 3
        + -3.66465 // wr[112]: point 2 made (j = 23)
        + -2.56906 // wr[113]: exactly three on point 2
        + -2.77982 // wr[116]: a blot on point 1 (j = 24)
        + 0.0 // wr[5]: the opponent's blot on point 23 (j = 2)
        + 3.42040 * 5.0 / 15.0; // wr[121] * 5/15: the mover's checkers off
    assert_close(pubeval(true, &pos), expected);
    assert_close(pubeval(true, &pos), -16.117_662);
}

#[test]
fn contact_position_with_the_opponent_on_the_bar_matches_the_hand_sum() {
    // Mover: a blot on its 24 point, 3 on the 8 point, 5 on the 6 point, 6 off. Opponent: one
    // on the bar, a blot on the mover's 5 point, 2 on the mover's 20 point, 11 off.
    let mut b = [0i8; 26];
    b[24] = 1;
    b[8] = 3;
    b[6] = 5;
    b[5] = -1;
    b[20] = -2;
    b[0] = -1;
    let p = position(b);
    assert!(!is_race(&p));
    let pos = encode(&p);
    let expected = -0.66937 // wc[1]: the mover's blot on point 24 (j = 1)
        + 1.83120 // wc[82]: point 8 made (j = 17)
        + 0.58722 // wc[83]: exactly three on point 8
        + 3.35809 // wc[92]: point 6 made (j = 19)
        + 0.57353 // wc[94] * (5 - 3) / 2: the spares on point 6
        + -0.07276 // wc[95]: the opponent's blot on point 5 (j = 20)
        + 5.62596 * 0.5 // wc[120] * 1/2: the opponent's checker on the bar
        + -2.75800 * 6.0 / 15.0; // wc[121] * 6/15: the mover's checkers off
    assert_close(pubeval(false, &pos), expected);
    assert_close(pubeval(false, &pos), 7.317_690);
}

#[test]
fn starting_position_matches_the_hand_sum() {
    // Points 24 (2), 13 (5), 8 (3) and 6 (5); no opposing blots, nobody on the bar or off.
    let pos = encode(&Position::START);
    let contact = -1.66135 // wc[2]: point 24 made (j = 1)
        + 1.78389 + 0.36797 // wc[57], wc[59] * 1: point 13 made, two spares (j = 12)
        + 1.83120 + 0.58722 // wc[82], wc[83]: point 8 made with exactly three
        + 3.35809 + 0.57353; // wc[92], wc[94] * 1: point 6 made, two spares
    assert_close(pubeval(false, &pos), contact);
    assert_close(pubeval(false, &pos), 6.840_550);
    let race = 0.27010 // wr[2]
        + -0.10839 + -0.88035 // wr[57], wr[59]
        + 0.20178 + -0.06285 // wr[82], wr[83]
        + 5.16874 + 5.35000; // wr[92], wr[94]
    assert_close(pubeval(true, &pos), race);
    assert_close(pubeval(true, &pos), 9.939_030);
}

#[test]
fn all_checkers_off_scores_the_original_constant() {
    let mut b = [0i8; 26];
    b[20] = -3;
    let pos = encode(&position(b));
    assert_eq!(pos[26], 15);
    // 99999999. as a C float.
    assert_eq!(pubeval(false, &pos), 100_000_000.0);
    assert_eq!(pubeval(true, &pos), 100_000_000.0);
}

#[test]
fn is_race_is_no_contact() {
    assert!(!is_race(&Position::START));
    assert!(is_race(&lone_ace_checker()));
    // A mover's checker on the bar is in contact with anything in its way.
    let mut b = [0i8; 26];
    b[25] = 1;
    b[3] = -2;
    assert!(!is_race(&position(b)));
}

fn best_opening(d1: u8, d2: u8) -> String {
    let dice = Dice::new(d1, d2).expect("dice");
    let ranked = PubevalBot::new().rank_plays(Variant::Backgammon, &Position::START, dice);
    format_play(&ranked[0].play)
}

#[test]
fn opening_three_one_makes_the_five_point() {
    assert_eq!(best_opening(3, 1), "8/5 6/5");
}

#[test]
fn opening_plays_of_the_point_making_rolls() {
    assert_eq!(best_opening(4, 2), "8/4 6/4");
    assert_eq!(best_opening(6, 1), "13/7 8/7");
    assert_eq!(best_opening(5, 3), "8/3 6/3");
    assert_eq!(best_opening(6, 5), "24/13");
}

#[test]
fn a_winning_bear_off_is_always_chosen() {
    // Mover: one checker on point 6 and one on point 1; 6-1 bears both off.
    let mut b = [0i8; 26];
    b[6] = 1;
    b[1] = 1;
    b[20] = -15;
    let p = position(b);
    let dice = Dice::new(6, 1).expect("dice");
    assert!(Variant::Backgammon.legal_plays(&p, dice).len() > 1);
    let ranked = PubevalBot::new().rank_plays(Variant::Backgammon, &p, dice);
    assert!(ranked[0].play.position().mover_has_won());
    assert_eq!(ranked[0].score, 100_000_000.0);
    assert!(ranked[1..].iter().all(|s| s.score < 1e6));
}

#[test]
fn made_by_name_and_listed_after_random() {
    let names = bot::NAMES;
    let random = names.iter().position(|&n| n == "random");
    let pubeval_at = names.iter().position(|&n| n == "pubeval");
    assert!(matches!((random, pubeval_at), (Some(r), Some(p)) if r < p));
    let made = bot::make("pubeval", 7).expect("pubeval is a bot");
    assert_eq!(made.name(), "pubeval");
}

/// Plays a game with seeded dice, `bot` on both sides, and now and then a random play
/// instead of the bot's; checks every decision on the way. Returns the positions checked.
fn self_play(seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot = PubevalBot::new();
    let mut m = MatchState::new(Rules::money()).expect("money rules");
    let (white, black) = loop {
        let (w, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
        if w != b {
            break (w, b);
        }
    };
    m.apply(Action::OpeningRoll { white, black })
        .expect("opening roll");
    let mut checked = 0;
    for _ in 0..400 {
        match m.game().phase() {
            Phase::Rolling => {
                assert!(!bot.should_double(&m));
                m.apply(Action::Roll(Dice::roll(&mut rng))).expect("roll");
            }
            Phase::Moving(dice) => {
                let position = *m.game().position();
                let legal = Variant::Backgammon.legal_plays(&position, dice);
                let ranked = bot.rank_plays(Variant::Backgammon, &position, dice);
                assert_eq!(ranked.len(), legal.len());
                for s in &ranked {
                    assert!(legal.contains(&s.play), "ranked a play that is not legal");
                }
                for pair in ranked.windows(2) {
                    assert!(pair[0].score >= pair[1].score, "not sorted best first");
                }
                let chosen: Play = bot.choose_play(&m);
                if legal.is_empty() {
                    assert!(chosen.steps().is_empty());
                } else {
                    assert!(legal.contains(&chosen), "chose a play that is not legal");
                    assert_eq!(chosen.position(), ranked[0].play.position());
                }
                checked += 1;
                let play = if !legal.is_empty() && rng.random_range(0..4) == 0 {
                    legal[rng.random_range(0..legal.len())]
                } else {
                    chosen
                };
                m.apply(Action::Play(play)).expect("a legal play");
            }
            _ => break,
        }
    }
    checked
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn self_play_choices_are_legal_and_rankings_sorted(seed in any::<u64>()) {
        let checked = self_play(seed);
        prop_assert!(checked > 0);
    }
}

#[test]
fn self_play_covers_a_few_hundred_positions() {
    let total: usize = (0..8).map(self_play).sum();
    assert!(total >= 200, "only {total} positions");
}

#[test]
fn plays_only_the_rule_sets_that_move_as_backgammon_and_never_an_illegal_play() {
    use bg_tui::engine::{RuleSet, Variant};
    let mut bot = PubevalBot::new();
    for variant in Variant::ALL {
        let expected = matches!(
            variant,
            Variant::Backgammon | Variant::Portes | Variant::Jacquet
        );
        assert_eq!(bot.plays(variant), expected, "{variant}");
        // Asked anyway (a bot that cannot play a rule set), it still gives only legal plays.
        let start = variant.start_position();
        let roll = Dice::new(6, 4).expect("dice");
        let legal = variant.legal_plays(&start, roll);
        let ranked: Vec<Play> = bot
            .rank_plays(variant, &start, roll)
            .iter()
            .map(|s| s.play)
            .collect();
        assert_eq!(ranked.len(), legal.len(), "{variant}");
        assert!(ranked.iter().all(|p| legal.contains(p)), "{variant}");
    }
    assert!(bot::plays_rule_set(&bot, RuleSet::Portes));
    assert!(!bot::plays_rule_set(&bot, RuleSet::Tavli));
    assert!(matches!(
        bot::make_for("pubeval", 0, RuleSet::Fevga),
        Err(bot::BotError::CannotPlay { .. })
    ));
}
