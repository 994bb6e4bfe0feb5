//! The game host: what plays a match, below the terminal game and the command line, which
//! both drive it (the terminal game through its table, `bot-match` through the arena).
//!
//! A [`Host`] owns the match being played, its record (when it is recorded) and the dice,
//! and governs its turns: [`Host::pending`] says whose decision is next and what is asked,
//! [`Host::ask`] asks a bot through the one decision table of every bot
//! ([`crate::bot::decide`]), and [`Host::carry_out`] carries out a decision, a person's or a
//! bot's alike: the dice of a roll drawn by the host, the action recorded with the match so
//! that the two never part. It seats the players (people, bots, engines: [`seats`], the one
//! place who plays a side is kept, the record naming them from there: [`Host::seat`]), runs
//! their clocks and says time-outs ([`clocks`], [`Host::run_clocks`]), hands a side whose
//! time ran out to the computer ([`Host::take_over`]) and saves the match as it goes
//! ([`saving`]: the autosave journal, `s`, the finished match kept, the match saved
//! elsewhere when the disk is full), one save at a time and in order, on whatever thread its
//! caller runs a [`saving::SaveJob`]. A match saved before is taken up again by
//! [`Host::resume`].
//!
//! The unfinished match in the autosave, found when a new game starts, and the question
//! about it: [`unfinished`]. Saving, resuming and the autosave's claim are the host's and
//! so the library's, whichever features are on: a front end of a crate user's saves as the
//! terminal game does.

use crate::bot::{self, Bot, BotError, Decision, Question, ResignOffers};
use crate::clock::{ClockKind, ClockState};
use crate::engine::{
    Action, Dice, GameSetup, MatchError, MatchState, Phase, SetupError, Side, roll_die,
};
use crate::record::{Record, Recorder};
use clocks::Timing;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use saving::{SaveDone, SaveJob, SaveRequest, Saved, Saving};
use seats::{Player, Seats, SharedBot};

/// The decision the match waits for: what is asked, and whose decision it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// What is asked.
    pub question: Question,
    /// Who decides it.
    pub by: Decider,
}

/// Who decides the question a match waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    /// Nobody's decision: the opening roll, the next game.
    Nobody,
    /// The person playing this side.
    Person(Side),
    /// The bot at work at this side (its player's, or one that took the side over).
    Bot(Side),
}

impl Pending {
    /// The side whose decision it is (`None`: nobody's).
    #[must_use]
    pub const fn side(&self) -> Option<Side> {
        match self.by {
            Decider::Nobody => None,
            Decider::Person(side) | Decider::Bot(side) => Some(side),
        }
    }
}

/// Why the computer could not take a side over.
#[derive(Debug, thiserror::Error)]
pub enum TakeOverError {
    /// The take-over bot could not be made.
    #[error(transparent)]
    Bot(#[from] crate::bot::BotError),
    /// The rules refuse the take-over.
    #[error(transparent)]
    Match(#[from] MatchError),
}

pub mod arena;
pub mod clocks;
pub mod resume;
pub mod saving;
pub mod seats;
#[cfg(test)]
mod tests;
pub mod unfinished;

/// How a [`Host`] records the match: into a [`Recorder`], into one when there is one
/// (`Option<Recorder>`), or not at all (`()`).
pub trait Recording {
    /// Makes `action` in `m`, recording it.
    ///
    /// # Errors
    /// [`MatchError`] when the rules refuse it (nothing changes).
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError>;
    /// Ends the money session in `m`.
    ///
    /// # Errors
    /// [`MatchError`] when it cannot end now.
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError>;
    /// Starts the next game of `m`.
    ///
    /// # Errors
    /// [`MatchError`] when the game is not over or the match is.
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError>;
    /// Sets the game of `m` up at `setup`.
    ///
    /// # Errors
    /// [`SetupError`] when the setup is not a game of the match.
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError>;
}

impl Recording for Recorder {
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        Recorder::apply(self, m, action)
    }
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        Recorder::stop(self, m)
    }
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        Recorder::next_game(self, m)
    }
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        Recorder::set_up(self, m, setup)
    }
}

impl Recording for () {
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        m.apply(action)
    }
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.stop()
    }
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.next_game()
    }
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        m.set_up(setup)
    }
}

impl<R: Recording> Recording for Option<R> {
    fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        match self {
            Some(r) => r.apply(m, action),
            None => m.apply(action),
        }
    }
    fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        match self {
            Some(r) => r.stop(m),
            None => m.stop(),
        }
    }
    fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        match self {
            Some(r) => r.next_game(m),
            None => m.next_game(),
        }
    }
    fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        match self {
            Some(r) => r.set_up(m, setup),
            None => m.set_up(setup),
        }
    }
}

/// A match being played: the match, how it is recorded ([`Recording`]: by default a
/// [`Recorder`]), the dice, the offers to resign the bots have made this game (a bot offers
/// once a game), who sits at each side, the clocks, and its saving.
#[derive(Debug)]
pub struct Host<R = Recorder> {
    match_state: MatchState,
    recorder: R,
    rng: ChaCha8Rng,
    offers: ResignOffers,
    seed: Option<u64>,
    seats: Seats,
    clocks: Timing,
    saving: Saving,
}

impl Host<Recorder> {
    /// The record so far.
    #[must_use]
    pub fn record(&self) -> &Record {
        self.recorder.as_record()
    }

    /// Seats `player` at `side` from now on, `bot` at work for it (made with
    /// [`seats::side_seed`]; `None` for a person), and names who plays it now in the
    /// record ([`Seats::info`]): the seats are the one place who plays a side is kept.
    pub fn seat(&mut self, side: Side, player: Player, bot: Option<SharedBot>) {
        self.seats.place(side, player, bot);
        self.recorder.set_player(side, self.seats.info(side));
    }

    /// Makes the bot `player` names for `side` (seeded with [`seats::side_seed`] of the
    /// host's seed, for the match's rule set) and seats it ([`Host::seat`]); a person is
    /// seated at once.
    ///
    /// # Errors
    /// [`BotError`] when the bot cannot be made (nothing changes).
    pub fn seat_player(&mut self, side: Side, player: Player) -> Result<(), BotError> {
        let bot = match &player {
            Player::Human => None,
            Player::Bot(spec) => {
                let seed = seats::side_seed(self.seed.unwrap_or_default(), side);
                let made = spec.make_for(seed, self.match_state.rules().rule_set)?;
                Some(std::sync::Arc::new(std::sync::Mutex::new(made)) as SharedBot)
            }
        };
        self.seat(side, player, bot);
        Ok(())
    }

    /// A bot that went wrong (an engine over UBGI that died): its side goes back to a
    /// person. Returns the side and why.
    pub fn unseat_trouble(&mut self) -> Option<(Side, String)> {
        let (side, why) = self.seats.trouble()?;
        self.seat(side, Player::Human, None);
        Some((side, why))
    }

    /// Marks the match as to be saved though the record's count did not change (a
    /// set-up start).
    pub fn mark_unsaved(&mut self) {
        self.saving.mark_unsaved();
    }

    /// Whether the autosave is due now ([`Saving::due`]): the record gained something
    /// since the last one (returned first), or the match is over and not kept yet.
    pub fn autosave_due(&mut self) -> (bool, bool) {
        let (recorded, over) = (self.recorded(), self.match_state.is_over());
        self.saving.due(recorded, over)
    }

    /// The user declined to save the match elsewhere ([`Saving::decline`]).
    pub fn decline_saving(&mut self) {
        self.saving.decline();
    }

    /// The writer of the match's files, when no save is out ([`Saving::writer_mut`]).
    pub fn save_writer(&mut self) -> Option<&mut saving::SaveWriter> {
        self.saving.writer_mut()
    }

    /// Starts the clocks of the record (a new match's, or the reserves after the last
    /// action of the record resumed; a new game starts full); returns their kind (`None`:
    /// no clocks).
    pub fn start_clocks(&mut self) -> Option<ClockKind> {
        let Some(clock) = &self.recorder.as_record().clock else {
            self.clocks.start(None);
            return None;
        };
        let full = u64::try_from(clock.kind.reserve().as_millis()).unwrap_or(u64::MAX);
        let game = self.match_state.game_number().max(1) - 1;
        let reserve_ms = clock
            .reserves_ms
            .get(game)
            .and_then(|g| g.last())
            .copied()
            .unwrap_or([full, full]);
        let kind = clock.kind;
        self.clocks.start(Some(ClockState { kind, reserve_ms }));
        Some(kind)
    }

    /// Notes the clocks' reserves (in milliseconds) after each new action in the record.
    pub fn note_clock_readings(&mut self) {
        let Some(reading) = self.clocks.reserves_ms() else {
            return;
        };
        let actions: Vec<usize> = self
            .record()
            .games
            .iter()
            .map(|g| g.actions.len())
            .collect();
        // Nothing new to note: the record is left alone (a save may be reading it).
        let noted = self.record().clock.as_ref().is_none_or(|clock| {
            clock.reserves_ms.len() == actions.len()
                && clock
                    .reserves_ms
                    .iter()
                    .zip(&actions)
                    .all(|(r, &n)| r.len() == n)
        });
        if noted {
            return;
        }
        if let Some(record) = self.recorder.clock_mut() {
            record.reserves_ms.resize(actions.len(), Vec::new());
            for (readings, &n) in record.reserves_ms.iter_mut().zip(&actions) {
                readings.resize(n, reading);
            }
        }
    }

    /// How much the record holds ([`saving::recorded`]): it changes with every action,
    /// result, game and stop.
    #[must_use]
    pub fn recorded(&self) -> usize {
        saving::recorded(self.record())
    }

    /// Asks for a save; it is made in order after those asked for before
    /// ([`Host::next_save`]).
    pub fn ask_save(&mut self, request: SaveRequest) {
        self.saving.ask(request);
    }

    /// The next save to make, with the one writer of the match's files, if one is asked
    /// for and none is being made: run it ([`SaveJob::run`], on any thread) and hand what
    /// it returns to [`Host::save_done`].
    pub fn next_save(&mut self) -> Option<SaveJob> {
        let over = self.match_state.is_over();
        self.saving.next(&self.recorder, over)
    }

    /// A save was made: the writer is back; returns how it went.
    pub fn save_done(&mut self, done: SaveDone) -> Saved {
        self.saving.done(done)
    }

    /// Makes every save asked for, in order, on this thread (none may be out); returns how
    /// each went.
    pub fn make_saves(&mut self) -> Vec<Saved> {
        let over = self.match_state.is_over();
        self.saving.make_waiting(&self.recorder, over)
    }

    /// The match is not safe on the disk (a full disk), and was not saved elsewhere.
    #[must_use]
    pub fn unsaved(&self) -> bool {
        self.saving.unsaved(self.recorded())
    }

    /// Before the game ends (no save out): see [`Saving::finish`]. Returns the line to say:
    /// where the match is, or why it is not saved.
    pub fn finish_saving(&mut self) -> String {
        let over = self.match_state.is_over();
        self.saving.finish(&self.recorder, over)
    }

    /// A save out that does not come back (a disk that does not answer): the match saved
    /// elsewhere without it ([`Saving::rescue_stuck`], `over`: the match is over, `wait`:
    /// how long each folder is given). Returns the file written.
    ///
    /// # Errors
    /// When no rescue folder took it within `wait`.
    pub fn rescue_stuck(
        &mut self,
        over: bool,
        wait: std::time::Duration,
    ) -> Result<std::path::PathBuf, saving::RescueError> {
        self.saving.rescue_stuck(&self.recorder, over, wait)
    }

    /// Where the match is, or why it is not saved ([`Saving::farewell`]).
    #[must_use]
    pub fn farewell(&self) -> String {
        self.saving
            .farewell(self.recorded(), self.match_state.is_over())
    }
}

impl<R: Recording> Host<R> {
    /// The host of `match_state`, recorded by `recorder`, rolling with `rng`; nobody seated
    /// (people at both sides), no clocks, not saved.
    #[must_use]
    pub fn new(match_state: MatchState, recorder: R, rng: ChaCha8Rng) -> Host<R> {
        Host {
            match_state,
            recorder,
            rng,
            offers: ResignOffers::new(),
            seed: None,
            seats: Seats::default(),
            clocks: Timing::default(),
            saving: Saving::off(),
        }
    }

    /// The host of `match_state`, recorded by `recorder`, rolling with dice drawn from
    /// `seed` (the same seed, the same dice); nobody seated, no clocks, not saved.
    #[must_use]
    pub fn seeded(match_state: MatchState, recorder: R, seed: u64) -> Host<R> {
        let mut host = Host::new(match_state, recorder, ChaCha8Rng::seed_from_u64(seed));
        host.seed = Some(seed);
        host
    }

    /// The seed of the dice, if the host was made with one ([`Host::seeded`]).
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Seats `seats` at the table.
    #[must_use]
    pub fn with_seats(mut self, seats: Seats) -> Host<R> {
        self.seats = seats;
        self
    }

    /// Saves the match as `saving` says.
    #[must_use]
    pub fn with_saving(mut self, saving: Saving) -> Host<R> {
        self.saving = saving;
        self
    }

    /// Who sits where.
    #[must_use]
    pub const fn seats(&self) -> &Seats {
        &self.seats
    }

    /// The clocks.
    #[must_use]
    pub const fn clocks(&self) -> &Timing {
        &self.clocks
    }

    /// The saving of the match.
    #[must_use]
    pub const fn saving(&self) -> &Saving {
        &self.saving
    }

    /// The match.
    #[must_use]
    pub const fn state(&self) -> &MatchState {
        &self.match_state
    }

    /// The recorder.
    #[must_use]
    pub const fn recorder(&self) -> &R {
        &self.recorder
    }

    /// Reads the clocks' time from `time` from now on (a test's clock).
    pub fn set_time_source(&mut self, time: Box<dyn crate::clock::TimeSource>) {
        self.clocks.set_time_source(time);
    }

    /// Runs the clock of the side to act; the others stand (none between games, nor
    /// before the opening roll). Returns the sides whose time has run out since this was
    /// last asked ([`Host::time_outs`]).
    pub fn run_clocks(&mut self) -> Vec<Side> {
        let game = self.match_state.game();
        let side = match game.phase() {
            _ if game.result().is_some() => None,
            Phase::Opening | Phase::Over(_) => None,
            _ => game.to_act(),
        };
        self.clocks.run(side);
        self.time_outs()
    }

    /// The sides whose time has run out, not taken over and not said before (each said
    /// once a game).
    pub fn time_outs(&mut self) -> Vec<Side> {
        let out = self.clocks.out();
        [Side::White, Side::Black]
            .into_iter()
            .filter(|&side| {
                out[side.index()]
                    && !self.match_state.game().is_taken_over(side)
                    && self.clocks.note_out(side)
            })
            .collect()
    }

    /// The computer plays `side` for the rest of the game (its time is out): the
    /// take-over bot made ([`bot::take_over_bot`], seeded with [`seats::side_seed`]), the
    /// match told ([`Action::TakeOver`], recorded: a game this side now wins scores
    /// nothing), and the bot seated while the game goes on. Returns the bot's name.
    ///
    /// # Errors
    /// [`TakeOverError`] when the bot cannot be made or the rules refuse the take-over
    /// (nothing changes).
    pub fn take_over(&mut self, side: Side) -> Result<String, TakeOverError> {
        let variant = self.match_state.game().variant();
        let seed = seats::side_seed(self.seed.unwrap_or_default(), side);
        let made = bot::take_over_bot(variant, seed)?;
        let name = made.name().to_string();
        self.apply(Action::TakeOver(side))?;
        if self.match_state.game().is_taken_over(side) {
            self.seats
                .seat_stand_in(side, std::sync::Arc::new(std::sync::Mutex::new(made)));
        }
        Ok(name)
    }

    /// The sides of the game in progress that the computer took over (a match taken up
    /// again) get their take-over bots back.
    pub fn seat_taken_over(&mut self) {
        let variant = self.match_state.game().variant();
        let seed = self.seed.unwrap_or_default();
        for side in [Side::White, Side::Black] {
            if bot::taken_over(&self.match_state, side)
                && !self.seats.has_bot(side)
                && let Ok(made) = bot::take_over_bot(variant, seats::side_seed(seed, side))
            {
                self.seats
                    .seat_stand_in(side, std::sync::Arc::new(std::sync::Mutex::new(made)));
            }
        }
    }

    /// A new game at the table: sides the computer took over go back to their people,
    /// the clocks are full again, no bot has offered to resign.
    fn new_game_at_table(&mut self) {
        self.seats.send_stand_ins_away();
        self.clocks.reset();
        self.offers = ResignOffers::new();
    }

    /// The bot that bears off for people, made the first time (the strongest for the
    /// game's variant, seeded with the host's seed).
    pub fn finisher(&mut self) -> Option<SharedBot> {
        let variant = self.match_state.game().variant();
        let seed = self.seed.unwrap_or_default();
        self.seats.finisher(|| {
            let made = bot::strongest_for(variant).make(seed).ok()?;
            Some(std::sync::Arc::new(std::sync::Mutex::new(made)) as SharedBot)
        })
    }

    /// The match and its recorder.
    #[must_use]
    pub fn into_parts(self) -> (MatchState, R) {
        (self.match_state, self.recorder)
    }

    /// Makes `action` in the match and records it.
    ///
    /// # Errors
    /// [`MatchError`] when the rules refuse it (nothing changes).
    pub fn apply(&mut self, action: Action) -> Result<(), MatchError> {
        self.recorder.apply(&mut self.match_state, action)
    }

    /// Ends the money session.
    ///
    /// # Errors
    /// [`MatchError`] when it cannot end now.
    pub fn stop(&mut self) -> Result<(), MatchError> {
        self.recorder.stop(&mut self.match_state)
    }

    /// Starts the next game.
    ///
    /// # Errors
    /// [`MatchError`] when the game is not over or the match is.
    pub fn next_game(&mut self) -> Result<(), MatchError> {
        self.recorder.next_game(&mut self.match_state)?;
        self.new_game_at_table();
        Ok(())
    }

    /// Sets the game up at `setup` (recorded as its start); no bot has offered to resign.
    ///
    /// # Errors
    /// [`SetupError`] when the setup is not a game of the match.
    pub fn set_up(&mut self, setup: &GameSetup) -> Result<(), SetupError> {
        let was_over = self.match_state.game().result().is_some();
        self.recorder.set_up(&mut self.match_state, setup)?;
        self.offers = ResignOffers::new();
        // The record changed (its start) even where its count of actions did not.
        self.saving.mark_unsaved();
        if was_over {
            self.new_game_at_table();
        }
        Ok(())
    }
    /// Rolls the dice.
    pub fn roll(&mut self) -> Dice {
        Dice::roll(&mut self.rng)
    }

    /// Rolls one die.
    pub fn roll_die(&mut self) -> u8 {
        roll_die(&mut self.rng)
    }

    /// Whether the bot playing `side` may still offer to resign this game.
    #[must_use]
    pub fn may_resign(&self, side: Side) -> bool {
        self.offers.may_offer(&self.match_state, side)
    }

    /// The decision the match waits for and whose it is, by the seats (a host without
    /// seats, such as the arena's, has people at both: its caller holds the bots);
    /// `None` once the match is over.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        let question = Question::of(&self.match_state)?;
        let by = match question.side() {
            None => Decider::Nobody,
            Some(side) if self.seats.has_bot(side) => Decider::Bot(side),
            Some(side) => Decider::Person(side),
        };
        Some(Pending { question, by })
    }

    /// Asks `bot` the decision the match waits for ([`bot::decide`]).
    #[must_use]
    pub fn ask(&self, bot: &mut dyn Bot) -> Decision {
        let side = self.match_state.game().to_act();
        let may_resign = side.is_some_and(|side| self.may_resign(side));
        bot::decide(bot, &self.match_state, may_resign)
    }

    /// Notes `action`, about to be applied: a side offers to resign once a game.
    fn note_decision(&mut self, action: &Action) {
        self.offers.note(&self.match_state, action);
    }

    /// The action for `decision`: the dice of a roll drawn now. `None` for the next game,
    /// which is no action.
    fn action_for(&mut self, decision: Decision) -> Option<Action> {
        match decision {
            Decision::Roll if self.match_state.game().phase() == Phase::Opening => {
                let white = self.roll_die();
                let black = self.roll_die();
                Some(Action::OpeningRoll { white, black })
            }
            Decision::Roll => Some(Action::Roll(self.roll())),
            Decision::NextGame => None,
            Decision::Act(action) => Some(action),
        }
    }

    /// Carries out `decision`, a person's or a bot's alike (the one road every decision
    /// takes: the terminal game's, the arena's, the tests'): the dice of a roll drawn, the
    /// action noted (a side offers to resign once a game), applied and recorded, or the
    /// next game started. Returns the action (`None` for the next game).
    ///
    /// # Errors
    /// [`MatchError`] when the rules refuse the action (a person's mistake, or a bug in a
    /// bot): nothing changes.
    pub fn carry_out(&mut self, decision: Decision) -> Result<Option<Action>, MatchError> {
        let Some(action) = self.action_for(decision) else {
            self.next_game()?;
            return Ok(None);
        };
        self.note_decision(&action);
        self.apply(action)?;
        Ok(Some(action))
    }
}
