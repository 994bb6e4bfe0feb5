//! The luck of a roll with the cube, as GNU Backgammon measures it (`analysis.c`,
//! `LuckNormal` and `LuckFirst`): what the roll is worth to the roller less what the rolls
//! that could have come are worth on average, each valued at 0-ply after its best play and
//! **cubeful**: the expert ranks the plays by their cubeful value under the game's cube and
//! score (the opponent, about to roll, takes its best cube action after the play; see
//! [`crate::bot::expert::cube`]), in EMG (equity normalised to a single game at the cube of
//! the moment; money play: per unit of the cube). A roll that cannot be played leaves the
//! opponent on roll in the same position, valued by its own cube decision.
//!
//! The opening roll of a game from the starting position is measured against the 30
//! non-doubles, half of them the roller's and half the opponent's (who would have moved
//! first with them), as gnubg does. Rule sets and games without a cube are valued cubeless.

use crate::bot::expert::cube::CubeInfo;
use crate::bot::expert::{ExpertBot, cube_info};
use crate::engine::{Dice, MatchState, Opening, Position};

/// What a unit of EMG is worth at the cube and score `ci` (the player on roll's): in a
/// match, half the match-winning chances between winning and losing a single game at this
/// cube; in money play, the cube's value in points.
pub(crate) fn scale(ci: &CubeInfo) -> f64 {
    match ci.score() {
        None => f64::from(ci.value),
        Some(_) => f64::from(ci.from_emg(1.0) - ci.from_emg(0.0)),
    }
}

/// What a unit of EMG is worth at the decision of the player on roll in `m` ([`scale`]).
pub(crate) fn scale_in(m: &MatchState) -> f64 {
    scale(&cube_info(m))
}

/// The value (EMG) to the roller of rolling `dice` in `position` (the roller's view): its
/// best play's, as `bot` ranks and values them under the cube it holds (the roller's);
/// with no play, the opponent's value of its own roll in the same position, turned.
fn roll_value(bot: &mut ExpertBot, position: &Position, dice: Dice) -> f64 {
    let plays = bot.variant().legal_plays(position, dice);
    if let Some(best) = bot.rank(&plays).first() {
        return f64::from(best.emg);
    }
    match bot.cube() {
        Some(ci) => {
            let theirs = ci.flipped();
            let d = bot.cubeful_cube_decision(&position.switched(), &theirs, 0);
            f64::from(ci.to_emg(ci.turned(d.best_value())))
        }
        None => {
            let p = crate::bot::expert::eval::flip(&bot.chances(&position.switched()));
            f64::from(bot.money_equivalent(&p))
        }
    }
}

/// The 21 rolls with their weights (of 36).
fn rolls() -> impl Iterator<Item = (Dice, f64)> {
    (1..=6u8).flat_map(|a| {
        (a..=6u8).filter_map(move |b| {
            Dice::new(b, a)
                .ok()
                .map(|d| (d, if a == b { 1.0 } else { 2.0 }))
        })
    })
}

/// The luck (EMG) of the roll `dice` about to be played in `m` (the roller on turn), by
/// `bot` at 0-ply.
pub(crate) fn roll_luck(bot: &mut ExpertBot, m: &MatchState, dice: Dice) -> f64 {
    let game = m.game();
    let position = *game.position();
    bot.select_for(m);
    let actual = roll_value(bot, &position, dice);
    let opening = position == Position::START
        && !dice.is_double()
        && game.variant().rules().opening() == Opening::PlayTheOpeningDice;
    if !opening {
        let mean: f64 = rolls()
            .map(|(d, w)| w * roll_value(bot, &position, d))
            .sum::<f64>()
            / 36.0;
        return actual - mean;
    }
    // The opening: half the 30 non-doubles the roller's, half the opponent's, who would have
    // moved first with them (valued under its own view of the cube and score, turned).
    let mine: f64 = rolls()
        .filter(|(d, _)| !d.is_double())
        .map(|(d, _)| roll_value(bot, &position, d))
        .sum();
    let roller = bot.cube();
    bot.set_cube(roller.map(|ci| ci.flipped()));
    let theirs: f64 = rolls()
        .filter(|(d, _)| !d.is_double())
        .map(|(d, _)| roll_value(bot, &position, d))
        .sum();
    bot.set_cube(roller);
    actual - (mine - theirs) / 30.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Cube, GameSetup, Rules, Side};

    fn match_at(length: u32, score: [u32; 2], cube: Cube) -> MatchState {
        let mut m = MatchState::new(Rules::match_to(length)).expect("a match");
        let mut setup = GameSetup::new(Position::START, Side::White);
        setup.score = score;
        setup.cube = cube;
        m.set_up(&setup).expect("set up");
        m
    }

    /// A unit of EMG in match-winning chances: at 3-away 3-away in a 5-point match (Kazaross
    /// XG2: 2-away 3-away 0.59947), half of 0.59947 - 0.40053; in money play the cube.
    #[test]
    fn a_unit_of_emg_is_half_a_single_games_swing() {
        let m = match_at(5, [2, 2], Cube::CENTRED);
        let s = scale_in(&m);
        assert!((s - (0.59947 - 0.40053) / 2.0).abs() < 1e-5, "{s}");
        let mut money = MatchState::new(Rules::money()).expect("money");
        let mut setup = GameSetup::new(Position::START, Side::White);
        setup.cube = Cube::new(4, Some(Side::Black)).expect("a cube");
        money.set_up(&setup).expect("set up");
        assert!((scale_in(&money) - 4.0).abs() < 1e-9);
    }

    /// The opening roll's luck in money play: the start is the same for both sides, so the
    /// 30 non-doubles average out (gnubg's `LuckFirst`) and an opening roll's luck is its
    /// value.
    #[test]
    fn an_opening_rolls_luck_is_its_value() {
        let mut m = MatchState::new(Rules::money()).expect("money");
        m.set_up(&GameSetup::new(Position::START, Side::White))
            .expect("set up");
        let mut bot = ExpertBot::shipped(0).expect("nets");
        for d in [
            Dice::new(3, 1).expect("dice"),
            Dice::new(6, 5).expect("dice"),
        ] {
            let mut rolled = m.clone();
            rolled.apply(crate::engine::Action::Roll(d)).expect("roll");
            let luck = roll_luck(&mut bot, &rolled, d);
            bot.select_for(&m);
            let value = roll_value(&mut bot, &Position::START, d);
            assert!((luck - value).abs() < 1e-4, "{d:?}: {luck} against {value}");
        }
    }
}
