//! Move notation as GNU Backgammon writes and reads it.
//!
//! # Writing: [`format_play`]
//!
//! The text follows GNU Backgammon's `FormatMove` (`drawboard.c`):
//!
//! * Points are numbered from the view of the player who moves (24 down to 1); the bar is
//!   written `bar` and a checker borne off goes to `off`: `bar/22`, `6/off`.
//! * The steps are sorted by starting point, highest first (then by landing point, highest
//!   first).
//! * The steps of one checker are joined into one move: `24/18` and `18/13` make `24/13`. The
//!   point in between is left out when nothing was hit there, and kept, with a `*`, when a
//!   blot was hit there: `24/18*/13`. As in GNU Backgammon the joining is greedy: a step is
//!   joined to the first earlier move that ends where it starts, whichever checker really
//!   moved (the resulting position is the same).
//! * A point where a blot is hit gets a `*` the first time it is written: `13/7*`,
//!   `8/5* 6/5`.
//! * The same move made by several checkers is written once with the count: `8/5(2)`,
//!   `24/18(2) 13/7(2)`.
//! * Moves are separated by one space.
//!
//! GNU Backgammon's text tells every legal play of a position and roll apart: every point
//! where a checker lands on a blot is written (as a destination or as a starred point in
//! between), so the text gives each checker's start and end and every blot hit, which is the
//! resulting position. The only thing it leaves open is which of several checkers hit (as in
//! `8/5* 6/5`) or which way a checker went when nothing was hit on the way, and those never
//! change the resulting position. So this module keeps GNU Backgammon's form unchanged.
//! (One difference: GNU Backgammon's buffer overflows for one checker hitting three blots on
//! the way with a double; here that is simply written `24/23*/22*/21*/20`.)
//!
//! # Reading: [`parse_play`]
//!
//! [`parse_play`] finds the legal play a person's text means. It accepts:
//!
//! * moves in any order, separated by spaces and/or commas; upper or lower case;
//! * `/` or `-` between points (`8/5`, or `8-5` as on FIBS);
//! * `bar`, `b` or `25` for the bar, and `off`, `o` or `0` for off;
//! * chains such as `24/18/13`, and one checker's whole journey as one move (`24/13` with
//!   6-5; `24/16` with 4-4 is two steps of one checker);
//! * a repeat count `(2)` to `(4)` after a move; the same move written twice counts twice;
//! * `*` after any point. It is optional and never needed: a blot on a point the text lands
//!   on is hit whether the point is starred or not (a star elsewhere is ignored).
//!
//! A text is matched on the checkers' journeys: the start and end of every move written,
//! counted with repeats, must give the same checkers on every point, the bar and off as a
//! legal play does. Plays that do that can differ only in the blots they hit on the way (for
//! 6-5, `24/13` through 18 or through 19). The text's hits are every point it writes as a
//! landing point (in a chain or as a destination) that holds an opponent's blot; the play
//! hitting exactly those blots is chosen. So `24/13` is the play that hits nothing on the way,
//! as GNU Backgammon writes it, and `24/18/13` or `24/18*/13` the one that hits on 18.
//! Failing an exact match, a single play that hits all of the text's hits and more is chosen
//! (`24/13` when every way hits the same blot); when several are left the answer is
//! [`NotationError::Ambiguous`] (`24/13` when one way hits a blot on 18 and the other a blot
//! on 19). A point written on the way that the opponent holds is an error, even if the
//! checker could have gone another way.
//!
//! When the roll cannot be played at all, [`parse_play`] answers
//! [`NotationError::NoLegalPlay`] whatever the text: the caller passes the turn.

use super::dice::Dice;
use super::play::{Play, Step};
use super::position::{BAR, OPPONENT_BAR, Position};
use super::variant::Variant;

/// The most checker moves a text may describe: more than any roll allows, but bounded so
/// that long junk cannot overflow a count.
const MAX_JOURNEYS: u32 = 16;

/// Why a text could not be read as a legal play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text holds no move at all.
    #[error("no move given: write one such as 8/5 6/5")]
    Empty,
    /// A part of the text cannot be read.
    #[error("cannot read the move at column {at}: {reason}")]
    Malformed {
        /// Where the trouble is: the column (1-based, in characters) in the text.
        at: usize,
        /// What is wrong there.
        reason: String,
    },
    /// The text reads well, but no legal play of the roll makes those moves.
    #[error("illegal move: {reason}")]
    Illegal {
        /// Why, as precisely as could be found.
        reason: String,
    },
    /// The moves are legal as far as they go, but the roll must be played in full.
    #[error("{}", incomplete_message(*played, *needed))]
    Incomplete {
        /// Dice the text plays.
        played: usize,
        /// Dice every legal play uses.
        needed: usize,
    },
    /// The text fits several legal plays; here they are, as [`format_play`] writes them.
    #[error("ambiguous move: it could be {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
    /// The roll cannot be played at all: the turn passes, whatever the text.
    #[error("no legal play: the roll cannot be played, so the turn passes")]
    NoLegalPlay,
}

fn incomplete_message(played: usize, needed: usize) -> String {
    let needed = match needed {
        1 => "one die".to_string(),
        2 => "both dice".to_string(),
        4 => "all four dice".to_string(),
        n => format!("{n} dice"),
    };
    format!("incomplete move: must use {needed}, but this uses {played}")
}

/// A point as written in the mover's numbering: `bar` (25), `off` (0) or its number.
#[must_use]
pub fn point_name(point: u8) -> String {
    match point {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        n => n.to_string(),
    }
}

/// The play as GNU Backgammon writes it, e.g. `8/5 6/5`, `24/18(2) 13/7(2)`, `24/18*/13`,
/// `bar/22*`, `6/off(2)` (see the module docs for the rules).
///
/// Two different legal plays of one position and roll always get different texts, and
/// [`parse_play`] reads the text back as the same play. A play without steps (which
/// the generators never give) is the empty string: callers show "no legal play" themselves.
#[must_use]
pub fn format_play(play: &Play) -> String {
    format_steps(&play.steps())
}

fn format_steps(steps: &[Step]) -> String {
    // The points where a blot was hit: the only points where the opponent stood before the
    // play and the mover landed.
    let hit_points: u32 = steps
        .iter()
        .filter(|s| s.hit)
        .fold(0, |mask, s| mask | 1 << s.to.number());
    let hit_at = |point: u8| point != 0 && hit_points & (1 << point) != 0;

    let mut moves: Vec<(u8, u8)> = steps
        .iter()
        .map(|s| (s.from.number(), s.to.number()))
        .collect();
    moves.sort_unstable_by(|a, b| b.cmp(a));

    // Join the steps of one checker, keeping the points in between where it hit.
    let mut used = vec![false; moves.len()];
    let mut paths: Vec<Vec<u8>> = Vec::with_capacity(moves.len());
    for i in 0..moves.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut path = vec![moves[i].0, moves[i].1];
        for j in i + 1..moves.len() {
            let last = path[path.len() - 1];
            if used[j] || moves[j].0 != last {
                continue;
            }
            used[j] = true;
            if hit_at(last) {
                path.push(moves[j].1);
            } else {
                let end = path.len() - 1;
                path[end] = moves[j].1;
            }
        }
        paths.push(path);
    }

    // The same move of several checkers is written once, with a count.
    let mut groups: Vec<(Vec<u8>, usize)> = Vec::with_capacity(paths.len());
    for path in paths {
        match groups.iter_mut().find(|(p, _)| *p == path) {
            Some((_, count)) => *count += 1,
            None => groups.push((path, 1)),
        }
    }

    let mut text = String::new();
    let mut starred: u32 = 0;
    for (path, count) in &groups {
        if !text.is_empty() {
            text.push(' ');
        }
        let Some((&last, rest)) = path.split_last() else {
            continue;
        };
        for (k, &point) in rest.iter().enumerate() {
            if k > 0 {
                text.push('/');
            }
            text.push_str(&point_name(point));
            if k > 0 {
                // Points in between are kept only where a blot was hit.
                text.push('*');
                starred |= 1 << point;
            }
        }
        text.push('/');
        text.push_str(&point_name(last));
        if hit_at(last) && starred & (1 << last) == 0 {
            text.push('*');
            starred |= 1 << last;
        }
        if *count > 1 {
            text.push_str(&format!("({count})"));
        }
    }
    text
}

/// The legal play of `dice` in `position` that `text` means, e.g. `8/5 6/5`, `6/5, 8/5`,
/// `24/13`, `bar/22*`, `B/22`, `6/OFF(2)`, `13-7 13-7` (see the module docs for what is
/// accepted and how a text is matched).
///
/// # Errors
/// * [`NotationError::NoLegalPlay`] when the roll cannot be played at all, whatever the text
///   (the caller passes the turn);
/// * [`NotationError::Empty`] for a text with no move;
/// * [`NotationError::Malformed`] for text that cannot be read, with the column;
/// * [`NotationError::Illegal`] when no legal play makes those moves, saying why when it can
///   (no checker there, a point the opponent holds, a distance the dice cannot make, ...);
/// * [`NotationError::Incomplete`] when the moves play fewer dice than the roll must;
/// * [`NotationError::Ambiguous`] when several legal plays fit the text.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Dice, Position, format_play, parse_play};
///
/// let dice = Dice::new(6, 5).unwrap();
/// let play = parse_play("24/13", &Position::START, dice).unwrap();
/// assert_eq!(format_play(&play), "24/13");
/// assert!(parse_play("24/12", &Position::START, dice).is_err());
/// ```
pub fn parse_play(text: &str, position: &Position, dice: Dice) -> Result<Play, NotationError> {
    parse_play_in(Variant::Backgammon, text, position, dice)
}

/// Like [`parse_play`], for a position of any rule set (in Plakoto a `*` marks a pin).
///
/// # Errors
/// [`NotationError`] saying why the text is not one legal play.
pub fn parse_play_in(
    variant: Variant,
    text: &str,
    position: &Position,
    dice: Dice,
) -> Result<Play, NotationError> {
    let plays = variant.legal_plays(position, dice);
    if plays.is_empty() {
        return Err(NotationError::NoLegalPlay);
    }
    let moves = read_moves(text)?;
    if moves.is_empty() {
        return Err(NotationError::Empty);
    }
    let board = position.board();

    // Points written as landing points: none may be held by the opponent, and each one that
    // holds a blot is hit there.
    let mut required_hits: u32 = 0;
    for m in &moves {
        for (k, &point) in m.points.iter().enumerate() {
            if !(1..=24).contains(&point) {
                continue;
            }
            let opponent = board[usize::from(point)];
            let pinned_mine = opponent < 0 && position.is_pinned(usize::from(point));
            let held = match variant {
                // A single checker holds a point.
                Variant::Fevga => opponent < 0,
                // So does one on top of a pinned checker of the mover's.
                Variant::Plakoto => opponent <= -2 || pinned_mine,
                _ => opponent <= -2,
            };
            if k > 0 && held {
                let why = match variant {
                    Variant::Fevga if opponent == -1 => {
                        " (in Fevga a single checker holds a point)"
                    }
                    Variant::Plakoto if pinned_mine => {
                        " (your checker lies pinned there: the point is the opponent's)"
                    }
                    _ => "",
                };
                return Err(illegal(format!(
                    "{}: the opponent holds {point}{why}",
                    m.written()
                )));
            }
            if opponent == -1 && k > 0 {
                required_hits |= 1 << point;
            }
        }
    }

    let start = mover_counts(position);
    let mut expected = start;
    for m in &moves {
        expected[usize::from(m.from())] -= i32::from(m.count);
        expected[usize::from(m.to())] += i32::from(m.count);
    }

    let candidates: Vec<&Play> = plays
        .iter()
        .filter(|p| mover_counts(p.position()) == expected)
        .collect();
    if candidates.is_empty() {
        return Err(diagnose(
            variant, text, &moves, position, dice, &plays, &expected,
        ));
    }
    choose(&candidates, board, required_hits)
}

/// Among plays that move the same checkers, the one the text's hits point to.
fn choose(candidates: &[&Play], board: &[i8; 26], required: u32) -> Result<Play, NotationError> {
    let hits = |play: &Play| -> u32 {
        let after = play.position().board();
        (1..=24usize)
            .filter(|&p| board[p] == -1 && after[p] != -1)
            .fold(0, |mask, p| mask | 1 << p)
    };
    if let Some(play) = candidates.iter().find(|p| hits(p) == required) {
        // Plays with the same checkers and the same hits have the same position: one at most.
        return Ok(**play);
    }
    let covering: Vec<&Play> = candidates
        .iter()
        .copied()
        .filter(|p| hits(p) & required == required)
        .collect();
    let pool = match covering.len() {
        1 => return Ok(*covering[0]),
        0 if candidates.len() == 1 => return Ok(*candidates[0]),
        0 => candidates.to_vec(),
        _ => covering,
    };
    let mut texts: Vec<String> = pool.iter().map(|p| format_play(p)).collect();
    texts.sort();
    Err(NotationError::Ambiguous(texts))
}

/// The mover's checkers: index 1-24 the points, 25 the bar, 0 borne off.
fn mover_counts(position: &Position) -> [i32; 26] {
    let mut counts = [0; 26];
    for (point, slot) in counts.iter_mut().enumerate().skip(1) {
        *slot = i32::from(position.mover_on(point));
    }
    counts[OPPONENT_BAR] = i32::from(position.mover_off());
    counts
}

fn illegal(reason: String) -> NotationError {
    NotationError::Illegal { reason }
}

/// Why no legal play matches the text's journeys, as precisely as can be found cheaply.
fn diagnose(
    variant: Variant,
    text: &str,
    moves: &[Written],
    position: &Position,
    dice: Dice,
    plays: &[Play],
    expected: &[i32; 26],
) -> NotationError {
    let found = pinned_mover(variant, moves, position)
        .or_else(|| missing_checkers(moves, position, expected))
        .or_else(|| entering_first(moves, position));
    if let Some(error) = found {
        return error;
    }
    let (dice_used, single_die_moves) = match dice_taken(moves, dice) {
        Ok(taken) => taken,
        Err(error) => return error,
    };
    // Bearing off with checkers outside.
    let bears_off = moves.iter().any(|m| m.to() == 0);
    if bears_off && (7..=25).any(|p| expected[p] > 0) {
        return illegal("cannot bear off while checkers are outside the home board".to_string());
    }
    if variant == Variant::Fevga
        && let Some(error) = fevga_whole_play(moves, position, expected)
    {
        return error;
    }
    let needed = plays.iter().map(Play::dice_used).max().unwrap_or(0);
    if dice_used < needed {
        return NotationError::Incomplete {
            played: dice_used,
            needed,
        };
    }
    // Only one die can be played: it must be the higher one when that is possible.
    if needed == 1 && !dice.is_double() && single_die_moves[usize::from(dice.low())] == 1 {
        let high_playable = plays.iter().any(|p| {
            p.steps().iter().any(|s| {
                let (from, to) = (s.from.number(), s.to.number());
                from - to == dice.high() || (to == 0 && from < dice.high())
            })
        });
        if high_playable {
            return illegal(format!(
                "only one die can be played, so it must be the higher one ({})",
                dice.high()
            ));
        }
    }
    illegal(format!(
        "no legal play of {dice} is {}",
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    ))
}

/// Plakoto: a move of a checker of the mover's that lies pinned (it cannot move).
fn pinned_mover(variant: Variant, moves: &[Written], position: &Position) -> Option<NotationError> {
    if variant != Variant::Plakoto {
        return None;
    }
    let m = moves.iter().find(|m| {
        let from = usize::from(m.from());
        from <= 24 && position.board()[from] < 0 && position.is_pinned(from)
    })?;
    Some(illegal(format!(
        "{}: your checker on {} is pinned and cannot move until the opponent's leave",
        m.written(),
        m.from()
    )))
}

/// Moves of checkers that are not there (`expected` below 0 somewhere).
fn missing_checkers(
    moves: &[Written],
    position: &Position,
    expected: &[i32; 26],
) -> Option<NotationError> {
    let point = (1..=25u8).rev().find(|&p| expected[usize::from(p)] < 0)?;
    let p = usize::from(point);
    let arriving: i32 = moves
        .iter()
        .filter(|m| m.to() == point)
        .map(|m| i32::from(m.count))
        .sum();
    let place = if p == BAR {
        "the bar".to_string()
    } else {
        point.to_string()
    };
    Some(illegal(if position.mover_on(p) == 0 && arriving == 0 {
        format!("no checker on {place}")
    } else {
        format!("not enough checkers on {place} for those moves")
    }))
}

/// Other checkers moved while some stay on the bar.
fn entering_first(moves: &[Written], position: &Position) -> Option<NotationError> {
    let entering: u32 = moves
        .iter()
        .filter(|m| m.from() == 25)
        .map(|m| u32::from(m.count))
        .sum();
    (u32::from(position.mover_bar()) > entering && moves.iter().any(|m| m.from() != 25))
        .then(|| illegal("checkers on the bar must enter first".to_string()))
}

/// The dice the moves take, and how many checkers each single-die distance moves; an error
/// for a distance the dice cannot make, or more moves than the roll gives.
fn dice_taken(moves: &[Written], dice: Dice) -> Result<(usize, [u32; 7]), NotationError> {
    let mut dice_used = 0usize;
    let mut single_die_moves = [0u32; 7];
    for m in moves {
        match dice_for(m.from(), m.to(), dice) {
            Some(n) => {
                dice_used += n * usize::from(m.count);
                let distance = m.from() - m.to();
                if n == 1 && m.to() != 0 {
                    single_die_moves[usize::from(distance)] += u32::from(m.count);
                }
            }
            None if m.to() == 0 => {
                return Err(illegal(format!(
                    "{}: the roll {dice} cannot bear a checker off from {}",
                    m.written(),
                    point_name(m.from())
                )));
            }
            None => {
                return Err(illegal(format!(
                    "{}: the roll {dice} cannot move a checker {} pips",
                    m.written(),
                    m.from() - m.to()
                )));
            }
        }
    }
    if dice_used > dice.moves() {
        return Err(illegal(format!(
            "too many moves: the roll {dice} gives {} moves, this needs {dice_used}",
            dice.moves()
        )));
    }
    if !dice.is_double() {
        for die in [dice.high(), dice.low()] {
            if single_die_moves[usize::from(die)] > 1 {
                return Err(illegal(format!("the roll {dice} has only one {die}")));
            }
        }
    }
    Ok((dice_used, single_die_moves))
}

/// Fevga's whole-play rules: the start rule and the own-quarter rule.
fn fevga_whole_play(
    moves: &[Written],
    position: &Position,
    expected: &[i32; 26],
) -> Option<NotationError> {
    let from_start: u32 = moves
        .iter()
        .filter(|m| m.from() == 24)
        .map(|m| u32::from(m.count))
        .sum();
    let passed = position.mover_off() > 0 || (1..=11).any(|p| position.board()[p] > 0);
    let passes = moves.iter().any(|m| m.to() <= 11);
    if from_start > 1 && position.board()[24] == 15 && !passed && !passes {
        return Some(illegal(
            "Fevga's start rule: only one checker may leave your 24-point until one has \
             passed the opponent's start (your 12-point)"
                .to_string(),
        ));
    }
    if from_start > 0 && position.board()[24] < 15 && !passed && !passes {
        return Some(illegal(
            "Fevga's start rule: a checker has left your 24-point and none has passed the \
             opponent's start (your 12-point) yet, so no other may leave"
                .to_string(),
        ));
    }
    (19..=24).all(|p| expected[p] > 0).then(|| {
        illegal(
            "Fevga's own-quarter rule: no play may end with your checkers on all six \
             points 19-24"
                .to_string(),
        )
    })
}

/// How many dice a checker needs to go from `from` to `to` (0: off) with `dice`, at least;
/// `None` when no number of them can.
fn dice_for(from: u8, to: u8, dice: Dice) -> Option<usize> {
    let distance = from.checked_sub(to)?;
    let (high, low) = (dice.high(), dice.low());
    if dice.is_double() {
        let n = if to == 0 {
            distance.div_ceil(high)
        } else if distance % high == 0 {
            distance / high
        } else {
            return None;
        };
        return (1..=4).contains(&n).then_some(usize::from(n));
    }
    if to == 0 {
        return match distance {
            d if d <= high => Some(1),
            d if d <= high + low => Some(2),
            _ => None,
        };
    }
    match distance {
        d if d == high || d == low => Some(1),
        d if d == high + low => Some(2),
        _ => None,
    }
}

/// One move as written: a chain of points, and how many checkers make it.
#[derive(Debug, Clone)]
struct Written {
    /// The points in order: the start (25: bar), any points on the way, the end (0: off).
    points: Vec<u8>,
    /// Column of each point.
    columns: Vec<usize>,
    /// The repeat count, 1 when none was written.
    count: u8,
}

impl Written {
    fn from(&self) -> u8 {
        self.points.first().copied().unwrap_or(0)
    }

    fn to(&self) -> u8 {
        self.points.last().copied().unwrap_or(0)
    }

    /// The move written back, for messages.
    fn written(&self) -> String {
        let points: Vec<String> = self.points.iter().map(|&p| point_name(p)).collect();
        points.join("/")
    }
}

#[derive(Debug, Clone, Copy)]
enum Token {
    Point(u8),
    Slash,
    Star,
    Count(u8),
}

fn malformed(at: usize, reason: impl Into<String>) -> NotationError {
    NotationError::Malformed {
        at,
        reason: reason.into(),
    }
}

/// Splits the text into tokens, each with its column (1-based).
fn lex(text: &str) -> Result<Vec<(Token, usize)>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let column = i + 1;
        match c {
            c if c.is_whitespace() || c == ',' => i += 1,
            '/' | '-' => {
                tokens.push((Token::Slash, column));
                i += 1;
            }
            '*' => {
                tokens.push((Token::Star, column));
                i += 1;
            }
            '0'..='9' => {
                let digits = take_while(&chars, &mut i, |c| c.is_ascii_digit());
                let point = digits
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n <= 25)
                    .ok_or_else(|| {
                        malformed(
                            column,
                            format!(
                                "{digits} is not a point: points are 1-24, bar (25) and off (0)"
                            ),
                        )
                    })?;
                tokens.push((Token::Point(point), column));
            }
            c if c.is_ascii_alphabetic() => {
                let word = take_while(&chars, &mut i, |c| c.is_ascii_alphabetic());
                let point = match word.to_ascii_lowercase().as_str() {
                    "b" | "bar" => 25,
                    "o" | "off" => 0,
                    _ => {
                        return Err(malformed(
                            column,
                            format!("unknown word {word:?}: write points as numbers, bar or off"),
                        ));
                    }
                };
                tokens.push((Token::Point(point), column));
            }
            '(' => {
                i += 1;
                let digits = take_while(&chars, &mut i, |c| c.is_ascii_digit());
                let count = digits.parse::<u8>().ok().filter(|n| (1..=4).contains(n));
                match (count, chars.get(i)) {
                    (Some(n), Some(')')) => {
                        tokens.push((Token::Count(n), column));
                        i += 1;
                    }
                    (None, _) => {
                        return Err(malformed(
                            column,
                            "a repeat count is 1 to 4 in brackets, such as (2)",
                        ));
                    }
                    (Some(_), _) => {
                        return Err(malformed(column, "the repeat count lacks its ')'"));
                    }
                }
            }
            other => {
                return Err(malformed(column, format!("unexpected {other:?}")));
            }
        }
    }
    Ok(tokens)
}

fn take_while(chars: &[char], i: &mut usize, keep: impl Fn(char) -> bool) -> String {
    let start = *i;
    while chars.get(*i).is_some_and(|&c| keep(c)) {
        *i += 1;
    }
    chars[start..*i].iter().collect()
}

/// Reads the moves of a text: checks its form, not the position.
fn read_moves(text: &str) -> Result<Vec<Written>, NotationError> {
    let mut moves: Vec<Written> = Vec::new();
    let mut current: Option<Written> = None;
    // The column of a '/' still waiting for its point.
    let mut open_slash: Option<usize> = None;
    let mut counted = false;
    let mut journeys: u32 = 0;
    for (token, column) in lex(text)? {
        match token {
            Token::Point(point) => {
                if let (Some(m), Some(_)) = (current.as_mut(), open_slash) {
                    m.points.push(point);
                    m.columns.push(column);
                    open_slash = None;
                } else {
                    if let Some(m) = current.take() {
                        journeys += u32::from(m.count);
                        moves.push(finish(m)?);
                    }
                    current = Some(Written {
                        points: vec![point],
                        columns: vec![column],
                        count: 1,
                    });
                    counted = false;
                }
            }
            Token::Slash => {
                if current.is_none() || open_slash.is_some() {
                    return Err(malformed(column, "'/' must follow a point"));
                }
                if counted {
                    return Err(malformed(column, "a repeat count ends its move"));
                }
                open_slash = Some(column);
            }
            Token::Star => {
                // Stars need no recording: every point written after a '/' is a landing
                // point, and a blot there is hit whether it is starred or not.
                if current.is_none() || open_slash.is_some() || counted {
                    return Err(malformed(column, "'*' must follow a point"));
                }
            }
            Token::Count(n) => match current.as_mut() {
                Some(m) if open_slash.is_none() && m.points.len() >= 2 && !counted => {
                    m.count = n;
                    counted = true;
                }
                Some(_) if counted => {
                    return Err(malformed(column, "a move has one repeat count at most"));
                }
                _ => {
                    return Err(malformed(
                        column,
                        "a repeat count must follow a move, as in 8/5(2)",
                    ));
                }
            },
        }
        if journeys > MAX_JOURNEYS {
            return Err(illegal(
                "too many moves: a roll moves checkers four times at most".to_string(),
            ));
        }
    }
    if let Some(column) = open_slash {
        return Err(malformed(column, "'/' must be followed by a point"));
    }
    if let Some(m) = current.take() {
        journeys += u32::from(m.count);
        moves.push(finish(m)?);
    }
    if journeys > MAX_JOURNEYS {
        return Err(illegal(
            "too many moves: a roll moves checkers four times at most".to_string(),
        ));
    }
    Ok(moves)
}

/// Checks a complete written move: a start and an end, bar only first, off only last,
/// points going down.
fn finish(m: Written) -> Result<Written, NotationError> {
    let last = m.points.len() - 1;
    if last == 0 {
        return Err(malformed(
            m.columns[0],
            format!(
                "{} needs a '/' and a destination, as in 8/5",
                point_name(m.points[0])
            ),
        ));
    }
    for (k, (&point, &column)) in m.points.iter().zip(&m.columns).enumerate() {
        if k == 0 && point == 0 {
            return Err(malformed(column, "a move cannot start from off"));
        }
        if k > 0 && point == 25 {
            return Err(malformed(column, "a checker cannot move to the bar"));
        }
        if k < last && point == 0 {
            return Err(malformed(column, "off must end a move"));
        }
    }
    for pair in m.points.windows(2) {
        if pair[0] <= pair[1] {
            return Err(illegal(format!(
                "{}/{} does not move forward: checkers move from higher points to lower ones",
                point_name(pair[0]),
                point_name(pair[1])
            )));
        }
    }
    Ok(m)
}
