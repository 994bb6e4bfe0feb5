//! `bg-tui rollout`: rolls out the best candidate plays of a roll, or a position and its cube
//! decision, with the expert (see [`bg_tui::bot::expert::rollouts`]).

use super::position_args::{MatchPosition, parse_match_position};
use super::{CliError, parse_board, parse_dice, parse_variant};
use bg_tui::advisor::{self, Advisor, CubeAdvice, Equity};
use bg_tui::bot::expert::rollouts::{
    self, Line, LineResult, MAX_THREADS, Rollout, RolloutError, RolloutSettings,
};
use bg_tui::bot::expert::{Chances, ExpertBot, cube_info};
use bg_tui::engine::{
    BoardSpec, Dice, DoubleRefusal, MatchIdFields, MatchState, Position, RuleSet, Variant,
    format_play, match_state_from_ids, position_id,
};
use clap::Args;
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The most candidate plays `--plays` rolls out.
pub(crate) const MAX_PLAYS: usize = 100;

/// The most threads used without `--threads`.
pub(crate) const DEFAULT_MAX_THREADS: usize = 64;

/// `bg-tui rollout POSITION [DICE]`, `bg-tui rollout --rules R --board JSON [DICE]`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct RolloutArgs {
    /// The position: a GNU Backgammon Position ID (optionally `ID:MATCHID`) or an XGID, from
    /// the view of the player on roll; with --board, the dice (if any) instead.
    #[arg(value_name = "POSITION")]
    pub(crate) position: Option<String>,
    /// The roll, as `31` or `3-1`: roll out the best candidate plays of it. Without it (and
    /// without dice in the XGID or Match ID), the position for the player on roll and its
    /// cube decision.
    pub(crate) dice: Option<String>,
    /// The rule set: backgammon, portes, plakoto, fevga or jacquet [default: backgammon].
    #[arg(long = "rules", value_name = "RULES", value_parser = parse_variant)]
    pub(crate) rule_set: Option<Variant>,
    /// The position as JSON, as `moves --board` takes it, from the view of the player on
    /// roll.
    #[arg(long, value_name = "BOARD")]
    pub(crate) board: Option<String>,
    /// How many candidate plays to roll out: the best by the expert at 0-ply.
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..=MAX_PLAYS as u64))]
    pub(crate) plays: u64,
    /// The most trials (1 to 10,000,000; a multiple of 1,296 stratifies the first two rolls).
    #[arg(long, value_name = "N", default_value_t = 1296)]
    pub(crate) trials: u32,
    /// Stop each trial after T turns and value it by the nets (1 to 10,000) [default: play
    /// every trial to the end].
    #[arg(long, value_name = "T")]
    pub(crate) truncate: Option<u32>,
    /// The look-ahead of both sides in the trials: 0 or 1.
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=1))]
    pub(crate) ply: u8,
    /// The seed of the dice: the same seed gives the same result.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
    /// Threads to play on (1 to 256; the result does not depend on it) [default: the
    /// available cores, at most 64].
    #[arg(long, value_name = "T")]
    pub(crate) threads: Option<usize>,
    /// Stop once the equity's standard error of every line is below E (checked every 36
    /// trials).
    #[arg(long = "std-err", value_name = "E")]
    pub(crate) std_err: Option<f64>,
    /// Leave out the variance reduction (the luck of each roll is not subtracted).
    #[arg(long = "no-vr")]
    pub(crate) no_vr: bool,
    /// Prune each roll's plays at 0-ply as GNU Backgammon's rollouts do: a small pruning
    /// net keeps the best three of a contact position for the nets to value (backgammon's
    /// nets; less than half the time).
    #[arg(long)]
    pub(crate) prune: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// The position asked about, with what the IDs said about the game.
struct Asked {
    variant: Variant,
    position: Position,
    /// The Match ID's or XGID's fields (cube, score, dice), if given.
    fields: Option<MatchIdFields>,
    /// How to name a position: as a Position ID, or as a board.
    by_id: bool,
    /// Beavers are allowed (an XGID says so).
    beaver: bool,
    /// The position as the user will recognise it.
    label: String,
}

/// Reads the position arguments.
fn asked(args: &RolloutArgs) -> Result<(Asked, Option<Dice>), CliError> {
    let (text, dice) = match (&args.board, &args.position, &args.dice) {
        (Some(_), _, Some(_)) => {
            return Err(CliError::Usage(
                "with --board give only the dice, not a position",
            ));
        }
        (Some(board), dice, None) => {
            let variant = args.rule_set.unwrap_or(Variant::Backgammon);
            let spec = parse_board(variant, board)?;
            let position = spec.to_position(variant).map_err(CliError::Board)?;
            let dice = dice.as_deref().map(parse_dice).transpose()?;
            let asked = Asked {
                variant,
                position,
                fields: None,
                by_id: false,
                beaver: false,
                label: format!("{variant} board {}", spec.to_json()),
            };
            return Ok((asked, dice));
        }
        (None, None, _) => {
            return Err(CliError::Usage(
                "give a Position ID (or ID:MATCHID, or an XGID) and maybe the dice, or --rules RULES --board BOARD",
            ));
        }
        (None, Some(text), dice) => (text.as_str(), dice.as_deref()),
    };
    let variant = args.rule_set.unwrap_or(Variant::Backgammon);
    if !variant.has_position_id() {
        return Err(CliError::NoPositionId {
            rules: variant.name().to_string(),
            variant,
        });
    }
    let MatchPosition {
        position,
        fields,
        beaver,
    } = parse_match_position(text)?;
    let dice = match dice {
        Some(d) => Some(parse_dice(d)?),
        None => fields.and_then(|f| f.dice),
    };
    let label = format!("Position ID {}", position_id(&position));
    let asked = Asked {
        variant,
        position,
        fields,
        by_id: true,
        beaver,
        label,
    };
    Ok((asked, dice))
}

/// The settings from the options.
fn settings(args: &RolloutArgs) -> RolloutSettings {
    RolloutSettings {
        trials: args.trials,
        truncate: args.truncate,
        ply: args.ply,
        seed: args.seed,
        threads: args.threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map_or(1, std::num::NonZero::get)
                .min(DEFAULT_MAX_THREADS)
        }),
        std_err: args.std_err,
        variance_reduction: !args.no_vr,
        prune: args.prune,
    }
}

/// A rollout error as the option that caused it.
fn refused(source: RolloutError) -> CliError {
    let option = matches!(
        source,
        RolloutError::Trials(_)
            | RolloutError::Threads(_)
            | RolloutError::Truncate(_)
            | RolloutError::Ply(_)
            | RolloutError::StdErr(_)
    );
    CliError::Rollout { option, source }
}

#[derive(Serialize)]
struct LineJson {
    /// The play (`null` when rolling out the position on roll).
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<String>,
    /// The position after the play, from the view of the opponent (now on roll): a Position
    /// ID or a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    after: Option<serde_json::Value>,
    /// The cubeless equity (money points per game).
    equity: f64,
    /// Its standard error.
    std_err: f64,
    /// The cubeful value at the game's cube and score, from the rolled-out chances by the
    /// cube model: `emg` (cubeful equity per unit of the cube, normalised in a match) and
    /// `mwc` in a match; absent for the position on roll (its cube decision says it) and
    /// in games without a cube.
    #[serde(skip_serializing_if = "Option::is_none")]
    cubeful: Option<Equity>,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon (fractions).
    chances: [f64; 5],
    trials: u32,
}

#[derive(Serialize)]
struct CubeJson {
    /// No double, double/take and double/pass per unit of the cube (normalised in a
    /// match: EMG).
    no_double: f32,
    double_take: f32,
    double_pass: f32,
    /// The same as match-winning chances, in a match.
    #[serde(skip_serializing_if = "Option::is_none")]
    mwc: Option<[f32; 3]>,
    /// GNU Backgammon's words for the proper cube action.
    action: &'static str,
    /// The units of the equities: "cubeful equity" in money play, "cubeful EMG" at a
    /// match score (with `mwc`).
    unit: &'static str,
}

#[derive(Serialize)]
struct SettingsJson {
    trials: u32,
    truncate: Option<u32>,
    ply: u8,
    seed: u64,
    std_err: Option<f64>,
    variance_reduction: bool,
    prune: bool,
}

#[derive(Serialize)]
struct RolloutJson {
    rules: &'static str,
    position: serde_json::Value,
    dice: Option<[u8; 2]>,
    settings: SettingsJson,
    trials: u32,
    lines: Vec<LineJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cube: Option<CubeJson>,
    /// Why there is no cube decision, when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    no_cube: Option<String>,
}

/// A line of the output: its name, what follows it, and its result.
struct Shown {
    play: Option<String>,
    after: Option<String>,
    result: LineResult,
    /// The line rolled out.
    line: Line,
    /// Its cubeful value from the rolled-out chances (a play in a game with a cube).
    cubeful: Option<Equity>,
}

/// The match state asked about: the position with its Match ID's or XGID's state (money
/// play, the cube centred, without one), `dice` rolled if given.
fn asked_state(asked: &Asked, dice: Option<Dice>) -> Result<MatchState, CliError> {
    let mut fields = asked.fields.unwrap_or_else(MatchIdFields::money_on_roll);
    fields.dice = dice;
    fields.doubled = false;
    match_state_from_ids(
        RuleSet::of_variant(asked.variant),
        asked.position,
        &fields,
        asked.beaver,
    )
    .map_err(CliError::Restore)
}

/// Why the player on roll has no cube decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
enum NoCubeDecision {
    /// The rule set, or these rules, have no cube.
    #[error("{0} is played without the cube")]
    WithoutCube(Variant),
    /// The player may not double now.
    #[error(transparent)]
    MayNotDouble(#[from] DoubleRefusal),
    /// The rollout was stopped before its first trial.
    #[error("no trial was played")]
    NoTrials,
}

/// Why the player on roll in `m` has no cube decision, if it has none.
fn no_cube_reason(m: &MatchState) -> Result<(), NoCubeDecision> {
    let game = m.game();
    if !game.variant().has_cube() || !game.rules().uses_cube() {
        return Err(NoCubeDecision::WithoutCube(game.variant()));
    }
    Ok(game.may_double()?)
}

/// The signals that interrupt a rollout: the first stops it within a turn (its figures so
/// far are printed), a second ends the program at once.
const INTERRUPTS: [(i32, &str); 3] = [
    (signal_hook::consts::SIGINT, "SIGINT"),
    (signal_hook::consts::SIGTERM, "SIGTERM"),
    (signal_hook::consts::SIGHUP, "SIGHUP"),
];

/// Catches [`INTERRUPTS`]: the first sets the flag returned and the slot (to the signal's
/// number), a second ends the program with 128 + its number. No thread is started.
fn catch_interrupts() -> Result<(Arc<AtomicBool>, Arc<AtomicUsize>), CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    let which = Arc::new(AtomicUsize::new(0));
    for (signal, _) in INTERRUPTS {
        // Before the flag is set: it acts only on a second signal.
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&stop))
            .and_then(|_| {
                signal_hook::flag::register_usize(
                    signal,
                    Arc::clone(&which),
                    usize::try_from(signal).unwrap_or(0),
                )
            })
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop)))
            .map_err(CliError::Signals)?;
    }
    Ok((stop, which))
}

/// The lines to roll out and how each is shown: with dice the advisor's best `plays`
/// plays (the hint's order), or the position unplayed when there is no legal play; without
/// dice the position on roll.
fn candidates(
    advisor: &mut Advisor,
    m: &MatchState,
    asked: &Asked,
    dice: Option<Dice>,
    plays: u64,
) -> Result<(Vec<Line>, Vec<Shown>), CliError> {
    let name_after = |p: &Position| -> String {
        if asked.by_id {
            position_id(&p.switched())
        } else {
            BoardSpec::of_position(&p.switched()).to_json()
        }
    };
    if dice.is_none() {
        let shown = Shown {
            play: None,
            after: None,
            result: empty_result(),
            line: Line::OnRoll(asked.position),
            cubeful: None,
        };
        return Ok((vec![Line::OnRoll(asked.position)], vec![shown]));
    }
    let ranked = if m.game().legal_plays().is_empty() {
        Vec::new()
    } else {
        advisor.plays(m).map_err(CliError::Advice)?.lines
    };
    if ranked.is_empty() {
        let shown = Shown {
            play: Some("(no legal play)".to_string()),
            after: Some(name_after(&asked.position)),
            result: empty_result(),
            line: Line::Played(asked.position),
            cubeful: None,
        };
        return Ok((vec![Line::Played(asked.position)], vec![shown]));
    }
    let n = usize::try_from(plays).unwrap_or(MAX_PLAYS);
    Ok(ranked
        .iter()
        .take(n)
        .map(|r| {
            let shown = Shown {
                play: Some(format_play(&r.play)),
                after: Some(name_after(r.play.position())),
                result: empty_result(),
                line: Line::Played(*r.play.position()),
                cubeful: None,
            };
            (Line::Played(*r.play.position()), shown)
        })
        .unzip())
}

/// `bg-tui rollout`: rolls out (with a progress bar on standard error when it is a
/// terminal) and returns the text to print. A signal (SIGINT, SIGTERM, SIGHUP) stops the
/// rollout within a turn: the trials done so far and their figures are printed, and the
/// error says it was interrupted.
///
/// # Errors
/// [`CliError`] for a malformed position, roll or board, an option out of range, a game
/// already over, or nets that do not read; [`CliError::Interrupted`] (after printing) for a
/// rollout a signal stopped.
pub(crate) fn run(args: &RolloutArgs) -> Result<String, CliError> {
    // Caught from the start: a signal while the candidates are ranked stops the rollout
    // before its first trial.
    let (stop, which) = catch_interrupts()?;
    let (asked, dice) = asked(args)?;
    let p = &asked.position;
    if p.mover_has_won() || asked.variant.rules().judge(&p.switched()).is_some() {
        return Err(CliError::Usage(
            "the game is over in this position: nothing to roll out",
        ));
    }
    let s = settings(args);
    if s.threads > MAX_THREADS {
        return Err(refused(RolloutError::Threads(s.threads)));
    }
    let mut advisor = Advisor::standard().map_err(CliError::Advice)?;
    if !advisor.expert().select(asked.variant) {
        return Err(CliError::NoNets(asked.variant));
    }
    let m = asked_state(&asked, dice)?;
    let (lines, mut shown) = candidates(&mut advisor, &m, &asked, dice, args.plays)?;
    let bar = progress_bar(s.trials);
    let mut bot = ExpertBot::shipped(0).map_err(|source| CliError::Bot {
        option: Some("expert"),
        source,
    })?;
    bot.select(asked.variant);
    let show = |trials: u32| {
        if let Some(bar) = &bar {
            bar.set_position(u64::from(trials));
        }
        true
    };
    // The position on roll in a game with a cube: its cube decision rolled out cubefully
    // (the same games give the cubeless line).
    let (result, cubeful): (Rollout, Option<rollouts::CubeRollout>) = if dice.is_none()
        && no_cube_reason(&m).is_ok()
    {
        let c = rollouts::cube_rollout_until(
            &bot,
            asked.variant,
            m.game().position(),
            &cube_info(&m),
            &s,
            &stop,
            |so_far| show(so_far.trials),
        )
        .map_err(refused)?;
        let result = Rollout {
            lines: vec![c.cubeless],
            trials: c.trials,
        };
        (result, Some(c))
    } else {
        let result = rollouts::rollout_until(&bot, asked.variant, &lines, &s, &stop, |so_far| {
            show(so_far.trials)
        })
        .map_err(refused)?;
        (result, None)
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    for (line, r) in shown.iter_mut().zip(&result.lines) {
        line.result = *r;
        if let Line::Played(after) = line.line
            && r.trials > 0
        {
            line.cubeful = Advisor::play_from_chances(&m, &r.probs(), &after);
        }
    }
    // The plays best first by the rollout, cubeful where the game has a cube (a stable sort
    // keeps the expert's order on ties).
    shown.sort_by(|a, b| match (a.cubeful, b.cubeful) {
        (Some(x), Some(y)) => y.emg.total_cmp(&x.emg),
        _ => b.result.equity.total_cmp(&a.result.equity),
    });
    let cube = match (dice, cubeful) {
        (None, Some(c)) if c.trials > 0 => Some(Ok(advisor
            .cube_from_rollout(&m, &c)
            .map_err(CliError::Advice)?)),
        (None, _) => Some(match no_cube_reason(&m) {
            Ok(()) => Err(NoCubeDecision::NoTrials),
            Err(why) => Err(why),
        }),
        _ => None,
    };
    let report = if args.json {
        json(&asked, dice, &s, &result, &shown, cube.as_ref())?
    } else {
        text(&asked, dice, &s, &result, &shown, cube.as_ref())
    };
    let signal = i32::try_from(which.load(Ordering::SeqCst)).unwrap_or(0);
    let Some(&(signal, name)) = INTERRUPTS.iter().find(|(s, _)| *s == signal) else {
        return Ok(report);
    };
    // Interrupted: the trials done so far are printed here, and the error says so.
    let mut out = std::io::stdout().lock();
    match out.write_all(report.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(CliError::Output(e)),
        _ => {}
    }
    Err(CliError::Interrupted {
        signal,
        name,
        done: format!("{} of {} trials", result.trials, s.trials),
    })
}

/// A progress bar of `trials` on standard error, when it is a terminal.
fn progress_bar(trials: u32) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(u64::from(trials));
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} trials  {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    })
}

fn empty_result() -> LineResult {
    LineResult {
        chances: [0.0; 5],
        equity: 0.0,
        std_err: 0.0,
        trials: 0,
    }
}

type CubeOutcome = Result<CubeAdvice, NoCubeDecision>;

fn json(
    asked: &Asked,
    dice: Option<Dice>,
    s: &RolloutSettings,
    result: &Rollout,
    shown: &[Shown],
    cube: Option<&CubeOutcome>,
) -> Result<String, CliError> {
    let value = |text: &str, by_id: bool| -> serde_json::Value {
        if by_id {
            serde_json::Value::String(text.to_string())
        } else {
            serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.into()))
        }
    };
    let position = if asked.by_id {
        value(&position_id(&asked.position), true)
    } else {
        value(&BoardSpec::of_position(&asked.position).to_json(), false)
    };
    let out = RolloutJson {
        rules: asked.variant.name(),
        position,
        dice: dice.map(|d| [d.first(), d.second()]),
        settings: SettingsJson {
            trials: s.trials,
            truncate: s.truncate,
            ply: s.ply,
            seed: s.seed,
            std_err: s.std_err,
            variance_reduction: s.variance_reduction,
            prune: s.prune,
        },
        trials: result.trials,
        lines: shown
            .iter()
            .map(|l| LineJson {
                play: l.play.clone(),
                after: l.after.as_deref().map(|a| value(a, asked.by_id)),
                equity: l.result.equity,
                std_err: l.result.std_err,
                cubeful: l.cubeful,
                chances: l.result.chances,
                trials: l.result.trials,
            })
            .collect(),
        cube: match cube {
            Some(Ok(d)) => Some(CubeJson {
                no_double: d.no_double.emg,
                double_take: d.double_take.emg,
                double_pass: d.double_pass.emg,
                mwc: d
                    .no_double
                    .mwc
                    .zip(d.double_take.mwc)
                    .zip(d.double_pass.mwc)
                    .map(|((a, b), c)| [a, b, c]),
                action: d.verdict.words(),
                unit: if d.cube.score().is_some() {
                    "cubeful EMG"
                } else {
                    "cubeful equity"
                },
            }),
            _ => None,
        },
        no_cube: match cube {
            Some(Err(why)) => Some(why.to_string()),
            _ => None,
        },
    };
    serde_json::to_string_pretty(&out)
        .map(|s| s + "\n")
        .map_err(CliError::Json)
}

/// The method, in words.
fn method(s: &RolloutSettings) -> String {
    let length = match s.truncate {
        Some(t) => format!("truncated after {t} turns"),
        None => "full games".to_string(),
    };
    let vr = if s.variance_reduction {
        "variance reduction"
    } else {
        "no variance reduction"
    };
    let pruned = if s.prunes() { ", pruned" } else { "" };
    format!("{length} at {}-ply{pruned}, {vr}, seed {}", s.ply, s.seed)
}

fn text(
    asked: &Asked,
    dice: Option<Dice>,
    s: &RolloutSettings,
    result: &Rollout,
    shown: &[Shown],
    cube: Option<&CubeOutcome>,
) -> String {
    let mut out = match dice {
        Some(d) => format!(
            "Rollout of {}, roll {}-{}: {} play{}, {} trials each ({})\n",
            asked.label,
            d.first(),
            d.second(),
            shown.len(),
            if shown.len() == 1 { "" } else { "s" },
            result.trials,
            method(s)
        ),
        None => format!(
            "Rollout of {} for the player on roll: {} trials ({})\n",
            asked.label,
            result.trials,
            method(s)
        ),
    };
    let in_match = cube.and_then(|c| c.as_ref().ok()).map_or_else(
        || {
            shown
                .iter()
                .any(|l| l.cubeful.is_some_and(|e| e.mwc.is_some()))
        },
        |d| d.cube.score().is_some(),
    );
    let cubeful = shown.iter().any(|l| l.cubeful.is_some());
    out.push_str(&if cubeful && in_match {
        "MWC cubeful (EMG beside) for the player who plays, from the rolled-out chances by the cube model; cubeless equity ± its standard error; chances in %\n".to_string()
    } else if cubeful {
        "cubeful equity for the player who plays, from the rolled-out chances by the cube model; cubeless equity ± its standard error; chances in %\n".to_string()
    } else {
        "cubeless equity for the player who plays (or is on roll) ± its standard error; chances in %\n".to_string()
    });
    let width = shown
        .iter()
        .map(|l| l.play.as_deref().map_or(7, str::len))
        .max()
        .unwrap_or(0);
    let best = shown.first().map(|l| (l.cubeful, l.result.equity));
    // With variance reduction a chance may stray a little below 0 or above 1: shown as
    // a chance is, within 0-100% (never "-0.0%").
    let pct = |x: f64| x.clamp(0.0, 1.0) * 100.0;
    for (i, line) in shown.iter().enumerate() {
        let c = &line.result.chances;
        let name = line.play.as_deref().unwrap_or("on roll");
        let rank = if dice.is_some() {
            format!("{:>2}. ", i + 1)
        } else {
            String::new()
        };
        out.push_str(&format!("  {rank}{name:width$}  "));
        match (line.cubeful, best) {
            (Some(e), Some((Some(b), _))) => {
                // Against the best line (+0.000 for it).
                let behind = e.minus(b);
                match (e.mwc, behind.mwc) {
                    (Some(m), Some(bm)) => out.push_str(&format!(
                        "MWC {}  EMG {:+.3}  ({:+.1}% MWC)  ",
                        advisor::text::mwc(m),
                        e.emg,
                        100.0 * bm
                    )),
                    _ => out.push_str(&format!("cubeful {:+.3}  ({:+.3})  ", e.emg, behind.emg)),
                }
                out.push_str(&format!(
                    "cubeless {:+.3} ± {:.3}",
                    line.result.equity, line.result.std_err
                ));
            }
            _ => {
                out.push_str(&format!(
                    "cubeless {:+.3} ± {:.3}",
                    line.result.equity, line.result.std_err
                ));
                if dice.is_some() {
                    let b = best.map_or(0.0, |(_, e)| e);
                    out.push_str(&format!("  ({:+.3})", line.result.equity - b));
                }
            }
        }
        out.push_str(&format!(
            "  win {:5.1}%  gammon {:4.1}%  bg {:4.1}%  lose gammon {:4.1}%  bg {:4.1}%  {} trials",
            pct(c.win()),
            pct(c.win_gammon()),
            pct(c.win_backgammon()),
            pct(c.lose_gammon()),
            pct(c.lose_backgammon()),
            line.result.trials
        ));
        if let Some(after) = &line.after {
            out.push_str(&format!("  {after}"));
        }
        out.push('\n');
    }
    out.push_str(&cube_text(cube));
    out
}

/// The cube decision rolled out, each equity with its unit; why there is none; or nothing
/// (plays were rolled out).
fn cube_text(cube: Option<&CubeOutcome>) -> String {
    let mut out = String::new();
    match cube {
        Some(Ok(d)) => {
            let unit = if d.cube.score().is_some() {
                "MWC with cubeful EMG beside"
            } else {
                "cubeful equity per unit of the cube"
            };
            out.push_str(&format!(
                "Cube decision ({}; {unit}, rolled out cubefully: both sides use the cube in every trial):\n",
                advisor::text::stakes(&d.cube),
            ));
            let names = ["No double", "Double, take", "Double, pass"];
            for (name, e) in names
                .iter()
                .zip([d.no_double, d.double_take, d.double_pass])
            {
                match e.mwc {
                    Some(m) => out.push_str(&format!(
                        "  {name:<13} MWC {}  EMG {:+.3}\n",
                        advisor::text::mwc(m),
                        e.emg
                    )),
                    None => out.push_str(&format!("  {name:<13} cubeful {:+.3}\n", e.emg)),
                }
            }
            out.push_str(&format!("  Proper cube action: {}\n", d.verdict));
        }
        Some(Err(why)) => out.push_str(&format!("No cube decision: {why}.\n")),
        None => {}
    }
    out
}

impl RolloutArgs {
    /// The report to print.
    ///
    /// # Errors
    /// As [`run`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        run(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chance that variance reduction left a hair below 0 reads 0.0%, never -0.0%
    /// (issue 49, part 6).
    #[test]
    fn a_chance_a_hair_below_zero_reads_zero() {
        let position = bg_tui::engine::position_from_id("4HPwATDgc/ABMA").expect("an ID");
        let asked = Asked {
            variant: Variant::Backgammon,
            position,
            fields: None,
            by_id: true,
            beaver: false,
            label: "4HPwATDgc/ABMA".to_string(),
        };
        let result = LineResult {
            chances: [0.52, 0.13, -0.0004, -0.0002, -0.00001],
            equity: 0.05,
            std_err: 0.01,
            trials: 72,
        };
        let shown = [Shown {
            play: None,
            after: None,
            result,
            line: Line::OnRoll(position),
            cubeful: None,
        }];
        let rollout = Rollout {
            lines: vec![result],
            trials: 72,
        };
        let out = text(
            &asked,
            None,
            &RolloutSettings::default(),
            &rollout,
            &shown,
            None,
        );
        assert!(!out.contains("-0.0%"), "{out}");
        assert!(
            out.contains("bg  0.0%  lose gammon  0.0%  bg  0.0%"),
            "{out}"
        );
    }
}
