//! One generic job for every worker thread of the game, the viewer and the drill: an id, a
//! kind (a name, as its thread is named), and the work ([`Task`]: a part's job, or a
//! closure), which sends what it finds as messages through a [`Reply`], as many as it likes
//! (a rollout's rounds, an analysis's progress). A job also carries what its part needs of
//! the runtime: whether the part still waits for it ([`Unanswered::wanted_while`], a job no longer
//! wanted is never started) and the message that answers it when no thread can start
//! ([`Unanswered::if_not_started`]). [`spawn`] runs any job on a thread of its own; the runtime's
//! channel carries terminal events and these messages ([`Event::Msg`]). So a new kind of
//! background work is one [`Task`] (or closure) beside its part, and the part that takes its
//! messages: neither this file nor the runtime names it.
//!
//! When no thread can start (a limit on processes or memory), [`spawn`] sends the job's
//! answer for it; a job that must not be lost (a save) is run on the calling thread instead
//! ([`Unanswered::must_run`]). A job is made only with one of the two, so none is dropped
//! unheard.

use super::event::Event;
use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};

/// The question a part waits for the answer to, if any: its id, shared with the jobs that
/// answer it ([`Asking::still`]), so that a job its part no longer waits for (it asked again,
/// or forgot) is not started. Only the part writes it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Asking(Arc<AtomicU64>);

impl Asking {
    /// Now waits for the answer to `id` (`None`: to nothing).
    pub(crate) fn set(&self, id: Option<u64>) {
        // 0 is "nothing"; ids are kept one up (no id reaches `u64::MAX`).
        self.0
            .store(id.map_or(0, |id| id.wrapping_add(1)), Ordering::Relaxed);
    }

    /// The question waited for.
    #[must_use]
    pub(crate) fn get(&self) -> Option<u64> {
        self.0.load(Ordering::Relaxed).checked_sub(1)
    }

    /// Whether the part waits for the answer to `id`.
    #[must_use]
    pub(crate) fn is(&self, id: u64) -> bool {
        self.get() == Some(id)
    }

    /// Whether the part still waits for the answer to `id`, asked at any later time (for
    /// [`Unanswered::wanted_while`]).
    pub(crate) fn still(&self, id: u64) -> impl Fn() -> bool + Send + 'static {
        let asking = self.clone();
        move || asking.is(id)
    }
}

/// Where a worker sends its messages: the runtime's channel. A send fails once the
/// runtime has gone (nobody waits for the answer then): the worker may stop.
#[derive(Debug)]
pub(crate) struct Reply<M> {
    tx: Sender<Event<M>>,
}

impl<M> Reply<M> {
    /// A reply into `tx`.
    #[must_use]
    pub(crate) const fn new(tx: Sender<Event<M>>) -> Reply<M> {
        Reply { tx }
    }

    /// Sends `msg`; returns whether anyone still listens.
    pub(crate) fn send(&self, msg: M) -> bool {
        self.tx.send(Event::Msg(msg)).is_ok()
    }
}

/// Work for a worker thread: runs there, sending what it finds through `reply`. A part's job
/// (a bot's question, a hint, a save) implements it; so does any closure
/// ([`Job::from_fn`]).
pub(crate) trait Task<M>: Any + Send {
    /// Does the work (on the calling thread), sending its messages through `reply`.
    fn run(self: Box<Self>, reply: &Reply<M>);
}

/// A closure as a [`Task`].
struct FnTask<F>(F);

impl<M, F: FnOnce(&Reply<M>) + Send + 'static> Task<M> for FnTask<F> {
    fn run(self: Box<Self>, reply: &Reply<M>) {
        (self.0)(reply);
    }
}

/// The message a job sends when no thread can start for it, from why.
type IfNotStarted<M> = Box<dyn FnOnce(String) -> M + Send>;

/// What becomes of a job when no thread can start for it: every job says
/// ([`Unanswered::if_not_started`], [`Unanswered::must_run`]), so none is dropped unheard.
enum WhenNotStarted<M> {
    /// Its part gets this answer, made from why.
    Answer(IfNotStarted<M>),
    /// It runs on the calling thread (a save, which must never be lost).
    RunHere,
}

/// A job still to say what becomes of it when no thread can start for it: [`Job::of`] and
/// [`Job::from_fn`] make one, and only [`Unanswered::if_not_started`] or
/// [`Unanswered::must_run`] make it a [`Job`] that [`spawn`] takes.
#[must_use = "a job is spawned only once it says what happens when no thread can start"]
pub(crate) struct Unanswered<M> {
    id: u64,
    kind: &'static str,
    task: Box<dyn Task<M>>,
    wanted: Option<Box<dyn Fn() -> bool + Send>>,
}

/// One piece of background work: its id (the question its messages answer), its kind,
/// the work, and what its part needs of the runtime (see the module's docs).
pub(crate) struct Job<M> {
    id: u64,
    kind: &'static str,
    task: Box<dyn Task<M>>,
    wanted: Option<Box<dyn Fn() -> bool + Send>>,
    when_not_started: WhenNotStarted<M>,
}

impl<M: 'static> Job<M> {
    /// The job of kind `kind` (a short name: "hint") answering question `id` by `task`,
    /// once it says what becomes of it when no thread can start.
    pub(crate) fn of(kind: &'static str, id: u64, task: impl Task<M>) -> Unanswered<M> {
        Unanswered {
            id,
            kind,
            task: Box::new(task),
            wanted: None,
        }
    }

    /// The job of kind `kind` answering question `id` by the closure `run`, once it says
    /// what becomes of it when no thread can start.
    pub(crate) fn from_fn(
        kind: &'static str,
        id: u64,
        run: impl FnOnce(&Reply<M>) + Send + 'static,
    ) -> Unanswered<M> {
        Job::of(kind, id, FnTask(run))
    }

    /// Whether its part still waits for it.
    #[must_use]
    pub(crate) fn wanted(&self) -> bool {
        self.wanted.as_ref().is_none_or(|wanted| wanted())
    }

    /// The answer to this job when no thread can start for it, for `why` (none for a job
    /// that then runs on the calling thread): what [`spawn`] sends then (for tests).
    #[cfg(test)]
    #[must_use]
    pub(crate) fn not_started(self, why: &str) -> Option<M> {
        match self.when_not_started {
            WhenNotStarted::Answer(answer) => Some(answer(why.to_string())),
            WhenNotStarted::RunHere => None,
        }
    }

    /// Whether it runs the part's job `T`.
    #[must_use]
    pub(crate) fn is<T: 'static>(&self) -> bool {
        let task: &dyn Any = &*self.task;
        task.is::<T>()
    }

    /// The part's job it runs, when it is a `T` (for tests, and a runtime that runs jobs one
    /// kind at a time).
    #[must_use]
    pub(crate) fn open<T: 'static>(self) -> Option<T> {
        let task: Box<dyn Any> = self.task;
        task.downcast::<T>().ok().map(|task| *task)
    }
}

impl<M: 'static> Unanswered<M> {
    /// This job is wanted only while `wanted` says so (its part still waits for it, see
    /// [`Asking::still`]): one not wanted is never started. Without it, a job is always
    /// wanted.
    pub(crate) fn wanted_while(mut self, wanted: impl Fn() -> bool + Send + 'static) -> Self {
        self.wanted = Some(Box::new(wanted));
        self
    }

    /// The job, whose answer when no thread can start for it `answer` makes from why (the
    /// part says so, or goes on without it): [`spawn`] sends it as the job would have.
    #[must_use]
    pub(crate) fn if_not_started(
        self,
        answer: impl FnOnce(String) -> M + Send + 'static,
    ) -> Job<M> {
        self.into_job(WhenNotStarted::Answer(Box::new(answer)))
    }

    /// The job, never lost: when no thread can start, it runs on the calling thread.
    #[must_use]
    pub(crate) fn must_run(self) -> Job<M> {
        self.into_job(WhenNotStarted::RunHere)
    }

    fn into_job(self, when_not_started: WhenNotStarted<M>) -> Job<M> {
        let Unanswered {
            id,
            kind,
            task,
            wanted,
        } = self;
        Job {
            id,
            kind,
            task,
            wanted,
            when_not_started,
        }
    }
}

impl<M> std::fmt::Debug for Job<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple(self.kind).field(&self.id).finish()
    }
}

/// Runs `job` on a new thread (named for its kind), its messages sent into `tx`. When no
/// thread can be started (a limit on processes or memory), a job with an answer for it
/// ([`Unanswered::if_not_started`]) sends that, and one that must run
/// ([`Unanswered::must_run`]) runs here, on the calling thread, its messages sent the same
/// way: no job is lost unheard.
pub(crate) fn spawn<M: Send + 'static>(job: Job<M>, tx: &Sender<Event<M>>) {
    let Job {
        kind,
        task,
        when_not_started,
        ..
    } = job;
    // The task goes to the thread through this slot, so that it is still here when the
    // thread cannot start.
    let slot = Arc::new(Mutex::new(Some(task)));
    let on_thread = Arc::clone(&slot);
    let reply = Reply::new(tx.clone());
    let run = move || {
        let task = on_thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(task) = task {
            task.run(&reply);
        }
    };
    let started = std::thread::Builder::new()
        .name(format!("bg-tui {kind}"))
        .spawn(run);
    let Err(e) = started else { return };
    match when_not_started {
        WhenNotStarted::RunHere => {
            let task = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
            if let Some(task) = task {
                task.run(&Reply::new(tx.clone()));
            }
        }
        WhenNotStarted::Answer(answer) => {
            // The receiver is the runtime's, which is there while it starts jobs; when it
            // has gone, nobody waits for the answer.
            let _ = tx.send(Event::Msg(answer(e.to_string())));
        }
    }
}
