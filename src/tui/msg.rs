//! Messages: keys, clicks, commands, bots' answers, workers' results and timer ticks as
//! what happened, before any rule is applied. [`crate::tui::keys`] turns keys into them;
//! [`crate::tui::App::update`] applies them.

use super::hint::HintPanel;
use super::hint_rollout::RolloutReport;
use super::model::Spot;
use super::tutor::TutorVerdict;
use bg_tui::bot::Decision;
use bg_tui::engine::{Side, WinKind};

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
    /// Cursor keys and `h`/`j`/`k`/`l`: the cursor moved.
    Cursor(Arrow),
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
    /// What the hint panel is asked (`H` opens it).
    Hint(HintMsg),
    /// `[` / `]`: the log scrolled.
    Log(LogMsg),
    /// `s`: save the match (where it was last saved, else under a dated name).
    Save,
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
    /// A table option turned on or off (or on to its next setting).
    Toggle(Toggle),
    /// The tutor's panel, or the tutor's verdict.
    Tutor(TutorMsg),
    /// `C`: the computer takes over the side whose time is out.
    TakeOver,
    /// `e`: set up a position (opens the position editor).
    EditPosition,
    /// `:setup TEXT`: the position editor holding a Position ID or an XGID.
    SetupFrom(String),
    /// A key of the position editor.
    Editor(EditorMsg),
    /// A key on a line being typed (the command line, or where to save a match that is
    /// not saved).
    Line(LineMsg),
    /// Any key while a panel (help, hint) is open: close it.
    ClosePanel,
    /// The answer to a question the keys were asked.
    Answer(Answer),
    /// The terminal has this many columns and rows.
    Resize(u16, u16),
    /// A bot's answer to the question with this id.
    BotDecided(u64, Decision),
    /// Time to show the next checker move of the bot's play with this id.
    BotStep(u64),
    /// How a save the runtime made for [`crate::tui::App::update`] went.
    Saved(crate::tui::effect::Saved),
    /// The bots the runtime made for `:bot NAME`.
    BotsMade(crate::tui::effect::MadeBots),
    /// No thread could start for the bot's question with this id: why (the bot waits
    /// for a key).
    BotStalled(u64, String),
    /// No thread could start to make the bots of the request with this id: why.
    BotsNotMade(u64, String),
    /// The drill's worker (the drill open over the match): a play valued, or a rollout's
    /// result so far.
    Drill(crate::tui::drill::DrillNews),
    /// A second has passed (a clock runs).
    Second,
    /// Any other key.
    Other,
    /// An event that changes nothing (a click off the board, mouse motion).
    Ignore,
}

/// What a key does in the position editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EditorMsg {
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

/// The answer to a question asked of the keys (over the board, until answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// To "quit?".
    Quit(bool),
    /// To "resign how much?" (`None`: none).
    Resign(Option<WinKind>),
    /// The way chosen for a checker that can reach its point in several ways (`None`:
    /// none), counted from 1.
    Way(Option<usize>),
}

/// The table's options the keys turn on and off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Toggle {
    /// `a`: automatic rolling: off, when no double is possible, always.
    AutoRoll,
    /// `o`: the computer bears off for the player once there is no contact.
    AutoBearOff,
    /// `T`: the tutor view (point numbers for both sides).
    TutorView,
    /// `m`: tutor mode (the expert judges a person's decisions before they are made).
    TutorMode,
    /// `f`: the board fixed (White at the bottom) or turned to the player on roll.
    TurnBoard,
    /// `i`: the position as text on the panel, on and off: the XGID in place of the IDs
    /// (and into the log) in backgammon, Portes and Jacquet, the board text in Plakoto and
    /// Fevga.
    PositionText,
}

/// An arrow key (or `h`, `j`, `k`, `l`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arrow {
    /// Left.
    Left,
    /// Right.
    Right,
    /// Up.
    Up,
    /// Down.
    Down,
}

/// What the hint panel is asked: the hint's own part takes these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HintMsg {
    /// `H`: the strongest bot's advice.
    Ask,
    /// The hint asked for with this id, worked out.
    Ready(u64, Box<HintPanel>),
    /// No thread could start for the hint asked for with this id: why.
    NotStarted(u64, String),
    /// Up (`false`) or Down (`true`) in the panel: choose the play above or below.
    Step(bool),
    /// Enter (`None`: the chosen line) or a digit 1-9 (that line, from 0) in the panel:
    /// play that line's play.
    Play(Option<usize>),
    /// `R` in the panel: roll its lines out.
    RollOut,
    /// `t`, `d` or `c` in the panel: change how `R` rolls out.
    Knob(RolloutKnob),
    /// Esc in the panel while its rollout runs: stop it, keeping the result so far.
    StopRollout,
    /// A rollout's result so far (the rollout with this id).
    Report(u64, Box<RolloutReport>),
}

/// `[` and `]`: the log scrolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LogMsg {
    /// `[`: one event back (older).
    Back,
    /// `]`: one event on (newer).
    Forward,
}

/// Tutor mode's messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TutorMsg {
    /// In the tutor's panel: keep the decision (make it as it was).
    Keep,
    /// In the tutor's panel (or while it thinks): take the decision back.
    TakeBack,
    /// Any other key while the tutor thinks or its panel is open.
    Wait,
    /// The tutor's verdict on the decision held back with this id.
    Ready(u64, Box<TutorVerdict>),
}

/// A key on a line being typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineMsg {
    /// A character typed.
    Char(char),
    /// Backspace (closes the command line when empty).
    Back,
    /// Enter.
    Enter,
    /// Esc.
    Cancel,
    /// Up on the command line: the line typed before.
    HistoryBack,
    /// Down on the command line: the line typed after.
    HistoryForward,
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
