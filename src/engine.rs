//! The rules engine: pure, with no terminal, no files and no hidden randomness.

pub mod cube;
pub mod dice;
pub mod game;
pub mod ids;
pub mod movegen;
pub mod notation;
pub mod play;
pub mod position;
pub mod rules;
pub mod scoring;
pub mod session;
pub mod side;
pub mod turn;

pub use cube::{Cube, CubeError};
pub use dice::{Dice, DiceError, roll_die};
pub use game::{Action, DoubleRefusal, Game, GameError, Phase, Resignation};
pub use ids::{
    GameStateCode, MatchIdError, MatchIdFields, PositionIdError, match_id, match_id_fields,
    position_from_id, position_id,
};
pub use movegen::{legal_plays, legal_plays_into};
pub use notation::{NotationError, format_play, parse_play};
pub use play::{Play, Step, Steps};
pub use position::{Position, PositionError};
pub use rules::{DEFAULT_CUBE_CAP, Rules, RulesError, Variant};
pub use scoring::{Ending, GameResult, WinKind};
pub use session::{CrawfordState, MatchError, MatchState};
pub use side::Side;
pub use turn::{Destination, DieStep, TurnBuilder, TurnError};
