//! The `greedy` bot: looks one roll ahead. Every legal play of the roll is scored with a
//! hand-written evaluation of the position it leads to, and the best is played.
//!
//! The evaluation ([`evaluate`]) sees the position after the mover's play, with the opponent
//! next to roll, and estimates the mover's expected points. In a race it uses the Keith count
//! and a normal approximation of the race; in contact it adds up hand-weighted features: the
//! pip lead, the opponent's shots at the mover's blots (counted over the 36 rolls, with the
//! bar and blocked points taken into account) weighted by what a hit costs, made points by
//! location, primes in front of the other side's checkers, anchors, checkers on the bar and
//! borne off, and the mover's chances at the opponent's blots.
//!
//! The cube follows the Keith count in races and thresholds on the evaluation in contact.
//!
//! Each rule set has its own evaluation ([`evaluate_in`]): backgammon and Jacquet use
//! [`evaluate`]; Portes the same with its scoring (no backgammons); Plakoto and Fevga their
//! own features, in their own files (`greedy/plakoto.rs`, `greedy/fevga.rs`).

use super::{Bot, DoubleAnswer, ScoredPlay};
use crate::engine::{
    Dice, Game, MatchState, Phase, Play, Position, Side, Variant, Verdict, WinKind,
};

mod fevga;
mod plakoto;
mod portes;

/// The 21 distinct rolls, as `(die, die, how many of the 36 rolls they are)`.
const ROLLS: [(u8, u8, u8); 21] = {
    let mut rolls = [(0u8, 0u8, 0u8); 21];
    let mut i = 0;
    let mut a = 1u8;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            rolls[i] = (a, b, if a == b { 1 } else { 2 });
            i += 1;
            b += 1;
        }
        a += 1;
    }
    rolls
};

/// Mask of the board indices 1 to 24.
const POINTS: u64 = ((1u64 << 25) - 1) & !1;

/// The value of a made point, by index in the owner's numbering, before it is scaled by how
/// many opposing checkers it still stands in front of (anchors in the opponent's home board
/// count as index 18 to 24).
const POINT_VALUE: [f64; 25] = [
    0.000, // (off)
    0.000, // 1 (ace point)
    0.045, // 2
    0.105, // 3
    0.180, // 4
    0.255, // 5
    0.225, // 6
    0.195, // 7 (bar point)
    0.105, // 8
    0.075, // 9
    0.060, // 10
    0.045, // 11
    0.030, // 12
    0.030, // 13 (mid-point)
    0.015, // 14
    0.015, // 15
    0.015, // 16
    0.030, // 17
    0.105, // 18 (the opponent's bar point)
    0.090, // 19 (the opponent's 6-point)
    0.180, // 20 (the opponent's 5-point: the golden anchor)
    0.150, // 21 (the opponent's 4-point)
    0.090, // 22
    0.060, // 23
    0.045, // 24
];

/// Bonus for a prime (consecutive made points) of each length in front of opposing checkers.
const PRIME_VALUE: [f64; 7] = [0.0, 0.0, 0.01, 0.05, 0.14, 0.28, 0.50];

/// One side's checkers as seen from that side: `own[i]` on its point i (25 = bar) and
/// `theirs[i]` the other side's checkers on the same point i (0 = the other side's bar).
struct Sides {
    own: [u8; 26],
    theirs: [u8; 26],
}

fn sides(position: &Position) -> Sides {
    let b = position.board();
    let mut own = [0u8; 26];
    let mut theirs = [0u8; 26];
    for ((o, t), &n) in own.iter_mut().zip(theirs.iter_mut()).zip(b) {
        *o = n.max(0) as u8;
        *t = (-n).max(0) as u8;
    }
    Sides { own, theirs }
}

/// The structure of one side (the one counted positive in `s`): made points weighted by
/// location and by whether the other side still has checkers behind them, primes, stacking
/// and checkers out of play.
fn structure(s: &Sides) -> f64 {
    // theirs_behind[i]: the other side's checkers on indices below i (its bar is index 0):
    // those a point on i still blocks.
    let mut behind = [0u32; 26];
    let mut acc = 0u32;
    for (slot, &n) in behind.iter_mut().zip(&s.theirs) {
        *slot = acc;
        acc += u32::from(n);
    }
    let total_theirs = acc;
    let mut value = 0.0;
    let mut run = 0usize;
    let mut run_behind = 0u32;
    let mut best_prime = 0.0f64;
    for i in 1..=24 {
        let n = s.own[i];
        if n >= 2 {
            let scale = match behind[i] {
                0 => 0.15,
                1 => 0.65,
                _ => 1.0,
            };
            value += POINT_VALUE[i] * scale;
            if run == 0 {
                run_behind = behind[i];
            }
            run += 1;
            let p = if run_behind > 0 {
                PRIME_VALUE[run.min(6)]
            } else {
                0.0
            };
            best_prime = best_prime.max(p);
        } else {
            run = 0;
        }
        if n > 3 {
            value -= 0.015 * f64::from(n - 3);
        }
    }
    value += best_prime;
    // Checkers buried deep in the home board while there is still contact.
    if total_theirs > 0 {
        value -= 0.015 * f64::from(s.own[1]) + 0.006 * f64::from(s.own[2]);
    }
    value
}

/// Bit masks of one board for the shot tables: index i set when the condition holds.
struct Masks {
    /// The mover's blots (1-24).
    blots: u64,
    /// Points the mover has made (1-24): closed to the opponent.
    blocked: u64,
    /// The opponent's checkers on the board (not the bar).
    opponent: u64,
}

fn masks(b: &[i8; 26]) -> Masks {
    let mut m = Masks {
        blots: 0,
        blocked: 0,
        opponent: 0,
    };
    for (i, &n) in b.iter().enumerate().take(25).skip(1) {
        if n == 1 {
            m.blots |= 1 << i;
        } else if n >= 2 {
            m.blocked |= 1 << i;
        } else if n < 0 {
            m.opponent |= 1 << i;
        }
    }
    m
}

/// The board indices where the opponent (moving up from index 0, its bar) can hit with the
/// roll `d1`-`d2`, given its `bar` checkers must enter first and the mover's points block it.
#[inline]
fn hits(m: &Masks, bar: u8, d1: u8, d2: u8) -> u64 {
    let open = !m.blocked & POINTS;
    let targets = m.blots;
    if d1 == d2 {
        let d = d1;
        let entry = 1u64 << d;
        let mut moves = 4u8;
        let mut from = m.opponent;
        let mut hit = 0;
        if bar > 0 {
            if entry & open == 0 {
                return 0;
            }
            hit |= entry & targets;
            let entering = bar.min(4);
            moves -= entering;
            from |= entry;
        }
        let mut reach = from;
        for _ in 0..moves {
            reach = (reach << d) & open;
            hit |= reach & targets;
            if reach == 0 {
                break;
            }
        }
        return hit;
    }
    let (e1, e2) = (1u64 << d1, 1u64 << d2);
    match bar {
        0 => {
            let from = m.opponent;
            let direct = ((from << d1) | (from << d2)) & targets;
            // Both dice on one checker: through either intermediate point, if open.
            let mid1 = (from << d1) & open;
            let mid2 = (from << d2) & open;
            direct | ((mid1 << d2) | (mid2 << d1)) & targets
        }
        1 => {
            let mut hit = 0;
            for (entry, other) in [(e1, d2), (e2, d1)] {
                if entry & open != 0 {
                    hit |= entry & targets;
                    hit |= ((m.opponent | entry) << other) & targets;
                }
            }
            hit
        }
        _ => (e1 | e2) & targets & open,
    }
}

/// What it costs the mover when its blot on `index` is hit, in points.
#[inline]
fn hit_cost(index: usize, pip_value: f64, their_home: f64) -> f64 {
    0.12 + 2.0 * pip_value * (25 - index) as f64 + 0.045 * their_home
}

/// Expected loss from the opponent's shots at the mover's blots (the opponent is on roll):
/// for each of the 36 rolls, the costliest blot that roll can hit.
fn exposure(position: &Position, pip_value: f64) -> f64 {
    let b = position.board();
    let m = masks(b);
    if m.blots == 0 {
        return 0.0;
    }
    // Points the opponent has made in its home board (the mover's 19 to 24).
    let their_home = (19..=24).filter(|&i| b[i] <= -2).count() as f64;
    let bar = position.opponent_bar();
    let mut total = 0.0;
    for &(d1, d2, weight) in &ROLLS {
        let h = hits(&m, bar, d1, d2);
        if h == 0 {
            continue;
        }
        // The costliest blot is the one that has come furthest (lowest index): it loses
        // the most pips.
        let costliest = h.trailing_zeros() as usize;
        total += f64::from(weight) * hit_cost(costliest, pip_value, their_home);
    }
    total / 36.0
}

/// The mover's made points in its home board.
fn home_points(b: &[i8; 26]) -> u32 {
    (1..=6).filter(|&i| b[i] >= 2).count() as u32
}

/// The Keith count of the side counted positive in `position` (without the one-seventh for
/// being on roll): its pip count plus 2 for each checker more than 1 on its 1-point, 1 for
/// each checker more than 1 on its 2-point, 1 for each checker more than 3 on its 3-point,
/// and 1 for each empty point among its 4, 5 and 6-points.
#[must_use]
pub fn keith_count(position: &Position) -> u32 {
    let b = position.board();
    let on = |i: usize| b[i].max(0) as u32;
    let mut count = position.mover_pips();
    count += 2 * on(1).saturating_sub(1);
    count += on(2).saturating_sub(1);
    count += on(3).saturating_sub(3);
    count += (4..=6).filter(|&i| on(i) == 0).count() as u32;
    count
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The race: the mover has just played and the opponent is on roll.
fn evaluate_race(position: &Position) -> f64 {
    let switched = position.switched();
    // Effective counts: the Keith count plus a little for every checker still to bear off
    // (so bearing a checker off beats moving one inside).
    let mine = f64::from(keith_count(position)) + 0.7 * f64::from(15 - position.mover_off());
    let theirs = f64::from(keith_count(&switched)) + 0.7 * f64::from(15 - position.opponent_off());
    // The opponent is on roll: worth about half a roll (4 pips) to it.
    let lead = theirs - mine - 4.0;
    let spread = (mine + theirs).max(8.0).sqrt();
    let p = sigmoid(1.5 * lead / spread);
    let mut equity = 2.0 * p - 1.0;
    // Gammons: a side that has borne off nothing must bring its checkers home and bear one
    // off before the other finishes.
    equity += gammon_race(position) - gammon_race(&switched);
    equity
}

/// The chance (roughly) that the mover, having just played, wins a gammon in the race.
fn gammon_race(position: &Position) -> f64 {
    if position.opponent_off() > 0 {
        return 0.0;
    }
    // Pips the opponent needs to bring every checker home and bear one off (its points in
    // its own numbering, 25 its bar, so that this holds for every geometry).
    let mut need = 0u32;
    let mut nearest = 6u32;
    for their_point in (1..=25u32).rev() {
        let count = u32::from(position.opponent_on(their_point as usize));
        if count > 0 {
            if their_point > 6 {
                need += (their_point - 6) * count;
                nearest = nearest.min(6);
            } else {
                nearest = nearest.min(their_point);
            }
        }
    }
    need += nearest;
    // Rolls to finish: the pips at 8.17 a roll, but at least a roll for every two checkers.
    let my_rolls =
        (f64::from(position.mover_pips()) / 8.17).max(f64::from(15 - position.mover_off()) / 2.0);
    let their_rolls = f64::from(need) / 8.17;
    // The opponent rolls first, but `need` is optimistic (it wastes pips coming home and
    // moves two checkers a roll): the offset is fitted to the results of self-play.
    sigmoid(2.0 * (their_rolls - my_rolls + 0.5))
}

/// The mover's expected points after its play, the opponent to roll next (roughly -3 to 3;
/// a finished game is worth its single, gammon or backgammon value).
#[must_use]
pub fn evaluate(position_after: &Position) -> f64 {
    let p = position_after;
    if p.mover_has_won() {
        return f64::from(WinKind::of_win(p).multiplier());
    }
    if p.opponent_has_won() {
        // Not reachable by a play, but keep the scale.
        return -f64::from(WinKind::of_win(&p.switched()).multiplier());
    }
    if p.is_race() {
        return evaluate_race(p);
    }
    // The contact features add up to a score on their own scale; this maps it onto expected
    // points, fitted to the results of 4,000 games of greedy against itself (a score of 1
    // won 0.72 points a game on average, 2.5 won 1.37).
    CONTACT_SCALE * (evaluate_contact(p) / 2.0).tanh()
}

/// The mover's expected points after its play under `variant`'s rules, the opponent to roll
/// next: [`evaluate`] for backgammon and Jacquet, Portes's scoring of it, and Plakoto's and
/// Fevga's own evaluations.
#[must_use]
pub fn evaluate_in(variant: Variant, position_after: &Position) -> f64 {
    match variant {
        Variant::Backgammon | Variant::Jacquet => evaluate(position_after),
        Variant::Portes => portes::evaluate(position_after),
        Variant::Plakoto => plakoto::evaluate(position_after),
        Variant::Fevga => fevga::evaluate(position_after),
    }
}

/// What `position_after` is worth when the play that led to it ended the game under
/// `variant`'s rules (the win's multiplier, negative for a loss, 0 for a draw).
fn ended(variant: Variant, position_after: &Position) -> Option<f64> {
    let rules = variant.rules();
    let points = |kind: WinKind| f64::from(kind.min(rules.highest_win()).multiplier());
    rules.judge(position_after).map(|verdict| match verdict {
        Verdict::MoverWins(kind, _) => points(kind),
        Verdict::OpponentWins(kind, _) => -points(kind),
        Verdict::Draw => 0.0,
    })
}

/// The largest expected points the contact evaluation gives (see [`evaluate`]).
const CONTACT_SCALE: f64 = 1.6;

/// The term every contact evaluation starts from, and the value of one pip: the mover's
/// lead in pips, a pip worth more the shorter the game (scaled by the race length), with
/// the opponent on roll (worth about 8 pips to it).
fn pip_term(p: &Position) -> (f64, f64) {
    let mine = f64::from(p.mover_pips());
    let theirs = f64::from(p.opponent_pips());
    let length = ((mine + theirs) / 2.0).max(30.0);
    let pip_value = 1.6 / length;
    (pip_value * (theirs - mine - 8.0), pip_value)
}

/// What Plakoto's and Fevga's evaluations leave to the shared ones: a game the play ended
/// (its points), or a race (the race evaluation, within -2 to 2).
fn settled(variant: Variant, position_after: &Position) -> Option<f64> {
    ended(variant, position_after).or_else(|| {
        position_after
            .is_race()
            .then(|| evaluate_race(position_after).clamp(-2.0, 2.0))
    })
}

fn evaluate_contact(p: &Position) -> f64 {
    let b = p.board();
    let (mut e, pip_value) = pip_term(p);

    let switched = p.switched();
    e += structure(&sides(p)) - structure(&sides(&switched));

    e -= exposure(p, pip_value);
    // The mover's chances at the opponent's blots next turn: the opponent moves first and
    // may tidy up, so they count for much less than the exposure.
    e += 0.6 * exposure(&switched, pip_value);

    // Checkers on the bar: the harder to enter, the worse.
    let my_home = f64::from(home_points(b));
    let their_home = f64::from(home_points(switched.board()));
    let dance_them = (my_home / 6.0).powi(2);
    let dance_me = (their_home / 6.0).powi(2);
    e += f64::from(p.opponent_bar()) * (0.03 + 0.9 * dance_them);
    e -= f64::from(p.mover_bar()) * (0.03 + 0.9 * dance_me);

    // Gammons: checkers left far back (on the bar, in the other side's home board, less in
    // its outer board) by a side that has borne off nothing, the worse the stronger the
    // other side's home board.
    let back_them: f64 = (0..=6).map(|i| f64::from((-b[i]).max(0))).sum::<f64>()
        + 0.5 * (7..=12).map(|i| f64::from((-b[i]).max(0))).sum::<f64>();
    let back_me: f64 = (19..=25).map(|i| f64::from(b[i].max(0))).sum::<f64>()
        + 0.5 * (13..=18).map(|i| f64::from(b[i].max(0))).sum::<f64>();
    if p.opponent_off() == 0 {
        e += 0.06 * back_them * (0.3 + my_home / 6.0);
    }
    if p.mover_off() == 0 {
        e -= 0.06 * back_me * (0.3 + their_home / 6.0);
    }

    // Borne off already (the pips count them too, but a checker off is safe for good).
    e += 0.02 * (f64::from(p.mover_off()) - f64::from(p.opponent_off()));

    e.clamp(-3.0, 3.0)
}

/// A play's score: the evaluation of the position it leads to.
fn score_play(variant: Variant, play: &Play) -> f64 {
    evaluate_in(variant, play.position())
}

/// The greedy bot. It keeps a buffer for the move generator, so it allocates little.
#[derive(Debug, Default)]
pub struct GreedyBot {
    plays: Vec<Play>,
}

impl GreedyBot {
    /// A greedy bot. It is deterministic; the seed is not used.
    #[must_use]
    pub fn new(_seed: u64) -> GreedyBot {
        GreedyBot::default()
    }
}

/// The player on roll's equity before rolling, by the evaluation of the position as if the
/// other side had just played.
fn pre_roll_equity(position: &Position) -> f64 {
    -evaluate(&position.switched())
}

/// Keith's rule for the player on roll in a race (`position` from its view): whether to
/// double (`redouble` when it owns the cube) and whether the opponent should take.
///
/// Tom Keith's count (bkgm.com glossary, "Keith Count"): each side's pip count plus the
/// penalties of [`keith_count`]; the player on roll then adds one-seventh (rounding down).
/// Double if your count exceeds the opponent's by no more than 4; redouble if by no more than
/// 3; the opponent takes if the doubler's count exceeds the taker's by at least 2.
#[must_use]
pub fn keith_cube(position: &Position, redouble: bool) -> (bool, bool) {
    let roller = keith_count(position);
    let roller = roller + roller / 7;
    let taker = keith_count(&position.switched());
    let excess = i64::from(roller) - i64::from(taker);
    let limit = if redouble { 3 } else { 4 };
    (excess <= limit, excess >= 2)
}

/// Doubling thresholds in contact, on the pre-roll equity of the player on roll.
const DOUBLE_AT: f64 = 0.45;
const REDOUBLE_AT: f64 = 0.55;
/// Above this the doubler plays on for the gammon instead.
const TOO_GOOD: f64 = 1.05;
/// The doubled side takes while the doubler's equity is at most this.
const TAKE_UP_TO: f64 = 0.55;

fn offered_points(game: &Game, level: WinKind) -> f64 {
    let rules = game.rules();
    let kind = if rules.jacoby && rules.is_money() && game.cube().value() == 1 {
        WinKind::Single
    } else {
        level
    };
    f64::from(kind.multiplier() * game.cube().value())
}

impl GreedyBot {
    /// The bot's expected points (times the cube) in the game as it stands, `side` its side.
    fn expected_points(&mut self, game: &Game, side: Side) -> f64 {
        let cube = f64::from(game.cube().value());
        let variant = game.variant();
        let mine = game.position_for(side);
        let before_roll = || -evaluate_in(variant, &mine.switched());
        let equity = if game.turn() == side {
            match game.phase() {
                Phase::Moving(dice) => self
                    .best(variant, game.position(), dice)
                    .map_or_else(before_roll, |(_, s)| s),
                _ => before_roll(),
            }
        } else {
            // The opponent is on roll: as if the bot had just played.
            evaluate_in(variant, &mine)
        };
        equity * cube
    }

    /// The best play of `dice` under `variant`'s rules and its score (first in generator
    /// order among equals).
    fn best(&mut self, variant: Variant, position: &Position, dice: Dice) -> Option<(Play, f64)> {
        variant
            .rules()
            .legal_plays_into(position, dice, &mut self.plays);
        let mut best: Option<(Play, f64)> = None;
        for play in &self.plays {
            let s = score_play(variant, play);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((*play, s));
            }
        }
        best
    }
}

impl GreedyBot {
    /// Whether the player on roll in `game` (the bot) doubles now, by money-play rules: in a
    /// race by Keith's rule ([`keith_cube`]), in contact when its pre-roll equity is in the
    /// doubling window (not too good to play on for the gammon). False when doubling is not
    /// allowed.
    pub fn double_in(&mut self, game: &Game) -> bool {
        if game.may_double().is_err() {
            return false;
        }
        let position = game.position();
        let redouble = !game.cube().is_centred();
        if position.is_race() {
            return keith_cube(position, redouble).0;
        }
        let equity = pre_roll_equity(position);
        let at = if redouble { REDOUBLE_AT } else { DOUBLE_AT };
        equity >= at && equity < TOO_GOOD
    }

    /// The bot's answer to the double (or beaver) waiting in `game`, by money-play rules: in
    /// a race, Keith's take rule; in contact, take while the doubler's pre-roll equity is at
    /// most 0.55; beaver (when the rules allow it) when the doubler is the underdog.
    pub fn answer_in(&mut self, game: &Game) -> DoubleAnswer {
        // The doubler is the player on roll.
        let doubler_view = *game.position();
        let doubler_equity = pre_roll_equity(&doubler_view);
        if game.phase() == Phase::Beavered {
            // The original doubler answers a beaver: it doubled believing it was ahead.
            return if doubler_equity > -0.2 {
                DoubleAnswer::Take
            } else {
                DoubleAnswer::Pass
            };
        }
        let take = if doubler_view.is_race() {
            keith_cube(&doubler_view, !game.cube().is_centred()).1
        } else {
            doubler_equity <= TAKE_UP_TO
        };
        if !take {
            return DoubleAnswer::Pass;
        }
        let rules = game.rules();
        if rules.beaver
            && rules.is_money()
            && game.cube().value() * 4 <= rules.cube_cap
            && doubler_equity < -0.15
        {
            return DoubleAnswer::Beaver;
        }
        DoubleAnswer::Take
    }

    /// Whether the bot, the side to answer the resignation offer in `game`, accepts losing
    /// `level` from the resigner: yes when the points offered (times the cube, single under
    /// the Jacoby rule while the cube is at 1) are at least its expected points.
    pub fn accept_in(&mut self, game: &Game, level: WinKind) -> bool {
        let Some(me) = game.to_act() else {
            return true;
        };
        offered_points(game, level) >= self.expected_points(game, me)
    }
}

/// Match play: whether the score makes the cube decision obvious. Returns `Some(double)`.
fn match_double_override(m: &MatchState, me: Side) -> Option<bool> {
    let (mine, theirs) = (m.away(me)?, m.away(me.opponent())?);
    let cube = m.game().cube().value();
    if theirs == 1 && mine > 1 {
        // Post-Crawford trailer: the leader would win the match with any win anyway.
        return Some(true);
    }
    if mine <= cube {
        // Already enough to win the match: doubling gains nothing.
        return Some(false);
    }
    None
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    /// Every legal play scored by [`evaluate`] of the position after it, best first (equal
    /// scores keep the generator's order).
    /// Every legal play of `variant` scored by [`evaluate_in`] of the position after it,
    /// best first (equal scores keep the generator's order).
    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        variant
            .rules()
            .legal_plays_into(position, dice, &mut self.plays);
        let mut scored: Vec<ScoredPlay> = self
            .plays
            .iter()
            .map(|play| ScoredPlay {
                play: *play,
                score: score_play(variant, play),
            })
            .collect();
        scored.sort_by(|a, b| b.score.total_cmp(&a.score));
        scored
    }

    /// Every rule set.
    fn plays(&self, _: Variant) -> bool {
        true
    }

    fn choose_play(&mut self, m: &MatchState) -> Play {
        let game = m.game();
        let Some(dice) = game.dice() else {
            return Play::empty(*game.position());
        };
        self.best(game.variant(), game.position(), dice)
            .map_or_else(|| Play::empty(*game.position()), |(play, _)| play)
    }

    fn should_double(&mut self, m: &MatchState) -> bool {
        let game = m.game();
        if game.may_double().is_err() {
            return false;
        }
        if let Some(answer) = match_double_override(m, game.turn()) {
            return answer;
        }
        self.double_in(game)
    }

    fn answer_double(&mut self, m: &MatchState) -> DoubleAnswer {
        let game = m.game();
        if let Some(me) = game.to_act()
            && let (Some(mine), Some(_)) = (m.away(me), m.away(me.opponent()))
            && mine <= game.cube().value()
            && game.phase() == Phase::DoubleOffered
        {
            // Losing the current stake already loses the match: nothing more to lose.
            return DoubleAnswer::Take;
        }
        self.answer_in(game)
    }

    fn accept_resignation(&mut self, m: &MatchState, level: WinKind) -> bool {
        self.accept_in(m.game(), level)
    }
}
