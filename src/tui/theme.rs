//! How the board looks: the symbols (Unicode or ASCII) and the styles (with colour or
//! without). Colours are the terminal's own named colours, so they follow its palette.

use bg_tui::engine::Side;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

/// The ASCII border set, for `--ascii`.
const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Whether colour is wanted: false when the `NO_COLOR` environment variable is set and not
/// empty (<https://no-color.org>).
#[must_use]
pub(crate) fn color_wanted() -> bool {
    color_wanted_given(std::env::var_os("NO_COLOR").as_deref())
}

/// Whether colour is wanted given the value of `NO_COLOR` (`None` when it is not set):
/// only when it is unset or empty.
#[must_use]
pub(crate) fn color_wanted_given(no_color: Option<&std::ffi::OsStr>) -> bool {
    no_color.is_none_or(std::ffi::OsStr::is_empty)
}

/// The characters used to draw the board's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Frame {
    /// Horizontal line.
    pub(crate) horizontal: &'static str,
    /// Vertical line.
    pub(crate) vertical: &'static str,
    /// Top-left corner.
    pub(crate) top_left: &'static str,
    /// Top-right corner.
    pub(crate) top_right: &'static str,
    /// Bottom-left corner.
    pub(crate) bottom_left: &'static str,
    /// Bottom-right corner.
    pub(crate) bottom_right: &'static str,
    /// A vertical line meeting the top edge.
    pub(crate) top_tee: &'static str,
    /// A vertical line meeting the bottom edge.
    pub(crate) bottom_tee: &'static str,
}

/// Which colours suit the terminal's background (`--theme`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Palette {
    /// For a dark background (the default): yellow and red checkers, cyan status.
    #[default]
    Dark,
    /// For a light background: blue and red checkers, no yellow or white text.
    Light,
}

/// Symbols and styles for one way of drawing: Unicode or ASCII, colour or none, and the
/// palette that suits the background.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Theme {
    /// Only ASCII characters.
    pub(crate) ascii: bool,
    /// Colours allowed (modifiers such as bold and reverse are used either way).
    pub(crate) color: bool,
    /// The colours used when colours are allowed.
    pub(crate) palette: Palette,
}

impl Theme {
    /// A theme for ASCII or Unicode, with or without colour, in the dark palette.
    #[must_use]
    pub(crate) const fn new(ascii: bool, color: bool) -> Theme {
        Theme {
            ascii,
            color,
            palette: Palette::Dark,
        }
    }

    /// The same theme in `palette`.
    #[must_use]
    pub(crate) const fn with_palette(self, palette: Palette) -> Theme {
        Theme { palette, ..self }
    }

    /// `dark` on a dark background, `light` on a light one.
    const fn pick(self, dark: Color, light: Color) -> Color {
        match self.palette {
            Palette::Dark => dark,
            Palette::Light => light,
        }
    }

    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// The checker symbol of `side`: `○`/`O` for White, `●`/`X` for Black.
    #[must_use]
    pub(crate) const fn checker(self, side: Side) -> &'static str {
        match (side, self.ascii) {
            (Side::White, false) => "○",
            (Side::White, true) => "O",
            (Side::Black, false) => "●",
            (Side::Black, true) => "X",
        }
    }

    /// The style of `side`'s checkers (and of its symbol beside its name).
    #[must_use]
    pub(crate) fn checker_style(self, side: Side) -> Style {
        match side {
            Side::White => self
                .fg(self.pick(Color::Yellow, Color::Blue))
                .add_modifier(Modifier::BOLD),
            Side::Black => self.fg(Color::Red).add_modifier(Modifier::BOLD),
        }
    }

    /// Marks the turn: beside the name of the player on roll.
    #[must_use]
    pub(crate) const fn turn_marker(self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }

    /// Drawn where a picked-up checker may land.
    #[must_use]
    pub(crate) const fn target_marker(self) -> &'static str {
        if self.ascii { "*" } else { "◌" }
    }

    /// Where a checker of the last play stood before it moved.
    #[must_use]
    pub(crate) const fn moved_from_marker(self) -> &'static str {
        if self.ascii { "." } else { "·" }
    }

    /// Above a checker of the last play that hit.
    #[must_use]
    pub(crate) const fn hit_marker(self) -> &'static str {
        if self.ascii { "x" } else { "×" }
    }

    /// The multiplication sign in sizes such as 80×24.
    #[must_use]
    pub(crate) const fn times(self) -> &'static str {
        if self.ascii { "x" } else { "×" }
    }

    /// The board's frame characters.
    #[must_use]
    pub(crate) const fn frame(self) -> Frame {
        if self.ascii {
            Frame {
                horizontal: "-",
                vertical: "|",
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                top_tee: "+",
                bottom_tee: "+",
            }
        } else {
            Frame {
                horizontal: "─",
                vertical: "│",
                top_left: "┌",
                top_right: "┐",
                bottom_left: "└",
                bottom_right: "┘",
                top_tee: "┬",
                bottom_tee: "┴",
            }
        }
    }

    /// The border of the panels drawn over the board.
    #[must_use]
    pub(crate) const fn border(self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::ROUNDED
        }
    }

    /// The board's frame.
    #[must_use]
    pub(crate) fn frame_style(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// Point numbers and the BAR and OFF labels.
    #[must_use]
    pub(crate) fn label(self) -> Style {
        Style::new()
    }

    /// The spot under the cursor.
    #[must_use]
    pub(crate) fn cursor(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// Where the picked-up checker may go.
    #[must_use]
    pub(crate) fn target(self) -> Style {
        self.fg(Color::Green)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    /// The last play's points and checkers.
    #[must_use]
    pub(crate) fn last_move(self) -> Style {
        self.fg(self.pick(Color::Yellow, Color::Magenta))
            .add_modifier(Modifier::BOLD)
    }

    /// The checker picked up.
    #[must_use]
    pub(crate) fn picked(self) -> Style {
        self.fg(self.pick(Color::LightGreen, Color::Green))
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED | Modifier::REVERSED)
    }

    /// A die: bright while it may still be played, dim once used.
    #[must_use]
    pub(crate) fn die(self, used: bool) -> Style {
        if used {
            Style::new().add_modifier(Modifier::DIM)
        } else {
            self.fg(self.pick(Color::White, Color::Black))
                .add_modifier(Modifier::BOLD)
        }
    }

    /// Headings and the name of the player on roll.
    #[must_use]
    pub(crate) fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// Secondary text.
    #[must_use]
    pub(crate) fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// The status line: what to do now.
    #[must_use]
    pub(crate) fn status(self) -> Style {
        self.fg(self.pick(Color::Cyan, Color::Blue))
            .add_modifier(Modifier::BOLD)
    }

    /// The message line: the answer to the last key.
    #[must_use]
    pub(crate) fn message(self) -> Style {
        self.fg(self.pick(Color::Yellow, Color::Magenta))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_theme_uses_only_ascii() {
        let t = Theme::new(true, false);
        let f = t.frame();
        let b = t.border();
        for s in [
            t.checker(Side::White),
            t.checker(Side::Black),
            t.turn_marker(),
            t.target_marker(),
            t.times(),
            f.horizontal,
            f.vertical,
            f.top_left,
            f.top_right,
            f.bottom_left,
            f.bottom_right,
            f.top_tee,
            f.bottom_tee,
            b.top_left,
            b.top_right,
            b.bottom_left,
            b.bottom_right,
            b.vertical_left,
            b.vertical_right,
            b.horizontal_top,
            b.horizontal_bottom,
        ] {
            assert!(s.is_ascii(), "{s:?}");
        }
    }

    #[test]
    fn no_colour_means_no_colours() {
        let t = Theme::new(false, false);
        for style in [
            t.checker_style(Side::White),
            t.checker_style(Side::Black),
            t.frame_style(),
            t.label(),
            t.cursor(),
            t.target(),
            t.picked(),
            t.die(false),
            t.die(true),
            t.strong(),
            t.dim(),
            t.status(),
            t.message(),
        ] {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
    }

    #[test]
    fn no_color_set_and_not_empty_turns_colour_off() {
        use std::ffi::OsStr;
        assert!(color_wanted_given(None));
        assert!(color_wanted_given(Some(OsStr::new(""))));
        assert!(!color_wanted_given(Some(OsStr::new("1"))));
        assert!(!color_wanted_given(Some(OsStr::new("0"))));
    }

    /// Yellow, white and the light colours are hard to read on a light background: the
    /// light palette uses none of them, for any style.
    #[test]
    fn the_light_palette_has_no_pale_colours() {
        let t = Theme::new(false, true).with_palette(Palette::Light);
        let pale = [
            Color::Yellow,
            Color::LightYellow,
            Color::White,
            Color::LightGreen,
            Color::LightCyan,
            Color::Cyan,
            Color::Gray,
        ];
        for style in [
            t.checker_style(Side::White),
            t.checker_style(Side::Black),
            t.frame_style(),
            t.label(),
            t.cursor(),
            t.target(),
            t.last_move(),
            t.picked(),
            t.die(false),
            t.die(true),
            t.strong(),
            t.dim(),
            t.status(),
            t.message(),
        ] {
            assert!(
                style.fg.is_none_or(|c| !pale.contains(&c)),
                "{style:?} on a light background"
            );
        }
        let dark = Theme::new(false, true);
        assert_ne!(
            dark.checker_style(Side::White),
            t.checker_style(Side::White)
        );
        assert_ne!(t.checker_style(Side::White), t.checker_style(Side::Black));
    }

    #[test]
    fn the_sides_differ() {
        for t in [Theme::new(false, true), Theme::new(true, false)] {
            assert_ne!(t.checker(Side::White), t.checker(Side::Black));
        }
        let t = Theme::new(false, true);
        assert_ne!(t.checker_style(Side::White), t.checker_style(Side::Black));
    }
}
