//! The command line: clap types, the game's options, and the commands that print rather
//! than play.

use crate::bench::{self, BenchReport};
use crate::bot::{self, arena, arena::MatchReport};
use crate::engine::{
    BoardSpec, Dice, Position, RuleSet, Variant, format_play, legal_plays, match_id_fields,
    position_from_id, position_id,
};
use crate::replay::Timeline;
use crate::text_board;
use crate::tui::Options;
use crate::tui::Player;
use crate::tui::theme::Palette;
use clap::{Args, Parser, Subcommand};

mod saves;
pub use saves::{
    RecordWriter, ResumeArgs, StartChoice, Unfinished, parse_start_choice, resume_app,
    resume_app_in, save_folder, unfinished_autosave,
};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

mod exchange;
pub use exchange::{export_mat, export_mat_to, import_mat};

mod output;
pub use output::{CommandError, MAX_ERROR_CHARS, printable, usage_line};

mod autosave_bench;
mod expert_bench;
pub use autosave_bench::{BenchAutosaveArgs, bench_autosave};
pub use expert_bench::{BenchExpertArgs, bench_expert};

mod rules_args;
pub use rules_args::RulesArgs;

mod board;
pub use board::{moves_on_board, parse_board, parse_variant};
mod start;

pub mod analyse;
pub mod rollout;
pub mod train;
pub mod ubgi;
pub use rollout::RolloutArgs;
pub use train::TrainArgs;

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

/// The longest player name `--names` takes, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// How to set up a game in the terminal: `bg-tui [OPTIONS]` or `bg-tui play [OPTIONS]`.
///
/// Clap only checks the types; [`play_options`] checks that the options go together.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
#[command(next_help_heading = "Game options")]
pub struct PlayArgs {
    /// The rule set and its options.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Seed for the dice: the same seed gives the same dice every time.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The players' names, White first (at most 20 characters each).
    #[arg(long, value_name = "ALICE,BOB")]
    pub names: Option<String>,
    /// Play a forced play (the only legal one) by itself.
    #[arg(long)]
    pub auto_forced: bool,
    /// Draw with ASCII only, no Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// The colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = Palette::Dark)]
    pub theme: Palette,
    /// Play against this bot (random, greedy, pubeval, ...); you play --human-side.
    #[arg(long, value_name = "BOT")]
    pub vs: Option<String>,
    /// The side you play against --vs: white or black.
    #[arg(long, value_name = "SIDE", default_value = "white", requires = "vs")]
    pub human_side: String,
    /// Let this bot play White (with --black: watch two bots play).
    #[arg(long, value_name = "BOT", conflicts_with = "vs")]
    pub white: Option<String>,
    /// Let this bot play Black.
    #[arg(long, value_name = "BOT", conflicts_with = "vs")]
    pub black: Option<String>,
    /// The look-ahead of the `expert` bot named by --vs, --white or --black: 0, 1 or 2
    /// (`expert` alone is 2-ply).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub ply: Option<u8>,
    /// Pause between a bot's checker moves, in milliseconds (0 for none).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub bot_delay: u64,
    /// Do not write the autosave after every turn, nor keep the match when it is over.
    #[arg(long)]
    pub no_autosave: bool,
    /// Turn the board to the player on roll (hot-seat); by default White's home board is
    /// bottom right, and against a bot yours is.
    #[arg(long)]
    pub turn_board: bool,
    /// Roll by itself when you cannot double (no cube, the Crawford game, the cube on the
    /// other side or at its cap); `a` in the game also offers "always".
    #[arg(long)]
    pub auto_roll: bool,
    /// Once there is no contact, the computer plays your rolls (the strongest bot).
    #[arg(long)]
    pub auto_bearoff: bool,
    /// The tutor view: point numbers for both sides, each in its own numbering.
    #[arg(long)]
    pub tutor: bool,
    /// Tutor mode: before your play or cube decision is made, the expert judges it; one
    /// that loses at least --tutor-threshold is shown with the expert's choice, to take
    /// back or keep (`m` in the game turns it on and off).
    #[arg(long)]
    pub tutor_mode: bool,
    /// The smallest equity loss tutor mode speaks of (0 to 3) [default: 0.04, GNU
    /// Backgammon's "doubtful"].
    #[arg(long, value_name = "E", allow_hyphen_values = true)]
    pub tutor_threshold: Option<String>,
    /// Players' clocks: standard (2:00 reserve, kept by turns within 20 s) or blitz (0:30,
    /// 10 s).
    #[arg(long, value_name = "KIND")]
    pub clock: Option<String>,
    /// Start from this position: a Position ID or an XGID (backgammon, Portes, Jacquet).
    #[arg(long, value_name = "ID|XGID", conflicts_with = "board")]
    pub position: Option<String>,
    /// Start from this position of the rule set, as JSON in the form `moves --board` reads,
    /// from the view of the player on roll.
    #[arg(long, value_name = "JSON")]
    pub board: Option<String>,
    /// With --position ID or --board: who is on roll, white (the default) or black.
    #[arg(long, value_name = "SIDE")]
    pub on_roll: Option<String>,
    /// With --position ID or --board: the dice rolled, such as 52 (else the player on roll
    /// rolls or doubles).
    #[arg(long, value_name = "DICE")]
    pub dice: Option<String>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game for two people at one keyboard (the same as no command).
    Play(PlayArgs),
    /// List every legal play of a roll in a position, with the position after each: a
    /// backgammon Position ID (`moves ID DICE`), or any rule set's board
    /// (`moves --rules RULES --board BOARD DICE`).
    Moves {
        /// GNU Backgammon Position ID (14 characters), from the view of the player on roll;
        /// left out with --board.
        #[arg(value_name = "POSITION_ID")]
        position_id: String,
        /// The roll, as `31` or `3-1`.
        dice: Option<String>,
        /// The rule set: backgammon, portes, plakoto, fevga or jacquet.
        #[arg(long = "rules", value_name = "RULES")]
        rule_set: Option<String>,
        /// The position as JSON: {"mine": [24 counts], "theirs": [24 counts], "bar": [mine,
        /// theirs], "pinned": [points 1-24]}, from the view of the player on roll.
        #[arg(long, value_name = "BOARD")]
        board: Option<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a position as a text board with pip counts (and the score, cube and dice when
    /// a Match ID is given).
    Show {
        /// GNU Backgammon Position ID (14 characters).
        position_id: String,
        /// GNU Backgammon Match ID (12 characters).
        match_id: Option<String>,
    },
    /// Measure legal-move generation speed on one core.
    Bench {
        /// A file of `POSITION_ID DICE` lines to use instead of the built-in corpus.
        #[arg(long)]
        corpus: Option<PathBuf>,
        /// The rule set whose generator to measure: backgammon, portes, plakoto, fevga or
        /// jacquet, or `all` for every one side by side against backgammon [default:
        /// backgammon].
        #[arg(long = "rules", value_name = "RULES")]
        rule_set: Option<String>,
        /// How long to measure, in seconds.
        #[arg(long, default_value_t = 3.0, allow_negative_numbers = true)]
        seconds: f64,
    },
    /// Measure the autosave: the time to save an action in the first game of a long money
    /// session and in its last, and the time to resume it.
    BenchAutosave(BenchAutosaveArgs),
    /// Measure the expert bot: the time of a 0-ply evaluation, and of a decision at each
    /// look-ahead.
    BenchExpert(BenchExpertArgs),
    /// Print the Tavli match equity table the expert plays Tavli matches by: each side's
    /// chance to win the match from a score, for each game of the cycle that comes next.
    TavliMet {
        /// The longest match to show, in points (1-25).
        #[arg(long, value_name = "N", default_value_t = 7)]
        length: u32,
    },
    /// A bot's ranking of every legal play of a roll, best first, with its score: a
    /// backgammon Position ID (`hint ID DICE`), or any rule set's board
    /// (`hint --rules RULES --board BOARD DICE`).
    Hint {
        /// GNU Backgammon Position ID (14 characters), from the view of the player on roll;
        /// left out with --board.
        #[arg(value_name = "POSITION_ID")]
        position_id: String,
        /// The roll, as `31` or `3-1`.
        dice: Option<String>,
        /// The rule set: backgammon, portes, plakoto, fevga or jacquet.
        #[arg(long = "rules", value_name = "RULES")]
        rule_set: Option<String>,
        /// The position as JSON, as `moves --board` takes it, from the view of the player on
        /// roll.
        #[arg(long, value_name = "BOARD")]
        board: Option<String>,
        /// The bot that ranks the plays [default: the strongest].
        #[arg(long, value_name = "NAME")]
        bot: Option<String>,
        /// The look-ahead of the expert bot: 0, 1 or 2 (`expert` alone is 2-ply).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=2))]
        ply: Option<u8>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Roll out a position with the expert: the best candidate plays of a roll
    /// (`rollout POSITION DICE`), or the position for the player on roll and its cube
    /// decision (`rollout POSITION`); each line's equity with its standard error and chances.
    Rollout(RolloutArgs),
    /// Play two bots against each other and report A's points per game.
    BotMatch(BotMatchArgs),
    /// Train the expert bot's nets by self-play (resumable from a checkpoint).
    Train(TrainArgs),
    /// Be an engine for other programs: speak UBGI v0.2 (the Universal Backgammon
    /// Interface) on standard input and output, with the expert's nets.
    Ubgi,
    /// Judge every play and cube decision of a recorded match (a game record or a .mat
    /// file) with the expert bot: equity lost, error rates, the worst mistakes.
    Analyse {
        /// The game record (JSON) or Jellyfish .mat file.
        file: PathBuf,
        /// The expert's look-ahead: 0, 1 or 2 (the hint's, 2, by default, so that following
        /// the hint is never an error).
        #[arg(long, default_value_t = crate::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=2))]
        ply: u8,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Go on with a saved match: the autosave, or a record file.
    Resume(ResumeArgs),
    /// Replay a recorded match: a viewer in the terminal, or the match as text.
    Replay(ReplayArgs),
    /// Read a Jellyfish .mat match file (as GNU Backgammon and eXtreme Gammon write them)
    /// into a game record.
    Import {
        /// The .mat file.
        input: PathBuf,
        /// Where to write the record (JSON); without it, standard output.
        #[arg(short, long, value_name = "OUT.json")]
        output: Option<PathBuf>,
    },
    /// Write a game record as a Jellyfish .mat match file that GNU Backgammon imports.
    Export {
        /// The game record (JSON).
        input: PathBuf,
        /// Where to write the .mat file; without it, standard output.
        #[arg(short, long, value_name = "OUT.mat")]
        output: Option<PathBuf>,
    },
}

/// `bg-tui replay FILE [--text] [--ascii] [--analyse]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct ReplayArgs {
    /// The game record (JSON, as bg-tui saves it).
    pub file: PathBuf,
    /// Print the match as text, one line per turn, instead of opening the viewer.
    #[arg(long)]
    pub text: bool,
    /// Draw with ASCII only, no Unicode (the viewer).
    #[arg(long)]
    pub ascii: bool,
    /// The viewer's colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = Palette::Dark)]
    pub theme: Palette,
    /// Open the viewer with the analysis board shown (`A`): every decision judged by the
    /// expert, saved beside the record as FILE.analysis.json.
    #[arg(long, conflicts_with = "text")]
    pub analyse: bool,
    /// How deep the expert looks in the viewer's analysis (0 to 2 plies).
    #[arg(long, default_value_t = crate::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=2), conflicts_with = "text")]
    pub ply: u8,
}

/// `bg-tui bot-match`: cubeless money games by default, in mirrored pairs (the same dice with
/// the sides swapped).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct BotMatchArgs {
    /// Bot A (its points per game are reported).
    pub bot_a: String,
    /// Bot B.
    pub bot_b: String,
    /// How many games (with --match: matches) to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// Seed for the dice and the bots: the same seed gives the same results.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The rule set and its options; `--match L` plays matches to L points instead of
    /// money games (a match counts +1 or -1); the cube only with `--cube`.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Threads to play on [default: the available cores].
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Write each game (or match) as a game record into this folder: game-0001.json, ...
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// The look-ahead of an `expert` bot A or B: 0, 1 or 2 (`expert` alone is 2-ply).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub ply: Option<u8>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A command's failure: one line for standard error; the program exits with status 2.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

/// Splits and checks `--names ALICE,BOB`: two names, trimmed, non-empty, at most
/// [`MAX_NAME_CHARS`] characters, without control characters, and different.
///
/// # Errors
/// [`CliError`] saying what is wrong with the names.
pub fn parse_names(text: &str) -> Result<[String; 2], CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [white, black] = parts[..] else {
        return Err(CliError(format!(
            "--names takes two names separated by a comma, such as Alice,Bob, not {text:?}"
        )));
    };
    for name in [white, black] {
        if name.is_empty() {
            return Err(CliError(format!(
                "--names: a name cannot be empty (in {text:?})"
            )));
        }
        if name.chars().any(char::is_control) {
            return Err(CliError(format!(
                "--names: a name cannot contain control characters (in {text:?})"
            )));
        }
        let chars = name.chars().count();
        if chars > MAX_NAME_CHARS {
            return Err(CliError(format!(
                "--names: {name:?} has {chars} characters; a name has at most {MAX_NAME_CHARS}"
            )));
        }
    }
    if white == black {
        return Err(CliError(format!(
            "--names: the two players need different names, not {white:?} twice"
        )));
    }
    Ok([white.to_string(), black.to_string()])
}

/// The game's options from the command line, checked; colours follow `NO_COLOR`.
///
/// # Errors
/// [`CliError`] naming the first option that is malformed or does not fit with the others,
/// such as `--jacoby` in a match or a cube limit that is not a power of two.
pub fn play_options(args: &PlayArgs) -> Result<Options, CliError> {
    play_options_with(args, crate::tui::theme::color_wanted())
}

/// [`play_options`] with the colour choice given rather than read from the environment.
///
/// # Errors
/// As [`play_options`].
pub fn play_options_with(args: &PlayArgs, color: bool) -> Result<Options, CliError> {
    let rules = args.rules.rules(true)?;
    let players = players(args, rules.rule_set)?;
    let names = match &args.names {
        Some(text) => parse_names(text)?,
        None => default_names(&players),
    };
    let clock = match &args.clock {
        Some(text) => Some(
            crate::tui::clock::ClockKind::parse(text)
                .map_err(|e| CliError(format!("--clock: {e}")))?,
        ),
        None => None,
    };
    let tutor_threshold = match &args.tutor_threshold {
        Some(text) => crate::tui::tutor::Threshold::parse(text)
            .map_err(|e| CliError(format!("--tutor-threshold: {e}")))?,
        None => crate::tui::tutor::Threshold::DEFAULT,
    };
    Ok(Options {
        rules,
        names,
        seed: args.seed,
        auto_forced: args.auto_forced,
        ascii: args.ascii,
        color,
        palette: args.theme,
        players,
        bot_delay_ms: args.bot_delay.min(10_000),
        saves: None,
        turn_board: args.turn_board,
        auto_roll: if args.auto_roll {
            crate::tui::AutoRoll::NoDouble
        } else {
            crate::tui::AutoRoll::Off
        },
        auto_bearoff: args.auto_bearoff,
        tutor: args.tutor,
        tutor_mode: args.tutor_mode,
        tutor_threshold,
        board_text: false,
        clock,
        start: start::start(args, &rules)?,
    })
}

/// The names when `--names` is not given: a bot's side is named after the bot (the
/// side's colour when both sides are the same bot), a person's side after its colour.
fn default_names(players: &[Player; 2]) -> [String; 2] {
    let colour = ["White", "Black"];
    let mut names = [0, 1].map(|i| match &players[i] {
        Player::Bot(name) => name.clone(),
        Player::Human => colour[i].to_string(),
    });
    if names[0] == names[1] {
        names = colour.map(str::to_string);
    }
    names
}

/// `expert` at the look-ahead `ply` (`expert:0`, `expert:1`, `expert:2`) when `ply` is given; other
/// names as they are.
#[must_use]
pub fn with_ply(name: &str, ply: Option<u8>) -> String {
    match name.parse::<bot::BotSpec>() {
        Ok(spec) => spec.at_ply(ply).to_string(),
        Err(_) => name.to_string(),
    }
}

/// Who plays each side, from `--vs`/`--human-side` or `--white`/`--black`.
/// A bot must play every game of `rule_set`.
fn players(args: &PlayArgs, rule_set: RuleSet) -> Result<[Player; 2], CliError> {
    let bot = |flag: &str, name: &str| -> Result<Player, CliError> {
        let name = with_ply(name, args.ply);
        bot::make_for(&name, 0, rule_set)
            .map(|_| Player::Bot(name.clone()))
            .map_err(|e| CliError(format!("{flag}: {e}")))
    };
    if let Some(name) = &args.vs {
        let opponent = bot("--vs", name)?;
        return match args.human_side.to_ascii_lowercase().as_str() {
            "white" => Ok([Player::Human, opponent]),
            "black" => Ok([opponent, Player::Human]),
            other => Err(CliError(format!(
                "--human-side: white or black, not {other:?}"
            ))),
        };
    }
    let side = |flag: &str, name: &Option<String>| match name {
        Some(n) => bot(flag, n),
        None => Ok(Player::Human),
    };
    Ok([side("--white", &args.white)?, side("--black", &args.black)?])
}

/// Whether `text` is written as an XGID rather than a Position ID.
fn is_xgid(text: &str) -> bool {
    text.trim_start().starts_with("XGID=") || text.contains(':')
}

/// A Position ID, or an XGID (the position from the view of its player on roll).
fn parse_position(id: &str) -> Result<Position, CliError> {
    if is_xgid(id) {
        return crate::engine::parse_xgid(id)
            .map(|x| x.position)
            .map_err(|e| CliError(format!("invalid XGID {:?}: {e}", printable(id, 60))));
    }
    position_from_id(id).map_err(|e| CliError(format!("invalid position ID {id:?}: {e}")))
}

fn parse_dice(text: &str) -> Result<Dice, CliError> {
    Dice::parse(text).map_err(|e| CliError(format!("invalid dice {text:?}: {e}")))
}

#[derive(Serialize)]
struct MovesJson {
    position_id: String,
    dice: [u8; 2],
    plays: Vec<PlayJson>,
}

#[derive(Serialize)]
struct PlayJson {
    play: String,
    position_id: String,
}

/// The position `moves` and `hint` are asked about.
enum PositionArg<'a> {
    /// A Position ID (backgammon, or a rule set `--rules` names whose positions it can say).
    Id {
        id: &'a str,
        dice: &'a str,
        variant: Option<Variant>,
    },
    /// `--rules RULES --board BOARD`.
    Board {
        rules: &'a str,
        board: &'a str,
        dice: &'a str,
    },
}

/// Sorts out `[POSITION_ID] DICE`, `--rules` and `--board` as given.
fn position_arg<'a>(
    first: &'a str,
    second: Option<&'a str>,
    rule_set: Option<&'a str>,
    board: Option<&'a str>,
) -> Result<PositionArg<'a>, CliError> {
    match (board, second) {
        (Some(board), None) => Ok(PositionArg::Board {
            rules: rule_set.unwrap_or("backgammon"),
            board,
            dice: first,
        }),
        (Some(_), Some(_)) => Err(CliError(
            "with --board give only the dice, not a Position ID".to_string(),
        )),
        // An XGID with its dice rolled needs no dice of its own.
        (None, None) if is_xgid(first) && first.split(':').nth(4).is_some_and(|d| d != "00" && d != "D") => {
            Ok(PositionArg::Id {
                id: first,
                dice: first.split(':').nth(4).unwrap_or_default(),
                variant: rule_set.map(parse_variant).transpose()?,
            })
        }
        (None, None) => Err(CliError(
            "give a Position ID (or an XGID) and the dice, or --rules RULES --board BOARD and the dice"
                .to_string(),
        )),
        (None, Some(dice)) => {
            let variant = rule_set.map(parse_variant).transpose()?;
            if let (Some(name), Some(variant)) = (rule_set, variant)
                && !variant.has_position_id()
            {
                return Err(CliError(format!(
                    "--rules {name}: a Position ID cannot hold a {variant} position; use --board"
                )));
            }
            Ok(PositionArg::Id {
                id: first,
                dice,
                variant,
            })
        }
    }
}

/// `head`, then the count of plays and one row each: the play and what follows it (the
/// position after it); "no legal play" when there is none.
pub(crate) fn play_list(mut out: String, rows: &[(String, String)]) -> String {
    if rows.is_empty() {
        out.push_str("no legal play; the turn passes\n");
        return out;
    }
    let count = rows.len();
    out.push_str(&format!(
        "{count} legal play{}\n",
        if count == 1 { "" } else { "s" }
    ));
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (play, after) in rows {
        out.push_str(&format!("  {play:width$}  {after}\n"));
    }
    out
}

/// `bg-tui moves` with its arguments as given: `[POSITION_ID] DICE`, `--rules`, `--board`.
///
/// # Errors
/// [`CliError`] for a missing or extra argument, or as [`moves`] and [`moves_on_board`].
pub fn moves_command(
    first: &str,
    second: Option<&str>,
    rule_set: Option<&str>,
    board: Option<&str>,
    json: bool,
) -> Result<String, CliError> {
    match position_arg(first, second, rule_set, board)? {
        PositionArg::Board { rules, board, dice } => moves_on_board(rules, board, dice, json),
        PositionArg::Id { id, dice, .. } => moves(id, dice, json),
    }
}

/// `bg-tui moves`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or roll.
pub fn moves(id: &str, dice: &str, json: bool) -> Result<String, CliError> {
    let position = parse_position(id)?;
    let dice = parse_dice(dice)?;
    let plays: Vec<PlayJson> = legal_plays(&position, dice)
        .iter()
        .map(|p| PlayJson {
            play: format_play(p),
            position_id: position_id(&p.position().switched()),
        })
        .collect();
    let id = position_id(&position);
    if json {
        let out = MovesJson {
            position_id: id,
            dice: [dice.first(), dice.second()],
            plays,
        };
        return serde_json::to_string_pretty(&out)
            .map(|s| s + "\n")
            .map_err(|e| CliError(e.to_string()));
    }
    let head = format!(
        "Position ID {id}, roll {}-{}: ",
        dice.first(),
        dice.second()
    );
    let rows: Vec<(String, String)> = plays.into_iter().map(|p| (p.play, p.position_id)).collect();
    Ok(play_list(head, &rows))
}

/// `bg-tui show`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or Match ID.
pub fn show(id: &str, match_id: Option<&str>) -> Result<String, CliError> {
    if is_xgid(id) {
        if match_id.is_some() {
            return Err(CliError(
                "an XGID holds the match state: give no Match ID with it".to_string(),
            ));
        }
        let x = crate::engine::parse_xgid(id)
            .map_err(|e| CliError(format!("invalid XGID {:?}: {e}", printable(id, 60))))?;
        return Ok(text_board::render(&x.position, Some(&x.fields)));
    }
    let position = parse_position(id)?;
    let fields = match match_id {
        Some(m) => {
            Some(match_id_fields(m).map_err(|e| CliError(format!("invalid match ID {m:?}: {e}")))?)
        }
        None => None,
    };
    Ok(text_board::render(&position, fields.as_ref()))
}

/// The largest corpus file `bench --corpus` reads, in bytes (16 MiB: some 700,000 pairs).
pub const MAX_CORPUS_BYTES: usize = 16 << 20;

/// Reads a corpus file of `POSITION_ID DICE` lines (blank lines and `#` comments skipped),
/// a regular file of at most [`MAX_CORPUS_BYTES`].
///
/// # Errors
/// [`CliError`] naming the file and line of the first bad entry.
pub fn read_corpus(path: &Path) -> Result<Vec<(Position, Dice)>, CliError> {
    let text = crate::store::read_text(path, MAX_CORPUS_BYTES)
        .map_err(|e| CliError(format!("cannot read {e}")))?;
    let mut corpus = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: CliError| CliError(format!("{}:{}: {}", path.display(), n + 1, e.0));
        let mut words = line.split_whitespace();
        let (Some(id), Some(dice), None) = (words.next(), words.next(), words.next()) else {
            return Err(at(CliError(format!(
                "expected `POSITION_ID DICE`, found \"{}\"",
                printable(line, 60)
            ))));
        };
        corpus.push((
            parse_position(id).map_err(at)?,
            parse_dice(dice).map_err(at)?,
        ));
    }
    if corpus.is_empty() {
        return Err(CliError(format!(
            "{}: no (position, roll) pairs",
            path.display()
        )));
    }
    Ok(corpus)
}

/// Rounds `bg-tui bench` splits its time into.
pub const BENCH_ROUNDS: usize = 9;

/// `bg-tui bench`: measures and returns the report to print.
///
/// # Errors
/// [`CliError`] for an unreadable corpus or a bad duration.
pub fn bench(
    corpus: Option<&Path>,
    seconds: f64,
    rule_set: Option<&str>,
) -> Result<String, CliError> {
    if !(seconds.is_finite() && (0.001..=3600.0).contains(&seconds)) {
        return Err(CliError(format!(
            "--seconds takes a duration from 0.001 to 3600, not {}",
            printable(&seconds.to_string(), 20)
        )));
    }
    if rule_set.is_some_and(|r| r.trim().eq_ignore_ascii_case("all")) {
        if corpus.is_some() {
            return Err(CliError(
                "--corpus holds backgammon positions: it does not go with --rules all".into(),
            ));
        }
        return Ok(bench_all(seconds));
    }
    let variant = rule_set.map_or(Ok(crate::engine::Variant::Backgammon), parse_variant)?;
    let (corpus, source) = match corpus {
        Some(_) if !variant.has_position_id() => {
            return Err(CliError(format!(
                "--corpus holds Position IDs, which cannot hold {variant} positions"
            )));
        }
        Some(path) => (
            read_corpus(path)?,
            printable(&path.display().to_string(), 200),
        ),
        None => (
            bench::corpus_of(variant, bench::CORPUS_SIZE, bench::CORPUS_SEED),
            format!(
                "built-in: {variant}, seeded random self-play, seed {}",
                bench::CORPUS_SEED
            ),
        ),
    };
    // Warm up caches and the branch predictor before measuring.
    let _ = bench::measure_of(variant, &corpus, (seconds / 10.0).min(0.5));
    let rounds = bench::measure_rounds(variant, &corpus, seconds, BENCH_ROUNDS);
    let median = rounds[rounds.len() / 2];
    let best = rounds[rounds.len() - 1];
    // Each figure right-aligned in its column with a space before it, however large; a
    // figure that cannot be measured (no position produced) is `-`.
    let cell = |value: f64, digits: usize| {
        if value.is_finite() {
            format!(" {value:>11.digits$}")
        } else {
            format!(" {:>11}", "-")
        }
    };
    let row = |name: &str, f: &dyn Fn(&BenchReport) -> f64, unit: f64, digits: usize| {
        format!(
            "{name:<22}{}{}\n",
            cell(f(&median) / unit, digits),
            cell(f(&best) / unit, digits)
        )
    };
    let mut out = format!(
        "corpus: {} (position, roll) pairs ({source})\n\
         one core, {seconds} s in {BENCH_ROUNDS} rounds; a shared machine slows some rounds\n\
         {:<22} {:>11} {:>11}\n",
        corpus.len(),
        "",
        "median",
        "best"
    );
    out += &row("pairs/s (M)", &BenchReport::pairs_per_second, 1e6, 2);
    out += &row(
        "positions/s (M)",
        &BenchReport::positions_per_second,
        1e6,
        2,
    );
    out += &row("ns per position", &BenchReport::nanos_per_position, 1.0, 2);
    out += &format!(
        "{:<22}{}\n",
        "positions per pair",
        cell(median.positions as f64 / median.pairs.max(1) as f64, 2)
    );
    Ok(out)
}

/// `bg-tui bench --rules all`: every rule set's generator on its own built-in corpus, in
/// interleaved rounds, with each one's speed per resulting position against backgammon's
/// measured in the same rounds.
fn bench_all(seconds: f64) -> String {
    use crate::engine::Variant;
    let corpora: Vec<(Variant, Vec<(Position, Dice)>)> = Variant::ALL
        .into_iter()
        .map(|v| {
            (
                v,
                bench::corpus_of(v, bench::CORPUS_SIZE, bench::CORPUS_SEED),
            )
        })
        .collect();
    // Warm up caches and the branch predictor before measuring.
    let _ = bench::measure_side_by_side(&corpora, (seconds / 10.0).min(0.5), 1);
    let reports = bench::measure_side_by_side(&corpora, seconds, BENCH_ROUNDS);
    let backgammon = &reports[0];
    let mut out = format!(
        "corpora: {} (position, roll) pairs of each rule set (seeded random self-play, seed {})\n\
         one core, {seconds} s in {BENCH_ROUNDS} interleaved rounds; medians over the rounds;\n\
         against backgammon: the median of each round's ratio of positions/s\n\
         {:<12} {:>11} {:>15} {:>9} {:>10} {:>16}\n",
        bench::CORPUS_SIZE,
        bench::CORPUS_SEED,
        "rule set",
        "pairs/s (M)",
        "positions/s (M)",
        "ns/pos",
        "pos/pair",
        "vs backgammon"
    );
    for ((variant, _), rounds) in corpora.iter().zip(&reports) {
        let of = |f: fn(&BenchReport) -> f64| bench::median(rounds.iter().map(f).collect());
        let ratio = bench::median(
            rounds
                .iter()
                .zip(backgammon)
                .map(|(r, b)| r.positions_per_second() / b.positions_per_second())
                .collect(),
        );
        let (pairs, positions): (u64, u64) = rounds
            .iter()
            .fold((0, 0), |(p, q), r| (p + r.pairs, q + r.positions));
        out += &format!(
            "{:<12} {:>11.2} {:>15.2} {:>9.2} {:>10.2} {:>16.2}\n",
            variant.name(),
            of(BenchReport::pairs_per_second) / 1e6,
            of(BenchReport::positions_per_second) / 1e6,
            of(BenchReport::nanos_per_position),
            positions as f64 / pairs.max(1) as f64,
            ratio
        );
    }
    out
}

/// `bg-tui tavli-met`: the table, in percent, for scores up to `length` away.
///
/// # Errors
/// [`CliError`] for a length outside 1-25.
pub fn tavli_met(length: u32) -> Result<String, CliError> {
    use crate::bot::expert::tavli::{MAX_AWAY, RATES, TavliMet};
    if !(1..=MAX_AWAY).contains(&length) {
        return Err(CliError(format!(
            "--length takes 1 to {MAX_AWAY} points, not {length}"
        )));
    }
    let met = TavliMet::shared();
    let mut out = String::from(
        "Tavli match equity: the chance (%) that the side needing the row's points wins the\n\
         match against the side needing the column's, before the game named.\n",
    );
    for (g, name) in ["Portes", "Plakoto", "Fevga"].iter().enumerate() {
        out += &format!(
            "\n{name} next (double wins {:.1}% of wins, draws {:.1}%)\n{:>6}",
            100.0 * RATES[g].double,
            100.0 * RATES[g].draw,
            "away"
        );
        for b in 1..=length {
            out += &format!("{b:>7}");
        }
        out.push('\n');
        for a in 1..=length {
            out += &format!("{a:>6}");
            for b in 1..=length {
                out += &format!("{:>7.1}", 100.0 * met.get(a, b, g));
            }
            out.push('\n');
        }
    }
    Ok(out)
}

/// The bot `hint` uses without `--bot`: `expert` when its nets read, else `greedy`.
#[must_use]
pub fn default_hint_bot() -> &'static str {
    bot::strongest_for(crate::engine::Variant::Backgammon)
}

fn make_bot(flag: &str, name: &str, seed: u64) -> Result<Box<dyn bot::Bot>, CliError> {
    bot::make(name, seed).map_err(|e| CliError(format!("{flag}{e}")))
}

#[derive(Serialize)]
struct HintJson {
    bot: String,
    plays: Vec<ScoredPlayJson>,
}

#[derive(Serialize)]
struct ScoredPlayJson {
    play: String,
    position_id: String,
    score: f64,
    /// The expert bot's chances after the play (win, win gammon, win backgammon, lose
    /// gammon, lose backgammon), for the player who makes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    chances: Option<[f32; 5]>,
    /// The depth the expert judged the play at (0, 1 or 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<u8>,
}

/// The look-ahead of the expert bot `name`, or `None` for another bot.
fn expert_ply(name: &str) -> Option<u8> {
    name.parse::<bot::BotSpec>()
        .ok()
        .and_then(|spec| spec.expert_ply())
}

/// The expert bot's ranking of `plays`, judged as the bot judges its own plays (GNU
/// Backgammon's move filters, [`bot::expert::ExpertBot::rank`]: every play at 0-ply, the best
/// 8 at 1-ply, the best 3 at 2-ply), so that a roll with hundreds of plays takes as long
/// as the bot's own decision, not hundreds of 2-ply looks.
fn expert_ranked(
    ply: u8,
    plays: &[crate::engine::Play],
) -> Result<Vec<bot::expert::RankedPlay>, CliError> {
    let mut expert =
        bot::expert::ExpertBot::shipped(ply).map_err(|e| CliError(format!("--bot: {e}")))?;
    Ok(expert.rank(plays))
}

/// The expert bot's ranking with its chances, when `name` is an expert bot.
fn expert_ranking(
    name: &str,
    position: &Position,
    dice: Dice,
) -> Result<Option<Vec<ScoredPlayJson>>, CliError> {
    let Some(ply) = expert_ply(name) else {
        return Ok(None);
    };
    let plays = legal_plays(position, dice);
    Ok(Some(
        expert_ranked(ply, &plays)?
            .iter()
            .map(|r| ScoredPlayJson {
                play: format_play(&r.play),
                position_id: position_id(&r.play.position().switched()),
                score: f64::from(r.equity()),
                chances: Some(r.chances),
                ply: Some(r.ply),
            })
            .collect(),
    ))
}

/// The seed of the bot `hint` makes (only the `random` bot uses it).
pub const HINT_SEED: u64 = 1;

/// `bg-tui hint` with its arguments as given: `[POSITION_ID] DICE`, `--rules`, `--board`.
///
/// # Errors
/// [`CliError`] for a missing or extra argument, or as [`hint`] and [`hint_on_board`].
pub fn hint_command(
    first: &str,
    second: Option<&str>,
    rule_set: Option<&str>,
    board: Option<&str>,
    bot_name: Option<&str>,
    ply: Option<u8>,
    json: bool,
) -> Result<String, CliError> {
    match position_arg(first, second, rule_set, board)? {
        PositionArg::Board { rules, board, dice } => {
            hint_on_board(rules, board, dice, bot_name, json)
        }
        PositionArg::Id { id, dice, variant } => {
            if let Some(variant) = variant {
                make_bot_for(bot_name.unwrap_or_else(|| default_hint_bot()), variant)?;
            }
            hint(id, dice, bot_name, ply, json)
        }
    }
}

/// Makes the bot `hint` asks, refusing one that cannot play `variant`.
fn make_bot_for(name: &str, variant: Variant) -> Result<Box<dyn bot::Bot>, CliError> {
    bot::make_for(name, HINT_SEED, RuleSet::of_variant(variant))
        .map_err(|e| CliError(format!("--bot: {e}")))
}

/// `bg-tui hint`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or roll, or an unknown bot.
pub fn hint(
    id: &str,
    dice: &str,
    bot_name: Option<&str>,
    ply: Option<u8>,
    json: bool,
) -> Result<String, CliError> {
    let name = with_ply(bot_name.unwrap_or_else(|| default_hint_bot()), ply);
    let name = name.as_str();
    let mut bot = make_bot("--bot: ", name, HINT_SEED)?;
    let position = parse_position(id)?;
    let dice = parse_dice(dice)?;
    let plays: Vec<ScoredPlayJson> = match expert_ranking(name, &position, dice)? {
        Some(plays) => plays,
        None => bot
            .rank_plays(Variant::Backgammon, &position, dice)
            .iter()
            .map(|s| ScoredPlayJson {
                play: format_play(&s.play),
                position_id: position_id(&s.play.position().switched()),
                score: s.score,
                chances: None,
                ply: None,
            })
            .collect(),
    };
    if json {
        let out = HintJson {
            bot: name.to_string(),
            plays,
        };
        return serde_json::to_string_pretty(&out)
            .map(|s| s + "\n")
            .map_err(|e| CliError(e.to_string()));
    }
    let head = format!(
        "Position ID {}, roll {}-{}: ",
        position_id(&position),
        dice.first(),
        dice.second()
    );
    let rows: Vec<Row> = plays
        .into_iter()
        .map(|p| (p.play, p.position_id, p.score, p.chances.zip(p.ply)))
        .collect();
    Ok(ranked_text(head, name, &rows))
}

/// A row of a ranked list: the play, what follows it (a Position ID or a board), its score,
/// and the expert's chances after it and the depth it was judged at, when the expert ranked
/// it.
type Row = (String, String, f64, Option<([f32; 5], u8)>);

/// The text of a ranked list: `head`, the count, then one numbered row per play with what
/// follows it (a Position ID or a board) and its score.
fn ranked_text(mut out: String, bot_name: &str, rows: &[Row]) -> String {
    if rows.is_empty() {
        out.push_str("no legal play; the turn passes\n");
        return out;
    }
    let count = rows.len();
    out.push_str(&format!(
        "{count} legal play{}, best first by {bot_name}\n",
        if count == 1 { "" } else { "s" }
    ));
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let rank_width = count.to_string().len();
    let best = rows.first().map_or(0.0, |r| r.2);
    for (i, (play, after, score, chances)) in rows.iter().enumerate() {
        out.push_str(&format!(
            "  {:>rank_width$}. {play:width$}  {after}  {score:+.3}",
            i + 1,
        ));
        if let Some((c, ply)) = chances {
            let pct = |x: f32| f64::from(x) * 100.0;
            out.push_str(&format!(
                "  ({:+.3})  win {:5.1}%  gammon {:4.1}%  bg {:4.1}%  lose gammon {:4.1}%  bg {:4.1}%  {ply}-ply",
                score - best,
                pct(c[0]),
                pct(c[1]),
                pct(c[2]),
                pct(c[3]),
                pct(c[4])
            ));
        }
        out.push('\n');
    }
    out
}

#[derive(Serialize)]
struct BoardHintJson<'a> {
    rules: &'a str,
    dice: [u8; 2],
    bot: &'a str,
    plays: Vec<BoardScoredPlayJson>,
}

#[derive(Serialize)]
struct BoardScoredPlayJson {
    play: String,
    board: BoardSpec,
    score: f64,
}

/// `bg-tui hint --rules RULES --board BOARD DICE [--bot NAME] [--json]`: the text to print.
/// Each play is followed by the position after it, from the view of the opponent (now on
/// roll), and the bot's score.
///
/// # Errors
/// [`CliError`] for an unknown rule set or bot, a bot that cannot play the rule set, or a
/// malformed board or roll.
pub fn hint_on_board(
    rules: &str,
    board: &str,
    dice: &str,
    bot_name: Option<&str>,
    json: bool,
) -> Result<String, CliError> {
    let variant = parse_variant(rules)?;
    let name = bot_name.unwrap_or_else(|| bot::strongest_for(variant));
    let mut bot = make_bot_for(name, variant)?;
    let spec = parse_board(variant, board)?;
    let position = spec
        .to_position(variant)
        .map_err(|e| CliError(format!("--board: {e}")))?;
    let dice = parse_dice(dice)?;
    let scored: Vec<(crate::engine::Play, f64)> = match expert_ply(name) {
        // The expert judges as it plays (see `expert_ranked`).
        Some(ply) if bot::moves_as_backgammon(variant) => {
            expert_ranked(ply, &variant.legal_plays(&position, dice))?
                .iter()
                .map(|r| (r.play, f64::from(r.equity())))
                .collect()
        }
        _ => bot
            .rank_plays(variant, &position, dice)
            .iter()
            .map(|s| (s.play, s.score))
            .collect(),
    };
    let plays: Vec<BoardScoredPlayJson> = scored
        .iter()
        .map(|(play, score)| BoardScoredPlayJson {
            play: format_play(play),
            board: BoardSpec::of_position(&play.position().switched()),
            score: *score,
        })
        .collect();
    if json {
        let out = BoardHintJson {
            rules: variant.name(),
            dice: [dice.first(), dice.second()],
            bot: name,
            plays,
        };
        return serde_json::to_string(&out)
            .map(|s| s + "\n")
            .map_err(|e| CliError(e.to_string()));
    }
    let head = format!("{variant}, roll {}-{}: ", dice.first(), dice.second());
    let mut rows = Vec::with_capacity(plays.len());
    for p in plays {
        let after = serde_json::to_string(&p.board).map_err(|e| CliError(e.to_string()))?;
        rows.push((p.play, after, p.score, None));
    }
    Ok(ranked_text(head, name, &rows))
}

/// The most games (or matches) `bot-match --games` plays in one run.
pub const MAX_BOT_GAMES: u64 = 1_000_000_000;

/// The most threads `bot-match --threads` takes.
pub const MAX_BOT_THREADS: usize = 1024;

/// Runs of at least this many games show a progress bar (when standard error is a
/// terminal).
pub const PROGRESS_MIN_GAMES: u64 = 1000;

/// `bg-tui bot-match`: plays the games (with a progress bar on standard error for a long run
/// in a terminal) and returns the report to print.
///
/// # Errors
/// [`CliError`] for an unknown bot, a bad count, match length or thread count, or a
/// `--save` folder that cannot be written.
pub fn bot_match(args: &BotMatchArgs) -> Result<String, CliError> {
    let rule_set = args.rules.rule_set()?;
    let (bot_a, bot_b) = (
        with_ply(&args.bot_a, args.ply),
        with_ply(&args.bot_b, args.ply),
    );
    for name in [&bot_a, &bot_b] {
        bot::make_for(name, 0, rule_set).map_err(|e| CliError(e.to_string()))?;
    }
    if rule_set == RuleSet::Tavli && args.rules.match_length.is_none() {
        return Err(CliError(
            "--rules tavli: Tavli is a match cycling Portes, Plakoto and Fevga; add --match N"
                .to_string(),
        ));
    }
    if !(1..=MAX_BOT_GAMES).contains(&args.games) {
        return Err(CliError(format!(
            "--games takes from 1 to {MAX_BOT_GAMES} games, not {}",
            args.games
        )));
    }
    let threads = match args.threads {
        Some(0) => {
            return Err(CliError(
                "--threads takes at least 1 thread, not 0".to_string(),
            ));
        }
        Some(t) if t > MAX_BOT_THREADS => {
            return Err(CliError(format!(
                "--threads takes from 1 to {MAX_BOT_THREADS} threads, not {t}"
            )));
        }
        Some(t) => t,
        None => std::thread::available_parallelism()
            .map_or(1, std::num::NonZero::get)
            .min(MAX_BOT_THREADS),
    };
    let rules = args.rules.rules(false)?;
    let bar = (args.games >= PROGRESS_MIN_GAMES && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(args.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let writer = match &args.save {
        Some(dir) => Some(RecordWriter::new(
            dir,
            args.games,
            rules.match_length.is_some(),
        )?),
        None => None,
    };
    let progress = |_| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let save = |game, record: crate::record::Record| {
        if let Some(writer) = &writer {
            writer.write(game, &record);
        }
    };
    let contest = arena::Contest {
        a: &bot_a,
        b: &bot_b,
        games: args.games,
        seed: args.seed,
        rules,
        threads,
    };
    let report = std::thread::scope(|scope| {
        // With --save, a signal that ends the run first lets the records being written
        // finish (or go), so no temporary file is left in the folder.
        let signals = match &writer {
            Some(writer) => Some(writer.stop_on_signals(scope)?),
            None => None,
        };
        let report = arena::run_tallied(&contest, &progress, writer.is_some().then_some(&save))
            .map_err(|e| CliError(e.to_string()));
        if let Some(signals) = signals {
            signals.close();
        }
        report
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let saved = writer.map(RecordWriter::finish).transpose()?;
    if args.json {
        return serde_json::to_string_pretty(&report)
            .map(|s| s + "\n")
            .map_err(|e| CliError(e.to_string()));
    }
    let mut text = bot_match_text(&report, threads);
    if let Some(line) = saved {
        text.push('\n');
        text.push_str(&line);
    }
    Ok(text)
}

fn bot_match_text(r: &MatchReport, threads: usize) -> String {
    let plural = |n: u64, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let (what, unit) = match r.match_length {
        Some(l) => (
            plural(
                r.games,
                &format!("{l}-point match"),
                &format!("{l}-point matches"),
            ),
            "match (+1 a win, -1 a loss)",
        ),
        None => (plural(r.games, "money game", "money games"), "game"),
    };
    let cube = if r.cube { "with the cube" } else { "cubeless" };
    let mut out = format!(
        "A = {}, B = {}: {what} of {}, {cube}, in mirrored pairs; seed {}, {}\n",
        r.a.bot,
        r.b.bot,
        r.rules,
        r.seed,
        plural(threads as u64, "thread", "threads")
    );
    let ci = if r.ppg_ci95.is_finite() {
        format!(" ± {:.3} (95% confidence)", r.ppg_ci95)
    } else {
        String::new()
    };
    out += &format!("A's points per {unit}: {:+.3}{ci}\n", r.ppg);
    if r.draws > 0 {
        out += &format!(
            "{} (both mothers pinned: no points)\n",
            plural(r.draws, "drawn game", "drawn games")
        );
    }
    out.push('\n');
    if r.match_length.is_some() {
        out += &format!(
            "(wins are matches; gammons and backgammons are over all {} games)\n",
            r.games_played
        );
    }
    out += &format!(
        "{:<16}{:>15}{:>15}{:>15}{:>17}\n",
        "", "wins", "gammons", "backgammons", "time/decision"
    );
    for (label, s) in [("A", &r.a), ("B", &r.b)] {
        let name: String = format!("{label} {}", s.bot).chars().take(15).collect();
        out += &format!(
            "{name:<16}{:>7} {:>6.2}%{:>7} {:>6.2}%{:>7} {:>6.2}%{:>14.1} µs\n",
            s.wins,
            100.0 * s.win_rate,
            s.gammons,
            100.0 * s.gammon_rate,
            s.backgammons,
            100.0 * s.backgammon_rate,
            s.micros_per_decision
        );
    }
    out
}

/// Reads a game record and builds its timeline: errors name the file, the game, the action
/// and the reason.
///
/// # Errors
/// [`CliError`] when the file cannot be read or is not a playable record.
pub fn read_timeline(path: &Path) -> Result<(crate::record::Record, Timeline), CliError> {
    read_timeline_text(path).map(|(record, timeline, _)| (record, timeline))
}

/// [`read_timeline`], with the file's text as read (which names the analysis saved beside
/// it).
///
/// # Errors
/// As [`read_timeline`].
pub fn read_timeline_text(
    path: &Path,
) -> Result<(crate::record::Record, Timeline, String), CliError> {
    // Timeline::new replays the record with every check of `load`: read it without.
    let text = crate::store::read_text(path, crate::record::MAX_BYTES)
        .map_err(|e| CliError(e.to_string()))?;
    let fail = |e: crate::record::RecordError| CliError(format!("{}: {e}", path.display()));
    let record = crate::store::parse_text(&text).map_err(fail)?;
    let timeline = Timeline::new(&record).map_err(fail)?;
    Ok((record, timeline, text))
}

/// `bg-tui replay FILE --text`: the match as text (see [`crate::replay::text`]).
///
/// # Errors
/// As [`read_timeline`].
pub fn replay_text(path: &Path) -> Result<String, CliError> {
    let (record, timeline) = read_timeline(path)?;
    Ok(crate::replay::text::render(&record, &timeline))
}
