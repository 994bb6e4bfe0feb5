//! What [`crate::tui::App::update`] asks the runtime to do once a message is applied: start
//! a job on a worker thread (a bot's decision, a hint, a rollout, the tutor's judgement,
//! bots to make, which may start an engine's program), save the match, quit. `update` itself changes only the game's state in memory; the
//! runtime performs the effects (as gitui and the ratatui component template do), and
//! what they bring back (a worker's answer, how a save went) comes in as a message again.

use super::bots::{BotJob, SharedBot};
use super::hint::HintJob;
use super::hint_rollout::RolloutJob;
use super::tutor::TutorJob;
use bg_tui::bot::{BotError, BotSpec};
use bg_tui::engine::{RuleSet, Side};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Work for a worker thread, whose answer comes back as an event.
pub(crate) enum Job {
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
}

/// What kind of work a [`Job`] is (what a worker that could not start was for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Work {
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
}

impl Job {
    /// What kind of work it is.
    #[must_use]
    pub(crate) const fn work(&self) -> Work {
        match self {
            Job::Bot(_) => Work::Bot,
            Job::Hint(_) => Work::Hint,
            Job::Rollout(_) => Work::Rollout,
            Job::Tutor(_) => Work::Tutor,
            Job::Seat(_) => Work::Seat,
        }
    }

    /// The id of the question: the answer carries it back.
    #[must_use]
    pub(crate) const fn id(&self) -> u64 {
        match self {
            Job::Bot(job) => job.id,
            Job::Hint(job) => job.id,
            Job::Rollout(job) => job.id,
            Job::Tutor(job) => job.id,
            Job::Seat(request) => request.id,
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
        };
        f.debug_tuple(kind).field(&self.id()).finish()
    }
}

/// A save the runtime makes (file I/O, never inside `update`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SaveRequest {
    /// The autosave: what the record gained is appended to the journal; a finished match
    /// is kept under a dated name.
    Autosave,
    /// `s` (`None`: where the match was last saved or resumed from, else under a dated
    /// name in the save folder) or `:save PATH`.
    To(Option<PathBuf>),
    /// Quitting while the match is not saved (a full disk): the autosave tried once more.
    BeforeQuit,
    /// The match that cannot be saved where it goes, saved elsewhere before quitting: to the
    /// file typed, or (`None`) in the state folder, else the temporary folder.
    Rescue(Option<PathBuf>),
}

/// How a save went, brought back to [`crate::tui::App::update`] as
/// [`crate::tui::keys::Msg::Saved`]: what the message line and the log say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Saved {
    /// The autosave's news: a line for the message line (in place of what it says), and a
    /// note that the finished match was kept (after what it says). Either is said in the
    /// log when it changes the message line.
    Autosave {
        /// A line that replaces the message line, if any.
        line: Option<String>,
        /// Where the finished match was kept, if it was just kept.
        kept: Option<String>,
    },
    /// Where `s` or `:save` saved the match, or why it did not: on the message line and
    /// in the log.
    To(String),
    /// `:save PATH` into a folder that does not exist: said on the message line only.
    NoFolder(String),
    /// The autosave tried once more before quitting: whether the match is safe now.
    BeforeQuit(bool),
    /// The match saved elsewhere before quitting (the line saying where), or why not.
    Rescued(Result<String, Shared<RescueError>>),
}

/// Why the match could not be saved elsewhere before quitting.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum RescueError {
    /// The file the players named could not be written.
    #[error("not saved: {0}")]
    NotSaved(#[source] bg_tui::store::StoreError),
    /// There is no rescue folder to try.
    #[error("there is no other folder to save it in")]
    NoFolder,
    /// Every rescue folder refused it, each for its reason.
    #[error("not saved in {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; nor in "))]
    NoFolderTook(Vec<FolderRefusal>),
}

/// A rescue folder that did not take the match, and why.
#[derive(Debug, thiserror::Error)]
#[error("{dir}: {problem}")]
pub(crate) struct FolderRefusal {
    /// The folder, as the message line shows it.
    pub(crate) dir: String,
    /// Why it did not take the match.
    #[source]
    pub(crate) problem: FolderProblem,
}

/// Why a rescue folder did not take the match.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum FolderProblem {
    /// The folder could not be made.
    #[error(transparent)]
    Create(std::io::Error),
    /// The file could not be written in it.
    #[error(transparent)]
    Write(bg_tui::store::StoreError),
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
    Start(Box<Job>),
    /// Save the match (then hand [`Saved`] back as a message).
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
