//! Portes for the `greedy` bot: backgammon's position, Portes' scoring.
//!
//! Portes moves as backgammon does, so the contact and race features of
//! [`super::evaluate`] apply as they are. What differs is the score: there is no cube and no
//! backgammon, so a finished game is worth 1 or 2 points, never 3, and a position is never
//! valued above a gammon.

use crate::engine::{Position, Variant};

/// The mover's expected points after its play in Portes, the opponent to roll next (-2 to 2).
#[must_use]
pub(super) fn evaluate(position_after: &Position) -> f64 {
    if let Some(points) = super::ended(Variant::Portes, position_after) {
        return points;
    }
    super::evaluate(position_after).clamp(-2.0, 2.0)
}
