//! The bridge to the engine under test: `bg_tui::engine::plays_from_spec`.
//!
//! Until the engine's rule sets land on main this asks today's backgammon generator for the
//! rule sets that move as backgammon does (Backgammon, Portes, Jacquet) and returns `None`
//! for the others, and the tests check the reference against the hand-worked answers alone.

use super::board::Rules;
use super::spec::BoardSpec;
use bg_tui::engine::{Dice, Position, format_play, legal_plays};

/// The engine's plays of `a`-`b` in `spec`: each resulting board (opponent's view) in the
/// order given, or the engine's error as text; `None` while there is no engine to ask.
pub fn engine_boards(
    rules: Rules,
    spec: &BoardSpec,
    a: u8,
    b: u8,
) -> Option<Result<Vec<BoardSpec>, String>> {
    engine_plays(rules, spec, a, b)
        .map(|plays| plays.map(|plays| plays.into_iter().map(|(_, board)| board).collect()))
}

/// [`engine_boards`] with each play's notation.
pub fn engine_plays(
    rules: Rules,
    spec: &BoardSpec,
    a: u8,
    b: u8,
) -> Option<Result<Vec<(String, BoardSpec)>, String>> {
    if !rules.hits() {
        return None;
    }
    let mut raw = [0i8; 26];
    for i in 0..24 {
        if spec.mine[i] > 0 && spec.theirs[i] > 0 || !spec.pinned.is_empty() {
            return Some(Err("both sides on a point".into()));
        }
        raw[i + 1] = spec.mine[i] as i8 - spec.theirs[i] as i8;
    }
    raw[25] = spec.bar[0] as i8;
    raw[0] = -(spec.bar[1] as i8);
    let position = match Position::from_board(raw) {
        Ok(p) => p,
        Err(e) => return Some(Err(e.to_string())),
    };
    let dice = Dice::new(a, b).map_err(|e| e.to_string());
    let dice = match dice {
        Ok(d) => d,
        Err(e) => return Some(Err(e)),
    };
    Some(Ok(legal_plays(&position, dice)
        .iter()
        .map(|play| {
            let after = play.position().switched();
            let board = after.board();
            let mut out = BoardSpec {
                mine: [0; 24],
                theirs: [0; 24],
                bar: [board[25] as u8, (-board[0]) as u8],
                pinned: Vec::new(),
            };
            for i in 0..24 {
                let n = board[i + 1];
                if n > 0 {
                    out.mine[i] = n as u8;
                } else {
                    out.theirs[i] = (-n) as u8;
                }
            }
            (format_play(play), out)
        })
        .collect()))
}
