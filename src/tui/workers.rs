//! The worker threads of the game and the viewer: each runs a job of its part (a bot's
//! decision, the hint, its rollout, the tutor's judgement, a save, the viewer's analysis,
//! the drill's valuation and rollout) and sends
//! what it finds back to the runtime's channel as an [`Event`]. The parts know nothing of
//! events; this module joins them to the runtime's channel, so no part and the event type
//! import each other.

use super::bots::BotJob;
use super::drill::{DrillJob, DrillNews};
use super::effect::{BotRequest, Job, Saved};
use super::event::Event;
use super::hint::HintJob;
use super::hint_rollout::RolloutJob;
use super::tutor::TutorJob;
use super::viewer::analysis_board::AnalysisJob;
use bg_tui::host::saving::SaveJob;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// Runs `job` on a new thread (see the `spawn_` function of its kind).
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn(job: Job, tx: Sender<Event>) -> std::io::Result<()> {
    match job {
        Job::Bot(job) => spawn_bot(job, tx),
        Job::Hint(job) => spawn_hint(job, tx),
        Job::Rollout(job) => spawn_rollout(job, tx),
        Job::Tutor(job) => spawn_tutor(job, tx),
        Job::Seat(request) => spawn_seat(request, tx),
        Job::Save(job) => {
            spawn_save(*job, tx);
            Ok(())
        }
    }
}

/// Makes the save `job` on a new thread (the journal's fsync off the screen's thread) and
/// brings it back as an [`Event::Saved`]. When no thread can start, the save is made here,
/// on the calling thread, and brought back the same way: a save is never lost, and the
/// writer of the match's files always comes back.
pub(crate) fn spawn_save(job: SaveJob, tx: Sender<Event>) {
    // The job goes to the thread through this slot, so that it is still here when the
    // thread cannot start.
    let slot = Arc::new(Mutex::new(Some(job)));
    let on_thread = Arc::clone(&slot);
    let back = tx.clone();
    let run = move || {
        let job = on_thread
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(job) = job {
            // Nobody waits once the runtime has gone.
            let _ = back.send(Event::Saved(Saved::new(job.run())));
        }
    };
    let started = std::thread::Builder::new()
        .name("bg-tui save".to_string())
        .spawn(run);
    if started.is_err() {
        let job = slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(job) = job {
            let _ = tx.send(Event::Saved(Saved::new(job.run())));
        }
    }
}

/// Makes the bots of `request` on a new thread (an engine over UBGI starts and shakes hands
/// there, for up to [`bg_tui::bot::ubgi::START_TIMEOUT`]) and sends them back as an
/// [`Event::BotsMade`].
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_seat(request: BotRequest, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || {
        let made = Box::new(request.make());
        // Nobody waits once the game has ended: the bots are dropped, an engine ended.
        let _ = tx.send(Event::BotsMade(made));
    };
    std::thread::Builder::new()
        .name("bg-tui seat".to_string())
        .spawn(run)
        .map(|_| ())
}

/// Runs `job` on a new thread and sends its panel back as an [`Event::Hint`].
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_hint(job: HintJob, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || {
        let panel = Box::new(job.panel());
        // The receiver is gone once the game has ended: nobody waits for the hint then.
        let _ = tx.send(Event::Hint { id: job.id, panel });
    };
    std::thread::Builder::new()
        .name("bg-tui hint".to_string())
        .spawn(run)
        .map(|_| ())
}

/// Runs `job` on a new thread: waits the delay, asks the bot, sends the answer, then one
/// [`Event::Tick`] per checker move with the delay between them.
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_bot(job: BotJob, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || {
        std::thread::sleep(job.delay);
        let decision = job.decide();
        if tx
            .send(Event::Bot {
                id: job.id,
                decision,
            })
            .is_err()
        {
            return;
        }
        for _ in 0..job.ticks(&decision) {
            std::thread::sleep(job.delay);
            if tx.send(Event::Tick(job.id)).is_err() {
                return;
            }
        }
    };
    std::thread::Builder::new()
        .name("bg-tui bot".to_string())
        .spawn(run)
        .map(|_| ())
}

/// Runs `job` on a new thread, sending its reports as [`Event::Rollout`]s.
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_rollout(job: RolloutJob, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || {
        let id = job.id;
        job.run(|report| {
            tx.send(Event::Rollout {
                id,
                report: Box::new(report),
            })
            .is_ok()
        });
    };
    std::thread::Builder::new()
        .name("bg-tui rollout".to_string())
        .spawn(run)
        .map(|_| ())
}

/// Runs `job` on a new thread and sends its verdict back as an [`Event::Tutor`].
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_tutor(job: TutorJob, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || {
        let verdict = Box::new(job.verdict());
        // Nobody waits once the game has ended.
        let _ = tx.send(Event::Tutor {
            id: job.id,
            verdict,
        });
    };
    std::thread::Builder::new()
        .name("bg-tui tutor".to_string())
        .spawn(run)
        .map(|_| ())
}

/// Runs `job` on a new thread: [`Event::AnalysisProgress`] as it goes (each whole
/// percent), then [`Event::AnalysisDone`].
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_analysis(job: AnalysisJob, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || {
        let mut shown = usize::MAX;
        let mut progress = |done: usize, total: usize| {
            let percent = 100 * done / total.max(1);
            if percent != shown {
                shown = percent;
                // The viewer may be gone; the work then goes on only to be saved.
                let _ = tx.send(Event::AnalysisProgress { done, total });
            }
        };
        let outcome = job.run(&mut progress);
        let _ = tx.send(Event::AnalysisDone(Box::new(outcome)));
    };
    std::thread::Builder::new()
        .name("bg-tui analysis".to_string())
        .spawn(run)
        .map(|_| ())
}

/// Runs the drill's `job` on a new thread: a valuation comes back as one
/// [`Event::Drill`], a rollout as one per round of trials (the last one done).
///
/// # Errors
/// When no thread can be started.
pub(crate) fn spawn_drill(job: DrillJob, tx: Sender<Event>) -> std::io::Result<()> {
    let run = move || match job {
        DrillJob::Value(job) => {
            let loss = job.loss();
            // Nobody waits once the drill has closed.
            let _ = tx.send(Event::Drill(DrillNews::Valued { id: job.id, loss }));
        }
        DrillJob::Rollout(job) => {
            let job = *job;
            let id = job.id;
            job.run(|report| {
                tx.send(Event::Drill(DrillNews::Rollout {
                    id,
                    report: Box::new(report),
                }))
                .is_ok()
            });
        }
    };
    std::thread::Builder::new()
        .name("bg-tui drill".to_string())
        .spawn(run)
        .map(|_| ())
}
