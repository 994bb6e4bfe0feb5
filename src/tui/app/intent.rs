//! What a person's key means for the match now, read from the match alone: a decision to
//! make (through the tutor), an action to make at once, the opening roll, the next game,
//! the end of a money session, a key that builds the move on the board, or a refusal with
//! its reason. The game carries the intent out ([`super::App`]'s play handlers); this
//! reading changes nothing, so it is tested on its own.

use super::match_table::Table;
use super::match_words::MatchWords;
use crate::tui::msg::Msg;
use crate::tui::tutor::PersonDecision;
use bg_tui::engine::{Action, Phase, Play};

/// What a person's key means for the match now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Intent {
    /// Nothing happens, and there is nothing to say.
    Nothing,
    /// Nothing happens: the line says why, or what to do.
    Refused(String),
    /// A decision of the person's, judged first in tutor mode.
    Decide(PersonDecision),
    /// An action made at once (an answer to a resignation, a beaver, a resignation).
    Act(Action),
    /// The opening roll.
    OpeningRoll,
    /// The next game of the match or session starts.
    NextGame,
    /// The money session ends here (`full`: because its record is as long as a record
    /// may be).
    EndSession {
        /// The record is full: no game can follow.
        full: bool,
    },
    /// A roll with nothing to play: the turn passes with this (empty) play.
    PassTurn(Play),
    /// A key that builds the move on the board.
    Board(BoardKey),
}

/// A key that builds a person's move on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BoardKey {
    /// Enter or a click: pick up, put down, or confirm the play.
    Select,
    /// A digit: move by that die.
    Die(u8),
    /// `u`: take back the last checker moved.
    Undo,
}

/// What `msg` means on `table`'s match now, with its `words`, for the person whose decision
/// it is (a bot's side and a bot thinking are refused before this is asked); `picked`: a
/// checker is picked up.
pub(super) fn intent(table: &Table, words: &MatchWords, msg: Msg, picked: bool) -> Intent {
    let refused = |why: &str| Intent::Refused(why.to_string());
    let game = table.game();
    let answering = game.resignation().is_some()
        || matches!(game.phase(), Phase::DoubleOffered | Phase::Beavered);
    if !answering && game.result().is_none() {
        match msg {
            Msg::Take | Msg::Pass | Msg::Beaver => return refused("there is no double to answer"),
            Msg::Yes | Msg::No => return refused("there is no question to answer"),
            Msg::Digit(_) | Msg::Undo if !matches!(game.phase(), Phase::Moving(_)) => {
                return refused("roll first: there are no dice to move with");
            }
            _ => {}
        }
    }
    if game.result().is_some() {
        return between_games(table, msg);
    }
    if let Some(resignation) = game.resignation() {
        return match msg {
            Msg::Yes => Intent::Act(Action::AcceptResignation),
            Msg::No => Intent::Act(Action::DeclineResignation),
            _ => Intent::Refused(format!(
                "{} offers to resign: accept (y) or decline (n)",
                words.name(resignation.by)
            )),
        };
    }
    match (game.phase(), msg) {
        (Phase::Opening, Msg::Roll | Msg::Select) => Intent::OpeningRoll,
        (Phase::Opening, _) => refused("press r for the opening roll"),
        (Phase::Rolling, Msg::Roll) => Intent::Decide(PersonDecision::Roll),
        (Phase::Rolling, Msg::Double) => Intent::Decide(PersonDecision::Double),
        (
            Phase::Rolling | Phase::DoubleOffered | Phase::Beavered | Phase::Moving(_),
            Msg::Resign(level),
        ) => Intent::Act(Action::Resign(level)),
        (Phase::Rolling, _) => Intent::Refused(match game.may_double() {
            Ok(()) => format!("{}: roll (r) or double (d)", words.name(game.turn())),
            Err(_) => format!("{}: roll (r)", words.name(game.turn())),
        }),
        (Phase::DoubleOffered | Phase::Beavered, Msg::Take) => Intent::Decide(PersonDecision::Take),
        (Phase::DoubleOffered | Phase::Beavered, Msg::Pass) => Intent::Decide(PersonDecision::Pass),
        (Phase::DoubleOffered | Phase::Beavered, Msg::Beaver) => Intent::Act(Action::Beaver),
        (Phase::DoubleOffered | Phase::Beavered, _) => {
            refused("answer the double: take (t) or pass (p)")
        }
        (Phase::Moving(_), msg) => moving(table, words, msg, picked),
        (Phase::Over(_), _) => Intent::Nothing,
    }
}

/// A key between two games (or once the match is over).
fn between_games(table: &Table, msg: Msg) -> Intent {
    if table.state().is_over() {
        return Intent::Refused("the match is over: q quits".to_string());
    }
    let money = table.state().rules().is_money();
    match msg {
        Msg::No if money => Intent::EndSession { full: false },
        Msg::Yes | Msg::Select | Msg::Roll if money && table.record_is_full() => {
            Intent::EndSession { full: true }
        }
        Msg::Yes | Msg::Select | Msg::Roll => Intent::NextGame,
        _ if money => Intent::Refused("another game? y or n".to_string()),
        _ => Intent::Refused("press Enter for the next game".to_string()),
    }
}

/// A key while the player on roll moves checkers.
fn moving(table: &Table, words: &MatchWords, msg: Msg, picked: bool) -> Intent {
    let Some(turn) = table.turn() else {
        return Intent::Nothing;
    };
    if turn.dice_needed() == 0 {
        // Nothing can be played: the turn passes on any key.
        return match turn.finished() {
            Some(play) => Intent::PassTurn(play),
            None => Intent::Nothing,
        };
    }
    match msg {
        Msg::Select => Intent::Board(BoardKey::Select),
        Msg::Digit(die) => Intent::Board(BoardKey::Die(die)),
        Msg::Undo => Intent::Board(BoardKey::Undo),
        Msg::Roll => Intent::Refused("the dice are rolled: move".to_string()),
        Msg::Double => Intent::Refused("doubling comes before rolling".to_string()),
        // The person's own turn: what the status line says (no bot, no double to ask).
        _ => Intent::Refused(words.status(picked, false, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::engine::{MatchState, Rules, WinKind};
    use bg_tui::host::Host;
    use bg_tui::record::{PlayerInfo, Recorder};

    const NAMES: [&str; 2] = ["Ann", "Bob"];

    /// A table of two people playing `rules`, its match taken through `actions`.
    fn table(rules: Rules, actions: &[Action]) -> Table {
        let players = [PlayerInfo::human(NAMES[0]), PlayerInfo::human(NAMES[1])];
        let mut recorder = Recorder::new(players, rules, Some(1));
        let mut m = MatchState::new(rules).expect("the rules go together");
        for &action in actions {
            recorder.apply(&mut m, action).expect("a legal action");
        }
        let mut table = Table::new(Host::seeded(m, recorder, 1));
        let _ = table.follow_game();
        table
    }

    fn meaning(table: &Table, msg: Msg) -> Intent {
        let names = NAMES.map(str::to_string);
        intent(table, &MatchWords::new(table, &names), msg, false)
    }

    fn opened() -> [Action; 1] {
        [Action::OpeningRoll { white: 5, black: 3 }]
    }

    /// The opening 5-3, and White's first play of it: Black is to roll.
    fn first_play() -> [Action; 2] {
        let mut m = MatchState::new(Rules::money()).expect("money");
        m.apply(opened()[0]).expect("the opening roll");
        [opened()[0], Action::Play(m.game().legal_plays()[0])]
    }

    #[test]
    fn the_opening_takes_only_the_roll() {
        let t = table(Rules::money(), &[]);
        assert_eq!(meaning(&t, Msg::Roll), Intent::OpeningRoll);
        assert_eq!(meaning(&t, Msg::Select), Intent::OpeningRoll);
        assert_eq!(
            meaning(&t, Msg::Double),
            Intent::Refused("press r for the opening roll".to_string())
        );
        assert_eq!(
            meaning(&t, Msg::Take),
            Intent::Refused("there is no double to answer".to_string())
        );
    }

    #[test]
    fn keys_before_the_roll_are_a_roll_a_double_or_refused() {
        // White played the opening 5-3; Black is to roll and may double.
        let t = table(Rules::money(), &first_play());
        assert_eq!(meaning(&t, Msg::Roll), Intent::Decide(PersonDecision::Roll));
        assert_eq!(
            meaning(&t, Msg::Double),
            Intent::Decide(PersonDecision::Double)
        );
        assert_eq!(
            meaning(&t, Msg::Digit(3)),
            Intent::Refused("roll first: there are no dice to move with".to_string())
        );
        assert_eq!(
            meaning(&t, Msg::Resign(WinKind::Single)),
            Intent::Act(Action::Resign(WinKind::Single))
        );
        assert_eq!(
            meaning(&t, Msg::Escape),
            Intent::Refused("Bob: roll (r) or double (d)".to_string())
        );
    }

    #[test]
    fn a_double_is_answered_and_nothing_else() {
        let [opening, play] = first_play();
        let t = table(Rules::money(), &[opening, play, Action::Double]);
        assert_eq!(meaning(&t, Msg::Take), Intent::Decide(PersonDecision::Take));
        assert_eq!(meaning(&t, Msg::Pass), Intent::Decide(PersonDecision::Pass));
        assert_eq!(
            meaning(&t, Msg::Roll),
            Intent::Refused("answer the double: take (t) or pass (p)".to_string())
        );
    }

    #[test]
    fn the_board_keys_build_the_move_and_the_others_say_so() {
        let t = table(Rules::money(), &opened());
        assert_eq!(meaning(&t, Msg::Select), Intent::Board(BoardKey::Select));
        assert_eq!(meaning(&t, Msg::Digit(5)), Intent::Board(BoardKey::Die(5)));
        assert_eq!(meaning(&t, Msg::Undo), Intent::Board(BoardKey::Undo));
        assert_eq!(
            meaning(&t, Msg::Roll),
            Intent::Refused("the dice are rolled: move".to_string())
        );
        assert_eq!(
            meaning(&t, Msg::Double),
            Intent::Refused("doubling comes before rolling".to_string())
        );
    }

    #[test]
    fn after_a_money_game_yes_plays_on_and_no_ends_the_session() {
        let t = table(
            Rules::money(),
            &[opened()[0], Action::Resign(WinKind::Single)],
        );
        let t_over = {
            let mut t = t;
            t.carry_out(bg_tui::bot::Decision::Act(Action::AcceptResignation))
                .expect("accepted");
            t
        };
        assert_eq!(meaning(&t_over, Msg::Yes), Intent::NextGame);
        assert_eq!(
            meaning(&t_over, Msg::No),
            Intent::EndSession { full: false }
        );
        assert_eq!(
            meaning(&t_over, Msg::Double),
            Intent::Refused("another game? y or n".to_string())
        );
    }
}
