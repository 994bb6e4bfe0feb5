//! How a game ends and what it is worth.

use super::position::Position;
use super::side::Side;
use serde::{Deserialize, Serialize};

/// Single, gammon or backgammon: the multiplier before the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WinKind {
    /// The loser has borne off a checker: 1 point.
    Single,
    /// The loser has borne off none: 2 points.
    Gammon,
    /// The loser has borne off none and still has a checker on the bar or in the winner's
    /// home board: 3 points.
    Backgammon,
}

impl WinKind {
    /// 1, 2 or 3.
    #[must_use]
    pub const fn multiplier(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }

    /// What the winner of `final_position` (seen from the winner, who has just borne off
    /// the last checker) has won.
    #[must_use]
    pub fn of_win(final_position: &Position) -> WinKind {
        if final_position.opponent_off() > 0 {
            return WinKind::Single;
        }
        let board = final_position.board();
        let in_winners_home = (1..=6).any(|p| board[p] < 0);
        if final_position.opponent_bar() > 0 || in_winners_home {
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        }
    }
}

/// The most the player on roll in `position` can still lose by when the game is won by
/// bearing off, whatever is played from here: a side that has borne off a checker can no
/// longer be gammoned; in a race of the opposed geometry (backgammon, Portes, Plakoto once no
/// checker is pinned) a side with no checker on the bar or in the other's home board can no
/// longer be backgammoned, since checkers in a race only move on. It does not look at
/// whether the rule set counts backgammons at all, nor at endings other than bearing off
/// (Plakoto's mother checker needs a checker still on its starting point, so a side that has
/// borne off cannot lose that way either).
#[must_use]
pub fn most_mover_can_lose(position: &Position) -> WinKind {
    most_lost(position, true)
}

/// The most the opponent of the player on roll in `position` can still lose by (see
/// [`most_mover_can_lose`]).
#[must_use]
pub fn most_opponent_can_lose(position: &Position) -> WinKind {
    most_lost(position, false)
}

fn most_lost(position: &Position, mover: bool) -> WinKind {
    let off = if mover {
        position.mover_off()
    } else {
        position.opponent_off()
    };
    if off > 0 {
        return WinKind::Single;
    }
    if position.geometry() != super::Geometry::Opposed || !position.is_race() {
        return WinKind::Backgammon;
    }
    let board = position.board();
    // The winner's home board: the mover's points 1-6 hold the opponent's checkers as
    // negative counts; the opponent's home board is the mover's points 19-24.
    let stuck = if mover {
        position.mover_bar() > 0 || (19..=24).any(|p| board[p] > 0)
    } else {
        position.opponent_bar() > 0 || (1..=6).any(|p| board[p] < 0)
    };
    if stuck {
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

impl std::fmt::Display for WinKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WinKind::Single => "single game",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        })
    }
}

/// How a game came to an end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    /// The winner bore off all 15 checkers.
    BearOff,
    /// The loser passed a double (or the original doubler passed a beaver).
    Drop,
    /// The loser resigned and the winner accepted.
    Resignation,
    /// Plakoto: the loser's mother was pinned (assets/rules/README.md §2.3).
    Mother,
    /// Plakoto: both mothers were pinned; nobody wins.
    Draw,
    /// The game reached the most actions a game may have
    /// ([`crate::engine::MAX_GAME_ACTIONS`]): it stops there, and nobody wins (README.md,
    /// Rules §1, Matches and sessions).
    #[serde(rename = "action_limit")]
    ActionLimit,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Who won; `None` for a draw.
    pub winner: Option<Side>,
    /// Single, gammon or backgammon, as counted (after the Jacoby rule).
    pub kind: WinKind,
    /// The cube value the points are multiplied by.
    pub cube: u32,
    /// Points won: `kind.multiplier() * cube`, or with Schmidt scoring the checkers count
    /// times the cube; 0 for a draw.
    pub points: u32,
    /// How the game ended.
    pub ending: Ending,
}

impl GameResult {
    /// A result worth `kind` times `cube`.
    #[must_use]
    pub const fn new(winner: Side, kind: WinKind, cube: u32, ending: Ending) -> GameResult {
        GameResult {
            winner: Some(winner),
            kind,
            cube,
            points: kind.multiplier() * cube,
            ending,
        }
    }

    /// A result worth `points` (Schmidt scoring), described as `kind`.
    #[must_use]
    pub const fn with_points(
        winner: Side,
        kind: WinKind,
        cube: u32,
        points: u32,
        ending: Ending,
    ) -> GameResult {
        GameResult {
            winner: Some(winner),
            kind,
            cube,
            points,
            ending,
        }
    }

    /// A drawn game: no winner, no points.
    #[must_use]
    pub const fn draw(cube: u32) -> GameResult {
        GameResult {
            winner: None,
            kind: WinKind::Single,
            cube,
            points: 0,
            ending: Ending::Draw,
        }
    }

    /// `side` won this game.
    #[must_use]
    pub fn is_won_by(&self, side: Side) -> bool {
        self.winner == Some(side)
    }
}

/// Schmidt scoring (assets/rules/README.md §2.7) of `position`, seen from the winner: one point
/// for each checker the loser has not borne off, doubled if any of them is outside the
/// loser's home board (the bar included). Before the cube.
#[must_use]
pub fn schmidt_points(position: &Position) -> u32 {
    let left = u32::from(15 - position.opponent_off().min(15));
    let outside = (7..=25).any(|p| position.opponent_on(p) > 0);
    if outside { 2 * left } else { left }
}
