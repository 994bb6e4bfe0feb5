//! The terminal runtime: sets the terminal up, feeds events to a [`Screen`] (the game's
//! [`App`], or the replay viewer), draws, and puts the terminal back however it ends.
//!
//! Events come from threads into one channel: [`spawn_input`] (keys, mouse, resizes) and
//! [`spawn_signals`] (every signal that ends or stops the program: see [`ENDING_SIGNALS`]). The main loop blocks on that channel with no
//! timeout, so an idle game uses no CPU, and draws only when the app says something changed;
//! only while a clock runs does it wake once a second ([`Event::Second`]) to redraw it.
//! Anything else that wants to wake the game (a bot thinking on its own thread) takes a clone
//! of the same [`Sender`].
//!
//! Raw mode, the alternate screen, mouse capture and the hidden cursor are undone by a guard
//! on every return path (including `?`), by a panic hook before the panic message is printed,
//! and after a signal, which ends the loop like any other event. SIGTSTP puts the terminal
//! back before the process stops, and going on (SIGCONT) sets it up and redraws it.

use super::app::{App, AppError, Ending, Options, SAVE_WAIT};
use super::event::Event;
use super::msg::Msg;
use super::view;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    self as ct, DisableMouseCapture, EnableMouseCapture, KeyEventKind,
};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Rect;
use signal_hook::consts::{
    SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
    SIGVTALRM, SIGXCPU, SIGXFSZ,
};
use signal_hook::iterator::Signals;
use std::io::{self, IsTerminal, Stdout};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

/// Why the game could not run, or stopped on an error.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RunError {
    /// Standard output is not a terminal (a pipe, a file).
    #[error(
        "the game needs a terminal, and standard output is not one; for scripts see `bg-tui moves` and `bg-tui show`"
    )]
    NotATerminal,
    /// The options do not go together, name an unknown bot, or the match cannot go on.
    #[error("{0}")]
    App(#[from] AppError),
    /// Reading from or writing to the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
    /// The game ended with its match saved nowhere it should be (a full disk, and no other
    /// place took it): where it is.
    #[error("{0}")]
    NotSaved(String),
    /// A save did not come back at quit (a disk that does not answer): where the match was
    /// saved instead, or that its record is printed.
    #[error("{0}")]
    SaveStuck(String),
}

impl RunError {
    /// The exit status for this error: 2 for options that do not go together, 3 for a save
    /// that did not come back ([`SAVE_STUCK_STATUS`]), 1 otherwise.
    #[must_use]
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            RunError::App(_) => 2,
            RunError::SaveStuck(_) => SAVE_STUCK_STATUS,
            RunError::NotATerminal | RunError::Io(_) | RunError::NotSaved(_) => 1,
        }
    }
}

/// The exit status when a save did not come back at quit (a disk that does not answer), the
/// match saved elsewhere or printed: whatever signal ended the game.
pub(crate) const SAVE_STUCK_STATUS: u8 = 3;

/// What the runtime drives: the game ([`App`]) or the replay viewer. It gets every event,
/// says whether the screen changed, and draws itself.
pub(crate) trait Screen {
    /// What the screen's worker threads send it ([`crate::tui::job`]).
    type Msg: Send + 'static;

    /// Applies one event; returns whether the screen must be redrawn.
    fn handle(&mut self, event: Event<Self::Msg>) -> bool;

    /// The user has quit (or the process was told to stop).
    fn should_quit(&self) -> bool;

    /// Draws the screen into `area` of `buf`.
    fn render(&self, area: Rect, buf: &mut Buffer);

    /// Whether the screen changes by itself (a clock runs): the loop then wakes it once a
    /// second with [`Event::Second`].
    fn ticking(&self) -> bool {
        false
    }

    /// Whether the terminal should report mouse events (which keeps the terminal from
    /// selecting text).
    fn wants_mouse(&self) -> bool {
        true
    }

    /// A save is being made on another thread: once the loop has ended, the runtime waits
    /// for it to come back (a message [`Screen::brings_save`] says is the save) before the
    /// screen ends, [`SAVE_WAIT`] at most (see [`wait_for_save`]).
    fn save_out(&self) -> bool {
        false
    }

    /// Whether `msg` brings a save back (see [`Screen::save_out`]).
    fn brings_save(msg: &Self::Msg) -> bool {
        let _ = msg;
        false
    }

    /// The save out did not come back in time (or a second signal came while the runtime
    /// waited for it): the screen ends without it.
    fn give_up_save(&mut self) {}

    /// Called before the loop waits for the next event: work to start on other threads,
    /// whose answers come back through `wake`.
    ///
    /// # Errors
    /// When such work cannot be started; the loop ends with the error.
    fn before_wait(&mut self, wake: &Sender<Event<Self::Msg>>) -> io::Result<()> {
        let _ = wake;
        Ok(())
    }
}

impl Screen for App {
    type Msg = Msg;

    fn handle(&mut self, event: Event) -> bool {
        App::handle(self, event)
    }

    fn should_quit(&self) -> bool {
        App::should_quit(self)
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        match self.drill_open() {
            Some(drill) => crate::tui::drill::render(drill, area, buf),
            None => view::render(&self.model(), area, buf),
        }
    }

    fn ticking(&self) -> bool {
        // While a save is out, the message line says how long it has waited, and a quit
        // waiting for it gives it up in time.
        self.clock_running() || App::save_out(self)
    }

    fn save_out(&self) -> bool {
        App::save_out(self)
    }

    fn give_up_save(&mut self) {
        App::give_up_save(self);
    }

    fn brings_save(msg: &Msg) -> bool {
        matches!(msg, Msg::Saved(_))
    }

    fn before_wait(&mut self, wake: &Sender<Event>) -> io::Result<()> {
        // A bot's decision, a hint, its rollout, the tutor's judgement, bots to make, a save:
        // each runs on a worker thread and comes back as a message. A worker that cannot
        // start (a limit on processes) comes back as a message too: the game goes on (a save
        // is then made here, and comes back the same way).
        for job in self.take_jobs() {
            crate::tui::job::spawn(job, wake);
        }
        // The drill over the match (`:drill`) has its own work: a play valued, a rollout.
        if let Some(drill) = self.drill_mut() {
            crate::tui::drill::start_jobs(drill, wake, Msg::Drill);
        }
        Ok(())
    }
}

/// Runs a game in the terminal until the players quit or the process is told to stop.
///
/// # Errors
/// [`RunError::NotATerminal`] when standard output is not a terminal (nothing is changed
/// then), [`RunError::App`] for options that do not go together, and [`RunError::Io`] when
/// the terminal cannot be set up, drawn on or read from. The terminal is restored in every
/// case.
/// Returns the line to print once the terminal is restored ([`App::farewell`]: where the
/// match is saved and how to go on with it).
pub(crate) fn run(options: Options) -> Result<String, RunError> {
    if !io::stdout().is_terminal() {
        return Err(RunError::NotATerminal);
    }
    run_app(App::new(options)?)
}

/// Runs `app` (a new game or a resumed one) in the terminal, as [`run`] does.
///
/// # Errors
/// As [`run`].
pub(crate) fn run_app(mut app: App) -> Result<String, RunError> {
    if !io::stdout().is_terminal() {
        return Err(RunError::NotATerminal);
    }
    run_screen(&mut app)?;
    finish(&mut app)
}

/// Once the game has ended: its saving finished ([`App::end`]), and the line to print.
///
/// # Errors
/// [`RunError::NotSaved`] when the match could not be saved where it goes nor elsewhere:
/// where it is. A match saved nowhere on the disk has its record printed on standard
/// output first (the terminal is restored by then), the last place it can go.
/// [`RunError::SaveStuck`] when a save did not come back at quit ([`App::give_up_save`]):
/// the match is saved in a rescue folder without it, or printed.
pub(crate) fn finish(app: &mut App) -> Result<String, RunError> {
    match app.end() {
        Ending::Saved(line) => Ok(line),
        Ending::Stuck { line, record } => {
            if let Some(json) = record {
                print_record(&json);
            }
            Err(RunError::SaveStuck(line))
        }
        Ending::NotSaved { line, record } => {
            if let Some(json) = record {
                print_record(&json);
            }
            Err(RunError::NotSaved(line))
        }
    }
}

/// Prints a match's record on standard output (the terminal restored), the last place it
/// can go when no file took it.
fn print_record(json: &str) {
    use std::io::Write;
    let mut out = io::stdout().lock();
    let _ = out.write_all(json.as_bytes()).and_then(|()| out.flush());
}

/// The stack of the runtime's own threads (input, signals), which only read and forward:
/// small, and their own rather than the default the workers get (`RUST_MIN_STACK` changes
/// that one). Under a limit they start first anyway; a worker that cannot start later is
/// one line, and the game goes on.
const RUNTIME_STACK: usize = 512 * 1024;

/// The last of the [`ENDING_SIGNALS`] the process received while a screen ran (0: none).
static SIGNAL: AtomicU8 = AtomicU8::new(0);

/// The signal (one of [`ENDING_SIGNALS`]) that ended a screen, if one did: the program
/// then exits with 128 + its number, as shells report a process a signal stopped.
#[must_use]
pub(crate) fn signal_received() -> Option<u8> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// Runs `screen` in the terminal until it quits or the process is told to stop: the panic
/// hook, the signal and input threads, the terminal's modes, the blocking event loop. The
/// caller checks first that standard output is a terminal.
///
/// # Errors
/// When the terminal cannot be set up, drawn on or read from. The terminal is restored in
/// every case.
pub(crate) fn run_screen<S: Screen>(screen: &mut S) -> io::Result<()> {
    install_panic_hook();
    let (tx, rx) = mpsc::channel();
    // Catch the signals before the terminal changes, and let them go only after it is back,
    // so no signal can end the process with the terminal in raw mode.
    let signals = spawn_signals(tx.clone())?;
    let result = run_in_terminal(screen, tx, &rx);
    wait_for_save(screen, &rx, SAVE_WAIT);
    signals.close();
    // No engine outlives its game, even one a worker is still asking.
    bg_tui::bot::ubgi::end_every_engine();
    result
}

/// Once the loop has ended (the terminal restored): a save still being made comes back
/// before the screen ends, its journal write whole, the match's files the game's again, for
/// its last saves (see [`finish`]). A save comes back even after a panic (its worker sends
/// it), but not from a disk that does not answer (a network mount gone, a disk pulled):
/// after `wait`, or at once on a second signal (or Ctrl-C, the terminal being restored), the
/// save is given up ([`Screen::give_up_save`]) and the screen ends without it.
pub(crate) fn wait_for_save<S: Screen>(
    screen: &mut S,
    rx: &Receiver<Event<S::Msg>>,
    wait: Duration,
) {
    let deadline = Instant::now() + wait;
    while screen.save_out() {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(Event::Msg(msg)) if S::brings_save(&msg) => {
                screen.handle(Event::Msg(msg));
            }
            Ok(Event::Terminate) | Err(RecvTimeoutError::Timeout) => {
                screen.give_up_save();
                return;
            }
            Ok(_) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Enters the terminal modes, runs the loop, and restores the terminal.
fn run_in_terminal<S: Screen>(
    screen: &mut S,
    tx: Sender<Event<S::Msg>>,
    rx: &Receiver<Event<S::Msg>>,
) -> io::Result<()> {
    let mut terminal = TerminalGuard::enter(screen.wants_mouse())?;
    let wake = tx.clone();
    let input_error = spawn_input(tx)?;
    let result = event_loop(screen, &mut terminal, rx, &wake);
    drop(terminal);
    result?;
    // The input thread stops on a read error and asks the loop to stop; report why.
    match input_error.lock().map(|mut slot| slot.take()) {
        Ok(Some(e)) => Err(e),
        _ => Ok(()),
    }
}

/// Draws once, then handles events until the screen quits: blocks on `rx` with no timeout,
/// and redraws only after an event the screen says changed it. Ends after
/// [`Event::Terminate`] (once the screen has seen it) or when every sender is gone.
fn event_loop<S: Screen>(
    screen: &mut S,
    terminal: &mut TerminalGuard,
    rx: &Receiver<Event<S::Msg>>,
    wake: &Sender<Event<S::Msg>>,
) -> io::Result<()> {
    let size = terminal.terminal.size()?;
    screen.handle(Event::Resize(size.width, size.height));
    terminal.draw(screen)?;
    while !screen.should_quit() {
        screen.before_wait(wake)?;
        let first = if screen.ticking() {
            match rx.recv_timeout(Duration::from_secs(1)) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => Event::Second,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(event) => event,
                Err(_) => break,
            }
        };
        // Handle everything already waiting (a burst of mouse motion, a paste) before
        // drawing once.
        let mut redraw = false;
        let mut terminate = false;
        for event in std::iter::once(first).chain(rx.try_iter()) {
            match event {
                Event::Suspend => {
                    terminal.suspend();
                    // Stops here until SIGCONT.
                    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
                    terminal.resume()?;
                    redraw = true;
                    continue;
                }
                Event::Continued => {
                    terminal.resume()?;
                    redraw = true;
                    continue;
                }
                _ => {}
            }
            terminate |= matches!(event, Event::Terminate);
            redraw |= screen.handle(event);
            if terminate || screen.should_quit() {
                break;
            }
        }
        if terminate {
            break;
        }
        if redraw && !screen.should_quit() {
            terminal.draw(screen)?;
        }
    }
    Ok(())
}

/// Set while the terminal is in the game's modes; whoever clears it restores the terminal,
/// so the panic hook and the guard never both do (a second "leave the alternate screen"
/// could move the cursor over the panic message).
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Puts the terminal back as the game found it, once: mouse capture off, the main screen,
/// the cursor shown, raw mode off. Errors are ignored: each step is tried regardless.
fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, cursor::Show);
    let _ = disable_raw_mode();
}

/// Installs (once per process) a panic hook that restores the terminal and then runs the
/// hook that was there before, so the message lands on the normal screen.
fn install_panic_hook() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// The terminal in the game's modes; dropping it restores the terminal.
struct TerminalGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    /// Mouse capture is on.
    mouse: bool,
}

impl TerminalGuard {
    /// Raw mode, the alternate screen, mouse capture (when `mouse`), the cursor hidden. On
    /// an error part of the way, what was already changed is undone.
    fn enter(mouse: bool) -> io::Result<TerminalGuard> {
        set_modes(mouse)?;
        let restoring = Restore;
        let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        clear_screen(&mut terminal)?;
        std::mem::forget(restoring);
        Ok(TerminalGuard { terminal, mouse })
    }

    /// Puts the terminal back as it was, before the process stops.
    #[allow(clippy::unused_self)]
    fn suspend(&self) {
        restore();
    }

    /// Sets the game's modes up again (where they are not) and makes the next draw paint
    /// every cell: after a stop, the screen shows whatever the shell left.
    fn resume(&mut self) -> io::Result<()> {
        if !ACTIVE.load(Ordering::SeqCst) {
            set_modes(self.mouse)?;
        }
        clear_screen(&mut self.terminal)
    }

    fn draw<S: Screen>(&mut self, screen: &S) -> io::Result<()> {
        self.terminal
            .draw(|frame| screen.render(frame.area(), frame.buffer_mut()))?;
        Ok(())
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Clears the screen and makes the next draw paint every cell, without asking the terminal
/// anything: ratatui's `Terminal::clear` first asks for the cursor position (`ESC[6n`), and a
/// terminal that does not answer would stop the game after two seconds.
///
/// # Errors
/// When the terminal cannot be written to.
pub(crate) fn clear_screen<B: Backend>(terminal: &mut Terminal<B>) -> Result<(), B::Error> {
    // For a full-screen terminal, a resize to its own size clears the screen and resets
    // both buffers (so the first draw writes every cell), and asks only for the size.
    let size = terminal.size()?;
    terminal.resize(Rect::new(0, 0, size.width, size.height))
}

/// Raw mode, the alternate screen, mouse capture (when `mouse`), the cursor hidden. On an
/// error part of the way, what was already changed is undone.
fn set_modes(mouse: bool) -> io::Result<()> {
    enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    // From here on, an early return drops `restoring` and restores the terminal.
    let restoring = Restore;
    execute!(io::stdout(), EnterAlternateScreen)?;
    if mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    execute!(io::stdout(), cursor::Hide)?;
    std::mem::forget(restoring);
    Ok(())
}

/// Restores the terminal when dropped (used while it is being set up).
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        restore();
    }
}

/// Where the input thread leaves the error that stopped it.
pub(crate) type InputError = Arc<Mutex<Option<io::Error>>>;

/// Starts the thread that reads the terminal: key presses (not releases or repeats),
/// mouse events and resizes go to `tx`. It blocks in `crossterm::event::read`, so it costs
/// nothing while no one types. On a read error or a panic it leaves an error in the returned
/// slot, sends [`Event::Terminate`] and stops, so the game never waits for input that cannot
/// come. It stops quietly once the receiver is
/// gone.
///
/// While it runs it holds crossterm's event reader, so nothing else may read events or ask
/// the terminal for the cursor position.
///
/// # Errors
/// When the thread cannot start.
pub(crate) fn spawn_input<M: Send + 'static>(tx: Sender<Event<M>>) -> io::Result<InputError> {
    let slot: InputError = Arc::new(Mutex::new(None));
    let error = Arc::clone(&slot);
    thread::Builder::new()
        .name("bg-tui input".to_string())
        .stack_size(RUNTIME_STACK)
        .spawn(move || {
            let tx = InputEnd {
                tx,
                error: Arc::clone(&error),
            };
            loop {
                let event = match ct::read() {
                    Ok(ct::Event::Key(key)) if key.kind == KeyEventKind::Press => Event::Key(key),
                    Ok(ct::Event::Mouse(mouse)) => Event::Mouse(mouse),
                    Ok(ct::Event::Resize(w, h)) => Event::Resize(w, h),
                    Ok(_) => continue,
                    Err(e) => {
                        if let Ok(mut slot) = error.lock() {
                            *slot = Some(e);
                        }
                        return;
                    }
                };
                if tx.tx.send(event).is_err() {
                    // The game is over; no one listens.
                    return;
                }
            }
        })?;
    Ok(slot)
}

/// Ends the input thread, however it ends: after a panic it leaves an error for [`run`] to
/// report, and it always sends [`Event::Terminate`] so the loop does not wait for input
/// that cannot come.
struct InputEnd<M> {
    tx: Sender<Event<M>>,
    error: InputError,
}

impl<M> Drop for InputEnd<M> {
    fn drop(&mut self) {
        if thread::panicking()
            && let Ok(mut slot) = self.error.lock()
        {
            slot.get_or_insert_with(|| io::Error::other("the input thread panicked"));
        }
        let _ = self.tx.send(Event::Terminate);
    }
}

/// The signals that end the program unless it catches them: each ends a screen through
/// its normal path, which restores the terminal, and the program exits with 128 + its
/// number.
pub(crate) const ENDING_SIGNALS: [i32; 11] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGXFSZ,
];

/// Starts the thread that turns the [`ENDING_SIGNALS`] into [`Event::Terminate`], so the
/// game ends through its normal path and restores the terminal, SIGTSTP into
/// [`Event::Suspend`] and SIGCONT into [`Event::Continued`]. (In raw mode Ctrl-C is a key,
/// not SIGINT; the app handles it.) Call [`signal_hook::iterator::Handle::close`] on the
/// returned handle to stop the thread.
///
/// # Errors
/// When the signal handlers cannot be registered or the thread cannot start.
pub(crate) fn spawn_signals<M: Send + 'static>(
    tx: Sender<Event<M>>,
) -> io::Result<signal_hook::iterator::Handle> {
    let mut signals = Signals::new(ENDING_SIGNALS.iter().chain(&[SIGTSTP, SIGCONT]))?;
    let handle = signals.handle();
    thread::Builder::new()
        .name("bg-tui signals".to_string())
        .stack_size(RUNTIME_STACK)
        .spawn(move || {
            for signal in signals.forever() {
                let event = match signal {
                    SIGTSTP => Event::Suspend,
                    SIGCONT => Event::Continued,
                    _ => {
                        SIGNAL.store(u8::try_from(signal).unwrap_or(u8::MAX), Ordering::SeqCst);
                        Event::Terminate
                    }
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
        })?;
    Ok(handle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::{ClearType, TestBackend, WindowSize};
    use ratatui::buffer::Cell;
    use ratatui::layout::{Position, Size};

    /// A terminal that never answers a question about the cursor position.
    struct Mute(TestBackend);

    fn silent() -> io::Error {
        io::Error::other("the cursor position could not be read within a normal duration")
    }

    impl Backend for Mute {
        type Error = io::Error;
        fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
        where
            I: Iterator<Item = (u16, u16, &'a Cell)>,
        {
            let _ = self.0.draw(content);
            Ok(())
        }
        fn hide_cursor(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn show_cursor(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn get_cursor_position(&mut self) -> io::Result<Position> {
            Err(silent())
        }
        fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
            let _ = self.0.set_cursor_position(position);
            Ok(())
        }
        fn clear(&mut self) -> io::Result<()> {
            let _ = self.0.clear();
            Ok(())
        }
        fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
            let _ = self.0.clear_region(clear_type);
            Ok(())
        }
        fn size(&self) -> io::Result<Size> {
            self.0.size().map_err(|_| silent())
        }
        fn window_size(&mut self) -> io::Result<WindowSize> {
            self.0.window_size().map_err(|_| silent())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_screen_is_cleared_and_drawn_without_asking_for_the_cursor() {
        let mut terminal = Terminal::new(Mute(TestBackend::new(80, 24))).expect("terminal");
        // What ratatui's own clear does, and what a mute terminal stops.
        assert!(terminal.clear().is_err());
        clear_screen(&mut terminal).expect("no question asked");
        let app = App::new(Options::default()).expect("app");
        terminal
            .draw(|frame| Screen::render(&app, frame.area(), frame.buffer_mut()))
            .expect("drawn");
        let drawn = format!("{:?}", terminal.backend().0.buffer());
        assert!(drawn.contains("Press r for the opening roll"), "{drawn}");
    }
}
