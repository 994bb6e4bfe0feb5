//! What [`crate::tui::App::update`] asks the runtime to do once a message is applied: start
//! a job on a worker thread (a bot's decision, a hint, a rollout, the tutor's judgement,
//! bots to make, which may start an engine's program, a save of the match), save the match,
//! quit. `update` itself changes only the game's state in memory; the runtime performs the
//! effects (as gitui and the ratatui component template do), and
//! what they bring back (a worker's answer, how a save went) comes in as a message again.

use super::job::{Job, Reply, Task};
use super::msg::Msg;
use bg_tui::bot::{BotError, BotSpec};
use bg_tui::engine::{RuleSet, Side};
use bg_tui::host::saving::{SaveDone, SaveJob};
use bg_tui::host::seats::SharedBot;
use std::sync::{Arc, Mutex};

pub(crate) use bg_tui::host::saving::SaveRequest;

/// A save made ([`SaveJob::run`], on a worker thread), brought back to
/// [`crate::tui::App::update`] as [`crate::tui::keys::Msg::Saved`]: the writer of the
/// match's files, back to the host, and how the save went. A message may be cloned; the
/// save comes back once, to whoever takes it first ([`Saved::take`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Saved(Shared<Mutex<Option<SaveDone>>>);

impl Saved {
    /// The save `done`, to bring back.
    #[must_use]
    pub(crate) fn new(done: SaveDone) -> Saved {
        Saved(Shared::from(Mutex::new(Some(done))))
    }

    /// The save made, unless it was taken already.
    #[must_use]
    pub(crate) fn take(&self) -> Option<SaveDone> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

/// An error handed back to [`crate::tui::App::update`] in a message: shared, since
/// messages are cloned, and equal only to itself, since an error keeps its source (an io
/// error, say), which has no equality.
#[derive(Debug)]
pub(crate) struct Shared<E>(Arc<E>);

impl<E> Shared<E> {}

impl<E> From<E> for Shared<E> {
    fn from(error: E) -> Shared<E> {
        Shared(Arc::new(error))
    }
}

impl<E> Clone for Shared<E> {
    fn clone(&self) -> Shared<E> {
        Shared(Arc::clone(&self.0))
    }
}

impl<E> PartialEq for Shared<E> {
    fn eq(&self, other: &Shared<E>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<E> Eq for Shared<E> {}

impl<E> std::ops::Deref for Shared<E> {
    type Target = E;
    fn deref(&self) -> &E {
        &self.0
    }
}

impl<E: std::fmt::Display> std::fmt::Display for Shared<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<E: std::error::Error + 'static> std::error::Error for Shared<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

/// Bots to make for `:bot NAME` (making one may start a program: an engine over UBGI) on a
/// worker thread, brought back to [`crate::tui::App::update`] as
/// [`crate::tui::msg::Msg::BotsMade`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BotRequest {
    /// Matches the bots made to the request (a later `:bot` or `:human` drops them).
    pub(crate) id: u64,
    /// The bot.
    pub(crate) name: BotSpec,
    /// The sides it is to play, each with the seed of its bot, in order.
    pub(crate) sides: Vec<(Side, u64)>,
    /// The rules the bot must play.
    pub(crate) rule_set: RuleSet,
}

impl BotRequest {
    /// Makes the bots, side by side, up to the first that cannot be made.
    #[must_use]
    pub(crate) fn make(&self) -> MadeBots {
        let mut made = Vec::new();
        for &(side, seed) in &self.sides {
            let bot = self
                .name
                .make_for(seed, self.rule_set)
                .map(|b| Arc::new(Mutex::new(b)) as SharedBot)
                .map_err(Shared::from);
            let failed = bot.is_err();
            made.push((side, bot));
            if failed {
                break;
            }
        }
        MadeBots {
            id: self.id,
            name: self.name.clone(),
            made,
        }
    }
}

/// On a worker thread (an engine over UBGI starts and shakes hands there, for up to
/// [`bg_tui::bot::ubgi::START_TIMEOUT`]): the bots made, back as [`Msg::BotsMade`].
impl Task<Msg> for BotRequest {
    fn run(self: Box<Self>, reply: &Reply<Msg>) {
        // Nobody waits once the game has ended: the bots are dropped, an engine ended.
        reply.send(Msg::BotsMade(self.make()));
    }
}

/// The save made on a worker thread (the journal's fsync off the screen's thread), back as
/// [`Msg::Saved`]: the writer of the match's files always comes back.
impl Task<Msg> for SaveJob {
    fn run(self: Box<Self>, reply: &Reply<Msg>) {
        reply.send(Msg::Saved(Saved::new((*self).run())));
    }
}

/// The job making the save `job`: never lost (when no thread can start, it is made on the
/// calling thread, and comes back the same way).
#[must_use]
pub(crate) fn save_job(job: SaveJob) -> Job<Msg> {
    Job::of("save", 0, job).must_run()
}

/// The bots made for a [`BotRequest`]: each side's, or why it could not be made (the last).
#[derive(Clone)]
pub(crate) struct MadeBots {
    /// The request's id.
    pub(crate) id: u64,
    /// The bots.
    pub(crate) name: BotSpec,
    /// Each side's bot, in order, up to the first that could not be made.
    pub(crate) made: Vec<(Side, Result<SharedBot, Shared<BotError>>)>,
}

impl std::fmt::Debug for MadeBots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let made: Vec<_> = self
            .made
            .iter()
            .map(|(side, bot)| (side, bot.as_ref().map(|_| "made")))
            .collect();
        f.debug_struct("MadeBots")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("made", &made)
            .finish()
    }
}

impl PartialEq for MadeBots {
    fn eq(&self, other: &MadeBots) -> bool {
        self.id == other.id
            && self.name == other.name
            && self.made.len() == other.made.len()
            && self.made.iter().zip(&other.made).all(|(a, b)| {
                a.0 == b.0
                    && match (&a.1, &b.1) {
                        (Ok(x), Ok(y)) => Arc::ptr_eq(x, y),
                        (Err(x), Err(y)) => x == y,
                        _ => false,
                    }
            })
    }
}

impl Eq for MadeBots {}

/// One thing for the runtime to do.
#[derive(Debug)]
pub(crate) enum Effect {
    /// Start this job on a worker thread.
    Start(Box<Job<Msg>>),
    /// Save the match: the host makes its saves in order, one at a time, each handed to
    /// the runtime as a job running a [`SaveJob`], which brings [`Saved`]
    /// back as a message.
    Save(SaveRequest),
    /// The players have quit: end the loop.
    Quit,
}

/// What one [`crate::tui::App::update`] asks for: whether the screen must be redrawn,
/// and the effects to perform, in order.
#[derive(Debug, Default)]
#[must_use]
pub(crate) struct Effects {
    /// The screen changed.
    pub(crate) redraw: bool,
    /// What the runtime does next, in order.
    pub(crate) effects: Vec<Effect>,
}
