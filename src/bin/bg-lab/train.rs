//! `bg-lab train`: self-play training of the expert bot's nets for backgammon, Jacquet,
//! Plakoto or Fevga, with checkpoints, a progress bar and a periodic check (against pubeval
//! in backgammon, against greedy in the others); or, with `--supervised`, one supervised
//! round that fits the nets to rollouts or to their own look-ahead.
//!
//! The checkpoint and the log are written in the current folder (`expert.bgnet` and
//! `expert-train.log`, or the rule set's names), never into `assets/` unless `--assets`
//! asks for it or `--checkpoint` and `--log` name files there.

use bg_tui::bot::Bot;
use bg_tui::bot::expert::format::{self, MAX_HIDDEN, NetFileError, Nets, TrainState};
use bg_tui::bot::expert::net::Net;
use bg_tui::bot::expert::{
    ExpertBot, NetsFileProblem, encode, read_nets_file_bytes, supervised, train as self_play,
};
use bg_tui::bot::greedy::GreedyBot;
use bg_tui::bot::pubeval::PubevalBot;
use bg_tui::engine::{RuleSet, Rules, Side, UnknownVariant, Variant};
use bg_tui::host::arena::{self, ArenaError, ci95_half_width, pair_dice_seed};
use bg_tui::store::{StoreError, write_atomic};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most threads a run may ask for.
const MAX_THREADS: u64 = 256;
/// The largest learning rate a run takes (larger ones overflow the weights).
const MAX_ALPHA: f32 = bg_tui::bot::expert::format::MAX_ALPHA;
/// The most minutes between checkpoints.
const MAX_CHECKPOINT_MINUTES: f64 = 24.0 * 60.0;
/// The most positions of a supervised round.
const MAX_SUPERVISED: u64 = 10_000_000;
/// The most games a checkpoint may have played before a run (the count never wraps).
const MAX_GAMES: u64 = bg_tui::bot::expert::format::MAX_GAMES;
/// The dice seed of the checks (the same dice every check, so checks compare).
const CHECK_SEED: u64 = 20_261_122;
/// The learning rate of a supervised round without `--alpha`.
const SUPERVISED_ALPHA: f32 = 0.01;
/// The largest weight of a pair round's steps (`--pair-weight`, `--value-weight`).
const MAX_STEP_WEIGHT: f32 = 100.0;
/// The largest share of a supervised round's positions `--holdout` may keep apart.
const MAX_HOLDOUT: f64 = 0.5;
/// A supervised round takes each self-play position with a chance of one in this many.
const SUPERVISED_SPREAD: u32 = 6;
/// The contact net's hidden units in a fresh run without `--hidden`.
const DEFAULT_HIDDEN: usize = 128;
/// The learning rate of a fresh run without `--alpha`.
const DEFAULT_ALPHA: f32 = 0.1;
/// The learning rate is multiplied by [`ALPHA_DECAY`] every this many games...
const ALPHA_STEP: u64 = 100_000;
/// ... by this factor ...
const ALPHA_DECAY: f32 = 0.85;
/// ... down to this floor.
const ALPHA_FLOOR: f32 = 0.02;
/// Games per round of training between looks at the clock.
const ROUND: u64 = 100;

/// `bg-lab train`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct TrainArgs {
    /// The rule set whose nets to train: backgammon (whose nets also play Portes), jacquet,
    /// plakoto or fevga.
    #[arg(long = "rules", value_name = "RULES", default_value = "backgammon", value_parser = nets_rule_set)]
    pub(crate) rule_set: Variant,
    /// Self-play games to play in this run (at most 2^53 with those already played).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(..=MAX_GAMES))]
    pub(crate) games: u64,
    /// Start afresh over an existing checkpoint file (without it a fresh run refuses to
    /// write over one).
    #[arg(long)]
    pub(crate) overwrite: bool,
    /// The run's seed: the first nets' weights and every game's dice follow from it.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Threads playing games, 1 to 256 (each trains a copy of the nets; the copies are
    /// averaged every round of games).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    pub(crate) threads: u64,
    /// Go on from the checkpoint (its nets, games played, seed and learning rate).
    #[arg(long)]
    pub(crate) resume: bool,
    /// Start a new run from the nets in this file instead of random weights: nets of the
    /// rule set trained, or backgammon's for Jacquet (whose nets are backgammon's trained
    /// on in Jacquet's games). Not with `--resume`.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub(crate) from: Option<PathBuf>,
    /// The checkpoint file, written atomically every `--checkpoint-minutes` and at the end
    /// [default: expert.bgnet, jacquet.bgnet, plakoto.bgnet or fevga.bgnet, in the current
    /// folder, or in assets/ with --assets].
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// The checkpoint and the log default to the shipped nets' files in assets/ (run from
    /// the source folder): training writes over the nets the program is built with.
    #[arg(long)]
    pub(crate) assets: bool,
    /// Minutes between checkpoints (above 0, at most 1440).
    #[arg(long, value_name = "MIN", default_value_t = 5.0, value_parser = checkpoint_minutes)]
    pub(crate) checkpoint_minutes: f64,
    /// Games between checks against pubeval, or greedy in Plakoto and Fevga (0: none).
    #[arg(long, value_name = "N", default_value_t = 25_000)]
    pub(crate) check_every: u64,
    /// Games (in mirrored pairs) of each check.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub(crate) check_games: u64,
    /// The file the checks are appended to [default: expert-train.log, jacquet-train.log,
    /// plakoto-train.log or fevga-train.log, beside the default checkpoint].
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<PathBuf>,
    /// The learning rate, above 0 and at most 1 (a fresh run; with --resume, replaces the
    /// checkpoint's). It is multiplied by 0.85 every 100,000 games, down to 0.02.
    #[arg(long, value_parser = learning_rate, allow_negative_numbers = true)]
    pub(crate) alpha: Option<f32>,
    /// Hidden units of the contact net, 1 to 1024: a fresh run's [default: 128]; with
    /// `--from`, a file's contact net with fewer is widened to this many, the new units
    /// weighing nothing in the outputs, so that the nets play exactly as before.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_HIDDEN as i64))]
    pub(crate) hidden: Option<u16>,
    /// Backgammon's contact net reads the rich inputs (six more a side: break contact, the
    /// rearmost checker and anchor, back escapes, containment, dance). A fresh run starts
    /// so; with `--from`, plain nets are widened, the new inputs' weights at zero, so that
    /// they play as before. Not with `--resume` (the checkpoint says which it is).
    #[arg(long, conflicts_with = "resume")]
    pub(crate) rich: bool,
    /// Backgammon's contact net reads the extra inputs: the rich ones and nine more a side,
    /// as GNU Backgammon's evaluation defines them (mobility, moment, timing, backbone, back
    /// games, forward anchor, free pips, pips lost on the bar). A fresh run starts so; with
    /// `--from`, plain or rich nets are widened, the new inputs' weights at zero. Not with
    /// `--resume`.
    #[arg(long, conflicts_with_all = ["resume", "rich"])]
    pub(crate) extra: bool,
    /// Backgammon's contact net reads the raw inputs alone (no features: cheap to work out,
    /// for a pruning net). A fresh run only.
    #[arg(long, conflicts_with_all = ["resume", "rich", "extra", "from"])]
    pub(crate) raw: bool,
    /// Hidden units of the race net (a fresh run), 1 to 1024.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=MAX_HIDDEN as i64))]
    pub(crate) race_hidden: u16,
    /// A supervised round on the checkpoint (with --resume) instead of self-play: this many
    /// positions from self-play (1 to 10,000,000), each rolled out (backgammon) or valued
    /// by the nets' own look-ahead (--target-ply, every rule set), and the nets fitted to
    /// those values.
    #[arg(long, value_name = "POSITIONS", requires = "resume",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SUPERVISED))]
    pub(crate) supervised: Option<u64>,
    /// Trials of each rollout (a supervised round): a multiple of 36 stratifies the first
    /// roll evenly.
    #[arg(long, value_name = "N", default_value_t = 72, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) trials: u32,
    /// Turns each rollout trial plays before the nets value it (a supervised round).
    #[arg(long, value_name = "TURNS", default_value_t = 10)]
    pub(crate) horizon: u32,
    /// Passes over the rolled-out positions when fitting (a supervised round).
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) epochs: u32,
    /// The step of a supervised round's last pass: the steps fall geometrically, pass by
    /// pass, from `--alpha` to this (above 0, at most 1) [default: `--alpha`, one step
    /// throughout].
    #[arg(long, value_name = "ALPHA", value_parser = learning_rate, allow_negative_numbers = true)]
    pub(crate) alpha_end: Option<f32>,
    /// The share of a supervised round's positions held out, never fitted (0 to 0.5),
    /// chosen by the position itself: their error is printed after every pass, and the
    /// nets of the pass where it was lowest are the ones saved.
    #[arg(long, value_name = "SHARE", default_value_t = 0.0, value_parser = holdout_share, allow_negative_numbers = true)]
    pub(crate) holdout: f64,
    /// A supervised round's targets are the nets' own look-ahead this many rolls deep (1 to
    /// 3, the expert's `chances` at that ply) instead of rollouts (--trials and --horizon
    /// then do nothing).
    #[arg(long, value_name = "PLY", requires = "supervised", value_parser = clap::value_parser!(u8).range(1..=3))]
    pub(crate) target_ply: Option<u8>,
    /// A supervised round's examples are every contact play's position of one roll in each
    /// of the N positions (about 15 a position), not the positions themselves: the nets
    /// learn to rank the plays they choose among, bad ones too.
    #[arg(long, requires = "supervised")]
    pub(crate) every_play: bool,
    /// A supervised round on the checkpoint (with --resume) fitted to the positions of a
    /// rollout database (`bg-lab rollout-db`) instead of positions rolled out now; given
    /// more than once, the shards' positions together. The shards must be of the rule set
    /// of `--rules` (their first line's `rules`).
    #[arg(
        long,
        value_name = "FILE",
        requires = "resume",
        conflicts_with = "supervised"
    )]
    pub(crate) supervised_db: Vec<PathBuf>,
    /// With `--supervised-db`: N positions more from the nets' self-play, every contact
    /// play's position of one roll in each (about 15 a position, bad plays too) valued by
    /// the nets' own 1-ply look-ahead, fitted with the database's (never held out), so that
    /// the nets go on ranking plays as their look-ahead does while they learn the
    /// rollouts' values.
    #[arg(long, value_name = "N", requires = "supervised_db",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SUPERVISED))]
    pub(crate) with_look_ahead: Option<u64>,
    /// With `--supervised-db`: fit only the database's races (the race net alone moves).
    #[arg(long, requires = "supervised_db")]
    pub(crate) races_only: bool,
    /// With `--supervised-db`: fit only the database's contact positions (the contact net
    /// alone moves; the race net stays as it is).
    #[arg(long, requires = "supervised_db", conflicts_with = "races_only")]
    pub(crate) contact_only: bool,
    /// With `--supervised-db`: fit the decisions of the shards (lines sharing an index) by
    /// their ranking: each pass, each line stepped, with weight W, towards removing its
    /// error relative to its decision's other lines (its equity less the decision's mean,
    /// against the same of the rollouts). Holds nothing out, fits no race (so not with
    /// `--holdout`, `--races-only` or `--with-look-ahead`).
    #[arg(long, value_name = "W", requires = "supervised_db", value_parser = step_weight, allow_negative_numbers = true,
          conflicts_with_all = ["holdout", "races_only", "with_look_ahead"])]
    pub(crate) pair_weight: Option<f32>,
    /// With `--pair-weight`: the weight of each line's step towards its own rolled-out
    /// chances beside it (0: none).
    #[arg(long, value_name = "V", default_value_t = 0.0, requires = "pair_weight", value_parser = step_weight, allow_negative_numbers = true)]
    pub(crate) value_weight: f32,
    /// A distillation round on the checkpoint (with --resume): positions from the self-play
    /// of the nets in FILE (the teacher), one roll each, every contact play's position
    /// valued by the teacher at 0-ply, and the checkpoint's nets fitted to those values (how
    /// the pruning net learns to rank plays as the nets do).
    #[arg(
        long,
        value_name = "FILE",
        requires = "resume",
        conflicts_with_all = ["supervised", "supervised_db"]
    )]
    pub(crate) distill: Option<PathBuf>,
    /// Positions of a distillation round (each gives all the plays of one roll).
    #[arg(long, value_name = "N", default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_SUPERVISED))]
    pub(crate) distill_positions: u64,
}

/// Why `train` stopped, or did not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum TrainError {
    /// The log (`--log`) cannot be appended to (the checkpoint is written first).
    #[error("--log: {}: {source} (the checkpoint is saved; the run stopped)", path.display())]
    Log {
        /// The log.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// `--rich`, `--extra` or `--raw` for nets other than backgammon's.
    #[error("--rich, --extra and --raw are for backgammon's nets")]
    InputsNotBackgammon,
    /// `--alpha-end` or `--holdout` in a self-play run (they shape a supervised round's fit).
    #[error(
        "--alpha-end and --holdout shape a supervised round's fit: give --supervised, --supervised-db or --distill"
    )]
    FitOptionInSelfPlay,
    /// `--supervised` without `--target-ply` or with `--every-play`, or `--distill`, for
    /// nets other than backgammon's.
    #[error(
        "--supervised rounds of rollouts or of every play and --distill are for backgammon's nets (other rule sets: --supervised N --target-ply P, or --supervised-db with shards of their own)"
    )]
    SupervisedNotBackgammon,
    /// `--pair-weight` with no decision of two contact lines or more in the shards.
    #[error(
        "--pair-weight: the shards hold no decision (lines sharing an index, none a race): give a decisions shard (rollout-db --decisions)"
    )]
    NoDecisions,
    /// A shard of `--supervised-db` of another rule set than the nets'.
    #[error("--supervised-db: {} is a shard of {theirs}'s positions, not {wanted}'s (--rules {})", path.display(), wanted.name())]
    OtherRuleSet {
        /// The shard.
        path: PathBuf,
        /// Its rule set.
        theirs: Variant,
        /// The nets' (`--rules`).
        wanted: Variant,
    },
    /// The rollout database of `--supervised-db` that cannot be read.
    #[error("--supervised-db: {0}")]
    Database(#[from] crate::rollout_db::RolloutDbError),
    /// A rollout database without a position.
    #[error("--supervised-db: {} holds no positions", .0.display())]
    EmptyDatabase(PathBuf),
    /// A nets file (`--from`, or the checkpoint with `--resume`) that cannot be read.
    #[error("{option}: {}: {source}", path.display())]
    Nets {
        /// `--from` or `--resume`.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: NetsFileProblem,
    },
    /// A checkpoint without a training state to go on from.
    #[error("--resume: {} holds nets but no training state", .0.display())]
    NoTrainState(PathBuf),
    /// A checkpoint whose training state is out of range.
    #[error("--resume: {}: its training state is out of range (learning rate {alpha}, {games} games)", path.display())]
    StateOutOfRange {
        /// The checkpoint.
        path: PathBuf,
        /// Its learning rate.
        alpha: f32,
        /// Its games played.
        games: u64,
    },
    /// A fresh training run over an existing checkpoint, without `--overwrite`.
    #[error(
        "{} exists: give --resume to go on training it, or --overwrite to start afresh over it",
        .0.display()
    )]
    CheckpointExists(PathBuf),
    /// Training made a weight infinite or NaN; the checkpoint was not written.
    #[error(
        "training diverged (a weight is no longer a finite number); {} was left as it was",
        .0.display()
    )]
    Diverged(PathBuf),
    /// The checkpoint could not be written.
    #[error("cannot write the checkpoint: {0}")]
    Checkpoint(#[source] StoreError),
    /// A check against pubeval or greedy that could not be played.
    #[error("the check: {0}")]
    Check(#[source] ArenaError),
    /// A thread could not start.
    #[error("a thread could not start: {0}")]
    Thread(#[source] std::io::Error),
}

/// Why `--rules` names no nets to train.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NetsRuleSetError {
    /// Not a rule set.
    #[error(transparent)]
    Unknown(#[from] UnknownVariant),
    /// A rule set that plays with backgammon's nets.
    #[error("{0} plays with backgammon's nets; train those (--rules backgammon)")]
    SharedNets(Variant),
}

/// `--rules`: a rule set with nets of its own.
fn nets_rule_set(name: &str) -> Result<Variant, NetsRuleSetError> {
    match name.parse()? {
        v @ (Variant::Backgammon | Variant::Jacquet | Variant::Plakoto | Variant::Fevga) => Ok(v),
        v => Err(NetsRuleSetError::SharedNets(v)),
    }
}

/// A number outside what an option takes.
#[derive(Debug, thiserror::Error)]
#[error("takes {0}")]
pub(crate) struct OutOfRange(&'static str);

/// `--alpha`: a learning rate above 0, at most [`MAX_ALPHA`].
fn learning_rate(text: &str) -> Result<f32, OutOfRange> {
    const TAKES: &str = "a learning rate above 0, up to 1";
    match text.parse::<f32>() {
        Ok(a) if a > 0.0 && a <= MAX_ALPHA => Ok(a),
        _ => Err(OutOfRange(TAKES)),
    }
}

/// `--holdout`: a share from 0 to [`MAX_HOLDOUT`].
fn holdout_share(text: &str) -> Result<f64, OutOfRange> {
    const TAKES: &str = "a share from 0 to 0.5";
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_HOLDOUT).contains(&s) => Ok(s),
        _ => Err(OutOfRange(TAKES)),
    }
}

/// `--pair-weight`, `--value-weight`: a weight from 0 to [`MAX_STEP_WEIGHT`].
fn step_weight(text: &str) -> Result<f32, OutOfRange> {
    const TAKES: &str = "a weight from 0 to 100";
    match text.parse::<f32>() {
        Ok(w) if (0.0..=MAX_STEP_WEIGHT).contains(&w) => Ok(w),
        _ => Err(OutOfRange(TAKES)),
    }
}

/// `--checkpoint-minutes`: above 0, at most [`MAX_CHECKPOINT_MINUTES`].
fn checkpoint_minutes(text: &str) -> Result<f64, OutOfRange> {
    const TAKES: &str = "a number of minutes above 0, up to 1440";
    match text.parse::<f64>() {
        Ok(m) if m > 0.0 && m <= MAX_CHECKPOINT_MINUTES => Ok(m),
        _ => Err(OutOfRange(TAKES)),
    }
}

/// The files of a run's nets: `name.bgnet` and `name-train.log`.
fn file_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Jacquet => "jacquet",
        Variant::Plakoto => "plakoto",
        Variant::Fevga => "fevga",
        _ => "expert",
    }
}

/// The folder of the default checkpoint and log: the current one, or `assets/`.
fn default_folder(args: &TrainArgs) -> PathBuf {
    if args.assets {
        PathBuf::from("assets")
    } else {
        PathBuf::new()
    }
}

/// The checkpoint file of a run.
fn checkpoint_path(args: &TrainArgs) -> PathBuf {
    args.checkpoint
        .clone()
        .unwrap_or_else(|| default_folder(args).join(format!("{}.bgnet", file_name(args.rule_set))))
}

/// The log file of a run.
fn log_path(args: &TrainArgs) -> PathBuf {
    args.log.clone().unwrap_or_else(|| {
        default_folder(args).join(format!("{}-train.log", file_name(args.rule_set)))
    })
}

/// The contact inputs `--rich`, `--extra` or `--raw` ask backgammon's contact net to read.
fn contact_inputs_asked(args: &TrainArgs) -> Option<usize> {
    if args.rich {
        Some(encode::RICH_CONTACT_INPUTS)
    } else if args.extra {
        Some(encode::EXTRA_CONTACT_INPUTS)
    } else if args.raw {
        Some(encode::RAW_CONTACT_INPUTS)
    } else {
        None
    }
}

/// Fresh nets for `variant` with small random weights drawn from `seed`, of
/// `(contact, race)` hidden units; `contact_inputs`: backgammon's contact net reads this
/// many inputs (rich, extra or raw ones) instead of the rule set's own.
fn fresh_nets(
    variant: Variant,
    seed: u64,
    (hidden, race_hidden): (usize, usize),
    contact_inputs: Option<usize>,
    alpha: f32,
) -> Nets {
    let mut rng = ChaCha8Rng::seed_from_u64(self_play::mix(seed ^ 0x1ce_b00c));
    let mut uniform = || rng.random::<f32>();
    let (own, race_inputs) = encode::input_counts(variant);
    let contact_inputs = contact_inputs.unwrap_or(own);
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

/// A check of `nets` (any rule set's) at 0-ply against `opponent` over `games` games in
/// mirrored pairs, cubeless, in the nets' rule set. Returns the expert's points per game
/// and the 95% half-width.
fn check_against(
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

/// The line of a check of `nets` against pubeval (backgammon) or greedy (the others).
fn check_line(nets: &Nets, games: u64) -> Result<String, TrainError> {
    let shared = Arc::new(nets.clone());
    let t = Instant::now();
    let (opponent, checked) = if nets.variant == Variant::Backgammon {
        (
            "pubeval",
            check_against(&shared, &mut PubevalBot::new(), games),
        )
    } else {
        let mut greedy = GreedyBot::new(CHECK_SEED);
        ("greedy", check_against(&shared, &mut greedy, games))
    };
    let (ppg, half) = checked.map_err(TrainError::Check)?;
    Ok(format!(
        "vs {opponent} {ppg:+.3} ppg +- {half:.3} over {games} games (check {:.0} s)",
        t.elapsed().as_secs_f64()
    ))
}

/// The nets of `path`, read for `variant` (`option` names the option in errors).
fn read_nets_file(path: &Path, variant: Variant, option: &'static str) -> Result<Nets, TrainError> {
    let problem = |source| TrainError::Nets {
        option,
        path: path.to_path_buf(),
        source,
    };
    let bytes = read_nets_file_bytes(path).map_err(problem)?;
    format::from_bytes(&bytes, variant)
        .map_err(|e: NetFileError| problem(NetsFileProblem::NotNets(e)))
}

/// The nets a run started `--from` a file begins with: the file's nets (backgammon's for
/// Jacquet) as `variant`'s, with a new training state.
fn nets_from(path: &Path, args: &TrainArgs) -> Result<Nets, TrainError> {
    let variant = args.rule_set;
    let read_as = if variant == Variant::Jacquet {
        Variant::Backgammon
    } else {
        variant
    };
    let mut nets = read_nets_file(path, read_as, "--from")?;
    nets.variant = variant;
    if let Some(wider) = contact_inputs_asked(args).filter(|&n| nets.contact.inputs() < n) {
        nets.contact = nets.contact.with_inputs(wider);
    }
    if let Some(hidden) = args
        .hidden
        .map(usize::from)
        .filter(|&h| h > nets.contact.hidden())
    {
        let mut rng = ChaCha8Rng::seed_from_u64(self_play::mix(args.seed ^ 0x71de));
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

/// The checkpoint at `path` and its training state, checked to be in range.
fn read_checkpoint(path: &Path, variant: Variant) -> Result<(Nets, TrainState), TrainError> {
    let nets = read_nets_file(path, variant, "--resume")?;
    let Some(state) = nets.state else {
        return Err(TrainError::NoTrainState(path.to_path_buf()));
    };
    if !(state.alpha > 0.0 && state.alpha <= MAX_ALPHA) || state.games > MAX_GAMES {
        return Err(TrainError::StateOutOfRange {
            path: path.to_path_buf(),
            alpha: state.alpha,
            games: state.games,
        });
    }
    Ok((nets, state))
}

/// The nets a self-play run starts from: the checkpoint's (`--resume`), a file's
/// (`--from`) or fresh ones; a fresh run never writes over a file without `--overwrite`.
fn starting_nets(args: &TrainArgs, checkpoint: &Path) -> Result<(Nets, TrainState), TrainError> {
    if args.resume {
        let (mut nets, mut state) = read_checkpoint(checkpoint, args.rule_set)?;
        if let Some(alpha) = args.alpha {
            state.alpha = alpha;
            nets.state = Some(state);
        }
        return Ok((nets, state));
    }
    if !args.overwrite && std::fs::symlink_metadata(checkpoint).is_ok() {
        return Err(TrainError::CheckpointExists(checkpoint.to_path_buf()));
    }
    let nets = match &args.from {
        Some(from) => nets_from(from, args)?,
        None => fresh_nets(
            args.rule_set,
            args.seed,
            (
                args.hidden.map_or(DEFAULT_HIDDEN, usize::from),
                usize::from(args.race_hidden),
            ),
            contact_inputs_asked(args),
            args.alpha.unwrap_or(DEFAULT_ALPHA),
        ),
    };
    let state = nets
        .state
        .ok_or_else(|| TrainError::NoTrainState(checkpoint.to_path_buf()))?;
    Ok((nets, state))
}

/// Writes the checkpoint, unless a weight has stopped being a finite number (training has
/// diverged): then the last good checkpoint is left as it was.
fn save(path: &Path, nets: &Nets) -> Result<(), TrainError> {
    let finite = [&nets.contact, &nets.race]
        .iter()
        .all(|n| n.weights().all(f32::is_finite));
    if !finite {
        return Err(TrainError::Diverged(path.to_path_buf()));
    }
    write_atomic(path, &format::to_bytes(nets)).map_err(TrainError::Checkpoint)
}

/// Appends `line` to the log.
fn log_line(path: &Path, line: &str) -> Result<(), TrainError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| writeln!(f, "{line}").and_then(|()| f.flush()))
        .map_err(|source| TrainError::Log {
            path: path.to_path_buf(),
            source,
        })
}

/// A progress bar of `len` steps on standard error when it is a terminal.
fn progress_bar(len: u64, template: &str) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(len);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar
    })
}

/// `train`: trains until `--games` more games are played, checkpointing as it goes, and
/// returns a last line to print; or, with `--supervised`, one supervised round.
///
/// # Errors
/// [`TrainError`] for options that do not go with the rule set, a checkpoint that cannot
/// be read (with `--resume`) or written, a check or a thread that cannot run.
pub(crate) fn train(args: &TrainArgs) -> Result<String, TrainError> {
    let variant = args.rule_set;
    let checkpoint = checkpoint_path(args);
    let log = log_path(args);
    if (args.rich || args.extra || args.raw) && variant != Variant::Backgammon {
        return Err(TrainError::InputsNotBackgammon);
    }
    if let Some(count) = args.supervised {
        // Every rule set's nets learn their own look-ahead; rollouts and every play's
        // position are backgammon's.
        if variant != Variant::Backgammon && (args.target_ply.is_none() || args.every_play) {
            return Err(TrainError::SupervisedNotBackgammon);
        }
        return supervised_round(args, &checkpoint, &log, count);
    }
    if !args.supervised_db.is_empty() {
        return database_round(args, &checkpoint, &log, &args.supervised_db);
    }
    if let Some(teacher) = &args.distill {
        if variant != Variant::Backgammon {
            return Err(TrainError::SupervisedNotBackgammon);
        }
        return distill_round(args, &checkpoint, &log, teacher);
    }
    if args.alpha_end.is_some() || args.holdout > 0.0 {
        return Err(TrainError::FitOptionInSelfPlay);
    }
    let (mut nets, mut state) = starting_nets(args, &checkpoint)?;
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
    let start_games = state.games;
    self_play_until(args, target, &mut nets, &mut state, (&checkpoint, &log))?;
    Ok(format!(
        "trained {} games (now {}), checkpoint {}\n",
        state.games - start_games,
        state.games,
        checkpoint.display()
    ))
}

/// Self-play rounds until `target` games, checkpointing every `--checkpoint-minutes`,
/// checking every `--check-every` games, and a last checkpoint at the end.
fn self_play_until(
    args: &TrainArgs,
    target: u64,
    nets: &mut Nets,
    state: &mut TrainState,
    (checkpoint, log): (&Path, &Path),
) -> Result<(), TrainError> {
    let bar = progress_bar(
        target - state.games,
        "{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, {eta} left  {msg}",
    );
    let threads = usize::try_from(args.threads).unwrap_or(1);
    let every = Duration::from_secs_f64(args.checkpoint_minutes * 60.0);
    let mut last_save = Instant::now();
    let mut clock = Instant::now();
    while state.games < target {
        let round = ROUND.min(target - state.games);
        self_play::train_games(nets, state.seed, state.games, round, state.alpha, threads)
            .map_err(TrainError::Thread)?;
        state.games += round;
        if state.games % ALPHA_STEP < round {
            state.alpha = (state.alpha * ALPHA_DECAY).max(ALPHA_FLOOR.min(state.alpha));
        }
        state.seconds += clock.elapsed().as_secs_f64();
        nets.state = Some(*state);
        if let Some(bar) = &bar {
            bar.inc(round);
        }
        if last_save.elapsed() >= every {
            save(checkpoint, nets)?;
            last_save = Instant::now();
        }
        if args.check_every > 0 && state.games % args.check_every < round && args.check_games > 0 {
            let line = format!(
                "games {} ({:.0} s training): {}",
                state.games,
                state.seconds,
                check_line(nets, args.check_games)?
            );
            match &bar {
                Some(bar) => bar.println(&line),
                None => eprintln!("{line}"),
            }
            if let Err(e) = log_line(log, &line) {
                // The nets trained so far are kept; the run stops, saying why.
                save(checkpoint, nets)?;
                return Err(e);
            }
        }
        clock = Instant::now();
    }
    save(checkpoint, nets)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(())
}

/// The end of a supervised round whose nets are saved: `line` with a check against pubeval
/// (unless `--check-games 0`) printed and logged; returns the last lines.
fn round_done(
    args: &TrainArgs,
    nets: &Nets,
    checkpoint: &Path,
    log: &Path,
    mut line: String,
) -> Result<String, TrainError> {
    if args.check_games > 0 {
        line.push_str("; ");
        line.push_str(&check_line(nets, args.check_games)?);
    }
    eprintln!("{line}");
    log_line(log, &line)?;
    Ok(format!("{line}\ncheckpoint {}\n", checkpoint.display()))
}

/// An example a supervised round fits: a position and the chances of its player on roll.
type Example = (bg_tui::engine::Position, bg_tui::bot::expert::Probs);

/// What a supervised round fits: its examples, the round's self-play, its first step and
/// when it started.
struct Round<'a> {
    /// The examples of the round (a held-out part is taken from these).
    data: &'a [Example],
    /// Examples fitted beside them, never held out (the look-ahead's, `--with-look-ahead`).
    also: &'a [Example],
    /// The self-play games the round played (to count into the checkpoint's state).
    games: u64,
    /// The first pass's step, falling to `--alpha-end`.
    alpha: f32,
    /// When the round started (its time is counted into the state).
    started: Instant,
}

impl<'a> Round<'a> {
    /// A round fitting `data` alone, after `games` self-play games, from step `alpha`,
    /// started at `started`.
    fn of(data: &'a [Example], games: u64, alpha: f32, started: Instant) -> Round<'a> {
        Round {
            data,
            also: &[],
            games,
            alpha,
            started,
        }
    }

    /// The round with `also` fitted beside its examples (never held out).
    fn beside(self, also: &'a [Example]) -> Round<'a> {
        Round { also, ..self }
    }
}

/// The end of a supervised round: `nets` fitted to the round's examples (`--epochs` passes
/// from its step, falling to `--alpha-end`, `--holdout` kept apart), its self-play games
/// and its time counted into `state`, and the checkpoint written. Returns the words for the
/// fit, "(E epochs, alpha A): error B -> C" and the held-out part's.
fn fit_and_save(
    args: &TrainArgs,
    checkpoint: &Path,
    nets: &mut Nets,
    state: &mut TrainState,
    round: Round<'_>,
) -> Result<String, TrainError> {
    let Round {
        data,
        also,
        games,
        alpha,
        started,
    } = round;
    let plan = supervised::FitPlan {
        epochs: args.epochs,
        alpha,
        final_alpha: args.alpha_end.unwrap_or(alpha),
        holdout: args.holdout,
    };
    let report = supervised::fit_planned(nets, data, also, plan, state.seed, |pass| {
        if let Some(error) = pass.held_out {
            eprintln!(
                "pass {} of {}, alpha {:.5}: held-out error {error:.5}",
                pass.epoch, plan.epochs, pass.alpha
            );
        }
    });
    state.games += games;
    state.seconds += started.elapsed().as_secs_f64();
    nets.state = Some(*state);
    save(checkpoint, nets)?;
    Ok(fit_words(&plan, &report))
}

/// A planned fit in words: "(E epochs, alpha A[ falling to F]): error B -> C[; held out
/// N positions: error X -> Y, the nets of pass K kept]".
fn fit_words(plan: &supervised::FitPlan, report: &supervised::FitReport) -> String {
    let falling = if plan.final_alpha == plan.alpha {
        String::new()
    } else {
        format!(" falling to {}", plan.final_alpha)
    };
    let mut words = format!(
        "({} epochs, alpha {}{falling}): error {:.4} -> {:.4}",
        plan.epochs, plan.alpha, report.before, report.after
    );
    if let Some(held) = &report.held_out {
        let kept = match held.best_epoch {
            0 => "no pass bettered the nets as they were, kept".to_owned(),
            e => format!("the nets of pass {e} kept"),
        };
        words.push_str(&format!(
            "; held out {} positions: error {:.5} -> {:.5}, {kept}",
            held.positions,
            held.before,
            held.best()
        ));
    } else if plan.holdout > 0.0 {
        words.push_str("; held out no position (too few)");
    }
    words
}

/// `train --resume --distill FILE`: the checkpoint's nets fitted to the teacher's values of
/// every contact play of one roll in each of `--distill-positions` positions from the
/// teacher's self-play, then a check against pubeval; returns a last line.
fn distill_round(
    args: &TrainArgs,
    checkpoint: &Path,
    log: &Path,
    teacher: &Path,
) -> Result<String, TrainError> {
    let (mut nets, mut state) = read_checkpoint(checkpoint, Variant::Backgammon)?;
    let teacher = read_nets_file(teacher, Variant::Backgammon, "--distill")?;
    let alpha = args.alpha.unwrap_or(SUPERVISED_ALPHA);
    let count = usize::try_from(args.distill_positions).unwrap_or(usize::MAX);
    let started = Instant::now();
    let (positions, games) =
        supervised::sample_positions(&teacher, state.seed, state.games, count, SUPERVISED_SPREAD);
    let data = supervised::play_examples(
        &teacher,
        &positions,
        self_play::mix(state.seed ^ state.games),
    );
    let valued = started.elapsed().as_secs_f64();
    let fitted = fit_and_save(
        args,
        checkpoint,
        &mut nets,
        &mut state,
        Round::of(&data, games, alpha, started),
    )?;
    let line = format!(
        "distillation round at games {}: {} plays of {count} positions valued by the teacher in {valued:.0} s, fitted in {:.0} s {fitted}",
        state.games,
        data.len(),
        started.elapsed().as_secs_f64() - valued,
    );
    round_done(args, &nets, checkpoint, log, line)
}

/// `train --resume --supervised-db FILE`: the nets of `--rules` fitted to the positions of
/// rollout databases of that rule set (their chances clamped to 0-1), then a check against
/// pubeval (greedy in the Tavli games); returns a last line.
fn database_round(
    args: &TrainArgs,
    checkpoint: &Path,
    log: &Path,
    dbs: &[PathBuf],
) -> Result<String, TrainError> {
    let (mut nets, mut state) = read_checkpoint(checkpoint, args.rule_set)?;
    let alpha = args.alpha.unwrap_or(SUPERVISED_ALPHA);
    let started = Instant::now();
    let mut data = Vec::new();
    let mut decisions: Vec<Vec<Example>> = Vec::new();
    for db in dbs {
        let (theirs, entries) = crate::rollout_db::read_shard(db)?;
        if args.pair_weight.is_some() {
            for decision in entries.chunk_by(|a, b| a.index == b.index) {
                if decision.len() >= 2 {
                    decisions.push(decision.iter().map(|e| (e.position, e.probs())).collect());
                }
            }
        }
        if theirs != args.rule_set {
            return Err(TrainError::OtherRuleSet {
                path: db.clone(),
                theirs,
                wanted: args.rule_set,
            });
        }
        data.extend(
            entries
                .iter()
                .filter(|e| !args.races_only || e.position.is_race())
                .filter(|e| !args.contact_only || !e.position.is_race())
                .map(|e| (e.position, e.probs())),
        );
    }
    let db = dbs
        .iter()
        .map(|db| db.display().to_string())
        .collect::<Vec<_>>()
        .join(" + ");
    if data.is_empty() {
        return Err(TrainError::EmptyDatabase(PathBuf::from(db)));
    }
    let races = if args.races_only {
        " (races only)"
    } else if args.contact_only {
        " (contact only)"
    } else {
        ""
    };
    if let Some(weight) = args.pair_weight {
        let line = pair_round(args, &mut nets, &mut state, &decisions, weight, alpha)?;
        save(checkpoint, &nets)?;
        let line = format!(
            "pair round on {db}: {line}, fitted in {:.0} s",
            started.elapsed().as_secs_f64()
        );
        return round_done(args, &nets, checkpoint, log, line);
    }
    let (also, games, also_words) = match args.with_look_ahead {
        Some(count) => {
            let (also, games) = look_ahead_examples(args, &nets, &state, count);
            let words = format!(
                " and {} plays' positions valued by the nets' 1-ply",
                also.len()
            );
            (also, games, words)
        }
        None => (Vec::new(), 0, String::new()),
    };
    let fitted = fit_and_save(
        args,
        checkpoint,
        &mut nets,
        &mut state,
        Round::of(&data, games, alpha, started).beside(&also),
    )?;
    let line = format!(
        "supervised round at games {} on the rollout database {}: {} positions{races}{also_words}, fitted in {:.0} s {fitted}",
        state.games,
        db,
        data.len(),
        started.elapsed().as_secs_f64(),
    );
    round_done(args, &nets, checkpoint, log, line)
}

/// `--pair-weight W`: the nets fitted to the ranking of the decisions' lines
/// ([`supervised::fit_pairs`]), each pass's figures on standard error; returns the round's
/// words for the log (the nets are the caller's to save).
fn pair_round(
    args: &TrainArgs,
    nets: &mut Nets,
    state: &mut TrainState,
    decisions: &[Vec<Example>],
    weight: f32,
    alpha: f32,
) -> Result<String, TrainError> {
    let started = Instant::now();
    let plan = supervised::FitPlan {
        epochs: args.epochs,
        alpha,
        final_alpha: args.alpha_end.unwrap_or(alpha),
        holdout: 0.0,
    };
    let mut last = None;
    let fitted = supervised::fit_pairs(
        nets,
        decisions,
        plan,
        args.value_weight,
        weight,
        state.seed,
        |pass| {
            eprintln!(
                "pass {} of {}: centred error {:.6}, the rollouts' best chosen in {:.1}%",
                pass.epoch,
                plan.epochs,
                pass.centred_error,
                100.0 * pass.agree
            );
            last = Some(pass);
        },
    );
    if fitted == 0 {
        return Err(TrainError::NoDecisions);
    }
    state.seconds += started.elapsed().as_secs_f64();
    nets.state = Some(*state);
    let last = last.map_or_else(String::new, |p| {
        format!(
            ": the last pass began at centred error {:.6}, the rollouts' best chosen in {:.1}%",
            p.centred_error,
            100.0 * p.agree
        )
    });
    Ok(format!(
        "{fitted} decisions, pair weight {weight}, value weight {} ({} epochs, alpha {alpha} falling to {}){last}",
        args.value_weight, plan.epochs, plan.final_alpha
    ))
}

/// `--with-look-ahead N`: every contact play's position of one roll in `count` positions
/// of the nets' self-play (the run's next games), valued by the nets' 1-ply look-ahead on
/// `--threads`; returns them and the games played.
fn look_ahead_examples(
    args: &TrainArgs,
    nets: &Nets,
    state: &TrainState,
    count: u64,
) -> (Vec<Example>, u64) {
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    let threads = usize::try_from(args.threads).unwrap_or(1);
    let (positions, games) =
        supervised::sample_positions(nets, state.seed, state.games, count, SUPERVISED_SPREAD);
    let plays = supervised::play_positions(&positions, self_play::mix(state.seed ^ state.games));
    eprintln!(
        "{} plays' positions of {} self-play positions to value at 1-ply",
        plays.len(),
        positions.len()
    );
    let bar = progress_bar(
        plays.len() as u64,
        "{bar:40} {pos}/{len} positions valued  {per_sec}  {elapsed} elapsed, {eta} left",
    );
    let targets = supervised::look_ahead_all(nets, &plays, 1, threads, |n| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    (plays.into_iter().zip(targets).collect(), games)
}

/// `train --resume --supervised N`: one supervised round on the checkpoint (see
/// [`supervised`]), then a check against pubeval; returns a last line.
fn supervised_round(
    args: &TrainArgs,
    checkpoint: &Path,
    log: &Path,
    count: u64,
) -> Result<String, TrainError> {
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    let threads = usize::try_from(args.threads).unwrap_or(1);
    let (mut nets, mut state) = read_checkpoint(checkpoint, args.rule_set)?;
    let alpha = args.alpha.unwrap_or(SUPERVISED_ALPHA);
    let started = Instant::now();
    let (mut positions, games) =
        supervised::sample_positions(&nets, state.seed, state.games, count, SUPERVISED_SPREAD);
    let sampled = positions.len();
    if args.every_play {
        positions =
            supervised::play_positions(&positions, self_play::mix(state.seed ^ state.games));
    }
    let count = positions.len();
    let targets_are = match args.target_ply {
        Some(ply) => format!("valued by the nets' {ply}-ply look-ahead"),
        None => format!("{} trials of {} turns", args.trials, args.horizon),
    };
    let examples_are = if args.every_play {
        format!("{count} plays' positions of {sampled} positions")
    } else {
        format!("{count} positions")
    };
    eprintln!(
        "supervised round at game {}: {examples_are} from {games} self-play games, {targets_are}, {threads} thread(s)",
        state.games
    );
    let bar = progress_bar(
        count as u64,
        "{bar:40} {pos}/{len} positions valued  {per_sec}  {elapsed} elapsed, {eta} left",
    );
    let progress = |n: usize| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
        }
    };
    let targets = match args.target_ply {
        Some(ply) => supervised::look_ahead_all(&nets, &positions, ply, threads, progress),
        None => supervised::rollout_all(
            &nets,
            &positions,
            args.trials,
            args.horizon,
            self_play::mix(state.seed ^ state.games),
            threads,
            progress,
        ),
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let rolled = started.elapsed().as_secs_f64();
    let data: Vec<_> = positions.into_iter().zip(targets).collect();
    let fitted = fit_and_save(
        args,
        checkpoint,
        &mut nets,
        &mut state,
        Round::of(&data, games, alpha, started),
    )?;
    let line = format!(
        "supervised round at games {}: {examples_are}, {targets_are}, valued in {rolled:.0} s, fitted in {:.0} s {fitted}",
        state.games,
        started.elapsed().as_secs_f64() - rolled,
    );
    round_done(args, &nets, checkpoint, log, line)
}
