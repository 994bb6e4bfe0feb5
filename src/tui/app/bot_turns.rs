//! The app's side of the bots: asking a bot when a decision is its own, applying its
//! answer, showing its play a checker at a time, and handing sides over.

use super::intent::{Intent, intent};
use super::{App, BotJob, Job, Msg, Player};
use crate::tui::effect::{BotRequest, MadeBots};
use bg_tui::bot::{BotSpec, Decision, Question};
use bg_tui::engine::{Action, Phase, Side};
use bg_tui::host::Decider;

use bg_tui::host::seats::side_seed;

impl App {
    /// Asks a bot when the decision is a bot's.
    pub(super) fn schedule(&mut self) {
        // Nothing moves on while a position is being set up.
        let editing = self.screen.is_editor();
        let seating = self.questions.making().is_some() || self.questions.stalled();
        if self.questions.busy()
            || self.leaving.quit()
            || self.table.state().is_over()
            || editing
            || seating
        {
            return;
        }
        let both_bots = self.table.seats().both_bots();
        let Some(pending) = self.table.host().pending() else {
            return;
        };
        let question = pending.question;
        match question {
            // A person at the table starts each next game, even with bots at both sides
            // (`:bot` on the person's own side), and rolls the opening against a bot.
            Question::NextGame if !both_bots || !self.table.seats().watching() => return,
            Question::OpeningRoll if !both_bots => return,
            _ => {}
        }
        let bot = match pending.by {
            Decider::Nobody => None,
            Decider::Bot(side) => {
                match self
                    .table
                    .reseeded(side, self.seed, self.options.rules.rule_set)
                    .or_else(|| self.table.seats().bot(side))
                {
                    Some(bot) => Some(bot),
                    None => return,
                }
            }
            // The computer bears off for a person who asked it to.
            Decider::Person(side) if matches!(question, Question::Play(_)) => {
                match self.table.finisher_for(side, self.options.auto_bearoff) {
                    Some(bot) => Some(bot),
                    None => return,
                }
            }
            Decider::Person(_) => return,
        };
        let may_resign = question
            .side()
            .is_some_and(|side| self.table.bot_may_resign(side));
        let id = self.questions.ask();
        let job = BotJob {
            id,
            question,
            may_resign,
            state: self.table.state().clone(),
            bot,
            delay: self.options.bot_delay(),
        };
        let job = Job::of("bot", id, job)
            .wanted_while(self.questions.still_pending(id))
            .if_not_started(move |why| Msg::BotStalled(id, why));
        self.outbox.start(job);
    }

    pub(super) fn bot_decided(&mut self, id: u64, decision: Decision) -> bool {
        if !self.questions.answered(id) {
            return false;
        }
        // An engine that went wrong (over UBGI) decided nothing: its stand-in is dropped, the
        // game is kept, and its side goes back to a person.
        if let Some((side, why)) = self.table.unseat_trouble() {
            let line = format!("{why}; {} is yours to play now", self.words().name(side));
            self.status.announce(line);
            return true;
        }
        match decision {
            Decision::Roll if self.table.game().phase() == Phase::Opening => {
                let said = self.carry_intent(Intent::OpeningRoll);
                self.status.say_said(said);
            }
            Decision::NextGame => {
                // As a person's yes to the next game (a full record ends the session).
                let intent = intent(&self.table, &self.words(), Msg::Yes, false);
                let said = self.carry_intent(intent);
                self.status.say_said(said);
            }
            Decision::Act(Action::Play(play))
                if !self.options.bot_delay().is_zero() && !play.steps().is_empty() =>
            {
                self.questions.show(id, play);
            }
            decision => {
                let _ = self.carry_out(decision);
            }
        }
        true
    }

    /// Shows the next checker move of the bot's play; after the last, makes the play.
    pub(super) fn bot_tick(&mut self, id: u64) -> bool {
        let Some(step) = self.questions.tick(id) else {
            return false;
        };
        if let Some(shown) = step.shown() {
            // Only for the display: the play itself is made through the game below.
            self.table.show_step(shown);
        }
        if step.is_last() {
            self.act(Action::Play(step.play()));
        }
        true
    }

    /// Hands `side` (the side to act, or the player on roll) to the bot `name` (made on a
    /// worker thread: see [`BotRequest`]; an engine over UBGI starts and shakes hands
    /// meanwhile, the keys live), or back to a person with `None`; the message line says
    /// so, in the log too, once it is done.
    pub(super) fn set_player(&mut self, name: Option<&BotSpec>, side: Option<Side>) {
        let game = self.table.game();
        let sides: Vec<Side> = match (side, name) {
            (Some(side), _) => vec![side],
            (None, Some(_)) => vec![game.to_act().unwrap_or(game.turn())],
            // The sides people played from the start (the opponent `--vs` named keeps
            // its side); both when bots played both.
            (None, None) => {
                let people: Vec<Side> = [Side::White, Side::Black]
                    .into_iter()
                    .filter(|s| self.table.seats().person_first(*s))
                    .collect();
                if people.is_empty() {
                    vec![Side::White, Side::Black]
                } else {
                    people
                }
            }
        };
        // The person decides now: the command line's engines not started yet are not.
        if let Some(name) = name {
            self.questions.seat_in_turn(vec![(name.clone(), sides)]);
            self.make_next_bot();
            return;
        }
        self.questions.seat_in_turn(Vec::new());
        // Bots still being made are no longer waited for.
        self.questions.making_bots(None);
        let said = match sides.as_slice() {
            [side] => format!("{} is played by a person now", self.words().name(*side)),
            _ => "people play both sides".to_string(),
        };
        for side in sides {
            self.table.seat(side, Player::Human, None);
        }
        self.status.say(said);
        self.players_changed();
        self.status.note_message();
    }

    /// Asks the runtime to make the next bot still to be seated, if any (see
    /// [`Questions::seat_in_turn`]: an engine of the command line, or `:bot`'s), for its
    /// sides on a worker (an engine over UBGI said to be starting, and q or Ctrl-C end the
    /// wait); [`App::bots_made`] seats them.
    ///
    /// [`Questions::seat_in_turn`]: super::questions::Questions::seat_in_turn
    pub(super) fn make_next_bot(&mut self) {
        let Some((name, sides)) = self.questions.next_to_seat() else {
            return;
        };
        if let (BotSpec::Ubgi(_), Some(&first)) = (&name, sides.first()) {
            let whom = match sides.len() {
                1 => self.words().name(first).to_string(),
                _ => "both sides".to_string(),
            };
            self.status.say(format!(
                "starting the engine {} for {whom}… (q or Ctrl-C quits)",
                bg_tui::printable::printable(&name.to_string(), 40),
            ));
        }
        let sides = sides
            .into_iter()
            .map(|side| (side, side_seed(self.seed, side)))
            .collect();
        let id = self.questions.new_id();
        self.questions.making_bots(Some(id));
        let request = BotRequest {
            id,
            name,
            sides,
            rule_set: self.options.rules.rule_set,
        };
        let job = Job::of("seat", id, request)
            .wanted_while(self.questions.still_making(id))
            .if_not_started(move |why| Msg::BotsNotMade(id, why));
        self.outbox.start(job);
    }

    /// The bots the runtime made for `:bot NAME`: each seated at its side, up to one that
    /// could not be made (the message says why); the message line says it in the log too.
    pub(super) fn bots_made(&mut self, made: MadeBots) -> bool {
        if self.questions.making() != Some(made.id) {
            // Asked for before a later `:bot` or `:human`: dropped (an engine is ended).
            return false;
        }
        self.questions.making_bots(None);
        for (side, bot) in made.made {
            match bot {
                Ok(bot) => {
                    self.table
                        .seat(side, Player::Bot(made.name.clone()), Some(bot));
                    self.status.say(format!(
                        "{} is played by {}",
                        self.words().name(side),
                        made.name
                    ));
                }
                Err(e) => {
                    self.status.say(e.to_string());
                    self.status.note_message();
                    self.make_next_bot();
                    return true;
                }
            }
        }
        self.players_changed();
        self.status.note_message();
        self.make_next_bot();
        true
    }

    /// A question to a bot that no longer plays is dropped, and so is a decision the tutor
    /// held back; the checker moves of the turn are taken back.
    fn players_changed(&mut self) {
        self.tutor.forget();
        self.questions.drop_questions();
        self.table.undo_turn();
    }
}
