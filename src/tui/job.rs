//! One generic job for every worker thread of the game, the viewer and the drill: an id, a
//! kind (a name, as its thread is named), and the work ([`Task`]: a part's job, or a
//! closure), which sends what it finds as messages through a [`Reply`], as many as it likes
//! (a rollout's rounds, an analysis's progress). A job also carries what its part needs of
//! the runtime: whether the part still waits for it ([`Job::wanted_while`], a job no longer
//! wanted is never started) and the message that answers it when no thread can start
//! ([`Job::if_not_started`]). [`spawn`] runs any job on a thread of its own; the runtime's
//! channel carries terminal events and these messages ([`Event::Msg`]). So a new kind of
//! background work is one [`Task`] (or closure) beside its part, and the part that takes its
//! messages: neither this file nor the runtime names it.
//!
//! When no thread can start (a limit on processes or memory), [`spawn`] sends the job's
//! answer for it, or says so when it has none; a job that must not be lost (a save) is run
//! on the calling thread instead ([`Job::must_run`]).

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
    /// [`Job::wanted_while`]).
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

/// One piece of background work: its id (the question its messages answer), its kind,
/// the work, and what its part needs of the runtime (see the module's docs).
pub(crate) struct Job<M> {
    id: u64,
    kind: &'static str,
    task: Box<dyn Task<M>>,
    must_run: bool,
    wanted: Option<Box<dyn Fn() -> bool + Send>>,
    if_not_started: Option<IfNotStarted<M>>,
}

impl<M: 'static> Job<M> {
    /// The job of kind `kind` (a short name: "hint") answering question `id` by `task`.
    #[must_use]
    pub(crate) fn new(kind: &'static str, id: u64, task: impl Task<M>) -> Job<M> {
        Job {
            id,
            kind,
            task: Box::new(task),
            must_run: false,
            wanted: None,
            if_not_started: None,
        }
    }

    /// The job of kind `kind` answering question `id` by the closure `run`.
    #[must_use]
    pub(crate) fn from_fn(
        kind: &'static str,
        id: u64,
        run: impl FnOnce(&Reply<M>) + Send + 'static,
    ) -> Job<M> {
        Job::new(kind, id, FnTask(run))
    }

    /// This job is wanted only while `wanted` says so (its part still waits for it, see
    /// [`Asking::still`]): one not wanted is never started. Without it, a job is always
    /// wanted.
    #[must_use]
    pub(crate) fn wanted_while(mut self, wanted: impl Fn() -> bool + Send + 'static) -> Job<M> {
        self.wanted = Some(Box::new(wanted));
        self
    }

    /// When no thread can start for this job, `answer` makes its answer from why (the
    /// part says so, or goes on without it), which [`spawn`] sends as the job would have.
    #[must_use]
    pub(crate) fn if_not_started(
        mut self,
        answer: impl FnOnce(String) -> M + Send + 'static,
    ) -> Job<M> {
        self.if_not_started = Some(Box::new(answer));
        self
    }

    /// Whether its part still waits for it.
    #[must_use]
    pub(crate) fn wanted(&self) -> bool {
        self.wanted.as_ref().is_none_or(|wanted| wanted())
    }

    /// The answer to this job when no thread can start for it, for `why` (none when it has
    /// no answer for it): what [`spawn`] sends then (for tests).
    #[cfg(test)]
    #[must_use]
    pub(crate) fn not_started(self, why: &str) -> Option<M> {
        self.if_not_started.map(|answer| answer(why.to_string()))
    }

    /// This job is never lost: when no thread can start, it runs on the calling thread.
    #[must_use]
    pub(crate) const fn must_run(mut self) -> Job<M> {
        self.must_run = true;
        self
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

impl<M> std::fmt::Debug for Job<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple(self.kind).field(&self.id).finish()
    }
}

/// Runs `job` on a new thread (named for its kind), its messages sent into `tx`.
///
/// # Errors
/// When no thread can be started and the job has no answer for it. A job that must run
/// ([`Job::must_run`]) is then run here, on the calling thread, and its messages sent the
/// same way: it is never lost; a job with an answer ([`Job::if_not_started`]) sends it.
pub(crate) fn spawn<M: Send + 'static>(job: Job<M>, tx: &Sender<Event<M>>) -> std::io::Result<()> {
    let Job {
        kind,
        task,
        must_run,
        if_not_started,
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
    match started {
        Ok(_) => Ok(()),
        Err(_) if must_run => {
            let task = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
            if let Some(task) = task {
                task.run(&Reply::new(tx.clone()));
            }
            Ok(())
        }
        Err(e) => match if_not_started {
            Some(answer) => {
                // The receiver is the runtime's, which is there while it starts jobs.
                let _ = tx.send(Event::Msg(answer(e.to_string())));
                Ok(())
            }
            None => Err(e),
        },
    }
}
