//! The terminal's questions to its bots: the id of the question a bot is answering, the
//! bot's play being shown a checker at a time, the ids of the questions asked of worker
//! threads, the bots being made for `:bot`, and whether asking is stalled. Who sits at each
//! side is the host's ([`bg_tui::host::seats`]). This part is the only writer of them.

use crate::tui::job::Asking;
use bg_tui::bot::BotSpec;
use bg_tui::engine::{Play, Side};

/// What the bots are being asked, and the ids of the worker threads' questions.
#[derive(Debug, Default)]
pub(super) struct Questions {
    /// The id of the question a bot is answering.
    pending: Asking,
    /// The id of the last question asked of a worker thread.
    next_id: u64,
    /// A bot's play being shown one checker move at a time: (question id, play, moves shown).
    showing: Option<(u64, Play, usize)>,
    /// The id of the bots being made for `:bot NAME` (on a worker thread).
    making: Asking,
    /// A bot's worker could not start: no bot is asked until the next key.
    stalled: bool,
    /// The bots still to be made, each with its sides, the next last: the engines over
    /// UBGI of the command line, one at a time, each once the one before has come back;
    /// or the one `:bot` asks for.
    to_seat: Vec<(BotSpec, Vec<Side>)>,
}

/// A checker move of a bot's play to show.
pub(super) struct Step {
    /// The play.
    play: Play,
    /// Which of its moves to show (from 0).
    index: usize,
    /// It is the last: the play is made now.
    last: bool,
}

impl Step {
    /// The play.
    pub(super) const fn play(&self) -> Play {
        self.play
    }

    /// The checker move to show, if the play has it.
    pub(super) fn shown(&self) -> Option<bg_tui::engine::Step> {
        self.play.steps().get(self.index).copied()
    }

    /// It is the last: the play is made now.
    pub(super) const fn is_last(&self) -> bool {
        self.last
    }
}

impl Questions {
    /// The bots to make from now on, each with its sides, the first first: in place of
    /// those not made yet (a person's `:bot` or `:human` decides now).
    pub(super) fn seat_in_turn(&mut self, mut bots: Vec<(BotSpec, Vec<Side>)>) {
        bots.reverse();
        self.to_seat = bots;
    }

    /// The next bot to make, with its sides, if any is left.
    pub(super) fn next_to_seat(&mut self) -> Option<(BotSpec, Vec<Side>)> {
        self.to_seat.pop()
    }

    /// Bots are being made for `:bot NAME` (the request's id) or no longer are (`None`):
    /// nothing moves on by itself meanwhile.
    pub(super) fn making_bots(&mut self, making: Option<u64>) {
        self.making.set(making);
    }

    /// The id of the bots being made for `:bot NAME`, if any.
    pub(super) fn making(&self) -> Option<u64> {
        self.making.get()
    }

    /// A bot's worker could not start (`true`): no bot is asked until the next key; or a
    /// key came (`false`).
    pub(super) const fn stall(&mut self, stalled: bool) {
        self.stalled = stalled;
    }

    /// No bot is asked now (its worker could not start).
    pub(super) const fn stalled(&self) -> bool {
        self.stalled
    }

    /// A bot is answering, or its play is being shown.
    pub(super) fn busy(&self) -> bool {
        self.pending.get().is_some() || self.showing.is_some()
    }

    /// The id of the question a bot is answering, if any.
    pub(super) fn pending(&self) -> Option<u64> {
        self.pending.get()
    }

    /// Whether the bot's question `id` is still the one pending (for its job).
    pub(super) fn still_pending(&self, id: u64) -> impl Fn() -> bool + Send + 'static {
        self.pending.still(id)
    }

    /// Whether the bots of request `id` are still the ones being made (for its job).
    pub(super) fn still_making(&self, id: u64) -> impl Fn() -> bool + Send + 'static {
        self.making.still(id)
    }

    /// No thread could start for the bot's question `id`, for `why`: unless it was
    /// answered already, asking stalls until the next key (asking again at once would fail
    /// again, and again), and this is the line to say.
    pub(super) fn bot_not_started(&mut self, id: u64, why: &str) -> Option<String> {
        if !self.answered(id) {
            return None;
        }
        self.stall(true);
        Some(format!(
            "the bot waits: a thread could not start ({why}); any key asks it again"
        ))
    }

    /// No thread could start to make the bots of request `id`, for `why`: unless a later
    /// request replaced it, none are being made now, and this is the line to say.
    pub(super) fn bots_not_started(&mut self, id: u64, why: &str) -> Option<String> {
        if self.making() != Some(id) {
            return None;
        }
        self.making_bots(None);
        Some(format!("no bot: a thread could not start ({why})"))
    }

    /// A fresh id for a question to a worker thread (a hint, a rollout, the tutor).
    pub(super) const fn new_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// A bot is asked: the id of its question, which it is now answering.
    pub(super) fn ask(&mut self) -> u64 {
        self.next_id += 1;
        self.pending.set(Some(self.next_id));
        self.next_id
    }

    /// The answer to question `id` came: whether it was the question pending (which it no
    /// longer is).
    pub(super) fn answered(&mut self, id: u64) -> bool {
        if !self.pending.is(id) {
            return false;
        }
        self.pending.set(None);
        true
    }

    /// The bot's `play` (the answer to `id`) is shown a checker move at a time.
    pub(super) fn show(&mut self, id: u64, play: Play) {
        self.showing = Some((id, play, 0));
    }

    /// The bot's play being shown, if any.
    pub(super) fn shown_play(&self) -> Option<&Play> {
        self.showing.as_ref().map(|(_, play, _)| play)
    }

    /// The next checker move of the play shown for question `id`; after the last, the play
    /// is no longer shown.
    pub(super) fn tick(&mut self, id: u64) -> Option<Step> {
        let (shown_id, play, done) = self.showing?;
        if shown_id != id {
            return None;
        }
        let last = done + 1 >= play.steps().len();
        self.showing = if last {
            None
        } else {
            Some((id, play, done + 1))
        };
        Some(Step {
            play,
            index: done,
            last,
        })
    }

    /// Drops the question a bot is answering and the play being shown.
    pub(super) fn drop_questions(&mut self) {
        self.pending.set(None);
        self.showing = None;
    }
}
