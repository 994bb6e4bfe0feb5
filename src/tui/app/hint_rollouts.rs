//! The hint panel in the game: `H` asks the strongest bot for advice on a worker thread
//! (asked again when the match has moved on meanwhile), a line of it is played, and `R`
//! rolls its plays (or its cube decision) out on a worker thread, the result so far shown
//! in the panel after every round; Esc stops it, and so does closing the panel. The
//! panel's state is the [`super::hints::Hints`] part's.

use super::hints::HintAnswer;
use super::{App, Job, Said};
use crate::tui::hint::{self, HintJob, HintPanel, play_text};
use crate::tui::hint_rollout::{RolloutJob, RolloutReport, RolloutStage, RolloutView};
use crate::tui::keys::RolloutKnob;
use bg_tui::engine::Phase;

impl App {
    /// Starts rolling out the open hint panel's lines (the best few plays, or the position
    /// of its cube advice).
    pub(super) fn start_rollout(&mut self) {
        let Some(panel) = self.hints.panel() else {
            return;
        };
        if self.hints.waiting() {
            self.status.say("wait for the hint first".to_string());
            return;
        }
        if panel
            .rollout
            .as_ref()
            .is_some_and(|r| r.stage == RolloutStage::Running)
        {
            return;
        }
        let plays: Vec<_> = panel.plays.iter().map(|p| p.play).collect();
        let id = self.seats.new_id();
        let seed = self.seed ^ (self.recorded() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let choice = self.hints.choice();
        let Some(job) = RolloutJob::new(id, self.table.state(), &plays, seed, choice) else {
            self.status.say("nothing to roll out here".to_string());
            return;
        };
        let labels = if plays.is_empty() {
            vec![format!("{} on roll, cubeless", self.table.game().turn())]
        } else {
            job.lines
                .iter()
                .zip(&plays)
                .enumerate()
                .map(|(i, (_, play))| format!("{:>2} {}", i + 1, play_text(play)))
                .collect()
        };
        let view = RolloutView::new(&job, labels);
        self.hints.start_rollout(id, job.stop.clone(), view);
        self.start(Job::Rollout(job));
        self.status.clear();
    }

    /// `t`, `d` or `c` in the hint panel: changes how `R` rolls out (not while a rollout
    /// runs).
    pub(super) fn change_rollout(&mut self, knob: RolloutKnob) {
        let changed = self.hints.change_choice(|c| match knob {
            RolloutKnob::Trials => c.more_trials(),
            RolloutKnob::Depth => c.other_depth(),
            RolloutKnob::Cut => c.next_cut(),
        });
        if !changed {
            self.status
                .say("the rollout runs: Esc stops it first".to_string());
        }
    }

    /// The hint panel's rollout is running.
    pub(super) const fn rollout_running(&self) -> bool {
        self.hints.rollout_running()
    }

    /// Stops the rollout in progress, if any: the panel keeps the result so far.
    pub(super) fn stop_rollout(&mut self) {
        self.hints.stop_rollout();
    }

    /// A rollout's result so far: shown, unless the rollout was stopped or its panel closed.
    pub(super) fn rollout_report(&mut self, id: u64, report: RolloutReport) -> bool {
        self.hints.rollout_report(id, report)
    }

    /// Asks for the strongest bot's advice for the player on roll: every play ranked (the
    /// expert's with equities, losses and chances), or the cube decision. The panel opens at
    /// once and says the bot is thinking until the answer comes from the worker thread.
    pub(super) fn hint(&mut self) {
        self.stop_rollout();
        let id = self.seats.new_id();
        self.start(Job::Hint(HintJob {
            id,
            state: self.table.state().clone(),
            seed: self.seed,
        }));
        let waiting = hint::waiting(self.table.state());
        self.hints.ask(id, self.recorded(), waiting);
    }

    /// Shows the hint with this id, unless its panel was closed. When the match has moved
    /// on since it was asked for (bots play on while the panel is open), the hint is asked
    /// again for the match as it stands now.
    pub(super) fn hint_ready(&mut self, id: u64, panel: HintPanel) -> bool {
        match self.hints.answer(id, panel, self.recorded()) {
            HintAnswer::Dropped => false,
            HintAnswer::Stale => {
                self.hint();
                true
            }
            HintAnswer::Shown => true,
        }
    }

    /// Plays line `line` (from 0; `None`: the chosen line) of the hint panel, and closes it.
    pub(super) fn play_hint_line(&mut self, line: Option<usize>) -> Said {
        self.stop_rollout();
        let panel = self.hints.take_panel()?;
        let Some(hint) = panel.plays.get(line.unwrap_or(panel.selected)) else {
            return (!panel.plays.is_empty())
                .then(|| format!("the hint has {} lines", panel.plays.len()));
        };
        let game = self.table.game();
        let human = game.to_act().is_some_and(|side| !self.seats.has_bot(side));
        if !human || !matches!(game.phase(), Phase::Moving(_)) {
            return Some("there is no play of yours to make now".to_string());
        }
        // The moves made so far this turn are taken back: the line is a whole play.
        self.table.undo_turn();
        let _ = self.input.drop_pick();
        self.decide(crate::tui::tutor::Decision::Play(hint.play));
        None
    }
}
