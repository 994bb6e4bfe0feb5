//! The hint panel's part: the panel (until the next key), the hint it waits for, and the
//! rollout it shows while that runs. This part is the only writer of them: it takes the
//! panel's messages ([`Hints::handle`], over the state machine [`Hints::update`]), makes
//! the jobs they ask for from the match as it stands ([`HintGame`]: the hint on a worker,
//! its rollout), draws its panel ([`Hints::view`]), and says what the game must do for the
//! rest (start the job, play a line).

use crate::tui::hint::{self, HintJob, HintPanel};
use crate::tui::hint_rollout::{
    RolloutChoice, RolloutJob, RolloutReport, RolloutStage, RolloutView, line_labels,
};
use crate::tui::job::{Asking, Job};
use crate::tui::keys::PanelKey;
use crate::tui::model::Overlay;
use crate::tui::msg::{HintMsg, Msg, RolloutKnob};
use bg_tui::bot::EXPERT_DEFAULT_PLY;
use bg_tui::engine::{MatchState, Play};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What became of a hint that came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HintAnswer {
    /// Not the hint the panel waits for, or the panel was closed: nothing changes.
    Dropped,
    /// The match has moved on since it was asked for: ask again.
    Stale,
    /// The panel shows it.
    Shown,
}

/// What the game does after the hint panel took a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum HintNext {
    /// Nothing changed on the screen.
    Unchanged,
    /// The panel changed.
    Changed,
    /// The panel refused: this goes on the message line.
    Say(String),
    /// The hint was lost (no thread could start): this goes on the message line and in
    /// the log.
    Announce(String),
    /// Ask the strongest bot for a hint on the match as it stands (`H`, or a hint that
    /// came back for a match that has moved on).
    Ask,
    /// Play this play of the panel's, which is closed.
    Play(Play),
    /// Roll the open panel's lines out.
    RollOut,
}

/// What the game does after the hint panel took a message, its jobs made
/// ([`Hints::handle`]).
#[derive(Debug)]
pub(super) enum HintDone {
    /// Nothing changed on the screen.
    Unchanged,
    /// The panel changed.
    Changed,
    /// The panel refused: this goes on the message line.
    Say(String),
    /// The hint was lost (no thread could start): this goes on the message line and in
    /// the log.
    Announce(String),
    /// Start this job: the hint asked for (the panel says the bot is thinking).
    Ask(Job<Msg>),
    /// Start this job: the panel's rollout (the message line is cleared).
    RollOut(Job<Msg>),
    /// Play this play of the panel's, which is closed.
    Play(Play),
}

/// What the hint panel reads of the game to make its jobs.
#[derive(Debug, Clone, Copy)]
pub(super) struct HintGame<'a> {
    /// The match as it stands.
    pub(super) state: &'a MatchState,
    /// The record's length now.
    pub(super) recorded: usize,
    /// The seed of the dice (the hint's bots and the rollout's dice derive from it).
    pub(super) seed: u64,
}

/// The hint panel and what it waits for.
#[derive(Debug, Default)]
pub(super) struct Hints {
    /// The id of the last question the panel asked of a worker (a hint, a rollout).
    next_id: u64,
    /// The hint panel, until the next key.
    panel: Option<HintPanel>,
    /// The id of the hint being worked out (shared with its job).
    asked: Asking,
    /// The record's length when that hint was asked for.
    asked_at: usize,
    /// The rollout the panel shows while it runs: its id and its stop flag.
    rollout: Option<(u64, Arc<AtomicBool>)>,
    /// How `R` rolls out, as chosen in the panel (kept from panel to panel).
    choice: RolloutChoice,
}

/// `H` opens the hint panel.
pub(super) const KEY: PanelKey = PanelKey {
    key: 'H',
    msg: || Msg::Hint(HintMsg::Ask),
    help: (
        "H",
        "hint: plays ranked, cube advice; 1-9 plays one; R rolls out",
    ),
};

impl Hints {
    /// Takes a message of the panel's in `game`, and makes the jobs it asks for (the hint,
    /// asked again when the match has moved on meanwhile; the rollout). Returns what the
    /// game must do for it.
    pub(super) fn handle(&mut self, msg: HintMsg, game: &HintGame<'_>) -> HintDone {
        match self.update(msg, game.recorded) {
            HintNext::Unchanged => HintDone::Unchanged,
            HintNext::Changed => HintDone::Changed,
            HintNext::Say(line) => HintDone::Say(line),
            HintNext::Announce(line) => HintDone::Announce(line),
            HintNext::Play(play) => HintDone::Play(play),
            HintNext::Ask => HintDone::Ask(self.ask_hint(game)),
            HintNext::RollOut => self.roll_out(game),
        }
    }

    /// A fresh id for a question to a worker.
    const fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Asks for the strongest bot's advice for the player on roll in `game`: every play
    /// ranked (the expert's with equities, losses and chances), or the cube decision. The
    /// panel opens at once and says the bot is thinking until the answer comes back.
    fn ask_hint(&mut self, game: &HintGame<'_>) -> Job<Msg> {
        self.stop_rollout();
        let id = self.new_id();
        let job = HintJob {
            id,
            state: game.state.clone(),
            seed: game.seed,
        };
        self.ask(id, game.recorded, hint::waiting(game.state));
        Job::of("hint", id, job)
            .wanted_while(self.asked.still(id))
            .if_not_started(move |why| Msg::Hint(HintMsg::NotStarted(id, why)))
    }

    /// Starts rolling out the open panel's lines (the best few plays, or the position of
    /// its cube advice) in `game`.
    fn roll_out(&mut self, game: &HintGame<'_>) -> HintDone {
        let Some(panel) = &self.panel else {
            return HintDone::Changed;
        };
        if self.waiting() {
            return HintDone::Say("wait for the hint first".to_string());
        }
        if panel
            .rollout
            .as_ref()
            .is_some_and(|r| r.stage == RolloutStage::Running)
        {
            return HintDone::Changed;
        }
        let plays: Vec<_> = panel.plays.iter().map(|p| p.play).collect();
        // A cube rollout shows the look-ahead's verdict beside its own.
        let looked = plays
            .is_empty()
            .then(|| {
                panel
                    .head
                    .iter()
                    .find(|l| l.starts_with("proper cube action:"))
                    .map(|l| {
                        let close = if panel.cube_close { " (close)" } else { "" };
                        format!("{EXPERT_DEFAULT_PLY}-ply, {l}{close}")
                    })
            })
            .flatten();
        let seed = game.seed ^ (game.recorded as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let id = self.new_id();
        let Some(job) = RolloutJob::new(id, game.state, &plays, seed, self.choice) else {
            return HintDone::Say("nothing to roll out here".to_string());
        };
        let mut view = RolloutView::new(&job, line_labels(&job, game.state, &plays));
        view.looked = looked;
        let stop = job.stop.clone();
        self.start_rollout(id, job.stop.clone(), view);
        let job = Job::of("rollout", id, job)
            // Stopped before it started (the panel closed, Esc): never started.
            .wanted_while(move || !stop.load(Ordering::Relaxed))
            .if_not_started(move |why| {
                let report = RolloutReport {
                    done: true,
                    error: Some(format!("a thread could not start ({why})")),
                    ..RolloutReport::default()
                };
                Msg::Hint(HintMsg::Report(id, Box::new(report)))
            });
        HintDone::RollOut(job)
    }

    /// Takes a message of the panel's; the record is `recorded` long now. Returns what the
    /// game must do for it.
    pub(super) fn update(&mut self, msg: HintMsg, recorded: usize) -> HintNext {
        match msg {
            HintMsg::Ask => {
                self.stop_rollout();
                HintNext::Ask
            }
            HintMsg::Ready(id, panel) => {
                let close = panel.cube_close;
                match self.answer(id, *panel, recorded) {
                    HintAnswer::Dropped => HintNext::Unchanged,
                    HintAnswer::Stale => HintNext::Ask,
                    // A close cube decision is rolled out at once.
                    HintAnswer::Shown if close => HintNext::RollOut,
                    HintAnswer::Shown => HintNext::Changed,
                }
            }
            HintMsg::NotStarted(id, why) => {
                if !self.waits_for_hint(id) {
                    return HintNext::Unchanged;
                }
                self.forget();
                HintNext::Announce(format!("no hint: a thread could not start ({why})"))
            }
            HintMsg::Step(down) => {
                if let Some(panel) = &mut self.panel {
                    panel.step(down);
                }
                HintNext::Changed
            }
            HintMsg::Play(line) => {
                self.stop_rollout();
                let Some(panel) = self.panel.take() else {
                    return HintNext::Changed;
                };
                match panel.plays.get(line.unwrap_or(panel.selected)) {
                    Some(hint) => HintNext::Play(hint.play),
                    None if panel.plays.is_empty() => HintNext::Changed,
                    None => HintNext::Say(format!("the hint has {} lines", panel.plays.len())),
                }
            }
            HintMsg::RollOut => HintNext::RollOut,
            HintMsg::Knob(knob) => {
                let changed = self.change_choice(|c| match knob {
                    RolloutKnob::Trials => c.more_trials(),
                    RolloutKnob::Depth => c.other_depth(),
                    RolloutKnob::Cut => c.next_cut(),
                });
                if changed {
                    HintNext::Changed
                } else {
                    HintNext::Say("the rollout runs: Esc stops it first".to_string())
                }
            }
            HintMsg::StopRollout => {
                self.stop_rollout();
                HintNext::Changed
            }
            HintMsg::Report(id, report) => {
                if self.rollout_report(id, *report) {
                    HintNext::Changed
                } else {
                    HintNext::Unchanged
                }
            }
        }
    }

    /// The panel as the screen draws it, while it is open.
    pub(super) fn view(&self) -> Option<Overlay> {
        self.panel.as_ref().map(|panel| Overlay::Question {
            title: panel.title.clone(),
            lines: panel.lines(),
        })
    }

    /// The panel, while it is open.
    pub(super) const fn panel(&self) -> Option<&HintPanel> {
        self.panel.as_ref()
    }

    /// Opens `waiting` (the panel that says the bot is thinking) for hint `id`, asked for
    /// when the record was `recorded` long.
    pub(super) fn ask(&mut self, id: u64, recorded: usize, waiting: HintPanel) {
        self.asked.set(Some(id));
        self.asked_at = recorded;
        self.panel = Some(waiting);
    }

    /// The hint `id` came back as `panel`; the record is `recorded` long now.
    fn answer(&mut self, id: u64, panel: HintPanel, recorded: usize) -> HintAnswer {
        if !self.asked.is(id) {
            // Not asked, or the answer to an earlier question: the panel waits for its own.
            return HintAnswer::Dropped;
        }
        let asked_at = self.asked_at;
        self.asked.set(None);
        if self.panel.is_none() {
            return HintAnswer::Dropped;
        }
        if asked_at != recorded {
            return HintAnswer::Stale;
        }
        let mut panel = panel;
        if panel.rollable() {
            panel.choice = Some(self.choice);
        }
        self.panel = Some(panel);
        HintAnswer::Shown
    }

    /// Changes how `R` rolls out (`t`, `d`, `c` in the panel): shown in the open panel.
    /// Refused while a rollout runs (`false`).
    fn change_choice(&mut self, change: impl FnOnce(RolloutChoice) -> RolloutChoice) -> bool {
        if self.rollout.is_some() {
            return false;
        }
        self.choice = change(self.choice);
        if let Some(panel) = &mut self.panel
            && panel.choice.is_some()
        {
            panel.choice = Some(self.choice);
            // The ranking again, with the new choice under it.
            panel.rollout = None;
        }
        true
    }

    /// The panel waits for hint `id`.
    pub(super) fn waits_for_hint(&self, id: u64) -> bool {
        self.asked.is(id)
    }

    /// The panel waits for a hint.
    pub(super) fn waiting(&self) -> bool {
        self.asked.get().is_some()
    }

    /// Closes the panel, stopping its rollout.
    pub(super) fn close(&mut self) {
        self.stop_rollout();
        self.panel = None;
    }

    /// Closes the panel and forgets the hint it waits for (a position is being set up).
    pub(super) fn forget(&mut self) {
        self.panel = None;
        self.asked.set(None);
    }

    /// Forgets the hint the panel waits for (the match it was asked for is gone).
    pub(super) fn forget_wait(&mut self) {
        self.asked.set(None);
    }

    /// Shows rollout `id` (stopped by `stop`) in the open panel as `view`.
    fn start_rollout(&mut self, id: u64, stop: Arc<AtomicBool>, view: RolloutView) {
        self.rollout = Some((id, stop));
        if let Some(panel) = &mut self.panel {
            panel.rollout = Some(view);
        }
    }

    /// The panel waits for rollout `id`'s reports.
    pub(super) fn waits_for_rollout(&self, id: u64) -> bool {
        self.rollout.as_ref().is_some_and(|(asked, _)| *asked == id)
    }

    /// The panel's rollout is running.
    pub(super) const fn rollout_running(&self) -> bool {
        self.rollout.is_some()
    }

    /// Stops the rollout in progress, if any: the panel keeps the result so far.
    pub(super) fn stop_rollout(&mut self) {
        let Some((_, stop)) = self.rollout.take() else {
            return;
        };
        // Not started yet: it never will be (the game no longer waits for it).
        stop.store(true, Ordering::Relaxed);
        if let Some(view) = self.panel.as_mut().and_then(|p| p.rollout.as_mut())
            && view.stage == RolloutStage::Running
        {
            view.stage = RolloutStage::Stopped;
        }
    }

    /// A rollout's result so far: shown, unless the rollout was stopped or its panel
    /// closed. Returns whether it is shown.
    fn rollout_report(&mut self, id: u64, report: RolloutReport) -> bool {
        if !self.waits_for_rollout(id) {
            return false;
        }
        let done = report.done;
        let Some(view) = self.panel.as_mut().and_then(|p| p.rollout.as_mut()) else {
            self.stop_rollout();
            return false;
        };
        view.update(report);
        if done {
            self.rollout = None;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::engine::{MatchState, Rules};

    fn waiting() -> HintPanel {
        crate::tui::hint::waiting(&MatchState::new(Rules::money()).expect("a match"))
    }

    #[test]
    fn a_hint_is_shown_only_if_it_is_the_one_asked_and_asked_again_once_the_match_moved() {
        let mut hints = Hints::default();
        hints.ask(7, 3, waiting());
        // An earlier question's answer: dropped, the panel waits on.
        assert_eq!(
            hints.update(HintMsg::Ready(6, Box::new(waiting())), 3),
            HintNext::Unchanged
        );
        assert!(hints.waiting());
        // Its own, for a match that has moved on: asked again.
        assert_eq!(
            hints.update(HintMsg::Ready(7, Box::new(waiting())), 4),
            HintNext::Ask
        );
        hints.ask(8, 4, waiting());
        assert_eq!(
            hints.update(HintMsg::Ready(8, Box::new(waiting())), 4),
            HintNext::Changed
        );
        assert!(!hints.waiting());
    }

    #[test]
    fn a_line_of_a_panel_without_plays_plays_nothing_and_closes_it() {
        let mut hints = Hints::default();
        hints.ask(1, 0, waiting());
        assert_eq!(hints.update(HintMsg::Play(Some(2)), 0), HintNext::Changed);
        assert!(hints.panel().is_none());
        // No panel: nothing to play.
        assert_eq!(hints.update(HintMsg::Play(None), 0), HintNext::Changed);
    }
}
