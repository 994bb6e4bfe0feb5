//! The bridge to the engine under test: `bg_tui::engine::plays_from_spec`.

use super::board::Rules;
use super::spec::BoardSpec;
use bg_tui::engine::{Dice, Variant, plays_from_spec};

/// The engine's rule set for the reference's.
pub(crate) fn variant(rules: Rules) -> Variant {
    match rules {
        Rules::Backgammon => Variant::Backgammon,
        Rules::Portes => Variant::Portes,
        Rules::Plakoto => Variant::Plakoto,
        Rules::Fevga => Variant::Fevga,
        Rules::Jacquet => Variant::Jacquet,
    }
}

/// The engine's plays of `a`-`b` in `spec`: each resulting board (opponent's view) in the
/// order given, or the engine's error as text.
pub(crate) fn engine_boards(
    rules: Rules,
    spec: &BoardSpec,
    a: u8,
    b: u8,
) -> Result<Vec<BoardSpec>, String> {
    engine_plays(rules, spec, a, b).map(|plays| plays.into_iter().map(|(_, board)| board).collect())
}

/// [`engine_boards`] with each play's notation.
pub(crate) fn engine_plays(
    rules: Rules,
    spec: &BoardSpec,
    a: u8,
    b: u8,
) -> Result<Vec<(String, BoardSpec)>, String> {
    let dice = Dice::new(a, b).map_err(|e| e.to_string())?;
    plays_from_spec(variant(rules), spec, dice)
        .map(|plays| plays.into_iter().map(|p| (p.play, p.board)).collect())
        .map_err(|e| e.to_string())
}
