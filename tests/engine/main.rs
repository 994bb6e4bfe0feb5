//! The rules engine's tests, one module a file: positions and their IDs (GNU Backgammon IDs,
//! XGID), notation, turns and movement, the move generator against plainly written references
//! (`reference/`: every rule set from the rules alone), games, cubes and matches, the rule sets
//! and position setup. One test binary for them all: one link instead of one a file.

#[path = "../common/mod.rs"]
mod common;
mod reference;

mod game_cube_match;
mod game_properties;
mod game_variants;
mod gammon_rules;
mod ids;
mod movegen_properties;
mod movegen_reference;
mod notation;
mod rules_movement;
mod rulesets_reference;
mod setup_position;
mod turn;
mod xgid;
