//! The rules engine: pure, with no terminal, no files and no hidden randomness.

pub mod board_spec;
pub mod cube;
pub mod dice;
pub mod game;
pub mod ids;
mod movegen;
pub mod notation;
pub mod place;
pub mod play;
pub mod position;
pub mod restore;
pub mod rules;
pub mod scoring;
pub mod session;
pub mod side;
pub mod turn;
pub mod variant;
pub mod xgid;

pub use board_spec::{BoardSpec, SpecError, SpecPlay, plays_from_spec};
pub use cube::{Cube, CubeError};
pub use dice::{Dice, DiceError, roll_die};
pub use game::{
    Action, BeaverRefusal, DoubleRefusal, Game, GameError, MAX_GAME_ACTIONS, Phase, ResignRefusal,
    Resignation, SetupError, Waiting,
};
pub use ids::{
    GameStateCode, MatchIdError, MatchIdFields, PositionIdError, match_id, match_id_fields,
    position_from_id, position_id,
};
/// Backgammon's own generator, for the crate (bots that play only backgammon's moves); a
/// user of the crate asks the rule set: [`Variant::legal_plays`].
pub(crate) use movegen::{legal_plays, legal_plays_into};
pub use notation::{NotationError, format_play, parse_play, parse_play_in};
pub use place::Place;
pub use play::{MAX_STEPS, Play, PlayError, Step, Steps};
pub use position::{Geometry, Position, PositionError};
pub use restore::{RestoreError, match_state_from_ids};
pub use rules::{DEFAULT_CUBE_CAP, RuleSet, Rules, RulesError, UnknownRuleSet};
pub use scoring::{Ending, GameResult, WinKind, schmidt_points};
pub use session::{CrawfordState, GameSetup, MatchError, MatchState};
pub use side::{Side, UnknownSide};
pub use turn::{Destination, DieStep, IllegalStep, TurnBuilder, TurnError};
pub use variant::{
    Opening, UnknownVariant, Variant, VariantError, VariantRules, Verdict, follow_steps,
};
pub use xgid::{Xgid, XgidError, parse_xgid, xgid};
