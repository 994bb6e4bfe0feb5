//! The runtime's step for one event: [`App::update`] applies its message and returns
//! effects; [`App::handle`] performs them: a save is asked of the host, which hands its saves
//! out one at a time, in order; each, and every other job, is kept until the runtime starts
//! it on a worker thread ([`App::take_jobs`], [`crate::tui::job::spawn`]; a save comes back as
//! [`crate::tui::msg::Msg::Saved`], bots made for `:bot`, which may start an engine's
//! program, as [`crate::tui::msg::Msg::BotsMade`]). Nothing here calls `update` again. A job
//! the game no longer waits for (its side went to a person, its panel closed) is never
//! started; a save always is.

use super::App;
use super::hints::Hints;
use super::questions::Questions;
use super::tutor_desk::TutorDesk;
use super::{Event, Msg};
use crate::tui::effect::{Effect, Effects};
use crate::tui::hint_rollout::RolloutReport;
use crate::tui::job::{Job, Work};
use crate::tui::msg::HintMsg;
#[cfg(test)]
use crate::tui::{bots::BotJob, hint::HintJob, hint_rollout::RolloutJob, tutor::TutorJob};

impl App {
    /// Applies one event and performs what it asks for (see [`App::update`] and
    /// [`App::perform`]); returns whether the screen must be redrawn.
    pub(crate) fn handle(&mut self, event: Event) -> bool {
        if let Some(redraw) = self.drill_takes(&event) {
            return redraw;
        }
        if matches!(event, Event::Key(_)) {
            // A bot whose worker could not start is asked again.
            self.questions.stall(false);
        }
        let msg = self.message_for(event);
        let effects = self.update(msg);
        self.perform(effects)
    }

    /// The worker for question `id` (of `work`) could not start, for `why`: the game goes on
    /// without its answer, and the message line says so in one line. A bot's question is
    /// asked again at the next key (not at once: that would fail again, and again); a hint
    /// or a bot made is not; the rollout's panel says why; the tutor's decision is made as
    /// it was. Returns whether the screen changed.
    pub(super) fn not_started(&mut self, work: Work, id: u64, why: &str) -> bool {
        let line = |what: &str| format!("{what}: a thread could not start ({why})");
        match work {
            Work::Bot => {
                if !self.questions.answered(id) {
                    return false;
                }
                self.questions.stall(true);
                self.status
                    .say(line("the bot waits") + "; any key asks it again");
            }
            Work::Hint => {
                if !self.hints.waits_for_hint(id) {
                    return false;
                }
                self.hints.forget();
                self.status.say(line("no hint"));
            }
            Work::Rollout => {
                let report = RolloutReport {
                    done: true,
                    error: Some(format!("a thread could not start ({why})")),
                    ..RolloutReport::default()
                };
                return self.hint_msg(HintMsg::Report(id, Box::new(report)));
            }
            Work::Tutor => {
                return self.tutor_ready(
                    id,
                    &crate::tui::tutor::TutorVerdict::Cannot(format!(
                        "a thread could not start ({why})"
                    )),
                );
            }
            // A save whose thread cannot start is made where it is (see
            // [`crate::tui::job::spawn`]): it never comes back as not started; the viewer's
            // and the drill's work is never the game's.
            Work::Save | Work::Analysis | Work::Alternatives | Work::Drill => return false,
            Work::Seat => {
                if self.questions.making() != Some(id) {
                    return false;
                }
                self.questions.making_bots(None);
                self.status.say(line("no bot"));
            }
        }
        self.status.note_message();
        true
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
        self.keep_next_save();
        effects.redraw
    }

    /// The effects the update in progress asked for, with `redraw`: a job it asked for and
    /// then dropped is left out.
    pub(super) fn effects(&mut self, redraw: bool) -> Effects {
        let current = |job: &Job<Msg>| waited_for(&self.questions, &self.hints, &self.tutor, job);
        let effects = self.outbox.asked(current);
        Effects { redraw, effects }
    }

    /// Asks the runtime to start `job`.
    pub(super) fn start(&mut self, job: Job<Msg>) {
        self.ask(Effect::Start(Box::new(job)));
    }

    /// Asks the runtime for `effect` once the update in progress is done.
    pub(super) fn ask(&mut self, effect: Effect) {
        self.outbox.ask(effect);
    }

    /// The jobs to start now on worker threads (those the game still waits for), oldest
    /// first.
    pub(crate) fn take_jobs(&mut self) -> Vec<Job<Msg>> {
        let current = |job: &Job<Msg>| waited_for(&self.questions, &self.hints, &self.tutor, job);
        self.outbox.take_jobs(current)
    }

    /// Takes the newest job of kind `work` that the game still waits for, as the part's
    /// job `T` it runs.
    fn take_job<T: 'static>(&mut self, work: Work) -> Option<T> {
        let current = |job: &Job<Msg>| waited_for(&self.questions, &self.hints, &self.tutor, job);
        self.outbox.take_job(current, work)?.open()
    }

    #[cfg(test)]
    /// The question for a bot to run now (for a runtime, or a test, that runs jobs one
    /// kind at a time).
    pub(crate) fn take_bot_job(&mut self) -> Option<BotJob> {
        self.take_job(Work::Bot)
    }

    #[cfg(test)]
    /// The hint to work out now (see [`App::take_bot_job`]).
    pub(crate) fn take_hint_job(&mut self) -> Option<HintJob> {
        self.take_job(Work::Hint)
    }

    #[cfg(test)]
    /// The hint panel's rollout to run now (see [`App::take_bot_job`]).
    pub(crate) fn take_rollout_job(&mut self) -> Option<RolloutJob> {
        self.take_job(Work::Rollout)
    }

    #[cfg(test)]
    /// The bots to make now for `:bot` (see [`App::take_bot_job`]).
    pub(crate) fn take_seat_job(&mut self) -> Option<crate::tui::effect::BotRequest> {
        self.take_job(Work::Seat)
    }

    /// The save to make now (see [`App::take_bot_job`]).
    pub(crate) fn take_save_job(&mut self) -> Option<bg_tui::host::saving::SaveJob> {
        self.take_job(Work::Save)
    }

    /// Whether a save waits for the runtime to start it.
    pub(super) fn holds_save_job(&self) -> bool {
        self.outbox.holds(Work::Save)
    }

    #[cfg(test)]
    /// The decision for the tutor to judge now (see [`App::take_bot_job`]).
    pub(crate) fn take_tutor_job(&mut self) -> Option<TutorJob> {
        self.take_job(Work::Tutor)
    }
}

/// Whether the game (its seats, hint panel and tutor) still waits for the answer to `job`.
fn waited_for(seats: &Questions, hints: &Hints, tutor: &TutorDesk, job: &Job<Msg>) -> bool {
    let id = job.id();
    match job.work() {
        Work::Bot => seats.pending() == Some(id),
        Work::Hint => hints.waits_for_hint(id),
        Work::Rollout => hints.waits_for_rollout(id),
        Work::Tutor => tutor.waits_for(id),
        Work::Seat => seats.making() == Some(id),
        // The match's saves are always made: never dropped.
        Work::Save => true,
        // The viewer's and the drill's work is theirs, never the game's.
        Work::Analysis | Work::Alternatives | Work::Drill => false,
    }
}
