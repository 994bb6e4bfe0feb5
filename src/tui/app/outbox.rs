//! The outbox: what the update in progress asks the runtime to do (handed out as
//! [`App::update`](super::App::update)'s effects), and the jobs the runtime was given to
//! start, until it takes them. This part is the only writer of them.

use crate::tui::effect::Effect;
use crate::tui::job::{Job, Work};
use crate::tui::msg::Msg;

/// Effects asked for, and jobs waiting for a worker thread.
#[derive(Debug, Default)]
pub(super) struct Outbox {
    /// What the update in progress asks the runtime to do, in order.
    asked: Vec<Effect>,
    /// The jobs to start on worker threads, oldest first.
    jobs: Vec<Job<Msg>>,
}

impl Outbox {
    /// Asks the runtime for `effect`.
    pub(super) fn ask(&mut self, effect: Effect) {
        self.asked.push(effect);
    }

    /// Hands out what was asked for, in order, but the jobs `current` says are no longer
    /// waited for.
    pub(super) fn asked(&mut self, current: impl Fn(&Job<Msg>) -> bool) -> Vec<Effect> {
        let mut asked = std::mem::take(&mut self.asked);
        asked.retain(|effect| match effect {
            Effect::Start(job) => current(job),
            Effect::Save(_) | Effect::Quit => true,
        });
        asked
    }

    /// Keeps `job` until the runtime starts it.
    pub(super) fn keep(&mut self, job: Job<Msg>) {
        self.jobs.push(job);
    }

    /// Hands out the jobs kept, oldest first, but those `current` says are no longer waited
    /// for.
    pub(super) fn take_jobs(&mut self, current: impl Fn(&Job<Msg>) -> bool) -> Vec<Job<Msg>> {
        let jobs = std::mem::take(&mut self.jobs);
        jobs.into_iter().filter(|job| current(job)).collect()
    }

    /// Whether a job of kind `work` is kept.
    pub(super) fn holds(&self, work: Work) -> bool {
        self.jobs.iter().any(|job| job.work() == work)
    }

    /// Hands out the newest job of kind `work` (that `current` says is waited for); drops
    /// the jobs no longer waited for.
    pub(super) fn take_job(
        &mut self,
        current: impl Fn(&Job<Msg>) -> bool,
        work: Work,
    ) -> Option<Job<Msg>> {
        self.jobs.retain(|job| current(job));
        let at = self.jobs.iter().rposition(|job| job.work() == work)?;
        Some(self.jobs.remove(at))
    }
}
