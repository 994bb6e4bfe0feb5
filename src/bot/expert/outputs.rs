//! What every net puts out: five chances for the player on roll, and their indices.

/// Outputs of every net: the chances, for the player on roll, of winning, winning a gammon
/// (or more), winning a backgammon, losing a gammon (or more), losing a backgammon.
pub const OUTPUTS: usize = 5;

/// The five chances (see [`OUTPUTS`]) for one side.
pub type Probs = [f32; OUTPUTS];

/// Index of the win chance among the outputs.
pub const WIN: usize = 0;
/// Index of the gammon-win chance (a backgammon included).
pub const WIN_GAMMON: usize = 1;
/// Index of the backgammon-win chance.
pub const WIN_BACKGAMMON: usize = 2;
/// Index of the gammon-loss chance (a backgammon included).
pub const LOSE_GAMMON: usize = 3;
/// Index of the backgammon-loss chance.
pub const LOSE_BACKGAMMON: usize = 4;
