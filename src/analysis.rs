//! The analysis of a recorded match: every play and cube decision judged by the expert bot
//! (`bg-tui analyse FILE` prints it; the replay viewer shows the decision of the moment).
//!
//! The record (a game record, or a Jellyfish `.mat` file) is replayed through the rules. At
//! each decision the expert values what was done against the best it finds, in money-game
//! units (money play: equity per unit of the cube; a match: match-winning chances
//! normalised as GNU Backgammon's EMG), from the view of the player who decided:
//!
//! - a play with a choice: the best play's cubeful equity (the expert's ranking under the
//!   game's cube and score) minus the played one's;
//! - a roll when the player could have doubled to some purpose (the cube centred or its
//!   own; in a match not in the Crawford game, not for the leader after it, not when a win
//!   at this cube wins the match already): a missed double costs what doubling would have
//!   won;
//! - a double: what it lost against not doubling (nothing when doubling is right);
//! - a take or a pass: what it lost against the other answer.
//!
//! Forced plays, opening rolls and resignations are not judged.
//!
//! The statistics are counted as GNU Backgammon counts them ([`PlayerStats`]): decisions are the
//! unforced moves and the close cube decisions, error rates are per decision in mEMG (and
//! MWC in a match), checker play and cube apart and together, rated in gnubg's words; the
//! luck of each roll is measured with the cube (cubeful, at 0-ply, in EMG and MWC
//! or points) and marked as gnubg marks it (very lucky, lucky, unlucky, very unlucky); and
//! the luck-adjusted result. Beside them, the performance rating (PR, as eXtreme Gammon gives
//! it: 500 times the mean error per decision) and the dice (how often each of the 21 rolls
//! came, against its 1 or 2 in 36).
//!
//! The analysing expert judges at the depth asked for; a player that is the expert at that
//! depth or deeper is judged by itself, and the report says so.

use crate::advisor::Mark;
use crate::advisor::{AdviceError, Advisor, CubeAdvice, DecisionKind, JudgedDecision};
use crate::bot::expert::ExpertBot;
use crate::bot::expert::close_cube::CloseRollouts;
use crate::engine::{Action, Dice, MatchState, Phase, Position, Side, position_id};
use crate::record::{self, ActionStep, GameEnd, GameStart, Record, RecordedAction, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::ops::ControlFlow;

pub mod cache;
mod luck;
mod report;
mod stats;

pub use report::text;

use stats::Fact;
pub use stats::{CLOSE_CUBE, CubeEquities, LuckMark, PlayerStats, luck_words, rating_words};

/// A loss at or above this much equity counts as an error in the error count.
pub const ERROR_AT: f64 = 0.02;

/// The expert's play where it differs from the one played: its checker moves and the
/// position after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BestPlay {
    /// The checker moves, in the mover's numbering: from (25: the bar), to (0: off), hit.
    pub steps: Vec<(u8, u8, bool)>,
    /// The position after the play, from the mover's view.
    pub position: Position,
}
/// How many of the worst decisions the text report lists.
const WORST: usize = 10;

/// One judged decision, as the analysis saves it: a view of the advisor's [`JudgedDecision`]
/// with where it was taken (game, action, position, dice), in EMG (and MWC lost, in a
/// match). Its JSON is that of the saved analyses of [`cache::VERSION`] 3 (the side and the
/// kind in words).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The game (from 1).
    pub game: usize,
    /// The action's index in its game (from 1).
    pub action: usize,
    /// The player who decided (`white` or `black` in the file).
    #[serde(with = "side_words")]
    pub side: Side,
    /// What kind of decision it was (`play`, `double`, `no double`, `take` or `pass` in the
    /// file).
    pub kind: DecisionKind,
    /// The Position ID before the decision (the decider on roll, or the doubler when
    /// answering a double).
    pub position_id: String,
    /// The roll, for a play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    /// What was done (a play in notation, or the cube action).
    pub done: String,
    /// What the expert prefers.
    pub best: String,
    /// The equity lost (0 when the decision was the expert's own).
    pub loss: f64,
    /// The equity of what was done (the decider's view; cubeless per unit of the cube for a
    /// play, cubeful for a cube action).
    #[serde(default)]
    pub done_equity: f64,
    /// The equity of what the expert prefers.
    #[serde(default)]
    pub best_equity: f64,
    /// The expert's play, for a play that differs from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_play: Option<BestPlay>,
    /// In a match: the match-winning chances lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss_mwc: Option<f64>,
    /// How many rolls ahead the decision was judged.
    #[serde(default)]
    pub ply: u8,
    /// The legal plays of the roll (a play).
    #[serde(default)]
    pub choices: usize,
    /// The cube's equities (a cube decision), from the doubler's view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube: Option<CubeEquities>,
    /// What a unit of equity was worth at the decision: match-winning chances in a match
    /// (half the swing of a single game at the cube), points in money play (the cube).
    #[serde(default)]
    pub scale: f64,
}

impl Judged {
    /// gnubg's mark of the decision, by the equity it lost.
    #[must_use]
    pub fn mark(&self) -> Option<Mark> {
        Mark::of(self.loss)
    }
}

/// The luck of one roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RollLuck {
    /// The game (from 1).
    pub game: usize,
    /// The action's index in its game (from 1): the play of the roll.
    pub action: usize,
    /// The player who rolled (`white` or `black` in the file).
    #[serde(with = "side_words")]
    pub side: Side,
    /// The roll, the higher die first.
    pub dice: [u8; 2],
    /// Its luck in EMG (money play: per unit of the cube).
    pub luck: f64,
    /// The same in match-winning chances (a match) or points (money play).
    pub luck_mwc: f64,
    /// gnubg's mark of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<LuckMark>,
}

/// The analysis of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The players' names, White first.
    pub players: [String; 2],
    /// The analysing expert's depth.
    pub ply: u8,
    /// Per player: its depth when the player is the expert (from the record's players), so
    /// the report can say when the expert judged itself.
    pub player_ply: [Option<u8>; 2],
    /// The match's length (`None` for money play).
    pub match_length: Option<u32>,
    /// Per player (White first): decisions, as gnubg counts them (unforced moves and close
    /// cube decisions).
    pub decisions: [usize; 2],
    /// Per player: total equity lost (EMG).
    pub total_loss: [f64; 2],
    /// Per player: decisions that lost at least [`ERROR_AT`].
    pub errors: [usize; 2],
    /// Every judged decision, in order.
    pub judged: Vec<Judged>,
    /// Per player: the sum of its rolls' luck (EMG).
    pub luck: [f64; 2],
    /// Per player: the rolls played.
    pub rolls: [usize; 2],
    /// Per player: gnubg's luck rating of the mean luck per roll.
    pub luck_rating: [String; 2],
    /// Per player: the error rate, thousandths of EMG lost per decision.
    pub error_rate: [f64; 2],
    /// Per player: gnubg's rating of the error rate.
    pub rating: [String; 2],
    /// Per player: the performance rating (500 times the mean error per decision).
    pub pr: [f64; 2],
    /// Per player: the points it won, less the points the other won.
    pub result: [f64; 2],
    /// Per player: the result less its own luck plus the other's (points in money play,
    /// match-winning chances in a match).
    pub luck_adjusted: [f64; 2],
    /// Per player: how often each of the 21 rolls came (1-1, 1-2, ..., 6-6).
    pub dice: [[u32; 21]; 2],
    /// Per player: the statistics as GNU Backgammon counts them.
    pub stats: [PlayerStats; 2],
    /// Every roll played, with its luck, in order.
    pub roll_luck: Vec<RollLuck>,
}

impl Analysis {
    /// The player `side` (0 White, 1 Black) is the expert at the analysis's depth or deeper:
    /// it was judged by itself.
    #[must_use]
    pub fn judged_itself(&self, side: usize) -> bool {
        self.player_ply[side].is_some_and(|p| p >= self.ply)
    }
}

/// The index of a roll among the 21 (1-1, 1-2, ..., 1-6, 2-2, ..., 6-6).
fn roll_index(dice: Dice) -> usize {
    let (a, b) = (usize::from(dice.low()), usize::from(dice.high()));
    (a - 1) * (14 - a) / 2 + (b - a)
}

/// A side in the words of the saved analysis: `white` or `black`.
mod side_words {
    use crate::engine::Side;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    /// `white` or `black`.
    pub(super) const fn word(side: Side) -> &'static str {
        match side {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    pub(super) fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(word(*side))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(D::Error::unknown_variant(other, &["white", "black"])),
        }
    }
}

/// Why a record could not be analysed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The expert's nets could not be read.
    #[error(transparent)]
    Bot(#[from] crate::bot::BotError),
    /// The record does not replay: the rules refuse one of its actions.
    #[error(transparent)]
    Record(#[from] crate::record::RecordError),
    /// The expert does not play a game's rule set.
    #[error("game {game}: the expert bot does not play {variant}, so it cannot judge it")]
    CannotJudge {
        /// The game, from 1.
        game: usize,
        /// Its rule set.
        variant: crate::engine::Variant,
    },
    /// The thread to make it on could not start (a limit on processes or memory).
    #[error("a thread could not start ({0})")]
    Thread(#[source] std::io::Error),
}

/// Analyses `record` with the expert bot at `ply`.
///
/// # Errors
/// The rules' complaint about the first action they refuse, or the expert's nets not
/// reading.
pub fn analyse(record: &Record, ply: u8) -> Result<Analysis, AnalysisError> {
    analyse_with_progress(record, ply, &mut |_, _| {})
}

/// [`analyse`], telling `progress` after each action of the record how many are done of
/// how many (the record's actions in all).
///
/// # Errors
/// As [`analyse`].
pub fn analyse_with_progress(
    record: &Record,
    ply: u8,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, AnalysisError> {
    analyse_settling(record, ply, Judging::default(), progress)
}

/// How the expert judges a record beyond its depth. The default ([`Judging::default`]):
/// the look-ahead alone for close cube decisions, pruned replies, as GNU Backgammon's
/// `analyse match` judges.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judging {
    /// Settle close cube decisions by a rollout, so (`None`: by the look-ahead alone; see
    /// [`crate::bot::expert::close_cube`]).
    pub close: Option<CloseRollouts>,
    /// The look-ahead values only the best few replies of a contact roll, as the pruning
    /// nets rank them ([`ExpertBot::prune_replies`]); `false`: every reply.
    pub prune_replies: bool,
}

impl Default for Judging {
    /// Close cube decisions by the look-ahead alone; the replies pruned (0.58 of the CPU of
    /// every reply, the same best plays on the records measured).
    fn default() -> Judging {
        Judging {
            close: None,
            prune_replies: true,
        }
    }
}

impl Judging {
    /// The advisor over the shipped expert at `ply`, judging so.
    fn advisor(self, ply: u8) -> Result<Advisor, AnalysisError> {
        let mut bot = ExpertBot::shipped(ply)?;
        bot.prune_replies(self.prune_replies)?;
        Ok(Advisor::with_expert(bot).with_close_rollouts(self.close))
    }
}

/// [`analyse_with_progress`], judging as `judging` says.
///
/// # Errors
/// As [`analyse`].
pub fn analyse_settling(
    record: &Record,
    ply: u8,
    judging: Judging,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, AnalysisError> {
    let (judged, gathered) = judge_all(record, ply, judging, progress)?;
    let stats = stats::tally(&gathered.facts);
    let mut errors = [0; 2];
    for j in &judged {
        errors[j.side.index()] += usize::from(j.loss >= ERROR_AT);
    }
    let error_rate = stats.clone().map(|s| 1000.0 * s.overall_rate().emg);
    Ok(Analysis {
        players: crate::replay::display_names(&record.players),
        ply,
        player_ply: player_plies(record),
        match_length: record.rules.match_length,
        decisions: stats.clone().map(|s| s.decisions()),
        total_loss: stats.clone().map(|s| s.overall_error().emg),
        errors,
        judged,
        luck: stats.clone().map(|s| s.luck.emg),
        rolls: stats.clone().map(|s| s.total_moves),
        luck_rating: stats
            .clone()
            .map(|s| s.luck_rating().unwrap_or("n/a").to_string()),
        rating: stats
            .clone()
            .map(|s| s.overall_rating().unwrap_or("n/a").to_string()),
        pr: error_rate.map(|r| r / 2.0),
        error_rate,
        result: gathered.result,
        luck_adjusted: stats.clone().map(|s| s.luck_adjusted),
        dice: gathered.counts,
        stats,
        roll_luck: gathered.rolls,
    })
}

/// The expert's depth of each player of `record` that is the expert: by its kind, or by a
/// person's name that names it as a `.mat` file of bot games has it (`expert`, `expert 1`
/// for `expert:1`, `expert-A` and `expert-B` for two players of one name).
fn player_plies(record: &Record) -> [Option<u8>; 2] {
    let ply_of = |info: &record::PlayerInfo| {
        let name = match &info.kind {
            record::PlayerKind::Bot(name) => name.clone(),
            record::PlayerKind::Human => {
                let name = info.name.trim();
                let name = name
                    .strip_suffix("-A")
                    .or_else(|| name.strip_suffix("-B"))
                    .unwrap_or(name);
                name.replacen("expert ", "expert:", 1)
            }
        };
        match name.parse::<crate::bot::BotSpec>() {
            Ok(
                crate::bot::BotSpec::Expert(ply)
                | crate::bot::BotSpec::ExpertWithNets { ply, .. }
                | crate::bot::BotSpec::ExpertRollingOut { ply, .. },
            ) => Some(ply.unwrap_or(crate::bot::EXPERT_DEFAULT_PLY)),
            _ => None,
        }
    };
    [ply_of(&record.players[0]), ply_of(&record.players[1])]
}

/// What the walk gathered beside the judged decisions: the statistics' facts, each roll's
/// luck, the results and the dice.
#[derive(Debug, Clone, Default)]
struct Gathered {
    facts: Vec<Fact>,
    rolls: Vec<RollLuck>,
    result: [f64; 2],
    counts: [[u32; 21]; 2],
}

/// The expert's judgement at `ply` of action `action` (from 0) of game `game` (from 0) of
/// `record`: `None` when that action is no decision the analysis judges (a forced play, an
/// opening roll, a resignation, a result) or is not in the record.
///
/// # Errors
/// As [`analyse`], for the actions up to that one.
pub fn judge_action(
    record: &Record,
    ply: u8,
    game: usize,
    action: usize,
) -> Result<Option<Judged>, AnalysisError> {
    Ok(judge(record, ply, Some((game, action)))?.pop())
}

/// The advisor's judgement at `ply` of `action` taken in `m` (the match just before it),
/// when it is a decision the analysis judges in a record: a play, a double, a take, a pass,
/// and a roll where the cube could be turned to some purpose; `None` for any other action
/// (a beaver, a resignation), or one the advisor does not judge (a forced play). Tutor mode
/// judges a decision so, in the match it holds, with no record to walk.
///
/// # Errors
/// [`AnalysisError::CannotJudge`] for a rule set the expert has no nets for;
/// [`AnalysisError::Bot`] when its nets do not read.
pub fn judge_decision(
    m: &MatchState,
    action: &Action,
    ply: u8,
) -> Result<Option<JudgedDecision>, AnalysisError> {
    let judged = match action {
        Action::Play(_) | Action::Double | Action::Take | Action::Drop => true,
        Action::Roll(_) => crate::bot::expert::cube_info(m).may_double(),
        _ => false,
    };
    if !judged {
        return Ok(None);
    }
    let mut advisor = Advisor::with_expert(ExpertBot::shipped(ply)?);
    match advisor.judge(m, action) {
        Ok(judgement) => Ok(judgement),
        Err(AdviceError::NoNets(variant)) => Err(AnalysisError::CannotJudge {
            game: m.game_number(),
            variant,
        }),
        Err(AdviceError::Bot(e)) => Err(AnalysisError::Bot(e)),
        Err(_) => Ok(None),
    }
}

/// The judged decisions of `record`: all of them, or only the action `only` (game and
/// action from 0), walking the record no further than it.
fn judge(
    record: &Record,
    ply: u8,
    only: Option<(usize, usize)>,
) -> Result<Vec<Judged>, AnalysisError> {
    let mut judge = Judge::new(ply, only, false, Judging::default())?;
    match record::walk(record, &mut judge)? {
        ControlFlow::Break(Stop::Failed(e)) => Err(e),
        ControlFlow::Break(Stop::Done) | ControlFlow::Continue(_) => Ok(judge.judged),
    }
}

/// Every decision judged, and the statistics' facts, luck, results and dice of the whole
/// record.
fn judge_all(
    record: &Record,
    ply: u8,
    judging: Judging,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(Vec<Judged>, Gathered), AnalysisError> {
    let mut judge = Judge::new(ply, None, true, judging)?;
    judge.total = record.games.iter().map(|g| g.actions.len()).sum();
    judge.pre = judge_in_parallel(record, ply, judging, progress)?;
    match record::walk(record, &mut judge)? {
        ControlFlow::Break(Stop::Failed(e)) => Err(e),
        ControlFlow::Break(Stop::Done) | ControlFlow::Continue(_) => {
            Ok((judge.judged, judge.gathered))
        }
    }
}

/// Why [`Judge`] stops the walk.
enum Stop {
    /// The action asked for is judged.
    Done,
    /// The expert cannot judge a game.
    Failed(AnalysisError),
}

/// Judges the decisions of a record as it is walked.
struct Judge<'p> {
    advisor: Advisor,
    /// The expert at 0-ply, for the luck of the rolls (when asked for).
    luck_bot: Option<ExpertBot>,
    /// Only this action (game and action from 0), if given.
    only: Option<(usize, usize)>,
    judged: Vec<Judged>,
    gathered: Gathered,
    /// The match as the game in progress started (for what its result is worth).
    game_start: Option<MatchState>,
    /// Told after each action how many are done of [`Judge::total`].
    progress: Option<&'p mut dyn FnMut(usize, usize)>,
    /// Actions walked.
    done: usize,
    /// The record's actions in all.
    total: usize,
    /// The advisor's judgements worked out before the walk (on several threads), by game
    /// and action (from 0); an action not there is judged as the walk meets it.
    pre: HashMap<(usize, usize), Option<JudgedDecision>>,
}

impl Judge<'_> {
    fn new(
        ply: u8,
        only: Option<(usize, usize)>,
        luck: bool,
        judging: Judging,
    ) -> Result<Self, AnalysisError> {
        let luck_bot = if luck {
            Some(ExpertBot::shipped(0)?)
        } else {
            None
        };
        Ok(Judge {
            advisor: judging.advisor(ply)?,
            luck_bot,
            only,
            judged: Vec::new(),
            gathered: Gathered::default(),
            game_start: None,
            progress: None,
            done: 0,
            total: 0,
            pre: HashMap::new(),
        })
    }
}

impl Visitor for Judge<'_> {
    type Break = Stop;

    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<Stop> {
        if self.only.is_some_and(|(game, _)| game < start.game) {
            return ControlFlow::Break(Stop::Done);
        }
        let variant = start.m.game().variant();
        self.game_start = Some(start.m.clone());
        if let Some(luck) = &mut self.luck_bot {
            luck.select(variant);
        }
        if !self.advisor.expert().select(variant) {
            return ControlFlow::Break(Stop::Failed(AnalysisError::CannotJudge {
                game: start.game + 1,
                variant,
            }));
        }
        ControlFlow::Continue(())
    }

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Stop> {
        let here = (step.game, step.index);
        match self.only {
            Some(at) if at < here => return ControlFlow::Break(Stop::Done),
            Some(at) if at != here => return ControlFlow::Continue(()),
            _ => {}
        }
        self.count_luck(step);
        let judged = self.judge(step);
        self.gather(step, judged.as_ref());
        if let Some(judged) = judged {
            self.judged.push(judged);
        }
        self.done += 1;
        if let Some(progress) = self.progress.as_mut() {
            progress(self.done, self.total);
        }
        if self.only.is_some() {
            return ControlFlow::Break(Stop::Done);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) -> ControlFlow<Stop> {
        if let Some(result) = end.m.game().result()
            && let Some(winner) = result.winner
        {
            let points = f64::from(result.points);
            self.gathered.result[winner.index()] += points;
            self.gathered.result[winner.opponent().index()] -= points;
            let value = match self.game_start.as_ref() {
                Some(start) if start.rules().match_length.is_some() => {
                    won_in_match(start, winner, result.points)
                }
                _ => points,
            };
            self.gathered.facts.push(Fact::Won {
                player: winner.index(),
                value,
            });
        }
        ControlFlow::Continue(())
    }
}

/// The match-winning chances `winner` gains by winning `points` in the game that `start`
/// begins (as gnubg counts a game's actual result in a match).
fn won_in_match(start: &MatchState, winner: Side, points: u32) -> f64 {
    use crate::bot::expert::met::match_equity;
    use crate::engine::CrawfordState;
    let (Some(mine), Some(theirs)) = (start.away(winner), start.away(winner.opponent())) else {
        return 0.0;
    };
    let before = match_equity(
        mine,
        theirs,
        start.crawford() == CrawfordState::PostCrawford,
    );
    let after = match_equity(
        mine.saturating_sub(points),
        theirs,
        start.crawford() != CrawfordState::Before,
    );
    f64::from(after - before)
}

impl Judge<'_> {
    /// The luck and the dice of a roll about to be played.
    fn count_luck(&mut self, step: &ActionStep<'_>) {
        let state = step.before.game();
        let (Some(bot), Phase::Moving(dice), Action::Play(_)) =
            (self.luck_bot.as_mut(), state.phase(), step.action)
        else {
            return;
        };
        let luck = luck::roll_luck(bot, step.before, dice);
        let roller = state.turn();
        let scale = luck::scale_in(step.before);
        let i = roller.index();
        self.gathered.counts[i][roll_index(dice)] += 1;
        self.gathered.facts.push(Fact::Roll {
            player: i,
            luck,
            scale,
        });
        self.gathered.rolls.push(RollLuck {
            game: step.game + 1,
            action: step.index + 1,
            side: roller,
            dice: [dice.high(), dice.low()],
            luck,
            luck_mwc: luck * scale,
            mark: LuckMark::of(luck),
        });
    }

    /// The statistics' fact of an action: every roll played (forced ones too), every cube
    /// decision judged.
    fn gather(&mut self, step: &ActionStep<'_>, judged: Option<&Judged>) {
        let state = step.before.game();
        let player = judged.map_or(state.turn(), |j| j.side).index();
        let fact = match (step.action, judged) {
            (Action::Play(_), _) if matches!(state.phase(), Phase::Moving(_)) => Fact::Move {
                player,
                choices: state.legal_plays().len(),
                error: judged.map_or(0.0, |j| j.loss),
                scale: luck::scale_in(step.before),
            },
            (_, Some(j)) => {
                let Some(cube) = j.cube else { return };
                match j.kind {
                    DecisionKind::NoDouble => Fact::NoDouble {
                        player,
                        cube,
                        scale: j.scale,
                    },
                    DecisionKind::Double => Fact::Double {
                        player,
                        cube,
                        scale: j.scale,
                    },
                    DecisionKind::Take | DecisionKind::Pass => Fact::Answer {
                        player,
                        took: j.kind == DecisionKind::Take,
                        cube,
                        scale: j.scale,
                    },
                    _ => return,
                }
            }
            _ => return,
        };
        self.gathered.facts.push(fact);
    }

    /// The judgement of one action, if it is a decision the analysis judges: the
    /// [`Advisor`]'s, as every surface judges it. A roll is judged as no double only where
    /// the cube could be turned to some purpose (gnubg's cube access).
    fn judge(&mut self, step: &ActionStep<'_>) -> Option<Judged> {
        let m = step.before;
        let state = m.game();
        let cube = crate::bot::expert::cube_info(m);
        let action = decision_action(step)?;
        let j = match self.pre.remove(&(step.game, step.index)) {
            Some(judged) => judged?,
            None => self.advisor.judge(m, &action).ok()??,
        };
        let decider = match j.decision {
            DecisionKind::Take | DecisionKind::Pass | DecisionKind::Beaver => {
                state.turn().opponent()
            }
            _ => state.turn(),
        };
        let dice = match (j.decision, state.phase()) {
            // High die first, as GNU Backgammon writes a roll.
            (DecisionKind::Play, Phase::Moving(dice)) => Some([dice.high(), dice.low()]),
            _ => None,
        };
        let choices = match j.decision {
            DecisionKind::Play => state.legal_plays().len(),
            _ => 0,
        };
        Some(Judged {
            game: step.game + 1,
            action: step.index + 1,
            side: decider,
            kind: j.decision,
            position_id: position_id(state.position()),
            dice,
            done: j.done.clone(),
            best: j.best.clone(),
            loss: f64::from(j.loss.emg),
            done_equity: f64::from(j.done_equity.emg),
            best_equity: f64::from(j.best_equity.emg),
            best_play: j.best_play.map(|p| BestPlay {
                steps: p
                    .steps()
                    .iter()
                    .map(|s| (s.from.number(), s.to.number(), s.hit))
                    .collect(),
                position: *p.position(),
            }),
            loss_mwc: j.loss.mwc.map(f64::from),
            ply: j.ply,
            choices,
            cube: j.cube.as_ref().map(cube_equities),
            scale: luck::scale(&cube),
        })
    }
}

/// The action of `step` when it is a decision the analysis judges: a play, a double, a take
/// or a pass, and a roll where the cube could be turned to some purpose (gnubg's cube
/// access); the recorded action as the rules took it.
fn decision_action(step: &ActionStep<'_>) -> Option<Action> {
    let cube = crate::bot::expert::cube_info(step.before);
    match (step.recorded, step.action) {
        (RecordedAction::Play { .. }, Action::Play(_))
        | (RecordedAction::Double { .. } | RecordedAction::Take | RecordedAction::Drop, _) => {
            Some(step.action)
        }
        (RecordedAction::Roll { .. }, _) if cube.may_double() => Some(step.action),
        _ => None,
    }
}

/// A decision of a record: where it is (game and action, from 0), the match as it stood,
/// the action taken.
type Found = ((usize, usize), MatchState, Action);
/// A decision's judgement, by where it is.
type JudgedAt = ((usize, usize), Option<JudgedDecision>);

/// The decisions of a record, each with the match as it stood (a walk that judges nothing).
#[derive(Default)]
struct Decisions {
    found: Vec<Found>,
}

impl Visitor for Decisions {
    type Break = std::convert::Infallible;

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Self::Break> {
        if let Some(action) = decision_action(step) {
            self.found
                .push(((step.game, step.index), step.before.clone(), action));
        }
        ControlFlow::Continue(())
    }
}

/// The most threads the analysis judges on.
const MOST_THREADS: usize = 8;

/// Every decision of `record` judged by the advisor at `ply`, on as many threads as the
/// machine has cores (at most [`MOST_THREADS`]), each with an advisor of its own (the same
/// numbers as one advisor gives: its values do not depend on what it judged before);
/// `progress` told how many are done of how many as they finish.
fn judge_in_parallel(
    record: &Record,
    ply: u8,
    judging: Judging,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<HashMap<(usize, usize), Option<JudgedDecision>>, AnalysisError> {
    let mut decisions = Decisions::default();
    // A record the rules refuse is reported by the judging walk that follows.
    if record::walk(record, &mut decisions).is_err() {
        return Ok(HashMap::new());
    }
    let found = decisions.found;
    let total = found.len();
    progress(0, total);
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .clamp(1, MOST_THREADS);
    // Each thread takes the next decision not yet taken (decisions differ in cost by a
    // hundredfold: a fixed share each would leave one thread idle while another works).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let work = |tx: std::sync::mpsc::Sender<()>| -> Result<Vec<JudgedAt>, AnalysisError> {
        let mut advisor = judging.advisor(ply)?;
        let mut out = Vec::new();
        while let Some((at, m, action)) =
            found.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
        {
            out.push((*at, advisor.judge(m, action).ok().flatten()));
            // The receiver only goes away when every sender is done.
            let _ = tx.send(());
        }
        Ok(out)
    };
    let work = &work;
    let parts: Vec<Result<Vec<JudgedAt>, AnalysisError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.min(total))
            .map(|_| {
                let tx = tx.clone();
                // A thread that cannot start leaves its decisions to the others (and to this
                // thread afterwards, if none started).
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || work(tx))
                    .ok()
            })
            .collect();
        drop(tx);
        let mut done = 0;
        for () in rx {
            done += 1;
            progress(done, total);
        }
        let mut parts: Vec<_> = handles
            .into_iter()
            .flatten()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect();
        if next.load(std::sync::atomic::Ordering::Relaxed) < total {
            parts.push(work(std::sync::mpsc::channel().0));
        }
        parts
    });
    let mut judged = HashMap::with_capacity(total);
    for part in parts {
        judged.extend(part?);
    }
    Ok(judged)
}

/// The cube's equities in EMG, from the doubler's view.
fn cube_equities(advice: &CubeAdvice) -> CubeEquities {
    CubeEquities {
        no_double: f64::from(advice.no_double.emg),
        double_take: f64::from(advice.double_take.emg),
        double_pass: f64::from(advice.double_pass.emg),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A saved analysis of version 3 has the side and the kind of a judged decision (and
    /// the side of a roll's luck) in words: they read into the typed fields and are written
    /// back word for word, so the files saved before still read; other words do not read.
    #[test]
    fn a_version_3_files_judged_decisions_still_read() {
        let old = r#"{"game":1,"action":5,"side":"black","kind":"no double","position_id":"4HPwATDgc/ABMA","done":"no double","best":"Double, take","loss":0.1,"done_equity":0.5,"best_equity":0.6,"loss_mwc":0.02,"ply":2,"choices":0,"cube":{"no_double":0.5,"double_take":0.6,"double_pass":1.0},"scale":0.2}"#;
        let j: Judged = serde_json::from_str(old).expect("an old judged decision reads");
        assert_eq!((j.side, j.kind), (Side::Black, DecisionKind::NoDouble));
        assert_eq!(serde_json::to_string(&j).expect("written"), old);
        for (words, kind) in [
            ("play", DecisionKind::Play),
            ("double", DecisionKind::Double),
            ("take", DecisionKind::Take),
            ("pass", DecisionKind::Pass),
        ] {
            let text = old.replace("\"no double\"", &format!("\"{words}\""));
            let j: Judged = serde_json::from_str(&text).expect("reads");
            assert_eq!(j.kind, kind);
        }
        let white = old.replace("\"black\"", "\"white\"");
        let j: Judged = serde_json::from_str(&white).expect("reads");
        assert_eq!(j.side, Side::White);
        assert!(serde_json::from_str::<Judged>(&old.replace("\"black\"", "\"Black\"")).is_err());
        assert!(serde_json::from_str::<Judged>(&old.replace("no double", "redouble")).is_err());
        let luck =
            r#"{"game":1,"action":4,"side":"white","dice":[6,5],"luck":0.4,"luck_mwc":0.04}"#;
        let r: RollLuck = serde_json::from_str(luck).expect("an old roll's luck reads");
        assert_eq!(r.side, Side::White);
        assert_eq!(serde_json::to_string(&r).expect("written"), luck);
    }

    /// Tutor mode judges a decision in the match it holds as the analysis judges it in the
    /// record: White's opening 3-1 played 24/20 (not the 8/5 6/5 the advisor prefers), and
    /// Black's roll with the cube centred (a no double), give the same judgements both
    /// ways; a resignation and a beaver are not judged.
    #[test]
    fn a_decision_in_the_match_is_judged_as_in_the_record() {
        use crate::engine::{Rules, WinKind, format_play};
        use crate::record::{PlayerInfo, Recorder};
        let rules = Rules::money();
        let mut m = MatchState::new(rules).expect("money play");
        let mut recorder = Recorder::new(
            [PlayerInfo::human("Alice"), PlayerInfo::human("Bob")],
            rules,
            None,
        );
        recorder
            .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
            .expect("the opening roll");
        let play = *m
            .game()
            .legal_plays()
            .iter()
            .find(|p| format_play(p) == "24/20")
            .expect("24/20 is legal");
        let mut judged_here = Vec::new();
        for action in [
            Action::Play(play),
            Action::Roll(Dice::new(5, 2).expect("dice")),
        ] {
            judged_here.push(judge_decision(&m, &action, 0).expect("judged"));
            recorder.apply(&mut m, action).expect("legal");
        }
        let record = recorder.into_record();
        for (index, here) in [(1, &judged_here[0]), (2, &judged_here[1])] {
            let here = here.as_ref().expect("a decision");
            let walked = judge_action(&record, 0, 0, index)
                .expect("replays")
                .expect("a decision");
            assert_eq!(walked.kind, here.decision);
            assert_eq!((&walked.done, &walked.best), (&here.done, &here.best));
            assert_eq!(walked.loss, f64::from(here.loss.emg));
        }
        assert_eq!(
            judged_here[0].as_ref().map(|j| j.done.as_str()),
            Some("24/20")
        );
        assert_eq!(
            judged_here[1].as_ref().map(|j| j.decision),
            Some(DecisionKind::NoDouble)
        );
        let resign = Action::Resign(WinKind::Single);
        assert_eq!(judge_decision(&m, &resign, 0).expect("judged"), None);
        assert_eq!(
            judge_decision(&m, &Action::Beaver, 0).expect("judged"),
            None
        );
    }

    #[test]
    fn rating_words_at_their_boundaries() {
        for (rate, word) in [
            (0.0, "Supernatural"),
            (1.99, "Supernatural"),
            (2.0, "World class"),
            (4.99, "World class"),
            (5.0, "Expert"),
            (8.0, "Advanced"),
            (12.0, "Intermediate"),
            (18.0, "Casual player"),
            (26.0, "Beginner"),
            (34.99, "Beginner"),
            (35.0, "Awful!"),
        ] {
            assert_eq!(rating_words(rate), word, "{rate}");
        }
        for (luck, word) in [
            (0.061, "Go to Las Vegas"),
            (0.06, "Good dice, man!"),
            (0.031, "Good dice, man!"),
            (0.03, "None"),
            (-0.03, "None"),
            (-0.031, "Bad dice, man!"),
            (-0.061, "Go to bed"),
        ] {
            assert_eq!(luck_words(luck), word, "{luck}");
        }
    }

    /// A hand-checked game's luck: the player on roll has four checkers on its 6-point (11
    /// off), the opponent one on its 1-point (14 off), so only 6-6 wins (1 in 36) and any
    /// other roll loses a single game (the cube changes nothing: the winner wins one point
    /// whatever it does): the expectation is (1 - 35) / 36. The luck of each roll is its
    /// result less that expectation, so the luck sums to the result less the expectation:
    /// 6-6 is worth 70/36 of luck, any other roll -2/36.
    #[test]
    fn the_luck_of_a_roll_is_its_result_less_the_expectation() {
        use crate::engine::{GameSetup, MatchState, Rules};
        let mut board = [0i8; 26];
        board[6] = 4;
        board[24] = -1;
        let position = Position::from_board(board).expect("a position");
        let mut m = MatchState::new(Rules::money()).expect("money play");
        m.set_up(&GameSetup::new(position, Side::White))
            .expect("set up");
        let mut bot = ExpertBot::shipped(0).expect("the shipped nets");
        let mut luck_of = |a: u8, b: u8| {
            let dice = Dice::new(a, b).unwrap();
            let mut rolled = m.clone();
            rolled.apply(Action::Roll(dice)).expect("the roll");
            luck::roll_luck(&mut bot, &rolled, dice)
        };
        let expectation = (1.0 - 35.0) / 36.0;
        let six_six = luck_of(6, 6);
        assert!((six_six - (1.0 - expectation)).abs() < 1e-4, "{six_six}");
        let three_one = luck_of(3, 1);
        assert!(
            (three_one - (-1.0 - expectation)).abs() < 1e-4,
            "{three_one}"
        );
        // Over all 36 rolls the luck averages out.
        let mut sum = 0.0;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                sum += luck_of(a, b);
            }
        }
        assert!(sum.abs() < 1e-3, "{sum}");
    }
}
