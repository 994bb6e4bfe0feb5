//! The command line: clap types, the game's options, and the commands that print rather
//! than play.

use crate::bench::{self, BenchReport};
use crate::bot::{self, arena, arena::MatchReport};
use crate::engine::{
    Dice, Position, Rules, RulesError, format_play, legal_plays, match_id_fields, position_from_id,
    position_id,
};
use crate::replay::Timeline;
use crate::text_board;
use crate::tui::Options;
use crate::tui::Player;
use clap::{Args, Parser, Subcommand};

mod saves;
pub use saves::{RecordWriter, ResumeArgs, resume_app, resume_app_in, save_folder};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

mod exchange;
pub use exchange::{export_mat, import_mat};

pub mod analyse;
pub mod train;
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
    /// Play a match to N points (1 to 64); without it, a money session.
    #[arg(long = "match", value_name = "N")]
    pub match_length: Option<u32>,
    /// Play without the doubling cube.
    #[arg(long)]
    pub no_cube: bool,
    /// The highest value the cube may reach: a power of two from 1 to 32768 [default: 64].
    #[arg(long, value_name = "N")]
    pub cube_limit: Option<u32>,
    /// Jacoby rule (money play): gammons and backgammons count single until the cube is
    /// turned.
    #[arg(long)]
    pub jacoby: bool,
    /// Beavers (money play): a player who is doubled may redouble at once and keep the cube.
    #[arg(long)]
    pub beaver: bool,
    /// Play a match without the Crawford rule (it is on in matches).
    #[arg(long)]
    pub no_crawford: bool,
    /// Automatic doubles (money play): each tie on the opening roll turns the cube, up to N
    /// times.
    #[arg(long, value_name = "N")]
    pub auto_doubles: Option<u32>,
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
    /// The look-ahead of the `expert` bot named by --vs, --white or --black: 0 or 1
    /// (`expert` alone is 1-ply).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=1))]
    pub ply: Option<u8>,
    /// Pause between a bot's checker moves, in milliseconds (0 for none).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub bot_delay: u64,
    /// Do not write the autosave after every turn, nor keep the match when it is over.
    #[arg(long)]
    pub no_autosave: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game for two people at one keyboard (the same as no command).
    Play(PlayArgs),
    /// List every legal play of a roll in a position, with the Position ID after each.
    Moves {
        /// GNU Backgammon Position ID (14 characters), from the view of the player on roll.
        position_id: String,
        /// The roll, as `31` or `3-1`.
        dice: String,
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
        /// How long to measure, in seconds.
        #[arg(long, default_value_t = 3.0, allow_negative_numbers = true)]
        seconds: f64,
    },
    /// A bot's ranking of every legal play of a roll, best first, with its score.
    Hint {
        /// GNU Backgammon Position ID (14 characters), from the view of the player on roll.
        position_id: String,
        /// The roll, as `31` or `3-1`.
        dice: String,
        /// The bot that ranks the plays [default: the strongest].
        #[arg(long, value_name = "NAME")]
        bot: Option<String>,
        /// The look-ahead of the expert bot: 0 or 1 (`expert` alone is 1-ply).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=1))]
        ply: Option<u8>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play two bots against each other and report A's points per game.
    BotMatch(BotMatchArgs),
    /// Train the expert bot's nets by self-play (resumable from a checkpoint).
    Train(TrainArgs),
    /// Judge every play and cube decision of a recorded match (a game record or a .mat
    /// file) with the expert bot: equity lost, error rates, the worst mistakes.
    Analyse {
        /// The game record (JSON) or Jellyfish .mat file.
        file: PathBuf,
        /// The expert's look-ahead: 0 or 1.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
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

/// `bg-tui replay FILE [--text] [--ascii]`.
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
}

/// `bg-tui bot-match`: cubeless money games by default, in mirrored pairs (the same dice with
/// the sides swapped).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct BotMatchArgs {
    /// Bot A (its points per game are reported).
    pub bot_a: String,
    /// Bot B.
    pub bot_b: String,
    /// How many games (with --match-length: matches) to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// Seed for the dice and the bots: the same seed gives the same results.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Play matches to L points instead of money games (a match counts +1 or -1).
    #[arg(long, value_name = "L")]
    pub match_length: Option<u32>,
    /// Use the doubling cube.
    #[arg(long)]
    pub cube: bool,
    /// Threads to play on [default: the available cores].
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Write each game (or match) as a game record into this folder: game-0001.json, ...
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// The look-ahead of an `expert` bot A or B: 0 or 1 (`expert` alone is 1-ply).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=1))]
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
    let defaults = Options::default();
    let names = match &args.names {
        Some(text) => parse_names(text)?,
        None => defaults.names,
    };
    let auto_doubles = args.auto_doubles.unwrap_or(0);
    let rules = Rules {
        match_length: args.match_length,
        cube: !args.no_cube,
        cube_cap: args.cube_limit.unwrap_or(Rules::default().cube_cap),
        crawford: !args.no_crawford,
        jacoby: args.jacoby,
        beaver: args.beaver,
        auto_doubles,
        ..Rules::default()
    };
    // The numbers first, with the engine's own check and messages.
    let numbers_only = Rules {
        jacoby: false,
        beaver: false,
        auto_doubles: 0,
        ..rules
    };
    numbers_only.validate().map_err(|e| {
        let flag = match e {
            RulesError::ZeroLengthMatch | RulesError::MatchTooLong(_) => "--match: ",
            RulesError::BadCubeCap(_) => "--cube-limit: ",
            _ => "",
        };
        CliError(format!("{flag}{e}"))
    })?;
    let money_only = [
        ("--jacoby", args.jacoby, "the Jacoby rule"),
        ("--beaver", args.beaver, "the beaver option"),
        (
            "--auto-doubles",
            auto_doubles > 0,
            "the automatic doubles option",
        ),
    ];
    if rules.match_length.is_some() {
        if let Some((flag, _, what)) = money_only.iter().find(|(_, set, _)| *set) {
            return Err(CliError(format!(
                "{flag}: {what} applies only to money play, not to a match (--match)"
            )));
        }
    } else if args.no_crawford {
        return Err(CliError(
            "--no-crawford: the Crawford rule applies only to a match (--match N)".to_string(),
        ));
    }
    if args.no_cube {
        let cube_options = [
            ("--cube-limit", args.cube_limit.is_some()),
            ("--jacoby", args.jacoby),
            ("--beaver", args.beaver),
            ("--auto-doubles", auto_doubles > 0),
        ];
        if let Some((flag, _)) = cube_options.iter().find(|(_, set)| *set) {
            return Err(CliError(format!(
                "{flag} needs the cube; it cannot go with --no-cube"
            )));
        }
    }
    // Anything else the engine refuses.
    rules.validate().map_err(|e| CliError(e.to_string()))?;
    Ok(Options {
        rules,
        names,
        seed: args.seed,
        auto_forced: args.auto_forced,
        ascii: args.ascii,
        color,
        players: players(args)?,
        bot_delay_ms: args.bot_delay.min(10_000),
        saves: None,
    })
}

/// `expert` at the look-ahead `ply` (`expert:0`, `expert:1`) when `ply` is given; other
/// names as they are.
#[must_use]
pub fn with_ply(name: &str, ply: Option<u8>) -> String {
    match ply {
        Some(n) if name == "expert" => format!("expert:{n}"),
        _ => name.to_string(),
    }
}

/// Who plays each side, from `--vs`/`--human-side` or `--white`/`--black`.
fn players(args: &PlayArgs) -> Result<[Player; 2], CliError> {
    let bot = |flag: &str, name: &str| -> Result<Player, CliError> {
        let name = with_ply(name, args.ply);
        crate::bot::make(&name, 0)
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

fn parse_position(id: &str) -> Result<Position, CliError> {
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
    let mut out = format!(
        "Position ID {id}, roll {}-{}: ",
        dice.first(),
        dice.second()
    );
    if plays.is_empty() {
        out.push_str("no legal play; the turn passes\n");
        return Ok(out);
    }
    let count = plays.len();
    out.push_str(&format!(
        "{count} legal play{}\n",
        if count == 1 { "" } else { "s" }
    ));
    let width = plays.iter().map(|p| p.play.len()).max().unwrap_or(0);
    for p in plays {
        out.push_str(&format!("  {:width$}  {}\n", p.play, p.position_id));
    }
    Ok(out)
}

/// `bg-tui show`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or Match ID.
pub fn show(id: &str, match_id: Option<&str>) -> Result<String, CliError> {
    let position = parse_position(id)?;
    let fields = match match_id {
        Some(m) => {
            Some(match_id_fields(m).map_err(|e| CliError(format!("invalid match ID {m:?}: {e}")))?)
        }
        None => None,
    };
    Ok(text_board::render(&position, fields.as_ref()))
}

/// Reads a corpus file of `POSITION_ID DICE` lines (blank lines and `#` comments skipped).
///
/// # Errors
/// [`CliError`] naming the file and line of the first bad entry.
pub fn read_corpus(path: &Path) -> Result<Vec<(Position, Dice)>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
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
                "expected `POSITION_ID DICE`, found {line:?}"
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
pub fn bench(corpus: Option<&Path>, seconds: f64) -> Result<String, CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        return Err(CliError(format!(
            "--seconds takes a duration from 0 to 3600, not {seconds}"
        )));
    }
    let (corpus, source) = match corpus {
        Some(path) => (read_corpus(path)?, path.display().to_string()),
        None => (
            bench::builtin_corpus(bench::CORPUS_SIZE, bench::CORPUS_SEED),
            format!(
                "built-in: seeded random self-play, seed {}",
                bench::CORPUS_SEED
            ),
        ),
    };
    // Warm up caches and the branch predictor before measuring.
    let _ = bench::measure(&corpus, (seconds / 10.0).min(0.5));
    let rounds = bench::measure_rounds(&corpus, seconds, BENCH_ROUNDS);
    let median = rounds[rounds.len() / 2];
    let best = rounds[rounds.len() - 1];
    let row = |name: &str, f: &dyn Fn(&BenchReport) -> f64, unit: f64, digits: usize| {
        format!(
            "{name:<22}{:>9.digits$}{:>9.digits$}\n",
            f(&median) / unit,
            f(&best) / unit
        )
    };
    let mut out = format!(
        "corpus: {} (position, roll) pairs ({source})\n\
         one core, {seconds} s in {BENCH_ROUNDS} rounds; a shared machine slows some rounds\n\
         {:<22}{:>9}{:>9}\n",
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
        "positions per pair    {:>9.2}\n",
        median.positions as f64 / median.pairs as f64
    );
    Ok(out)
}

/// The bot `hint` uses without `--bot`: `expert` when its nets read, else `greedy`.
#[must_use]
pub fn default_hint_bot() -> &'static str {
    if bot::make("expert", 0).is_ok() {
        "expert"
    } else {
        "greedy"
    }
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
}

/// The expert bot's ranking with its chances, when `name` is an expert bot.
fn expert_ranking(
    name: &str,
    position: &Position,
    dice: Dice,
) -> Result<Option<Vec<ScoredPlayJson>>, CliError> {
    let ply = match name {
        "expert" => bot::EXPERT_DEFAULT_PLY,
        "expert:0" => 0,
        "expert:1" => 1,
        _ => return Ok(None),
    };
    let mut expert =
        bot::expert::ExpertBot::shipped(ply).map_err(|e| CliError(format!("--bot: {e}")))?;
    let plays = legal_plays(position, dice);
    Ok(Some(
        expert
            .rank_all_with_chances(&plays)
            .iter()
            .map(|(play, p)| ScoredPlayJson {
                play: format_play(play),
                position_id: position_id(&play.position().switched()),
                score: f64::from(bot::expert::eval::equity(p)),
                chances: Some(*p),
            })
            .collect(),
    ))
}

/// The seed of the bot `hint` makes (only the `random` bot uses it).
pub const HINT_SEED: u64 = 1;

/// `bg-tui hint`: the text to print (`ply` sets the expert bot's look-ahead).
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
            .rank_plays(&position, dice)
            .iter()
            .map(|s| ScoredPlayJson {
                play: format_play(&s.play),
                position_id: position_id(&s.play.position().switched()),
                score: s.score,
                chances: None,
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
    let mut out = format!(
        "Position ID {}, roll {}-{}: ",
        position_id(&position),
        dice.first(),
        dice.second()
    );
    if plays.is_empty() {
        out.push_str("no legal play; the turn passes\n");
        return Ok(out);
    }
    let count = plays.len();
    out.push_str(&format!(
        "{count} legal play{}, best first by {name}\n",
        if count == 1 { "" } else { "s" }
    ));
    let width = plays.iter().map(|p| p.play.len()).max().unwrap_or(0);
    let rank_width = count.to_string().len();
    let best = plays.first().map_or(0.0, |p| p.score);
    for (i, p) in plays.iter().enumerate() {
        out.push_str(&format!(
            "  {:>rank_width$}. {:width$}  {}  {:+.3}",
            i + 1,
            p.play,
            p.position_id,
            p.score
        ));
        if let Some(c) = p.chances {
            let pct = |x: f32| f64::from(x) * 100.0;
            out.push_str(&format!(
                "  ({:+.3})  win {:5.1}%  gammon {:4.1}%  bg {:4.1}%  lose gammon {:4.1}%  bg {:4.1}%",
                p.score - best,
                pct(c[0]),
                pct(c[1]),
                pct(c[2]),
                pct(c[3]),
                pct(c[4])
            ));
        }
        out.push('\n');
    }
    Ok(out)
}

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
    let (bot_a, bot_b) = (
        with_ply(&args.bot_a, args.ply),
        with_ply(&args.bot_b, args.ply),
    );
    make_bot("", &bot_a, 0)?;
    make_bot("", &bot_b, 0)?;
    if args.games == 0 {
        return Err(CliError("--games takes at least 1 game, not 0".to_string()));
    }
    let threads = match args.threads {
        Some(0) => {
            return Err(CliError(
                "--threads takes at least 1 thread, not 0".to_string(),
            ));
        }
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    };
    let rules = Rules {
        match_length: args.match_length,
        cube: args.cube,
        ..Rules::default()
    };
    rules
        .validate()
        .map_err(|e| CliError(format!("--match-length: {e}")))?;
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
            args.match_length.is_some(),
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
    let report = arena::run_recorded(
        &bot_a,
        &bot_b,
        args.games,
        args.seed,
        rules,
        threads,
        &progress,
        writer.is_some().then_some(&save),
    )
    .map_err(|e| CliError(e.to_string()))?;
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
        "A = {}, B = {}: {what}, {cube}, in mirrored pairs; seed {}, {}\n",
        r.a.bot,
        r.b.bot,
        r.seed,
        plural(threads as u64, "thread", "threads")
    );
    let ci = if r.ppg_ci95.is_finite() {
        format!(" ± {:.3} (95% confidence)", r.ppg_ci95)
    } else {
        String::new()
    };
    out += &format!("A's points per {unit}: {:+.3}{ci}\n\n", r.ppg);
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
    // Timeline::new replays the record with every check of `load`: read it without.
    let text = crate::store::read_text(path, crate::record::MAX_BYTES)
        .map_err(|e| CliError(e.to_string()))?;
    let fail = |e: crate::record::RecordError| CliError(format!("{}: {e}", path.display()));
    let record = crate::record::parse(&text).map_err(fail)?;
    let timeline = Timeline::new(&record).map_err(fail)?;
    Ok((record, timeline))
}

/// `bg-tui replay FILE --text`: the match as text (see [`crate::replay::text`]).
///
/// # Errors
/// As [`read_timeline`].
pub fn replay_text(path: &Path) -> Result<String, CliError> {
    let (record, timeline) = read_timeline(path)?;
    Ok(crate::replay::text::render(&record, &timeline))
}
