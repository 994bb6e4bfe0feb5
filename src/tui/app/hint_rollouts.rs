//! The hint panel in the game: `H` asks the strongest bot for advice on a worker thread
//! (asked again when the match has moved on meanwhile), a line of it is played, and `R`
//! rolls its plays (or its cube decision) out on a worker thread, the result so far shown
//! in the panel after every round; Esc stops it, and so does closing the panel. The
//! panel's state is the [`super::hints::Hints`] part's.

use super::hints::HintNext;
use super::{App, Job, Said, Work};
use crate::tui::hint::{self, HintJob};
use crate::tui::hint_rollout::{RolloutJob, RolloutReport, RolloutStage, RolloutView, line_labels};
use crate::tui::msg::HintMsg;
use bg_tui::bot::EXPERT_DEFAULT_PLY;
use bg_tui::engine::{Phase, Play};

impl App {
    /// Starts rolling out the open hint panel's lines (the best few plays, or the position
    /// of its cube advice).
    fn start_rollout(&mut self) {
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
        let id = self.questions.new_id();
        let seed = self.seed ^ (self.recorded() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let choice = self.hints.choice();
        let Some(job) = RolloutJob::new(id, self.table.state(), &plays, seed, choice) else {
            self.status.say("nothing to roll out here".to_string());
            return;
        };
        let labels = line_labels(&job, self.table.state(), &plays);
        let mut view = RolloutView::new(&job, labels);
        // A cube rollout shows the look-ahead's verdict beside its own.
        view.looked = plays
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
        self.hints.start_rollout(id, job.stop.clone(), view);
        self.start(Job::new(Work::Rollout, id, job));
        self.status.clear();
    }

    /// The hint panel's rollout is running.
    pub(super) const fn rollout_running(&self) -> bool {
        self.hints.rollout_running()
    }

    /// Asks for the strongest bot's advice for the player on roll: every play ranked (the
    /// expert's with equities, losses and chances), or the cube decision. The panel opens at
    /// once and says the bot is thinking until the answer comes from the worker thread.
    fn hint(&mut self) {
        self.hints.stop_rollout();
        let id = self.questions.new_id();
        let job = HintJob {
            id,
            state: self.table.state().clone(),
            seed: self.seed,
        };
        self.start(Job::new(Work::Hint, id, job));
        let waiting = hint::waiting(self.table.state());
        self.hints.ask(id, self.recorded(), waiting);
    }

    /// A message of the hint panel's: the [`super::hints::Hints`] part takes it, and what
    /// it cannot do alone is done here. Returns whether the screen changed.
    pub(super) fn hint_msg(&mut self, msg: HintMsg) -> bool {
        match self.hints.update(msg, self.recorded()) {
            HintNext::Unchanged => return false,
            HintNext::Changed => {}
            HintNext::Say(line) => self.status.say(line),
            // A hint for a match that has moved on (bots play on while the panel is open)
            // is asked again for the match as it stands now.
            HintNext::Ask => self.hint(),
            HintNext::Play(play) => {
                let said = self.play_hint(play);
                self.say(said);
            }
            HintNext::RollOut => self.start_rollout(),
        }
        true
    }

    /// A rollout's result so far: shown, unless the rollout was stopped or its panel closed.
    pub(super) fn rollout_report(&mut self, id: u64, report: RolloutReport) -> bool {
        self.hint_msg(HintMsg::Report(id, Box::new(report)))
    }

    /// Plays a play of the hint panel (closed now), if the play is a person's to make.
    fn play_hint(&mut self, play: Play) -> Said {
        let game = self.table.game();
        let human = game
            .to_act()
            .is_some_and(|side| !self.table.seats().has_bot(side));
        if !human || !matches!(game.phase(), Phase::Moving(_)) {
            return Some("there is no play of yours to make now".to_string());
        }
        // The moves made so far this turn are taken back: the line is a whole play.
        self.table.undo_turn();
        let _ = self.input.drop_pick();
        self.decide(crate::tui::tutor::Decision::Play(play));
        None
    }
}
