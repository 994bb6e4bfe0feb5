//! The rule set and options of a match: what varies between games of backgammon.

use super::variant::Variant;
use serde::{Deserialize, Serialize};

/// What a match or session plays: one rule set for every game, or Tavli's cycle.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// Standard backgammon in every game.
    #[default]
    #[serde(alias = "standard")]
    Backgammon,
    /// Portes in every game.
    Portes,
    /// Plakoto in every game.
    Plakoto,
    /// Fevga in every game.
    Fevga,
    /// Tavli (assets/rules/README.md §2.5): the games cycle Portes, Plakoto, Fevga, Portes, ...
    Tavli,
    /// Jacquet in every game.
    Jacquet,
}

/// Why a name is not a rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rule set {0:?}: the rule sets are backgammon, portes, plakoto, fevga, tavli, jacquet"
)]
pub struct UnknownRuleSet(
    /// The text given, as it was (shown escaped).
    pub String,
);

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 6] = [
        RuleSet::Backgammon,
        RuleSet::Portes,
        RuleSet::Plakoto,
        RuleSet::Fevga,
        RuleSet::Tavli,
        RuleSet::Jacquet,
    ];

    /// The rule set of game `index` (from 0) of a match or session.
    #[must_use]
    pub const fn variant_of_game(self, index: usize) -> Variant {
        match self {
            RuleSet::Backgammon => Variant::Backgammon,
            RuleSet::Portes => Variant::Portes,
            RuleSet::Plakoto => Variant::Plakoto,
            RuleSet::Fevga => Variant::Fevga,
            RuleSet::Jacquet => Variant::Jacquet,
            RuleSet::Tavli => match index % 3 {
                0 => Variant::Portes,
                1 => Variant::Plakoto,
                _ => Variant::Fevga,
            },
        }
    }

    /// The games are played with the doubling cube.
    #[must_use]
    pub const fn has_cube(self) -> bool {
        matches!(self, RuleSet::Backgammon | RuleSet::Jacquet)
    }

    /// The lower-case name used on the command line and in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Backgammon => "backgammon",
            RuleSet::Portes => "portes",
            RuleSet::Plakoto => "plakoto",
            RuleSet::Fevga => "fevga",
            RuleSet::Tavli => "tavli",
            RuleSet::Jacquet => "jacquet",
        }
    }

    /// The rule set that plays `variant` in every game.
    #[must_use]
    pub const fn of_variant(variant: Variant) -> RuleSet {
        match variant {
            Variant::Backgammon => RuleSet::Backgammon,
            Variant::Portes => RuleSet::Portes,
            Variant::Plakoto => RuleSet::Plakoto,
            Variant::Fevga => RuleSet::Fevga,
            Variant::Jacquet => RuleSet::Jacquet,
        }
    }
}

impl std::fmt::Display for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleSet::Tavli => f.write_str("Tavli"),
            other => other.variant_of_game(0).fmt(f),
        }
    }
}

impl std::str::FromStr for RuleSet {
    type Err = UnknownRuleSet;
    fn from_str(s: &str) -> Result<RuleSet, UnknownRuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownRuleSet(s.chars().take(40).collect()))
    }
}

/// The cap on the cube's value unless another is configured.
pub const DEFAULT_CUBE_CAP: u32 = 64;

/// The rules and options of a match or money session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// The rule set of the games (`"variant"` in version 1 records).
    #[serde(default, alias = "variant")]
    pub rule_set: RuleSet,
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
    /// A rule book's house rule: any resignation loses a backgammon (assets/rules/README.md §1).
    pub resign_loses_backgammon: bool,
    /// Schmidt scoring (assets/rules/README.md §2.7, backgammon and Jacquet): a point for each
    /// checker the loser has not borne off, doubled if one of them is outside its home
    /// board.
    #[serde(default)]
    pub schmidt: bool,
}

impl Default for Rules {
    /// A money session of standard backgammon with the cube capped at 64, and no options.
    fn default() -> Rules {
        Rules {
            rule_set: RuleSet::Backgammon,
            match_length: None,
            cube: true,
            cube_cap: DEFAULT_CUBE_CAP,
            crawford: true,
            jacoby: false,
            beaver: false,
            auto_doubles: 0,
            resign_loses_backgammon: false,
            schmidt: false,
        }
    }
}

/// Why a set of options cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// An option that the rule set does not have.
    #[error("{option} is not part of {rule_set}")]
    NotInRuleSet {
        /// The option, as a person names it.
        option: &'static str,
        /// The rule set.
        rule_set: RuleSet,
    },
    /// A session started from a game set up alone must be money play.
    #[error("a game set up alone starts a money session, not a match")]
    NotMoney,
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

    /// A money session of `rule_set` with its defaults: the cube where the rule set has one.
    #[must_use]
    pub fn of(rule_set: RuleSet) -> Rules {
        Rules {
            rule_set,
            cube: rule_set.has_cube(),
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
        self.cube && self.rule_set.has_cube()
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
        let rule_set = self.rule_set;
        let not_in = |option| Err(RulesError::NotInRuleSet { option, rule_set });
        if !rule_set.has_cube() && self.cube {
            return not_in("the doubling cube");
        }
        if self.schmidt && !matches!(rule_set, RuleSet::Backgammon | RuleSet::Jacquet) {
            return not_in("Schmidt scoring");
        }
        if self.resign_loses_backgammon && !rule_set.has_cube() {
            return not_in("a resignation losing a backgammon");
        }
        for (on, option) in [
            (self.jacoby, "the Jacoby rule"),
            (self.beaver, "beavers"),
            (self.auto_doubles > 0, "automatic doubles"),
        ] {
            if on && !rule_set.has_cube() {
                return not_in(option);
            }
        }
        Ok(())
    }
}
