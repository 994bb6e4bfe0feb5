//! The match on disk: resuming a saved match, `s` and `:save`, and the autosave after every
//! action (a finished match kept under a dated name).

use super::{App, AppError, Options, Player};
use crate::engine::MatchState;
use crate::engine::{Side, roll_die};
use crate::journal::Journal;
use crate::record::{PlayerKind, Record, RecordedAction, Recorder};
use crate::store;
use rand::RngExt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

impl App {
    /// The match of `record` (as [`crate::record::load`] gave it, with `match_state`), going
    /// on where it stopped: its rules, players and seed replace those of `options` (which
    /// give the rest: drawing, pauses, the save folder). With a seed, the dice go on as
    /// they would have; without one, they are drawn from a fresh seed.
    ///
    /// # Errors
    /// [`AppError::MatchOver`] for a finished match, [`AppError::Bot`] for a bot the record
    /// names that this program does not have.
    pub fn resume(
        mut options: Options,
        record: Record,
        match_state: MatchState,
    ) -> Result<App, AppError> {
        if match_state.is_over() {
            let how = match match_state.winner() {
                Some(side) => format!(
                    "{} won {}-{}",
                    shown_name(&record.players[side.index()].name),
                    match_state.score(side),
                    match_state.score(side.opponent())
                ),
                None => "the session was stopped".to_string(),
            };
            return Err(AppError::MatchOver(how));
        }
        options.rules = record.rules;
        options.seed = record.seed;
        for side in [Side::White, Side::Black] {
            let player = &record.players[side.index()];
            // A name from a file is shown on the screen: no control characters in it.
            options.names[side.index()] = shown_name(&player.name);
            options.players[side.index()] = match &player.kind {
                PlayerKind::Human => Player::Human,
                PlayerKind::Bot(name) => Player::Bot(name.clone()),
            };
        }
        let seed = record.seed.unwrap_or_else(|| rand::rng().random());
        let dice = record.dice_rolled();
        let mut app = App::build(options, seed, Recorder::resume(record), match_state)?;
        if app.recorder.as_record().seed.is_some() {
            for _ in 0..dice {
                roll_die(&mut app.rng);
            }
        }
        app.last_play = app.last_play_of_record();
        let number = app.match_state.game_number().max(1);
        app.message = match app.options.rules.match_length {
            Some(length) => format!("resumed game {number} of the match to {length}"),
            None => format!("resumed game {number} of the money session"),
        };
        app.after_action();
        Ok(app)
    }

    /// The record of the match so far.
    #[must_use]
    pub const fn record(&self) -> &Record {
        self.recorder.as_record()
    }

    /// Saves the match to `path`, or (`None`) where it was last saved or resumed from, else
    /// under a dated name in the save folder; tells where in the message line.
    pub fn save(&mut self, path: Option<PathBuf>) {
        let json = crate::record::to_json(self.recorder.as_record());
        let path = match (path, &self.save_path, &self.options.saves) {
            (Some(path), _, _) => path,
            (None, Some(path), _) => path.clone(),
            (None, None, Some(dir)) => {
                // A dated name of its own: never one another game has just taken.
                let name = store::finished_name(SystemTime::now());
                match store::write_unused(dir, &name, json.as_bytes()) {
                    Ok(path) => {
                        self.message = format!("saved to {}", shown(&path));
                        self.save_path = Some(path);
                    }
                    Err(e) => self.message = format!("not saved: {e}"),
                }
                return;
            }
            (None, None, None) => {
                self.message = "there is no save folder: save with :save PATH".to_string();
                return;
            }
        };
        // As `-o` does: a symbolic link's target replaced, a device written into, never
        // replaced.
        match store::write_output(&path, None, &mut |out| out.write_all(json.as_bytes())) {
            Ok(()) => {
                self.message = format!("saved to {}", shown(&path));
                self.save_path = Some(path);
            }
            Err(e) => self.message = format!("not saved: {e}"),
        }
    }

    /// Writes the match in progress to the autosave (a [`crate::journal`]: only what was
    /// added since the last save is appended); once it is over, keeps it under a dated name
    /// instead and removes the autosave. A failure is shown, and stays on the panel until a
    /// save works again; it is never fatal. Called after every event that added to the
    /// record, and (while a finished match is not kept yet) after every event and at quit.
    ///
    /// A finished match that cannot be kept (a full disk) is written to the autosave
    /// meanwhile, so nothing is lost, and kept at the next try that works; the autosave
    /// goes only then.
    pub(super) fn autosave(&mut self) {
        let Some(dir) = self.options.saves.clone() else {
            return;
        };
        if self.kept.is_some() {
            return;
        }
        if self.autosave_claim.is_none() {
            match self.claim_autosave(&dir) {
                Ok(claim) => self.autosave_claim = Some(claim),
                Err(e) => {
                    // Never overwrite a match this game did not play.
                    self.message = format!("autosave off: {e}");
                    self.save_trouble = Some(format!("autosave off: {e}"));
                    self.options.saves = None;
                    return;
                }
            }
        }
        let over = self.match_state.is_over();
        let record = self.recorder.as_record();
        let Some(claim) = self.autosave_claim.as_mut() else {
            return;
        };
        let kept = if over {
            store::keep_finished(&dir, record, SystemTime::now())
                .map_err(|e| format!("the finished match is not kept yet: {e}"))
        } else {
            Err(String::new())
        };
        if let Ok(path) = kept {
            // Only a journal this game wrote (or was resumed from) is removed.
            if claim.journal.take().is_some() || self.continues_autosave {
                let _ = std::fs::remove_file(&claim.path);
            }
            self.save_trouble = None;
            let note = format!("the match is kept as {}", shown(&path));
            self.message = if self.message.is_empty() {
                note
            } else {
                format!("{} · {note}", self.message)
            };
            self.kept = Some(path);
            return;
        }
        let new_journal = claim.journal.is_none();
        let saved = match claim.journal.as_mut() {
            Some(journal) => journal.save(record),
            None => claim.start_journal(record, self.continues_autosave),
        };
        let not_kept = kept.err().filter(|e| !e.is_empty());
        match (saved, not_kept) {
            (Ok(()), None) => {
                if new_journal && claim.elsewhere {
                    self.message = own_autosave_message(claim);
                } else if self.save_trouble.take().is_some() {
                    self.message = format!("saving works again: {}", shown(&claim.path));
                }
            }
            (saved, not_kept) => {
                // Said once on the message line; the panel keeps saying it.
                let mut trouble = Vec::new();
                if let Err(e) = saved {
                    trouble.push(format!("autosave failing: {}: {e}", shown(&claim.path)));
                }
                if let Some(e) = not_kept {
                    let held = if trouble.is_empty() {
                        format!("it is in {} meanwhile", shown(&claim.path))
                    } else {
                        "it is only in memory meanwhile".to_string()
                    };
                    trouble.push(format!(
                        "{e}; {held}, and is kept at the next save or at quit"
                    ));
                }
                let trouble = trouble.join(" · ");
                if self.save_trouble.as_ref() != Some(&trouble) {
                    self.message.clone_from(&trouble);
                }
                self.save_trouble = Some(trouble);
            }
        }
    }

    /// Before the game ends: a finished match not kept yet (the disk was full) is tried
    /// again, and so is an autosave that failed. Returns [`App::farewell`].
    pub fn finish_saving(&mut self) -> String {
        if self.save_trouble.is_some() && self.autosave_claim.is_some() {
            self.autosave();
        }
        self.farewell()
    }

    /// Claims the autosave file for this game (see [`store::claim_autosave`]): when it is
    /// this game's for the first time, an unfinished match in it is first moved aside.
    fn claim_autosave(&mut self, dir: &Path) -> Result<store::AutosaveClaim, store::StoreError> {
        let claim = store::claim_autosave(dir, self.resumed_own.as_deref())?;
        if !claim.elsewhere
            && !self.owns_autosave
            && let Some(path) = store::set_aside_autosave(dir, SystemTime::now())?
        {
            self.message = format!(
                "the unfinished match saved before was moved to {} (bg-tui resume FILE goes \
                 on with it)",
                shown(&path)
            );
        }
        self.continues_autosave = match claim.why {
            None => self.owns_autosave,
            Some(store::Elsewhere::Resumed) => true,
            Some(_) => false,
        };
        self.owns_autosave = true;
        Ok(claim)
    }

    /// The line to print once the terminal is restored: where the match is (kept, or in
    /// the autosave, and how to go on with it), or why it is not saved. Empty when there is
    /// nothing to say (nothing was played).
    #[must_use]
    pub fn farewell(&self) -> String {
        if let Some(path) = &self.kept {
            return format!("the match is kept as {}", shown(path));
        }
        if let Some(trouble) = &self.save_trouble {
            return format!("the match may not be saved: {trouble}");
        }
        let journal = self
            .autosave_claim
            .as_ref()
            .and_then(|claim| claim.journal.as_ref().map(|_| claim));
        match journal {
            Some(claim) if claim.elsewhere => format!(
                "the match is saved in {}: bg-tui resume {} goes on with it",
                shown(&claim.path),
                shown(&claim.path)
            ),
            Some(claim) => format!(
                "the match is saved in {}: bg-tui resume goes on with it",
                shown(&claim.path)
            ),
            None if self.options.saves.is_none() && self.recorded() != self.started_at => {
                "the match was not saved (autosave is off)".to_string()
            }
            None => String::new(),
        }
    }

    /// Says the match was resumed from the autosave file: it is written over as the match
    /// goes on (a new match or one resumed from another file first moves it aside).
    pub fn owns_autosave(&mut self) {
        self.owns_autosave = true;
    }

    /// Says the match was resumed from `path`, a file of an earlier game's own
    /// (`autosave-PID.jsonl` in the save folder, see [`store::is_own_autosave`]): the game
    /// goes on writing it, unless another game holds it now (then it writes a file of its
    /// own, as any game would).
    pub fn continues_own_autosave(&mut self, path: PathBuf) {
        self.resumed_own = Some(path);
    }

    /// Makes `path` where `s` saves (the file the match was resumed from).
    pub fn set_save_path(&mut self, path: PathBuf) {
        self.save_path = Some(path);
    }

    /// Where the finished match was kept, once it is over (with a save folder).
    #[must_use]
    pub fn kept(&self) -> Option<&Path> {
        self.kept.as_deref()
    }

    /// The last play of the record, as the status line shows it.
    fn last_play_of_record(&self) -> String {
        let record = self.recorder.as_record();
        let Some(game) = record.games.get(self.match_state.game_number().max(1) - 1) else {
            return String::new();
        };
        game.actions
            .iter()
            .rev()
            .find_map(|a| match a {
                RecordedAction::Play {
                    side,
                    dice,
                    notation,
                    ..
                } => {
                    let side = Side::from(*side);
                    let text = if notation.is_empty() {
                        "cannot move"
                    } else {
                        notation.as_str()
                    };
                    Some(format!(
                        "{} {}-{}: {text}",
                        self.name(side),
                        dice[0].max(dice[1]),
                        dice[0].min(dice[1])
                    ))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Whether the record may hold no further game: [`crate::record::MAX_GAMES`] games, or
    /// an autosave half as long as a record may be (so that what is written, the kept
    /// record too, always reads back). A money session then ends.
    pub(super) fn record_is_full(&self) -> bool {
        let saved = self
            .autosave_claim
            .as_ref()
            .and_then(|claim| claim.journal.as_ref())
            .map_or(0, Journal::len);
        self.recorder.as_record().games.len() >= crate::record::MAX_GAMES
            || saved > crate::record::MAX_BYTES as u64 / 2
    }

    /// How much the record holds: it changes with every action, result, game and stop.
    /// (The games, the last game's actions, its result and the stop, packed into one
    /// number, without counting the whole record.)
    pub(super) fn recorded(&self) -> usize {
        let record = self.recorder.as_record();
        let last = record.games.last();
        let actions = last.map_or(0, |g| g.actions.len());
        let result = last.is_some_and(|g| g.result.is_some());
        (((record.games.len() << 24) | actions) << 2)
            | (usize::from(result) << 1)
            | usize::from(record.stopped)
    }
}

/// The message when a game starts writing a file of its own: where, and why.
fn own_autosave_message(claim: &store::AutosaveClaim) -> String {
    let path = shown(&claim.path);
    match &claim.why {
        Some(store::Elsewhere::NoLocks(e)) => format!(
            "files cannot be locked in the save folder ({e}): this match saves to {path}, a \
             file of its own"
        ),
        Some(store::Elsewhere::Resumed) => format!("this match goes on saving to {path}"),
        _ => format!("another bg-tui game holds the autosave: this match saves to {path}"),
    }
}

/// A player's name from a record as the screen and messages show it: control characters
/// escaped, cut to [`crate::record::MAX_NAME_CHARS`].
fn shown_name(name: &str) -> String {
    crate::printable::printable(name, crate::record::MAX_NAME_CHARS)
}

/// `path` for the message line: the home folder written `~`, so it fits.
fn shown(path: &Path) -> String {
    let home = dirs::home_dir().filter(|home| home.parent().is_some());
    match home.and_then(|home| path.strip_prefix(home).ok().map(Path::to_path_buf)) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}
