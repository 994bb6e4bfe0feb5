//! What the table says of the match in words: the status line's "what to do now", the
//! match's questions over the board (a double, a resignation, the game over), the log's
//! line for an action, the result, and the lines of the questions the keys ask about it
//! (the resign menu, the ways a checker can go, where to save a match the disk refused).
//! A value read from the table and the players' names, not a part: it changes nothing.

use super::match_table::Table;
use super::{plural, point_name};
use crate::tui::model::Overlay;
use bg_tui::bot::BotSpec;
use bg_tui::engine::{
    Action, CrawfordState, DieStep, GameResult, MatchState, Phase, Play, RuleSet, Side, WinKind,
    format_play,
};
use bg_tui::host::seats::Player;

/// The table's words about its match, with the players' names.
pub(super) struct MatchWords<'a> {
    /// The match.
    table: &'a Table,
    /// The players' names, indexed by [`Side::index`].
    names: &'a [String; 2],
}

impl<'a> MatchWords<'a> {
    /// The words of `table`'s match, naming the players `names`.
    pub(super) const fn new(table: &'a Table, names: &'a [String; 2]) -> MatchWords<'a> {
        MatchWords { table, names }
    }

    /// The name of the player of `side`.
    pub(super) fn name(&self, side: Side) -> &'a str {
        &self.names[side.index()]
    }

    /// The bot playing each side, by name, if a bot does (the strongest for the game's
    /// variant where the computer took a side over at a time-out).
    pub(super) fn bots(&self) -> [Option<String>; 2] {
        let game = self.table.game();
        [Side::White, Side::Black].map(|side| {
            match (self.table.seats().player(side), game.is_taken_over(side)) {
                (_, true) => Some(bg_tui::bot::strongest_for(game.variant()).to_string()),
                (Player::Bot(spec), _) => Some(spec.to_string()),
                _ => None,
            }
        })
    }

    /// The reminder under the board: the help key, and the command that changes who plays
    /// now. Where the computer plays a side a person started with, `:human` gives it back;
    /// where bots play both sides from the start, `:human` lets people play; else `:bot`
    /// (naming [`Self::suggested_bot`]) lets the computer play the side to act.
    pub(super) fn reminder(&self) -> String {
        let seats = self.table.seats();
        let bots = self.bots();
        let people_first: Vec<Side> = [Side::White, Side::Black]
            .into_iter()
            .filter(|s| seats.person_first(*s))
            .collect();
        if people_first.is_empty() {
            "? lists the keys; :human lets people play both sides".to_string()
        } else if people_first.iter().any(|s| bots[s.index()].is_some()) {
            "? lists the keys; :human takes your side back from the computer".to_string()
        } else {
            format!(
                "? lists the keys; :bot {} lets the computer play the side to act",
                self.suggested_bot()
            )
        }
    }

    /// The bot the reminder under the board names for `:bot`: one that plays a side now
    /// (an engine over UBGI aside, whose command is no short reminder), else the strongest
    /// for the game's variant.
    fn suggested_bot(&self) -> String {
        let seats = self.table.seats();
        [Side::White, Side::Black]
            .into_iter()
            .find_map(|side| match seats.player(side) {
                Player::Bot(spec) if !matches!(spec, BotSpec::Ubgi(_)) => Some(spec.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| bg_tui::bot::strongest_for(self.table.game().variant()).to_string())
    }

    /// Where the match stands with the Crawford rule, for the panel (empty before it).
    pub(super) fn crawford(&self) -> String {
        match self.table.state().crawford() {
            CrawfordState::Before => String::new(),
            // The game just over is not the Crawford game: the next one is.
            CrawfordState::Crawford if self.table.game().result().is_some() => {
                "the next game is the Crawford game".to_string()
            }
            CrawfordState::Crawford => "Crawford game".to_string(),
            CrawfordState::PostCrawford => "post-Crawford".to_string(),
        }
    }

    /// A game's result in a sentence: who won what.
    pub(super) fn result_line(&self, result: &GameResult) -> String {
        bg_tui::replay::describe_result(result, |side| self.name(side))
    }

    /// What to do now, for the status line: `picked` when a checker is picked up,
    /// `asks_double` when the person on roll is asked about doubling (auto-roll does not
    /// roll for them), `computer` what the computer is doing when the side to act is its
    /// own ([`MatchWords::computer_status`]).
    pub(super) fn status(
        &self,
        picked: bool,
        asks_double: bool,
        computer: Option<String>,
    ) -> String {
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
        if let Some(status) = computer {
            return status;
        }
        let on_roll = self.name(game.turn());
        match game.phase() {
            Phase::Opening => "Press r for the opening roll".to_string(),
            Phase::Rolling => match game.may_double() {
                Ok(()) if asks_double => format!("{on_roll}: roll (r) or double (d)"),
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
                    let what = if picked {
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
                let beaver = if beavered.apply(Action::Beaver).is_ok() {
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

    /// What the computer is doing, when the side to act is the computer's: `shown` the bot's
    /// play being shown a checker at a time, `asked` whether a bot is being asked (auto
    /// bear-off asks one for a person).
    pub(super) fn computer_status(&self, shown: Option<&Play>, asked: bool) -> Option<String> {
        let game = self.table.game();
        let side = game.to_act()?;
        if let Some(play) = shown {
            let dice = game.dice()?;
            return Some(format!(
                "{} plays {}-{}: {}",
                self.name(game.turn()),
                dice.high(),
                dice.low(),
                format_play(play)
            ));
        }
        if !self.table.seats().has_bot(side) && !asked {
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

    /// The log's line for `action`, just made by `actor` (`None`: the action writes its
    /// own, as the opening roll and a take-over do).
    pub(super) fn action_line(&self, action: Action, actor: Side) -> Option<String> {
        let who = self.name(actor);
        let game = self.table.game();
        match action {
            Action::OpeningRoll { .. } | Action::TakeOver(_) => None,
            Action::Roll(dice) => Some(format!("{who} rolls {}-{}", dice.high(), dice.low())),
            Action::Play(_) => Some(self.table.last_play().to_string()),
            Action::Double => Some(format!("{who} doubles to {}", game.offered_value())),
            Action::Take => Some(format!("{who} takes")),
            Action::Drop => Some(format!("{who} passes")),
            Action::Beaver => Some(format!("{who} beavers to {}", game.offered_value())),
            Action::Resign(level) => Some(format!("{who} offers to resign a {level}")),
            Action::AcceptResignation => Some(format!("{who} accepts the resignation")),
            Action::DeclineResignation => Some(format!("{who} declines the resignation")),
        }
    }

    /// The log's line between two games, once the next has started.
    pub(super) fn next_game_line(&self) -> String {
        let number = self.table.state().game_number();
        match self.table.state().rules().rule_set {
            RuleSet::Tavli => format!("── game {number}: {} ──", self.table.game().variant()),
            _ => format!("── game {number} ──"),
        }
    }

    /// What the person is told when the session ends after a money game: `full` when the
    /// record is as long as a record may be.
    pub(super) fn session_over(full: bool) -> &'static str {
        if full {
            "the session is over: its record is as long as a record may be; q quits"
        } else {
            "the session is over: q quits"
        }
    }

    /// The question of a match that cannot be saved where it goes: why, and where it can
    /// go, with the file name `typed` so far.
    pub(super) fn rescue_lines(&self, typed: &str) -> Vec<String> {
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

    /// The resign menu's lines: only what the rule set can score, each with what it would
    /// score now.
    pub(super) fn resign_menu(&self) -> Vec<String> {
        let game = self.table.game();
        let highest = game.variant().rules().highest_win();
        let by = game.to_act().unwrap_or_else(|| game.turn());
        // A level scoring no more than the one below it is no other choice (under Schmidt
        // scoring every level scores the checkers the loser has left).
        let mut last = 0;
        [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
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
            .collect()
    }

    /// The lines of "Which way?": each way the picked checker can go, numbered.
    pub(super) fn ways(paths: &[Vec<DieStep>]) -> Vec<String> {
        paths
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
            .collect()
    }

    /// The match's question over the board: the game over, a resignation, a double.
    pub(super) fn match_question(&self) -> Option<Overlay> {
        let game = self.table.game();
        let rules = self.table.state().rules();
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
                if rules.beaver && rules.is_money() {
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

    /// The panel of a game just over: the result, the score, and what comes next.
    pub(super) fn game_over_panel(&self, result: &GameResult) -> Overlay {
        let (w, b) = (self.name(Side::White), self.name(Side::Black));
        let m = self.table.state();
        let rules = m.rules();
        let mut lines = vec![
            if rules.uses_cube() && game_has_cube(m) {
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
                rules
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
            } else if rules.is_money() {
                "Another game? y or n".to_string()
            } else {
                "Enter: next game".to_string()
            });
            self.result_line(result)
        };
        Overlay::GameOver { title, lines }
    }
}

/// The game in progress is played with the cube (Tavli's games and Plakoto have none).
fn game_has_cube(m: &MatchState) -> bool {
    m.game().variant().has_cube()
}
