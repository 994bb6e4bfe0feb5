//! The `random` bot: any legal play, uniformly, in every rule set; never doubles; always
//! takes.

use super::{Bot, DoubleAnswer, ScoredPlay};
use crate::engine::{Dice, MatchState, Position, Variant, WinKind};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Chooses uniformly among the distinct legal plays.
#[derive(Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    /// The legal plays in a random order, all scored 0.
    /// The legal plays of `variant` in a random order, all scored 0.
    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        let mut plays = super::unranked(variant, position, dice);
        // Fisher-Yates with the bot's own generator.
        for i in (1..plays.len()).rev() {
            let j = self.rng.random_range(0..=i);
            plays.swap(i, j);
        }
        plays
    }

    /// Every rule set.
    fn plays(&self, _: Variant) -> bool {
        true
    }

    fn should_double(&mut self, _: &MatchState) -> bool {
        false
    }

    fn answer_double(&mut self, _: &MatchState) -> DoubleAnswer {
        DoubleAnswer::Take
    }

    fn accept_resignation(&mut self, _: &MatchState, _: WinKind) -> bool {
        true
    }
}
