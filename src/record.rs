//! The JSON record of a match or money session: who played, under which rules, and every
//! action of every game, in order.
//!
//! This module builds records while a match is played ([`Recorder`]), writes them
//! ([`to_json`]) and reads them back ([`load()`]), re-applying every action through the rules
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
//!   either `"human"` or `{"bot": "greedy"}` (the bot's name, as on the command line): who
//!   plays now.
//! * `"rules"`: the engine's [`Rules`](crate::engine::Rules): `"rule_set"` (`"backgammon"`,
//!   `"portes"`, `"plakoto"`, `"fevga"`, `"tavli"` or `"jacquet"`; may be left out for
//!   backgammon),
//!   `"match_length"` (points, or `null` for money play), `"cube"` (the cube is used),
//!   `"cube_cap"`, `"crawford"`, `"jacoby"`, `"beaver"`, `"auto_doubles"`,
//!   `"resign_loses_backgammon"` and `"schmidt"` (Schmidt scoring; may be left out).
//! * `"seed"`: the seed of the dice, or `null`.
//! * `"games"`: one object per game, in order: `"variant"` (the game's rule set:
//!   `"backgammon"`, `"portes"`, `"plakoto"`, `"fevga"` or `"jacquet"`; in Tavli they cycle),
//!   `"actions"` and `"result"`; and `"players"`, as above, for a game played by others than
//!   the record's `"players"` (a side was handed to a bot, or back, after it; left out
//!   otherwise: older readers skip it); and `"seat_changes"` for a side that changed hands
//!   during the game (left out otherwise), in the order they did:
//!   `{"side": "black", "at": 14, "before": {"name": "Bob", "kind": "human"}}` says `before`
//!   played Black for the game's actions before action 14 (from 0); the game's players are
//!   who finished it.
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
//! [`load()`] rejects a text that is not JSON, not this format or another version, whose rules
//! do not go together, or whose actions the rules refuse, with a [`RecordError`] naming the
//! game and the action (both from 1) and the reason. A play's steps are authoritative: they
//! must make, one die at a time, a legal play of the roll, and the notation must read as that
//! same play. Each recorded result must be the one the moves give. Loading never panics,
//! whatever the text.
//!
//! # Walking
//!
//! [`walk()`] is the one way through a record's games and actions: it applies them through the
//! rules with the checks of [`load()`] and tells a [`Visitor`] each game's start and end and
//! each action, with the match before and after it. [`replay`] (and so [`load()`]), the replay
//! timeline, the `.mat` writer and the analysis are all walks.

//!
//! # Where it is
//!
//! The module is split by job: `format` (what a record holds), `error` (why one does not
//! load), `recorder` (building one while a match is played), `json` (writing one), `load`
//! (reading one), `actions` (a recorded action checked against the rules) and `walk` (the
//! pass over a record's games and actions). Everything is used from here.

mod actions;
mod error;
mod format;
mod json;
mod load;
mod recorder;
mod walk;

pub(crate) use actions::shorten;
pub use actions::{ActionError, IllegalPlayReason, apply_action};
pub use error::{GameFault, JournalFault, RecordError};
pub use format::{
    ClockRecord, GameRecord, PlayerInfo, PlayerKind, Record, RecordSide, RecordedAction,
    ResultRecord, SeatChange, StartError, StartRecord,
};
pub use json::to_json;
pub use load::{check_players, load, parse, replay};
pub use recorder::Recorder;
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

/// The longest text [`load()`] reads, in bytes (256 MiB): room for a session of
/// [`MAX_GAMES`] games.
pub const MAX_BYTES: usize = 256 << 20;

/// The longest player name a record may hold, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The longest bot name a record may hold, in characters: the bots' own limit (see
/// [`crate::bot::MAX_BOT_NAME_CHARS`]).
pub use crate::bot::MAX_BOT_NAME_CHARS;

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
