//! The JSON record of a match or money session: who played, under which rules, and every
//! action of every game, in order.
//!
//! This module builds records while a match is played ([`Recorder`]), writes them
//! ([`to_json`]) and reads them back ([`load`]), re-applying every action through the rules
//! engine. It does no file I/O: callers read and write the text.
//!
//! # The format (version 2)
//!
//! A record is one JSON object:
//!
//! * `"format"`: always `"bg-tui-record"`.
//! * `"version"`: `2` for this layout. Version 1 records (backgammon only, with
//!   `"variant": "standard"` in the rules and no rule set per game) load too.
//! * `"players"`: two objects, White's first, then Black's: `"name"` (any text) and `"kind"`,
//!   either `"human"` or `{"bot": "greedy"}` (the bot's name, as on the command line).
//! * `"rules"`: the engine's [`Rules`]: `"rule_set"` (`"backgammon"`, `"portes"`,
//!   `"plakoto"`, `"fevga"`, `"tavli"` or `"jacquet"`; may be left out for backgammon),
//!   `"match_length"` (points, or `null` for money play), `"cube"` (the cube is used),
//!   `"cube_cap"`, `"crawford"`, `"jacoby"`, `"beaver"`, `"auto_doubles"`,
//!   `"resign_loses_backgammon"` and `"schmidt"` (Schmidt scoring; may be left out).
//! * `"seed"`: the seed of the dice, or `null`.
//! * `"games"`: one object per game, in order: `"variant"` (the game's rule set:
//!   `"backgammon"`, `"portes"`, `"plakoto"`, `"fevga"` or `"jacquet"`; in Tavli they cycle),
//!   `"actions"` and `"result"`.
//!
//! Each action is one of (sides are `"white"` or `"black"`; dice are 1 to 6):
//!
//! | JSON | meaning |
//! |---|---|
//! | `{"opening": [3, 1]}` | the opening roll: White's die, then Black's (a tie is kept and rolled again) |
//! | `{"roll": {"side": "black", "dice": [6, 5]}}` | the player on roll rolls |
//! | `{"play": {"side": "black", "dice": [6, 5], "notation": "24/13", "steps": [[24, 18, false], [18, 13, false]]}}` | the play of the roll |
//! | `{"double": {"side": "white"}}` | the player on roll doubles |
//! | `"take"`, `"drop"`, `"beaver"` | the answer to a double (or, `take`/`drop`, to a beaver) |
//! | `{"resign": {"side": "black", "level": "gammon"}}` | an offer to resign `single`, `gammon` or `backgammon` (with Schmidt scoring, whatever the level, the position's points) |
//! | `"accept"`, `"decline"` | the answer to the offer to resign |
//! | `{"take_over": {"side": "black"}}` | the computer plays that side, whose clock ran out, for the rest of the game: a game it wins scores no points |
//!
//! A play's `"steps"` are `[from, to, hit]` in the mover's numbering (25 is the bar, 0 is
//! off), in the order played (in Plakoto, `hit` is a pin); `"notation"` is the play as GNU
//! Backgammon writes it. When the
//! roll cannot be played (a dance), both are empty: `"notation": "", "steps": []`.
//!
//! A game set up at a position has `"start"` before its actions ([`StartRecord`]):
//! `{"board": {...}, "turn": "white", "cube": 1, "cube_owner": "black", "score": [0, 0],
//! "crawford": false}`, the board as `bg-tui moves --board` reads it from the view of the
//! player on roll, who is about to roll or double (set-up dice are the first action, a
//! `roll`); `cube` defaults to 1, `cube_owner` (left out: centred) and `crawford` (left
//! out: false) are written only when they say something, `score` defaults to `[0, 0]`. The
//! game starts from it rather than from the opening roll; a start the rules refuse is a
//! [`GameFault::Start`]. Records without it load as before.
//!
//! A money session the players ended has `"stopped": true` after `"games"` (the field is
//! left out otherwise); its last game is over, or not yet started.
//!
//! `"result"` is `null` while the game goes on, else `"winner"` (`null` for a drawn Plakoto
//! game), `"kind"` (`single`, `gammon`, `backgammon`, as counted after the Jacoby rule),
//! `"cube"` (its value), `"points"` and `"ending"` (`"bearoff"`, `"drop"`, `"resignation"`,
//! `"mother"` for Plakoto's pinned mother, or `"draw"`). Only the last game may be
//! unfinished.
//!
//! ```json
//! {
//!   "format": "bg-tui-record",
//!   "version": 2,
//!   "players": [
//!     {"name":"Alice","kind":"human"},
//!     {"name":"greedy","kind":{"bot":"greedy"}}
//!   ],
//!   "rules": {
//!     "rule_set": "backgammon",
//!     "match_length": 3,
//!     "cube": true,
//!     "cube_cap": 64,
//!     "crawford": true,
//!     "jacoby": false,
//!     "beaver": false,
//!     "auto_doubles": 0,
//!     "resign_loses_backgammon": false,
//!     "schmidt": false
//!   },
//!   "seed": 42,
//!   "games": [
//!     {
//!       "variant": "backgammon",
//!       "actions": [
//!         {"opening":[3,1]},
//!         {"play":{"side":"white","dice":[3,1],"notation":"8/5 6/5","steps":[[8,5,false],[6,5,false]]}},
//!         {"double":{"side":"black"}},
//!         "drop"
//!       ],
//!       "result": {"winner":"black","kind":"single","cube":1,"points":1,"ending":"drop"}
//!     },
//!     {
//!       "variant": "backgammon",
//!       "actions": [
//!         {"opening":[2,2]},
//!         {"opening":[6,5]}
//!       ],
//!       "result": null
//!     }
//!   ]
//! }
//! ```
//!
//! This is the layout [`to_json`] writes (one player, action or result per line); any JSON
//! layout of the same fields loads. Field names and tags are stable: a change to them is a
//! new version.
//!
//! # Loading
//!
//! [`load`] rejects a text that is not JSON, not this format or another version, whose rules
//! do not go together, or whose actions the rules refuse, with a [`RecordError`] naming the
//! game and the action (both from 1) and the reason. A play's steps are authoritative: they
//! must make, one die at a time, a legal play of the roll, and the notation must read as that
//! same play. Each recorded result must be the one the moves give. Loading never panics,
//! whatever the text.
//!
//! # Walking
//!
//! [`walk`] is the one way through a record's games and actions: it applies them through the
//! rules with the checks of [`load`] and tells a [`Visitor`] each game's start and end and
//! each action, with the match before and after it. [`replay`] (and so [`load`]), the replay
//! timeline, the `.mat` writer and the analysis are all walks.

use crate::engine::{
    Action, Dice, DiceError, GameError, GameResult, MatchState, NotationError, Phase, Place, Play,
    Rules, RulesError, Side, TurnBuilder, TurnError, WinKind, format_play, notation::point_name,
    parse_play_in,
};
use crate::engine::{
    BoardSpec, Cube, CubeError, Ending, GameSetup, MatchError, SetupError, SpecError, Variant,
};
use serde::{Deserialize, Serialize};

mod walk;

pub use walk::{ActionStep, GameEnd, GameStart, Visitor, walk};

/// The value of `"format"`.
pub const FORMAT: &str = "bg-tui-record";

/// The version this module writes (it reads this one and every earlier one).
pub const VERSION: u32 = 2;

/// The oldest version this module reads.
pub const OLDEST_VERSION: u32 = 1;

/// The most games a record may hold.
pub const MAX_GAMES: usize = 10_000;

/// The most actions one game may hold: the engine ends a game there
/// ([`crate::engine::MAX_GAME_ACTIONS`]), so every game it plays fits.
pub const MAX_ACTIONS: usize = crate::engine::MAX_GAME_ACTIONS;

/// The longest text [`load`] reads, in bytes (256 MiB): room for a session of
/// [`MAX_GAMES`] games.
pub const MAX_BYTES: usize = 256 << 20;

/// The longest player name a record may hold, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The longest bot name a record may hold, in characters (room for an engine's command,
/// `ubgi:COMMAND`, or a nets file's path, `expert@FILE`).
pub const MAX_BOT_NAME_CHARS: usize = 1024;

/// The name shown for a player that is the bot called `bot`: the bot's name, cut to
/// [`MAX_NAME_CHARS`] characters (the last of them `…`) when longer.
#[must_use]
pub fn name_for_bot(bot: &str) -> String {
    if bot.chars().count() <= MAX_NAME_CHARS {
        return bot.to_string();
    }
    let mut name: String = bot.chars().take(MAX_NAME_CHARS - 1).collect();
    name.push('…');
    name
}

/// The longest name or notation text kept in error messages.
const SHOWN_CHARS: usize = 60;

/// A whole record: the players, the rules, the seed and the games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// White, then Black.
    pub players: [PlayerInfo; 2],
    /// The rules of the match or session.
    pub rules: Rules,
    /// The seed of the dice, if they came from a seeded generator.
    pub seed: Option<u64>,
    /// The games, in order.
    pub games: Vec<GameRecord>,
    /// A money session the players ended (after its last game). Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    /// The players' clocks, when the match is played with them. Written only then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRecord>,
}

/// The players' clocks in a record (README.md, Rules §2.8): which clock, and each player's
/// reserve after each action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRecord {
    /// `"standard"` or `"blitz"`.
    pub kind: crate::clock::ClockKind,
    /// For each game, for each of its actions, the reserves in milliseconds after it (White
    /// first). A reading may be missing (an action made without clocks); readers take the
    /// last one before.
    #[serde(default)]
    pub reserves_ms: Vec<Vec<[u64; 2]>>,
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The name shown.
    pub name: String,
    /// A person or a bot.
    pub kind: PlayerKind,
}

impl PlayerInfo {
    /// A person called `name`.
    #[must_use]
    pub fn human(name: &str) -> PlayerInfo {
        PlayerInfo {
            name: name.to_string(),
            kind: PlayerKind::Human,
        }
    }

    /// The bot called `bot`, also named so ([`name_for_bot`]).
    #[must_use]
    pub fn bot(bot: &str) -> PlayerInfo {
        PlayerInfo {
            name: name_for_bot(bot),
            kind: PlayerKind::Bot(bot.to_string()),
        }
    }
}

/// Who makes a player's decisions: `"human"` or `{"bot": "greedy"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person.
    Human,
    /// The bot of that name.
    Bot(String),
}

/// One game: its rule set, its actions in order and its result (`None` while it goes on).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The rule set of the game (left out in version 1 records: backgammon).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The position the game was set up at, when it did not start from the rule set's
    /// start (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartRecord>,
    /// Every action, in order.
    pub actions: Vec<RecordedAction>,
    /// The result, once the game is over.
    pub result: Option<ResultRecord>,
}

/// A game set up at a position (`"start"` in a game of a record): the board from the view
/// of the player on roll (as `bg-tui moves --board` reads it), who is on roll, the cube, the
/// score as the game starts and whether it is the Crawford game. The player on roll is about
/// to roll or double; set-up dice are the game's first action, a `roll`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRecord {
    /// The checkers, seen from the player on roll.
    pub board: BoardSpec,
    /// The player on roll.
    pub turn: RecordSide,
    /// The cube's value.
    #[serde(default = "cube_one")]
    pub cube: u32,
    /// Who owns the cube (left out: centred).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube_owner: Option<RecordSide>,
    /// The score as the game starts: White's, Black's.
    #[serde(default)]
    pub score: [u32; 2],
    /// This is the Crawford game (left out: it is not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crawford: bool,
}

fn cube_one() -> u32 {
    1
}

/// Why a game's `"start"` cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The board is not a position of the game's rule set.
    #[error("the start position: {0}")]
    Board(#[from] SpecError),
    /// The cube's value is not a cube's.
    #[error("the start position: {0}")]
    Cube(#[from] CubeError),
    /// The match refuses the setup.
    #[error("the start position: {0}")]
    Setup(#[from] SetupError),
}

impl StartRecord {
    /// The start of the game in progress in `m`, as set up (call it right after
    /// [`MatchState::set_up`], before any action).
    #[must_use]
    pub fn of(m: &MatchState) -> StartRecord {
        let game = m.game();
        StartRecord {
            board: BoardSpec::of_position(game.position()),
            turn: game.turn().into(),
            cube: game.cube().value(),
            cube_owner: game.cube().owner().map(Into::into),
            score: [m.score(Side::White), m.score(Side::Black)],
            crawford: game.is_crawford(),
        }
    }

    /// The setup this start describes in a game of `variant`.
    ///
    /// # Errors
    /// [`StartError`] when the board or the cube cannot be.
    pub fn setup(&self, variant: Variant) -> Result<GameSetup, StartError> {
        Ok(GameSetup {
            position: self.board.to_position(variant)?,
            turn: self.turn.into(),
            cube: Cube::new(self.cube, self.cube_owner.map(Into::into))?,
            score: self.score,
            crawford: self.crawford,
        })
    }

    /// Sets up the game in progress in `m` at this start.
    ///
    /// # Errors
    /// [`StartError`] when the start cannot be set up in `m`; `m` is then unchanged.
    pub fn apply(&self, m: &mut MatchState) -> Result<(), StartError> {
        let variant = m.rules().rule_set.variant_of_game(m.results().len());
        let setup = self.setup(variant)?;
        m.set_up(&setup)?;
        Ok(())
    }
}

impl GameRecord {
    /// A game of `variant` about to start.
    #[must_use]
    pub fn of(variant: Variant) -> GameRecord {
        GameRecord {
            variant: Some(variant),
            ..GameRecord::default()
        }
    }
}

/// A side as written in a record: `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordSide {
    /// White (GNU Backgammon's player 0).
    White,
    /// Black (player 1).
    Black,
}

impl From<Side> for RecordSide {
    fn from(side: Side) -> RecordSide {
        match side {
            Side::White => RecordSide::White,
            Side::Black => RecordSide::Black,
        }
    }
}

impl From<RecordSide> for Side {
    fn from(side: RecordSide) -> Side {
        match side {
            RecordSide::White => Side::White,
            RecordSide::Black => Side::Black,
        }
    }
}

/// One action as recorded (see the module docs for the JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordedAction {
    /// The opening roll: White's die, then Black's.
    Opening([u8; 2]),
    /// The player on roll rolls.
    Roll {
        /// Who rolls.
        side: RecordSide,
        /// The dice as rolled.
        dice: [u8; 2],
    },
    /// The player on roll plays the roll.
    Play {
        /// Who plays.
        side: RecordSide,
        /// The roll played.
        dice: [u8; 2],
        /// The play as GNU Backgammon writes it; empty for a dance.
        notation: String,
        /// `[from, to, hit]` for each checker step, in order; empty for a dance.
        steps: Vec<(u8, u8, bool)>,
    },
    /// The player on roll doubles.
    Double {
        /// Who doubles.
        side: RecordSide,
    },
    /// The double (or beaver) is taken.
    Take,
    /// The double (or beaver) is passed.
    Drop,
    /// The doubled player beavers.
    Beaver,
    /// An offer to resign.
    Resign {
        /// Who offers.
        side: RecordSide,
        /// What they offer to lose (before the cube).
        level: WinKind,
    },
    /// The offer to resign is accepted.
    Accept,
    /// The offer to resign is declined.
    Decline,
    /// The computer takes over a side whose clock ran out, for the rest of the game: a game
    /// that side wins scores nothing.
    #[serde(rename = "take_over")]
    TakeOver {
        /// The side taken over.
        side: RecordSide,
    },
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// Who won; `null` for a draw (Plakoto).
    pub winner: Option<RecordSide>,
    /// Single, gammon or backgammon, as counted.
    pub kind: WinKind,
    /// The cube's value.
    pub cube: u32,
    /// The points won.
    pub points: u32,
    /// How the game ended.
    pub ending: Ending,
}

impl From<GameResult> for ResultRecord {
    fn from(r: GameResult) -> ResultRecord {
        ResultRecord {
            winner: r.winner.map(RecordSide::from),
            kind: r.kind,
            cube: r.cube,
            points: r.points,
            ending: r.ending,
        }
    }
}

impl std::fmt::Display for ResultRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ending = match self.ending {
            Ending::BearOff => "bearing off",
            Ending::Drop => "a drop",
            Ending::Resignation => "a resignation",
            Ending::Mother => "pinning the mother",
            Ending::Draw => "both mothers pinned",
            Ending::ActionLimit => "reaching the most actions a game may have",
        };
        let Some(winner) = self.winner else {
            return write!(f, "a draw by {ending}: no points");
        };
        write!(
            f,
            "{} wins a {} with the cube at {} for {} point{} by {ending}",
            Side::from(winner),
            self.kind,
            self.cube,
            self.points,
            if self.points == 1 { "" } else { "s" }
        )
    }
}

impl Record {
    /// How many dice the record's rolls used, opening rolls (ties too) included: a seeded
    /// generator that made them has drawn this many.
    #[must_use]
    pub fn dice_rolled(&self) -> usize {
        self.games
            .iter()
            .flat_map(|g| &g.actions)
            .filter(|a| matches!(a, RecordedAction::Opening(_) | RecordedAction::Roll { .. }))
            .count()
            * 2
    }

    /// An empty record of a match about to start.
    #[must_use]
    pub fn new(players: [PlayerInfo; 2], rules: Rules, seed: Option<u64>) -> Record {
        Record {
            format: FORMAT.to_string(),
            version: VERSION,
            players,
            rules,
            seed,
            games: vec![GameRecord::of(rules.rule_set.variant_of_game(0))],
            stopped: false,
            clock: None,
        }
    }
}

/// Why a record could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not JSON, or not JSON of this layout.
    #[error("not a valid record: line {line}, column {column}: {message}")]
    Json {
        /// The line of the trouble (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// `"format"` is not [`FORMAT`].
    #[error("not a bg-tui record: the format is {0:?}, not \"bg-tui-record\"")]
    UnknownFormat(String),
    /// `"version"` is not one this program reads.
    #[error("record version {0} is not supported: this program reads versions 1 and 2")]
    UnsupportedVersion(u64),
    /// The text, or the number of games, is beyond the limits.
    #[error("the record is too large: {0}")]
    TooLarge(String),
    /// The rules do not go together.
    #[error("the record's rules cannot be played: {0}")]
    Rules(#[from] RulesError),
    /// An action, or a result, the rules refuse. `action` counts from 1; 0 means the trouble
    /// is with the game as a whole (then the message names only the game).
    ///
    /// The message says why; [`std::error::Error::source`] gives the reason typed, as
    /// `reason` does.
    #[error("{}", game_message(*game, *action, reason))]
    Game {
        /// The game, from 1.
        game: usize,
        /// The action within the game, from 1 (0: none in particular).
        action: usize,
        /// Why.
        #[source]
        reason: GameFault,
    },
}

/// What is wrong in one game of a record ([`RecordError::Game`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameFault {
    /// The rules refuse a recorded action (boxed: it is the largest reason by far).
    #[error("{0}")]
    Action(#[source] Box<ActionError>),
    /// The game has more than [`MAX_ACTIONS`] actions.
    #[error("a game has at most {MAX_ACTIONS} actions")]
    TooManyActions,
    /// The match cannot go on to this game (it is over, or the game before is not).
    #[error("no game can follow game {previous}: {error}")]
    NoNextGame {
        /// The game before, from 1.
        previous: usize,
        /// The rules' refusal.
        #[source]
        error: MatchError,
    },
    /// The game's rule set is not the one the rules give it.
    #[error("the record says this game is {claimed}, but the rules make it {actual}")]
    WrongVariant {
        /// The rule set the record gives.
        claimed: Variant,
        /// The rule set of the game under the record's rules.
        actual: Variant,
    },
    /// The recorded result is not the one the moves give.
    #[error("the record says {claimed}, but the moves give: {actual}")]
    WrongResult {
        /// The result the record gives.
        claimed: ResultRecord,
        /// The result of the moves.
        actual: ResultRecord,
    },
    /// The record gives a result, but the moves leave the game going on.
    #[error("the record says {claimed}, but the game is not over")]
    NotOver {
        /// The result the record gives.
        claimed: ResultRecord,
    },
    /// The moves end the game, but the record gives no result.
    #[error("the game is over ({actual}), but the record gives no result")]
    NoResult {
        /// The result of the moves.
        actual: ResultRecord,
    },
    /// A game that is not over is followed by another.
    #[error("the game is not over, but another game follows it")]
    Unfinished,
    /// The record says a match was stopped: only a money session can be.
    #[error("only a money session can be stopped, and this is a match")]
    StoppedMatch,
    /// The record says the session was stopped, but the rules refuse to stop it.
    #[error("the record says the session was stopped, but {0}")]
    NotStoppable(#[source] MatchError),
    /// The game's `"start"` cannot be set up.
    #[error("{0}")]
    Start(#[source] StartError),
    /// A journal line that cannot be applied to the record (see [`crate::journal`]).
    #[error("journal line {line}: {reason}")]
    Journal {
        /// The line, from 1.
        line: usize,
        /// Why it cannot.
        reason: JournalFault,
    },
}

/// Why a journal line cannot be added to the record read so far (see [`crate::journal`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JournalFault {
    /// A line after the one that stopped the session.
    #[error("nothing can follow the end of the session")]
    AfterStop,
    /// The line's players are not valid players.
    #[error("{0}")]
    Players(Box<RecordError>),
    /// Actions, but the record has no game.
    #[error("an action before any game")]
    NoGame,
    /// Actions or a result for a game that is over.
    #[error("the last game is over: nothing can be added to it")]
    GameOver,
    /// A game would hold more actions than a record allows.
    #[error("a game has at most {most} actions")]
    TooManyActions {
        /// The most a game may hold.
        most: usize,
    },
    /// The record would hold more games than it may.
    #[error("a record has at most {most} games")]
    TooManyGames {
        /// The most a record may hold.
        most: usize,
    },
    /// Clock readings in a record played without clocks.
    #[error("clock readings, but the record has no clocks")]
    NoClocks,
    /// Clock readings for the last game when no game has readings yet.
    #[error("clock readings for a game that has none")]
    NoReadings,
}

fn game_message(game: usize, action: usize, reason: &GameFault) -> String {
    if action == 0 {
        format!("game {game}: {reason}")
    } else {
        format!("game {game}, action {action}: {reason}")
    }
}

impl From<serde_json::Error> for RecordError {
    fn from(e: serde_json::Error) -> RecordError {
        // serde_json's message ends with " at line L column C": keep just the reason.
        let text = e.to_string();
        let reason = match text.rfind(" at line ") {
            Some(i) => text[..i].to_string(),
            None => text,
        };
        let reason = crate::printable::printable(&reason, 4 * SHOWN_CHARS);
        let message = match e.classify() {
            serde_json::error::Category::Syntax => format!("this is not JSON ({reason})"),
            serde_json::error::Category::Eof => format!("the text ends too soon ({reason})"),
            _ => reason,
        };
        RecordError::Json {
            line: e.line(),
            column: e.column(),
            message,
        }
    }
}

/// Builds a [`Record`] while a match is played.
///
/// The simplest use is [`Recorder::apply`] and [`Recorder::next_game`] in place of
/// [`MatchState::apply`] and [`MatchState::next_game`]: each applies the action and records
/// it when the rules accept it. A caller that applies actions itself calls
/// [`Recorder::record`] before each action it applies (and [`Recorder::game_over`] after one
/// that ends a game); the games are kept in step with the match's game number.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Action, MatchState, Rules};
/// use bg_tui::record::{PlayerInfo, Recorder, load, to_json};
///
/// let rules = Rules::match_to(1);
/// let mut m = MatchState::new(rules).unwrap();
/// let mut rec = Recorder::new([PlayerInfo::human("Ann"), PlayerInfo::bot("greedy")], rules, None);
/// rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 }).unwrap();
/// let play = m.game().legal_plays()[0];
/// rec.apply(&mut m, Action::Play(play)).unwrap();
/// let (record, replayed) = load(&to_json(rec.as_record())).unwrap();
/// assert_eq!(&record, rec.as_record());
/// assert_eq!(replayed, m);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorder {
    record: Record,
}

impl Recorder {
    /// A recorder for a match about to start (its first game waiting for the opening roll).
    #[must_use]
    pub fn new(players: [PlayerInfo; 2], rules: Rules, seed: Option<u64>) -> Recorder {
        Recorder {
            record: Record::new(players, rules, seed),
        }
    }

    /// A recorder that goes on with `record`, which must be a record [`load`] (or
    /// [`replay`]) accepted: the match it gives is the match to go on with.
    #[must_use]
    pub fn resume(record: Record) -> Recorder {
        Recorder { record }
    }

    /// Notes `action`, about to be applied to `m_before` (call it before applying, and only
    /// for actions the rules accept).
    pub fn record(&mut self, m_before: &MatchState, action: &Action) {
        let recorded = describe(m_before, action);
        self.sync(m_before);
        if let Some(game) = self.record.games.last_mut() {
            game.actions.push(recorded);
        }
    }

    /// Notes the results of the games of `m` that have ended.
    pub fn game_over(&mut self, m: &MatchState) {
        for (game, result) in self.record.games.iter_mut().zip(m.results()) {
            game.result = Some((*result).into());
        }
    }

    /// Applies `action` to `m` and, if the rules accept it, records it (and the result, if it
    /// ends the game). On error neither changes.
    ///
    /// # Errors
    /// The [`MatchError`] of [`MatchState::apply`].
    pub fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        let recorded = describe(m, &action);
        m.apply(action)?;
        // The action belongs to the game it was applied in: a finished game keeps its number.
        self.sync(m);
        if let Some(game) = self.record.games.last_mut() {
            game.actions.push(recorded);
        }
        self.game_over(m);
        Ok(())
    }

    /// Ends the money session `m` (see [`MatchState::stop`]) and notes it.
    ///
    /// # Errors
    /// The [`MatchError`] of [`MatchState::stop`].
    pub fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.stop()?;
        self.record.stopped = true;
        Ok(())
    }

    /// The clocks of the record, to note their readings.
    pub fn clock_mut(&mut self) -> &mut Option<ClockRecord> {
        &mut self.record.clock
    }

    /// The players, to note a change of who plays a side (a bot taking over).
    pub fn players_mut(&mut self) -> &mut [PlayerInfo; 2] {
        &mut self.record.players
    }

    /// Starts the next game of `m` and of the record.
    ///
    /// # Errors
    /// The [`MatchError`] of [`MatchState::next_game`].
    pub fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.next_game()?;
        self.sync(m);
        Ok(())
    }

    /// Sets up `m`'s game at `setup` ([`MatchState::set_up`]) and notes it as the start of
    /// that game: after a finished game, the next game; a game in progress is replaced, its
    /// actions dropped from the record. On error neither changes.
    ///
    /// # Errors
    /// The [`SetupError`] of [`MatchState::set_up`].
    pub fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        m.set_up(setup)?;
        self.sync(m);
        let start = StartRecord::of(m);
        if let Some(game) = self.record.games.last_mut() {
            game.actions.clear();
            game.result = None;
            game.start = Some(start);
        }
        Ok(())
    }

    /// Keeps one game record per game `m` has started.
    fn sync(&mut self, m: &MatchState) {
        let number = m.game_number().max(1);
        while self.record.games.len() < number {
            let index = self.record.games.len();
            let variant = m.rules().rule_set.variant_of_game(index);
            self.record.games.push(GameRecord::of(variant));
        }
    }

    /// The record so far.
    #[must_use]
    pub const fn as_record(&self) -> &Record {
        &self.record
    }

    /// The record, giving up the recorder.
    #[must_use]
    pub fn into_record(self) -> Record {
        self.record
    }
}

/// `action` as recorded, in the match as it stands before it.
fn describe(m: &MatchState, action: &Action) -> RecordedAction {
    let game = m.game();
    let side: RecordSide = game.to_act().unwrap_or(game.turn()).into();
    match *action {
        Action::OpeningRoll { white, black } => RecordedAction::Opening([white, black]),
        Action::Roll(dice) => RecordedAction::Roll {
            side,
            dice: dice.into(),
        },
        Action::Play(play) => {
            let steps = play.steps();
            RecordedAction::Play {
                side,
                dice: game.dice().map_or([0, 0], Into::into),
                notation: if steps.is_empty() {
                    String::new()
                } else {
                    format_play(&play)
                },
                steps: steps
                    .iter()
                    .map(|s| (s.from.number(), s.to.number(), s.hit))
                    .collect(),
            }
        }
        Action::Double => RecordedAction::Double { side },
        Action::Take => RecordedAction::Take,
        Action::Drop => RecordedAction::Drop,
        Action::Beaver => RecordedAction::Beaver,
        Action::Resign(level) => RecordedAction::Resign { side, level },
        Action::AcceptResignation => RecordedAction::Accept,
        Action::DeclineResignation => RecordedAction::Decline,
        Action::TakeOver(taken) => RecordedAction::TakeOver { side: taken.into() },
    }
}

/// The record as JSON laid out for reading: one field per line, and each player, action
/// and result on a line of its own.
#[must_use]
pub fn to_json(record: &Record) -> String {
    // Serializing these types cannot fail: no maps with non-string keys, no foreign types.
    fn compact<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap_or_default()
    }
    let mut out = String::from("{\n");
    out.push_str(&format!("  \"format\": {},\n", compact(&record.format)));
    out.push_str(&format!("  \"version\": {},\n", record.version));
    out.push_str("  \"players\": [\n");
    out.push_str(&format!(
        "    {},\n    {}\n  ],\n",
        compact(&record.players[0]),
        compact(&record.players[1])
    ));
    let rules = serde_json::to_string_pretty(&record.rules)
        .unwrap_or_default()
        .replace('\n', "\n  ");
    out.push_str(&format!("  \"rules\": {rules},\n"));
    out.push_str(&format!("  \"seed\": {},\n", compact(&record.seed)));
    out.push_str("  \"games\": [");
    for (i, game) in record.games.iter().enumerate() {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        out.push_str("    {\n");
        if let Some(variant) = game.variant {
            out.push_str(&format!("      \"variant\": {},\n", compact(&variant)));
        }
        if let Some(start) = &game.start {
            out.push_str(&format!("      \"start\": {},\n", compact(start)));
        }
        out.push_str("      \"actions\": [");
        for (j, action) in game.actions.iter().enumerate() {
            out.push_str(if j == 0 { "\n        " } else { ",\n        " });
            out.push_str(&compact(action));
        }
        if !game.actions.is_empty() {
            out.push_str("\n      ");
        }
        out.push_str(&format!(
            "],\n      \"result\": {}\n    }}",
            compact(&game.result)
        ));
    }
    if !record.games.is_empty() {
        out.push_str("\n  ");
    }
    out.push(']');
    if record.stopped {
        out.push_str(",\n  \"stopped\": true");
    }
    if let Some(clock) = &record.clock {
        out.push_str(&format!(",\n  \"clock\": {}", compact(clock)));
    }
    out.push_str("\n}\n");
    out
}

/// Just enough of a record to check what it is before reading the rest.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u64,
}

/// Reads a record and replays it through the rules: the record and the match as it stands
/// after its last action.
///
/// # Errors
/// [`RecordError`] for a text that is not a playable record of this format and version (see
/// the module docs).
pub fn load(json: &str) -> Result<(Record, MatchState), RecordError> {
    let record = parse(json)?;
    let m = replay(&record)?;
    Ok((record, m))
}

/// Reads a record without replaying it: the checks of [`load`] that come before the rules
/// (size, JSON, format, version, layout). A caller that replays the record itself (the
/// replay timeline) uses this and [`replay`]'s checks, rather than replaying twice.
///
/// # Errors
/// [`RecordError`] for a text that is not a record of this format and version.
pub fn parse(json: &str) -> Result<Record, RecordError> {
    if json.len() > MAX_BYTES {
        return Err(RecordError::TooLarge(format!(
            "{} bytes; a record has at most {MAX_BYTES}",
            json.len()
        )));
    }
    let header: Header = serde_json::from_str(json)?;
    if header.format != FORMAT {
        return Err(RecordError::UnknownFormat(shorten(&header.format)));
    }
    if !(u64::from(OLDEST_VERSION)..=u64::from(VERSION)).contains(&header.version) {
        return Err(RecordError::UnsupportedVersion(header.version));
    }
    let mut record: Record = serde_json::from_str(json)?;
    check_players(&record.players)?;
    // Read as the current version: version 1 had no rule set per game.
    record.version = VERSION;
    let rule_set = record.rules.rule_set;
    for (i, game) in record.games.iter_mut().enumerate() {
        game.variant.get_or_insert(rule_set.variant_of_game(i));
    }
    Ok(record)
}

/// Checks the players' names and bot names: at most [`MAX_NAME_CHARS`] characters a name,
/// [`MAX_BOT_NAME_CHARS`] a bot name.
///
/// # Errors
/// [`RecordError::TooLarge`] naming the side and the name that is too long.
pub fn check_players(players: &[PlayerInfo; 2]) -> Result<(), RecordError> {
    for (player, side) in players.iter().zip(["White", "Black"]) {
        let bot = match &player.kind {
            PlayerKind::Bot(bot) => bot.as_str(),
            PlayerKind::Human => "",
        };
        for (what, text, max) in [
            ("name", player.name.as_str(), MAX_NAME_CHARS),
            ("bot name", bot, MAX_BOT_NAME_CHARS),
        ] {
            let chars = text.chars().count();
            if chars > max {
                return Err(RecordError::TooLarge(format!(
                    "{side}'s {what} has {chars} characters; a {what} has at most {max}"
                )));
            }
        }
    }
    Ok(())
}

/// Replays every game of `record` through the rules ([`walk`] with nothing to tell).
///
/// # Errors
/// [`RecordError`] for the first thing the rules refuse.
pub fn replay(record: &Record) -> Result<MatchState, RecordError> {
    /// A visitor told nothing.
    struct Replay;
    impl Visitor for Replay {
        type Break = std::convert::Infallible;
    }
    match walk::run(record, &mut Replay, false)? {
        std::ops::ControlFlow::Continue(m) => Ok(m),
        std::ops::ControlFlow::Break(never) => match never {},
    }
}

/// Why a recorded action cannot be applied; the message reads as [`RecordError::Game`]
/// words it.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The action's side is not the one to act.
    #[error("{side} cannot {what}: it is {to_act}'s turn to act")]
    NotTheirTurn {
        /// The side the record names.
        side: Side,
        /// The side to act.
        to_act: Side,
        /// What it would do ("roll", "play", "double", "resign").
        what: &'static str,
    },
    /// A die outside 1 to 6.
    #[error("bad roll: {0}")]
    BadRoll(DiceError),
    /// The rules refuse the action now.
    #[error("{action}: {error}")]
    Refused {
        /// The action, as messages name it ("double", "play 13/7").
        action: String,
        /// The rules' refusal.
        error: MatchError,
    },
    /// A play where no roll waits to be played.
    #[error("play {play}: {}", match .error { Some(e) => e.to_string(), None => "there is no roll to play".to_string() })]
    NoRoll {
        /// The play's notation, shortened.
        play: String,
        /// What the rules say about playing now.
        error: Option<GameError>,
    },
    /// The play is recorded for another roll.
    #[error("the play {play} is recorded for {}-{}, but the roll is {}-{}", .recorded[0], .recorded[1], .roll[0], .roll[1])]
    WrongRoll {
        /// The play's notation, shortened.
        play: String,
        /// The dice the record gives.
        recorded: [u8; 2],
        /// The roll, higher die first.
        roll: [u8; 2],
    },
    /// The steps are not a legal play of the roll.
    #[error("illegal play {play} for {}-{}: {why}", .roll[0], .roll[1])]
    IllegalPlay {
        /// The play's notation, shortened.
        play: String,
        /// The roll, higher die first.
        roll: [u8; 2],
        /// What is wrong with it.
        why: IllegalPlayReason,
    },
    /// The notation reads as another legal play than the steps make.
    #[error("the notation {notation} reads as {reads}, but the steps make {steps_make} (roll {}-{})", .roll[0], .roll[1])]
    NotationMismatch {
        /// The notation, shortened.
        notation: String,
        /// The play it reads as.
        reads: String,
        /// The play the steps make.
        steps_make: String,
        /// The roll, higher die first.
        roll: [u8; 2],
    },
    /// The notation does not read as a play of the roll.
    #[error("the notation {notation:?} does not read as a play of {}-{} (the steps make {steps_make}): {error}", .roll[0], .roll[1])]
    NotationUnreadable {
        /// The notation, shortened.
        notation: String,
        /// The play the steps make.
        steps_make: String,
        /// The roll, higher die first.
        roll: [u8; 2],
        /// Why it does not read.
        error: NotationError,
    },
}

/// What is wrong with a recorded play's steps.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlayReason {
    /// The roll cannot be played, but the play is not empty.
    #[error("the roll cannot be played, so the play must be empty")]
    MustBeEmpty,
    /// More steps than any roll gives.
    #[error("{0} steps; a roll gives at most 4")]
    TooManySteps(usize),
    /// No roll is waiting.
    #[error("there is no roll to play")]
    NoRoll,
    /// A step the turn refuses.
    #[error("step {}/{}: {error}", point_name(*.from), point_name(*.to))]
    Step {
        /// Where the checker starts (25: the bar).
        from: u8,
        /// Where it lands (0: off).
        to: u8,
        /// Why not.
        error: TurnError,
    },
    /// A step from or to a number that is no place (above 25).
    #[error("step {from}/{to}: a place is off (0), a point (1-24) or the bar (25)")]
    NoSuchPlace {
        /// Where the checker starts, as written.
        from: u8,
        /// Where it lands, as written.
        to: u8,
    },
    /// A step whose hit flag is wrong.
    #[error("step {}/{} {}, but the record says the opposite", point_name(*.from), point_name(*.to), if *.hits { "hits" } else { "hits nothing" })]
    HitMismatch {
        /// Where the checker starts.
        from: u8,
        /// Where it lands.
        to: u8,
        /// Whether the step really hits.
        hits: bool,
    },
    /// Fewer dice than the roll must use.
    #[error("it plays {played} of the {needed} dice the roll must use")]
    TooFewDice {
        /// Dice played.
        played: usize,
        /// Dice a legal play uses.
        needed: usize,
    },
}

/// Applies one recorded action to `m` through the rules, as [`load`] does (a play's steps
/// must make, one die at a time, a legal play of the roll), and returns the engine's action
/// that was applied. On error `m` is unchanged.
///
/// # Errors
/// The [`ActionError`] saying why the action cannot be applied.
pub fn apply_action(m: &mut MatchState, action: &RecordedAction) -> Result<Action, ActionError> {
    let engine_action = engine_action(m, action)?;
    m.apply(engine_action)
        .map_err(|error| ActionError::Refused {
            action: action_name(action),
            error,
        })?;
    Ok(engine_action)
}

/// The engine's action for a recorded action about to be applied to `m` (not applied).
fn engine_action(m: &MatchState, action: &RecordedAction) -> Result<Action, ActionError> {
    let game = m.game();
    let check_side = |side: RecordSide, what: &'static str| -> Result<(), ActionError> {
        let side = Side::from(side);
        match game.to_act() {
            Some(to_act) if to_act != side => Err(ActionError::NotTheirTurn { side, to_act, what }),
            _ => Ok(()),
        }
    };
    let engine_action = match action {
        RecordedAction::Opening([white, black]) => Action::OpeningRoll {
            white: *white,
            black: *black,
        },
        RecordedAction::Roll { side, dice } => {
            check_side(*side, "roll")?;
            let dice = Dice::new(dice[0], dice[1]).map_err(ActionError::BadRoll)?;
            Action::Roll(dice)
        }
        RecordedAction::Play {
            side,
            dice,
            notation,
            steps,
        } => {
            check_side(*side, "play")?;
            Action::Play(recorded_play(m, *dice, notation, steps)?)
        }
        RecordedAction::Double { side } => {
            check_side(*side, "double")?;
            Action::Double
        }
        RecordedAction::Take => Action::Take,
        RecordedAction::Drop => Action::Drop,
        RecordedAction::Beaver => Action::Beaver,
        RecordedAction::Resign { side, level } => {
            check_side(*side, "resign")?;
            Action::Resign(*level)
        }
        RecordedAction::Accept => Action::AcceptResignation,
        RecordedAction::Decline => Action::DeclineResignation,
        RecordedAction::TakeOver { side } => Action::TakeOver(Side::from(*side)),
    };
    Ok(engine_action)
}

/// A short name of the action for messages.
fn action_name(action: &RecordedAction) -> String {
    match action {
        RecordedAction::Opening([w, b]) => format!("opening roll {w}-{b}"),
        RecordedAction::Roll { dice, .. } => format!("roll {}-{}", dice[0], dice[1]),
        RecordedAction::Play { notation, .. } if notation.is_empty() => "dance".to_string(),
        RecordedAction::Play { notation, .. } => format!("play {}", shorten(notation)),
        RecordedAction::Double { .. } => "double".to_string(),
        RecordedAction::Take => "take".to_string(),
        RecordedAction::Drop => "drop".to_string(),
        RecordedAction::Beaver => "beaver".to_string(),
        RecordedAction::Resign { level, .. } => format!("resignation of a {level}"),
        RecordedAction::Accept => "accepting the resignation".to_string(),
        RecordedAction::Decline => "declining the resignation".to_string(),
        RecordedAction::TakeOver { side } => {
            format!("the computer taking over {}", Side::from(*side))
        }
    }
}

/// The legal play a recorded play makes: its steps, one die at a time, must make a legal
/// play of the roll, and its notation must read as the same play.
fn recorded_play(
    m: &MatchState,
    dice: [u8; 2],
    notation: &str,
    steps: &[(u8, u8, bool)],
) -> Result<Play, ActionError> {
    let game = m.game();
    let shown = shorten(notation);
    let Phase::Moving(roll) = game.phase() else {
        // Let the rules say why nothing can be played now.
        let empty = Play::empty(*game.position());
        let error = match m.clone().apply(Action::Play(empty)) {
            Err(MatchError::Game(e)) => Some(e),
            _ => None,
        };
        return Err(ActionError::NoRoll { play: shown, error });
    };
    let (hi, lo) = (roll.high(), roll.low());
    let written = [dice[0].max(dice[1]), dice[0].min(dice[1])];
    if written != [hi, lo] {
        return Err(ActionError::WrongRoll {
            play: shown,
            recorded: dice,
            roll: [hi, lo],
        });
    }
    let position = *game.position();
    let legal = game.legal_plays();
    let illegal = |why: IllegalPlayReason| ActionError::IllegalPlay {
        play: shown.clone(),
        roll: [hi, lo],
        why,
    };
    if legal.is_empty() {
        if !steps.is_empty() || !notation.trim().is_empty() {
            return Err(illegal(IllegalPlayReason::MustBeEmpty));
        }
        return Ok(Play::empty(position));
    }
    if steps.len() > 4 {
        return Err(illegal(IllegalPlayReason::TooManySteps(steps.len())));
    }
    let Some(mut turn) = TurnBuilder::for_game(game) else {
        return Err(illegal(IllegalPlayReason::NoRoll));
    };
    for &(from, to, hit) in steps {
        let (Some(start), Some(end)) = (Place::new(from), Place::new(to)) else {
            return Err(illegal(IllegalPlayReason::NoSuchPlace { from, to }));
        };
        let made = turn
            .step_to(start, end)
            .map_err(|error| illegal(IllegalPlayReason::Step { from, to, error }))?;
        if made.step.hit != hit {
            return Err(illegal(IllegalPlayReason::HitMismatch {
                from,
                to,
                hits: made.step.hit,
            }));
        }
    }
    let Some(play) = turn.finished() else {
        let needed = legal.first().map_or(0, Play::dice_used);
        return Err(illegal(IllegalPlayReason::TooFewDice {
            played: steps.len(),
            needed,
        }));
    };
    match parse_play_in(game.variant(), notation, &position, roll) {
        Ok(read) if read.position() == play.position() => Ok(play),
        Ok(read) => Err(ActionError::NotationMismatch {
            notation: shown,
            reads: format_play(&read),
            steps_make: format_play(&play),
            roll: [hi, lo],
        }),
        Err(error) => Err(ActionError::NotationUnreadable {
            notation: shown,
            steps_make: format_play(&play),
            roll: [hi, lo],
            error,
        }),
    }
}

/// `text` cut to at most [`SHOWN_CHARS`] characters for a message, its control characters
/// escaped.
pub(crate) fn shorten(text: &str) -> String {
    crate::printable::printable(text, SHOWN_CHARS)
}
