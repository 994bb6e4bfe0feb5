//! The one decision table of every bot ([`bot::decide`]): the same rule for beavers,
//! resignations and take-overs wherever a bot plays (the arena, the terminal game, the
//! tests' own drivers).

use bg_tui::bot::{self, Bot, Decision, DoubleAnswer, Question, ScoredPlay};
use bg_tui::bot::{take_over_bot, taken_over};
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
        bot::strongest_for(Variant::Backgammon).to_string()
    );
    assert_eq!(
        take_over_bot(Variant::Plakoto, 1).unwrap().name(),
        bot::strongest_for(Variant::Plakoto).to_string()
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

/// A bot that plays the first legal play and notes whether it was ever asked to choose
/// among fewer than two.
struct Counting {
    asked_forced: bool,
    asked: usize,
}

impl Bot for Counting {
    fn name(&self) -> &str {
        "counting"
    }

    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        let plays = bot::unranked(variant, position, dice);
        self.asked += 1;
        self.asked_forced |= plays.len() < 2;
        plays
    }

    fn should_double(&mut self, _: &MatchState) -> bool {
        false
    }

    fn answer_double(&mut self, _: &MatchState) -> DoubleAnswer {
        DoubleAnswer::Take
    }

    fn accept_resignation(&mut self, _: &MatchState, _: WinKind) -> bool {
        false
    }
}

/// A play the dice force (none or one legal play) is made without asking the bot, wherever
/// it plays (the terminal game and the tests' driver used to ask).
#[test]
fn a_forced_play_is_made_without_asking_the_bot() {
    for seed in 0..4 {
        let mut a = Counting {
            asked_forced: false,
            asked: 0,
        };
        let mut b = Counting {
            asked_forced: false,
            asked: 0,
        };
        play_game(&mut a, &mut b, Side::White, Rules::money(), seed).unwrap();
        assert!(a.asked > 0 && b.asked > 0);
        assert!(!a.asked_forced && !b.asked_forced, "seed {seed}");
    }
}

/// The host carries out the bots' decisions, draws the dice and records every action: the
/// record replays to the match it played.
#[test]
fn the_host_plays_a_match_with_bots_and_records_it() {
    use bg_tui::host::Host;
    use bg_tui::record::{PlayerInfo, Recorder, load, to_json};
    use rand::SeedableRng;

    let rules = Rules::match_to(3);
    let recorder = Recorder::new(
        [PlayerInfo::bot("greedy"), PlayerInfo::bot("pubeval")],
        rules,
        Some(5),
    );
    let rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
    let mut host = Host::new(MatchState::new(rules).unwrap(), recorder, rng);
    let mut bots = [
        bot::make("greedy", 1).unwrap(),
        bot::make("pubeval", 2).unwrap(),
    ];
    while let Some(question) = Question::of(host.state()) {
        let decision = match question.side() {
            Some(side) => host.ask(&mut *bots[side.index()]),
            None if question == Question::NextGame => Decision::NextGame,
            None => Decision::Roll,
        };
        host.carry_out(decision).unwrap();
    }
    assert!(host.state().is_over());
    let (record, replayed) = load(&to_json(host.record())).unwrap();
    assert_eq!(&record, host.record());
    assert_eq!(replayed.results(), host.state().results());
}
