//! `bg-tui`: parse the command line and dispatch.

mod cli;
mod tui;

use clap::Parser;
use cli::{Cli, Command};
use std::io::Write;
use std::process::ExitCode;
use tui::terminal;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let output = match cli.command {
        None => return ended(cli.play.run()),
        Some(Command::Play(args)) => return ended(args.run()),
        Some(Command::Moves(args)) => args.run(),
        Some(Command::Show(args)) => args.run(),
        Some(Command::Hint(args)) => args.run(),
        Some(Command::Rollout(args)) => args.run(),
        Some(Command::BotMatch(args)) => args.run(),
        Some(Command::Ubgi(args)) => args.run().map(|()| String::new()),
        Some(Command::Analyse(args)) => args.run(),
        Some(Command::Drill(args)) => args.run(),
        Some(Command::Resume(args)) => return ended(args.run()),
        Some(Command::Replay(args)) => args.run(),
        Some(Command::Import(args)) => args.run(),
        Some(Command::Export(args)) => return streamed(|out| args.run(out)),
    };
    match output {
        Ok(text) => match print(text.as_bytes()) {
            // The replay viewer ends with the signal that stopped it, if one did.
            Ok(()) => signal_status(),
            Err(e) => fail(&e, 1),
        },
        Err(e) => fail(&e, e.exit_code()),
    }
}

/// Writes `bytes` to standard output and flushes it. A closed pipe (`bg-tui moves ... |
/// head`) is not an error: the reader has what it wanted.
fn print(bytes: &[u8]) -> Result<(), cli::CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(cli::CliError::Output(e)),
        _ => Ok(()),
    }
}

/// A command that writes to standard output as it goes: status 2 for bad input, 1 for a
/// write that failed (a closed pipe is not a failure).
fn streamed(run: impl FnOnce(&mut dyn Write) -> Result<(), cli::CommandError>) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = run(&mut out).and_then(|()| out.flush().map_err(cli::CommandError::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_closed_pipe() => ExitCode::SUCCESS,
        Err(e) => fail(&e, e.exit_code()),
    }
}

/// A command line clap refuses: one line (and clap's tip, if any), status 2. Help and the
/// version are printed as clap prints them.
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        if print(e.to_string().as_bytes()).is_err() {
            return ExitCode::from(1);
        }
        return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    fail(&bg_tui::printable::usage_line("bg-tui", &e.to_string()), 2)
}

/// How a game ended: its last line on the restored terminal, and the exit status (128 + the
/// signal's number after SIGTERM, SIGHUP or SIGINT, as shells report it).
fn ended(result: Result<String, cli::CliError>) -> ExitCode {
    match result {
        Ok(farewell) => {
            if !farewell.is_empty() {
                eprintln!(
                    "bg-tui: {}",
                    cli::printable(&farewell, cli::MAX_ERROR_CHARS)
                );
            }
            signal_status()
        }
        Err(e) => fail(&e, e.exit_code()),
    }
}

/// 128 + the signal that stopped the program, else success.
fn signal_status() -> ExitCode {
    match terminal::signal_received() {
        Some(signal) => ExitCode::from(128u8.saturating_add(signal)),
        None => ExitCode::SUCCESS,
    }
}

/// One line on standard error: control characters escaped and the line cut, whatever a
/// file put into the message.
fn fail(error: &dyn std::fmt::Display, status: u8) -> ExitCode {
    eprintln!(
        "bg-tui: {}",
        cli::printable(&error.to_string(), cli::MAX_ERROR_CHARS)
    );
    ExitCode::from(status)
}
