//! The rules engine: pure, with no terminal, no files and no hidden randomness.

mod board_spec;
mod cube;
mod dice;
mod game;
mod ids;
mod movegen;
mod notation;
mod place;
mod play;
mod position;
mod restore;
mod rules;
mod scoring;
mod session;
mod side;
mod turn;
mod variant;
mod xgid;

pub use board_spec::{BoardSpec, SpecError, SpecPlay, plays_from_spec};
pub use cube::{Cube, CubeError};
pub use dice::{Dice, DiceError, roll_die};
pub use game::{
    Action, BeaverRefusal, DoubleRefusal, Game, GameError, MAX_GAME_ACTIONS, Phase, ResignRefusal,
    Resignation, SetupError, Waiting,
};
pub use ids::{
    GameStateCode, MATCH_ID_LEN, MAX_MATCH_LENGTH, MatchIdError, MatchIdFields, POSITION_ID_LEN,
    PositionIdError, match_id, match_id_fields, position_from_id, position_id, try_match_id,
};
/// Backgammon's own generator, for the crate (bots that play only backgammon's moves); a
/// user of the crate asks the rule set: [`Variant::legal_plays`].
pub(crate) use movegen::{legal_plays, legal_plays_into};
pub use notation::{NotationError, format_play, parse_play, parse_play_in, point_name};
pub use place::Place;
pub use play::{MAX_STEPS, Play, PlayError, Step, Steps};
pub use position::{BAR, CHECKERS, Geometry, OPPONENT_BAR, Position, PositionError, SidesError};
pub use restore::{RestoreError, match_state_from_ids};
pub use rules::{DEFAULT_CUBE_CAP, RuleSet, Rules, RulesError, UnknownRuleSet};
pub use scoring::{
    Ending, GameResult, WinKind, most_mover_can_lose, most_opponent_can_lose, schmidt_points,
};
pub use session::{CrawfordState, GameSetup, MatchError, MatchState};
pub use side::{Side, UnknownSide};
pub use turn::{Destination, DieStep, IllegalStep, TurnBuilder, TurnError};
pub use variant::{
    Backgammon, Fevga, Jacquet, Opening, Plakoto, Portes, UnknownVariant, Variant, VariantError,
    VariantRules, Verdict, follow_steps,
};
pub use xgid::{Xgid, XgidError, parse_xgid, xgid};
