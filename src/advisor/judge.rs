//! Judging an action: what a decision lost against the best one, and GNU Backgammon's mark
//! for it.
//!
//! - a play with a choice: the best play's value minus the played one's, both at the depth
//!   the best play was judged at;
//! - a roll when a double was possible (no double): the best cube action's value minus no
//!   double's (a missed double);
//! - a double: the best cube action's value minus doubling's (the opponent answering as is
//!   best for it);
//! - a take, a pass or a beaver: the taker's best answer minus the one given.
//!
//! Forced plays, opening rolls, the doubler's answer to a beaver and resignations are not
//! judged. Losses are in normalised money equity (EMG) and, in a match, in match-winning
//! chances; the mark goes by the EMG loss.

use super::{AdviceError, Advisor, CubeAdvice, Equity};
use crate::engine::{Action, MatchState, Phase, Play, format_play};

/// How GNU Backgammon marks a decision by the equity it lost: `?!` doubtful from
/// [`Mark::DOUBTFUL_AT`], `?` bad from [`Mark::BAD_AT`], `??` very bad from
/// [`Mark::VERY_BAD_AT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`: lost 0.04 or more.
    Doubtful,
    /// `?`: lost 0.08 or more.
    Bad,
    /// `??`: lost 0.16 or more.
    VeryBad,
}

impl Mark {
    /// A doubtful decision loses at least this much equity.
    pub const DOUBTFUL_AT: f64 = 0.04;
    /// A bad decision loses at least this much.
    pub const BAD_AT: f64 = 0.08;
    /// A very bad decision loses at least this much.
    pub const VERY_BAD_AT: f64 = 0.16;

    /// The mark of a decision that lost `loss`: `None` below [`Mark::DOUBTFUL_AT`].
    #[must_use]
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= Mark::VERY_BAD_AT {
            Some(Mark::VeryBad)
        } else if loss >= Mark::BAD_AT {
            Some(Mark::Bad)
        } else if loss >= Mark::DOUBTFUL_AT {
            Some(Mark::Doubtful)
        } else {
            None
        }
    }

    /// `?!`, `?` or `??`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }

    /// `doubtful`, `bad` or `very bad`.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }
}

/// The kind of decision judged (in a saved analysis, in its [`DecisionKind::words`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DecisionKind {
    /// A play of a roll.
    #[serde(rename = "play")]
    Play,
    /// Rolling when a double was possible.
    #[serde(rename = "no double")]
    NoDouble,
    /// A double (or redouble).
    #[serde(rename = "double")]
    Double,
    /// Taking a double.
    #[serde(rename = "take")]
    Take,
    /// Passing a double.
    #[serde(rename = "pass")]
    Pass,
    /// Beavering a double (money play).
    #[serde(rename = "beaver")]
    Beaver,
}

impl DecisionKind {
    /// `play`, `no double`, `double`, `take`, `pass` or `beaver`.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            DecisionKind::Play => "play",
            DecisionKind::NoDouble => "no double",
            DecisionKind::Double => "double",
            DecisionKind::Take => "take",
            DecisionKind::Pass => "pass",
            DecisionKind::Beaver => "beaver",
        }
    }

    /// The kind named by its [`DecisionKind::words`]; `None` for other words.
    #[must_use]
    pub fn from_words(words: &str) -> Option<DecisionKind> {
        [
            DecisionKind::Play,
            DecisionKind::NoDouble,
            DecisionKind::Double,
            DecisionKind::Take,
            DecisionKind::Pass,
            DecisionKind::Beaver,
        ]
        .into_iter()
        .find(|d| d.words() == words)
    }

    /// A cube decision (any but a play).
    #[must_use]
    pub const fn is_cube(self) -> bool {
        !matches!(self, DecisionKind::Play)
    }
}

/// A decision judged by the advisor.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedDecision {
    /// What kind of decision it was.
    pub decision: DecisionKind,
    /// What was done: a play in notation (the mover's numbering) or the cube action.
    pub done: String,
    /// What the advisor prefers: a play, or GNU Backgammon's name for the right cube
    /// action (for an answer to a double: `take`, `pass` or `beaver`).
    pub best: String,
    /// The value of what was done, for the player who decided.
    pub done_equity: Equity,
    /// The value of the best decision, for the same player.
    pub best_equity: Equity,
    /// What the decision lost (never negative).
    pub loss: Equity,
    /// The advisor's play where it differs from the one played.
    pub best_play: Option<Play>,
    /// How many rolls ahead both were judged.
    pub ply: u8,
    /// The cube advice a cube decision was judged by (`None` for a play).
    pub cube: Option<CubeAdvice>,
}

impl JudgedDecision {
    /// GNU Backgammon's mark for the loss (by its EMG).
    #[must_use]
    pub fn mark(&self) -> Option<Mark> {
        Mark::of(f64::from(self.loss.emg))
    }
}

/// The loss of `done` against `best`, never below zero.
fn loss(best: Equity, done: Equity) -> Equity {
    let l = best.minus(done);
    Equity {
        emg: l.emg.max(0.0),
        mwc: l.mwc.map(|m| m.max(0.0)),
    }
}

impl Advisor {
    /// Judges `action` taken in `m` (before it is applied): a play with a choice, a roll
    /// when a double was possible, a double, a take, a pass or a beaver; `None` for an
    /// action that is no such decision (a forced play, a roll with no double possible, a
    /// resignation).
    ///
    /// # Errors
    /// [`AdviceError::NoNets`] for a rule set the expert has no nets for.
    pub fn judge(
        &mut self,
        m: &MatchState,
        action: &Action,
    ) -> Result<Option<JudgedDecision>, AdviceError> {
        let game = m.game();
        match (game.phase(), action) {
            (Phase::Moving(_), Action::Play(played)) => {
                if game.legal_plays().len() <= 1 {
                    return Ok(None);
                }
                self.judge_play(m, played).map(Some)
            }
            (Phase::Rolling, Action::Roll(_)) if game.may_double().is_ok() => {
                self.judge_cube(m, DecisionKind::NoDouble).map(Some)
            }
            (Phase::Rolling, Action::Double) => self.judge_cube(m, DecisionKind::Double).map(Some),
            (Phase::DoubleOffered, Action::Take) => {
                self.judge_cube(m, DecisionKind::Take).map(Some)
            }
            (Phase::DoubleOffered, Action::Drop) => {
                self.judge_cube(m, DecisionKind::Pass).map(Some)
            }
            (Phase::DoubleOffered, Action::Beaver) => {
                self.judge_cube(m, DecisionKind::Beaver).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Judges the play `played` of the roll in `m` against the advisor's best play: the
    /// first line of [`Advisor::judging_ranking`] (GNU Backgammon's analysis filter, wider
    /// than the bot's, so a bot's play can be judged an error) and the played play, both
    /// judged at the advisor's depth (so the played play's value is the hint's for it); a
    /// played play found better there loses nothing.
    fn judge_play(&mut self, m: &MatchState, played: &Play) -> Result<JudgedDecision, AdviceError> {
        let depth = self.depth();
        let ranking = self.judging_ranking(m)?;
        // The played play's value where the ranking already holds it at the depth.
        let ranked_done = ranking
            .iter()
            .find(|r| r.ply == depth && r.play.position() == played.position())
            .copied();
        let (best_play, best) = match ranking.first().copied() {
            Some(r) if r.ply == depth => (r.play, self.equity_of(&r)),
            Some(r) => (r.play, self.play_value(&r.play, depth).1),
            None => (*played, self.play_value(played, depth).1),
        };
        let done_equity = if best_play.position() == played.position() {
            best
        } else if let Some(r) = ranked_done {
            self.equity_of(&r)
        } else {
            self.play_value(played, depth).1
        };
        let best_equity = if done_equity.emg > best.emg {
            done_equity
        } else {
            best
        };
        let differs = best_play.position() != played.position() && best_equity != done_equity;
        Ok(JudgedDecision {
            decision: DecisionKind::Play,
            done: format_play(played),
            best: format_play(if differs { &best_play } else { played }),
            done_equity,
            best_equity,
            loss: loss(best_equity, done_equity),
            best_play: differs.then_some(best_play),
            ply: depth,
            cube: None,
        })
    }

    /// Judges a cube decision of the kind `decision` in `m`.
    fn judge_cube(
        &mut self,
        m: &MatchState,
        decision: DecisionKind,
    ) -> Result<JudgedDecision, AdviceError> {
        let advice = self.cube(m)?;
        let (done_equity, best_equity, best) = match decision {
            DecisionKind::NoDouble => (
                advice.no_double,
                advice.best(),
                advice.verdict.words().to_string(),
            ),
            DecisionKind::Double => (
                advice.doubled(),
                advice.best(),
                advice.verdict.words().to_string(),
            ),
            _ => {
                // The taker's view.
                let take = advice.double_take.turned();
                let pass = advice.double_pass.turned();
                let beaver = advice.beaver().then(|| take.doubled());
                let (best_equity, best) = match beaver {
                    Some(b) => (b, "beaver"),
                    None if advice.take() => (take, "take"),
                    None => (pass, "pass"),
                };
                let done_equity = match decision {
                    DecisionKind::Take => take,
                    DecisionKind::Beaver => take.doubled(),
                    _ => pass,
                };
                (done_equity, best_equity, best.to_string())
            }
        };
        Ok(JudgedDecision {
            decision,
            done: decision.words().to_string(),
            best,
            done_equity,
            best_equity,
            loss: loss(best_equity, done_equity),
            best_play: None,
            ply: advice.depth,
            cube: Some(advice),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dice, Rules};

    /// The marks start at GNU Backgammon's boundaries.
    #[test]
    fn marks_at_gnubgs_boundaries() {
        for (loss, mark) in [
            (0.0, None),
            (0.0399, None),
            (0.04, Some(Mark::Doubtful)),
            (0.0799, Some(Mark::Doubtful)),
            (0.08, Some(Mark::Bad)),
            (0.1599, Some(Mark::Bad)),
            (0.16, Some(Mark::VeryBad)),
            (1.5, Some(Mark::VeryBad)),
        ] {
            assert_eq!(Mark::of(loss), mark, "{loss}");
        }
        assert_eq!(
            [Mark::Doubtful, Mark::Bad, Mark::VeryBad].map(Mark::symbol),
            ["?!", "?", "??"]
        );
    }

    /// The advisor's first play loses nothing; another play loses what the ranking says
    /// it falls short by; the opening roll is no cube decision.
    #[test]
    fn a_play_loses_what_the_ranking_says() {
        let mut m = MatchState::new(Rules::money()).expect("money play");
        m.apply(Action::OpeningRoll { white: 3, black: 1 })
            .expect("an opening roll");
        let mut advisor = Advisor::new(0).expect("the shipped nets");
        let advice = advisor.plays(&m).expect("a ranking");
        let best = advice.lines[0];
        let worst = advice.lines[advice.lines.len() - 1];
        let j = advisor
            .judge(&m, &Action::Play(best.play))
            .expect("judged")
            .expect("a decision");
        assert_eq!(j.loss.emg, 0.0);
        assert_eq!(j.best_play, None);
        let j = advisor
            .judge(&m, &Action::Play(worst.play))
            .expect("judged")
            .expect("a decision");
        assert!((j.loss.emg - worst.loss.emg).abs() < 1e-6, "{j:?}");
        assert!(j.mark().is_some(), "{j:?}");
        let roll = Action::Roll(Dice::new(1, 2).expect("dice"));
        assert_eq!(advisor.judge(&m, &roll).expect("judged"), None);
    }

    /// The advisor judges with wider move filters than the bot plays with, so it finds the
    /// play the bot's filters cut. Issue 31's fixture `checker-0083` (a 5-point match, the
    /// player on roll behind 1-3 with a checker on the bar; 5-1): the expert at 2-ply plays
    /// bar/20 8/7, its 1-ply filter having cut bar/24 8/3, which GNU Backgammon 1.07 2-ply
    /// values 0.182 EMG higher (+0.687 against +0.505); the advisor at 2-ply finds it and
    /// judges the bot's play an error.
    #[test]
    fn the_advisor_finds_the_play_the_bots_filters_cut() {
        let position = crate::engine::position_from_id("djMjAyC2bQaAQQ").expect("a Position ID");
        let mut fields = crate::engine::match_id_fields("cImmADAACAAE").expect("a Match ID");
        fields.dice = None;
        let mut m = crate::engine::match_state_from_ids(
            crate::engine::RuleSet::Backgammon,
            position,
            &fields,
            false,
        )
        .expect("a match state");
        m.apply(Action::Roll(Dice::new(5, 1).expect("dice")))
            .expect("the roll");
        let mut bot = crate::bot::expert::ExpertBot::shipped(2).expect("the shipped nets");
        assert!(bot.select_for(&m));
        let bots = bot.rank(m.game().legal_plays())[0].play;
        assert_eq!(format_play(&bots), "bar/20 8/7");
        let mut advisor = Advisor::new(2).expect("the shipped nets");
        let j = advisor
            .judge(&m, &Action::Play(bots))
            .expect("judged")
            .expect("a decision");
        assert_eq!(j.best, "bar/24 8/3");
        assert!(j.loss.emg > 0.05, "{j:?}");
    }
}
