//! `bg-tui hint`: a bot's ranking of every legal play of a roll.

use super::position_args::{PositionArg, PositionArgs, parse_dice, parse_position};
use super::{CliError, parse_board, parse_variant, with_ply};
use crate::bot;
use crate::engine::{BoardSpec, Dice, Position, RuleSet, Variant, format_play, position_id};
use clap::Args;
use serde::Serialize;

/// `bg-tui hint [POSITION_ID] DICE [--rules RULES] [--board BOARD] [--bot NAME] [--ply N]
/// [--json]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
#[command(mut_arg("board", |a| a.help(
    "The position as JSON, as `moves --board` takes it, from the view of the player on roll"
)))]
pub struct HintArgs {
    /// The position and the roll.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The bot that ranks the plays [default: the strongest].
    #[arg(long, value_name = "NAME")]
    pub bot: Option<String>,
    /// The look-ahead of the expert bot: 0, 1, 2 or 3 (`expert` alone is 2-ply; 3-ply takes
    /// about a second).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub ply: Option<u8>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

impl HintArgs {
    /// The text to print.
    ///
    /// # Errors
    /// [`CliError`] for a missing or extra argument, or as [`hint`] and [`hint_on_board`].
    pub fn run(&self) -> Result<String, CliError> {
        let bot_name = self.bot.as_deref();
        match self.position.resolve()? {
            PositionArg::Board { rules, board, dice } => {
                hint_on_board(rules, board, dice, bot_name, self.json)
            }
            PositionArg::Id { id, dice, variant } => {
                if let Some(variant) = variant {
                    make_bot_for(bot_name.unwrap_or_else(|| default_hint_bot()), variant)?;
                }
                let variant = variant.unwrap_or(Variant::Backgammon);
                hint(id, dice, variant, bot_name, self.ply, self.json)
            }
        }
    }
}

/// The bot `hint` uses without `--bot`: `expert` when its nets read, else `greedy`.
#[must_use]
pub fn default_hint_bot() -> &'static str {
    bot::strongest_for(crate::engine::Variant::Backgammon)
}

fn make_bot(option: &'static str, name: &str, seed: u64) -> Result<Box<dyn bot::Bot>, CliError> {
    bot::make(name, seed).map_err(|source| CliError::Bot {
        option: Some(option),
        source,
    })
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

/// The expert bot's ranking of `plays` in `variant` (with that rule set's nets and
/// scoring), judged as the bot judges its own plays (GNU Backgammon's move filters,
/// [`bot::expert::ExpertBot::rank`]: every play at 0-ply, the best 8 at 1-ply, the best 3
/// at 2-ply), so that a roll with hundreds of plays takes as long as the bot's own
/// decision, not hundreds of 2-ply looks.
fn expert_ranked(
    ply: u8,
    variant: Variant,
    plays: &[crate::engine::Play],
) -> Result<Vec<bot::expert::RankedPlay>, CliError> {
    let mut expert = bot::expert::ExpertBot::shipped(ply).map_err(|source| CliError::Bot {
        option: Some("--bot"),
        source,
    })?;
    if !expert.select(variant) {
        return Err(CliError::NoNets(variant));
    }
    Ok(expert.rank(plays))
}

/// The expert bot's ranking with its chances, when `name` is an expert bot.
fn expert_ranking(
    name: &str,
    variant: Variant,
    position: &Position,
    dice: Dice,
) -> Result<Option<Vec<ScoredPlayJson>>, CliError> {
    let Some(ply) = expert_ply(name) else {
        return Ok(None);
    };
    let plays = variant.legal_plays(position, dice);
    Ok(Some(
        expert_ranked(ply, variant, &plays)?
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

/// Makes the bot `hint` asks, refusing one that cannot play `variant`.
fn make_bot_for(name: &str, variant: Variant) -> Result<Box<dyn bot::Bot>, CliError> {
    bot::make_for(name, HINT_SEED, RuleSet::of_variant(variant)).map_err(|source| CliError::Bot {
        option: Some("--bot"),
        source,
    })
}

/// `bg-tui hint`: the text to print.
///
/// # Errors
/// [`CliError`] for a malformed Position ID or roll, or an unknown bot.
pub fn hint(
    id: &str,
    dice: &str,
    variant: Variant,
    bot_name: Option<&str>,
    ply: Option<u8>,
    json: bool,
) -> Result<String, CliError> {
    let name = with_ply(bot_name.unwrap_or_else(|| default_hint_bot()), ply);
    let name = name.as_str();
    let mut bot = make_bot("--bot", name, HINT_SEED)?;
    let position = parse_position(id)?;
    let dice = parse_dice(dice)?;
    let plays: Vec<ScoredPlayJson> = match expert_ranking(name, variant, &position, dice)? {
        Some(plays) => plays,
        None => bot
            .rank_plays(variant, &position, dice)
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
            .map_err(CliError::Json);
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
    let position = spec.to_position(variant).map_err(CliError::Board)?;
    let dice = parse_dice(dice)?;
    let scored: Vec<(crate::engine::Play, f64)> = match expert_ply(name) {
        // The expert judges as it plays (see `expert_ranked`).
        Some(ply) if bot::moves_as_backgammon(variant) => {
            expert_ranked(ply, variant, &variant.legal_plays(&position, dice))?
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
            .map_err(CliError::Json);
    }
    let head = format!("{variant}, roll {}-{}: ", dice.first(), dice.second());
    let mut rows = Vec::with_capacity(plays.len());
    for p in plays {
        let after = serde_json::to_string(&p.board).map_err(CliError::Json)?;
        rows.push((p.play, after, p.score, None));
    }
    Ok(ranked_text(head, name, &rows))
}
