//! The doubling cube.

use super::side::Side;
use serde::{Deserialize, Serialize};

/// The doubling cube: its value and who may turn it next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    value: u32,
    owner: Option<Side>,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::CENTRED
    }
}

impl Cube {
    /// The cube at the start of a game: 1, in the centre.
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
    };

    /// A cube of `value` (a power of two) owned by `owner` (`None`: centred).
    ///
    /// # Errors
    /// When `value` is not a power of two from 1 to 2^15.
    pub fn new(value: u32, owner: Option<Side>) -> Result<Cube, CubeError> {
        if !value.is_power_of_two() || value > 1 << 15 {
            return Err(CubeError::BadValue(value));
        }
        Ok(Cube { value, owner })
    }

    /// The stake multiplier.
    #[must_use]
    pub const fn value(self) -> u32 {
        self.value
    }

    /// Who owns the cube; `None` while it is in the centre.
    #[must_use]
    pub const fn owner(self) -> Option<Side> {
        self.owner
    }

    /// The cube is in the centre.
    #[must_use]
    pub const fn is_centred(self) -> bool {
        self.owner.is_none()
    }

    /// `side` holds the cube or it is centred, so `side` may turn it (other rules aside).
    #[must_use]
    pub fn available_to(self, side: Side) -> bool {
        self.owner.is_none_or(|o| o == side)
    }

    /// The value log 2 (1 → 0, 2 → 1, 64 → 6), as the Match ID stores it.
    #[must_use]
    pub const fn log2(self) -> u32 {
        self.value.trailing_zeros()
    }

    /// The cube after `taker` has accepted a double to `value`.
    #[must_use]
    pub(crate) const fn taken(value: u32, taker: Side) -> Cube {
        Cube {
            value,
            owner: Some(taker),
        }
    }

    /// The cube turned once more but left in the centre (automatic doubles).
    #[must_use]
    pub(crate) const fn auto_doubled(self) -> Cube {
        Cube {
            value: self.value * 2,
            owner: None,
        }
    }
}

/// Why a cube is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CubeError {
    /// Not a power of two from 1 to 2^15.
    #[error("a cube shows a power of two from 1 to 32768, not {0}")]
    BadValue(u32),
}
