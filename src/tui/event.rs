//! What the terminal runtime hands a screen: keys, mouse, resizes, signals, the clock's
//! second, and the messages its worker threads send ([`crate::tui::job`]), each screen's
//! own (`M`: the game's [`Msg`], the viewer's, the drill's).

use super::msg::Msg;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};

/// What the terminal runtime hands a screen whose workers send `M`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Event<M = Msg> {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event, in terminal cells.
    Mouse(MouseEvent),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// The process was asked to stop (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, ...): quit
    /// at once.
    Terminate,
    /// The process was asked to pause (SIGTSTP): the runtime puts the terminal back, stops
    /// the process, and sets the terminal up and redraws when it goes on.
    Suspend,
    /// The process goes on after a stop (SIGCONT): the runtime sets the terminal up again and
    /// redraws everything.
    Continued,
    /// A second has passed while a clock runs: time to redraw it (and to see whether it ran
    /// out).
    Second,
    /// A message from a worker thread (a bot's answer, a hint, a save made, a worker that
    /// could not start), as the screen's part that asked will take it.
    Msg(M),
}
