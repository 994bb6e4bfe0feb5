//! Self-play temporal-difference training of the nets, TD(0) as Tesauro trained TD-Gammon:
//! the bot plays both sides with its current nets at 0-ply, and after every turn the value
//! of the position before the turn is moved towards the value of the position after it (or
//! the game's result at the end).
//!
//! Game `g` of a run seeded with `seed` draws its dice from a generator seeded by both, so a
//! run on one thread is the same every time, resumed or not. On `T` threads the games are
//! played in rounds: each thread trains its own copy of the nets on its share of the
//! round's games, and the copies are then averaged.

use super::eval::{Buffers, evaluate, flip, train, verdict_after, verdict_chances};
use super::format::Nets;
pub use super::playout::{MAX_TURNS, best_play, mix};
use crate::engine::{Dice, Opening, Play, Verdict, WinKind};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// The dice seed of training game `game` of a run seeded with `seed`.
#[must_use]
pub fn game_seed(seed: u64, game: u64) -> u64 {
    mix(mix(seed ^ 0x7d_6a3e) ^ mix(game))
}

/// What one self-play game came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelfPlay {
    /// Turns played.
    pub turns: u32,
    /// How the side that started won, or `None` when it lost (or the game was cut off).
    pub starter_won: Option<WinKind>,
}

/// Plays one self-play game of the nets' rule set with dice from `dice_seed`, training
/// `nets` after every turn with step `alpha`. `plays` is a buffer for the legal plays.
pub fn self_play_game(
    nets: &mut Nets,
    dice_seed: u64,
    alpha: f32,
    buf: &mut Buffers,
    plays: &mut Vec<Play>,
) -> SelfPlay {
    let rules = nets.variant.rules();
    let mut rng = ChaCha8Rng::seed_from_u64(dice_seed);
    // Backgammon's opening roll is never a double; the Tavli games' starter rolls afresh.
    let mut dice = loop {
        let d = Dice::roll(&mut rng);
        if d.first() != d.second() || rules.opening() == Opening::StarterRolls {
            break d;
        }
    };
    let mut position = rules.start();
    let mut turns = 0;
    while turns < MAX_TURNS {
        rules.legal_plays_into(&position, dice, plays);
        let (next, target, over) = match best_play(nets, plays, buf) {
            Some((play, p)) => {
                let after = *play.position();
                let over = verdict_after(nets, &after);
                (after.switched(), over.map_or(p, verdict_chances), over)
            }
            None => {
                let next = position.switched();
                (next, flip(&evaluate(nets, &next, buf)), None)
            }
        };
        train(nets, &position, &target, alpha, buf);
        turns += 1;
        if let Some(verdict) = over {
            // The side on roll in odd-numbered turns (1, 3, ...) is the one that started.
            let mover_started = turns % 2 == 1;
            let starter_won = match verdict {
                Verdict::MoverWins(kind, _) if mover_started => Some(kind),
                Verdict::OpponentWins(kind, _) if !mover_started => Some(kind),
                _ => None,
            };
            return SelfPlay { turns, starter_won };
        }
        position = next;
        dice = Dice::roll(&mut rng);
    }
    SelfPlay {
        turns,
        starter_won: None,
    }
}

/// Plays and trains on the games `first..first + count` of a run seeded with `seed`, on
/// `threads` threads (rounds of `round` games, the copies averaged after each; one thread
/// trains the nets directly). Returns the turns played.
///
/// # Errors
/// The system's error when a thread cannot start (the nets are then left as they were).
pub fn train_games(
    nets: &mut Nets,
    seed: u64,
    first: u64,
    count: u64,
    alpha: f32,
    threads: usize,
) -> std::io::Result<u64> {
    if threads <= 1 {
        let mut buf = Buffers::new(nets);
        let mut plays = Vec::new();
        return Ok((first..first + count)
            .map(|g| {
                u64::from(
                    self_play_game(nets, game_seed(seed, g), alpha, &mut buf, &mut plays).turns,
                )
            })
            .sum());
    }
    let copies: std::io::Result<Vec<(Nets, u64)>> = std::thread::scope(|s| {
        let mut handles = Vec::with_capacity(threads);
        for t in 0..threads as u64 {
            let mut copy = nets.clone();
            let handle = std::thread::Builder::new().spawn_scoped(s, move || {
                let mut buf = Buffers::new(&copy);
                let mut plays = Vec::new();
                let mut turns = 0;
                let mut g = first + t;
                while g < first + count {
                    let r =
                        self_play_game(&mut copy, game_seed(seed, g), alpha, &mut buf, &mut plays);
                    turns += u64::from(r.turns);
                    g += threads as u64;
                }
                (copy, turns)
            })?;
            handles.push(handle);
        }
        Ok(handles.into_iter().filter_map(|h| h.join().ok()).collect())
    });
    let copies = copies?;
    let turns = copies.iter().map(|c| c.1).sum();
    let (contact, race): (Vec<_>, Vec<_>) =
        copies.into_iter().map(|(n, _)| (n.contact, n.race)).unzip();
    nets.contact.average_of(&contact);
    nets.race.average_of(&race);
    Ok(turns)
}
