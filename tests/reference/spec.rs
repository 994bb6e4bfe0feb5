//! The position form of `bg-tui moves --board` (issue 9).
//!
//! A private copy until the engine's `BoardSpec` lands on main; the comparison then uses
//! `bg_tui::engine::BoardSpec` itself.

use serde::{Deserialize, Serialize};

/// A position from the view of the player on roll, in that player's numbering.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BoardSpec {
    /// The mover's checkers, index 0 = its 1-point.
    pub mine: [u8; 24],
    /// The opponent's checkers on the same points, in the mover's numbering.
    pub theirs: [u8; 24],
    /// Checkers on the bar: [mine, theirs].
    #[serde(default)]
    pub bar: [u8; 2],
    /// Plakoto: points (1-24, ascending) where a single checker of the mover lies pinned.
    #[serde(default)]
    pub pinned: Vec<u8>,
}
