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

use crate::bot::expert::eval::equity;
use crate::bot::expert::{ExpertBot, cube::CubeDecision};
use crate::engine::{Action, Phase, Side, format_play, position_id};
use crate::record::{self, ActionStep, GameStart, Record, RecordedAction, Visitor};
use serde::Serialize;
use std::ops::ControlFlow;

/// A loss at or above this much equity counts as an error in the error count.
pub const ERROR_AT: f64 = 0.02;
/// How many of the worst decisions the text report lists.
const WORST: usize = 10;

/// One judged decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
}

/// The analysis of a match.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
}

fn side_name(side: Side) -> String {
    match side {
        Side::White => "white".to_string(),
        Side::Black => "black".to_string(),
    }
}

fn cube_verdict(d: &CubeDecision) -> &'static str {
    if d.double() {
        if d.take() {
            "double, take"
        } else {
            "double, pass"
        }
    } else if d.too_good() {
        "too good: no double"
    } else {
        "no double"
    }
}

/// Analyses `record` with the expert bot at `ply`.
///
/// # Errors
/// The rules' complaint about the first action they refuse, or the expert's nets not
/// reading.
pub fn analyse(record: &Record, ply: u8) -> Result<Analysis, String> {
    let judged = judge(record, ply, None)?;
    let mut decisions = [0; 2];
    let mut total_loss = [0.0; 2];
    let mut errors = [0; 2];
    for j in &judged {
        let i = usize::from(j.side == "black");
        decisions[i] += 1;
        total_loss[i] += j.loss;
        errors[i] += usize::from(j.loss >= ERROR_AT);
    }
    Ok(Analysis {
        players: crate::replay::display_names(&record.players),
        decisions,
        total_loss,
        errors,
        judged,
    })
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
) -> Result<Option<Judged>, String> {
    Ok(judge(record, ply, Some((game, action)))?.pop())
}

/// The judged decisions of `record`: all of them, or only the action `only` (game and
/// action from 0), walking the record no further than it.
fn judge(record: &Record, ply: u8, only: Option<(usize, usize)>) -> Result<Vec<Judged>, String> {
    let mut judge = Judge {
        bot: ExpertBot::shipped(ply).map_err(|e| e.to_string())?,
        only,
        judged: Vec::new(),
    };
    match record::walk(record, &mut judge).map_err(|e| e.to_string())? {
        ControlFlow::Break(Stop::Failed(e)) => Err(e),
        ControlFlow::Break(Stop::Done) | ControlFlow::Continue(_) => Ok(judge.judged),
    }
}

/// Why [`Judge`] stops the walk.
enum Stop {
    /// The action asked for is judged.
    Done,
    /// The expert cannot judge a game.
    Failed(String),
}

/// Judges the decisions of a record as it is walked.
struct Judge {
    bot: ExpertBot,
    /// Only this action (game and action from 0), if given.
    only: Option<(usize, usize)>,
    judged: Vec<Judged>,
}

impl Visitor for Judge {
    type Break = Stop;

    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<Stop> {
        if self.only.is_some_and(|(game, _)| game < start.game) {
            return ControlFlow::Break(Stop::Done);
        }
        let variant = start.m.game().variant();
        if !self.bot.select(variant) {
            return ControlFlow::Break(Stop::Failed(format!(
                "game {}: the expert bot does not play {variant}, so it cannot judge it",
                start.game + 1
            )));
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
        if let Some(judged) = self.judge(step) {
            self.judged.push(judged);
        }
        if self.only.is_some() {
            return ControlFlow::Break(Stop::Done);
        }
        ControlFlow::Continue(())
    }
}

impl Judge {
    /// The judgement of one action, if it is a decision the analysis judges.
    fn judge(&mut self, step: &ActionStep<'_>) -> Option<Judged> {
        let bot = &mut self.bot;
        let m = step.before;
        let state = m.game();
        let pid = position_id(state.position());
        let mover = state.turn();
        let here = |kind: &str, side: Side, pid: String| Judged {
            game: step.game + 1,
            action: step.index + 1,
            side: side_name(side),
            kind: kind.to_string(),
            position_id: pid,
            dice: None,
            done: String::new(),
            best: String::new(),
            loss: 0.0,
        };
        match (step.recorded, state.phase(), step.action) {
            (RecordedAction::Play { .. }, Phase::Moving(dice), Action::Play(played)) => {
                let legal = state.legal_plays();
                if legal.len() <= 1 {
                    return None;
                }
                let ranked = bot.rank(legal);
                let best = ranked[0];
                // The played play is valued at the depth of the best one (the move filters
                // may have judged it less deep, or, should it not be found among the legal
                // plays, not at all).
                let played_p = match ranked
                    .iter()
                    .find(|r| r.play.position() == played.position())
                {
                    Some(r) if r.ply == best.ply => r.chances,
                    _ => bot.play_chances_at(&played, best.ply),
                };
                let (best_play, best_p) = (best.play, best.chances);
                let mut j = here("play", mover, pid);
                j.dice = Some([dice.first(), dice.second()]);
                j.done = format_play(&played);
                j.best = format_play(&best_play);
                j.loss = f64::from(equity(&best_p) - equity(&played_p)).max(0.0);
                Some(j)
            }
            (RecordedAction::Roll { .. }, Phase::Rolling, _) if state.may_double().is_ok() => {
                let d = bot.cube_decision(m);
                let mut j = here("no double", mover, pid);
                j.done = "no double".to_string();
                j.best = cube_verdict(&d).to_string();
                j.loss = f64::from(d.best() - d.no_double).max(0.0);
                Some(j)
            }
            (RecordedAction::Double { .. }, Phase::Rolling, _) => {
                let d = bot.cube_decision(m);
                let mut j = here("double", mover, pid);
                j.done = "double".to_string();
                j.best = cube_verdict(&d).to_string();
                j.loss = f64::from(d.best() - d.double_take.min(d.double_pass)).max(0.0);
                Some(j)
            }
            (RecordedAction::Take | RecordedAction::Drop, Phase::DoubleOffered, _) => {
                let d = bot.cube_decision(m);
                let took = matches!(step.recorded, RecordedAction::Take);
                // The taker's view: a take is worth -double/take, a pass -double/pass.
                let (take, pass) = (-d.double_take, -d.double_pass);
                let mut j = here(if took { "take" } else { "pass" }, mover.opponent(), pid);
                j.done = if took { "take" } else { "pass" }.to_string();
                j.best = if d.take() { "take" } else { "pass" }.to_string();
                j.loss = f64::from(take.max(pass) - if took { take } else { pass }).max(0.0);
                Some(j)
            }
            _ => None,
        }
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
    let mut worst: Vec<&Judged> = a.judged.iter().filter(|j| j.loss > 0.0).collect();
    worst.sort_by(|x, y| y.loss.total_cmp(&x.loss));
    if worst.is_empty() {
        out.push_str("\nNo decision lost equity.\n");
        return out;
    }
    out.push_str("\nWorst decisions:\n");
    for j in worst.iter().take(WORST) {
        let dice = j.dice.map_or(String::new(), |[x, y]| format!(" {x}-{y}"));
        out.push_str(&format!(
            "  game {}, action {}: {} {}{dice} ({}): {} -- best {} (-{:.3})\n",
            j.game, j.action, j.side, j.kind, j.position_id, j.done, j.best, j.loss
        ));
    }
    out
}
