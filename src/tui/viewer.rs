//! The replay viewer: a recorded match on the game's board, moment by moment.
//!
//! [`Viewer`] holds a [`Timeline`] and the moment shown, turns keys into moves along it
//! ([`keys`]), and describes the screen as a [`BoardModel`] and a [`MoveList`] (`screen`)
//! that the game's view draws. [`run`] shows it in the terminal through the game's runtime.

pub(crate) mod analysis_board;
pub(crate) mod graph;
pub(crate) mod keys;
mod screen;
pub(crate) mod study;
mod study_board;

use super::event::Event;
use super::job::{Job, Reply};
use super::model::{BoardModel, MoveList, MoveRow};
use super::terminal::{self, Screen};
use super::view;
use analysis_board::{AnalysisBoard, RecordSource};
use bg_tui::advisor::DecisionKind;
use bg_tui::engine::Side;
use bg_tui::replay::Timeline;
use keys::{ViewerMsg, viewer_key};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use std::collections::HashMap;
use std::io::{self, IsTerminal};
use study::{DecisionStates, StudyPanel, ViewerExit};
pub(crate) use study_board::editing_app;

/// How the viewer draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ViewOptions {
    /// ASCII only.
    pub(crate) ascii: bool,
    /// Colours (off under `NO_COLOR`).
    pub(crate) color: bool,
    /// The colours for the terminal's background (`--theme`).
    pub(crate) palette: super::theme::Palette,
    /// The record's clocks, if it was played with them.
    pub(crate) clock: Option<bg_tui::record::ClockRecord>,
    /// Open with the analysis board shown (`replay --analyse`).
    pub(crate) analyse: bool,
    /// How deep the expert looks in the analysis board.
    pub(crate) ply: u8,
    /// The record's file, for the analysis saved beside it.
    pub(crate) source: Option<RecordSource>,
}

impl Default for ViewOptions {
    fn default() -> ViewOptions {
        ViewOptions {
            ascii: false,
            color: true,
            palette: super::theme::Palette::Dark,
            clock: None,
            analyse: false,
            ply: bg_tui::bot::EXPERT_DEFAULT_PLY,
            source: None,
        }
    }
}

/// Why the viewer could not run.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ViewerError {
    /// Standard output is not a terminal.
    #[error(
        "the replay viewer needs a terminal, and standard output is not one; `bg-tui replay FILE --text` prints the match as text"
    )]
    NotATerminal,
    /// Reading from or writing to the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
    /// The game played on from the viewer (`P`, `e`) could not start or run.
    #[error("{0}")]
    Game(#[from] super::terminal::RunError),
}

/// A worker's job the viewer asked for, started before it next waits.
#[derive(Debug, Clone)]
pub(crate) enum StudyJob {
    /// The alternatives of a decision.
    Alternatives(study::AlternativesJob),
    /// The rollout of the study panel's lines.
    Rollout(super::hint_rollout::RolloutJob),
}

impl StudyJob {
    /// The job for a worker thread: the alternatives come back as one
    /// [`ViewerNews::Alternatives`], the rollout as one [`ViewerNews::Rollout`] per round.
    #[must_use]
    pub(crate) fn into_job(self) -> Job<ViewerNews> {
        match self {
            StudyJob::Alternatives(job) => {
                let id = job.id;
                Job::from_fn("alternatives", id, move |reply: &Reply<ViewerNews>| {
                    let panel = Box::new(job.panel());
                    // Nobody waits once the viewer has closed.
                    reply.send(ViewerNews::Alternatives(id, panel));
                })
                .if_not_started(move |why| ViewerNews::StudyNotStarted(id, why))
            }
            StudyJob::Rollout(job) => {
                let id = job.id;
                Job::from_fn("rollout", id, move |reply: &Reply<ViewerNews>| {
                    job.run(|report| reply.send(ViewerNews::Rollout(id, Box::new(report))));
                })
                .if_not_started(move |why| {
                    let report = super::hint_rollout::RolloutReport {
                        done: true,
                        error: Some(format!("a thread could not start ({why})")),
                        ..super::hint_rollout::RolloutReport::default()
                    };
                    ViewerNews::Rollout(id, Box::new(report))
                })
            }
        }
    }
}

/// What the viewer's worker threads send it ([`crate::tui::job`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ViewerNews {
    /// The study's alternatives asked for with this id, worked out.
    Alternatives(u64, Box<super::hint::HintPanel>),
    /// The study's rollout with this id: its result so far.
    Rollout(u64, Box<super::hint_rollout::RolloutReport>),
    /// The analysis is under way: `done` of the record's `total` actions.
    AnalysisProgress {
        /// Actions analysed.
        done: usize,
        /// The record's actions in all.
        total: usize,
    },
    /// The analysis, made or read from its saved file.
    AnalysisDone(Box<analysis_board::AnalysisOutcome>),
    /// No thread could start for the study's question with this id: why.
    StudyNotStarted(u64, String),
}

/// The viewer's state: the timeline, the moment shown, and whether the help is open.
#[derive(Debug, Clone)]
pub(crate) struct Viewer {
    timeline: Timeline,
    options: ViewOptions,
    /// The moment shown.
    at: usize,
    help: bool,
    quit: bool,
    /// The moment each row of the move list stands for, in order.
    row_moments: Vec<usize>,
    /// The rows of the move list.
    rows: Vec<MoveRow>,
    /// The expert's judgement of the moment's decision is shown.
    analysis: bool,
    /// The judgements made so far, by game and action (from 0).
    judgements: HashMap<(usize, usize), String>,
    /// The analysis board (`A`).
    board: AnalysisBoard,
    /// Once the analysis is made: the judged decisions of each row of the move list
    /// (indices into the analysis's list).
    row_decisions: Vec<Vec<usize>>,
    /// The rows of the move list with the decisions' marks.
    marked_rows: Vec<MoveRow>,
    /// Once the analysis is made: the luck of each row's roll (an index into the
    /// analysis's rolls).
    row_luck: Vec<Option<usize>>,
    /// The match before each action of the record.
    states: DecisionStates,
    /// The match graph is shown (`g`).
    graph_on: bool,
    /// Once the analysis is made: the graph, and the moment of each of its points.
    graph: Option<(graph::MatchGraph, Vec<usize>)>,
    /// The study panel (`h`), while it is open.
    study: Option<StudyPanel>,
    /// The workers to start.
    jobs: Vec<StudyJob>,
    /// The last question's id (alternatives, rollouts).
    last_id: u64,
    /// `P` asked who plays on: the question is shown.
    play_menu: bool,
    /// The answer to the last key, when it could not be done.
    said: Option<String>,
    /// How the viewer hands over to the game as it closes (`P`, `e`).
    exit: Option<ViewerExit>,
    /// The terminal's size (columns, rows): too small for the board, only the keys that
    /// quit act.
    size: (u16, u16),
}

impl Viewer {
    /// A viewer at the start of the match.
    #[must_use]
    pub(crate) fn new(timeline: Timeline, options: ViewOptions) -> Viewer {
        let (row_moments, rows) = screen::move_rows(&timeline);
        let states = DecisionStates::of(timeline.record());
        let mut board = AnalysisBoard::new(options.source.clone(), options.ply);
        if options.analyse {
            board.toggle();
        }
        Viewer {
            timeline,
            options,
            at: 0,
            help: false,
            quit: false,
            row_moments,
            rows,
            analysis: false,
            judgements: HashMap::new(),
            board,
            row_decisions: Vec::new(),
            marked_rows: Vec::new(),
            row_luck: Vec::new(),
            states,
            graph_on: false,
            graph: None,
            study: None,
            jobs: Vec::new(),
            last_id: 0,
            play_menu: false,
            said: None,
            exit: None,
            size: (view::MIN_WIDTH, view::MIN_HEIGHT),
        }
    }

    #[cfg(test)]
    /// The analysis board's state.
    #[must_use]
    pub(crate) const fn analysis_board(&self) -> &AnalysisBoard {
        &self.board
    }

    /// The row of the move list of the moment shown.
    fn current_row(&self) -> Option<usize> {
        let stop = self.timeline.stop_of(self.at);
        self.row_moments.binary_search(&stop).ok()
    }

    /// The analysed decisions of the moment shown (of its row of the move list), once the
    /// analysis is made.
    #[must_use]
    pub(crate) fn decisions_shown(&self) -> Vec<&bg_tui::analysis::Judged> {
        let (Some(a), Some(row)) = (self.board.analysis(), self.current_row()) else {
            return Vec::new();
        };
        self.row_decisions
            .get(row)
            .map(|d| d.iter().filter_map(|&i| a.judged.get(i)).collect())
            .unwrap_or_default()
    }

    /// The luck of the roll of the moment shown (of its row of the move list), once the
    /// analysis is made.
    #[must_use]
    pub(crate) fn luck_shown(&self) -> Option<&bg_tui::analysis::RollLuck> {
        let (a, row) = (self.board.analysis()?, self.current_row()?);
        a.roll_luck.get((*self.row_luck.get(row)?)?)
    }

    /// Takes the analysis made: each decision's row, and the rows' marks.
    fn analysis_ready(&mut self) {
        let Some(a) = self.board.analysis() else {
            return;
        };
        let mut first_moment = HashMap::new();
        for (i, moment) in self.timeline.moments().iter().enumerate() {
            if let Some(action) = moment.action {
                first_moment.entry((moment.game, action)).or_insert(i);
            }
        }
        let row_of = |game: usize, action: usize| {
            let moment = first_moment.get(&(game.saturating_sub(1), action.saturating_sub(1)))?;
            let stop = self.timeline.stop_of(*moment);
            self.row_moments.binary_search(&stop).ok()
        };
        let mut row_decisions = vec![Vec::new(); self.rows.len()];
        for (index, j) in a.judged.iter().enumerate() {
            if let Some(row) = row_of(j.game, j.action) {
                row_decisions[row].push(index);
            }
        }
        let mut row_luck = vec![None; self.rows.len()];
        for (index, r) in a.roll_luck.iter().enumerate() {
            if let Some(row) = row_of(r.game, r.action) {
                row_luck[row] = Some(index);
            }
        }
        self.row_luck = row_luck;
        let graph = graph::match_graph(a, &self.states);
        let point_moments = graph
            .points
            .iter()
            .map(|p| {
                first_moment
                    .get(&(p.game.saturating_sub(1), p.action.saturating_sub(1)))
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        self.graph = Some((graph, point_moments));
        self.marked_rows = self
            .rows
            .iter()
            .zip(&row_decisions)
            .map(|(row, decisions)| {
                let worst = decisions
                    .iter()
                    .filter_map(|&i| a.judged.get(i).and_then(bg_tui::analysis::Judged::mark))
                    .max();
                MoveRow {
                    side: row.side,
                    text: match worst {
                        Some(mark) => format!("{} {}", row.text, mark.symbol()),
                        None => row.text.clone(),
                    },
                }
            })
            .collect();
        self.row_decisions = row_decisions;
    }

    /// The next (or previous) row with a marked decision, from the moment shown.
    fn mistake_row(&self, forward: bool) -> Option<usize> {
        let a = self.board.analysis()?;
        let marked = |row: &usize| {
            self.row_decisions[*row]
                .iter()
                .any(|&i| a.judged.get(i).is_some_and(|j| j.mark().is_some()))
        };
        let here = self.current_row();
        if forward {
            let from = here.map_or(0, |r| r + 1);
            (from..self.row_decisions.len()).find(marked)
        } else {
            let to = here.unwrap_or(0);
            (0..to).rev().find(marked)
        }
    }

    /// Why `m` (`forward`) or `M` found no marked decision to go to.
    fn no_mistake_words(&self, forward: bool) -> &'static str {
        use analysis_board::Progress;
        match (&self.board.progress, forward) {
            (Progress::Ready(_), true) => "no marked decision after this one",
            (Progress::Ready(_), false) => "no marked decision before this one",
            (Progress::Failed(_), _) => "no analysis: the expert could not analyse the record",
            (Progress::Queued | Progress::Running { .. }, _) => "the analysis is not ready yet",
            (Progress::NotAsked, _) => "no analysis: A judges the match and marks its errors",
        }
    }

    #[cfg(test)]
    /// The timeline shown.
    #[must_use]
    pub(crate) const fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    #[cfg(test)]
    /// The index of the moment shown.
    #[must_use]
    pub(crate) const fn at(&self) -> usize {
        self.at
    }

    #[cfg(test)]
    /// The help is open.
    #[must_use]
    pub(crate) const fn help_open(&self) -> bool {
        self.help
    }

    #[cfg(test)]
    /// The user has quit (or the process was told to stop).
    #[must_use]
    pub(crate) const fn should_quit(&self) -> bool {
        self.quit
    }

    /// Applies one event; returns whether the screen must be redrawn.
    pub(crate) fn handle(&mut self, event: Event<ViewerNews>) -> bool {
        match event {
            Event::Key(key) => {
                let msg = viewer_key(key);
                if !view::fits(self.size) {
                    // The board is not drawn: a key would act unseen.
                    self.quit = msg == ViewerMsg::Quit;
                    return self.quit;
                }
                if self.board.summary {
                    // Any key closes the summary; q and Ctrl-C also quit.
                    self.board.summary = false;
                    self.quit = msg == ViewerMsg::Quit && key.code != KeyCode::Esc;
                    return true;
                }
                if self.help {
                    // Any key closes the help; q and Ctrl-C also quit.
                    self.help = false;
                    self.quit = msg == ViewerMsg::Quit && key.code != KeyCode::Esc;
                    return true;
                }
                self.said = None;
                if self.play_menu {
                    self.play_menu_key(key.code);
                    return true;
                }
                if self.study.is_some() && self.study_key(key.code) {
                    return true;
                }
                self.update(msg);
                true
            }
            Event::Msg(ViewerNews::Alternatives(id, panel)) => {
                let Some(study) = self.study.as_mut().filter(|s| s.id == id) else {
                    return false;
                };
                study.panel = *panel;
                study.ready = true;
                true
            }
            Event::Msg(ViewerNews::Rollout(id, report)) => {
                let Some(view) = self
                    .study
                    .as_mut()
                    .filter(|s| s.rollout.as_ref().is_some_and(|(r, _)| *r == id))
                    .and_then(|s| s.panel.rollout.as_mut())
                else {
                    return false;
                };
                view.update(*report);
                true
            }
            Event::Msg(ViewerNews::StudyNotStarted(id, why)) => {
                if self.study.as_ref().is_none_or(|s| s.id != id) {
                    return false;
                }
                self.said = Some(format!("a worker could not start ({why})"));
                true
            }
            Event::Resize(w, h) => {
                self.size = (w, h);
                true
            }
            Event::Msg(ViewerNews::AnalysisProgress { done, total }) => {
                self.board.progressed(done, total);
                self.board.on
            }
            Event::Msg(ViewerNews::AnalysisDone(outcome)) => {
                self.board.finished(*outcome);
                self.analysis_ready();
                true
            }
            Event::Terminate => {
                self.quit = true;
                false
            }
            Event::Mouse(_) | Event::Second | Event::Suspend | Event::Continued => false,
        }
    }

    /// Applies what a key asks for.
    pub(crate) fn update(&mut self, msg: ViewerMsg) {
        let t = &self.timeline;
        self.at = match msg {
            ViewerMsg::NextStep | ViewerMsg::PreviousStep if self.graph_shown().is_some() => {
                self.graph_step(msg == ViewerMsg::NextStep)
            }
            ViewerMsg::NextStep => t.next_step(self.at),
            ViewerMsg::PreviousStep => t.previous_step(self.at),
            ViewerMsg::NextTurn => t.next_turn(self.at),
            ViewerMsg::PreviousTurn => t.previous_turn(self.at),
            ViewerMsg::NextGame => t.next_game(self.at),
            ViewerMsg::PreviousGame => t.previous_game(self.at),
            ViewerMsg::Start => 0,
            ViewerMsg::End => t.end(),
            ViewerMsg::Help => {
                self.help = true;
                self.at
            }
            ViewerMsg::Analysis => {
                self.analysis = !self.analysis;
                self.at
            }
            ViewerMsg::AnalysisBoard => {
                self.board.toggle();
                self.at
            }
            ViewerMsg::NextMistake | ViewerMsg::PreviousMistake => {
                let forward = msg == ViewerMsg::NextMistake;
                let found = self
                    .mistake_row(forward)
                    .and_then(|row| self.row_moments.get(row).copied());
                if found.is_none() {
                    self.said = Some(self.no_mistake_words(forward).to_string());
                }
                found.unwrap_or(self.at)
            }
            ViewerMsg::BetterPlay => {
                self.board.better = self.board.on && !self.board.better;
                self.at
            }
            ViewerMsg::Summary => {
                self.board.summary = self.board.analysis().is_some();
                self.at
            }
            ViewerMsg::Quit => {
                self.quit = true;
                self.at
            }
            ViewerMsg::Alternatives => {
                self.open_study();
                self.at
            }
            ViewerMsg::Graph => {
                self.toggle_graph();
                self.at
            }
            ViewerMsg::PlayOn => {
                match self.decision_state() {
                    Ok(_) => self.play_menu = true,
                    Err(why) => self.said = Some(why.to_string()),
                }
                self.at
            }
            ViewerMsg::Edit => {
                self.hand_over(None);
                self.at
            }
            ViewerMsg::Other => self.at,
        };
        if self.analysis {
            self.judge_moment();
        }
    }

    /// Judges the decision of the moment shown, unless it was judged before.
    fn judge_moment(&mut self) {
        let moment = self.timeline.moment(self.at);
        let Some(action) = moment.action else {
            return;
        };
        let key = (moment.game, action);
        if self.judgements.contains_key(&key) {
            return;
        }
        let ply = bg_tui::bot::EXPERT_DEFAULT_PLY;
        let text = match bg_tui::analysis::judge_action(self.timeline.record(), ply, key.0, key.1) {
            Ok(Some(j)) => judgement_text(&j, |side| self.timeline.name(side).to_string()),
            Ok(None) => "nothing to judge here: no choice was made".to_string(),
            Err(e) => e.to_string(),
        };
        self.judgements.insert(
            key,
            bg_tui::printable::printable(&format!("expert {ply}-ply: {text}"), 200),
        );
    }

    /// The expert's judgement of the moment's decision, while it is shown.
    #[must_use]
    pub(crate) fn analysis(&self) -> Option<&str> {
        if !self.analysis {
            return None;
        }
        let moment = self.timeline.moment(self.at);
        match moment.action {
            Some(action) => self
                .judgements
                .get(&(moment.game, action))
                .map(String::as_str),
            None => Some("expert: nothing to judge at this moment"),
        }
    }

    #[cfg(test)]
    /// Shows moment `index` (the last one past the end).
    pub(crate) fn go_to(&mut self, index: usize) {
        self.at = index.min(self.timeline.end());
        if self.analysis {
            self.judge_moment();
        }
    }

    /// The analysis to start, once the board asked for it (it is then under way).
    pub(crate) fn take_analysis_job(&mut self) -> Option<analysis_board::AnalysisJob> {
        self.board.take_job(self.timeline.record())
    }

    /// What the board shows now.
    #[must_use]
    pub(crate) fn model(&self) -> BoardModel {
        screen::model(self)
    }

    /// The list of moves, with the row of the moment shown.
    #[must_use]
    pub(crate) fn move_list(&self) -> MoveList<'_> {
        let stop = self.timeline.stop_of(self.at);
        let marked = self.board.on && self.marked_rows.len() == self.rows.len();
        MoveList {
            rows: if marked {
                &self.marked_rows
            } else {
                &self.rows
            },
            current: self.row_moments.binary_search(&stop).ok(),
        }
    }
}

impl Screen for Viewer {
    type Msg = ViewerNews;

    fn handle(&mut self, event: Event<ViewerNews>) -> bool {
        Viewer::handle(self, event)
    }

    fn should_quit(&self) -> bool {
        self.quit
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        let model = self.model();
        view::render_with_moves(&model, &self.move_list(), area, buf);
        if let (Some((g, _)), None) = (self.graph_shown(), &model.overlay)
            && let Some(board) = view::board_area(area, model.tutor)
        {
            let look = graph::GraphLook {
                current: self.graph_point(),
                names: self.timeline.names(),
                theme: super::theme::Theme::new(self.options.ascii, self.options.color)
                    .with_palette(self.options.palette),
                ascii: self.options.ascii,
            };
            graph::draw(g, &look, board, buf);
        }
    }

    fn wants_mouse(&self) -> bool {
        // No clicks to take: leave the mouse to the terminal, so the IDs can be selected.
        false
    }

    fn before_wait(&mut self, wake: &std::sync::mpsc::Sender<Event<ViewerNews>>) -> io::Result<()> {
        // The analysis and the study's work are made on worker threads that report back
        // with messages; a worker that cannot start comes back as its answer for it (the
        // analysis's failure said on the board, the study's on the message line): the
        // viewer goes on, and this cannot fail.
        if let Some(job) = self.take_analysis_job() {
            super::job::spawn(job.into_job(), wake);
        }
        for job in self.take_study_jobs() {
            super::job::spawn(job.into_job(), wake);
        }
        Ok(())
    }
}

/// Shows `timeline` in the terminal until the user quits or the process is told to stop.
///
/// # Errors
/// [`ViewerError::NotATerminal`] when standard output is not a terminal (nothing is changed
/// then), [`ViewerError::Io`] when the terminal cannot be set up, drawn on or read from. The
/// terminal is restored in every case.
/// Once the viewer closes with `P` or `e`, the game from its moment runs in the terminal
/// ([`terminal::run_app`]; with `e` its position editor opened first), and what it says at
/// the end is returned to print.
pub(crate) fn run(timeline: Timeline, options: ViewOptions) -> Result<String, ViewerError> {
    if !io::stdout().is_terminal() {
        return Err(ViewerError::NotATerminal);
    }
    let mut viewer = Viewer::new(timeline, options);
    terminal::run_screen(&mut viewer)?;
    if terminal::signal_received().is_some() {
        return Ok(String::new());
    }
    match viewer.exit.take() {
        None => Ok(String::new()),
        Some(ViewerExit::Play(options)) => Ok(terminal::run(*options)?),
        Some(ViewerExit::Edit(options)) => {
            let app = editing_app(*options).map_err(terminal::RunError::from)?;
            Ok(terminal::run_app(app)?)
        }
    }
}

/// One line for a judged decision: what was done, and what it lost against the best.
fn judgement_text(j: &bg_tui::analysis::Judged, name: impl Fn(Side) -> String) -> String {
    let side = j.side;
    let who = name(side);
    let done = if j.kind == DecisionKind::Play {
        format!("{who}'s {}", j.done)
    } else {
        format!("{who}: {}", j.done)
    };
    if j.loss > 0.0 {
        format!("{done} loses {:.3}; best: {}", j.loss, j.best)
    } else if j.kind == DecisionKind::Play {
        format!("{done} is the best play")
    } else {
        format!("{done} is right ({})", j.best)
    }
}
