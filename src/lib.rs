//! bg-tui: backgammon for the terminal.
//!
//! The [`engine`] module holds the rules: positions, dice, legal plays, the cube, matches,
//! scoring, GNU Backgammon's Position ID and Match ID, and move notation. It is pure: no
//! terminal, no files, no hidden randomness. Around it: the bots ([`bot`]), game records
//! ([`record`], [`store`], [`mat`]), replays ([`replay`]), a text board ([`text_board`]) and
//! the move-generation benchmark ([`mod@bench`]); with the `tui` feature (on by default),
//! the command line (`cli`) and the game in the terminal (`tui`).
//!
//! A crate that needs only the rules, the bots and the records depends on bg-tui with
//! `default-features = false` and builds without ratatui and crossterm.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod bench;
pub mod bot;
#[cfg(feature = "tui")]
pub mod cli;
pub mod clock;
pub mod engine;
mod files;
pub mod journal;
pub mod mat;
pub mod printable;
pub mod record;
pub mod replay;
pub mod store;
pub mod text_board;
#[cfg(feature = "tui")]
pub mod tui;
