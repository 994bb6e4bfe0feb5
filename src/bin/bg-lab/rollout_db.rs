//! `bg-lab rollout-db`: a database of positions rolled out by the expert, grown a position at
//! a time and resumable, for supervised rounds on rollouts (`bg-lab train --resume
//! --supervised-db FILE`) and for judging nets (`bg-lab eval-db`).
//!
//! The positions are drawn from self-play games of the nets at 0-ply (`--seed`: game `g`
//! plays the dice of the training's `game_seed(seed, g)`, each position taken with a chance of
//! one in `--spread`, one turn in `--explore` playing one of the near-best plays, the races
//! the bear-off database knows exactly left out), so that the same nets, seed, spread and
//! exploration always give the same positions in the same order. Each is rolled out from its
//! player's roll (by default whole games at 0-ply, 1,296 trials with the first two rolls
//! stratified, no variance reduction, as GNU Backgammon's and wildbg's databases were made),
//! position `i` on the dice of seed `mix(seed ^ i)`, the same on any number of threads.
//!
//! The database is a shard of compact lines ([`format`](mod@format)), one position a line,
//! appended and flushed as each rollout ends; a run takes a lock on the file, skips the
//! positions already in it and goes on to `--positions`. A short line cut off by a killed run is dropped when
//! the next run starts; a file that is not a database (no first line of one, a line that is
//! not an entry, not a regular file, too large) is refused and left as it is. The first line
//! records what made the shard, and a run refuses a shard made otherwise.
//!
//! `--rules` grows a shard of another rule set with nets of its own (Jacquet, Plakoto,
//! Fevga): its nets' self-play draws the positions and its expert rolls them out, as in
//! backgammon; the first line says `rules=...`, and Plakoto's and Fevga's lines hold board
//! tokens ([`token`]) where backgammon's hold Position IDs. `--kinds` takes the rule set's
//! kinds ([`Kind::of_rule_set`]: no crashed positions in Plakoto and Fevga).
//!
//! `--opponent pubeval` draws the positions from games of the nets against pubeval (it
//! plays one side of each game; backgammon only), a weaker player's positions the nets' own
//! games seldom reach; the first line says `opponent=pubeval`.
//!
//! `--decisions` rolls out decisions, so that a fit sees how a roll's close plays compare
//! (the nets rank a roll's plays by the positions after them, most of which no self-play
//! game reaches): each drawn position gets a roll from its own seed, the default 2-ply and
//! the 0-ply rank its plays, and the positions after the competing ones are rolled out
//! together on the same dice (their differences then carry less noise than their values),
//! each written as a line for its player on roll, under the drawn position's index.

pub(crate) mod format;
pub(crate) mod token;

use crate::eval_db::Kind;
use bg_tui::bot::BotError;
use bg_tui::bot::expert::rollouts::{self, Line, RolloutError, RolloutSettings};
use bg_tui::bot::expert::supervised::{self, Opponent};
use bg_tui::bot::expert::train::mix;
use bg_tui::bot::expert::{ExpertBot, Nets, nets_from_file, shipped_nets_for};
use bg_tui::engine::{Dice, Position, Variant};
use clap::Args;
use format::{Database, Made, entry_line, nets_name, nets_rule_set, position_text};
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Mixed into a position's seed for its screen, so that the screen's dice are not its
/// rollout's.
const SCREEN_SALT: u64 = 0x5C8E_E9ED;

/// The most positions a database may be asked to hold.
const MAX_POSITIONS: usize = 10_000_000;

/// `bg-lab rollout-db`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct RolloutDbArgs {
    /// The rule set of the positions, with nets of its own: backgammon, jacquet, plakoto or
    /// fevga (its nets' self-play draws them, its expert rolls them out).
    #[arg(long = "rules", value_name = "RULES", default_value = "backgammon", value_parser = nets_rule_set)]
    pub(crate) rules: Variant,
    /// The shard: created, or grown where an earlier run stopped.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: PathBuf,
    /// Grow the shard to this many positions (1 to 10,000,000; about 10,000 a shard).
    #[arg(long, value_name = "N")]
    pub(crate) positions: usize,
    /// Trials of each rollout (a multiple of 1,296 stratifies the first two rolls).
    #[arg(long, default_value_t = 1296)]
    pub(crate) trials: u32,
    /// Stop each trial after this many turns and value it by the nets (default: play every
    /// trial to the end).
    #[arg(long, value_name = "TURNS")]
    pub(crate) truncate: Option<u32>,
    /// The look-ahead of both sides in the trials (0 or 1).
    #[arg(long, default_value_t = 0)]
    pub(crate) ply: u8,
    /// Subtract each roll's luck from the trials (variance reduction; the outcomes are then
    /// chances, not counts).
    #[arg(long)]
    pub(crate) variance_reduction: bool,
    /// The seed of the self-play games the positions come from, and of the rollouts' dice.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Take each self-play position with a chance of one in this many (1 to 1,000).
    #[arg(long, default_value_t = 8)]
    pub(crate) spread: u32,
    /// One self-play turn in this many plays one of the near-best plays (0: never; at most
    /// 1,000).
    #[arg(long, default_value_t = 4)]
    pub(crate) explore: u32,
    /// Threads of each rollout (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub(crate) threads: usize,
    /// The nets that draw and roll out the positions (a `.bgnet` file of the rule set's;
    /// default the rule set's shipped nets).
    #[arg(long, value_name = "FILE")]
    pub(crate) nets: Option<PathBuf>,
    /// Roll out only positions of these kinds, comma-separated: contact, crashed (not in
    /// Plakoto and Fevga), borne-off (contact where a side has borne off), race (default:
    /// every kind).
    #[arg(long, value_name = "KINDS")]
    pub(crate) kinds: Option<String>,
    /// Screen each position first by a short rollout (216 trials, 8 turns, variance
    /// reduction) and roll out only those where it is at least this far from the nets'
    /// cubeless equity (0 to 2 points, three decimals at most): the positions the nets
    /// misjudge most. The screen's own noise is about 0.005; 0.05 keeps about a third of
    /// the positions, holding about 84% of the nets' squared error (the training notebook).
    #[arg(long, value_name = "EQUITY")]
    pub(crate) screen: Option<String>,
    /// Roll out decisions rather than positions: each drawn position gets a roll of its own
    /// (from the seed), and the positions after its competing plays are rolled out on the
    /// same dice, a line each (several lines to an index, the player on roll the one who did
    /// not play): the best 3 plays the default 2-ply judges deepest within 0.08 of its best,
    /// and the 0-ply's choice. A position with fewer than two, or whose plays the 2-ply
    /// values alike (within 0.001) with the 0-ply's choice among them, is noted as screened
    /// out.
    #[arg(long, conflicts_with = "screen")]
    pub(crate) decisions: bool,
    /// Who plays against the nets in the games the positions are drawn from: `nets`
    /// (self-play) or `pubeval` (one side of each game; backgammon only).
    #[arg(long, value_name = "WHO", default_value = "nets", value_parser = format::opponent_of)]
    pub(crate) opponent: Opponent,
    /// With `--decisions`: the 0-ply choice of these nets (a `.bgnet` file of the rule
    /// set's) is rolled out with the competing plays too, so that the decisions judge
    /// (`eval-db`) sees what those nets play, not only the plays the shipped nets' list
    /// holds.
    #[arg(long, value_name = "FILE", requires = "decisions")]
    pub(crate) also_nets: Option<PathBuf>,
}

/// Mixed into a position's seed for its decision's roll (`--decisions`).
const DECISION_SALT: u64 = 0xDEC1_5105;
/// How far below the 2-ply's best a play it judged deepest may be and still compete
/// (`--decisions`), in points of cubeless equity.
const DECISION_WINDOW: f32 = 0.08;
/// The most plays of the 2-ply's list a decision rolls out (with the 0-ply's choice).
const DECISION_MOST: usize = 3;
/// Plays the 2-ply values within this much of each other are alike (`--decisions`).
const DECISION_SAME: f32 = 0.001;
/// The look-ahead that picks a decision's competing plays (the default level's).
const DECISION_PLY: u8 = 2;

/// The screen's short rollout (`--screen`): trials (a multiple of 36 stratifies the first
/// roll) and turns before the nets value a trial.
const SCREEN_TRIALS: u32 = 216;
/// See [`SCREEN_TRIALS`].
const SCREEN_TURNS: u32 = 8;

/// What stops `rollout-db`.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RolloutDbError {
    /// `--positions`, `--spread` or `--explore` out of range.
    #[error("{0}")]
    Range(String),
    /// The nets could not be read.
    #[error("nets: {0}")]
    Nets(#[from] BotError),
    /// The nets file holds another rule set's nets than `--rules` names.
    #[error("--nets: {path} holds {theirs}'s nets, not {wanted}'s (--rules)")]
    OtherRuleSet {
        /// The nets file.
        path: String,
        /// Its nets' rule set.
        theirs: Variant,
        /// `--rules`.
        wanted: Variant,
    },
    /// The rollout's settings are out of range.
    #[error("rollout: {0}")]
    Rollout(#[from] RolloutError),
    /// The database could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The database.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Another run is growing the database.
    #[error("{0}: another run is growing this database (its lock is held)")]
    Busy(String),
    /// The file is not a regular file.
    #[error("{0}: not a regular file: a rollout database is one")]
    NotRegular(String),
    /// The file is not a rollout database, a line of it is not an entry, or it was made
    /// otherwise.
    #[error("{path}, line {line}: {why}")]
    Line {
        /// The database.
        path: String,
        /// The line (from 1).
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The database could not be read (a whole-file reason).
    #[error("{0}")]
    Read(String),
}

fn io(path: &Path, source: std::io::Error) -> RolloutDbError {
    RolloutDbError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// The positions and chances of the database at `path` (a shard, or the JSON lines of the
/// first database): for training and judging nets.
#[cfg(test)]
pub(crate) fn read_db(path: &Path) -> Result<Vec<format::Entry>, RolloutDbError> {
    read_shard(path).map(|(_, entries)| entries)
}

/// The rule set (backgammon for the first database's JSON lines) and the positions and
/// chances of the database at `path` (a shard, or the JSON lines of the first database):
/// for training nets.
pub(crate) fn read_shard(path: &Path) -> Result<(Variant, Vec<format::Entry>), RolloutDbError> {
    format::read_file(path)
        .map(|db| {
            let variant = db.made.as_ref().map_or(Variant::Backgammon, |m| m.variant);
            (variant, db.entries)
        })
        .map_err(RolloutDbError::Read)
}

/// The nets `args` ask for (`--nets`, or the shipped nets of `--rules`) and their name in a
/// shard's first line.
fn nets_of(args: &RolloutDbArgs) -> Result<(Arc<Nets>, String), RolloutDbError> {
    let Some(path) = &args.nets else {
        return Ok((shipped_nets_for(args.rules)?, "shipped".to_string()));
    };
    nets_file(path, args.rules)
}

/// The nets of the file at `path`, which must be `rules`' own, and their name for a first
/// line.
fn nets_file(path: &Path, rules: Variant) -> Result<(Arc<Nets>, String), RolloutDbError> {
    let nets = nets_from_file(path)?;
    if nets.variant != rules {
        return Err(RolloutDbError::OtherRuleSet {
            path: bg_tui::printable::printable(&path.display().to_string(), 200),
            theirs: nets.variant,
            wanted: rules,
        });
    }
    let name = nets_name(&path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    ));
    Ok((nets, name))
}

/// `bg-lab rollout-db`: grows the database to `--positions`; returns a last line.
pub(crate) fn rollout_db(args: &RolloutDbArgs) -> Result<String, RolloutDbError> {
    if args.positions == 0 || args.positions > MAX_POSITIONS {
        return Err(RolloutDbError::Range(format!(
            "--positions: 1 to {MAX_POSITIONS}, not {}",
            args.positions
        )));
    }
    if !(1..=1000).contains(&args.spread) {
        return Err(RolloutDbError::Range(format!(
            "--spread: 1 to 1000, not {}",
            args.spread
        )));
    }
    if args.explore > 1000 {
        return Err(RolloutDbError::Range(format!(
            "--explore: 0 to 1000, not {}",
            args.explore
        )));
    }
    if args.opponent != Opponent::Nets && args.rules != Variant::Backgammon {
        return Err(RolloutDbError::Range(format!(
            "--opponent {}: backgammon only, not {}",
            format::opponent_name(args.opponent),
            args.rules.name()
        )));
    }
    let (nets, nets_label) = nets_of(args)?;
    let also = match &args.also_nets {
        Some(path) => Some(nets_file(path, args.rules)?),
        None => None,
    };
    let (kinds, screen) = choice(args)?;
    let made = Made {
        variant: args.rules,
        kinds: kinds.as_deref().map(format::kinds_key),
        screen,
        seed: args.seed,
        spread: args.spread,
        explore: args.explore,
        trials: args.trials,
        truncate: args.truncate,
        ply: args.ply,
        variance_reduction: args.variance_reduction,
        nets: nets_label,
        decisions: args.decisions,
        opponent: args.opponent,
        also_nets: also.as_ref().map(|(_, name)| name.clone()),
    };
    let settings = RolloutSettings {
        trials: args.trials,
        truncate: args.truncate,
        ply: args.ply,
        seed: args.seed,
        threads: args.threads,
        std_err: None,
        variance_reduction: args.variance_reduction,
        prune: false,
    };
    let path = &args.out;
    let (mut file, db) = open_shard(path)?;
    let mut done = vec![false; args.positions];
    match &db.made {
        Some(theirs) if *theirs != made => {
            return Err(RolloutDbError::Line {
                path: path.display().to_string(),
                line: 1,
                why: format!("made otherwise: {}", theirs.differences(&made)),
            });
        }
        Some(_) => {}
        None if db.whole == 0 => {
            file.write_all(format!("{}\n", made.header()).as_bytes())
                .map_err(|e| io(path, e))?;
        }
        None => {
            return Err(RolloutDbError::Line {
                path: path.display().to_string(),
                line: 1,
                why: "a database of version 1 (JSON lines): grow a new shard".to_string(),
            });
        }
    }
    for index in db.entries.iter().map(|e| e.index).chain(db.screened_out) {
        if let Some(d) = done.get_mut(index) {
            *d = true;
        }
    }
    let missing = done.iter().filter(|&&d| !d).count();
    if missing == 0 {
        return Ok(format!(
            "{}: {} positions already, nothing to do\n",
            path.display(),
            db.entries.len()
        ));
    }
    let keep = Keep {
        kinds,
        screen: screen.map(|t| f64::from(t) / 1000.0),
        also_nets: also.map(|(nets, _)| nets),
    };
    grow(&nets, &made, &settings, &keep, &done, &mut file, path)
}

/// The kinds (`--kinds`) and the screen's margin in thousandths (`--screen`) `args` ask
/// for.
fn choice(args: &RolloutDbArgs) -> Result<(Option<Vec<Kind>>, Option<u32>), RolloutDbError> {
    let kinds = match &args.kinds {
        Some(list) => Some(
            Kind::parse_list(args.rules, list)
                .map_err(|why| RolloutDbError::Range(format!("--kinds: {why}")))?,
        ),
        None => None,
    };
    let screen = match &args.screen {
        Some(text) => Some(format::thousandths(text).ok_or_else(|| {
            RolloutDbError::Range(format!(
                "--screen: an equity from 0 to 2 with three decimals at most, not \"{}\"",
                bg_tui::printable::printable(text, 40)
            ))
        })?),
        None => None,
    };
    Ok((kinds, screen))
}

/// Which drawn positions are rolled out: those of `kinds` (all: `None`), and where a
/// `screen` is set, those a short rollout puts at least that far from the nets; and, of a
/// decision, which plays: with `also_nets`, those nets' 0-ply choice too.
struct Keep {
    kinds: Option<Vec<Kind>>,
    screen: Option<f64>,
    also_nets: Option<Arc<Nets>>,
}

/// A shard open for growing, its lock held until it is dropped, then let go explicitly: a
/// child process started meanwhile (which holds the open file until it runs its program)
/// cannot keep it locked after this run has ended (a run right after it found the shard
/// busy, once, in the tests).
struct LockedShard(std::fs::File);

impl Drop for LockedShard {
    fn drop(&mut self) {
        // Nothing to do about a failure: the lock goes with the last copy of the file.
        let _ = self.0.unlock();
    }
}

impl std::ops::Deref for LockedShard {
    type Target = std::fs::File;

    fn deref(&self) -> &std::fs::File {
        &self.0
    }
}

impl std::ops::DerefMut for LockedShard {
    fn deref_mut(&mut self) -> &mut std::fs::File {
        &mut self.0
    }
}

/// Opens the shard at `path` for growing (created if there is none): a regular file only,
/// locked; reads it and cuts a torn last line away. A file that is not a database is left
/// as it is.
fn open_shard(path: &Path) -> Result<(LockedShard, Database), RolloutDbError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, bg_tui::regular_file::O_NONBLOCK);
    let file = options.open(path).map_err(|e| io(path, e))?;
    let meta = file.metadata().map_err(|e| io(path, e))?;
    if !meta.is_file() {
        return Err(RolloutDbError::NotRegular(path.display().to_string()));
    }
    if meta.len() > format::MAX_DB_BYTES {
        return Err(RolloutDbError::Read(format!(
            "{}: larger than {} bytes: not a rollout database",
            path.display(),
            format::MAX_DB_BYTES
        )));
    }
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(RolloutDbError::Busy(path.display().to_string()));
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(path, e)),
    }
    let mut file = LockedShard(file);
    file.rewind().map_err(|e| io(path, e))?;
    let db = format::read_database(&*file).map_err(|b| RolloutDbError::Line {
        path: path.display().to_string(),
        line: b.line,
        why: b.why,
    })?;
    if db.torn {
        // A line cut short by a killed run goes.
        file.set_len(db.whole).map_err(|e| io(path, e))?;
    }
    Ok((file, db))
}

/// Rolls out every position of the sampling not `done`, appending each as it ends.
fn grow(
    nets: &Arc<Nets>,
    made: &Made,
    settings: &RolloutSettings,
    keep: &Keep,
    done: &[bool],
    file: &mut std::fs::File,
    path: &Path,
) -> Result<String, RolloutDbError> {
    let started = Instant::now();
    let count = done.len();
    let (positions, games) = supervised::sample_positions_against(
        nets,
        made.seed,
        0,
        count,
        made.spread,
        made.explore,
        made.opponent,
    );
    let missing = done.iter().filter(|&&d| !d).count();
    eprintln!(
        "{}: {missing} positions to roll out ({} trials each) of {count} drawn from {games} {}",
        path.display(),
        made.trials,
        match made.opponent {
            Opponent::Nets => "self-play games",
            Opponent::Pubeval => "games against pubeval",
        }
    );
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    file.write_all(format!("# run started at {since} (Unix time), {missing} to go\n").as_bytes())
        .map_err(|e| io(path, e))?;
    let bot = ExpertBot::new(Arc::clone(nets), made.ply);
    let mut judge = ExpertBot::new(Arc::clone(nets), 0);
    let mut ranker = ExpertBot::new(Arc::clone(nets), DECISION_PLY);
    let mut also_judge = keep
        .also_nets
        .as_ref()
        .map(|also| ExpertBot::new(Arc::clone(also), 0));
    let mut added = 0usize;
    let mut screened_out = 0usize;
    for (index, position) in positions.iter().enumerate() {
        if done[index]
            || keep
                .kinds
                .as_ref()
                .is_some_and(|k| !k.contains(&Kind::of(made.variant, position)))
        {
            continue;
        }
        if let Some(margin) = keep.screen
            && screen_distance(&mut judge, made, settings, index, position)? < margin
        {
            let mut text = format::screened_out_line(index);
            text.push('\n');
            file.write_all(text.as_bytes()).map_err(|e| io(path, e))?;
            screened_out += 1;
            continue;
        }
        let s = RolloutSettings {
            seed: mix(made.seed ^ mix(index as u64)),
            ..*settings
        };
        if made.decisions {
            let Some(dice) = decision_dice(made.seed, index) else {
                continue;
            };
            let judges = std::iter::once(&mut judge).chain(also_judge.as_mut());
            let competing = competing_plays(&mut ranker, judges, made.variant, position, dice);
            let text = if competing.len() < 2 {
                screened_out += 1;
                format::screened_out_line(index) + "\n"
            } else {
                added += competing.len();
                decision_lines(&bot, made, &s, index, &competing)?
            };
            file.write_all(text.as_bytes()).map_err(|e| io(path, e))?;
            file.flush().map_err(|e| io(path, e))?;
            continue;
        }
        let Some(chances) = rolled_out(&bot, made, &s, position)? else {
            continue;
        };
        let mut text = entry_line(
            made,
            index,
            &position_text(made.variant, position),
            &chances,
        );
        text.push('\n');
        file.write_all(text.as_bytes()).map_err(|e| io(path, e))?;
        file.flush().map_err(|e| io(path, e))?;
        added += 1;
    }
    file.sync_all().map_err(|e| io(path, e))?;
    let screened = if keep.screen.is_some() || made.decisions {
        format!(" ({screened_out} screened out)")
    } else {
        String::new()
    };
    Ok(format!(
        "{}: {added} positions rolled out{screened} in {:.0} s\n",
        path.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// The chances of `position`'s player on roll rolled out by `bot` with `settings` (`None`
/// when the rollout gave no line).
fn rolled_out(
    bot: &ExpertBot,
    made: &Made,
    settings: &RolloutSettings,
    position: &bg_tui::engine::Position,
) -> Result<Option<[f64; 5]>, RolloutDbError> {
    let result = rollouts::rollout(
        bot,
        made.variant,
        &[Line::OnRoll(*position)],
        settings,
        |_| true,
    )?;
    Ok(result.lines.first().map(|l| l.chances))
}

/// The roll of drawn position `index`'s decision (`--decisions`): two dice from a seed of
/// its own.
fn decision_dice(seed: u64, index: usize) -> Option<Dice> {
    let x = mix(seed ^ mix(index as u64) ^ DECISION_SALT);
    Dice::new((x % 6) as u8 + 1, ((x / 6) % 6) as u8 + 1).ok()
}

/// The positions after the competing plays of `position`'s decision on `dice`, each as the
/// player who played sees it: the best [`DECISION_MOST`] that `ranker` (the default 2-ply)
/// judges deepest within [`DECISION_WINDOW`] of its best, then each of `judges`' (0-ply)
/// choice if it is not among them; none when those the 2-ply judged are alike
/// ([`DECISION_SAME`]) and the choices are among them. A play that ends the game is left
/// out.
fn competing_plays<'a>(
    ranker: &mut ExpertBot,
    judges: impl Iterator<Item = &'a mut ExpertBot>,
    variant: Variant,
    position: &Position,
    dice: Dice,
) -> Vec<Position> {
    let plays = variant.legal_plays(position, dice);
    if plays.len() < 2 {
        return Vec::new();
    }
    let ranked = ranker.rank(&plays);
    let Some(deepest) = ranked.first().map(|r| r.ply) else {
        return Vec::new();
    };
    let judged_deepest = ranked.iter().take_while(|r| r.ply == deepest);
    let best = judged_deepest
        .clone()
        .map(|r| r.cubeless)
        .fold(f32::NEG_INFINITY, f32::max);
    let close: Vec<_> = judged_deepest
        .filter(|r| r.cubeless >= best - DECISION_WINDOW)
        .take(DECISION_MOST)
        .collect();
    let mut competing: Vec<Position> = close.iter().map(|r| *r.play.position()).collect();
    let mut added = false;
    for judge in judges {
        if let Some(choice) = judge.rank_all(&plays).first()
            && !competing.contains(choice.play.position())
        {
            competing.push(*choice.play.position());
            added = true;
        }
    }
    if !added && close.iter().all(|r| best - r.cubeless < DECISION_SAME) {
        // Plays the look-ahead values alike (a gammon won whatever is played) that the
        // 0-ply choice is among decide nothing.
        return Vec::new();
    }
    competing.retain(|after| !format::is_over(variant, &after.switched()));
    competing
}

/// The lines of a decision's `competing` positions (each as the player who played sees
/// it), rolled out together on the same dice: each written as its opponent, on roll, sees
/// it, with the chances turned to that player's.
fn decision_lines(
    bot: &ExpertBot,
    made: &Made,
    settings: &RolloutSettings,
    index: usize,
    competing: &[Position],
) -> Result<String, RolloutDbError> {
    let lines: Vec<Line> = competing.iter().map(|p| Line::Played(*p)).collect();
    let result = rollouts::rollout(bot, made.variant, &lines, settings, |_| true)?;
    let mut text = String::new();
    for (after, line) in competing.iter().zip(&result.lines) {
        let [w, wg, wbg, lg, lbg] = line.chances;
        let on_roll = after.switched();
        text.push_str(&entry_line(
            made,
            index,
            &position_text(made.variant, &on_roll),
            &[1.0 - w, lg, lbg, wg, wbg],
        ));
        text.push('\n');
    }
    Ok(text)
}

/// How far the screen's short rollout of drawn position `index` (`--screen`: 216 trials, 8
/// turns, variance reduction, dice of its own) puts its cubeless equity from the nets'
/// 0-ply one.
fn screen_distance(
    judge: &mut ExpertBot,
    made: &Made,
    settings: &RolloutSettings,
    index: usize,
    position: &bg_tui::engine::Position,
) -> Result<f64, RolloutDbError> {
    let s = RolloutSettings {
        trials: SCREEN_TRIALS,
        truncate: Some(SCREEN_TURNS),
        ply: 0,
        variance_reduction: true,
        seed: mix(made.seed ^ mix(index as u64) ^ SCREEN_SALT),
        ..*settings
    };
    let nets_equity = format::equity(&judge.chances(position).map(f64::from));
    Ok(
        rolled_out(judge, made, &s, position)?.map_or(0.0, |chances| {
            (format::equity(&chances) - nets_equity).abs()
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::bot::expert::Chances;

    fn args(out: PathBuf, positions: usize) -> RolloutDbArgs {
        RolloutDbArgs {
            rules: Variant::Backgammon,
            out,
            positions,
            trials: 36,
            truncate: Some(2),
            ply: 0,
            variance_reduction: false,
            seed: 5,
            spread: 8,
            explore: 4,
            threads: 1,
            nets: None,
            kinds: None,
            screen: None,
            decisions: false,
            opponent: Opponent::Nets,
            also_nets: None,
        }
    }

    #[test]
    fn only_the_kinds_asked_for_are_rolled_out() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        let mut a = args(out.clone(), 40);
        a.kinds = Some("race,borne-off".to_string());
        rollout_db(&a).expect("the races and borne-off contact among forty");
        let kept = read_db(&out).expect("the database");
        let all = dir.path().join("all.txt");
        rollout_db(&args(all.clone(), 40)).expect("forty");
        let every = read_db(&all).expect("the database");
        let wanted: Vec<usize> = every
            .iter()
            .filter(|e| {
                matches!(
                    Kind::of(Variant::Backgammon, &e.position),
                    Kind::Race | Kind::BorneOff
                )
            })
            .map(|e| e.index)
            .collect();
        assert!(
            !wanted.is_empty() && wanted.len() < every.len(),
            "{wanted:?}"
        );
        assert_eq!(kept.iter().map(|e| e.index).collect::<Vec<_>>(), wanted);
        let header = std::fs::read_to_string(&out).expect("the shard");
        assert!(
            header
                .lines()
                .next()
                .is_some_and(|l| l.ends_with(" kinds=borne-off,race"))
        );
        // An unknown kind is refused before anything is written.
        a.kinds = Some("primes".to_string());
        a.out = dir.path().join("none.txt");
        let e = rollout_db(&a).expect_err("no such kind");
        assert!(
            e.to_string().starts_with("--kinds: \"primes\" is no kind"),
            "{e}"
        );
        assert!(!a.out.exists());
    }

    #[test]
    fn a_screen_keeps_the_positions_the_nets_misjudge_and_notes_the_others() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        let mut a = args(out.clone(), 6);
        // A margin of 0 keeps every position; of 2, none.
        a.screen = Some("0".to_string());
        rollout_db(&a).expect("all six");
        assert_eq!(read_db(&out).expect("the database").len(), 6);
        let none = dir.path().join("none.txt");
        a.out = none.clone();
        a.screen = Some("2".to_string());
        let said = rollout_db(&a).expect("none of six");
        assert!(
            said.contains("0 positions rolled out (6 screened out)"),
            "{said}"
        );
        let db = format::read_file(&none).expect("the database");
        assert!(db.entries.is_empty());
        assert_eq!(db.screened_out, [0, 1, 2, 3, 4, 5]);
        // Going on, the screened-out positions are not screened again.
        let said = rollout_db(&a).expect("nothing left");
        assert!(said.contains("nothing to do"), "{said}");
        a.screen = Some("2.5".to_string());
        assert!(matches!(rollout_db(&a), Err(RolloutDbError::Range(_))));
    }

    /// `--opponent pubeval`: its shard says so, a self-play shard refuses to grow with
    /// it, and another rule set than backgammon is refused.
    #[test]
    fn positions_against_pubeval_make_a_shard_of_their_own() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        let mut a = args(out.clone(), 2);
        a.opponent = Opponent::Pubeval;
        rollout_db(&a).expect("two positions");
        let db = format::read_file(&out).expect("the database");
        assert_eq!(
            db.made.as_ref().map(|m| m.opponent),
            Some(Opponent::Pubeval)
        );
        assert_eq!(db.entries.len(), 2);
        a.opponent = Opponent::Nets;
        let e = rollout_db(&a).expect_err("made otherwise");
        assert!(e.to_string().contains("opponent pubeval, not nets"), "{e}");
        let mut plakoto = args(dir.path().join("p.txt"), 2);
        plakoto.rules = Variant::Plakoto;
        plakoto.opponent = Opponent::Pubeval;
        assert!(matches!(
            rollout_db(&plakoto),
            Err(RolloutDbError::Range(_))
        ));
    }

    /// Decisions: each index's lines are the positions after different legal plays of its
    /// drawn position on its own roll, the opponent on roll, each with that player's
    /// chances: what a rollout of the line's position from its player's roll gives on the
    /// same dice (the played line's trials begin with that player's roll).
    /// `--also-nets`: each decision rolls out those nets' 0-ply choice too (here nets with
    /// a random contact net, whose choices are seldom the shipped nets'), and the first
    /// line names them; the same run without them rolls out fewer plays.
    #[test]
    fn decisions_with_other_nets_roll_out_their_choice_too() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let nets = shipped_nets_for(Variant::Backgammon).expect("the nets");
        let mut seed = 7u32;
        let mut uniform = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let random = bg_tui::bot::expert::Nets {
            variant: Variant::Backgammon,
            contact: bg_tui::bot::expert::net::Net::random(nets.contact.inputs(), 8, &mut uniform),
            race: nets.race.clone(),
            state: None,
        };
        let other = dir.path().join("random.bgnet");
        std::fs::write(&other, bg_tui::bot::expert::format::to_bytes(&random)).expect("written");
        let out = dir.path().join("db.txt");
        let mut a = args(out.clone(), 24);
        a.decisions = true;
        a.also_nets = Some(other.clone());
        rollout_db(&a).expect("24 decisions");
        let db = format::read_file(&out).expect("the database");
        let made = db.made.clone().expect("a shard");
        assert_eq!(made.also_nets.as_deref(), Some("random.bgnet"));
        let mut theirs = ExpertBot::new(nets_from_file(&other).expect("read back"), 0);
        let (drawn, _) = supervised::sample_positions_exploring(&nets, 5, 0, 24, 8, 4);
        let mut decided = 0;
        for (index, position) in drawn.iter().enumerate() {
            let lines: Vec<Position> = db
                .entries
                .iter()
                .filter(|e| e.index == index)
                .map(|e| e.position)
                .collect();
            if lines.is_empty() {
                continue;
            }
            decided += 1;
            let dice = decision_dice(5, index).expect("a roll");
            let plays = Variant::Backgammon.legal_plays(position, dice);
            let choice = theirs
                .rank_all(&plays)
                .first()
                .map(|r| r.play.position().switched());
            // A play that ends the game is no line.
            if let Some(p) = choice.filter(|p| !format::is_over(Variant::Backgammon, p)) {
                assert!(lines.contains(&p), "index {index}: the other nets' choice");
            }
        }
        assert!(decided >= 4, "{decided} decided");
        // A run asked without them refuses the shard, naming the difference.
        a.also_nets = None;
        let e = rollout_db(&a).expect_err("made otherwise");
        assert!(
            e.to_string().contains("also-nets random.bgnet, not none"),
            "{e}"
        );
        // Without them, the same decisions lack some of their choices.
        let alone = dir.path().join("alone.txt");
        a.out = alone.clone();
        rollout_db(&a).expect("the decisions again");
        let alone = format::read_file(&alone).expect("the database");
        let positions = |db: &format::Database| -> Vec<(usize, Position)> {
            db.entries.iter().map(|e| (e.index, e.position)).collect()
        };
        let (with, without) = (positions(&db), positions(&alone));
        assert!(without.iter().all(|line| with.contains(line)));
        assert!(
            with.len() > without.len(),
            "no choice of the other nets added"
        );
    }

    #[test]
    fn decisions_roll_out_the_competing_plays_for_the_player_on_roll() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        // Enough drawn positions that some pass the screen whatever nets ship (the nets of
        // the 150k round screen out all but one of the first eight).
        const DRAWN: usize = 16;
        let mut a = args(out.clone(), DRAWN);
        a.decisions = true;
        let said = rollout_db(&a).expect("sixteen decisions");
        let db = format::read_file(&out).expect("the database");
        let made = db.made.clone().expect("a shard");
        assert!(made.decisions);
        let nets = shipped_nets_for(Variant::Backgammon).expect("the nets");
        let (drawn, _) = supervised::sample_positions_exploring(&nets, 5, 0, DRAWN, 8, 4);
        let mut decided = 0;
        for (index, position) in drawn.iter().enumerate() {
            let lines: Vec<&format::Entry> =
                db.entries.iter().filter(|e| e.index == index).collect();
            if db.screened_out.contains(&index) {
                assert!(lines.is_empty(), "{index}");
                continue;
            }
            assert!(lines.len() >= 2, "index {index}: {} lines", lines.len());
            decided += 1;
            let dice = decision_dice(5, index).expect("a roll");
            let after: Vec<Position> = Variant::Backgammon
                .legal_plays(position, dice)
                .iter()
                .map(|p| p.position().switched())
                .collect();
            for (n, e) in lines.iter().enumerate() {
                assert!(
                    after.contains(&e.position),
                    "index {index}: {}",
                    e.position_id
                );
                assert!(lines[..n].iter().all(|o| o.position != e.position));
                let s = RolloutSettings {
                    seed: mix(5 ^ mix(index as u64)),
                    trials: 36,
                    truncate: Some(2),
                    ply: 0,
                    threads: 1,
                    std_err: None,
                    variance_reduction: false,
                    prune: false,
                };
                let bot = ExpertBot::new(Arc::clone(&nets), 0);
                let own = rolled_out(&bot, &made, &s, &e.position)
                    .expect("a rollout")
                    .expect("a line");
                // Truncated, the shard writes chances to four places.
                for (mine, theirs) in e.chances.iter().zip(own) {
                    assert!(
                        (mine - theirs).abs() <= 5e-5,
                        "{:?} against {own:?}",
                        e.chances
                    );
                }
            }
        }
        assert!(decided >= 2, "{said}");
        // eval-db judges the nets' choice of each decision by its rollouts.
        let judged = crate::eval_db::eval_db(&crate::eval_db::EvalDbArgs {
            nets: "shipped".to_string(),
            db: out.clone(),
            gnubg: None,
            ply: 0,
            limit: None,
            worst: 0,
        })
        .expect("the shard judged");
        assert!(
            judged.contains(&format!("on the same dice): {decided}; the nets choose")),
            "{judged}"
        );
        assert!(
            said.contains(&format!("({} screened out)", db.screened_out.len())),
            "{said}"
        );
        // Going on, nothing is rolled out again; a screen cannot be asked for as well.
        assert!(
            rollout_db(&a)
                .expect("nothing left")
                .contains("nothing to do")
        );
        let both = try_lab(&[
            "rollout-db",
            "--out",
            "x.txt",
            "--positions",
            "1",
            "--decisions",
            "--screen",
            "0.05",
        ]);
        assert!(both.is_err(), "--decisions with --screen");
    }

    #[test]
    fn a_database_grows_where_it_stopped_and_keeps_its_lines() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        rollout_db(&args(out.clone(), 2)).expect("two positions");
        let first = read_db(&out).expect("the database");
        assert_eq!(first.len(), 2);
        // A run killed while writing leaves a torn line: the next run drops it.
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&out)
            .expect("open");
        f.write_all(b"2 4HPw").expect("write");
        drop(f);
        rollout_db(&args(out.clone(), 4)).expect("two more");
        let all = read_db(&out).expect("the database");
        assert_eq!(all.len(), 4);
        assert_eq!(all[..2], first[..]);
        let indices: Vec<usize> = all.iter().map(|e| e.index).collect();
        assert_eq!(indices, [0, 1, 2, 3]);
        // The same settings on a fresh file give the same lines.
        let again = dir.path().join("again.txt");
        rollout_db(&args(again.clone(), 4)).expect("four at once");
        let fresh = read_db(&again).expect("the database");
        assert_eq!(all, fresh);
        // Each entry's chances are a rollout's: within 0-1, and they differ.
        assert!(all.iter().all(|e| (0.0..=1.0).contains(&e.chances.win())));
        assert_ne!(all[0].chances, all[1].chances);
    }

    #[test]
    fn whole_games_without_variance_reduction_are_written_as_counts() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        let mut a = args(out.clone(), 1);
        a.truncate = None;
        rollout_db(&a).expect("one position");
        let text = std::fs::read_to_string(&out).expect("the shard");
        let entry = text
            .lines()
            .find(|l| !l.starts_with('#'))
            .expect("an entry line");
        let counts: Vec<u32> = entry
            .split_whitespace()
            .skip(2)
            .map(|w| w.parse().expect("a count"))
            .collect();
        assert_eq!(counts.len(), 5);
        assert!(counts[0] <= 36 && counts[1] <= counts[0], "{entry}");
    }

    #[test]
    fn a_database_made_otherwise_is_refused_with_its_line() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("db.txt");
        rollout_db(&args(out.clone(), 1)).expect("one position");
        let mut other = args(out.clone(), 2);
        other.trials = 72;
        let e = rollout_db(&other).expect_err("other settings");
        assert!(matches!(e, RolloutDbError::Line { line: 1, .. }), "{e}");
        assert!(
            e.to_string().ends_with("made otherwise: trials 36, not 72"),
            "{e}"
        );
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused_and_kept() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for text in [
            &b"{\"players\": [\"a record on one line\"]}"[..],
            b"not json\n",
            &[0u8; 4096],
        ] {
            let out = dir.path().join("other.txt");
            std::fs::write(&out, text).expect("write");
            let e = rollout_db(&args(out.clone(), 2)).expect_err("not a database");
            assert!(matches!(e, RolloutDbError::Line { line: 1, .. }), "{e}");
            assert_eq!(std::fs::read(&out).expect("read"), text, "the file is kept");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_device_or_a_fifo_is_refused_at_once() {
        let e = rollout_db(&args(PathBuf::from("/dev/zero"), 2)).expect_err("a device");
        assert!(matches!(e, RolloutDbError::NotRegular(_)), "{e}");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = rollout_db(&args(fifo.clone(), 2)).expect_err("a FIFO");
            assert!(matches!(e, RolloutDbError::NotRegular(_)), "{e}");
            let e = read_db(&fifo).expect_err("a FIFO to read");
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
    }

    /// `bg-lab ARGS...` parsed as the program parses it.
    fn try_lab(args: &[&str]) -> Result<crate::Lab, clap::Error> {
        use clap::Parser;
        crate::Lab::try_parse_from(std::iter::once("bg-lab").chain(args.iter().copied()))
    }

    /// `bg-lab ARGS...` parsed as the program parses it, a command line it takes.
    fn lab(args: &[&str]) -> crate::LabCommand {
        try_lab(args).expect("a command line").command
    }

    #[test]
    fn a_plakoto_shard_is_refused_when_grown_with_other_rules() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("plakoto.txt");
        let mut a = args(out.clone(), 1);
        a.rules = Variant::Plakoto;
        rollout_db(&a).expect("one Plakoto position");
        let text = std::fs::read_to_string(&out).expect("the shard");
        assert!(
            text.starts_with("# bg-tui rollout-db 2 rules=plakoto "),
            "{text}"
        );
        for (rules, why) in [
            (Variant::Fevga, "rules plakoto, not fevga"),
            (Variant::Backgammon, "rules plakoto, not backgammon"),
        ] {
            let mut other = args(out.clone(), 2);
            other.rules = rules;
            let e = rollout_db(&other).expect_err("other rules");
            assert!(matches!(e, RolloutDbError::Line { line: 1, .. }), "{e}");
            assert!(
                e.to_string().ends_with(&format!("made otherwise: {why}")),
                "{e}"
            );
        }
        assert_eq!(
            std::fs::read_to_string(&out).expect("the shard"),
            text,
            "kept"
        );
        // The same rules go on.
        a.positions = 2;
        rollout_db(&a).expect("a second Plakoto position");
        assert_eq!(read_db(&out).expect("the shard").len(), 2);
    }

    #[test]
    fn rules_without_nets_kinds_they_lack_and_other_nets_are_refused() {
        let e = nets_rule_set("portes").expect_err("Portes has backgammon's nets");
        assert!(e.contains("plays with backgammon's nets"), "{e}");
        assert!(nets_rule_set("chess").is_err());
        assert!(matches!(
            lab(&[
                "rollout-db",
                "--rules",
                "fevga",
                "--out",
                "x",
                "--positions",
                "1"
            ]),
            crate::LabCommand::RolloutDb(RolloutDbArgs {
                rules: Variant::Fevga,
                ..
            })
        ));
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut a = args(dir.path().join("none.txt"), 1);
        a.rules = Variant::Fevga;
        a.kinds = Some("race,crashed".to_string());
        let e = rollout_db(&a).expect_err("no crashed Fevga positions");
        assert!(
            e.to_string().contains("no kind of position of Fevga"),
            "{e}"
        );
        a.kinds = None;
        a.nets = Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/plakoto.bgnet"));
        let e = rollout_db(&a).expect_err("Plakoto's nets for Fevga");
        assert!(
            e.to_string().contains("holds Plakoto's nets, not Fevga's"),
            "{e}"
        );
        assert!(!a.out.exists(), "nothing written");
    }

    /// Runs `bg-lab ARGS...` (`rollout-db`, `eval-db` or `train`): what it prints, or its
    /// error's line.
    fn run(args: &[&str]) -> Result<String, String> {
        match lab(args) {
            crate::LabCommand::RolloutDb(a) => rollout_db(&a).map_err(|e| e.to_string()),
            crate::LabCommand::EvalDb(a) => crate::eval_db::eval_db(&a).map_err(|e| e.to_string()),
            crate::LabCommand::Train(a) => crate::train::train(&a).map_err(|e| e.to_string()),
            other => panic!("{other:?}"),
        }
    }

    /// `rollout-db --rules R`, then `eval-db` and `train --rules R --supervised-db` on its
    /// shard, for Plakoto and Fevga; a shard of one is refused by the other's nets, and a
    /// backgammon shard by both.
    #[test]
    fn a_tiny_tavli_shard_is_judged_by_eval_db_and_fitted_by_train() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
        let log = path("log");
        let backgammon = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/training/rollouts/backgammon-c101.txt");
        for (rules, variant, other) in [
            ("plakoto", Variant::Plakoto, "fevga"),
            ("fevga", Variant::Fevga, "plakoto"),
        ] {
            let shard = path(&format!("{rules}.txt"));
            let grow = ["rollout-db", "--rules", rules, "--out", &shard];
            run(&[&grow[..], &["--positions", "2", "--trials", "36"]].concat()).expect("two");
            let text = std::fs::read_to_string(&shard).expect("the shard");
            let entries: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            assert_eq!(entries.len(), 2, "{text}");
            for line in &entries {
                let token = line.split(' ').nth(1).expect("a position");
                let position = token::position_from_token(variant, token).expect("a token");
                assert_eq!(token::board_token(&position), token);
            }
            let table = run(&["eval-db", "shipped", &shard]).expect("the table");
            assert!(
                table.contains(&format!("(2 positions of {variant};")),
                "{table}"
            );
            assert!(
                !table.contains("crashed") && table.contains("\nrace "),
                "{table}"
            );
            let e = run(&["eval-db", "shipped", &shard, "--gnubg", &shard]).expect_err("gnubg");
            assert!(e.starts_with("--gnubg: ") && e.contains(rules), "{e}");
            let checkpoint = path(&format!("{rules}.bgnet"));
            let small = ["--games", "1", "--hidden", "4", "--race-hidden", "2"];
            let files = ["--checkpoint", &checkpoint, "--log", &log];
            let start = ["train", "--rules", rules, "--check-every", "0"];
            run(&[&start[..], &small, &files].concat()).expect("a small checkpoint");
            let before = std::fs::read(&checkpoint).expect("the checkpoint");
            let resume = ["train", "--rules", rules, "--resume", "--check-games", "0"];
            let round = |db: &str| run(&[&resume[..], &files, &["--supervised-db", db]].concat());
            let said = round(&shard).expect("a round on the shard");
            assert!(
                said.contains("rollout database") && said.contains(": 2 positions"),
                "{said}"
            );
            assert_ne!(std::fs::read(&checkpoint).expect("the checkpoint"), before);
            // The checkpoint's nets judge the shard; they refuse another rule set's shards, in
            // train and in eval-db.
            assert!(run(&["eval-db", &checkpoint, &shard]).is_ok());
            let e = round(&backgammon.to_string_lossy()).expect_err("a backgammon shard");
            let why =
                format!("is a shard of backgammon's positions, not {variant}'s (--rules {rules})");
            assert!(e.contains(&why), "{e}");
            let theirs = path(&format!("{other}.txt"));
            if Path::new(&theirs).exists() {
                let e = round(&theirs).expect_err("another rule set's shard");
                assert!(e.contains("is a shard of"), "{e}");
                let e = run(&["eval-db", &checkpoint, &theirs]).expect_err("other nets");
                assert!(e.contains(&format!("{variant}'s nets, not ")), "{e}");
            }
        }
    }
}
