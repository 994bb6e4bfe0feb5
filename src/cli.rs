//! The command line: the clap types and the commands, each in its own module with its
//! arguments and a `run` that returns the text to print or a [`CliError`].

use clap::{Parser, Subcommand};

mod board;
mod bot_match;
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

pub mod analyse;
pub mod rollout;
pub mod ubgi;

use moves::play_list;
use position_args::parse_dice;

use crate::host::unfinished::{StartAction, Unfinished, act_on_start, unfinished_autosave};
pub use analyse::AnalyseArgs;
pub use board::{NotAGameRuleSet, moves_on_board, parse_board, parse_variant};
pub use bot_match::{BotMatchArgs, MAX_BOT_GAMES, MAX_BOT_THREADS, PROGRESS_MIN_GAMES, bot_match};
pub use error::{CliError, NamesError};
pub use exchange::{ExportArgs, ImportArgs, export_mat, export_mat_to, import_mat};
pub use hint::{HINT_SEED, HintArgs, default_hint_bot, hint, hint_on_board};
pub use moves::{MovesArgs, moves};
pub use output::{CommandError, MAX_ERROR_CHARS, printable};
pub use play::{MAX_NAME_CHARS, PlayArgs, parse_names, play_options, play_options_with};
pub use position_args::PositionArgs;
pub use replay::{ReplayArgs, read_timeline, read_timeline_text, replay_text};
pub use rollout::RolloutArgs;
pub use rules_args::RulesArgs;
pub use saves::{RecordWriter, ResumeArgs, resume_app, resume_app_in, save_folder};
pub use show::{ShowArgs, show};
pub use ubgi::UbgiArgs;

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
pub struct Cli {
    /// The game's options, when no command is given.
    #[command(flatten)]
    pub play: PlayArgs,
    /// What to do; without a command, the game.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
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
