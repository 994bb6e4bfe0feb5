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

/// The five chances of [`Probs`] by name, for the views that show them (the outputs'
/// order is the nets' business): on the nets' `f32` chances, a rollout's `f64` ones, or
/// any other five in the same order.
pub trait Chances {
    /// What one chance is held as.
    type Chance: Copy;
    /// The chance of winning (any win).
    fn win(&self) -> Self::Chance;
    /// The chance of winning a gammon or more.
    fn win_gammon(&self) -> Self::Chance;
    /// The chance of winning a backgammon.
    fn win_backgammon(&self) -> Self::Chance;
    /// The chance of losing a gammon or more.
    fn lose_gammon(&self) -> Self::Chance;
    /// The chance of losing a backgammon.
    fn lose_backgammon(&self) -> Self::Chance;
}

impl<T: Copy> Chances for [T; OUTPUTS] {
    type Chance = T;

    fn win(&self) -> T {
        self[WIN]
    }

    fn win_gammon(&self) -> T {
        self[WIN_GAMMON]
    }

    fn win_backgammon(&self) -> T {
        self[WIN_BACKGAMMON]
    }

    fn lose_gammon(&self) -> T {
        self[LOSE_GAMMON]
    }

    fn lose_backgammon(&self) -> T {
        self[LOSE_BACKGAMMON]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each name reads its own output: the nets' order is win, gammon win, backgammon win,
    /// gammon loss, backgammon loss.
    #[test]
    fn each_chance_is_read_by_its_name() {
        let p: Probs = [0.6, 0.2, 0.05, 0.1, 0.01];
        assert_eq!(
            [
                p.win(),
                p.win_gammon(),
                p.win_backgammon(),
                p.lose_gammon(),
                p.lose_backgammon()
            ],
            p
        );
    }
}
