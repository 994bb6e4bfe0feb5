//! How the board is turned on the screen, read from the table and the options: the side
//! whose home board is drawn bottom right, and what that makes of the mover's point numbers
//! (on a board fixed to one side, the other side's points carry that side's numbers) and of
//! the cursor's spots.

use super::match_table::Table;
use bg_tui::engine::{Geometry, IllegalStep, Place, Side, TurnError};

/// The board as it is turned now (a value: read afresh after every change).
#[derive(Debug, Clone, Copy)]
pub(super) struct Orientation {
    bottom: Side,
    turn: Side,
    geometry: Geometry,
}

impl Orientation {
    /// The board of `table`'s game: the one person against a bot at the bottom (as the
    /// game was set up, or as it is now), the player on roll when the board turns with
    /// the turn (`turn_board`), else White.
    pub(super) fn of(table: &Table, turn_board: bool) -> Orientation {
        let game = table.game();
        let seats = table.seats();
        let people = [Side::White, Side::Black].map(|side| seats.person_plays(side));
        let bottom = match (people, seats.seat()) {
            ([true, false], _) => Side::White,
            ([false, true], _) => Side::Black,
            ([false, false], Some(seat)) => seat,
            ([true, true], _) if turn_board => game.turn(),
            _ => Side::White,
        };
        Orientation {
            bottom,
            turn: game.turn(),
            geometry: game.position().geometry(),
        }
    }

    /// The player whose home board is drawn bottom right.
    pub(super) const fn bottom(self) -> Side {
        self.bottom
    }

    /// The board is drawn in the numbering of the player not on roll (the player at the
    /// bottom is not on roll): the cursor's spots are turned round.
    pub(super) fn flipped(self) -> bool {
        self.bottom != self.turn
    }

    /// The mover's point `p` as the board's labels number it.
    pub(super) fn number(self, p: u8) -> u8 {
        if !self.flipped() || !(1..=24).contains(&p) {
            p
        } else {
            self.geometry.opponent_point_of_mover(p)
        }
    }

    /// The mover's place `p` as the board's labels name it.
    pub(super) fn point(self, p: Place) -> String {
        super::point_name(self.number(p.number()))
    }

    /// A refused step in the words of the board on the screen (its point numbers).
    pub(super) fn error(self, e: TurnError) -> String {
        let spot = |s: Place| Place::new(self.number(s.number())).unwrap_or(s);
        let e = match e {
            TurnError::NoChecker(s) => TurnError::NoChecker(spot(s)),
            TurnError::Illegal(IllegalStep::Closed(s)) => {
                TurnError::Illegal(IllegalStep::Closed(spot(s)))
            }
            TurnError::Illegal(IllegalStep::PinnedThere(s)) => {
                TurnError::Illegal(IllegalStep::PinnedThere(spot(s)))
            }
            TurnError::Illegal(IllegalStep::DoesNotFit(s)) => {
                TurnError::Illegal(IllegalStep::DoesNotFit(spot(s)))
            }
            TurnError::Illegal(IllegalStep::CannotBearOff { from, die }) => {
                TurnError::Illegal(IllegalStep::CannotBearOff {
                    from: spot(from),
                    die,
                })
            }
            other => other,
        };
        e.to_string()
    }
}
