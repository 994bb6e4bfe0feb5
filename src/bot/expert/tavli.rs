//! The Tavli match equity table: a side's chances to win a Tavli match from a score, when
//! the next game of the cycle (Portes, Plakoto, Fevga, Portes, ...) is known.
//!
//! Tavli has no cube, so what a single (1 point) and a double (2 points) win are worth
//! depends only on the score and on which games come next, each with its own rates of double
//! wins (and Plakoto of draws, which score nothing and move the cycle on). Each game is taken
//! as even (either side wins it half the time, whoever starts); then, with `E(a, b, g)` the
//! chance of the side that needs `a` points against one that needs `b` when game `g` of the
//! cycle comes next, and `d_g`, `r_g` game `g`'s share of double wins among its wins and of
//! draws:
//!
//! ```text
//! E(a, b, g) = r_g E(a, b, g+1)
//!            + (1 - r_g) / 2 [ (1 - d_g) E(a-1, b, g+1) + d_g E(a-2, b, g+1)
//!                            + (1 - d_g) E(a, b-1, g+1) + d_g E(a, b-2, g+1) ]
//! ```
//!
//! with `E = 1` once `a <= 0` and `E = 0` once `b <= 0`. Only Plakoto has draws, so within
//! one score the games are solved Fevga, Plakoto, Portes, in that order. The rates are
//! [`RATES`], measured by the expert's self-play (assets/strength/README.md, "The expert in
//! every rule set").

use std::sync::OnceLock;

/// One game of the cycle: its share of double wins among the games won, and of draws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRates {
    /// Of the games won, the share won double (2 points).
    pub double: f32,
    /// Of all games, the share drawn.
    pub draw: f32,
}

/// The rates of Portes, Plakoto and Fevga (the cycle's order), measured by the expert
/// playing itself at 0-ply: `bot-match expert:0 expert:0 --rules R --games 2000 --seed 8
/// --threads 1` (1,000 distinct games in mirrored pairs) on the shipped nets, 2026-11-24:
/// Portes 464 double wins, Plakoto 702 (gammons and mothers), Fevga 256; no Plakoto game was
/// drawn (draws are kept in the model for the table's sake, at 0).
pub const RATES: [GameRates; 3] = [
    GameRates {
        double: 0.232,
        draw: 0.0,
    },
    GameRates {
        double: 0.351,
        draw: 0.0,
    },
    GameRates {
        double: 0.128,
        draw: 0.0,
    },
];

/// The longest match the table covers, in points; longer scores count as this far away.
pub const MAX_AWAY: u32 = 25;

/// The table: `E(a, b, g)` for `a`, `b` in 1..=[`MAX_AWAY`] and `g` in 0..3.
#[derive(Debug, Clone, PartialEq)]
pub struct TavliMet {
    table: Vec<f32>,
}

impl TavliMet {
    /// The table for the games' `rates` (Portes, Plakoto, Fevga).
    #[must_use]
    pub fn new(rates: &[GameRates; 3]) -> TavliMet {
        let n = MAX_AWAY as usize;
        let mut met = TavliMet {
            table: vec![0.0; n * n * 3],
        };
        for a in 1..=MAX_AWAY {
            for b in 1..=MAX_AWAY {
                // Fevga (2) first: Plakoto's draws lead to it; Portes (0) after Plakoto.
                for g in [2usize, 1, 0] {
                    let next = (g + 1) % 3;
                    let GameRates { double, draw } = rates[g];
                    let e = |a: u32, b: u32| met.get(a, b, next);
                    let decided = (1.0 - double) * e(a - 1, b)
                        + double * e(a.saturating_sub(2), b)
                        + (1.0 - double) * e(a, b - 1)
                        + double * e(a, b.saturating_sub(2));
                    let drawn = if draw > 0.0 { e(a, b) } else { 0.0 };
                    let value = draw * drawn + (1.0 - draw) / 2.0 * decided;
                    let i = met.index(a, b, g);
                    met.table[i] = value;
                }
            }
        }
        met
    }

    /// The table for [`RATES`], computed once.
    #[must_use]
    pub fn shared() -> &'static TavliMet {
        static MET: OnceLock<TavliMet> = OnceLock::new();
        MET.get_or_init(|| TavliMet::new(&RATES))
    }

    fn index(&self, a: u32, b: u32, g: usize) -> usize {
        let n = MAX_AWAY as usize;
        ((a as usize - 1) * n + (b as usize - 1)) * 3 + g % 3
    }

    /// The chance that the side needing `a` points wins the match against one needing `b`,
    /// when game `next` of the cycle (0 Portes, 1 Plakoto, 2 Fevga) comes next.
    #[must_use]
    pub fn get(&self, a: u32, b: u32, next: usize) -> f32 {
        match (a, b) {
            (0, _) => 1.0,
            (_, 0) => 0.0,
            _ => self.table[self.index(a.min(MAX_AWAY), b.min(MAX_AWAY), next)],
        }
    }

    /// The match-winning chances of a side needing `a` against one needing `b`, in the game
    /// of the cycle before `next`, from its chances in that game: to win (`win`), to win
    /// double (`win_double`) and to lose double (`lose_double`).
    #[must_use]
    pub fn match_chances(
        &self,
        (a, b): (u32, u32),
        next: usize,
        win: f32,
        win_double: f32,
        lose_double: f32,
    ) -> f32 {
        let lose = 1.0 - win;
        (win - win_double) * self.get(a.saturating_sub(1), b, next)
            + win_double * self.get(a.saturating_sub(2), b, next)
            + (lose - lose_double) * self.get(a, b.saturating_sub(1), next)
            + lose_double * self.get(a, b.saturating_sub(2), next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_away_one_away_is_the_double_win_or_two_wins() {
        // 2-away against 1-away, Portes next (no draws): the side needing 2 wins the match
        // by winning Portes double, or single and then the Plakoto game after it.
        let met = TavliMet::shared();
        let d = RATES[0].double;
        let plakoto_one_one = met.get(1, 1, 1);
        assert!((plakoto_one_one - 0.5).abs() < 1e-6);
        let expected = 0.5 * d + 0.5 * (1.0 - d) * plakoto_one_one;
        assert!((met.get(2, 1, 0) - expected).abs() < 1e-6);
    }

    /// The shipped table, and one with Plakoto drawing one game in ten.
    fn tables() -> [TavliMet; 2] {
        let mut rates = RATES;
        rates[1].draw = 0.1;
        [TavliMet::new(&RATES), TavliMet::new(&rates)]
    }

    #[test]
    fn the_two_sides_chances_sum_to_one() {
        for met in &tables() {
            sum_to_one(met);
        }
    }

    fn sum_to_one(met: &TavliMet) {
        for a in 1..=MAX_AWAY {
            for b in 1..=MAX_AWAY {
                for g in 0..3 {
                    let sum = met.get(a, b, g) + met.get(b, a, g);
                    assert!(
                        (sum - 1.0).abs() < 1e-5,
                        "{a}-away {b}-away game {g}: {sum}"
                    );
                }
            }
        }
    }

    #[test]
    fn more_points_never_lower_a_sides_chances() {
        for met in &tables() {
            monotone(met);
        }
    }

    fn monotone(met: &TavliMet) {
        for a in 1..MAX_AWAY {
            for b in 1..MAX_AWAY {
                for g in 0..3 {
                    // Needing fewer points (a - 1) is better; the opponent needing more too.
                    assert!(met.get(a, b, g) <= met.get(a - 1, b, g) + 1e-6);
                    assert!(met.get(a, b, g) <= met.get(a, b + 1, g) + 1e-6);
                    assert!(met.get(a + 1, b, g) <= met.get(a, b, g) + 1e-6);
                }
            }
        }
    }

    #[test]
    fn at_match_point_any_win_wins_the_match() {
        let met = TavliMet::shared();
        for b in 1..=MAX_AWAY {
            for next in 0..3 {
                // A sure single win, or a sure double win: the match is won.
                assert_eq!(met.match_chances((1, b), next, 1.0, 0.0, 0.0), 1.0);
                assert_eq!(met.match_chances((1, b), next, 1.0, 1.0, 0.0), 1.0);
                // A sure loss at the opponent's match point loses it.
                assert_eq!(met.match_chances((b, 1), next, 0.0, 0.0, 0.0), 0.0);
            }
        }
        // At double match point the gammons do not count.
        let plain = met.match_chances((1, 1), 0, 0.6, 0.0, 0.0);
        let gammons = met.match_chances((1, 1), 0, 0.6, 0.3, 0.2);
        assert!((plain - 0.6).abs() < 1e-6 && (gammons - 0.6).abs() < 1e-6);
    }
}
