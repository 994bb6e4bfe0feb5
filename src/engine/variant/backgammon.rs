//! Backgammon and the rule sets that move as it does: Portes and Jacquet.

use super::{Opening, Variant, VariantRules};
use crate::engine::Dice;
use crate::engine::Place;
use crate::engine::WinKind;
use crate::engine::movegen;
use crate::engine::{BAR, OPPONENT_BAR, Position};
use crate::engine::{Play, Step};

/// Standard backgammon (assets/rules/README.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Backgammon;

/// Portes (§2.2): backgammon's moves with the Tavli games' opening and scoring (1 or 2
/// points, no backgammon), and no cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Portes;

/// Jacquet (§2.6): every checker starts on the bar and must enter before any entered checker
/// moves; then backgammon, cube included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Jacquet;

/// A single checker move under backgammon's step rules: bar first, entry on point
/// `25 - die`, an open landing point (empty, own, or one opposing checker, which is hit),
/// bearing off only with every checker home, from the die's point or, with a higher die,
/// from the highest point.
pub(crate) fn hitting_step(position: &Position, from: Place, die: u8) -> Option<Step> {
    let board = position.board();
    let (f, d) = (from.index(), usize::from(die));
    if !(1..=BAR).contains(&f) || !(1..=6).contains(&d) || board[f] <= 0 {
        return None;
    }
    if board[BAR] > 0 && f != BAR {
        return None;
    }
    let land = |to: usize| {
        (board[to] >= -1).then_some(Step {
            from,
            to: Place::of(to as u8),
            hit: board[to] == -1,
        })
    };
    if f > d {
        return land(f - d);
    }
    let all_home = (7..=BAR).all(|p| board[p] <= 0);
    let highest = (f + 1..=6).all(|p| board[p] <= 0);
    (all_home && (f == d || highest)).then_some(Step {
        from,
        to: Place::OFF,
        hit: false,
    })
}

/// `position` after a step of backgammon's rules (a blot landed on goes to the bar).
pub(crate) fn after_hitting_step(position: &Position, step: Step) -> Position {
    let mut after = *position;
    let board = after.board_mut();
    board[step.from.index()] -= 1;
    let to = step.to.index();
    if to == 0 {
        after.add_mover_off(1);
        return after;
    }
    if board[to] == -1 {
        board[to] = 0;
        board[OPPONENT_BAR] -= 1;
    }
    board[to] += 1;
    after
}

/// The step rules and the fast generator of backgammon, for the rule sets that move as it
/// does.
macro_rules! moves_as_backgammon {
    () => {
        fn step(&self, position: &Position, from: Place, die: u8) -> Option<Step> {
            hitting_step(position, from, die)
        }

        fn after_step_unchecked(&self, position: &Position, step: Step) -> Position {
            after_hitting_step(position, step)
        }

        fn legal_plays_into(&self, position: &Position, dice: Dice, out: &mut Vec<Play>) {
            movegen::legal_plays_into(position, dice, out);
        }
    };
}

impl VariantRules for Backgammon {
    fn variant(&self) -> Variant {
        Variant::Backgammon
    }

    fn start(&self) -> Position {
        Position::START
    }

    moves_as_backgammon!();

    fn has_cube(&self) -> bool {
        true
    }

    fn opening(&self) -> Opening {
        Opening::PlayTheOpeningDice
    }

    fn win_kind(&self, final_position: &Position) -> WinKind {
        WinKind::of_win(final_position)
    }

    fn highest_win(&self) -> WinKind {
        WinKind::Backgammon
    }
}

impl VariantRules for Portes {
    fn variant(&self) -> Variant {
        Variant::Portes
    }

    fn start(&self) -> Position {
        Position::START
    }

    moves_as_backgammon!();
}

impl VariantRules for Jacquet {
    fn variant(&self) -> Variant {
        Variant::Jacquet
    }

    fn start(&self) -> Position {
        let mut board = [0i8; 26];
        board[BAR] = 15;
        board[OPPONENT_BAR] = -15;
        // 15 on each bar, none borne off: always a position.
        Position::from_board(board).unwrap_or(Position::START)
    }

    moves_as_backgammon!();

    fn has_cube(&self) -> bool {
        true
    }

    fn opening(&self) -> Opening {
        Opening::PlayTheOpeningDice
    }

    fn win_kind(&self, final_position: &Position) -> WinKind {
        WinKind::of_win(final_position)
    }

    fn highest_win(&self) -> WinKind {
        WinKind::Backgammon
    }
}
