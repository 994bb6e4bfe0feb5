//! The rules options shared by `play` and `bot-match`: one set of flags, one check.

use super::CliError;
use bg_tui::engine::{RuleSet, Rules, RulesError};
use clap::Args;

/// The rule set and options of a match or money session on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub(crate) struct RulesArgs {
    /// The rule set: backgammon, portes, plakoto, fevga, tavli (a match cycling Portes,
    /// Plakoto and Fevga) or jacquet [default: backgammon].
    #[arg(long = "rules", value_name = "RULES")]
    pub(crate) rule_set: Option<RuleSet>,
    /// Play a match to N points (1 to 64); without it, a money session.
    #[arg(long = "match", visible_alias = "match-length", value_name = "N")]
    pub(crate) match_length: Option<u32>,
    /// Use the doubling cube (where it is not used by default).
    #[arg(long, conflicts_with = "no_cube")]
    pub(crate) cube: bool,
    /// Play without the doubling cube.
    #[arg(long)]
    pub(crate) no_cube: bool,
    /// The highest value the cube may reach: a power of two from 1 to 32768 [default: 64].
    #[arg(long, value_name = "N")]
    pub(crate) cube_limit: Option<u32>,
    /// Jacoby rule (money play): gammons and backgammons count single until the cube is
    /// turned.
    #[arg(long)]
    pub(crate) jacoby: bool,
    /// Beavers (money play): a player who is doubled may redouble at once and keep the cube.
    #[arg(long)]
    pub(crate) beaver: bool,
    /// Play a match without the Crawford rule (it is on in matches).
    #[arg(long)]
    pub(crate) no_crawford: bool,
    /// Automatic doubles (money play): each tie on the opening roll turns the cube, up to N
    /// times.
    #[arg(long, value_name = "N")]
    pub(crate) auto_doubles: Option<u32>,
    /// Schmidt scoring (backgammon, Jacquet): a point for each checker the loser has not
    /// borne off, doubled if one is outside its home board; the cube is off unless --cube.
    #[arg(long)]
    pub(crate) schmidt: bool,
}

impl RulesArgs {
    /// The rule set named by `--rules` (backgammon without it).
    #[must_use]
    pub(crate) fn rule_set(&self) -> RuleSet {
        self.rule_set.unwrap_or(RuleSet::Backgammon)
    }

    /// The checked rules; the cube is on by default when `cube_by_default` and the rule set
    /// has one (`play`), else only with `--cube` (`bot-match`).
    ///
    /// # Errors
    /// [`CliError`] naming the first flag that is malformed or does not fit with the rule
    /// set or the other flags.
    pub(crate) fn rules(&self, cube_by_default: bool) -> Result<Rules, CliError> {
        let rule_set = self.rule_set();
        let auto_doubles = self.auto_doubles.unwrap_or(0);
        let cube_wanted = if self.cube {
            true
        } else {
            cube_by_default && !self.no_cube && !self.schmidt
        };
        let rules = Rules {
            rule_set,
            match_length: self.match_length,
            cube: cube_wanted && rule_set.has_cube(),
            cube_cap: self.cube_limit.unwrap_or(Rules::default().cube_cap),
            crawford: !self.no_crawford,
            jacoby: self.jacoby,
            beaver: self.beaver,
            auto_doubles,
            schmidt: self.schmidt,
            ..Rules::default()
        };
        // The numbers first, with the engine's own check and messages.
        let numbers_only = Rules {
            rule_set: RuleSet::Backgammon,
            cube: true,
            jacoby: false,
            beaver: false,
            auto_doubles: 0,
            schmidt: false,
            ..rules
        };
        numbers_only.validate().map_err(|e| {
            let option = match e {
                RulesError::ZeroLengthMatch | RulesError::MatchTooLong(_) => "--match",
                RulesError::BadCubeCap(_) => "--cube-limit",
                _ => return CliError::Rules(e),
            };
            CliError::RulesOption { option, source: e }
        })?;
        let cube_flags = [
            ("--cube", self.cube, "the doubling cube"),
            ("--cube-limit", self.cube_limit.is_some(), "a cube limit"),
            ("--jacoby", self.jacoby, "the Jacoby rule"),
            ("--beaver", self.beaver, "the beaver option"),
            (
                "--auto-doubles",
                auto_doubles > 0,
                "the automatic doubles option",
            ),
            ("--no-crawford", self.no_crawford, "the Crawford rule"),
        ];
        if !rule_set.has_cube()
            && let Some((flag, _, what)) = cube_flags.iter().find(|(_, set, _)| *set)
        {
            return Err(CliError::NoCube {
                option: flag,
                rule_set,
                what,
            });
        }
        if self.schmidt && !matches!(rule_set, RuleSet::Backgammon | RuleSet::Jacquet) {
            return Err(CliError::bad(
                "--schmidt",
                format!("Schmidt scoring is for backgammon and Jacquet, not {rule_set}"),
            ));
        }
        let money_only = &cube_flags[2..5];
        if rules.match_length.is_some() {
            if let Some((flag, _, what)) = money_only.iter().find(|(_, set, _)| *set) {
                return Err(CliError::MoneyOnly { option: flag, what });
            }
        } else if self.no_crawford {
            return Err(CliError::Usage(
                "--no-crawford: the Crawford rule applies only to a match (--match N)",
            ));
        }
        if !rules.cube
            && let Some((flag, _, _)) = cube_flags[1..5].iter().find(|(_, set, _)| *set)
        {
            let why = if self.schmidt {
                "with --schmidt the cube is off unless --cube is given"
            } else if cube_by_default {
                "it cannot go with --no-cube"
            } else {
                "add --cube"
            };
            return Err(CliError::NeedsCube { option: flag, why });
        }
        // Anything else the engine refuses.
        rules.validate().map_err(CliError::Rules)?;
        Ok(rules)
    }
}
