//! What the viewer's screen shows: the board model of the moment, its overlays, and the
//! rows of the move list.

use super::Viewer;
use super::keys::viewer_help_rows;
use crate::tui::model::{BoardModel, ClockShow, LastMove, MoveRow, Overlay, Spot};
use bg_tui::clock::format_left;
use bg_tui::engine::{CrawfordState, Side};
use bg_tui::replay::{Moment, MomentKind, Timeline, result_text, score_text};
use std::time::Duration;

/// The board model of the moment the viewer shows.
pub(super) fn model(v: &Viewer) -> BoardModel {
    let t = &v.timeline;
    let moment = t.moment(v.at);
    let rules = t.rules();
    let mut model = BoardModel {
        position: moment.board.position,
        on_roll: moment.board.on_roll,
        bottom: Side::White,
        to_act: Some(moment.board.on_roll),
        answering: false,
        names: t.names().clone(),
        bots: [None, None],
        cube: rules.uses_cube().then_some(moment.cube),
        dice: moment.board.dice,
        dice_used: moment.board.dice_played(),
        match_length: rules.match_length,
        score: moment.score,
        crawford: match moment.crawford {
            CrawfordState::Before => String::new(),
            CrawfordState::Crawford => "Crawford game".to_string(),
            CrawfordState::PostCrawford => "post-Crawford".to_string(),
        },
        rules: crate::tui::rules_lines::rules_lines(
            rules,
            // The moment's game counts from 0, as the rules' cycle does.
            moment.game,
            &moment.board.position,
            moment.board.on_roll,
            Side::White,
            &|side| t.name(side).to_string(),
        ),
        // The board as text is the game's on request (`i`); the viewer's panel keeps its
        // rows for the move list.
        board_text: None,
        xgid: None,
        position_id: moment.position_id().unwrap_or_default(),
        match_id: moment.match_id().unwrap_or_default(),
        // No cursor: a spot off the board.
        cursor: Spot::Point(0),
        // The checker just moved is marked as if picked up.
        picked: moment.board.moved.map(|step| Spot::from(step.to)),
        targets: Vec::new(),
        status: board_status(v, t.label(v.at)),
        message: v
            .said
            .clone()
            .or_else(|| v.analysis().map(str::to_string))
            .or_else(|| board_line(v))
            .unwrap_or_else(|| where_text(v)),
        last_play: String::new(),
        last_move: None,
        log: Vec::new(),
        log_scroll: 0,
        clocks: clocks(v, moment),
        tutor: false,
        saving: String::new(),
        overlay: overlay(v, moment),
        command_line: None,
        ascii: v.options.ascii,
        color: v.options.color,
        palette: v.options.palette,
    };
    if v.board.on && v.board.better {
        show_better_play(v, &mut model);
    }
    model
}

/// The analysis board's line: its progress, or the decisions of the moment with their
/// marks and equities, or the way to the next mistake.
fn board_line(v: &Viewer) -> Option<String> {
    let board = &v.board;
    if !board.on {
        return None;
    }
    if let Some(line) = board.progress_line() {
        return Some(line);
    }
    let decisions = v.decisions_shown();
    // A roll gnubg would mark (lucky, very unlucky...) is said first.
    let luck = v
        .luck_shown()
        .and_then(|r| r.mark.map(|mark| (r, mark)))
        .map(|(r, mark)| {
            let side = r.side;
            format!(
                "{}'s {}-{}: {} ({:+.3})",
                v.timeline.name(side),
                r.dice[0],
                r.dice[1],
                mark.words(),
                r.luck
            )
        });
    if decisions.is_empty() && luck.is_none() {
        let note = board
            .note
            .as_deref()
            .map_or(String::new(), |n| format!("{n}; "));
        return Some(format!(
            "{note}analysis: m / M next / previous mistake, s summary, A hides"
        ));
    }
    let t = &v.timeline;
    // The decisions that lost equity, if any (a roll's "no double" beside its play).
    let lost: Vec<_> = decisions.iter().filter(|j| j.loss > 0.0).collect();
    let shown = if lost.is_empty() {
        decisions.iter().collect()
    } else {
        lost
    };
    let lines: Vec<String> = luck
        .into_iter()
        .chain(shown.iter().map(|j| {
            let side = j.side;
            super::analysis_board::judged_line(j, t.name(side))
        }))
        .collect();
    Some(bg_tui::printable::printable(&lines.join("; "), 300))
}

/// The status line on the analysis board: what `b` shows where the expert plays otherwise.
fn board_status(v: &Viewer, status: String) -> String {
    if !v.board.on || !v.decisions_shown().iter().any(|j| j.best_play.is_some()) {
        return status;
    }
    if v.board.better {
        status + "   b: the play made"
    } else {
        status + "   b: the expert's play"
    }
}

/// Puts the expert's better play of the moment on the board, its checker moves marked.
fn show_better_play(v: &Viewer, model: &mut BoardModel) {
    let Some(j) = v
        .decisions_shown()
        .into_iter()
        .find(|j| j.best_play.is_some())
    else {
        return;
    };
    let Some(best) = &j.best_play else {
        return;
    };
    let side = j.side;
    model.position = best.position;
    model.on_roll = side;
    model.picked = None;
    model.last_move = Some(LastMove {
        side,
        steps: best
            .steps
            .iter()
            // Read from a saved analysis: a step with a number that is no place is left out.
            .filter_map(|&(from, to, hit)| {
                Some(bg_tui::engine::Step {
                    from: bg_tui::engine::Place::new(from)?,
                    to: bg_tui::engine::Place::new(to)?,
                    hit,
                })
            })
            .collect(),
    });
    model.status = format!("The expert's play: {}   b: the play made", j.best);
    // After a play the IDs are the opponent's, on roll next.
    model.position_id = bg_tui::engine::position_id(&best.position.switched());
}

/// The players' reserves after the moment's action (at the start of a game: full).
fn clocks(v: &Viewer, moment: &Moment) -> Option<[ClockShow; 2]> {
    let clock = v.options.clock.as_ref()?;
    let full = u64::try_from(clock.kind.reserve().as_millis()).unwrap_or(u64::MAX);
    let readings = clock.reserves_ms.get(moment.game);
    let reading = match moment.action {
        Some(a) => readings
            .and_then(|r| r.get(..=a.min(r.len().saturating_sub(1))))
            .and_then(<[[u64; 2]]>::last)
            .copied(),
        None => None,
    }
    .unwrap_or([full, full]);
    Some(reading.map(|ms| ClockShow {
        left: format_left(Duration::from_millis(ms)),
        running: false,
        flagged: ms == 0,
    }))
}

/// Where in the match the viewer is: "Game 1 of 3, turn 7 (moment 14 of 230)", and the
/// keys for help and quitting.
fn where_text(v: &Viewer) -> String {
    let t = &v.timeline;
    let moment = t.moment(v.at);
    let end = if v.at == t.end() { ", the end" } else { "" };
    format!(
        "Game {} of {}, turn {} (moment {} of {}{end})   ? keys  q quits",
        moment.game + 1,
        t.games(),
        moment.turn,
        v.at + 1,
        t.len()
    )
}

/// The panel over the board: the help, a game's result, the end of a session.
fn overlay(v: &Viewer, moment: &Moment) -> Option<Overlay> {
    if v.help {
        return Some(Overlay::Help(viewer_help_rows()));
    }
    if v.play_menu {
        return Some(Overlay::Question {
            title: "Play on from here".to_string(),
            lines: vec![
                "1  two people at one keyboard".to_string(),
                "2  against the expert (you play the side to act)".to_string(),
                "any other key: back to the replay".to_string(),
            ],
        });
    }
    if let Some(study) = &v.study {
        return Some(Overlay::Question {
            title: study.panel.title.clone(),
            lines: study_lines(study),
        });
    }
    if v.board.summary {
        let mut lines = v.board.summary_lines();
        lines.push("Any key closes this".to_string());
        return Some(Overlay::Question {
            title: v.board.summary_title(),
            lines,
        });
    }
    let t = &v.timeline;
    let rules = t.rules();
    let score = format!(
        "Score: {}{}",
        score_text(t, moment.score),
        rules
            .match_length
            .map_or(String::new(), |n| format!(" (match to {n})"))
    );
    match &moment.kind {
        // The graph is drawn over the board in place of a game's result.
        MomentKind::Result(_) | MomentKind::Stopped if v.graph_shown().is_some() => None,
        MomentKind::Result(result) => {
            let how = bg_tui::replay::ending_words(result);
            let points = if result.points == 1 {
                "1 point".to_string()
            } else {
                format!("{} points", result.points)
            };
            let winner = rules.match_length.and_then(|n| {
                [Side::White, Side::Black]
                    .into_iter()
                    .find(|s| moment.score[s.index()] >= n)
            });
            let next = match winner {
                Some(side) => format!("{} wins the match", t.name(side)),
                None if v.at == t.end() => "The record ends here".to_string(),
                None if t.moment(v.at + 1).kind == MomentKind::Stopped => {
                    "The players stopped the session here".to_string()
                }
                None => "Right or n: the next game".to_string(),
            };
            let mut lines = vec![
                if rules.uses_cube() && moment.variant.has_cube() {
                    format!("{how}, cube {}: {points}", result.cube)
                } else {
                    format!("{how}: {points}")
                },
                score,
                next,
            ];
            // At the end of the match, the analysis board adds each player's figures.
            if v.board.on && v.at == t.end() {
                lines.extend(v.board.summary_lines());
            }
            Some(Overlay::GameOver {
                title: result_text(t, result),
                lines,
            })
        }
        MomentKind::Stopped => Some(Overlay::GameOver {
            title: "The session was stopped".to_string(),
            lines: vec![score],
        }),
        _ => None,
    }
}

/// The study panel's lines: the game's hint panel's, and its keys here.
fn study_lines(study: &super::study::StudyPanel) -> Vec<String> {
    let mut lines = study.panel.lines();
    if study.panel.rollout.is_none() && !study.panel.plays.is_empty() {
        // The game's last line says how to play a line; here none is played.
        lines.retain(|l| !l.contains("Enter or 1-9 plays one"));
        lines.push(format!(
            "{} plays; Up/Down choose, R rolls out; Esc or h closes",
            study.panel.plays.len()
        ));
    }
    lines
}

/// The move list: one row for each stop of the timeline (and for its last moment), with
/// the moment each row stands for.
pub(super) fn move_rows(t: &Timeline) -> (Vec<usize>, Vec<MoveRow>) {
    t.moments()
        .iter()
        .enumerate()
        .filter(|(i, moment)| moment.kind.is_stop() || *i == t.end())
        .map(|(i, moment)| (i, row(moment)))
        .unzip()
}

/// One row of the move list.
fn row(moment: &Moment) -> MoveRow {
    let roll = moment
        .board
        .dice
        .map(|d| format!("{}-{}", d.high(), d.low()))
        .unwrap_or_default();
    let turn = format!("{:>2} {roll}", moment.turn);
    let (side, text) = match &moment.kind {
        MomentKind::GameStart => (
            None,
            format!(
                "Game {} ({}-{})",
                moment.game + 1,
                moment.score[0],
                moment.score[1]
            ),
        ),
        MomentKind::Play { side, notation } if notation.is_empty() => {
            (Some(*side), format!("{turn} can't move"))
        }
        MomentKind::Play { side, notation } => (Some(*side), format!("{turn} {notation}")),
        MomentKind::Step { side, notation, .. } => (Some(*side), format!("{turn} {notation}")),
        MomentKind::Roll { side } | MomentKind::Opening { side, .. } => (Some(*side), turn),
        MomentKind::OpeningTie { .. } => (None, "   opening tie".to_string()),
        MomentKind::Double { side, value } => (Some(*side), format!("   doubles to {value}")),
        MomentKind::Take { side, value } => (Some(*side), format!("   takes, cube {value}")),
        MomentKind::Beaver { side, value } => (Some(*side), format!("   beavers, cube {value}")),
        MomentKind::Drop { side } => (Some(*side), "   passes".to_string()),
        MomentKind::Resign { side, level } => (Some(*side), format!("   offers a {level}")),
        MomentKind::Accept { side } => (Some(*side), "   accepts".to_string()),
        MomentKind::Decline { side } => (Some(*side), "   declines".to_string()),
        MomentKind::TakeOver { side } => (Some(*side), "   taken over".to_string()),
        MomentKind::Result(result) => (
            result.winner,
            format!(
                "   wins {} point{}",
                result.points,
                if result.points == 1 { "" } else { "s" }
            ),
        ),
        MomentKind::Stopped => (None, "Session stopped".to_string()),
    };
    MoveRow { side, text }
}
