//! What the drill's screen shows: the item's position as a board model, the question and
//! the verdict on the status and message lines, and the details in the side panel's log.

use super::{Drill, drill_help_rows};
use crate::tui::model::{BoardModel, LastMove, Overlay, Spot};
use bg_tui::advisor::Mark;
use bg_tui::drill::{Choice, Item, Kind};
use bg_tui::engine::{CrawfordState, MatchState, Phase, Position, Side};

/// The board model of the item asked (the last one, or a money game's start, when none
/// is left); `None` only should even that not be made.
pub(super) fn model(d: &Drill) -> Option<BoardModel> {
    let item = d.item();
    let m: &MatchState = item
        .or_else(|| d.last.and_then(|i| d.items.get(i)))
        .map(|i| &i.before)
        .or(d.idle.as_ref())?;
    let game = m.game();
    let bottom = item.map_or(Side::White, |i| i.side);
    let names = item.map_or_else(
        || ["White".to_string(), "Black".to_string()],
        |i| i.names.clone(),
    );
    let name = |side: Side| names[side.index()].clone();
    let rules = m.rules();
    let best = best_marked(d, item);
    Some(BoardModel {
        // Once a play is answered, the position after the best play, its moves marked.
        position: best.as_ref().map_or(*game.position(), |(_, after)| *after),
        on_roll: game.turn(),
        bottom,
        to_act: item.and_then(|_| game.to_act()),
        answering: matches!(game.phase(), Phase::DoubleOffered | Phase::Beavered),
        names: names.clone(),
        bots: [None, None],
        cube: (rules.uses_cube() && game.variant().has_cube()).then_some(game.cube()),
        dice: game.dice(),
        dice_used: Vec::new(),
        match_length: rules.match_length,
        score: [m.score(Side::White), m.score(Side::Black)],
        crawford: match m.crawford() {
            CrawfordState::Before => String::new(),
            CrawfordState::Crawford => "Crawford game".to_string(),
            CrawfordState::PostCrawford => "post-Crawford".to_string(),
        },
        rules: crate::tui::rules_lines::rules_lines(
            rules,
            m.game_number().saturating_sub(1),
            game.position(),
            game.turn(),
            bottom,
            &name,
        ),
        board_text: None,
        xgid: None,
        position_id: m.position_id().unwrap_or_default(),
        match_id: m.match_id().unwrap_or_default(),
        cursor: Spot::Point(0),
        picked: None,
        targets: Vec::new(),
        status: status(d, item),
        message: message(d, item),
        last_play: String::new(),
        last_move: best.map(|(marked, _)| marked),
        log: log(d, item),
        log_scroll: 0,
        clocks: None,
        tutor: false,
        saving: String::new(),
        overlay: overlay(d, item),
        command_line: None,
        ascii: d.options.ascii,
        color: d.options.color,
        palette: d.options.palette,
    })
}

/// The status line: which item of how many, and what it asks.
fn status(d: &Drill, item: Option<&Item>) -> String {
    match item {
        Some(item) => format!(
            "Drill ({} more due): {} | {}",
            d.left(),
            item.question(),
            item.setting()
        ),
        None => "Drill: nothing more is due".to_string(),
    }
}

/// The message line: what to do, or the verdict.
fn message(d: &Drill, item: Option<&Item>) -> String {
    if !d.message.is_empty() {
        return d.message.clone();
    }
    let Some(item) = item else {
        return "q leaves the drill".to_string();
    };
    let Some(answered) = &d.answered else {
        return match item.kind() {
            Kind::Play => "your play? Up/Down choose, Enter answers, ? help, q leaves".to_string(),
            _ => "your cube action? Up/Down choose, Enter answers, q leaves".to_string(),
        };
    };
    let chosen = d
        .choices
        .get(answered.chosen)
        .map(Choice::text)
        .unwrap_or_default();
    let best = item.best().map(|c| c.text()).unwrap_or_default();
    if answered.graded.right {
        format!("Right: {chosen} is the best. Enter: next")
    } else if d.valuing.is_some() {
        format!("Wrong: {chosen}: valuing your play...; best: {best}. Enter: next")
    } else {
        format!(
            "Wrong: {chosen} {}; best: {best}. Enter: next",
            loss_words(answered.graded.loss, item.equity_unit())
        )
    }
}

/// What a loss is, in words: "loses 0.123 EMG (bad ?)".
fn loss_words(loss: Option<f64>, unit: &str) -> String {
    match loss {
        Some(l) => match Mark::of(l) {
            Some(mark) => format!("loses {l:.3} {unit} ({} {})", mark.words(), mark.symbol()),
            None => format!("loses {l:.3} {unit}"),
        },
        None => "loses (not valued)".to_string(),
    }
}

/// The side panel's lines: the item's place in the schedule, then after an answer the
/// details (the best with its equity, the play made in the match, the depth), and the
/// session's tally.
fn log(d: &Drill, item: Option<&Item>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(item) = item {
        let box_line = d.schedule.card(&item.key).map_or_else(
            || "new item".to_string(),
            |c| {
                format!(
                    "box {} of {}, {} right {} wrong",
                    c.level,
                    bg_tui::drill::BOXES,
                    c.hits,
                    c.misses
                )
            },
        );
        lines.push(box_line);
        if d.answered.is_some() {
            let j = &item.judged;
            let unit = item.equity_unit();
            lines.push(format!("best: {} ({:+.3} {unit})", j.best, j.best_equity));
            lines.push(format!(
                "in the match: {} ({:+.3} {unit})",
                j.done, j.done_equity
            ));
            lines.push(format!("lost then {:.3} {unit}; {}-ply", j.loss, j.ply));
            lines.extend(rollout_lines(d, item));
        }
    }
    lines.push(format!(
        "this session: {} right, {} wrong",
        d.hits, d.misses
    ));
    lines
}

/// Once answered: the rollout out (its figures so far), or the one kept beside the item's
/// card, or how to make one.
fn rollout_lines(d: &Drill, item: &Item) -> Vec<String> {
    if let Some(rolling) = d.rolling.as_ref().filter(|r| r.key == item.key) {
        let report = rolling.report.clone().unwrap_or_default();
        let mut lines = if report.trials > 0 {
            super::work::kept_of(rolling, &report, 0).lines()
        } else {
            Vec::new()
        };
        lines.push(format!(
            "rolling out: {} of {} trials; Enter: next",
            report.trials, rolling.trials
        ));
        return lines;
    }
    match d.schedule.rollout(&item.key) {
        Some(kept) => kept.lines(),
        None => vec!["no rollout yet: R rolls out".to_string()],
    }
}

/// Once a play is answered, the best play's moves to mark on the board and the position
/// after it.
fn best_marked(d: &Drill, item: Option<&Item>) -> Option<(LastMove, Position)> {
    let item = item?;
    d.answered.as_ref()?;
    match item.best()? {
        Choice::Play(play) => Some((
            LastMove {
                side: item.before.game().turn(),
                steps: play.steps().to_vec(),
            },
            *play.position(),
        )),
        _ => None,
    }
}

/// The help, or the end of the session, over the board.
fn overlay(d: &Drill, item: Option<&Item>) -> Option<Overlay> {
    if d.help {
        return Some(Overlay::Help(drill_help_rows()));
    }
    if item.is_some() {
        return None;
    }
    let mut lines = if d.items.is_empty() {
        vec![
            "No mistakes to drill: the drill asks the decisions".to_string(),
            "of people, not bots, that the analysis saved beside".to_string(),
            "your records judged as errors (bg-tui replay FILE".to_string(),
            "--analyse saves one).".to_string(),
        ]
    } else {
        vec![format!(
            "{} right, {} wrong in this session.",
            d.hits, d.misses
        )]
    };
    if let Some(next) = next_due(d) {
        lines.push(next);
    }
    lines.push("q leaves the drill".to_string());
    Some(Overlay::Question {
        title: "Nothing more is due".to_string(),
        lines,
    })
}

/// When the next item is due, in words, if any item is waiting.
fn next_due(d: &Drill) -> Option<String> {
    let now = (d.options.clock)();
    let due = d
        .items
        .iter()
        .filter_map(|i| d.schedule.card(&i.key))
        .map(|c| c.due)
        .min()?;
    let wait = due.saturating_sub(now);
    Some(if wait < 3600 {
        format!(
            "The next item is due in {} minutes.",
            wait.div_ceil(60).max(1)
        )
    } else if wait < 2 * 86_400 {
        format!("The next item is due in {} hours.", wait.div_ceil(3600))
    } else {
        format!("The next item is due in {} days.", wait / 86_400)
    })
}
