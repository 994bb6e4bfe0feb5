//! `bg-tui train`: self-play training of the expert bot's nets for backgammon, Jacquet,
//! Plakoto or Fevga, with checkpoints, a progress bar and a periodic check (against pubeval
//! in backgammon, against greedy in the others).

use super::CliError;
use crate::bot::Bot;
use crate::bot::arena::{self, ArenaError, ci95_half_width, pair_dice_seed};
use crate::bot::expert::format::{self, Nets, TrainState};
use crate::bot::expert::net::Net;
use crate::bot::expert::{ExpertBot, encode, train};
use crate::bot::greedy::GreedyBot;
use crate::bot::pubeval::PubevalBot;
use crate::engine::{RuleSet, Rules, Side, Variant};
use clap::Args;
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The checkpoint a backgammon run writes and `--resume` reads, unless `--checkpoint` says
/// otherwise (Jacquet: `assets/jacquet.bgnet`, Plakoto: `assets/plakoto.bgnet`, Fevga:
/// `assets/fevga.bgnet`).
pub const DEFAULT_CHECKPOINT: &str = "assets/expert.bgnet";
/// The log of a backgammon run's checks, unless `--log` says otherwise (Jacquet:
/// `assets/jacquet-train.log`, Plakoto: `assets/plakoto-train.log`, Fevga:
/// `assets/fevga-train.log`).
pub const DEFAULT_LOG: &str = "assets/expert-train.log";

/// The most threads a run may ask for.
pub const MAX_THREADS: usize = 256;
/// The largest learning rate a run takes (larger ones overflow the weights).
pub const MAX_ALPHA: f32 = format::MAX_ALPHA;
/// The most minutes between checkpoints.
pub const MAX_CHECKPOINT_MINUTES: f64 = 24.0 * 60.0;
/// The most positions of a supervised round.
pub const MAX_SUPERVISED: usize = 10_000_000;
/// The most games a checkpoint may have played before a run (the count never wraps).
pub const MAX_GAMES: u64 = format::MAX_GAMES;
/// The dice seed of the pubeval checks (the same dice every check, so checks compare).
const CHECK_SEED: u64 = 20_261_122;

/// `bg-tui train`.
#[derive(Debug, Clone, PartialEq, Args)]
pub struct TrainArgs {
    /// The rule set whose nets to train: backgammon (whose nets also play Portes and
    /// Jacquet), plakoto or fevga.
    #[arg(long = "rules", value_name = "RULES", default_value = "backgammon")]
    pub rule_set: String,
    /// Self-play games to play in this run.
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Start afresh over an existing checkpoint file (without it a fresh run refuses to
    /// write over one).
    #[arg(long)]
    pub overwrite: bool,
    /// The run's seed: the first nets' weights and every game's dice follow from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads playing games (each trains a copy of the nets; the copies are averaged
    /// every round of games).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Go on from the checkpoint (its nets, games played, seed and learning rate).
    #[arg(long)]
    pub resume: bool,
    /// Start a new run from the nets in this file instead of random weights: nets of the
    /// rule set trained, or backgammon's for Jacquet (whose nets are backgammon's trained
    /// on in Jacquet's games). Not with `--resume`.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub from: Option<PathBuf>,
    /// The checkpoint file, written atomically every `--checkpoint-minutes` and at the end
    /// [default: assets/expert.bgnet, assets/jacquet.bgnet, assets/plakoto.bgnet or
    /// assets/fevga.bgnet].
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Minutes between checkpoints.
    #[arg(long, value_name = "MIN", default_value_t = 5.0)]
    pub checkpoint_minutes: f64,
    /// Games between checks against pubeval (0: none).
    #[arg(long, value_name = "N", default_value_t = 25_000)]
    pub check_every: u64,
    /// Games (in mirrored pairs) of each check against pubeval.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub check_games: u64,
    /// The file the checks are appended to [default: assets/expert-train.log,
    /// assets/plakoto-train.log or assets/fevga-train.log].
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The learning rate (a fresh run; with --resume, replaces the checkpoint's). It is
    /// multiplied by 0.85 every 100,000 games, down to 0.02.
    #[arg(long)]
    pub alpha: Option<f32>,
    /// Hidden units of the contact net: a fresh run's [default: 128]; with `--from`, a
    /// file's contact net with fewer is widened to this many, the new units weighing
    /// nothing in the outputs, so that the nets play exactly as before.
    #[arg(long)]
    pub hidden: Option<usize>,
    /// Backgammon's contact net reads the rich inputs (six more a side: break contact, the
    /// rearmost checker and anchor, back escapes, containment, dance). A fresh run starts
    /// so; with `--from`, plain nets are widened, the new inputs' weights at zero, so that
    /// they play as before. Not with `--resume` (the checkpoint says which it is).
    #[arg(long, conflicts_with = "resume")]
    pub rich: bool,
    /// Hidden units of the race net (a fresh run).
    #[arg(long, default_value_t = 64)]
    pub race_hidden: usize,
    /// A supervised round on the checkpoint (with --resume) instead of self-play: this many
    /// positions from self-play, each rolled out, and the nets fitted to the rollouts.
    #[arg(long, value_name = "POSITIONS")]
    pub supervised: Option<usize>,
    /// Trials of each rollout (a supervised round): a multiple of 36 stratifies the first
    /// roll evenly.
    #[arg(long, value_name = "N", default_value_t = 72)]
    pub trials: u32,
    /// Turns each rollout trial plays before the nets value it (a supervised round).
    #[arg(long, value_name = "TURNS", default_value_t = 10)]
    pub horizon: u32,
    /// Passes over the rolled-out positions when fitting (a supervised round).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub epochs: u32,
    /// A supervised round's targets are the nets' own look-ahead this many rolls deep (1 to
    /// 3, the expert's `chances` at that ply) instead of rollouts (--trials and --horizon
    /// then do nothing).
    #[arg(long, value_name = "PLY", requires = "supervised", value_parser = clap::value_parser!(u8).range(1..=3))]
    pub target_ply: Option<u8>,
}

/// The learning rate of a supervised round without `--alpha`.
pub const SUPERVISED_ALPHA: f32 = 0.01;
/// A supervised round takes each self-play position with a chance of one in this many.
const SUPERVISED_SPREAD: u32 = 6;

/// The contact net's hidden units in a fresh run without `--hidden`.
pub const DEFAULT_HIDDEN: usize = 128;

/// The learning rate of a fresh run without `--alpha`.
pub const DEFAULT_ALPHA: f32 = 0.1;

/// The learning rate is multiplied by [`ALPHA_DECAY`] every this many games...
pub const ALPHA_STEP: u64 = 100_000;
/// ... by this factor ...
pub const ALPHA_DECAY: f32 = 0.85;
/// ... down to this floor.
pub const ALPHA_FLOOR: f32 = 0.02;

/// Games per round of training between looks at the clock.
const ROUND: u64 = 100;

/// Fresh nets for `variant` with small random weights drawn from `seed`, of
/// `(contact, race)` hidden units; `rich`: the contact net reads the rich inputs
/// (backgammon's only).
#[must_use]
pub fn fresh_nets(
    variant: Variant,
    seed: u64,
    (hidden, race_hidden): (usize, usize),
    rich: bool,
    alpha: f32,
) -> Nets {
    let mut rng = ChaCha8Rng::seed_from_u64(train::mix(seed ^ 0x1ce_b00c));
    let mut uniform = || rng.random::<f32>();
    let (mut contact_inputs, race_inputs) = encode::input_counts(variant);
    if rich {
        contact_inputs = encode::RICH_CONTACT_INPUTS;
    }
    let contact = Net::random(contact_inputs, hidden, &mut uniform);
    let race = Net::random(race_inputs, race_hidden, &mut uniform);
    Nets {
        variant,
        contact,
        race,
        state: Some(TrainState {
            games: 0,
            seed,
            alpha,
            seconds: 0.0,
        }),
    }
}

/// A pubeval check: the expert bot at 0-ply on `nets` against pubeval over `games` games
/// in mirrored pairs, cubeless. Returns the expert's points per game and the 95% half-width.
///
/// # Errors
/// As [`check_against`].
pub fn check_against_pubeval(nets: &Arc<Nets>, games: u64) -> Result<(f64, f64), ArenaError> {
    check_against(nets, &mut PubevalBot::new(), games)
}

/// A check of `nets` (any rule set's) at 0-ply against `opponent` over `games` games in
/// mirrored pairs, cubeless, in the nets' rule set. Returns the expert's points per game
/// and the 95% half-width.
///
/// # Errors
/// [`ArenaError::IllegalAction`] when a bot makes an illegal play (a bug in that bot).
pub fn check_against(
    nets: &Arc<Nets>,
    opponent: &mut dyn Bot,
    games: u64,
) -> Result<(f64, f64), ArenaError> {
    let rules = Rules {
        cube: false,
        ..Rules::of(RuleSet::of_variant(nets.variant))
    };
    let mut points = Vec::with_capacity(usize::try_from(games).unwrap_or(0));
    let mut expert = ExpertBot::new(Arc::clone(nets), 0);
    for g in 0..games {
        let side = if g % 2 == 0 { Side::White } else { Side::Black };
        let outcome = arena::play_game(
            &mut expert,
            opponent,
            side,
            rules,
            pair_dice_seed(CHECK_SEED, g / 2),
        )?;
        points.push(outcome.a_points);
    }
    let mean = points.iter().sum::<i64>() as f64 / points.len().max(1) as f64;
    Ok((mean, ci95_half_width(&points)))
}

/// The rule set of `--rules`: one with nets of its own.
fn nets_rule_set(name: &str) -> Result<Variant, CliError> {
    match super::parse_variant(name)? {
        v @ (Variant::Backgammon | Variant::Jacquet | Variant::Plakoto | Variant::Fevga) => Ok(v),
        v => Err(CliError::SharedNets(v)),
    }
}

/// The checkpoint file of a run.
fn checkpoint_path(args: &TrainArgs, variant: Variant) -> PathBuf {
    args.checkpoint.clone().unwrap_or_else(|| match variant {
        Variant::Jacquet => PathBuf::from("assets/jacquet.bgnet"),
        Variant::Plakoto => PathBuf::from("assets/plakoto.bgnet"),
        Variant::Fevga => PathBuf::from("assets/fevga.bgnet"),
        _ => PathBuf::from(DEFAULT_CHECKPOINT),
    })
}

/// The log file of a run.
fn log_path(args: &TrainArgs, variant: Variant) -> PathBuf {
    args.log.clone().unwrap_or_else(|| match variant {
        Variant::Jacquet => PathBuf::from("assets/jacquet-train.log"),
        Variant::Plakoto => PathBuf::from("assets/plakoto-train.log"),
        Variant::Fevga => PathBuf::from("assets/fevga-train.log"),
        _ => PathBuf::from(DEFAULT_LOG),
    })
}

/// The nets of `path`, read for `variant` (`option` names the option in errors).
fn read_nets_file(path: &Path, variant: Variant, option: &'static str) -> Result<Nets, CliError> {
    let bytes = crate::bot::expert::read_nets_file_bytes(path).map_err(|problem| {
        CliError::bad(
            option,
            format!(
                "cannot read {}: {problem}",
                super::printable(&path.display().to_string(), 200)
            ),
        )
    })?;
    format::from_bytes(&bytes, variant).map_err(|e| {
        CliError::bad(
            option,
            format!(
                "{}: {e}",
                super::printable(&path.display().to_string(), 200)
            ),
        )
    })
}

/// The nets a run started `--from` a file begins with: the file's nets (backgammon's for
/// Jacquet) as `variant`'s, with a new training state.
fn nets_from(path: &Path, variant: Variant, args: &TrainArgs) -> Result<Nets, CliError> {
    let read_as = if variant == Variant::Jacquet {
        Variant::Backgammon
    } else {
        variant
    };
    let mut nets = read_nets_file(path, read_as, "--from")?;
    nets.variant = variant;
    if args.rich && nets.contact.inputs() < encode::RICH_CONTACT_INPUTS {
        nets.contact = nets.contact.with_inputs(encode::RICH_CONTACT_INPUTS);
    }
    if let Some(hidden) = args.hidden.filter(|&h| h > nets.contact.hidden()) {
        let mut rng = ChaCha8Rng::seed_from_u64(train::mix(args.seed ^ 0x71de));
        nets.contact = nets.contact.with_hidden(hidden, || rng.random::<f32>());
    }
    nets.state = Some(TrainState {
        games: 0,
        seed: args.seed,
        alpha: args.alpha.unwrap_or(DEFAULT_ALPHA),
        seconds: 0.0,
    });
    Ok(nets)
}

fn read_checkpoint(path: &Path, variant: Variant) -> Result<Nets, CliError> {
    // The training state's range is the reader's rule (format::TrainState::in_range), the
    // same for expert@FILE.
    let nets = read_nets_file(path, variant, "--resume")?;
    if nets.state.is_none() {
        return Err(CliError::bad(
            "--resume",
            format!("{} holds nets but no training state", path.display()),
        ));
    }
    Ok(nets)
}

/// Writes the checkpoint, unless a weight has stopped being a finite number (training has
/// diverged): then the last good checkpoint is left as it was.
fn save(path: &Path, nets: &Nets) -> Result<(), CliError> {
    let finite = [&nets.contact, &nets.race]
        .iter()
        .all(|n| n.weights().all(f32::is_finite));
    if !finite {
        return Err(CliError::Diverged(path.to_path_buf()));
    }
    crate::store::write_atomic(path, &format::to_bytes(nets)).map_err(CliError::Checkpoint)
}

fn log_line(path: &Path, line: &str) {
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| writeln!(f, "{line}"));
    if let Err(e) = written {
        eprintln!("cannot append to {}: {e}", path.display());
    }
}

/// `bg-tui train`: trains until `--games` more games are played, checkpointing as it goes,
/// and returns a last line to print.
///
/// # Errors
/// [`CliError`] for bad options, a checkpoint that cannot be read (with `--resume`) or
/// written.
pub fn train(args: &TrainArgs) -> Result<String, CliError> {
    let variant = nets_rule_set(&args.rule_set)?;
    let checkpoint = checkpoint_path(args, variant);
    let log = log_path(args, variant);
    if !(1..=MAX_THREADS).contains(&args.threads) {
        return Err(CliError::range(
            "--threads",
            format!("1 to {MAX_THREADS} threads"),
            args.threads,
        ));
    }
    if !(args.checkpoint_minutes > 0.0 && args.checkpoint_minutes <= MAX_CHECKPOINT_MINUTES) {
        return Err(CliError::OutOfRange {
            option: "--checkpoint-minutes",
            takes: format!("a number of minutes above 0, up to {MAX_CHECKPOINT_MINUTES}"),
            value: None,
        });
    }
    if args.alpha.is_some_and(|a| !(a > 0.0 && a <= MAX_ALPHA)) {
        return Err(CliError::OutOfRange {
            option: "--alpha",
            takes: format!("a learning rate above 0, up to {MAX_ALPHA}"),
            value: None,
        });
    }
    if args.games > MAX_GAMES {
        return Err(CliError::OutOfRange {
            option: "--games",
            takes: format!("at most {MAX_GAMES} games"),
            value: None,
        });
    }
    for (option, units) in [
        ("--hidden", args.hidden.unwrap_or(DEFAULT_HIDDEN)),
        ("--race-hidden", args.race_hidden),
    ] {
        if !(1..=format::MAX_HIDDEN).contains(&units) {
            return Err(CliError::OutOfRange {
                option,
                takes: format!("from 1 to {} units", format::MAX_HIDDEN),
                value: Some(units.to_string()),
            });
        }
    }
    if args.rich && variant != Variant::Backgammon {
        return Err(CliError::Usage("--rich is for backgammon's nets"));
    }
    if let Some(count) = args.supervised {
        if variant != Variant::Backgammon {
            return Err(CliError::Usage(
                "--supervised rounds are for backgammon's nets",
            ));
        }
        return supervised_round(args, &checkpoint, &log, count);
    }
    let mut nets = if args.resume {
        let mut nets = read_checkpoint(&checkpoint, variant)?;
        if let (Some(alpha), Some(state)) = (args.alpha, nets.state.as_mut()) {
            state.alpha = alpha;
        }
        nets
    } else {
        if !args.overwrite && std::fs::symlink_metadata(&checkpoint).is_ok() {
            return Err(CliError::CheckpointExists(checkpoint.clone()));
        }
        match &args.from {
            Some(from) => nets_from(from, variant, args)?,
            None => fresh_nets(
                variant,
                args.seed,
                (args.hidden.unwrap_or(DEFAULT_HIDDEN), args.race_hidden),
                args.rich,
                args.alpha.unwrap_or(DEFAULT_ALPHA),
            ),
        }
    };
    let Some(mut state) = nets.state else {
        return Err(CliError::Usage("the checkpoint has no training state"));
    };
    let target = state.games.saturating_add(args.games).min(MAX_GAMES);
    eprintln!(
        "training {variant} from game {} to {target}: seed {}, alpha {}, {} thread(s), contact {}x{}, race {}x{}; checkpoint {}",
        state.games,
        state.seed,
        state.alpha,
        args.threads,
        nets.contact.inputs(),
        nets.contact.hidden(),
        nets.race.inputs(),
        nets.race.hidden(),
        checkpoint.display()
    );
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(args.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, {eta} left  {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let every = Duration::from_secs_f64(args.checkpoint_minutes * 60.0);
    let mut last_save = Instant::now();
    let mut clock = Instant::now();
    let start_games = state.games;
    while state.games < target {
        let round = ROUND.min(target - state.games);
        train::train_games(
            &mut nets,
            state.seed,
            state.games,
            round,
            state.alpha,
            args.threads,
        )
        .map_err(CliError::Thread)?;
        state.games += round;
        if state.games % ALPHA_STEP < round {
            state.alpha = (state.alpha * ALPHA_DECAY).max(ALPHA_FLOOR.min(state.alpha));
        }
        state.seconds += clock.elapsed().as_secs_f64();
        clock = Instant::now();
        nets.state = Some(state);
        if let Some(bar) = &bar {
            bar.inc(round);
        }
        if last_save.elapsed() >= every {
            save(&checkpoint, &nets)?;
            last_save = Instant::now();
        }
        if args.check_every > 0 && state.games % args.check_every < round && args.check_games > 0 {
            let shared = Arc::new(nets.clone());
            let t = Instant::now();
            let (opponent, checked) = if variant == Variant::Backgammon {
                ("pubeval", check_against_pubeval(&shared, args.check_games))
            } else {
                let mut greedy = GreedyBot::new(CHECK_SEED);
                (
                    "greedy",
                    check_against(&shared, &mut greedy, args.check_games),
                )
            };
            let (ppg, half) = checked.map_err(CliError::Check)?;
            let line = format!(
                "games {} ({:.0} s training): vs {opponent} {:+.3} ppg +- {:.3} over {} games (check {:.0} s)",
                state.games,
                state.seconds,
                ppg,
                half,
                args.check_games,
                t.elapsed().as_secs_f64()
            );
            clock = Instant::now();
            match &bar {
                Some(bar) => bar.println(&line),
                None => eprintln!("{line}"),
            }
            log_line(&log, &line);
        }
    }
    save(&checkpoint, &nets)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(format!(
        "trained {} games (now {}), checkpoint {}\n",
        state.games - start_games,
        state.games,
        checkpoint.display()
    ))
}

/// `bg-tui train --resume --supervised N`: one supervised round on the checkpoint (see
/// [`crate::bot::expert::rollout`]), then a check against pubeval; returns a last line.
fn supervised_round(
    args: &TrainArgs,
    checkpoint: &Path,
    log: &Path,
    count: usize,
) -> Result<String, CliError> {
    use crate::bot::expert::rollout;
    if !args.resume {
        return Err(CliError::Usage(
            "--supervised improves trained nets: give --resume (and the checkpoint)",
        ));
    }
    if count == 0 || args.trials == 0 || args.epochs == 0 {
        return Err(CliError::Usage(
            "--supervised, --trials and --epochs take at least 1",
        ));
    }
    if count > MAX_SUPERVISED {
        return Err(CliError::OutOfRange {
            option: "--supervised",
            takes: format!("at most {MAX_SUPERVISED} positions"),
            value: None,
        });
    }
    let mut nets = read_checkpoint(checkpoint, Variant::Backgammon)?;
    let Some(mut state) = nets.state else {
        return Err(CliError::Usage("the checkpoint has no training state"));
    };
    let alpha = args.alpha.unwrap_or(SUPERVISED_ALPHA);
    let started = Instant::now();
    let (positions, games) =
        rollout::sample_positions(&nets, state.seed, state.games, count, SUPERVISED_SPREAD);
    let targets_are = match args.target_ply {
        Some(ply) => format!("valued by the nets' {ply}-ply look-ahead"),
        None => format!("{} trials of {} turns", args.trials, args.horizon),
    };
    eprintln!(
        "supervised round at game {}: {count} positions from {games} self-play games, {targets_are}, {} thread(s)",
        state.games, args.threads
    );
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(count as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} positions valued  {per_sec}  {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let progress = |n: usize| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
        }
    };
    let targets = match args.target_ply {
        Some(ply) => rollout::look_ahead_all(&nets, &positions, ply, args.threads, progress),
        None => rollout::rollout_all(
            &nets,
            &positions,
            args.trials,
            args.horizon,
            train::mix(state.seed ^ state.games),
            args.threads,
            progress,
        ),
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let rolled = started.elapsed().as_secs_f64();
    let data: Vec<_> = positions.into_iter().zip(targets).collect();
    let (before, after) = rollout::fit(&mut nets, &data, args.epochs, alpha, state.seed);
    state.games += games;
    state.seconds += started.elapsed().as_secs_f64();
    nets.state = Some(state);
    save(checkpoint, &nets)?;
    let mut line = format!(
        "supervised round at games {}: {count} positions, {targets_are}, valued in {rolled:.0} s, fitted in {:.0} s ({} epochs, alpha {alpha}): error {before:.4} -> {after:.4}",
        state.games,
        started.elapsed().as_secs_f64() - rolled,
        args.epochs
    );
    if args.check_games > 0 {
        let (ppg, half) = check_against_pubeval(&Arc::new(nets.clone()), args.check_games)
            .map_err(CliError::Check)?;
        line.push_str(&format!(
            "; vs pubeval {ppg:+.3} ppg +- {half:.3} over {} games",
            args.check_games
        ));
    }
    eprintln!("{line}");
    log_line(log, &line);
    Ok(format!("{line}\ncheckpoint {}\n", checkpoint.display()))
}

impl TrainArgs {
    /// Trains and returns the summary to print.
    ///
    /// # Errors
    /// As [`train()`].
    pub fn run(&self) -> Result<String, CliError> {
        train(self)
    }
}
