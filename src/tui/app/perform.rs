//! The runtime's step for one event: [`App::update`] applies its message and returns
//! effects; [`App::handle`] performs them: a save at once (file I/O, here and never in
//! `update`; how it went comes back to `update` as [`crate::tui::keys::Msg::Saved`]), a job kept until the
//! runtime starts it on a worker thread ([`App::take_jobs`]). A job the game no longer
//! waits for (its side went to a person, its panel closed) is never started.

use super::{App, BotJob, HintJob, Msg, RolloutJob, TutorJob};
use crate::tui::effect::{Effect, Effects, Job};
use crate::tui::event::Event;

impl App {
    /// Applies one event and performs what it asks for (see [`App::update`] and
    /// [`App::perform`]); returns whether the screen must be redrawn.
    pub fn handle(&mut self, event: Event) -> bool {
        let msg = self.message_for(event);
        let effects = self.update(msg);
        self.perform(effects)
    }

    /// Performs `effects`, as the runtime does: saves now (how each went is applied as
    /// [`crate::tui::keys::Msg::Saved`]), keeps the jobs for [`App::take_jobs`]; quitting is
    /// [`App::should_quit`]. Returns whether the screen must be redrawn.
    pub fn perform(&mut self, effects: Effects) -> bool {
        let mut redraw = effects.redraw;
        for effect in effects.effects {
            match effect {
                Effect::Save(request) => redraw |= self.perform_save(request),
                Effect::MakeBots(request) => {
                    // Making a bot may start a program (an engine over UBGI).
                    let made = request.make();
                    let effects = self.update(Msg::BotsMade(made));
                    redraw |= self.perform(effects);
                }
                Effect::Start(job) => self.jobs.push(*job),
                Effect::Quit => {}
            }
        }
        redraw
    }

    /// The effects the update in progress asked for, with `redraw`: a job it asked for and
    /// then dropped is left out.
    pub(super) fn effects(&mut self, redraw: bool) -> Effects {
        let mut effects = std::mem::take(&mut self.effects);
        effects.retain(|effect| match effect {
            Effect::Start(job) => self.waits_for(job),
            Effect::Save(_) | Effect::MakeBots(_) | Effect::Quit => true,
        });
        Effects { redraw, effects }
    }

    /// Asks the runtime to start `job`.
    pub(super) fn start(&mut self, job: Job) {
        self.effects.push(Effect::Start(Box::new(job)));
    }

    /// Whether the game still waits for the answer to `job`.
    fn waits_for(&self, job: &Job) -> bool {
        let id = job.id();
        match job {
            Job::Bot(_) => self.seats.pending() == Some(id),
            Job::Hint(_) => self.hints.waits_for_hint(id),
            Job::Rollout(_) => self.hints.waits_for_rollout(id),
            Job::Tutor(_) => self.tutor.waits_for(id),
        }
    }

    /// The jobs to start now on worker threads (those the game still waits for), oldest
    /// first.
    pub fn take_jobs(&mut self) -> Vec<Job> {
        let jobs = std::mem::take(&mut self.jobs);
        jobs.into_iter().filter(|job| self.waits_for(job)).collect()
    }

    /// Takes the job of the kind `is` says that the game still waits for, as `pick` opens
    /// it.
    fn take_job<T>(&mut self, is: fn(&Job) -> bool, pick: fn(Job) -> Option<T>) -> Option<T> {
        let jobs = std::mem::take(&mut self.jobs);
        self.jobs = jobs.into_iter().filter(|job| self.waits_for(job)).collect();
        let at = self.jobs.iter().rposition(is)?;
        pick(self.jobs.remove(at))
    }

    /// The question for a bot to run now (for a runtime, or a test, that runs jobs one
    /// kind at a time).
    pub fn take_bot_job(&mut self) -> Option<BotJob> {
        self.take_job(
            |job| matches!(job, Job::Bot(_)),
            |job| match job {
                Job::Bot(job) => Some(job),
                _ => None,
            },
        )
    }

    /// The hint to work out now (see [`App::take_bot_job`]).
    pub fn take_hint_job(&mut self) -> Option<HintJob> {
        self.take_job(
            |job| matches!(job, Job::Hint(_)),
            |job| match job {
                Job::Hint(job) => Some(job),
                _ => None,
            },
        )
    }

    /// The hint panel's rollout to run now (see [`App::take_bot_job`]).
    pub fn take_rollout_job(&mut self) -> Option<RolloutJob> {
        self.take_job(
            |job| matches!(job, Job::Rollout(_)),
            |job| match job {
                Job::Rollout(job) => Some(job),
                _ => None,
            },
        )
    }

    /// The decision for the tutor to judge now (see [`App::take_bot_job`]).
    pub fn take_tutor_job(&mut self) -> Option<TutorJob> {
        self.take_job(
            |job| matches!(job, Job::Tutor(_)),
            |job| match job {
                Job::Tutor(job) => Some(job),
                _ => None,
            },
        )
    }
}
