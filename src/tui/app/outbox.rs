//! The outbox: what the update in progress asks the runtime to do (handed out as
//! [`App::update`](super::App::update)'s effects), and the jobs the runtime was given to
//! start, until it takes them. This part is the only writer of them.

use crate::tui::effect::{Effect, Effects};
use crate::tui::job::Job;
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

    /// Asks the runtime to start `job`.
    pub(super) fn start(&mut self, job: Job<Msg>) {
        self.ask(Effect::Start(Box::new(job)));
    }

    /// Hands out what was asked for, in order, but the jobs no longer wanted, with
    /// `redraw`: the effects of the update in progress.
    pub(super) fn effects(&mut self, redraw: bool) -> Effects {
        let mut effects = std::mem::take(&mut self.asked);
        effects.retain(|effect| match effect {
            Effect::Start(job) => job.wanted(),
            Effect::Save(_) | Effect::Quit => true,
        });
        Effects { redraw, effects }
    }

    /// Keeps `job` until the runtime starts it.
    pub(super) fn keep(&mut self, job: Job<Msg>) {
        self.jobs.push(job);
    }

    /// Hands out the jobs kept, oldest first, but those no longer wanted.
    pub(super) fn take_jobs(&mut self) -> Vec<Job<Msg>> {
        let jobs = std::mem::take(&mut self.jobs);
        jobs.into_iter().filter(Job::wanted).collect()
    }

    /// Whether a job running a part's job `T` is kept.
    pub(super) fn holds<T: 'static>(&self) -> bool {
        self.jobs.iter().any(Job::is::<T>)
    }

    /// Hands out the part's job `T` of the newest job running one (and wanted); drops the
    /// jobs no longer wanted.
    pub(super) fn take_job<T: 'static>(&mut self) -> Option<T> {
        self.jobs.retain(Job::wanted);
        let at = self.jobs.iter().rposition(Job::is::<T>)?;
        self.jobs.remove(at).open()
    }
}
