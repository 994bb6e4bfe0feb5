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

/// Why a word names no side.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a side: white or black")]
pub struct UnknownSide(
    /// The text given, as it was (shown escaped).
    pub String,
);

impl std::str::FromStr for Side {
    type Err = UnknownSide;

    /// `white` or `black` (or `w`, `b`), in any case.
    fn from_str(word: &str) -> Result<Side, UnknownSide> {
        match word.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            _ => Err(UnknownSide(crate::printable::printable(word, 20))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Side, UnknownSide};

    #[test]
    fn a_side_reads_from_its_name_in_any_case_and_its_letter() {
        assert_eq!("white".parse(), Ok(Side::White));
        assert_eq!("Black".parse(), Ok(Side::Black));
        assert_eq!(" W ".parse(), Ok(Side::White));
        assert_eq!("b".parse(), Ok(Side::Black));
        assert_eq!("red".parse::<Side>(), Err(UnknownSide("red".to_string())));
        assert_eq!(
            "red".parse::<Side>().unwrap_err().to_string(),
            "\"red\" is not a side: white or black"
        );
        for side in [Side::White, Side::Black] {
            assert_eq!(side.to_string().parse(), Ok(side));
        }
    }
}
