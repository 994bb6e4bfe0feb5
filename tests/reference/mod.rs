//! The reference side of issue 9's check: a slow generator of legal plays for every rule set,
//! written from `shared/RULES.md` alone, random positions for it, and small helpers for the
//! hand-checked tests.

pub mod board;
pub mod engine;
pub mod generator;
pub mod random;
pub mod spec;

use board::{Board, Rules};
use spec::BoardSpec;
use std::collections::BTreeSet;

/// Every legal play of `a`-`b` in `spec`, as the position after it from the view of the
/// opponent (who is on roll next), once each.
///
/// # Panics
/// When `spec` is not a valid position of `rules` (the tests build only valid ones).
pub fn reference_boards(rules: Rules, spec: &BoardSpec, a: u8, b: u8) -> BTreeSet<BoardSpec> {
    let board = Board::from_spec(rules, spec).unwrap_or_else(|e| panic!("{e}: {spec:?}"));
    generator::legal_results(rules, &board, a, b)
        .iter()
        .map(|after| after.turned(rules).to_spec())
        .collect()
}

/// A board from the mover's view: `(point, count)` for each side in the mover's numbering,
/// nothing on the bar, no pins.
pub fn spec(mine: &[(usize, u8)], theirs: &[(usize, u8)]) -> BoardSpec {
    let mut spec = BoardSpec {
        mine: [0; 24],
        theirs: [0; 24],
        bar: [0, 0],
        pinned: Vec::new(),
    };
    for &(point, n) in mine {
        spec.mine[point - 1] += n;
    }
    for &(point, n) in theirs {
        spec.theirs[point - 1] += n;
    }
    spec
}

/// The position after the hand-written play `play` (such as `"24/18 24/23"`, `"bar/22"`,
/// `"6/off"`, `"13/7(2)"`, `"24/18/12"`), turned to the opponent's view. Only the mechanics
/// are applied (a blot landed on is hit, or in Plakoto pinned); whether the play is legal is
/// what the calling test states by hand.
///
/// # Panics
/// On a play that is not written as above or moves a checker that is not there.
pub fn after_play(rules: Rules, spec: &BoardSpec, play: &str) -> BoardSpec {
    let mut board = Board::from_spec(rules, spec).unwrap_or_else(|e| panic!("{e}: {spec:?}"));
    for word in play.split_whitespace() {
        let (path, times) = match word.split_once('(') {
            Some((path, rest)) => (path, rest.trim_end_matches(')').parse().unwrap()),
            None => (word, 1),
        };
        let points: Vec<&str> = path.split('/').collect();
        for _ in 0..times {
            for pair in points.windows(2) {
                move_checker(rules, &mut board, pair[0], pair[1]);
            }
        }
    }
    board.turned(rules).to_spec()
}

fn move_checker(rules: Rules, board: &mut Board, from: &str, to: &str) {
    if from == "bar" {
        assert!(board.bar[0] > 0, "no checker on the bar");
        board.bar[0] -= 1;
    } else {
        let i: usize = from.parse::<usize>().unwrap() - 1;
        assert!(board.mine[i] > 0, "no checker on {from}");
        board.mine[i] -= 1;
    }
    if to == "off" {
        return;
    }
    let t: usize = to.parse::<usize>().unwrap() - 1;
    if rules.hits() && board.theirs[t] == 1 {
        board.theirs[t] = 0;
        board.bar[1] += 1;
    }
    board.mine[t] += 1;
}

/// Every legal play named by hand, as resulting positions (opponent's view).
pub fn expected_boards(rules: Rules, spec: &BoardSpec, plays: &[&str]) -> BTreeSet<BoardSpec> {
    plays
        .iter()
        .map(|play| after_play(rules, spec, play))
        .collect()
}
