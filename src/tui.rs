//! The game in the terminal: app state and update, input mapping, the board view, and the
//! terminal runtime. It knows the rules only through the engine's API.

pub(crate) mod app;
pub(crate) mod bots;
pub(crate) mod commands;
pub(crate) mod drill;
pub(crate) mod editor;
pub(crate) mod effect;
pub(crate) mod event;
pub(crate) mod hint;
pub(crate) mod hint_rollout;
pub(crate) mod job;
pub(crate) mod keys;
pub(crate) mod model;
pub(crate) mod msg;
pub(crate) mod rule_prose;
pub(crate) mod rules_lines;
pub(crate) mod start_dialog;
pub(crate) mod terminal;
pub(crate) mod theme;
pub(crate) mod tutor;
pub(crate) mod view;
pub(crate) mod viewer;

pub(crate) use app::{App, AppError, AutoRoll, Options, Player, SetUpStart};
pub(crate) use theme::color_wanted;
// What the tests reach by the short path (the command line's tests drive the game too).
#[cfg(test)]
pub(crate) use {
    app::Event,
    model::{BoardModel, Overlay},
    theme::Palette,
};
#[cfg(test)]
use {
    model::{ClockShow, LastMove, Spot},
    view::spot_at,
};
#[cfg(test)]
pub(crate) mod tests;
