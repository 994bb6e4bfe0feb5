//! The replay viewer's keys: what each asks for, and the help that lists them.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks the viewer for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ViewerMsg {
    /// Right: one checker move (or action) on.
    NextStep,
    /// Left: one back.
    PreviousStep,
    /// `n`, Down: to the next turn (a whole play, a cube action, a result).
    NextTurn,
    /// `p`, Up: back a turn.
    PreviousTurn,
    /// Page Down: the start of the next game.
    NextGame,
    /// Page Up: the start of this game, or of the one before.
    PreviousGame,
    /// Home: the start of the match.
    Start,
    /// End: the end of the record.
    End,
    /// `a`: the expert's judgement of the moment's decision, shown or hidden.
    Analysis,
    /// `A`: the analysis board shown or hidden.
    AnalysisBoard,
    /// `m`: to the next decision marked by the analysis.
    NextMistake,
    /// `M`: to the previous marked decision.
    PreviousMistake,
    /// `b`: the expert's better play on the board, or the play made.
    BetterPlay,
    /// `s`: the analysis's summary of each player.
    Summary,
    /// `h`: the study panel: the decision's alternatives ranked, the one made marked.
    Alternatives,
    /// `g`: the match graph, on / off.
    Graph,
    /// `P`: play on from the moment shown.
    PlayOn,
    /// `e`: the position editor on the moment shown.
    Edit,
    /// `?`: the help.
    Help,
    /// `q`, Esc, Ctrl-C: quit.
    Quit,
    /// Any other key.
    Other,
}

/// The message of a key.
#[must_use]
pub(crate) fn viewer_key(key: KeyEvent) -> ViewerMsg {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => ViewerMsg::Quit,
            _ => ViewerMsg::Other,
        };
    }
    match key.code {
        KeyCode::Right => ViewerMsg::NextStep,
        KeyCode::Left => ViewerMsg::PreviousStep,
        KeyCode::Char('n') | KeyCode::Down => ViewerMsg::NextTurn,
        KeyCode::Char('p') | KeyCode::Up => ViewerMsg::PreviousTurn,
        KeyCode::PageDown => ViewerMsg::NextGame,
        KeyCode::PageUp => ViewerMsg::PreviousGame,
        KeyCode::Home => ViewerMsg::Start,
        KeyCode::End => ViewerMsg::End,
        KeyCode::Char('a') => ViewerMsg::Analysis,
        KeyCode::Char('A') => ViewerMsg::AnalysisBoard,
        KeyCode::Char('m') => ViewerMsg::NextMistake,
        KeyCode::Char('M') => ViewerMsg::PreviousMistake,
        KeyCode::Char('b') => ViewerMsg::BetterPlay,
        KeyCode::Char('s') => ViewerMsg::Summary,
        KeyCode::Char('h') => ViewerMsg::Alternatives,
        KeyCode::Char('g') => ViewerMsg::Graph,
        KeyCode::Char('P') => ViewerMsg::PlayOn,
        KeyCode::Char('e') => ViewerMsg::Edit,
        KeyCode::Char('?') => ViewerMsg::Help,
        KeyCode::Char('q') | KeyCode::Esc => ViewerMsg::Quit,
        _ => ViewerMsg::Other,
    }
}

/// Every key of the viewer and what it does, as its help lists them.
#[must_use]
pub(crate) fn viewer_help_rows() -> Vec<(String, String)> {
    [
        ("Right / Left", "one checker move (or action) on / back"),
        (
            "n / p, Down / Up",
            "one turn on / back: a play, a cube action",
        ),
        (
            "PgDn / PgUp",
            "next game / start of this game, then previous",
        ),
        ("Home / End", "start / end of the match"),
        ("a", "the expert judges the decision shown: on / off"),
        ("A", "the analysis board (marks ?! ? ??): on / off"),
        ("m / M", "next / previous marked decision (analysis board)"),
        ("b", "the expert's better play on the board / the play made"),
        ("s", "the analysis summary: error rates, PR, luck"),
        ("h", "alternatives ranked, * the one made; R rolls out"),
        ("g", "the match graph (MWC % or equity); Left / Right on it"),
        ("P", "play on from here: two people, or against the expert"),
        ("e", "the position editor on this position"),
        ("?", "this help; any key but q closes it"),
        ("q / Esc", "quit (Esc first closes the help); also Ctrl-C"),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}
