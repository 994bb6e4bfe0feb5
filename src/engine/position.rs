//! The checkers on the board, seen from the player on roll.

use serde::{Deserialize, Serialize};

/// Checkers a side has.
pub const CHECKERS: u8 = 15;

/// Index of the mover's bar in [`Position::board`].
pub const BAR: usize = 25;

/// Index of the opponent's bar in [`Position::board`].
pub const OPPONENT_BAR: usize = 0;

/// Bit of [`Position`]'s flags saying both sides move the same way round (Fevga).
const SAME_WAY: u32 = 1 << 31;

/// Bits 1-24 of [`Position`]'s flags: the points where a checker lies pinned.
const PIN_BITS: u32 = ((1 << 25) - 1) & !1;

/// How the two sides' routes lie on the board, which decides how the opponent numbers the
/// points (and so how a position is turned round for the other player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Geometry {
    /// The sides move in opposite directions: the opponent's point `p` is the mover's
    /// `25 - p` (backgammon, Portes, Plakoto, Jacquet).
    Opposed,
    /// Both sides move counter-clockwise from diagonal corners: the opponent's point `p` is
    /// the mover's `p + 12` (up to 12) or `p - 12` (Fevga).
    SameWay,
}

impl Geometry {
    /// The mover's number of the opponent's point `point` (1-24).
    #[must_use]
    pub const fn mover_point_of_opponent(self, point: u8) -> u8 {
        match self {
            Geometry::Opposed => 25 - point,
            Geometry::SameWay => {
                if point > 12 {
                    point - 12
                } else {
                    point + 12
                }
            }
        }
    }

    /// The opponent's number of the mover's point `point` (1-24).
    #[must_use]
    pub const fn opponent_point_of_mover(self, point: u8) -> u8 {
        // Both maps are their own inverse.
        self.mover_point_of_opponent(point)
    }
}

/// A position from the view of the player on roll (the *mover*).
///
/// `board[1..=24]` are the points in the mover's numbering: the mover's checkers count
/// positive and move from 24 towards 1; the opponent's count negative. `board[25]` is the
/// mover's bar (zero or more), `board[0]` the opponent's bar (zero or less). Each side's
/// borne-off checkers are counted explicitly, so every side always has exactly 15 checkers.
///
/// In Plakoto a point may hold a *pinned* checker: one checker of the side not on top, under
/// the other side's checkers (whose count is the point's entry). In Fevga both sides move the
/// same way round ([`Geometry::SameWay`]). Build a position with [`Position::new`] (checked),
/// [`Position::from_board`] (backgammon, borne-off counts derived) or a rule set's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    board: [i8; 26],
    /// Borne off: the mover's, the opponent's.
    off: [u8; 2],
    /// Bits 1-24: a pinned checker under the point's checkers; [`SAME_WAY`]: the geometry.
    flags: u32,
}

/// Why raw checker counts are not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// More than 15 checkers of one side.
    #[error("{side} has {count} checkers; a side has at most 15")]
    TooManyCheckers {
        /// "the player on roll" or "the opponent".
        side: &'static str,
        /// How many were found.
        count: u32,
    },
    /// The checkers of a side on the board, on the bar and borne off are not 15.
    #[error("{side} has {count} checkers on the board, on the bar and borne off, not 15")]
    WrongCount {
        /// "the player on roll" or "the opponent".
        side: &'static str,
        /// How many were found.
        count: u32,
    },
    /// A bar count with the wrong sign.
    #[error("the bar at index {index} holds checkers of the wrong side")]
    WrongSideOnBar {
        /// 0 or 25.
        index: usize,
    },
    /// The board did not have 26 entries.
    #[error("a board has 26 entries (opponent's bar, points 1-24, mover's bar), not {0}")]
    WrongLength(usize),
    /// A pinned checker on an empty point, or off points 1-24.
    #[error("a pinned checker on point {0} with nothing on top of it")]
    LonePin(u8),
}

impl Position {
    /// The starting position of standard backgammon (the same for either side on roll).
    pub const START: Position = Position {
        board: [
            0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
        ],
        off: [0, 0],
        flags: 0,
    };

    /// A position with no checkers on the board: everything borne off.
    pub const EMPTY: Position = Position {
        board: [0; 26],
        off: [CHECKERS, CHECKERS],
        flags: 0,
    };

    /// Builds a position from the board (see the type's docs for the layout), each side's
    /// borne-off count, the points 1-24 holding a pinned checker, and the geometry.
    ///
    /// # Errors
    /// [`PositionError`] when a bar holds the wrong side, a pin has nothing on top, or a
    /// side does not have exactly 15 checkers.
    pub fn new(
        board: [i8; 26],
        off: [u8; 2],
        pinned: &[u8],
        geometry: Geometry,
    ) -> Result<Position, PositionError> {
        let mut flags = match geometry {
            Geometry::Opposed => 0,
            Geometry::SameWay => SAME_WAY,
        };
        for &p in pinned {
            if !(1..=24).contains(&p) || board[usize::from(p)] == 0 {
                return Err(PositionError::LonePin(p));
            }
            flags |= 1 << p;
        }
        let position = Position { board, off, flags };
        position.check()?;
        Ok(position)
    }

    /// A position from the board, the borne-off counts and the pinned points (1-24) with
    /// nothing checked: for showing checkers while they are being set up, which may not be a
    /// position yet (16 checkers, both sides on a point), as the terminal game's position
    /// editor does. Never play on it: the rules take the checks of [`Position::from_board`]
    /// for granted.
    #[must_use]
    pub fn unchecked(board: [i8; 26], off: [u8; 2], pinned: &[u8], geometry: Geometry) -> Position {
        let mut flags = match geometry {
            Geometry::Opposed => 0,
            Geometry::SameWay => SAME_WAY,
        };
        for &p in pinned.iter().filter(|p| (1..=24).contains(*p)) {
            flags |= 1 << p;
        }
        Position { board, off, flags }
    }

    /// Builds a backgammon position from raw counts (see the type's docs for the layout);
    /// whatever is not on the board has been borne off.
    ///
    /// # Errors
    /// [`PositionError`] when a side has more than 15 checkers or a bar holds the wrong side.
    pub fn from_board(board: [i8; 26]) -> Result<Position, PositionError> {
        let mut position = Position {
            board,
            off: [0, 0],
            flags: 0,
        };
        let [own, theirs] = position.on_board();
        for (count, side) in [(own, "the player on roll"), (theirs, "the opponent")] {
            if count > u32::from(CHECKERS) {
                return Err(PositionError::TooManyCheckers { side, count });
            }
        }
        position.off = [CHECKERS - own as u8, CHECKERS - theirs as u8];
        position.check()?;
        Ok(position)
    }

    /// Builds a backgammon position from each side's checkers in its own numbering:
    /// `mover[i]` and `opponent[i]` are the checkers on point `i` (1-24) of that side,
    /// index 25 its bar, index 0 unused. Both sides may not hold the same point.
    ///
    /// # Errors
    /// [`SidesError`] when a side has more than 15 checkers or both hold one point.
    pub fn from_sides(mover: &[u8; 26], opponent: &[u8; 26]) -> Result<Position, SidesError> {
        let mut board = [0i8; 26];
        for point in 1..=25 {
            let mine = mover[point];
            let theirs = opponent[point];
            if mine > CHECKERS || theirs > CHECKERS {
                return Err(SidesError::TooMany);
            }
            if point == BAR {
                board[BAR] = mine as i8;
                board[OPPONENT_BAR] = -(theirs as i8);
                continue;
            }
            let theirs_here = opponent[25 - point];
            if mine > 0 && theirs_here > 0 {
                return Err(SidesError::BothOnPoint(point as u8));
            }
            board[point] = mine as i8 - theirs_here as i8;
        }
        Position::from_board(board).map_err(|_| SidesError::TooMany)
    }

    /// Checks the invariants: bars of the right sign, 15 checkers a side.
    fn check(&self) -> Result<(), PositionError> {
        if self.board[BAR] < 0 {
            return Err(PositionError::WrongSideOnBar { index: BAR });
        }
        if self.board[OPPONENT_BAR] > 0 {
            return Err(PositionError::WrongSideOnBar {
                index: OPPONENT_BAR,
            });
        }
        let on = self.on_board();
        for (i, side) in ["the player on roll", "the opponent"]
            .into_iter()
            .enumerate()
        {
            let count = on[i] + u32::from(self.off[i]);
            if count != u32::from(CHECKERS) {
                return Err(PositionError::WrongCount { side, count });
            }
        }
        Ok(())
    }

    /// Each side's checkers on the board and the bar, pinned ones included.
    fn on_board(&self) -> [u32; 2] {
        let mut on = [0u32; 2];
        for (p, &n) in self.board.iter().enumerate() {
            let side = usize::from(n < 0);
            on[side] += u32::from(n.unsigned_abs());
            if self.is_pinned(p) {
                on[1 - side] += 1;
            }
        }
        on
    }

    /// The raw counts of the checkers on top of each point (see the type's docs).
    #[must_use]
    pub const fn board(&self) -> &[i8; 26] {
        &self.board
    }

    /// How the two sides' routes lie.
    #[must_use]
    pub const fn geometry(&self) -> Geometry {
        if self.flags & SAME_WAY == 0 {
            Geometry::Opposed
        } else {
            Geometry::SameWay
        }
    }

    /// A checker lies pinned under the checkers on `point` (1-24); it belongs to the side
    /// that is not on top.
    #[must_use]
    pub const fn is_pinned(&self, point: usize) -> bool {
        point < 32 && self.flags & PIN_BITS & (1 << point) != 0
    }

    /// The points (1-24) where a checker of the mover lies pinned under the opponent's.
    #[must_use]
    pub fn mover_pinned(&self) -> Vec<u8> {
        (1..=24u8)
            .filter(|&p| self.is_pinned(usize::from(p)) && self.board[usize::from(p)] < 0)
            .collect()
    }

    /// The points (1-24, mover's numbering) where a checker of the opponent lies pinned
    /// under the mover's.
    #[must_use]
    pub fn opponent_pinned(&self) -> Vec<u8> {
        (1..=24u8)
            .filter(|&p| self.is_pinned(usize::from(p)) && self.board[usize::from(p)] > 0)
            .collect()
    }

    /// Any checker is pinned.
    #[must_use]
    pub const fn has_pins(&self) -> bool {
        self.flags & PIN_BITS != 0
    }

    /// Checkers of the mover on `point` (1-24, or 25 for the bar), a pinned one included.
    #[must_use]
    pub fn mover_on(&self, point: usize) -> u8 {
        match self.board.get(point) {
            Some(&n) if n > 0 => n as u8,
            Some(&n) if n < 0 && self.is_pinned(point) => 1,
            _ => 0,
        }
    }

    /// Checkers of the opponent on `point` in the *opponent's* numbering (1-24, 25 the
    /// bar), a pinned one included.
    #[must_use]
    pub fn opponent_on(&self, point: usize) -> u8 {
        if point == BAR {
            return self.opponent_bar();
        }
        if !(1..=24).contains(&point) {
            return 0;
        }
        let p = usize::from(self.geometry().mover_point_of_opponent(point as u8));
        self.opponent_at(p)
    }

    /// Checkers of the opponent on the mover's point `point` (1-24), a pinned one included.
    #[must_use]
    pub fn opponent_at(&self, point: usize) -> u8 {
        match self.board.get(point) {
            Some(&n) if n < 0 => n.unsigned_abs(),
            Some(&n) if n > 0 && self.is_pinned(point) => 1,
            _ => 0,
        }
    }

    /// The mover's checkers on the bar.
    #[must_use]
    pub fn mover_bar(&self) -> u8 {
        self.board[BAR] as u8
    }

    /// The opponent's checkers on the bar.
    #[must_use]
    pub fn opponent_bar(&self) -> u8 {
        self.board[OPPONENT_BAR].unsigned_abs()
    }

    /// The mover's checkers borne off.
    #[must_use]
    pub const fn mover_off(&self) -> u8 {
        self.off[0]
    }

    /// The opponent's checkers borne off.
    #[must_use]
    pub const fn opponent_off(&self) -> u8 {
        self.off[1]
    }

    /// The mover's pip count: the sum of the distances its checkers still have to travel.
    #[must_use]
    pub fn mover_pips(&self) -> u32 {
        (1..=25)
            .map(|p| p as u32 * u32::from(self.mover_on(p)))
            .sum()
    }

    /// The opponent's pip count.
    #[must_use]
    pub fn opponent_pips(&self) -> u32 {
        (1..=25)
            .map(|p| p as u32 * u32::from(self.opponent_on(p)))
            .sum()
    }

    /// The same position seen by the other player (who is now on roll).
    #[must_use]
    pub fn switched(&self) -> Position {
        let mut board = [0i8; 26];
        let mut flags = self.flags & SAME_WAY;
        board[BAR] = -self.board[OPPONENT_BAR];
        board[OPPONENT_BAR] = -self.board[BAR];
        let geometry = self.geometry();
        for p in 1..=24u8 {
            // The new mover's point p is the old mover's point `q`.
            let q = usize::from(geometry.mover_point_of_opponent(p));
            board[usize::from(p)] = -self.board[q];
            if self.is_pinned(q) {
                flags |= 1 << p;
            }
        }
        Position {
            board,
            off: [self.off[1], self.off[0]],
            flags,
        }
    }

    /// The mover has borne off all of its checkers.
    #[must_use]
    pub const fn mover_has_won(&self) -> bool {
        self.off[0] == CHECKERS
    }

    /// The opponent has borne off all of its checkers.
    #[must_use]
    pub const fn opponent_has_won(&self) -> bool {
        self.off[1] == CHECKERS
    }

    /// The checkers of the two sides are past each other: no checker can hit, pin or block
    /// another any more (a pure race).
    #[must_use]
    pub fn is_race(&self) -> bool {
        match self.geometry() {
            Geometry::Opposed => {
                if self.has_pins() {
                    return false;
                }
                let mover_back = (1..=25).rev().find(|&p| self.board[p] > 0);
                let opp_back = (0..=24).find(|&p| self.board[p] < 0);
                match (mover_back, opp_back) {
                    (Some(m), Some(o)) => m < o,
                    _ => true,
                }
            }
            Geometry::SameWay => {
                // Each side's rearmost checker, by how far it still has to go: no opposing
                // checker may stand on a point it has yet to pass.
                let mover_back = (1..=24).rev().find(|&p| self.board[p] > 0);
                let opp_back = (1..=24u8)
                    .rev()
                    .find(|&p| self.opponent_on(usize::from(p)) > 0);
                let mover_clear = mover_back.is_none_or(|m| (1..m).all(|p| self.board[p] >= 0));
                let opp_clear = opp_back.is_none_or(|o| {
                    (1..o).all(|q| {
                        let p = self.geometry().mover_point_of_opponent(q);
                        self.board[usize::from(p)] <= 0
                    })
                });
                mover_clear && opp_clear
            }
        }
    }

    pub(crate) fn board_mut(&mut self) -> &mut [i8; 26] {
        &mut self.board
    }

    /// Adds `count` to the mover's borne-off checkers (the generator's fast path).
    #[inline(always)]
    pub(crate) fn add_mover_off(&mut self, count: u8) {
        self.off[0] += count;
    }

    /// Bits 1-24: the points holding a pinned checker (the generators' fast path).
    #[inline(always)]
    pub(crate) const fn pin_bits(&self) -> u32 {
        self.flags & PIN_BITS
    }

    /// Sets the mover's borne-off checkers (the generators' fast path).
    #[inline(always)]
    pub(crate) fn set_mover_off(&mut self, count: u8) {
        self.off[0] = count;
    }

    /// Replaces every pin at once: bits 1-24 of `pins` (the generators' fast path).
    #[inline(always)]
    pub(crate) fn set_pin_bits(&mut self, pins: u32) {
        self.flags = (self.flags & !PIN_BITS) | (pins & PIN_BITS);
    }

    /// Marks or clears a pin on `point` (the rule sets' steps).
    pub(crate) fn set_pinned(&mut self, point: usize, pinned: bool) {
        if pinned {
            self.flags |= 1 << point;
        } else {
            self.flags &= !(1 << point);
        }
    }
}

/// Why two per-side arrays are not a position.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SidesError {
    /// A side has more than 15 checkers.
    #[error("a side has more than 15 checkers")]
    TooMany,
    /// Both sides have checkers on this point (in the mover's numbering).
    #[error("both sides have checkers on point {0}")]
    BothOnPoint(u8),
}

impl Default for Position {
    fn default() -> Position {
        Position::START
    }
}

/// The serialized form: the 26 counts, then (when not backgammon's defaults) the borne-off
/// counts, the pinned points and the geometry.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PositionRepr {
    Plain(Vec<i8>),
    Full {
        board: Vec<i8>,
        off: [u8; 2],
        #[serde(default)]
        pinned: Vec<u8>,
        #[serde(default)]
        same_way: bool,
    },
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let plain = Position::from_board(self.board).ok();
        if plain == Some(*self) {
            return PositionRepr::Plain(self.board.to_vec()).serialize(s);
        }
        let pinned = (1..=24u8)
            .filter(|&p| self.is_pinned(usize::from(p)))
            .collect();
        PositionRepr::Full {
            board: self.board.to_vec(),
            off: self.off,
            pinned,
            same_way: self.geometry() == Geometry::SameWay,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let board_of = |v: Vec<i8>| -> Result<[i8; 26], PositionError> {
            v.as_slice()
                .try_into()
                .map_err(|_| PositionError::WrongLength(v.len()))
        };
        match PositionRepr::deserialize(d)? {
            PositionRepr::Plain(v) => board_of(v).and_then(Position::from_board),
            PositionRepr::Full {
                board,
                off,
                pinned,
                same_way,
            } => {
                let geometry = if same_way {
                    Geometry::SameWay
                } else {
                    Geometry::Opposed
                };
                board_of(board).and_then(|b| Position::new(b, off, &pinned, geometry))
            }
        }
        .map_err(serde::de::Error::custom)
    }
}
