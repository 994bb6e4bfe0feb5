//! The board: frame, point numbers, checkers, bar, trays, dice, the last play's marks and
//! the cursor's marks.

use super::geometry::{Column, Geometry};
use super::{column_of, flipped, put, side_column};
use crate::tui::model::{BoardModel, Spot};
use crate::tui::theme::Theme;
use bg_tui::engine::{Position, Side};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// The position as drawn: from the view of the player at the bottom.
fn drawn(model: &BoardModel) -> Position {
    if flipped(model) {
        model.position.switched()
    } else {
        model.position
    }
}

/// Draws the board of `model` where `g` puts it.
pub(super) fn draw(g: &Geometry, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    draw_frame(g, theme, buf);
    draw_labels(g, model, theme, buf);
    let bottom = model.bottom;
    let top = bottom.opponent();
    let position = drawn(model);
    for p in 1..=24u8 {
        let n = position.board()[usize::from(p)];
        let side = if n > 0 { bottom } else { top };
        let column = Column::Point(p);
        if position.is_pinned(usize::from(p)) {
            // Plakoto: the pinned checker at the edge, under its pinners.
            let pinned = side.opponent();
            let cell = g.cell(column, 0);
            let style = theme.checker_style(pinned).add_modifier(Modifier::REVERSED);
            put(
                buf,
                cell.x,
                cell.y,
                &centred(theme.checker(pinned), g.w),
                style,
            );
            draw_stack_from(g, column, 1, n.unsigned_abs(), side, theme, buf);
        } else {
            draw_stack(g, column, n.unsigned_abs(), side, theme, buf);
        }
    }
    draw_stack(g, Column::BarTop, position.opponent_bar(), top, theme, buf);
    draw_stack(
        g,
        Column::BarBottom,
        position.mover_bar(),
        bottom,
        theme,
        buf,
    );
    draw_tray(g, Column::TrayTop, position.opponent_off(), top, theme, buf);
    draw_tray(
        g,
        Column::TrayBottom,
        position.mover_off(),
        bottom,
        theme,
        buf,
    );
    draw_dice(g, model, theme, buf);
    draw_cube(g, model, theme, buf);
    mark_last_move(g, model, theme, buf);
    for &spot in &model.targets {
        mark_target(g, model, spot, theme, buf);
    }
    if let Some(spot) = model.picked {
        mark_picked(g, model, spot, theme, buf);
    }
    if let Some(column) = column_of(model, model.cursor) {
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

/// The point numbers in the bottom player's numbering; in the tutor view also the top
/// player's, on the outer rows, each in that player's checker colour.
fn draw_labels(g: &Geometry, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    let (inner, outer) = if model.tutor {
        (
            theme.checker_style(model.bottom),
            theme.checker_style(model.bottom.opponent()),
        )
    } else {
        (theme.label(), theme.label())
    };
    for p in 1..=24u8 {
        let r = g.label_rect(Column::Point(p));
        put(buf, r.x, r.y, &centred(&p.to_string(), g.w), inner);
        if let Some(r) = g.outer_label_rect(Column::Point(p)) {
            let theirs = model.position.geometry().opponent_point_of_mover(p);
            put(buf, r.x, r.y, &centred(&theirs.to_string(), g.w), outer);
        }
    }
    let bar = g.label_rect(Column::BarBottom);
    put(buf, bar.x, bar.y, &centred("BAR", g.w), theme.label());
    let tray = g.label_rect(Column::TrayBottom);
    put(buf, tray.x, tray.y, &centred("OFF", g.w), theme.label());
}

/// `n` checkers of `side` on a point or the bar, with the count in the last cell when the
/// stack is taller than the column.
fn draw_stack(g: &Geometry, column: Column, n: u8, side: Side, theme: Theme, buf: &mut Buffer) {
    draw_stack_from(g, column, 0, n, side, theme, buf);
}

/// [`draw_stack`] starting `skip` cells from the edge (above a pinned checker).
fn draw_stack_from(
    g: &Geometry,
    column: Column,
    skip: u16,
    n: u8,
    side: Side,
    theme: Theme,
    buf: &mut Buffer,
) {
    let cap = g.capacity(column).saturating_sub(skip);
    let n = u16::from(n);
    let style = theme.checker_style(side);
    for i in 0..n.min(cap) {
        let text = if i + 1 == cap && n > cap {
            n.to_string()
        } else {
            theme.checker(side).to_string()
        };
        let cell = g.cell(column, i + skip);
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
    // A die is dim once a move used its value: the die played, whichever it was.
    let mut used = model.dice_used.clone();
    let mut spans = Vec::new();
    for (i, value) in values.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        let dim = match used.iter().position(|&u| u == value) {
            Some(at) => {
                used.swap_remove(at);
                true
            }
            None => false,
        };
        spans.push(Span::styled(format!("[{value}]"), theme.die(dim)));
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

/// The cube at the left end of the middle row (where GNU Backgammon's board has it): its
/// value, and an arrow towards the side that holds it (none while it is centred).
fn draw_cube(g: &Geometry, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    let Some(cube) = model.cube else {
        return;
    };
    let (up, down) = if theme.ascii {
        ("^", "v")
    } else {
        ("▲", "▼")
    };
    let arrow = match cube.owner() {
        None => "",
        Some(side) if side == model.bottom => down,
        Some(_) => up,
    };
    let text = if arrow.is_empty() {
        format!("[cube {}]", cube.value())
    } else {
        format!("[cube {} {arrow}]", cube.value())
    };
    let room = 6 * g.w;
    let width = u16::try_from(Line::raw(text.as_str()).width())
        .unwrap_or(room)
        .min(room);
    let x = g.left_x() + 1;
    let y = g.middle_y();
    if buf.area().contains((x, y).into()) {
        buf.set_stringn(x, y, &text, usize::from(width), theme.strong());
    }
}

/// The checkers of `side` drawn in `column`.
fn side_count(model: &BoardModel, side: Side, column: Column) -> u16 {
    let position = drawn(model);
    let bottom = side == model.bottom;
    u16::from(match column {
        Column::Point(p) if bottom => position.mover_on(usize::from(p)),
        // The drawn numbering is the bottom player's.
        Column::Point(p) => position.opponent_at(usize::from(p)),
        Column::BarBottom if bottom => position.mover_bar(),
        Column::BarTop if !bottom => position.opponent_bar(),
        Column::TrayBottom if bottom => position.mover_off(),
        Column::TrayTop if !bottom => position.opponent_off(),
        _ => 0,
    })
}

/// The side on top of the pinned checker on point `p` (the drawn numbering), if any.
fn pinner_of(model: &BoardModel, p: u8) -> Option<Side> {
    let n = drawn(model).board()[usize::from(p)];
    match n {
        0 => None,
        n if n > 0 => Some(model.bottom),
        _ => Some(model.bottom.opponent()),
    }
}

/// The checkers of the player on roll in `column` (points, their bar, their tray).
fn mover_count(model: &BoardModel, column: Column) -> u16 {
    side_count(model, model.on_roll, column)
}

/// Marks the last play: each point a checker left gets a small mark where it stood, each
/// checker that landed is highlighted with its point's number, and a hit shows a cross
/// above the checker that hit.
fn mark_last_move(g: &Geometry, model: &BoardModel, theme: Theme, buf: &mut Buffer) {
    let Some(last) = &model.last_move else {
        return;
    };
    let spot = Spot::from;
    let style = theme.last_move();
    // A checker moved on by the next step is marked where it started and where it ended.
    let mut moves: Vec<bg_tui::engine::Step> = Vec::new();
    for &step in &last.steps {
        match moves.last_mut() {
            Some(m) if m.to == step.from && !m.hit && !step.from.is_off() => {
                m.to = step.to;
                m.hit = step.hit;
            }
            _ => moves.push(step),
        }
    }
    for step in &moves {
        let (Some(from), Some(to)) = (
            side_column(model, last.side, spot(step.from)),
            side_column(model, last.side, spot(step.to)),
        ) else {
            continue;
        };
        // Plakoto: a side's checkers on top of a pinned one start a cell from the edge.
        let pinned_under = |column: Column| -> u16 {
            match column {
                Column::Point(p) => {
                    let on_top = side_count(model, last.side, column) > 0;
                    let under = drawn(model).is_pinned(usize::from(p));
                    u16::from(on_top && under && pinner_of(model, p) == Some(last.side))
                }
                _ => 0,
            }
        };
        let left = side_count(model, last.side, from) + pinned_under(from);
        if left < g.capacity(from) && matches!(from, Column::Point(_)) {
            let cell = g.cell(from, left);
            put(
                buf,
                cell.x,
                cell.y,
                &centred(theme.moved_from_marker(), g.w),
                style,
            );
        }
        patch(buf, g.label_rect(from), style);
        patch(buf, g.label_rect(to), style);
        let pinned = pinned_under(to);
        let landed = (side_count(model, last.side, to) + pinned).min(g.capacity(to));
        if landed > 0 {
            patch(buf, g.cell(to, landed - 1), style);
        }
        // A blot hit goes to the bar: its mark where it stood. A Plakoto pin shows itself,
        // the pinned checker under the pinner: no mark over either.
        if step.hit && pinned == 0 && landed < g.capacity(to) {
            let cell = g.cell(to, landed);
            put(
                buf,
                cell.x,
                cell.y,
                &centred(theme.hit_marker(), g.w),
                style,
            );
        }
    }
}
/// Shows where a checker may land on `spot`: a marker in the free cell, or the cell (a blot
/// to hit, a full column) and the label highlighted.
fn mark_target(g: &Geometry, model: &BoardModel, spot: Spot, theme: Theme, buf: &mut Buffer) {
    let Some(column) = column_of(model, spot) else {
        return;
    };
    let style = theme.target();
    patch(buf, g.label_rect(column), style);
    let cap = g.capacity(column);
    let mine = mover_count(model, column);
    let blot = side_count(model, model.on_roll.opponent(), column) > 0;
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
    let Some(column) = column_of(model, spot) else {
        return;
    };
    let mine = mover_count(model, column);
    if mine > 0 {
        let index = mine.min(g.capacity(column)) - 1;
        patch(buf, g.cell(column, index), theme.picked());
    }
}
