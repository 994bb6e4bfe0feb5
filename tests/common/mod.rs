//! Helpers shared by the integration tests: a slow, plainly correct reference move
//! generator, random positions, and mutations of files for the hostile-input tests; with the
//! `tui` feature, running the built program.
#![allow(dead_code)]

use bg_tui::engine::{Dice, Place, Position};
use rand::{Rng, RngExt};
use std::collections::BTreeSet;

/// The place numbered `n` (0 off, 1-24, 25 the bar), for tests written with numbers.
pub(crate) fn place(n: u8) -> Place {
    Place::new(n).expect("a place is numbered 0 to 25")
}

/// The numbers of `places`, in order.
pub(crate) fn numbers(places: &[Place]) -> Vec<u8> {
    places.iter().map(|p| p.number()).collect()
}

/// A position from per-side counts, each in its own numbering (index 25 = bar).
pub(crate) fn sides(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
    let mut m = [0u8; 26];
    let mut o = [0u8; 26];
    for &(p, n) in mover {
        m[p] = n;
    }
    for &(p, n) in opponent {
        o[p] = n;
    }
    Position::from_sides(&m, &o).expect("test position is valid")
}

/// One checker move `(from, to)` with die `d` that the rules allow in `board`
/// (from = 25 is the bar, to = 0 is off), written as directly as the rule book says it.
pub(crate) fn reference_single_moves(board: &[i8; 26], d: usize) -> Vec<(usize, usize)> {
    let mut moves = Vec::new();
    if board[25] > 0 {
        let to = 25 - d;
        if board[to] >= -1 {
            moves.push((25, to));
        }
        return moves;
    }
    let all_home = (7..=25).all(|p| board[p] <= 0);
    for from in 1..=24 {
        if board[from] <= 0 {
            continue;
        }
        if from > d {
            let to = from - d;
            if board[to] >= -1 {
                moves.push((from, to));
            }
        } else if all_home {
            let exact = from == d;
            let highest = (from + 1..=6).all(|p| board[p] <= 0);
            if exact || highest {
                moves.push((from, 0));
            }
        }
    }
    moves
}

/// Applies one checker move to a raw board.
pub(crate) fn reference_apply(board: &mut [i8; 26], from: usize, to: usize) {
    board[from] -= 1;
    if to == 0 {
        return;
    }
    if board[to] == -1 {
        board[to] = 0;
        board[0] -= 1;
    }
    board[to] += 1;
}

fn extend(
    board: [i8; 26],
    dice: &[usize],
    used: Vec<usize>,
    results: &mut Vec<([i8; 26], Vec<usize>)>,
) {
    let Some((&d, rest)) = dice.split_first() else {
        results.push((board, used));
        return;
    };
    let moves = reference_single_moves(&board, d);
    if moves.is_empty() {
        results.push((board, used));
        return;
    }
    for (from, to) in moves {
        let mut b = board;
        reference_apply(&mut b, from, to);
        let mut u = used.clone();
        u.push(d);
        extend(b, rest, u, results);
    }
}

/// Every distinct resulting position of a legal play, by brute force: try every order of the
/// dice, keep the sequences that use the most dice, apply the higher-die rule, deduplicate.
pub(crate) fn reference_positions(position: &Position, dice: Dice) -> BTreeSet<[i8; 26]> {
    let (a, b) = (dice.high() as usize, dice.low() as usize);
    let orders: Vec<Vec<usize>> = if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    };
    let mut results = Vec::new();
    for order in &orders {
        extend(*position.board(), order, Vec::new(), &mut results);
    }
    let most = results.iter().map(|(_, u)| u.len()).max().unwrap_or(0);
    if most == 0 {
        return BTreeSet::new();
    }
    let mut kept: Vec<_> = results
        .into_iter()
        .filter(|(_, u)| u.len() == most)
        .collect();
    if a != b && most == 1 && kept.iter().any(|(_, u)| u[0] == a) {
        kept.retain(|(_, u)| u[0] == a);
    }
    kept.into_iter().map(|(b, _)| b).collect()
}

/// A random position: checkers of both sides scattered, some on the bar, some borne off,
/// often gathered towards home so that bear-offs come up, or behind a prime of four to six
/// points.
pub(crate) fn random_position<R: Rng>(rng: &mut R) -> Position {
    loop {
        let mut board = [0i8; 26];
        let style = rng.random_range(0..5);
        if style == 4 {
            // A prime: one side holds four to six points in a row (either side's view).
            let side: i8 = if rng.random_bool(0.5) { 1 } else { -1 };
            let length = rng.random_range(4..=6);
            let first = rng.random_range(1..=25 - length);
            for point in &mut board[first..first + length] {
                *point = 2 * side;
            }
        }
        for side in [1i8, -1i8] {
            let placed: i8 = board
                .iter()
                .filter(|&&n| n.signum() == side)
                .map(|n| n.abs())
                .sum();
            let on_board = match style {
                0 => 15 - placed,
                _ => rng.random_range(1..=15 - placed.min(14)),
            };
            for _ in 0..on_board {
                // Where this checker goes, in its owner's numbering (25 = bar).
                let own_point: usize = match style {
                    1 => rng.random_range(1..=6),           // bear-off
                    2 if rng.random_range(0..8) == 0 => 25, // bar
                    2 => rng.random_range(1..=24),
                    _ => {
                        if rng.random_range(0..20) == 0 {
                            25
                        } else {
                            rng.random_range(1..=24)
                        }
                    }
                };
                let index = if side == 1 { own_point } else { 25 - own_point };
                let here = board[index];
                if (side == 1 && here < 0) || (side == -1 && here > 0) {
                    continue; // taken by the other side: leave this checker off
                }
                board[index] += side;
            }
        }
        if let Ok(p) = Position::from_board(board) {
            return p;
        }
    }
}

/// Applies `ops` to `bytes`, each `(op, at, byte)`: overwrite, remove or insert a byte at
/// `at` (modulo the length), or swap a digit for another (the likeliest change to still
/// parse), else cut the text there.
pub(crate) fn mutate(bytes: &mut Vec<u8>, ops: &[(u8, usize, u8)]) {
    for &(op, at, byte) in ops {
        if bytes.is_empty() {
            bytes.push(byte);
            continue;
        }
        let at = at % bytes.len();
        match op % 4 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, byte),
            _ => {
                if bytes[at].is_ascii_digit() {
                    bytes[at] = b'0' + byte % 10;
                } else {
                    bytes.truncate(at);
                }
            }
        }
    }
}

/// Runs the built `bg-tui` with `args`, standard input empty, and an empty data folder
/// unless the test gives one (`XDG_DATA_HOME`).
#[cfg(feature = "tui")]
pub(crate) fn bg_tui(args: &[&str]) -> std::process::Output {
    bg_tui_in(args, None)
}

/// [`bg_tui`] with `XDG_DATA_HOME` set to `data_home` (when given).
#[cfg(feature = "tui")]
pub(crate) fn bg_tui_in(
    args: &[&str],
    data_home: Option<&std::path::Path>,
) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_bg-tui"));
    command.args(args).stdin(std::process::Stdio::null());
    if let Some(home) = data_home {
        command.env("XDG_DATA_HOME", home);
    }
    command.output().expect("the bg-tui binary runs")
}

/// The standard error of `o`, checked to be one line starting `bg-tui: `.
#[cfg(feature = "tui")]
pub(crate) fn one_line_stderr(o: &std::process::Output) -> String {
    one_line_from(o, "bg-tui")
}

/// Runs the built `bg-lab` with `args`, standard input empty.
#[cfg(feature = "lab")]
pub(crate) fn bg_lab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_bg-lab"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the bg-lab binary runs")
}

/// The path of the hostile-input fixture `name` (in `tests/fixtures/hostile`).
pub(crate) fn hostile_fixture(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(name)
        .display()
        .to_string()
}

/// Waits for `child` at most `limit`; kills it and fails the test when it is still running
/// (`what` names it).
pub(crate) fn finishes_within(
    mut child: std::process::Child,
    limit: std::time::Duration,
    what: &str,
) -> std::process::Output {
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} still runs after {limit:?}: it hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The standard error of `o`, checked to be one line starting `PROGRAM: `.
pub(crate) fn one_line_from(o: &std::process::Output, program: &str) -> String {
    let text = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(text.lines().count(), 1, "not one line: {text:?}");
    assert!(text.starts_with(&format!("{program}: ")), "{text:?}");
    text
}
