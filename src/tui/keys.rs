//! Keys, clicks, bots' answers and timer ticks as messages: what happened, before any rule
//! is applied. [`crate::tui::App::update`] applies them.

use super::hint::HintPanel;
use super::hint_rollout::RolloutReport;
use super::model::Spot;
use super::tutor::Verdict;
use bg_tui::bot::Decision;
use bg_tui::engine::{Side, WinKind};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What the player asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Msg {
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
    /// `[`: the log scrolled one event back (older).
    LogBack,
    /// `]`: the log scrolled one event on (newer).
    LogForward,
    /// `q`: quit (asks first).
    Quit,
    /// Ctrl-C: quit now.
    QuitNow,
    /// The process was told to stop (a signal): quit at once, asking nothing.
    Terminate,
    /// A click on a spot of the board.
    Click(Spot),
    /// Tab: the cursor to the next checker that can move.
    NextChecker,
    /// Shift-Tab: the cursor to the previous checker that can move.
    PreviousChecker,
    /// `a`: automatic rolling: off, when no double is possible, always.
    ToggleAutoRoll,
    /// `o`: the computer bears off for the player once there is no contact.
    ToggleAutoBearOff,
    /// `T`: the tutor view (point numbers for both sides).
    ToggleTutor,
    /// `m`: tutor mode (the expert judges a person's decisions before they are made).
    ToggleTutorMode,
    /// In the tutor's panel: keep the decision (make it as it was).
    TutorKeep,
    /// In the tutor's panel (or while it thinks): take the decision back.
    TutorTakeBack,
    /// Any other key while the tutor thinks.
    TutorWait,
    /// The tutor's verdict on the decision held back with this id.
    TutorReady(u64, Box<Verdict>),
    /// `f`: the board fixed (White at the bottom) or turned to the player on roll.
    ToggleTurnBoard,
    /// The position as text on the panel, on and off: the XGID in place of the IDs (and into
    /// the log) in backgammon, Portes and Jacquet, the board text in Plakoto and Fevga.
    ShowPositionText,
    /// `C`: the computer takes over the side whose time is out.
    TakeOver,
    /// `e`: set up a position (opens the position editor).
    EditPosition,
    /// `:setup TEXT`: the position editor holding a Position ID or an XGID.
    SetupFrom(String),
    /// A key of the position editor.
    Setup(SetupKey),
    /// A character typed on the command line.
    CommandChar(char),
    /// Backspace on the command line (closes it when empty).
    CommandBack,
    /// Enter on the command line.
    CommandEnter,
    /// Esc on the command line.
    CommandCancel,
    /// Up on the command line: the line typed before.
    HistoryBack,
    /// Down on the command line: the line typed after.
    HistoryForward,
    /// Any key while a panel (help, hint) is open: close it.
    ClosePanel,
    /// Up (`false`) or Down (`true`) in the hint panel: choose the play above or below.
    HintStep(bool),
    /// Enter (`None`: the chosen line) or a digit 1-9 (that line, from 0) in the hint
    /// panel: play that line's play.
    HintPlay(Option<usize>),
    /// `R` in the hint panel: roll its lines out.
    HintRollout,
    /// `t`, `d` or `c` in the hint panel: change how `R` rolls out.
    RolloutKnob(RolloutKnob),
    /// Esc in the hint panel while its rollout runs: stop it, keeping the result so far.
    RolloutStop,
    /// A rollout's result so far (the rollout with this id).
    RolloutReport(u64, Box<RolloutReport>),
    /// The answer to "quit?".
    ConfirmQuit(bool),
    /// The answer to "resign how much?" (`None`: none).
    ResignLevel(Option<WinKind>),
    /// The way chosen for a checker that can reach its point in several ways (`None`:
    /// none), counted from 1.
    Way(Option<usize>),
    /// The terminal has this many columns and rows.
    Resize(u16, u16),
    /// A bot's answer to the question with this id.
    BotDecided(u64, Decision),
    /// Time to show the next checker move of the bot's play with this id.
    BotStep(u64),
    /// The hint asked for with this id, worked out.
    HintReady(u64, Box<HintPanel>),
    /// How a save the runtime made for [`crate::tui::App::update`] went.
    Saved(crate::tui::effect::Saved),
    /// The bots the runtime made for `:bot NAME`.
    BotsMade(crate::tui::effect::MadeBots),
    /// A worker thread could not start: what it was for, its question's id, and why.
    NotStarted(crate::tui::effect::Work, u64, String),
    /// A second has passed (a clock runs).
    Second,
    /// Any other key.
    Other,
    /// An event that changes nothing (a click off the board, mouse motion).
    Ignore,
}

/// What a key does in the position editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetupKey {
    /// `w` / `b`: add a checker of that side on the cursor's point (or its bar).
    Add(Side),
    /// `x`, Backspace or Delete: take the top checker off the cursor's point.
    Remove,
    /// `p`: pin or free the single checker on the cursor's point (Plakoto).
    Pin,
    /// `c`: clear the board.
    Clear,
    /// `i`: the rule set's starting position.
    Initial,
    /// `t`: the other player on roll.
    Turn,
    /// A digit: `1`-`6` a die (two make the dice), `0` no dice.
    Die(u8),
    /// `r`: roll the dice for the position.
    RollDice,
    /// `v`: double the cube (back to 1 past the cap).
    CubeUp,
    /// `o`: the cube's owner: centre, White, Black.
    CubeOwner,
    /// `W` / `B`: a point more for that side (back to 0 at the match length).
    Score(Side),
    /// `C`: this game the Crawford game or not.
    Crawford,
    /// Enter: play the position (the engine checks it first).
    Accept,
    /// Esc: back to the game, unchanged.
    Cancel,
    /// `?`: the editor's keys.
    Help,
    /// Any other key.
    Unknown,
}

/// The message of a key in the position editor.
#[must_use]
pub(crate) fn setup_key(key: KeyEvent) -> Msg {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => Msg::QuitNow,
            _ => Msg::Setup(SetupKey::Unknown),
        };
    }
    let k = match key.code {
        KeyCode::Left | KeyCode::Char('h') => return Msg::Left,
        KeyCode::Right | KeyCode::Char('l') => return Msg::Right,
        KeyCode::Up | KeyCode::Char('k') => return Msg::Up,
        KeyCode::Down | KeyCode::Char('j') => return Msg::Down,
        KeyCode::Char('w') => SetupKey::Add(Side::White),
        KeyCode::Char('b') => SetupKey::Add(Side::Black),
        KeyCode::Char('x') | KeyCode::Backspace | KeyCode::Delete => SetupKey::Remove,
        KeyCode::Char('p') => SetupKey::Pin,
        KeyCode::Char('c') => SetupKey::Clear,
        KeyCode::Char('i') => SetupKey::Initial,
        KeyCode::Char('t') => SetupKey::Turn,
        KeyCode::Char(c @ '0'..='6') => SetupKey::Die(c as u8 - b'0'),
        KeyCode::Char('r') => SetupKey::RollDice,
        KeyCode::Char('v') => SetupKey::CubeUp,
        KeyCode::Char('o') => SetupKey::CubeOwner,
        KeyCode::Char('W') => SetupKey::Score(Side::White),
        KeyCode::Char('B') => SetupKey::Score(Side::Black),
        KeyCode::Char('C') => SetupKey::Crawford,
        KeyCode::Enter => SetupKey::Accept,
        KeyCode::Esc => SetupKey::Cancel,
        KeyCode::Char('?') => SetupKey::Help,
        _ => SetupKey::Unknown,
    };
    Msg::Setup(k)
}

/// The position editor's keys, as its help panel (`?` in the editor) lists them.
#[must_use]
pub(crate) fn setup_help_rows() -> Vec<(String, String)> {
    [
        (
            "arrows, h j k l",
            "move the cursor over points, bar and tray",
        ),
        (
            "set-up: w b x p",
            "add White / Black checker at the cursor, remove, pin",
        ),
        (
            "set-up: c i t",
            "clear the board / starting position / other side on roll",
        ),
        ("set-up: 1-6 0 r", "type the two dice / no dice / roll them"),
        (
            "set-up: v o W B C",
            "cube value / owner; score points; Crawford game",
        ),
        (
            "set-up: Enter Esc",
            "play the position (checked first) / back unchanged",
        ),
        (
            ":setup ID",
            "in the game: the editor holding a Position ID or an XGID",
        ),
        ("?", "this help; any key closes it"),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}

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
        KeyCode::Char('[') => Msg::LogBack,
        KeyCode::Char(']') => Msg::LogForward,
        KeyCode::Tab => Msg::NextChecker,
        KeyCode::BackTab => Msg::PreviousChecker,
        KeyCode::Char('a') => Msg::ToggleAutoRoll,
        KeyCode::Char('o') => Msg::ToggleAutoBearOff,
        KeyCode::Char('T') => Msg::ToggleTutor,
        KeyCode::Char('f') => Msg::ToggleTurnBoard,
        KeyCode::Char('m') => Msg::ToggleTutorMode,
        KeyCode::Char('i') => Msg::ShowPositionText,
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
            ": bot",
            "bot greedy: the computer plays the side to act; :human back",
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

/// What `t`, `d` and `c` change in the hint panel's rollout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RolloutKnob {
    /// `t`: the next number of trials.
    Trials,
    /// `d`: the other look-ahead (0 or 1 ply).
    Depth,
    /// `c`: the next cut (turns a trial is played before the nets value it).
    Cut,
}
