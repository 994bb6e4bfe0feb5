//! GNU Backgammon Position ID and Match ID.
//!
//! Both are written bit for bit as GNU Backgammon 1.07 writes them (`positionid.c`:
//! `oldPositionKey`, `oldPositionIDFromKey`, `PositionFromID`, `oldPositionFromKey`,
//! `CheckPosition`; `matchid.c`: `MatchID`, `MatchIDFromKey`, `MatchFromID`, `MatchFromKey`).
//!
//! * A **Position ID** is an 80-bit key in 14 base64 characters. For each player, first the one
//!   *not* on roll and then the one on roll, and for each of its points 1 to 24 in its own
//!   numbering and then its bar, the key holds as many 1 bits as there are checkers followed by
//!   a 0 bit. Bits fill the 10 bytes least-significant bit first.
//! * A **Match ID** is a 72-bit key in 12 base64 characters; see [`MatchIdFields`] for the
//!   fields and their bit positions.
//!
//! The base64 is the standard alphabet (`A-Z a-z 0-9 + /`) over the key's bytes, without
//! padding.

use super::dice::Dice;
use super::position::{CHECKERS, Position};
use super::side::Side;

/// Characters in a Position ID.
pub const POSITION_ID_LEN: usize = 14;

/// Characters in a Match ID.
pub const MATCH_ID_LEN: usize = 12;

/// The longest match GNU Backgammon reads from a Match ID (its `MAXSCORE`).
pub const MAX_MATCH_LENGTH: u32 = 64;

/// Bytes in a position key.
const POSITION_KEY_BYTES: usize = 10;

/// Bytes in a match key.
const MATCH_KEY_BYTES: usize = 9;

/// The 25 slots (points 1-24, then the bar) of each of the two players in a position key.
const SLOTS: usize = 25;

/// The largest value of a 15-bit Match ID field (match length and scores).
const FIELD15_MAX: u32 = 0x7FFF;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a string is not a Position ID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionIdError {
    /// The ID (after trimming surrounding whitespace) was not 14 characters long.
    #[error("a position id has 14 characters, not {0}")]
    WrongLength(usize),
    /// A character outside the base64 alphabet.
    #[error("character {ch:?} at index {index} is not base64 (A-Z, a-z, 0-9, + or /)")]
    NotBase64 {
        /// Index of the character in the trimmed ID (in characters, from 0).
        index: usize,
        /// The offending character.
        ch: char,
    },
    /// The key ran out of bits before all 50 points and bars of both players were read.
    #[error("the key runs out of bits before both sides' points and bars are complete")]
    OutOfBits,
    /// The key holds 1 bits after both players' points and bars are complete.
    #[error("the key has checkers after both sides' points and bars are complete")]
    TrailingCheckers,
    /// One side has more than 15 checkers.
    #[error("{side} has {count} checkers; a side has at most 15")]
    TooManyCheckers {
        /// "the player on roll" or "the opponent".
        side: &'static str,
        /// How many checkers the key gives that side.
        count: u32,
    },
    /// Both sides have checkers on the same point.
    #[error("both sides have checkers on point {point} (numbered for the player on roll)")]
    BothOnPoint {
        /// The point, 1-24 in the numbering of the player on roll.
        point: u8,
    },
    /// Both sides are on the bar and both home boards are closed: nobody could ever move.
    /// GNU Backgammon rejects this too.
    #[error("both sides have checkers on the bar against closed home boards")]
    BothOnBarAgainstClosedBoards,
}

/// Why a string or a set of fields is not a Match ID.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchIdError {
    /// The ID (after trimming surrounding whitespace) was not 12 characters long.
    #[error("a match id has 12 characters, not {0}")]
    WrongLength(usize),
    /// A character outside the base64 alphabet.
    #[error("character {ch:?} at index {index} is not base64 (A-Z, a-z, 0-9, + or /)")]
    NotBase64 {
        /// Index of the character in the trimmed ID (in characters, from 0).
        index: usize,
        /// The offending character.
        ch: char,
    },
    /// The cube's log2 does not fit the 4-bit field.
    #[error("the cube value is 2 to the power {0}; the power is at most 15")]
    CubeLogTooLarge(u8),
    /// The cube-owner field held 2 (only 0, 1 and 3 = centred are written).
    #[error("the cube owner field is {0}; it is 0, 1 or 3 (centred)")]
    BadCubeOwner(u8),
    /// The game-state field was not 0-4.
    #[error("the game state field is {0}; it is 0 to 4")]
    BadGameState(u8),
    /// The resignation field was not 0-3.
    #[error("a resignation is 0 (none), 1, 2 or 3 points, not {0}")]
    BadResignation(u8),
    /// A die field was 7.
    #[error("a die is 0 (not rolled) or 1 to 6, not {0}")]
    BadDie(u8),
    /// One die was rolled and the other was not.
    #[error("one die is rolled ({0}) and the other is not")]
    OneDieRolled(u8),
    /// The match is longer than GNU Backgammon plays.
    #[error("a match is at most 64 points, not {0}")]
    MatchTooLong(u32),
    /// A score above the match length (or, in money play, above the 15-bit field).
    #[error("the score of {player} is {score}, above the limit of {limit}")]
    ScoreTooHigh {
        /// Whose score.
        player: Side,
        /// The score.
        score: u32,
        /// The match length, or 32767 in money play.
        limit: u32,
    },
    /// The Crawford flag set in money play.
    #[error("money play (match length 0) has no crawford game")]
    CrawfordInMoneyPlay,
}

/// The state of the game, GNU Backgammon's `gamestate` (the Match ID's 3-bit field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStateCode {
    /// 0: no game started.
    NoGame,
    /// 1: a game is being played.
    Playing,
    /// 2: the game is over.
    Over,
    /// 3: the game ended by a resignation.
    Resigned,
    /// 4: the game ended by a dropped double.
    Dropped,
}

impl GameStateCode {
    /// The value written to the Match ID (0-4).
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            GameStateCode::NoGame => 0,
            GameStateCode::Playing => 1,
            GameStateCode::Over => 2,
            GameStateCode::Resigned => 3,
            GameStateCode::Dropped => 4,
        }
    }

    /// The state written as `code`, or `None` for anything but 0-4.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<GameStateCode> {
        match code {
            0 => Some(GameStateCode::NoGame),
            1 => Some(GameStateCode::Playing),
            2 => Some(GameStateCode::Over),
            3 => Some(GameStateCode::Resigned),
            4 => Some(GameStateCode::Dropped),
            _ => None,
        }
    }
}

/// The fields of a Match ID, as GNU Backgammon's `MatchID` writes them.
///
/// Bit positions in the 72-bit key (least-significant bit first within each byte and field):
/// cube log 0-3, cube owner 4-5, player on roll 6, Crawford 7, game state 8-10, turn 11,
/// double offered 12, resignation 13-14, die 1 15-17, die 2 18-20, match length 21-35,
/// player 0's score 36-50, player 1's score 51-65, *no* Jacoby 66; bits 67-71 are zero.
///
/// Player 0 is [`Side::White`], player 1 [`Side::Black`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchIdFields {
    /// log2 of the cube value: 0 for a cube at 1, 1 for 2, 6 for 64 (at most 15).
    pub cube_log: u8,
    /// Who owns the cube; `None` when it is centred (written as 3).
    pub cube_owner: Option<Side>,
    /// The player on roll, who owns the dice (gnubg's `fMove`).
    pub on_roll: Side,
    /// This is the Crawford game.
    pub crawford: bool,
    /// The state of the game.
    pub game_state: GameStateCode,
    /// The player who must make the next decision (gnubg's `fTurn`): the player on roll,
    /// or their opponent when a double or a resignation awaits an answer.
    pub turn: Side,
    /// A double has been offered and not yet answered.
    pub doubled: bool,
    /// A resignation offered and not yet answered: 0 none, 1 single game, 2 gammon,
    /// 3 backgammon.
    pub resigned: u8,
    /// The dice rolled, or `None` before the roll. GNU Backgammon writes the higher die first;
    /// so does [`match_id`], and [`match_id_fields`] returns them in the order written.
    pub dice: Option<Dice>,
    /// Points to win the match (at most 64); 0 for money play.
    pub match_length: u32,
    /// The scores: `score[0]` for player 0 ([`Side::White`]), `score[1]` for player 1
    /// ([`Side::Black`]); see [`Side::index`].
    pub score: [u32; 2],
    /// The Jacoby rule is in use. The key stores the negation in bit 66 (gnubg writes
    /// `!fJacoby`), so IDs from versions without the bit read as Jacoby in use.
    pub jacoby: bool,
}

impl MatchIdFields {
    /// A money game with White on roll, the cube at 1 in the centre, before the roll, no
    /// Jacoby rule: what a Position ID alone stands for.
    #[must_use]
    pub const fn money_on_roll() -> MatchIdFields {
        MatchIdFields {
            cube_log: 0,
            cube_owner: None,
            on_roll: Side::White,
            crawford: false,
            game_state: GameStateCode::Playing,
            turn: Side::White,
            doubled: false,
            resigned: 0,
            dice: None,
            match_length: 0,
            score: [0, 0],
            jacoby: false,
        }
    }

    /// The cube value, `2^cube_log` (saturating at `u32::MAX` for logs of 32 and more).
    #[must_use]
    pub fn cube_value(&self) -> u32 {
        1u32.checked_shl(u32::from(self.cube_log))
            .unwrap_or(u32::MAX)
    }

    /// Checks that every field fits its bits and agrees with what GNU Backgammon accepts when
    /// it reads a Match ID.
    ///
    /// # Errors
    /// [`MatchIdError`] naming the first field out of range.
    pub fn validate(&self) -> Result<(), MatchIdError> {
        if self.cube_log > 15 {
            return Err(MatchIdError::CubeLogTooLarge(self.cube_log));
        }
        if self.resigned > 3 {
            return Err(MatchIdError::BadResignation(self.resigned));
        }
        if self.match_length > MAX_MATCH_LENGTH {
            return Err(MatchIdError::MatchTooLong(self.match_length));
        }
        let limit = if self.match_length == 0 {
            FIELD15_MAX
        } else {
            self.match_length
        };
        for player in [Side::White, Side::Black] {
            let score = self.score[player.index()];
            if score > limit {
                return Err(MatchIdError::ScoreTooHigh {
                    player,
                    score,
                    limit,
                });
            }
        }
        if self.match_length == 0 && self.crawford {
            return Err(MatchIdError::CrawfordInMoneyPlay);
        }
        Ok(())
    }
}

/// The Position ID of `p` (14 characters), with `p`'s mover as the player on roll.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Position, position_from_id, position_id};
///
/// assert_eq!(position_id(&Position::START), "4HPwATDgc/ABMA");
/// assert_eq!(position_from_id("4HPwATDgc/ABMA"), Ok(Position::START));
/// assert!(position_from_id("4HPwATDgc/ABM").is_err());
/// ```
#[must_use]
pub fn position_id(p: &Position) -> String {
    let mut key: u128 = 0;
    let mut bit = 0u32;
    let opponent = (1..=SLOTS).map(|slot| p.opponent_on(slot));
    let mover = (1..=SLOTS).map(|slot| p.mover_on(slot));
    for count in opponent.chain(mover) {
        for _ in 0..count {
            key |= 1 << bit;
            bit += 1;
        }
        bit += 1;
    }
    let bytes = key.to_le_bytes();
    encode_base64(&bytes[..POSITION_KEY_BYTES])
}

/// Reads a Position ID (surrounding whitespace allowed) into the position it describes, seen
/// from the player on roll.
///
/// Like GNU Backgammon, the 4 bits of the last character beyond the 80-bit key are ignored.
///
/// # Errors
/// [`PositionIdError`] when the ID has the wrong length, a character outside base64, a key
/// that runs out of bits or has checkers beyond both sides, more than 15 checkers on a side,
/// both sides on one point, or both sides on the bar against closed boards.
pub fn position_from_id(id: &str) -> Result<Position, PositionIdError> {
    let values = base64_values::<POSITION_ID_LEN>(id).map_err(|e| match e {
        Base64Error::WrongLength(n) => PositionIdError::WrongLength(n),
        Base64Error::NotBase64 { index, ch } => PositionIdError::NotBase64 { index, ch },
    })?;
    let bytes = decode_base64::<POSITION_KEY_BYTES>(&values);

    // counts[0] is the player not on roll, counts[1] the player on roll; slot 0-23 are
    // points 1-24 in that player's numbering, slot 24 the bar.
    let mut counts = [[0u32; SLOTS]; 2];
    let mut player = 0usize;
    let mut slot = 0usize;
    for bit in 0..POSITION_KEY_BYTES * 8 {
        let set = bytes[bit / 8] >> (bit % 8) & 1 == 1;
        if player == 2 {
            if set {
                return Err(PositionIdError::TrailingCheckers);
            }
            continue;
        }
        if set {
            counts[player][slot] += 1;
        } else {
            slot += 1;
            if slot == SLOTS {
                slot = 0;
                player += 1;
            }
        }
    }
    if player < 2 {
        return Err(PositionIdError::OutOfBits);
    }

    let [opponent, mover] = counts;
    for (counts, side) in [(&mover, "the player on roll"), (&opponent, "the opponent")] {
        let count: u32 = counts.iter().sum();
        if count > u32::from(CHECKERS) {
            return Err(PositionIdError::TooManyCheckers { side, count });
        }
    }
    // Both counts are now at most 15 per side, so every slot fits a u8.
    let to_sides = |counts: &[u32; SLOTS]| {
        let mut sides = [0u8; 26];
        for (dst, &n) in sides[1..].iter_mut().zip(counts) {
            *dst = u8::try_from(n).unwrap_or(u8::MAX);
        }
        sides
    };
    let mover = to_sides(&mover);
    let opponent = to_sides(&opponent);
    for point in 1..=24 {
        if mover[point] > 0 && opponent[25 - point] > 0 {
            return Err(PositionIdError::BothOnPoint { point: point as u8 });
        }
    }
    let closed = |side: &[u8; 26]| (1..=6).all(|p| side[p] >= 2);
    if mover[25] > 0 && opponent[25] > 0 && closed(&mover) && closed(&opponent) {
        return Err(PositionIdError::BothOnBarAgainstClosedBoards);
    }
    Position::from_sides(&mover, &opponent).map_err(|e| match e {
        super::position::SidesError::BothOnPoint(point) => PositionIdError::BothOnPoint { point },
        super::position::SidesError::TooMany => PositionIdError::TooManyCheckers {
            side: "a side",
            count: u32::from(CHECKERS) + 1,
        },
    })
}

/// The Match ID of `f` (12 characters).
///
/// Never fails: like GNU Backgammon it keeps only the low bits of a field too large for its
/// place in the key. Use [`try_match_id`] to refuse such fields, or
/// [`MatchIdFields::validate`] to check them.
#[must_use]
pub fn match_id(f: &MatchIdFields) -> String {
    let mut key: u128 = 0;
    let mut put = |pos: u32, bits: u32, value: u32| {
        let mask = (1u32 << bits) - 1;
        key |= u128::from(value & mask) << pos;
    };
    put(0, 4, u32::from(f.cube_log));
    put(
        4,
        2,
        match f.cube_owner {
            Some(side) => side.index() as u32,
            None => 3,
        },
    );
    put(6, 1, f.on_roll.index() as u32);
    put(7, 1, u32::from(f.crawford));
    put(8, 3, u32::from(f.game_state.code()));
    put(11, 1, f.turn.index() as u32);
    put(12, 1, u32::from(f.doubled));
    put(13, 2, u32::from(f.resigned));
    let (high, low) = f.dice.map_or((0, 0), |d| (d.high(), d.low()));
    put(15, 3, u32::from(high));
    put(18, 3, u32::from(low));
    put(21, 15, f.match_length);
    put(36, 15, f.score[0]);
    put(51, 15, f.score[1]);
    put(66, 1, u32::from(!f.jacoby));
    let bytes = key.to_le_bytes();
    encode_base64(&bytes[..MATCH_KEY_BYTES])
}

/// The Match ID of `f`, refusing fields that do not fit.
///
/// # Errors
/// The [`MatchIdError`] from [`MatchIdFields::validate`].
pub fn try_match_id(f: &MatchIdFields) -> Result<String, MatchIdError> {
    f.validate()?;
    Ok(match_id(f))
}

/// Reads a Match ID (surrounding whitespace allowed) into its fields.
///
/// Like GNU Backgammon, the unused bits 67-71 are ignored, and the dice are returned in the
/// order written (GNU Backgammon writes the higher first).
///
/// # Errors
/// [`MatchIdError`] when the ID has the wrong length, a character outside base64, or a field
/// out of range: cube owner 2, game state 5-7, a die of 7, one die rolled without the other,
/// a match over 64 points, a score above the match length, or Crawford in money play.
pub fn match_id_fields(id: &str) -> Result<MatchIdFields, MatchIdError> {
    let values = base64_values::<MATCH_ID_LEN>(id).map_err(|e| match e {
        Base64Error::WrongLength(n) => MatchIdError::WrongLength(n),
        Base64Error::NotBase64 { index, ch } => MatchIdError::NotBase64 { index, ch },
    })?;
    let bytes = decode_base64::<MATCH_KEY_BYTES>(&values);
    let mut wide = [0u8; 16];
    wide[..MATCH_KEY_BYTES].copy_from_slice(&bytes);
    let key = u128::from_le_bytes(wide);
    let get = |pos: u32, bits: u32| -> u32 { ((key >> pos) as u32) & ((1u32 << bits) - 1) };
    // Fields of at most 4 bits always fit a u8.
    let small = |pos: u32, bits: u32| -> u8 { u8::try_from(get(pos, bits)).unwrap_or(u8::MAX) };
    let side = |pos: u32| Side::from_index(get(pos, 1) as usize);

    let cube_owner = match small(4, 2) {
        0 => Some(Side::White),
        1 => Some(Side::Black),
        3 => None,
        other => return Err(MatchIdError::BadCubeOwner(other)),
    };
    let state = small(8, 3);
    let game_state = GameStateCode::from_code(state).ok_or(MatchIdError::BadGameState(state))?;
    let dice = match (small(15, 3), small(18, 3)) {
        (0, 0) => None,
        (0, d) | (d, 0) => {
            if d > 6 {
                return Err(MatchIdError::BadDie(d));
            }
            return Err(MatchIdError::OneDieRolled(d));
        }
        (a, b) => Some(Dice::new(a, b).map_err(|_| MatchIdError::BadDie(a.max(b)))?),
    };
    let fields = MatchIdFields {
        cube_log: small(0, 4),
        cube_owner,
        on_roll: side(6),
        crawford: get(7, 1) == 1,
        game_state,
        turn: side(11),
        doubled: get(12, 1) == 1,
        resigned: small(13, 2),
        dice,
        match_length: get(21, 15),
        score: [get(36, 15), get(51, 15)],
        jacoby: get(66, 1) == 0,
    };
    fields.validate()?;
    Ok(fields)
}

/// Standard base64 of `bytes`, most-significant bit first, without padding.
fn encode_base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity((bytes.len() * 8).div_ceil(6));
    let mut acc: u32 = 0;
    let mut held = 0u32;
    for &byte in bytes {
        acc = (acc << 8) | u32::from(byte);
        held += 8;
        while held >= 6 {
            held -= 6;
            out.push(char::from(BASE64[((acc >> held) & 0x3F) as usize]));
        }
        acc &= (1 << held) - 1;
    }
    if held > 0 {
        out.push(char::from(BASE64[((acc << (6 - held)) & 0x3F) as usize]));
    }
    out
}

enum Base64Error {
    WrongLength(usize),
    NotBase64 { index: usize, ch: char },
}

/// The 6-bit values of the `N` characters of `id` (trimmed).
fn base64_values<const N: usize>(id: &str) -> Result<[u8; N], Base64Error> {
    let id = id.trim();
    let len = id.chars().count();
    if len != N {
        return Err(Base64Error::WrongLength(len));
    }
    let mut values = [0u8; N];
    for (index, (slot, ch)) in values.iter_mut().zip(id.chars()).enumerate() {
        *slot = match ch {
            'A'..='Z' => ch as u8 - b'A',
            'a'..='z' => ch as u8 - b'a' + 26,
            '0'..='9' => ch as u8 - b'0' + 52,
            '+' => 62,
            '/' => 63,
            _ => return Err(Base64Error::NotBase64 { index, ch }),
        };
    }
    Ok(values)
}

/// The first `M` bytes of the bit string of `values` (6 bits each, most-significant first);
/// bits beyond `M` bytes are dropped.
fn decode_base64<const M: usize>(values: &[u8]) -> [u8; M] {
    let mut bytes = [0u8; M];
    let mut acc: u32 = 0;
    let mut held = 0u32;
    let mut next = 0usize;
    for &value in values {
        acc = (acc << 6) | u32::from(value & 0x3F);
        held += 6;
        if held >= 8 {
            held -= 8;
            if let Some(byte) = bytes.get_mut(next) {
                *byte = (acc >> held) as u8;
            }
            next += 1;
        }
        acc &= (1 << held) - 1;
    }
    bytes
}
