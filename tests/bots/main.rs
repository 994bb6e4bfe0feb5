//! The bots' tests, one module a file: the greedy, pubeval and expert bots, bot against bot
//! (the arena and `bot-match`) and rollouts. One test binary for them all: one link instead of
//! one a file.

#[path = "../common/mod.rs"]
mod common;

mod bot_expert;
mod bot_greedy;
mod bot_match;
mod bot_pubeval;
mod cube_kind;
mod decide;
// The expert's insides (inputs, nets, their file format, training) are public only with the
// `lab` feature.
#[cfg(feature = "lab")]
mod expert_nets;
mod gnubg_judge;
mod rollout;
