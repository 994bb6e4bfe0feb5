//! The position editor in the game (`e`, `:setup`): opened as the screen when nothing is
//! moving, its keys handed to it, the dice it asks for rolled with the game's dice, and the
//! setup it hands back played (recorded as the game's start) once the engine takes it.
//! The editor itself is [`crate::tui::editor`].

use super::match_table::Table;
use super::questions::Questions;
use super::{App, Said, Screen};
use crate::tui::editor::{Editor, EditorContext, EditorNext};
use crate::tui::msg::EditorMsg;
use bg_tui::engine::Action;

impl App {
    /// Opens the position editor on the game as it stands (`e`, `:setup`), or says why not.
    pub(super) fn open_editor(&mut self, from: Option<&str>) -> Said {
        if let Err(why) = setup_barred(&self.table, &self.questions) {
            return Some(why.to_string());
        }
        let editor = match Editor::open(self.table.state(), from) {
            Ok(editor) => editor,
            Err(why) => return Some(why.to_string()),
        };
        let _ = self.input.drop_pick();
        self.hints.forget();
        self.screen = Screen::Editor(Box::new(editor));
        Some("set up the position: w / b add a checker at the cursor, x removes one".to_string())
    }

    /// What the editor reads of the game.
    pub(super) fn editor_context(&self) -> EditorContext<'_> {
        EditorContext {
            names: &self.options.names,
            rules: &self.options.rules,
            bottom: self.orientation().bottom(),
            cursor: self.input.cursor_drawn(),
        }
    }

    /// A key of the position editor: the editor takes it, and what it cannot do alone is
    /// done here. Returns what there is to say.
    pub(super) fn editor_msg(&mut self, msg: EditorMsg) -> Said {
        let Screen::Editor(mut editor) = std::mem::take(&mut self.screen) else {
            return None;
        };
        let next = editor.update(msg, &self.editor_context());
        self.screen = Screen::Editor(editor);
        match next {
            EditorNext::Quiet => None,
            EditorNext::Say(line) => Some(line),
            EditorNext::RollDice => {
                let dice = self.table.roll();
                match &mut self.screen {
                    Screen::Editor(editor) => Some(editor.set_dice(dice)),
                    Screen::Table => None,
                }
            }
            EditorNext::Cancel => {
                self.screen = Screen::Table;
                Some("back to the game, unchanged".into())
            }
            EditorNext::Play(setup, dice) => {
                self.play_setup(&setup, dice);
                None
            }
        }
    }

    /// Hands the edited position to the engine: on refusal the message says why and the
    /// editor stays; else the game starts from it (recorded as its start).
    fn play_setup(
        &mut self,
        setup: &bg_tui::engine::GameSetup,
        dice: Option<bg_tui::engine::Dice>,
    ) {
        if let Err(e) = self.table.set_up(setup) {
            self.status.say(e.to_string());
            return;
        }
        self.screen = Screen::Table;
        let _ = self.input.drop_pick();
        self.auto_roll_held = None;
        self.hints.forget_wait();
        // The host marks the record to be saved (its start changed) and, after a game
        // over, sends the take-over bots away and fills the clocks again.
        let number = self.table.state().game_number();
        let on_roll = self.words().name(setup.turn).to_string();
        self.status.note(format!(
            "── game {number}: set-up position, {on_roll} on roll ──"
        ));
        self.status
            .say(format!("the set-up position is played: {on_roll} on roll"));
        match dice {
            Some(dice) => self.act(Action::Roll(dice)),
            None => self.after_action(),
        }
    }
}

/// Why a position cannot be set up now on `table`, with the bots' `questions` as they
/// are, if it cannot.
fn setup_barred(table: &Table, questions: &Questions) -> Result<(), SetupBarred> {
    if table.state().is_over() {
        return Err(SetupBarred::MatchOver);
    }
    if table.clocks().exist() {
        return Err(SetupBarred::Clocks);
    }
    if questions.busy() || questions.shown_play().is_some() {
        return Err(SetupBarred::BotMoving);
    }
    Ok(())
}

/// Why the position editor cannot open now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SetupBarred {
    /// The match is over.
    #[error("the match is over: no position can be set up in it")]
    MatchOver,
    /// The game is played with clocks.
    #[error("positions cannot be set up in a game played with clocks")]
    Clocks,
    /// A bot is thinking, or its play is being shown.
    #[error("wait for the computer's move")]
    BotMoving,
}
