//! What the screen shows: the status line, the panels, and the board model.

use super::{App, AutoRoll, Mode, plural, point_name, point_spot};
use bg_tui::engine::{CrawfordState, GameResult, Phase, Side, WinKind, format_play};

use crate::tui::keys::help_rows;
use crate::tui::model::{BoardModel, Overlay};

impl App {
    /// What to do now, for the status line.
    pub(super) fn status(&self) -> String {
        let game = self.table.game();
        if let Some(result) = game.result() {
            return self.result_line(&result);
        }
        if let Some(r) = game.resignation() {
            return format!(
                "{} offers to resign: {}, accept (y) or decline (n)?",
                self.name(r.by),
                self.name(r.by.opponent())
            );
        }
        if let Some(status) = self.computer_status() {
            return status;
        }
        let on_roll = self.name(game.turn());
        match game.phase() {
            Phase::Opening => "Press r for the opening roll".to_string(),
            Phase::Rolling => match game.may_double() {
                Ok(()) if self.options.auto_roll != AutoRoll::Always => {
                    format!("{on_roll}: roll (r) or double (d)")
                }
                _ => format!("{on_roll}: roll (r)"),
            },
            Phase::Moving(dice) => match self.table.turn() {
                Some(t) if t.dice_needed() == 0 => format!(
                    "{on_roll} rolled {}-{} and cannot move: press a key",
                    dice.high(),
                    dice.low()
                ),
                Some(t) if t.finished().is_some() => {
                    "Enter confirms the move, u takes back a checker".to_string()
                }
                Some(t) => {
                    let left: Vec<String> = t.dice_left().iter().map(u8::to_string).collect();
                    let what = if self.input.picked().is_some() {
                        "drop it on a highlighted spot or press a die"
                    } else {
                        "pick up a checker"
                    };
                    format!("{on_roll} to move, {} left: {what}", left.join(" and "))
                }
                None => String::new(),
            },
            Phase::DoubleOffered => {
                // Beavers on (money play, the cube below its cap): `b` is an answer too.
                let mut beavered = self.table.state().clone();
                let beaver = if beavered.apply(bg_tui::engine::Action::Beaver).is_ok() {
                    ", beaver (b)"
                } else {
                    ""
                };
                format!(
                    "{on_roll} doubles to {}: {}, take (t){beaver} or pass (p)?",
                    game.offered_value(),
                    self.name(game.turn().opponent())
                )
            }
            Phase::Beavered => format!(
                "{} beavers to {}: {on_roll}, take (t) or pass (p)?",
                self.name(game.turn().opponent()),
                game.offered_value()
            ),
            Phase::Over(result) => self.result_line(&result),
        }
    }

    /// What the computer is doing, when the side to act is the computer's (a bot, or auto
    /// bear-off).
    fn computer_status(&self) -> Option<String> {
        let game = self.table.game();
        let side = game.to_act()?;
        if let Some(play) = self.questions.shown_play() {
            let dice = game.dice()?;
            return Some(format!(
                "{} plays {}-{}: {}",
                self.name(game.turn()),
                dice.high(),
                dice.low(),
                format_play(play)
            ));
        }
        if !self.table.seats().has_bot(side) && self.questions.pending().is_none() {
            return None;
        }
        let who = self.name(side);
        Some(match game.phase() {
            Phase::Rolling if game.may_double().is_ok() => {
                format!("{who} is thinking: double or roll")
            }
            Phase::Rolling => format!("{who} is about to roll"),
            Phase::Moving(dice) => format!("{who} plays {}-{}…", dice.high(), dice.low()),
            Phase::DoubleOffered | Phase::Beavered => format!("{who} is thinking: take or pass"),
            _ if game.resignation().is_some() => format!("{who} is thinking about the offer"),
            _ => format!("{who} is thinking"),
        })
    }

    pub(super) fn result_line(&self, result: &GameResult) -> String {
        bg_tui::replay::describe_result(result, |side| self.name(side))
    }

    /// The question of a match that cannot be saved where it goes: why, and where it can go.
    fn rescue_lines(&self, typed: &str) -> Vec<String> {
        let mut lines: Vec<String> = self.table.save_trouble().into_iter().collect();
        lines.push(String::new());
        let dirs: Vec<String> = self
            .table
            .saving()
            .rescue_dirs()
            .iter()
            .map(|d| super::table::shown_path(d))
            .collect();
        if !dirs.is_empty() {
            lines.push(format!("Enter  save it in {}", dirs.join(", or else in ")));
        }
        lines.push(format!("or type a file name, then Enter: {typed}_"));
        lines.push("Esc  back to the game".to_string());
        lines.push("Ctrl-C  quit without saving it".to_string());
        lines
    }

    /// The panel the keys' mode opens: help, or a question asked of the keys.
    pub(super) fn mode_overlay(&self) -> Option<Overlay> {
        let game = self.table.game();
        let question = |title: String, lines: Vec<String>| Some(Overlay::Question { title, lines });
        match self.input.mode() {
            Mode::Help => {
                let mut rows = help_rows(super::PANEL_KEYS);
                rows.extend(crate::tui::rules_lines::difference_rows(game.variant()));
                Some(Overlay::Help(rows))
            }
            Mode::ConfirmQuit => question(
                "Quit bg-tui?".to_string(),
                vec!["y quit, n keep playing".to_string()],
            ),
            Mode::Rescue(typed) => question(
                "The match is not saved".to_string(),
                self.rescue_lines(typed),
            ),
            Mode::ResignMenu => {
                // Only what the rule set can score, each with what it would score now.
                let highest = game.variant().rules().highest_win();
                let by = game.to_act().unwrap_or_else(|| game.turn());
                // A level scoring no more than the one below it is no other choice (under
                // Schmidt scoring every level scores the checkers the loser has left).
                let mut last = 0;
                let lines = [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
                    .iter()
                    .zip(['s', 'g', 'b'])
                    .filter(|(k, _)| **k <= highest)
                    .filter_map(|(k, key)| {
                        let points = game.resignation_points(by, *k);
                        let more = points > last;
                        last = last.max(points);
                        more.then(|| {
                            if game.rules().schmidt {
                                format!(
                                    "{key}  the game ({}: the checkers left)",
                                    plural(points, "point")
                                )
                            } else {
                                format!("{key}  a {k} ({})", plural(points, "point"))
                            }
                        })
                    })
                    .chain(std::iter::once("Esc  keep playing".to_string()))
                    .collect();
                question("Resign how much?".to_string(), lines)
            }
            Mode::ChooseWay(paths) => {
                let lines = paths
                    .iter()
                    .enumerate()
                    .map(|(i, path)| {
                        let steps: Vec<String> = path
                            .iter()
                            .map(|s| {
                                format!(
                                    "{}/{}{}",
                                    point_name(s.step.from.number()),
                                    point_name(s.step.to.number()),
                                    if s.step.hit { "*" } else { "" }
                                )
                            })
                            .collect();
                        format!("{}  {}", i + 1, steps.join(" "))
                    })
                    .collect();
                question("Which way?".to_string(), lines)
            }
            Mode::Play | Mode::Command(..) => None,
        }
    }

    /// The match's question over the board: the game over, a resignation, a double.
    pub(super) fn match_question(&self) -> Option<Overlay> {
        let game = self.table.game();
        let question = |title: String, lines: Vec<String>| Some(Overlay::Question { title, lines });
        if let Some(result) = game.result() {
            return Some(self.game_over_panel(&result));
        }
        if let Some(r) = game.resignation() {
            let points = game.resignation_points(r.by, r.level);
            return question(
                format!("{} offers to resign a {}", self.name(r.by), r.level),
                vec![
                    format!(
                        "{} would win {}",
                        self.name(r.by.opponent()),
                        plural(points, "point")
                    ),
                    "y accept, n decline".to_string(),
                ],
            );
        }
        match game.phase() {
            Phase::DoubleOffered => {
                let mut answer = "t take, p pass".to_string();
                if self.options.rules.beaver && self.options.rules.is_money() {
                    answer.push_str(", b beaver");
                }
                question(
                    format!(
                        "{} doubles to {}",
                        self.name(game.turn()),
                        game.offered_value()
                    ),
                    vec![format!("{}: {answer}", self.name(game.turn().opponent()))],
                )
            }
            Phase::Beavered => question(
                format!(
                    "{} beavers: the cube goes to {}",
                    self.name(game.turn().opponent()),
                    game.offered_value()
                ),
                vec![format!("{}: t take, p pass", self.name(game.turn()))],
            ),
            _ => None,
        }
    }

    pub(super) fn game_over_panel(&self, result: &GameResult) -> Overlay {
        let (w, b) = (self.name(Side::White), self.name(Side::Black));
        let m = self.table.state();
        let mut lines = vec![
            if self.options.rules.uses_cube() && game_has_cube(m) {
                format!(
                    "{}, cube {}: {}",
                    bg_tui::replay::ending_words(result),
                    result.cube,
                    plural(result.points, "point")
                )
            } else {
                format!(
                    "{}: {}",
                    bg_tui::replay::ending_words(result),
                    plural(result.points, "point")
                )
            },
            format!(
                "Score: {w} {} - {b} {}{}",
                m.score(Side::White),
                m.score(Side::Black),
                self.options
                    .rules
                    .match_length
                    .map_or(String::new(), |n| format!(" (match to {n})"))
            ),
        ];
        let title = if let Some(winner) = m.winner() {
            lines.push("q quits".to_string());
            format!("{} wins the match", self.name(winner))
        } else {
            lines.push(if m.is_over() {
                "The session is over: q quits".to_string()
            } else if self.options.rules.is_money() {
                "Another game? y or n".to_string()
            } else {
                "Enter: next game".to_string()
            });
            self.result_line(result)
        };
        Overlay::GameOver { title, lines }
    }

    /// The message line: that a save waits for the disk (see [`leaving::Leaving::waiting_line`](super::leaving::Leaving::waiting_line)) before
    /// what the line says, else a reminder of the keys while nothing is said.
    fn shown_message(&self) -> String {
        let said = self.status.message();
        match self.leaving.waiting_line(self.table.saving()) {
            Some(waiting) if said.is_empty() => waiting,
            Some(waiting) => format!("{waiting} · {said}"),
            None if said.is_empty() && self.table.game().result().is_none() => {
                format!(
                    "? lists the keys; :bot {} lets the computer play the side to act",
                    self.suggested_bot()
                )
            }
            None => said.to_string(),
        }
    }

    /// The bot the reminder names for `:bot`: the one playing a side (an engine over UBGI
    /// aside, whose command is no short reminder), else the strongest for the rule set.
    fn suggested_bot(&self) -> String {
        self.options
            .players
            .iter()
            .find_map(|p| match p {
                super::Player::Bot(spec) if !matches!(spec, bg_tui::bot::BotSpec::Ubgi(_)) => {
                    Some(spec.to_string())
                }
                _ => None,
            })
            .unwrap_or_else(|| bg_tui::bot::strongest_for(self.table.game().variant()).to_string())
    }

    /// What the board shows now.
    #[must_use]
    pub(crate) fn model(&self) -> BoardModel {
        let m = self.table.state();
        let game = m.game();
        let position = self
            .table
            .turn()
            .map_or(*game.position(), |t| *t.position());
        let targets = match (self.input.picked(), self.table.turn()) {
            (Some(from), Some(t)) => t
                .destinations(from)
                .iter()
                .map(|d| point_spot(d.to))
                .collect(),
            _ => Vec::new(),
        };
        let clocks = clock_shows(self.table.clocks());
        let to_act = match game.phase() {
            Phase::Opening | Phase::Over(_) => None,
            _ => game.to_act(),
        };
        let mut model = BoardModel {
            position,
            on_roll: game.turn(),
            bottom: self.orientation().bottom(),
            to_act,
            answering: matches!(game.phase(), Phase::DoubleOffered | Phase::Beavered)
                || game.resignation().is_some(),
            names: self.options.names.clone(),
            bots: [Side::White, Side::Black].map(|side| {
                match (self.table.seats().player(side), game.is_taken_over(side)) {
                    (_, true) => Some(super::table::strongest_bot(game.variant()).to_string()),
                    (super::Player::Bot(spec), _) => Some(spec.to_string()),
                    _ => None,
                }
            }),
            cube: self.options.rules.uses_cube().then_some(game.cube()),
            dice: game.dice(),
            dice_used: self
                .table
                .turn()
                .map_or_else(Vec::new, |t| t.made().iter().map(|ds| ds.die).collect()),
            match_length: self.options.rules.match_length,
            score: [m.score(Side::White), m.score(Side::Black)],
            crawford: match m.crawford() {
                CrawfordState::Before => String::new(),
                // The game just over is not the Crawford game: the next one is.
                CrawfordState::Crawford if game.result().is_some() => {
                    "the next game is the Crawford game".to_string()
                }
                CrawfordState::Crawford => "Crawford game".to_string(),
                CrawfordState::PostCrawford => "post-Crawford".to_string(),
            },
            rules: crate::tui::rules_lines::rules_lines(
                &self.options.rules,
                m.game_number().saturating_sub(1),
                game.position(),
                game.turn(),
                self.orientation().bottom(),
                &|side| self.name(side).to_string(),
            ),
            board_text: (!game.variant().has_position_id() && self.options.board_text)
                .then(|| bg_tui::engine::BoardSpec::of_position(game.position()).to_json()),
            xgid: (game.variant().has_position_id() && self.options.board_text)
                .then(|| self.xgid_now()),
            position_id: m.position_id().unwrap_or_default(),
            match_id: m.match_id().unwrap_or_default(),
            cursor: self.input.cursor_spot(self.orientation().flipped()),
            picked: self.input.picked().map(point_spot),
            targets,
            status: self.status(),
            message: self.shown_message(),
            last_play: self.table.last_play().to_string(),
            last_move: self.table.last_move().cloned(),
            log: self.status.log().cloned().collect(),
            log_scroll: self.status.scroll(),
            clocks,
            tutor: self.options.tutor,
            saving: self.table.save_trouble().unwrap_or_default(),
            overlay: self.overlay(),
            command_line: match self.input.mode() {
                Mode::Command(line, _) => Some(line.clone()),
                _ => None,
            },
            ascii: self.options.ascii,
            color: self.options.color,
            palette: self.options.palette,
        };
        // The editor draws the board, but for a question over it.
        if let super::Screen::Editor(editor) = &self.screen
            && self.input.mode() == &Mode::Play
        {
            editor.view(&self.editor_context(), &mut model);
        }
        model
    }
}

/// The game in progress is played with the cube (Tavli's games and Plakoto have none).
fn game_has_cube(m: &bg_tui::engine::MatchState) -> bool {
    m.game().variant().has_cube()
}

/// The clocks as the board shows them (`None` without clocks).
fn clock_shows(clocks: &bg_tui::host::clocks::Timing) -> Option<[crate::tui::model::ClockShow; 2]> {
    clocks.readings().map(|readings| {
        readings.map(|r| crate::tui::model::ClockShow {
            left: bg_tui::clock::format_left(r.left),
            running: r.running,
            flagged: r.out,
        })
    })
}
