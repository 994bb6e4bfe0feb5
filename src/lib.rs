//! bg-tui: backgammon for the terminal.
//!
//! The [`engine`] module holds the rules: positions, dice, legal plays, the cube, matches,
//! scoring, GNU Backgammon's Position ID and Match ID, and move notation. It is pure: no
//! terminal, no files, no hidden randomness. The rest is presentation: the command line
//! ([`cli`]), a text board ([`text_board`]) and the move-generation benchmark ([`mod@bench`]).

#![warn(missing_docs)]

pub mod bench;
pub mod bot;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod mat;
pub mod record;
pub mod replay;
pub mod store;
pub mod text_board;
pub mod tui;
