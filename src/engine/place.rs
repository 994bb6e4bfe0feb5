//! A place a checker can be: a point, the bar or off the board.

/// A place a checker can be, in the numbering of the player who moves it: a point (1-24,
/// 1 the last point of home), the bar (25) or off the board (0). Made only by its checked
/// constructors, so it is never more than 25.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Place(u8);

impl Place {
    /// Off the board: where a checker borne off is (0).
    pub const OFF: Place = Place(0);
    /// The bar: where a hit checker waits to enter (25).
    pub const BAR: Place = Place(25);

    /// The place numbered `number`: 0 off, 1-24 a point, 25 the bar; `None` above 25.
    #[must_use]
    pub const fn new(number: u8) -> Option<Place> {
        if number <= 25 {
            Some(Place(number))
        } else {
            None
        }
    }

    /// The point numbered `number` (1-24); `None` for any other number.
    #[must_use]
    pub const fn point(number: u8) -> Option<Place> {
        if number >= 1 && number <= 24 {
            Some(Place(number))
        } else {
            None
        }
    }

    /// The place numbered `number` that the engine's own code knows to be at most 25.
    #[inline(always)]
    pub(crate) const fn of(number: u8) -> Place {
        debug_assert!(number <= 25);
        Place(number)
    }

    /// Its number: 0 off, 1-24 a point, 25 the bar.
    #[must_use]
    #[inline(always)]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Its index in a board of 26 places ([`Position::board`](super::Position::board)).
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// It is the bar.
    #[must_use]
    pub const fn is_bar(self) -> bool {
        self.0 == 25
    }

    /// It is off the board.
    #[must_use]
    pub const fn is_off(self) -> bool {
        self.0 == 0
    }

    /// The same place in the other player's numbering (a point `p` is their `25 - p`; the
    /// bar and off are each player's own).
    #[must_use]
    pub const fn mirrored(self) -> Place {
        match self.0 {
            0 | 25 => self,
            p => Place(25 - p),
        }
    }
}

/// As a person names it: `the bar`, `off`, or the point's number.
impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            25 => f.write_str("the bar"),
            0 => f.write_str("off"),
            p => write!(f, "{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Place;

    #[test]
    fn places_are_checked_at_the_door() {
        assert_eq!(Place::new(25), Some(Place::BAR));
        assert_eq!(Place::new(0), Some(Place::OFF));
        assert_eq!(Place::new(26), None);
        assert_eq!(Place::point(0), None);
        assert_eq!(Place::point(25), None);
        assert_eq!(Place::point(24).map(Place::number), Some(24));
        assert_eq!(Place::point(6).map(Place::mirrored), Place::point(19));
        assert_eq!(Place::BAR.mirrored(), Place::BAR);
        assert_eq!(Place::BAR.to_string(), "the bar");
        assert_eq!(Place::OFF.to_string(), "off");
    }
}
