//! Fevga (assets/rules/README.md §2.4): both sides the same way round, no hitting, the start,
//! own-quarter and trapping rules.

use super::{Variant, VariantError, VariantRules, fast};
use crate::engine::Dice;
use crate::engine::Place;
use crate::engine::{BAR, Geometry, OPPONENT_BAR, Position};
use crate::engine::{Play, Step};

/// Fevga: each side starts with all 15 checkers on its own 24-point, at diagonally opposite
/// corners (the opponent's start is the mover's 12-point), and both move counter-clockwise.
/// A single checker holds a point; nothing is hit or pinned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fevga;

/// The opponent's route in the mover's numbering: from its start on the mover's 12-point
/// down to 1, then from 24 down to 13 (its home board is the mover's 13-18).
const OPPONENT_ROUTE: [u8; 24] = [
    12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
];

impl Fevga {
    /// One of the mover's checkers has passed the opponent's start: it stands on the
    /// mover's 11-point or lower, or has been borne off.
    fn passed_the_start(position: &Position) -> bool {
        position.mover_off() > 0 || (1..=11).any(|p| position.board()[p] > 0)
    }

    /// The mover holds all six points 19-24 (the own-quarter rule forbids ending a play so).
    #[cfg(test)]
    pub(crate) fn holds_own_quarter(position: &Position) -> bool {
        (19..=24).all(|p| position.board()[p] > 0)
    }

    /// Where along the opponent's route the mover holds six points in a row (a block): a
    /// bit for each route index where a block starts.
    fn blocks(position: &Position) -> u32 {
        let held = route_mask(points_where(position, |n| n > 0));
        let run = held & held >> 1 & held >> 2 & held >> 3 & held >> 4 & held >> 5;
        run & ((1 << (OPPONENT_ROUTE.len() - 5)) - 1)
    }

    /// The mover holds a block (six points in a row along the opponent's route).
    pub(crate) fn has_block(position: &Position) -> bool {
        Self::blocks(position) != 0
    }

    /// The mover holds a block with every opposing checker still on the board behind it.
    pub(crate) fn traps(position: &Position) -> bool {
        let theirs = route_mask(points_where(position, |n| n < 0));
        if theirs == 0 {
            return false;
        }
        // Where along its route the opponent's foremost checker stands.
        let front = 31 - theirs.leading_zeros();
        Self::blocks(position) & !((2 << front) - 1) != 0
    }
}

/// A bit (1-24) for each point whose count passes `test`.
fn points_where(position: &Position, test: impl Fn(i8) -> bool) -> u32 {
    (1..=24).fold(0, |mask, p| {
        mask | u32::from(test(position.board()[p])) << p
    })
}

/// `points` (a bit per point 1-24, the mover's numbering) in the order of the opponent's
/// route: bit `k` for [`OPPONENT_ROUTE`]`[k]` (12 down to 1, then 24 down to 13).
fn route_mask(points: u32) -> u32 {
    let reversed = points.reverse_bits();
    // Point p (1-12) is at bit 31 - p and goes to 12 - p; point p (13-24) goes to 36 - p.
    (reversed >> 19 & 0xFFF) | (reversed >> 7 & 0xFFF) << 12
}

impl VariantRules for Fevga {
    fn variant(&self) -> Variant {
        Variant::Fevga
    }

    fn start(&self) -> Position {
        let mut board = [0i8; 26];
        board[24] = 15;
        board[12] = -15;
        Position::new(board, [0, 0], &[], Geometry::SameWay).unwrap_or(Position::START)
    }

    fn geometry(&self) -> Geometry {
        Geometry::SameWay
    }

    fn step(&self, position: &Position, from: Place, die: u8) -> Option<Step> {
        let board = position.board();
        let (f, d) = (from.index(), usize::from(die));
        if !(1..=24).contains(&f) || !(1..=6).contains(&d) || board[f] <= 0 {
            return None;
        }
        // The start rule: until a checker has passed the opponent's start, only one checker
        // may leave the 24-point.
        if f == 24 && board[24] < 15 && !Self::passed_the_start(position) {
            return None;
        }
        if f > d {
            let to = f - d;
            // Open only when empty or the mover's own: a single checker holds a point.
            return (board[to] >= 0).then_some(Step {
                from,
                to: Place::of(to as u8),
                hit: false,
            });
        }
        let all_home = (7..=24).all(|p| board[p] <= 0);
        let highest = (f + 1..=6).all(|p| board[p] <= 0);
        (all_home && (f == d || highest)).then_some(Step {
            from,
            to: Place::OFF,
            hit: false,
        })
    }

    fn after_step_unchecked(&self, position: &Position, step: Step) -> Position {
        let mut after = *position;
        after.board_mut()[step.from.index()] -= 1;
        match step.to {
            Place::OFF => after.add_mover_off(1),
            to => after.board_mut()[to.index()] += 1,
        }
        after
    }

    fn legal_plays_into(&self, position: &Position, dice: Dice, out: &mut Vec<Play>) {
        // Steps, then as many dice as possible over the plays that keep the own-quarter
        // rule, then the trapping rule.
        fast::legal_plays_into(fast::Kind::Fevga, position, dice, out);
        // Such a block at the start of the turn: no block may be left, if a play can do it.
        if Self::traps(position) && out.iter().any(|p| !Self::has_block(p.position())) {
            out.retain(|p| !Self::has_block(p.position()));
        }
    }

    fn check(&self, position: &Position) -> Result<(), VariantError> {
        if position.geometry() != Geometry::SameWay {
            return Err(VariantError::WrongGeometry(Variant::Fevga));
        }
        if position.has_pins() {
            return Err(VariantError::PinsNotAllowed(Variant::Fevga));
        }
        if position.board()[BAR] != 0 || position.board()[OPPONENT_BAR] != 0 {
            return Err(VariantError::NoBar(Variant::Fevga));
        }
        Ok(())
    }
}
