//! Drills from the player's own mistakes: the worst decisions of the analysed matches in
//! the records folder, asked again as a quiz (`bg-tui drill`, `:drill` in the game).
//!
//! [`collect()`] gathers the drill items: each decision a person made (not a bot) that the
//! saved analysis beside its record or Jellyfish `.mat` file ([`crate::analysis::cache`],
//! [`crate::store::read_match_file`]) judged to lose at least a
//! threshold, worst first, with the match as it stood (its rule set, score, cube and dice).
//! [`Item`] offers the choices of the decision (every legal play of the roll, or the two
//! cube actions) and grades one: right when it is the analysis's best, and the equity it
//! loses where the analysis knows it (the best, the choice made in the match, any cube
//! action); another play is valued by the advisor at the analysis's depth
//! ([`Item::loss_by_advisor`]). The analysis makes no rollouts: one made in the drill is kept
//! beside the item's card ([`KeptRollout`]) and shown whenever the item comes back.
//!
//! [`Schedule`] keeps when each item comes back (Leitner's boxes: a hit moves an item up a
//! box, to come back later; a miss sends it back to box 1, to come back in minutes), in a
//! small versioned JSON file beside the records ([`FILE_NAME`]), written atomically; a file
//! that does not read is set aside, never overwritten.

mod collect;
mod kept;
mod schedule;

pub use collect::{Collected, DEFAULT_MIN_LOSS, collect, is_match_file_name, items_of};
pub use kept::{KeptRollout, RolledChoice};
pub use schedule::{
    BOXES, Card, FILE_NAME, FORMAT, INTERVALS, Loaded, MISS_AGAIN, Schedule, ScheduleError, VERSION,
};

use crate::advisor::{AdviceError, Advisor, DecisionKind};
use crate::analysis::Judged;
use crate::engine::{MatchState, Play, Side, format_play};

/// What kind of decision an item asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A play of a roll.
    Play,
    /// Whether to double (before a roll).
    Cube,
    /// Whether to take a double.
    Answer,
}

/// One answer to an item.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// A play of the roll.
    Play(Play),
    /// Roll without doubling.
    NoDouble,
    /// Double.
    Double,
    /// Take the double.
    Take,
    /// Pass (drop) it.
    Pass,
}

impl Choice {
    /// The choice in words: a play in notation, or the cube action.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Choice::Play(play) => format_play(play),
            Choice::NoDouble => "no double".to_string(),
            Choice::Double => "double".to_string(),
            Choice::Take => "take".to_string(),
            Choice::Pass => "pass".to_string(),
        }
    }
}

/// One drill: a decision of an analysed match, the match as it stood, and its judgement.
#[derive(Debug, Clone)]
pub struct Item {
    /// What the schedule knows the item by: the record's file name, the game and the
    /// action (from 1), such as `match-2026-11-21-104255.json:2:14`.
    pub key: String,
    /// The record's file name.
    pub record: String,
    /// The name of the player who decided.
    pub player: String,
    /// Both players' names, White first.
    pub names: [String; 2],
    /// The side that decided.
    pub side: Side,
    /// The analysis's judgement of the decision.
    pub judged: Judged,
    /// The match just before the decision (for an answer to a double: with the double
    /// offered).
    pub before: MatchState,
}

/// How an answer went.
#[derive(Debug, Clone, PartialEq)]
pub struct Graded {
    /// It is the analysis's best choice.
    pub right: bool,
    /// The equity it loses against the best (EMG), where known without the advisor.
    pub loss: Option<f64>,
}

impl Item {
    /// The unit of the item's equities and losses: `EMG` in a match, `equity` (per unit of
    /// the cube) in money play.
    #[must_use]
    pub fn equity_unit(&self) -> &'static str {
        if self.before.away(self.side).is_some() {
            "EMG"
        } else {
            "equity"
        }
    }

    /// The kind of decision.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self.judged.kind {
            DecisionKind::Play => Kind::Play,
            DecisionKind::Double | DecisionKind::NoDouble => Kind::Cube,
            DecisionKind::Take | DecisionKind::Pass | DecisionKind::Beaver => Kind::Answer,
        }
    }

    /// Every answer to choose from: the roll's legal plays in the order of their notation
    /// (so the order tells nothing), or the two cube actions.
    #[must_use]
    pub fn choices(&self) -> Vec<Choice> {
        match self.kind() {
            Kind::Play => {
                let mut plays: Vec<(String, Play)> = self
                    .before
                    .game()
                    .legal_plays()
                    .iter()
                    .map(|p| (format_play(p), *p))
                    .collect();
                plays.sort_by(|a, b| a.0.cmp(&b.0));
                plays.into_iter().map(|(_, p)| Choice::Play(p)).collect()
            }
            Kind::Cube => vec![Choice::NoDouble, Choice::Double],
            Kind::Answer => vec![Choice::Take, Choice::Pass],
        }
    }

    /// The cube actions' equities for the one who decides, best first: (no double,
    /// double) for the doubler, (take, pass) for the taker; `None` when the analysis kept
    /// none.
    fn cube_values(&self) -> Option<(f64, f64)> {
        let c = self.judged.cube?;
        Some(match self.kind() {
            // The opponent answers a double as is best for it.
            Kind::Cube => (c.no_double, c.double_take.min(c.double_pass)),
            Kind::Answer | Kind::Play => (-c.double_take, -c.double_pass),
        })
    }

    /// The analysis's best choice among [`Item::choices`].
    #[must_use]
    pub fn best(&self) -> Option<Choice> {
        match self.kind() {
            Kind::Play => self.choices().into_iter().find(|c| self.is_best_play(c)),
            kind => {
                let first_is_best = match self.cube_values() {
                    Some((first, second)) => first >= second,
                    // Without the equities: the choice made lost, so the other is best.
                    None => !matches!(self.judged.done.as_str(), "no double" | "take"),
                };
                Some(match (kind, first_is_best) {
                    (Kind::Cube, true) => Choice::NoDouble,
                    (Kind::Cube, false) => Choice::Double,
                    (_, true) => Choice::Take,
                    (_, false) => Choice::Pass,
                })
            }
        }
    }

    fn is_best_play(&self, choice: &Choice) -> bool {
        let Choice::Play(play) = choice else {
            return false;
        };
        match &self.judged.best_play {
            Some(best) => *play.position() == best.position,
            None => format_play(play) == self.judged.best,
        }
    }

    /// The choice made in the match.
    fn is_done(&self, choice: &Choice) -> bool {
        choice.text() == self.judged.done
    }

    /// Grades `choice`: right or wrong, and its loss where the analysis knows it.
    #[must_use]
    pub fn grade(&self, choice: &Choice) -> Graded {
        let right = self.best().as_ref() == Some(choice);
        let loss = if right {
            Some(0.0)
        } else if let (Kind::Cube | Kind::Answer, Some((first, second))) =
            (self.kind(), self.cube_values())
        {
            let chosen = if matches!(choice, Choice::NoDouble | Choice::Take) {
                first
            } else {
                second
            };
            Some((first.max(second) - chosen).max(0.0))
        } else if self.is_done(choice) {
            Some(self.judged.loss)
        } else {
            None
        };
        Graded { right, loss }
    }

    /// The loss of a play the analysis did not value, by the advisor at the analysis's
    /// depth (`advisor` should look that deep): the analysis's best equity less the play's.
    ///
    /// # Errors
    /// [`AdviceError`] when the advisor has no advice here (no nets for the rule set).
    pub fn loss_by_advisor(
        &self,
        advisor: &mut Advisor,
        choice: &Choice,
    ) -> Result<Option<f64>, AdviceError> {
        let Choice::Play(play) = choice else {
            return Ok(self.grade(choice).loss);
        };
        let advice = advisor.plays(&self.before)?;
        Ok(advice
            .lines
            .iter()
            .find(|line| line.play.position() == play.position())
            .map(|line| (self.judged.best_equity - f64::from(line.equity.emg)).max(0.0)))
    }

    /// What the item asks, in a line: who, which decision, where it is from.
    #[must_use]
    pub fn question(&self) -> String {
        let what = match (self.kind(), self.judged.dice) {
            (Kind::Play, Some([a, b])) => format!("to play {a}-{b}"),
            (Kind::Play, None) => "to play".to_string(),
            (Kind::Cube, _) => "to double or roll".to_string(),
            (Kind::Answer, _) => "to take or pass".to_string(),
        };
        format!(
            "{} ({}) {what}  [{} game {} move {}]",
            self.player,
            side_word(self.side),
            self.record,
            self.judged.game,
            self.judged.action
        )
    }

    /// The rule set, the match length and the score (the decider's first), in words:
    /// "Plakoto, 5-point match, 2-1", "backgammon, money".
    #[must_use]
    pub fn setting(&self) -> String {
        let m = &self.before;
        let rules = m.rules();
        let mut text = m.game().variant().to_string();
        if rules.schmidt {
            text.push_str(" (Schmidt)");
        }
        match rules.match_length {
            Some(n) => text.push_str(&format!(
                ", {n}-point match, {}-{}",
                m.score(self.side),
                m.score(self.side.opponent())
            )),
            None => text.push_str(", money"),
        }
        text
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

#[cfg(test)]
mod tests;
