//! The question asked when a new game starts over an unfinished match in the autosave:
//! resume it (`r`, Enter), start a new match and keep that one under a dated name (`n`), or
//! quit (`q`, Esc). It is a full-screen dialog ([`StartDialog`]), and [`Opening`] runs it and
//! then the game in one terminal session, so no key is lost between them.

use super::app::App;
use super::event::Event;
use super::terminal::{RunError, Screen, run_screen};
use bg_tui::host::unfinished::{StartChoice, Unfinished};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget, Wrap};
use std::sync::mpsc::Sender;

/// The dialog: the question, and the answer once given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StartDialog {
    /// Where the match is saved and what it holds.
    place: String,
    summary: String,
    answer: Option<StartChoice>,
    /// A key that answers nothing was pressed: the dialog says which keys do.
    nudged: bool,
    ascii: bool,
    /// The autosave reads as a match (a damaged one is not offered to resume).
    readable: bool,
}

impl StartDialog {
    /// The dialog about `unfinished`, drawn with ASCII only when `ascii`.
    #[must_use]
    pub(crate) fn new(unfinished: &Unfinished, ascii: bool) -> StartDialog {
        StartDialog {
            place: bg_tui::printable::printable(&unfinished.path.display().to_string(), 200),
            summary: unfinished.summary.clone(),
            answer: None,
            nudged: false,
            ascii,
            readable: unfinished.readable,
        }
    }

    /// The answer, once given.
    #[must_use]
    pub(crate) const fn answer(&self) -> Option<StartChoice> {
        self.answer
    }

    /// The dialog's title.
    #[must_use]
    pub(crate) fn title(&self) -> &'static str {
        "An unfinished match"
    }

    /// The dialog's lines.
    #[must_use]
    pub(crate) fn lines(&self) -> Vec<String> {
        let mut lines = vec![
            self.summary.clone(),
            format!("saved in {}", self.place),
            String::new(),
        ];
        // A damaged autosave cannot be resumed: only set aside (kept) or left.
        if self.readable {
            lines.push("r  resume it (Enter too)".to_string());
            lines.push("n  start a new match, and keep that one under a dated name".to_string());
        } else {
            lines.push(
                "n  start a new match, and keep the damaged file under a dated name".to_string(),
            );
        }
        lines.push("q  quit (Esc too)".to_string());
        if self.nudged {
            lines.push(String::new());
            lines.push(
                if self.readable {
                    "Press r, n or q."
                } else {
                    "Press n or q."
                }
                .to_string(),
            );
        }
        lines
    }

    /// Takes a key (or a signal); returns whether the dialog must be redrawn.
    pub(crate) fn handle(&mut self, event: &Event) -> bool {
        match event {
            Event::Key(key) => {
                let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
                self.answer = match key.code {
                    KeyCode::Char('c') if ctrl => Some(StartChoice::Quit),
                    _ if ctrl => None,
                    KeyCode::Char('r' | 'R') | KeyCode::Enter if self.readable => {
                        Some(StartChoice::Resume)
                    }
                    KeyCode::Char('n' | 'N') => Some(StartChoice::New),
                    KeyCode::Char('q' | 'Q') | KeyCode::Esc => Some(StartChoice::Quit),
                    _ => None,
                };
                self.nudged = self.answer.is_none();
                true
            }
            Event::Terminate => {
                self.answer = Some(StartChoice::Quit);
                false
            }
            Event::Resize(..) => true,
            _ => false,
        }
    }

    /// Draws the dialog in the middle of `area`, the rest blank.
    pub(crate) fn render(&self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(*buf.area());
        if area.is_empty() {
            return;
        }
        Clear.render(area, buf);
        let lines = self.lines();
        let longest = lines
            .iter()
            .map(|l| u16::try_from(l.chars().count()).unwrap_or(u16::MAX))
            .max()
            .unwrap_or(0);
        // Borders and a column of room on each side.
        let width = longest.saturating_add(4).min(area.width);
        let inner = width.saturating_sub(4).max(1);
        let rows: u16 = lines
            .iter()
            .map(|l| {
                let n = u16::try_from(l.chars().count()).unwrap_or(u16::MAX);
                n.div_ceil(inner).max(1)
            })
            .sum();
        let height = rows.saturating_add(2).min(area.height);
        let rect = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        );
        let block = Block::default()
            .borders(Borders::ALL)
            .border_type(if self.ascii {
                BorderType::Plain
            } else {
                BorderType::Rounded
            })
            .padding(ratatui::widgets::Padding::horizontal(1))
            .title(format!(" {} ", self.title()));
        let block = if self.ascii {
            block.border_set(ratatui::symbols::border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            })
        } else {
            block
        };
        let text: Vec<Line<'_>> = lines
            .into_iter()
            .enumerate()
            .map(|(i, l)| {
                if i == 0 {
                    Line::styled(l, Style::default().add_modifier(Modifier::BOLD))
                } else {
                    Line::raw(l)
                }
            })
            .collect();
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(rect, buf);
    }
}

/// What to do with the answer: the game to play (`Ok(None)`: none, quit), or why it cannot
/// start (an error of the caller's, `E`).
pub(crate) type Then<E> = Box<dyn FnMut(StartChoice) -> Result<Option<App>, E>>;

/// How an [`Opening`] ended.
#[derive(Debug)]
pub(crate) enum OpeningEnd<E> {
    /// The dialog was answered `q` (or the process was told to stop) before a game began.
    Quit,
    /// The game the answer asked for could not start: why.
    Failed(E),
    /// The game was played (until it quit).
    Played(Box<App>),
}

/// The dialog, then the game its answer starts, as one screen of the terminal runtime.
pub(crate) struct Opening<E> {
    dialog: StartDialog,
    then: Then<E>,
    app: Option<Box<App>>,
    failed: Option<E>,
    quit: bool,
    /// The terminal's size, for the game that starts mid-session.
    size: Option<(u16, u16)>,
}

impl<E> std::fmt::Debug for Opening<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opening")
            .field("dialog", &self.dialog)
            .field("playing", &self.app.is_some())
            .finish_non_exhaustive()
    }
}

impl<E> Opening<E> {
    /// Asks `dialog`, then runs what `then` makes of the answer.
    #[must_use]
    pub(crate) fn new(dialog: StartDialog, then: Then<E>) -> Opening<E> {
        Opening {
            dialog,
            then,
            app: None,
            failed: None,
            quit: false,
            size: None,
        }
    }

    #[cfg(test)]
    /// The game, once it started.
    #[must_use]
    pub(crate) fn app(&self) -> Option<&App> {
        self.app.as_deref()
    }

    /// How it ended.
    #[must_use]
    pub(crate) fn end(self) -> OpeningEnd<E> {
        match (self.app, self.failed) {
            (Some(app), _) => OpeningEnd::Played(app),
            (None, Some(why)) => OpeningEnd::Failed(why),
            (None, None) => OpeningEnd::Quit,
        }
    }
}

impl<E> Screen for Opening<E> {
    type Msg = crate::tui::msg::Msg;

    fn handle(&mut self, event: Event) -> bool {
        if let Some(app) = &mut self.app {
            return app.handle(event);
        }
        if let Event::Resize(w, h) = event {
            self.size = Some((w, h));
        }
        let redraw = self.dialog.handle(&event);
        let Some(choice) = self.dialog.answer() else {
            return redraw;
        };
        match (self.then)(choice) {
            Ok(Some(mut app)) => {
                if let Some((w, h)) = self.size {
                    app.handle(Event::Resize(w, h));
                }
                self.app = Some(Box::new(app));
            }
            Ok(None) => self.quit = true,
            Err(why) => {
                self.failed = Some(why);
                self.quit = true;
            }
        }
        true
    }

    fn should_quit(&self) -> bool {
        self.app.as_ref().map_or(self.quit, |app| app.should_quit())
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        match &self.app {
            Some(app) => Screen::render(app.as_ref(), area, buf),
            None => self.dialog.render(area, buf),
        }
    }

    fn ticking(&self) -> bool {
        self.app.as_ref().is_some_and(|app| app.clock_running())
    }

    fn before_wait(&mut self, wake: &Sender<Event>) -> std::io::Result<()> {
        match &mut self.app {
            Some(app) => Screen::before_wait(app.as_mut(), wake),
            None => Ok(()),
        }
    }
}

/// Runs `opening` (the question about an unfinished match, then the game its answer starts)
/// in the terminal, as [`super::terminal::run`] does; returns how it ended, the game's
/// saving finished.
///
/// # Errors
/// As [`super::terminal::run`].
pub(crate) fn run_opening<E>(mut opening: Opening<E>) -> Result<OpeningEnd<E>, RunError> {
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err(RunError::NotATerminal);
    }
    run_screen(&mut opening)?;
    Ok(opening.end())
}
