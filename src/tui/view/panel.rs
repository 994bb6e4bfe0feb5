//! Beside and below the board: the players, cube, match, IDs, last play, and the status,
//! message and command lines.

use super::put_in;
use crate::engine::Side;
use crate::tui::model::{BoardModel, Overlay};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Draws the side panel in `area`: the IDs on its last two rows, everything else above.
/// Returns how many rows the text above the IDs takes.
pub(super) fn draw(area: Rect, model: &BoardModel, theme: Theme, buf: &mut Buffer) -> u16 {
    let ids = [
        ("Position ID: ", &model.position_id),
        ("Match ID   : ", &model.match_id),
    ];
    let ids_y = area.bottom().saturating_sub(2);
    for (row, (label, id)) in (0u16..).zip(ids) {
        if !(area.y..area.bottom()).contains(&(ids_y + row)) {
            continue;
        }
        let line = Line::from(vec![
            Span::styled(label, theme.dim()),
            Span::raw(id.as_str()),
        ]);
        buf.set_line(area.x, ids_y + row, &line, area.width);
    }
    let above = Rect::new(area.x, area.y, area.width, ids_y.saturating_sub(area.y + 1));
    let lines = lines(model, theme, area.width);
    let width = usize::from(area.width.max(1));
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(above, buf);
    u16::try_from(rows).unwrap_or(u16::MAX).min(above.height)
}

/// The panel's text above the IDs.
fn lines(model: &BoardModel, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let mover = model.on_roll;
    let position = &model.position;
    let mut lines = Vec::new();
    let players = [
        (
            mover.opponent(),
            position.opponent_pips(),
            position.opponent_off(),
        ),
        (mover, position.mover_pips(), position.mover_off()),
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
    if !model.saving.is_empty() {
        lines.push(Line::styled(
            truncate(&model.saving, width, theme),
            theme.message(),
        ));
    }
    if !model.last_play.is_empty() {
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

/// Two lines for a player: marker, checker and name; pips, checkers off and score.
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
    let on_roll = side == model.on_roll && !game_over;
    let mut first = vec![
        Span::styled(
            if on_roll { theme.turn_marker() } else { " " },
            theme.strong(),
        ),
        Span::raw(" "),
        Span::styled(theme.checker(side), theme.checker_style(side)),
        Span::raw(" "),
        Span::styled(
            name(
                model,
                theme,
                side,
                width.saturating_sub(if on_roll { 13 } else { 4 }),
            ),
            if on_roll {
                theme.strong()
            } else {
                Default::default()
            },
        ),
    ];
    if on_roll {
        first.push(Span::styled("  to play", theme.dim()));
    }
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

/// The status line, the message line and the command line (when open) in `area`.
pub(super) fn draw_status(area: Rect, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    put_in(buf, area, area.x, area.y, &model.status, theme.status());
    if area.height > 1 {
        put_in(
            buf,
            area,
            area.x,
            area.y + 1,
            &model.message,
            theme.message(),
        );
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
