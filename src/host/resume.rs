//! Taking up a match saved before: the host of a record (an autosave journal, or a record
//! saved with `s`), where it stopped, with its players seated again and the dice going on
//! as they would have.

use super::Host;
use super::saving::{SaveWriter, Saving};
use super::seats::Seats;
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
        let bots = [Side::White, Side::Black].map(|side| match &record.players[side.index()].kind {
            PlayerKind::Human => Ok(None),
            PlayerKind::Bot(name) => name.parse::<BotSpec>().map(Some),
        });
        let [white, black] = bots;
        let bots = [white?, black?];
        let seed = record.seed.unwrap_or_else(|| rand::rng().random());
        let seats = Seats::for_players(
            [bots[0].as_ref(), bots[1].as_ref()],
            seed,
            record.rules.rule_set,
        )?;
        let dice = if record.seed.is_some() {
            record.dice_rolled()
        } else {
            0
        };
        let saving = Saving::new(writer, super::saving::recorded(&record));
        let mut host = Host::seeded(match_state, Recorder::resume(record), seed)
            .with_seats(seats)
            .with_saving(saving);
        for _ in 0..dice {
            host.roll_die();
        }
        host.start_clocks();
        Ok(host)
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
        m.stop().expect("a money session stops before its first roll");
        let err = Host::resume(record(PlayerKind::Human), m, SaveWriter::new(None, Vec::new()))
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
