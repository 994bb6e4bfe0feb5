//! The players' clocks (assets/rules/README.md §2.8): a reserve for each player that runs while
//! that player is to act, restored to full by a quick turn, and the time they read, from a
//! source the tests can control.

use crate::engine::Side;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Which clock the game is played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockKind {
    /// A 2-minute reserve, restored by a turn finished within 20 seconds.
    Standard,
    /// A 30-second reserve, restored by a turn finished within 10 seconds.
    Blitz,
}

impl ClockKind {
    /// The full reserve.
    #[must_use]
    pub const fn reserve(self) -> Duration {
        match self {
            ClockKind::Standard => Duration::from_secs(120),
            ClockKind::Blitz => Duration::from_secs(30),
        }
    }

    /// A turn finished within this time restores the reserve.
    #[must_use]
    pub const fn quick_turn(self) -> Duration {
        match self {
            ClockKind::Standard => Duration::from_secs(20),
            ClockKind::Blitz => Duration::from_secs(10),
        }
    }

    /// Reads `standard` or `blitz` (in any case).
    ///
    /// # Errors
    /// [`UnknownClock`] holding the text, whose message names the two kinds.
    pub fn parse(text: &str) -> Result<ClockKind, UnknownClock> {
        match text.to_ascii_lowercase().as_str() {
            "standard" => Ok(ClockKind::Standard),
            "blitz" => Ok(ClockKind::Blitz),
            _ => Err(UnknownClock(text.to_string())),
        }
    }
}

impl std::str::FromStr for ClockKind {
    type Err = UnknownClock;

    /// As [`ClockKind::parse`].
    fn from_str(text: &str) -> Result<ClockKind, UnknownClock> {
        ClockKind::parse(text)
    }
}

/// A clock kind that is neither `standard` nor `blitz`: the text given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a clock is standard or blitz, not {0:?}")]
pub struct UnknownClock(
    /// The text given, as it was (shown escaped).
    pub String,
);

/// Where the clocks read the time: the system's monotonic clock, or one a test moves.
pub trait TimeSource: Send {
    /// Time since some fixed start; it never goes back.
    fn now(&self) -> Duration;
}

/// The system's monotonic clock.
#[derive(Debug, Clone, Copy)]
pub struct SystemTime(Instant);

impl Default for SystemTime {
    fn default() -> SystemTime {
        SystemTime(Instant::now())
    }
}

impl TimeSource for SystemTime {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A clock that moves only when told to (for tests); clones share the time.
#[derive(Debug, Clone, Default)]
pub struct ManualTime(Arc<AtomicU64>);

impl ManualTime {
    /// A clock at zero.
    #[must_use]
    pub fn new() -> ManualTime {
        ManualTime::default()
    }

    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::SeqCst))
    }
}

/// The clocks of both players, as saved in a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Which clock.
    pub kind: ClockKind,
    /// Each player's reserve, in milliseconds, indexed by [`Side::index`].
    pub reserve_ms: [u64; 2],
}

/// Both players' clocks while a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    kind: ClockKind,
    reserve: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, Duration)>,
}

impl Clocks {
    /// Full reserves, no clock running.
    #[must_use]
    pub const fn new(kind: ClockKind) -> Clocks {
        Clocks {
            kind,
            reserve: [kind.reserve(), kind.reserve()],
            running: None,
        }
    }

    /// The clocks as saved (none running).
    #[must_use]
    pub fn from_state(state: ClockState) -> Clocks {
        let full = state.kind.reserve();
        let read = |ms: u64| Duration::from_millis(ms).min(full);
        Clocks {
            kind: state.kind,
            reserve: state.reserve_ms.map(read),
            running: None,
        }
    }

    /// The clocks to save, as they read at `now`.
    #[must_use]
    pub fn state(&self, now: Duration) -> ClockState {
        let ms = |side: Side| u64::try_from(self.left(side, now).as_millis()).unwrap_or(u64::MAX);
        ClockState {
            kind: self.kind,
            reserve_ms: [ms(Side::White), ms(Side::Black)],
        }
    }

    /// Which clock this is.
    #[must_use]
    pub const fn kind(&self) -> ClockKind {
        self.kind
    }

    /// The side whose clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s reserve at `now`.
    #[must_use]
    pub fn left(&self, side: Side, now: Duration) -> Duration {
        let reserve = self.reserve[side.index()];
        match self.running {
            Some((s, since)) if s == side => reserve.saturating_sub(now.saturating_sub(since)),
            _ => reserve,
        }
    }

    /// `side`'s reserve is used up.
    #[must_use]
    pub fn is_out(&self, side: Side, now: Duration) -> bool {
        self.left(side, now).is_zero()
    }

    /// Runs the clock of `side` (none: stops them) from `now`. The clock that stops is
    /// charged the time it ran, and restored to full when that was a quick turn.
    pub fn run(&mut self, side: Option<Side>, now: Duration) {
        if self.running() == side {
            return;
        }
        if let Some((s, since)) = self.running.take() {
            let used = now.saturating_sub(since);
            let i = s.index();
            self.reserve[i] = if used <= self.kind.quick_turn() && !self.reserve[i].is_zero() {
                self.kind.reserve()
            } else {
                self.reserve[i].saturating_sub(used)
            };
        }
        self.running = side.map(|s| (s, now));
    }

    /// The running clock counts from `now` (the time source changed).
    pub fn restart(&mut self, now: Duration) {
        if let Some((_, since)) = &mut self.running {
            *since = now;
        }
    }

    /// Both reserves full again, no clock running (a new game).
    pub fn reset(&mut self) {
        *self = Clocks::new(self.kind);
    }
}

/// `d` as minutes and seconds, such as `1:45` (whole seconds, rounded up while running so
/// 0:00 means used up).
#[must_use]
pub fn format_left(d: Duration) -> String {
    let secs = d.as_millis().div_ceil(1000);
    format!("{}:{:02}", secs / 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quick_turn_restores_the_reserve_and_a_slow_one_does_not() {
        let s = Duration::from_secs;
        let mut c = Clocks::new(ClockKind::Standard);
        c.run(Some(Side::White), s(0));
        assert_eq!(c.left(Side::White, s(15)), s(105));
        assert_eq!(c.left(Side::Black, s(15)), s(120));
        c.run(Some(Side::Black), s(15));
        assert_eq!(c.left(Side::White, s(15)), s(120), "15 s is a quick turn");
        c.run(Some(Side::White), s(45));
        assert_eq!(c.left(Side::Black, s(45)), s(90), "30 s is not");
        assert!(!c.is_out(Side::White, s(164)));
        assert!(c.is_out(Side::White, s(165)));
        assert_eq!(format_left(c.left(Side::White, s(100))), "1:05");
        assert_eq!(format_left(Duration::from_millis(500)), "0:01");
    }
}
