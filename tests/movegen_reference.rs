//! The fast generator against the brute-force reference on many random positions.

mod common;

use bg_tui::engine::{Dice, legal_plays};
use common::{random_position, reference_positions};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::collections::BTreeSet;

#[test]
fn fast_generator_matches_reference_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut compared = 0;
    for _ in 0..3000 {
        let position = random_position(&mut rng);
        for a in 1..=6u8 {
            for b in 1..=a {
                let dice = Dice::new(a, b).unwrap();
                let fast = legal_plays(&position, dice);
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
    assert_eq!(compared, 3000 * 21);
}
