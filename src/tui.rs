//! The game in the terminal: app state and update, input mapping, the board view, and the
//! terminal runtime. It knows the rules only through the engine's API.

pub mod app;
pub mod bots;
pub use crate::clock;
pub mod commands;
pub mod editor;
pub mod effect;
pub mod event;
pub mod hint;
pub mod hint_rollout;
pub mod keys;
pub mod model;
pub mod msg;
pub mod rule_prose;
pub mod rules_lines;
pub mod start_dialog;
pub mod terminal;
pub mod theme;
pub mod tutor;
pub mod view;
pub mod viewer;
pub mod workers;

pub use app::{App, AppError, AutoRoll, Event, Options, Player, SetUpStart};
pub use model::{BoardModel, ClockShow, LastMove, MoveList, MoveRow, Overlay, Spot};
pub use theme::{Palette, color_wanted};
pub use view::{render, spot_at};
