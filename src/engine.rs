//! The rules engine: pure, with no terminal, no files and no hidden randomness.

pub mod dice;
pub mod ids;
pub mod movegen;
pub mod notation;
pub mod play;
pub mod position;
pub mod side;

pub use dice::{Dice, DiceError};
pub use movegen::{legal_plays, legal_plays_into};
pub use play::{Play, Step, Steps};
pub use position::{Position, PositionError};
pub use side::Side;
