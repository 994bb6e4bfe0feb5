//! The hint panel's part: the panel (until the next key), the hint it waits for, and the
//! rollout it shows while that runs. This part is the only writer of them; the game asks
//! it to open, fill, step through, roll out and close the panel.

use crate::tui::hint::HintPanel;
use crate::tui::hint_rollout::{RolloutChoice, RolloutReport, RolloutStage, RolloutView};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What became of a hint that came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum HintAnswer {
    /// Not the hint the panel waits for, or the panel was closed: nothing changes.
    Dropped,
    /// The match has moved on since it was asked for: ask again.
    Stale,
    /// The panel shows it.
    Shown,
}

/// The hint panel and what it waits for.
#[derive(Debug, Default)]
pub(super) struct Hints {
    /// The hint panel, until the next key.
    panel: Option<HintPanel>,
    /// The id of the hint being worked out, and the record's length when it was asked for.
    wait: Option<(u64, usize)>,
    /// The rollout the panel shows while it runs: its id and its stop flag.
    rollout: Option<(u64, Arc<AtomicBool>)>,
    /// How `R` rolls out, as chosen in the panel (kept from panel to panel).
    choice: RolloutChoice,
}

impl Hints {
    /// The panel, while it is open.
    pub(super) const fn panel(&self) -> Option<&HintPanel> {
        self.panel.as_ref()
    }

    /// Opens `waiting` (the panel that says the bot is thinking) for hint `id`, asked for
    /// when the record was `recorded` long.
    pub(super) fn ask(&mut self, id: u64, recorded: usize, waiting: HintPanel) {
        self.wait = Some((id, recorded));
        self.panel = Some(waiting);
    }

    /// The hint `id` came back as `panel`; the record is `recorded` long now.
    pub(super) fn answer(&mut self, id: u64, panel: HintPanel, recorded: usize) -> HintAnswer {
        let Some((asked, asked_at)) = self.wait else {
            return HintAnswer::Dropped;
        };
        if asked != id {
            // The answer to an earlier question: the panel waits for its own.
            return HintAnswer::Dropped;
        }
        self.wait = None;
        if self.panel.is_none() {
            return HintAnswer::Dropped;
        }
        if asked_at != recorded {
            return HintAnswer::Stale;
        }
        let mut panel = panel;
        if panel.rollable() {
            panel.choice = Some(self.choice);
        }
        self.panel = Some(panel);
        HintAnswer::Shown
    }

    /// How `R` rolls out.
    pub(super) const fn choice(&self) -> RolloutChoice {
        self.choice
    }

    /// Changes how `R` rolls out (`t`, `d`, `c` in the panel): shown in the open panel.
    /// Refused while a rollout runs (`false`).
    pub(super) fn change_choice(
        &mut self,
        change: impl FnOnce(RolloutChoice) -> RolloutChoice,
    ) -> bool {
        if self.rollout.is_some() {
            return false;
        }
        self.choice = change(self.choice);
        if let Some(panel) = &mut self.panel
            && panel.choice.is_some()
        {
            panel.choice = Some(self.choice);
            // The ranking again, with the new choice under it.
            panel.rollout = None;
        }
        true
    }

    /// The panel waits for hint `id`.
    pub(super) fn waits_for_hint(&self, id: u64) -> bool {
        self.wait.is_some_and(|(asked, _)| asked == id)
    }

    /// The panel waits for a hint.
    pub(super) const fn waiting(&self) -> bool {
        self.wait.is_some()
    }

    /// Chooses the line below (`down`) or above.
    pub(super) fn step(&mut self, down: bool) {
        if let Some(panel) = &mut self.panel {
            panel.step(down);
        }
    }

    /// Closes the panel and returns it.
    pub(super) fn take_panel(&mut self) -> Option<HintPanel> {
        self.panel.take()
    }

    /// Closes the panel, stopping its rollout.
    pub(super) fn close(&mut self) {
        self.stop_rollout();
        self.panel = None;
    }

    /// Closes the panel and forgets the hint it waits for (a position is being set up).
    pub(super) fn forget(&mut self) {
        self.panel = None;
        self.wait = None;
    }

    /// Forgets the hint the panel waits for (the match it was asked for is gone).
    pub(super) const fn forget_wait(&mut self) {
        self.wait = None;
    }

    /// Shows rollout `id` (stopped by `stop`) in the open panel as `view`.
    pub(super) fn start_rollout(&mut self, id: u64, stop: Arc<AtomicBool>, view: RolloutView) {
        self.rollout = Some((id, stop));
        if let Some(panel) = &mut self.panel {
            panel.rollout = Some(view);
        }
    }

    /// The panel waits for rollout `id`'s reports.
    pub(super) fn waits_for_rollout(&self, id: u64) -> bool {
        self.rollout.as_ref().is_some_and(|(asked, _)| *asked == id)
    }

    /// The panel's rollout is running.
    pub(super) const fn rollout_running(&self) -> bool {
        self.rollout.is_some()
    }

    /// Stops the rollout in progress, if any: the panel keeps the result so far.
    pub(super) fn stop_rollout(&mut self) {
        let Some((_, stop)) = self.rollout.take() else {
            return;
        };
        // Not started yet: it never will be (the game no longer waits for it).
        stop.store(true, Ordering::Relaxed);
        if let Some(view) = self.panel.as_mut().and_then(|p| p.rollout.as_mut())
            && view.stage == RolloutStage::Running
        {
            view.stage = RolloutStage::Stopped;
        }
    }

    /// A rollout's result so far: shown, unless the rollout was stopped or its panel
    /// closed. Returns whether it is shown.
    pub(super) fn rollout_report(&mut self, id: u64, report: RolloutReport) -> bool {
        if !self.waits_for_rollout(id) {
            return false;
        }
        let done = report.done;
        let Some(view) = self.panel.as_mut().and_then(|p| p.rollout.as_mut()) else {
            self.stop_rollout();
            return false;
        };
        view.update(report);
        if done {
            self.rollout = None;
        }
        true
    }
}
