//! The runtime's step for one event: [`App::update`] applies its message and returns
//! effects; [`App::handle`] performs them: a save is asked of the host, which hands its saves
//! out one at a time, in order; each, and every other job, is kept until the runtime starts
//! it on a worker thread ([`App::take_jobs`], [`crate::tui::job::spawn`]; a save comes back as
//! [`crate::tui::msg::Msg::Saved`], bots made for `:bot`, which may start an engine's
//! program, as [`crate::tui::msg::Msg::BotsMade`]). Nothing here calls `update` again. A job
//! the game no longer waits for (its side went to a person, its panel closed) is never
//! started; a save always is.

use super::App;
use super::{Event, Msg};
use crate::tui::effect::{Effect, Effects};
use crate::tui::job::Job;
#[cfg(test)]
use crate::tui::{bots::BotJob, hint::HintJob, hint_rollout::RolloutJob, tutor::TutorJob};

impl App {
    /// Applies one event and performs what it asks for (see [`App::update`] and
    /// [`App::perform`]); returns whether the screen must be redrawn.
    pub(crate) fn handle(&mut self, event: Event) -> bool {
        if let Some(took) = self.drill.takes(&event) {
            if let Some(line) = took.left {
                self.status.say(line);
            }
            return took.redraw;
        }
        if matches!(event, Event::Key(_)) {
            // A bot whose worker could not start is asked again.
            self.questions.stall(false);
        }
        let msg = self.message_for(event);
        let effects = self.update(msg);
        self.perform(effects)
    }

    /// Performs `effects`, as the runtime does: asks the host for the saves (its next save
    /// is kept as a job, [`App::make_saves`] makes those kept here), keeps the jobs for
    /// [`App::take_jobs`]; quitting is [`App::should_quit`]. Returns whether the screen must
    /// be redrawn.
    pub(crate) fn perform(&mut self, effects: Effects) -> bool {
        for effect in effects.effects {
            match effect {
                Effect::Save(request) => self.table.ask_save(request),
                Effect::Start(job) => self.outbox.keep(*job),
                Effect::Quit => {}
            }
        }
        // The host's next save, if one is asked for and none is being made, is a job for
        // the runtime.
        if let Some(job) = self.table.next_save() {
            self.outbox.keep(crate::tui::effect::save_job(job));
        }
        effects.redraw
    }

    /// The jobs to start now on worker threads (those the game still waits for), oldest
    /// first.
    pub(crate) fn take_jobs(&mut self) -> Vec<Job<Msg>> {
        self.outbox.take_jobs()
    }

    /// The drill, while it is open over the match, to start its work.
    pub(crate) fn drill_mut(&mut self) -> Option<&mut crate::tui::drill::Drill> {
        self.drill.get_mut()
    }

    /// The drill, while it is open over the match, to draw it.
    #[must_use]
    pub(crate) fn drill_open(&self) -> Option<&crate::tui::drill::Drill> {
        self.drill.get()
    }

    #[cfg(test)]
    /// The question for a bot to run now (for a runtime, or a test, that runs jobs one
    /// kind at a time).
    pub(crate) fn take_bot_job(&mut self) -> Option<BotJob> {
        self.outbox.take_job()
    }

    #[cfg(test)]
    /// The hint to work out now (see [`App::take_bot_job`]).
    pub(crate) fn take_hint_job(&mut self) -> Option<HintJob> {
        self.outbox.take_job()
    }

    #[cfg(test)]
    /// The hint panel's rollout to run now (see [`App::take_bot_job`]).
    pub(crate) fn take_rollout_job(&mut self) -> Option<RolloutJob> {
        self.outbox.take_job()
    }

    #[cfg(test)]
    /// The bots to make now for `:bot` (see [`App::take_bot_job`]).
    pub(crate) fn take_seat_job(&mut self) -> Option<crate::tui::effect::BotRequest> {
        self.outbox.take_job()
    }

    #[cfg(test)]
    /// The save to make now (see [`App::take_bot_job`]).
    pub(crate) fn take_save_job(&mut self) -> Option<bg_tui::host::saving::SaveJob> {
        self.outbox.take_job()
    }

    #[cfg(test)]
    /// The decision for the tutor to judge now (see [`App::take_bot_job`]).
    pub(crate) fn take_tutor_job(&mut self) -> Option<TutorJob> {
        self.outbox.take_job()
    }
}
