//! [`Recorder`]: a record built while a match is played.

use super::PlayerKind;
use super::{ClockRecord, GameRecord, PlayerInfo, Record, RecordSide, RecordedAction, StartRecord};
use crate::engine::{
    Action, GameSetup, MatchError, MatchState, Rules, SetupError, Side, format_play,
};
use std::sync::Arc;

/// Builds a [`Record`] while a match is played.
///
/// The simplest use is [`Recorder::apply`] and [`Recorder::next_game`] in place of
/// [`MatchState::apply`] and [`MatchState::next_game`]: each applies the action and records
/// it when the rules accept it. A caller that applies actions itself calls
/// [`Recorder::record`] before each action it applies (and [`Recorder::game_over`] after one
/// that ends a game); the games are kept in step with the match's game number.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Action, MatchState, Rules};
/// use bg_tui::record::{PlayerInfo, Recorder, load, to_json};
///
/// let rules = Rules::match_to(1);
/// let mut m = MatchState::new(rules).unwrap();
/// let mut rec = Recorder::new([PlayerInfo::human("Ann"), PlayerInfo::bot("greedy")], rules, None);
/// rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 }).unwrap();
/// let play = m.game().legal_plays()[0];
/// rec.apply(&mut m, Action::Play(play)).unwrap();
/// let (record, replayed) = load(&to_json(rec.as_record())).unwrap();
/// assert_eq!(&record, rec.as_record());
/// assert_eq!(replayed, m);
/// ```
///
/// The record is shared cheaply ([`Recorder::shared`]: a save made on another thread reads
/// it as it stood); the recorder copies it before its next change only while such a share
/// is still held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorder {
    record: Arc<Record>,
}

impl Recorder {
    /// A recorder for a match about to start (its first game waiting for the opening roll).
    #[must_use]
    pub fn new(players: [PlayerInfo; 2], rules: Rules, seed: Option<u64>) -> Recorder {
        Recorder {
            record: Arc::new(Record::new(players, rules, seed)),
        }
    }

    /// A recorder that goes on with `record`, which must be a record [`load`](fn@super::load) (or
    /// [`replay`](super::replay)) accepted: the match it gives is the match to go on with.
    #[must_use]
    pub fn resume(record: Record) -> Recorder {
        Recorder {
            record: Arc::new(record),
        }
    }

    /// Notes `action`, about to be applied to `m_before` (call it before applying, and only
    /// for actions the rules accept).
    pub fn record(&mut self, m_before: &MatchState, action: &Action) {
        let recorded = describe(m_before, action);
        self.sync(m_before);
        if let Some(game) = self.write().games.last_mut() {
            game.actions.push(recorded);
        }
    }

    /// Notes the results of the games of `m` that have ended.
    pub fn game_over(&mut self, m: &MatchState) {
        for (game, result) in self.write().games.iter_mut().zip(m.results()) {
            game.result = Some((*result).into());
        }
    }

    /// Applies `action` to `m` and, if the rules accept it, records it (and the result, if it
    /// ends the game). On error neither changes.
    ///
    /// # Errors
    /// The [`MatchError`] of [`MatchState::apply`].
    pub fn apply(&mut self, m: &mut MatchState, action: Action) -> Result<(), MatchError> {
        let recorded = describe(m, &action);
        m.apply(action)?;
        // The action belongs to the game it was applied in: a finished game keeps its number.
        self.sync(m);
        if let Some(game) = self.write().games.last_mut() {
            game.actions.push(recorded);
        }
        self.game_over(m);
        Ok(())
    }

    /// Ends the money session `m` (see [`MatchState::stop`]) and notes it.
    ///
    /// # Errors
    /// The [`MatchError`] of [`MatchState::stop`].
    pub fn stop(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.stop()?;
        self.write().stopped = true;
        Ok(())
    }

    /// The clocks of the record, to note their readings.
    pub fn clock_mut(&mut self) -> &mut Option<ClockRecord> {
        &mut self.write().clock
    }

    /// Notes that `kind` plays `side` from now on (a bot took it over, or its person took
    /// it back), under the name it had. See [`Recorder::set_player`].
    pub fn set_player_kind(&mut self, side: Side, kind: PlayerKind) {
        let name = self.record.players[side.index()].name.clone();
        self.set_player(side, PlayerInfo { name, kind });
    }

    /// Notes that `player` plays `side` from now on (a bot took it over, or its person took
    /// it back). The games finished before keep the players who played them (each game's
    /// `players`, written where it differs from the record's); the game in progress, if
    /// any, is named by who finishes it, and notes who played the side until now (a
    /// [`SeatChange`](super::SeatChange)).
    pub fn set_player(&mut self, side: Side, player: PlayerInfo) {
        let before = self.record.players.clone();
        if before[side.index()] == player {
            return;
        }
        let record = self.write();
        record.players[side.index()] = player.clone();
        if let Some(game) = record.games.last_mut()
            && game.result.is_none()
            && !game.actions.is_empty()
        {
            let at = game.actions.len();
            let side_of = RecordSide::from(side);
            // A side handed on again before another action: who played its actions is
            // noted already; handed back to them, it did not change hands after all.
            match game
                .seat_changes
                .iter()
                .position(|c| c.side == side_of && c.at == at)
            {
                Some(i) if game.seat_changes[i].before == player => {
                    game.seat_changes.remove(i);
                }
                Some(_) => {}
                None => game.seat_changes.push(super::SeatChange {
                    side: side_of,
                    at,
                    before: before[side.index()].clone(),
                }),
            }
        }
        let now = &record.players;
        for game in &mut record.games {
            if game.result.is_some() && game.players.is_none() {
                game.players = Some(before.clone());
            }
            if game.players.as_ref() == Some(now) {
                game.players = None;
            }
        }
    }

    /// Starts the next game of `m` and of the record.
    ///
    /// # Errors
    /// The [`MatchError`] of [`MatchState::next_game`].
    pub fn next_game(&mut self, m: &mut MatchState) -> Result<(), MatchError> {
        m.next_game()?;
        self.sync(m);
        Ok(())
    }

    /// Sets up `m`'s game at `setup` ([`MatchState::set_up`]) and notes it as the start of
    /// that game: after a finished game, the next game; a game in progress is replaced, its
    /// actions dropped from the record. On error neither changes.
    ///
    /// # Errors
    /// The [`SetupError`] of [`MatchState::set_up`].
    pub fn set_up(&mut self, m: &mut MatchState, setup: &GameSetup) -> Result<(), SetupError> {
        m.set_up(setup)?;
        self.sync(m);
        let start = StartRecord::of(m);
        if let Some(game) = self.write().games.last_mut() {
            game.actions.clear();
            game.result = None;
            game.start = Some(start);
        }
        Ok(())
    }

    /// Keeps one game record per game `m` has started.
    fn sync(&mut self, m: &MatchState) {
        let number = m.game_number().max(1);
        while self.record.games.len() < number {
            let index = self.record.games.len();
            let variant = m.rules().rule_set.variant_of_game(index);
            self.write().games.push(GameRecord::of(variant));
        }
    }

    /// The record so far.
    #[must_use]
    pub fn as_record(&self) -> &Record {
        &self.record
    }

    /// The record so far, shared: nothing is copied now; the recorder copies it before its
    /// next change if the share is still held then.
    #[must_use]
    pub fn shared(&self) -> Arc<Record> {
        Arc::clone(&self.record)
    }

    /// The record, giving up the recorder.
    #[must_use]
    pub fn into_record(self) -> Record {
        Arc::unwrap_or_clone(self.record)
    }

    /// The record, to change it: copied first if a share of it is held.
    fn write(&mut self) -> &mut Record {
        Arc::make_mut(&mut self.record)
    }
}

/// `action` as recorded, in the match as it stands before it.
fn describe(m: &MatchState, action: &Action) -> RecordedAction {
    let game = m.game();
    let side: RecordSide = game.to_act().unwrap_or(game.turn()).into();
    match *action {
        Action::OpeningRoll { white, black } => RecordedAction::Opening([white, black]),
        Action::Roll(dice) => RecordedAction::Roll {
            side,
            dice: dice.into(),
        },
        Action::Play(play) => {
            let steps = play.steps();
            RecordedAction::Play {
                side,
                dice: game.dice().map_or([0, 0], Into::into),
                notation: if steps.is_empty() {
                    String::new()
                } else {
                    format_play(&play)
                },
                steps: steps
                    .iter()
                    .map(|s| (s.from.number(), s.to.number(), s.hit))
                    .collect(),
            }
        }
        Action::Double => RecordedAction::Double { side },
        Action::Take => RecordedAction::Take,
        Action::Drop => RecordedAction::Drop,
        Action::Beaver => RecordedAction::Beaver,
        Action::Resign(level) => RecordedAction::Resign { side, level },
        Action::AcceptResignation => RecordedAction::Accept,
        Action::DeclineResignation => RecordedAction::Decline,
        Action::TakeOver(taken) => RecordedAction::TakeOver { side: taken.into() },
    }
}
