//! The hint panel's part: the panel (until the next key), the hint it waits for, and the
//! rollout it shows while that runs. This part is the only writer of them: it takes the
//! panel's messages ([`Hints::update`]) and says what the game must do for the rest (ask
//! the bot, play a line, start a rollout).

use crate::tui::hint::HintPanel;
use crate::tui::hint_rollout::{RolloutChoice, RolloutReport, RolloutStage, RolloutView};
use crate::tui::model::Overlay;
use crate::tui::msg::{HintMsg, RolloutKnob};
use bg_tui::engine::Play;
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
    /// Ask the strongest bot for a hint on the match as it stands (`H`, or a hint that
    /// came back for a match that has moved on).
    Ask,
    /// Play this play of the panel's, which is closed.
    Play(Play),
    /// Roll the open panel's lines out.
    RollOut,
}

/// The hint panel and what it waits for.
#[derive(Debug, Default)]
pub(super) struct Hints {
    /// The hint panel, until the next key.
    panel: Option<HintPanel>,
    /// The id of the hint being worked out, and the record's length when it was asked for.
    wait: Option<(u64, usize)>,
    /// The rollout the panel shows while it runs: its id and its stop flag.
    rollout: Option<(u64, Arc<AtomicBool>)>,
    /// How `R` rolls out, as chosen in the panel (kept from panel to panel).
    choice: RolloutChoice,
}

impl Hints {
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
        self.wait = Some((id, recorded));
        self.panel = Some(waiting);
    }

    /// The hint `id` came back as `panel`; the record is `recorded` long now.
    fn answer(&mut self, id: u64, panel: HintPanel, recorded: usize) -> HintAnswer {
        let Some((asked, asked_at)) = self.wait else {
            return HintAnswer::Dropped;
        };
        if asked != id {
            // The answer to an earlier question: the panel waits for its own.
            return HintAnswer::Dropped;
        }
        self.wait = None;
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

    /// How `R` rolls out.
    pub(super) const fn choice(&self) -> RolloutChoice {
        self.choice
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
        self.wait.is_some_and(|(asked, _)| asked == id)
    }

    /// The panel waits for a hint.
    pub(super) const fn waiting(&self) -> bool {
        self.wait.is_some()
    }

    /// Closes the panel, stopping its rollout.
    pub(super) fn close(&mut self) {
        self.stop_rollout();
        self.panel = None;
    }

    /// Closes the panel and forgets the hint it waits for (a position is being set up).
    pub(super) fn forget(&mut self) {
        self.panel = None;
        self.wait = None;
    }

    /// Forgets the hint the panel waits for (the match it was asked for is gone).
    pub(super) const fn forget_wait(&mut self) {
        self.wait = None;
    }

    /// Shows rollout `id` (stopped by `stop`) in the open panel as `view`.
    pub(super) fn start_rollout(&mut self, id: u64, stop: Arc<AtomicBool>, view: RolloutView) {
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
