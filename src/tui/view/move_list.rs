//! The replay viewer's list of moves: the rows around the current one, which is highlighted.

use super::put_in;
use crate::tui::model::MoveList;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Draws as many rows of `moves` as fit in `area`, scrolled so the current row is shown
/// (near the middle when the list is longer than the area).
pub(super) fn draw(area: Rect, moves: &MoveList<'_>, theme: Theme, buf: &mut Buffer) {
    let area = area.intersection(*buf.area());
    if area.is_empty() {
        return;
    }
    let height = usize::from(area.height);
    let first = first_shown(moves.rows.len(), moves.current, height);
    for (y, (index, row)) in (area.y..area.bottom()).zip(moves.rows.iter().enumerate().skip(first))
    {
        let current = moves.current == Some(index);
        let text_style = match (current, row.side) {
            (true, _) => theme.cursor(),
            (false, None) => theme.strong(),
            (false, Some(_)) => Default::default(),
        };
        let mut x = area.x;
        if let Some(side) = row.side {
            let checker_style = if current {
                theme.checker_style(side).patch(theme.cursor())
            } else {
                theme.checker_style(side)
            };
            put_in(buf, area, x, y, theme.checker(side), checker_style);
            put_in(buf, area, x + 1, y, " ", text_style);
            x += 2;
        }
        put_in(buf, area, x, y, &row.text, text_style);
    }
}

/// The first row shown of `len` rows in `height` rows, keeping `current` in view.
fn first_shown(len: usize, current: Option<usize>, height: usize) -> usize {
    if len <= height {
        return 0;
    }
    let current = current.unwrap_or(0).min(len - 1);
    current.saturating_sub(height / 2).min(len - height)
}

#[cfg(test)]
mod tests {
    use super::first_shown;

    #[test]
    fn the_current_row_stays_in_view() {
        assert_eq!(first_shown(5, Some(4), 10), 0);
        assert_eq!(first_shown(100, Some(0), 10), 0);
        assert_eq!(first_shown(100, Some(50), 10), 45);
        assert_eq!(first_shown(100, Some(99), 10), 90);
        assert_eq!(first_shown(100, None, 10), 0);
        for current in 0..100 {
            let first = first_shown(100, Some(current), 7);
            assert!((first..first + 7).contains(&current));
        }
    }
}
