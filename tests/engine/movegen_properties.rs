//! Properties of the legal-play generator over seeded random self-play games from the start:
//! at every turn, checked against the rules directly and against the brute-force reference
//! in `tests/common`. 4000 cases a property: some 8000 games (about 1 ms each, optimized).

use crate::common;

use bg_tui::engine::{Dice, Play, Position, Step, Variant};
use common::{reference_apply, reference_positions, reference_single_moves};
use proptest::prelude::{
    ProptestConfig, TestCaseError, any, prop_assert, prop_assert_eq, proptest,
};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// A game that has not ended after this many turns is taken to never end.
const TURN_LIMIT: usize = 10_000;

/// The most dice the reference rules can use from `board`, playing `dice` in this order.
fn reference_most_dice(board: &[i8; 26], dice: &[usize]) -> usize {
    let Some((&d, rest)) = dice.split_first() else {
        return 0;
    };
    let mut most = 0;
    for (from, to) in reference_single_moves(board, d) {
        let mut next = *board;
        reference_apply(&mut next, from, to);
        most = most.max(1 + reference_most_dice(&next, rest));
        if most == dice.len() {
            break;
        }
    }
    most
}

/// The most dice any legal sequence uses, by the reference rules (either order of the dice).
fn reference_max_dice(position: &Position, dice: Dice) -> usize {
    let (hi, lo) = (usize::from(dice.high()), usize::from(dice.low()));
    if dice.is_double() {
        reference_most_dice(position.board(), &[hi; 4])
    } else {
        reference_most_dice(position.board(), &[hi, lo])
            .max(reference_most_dice(position.board(), &[lo, hi]))
    }
}

/// Whether `step` is a move by `die`: exactly `die` points, or a bear-off from a point no
/// higher than `die`.
fn moves_by(step: Step, die: u8) -> bool {
    if step.to.is_off() {
        step.from.number() <= die
    } else {
        step.from > step.to && step.from.number() - step.to.number() == die
    }
}

/// Replays `play`'s steps one at a time on `start`, checking each step against the board as
/// it stands, and returns the board at the end.
fn replay(start: &Position, play: &Play) -> Result<[i8; 26], TestCaseError> {
    let mut board = *start.board();
    for step in play.steps().iter() {
        let (from, to) = (step.from.index(), step.to.index());
        prop_assert!((1..=25).contains(&from), "step from {from}");
        prop_assert!(to <= 24, "step to {to}");
        prop_assert!(board[from] > 0, "no checker to move on {from}: {step:?}");
        board[from] -= 1;
        if to == 0 {
            continue;
        }
        prop_assert!(board[to] >= -1, "{step:?} lands on a closed point");
        prop_assert_eq!(step.hit, board[to] == -1, "hit flag wrong for {:?}", step);
        if board[to] == -1 {
            board[to] = 0;
            board[0] -= 1;
        }
        board[to] += 1;
    }
    Ok(board)
}

/// Checkers of the mover on the board and the bar.
fn mover_on_board(p: &Position) -> u32 {
    p.board()
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| n as u32)
        .sum()
}

fn opponent_on_board(p: &Position) -> u32 {
    p.board()
        .iter()
        .filter(|&&n| n < 0)
        .map(|&n| n.unsigned_abs() as u32)
        .sum()
}

/// Everything the generator must satisfy for `dice` in `position`; `off` holds how many
/// checkers the mover and the opponent have borne off, counted from the plays of the game.
fn check_turn(
    position: &Position,
    dice: Dice,
    off: [u32; 2],
    plays: &[Play],
) -> Result<(), TestCaseError> {
    // 15 checkers a side: on the board and bar, plus those borne off during the game.
    prop_assert_eq!(mover_on_board(position) + off[0], 15);
    prop_assert_eq!(opponent_on_board(position) + off[1], 15);
    prop_assert_eq!(u32::from(position.mover_off()), off[0]);
    prop_assert_eq!(u32::from(position.opponent_off()), off[1]);

    // Every play uses the same number of dice: the most the reference rules can use.
    let most = reference_max_dice(position, dice);
    prop_assert_eq!(plays.is_empty(), most == 0, "{:?} {}", position, dice);
    for play in plays {
        prop_assert_eq!(
            play.dice_used(),
            most,
            "{:?} {} {:?}",
            position,
            dice,
            play.steps()
        );
        prop_assert_eq!(play.steps().len(), most);
    }

    // No two plays lead to the same position.
    let distinct: HashSet<&Position> = plays.iter().map(Play::position).collect();
    prop_assert_eq!(
        distinct.len(),
        plays.len(),
        "duplicates for {:?} {}",
        position,
        dice
    );

    // For rolls that are not doubles (cheap for the brute force), the same positions as the
    // reference generator.
    if !dice.is_double() {
        let reference = reference_positions(position, dice);
        let ours: std::collections::BTreeSet<[i8; 26]> =
            plays.iter().map(|p| *p.position().board()).collect();
        prop_assert_eq!(ours, reference, "{:?} {}", position, dice);
    }

    for play in plays {
        let steps = play.steps();

        // The steps use the dice rolled: each the same number for a double; for two
        // different numbers, one die each (in some order), or the one die played.
        let (hi, lo) = (dice.high(), dice.low());
        let dice_ok = match *steps {
            _ if dice.is_double() => steps.iter().all(|&s| moves_by(s, hi)),
            [a, b] => (moves_by(a, hi) && moves_by(b, lo)) || (moves_by(a, lo) && moves_by(b, hi)),
            [a] => moves_by(a, hi) || moves_by(a, lo),
            _ => false,
        };
        prop_assert!(dice_ok, "{:?} {} {:?}", position, dice, steps);

        // Replaying the steps one by one gives the reported position.
        let end = replay(position, play)?;
        prop_assert_eq!(
            &end,
            play.position().board(),
            "{:?} {} {:?}",
            position,
            dice,
            steps
        );

        // Pips: the mover's go down by the distance moved (a bear-off counts from its point);
        // the opponent's go up by the distance each hit checker had already travelled.
        let moved: u32 = steps
            .iter()
            .map(|s| u32::from(s.from.number() - s.to.number()))
            .sum();
        prop_assert_eq!(position.mover_pips() - play.position().mover_pips(), moved);
        let sent_back: u32 = steps
            .iter()
            .filter(|s| s.hit)
            .map(|s| u32::from(s.to.number()))
            .sum();
        prop_assert_eq!(
            play.position().opponent_pips() - position.opponent_pips(),
            sent_back
        );
        // Without bear-offs, that distance is exactly the sum of the dice used.
        if steps.iter().all(|s| !s.is_bear_off()) {
            let used = match (dice.is_double(), steps.len()) {
                (true, n) => n as u32 * u32::from(hi),
                (false, 2) => u32::from(hi) + u32::from(lo),
                // One die of two: which one was checked above.
                _ => moved,
            };
            prop_assert_eq!(moved, used);
        }
    }
    Ok(())
}

/// How a game went.
struct Outcome {
    turns: usize,
    /// Checkers borne off by the side that moved first and by the other.
    off: [u32; 2],
}

/// Plays a seeded random game from the start for at most `max_turns` turns, checking every
/// turn; returns after the turn in which a side bears off its last checker.
fn play_game(seed: u64, max_turns: usize) -> Result<Outcome, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::START;
    // Borne off by the mover and by the opponent, counted from the bear-off steps played.
    let mut off = [0u32; 2];
    for turn in 0..max_turns {
        let dice = Dice::roll(&mut rng);
        let plays = Variant::Backgammon.legal_plays(&position, dice);
        check_turn(&position, dice, off, &plays)?;
        if !plays.is_empty() {
            let play = plays[rng.random_range(0..plays.len())];
            off[0] += play.steps().iter().filter(|s| s.is_bear_off()).count() as u32;
            position = *play.position();
        }
        if position.mover_has_won() {
            prop_assert_eq!(off[0], 15);
            prop_assert!(off[1] < 15);
            // `off` is indexed by who is on roll; report it by who moved first.
            let off = if turn % 2 == 0 { off } else { [off[1], off[0]] };
            return Ok(Outcome {
                turns: turn + 1,
                off,
            });
        }
        prop_assert!(!position.opponent_has_won());
        position = position.switched();
        off.swap(0, 1);
    }
    Ok(Outcome {
        turns: max_turns,
        off: [0, 0],
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// The rules hold at every turn of the first `length` turns of a random game.
    #[test]
    fn every_turn_of_a_random_game_follows_the_rules(seed in any::<u64>(), length in 1usize..=300) {
        play_game(seed, length)?;
    }

    /// Every random game ends, with one side having borne off all 15.
    #[test]
    fn every_random_game_ends_with_fifteen_borne_off(seed in any::<u64>()) {
        let outcome = play_game(seed, TURN_LIMIT)?;
        prop_assert!(outcome.turns < TURN_LIMIT, "no end after {} turns", TURN_LIMIT);
        prop_assert!(outcome.off.contains(&15), "{:?}", outcome.off);
        prop_assert!(outcome.off.iter().any(|&n| n < 15));
    }
}
