//! The fast generator against the brute-force reference on many random positions.

use crate::common;

use bg_tui::engine::{Dice, Variant};
use common::{random_position, reference_positions};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::collections::BTreeSet;

/// Compares `count` random positions from `seed`, each with all 21 rolls.
fn compare_random_positions(seed: u64, count: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut compared = 0;
    for _ in 0..count {
        let position = random_position(&mut rng);
        for a in 1..=6u8 {
            for b in 1..=a {
                let dice = Dice::new(a, b).unwrap();
                let fast = Variant::Backgammon.legal_plays(&position, dice);
                let fast_set: BTreeSet<[i8; 26]> =
                    fast.iter().map(|p| *p.position().board()).collect();
                assert_eq!(
                    fast.len(),
                    fast_set.len(),
                    "duplicate plays for {position:?} {dice}"
                );
                let reference = reference_positions(&position, dice);
                assert_eq!(fast_set, reference, "plays differ for {position:?} {dice}");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, count * 21);
}

// 10,000 random positions in all (scattered, bear-off, bar, primes), in four tests so that
// they run in parallel.
#[test]
fn fast_generator_matches_reference_on_random_positions_1() {
    compare_random_positions(2024, 2500);
}

#[test]
fn fast_generator_matches_reference_on_random_positions_2() {
    compare_random_positions(2025, 2500);
}

#[test]
fn fast_generator_matches_reference_on_random_positions_3() {
    compare_random_positions(2026, 2500);
}

#[test]
fn fast_generator_matches_reference_on_random_positions_4() {
    compare_random_positions(2027, 2500);
}

/// Found by the self-play properties: with 6-4, only 9/3 can be played (8/4, 6/2, 9/5 land
/// on closed points and nothing may bear off while 8 is outside), so the higher die alone is
/// the one play. The fast path for "lower die first" once skipped this fallback.
#[test]
fn higher_die_alone_when_neither_order_uses_both_dice() {
    let board = [
        0, 7, -3, 3, -2, -3, 3, -1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3, 0, 0, -3, 0,
    ];
    let position = bg_tui::engine::Position::from_board(board).unwrap();
    let plays = Variant::Backgammon.legal_plays(&position, Dice::new(6, 4).unwrap());
    assert_eq!(plays.len(), 1);
    let step = plays[0].steps()[0];
    assert_eq!(
        (step.from.number(), step.to.number(), step.hit),
        (9, 3, false)
    );
    assert_eq!(
        plays
            .iter()
            .map(|p| *p.position().board())
            .collect::<BTreeSet<_>>(),
        reference_positions(&position, Dice::new(6, 4).unwrap())
    );
}
