//! Writing a record as a `.mat` text (see the [module docs](super)).

use super::MatWriteError;
use crate::engine::{Ending, Phase, Position, RuleSet, Rules, Side};
use crate::printable::is_unprintable;
use crate::record::{self, ActionStep, GameEnd, GameStart, Record, RecordedAction, Visitor};
use std::io::Write;
use std::ops::ControlFlow;

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
/// doubles), a game set up at a position (a record's `"start"`) or a game stopped at the
/// action limit with nobody winning, which a `.mat` file cannot hold.
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
    let mut out = Vec::new();
    write_mat_to(record, &mut out)?;
    // Every piece written is a `String`.
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// [`write_mat`] into `out`, a game at a time: the memory it takes is that of the record
/// and of one game's text, however long the match.
///
/// The record is walked once ([`record::walk`]), each game written as soon as it is
/// walked: on an error, the games before the one in trouble are already in `out`.
///
/// # Errors
/// As [`write_mat`], and [`MatWriteError::Output`] when `out` refuses the text.
pub fn write_mat_to(record: &Record, out: &mut dyn Write) -> Result<(), MatWriteError> {
    if record.rules.rule_set != RuleSet::Backgammon || record.rules.schmidt {
        let what = if record.rules.schmidt {
            "backgammon with Schmidt scoring".to_string()
        } else {
            record.rules.rule_set.to_string()
        };
        return Err(MatWriteError::NotBackgammon(what));
    }
    let rules = record.rules;
    let mut header = header(&rules);
    header.push_str(&format!(
        " {} point match\n\n",
        rules.match_length.unwrap_or(0)
    ));
    let mut writer = Writer {
        out,
        header: Some(header),
        names: [
            export_name(&record.players[0].name, "White"),
            export_name(&record.players[1].name, "Black"),
        ],
        score: [0, 0],
        entries: Vec::new(),
        ends_in_newline: true,
    };
    // One walk of the record: its actions as the rules accept them, each game written as
    // soon as it is walked.
    if let ControlFlow::Break(e) = record::walk(record, &mut writer)? {
        return Err(e);
    }
    writer.put_header()?;
    if !writer.ends_in_newline {
        writer.put("\n")?;
    }
    Ok(())
}

/// Writes the `.mat` text as the record is walked, a game at a time.
struct Writer<'o> {
    out: &'o mut dyn Write,
    /// The header, until it is written (with the first game, or at the end).
    header: Option<String>,
    /// The players' names as the score lines carry them.
    names: [String; 2],
    /// The score as the game being walked started.
    score: [u32; 2],
    /// The game's move records so far.
    entries: Vec<Entry>,
    /// Whether the last text written ends a line.
    ends_in_newline: bool,
}

impl Writer<'_> {
    fn put(&mut self, text: &str) -> Result<(), MatWriteError> {
        self.out
            .write_all(text.as_bytes())
            .map_err(MatWriteError::Output)
    }

    fn put_header(&mut self) -> Result<(), MatWriteError> {
        match self.header.take() {
            Some(header) => self.put(&header),
            None => Ok(()),
        }
    }
}

impl Visitor for Writer<'_> {
    type Break = MatWriteError;

    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<MatWriteError> {
        if start.record.start.is_some() {
            return ControlFlow::Break(unsupported(
                start.game + 1,
                "the game starts from a set-up position, which a .mat file cannot say".into(),
            ));
        }
        if let Err(e) = self.put_header() {
            return ControlFlow::Break(e);
        }
        self.score = [start.m.score(Side::White), start.m.score(Side::Black)];
        self.entries.clear();
        ControlFlow::Continue(())
    }

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<MatWriteError> {
        match entry(step) {
            Ok(Some(entry)) => self.entries.push(entry),
            Ok(None) => {}
            Err(e) => return ControlFlow::Break(e),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) -> ControlFlow<MatWriteError> {
        if end
            .m
            .game()
            .result()
            .is_some_and(|r| r.ending == Ending::ActionLimit)
        {
            return ControlFlow::Break(unsupported(
                end.game + 1,
                format!(
                    "the game stopped at {} actions with nobody winning, which a .mat file \
                     cannot say",
                    crate::engine::MAX_GAME_ACTIONS
                ),
            ));
        }
        let mut text = String::new();
        write_game(
            &mut text,
            end.game + 1,
            &self.names,
            self.score,
            &self.entries,
        );
        if !text.is_empty() {
            self.ends_in_newline = text.ends_with('\n');
        }
        match self.put(&text) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        }
    }
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

/// A name the score line can carry: no `:` (it ends a name), no control characters, at
/// most [`record::MAX_NAME_CHARS`] characters.
fn export_name(name: &str, fallback: &str) -> String {
    let cleaned: String = name
        .chars()
        .take(record::MAX_NAME_CHARS)
        .map(|c| {
            if c == ':' || is_unprintable(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        fallback.to_string()
    } else {
        trimmed.to_string()
    }
}

/// The move record of one action walked, if it leaves one (declined resignations, for
/// one, leave no trace).
fn entry(step: &ActionStep<'_>) -> Result<Option<Entry>, MatWriteError> {
    let number = step.game + 1;
    let fail =
        |e: &dyn std::fmt::Display| unsupported(number, format!("action {}: {e}", step.index + 1));
    // The next action that a .mat file holds: declined resignations leave no trace.
    let next = step.record.actions[step.index + 1..]
        .iter()
        .find(|a| !matches!(a, RecordedAction::Resign { .. } | RecordedAction::Decline));
    let played_next = matches!(next, Some(RecordedAction::Play { .. }));
    let (g, after) = (step.before.game(), step.after.game());
    let cube = g.cube().value();
    let entry = match step.recorded {
        RecordedAction::Opening([white, black]) => {
            if after.cube().value() != cube {
                return Err(unsupported(
                    number,
                    format!(
                        "the opening tie {white}-{black} turned the cube (automatic \
                         doubles), which a .mat file cannot hold"
                    ),
                ));
            }
            match after.dice() {
                Some(roll) if !played_next => Entry::RollOnly {
                    side: after.turn(),
                    dice: [roll.high(), roll.low()],
                },
                _ => return Ok(None),
            }
        }
        RecordedAction::Roll { dice, .. } if !played_next => Entry::RollOnly {
            side: g.turn(),
            dice: *dice,
        },
        RecordedAction::Roll { .. } => return Ok(None),
        RecordedAction::Play { dice, steps, .. } => Entry::Move {
            side: g.turn(),
            dice: *dice,
            text: plain_move(g.position(), steps),
            ends: match after.result() {
                Some(r) if r.ending == Ending::BearOff => Some(Win { points: r.points }),
                _ => None,
            },
        },
        RecordedAction::Double { .. } => Entry::Double { value: cube * 2 },
        RecordedAction::Beaver => Entry::Beaver { value: cube * 4 },
        // After a beaver the importer takes the doubler's roll as the take.
        RecordedAction::Take
            if g.phase() == Phase::Beavered
                && matches!(next, Some(RecordedAction::Roll { .. })) =>
        {
            return Ok(None);
        }
        RecordedAction::Take => Entry::Take,
        RecordedAction::Drop => Entry::Drop {
            win: Win {
                points: after.result().map_or(cube, |r| r.points),
            },
        },
        RecordedAction::Resign { .. } | RecordedAction::Decline => return Ok(None),
        RecordedAction::Accept => {
            let Some(offer) = g.resignation() else {
                return Err(fail(&"there is no resignation to accept"));
            };
            // GNU Backgammon writes the level times the cube (not the points counted after
            // the Jacoby rule), so the level reads back as it was offered.
            Entry::Resign {
                resigner: offer.by,
                win: Win {
                    points: offer.level.multiplier() * cube,
                },
            }
        }
        RecordedAction::TakeOver { .. } => {
            return Err(fail(
                &"the computer took a side over (its clock ran out), which a .mat file \
                  cannot say",
            ));
        }
    };
    Ok(Some(entry))
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
