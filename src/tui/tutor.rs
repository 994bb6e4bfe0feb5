//! Tutor mode (`m`, `--tutor-mode`): before a person's play or cube decision is made, the
//! expert judges it on a worker thread, in the match as it stands (as `bg-tui analyse`
//! judges a recorded one, through [`bg_tui::analysis::judge_decision`]); a decision that
//! loses at least the threshold is held back and a panel says what the expert prefers, to
//! take it back or keep it.

use bg_tui::advisor::DecisionKind;
use bg_tui::analysis;
use bg_tui::engine::{Action, Dice, MatchState, Play};
use std::fmt;

/// The largest threshold `--tutor-threshold` takes (a cubeless equity loss is at most 3 for
/// backgammon's plays; 3 flags nearly nothing).
pub(crate) const MAX_THRESHOLD: f64 = 3.0;

/// The smallest loss the tutor speaks of, in millionths of equity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Threshold(u32);

impl Threshold {
    /// GNU Backgammon's "doubtful": 0.04 equity.
    pub(crate) const DEFAULT: Threshold = Threshold(40_000);

    /// Reads a threshold such as `0.04` (equity, 0 to [`MAX_THRESHOLD`]).
    ///
    /// # Errors
    /// [`ThresholdError`] for text that is not a number in range.
    pub(crate) fn parse(text: &str) -> Result<Threshold, ThresholdError> {
        let shown = bg_tui::printable::printable(text, 20);
        let value: f64 = text
            .trim()
            .parse()
            .map_err(|_| ThresholdError::NotANumber(shown.clone()))?;
        if !(0.0..=MAX_THRESHOLD).contains(&value) {
            return Err(ThresholdError::OutOfRange(shown));
        }
        // In range, so the product fits.
        Ok(Threshold((value * 1e6).round() as u32))
    }

    /// The threshold in millionths of equity.
    #[must_use]
    pub(crate) const fn micros(self) -> u32 {
        self.0
    }

    /// The threshold in equity.
    #[must_use]
    pub(crate) fn equity(self) -> f64 {
        f64::from(self.0) / 1e6
    }
}

impl Default for Threshold {
    fn default() -> Threshold {
        Threshold::DEFAULT
    }
}

impl fmt::Display for Threshold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.3}", self.equity())
    }
}

/// Why a threshold was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ThresholdError {
    /// Not a number.
    #[error("{0:?} is not a number (an equity such as 0.04)")]
    NotANumber(String),
    /// Below 0 or above [`MAX_THRESHOLD`].
    #[error("{0} is out of range: 0 to 3 equity")]
    OutOfRange(String),
}

/// A person's decision, held back while the tutor judges it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PersonDecision {
    /// This play of the roll.
    Play(Play),
    /// Roll rather than double (the dice are rolled once the decision is made).
    Roll,
    /// Double.
    Double,
    /// Take the double.
    Take,
    /// Pass the double.
    Pass,
}

impl From<PersonDecision> for bg_tui::bot::Decision {
    /// The decision carried out once it is made: a roll's dice are the host's to draw.
    fn from(decision: PersonDecision) -> bg_tui::bot::Decision {
        use bg_tui::bot::Decision;
        match decision {
            PersonDecision::Play(play) => Decision::Act(Action::Play(play)),
            PersonDecision::Roll => Decision::Roll,
            PersonDecision::Double => Decision::Act(Action::Double),
            PersonDecision::Take => Decision::Act(Action::Take),
            PersonDecision::Pass => Decision::Act(Action::Drop),
        }
    }
}

impl PersonDecision {
    /// The action recorded to judge the decision: a roll's dice do not change the judgement
    /// (it comes before them), so a stand-in roll is recorded.
    fn judged_action(self) -> Option<Action> {
        Some(match self {
            PersonDecision::Play(play) => Action::Play(play),
            PersonDecision::Roll => Action::Roll(Dice::new(1, 2).ok()?),
            PersonDecision::Double => Action::Double,
            PersonDecision::Take => Action::Take,
            PersonDecision::Pass => Action::Drop,
        })
    }
}

/// The tutor's judgement of a decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TutorVerdict {
    /// Judged: what the expert prefers and what the decision costs.
    Judged {
        /// What the person did, in the mover's numbering (a play) or in words.
        done: String,
        /// What the expert prefers, likewise.
        best: String,
        /// A play, no double, a double, a take or a pass.
        kind: DecisionKind,
        /// The equity lost, in millionths.
        loss: i64,
        /// The expert's choice's equity, in millionths (the decider's view).
        best_equity: i64,
        /// The decision's equity, in millionths.
        done_equity: i64,
        /// In a match: the match-winning chances lost, in millionths (the equities above
        /// are then normalised money equities, EMG).
        loss_mwc: Option<i64>,
    },
    /// A decision the analysis does not judge (a forced play, a beaver).
    NotJudged,
    /// The expert cannot judge it, and why.
    Cannot(String),
}

fn micro(x: f64) -> i64 {
    (x * 1e6).round() as i64
}

/// A decision to judge: the match as it stands before it, and the decision.
#[derive(Debug, Clone)]
pub(crate) struct TutorJob {
    /// Matches the answer to the question.
    pub(crate) id: u64,
    /// The match just before the decision.
    pub(crate) state: MatchState,
    /// The decision as the rules take it (a roll with stand-in dice).
    pub(crate) action: Action,
    /// The expert's look-ahead.
    pub(crate) ply: u8,
}

impl TutorJob {
    /// The question for `decision` in match `m`; `None` when the decision is not legal now
    /// (the caller then makes it, and hears why it failed).
    #[must_use]
    pub(crate) fn new(
        id: u64,
        m: &MatchState,
        decision: PersonDecision,
        ply: u8,
    ) -> Option<TutorJob> {
        let action = decision.judged_action()?;
        m.clone().apply(action).ok()?;
        Some(TutorJob {
            id,
            state: m.clone(),
            action,
            ply,
        })
    }

    /// Judges the decision (on the calling thread): the advisor's judgement of it.
    #[must_use]
    pub(crate) fn verdict(&self) -> TutorVerdict {
        match analysis::judge_decision(&self.state, &self.action, self.ply) {
            Ok(Some(j)) => TutorVerdict::Judged {
                kind: j.decision,
                loss: micro(f64::from(j.loss.emg)),
                best_equity: micro(f64::from(j.best_equity.emg)),
                done_equity: micro(f64::from(j.done_equity.emg)),
                loss_mwc: j.loss.mwc.map(|m| micro(f64::from(m))),
                done: j.done,
                best: j.best,
            },
            Ok(None) => TutorVerdict::NotJudged,
            Err(why) => TutorVerdict::Cannot(why.to_string()),
        }
    }
}

/// GNU Backgammon's word for a loss: doubtful from 0.04, bad from 0.08, very bad from 0.16
/// (below 0.04, for a lower threshold: an inaccuracy).
#[must_use]
pub(crate) fn loss_word(loss: f64) -> &'static str {
    if loss >= 0.16 {
        "Very bad"
    } else if loss >= 0.08 {
        "Bad"
    } else if loss >= 0.04 {
        "Doubtful"
    } else {
        "Inaccurate"
    }
}

/// Where the tutor stands with the decision at hand.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum Tutor {
    /// Nothing held back.
    #[default]
    Idle,
    /// The decision is being judged (question `id`, asked when the record was `recorded`
    /// long).
    Thinking {
        /// The question.
        id: u64,
        /// The decision held back.
        decision: PersonDecision,
        /// [`crate::tui::App`]'s record length when it was asked.
        recorded: usize,
    },
    /// The panel: the decision loses at least the threshold.
    Panel {
        /// The decision held back.
        decision: PersonDecision,
        /// The panel's lines (what it loses, what the expert prefers).
        lines: Vec<String>,
    },
}

impl Tutor {
    /// Nothing is held back.
    #[must_use]
    pub(crate) const fn is_idle(&self) -> bool {
        matches!(self, Tutor::Idle)
    }

    /// A decision is being judged.
    #[must_use]
    pub(crate) const fn is_thinking(&self) -> bool {
        matches!(self, Tutor::Thinking { .. })
    }
}

/// The panel's lines for a judged decision: what it loses and what the expert prefers, with
/// both equities (in a match labelled EMG, with the match-winning chances lost beside);
/// `shown` writes a play in the numbering on the screen.
#[must_use]
pub(crate) fn panel_lines(verdict: &TutorVerdict, shown: impl Fn(&str) -> String) -> Vec<String> {
    let TutorVerdict::Judged {
        done,
        best,
        kind,
        loss,
        best_equity,
        done_equity,
        loss_mwc,
    } = verdict
    else {
        return Vec::new();
    };
    let eq = |m: i64| m as f64 / 1e6;
    let loss = eq(*loss);
    let prefers = match (kind, best.as_str()) {
        (DecisionKind::Play, _) => format!("the expert plays {}", shown(best)),
        (_, answer @ ("take" | "pass" | "beaver")) => format!("the expert would {answer}"),
        // GNU Backgammon's words for the proper cube action.
        (_, verdict) => format!("the expert says {verdict}"),
    };
    let done = match (kind, done.as_str()) {
        (DecisionKind::Play, _) => format!("you played {}", shown(done)),
        (_, "no double") => "you chose: roll (no double)".to_string(),
        (_, other) => format!("you chose: {other}"),
    };
    let lost = bg_tui::advisor::text::judged_loss(loss, loss_mwc.map(eq), "");
    vec![
        format!(
            "{}: you lose {lost} — {prefers} ({:+.3} vs {:+.3})",
            loss_word(loss),
            eq(*best_equity),
            eq(*done_equity)
        ),
        done,
        "u take it back and decide again · k keep it".to_string(),
    ]
}

/// `text` (a play in notation) with each point number mapped by `map` (counts such as
/// `(2)` kept).
#[must_use]
pub(crate) fn renumbered(text: &str, map: impl Fn(u8) -> u8) -> String {
    let mut out = String::with_capacity(text.len());
    let mut digits = String::new();
    let mut in_count = false;
    let flush = |digits: &mut String, out: &mut String, in_count: bool| {
        if digits.is_empty() {
            return;
        }
        match digits.parse::<u8>() {
            Ok(n) if !in_count => out.push_str(&map(n).to_string()),
            _ => out.push_str(digits),
        }
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        flush(&mut digits, &mut out, in_count);
        match c {
            '(' => in_count = true,
            ')' => in_count = false,
            _ => {}
        }
        out.push(c);
    }
    flush(&mut digits, &mut out, in_count);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_are_read_in_equity_and_bad_ones_refused() {
        assert_eq!(Threshold::parse("0.04"), Ok(Threshold::DEFAULT));
        assert_eq!(Threshold::parse(" 0.1 ").map(Threshold::equity), Ok(0.1));
        assert_eq!(Threshold::parse("0").map(Threshold::equity), Ok(0.0));
        assert!(matches!(
            Threshold::parse("abc"),
            Err(ThresholdError::NotANumber(_))
        ));
        for bad in ["-0.1", "3.5", "NaN", "inf"] {
            assert!(Threshold::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Threshold::DEFAULT.to_string(), "0.040");
    }

    #[test]
    fn plays_are_renumbered_but_not_their_counts() {
        let flip = |p: u8| 25 - p;
        assert_eq!(renumbered("13/7 8/7", flip), "12/18 17/18");
        assert_eq!(renumbered("24/18(2) 6/off", flip), "1/7(2) 19/off");
        assert_eq!(renumbered("bar/22*", flip), "bar/3*");
    }

    #[test]
    fn losses_get_gnubgs_words() {
        assert_eq!(loss_word(0.05), "Doubtful");
        assert_eq!(loss_word(0.1), "Bad");
        assert_eq!(loss_word(0.2), "Very bad");
        assert_eq!(loss_word(0.03), "Inaccurate");
    }
}
