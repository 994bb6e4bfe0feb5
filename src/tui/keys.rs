//! Keys as messages ([`crate::tui::msg`]) in normal play, and the help panel that lists
//! them (the position editor's are [`crate::tui::editor`]'s). A panel's key is its part's
//! ([`PanelKey`]): the game hands the keys of its panels in, so a new panel adds nothing
//! here.

use super::msg::{Arrow, LogMsg, Msg, Toggle};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The key that opens a panel in normal play, declared by the part that owns the panel:
/// the key, its message, and its row in the help.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PanelKey {
    /// The key.
    pub(crate) key: char,
    /// The message it sends.
    pub(crate) msg: fn() -> Msg,
    /// Its row in the help panel: the key as written, what it does.
    pub(crate) help: (&'static str, &'static str),
}

/// The message of a key in normal play, with the game's `panels` and their keys.
#[must_use]
pub(crate) fn play_key(key: KeyEvent, panels: &[PanelKey]) -> Msg {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => Msg::QuitNow,
            _ => Msg::Other,
        };
    }
    if let KeyCode::Char(c) = key.code
        && let Some(panel) = panels.iter().find(|p| p.key == c)
    {
        return (panel.msg)();
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
        KeyCode::Left | KeyCode::Char('h') => Msg::Cursor(Arrow::Left),
        KeyCode::Right | KeyCode::Char('l') => Msg::Cursor(Arrow::Right),
        KeyCode::Up | KeyCode::Char('k') => Msg::Cursor(Arrow::Up),
        KeyCode::Down | KeyCode::Char('j') => Msg::Cursor(Arrow::Down),
        KeyCode::Enter | KeyCode::Char(' ') => Msg::Select,
        KeyCode::Char(c @ '0'..='9') => Msg::Digit(c as u8 - b'0'),
        KeyCode::Char('u') | KeyCode::Backspace => Msg::Undo,
        KeyCode::Esc => Msg::Escape,
        KeyCode::Char(':') => Msg::OpenCommand,
        KeyCode::Char('?') => Msg::Help,
        KeyCode::Char('q') => Msg::Quit,
        KeyCode::Char('s') => Msg::Save,
        KeyCode::Char('[') => Msg::Log(LogMsg::Back),
        KeyCode::Char(']') => Msg::Log(LogMsg::Forward),
        KeyCode::Tab => Msg::NextChecker,
        KeyCode::BackTab => Msg::PreviousChecker,
        KeyCode::Char('a') => Msg::Toggle(Toggle::AutoRoll),
        KeyCode::Char('o') => Msg::Toggle(Toggle::AutoBearOff),
        KeyCode::Char('T') => Msg::Toggle(Toggle::TutorView),
        KeyCode::Char('f') => Msg::Toggle(Toggle::TurnBoard),
        KeyCode::Char('m') => Msg::Toggle(Toggle::TutorMode),
        KeyCode::Char('i') => Msg::Toggle(Toggle::PositionText),
        KeyCode::Char('C') => Msg::TakeOver,
        KeyCode::Char('e') => Msg::EditPosition,
        _ => Msg::Other,
    }
}

/// Every key of the game and what it does, as the help panel lists them, the keys of the
/// game's `panels` after the mouse's.
#[must_use]
pub(crate) fn help_rows(panels: &[PanelKey]) -> Vec<(String, String)> {
    let rows = [
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
        (
            "Tab / Shift-Tab",
            "the cursor to the next / previous checker that can move",
        ),
        (
            "1-6 / u",
            "move the picked checker by that die / u, Backspace undo",
        ),
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
            ": bot",
            "bot greedy: the computer plays the side to act; :human back",
        ),
        (
            ": drill",
            "quiz of your worst analysed decisions; q back to the game",
        ),
        (
            "a / o",
            "auto-roll: off, no double, always / auto bear-off (races)",
        ),
        (
            "T / f / m",
            "tutor view / board turned to the mover / tutor mode",
        ),
        (
            "C / i",
            "clock ran out: computer takes the side / XGID or board text",
        ),
        (
            "mouse click",
            "the same as moving the cursor there and pressing Enter",
        ),
        (
            "s / e / [ ]",
            "save now / set up a position (:setup ID) / scroll the log",
        ),
        (
            "? / q",
            "this help / quit (asks first); Ctrl-C quits at once",
        ),
    ];
    // The panels' keys go after the mouse's.
    let (before, after) = rows.split_at(rows.len() - 2);
    before
        .iter()
        .chain(panels.iter().map(|p| &p.help))
        .chain(after)
        .map(|(k, d)| ((*k).to_string(), (*d).to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    /// A panel's key sends its message and has its row in the help, after the mouse's.
    #[test]
    fn a_panels_key_is_its_parts() {
        let panel = PanelKey {
            key: 'Z',
            msg: || Msg::Help,
            help: ("Z", "the panel of zeds"),
        };
        assert_eq!(play_key(key('Z'), &[]), Msg::Other);
        assert_eq!(play_key(key('Z'), &[panel]), Msg::Help);
        let rows = help_rows(&[panel]);
        let at = rows.iter().position(|(k, _)| k == "Z").expect("its row");
        assert_eq!(rows[at - 1].0, "mouse click");
        assert_eq!(rows.len(), help_rows(&[]).len() + 1);
    }

    /// The game's panels' keys mean nothing else in normal play.
    #[test]
    fn the_games_panel_keys_are_free() {
        for panel in crate::tui::app::PANEL_KEYS {
            assert_eq!(play_key(key(panel.key), &[]), Msg::Other, "{}", panel.key);
        }
    }
}
