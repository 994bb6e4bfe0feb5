//! The keys of normal play (the table's: quitting, the cursor, the toggles, the panels)
//! and the game's decisions by keys and by bots: the opening roll, rolling and doubling,
//! answering a double, moving checkers (picked, moved by a die, typed), and going on
//! between games; every action goes through the table ([`super::match_table::Table`]) and
//! is noted in the log. A handler returns what it has to say ([`Said`]); the caller puts it
//! on the message line.

use super::board_input::BoardOutcome;
use super::intent::{BoardKey, Intent, intent};
use super::match_words::MatchWords;
use super::{App, Mode, Msg, Said};
use crate::tui::effect::{Effect, SaveRequest};
use crate::tui::model::LastMove;
use crate::tui::msg::Toggle;
use crate::tui::tutor::PersonDecision;
use bg_tui::engine::{Action, Phase, Side, TurnBuilder, format_play};

impl App {
    /// Applies a message of normal play (keys, clicks, commands): the keys of the table
    /// here, a decision in the match by [`App::decision_msg`]. Returns what it has to say
    /// on the message line.
    pub(super) fn play_msg(&mut self, msg: Msg) -> Said {
        match msg {
            Msg::QuitNow => {
                self.quit_asked();
                None
            }
            // Once the match is over there is nothing to keep playing, nor while the game
            // waits for its engine to start before anything is played: q quits.
            Msg::Quit
                if self.table.state().is_over()
                    || (self.questions.making().is_some() && self.table.nothing_played()) =>
            {
                self.quit_asked();
                None
            }
            Msg::Quit => {
                self.input.set_mode(Mode::ConfirmQuit);
                None
            }
            Msg::NextChecker | Msg::PreviousChecker => {
                let sources = self.table.turn().map(TurnBuilder::sources);
                let flipped = self.orientation().flipped();
                self.input
                    .jump_cursor(sources, flipped, msg == Msg::NextChecker)
            }
            Msg::Toggle(option) => {
                let has_position_id = self.table.game().variant().has_position_id();
                let said = self.options.toggle(option, has_position_id);
                match option {
                    // Turned on while the dice wait for this person: their roll (and their
                    // chance to double) stays theirs this turn.
                    Toggle::AutoRoll => self.auto_roll_held = Some(self.table.recorded()),
                    // The XGID into the log too, where it stays to be copied.
                    Toggle::PositionText if self.options.board_text && has_position_id => {
                        self.status.note(self.table.xgid());
                    }
                    _ => {}
                }
                Some(said)
            }
            Msg::TakeOver => match self.table.side_to_claim() {
                Ok(side) => {
                    self.take_over_side(side);
                    None
                }
                Err(why) => Some(why.to_string()),
            },
            Msg::EditPosition => self.open_editor(None),
            Msg::SetupFrom(text) => self.open_editor(Some(&text)),
            Msg::Help => {
                self.input.set_mode(Mode::Help);
                None
            }
            Msg::Log(scroll) => {
                // Back no further than the oldest events filling the log's rows.
                let area = ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1);
                let rows = crate::tui::view::log_rows(&self.model(), area).max(1);
                self.status.update(scroll, rows);
                None
            }
            Msg::Save => {
                self.outbox.ask(Effect::Save(SaveRequest::To(None)));
                None
            }
            Msg::OpenCommand => {
                self.input.set_mode(Mode::Command(String::new(), None));
                None
            }
            Msg::Cursor(arrow) => {
                self.input.move_cursor(arrow);
                None
            }
            Msg::Escape => {
                if self.input.drop_pick().is_none() {
                    self.status.clear();
                }
                None
            }
            Msg::ResignMenu => {
                let game = self.table.game();
                if game.to_act().is_some() {
                    self.input.set_mode(Mode::ResignMenu);
                    return None;
                } else if game.phase() == Phase::Opening {
                    return Some("a game can be resigned once it has started: r rolls".to_string());
                }
                Some("there is nothing to resign now".to_string())
            }
            Msg::Click(spot) => {
                self.input.put_cursor_on(spot, self.orientation().flipped());
                self.play_msg(Msg::Select)
            }
            Msg::Other => Some("that key does nothing here: ? lists the keys".to_string()),
            other => self.decision_msg(other),
        }
    }

    /// A decision in the match (roll, double, answer, move, the next game), refused with
    /// the reason when it is not the person's to make now.
    fn decision_msg(&mut self, msg: Msg) -> Said {
        self.status.clear();
        let game = self.table.game();
        if let Some(side) = game.to_act().filter(|&s| self.table.seats().has_bot(s)) {
            return Some(format!(
                "{} is played by the computer: wait, or :human takes it back",
                self.words().name(side)
            ));
        }
        if self.questions.busy() {
            return Some("wait for the computer's move".to_string());
        }
        let intent = intent(
            &self.table,
            &self.words(),
            msg,
            self.input.picked().is_some(),
        );
        self.carry_intent(intent)
    }

    /// Carries out what a key meant ([`intent`]); returns what there is to say.
    pub(super) fn carry_intent(&mut self, intent: Intent) -> Said {
        match intent {
            Intent::Nothing => None,
            Intent::Refused(why) => Some(why),
            Intent::Decide(decision) => {
                self.decide(decision);
                None
            }
            Intent::Act(action) => {
                self.act(action);
                None
            }
            Intent::PassTurn(play) => {
                self.act(Action::Play(play));
                None
            }
            Intent::OpeningRoll => self.opening(),
            Intent::NextGame => match self.table.carry_out(bg_tui::bot::Decision::NextGame) {
                Ok(_) => {
                    // A line between the games in the log.
                    let line = self.words().next_game_line();
                    self.status.note(line);
                    self.after_action();
                    None
                }
                Err(e) => Some(e.to_string()),
            },
            Intent::EndSession { full } => {
                let _ = self.table.stop();
                if !full {
                    self.status.note("the session is over".to_string());
                }
                Some(MatchWords::session_over(full).to_string())
            }
            Intent::Board(key) => {
                let orientation = self.orientation();
                match key {
                    BoardKey::Die(die) => self.input.move_by_die(&mut self.table, orientation, die),
                    BoardKey::Undo => self.input.undo(&mut self.table, orientation),
                    BoardKey::Select => match self.input.select(&mut self.table, orientation) {
                        BoardOutcome::Said(said) => said,
                        BoardOutcome::Play(play) => {
                            self.decide(PersonDecision::Play(play));
                            None
                        }
                    },
                }
            }
        }
    }

    /// Makes `action` in the match (the table records it), notes it in the log, and
    /// follows the game with the turn in progress; a refusal is said on the message line.
    pub(super) fn act(&mut self, action: Action) {
        let _ = self.carry_out(bg_tui::bot::Decision::Act(action));
    }

    /// Carries out `decision` through the host (the one road, for a person's decision and
    /// a bot's alike: [`bg_tui::host::Host::carry_out`]), and shows the action made: the
    /// play on the status line and the board, the log, what follows an action. Returns the
    /// action (`None`: the next game started, or the rules refused it, as the message
    /// says).
    pub(super) fn carry_out(&mut self, decision: bg_tui::bot::Decision) -> Option<Action> {
        let game = self.table.game();
        let before = (
            game.turn(),
            game.to_act().unwrap_or(game.turn()),
            game.dice(),
        );
        match self.table.carry_out(decision) {
            Ok(Some(action)) => {
                self.acted(action, before);
                Some(action)
            }
            Ok(None) => None,
            Err(e) => {
                self.status.say(e.to_string());
                None
            }
        }
    }

    /// Shows `action`, just made: `before` is the mover, the side that acted and the dice
    /// before it. The play goes on the status line and the board, the action and a game's
    /// end in the log.
    pub(super) fn acted(
        &mut self,
        action: Action,
        before: (Side, Side, Option<bg_tui::engine::Dice>),
    ) {
        let (mover, actor, dice) = before;
        self.status.clear();
        match (action, dice) {
            (Action::Play(play), Some(dice)) => {
                let text = format_play(&play);
                let text = if text.is_empty() {
                    "cannot move".to_string()
                } else {
                    text
                };
                let name = self.words().name(mover);
                let text = format!("{name} {}-{}: {text}", dice.high(), dice.low());
                let steps = play.steps().to_vec();
                self.table.played(text, LastMove { side: mover, steps });
            }
            (Action::Roll(_), _) => self.table.unmark_last_move(),
            _ => {}
        }
        if let Some(line) = self.words().action_line(action, actor) {
            self.status.note(line);
        }
        if let Some(result) = self.table.game().result() {
            let line = self.words().result_line(&result);
            self.status.note(line);
        }
        self.after_action();
    }

    /// Starts or ends the turn in progress to match the game, and plays forced plays when
    /// asked to.
    pub(super) fn after_action(&mut self) {
        let _ = self.input.drop_pick();
        if self.table.follow_game() {
            let flipped = self.orientation().flipped();
            self.input.cursor_to_start(self.table.turn(), flipped);
        }
        if self.options.auto_forced
            && let Some(turn) = self.table.turn()
            && turn.made().is_empty()
            && let Some(play) = turn.forced()
        {
            self.act(Action::Play(play));
            let forced = format!("forced: {}", self.table.last_play());
            self.status.say_if_quiet(forced);
        }
    }

    /// The opening roll; returns what it says (also in the log).
    pub(super) fn opening(&mut self) -> Said {
        let cube_before = self.table.game().cube().value();
        let Some(Action::OpeningRoll { white, black }) =
            self.carry_out(bg_tui::bot::Decision::Roll)
        else {
            return None;
        };
        let (w, b) = (
            self.words().name(Side::White),
            self.words().name(Side::Black),
        );
        let said = if white == black {
            let cube = self.table.game().cube().value();
            if cube > cube_before {
                format!("both rolled {white}: the cube turns to {cube}; roll again")
            } else {
                format!("both rolled {white}: roll again")
            }
        } else {
            let starter = if white > black { w } else { b };
            format!("opening: {w} {white}, {b} {black}; {starter} starts")
        };
        self.status.note(said.clone());
        Some(said)
    }
}
