//! `bg-tui replay FILE --text`: the match as plain text, one line per turn.
//!
//! ```text
//! White: Alice, human
//! Black: greedy, bot greedy
//! Rules: 3-point match, Crawford rule, cube up to 64
//! Seed: 42
//!
//! Game 1: Alice 0, greedy 0
//!   Opening roll: Alice 3, greedy 1
//!    1  Alice   3-1  8/5 6/5
//!       greedy  doubles to 2
//!       Alice   passes
//!   greedy wins 1 point: Alice passes; score Alice 0, greedy 1
//! ...
//! ```

use super::label::{dice_text, result_text, score_text};
use super::{Moment, MomentKind, Timeline};
use crate::engine::{CrawfordState, RuleSet, Rules, Side};
use crate::printable::is_unprintable;
use crate::record::{PlayerInfo, PlayerKind, Record};
use std::fmt::Write;

/// The whole match as text: a header (players, rules, seed), then for each game the score
/// before it, one line per turn (the turn's number, who, the roll and the play; a dance as
/// "can't move"), the cube actions and resignations, and the result; then the final score.
#[must_use]
pub fn render(record: &Record, timeline: &Timeline) -> String {
    let mut out = header(record, timeline);
    let width = timeline
        .names()
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0);
    let moments = timeline.moments();
    for i in 0..moments.len() {
        let first_of_action = i == 0
            || (moments[i - 1].game, moments[i - 1].action) != (moments[i].game, moments[i].action);
        if first_of_action && let Some(action) = moments[i].action {
            seat_change_lines(record, moments[i].game, action, &mut out);
        }
        if let Some(line) = moment_line(timeline, moments, i, width) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    // A side handed on after the last action so far.
    if let Some(last) = record.games.len().checked_sub(1) {
        seat_change_lines(record, last, record.games[last].actions.len(), &mut out);
    }
    out.push('\n');
    out.push_str(&ending(timeline));
    out.push('\n');
    out
}

/// The players, the rules and the seed.
fn header(record: &Record, timeline: &Timeline) -> String {
    let mut out = String::new();
    for (side, info) in [Side::White, Side::Black].into_iter().zip(&record.players) {
        let _ = writeln!(out, "{side}: {}, {}", timeline.name(side), kind(info));
    }
    let _ = writeln!(out, "Rules: {}", rules_text(timeline.rules()));
    match timeline.seed() {
        Some(seed) => {
            let _ = writeln!(out, "Seed: {seed}");
        }
        None => out.push_str("Seed: none\n"),
    }
    out
}

/// The line of moment `i` of `moments`, names padded to `width`; `None` for a moment
/// with no line of its own (a checker step, a roll printed with its play, a stop).
fn moment_line(timeline: &Timeline, moments: &[Moment], i: usize, width: usize) -> Option<String> {
    let moment = &moments[i];
    let who = |side: Side| format!("{:<width$}", timeline.name(side));
    let roll = moment.board.dice.map(dice_text).unwrap_or_default();
    let line = match &moment.kind {
        MomentKind::GameStart => game_start(timeline, moment),
        MomentKind::OpeningTie { white, black } => {
            let mut text = format!(
                "  Opening roll: {} {white}, {} {black}: a tie",
                timeline.name(Side::White),
                timeline.name(Side::Black)
            );
            if timeline.rules().auto_doubles > 0 && moment.cube.value() > 1 {
                let _ = write!(text, "; the cube is at {}", moment.cube.value());
            }
            text
        }
        MomentKind::Opening { white, black, .. } => format!(
            "  Opening roll: {} {white}, {} {black}",
            timeline.name(Side::White),
            timeline.name(Side::Black)
        ),
        MomentKind::Roll { side } => {
            // Printed with its play; alone only when the record ends before the play.
            let played = moments.get(i + 1).is_some_and(|next| {
                matches!(next.kind, MomentKind::Step { .. } | MomentKind::Play { .. })
            });
            if played {
                return None;
            }
            format!("  {:>2}  {}  {roll}  (not played)", moment.turn, who(*side))
        }
        MomentKind::Step { .. } | MomentKind::Stopped => return None,
        MomentKind::Play { side, notation } => {
            let play = if notation.is_empty() {
                "can't move"
            } else {
                notation.as_str()
            };
            format!("  {:>2}  {}  {roll}  {play}", moment.turn, who(*side))
        }
        MomentKind::Double { side, value } => {
            format!("      {}  doubles to {value}", who(*side))
        }
        MomentKind::Take { side, value } => {
            format!("      {}  takes (the cube is at {value})", who(*side))
        }
        MomentKind::Beaver { side, value } => {
            format!("      {}  beavers (the cube to {value})", who(*side))
        }
        MomentKind::Drop { side } => format!("      {}  passes", who(*side)),
        MomentKind::Resign { side, level } => {
            format!("      {}  offers to resign a {level}", who(*side))
        }
        MomentKind::Accept { side } => format!("      {}  accepts", who(*side)),
        MomentKind::Decline { side } => format!("      {}  declines", who(*side)),
        MomentKind::TakeOver { side } => {
            format!("      {}  is taken over by the computer", who(*side))
        }
        MomentKind::Result(result) => format!(
            "  {}; score {}",
            result_text(timeline, result),
            score_text(timeline, moment.score)
        ),
    };
    Some(line)
}

/// A game's first line: its number (its rule set in Tavli, the Crawford game), the score,
/// and where a game set up at a position starts.
fn game_start(timeline: &Timeline, moment: &Moment) -> String {
    let crawford = if moment.crawford == CrawfordState::Crawford {
        " (the Crawford game)"
    } else {
        ""
    };
    // A match of several rule sets (Tavli) names each game's.
    let variant = if timeline.rules().rule_set == crate::engine::RuleSet::Tavli {
        format!(" ({})", moment.variant)
    } else {
        String::new()
    };
    let mut text = format!(
        "\nGame {}{variant}{crawford}: {}",
        moment.game + 1,
        score_text(timeline, moment.score)
    );
    // A game played by others than the record's players (a side changed hands after it).
    if let Some(players) = timeline
        .record()
        .games
        .get(moment.game)
        .and_then(|g| g.players.as_ref())
    {
        let _ = write!(
            text,
            "\n  Played by: White {}; Black {}",
            kind(&players[0]),
            kind(&players[1])
        );
    }
    let set_up = timeline
        .record()
        .games
        .get(moment.game)
        .and_then(|g| g.start.as_ref());
    if set_up.is_some() {
        let at = moment.position_id().map_or_else(
            || format!("board {}", moment.board_text()),
            |id| format!("Position ID {id}"),
        );
        let _ = write!(
            text,
            "\n  Set up at {at}, {} on roll",
            timeline.name(moment.board.on_roll)
        );
    }
    text
}

/// "human" or "bot greedy", cleaned of control characters.
/// A line for each side that changed hands at action `action` (from 0) of game `game`
/// (the record's [`seat_changes`](crate::record::GameRecord::seat_changes)): who plays it
/// from there, who did before.
fn seat_change_lines(record: &Record, game: usize, action: usize, out: &mut String) {
    let Some(game_record) = record.games.get(game) else {
        return;
    };
    for change in game_record.seat_changes.iter().filter(|c| c.at == action) {
        let side = Side::from(change.side);
        let now = record.player_at(game, action, side);
        let _ = writeln!(
            out,
            "  From here {side} is played by {} ({} before)",
            kind(now),
            kind(&change.before)
        );
    }
}

fn kind(info: &PlayerInfo) -> String {
    match &info.kind {
        PlayerKind::Human => "human".to_string(),
        PlayerKind::Bot(name) => {
            let name: String = name
                .chars()
                .filter(|&c| !is_unprintable(c))
                .take(20)
                .collect();
            format!("bot {name}")
        }
    }
}

/// The rules in words: "5-point match, Crawford rule, cube up to 64", "Tavli, 5-point
/// match, no cube".
#[must_use]
pub fn rules_text(rules: &Rules) -> String {
    let mut parts = Vec::new();
    if rules.rule_set != RuleSet::Backgammon {
        parts.push(rules.rule_set.to_string());
    }
    match rules.match_length {
        Some(n) => {
            parts.push(format!("{n}-point match"));
            // The Crawford rule is about the cube: the Tavli games have none.
            if rules.crawford && rules.rule_set.has_cube() {
                parts.push("Crawford rule".to_string());
            }
        }
        None => parts.push("money session".to_string()),
    }
    if rules.schmidt {
        parts.push("Schmidt scoring".to_string());
    }
    if rules.uses_cube() {
        parts.push(format!("cube up to {}", rules.cube_cap));
    } else {
        parts.push("no cube".to_string());
    }
    if rules.is_money() {
        if rules.jacoby {
            parts.push("Jacoby rule".to_string());
        }
        if rules.beaver {
            parts.push("beavers".to_string());
        }
        if rules.auto_doubles > 0 {
            parts.push(format!("automatic doubles up to {}", rules.auto_doubles));
        }
    }
    if rules.resign_loses_backgammon {
        parts.push("a resignation loses a backgammon".to_string());
    }
    parts.join(", ")
}

/// The last line: the final score and the winner, or that the match is unfinished or the
/// session was stopped.
fn ending(t: &Timeline) -> String {
    let m = t.last_state();
    let score = score_text(t, [m.score(Side::White), m.score(Side::Black)]);
    if let Some(winner) = m.winner() {
        let length = t.rules().match_length.unwrap_or(0);
        return format!(
            "Final score: {score}: {} wins the {length}-point match",
            t.name(winner)
        );
    }
    if t.stopped() {
        return format!("The session was stopped. Final score: {score}");
    }
    let what = if t.rules().is_money() {
        "session"
    } else {
        "match"
    };
    format!("The {what} is unfinished. Score: {score}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_name_the_rule_set_and_no_crawford_rule_without_a_cube() {
        let tavli = Rules {
            match_length: Some(5),
            ..Rules::of(RuleSet::Tavli)
        };
        assert_eq!(rules_text(&tavli), "Tavli, 5-point match, no cube");
        assert_eq!(
            rules_text(&Rules::match_to(3)),
            "3-point match, Crawford rule, cube up to 64"
        );
        let schmidt = Rules {
            schmidt: true,
            cube: false,
            ..Rules::money()
        };
        assert_eq!(
            rules_text(&schmidt),
            "money session, Schmidt scoring, no cube"
        );
    }
}
