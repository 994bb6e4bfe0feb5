//! `bg-tui bot-match`: two bots against each other.

use super::{CliError, RecordWriter, RulesArgs};
use bg_tui::bot;
use bg_tui::engine::RuleSet;
use bg_tui::host::arena::{self, MatchReport};
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;

/// `bg-tui bot-match`: cubeless money games by default, in mirrored pairs (the same dice with
/// the sides swapped).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct BotMatchArgs {
    /// Bot A (its points per game are reported).
    pub(crate) bot_a: bot::BotSpec,
    /// Bot B.
    pub(crate) bot_b: bot::BotSpec,
    /// How many games (with --match: matches) to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub(crate) games: u64,
    /// Seed for the dice and the bots: the same seed gives the same results.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
    /// The rule set and its options; `--match L` plays matches to L points instead of
    /// money games (a match counts +1 or -1); the cube only with `--cube`.
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// Threads to play on [default: the available cores].
    #[arg(long, value_name = "T")]
    pub(crate) threads: Option<usize>,
    /// Write each game (or match) as a game record into this folder: game-0001.json, ...
    #[arg(long, value_name = "DIR")]
    pub(crate) save: Option<PathBuf>,
    /// The look-ahead of an `expert` bot A or B: 0, 1 or 2 (`expert` alone is 2-ply).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub(crate) ply: Option<u8>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// The most games (or matches) `bot-match --games` plays in one run.
pub(crate) const MAX_BOT_GAMES: u64 = 1_000_000_000;

/// The most threads `bot-match --threads` takes.
pub(crate) const MAX_BOT_THREADS: usize = 1024;

/// Runs of at least this many games show a progress bar (when standard error is a
/// terminal).
pub(crate) const PROGRESS_MIN_GAMES: u64 = 1000;

/// `bg-tui bot-match`: plays the games (with a progress bar on standard error for a long run
/// in a terminal) and returns the report to print.
///
/// # Errors
/// [`CliError`] for an unknown bot, a bad count, match length or thread count, or a
/// `--save` folder that cannot be written.
pub(crate) fn bot_match(args: &BotMatchArgs) -> Result<String, CliError> {
    let rule_set = args.rules.rule_set();
    let specs = [&args.bot_a, &args.bot_b].map(|spec| spec.clone().at_ply(args.ply));
    // Caught from here on, before any engine starts: an engine runs in a process group of
    // its own, which the terminal's Ctrl-C does not reach, so a signal ends the engines
    // before the run ends (and lets the records being written finish first).
    let engines = specs
        .iter()
        .any(|spec| matches!(spec, bot::BotSpec::Ubgi(_)));
    let signals = if engines || args.save.is_some() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        Some(
            signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])
                .map_err(CliError::Signals)?,
        )
    } else {
        None
    };
    for spec in &specs {
        spec.make_for(0, rule_set).map_err(|source| CliError::Bot {
            option: None,
            source,
        })?;
    }
    if rule_set == RuleSet::Tavli && args.rules.match_length.is_none() {
        return Err(CliError::Usage(
            "--rules tavli: Tavli is a match cycling Portes, Plakoto and Fevga; add --match N",
        ));
    }
    if !(1..=MAX_BOT_GAMES).contains(&args.games) {
        return Err(CliError::range(
            "--games",
            format!("from 1 to {MAX_BOT_GAMES} games"),
            args.games,
        ));
    }
    let threads = thread_count(args.threads)?;
    let rules = args.rules.rules(false)?;
    let bar = progress_bar(args.games);
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
    let save = |game, record: bg_tui::record::Record| {
        if let Some(writer) = &writer {
            writer.write(game, &record);
        }
    };
    let [bot_a, bot_b] = specs.map(|spec| spec.to_string());
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
        let signals = match (signals, &writer) {
            (Some(signals), Some(writer)) => Some(writer.stop_on_signals(signals, scope)?),
            (Some(signals), None) => Some(end_engines_on_signals(signals, scope)?),
            (None, _) => None,
        };
        let report = arena::run_tallied(&contest, &progress, writer.is_some().then_some(&save))
            .map_err(CliError::Arena);
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
            .map_err(CliError::Json);
    }
    let mut text = bot_match_text(&report, threads);
    if let Some(line) = saved {
        text.push('\n');
        text.push_str(&line);
    }
    Ok(text)
}

/// `--threads`: 1 to [`MAX_BOT_THREADS`]; by default the available cores.
fn thread_count(threads: Option<usize>) -> Result<usize, CliError> {
    match threads {
        Some(0) => Err(CliError::range("--threads", "at least 1 thread", 0)),
        Some(t) if t > MAX_BOT_THREADS => Err(CliError::range(
            "--threads",
            format!("from 1 to {MAX_BOT_THREADS} threads"),
            t,
        )),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism()
            .map_or(1, std::num::NonZero::get)
            .min(MAX_BOT_THREADS)),
    }
}

/// A progress bar on standard error for a run of [`PROGRESS_MIN_GAMES`] games or more,
/// when standard error is a terminal.
fn progress_bar(games: u64) -> Option<indicatif::ProgressBar> {
    (games >= PROGRESS_MIN_GAMES && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    })
}

/// A thread in `scope` that waits for one of `signals`, then ends every engine over UBGI
/// and the process (128 + the signal's number). [`signal_hook::iterator::Handle::close`] on
/// the handle returned stops it.
fn end_engines_on_signals<'scope>(
    mut signals: signal_hook::iterator::Signals,
    scope: &'scope std::thread::Scope<'scope, '_>,
) -> Result<signal_hook::iterator::Handle, CliError> {
    let handle = signals.handle();
    std::thread::Builder::new()
        .name("bg-tui signals".to_string())
        .spawn_scoped(scope, move || {
            if let Some(signal) = signals.forever().next() {
                bot::ubgi::end_every_engine();
                std::process::exit(128 + signal);
            }
        })
        .map_err(CliError::Thread)?;
    Ok(handle)
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
            "{} (both mothers pinned, or {} actions played: no points)\n",
            plural(r.draws, "drawn game", "drawn games"),
            bg_tui::engine::MAX_GAME_ACTIONS
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

impl BotMatchArgs {
    /// Plays the games and returns the report to print.
    ///
    /// # Errors
    /// As [`bot_match`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        bot_match(self)
    }
}
