//! The `greedy` bot: its evaluation prefers what a backgammon player prefers, it only makes
//! legal plays, it is deterministic, its cube and resignation decisions follow its rules, and
//! it beats the random bot clearly.

use crate::common;

use common::sides as position;

use bg_tui::bot::greedy::{GreedyBot, evaluate, keith_count, keith_cube};
use bg_tui::bot::{Bot, DoubleAnswer, make};
use bg_tui::engine::{
    Action, Cube, Dice, Game, MatchState, Phase, Play, Position, Rules, Side, Variant, WinKind,
    roll_die,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice")
}

fn best(position: &Position, roll: Dice) -> Play {
    let ranked = GreedyBot::new(0).rank_plays(Variant::Backgammon, position, roll);
    ranked.first().expect("some legal play").play
}

#[test]
fn makes_the_five_point_with_an_opening_three_one() {
    let play = best(&Position::START, dice(3, 1));
    let after = play.position();
    assert_eq!(after.mover_on(5), 2, "8/5 6/5 makes the 5-point");
    assert_eq!(after.mover_on(8), 2);
    assert_eq!(after.mover_on(6), 4);
}

#[test]
fn making_the_five_point_beats_leaving_a_blot_there() {
    // After 3-1: 8/5 6/5 against 13/10 6/5 (slotting, two blots).
    let made = position(
        &[(24, 2), (13, 5), (8, 2), (6, 4), (5, 2)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
    );
    let slotted = position(
        &[(24, 2), (13, 4), (10, 1), (8, 3), (6, 4), (5, 1)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
    );
    assert!(evaluate(&made) > evaluate(&slotted));
}

#[test]
fn hits_and_makes_the_bar_point() {
    // The opponent has split to its 18-point (the mover's 7) and left a blot on its 24.
    let start = position(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 1), (18, 1), (13, 5), (8, 3), (6, 5)],
    );
    let play = best(&start, dice(6, 1));
    assert_eq!(play.position().opponent_bar(), 1, "the play hits");
    assert_eq!(
        play.position().mover_on(7),
        2,
        "13/7* 8/7 makes the bar point"
    );
}

#[test]
fn hitting_beats_not_hitting() {
    // The opponent's blot on the mover's 7-point, 6 pips from the mover's 13.
    let before = position(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 1), (18, 1), (13, 5), (8, 3), (6, 5)],
    );
    let plays = Variant::Backgammon.legal_plays(&before, dice(6, 5));
    let ranked = GreedyBot::new(0).rank_plays(Variant::Backgammon, &before, dice(6, 5));
    assert_eq!(ranked.len(), plays.len());
    let top = ranked.first().expect("plays");
    assert!(
        top.play.position().opponent_bar() >= 1,
        "the best play hits"
    );
    let best_quiet = ranked
        .iter()
        .find(|s| s.play.position().opponent_bar() == 0)
        .expect("a play that does not hit");
    assert!(top.score > best_quiet.score);
}

#[test]
fn a_safe_position_beats_an_exposed_blot() {
    // The opponent holds the mover's ace point; the same pips, one with every checker safe,
    // one with a blot 9 pips in front of the anchor (and one 6 away: a direct shot).
    let opponent = [(24, 2), (6, 4), (5, 3), (4, 3), (3, 3)];
    let safe = position(&[(8, 4), (7, 2), (6, 5), (5, 2), (4, 2)], &opponent);
    let exposed = position(&[(10, 1), (8, 4), (6, 5), (5, 2), (4, 3)], &opponent);
    let direct = position(
        &[(8, 4), (7, 1), (6, 5), (5, 2), (4, 2), (11, 1)],
        &opponent,
    );
    assert_eq!(safe.mover_pips(), exposed.mover_pips());
    assert!(evaluate(&safe) > evaluate(&exposed));
    assert!(evaluate(&exposed) > evaluate(&direct));
}

#[test]
fn bears_off_rather_than_moving_inside() {
    // A race: 2-1 can bear off two checkers or move 6/4 5/4 (the same pips).
    let race = position(
        &[(6, 2), (5, 2), (4, 2), (3, 3), (2, 3), (1, 3)],
        &[(6, 5), (5, 5), (4, 5)],
    );
    let play = best(&race, dice(2, 1));
    assert_eq!(play.position().mover_off(), 2);
    // 6-5 bears off two as well.
    let play = best(&race, dice(6, 5));
    assert_eq!(play.position().mover_off(), 2);
}

#[test]
fn a_finished_game_scores_its_value() {
    let won = position(&[], &[(6, 14)]);
    assert_eq!(evaluate(&won), 1.0);
    let gammon = position(&[], &[(13, 15)]);
    assert_eq!(evaluate(&gammon), 2.0);
    let backgammon = position(&[], &[(20, 1), (13, 14)]);
    assert_eq!(evaluate(&backgammon), 3.0);
}

/// A position reached by random play from a seed: up to `plies` plays from the start.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot = make("random", seed).expect("random bot");
    let mut position = Position::START;
    for _ in 0..plies {
        let roll = Dice::roll(&mut rng);
        let ranked = bot.rank_plays(Variant::Backgammon, &position, roll);
        let Some(first) = ranked.first() else {
            position = position.switched();
            continue;
        };
        let after = *first.play.position();
        if after.mover_has_won() {
            break;
        }
        position = after.switched();
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn greedy_only_ranks_and_chooses_legal_plays(
        seed in any::<u64>(),
        plies in 0usize..120,
        a in 1u8..=6,
        b in 1u8..=6,
    ) {
        let position = random_position(seed, plies);
        let roll = dice(a, b);
        let legal = Variant::Backgammon.legal_plays(&position, roll);
        let ranked = GreedyBot::new(seed).rank_plays(Variant::Backgammon, &position, roll);
        prop_assert_eq!(ranked.len(), legal.len());
        for s in &ranked {
            prop_assert!(legal.contains(&s.play));
            prop_assert!(s.score.is_finite());
            prop_assert!((-3.0..=3.0).contains(&s.score));
        }
        for w in ranked.windows(2) {
            prop_assert!(w[0].score >= w[1].score);
        }
    }
}

/// Plays one cubeless money game between two bots with seeded dice; returns the points
/// for `a` (White).
fn play_game(a: &mut dyn Bot, b: &mut dyn Bot, seed: u64) -> (i64, Vec<Play>) {
    let rules = Rules {
        cube: false,
        ..Rules::money()
    };
    let mut m = MatchState::new(rules).expect("rules");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut plays = Vec::new();
    loop {
        if let Some(r) = m.game().result() {
            let p = i64::from(r.points);
            return (if r.winner == Some(Side::White) { p } else { -p }, plays);
        }
        let g = m.game();
        let action = match g.phase() {
            Phase::Opening => Action::OpeningRoll {
                white: roll_die(&mut rng),
                black: roll_die(&mut rng),
            },
            Phase::Rolling => Action::Roll(Dice::roll(&mut rng)),
            Phase::Moving(_) => {
                let play = if g.turn() == Side::White {
                    a.choose_play(&m)
                } else {
                    b.choose_play(&m)
                };
                plays.push(play);
                Action::Play(play)
            }
            other => panic!("no cube in these games, yet {other:?}"),
        };
        m.apply(action).expect("the bots play legally");
    }
}

#[test]
fn greedy_is_deterministic() {
    let run = || {
        let mut a = GreedyBot::new(1);
        let mut b = GreedyBot::new(2);
        play_game(&mut a, &mut b, 77)
    };
    assert_eq!(run(), run());
    let ranked1 = GreedyBot::new(5).rank_plays(Variant::Backgammon, &Position::START, dice(6, 6));
    let ranked2 = GreedyBot::new(9).rank_plays(Variant::Backgammon, &Position::START, dice(6, 6));
    assert_eq!(ranked1, ranked2);
}

#[test]
fn greedy_beats_random_clearly() {
    let mut total = 0i64;
    let games = 200u64;
    for k in 0..games / 2 {
        // Each seed twice, greedy once as White and once as Black.
        let mut greedy = GreedyBot::new(k);
        let mut random = make("random", k).expect("random bot");
        total += play_game(&mut greedy, random.as_mut(), 1000 + k).0;
        let mut greedy = GreedyBot::new(k);
        let mut random = make("random", k).expect("random bot");
        total -= play_game(random.as_mut(), &mut greedy, 1000 + k).0;
    }
    let ppg = total as f64 / games as f64;
    assert!(ppg > 1.5, "greedy won only {ppg:+.2} points per game");
}

// Keith counts, worked by hand (each side in its own numbering):
// the roller 6:3 5:3 4:3 3:2 2:2 1:2 has 57 pips, +2 for the second checker on the 1-point,
// +1 for the second on the 2-point: 60; on roll, +60/7 = 8: 68.
const ROLLER: [(usize, u8); 6] = [(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)];

fn race_game(taker: &[(usize, u8)], cube: Cube) -> Game {
    let p = position(&ROLLER, taker);
    assert!(p.is_race());
    Game::from_position(Rules::money(), false, p, Side::White, cube).unwrap()
}

#[test]
fn keith_counts_by_hand() {
    let p = position(&ROLLER, &[(6, 4), (5, 4), (4, 3), (3, 2), (2, 2)]);
    assert_eq!(p.mover_pips(), 57);
    assert_eq!(keith_count(&p), 60);
    // 66 pips, +1 for the second checker on the 2-point.
    assert_eq!(keith_count(&p.switched()), 67);
}

#[test]
fn keith_double_and_pass() {
    // Taker 6:4 5:4 4:3 3:2 2:2: 67. The roller exceeds it by 1: double; pass (< 2).
    let taker = [(6, 4), (5, 4), (4, 3), (3, 2), (2, 2)];
    assert_eq!(keith_cube(&position(&ROLLER, &taker), false), (true, false));
    let mut game = race_game(&taker, Cube::CENTRED);
    let mut bot = GreedyBot::new(0);
    assert!(bot.double_in(&game));
    game.apply(Action::Double).expect("double");
    assert_eq!(bot.answer_in(&game), DoubleAnswer::Pass);
}

#[test]
fn keith_double_and_take() {
    // Taker 6:4 5:4 4:3 3:2 2:1 1:1: 65 pips, no penalties: 65. Excess 3: double, take,
    // and (owning the cube) redouble.
    let taker = [(6, 4), (5, 4), (4, 3), (3, 2), (2, 1), (1, 1)];
    assert_eq!(keith_cube(&position(&ROLLER, &taker), false), (true, true));
    assert_eq!(keith_cube(&position(&ROLLER, &taker), true), (true, true));
    let mut game = race_game(&taker, Cube::CENTRED);
    let mut bot = GreedyBot::new(0);
    assert!(bot.double_in(&game));
    game.apply(Action::Double).expect("double");
    assert_eq!(bot.answer_in(&game), DoubleAnswer::Take);
}

#[test]
fn keith_double_but_no_redouble() {
    // Taker 6:4 5:3 4:4 3:2 2:1 1:1: 64. Excess 4: a double, not a redouble.
    let taker = [(6, 4), (5, 3), (4, 4), (3, 2), (2, 1), (1, 1)];
    let cube = Cube::new(2, Some(Side::White)).expect("cube");
    assert_eq!(keith_cube(&position(&ROLLER, &taker), false), (true, true));
    assert_eq!(keith_cube(&position(&ROLLER, &taker), true), (false, true));
    assert!(GreedyBot::new(0).double_in(&race_game(&taker, Cube::CENTRED)));
    assert!(!GreedyBot::new(0).double_in(&race_game(&taker, cube)));
}

#[test]
fn keith_no_double_and_take() {
    // Taker 6:3 5:4 4:4 3:2 2:1 1:1: 63. Excess 5: no double (and an easy take).
    let taker = [(6, 3), (5, 4), (4, 4), (3, 2), (2, 1), (1, 1)];
    assert_eq!(keith_cube(&position(&ROLLER, &taker), false), (false, true));
    let mut game = race_game(&taker, Cube::CENTRED);
    let mut bot = GreedyBot::new(0);
    assert!(!bot.double_in(&game));
    game.apply(Action::Double).expect("double");
    assert_eq!(bot.answer_in(&game), DoubleAnswer::Take);
}

#[test]
fn contact_cube_follows_the_evaluation() {
    // Even at the start: no double, and a double would be taken.
    let mut game = Game::from_position(
        Rules::money(),
        false,
        Position::START,
        Side::White,
        Cube::CENTRED,
    )
    .unwrap();
    let mut bot = GreedyBot::new(0);
    assert!(!bot.double_in(&game));
    game.apply(Action::Double).expect("double");
    assert_eq!(bot.answer_in(&game), DoubleAnswer::Take);
}

#[test]
fn accepts_a_resignation_worth_more_than_its_expectation() {
    // White, on roll, is far behind in a race but has borne off: Black (the bot) expects
    // less than a single game, and takes the single game offered.
    let p = position(&[(6, 5), (5, 5)], &[(1, 3)]);
    let mut game =
        Game::from_position(Rules::money(), false, p, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Resign(WinKind::Single)).expect("resign");
    assert_eq!(game.to_act(), Some(Side::Black));
    assert!(GreedyBot::new(0).accept_in(&game, WinKind::Single));
}

#[test]
fn declines_a_resignation_worth_less_than_its_expectation() {
    // White has borne off nothing and has checkers far from home; Black is nearly off: a
    // gammon is all but sure (no backgammon), so a single game is not enough, but a gammon
    // is.
    let p = position(&[(18, 5), (17, 5), (13, 5)], &[(1, 2)]);
    let mut game =
        Game::from_position(Rules::money(), false, p, Side::White, Cube::CENTRED).unwrap();
    game.apply(Action::Resign(WinKind::Single)).expect("resign");
    let mut bot = GreedyBot::new(0);
    assert!(!bot.accept_in(&game, WinKind::Single));
    assert!(bot.accept_in(&game, WinKind::Gammon));
}

// ---- The other rule sets (assets/rules/README.md §2) ----

use bg_tui::bot::greedy::evaluate_in;
use bg_tui::engine::{BoardSpec, RuleSet};
use bg_tui::host::arena;

/// A position of `variant` from the mover's view: `mine` and `theirs` as (point, checkers)
/// in the mover's numbering, and the points where a checker of the mover lies pinned.
fn board(variant: Variant, mine: &[(u8, u8)], theirs: &[(u8, u8)], pinned: &[u8]) -> Position {
    BoardSpec::from_points(mine, theirs, [0, 0], pinned)
        .and_then(|spec| spec.to_position(variant))
        .expect("a position of the rule set")
}

fn ranked(variant: Variant, position: &Position, roll: Dice) -> Vec<bg_tui::bot::ScoredPlay> {
    let ranked = GreedyBot::new(0).rank_plays(variant, position, roll);
    assert_eq!(
        ranked.len(),
        variant.legal_plays(position, roll).len(),
        "every legal play is ranked"
    );
    ranked
}

#[test]
fn plakoto_greedy_pins_a_blot_rather_than_moving_plainly() {
    // The opponent's lone runner stands on the mover's 15-point, 5 pips in front of the
    // mover's checker on 20. With 5-2, 20/15 pins it (and the 2 must not lift the pin:
    // 20/15/13 frees it again); 24/17, 24/22 24/19 and 24/19 20/18 do not pin.
    let p = board(
        Variant::Plakoto,
        &[(24, 14), (20, 1)],
        &[(1, 14), (15, 1)],
        &[],
    );
    let ranked = ranked(Variant::Plakoto, &p, dice(5, 2));
    assert_eq!(ranked.len(), 5);
    let best = ranked.first().expect("plays");
    assert_eq!(
        best.play.position().opponent_pinned(),
        vec![15],
        "24/22 20/15*"
    );
    for other in &ranked[1..] {
        assert!(other.play.position().opponent_pinned().is_empty());
        assert!(best.score > other.score, "{other:?}");
    }
}

#[test]
fn plakoto_greedy_does_not_leave_its_mother_alone_in_reach() {
    // The opponent, bearing in on the mover's 20-22, has left its own 24-point (the mover's
    // 1): pinning the mover's mother would win at once. With 6-5 the mover can keep both
    // checkers on its 24-point (8/2 6/1, 8/3 8/2), run both (24/19 24/18), or leave one
    // there alone, 2 to 4 pips in front of 15 opposing checkers.
    let p = board(
        Variant::Plakoto,
        &[(24, 2), (8, 3), (6, 4), (5, 3), (4, 3)],
        &[(22, 5), (21, 5), (20, 5)],
        &[],
    );
    let ranked = ranked(Variant::Plakoto, &p, dice(6, 5));
    let alone = |s: &bg_tui::bot::ScoredPlay| s.play.position().mover_on(24) == 1;
    let best = ranked.first().expect("plays");
    assert!(!alone(best), "{best:?}");
    let worst_covered = ranked
        .iter()
        .filter(|s| !alone(s))
        .map(|s| s.score)
        .fold(f64::INFINITY, f64::min);
    let exposed: Vec<_> = ranked.iter().filter(|s| alone(s)).collect();
    assert!(exposed.len() >= 3, "{ranked:?}");
    for s in exposed {
        assert!(s.score < worst_covered, "{s:?} against {worst_covered}");
    }
}

#[test]
fn plakoto_a_pinned_mother_is_nearly_a_win_and_a_finished_game_scores_its_points() {
    // The mover has pinned the opponent's mother (on the mover's 1-point) but still has
    // checkers on its own 24-point, so the game goes on: worth well over a single game.
    let pending = board(
        Variant::Plakoto,
        &[(24, 3), (13, 5), (8, 6), (1, 1)],
        &[(1, 1), (20, 14)],
        &[],
    );
    assert_eq!(pending.opponent_pinned(), vec![1]);
    assert!(evaluate_in(Variant::Plakoto, &pending) > 1.0);
    // With its own 24-point empty, the pin wins 2 points outright.
    let won = board(
        Variant::Plakoto,
        &[(13, 8), (8, 6), (1, 1)],
        &[(1, 1), (20, 14)],
        &[],
    );
    assert_eq!(evaluate_in(Variant::Plakoto, &won), 2.0);
}

#[test]
fn fevga_greedy_builds_a_block_in_front_of_the_opponent() {
    // The opponent's 15 checkers wait on their start (the mover's 12-point); the mover holds
    // 11 and 10 in front of them. 5-1 can add the 9-point (14/9 24/23): three in a row
    // directly in front of the stack.
    let p = board(
        Variant::Fevga,
        &[(24, 12), (14, 1), (11, 1), (10, 1)],
        &[(12, 15)],
        &[],
    );
    let ranked = ranked(Variant::Fevga, &p, dice(5, 1));
    let best = ranked.first().expect("plays").play.position();
    for point in [11, 10, 9] {
        assert!(
            best.mover_on(point) > 0,
            "the best play holds {point}: {best:?}"
        );
    }
    // The same pips with the checker left behind the block score less.
    let blocking = board(
        Variant::Fevga,
        &[(24, 11), (23, 1), (11, 1), (10, 1), (9, 1)],
        &[(12, 15)],
        &[],
    );
    let loose = board(
        Variant::Fevga,
        &[(24, 11), (23, 1), (14, 1), (11, 1), (5, 1)],
        &[(12, 15)],
        &[],
    );
    assert_eq!(blocking.mover_pips(), loose.mover_pips());
    assert!(evaluate_in(Variant::Fevga, &blocking) > evaluate_in(Variant::Fevga, &loose));
}

#[test]
fn portes_never_scores_a_backgammon() {
    // Backgammon would count 3 here; Portes counts a gammon.
    let backgammon = position(&[], &[(20, 1), (13, 14)]);
    assert_eq!(evaluate_in(Variant::Backgammon, &backgammon), 3.0);
    assert_eq!(evaluate_in(Variant::Portes, &backgammon), 2.0);
    assert_eq!(evaluate_in(Variant::Jacquet, &backgammon), 3.0);
}

#[test]
fn greedy_ranks_only_legal_plays_in_every_rule_set() {
    for variant in Variant::ALL {
        for seed in 0..3u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut mover = make("random", seed).expect("random bot");
            let mut position = variant.start_position();
            for _ in 0..150 {
                let roll = Dice::roll(&mut rng);
                let legal = variant.legal_plays(&position, roll);
                let ranked = GreedyBot::new(seed).rank_plays(variant, &position, roll);
                assert_eq!(ranked.len(), legal.len(), "{variant} {position:?}");
                for s in &ranked {
                    assert!(legal.contains(&s.play), "{variant}");
                    assert!(s.score.is_finite() && (-3.0..=3.0).contains(&s.score));
                }
                assert!(ranked.windows(2).all(|w| w[0].score >= w[1].score));
                let Some(next) = mover.rank_plays(variant, &position, roll).first().copied() else {
                    position = position.switched();
                    continue;
                };
                let after = *next.play.position();
                if variant.rules().judge(&after).is_some() {
                    break;
                }
                position = after.switched();
            }
        }
    }
}

#[test]
fn greedy_beats_random_in_every_rule_set() {
    // A short run of each (assets/strength/README.md has 10,000 games each): a loose bound.
    for rule_set in [
        RuleSet::Portes,
        RuleSet::Plakoto,
        RuleSet::Fevga,
        RuleSet::Jacquet,
    ] {
        let rules = Rules {
            cube: false,
            ..Rules::of(rule_set)
        };
        let r = arena::run(
            &arena::Contest {
                a: "greedy",
                b: "random",
                games: 200,
                seed: 11,
                rules,
                threads: 1,
            },
            |_| {},
        )
        .expect("bots");
        assert!(
            r.ppg >= 1.0,
            "{rule_set}: greedy won only {:+.3} a game",
            r.ppg
        );
    }
}

#[test]
fn a_certain_loss_needs_no_checker_that_could_still_pin_or_hit() {
    use bg_tui::bot::{certain_loss, certain_loss_in};
    // Six checkers left on the 6-point (nine off); the opponent's last checker on its
    // 2-point (the mover's 23): it bears off next turn whatever happens.
    let lost = position(&[(6, 6)], &[(2, 1)]);
    assert_eq!(certain_loss(&lost), Some(WinKind::Single));
    // A checker on the mover's 24-point could hit it with a 1: not certain.
    let behind = position(&[(24, 1), (6, 5)], &[(2, 1)]);
    assert_eq!(certain_loss(&behind), None);
    // In Plakoto the same checker could pin it, and Fevga's board is another shape: the
    // backgammon count is not used there.
    assert_eq!(
        certain_loss_in(Variant::Portes, &lost),
        Some(WinKind::Single)
    );
    assert_eq!(certain_loss_in(Variant::Plakoto, &lost), None);
    assert_eq!(certain_loss_in(Variant::Fevga, &lost), None);
}
