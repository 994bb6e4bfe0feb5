//! `bg-lab`: the workshop of bg-tui's own development. It trains the expert's nets
//! (`train`), measures the move generator, the expert and the autosave (`bench`,
//! `bench-expert`, `bench-autosave`), blends nets files (`blend`) and prints the Tavli
//! match equity table (`tavli-met`).
//! The game and its tools are `bg-tui`'s; this program is built only with the `lab` feature,
//! which also makes public the library's insides it works on (the nets, their training, the
//! benchmark's corpus).

mod autosave_bench;
mod bench;
mod blend;
mod eval_db;
mod expert_bench;
mod filter_study;
mod rollout_db;
mod tavli_met;
mod train;

use bg_tui::printable::{MAX_ERROR_CHARS, printable, usage_line};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// The workshop of bg-tui: training the expert's nets, the benchmarks, the Tavli match
/// equity table.
#[derive(Debug, Parser)]
#[command(name = "bg-lab", version, about)]
struct Lab {
    /// What to do.
    #[command(subcommand)]
    command: LabCommand,
}

/// The lab's commands.
#[derive(Debug, Subcommand)]
enum LabCommand {
    /// Train the expert bot's nets by self-play (resumable from a checkpoint), or fit them
    /// in a supervised round.
    Train(train::TrainArgs),
    /// Measure legal-move generation speed on one core.
    Bench(bench::BenchArgs),
    /// Measure the expert bot: the time of a 0-ply evaluation, and of a decision at each
    /// look-ahead.
    BenchExpert(expert_bench::BenchExpertArgs),
    /// Measure the autosave: the time to save an action in the first game of a long money
    /// session and in its last, and the time to resume it.
    BenchAutosave(autosave_bench::BenchAutosaveArgs),
    /// Measure the expert's move filters: how often they cut the play that every play
    /// judged at the decision's depth (or one roll deeper) would have chosen, and the cost.
    FilterStudy(filter_study::FilterStudyArgs),
    /// Grow a database of positions from self-play, each rolled out by the expert (for
    /// supervised rounds: `train --resume --supervised-db FILE`).
    RolloutDb(rollout_db::RolloutDbArgs),
    /// Judge nets against a rollout database: the error and rms of their equity by kind of
    /// position, and against GNU Backgammon's 2-ply chances of the same positions.
    EvalDb(eval_db::EvalDbArgs),
    /// Print the Tavli match equity table the expert plays Tavli matches by: each side's
    /// chance to win the match from a score, for each game of the cycle that comes next.
    TavliMet(tavli_met::TavliMetArgs),
    /// Blend two nets files: every weight a weighted mean of the two (a fit drawn part of
    /// the way back to the nets it was fitted from).
    Blend(blend::BlendArgs),
}

fn main() -> ExitCode {
    let lab = match Lab::try_parse() {
        Ok(lab) => lab,
        Err(e) => return usage_error(&e),
    };
    let output: Result<String, LabError> = match lab.command {
        LabCommand::Train(args) => train::train(&args).map_err(LabError::from),
        LabCommand::Bench(args) => bench::bench(&args).map_err(LabError::from),
        LabCommand::BenchExpert(args) => expert_bench::bench_expert(&args).map_err(LabError::from),
        LabCommand::RolloutDb(args) => rollout_db::rollout_db(&args).map_err(LabError::from),
        LabCommand::EvalDb(args) => eval_db::eval_db(&args).map_err(LabError::from),
        LabCommand::TavliMet(args) => Ok(tavli_met::tavli_met(&args)),
        LabCommand::Blend(args) => blend::blend(&args).map_err(LabError::from),
        LabCommand::FilterStudy(args) => filter_study::filter_study(&args).map_err(LabError::from),
        LabCommand::BenchAutosave(args) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            return match autosave_bench::bench_autosave(&args, &mut out) {
                Err(e) if e.is_closed_pipe() => ExitCode::SUCCESS,
                Err(e) => fail(&e, e.exit_code()),
                Ok(()) => ExitCode::SUCCESS,
            };
        }
    };
    match output {
        Ok(text) => match print(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&format!("cannot write to standard output: {e}"), 1),
        },
        Err(e) => fail(&e, 2),
    }
}

/// Why a command that prints when it is done failed: bad input (status 2).
#[derive(Debug, thiserror::Error)]
enum LabError {
    /// `train`.
    #[error(transparent)]
    Train(#[from] train::TrainError),
    /// `bench`.
    #[error(transparent)]
    Bench(#[from] bench::BenchError),
    /// `bench-expert`.
    #[error(transparent)]
    BenchExpert(#[from] expert_bench::BenchExpertError),
    /// `filter-study`.
    #[error(transparent)]
    FilterStudy(#[from] filter_study::FilterStudyError),
    /// `rollout-db`.
    #[error(transparent)]
    RolloutDb(#[from] rollout_db::RolloutDbError),
    /// `eval-db`.
    #[error(transparent)]
    EvalDb(#[from] eval_db::EvalDbError),
    /// `blend`.
    #[error(transparent)]
    Blend(#[from] blend::BlendError),
}

/// Writes `bytes` to standard output and flushes it. A closed pipe is not an error: the
/// reader has what it wanted.
fn print(bytes: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}

/// A command line clap refuses: one line (and clap's tip, if any), status 2. Help and the
/// version are printed as clap prints them.
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => match print(e.to_string().as_bytes())
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(1),
        },
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = print(e.to_string().as_bytes());
            ExitCode::from(2)
        }
        _ => fail(&usage_line("bg-lab", &e.to_string()), 2),
    }
}

/// One line on standard error: control characters escaped and the line cut, whatever a
/// file put into the message.
fn fail(error: &dyn std::fmt::Display, status: u8) -> ExitCode {
    eprintln!("bg-lab: {}", printable(&error.to_string(), MAX_ERROR_CHARS));
    ExitCode::from(status)
}
