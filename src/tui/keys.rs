//! Keys and mouse clicks as messages: what the player asks for, before any rule is applied.

use super::model::Spot;
use crate::engine::WinKind;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What the player asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// `r`: roll the dice (or the opening roll).
    Roll,
    /// `d`: double.
    Double,
    /// `t`: take the double.
    Take,
    /// `p`: pass the double.
    Pass,
    /// `b`: beaver.
    Beaver,
    /// `R`: offer to resign (asks how much).
    ResignMenu,
    /// Offer to resign this much.
    Resign(WinKind),
    /// `y`: yes (accept a resignation, confirm quitting, play on).
    Yes,
    /// `n`: no.
    No,
    /// Cursor keys and `h`/`j`/`k`/`l`.
    Left,
    /// Right.
    Right,
    /// Up.
    Up,
    /// Down.
    Down,
    /// Enter or Space: pick up, drop, confirm.
    Select,
    /// A digit 1-6: move the picked checker by that die; other digits choose a way.
    Digit(u8),
    /// `u` or Backspace: take back the last checker move.
    Undo,
    /// Esc: drop the picked checker, close a panel.
    Escape,
    /// `:` opens the command line.
    OpenCommand,
    /// `?`: help.
    Help,
    /// `H`: the strongest bot's advice.
    Hint,
    /// `s`: save the match (where it was last saved, else under a dated name).
    Save,
    /// `q`: quit (asks first).
    Quit,
    /// Ctrl-C: quit now.
    QuitNow,
    /// A click on a spot of the board.
    Click(Spot),
    /// Any other key.
    Other,
}

/// The message of a key in normal play.
#[must_use]
pub fn play_key(key: KeyEvent) -> Msg {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => Msg::QuitNow,
            _ => Msg::Other,
        };
    }
    match key.code {
        KeyCode::Char('r') => Msg::Roll,
        KeyCode::Char('d') => Msg::Double,
        KeyCode::Char('t') => Msg::Take,
        KeyCode::Char('p') => Msg::Pass,
        KeyCode::Char('b') => Msg::Beaver,
        KeyCode::Char('R') => Msg::ResignMenu,
        KeyCode::Char('y') => Msg::Yes,
        KeyCode::Char('n') => Msg::No,
        KeyCode::Left | KeyCode::Char('h') => Msg::Left,
        KeyCode::Right | KeyCode::Char('l') => Msg::Right,
        KeyCode::Up | KeyCode::Char('k') => Msg::Up,
        KeyCode::Down | KeyCode::Char('j') => Msg::Down,
        KeyCode::Enter | KeyCode::Char(' ') => Msg::Select,
        KeyCode::Char(c @ '0'..='9') => Msg::Digit(c as u8 - b'0'),
        KeyCode::Char('u') | KeyCode::Backspace => Msg::Undo,
        KeyCode::Esc => Msg::Escape,
        KeyCode::Char(':') => Msg::OpenCommand,
        KeyCode::Char('?') => Msg::Help,
        KeyCode::Char('H') => Msg::Hint,
        KeyCode::Char('q') => Msg::Quit,
        KeyCode::Char('s') => Msg::Save,
        _ => Msg::Other,
    }
}

/// Every key of the game and what it does, as the help panel lists them.
#[must_use]
pub fn help_rows() -> Vec<(String, String)> {
    [
        ("r", "roll the dice"),
        ("d", "double (before rolling)"),
        ("t / p / b", "take / pass / beaver a double"),
        (
            "R",
            "offer to resign: then s single, g gammon, b backgammon",
        ),
        ("y / n", "accept / decline a resignation; answer questions"),
        (
            "arrows, h j k l",
            "move the cursor over points, bar and tray",
        ),
        (
            "Enter / Space",
            "pick up a checker; drop it on a highlighted spot; confirm",
        ),
        ("1-6", "move the picked checker by that die"),
        ("u / Backspace", "take back the last checker move"),
        ("Esc", "put the picked checker back; close a panel"),
        (
            ":",
            "command line: type a play such as 13/7 8/7, then Enter",
        ),
        (
            ": commands",
            "roll double take pass beaver accept decline undo help quit",
        ),
        (
            ": more",
            "resign s|g|b, bot NAME [side], human [side], save [PATH]",
        ),
        (
            "mouse click",
            "the same as moving the cursor there and pressing Enter",
        ),
        (
            "H",
            "hint: the best plays (or cube advice) from the strongest bot",
        ),
        (
            "s",
            "save the match now (it is also saved after every turn)",
        ),
        ("?", "this help"),
        ("q", "quit (asks first); Ctrl-C quits at once"),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}
