//! The statistics of an analysed match, counted as GNU Backgammon counts them (its
//! `analysis.c`, `updateStatcontext`, `getMWCFromError`, and `formatgs.c` for the
//! statistics page), from facts about each decision and roll. How a decision is judged (its
//! equities) is not this module's business: it takes the judge's numbers as they come.
//!
//! - **Decisions** are the unforced moves (a roll with more than one legal play) and the
//!   close cube decisions: every double, take and pass, and every roll where the player
//!   could have doubled and doubling would not have been a very bad error (the best cube
//!   action's equity less the double's, the lower of double/take and double/pass, is below
//!   [`CLOSE_CUBE`]).
//! - **Errors** are in EMG (equity normalised to a single game at the cube of the moment, as
//!   gnubg shows match equities) and in MWC in a match (match-winning chances, a fraction) or
//!   points in money play (EMG times the cube's value). A missed double costs the best
//!   action's equity less no double's; a double that should not be costs the best action's
//!   less the double's; a wrong take or pass, the right answer's less the answer given.
//! - **Rates** are thousandths of EMG (mEMG) per decision: checker play per unforced move,
//!   cube per close cube decision, overall per both; each rated in gnubg's words
//!   ([`rating_words`]).
//! - **Luck** is each roll's (see [`crate::analysis`]) in EMG and MWC or points, with
//!   gnubg's marks ([`LuckMark`]); its rate is per roll (every roll, forced ones too) and
//!   rated in gnubg's words ([`luck_words`]).
//! - The **luck-adjusted result**: what each player won (points, or match-winning chances
//!   gained in a match), less its own luck, plus the opponent's.

use crate::analysis::Mark;
use serde::{Deserialize, Serialize};

/// A roll with the cube available counts as a close cube decision when doubling would have
/// cost less than this (gnubg's `isCloseCubedecision`: less than a very bad error).
pub const CLOSE_CUBE: f64 = 0.16;

/// An amount of equity: EMG, and the same in match-winning chances (a fraction) in a match
/// or in points in money play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Amount {
    /// Normalised equity (EMG; in money play, equity per unit of the cube).
    pub emg: f64,
    /// Match-winning chances (a fraction) in a match; points in money play.
    pub mwc: f64,
}

impl Amount {
    fn add(&mut self, emg: f64, scale: f64) {
        self.emg += emg;
        self.mwc += emg * scale;
    }

    /// Per `n` (zero when `n` is zero).
    #[must_use]
    pub fn per(self, n: usize) -> Amount {
        if n == 0 {
            Amount::default()
        } else {
            Amount {
                emg: self.emg / n as f64,
                mwc: self.mwc / n as f64,
            }
        }
    }
}

/// A count of cube errors of one kind and what they cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Errors {
    /// How many.
    pub count: usize,
    /// What they cost, in all.
    pub cost: Amount,
}

impl Errors {
    fn add(&mut self, emg: f64, scale: f64) {
        self.count += 1;
        self.cost.add(emg, scale);
    }
}

/// gnubg's marks of a roll by its luck (EMG): above 0.6 very lucky, above 0.3 lucky, below
/// -0.3 unlucky, below -0.6 very unlucky (gnubg's `arLuckLevel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LuckMark {
    /// Luck below -0.6.
    VeryUnlucky,
    /// Luck below -0.3.
    Unlucky,
    /// Luck above 0.3.
    Lucky,
    /// Luck above 0.6.
    VeryLucky,
}

impl LuckMark {
    /// The mark of a roll's luck (EMG), if any.
    #[must_use]
    pub fn of(luck: f64) -> Option<LuckMark> {
        if luck > 0.6 {
            Some(LuckMark::VeryLucky)
        } else if luck > 0.3 {
            Some(LuckMark::Lucky)
        } else if luck < -0.6 {
            Some(LuckMark::VeryUnlucky)
        } else if luck < -0.3 {
            Some(LuckMark::Unlucky)
        } else {
            None
        }
    }

    /// `very lucky`, `lucky`, `unlucky` or `very unlucky`.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            LuckMark::VeryLucky => "very lucky",
            LuckMark::Lucky => "lucky",
            LuckMark::Unlucky => "unlucky",
            LuckMark::VeryUnlucky => "very unlucky",
        }
    }

    /// A short symbol for a move list: `++`, `+`, `-`, `--`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            LuckMark::VeryLucky => "++",
            LuckMark::Lucky => "+",
            LuckMark::Unlucky => "-",
            LuckMark::VeryUnlucky => "--",
        }
    }
}

/// gnubg's rating of an error rate in thousandths of EMG per decision (its `arThrsRating`).
#[must_use]
pub fn rating_words(thousandths: f64) -> &'static str {
    const LEVELS: [(f64, &str); 7] = [
        (2.0, "Supernatural"),
        (5.0, "World class"),
        (8.0, "Expert"),
        (12.0, "Advanced"),
        (18.0, "Intermediate"),
        (26.0, "Casual player"),
        (35.0, "Beginner"),
    ];
    LEVELS
        .iter()
        .find(|(below, _)| thousandths < *below)
        .map_or("Awful!", |(_, word)| word)
}

/// gnubg's luck rating of the mean luck per roll (EMG): ten times it above 0.6 "Go to Las
/// Vegas", above 0.3 "Good dice, man!", below -0.3 "Bad dice, man!", below -0.6 "Go to bed",
/// else "None".
#[must_use]
pub fn luck_words(per_roll: f64) -> &'static str {
    let r = per_roll * 10.0;
    if r > 0.6 {
        "Go to Las Vegas"
    } else if r > 0.3 {
        "Good dice, man!"
    } else if r < -0.6 {
        "Go to bed"
    } else if r < -0.3 {
        "Bad dice, man!"
    } else {
        "None"
    }
}

/// Cube equities of a decision, in EMG from the doubler's view.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CubeEquities {
    /// No double.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass (1 in EMG, as normalised).
    pub double_pass: f64,
}

impl CubeEquities {
    /// The value of the double: the taker's choice of double/take and double/pass.
    #[must_use]
    pub fn double(&self) -> f64 {
        self.double_take.min(self.double_pass)
    }

    /// The equity of the best cube action.
    #[must_use]
    pub fn optimal(&self) -> f64 {
        self.no_double.max(self.double())
    }

    /// Doubling would not be a very bad error ([`CLOSE_CUBE`]).
    #[must_use]
    pub fn is_close(&self) -> bool {
        self.optimal() - self.double_take.min(1.0) < CLOSE_CUBE
    }
}

/// What the statistics count: one fact about a decision or a roll of a player (0 White, 1
/// Black). `scale` turns EMG into match-winning chances (a match) or points (money play) at
/// the moment: half the difference between winning and losing a single game at the cube of
/// the moment, in match-winning chances, or the cube's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Fact {
    /// A roll played: how many plays it had (1 forced, 0 a dance) and the equity the play
    /// made lost (EMG, 0 or more).
    Move {
        /// The player.
        player: usize,
        /// Legal plays (distinct positions after them).
        choices: usize,
        /// Equity lost against the best play.
        error: f64,
        /// EMG to MWC or points.
        scale: f64,
    },
    /// A roll the player made without doubling while it could double.
    NoDouble {
        /// The player.
        player: usize,
        /// The cube's equities.
        cube: CubeEquities,
        /// EMG to MWC or points.
        scale: f64,
    },
    /// A double.
    Double {
        /// The doubler.
        player: usize,
        /// The cube's equities.
        cube: CubeEquities,
        /// EMG to MWC or points.
        scale: f64,
    },
    /// The answer to a double.
    Answer {
        /// The player answering.
        player: usize,
        /// It took.
        took: bool,
        /// The cube's equities (the doubler's view).
        cube: CubeEquities,
        /// EMG to MWC or points.
        scale: f64,
    },
    /// The luck of a roll (EMG).
    Roll {
        /// The roller.
        player: usize,
        /// Its luck.
        luck: f64,
        /// EMG to MWC or points.
        scale: f64,
    },
    /// A game won: points (money) or match-winning chances gained (a match).
    Won {
        /// The winner.
        player: usize,
        /// What it won.
        value: f64,
    },
}

/// One player's statistics.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// Rolls played, forced and dances included.
    pub total_moves: usize,
    /// Rolls with more than one legal play.
    pub unforced_moves: usize,
    /// Moves by gnubg's marks: unmarked (forced moves and dances among them), doubtful,
    /// bad, very bad.
    pub marked_moves: [usize; 4],
    /// Equity lost in checker play.
    pub checker_error: Amount,
    /// Rolls with the cube available, doubles, takes and passes.
    pub total_cube: usize,
    /// Close cube decisions (and every double, take and pass).
    pub close_cube: usize,
    /// Doubles made.
    pub doubles: usize,
    /// Doubles taken.
    pub takes: usize,
    /// Doubles passed.
    pub passes: usize,
    /// Missed doubles below the cash point (a take was right).
    pub missed_doubles_below_cp: Errors,
    /// Missed doubles above the cash point (a pass was right).
    pub missed_doubles_above_cp: Errors,
    /// Doubles that should not be, below the double point.
    pub wrong_doubles_below_dp: Errors,
    /// Doubles that should not be, too good to double.
    pub wrong_doubles_above_tg: Errors,
    /// Takes that should be passes.
    pub wrong_takes: Errors,
    /// Passes that should be takes.
    pub wrong_passes: Errors,
    /// The rolls by gnubg's luck marks: very lucky, lucky, unmarked, unlucky, very unlucky.
    pub luck_marks: [usize; 5],
    /// The luck of the rolls, in all.
    pub luck: Amount,
    /// Points won less points lost (money), or match-winning chances gained less lost.
    pub actual_result: f64,
    /// The actual result less the player's luck plus the opponent's.
    pub luck_adjusted: f64,
}

impl PlayerStats {
    /// Equity lost in cube decisions, in all.
    #[must_use]
    pub fn cube_error(&self) -> Amount {
        let mut a = Amount::default();
        for e in [
            self.missed_doubles_below_cp,
            self.missed_doubles_above_cp,
            self.wrong_doubles_below_dp,
            self.wrong_doubles_above_tg,
            self.wrong_takes,
            self.wrong_passes,
        ] {
            a.emg += e.cost.emg;
            a.mwc += e.cost.mwc;
        }
        a
    }

    /// Decisions: unforced moves and close cube decisions.
    #[must_use]
    pub fn decisions(&self) -> usize {
        self.unforced_moves + self.close_cube
    }

    /// Equity lost, checker play and cube.
    #[must_use]
    pub fn overall_error(&self) -> Amount {
        let c = self.cube_error();
        Amount {
            emg: self.checker_error.emg + c.emg,
            mwc: self.checker_error.mwc + c.mwc,
        }
    }

    /// Checker play error per unforced move.
    #[must_use]
    pub fn checker_rate(&self) -> Amount {
        self.checker_error.per(self.unforced_moves)
    }

    /// Cube error per close cube decision.
    #[must_use]
    pub fn cube_rate(&self) -> Amount {
        self.cube_error().per(self.close_cube)
    }

    /// Error per decision.
    #[must_use]
    pub fn overall_rate(&self) -> Amount {
        self.overall_error().per(self.decisions())
    }

    /// Luck per roll.
    #[must_use]
    pub fn luck_rate(&self) -> Amount {
        self.luck.per(self.total_moves)
    }

    /// gnubg's words for the checker play, `None` without unforced moves.
    #[must_use]
    pub fn checker_rating(&self) -> Option<&'static str> {
        (self.unforced_moves > 0).then(|| rating_words(1000.0 * self.checker_rate().emg))
    }

    /// gnubg's words for the cube decisions, `None` without close ones.
    #[must_use]
    pub fn cube_rating(&self) -> Option<&'static str> {
        (self.close_cube > 0).then(|| rating_words(1000.0 * self.cube_rate().emg))
    }

    /// gnubg's words for the whole, `None` without decisions.
    #[must_use]
    pub fn overall_rating(&self) -> Option<&'static str> {
        (self.decisions() > 0).then(|| rating_words(1000.0 * self.overall_rate().emg))
    }

    /// gnubg's words for the luck, `None` without rolls.
    #[must_use]
    pub fn luck_rating(&self) -> Option<&'static str> {
        (self.total_moves > 0).then(|| luck_words(self.luck_rate().emg))
    }
}

/// Both players' statistics from the facts of a match, in order.
#[must_use]
pub(crate) fn tally(facts: &[Fact]) -> [PlayerStats; 2] {
    let mut s = [PlayerStats::default(), PlayerStats::default()];
    for fact in facts {
        match *fact {
            Fact::Move {
                player,
                choices,
                error,
                scale,
            } => count_move(&mut s[player], choices, error, scale),
            Fact::NoDouble {
                player,
                cube,
                scale,
            } => {
                let p = &mut s[player];
                p.total_cube += 1;
                p.close_cube += usize::from(cube.is_close());
                let missed = cube.optimal() - cube.no_double;
                if missed > 0.0 {
                    if cube.double_take > 1.0 {
                        p.missed_doubles_above_cp.add(missed, scale);
                    } else {
                        p.missed_doubles_below_cp.add(missed, scale);
                    }
                }
            }
            Fact::Double {
                player,
                cube,
                scale,
            } => {
                let p = &mut s[player];
                p.total_cube += 1;
                p.close_cube += 1;
                p.doubles += 1;
                let wrong = cube.optimal() - cube.double();
                if wrong > 0.0 {
                    if cube.no_double > 1.0 {
                        p.wrong_doubles_above_tg.add(wrong, scale);
                    } else {
                        p.wrong_doubles_below_dp.add(wrong, scale);
                    }
                }
            }
            Fact::Answer {
                player,
                took,
                cube,
                scale,
            } => count_answer(&mut s[player], took, &cube, scale),
            Fact::Roll {
                player,
                luck,
                scale,
            } => {
                s[player].luck.add(luck, scale);
                let mark = match LuckMark::of(luck) {
                    Some(LuckMark::VeryLucky) => 0,
                    Some(LuckMark::Lucky) => 1,
                    None => 2,
                    Some(LuckMark::Unlucky) => 3,
                    Some(LuckMark::VeryUnlucky) => 4,
                };
                s[player].luck_marks[mark] += 1;
                s[player].luck_adjusted -= luck * scale;
                s[1 - player].luck_adjusted += luck * scale;
            }
            Fact::Won { player, value } => {
                s[player].actual_result += value;
                s[1 - player].actual_result -= value;
                s[player].luck_adjusted += value;
                s[1 - player].luck_adjusted -= value;
            }
        }
    }
    s
}

/// A move in `p`'s statistics: forced (`choices` at most 1) or unforced, with its error.
fn count_move(p: &mut PlayerStats, choices: usize, error: f64, scale: f64) {
    p.total_moves += 1;
    if choices <= 1 {
        // gnubg counts forced moves and dances among the unmarked.
        p.marked_moves[0] += 1;
    } else {
        p.unforced_moves += 1;
        p.checker_error.add(error, scale);
        let mark = Mark::of(error).map_or(0, |m| match m {
            Mark::Doubtful => 1,
            Mark::Bad => 2,
            Mark::VeryBad => 3,
        });
        p.marked_moves[mark] += 1;
    }
}

/// An answer to a double in `p`'s statistics: a take or a pass, wrong by what the other
/// would have saved.
fn count_answer(p: &mut PlayerStats, took: bool, cube: &CubeEquities, scale: f64) {
    p.total_cube += 1;
    p.close_cube += 1;
    if took {
        p.takes += 1;
        let wrong = cube.double_take - cube.double_pass;
        if wrong > 0.0 {
            p.wrong_takes.add(wrong, scale);
        }
    } else {
        p.passes += 1;
        let wrong = cube.double_pass - cube.double_take;
        if wrong > 0.0 {
            p.wrong_passes.add(wrong, scale);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(no_double: f64, double_take: f64) -> CubeEquities {
        CubeEquities {
            no_double,
            double_take,
            double_pass: 1.0,
        }
    }

    /// gnubg's closeness: doubling costs less than 0.16. No double 0.40, double/take 0.29
    /// (the money position of issue 31): doubling costs 0.11, close. No double 0.10,
    /// double/take -0.20: 0.30, not close. A missed double is always close.
    #[test]
    fn a_cube_decision_is_close_when_doubling_is_not_a_blunder() {
        assert!(cube(0.398, 0.289).is_close());
        assert!(!cube(0.10, -0.20).is_close());
        assert!(cube(0.80, 0.90).is_close());
        // Too good: a pass (1.0) is worth much less than playing on (1.3).
        assert!(!cube(1.30, 1.60).is_close());
    }

    /// The hand-counted statistics of a few facts: two unforced moves (one lost 0.05, a
    /// doubtful move), a forced one; a clear no double (not close), a missed double above the
    /// cash point (lost 0.1); a wrong take by the other player (lost 0.2); luck of +0.4 and
    /// -0.7; a game of 2 points won by player 0.
    #[test]
    fn the_tally_counts_as_gnubg_does() {
        let facts = [
            Fact::Move {
                player: 0,
                choices: 5,
                error: 0.05,
                scale: 1.0,
            },
            Fact::Move {
                player: 0,
                choices: 3,
                error: 0.0,
                scale: 1.0,
            },
            Fact::Move {
                player: 0,
                choices: 1,
                error: 0.0,
                scale: 1.0,
            },
            Fact::NoDouble {
                player: 0,
                cube: cube(0.10, -0.20),
                scale: 1.0,
            },
            Fact::NoDouble {
                player: 0,
                cube: cube(0.90, 1.20),
                scale: 1.0,
            },
            Fact::Answer {
                player: 1,
                took: true,
                cube: cube(0.5, 1.2),
                scale: 2.0,
            },
            Fact::Roll {
                player: 0,
                luck: 0.4,
                scale: 1.0,
            },
            Fact::Roll {
                player: 1,
                luck: -0.7,
                scale: 2.0,
            },
            Fact::Won {
                player: 0,
                value: 2.0,
            },
        ];
        let [a, b] = tally(&facts);
        assert_eq!((a.total_moves, a.unforced_moves), (3, 2));
        assert_eq!(a.marked_moves, [2, 1, 0, 0]);
        assert_eq!((a.total_cube, a.close_cube), (2, 1));
        assert_eq!(a.missed_doubles_above_cp.count, 1);
        assert!((a.missed_doubles_above_cp.cost.emg - 0.1).abs() < 1e-9);
        // Decisions: 2 unforced moves and 1 close cube decision; errors 0.05 + 0.1.
        assert_eq!(a.decisions(), 3);
        assert!((a.overall_rate().emg - 0.05).abs() < 1e-9);
        // 0.05 over 2 unforced moves: 25 thousandths a move.
        assert_eq!(a.checker_rating(), Some("Casual player"));
        assert_eq!((b.takes, b.wrong_takes.count, b.close_cube), (1, 1, 1));
        assert!((b.wrong_takes.cost.emg - 0.2).abs() < 1e-9);
        assert!((b.wrong_takes.cost.mwc - 0.4).abs() < 1e-9);
        assert_eq!(a.luck_marks, [0, 1, 0, 0, 0]);
        assert_eq!(b.luck_marks, [0, 0, 0, 0, 1]);
        // Luck-adjusted: 2 won, less +0.4 of luck, plus the other's -1.4 (at a cube of 2).
        assert!((a.actual_result - 2.0).abs() < 1e-9);
        assert!((a.luck_adjusted - (2.0 - 0.4 - 1.4)).abs() < 1e-9);
        assert!((a.luck_adjusted + b.luck_adjusted).abs() < 1e-9);
    }

    #[test]
    fn luck_marks_at_gnubgs_thresholds() {
        for (luck, mark) in [
            (0.61, Some(LuckMark::VeryLucky)),
            (0.6, Some(LuckMark::Lucky)),
            (0.31, Some(LuckMark::Lucky)),
            (0.3, None),
            (-0.3, None),
            (-0.31, Some(LuckMark::Unlucky)),
            (-0.61, Some(LuckMark::VeryUnlucky)),
        ] {
            assert_eq!(LuckMark::of(luck), mark, "{luck}");
        }
    }
}
