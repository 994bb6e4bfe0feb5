//! Beside and below the board: the players, clocks, cube, match, the log of the last
//! events, the IDs, and the status, message and command lines.

use super::put_in;
use crate::tui::model::{BoardModel, Overlay};
use crate::tui::theme::Theme;
use bg_tui::engine::Side;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Draws the side panel in `area`: the IDs on its last two rows, everything else above.
/// Returns how many rows the text above the IDs takes.
pub(super) fn draw(area: Rect, model: &BoardModel, theme: Theme, buf: &mut Buffer) -> u16 {
    let (above, mut lines, room) = layout(area, model, theme, buf);
    let width = usize::from(area.width.max(1));
    if room > 0 && !model.log.is_empty() {
        // Long events wrap between words over as many rows as they need.
        let wrapped: Vec<Vec<String>> = model.log.iter().map(|e| wrap_words(e, width)).collect();
        let heights: Vec<usize> = wrapped.iter().map(Vec::len).collect();
        let (start, end) = log_window(&heights, room, model.log_scroll);
        let newer = model.log.len() - end;
        // Scrolled back: the row above the log says so.
        lines.push(if newer > 0 {
            Line::styled(
                truncate(&format!("log: {newer} newer below, ] on"), width, theme),
                theme.strong(),
            )
        } else {
            Line::raw("")
        });
        for entry in &wrapped[start..end] {
            lines.extend(entry.iter().map(|row| Line::raw(row.clone())));
        }
    }
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(above, buf);
    u16::try_from(rows).unwrap_or(u16::MAX).min(above.height)
}

/// Draws the IDs (or the board as text) at the bottom of `area`; returns the rows above
/// them, the panel's lines, and how many rows are left there for the log.
fn layout<'a>(
    area: Rect,
    model: &'a BoardModel,
    theme: Theme,
    buf: &mut Buffer,
) -> (Rect, Vec<Line<'a>>, usize) {
    let ids_y = match (&model.board_text, &model.xgid) {
        (Some(text), _) => draw_wrapped(area, "Board: ", text, theme, buf),
        // An XGID wider than the panel goes below the board in one piece, to be copied
        // whole ([`xgid_below`]): the panel keeps the IDs.
        (None, Some(xgid)) if !xgid_below(xgid, area.width) => {
            draw_wrapped(area, "", xgid, theme, buf)
        }
        // No ID can say the position (Plakoto, Fevga) and its text is not asked for: the
        // log has the rows.
        (None, _) if model.position_id.is_empty() => area.bottom(),
        (None, _) => draw_ids(area, model, theme, buf),
    };
    let above = Rect::new(area.x, area.y, area.width, ids_y.saturating_sub(area.y + 1));
    let lines = lines(model, theme, area.width);
    let width = usize::from(area.width.max(1));
    let used: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    // The log fills the room left, newest last, one row an event (below a blank row).
    let room = usize::from(above.height).saturating_sub(used + 1);
    (above, lines, room)
}

/// How many of the oldest events of the log the panel in `area` shows when scrolled back
/// all the way (events wrap over several rows when long).
pub(super) fn log_rows(area: Rect, model: &BoardModel, theme: Theme) -> usize {
    // The IDs or the board text are drawn on a scratch buffer: only the room counts.
    let mut scratch = Buffer::empty(area);
    let room = layout(area, model, theme, &mut scratch).2;
    let width = usize::from(area.width.max(1));
    let mut used = 0;
    let fit = model
        .log
        .iter()
        .map(|e| wrap_words(e, width).len())
        .take_while(|&h| {
            used += h;
            used <= room
        })
        .count();
    if model.log.is_empty() {
        room
    } else {
        fit.max(1)
    }
}

/// The events of a log whose entries take `heights` rows each, shown in `room` rows when
/// scrolled `scroll` events back from the newest: as a range. The window stays full:
/// scrolling stops at the oldest events; an event taller than the room is shown alone.
fn log_window(heights: &[usize], room: usize, scroll: usize) -> (usize, usize) {
    let len = heights.len();
    let mut end = len.saturating_sub(scroll).max(len.min(1));
    let mut start = end;
    let mut used = 0;
    while start > 0 && used + heights[start - 1] <= room {
        start -= 1;
        used += heights[start];
    }
    while end < len && used + heights[end] <= room {
        used += heights[end];
        end += 1;
    }
    if start == end && end > 0 {
        start = end - 1;
    }
    (start, end)
}

/// `text` in rows of at most `width` columns, broken between words (a word longer than a
/// row is broken where the row ends).
pub(super) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let cols = |s: &str| Span::raw(s).width();
    let width = width.max(1);
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for word in text.split(' ') {
        let sep = usize::from(!row.is_empty());
        if cols(&row) + sep + cols(word) <= width {
            if sep == 1 {
                row.push(' ');
            }
            row.push_str(word);
            continue;
        }
        if !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        for c in word.chars() {
            let mut next = row.clone();
            next.push(c);
            if cols(&next) > width {
                rows.push(std::mem::take(&mut row));
                row.push(c);
            } else {
                row = next;
            }
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// The Position ID and Match ID on the panel's last two rows (an ID there is none of, as
/// in the position editor, left out with its label); the row where they start.
fn draw_ids(area: Rect, model: &BoardModel, theme: Theme, buf: &mut Buffer) -> u16 {
    let ids = [
        ("Position ID: ", &model.position_id),
        ("Match ID   : ", &model.match_id),
    ];
    let ids_y = area.bottom().saturating_sub(2);
    for (row, (label, id)) in (0u16..).zip(ids) {
        if id.is_empty() || !(area.y..area.bottom()).contains(&(ids_y + row)) {
            continue;
        }
        let line = Line::from(vec![
            Span::styled(label, theme.dim()),
            Span::raw(id.as_str()),
        ]);
        buf.set_line(area.x, ids_y + row, &line, area.width);
    }
    ids_y
}

/// `label` and `text` wrapped over the panel's last rows (at most six): the position in the
/// plain board form (where no Position ID can say it) or its XGID; the row where it starts.
fn draw_wrapped(area: Rect, label: &str, text: &str, theme: Theme, buf: &mut Buffer) -> u16 {
    let width = usize::from(area.width.max(1));
    let chars: Vec<char> = label.chars().chain(text.chars()).collect();
    let rows = chars.len().div_ceil(width).min(6);
    let top = area.bottom().saturating_sub(rows as u16);
    for (i, chunk) in chars.chunks(width).take(rows).enumerate() {
        let y = top + i as u16;
        if !(area.y..area.bottom()).contains(&y) {
            continue;
        }
        let row: String = chunk.iter().collect();
        let line = if i == 0 {
            let rest: String = row.chars().skip(label.chars().count()).collect();
            Line::from(vec![
                Span::styled(label.to_string(), theme.dim()),
                Span::raw(rest),
            ])
        } else {
            Line::raw(row)
        };
        buf.set_line(area.x, y, &line, area.width);
    }
    top
}

/// The panel's text above the IDs.
fn lines(model: &BoardModel, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let position = if model.on_roll == model.bottom {
        model.position
    } else {
        model.position.switched()
    };
    let mut lines = Vec::new();
    // The top player first, as on the board.
    let players = [
        (
            model.bottom.opponent(),
            position.opponent_pips(),
            position.opponent_off(),
        ),
        (model.bottom, position.mover_pips(), position.mover_off()),
    ];
    for (side, pips, off) in players {
        lines.extend(player(model, theme, side, pips, off, width));
        lines.push(Line::raw(""));
    }
    if let Some(cube) = model.cube {
        let place = match cube.owner() {
            None => "centred".to_string(),
            Some(side) => format!(
                "{} has it",
                name(model, theme, side, width.saturating_sub(16))
            ),
        };
        lines.push(Line::from(vec![
            Span::styled("Cube ", theme.dim()),
            Span::styled(cube.value().to_string(), theme.strong()),
            Span::raw(format!(", {place}")),
        ]));
    }
    let mut kind = match model.match_length {
        Some(n) => format!("{n}-point match"),
        None => "Money game".to_string(),
    };
    if !model.crawford.is_empty() {
        kind.push_str(", ");
        kind.push_str(&model.crawford);
    }
    lines.push(Line::raw(kind));
    for line in &model.rules {
        lines.push(Line::raw(truncate(line, width, theme)));
    }
    if model.tutor {
        let top = model.bottom.opponent();
        lines.push(Line::from(vec![
            Span::styled("Outer numbers: ", theme.dim()),
            Span::styled(theme.checker(top), theme.checker_style(top)),
            Span::raw(" "),
            Span::raw(name(model, theme, top, width.saturating_sub(20))),
            Span::raw("'s"),
        ]));
    }
    if !model.saving.is_empty() {
        lines.push(Line::styled(
            truncate(&model.saving, width, theme),
            theme.message(),
        ));
    }
    if !model.last_play.is_empty() && model.log.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("Last ", theme.dim()),
            Span::raw(model.last_play.clone()),
        ]));
    }
    lines
}

/// A player's name (the side when empty), cut to `max` columns.
fn name(model: &BoardModel, theme: Theme, side: Side, max: usize) -> String {
    let full = match model.names.get(side.index()) {
        Some(n) if !n.is_empty() => n.clone(),
        _ => side.to_string(),
    };
    truncate(&full, max, theme)
}

/// `text` cut to `max` columns, ending in an ellipsis when cut.
fn truncate(text: &str, max: usize, theme: Theme) -> String {
    let width = |s: &str| Span::raw(s).width();
    if width(text) <= max {
        return text.to_string();
    }
    let ellipsis = if theme.ascii { "~" } else { "…" };
    let mut out = String::new();
    for c in text.chars() {
        let mut next = out.clone();
        next.push(c);
        if width(&next) + width(ellipsis) > max {
            break;
        }
        out = next;
    }
    out + ellipsis
}

/// Two lines for a player: marker, checker, name, bot and clock; pips, checkers off and
/// score.
fn player(
    model: &BoardModel,
    theme: Theme,
    side: Side,
    pips: u32,
    off: u8,
    width: usize,
) -> [Line<'static>; 2] {
    // Nobody is to play once the game is over.
    let game_over = matches!(model.overlay, Some(Overlay::GameOver { .. }));
    let on_roll = model.to_act == Some(side) && !game_over;
    let clock = model
        .clocks
        .as_ref()
        .and_then(|c| c.get(side.index()))
        .map(|c| {
            let text = if c.flagged {
                format!("  {} out", c.left)
            } else {
                format!("  {}", c.left)
            };
            let style = if c.flagged || c.running {
                theme.strong()
            } else {
                theme.dim()
            };
            Span::styled(text, style)
        });
    let bot = model
        .bots
        .get(side.index())
        .cloned()
        .flatten()
        .map(|bot| {
            let shown = model.names.get(side.index()).map(String::as_str);
            if shown == Some(bot.as_str())
                || shown == Some(bg_tui::record::name_for_bot(&bot).as_str())
            {
                " (bot)".to_string()
            } else {
                format!(" (bot {})", bg_tui::printable::printable(&bot, 24))
            }
        })
        .unwrap_or_default();
    // With clocks, the marker alone says who is to play.
    let to_play = on_roll && clock.is_none();
    let reserved = if to_play { 13 } else { 4 }
        + clock.as_ref().map_or(0, Span::width)
        + Span::raw(bot.as_str()).width();
    let mut first = vec![
        Span::styled(
            if on_roll { theme.turn_marker() } else { " " },
            theme.strong(),
        ),
        Span::raw(" "),
        Span::styled(theme.checker(side), theme.checker_style(side)),
        Span::raw(" "),
        Span::styled(
            name(model, theme, side, width.saturating_sub(reserved).max(4)),
            if on_roll {
                theme.strong()
            } else {
                Default::default()
            },
        ),
    ];
    if !bot.is_empty() {
        first.push(Span::styled(bot, theme.dim()));
    }
    if to_play {
        // A player answering a double or a resignation is not playing its turn.
        let what = if model.answering {
            "  to answer"
        } else {
            "  to play"
        };
        first.push(Span::styled(what, theme.dim()));
    }
    first.extend(clock);
    let score = model.score.get(side.index()).copied().unwrap_or(0);
    let second = Line::from(vec![
        Span::raw("    pips "),
        Span::styled(pips.to_string(), theme.strong()),
        Span::raw("  off "),
        Span::styled(off.to_string(), theme.strong()),
        Span::raw("  score "),
        Span::styled(score.to_string(), theme.strong()),
    ]);
    [Line::from(first), second]
}

/// `message` in at most `rows` rows of `width` columns: wrapped at spaces, the last row
/// ending in an ellipsis when the rest does not fit.
fn message_lines(message: &str, width: usize, rows: u16, theme: Theme) -> Vec<String> {
    let rows = usize::from(rows);
    if rows == 0 {
        return Vec::new();
    }
    if Span::raw(message).width() <= width {
        return vec![message.to_string()];
    }
    let mut wrapped = wrap_words(message, width);
    if wrapped.len() > rows {
        let rest = wrapped[rows - 1..].join(" ");
        wrapped.truncate(rows - 1);
        wrapped.push(truncate(&rest, width, theme));
    }
    wrapped
}

/// The status line, the message line and the command line (when open) in `area`.
/// Whether the XGID is drawn below the board, on the command line's row, instead of in a
/// panel `panel_width` wide: when it does not fit there in one row.
pub(super) fn xgid_below(xgid: &str, panel_width: u16) -> bool {
    xgid.chars().count() > usize::from(panel_width)
}

/// Draws the status line, the message line and the command line into `area`; `xgid`, when
/// given (see [`xgid_below`]), on the command line's row while that is closed.
pub(super) fn draw_status(
    area: Rect,
    model: &BoardModel,
    xgid: Option<&str>,
    theme: Theme,
    buf: &mut Buffer,
) {
    if area.height == 0 {
        return;
    }
    // A line wider than the terminal is never cut off mid-word: the message wraps onto the
    // command line's row while that is closed, and what still does not fit ends in an
    // ellipsis.
    let width = usize::from(area.width);
    let status = truncate(&model.status, width, theme);
    put_in(buf, area, area.x, area.y, &status, theme.status());
    let xgid = xgid.filter(|_| model.command_line.is_none() && area.height > 2);
    let message_rows = if model.command_line.is_none() && xgid.is_none() {
        area.height.saturating_sub(1).min(2)
    } else {
        area.height.saturating_sub(1).min(1)
    };
    if let Some(xgid) = xgid {
        put_in(buf, area, area.x, area.y + 2, xgid, theme.strong());
    }
    for (y, row) in (area.y + 1..).zip(message_lines(&model.message, width, message_rows, theme)) {
        put_in(buf, area, area.x, y, &row, theme.message());
    }
    if let Some(command) = &model.command_line
        && area.height > 2
    {
        let y = area.y + 2;
        let text = format!(":{command}");
        let end = u16::try_from(Line::raw(text.as_str()).width())
            .unwrap_or(u16::MAX)
            .min(area.width.saturating_sub(1));
        let line = Rect::new(area.x, y, end, 1);
        put_in(buf, line, area.x, y, &text, theme.strong());
        put_in(buf, area, area.x + end, y, " ", theme.cursor());
    }
}

#[cfg(test)]
mod tests {
    use super::{Theme, log_window, message_lines, wrap_words};

    #[test]
    fn a_long_message_wraps_and_then_ends_in_an_ellipsis() {
        let theme = Theme::new(false, false);
        let short = message_lines("one two", 10, 2, theme);
        assert_eq!(short, ["one two"]);
        let two = message_lines("one two three four", 10, 2, theme);
        assert_eq!(two, ["one two", "three four"]);
        let cut = message_lines("one two three four five six", 10, 2, theme);
        assert_eq!(cut, ["one two", "three fou…"]);
        let one_row = message_lines("one two three four", 10, 1, theme);
        assert_eq!(one_row, ["one two t…"]);
    }

    #[test]
    fn the_log_window_scrolls_back_and_stays_full() {
        let one_row = [1; 10];
        // 10 events, 4 rows: the newest four, then one back at a time.
        assert_eq!(log_window(&one_row, 4, 0), (6, 10));
        assert_eq!(log_window(&one_row, 4, 1), (5, 9));
        assert_eq!(log_window(&one_row, 4, 6), (0, 4));
        // Past the oldest: the oldest four still fill the rows.
        assert_eq!(log_window(&one_row, 4, 9), (0, 4));
        // Fewer events than rows: all of them, whatever the scroll.
        assert_eq!(log_window(&one_row[..3], 4, 0), (0, 3));
        assert_eq!(log_window(&one_row[..3], 4, 2), (0, 3));
        // Wrapped events take their rows: two of two rows fill four.
        assert_eq!(log_window(&[1, 2, 2, 1, 2], 4, 0), (3, 5));
        assert_eq!(log_window(&[1, 2, 2, 1, 2], 4, 2), (1, 3));
        // An event taller than the room is shown alone.
        assert_eq!(log_window(&[1, 9], 4, 0), (1, 2));
    }

    /// Issue 31 §7: a log line longer than the panel wraps between words, losing nothing.
    #[test]
    fn long_events_wrap_between_words() {
        let rows = wrap_words("greedy 6-2: 24/16* 13/11 and a rather long note", 16);
        assert_eq!(
            rows,
            ["greedy 6-2:", "24/16* 13/11 and", "a rather long", "note"]
        );
        assert!(rows.iter().all(|r| r.chars().count() <= 16));
        assert_eq!(wrap_words("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap_words("", 4), [""]);
    }
}
