//! `bg-tui`: parse the command line and dispatch.

use bg_tui::cli::{self, Cli, Command, PlayArgs, ReplayArgs, ResumeArgs};
use bg_tui::tui::{terminal, viewer};
use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let output = match cli.command {
        None => return play(&cli.play),
        Some(Command::Play(args)) => return play(&args),
        Some(Command::Moves(args)) => args.run(),
        Some(Command::Show(args)) => args.run(),
        Some(Command::Bench(args)) => args.run(),
        Some(Command::BenchExpert(args)) => args.run(),
        Some(Command::TavliMet(args)) => args.run(),
        Some(Command::BenchAutosave(args)) => return streamed(|out| args.run(out)),
        Some(Command::Hint(args)) => args.run(),
        Some(Command::Rollout(args)) => args.run(),
        Some(Command::BotMatch(args)) => args.run(),
        Some(Command::Train(args)) => args.run(),
        Some(Command::Ubgi(args)) => args.run().map(|()| String::new()),
        Some(Command::Analyse(args)) => args.run(),
        Some(Command::Resume(args)) => return resume(&args),
        Some(Command::Replay(args)) if args.text => args.text(),
        Some(Command::Replay(args)) => return replay(&args),
        Some(Command::Import(args)) => args.run(),
        Some(Command::Export(args)) => return streamed(|out| args.run(out)),
    };
    match output {
        Ok(text) => match print(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
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
    fail(&cli::usage_line(&e.to_string()), 2)
}

/// The game: status 2 for options that do not go together, 1 for a terminal error.
fn play(args: &PlayArgs) -> ExitCode {
    let mut options = match cli::play_options(args) {
        Ok(options) => options,
        Err(e) => return fail(&e, 2),
    };
    options.saves = cli::save_folder(args.no_autosave);
    if let Some(dir) = options.saves.clone()
        && let Some(unfinished) = cli::unfinished_autosave(&dir)
        && std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
    {
        return opening(args, options, dir, &unfinished);
    }
    ended(terminal::run(options))
}

/// A new game over an unfinished match: the full-screen question (resume, new, quit), then
/// the game its answer starts, in one terminal session.
fn opening(
    args: &PlayArgs,
    options: bg_tui::tui::Options,
    dir: std::path::PathBuf,
    unfinished: &cli::Unfinished,
) -> ExitCode {
    use bg_tui::tui::start_dialog::{Opening, OpeningEnd, StartDialog};
    let resume_args = ResumeArgs {
        file: None,
        auto_forced: args.auto_forced,
        ascii: args.ascii,
        theme: args.theme,
        bot_delay: args.bot_delay,
        no_autosave: false,
    };
    let color = options.color;
    let then = Box::new(move |choice| match choice {
        cli::StartChoice::Quit => Ok(None),
        cli::StartChoice::Resume => cli::resume_app(&resume_args, color)
            .map(Some)
            .map_err(|e| e.to_string()),
        cli::StartChoice::New => {
            let kept =
                bg_tui::store::autosave::set_aside_autosave(&dir, std::time::SystemTime::now())
                    .map_err(|e| e.to_string())?;
            let mut app = bg_tui::tui::App::new(options.clone()).map_err(|e| e.to_string())?;
            if let Some(path) = kept {
                app.notice(format!(
                    "the unfinished match is kept as {} (bg-tui resume FILE goes on with it)",
                    cli::printable(&path.display().to_string(), cli::MAX_ERROR_CHARS)
                ));
            }
            Ok(Some(app))
        }
    });
    let dialog = StartDialog::new(unfinished, args.ascii);
    match terminal::run_opening(Opening::new(dialog, then)) {
        Ok(OpeningEnd::Quit) => signal_status(),
        Ok(OpeningEnd::Failed(why)) => fail(&why, 2),
        Ok(OpeningEnd::Played(mut app)) => ended(Ok(app.finish_saving())),
        Err(e) => fail(&e, e.exit_code()),
    }
}

/// `bg-tui resume`: status 2 for a file that cannot be resumed, 1 for a terminal error.
fn resume(args: &ResumeArgs) -> ExitCode {
    let app = match cli::resume_app(args, bg_tui::tui::color_wanted()) {
        Ok(app) => app,
        Err(e) => return fail(&e, 2),
    };
    ended(terminal::run_app(app))
}

/// How a game ended: its last line on the restored terminal, and the exit status (128 + the
/// signal's number after SIGTERM, SIGHUP or SIGINT, as shells report it).
fn ended(result: Result<String, terminal::RunError>) -> ExitCode {
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

/// The replay viewer: status 2 for a file that cannot be replayed, 1 for a terminal error.
fn replay(args: &ReplayArgs) -> ExitCode {
    let (record, timeline, text) = match cli::read_timeline_text(&args.file) {
        Ok(read) => read,
        Err(e) => return fail(&e, 2),
    };
    // The record's bytes name the analysis saved beside it.
    let source = Some(viewer::analysis_board::RecordSource {
        path: args.file.clone(),
        bytes: std::sync::Arc::new(text.into_bytes()),
    });
    let options = viewer::ViewOptions {
        ascii: args.ascii,
        color: bg_tui::tui::color_wanted(),
        palette: args.theme,
        clock: record.clock,
        analyse: args.analyse,
        ply: args.ply,
        source,
    };
    match viewer::run(timeline, options) {
        Ok(()) => signal_status(),
        Err(e) => fail(&e, 1),
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
