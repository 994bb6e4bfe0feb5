//! Jellyfish `.mat` match files: the plain-text format GNU Backgammon, eXtreme Gammon and
//! others import and export.
//!
//! [`write_mat`] turns a [`Record`] into the text and [`read_mat`] turns the text into a
//! record that replays through the rules. This module does no file I/O.
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
//! * In a column: `31: 8/5 6/5` (any notation [`parse_play`] reads: `bar/22`, `25/22*`,
//!   `6/off`, `6/0`, `24/13`, `8/5(2)`, any order), `43:` alone for a roll that cannot be
//!   played, `Doubles`, `Beavers`, `Takes`, `Drops`, `Wins N point(s)`; case does not
//!   matter. eXtreme Gammon's `???` and `Cannot Move` after a roll are read as nothing.
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

use crate::engine::{
    Action, Dice, Ending, Game, MatchState, Phase, Play, Position, RuleSet, Rules, Side,
    TurnBuilder, WinKind, format_play, parse_play,
};
use crate::record::{
    self, GameRecord, PlayerInfo, Record, RecordError, RecordSide, RecordedAction, ResultRecord,
    shorten,
};

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
pub enum MatWriteError {
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

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

/// One of GNU Backgammon's move records, as `ExportGameJF` writes them.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    /// A roll and its play (`MOVE_NORMAL`); `ends` when the play bore off the last checker.
    Move {
        side: Side,
        dice: [u8; 2],
        text: String,
        ends: Option<Win>,
    },
    /// A roll not played before the game ended (`MOVE_SETDICE`).
    RollOnly { side: Side, dice: [u8; 2] },
    /// ` Doubles => N`.
    Double { value: u32 },
    /// ` Beavers => N`.
    Beaver { value: u32 },
    /// ` Takes`.
    Take,
    /// ` Drops`, and the winner's `Wins`.
    Drop { win: Win },
    /// An accepted resignation (`MOVE_RESIGN`): the winner's `Wins`.
    Resign { resigner: Side, win: Win },
}

/// The points of a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Win {
    points: u32,
}

impl Win {
    /// `Wins 1 point`, `Wins 2 points`. GNU Backgammon writes no `and the match` after the
    /// game that decides a match (a FIXME in `ExportGameJF`), so neither does this.
    fn text(self) -> String {
        format!(
            "Wins {} point{}",
            self.points,
            if self.points == 1 { "" } else { "s" }
        )
    }
}

/// The record as a `.mat` file, laid out as GNU Backgammon's `ExportMatchMat` lays it out
/// (see the module docs).
///
/// # Errors
/// [`MatWriteError::Record`] when the record does not replay, and
/// [`MatWriteError::Unsupported`] for an opening tie that turned the cube (automatic
/// doubles), which a `.mat` file cannot hold.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Action, MatchState, Rules};
/// use bg_tui::mat::{read_mat, write_mat};
/// use bg_tui::record::{PlayerInfo, Recorder};
///
/// let rules = Rules::match_to(3);
/// let mut m = MatchState::new(rules).unwrap();
/// let mut rec = Recorder::new([PlayerInfo::human("Ann"), PlayerInfo::human("Bob")], rules, None);
/// rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 }).unwrap();
/// let play = *m.game().legal_plays().iter().find(|p| bg_tui::engine::format_play(p) == "8/5 6/5").unwrap();
/// rec.apply(&mut m, Action::Play(play)).unwrap();
/// let text = write_mat(rec.as_record()).unwrap();
/// assert!(text.contains("\n  1) 31: 8/5 6/5 "));
/// let back = read_mat(&text).unwrap();
/// assert_eq!(back.games[0].actions, rec.as_record().games[0].actions);
/// ```
pub fn write_mat(record: &Record) -> Result<String, MatWriteError> {
    let rules = record.rules;
    if rules.rule_set != RuleSet::Backgammon || rules.schmidt {
        let what = if rules.schmidt {
            "backgammon with Schmidt scoring".to_string()
        } else {
            rules.rule_set.to_string()
        };
        return Err(MatWriteError::NotBackgammon(what));
    }
    // Everything below may then take the record's actions as the rules accept them.
    record::replay(record)?;
    let names = [
        export_name(&record.players[0].name, "White"),
        export_name(&record.players[1].name, "Black"),
    ];
    let mut out = header(&rules);
    out.push_str(&format!(
        " {} point match\n\n",
        rules.match_length.unwrap_or(0)
    ));
    let mut m = MatchState::new(rules).map_err(RecordError::from)?;
    for (index, game) in record.games.iter().enumerate() {
        let number = index + 1;
        if index > 0 {
            m.next_game()
                .map_err(|e| unsupported(number, e.to_string()))?;
        }
        let score = [m.score(Side::White), m.score(Side::Black)];
        let entries = game_entries(&mut m, game, number)?;
        write_game(&mut out, number, &names, score, &entries);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

fn unsupported(game: usize, reason: String) -> MatWriteError {
    MatWriteError::Unsupported { game, reason }
}

/// The rules as eXtreme Gammon's header lines, then the blank line GNU Backgammon always
/// writes after the header.
fn header(rules: &Rules) -> String {
    let on = |flag: bool| if flag { "On" } else { "Off" };
    let mut out = String::new();
    if rules.is_money() {
        out.push_str(&format!("; [Jacoby \"{}\"]\n", on(rules.jacoby)));
        out.push_str(&format!("; [Beaver \"{}\"]\n", on(rules.beaver)));
    } else {
        out.push_str(&format!("; [Crawford \"{}\"]\n", on(rules.crawford)));
    }
    let limit = if rules.uses_cube() { rules.cube_cap } else { 1 };
    out.push_str(&format!("; [CubeLimit \"{limit}\"]\n\n"));
    out
}

/// A name the score line can carry: no `:` (it ends a name), no control characters.
fn export_name(name: &str, fallback: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if c == ':' || c.is_control() { ' ' } else { c })
        .collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        fallback.to_string()
    } else {
        trimmed.to_string()
    }
}

/// The game's actions as GNU Backgammon's move records, applying them to `m` on the way.
fn game_entries(
    m: &mut MatchState,
    game: &GameRecord,
    number: usize,
) -> Result<Vec<Entry>, MatWriteError> {
    let fail =
        |k: usize, e: &dyn std::fmt::Display| unsupported(number, format!("action {}: {e}", k + 1));
    let mut entries = Vec::new();
    for (k, action) in game.actions.iter().enumerate() {
        // The next action that a .mat file holds: declined resignations leave no trace.
        let next = game.actions[k + 1..]
            .iter()
            .find(|a| !matches!(a, RecordedAction::Resign { .. } | RecordedAction::Decline));
        let played_next = matches!(next, Some(RecordedAction::Play { .. }));
        let g = m.game();
        let cube = g.cube().value();
        match action {
            RecordedAction::Opening([white, black]) => {
                m.apply(Action::OpeningRoll {
                    white: *white,
                    black: *black,
                })
                .map_err(|e| fail(k, &e))?;
                if let Some(roll) = m.game().dice()
                    && !played_next
                {
                    entries.push(Entry::RollOnly {
                        side: m.game().turn(),
                        dice: [roll.high(), roll.low()],
                    });
                }
                if m.game().cube().value() != cube {
                    return Err(unsupported(
                        number,
                        format!(
                            "the opening tie {white}-{black} turned the cube (automatic \
                             doubles), which a .mat file cannot hold"
                        ),
                    ));
                }
            }
            RecordedAction::Roll { dice, .. } => {
                if !played_next {
                    entries.push(Entry::RollOnly {
                        side: g.turn(),
                        dice: *dice,
                    });
                }
                let roll = Dice::new(dice[0], dice[1]).map_err(|e| fail(k, &e))?;
                m.apply(Action::Roll(roll)).map_err(|e| fail(k, &e))?;
            }
            RecordedAction::Play { dice, steps, .. } => {
                let side = g.turn();
                let before = *g.position();
                let play = rebuild_play(g, steps)
                    .ok_or_else(|| fail(k, &"the steps do not make a legal play"))?;
                let text = plain_move(&before, steps);
                m.apply(Action::Play(play)).map_err(|e| fail(k, &e))?;
                let ends = match m.game().result() {
                    Some(r) if r.ending == Ending::BearOff => Some(Win { points: r.points }),
                    _ => None,
                };
                entries.push(Entry::Move {
                    side,
                    dice: *dice,
                    text,
                    ends,
                });
            }
            RecordedAction::Double { .. } => {
                m.apply(Action::Double).map_err(|e| fail(k, &e))?;
                entries.push(Entry::Double { value: cube * 2 });
            }
            RecordedAction::Beaver => {
                m.apply(Action::Beaver).map_err(|e| fail(k, &e))?;
                entries.push(Entry::Beaver { value: cube * 4 });
            }
            RecordedAction::Take => {
                // After a beaver the importer takes the doubler's roll as the take.
                let implied = g.phase() == Phase::Beavered
                    && matches!(next, Some(RecordedAction::Roll { .. }));
                m.apply(Action::Take).map_err(|e| fail(k, &e))?;
                if !implied {
                    entries.push(Entry::Take);
                }
            }
            RecordedAction::Drop => {
                m.apply(Action::Drop).map_err(|e| fail(k, &e))?;
                let points = m.game().result().map_or(cube, |r| r.points);
                entries.push(Entry::Drop {
                    win: Win { points },
                });
            }
            RecordedAction::Resign { level, .. } => {
                m.apply(Action::Resign(*level)).map_err(|e| fail(k, &e))?;
            }
            RecordedAction::Accept => {
                let Some(offer) = g.resignation() else {
                    return Err(fail(k, &"there is no resignation to accept"));
                };
                m.apply(Action::AcceptResignation)
                    .map_err(|e| fail(k, &e))?;
                // GNU Backgammon writes the level times the cube (not the points counted
                // after the Jacoby rule), so the level reads back as it was offered.
                entries.push(Entry::Resign {
                    resigner: offer.by,
                    win: Win {
                        points: offer.level.multiplier() * cube,
                    },
                });
            }
            RecordedAction::Decline => {
                m.apply(Action::DeclineResignation)
                    .map_err(|e| fail(k, &e))?;
            }
        }
    }
    Ok(entries)
}

/// The legal play the recorded steps make in the game's roll.
fn rebuild_play(game: &Game, steps: &[(u8, u8, bool)]) -> Option<Play> {
    let steps: Vec<(u8, u8)> = steps.iter().map(|&(from, to, _)| (from, to)).collect();
    TurnBuilder::for_game(game)?.play_steps(&steps).ok()
}

/// The play as GNU Backgammon's `FormatMovePlain` writes it: each step `from/to` (bar 25,
/// off 0) in the order given, `*` after the first step landing where the opponent stood
/// before the play, each step followed by a space except the fourth.
fn plain_move(before: &Position, steps: &[(u8, u8, bool)]) -> String {
    let board = before.board();
    let mut text = String::new();
    for (k, &(from, to, _)) in steps.iter().enumerate() {
        text.push_str(&format!("{from}/{to}"));
        let opponent_there = (1..=24).contains(&to) && board[usize::from(to)] < 0;
        if opponent_there && !steps[..k].iter().any(|s| s.1 == to) {
            text.push('*');
        }
        if k < 3 {
            text.push(' ');
        }
    }
    text
}

/// The dice as GNU Backgammon writes them: the higher first (`51`, never `15`).
fn dice_text(dice: [u8; 2]) -> String {
    format!("{}{}", dice[0].max(dice[1]), dice[0].min(dice[1]))
}

/// `text` padded with spaces to `width` bytes, as C's `%-Ns` pads.
fn pad(text: &str, width: usize) -> String {
    let mut out = text.to_string();
    while out.len() < width {
        out.push(' ');
    }
    out
}

/// One game as GNU Backgammon's `ExportGameJF` writes it: the columns alternate with each
/// move record, the left one for White.
fn write_game(
    out: &mut String,
    number: usize,
    names: &[String; 2],
    score: [u32; 2],
    entries: &[Entry],
) {
    out.push_str(&format!(" Game {number}\n"));
    let left = format!("{} : {}", names[0], score[0]);
    out.push_str(&format!(" {}{} : {}\n", pad(&left, 31), names[1], score[1]));
    // `i` counts the records written, so its parity says which column comes next.
    let mut i: usize = 0;
    let mut dice_rolled = false;
    for entry in entries {
        // Black starts: the first line's left column is blank. (GNU Backgammon does this for
        // a play; a roll left unplayed before a resignation gets it here too.)
        let black_starts = matches!(
            entry,
            Entry::Move {
                side: Side::Black,
                ..
            } | Entry::RollOnly {
                side: Side::Black,
                ..
            }
        );
        if i == 0 && black_starts {
            out.push_str(&format!("  1){}", " ".repeat(29)));
            i += 1;
        }
        let right = i % 2 == 1;
        let text = match entry {
            Entry::Move { dice, text, .. } => {
                dice_rolled = false;
                format!("{}: {text}", dice_text(*dice))
            }
            Entry::RollOnly { dice, .. } => {
                dice_rolled = true;
                format!("{}: ", dice_text(*dice))
            }
            Entry::Double { value } => format!(" Doubles => {value}"),
            Entry::Beaver { value } => format!(" Beavers => {value}"),
            Entry::Take => " Takes".to_string(),
            Entry::Drop { win } => {
                let gap = if right {
                    "\n      ".to_string()
                } else {
                    " ".repeat(23)
                };
                format!(" Drops{gap}{}", win.text())
            }
            Entry::Resign { resigner, win } => {
                let shifted = right != dice_rolled;
                let lead = match resigner {
                    Side::Black => {
                        let newline = if shifted { "\n" } else { "" };
                        format!("{newline}      ")
                    }
                    Side::White if shifted => " ".to_string(),
                    Side::White if right => " ".repeat(24),
                    Side::White => " ".repeat(34),
                };
                format!("{lead}{}\n", win.text())
            }
        };
        let roll_only = matches!(entry, Entry::RollOnly { .. });
        if right || matches!(entry, Entry::Resign { .. }) {
            out.push_str(&text);
            if !roll_only {
                out.push('\n');
            }
        } else if roll_only {
            out.push_str(&format!("{:>3}) {}", i / 2 + 1, pad(&text, 3)));
        } else {
            out.push_str(&format!("{:>3}) {} ", i / 2 + 1, pad(&text, 27)));
        }
        if matches!(entry, Entry::Drop { .. }) {
            out.push('\n');
            if !right {
                out.push('\n');
            }
        }
        if let Entry::Move {
            ends: Some(win), ..
        } = entry
        {
            let lead = if right {
                " ".repeat(34)
            } else {
                "\n      ".to_string()
            };
            out.push_str(&format!("{lead}{}\n\n", win.text()));
        }
        i += 1;
    }
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// The rules the header's comment lines give.
#[derive(Debug, Clone, Copy, Default)]
struct HeaderRules {
    crawford: Option<bool>,
    jacoby: Option<bool>,
    beaver: Option<bool>,
    cube_limit: Option<u32>,
}

/// The file cut into games and column entries, before the rules see it.
#[derive(Debug, Default)]
struct MatFile {
    header: HeaderRules,
    length: u32,
    length_line: usize,
    games: Vec<GameText>,
}

#[derive(Debug)]
struct GameText {
    header_line: usize,
    score_line: usize,
    names: [String; 2],
    scores: [u32; 2],
    events: Vec<Event>,
}

/// One column's entry.
#[derive(Debug, Clone)]
struct Event {
    line: usize,
    move_number: Option<u32>,
    side: Side,
    kind: EventKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum EventKind {
    /// A roll and the play written after it (empty when none is written).
    Roll {
        dice: [u8; 2],
        play: String,
    },
    Double,
    Beaver,
    Take,
    Drop,
    /// `Wins N`; `None` when no number is written.
    Wins(Option<u32>),
}

/// Reads a `.mat` text (see the module docs): a record that replays through the rules.
///
/// # Errors
/// [`MatReadError`] naming the line, game and move number and what is wrong: not a `.mat`
/// text, a line that cannot be read, an action the rules refuse, a score that does not
/// follow from the games before it.
pub fn read_mat(text: &str) -> Result<Record, MatReadError> {
    if text.len() > MAX_BYTES {
        return Err(MatReadError::whole_file(format!(
            "the file is too large: {} bytes; a .mat file has at most {MAX_BYTES}",
            text.len()
        )));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file = parse_file(text)?;
    build_record(&file)
}

/// The text's lines without their ends: `\n`, `\r\n`, or `\r` alone.
fn split_lines(text: &str) -> Vec<&str> {
    if text.contains('\n') {
        text.split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect()
    } else {
        text.split('\r').collect()
    }
}

fn parse_file(text: &str) -> Result<MatFile, MatReadError> {
    let lines = split_lines(text);
    let mut file = MatFile::default();
    let mut numbered = lines.iter().enumerate().map(|(i, l)| (i + 1, *l));
    // The header: comments, then ` N point match`; other lines are skipped.
    let mut found = false;
    for (n, line) in numbered.by_ref() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix([';', '#']) {
            read_header_comment(comment, &mut file.header);
            continue;
        }
        if let Some(length) = match_length(trimmed) {
            file.length = length.map_err(|reason| MatReadError::at_line(n, None, reason))?;
            file.length_line = n;
            found = true;
            break;
        }
    }
    if !found {
        return Err(MatReadError::whole_file(
            "not a .mat file: no line such as \" 5 point match\" (or \" 0 point match\" for a \
             money session)"
                .to_string(),
        ));
    }
    let mut current: Option<GameText> = None;
    let mut expect_scores = false;
    for (n, line) in numbered {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let game = file.games.len() + usize::from(current.is_some());
        if is_game_header(trimmed) {
            if expect_scores {
                return Err(MatReadError::at_line(
                    n,
                    Some(game),
                    "the line after a game's header must hold the names and scores, such as \
                     \" Alice : 0    Bob : 0\""
                        .to_string(),
                ));
            }
            if let Some(done) = current.take() {
                file.games.push(done);
            }
            if file.games.len() >= record::MAX_GAMES {
                return Err(MatReadError::at_line(
                    n,
                    None,
                    format!(
                        "too many games: a record holds at most {}",
                        record::MAX_GAMES
                    ),
                ));
            }
            current = Some(GameText {
                header_line: n,
                score_line: 0,
                names: [String::new(), String::new()],
                scores: [0, 0],
                events: Vec::new(),
            });
            expect_scores = true;
            continue;
        }
        let Some(game_text) = current.as_mut() else {
            // Before the first game: skipped, as GNU Backgammon skips it.
            continue;
        };
        if expect_scores {
            let (names, scores) = score_line(trimmed)
                .map_err(|reason| MatReadError::at_line(n, Some(game), reason))?;
            game_text.names = names;
            game_text.scores = scores;
            game_text.score_line = n;
            expect_scores = false;
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix([';', '#']) {
            if comment.trim_start().starts_with("Set Pos") {
                return Err(MatReadError::at_line(
                    n,
                    Some(game),
                    "eXtreme Gammon's \"; Set Pos\" lines (games from a set position) are not \
                     supported"
                        .to_string(),
                ));
            }
            continue;
        }
        if game_text.events.len() >= record::MAX_ACTIONS {
            return Err(MatReadError::at_line(
                n,
                Some(game),
                format!(
                    "too many moves: a game holds at most {}",
                    record::MAX_ACTIONS
                ),
            ));
        }
        read_move_line(line, n, game, &mut game_text.events)?;
    }
    if expect_scores {
        let game = file.games.len() + 1;
        return Err(MatReadError::at_line(
            current.as_ref().map_or(0, |g| g.header_line),
            Some(game),
            "the file ends after the game's header, before the names and scores".to_string(),
        ));
    }
    if let Some(done) = current.take() {
        file.games.push(done);
    }
    Ok(file)
}

/// `[Crawford "On"]` and the like; other comments are skipped.
fn read_header_comment(comment: &str, header: &mut HeaderRules) {
    let Some(inner) = comment
        .trim()
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
    else {
        return;
    };
    let Some((key, value)) = inner.split_once(' ') else {
        return;
    };
    let value = value.trim().trim_matches('"').trim();
    let flag = || match value.to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Some(true),
        "off" | "no" | "false" | "0" => Some(false),
        _ => None,
    };
    match key.to_ascii_lowercase().as_str() {
        "crawford" => header.crawford = flag().or(header.crawford),
        "jacoby" => header.jacoby = flag().or(header.jacoby),
        "beaver" => header.beaver = flag().or(header.beaver),
        "cubelimit" => header.cube_limit = value.parse().ok().or(header.cube_limit),
        _ => {}
    }
}

/// `5 point match`: `Some(Ok(5))`; a line of another kind: `None`.
fn match_length(line: &str) -> Option<Result<u32, String>> {
    let mut words = line.split_whitespace();
    let (number, point, matched) = (words.next()?, words.next()?, words.next()?);
    if !point.eq_ignore_ascii_case("point") || !matched.eq_ignore_ascii_case("match") {
        return None;
    }
    let digits = number.strip_prefix('+').unwrap_or(number);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Err(format!(
            "the match length must be a number of points (0 for a money session), not {:?}",
            shorten(number)
        )));
    }
    Some(
        digits
            .parse::<u32>()
            .map_err(|_| format!("the match length {} is too long", shorten(number))),
    )
}

fn is_game_header(trimmed: &str) -> bool {
    trimmed
        .strip_prefix("Game ")
        .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

/// ` Alice : 0          Bob : 2`: the names and the scores.
fn score_line(line: &str) -> Result<([String; 2], [u32; 2]), String> {
    let bad = || {
        format!(
            "cannot read the names and scores in {:?}: expected \"Alice : 0    Bob : 0\"",
            shorten(line)
        )
    };
    let (first_name, rest) = line.split_once(':').ok_or_else(bad)?;
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(bad());
    }
    let first_score: u32 = rest[..digits].parse().map_err(|_| bad())?;
    // GNU Backgammon skips the rest of the score's word, then spaces.
    let rest = rest
        .trim_start_matches(|c: char| !c.is_whitespace())
        .trim_start();
    let (second_name, rest) = rest.split_once(':').ok_or_else(bad)?;
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(bad());
    }
    let second_score: u32 = rest[..digits].parse().map_err(|_| bad())?;
    let name = |text: &str, fallback: &str| {
        let name: String = text
            .trim()
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .collect();
        if name.is_empty() {
            fallback.to_string()
        } else {
            name
        }
    };
    Ok((
        [name(first_name, "White"), name(second_name, "Black")],
        [first_score, second_score],
    ))
}

/// Splits a move line into its two columns as GNU Backgammon's `ImportGame` does.
fn split_columns(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    // Two colons (a roll in each column): the right column starts two before the second.
    if let Some(first) = line.find(':')
        && let Some(offset) = line[first + 1..].find(':')
    {
        let second = first + 1 + offset;
        if second > 3 {
            let right_start = second - 2;
            let left_end = right_start - 1;
            if line.is_char_boundary(right_start) && line.is_char_boundary(left_end) {
                return (&line[..left_end], Some(&line[right_start..]));
            }
        }
    }
    // Otherwise the right column starts at the first two spaces from the 16th byte on.
    if bytes.len() > 15
        && let Some(at) = bytes[15..].windows(2).position(|w| w == b"  ")
    {
        let at = 15 + at;
        return (&line[..at], Some(&line[at + 1..]));
    }
    (line, None)
}

/// The move number `12)` at the start of the left column, and what follows it.
fn strip_move_number(left: &str) -> (Option<u32>, &str) {
    let trimmed = left.trim_start();
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && trimmed[digits..].starts_with(')') {
        (trimmed[..digits].parse().ok(), &trimmed[digits + 1..])
    } else if let Some(rest) = trimmed.strip_prefix(')') {
        (None, rest)
    } else {
        (None, left)
    }
}

fn read_move_line(
    line: &str,
    n: usize,
    game: usize,
    events: &mut Vec<Event>,
) -> Result<(), MatReadError> {
    let (left, right) = split_columns(line);
    let (move_number, left) = strip_move_number(left);
    for (side, column) in [(Side::White, Some(left)), (Side::Black, right)] {
        let Some(column) = column else { continue };
        let kind = column_event(column).map_err(|reason| MatReadError {
            line: n,
            game: Some(game),
            move_number,
            reason,
        })?;
        if let Some(kind) = kind {
            events.push(Event {
                line: n,
                move_number,
                side,
                kind,
            });
        }
    }
    Ok(())
}

/// What one column says; `None` for nothing (or a line GNU Backgammon skips).
fn column_event(column: &str) -> Result<Option<EventKind>, String> {
    let text = column.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bytes = text.as_bytes();
    let die = |b: u8| (b'1'..=b'6').contains(&b).then(|| b - b'0');
    if bytes.len() >= 3
        && bytes[2] == b':'
        && let (Some(a), Some(b)) = (die(bytes[0]), die(bytes[1]))
    {
        let rest = text[3..].trim();
        // eXtreme Gammon: `???` for a roll before a resignation, `Cannot Move` for a dance.
        let rest = rest.trim_start_matches('?').trim();
        let lower = rest.to_ascii_lowercase();
        if lower.starts_with("cannot move") {
            return Ok(Some(EventKind::Roll {
                dice: [a, b],
                play: String::new(),
            }));
        }
        if lower.starts_with("illegal play") {
            return Err(
                "Snowie's \"Illegal play\" entries (set positions) are not supported".to_string(),
            );
        }
        return Ok(Some(EventKind::Roll {
            dice: [a, b],
            play: rest.to_string(),
        }));
    }
    let lower = text.to_ascii_lowercase();
    let kind = if lower.starts_with("double") {
        EventKind::Double
    } else if lower.starts_with("beaver") {
        EventKind::Beaver
    } else if lower.starts_with("raccoon") {
        return Err("raccoons are not in these rules".to_string());
    } else if lower.starts_with("take") {
        EventKind::Take
    } else if lower.starts_with("drop") {
        EventKind::Drop
    } else if lower.starts_with("win") {
        let rest = lower.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let rest = rest.trim_start();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        EventKind::Wins(rest[..digits].parse().ok())
    } else if lower.starts_with("resign") {
        return Ok(None);
    } else {
        return Err(format!(
            "cannot read {:?}: expected a roll and its play (\"31: 8/5 6/5\"), Doubles, Takes, \
             Drops, Beavers or Wins",
            shorten(text)
        ));
    };
    Ok(Some(kind))
}

/// The rules the file gives (see the module docs).
fn file_rules(file: &MatFile) -> Result<Rules, MatReadError> {
    let header = file.header;
    let money = file.length == 0;
    let any_beaver = file
        .games
        .iter()
        .flat_map(|g| &g.events)
        .any(|e| e.kind == EventKind::Beaver);
    let (cube, cube_cap) = match header.cube_limit {
        Some(0 | 1) => (false, Rules::default().cube_cap),
        Some(limit) => (true, prev_power_of_two(limit.min(UNCAPPED))),
        None => (true, UNCAPPED),
    };
    let rules = Rules {
        match_length: (!money).then_some(file.length),
        cube,
        cube_cap,
        crawford: if money {
            Rules::default().crawford
        } else {
            header.crawford.unwrap_or(true)
        },
        jacoby: money && header.jacoby.unwrap_or(false),
        beaver: money && cube && (header.beaver.unwrap_or(false) || any_beaver),
        ..Rules::default()
    };
    rules.validate().map_err(|e| {
        MatReadError::at_line(
            file.length_line,
            None,
            format!("these rules cannot be played: {e}"),
        )
    })?;
    Ok(rules)
}

/// The highest power of two at most `n` (`n` at least 1).
fn prev_power_of_two(n: u32) -> u32 {
    if n.is_power_of_two() {
        n
    } else {
        n.checked_next_power_of_two().map_or(1 << 31, |p| p / 2)
    }
}

fn build_record(file: &MatFile) -> Result<Record, MatReadError> {
    let rules = file_rules(file)?;
    let mut m = MatchState::new(rules).map_err(|e| {
        MatReadError::at_line(
            file.length_line,
            None,
            format!("these rules cannot be played: {e}"),
        )
    })?;
    let names = file.games.first().map_or_else(
        || ["White".to_string(), "Black".to_string()],
        |g| g.names.clone(),
    );
    let mut games: Vec<GameRecord> = Vec::new();
    let count = file.games.len();
    for (index, game) in file.games.iter().enumerate() {
        let number = index + 1;
        if let Some(length) = rules.match_length
            && game.scores.iter().any(|&s| s >= length)
        {
            // The match was over before this game: GNU Backgammon ignores the rest.
            break;
        }
        if index > 0 {
            if let Some(r) = m.game().result().map(ResultRecord::from) {
                m.next_game().map_err(|e| {
                    MatReadError::at_line(
                        game.header_line,
                        Some(number),
                        format!("no game can follow game {} ({r}): {e}", number - 1),
                    )
                })?;
            } else {
                return Err(MatReadError::at_line(
                    game.header_line,
                    Some(number),
                    format!(
                        "game {} has no result, but another game follows it",
                        number - 1
                    ),
                ));
            }
        }
        if rules.match_length.is_some() {
            let actual = [m.score(Side::White), m.score(Side::Black)];
            if game.scores != actual {
                return Err(MatReadError::at_line(
                    game.score_line,
                    Some(number),
                    format!(
                        "the score line says {} {} - {} {}, but the games before give {} - {}",
                        game.names[0],
                        game.scores[0],
                        game.scores[1],
                        game.names[1],
                        actual[0],
                        actual[1]
                    ),
                ));
            }
        }
        let actions = replay_game(&mut m, game, number, number == count)?;
        games.push(GameRecord {
            variant: Some(m.game().variant()),
            actions,
            result: m.game().result().map(ResultRecord::from),
        });
    }
    if games.is_empty() {
        games.push(GameRecord::of(rules.rule_set.variant_of_game(0)));
    }
    let mut record = Record::new(
        [PlayerInfo::human(&names[0]), PlayerInfo::human(&names[1])],
        rules,
        None,
    );
    record.games = games;
    // Every action went through the rules above; replaying the record checks its form too.
    record::replay(&record).map_err(|e| {
        MatReadError::whole_file(format!(
            "the record made from the file does not replay: {e}"
        ))
    })?;
    Ok(record)
}

/// Applies one game's entries to `m`: the record's actions.
fn replay_game(
    m: &mut MatchState,
    game: &GameText,
    number: usize,
    last_game: bool,
) -> Result<Vec<RecordedAction>, MatReadError> {
    let mut actions = Vec::new();
    for (k, event) in game.events.iter().enumerate() {
        let fail = |reason: String| MatReadError {
            line: event.line,
            game: Some(number),
            move_number: event.move_number,
            reason,
        };
        let next = game.events.get(k + 1);
        replay_event(m, event, next, last_game, &mut actions).map_err(fail)?;
    }
    Ok(actions)
}

/// Applies `action` to `m` and notes it; the rules' refusal as a message.
fn apply(
    m: &mut MatchState,
    action: Action,
    recorded: RecordedAction,
    actions: &mut Vec<RecordedAction>,
    what: &str,
) -> Result<(), String> {
    m.apply(action).map_err(|e| format!("{what}: {e}"))?;
    actions.push(recorded);
    Ok(())
}

fn replay_event(
    m: &mut MatchState,
    event: &Event,
    next: Option<&Event>,
    last_game: bool,
    actions: &mut Vec<RecordedAction>,
) -> Result<(), String> {
    let side = event.side;
    let column = if side == Side::White { "left" } else { "right" };
    if let Some(result) = m.game().result() {
        return match event.kind {
            EventKind::Wins(_) if result.is_won_by(side) => Ok(()),
            EventKind::Wins(_) => Err(format!(
                "the {column} column says {side} wins, but {side} did not win the game"
            )),
            _ => Err(format!(
                "the game is over ({}), but the file goes on",
                ResultRecord::from(result)
            )),
        };
    }
    // Whether it is this column's player's turn to act.
    let check_turn = |m: &MatchState, what: &str| -> Result<(), String> {
        match m.game().to_act() {
            Some(to_act) if to_act != side => Err(format!(
                "the {column} column gives {side} {what}, but it is {to_act}'s turn"
            )),
            _ => Ok(()),
        }
    };
    match &event.kind {
        EventKind::Roll { dice, play } => {
            let [a, b] = *dice;
            if m.game().phase() == Phase::Opening {
                if a == b {
                    return Err(format!(
                        "the game starts with {a}{b}, but the opening roll cannot be a double"
                    ));
                }
                let (high, low) = (a.max(b), a.min(b));
                let (white, black) = if side == Side::White {
                    (high, low)
                } else {
                    (low, high)
                };
                apply(
                    m,
                    Action::OpeningRoll { white, black },
                    RecordedAction::Opening([white, black]),
                    actions,
                    &format!("opening roll {a}{b}"),
                )?;
            } else {
                if m.game().phase() == Phase::Beavered && m.game().to_act() == Some(side) {
                    // The doubler rolls: the beaver was taken.
                    apply(m, Action::Take, RecordedAction::Take, actions, "take")?;
                }
                check_turn(m, &format!("a roll of {a}{b}"))?;
                let roll = Dice::new(a, b).map_err(|e| e.to_string())?;
                apply(
                    m,
                    Action::Roll(roll),
                    RecordedAction::Roll {
                        side: side.into(),
                        dice: *dice,
                    },
                    actions,
                    &format!("roll {a}{b}"),
                )?;
            }
            let game = m.game();
            let Some(roll) = game.dice() else {
                return Err(format!("the roll {a}{b} was not made"));
            };
            let legal = game.legal_plays();
            let position = *game.position();
            let chosen = if play.is_empty() {
                let resigns_next =
                    next.is_some_and(|e| e.side != side && matches!(e.kind, EventKind::Wins(_)));
                if resigns_next {
                    // The roll alone: its player resigns.
                    None
                } else if legal.is_empty() {
                    Some(Play::empty(position))
                } else if next.is_none() && last_game {
                    // The roll alone: the file stops here.
                    None
                } else if let [only] = legal {
                    Some(*only)
                } else {
                    return Err(format!(
                        "the roll {a}{b} has {} legal plays, but no play is written and no \
                         resignation follows",
                        legal.len()
                    ));
                }
            } else {
                if legal.is_empty() {
                    return Err(format!(
                        "the roll {a}{b} cannot be played, but the file gives {:?}",
                        shorten(play)
                    ));
                }
                Some(read_play(m.game(), &position, roll, play)?)
            };
            if let Some(chosen) = chosen {
                let steps: Vec<(u8, u8, bool)> = chosen
                    .steps()
                    .iter()
                    .map(|s| (s.from, s.to, s.hit))
                    .collect();
                let notation = if steps.is_empty() {
                    String::new()
                } else {
                    format_play(&chosen)
                };
                let what = if steps.is_empty() {
                    format!("dance with {a}{b}")
                } else {
                    format!("play {notation} with {a}{b}")
                };
                apply(
                    m,
                    Action::Play(chosen),
                    RecordedAction::Play {
                        side: side.into(),
                        dice: *dice,
                        notation,
                        steps,
                    },
                    actions,
                    &what,
                )?;
            }
            Ok(())
        }
        EventKind::Double => {
            check_turn(m, "a double")?;
            if m.game().phase() == Phase::DoubleOffered {
                // Doubling back at once is a beaver (GNU Backgammon reads it so).
                apply(m, Action::Beaver, RecordedAction::Beaver, actions, "beaver")
            } else {
                apply(
                    m,
                    Action::Double,
                    RecordedAction::Double { side: side.into() },
                    actions,
                    "double",
                )
            }
        }
        EventKind::Beaver => {
            check_turn(m, "a beaver")?;
            apply(m, Action::Beaver, RecordedAction::Beaver, actions, "beaver")
        }
        EventKind::Take => {
            check_turn(m, "a take")?;
            apply(m, Action::Take, RecordedAction::Take, actions, "take")
        }
        EventKind::Drop => {
            check_turn(m, "a drop")?;
            apply(m, Action::Drop, RecordedAction::Drop, actions, "drop")
        }
        EventKind::Wins(points) => {
            // The game is not over: the other player resigned.
            let resigner = side.opponent();
            let Some(points) = *points else {
                return Err(format!(
                    "the {column} column says {side} wins, but gives no points, so the \
                     resignation cannot be read"
                ));
            };
            let game = m.game();
            match game.to_act() {
                Some(to_act) if to_act == resigner => {}
                _ => {
                    return Err(format!(
                        "the {column} column says {side} wins {points}, so {resigner} resigned, \
                         but {resigner} may not resign now"
                    ));
                }
            }
            let cube = game.cube().value();
            let level = if points <= cube {
                WinKind::Single
            } else if points <= cube.saturating_mul(2) {
                WinKind::Gammon
            } else {
                WinKind::Backgammon
            };
            apply(
                m,
                Action::Resign(level),
                RecordedAction::Resign {
                    side: RecordSide::from(resigner),
                    level,
                },
                actions,
                &format!("resignation of a {level}"),
            )?;
            apply(
                m,
                Action::AcceptResignation,
                RecordedAction::Accept,
                actions,
                "accepting the resignation",
            )
        }
    }
}

/// The legal play `text` gives: its steps as written when they are single dice played in
/// that order, else the play [`parse_play`] reads.
fn read_play(game: &Game, position: &Position, roll: Dice, text: &str) -> Result<Play, String> {
    if let Some(steps) = written_steps(text)
        && let Some(play) =
            TurnBuilder::for_game(game).and_then(|mut turn| turn.play_steps(&steps).ok())
    {
        return Ok(play);
    }
    parse_play(text, position, roll).map_err(|e| {
        format!(
            "the play {:?} for {}{}: {e}",
            shorten(text),
            roll.first(),
            roll.second()
        )
    })
}

/// `24/18* 13/9(2)` as single moves `(from, to)`: chains cut at each point, counts
/// repeated; `None` when the text is not that simple.
fn written_steps(text: &str) -> Option<Vec<(u8, u8)>> {
    let mut steps = Vec::new();
    for word in text.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
        let (path, count) = match word.strip_suffix(')').and_then(|w| w.rsplit_once('(')) {
            Some((path, count)) => (
                path,
                count
                    .parse::<usize>()
                    .ok()
                    .filter(|c| (1..=4).contains(c))?,
            ),
            None => (word, 1),
        };
        let points: Vec<u8> = path
            .split('/')
            .map(
                |p| match p.trim_end_matches('*').to_ascii_lowercase().as_str() {
                    "bar" | "b" => Some(25),
                    "off" | "o" => Some(0),
                    digits => digits.parse::<u8>().ok().filter(|&n| n <= 25),
                },
            )
            .collect::<Option<_>>()?;
        if points.len() < 2 {
            return None;
        }
        for _ in 0..count {
            for pair in points.windows(2) {
                steps.push((pair[0], pair[1]));
            }
        }
        if steps.len() > 4 {
            return None;
        }
    }
    Some(steps)
}
