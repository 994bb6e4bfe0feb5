//! bg-tui: backgammon for the terminal.
//!
//! The [`engine`] module holds the rules: positions, dice, legal plays, the cube, matches,
//! scoring, GNU Backgammon's Position ID and Match ID, and move notation.

pub mod engine;
pub mod bench;
