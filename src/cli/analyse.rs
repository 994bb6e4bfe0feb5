//! `bg-tui analyse FILE`: every play and cube decision of a recorded match judged by the
//! expert bot (the judging is [`bg_tui::analysis`]).

use bg_tui::analysis::{Judging, analyse_settling, text};
use bg_tui::bot::expert::close_cube::CloseRollouts;
use std::io::IsTerminal;

use super::CliError;
use clap::Args;
use std::path::{Path, PathBuf};

/// `bg-tui analyse FILE [--ply N] [--close-rollouts S] [--no-prune] [--json]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct AnalyseArgs {
    /// The game record (JSON) or Jellyfish .mat file.
    pub(crate) file: PathBuf,
    /// The expert's look-ahead: 0 to 3 (the hint's depth, 2, by default).
    #[arg(long, default_value_t = bg_tui::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub(crate) ply: u8,
    /// Settle each close cube decision (its actions within 0.08 EMG) by a rollout of at
    /// most S seconds (and 1,296 trials) on one core, cubeful at the score from the
    /// rolled-out chances [default: the look-ahead alone].
    #[arg(long = "close-rollouts", value_name = "S",
          value_parser = clap::value_parser!(u16).range(1..=600))]
    pub(crate) close_rollouts: Option<u16>,
    /// Value only the best 3 replies of each contact roll inside the look-ahead, as the
    /// pruning nets rank them, and of a race roll the race net's best 5 and more (5 plus
    /// the base-2 logarithm of the plays' number), as GNU Backgammon's evaluations prune
    /// (the default).
    #[arg(long, overrides_with = "no_prune")]
    pub(crate) prune: bool,
    /// Value every reply of each roll inside the look-ahead: 1.7 to 1.9 times the CPU of
    /// the pruned look, the judgements nearly the same.
    #[arg(long = "no-prune", overrides_with = "prune")]
    pub(crate) no_prune: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

impl AnalyseArgs {
    /// The report to print.
    ///
    /// # Errors
    /// As [`run`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        run(&self.file, self.ply, self.judging(), self.json)
    }

    /// How the options say to judge: close cube decisions by rollouts of the seconds
    /// given, the replies pruned unless `--no-prune` came last.
    pub(crate) fn judging(&self) -> Judging {
        Judging {
            close: self.close_rollouts.map(|seconds| CloseRollouts {
                seconds: f32::from(seconds),
                ..CloseRollouts::default()
            }),
            prune_replies: !self.no_prune,
        }
    }
}

/// `bg-tui analyse FILE [--ply N] [--close-rollouts S] [--no-prune] [--json]`: the report to print.
///
/// # Errors
/// [`CliError`] for a file that cannot be read or replayed.
pub(crate) fn run(path: &Path, ply: u8, judging: Judging, json: bool) -> Result<String, CliError> {
    let (record, _) = super::replay::read_record_text(path)?;
    let bar = progress_bar();
    let a = analyse_settling(&record, ply, judging, &mut |done, all| {
        if let Some(bar) = &bar {
            bar.set_length(all as u64);
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let a = a.map_err(|source| CliError::Analysis {
        path: path.to_path_buf(),
        source,
    })?;
    if json {
        return serde_json::to_string_pretty(&a)
            .map(|s| s + "\n")
            .map_err(CliError::Json);
    }
    Ok(text(&a, ply))
}

/// A progress bar of the record's actions on standard error, when it is a terminal (a
/// piped or redirected standard error stays quiet).
fn progress_bar() -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "analysing {bar:40} {pos}/{len} actions  {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    })
}
