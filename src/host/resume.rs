//! Taking up a match saved before: the host of a record (an autosave journal, or a record
//! saved with `s`), where it stopped, with its players seated again and the dice going on
//! as they would have.
//!
//! A record never starts a program by itself: a side it gives to an engine over UBGI
//! (`ubgi:COMMAND`, a shell command from the file's text) is played by the expert instead,
//! and said so ([`EngineNotRun`]), unless the user named that very engine
//! ([`Host::resume_trusting`]: `bg-tui resume --engine 'ubgi:COMMAND'`).

use super::Host;
use super::saving::{SaveWriter, Saving};
use super::seats::{Player, Seats};
use crate::bot::{BotError, BotSpec};
use crate::engine::{MatchState, Side};
use crate::record::{PlayerKind, Record, Recorder};
use rand::RngExt;

/// Why a saved match cannot be taken up.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The match is over.
    #[error("the match is over ({0}); `bg-tui replay` shows it")]
    MatchOver(MatchEnd),
    /// A bot the record names cannot be made (this program does not have it, or an engine
    /// did not start).
    #[error(transparent)]
    Bot(#[from] BotError),
}

/// How a finished match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchEnd {
    /// A player won it.
    Won {
        /// The winner's name, as a message shows it (no control characters).
        name: String,
        /// The winner's score.
        score: u32,
        /// The loser's score.
        other: u32,
    },
    /// The money session was stopped.
    Stopped,
}

impl std::fmt::Display for MatchEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchEnd::Won { name, score, other } => write!(f, "{name} won {score}-{other}"),
            MatchEnd::Stopped => f.write_str("the session was stopped"),
        }
    }
}

/// A player's name from a record as messages show it: control characters escaped, cut to
/// [`crate::record::MAX_NAME_CHARS`].
#[must_use]
pub fn shown_name(name: &str) -> String {
    crate::printable::printable(name, crate::record::MAX_NAME_CHARS)
}

/// A side the record gave to an engine over UBGI that was not started (a record never
/// starts a program by itself): the expert plays it instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineNotRun {
    /// The side.
    pub side: Side,
    /// The engine's name as the record gives it (`ubgi:COMMAND`), not to be shown raw:
    /// [`EngineNotRun`]'s `Display` shows it printable.
    pub engine: String,
}

impl std::fmt::Display for EngineNotRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the expert plays {} in place of the record's engine {} (a record never starts a \
             program: `bg-tui resume --engine ENGINE FILE` does)",
            self.side,
            crate::printable::printable(&self.engine, 40)
        )
    }
}

impl Host<Recorder> {
    /// The match of `record` (as [`crate::record::load`] gave it, with `match_state`), going
    /// on where it stopped: its players seated again (the bots it names made anew), its
    /// dice going on as they would have with its seed (without one, drawn from a fresh seed
    /// and still not recorded), saved by `writer` from here on.
    ///
    /// # Errors
    /// [`ResumeError::MatchOver`] for a finished match, [`ResumeError::Bot`] for a bot the
    /// record names that cannot be made.
    pub fn resume(
        record: Record,
        match_state: MatchState,
        writer: SaveWriter,
    ) -> Result<Host, ResumeError> {
        Host::resume_trusting(record, match_state, writer, &[]).map(|(host, _)| host)
    }

    /// [`Host::resume`], starting only the engines over UBGI among `trusted` (those the user
    /// named, never a file): a side the record gives to any other engine is played by the
    /// expert (in the record from here on too), each such side returned.
    ///
    /// # Errors
    /// As [`Host::resume`].
    pub fn resume_trusting(
        record: Record,
        match_state: MatchState,
        writer: SaveWriter,
        trusted: &[BotSpec],
    ) -> Result<(Host, Vec<EngineNotRun>), ResumeError> {
        if match_state.is_over() {
            return Err(ResumeError::MatchOver(match match_state.winner() {
                Some(side) => MatchEnd::Won {
                    name: shown_name(&record.players[side.index()].name),
                    score: match_state.score(side),
                    other: match_state.score(side.opponent()),
                },
                None => MatchEnd::Stopped,
            }));
        }
        let players =
            [Side::White, Side::Black].map(|side| match &record.players[side.index()].kind {
                PlayerKind::Human => Ok(Player::Human),
                PlayerKind::Bot(name) => name.parse::<BotSpec>().map(Player::Bot),
            });
        let [white, black] = players;
        let mut players = [white?, black?];
        // A command from the file's text is never run unless the user named it.
        let mut not_run = Vec::new();
        for side in [Side::White, Side::Black] {
            let slot = &mut players[side.index()];
            if let Player::Bot(spec @ BotSpec::Ubgi(_)) = &*slot
                && !trusted.contains(spec)
            {
                not_run.push(EngineNotRun {
                    side,
                    engine: spec.to_string(),
                });
                *slot = Player::Bot(BotSpec::Expert(None));
            }
        }
        let seed = record.seed.unwrap_or_else(|| rand::rng().random());
        let names =
            [Side::White, Side::Black].map(|side| record.players[side.index()].name.clone());
        let seats = Seats::for_players(players, names, seed, record.rules.rule_set)?;
        let dice = if record.seed.is_some() {
            record.dice_rolled()
        } else {
            0
        };
        let saving = Saving::new(writer, super::saving::recorded(&record));
        let mut recorder = Recorder::resume(record);
        for engine in &not_run {
            recorder.set_player(engine.side, seats.info(engine.side));
        }
        let mut host = Host::seeded(match_state, recorder, seed)
            .with_seats(seats)
            .with_saving(saving);
        for _ in 0..dice {
            host.roll_die();
        }
        host.start_clocks();
        host.seat_taken_over();
        Ok((host, not_run))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::record::PlayerInfo;

    fn record(black: PlayerKind) -> Record {
        let players = [
            PlayerInfo {
                name: "Alice".to_string(),
                kind: PlayerKind::Human,
            },
            PlayerInfo {
                name: "Bob".to_string(),
                kind: black,
            },
        ];
        Record::new(players, Rules::money(), Some(9))
    }

    #[test]
    fn the_bots_of_the_record_are_seated_again_and_the_person_at_their_side() {
        let record = record(PlayerKind::Bot("greedy".to_string()));
        let m = MatchState::new(Rules::money()).unwrap();
        let host = Host::resume(record, m, SaveWriter::new(None, Vec::new())).unwrap();
        assert!(host.seats().has_bot(Side::Black));
        assert!(!host.seats().has_bot(Side::White));
        assert_eq!(host.seats().seat(), Some(Side::White));
        assert!(!host.seats().watching());
        assert_eq!(host.seed(), Some(9));
    }

    /// A record never starts a program (issue 47): its engine's side is the expert's, in
    /// the record too, and said; only an engine the user names runs.
    #[test]
    fn an_engine_the_record_names_is_not_run_but_replaced_by_the_expert() {
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("ran");
        let engine = format!("ubgi:touch '{}'", marker.display());
        let m = MatchState::new(Rules::money()).unwrap();
        let (host, not_run) = Host::resume_trusting(
            record(PlayerKind::Bot(engine.clone())),
            m.clone(),
            SaveWriter::new(None, Vec::new()),
            &[],
        )
        .unwrap();
        assert!(!marker.exists(), "the record's command was run");
        assert!(host.seats().has_bot(Side::Black));
        assert_eq!(
            host.record().players[1].kind,
            PlayerKind::Bot("expert".to_string())
        );
        assert_eq!(
            not_run,
            [EngineNotRun {
                side: Side::Black,
                engine: engine.clone()
            }]
        );
        let said = not_run[0].to_string();
        assert!(
            said.starts_with("the expert plays Black in place of the record's engine ubgi:touch"),
            "{said}"
        );
        // A control character of the file's text is never shown raw.
        let hostile = EngineNotRun {
            side: Side::White,
            engine: "ubgi:\u{1b}[2J".to_string(),
        };
        assert!(!hostile.to_string().contains('\u{1b}'));
        // Named by the user: it runs (here it is no engine, so it is refused).
        let named: BotSpec = engine.parse().unwrap();
        let err = Host::resume_trusting(
            record(PlayerKind::Bot(engine)),
            m,
            SaveWriter::new(None, Vec::new()),
            &[named],
        )
        .unwrap_err();
        assert!(matches!(err, ResumeError::Bot(_)), "{err}");
        assert!(marker.exists(), "the engine named was run");
    }

    #[test]
    fn a_bot_this_program_does_not_have_is_refused() {
        let record = record(PlayerKind::Bot("deep-thought".to_string()));
        let m = MatchState::new(Rules::money()).unwrap();
        let err = Host::resume(record, m, SaveWriter::new(None, Vec::new())).unwrap_err();
        assert!(matches!(err, ResumeError::Bot(_)), "{err}");
    }

    #[test]
    fn a_stopped_session_cannot_be_resumed() {
        let mut m = MatchState::new(Rules::money()).unwrap();
        m.stop()
            .expect("a money session stops before its first roll");
        let err = Host::resume(
            record(PlayerKind::Human),
            m,
            SaveWriter::new(None, Vec::new()),
        )
        .unwrap_err();
        assert!(
            matches!(err, ResumeError::MatchOver(MatchEnd::Stopped)),
            "{err}"
        );
        assert_eq!(
            err.to_string(),
            "the match is over (the session was stopped); `bg-tui replay` shows it"
        );
    }
}
