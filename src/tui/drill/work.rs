//! The drill's work off the screen's thread: valuing a play the saved analysis did not
//! value (the advisor at the analysis's depth, a second or more at 2-ply) and rolling out
//! an item's choices (the hint panel's rollout, [`RolloutJob`]). Each job runs on a worker
//! thread ([`DrillJob::into_job`], [`crate::tui::job::spawn`]) and comes back as a
//! [`DrillNews`], its id matching it to the question; an answer to a question no longer
//! asked (the item left, the drill closed) is dropped.

use crate::tui::hint_rollout::{RolloutChoice, RolloutJob, RolloutReport};
use crate::tui::job::{Job, Reply};
use bg_tui::advisor::Advisor;
use bg_tui::drill::{Choice, Item, KeptRollout, Kind, RolledChoice};

/// Work for a worker thread, whose answer comes back as a [`DrillNews`].
#[derive(Debug)]
pub(crate) enum DrillJob {
    /// The loss of a play the analysis did not value.
    Value(Box<ValueJob>),
    /// A rollout of the item's best choice and the one answered (or of its cube decision).
    Rollout(Box<RolloutJob>),
}

impl DrillJob {
    /// The id of the question: the answer carries it back.
    #[must_use]
    pub(crate) const fn id(&self) -> u64 {
        match self {
            DrillJob::Value(job) => job.id,
            DrillJob::Rollout(job) => job.id,
        }
    }

    /// The job for a worker thread: a valuation comes back as one [`DrillNews::Valued`], a
    /// rollout as one [`DrillNews::Rollout`] per round of trials (the last one done), a
    /// worker that cannot start as [`DrillNews::NotStarted`], each as `as_msg` makes it
    /// the screen's message.
    #[must_use]
    pub(crate) fn into_job<M: 'static>(self, as_msg: fn(DrillNews) -> M) -> Job<M> {
        let id = self.id();
        let job = Job::from_fn("drill", id, move |reply: &Reply<M>| match self {
            DrillJob::Value(job) => {
                let loss = job.loss();
                // Nobody waits once the drill has closed.
                reply.send(as_msg(DrillNews::Valued { id, loss }));
            }
            DrillJob::Rollout(job) => {
                job.run(|report| {
                    reply.send(as_msg(DrillNews::Rollout {
                        id,
                        report: Box::new(report),
                    }))
                });
            }
        });
        job.if_not_started(move |why| as_msg(DrillNews::NotStarted { id, why }))
    }
}

/// A play to value by the advisor.
#[derive(Debug, Clone)]
pub(crate) struct ValueJob {
    /// Matches the answer to the question.
    pub(crate) id: u64,
    /// The item.
    pub(crate) item: Item,
    /// The play answered.
    pub(crate) choice: Choice,
}

impl ValueJob {
    /// The play's loss against the analysis's best by the advisor at the analysis's depth,
    /// in millionths; `None` when the advisor has no advice here. Runs on the calling thread.
    #[must_use]
    pub(crate) fn loss(&self) -> Option<i64> {
        let mut advisor = Advisor::new(self.item.judged.ply).ok()?;
        let loss = self
            .item
            .loss_by_advisor(&mut advisor, &self.choice)
            .ok()
            .flatten()?;
        Some((loss * 1e6).round() as i64)
    }
}

/// What a drill's worker brings back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DrillNews {
    /// The play of the valuation `id` valued: its loss in millionths, if the advisor had
    /// advice.
    Valued {
        /// The question answered.
        id: u64,
        /// The loss, in millionths of a point of equity.
        loss: Option<i64>,
    },
    /// The rollout `id`'s result so far (the last one done).
    Rollout {
        /// The rollout.
        id: u64,
        /// Its result so far.
        report: Box<RolloutReport>,
    },
    /// No thread could start for the question `id`.
    NotStarted {
        /// The question.
        id: u64,
        /// Why.
        why: String,
    },
}

/// A rollout out, as the drill follows it.
#[derive(Debug)]
pub(super) struct Rolling {
    /// The rollout's id.
    pub(super) id: u64,
    /// The item rolled out (its key).
    pub(super) key: String,
    /// The choices rolled out, in words (none for a cube decision).
    pub(super) labels: Vec<String>,
    /// How it is played, in words.
    pub(super) how: String,
    /// The trials asked for.
    pub(super) trials: u32,
    /// Set to stop it.
    pub(super) stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Its result so far.
    pub(super) report: Option<RolloutReport>,
}

impl Rolling {
    /// Stops the rollout (within a turn of the trial in progress).
    pub(super) fn stop(&self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The rollout of `item`'s best choice and `chosen` (the best alone when they are the
/// same), or of its cube decision; `None` when there is nothing to roll out.
#[must_use]
pub(super) fn rollout_of(
    id: u64,
    item: &Item,
    chosen: Option<&Choice>,
    seed: u64,
) -> Option<(RolloutJob, Rolling)> {
    let mut plays = Vec::new();
    if item.kind() == Kind::Play {
        for choice in item.best().iter().chain(chosen) {
            if let Choice::Play(play) = choice
                && !plays.contains(play)
            {
                plays.push(*play);
            }
        }
        if plays.is_empty() {
            return None;
        }
    }
    let choice = RolloutChoice::default();
    let job = RolloutJob::new(id, &item.before, &plays, seed, choice)?;
    let rolling = Rolling {
        id,
        key: item.key.clone(),
        labels: plays.iter().map(bg_tui::engine::format_play).collect(),
        how: choice.words(),
        trials: choice.trials,
        stop: std::sync::Arc::clone(&job.stop),
        report: None,
    };
    Some((job, rolling))
}

/// The rollout as kept beside the item's card: its figures so far, made at `now`.
#[must_use]
pub(super) fn kept_of(rolling: &Rolling, report: &RolloutReport, now: u64) -> KeptRollout {
    let unit = |m: i64| m as f64 / 1e6;
    let choices = rolling
        .labels
        .iter()
        .zip(report.figures.iter().zip(&report.chances))
        .enumerate()
        .map(|(i, (label, (&(equity, std_err), chances)))| RolledChoice {
            choice: label.clone(),
            equity: unit(equity),
            std_err: unit(std_err),
            cubeful: report.cubeful.get(i).map(|&(emg, _)| unit(emg)),
            mwc: report.cubeful.get(i).and_then(|&(_, mwc)| mwc.map(unit)),
            chances: chances.map(unit),
        })
        .collect();
    KeptRollout {
        how: rolling.how.clone(),
        trials: report.trials,
        choices,
        // The cube decision's lines are EMG for the player on roll (the doubler).
        cube: if report.cube.is_empty() {
            Vec::new()
        } else {
            std::iter::once("EMG for the doubler:".to_string())
                .chain(
                    report
                        .cube
                        .iter()
                        .map(|l| l.replace("rollout: ", "verdict: ")),
                )
                .collect()
        },
        at: now,
    }
}
