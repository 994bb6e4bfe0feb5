//! The drill in the game (`:drill`): the quiz of the player's own mistakes
//! ([`crate::tui::drill`]) opened over the match from the save folder's analysed records;
//! it takes the keys and its workers' answers until it is left (`q`, Esc; an answer that
//! comes after is dropped), while the match goes on underneath (a bot's answer, a save).

use super::{App, Said};
use crate::tui::drill::{Drill, DrillOptions, drill_of};
use crate::tui::event::Event;
use crate::tui::msg::Msg;
use bg_tui::drill::DEFAULT_MIN_LOSS;

impl App {
    /// Opens the drill of the save folder's records, or says why not.
    pub(super) fn open_drill(&mut self) -> Said {
        if self.table.clocks().exist() {
            return Some("no drill in a game with clocks: they would run on under it".to_string());
        }
        let Some(dir) = self.options.saves.clone() else {
            return Some("the drill reads the save folder, and this game has none".to_string());
        };
        let options = DrillOptions {
            ascii: self.options.ascii,
            color: self.options.color,
            palette: self.options.palette,
            ..DrillOptions::default()
        };
        match drill_of(&dir, DEFAULT_MIN_LOSS, options) {
            Ok(drill) => {
                self.drill = Some(Box::new(drill));
                None
            }
            Err(e) => Some(bg_tui::printable::printable(&e.to_string(), 300)),
        }
    }

    /// Hands a key to the drill while it is open (closing it once it is left), and keeps
    /// the mouse off the board under it: `Some` with whether to redraw when the drill took
    /// the event, `None` when the game takes it (a bot's answer, a save, a resize).
    pub(super) fn drill_takes(&mut self, event: &Event) -> Option<bool> {
        let drill = self.drill.as_mut()?;
        match event {
            Event::Key(key) => {
                let redraw = drill.handle(Event::Key(*key));
                if drill.has_quit() {
                    let (hits, misses) = drill.tally();
                    self.drill = None;
                    self.status.say(format!(
                        "back to the game after the drill: {hits} right, {misses} wrong"
                    ));
                    return Some(true);
                }
                Some(redraw)
            }
            Event::Mouse(_) => Some(false),
            Event::Msg(Msg::Drill(news)) => Some(drill.news(news.clone())),
            _ => None,
        }
    }

    /// The drill, while it is open, to start its work.
    pub(crate) fn drill_mut(&mut self) -> Option<&mut Drill> {
        self.drill.as_deref_mut()
    }

    /// The drill, while it is open.
    #[must_use]
    pub(crate) fn drill_open(&self) -> Option<&Drill> {
        self.drill.as_deref()
    }
}
