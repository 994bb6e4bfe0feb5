//! The kinds of contact position the cube's efficiency tells apart.
//!
//! Janowski's cube efficiency (see [`super`]) says how much of a live cube's value a player
//! can use: near 1 where equity moves smoothly and a player doubles just as the other's take
//! turns into a pass, lower where one roll can swing the game past both points (a lost
//! market). GNU Backgammon uses one figure for all contact (0.68). Here the contact
//! positions are sorted by what a player sees on the board, and each kind has its figure
//! ([`contact_efficiency`]), fitted to the expert's own deeper look-ahead.
//!
//! Every test looks at both sides; the first kind that fits is the position's:
//!
//! 1. [`ContactKind::Crashed`]: a side has at most six checkers left in play, or has its
//!    other checkers piled on its ace and deuce points (GNU Backgammon's "crashed" class).
//! 2. [`ContactKind::Blitz`]: a side has a checker on the bar against a home board with at
//!    least four points closed.
//! 3. [`ContactKind::Prime`]: a side has five points made in a row with a checker of the
//!    other trapped behind them.
//! 4. [`ContactKind::BackGame`]: a side holds two or more points in the other's home board.
//! 5. [`ContactKind::Ordinary`]: anything else with contact.

use super::super::encode::{Side, sides};
use crate::engine::Position;

/// A kind of position with contact (see the [module documentation](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactKind {
    /// A side has few checkers left in play, or most of them dead on its lowest points.
    Crashed,
    /// A side is on the bar against a home board of four or more closed points.
    Blitz,
    /// A side has a prime of five or more points with a checker of the other behind it.
    Prime,
    /// A side holds two or more points in the other's home board.
    BackGame,
    /// Any other position with contact.
    Ordinary,
}

/// GNU Backgammon's test for a crashed side: at most six checkers in play, counting only
/// one of a pile on the ace point, or one of the ace and deuce points' checkers when both
/// hold two or more.
fn is_crashed(side: &Side) -> bool {
    const IN_PLAY: u32 = 6;
    let total: u32 = side[1..=25].iter().map(|&n| u32::from(n)).sum();
    let (ace, deuce) = (u32::from(side[1]), u32::from(side[2]));
    if total <= IN_PLAY {
        return true;
    }
    if ace > 1 {
        total <= IN_PLAY + ace || (deuce > 1 && 1 + total - (ace + deuce) <= IN_PLAY)
    } else {
        deuce > 0 && total <= IN_PLAY + (deuce - 1)
    }
}

/// `side` has a checker on the bar and `other` closes four or more points of its home
/// board.
fn is_blitzed(side: &Side, other: &Side) -> bool {
    side[25] > 0 && (1..=6).filter(|&p| other[p] >= 2).count() >= 4
}

/// `side` has five or more made points in a row with a checker of `other` behind them (on
/// the bar or on a point from which it must pass the whole prime).
fn primes(side: &Side, other: &Side) -> bool {
    let mut run = 0;
    for (p, &checkers) in side.iter().enumerate().take(25).skip(1) {
        run = if checkers >= 2 { run + 1 } else { 0 };
        if run >= 5 {
            // The prime ends on `p` (its highest point); `other`'s checkers behind it stand
            // on points below `p - run + 1` in `side`'s numbering, that is above
            // `25 - (p - run + 1)` in its own, or on the bar.
            let low = p + 1 - run;
            let trapped = other[25] > 0 || (26 - low..=24).any(|q| other[q] > 0);
            if trapped {
                return true;
            }
        }
    }
    false
}

/// `side` holds two or more points in `other`'s home board (its own points 19-24).
fn holds_back_game(side: &Side) -> bool {
    (19..=24).filter(|&p| side[p] >= 2).count() >= 2
}

/// The kind of `position`, a position with contact (see the [module documentation](self)).
/// Says nothing useful of a race, which [`super::efficiency`] values by pips instead.
#[must_use]
pub fn contact_kind(position: &Position) -> ContactKind {
    let (mover, opponent) = sides(position);
    let either =
        |test: fn(&Side, &Side) -> bool| test(&mover, &opponent) || test(&opponent, &mover);
    if either(|s, _| is_crashed(s)) {
        ContactKind::Crashed
    } else if either(is_blitzed) {
        ContactKind::Blitz
    } else if either(primes) {
        ContactKind::Prime
    } else if either(|s, _| holds_back_game(s)) {
        ContactKind::BackGame
    } else {
        ContactKind::Ordinary
    }
}

/// The cube efficiency of a contact position of `kind`: for each kind, the figure with
/// which Janowski's formula on the 0-ply chances comes closest to the 2-ply cubeful
/// look-ahead's equities (no double, and double with the best answer) over thousands of
/// contact positions from self-play, iterated until the look-ahead's leaves, valued with
/// this same table, agree (assets/strength/README.md, "Cube efficiency by kind of
/// position"). Blitzes, where one roll can swing the game past both the double and the pass
/// points, use the cube least well; primes and back games, slow and steady, best.
#[must_use]
pub const fn contact_efficiency(kind: ContactKind) -> f32 {
    match kind {
        ContactKind::Crashed => 0.70,
        ContactKind::Ordinary => 0.71,
        ContactKind::Blitz => 0.66,
        ContactKind::Prime => 0.77,
        ContactKind::BackGame => 0.80,
    }
}
