//! Positions of any rule set in a plain form other programs write: the board of
//! `bg-tui moves --board`.

use super::dice::Dice;
use super::notation::format_play;
use super::position::{BAR, CHECKERS, OPPONENT_BAR, Position, PositionError};
use super::variant::{Variant, VariantError};
use serde::{Deserialize, Serialize};

/// A position in the plain form of `bg-tui moves --board`, from the view of the player on
/// roll, in that player's numbering (it moves from its 24-point towards its 1-point and
/// bears off past the 1-point). Whatever is not on the board or the bar has been borne off.
///
/// In Fevga the opponent starts on the mover's 12-point, moves down to 1, then from 24 down
/// to 13, and bears off from the mover's 13-18.
///
/// # Examples
/// ```
/// use bg_tui::engine::{BoardSpec, Dice, Variant, plays_from_spec};
///
/// let board: BoardSpec = serde_json::from_str(
///     r#"{"mine": [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],
///         "theirs": [15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}"#,
/// ).unwrap();
/// let plays = plays_from_spec(Variant::Plakoto, &board, Dice::new(6, 5).unwrap()).unwrap();
/// assert!(plays.iter().any(|p| p.play == "24/13"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// The mover's checkers on its points 1-24 (index 0 = the 1-point), a pinned one
    /// included.
    pub mine: [u8; 24],
    /// The opponent's checkers on the same points, in the mover's numbering, a pinned one
    /// included.
    pub theirs: [u8; 24],
    /// Checkers on the bar: the mover's, the opponent's.
    #[serde(default)]
    pub bar: [u8; 2],
    /// Plakoto only, ascending: the points (1-24) where a single checker of the mover lies
    /// pinned under the opponent's. A point holding both sides' checkers that is not listed
    /// holds a single pinned checker of the opponent under the mover's.
    #[serde(default)]
    pub pinned: Vec<u8>,
    /// Plakoto only, may be left out: the points (1-24) where a single checker of the
    /// opponent lies pinned under the mover's. A point holding both sides that is not in
    /// `pinned` is read as one of these anyway; listing it says so outright, and a listed
    /// point without the mover's checkers on top is refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pinned_theirs: Vec<u8>,
}

/// A legal play in the plain form: its notation and the position after it, from the view of
/// the opponent, who is now on roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecPlay {
    /// The play as GNU Backgammon writes it (`24/18 24/23`).
    pub play: String,
    /// The position after it, from the view of the opponent, now on roll.
    pub board: BoardSpec,
}

/// Why a board is not a position of the rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// More than 15 checkers of one side.
    #[error("{side} has {count} checkers on the board and the bar; a side has at most 15")]
    TooManyCheckers {
        /// "mine" or "theirs".
        side: &'static str,
        /// How many.
        count: u32,
    },
    /// Both sides on a point where the rule set does not allow it.
    #[error("both sides have checkers on point {point}, which {variant} does not allow")]
    BothOnPoint {
        /// The point, in the mover's numbering.
        point: u8,
        /// The rule set.
        variant: Variant,
    },
    /// A pin listed on a point outside 1-24, twice, or where the mover does not have a
    /// single checker under the opponent's.
    #[error("point {0} is listed as pinned but does not hold one checker of mine under theirs")]
    BadPin(u8),
    /// A point outside 1-24.
    #[error("there is no point {0}: the points are 1 to 24")]
    BadPoint(u8),
    /// A checker listed as pinned alone on its point: nothing of the other side pins it.
    #[error(
        "the checker on point {0} is listed as pinned, but no checker of the other side is on top of it"
    )]
    PinWithoutPinner(u8),
    /// A point listed in `pinned_theirs` that does not hold one checker of theirs under
    /// mine, or listed in both lists.
    #[error("point {0} is listed as pinned but does not hold one checker of theirs under mine")]
    BadTheirPin(u8),
    /// Both sides on a point in Plakoto with more than one checker of each.
    #[error("point {0} holds both sides but neither has a single pinned checker there")]
    NoPinnedChecker(u8),
    /// Neither side has a checker left: no game reaches that (it ends when the first side
    /// has borne off all of its checkers).
    #[error("both sides have borne off every checker; a game ends when one side has")]
    BothBorneOff,
    /// The position does not fit the rule set.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The position breaks the board's own invariants.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl BoardSpec {
    /// The position this board describes under `variant`'s rules.
    ///
    /// # Errors
    /// [`SpecError`] saying what does not fit.
    pub fn to_position(&self, variant: Variant) -> Result<Position, SpecError> {
        let rules = variant.rules();
        let mut board = [0i8; 26];
        let mut pinned = Vec::new();
        let mut on = [u32::from(self.bar[0]), u32::from(self.bar[1])];
        for &p in &self.pinned {
            let i = usize::from(p).wrapping_sub(1);
            let single_under = i < 24 && self.mine[i] == 1 && self.theirs[i] > 0;
            if variant != Variant::Plakoto && i < 24 {
                return Err(VariantError::PinsNotAllowed(variant).into());
            }
            if i < 24 && self.mine[i] == 1 && self.theirs[i] == 0 {
                return Err(SpecError::PinWithoutPinner(p));
            }
            if !single_under || self.pinned.iter().filter(|&&q| q == p).count() > 1 {
                return Err(SpecError::BadPin(p));
            }
        }
        for &p in &self.pinned_theirs {
            let i = usize::from(p).wrapping_sub(1);
            if variant != Variant::Plakoto && i < 24 {
                return Err(VariantError::PinsNotAllowed(variant).into());
            }
            if i < 24 && self.theirs[i] == 1 && self.mine[i] == 0 {
                return Err(SpecError::PinWithoutPinner(p));
            }
            let single_under = i < 24 && self.theirs[i] == 1 && self.mine[i] > 0;
            let twice = self.pinned_theirs.iter().filter(|&&q| q == p).count() > 1;
            if !single_under || twice || self.pinned.contains(&p) {
                return Err(SpecError::BadTheirPin(p));
            }
        }
        for i in 0..24 {
            let (mine, theirs) = (self.mine[i], self.theirs[i]);
            let point = i as u8 + 1;
            on[0] += u32::from(mine);
            on[1] += u32::from(theirs);
            if mine > CHECKERS || theirs > CHECKERS {
                continue; // counted, and refused below
            }
            board[i + 1] = if mine > 0 && theirs > 0 {
                if variant != Variant::Plakoto {
                    return Err(SpecError::BothOnPoint { point, variant });
                }
                pinned.push(point);
                if self.pinned.contains(&point) {
                    -(theirs as i8)
                } else if theirs == 1 {
                    mine as i8
                } else {
                    return Err(SpecError::NoPinnedChecker(point));
                }
            } else {
                mine as i8 - theirs as i8
            };
        }
        for (count, side) in [(on[0], "mine"), (on[1], "theirs")] {
            if count > u32::from(CHECKERS) {
                return Err(SpecError::TooManyCheckers { side, count });
            }
        }
        if on == [0, 0] {
            return Err(SpecError::BothBorneOff);
        }
        board[BAR] = self.bar[0] as i8;
        board[OPPONENT_BAR] = -(self.bar[1] as i8);
        let off = [CHECKERS - on[0] as u8, CHECKERS - on[1] as u8];
        let position = Position::new(board, off, &pinned, rules.geometry())?;
        rules.check(&position)?;
        variant.check_playable(&position)?;
        Ok(position)
    }

    /// A board from `(point, checkers)` lists in the mover's numbering (points 1-24), the
    /// bar counts and the points where a checker of the mover lies pinned. Not checked: see
    /// [`BoardSpec::to_position`].
    ///
    /// # Errors
    /// [`SpecError::BadPoint`] for a point outside 1-24.
    pub fn from_points(
        mine: &[(u8, u8)],
        theirs: &[(u8, u8)],
        bar: [u8; 2],
        pinned: &[u8],
    ) -> Result<BoardSpec, SpecError> {
        let mut spec = BoardSpec {
            mine: [0; 24],
            theirs: [0; 24],
            bar,
            pinned: pinned.to_vec(),
            pinned_theirs: Vec::new(),
        };
        for (counts, list) in [(&mut spec.mine, mine), (&mut spec.theirs, theirs)] {
            for &(point, n) in list {
                let slot = usize::from(point)
                    .checked_sub(1)
                    .and_then(|i| counts.get_mut(i))
                    .ok_or(SpecError::BadPoint(point))?;
                *slot = n;
            }
        }
        Ok(spec)
    }

    /// The board as one line of JSON, as `moves --board` reads it.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Arrays of numbers only: serializing cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The plain form of `position`.
    #[must_use]
    pub fn of_position(position: &Position) -> BoardSpec {
        let mut spec = BoardSpec {
            mine: [0; 24],
            theirs: [0; 24],
            bar: [position.mover_bar(), position.opponent_bar()],
            pinned: position.mover_pinned(),
            pinned_theirs: Vec::new(),
        };
        for p in 1..=24 {
            spec.mine[p - 1] = position.mover_on(p);
            spec.theirs[p - 1] = position.opponent_at(p);
        }
        spec
    }
}

/// Every legal play of `dice` on `board` under `variant`'s rules, once per distinct resulting
/// position, each with the position after it from the view of the opponent (now on roll).
///
/// # Errors
/// [`SpecError`] when the board is not a position of the rule set.
pub fn plays_from_spec(
    variant: Variant,
    board: &BoardSpec,
    dice: Dice,
) -> Result<Vec<SpecPlay>, SpecError> {
    let position = board.to_position(variant)?;
    Ok(variant
        .legal_plays(&position, dice)
        .iter()
        .map(|play| SpecPlay {
            play: format_play(play),
            board: BoardSpec::of_position(&play.position().switched()),
        })
        .collect())
}
