//! The leaving part: whether the players have quit, a quit that waits for a save still out
//! (at most [`SAVE_WAIT`]), and a save given up as stuck (a disk that does not answer),
//! after which the match is saved elsewhere. It reads the host's saving; the game asks it
//! when the players quit ([`Leaving::asked`]), once a second ([`Leaving::second`]) and for
//! the message line ([`Leaving::waiting_line`]).

use bg_tui::host::saving::Saving;
use std::time::{Duration, Instant};

/// How long a save may be out before the message line says it waits for the disk.
pub(crate) const SAVE_SLOW: Duration = Duration::from_secs(1);

/// How long quitting (`q`, Ctrl-C, a signal) waits for a save out before it gives it up as
/// stuck (a disk that does not answer) and saves the match elsewhere.
pub(crate) const SAVE_WAIT: Duration = Duration::from_secs(3);

/// Whether the players have quit, and how the quit waits for the saves.
#[derive(Debug, Default)]
pub(super) struct Leaving {
    /// The players have quit (or the process was told to stop).
    quit: bool,
    /// When the players quit while a save was out: the quit waits for it ([`SAVE_WAIT`]
    /// at most).
    waits_since: Option<Instant>,
    /// A save out did not come back in time at quit: the game has ended without it, and
    /// the match is saved elsewhere.
    stuck: bool,
}

impl Leaving {
    /// The players have quit.
    pub(super) const fn quit(&self) -> bool {
        self.quit
    }

    /// They quit now.
    pub(super) const fn quit_now(&mut self) {
        self.quit = true;
    }

    /// Whether a save out was given up at quit ([`Leaving::give_up`]).
    pub(super) const fn stuck(&self) -> bool {
        self.stuck
    }

    /// The save out is given up (it did not come back in time at quit, or a second signal
    /// came): the game ends without it.
    pub(super) const fn give_up(&mut self) {
        self.stuck = true;
        self.quit = true;
    }

    /// The players quit, with the host's `saving` as it is and the match `unsaved` or not:
    /// at once, unless the match is not safe (a full disk) or a save is still to come back.
    /// A save out is waited for, [`SAVE_WAIT`] at most (asked again meanwhile, it is given
    /// up). Returns whether the match is to be saved before they go (the autosave tried
    /// once more after the last save; if it is still not safe, they are asked where).
    pub(super) fn asked(&mut self, saving: &Saving, unsaved: bool) -> bool {
        if saving.out() {
            if self.waits_since.is_some() {
                self.give_up();
                return false;
            }
            self.waits_since = Some(Instant::now());
        }
        if unsaved || saving.pending() {
            return true;
        }
        self.quit = true;
        false
    }

    /// The save before quitting did not keep the match: the quit no longer waits, the
    /// players are asked where to save it.
    pub(super) const fn not_saved(&mut self) {
        self.waits_since = None;
    }

    /// Once a second: a quit waiting for a save out gives it up after [`SAVE_WAIT`].
    /// Returns whether a save is out (the message line counts the seconds).
    pub(super) fn second(&mut self, saving: &Saving) -> bool {
        if self
            .waits_since
            .is_some_and(|since| since.elapsed() >= SAVE_WAIT)
            && saving.out()
        {
            self.give_up();
        }
        saving.out()
    }

    /// A save is being made on a worker thread (its writer is out, and `held` says whether
    /// its job still waits for the runtime instead): the runtime waits for it to come back
    /// before the game ends, unless it was given up.
    pub(super) fn save_out(&self, saving: &Saving, held: bool) -> bool {
        saving.out() && !held && !self.stuck
    }

    /// What the message line says first while a save has been out longer than
    /// [`SAVE_SLOW`]: that it waits, and for how long.
    pub(super) fn waiting_line(&self, saving: &Saving) -> Option<String> {
        let out = saving.out_for()?;
        if out < SAVE_SLOW || self.stuck {
            return None;
        }
        let secs = out.as_secs();
        Some(if self.waits_since.is_some() {
            format!(
                "a save has waited {secs} s for the disk: quitting waits for it {} s at most \
                 (Ctrl-C: at once)",
                SAVE_WAIT.as_secs()
            )
        } else {
            format!("a save has waited {secs} s for the disk")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::engine::{Rules, Side};
    use bg_tui::host::saving::{SaveJob, SaveRequest, SaveWriter};
    use bg_tui::record::{PlayerInfo, Recorder};

    fn recorder() -> Recorder {
        let players = [Side::White, Side::Black].map(|_| PlayerInfo::human("Ann"));
        Recorder::new(players, Rules::money(), Some(1))
    }

    /// Saving with no save folder, nothing asked.
    fn idle() -> Saving {
        Saving::new(SaveWriter::new(None, Vec::new()), 0)
    }

    /// Saving with `s`'s save out on a worker (its job held by the caller).
    fn with_a_save_out() -> (Saving, SaveJob) {
        let mut saving = idle();
        saving.ask(SaveRequest::To(None));
        let job = saving.next(&recorder(), false).expect("the save's job");
        assert!(saving.out());
        (saving, job)
    }

    #[test]
    fn a_quit_with_nothing_to_save_is_at_once() {
        let mut leaving = Leaving::default();
        assert!(!leaving.asked(&idle(), false));
        assert!(leaving.quit() && !leaving.stuck());
    }

    #[test]
    fn a_quit_of_a_match_not_safe_asks_for_a_save_first() {
        let mut leaving = Leaving::default();
        assert!(
            leaving.asked(&idle(), true),
            "the match is saved before they go"
        );
        assert!(!leaving.quit());
    }

    #[test]
    fn a_quit_waits_for_a_save_out_and_asked_again_gives_it_up() {
        let (saving, _job) = with_a_save_out();
        let mut leaving = Leaving::default();
        assert!(leaving.asked(&saving, false), "it waits for the save");
        assert!(!leaving.quit());
        assert!(leaving.save_out(&saving, false));
        assert!(!leaving.save_out(&saving, true), "a job held is not out");
        // A second second is too soon to give it up.
        assert!(leaving.second(&saving));
        assert!(!leaving.stuck());
        assert!(
            !leaving.asked(&saving, false),
            "asked again: it is given up"
        );
        assert!(leaving.quit() && leaving.stuck());
        assert!(
            !leaving.save_out(&saving, false),
            "the runtime no longer waits for it"
        );
        assert_eq!(leaving.waiting_line(&saving), None);
    }

    #[test]
    fn the_line_says_a_save_waits_only_once_it_is_slow() {
        let (saving, _job) = with_a_save_out();
        let mut leaving = Leaving::default();
        // Just out: nothing to say yet.
        assert_eq!(leaving.waiting_line(&saving), None);
        std::thread::sleep(SAVE_SLOW);
        let line = leaving.waiting_line(&saving).expect("slow now");
        assert!(
            line.starts_with("a save has waited ") && line.ends_with(" s for the disk"),
            "{line}"
        );
        assert!(!line.contains("quitting"), "{line}");
        leaving.asked(&saving, false);
        let line = leaving.waiting_line(&saving).expect("still out");
        assert!(line.contains("quitting waits for it 3 s at most"), "{line}");
        leaving.not_saved();
        let line = leaving.waiting_line(&saving).expect("still out");
        assert!(!line.contains("quitting"), "{line}");
    }
}
