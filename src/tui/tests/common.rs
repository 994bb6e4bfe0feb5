//! Helpers of the terminal game's tests: driving the app (keys, typed command lines, a bot's
//! answer handed back as the runtime hands it) and positions written with numbers. After
//! each event the saves it asked for are made in place ([`App::make_saves`]), as the
//! runtime's save worker would make them.

use crate::tui::bots::BotJob;
use crate::tui::msg::Msg;
use crate::tui::terminal::Screen;
use crate::tui::{App, Event};
use bg_tui::engine::{Place, Position};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// `screen` drawn on a test terminal of `width` x `height`.
pub(crate) fn drawn(screen: &impl Screen, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|f| screen.render(f.area(), f.buffer_mut()))
        .expect("draw");
    terminal
}

/// Snapshots a screen at 80x24 and 120x40 as `NAME_80x24` and `NAME_120x40` (a macro, so
/// that the snapshots keep the names of the calling test module).
macro_rules! snapshot_both {
    ($name:expr, $screen:expr) => {
        for (w, h) in [(80, 24), (120, 40)] {
            let terminal = $crate::tui::tests::common::drawn($screen, w, h);
            println!("{} at {w}x{h}:\n{}", $name, terminal.backend());
            insta::assert_snapshot!(format!("{}_{w}x{h}", $name), terminal.backend());
        }
    };
}
pub(crate) use snapshot_both;

/// Presses `code` without modifiers.
pub(crate) fn press(app: &mut App, code: KeyCode) {
    handle(app, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

/// Hands `event` to the game, then makes the saves it asked for, as the runtime does.
pub(crate) fn handle(app: &mut App, event: Event) {
    app.handle(event);
    app.make_saves();
}

/// Types `text`, a key per character.
pub(crate) fn chars(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// Types `line` on the command line: `:`, the line, Enter.
pub(crate) fn type_command(app: &mut App, line: &str) {
    press(app, KeyCode::Char(':'));
    chars(app, line);
    press(app, KeyCode::Enter);
}

/// Answers a bot's question as the runtime does: the bot's decision, then the ticks that
/// show its play a checker at a time.
pub(crate) fn answer_bot(app: &mut App, job: &BotJob) {
    let decision = job.decide();
    handle(app, Event::Msg(Msg::BotDecided(job.id, decision)));
    for _ in 0..job.ticks(&decision) {
        handle(app, Event::Msg(Msg::BotStep(job.id)));
    }
}

/// Makes the bots a `:bot` command asked for, as the runtime's worker thread does, and
/// hands them back.
pub(crate) fn seat_bots(app: &mut App) {
    while let Some(request) = app.take_seat_job() {
        let made = request.make();
        handle(app, Event::Msg(Msg::BotsMade(made)));
    }
}

/// The place numbered `n` (0 off, 1-24, 25 the bar), for tests written with numbers.
pub(crate) fn place(n: u8) -> Place {
    Place::new(n).expect("a place is numbered 0 to 25")
}

/// A position from per-side counts, each in its own numbering (index 25 = bar).
pub(crate) fn sides(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
    let mut m = [0u8; 26];
    let mut o = [0u8; 26];
    for &(p, n) in mover {
        m[p] = n;
    }
    for &(p, n) in opponent {
        o[p] = n;
    }
    Position::from_sides(&m, &o).expect("test position is valid")
}
