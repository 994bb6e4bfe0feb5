//! The board's input: the keys that build a person's move on the board (a checker picked
//! up and put down, moved by a die, taken back, a way chosen where several lead to one
//! spot) and a play typed on the command line. They work on the input part's cursor and
//! pick and the table's turn in progress, and hand a finished play back for the game to
//! decide (through the tutor: see [`super::App::decide`]).

use super::input_state::InputState;
use super::match_table::Table;
use super::orientation::Orientation;
use super::{Mode, Said, point_spot, spot_point};
use bg_tui::engine::{DieStep, Phase, Place, Play, format_play, parse_play_in};

/// What a key on the board came to.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum BoardOutcome {
    /// The move is being built (or the key was refused): what to say of it.
    Said(Said),
    /// The person's play, finished: for the game to decide.
    Play(Play),
}

impl InputState {
    /// Enter (or a click): picks up the checker under the cursor, puts the picked one down
    /// there, or hands the finished play back.
    pub(super) fn select(&mut self, table: &mut Table, orientation: Orientation) -> BoardOutcome {
        let Some(turn) = table.turn() else {
            return BoardOutcome::Said(None);
        };
        let spot = self.cursor_spot(orientation.flipped());
        let Some(from) = self.picked() else {
            if let Some(play) = turn.finished() {
                return BoardOutcome::Play(play);
            }
            let said = match spot_point(spot) {
                Some(p) if turn.sources().contains(&p) => {
                    self.pick(p);
                    None
                }
                Some(p) if turn.position().board()[p.index()] > 0 => Some(format!(
                    "the checker on {} cannot move now: the dice must be used elsewhere",
                    orientation.point(p)
                )),
                Some(p) => Some(format!("no checker of yours on {}", orientation.point(p))),
                None => Some("pick up a checker to move first".to_string()),
            };
            return BoardOutcome::Said(said);
        };
        if spot_point(spot) == Some(from) {
            let _ = self.drop_pick();
            return BoardOutcome::Said(None);
        }
        let to = spot_point(spot).unwrap_or(Place::OFF);
        let said = match turn.destinations(from).into_iter().find(|d| d.to == to) {
            Some(d) if d.paths.len() == 1 => self.follow(table, orientation, &d.paths[0]),
            Some(d) => {
                self.set_mode(Mode::ChooseWay(d.paths));
                None
            }
            None => Some(format!(
                "the checker on {} cannot move to {}",
                orientation.point(from),
                orientation.point(to)
            )),
        };
        BoardOutcome::Said(said)
    }

    /// Moves the picked checker along `path`; the cursor follows it.
    pub(super) fn follow(
        &mut self,
        table: &mut Table,
        orientation: Orientation,
        path: &[DieStep],
    ) -> Said {
        match table.follow(path)? {
            Ok(()) => {
                let _ = self.drop_pick();
                if let Some(last) = path.last() {
                    self.put_cursor_on(point_spot(last.step.to), orientation.flipped());
                }
                None
            }
            Err(e) => Some(orientation.error(e)),
        }
    }

    /// A digit: moves the picked checker (or the one under the cursor) by that die.
    pub(super) fn move_by_die(
        &mut self,
        table: &mut Table,
        orientation: Orientation,
        die: u8,
    ) -> Said {
        let from = self
            .picked()
            .or_else(|| spot_point(self.cursor_spot(orientation.flipped())))
            .unwrap_or(Place::OFF);
        if from.is_off() {
            return Some("pick up a checker to move first".to_string());
        }
        match table.move_by_die(from, die)? {
            Ok(ds) => {
                let _ = self.drop_pick();
                self.put_cursor_on(point_spot(ds.step.to), orientation.flipped());
                None
            }
            Err(e) => Some(orientation.error(e)),
        }
    }

    /// `u`: takes back the last checker moved this turn.
    pub(super) fn undo(&mut self, table: &mut Table, orientation: Orientation) -> Said {
        let said = table.undo_move().map(|undone| match undone {
            Some(ds) => format!(
                "took back {}/{}",
                orientation.point(ds.step.from),
                orientation.point(ds.step.to)
            ),
            None => "no checker move to take back".to_string(),
        });
        let _ = self.drop_pick();
        said
    }
}

/// A play typed on the command line (notation), read against `table`'s roll: it finishes
/// the moves made so far this turn, or (a whole play of its own) replaces them, and then
/// the second part says which moves it replaced.
///
/// # Errors
/// What was wrong with the text, in a line for the message line.
pub(super) fn typed_play(table: &Table, text: &str) -> Result<(Play, Option<String>), String> {
    let game = table.game();
    let Phase::Moving(dice) = game.phase() else {
        return Err("there is no roll to play now".to_string());
    };
    let made: Vec<_> = table
        .turn()
        .map(|t| t.made().iter().map(|ds| ds.step).collect())
        .unwrap_or_default();
    let variant = game.variant();
    if made.is_empty() {
        return parse_play_in(variant, text, game.position(), dice)
            .map(|play| (play, None))
            .map_err(|e| e.to_string());
    }
    let position = table.turn().map_or(*game.position(), |t| *t.position());
    let so_far = Play::new(&made, position)
        .map(|p| format_play(&p))
        .unwrap_or_default();
    match parse_play_in(variant, &format!("{so_far} {text}"), game.position(), dice) {
        Ok(play) => Ok((play, None)),
        Err(e) => match parse_play_in(variant, text, game.position(), dice) {
            Ok(play) => Ok((play, Some(so_far))),
            Err(_) => Err(format!("after {so_far}: {e}")),
        },
    }
}
