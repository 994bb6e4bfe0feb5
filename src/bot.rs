//! Computer players: the [`Bot`] interface and the bots that implement it.
//!
//! A bot sees the game only through the engine's API and chooses among the plays and cube
//! actions the engine says are legal. Bots are deterministic: any randomness comes from a
//! generator seeded when the bot is made.
//!
//! # The decision table
//!
//! One decision table for every bot in every place: whose decision the match waits for
//! ([`Question::of`]), what the bot is asked and how its answer becomes an action
//! ([`decide`]). The arena, the terminal game and the tests all play bots through it, so a
//! bot plays by the same rules wherever it sits:
//!
//! - **Plays.** A roll with no legal play or one is played without asking the bot (it has
//!   no choice); otherwise the bot chooses ([`Bot::choose_play`]).
//! - **The cube.** Before rolling the bot is asked whether to double when
//!   [`Game::may_double`] allows it; it answers a double with take, pass or beaver, and a
//!   beaver with take or pass.
//! - **Beavers.** A beaver is [`Action::Beaver`] when the rules allow beavers (money play
//!   with beavers on); otherwise it counts as a take, and so does a
//!   "beaver" answered to a beaver.
//! - **Resignations.** At the start of its turn, before the cube, the bot is asked whether to
//!   offer to resign ([`Bot::offer_resignation`]): once a game, since an offer declined is
//!   not made again ([`ResignOffers`] remembers); the opponent of a resigning player is asked
//!   whether to accept ([`Bot::accept_resignation`]).
//! - **Take-overs.** A side taken over ([`Action::TakeOver`], its clock ran out) is played
//!   for the rest of the game, in every decision, by the strongest bot for the game's rule
//!   set ([`take_over_bot`]), whoever sits at it.
//!
//! The opening roll and the start of the next game are nobody's decision: [`decide`] answers
//! them without asking the bot, and the host rolls the dice of every [`Decision::Roll`].
//!
//! [`Game::may_double`]: crate::engine::Game::may_double
//! [`Action::Beaver`]: crate::engine::Action::Beaver
//! [`Action::TakeOver`]: crate::engine::Action::TakeOver

use crate::engine::{Dice, MatchState, Play, Position, RuleSet, Variant, WinKind};

/// A play with the bot's score for it (higher is better for the player who moves).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoredPlay {
    /// The play.
    pub play: Play,
    /// The bot's score of the position after it (the bot's own scale; for evaluators, the
    /// expected points per game for the player who moved, roughly -3 to 3).
    pub score: f64,
}

/// How a bot answers a double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoubleAnswer {
    /// Accept: play on at twice the stake.
    Take,
    /// Refuse: lose the current stake.
    Pass,
    /// Redouble at once and keep the cube (money play with beavers on).
    Beaver,
}

/// A computer player. Every method is asked only when it is the bot's decision, with the
/// match as it stands: the bot is `m.game().to_act()`.
pub trait Bot: Send {
    /// The bot's name, as on the command line (`random`, `greedy`, `pubeval`).
    fn name(&self) -> &str;

    /// Every legal play of `dice` in `position` (seen from the player who moves) under
    /// `variant`'s rules, scored and ranked best first. Empty when nothing can be played.
    /// A bot that does not play `variant` ([`Bot::plays`]) gives the legal plays in the
    /// generator's order, all scored 0 ([`unranked`]): never an illegal move.
    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay>;

    /// Whether the bot plays `variant` (by default: the rule sets that move as backgammon
    /// does, [`moves_as_backgammon`]).
    fn plays(&self, variant: Variant) -> bool {
        moves_as_backgammon(variant)
    }

    /// The play to make now (the game is waiting for the bot's play), under the rules of the
    /// game in progress.
    fn choose_play(&mut self, m: &MatchState) -> Play {
        let game = m.game();
        let Some(dice) = game.dice() else {
            return Play::empty(*game.position());
        };
        self.rank_plays(game.variant(), game.position(), dice)
            .first()
            .map_or_else(|| Play::empty(*game.position()), |s| s.play)
    }

    /// Whether to offer to resign now, at the start of the bot's turn, and how much. By
    /// default a bot resigns only a loss that is certain (see [`certain_loss`]).
    fn offer_resignation(&mut self, m: &MatchState) -> Option<WinKind> {
        let game = m.game();
        resignation_worth_offering(m, certain_loss_in(game.variant(), game.position()))
    }

    /// Whether to double now, before rolling (only asked when doubling is allowed).
    fn should_double(&mut self, m: &MatchState) -> bool;

    /// The answer to a double (or, for the original doubler, to a beaver: then `Beaver`
    /// means the same as `Take`).
    fn answer_double(&mut self, m: &MatchState) -> DoubleAnswer;

    /// Whether to accept the opponent's offer to resign `level` (times the cube).
    fn accept_resignation(&mut self, m: &MatchState, level: WinKind) -> bool;

    /// What went wrong with a bot that depends on something outside the program (an engine
    /// over UBGI), once something has: one line. Its decisions since are stand-ins (the
    /// first legal play); callers stop asking it. `None` for the bots of the program.
    fn trouble(&self) -> Option<String> {
        None
    }
}

/// The rule sets whose checkers move as in backgammon (Backgammon, Portes, Jacquet): the same
/// legal plays from the same position, so a backgammon bot can play them.
#[must_use]
pub const fn moves_as_backgammon(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Backgammon | Variant::Portes | Variant::Jacquet
    )
}

/// Whether `bot` plays every game of `rule_set` (all three games of Tavli's cycle).
#[must_use]
pub fn plays_rule_set(bot: &dyn Bot, rule_set: RuleSet) -> bool {
    (0..3).all(|i| bot.plays(rule_set.variant_of_game(i)))
}

/// The strongest bot that plays `variant`: `expert` where it plays (backgammon, Portes,
/// Jacquet) and its nets load, else `greedy`. Hints, auto bear-off and sides the computer
/// takes over use it.
#[must_use]
pub fn strongest_for(variant: Variant) -> BotSpec {
    if expert::shipped_nets_for(variant).is_ok() {
        BotSpec::Expert(None)
    } else {
        BotSpec::Greedy
    }
}

/// The longest bot name, in characters (room for an engine's command, `ubgi:COMMAND`, or a
/// nets file's path, `expert@FILE`): a longer one is refused, and a record holds no longer.
pub const MAX_BOT_NAME_CHARS: usize = 1024;

/// The legal plays of `dice` in `position` under `variant`'s rules, in the generator's order,
/// all scored 0.
#[must_use]
pub fn unranked(variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
    variant
        .legal_plays(position, dice)
        .into_iter()
        .map(|play| ScoredPlay { play, score: 0.0 })
        .collect()
}

/// The loss the player on roll cannot avoid, if any, under backgammon's move rules: the
/// opponent has one checker left, on its 1- or 2-point (every roll bears it off), the player
/// on roll has no checker that could still hit it (none on the bar, none behind it) and
/// cannot bear off all of its own checkers with one roll. A single game when the player on
/// roll has borne off a checker; otherwise `None` (whether it is a gammon can still change
/// this turn).
#[must_use]
pub fn certain_loss(position: &Position) -> Option<WinKind> {
    let board = position.board();
    let opponent_left: i32 = board
        .iter()
        .filter(|&&n| n < 0)
        .map(|&n| -i32::from(n))
        .sum();
    // The opponent's last checker: on the mover's 24- or 23-point.
    let last = [24, 23].into_iter().find(|&p| board[p] < 0)?;
    let own_left: i32 = board
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| i32::from(n))
        .sum();
    let all_home = (7..=25).all(|p| board[p] <= 0);
    let can_finish = all_home && own_left <= 4;
    // A checker on the bar or on a point above the opponent's could still hit it.
    let could_hit = (last + 1..=25).any(|p| board[p] > 0);
    (opponent_left == 1 && !could_hit && !can_finish && position.mover_off() > 0)
        .then_some(WinKind::Single)
}

/// [`certain_loss`] under `variant`'s rules: only in the rule sets that move as backgammon
/// does (a Plakoto pin or Fevga's route make the count different); `None` elsewhere.
#[must_use]
pub fn certain_loss_in(variant: Variant, position: &Position) -> Option<WinKind> {
    if moves_as_backgammon(variant) {
        certain_loss(position)
    } else {
        None
    }
}

/// `offer` if resigning it costs no more than playing on could: under Schmidt scoring a
/// resignation scores every checker still on the board, whatever its level, while playing on
/// bears some of them off first, so a bot never resigns there.
#[must_use]
pub fn resignation_worth_offering(m: &MatchState, offer: Option<WinKind>) -> Option<WinKind> {
    if m.game().rules().schmidt {
        None
    } else {
        offer
    }
}

/// The names of the bots [`make`] knows, weakest first.
pub const NAMES: &[&str] = &["random", "greedy", "pubeval", "expert"];

/// Why a bot could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// No bot has that name.
    #[error("no bot is called {0:?}; the bots are {list}", list = NAMES.join(", "))]
    Unknown(String),
    /// The bot does not play that rule set.
    #[error("the {bot} bot cannot play {rule_set}; the bots that can are {able}")]
    CannotPlay {
        /// The bot's name.
        bot: String,
        /// The rule set.
        rule_set: RuleSet,
        /// The names of the bots that can, comma-separated.
        able: String,
    },
    /// The expert bot's nets for a rule set could not be read (a build with a damaged asset).
    #[error("the expert bot's nets for {variant}: {error}")]
    Nets {
        /// The rule set whose nets were asked for.
        variant: Variant,
        /// Why the file did not read.
        #[source]
        error: expert::format::NetFileError,
    },
    /// The bot's name (an engine's command, a nets file's path) is longer than a record
    /// keeps.
    #[error("a bot's name has {chars} characters; at most {max} are kept", max = MAX_BOT_NAME_CHARS)]
    NameTooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// The nets file of `expert@FILE` could not be read.
    #[error("the expert's nets file {path}: {problem}")]
    NetsFile {
        /// The file, as given (printable).
        path: String,
        /// What is wrong with it.
        #[source]
        problem: expert::NetsFileProblem,
    },
    /// An engine over UBGI could not be started.
    #[error(transparent)]
    EngineStart(#[from] ubgi::StartError),
    /// An engine over UBGI went wrong during a match: its bot's trouble.
    #[error("{0}")]
    Engine(String),
    /// A thread to play on could not be started (the system's limit on threads).
    #[error("a thread could not start: {0}")]
    Thread(#[source] std::io::Error),
}

/// The look-ahead of `expert` when its name does not give one (`expert:0`, `expert:1`,
/// `expert:2`).
pub const EXPERT_DEFAULT_PLY: u8 = 2;

/// Makes the bot called `name`, its randomness seeded with `seed`. Besides [`NAMES`],
/// `expert:0`, `expert:1` and `expert:2` name the expert bot at 0, 1 and 2-ply, and
/// `ubgi:COMMAND` an engine over UBGI started with `sh -c COMMAND` ([`ubgi::UbgiBot`]).
///
/// # Errors
/// [`BotError::Unknown`] for a name not in [`NAMES`]; [`BotError::Nets`] when the expert
/// bot's nets do not read; [`BotError::EngineStart`] when an engine does not start or answer.
pub fn make(name: &str, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    name.parse::<BotSpec>()?.make(seed)
}

/// Makes the bot called `name` (as [`make`]) for a match or session of `rule_set`.
///
/// # Errors
/// [`BotError::Unknown`] for a name not in [`NAMES`]; [`BotError::CannotPlay`] when the bot
/// does not play every game of `rule_set` (see [`plays_rule_set`]).
pub fn make_for(name: &str, seed: u64, rule_set: RuleSet) -> Result<Box<dyn Bot>, BotError> {
    name.parse::<BotSpec>()?.make_for(seed, rule_set)
}

mod decision;
pub use decision::{Decision, Question, ResignOffers, decide, take_over_bot, taken_over};
mod spec;
pub use spec::{BotSpec, DEFAULT_ROLLOUT_SECONDS, PROGRAM_BOTS};
pub mod expert;
pub mod greedy;
pub mod pubeval;
pub mod random;
pub mod ubgi;
