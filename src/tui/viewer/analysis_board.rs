//! The replay viewer's analysis board (`A`, or `replay --analyse`): every decision of the
//! match judged by the expert, marked in the move list as GNU Backgammon marks them, with
//! the mistakes to jump to, the expert's better play to show on the board, and each
//! player's figures (error rate, PR, luck).
//!
//! The analysis is made once on a worker thread ([`AnalysisJob::into_job`]), which reports
//! its progress and its outcome as messages, and is saved beside the record ([`bg_tui::analysis::cache`]) so the
//! next opening reads it at once.

use crate::tui::job::{Job, Reply};
use crate::tui::viewer::ViewerNews;
use bg_tui::analysis::{self, Analysis, Judged, cache};
use bg_tui::record::Record;
use std::path::PathBuf;
use std::sync::Arc;

/// The record file the viewer shows, for the saved analysis beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RecordSource {
    /// The record's path.
    pub(crate) path: PathBuf,
    /// Its bytes, as read (the saved analysis names their fingerprint).
    pub(crate) bytes: Arc<Vec<u8>>,
}

/// What the worker hands back: the analysis (or why there is none), whether it was read
/// from the saved file, and a line to show about the saved file (damaged, stale, not
/// written).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AnalysisOutcome {
    /// The analysis, or the expert's complaint.
    pub(crate) result:
        Result<Analysis, crate::tui::effect::Shared<bg_tui::analysis::AnalysisError>>,
    /// Read from the saved file, not made.
    pub(crate) from_cache: bool,
    /// A line about the saved file, if there is something to say.
    pub(crate) note: Option<String>,
}

// The analysis's figures are never NaN: equality is an equivalence.
impl Eq for AnalysisOutcome {}

/// An analysis to make: the record, the depth, and where it is saved.
#[derive(Debug, Clone)]
pub(crate) struct AnalysisJob {
    /// The record.
    pub(crate) record: Record,
    /// The expert's depth.
    pub(crate) ply: u8,
    /// The record's file, when there is one.
    pub(crate) source: Option<RecordSource>,
}

impl AnalysisJob {
    /// The job for a worker thread: a [`ViewerNews::AnalysisProgress`] as it goes (each
    /// whole percent), then [`ViewerNews::AnalysisDone`] (the analysis's failure when no
    /// thread can start).
    #[must_use]
    pub(crate) fn into_job(self) -> Job<ViewerNews> {
        Job::from_fn("analysis", 0, move |reply: &Reply<ViewerNews>| {
            let mut shown = usize::MAX;
            let mut progress = |done: usize, total: usize| {
                let percent = 100 * done / total.max(1);
                if percent != shown {
                    shown = percent;
                    // The viewer may be gone; the work then goes on only to be saved.
                    reply.send(ViewerNews::AnalysisProgress { done, total });
                }
            };
            let outcome = self.run(&mut progress);
            reply.send(ViewerNews::AnalysisDone(Box::new(outcome)));
        })
        // Said on the board as the analysis's failure.
        .if_not_started(|why| {
            let error = std::io::Error::other(why);
            ViewerNews::AnalysisDone(Box::new(AnalysisOutcome {
                result: Err(bg_tui::analysis::AnalysisError::Thread(error).into()),
                from_cache: false,
                note: None,
            }))
        })
    }

    /// Reads the saved analysis if it is of this record, depth and program, or makes it
    /// (telling `progress` how far it is) and saves it: on the calling thread.
    pub(crate) fn run(&self, progress: &mut dyn FnMut(usize, usize)) -> AnalysisOutcome {
        let mut note = None;
        if let Some(source) = &self.source {
            let path = cache::path_for(&source.path);
            match cache::load(&path, &source.bytes, self.ply) {
                Ok(analysis) => {
                    return AnalysisOutcome {
                        result: Ok(analysis),
                        from_cache: true,
                        note: None,
                    };
                }
                Err(cache::CacheError::Missing) => {}
                Err(e) => note = Some(e.to_string()),
            }
        }
        let result = analysis::analyse_with_progress(&self.record, self.ply, progress);
        if let (Ok(a), Some(source)) = (&result, &self.source) {
            let path = cache::path_for(&source.path);
            if let Err(e) = cache::save(&path, &source.bytes, self.ply, a) {
                note = Some(format!("the analysis is not saved: {e}"));
            }
        }
        AnalysisOutcome {
            result: result.map_err(Into::into),
            from_cache: false,
            note: note.map(|n| bg_tui::printable::printable(&n, 200)),
        }
    }
}

/// Where the analysis stands.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Progress {
    /// Not asked for yet.
    NotAsked,
    /// Asked for; the worker is to be started.
    Queued,
    /// Under way: `done` of `total` actions.
    Running {
        /// Actions done.
        done: usize,
        /// Actions in all.
        total: usize,
    },
    /// Made (or read).
    Ready(Box<Analysis>),
    /// The expert could not analyse the record.
    Failed(String),
}

/// The analysis board's state.
#[derive(Debug, Clone)]
pub(crate) struct AnalysisBoard {
    /// The board is shown.
    pub(crate) on: bool,
    /// The expert's better play is shown instead of the play made.
    pub(crate) better: bool,
    /// The summary panel is open.
    pub(crate) summary: bool,
    /// The analysis.
    pub(crate) progress: Progress,
    /// The analysis was read from the saved file.
    pub(crate) from_cache: bool,
    /// A line about the saved file.
    pub(crate) note: Option<String>,
    /// The record's file, if any.
    pub(crate) source: Option<RecordSource>,
    /// The expert's depth.
    pub(crate) ply: u8,
}

impl AnalysisBoard {
    /// A board not shown, for the record at `source` (if any), analysed at `ply`.
    #[must_use]
    pub(crate) const fn new(source: Option<RecordSource>, ply: u8) -> AnalysisBoard {
        AnalysisBoard {
            on: false,
            better: false,
            summary: false,
            progress: Progress::NotAsked,
            from_cache: false,
            note: None,
            source,
            ply,
        }
    }

    /// Shows or hides the board; the first showing asks for the analysis.
    pub(crate) fn toggle(&mut self) {
        self.on = !self.on;
        if self.on && self.progress == Progress::NotAsked {
            self.progress = Progress::Queued;
        }
        if !self.on {
            self.better = false;
            self.summary = false;
        }
    }

    /// The analysis, once made.
    #[must_use]
    pub(crate) fn analysis(&self) -> Option<&Analysis> {
        match &self.progress {
            Progress::Ready(a) => Some(a),
            _ => None,
        }
    }

    /// The job to start, if the analysis was asked for and not started: it is started now.
    pub(crate) fn take_job(&mut self, record: &Record) -> Option<AnalysisJob> {
        if self.progress != Progress::Queued {
            return None;
        }
        self.progress = Progress::Running { done: 0, total: 0 };
        Some(AnalysisJob {
            record: record.clone(),
            ply: self.ply,
            source: self.source.clone(),
        })
    }

    /// Takes the worker's progress.
    pub(crate) fn progressed(&mut self, done: usize, total: usize) {
        if matches!(self.progress, Progress::Running { .. }) {
            self.progress = Progress::Running { done, total };
        }
    }

    /// Takes the worker's outcome.
    pub(crate) fn finished(&mut self, outcome: AnalysisOutcome) {
        self.from_cache = outcome.from_cache;
        self.note = outcome.note;
        self.progress = match outcome.result {
            Ok(a) => Progress::Ready(Box::new(a)),
            Err(e) => Progress::Failed(bg_tui::printable::printable(&e.to_string(), 200)),
        };
    }

    /// The progress line while the analysis is under way (or why it failed).
    #[must_use]
    pub(crate) fn progress_line(&self) -> Option<String> {
        match &self.progress {
            Progress::NotAsked | Progress::Ready(_) => None,
            Progress::Queued | Progress::Running { total: 0, .. } => {
                Some("Analysing the match...".to_string())
            }
            Progress::Running { done, total } => Some(format!(
                "Analysing the match: {done} of {total} actions ({}%)",
                100 * done / total
            )),
            Progress::Failed(e) => Some(format!("no analysis: {e}")),
        }
    }

    /// The summary's lines: each player's decisions (as GNU Backgammon counts them), error
    /// rates (checker play, cube, overall) with their ratings, PR, luck with its marks and
    /// rating, the luck-adjusted result, and the dice.
    #[must_use]
    pub(crate) fn summary_lines(&self) -> Vec<String> {
        let Some(a) = self.analysis() else {
            return Vec::new();
        };
        let matched = a.match_length.is_some();
        let mut lines = Vec::new();
        for i in 0..2 {
            let s = &a.stats[i];
            let name = bg_tui::printable::printable(&a.players[i], 20);
            let itself = if a.judged_itself(i) {
                " (judged by itself)"
            } else {
                ""
            };
            lines.push(format!(
                "{name}{itself}: {} decisions ({} unforced moves, {} close cube); error rate {:.1} mEMG a decision ({}), PR {:.1}",
                s.decisions(),
                s.unforced_moves,
                s.close_cube,
                a.error_rate[i],
                a.rating[i],
                a.pr[i],
            ));
            lines.push(format!(
                "  checker play {:.1} mEMG a move ({}), cube {:.1} mEMG a decision ({})",
                1000.0 * s.checker_rate().emg,
                s.checker_rating().unwrap_or("n/a"),
                1000.0 * s.cube_rate().emg,
                s.cube_rating().unwrap_or("n/a"),
            ));
            let (adjusted, unit) = if matched {
                (100.0 * a.luck_adjusted[i], "% MWC")
            } else {
                (a.luck_adjusted[i], " points")
            };
            lines.push(format!(
                "  luck {:+.3} EMG over {} rolls (luck rating {}; {} lucky, {} unlucky); luck-adjusted {:+.3}{unit}",
                a.luck[i],
                a.rolls[i],
                a.luck_rating[i],
                s.luck_marks[0] + s.luck_marks[1],
                s.luck_marks[3] + s.luck_marks[4],
                adjusted,
            ));
            lines.push(format!("  {}", dice_line(&a.dice[i])));
        }
        lines
    }

    /// The summary panel's title.
    #[must_use]
    pub(crate) fn summary_title(&self) -> String {
        format!("Analysis by expert at {}-ply", self.ply)
    }
}

/// A player's dice in a line: the rolls, the doubles against the sixth expected, and the
/// roll that came most often.
fn dice_line(counts: &[u32; 21]) -> String {
    // The 21 rolls in the order 1-1, 1-2, ..., 1-6, 2-2, ..., 6-6.
    let rolls: Vec<(u8, u8)> = (1..=6u8)
        .flat_map(|a| (a..=6u8).map(move |b| (a, b)))
        .collect();
    let total: u32 = counts.iter().sum();
    let doubles: u32 = rolls
        .iter()
        .zip(counts)
        .filter(|((a, b), _)| a == b)
        .map(|(_, n)| n)
        .sum();
    let most = rolls
        .iter()
        .zip(counts)
        .filter(|(_, n)| **n > 0)
        .max_by_key(|(_, n)| **n)
        .map_or(String::new(), |((a, b), n)| {
            format!(", most often {b}-{a} ({n})")
        });
    format!(
        "dice: {total} rolls, {doubles} doubles ({:.1} expected){most}",
        f64::from(total) / 6.0
    )
}

/// One line for judged decision `j` by `who`: what was done and its mark, the equities of
/// both, each with its unit: EMG in a match (and the match-winning chances lost), equity
/// per unit of the cube in money play (and the equity lost).
#[must_use]
pub(crate) fn judged_line(j: &Judged, who: &str) -> String {
    let mark = j
        .mark()
        .map_or(String::new(), |m| format!(" {}", m.symbol()));
    let done = if j.done.is_empty() {
        "can't move"
    } else {
        &j.done
    };
    let unit = if j.loss_mwc.is_some() {
        " EMG"
    } else {
        " equity"
    };
    if j.loss <= 0.0 {
        return format!(
            "{who}: {done} {:+.3}{unit}, the expert's choice",
            j.done_equity
        );
    }
    // The loss in EMG (or equity) is the difference of the two figures shown; in a match
    // the match-winning chances lost are given beside.
    let lost = match j.loss_mwc {
        Some(m) => format!("-{:.1}% MWC", 100.0 * m),
        None => format!("-{:.3} equity", j.loss),
    };
    format!(
        "{who}: {done} {:+.3}{unit}{mark}; best {} {:+.3}{unit} ({lost})",
        j.done_equity, j.best, j.best_equity
    )
}

#[cfg(test)]
mod tests {
    use super::{dice_line, judged_line};
    use bg_tui::analysis::Judged;

    /// A judged play of 3-2 that lost 0.073, in a match when `loss_mwc` is given.
    fn judged(loss_mwc: Option<f64>) -> Judged {
        let mut j = serde_json::json!({
            "game": 1, "action": 3, "side": "black", "kind": "play",
            "position_id": "4HPwATDgc/ABMA", "dice": [3, 2], "done": "13/8",
            "best": "13/11 13/10", "loss": 0.073, "done_equity": 0.032, "best_equity": 0.105,
        });
        if let Some(m) = loss_mwc {
            j["loss_mwc"] = serde_json::json!(m);
        }
        serde_json::from_value(j).expect("a judged play")
    }

    #[test]
    fn a_judged_line_gives_every_number_its_unit() {
        assert_eq!(
            judged_line(&judged(Some(0.007)), "greedy"),
            "greedy: 13/8 +0.032 EMG ?!; best 13/11 13/10 +0.105 EMG (-0.7% MWC)"
        );
        assert_eq!(
            judged_line(&judged(None), "greedy"),
            "greedy: 13/8 +0.032 equity ?!; best 13/11 13/10 +0.105 equity (-0.073 equity)"
        );
    }

    #[test]
    fn the_dice_line_counts_doubles_and_the_commonest_roll() {
        let mut counts = [0u32; 21];
        counts[0] = 2; // 1-1
        counts[5] = 3; // 1-6
        counts[20] = 1; // 6-6
        assert_eq!(
            dice_line(&counts),
            "dice: 6 rolls, 3 doubles (1.0 expected), most often 6-1 (3)"
        );
        assert_eq!(
            dice_line(&[0; 21]),
            "dice: 0 rolls, 0 doubles (0.0 expected)"
        );
    }
}
