//! The reference side of issue 9's check: a slow generator of legal plays for every rule set,
//! written from the rules alone (assets/rules/README.md), random positions for it, and small
//! helpers for the hand-checked tests.

pub(crate) mod board;
pub(crate) mod engine;
pub(crate) mod generator;
pub(crate) mod random;
pub(crate) mod spec;

use board::{Board, Rules};
use spec::BoardSpec;
use std::collections::BTreeSet;

/// Every legal play of `a`-`b` in `spec`, as the position after it from the view of the
/// opponent (who is on roll next), once each.
///
/// # Panics
/// When `spec` is not a valid position of `rules` (the tests build only valid ones).
pub(crate) fn reference_boards(
    rules: Rules,
    spec: &BoardSpec,
    a: u8,
    b: u8,
) -> BTreeSet<BoardSpec> {
    let board = Board::from_spec(rules, spec).unwrap_or_else(|e| panic!("{e}: {spec:?}"));
    generator::legal_results(rules, &board, a, b)
        .iter()
        .map(|after| after.turned(rules).to_spec())
        .collect()
}

/// A board from the mover's view: `(point, count)` for each side in the mover's numbering,
/// nothing on the bar, no pins.
pub(crate) fn spec(mine: &[(usize, u8)], theirs: &[(usize, u8)]) -> BoardSpec {
    let mut spec = BoardSpec {
        mine: [0; 24],
        theirs: [0; 24],
        bar: [0, 0],
        pinned: Vec::new(),
        pinned_theirs: Vec::new(),
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
pub(crate) fn after_play(rules: Rules, spec: &BoardSpec, play: &str) -> BoardSpec {
    try_after_play(rules, spec, play).unwrap_or_else(|e| panic!("{play:?}: {e}"))
}

/// [`after_play`] for text from the engine: GNU Backgammon notation (`*` marks a hit and is
/// otherwise ignored: the mechanics say what landing does), read into the position after it.
///
/// # Errors
/// Text that is not such notation, or moves a checker that is not there.
pub(crate) fn try_after_play(
    rules: Rules,
    spec: &BoardSpec,
    play: &str,
) -> Result<BoardSpec, String> {
    let mut board = Board::from_spec(rules, spec)?;
    for word in play.split_whitespace() {
        let (path, times) = match word.split_once('(') {
            Some((path, rest)) => (
                path,
                rest.strip_suffix(')')
                    .and_then(|n| n.parse::<u8>().ok())
                    .ok_or_else(|| format!("bad count in {word:?}"))?,
            ),
            None => (word, 1),
        };
        let points: Vec<&str> = path.split('/').map(|p| p.trim_end_matches('*')).collect();
        if points.len() < 2 {
            return Err(format!("not a move: {word:?}"));
        }
        for _ in 0..times {
            for pair in points.windows(2) {
                move_checker(rules, &mut board, pair[0], pair[1])?;
            }
        }
    }
    Ok(board.turned(rules).to_spec())
}

fn move_checker(rules: Rules, board: &mut Board, from: &str, to: &str) -> Result<(), String> {
    let point = |text: &str| -> Result<usize, String> {
        match text.parse::<usize>() {
            Ok(p) if (1..=24).contains(&p) => Ok(p - 1),
            _ => Err(format!("not a point: {text:?}")),
        }
    };
    if from == "bar" {
        if board.bar[0] == 0 {
            return Err("no checker on the bar".into());
        }
        board.bar[0] -= 1;
    } else {
        let i = point(from)?;
        if board.mine[i] == 0 {
            return Err(format!("no checker on {from}"));
        }
        board.mine[i] -= 1;
    }
    if to == "off" {
        return Ok(());
    }
    let t = point(to)?;
    if rules.hits() && board.theirs[t] == 1 {
        board.theirs[t] = 0;
        board.bar[1] += 1;
    }
    board.mine[t] += 1;
    Ok(())
}

/// Every legal play named by hand, as resulting positions (opponent's view).
pub(crate) fn expected_boards(
    rules: Rules,
    spec: &BoardSpec,
    plays: &[&str],
) -> BTreeSet<BoardSpec> {
    plays
        .iter()
        .map(|play| after_play(rules, spec, play))
        .collect()
}
