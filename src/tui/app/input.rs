//! Input as messages: what an event means in the mode the keys are in, the answers to the
//! questions asked of the keys, and the command line (typing, history, and running a
//! line).

use super::input_state::{KeysOver, RescueAnswer};
use super::{App, Command, Event, Mode, Msg, board_input, commands, expand_home, view};
use crate::tui::effect::{Effect, SaveRequest};
use crate::tui::msg::{Answer, LineMsg};
use crate::tui::tutor::PersonDecision;
use bg_tui::bot::BotSpec;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
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
            Event::Key(key) => {
                let over = KeysOver {
                    fits: view::fits(self.size),
                    tutor_thinking: self.tutor.is_thinking(),
                    tutor_panel: self.tutor.panel().is_some(),
                    hint_panel: self.hints.panel().is_some(),
                    rollout_running: self.hints.rollout_running(),
                    editor: self.screen.is_editor(),
                };
                self.input.key_msg(key, &over)
            }
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
        self.status.say_said(said);
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
                self.status.say_said(said);
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
                self.status.say_said(Some(said));
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
                self.status.say_said(said);
            }
            Err(why) => self.status.say(why.to_string()),
        }
    }
}
