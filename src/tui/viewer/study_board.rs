//! The viewer's study board: its keys and state for the decision shown (the alternatives
//! panel `h`, the way out to a game `P` and to the editor `e`) and for the match graph
//! (`g`, Left and Right along it); the panels themselves are [`super::study`]'s and
//! [`super::graph`]'s.

use super::study::{self, NoStudy, PlayOn, StudyPanel, ViewerExit};
use super::{StudyJob, Viewer, graph};
use crate::tui::event::Event;
use ratatui::crossterm::event::KeyCode;

impl Viewer {
    /// The match before the decision of the moment shown, and the action taken.
    pub(super) fn decision_state(
        &self,
    ) -> Result<&(bg_tui::engine::MatchState, bg_tui::engine::Action), NoStudy> {
        let moment = self.timeline.moment(self.at);
        let action = moment.action.ok_or(NoStudy::NoAction)?;
        let found = self
            .states
            .at(moment.game, action)
            .ok_or(NoStudy::NoAction)?;
        study::start_at(&found.0)?;
        Ok(found)
    }

    /// Opens the study panel on the decision shown: its alternatives are asked of a worker.
    pub(super) fn open_study(&mut self) {
        let (m, done) = match self.decision_state() {
            Ok((m, done)) => (m.clone(), *done),
            Err(why) => {
                self.said = Some(why.to_string());
                return;
            }
        };
        self.last_id += 1;
        let id = self.last_id;
        let ply = self.options.ply;
        self.jobs
            .push(StudyJob::Alternatives(study::AlternativesJob {
                id,
                state: m.clone(),
                done,
                ply,
            }));
        self.study = Some(StudyPanel {
            id,
            state: m,
            panel: study::waiting(ply),
            ready: false,
            rollout: None,
        });
    }

    /// A key while the study panel is open: Up / Down choose a line, `R` rolls the lines
    /// out, Esc or `h` close it. Returns whether the key was the panel's; any other key
    /// closes the panel and is then the viewer's.
    pub(super) fn study_key(&mut self, code: KeyCode) -> bool {
        let Some(study) = self.study.as_mut() else {
            return false;
        };
        match code {
            KeyCode::Up | KeyCode::Down => {
                study.panel.step(code == KeyCode::Down);
                true
            }
            KeyCode::Char('R') => {
                self.last_id += 1;
                let seed = self.last_id.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                match study.roll_out(self.last_id, seed) {
                    Some(job) => self.jobs.push(StudyJob::Rollout(job)),
                    None if !study.ready => {
                        self.said = Some("wait for the alternatives first".to_string())
                    }
                    None if study.rollout.is_some() => {}
                    None => self.said = Some("nothing to roll out here".to_string()),
                }
                true
            }
            KeyCode::Char(c @ ('t' | 'd' | 'c')) if study.rollout.is_none() => {
                // How R rolls out, as the game's panel changes it.
                let now = study.panel.choice.unwrap_or_default();
                study.panel.choice = Some(match c {
                    't' => now.more_trials(),
                    'd' => now.other_depth(),
                    _ => now.next_cut(),
                });
                true
            }
            // Esc stops a rollout first, its result so far kept on the panel.
            KeyCode::Esc if study.rolling_out() => {
                study.stop_rollout();
                true
            }
            KeyCode::Esc | KeyCode::Char('h') => {
                self.close_study();
                true
            }
            _ => {
                self.close_study();
                false
            }
        }
    }

    /// Closes the study panel, stopping its rollout.
    pub(super) fn close_study(&mut self) {
        if let Some(mut study) = self.study.take() {
            study.stop_rollout();
        }
    }

    /// The key answering "who plays on?" (`P`): 1 two people, 2 against the expert; any
    /// other key takes the question back.
    pub(super) fn play_menu_key(&mut self, code: KeyCode) {
        self.play_menu = false;
        match code {
            KeyCode::Char('1') => self.hand_over(Some(PlayOn::HotSeat)),
            KeyCode::Char('2') => self.hand_over(Some(PlayOn::AgainstExpert)),
            _ => {}
        }
    }

    /// Closes the viewer to play on from the moment shown (`who`), or to set its position
    /// up in the editor (`None`), or says why it cannot.
    pub(super) fn hand_over(&mut self, who: Option<PlayOn>) {
        let look = (self.options.ascii, self.options.color, self.options.palette);
        let options = self.decision_state().and_then(|(m, _)| {
            study::play_options(
                m,
                self.timeline.names(),
                who.unwrap_or(PlayOn::HotSeat),
                look,
            )
        });
        match options {
            Ok(options) => {
                self.close_study();
                self.exit = Some(match who {
                    Some(_) => ViewerExit::Play(Box::new(options)),
                    None => ViewerExit::Edit(Box::new(options)),
                });
                self.quit = true;
            }
            Err(why) => self.said = Some(why.to_string()),
        }
    }

    /// Shows or hides the match graph; the first showing asks for the analysis when it was
    /// not asked for.
    pub(super) fn toggle_graph(&mut self) {
        self.graph_on = !self.graph_on;
        if self.graph_on && !self.board.on {
            self.board.toggle();
        }
    }

    /// The graph, when it is shown and made, with the moment of each point.
    pub(super) fn graph_shown(&self) -> Option<&(graph::MatchGraph, Vec<usize>)> {
        self.graph
            .as_ref()
            .filter(|_| self.graph_on && self.board.on)
    }

    /// The point of the graph at the moment shown: the last decision at or before it.
    #[must_use]
    pub(crate) fn graph_point(&self) -> Option<usize> {
        let (_, moments) = self.graph_shown()?;
        moments.iter().rposition(|&m| m <= self.at)
    }

    /// The moment of the next (or previous) point of the graph.
    pub(super) fn graph_step(&self, forward: bool) -> usize {
        let Some((_, moments)) = self.graph_shown() else {
            return self.at;
        };
        let here = self.graph_point();
        let target = match (here, forward) {
            (None, true) => Some(0),
            (None, false) => None,
            (Some(i), true) => Some(i + 1),
            // Past a point's own moment, Left goes back to it first.
            (Some(i), false) if moments.get(i).is_some_and(|&m| m < self.at) => Some(i),
            (Some(i), false) => i.checked_sub(1),
        };
        target
            .and_then(|i| moments.get(i).copied())
            .unwrap_or(self.at)
    }

    #[cfg(test)]
    /// How the viewer hands over to the game as it closes (`P`, `e`), if it does.
    #[must_use]
    pub(crate) const fn exit(&self) -> Option<&ViewerExit> {
        self.exit.as_ref()
    }

    #[cfg(test)]
    /// The study panel, while it is open.
    #[must_use]
    pub(crate) const fn study(&self) -> Option<&StudyPanel> {
        self.study.as_ref()
    }

    #[cfg(test)]
    /// The match graph, once the analysis is made.
    #[must_use]
    pub(crate) fn match_graph(&self) -> Option<&graph::MatchGraph> {
        self.graph.as_ref().map(|(g, _)| g)
    }

    /// The workers to start now (the alternatives, a rollout).
    pub(crate) fn take_study_jobs(&mut self) -> Vec<StudyJob> {
        std::mem::take(&mut self.jobs)
    }
}

/// The game of `options` with its position editor open (as `e` opens it in the game).
///
/// # Errors
/// When the game cannot start from the options.
pub(crate) fn editing_app(
    options: crate::tui::Options,
) -> Result<crate::tui::App, crate::tui::AppError> {
    let mut app = crate::tui::App::new(options)?;
    app.handle(Event::Key(ratatui::crossterm::event::KeyEvent::new(
        KeyCode::Char('e'),
        ratatui::crossterm::event::KeyModifiers::NONE,
    )));
    Ok(app)
}
