//! The drill in the game (`:drill`): the quiz of the player's own mistakes
//! ([`crate::tui::drill`]) opened over the match from the save folder's analysed records;
//! it takes the keys and its workers' answers until it is left (`q`, Esc; an answer that
//! comes after is dropped), while the match goes on underneath (a bot's answer, a save).
//! This part is the only holder of the drill.

use super::Said;
use crate::tui::drill::{Drill, DrillOptions, drill_of};
use crate::tui::event::Event;
use crate::tui::msg::Msg;
use bg_tui::drill::DEFAULT_MIN_LOSS;
use std::path::Path;

/// The drill over the match, while it is open.
#[derive(Debug, Default)]
pub(super) struct DrillDesk {
    /// The drill, while it is open.
    drill: Option<Box<Drill>>,
}

/// What the drill made of an event it took.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct DrillTook {
    /// The screen must be redrawn.
    pub(super) redraw: bool,
    /// The drill was left with this event: what the message line says of it.
    pub(super) left: Option<String>,
}

impl DrillDesk {
    /// Opens the drill of the records in `saves` (the game's save folder, if any), drawn
    /// as `options` say; `clocks`: the game has clocks, which would run on under it.
    /// Returns why not, when it cannot.
    pub(super) fn open(
        &mut self,
        saves: Option<&Path>,
        clocks: bool,
        options: DrillOptions,
    ) -> Said {
        if clocks {
            return Some("no drill in a game with clocks: they would run on under it".to_string());
        }
        let Some(dir) = saves else {
            return Some("the drill reads the save folder, and this game has none".to_string());
        };
        match drill_of(dir, DEFAULT_MIN_LOSS, options) {
            Ok(drill) => {
                self.drill = Some(Box::new(drill));
                None
            }
            Err(e) => Some(bg_tui::printable::printable(&e.to_string(), 300)),
        }
    }

    /// Hands a key to the drill while it is open (closing it once it is left), and keeps
    /// the mouse off the board under it: `Some` when the drill took the event, `None` when
    /// the game takes it (a bot's answer, a save, a resize).
    pub(super) fn takes(&mut self, event: &Event) -> Option<DrillTook> {
        let drill = self.drill.as_mut()?;
        let took = |redraw| Some(DrillTook { redraw, left: None });
        match event {
            Event::Key(key) => {
                let redraw = drill.handle(Event::Key(*key));
                if drill.has_quit() {
                    let (hits, misses) = drill.tally();
                    self.drill = None;
                    return Some(DrillTook {
                        redraw: true,
                        left: Some(format!(
                            "back to the game after the drill: {hits} right, {misses} wrong"
                        )),
                    });
                }
                took(redraw)
            }
            Event::Mouse(_) => took(false),
            Event::Msg(Msg::Drill(news)) => took(drill.news(news.clone())),
            _ => None,
        }
    }

    /// The drill, while it is open, to start its work.
    pub(super) fn get_mut(&mut self) -> Option<&mut Drill> {
        self.drill.as_deref_mut()
    }

    /// The drill, while it is open.
    pub(super) fn get(&self) -> Option<&Drill> {
        self.drill.as_deref()
    }
}
