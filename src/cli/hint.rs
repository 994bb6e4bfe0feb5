//! `bg-tui hint`: a bot's ranking of every legal play of a roll.

use super::position_args::{
    MatchPosition, PositionArg, PositionArgs, parse_dice, parse_match_position,
};
use super::{CliError, parse_board};
use bg_tui::advisor::{Advisor, CubeAdvice, Equity, PlayAdvice, PlayLine, text};
use bg_tui::bot;
use bg_tui::bot::BotSpec;
use bg_tui::bot::expert::Chances;
use bg_tui::engine::{
    BoardSpec, Dice, MatchIdFields, MatchState, Phase, RuleSet, Variant, format_play,
    match_state_from_ids, position_id,
};
use clap::Args;
use serde::Serialize;

/// `bg-tui hint [POSITION_ID] DICE [--rules RULES] [--board BOARD] [--bot NAME] [--ply N]
/// [--json]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
#[command(mut_arg("board", |a| a.help(
    "The position as JSON, as `moves --board` takes it, from the view of the player on roll"
)))]
pub(crate) struct HintArgs {
    /// The position and the roll.
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    /// The bot that ranks the plays [default: the strongest].
    #[arg(long, value_name = "NAME")]
    pub(crate) bot: Option<BotSpec>,
    /// The look-ahead of the expert bot: 0, 1, 2 or 3 (`expert` alone is 2-ply; 3-ply takes
    /// about a second).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub(crate) ply: Option<u8>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

impl HintArgs {
    /// The text to print.
    ///
    /// # Errors
    /// [`CliError`] for a missing or extra argument, or as [`hint`] and [`hint_on_board`].
    pub(crate) fn run(&self) -> Result<String, CliError> {
        let bot_name = self.bot.as_ref();
        let args = &self.position;
        if args.board.is_some() {
            return match args.resolve()? {
                PositionArg::Board {
                    variant,
                    board,
                    dice,
                } => hint_on_board(variant, board, dice, bot_name, self.ply, self.json),
                PositionArg::Id { .. } => Err(CliError::Usage(
                    "with --board give only the dice, not a Position ID",
                )),
            };
        }
        let variant = args.rule_set;
        if let Some(variant) = variant {
            if !variant.has_position_id() {
                return Err(CliError::NoPositionId {
                    rules: variant.name().to_string(),
                    variant,
                });
            }
            make_bot_for(&bot_name.cloned().unwrap_or_else(default_hint_bot), variant)?;
        }
        hint(
            &args.position_id,
            args.dice.as_deref(),
            variant.unwrap_or(Variant::Backgammon),
            bot_name,
            self.ply,
            self.json,
        )
    }
}

/// The bot `hint` uses without `--bot`: `expert` when its nets read, else `greedy`.
#[must_use]
pub(crate) fn default_hint_bot() -> BotSpec {
    bot::strongest_for(bg_tui::engine::Variant::Backgammon)
}

fn make_bot(
    option: &'static str,
    spec: &BotSpec,
    seed: u64,
) -> Result<Box<dyn bot::Bot>, CliError> {
    spec.make(seed).map_err(|source| CliError::Bot {
        option: Some(option),
        source,
    })
}

#[derive(Serialize)]
struct HintJson {
    bot: String,
    position_id: String,
    dice: [u8; 2],
    /// The cube and score the plays were valued under, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    cube: Option<String>,
    plays: Vec<ScoredPlayJson>,
}

#[derive(Serialize, Default)]
struct ScoredPlayJson {
    play: String,
    position_id: String,
    /// The bot's score: the expert's normalised equity (EMG), another bot's own measure.
    score: f64,
    /// The expert's value: EMG, and match-winning chances in a match.
    #[serde(skip_serializing_if = "Option::is_none")]
    equity: Option<Equity>,
    /// What the play loses against the best, in the same units.
    #[serde(skip_serializing_if = "Option::is_none")]
    loss: Option<Equity>,
    /// The expert bot's chances after the play (win, win gammon, win backgammon, lose
    /// gammon, lose backgammon), for the player who makes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    chances: Option<[f32; 5]>,
    /// The depth the expert judged the play at.
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<u8>,
}

#[derive(Serialize)]
struct CubeJson {
    bot: String,
    position_id: String,
    /// The cube and score, in words.
    cube: String,
    ply: u8,
    /// The chances of the player on roll.
    chances: [f32; 5],
    no_double: Equity,
    double_take: Equity,
    double_pass: Equity,
    /// GNU Backgammon's words for the proper cube action.
    verdict: &'static str,
    /// Doubling is right (or optional).
    double: bool,
    /// A double should be taken.
    take: bool,
}

/// The seed of the bot `hint` makes (only the `random` bot uses it).
pub(crate) const HINT_SEED: u64 = 1;

/// Makes the bot `hint` asks, refusing one that cannot play `variant`.
fn make_bot_for(spec: &BotSpec, variant: Variant) -> Result<Box<dyn bot::Bot>, CliError> {
    spec.make_for(HINT_SEED, RuleSet::of_variant(variant))
        .map_err(|source| CliError::Bot {
            option: Some("--bot"),
            source,
        })
}

/// The match state `hint` is asked about: the position with its Match ID's or XGID's
/// state (money play, the cube centred, for a Position ID alone), `dice` rolled if given
/// (in place of any the ID holds), in `variant`'s rules.
fn hint_state(
    asked: &MatchPosition,
    dice: Option<Dice>,
    variant: Variant,
) -> Result<MatchState, CliError> {
    let mut fields = asked.fields.unwrap_or_else(MatchIdFields::money_on_roll);
    if let Some(d) = dice {
        fields.dice = Some(d);
        fields.doubled = false;
    }
    match_state_from_ids(
        RuleSet::of_variant(variant),
        asked.position,
        &fields,
        asked.beaver,
    )
    .map_err(CliError::Restore)
}

/// `bg-tui hint`: the text to print. `id` is a Position ID (money play, the cube
/// centred), `POSITION_ID:MATCH_ID` or an XGID; with dice (given, or in the ID) the bot
/// ranks the plays of the roll, without them the expert gives its cube advice.
///
/// # Errors
/// [`CliError`] for a malformed ID or roll, an unknown bot, or a state the rules refuse.
pub(crate) fn hint(
    id: &str,
    dice: Option<&str>,
    variant: Variant,
    bot_name: Option<&BotSpec>,
    ply: Option<u8>,
    json: bool,
) -> Result<String, CliError> {
    let spec = bot_name
        .cloned()
        .unwrap_or_else(default_hint_bot)
        .at_ply(ply);
    let mut bot = make_bot("--bot", &spec, HINT_SEED)?;
    let name = spec.to_string();
    let name = name.as_str();
    let asked = parse_match_position(id)?;
    let dice = dice.map(parse_dice).transpose()?;
    let m = hint_state(&asked, dice, variant)?;
    let pid = position_id(&asked.position);
    let game = m.game();
    let Some(expert_ply) = spec.expert_ply() else {
        let Phase::Moving(dice) = game.phase() else {
            return Err(CliError::Usage(
                "give the dice: only the expert gives cube advice (hint ID without dice)",
            ));
        };
        let plays: Vec<ScoredPlayJson> = bot
            .rank_plays(variant, game.position(), dice)
            .iter()
            .map(|s| ScoredPlayJson {
                play: format_play(&s.play),
                position_id: position_id(&s.play.position().switched()),
                score: s.score,
                ..ScoredPlayJson::default()
            })
            .collect();
        return plays_out(name, &pid, dice, None, plays, json);
    };
    let mut advisor = advisor_for(&spec, expert_ply)?;
    match game.phase() {
        Phase::Moving(dice) => {
            let advice = advisor.plays(&m).map_err(CliError::Advice)?;
            let plays = advice
                .lines
                .iter()
                .map(|l| ScoredPlayJson {
                    play: format_play(&l.play),
                    position_id: position_id(&l.play.position().switched()),
                    score: f64::from(l.equity.emg),
                    equity: Some(l.equity),
                    loss: Some(l.loss),
                    chances: Some(l.chances),
                    ply: Some(l.ply),
                })
                .collect();
            plays_out(name, &pid, dice, Some(&advice), plays, json)
        }
        _ => {
            let advice = advisor.cube(&m).map_err(CliError::Advice)?;
            cube_out(name, &pid, &advice, json)
        }
    }
}

/// The advisor on the expert `spec` names, its nets included (`expert:N@FILE` ranks with
/// FILE's nets, as its table says), at `ply`.
fn advisor_for(spec: &BotSpec, ply: u8) -> Result<Advisor, CliError> {
    match spec.expert() {
        Some(Ok(mut expert)) => {
            expert.set_ply(ply);
            Ok(Advisor::with_expert(expert))
        }
        Some(Err(source)) => Err(CliError::Bot {
            option: Some("--bot"),
            source,
        }),
        None => Advisor::new(ply).map_err(CliError::Advice),
    }
}

/// The ranked plays as text or JSON.
fn plays_out(
    name: &str,
    pid: &str,
    dice: Dice,
    advice: Option<&PlayAdvice>,
    plays: Vec<ScoredPlayJson>,
    json: bool,
) -> Result<String, CliError> {
    if json {
        let out = HintJson {
            bot: name.to_string(),
            position_id: pid.to_string(),
            dice: [dice.first(), dice.second()],
            cube: advice.and_then(|a| a.cube).map(|c| text::stakes(&c)),
            plays,
        };
        return serde_json::to_string_pretty(&out)
            .map(|s| s + "\n")
            .map_err(CliError::Json);
    }
    let mut head = format!("Position ID {pid}, roll {}-{}", dice.first(), dice.second());
    if let Some(advice) = advice {
        head.push_str(&format!("; {}", text::ranking_head(advice)));
    }
    head.push_str(": ");
    let rows: Vec<Row> = plays
        .into_iter()
        .map(|p| Row {
            value: p
                .equity
                .map_or_else(|| format!("{:+.3}", p.score), text::main_value),
            loss: p.loss.map(text::loss),
            emg: p
                .equity
                .filter(|e| e.mwc.is_some())
                .map(|e| text::emg(e.emg)),
            play: p.play,
            after: p.position_id,
            chances: p.chances.zip(p.ply),
        })
        .collect();
    Ok(ranked_text(head, name, &rows))
}

/// The cube advice as text or JSON.
fn cube_out(name: &str, pid: &str, advice: &CubeAdvice, json: bool) -> Result<String, CliError> {
    if json {
        let out = CubeJson {
            bot: name.to_string(),
            position_id: pid.to_string(),
            cube: text::stakes(&advice.cube),
            ply: advice.depth,
            chances: advice.chances,
            no_double: advice.no_double,
            double_take: advice.double_take,
            double_pass: advice.double_pass,
            verdict: advice.verdict.words(),
            double: advice.double(),
            take: advice.take(),
        };
        return serde_json::to_string_pretty(&out)
            .map(|s| s + "\n")
            .map_err(CliError::Json);
    }
    let mut out = format!("Position ID {pid}, before the roll: cube advice by {name}\n");
    for line in text::cube_lines(advice) {
        out.push_str("  ");
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// A row of a ranked list: the play, what follows it (a Position ID or a board), its value
/// as shown, its loss against the best, the equity beside match-winning chances, and the
/// expert's chances after it and the depth it was judged at, when the expert ranked it.
struct Row {
    play: String,
    after: String,
    value: String,
    loss: Option<String>,
    emg: Option<String>,
    chances: Option<([f32; 5], u8)>,
}

/// The text of a ranked list: `head`, the count, then one numbered row per play with what
/// follows it (a Position ID or a board) and its value.
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
    let width = rows.iter().map(|r| r.play.len()).max().unwrap_or(0);
    let rank_width = count.to_string().len();
    for (i, row) in rows.iter().enumerate() {
        out.push_str(&format!(
            "  {:>rank_width$}. {:width$}  {}  {:>6}",
            i + 1,
            row.play,
            row.after,
            row.value,
        ));
        if let Some(loss) = &row.loss {
            out.push_str(&format!(" {loss:>7}"));
        }
        if let Some(emg) = &row.emg {
            out.push_str(&format!("  EMG {emg}"));
        }
        if let Some((c, ply)) = row.chances {
            let pct = |x: f32| f64::from(x) * 100.0;
            out.push_str(&format!(
                "  win {:5.1}%  gammon {:4.1}%  bg {:4.1}%  lose gammon {:4.1}%  bg {:4.1}%  {ply}-ply",
                pct(c.win()),
                pct(c.win_gammon()),
                pct(c.win_backgammon()),
                pct(c.lose_gammon()),
                pct(c.lose_backgammon())
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
    /// The expert's loss against its best play (the expert's ranking only).
    #[serde(skip_serializing_if = "Option::is_none")]
    loss: Option<f64>,
    /// The expert's chances after the play (win, win gammon, win backgammon, lose gammon,
    /// lose backgammon).
    #[serde(skip_serializing_if = "Option::is_none")]
    chances: Option<[f32; 5]>,
    /// The depth the expert judged the play at.
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<u8>,
}

/// `bg-tui hint --rules RULES --board BOARD DICE [--bot NAME] [--json]`: the text to print.
/// Each play is followed by the position after it, from the view of the opponent (now on
/// roll), and the bot's score; the expert's (at `ply`, its default without) with its loss,
/// chances and depth, as [`hint`]'s ranking has them.
///
/// # Errors
/// [`CliError`] for an unknown rule set or bot, a bot that cannot play the rule set, or a
/// malformed board or roll.
pub(crate) fn hint_on_board(
    variant: Variant,
    board: &str,
    dice: &str,
    bot_name: Option<&BotSpec>,
    ply: Option<u8>,
    json: bool,
) -> Result<String, CliError> {
    let chosen = bot_name
        .cloned()
        .unwrap_or_else(|| bot::strongest_for(variant))
        .at_ply(ply);
    let mut bot = make_bot_for(&chosen, variant)?;
    let name = chosen.to_string();
    let name = name.as_str();
    let spec = parse_board(variant, board)?;
    let position = spec.to_position(variant).map_err(CliError::Board)?;
    let dice = parse_dice(dice)?;
    // Each play with its score, and the expert's line for it when the expert ranked it.
    let scored: Vec<(bg_tui::engine::Play, f64, Option<PlayLine>)> = match chosen.expert_ply() {
        // The expert's ranking as the advisor gives it (money play, the cube centred).
        Some(ply) => {
            let mut fields = MatchIdFields::money_on_roll();
            fields.dice = Some(dice);
            let m = match_state_from_ids(RuleSet::of_variant(variant), position, &fields, false)
                .map_err(CliError::Restore)?;
            if m.game().legal_plays().is_empty() {
                Vec::new()
            } else {
                advisor_for(&chosen, ply)?
                    .plays(&m)
                    .map_err(CliError::Advice)?
                    .lines
                    .iter()
                    .map(|l| (l.play, f64::from(l.equity.emg), Some(*l)))
                    .collect()
            }
        }
        None => bot
            .rank_plays(variant, &position, dice)
            .iter()
            .map(|s| (s.play, s.score, None))
            .collect(),
    };
    let plays: Vec<BoardScoredPlayJson> = scored
        .iter()
        .map(|(play, score, line)| BoardScoredPlayJson {
            play: format_play(play),
            board: BoardSpec::of_position(&play.position().switched()),
            score: *score,
            loss: line.map(|l| f64::from(l.loss.emg)),
            chances: line.map(|l| l.chances),
            ply: line.map(|l| l.ply),
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
    let head = format!("{variant}, roll {}-{}", dice.first(), dice.second());
    let mut rows = Vec::with_capacity(plays.len());
    for p in plays {
        let after = serde_json::to_string(&p.board).map_err(CliError::Json)?;
        rows.push(Row {
            play: p.play,
            after,
            value: format!("{:+.3}", p.score),
            loss: p.loss.map(|l| {
                text::loss(bg_tui::advisor::Equity {
                    emg: l as f32,
                    mwc: None,
                })
            }),
            emg: None,
            chances: p.chances.zip(p.ply),
        });
    }
    Ok(ranked_text(head + ": ", name, &rows))
}
