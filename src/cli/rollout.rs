//! `bg-tui rollout`: rolls out the best candidate plays of a roll, or a position and its cube
//! decision, with the expert (see [`crate::bot::expert::rollouts`]).

use super::{CliError, parse_board, parse_dice, parse_variant, printable};
use crate::bot::expert::rollouts::{
    self, Line, LineResult, MAX_THREADS, Rollout, RolloutError, RolloutSettings,
};
use crate::bot::expert::{ExpertBot, cube};
use crate::engine::{
    BoardSpec, Dice, MatchIdFields, Position, Variant, format_play, match_id_fields,
    position_from_id, position_id,
};
use clap::Args;
use serde::Serialize;
use std::io::IsTerminal;

/// The most candidate plays `--plays` rolls out.
pub const MAX_PLAYS: usize = 100;

/// The most threads used without `--threads`.
pub const DEFAULT_MAX_THREADS: usize = 64;

/// `bg-tui rollout POSITION [DICE]`, `bg-tui rollout --rules R --board JSON [DICE]`.
#[derive(Debug, Clone, PartialEq, Args)]
pub struct RolloutArgs {
    /// The position: a GNU Backgammon Position ID (optionally `ID:MATCHID`) or an XGID, from
    /// the view of the player on roll; with --board, the dice (if any) instead.
    #[arg(value_name = "POSITION")]
    pub position: Option<String>,
    /// The roll, as `31` or `3-1`: roll out the best candidate plays of it. Without it (and
    /// without dice in the XGID or Match ID), the position for the player on roll and its
    /// cube decision.
    pub dice: Option<String>,
    /// The rule set: backgammon, portes, plakoto, fevga or jacquet [default: backgammon].
    #[arg(long = "rules", value_name = "RULES")]
    pub rule_set: Option<String>,
    /// The position as JSON, as `moves --board` takes it, from the view of the player on
    /// roll.
    #[arg(long, value_name = "BOARD")]
    pub board: Option<String>,
    /// How many candidate plays to roll out: the best by the expert at 0-ply.
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..=MAX_PLAYS as u64))]
    pub plays: u64,
    /// The most trials (1 to 10,000,000; a multiple of 1,296 stratifies the first two rolls).
    #[arg(long, value_name = "N", default_value_t = 1296)]
    pub trials: u32,
    /// Stop each trial after T turns and value it by the nets (1 to 10,000) [default: play
    /// every trial to the end].
    #[arg(long, value_name = "T")]
    pub truncate: Option<u32>,
    /// The look-ahead of both sides in the trials: 0 or 1.
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=1))]
    pub ply: u8,
    /// The seed of the dice: the same seed gives the same result.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads to play on (1 to 256; the result does not depend on it) [default: the
    /// available cores, at most 64].
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Stop once the equity's standard error of every line is below E (checked every 36
    /// trials).
    #[arg(long = "std-err", value_name = "E")]
    pub std_err: Option<f64>,
    /// Leave out the variance reduction (the luck of each roll is not subtracted).
    #[arg(long = "no-vr")]
    pub no_vr: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
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

/// Whether `text` is an XGID (and not `ID:MATCHID`).
fn is_xgid(text: &str) -> bool {
    let text = text.trim();
    text.starts_with("XGID=") || text.matches(':').count() >= 8
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
            let variant = parse_variant(args.rule_set.as_deref().unwrap_or("backgammon"))?;
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
    let variant = parse_variant(args.rule_set.as_deref().unwrap_or("backgammon"))?;
    if !variant.has_position_id() {
        return Err(CliError::NoPositionId {
            rules: variant.name().to_string(),
            variant,
        });
    }
    let (position, fields, beaver) = if is_xgid(text) {
        let x = crate::engine::parse_xgid(text).map_err(|source| CliError::Xgid {
            text: printable(text, 60),
            source,
        })?;
        (x.position, Some(x.fields), x.beaver)
    } else if let Some((id, match_id)) = text.split_once(':') {
        let position = position_from_id(id).map_err(|source| CliError::PositionId {
            id: printable(id, 60),
            source,
        })?;
        let fields = match_id_fields(match_id).map_err(|source| CliError::MatchId {
            id: printable(match_id, 60),
            source,
        })?;
        (position, Some(fields), false)
    } else {
        let position = position_from_id(text).map_err(|source| CliError::PositionId {
            id: printable(text, 60),
            source,
        })?;
        (position, None, false)
    };
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
    equity: f64,
    std_err: f64,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon (fractions).
    chances: [f64; 5],
    trials: u32,
}

#[derive(Serialize)]
struct CubeJson {
    no_double: f32,
    double_take: f32,
    double_pass: f32,
    action: &'static str,
}

#[derive(Serialize)]
struct SettingsJson {
    trials: u32,
    truncate: Option<u32>,
    ply: u8,
    seed: u64,
    std_err: Option<f64>,
    variance_reduction: bool,
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
}

/// How GNU Backgammon words a cube decision.
fn action(d: &cube::CubeDecision, beaver: bool) -> &'static str {
    match (d.double(), d.take()) {
        (true, true) => "Double, take",
        (true, false) => "Double, pass",
        (false, false) => "Too good to double, pass",
        (false, true) if beaver && d.beaver() => "No double, beaver",
        (false, true) => "No double, take",
    }
}

/// The cube state of the player on roll, or why it has no cube decision.
fn cube_state(asked: &Asked) -> Result<(cube::CubeState, bool), String> {
    if !asked.variant.has_cube() {
        return Err(format!("{} is played without the cube", asked.variant));
    }
    let position = &asked.position;
    let efficiency = cube::efficiency(position);
    let Some(f) = asked.fields else {
        return Ok((
            cube::CubeState {
                value: 1,
                holder: cube::Holder::Centre,
                efficiency,
                jacoby: false,
                score: None,
            },
            false,
        ));
    };
    let me = f.on_roll;
    let holder = match f.cube_owner {
        None => cube::Holder::Centre,
        Some(side) if side == me => cube::Holder::Me,
        Some(_) => cube::Holder::Opponent,
    };
    if holder == cube::Holder::Opponent {
        return Err("the opponent holds the cube".to_string());
    }
    let score = if f.match_length > 0 {
        if f.crawford {
            return Err("no doubling in the Crawford game".to_string());
        }
        let mine = f.match_length.saturating_sub(f.score[me.index()]);
        let theirs = f
            .match_length
            .saturating_sub(f.score[me.opponent().index()]);
        Some(cube::Score {
            mine,
            theirs,
            post_crawford: mine == 1 || theirs == 1,
        })
    } else {
        None
    };
    let value = f.cube_value();
    Ok((
        cube::CubeState {
            value,
            holder,
            efficiency,
            jacoby: f.jacoby && score.is_none() && value == 1,
            score,
        },
        asked.beaver && score.is_none(),
    ))
}

/// `bg-tui rollout`: rolls out (with a progress bar on standard error when it is a
/// terminal) and returns the text to print.
///
/// # Errors
/// [`CliError`] for a malformed position, roll or board, an option out of range, a game
/// already over, or nets that do not read.
pub fn run(args: &RolloutArgs) -> Result<String, CliError> {
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
    let mut bot = ExpertBot::shipped(0).map_err(|source| CliError::Bot {
        option: Some("expert"),
        source,
    })?;
    if !bot.select(asked.variant) {
        return Err(CliError::NoNets(asked.variant));
    }
    let name_after = |p: &Position| -> String {
        if asked.by_id {
            position_id(&p.switched())
        } else {
            BoardSpec::of_position(&p.switched()).to_json()
        }
    };
    let mut shown: Vec<Shown> = Vec::new();
    let lines: Vec<Line> = match dice {
        Some(dice) => {
            let plays = asked.variant.legal_plays(&asked.position, dice);
            let ranked = bot.rank(&plays);
            if ranked.is_empty() {
                shown.push(Shown {
                    play: Some("(no legal play)".to_string()),
                    after: Some(name_after(&asked.position)),
                    result: empty_result(),
                });
                vec![Line::Played(asked.position)]
            } else {
                let n = usize::try_from(args.plays).unwrap_or(MAX_PLAYS);
                ranked
                    .iter()
                    .take(n)
                    .map(|r| {
                        shown.push(Shown {
                            play: Some(format_play(&r.play)),
                            after: Some(name_after(r.play.position())),
                            result: empty_result(),
                        });
                        Line::Played(*r.play.position())
                    })
                    .collect()
            }
        }
        None => {
            shown.push(Shown {
                play: None,
                after: None,
                result: empty_result(),
            });
            vec![Line::OnRoll(asked.position)]
        }
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(u64::from(s.trials));
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} trials  {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let result: Rollout = rollouts::rollout(&bot, asked.variant, &lines, &s, |so_far| {
        if let Some(bar) = &bar {
            bar.set_position(u64::from(so_far.trials));
        }
        true
    })
    .map_err(refused)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    for (line, r) in shown.iter_mut().zip(&result.lines) {
        line.result = *r;
    }
    // The plays best first by the rollout (a stable sort keeps the expert's order on ties).
    shown.sort_by(|a, b| b.result.equity.total_cmp(&a.result.equity));
    let cube = match dice {
        Some(_) => None,
        None => Some(cube_state(&asked).map(|(state, money)| {
            let decision = cube::decide(&result.lines[0].probs(), &state);
            (decision, money, state)
        })),
    };
    if args.json {
        return json(&asked, dice, &s, &result, &shown, cube.as_ref());
    }
    Ok(text(&asked, dice, &s, &result, &shown, cube.as_ref()))
}

fn empty_result() -> LineResult {
    LineResult {
        chances: [0.0; 5],
        equity: 0.0,
        std_err: 0.0,
        trials: 0,
    }
}

type CubeOutcome = Result<(cube::CubeDecision, bool, cube::CubeState), String>;

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
        },
        trials: result.trials,
        lines: shown
            .iter()
            .map(|l| LineJson {
                play: l.play.clone(),
                after: l.after.as_deref().map(|a| value(a, asked.by_id)),
                equity: l.result.equity,
                std_err: l.result.std_err,
                chances: l.result.chances,
                trials: l.result.trials,
            })
            .collect(),
        cube: match cube {
            Some(Ok((d, money, _))) => Some(CubeJson {
                no_double: d.no_double,
                double_take: d.double_take,
                double_pass: d.double_pass,
                action: action(d, *money),
            }),
            _ => None,
        },
        no_cube: match cube {
            Some(Err(why)) => Some(why.clone()),
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
    format!("{length} at {}-ply, {vr}, seed {}", s.ply, s.seed)
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
    out.push_str("equity cubeless for the player who plays (or is on roll), ± its standard error; chances in %\n");
    let width = shown
        .iter()
        .map(|l| l.play.as_deref().map_or(7, str::len))
        .max()
        .unwrap_or(0);
    let best = shown.first().map_or(0.0, |l| l.result.equity);
    let pct = |x: f64| x * 100.0;
    for (i, line) in shown.iter().enumerate() {
        let c = &line.result.chances;
        let name = line.play.as_deref().unwrap_or("on roll");
        let rank = if dice.is_some() {
            format!("{:>2}. ", i + 1)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {rank}{name:width$}  {:+.3} ± {:.3}",
            line.result.equity, line.result.std_err
        ));
        if dice.is_some() {
            out.push_str(&format!("  ({:+.3})", line.result.equity - best));
        }
        out.push_str(&format!(
            "  win {:5.1}%  gammon {:4.1}%  bg {:4.1}%  lose gammon {:4.1}%  bg {:4.1}%  {} trials",
            pct(c[0]),
            pct(c[1]),
            pct(c[2]),
            pct(c[3]),
            pct(c[4]),
            line.result.trials
        ));
        if let Some(after) = &line.after {
            out.push_str(&format!("  {after}"));
        }
        out.push('\n');
    }
    match cube {
        Some(Ok((d, money, state))) => {
            let how = match state.score {
                Some(sc) => format!("{}-away vs {}-away", sc.mine, sc.theirs),
                None => "money".to_string(),
            };
            out.push_str(&format!(
                "Cube decision (cubeful, {how}, cube {}, per unit of the cube; Janowski from the rolled-out chances):\n",
                state.value
            ));
            out.push_str(&format!("  No double     {:+.3}\n", d.no_double));
            out.push_str(&format!("  Double, take  {:+.3}\n", d.double_take));
            out.push_str(&format!("  Double, pass  {:+.3}\n", d.double_pass));
            out.push_str(&format!("  Proper cube action: {}\n", action(d, *money)));
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
    pub fn run(&self) -> Result<String, CliError> {
        run(self)
    }
}
