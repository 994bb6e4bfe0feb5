//! Following a play's steps under a rule set's step rules: the one check of a play given as
//! steps that both the game ([`crate::engine::Game`]) and the turn being built
//! ([`crate::engine::TurnBuilder`]) need.

use super::Variant;
use super::VariantRules;
use crate::engine::Dice;
use crate::engine::Position;
use crate::engine::Step;

/// Follows `steps` from `start` with the dice of `dice`, each step by a die that the rule
/// set's step rules allow for it (the die of the distance, or a higher one to bear off), and
/// gives the position reached; `None` when the steps cannot be played so. Whole-play rules
/// are not judged: compare the result with the legal plays.
#[must_use]
pub fn follow_steps(
    variant: Variant,
    start: &Position,
    dice: Dice,
    steps: &[Step],
) -> Option<Position> {
    fn go(
        rules: &dyn VariantRules,
        at: &Position,
        dice: &[u8],
        steps: &[Step],
    ) -> Option<Position> {
        let Some((first, rest)) = steps.split_first() else {
            return Some(*at);
        };
        for (i, &die) in dice.iter().enumerate() {
            if dice[..i].contains(&die) {
                continue;
            }
            let Some(step) = rules.step(at, first.from, die) else {
                continue;
            };
            if step != *first {
                continue;
            }
            let mut left = dice.to_vec();
            left.remove(i);
            let after = rules.after_step_unchecked(at, step);
            if let Some(end) = go(rules, &after, &left, rest) {
                return Some(end);
            }
        }
        None
    }
    if steps.len() > dice.played().len() {
        return None;
    }
    go(variant.rules(), start, &dice.played(), steps)
}
