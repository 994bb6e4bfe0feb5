//! A play: the checker moves of one turn, and the position they lead to.

use super::position::Position;

/// One checker moving by one die, in the mover's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
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
    /// The steps, 16 bits each (see [`Step::pack`]): written in one store by the generator.
    packed: u64,
    position: Position,
    len: u8,
}

impl Step {
    /// The step in 11 bits: `from` (5), `to` (5), `hit` (1).
    #[inline(always)]
    pub(crate) const fn pack(self) -> u64 {
        self.from as u64 | (self.to as u64) << 5 | (self.hit as u64) << 10
    }

    /// The `index`-th step packed in `packed`.
    #[inline(always)]
    pub(crate) const fn unpack(packed: u64, index: usize) -> Step {
        let bits = packed >> (16 * index);
        Step {
            from: (bits & 31) as u8,
            to: (bits >> 5 & 31) as u8,
            hit: bits >> 10 & 1 == 1,
        }
    }
}

/// The steps of a play, in the order played; dereferences to `[Step]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Steps {
    steps: [Step; 4],
    len: u8,
}

impl std::ops::Deref for Steps {
    type Target = [Step];
    fn deref(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }
}

impl Play {
    #[inline(always)]
    pub(crate) const fn from_packed(packed: u64, len: u8, position: Position) -> Play {
        Play {
            packed,
            position,
            len,
        }
    }

    /// A play made of `steps` (at most four) that leads to `position`.
    #[must_use]
    pub fn new(steps: &[Step], position: Position) -> Play {
        let len = steps.len().min(4);
        let packed = steps[..len]
            .iter()
            .enumerate()
            .fold(0, |acc, (i, s)| acc | s.pack() << (16 * i));
        Play::from_packed(packed, len as u8, position)
    }

    #[inline(always)]
    pub(crate) fn set_steps(&mut self, packed: u64, len: u8) {
        self.packed = packed;
        self.len = len;
    }

    pub(crate) fn board_mut(&mut self) -> &mut [i8; 26] {
        self.position.board_mut()
    }

    /// The steps in the order played (empty when nothing could be played).
    #[must_use]
    pub fn steps(&self) -> Steps {
        let mut steps = [Step::default(); 4];
        for (i, slot) in steps.iter_mut().enumerate().take(self.len as usize) {
            *slot = Step::unpack(self.packed, i);
        }
        Steps {
            steps,
            len: self.len,
        }
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
