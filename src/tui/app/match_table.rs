//! The table part: the match's [`Host`] (the match, its record, the dice, the bots' offers
//! to resign, the seats, the clocks, the saving), the turn being played checker by checker, and what the board marks of the
//! last play. It is the only path to the match: every action goes through the host here,
//! so the record and the match never part. This part is the only writer of them.

use crate::tui::model::LastMove;
use bg_tui::engine::{
    Action, Dice, DieStep, Game, GameSetup, MatchError, MatchState, Phase, SetupError, Side,
    TurnBuilder, TurnError,
};
use bg_tui::host::Host;
use bg_tui::host::clocks::Timing;
use bg_tui::host::saving::Saving;
use bg_tui::host::seats::Seats;
use bg_tui::record::{PlayerKind, Record, Recorder};

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

    /// The host of the match, to ask for saves and hand them back.
    pub(super) const fn host_mut(&mut self) -> &mut Host {
        &mut self.host
    }

    /// Who sits at each side.
    pub(super) const fn seats(&self) -> &Seats {
        self.host.seats()
    }

    /// Who sits at each side, to seat a bot or a person.
    pub(super) const fn seats_mut(&mut self) -> &mut Seats {
        self.host.seats_mut()
    }

    /// The clocks.
    pub(super) const fn clocks(&self) -> &Timing {
        self.host.clocks()
    }

    /// The clocks, to run them.
    pub(super) const fn clocks_mut(&mut self) -> &mut Timing {
        self.host.clocks_mut()
    }

    /// The saving of the match.
    pub(super) const fn saving(&self) -> &Saving {
        self.host.saving()
    }

    /// The saving of the match.
    pub(super) const fn saving_mut(&mut self) -> &mut Saving {
        self.host.saving_mut()
    }

    /// The match.
    pub(super) const fn state(&self) -> &MatchState {
        self.host.state()
    }

    /// The game in progress.
    pub(super) fn game(&self) -> &Game {
        self.host.state().game()
    }

    /// The recorder of the match.
    pub(super) const fn recorder(&self) -> &Recorder {
        self.host.recorder()
    }

    /// The record of the match so far.
    pub(super) fn record(&self) -> &Record {
        self.host.record()
    }

    /// Makes `action` in the match and records it.
    pub(super) fn apply(&mut self, action: Action) -> Result<(), MatchError> {
        self.host.apply(action)
    }

    /// Ends the money session.
    pub(super) fn stop(&mut self) -> Result<(), MatchError> {
        self.host.stop()
    }

    /// Starts the next game: nothing of the last play is marked, no bot has offered to
    /// resign.
    pub(super) fn next_game(&mut self) -> Result<(), MatchError> {
        self.host.next_game()?;
        self.forget_game();
        Ok(())
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

    /// Records who plays `side` now.
    pub(super) fn set_player_kind(&mut self, side: Side, kind: PlayerKind) {
        self.host.recorder_mut().set_player_kind(side, kind);
    }

    /// Rolls the dice.
    pub(super) fn roll(&mut self) -> Dice {
        self.host.roll()
    }

    /// Rolls one die.
    pub(super) fn roll_die(&mut self) -> u8 {
        self.host.roll_die()
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
    /// [`Table::apply`]).
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

    /// Notes a bot's `action`, about to be applied (an offer to resign is made once a game).
    pub(super) fn note_bot_action(&mut self, action: &Action) {
        self.host.note_decision(action);
    }
}
