//! The rule set and options of a match: what varies between games of backgammon.

use super::dice::Dice;
use super::movegen;
use super::play::Play;
use super::position::Position;
use serde::{Deserialize, Serialize};

/// The game being played. Everything that differs between the rule sets of
/// `shared/RULES.md` §2 (start position, direction, landing on a blot, scoring, cube) is
/// answered here, so a new variant is a new arm of these methods, not changes spread through
/// the move generator and the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Standard backgammon (`shared/RULES.md` §1).
    #[default]
    Standard,
}

impl Variant {
    /// The position at the start of a game, from the view of the first player on roll.
    #[must_use]
    pub const fn start_position(self) -> Position {
        match self {
            Variant::Standard => Position::START,
        }
    }

    /// Every legal play of `dice` in `position` under this variant's rules, once per distinct
    /// resulting position (see [`movegen::legal_plays`]).
    pub fn legal_plays_into(self, position: &Position, dice: Dice, out: &mut Vec<Play>) {
        match self {
            Variant::Standard => movegen::legal_plays_into(position, dice, out),
        }
    }

    /// A checker that lands on a single opposing checker sends it to the bar.
    #[must_use]
    pub const fn landing_on_blot_hits(self) -> bool {
        match self {
            Variant::Standard => true,
        }
    }

    /// The variant is played with the doubling cube.
    #[must_use]
    pub const fn has_cube(self) -> bool {
        match self {
            Variant::Standard => true,
        }
    }

    /// A win can be a backgammon (3 points), not only a gammon.
    #[must_use]
    pub const fn has_backgammons(self) -> bool {
        match self {
            Variant::Standard => true,
        }
    }
}

/// The cap on the cube's value unless another is configured.
pub const DEFAULT_CUBE_CAP: u32 = 64;

/// The rules and options of a match or money session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// The game played.
    #[serde(default)]
    pub variant: Variant,
    /// Points to win the match; `None` for a money session (game after game).
    pub match_length: Option<u32>,
    /// The doubling cube is used at all.
    pub cube: bool,
    /// The highest value the cube may reach (a power of two; 64 by default).
    pub cube_cap: u32,
    /// Crawford rule (match play): no doubling in the game after a player first reaches
    /// one point from winning.
    pub crawford: bool,
    /// Jacoby rule (money play): gammons and backgammons count single unless the cube has
    /// been turned.
    pub jacoby: bool,
    /// Beavers (money play): the doubled player may redouble at once, keeping the cube.
    pub beaver: bool,
    /// Automatic doubles (money play): each tie on the opening roll turns the cube, still
    /// centred, up to this many times (0 = off).
    pub auto_doubles: u32,
    /// Seed 003's house rule: any resignation loses a backgammon.
    pub resign_loses_backgammon: bool,
}

impl Default for Rules {
    /// A money session of standard backgammon with the cube capped at 64, and no options.
    fn default() -> Rules {
        Rules {
            variant: Variant::Standard,
            match_length: None,
            cube: true,
            cube_cap: DEFAULT_CUBE_CAP,
            crawford: true,
            jacoby: false,
            beaver: false,
            auto_doubles: 0,
            resign_loses_backgammon: false,
        }
    }
}

/// Why a set of options cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// An option that applies only to money play was set for a match.
    #[error("{0} applies only to money play, not to a match")]
    MoneyOnly(&'static str),
    /// A match of zero points.
    #[error("a match is played to at least 1 point")]
    ZeroLengthMatch,
    /// A match longer than GNU Backgammon plays (and its Match ID reads).
    #[error("a match is at most 64 points long, not {0}")]
    MatchTooLong(u32),
    /// The cube cap is not a power of two from 1 to 2^15.
    #[error("the cube cap is a power of two from 1 to 32768, not {0}")]
    BadCubeCap(u32),
}

impl Rules {
    /// A match to `points` with the Crawford rule and the cube.
    #[must_use]
    pub fn match_to(points: u32) -> Rules {
        Rules {
            match_length: Some(points),
            ..Rules::default()
        }
    }

    /// A money session with the cube.
    #[must_use]
    pub fn money() -> Rules {
        Rules::default()
    }

    /// The games are played as a money session (no fixed length).
    #[must_use]
    pub const fn is_money(&self) -> bool {
        self.match_length.is_none()
    }

    /// The cube may be used in this variant with these options.
    #[must_use]
    pub const fn uses_cube(&self) -> bool {
        self.cube && self.variant.has_cube()
    }

    /// Checks that the options go together.
    ///
    /// # Errors
    /// [`RulesError`] naming the first option that does not fit.
    pub fn validate(&self) -> Result<(), RulesError> {
        if let Some(n) = self.match_length {
            if n == 0 {
                return Err(RulesError::ZeroLengthMatch);
            }
            if n > super::ids::MAX_MATCH_LENGTH {
                return Err(RulesError::MatchTooLong(n));
            }
            if self.jacoby {
                return Err(RulesError::MoneyOnly("the Jacoby rule"));
            }
            if self.beaver {
                return Err(RulesError::MoneyOnly("beavers"));
            }
            if self.auto_doubles > 0 {
                return Err(RulesError::MoneyOnly("automatic doubles"));
            }
        }
        if !self.cube_cap.is_power_of_two() || self.cube_cap > 1 << 15 {
            return Err(RulesError::BadCubeCap(self.cube_cap));
        }
        Ok(())
    }
}
