//! `bg-tui`: parse the command line and dispatch.

use bg_tui::cli::{self, Cli, Command, PlayArgs, ReplayArgs, ResumeArgs};
use bg_tui::tui::{terminal, viewer};
use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let output = match cli.command {
        None => return play(&cli.play),
        Some(Command::Play(args)) => return play(&args),
        Some(Command::Moves {
            position_id,
            dice,
            json,
        }) => cli::moves(&position_id, &dice, json),
        Some(Command::Show {
            position_id,
            match_id,
        }) => cli::show(&position_id, match_id.as_deref()),
        Some(Command::Bench { corpus, seconds }) => cli::bench(corpus.as_deref(), seconds),
        Some(Command::Hint {
            position_id,
            dice,
            bot,
            ply,
            json,
        }) => cli::hint(&position_id, &dice, bot.as_deref(), ply, json),
        Some(Command::BotMatch(args)) => cli::bot_match(&args),
        Some(Command::Train(args)) => cli::train::train(&args),
        Some(Command::Analyse { file, ply, json }) => cli::analyse::run(&file, ply, json),
        Some(Command::Resume(args)) => return resume(&args),
        Some(Command::Replay(args)) if args.text => cli::replay_text(&args.file),
        Some(Command::Replay(args)) => return replay(&args),
        Some(Command::Import { input, output }) => cli::import_mat(&input, output.as_deref()),
        Some(Command::Export { input, output }) => cli::export_mat(&input, output.as_deref()),
    };
    match output {
        Ok(text) => {
            // A closed pipe (`bg-tui moves ... | head`) is not an error worth a panic.
            let _ = std::io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e, 2),
    }
}

/// The game: status 2 for options that do not go together, 1 for a terminal error.
fn play(args: &PlayArgs) -> ExitCode {
    let mut options = match cli::play_options(args) {
        Ok(options) => options,
        Err(e) => return fail(&e, 2),
    };
    options.saves = cli::save_folder(args.no_autosave);
    match terminal::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e, e.exit_code()),
    }
}

/// `bg-tui resume`: status 2 for a file that cannot be resumed, 1 for a terminal error.
fn resume(args: &ResumeArgs) -> ExitCode {
    let app = match cli::resume_app(args, bg_tui::tui::color_wanted()) {
        Ok(app) => app,
        Err(e) => return fail(&e, 2),
    };
    match terminal::run_app(app) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e, e.exit_code()),
    }
}

/// The replay viewer: status 2 for a file that cannot be replayed, 1 for a terminal error.
fn replay(args: &ReplayArgs) -> ExitCode {
    let (_, timeline) = match cli::read_timeline(&args.file) {
        Ok(read) => read,
        Err(e) => return fail(&e, 2),
    };
    let options = viewer::ViewOptions {
        ascii: args.ascii,
        color: bg_tui::tui::color_wanted(),
    };
    match viewer::run(timeline, options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e, 1),
    }
}

fn fail(error: &dyn std::fmt::Display, status: u8) -> ExitCode {
    eprintln!("bg-tui: {error}");
    ExitCode::from(status)
}
