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

use crate::record::RecordError;

mod read;
mod write;
pub use read::read_mat;
pub use write::{write_mat, write_mat_to};

/// The longest text [`read_mat`] reads, in bytes (16 MiB).
pub const MAX_BYTES: usize = 16 << 20;

/// The cube cap of a file whose header gives none: the highest the engine allows.
pub const UNCAPPED: u32 = 1 << 15;

/// Why a `.mat` text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", read_message(*line, *game, *move_number, reason))]
pub struct MatReadError {
    /// The line of the trouble, from 1 (0: the file as a whole).
    pub line: usize,
    /// The game, from 1, when the trouble is in one.
    pub game: Option<usize>,
    /// The move number written at the start of the line (`12)`), when there is one.
    pub move_number: Option<u32>,
    /// What is wrong.
    pub reason: String,
}

fn read_message(
    line: usize,
    game: Option<usize>,
    move_number: Option<u32>,
    reason: &str,
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
    fn whole_file(reason: String) -> MatReadError {
        MatReadError {
            line: 0,
            game: None,
            move_number: None,
            reason,
        }
    }

    fn at_line(line: usize, game: Option<usize>, reason: String) -> MatReadError {
        MatReadError {
            line,
            game,
            move_number: None,
            reason,
        }
    }
}

/// Why a record could not be written as a `.mat` file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatWriteError {
    /// The output refused the text (a full disk, a closed pipe): what the system said.
    #[error("cannot write the .mat text: {message}")]
    Output {
        /// The kind of failure.
        kind: std::io::ErrorKind,
        /// What the system said.
        message: String,
    },
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
