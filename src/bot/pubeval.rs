//! The `pubeval` bot: Gerald Tesauro's public evaluation function (1993), the standard
//! yardstick of backgammon programs.
//!
//! pubeval is linear: the score of the position after a play is the dot product of 122
//! inputs with one of two published weight vectors, one for races and one for contact
//! positions. The bot scores every legal play that way and makes the best-scoring one.
//!
//! This is a faithful port of `pubeval.c`: the weights are copied digit for digit, the inputs
//! are built as its `setx()` builds them, and the arithmetic is done in `f32` as the C code
//! does it (`float` weights, inputs and accumulator, added in index order).
//!
//! Source of the weights and the code: `pubeval.c` in the public repository
//! `weekend37/Backgammon` (path `pubeval.c`, commit d27fe51644565a86150bc765c843dc326f1f5a4a),
//! checked number for number against OpenBSD's copy (`$OpenBSD: pubeval.c,v 1.3 2015/11/30`,
//! "Public domain, Gerry Tesauro"). Both hold the same 122 race and 122 contact weights.

use super::{Bot, DoubleAnswer, ScoredPlay};
use crate::engine::{Dice, MatchState, Play, Position, Variant, WinKind, legal_plays};

/// Tesauro's race weights (`wr[]` in `pubeval.c`), used when there is no contact.
const WR: [f32; 122] = [
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375, -1.05121, 0.07217, -0.01351,
    0.00000, -1.29506, -2.16183, 0.13246, -1.03508, 0.00000, -2.29847, -2.34631, 0.17253, 0.08302,
    0.00000, -1.27266, -2.87401, -0.07456, -0.34240, 0.00000, -1.34640, -2.46556, -0.13022,
    -0.01591, 0.00000, 0.27448, 0.60015, 0.48302, 0.25236, 0.00000, 0.39521, 0.68178, 0.05281,
    0.09266, 0.00000, 0.24855, -0.06844, -0.37646, 0.05685, 0.00000, 0.17405, 0.00430, 0.74427,
    0.00576, 0.00000, 0.12392, 0.31202, -0.91035, -0.16270, 0.00000, 0.01418, -0.10839, -0.02781,
    -0.88035, 0.00000, 1.07274, 2.00366, 1.16242, 0.22520, 0.00000, 0.85631, 1.06349, 1.49549,
    0.18966, 0.00000, 0.37183, -0.50352, -0.14818, 0.12039, 0.00000, 0.13681, 0.13978, 1.11245,
    -0.12707, 0.00000, -0.22082, 0.20178, -0.06285, -0.52728, 0.00000, -0.13597, -0.19412,
    -0.09308, -1.26062, 0.00000, 3.05454, 5.16874, 1.50680, 5.35000, 0.00000, 2.19605, 3.85390,
    0.88296, 2.30052, 0.00000, 0.92321, 1.08744, -0.11696, -0.78560, 0.00000, -0.09795, -0.83050,
    -1.09167, -4.94251, 0.00000, -1.00316, -3.66465, -2.56906, -9.67677, 0.00000, -2.77982,
    -7.26713, -3.40177, -12.32252, 0.00000, 3.42040,
];

/// Tesauro's contact weights (`wc[]` in `pubeval.c`).
const WC: [f32; 122] = [
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654, -0.92830,
    -1.99558, -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.59220, -0.73667, 0.89032,
    -0.38933, -1.59847, -1.50197, -0.60966, 1.56166, -0.47389, -1.80390, -0.83425, -0.97741,
    -1.41371, 0.24500, 0.10970, -1.36476, -1.05572, 1.15420, 0.11069, -0.38319, -0.74816, -0.59244,
    0.81116, -0.39511, 0.11424, -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363,
    1.06169, -0.21329, 0.04798, -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882,
    -0.13658, 1.78389, 0.30416, 0.36797, -0.69851, 0.13003, 1.23070, 0.40868, -0.21081, -0.64073,
    0.31061, 1.59554, 0.65718, 0.25429, -0.80789, 0.08240, 1.78964, 0.54304, 0.41174, -1.06161,
    0.07851, 2.01451, 0.49786, 0.91936, -0.90750, 0.05941, 1.83120, 0.58722, 1.28777, -0.83711,
    -0.33248, 2.64983, 0.52698, 0.82132, -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276,
    -0.36214, 4.37655, 0.45481, 0.21746, 0.10504, -0.61977, 3.54001, 0.04612, -0.18108, 0.63211,
    -0.87046, 2.47673, -0.48016, -1.27157, 0.86505, -1.11342, 1.24612, -0.82385, -2.77082, 1.23606,
    -1.59529, 0.10438, -1.30206, -4.11520, 5.62596, -2.75800,
];

/// What `pubeval.c` returns when the mover has borne off all 15 checkers: `99999999.`,
/// which as a C `float` is 100000000.
const ALL_OFF: f32 = 99_999_999.0;

/// The 122 inputs of `pubeval.c`'s `setx()` for the board `pos` (see [`pubeval`]).
///
/// For `j` in 1..=24 the five inputs `x[5(j-1)..5j]` describe `pos[25 - j]`, the mover's
/// point `25 - j` (so `x[0..5]` is point 24 and `x[115..120]` point 1), with `n` its count:
/// `x[5(j-1)]` = 1 for a lone opposing checker (`n == -1`), `+1` = 1 for a mover's blot
/// (`n == 1`), `+2` = 1 for a made point (`n >= 2`), `+3` = 1 for exactly three (`n == 3`),
/// `+4` = `(n - 3) / 2` for four or more. `x[120]` = `-pos[0] / 2` (the opponent's checkers on
/// the bar) and `x[121]` = `pos[26] / 15` (the mover's checkers off).
fn setx(pos: &[i32; 28]) -> [f32; 122] {
    let mut x = [0.0f32; 122];
    for j in 1..=24 {
        let jm1 = j - 1;
        let n = pos[25 - j];
        if n != 0 {
            if n == -1 {
                x[5 * jm1] = 1.0;
            }
            if n == 1 {
                x[5 * jm1 + 1] = 1.0;
            }
            if n >= 2 {
                x[5 * jm1 + 2] = 1.0;
            }
            if n == 3 {
                x[5 * jm1 + 3] = 1.0;
            }
            if n >= 4 {
                // C: (float)(n-3)/2.0, a double quotient stored in a float.
                x[5 * jm1 + 4] = (f64::from(n - 3) / 2.0) as f32;
            }
        }
    }
    x[120] = (-f64::from(pos[0]) / 2.0) as f32;
    x[121] = (f64::from(pos[26]) / 15.0) as f32;
    x
}

/// Tesauro's `pubeval(race, pos)`: the score of the board `pos` for the player who has just
/// moved (higher is better for that player). The scale is pubeval's own, not points.
///
/// `pos` follows `pubeval.c`'s convention, the final board after the move from the view of
/// the player who moved (the "computer"): `pos[1..=24]` are the points in that player's
/// numbering (its checkers move from 24 towards 1), its checkers positive and the
/// opponent's negative; `pos[25]` its checkers on the bar (positive), `pos[0]` the
/// opponent's on the bar (negative), `pos[26]` its checkers borne off (positive) and
/// `pos[27]` the opponent's borne off (negative; pubeval does not use it). [`encode`] builds
/// it from a [`Position`].
///
/// `race` selects the race weights; `pubeval.c` asks for it to be set from the position
/// *before* the move (see [`is_race`]). With all 15 checkers off the score is `99999999.`
/// as a C `float` (1e8): the best possible move.
#[must_use]
pub fn pubeval(race: bool, pos: &[i32; 28]) -> f64 {
    if pos[26] == 15 {
        return f64::from(ALL_OFF);
    }
    let x = setx(pos);
    let weights = if race { &WR } else { &WC };
    let mut score = 0.0f32;
    for (w, xi) in weights.iter().zip(x.iter()) {
        score += w * xi;
    }
    f64::from(score)
}

/// The board of `position_after` (the position after a play, still seen from the player who
/// played, as [`Play::position`] gives it) in `pubeval.c`'s `pos[]` convention.
///
/// Our [`Position`] already uses that layout for indices 0 to 25 (opponent's bar at 0,
/// negative; points 1-24 in the mover's numbering, mover positive; mover's bar at 25), so
/// those are copied as they are; `pos[26]` is [`Position::mover_off`] and `pos[27]` is minus
/// [`Position::opponent_off`].
#[must_use]
pub fn encode(position_after: &Position) -> [i32; 28] {
    let mut pos = [0i32; 28];
    for (slot, &n) in pos.iter_mut().zip(position_after.board().iter()) {
        *slot = i32::from(n);
    }
    pos[26] = i32::from(position_after.mover_off());
    pos[27] = -i32::from(position_after.opponent_off());
    pos
}

/// No contact: every checker of the player on roll (bar included) is past every opposing
/// checker, so neither side can hit or block the other again. This is the `race` flag
/// `pubeval.c` wants, taken from the position *before* the move; it is
/// [`Position::is_race`], which also counts a side with no checkers left as a race.
#[must_use]
pub fn is_race(position: &Position) -> bool {
    position.is_race()
}

/// Scores `plays` of `position` with pubeval, best first; ties keep the order given.
pub(crate) fn rank(position: &Position, plays: &[Play]) -> Vec<ScoredPlay> {
    let race = is_race(position);
    let mut scored: Vec<ScoredPlay> = plays
        .iter()
        .map(|&play| ScoredPlay {
            play,
            score: pubeval(race, &encode(play.position())),
        })
        .collect();
    // A stable sort: among equal scores the generator's order decides, as in the usual
    // pubeval driver that keeps the first best move it meets.
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    scored
}

/// Plays the legal play whose resulting position pubeval scores highest.
///
/// pubeval has no cube logic and no notion of points, so the bot never doubles, always takes
/// (and never beavers), and accepts every resignation offered to it: it cannot weigh an
/// offer against the game, and accepting always ends the game as a win for it.
/// Deterministic: no randomness at all.
#[derive(Debug, Clone, Copy, Default)]
pub struct PubevalBot;

impl PubevalBot {
    /// The pubeval bot.
    #[must_use]
    pub fn new() -> PubevalBot {
        PubevalBot
    }
}

impl Bot for PubevalBot {
    fn name(&self) -> &str {
        "pubeval"
    }

    /// Every legal play scored by [`pubeval`] on the position after it (race weights when
    /// `position` is a race), best first. A play that bears off the last checker scores 1e8.
    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        if super::moves_as_backgammon(variant) {
            rank(position, &legal_plays(position, dice))
        } else {
            super::unranked(variant, position, dice)
        }
    }

    /// The best of the game's own legal plays (so any variant's rules are respected).
    fn choose_play(&mut self, m: &MatchState) -> Play {
        let game = m.game();
        let position = *game.position();
        rank(&position, game.legal_plays())
            .first()
            .map_or_else(|| Play::empty(position), |s| s.play)
    }

    fn should_double(&mut self, _: &MatchState) -> bool {
        false
    }

    fn answer_double(&mut self, _: &MatchState) -> DoubleAnswer {
        DoubleAnswer::Take
    }

    fn accept_resignation(&mut self, _: &MatchState, _: WinKind) -> bool {
        true
    }
}
