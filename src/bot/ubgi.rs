//! A player that is another program: an engine speaking UBGI v0.2 (the Universal Backgammon
//! Interface), started from a shell command (`--vs ubgi:'COMMAND'`, `bot-match
//! ubgi:'COMMAND' ...`). So a person can play GNU Backgammon or wildbg behind an adapter, or
//! bg-tui's own `bg-tui ubgi`, on bg-tui's board.
//!
//! The engine is asked for checker plays (`position gnubgid ID:MATCH_ID`, `dice`, `go
//! chequer`) and for doubles (`go cube`). UBGI v0.2 has no question for takes and
//! resignations: those are answered by bg-tui's expert at 0-ply. An engine that cannot be
//! started, dies, stays silent past a time limit or answers something that is not a legal
//! play is never trusted: its [`Bot::trouble`] says what went wrong in one line, and the
//! decision falls back to the first legal play (the game, and its record, are kept; the
//! callers stop the engine's turns).
//!
//! An engine is a guest that must leave with its game. It runs in a process group of its own
//! (with whatever it starts); when its bot is dropped it is sent `quit`, given
//! [`QUIT_GRACE`] to go, and then the whole group is killed, so no process of it outlives
//! the game, whatever it forks or ignores. A process that leaves the group (`setsid`,
//! `setpgid`, a daemon's double fork) keeps the mark every process of the engine inherits
//! in its environment ([`MARK`]); on Linux every process so marked is killed too. [`end_every_engine`] does the same at once for
//! every engine still running (the program's end, a signal). Its output is read into a
//! queue of at most [`QUEUED_LINES`] lines: an engine that prints while nobody asks it
//! anything waits until somebody does, and the program's memory does not grow.

pub mod protocol;

use super::expert::ExpertBot;
use super::{Bot, DoubleAnswer, ScoredPlay, moves_as_backgammon, unranked};
use crate::engine::{
    Dice, MatchState, Play, Position, TurnBuilder, TurnError, Variant, WinKind, position_id,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// How long the engine may take to start and answer `isready`.
pub const START_TIMEOUT: Duration = Duration::from_secs(20);
/// How long the engine may take for one decision.
pub const DECISION_TIMEOUT: Duration = Duration::from_secs(120);
/// The most lines the engine may print before the answer asked for.
const MAX_LINES: usize = 10_000;
/// The longest line read from the engine.
const MAX_LINE: usize = 4096;
/// The most lines of the engine's output read ahead of the questions: past them the reader
/// waits (and so, once its pipe is full, does the engine).
pub const QUEUED_LINES: usize = 1024;
/// How long an engine told to `quit` has to go before its process group is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(200);

/// The process groups of the engines running now (each group's id is its leader's process
/// id, the `sh` the engine was started with), each with its engine's serial number (see
/// [`MARK`]). A group is taken out only after it is killed and before its leader is waited
/// for, so an id here is never one the system has given to another process since.
static ENGINES: Mutex<Vec<(u32, u64)>> = Mutex::new(Vec::new());

/// The environment variable set for every engine, inherited by all it starts:
/// `BG_TUI_ENGINE=PID.N`, this program's process id and the engine's serial number. A
/// process that leaves the engine's process group is found by it when the engine ends.
pub const MARK: &str = "BG_TUI_ENGINE";

/// The serial number of the next engine started.
static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The value of [`MARK`] for the engine of serial number `serial`.
fn mark(serial: u64) -> String {
    format!("{}.{serial}", std::process::id())
}

/// The most passes over the processes for those an engine left behind: a pass that finds
/// none ends it (a process forking as it is looked for is found by the next).
#[cfg(target_os = "linux")]
const SWEEPS: usize = 8;

/// Kills every process that carries the mark of one of the engines `serials` (see
/// [`MARK`]): those that left the engine's process group, found in `/proc`. A process of
/// another user, or that has gone, is passed over.
#[cfg(target_os = "linux")]
fn end_escaped(serials: &[u64]) {
    use rustix::process::{Pid, Signal, kill_process};
    if serials.is_empty() {
        return;
    }
    let marks: Vec<Vec<u8>> = serials
        .iter()
        .map(|&serial| format!("{MARK}={}", mark(serial)).into_bytes())
        .collect();
    let own = std::process::id();
    for _ in 0..SWEEPS {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return;
        };
        let mut found = false;
        for pid in entries.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok()) {
            if pid == own {
                continue;
            }
            let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else {
                continue;
            };
            let marked = environ
                .split(|&b| b == 0)
                .any(|var| marks.iter().any(|m| var == m.as_slice()));
            if marked
                && let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw)
                && kill_process(pid, Signal::KILL).is_ok()
            {
                found = true;
            }
        }
        if !found {
            return;
        }
    }
}

/// Elsewhere only the engine's process group is ended.
#[cfg(not(target_os = "linux"))]
fn end_escaped(_serials: &[u64]) {}

fn engines() -> std::sync::MutexGuard<'static, Vec<(u32, u64)>> {
    ENGINES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills the process group `group` (every process of an engine), if it is still there.
#[cfg(unix)]
fn kill_group(group: u32) {
    if let Some(pid) = i32::try_from(group)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        // No such group: it has gone by itself.
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

/// Elsewhere an engine has no group of its own: its first process is killed.
#[cfg(not(unix))]
fn kill_group(_group: u32) {}

/// Kills every engine still running, with whatever it started (the program is ending: a
/// signal, or the end of a game whose bots are still thinking on other threads). Their bots
/// then report that the engine ended.
pub fn end_every_engine() {
    let running = engines();
    for &(group, _) in running.iter() {
        kill_group(group);
    }
    let serials: Vec<u64> = running.iter().map(|&(_, serial)| serial).collect();
    end_escaped(&serials);
}

/// Whether the engine's first process (the group's leader) has ended, without waiting for
/// it (it is left to be waited for, so its group's id stays its own).
#[cfg(unix)]
fn has_ended(child: &mut Child) -> bool {
    use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
    let Some(pid) = i32::try_from(child.id()).ok().and_then(Pid::from_raw) else {
        return true;
    };
    let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    !matches!(waitid(WaitId::Pid(pid), options), Ok(None))
}

/// Whether the engine's process has ended.
#[cfg(not(unix))]
fn has_ended(child: &mut Child) -> bool {
    !matches!(child.try_wait(), Ok(None))
}

/// Ends the engine `child` of serial number `serial`: [`QUIT_GRACE`] to go by itself (after
/// `quit`), then its whole process group is killed, and every process that left it, and its
/// leader waited for.
fn end_engine(child: &mut Child, serial: u64) {
    let start = Instant::now();
    while !has_ended(child) && start.elapsed() < QUIT_GRACE {
        std::thread::sleep(Duration::from_millis(10));
    }
    let group = child.id();
    {
        let mut running = engines();
        kill_group(group);
        // Under the lock: a signal's end of every engine meanwhile waits for this one's.
        end_escaped(&[serial]);
        running.retain(|&(g, _)| g != group);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The prefix of a bot name that names an engine command.
pub const PREFIX: &str = "ubgi:";

/// Why an engine could not be started: its command (printable, as shown) and what went
/// wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// `sh` could not be started.
    #[error("cannot start the engine {shown:?}: {source}")]
    Spawn {
        /// The command, printable.
        shown: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The engine's input or output could not be reached.
    #[error("cannot talk to the engine {shown:?}")]
    NoPipes {
        /// The command, printable.
        shown: String,
    },
    /// The thread that reads the engine could not be started.
    #[error("the engine {shown:?}: cannot start a thread to read it: {source}")]
    ReaderThread {
        /// The command, printable.
        shown: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The engine did not shake hands as UBGI says.
    #[error("the engine {shown:?}: {problem}")]
    Handshake {
        /// The command, printable.
        shown: String,
        /// What went wrong.
        #[source]
        problem: EngineProblem,
    },
}

/// What went wrong in a conversation with an engine.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineProblem {
    /// Its input is closed.
    #[error("it stopped listening ({0})")]
    StoppedListening(#[source] std::io::Error),
    /// It answered an `error` line (printable).
    #[error("it answered {0:?}")]
    Answered(String),
    /// No answer in time.
    #[error("no answer within {} s", .0.as_secs())]
    NoAnswer(Duration),
    /// Its output ended.
    #[error("it ended")]
    Ended,
    /// It printed too many lines without the answer.
    #[error("{MAX_LINES} lines and not the answer asked for")]
    TooManyLines,
    /// A play was asked for before the dice were rolled.
    #[error("asked for a play before the roll")]
    NoDice,
    /// The game has no roll to play.
    #[error("no roll to play")]
    NoRoll,
    /// Its `bestmove` is not from/to tokens (printable).
    #[error("its move {0:?} is not from/to tokens")]
    NotSteps(String),
    /// Its `bestmove` is not a legal play.
    #[error("its move {payload:?} is not legal here: {error}")]
    Illegal {
        /// The move, printable.
        payload: String,
        /// Why it is not legal.
        #[source]
        error: TurnError,
    },
}

/// An engine behind UBGI.
pub struct UbgiBot {
    name: String,
    child: Child,
    /// The engine's serial number (see [`MARK`]).
    serial: u64,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The rule set last told to the engine.
    variant: Option<Variant>,
    /// What went wrong, once something has.
    trouble: Option<String>,
    /// Takes and resignations, which UBGI v0.2 cannot ask.
    expert: Option<ExpertBot>,
}

impl std::fmt::Debug for UbgiBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UbgiBot")
            .field("name", &self.name)
            .field("trouble", &self.trouble)
            .finish_non_exhaustive()
    }
}

impl UbgiBot {
    /// Starts `command` with `sh -c` and shakes hands (`ubgi` ... `ubgiok`, `isready` ...
    /// `readyok`, `newgame`).
    ///
    /// # Errors
    /// [`StartError`]: why the engine could not be started or did not answer as UBGI says.
    pub fn start(command: &str) -> Result<UbgiBot, StartError> {
        let shown = crate::printable::printable(command, 60);
        let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut sh = Command::new("sh");
        sh.env(MARK, mark(serial))
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A group of its own: ended as a whole, with whatever it starts.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut sh, 0);
        let mut child = {
            // Registered before anyone can end every engine without it.
            let mut running = engines();
            let child = sh.spawn().map_err(|source| StartError::Spawn {
                shown: shown.clone(),
                source,
            })?;
            running.push((child.id(), serial));
            child
        };
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            end_engine(&mut child, serial);
            return Err(StartError::NoPipes { shown });
        };
        let (tx, lines) = sync_channel(QUEUED_LINES);
        let reader = std::thread::Builder::new()
            .name("ubgi-reader".to_string())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    let mut limited = std::io::Read::take(&mut reader, MAX_LINE as u64 + 1);
                    match limited.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                            // Waits while the queue is full; ends once the bot is gone.
                            if tx.send(line).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        if let Err(source) = reader {
            drop(stdin);
            end_engine(&mut child, serial);
            return Err(StartError::ReaderThread { shown, source });
        }
        let mut bot = UbgiBot {
            name: format!("{PREFIX}{}", crate::printable::printable(command, 40)),
            child,
            serial,
            stdin,
            lines,
            variant: None,
            trouble: None,
            expert: ExpertBot::shipped(0).ok(),
        };
        bot.ask(&[protocol::HELLO], START_TIMEOUT, |l| {
            (l == protocol::HELLO_OK).then_some(())
        })
        .and_then(|()| {
            bot.ask(&[protocol::IS_READY], START_TIMEOUT, |l| {
                (l == protocol::READY_OK).then_some(())
            })
        })
        .and_then(|()| bot.send(&[protocol::NEW_GAME]))
        .map_err(|problem| StartError::Handshake { shown, problem })?;
        Ok(bot)
    }

    fn send(&mut self, lines: &[&str]) -> Result<(), EngineProblem> {
        for line in lines {
            writeln!(self.stdin, "{line}").map_err(EngineProblem::StoppedListening)?;
        }
        self.stdin.flush().map_err(EngineProblem::StoppedListening)
    }

    /// Sends `lines`, then reads until `want` accepts a line; an `error` line, the end of
    /// the engine's output, too many other lines or `timeout` are the errors.
    fn ask<T>(
        &mut self,
        lines: &[&str],
        timeout: Duration,
        want: impl Fn(&str) -> Option<T>,
    ) -> Result<T, EngineProblem> {
        self.send(lines)?;
        let deadline = Instant::now() + timeout;
        for _ in 0..MAX_LINES {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(answer) = want(&line) {
                        return Ok(answer);
                    }
                    if line.starts_with("error ") {
                        return Err(EngineProblem::Answered(crate::printable::printable(
                            &line, 80,
                        )));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineProblem::NoAnswer(timeout));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineProblem::Ended);
                }
            }
        }
        Err(EngineProblem::TooManyLines)
    }

    /// Tells the engine the rule set of `m`'s game, when it changed.
    fn tell_variant(&mut self, variant: Variant) -> Result<(), EngineProblem> {
        if self.variant != Some(variant) {
            self.send(&[&format!("set game.variant {}", variant.name())])?;
            self.variant = Some(variant);
        }
        Ok(())
    }

    /// The engine's play in `m` (the player on roll has rolled).
    fn engine_play(&mut self, m: &MatchState) -> Result<Play, EngineProblem> {
        let game = m.game();
        let dice = game.dice().ok_or(EngineProblem::NoDice)?;
        self.tell_variant(game.variant())?;
        let position = position_line(game.position(), m.match_id());
        let dice_line = protocol::dice_line(dice.high(), dice.low());
        let payload = self.ask(
            &[&position, &dice_line, protocol::GO_CHEQUER],
            DECISION_TIMEOUT,
            |l| l.strip_prefix(protocol::BEST_MOVE).map(str::to_string),
        )?;
        let shown = || crate::printable::printable(&payload, 60);
        let steps =
            protocol::parse_move(&payload).ok_or_else(|| EngineProblem::NotSteps(shown()))?;
        let mut turn = TurnBuilder::for_game(game).ok_or(EngineProblem::NoRoll)?;
        turn.play_steps(&steps)
            .map_err(|error| EngineProblem::Illegal {
                payload: shown(),
                error,
            })
    }

    fn fail(&mut self, why: EngineProblem) {
        if self.trouble.is_none() {
            self.trouble = Some(format!("{}: {why}", self.name));
        }
    }
}

impl Drop for UbgiBot {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        end_engine(&mut self.child, self.serial);
    }
}

/// `position gnubgid ID:MATCH_ID` for a position and its match.
fn position_line(position: &Position, match_id: Option<String>) -> String {
    protocol::position_line(&position_id(position), match_id.as_deref())
}

impl Bot for UbgiBot {
    fn name(&self) -> &str {
        &self.name
    }

    /// The legal plays unranked (UBGI gives only the engine's best play).
    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        unranked(variant, position, dice)
    }

    /// The rule sets a Position ID can hold.
    fn plays(&self, variant: Variant) -> bool {
        moves_as_backgammon(variant)
    }

    fn choose_play(&mut self, m: &MatchState) -> Play {
        let game = m.game();
        let fallback = game
            .legal_plays()
            .first()
            .copied()
            .unwrap_or(Play::empty(*game.position()));
        if self.trouble.is_some() {
            return fallback;
        }
        match self.engine_play(m) {
            Ok(play) => play,
            Err(why) => {
                self.fail(why);
                fallback
            }
        }
    }

    fn should_double(&mut self, m: &MatchState) -> bool {
        if self.trouble.is_some() {
            return false;
        }
        let game = m.game();
        let asked = self.tell_variant(game.variant()).and_then(|()| {
            let position = position_line(game.position(), m.match_id());
            self.ask(
                &[&position, protocol::GO_CUBE],
                DECISION_TIMEOUT,
                |l| match l {
                    protocol::BEST_CUBE_DOUBLE => Some(true),
                    protocol::BEST_CUBE_NO_DOUBLE => Some(false),
                    _ => None,
                },
            )
        });
        match asked {
            Ok(double) => double,
            // An engine without cube decisions just never doubles.
            Err(EngineProblem::Answered(line)) if line.contains("unsupported") => false,
            Err(why) => {
                self.fail(why);
                false
            }
        }
    }

    fn answer_double(&mut self, m: &MatchState) -> DoubleAnswer {
        match &mut self.expert {
            Some(expert) => match expert.answer_double(m) {
                DoubleAnswer::Beaver => DoubleAnswer::Take,
                answer => answer,
            },
            None => DoubleAnswer::Take,
        }
    }

    fn offer_resignation(&mut self, _m: &MatchState) -> Option<WinKind> {
        None
    }

    fn accept_resignation(&mut self, m: &MatchState, level: WinKind) -> bool {
        self.expert
            .as_mut()
            .is_some_and(|e| e.accept_resignation(m, level))
    }

    fn trouble(&self) -> Option<String> {
        self.trouble.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_that_is_not_one_is_refused_in_one_line() {
        let err = UbgiBot::start("exit 3").expect_err("no engine");
        assert!(
            matches!(
                err,
                StartError::Handshake {
                    problem: EngineProblem::Ended | EngineProblem::StoppedListening(_),
                    ..
                }
            ),
            "{err}"
        );
        // It reads the handshake's first line before it answers (else it may have ended
        // before it is written to: the case above).
        let err = UbgiBot::start("read l; echo hello; echo error bad_command nope")
            .expect_err("no engine");
        assert!(
            matches!(
                &err,
                StartError::Handshake { problem: EngineProblem::Answered(line), .. }
                    if line.starts_with("error bad_command")
            ),
            "{err}"
        );
        assert_eq!(err.to_string().lines().count(), 1);
    }
}
