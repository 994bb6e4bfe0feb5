//! The match graph (`g`): White's match-winning chances after each judged decision (money
//! play: White's equity in points), as GNU Backgammon and eXtreme Gammon draw it, with the
//! errors (`?`) and the lucky (`+`) and unlucky (`-`) rolls marked and the decision shown
//! highlighted. It is drawn over the board; Left and Right move along it.
//!
//! A decision's value after it is the equity of what was done (the analysis's
//! [`Judged::done_equity`], EMG from the decider's view) turned into match-winning chances
//! at the cube and score of the decision (GNU Backgammon's EMG to MWC), and into White's view.

use super::study::DecisionStates;
use crate::tui::theme::Theme;
use bg_tui::advisor::Mark;
use bg_tui::analysis::{Analysis, Judged, LuckMark};
use bg_tui::bot::expert::cube_info;
use bg_tui::engine::Side;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Borders, Clear, Widget};
use std::collections::HashMap;

/// One decision on the graph.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GraphPoint {
    /// The game (from 1).
    pub(crate) game: usize,
    /// The action in its game (from 1).
    pub(crate) action: usize,
    /// Who decided.
    pub(crate) decider: Side,
    /// What was done, in words (a play's notation, a cube action).
    pub(crate) done: String,
    /// White's match-winning chances after it, in percent (money play: White's equity in
    /// points).
    pub(crate) value: f64,
    /// The decision's error mark, if it lost enough.
    pub(crate) error: Option<Mark>,
    /// The luck mark of the roll the decision played, if it was lucky or unlucky.
    pub(crate) luck: Option<LuckMark>,
}

/// The graph's data: one point per judged decision, in order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MatchGraph {
    /// A match (values are MWC in percent), or money play (equity in points).
    pub(crate) in_match: bool,
    /// The points.
    pub(crate) points: Vec<GraphPoint>,
}

impl MatchGraph {
    /// A value with its unit: `41.3% MWC`, or `+0.512 points`.
    #[must_use]
    pub(crate) fn value_text(&self, value: f64) -> String {
        if self.in_match {
            format!("{value:.1}% MWC")
        } else {
            format!("{value:+.3} points")
        }
    }
}

/// The side named in a judged decision.
fn side_of(j: &Judged) -> Side {
    j.side
}

/// The graph of `a`, the analysis of the record walked into `states`: each judged
/// decision's value after it, its mark, and the luck of the roll it played. A decision
/// whose match is not in `states` (an analysis of another record) is left out.
#[must_use]
pub(crate) fn match_graph(a: &Analysis, states: &DecisionStates) -> MatchGraph {
    let luck: HashMap<(usize, usize), Option<LuckMark>> = a
        .roll_luck
        .iter()
        .map(|r| ((r.game, r.action), r.mark))
        .collect();
    let points = a
        .judged
        .iter()
        .filter_map(|j| {
            let (m, _) = states.at(j.game.checked_sub(1)?, j.action.checked_sub(1)?)?;
            let decider = side_of(j);
            let on_roll = m.game().turn();
            let ci = cube_info(m);
            // A take or a pass is the opponent's: its equity at the cube as it sees it.
            let ci = if decider == on_roll { ci } else { ci.flipped() };
            #[allow(clippy::cast_possible_truncation)]
            let mine = f64::from(ci.from_emg(j.done_equity as f32));
            let value = if a.match_length.is_some() {
                let white = if decider == Side::White {
                    mine
                } else {
                    1.0 - mine
                };
                100.0 * white
            } else {
                let points = mine * f64::from(m.game().cube().value());
                if decider == Side::White {
                    points
                } else {
                    -points
                }
            };
            Some(GraphPoint {
                game: j.game,
                action: j.action,
                decider,
                done: if j.done.is_empty() {
                    "can't move".to_string()
                } else {
                    j.done.clone()
                },
                value,
                error: j.mark(),
                luck: luck.get(&(j.game, j.action)).copied().flatten(),
            })
        })
        .collect();
    MatchGraph {
        in_match: a.match_length.is_some(),
        points,
    }
}

/// The value range the graph spans: 0 to 100% in a match; in money play symmetric about 0,
/// at least 1 point, in half points.
fn range(graph: &MatchGraph) -> (f64, f64) {
    if graph.in_match {
        return (0.0, 100.0);
    }
    let most = graph
        .points
        .iter()
        .map(|p| p.value.abs())
        .fold(1.0_f64, f64::max);
    let top = (most * 2.0).ceil() / 2.0;
    (-top, top)
}

/// The mark drawn for a point: its error, else its luck, else a dot.
fn symbol(p: &GraphPoint, theme: Theme, ascii: bool) -> (&'static str, Style) {
    match (p.error, p.luck) {
        (Some(_), _) => ("?", theme.strong()),
        (None, Some(LuckMark::Lucky | LuckMark::VeryLucky)) => ("+", theme.strong()),
        (None, Some(LuckMark::Unlucky | LuckMark::VeryUnlucky)) => ("-", theme.strong()),
        (None, None) => (if ascii { "*" } else { "•" }, Style::default()),
    }
}

/// The column of point `i` of `n` across `width` columns.
fn column_of(i: usize, n: usize, width: usize) -> usize {
    if n <= 1 || width <= 1 {
        0
    } else {
        i * (width - 1) / (n - 1)
    }
}

/// What the graph needs beside its data to draw.
pub(crate) struct GraphLook<'a> {
    /// The point of the decision shown, if any.
    pub(crate) current: Option<usize>,
    /// The players' names.
    pub(crate) names: &'a [String; 2],
    /// Colours and ASCII.
    pub(crate) theme: Theme,
    /// ASCII only.
    pub(crate) ascii: bool,
}

/// The frame's title: whose figure it is (White's player, and the colour where the name
/// does not say it already: a record's equal names read "greedy (White)") and its unit.
fn title(white: &str, in_match: bool) -> String {
    let whose = if bg_tui::replay::name_says_side(white, bg_tui::engine::Side::White) {
        format!("{white}'s")
    } else {
        format!("{white}'s (White's)")
    };
    if in_match {
        format!(" {whose} MWC %, by decision ")
    } else {
        format!(" {whose} equity, points ")
    }
}

/// Draws `graph` in `area` (over whatever is there): a frame with its title, the plot with
/// the value axis's labels, the decision shown and its value, and the marks' key.
pub(crate) fn draw(graph: &MatchGraph, look: &GraphLook<'_>, area: Rect, buf: &mut Buffer) {
    let area = area.intersection(*buf.area());
    if area.width < 20 || area.height < 8 {
        return;
    }
    Clear.render(area, buf);
    let title = title(
        &bg_tui::printable::printable(&look.names[0], 16),
        graph.in_match,
    );
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(look.theme.border())
        .border_style(look.theme.frame_style())
        .title(title);
    let inner = block.inner(area);
    block.render(area, buf);
    let plot_rows = inner.height.saturating_sub(3);
    let (low, high) = range(graph);
    let label = |v: f64| {
        if graph.in_match {
            format!("{v:>3.0}%")
        } else {
            format!("{v:+.1}")
        }
    };
    let labels = [label(high), label(f64::midpoint(low, high)), label(low)];
    let label_width = labels.iter().map(String::len).max().unwrap_or(0) as u16;
    let plot = Rect::new(
        inner.x + label_width + 1,
        inner.y,
        inner.width.saturating_sub(label_width + 1),
        plot_rows,
    );
    if plot.width < 2 || plot.height < 3 {
        return;
    }
    let row_of = |v: f64| -> u16 {
        let share = ((high - v) / (high - low)).clamp(0.0, 1.0);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let row = (share * f64::from(plot.height - 1)).round() as u16;
        plot.y + row
    };
    // The axis: its labels at the top, middle and bottom, and the middle line.
    let middle = row_of(f64::midpoint(low, high));
    for (text, y) in labels.iter().zip([plot.y, middle, plot.bottom() - 1]) {
        buf.set_string(inner.x, y, text, look.theme.label());
    }
    let rule = if look.ascii { "." } else { "┈" };
    for x in plot.x..plot.right() {
        buf.set_string(x, middle, rule, look.theme.dim());
    }
    let n = graph.points.len();
    let width = usize::from(plot.width);
    // The decision shown: its column ruled.
    if let Some(c) = look.current.filter(|&c| c < n) {
        let x = plot.x + column_of(c, n, width) as u16;
        let bar = if look.ascii { ":" } else { "┊" };
        for y in plot.y..plot.bottom() {
            buf.set_string(x, y, bar, look.theme.dim());
        }
    }
    // Each column shows one point: the current one, else a marked one, else the last.
    let mut shown: Vec<Option<usize>> = vec![None; width];
    for (i, p) in graph.points.iter().enumerate() {
        let c = column_of(i, n, width);
        let keep = shown[c].is_some_and(|k| {
            let held = &graph.points[k];
            look.current == Some(k)
                || (held.error.is_some() || held.luck.is_some())
                    && p.error.is_none()
                    && p.luck.is_none()
                    && look.current != Some(i)
        });
        if !keep {
            shown[c] = Some(i);
        }
    }
    for (c, point) in shown.iter().enumerate() {
        let Some(i) = *point else { continue };
        let p = &graph.points[i];
        let (mark, style) = symbol(p, look.theme, look.ascii);
        let style = if look.current == Some(i) {
            look.theme.cursor()
        } else {
            style
        };
        buf.set_string(plot.x + c as u16, row_of(p.value), mark, style);
    }
    // Below the plot: the decision shown, its value after it, and the key.
    let text_width = usize::from(inner.width);
    for (row, text) in caption(graph, look).into_iter().enumerate() {
        buf.set_stringn(
            inner.x,
            plot.bottom() + row as u16,
            bg_tui::printable::printable(&text, 200),
            text_width,
            look.theme.label(),
        );
    }
}

/// The three lines below the plot: the decision shown (its number, game, who and what, its
/// mark), its value after it with its unit (and its roll's luck), and the marks' key.
fn caption(graph: &MatchGraph, look: &GraphLook<'_>) -> [String; 3] {
    let n = graph.points.len();
    let (first, second) = match look
        .current
        .and_then(|c| graph.points.get(c).map(|p| (c, p)))
    {
        Some((c, p)) => {
            let who = bg_tui::printable::printable(&look.names[p.decider.index()], 12);
            let mark = p
                .error
                .map_or(String::new(), |m| format!(" {}", m.symbol()));
            let luck = p
                .luck
                .map_or(String::new(), |l| format!(", {} roll", l.words()));
            (
                format!("{}/{n}, game {}: {who} {}{mark}", c + 1, p.game, p.done),
                format!("after it: {}{luck}", graph.value_text(p.value)),
            )
        }
        None if n == 0 => ("no decisions judged".to_string(), String::new()),
        None => (format!("{n} decisions"), String::new()),
    };
    [
        first,
        second,
        "? error + lucky - unlucky; Left/Right, g off".to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_white_once() {
        assert_eq!(
            title("Alice", true),
            " Alice's (White's) MWC %, by decision "
        );
        assert_eq!(
            title("greedy (White)", true),
            " greedy (White)'s MWC %, by decision "
        );
        assert_eq!(title("White", false), " White's equity, points ");
    }

    #[test]
    fn columns_spread_the_points_across_the_width() {
        assert_eq!(column_of(0, 5, 41), 0);
        assert_eq!(column_of(4, 5, 41), 40);
        assert_eq!(column_of(2, 5, 41), 20);
        assert_eq!(column_of(0, 1, 41), 0);
        // More points than columns: several to a column, the last at the right edge.
        assert_eq!(column_of(99, 100, 10), 9);
        assert_eq!(column_of(50, 100, 10), 4);
    }

    #[test]
    fn money_play_spans_half_points_about_zero_and_a_match_0_to_100() {
        let point = |value| GraphPoint {
            game: 1,
            action: 1,
            decider: Side::White,
            done: String::new(),
            value,
            error: None,
            luck: None,
        };
        let money = MatchGraph {
            in_match: false,
            points: vec![point(0.3), point(-1.2)],
        };
        assert_eq!(range(&money), (-1.5, 1.5));
        assert_eq!(money.value_text(-1.2), "-1.200 points");
        let small = MatchGraph {
            in_match: false,
            points: vec![point(0.3)],
        };
        assert_eq!(range(&small), (-1.0, 1.0), "at least a point");
        let in_match = MatchGraph {
            in_match: true,
            points: vec![point(30.0)],
        };
        assert_eq!(range(&in_match), (0.0, 100.0));
        assert_eq!(in_match.value_text(30.0), "30.0% MWC");
    }
}
