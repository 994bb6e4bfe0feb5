//! The board: frame, point numbers, checkers, bar, trays, dice and the cursor's marks.

use super::geometry::{Column, Geometry};
use super::put;
use crate::engine::Side;
use crate::tui::model::{BoardModel, Spot};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Draws the board of `model` where `g` puts it.
pub(super) fn draw(g: &Geometry, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    draw_frame(g, theme, buf);
    draw_labels(g, theme, buf);
    let mover = model.on_roll;
    let opponent = mover.opponent();
    let position = &model.position;
    for p in 1..=24u8 {
        let n = position.board()[usize::from(p)];
        let side = if n > 0 { mover } else { opponent };
        draw_stack(g, Column::Point(p), n.unsigned_abs(), side, theme, buf);
    }
    draw_stack(
        g,
        Column::BarTop,
        position.opponent_bar(),
        opponent,
        theme,
        buf,
    );
    draw_stack(
        g,
        Column::BarBottom,
        position.mover_bar(),
        mover,
        theme,
        buf,
    );
    draw_tray(
        g,
        Column::TrayTop,
        position.opponent_off(),
        opponent,
        theme,
        buf,
    );
    draw_tray(
        g,
        Column::TrayBottom,
        position.mover_off(),
        mover,
        theme,
        buf,
    );
    draw_dice(g, model, theme, buf);
    for &spot in &model.targets {
        mark_target(g, model, spot, theme, buf);
    }
    if let Some(spot) = model.picked {
        mark_picked(g, model, spot, theme, buf);
    }
    if let Some(column) = Column::of(model.cursor) {
        patch(buf, g.column_rect(column), theme.cursor());
        patch(buf, g.label_rect(column), theme.cursor());
    }
}

/// `text` centred in `width` columns.
fn centred(text: &str, width: u16) -> String {
    format!("{text:^width$}", width = usize::from(width))
}

/// Adds `style` to the cells of `rect` that are inside the buffer.
fn patch(buf: &mut Buffer, rect: Rect, style: Style) {
    let rect = rect.intersection(*buf.area());
    if !rect.is_empty() {
        buf.set_style(rect, style);
    }
}

fn draw_frame(g: &Geometry, theme: Theme, buf: &mut Buffer) {
    let f = theme.frame();
    let style = theme.frame_style();
    let half = f.horizontal.repeat(usize::from(6 * g.w));
    let narrow = f.horizontal.repeat(usize::from(g.w));
    let edge = |left: &str, tee: &str, right: &str| {
        format!("{left}{half}{tee}{narrow}{tee}{half}{tee}{narrow}{right}")
    };
    put(
        buf,
        g.board.x,
        g.frame_top_y(),
        &edge(f.top_left, f.top_tee, f.top_right),
        style,
    );
    put(
        buf,
        g.board.x,
        g.frame_bottom_y(),
        &edge(f.bottom_left, f.bottom_tee, f.bottom_right),
        style,
    );
    for y in g.frame_top_y() + 1..g.frame_bottom_y() {
        for x in g.frame_xs() {
            put(buf, x, y, f.vertical, style);
        }
    }
}

fn draw_labels(g: &Geometry, theme: Theme, buf: &mut Buffer) {
    for p in 1..=24u8 {
        let r = g.label_rect(Column::Point(p));
        put(buf, r.x, r.y, &centred(&p.to_string(), g.w), theme.label());
    }
    let bar = g.label_rect(Column::BarBottom);
    put(buf, bar.x, bar.y, &centred("BAR", g.w), theme.label());
    let tray = g.label_rect(Column::TrayBottom);
    put(buf, tray.x, tray.y, &centred("OFF", g.w), theme.label());
}

/// `n` checkers of `side` on a point or the bar, with the count in the last cell when the
/// stack is taller than the column.
fn draw_stack(g: &Geometry, column: Column, n: u8, side: Side, theme: Theme, buf: &mut Buffer) {
    let cap = g.capacity(column);
    let n = u16::from(n);
    let style = theme.checker_style(side);
    for i in 0..n.min(cap) {
        let text = if i + 1 == cap && n > cap {
            n.to_string()
        } else {
            theme.checker(side).to_string()
        };
        let cell = g.cell(column, i);
        put(buf, cell.x, cell.y, &centred(&text, g.w), style);
    }
}

/// A tray: the checkers borne off, stacked from the edge, and their count next to the middle.
fn draw_tray(g: &Geometry, column: Column, n: u8, side: Side, theme: Theme, buf: &mut Buffer) {
    let style = theme.checker_style(side);
    for i in 0..u16::from(n).min(g.capacity(column)) {
        let cell = g.cell(column, i);
        put(
            buf,
            cell.x,
            cell.y,
            &centred(theme.checker(side), g.w),
            style,
        );
    }
    if n > 0 {
        let cell = g.tray_count_cell(column);
        put(
            buf,
            cell.x,
            cell.y,
            &centred(&n.to_string(), g.w),
            theme.strong(),
        );
    }
}

/// The dice in the middle of the right half: unused bright, used dim.
fn draw_dice(g: &Geometry, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    let Some(dice) = model.dice else {
        return;
    };
    let values = if dice.first() == dice.second() {
        vec![dice.first(); 4]
    } else {
        vec![dice.first(), dice.second()]
    };
    let mut spans = Vec::new();
    for (i, value) in values.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(
            format!("[{value}]"),
            theme.die(i < model.dice_used),
        ));
    }
    let line = Line::from(spans);
    let room = 6 * g.w;
    let width = u16::try_from(line.width()).unwrap_or(room).min(room);
    let x = g.right_x() + (room - width) / 2;
    let y = g.middle_y();
    if buf.area().contains((x, y).into()) {
        buf.set_line(x, y, &line, width);
    }
}

/// The checkers of the player on roll in `column` (points, their bar, their tray).
fn mover_count(model: &BoardModel, column: Column) -> u16 {
    let position = &model.position;
    u16::from(match column {
        Column::Point(p) => position.mover_on(usize::from(p)),
        Column::BarBottom => position.mover_bar(),
        Column::TrayBottom => position.mover_off(),
        Column::BarTop | Column::TrayTop => 0,
    })
}

/// Shows where a checker may land on `spot`: a marker in the free cell, or the cell (a blot
/// to hit, a full column) and the label highlighted.
fn mark_target(g: &Geometry, model: &BoardModel, spot: Spot, theme: Theme, buf: &mut Buffer) {
    let Some(column) = Column::of(spot) else {
        return;
    };
    let style = theme.target();
    patch(buf, g.label_rect(column), style);
    let cap = g.capacity(column);
    let mine = mover_count(model, column);
    let blot = matches!(column, Column::Point(p) if model.position.board()[usize::from(p)] < 0);
    if blot {
        patch(buf, g.cell(column, 0), style);
    } else if mine < cap {
        let cell = g.cell(column, mine);
        put(
            buf,
            cell.x,
            cell.y,
            &centred(theme.target_marker(), g.w),
            style,
        );
    } else {
        patch(buf, g.cell(column, cap.saturating_sub(1)), style);
    }
}

/// Marks the checker picked up: the top one of its stack.
fn mark_picked(g: &Geometry, model: &BoardModel, spot: Spot, theme: Theme, buf: &mut Buffer) {
    let Some(column) = Column::of(spot) else {
        return;
    };
    let mine = mover_count(model, column);
    if mine > 0 {
        let index = mine.min(g.capacity(column)) - 1;
        patch(buf, g.cell(column, index), theme.picked());
    }
}
