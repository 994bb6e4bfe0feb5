//! The table part: the match's [`Host`] (the match, its record, the dice, the bots' offers
//! to resign, the seats, the clocks, the saving), the turn being played checker by checker, and what the board marks of the
//! last play. It is the only path to the match: every action goes through the host here,
//! so the record and the match never part. This part is the only writer of them.

use crate::tui::model::LastMove;
use bg_tui::bot::Decision;
use bg_tui::clock::ClockKind;
use bg_tui::engine::{
    Action, Dice, DieStep, Game, GameSetup, MatchError, MatchState, Phase, RuleSet, SetupError,
    Side, TurnBuilder, TurnError,
};
use bg_tui::host::clocks::Timing;
#[cfg(test)]
use bg_tui::host::saving::SaveWriter;
use bg_tui::host::saving::{SaveDone, SaveJob, SaveRequest, Saved, Saving};
use bg_tui::host::seats::{Player, Seats, SharedBot, side_seed};
use bg_tui::host::{Host, TakeOverError};
use bg_tui::record::{Record, RecordedAction};
use std::sync::{Arc, Mutex};

/// The match, its record, the turn in progress and the dice.
#[derive(Debug)]
pub(super) struct Table {
    /// The match being played, every action of it so far, the dice and the bots' offers to
    /// resign.
    host: Host,
    /// The turn being played checker by checker, while the game waits for a play.
    turn: Option<TurnBuilder>,
    /// The last play, as the status line shows it.
    last_play: String,
    /// The last play, marked on the board until the next roll.
    last_move: Option<LastMove>,
}

impl Table {
    /// The table of `host`.
    pub(super) const fn new(host: Host) -> Table {
        Table {
            host,
            turn: None,
            last_play: String::new(),
            last_move: None,
        }
    }

    /// The host of the match.
    pub(super) const fn host(&self) -> &Host {
        &self.host
    }

    /// Who sits at each side.
    pub(super) const fn seats(&self) -> &Seats {
        self.host.seats()
    }

    /// The clocks.
    pub(super) const fn clocks(&self) -> &Timing {
        self.host.clocks()
    }

    /// The saving of the match.
    pub(super) const fn saving(&self) -> &Saving {
        self.host.saving()
    }

    /// The match.
    pub(super) const fn state(&self) -> &MatchState {
        self.host.state()
    }

    /// The game in progress.
    pub(super) fn game(&self) -> &Game {
        self.host.state().game()
    }

    /// The record of the match so far.
    pub(super) fn record(&self) -> &Record {
        self.host.record()
    }

    /// Ends the money session.
    pub(super) fn stop(&mut self) -> Result<(), MatchError> {
        self.host.stop()
    }

    /// Sets the game up at `setup` (recorded as its start): no turn in progress, nothing of
    /// the last play marked, no bot has offered to resign.
    pub(super) fn set_up(&mut self, setup: &GameSetup) -> Result<(), SetupError> {
        self.host.set_up(setup)?;
        self.turn = None;
        self.forget_game();
        Ok(())
    }

    fn forget_game(&mut self) {
        self.last_play.clear();
        self.last_move = None;
    }

    /// Seats `player` at `side`, `bot` at work for it (`None`: a person); the record
    /// names who plays it now ([`Host::seat`]).
    pub(super) fn seat(&mut self, side: Side, player: Player, bot: Option<SharedBot>) {
        self.host.seat(side, player, bot);
    }

    /// A bot that went wrong goes back to a person: its side and why.
    pub(super) fn unseat_trouble(&mut self) -> Option<(Side, String)> {
        self.host.unseat_trouble()
    }

    /// The computer plays `side` for the rest of the game ([`Host::take_over`]): returns
    /// the bot's name.
    pub(super) fn take_over(&mut self, side: Side) -> Result<String, TakeOverError> {
        self.host.take_over(side)
    }

    /// Runs the clock of the side to act; returns the sides whose time has just run out
    /// ([`Host::run_clocks`]).
    pub(super) fn run_clocks(&mut self) -> Vec<Side> {
        self.host.run_clocks()
    }

    /// The sides whose time has just run out ([`Host::time_outs`]).
    pub(super) fn time_outs(&mut self) -> Vec<Side> {
        self.host.time_outs()
    }

    /// The bot that plays a person's roll now, if auto bear-off (`auto_bearoff`) applies:
    /// `side`'s turn to move, a person's, with no contact left and no checker moved yet
    /// ([`Host::finisher`]).
    pub(super) fn finisher_for(&mut self, side: Side, auto_bearoff: bool) -> Option<SharedBot> {
        let game = self.game();
        if !auto_bearoff
            || self.seats().has_bot(side)
            || !game.position().is_race()
            || !matches!(game.phase(), Phase::Moving(_))
            || self.turn().is_some_and(|t| !t.made().is_empty())
        {
            return None;
        }
        self.host.finisher()
    }

    /// `C` / `:flag`: the side whose time is out that the people at the table may hand to
    /// the computer: the side to act first, then the player on roll, then the other, not
    /// yet taken over, not a bot's, and not the one person's own against a bot (that is
    /// the bot's to claim, and it does at once). Refused with the reason.
    pub(super) fn side_to_claim(&self) -> Result<Side, &'static str> {
        let clocks = self.clocks();
        if !clocks.exist() {
            return Err("there are no clocks in this game (--clock)");
        }
        let is_out = clocks.out();
        let game = self.game();
        let seats = self.seats();
        let people = [Side::White, Side::Black].map(|side| seats.person_plays(side));
        // Against a bot, the one person's own side.
        let own = match people {
            [true, false] => Some(Side::White),
            [false, true] => Some(Side::Black),
            _ => None,
        };
        let out = |s: Side| is_out[s.index()] && !game.is_taken_over(s);
        let candidates = [
            game.to_act(),
            Some(game.turn()),
            Some(game.turn().opponent()),
        ];
        candidates
            .into_iter()
            .flatten()
            .find(|&s| out(s) && !seats.has_bot(s) && Some(s) != own)
            .ok_or(match own {
                Some(me) if out(me) => "your own time is out: that is for the computer to claim",
                _ => "no player's time is out",
            })
    }

    /// A person (not a bot) is to move checkers now.
    pub(super) fn person_moves(&self) -> bool {
        let game = self.game();
        matches!(game.phase(), Phase::Moving(_))
            && game
                .to_act()
                .is_some_and(|side| !self.seats().has_bot(side))
    }

    /// Nothing has been played in the match yet.
    pub(super) fn nothing_played(&self) -> bool {
        self.record().games.iter().all(|g| g.actions.is_empty())
    }

    /// Carries out `decision` ([`Host::carry_out`]): the one road for a person's and a
    /// bot's alike. Returns the action made (`None`: the next game started).
    pub(super) fn carry_out(&mut self, decision: Decision) -> Result<Option<Action>, MatchError> {
        let action = self.host.carry_out(decision)?;
        if action.is_none() {
            self.forget_game();
        }
        Ok(action)
    }

    /// Rolls the dice.
    pub(super) fn roll(&mut self) -> Dice {
        self.host.roll()
    }

    /// The turn being played checker by checker, if any.
    pub(super) const fn turn(&self) -> Option<&TurnBuilder> {
        self.turn.as_ref()
    }

    /// Starts or ends the turn in progress to match the game; returns whether a turn has
    /// just started.
    pub(super) fn follow_game(&mut self) -> bool {
        let game = self.host.state().game();
        let before = self.turn.is_some();
        self.turn = match (game.phase(), game.resignation()) {
            (Phase::Moving(dice), None) => match &self.turn {
                Some(t) if t.dice() == dice => self.turn.clone(),
                _ => TurnBuilder::for_game(game),
            },
            (Phase::Moving(_), Some(_)) => self.turn.clone(),
            _ => None,
        };
        !before && self.turn.is_some()
    }

    /// Takes back the last checker move of the turn; `None` when there is no turn, `Some`
    /// of what was taken back (`None`: nothing was made yet).
    pub(super) fn undo_move(&mut self) -> Option<Option<DieStep>> {
        self.turn.as_mut().map(TurnBuilder::undo)
    }

    /// Takes back every checker move of the turn.
    pub(super) fn undo_turn(&mut self) {
        if let Some(turn) = &mut self.turn {
            while turn.undo().is_some() {}
        }
    }

    /// Moves a checker along `path`; `None` when there is no turn.
    pub(super) fn follow(&mut self, path: &[DieStep]) -> Option<Result<(), TurnError>> {
        self.turn.as_mut().map(|t| t.follow(path))
    }

    /// Moves the checker on `from` by `die`; `None` when there is no turn.
    pub(super) fn move_by_die(
        &mut self,
        from: bg_tui::engine::Place,
        die: u8,
    ) -> Option<Result<DieStep, TurnError>> {
        self.turn.as_mut().map(|t| t.move_by_die(from, die))
    }

    /// Shows `step` of a bot's play on the board (the play itself is made through
    /// [`Table::carry_out`]).
    pub(super) fn show_step(&mut self, step: bg_tui::engine::Step) {
        if let Some(turn) = &mut self.turn {
            let next = turn.next_steps();
            if let Some(ds) = next.iter().find(|ds| ds.step == step) {
                let _ = turn.step(*ds);
            }
        }
    }

    /// The last play, as the status line shows it.
    pub(super) fn last_play(&self) -> &str {
        &self.last_play
    }

    /// The last play, marked on the board.
    pub(super) const fn last_move(&self) -> Option<&LastMove> {
        self.last_move.as_ref()
    }

    /// The play just made: `text` for the status line, `last_move` for the board.
    pub(super) fn played(&mut self, text: String, last_move: LastMove) {
        self.last_play = text;
        self.last_move = Some(last_move);
    }

    /// The last play as the status line shows it (a resumed match's).
    pub(super) fn set_last_play(&mut self, text: String) {
        self.last_play = text;
    }

    /// The dice were rolled: the last play is no longer marked.
    pub(super) fn unmark_last_move(&mut self) {
        self.last_move = None;
    }

    /// Whether the bot playing `side` may still offer to resign this game.
    pub(super) fn bot_may_resign(&self, side: Side) -> bool {
        self.host.may_resign(side)
    }
}

/// The saving and the clocks of the match, each governed by the host: the table only
/// passes the app's asks on.
impl Table {
    /// Asks for a save ([`Host::ask_save`]).
    pub(super) fn ask_save(&mut self, request: SaveRequest) {
        self.host.ask_save(request);
    }

    /// The next save to make, if one is asked for and none is out ([`Host::next_save`]).
    pub(super) fn next_save(&mut self) -> Option<SaveJob> {
        self.host.next_save()
    }

    /// A save was made ([`Host::save_done`]): returns how it went.
    pub(super) fn save_done(&mut self, done: SaveDone) -> Saved {
        self.host.save_done(done)
    }

    /// Whether the autosave is due now ([`Host::autosave_due`]).
    pub(super) fn autosave_due(&mut self) -> (bool, bool) {
        self.host.autosave_due()
    }

    /// The match is to be saved though its record's count did not change.
    pub(super) fn mark_unsaved(&mut self) {
        self.host.mark_unsaved();
    }

    /// The user declined to save the match elsewhere.
    pub(super) fn decline_saving(&mut self) {
        self.host.decline_saving();
    }

    /// Before the game ends ([`Host::finish_saving`]): the line to say.
    pub(super) fn finish_saving(&mut self) -> String {
        self.host.finish_saving()
    }

    /// A save out that does not come back: the match saved in the first other folder that
    /// takes it within `wait` ([`Host::rescue_stuck`]). Returns the line to print once the
    /// terminal is restored, and the record when no folder took it.
    pub(super) fn rescue_stuck(&mut self, wait: std::time::Duration) -> (String, Option<String>) {
        let out = self.saving().out_for().unwrap_or_default().as_secs();
        let over = self.state().is_over();
        let stuck = format!("a save did not come back (the disk has not answered for {out} s)");
        match self.host.rescue_stuck(over, wait) {
            Ok(path) => (
                format!(
                    "{stuck}: the match is saved as {} ({})",
                    path.display(),
                    bg_tui::host::saving::how_to_go_on(over)
                ),
                None,
            ),
            Err(why) => (
                format!(
                    "{stuck}, and no other folder took the match ({why}): its record is \
                     printed on standard output"
                ),
                Some(bg_tui::record::to_json(self.record())),
            ),
        }
    }

    /// The match's record, when it is not saved anywhere on the disk (not even in an
    /// autosave behind it): the last place it can go is the standard output.
    pub(super) fn unsaved_record(&self) -> Option<String> {
        (self.host.unsaved() && self.saving().status().current_journal.is_none())
            .then(|| bg_tui::record::to_json(self.record()))
    }

    #[cfg(test)]
    /// The writer of the match's files, when no save is out ([`Host::save_writer`]).
    pub(super) fn save_writer(&mut self) -> Option<&mut SaveWriter> {
        self.host.save_writer()
    }

    /// Starts the clocks of the record ([`Host::start_clocks`]): their kind.
    pub(super) fn start_clocks(&mut self) -> Option<ClockKind> {
        self.host.start_clocks()
    }

    /// Notes the clocks' reserves after each new action ([`Host::note_clock_readings`]).
    pub(super) fn note_clock_readings(&mut self) {
        self.host.note_clock_readings();
    }

    #[cfg(test)]
    /// Reads the clocks' time from `time` (a test's clock).
    pub(super) fn set_time_source(&mut self, time: Box<dyn bg_tui::clock::TimeSource>) {
        self.host.set_time_source(time);
    }
}

/// What the record and its saving say, read.
impl Table {
    /// The XGID of the position and match as they stand (the player on roll's view).
    pub(super) fn xgid(&self) -> String {
        let state = self.state();
        let rules = state.rules();
        let cap = rules.cube_cap.max(1);
        bg_tui::engine::xgid(
            self.game().position(),
            &state.match_id_fields(),
            rules.beaver,
            (31 - cap.leading_zeros()) as u8,
        )
    }

    /// Why saving is off or failing, if it is.
    pub(super) fn save_trouble(&self) -> Option<String> {
        self.saving().status().trouble.clone()
    }

    /// How much the record holds ([`bg_tui::host::saving::recorded`]).
    pub(super) fn recorded(&self) -> usize {
        self.host.recorded()
    }

    /// Whether the record may hold no further game: [`bg_tui::record::MAX_GAMES`] games, or
    /// an autosave half as long as a record may be (so that what is written, the kept
    /// record too, always reads back). A money session then ends.
    pub(super) fn record_is_full(&self) -> bool {
        let saved = self.saving().status().journal_len;
        self.record().games.len() >= bg_tui::record::MAX_GAMES
            || saved > bg_tui::record::MAX_BYTES as u64 / 2
    }

    /// The last play of the record in its game in progress, as the status line shows it,
    /// the players named by `names` (empty when the game has no play yet).
    pub(super) fn last_play_of_record(&self, names: &[String; 2]) -> String {
        let record = self.record();
        let Some(game) = record.games.get(self.state().game_number().max(1) - 1) else {
            return String::new();
        };
        game.actions
            .iter()
            .rev()
            .find_map(|a| match a {
                RecordedAction::Play {
                    side,
                    dice,
                    notation,
                    ..
                } => {
                    let side = Side::from(*side);
                    let text = if notation.is_empty() {
                        "cannot move"
                    } else {
                        notation.as_str()
                    };
                    Some(format!(
                        "{} {}-{}: {text}",
                        names[side.index()],
                        dice[0].max(dice[1]),
                        dice[0].min(dice[1])
                    ))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// The bot of `side` made afresh for the decision at hand, when its choices depend on
    /// its seed (`random`, `greedy`): seeded by the match's `seed`, the side and how far
    /// the record has come, so that its choices follow from the record alone, and a
    /// resumed match goes on as the match would have. `None` for the other bots.
    pub(super) fn reseeded(&self, side: Side, seed: u64, rule_set: RuleSet) -> Option<SharedBot> {
        let Player::Bot(spec) = self.seats().player(side) else {
            return None;
        };
        if !spec.is_seeded() {
            return None;
        }
        let record = self.record();
        let actions: u64 = record.games.iter().map(|g| g.actions.len() as u64).sum();
        let position = ((record.games.len() as u64) << 32) | actions;
        let seed = side_seed(seed, side) ^ position.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        spec.make_for(seed, rule_set)
            .ok()
            .map(|b| Arc::new(Mutex::new(b)) as SharedBot)
    }
}
