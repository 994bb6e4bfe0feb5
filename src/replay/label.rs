//! Moments and players in words.

use super::{Moment, MomentKind, Timeline};
use crate::engine::{Dice, Ending, GameResult, Side};
use crate::printable::is_unprintable;
use crate::record::PlayerInfo;

/// The longest name shown, in characters (a record may hold any text).
const NAME_CHARS: usize = 20;

/// The names shown for the players, White first: each record name with control characters
/// replaced and cut to 20 characters (the side's name when empty), and, when both come out
/// the same, the side added: "greedy (White)", "greedy (Black)".
#[must_use]
pub fn display_names(players: &[PlayerInfo; 2]) -> [String; 2] {
    let clean = |info: &PlayerInfo, side: Side| {
        let name: String = info
            .name
            .chars()
            .map(|c| if is_unprintable(c) { ' ' } else { c })
            .collect();
        let name = name.trim();
        let mut cut: String = name.chars().take(NAME_CHARS).collect();
        if name.chars().count() > NAME_CHARS {
            cut.push('…');
        }
        if cut.is_empty() {
            side.to_string()
        } else {
            cut
        }
    };
    let names = [
        clean(&players[0], Side::White),
        clean(&players[1], Side::Black),
    ];
    if names[0].to_lowercase() == names[1].to_lowercase() {
        [
            format!("{} (White)", names[0]),
            format!("{} (Black)", names[1]),
        ]
    } else {
        names
    }
}

/// Whether `shown`, a name as [`display_names`] shows it, says already which side it plays:
/// the side's own name, or a name told apart with it ("greedy (White)").
#[must_use]
pub fn name_says_side(shown: &str, side: Side) -> bool {
    let side = side.to_string();
    shown == side || shown.ends_with(&format!("({side})"))
}

/// "3-1", high die first.
pub(super) fn dice_text(dice: Dice) -> String {
    format!("{}-{}", dice.high(), dice.low())
}

/// "1 point", "2 points".
pub(super) fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// The result in words: "Alice wins a gammon and 4 points", "Bob passes: Alice wins 1
/// point", "Bob resigns a single game: Alice wins 2 points".
#[must_use]
pub fn result_text(t: &Timeline, result: &GameResult) -> String {
    describe_result(result, |side| t.name(side))
}

/// The result in words, with each side named by `name`: "Alice wins a gammon and 4 points",
/// "Bob passes: Alice wins 1 point", "Alice pins Bob's mother and wins 2 points", "both
/// mothers are pinned: a draw".
pub fn describe_result<N: std::fmt::Display>(
    result: &GameResult,
    name: impl Fn(Side) -> N,
) -> String {
    let Some(winner_side) = result.winner else {
        return if result.ending == Ending::ActionLimit {
            format!(
                "the game stops at {} actions, the most a game may have: nobody wins, no points",
                crate::engine::MAX_GAME_ACTIONS
            )
        } else {
            "both mothers are pinned: a draw, no points".to_string()
        };
    };
    let winner = name(winner_side);
    let loser = name(winner_side.opponent());
    let won = points(result.points);
    let text = match result.ending {
        Ending::BearOff => format!("{winner} wins a {} and {won}", result.kind),
        Ending::Drop => format!("{loser} passes: {winner} wins {won}"),
        Ending::Resignation => format!("{loser} resigns a {}: {winner} wins {won}", result.kind),
        Ending::Mother => format!("{winner} pins {loser}'s mother and wins {won}"),
        Ending::Draw => "both mothers are pinned: a draw, no points".to_string(),
        Ending::ActionLimit => "the game stops at the most actions a game may have".to_string(),
    };
    if result.points == 0 {
        // A side the computer took over (its clock ran out): the win does not count.
        return format!("{text} (the computer played {winner}'s side: the win does not count)");
    }
    text
}

/// How a game was won, for a result line: "a gammon", "a passed double", "a resigned
/// single game", "a pinned mother", "a draw".
#[must_use]
pub fn ending_words(result: &GameResult) -> String {
    match result.ending {
        Ending::BearOff => format!("a {}", result.kind),
        Ending::Drop => "a passed double".to_string(),
        Ending::Resignation => format!("a resigned {}", result.kind),
        Ending::Mother => "a pinned mother".to_string(),
        Ending::Draw => "a draw".to_string(),
        Ending::ActionLimit => "a game stopped at the action limit".to_string(),
    }
}

/// The score in words: "Alice 2, Bob 1".
#[must_use]
pub fn score_text(t: &Timeline, score: [u32; 2]) -> String {
    format!(
        "{} {}, {} {}",
        t.name(Side::White),
        score[0],
        t.name(Side::Black),
        score[1]
    )
}

/// See [`Timeline::label`].
pub(super) fn moment(t: &Timeline, moment: &Moment) -> String {
    let name = |side: Side| t.name(side).to_string();
    let roll = moment.board.dice.map(dice_text).unwrap_or_default();
    match &moment.kind {
        MomentKind::GameStart => format!(
            "Game {} starts: {}",
            moment.game + 1,
            score_text(t, moment.score)
        ),
        MomentKind::OpeningTie { white, black } => format!(
            "Opening roll: {} {white}, {} {black}: a tie, rolled again",
            name(Side::White),
            name(Side::Black)
        ),
        MomentKind::Opening { white, black, side } => format!(
            "Opening roll: {} {white}, {} {black}: {} plays {roll}",
            name(Side::White),
            name(Side::Black),
            name(*side)
        ),
        MomentKind::Roll { side } => format!("{} rolls {roll}", name(*side)),
        MomentKind::Step {
            side,
            notation,
            made,
            of,
            play,
        } => format!(
            "{} {roll}: {notation} (checker move {made} of {of}; the play: {play})",
            name(*side)
        ),
        MomentKind::Play { side, notation } if notation.is_empty() => {
            format!("{} {roll}: can't move", name(*side))
        }
        MomentKind::Play { side, notation } => format!("{} {roll}: {notation}", name(*side)),
        MomentKind::Double { side, value } => format!("{} doubles to {value}", name(*side)),
        MomentKind::Take { side, value } => {
            format!("{} takes: the cube is at {value}", name(*side))
        }
        MomentKind::Beaver { side, value } => {
            format!("{} beavers: the cube would be {value}", name(*side))
        }
        MomentKind::Drop { side } => format!("{} passes", name(*side)),
        MomentKind::Resign { side, level } => {
            format!("{} offers to resign a {level}", name(*side))
        }
        MomentKind::Accept { side } => format!("{} accepts the resignation", name(*side)),
        MomentKind::Decline { side } => format!("{} declines the resignation", name(*side)),
        MomentKind::TakeOver { side } => format!(
            "The computer plays {}'s side for the rest of the game (its clock ran out)",
            name(*side)
        ),
        MomentKind::Result(result) => result_text(t, result),
        MomentKind::Stopped => format!("The session was stopped: {}", score_text(t, moment.score)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cleaned_cut_and_told_apart() {
        let names = display_names(&[PlayerInfo::bot("greedy"), PlayerInfo::bot("greedy")]);
        assert_eq!(names, ["greedy (White)", "greedy (Black)"]);
        assert!(name_says_side(&names[0], Side::White) && name_says_side(&names[1], Side::Black));
        assert!(!name_says_side(&names[0], Side::Black) && !name_says_side("greedy", Side::White));
        let names = display_names(&[
            PlayerInfo::human("Al\u{1b}[2Jice"),
            PlayerInfo::human(&"B".repeat(50)),
        ]);
        assert_eq!(names[0], "Al [2Jice");
        assert_eq!(names[1], format!("{}…", "B".repeat(20)));
        let names = display_names(&[PlayerInfo::human(" "), PlayerInfo::human("\n")]);
        assert_eq!(names, ["White", "Black"]);
    }
}
