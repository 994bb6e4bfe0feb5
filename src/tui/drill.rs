//! The drill screen: the worst decisions of the analysed matches asked again as a quiz
//! (`bg-tui drill`, `:drill` in the game). The items and their schedule are the library's
//! ([`bg_tui::drill`]); this screen asks them, due ones first, and notes each answer.
//!
//! The board shows the position of the item at its score, cube and dice, from the side of
//! the player who decided; the side panel lists the choices (every legal play of the roll
//! in notation order, or the two cube actions). Up and Down choose, Enter answers: the
//! message line says right or wrong, and the panel what the choice loses, the best choice
//! (marked on the board for a play) and what was played in the match. Enter again goes on
//! to the next due item; a missed item comes back once more before the end.
//!
//! A play the saved analysis did not value is valued by the advisor on a worker thread
//! ("valuing your play..." meanwhile, the keys live); `R` once answered rolls out the best
//! choice and the one answered on another ([`work`]), and keeps the rollout beside the
//! item's card, shown at once whenever the item comes back.

mod screen;
mod source;
mod work;

pub(crate) use source::{Prepared, drill_of, folder_note, prepare};
pub(crate) use work::{DrillJob, DrillNews, ValueJob};

use super::event::Event;
use super::model::{BoardModel, MoveList, MoveRow};
use super::terminal::{self, Screen};
use super::theme::Palette;
use super::view;
use bg_tui::drill::{Choice, Graded, Item, Schedule};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use std::collections::VecDeque;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

/// How the drill draws and where it keeps its schedule.
#[derive(Debug, Clone)]
pub(crate) struct DrillOptions {
    /// ASCII only.
    pub(crate) ascii: bool,
    /// Colours (off under `NO_COLOR`).
    pub(crate) color: bool,
    /// The colours for the terminal's background.
    pub(crate) palette: Palette,
    /// The schedule's file (none: answers are not kept).
    pub(crate) schedule_file: Option<PathBuf>,
    /// The time now, in seconds since the Unix epoch.
    pub(crate) clock: fn() -> u64,
    /// A wrong play the analysis did not value is valued by the advisor (on a worker).
    pub(crate) value_others: bool,
    /// What to say first (a damaged schedule set aside, records without an analysis).
    pub(crate) note: String,
}

/// The system's time in seconds since the Unix epoch.
pub(crate) fn system_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Default for DrillOptions {
    fn default() -> DrillOptions {
        DrillOptions {
            ascii: false,
            color: true,
            palette: Palette::Dark,
            schedule_file: None,
            clock: system_now,
            value_others: true,
            note: String::new(),
        }
    }
}

/// Why the drill could not run.
#[derive(Debug, thiserror::Error)]
pub(crate) enum DrillError {
    /// Standard output is not a terminal.
    #[error(
        "the drill needs a terminal, and standard output is not one; `bg-tui drill --list` prints the due items"
    )]
    NotATerminal,
    /// The records folder could not be listed.
    #[error("the records folder {0}: {1}")]
    Folder(String, #[source] io::Error),
    /// The schedule could not be read.
    #[error(transparent)]
    Schedule(#[from] bg_tui::drill::ScheduleError),
    /// Reading from or writing to the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
}

/// What a key asks the drill for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DrillMsg {
    /// Up, `k`: the choice above.
    Up,
    /// Down, `j`: the choice below.
    Down,
    /// Page Up: ten choices up.
    PageUp,
    /// Page Down: ten down.
    PageDown,
    /// Home: the first choice.
    First,
    /// End: the last.
    Last,
    /// Enter, Space: answer with the choice; once answered, the next item.
    Enter,
    /// `R`, once answered: roll out the best choice and the one answered.
    Rollout,
    /// `?`: the help.
    Help,
    /// `q`, Esc, Ctrl-C: back (the game) or out.
    Quit,
    /// Any other key.
    Other,
}

/// The message of a key.
#[must_use]
pub(crate) fn drill_key(key: KeyEvent) -> DrillMsg {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => DrillMsg::Quit,
            _ => DrillMsg::Other,
        };
    }
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => DrillMsg::Up,
        KeyCode::Down | KeyCode::Char('j') => DrillMsg::Down,
        KeyCode::PageUp => DrillMsg::PageUp,
        KeyCode::PageDown => DrillMsg::PageDown,
        KeyCode::Home => DrillMsg::First,
        KeyCode::End => DrillMsg::Last,
        KeyCode::Enter | KeyCode::Char(' ') => DrillMsg::Enter,
        KeyCode::Char('?') => DrillMsg::Help,
        KeyCode::Char('R') => DrillMsg::Rollout,
        KeyCode::Char('q') | KeyCode::Esc => DrillMsg::Quit,
        _ => DrillMsg::Other,
    }
}

/// The help's rows: keys and what they do.
#[must_use]
pub(crate) fn drill_help_rows() -> Vec<(String, String)> {
    [
        ("Up Down j k", "choose a play or cube action"),
        ("PgUp PgDn Home End", "move through a long list"),
        ("Enter Space", "answer; then the next item"),
        ("R", "once answered: roll out the best and your choice"),
        ("?", "this help"),
        ("q Esc", "leave the drill"),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}

/// An answer given.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Answered {
    /// The choice's index in the list.
    pub(crate) chosen: usize,
    /// How it went.
    pub(crate) graded: Graded,
}

/// The drill's state: the items, the schedule, the queue of due items and the one asked.
pub(crate) struct Drill {
    items: Vec<Item>,
    schedule: Schedule,
    options: DrillOptions,
    /// The items still to ask in this session (indices into `items`).
    queue: VecDeque<usize>,
    /// The items asked again after a miss in this session.
    asked_again: Vec<usize>,
    /// The item asked, if any.
    current: Option<usize>,
    /// The last item asked, shown once none is left.
    last: Option<usize>,
    /// A money game's start, shown when there is no item at all.
    idle: Option<bg_tui::engine::MatchState>,
    /// Its choices, and their rows in the side panel.
    choices: Vec<Choice>,
    rows: Vec<MoveRow>,
    /// The choice under the cursor.
    selected: usize,
    /// The answer given to the item asked, if any.
    answered: Option<Answered>,
    /// Right and wrong answers in this session.
    hits: u32,
    misses: u32,
    /// The last line said (a saving failure, the note).
    message: String,
    help: bool,
    quit: bool,
    /// The id of the last question handed to a worker.
    last_id: u64,
    /// The valuation of the answered play out on a worker, if one is: its id.
    valuing: Option<u64>,
    /// The rollout out on a worker, if one is.
    rolling: Option<work::Rolling>,
    /// Work to start on worker threads ([`Drill::take_jobs`]).
    jobs: Vec<DrillJob>,
    /// The terminal's size (columns, rows): too small for the board, only the keys that
    /// quit act.
    size: (u16, u16),
}

impl Drop for Drill {
    /// A rollout still out stops with the drill.
    fn drop(&mut self) {
        if let Some(rolling) = &self.rolling {
            rolling.stop();
        }
    }
}

impl std::fmt::Debug for Drill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Drill")
            .field("items", &self.items.len())
            .field("current", &self.current)
            .field("selected", &self.selected)
            .field("answered", &self.answered)
            .finish_non_exhaustive()
    }
}

impl Drill {
    /// A drill of `items` (worst first) on `schedule`: its due items in the schedule's
    /// order, the first one asked.
    #[must_use]
    pub(crate) fn new(items: Vec<Item>, schedule: Schedule, options: DrillOptions) -> Drill {
        let now = (options.clock)();
        let keys: Vec<&str> = items.iter().map(|i| i.key.as_str()).collect();
        let queue: VecDeque<usize> = schedule.due_order(&keys, now).into();
        let message = options.note.clone();
        let mut drill = Drill {
            items,
            schedule,
            options,
            queue,
            asked_again: Vec::new(),
            current: None,
            last: None,
            idle: bg_tui::engine::MatchState::new(bg_tui::engine::Rules::money()).ok(),
            choices: Vec::new(),
            rows: Vec::new(),
            selected: 0,
            answered: None,
            hits: 0,
            misses: 0,
            message,
            help: false,
            quit: false,
            last_id: 0,
            valuing: None,
            rolling: None,
            jobs: Vec::new(),
            size: (view::MIN_WIDTH, view::MIN_HEIGHT),
        };
        drill.next_item();
        drill
    }

    /// Asks the next item of the queue (none when it is empty).
    fn next_item(&mut self) {
        // The work for the item left is dropped: its answer, should it come, is not asked.
        self.valuing = None;
        if let Some(rolling) = self.rolling.take() {
            rolling.stop();
        }
        self.last = self.current.or(self.last);
        self.current = self.queue.pop_front();
        self.answered = None;
        self.selected = 0;
        self.choices = self
            .current
            .and_then(|i| self.items.get(i))
            .map(Item::choices)
            .unwrap_or_default();
        self.rows = self
            .choices
            .iter()
            .map(|c| MoveRow {
                side: None,
                text: c.text(),
            })
            .collect();
    }

    /// The item asked.
    #[must_use]
    pub(crate) fn item(&self) -> Option<&Item> {
        self.items.get(self.current?)
    }

    #[cfg(test)]
    /// The answer given to the item asked, if any.
    #[must_use]
    pub(crate) const fn answered(&self) -> Option<&Answered> {
        self.answered.as_ref()
    }

    #[cfg(test)]
    /// The choices of the item asked.
    #[must_use]
    pub(crate) fn choices(&self) -> &[Choice] {
        &self.choices
    }

    #[cfg(test)]
    /// The schedule, with this session's answers.
    #[must_use]
    pub(crate) const fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// How many items are still to ask after the one asked.
    #[must_use]
    pub(crate) fn left(&self) -> usize {
        self.queue.len()
    }

    /// Right and wrong answers in this session.
    #[must_use]
    pub(crate) const fn tally(&self) -> (u32, u32) {
        (self.hits, self.misses)
    }

    /// The user has left the drill.
    #[must_use]
    pub(crate) const fn has_quit(&self) -> bool {
        self.quit
    }

    /// Applies one event; returns whether the screen must be redrawn.
    pub(crate) fn handle(&mut self, event: Event<DrillNews>) -> bool {
        match event {
            Event::Key(key) => {
                let msg = drill_key(key);
                if !view::fits(self.size) {
                    // The board is not drawn: a key would act unseen.
                    if msg == DrillMsg::Quit {
                        self.update(msg);
                    }
                    return self.quit;
                }
                if self.help {
                    self.help = false;
                    self.quit = msg == DrillMsg::Quit && key.code != KeyCode::Esc;
                    return true;
                }
                self.update(msg);
                true
            }
            Event::Resize(w, h) => {
                self.size = (w, h);
                true
            }
            Event::Msg(news) => self.news(news),
            Event::Terminate => {
                self.quit = true;
                false
            }
            _ => false,
        }
    }

    /// Applies what a key asks for.
    pub(crate) fn update(&mut self, msg: DrillMsg) {
        let last = self.choices.len().saturating_sub(1);
        let moving = self.answered.is_none();
        match msg {
            DrillMsg::Up if moving => self.selected = self.selected.saturating_sub(1),
            DrillMsg::Down if moving => self.selected = (self.selected + 1).min(last),
            DrillMsg::PageUp if moving => self.selected = self.selected.saturating_sub(10),
            DrillMsg::PageDown if moving => self.selected = (self.selected + 10).min(last),
            DrillMsg::First if moving => self.selected = 0,
            DrillMsg::Last if moving => self.selected = last,
            DrillMsg::Enter => {
                if self.answered.is_some() || self.current.is_none() {
                    self.next_item();
                    self.message.clear();
                } else {
                    self.answer();
                }
            }
            DrillMsg::Rollout => self.start_rollout(),
            DrillMsg::Help => self.help = true,
            DrillMsg::Quit => {
                self.quit = true;
                self.drop_work();
            }
            _ => {}
        }
    }

    /// Answers the item asked with the choice under the cursor: grades it, values it by
    /// the advisor if the analysis did not, notes it in the schedule and saves that.
    fn answer(&mut self) {
        let (Some(index), Some(choice)) = (self.current, self.choices.get(self.selected)) else {
            return;
        };
        let Some(item) = self.items.get(index) else {
            return;
        };
        let graded = item.grade(choice);
        if graded.loss.is_none() && self.options.value_others && matches!(choice, Choice::Play(_)) {
            // Valued on a worker: the screen says so meanwhile, its keys live.
            self.last_id += 1;
            self.valuing = Some(self.last_id);
            self.jobs.push(DrillJob::Value(Box::new(ValueJob {
                id: self.last_id,
                item: item.clone(),
                choice: choice.clone(),
            })));
        }
        let now = (self.options.clock)();
        self.schedule.answer(&item.key, graded.right, now);
        if graded.right {
            self.hits += 1;
        } else {
            self.misses += 1;
            // Missed: asked once more before the end of the session.
            if !self.asked_again.contains(&index) {
                self.asked_again.push(index);
                self.queue.push_back(index);
            }
        }
        self.answered = Some(Answered {
            chosen: self.selected,
            graded,
        });
        self.message.clear();
        self.save_schedule();
    }

    /// The work out for the item asked is dropped (the drill is left): its answer is not
    /// waited for, a rollout out stops.
    fn drop_work(&mut self) {
        self.valuing = None;
        self.jobs.clear();
        if let Some(rolling) = self.rolling.take() {
            rolling.stop();
        }
    }

    /// `R` once answered: rolls out the item's best choice and the one answered (or its
    /// cube decision) on a worker, unless a rollout is out.
    fn start_rollout(&mut self) {
        if self.rolling.is_some() {
            return;
        }
        let (Some(index), Some(answered)) = (self.current, self.answered.as_ref()) else {
            return;
        };
        let Some(item) = self.items.get(index) else {
            return;
        };
        let chosen = self.choices.get(answered.chosen);
        self.last_id += 1;
        let seed = (self.options.clock)() ^ self.last_id;
        match work::rollout_of(self.last_id, item, chosen, seed) {
            Some((job, rolling)) => {
                self.rolling = Some(rolling);
                self.jobs.push(DrillJob::Rollout(Box::new(job)));
                self.message.clear();
            }
            None => self.message = "nothing to roll out here".to_string(),
        }
    }

    /// The work to start on worker threads, handed out once.
    pub(crate) fn take_jobs(&mut self) -> Vec<DrillJob> {
        std::mem::take(&mut self.jobs)
    }

    /// A worker's answer: the valuation asked for, or the rollout's result so far (kept in
    /// the schedule, and saved, once it ends). Returns whether the screen changed.
    pub(crate) fn news(&mut self, news: DrillNews) -> bool {
        match news {
            DrillNews::NotStarted { id, why } => {
                self.not_started(id, &why);
                true
            }
            DrillNews::Valued { id, loss } => {
                if self.valuing != Some(id) {
                    return false;
                }
                self.valuing = None;
                if let Some(answered) = self.answered.as_mut() {
                    answered.graded.loss = loss.map(|m| m as f64 / 1e6);
                }
                true
            }
            DrillNews::Rollout { id, report } => {
                let Some(rolling) = self.rolling.as_mut().filter(|r| r.id == id) else {
                    return false;
                };
                if let Some(why) = &report.error {
                    self.message = bg_tui::printable::printable(&format!("no rollout: {why}"), 300);
                    self.rolling = None;
                    return true;
                }
                let done = report.done;
                rolling.report = Some(*report);
                if done {
                    self.finish_rollout();
                }
                true
            }
        }
    }

    /// The worker for the question `id` could not start, for `why`: said in one line.
    fn not_started(&mut self, id: u64, why: &str) {
        if self.valuing == Some(id) {
            self.valuing = None;
        }
        if self.rolling.as_ref().is_some_and(|r| r.id == id) {
            self.rolling = None;
        }
        self.message = bg_tui::printable::printable(
            &format!("a thread could not start ({why}); the drill goes on"),
            300,
        );
    }

    /// The rollout has ended: kept beside the item's card and saved.
    fn finish_rollout(&mut self) {
        let Some(rolling) = self.rolling.take() else {
            return;
        };
        let Some(report) = &rolling.report else {
            return;
        };
        let kept = work::kept_of(&rolling, report, (self.options.clock)());
        self.schedule.keep_rollout(&rolling.key, kept);
        self.save_schedule();
    }

    /// Writes the schedule to its file, if it has one; says so when it cannot.
    fn save_schedule(&mut self) {
        if let Some(path) = &self.options.schedule_file
            && let Err(e) = self.schedule.save(path)
        {
            self.message =
                bg_tui::printable::printable(&format!("the drill schedule is not saved: {e}"), 300);
        }
    }

    /// What the board shows now.
    #[must_use]
    pub(crate) fn model(&self) -> Option<BoardModel> {
        screen::model(self)
    }

    /// The choices as the side panel lists them, with the one under the cursor.
    #[must_use]
    pub(crate) fn move_list(&self) -> MoveList<'_> {
        MoveList {
            rows: &self.rows,
            current: (!self.rows.is_empty()).then_some(self.selected),
        }
    }
}

impl Screen for Drill {
    type Msg = DrillNews;

    fn handle(&mut self, event: Event<DrillNews>) -> bool {
        Drill::handle(self, event)
    }

    fn should_quit(&self) -> bool {
        self.quit
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        render(self, area, buf);
    }

    fn wants_mouse(&self) -> bool {
        false
    }

    fn before_wait(&mut self, wake: &std::sync::mpsc::Sender<Event<DrillNews>>) -> io::Result<()> {
        start_jobs(self, wake, |news| news);
        Ok(())
    }
}

/// Starts the drill's work on worker threads, whose answers come back through `wake` as
/// `as_msg` makes them the screen's messages (a worker that cannot start comes back as
/// [`DrillNews::NotStarted`], said on the message line, and the drill goes on).
pub(crate) fn start_jobs<M: Send + 'static>(
    drill: &mut Drill,
    wake: &std::sync::mpsc::Sender<Event<M>>,
    as_msg: fn(DrillNews) -> M,
) {
    for job in drill.take_jobs() {
        // A worker that cannot start comes back as its answer for it
        // ([`DrillNews::NotStarted`]).
        super::job::spawn(job.into_job(as_msg), wake);
    }
}

/// Draws the drill: the board with the choices in the side panel.
pub(crate) fn render(drill: &Drill, area: Rect, buf: &mut Buffer) {
    if let Some(model) = drill.model() {
        view::render_with_moves(&model, &drill.move_list(), area, buf);
    }
}

/// Asks the due items of `drill` in the terminal until the user quits; returns the
/// session's right and wrong answers.
///
/// # Errors
/// [`DrillError::NotATerminal`] when standard output is not a terminal (nothing is changed
/// then), [`DrillError::Io`] when the terminal cannot be used. The terminal is restored in
/// every case.
pub(crate) fn run(mut drill: Drill) -> Result<(u32, u32), DrillError> {
    if !io::stdout().is_terminal() {
        return Err(DrillError::NotATerminal);
    }
    terminal::run_screen(&mut drill)?;
    Ok(drill.tally())
}
