//! Input as messages: what an event means in the mode the keys are in, the answers to the
//! questions asked of the keys, and the command line (typing, history, and running a
//! line).

use super::input_state::RescueAnswer;
use super::{App, Command, Event, Mode, Msg, board_input, commands, expand_home, view};
use crate::tui::effect::{Effect, SaveRequest};
use crate::tui::keys::play_key;
use crate::tui::msg::{Answer, Arrow, HintMsg, LineMsg, RolloutKnob, TutorMsg};
use crate::tui::tutor::PersonDecision;
use bg_tui::bot::BotSpec;
use bg_tui::engine::WinKind;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

impl App {
    /// The message an event means now: keys mean different things on the command line,
    /// in a panel or a question, and nothing while the terminal is too small for the board.
    #[must_use]
    pub(crate) fn message_for(&self, event: Event) -> Msg {
        match event {
            // A worker's message is one already.
            Event::Msg(msg) => msg,
            Event::Second => Msg::Second,
            Event::Terminate => Msg::Terminate,
            // The runtime's own business: the terminal, not the game.
            Event::Suspend | Event::Continued => Msg::Ignore,
            Event::Resize(w, h) => Msg::Resize(w, h),
            Event::Mouse(mouse) => self.mouse_msg(mouse),
            Event::Key(key) => self.key_msg(key),
        }
    }

    fn mouse_msg(&self, mouse: MouseEvent) -> Msg {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left)
            || self.input.mode() != &Mode::Play
            || self.screen.is_editor()
            || !self.tutor.is_idle()
        {
            return Msg::Ignore;
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        view::spot_at(area, &self.model(), mouse.column, mouse.row).map_or(Msg::Ignore, Msg::Click)
    }

    fn key_msg(&self, key: KeyEvent) -> Msg {
        let msg = play_key(key, super::PANEL_KEYS);
        if !fits(self.size) {
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
                KeyCode::Esc => Msg::Line(LineMsg::Cancel),
                KeyCode::Backspace => Msg::Line(LineMsg::Back),
                KeyCode::Enter => Msg::Line(LineMsg::Enter),
                KeyCode::Up => Msg::Line(LineMsg::HistoryBack),
                KeyCode::Down => Msg::Line(LineMsg::HistoryForward),
                KeyCode::Char(c) if !c.is_control() => Msg::Line(LineMsg::Char(c)),
                _ => Msg::Other,
            },
            Mode::Help => Msg::ClosePanel,
            Mode::Play if self.tutor.is_thinking() => match msg {
                Msg::Escape => Msg::Tutor(TutorMsg::TakeBack),
                Msg::Quit => msg,
                _ => Msg::Tutor(TutorMsg::Wait),
            },
            Mode::Play if self.tutor.panel().is_some() => match key.code {
                KeyCode::Char('k' | 'y') | KeyCode::Enter => Msg::Tutor(TutorMsg::Keep),
                KeyCode::Char('u' | 'n') | KeyCode::Backspace | KeyCode::Esc => {
                    Msg::Tutor(TutorMsg::TakeBack)
                }
                _ if msg == Msg::Quit => msg,
                _ => Msg::Tutor(TutorMsg::Wait),
            },
            Mode::Play if self.hints.panel().is_some() => match msg {
                _ if key.code == KeyCode::Char('t') => {
                    Msg::Hint(HintMsg::Knob(RolloutKnob::Trials))
                }
                _ if key.code == KeyCode::Char('d') => Msg::Hint(HintMsg::Knob(RolloutKnob::Depth)),
                _ if key.code == KeyCode::Char('c') => Msg::Hint(HintMsg::Knob(RolloutKnob::Cut)),
                Msg::Cursor(Arrow::Up) => Msg::Hint(HintMsg::Step(false)),
                Msg::Cursor(Arrow::Down) => Msg::Hint(HintMsg::Step(true)),
                Msg::Select => Msg::Hint(HintMsg::Play(None)),
                Msg::Digit(n @ 1..=9) => Msg::Hint(HintMsg::Play(Some(usize::from(n) - 1))),
                Msg::ResignMenu => Msg::Hint(HintMsg::RollOut),
                Msg::Escape if self.hints.rollout_running() => Msg::Hint(HintMsg::StopRollout),
                _ => Msg::ClosePanel,
            },
            Mode::ConfirmQuit => Msg::Answer(Answer::Quit(matches!(msg, Msg::Yes | Msg::Quit))),
            Mode::Rescue(_) => match key.code {
                KeyCode::Enter => Msg::Line(LineMsg::Enter),
                KeyCode::Esc => Msg::Line(LineMsg::Cancel),
                KeyCode::Backspace => Msg::Line(LineMsg::Back),
                KeyCode::Char(c) if !c.is_control() => Msg::Line(LineMsg::Char(c)),
                _ => Msg::Other,
            },
            Mode::ResignMenu => Msg::Answer(Answer::Resign(match key.code {
                KeyCode::Char('s') => Some(WinKind::Single),
                KeyCode::Char('g') => Some(WinKind::Gammon),
                KeyCode::Char('b') => Some(WinKind::Backgammon),
                _ => None,
            })),
            Mode::ChooseWay(_) => Msg::Answer(Answer::Way(match msg {
                Msg::Digit(n) => Some(usize::from(n)),
                _ => None,
            })),
            Mode::Play if self.screen.is_editor() => crate::tui::editor::key_msg(key),
            Mode::Play => msg,
        }
    }

    /// The answer to a question asked of the keys: the question closes, and the answer is
    /// acted on.
    pub(super) fn answer(&mut self, answer: Answer) {
        let said = match answer {
            Answer::Quit(yes) => {
                self.input.set_mode(Mode::Play);
                if yes {
                    self.quit_asked();
                }
                None
            }
            Answer::Resign(level) => {
                self.input.set_mode(Mode::Play);
                match level {
                    Some(level) => self.play_msg(Msg::Resign(level)),
                    None => Some("no resignation offered".to_string()),
                }
            }
            Answer::Way(n) => {
                let paths = self.input.take_ways();
                match n.and_then(|n| n.checked_sub(1)).and_then(|i| paths.get(i)) {
                    Some(path) => {
                        let orientation = self.orientation();
                        self.input.follow(&mut self.table, orientation, path)
                    }
                    None => Some("the checker stays where it was".to_string()),
                }
            }
        };
        self.say(said);
    }

    /// A key on the command line: Enter runs the line. (In the question of a match that is
    /// not saved, the keys type its file name: see [`InputState::rescue_key`].)
    ///
    /// [`InputState::rescue_key`]: super::input_state::InputState::rescue_key
    pub(super) fn line_key(&mut self, msg: LineMsg) {
        if matches!(self.input.mode(), Mode::Rescue(_)) {
            match self.input.rescue_key(msg) {
                Some(RescueAnswer::Back) => self
                    .status
                    .say("the match is still not saved: q asks again".to_string()),
                Some(RescueAnswer::SaveTo(typed)) => {
                    let to = typed.as_deref().map(expand_home);
                    self.outbox.ask(Effect::Save(SaveRequest::Rescue(to)));
                }
                None => {}
            }
            return;
        }
        if let Some(line) = self.input.line_key(msg) {
            self.command(&line);
        }
    }

    fn command(&mut self, line: &str) {
        match commands::parse(line) {
            Ok(Command::Msg(msg)) => {
                let said = self.play_msg(msg);
                self.say(said);
            }
            Ok(Command::Play(text)) => match board_input::typed_play(&self.table, &text) {
                Ok((play, replaced)) => {
                    self.decide(PersonDecision::Play(play));
                    // Said unless the tutor holds the play back to speak of it.
                    if let Some(so_far) = replaced.filter(|_| self.tutor.is_idle()) {
                        self.status.say(format!(
                            "{text} was played as the whole move, in place of {so_far}"
                        ));
                    }
                }
                Err(why) => self.status.say(why),
            },
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
                self.outbox.ask(Effect::Save(SaveRequest::To(path)));
            }
            Ok(Command::Tutor(on)) => {
                let said = self.options.toggle_tutor_mode(on);
                self.say(Some(said));
            }
            Ok(Command::Drill) => {
                let options = crate::tui::drill::DrillOptions {
                    ascii: self.options.ascii,
                    color: self.options.color,
                    palette: self.options.palette,
                    ..crate::tui::drill::DrillOptions::default()
                };
                let saves = self.options.saves.as_deref();
                let said = self.drill.open(saves, self.table.clocks().exist(), options);
                self.say(said);
            }
            Err(why) => self.status.say(why.to_string()),
        }
    }
}

/// The terminal of `size` (columns, rows) is large enough for the board.
pub(super) const fn fits(size: (u16, u16)) -> bool {
    size.0 >= view::MIN_WIDTH && size.1 >= view::MIN_HEIGHT
}
