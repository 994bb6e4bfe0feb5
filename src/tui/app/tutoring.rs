//! Tutor mode in the game: a person's play or cube decision is held back while the expert
//! judges it on a worker thread; a decision that loses at least the threshold opens the
//! tutor's panel (take it back, or keep it), anything else is made at once.

use super::tutor_desk::{TutorJudged, TutorNext};
use super::{App, Job, Msg};
use crate::tui::msg::TutorMsg;
use crate::tui::tutor::{self, PersonDecision, Tutor, TutorJob, TutorVerdict};
use bg_tui::bot::EXPERT_DEFAULT_PLY;

impl App {
    /// A person's decision: judged first in tutor mode, else made at once. Bots' decisions
    /// never come here.
    pub(super) fn decide(&mut self, decision: PersonDecision) {
        let game = self.table.game();
        let person = game
            .to_act()
            .is_some_and(|side| !self.table.seats().has_bot(side));
        // Only a choice is judged: a roll when a double was possible, a play of a roll
        // with several.
        let choice = match decision {
            PersonDecision::Roll => game.may_double().is_ok(),
            PersonDecision::Play(_) => game.legal_plays().len() > 1,
            PersonDecision::Double | PersonDecision::Take | PersonDecision::Pass => true,
        };
        if !self.options.tutor_mode || !person || !choice || !self.tutor.is_idle() {
            let _ = self.carry_out(decision.into());
            return;
        }
        let id = self.questions.new_id();
        let Some(job) = TutorJob::new(id, self.table.state(), decision, EXPERT_DEFAULT_PLY) else {
            // Not a legal decision: making it says why.
            let _ = self.carry_out(decision.into());
            return;
        };
        let recorded = self.table.recorded();
        self.tutor.think(id, decision, recorded);
        let job = Job::of("tutor", id, job)
            .wanted_while(self.tutor.still_thinking(id))
            .if_not_started(move |why| {
                let cannot = TutorVerdict::Cannot(format!("a thread could not start ({why})"));
                Msg::Tutor(TutorMsg::Ready(id, Box::new(cannot)))
            });
        self.outbox.start(job);
        let _ = self.input.drop_pick();
        self.status.say("tutor: thinking…".to_string());
    }

    /// A message of tutor mode's: the desk takes it, and what it cannot do alone is done
    /// here. Returns whether the screen changed.
    pub(super) fn tutor_msg(&mut self, msg: TutorMsg) -> bool {
        match self.tutor.update(msg) {
            TutorNext::Say(line) => self.status.say(line.to_string()),
            TutorNext::Answer(keep) => self.tutor_answer(keep),
            TutorNext::Verdict(id, verdict) => {
                // The panel's plays as the board's labels number them now.
                let orientation = self.orientation();
                let shown = |text: &str| tutor::renumbered(text, |p| orientation.number(p));
                let threshold = i64::from(self.options.tutor_threshold.micros().max(1));
                let recorded = self.table.recorded();
                match self.tutor.judge(id, &verdict, recorded, threshold, shown) {
                    TutorJudged::NotAsked => return false,
                    TutorJudged::MovedOn => {}
                    TutorJudged::Panel => self.status.clear(),
                    TutorJudged::Make(decision, trouble) => {
                        self.status.clear();
                        let _ = self.carry_out(decision.into());
                        if let Some(why) = trouble {
                            self.status
                                .say_if_quiet(format!("tutor: {why}; made as it was"));
                        }
                    }
                }
            }
        }
        true
    }

    /// The answer to the tutor's panel (or Esc while it thinks): keep the decision, or take
    /// it back (the moves of the turn undone: the player decides again).
    fn tutor_answer(&mut self, keep: bool) {
        let decision = match self.tutor.take() {
            Tutor::Panel { decision, .. } if keep => decision,
            Tutor::Panel { decision, .. } | Tutor::Thinking { decision, .. } => {
                if let PersonDecision::Play(_) = decision
                    && self.table.turn().is_some()
                {
                    self.table.undo_turn();
                    let flipped = self.orientation().flipped();
                    self.input.cursor_to_start(self.table.turn(), flipped);
                }
                let _ = self.input.drop_pick();
                self.status.say(
                    match decision {
                        PersonDecision::Play(_) => "taken back: play the roll again",
                        _ => "taken back: decide again",
                    }
                    .to_string(),
                );
                return;
            }
            Tutor::Idle => return,
        };
        self.status.clear();
        let _ = self.carry_out(decision.into());
    }
}

/// On a worker thread: the tutor's verdict, back as [`TutorMsg::Ready`].
impl crate::tui::job::Task<Msg> for crate::tui::tutor::TutorJob {
    fn run(self: Box<Self>, reply: &crate::tui::job::Reply<Msg>) {
        let verdict = Box::new(self.verdict());
        // Nobody waits once the game has ended.
        reply.send(Msg::Tutor(TutorMsg::Ready(self.id, verdict)));
    }
}
