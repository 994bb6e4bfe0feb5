//! The match on disk, as the game sees it: a saved match taken up again
//! ([`App::resumed`]), the saves [`App::update`] asks for (`s`, `:save`, the autosave after
//! every action) handed to the runtime one at a time and said, once back, on the message
//! line and in the log, and what is said at the end. The state of saving is the host's
//! ([`bg_tui::host::saving`]).

use super::{App, Mode, Options};
use crate::tui::effect::{Effect, SaveRequest};
use crate::tui::msg::Msg;
use bg_tui::engine::Side;
use bg_tui::host::Host;
use bg_tui::host::resume::shown_name;
use bg_tui::host::saving::Saved;
use std::time::Duration;
// What the tests' ways in (resuming a record in hand, saving to a path) need.
#[cfg(test)]
use {
    super::AppError,
    bg_tui::engine::MatchState,
    bg_tui::host::saving::SaveWriter,
    bg_tui::record::Record,
    std::path::{Path, PathBuf},
};

/// How the game ended, for the runtime to say once the terminal is restored: see
/// [`App::end`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The match is safe (or nothing was played): the line to print, where it is and how
    /// to go on with it (empty: nothing to say).
    Saved(String),
    /// A save did not come back at quit: the line says where the match went instead, and
    /// its record is there when no other folder took it (the standard output is the last
    /// place it can go).
    Stuck {
        /// Where the match is, or why it is nowhere.
        line: String,
        /// The match's record, when no folder took it.
        record: Option<String>,
    },
    /// The match could not be saved where it goes nor elsewhere: the line says where it
    /// is; its record is there when it is on no disk at all.
    NotSaved {
        /// Where the match is, or why it is nowhere.
        line: String,
        /// The match's record, when it is on no disk.
        record: Option<String>,
    },
}

/// How long each other folder is given to take the match when a save is stuck.
pub(crate) const RESCUE_WAIT: Duration = Duration::from_secs(2);

impl App {
    #[cfg(test)]
    /// The match of `record` (as [`bg_tui::record::load`] gave it, with `match_state`), going
    /// on where it stopped ([`Host::resume`], saving into `options.saves`): see
    /// [`App::resumed`].
    ///
    /// # Errors
    /// [`AppError::MatchOver`] for a finished match, [`AppError::Bot`] for a bot the record
    /// names that this program does not have.
    pub(crate) fn resume(
        options: Options,
        record: Record,
        match_state: MatchState,
    ) -> Result<App, AppError> {
        let writer = SaveWriter::new(options.saves.clone(), options.rescue.clone());
        let host = Host::resume(record, match_state, writer)?;
        Ok(App::resumed(options, host))
    }

    /// The game in the terminal of `host`, a match taken up again ([`Host::resume`]): its
    /// rules, players and seed replace those of `options` (which give the rest: drawing,
    /// pauses). The message line says which game goes on.
    #[must_use]
    pub(crate) fn resumed(mut options: Options, host: Host) -> App {
        let record = host.record();
        options.rules = record.rules;
        options.seed = record.seed;
        for side in [Side::White, Side::Black] {
            let player = &record.players[side.index()];
            // A name from a file is shown on the screen: no control characters in it.
            options.names[side.index()] = shown_name(&player.name);
        }
        let mut app = App::build(options, host);
        let last_play = app.table.last_play_of_record(&app.options.names);
        app.table.set_last_play(last_play);
        let number = app.table.state().game_number().max(1);
        app.status.say(match app.options.rules.match_length {
            Some(length) => format!("resumed game {number} of the match to {length}"),
            None => format!("resumed game {number} of the money session"),
        });
        app.after_action();
        app
    }

    #[cfg(test)]
    /// The record of the match so far.
    #[must_use]
    pub(crate) fn record(&self) -> &Record {
        self.table.record()
    }

    #[cfg(test)]
    /// Saves the match to `path`, or (`None`) where it was last saved or resumed from, else
    /// under a dated name in the save folder, at once, on this thread (after the saves
    /// asked for before); tells where on the message line and in the log.
    pub(crate) fn save(&mut self, path: Option<PathBuf>) {
        self.table.ask_save(SaveRequest::To(path));
        self.perform(crate::tui::effect::Effects::default());
        self.make_saves();
    }

    /// Makes the saves waiting for the runtime ([`crate::tui::effect::save_job`]), one
    /// after another on this thread, and applies how each went as [`Msg::Saved`], as the
    /// runtime does when a save's worker brings it back: for tests that drive the game
    /// without a runtime, and for the end of the game, when no worker is left to make them.
    /// Returns whether the screen must be redrawn.
    pub(crate) fn make_saves(&mut self) -> bool {
        let mut redraw = false;
        while let Some(job) = self.outbox.take_job::<bg_tui::host::saving::SaveJob>() {
            let saved = crate::tui::effect::Saved::new(job.run());
            let effects = self.update(Msg::Saved(saved));
            redraw |= self.perform(effects);
        }
        redraw
    }

    /// A save is being made on a worker thread (its writer is out, not waiting for the
    /// runtime): the runtime waits for it to come back before the game ends.
    #[must_use]
    pub(crate) fn save_out(&self) -> bool {
        self.leaving.save_out(
            self.table.saving(),
            self.outbox.holds::<bg_tui::host::saving::SaveJob>(),
        )
    }

    /// The save out is given up (it did not come back in time at quit, or a second signal
    /// came): the game ends without it, and the match is saved elsewhere
    /// ([`App::end`]).
    pub(crate) const fn give_up_save(&mut self) {
        self.leaving.give_up();
    }

    #[cfg(test)]
    /// Whether a save out was given up at quit ([`App::give_up_save`]).
    #[must_use]
    pub(crate) const fn save_stuck(&self) -> bool {
        self.leaving.stuck()
    }

    /// The game has ended (the runtime has waited for the save out on a worker, see
    /// [`App::save_out`], or given it up): where the match is, and its record where it is
    /// on no disk. A save given up as stuck: the match saved in the first rescue folder
    /// that takes it within [`RESCUE_WAIT`]. Otherwise the saves asked for are made, a
    /// finished match not kept yet (the disk was full) tried again, and so is an autosave
    /// that failed; a match still not safe is saved in the other places, unless the
    /// players declined.
    pub(crate) fn end(&mut self) -> Ending {
        if self.leaving.stuck() {
            let (line, record) = self.table.rescue_stuck(RESCUE_WAIT);
            return Ending::Stuck { line, record };
        }
        self.make_saves();
        let line = self.table.finish_saving();
        if !self.table.host().unsaved() {
            return Ending::Saved(line);
        }
        Ending::NotSaved {
            line,
            record: self.table.unsaved_record(),
        }
    }

    /// Says on the message line and in the log how a save went.
    pub(super) fn saved(&mut self, saved: &Saved) -> bool {
        let log_len = self.status.log_len();
        match saved {
            Saved::Autosave { line, kept } => {
                let before = self.status.message().to_string();
                if let Some(line) = line {
                    self.status.say(line.clone());
                }
                if let Some(note) = kept {
                    self.status.append(note);
                }
                self.status.note_if_changed(&before);
            }
            Saved::To(line) => {
                self.status.announce(line.clone());
            }
            Saved::NoFolder(line) => self.status.say(line.clone()),
            Saved::BeforeQuit(true) => self.leaving.quit_now(),
            Saved::BeforeQuit(false) => {
                self.leaving.not_saved();
                self.input.set_mode(Mode::Rescue(String::new()));
                self.status.say(
                    "the match is not saved: say where to save it before quitting".to_string(),
                );
                return true;
            }
            Saved::Rescued(Ok(line)) => {
                self.status.announce(line.clone());
                self.leaving.quit_now();
            }
            Saved::Rescued(Err(why)) => {
                self.status.say(why.to_string());
                return true;
            }
        }
        self.status.log_len() != log_len
    }

    /// The players quit: at once, unless the match is not saved (a full disk), or a save is
    /// still to come back ([`super::leaving::Leaving::asked`]); then the autosave is tried
    /// once more after the last save and, if the match is still not safe, they are asked
    /// where to save it ([`Mode::Rescue`]).
    pub(super) fn quit_asked(&mut self) {
        let unsaved = self.table.host().unsaved();
        if self.leaving.asked(self.table.saving(), unsaved) {
            self.outbox.ask(Effect::Save(SaveRequest::BeforeQuit));
        }
    }

    #[cfg(test)]
    /// The match is not safe on the disk (a full disk), and was not saved elsewhere.
    #[must_use]
    pub(crate) fn lost(&self) -> bool {
        self.table.host().unsaved()
    }

    #[cfg(test)]
    /// The match's record, when it is not saved anywhere on the disk.
    #[must_use]
    pub(crate) fn unsaved_record(&self) -> Option<String> {
        self.table.unsaved_record()
    }

    #[cfg(test)]
    /// The saves made at the game's end ([`App::end`] without a save stuck): returns
    /// [`App::farewell`].
    pub(crate) fn finish_saving(&mut self) -> String {
        self.make_saves();
        self.table.finish_saving()
    }

    #[cfg(test)]
    /// The line to print once the terminal is restored: where the match is (kept, or in
    /// the autosave, and how to go on with it), or why it is not saved. Empty when there is
    /// nothing to say (nothing was played).
    #[must_use]
    pub(crate) fn farewell(&self) -> String {
        self.table.host().farewell()
    }

    #[cfg(test)]
    /// Forces the autosave journal's lines to the disk by `sync` (a test's disk that does
    /// not answer): see [`SaveWriter::sync_with`]. Nothing while a save is out.
    pub(crate) fn sync_saves_with(&mut self, sync: bg_tui::journal::SyncFn) {
        if let Some(writer) = self.table.save_writer() {
            writer.sync_with(sync);
        }
    }

    #[cfg(test)]
    /// Says the match was resumed from the autosave file: it is written over as the match
    /// goes on (a new match or one resumed from another file first moves it aside).
    pub(crate) fn owns_autosave(&mut self) {
        if let Some(writer) = self.table.save_writer() {
            writer.own_autosave();
        }
    }

    #[cfg(test)]
    /// Where the finished match was kept, once it is over (with a save folder).
    #[must_use]
    pub(crate) fn kept(&self) -> Option<&Path> {
        self.table.saving().status().kept.as_deref()
    }
}
