//! A plain-text board, as `bg-tui show` prints it.

use crate::engine::{GameStateCode, MatchIdFields, Position, match_id, position_id, xgid};
use std::fmt::Write;

/// Rows of checkers drawn on each half of the board; taller stacks show their count.
const ROWS: usize = 5;

/// The position as a text board. `X` is the player on roll, whose 24-point is top right
/// and who bears off past the 1-point at the bottom right; `O` is the opponent. With Match ID
/// fields, the score, cube, dice and turn are shown beside the board.
#[must_use]
pub fn render(position: &Position, fields: Option<&MatchIdFields>) -> String {
    let mut out = String::new();
    let _ = write!(out, " Position ID: {}", position_id(position));
    if let Some(f) = fields {
        let _ = write!(out, "   Match ID: {}", match_id(f));
    }
    out.push('\n');
    // The XGID: with the match state when it is known, else a money position with the
    // player on roll as X and no dice.
    let money = MatchIdFields::money_on_roll();
    let _ = writeln!(
        out,
        " {}",
        xgid(position, fields.unwrap_or(&money), false, 10)
    );
    let side_notes = notes(position, fields);
    let top: Vec<usize> = (13..=24).collect();
    let bottom: Vec<usize> = (1..=12).rev().collect();
    let mut lines = vec![header(&top)];
    for row in 0..ROWS {
        lines.push(row_line(position, &top, row, true));
    }
    lines.push(format!(" |{:18}|BAR|{:18}|", "", ""));
    for row in (0..ROWS).rev() {
        lines.push(row_line(position, &bottom, row, false));
    }
    lines.push(header(&bottom));
    for (i, line) in lines.iter().enumerate() {
        out.push_str(line);
        if let Some(note) = side_notes.get(i).filter(|n| !n.is_empty()) {
            out.push_str("   ");
            out.push_str(note);
        }
        out.push('\n');
    }
    out
}

/// The point numbers along one edge: six, the bar, six.
fn header(points: &[usize]) -> String {
    let mut s = String::from(" +");
    for (i, p) in points.iter().enumerate() {
        if i == 6 {
            s.push_str("-----");
        }
        let _ = write!(s, "{p:-^3}");
    }
    s.push('+');
    s
}

/// What stands on `point` (mover's numbering) in row `row` counted from the edge.
fn cell(count: i8, row: usize) -> String {
    let n = count.unsigned_abs() as usize;
    let symbol = if count > 0 { "X" } else { "O" };
    if n == 0 || row >= n.min(ROWS) {
        "   ".to_string()
    } else if row == ROWS - 1 && n > ROWS {
        format!("{n:^3}")
    } else {
        format!(" {symbol} ")
    }
}

fn row_line(position: &Position, points: &[usize], row: usize, top: bool) -> String {
    let board = position.board();
    let mut s = String::from(" |");
    for (i, &p) in points.iter().enumerate() {
        if i == 6 {
            // The bar: the opponent's checkers in the top half, the mover's in the bottom.
            let on_bar = if top {
                -(position.opponent_bar() as i8)
            } else {
                position.mover_bar() as i8
            };
            s.push('|');
            s.push_str(&cell(on_bar, row));
            s.push('|');
        }
        s.push_str(&cell(board[p], row));
    }
    s.push('|');
    s
}

fn notes(position: &Position, fields: Option<&MatchIdFields>) -> Vec<String> {
    let mut notes = vec![String::new(); 2 * ROWS + 3];
    notes[1] = format!(
        "O: pips {}, borne off {}",
        position.opponent_pips(),
        position.opponent_off()
    );
    notes[2 * ROWS + 1] = format!(
        "X: pips {}, borne off {} (on roll)",
        position.mover_pips(),
        position.mover_off()
    );
    let Some(f) = fields else {
        return notes;
    };
    let (x, o) = (f.on_roll, f.on_roll.opponent());
    notes[0] = format!("O = player {} ({o})", o.index());
    notes[2 * ROWS + 2] = format!("X = player {} ({x})", x.index());
    let length = if f.match_length == 0 {
        "money game".to_string()
    } else {
        format!("{}-point match", f.match_length)
    };
    notes[3] = format!(
        "{length}: X {} - O {}{}",
        f.score[x.index()],
        f.score[o.index()],
        if f.crawford { " (Crawford game)" } else { "" }
    );
    let cube = match f.cube_owner {
        None => "centred".to_string(),
        Some(s) if s == x => "X owns it".to_string(),
        Some(_) => "O owns it".to_string(),
    };
    notes[ROWS + 1] = format!("Cube: {} ({cube})", f.cube_value());
    notes[ROWS + 3] = match (f.game_state, f.dice) {
        (GameStateCode::Playing, Some(d)) => format!("X rolled {}-{}", d.first(), d.second()),
        (GameStateCode::Playing, None) if f.doubled => "X doubles".to_string(),
        (GameStateCode::Playing, None) => "X to roll or double".to_string(),
        (state, _) => format!("game state: {state:?}"),
    };
    if f.resigned > 0 {
        notes[ROWS + 4] = format!(
            "resignation offered: {}",
            ["", "single", "gammon", "backgammon"][usize::from(f.resigned.min(3))]
        );
    }
    notes
}
