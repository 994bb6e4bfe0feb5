//! Property tests over many random games driven through the match state machine.

use bg_tui::engine::{
    Action, Dice, MatchError, MatchState, Phase, Play, Position, Rules, Variant, WinKind,
};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

fn checkers(position: &Position) -> (u32, u32) {
    let b = position.board();
    let mover: u32 = b.iter().filter(|&&n| n > 0).map(|&n| n as u32).sum();
    let opp: u32 = b
        .iter()
        .filter(|&&n| n < 0)
        .map(|&n| n.unsigned_abs() as u32)
        .sum();
    (
        mover + u32::from(position.mover_off()),
        opp + u32::from(position.opponent_off()),
    )
}

/// A random action: mostly sensible for the phase, sometimes anything at all.
fn random_action(m: &MatchState, rng: &mut ChaCha8Rng) -> Action {
    let game = m.game();
    let dice = Dice::roll(rng);
    if rng.random_range(0..10) == 0 {
        // Anything, legal or not, including a play of another roll.
        let stray = Variant::Backgammon.legal_plays(game.position(), Dice::roll(rng));
        return match rng.random_range(0..11) {
            0 => Action::OpeningRoll {
                white: rng.random_range(0..9),
                black: rng.random_range(0..9),
            },
            1 => Action::Roll(dice),
            2 => Action::Play(
                stray
                    .first()
                    .copied()
                    .unwrap_or(Play::empty(*game.position())),
            ),
            3 => Action::Double,
            4 => Action::Take,
            5 => Action::Drop,
            6 => Action::Beaver,
            7 => Action::Resign(WinKind::Gammon),
            8 => Action::AcceptResignation,
            9 => Action::DeclineResignation,
            _ => Action::Play(Play::empty(Position::START)),
        };
    }
    if game.resignation().is_some() {
        return if rng.random_bool(0.5) {
            Action::AcceptResignation
        } else {
            Action::DeclineResignation
        };
    }
    match game.phase() {
        Phase::Opening => Action::OpeningRoll {
            white: rng.random_range(1..=6),
            black: rng.random_range(1..=6),
        },
        Phase::Rolling => {
            if game.may_double().is_ok() && rng.random_range(0..20) == 0 {
                Action::Double
            } else if rng.random_range(0..300) == 0 {
                Action::Resign(WinKind::Single)
            } else {
                Action::Roll(dice)
            }
        }
        Phase::Moving(_) => {
            let plays = game.legal_plays();
            if plays.is_empty() {
                Action::Play(Play::empty(*game.position()))
            } else {
                Action::Play(plays[rng.random_range(0..plays.len())])
            }
        }
        Phase::DoubleOffered => match rng.random_range(0..4) {
            0 => Action::Drop,
            1 => Action::Beaver,
            _ => Action::Take,
        },
        Phase::Beavered => {
            if rng.random_bool(0.5) {
                Action::Take
            } else {
                Action::Drop
            }
        }
        Phase::Over(_) => Action::Double,
    }
}

fn rules_for(choice: u8) -> Rules {
    match choice % 4 {
        0 => Rules::match_to(5),
        1 => Rules {
            beaver: true,
            jacoby: true,
            auto_doubles: 2,
            ..Rules::money()
        },
        2 => Rules {
            cube_cap: 8,
            ..Rules::match_to(3)
        },
        _ => Rules {
            cube: false,
            ..Rules::money()
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random actions never panic; a refused action changes nothing; 15 checkers a side;
    /// every game ends; matches end with a winner.
    #[test]
    fn random_actions_keep_every_invariant(seed in any::<u64>(), choice in any::<u8>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = MatchState::new(rules_for(choice)).unwrap();
        let mut games = 0;
        let mut steps = 0;
        while !m.is_over() && games < 4 {
            steps += 1;
            prop_assert!(steps < 20_000, "a match of 4 games did not end");
            let action = random_action(&m, &mut rng);
            let before = m.clone();
            match m.apply(action) {
                Ok(()) => {}
                Err(MatchError::MatchOver) => prop_assert!(false, "apply after the end"),
                Err(_) => prop_assert_eq!(&m, &before, "a refused {:?} changed the state", action),
            }
            prop_assert_eq!(checkers(m.game().position()), (15, 15));
            if let Some(result) = m.game().result() {
                prop_assert!(result.points >= 1);
                games += 1;
                if m.is_over() {
                    break;
                }
                m.next_game().unwrap();
            }
        }
        let total: u32 = m.results().iter().map(|r| r.points).sum();
        prop_assert_eq!(total, m.score(bg_tui::engine::Side::White) + m.score(bg_tui::engine::Side::Black));
    }
}

/// Without cube or resignations, every game of random play ends by bearing off, the score
/// grows by 1 to 3 points a game, and the winner has no checker left.
#[test]
fn random_games_end_by_bearing_off() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let rules = Rules {
        cube: false,
        ..Rules::money()
    };
    let mut m = MatchState::new(rules).unwrap();
    let mut kinds = [0u32; 3];
    for _ in 0..500 {
        let mut actions = 0;
        while m.game().result().is_none() {
            actions += 1;
            assert!(actions < 10_000, "a game did not end");
            let game = m.game();
            let action = match game.phase() {
                Phase::Opening => Action::OpeningRoll {
                    white: rng.random_range(1..=6),
                    black: rng.random_range(1..=6),
                },
                Phase::Rolling => Action::Roll(Dice::roll(&mut rng)),
                Phase::Moving(_) => {
                    let plays = game.legal_plays();
                    if plays.is_empty() {
                        Action::Play(Play::empty(*game.position()))
                    } else {
                        Action::Play(plays[rng.random_range(0..plays.len())])
                    }
                }
                other => panic!("unexpected phase {other:?} without a cube"),
            };
            m.apply(action).unwrap();
        }
        let result = m.game().result().unwrap();
        assert_eq!(result.ending, bg_tui::engine::Ending::BearOff);
        assert!(
            m.game()
                .position_for(result.winner.unwrap())
                .mover_has_won()
        );
        kinds[result.kind.multiplier() as usize - 1] += 1;
        m.next_game().unwrap();
    }
    // Random play gives plenty of gammons and some backgammons.
    assert!(
        kinds.iter().all(|&k| k > 0),
        "single/gammon/backgammon counts {kinds:?}"
    );
}

/// Each side's checkers counted from the explicit borne-off counts: on the board (pinned ones
/// included), on the bar and off.
fn checkers_of_every_rule_set(position: &Position) -> (u32, u32) {
    let spec = bg_tui::engine::BoardSpec::of_position(position);
    let sum = |v: &[u8]| v.iter().map(|&n| u32::from(n)).sum::<u32>();
    (
        sum(&spec.mine) + u32::from(spec.bar[0]) + u32::from(position.mover_off()),
        sum(&spec.theirs) + u32::from(spec.bar[1]) + u32::from(position.opponent_off()),
    )
}

/// A rule set and options: each rule set, money or a match, with its cube where it has one.
fn rule_set_rules(choice: u8) -> Rules {
    use bg_tui::engine::RuleSet;
    let rule_set = RuleSet::ALL[usize::from(choice) % RuleSet::ALL.len()];
    let match_length = (choice / 8).is_multiple_of(2).then_some(5);
    Rules {
        match_length,
        schmidt: choice.is_multiple_of(16) && rule_set == RuleSet::Backgammon,
        ..Rules::of(rule_set)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Every rule set, random play through the recorder: 15 checkers a side from the explicit
    /// counts, every legal play of a roll uses the same number of dice, every game ends (by
    /// bearing off, a pinned mother, a draw, a drop or a resignation), a draw scores nothing,
    /// and the record loads back to the same match.
    #[test]
    fn every_rule_set_keeps_its_invariants_and_records_round_trip(seed in any::<u64>(), choice in any::<u8>()) {
        let rules = rule_set_rules(choice);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = MatchState::new(rules).unwrap();
        let players = [
            bg_tui::record::PlayerInfo::human("A"),
            bg_tui::record::PlayerInfo::human("B"),
        ];
        let mut recorder = bg_tui::record::Recorder::new(players, rules, Some(seed));
        let mut games = 0;
        let mut actions = 0;
        while !m.is_over() && games < 3 {
            actions += 1;
            prop_assert!(actions < 30_000, "three games of {:?} did not end", rules.rule_set);
            let game = m.game();
            prop_assert_eq!(game.variant(), rules.rule_set.variant_of_game(games));
            if let Phase::Moving(_) = game.phase() {
                let plays = game.legal_plays();
                if let Some(first) = plays.first() {
                    prop_assert!(plays.iter().all(|p| p.dice_used() == first.dice_used()));
                }
            }
            let action = random_action(&m, &mut rng);
            let _ = recorder.apply(&mut m, action);
            prop_assert_eq!(checkers_of_every_rule_set(m.game().position()), (15, 15));
            if let Some(result) = m.game().result() {
                prop_assert_eq!(result.points == 0, result.winner.is_none());
                games += 1;
                if m.is_over() {
                    break;
                }
                recorder.next_game(&mut m).unwrap();
            }
        }
        let json = bg_tui::record::to_json(recorder.as_record());
        let (_, loaded) = bg_tui::record::load(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(loaded, m);
    }
}
