//! The terminal game's tests (the `tui` feature), one module a file: keys, games, bots, hints
//! and rollouts, tutor, setup, saves, the effects `update` returns and the replay viewer
//! driven by key scripts with seeded dice, and the screens as insta snapshots (`snapshots/`,
//! at 80x24 and 120x40). One test binary for them all: one link instead of one a file.

#[path = "../common/mod.rs"]
mod common;

mod replay_viewer;
mod tui_bots;
mod tui_effects;
mod tui_faults;
mod tui_games;
mod tui_keys;
mod tui_render;
mod tui_rollout;
mod tui_saves;
mod tui_setup;
mod tui_tutor;
