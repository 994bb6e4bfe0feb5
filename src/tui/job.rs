//! One generic job for every worker thread of the game, the viewer and the drill: an id, a
//! kind ([`Work`]), and the work ([`Task`]: a part's job, or a closure), which sends what it
//! finds as messages through a [`Reply`], as many as it likes (a rollout's rounds, an
//! analysis's progress). [`spawn`] runs any job on a thread of its own; the runtime's
//! channel carries terminal events and these messages ([`Event::Msg`]), so a new kind of
//! background work is one [`Task`] (or closure) beside its part, and the part that takes its
//! message.
//!
//! When no thread can start (a limit on processes or memory), [`spawn`] says so, and the
//! caller brings it back as a message naming the kind ([`crate::tui::msg::Msg::NotStarted`]
//! for the game); a job that must not be lost (a save) is run on the calling thread instead
//! ([`Job::must_run`]).

use super::event::Event;
use std::any::Any;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};

/// What kind of work a [`Job`] is (what a worker that could not start was for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Work {
    /// A bot's decision.
    Bot,
    /// The hint panel's advice.
    Hint,
    /// The hint panel's rollout (or the viewer's study's).
    Rollout,
    /// The tutor's judgement.
    Tutor,
    /// Bots made for `:bot NAME`.
    Seat,
    /// A save.
    Save,
    /// The replay viewer's analysis of a record.
    Analysis,
    /// The replay viewer's study: the alternatives at a decision.
    Alternatives,
    /// The drill's valuation or rollout.
    Drill,
}

impl Work {
    /// The kind's name, as its thread is named.
    #[must_use]
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Work::Bot => "bot",
            Work::Hint => "hint",
            Work::Rollout => "rollout",
            Work::Tutor => "tutor",
            Work::Seat => "seat",
            Work::Save => "save",
            Work::Analysis => "analysis",
            Work::Alternatives => "alternatives",
            Work::Drill => "drill",
        }
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

/// One piece of background work: its id (the question its messages answer), its kind,
/// and the work.
pub(crate) struct Job<M> {
    id: u64,
    work: Work,
    task: Box<dyn Task<M>>,
    must_run: bool,
}

impl<M: 'static> Job<M> {
    /// The job of kind `work` answering question `id` by `task`.
    #[must_use]
    pub(crate) fn new(work: Work, id: u64, task: impl Task<M>) -> Job<M> {
        Job {
            id,
            work,
            task: Box::new(task),
            must_run: false,
        }
    }

    /// The job of kind `work` answering question `id` by the closure `run`.
    #[must_use]
    pub(crate) fn from_fn(
        work: Work,
        id: u64,
        run: impl FnOnce(&Reply<M>) + Send + 'static,
    ) -> Job<M> {
        Job::new(work, id, FnTask(run))
    }

    /// This job is never lost: when no thread can start, it runs on the calling thread.
    #[must_use]
    pub(crate) const fn must_run(mut self) -> Job<M> {
        self.must_run = true;
        self
    }

    /// What kind of work it is.
    #[must_use]
    pub(crate) const fn work(&self) -> Work {
        self.work
    }

    /// The id of the question: the answer carries it back. (A save is no question: 0.
    /// Saves come back in the order they were handed out, one at a time.)
    #[must_use]
    pub(crate) const fn id(&self) -> u64 {
        self.id
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
        f.debug_tuple(&format!("{:?}", self.work))
            .field(&self.id)
            .finish()
    }
}

/// Runs `job` on a new thread (named for its kind), its messages sent into `tx`.
///
/// # Errors
/// When no thread can be started; a job that must run ([`Job::must_run`]) is then run here,
/// on the calling thread, and its messages sent the same way: it is never lost.
pub(crate) fn spawn<M: Send + 'static>(job: Job<M>, tx: &Sender<Event<M>>) -> std::io::Result<()> {
    let Job {
        work,
        task,
        must_run,
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
        .name(format!("bg-tui {}", work.name()))
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
        Err(e) => Err(e),
    }
}
