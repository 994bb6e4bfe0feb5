//! Computer players: the [`Bot`] interface and the bots that implement it.
//!
//! A bot sees the game only through the engine's API and chooses among the plays and cube
//! actions the engine says are legal. Bots are deterministic: any randomness comes from a
//! generator seeded when the bot is made.

use crate::engine::{Dice, MatchState, Play, Position, WinKind};

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

    /// Every legal play of `dice` in `position` (seen from the player who moves), scored and
    /// ranked best first. Empty when nothing can be played.
    fn rank_plays(&mut self, position: &Position, dice: Dice) -> Vec<ScoredPlay>;

    /// The play to make now (the game is waiting for the bot's play).
    fn choose_play(&mut self, m: &MatchState) -> Play {
        let game = m.game();
        let Some(dice) = game.dice() else {
            return Play::new(&[], *game.position());
        };
        self.rank_plays(game.position(), dice)
            .first()
            .map_or_else(|| Play::new(&[], *game.position()), |s| s.play)
    }

    /// Whether to offer to resign now, at the start of the bot's turn, and how much. By
    /// default a bot resigns only a loss that is certain (see [`certain_loss`]).
    fn offer_resignation(&mut self, m: &MatchState) -> Option<WinKind> {
        certain_loss(m.game().position())
    }

    /// Whether to double now, before rolling (only asked when doubling is allowed).
    fn should_double(&mut self, m: &MatchState) -> bool;

    /// The answer to a double (or, for the original doubler, to a beaver: then `Beaver`
    /// means the same as `Take`).
    fn answer_double(&mut self, m: &MatchState) -> DoubleAnswer;

    /// Whether to accept the opponent's offer to resign `level` (times the cube).
    fn accept_resignation(&mut self, m: &MatchState, level: WinKind) -> bool;
}

/// The loss the player on roll cannot avoid, if any: the opponent has one checker left, on
/// its 1- or 2-point (every roll bears it off), the player on roll has nothing on the bar
/// (entering could hit it there) and cannot bear off all of its own checkers with one roll.
/// A single game when the player on roll has borne off a
/// checker; otherwise `None` (whether it is a gammon can still change this turn).
#[must_use]
pub fn certain_loss(position: &Position) -> Option<WinKind> {
    let board = position.board();
    let opponent_left: i32 = board
        .iter()
        .filter(|&&n| n < 0)
        .map(|&n| -i32::from(n))
        .sum();
    let last_on_1_or_2 = board[24] < 0 || board[23] < 0;
    let own_left: i32 = board
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| i32::from(n))
        .sum();
    let all_home = (7..=25).all(|p| board[p] <= 0);
    let can_finish = all_home && own_left <= 4;
    let on_bar = board[25] > 0;
    (opponent_left == 1 && last_on_1_or_2 && !on_bar && !can_finish && position.mover_off() > 0)
        .then_some(WinKind::Single)
}

/// The names of the bots [`make`] knows, weakest first.
pub const NAMES: &[&str] = &["random", "greedy", "pubeval", "expert"];

/// Why a bot could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No bot has that name.
    #[error("no bot is called {0:?}; the bots are {list}", list = NAMES.join(", "))]
    Unknown(String),
    /// The expert bot's nets could not be read.
    #[error("the expert bot's nets: {0}")]
    Nets(String),
}

/// The look-ahead of `expert` when its name does not give one (`expert:0`, `expert:1`).
pub const EXPERT_DEFAULT_PLY: u8 = 1;

/// Makes the bot called `name`, its randomness seeded with `seed`. Besides [`NAMES`],
/// `expert:0` and `expert:1` name the expert bot at 0-ply and 1-ply.
///
/// # Errors
/// [`BotError::Unknown`] for a name not in [`NAMES`]; [`BotError::Nets`] when the expert
/// bot's nets do not read.
pub fn make(name: &str, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    match name {
        "expert:0" => Ok(Box::new(expert::ExpertBot::shipped(0)?)),
        "expert:1" => Ok(Box::new(expert::ExpertBot::shipped(1)?)),
        "random" => Ok(Box::new(random::RandomBot::new(seed))),
        "greedy" => Ok(Box::new(greedy::GreedyBot::new(seed))),
        "pubeval" => Ok(Box::new(pubeval::PubevalBot::new())),
        "expert" => Ok(Box::new(
            expert::ExpertBot::shipped(EXPERT_DEFAULT_PLY)?.named("expert"),
        )),
        other => Err(BotError::Unknown(other.to_string())),
    }
}

pub mod arena;
pub mod expert;
pub mod greedy;
pub mod pubeval;
pub mod random;
