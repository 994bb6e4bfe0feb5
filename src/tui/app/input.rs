//! Input as messages: what an event means in the mode the keys are in, and the command
//! line (typing, history, and running a line).

use super::{App, Command, Event, Mode, Msg, commands, expand_home, view};
use crate::bot::BotSpec;
use crate::engine::WinKind;
use crate::host::saving::SaveRequest;
use crate::tui::effect::Effect;
use crate::tui::keys::{RolloutKnob, play_key};
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

impl App {
    /// The message an event means now: keys mean different things on the command line,
    /// in a panel or a question, and nothing while the terminal is too small for the board.
    #[must_use]
    pub fn message_for(&self, event: Event) -> Msg {
        match event {
            Event::Bot { id, decision } => Msg::BotDecided(id, decision),
            Event::Tick(id) => Msg::BotStep(id),
            Event::Hint { id, panel } => Msg::HintReady(id, panel),
            Event::Tutor { id, verdict } => Msg::TutorReady(id, verdict),
            Event::Rollout { id, report } => Msg::RolloutReport(id, report),
            Event::BotsMade(made) => Msg::BotsMade(*made),
            Event::Saved(saved) => Msg::Saved(saved),
            Event::NotStarted { work, id, why } => Msg::NotStarted(work, id, why),
            Event::Second => Msg::Second,
            Event::Terminate => Msg::Terminate,
            // The runtime's own business: the terminal, not the game.
            Event::Suspend
            | Event::Continued
            | Event::AnalysisProgress { .. }
            | Event::AnalysisDone(_) => Msg::Ignore,
            Event::Resize(w, h) => Msg::Resize(w, h),
            Event::Mouse(mouse) => self.mouse_msg(mouse),
            Event::Key(key) => self.key_msg(key),
        }
    }

    fn mouse_msg(&self, mouse: MouseEvent) -> Msg {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left)
            || self.input.mode() != &Mode::Play
            || self.tutor_busy()
        {
            return Msg::Ignore;
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        view::spot_at(area, &self.model(), mouse.column, mouse.row).map_or(Msg::Ignore, Msg::Click)
    }

    fn key_msg(&self, key: KeyEvent) -> Msg {
        let msg = play_key(key);
        if !self.fits() {
            // The board is hidden: only quitting acts, at once (no question could be seen).
            return match msg {
                Msg::QuitNow | Msg::Quit => Msg::QuitNow,
                _ => Msg::Other,
            };
        }
        // Ctrl-C quits at once whatever is open: a panel, a question, a menu, the editor.
        if msg == Msg::QuitNow {
            return msg;
        }
        match self.input.mode() {
            Mode::Command(..) => match key.code {
                KeyCode::Esc => Msg::CommandCancel,
                KeyCode::Backspace => Msg::CommandBack,
                KeyCode::Enter => Msg::CommandEnter,
                KeyCode::Up => Msg::HistoryBack,
                KeyCode::Down => Msg::HistoryForward,
                KeyCode::Char(c) if !c.is_control() => Msg::CommandChar(c),
                _ => Msg::Other,
            },
            Mode::Help => Msg::ClosePanel,
            Mode::Play if self.tutor_thinking() => match msg {
                Msg::Escape => Msg::TutorTakeBack,
                Msg::Quit => msg,
                _ => Msg::TutorWait,
            },
            Mode::Play if self.tutor_panel().is_some() => match key.code {
                KeyCode::Char('k' | 'y') | KeyCode::Enter => Msg::TutorKeep,
                KeyCode::Char('u' | 'n') | KeyCode::Backspace | KeyCode::Esc => Msg::TutorTakeBack,
                _ if msg == Msg::Quit => msg,
                _ => Msg::TutorWait,
            },
            Mode::Play if self.hints.panel().is_some() => match msg {
                _ if key.code == KeyCode::Char('t') => Msg::RolloutKnob(RolloutKnob::Trials),
                _ if key.code == KeyCode::Char('d') => Msg::RolloutKnob(RolloutKnob::Depth),
                _ if key.code == KeyCode::Char('c') => Msg::RolloutKnob(RolloutKnob::Cut),
                Msg::Up => Msg::HintStep(false),
                Msg::Down => Msg::HintStep(true),
                Msg::Select => Msg::HintPlay(None),
                Msg::Digit(n @ 1..=9) => Msg::HintPlay(Some(usize::from(n) - 1)),
                Msg::ResignMenu => Msg::HintRollout,
                Msg::Escape if self.rollout_running() => Msg::RolloutStop,
                _ => Msg::ClosePanel,
            },
            Mode::ConfirmQuit => Msg::ConfirmQuit(matches!(msg, Msg::Yes | Msg::Quit)),
            Mode::Rescue(_) => match key.code {
                KeyCode::Enter => Msg::CommandEnter,
                KeyCode::Esc => Msg::CommandCancel,
                KeyCode::Backspace => Msg::CommandBack,
                KeyCode::Char(c) if !c.is_control() => Msg::CommandChar(c),
                _ => Msg::Other,
            },
            Mode::ResignMenu => Msg::ResignLevel(match key.code {
                KeyCode::Char('s') => Some(WinKind::Single),
                KeyCode::Char('g') => Some(WinKind::Gammon),
                KeyCode::Char('b') => Some(WinKind::Backgammon),
                _ => None,
            }),
            Mode::ChooseWay(_) => Msg::Way(match msg {
                Msg::Digit(n) => Some(usize::from(n)),
                _ => None,
            }),
            Mode::Setup(_) => crate::tui::keys::setup_key(key),
            Mode::Play => msg,
        }
    }

    /// The terminal is large enough for the board.
    pub(super) fn fits(&self) -> bool {
        self.size.0 >= view::MIN_WIDTH && self.size.1 >= view::MIN_HEIGHT
    }

    /// A key on the command line: Enter runs the line. (In the question of a match that is
    /// not saved, the keys type its file name: see [`App::rescue_key`].)
    pub(super) fn command_key(&mut self, msg: &Msg) {
        if matches!(self.input.mode(), Mode::Rescue(_)) {
            self.rescue_key(msg);
            return;
        }
        if let Some(line) = self.input.command_key(msg) {
            self.command(&line);
        }
    }

    fn command(&mut self, line: &str) {
        match commands::parse(line) {
            Ok(Command::Msg(msg)) => {
                let said = self.play_msg(msg);
                self.say(said);
            }
            Ok(Command::Play(text)) => {
                let said = self.typed_play(&text);
                self.say(said);
            }
            Ok(Command::Bot(name, side)) => match name.parse::<BotSpec>() {
                // Said (and noted in the log) once the runtime has made the bot.
                Ok(spec) => self.set_player(Some(&spec), side),
                Err(why) => {
                    self.status.say(why.to_string());
                    self.status.note_message();
                }
            },
            Ok(Command::Human(side)) => {
                self.set_player(None, side);
            }
            Ok(Command::Save(path)) => {
                let path = path.as_deref().map(expand_home);
                self.ask(Effect::Save(SaveRequest::To(path)));
            }
            Ok(Command::Tutor(on)) => {
                let said = self.toggle_tutor_mode(on);
                self.say(said);
            }
            Err(why) => self.status.say(why.to_string()),
        }
    }
}
