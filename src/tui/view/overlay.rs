//! Panels over the board: help, questions, the end of a game.

use crate::tui::model::Overlay;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Widget};

/// The panel's title and lines.
struct Content {
    title: Option<String>,
    lines: Vec<Line<'static>>,
}

/// Columns the border and padding take.
const FRAME_WIDTH: u16 = 4;
/// Rows the border takes.
const FRAME_HEIGHT: u16 = 2;

fn content(overlay: &Overlay, theme: Theme, room: Rect) -> Content {
    match overlay {
        Overlay::Help(rows) => Content {
            title: Some("Help".to_string()),
            lines: help_lines(rows, theme, room),
        },
        Overlay::Question { title, lines } | Overlay::GameOver { title, lines } => {
            let mut out = vec![Line::styled(title.clone(), theme.strong())];
            if !lines.is_empty() {
                out.push(Line::raw(""));
            }
            // A line of prose wider than the terminal wraps between words, never cut off;
            // a table's row (its columns lined up by runs of spaces) is left whole, to be
            // cut at the panel's edge rather than broken out of its columns.
            let inner = usize::from(room.width.saturating_sub(FRAME_WIDTH));
            out.extend(
                lines
                    .iter()
                    .flat_map(|l| {
                        if width(l) <= inner || l.contains("  ") {
                            vec![l.clone()]
                        } else {
                            super::panel::wrap_words(l, inner)
                        }
                    })
                    .map(Line::raw),
            );
            Content {
                title: None,
                lines: out,
            }
        }
    }
}

/// Width of `text` in terminal columns.
fn width(text: &str) -> usize {
    Line::raw(text).width()
}

/// The help rows, keys in a column of their own; in two columns side by side when one would
/// be taller than `room` and two fit its width.
fn help_lines(rows: &[(String, String)], theme: Theme, room: Rect) -> Vec<Line<'static>> {
    let key_w = rows.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
    let desc_w = rows.iter().map(|(_, d)| width(d)).max().unwrap_or(0);
    let column_w = key_w + 2 + desc_w;
    let inner_h = usize::from(room.height.saturating_sub(FRAME_HEIGHT));
    let inner_w = usize::from(room.width.saturating_sub(FRAME_WIDTH));
    let two = rows.len() > inner_h && 2 * column_w + 3 <= inner_w;
    let per_column = if two {
        rows.len().div_ceil(2)
    } else {
        rows.len()
    };
    let cell = |(keys, desc): &(String, String), pad: bool| {
        let mut spans = vec![
            Span::styled(format!("{keys:<key_w$}  "), theme.strong()),
            Span::raw(desc.clone()),
        ];
        if pad {
            spans.push(Span::raw(" ".repeat(desc_w - width(desc) + 3)));
        }
        spans
    };
    (0..per_column)
        .map(|i| {
            let mut spans = rows.get(i).map(|r| cell(r, two)).unwrap_or_default();
            if two && let Some(r) = rows.get(i + per_column) {
                spans.extend(cell(r, false));
            }
            Line::from(spans)
        })
        .collect()
}

/// Where the panel for `overlay` goes: centred on `board`, inside `area`.
pub(super) fn rect(overlay: &Overlay, theme: Theme, area: Rect, board: Rect) -> Rect {
    let content = content(overlay, theme, area);
    let title_w = content.title.as_deref().map_or(0, width) + 2;
    let text_w = content
        .lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title_w);
    let w = u16::try_from(text_w)
        .unwrap_or(u16::MAX)
        .saturating_add(FRAME_WIDTH)
        .min(area.width);
    let h = u16::try_from(content.lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(FRAME_HEIGHT)
        .min(area.height);
    let centre_x = board.x + board.width / 2;
    let centre_y = board.y + board.height / 2;
    let x = centre_x
        .saturating_sub(w / 2)
        .clamp(area.x, area.right() - w);
    let y = centre_y
        .saturating_sub(h / 2)
        .clamp(area.y, area.bottom() - h);
    Rect::new(x, y, w, h)
}

/// Draws `overlay` over whatever is below, centred on `board`.
pub(super) fn draw(overlay: &Overlay, theme: Theme, area: Rect, board: Rect, buf: &mut Buffer) {
    let rect = rect(overlay, theme, area, board);
    let content = content(overlay, theme, area);
    if rect.right() > board.right() {
        // Wider than the board: the side panel's text beside the box would read as cut
        // pieces of words, so the box's rows are cleared across the whole width.
        Clear.render(Rect::new(area.x, rect.y, area.width, rect.height), buf);
    } else {
        Clear.render(rect, buf);
    }
    let mut block = Block::bordered()
        .border_set(theme.border())
        .padding(Padding::horizontal(1));
    if let Some(title) = content.title {
        block = block.title(Line::styled(format!(" {title} "), theme.strong()));
    }
    Paragraph::new(content.lines).block(block).render(rect, buf);
}
