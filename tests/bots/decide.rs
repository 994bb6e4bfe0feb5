//! The one decision table of every bot ([`bot::decide`]): the same rule for beavers,
//! resignations and take-overs wherever a bot plays (the arena, the terminal game, the
//! tests' own drivers).

use bg_tui::bot::decision::{take_over_bot, taken_over};
use bg_tui::bot::{self, Bot, Decision, DoubleAnswer, Question, ScoredPlay};
use bg_tui::engine::{Action, Dice, Ending, MatchState, Position, Rules, Side, Variant, WinKind};
use bg_tui::host::arena::play_game;

/// A bot that answers as told and counts what it is asked.
struct Scripted {
    resign: Option<WinKind>,
    accept: bool,
    double: bool,
    answer: DoubleAnswer,
    /// Offers to resign made.
    offers: usize,
}

impl Scripted {
    const fn new() -> Scripted {
        Scripted {
            resign: None,
            accept: false,
            double: false,
            answer: DoubleAnswer::Take,
            offers: 0,
        }
    }
}

impl Bot for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }

    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        bot::unranked(variant, position, dice)
    }

    fn offer_resignation(&mut self, _: &MatchState) -> Option<WinKind> {
        self.offers += usize::from(self.resign.is_some());
        self.resign
    }

    fn should_double(&mut self, _: &MatchState) -> bool {
        self.double
    }

    fn answer_double(&mut self, _: &MatchState) -> DoubleAnswer {
        self.answer
    }

    fn accept_resignation(&mut self, _: &MatchState, _: WinKind) -> bool {
        self.accept
    }
}

/// A game under `rules` with White's opening 3-1 played and Black's double on the table.
fn doubled(rules: Rules) -> MatchState {
    let mut m = MatchState::new(rules).unwrap();
    m.apply(Action::OpeningRoll { white: 3, black: 1 }).unwrap();
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    m.apply(Action::Double).unwrap();
    assert_eq!(Question::of(&m), Some(Question::AnswerDouble(Side::White)));
    m
}

#[test]
fn a_beaver_is_a_beaver_where_the_rules_allow_beavers_and_a_take_elsewhere() {
    let mut beaverer = Scripted::new();
    beaverer.answer = DoubleAnswer::Beaver;
    let beavers = Rules {
        beaver: true,
        ..Rules::money()
    };
    let mut m = doubled(beavers);
    let decision = bot::decide(&mut beaverer, &m, true);
    assert_eq!(decision, Decision::Act(Action::Beaver));
    // The doubler answering the beaver "beaver" takes it.
    m.apply(Action::Beaver).unwrap();
    assert_eq!(Question::of(&m), Some(Question::AnswerBeaver(Side::Black)));
    assert_eq!(
        bot::decide(&mut beaverer, &m, true),
        Decision::Act(Action::Take)
    );
    // Without beavers, and in a match, a beaver is a take.
    for rules in [Rules::money(), Rules::match_to(5)] {
        let m = doubled(rules);
        assert_eq!(
            bot::decide(&mut beaverer, &m, true),
            Decision::Act(Action::Take),
            "{rules:?}"
        );
    }
    let mut passer = Scripted::new();
    passer.answer = DoubleAnswer::Pass;
    assert_eq!(
        bot::decide(&mut passer, &doubled(beavers), true),
        Decision::Act(Action::Drop)
    );
}

/// The arena asks bots whether to resign, as the terminal game does (it used not to ask).
#[test]
fn the_arena_asks_a_bot_to_resign_and_its_opponent_to_accept() {
    let mut resigner = Scripted::new();
    resigner.resign = Some(WinKind::Single);
    let mut accepter = Scripted::new();
    accepter.accept = true;
    let outcome = play_game(&mut resigner, &mut accepter, Side::White, Rules::money(), 7).unwrap();
    assert_eq!(outcome.result.ending, Ending::Resignation);
    assert_eq!(outcome.result.winner, Some(Side::Black));
    assert_eq!(outcome.a_points, -1);
    assert_eq!(resigner.offers, 1);
}

/// An offer declined is not made again in the same game, wherever the bot plays (the tests'
/// driver used to ask again every turn, the arena never).
#[test]
fn a_bot_offers_to_resign_once_a_game() {
    let mut resigner = Scripted::new();
    resigner.resign = Some(WinKind::Single);
    let mut decliner = Scripted::new();
    let outcome = play_game(
        &mut resigner,
        &mut decliner,
        Side::Black,
        Rules::money(),
        11,
    )
    .unwrap();
    assert_ne!(outcome.result.ending, Ending::Resignation);
    assert_eq!(resigner.offers, 1);
}

/// A side taken over is the computer's to the end of the game, and the computer is the
/// strongest bot for the rule set (the terminal's rule, now the library's).
#[test]
fn a_side_taken_over_is_played_by_the_strongest_bot_to_the_end_of_the_game() {
    let mut m = MatchState::new(Rules::money()).unwrap();
    m.apply(Action::OpeningRoll { white: 3, black: 1 }).unwrap();
    m.apply(Action::TakeOver(Side::Black)).unwrap();
    assert!(taken_over(&m, Side::Black));
    assert!(!taken_over(&m, Side::White));
    assert_eq!(
        take_over_bot(Variant::Backgammon, 1).unwrap().name(),
        bot::strongest_for(Variant::Backgammon)
    );
    assert_eq!(
        take_over_bot(Variant::Plakoto, 1).unwrap().name(),
        bot::strongest_for(Variant::Plakoto)
    );
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    m.apply(Action::Resign(WinKind::Single)).unwrap();
    m.apply(Action::AcceptResignation).unwrap();
    assert!(!taken_over(&m, Side::Black), "only to the end of the game");
}

/// Whose decision the match waits for, phase by phase; nobody's are answered without the bot.
#[test]
fn whose_decision_it_is() {
    let mut m = MatchState::new(Rules::match_to(3)).unwrap();
    assert_eq!(Question::of(&m), Some(Question::OpeningRoll));
    assert_eq!(bot::decide(&mut Scripted::new(), &m, true), Decision::Roll);
    m.apply(Action::OpeningRoll { white: 3, black: 1 }).unwrap();
    assert_eq!(Question::of(&m), Some(Question::Play(Side::White)));
    assert!(Question::of(&m).unwrap().asks_bot(&m));
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).unwrap();
    assert_eq!(Question::of(&m), Some(Question::Cube(Side::Black)));
    m.apply(Action::Resign(WinKind::Single)).unwrap();
    assert_eq!(
        Question::of(&m),
        Some(Question::AnswerResignation(Side::White, WinKind::Single))
    );
    m.apply(Action::AcceptResignation).unwrap();
    assert_eq!(Question::of(&m), Some(Question::NextGame));
    assert_eq!(
        bot::decide(&mut Scripted::new(), &m, true),
        Decision::NextGame
    );
}
