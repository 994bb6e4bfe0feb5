//! Where everything goes: the one layout that both drawing and mouse clicks use.

use super::super::model::Spot;
use ratatui::layout::{Position, Rect};

/// The narrowest terminal the board is drawn in; narrower ones get a note instead.
pub(crate) const MIN_WIDTH: u16 = 80;
/// The lowest terminal the board is drawn in; lower ones get a note instead.
pub(crate) const MIN_HEIGHT: u16 = 24;

/// Rows below the board: the status line, the message line and the command line.
const STATUS_ROWS: u16 = 3;
/// The side panel is at least this wide (a Position ID line needs 27 columns).
const PANEL_MIN: u16 = 30;
/// And at most this wide.
const PANEL_MAX: u16 = 48;
/// More checker rows than checkers a side has would only be empty.
const MAX_ROWS: u16 = 15;
/// Rows of the board that are not checker rows besides the number rows: two frame lines,
/// the middle row.
const FRAME_ROWS: u16 = 3;
/// Columns of the board's frame: five vertical lines.
const FRAME_COLUMNS: u16 = 5;

/// A column of cells that holds a stack of checkers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Column {
    /// A point, 1 to 24, in the numbering of the player drawn at the bottom.
    Point(u8),
    /// The top player's bar: the top half of the bar.
    BarTop,
    /// The bottom player's bar: the bottom half.
    BarBottom,
    /// The top player's tray: the top half of the tray.
    TrayTop,
    /// The bottom player's tray: the bottom half.
    TrayBottom,
}

impl Column {
    /// In the top half of the board.
    fn is_top(self) -> bool {
        match self {
            Column::Point(p) => p >= 13,
            Column::BarTop | Column::TrayTop => true,
            Column::BarBottom | Column::TrayBottom => false,
        }
    }
}

/// The layout of the screen for one terminal size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Geometry {
    /// Width of a point's column (also of the bar and the tray): 3 to 7.
    pub(crate) w: u16,
    /// Number rows above the board and below it: 1, or 2 in the tutor view (the outer
    /// row in the top player's numbering).
    pub(crate) labels: u16,
    /// Checker rows in each half of the board.
    pub(crate) rows: u16,
    /// The board with its number rows.
    pub(crate) board: Rect,
    /// The side panel right of the board.
    pub(crate) panel: Rect,
    /// The status, message and command lines below the board.
    pub(crate) status: Rect,
}

impl Geometry {
    /// The layout for `area` (with a second row of point numbers at each edge for the
    /// tutor view), or `None` when it is smaller than the minimum.
    pub(super) fn new(area: Rect, tutor: bool) -> Option<Geometry> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        // Odd widths centre a checker exactly; an even one is still better than leaving a
        // wide terminal's room unused.
        let w = [7, 6, 5, 4, 3]
            .into_iter()
            .find(|&w| board_width(w) + 3 + PANEL_MIN <= area.width)
            .unwrap_or(3);
        let labels = if tutor { 2 } else { 1 };
        let extra = FRAME_ROWS + 2 * labels;
        let rows = ((area.height - STATUS_ROWS - extra) / 2).min(MAX_ROWS);
        let board_w = board_width(w);
        let board_h = 2 * rows + extra;
        let panel_w = area.width.saturating_sub(board_w + 3).min(PANEL_MAX);
        let content_w = 1 + board_w + 2 + panel_w;
        let content_h = board_h + STATUS_ROWS;
        let x0 = area.x + area.width.saturating_sub(content_w) / 2;
        let y0 = area.y + area.height.saturating_sub(content_h) / 2;
        let board = Rect::new(x0 + 1, y0, board_w, board_h);
        Some(Geometry {
            w,
            labels,
            rows,
            board,
            panel: Rect::new(board.right() + 2, y0, panel_w, board_h),
            status: Rect::new(board.x, board.bottom(), content_w - 1, STATUS_ROWS),
        })
    }

    /// The row of the numbers above the board (the bottom player's numbering).
    pub(super) fn numbers_top_y(&self) -> u16 {
        self.board.y + self.labels - 1
    }

    /// The frame's top line.
    pub(super) fn frame_top_y(&self) -> u16 {
        self.board.y + self.labels
    }

    /// The row between the two halves (the BAR and OFF labels, the dice).
    pub(super) fn middle_y(&self) -> u16 {
        self.frame_top_y() + 1 + self.rows
    }

    /// The frame's bottom line.
    pub(super) fn frame_bottom_y(&self) -> u16 {
        self.middle_y() + self.rows + 1
    }

    /// The row of the numbers below the board.
    pub(super) fn numbers_bottom_y(&self) -> u16 {
        self.frame_bottom_y() + 1
    }

    /// First column of the left half's points (13-18 on top, 12-7 below).
    pub(super) fn left_x(&self) -> u16 {
        self.board.x + 1
    }

    /// First column of the bar.
    pub(super) fn bar_x(&self) -> u16 {
        self.left_x() + 6 * self.w + 1
    }

    /// First column of the right half's points (19-24 on top, 6-1 below).
    pub(super) fn right_x(&self) -> u16 {
        self.bar_x() + self.w + 1
    }

    /// First column of the trays.
    pub(super) fn tray_x(&self) -> u16 {
        self.right_x() + 6 * self.w + 1
    }

    /// The playing surface: the board without the trays, what overlays are centred on.
    pub(super) fn surface(&self) -> Rect {
        Rect::new(
            self.board.x,
            self.board.y,
            self.tray_x() - self.board.x,
            self.board.height,
        )
    }

    /// The columns of the frame's vertical lines, left to right.
    pub(super) fn frame_xs(&self) -> [u16; 5] {
        [
            self.board.x,
            self.bar_x() - 1,
            self.right_x() - 1,
            self.tray_x() - 1,
            self.tray_x() + self.w,
        ]
    }

    /// First screen column of `column`.
    pub(super) fn column_x(&self, column: Column) -> u16 {
        match column {
            Column::Point(p @ 13..=18) => self.left_x() + u16::from(p - 13) * self.w,
            Column::Point(p @ 19..=24) => self.right_x() + u16::from(p - 19) * self.w,
            Column::Point(p @ 7..=12) => self.left_x() + u16::from(12 - p) * self.w,
            Column::Point(p) => self.right_x() + u16::from(6u8.saturating_sub(p)) * self.w,
            Column::BarTop | Column::BarBottom => self.bar_x(),
            Column::TrayTop | Column::TrayBottom => self.tray_x(),
        }
    }

    /// How many cells of `column` hold checkers (the trays keep their innermost cell for the
    /// count).
    pub(super) fn capacity(&self, column: Column) -> u16 {
        match column {
            Column::TrayTop | Column::TrayBottom => self.rows - 1,
            _ => self.rows,
        }
    }

    /// The screen row of the `index`-th checker of `column`, counted from where its stack
    /// starts: the board's edge for points and trays, the middle for the bar.
    pub(super) fn cell_y(&self, column: Column, index: u16) -> u16 {
        let index = index.min(self.rows.saturating_sub(1));
        match column {
            Column::BarTop => self.middle_y() - 1 - index,
            Column::BarBottom => self.middle_y() + 1 + index,
            c if c.is_top() => self.frame_top_y() + 1 + index,
            _ => self.frame_bottom_y() - 1 - index,
        }
    }

    /// The cell of the `index`-th checker of `column`.
    pub(super) fn cell(&self, column: Column, index: u16) -> Rect {
        Rect::new(self.column_x(column), self.cell_y(column, index), self.w, 1)
    }

    /// The cell of a tray's count, next to the middle row.
    pub(super) fn tray_count_cell(&self, column: Column) -> Rect {
        let y = if column.is_top() {
            self.middle_y() - 1
        } else {
            self.middle_y() + 1
        };
        Rect::new(self.tray_x(), y, self.w, 1)
    }

    /// The checker rows of `column` in its half.
    pub(super) fn column_rect(&self, column: Column) -> Rect {
        let y = if column.is_top() {
            self.frame_top_y() + 1
        } else {
            self.middle_y() + 1
        };
        Rect::new(self.column_x(column), y, self.w, self.rows)
    }

    /// Where a point's number in the top player's numbering goes in the tutor view: the
    /// outer number row; `None` without one.
    pub(super) fn outer_label_rect(&self, column: Column) -> Option<Rect> {
        if self.labels < 2 {
            return None;
        }
        let y = match column {
            Column::Point(p) if p >= 13 => self.board.y,
            Column::Point(_) => self.numbers_bottom_y() + 1,
            _ => return None,
        };
        Some(Rect::new(self.column_x(column), y, self.w, 1))
    }

    /// Where a column's label is: the point number, or BAR / OFF in the middle row.
    pub(super) fn label_rect(&self, column: Column) -> Rect {
        let y = match column {
            Column::Point(p) if p >= 13 => self.numbers_top_y(),
            Column::Point(_) => self.numbers_bottom_y(),
            _ => self.middle_y(),
        };
        Rect::new(self.column_x(column), y, self.w, 1)
    }

    /// The spot drawn at a screen cell: any cell of a point's column in its half (its number
    /// and the frame line included), and anywhere in the bar's or the tray's column.
    pub(super) fn spot_at(&self, x: u16, y: u16) -> Option<Spot> {
        if !self.board.contains(Position::new(x, y)) {
            return None;
        }
        let in_columns = |start: u16, count: u16| {
            (start..start + count * self.w)
                .contains(&x)
                .then(|| ((x - start) / self.w) as u8)
        };
        let middle = self.middle_y();
        if in_columns(self.bar_x(), 1).is_some() {
            return Some(Spot::Bar);
        }
        if in_columns(self.tray_x(), 1).is_some() {
            return Some(Spot::Tray);
        }
        if y == middle {
            return None;
        }
        let top = y < middle;
        if let Some(i) = in_columns(self.left_x(), 6) {
            return Some(Spot::Point(if top { 13 + i } else { 12 - i }));
        }
        if let Some(i) = in_columns(self.right_x(), 6) {
            return Some(Spot::Point(if top { 19 + i } else { 6 - i }));
        }
        None
    }
}

/// The board's width with points `w` columns wide.
const fn board_width(w: u16) -> u16 {
    14 * w + FRAME_COLUMNS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_at_the_minimum() {
        let area = Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT);
        let g = Geometry::new(area, false).expect("minimum size");
        assert_eq!(g.w, 3);
        assert_eq!(g.rows, 8);
        assert!(area.contains(g.board.as_position()));
        assert!(g.board.right() <= area.right() && g.board.bottom() <= area.bottom());
        assert!(g.panel.right() <= area.right() && g.panel.width >= PANEL_MIN);
        assert!(g.status.bottom() <= area.bottom());
        assert_eq!(g.frame_xs()[4], g.board.right() - 1);
        assert_eq!(g.numbers_bottom_y(), g.board.bottom() - 1);
        assert!(Geometry::new(Rect::new(0, 0, 79, 24), false).is_none());
        assert!(Geometry::new(Rect::new(0, 0, 80, 23), false).is_none());
        let tutor = Geometry::new(area, true).expect("minimum size");
        assert_eq!(tutor.rows, 7);
        assert_eq!(tutor.numbers_bottom_y() + 1, tutor.board.bottom() - 1);
    }

    #[test]
    fn a_terminal_100_wide_gets_wider_points() {
        let g = Geometry::new(Rect::new(0, 0, 100, 30), false).expect("fits");
        assert_eq!(g.w, 4);
        assert!(g.panel.right() <= 100 && g.panel.width >= PANEL_MIN);
    }

    #[test]
    fn larger_terminals_get_a_larger_board() {
        let g = Geometry::new(Rect::new(0, 0, 120, 40), false).expect("fits");
        assert_eq!(g.w, 5);
        assert_eq!(g.rows, 15);
        assert!(g.panel.right() <= 120 && g.status.bottom() <= 40);
    }
}
