//! Dice: a roll of two dice, and rolling them from a generator the caller owns.

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

/// A roll of two dice, each 1 to 6. The order is kept as rolled; most rules ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[u8; 2]", into = "[u8; 2]")]
pub struct Dice {
    first: u8,
    second: u8,
}

/// Why a roll could not be made or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiceError {
    /// A die was outside 1 to 6.
    #[error("a die shows 1 to 6, not {0}")]
    OutOfRange(u8),
    /// Text that is not two dice such as `31` or `3-1`.
    #[error("dice are written as two digits 1-6 such as 31 or 3-1, not {0:?}")]
    Malformed(String),
}

impl Dice {
    /// A roll of `first` and `second`.
    ///
    /// # Errors
    /// [`DiceError::OutOfRange`] when a die is not 1 to 6.
    pub fn new(first: u8, second: u8) -> Result<Dice, DiceError> {
        for die in [first, second] {
            if !(1..=6).contains(&die) {
                return Err(DiceError::OutOfRange(die));
            }
        }
        Ok(Dice { first, second })
    }

    /// Rolls two dice with the caller's generator.
    pub fn roll<R: Rng + ?Sized>(rng: &mut R) -> Dice {
        Dice {
            first: rng.random_range(1..=6),
            second: rng.random_range(1..=6),
        }
    }

    /// Reads `31`, `3-1`, `3 1` or `3,1`.
    ///
    /// # Errors
    /// [`DiceError`] for anything else.
    pub fn parse(text: &str) -> Result<Dice, DiceError> {
        let digits: Vec<char> = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | ','))
            .collect();
        match digits.as_slice() {
            [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => {
                Dice::new(*a as u8 - b'0', *b as u8 - b'0')
            }
            _ => Err(DiceError::Malformed(text.to_string())),
        }
    }

    /// The first die as rolled.
    #[must_use]
    pub const fn first(self) -> u8 {
        self.first
    }

    /// The second die as rolled.
    #[must_use]
    pub const fn second(self) -> u8 {
        self.second
    }

    /// The higher die.
    #[must_use]
    pub const fn high(self) -> u8 {
        if self.first >= self.second {
            self.first
        } else {
            self.second
        }
    }

    /// The lower die.
    #[must_use]
    pub const fn low(self) -> u8 {
        if self.first >= self.second {
            self.second
        } else {
            self.first
        }
    }

    /// Both dice show the same number (played four times).
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.first == self.second
    }

    /// The dice as they are played, higher first: two, or four of a double.
    #[must_use]
    pub fn played(self) -> Vec<u8> {
        if self.is_double() {
            vec![self.high(); 4]
        } else {
            vec![self.high(), self.low()]
        }
    }

    /// How many moves the roll gives: 4 for a double, else 2.
    #[must_use]
    pub const fn moves(self) -> usize {
        if self.is_double() { 4 } else { 2 }
    }
}

impl TryFrom<[u8; 2]> for Dice {
    type Error = DiceError;
    fn try_from([a, b]: [u8; 2]) -> Result<Dice, DiceError> {
        Dice::new(a, b)
    }
}

impl From<Dice> for [u8; 2] {
    fn from(d: Dice) -> [u8; 2] {
        [d.first, d.second]
    }
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.first, self.second)
    }
}

/// Rolls one die with the caller's generator (for the opening roll).
pub fn roll_die<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.random_range(1..=6)
}
