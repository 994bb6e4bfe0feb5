//! `bg-tui`: parse the command line and dispatch.

use bg_tui::cli::{self, Cli, Command};
use clap::{CommandFactory, Parser};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let output = match cli.command {
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
        None => {
            // The terminal game is not built yet: show what there is.
            let mut help = Cli::command();
            let _ = help.print_help();
            return ExitCode::SUCCESS;
        }
    };
    match output {
        Ok(text) => {
            // A closed pipe (`bg-tui moves ... | head`) is not an error worth a panic.
            let _ = std::io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bg-tui: {e}");
            ExitCode::from(2)
        }
    }
}
