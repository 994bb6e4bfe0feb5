//! The game's state and the one place it changes: [`App::handle`].

use super::model::{BoardModel, Spot};
use crate::engine::{MatchState, Rules, RulesError, Side};
use ratatui::crossterm::event::{KeyEvent, MouseEvent};

/// How a game is set up from the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The rules and options of the match or money session.
    pub rules: Rules,
    /// The players' names, indexed by [`Side::index`].
    pub names: [String; 2],
    /// Seed for the dice: the same seed gives the same dice every time.
    pub seed: Option<u64>,
    /// Play a forced play (the only legal one) by itself.
    pub auto_forced: bool,
    /// Draw with ASCII only.
    pub ascii: bool,
    /// Use colours.
    pub color: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::money(),
            names: ["White".to_string(), "Black".to_string()],
            seed: None,
            auto_forced: false,
            ascii: false,
            color: true,
        }
    }
}

/// What the terminal runtime hands the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event, in terminal cells.
    Mouse(MouseEvent),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// The process was asked to stop (SIGTERM, SIGHUP): quit at once.
    Terminate,
}

/// The game in the terminal: the match and everything the screen shows about it.
#[derive(Debug)]
pub struct App {
    options: Options,
    match_state: MatchState,
    size: (u16, u16),
    quit: bool,
}

impl App {
    /// A new match or session, waiting for the opening roll.
    ///
    /// # Errors
    /// [`RulesError`] when the options do not go together.
    pub fn new(options: Options) -> Result<App, RulesError> {
        Ok(App {
            match_state: MatchState::new(options.rules)?,
            options,
            size: (80, 24),
            quit: false,
        })
    }

    /// Applies one event; returns whether the screen must be redrawn.
    pub fn handle(&mut self, event: Event) -> bool {
        match event {
            Event::Terminate => {
                self.quit = true;
                false
            }
            Event::Resize(w, h) => {
                self.size = (w, h);
                true
            }
            Event::Key(_) | Event::Mouse(_) => true,
        }
    }

    /// The user has quit (or the process was told to stop).
    #[must_use]
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// What the board shows now.
    #[must_use]
    pub fn model(&self) -> BoardModel {
        let game = self.match_state.game();
        let on_roll = game.turn();
        BoardModel {
            position: *game.position(),
            on_roll,
            names: self.options.names.clone(),
            cube: self.options.rules.cube.then_some(game.cube()),
            dice: game.dice(),
            dice_used: 0,
            match_length: self.options.rules.match_length,
            score: [
                self.match_state.score(Side::White),
                self.match_state.score(Side::Black),
            ],
            crawford: String::new(),
            position_id: self.match_state.position_id(),
            match_id: self.match_state.match_id(),
            cursor: Spot::Point(1),
            picked: None,
            targets: Vec::new(),
            status: String::new(),
            message: String::new(),
            last_play: String::new(),
            overlay: None,
            command_line: None,
            ascii: self.options.ascii,
            color: self.options.color,
        }
    }
}
