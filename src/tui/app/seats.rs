//! The seats at the table: the bot playing each side, the question a bot is answering,
//! the bot's play being shown a checker at a time, the bot that bears off for people, the
//! person's side against a bot, and the ids of the questions asked of worker threads. This
//! part is the only writer of them.

use crate::tui::bots::SharedBot;
use bg_tui::engine::{Play, Side};

/// Who sits where, and what the bots are doing.
pub(super) struct Seats {
    /// The bot playing each side, if any.
    bots: [Option<SharedBot>; 2],
    /// The id of the question a bot is answering.
    pending: Option<u64>,
    /// The id of the last question asked of a worker thread.
    next_id: u64,
    /// A bot's play being shown one checker move at a time: (question id, play, moves shown).
    showing: Option<(u64, Play, usize)>,
    /// The bot that bears off for people (`o`): the strongest.
    finisher: Option<SharedBot>,
    /// The side of the one person against a bot when the game was set up: the board stays
    /// on that side, even while the person lets the computer play it.
    seat: Option<Side>,
    /// The id of the bots being made for `:bot NAME` (on a worker thread).
    making: Option<u64>,
    /// A bot's worker could not start: no bot is asked until the next key.
    stalled: bool,
    /// Bots played both sides from the start: nobody sits at the table, so a match goes
    /// on from game to game by itself. A person who hands a side to a bot later still
    /// starts each next game.
    watching: bool,
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seats")
            .field("bots", &self.bots.each_ref().map(Option::is_some))
            .field("pending", &self.pending)
            .field("showing", &self.showing)
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
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

impl Seats {
    /// `bots` at the sides, the person at `seat` (one person against a bot).
    pub(super) const fn new(bots: [Option<SharedBot>; 2], seat: Option<Side>) -> Seats {
        let watching = bots[0].is_some() && bots[1].is_some();
        Seats {
            watching,
            bots,
            pending: None,
            next_id: 0,
            showing: None,
            finisher: None,
            seat,
            making: None,
            stalled: false,
        }
    }

    /// The bot playing `side`, if any.
    pub(super) fn bot(&self, side: Side) -> Option<SharedBot> {
        self.bots[side.index()].clone()
    }

    /// A bot plays `side`.
    pub(super) const fn has_bot(&self, side: Side) -> bool {
        self.bots[side.index()].is_some()
    }

    /// Bots play both sides.
    pub(super) fn both_bots(&self) -> bool {
        self.bots.iter().all(Option::is_some)
    }

    /// Bots played both sides from the start (nobody sits at the table): the match goes
    /// from game to game by itself.
    pub(super) const fn watching(&self) -> bool {
        self.watching
    }

    /// Seats `bot` at `side` (`None`: a person plays it).
    pub(super) fn seat_bot(&mut self, side: Side, bot: Option<SharedBot>) {
        self.bots[side.index()] = bot;
    }

    /// The bots that have got into trouble (an engine that died): the side and why.
    pub(super) fn trouble(&self) -> Option<(Side, String)> {
        [Side::White, Side::Black].into_iter().find_map(|side| {
            self.bots[side.index()]
                .as_ref()
                .and_then(|bot| {
                    bot.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .trouble()
                })
                .map(|why| (side, why))
        })
    }

    /// Bots are being made for `:bot NAME` (the request's id) or no longer are (`None`):
    /// nothing moves on by itself meanwhile.
    pub(super) const fn making_bots(&mut self, making: Option<u64>) {
        self.making = making;
    }

    /// The id of the bots being made for `:bot NAME`, if any.
    pub(super) const fn making(&self) -> Option<u64> {
        self.making
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

    /// The person's side against a bot, as the game was set up.
    pub(super) const fn seat(&self) -> Option<Side> {
        self.seat
    }

    /// A bot is answering, or its play is being shown.
    pub(super) const fn busy(&self) -> bool {
        self.pending.is_some() || self.showing.is_some()
    }

    /// The id of the question a bot is answering, if any.
    pub(super) const fn pending(&self) -> Option<u64> {
        self.pending
    }

    /// A fresh id for a question to a worker thread (a hint, a rollout, the tutor).
    pub(super) const fn new_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// A bot is asked: the id of its question, which it is now answering.
    pub(super) const fn ask(&mut self) -> u64 {
        self.next_id += 1;
        self.pending = Some(self.next_id);
        self.next_id
    }

    /// The answer to question `id` came: whether it was the question pending (which it no
    /// longer is).
    pub(super) fn answered(&mut self, id: u64) -> bool {
        if self.pending != Some(id) {
            return false;
        }
        self.pending = None;
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
    pub(super) const fn drop_questions(&mut self) {
        self.pending = None;
        self.showing = None;
    }

    /// The bot that bears off for people, made by `make` the first time.
    pub(super) fn finisher(
        &mut self,
        make: impl FnOnce() -> Option<SharedBot>,
    ) -> Option<SharedBot> {
        if self.finisher.is_none() {
            self.finisher = Some(make()?);
        }
        self.finisher.clone()
    }
}
