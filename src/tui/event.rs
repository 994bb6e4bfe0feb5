//! What the terminal runtime and the worker threads hand a screen: keys, mouse, resizes,
//! signals, bots' answers, hints, the tutor's verdicts and timer ticks.

use super::hint::HintPanel;
use super::hint_rollout::RolloutReport;
use super::tutor::Verdict;
pub(crate) use super::viewer::analysis_board::AnalysisOutcome;
use bg_tui::bot::Decision;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};

/// What the terminal runtime hands the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Event {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event, in terminal cells.
    Mouse(MouseEvent),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// The process was asked to stop (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, ...): quit
    /// at once.
    Terminate,
    /// The process was asked to pause (SIGTSTP): the runtime puts the terminal back, stops
    /// the process, and sets the terminal up and redraws when it goes on.
    Suspend,
    /// The process goes on after a stop (SIGCONT): the runtime sets the terminal up again and
    /// redraws everything.
    Continued,
    /// A bot's answer to the question with this id.
    Bot {
        /// The question answered.
        id: u64,
        /// The answer.
        decision: Decision,
    },
    /// The hint asked for with this id, worked out.
    Hint {
        /// The question answered.
        id: u64,
        /// The panel to show.
        panel: Box<HintPanel>,
    },
    /// A rollout from the hint panel: its result so far.
    Rollout {
        /// The rollout.
        id: u64,
        /// Its result so far.
        report: Box<RolloutReport>,
    },
    /// The tutor's verdict on the decision held back with this id.
    Tutor {
        /// The question answered.
        id: u64,
        /// The verdict.
        verdict: Box<Verdict>,
    },
    /// The worker thread for the question with this id could not start (a limit on
    /// processes or memory): the game goes on without its answer.
    NotStarted {
        /// What the worker was for.
        work: super::effect::Work,
        /// The question.
        id: u64,
        /// What the system said.
        why: String,
    },
    /// The bots made for `:bot NAME` (an engine started and its hands shaken), or why not.
    BotsMade(Box<super::effect::MadeBots>),
    /// A save made on a worker thread: the writer of the match's files, back, and how the
    /// save went.
    Saved(super::effect::Saved),
    /// Time to show the next checker move of the bot's play with this id.
    Tick(u64),
    /// A second has passed while a clock runs: time to redraw it (and to see whether it ran
    /// out).
    Second,
    /// The replay viewer's analysis is under way: `done` of the record's `total` actions.
    AnalysisProgress {
        /// Actions analysed.
        done: usize,
        /// The record's actions in all.
        total: usize,
    },
    /// The replay viewer's analysis, made or read from its saved file.
    AnalysisDone(Box<AnalysisOutcome>),
    /// The drill's worker: a play valued, or a rollout's result so far.
    Drill(super::drill::DrillNews),
}
