//! The position form of `bg-tui moves --board` (issue 9): the engine's own type.

pub(crate) use bg_tui::engine::BoardSpec;
