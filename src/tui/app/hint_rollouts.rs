//! `R` in the hint panel: its plays (or its cube decision) rolled out on a worker thread,
//! the result so far shown in the panel after every round; Esc stops it, and so does closing
//! the panel.

use super::{App, Job};
use crate::tui::hint::play_text;
use crate::tui::hint_rollout::{RolloutJob, RolloutReport, RolloutStage, RolloutView};
use std::sync::atomic::Ordering;

impl App {
    /// Starts rolling out the open hint panel's lines (the best few plays, or the position
    /// of its cube advice).
    pub(super) fn start_rollout(&mut self) {
        let Some(panel) = &self.hint_panel else {
            return;
        };
        if self.hint_wait.is_some() {
            self.status.say("wait for the hint first".to_string());
            return;
        }
        if panel
            .rollout
            .as_ref()
            .is_some_and(|r| r.stage == RolloutStage::Running)
        {
            return;
        }
        let plays: Vec<_> = panel.plays.iter().map(|p| p.play).collect();
        let id = self.next_id;
        self.next_id += 1;
        let seed = self.seed ^ (self.recorded() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(job) = RolloutJob::new(id, &self.match_state, &plays, seed) else {
            self.status.say("nothing to roll out here".to_string());
            return;
        };
        let labels = if plays.is_empty() {
            vec![format!(
                "{} on roll, cubeless",
                self.match_state.game().turn()
            )]
        } else {
            job.lines
                .iter()
                .zip(&plays)
                .enumerate()
                .map(|(i, (_, play))| format!("{:>2} {}", i + 1, play_text(play)))
                .collect()
        };
        let view = RolloutView::new(&job, labels);
        self.rollout_wait = Some((id, job.stop.clone()));
        self.start(Job::Rollout(job));
        if let Some(panel) = &mut self.hint_panel {
            panel.rollout = Some(view);
        }
        self.status.clear();
    }

    /// The hint panel's rollout is running.
    pub(super) fn rollout_running(&self) -> bool {
        self.rollout_wait.is_some()
    }

    /// Stops the rollout in progress, if any: the panel keeps the result so far.
    pub(super) fn stop_rollout(&mut self) {
        let Some((_, stop)) = self.rollout_wait.take() else {
            return;
        };
        // Not started yet: it never will be (the app no longer waits for it).
        stop.store(true, Ordering::Relaxed);
        if let Some(view) = self.hint_panel.as_mut().and_then(|p| p.rollout.as_mut())
            && view.stage == RolloutStage::Running
        {
            view.stage = RolloutStage::Stopped;
        }
    }

    /// A rollout's result so far: shown, unless the rollout was stopped or its panel closed.
    pub(super) fn rollout_report(&mut self, id: u64, report: RolloutReport) -> bool {
        if self
            .rollout_wait
            .as_ref()
            .is_none_or(|(asked, _)| *asked != id)
        {
            return false;
        }
        let done = report.done;
        let Some(view) = self.hint_panel.as_mut().and_then(|p| p.rollout.as_mut()) else {
            self.stop_rollout();
            return false;
        };
        view.update(report);
        if done {
            self.rollout_wait = None;
        }
        true
    }
}
