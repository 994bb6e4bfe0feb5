//! Tutor mode's part: the decision held back while the expert judges it, or its panel
//! (take it back, or keep it). This part is the only writer of it.

use crate::tui::job::Asking;
use crate::tui::model::Overlay;
use crate::tui::msg::TutorMsg;
use crate::tui::tutor::{PersonDecision, Tutor, TutorVerdict};

/// What the game does after the tutor's desk took a message.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum TutorNext {
    /// Say this on the message line (a key while the tutor thinks or asks).
    Say(&'static str),
    /// The panel's answer: keep the decision (`true`) or take it back.
    Answer(bool),
    /// The verdict on question `id` came: judge it.
    Verdict(u64, Box<TutorVerdict>),
}

/// What the game does with a verdict the desk judged ([`TutorDesk::judge`]).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum TutorJudged {
    /// Not the decision the tutor waits for: nothing changed.
    NotAsked,
    /// The match has moved on since it was asked: the decision is dropped.
    MovedOn,
    /// The decision loses at least the threshold: its panel is shown.
    Panel,
    /// Make the decision, as it was (with why it was not judged, when it could not be).
    Make(PersonDecision, Option<String>),
}

/// Where the tutor stands with the decision at hand.
#[derive(Debug, Default)]
pub(super) struct TutorDesk {
    /// The decision held back, if any, and how far the tutor has come with it.
    state: Tutor,
    /// The id of the decision being judged (shared with its job), while it is.
    judging: Asking,
}

impl TutorDesk {
    /// Takes a message of tutor mode's; returns what the game must do for it.
    pub(super) fn update(&self, msg: TutorMsg) -> TutorNext {
        match msg {
            TutorMsg::Keep => TutorNext::Answer(true),
            TutorMsg::TakeBack => TutorNext::Answer(false),
            TutorMsg::Wait if self.is_thinking() => {
                TutorNext::Say("tutor: thinking… (Esc takes it back)")
            }
            TutorMsg::Wait => TutorNext::Say("the tutor asks: u takes it back, k keeps it"),
            TutorMsg::Ready(id, verdict) => TutorNext::Verdict(id, verdict),
        }
    }

    /// Nothing is held back.
    pub(super) const fn is_idle(&self) -> bool {
        self.state.is_idle()
    }

    /// A decision is being judged.
    pub(super) const fn is_thinking(&self) -> bool {
        self.state.is_thinking()
    }

    /// Whether the decision `id` is still being judged (for its job).
    pub(super) fn still_thinking(&self, id: u64) -> impl Fn() -> bool + Send + 'static {
        self.judging.still(id)
    }

    /// The panel's lines, while it is shown.
    pub(super) fn panel(&self) -> Option<&[String]> {
        match &self.state {
            Tutor::Panel { lines, .. } => Some(lines),
            _ => None,
        }
    }

    /// The panel as the screen draws it, while it is shown.
    pub(super) fn view(&self) -> Option<Overlay> {
        self.panel().map(|lines| Overlay::Question {
            title: "Tutor".to_string(),
            lines: lines.to_vec(),
        })
    }

    /// `decision` is held back while question `id` is judged (asked when the record was
    /// `recorded` long).
    pub(super) fn think(&mut self, id: u64, decision: PersonDecision, recorded: usize) {
        self.judging.set(Some(id));
        self.state = Tutor::Thinking {
            id,
            decision,
            recorded,
        };
    }

    /// The verdict on question `id` came: the decision held back and the record's length
    /// when it was asked, unless the tutor waits for another (then nothing changes).
    pub(super) fn verdict_came(&mut self, id: u64) -> Option<(PersonDecision, usize)> {
        let Tutor::Thinking {
            id: asked,
            decision,
            recorded,
        } = self.state
        else {
            return None;
        };
        if asked != id {
            return None;
        }
        self.judging.set(None);
        self.state = Tutor::Idle;
        Some((decision, recorded))
    }

    /// Shows the panel for `decision`, saying `lines`.
    pub(super) fn show_panel(&mut self, decision: PersonDecision, lines: Vec<String>) {
        self.judging.set(None);
        self.state = Tutor::Panel { decision, lines };
    }

    /// Lets go of the decision held back; returns where the tutor stood with it.
    pub(super) fn take(&mut self) -> Tutor {
        self.judging.set(None);
        std::mem::take(&mut self.state)
    }

    /// Lets go of a decision held back, if any (the side went to a bot, or the match moved
    /// on).
    pub(super) fn forget(&mut self) {
        let _ = self.take();
    }

    /// The verdict on question `id`, with the record now `recorded` long: at or above
    /// `threshold` (micro-points; the expert's own choice, losing nothing, is never
    /// flagged) the panel opens, its plays written by `shown`; below it, or unjudged, the
    /// decision is made. A verdict for a match that has moved on is dropped.
    pub(super) fn judge(
        &mut self,
        id: u64,
        verdict: &TutorVerdict,
        recorded: usize,
        threshold: i64,
        shown: impl Fn(&str) -> String,
    ) -> TutorJudged {
        let Some((decision, asked_at)) = self.verdict_came(id) else {
            return TutorJudged::NotAsked;
        };
        if asked_at != recorded {
            return TutorJudged::MovedOn;
        }
        match verdict {
            TutorVerdict::Judged { loss, .. } if *loss >= threshold => {
                self.show_panel(decision, crate::tui::tutor::panel_lines(verdict, shown));
                TutorJudged::Panel
            }
            TutorVerdict::Judged { .. } | TutorVerdict::NotJudged => {
                TutorJudged::Make(decision, None)
            }
            TutorVerdict::Cannot(why) => TutorJudged::Make(decision, Some(why.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::advisor::DecisionKind;

    /// A verdict on a take that loses `loss` millionths.
    fn take_losing(loss: i64) -> TutorVerdict {
        TutorVerdict::Judged {
            done: "take".to_string(),
            best: "pass".to_string(),
            kind: DecisionKind::Take,
            loss,
            best_equity: -1_000_000,
            done_equity: -1_000_000 - loss,
            loss_mwc: None,
        }
    }

    fn thinking(id: u64, recorded: usize) -> TutorDesk {
        let mut desk = TutorDesk::default();
        desk.think(id, PersonDecision::Take, recorded);
        assert!(desk.is_thinking());
        desk
    }

    #[test]
    fn a_loss_at_the_threshold_opens_the_panel_and_below_it_the_decision_is_made() {
        let mut desk = thinking(4, 10);
        let judged = desk.judge(4, &take_losing(80_000), 10, 80_000, str::to_string);
        assert_eq!(judged, TutorJudged::Panel);
        let lines = desk.panel().expect("the panel");
        assert!(lines.iter().any(|l| l.contains("pass")), "{lines:?}");

        let mut desk = thinking(5, 10);
        let judged = desk.judge(5, &take_losing(79_999), 10, 80_000, str::to_string);
        assert_eq!(judged, TutorJudged::Make(PersonDecision::Take, None));
        assert!(desk.is_idle());
    }

    #[test]
    fn a_verdict_for_another_question_or_a_moved_match_makes_nothing() {
        let mut desk = thinking(4, 10);
        assert_eq!(
            desk.judge(3, &take_losing(500_000), 10, 80_000, str::to_string),
            TutorJudged::NotAsked
        );
        assert!(desk.is_thinking(), "still waits for its own");
        assert_eq!(
            desk.judge(4, &take_losing(500_000), 11, 80_000, str::to_string),
            TutorJudged::MovedOn
        );
        assert!(desk.is_idle());
    }

    #[test]
    fn a_decision_that_cannot_be_judged_is_made_with_the_reason() {
        let mut desk = thinking(4, 10);
        let cannot = TutorVerdict::Cannot("a thread could not start".to_string());
        assert_eq!(
            desk.judge(4, &cannot, 10, 80_000, str::to_string),
            TutorJudged::Make(
                PersonDecision::Take,
                Some("a thread could not start".to_string())
            )
        );
        let mut desk = thinking(6, 2);
        assert_eq!(
            desk.judge(6, &TutorVerdict::NotJudged, 2, 80_000, str::to_string),
            TutorJudged::Make(PersonDecision::Take, None)
        );
    }
}
