//! eXtreme Gammon's position string, the XGID: a backgammon position with the cube, the
//! turn, the dice, the score and the match length, as `XGID=` and ten fields joined by `:`.
//!
//! ```text
//! XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10
//!      position                   | | | |  | | | | max cube (log2)
//!                                 | | | |  | | | match length (0: money)
//!                                 | | | |  | | Crawford game (match), or Jacoby + 2 beaver (money)
//!                                 | | | |  | score of O (top)
//!                                 | | | |  score of X (bottom)
//!                                 | | | dice: "00" to roll, "D" doubled, or the two dice rolled
//!                                 | | turn: 1 X on roll, -1 O on roll
//!                                 | cube owner: 1 X, -1 O, 0 centred
//!                                 cube value (log2)
//! ```
//!
//! The position is 26 characters, always from the bottom player's (X's) side: character 0
//! is O's bar, 1-24 X's points 1-24, 25 X's bar; `-` is an empty point, `A`-`O` one to
//! fifteen of X's checkers, `a`-`o` of O's.
//!
//! As GNU Backgammon's `set xgid` does, the player on roll becomes player 1 of the Match ID
//! ([`Side::Black`]) and the other player 0 ([`Side::White`]), whichever of X and O it is,
//! so an XGID and GNU Backgammon's IDs for it agree. Writing, bg-tui puts the player on roll
//! at the bottom (X, turn 1). With the dice `D`, the player on roll has doubled and the other
//! must take or pass (GNU Backgammon reads `D` as no dice and no double). Reading checks
//! every field, the position (15 checkers a side at most, both sides never on one point) and
//! the match state (the Crawford game has no cube, scores below the match length) before
//! anything is built, and says what was wrong and where in an [`XgidError`].

use super::dice::Dice;
use super::ids::{GameStateCode, MatchIdError, MatchIdFields};
use super::position::{CHECKERS, Position, PositionError};
use super::side::Side;

/// What an XGID holds: the position from the view of the player on roll, the match state
/// (in the terms of GNU Backgammon's Match ID), and what only XGID says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Xgid {
    /// The position, seen from the player on roll.
    pub position: Position,
    /// Cube, turn, dice, score, match length, Crawford and Jacoby.
    pub fields: MatchIdFields,
    /// Beavers are allowed (money play).
    pub beaver: bool,
    /// log2 of the highest value the cube may reach.
    pub max_cube_log: u8,
}

/// Why text is not an XGID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XgidError {
    /// Not ten (or nine, without the cube limit) fields.
    #[error("an XGID has 10 fields separated by ':', not {0}")]
    FieldCount(usize),
    /// The position field is not 26 characters.
    #[error("the position of an XGID is 26 characters, not {0}")]
    PositionLength(usize),
    /// A character of the position that is not `-`, `A`-`O` or `a`-`o`.
    #[error("character {index} of the position is {ch:?}, not '-', 'A'-'O' or 'a'-'o'")]
    BadChecker {
        /// Where, from 0.
        index: usize,
        /// The character.
        ch: char,
    },
    /// A side's checker on the other side's bar.
    #[error("character {index} is a bar, and holds the other side's checkers")]
    WrongBar {
        /// 0 (O's bar) or 25 (X's bar).
        index: usize,
    },
    /// A field that is not a number in its range.
    #[error("field {field} ({name}) is {text:?}, not {expected}")]
    BadField {
        /// Which field, from 1.
        field: usize,
        /// Its name.
        name: &'static str,
        /// The text, cut short.
        text: String,
        /// What it takes.
        expected: &'static str,
    },
    /// The checkers do not make a position.
    #[error("the checkers are not a position: {0}")]
    Position(#[from] PositionError),
    /// The match state cannot be.
    #[error("the match state cannot be: {0}")]
    Match(#[from] MatchIdError),
    /// A cube turned in the Crawford game.
    #[error("the Crawford game is played without the cube, but the cube is at {0}")]
    CubeInCrawford(u32),
}

/// The first field's prefix, which may be left out.
const PREFIX: &str = "XGID=";

/// Reads an XGID (with or without the `XGID=` prefix).
///
/// # Errors
/// [`XgidError`] naming the first field or character that is wrong.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Position, Side, parse_xgid};
///
/// let x = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10").unwrap();
/// assert_eq!(x.position, Position::START);
/// assert_eq!(x.fields.on_roll, Side::Black);
/// assert_eq!(x.fields.match_length, 7);
/// ```
pub fn parse_xgid(text: &str) -> Result<Xgid, XgidError> {
    let text = text.trim();
    let text = text.strip_prefix(PREFIX).unwrap_or(text);
    let fields: Vec<&str> = text.split(':').collect();
    if !(9..=10).contains(&fields.len()) {
        return Err(XgidError::FieldCount(fields.len()));
    }
    let number = |i: usize, name: &'static str, expected: &'static str, range: (i64, i64)| {
        fields[i]
            .parse::<i64>()
            .ok()
            .filter(|n| (range.0..=range.1).contains(n))
            .ok_or_else(|| XgidError::BadField {
                field: i + 1,
                name,
                text: fields[i].chars().take(20).collect(),
                expected,
            })
    };
    let cube_log = number(1, "cube", "0-15", (0, 15))? as u8;
    let owner = number(2, "cube owner", "-1, 0 or 1", (-1, 1))?;
    // X is 1, O is -1; the player on roll becomes Black, the other White.
    let turn = number(3, "turn", "1 or -1", (-1, 1))?;
    let side_of = |player: i64| {
        if player == turn {
            Side::Black
        } else {
            Side::White
        }
    };
    let cube_owner = (owner != 0).then(|| side_of(owner));
    let x_to_move = match turn {
        1 => true,
        -1 => false,
        _ => {
            return Err(XgidError::BadField {
                field: 4,
                name: "turn",
                text: "0".to_string(),
                expected: "1 or -1",
            });
        }
    };
    let (dice, doubled) = dice_field(fields[4])?;
    let score_x = number(5, "score of X", "a score 0-9999", (0, 9999))? as u32;
    let score_o = number(6, "score of O", "a score 0-9999", (0, 9999))? as u32;
    let rules = number(7, "Crawford or Jacoby and beaver", "0-3", (0, 3))?;
    let match_length = number(8, "match length", "0-64", (0, 64))? as u32;
    let max_cube_log = if fields.len() == 10 {
        number(9, "max cube", "0-15", (0, 15))? as u8
    } else {
        10
    };
    let in_match = match_length > 0;
    if in_match {
        scores_below(match_length, score_x, score_o)?;
    }
    let position = read_board(fields[0], x_to_move)?;
    let on_roll = Side::Black;
    let mut score = [0; 2];
    score[side_of(1).index()] = score_x;
    score[side_of(-1).index()] = score_o;
    let fields = MatchIdFields {
        cube_log,
        cube_owner,
        on_roll,
        crawford: in_match && rules & 1 == 1,
        game_state: GameStateCode::Playing,
        turn: if doubled { on_roll.opponent() } else { on_roll },
        doubled,
        resigned: 0,
        dice,
        match_length,
        score,
        jacoby: !in_match && rules & 1 == 1,
    };
    fields.validate()?;
    if fields.crawford && cube_log > 0 {
        return Err(XgidError::CubeInCrawford(fields.cube_value()));
    }
    Ok(Xgid {
        position,
        fields,
        beaver: !in_match && rules & 2 == 2,
        max_cube_log,
    })
}

/// Field 5, the dice: `00` to roll, `D` doubled and waiting for the answer, or the two
/// dice; with whether a double waits.
fn dice_field(text: &str) -> Result<(Option<Dice>, bool), XgidError> {
    match text {
        "00" => Ok((None, false)),
        "D" => Ok((None, true)),
        d => match d.as_bytes() {
            &[a @ b'1'..=b'6', b @ b'1'..=b'6'] => Ok((Dice::new(a - b'0', b - b'0').ok(), false)),
            _ => Err(XgidError::BadField {
                field: 5,
                name: "dice",
                text: d.chars().take(20).collect(),
                expected: "00, D or two dice 1-6",
            }),
        },
    }
}

/// Fields 6 and 7, the scores of X and O, below the match length.
fn scores_below(match_length: u32, score_x: u32, score_o: u32) -> Result<(), XgidError> {
    for (i, (name, score)) in [("score of X", score_x), ("score of O", score_o)]
        .into_iter()
        .enumerate()
    {
        if score >= match_length {
            return Err(XgidError::BadField {
                field: 6 + i,
                name,
                text: score.to_string(),
                expected: "below the match length",
            });
        }
    }
    Ok(())
}

/// The position field, read from X's side and turned to the view of the player on roll (X
/// when `x_to_move`).
fn read_board(text: &str, x_to_move: bool) -> Result<Position, XgidError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 26 {
        return Err(XgidError::PositionLength(chars.len()));
    }
    // X's checkers (positive) and O's (negative) on each character's slot.
    let mut slots = [0i8; 26];
    for (index, &ch) in chars.iter().enumerate() {
        slots[index] = match ch {
            '-' => 0,
            'A'..='O' => (ch as u8 - b'A' + 1) as i8,
            'a'..='o' => -((ch as u8 - b'a' + 1) as i8),
            _ => return Err(XgidError::BadChecker { index, ch }),
        };
    }
    if slots[0] > 0 {
        return Err(XgidError::WrongBar { index: 0 });
    }
    if slots[25] < 0 {
        return Err(XgidError::WrongBar { index: 25 });
    }
    // X on roll: the slots are its board as they stand. O on roll: its point p is X's
    // 25 - p; its bar is slot 0, X's is slot 25.
    let board = if x_to_move { slots } else { turned(&slots) };
    let counts = |sign: i8| -> i32 {
        board
            .iter()
            .filter(|&&n| n.signum() == sign)
            .map(|&n| i32::from(n.abs()))
            .sum()
    };
    for sign in [1, -1] {
        if counts(sign) > i32::from(CHECKERS) {
            return Err(XgidError::Position(PositionError::TooManyCheckers {
                side: if sign == 1 {
                    "the player on roll"
                } else {
                    "the opponent"
                },
                count: counts(sign) as u32,
            }));
        }
    }
    Ok(Position::from_board(board)?)
}

/// A board seen from the other side: point p is the other's 25 - p, the bars swap, the signs
/// turn.
fn turned(board: &[i8; 26]) -> [i8; 26] {
    let mut out = [0i8; 26];
    for (p, slot) in out.iter_mut().enumerate() {
        *slot = -board[25 - p];
    }
    out
}

/// The XGID of `position` (seen from the player on roll, `fields.on_roll`, who is written
/// as X at the bottom) with the match state `fields`, beavers allowed or not, and a cube
/// limit of `2^max_cube_log`.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Position, parse_xgid, xgid};
///
/// let x = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10").unwrap();
/// assert_eq!(
///     xgid(&Position::START, &x.fields, false, 10),
///     "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10"
/// );
/// ```
#[must_use]
pub fn xgid(position: &Position, fields: &MatchIdFields, beaver: bool, max_cube_log: u8) -> String {
    // The player on roll is X: the board as it stands.
    let slots = position.board();
    let text: String = slots
        .iter()
        .map(|&n| match n {
            0 => '-',
            n if n > 0 => char::from(b'A' + n.unsigned_abs().min(26) - 1),
            n => char::from(b'a' + n.unsigned_abs().min(26) - 1),
        })
        .collect();
    let me = fields.on_roll;
    let side = |s: Option<Side>| match s {
        Some(s) if s == me => 1,
        Some(_) => -1,
        None => 0,
    };
    let dice = match (fields.doubled, fields.dice) {
        (true, _) => "D".to_string(),
        (false, Some(d)) => format!("{}{}", d.first(), d.second()),
        (false, None) => "00".to_string(),
    };
    let rules = if fields.match_length > 0 {
        u8::from(fields.crawford)
    } else {
        u8::from(fields.jacoby) + 2 * u8::from(beaver)
    };
    format!(
        "{PREFIX}{text}:{}:{}:1:{dice}:{}:{}:{rules}:{}:{max_cube_log}",
        fields.cube_log,
        side(fields.cube_owner),
        fields.score[me.index()],
        fields.score[me.opponent().index()],
        fields.match_length,
    )
}
