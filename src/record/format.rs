//! What a record holds, as it is written and read: the match's players, rules and seed, and
//! each game's start, actions and result (the layout is in the docs of [`super`]).

use super::{FORMAT, VERSION, name_for_bot};
use crate::engine::{
    BoardSpec, Cube, CubeError, Ending, GameResult, GameSetup, MatchState, Rules, SetupError, Side,
    SpecError, Variant, WinKind,
};
use serde::{Deserialize, Serialize};

/// A whole record: the players, the rules, the seed and the games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// White, then Black.
    pub players: [PlayerInfo; 2],
    /// The rules of the match or session.
    pub rules: Rules,
    /// The seed of the dice, if they came from a seeded generator.
    pub seed: Option<u64>,
    /// The games, in order.
    pub games: Vec<GameRecord>,
    /// A money session the players ended (after its last game). Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    /// The players' clocks, when the match is played with them. Written only then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRecord>,
}

/// The players' clocks in a record (assets/rules/README.md §2.8): which clock, and each player's
/// reserve after each action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRecord {
    /// `"standard"` or `"blitz"`.
    pub kind: crate::clock::ClockKind,
    /// For each game, for each of its actions, the reserves in milliseconds after it (White
    /// first). A reading may be missing (an action made without clocks); readers take the
    /// last one before.
    #[serde(default)]
    pub reserves_ms: Vec<Vec<[u64; 2]>>,
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The name shown.
    pub name: String,
    /// A person or a bot.
    pub kind: PlayerKind,
}

impl PlayerInfo {
    /// A person called `name`.
    #[must_use]
    pub fn human(name: &str) -> PlayerInfo {
        PlayerInfo {
            name: name.to_string(),
            kind: PlayerKind::Human,
        }
    }

    /// The bot called `bot`, also named so ([`name_for_bot`]).
    #[must_use]
    pub fn bot(bot: &str) -> PlayerInfo {
        PlayerInfo {
            name: name_for_bot(bot),
            kind: PlayerKind::Bot(bot.to_string()),
        }
    }
}

/// Who makes a player's decisions: `"human"` or `{"bot": "greedy"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person.
    Human,
    /// The bot of that name.
    Bot(String),
}

/// One game: its rule set, its actions in order and its result (`None` while it goes on).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The rule set of the game (left out in version 1 records: backgammon).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The position the game was set up at, when it did not start from the rule set's
    /// start (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartRecord>,
    /// Every action, in order.
    pub actions: Vec<RecordedAction>,
    /// The result, once the game is over.
    pub result: Option<ResultRecord>,
    /// Who played the game, when it was not the record's `players` (who play now): a side
    /// was handed to a bot, or back to its person, after the game (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<[PlayerInfo; 2]>,
    /// The sides that changed hands during the game, in the order they did (left out when
    /// none did): who played a side before. The game's players (its own, else the
    /// record's) are who finished it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seat_changes: Vec<SeatChange>,
}

/// A side that changed hands during a game (a bot took it over, or its person took it
/// back): `before` played `side` for the game's actions before action `at` (from 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatChange {
    /// The side that changed hands.
    pub side: RecordSide,
    /// The first action (from 0) of the game the side's new player made or answered.
    pub at: usize,
    /// Who played the side before.
    pub before: PlayerInfo,
}

/// A game set up at a position (`"start"` in a game of a record): the board from the view
/// of the player on roll (as `bg-tui moves --board` reads it), who is on roll, the cube, the
/// score as the game starts and whether it is the Crawford game. The player on roll is about
/// to roll or double; set-up dice are the game's first action, a `roll`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRecord {
    /// The checkers, seen from the player on roll.
    pub board: BoardSpec,
    /// The player on roll.
    pub turn: RecordSide,
    /// The cube's value.
    #[serde(default = "cube_one")]
    pub cube: u32,
    /// Who owns the cube (left out: centred).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube_owner: Option<RecordSide>,
    /// The score as the game starts: White's, Black's.
    #[serde(default)]
    pub score: [u32; 2],
    /// This is the Crawford game (left out: it is not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crawford: bool,
}

fn cube_one() -> u32 {
    1
}

/// Why a game's `"start"` cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The board is not a position of the game's rule set.
    #[error("the start position: {0}")]
    Board(#[from] SpecError),
    /// The cube's value is not a cube's.
    #[error("the start position: {0}")]
    Cube(#[from] CubeError),
    /// The match refuses the setup.
    #[error("the start position: {0}")]
    Setup(#[from] SetupError),
}

impl StartRecord {
    /// The start of the game in progress in `m`, as set up (call it right after
    /// [`MatchState::set_up`], before any action).
    #[must_use]
    pub fn of(m: &MatchState) -> StartRecord {
        let game = m.game();
        StartRecord {
            board: BoardSpec::of_position(game.position()),
            turn: game.turn().into(),
            cube: game.cube().value(),
            cube_owner: game.cube().owner().map(Into::into),
            score: [m.score(Side::White), m.score(Side::Black)],
            crawford: game.is_crawford(),
        }
    }

    /// The setup this start describes in a game of `variant`.
    ///
    /// # Errors
    /// [`StartError`] when the board or the cube cannot be.
    pub fn setup(&self, variant: Variant) -> Result<GameSetup, StartError> {
        Ok(GameSetup {
            position: self.board.to_position(variant)?,
            turn: self.turn.into(),
            cube: Cube::new(self.cube, self.cube_owner.map(Into::into))?,
            score: self.score,
            crawford: self.crawford,
        })
    }

    /// Sets up the game in progress in `m` at this start.
    ///
    /// # Errors
    /// [`StartError`] when the start cannot be set up in `m`; `m` is then unchanged.
    pub fn apply(&self, m: &mut MatchState) -> Result<(), StartError> {
        let variant = m.rules().rule_set.variant_of_game(m.results().len());
        let setup = self.setup(variant)?;
        m.set_up(&setup)?;
        Ok(())
    }
}

impl GameRecord {
    /// A game of `variant` about to start.
    #[must_use]
    pub fn of(variant: Variant) -> GameRecord {
        GameRecord {
            variant: Some(variant),
            ..GameRecord::default()
        }
    }
}

/// A side as written in a record: `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordSide {
    /// White (GNU Backgammon's player 0).
    White,
    /// Black (player 1).
    Black,
}

impl From<Side> for RecordSide {
    fn from(side: Side) -> RecordSide {
        match side {
            Side::White => RecordSide::White,
            Side::Black => RecordSide::Black,
        }
    }
}

impl From<RecordSide> for Side {
    fn from(side: RecordSide) -> Side {
        match side {
            RecordSide::White => Side::White,
            RecordSide::Black => Side::Black,
        }
    }
}

/// One action as recorded (see the module docs for the JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordedAction {
    /// The opening roll: White's die, then Black's.
    Opening([u8; 2]),
    /// The player on roll rolls.
    Roll {
        /// Who rolls.
        side: RecordSide,
        /// The dice as rolled.
        dice: [u8; 2],
    },
    /// The player on roll plays the roll.
    Play {
        /// Who plays.
        side: RecordSide,
        /// The roll played.
        dice: [u8; 2],
        /// The play as GNU Backgammon writes it; empty for a dance.
        notation: String,
        /// `[from, to, hit]` for each checker step, in order; empty for a dance.
        steps: Vec<(u8, u8, bool)>,
    },
    /// The player on roll doubles.
    Double {
        /// Who doubles.
        side: RecordSide,
    },
    /// The double (or beaver) is taken.
    Take,
    /// The double (or beaver) is passed.
    Drop,
    /// The doubled player beavers.
    Beaver,
    /// An offer to resign.
    Resign {
        /// Who offers.
        side: RecordSide,
        /// What they offer to lose (before the cube).
        level: WinKind,
    },
    /// The offer to resign is accepted.
    Accept,
    /// The offer to resign is declined.
    Decline,
    /// The computer takes over a side whose clock ran out, for the rest of the game: a game
    /// that side wins scores nothing.
    #[serde(rename = "take_over")]
    TakeOver {
        /// The side taken over.
        side: RecordSide,
    },
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// Who won; `null` for a draw (Plakoto).
    pub winner: Option<RecordSide>,
    /// Single, gammon or backgammon, as counted.
    pub kind: WinKind,
    /// The cube's value.
    pub cube: u32,
    /// The points won.
    pub points: u32,
    /// How the game ended.
    pub ending: Ending,
}

impl From<GameResult> for ResultRecord {
    fn from(r: GameResult) -> ResultRecord {
        ResultRecord {
            winner: r.winner.map(RecordSide::from),
            kind: r.kind,
            cube: r.cube,
            points: r.points,
            ending: r.ending,
        }
    }
}

impl std::fmt::Display for ResultRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ending = match self.ending {
            Ending::BearOff => "bearing off",
            Ending::Drop => "a drop",
            Ending::Resignation => "a resignation",
            Ending::Mother => "pinning the mother",
            Ending::Draw => "both mothers pinned",
            Ending::ActionLimit => "reaching the most actions a game may have",
        };
        let Some(winner) = self.winner else {
            return write!(f, "a draw by {ending}: no points");
        };
        write!(
            f,
            "{} wins a {} with the cube at {} for {} point{} by {ending}",
            Side::from(winner),
            self.kind,
            self.cube,
            self.points,
            if self.points == 1 { "" } else { "s" }
        )
    }
}

impl Record {
    /// Who played game `index` (from 0): its own `players`, else the record's.
    #[must_use]
    pub fn players_of_game(&self, index: usize) -> &[PlayerInfo; 2] {
        self.games
            .get(index)
            .and_then(|g| g.players.as_ref())
            .unwrap_or(&self.players)
    }

    /// Who played `side` at action `action` (from 0) of game `game` (from 0): the game's
    /// players ([`Record::players_of_game`]), unless the side changed hands later in the
    /// game ([`GameRecord::seat_changes`]).
    #[must_use]
    pub fn player_at(&self, game: usize, action: usize, side: Side) -> &PlayerInfo {
        let side_of = RecordSide::from(side);
        self.games
            .get(game)
            .and_then(|g| {
                g.seat_changes
                    .iter()
                    .find(|c| c.side == side_of && action < c.at)
            })
            .map_or(&self.players_of_game(game)[side.index()], |c| &c.before)
    }

    /// How many dice the record's rolls used, opening rolls (ties too) included: a seeded
    /// generator that made them has drawn this many.
    #[must_use]
    pub fn dice_rolled(&self) -> usize {
        self.games
            .iter()
            .flat_map(|g| &g.actions)
            .filter(|a| matches!(a, RecordedAction::Opening(_) | RecordedAction::Roll { .. }))
            .count()
            * 2
    }

    /// An empty record of a match about to start.
    #[must_use]
    pub fn new(players: [PlayerInfo; 2], rules: Rules, seed: Option<u64>) -> Record {
        Record {
            format: FORMAT.to_string(),
            version: VERSION,
            players,
            rules,
            seed,
            games: vec![GameRecord::of(rules.rule_set.variant_of_game(0))],
            stopped: false,
            clock: None,
        }
    }
}
