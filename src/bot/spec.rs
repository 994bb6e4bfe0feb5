//! Bot names as a type: [`BotSpec`] says which bot and how it is set up, reads the names the
//! command line and records use (`greedy`, `expert:1`, `ubgi:gnubg --tty`) and writes them
//! back the same way.

use super::{Bot, BotError, EXPERT_DEFAULT_PLY, moves_as_backgammon};
use crate::engine::{RuleSet, Variant};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// Which bot, and how it is set up.
///
/// # Examples
/// ```
/// use bg_tui::bot::BotSpec;
///
/// let spec: BotSpec = "expert:1".parse().unwrap();
/// assert_eq!(spec, BotSpec::Expert(Some(1)));
/// assert_eq!(spec.to_string(), "expert:1");
/// assert!("nobody".parse::<BotSpec>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BotSpec {
    /// `random`: any legal play.
    Random,
    /// `greedy`: the best position after one roll, by a hand-made evaluation.
    Greedy,
    /// `pubeval`: Tesauro's public evaluation (backgammon's moves only).
    Pubeval,
    /// `expert` (its default look-ahead, `None`) or `expert:N` (N = 0 to 3).
    Expert(Option<u8>),
    /// `expert@FILE` or `expert:N@FILE`: the expert on the nets of a nets file (a training
    /// run's checkpoint, say) for that file's rule set, and the shipped nets for the others.
    ExpertWithNets {
        /// The look-ahead; `None` for the default.
        ply: Option<u8>,
        /// The nets file.
        nets: PathBuf,
    },
    /// `expert+rollout` or `expert:N+rollout=S`: the expert settling each close cube
    /// decision by a rollout of at most S seconds (1 to 600; [`DEFAULT_ROLLOUT_SECONDS`]
    /// without `=S`) on one core ([`super::expert::close_cube`]).
    ExpertRollingOut {
        /// The look-ahead; `None` for the default.
        ply: Option<u8>,
        /// The most seconds a rollout takes.
        seconds: u16,
    },
    /// `ubgi:COMMAND`: an engine over UBGI, started with `sh -c COMMAND`.
    Ubgi(String),
}

/// The seconds of a close cube decision's rollout for `expert+rollout`.
pub const DEFAULT_ROLLOUT_SECONDS: u16 = 3;

/// The suffix that makes the expert settle close cube decisions by a rollout.
const ROLLOUT_SUFFIX: &str = "+rollout";

/// The bots of the program, weakest first (as [`super::NAMES`] names them).
pub const PROGRAM_BOTS: [BotSpec; 4] = [
    BotSpec::Random,
    BotSpec::Greedy,
    BotSpec::Pubeval,
    BotSpec::Expert(None),
];

impl BotSpec {
    /// Makes the bot, its randomness seeded with `seed`.
    ///
    /// # Errors
    /// [`BotError::Nets`] when the expert's nets do not read; [`BotError::EngineStart`] when an
    /// engine does not start or answer.
    pub fn make(&self, seed: u64) -> Result<Box<dyn Bot>, BotError> {
        Ok(match self {
            BotSpec::Random => Box::new(super::random::RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(super::greedy::GreedyBot::new(seed)),
            BotSpec::Pubeval => Box::new(super::pubeval::PubevalBot::new()),
            BotSpec::Expert(None) => {
                Box::new(super::expert::ExpertBot::shipped(EXPERT_DEFAULT_PLY)?.named("expert"))
            }
            BotSpec::Expert(Some(ply)) => Box::new(super::expert::ExpertBot::shipped(*ply)?),
            BotSpec::ExpertRollingOut { ply, seconds } => {
                let bot = match self.expert() {
                    Some(made) => made?,
                    None => unreachable!("the expert's spec makes an expert"),
                };
                // The name says the rollouts (records keep it) at the default budget.
                let name = match (ply, *seconds == DEFAULT_ROLLOUT_SECONDS) {
                    (None, true) => Some("expert+rollout"),
                    (Some(n), true) => [
                        "expert:0+rollout",
                        "expert:1+rollout",
                        "expert:2+rollout",
                        "expert:3+rollout",
                    ]
                    .get(usize::from(*n))
                    .copied(),
                    (_, false) => None,
                };
                Box::new(match name {
                    Some(name) => bot.named(name),
                    None => bot,
                })
            }
            BotSpec::ExpertWithNets { ply, .. } => {
                let bot = match self.expert() {
                    Some(made) => made?,
                    None => unreachable!("the expert's spec makes an expert"),
                };
                Box::new(if ply.is_none() {
                    bot.named("expert")
                } else {
                    bot
                })
            }
            BotSpec::Ubgi(command) => Box::new(super::ubgi::UbgiBot::start(command)?),
        })
    }

    /// Makes the bot (as [`BotSpec::make`]) for a match or session of `rule_set`.
    ///
    /// # Errors
    /// [`BotError::CannotPlay`] when the bot does not play every game of `rule_set` (see
    /// [`BotSpec::plays_rule_set`]); else as [`BotSpec::make`].
    pub fn make_for(&self, seed: u64, rule_set: RuleSet) -> Result<Box<dyn Bot>, BotError> {
        if !self.plays_rule_set(rule_set) {
            return Err(BotError::CannotPlay {
                bot: self.to_string(),
                rule_set,
                able: BotSpec::able_for(rule_set),
            });
        }
        self.make(seed)
    }

    /// Whether the bot plays `variant`, told without making it: every rule set for
    /// `random`, `greedy` and `expert` (whose nets for every rule set are built in), the rule
    /// sets that move as backgammon does for `pubeval` and an engine (a Position ID holds
    /// no other).
    #[must_use]
    pub fn plays(&self, variant: Variant) -> bool {
        match self {
            BotSpec::Random
            | BotSpec::Greedy
            | BotSpec::Expert(_)
            | BotSpec::ExpertWithNets { .. }
            | BotSpec::ExpertRollingOut { .. } => true,
            BotSpec::Pubeval | BotSpec::Ubgi(_) => moves_as_backgammon(variant),
        }
    }

    /// Whether the bot plays every game of `rule_set` (the three of Tavli's cycle).
    #[must_use]
    pub fn plays_rule_set(&self, rule_set: RuleSet) -> bool {
        (0..3).all(|i| self.plays(rule_set.variant_of_game(i)))
    }

    /// Whether the bot's choices depend on its seed (`random`, `greedy`).
    #[must_use]
    pub const fn is_seeded(&self) -> bool {
        matches!(self, BotSpec::Random | BotSpec::Greedy)
    }

    /// The expert's look-ahead (its default when the name gives none); `None` for the
    /// other bots.
    #[must_use]
    pub fn expert_ply(&self) -> Option<u8> {
        match self {
            BotSpec::Expert(ply)
            | BotSpec::ExpertWithNets { ply, .. }
            | BotSpec::ExpertRollingOut { ply, .. } => Some(ply.unwrap_or(EXPERT_DEFAULT_PLY)),
            _ => None,
        }
    }

    /// The expert at look-ahead `ply` when it is the expert named without one (`expert`)
    /// and `ply` is given; any other bot (`expert:1` included) as it is.
    #[must_use]
    pub fn at_ply(self, ply: Option<u8>) -> BotSpec {
        match (self, ply) {
            (BotSpec::Expert(None), Some(n)) => BotSpec::Expert(Some(n)),
            (BotSpec::ExpertWithNets { ply: None, nets }, Some(n)) => {
                BotSpec::ExpertWithNets { ply: Some(n), nets }
            }
            (BotSpec::ExpertRollingOut { ply: None, seconds }, Some(n)) => {
                BotSpec::ExpertRollingOut {
                    ply: Some(n),
                    seconds,
                }
            }
            (spec, _) => spec,
        }
    }

    /// The names of the program's bots that play every game of `rule_set`, comma-separated.
    #[must_use]
    pub fn able_for(rule_set: RuleSet) -> String {
        PROGRAM_BOTS
            .iter()
            .filter(|b| b.plays_rule_set(rule_set))
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl FromStr for BotSpec {
    type Err = BotError;

    /// Reads `random`, `greedy`, `pubeval`, `expert`, `expert:0` to `expert:3`, either
    /// expert name followed by `@FILE` (a nets file's path, not empty) or by `+rollout`
    /// (with `=S`, S from 1 to 600), or `ubgi:COMMAND` (a command that is not empty).
    fn from_str(name: &str) -> Result<BotSpec, BotError> {
        let chars = name.chars().count();
        if chars > super::MAX_BOT_NAME_CHARS {
            return Err(BotError::NameTooLong { chars });
        }
        if let Some(command) = name.strip_prefix(super::ubgi::PREFIX)
            && !command.trim().is_empty()
        {
            return Ok(BotSpec::Ubgi(command.to_string()));
        }
        if let Some((expert, rest)) = name.split_once(ROLLOUT_SUFFIX)
            && let Ok(BotSpec::Expert(ply)) = expert.parse::<BotSpec>()
        {
            let seconds = match rest.strip_prefix('=') {
                None if rest.is_empty() => Some(DEFAULT_ROLLOUT_SECONDS),
                Some(s) => s.parse::<u16>().ok().filter(|s| (1..=600).contains(s)),
                None => None,
            };
            if let Some(seconds) = seconds {
                return Ok(BotSpec::ExpertRollingOut { ply, seconds });
            }
        }
        if let Some((expert, file)) = name.split_once('@')
            && !file.is_empty()
            && let Ok(BotSpec::Expert(ply)) = expert.parse::<BotSpec>()
        {
            return Ok(BotSpec::ExpertWithNets {
                ply,
                nets: PathBuf::from(file),
            });
        }
        Ok(match name {
            "random" => BotSpec::Random,
            "greedy" => BotSpec::Greedy,
            "pubeval" => BotSpec::Pubeval,
            "expert" => BotSpec::Expert(None),
            "expert:0" => BotSpec::Expert(Some(0)),
            "expert:1" => BotSpec::Expert(Some(1)),
            "expert:2" => BotSpec::Expert(Some(2)),
            "expert:3" => BotSpec::Expert(Some(3)),
            other => return Err(BotError::Unknown(other.to_string())),
        })
    }
}

impl BotSpec {
    /// The expert this spec names, at its depth (the default one when it names none), on
    /// the nets it names: a file's (`expert@FILE`, for the file's rule set, the shipped nets
    /// for the others) or the shipped ones; `None` for a bot that is not the expert.
    ///
    /// # Errors
    /// [`BotError`] when the nets (the shipped ones or the file's) do not read.
    pub fn expert(&self) -> Option<Result<super::expert::ExpertBot, BotError>> {
        let (ply, nets, close) = match self {
            BotSpec::Expert(ply) => (ply, None, None),
            BotSpec::ExpertWithNets { ply, nets } => (ply, Some(nets), None),
            BotSpec::ExpertRollingOut { ply, seconds } => (
                ply,
                None,
                Some(super::expert::close_cube::CloseRollouts {
                    seconds: f32::from(*seconds),
                    ..super::expert::close_cube::CloseRollouts::default()
                }),
            ),
            _ => return None,
        };
        let made = || {
            let bot = super::expert::ExpertBot::shipped(ply.unwrap_or(EXPERT_DEFAULT_PLY))?
                .with_close_rollouts(close);
            Ok(match nets {
                Some(path) => bot.with_nets(super::expert::nets_from_file(path)?),
                None => bot,
            })
        };
        Some(made())
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Pubeval => f.write_str("pubeval"),
            BotSpec::Expert(None) => f.write_str("expert"),
            BotSpec::Expert(Some(ply)) => write!(f, "expert:{ply}"),
            BotSpec::ExpertWithNets { ply, nets } => {
                write!(f, "{}@{}", BotSpec::Expert(*ply), nets.display())
            }
            BotSpec::ExpertRollingOut { ply, seconds } => {
                write!(f, "{}{ROLLOUT_SUFFIX}", BotSpec::Expert(*ply))?;
                if *seconds != DEFAULT_ROLLOUT_SECONDS {
                    write!(f, "={seconds}")?;
                }
                Ok(())
            }
            BotSpec::Ubgi(command) => write!(f, "{}{command}", super::ubgi::PREFIX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `+rollout` makes the expert settle close cube decisions, within 1 to 600 seconds;
    /// a budget out of range or a suffix on another bot is not a name.
    #[test]
    fn the_rollout_suffix_sets_the_experts_close_rollouts() {
        let spec: BotSpec = "expert:2+rollout=5".parse().expect("a name");
        assert_eq!(
            spec,
            BotSpec::ExpertRollingOut {
                ply: Some(2),
                seconds: 5
            }
        );
        let bot = spec.expert().expect("the expert").expect("the nets");
        assert_eq!(bot.close_rollouts().map(|c| c.seconds), Some(5.0));
        assert_eq!(bot.ply(), 2);
        for bad in [
            "expert+rollout=0",
            "expert+rollout=601",
            "greedy+rollout",
            "expert+rollouts",
        ] {
            assert!(bad.parse::<BotSpec>().is_err(), "{bad}");
        }
        assert_eq!(
            BotSpec::ExpertRollingOut {
                ply: None,
                seconds: 3
            }
            .to_string(),
            "expert+rollout"
        );
    }

    #[test]
    fn every_name_reads_and_writes_back_the_same() {
        for name in [
            "expert+rollout",
            "expert:1+rollout=10",
            "random",
            "greedy",
            "pubeval",
            "expert",
            "expert:0",
            "expert:1",
            "expert:2",
            "expert:3",
            "ubgi:gnubg --tty",
            "expert@nets/run.bgnet",
            "expert:0@/tmp/a b@c.bgnet",
        ] {
            let spec: BotSpec = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(spec.to_string(), name);
        }
        for bad in [
            "",
            "Greedy",
            "expert:4",
            "expert:",
            "ubgi:",
            "ubgi:  ",
            "gnubg",
            "expert@",
            "pubeval@x.bgnet",
            "expert:5@x.bgnet",
            "@x.bgnet",
        ] {
            assert!(
                matches!(bad.parse::<BotSpec>(), Err(BotError::Unknown(n)) if n == bad),
                "{bad:?}"
            );
        }
    }

    /// A name longer than a record keeps is refused, saying so, not echoed.
    #[test]
    fn a_name_longer_than_a_record_keeps_is_refused() {
        let max = crate::bot::MAX_BOT_NAME_CHARS;
        let command = format!("ubgi:{}", "x".repeat(max - 5));
        assert!(command.parse::<BotSpec>().is_ok());
        let longer = format!("{command}y");
        assert!(matches!(
            longer.parse::<BotSpec>(),
            Err(BotError::NameTooLong { chars }) if chars == max + 1
        ));
    }

    /// What `plays` says without making a bot is what the bot made says.
    #[test]
    fn plays_agrees_with_the_bots_made() {
        for spec in PROGRAM_BOTS {
            let bot = spec.make(1).expect("the program's bots are made");
            for variant in [
                Variant::Backgammon,
                Variant::Portes,
                Variant::Plakoto,
                Variant::Fevga,
                Variant::Jacquet,
            ] {
                assert_eq!(spec.plays(variant), bot.plays(variant), "{spec} {variant}");
            }
        }
        assert_eq!(BotSpec::able_for(RuleSet::Tavli), "random, greedy, expert");
        assert_eq!(
            BotSpec::able_for(RuleSet::Backgammon),
            "random, greedy, pubeval, expert"
        );
    }

    #[test]
    fn a_ply_applies_to_the_expert_only() {
        assert_eq!(
            BotSpec::Expert(None).at_ply(Some(0)),
            BotSpec::Expert(Some(0))
        );
        assert_eq!(BotSpec::Greedy.at_ply(Some(0)), BotSpec::Greedy);
        assert_eq!(
            BotSpec::Expert(Some(1)).at_ply(Some(0)),
            BotSpec::Expert(Some(1))
        );
        assert_eq!(BotSpec::Expert(None).at_ply(None), BotSpec::Expert(None));
        assert_eq!(BotSpec::Expert(None).expert_ply(), Some(EXPERT_DEFAULT_PLY));
        assert_eq!(BotSpec::Expert(Some(1)).expert_ply(), Some(1));
        assert_eq!(BotSpec::Pubeval.expert_ply(), None);
        assert!(BotSpec::Random.is_seeded() && BotSpec::Greedy.is_seeded());
        assert!(!BotSpec::Expert(None).is_seeded());
    }
}
