//! The command line: the clap types and the commands, each in its own module with its
//! arguments and a `run` that returns the text to print or a [`CliError`].

use clap::{Parser, Subcommand};

mod board;
mod bot_match;
pub(crate) mod drill;
mod error;
mod exchange;
mod hint;
mod moves;
mod output;
mod play;
mod position_args;
mod replay;
mod rules_args;
mod saves;
mod show;
mod start;

pub(crate) mod analyse;
pub(crate) mod rollout;
pub(crate) mod ubgi;

use moves::play_list;
use position_args::parse_dice;

pub(crate) use analyse::AnalyseArgs;
use bg_tui::host::unfinished::{StartAction, Unfinished, act_on_start, unfinished_autosave};
pub(crate) use board::{moves_on_board, parse_board, parse_variant};
pub(crate) use bot_match::BotMatchArgs;
pub(crate) use drill::DrillArgs;
pub(crate) use error::CliError;
pub(crate) use exchange::{ExportArgs, ImportArgs};
pub(crate) use hint::HintArgs;
pub(crate) use moves::MovesArgs;
pub(crate) use output::{CommandError, MAX_ERROR_CHARS, printable};
pub(crate) use play::PlayArgs;
pub(crate) use replay::ReplayArgs;
pub(crate) use rollout::RolloutArgs;
pub(crate) use rules_args::RulesArgs;
pub(crate) use saves::{RecordWriter, ResumeArgs, resume_app, save_folder};
pub(crate) use show::ShowArgs;
pub(crate) use ubgi::UbgiArgs;
// What the tests reach by the short path (the terminal game's tests resume matches too).
#[cfg(test)]
pub(crate) use saves::resume_app_in;
#[cfg(test)]
use {
    error::NamesError,
    exchange::import_mat,
    play::{MAX_NAME_CHARS, parse_names, play_options_with},
    position_args::PositionArgs,
    replay::read_timeline,
};

/// Backgammon for the terminal.
///
/// Without a command, starts a game for two people at one keyboard; the game options below
/// work here and after `play`.
#[derive(Debug, Parser)]
#[command(
    name = "bg-tui",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub(crate) struct Cli {
    /// The game's options, when no command is given.
    #[command(flatten)]
    pub(crate) play: PlayArgs,
    /// What to do; without a command, the game.
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Play a game for two people at one keyboard (the same as no command).
    Play(PlayArgs),
    /// List every legal play of a roll in a position, with the position after each: a
    /// backgammon Position ID (`moves ID DICE`), or any rule set's board
    /// (`moves --rules RULES --board BOARD DICE`).
    Moves(MovesArgs),
    /// Print a position as a text board with pip counts (and the score, cube and dice when
    /// a Match ID is given).
    Show(ShowArgs),
    /// A bot's ranking of every legal play of a roll, best first, with its score: a
    /// backgammon Position ID (`hint ID DICE`), or any rule set's board
    /// (`hint --rules RULES --board BOARD DICE`).
    Hint(HintArgs),
    /// Roll out a position with the expert: the best candidate plays of a roll
    /// (`rollout POSITION DICE`), or the position for the player on roll and its cube
    /// decision (`rollout POSITION`); each line's equity with its standard error and chances.
    Rollout(RolloutArgs),
    /// Play two bots against each other and report A's points per game.
    BotMatch(BotMatchArgs),
    /// Be an engine for other programs: speak UBGI v0.2 (the Universal Backgammon
    /// Interface) on standard input and output, with the expert's nets.
    Ubgi(UbgiArgs),
    /// Judge every play and cube decision of a recorded match (a game record or a .mat
    /// file) with the expert bot: equity lost, error rates, the worst mistakes.
    Analyse(AnalyseArgs),
    /// Drill your own mistakes: the worst decisions of the analysed matches in the records
    /// folder asked again as a quiz, the missed ones more often (`--list` prints those due).
    Drill(DrillArgs),
    /// Go on with a saved match: the autosave, or a record file.
    Resume(ResumeArgs),
    /// Replay a recorded match: a viewer in the terminal, or the match as text.
    Replay(ReplayArgs),
    /// Read a Jellyfish .mat match file (as GNU Backgammon and eXtreme Gammon write them)
    /// into a game record.
    Import(ImportArgs),
    /// Write a game record as a Jellyfish .mat match file that GNU Backgammon imports.
    Export(ExportArgs),
}
#[cfg(test)]
mod tests;
