//! Jellyfish `.mat` match files: the plain-text format GNU Backgammon, eXtreme Gammon and
//! others import and export.
//!
//! [`write_mat`] turns a [`Record`](crate::record::Record) into the text and [`read_mat`]
//! turns the text into a record that replays through the rules. This module does no file
//! I/O.
//!
//! # The layout
//!
//! [`write_mat`] writes what GNU Backgammon's exporter writes (`export.c`:
//! `ExportMatchMat` and `ExportGameJF`), column for column:
//!
//! ```text
//! ; [Crawford "On"]
//! ; [CubeLimit "64"]
//!
//!  3 point match
//!
//!  Game 1
//!  Alice : 0                       Bob : 0
//!   1)                             52: 13/8 13/11
//!   2) 31: 8/5 6/5                 64: 24/18 13/9
//!   3)  Doubles => 2                Takes
//!  ...
//!  12) 62: 6/0 2/0
//!       Wins 1 point
//!
//!  Game 2
//!  ...
//! ```
//!
//! * The header is comment lines (`;`), a blank line, ` N point match` (`0` for a money
//!   session) and a blank line. GNU Backgammon writes `; [Site "..."]`, `; [Event "..."]` and
//!   the like there; a record has none of those, so the header holds the rules as eXtreme
//!   Gammon writes them: `; [Crawford "On"]` in a match, `; [Jacoby "Off"]` and
//!   `; [Beaver "Off"]` in a money session, and `; [CubeLimit "64"]` (`"1"` without the
//!   cube). GNU Backgammon reads these lines and sets them aside (`import.c`:
//!   `ImportMatVariation`); [`read_mat`] takes the rules from them.
//! * Each game: ` Game N`, then the names and the score at the start of the game
//!   (`" %-31s%s : %d"` of `"Alice : 0"`), then numbered lines of two columns: the left for
//!   White (GNU Backgammon's player 0), the right for Black. A left column is
//!   `"%3d) %-27s "`, so the right one starts in column 34. When Black starts, the first
//!   line's left column is blank: `"  1)"` and 29 spaces.
//! * A roll and its play: `31: 8/5 6/5 ` (the higher die first, as GNU Backgammon writes
//!   every roll; each die's step, in the order played, each followed
//!   by a space except the fourth; bar is `25`, off is `0`, and `*` marks the first step that
//!   lands where the opponent had a checker). A roll that cannot be played is `43: ` alone.
//! * The cube: ` Doubles => 2`, ` Takes`, and ` Drops` followed by the winner's
//!   `Wins 1 point` (on the same line when the left player drops, on the next line in the
//!   left column otherwise). A beaver is ` Beavers => 4` in the beavering player's column;
//!   the doubler's take is then left out when a roll follows (as the importer expects), and
//!   written ` Takes` otherwise.
//! * The end of a game: `Wins N point(s)` in the winner's column: after a bear-off (on a line
//!   of its own), a drop, or an accepted resignation, then a blank line. `N` is the points
//!   won; for a resignation, the level offered times the cube (GNU Backgammon's
//!   `nResigned * nFileCube`), so the level reads back. (GNU Backgammon writes a bear-off's
//!   value from the board, so under the Jacoby rule it shows a gammon on a centred cube as 2
//!   where 1 is won; this writes 1. It writes no `and the match` after the deciding game, a
//!   FIXME in its exporter; neither does this, and readers read past it either way.)
//! * A player who rolled and then resigned: the roll alone, `43: `, then the `Wins` line.
//!
//! Lines end in `\n`; the spaces GNU Backgammon leaves at the ends of lines are kept.
//!
//! # What a `.mat` file cannot hold
//!
//! * Opening-roll ties: only the starting roll is written (it is the first mover's dice;
//!   the higher die was the starter's). A tie that turned the cube (automatic doubles)
//!   cannot be written at all: [`write_mat`] refuses such a record.
//! * A game stopped at the action limit ([`crate::engine::Ending::ActionLimit`]): nobody
//!   won it, and a `.mat` game ends with a win; [`write_mat`] refuses the record.
//! * Declined resignations, and a resignation or double still waiting for an answer at the
//!   end of the record: nothing is written for them.
//! * The order the dice were rolled in (`15` is written `51`), the seed, whether a player
//!   is a bot, a stopped money session, and the
//!   `auto_doubles` and `resign_loses_backgammon` options.
//! * Which checker made which step where the steps could be made in another order: the
//!   steps are written in the record's order and read back in the file's order.
//!
//! Names are written with `:` and control characters replaced by spaces (they would break
//! the score line); an empty name is written `White` or `Black`.
//!
//! # Reading
//!
//! [`read_mat`] reads the files GNU Backgammon writes, and is as lenient as its importer
//! (`import.c`: `ImportMatVariation`, `ImportGame`, `ParseMatMove`):
//!
//! * Lines end in `\n`, `\r\n` or `\r`; a UTF-8 byte-order mark is skipped; blank lines and
//!   comment lines (`;` or `#`) are skipped; lines before ` N point match` and between it
//!   and ` Game 1` are skipped. A line is a game header when it starts (after spaces) with
//!   `Game ` and a number; the next line is the names and scores.
//! * A move line is split into its columns as GNU Backgammon splits it: with two colons (two
//!   rolls), the right column starts two characters before the second colon; otherwise at
//!   the first two spaces from the sixteenth character on. A move number `N)` is skipped.
//! * In a column: `31: 8/5 6/5` (any notation [`parse_play`](crate::engine::parse_play)
//!   reads: `bar/22`, `25/22*`, `6/off`, `6/0`, `24/13`, `8/5(2)`, any order), `43:` alone
//!   for a roll that cannot be played, `Doubles`, `Beavers`, `Takes`, `Drops`, `Wins N
//!   point(s)`; case does not matter. eXtreme Gammon's `???` and `Cannot Move` after a roll are read as nothing.
//!   Lines starting `Resign` are skipped, as GNU Backgammon skips them.
//! * The left column is White, the right Black, and each action must be that player's to
//!   make. The first roll gives the opening roll: the starter's die is the higher.
//! * `Wins N` while the game is not over is a resignation by the other player, of a single
//!   game when `N` is at most the cube's value, a gammon when at most twice, else a
//!   backgammon (as GNU Backgammon reads it). After a bear-off or a drop, `Wins` must name
//!   the winner; its number is not checked (GNU Backgammon writes a Jacoby gammon as 2).
//! * A roll with no play where the roll can be played is the roll alone when the other
//!   player's `Wins` follows (a resignation after rolling) or the file ends there; else the
//!   roll must have a single legal play, which is then played (as GNU Backgammon does).
//! * A double answered by a roll of the doubler (no `Takes`) is a take only after a beaver.
//!   A second `Doubles` in answer to a double is a beaver.
//! * In a match, each game's score line must match the results before it; a game whose
//!   score line shows the match already won is ignored, with the rest of the file, as GNU
//!   Backgammon ignores it. Money sessions' scores are not checked.
//! * The rules: a match has the Crawford rule unless the header says `; [Crawford "Off"]`;
//!   a money session has the Jacoby rule or beavers when the header says `"On"` (beavers
//!   also when a game holds a beaver); the cube cap is the header's `CubeLimit` (`"1"`: no
//!   cube), else 32768.
//!
//! Errors name the line, the game and the move number, and the reason. Reading never
//! panics, whatever the text.

use crate::engine::{DiceError, MatchError, NotationError, RulesError, Side};
use crate::record::{RecordError, ResultRecord};

mod read;
mod write;
pub use read::read_mat;
pub use write::{write_mat, write_mat_to};

/// The longest text [`read_mat`] reads, in bytes (16 MiB).
pub const MAX_BYTES: usize = 16 << 20;

/// The cube cap of a file whose header gives none: the highest the engine allows.
pub const UNCAPPED: u32 = 1 << 15;

/// Why a `.mat` text could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{}", read_message(*line, *game, *move_number, reason.as_ref()))]
pub struct MatReadError {
    /// The line of the trouble, from 1 (0: the file as a whole).
    pub line: usize,
    /// The game, from 1, when the trouble is in one.
    pub game: Option<usize>,
    /// The move number written at the start of the line (`12)`), when there is one.
    pub move_number: Option<u32>,
    /// What is wrong (boxed: the error stays small on the way up).
    #[source]
    pub reason: Box<MatFault>,
}

/// What is wrong in a `.mat` text ([`MatReadError::reason`]); quoted text from the file is
/// cut to be shown.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatFault {
    /// The text is longer than [`MAX_BYTES`].
    #[error("the file is too large: {bytes} bytes; a .mat file has at most {MAX_BYTES}")]
    TooLarge {
        /// Its length in bytes.
        bytes: usize,
    },
    /// No ` N point match` line.
    #[error(
        "not a .mat file: no line such as \" 5 point match\" (or \" 0 point match\" for a \
         money session)"
    )]
    NoMatchLength,
    /// The match length is not a number.
    #[error("the match length must be a number of points (0 for a money session), not {0:?}")]
    LengthNotANumber(String),
    /// The match length does not fit a number.
    #[error("the match length {0} is too long")]
    LengthTooLong(String),
    /// A game's header not followed by the names and scores.
    #[error(
        "the line after a game's header must hold the names and scores, such as \
         \" Alice : 0    Bob : 0\""
    )]
    NoScoreLine,
    /// The text ends after a game's header.
    #[error("the file ends after the game's header, before the names and scores")]
    EndsAfterHeader,
    /// More games than a record holds.
    #[error("too many games: a record holds at most {0}")]
    TooManyGames(usize),
    /// More moves in a game than a record holds.
    #[error("too many moves: a game holds at most {0}")]
    TooManyMoves(usize),
    /// eXtreme Gammon's `; Set Pos` line.
    #[error("eXtreme Gammon's \"; Set Pos\" lines (games from a set position) are not supported")]
    SetPosition,
    /// A names-and-scores line that does not read.
    #[error("cannot read the names and scores in {0:?}: expected \"Alice : 0    Bob : 0\"")]
    ScoreLine(String),
    /// Snowie's `Illegal play` entry.
    #[error("Snowie's \"Illegal play\" entries (set positions) are not supported")]
    IllegalPlayEntry,
    /// A raccoon (a redouble after a beaver).
    #[error("raccoons are not in these rules")]
    Raccoon,
    /// A column that is neither a roll and its play nor a cube action or a win.
    #[error(
        "cannot read {0:?}: expected a roll and its play (\"31: 8/5 6/5\"), Doubles, Takes, \
         Drops, Beavers or Wins"
    )]
    Unreadable(String),
    /// The rules the header gives cannot be played.
    #[error("these rules cannot be played: {0}")]
    Rules(#[source] RulesError),
    /// The match does not go on after a game.
    #[error("no game can follow game {game} ({result}): {source}")]
    NoNextGame {
        /// The game before, from 1.
        game: usize,
        /// Its result.
        result: ResultRecord,
        /// Why the match does not go on.
        #[source]
        source: Box<MatchError>,
    },
    /// A game without a result, followed by another.
    #[error("game {0} has no result, but another game follows it")]
    NoResult(usize),
    /// A score line that is not the score the games before give.
    #[error(
        "the score line says {} {} - {} {}, but the games before give {} - {}",
        names[0], written[0], written[1], names[1], actual[0], actual[1]
    )]
    ScoreMismatch {
        /// The players' names, White first.
        names: [String; 2],
        /// The scores written.
        written: [u32; 2],
        /// The scores the games give.
        actual: [u32; 2],
    },
    /// The record read does not replay (a check of the reader itself).
    #[error("the record made from the file does not replay: {0}")]
    NotReplayed(#[source] RecordError),
    /// An action the rules refuse.
    #[error("{what}: {source}")]
    Refused {
        /// The action, in words (`opening roll 31`, `play 8/5 6/5 with 31`, `take`).
        what: String,
        /// Why the rules refuse it (boxed: it is the largest reason by far).
        #[source]
        source: Box<MatchError>,
    },
    /// A win in a column whose player did not win the game.
    #[error("the {column} column says {side} wins, but {side} did not win the game")]
    NotTheWinner {
        /// `left` or `right`.
        column: &'static str,
        /// The column's player.
        side: Side,
    },
    /// Entries after the game's end.
    #[error("the game is over ({0}), but the file goes on")]
    AfterTheEnd(ResultRecord),
    /// An action in the column of the player who is not to act.
    #[error("the {column} column gives {side} {what}, but it is {to_act}'s turn")]
    NotTheirTurn {
        /// `left` or `right`.
        column: &'static str,
        /// The column's player.
        side: Side,
        /// The action, in words (`a double`).
        what: String,
        /// The player to act.
        to_act: Side,
    },
    /// A roll the rules did not make.
    #[error("the roll {}{} was not made", .0[0], .0[1])]
    RollNotMade([u8; 2]),
    /// A roll with a choice of plays, none written and no resignation after it.
    #[error(
        "the roll {}{} has {plays} legal plays, but no play is written and no resignation \
         follows",
        dice[0], dice[1]
    )]
    NoPlayWritten {
        /// The roll.
        dice: [u8; 2],
        /// How many legal plays it has.
        plays: usize,
    },
    /// A play written for a roll that cannot be played.
    #[error("the roll {}{} cannot be played, but the file gives {play:?}", dice[0], dice[1])]
    NotPlayable {
        /// The roll.
        dice: [u8; 2],
        /// The play written, cut to be shown.
        play: String,
    },
    /// A double as the opening roll.
    #[error("the game starts with {}{}, but the opening roll cannot be a double", .0[0], .0[1])]
    DoubleOpening([u8; 2]),
    /// Dice that are not dice.
    #[error("{0}")]
    Dice(#[source] DiceError),
    /// A win without points while the game goes on.
    #[error(
        "the {column} column says {side} wins, but gives no points, so the resignation \
         cannot be read"
    )]
    WinsWithoutPoints {
        /// `left` or `right`.
        column: &'static str,
        /// The column's player.
        side: Side,
    },
    /// A win that would be a resignation the other player may not make now.
    #[error(
        "the {column} column says {side} wins {points}, so {resigner} resigned, but \
         {resigner} may not resign now",
        resigner = side.opponent()
    )]
    MayNotResign {
        /// `left` or `right`.
        column: &'static str,
        /// The column's player.
        side: Side,
        /// The points written.
        points: u32,
    },
    /// A play that does not read as a legal play of the roll.
    #[error("the play {text:?} for {}{}: {source}", dice[0], dice[1])]
    Play {
        /// The play written, cut to be shown.
        text: String,
        /// The roll.
        dice: [u8; 2],
        /// Why it is not the roll's legal play.
        #[source]
        source: NotationError,
    },
}

fn read_message(
    line: usize,
    game: Option<usize>,
    move_number: Option<u32>,
    reason: &MatFault,
) -> String {
    let mut place = Vec::new();
    if line > 0 {
        place.push(format!("line {line}"));
    }
    if let Some(game) = game {
        place.push(format!("game {game}"));
    }
    if let Some(number) = move_number {
        place.push(format!("move {number}"));
    }
    if place.is_empty() {
        reason.to_string()
    } else {
        format!("{}: {reason}", place.join(", "))
    }
}

impl MatReadError {
    fn whole_file(reason: MatFault) -> MatReadError {
        MatReadError::at(0, None, None, reason)
    }

    fn at_line(line: usize, game: Option<usize>, reason: MatFault) -> MatReadError {
        MatReadError::at(line, game, None, reason)
    }

    fn at(
        line: usize,
        game: Option<usize>,
        move_number: Option<u32>,
        reason: MatFault,
    ) -> MatReadError {
        MatReadError {
            line,
            game,
            move_number,
            reason: Box::new(reason),
        }
    }
}

/// Why a record could not be written as a `.mat` file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatWriteError {
    /// The output refused the text (a full disk, a closed pipe): what the system said.
    #[error("cannot write the .mat text: {0}")]
    Output(#[source] std::io::Error),
    /// The record does not replay through the rules.
    #[error("the record cannot be replayed: {0}")]
    Record(#[from] RecordError),
    /// The rule set is not backgammon: GNU Backgammon reads only backgammon matches.
    #[error(
        "a .mat file holds backgammon matches, and GNU Backgammon plays only backgammon: this \
         record is {0}"
    )]
    NotBackgammon(String),
    /// The record holds something a `.mat` file cannot say.
    #[error("game {game}: {reason}")]
    Unsupported {
        /// The game, from 1.
        game: usize,
        /// What cannot be written.
        reason: String,
    },
}
