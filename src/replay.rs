//! The timeline of a recorded match: every moment of it in order, for the replay viewer and
//! the text replay.
//!
//! A [`Timeline`] is built from a [`Record`] by re-applying its actions through the rules
//! engine. It holds one [`Moment`] for:
//!
//! * the start of each game (before its opening roll);
//! * each action of the record: an opening roll (a tie too), a roll, a double, a take, a
//!   beaver, a pass, an offer to resign and its answer;
//! * each checker step of a play: a play of two checker moves gives two moments, the second
//!   showing the whole play; a roll that cannot be played (a dance) gives one;
//! * the result of each finished game;
//! * the end of a money session the players stopped.
//!
//! Each moment knows its board (from the view of the player whose numbering it uses, with
//! the dice and how many of them are used), the score, the cube, the IDs, its game and turn,
//! and what happened, as [`MomentKind`]. While a play is shown checker by checker, the
//! Position ID and Match ID are those of the start of the turn (as in the game and GNU
//! Backgammon); once the play is complete they are those after it, with the opponent on roll.
//!
//! Moving about: [`Timeline::next_turn`] and [`Timeline::previous_turn`] go from one *stop*
//! to the next: the start of a game, a complete play (or dance), a cube action, a
//! resignation or its answer, a result, the end of a session. Checker steps, rolls and
//! opening rolls are not stops: they lead up to the play.
//!
//! Pure: no terminal, no files.

mod build;
mod label;
pub mod text;

use crate::engine::{
    CrawfordState, Cube, Dice, GameResult, MatchState, Position, Rules, Side, Step, Variant,
    WinKind,
};
use crate::engine::{MatchIdFields, match_id, position_id};
use crate::record::{Record, RecordError};

pub use label::{
    describe_result, display_names, ending_words, name_says_side, result_text, score_text,
};

/// What happened at a moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MomentKind {
    /// A game is about to start (its opening roll comes next).
    GameStart,
    /// An opening roll that tied: it is rolled again.
    OpeningTie {
        /// White's die.
        white: u8,
        /// Black's die.
        black: u8,
    },
    /// The opening roll: the higher die starts, playing both dice.
    Opening {
        /// White's die.
        white: u8,
        /// Black's die.
        black: u8,
        /// Who starts.
        side: Side,
    },
    /// The player on roll rolls.
    Roll {
        /// Who rolled.
        side: Side,
    },
    /// Part of a play: `made` of its `of` checker steps are made (`made < of`).
    Step {
        /// Who plays.
        side: Side,
        /// The steps made so far, in notation.
        notation: String,
        /// How many steps are made.
        made: usize,
        /// How many the play has.
        of: usize,
        /// The whole play, in notation.
        play: String,
    },
    /// A whole play (the last of its steps made), or a dance when `notation` is empty.
    Play {
        /// Who played.
        side: Side,
        /// The play in GNU Backgammon notation; empty when the roll could not be played.
        notation: String,
    },
    /// The player on roll doubles, offering the cube at `value`.
    Double {
        /// Who doubles.
        side: Side,
        /// The cube's value if taken.
        value: u32,
    },
    /// The double (or beaver) is taken: the cube is now at `value`.
    Take {
        /// Who takes.
        side: Side,
        /// The cube's value now.
        value: u32,
    },
    /// The doubled player beavers: the cube would go to `value`.
    Beaver {
        /// Who beavers.
        side: Side,
        /// The cube's value if taken.
        value: u32,
    },
    /// The double (or beaver) is passed.
    Drop {
        /// Who passes.
        side: Side,
    },
    /// An offer to resign.
    Resign {
        /// Who offers.
        side: Side,
        /// What they offer to lose.
        level: WinKind,
    },
    /// The offer to resign is accepted.
    Accept {
        /// Who accepts.
        side: Side,
    },
    /// The offer to resign is declined.
    Decline {
        /// Who declines.
        side: Side,
    },
    /// The computer takes over a side for the rest of the game (its clock ran out).
    TakeOver {
        /// The side taken over.
        side: Side,
    },
    /// The game is over.
    Result(GameResult),
    /// The players stopped the money session.
    Stopped,
}

impl MomentKind {
    /// A stop for [`Timeline::next_turn`] and [`Timeline::previous_turn`]: anything but a
    /// checker step, a roll or an opening roll.
    #[must_use]
    pub const fn is_stop(&self) -> bool {
        !matches!(
            self,
            MomentKind::Step { .. }
                | MomentKind::Roll { .. }
                | MomentKind::Opening { .. }
                | MomentKind::OpeningTie { .. }
        )
    }
}

/// The board at a moment, as the view draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The checkers, from `on_roll`'s view.
    pub position: Position,
    /// The player whose numbering the board uses: the one on roll, or who just played.
    pub on_roll: Side,
    /// The dice on the board, if any.
    pub dice: Option<Dice>,
    /// The dice played so far this turn, by value in the order played (a double's value
    /// once per move); 0 for the moves not made.
    pub dice_used: [u8; 4],
    /// The checker step just made, while a play is shown.
    pub moved: Option<Step>,
}

impl Board {
    /// The values of the dice played so far this turn, in the order played.
    #[must_use]
    pub fn dice_played(&self) -> Vec<u8> {
        self.dice_used.iter().copied().filter(|&d| d > 0).collect()
    }
}

/// One moment of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moment {
    /// The game, from 0.
    pub game: usize,
    /// The action of the game's record this moment comes from, from 0 (`None` for the start
    /// of a game, a result and the end of a session).
    pub action: Option<usize>,
    /// The turn of the game, counting plays from 1 (0 at the start of the game): the play
    /// being made, or the one about to be made.
    pub turn: usize,
    /// What happened.
    pub kind: MomentKind,
    /// The board.
    pub board: Board,
    /// The cube.
    pub cube: Cube,
    /// The score, indexed by [`Side::index`].
    pub score: [u32; 2],
    /// The match's Crawford state.
    pub crawford: CrawfordState,
    /// The rule set of the game.
    pub variant: Variant,
    /// The Match ID's fields.
    match_id_fields: MatchIdFields,
    /// The position the Position ID is of (from the view of the player on roll in the
    /// engine, which mid-play is the position at the start of the turn).
    id_position: Position,
}

impl Moment {
    /// GNU Backgammon's Position ID at this moment, where it can say the rule set's
    /// positions (backgammon, Portes, Jacquet).
    #[must_use]
    pub fn position_id(&self) -> Option<String> {
        self.variant
            .has_position_id()
            .then(|| position_id(&self.id_position))
    }

    /// GNU Backgammon's Match ID at this moment, where the Position ID can be given.
    #[must_use]
    pub fn match_id(&self) -> Option<String> {
        self.variant
            .has_position_id()
            .then(|| match_id(&self.match_id_fields))
    }

    /// The position in the plain board form of `bg-tui moves --board`, from the view of the
    /// player on roll.
    #[must_use]
    pub fn board_text(&self) -> String {
        crate::engine::BoardSpec::of_position(&self.id_position).to_json()
    }
}

/// Every moment of a recorded match, in order (never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    names: [String; 2],
    rules: Rules,
    seed: Option<u64>,
    stopped: bool,
    moments: Vec<Moment>,
    /// The index of each game's first moment.
    game_starts: Vec<usize>,
    /// The match after the last action.
    last: MatchState,
    /// The record the timeline was built from (for judging its decisions).
    record: Record,
}

impl Timeline {
    /// The timeline of `record`, re-applying every action through the rules.
    ///
    /// # Errors
    /// [`RecordError`] for a record [`crate::record::load`] would refuse (naming the game,
    /// the action and the reason).
    pub fn new(record: &Record) -> Result<Timeline, RecordError> {
        build::timeline(record)
    }

    /// The record the timeline was built from.
    #[must_use]
    pub const fn record(&self) -> &Record {
        &self.record
    }

    /// The players' names as shown, White first: the record's, cleaned of control
    /// characters, with the side added when both are the same (see [`display_names`]).
    #[must_use]
    pub const fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The name shown for `side`.
    #[must_use]
    pub fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    /// The rules of the match.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed of the dice, if recorded.
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The money session was stopped by the players.
    #[must_use]
    pub const fn stopped(&self) -> bool {
        self.stopped
    }

    /// The match as it stands after the record's last action.
    #[must_use]
    pub const fn last_state(&self) -> &MatchState {
        &self.last
    }

    /// Every moment, in order.
    #[must_use]
    pub fn moments(&self) -> &[Moment] {
        &self.moments
    }

    /// The moment at `index` (the last one past the end).
    #[must_use]
    pub fn moment(&self, index: usize) -> &Moment {
        let last = self.moments.len() - 1;
        &self.moments[index.min(last)]
    }

    /// How many moments there are (at least one).
    #[must_use]
    pub fn len(&self) -> usize {
        self.moments.len()
    }

    /// Always false: a timeline has at least the start of its first game.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moments.is_empty()
    }

    /// How many games the record holds.
    #[must_use]
    pub fn games(&self) -> usize {
        self.game_starts.len()
    }

    /// The index of the last moment.
    #[must_use]
    pub fn end(&self) -> usize {
        self.moments.len() - 1
    }

    /// The moment after `index` (one checker step on), or the last.
    #[must_use]
    pub fn next_step(&self, index: usize) -> usize {
        (index + 1).min(self.end())
    }

    /// The moment before `index`, or the first.
    #[must_use]
    pub fn previous_step(&self, index: usize) -> usize {
        index.min(self.end()).saturating_sub(1)
    }

    /// The next stop after `index` (see the module docs), or the last moment.
    #[must_use]
    pub fn next_turn(&self, index: usize) -> usize {
        (index + 1..self.moments.len())
            .find(|&i| self.moments[i].kind.is_stop())
            .unwrap_or(self.end())
    }

    /// The stop before `index`, or the first moment.
    #[must_use]
    pub fn previous_turn(&self, index: usize) -> usize {
        (0..index.min(self.moments.len()))
            .rev()
            .find(|&i| self.moments[i].kind.is_stop())
            .unwrap_or(0)
    }

    /// The first stop at or after `index` (the play a roll or a checker step leads up to),
    /// or the last moment.
    #[must_use]
    pub fn stop_of(&self, index: usize) -> usize {
        (index..self.moments.len())
            .find(|&i| self.moments[i].kind.is_stop())
            .unwrap_or(self.end())
    }

    /// The start of the next game, or the last moment in the last game.
    #[must_use]
    pub fn next_game(&self, index: usize) -> usize {
        self.game_starts
            .iter()
            .copied()
            .find(|&start| start > index)
            .unwrap_or(self.end())
    }

    /// The start of the game `index` is in; at that start, the start of the game before.
    #[must_use]
    pub fn previous_game(&self, index: usize) -> usize {
        self.game_starts
            .iter()
            .copied()
            .rev()
            .find(|&start| start < index)
            .unwrap_or(0)
    }

    /// The index of game `game`'s first moment (the last game's for a larger number).
    #[must_use]
    pub fn game_start(&self, game: usize) -> usize {
        let last = self.game_starts.len().saturating_sub(1);
        self.game_starts.get(game.min(last)).copied().unwrap_or(0)
    }

    /// What happened at moment `index`, in words: "Alice 3-1: 8/5 6/5".
    #[must_use]
    pub fn label(&self, index: usize) -> String {
        label::moment(self, self.moment(index))
    }
}
