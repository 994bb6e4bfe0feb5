//! `R` in the hint panel: the panel's plays (the best few), or the position of its cube
//! advice, rolled out by the expert ([`bg_tui::bot::expert::rollouts`]) on a worker thread.
//! Each round of trials sends its result so far as a [`crate::tui::msg::HintMsg::Report`];
//! a stop flag (Esc, or the panel closed) ends the rollout within a turn of the trial in
//! progress, with the trials done before it.

use crate::tui::hint::line_mark;
use bg_tui::advisor::{Advisor, text};
use bg_tui::bot::expert::cube::CubeInfo;
use bg_tui::bot::expert::rollouts::{
    CubeRollout, Line, Rollout, RolloutSettings, cube_rollout_until, rollout_until,
};
use bg_tui::bot::expert::{Chances, ExpertBot, cube_info};
use bg_tui::engine::{MatchState, Phase, Play, Variant};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
#[cfg(test)]
use std::sync::atomic::Ordering;

/// How many of the panel's plays are rolled out (the best first).
pub(crate) const ROLLED_OUT: usize = 5;
/// The trials a rollout from the panel may have (`t` goes from one to the next).
pub(crate) const TRIALS: [u32; 5] = [36, 144, 324, 648, 1296];
/// The turns a trial may be cut at (`c` goes from one to the next; `None`: played to the
/// end).
pub(crate) const CUTS: [Option<u32>; 4] = [Some(11), Some(5), Some(17), None];

/// How the panel's rollout is played, as chosen in the panel: the trials (`t`), the
/// look-ahead of both players (`d`: 0 or 1 ply) and where a trial is cut (`c`). It stays as
/// chosen for the rest of the game's session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RolloutChoice {
    /// The trials.
    pub(crate) trials: u32,
    /// The look-ahead: 0 or 1.
    pub(crate) ply: u8,
    /// Each trial cut after this many turns and valued by the nets (`None`: to the end).
    pub(crate) truncate: Option<u32>,
}

impl Default for RolloutChoice {
    /// 324 trials at 0-ply, cut at 11 turns: a few seconds a play on a quiet core.
    fn default() -> RolloutChoice {
        RolloutChoice {
            trials: 324,
            ply: 0,
            truncate: Some(11),
        }
    }
}

/// The choice after `now` in `choices` (the first after the last, or when `now` is none).
fn next_of<T: Copy + PartialEq>(choices: &[T], now: T) -> T {
    let at = choices.iter().position(|&c| c == now);
    choices[at.map_or(0, |i| (i + 1) % choices.len())]
}

impl RolloutChoice {
    /// The next number of trials of [`TRIALS`].
    #[must_use]
    pub(crate) fn more_trials(self) -> RolloutChoice {
        RolloutChoice {
            trials: next_of(&TRIALS, self.trials),
            ..self
        }
    }

    /// The other look-ahead (0 or 1 ply).
    #[must_use]
    pub(crate) fn other_depth(self) -> RolloutChoice {
        RolloutChoice {
            ply: 1 - self.ply.min(1),
            ..self
        }
    }

    /// The next cut of [`CUTS`].
    #[must_use]
    pub(crate) fn next_cut(self) -> RolloutChoice {
        RolloutChoice {
            truncate: next_of(&CUTS, self.truncate),
            ..self
        }
    }

    /// "324 trials, 0-ply, cut at 11 turns" or "1296 trials, 1-ply, to the end".
    #[must_use]
    pub(crate) fn words(self) -> String {
        let cut = match self.truncate {
            Some(turns) => format!("cut at {turns} turns"),
            None => "to the end".to_string(),
        };
        format!("{} trials, {}-ply, {cut}", self.trials, self.ply)
    }
}

/// The settings of a rollout from the hint panel as `choice` says, with variance
/// reduction, pruned (as GNU Backgammon's rollouts are), on every core.
#[must_use]
pub(crate) fn settings(seed: u64, choice: RolloutChoice) -> RolloutSettings {
    RolloutSettings {
        trials: choice.trials,
        truncate: choice.truncate,
        ply: choice.ply,
        seed,
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        std_err: None,
        variance_reduction: true,
        prune: true,
    }
}

/// A rollout to run: the lines, the settings, and the flag that stops it.
#[derive(Debug, Clone)]
pub(crate) struct RolloutJob {
    /// Matches the reports to the question.
    pub(crate) id: u64,
    /// The rule set.
    pub(crate) variant: Variant,
    /// The lines: the plays' positions, or the position on roll.
    pub(crate) lines: Vec<Line>,
    /// The cube as the player on roll sees it, for a cube decision from the rolled-out
    /// chances (`None`: plays).
    pub(crate) cube: Option<CubeInfo>,
    /// The match as it stands (before the plays): the cube and score the rolled-out chances
    /// are valued at.
    pub(crate) state: MatchState,
    /// How the rollout is played.
    pub(crate) settings: RolloutSettings,
    /// Set to stop the rollout (within a turn of the trial in progress).
    pub(crate) stop: Arc<AtomicBool>,
}

/// The result so far of a rollout from the panel.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct RolloutReport {
    /// Trials played of each line.
    pub(crate) trials: u32,
    /// Each line's equity (cubeless, the player who plays or is on roll) and its standard
    /// error, in millionths.
    pub(crate) figures: Vec<(i64, i64)>,
    /// Each line's chances (win, win gammon, win backgammon, lose gammon, lose backgammon)
    /// for the same player, in millionths.
    pub(crate) chances: Vec<[i64; 5]>,
    /// Each play's cubeful value at the game's cube and score from its rolled-out chances
    /// (the cube model), in millionths: the normalised equity (EMG; the cubeful equity in
    /// money play) and, in a match, the match-winning chances. Empty for a cube rollout or
    /// a game without a cube.
    pub(crate) cubeful: Vec<(i64, Option<i64>)>,
    /// The cube decision from the rolled-out chances, as lines (a cube rollout).
    pub(crate) cube: Vec<String>,
    /// The rollout has ended (all its trials, or stopped).
    pub(crate) done: bool,
    /// Why it could not run, if it could not.
    pub(crate) error: Option<String>,
}

fn micro(x: f64) -> i64 {
    (x * 1e6).round() as i64
}

/// On a worker thread, for the game's hint panel: each round's result so far as a
/// [`crate::tui::msg::HintMsg::Report`].
impl crate::tui::job::Task<crate::tui::msg::Msg> for RolloutJob {
    fn run(self: Box<Self>, reply: &crate::tui::job::Reply<crate::tui::msg::Msg>) {
        use crate::tui::msg::{HintMsg, Msg};
        let id = self.id;
        RolloutJob::run(&self, |report| {
            reply.send(Msg::Hint(HintMsg::Report(id, Box::new(report))))
        });
    }
}

impl RolloutJob {
    /// A rollout of `plays` (the best first; the first [`ROLLED_OUT`]), or, with none, of
    /// the cube decision of the player on roll in `m` (before rolling, or doubled). `None`
    /// when there is nothing to roll out.
    #[must_use]
    pub(crate) fn new(
        id: u64,
        m: &MatchState,
        plays: &[Play],
        seed: u64,
        choice: RolloutChoice,
    ) -> Option<RolloutJob> {
        let game = m.game();
        let (lines, cube) = if plays.is_empty() {
            let cube_now = match game.phase() {
                Phase::Rolling => game.may_double().is_ok(),
                Phase::DoubleOffered => true,
                _ => false,
            };
            if !cube_now {
                return None;
            }
            (vec![Line::OnRoll(*game.position())], Some(cube_info(m)))
        } else {
            let lines = plays
                .iter()
                .take(ROLLED_OUT)
                .map(|p| Line::Played(*p.position()))
                .collect();
            (lines, None)
        };
        Some(RolloutJob {
            id,
            variant: game.variant(),
            lines,
            cube,
            state: m.clone(),
            settings: settings(seed, choice),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The report of a result so far: the cube decision (a cube rollout) and the plays'
    /// cubeful values made by `advisor` from the rolled-out chances.
    fn report(
        &self,
        advisor: &mut Advisor,
        r: &Rollout,
        rolled: Option<&CubeRollout>,
        done: bool,
    ) -> RolloutReport {
        let cube = match rolled {
            Some(rolled) if rolled.trials > 0 => {
                match advisor.cube_from_rollout(&self.state, rolled) {
                    Ok(advice) => {
                        let mut lines = text::cube_lines(&advice);
                        if let Some(last) = lines.last_mut() {
                            *last = format!("rollout: {}", advice.verdict);
                        }
                        lines
                    }
                    Err(e) => vec![format!("no cube decision: {e}")],
                }
            }
            _ => Vec::new(),
        };
        let cubeful = self
            .lines
            .iter()
            .zip(&r.lines)
            .filter_map(|(line, result)| match line {
                Line::Played(after) if r.trials > 0 => {
                    Advisor::play_from_chances(&self.state, &result.probs(), after)
                }
                _ => None,
            })
            .map(|e| (micro(f64::from(e.emg)), e.mwc.map(|m| micro(f64::from(m)))))
            .collect();
        RolloutReport {
            trials: r.trials,
            figures: r
                .lines
                .iter()
                .map(|l| (micro(l.equity), micro(l.std_err)))
                .collect(),
            chances: r.lines.iter().map(|l| l.chances.map(micro)).collect(),
            cubeful,
            cube,
            done,
            error: None,
        }
    }

    /// Runs the rollout on the calling thread, handing each round's result to `send` (which
    /// returns `false` once nobody listens), and the final one with `done` set. Stops within
    /// a turn of the trial in progress once [`RolloutJob::stop`] is set, with the trials done
    /// before it.
    pub(crate) fn run(&self, mut send: impl FnMut(RolloutReport) -> bool) {
        let expert = match ExpertBot::shipped(self.settings.ply) {
            Ok(expert) => expert,
            Err(e) => {
                send(RolloutReport {
                    done: true,
                    error: Some(e.to_string()),
                    ..RolloutReport::default()
                });
                return;
            }
        };
        let mut advisor = Advisor::with_expert(expert.clone());
        // A cube decision is rolled out cubefully (its games give the cubeless line).
        let as_lines = |c: &CubeRollout| Rollout {
            lines: vec![c.cubeless],
            trials: c.trials,
        };
        let result = match (self.cube, self.lines.first()) {
            (Some(cube), Some(Line::OnRoll(position))) => cube_rollout_until(
                &expert,
                self.variant,
                position,
                &cube,
                &self.settings,
                &self.stop,
                |c| send(self.report(&mut advisor, &as_lines(c), Some(c), false)),
            )
            .map(|c| (as_lines(&c), Some(c))),
            _ => rollout_until(
                &expert,
                self.variant,
                &self.lines,
                &self.settings,
                &self.stop,
                |r| send(self.report(&mut advisor, r, None, false)),
            )
            .map(|r| (r, None)),
        };
        match result {
            Ok((r, c)) => {
                send(self.report(&mut advisor, &r, c.as_ref(), true));
            }
            Err(e) => {
                send(RolloutReport {
                    done: true,
                    error: Some(e.to_string()),
                    ..RolloutReport::default()
                });
            }
        }
    }

    #[cfg(test)]
    /// The flag is set: the rollout stops (within a turn).
    #[must_use]
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Where a rollout from the panel stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RolloutStage {
    /// Running.
    Running,
    /// Stopped (Esc) with the result so far.
    Stopped,
    /// Every trial played.
    Done,
}

/// The names of the lines of `job`, a rollout of `plays` in `m` (the hint panel's and the
/// viewer's study alike): each play numbered as the ranking numbers it (" 1 13/7 8/7"), or,
/// with no plays, the position ("White on roll, cubeless").
#[must_use]
pub(crate) fn line_labels(job: &RolloutJob, m: &MatchState, plays: &[Play]) -> Vec<String> {
    if plays.is_empty() {
        return vec![format!("{} on roll, cubeless", m.game().turn())];
    }
    job.lines
        .iter()
        .zip(plays)
        .enumerate()
        .map(|(i, (_, play))| format!("{:>2} {}", i + 1, crate::tui::hint::play_text(play)))
        .collect()
}

/// The rollout as the hint panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RolloutView {
    /// Each line's name: its play (numbered as the ranking numbers it), or the position.
    pub(crate) labels: Vec<String>,
    /// The trials asked for.
    pub(crate) trials: u32,
    /// How it is played: its look-ahead and cut, as the panel chose them.
    pub(crate) choice: RolloutChoice,
    /// The threads it runs on.
    pub(crate) threads: usize,
    /// The result so far, once a round is done.
    pub(crate) report: Option<RolloutReport>,
    /// Running, stopped or done.
    pub(crate) stage: RolloutStage,
    /// The look-ahead's verdict on the cube decision rolled out, shown beside the
    /// rollout's ("2-ply: Redouble, take (close)"); `None` for plays.
    pub(crate) looked: Option<String>,
}

impl RolloutView {
    /// A rollout of `job`, just started; `labels` name its lines.
    #[must_use]
    pub(crate) fn new(job: &RolloutJob, labels: Vec<String>) -> RolloutView {
        RolloutView {
            labels,
            trials: job.settings.trials,
            choice: RolloutChoice {
                trials: job.settings.trials,
                ply: job.settings.ply,
                truncate: job.settings.truncate,
            },
            threads: job.settings.threads,
            report: None,
            stage: RolloutStage::Running,
            looked: None,
        }
    }

    /// Takes a report in (an ended one ends the view's rollout).
    pub(crate) fn update(&mut self, report: RolloutReport) {
        if report.done && self.stage == RolloutStage::Running {
            self.stage = RolloutStage::Done;
        }
        self.report = Some(report);
    }

    /// The panel's lines: how the rollout is played (its trials, depth, cut, pruning,
    /// variance reduction as VR, threads), each line with its equity ± its standard error
    /// and its chances (as they stand after each round; `selected` marked `>`, the play
    /// `played` in the match `*`, as [`line_mark`] marks them), the cube decision (a cube
    /// rollout), and how far it has come.
    #[must_use]
    pub(crate) fn lines(&self, selected: usize, played: Option<usize>) -> Vec<String> {
        let mut out = vec![format!(
            "rollout: {}{}, VR, {} thread{}",
            self.choice.words(),
            if self.choice.ply == 0 { ", pruned" } else { "" },
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )];
        let report = self.report.clone().unwrap_or_default();
        if let Some(why) = &report.error {
            out.push(format!("no rollout: {why}"));
            return out;
        }
        let eq = |m: i64| m as f64 / 1e6;
        let cubeful = report.cubeful.len() == self.labels.len() && report.trials > 0;
        let in_match = report.cubeful.iter().any(|(_, mwc)| mwc.is_some());
        out.push(match (cubeful, in_match) {
            (true, true) => format!(
                " {:<18} {:>6} {:>6} {:>14} {:>5} {:>4} {:>4} {:>4} {:>4}",
                "cubeful:", "MWC", "EMG", "cubeless", "win%", "gam", "bg", "lgam", "lbg"
            ),
            (true, false) => format!(
                " {:<18} {:>7} {:>14} {:>5} {:>4} {:>4} {:>4} {:>4}",
                "", "cubeful", "cubeless", "win%", "gam", "bg", "lgam", "lbg"
            ),
            _ => format!(
                " {:<24} {:>14}  {:>5} {:>4} {:>4} {:>4} {:>4}",
                "", "cubeless", "win%", "gam", "bg", "lgam", "lbg"
            ),
        });
        for (i, label) in self.labels.iter().enumerate() {
            let figures = match (report.figures.get(i), report.chances.get(i)) {
                (Some(&(e, se)), Some(c)) if report.trials > 0 => {
                    // The win column five wide, the gammons' four (a line fits at 80
                    // columns in a match, with the MWC and EMG both).
                    let percent = |m: i64| format!("{:4.1}", m as f64 / 1e4);
                    let chances = format!(
                        "{:>5} {} {} {} {}",
                        percent(c.win()),
                        percent(c.win_gammon()),
                        percent(c.win_backgammon()),
                        percent(c.lose_gammon()),
                        percent(c.lose_backgammon())
                    );
                    let cubeless = format!("{:+.3} ± {:.3}", eq(e), eq(se));
                    match report.cubeful.get(i) {
                        Some(&(emg, Some(mwc))) if cubeful => format!(
                            "{:>5.1}% {:+.3} {cubeless} {chances}",
                            mwc as f64 / 1e4,
                            eq(emg)
                        ),
                        Some(&(emg, None)) if cubeful => {
                            format!("{:>+7.3} {cubeless} {chances}", eq(emg))
                        }
                        _ => format!("{cubeless}  {chances}"),
                    }
                }
                _ => "…".to_string(),
            };
            // A one-line rollout (the cube's) has nothing to choose: no cursor.
            let cursor = (self.labels.len() > 1).then_some(selected);
            let mark = line_mark(i, cursor, played);
            let width = if cubeful { 18 } else { 24 };
            out.push(format!("{mark}{label:<width$} {figures}"));
        }
        if !report.cube.is_empty() {
            out.extend(self.looked.iter().cloned());
        }
        out.extend(report.cube.iter().cloned());
        out.push(match self.stage {
            RolloutStage::Running => format!(
                "{} of {} trials; Esc stops, other keys close",
                report.trials, self.trials
            ),
            RolloutStage::Stopped => format!(
                "stopped at {} of {} trials; Esc closes",
                report.trials, self.trials
            ),
            RolloutStage::Done => format!("{} trials done; R again, Esc closes", report.trials),
        });
        out
    }
}
