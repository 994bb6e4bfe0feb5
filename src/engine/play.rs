//! A play: the checker moves of one turn, and the position they lead to.

use super::position::Position;

/// One checker moving by one die, in the mover's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Step {
    /// Where the checker starts: 1-24, or 25 for the bar.
    pub from: u8,
    /// Where it lands: 1-24, or 0 when it is borne off.
    pub to: u8,
    /// It hit an opposing blot where it landed.
    pub hit: bool,
}

impl Step {
    /// The step bears a checker off.
    #[must_use]
    pub const fn is_bear_off(self) -> bool {
        self.to == 0
    }

    /// The step enters a checker from the bar.
    #[must_use]
    pub const fn is_entry(self) -> bool {
        self.from == 25
    }
}

/// A legal play: up to four steps in the order played, and the resulting position, still
/// seen from the player who moved (use [`Position::switched`] for the opponent's view).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
    position: Position,
}

impl Play {
    pub(crate) const fn new(steps: [Step; 4], len: u8, position: Position) -> Play {
        Play {
            steps,
            len,
            position,
        }
    }

    /// The steps in the order played (empty when nothing could be played).
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The position after the play, from the view of the player who moved.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// How many dice the play uses.
    #[must_use]
    pub const fn dice_used(&self) -> usize {
        self.len as usize
    }
}
