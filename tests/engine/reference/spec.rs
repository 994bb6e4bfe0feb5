//! The position form of `bg-tui moves --board` (issue 9): the engine's own type.

pub use bg_tui::engine::BoardSpec;
