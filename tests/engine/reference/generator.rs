//! The slow reference generator of legal plays, written from the rules alone
//! (assets/rules/README.md).
//!
//! A play is a sequence of single checker moves, one die each, in either order of the dice
//! (a double: four of one number). Every prefix of every sequence is a candidate play; the
//! whole-play rules then choose among the candidates by the dice they use and the position
//! they end in. Nothing here is fast: it is meant to be read against the rules
//! (assets/rules/README.md) line by line.

use super::board::{Board, Rules};
use std::collections::BTreeSet;

/// How the reference reads the rules: as it stands, another reading of a sentence that
/// admits two, or with one rule left out on purpose (a planted bug, to show that the random
/// positions reach that rule and the comparison would catch an engine that forgets it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// The rules as the reference reads them. Fevga's trapping rule: the play leaves no
    /// block at all (no six in a row held), as the rules word it (assets/rules/README.md §2.4).
    AsWritten,
    /// The other reading of the trapping rule: the play leaves only no block that every
    /// opposing checker is still behind (a block that traps nothing may stay).
    OnlyTrappingBlocks,
    /// Planted bug: no higher-die rule.
    WithoutHigherDie,
    /// Planted bug: checkers move while one of the mover's is on the bar.
    WithoutBarFirst,
    /// Planted bug: a bear-off with a higher die from any point.
    WithoutHighestPoint,
    /// Planted bug: Plakoto's pinned checkers move.
    PinnedMove,
    /// Planted bug: Plakoto's pinned checkers do not count for bearing off (neither as
    /// outside the home board nor as the highest point).
    PinnedIgnoredForBearOff,
    /// Planted bug: a single opposing checker in Plakoto is closed (no pins made).
    NoPinning,
    /// Planted bug: no start rule in Fevga.
    WithoutStartRule,
    /// Planted bug: Fevga's start rule judged only at the start of the turn.
    StartRuleOncePerTurn,
    /// Planted bug: no own-quarter rule in Fevga.
    WithoutOwnQuarter,
    /// Planted bug: Fevga's own-quarter rule applied after the count of dice, not before.
    OwnQuarterAfterDice,
    /// Planted bug: no trapping rule in Fevga.
    WithoutTrapping,
}

/// Every legal play of the dice `a`, `b`, once per distinct resulting position, each from
/// the mover's view (not yet turned round).
pub(crate) fn legal_results(rules: Rules, start: &Board, a: u8, b: u8) -> BTreeSet<Board> {
    legal_results_read(rules, start, a, b, Reading::AsWritten)
}

/// [`legal_results`] under another reading of the rules.
pub(crate) fn legal_results_read(
    rules: Rules,
    start: &Board,
    a: u8,
    b: u8,
    reading: Reading,
) -> BTreeSet<Board> {
    // Candidates: (position at the end, the dice used in order).
    let mut candidates: Vec<(Board, Vec<u8>)> = Vec::new();
    let orders: Vec<Vec<u8>> = if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    };
    for order in &orders {
        // Positions reachable after k steps of this order (distinct: the rules below look only
        // at the end position and the dice used, so equal positions are equal candidates).
        let mut level: BTreeSet<Board> = BTreeSet::from([start.clone()]);
        candidates.push((start.clone(), Vec::new()));
        for (k, &die) in order.iter().enumerate() {
            let mut next = BTreeSet::new();
            for board in &level {
                for after in single_moves(rules, board, die, reading, start) {
                    next.insert(after);
                }
            }
            for board in &next {
                candidates.push((board.clone(), order[..=k].to_vec()));
            }
            level = next;
        }
    }

    // Fevga's own-quarter rule: no play may end holding all six points 19-24. The count of
    // dice below is taken over the plays that satisfy it.
    let own_quarter = rules == Rules::Fevga && reading != Reading::WithoutOwnQuarter;
    if own_quarter && reading != Reading::OwnQuarterAfterDice {
        candidates.retain(|(board, _)| !holds_own_quarter(board));
    }

    // As many dice as possible. If none can be played, the turn passes: no play at all.
    let most = candidates
        .iter()
        .map(|(_, used)| used.len())
        .max()
        .unwrap_or(0);
    if most == 0 {
        return BTreeSet::new();
    }
    candidates.retain(|(_, used)| used.len() == most);
    if own_quarter && reading == Reading::OwnQuarterAfterDice {
        candidates.retain(|(board, _)| !holds_own_quarter(board));
    }

    // Only one die of two can be played: the higher one, if it can be.
    if most == 1 && a != b && reading != Reading::WithoutHigherDie {
        let high = a.max(b);
        if candidates.iter().any(|(_, used)| used[0] == high) {
            candidates.retain(|(_, used)| used[0] == high);
        }
    }

    // Fevga's trapping rule, judged from the position at the start of the turn.
    if rules == Rules::Fevga && trapping_block_stands(start) && reading != Reading::WithoutTrapping
    {
        let leaves_none = |board: &Board| match reading {
            Reading::OnlyTrappingBlocks => !trapping_block_stands(board),
            _ => blocks(board).is_empty(),
        };
        if candidates.iter().any(|(board, _)| leaves_none(board)) {
            candidates.retain(|(board, _)| leaves_none(board));
        }
    }

    candidates.into_iter().map(|(board, _)| board).collect()
}

/// Every position one legal checker move of `die` can give, under `reading`; `turn_start` is
/// the position the turn began in.
fn single_moves(
    rules: Rules,
    board: &Board,
    die: u8,
    reading: Reading,
    turn_start: &Board,
) -> Vec<Board> {
    let die = usize::from(die);
    let mut out = Vec::new();

    // Bar first: while a checker of the mover is on the bar, entering is the only move.
    // Die n enters on the mover's 25 - n point (index 24 - n).
    if board.bar[0] > 0 {
        let to = 24 - die;
        if board.theirs[to] <= 1 {
            let mut after = board.clone();
            after.bar[0] -= 1;
            land_with_hit(&mut after, to);
            out.push(after);
        }
        if reading != Reading::WithoutBarFirst {
            return out;
        }
    }

    // A pinned checker counts where it stands (unless a planted bug says otherwise).
    let counted = |i: usize| {
        if reading == Reading::PinnedIgnoredForBearOff && board.mine_pinned[i] {
            0
        } else {
            board.mine[i]
        }
    };
    let all_home = board.bar[0] == 0 && (6..24).all(|i| counted(i) == 0);
    // The highest point holding a checker of the mover.
    let highest = (1..=24).rev().find(|&p| counted(p - 1) > 0).unwrap_or(0);

    for from in 1..=24usize {
        let i = from - 1;
        let can_move = if reading == Reading::PinnedMove {
            board.mine[i]
        } else {
            movable(board, i)
        };
        if can_move == 0 {
            continue;
        }
        // Fevga's start rule, checked before every single checker move.
        let judged_on = if reading == Reading::StartRuleOncePerTurn {
            turn_start
        } else {
            board
        };
        if rules == Rules::Fevga
            && from == 24
            && reading != Reading::WithoutStartRule
            && fevga_start_rule_holds_back(judged_on)
        {
            continue;
        }
        if from > die {
            let to = from - die - 1;
            let pinning_refused = reading == Reading::NoPinning
                && rules == Rules::Plakoto
                && board.mine[to] == 0
                && board.theirs[to] == 1;
            if !open(rules, board, to) || pinning_refused {
                continue;
            }
            let mut after = lift(board, i);
            match rules {
                Rules::Backgammon | Rules::Portes | Rules::Jacquet => land_with_hit(&mut after, to),
                // Landing on a lone opposing checker pins it: it stays under the mover's. The
                // point keeps "the opponent's checker pinned" (mine_pinned false).
                Rules::Plakoto | Rules::Fevga => after.mine[to] += 1,
            }
            out.push(after);
        } else if all_home
            && (from == die
                || (from == highest && die > highest)
                || (reading == Reading::WithoutHighestPoint && die > from))
        {
            // Bear off: a die n from point n, or a higher die from the highest point.
            out.push(lift(board, i));
        }
    }
    out
}

/// The board with one of the mover's checkers taken from index `i`.
fn lift(board: &Board, i: usize) -> Board {
    let mut after = board.clone();
    after.mine[i] -= 1;
    // Only under the planted bug PinnedMove does a pinned checker leave.
    after.mine_pinned[i] = false;
    after
}

/// How many of the mover's checkers on index `i` may move (a pinned one may not).
fn movable(board: &Board, i: usize) -> u8 {
    if board.mine_pinned[i] {
        board.mine[i] - 1
    } else {
        board.mine[i]
    }
}

/// Whether the mover may land on index `to`.
fn open(rules: Rules, board: &Board, to: usize) -> bool {
    let (mine, theirs) = (board.mine[to], board.theirs[to]);
    match rules {
        // Empty, own, or a blot (which is hit).
        Rules::Backgammon | Rules::Portes | Rules::Jacquet => theirs <= 1,
        // Empty or own; a single opposing checker holds the point.
        Rules::Fevga => theirs == 0,
        Rules::Plakoto => {
            if board.mine_pinned[to] {
                // The opponent pins one of mine here: the point is the opponent's.
                false
            } else if theirs == 0 || mine > 0 {
                // Empty, own, or own on top of a pinned opposing checker.
                true
            } else {
                // A lone opposing checker (pinned on landing), or two or more (closed).
                theirs == 1
            }
        }
    }
}

/// The mover lands on index `to`, hitting a blot there to the opponent's bar.
fn land_with_hit(board: &mut Board, to: usize) {
    if board.theirs[to] == 1 {
        board.theirs[to] = 0;
        board.bar[1] += 1;
    }
    board.mine[to] += 1;
}

/// Fevga's start rule: until a checker of the mover stands on its 11-point or lower (or is
/// borne off), only one checker may leave the 24-point.
fn fevga_start_rule_holds_back(board: &Board) -> bool {
    let passed = board.mine[..11].iter().any(|&n| n > 0) || board.mine_off() > 0;
    let one_has_left = board.mine[11..23].iter().any(|&n| n > 0);
    !passed && one_has_left
}

/// Fevga: the mover holds all six points 19-24.
pub(crate) fn holds_own_quarter(board: &Board) -> bool {
    board.mine[18..].iter().all(|&n| n > 0)
}

/// Fevga: the blocks of the mover, each as the lowest of its six points in the opponent's
/// numbering (r for the points r..=r+5), counted along the opponent's route.
pub(crate) fn blocks(board: &Board) -> Vec<usize> {
    (1..=19)
        .filter(|&r| (r..=r + 5).all(|q| board.mine[Board::fevga_other_point(q) - 1] > 0))
        .collect()
}

/// Fevga: a block stands with every opposing checker on the board behind it (on a point of
/// the opponent's numbering above the block's highest).
pub(crate) fn trapping_block_stands(board: &Board) -> bool {
    blocks(board)
        .into_iter()
        .any(|r| (1..=24).all(|q| q > r + 5 || board.theirs[Board::fevga_other_point(q) - 1] == 0))
}
