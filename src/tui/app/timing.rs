//! The players' clocks in the game: which one runs, what they read, and whether a player's
//! running out of time has been said. This part is the only writer of them; it reads the
//! time from its [`TimeSource`] (the system's clock, or a test's).

use crate::tui::clock::{ClockState, Clocks, SystemTime, TimeSource, format_left};
use crate::tui::model::ClockShow;
use bg_tui::engine::Side;

/// The clocks, if the game has them, and where they read the time.
pub(super) struct Timing {
    /// The players' clocks.
    clocks: Option<Clocks>,
    /// Where the clocks read the time.
    time: Box<dyn TimeSource>,
    /// A player's running out of time has been said.
    out_noted: [bool; 2],
}

impl std::fmt::Debug for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timing")
            .field("clocks", &self.clocks)
            .field("out_noted", &self.out_noted)
            .finish_non_exhaustive()
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            clocks: None,
            time: Box::new(SystemTime::default()),
            out_noted: [false; 2],
        }
    }
}

impl Timing {
    #[cfg(test)]
    /// Reads the time from `time` from now on; running clocks go on from now.
    pub(super) fn set_time_source(&mut self, time: Box<dyn TimeSource>) {
        self.time = time;
        let now = self.time.now();
        if let Some(clocks) = &mut self.clocks {
            clocks.restart(now);
        }
    }

    /// Clocks reading `state` (`None`: no clocks).
    pub(super) fn start(&mut self, state: Option<ClockState>) {
        self.clocks = state.map(Clocks::from_state);
    }

    /// The game has clocks.
    pub(super) const fn exist(&self) -> bool {
        self.clocks.is_some()
    }

    /// The clocks as they read now (`None` without clocks).
    pub(super) fn state(&self) -> Option<ClockState> {
        self.clocks.as_ref().map(|c| c.state(self.time.now()))
    }

    /// A clock runs.
    pub(super) fn running(&self) -> bool {
        self.clocks.as_ref().is_some_and(|c| c.running().is_some())
    }

    /// Runs the clock of `side` (`None`: none runs).
    pub(super) fn run(&mut self, side: Option<Side>) {
        let now = self.time.now();
        if let Some(clocks) = &mut self.clocks {
            clocks.run(side, now);
        }
    }

    /// A new game: the clocks full again, nobody's time out yet.
    pub(super) fn reset(&mut self) {
        self.out_noted = [false; 2];
        if let Some(clocks) = &mut self.clocks {
            clocks.reset();
        }
    }

    /// Whose time is out now, indexed by [`Side::index`].
    pub(super) fn out(&self) -> [bool; 2] {
        let now = self.time.now();
        [Side::White, Side::Black].map(|side| self.clocks.is_some_and(|c| c.is_out(side, now)))
    }

    /// Marks `side`'s running out of time as said; returns whether it was not said before.
    pub(super) const fn note_out(&mut self, side: Side) -> bool {
        let first = !self.out_noted[side.index()];
        self.out_noted[side.index()] = true;
        first
    }

    /// The reserves now, in milliseconds (`None` without clocks).
    pub(super) fn reserves_ms(&self) -> Option<[u64; 2]> {
        self.state().map(|state| state.reserve_ms)
    }

    /// The clocks as the board shows them.
    pub(super) fn shown(&self) -> Option<[ClockShow; 2]> {
        let now = self.time.now();
        self.clocks.map(|c| {
            [Side::White, Side::Black].map(|side| ClockShow {
                left: format_left(c.left(side, now)),
                running: c.running() == Some(side),
                flagged: c.is_out(side, now),
            })
        })
    }
}
