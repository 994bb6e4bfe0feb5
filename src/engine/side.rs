//! The two players.

use serde::{Deserialize, Serialize};

/// One of the two players. `White` is GNU Backgammon's player 0, `Black` its player 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Player 0.
    White,
    /// Player 1.
    Black,
}

impl Side {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// GNU Backgammon's player number: 0 for `White`, 1 for `Black`.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The side with GNU Backgammon's player number `index` (0 or 1; anything else is `Black`).
    #[must_use]
    pub const fn from_index(index: usize) -> Side {
        if index == 0 { Side::White } else { Side::Black }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}
