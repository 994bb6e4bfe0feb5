//! Tutor mode's part: the decision held back while the expert judges it, or its panel
//! (take it back, or keep it). This part is the only writer of it.

use crate::tui::tutor::{Decision, Tutor};

/// Where the tutor stands with the decision at hand.
#[derive(Debug, Default)]
pub(super) struct TutorDesk {
    /// The decision held back, if any, and how far the tutor has come with it.
    state: Tutor,
}

impl TutorDesk {
    /// Nothing is held back.
    pub(super) const fn is_idle(&self) -> bool {
        self.state.is_idle()
    }

    /// A decision is being judged.
    pub(super) const fn is_thinking(&self) -> bool {
        self.state.is_thinking()
    }

    /// The tutor judges question `id`.
    pub(super) const fn waits_for(&self, id: u64) -> bool {
        matches!(self.state, Tutor::Thinking { id: asked, .. } if asked == id)
    }

    /// The panel's lines, while it is shown.
    pub(super) fn panel(&self) -> Option<&[String]> {
        match &self.state {
            Tutor::Panel { lines, .. } => Some(lines),
            _ => None,
        }
    }

    /// `decision` is held back while question `id` is judged (asked when the record was
    /// `recorded` long).
    pub(super) fn think(&mut self, id: u64, decision: Decision, recorded: usize) {
        self.state = Tutor::Thinking {
            id,
            decision,
            recorded,
        };
    }

    /// The verdict on question `id` came: the decision held back and the record's length
    /// when it was asked, unless the tutor waits for another (then nothing changes).
    pub(super) fn verdict_came(&mut self, id: u64) -> Option<(Decision, usize)> {
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
        self.state = Tutor::Idle;
        Some((decision, recorded))
    }

    /// Shows the panel for `decision`, saying `lines`.
    pub(super) fn show_panel(&mut self, decision: Decision, lines: Vec<String>) {
        self.state = Tutor::Panel { decision, lines };
    }

    /// Lets go of the decision held back; returns where the tutor stood with it.
    pub(super) fn take(&mut self) -> Tutor {
        std::mem::take(&mut self.state)
    }
}
