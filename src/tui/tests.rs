//! The terminal game's tests, one module a file: keys, games, bots, hints and rollouts,
//! tutor, setup, saves, the effects `update` returns and the replay viewer driven by key
//! scripts with seeded dice, and the screens as insta snapshots (`snapshots/`, at 80x24 and
//! 120x40). They drive the game's parts directly, so they live in the program beside them;
//! the tests that run the program are in `tests/cli`.

pub(crate) mod common;

mod analysis_panels;
mod drill_screen;
mod replay_viewer;
mod tui_bots;
mod tui_effects;
mod tui_faults;
mod tui_games;
mod tui_keys;
mod tui_render;
mod tui_rollout;
pub(crate) mod tui_saves;
mod tui_setup;
mod tui_tutor;
mod viewer_study;
