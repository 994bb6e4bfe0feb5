//! The game's state and the one place it changes: [`App::handle`] turns events into
//! messages ([`App::message_for`] reads the mode the keys are in and the screen) and
//! [`App::update`] routes them: each message to the part it is for, then does what follows
//! from the new state (the clocks, automatic rolls, questions to bots) and returns the
//! effects for the runtime to perform ([`crate::tui::effect`]: start a job, save, quit).
//! `update` changes memory only; the runtime makes the saves on a worker thread (the host
//! hands them out one at a time, in order), and their outcome comes back as a message.
//!
//! `App` is a composition of parts, each in its own file, each the only writer of its
//! state (its fields are private to its module):
//!
//! - `match_table::Table`: the match's [`bg_tui::host::Host`] (the match, its recorder, the
//!   dice, the seats, the clocks, the saving: the save folder, the autosave claim and
//!   journal, where `s` saves, the finished match kept, save trouble), the turn builder, the
//!   last play's marks; the only path to the match;
//! - `questions::Questions`: the question a bot is answering, the play being shown, the
//!   question ids, the bots still to be made (the command line's engines, `:bot`'s);
//! - `input_state::InputState`: the keys' mode, the cursor, the picked checker, the
//!   command history; it takes the arrows and the command line's keys;
//! - `hints::Hints`: the hint panel, the hint it waits for, its rollout; it takes
//!   [`crate::tui::msg::HintMsg`] with a view of the match, makes its own jobs (the hint,
//!   the rollout) and draws its panel;
//! - `tutor_desk::TutorDesk`: tutor mode's decision held back; it takes
//!   [`crate::tui::msg::TutorMsg`] and draws its panel;
//! - `status::StatusLine`: the message line and the log; it takes
//!   [`crate::tui::msg::LogMsg`];
//! - `leaving::Leaving`: whether the players have quit, a quit waiting for a save still
//!   out, a save given up as stuck;
//! - `drill_desk::DrillDesk`: the drill (`:drill`) while it is open over the match; it takes
//!   the keys and its workers' news;
//! - `outbox::Outbox`: the effects the update in progress asks for, and the jobs kept for
//!   the runtime to start.
//!
//! Beside them, values read from the parts that change nothing, each tested on its own:
//! `orientation::Orientation` (how the board is turned, which the cursor, the messages and
//! the panels number by), `match_words::MatchWords` (what the table says of its match: the
//! status line, the match's questions and game-over panel, the log's lines, the lines of the
//! keys' questions) and `intent::intent` (what a person's key means for the match now: a
//! decision, an action, the opening roll, the next game, a board key, a refusal). The
//! board's keys (`board_input.rs`: pick, put down, a die, undo, a typed play) are the input
//! part's, working on the table's turn in progress.
//!
//! Every job is one generic [`crate::tui::job::Job`] (an id, a kind, the work), run by
//! [`crate::tui::job::spawn`]; its worker sends [`Msg`]s back through the runtime's channel
//! ([`Event::Msg`]), which [`App::update`] routes like any other message.
//!
//! A new panel worked out on a worker touches three files: its part (its state, messages,
//! job, drawing and the key that opens it, a [`crate::tui::keys::PanelKey`]), a [`Msg`]
//! variant in `msg.rs`, and here its field, its route in `App::apply` and its key in
//! [`PANEL_KEYS`]. (A panel that reads keys of its own while open is named in
//! `input_state::KeysOver` as well, as the hint panel is.)
//!
//! The screen is the table, or the position editor ([`crate::tui::editor`]), a
//! screen of its own with its messages, update and view, which hands a finished setup back.
//! A part's `update` does what it can alone and returns what the game must do for the rest
//! (ask a bot, play a line, roll the dice, play a setup).
//!
//! The other files here are `impl App` by concern (play, bot turns, input, screen, editing,
//! table, tutoring, hints, saving, performing effects): routing, which joins the parts and
//! carries out what they hand back, changing them only through their methods (55 methods
//! outside tests). The play handlers return what they have to say (`Said`), which goes on
//! the message line.

mod board_input;
mod bot_turns;
mod drill_desk;
mod editing;
mod hint_rollouts;
mod hints;
mod input;
mod input_state;
mod intent;
mod leaving;
mod match_table;
mod match_words;
mod orientation;
mod outbox;
mod perform;
mod play;
mod questions;
mod saving;
mod screen;
mod status;
mod table;
mod tutor_desk;
mod tutoring;

use super::bots::BotJob;
use super::commands::{self, Command};
use super::editor::Editor;
use super::effect::{Effect, Effects, SaveRequest};
pub(crate) use super::event::Event;
use super::job::Job;
use super::model::Spot;
use super::msg::Msg;
use super::tutor::Threshold;
use super::view;
use bg_tui::bot::{self, BotSpec};
use bg_tui::clock::ClockKind;
use bg_tui::engine::{
    Action, Dice, DieStep, GameSetup, MatchState, Place, Rules, RulesError, Side,
};
#[cfg(test)]
use bg_tui::engine::{Play, TurnBuilder};
use bg_tui::host::Host;
use bg_tui::host::saving::{SaveWriter, Saving};
use bg_tui::host::seats::Seats;
use bg_tui::record::Recorder;
pub(crate) use leaving::SAVE_WAIT;
pub(crate) use saving::Ending;

/// The keys of the game's panels, each declared by its part ([`crate::tui::keys::PanelKey`]).
pub(crate) const PANEL_KEYS: &[crate::tui::keys::PanelKey] = &[hints::KEY];
use rand::RngExt;
use std::path::PathBuf;

/// How a game is set up from the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Options {
    /// The rules and options of the match or money session.
    pub(crate) rules: Rules,
    /// The players' names, indexed by [`Side::index`].
    pub(crate) names: [String; 2],
    /// Seed for the dice: the same seed gives the same dice every time.
    pub(crate) seed: Option<u64>,
    /// Play a forced play (the only legal one) by itself.
    pub(crate) auto_forced: bool,
    /// Draw with ASCII only.
    pub(crate) ascii: bool,
    /// Use colours.
    pub(crate) color: bool,
    /// The colours for the terminal's background (`--theme`).
    pub(crate) palette: super::theme::Palette,
    /// Who plays each side at the start, indexed by [`Side::index`]: the host's seats
    /// keep who plays from then on.
    pub(crate) players: [Player; 2],
    /// The pause between a bot's checker moves, in milliseconds (0: none).
    pub(crate) bot_delay_ms: u64,
    /// The folder for the autosave and for finished matches (`None`: no autosave).
    pub(crate) saves: Option<PathBuf>,
    /// The folders offered at quit for a match that cannot be saved where it goes (a full
    /// disk): [`bg_tui::store::rescue_dirs`] in the game; none by default.
    pub(crate) rescue: Vec<PathBuf>,
    /// Turn the board to the player on roll (hot-seat); otherwise White's home is bottom
    /// right, and against a bot the person's is.
    pub(crate) turn_board: bool,
    /// When to roll without asking.
    pub(crate) auto_roll: AutoRoll,
    /// The computer plays a person's rolls once there is no contact.
    pub(crate) auto_bearoff: bool,
    /// The tutor view: point numbers for both sides.
    pub(crate) tutor: bool,
    /// Tutor mode: the expert judges a person's decisions before they are made.
    pub(crate) tutor_mode: bool,
    /// The smallest loss tutor mode speaks of.
    pub(crate) tutor_threshold: Threshold,
    /// Show the position as text on the panel: the board where no Position ID can say it
    /// (Plakoto, Fevga), else its XGID in place of the Position ID and Match ID; `i` turns
    /// it on and off.
    pub(crate) board_text: bool,
    /// The players' clocks, if any.
    pub(crate) clock: Option<ClockKind>,
    /// The first game set up at a position rather than the rule set's start.
    pub(crate) start: Option<SetUpStart>,
}

/// A first game set up at a position (`--position`, `--board`): the setup, and the dice
/// already rolled, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SetUpStart {
    /// The position, the player on roll, the cube and the score.
    pub(crate) setup: GameSetup,
    /// The dice the player on roll has rolled (`None`: to roll or double).
    pub(crate) dice: Option<Dice>,
}

/// When a person's dice are rolled without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum AutoRoll {
    /// Never: `r` rolls.
    #[default]
    Off,
    /// When the player cannot double (no cube, the Crawford game, the cube on the other
    /// side or at its cap).
    NoDouble,
    /// Always: the player is never asked about doubling (`d` is not offered).
    Always,
}

/// Who plays a side: kept by the host's seats once the game has started.
pub(crate) use bg_tui::host::seats::Player;

impl Options {
    /// The keys that turn a table option on or off (`has_position_id`: the game's variant
    /// has one, so the position's text is its XGID); returns what the message line says.
    pub(crate) fn toggle(&mut self, option: super::msg::Toggle, has_position_id: bool) -> String {
        use super::msg::Toggle;
        let (what, on) = match option {
            Toggle::AutoRoll => {
                self.auto_roll = match self.auto_roll {
                    AutoRoll::Off => AutoRoll::NoDouble,
                    AutoRoll::NoDouble => AutoRoll::Always,
                    AutoRoll::Always => AutoRoll::Off,
                };
                return match self.auto_roll {
                    AutoRoll::Off => "auto-roll off: r rolls",
                    AutoRoll::NoDouble => "auto-roll on when you cannot double",
                    AutoRoll::Always => "auto-roll always: you are not asked about doubling",
                }
                .to_string();
            }
            Toggle::AutoBearOff => {
                self.auto_bearoff = !self.auto_bearoff;
                (
                    "auto bear-off (once there is no contact)",
                    self.auto_bearoff,
                )
            }
            Toggle::TutorView => {
                self.tutor = !self.tutor;
                ("tutor view", self.tutor)
            }
            Toggle::TutorMode => return self.toggle_tutor_mode(None),
            Toggle::TurnBoard => {
                self.turn_board = !self.turn_board;
                ("board turned to the player on roll", self.turn_board)
            }
            Toggle::PositionText => {
                self.board_text = !self.board_text;
                let what = if has_position_id {
                    "the XGID on the panel"
                } else {
                    "the board as text on the panel"
                };
                (what, self.board_text)
            }
        };
        format!("{what}: {}", if on { "on" } else { "off" })
    }

    /// Whether a person's dice are rolled without asking in `game` now, as auto-roll is
    /// set (`bot_on_roll`: a bot plays the player on roll, which rolls for itself).
    pub(crate) fn auto_rolls(&self, game: &bg_tui::engine::Game, bot_on_roll: bool) -> bool {
        if game.result().is_some()
            || game.resignation().is_some()
            || game.phase() != bg_tui::engine::Phase::Rolling
            || bot_on_roll
        {
            return false;
        }
        match self.auto_roll {
            AutoRoll::Off => false,
            AutoRoll::NoDouble => game.may_double().is_err(),
            AutoRoll::Always => true,
        }
    }

    /// The pause between a bot's checker moves (zero: none).
    pub(crate) const fn bot_delay(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.bot_delay_ms)
    }

    /// `m` / `:tutor [on|off]`: tutor mode on or off (`None`: the other way); returns what
    /// the message line says of it.
    pub(crate) fn toggle_tutor_mode(&mut self, on: Option<bool>) -> String {
        let on = on.unwrap_or(!self.tutor_mode);
        self.tutor_mode = on;
        if on {
            format!(
                "tutor mode: on (the expert speaks of losses of {} or more)",
                self.tutor_threshold
            )
        } else {
            "tutor mode: off".to_string()
        }
    }
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
            palette: super::theme::Palette::Dark,
            players: [Player::Human, Player::Human],
            bot_delay_ms: 400,
            saves: None,
            rescue: Vec::new(),
            turn_board: false,
            auto_roll: AutoRoll::Off,
            auto_bearoff: false,
            tutor: false,
            tutor_mode: false,
            tutor_threshold: Threshold::DEFAULT,
            board_text: false,
            clock: None,
            start: None,
        }
    }
}

/// The cursor's grid: the top row (13-18, bar, 19-24, tray) and the bottom row (12-7, bar,
/// 6-1, tray), as the board shows them, in the numbering of the player at the bottom.
const GRID: [[Spot; 14]; 2] = {
    let mut grid = [[Spot::Bar; 14]; 2];
    let mut col = 0;
    while col < 6 {
        grid[0][col] = Spot::Point(13 + col as u8);
        grid[0][col + 7] = Spot::Point(19 + col as u8);
        grid[1][col] = Spot::Point(12 - col as u8);
        grid[1][col + 7] = Spot::Point(6 - col as u8);
        col += 1;
    }
    grid[0][13] = Spot::Tray;
    grid[1][13] = Spot::Tray;
    grid
};

/// What the keys do at the moment.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mode {
    /// Playing: the keys of the help panel.
    Play,
    /// Typing after `:`: the line, and which line of the history it came from.
    Command(String, Option<usize>),
    /// The help panel is open.
    Help,
    /// "Quit?" is asked.
    ConfirmQuit,
    /// The match is not saved (a full disk): where to save it before quitting, with the
    /// file name typed so far.
    Rescue(String),
    /// "Resign how much?" is asked.
    ResignMenu,
    /// The picked checker can reach its destination in ways that end differently.
    ChooseWay(Vec<Vec<DieStep>>),
}

/// What the screen is: the table, or a screen of its own over it.
#[derive(Debug, Default)]
enum Screen {
    /// The match at the table.
    #[default]
    Table,
    /// The position editor: it takes the keys (but for the questions over it) and draws
    /// the board until it hands a setup back or goes back.
    Editor(Box<Editor>),
}

impl Screen {
    /// The position editor is the screen.
    const fn is_editor(&self) -> bool {
        matches!(self, Screen::Editor(_))
    }
}

/// The game in the terminal: the match and everything the screen shows about it, as parts
/// (see the module's documentation).
pub(crate) struct App {
    /// The options the game was set up with, as the keys have changed them since.
    options: Options,
    /// The match, its record, the turn in progress and the dice: the only path to the
    /// match.
    table: match_table::Table,
    /// The seed of the dice.
    seed: u64,
    /// The table, or the position editor.
    screen: Screen,
    /// The keys' mode, the cursor, the pick and the command history.
    input: input_state::InputState,
    /// The terminal's size: (columns, rows).
    size: (u16, u16),
    /// Whether the players have quit, and how the quit waits for the saves.
    leaving: leaving::Leaving,
    /// What the bots are being asked.
    questions: questions::Questions,
    /// The hint panel, the hint it waits for and its rollout.
    hints: hints::Hints,
    /// Tutor mode's decision held back, if any.
    tutor: tutor_desk::TutorDesk,
    /// The message line and the log.
    status: status::StatusLine,
    /// What the update in progress asks the runtime to do, and the jobs kept for it.
    outbox: outbox::Outbox,
    /// the record's length when `a` turned auto-roll up to roll now: this turn's roll stays
    /// the person's (a double is still theirs to offer); from the next turn on it rolls.
    auto_roll_held: Option<usize>,
    /// The drill (`:drill`), while it is open over the match.
    drill: drill_desk::DrillDesk,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("options", &self.options)
            .field("match_state", self.table.state())
            .field("input", &self.input)
            .field("seats", self.table.seats())
            .finish_non_exhaustive()
    }
}

/// Why a game could not be set up.
#[derive(Debug, thiserror::Error)]
pub(crate) enum AppError {
    /// The rules do not go together.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A bot name is unknown.
    #[error(transparent)]
    Bot(#[from] bot::BotError),
    /// The position to start from cannot be set up.
    #[error("the start position: {0}")]
    Setup(#[from] bg_tui::engine::SetupError),
    /// The start position's dice cannot be rolled.
    #[error("the start position's dice: {0}")]
    Dice(#[from] bg_tui::engine::MatchError),
    /// A saved match that is over cannot be resumed.
    #[error("the match is over ({0}); `bg-tui replay` shows it")]
    MatchOver(bg_tui::host::resume::MatchEnd),
}

impl From<bg_tui::host::resume::ResumeError> for AppError {
    fn from(error: bg_tui::host::resume::ResumeError) -> AppError {
        match error {
            bg_tui::host::resume::ResumeError::MatchOver(end) => AppError::MatchOver(end),
            bg_tui::host::resume::ResumeError::Bot(e) => AppError::Bot(e),
        }
    }
}

fn spot_point(spot: Spot) -> Option<Place> {
    match spot {
        Spot::Point(p) => Place::point(p),
        Spot::Bar => Some(Place::BAR),
        Spot::Tray => None,
    }
}

fn point_spot(place: Place) -> Spot {
    Spot::from(place)
}

/// A point as the messages name it: as notation writes it, but "the bar" in a sentence.
fn point_name(point: u8) -> String {
    if point == Place::BAR.number() {
        "the bar".to_string()
    } else {
        bg_tui::engine::point_name(point)
    }
}

/// What a handler has to say on the message line (`None`: nothing beyond what the game's
/// changes said).
type Said = Option<String>;

/// The longest command line, in characters (a file name may be long).
const MAX_COMMAND_CHARS: usize = 200;

/// `path` with a leading `~/` read as the home folder.
fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), dirs::home_dir()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(path),
    }
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl App {
    /// A new match or session, waiting for the opening roll.
    ///
    /// # Errors
    /// [`AppError`] when the options do not go together or name an unknown bot.
    pub(crate) fn new(options: Options) -> Result<App, AppError> {
        let seed = options.seed.unwrap_or_else(|| rand::rng().random());
        // An engine over UBGI starts on a worker once the terminal is up (it may take its
        // time, or never answer): its side is a person's until it has shaken hands.
        let engine = |player: &Player| matches!(player, Player::Bot(BotSpec::Ubgi(_)));
        let seated = options
            .players
            .each_ref()
            .map(|p| if engine(p) { Player::Human } else { p.clone() });
        let seats =
            Seats::for_players(seated, options.names.clone(), seed, options.rules.rule_set)?
                .set_up_for(options.players.clone());
        let players = [Side::White, Side::Black].map(|side| seats.info(side));
        let mut recorder = Recorder::new(players, options.rules, Some(seed));
        *recorder.clock_mut() = options.clock.map(|kind| bg_tui::record::ClockRecord {
            kind,
            reserves_ms: Vec::new(),
        });
        let mut match_state = MatchState::new(options.rules)?;
        if let Some(start) = options.start {
            recorder.set_up(&mut match_state, &start.setup)?;
            if let Some(dice) = start.dice {
                recorder.apply(&mut match_state, Action::Roll(dice))?;
            }
        }
        let mut engines: Vec<(BotSpec, Vec<Side>)> = Vec::new();
        for side in [Side::White, Side::Black] {
            if let Player::Bot(spec) = &options.players[side.index()]
                && engine(&options.players[side.index()])
            {
                match engines.iter_mut().find(|(s, _)| s == spec) {
                    Some((_, sides)) => sides.push(side),
                    None => engines.push((spec.clone(), vec![side])),
                }
            }
        }
        let writer = SaveWriter::new(options.saves.clone(), options.rescue.clone());
        let recorded = bg_tui::host::saving::recorded(recorder.as_record());
        let host = Host::seeded(match_state, recorder, seed)
            .with_seats(seats)
            .with_saving(Saving::new(writer, recorded));
        let mut app = App::build(options, host);
        app.questions.seat_in_turn(engines);
        app.make_next_bot();
        // Its job waits for the runtime, which starts it once the terminal is up.
        let effects = app.outbox.effects(false);
        app.perform(effects);
        if app.options.start.is_some() {
            app.after_action();
            // The set-up start is saved at once, before any action.
            app.table.mark_unsaved();
        }
        Ok(app)
    }

    /// The game in the terminal of `host` (seated, seeded), set up as `options` say.
    fn build(options: Options, host: Host) -> App {
        let seed = host.seed().unwrap_or_else(|| rand::rng().random());
        let mut app = App {
            table: match_table::Table::new(host),
            seed,
            options,
            screen: Screen::Table,
            input: input_state::InputState::default(),
            size: (80, 24),
            leaving: leaving::Leaving::default(),
            questions: questions::Questions::default(),
            hints: hints::Hints::default(),
            tutor: tutor_desk::TutorDesk::default(),
            outbox: outbox::Outbox::default(),
            status: status::StatusLine::default(),
            auto_roll_held: None,
            drill: drill_desk::DrillDesk::default(),
        };
        // The clocks of a new match, or of the record resumed (the reserves after its last
        // action).
        if let Some(kind) = app.table.start_clocks() {
            app.options.clock = Some(kind);
        }
        app.auto_rolls();
        app.schedule();
        // A bot asked before any event: its job waits for the runtime.
        let effects = app.outbox.effects(false);
        app.perform(effects);
        app
    }

    #[cfg(test)]
    /// The match being played.
    #[must_use]
    pub(crate) fn match_state(&self) -> &MatchState {
        self.table.state()
    }

    #[cfg(test)]
    /// The seed of the dice (given, or drawn at the start).
    #[must_use]
    pub(crate) const fn seed(&self) -> u64 {
        self.seed
    }

    /// The user has quit (or the process was told to stop).
    #[must_use]
    pub(crate) const fn should_quit(&self) -> bool {
        self.leaving.quit()
    }

    #[cfg(test)]
    /// The last message shown: why a key was refused, or what happened.
    #[must_use]
    pub(crate) fn message(&self) -> &str {
        self.status.message()
    }

    /// Applies a message: the only place the game changes, in memory only. Then runs the
    /// clocks, rolls or bears off by itself where asked to, asks for the autosave of what
    /// the record gained, and asks a bot when the decision is a bot's. Returns whether the
    /// screen must be redrawn and what the runtime is to do ([`Effect`]: start a job, save,
    /// quit); [`App::handle`] performs them.
    pub(crate) fn update(&mut self, msg: Msg) -> Effects {
        if let Msg::Saved(saved) = msg {
            let redraw = saved.take().is_some_and(|done| {
                let saved = self.table.save_done(done);
                self.saved(&saved)
            });
            return self.outbox.effects(redraw);
        }
        let log_len = self.status.log_len();
        let quit = self.leaving.quit();
        let redraw = self.apply(msg);
        self.auto_rolls();
        self.table.note_clock_readings();
        // A finished match not kept yet (a full disk) is tried again after every event.
        let (gained, due) = self.table.autosave_due();
        if due {
            self.outbox.ask(Effect::Save(SaveRequest::Autosave));
        }
        self.schedule();
        if self.leaving.quit() && !quit {
            self.outbox.ask(Effect::Quit);
        }
        self.outbox
            .effects(redraw || gained || self.status.log_len() != log_len)
    }

    /// Applies one message; returns whether the screen changed.
    fn apply(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::BotDecided(id, decision) => return self.bot_decided(id, decision),
            Msg::BotStep(id) => return self.bot_tick(id),
            Msg::Hint(msg) => return self.hint_msg(msg),
            Msg::Tutor(msg) => return self.tutor_msg(msg),
            Msg::Second => return self.second(),
            // The drill's worker, the drill closed (see [`drill_desk::DrillDesk::takes`]): dropped.
            Msg::Ignore | Msg::Drill(_) => return false,
            Msg::Resize(w, h) => self.size = (w, h),
            Msg::Other if !view::fits(self.size) => {}
            Msg::ClosePanel => {
                self.hints.close();
                self.input.set_mode(Mode::Play);
            }
            Msg::Answer(answer) => self.answer(answer),
            // Ctrl-C in the question of a match that is not saved: quit without it.
            // It is not saved elsewhere at the end either.
            Msg::QuitNow if matches!(self.input.mode(), Mode::Rescue(_)) => {
                self.table.decline_saving();
                self.leaving.quit_now();
            }
            Msg::Terminate => self.leaving.quit_now(),
            Msg::Editor(key) => {
                let said = self.editor_msg(key);
                self.status.say_said(said);
            }
            Msg::BotsMade(made) => return self.bots_made(made),
            Msg::BotStalled(id, why) => match self.questions.bot_not_started(id, &why) {
                Some(line) => self.status.announce(line),
                None => return false,
            },
            Msg::BotsNotMade(id, why) => match self.questions.bots_not_started(id, &why) {
                Some(line) => self.status.announce(line),
                None => return false,
            },
            Msg::Line(key) => self.line_key(key),
            other => {
                let said = self.play_msg(other);
                self.status.say_said(said);
            }
        }
        true
    }

    /// The panel over the board: the tutor's, the hint's, the one the keys' mode opens
    /// (help, a question), or the match's question (the game over, a resignation, a
    /// double).
    pub(super) fn overlay(&self) -> Option<crate::tui::model::Overlay> {
        if self.input.mode() == &Mode::Play
            && let Some(panel) = self.tutor.view()
        {
            return Some(panel);
        }
        self.hints
            .view()
            .or_else(|| {
                self.input
                    .overlay(&self.words(), self.table.game().variant(), PANEL_KEYS)
            })
            .or_else(|| self.words().match_question())
    }

    #[cfg(test)]
    /// The play the turn in progress has reached, if complete (for tests and bots).
    #[must_use]
    pub(crate) fn finished_play(&self) -> Option<Play> {
        self.table.turn().and_then(TurnBuilder::finished)
    }
}
