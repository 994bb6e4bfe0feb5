//! What [`crate::tui::App::update`] asks the runtime to do once a message is applied: start
//! a job on a worker thread (a bot's decision, a hint, a rollout, the tutor's judgement,
//! bots to make, which may start an engine's program, a save of the match), save the match,
//! quit. `update` itself changes only the game's state in memory; the runtime performs the
//! effects (as gitui and the ratatui component template do), and
//! what they bring back (a worker's answer, how a save went) comes in as a message again.

use super::bots::BotJob;
use super::hint::HintJob;
use super::hint_rollout::RolloutJob;
use super::tutor::TutorJob;
use crate::bot::{BotError, BotSpec};
use crate::engine::{RuleSet, Side};
use crate::host::saving::{SaveDone, SaveJob, SaveRequest};
use crate::host::seats::SharedBot;
use std::sync::{Arc, Mutex};

/// Work for a worker thread, whose answer comes back as an event.
pub enum Job {
    /// A bot's decision ([`crate::tui::workers::spawn_bot`]).
    Bot(BotJob),
    /// The hint panel's advice ([`crate::tui::workers::spawn_hint`]).
    Hint(HintJob),
    /// A rollout from the hint panel ([`crate::tui::workers::spawn_rollout`]).
    Rollout(RolloutJob),
    /// The tutor's judgement of a person's decision ([`crate::tui::workers::spawn_tutor`]).
    Tutor(TutorJob),
    /// Bots to make for `:bot NAME` ([`crate::tui::workers::spawn_seat`]): an engine over
    /// UBGI is started and shakes hands meanwhile, the keys live.
    Seat(BotRequest),
    /// A save of the match, with the one writer of its files
    /// ([`crate::tui::workers::spawn_save`]): the journal's fsync off the screen's thread.
    Save(Box<SaveJob>),
}

/// What kind of work a [`Job`] is (what a worker that could not start was for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// A bot's decision.
    Bot,
    /// The hint panel's advice.
    Hint,
    /// The hint panel's rollout.
    Rollout,
    /// The tutor's judgement.
    Tutor,
    /// Bots made for `:bot NAME`.
    Seat,
    /// A save.
    Save,
}

impl Job {
    /// What kind of work it is.
    #[must_use]
    pub const fn work(&self) -> Work {
        match self {
            Job::Bot(_) => Work::Bot,
            Job::Hint(_) => Work::Hint,
            Job::Rollout(_) => Work::Rollout,
            Job::Tutor(_) => Work::Tutor,
            Job::Seat(_) => Work::Seat,
            Job::Save(_) => Work::Save,
        }
    }

    /// The id of the question: the answer carries it back. (A save is no question: 0. Saves
    /// come back in the order they were handed out, one at a time.)
    #[must_use]
    pub const fn id(&self) -> u64 {
        match self {
            Job::Bot(job) => job.id,
            Job::Hint(job) => job.id,
            Job::Rollout(job) => job.id,
            Job::Tutor(job) => job.id,
            Job::Seat(request) => request.id,
            Job::Save(_) => 0,
        }
    }
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self {
            Job::Bot(_) => "Bot",
            Job::Hint(_) => "Hint",
            Job::Rollout(_) => "Rollout",
            Job::Tutor(_) => "Tutor",
            Job::Seat(_) => "Seat",
            Job::Save(_) => "Save",
        };
        f.debug_tuple(kind).field(&self.id()).finish()
    }
}

/// A save made ([`SaveJob::run`], on a worker thread), brought back to
/// [`crate::tui::App::update`] as [`crate::tui::keys::Msg::Saved`]: the writer of the
/// match's files, back to the host, and how the save went. A message may be cloned; the
/// save comes back once, to whoever takes it first ([`Saved::take`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved(Shared<Mutex<Option<SaveDone>>>);

impl Saved {
    /// The save `done`, to bring back.
    #[must_use]
    pub fn new(done: SaveDone) -> Saved {
        Saved(Shared::from(Mutex::new(Some(done))))
    }

    /// The save made, unless it was taken already.
    #[must_use]
    pub fn take(&self) -> Option<SaveDone> {
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
pub struct Shared<E>(Arc<E>);

impl<E> Shared<E> {
    /// The error.
    #[must_use]
    pub fn error(&self) -> &E {
        &self.0
    }
}

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
/// [`crate::tui::keys::Msg::BotsMade`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotRequest {
    /// Matches the bots made to the request (a later `:bot` or `:human` drops them).
    pub id: u64,
    /// The bot.
    pub name: BotSpec,
    /// The sides it is to play, each with the seed of its bot, in order.
    pub sides: Vec<(Side, u64)>,
    /// The rules the bot must play.
    pub rule_set: RuleSet,
}

impl BotRequest {
    /// Makes the bots, side by side, up to the first that cannot be made.
    #[must_use]
    pub fn make(&self) -> MadeBots {
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

/// The bots made for a [`BotRequest`]: each side's, or why it could not be made (the last).
#[derive(Clone)]
pub struct MadeBots {
    /// The request's id.
    pub id: u64,
    /// The bots.
    pub name: BotSpec,
    /// Each side's bot, in order, up to the first that could not be made.
    pub made: Vec<(Side, Result<SharedBot, Shared<BotError>>)>,
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
pub enum Effect {
    /// Start this job on a worker thread.
    Start(Box<Job>),
    /// Save the match: the host makes its saves in order, one at a time, each handed to
    /// the runtime as a [`Job::Save`], which brings [`Saved`] back as a message.
    Save(SaveRequest),
    /// The players have quit: end the loop.
    Quit,
}

/// What one [`crate::tui::App::update`] asks for: whether the screen must be redrawn,
/// and the effects to perform, in order.
#[derive(Debug, Default)]
#[must_use]
pub struct Effects {
    /// The screen changed.
    pub redraw: bool,
    /// What the runtime does next, in order.
    pub effects: Vec<Effect>,
}
