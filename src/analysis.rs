//! The analysis of a recorded match: every play and cube decision judged by the expert bot
//! (`bg-tui analyse FILE` prints it; the replay viewer shows the decision of the moment).
//!
//! The record (a game record, or a Jellyfish `.mat` file) is replayed through the rules. At
//! each decision the expert values what was done against the best it finds, in cubeless
//! equity per unit of the cube for plays and in cubeful equity (Janowski, per unit of the
//! cube) for cube actions, from the view of the player who decided:
//!
//! - a play with a choice: the best play's equity minus the played one's;
//! - a roll when a double was possible: a missed double costs what doubling would have won;
//! - a double: what it lost against not doubling (nothing when doubling is right);
//! - a take or a pass: what it lost against the other answer.
//!
//! Forced plays, opening rolls and resignations are not judged.
//!
//! Beside the errors, as GNU Backgammon reports them:
//! - **luck**: each roll's value against the average roll, at 0-ply: the equity after the
//!   best play of the roll rolled minus the mean of that over all 36 rolls (over the 30
//!   non-doubles for backgammon's opening roll, which is never a double), summed per player,
//!   with gnubg's luck rating of the mean luck per roll (times 10: above 0.6 "Go to Las
//!   Vegas", above 0.3 "Good dice, man!", below -0.3 "Bad dice, man!", below -0.6 "Go to
//!   bed", else "None");
//! - the **error rate** per decision in thousandths, with gnubg's rating words (Supernatural
//!   below 2, World class below 5, Expert below 8, Advanced below 12, Intermediate below
//!   18, Casual player below 26, Beginner below 35, else Awful!), and the performance rating
//!   (PR, as eXtreme Gammon gives it: 500 times the mean error per decision);
//! - the **luck-adjusted result**: the points each player won, less its own luck, plus the
//!   opponent's (each roll's luck counted at the cube's value then);
//! - the **dice**: how often each of the 21 rolls came, against its 1 or 2 in 36.

pub use crate::advisor::Mark;
use crate::advisor::{Advisor, Decision};
use crate::bot::expert::ExpertBot;
use crate::engine::{Action, Dice, Opening, Phase, Position, Side, position_id};
use crate::record::{self, ActionStep, GameEnd, GameStart, Record, RecordedAction, Visitor};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

pub mod cache;

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

/// One judged decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The game (from 1).
    pub game: usize,
    /// The action's index in its game (from 1).
    pub action: usize,
    /// `white` or `black`.
    pub side: String,
    /// `play`, `double`, `no double`, `take` or `pass`.
    pub kind: String,
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
}

impl Judged {
    /// gnubg's mark of the decision, by the equity it lost.
    #[must_use]
    pub fn mark(&self) -> Option<Mark> {
        Mark::of(self.loss)
    }
}

/// The analysis of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The players' names, White first.
    pub players: [String; 2],
    /// Per player (White first): decisions judged.
    pub decisions: [usize; 2],
    /// Per player: total equity lost.
    pub total_loss: [f64; 2],
    /// Per player: decisions that lost at least [`ERROR_AT`].
    pub errors: [usize; 2],
    /// Every judged decision, in order.
    pub judged: Vec<Judged>,
    /// Per player: the sum of its rolls' luck (equity per unit of the cube).
    pub luck: [f64; 2],
    /// Per player: the rolls whose luck was measured.
    pub rolls: [usize; 2],
    /// Per player: gnubg's luck rating of the mean luck per roll.
    pub luck_rating: [String; 2],
    /// Per player: the error rate, thousandths of equity lost per decision.
    pub error_rate: [f64; 2],
    /// Per player: gnubg's rating of the error rate.
    pub rating: [String; 2],
    /// Per player: the performance rating (500 times the mean error per decision).
    pub pr: [f64; 2],
    /// Per player: the points it won, less the points the other won.
    pub result: [f64; 2],
    /// Per player: the result less its own luck plus the other's (in points).
    pub luck_adjusted: [f64; 2],
    /// Per player: how often each of the 21 rolls came (1-1, 1-2, ..., 6-6).
    pub dice: [[u32; 21]; 2],
}

/// gnubg's rating of an error rate in thousandths per decision.
#[must_use]
pub fn rating_words(thousandths: f64) -> &'static str {
    const LEVELS: [(f64, &str); 7] = [
        (2.0, "Supernatural"),
        (5.0, "World class"),
        (8.0, "Expert"),
        (12.0, "Advanced"),
        (18.0, "Intermediate"),
        (26.0, "Casual player"),
        (35.0, "Beginner"),
    ];
    LEVELS
        .iter()
        .find(|(below, _)| thousandths < *below)
        .map_or("Awful!", |(_, word)| word)
}

/// gnubg's luck rating of the mean luck per roll (equity per unit of the cube).
#[must_use]
pub fn luck_words(per_roll: f64) -> &'static str {
    let r = per_roll * 10.0;
    if r > 0.6 {
        "Go to Las Vegas"
    } else if r > 0.3 {
        "Good dice, man!"
    } else if r < -0.6 {
        "Go to bed"
    } else if r < -0.3 {
        "Bad dice, man!"
    } else {
        "None"
    }
}

/// The index of a roll among the 21 (1-1, 1-2, ..., 1-6, 2-2, ..., 6-6).
fn roll_index(dice: Dice) -> usize {
    let (a, b) = (usize::from(dice.low()), usize::from(dice.high()));
    (a - 1) * (14 - a) / 2 + (b - a)
}

fn side_name(side: Side) -> String {
    match side {
        Side::White => "white".to_string(),
        Side::Black => "black".to_string(),
    }
}

/// Why a record could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    let (judged, dice) = judge_all(record, ply, progress)?;
    let mut decisions = [0; 2];
    let mut total_loss = [0.0; 2];
    let mut errors = [0; 2];
    for j in &judged {
        let i = usize::from(j.side == "black");
        decisions[i] += 1;
        total_loss[i] += j.loss;
        errors[i] += usize::from(j.loss >= ERROR_AT);
    }
    let rate = |i: usize| {
        if decisions[i] == 0 {
            0.0
        } else {
            1000.0 * total_loss[i] / decisions[i] as f64
        }
    };
    let error_rate = [rate(0), rate(1)];
    let per_roll = |i: usize| dice.luck[i] / dice.rolls[i].max(1) as f64;
    Ok(Analysis {
        players: crate::replay::display_names(&record.players),
        decisions,
        total_loss,
        errors,
        judged,
        luck: dice.luck,
        rolls: dice.rolls,
        luck_rating: [luck_words(per_roll(0)), luck_words(per_roll(1))].map(str::to_string),
        rating: error_rate.map(|r| rating_words(r).to_string()),
        pr: error_rate.map(|r| r / 2.0),
        error_rate,
        result: dice.result,
        luck_adjusted: [
            dice.result[0] - dice.luck_points[0] + dice.luck_points[1],
            dice.result[1] - dice.luck_points[1] + dice.luck_points[0],
        ],
        dice: dice.counts,
    })
}

/// What the walk gathered beside the decisions: luck, results, dice.
#[derive(Debug, Clone, Default)]
struct DiceStats {
    luck: [f64; 2],
    /// Luck at the cube's value of the moment.
    luck_points: [f64; 2],
    rolls: [usize; 2],
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

/// The judged decisions of `record`: all of them, or only the action `only` (game and
/// action from 0), walking the record no further than it.
fn judge(
    record: &Record,
    ply: u8,
    only: Option<(usize, usize)>,
) -> Result<Vec<Judged>, AnalysisError> {
    let mut judge = Judge::new(ply, only, false)?;
    match record::walk(record, &mut judge)? {
        ControlFlow::Break(Stop::Failed(e)) => Err(e),
        ControlFlow::Break(Stop::Done) | ControlFlow::Continue(_) => Ok(judge.judged),
    }
}

/// Every decision judged, and the luck, results and dice of the whole record.
fn judge_all(
    record: &Record,
    ply: u8,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(Vec<Judged>, DiceStats), AnalysisError> {
    let mut judge = Judge::new(ply, None, true)?;
    judge.total = record.games.iter().map(|g| g.actions.len()).sum();
    judge.progress = Some(progress);
    match record::walk(record, &mut judge)? {
        ControlFlow::Break(Stop::Failed(e)) => Err(e),
        ControlFlow::Break(Stop::Done) | ControlFlow::Continue(_) => Ok((judge.judged, judge.dice)),
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
    dice: DiceStats,
    /// The game's first play is still to come (backgammon's opening roll is no double).
    first_play: bool,
    /// Told after each action how many are done of [`Judge::total`].
    progress: Option<&'p mut dyn FnMut(usize, usize)>,
    /// Actions walked.
    done: usize,
    /// The record's actions in all.
    total: usize,
}

impl Judge<'_> {
    fn new(ply: u8, only: Option<(usize, usize)>, luck: bool) -> Result<Self, AnalysisError> {
        let luck_bot = if luck {
            Some(ExpertBot::shipped(0)?)
        } else {
            None
        };
        Ok(Judge {
            advisor: Advisor::with_expert(ExpertBot::shipped(ply)?),
            luck_bot,
            only,
            judged: Vec::new(),
            dice: DiceStats::default(),
            first_play: true,
            progress: None,
            done: 0,
            total: 0,
        })
    }
}

/// The luck of rolling `dice` in `position` (the roller's view, per unit of the cube), by
/// `bot` at 0-ply: the equity after the best play of that roll, minus the mean of it over
/// the rolls that could have come (no doubles when `no_doubles`).
fn roll_luck(bot: &mut ExpertBot, position: &Position, dice: Dice, no_doubles: bool) -> f64 {
    let variant = bot.variant();
    let (mean, actual) = crate::bot::expert::luck::scan(dice, no_doubles, |d| {
        let plays = variant.legal_plays(position, d);
        let p = match bot.rank(&plays).first() {
            Some(best) => best.chances,
            None => crate::bot::expert::eval::flip(&bot.chances(&position.switched())),
        };
        [f64::from(bot.score(&p))]
    });
    actual[0] - mean[0]
}

impl Visitor for Judge<'_> {
    type Break = Stop;

    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<Stop> {
        if self.only.is_some_and(|(game, _)| game < start.game) {
            return ControlFlow::Break(Stop::Done);
        }
        let variant = start.m.game().variant();
        self.first_play = true;
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
        if let Some(judged) = self.judge(step) {
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
            self.dice.result[winner.index()] += points;
            self.dice.result[winner.opponent().index()] -= points;
        }
        ControlFlow::Continue(())
    }
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
        let opening = std::mem::take(&mut self.first_play)
            && state.variant().rules().opening() == Opening::PlayTheOpeningDice;
        let luck = roll_luck(bot, state.position(), dice, opening);
        let i = state.turn().index();
        self.dice.luck[i] += luck;
        self.dice.luck_points[i] += luck * f64::from(state.cube().value());
        self.dice.rolls[i] += 1;
        self.dice.counts[i][roll_index(dice)] += 1;
    }

    /// The judgement of one action, if it is a decision the analysis judges (the
    /// [`Advisor`]'s, as every surface judges it).
    fn judge(&mut self, step: &ActionStep<'_>) -> Option<Judged> {
        let m = step.before;
        let state = m.game();
        // The recorded action as the rules took it (a play as the record has it).
        let action = match (step.recorded, step.action) {
            (RecordedAction::Play { .. }, Action::Play(_))
            | (RecordedAction::Roll { .. }, _)
            | (RecordedAction::Double { .. }, _)
            | (RecordedAction::Take | RecordedAction::Drop, _) => step.action,
            _ => return None,
        };
        let j = self.advisor.judge(m, &action).ok()??;
        let decider = match j.decision {
            Decision::Take | Decision::Pass | Decision::Beaver => state.turn().opponent(),
            _ => state.turn(),
        };
        let dice = match (j.decision, state.phase()) {
            // High die first, as GNU Backgammon writes a roll.
            (Decision::Play, Phase::Moving(dice)) => Some([dice.high(), dice.low()]),
            _ => None,
        };
        Some(Judged {
            game: step.game + 1,
            action: step.index + 1,
            side: side_name(decider),
            kind: j.decision.words().to_string(),
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
        })
    }
}

/// The analysis as text: each player's figures, then the worst decisions.
#[must_use]
pub fn text(a: &Analysis, ply: u8) -> String {
    let mut out = format!(
        "Analysis by expert at {ply}-ply; equity per unit of the cube; an error loses {ERROR_AT} or more\n\n"
    );
    for (i, side) in ["White", "Black"].iter().enumerate() {
        let n = a.decisions[i];
        let mean = if n == 0 {
            0.0
        } else {
            a.total_loss[i] / n as f64
        };
        out.push_str(&format!(
            "{side} ({}): {n} decisions, {} errors, equity lost {:.3} in all, {:.1} thousandths per decision\n",
            a.players[i],
            a.errors[i],
            a.total_loss[i],
            mean * 1000.0
        ));
    }
    out.push('\n');
    for (i, side) in ["White", "Black"].iter().enumerate() {
        out.push_str(&format!(
            "{side}: error rate {:.1} ({}), PR {:.1}; luck {:+.3} over {} rolls ({}); result {:+}, luck-adjusted {:+.3}\n",
            a.error_rate[i],
            a.rating[i],
            a.pr[i],
            a.luck[i],
            a.rolls[i],
            a.luck_rating[i],
            a.result[i],
            a.luck_adjusted[i]
        ));
    }
    out.push_str(&dice_text(&a.dice));
    let mut worst: Vec<&Judged> = a.judged.iter().filter(|j| j.loss > 0.0).collect();
    worst.sort_by(|x, y| y.loss.total_cmp(&x.loss));
    if worst.is_empty() {
        out.push_str("\nNo decision lost equity.\n");
        return out;
    }
    out.push_str("\nWorst decisions:\n");
    for j in worst.iter().take(WORST) {
        let dice = j.dice.map_or(String::new(), |[x, y]| format!(" {x}-{y}"));
        let mark = j
            .mark()
            .map_or(String::new(), |m| format!(" {}", m.symbol()));
        out.push_str(&format!(
            "  game {}, action {}: {} {}{dice} ({}): {}{mark} -- best {} (-{:.3})\n",
            j.game, j.action, j.side, j.kind, j.position_id, j.done, j.best, j.loss
        ));
    }
    out
}

/// The dice each player rolled: each roll's count against what 1 or 2 in 36 would give.
fn dice_text(counts: &[[u32; 21]; 2]) -> String {
    let mut out = String::from("\nDice (rolls played: White, Black, expected each):\n");
    let mut cells = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6u8 {
            let Ok(d) = Dice::new(a, b) else { continue };
            let i = roll_index(d);
            let expected = |side: usize| {
                let n: u32 = counts[side].iter().sum();
                f64::from(n) * if a == b { 1.0 } else { 2.0 } / 36.0
            };
            cells.push(format!(
                "{a}-{b} {:>2} {:>2} ({:.1}, {:.1})",
                counts[0][i],
                counts[1][i],
                expected(0),
                expected(1)
            ));
        }
    }
    for row in cells.chunks(3) {
        out.push_str("  ");
        out.push_str(&row.join("   "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    /// other roll loses: the expectation is (1 - 35) / 36. The luck of each roll is its
    /// result less that expectation, so the luck sums to the result less the expectation:
    /// 6-6 is worth 70/36 of luck, any other roll -2/36.
    #[test]
    fn the_luck_of_a_roll_is_its_result_less_the_expectation() {
        let mut board = [0i8; 26];
        board[6] = 4;
        board[24] = -1;
        let position = Position::from_board(board).expect("a position");
        let mut bot = ExpertBot::shipped(0).expect("the shipped nets");
        let expectation = (1.0 - 35.0) / 36.0;
        let six_six = roll_luck(&mut bot, &position, Dice::new(6, 6).unwrap(), false);
        assert!((six_six - (1.0 - expectation)).abs() < 1e-4, "{six_six}");
        let three_one = roll_luck(&mut bot, &position, Dice::new(3, 1).unwrap(), false);
        assert!(
            (three_one - (-1.0 - expectation)).abs() < 1e-4,
            "{three_one}"
        );
        // Over all 36 rolls the luck averages out.
        let mut sum = 0.0;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                sum += roll_luck(&mut bot, &position, Dice::new(a, b).unwrap(), false);
            }
        }
        assert!(sum.abs() < 1e-3, "{sum}");
    }
}
