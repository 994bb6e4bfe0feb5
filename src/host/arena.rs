//! Bot against bot: whole games and matches driven through the engine's actions, and
//! [`run`], which plays many of them on several threads and sums them up.
//!
//! # Dice and mirrored pairs
//!
//! Every game (or match) draws its dice from a `ChaCha8Rng` seeded with a *dice seed*: the
//! opening roll as White's die then Black's (again on a tie), then one roll per turn in
//! order. The dice belong to the seats, not to the bots. [`run`] plays the games in mirrored
//! pairs: game `2k` uses dice seed `s_k` with bot A as White, game `2k + 1` the same seed
//! with A as Black, so each bot gets in one game exactly the dice the other had in the other
//! (as long as the games go the same way), which cuts the luck out of the comparison.
//!
//! The two bots take turns to start without any special rule: the opening roll decides who
//! starts, and since it is the same in both games of a pair while the bots swap seats, the
//! bot that starts one game of a pair is the one that does not start the other.
//!
//! # Determinism
//!
//! A game's result depends only on the match seed and the game's index: its dice seed comes
//! from the pair's index and both bots are made afresh for it by [`crate::bot::make`] with seeds
//! from the game's index. So the same seed gives the same results whatever the number of
//! threads and however they are scheduled; only the decision times differ.
//!
//! # Decisions
//!
//! Each decision is asked of the bot whose turn it is, by the one decision table of every
//! bot ([`crate::bot::decide`]) through a [`Host`]: a play when the roll has at least two
//! legal plays (none or one is played without asking, untimed), whether to resign (once a
//! game) and to double before rolling, the answer to a double or a beaver, and whether to
//! accept an offer to resign.
//! A beaver that the rules do not allow counts as a take.
//!
//! # Rule sets
//!
//! The games follow the rules' rule set ([`Rules::rule_set`]); each bot is asked for its
//! plays under the game's own rule set ([`Bot::choose_play`]), and [`run`] refuses a bot that
//! cannot play it. The Tavli games have no cube. A drawn game (Plakoto, both mothers pinned)
//! scores 0 for both and counts as a win for neither. In a match the winner of a Tavli game
//! starts the next one (the engine's [`MatchState::next_game`]); a Tavli match cycles Portes,
//! Plakoto and Fevga. Every record carries each game's rule set.
//!
//! # Records
//!
//! [`run_recorded`] also hands over the [`Record`] of each game or match, as the game in the
//! terminal would have recorded it: the players are the bots (named `NAME-A` and `NAME-B`
//! when both are the same bot), the seed is the game's dice seed, and a money game is a
//! money session of one game, stopped after it.

use super::Host;
use crate::bot::{self, Bot, BotError, Decision, Question};
use crate::engine::{
    Action, Dice, GameResult, MatchError, MatchState, RuleSet, Rules, RulesError, Side, WinKind,
};
use crate::record::{MAX_NAME_CHARS, PlayerInfo, PlayerKind, Record, Recorder, name_for_bot};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Why a game, a match or a contest between bots could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A bot could not be made, cannot play the rule set, or (an engine) went wrong.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The rules do not make a game or match.
    #[error("the rules cannot start a game: {0}")]
    Rules(#[source] RulesError),
    /// A match was asked for with rules that have no match length.
    #[error("a match needs a match length")]
    NoMatchLength,
    /// A bot chose an action the rules refuse: a bug in that bot.
    #[error("the {bot} bot chose an action the rules refuse ({action}): {error}")]
    IllegalAction {
        /// The bot's name.
        bot: String,
        /// The action, as the engine prints it.
        action: String,
        /// Why the rules refused it.
        #[source]
        error: MatchError,
    },
    /// The next game of a match could not start.
    #[error("the match could not go on: {0}")]
    NextGame(#[source] MatchError),
}

/// How long one bot took over its decisions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct DecisionTime {
    /// Decisions asked of the bot (plays with a choice, doubles, answers to doubles).
    pub decisions: u64,
    /// Their total wall-clock time, in nanoseconds.
    pub nanos: u64,
}

impl DecisionTime {
    /// The mean time per decision in microseconds (0 with no decision).
    #[must_use]
    pub fn mean_micros(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.nanos as f64 / self.decisions as f64 / 1000.0
        }
    }

    fn add(&mut self, other: DecisionTime) {
        self.decisions += other.decisions;
        self.nanos += other.nanos;
    }
}

/// One game between two bots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOutcome {
    /// The seat bot A played.
    pub a_side: Side,
    /// The opening roll that started the game: White's die, then Black's (ties rolled again
    /// before it are not kept).
    pub opening: [u8; 2],
    /// Who started (the higher opening die).
    pub starter: Side,
    /// Every roll after the opening roll, in order.
    pub rolls: Vec<Dice>,
    /// How the game ended.
    pub result: GameResult,
    /// The points A won (negative when A lost).
    pub a_points: i64,
    /// Decision times: A's, then B's.
    pub time: [DecisionTime; 2],
}

/// One match between two bots (for a match length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchOutcome {
    /// The seat bot A played in every game of the match.
    pub a_side: Side,
    /// The player who started the first game.
    pub starter: Side,
    /// The games' results in order.
    pub results: Vec<GameResult>,
    /// The winner of the match.
    pub winner: Side,
    /// The final score: A's points, then B's.
    pub score: [u32; 2],
    /// Decision times: A's, then B's.
    pub time: [DecisionTime; 2],
}

/// The bots of one game or match in progress, and its host (the match, the dice, the
/// record).
struct BotTable<'a> {
    /// Indexed by [`Side::index`].
    bots: [&'a mut dyn Bot; 2],
    /// Indexed by [`Side::index`].
    time: [DecisionTime; 2],
    host: Host<Option<Recorder>>,
}

impl BotTable<'_> {
    /// Asks the bot of `side`, timed when it is asked anything ([`Question::asks_bot`]).
    fn ask(&mut self, side: Side, timed: bool) -> Decision {
        let start = Instant::now();
        let decision = self.host.ask(&mut *self.bots[side.index()]);
        if timed {
            let t = &mut self.time[side.index()];
            t.decisions += 1;
            t.nanos += u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        }
        decision
    }

    /// Plays the game in progress to its end; returns the opening roll that started it and
    /// the rolls after it.
    ///
    /// # Errors
    /// [`ArenaError::IllegalAction`] when a bot makes an illegal play: a bug in that bot.
    fn play_out(&mut self) -> Result<([u8; 2], Vec<Dice>), ArenaError> {
        let mut opening = [0, 0];
        let mut rolls = Vec::new();
        while let Some(pending) = self.host.pending() {
            let m = self.host.state();
            let who = pending.side().unwrap_or(m.game().turn());
            let decision = match pending.question {
                Question::NextGame => break,
                Question::OpeningRoll => Decision::Roll,
                question => self.ask(who, question.asks_bot(m)),
            };
            match self.host.carry_out(decision) {
                Ok(Some(Action::OpeningRoll { white, black })) => opening = [white, black],
                Ok(Some(Action::Roll(dice))) => rolls.push(dice),
                Ok(_) => {}
                Err(error) => {
                    return Err(ArenaError::IllegalAction {
                        bot: self.bots[who.index()].name().to_string(),
                        action: match decision {
                            Decision::Act(action) => format!("{action:?}"),
                            other => format!("{other:?}"),
                        },
                        error,
                    });
                }
            }
        }
        Ok((opening, rolls))
    }

    /// A's and B's decision times, given A's seat.
    fn times(&self, a_side: Side) -> [DecisionTime; 2] {
        [
            self.time[a_side.index()],
            self.time[a_side.opponent().index()],
        ]
    }
}

fn seats<'a>(a: &'a mut dyn Bot, b: &'a mut dyn Bot, a_side: Side) -> [&'a mut dyn Bot; 2] {
    match a_side {
        Side::White => [a, b],
        Side::Black => [b, a],
    }
}

/// Plays one game between bot `a` (in seat `a_side`) and bot `b`, with the dice drawn from
/// `dice_seed` (see the [module documentation](self)). The game is a single game of money
/// play under `rules` (the match length is ignored): the cube is used only if `rules.cube`.
/// Its rule set is the first game's of `rules.rule_set` (for Tavli, a game of Portes: play a
/// match for the cycle).
///
/// # Errors
/// [`ArenaError::IllegalAction`] when a bot makes an illegal play (a bug in that bot);
/// [`ArenaError::Rules`] when `rules` do not validate.
pub fn play_game(
    a: &mut dyn Bot,
    b: &mut dyn Bot,
    a_side: Side,
    rules: Rules,
    dice_seed: u64,
) -> Result<GameOutcome, ArenaError> {
    Ok(play_game_recorded(a, b, a_side, rules, dice_seed, None)?.0)
}

/// [`play_game`], recording into `recorder` if given (see the [module
/// documentation](self)).
fn play_game_recorded(
    a: &mut dyn Bot,
    b: &mut dyn Bot,
    a_side: Side,
    rules: Rules,
    dice_seed: u64,
    recorder: Option<Recorder>,
) -> Result<(GameOutcome, Option<Record>), ArenaError> {
    let rules = Rules {
        match_length: None,
        ..rules
    };
    let m = MatchState::new(rules).map_err(ArenaError::Rules)?;
    let mut table = BotTable {
        bots: seats(a, b, a_side),
        time: [DecisionTime::default(); 2],
        host: Host::new(m, recorder, ChaCha8Rng::seed_from_u64(dice_seed)),
    };
    let (opening, rolls) = table.play_out()?;
    // A money session of one game: over once it is played.
    if table.host.recorder().is_some() {
        let _ = table.host.stop();
    }
    let time = table.times(a_side);
    let (m, recorder) = table.host.into_parts();
    let record = recorder.map(Recorder::into_record);
    let result = m.results()[0];
    let points = i64::from(result.points);
    let outcome = GameOutcome {
        a_side,
        opening,
        starter: first_mover(opening).unwrap_or(Side::White),
        rolls,
        result,
        a_points: if result.is_won_by(a_side) {
            points
        } else {
            -points
        },
        time,
    };
    Ok((outcome, record))
}

/// Plays a whole match to `rules.match_length` (which must be set) between bot `a` (in seat
/// `a_side` in every game) and bot `b`, all its games' dice drawn from one generator seeded
/// with `dice_seed`. [`run`] counts a match as +1 point for its winner and -1 for the loser.
///
/// # Errors
/// [`ArenaError::IllegalAction`] when a bot makes an illegal play (a bug in that bot);
/// [`ArenaError::NoMatchLength`] or [`ArenaError::Rules`] when `rules` are not a valid
/// match.
pub fn play_match(
    a: &mut dyn Bot,
    b: &mut dyn Bot,
    a_side: Side,
    rules: Rules,
    dice_seed: u64,
) -> Result<MatchOutcome, ArenaError> {
    Ok(play_match_recorded(a, b, a_side, rules, dice_seed, None)?.0)
}

/// [`play_match`], recording into `recorder` if given.
fn play_match_recorded(
    a: &mut dyn Bot,
    b: &mut dyn Bot,
    a_side: Side,
    rules: Rules,
    dice_seed: u64,
    recorder: Option<Recorder>,
) -> Result<(MatchOutcome, Option<Record>), ArenaError> {
    if rules.match_length.is_none() {
        return Err(ArenaError::NoMatchLength);
    }
    let m = MatchState::new(rules).map_err(ArenaError::Rules)?;
    let mut table = BotTable {
        bots: seats(a, b, a_side),
        time: [DecisionTime::default(); 2],
        host: Host::new(m, recorder, ChaCha8Rng::seed_from_u64(dice_seed)),
    };
    let mut starter = None;
    loop {
        let (opening, _) = table.play_out()?;
        starter = starter.or(first_mover(opening));
        if table.host.state().is_over() {
            break;
        }
        table.host.next_game().map_err(ArenaError::NextGame)?;
    }
    let time = table.times(a_side);
    let (m, recorder) = table.host.into_parts();
    let record = recorder.map(Recorder::into_record);
    let winner = m.winner().unwrap_or(Side::White);
    let outcome = MatchOutcome {
        a_side,
        starter: starter.unwrap_or(Side::White),
        results: m.results().to_vec(),
        winner,
        score: [m.score(a_side), m.score(a_side.opponent())],
        time,
    };
    Ok((outcome, record))
}

fn first_mover([white, black]: [u8; 2]) -> Option<Side> {
    match white.cmp(&black) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// One game (or, with a match length, one match) of a [`run`], from A's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// The seat A played.
    pub a_side: Side,
    /// Who started (the first game of a match).
    pub starter: Side,
    /// A won the game (or the match).
    pub a_won: bool,
    /// The game was drawn (Plakoto: both mothers pinned): neither won.
    pub drawn: bool,
    /// A's points: the game's points, signed; +1 or -1 for a match.
    pub a_points: i64,
    /// Games played (1, or the games of the match).
    pub games: u32,
    /// Games won by a gammon or a backgammon: A's, then B's.
    pub gammons: [u32; 2],
    /// Games won by a backgammon: A's, then B's.
    pub backgammons: [u32; 2],
}

impl GameSummary {
    fn count(results: &[GameResult], a_side: Side) -> ([u32; 2], [u32; 2]) {
        let mut gammons = [0, 0];
        let mut backgammons = [0, 0];
        for r in results {
            let Some(winner) = r.winner else {
                continue;
            };
            let i = usize::from(winner != a_side);
            gammons[i] += u32::from(r.kind >= WinKind::Gammon);
            backgammons[i] += u32::from(r.kind == WinKind::Backgammon);
        }
        (gammons, backgammons)
    }

    fn of_game(g: &GameOutcome) -> GameSummary {
        let (gammons, backgammons) = GameSummary::count(&[g.result], g.a_side);
        GameSummary {
            a_side: g.a_side,
            starter: g.starter,
            a_won: g.result.is_won_by(g.a_side),
            drawn: g.result.winner.is_none(),
            a_points: g.a_points,
            games: 1,
            gammons,
            backgammons,
        }
    }

    fn of_match(m: &MatchOutcome) -> GameSummary {
        let (gammons, backgammons) = GameSummary::count(&m.results, m.a_side);
        let a_won = m.winner == m.a_side;
        GameSummary {
            a_side: m.a_side,
            starter: m.starter,
            a_won,
            drawn: false,
            a_points: if a_won { 1 } else { -1 },
            games: u32::try_from(m.results.len()).unwrap_or(u32::MAX),
            gammons,
            backgammons,
        }
    }
}

/// One bot's results in a [`run`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideStats {
    /// The bot's name.
    pub bot: String,
    /// Games (or matches) won.
    pub wins: u64,
    /// Games won by a gammon or a backgammon (in a match run: over all the matches' games).
    pub gammons: u64,
    /// Games won by a backgammon.
    pub backgammons: u64,
    /// `wins` over the games (or matches) played.
    pub win_rate: f64,
    /// `gammons` over the games played (every game of every match).
    pub gammon_rate: f64,
    /// `backgammons` over the games played.
    pub backgammon_rate: f64,
    /// The mean time per decision, in microseconds (this varies from run to run).
    pub micros_per_decision: f64,
    /// How many decisions were timed.
    pub decisions: u64,
}

/// The summary of a [`run`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// The rule set of the games.
    pub rules: RuleSet,
    /// Games played (with a match length: matches played).
    pub games: u64,
    /// Every game of every match, when there is a match length; else the same as `games`.
    pub games_played: u64,
    /// The match length, or `None` for money games.
    pub match_length: Option<u32>,
    /// The cube was in use.
    pub cube: bool,
    /// The seed the dice and the bots came from.
    pub seed: u64,
    /// Drawn games: both mothers pinned (Plakoto), or stopped at the action limit.
    pub draws: u64,
    /// Points per game for A (per match: +1 a win, -1 a loss).
    pub ppg: f64,
    /// The half-width of the 95% confidence interval of `ppg` (see [`ci95_half_width`]).
    pub ppg_ci95: f64,
    /// Bot A's results.
    pub a: SideStats,
    /// Bot B's results.
    pub b: SideStats,
    /// Each game (or match) in the order of its index ([`run`] and [`run_recorded`]; empty
    /// from [`run_tallied`]).
    #[serde(skip)]
    pub results: Vec<GameSummary>,
}

/// The half-width of the normal-approximation 95% confidence interval of the mean of
/// `points`: `1.96 * s / sqrt(n)` with `s` the sample standard deviation (divided by
/// `n - 1`). `NaN` for fewer than two values.
#[must_use]
pub fn ci95_half_width(points: &[i64]) -> f64 {
    let n = points.len();
    if n < 2 {
        return f64::NAN;
    }
    let n = n as f64;
    let mean = points.iter().map(|&p| p as f64).sum::<f64>() / n;
    let var = points
        .iter()
        .map(|&p| (p as f64 - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    1.96 * var.sqrt() / n.sqrt()
}

/// SplitMix64's finaliser: well-spread seeds from small related numbers.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The dice seed of pair `pair` of a run seeded with `seed`.
#[must_use]
pub fn pair_dice_seed(seed: u64, pair: u64) -> u64 {
    mix(mix(seed) ^ mix(pair.wrapping_mul(2)))
}

/// The seed of bot A (`bot` 0) or B (`bot` 1) for game `game` of a run seeded with `seed`.
fn bot_seed(seed: u64, game: u64, bot: u64) -> u64 {
    mix(mix(seed ^ 0x5eed_b075) ^ mix(game.wrapping_mul(2).wrapping_add(bot)))
}

/// A's seat in game `game` of a run: White in even games, Black in odd ones.
#[must_use]
pub const fn a_side_of(game: u64) -> Side {
    if game.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    }
}

/// The outcome of one game (or match) of a run: its summary, the decision times, and its
/// record if asked for.
type Played = (GameSummary, [DecisionTime; 2], Option<Record>);

/// Plays game (or match) `game` of a run, recording it when `record` is set.
fn play_one(
    a_name: &str,
    b_name: &str,
    game: u64,
    seed: u64,
    rules: Rules,
    record: bool,
) -> Result<Played, ArenaError> {
    let mut a = bot::make(a_name, bot_seed(seed, game, 0))?;
    let mut b = bot::make(b_name, bot_seed(seed, game, 1))?;
    let a_side = a_side_of(game);
    let dice_seed = pair_dice_seed(seed, game / 2);
    let recorder = record.then(|| {
        let (a_label, b_label) = if a_name == b_name {
            let name = name_for_bot(a_name);
            let cut = name.chars().take(MAX_NAME_CHARS - 2).collect::<String>();
            (format!("{cut}-A"), format!("{cut}-B"))
        } else {
            (name_for_bot(a_name), name_for_bot(b_name))
        };
        let player = |label: String, bot: &str| PlayerInfo {
            name: label,
            kind: PlayerKind::Bot(bot.to_string()),
        };
        let (pa, pb) = (player(a_label, a_name), player(b_label, b_name));
        let players = match a_side {
            Side::White => [pa, pb],
            Side::Black => [pb, pa],
        };
        Recorder::new(players, rules, Some(dice_seed))
    });
    let played = if rules.match_length.is_some() {
        let (m, rec) = play_match_recorded(&mut *a, &mut *b, a_side, rules, dice_seed, recorder)?;
        (GameSummary::of_match(&m), m.time, rec)
    } else {
        let (g, rec) = play_game_recorded(&mut *a, &mut *b, a_side, rules, dice_seed, recorder)?;
        (GameSummary::of_game(&g), g.time, rec)
    };
    // An engine that went wrong played stand-ins: the contest stops with its line.
    if let Some(why) = a.trouble().or_else(|| b.trouble()) {
        return Err(BotError::Engine(why).into());
    }
    Ok(played)
}

/// What a bot match plays: bot `a` against bot `b`, by name, for `games` games (with
/// `rules.match_length`: matches), the dice of game `n` drawn from `seed` and `n`, on
/// `threads` threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contest<'a> {
    /// The first bot's name (the report's side A).
    pub a: &'a str,
    /// The second bot's name (side B).
    pub b: &'a str,
    /// How many games (or matches).
    pub games: u64,
    /// The seed of every game's dice.
    pub seed: u64,
    /// The rules of every game.
    pub rules: Rules,
    /// How many threads play (at least one; no more than there are games).
    pub threads: usize,
}

/// Plays the `contest`'s games of bot `a` against bot `b` in mirrored pairs (see the
/// [module documentation](self)), calling `progress` with the number finished after each
/// one (from the worker threads). An odd `games` leaves the last pair without its mirror.
/// Money games of Tavli are all its first game, Portes (see [`play_game`]); `bot-match`
/// asks for a match instead.
///
/// The report is the same for the same arguments whatever `threads` is, apart from the
/// decision times.
///
/// # Errors
/// [`ArenaError::Bot`] when a bot name is unknown, a bot cannot play the rule set, or a
/// thread cannot start ([`BotError::Thread`]); [`ArenaError::Rules`] when `rules` do not
/// validate; [`ArenaError::IllegalAction`] when a bot makes an illegal play (a bug in that
/// bot).
pub fn run(contest: &Contest, progress: impl Fn(u64) + Sync) -> Result<MatchReport, ArenaError> {
    run_recorded(contest, &progress, None)
}

/// [`run`], also handing `save` (when given) the index (from 0) and the [`Record`] of each
/// game (or match) as it ends, from the worker threads. The report is the same as
/// [`run`]'s.
///
/// # Errors
/// As [`run`].
pub fn run_recorded(
    contest: &Contest,
    progress: &(dyn Fn(u64) + Sync),
    save: Option<&(dyn Fn(u64, Record) + Sync)>,
) -> Result<MatchReport, ArenaError> {
    let slots: Vec<Mutex<Option<GameSummary>>> =
        (0..contest.games).map(|_| Mutex::new(None)).collect();
    let keep = |game: u64, summary: GameSummary| {
        if let Some(slot) = usize::try_from(game).ok().and_then(|i| slots.get(i)) {
            *slot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(summary);
        }
    };
    let time = run_games(contest, progress, save, &keep)?;
    let results: Vec<GameSummary> = slots
        .into_iter()
        .filter_map(|slot| {
            slot.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        })
        .collect();
    let mut tally = Tally::default();
    for summary in &results {
        tally.add(summary);
    }
    let mut report = report(contest, &tally, time);
    report.results = results;
    Ok(report)
}

/// [`run_recorded`] without keeping each game's summary: the report's `results` is empty,
/// and the memory the run takes does not grow with `games`. The figures are the same.
///
/// # Errors
/// As [`run`].
pub fn run_tallied(
    contest: &Contest,
    progress: &(dyn Fn(u64) + Sync),
    save: Option<&(dyn Fn(u64, Record) + Sync)>,
) -> Result<MatchReport, ArenaError> {
    let tally = Mutex::new(Tally::default());
    let keep = |_, summary: GameSummary| {
        tally
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .add(&summary);
    };
    let time = run_games(contest, progress, save, &keep)?;
    let tally = tally
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Ok(report(contest, &tally, time))
}

/// Plays the games on `threads` threads, handing each game's summary to `keep` (from the
/// worker threads); returns the bots' decision times.
fn run_games(
    contest: &Contest,
    progress: &(dyn Fn(u64) + Sync),
    save: Option<&(dyn Fn(u64, Record) + Sync)>,
    keep: &(dyn Fn(u64, GameSummary) + Sync),
) -> Result<[DecisionTime; 2], ArenaError> {
    let Contest {
        a: a_name,
        b: b_name,
        games,
        seed,
        rules,
        threads,
    } = *contest;
    // Unknown names and bots that cannot play the rule set fail here, before any thread
    // starts.
    bot::make_for(a_name, 0, rules.rule_set)?;
    bot::make_for(b_name, 0, rules.rule_set)?;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let threads = threads.clamp(1, usize::try_from(games).unwrap_or(usize::MAX).max(1));
    let worker = || -> Result<[DecisionTime; 2], ArenaError> {
        let mut time = [DecisionTime::default(); 2];
        loop {
            let game = next.fetch_add(1, Ordering::Relaxed);
            if game >= games {
                return Ok(time);
            }
            let (summary, t, record) = play_one(a_name, b_name, game, seed, rules, save.is_some())?;
            if let (Some(save), Some(record)) = (save, record) {
                save(game, record);
            }
            time[0].add(t[0]);
            time[1].add(t[1]);
            keep(game, summary);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    let times: Vec<Result<[DecisionTime; 2], ArenaError>> = std::thread::scope(|s| {
        let mut handles = Vec::with_capacity(threads);
        let mut failed = None;
        for _ in 0..threads {
            match std::thread::Builder::new().spawn_scoped(s, worker) {
                Ok(handle) => handles.push(handle),
                Err(e) => {
                    // No game is handed out any more: the threads that started stop after
                    // the game they play, and the run ends with the error.
                    next.store(games, Ordering::Relaxed);
                    failed = Some(Err(BotError::Thread(e).into()));
                    break;
                }
            }
        }
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .chain(failed)
            .collect()
    });
    let mut time = [DecisionTime::default(); 2];
    for t in times {
        let t = t?;
        time[0].add(t[0]);
        time[1].add(t[1]);
    }
    Ok(time)
}

/// The sums a report is made of, in any order of the games: exact integers, so the report
/// is the same however the games were shared among threads.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    units: u64,
    games_played: u64,
    points: i128,
    points_squared: i128,
    wins: [u64; 2],
    draws: u64,
    gammons: [u64; 2],
    backgammons: [u64; 2],
}

impl Tally {
    fn add(&mut self, r: &GameSummary) {
        self.units += 1;
        self.games_played += u64::from(r.games);
        self.points += i128::from(r.a_points);
        self.points_squared += i128::from(r.a_points) * i128::from(r.a_points);
        if r.drawn {
            self.draws += 1;
        } else {
            self.wins[usize::from(!r.a_won)] += 1;
        }
        for i in 0..2 {
            self.gammons[i] += u64::from(r.gammons[i]);
            self.backgammons[i] += u64::from(r.backgammons[i]);
        }
    }

    /// [`ci95_half_width`] from the sums: the variance `(n Σx² - (Σx)²) / (n (n - 1))`
    /// computed exactly.
    fn ci95(&self) -> f64 {
        let n = i128::from(self.units);
        if n < 2 {
            return f64::NAN;
        }
        let var =
            (n * self.points_squared - self.points * self.points) as f64 / (n * (n - 1)) as f64;
        1.96 * var.max(0.0).sqrt() / (n as f64).sqrt()
    }
}

fn report(contest: &Contest, tally: &Tally, time: [DecisionTime; 2]) -> MatchReport {
    let Contest {
        a: a_name,
        b: b_name,
        seed,
        rules,
        ..
    } = *contest;
    let units = tally.units;
    let ratio = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let stats = |i: usize, name: &str| SideStats {
        bot: name.to_string(),
        wins: tally.wins[i],
        gammons: tally.gammons[i],
        backgammons: tally.backgammons[i],
        win_rate: ratio(tally.wins[i], units),
        gammon_rate: ratio(tally.gammons[i], tally.games_played),
        backgammon_rate: ratio(tally.backgammons[i], tally.games_played),
        micros_per_decision: time[i].mean_micros(),
        decisions: time[i].decisions,
    };
    MatchReport {
        rules: rules.rule_set,
        games: units,
        draws: tally.draws,
        games_played: tally.games_played,
        match_length: rules.match_length,
        cube: rules.uses_cube(),
        seed,
        ppg: if units == 0 {
            0.0
        } else {
            tally.points as f64 / units as f64
        },
        ppg_ci95: tally.ci95(),
        a: stats(0, a_name),
        b: stats(1, b_name),
        results: Vec::new(),
    }
}
