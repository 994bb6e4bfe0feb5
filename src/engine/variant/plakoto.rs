//! Plakoto (assets/rules/README.md §2.3): pins instead of hits, and the mother.

use super::{Variant, VariantError, VariantRules, Verdict, fast};
use crate::engine::Dice;
use crate::engine::Place;
use crate::engine::{BAR, Geometry, OPPONENT_BAR, Position};
use crate::engine::{Ending, WinKind};
use crate::engine::{Play, Step};

/// Plakoto: each side starts with all 15 checkers on its own 24-point and moves as in
/// backgammon, but there is no bar and no hitting: landing on a lone opposing checker pins
/// it under the pinner until every pinning checker has left. Pinning the opponent's last
/// checker on its 24-point (the mother) wins 2 points, unless the pinner still has checkers
/// on its own 24-point; both mothers pinned is a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Plakoto;

impl Plakoto {
    /// The mover's checkers (pinned ones too) all stand on points 1-6.
    fn all_home(position: &Position) -> bool {
        (7..=24).all(|p| position.mover_on(p) == 0)
    }
}

impl VariantRules for Plakoto {
    fn variant(&self) -> Variant {
        Variant::Plakoto
    }

    fn start(&self) -> Position {
        let mut board = [0i8; 26];
        board[24] = 15;
        board[1] = -15;
        Position::from_board(board).unwrap_or(Position::START)
    }

    fn step(&self, position: &Position, from: Place, die: u8) -> Option<Step> {
        let board = position.board();
        let (f, d) = (from.index(), usize::from(die));
        // A checker of the mover on top of its point; a pinned one lies under the other side.
        if !(1..=24).contains(&f) || !(1..=6).contains(&d) || board[f] <= 0 {
            return None;
        }
        if f > d {
            let to = f - d;
            let open = match board[to] {
                n if n >= 0 => true,
                // A lone opposing checker is pinned; one on top of my pinned checker holds
                // the point for the opponent.
                -1 => !position.is_pinned(to),
                _ => false,
            };
            return open.then_some(Step {
                from,
                to: Place::of(to as u8),
                hit: board[to] == -1,
            });
        }
        // Bearing off: pinned checkers count where they stand, for being home and for the
        // higher-die rule.
        let highest = (f + 1..=6).all(|p| position.mover_on(p) == 0);
        (Self::all_home(position) && (f == d || highest)).then_some(Step {
            from,
            to: Place::OFF,
            hit: false,
        })
    }

    fn after_step_unchecked(&self, position: &Position, step: Step) -> Position {
        let mut after = *position;
        let from = step.from.index();
        after.board_mut()[from] -= 1;
        if after.board()[from] == 0 && after.is_pinned(from) {
            // The last pinner has left: the pinned checker is free again.
            after.board_mut()[from] = -1;
            after.set_pinned(from, false);
        }
        let to = step.to.index();
        if to == 0 {
            after.add_mover_off(1);
        } else if after.board()[to] == -1 {
            after.board_mut()[to] = 1;
            after.set_pinned(to, true);
        } else {
            after.board_mut()[to] += 1;
        }
        after
    }

    fn legal_plays_into(&self, position: &Position, dice: Dice, out: &mut Vec<Play>) {
        fast::legal_plays_into(fast::Kind::Plakoto, position, dice, out);
    }

    fn judge(&self, after: &Position) -> Option<Verdict> {
        let board = after.board();
        // The opponent's 24-point is the mover's 1-point, and the other way round.
        let theirs_pinned = board[1] > 0 && after.is_pinned(1);
        let mine_pinned = board[24] < 0 && after.is_pinned(24);
        if theirs_pinned && mine_pinned {
            return Some(Verdict::Draw);
        }
        if theirs_pinned && board[24] <= 0 {
            return Some(Verdict::MoverWins(WinKind::Gammon, Ending::Mother));
        }
        if mine_pinned && board[1] >= 0 {
            return Some(Verdict::OpponentWins(WinKind::Gammon, Ending::Mother));
        }
        after
            .mover_has_won()
            .then(|| Verdict::MoverWins(self.win_kind(after), Ending::BearOff))
    }

    fn check(&self, position: &Position) -> Result<(), VariantError> {
        if position.geometry() != Geometry::Opposed {
            return Err(VariantError::WrongGeometry(Variant::Plakoto));
        }
        if position.board()[BAR] != 0 || position.board()[OPPONENT_BAR] != 0 {
            return Err(VariantError::NoBar(Variant::Plakoto));
        }
        Ok(())
    }
}
