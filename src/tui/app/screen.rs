//! What the screen shows: the board model, put together from the parts' views.

use super::match_words::MatchWords;
use super::{App, AutoRoll, Mode, point_spot};
use bg_tui::engine::{Phase, Side};

use crate::tui::model::BoardModel;

impl App {
    /// The table's words about the match, with the players' names.
    pub(super) fn words(&self) -> MatchWords<'_> {
        MatchWords::new(&self.table, &self.options.names)
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
        let words = self.words();
        let computer = words.computer_status(
            self.questions.shown_play(),
            self.questions.pending().is_some(),
        );
        let asks_double = self.options.auto_roll != AutoRoll::Always;
        let reminder = game.result().is_none().then(|| words.reminder());
        let mut model = BoardModel {
            position,
            on_roll: game.turn(),
            bottom: self.orientation().bottom(),
            to_act,
            answering: matches!(game.phase(), Phase::DoubleOffered | Phase::Beavered)
                || game.resignation().is_some(),
            names: self.options.names.clone(),
            bots: words.bots(),
            cube: self.options.rules.uses_cube().then_some(game.cube()),
            dice: game.dice(),
            dice_used: self
                .table
                .turn()
                .map_or_else(Vec::new, |t| t.made().iter().map(|ds| ds.die).collect()),
            match_length: self.options.rules.match_length,
            score: [m.score(Side::White), m.score(Side::Black)],
            crawford: words.crawford(),
            rules: crate::tui::rules_lines::rules_lines(
                &self.options.rules,
                m.game_number().saturating_sub(1),
                game.position(),
                game.turn(),
                self.orientation().bottom(),
                &|side| words.name(side).to_string(),
            ),
            board_text: (!game.variant().has_position_id() && self.options.board_text)
                .then(|| bg_tui::engine::BoardSpec::of_position(game.position()).to_json()),
            xgid: (game.variant().has_position_id() && self.options.board_text)
                .then(|| self.table.xgid()),
            position_id: m.position_id().unwrap_or_default(),
            match_id: m.match_id().unwrap_or_default(),
            cursor: self.input.cursor_spot(self.orientation().flipped()),
            picked: self.input.picked().map(point_spot),
            targets,
            status: words.status(self.input.picked().is_some(), asks_double, computer),
            message: self
                .status
                .shown(self.leaving.waiting_line(self.table.saving()), reminder),
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
