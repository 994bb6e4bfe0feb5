//! A legal-play generator for any rule set, built on its step rules: every order of the
//! dice, one checker move at a time, then the whole-play rules.

use super::VariantRules;
use crate::engine::Dice;
use crate::engine::Place;
use crate::engine::{BAR, Position};
use crate::engine::{MAX_STEPS, Play, Step};
use foldhash::HashSet;
use foldhash::HashSetExt;

/// A sequence of steps reached in the search.
struct Candidate {
    position: Position,
    steps: [Step; MAX_STEPS],
    len: usize,
    /// For a play of one die: it used the higher die.
    used_high: bool,
}

struct Search<'a, R: VariantRules + ?Sized> {
    rules: &'a R,
    allowed: &'a dyn Fn(&Position) -> bool,
    /// The dice, higher first; a double is four of one number.
    dice: Vec<u8>,
    double: bool,
    seen: HashSet<(Position, u8)>,
    found: Vec<Candidate>,
}

impl<R: VariantRules + ?Sized> Search<'_, R> {
    /// Visits `position` with the dice in `left` (a bit per die) still to play.
    fn visit(&mut self, position: Position, left: u8, steps: &mut Vec<(Step, u8)>) {
        // Two numbers give few orders, and equal ends are merged at the end; a double's many
        // orders of the same moves are cut here.
        if self.double && !self.seen.insert((position, left)) {
            return;
        }
        if (self.allowed)(&position) {
            let mut packed = [Step::default(); MAX_STEPS];
            for (slot, (step, _)) in packed.iter_mut().zip(steps.iter()) {
                *slot = *step;
            }
            self.found.push(Candidate {
                position,
                steps: packed,
                len: steps.len(),
                used_high: steps.first().is_some_and(|&(_, d)| d == self.dice[0]),
            });
        }
        for i in 0..self.dice.len() {
            if left & (1 << i) == 0 {
                continue;
            }
            // A double's dice are alike: always use the first one left.
            if self.double && left & ((1 << i) - 1) != 0 {
                break;
            }
            let die = self.dice[i];
            for from in (1..=BAR as u8).rev() {
                if position.board()[usize::from(from)] <= 0 {
                    continue;
                }
                if let Some(step) = self.rules.step(&position, Place::of(from), die) {
                    let after = self.rules.after_step_unchecked(&position, step);
                    steps.push((step, die));
                    self.visit(after, left & !(1 << i), steps);
                    steps.pop();
                }
            }
        }
    }
}

/// Every legal play of `dice` in `position` under `rules`' step rules: the plays that use
/// as many dice as possible (the higher die when only one can be used), counted over the
/// plays whose resulting position `allowed` accepts, once per resulting position.
pub(crate) fn legal_plays_into<R: VariantRules + ?Sized>(
    rules: &R,
    position: &Position,
    dice: Dice,
    allowed: &dyn Fn(&Position) -> bool,
    out: &mut Vec<Play>,
) {
    out.clear();
    let double = dice.is_double();
    let list = if double {
        vec![dice.high(); 4]
    } else {
        vec![dice.high(), dice.low()]
    };
    let all = (1u8 << list.len()) - 1;
    let mut search = Search {
        rules,
        allowed,
        dice: list,
        double,
        seen: HashSet::new(),
        found: Vec::new(),
    };
    search.visit(*position, all, &mut Vec::with_capacity(MAX_STEPS));
    let Some(most) = search.found.iter().map(|c| c.len).max() else {
        return;
    };
    if most == 0 {
        return;
    }
    // Only one die can be played: the higher one if it can be.
    let high_only = most == 1 && !double && search.found.iter().any(|c| c.len == 1 && c.used_high);
    let mut positions = HashSet::new();
    for c in &search.found {
        if c.len != most || (high_only && !c.used_high) || !positions.insert(c.position) {
            continue;
        }
        let packed = c.steps[..c.len]
            .iter()
            .enumerate()
            .fold(0, |acc, (i, s)| acc | s.pack() << (16 * i));
        out.push(Play::from_packed(packed, c.len as u8, c.position));
    }
}
