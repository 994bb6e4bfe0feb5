//! A play: the checker moves of one turn, and the position they lead to.

use super::place::Place;
use super::position::Position;

/// One checker moving by one die, in the mover's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Step {
    /// Where the checker starts: a point, or the bar.
    pub from: Place,
    /// Where it lands: a point, or off when it is borne off.
    pub to: Place,
    /// It hit an opposing blot where it landed.
    pub hit: bool,
}

impl Step {
    /// The step bears a checker off.
    #[must_use]
    pub const fn is_bear_off(self) -> bool {
        self.to.is_off()
    }

    /// The step enters a checker from the bar.
    #[must_use]
    pub const fn is_entry(self) -> bool {
        self.from.is_bar()
    }
}

/// A play: up to four steps in the order played, and the resulting position, still seen
/// from the player who moved (use [`Position::switched`] for the opponent's view). The
/// engine's generators give legal plays; one built with [`Play::new`] is well formed, and
/// [`Game`](super::Game) checks that it is legal before it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    /// The steps, 16 bits each (see [`Step::pack`]), and the count in bits 60-62: written in
    /// one store by the generator.
    packed: u64,
    position: Position,
}

/// The most steps a play has (a double played in full).
pub const MAX_STEPS: usize = 4;

/// Bit where a play's step count is packed.
const LEN_SHIFT: u32 = 60;

/// Why steps are not a play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// More steps than any roll allows.
    #[error("a play has at most 4 steps, not {0}")]
    TooManySteps(usize),
    /// A step that does not go from a point or the bar towards the 1-point or off.
    #[error("a step from {from} to {to} does not move towards home")]
    BadStep {
        /// Where it starts.
        from: Place,
        /// Where it lands.
        to: Place,
    },
}

impl Step {
    /// The step in 11 bits: `from` (5), `to` (5), `hit` (1).
    #[inline(always)]
    pub(crate) const fn pack(self) -> u64 {
        self.from.number() as u64 | (self.to.number() as u64) << 5 | (self.hit as u64) << 10
    }

    /// The `index`-th step packed in `packed`.
    #[inline(always)]
    pub(crate) const fn unpack(packed: u64, index: usize) -> Step {
        let bits = packed >> (16 * index);
        Step {
            from: Place::of((bits & 31) as u8),
            to: Place::of((bits >> 5 & 31) as u8),
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
            packed: packed | (len as u64) << LEN_SHIFT,
            position,
        }
    }

    /// A play made of `steps` that leads to `position`.
    ///
    /// # Errors
    /// [`PlayError`] for more than four steps or a step that does not run from a point or
    /// the bar down to a lower point or off.
    pub fn new(steps: &[Step], position: Position) -> Result<Play, PlayError> {
        if steps.len() > MAX_STEPS {
            return Err(PlayError::TooManySteps(steps.len()));
        }
        if let Some(s) = steps.iter().find(|s| s.to >= s.from || s.from.is_off()) {
            return Err(PlayError::BadStep {
                from: s.from,
                to: s.to,
            });
        }
        let packed = steps
            .iter()
            .enumerate()
            .fold(0, |acc, (i, s)| acc | s.pack() << (16 * i));
        Ok(Play::from_packed(packed, steps.len() as u8, position))
    }

    /// The play of no steps, when nothing can be played.
    #[must_use]
    pub const fn empty(position: Position) -> Play {
        Play::from_packed(0, 0, position)
    }

    #[inline(always)]
    pub(crate) fn set_steps(&mut self, packed: u64, len: u8) {
        self.packed = packed | u64::from(len) << LEN_SHIFT;
    }

    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.position
    }

    pub(crate) fn board_mut(&mut self) -> &mut [i8; 26] {
        self.position.board_mut()
    }

    /// The steps in the order played (empty when nothing could be played).
    #[must_use]
    pub fn steps(&self) -> Steps {
        let len = self.len();
        let mut steps = [Step::default(); 4];
        for (i, slot) in steps.iter_mut().enumerate().take(len) {
            *slot = Step::unpack(self.packed, i);
        }
        Steps {
            steps,
            len: len as u8,
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
        self.len()
    }

    #[inline(always)]
    const fn len(&self) -> usize {
        (self.packed >> LEN_SHIFT & 7) as usize
    }
}
