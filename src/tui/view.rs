//! The board view: draws a [`BoardModel`] into a buffer, and maps mouse clicks back to the
//! spots drawn. It reads the model only: no I/O, no state, no rules.
//!
//! The board is drawn from the view of [`BoardModel::bottom`] (White, unless the board
//! turns to the player on roll): points 13-24 across the top and 12-1 across the bottom in
//! that player's numbering, their home board bottom right and their tray at the right edge;
//! the other player's bar checkers in the top half of the bar, theirs in the bottom half.
//! The model's spots are in the numbering of the player on roll, and are drawn wherever
//! that player sits. The side panel holds the players, clocks, cube, match, a log of the
//! last events and the Position and Match IDs; the status, message and command lines run
//! below.

mod board;
mod geometry;
mod move_list;
mod overlay;
mod panel;

use super::model::{BoardModel, MoveList, Spot};
use super::theme::Theme;
use geometry::{Column, Geometry};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub(crate) use geometry::{MIN_HEIGHT, MIN_WIDTH};

/// The terminal of `size` (columns, rows) is large enough for the board: below it the
/// screens draw only a note, and take no key but the ones that quit.
pub(crate) const fn fits(size: (u16, u16)) -> bool {
    size.0 >= MIN_WIDTH && size.1 >= MIN_HEIGHT
}

/// Draws everything `model` holds into `area` of `buf`: the board, the side panel, the
/// status lines and any overlay. Below [`MIN_WIDTH`] × [`MIN_HEIGHT`] it draws only a note
/// saying how large the terminal must be. It never panics, whatever the size.
pub(crate) fn render(model: &BoardModel, area: Rect, buf: &mut Buffer) {
    draw(model, None, area, buf);
}

/// How many events of the log the side panel shows when `model` is rendered into `area`
/// (0 when the terminal is too small for the board).
#[must_use]
pub(crate) fn log_rows(model: &BoardModel, area: Rect) -> usize {
    let theme = Theme::new(model.ascii, model.color);
    Geometry::new(area, model.tutor).map_or(0, |g| panel::log_rows(g.panel, model, theme))
}

/// [`render`] with a list of moves in the side panel, between the players, cube and match
/// and the IDs (the replay viewer). The list shows the rows around its current one,
/// highlighted; it is left out when the panel has no room for two rows.
pub(crate) fn render_with_moves(
    model: &BoardModel,
    moves: &MoveList<'_>,
    area: Rect,
    buf: &mut Buffer,
) {
    draw(model, Some(moves), area, buf);
}

fn draw(model: &BoardModel, moves: Option<&MoveList<'_>>, area: Rect, buf: &mut Buffer) {
    let area = area.intersection(*buf.area());
    if area.is_empty() {
        return;
    }
    let theme = Theme::new(model.ascii, model.color).with_palette(model.palette);
    let Some(g) = Geometry::new(area, model.tutor) else {
        too_small(area, theme, buf);
        return;
    };
    board::draw(&g, model, theme, buf);
    let text_rows = panel::draw(g.panel, model, theme, buf);
    if let Some(moves) = moves {
        // Below the panel's text, a blank row, the list, a blank row, the IDs.
        let top = g.panel.y + text_rows + 1;
        let bottom = g.panel.bottom().saturating_sub(3);
        if bottom >= top + 2 {
            let rect = Rect::new(g.panel.x, top, g.panel.width, bottom - top);
            move_list::draw(rect, moves, theme, buf);
        }
    }
    let xgid_below = model
        .xgid
        .as_deref()
        .filter(|x| model.board_text.is_none() && panel::xgid_below(x, g.panel.width));
    panel::draw_status(g.status, model, xgid_below, theme, buf);
    if let Some(o) = &model.overlay {
        overlay::draw(o, theme, area, g.surface(), buf);
    }
}

/// The board with its number rows, as [`render`] lays out `area` (`None` below the
/// minimum size): where the replay viewer draws its match graph.
#[must_use]
pub(crate) fn board_area(area: Rect, tutor: bool) -> Option<Rect> {
    Geometry::new(area, tutor).map(|g| g.board)
}

/// The spot drawn at screen cell (`column`, `row`) when `model` is rendered into `area`,
/// for mouse clicks: any cell of a point's column in its half of the board (its number
/// included) gives that point; any cell of the bar's column gives [`Spot::Bar`], of the
/// trays' column [`Spot::Tray`]. `None` elsewhere, under an overlay, and when the terminal
/// is too small for the board.
#[must_use]
pub(crate) fn spot_at(area: Rect, model: &BoardModel, column: u16, row: u16) -> Option<Spot> {
    let g = Geometry::new(area, model.tutor)?;
    if let Some(o) = &model.overlay {
        let theme = Theme::new(model.ascii, model.color).with_palette(model.palette);
        if overlay::rect(o, theme, area, g.surface()).contains(Position::new(column, row)) {
            return None;
        }
    }
    g.spot_at(column, row).map(|drawn| match drawn {
        Spot::Point(p) if flipped(model) => Spot::Point(25 - p),
        other => other,
    })
}

/// The board is drawn from the other side than the one whose numbering the spots use.
fn flipped(model: &BoardModel) -> bool {
    model.on_roll != model.bottom
}

/// The column where `spot` (in the numbering of the player on roll) is drawn.
fn column_of(model: &BoardModel, spot: Spot) -> Option<Column> {
    side_column(model, model.on_roll, spot)
}

/// The column where `spot`, in `side`'s numbering (its bar, its tray), is drawn.
fn side_column(model: &BoardModel, side: bg_tui::engine::Side, spot: Spot) -> Option<Column> {
    let top = side != model.bottom;
    match spot {
        Spot::Point(p) if (1..=24).contains(&p) => {
            Some(Column::Point(if top { 25 - p } else { p }))
        }
        Spot::Point(_) => None,
        Spot::Bar if top => Some(Column::BarTop),
        Spot::Bar => Some(Column::BarBottom),
        Spot::Tray if top => Some(Column::TrayTop),
        Spot::Tray => Some(Column::TrayBottom),
    }
}

#[cfg(test)]
/// The cells where `spot`'s checkers are drawn (its column in its half of the board) when
/// `model` is rendered into `area`; `None` when the terminal is too small or the spot is
/// not on the board.
#[must_use]
pub(crate) fn spot_area(area: Rect, model: &BoardModel, spot: Spot) -> Option<Rect> {
    let g = Geometry::new(area, model.tutor)?;
    column_of(model, spot).map(|c| g.column_rect(c))
}

/// Writes `text` at (`x`, `y`), cut at the right edge of the buffer.
fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style) {
    let area = *buf.area();
    put_in(buf, area, x, y, text, style);
}

/// Writes `text` at (`x`, `y`), cut at the right edge of `clip`; nothing outside `clip` or
/// the buffer.
fn put_in(buf: &mut Buffer, clip: Rect, x: u16, y: u16, text: &str, style: Style) {
    let clip = clip.intersection(*buf.area());
    if !clip.contains(Position::new(x, y)) {
        return;
    }
    buf.set_stringn(x, y, text, usize::from(clip.right() - x), style);
}

/// The note shown instead of the board when the terminal is too small.
fn too_small(area: Rect, theme: Theme, buf: &mut Buffer) {
    let x = theme.times();
    let lines = [
        format!("bg-tui needs a terminal of at least {MIN_WIDTH}{x}{MIN_HEIGHT};"),
        format!("this one is {}{x}{}.", area.width, area.height),
    ];
    let rows: usize = lines
        .iter()
        .map(|l| l.chars().count().div_ceil(usize::from(area.width)))
        .sum();
    let rows = u16::try_from(rows).unwrap_or(u16::MAX).min(area.height);
    let y = area.y + (area.height - rows) / 2;
    let rect = Rect::new(area.x, y, area.width, area.bottom() - y);
    Paragraph::new(lines.map(Line::raw).to_vec())
        .style(theme.strong())
        .centered()
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}
