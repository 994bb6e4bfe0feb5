//! Keys as messages ([`crate::tui::msg`]) in normal play, and the help panel that lists
//! them (the position editor's are [`crate::tui::editor`]'s).

use super::msg::{Arrow, HintMsg, LogMsg, Msg, Toggle};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The message of a key in normal play.
#[must_use]
pub(crate) fn play_key(key: KeyEvent) -> Msg {
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
        KeyCode::Char('H') => Msg::Hint(HintMsg::Ask),
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

/// Every key of the game and what it does, as the help panel lists them.
#[must_use]
pub(crate) fn help_rows() -> Vec<(String, String)> {
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
            "H",
            "hint: plays ranked, cube advice; 1-9 plays one; R rolls out",
        ),
        (
            "s / e / [ ]",
            "save now / set up a position (:setup ID) / scroll the log",
        ),
        (
            "? / q",
            "this help / quit (asks first); Ctrl-C quits at once",
        ),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}
