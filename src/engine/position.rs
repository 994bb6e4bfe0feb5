//! The checkers on the board, seen from the player on roll.

use serde::{Deserialize, Serialize};

/// Checkers a side has in standard backgammon.
pub const CHECKERS: u8 = 15;

/// Index of the mover's bar in [`Position::board`].
pub const BAR: usize = 25;

/// Index of the opponent's bar in [`Position::board`].
pub const OPPONENT_BAR: usize = 0;

/// A position from the view of the player on roll (the *mover*).
///
/// `board[1..=24]` are the points in the mover's numbering: the mover's checkers count
/// positive and move from 24 towards 1; the opponent's count negative. `board[25]` is the
/// mover's bar (zero or more), `board[0]` the opponent's bar (zero or less). Checkers not on
/// the board have been borne off. Every `Position` holds at most 15 checkers a side; build one
/// from raw counts with [`Position::from_board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "Vec<i8>", into = "Vec<i8>")]
pub struct Position {
    board: [i8; 26],
}

/// Why raw checker counts are not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// More than 15 checkers of one side.
    #[error("{side} has {count} checkers; a side has at most 15")]
    TooManyCheckers {
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
}

impl Position {
    /// The starting position of standard backgammon (the same for either side on roll).
    pub const START: Position = Position {
        board: [
            0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
        ],
    };

    /// A position with no checkers on the board: everything borne off.
    pub const EMPTY: Position = Position { board: [0; 26] };

    /// Builds a position from raw counts (see the type's docs for the layout).
    ///
    /// # Errors
    /// [`PositionError`] when a side has more than 15 checkers or a bar holds the wrong side.
    pub fn from_board(board: [i8; 26]) -> Result<Position, PositionError> {
        if board[BAR] < 0 {
            return Err(PositionError::WrongSideOnBar { index: BAR });
        }
        if board[OPPONENT_BAR] > 0 {
            return Err(PositionError::WrongSideOnBar {
                index: OPPONENT_BAR,
            });
        }
        let own: u32 = board.iter().filter(|&&n| n > 0).map(|&n| n as u32).sum();
        let theirs: u32 = board
            .iter()
            .filter(|&&n| n < 0)
            .map(|&n| n.unsigned_abs() as u32)
            .sum();
        if own > u32::from(CHECKERS) {
            return Err(PositionError::TooManyCheckers {
                side: "the player on roll",
                count: own,
            });
        }
        if theirs > u32::from(CHECKERS) {
            return Err(PositionError::TooManyCheckers {
                side: "the opponent",
                count: theirs,
            });
        }
        Ok(Position { board })
    }

    /// Builds a position from each side's checkers in its own numbering: `mover[i]` and
    /// `opponent[i]` are the checkers on point `i` (1-24) of that side, index 25 its bar,
    /// index 0 unused. Both sides may not hold the same point.
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

    /// The raw counts (see the type's docs for the layout).
    #[must_use]
    pub const fn board(&self) -> &[i8; 26] {
        &self.board
    }

    /// Checkers of the mover on `point` (1-24, or 25 for the bar), 0 if the opponent holds it.
    #[must_use]
    pub fn mover_on(&self, point: usize) -> u8 {
        self.board.get(point).map_or(0, |&n| n.max(0) as u8)
    }

    /// Checkers of the opponent on `point` in the *opponent's* numbering (1-24, 25 the bar).
    #[must_use]
    pub fn opponent_on(&self, point: usize) -> u8 {
        if !(1..=25).contains(&point) {
            return 0;
        }
        (-self.board[25 - point]).max(0) as u8
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
    pub fn mover_off(&self) -> u8 {
        let on: i32 = self
            .board
            .iter()
            .filter(|&&n| n > 0)
            .map(|&n| i32::from(n))
            .sum();
        (i32::from(CHECKERS) - on) as u8
    }

    /// The opponent's checkers borne off.
    #[must_use]
    pub fn opponent_off(&self) -> u8 {
        let on: i32 = self
            .board
            .iter()
            .filter(|&&n| n < 0)
            .map(|&n| -i32::from(n))
            .sum();
        (i32::from(CHECKERS) - on) as u8
    }

    /// The mover's pip count: the sum of the distances its checkers still have to travel.
    #[must_use]
    pub fn mover_pips(&self) -> u32 {
        (1..=25)
            .map(|p| p as u32 * self.board[p].max(0) as u32)
            .sum()
    }

    /// The opponent's pip count.
    #[must_use]
    pub fn opponent_pips(&self) -> u32 {
        (0..=24)
            .map(|p| (25 - p) as u32 * (-self.board[p]).max(0) as u32)
            .sum()
    }

    /// The same position seen by the other player (who is now on roll).
    #[must_use]
    pub fn switched(&self) -> Position {
        let mut board = [0i8; 26];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = -self.board[25 - i];
        }
        Position { board }
    }

    /// The mover has borne off all of its checkers.
    #[must_use]
    pub fn mover_has_won(&self) -> bool {
        self.board.iter().all(|&n| n <= 0)
    }

    /// The opponent has borne off all of its checkers.
    #[must_use]
    pub fn opponent_has_won(&self) -> bool {
        self.board.iter().all(|&n| n >= 0)
    }

    /// The checkers of the two sides are past each other: a pure race with no contact.
    #[must_use]
    pub fn is_race(&self) -> bool {
        let mover_back = (1..=25).rev().find(|&p| self.board[p] > 0);
        let opp_back = (0..=24).find(|&p| self.board[p] < 0);
        match (mover_back, opp_back) {
            (Some(m), Some(o)) => m < o,
            _ => true,
        }
    }

    pub(crate) fn board_mut(&mut self) -> &mut [i8; 26] {
        &mut self.board
    }
}

/// Why two per-side arrays are not a position.
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

impl TryFrom<Vec<i8>> for Position {
    type Error = PositionError;
    fn try_from(v: Vec<i8>) -> Result<Position, PositionError> {
        let board: [i8; 26] = v
            .as_slice()
            .try_into()
            .map_err(|_| PositionError::WrongLength(v.len()))?;
        Position::from_board(board)
    }
}

impl From<Position> for Vec<i8> {
    fn from(p: Position) -> Vec<i8> {
        p.board.to_vec()
    }
}
