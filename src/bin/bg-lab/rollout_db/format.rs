//! The rollout database's files: a shard of compact lines (version 2), and the JSON lines of
//! the first database (version 1, kept as the validation set), read within limits.
//!
//! A shard is text. Its first line says what made every line after it:
//!
//! ```text
//! # bg-tui rollout-db 2 rules=backgammon seed=2 spread=8 explore=4 trials=1296 truncate=none ply=0 variance-reduction=no nets=shipped
//! 0 4HPwATDgc/ABMA 676 170 6 165 5
//! ```
//!
//! and each position is a line: its index in the sampling's order, the position (the
//! player on roll before rolling), then the outcomes of its trials for that player: wins,
//! gammons won, backgammons won, gammons lost, backgammons lost. With whole games and no
//! variance reduction they are counts out of `trials`; otherwise chances (0-1, four places).
//! Other lines beginning with `#` are notes (a run's start).
//!
//! The first line's `rules` names the rule set whose nets drew and rolled out the positions
//! (backgammon, Jacquet, Plakoto or Fevga). A position is its Position ID in the rule sets
//! that have one (backgammon and Jacquet), and its [board token](super::token) in Plakoto
//! and Fevga:
//!
//! ```text
//! # bg-tui rollout-db 2 rules=plakoto seed=1 spread=8 explore=4 trials=1296 truncate=none ply=0 variance-reduction=no nets=shipped
//! 0 -o----------------------O- 650 170 0 160 0
//! ```

use super::token::{board_token, position_from_token};
use bg_tui::bot::expert::supervised::Opponent;
use bg_tui::bot::expert::{Chances, Probs};
use bg_tui::engine::{Position, Variant, position_from_id, position_id};
use bg_tui::printable::{MAX_ERROR_CHARS, printable};
use std::io::BufRead;
use std::path::Path;

/// The first words of a shard's first line.
pub(crate) const HEADER: &str = "# bg-tui rollout-db 2";
/// The largest database file read (a shard of 10,000 positions is about 450 kB; the JSON
/// lines of the validation set about 700 kB).
pub(crate) const MAX_DB_BYTES: u64 = 64 << 20;
/// The longest line read.
const MAX_LINE: usize = 1024;
/// The longest torn last line (a run killed while writing it) cut away when a run goes on:
/// anything longer is not the end of an entry.
pub(crate) const MAX_TORN: u64 = 120;

/// What made a shard's lines: the sampling and the rollout's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Made {
    /// The rule set whose nets drew and rolled out the positions: backgammon, Jacquet,
    /// Plakoto or Fevga ([`nets_rule_set`]).
    pub(crate) variant: Variant,
    /// The self-play games' seed (and the rollouts').
    pub(crate) seed: u64,
    /// One position in this many taken.
    pub(crate) spread: u32,
    /// One turn in this many plays a near-best play (0: never).
    pub(crate) explore: u32,
    /// Trials of each rollout.
    pub(crate) trials: u32,
    /// Turns before a trial is valued by the nets, or `None` for whole games.
    pub(crate) truncate: Option<u32>,
    /// The look-ahead in the trials.
    pub(crate) ply: u8,
    /// Variance reduction in the trials.
    pub(crate) variance_reduction: bool,
    /// The nets: `shipped` or the file's name (letters, digits, `.`, `_`, `-`).
    pub(crate) nets: String,
    /// The kinds of position kept (`--kinds`: their keys, comma-separated, in a fixed
    /// order), or `None` for every kind.
    pub(crate) kinds: Option<String>,
    /// The screen (`--screen`), in thousandths of a point of equity: a position is rolled
    /// out only where a short rollout of it is at least this far from the nets, or `None`
    /// for no screen.
    pub(crate) screen: Option<u32>,
    /// Whether the lines are the competing plays of decisions (`--decisions`): the
    /// positions after each of a roll's close plays, several lines to an index.
    pub(crate) decisions: bool,
    /// Who played against the nets in the games the positions were drawn from
    /// (`--opponent`).
    pub(crate) opponent: Opponent,
    /// The nets whose 0-ply choice each decision rolls out too (`--also-nets`: the file's
    /// name, as [`Made::nets`]), or `None`.
    pub(crate) also_nets: Option<String>,
}

/// An opponent's name in a first line and on the command line.
pub(crate) fn opponent_name(opponent: Opponent) -> &'static str {
    match opponent {
        Opponent::Nets => "nets",
        Opponent::Pubeval => "pubeval",
    }
}

/// The opponent `name` names (`nets` or `pubeval`).
pub(crate) fn opponent_of(name: &str) -> Result<Opponent, String> {
    match name {
        "nets" => Ok(Opponent::Nets),
        "pubeval" => Ok(Opponent::Pubeval),
        _ => Err(format!("nets or pubeval, not {}", quoted(name))),
    }
}

impl Made {
    /// Whether the outcomes are whole counts out of [`Made::trials`].
    pub(crate) fn counts(&self) -> bool {
        self.truncate.is_none() && !self.variance_reduction
    }

    /// The shard's first line (without its newline). The kinds, the screen, the decisions
    /// and an opponent other than the nets are written only where they are set, so the
    /// first lines of shards made without them stay as they were.
    pub(crate) fn header(&self) -> String {
        let mut line = self.settings();
        if let Some(kinds) = &self.kinds {
            line.push_str(&format!(" kinds={kinds}"));
        }
        if let Some(screen) = self.screen {
            line.push_str(&format!(" screen={}.{:03}", screen / 1000, screen % 1000));
        }
        if self.decisions {
            line.push_str(" decisions=yes");
        }
        if self.opponent != Opponent::Nets {
            line.push_str(&format!(" opponent={}", opponent_name(self.opponent)));
        }
        if let Some(also) = &self.also_nets {
            line.push_str(&format!(" also-nets={also}"));
        }
        line
    }

    /// The first line's settings every shard has.
    fn settings(&self) -> String {
        format!(
            "{HEADER} rules={} seed={} spread={} explore={} trials={} truncate={} ply={} variance-reduction={} nets={}",
            self.variant.name(),
            self.seed,
            self.spread,
            self.explore,
            self.trials,
            self.truncate
                .map_or_else(|| "none".to_string(), |t| t.to_string()),
            self.ply,
            if self.variance_reduction { "yes" } else { "no" },
            self.nets
        )
    }

    /// Reads a shard's first line.
    pub(crate) fn from_header(line: &str) -> Result<Made, String> {
        let rest = line.strip_prefix(HEADER).ok_or_else(|| {
            format!("not a rollout database (its first line is not \"{HEADER} ...\")")
        })?;
        let mut made = Made {
            variant: Variant::Backgammon,
            seed: 0,
            spread: 0,
            explore: 0,
            trials: 0,
            truncate: None,
            ply: 0,
            variance_reduction: false,
            nets: String::new(),
            kinds: None,
            screen: None,
            decisions: false,
            opponent: Opponent::Nets,
            also_nets: None,
        };
        let mut seen = Vec::new();
        for word in rest.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("the first line's {} is not key=value", quoted(word)))?;
            let bad = || format!("the first line's {key} is {}", quoted(value));
            match key {
                "rules" => made.variant = nets_rule_set(value).map_err(|_| bad())?,
                "seed" => made.seed = value.parse().map_err(|_| bad())?,
                "spread" => made.spread = value.parse().map_err(|_| bad())?,
                "explore" => made.explore = value.parse().map_err(|_| bad())?,
                "trials" => made.trials = value.parse().map_err(|_| bad())?,
                "truncate" if value == "none" => made.truncate = None,
                "truncate" => made.truncate = Some(value.parse().map_err(|_| bad())?),
                "ply" => made.ply = value.parse().map_err(|_| bad())?,
                "variance-reduction" if value == "yes" => made.variance_reduction = true,
                "variance-reduction" if value == "no" => made.variance_reduction = false,
                "nets" if !value.is_empty() && value.chars().all(name_char) => {
                    made.nets = value.to_string();
                }
                "kinds" => {
                    let kinds = crate::eval_db::Kind::parse_list(Variant::Backgammon, value)
                        .map_err(|_| bad())?;
                    made.kinds = Some(kinds_key(&kinds));
                }
                "screen" => made.screen = Some(thousandths(value).ok_or_else(bad)?),
                "decisions" if value == "yes" => made.decisions = true,
                "decisions" if value == "no" => made.decisions = false,
                "opponent" => made.opponent = opponent_of(value).map_err(|_| bad())?,
                "also-nets" if !value.is_empty() && value.chars().all(name_char) => {
                    made.also_nets = Some(value.to_string());
                }
                _ => return Err(bad()),
            }
            seen.push(key.to_string());
        }
        for key in [
            "seed", "spread", "explore", "trials", "truncate", "ply", "nets",
        ] {
            if !seen.iter().any(|k| k == key) {
                return Err(format!("the first line has no {key}"));
            }
        }
        if made.trials == 0 {
            return Err("the first line's trials is 0".to_string());
        }
        if let Some(kinds) = &made.kinds {
            crate::eval_db::Kind::parse_list(made.variant, kinds)
                .map_err(|why| format!("the first line's kinds: {why}"))?;
        }
        Ok(made)
    }

    /// What differs between `self` (a shard's) and `asked` (this run's), as `field X, not Y`
    /// (a field one of them lacks: `all` kinds, screen `none`, decisions `no`).
    pub(crate) fn differences(&self, asked: &Made) -> String {
        let fields = |made: &Made| -> Vec<(String, String)> {
            let header = made.header();
            let mut fields: Vec<(String, String)> = header
                .split_whitespace()
                .filter_map(|w| w.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            for (key, none) in [
                ("kinds", "all"),
                ("screen", "none"),
                ("decisions", "no"),
                ("opponent", "nets"),
                ("also-nets", "none"),
            ] {
                if !fields.iter().any(|(k, _)| k == key) {
                    fields.push((key.to_string(), none.to_string()));
                }
            }
            fields
        };
        let ours = fields(asked);
        fields(self)
            .into_iter()
            .filter_map(|(key, theirs)| {
                let (_, ours) = ours.iter().find(|(k, _)| *k == key)?;
                (theirs != *ours).then(|| format!("{key} {theirs}, not {ours}"))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The rule set named `name` (as `--rules` and a first line's `rules` name it) if it has
/// nets of its own: backgammon, Jacquet, Plakoto or Fevga.
///
/// # Errors
/// A line for the user: not a rule set, or one that plays with another's nets (Portes).
pub(crate) fn nets_rule_set(name: &str) -> Result<Variant, String> {
    match name.parse::<Variant>().map_err(|e| e.to_string())? {
        v @ (Variant::Backgammon | Variant::Jacquet | Variant::Plakoto | Variant::Fevga) => Ok(v),
        v => Err(format!(
            "{v} plays with backgammon's nets and has no rollout database of its own (--rules backgammon)"
        )),
    }
}

/// The position as a shard of `variant` writes it: its Position ID where the rule set has
/// one (backgammon, Jacquet), otherwise its [board token](super::token).
pub(crate) fn position_text(variant: Variant, position: &Position) -> String {
    if variant.has_position_id() {
        position_id(position)
    } else {
        board_token(position)
    }
}

/// The position of `variant` that `text` says ([`position_text`]), checked to be one of
/// the rule set's and not over.
///
/// # Errors
/// What is wrong with it, in words for a line of a file's error.
pub(crate) fn position_from_text(variant: Variant, text: &str) -> Result<Position, String> {
    let position = if variant.has_position_id() {
        let p = position_from_id(text).map_err(|e| e.to_string())?;
        variant
            .rules()
            .check(&p)
            .map_err(|e| format!("not a position of {variant}: {e}"))?;
        p
    } else {
        position_from_token(variant, text)?
    };
    if is_over(variant, &position) {
        return Err("the position is over".to_string());
    }
    Ok(position)
}

/// Whether the game of `variant` is over in `position` (its player on roll before rolling):
/// a side has won, or the rules judge the play that led to it final.
pub(crate) fn is_over(variant: Variant, position: &Position) -> bool {
    position.mover_has_won()
        || position.opponent_has_won()
        || variant.rules().judge(&position.switched()).is_some()
}

/// The kinds as a first line writes them: their keys, comma-separated.
pub(crate) fn kinds_key(kinds: &[crate::eval_db::Kind]) -> String {
    kinds.iter().map(|k| k.key()).collect::<Vec<_>>().join(",")
}

/// `text` (a decimal number from 0 to 2, at most three decimals) in thousandths.
pub(crate) fn thousandths(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty() || frac.len() > 3 {
        return None;
    }
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > 1 {
        return None;
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let frac: u32 = format!("{frac:0<3}").parse().ok()?;
    let value = whole * 1000 + frac;
    (value <= 2000).then_some(value)
}

/// The comment line that says position `index` of the sampling was screened out
/// (`--screen`): a run that goes on does not screen it again.
pub(crate) fn screened_out_line(index: usize) -> String {
    format!("{SCREENED_OUT}{index}")
}

/// How a screened-out line begins.
const SCREENED_OUT: &str = "# screened out ";

/// A character a nets name keeps in a header.
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

/// A file's name as a header names nets: other characters become `_`.
pub(crate) fn nets_name(name: &str) -> String {
    let n: String = name
        .chars()
        .take(64)
        .map(|c| if name_char(c) { c } else { '_' })
        .collect();
    if n.is_empty() { "_".to_string() } else { n }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", printable(text, MAX_ERROR_CHARS))
}

/// One rolled-out position.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    /// The position's place in the sampling's order (from 0).
    pub(crate) index: usize,
    /// The position, its player on roll before rolling.
    pub(crate) position: Position,
    /// The position as written: its Position ID, or its board token ([`position_text`]).
    pub(crate) position_id: String,
    /// The chances of the player on roll: win, win gammon, win backgammon, lose gammon, lose
    /// backgammon.
    pub(crate) chances: [f64; 5],
}

impl Entry {
    /// The chances as the nets' type, each clamped to 0-1.
    pub(crate) fn probs(&self) -> Probs {
        self.chances.map(|c| c.clamp(0.0, 1.0) as f32)
    }

    /// The cubeless equity for the player on roll.
    pub(crate) fn equity(&self) -> f64 {
        equity(&self.chances)
    }
}

/// The cubeless equity of `chances` (win, win gammon, win backgammon, lose gammon, lose
/// backgammon) for their player.
pub(crate) fn equity(p: &[f64; 5]) -> f64 {
    2.0 * p.win() - 1.0 + p.win_gammon() - p.lose_gammon() + p.win_backgammon()
        - p.lose_backgammon()
}

/// A shard's line for a rollout's `chances` (without its newline).
pub(crate) fn entry_line(
    made: &Made,
    index: usize,
    position_id: &str,
    chances: &[f64; 5],
) -> String {
    let values: Vec<String> = if made.counts() {
        chances
            .iter()
            .map(|c| format!("{}", (c * f64::from(made.trials)).round() as u64))
            .collect()
    } else {
        chances.iter().map(|c| format!("{c:.4}")).collect()
    };
    format!("{index} {position_id} {}", values.join(" "))
}

/// Reads a shard's entry line.
pub(crate) fn parse_entry(made: &Made, line: &str) -> Result<Entry, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [index, id, values @ ..] = words.as_slice() else {
        return Err("not an entry (index, position, five outcomes)".to_string());
    };
    if values.len() != 5 {
        return Err(format!("{} outcomes, not 5", values.len()));
    }
    let index: usize = index
        .parse()
        .map_err(|_| format!("the index {} is not a number", quoted(index)))?;
    let position = position_from_text(made.variant, id)?;
    let mut chances = [0.0f64; 5];
    for (c, v) in chances.iter_mut().zip(values) {
        *c = if made.counts() {
            let n: u32 = v
                .parse()
                .map_err(|_| format!("the outcome {} is not a count", quoted(v)))?;
            f64::from(n) / f64::from(made.trials)
        } else {
            let x: f64 = v
                .parse()
                .map_err(|_| format!("the outcome {} is not a number", quoted(v)))?;
            if !x.is_finite() || !(-0.5..=1.5).contains(&x) {
                return Err(format!("the outcome {} is out of range", quoted(v)));
            }
            x
        };
    }
    let [w, wg, wbg, lg, lbg] = chances;
    if made.counts() && !(w <= 1.0 && wg <= w && wbg <= wg && lg <= 1.0 - w + 1e-12 && lbg <= lg) {
        return Err("the outcomes do not add up (more gammons than wins or losses)".to_string());
    }
    Ok(Entry {
        index,
        position,
        position_id: (*id).to_string(),
        chances,
    })
}

/// A database read: what made it (`None` for the JSON lines of version 1), its entries, and
/// the byte length of its whole lines.
#[derive(Debug)]
pub(crate) struct Database {
    pub(crate) made: Option<Made>,
    pub(crate) entries: Vec<Entry>,
    /// The positions of the sampling screened out (`--screen`), by index.
    pub(crate) screened_out: Vec<usize>,
    pub(crate) whole: u64,
    /// A torn last line (no newline) follows the whole lines.
    pub(crate) torn: bool,
}

/// Why a database cannot be read: the line (from 1; 0 for the file as a whole) and why.
#[derive(Debug)]
pub(crate) struct BadLine {
    pub(crate) line: usize,
    pub(crate) why: String,
}

/// Reads a database from `reader` (a shard, or JSON lines of version 1), at most
/// [`MAX_DB_BYTES`]. A last line without its newline is left out and reported (`torn`) when
/// it follows a whole line of the file and is short; otherwise the file is not a database.
pub(crate) fn read_database(reader: impl std::io::Read) -> Result<Database, BadLine> {
    let mut reader = std::io::BufReader::new(reader.take(MAX_DB_BYTES + 1));
    let mut db = Database {
        made: None,
        entries: Vec::new(),
        screened_out: Vec::new(),
        whole: 0,
        torn: false,
    };
    let mut bytes = Vec::new();
    let mut version = 0u8;
    for line in 1.. {
        bytes.clear();
        let n = std::io::Read::take(&mut reader, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| BadLine {
                line,
                why: e.to_string(),
            })?;
        let bad = |why: String| BadLine { line, why };
        if n == 0 {
            break;
        }
        if db.whole + n as u64 > MAX_DB_BYTES {
            return Err(bad(format!("the file is larger than {MAX_DB_BYTES} bytes")));
        }
        if bytes.last() != Some(&b'\n') {
            if n > MAX_LINE {
                return Err(bad(format!("a line longer than {MAX_LINE} bytes")));
            }
            // A run killed while writing leaves a short last line after whole ones.
            if line > 1 && n as u64 <= MAX_TORN {
                db.torn = true;
                break;
            }
            return Err(bad(
                "not a rollout database (no whole line where an entry or its first line should be)"
                    .to_string(),
            ));
        }
        db.whole += n as u64;
        let text =
            std::str::from_utf8(&bytes[..n - 1]).map_err(|_| bad("not UTF-8 text".to_string()))?;
        if line == 1 {
            if text.starts_with('{') {
                version = 1;
            } else {
                db.made = Some(Made::from_header(text).map_err(bad)?);
                version = 2;
                continue;
            }
        }
        if version == 2 && text.starts_with('#') {
            if let Some(index) = text.strip_prefix(SCREENED_OUT) {
                let index = index
                    .parse()
                    .map_err(|_| bad(format!("{} is no screened-out position", quoted(text))))?;
                db.screened_out.push(index);
            }
            continue;
        }
        let entry = match &db.made {
            Some(made) => parse_entry(made, text),
            None => parse_json_entry(text),
        };
        db.entries.push(entry.map_err(bad)?);
    }
    Ok(db)
}

/// A line of version 1 (the first database's JSON lines).
#[derive(serde::Deserialize)]
struct JsonEntry {
    index: usize,
    position_id: String,
    chances: [f64; 5],
}

fn parse_json_entry(text: &str) -> Result<Entry, String> {
    let e: JsonEntry = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let position = position_from_id(&e.position_id).map_err(|e| e.to_string())?;
    if e.chances.iter().any(|c| !c.is_finite()) {
        return Err("a chance is not a number".to_string());
    }
    Ok(Entry {
        index: e.index,
        position,
        position_id: e.position_id,
        chances: e.chances,
    })
}

/// Opens `path` for reading: a regular file only (a FIFO or a device is refused at once,
/// never waited on or read for ever), of at most [`MAX_DB_BYTES`].
pub(crate) fn open_regular(path: &Path) -> Result<std::fs::File, String> {
    let file = bg_tui::regular_file::open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::InvalidInput {
            format!(
                "{}: not a regular file: a rollout database is one",
                path.display()
            )
        } else {
            format!("{}: {e}", path.display())
        }
    })?;
    let meta = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.len() > MAX_DB_BYTES {
        return Err(format!(
            "{}: larger than {MAX_DB_BYTES} bytes: not a rollout database",
            path.display()
        ));
    }
    Ok(file)
}

/// Reads the text file at `path` (see [`open_regular`]).
pub(crate) fn read_text(path: &Path) -> Result<String, String> {
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut std::io::Read::take(open_regular(path)?, MAX_DB_BYTES),
        &mut text,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text)
}

/// Reads the database at `path` (see [`open_regular`] and [`read_database`]).
pub(crate) fn read_file(path: &Path) -> Result<Database, String> {
    read_database(open_regular(path)?)
        .map_err(|b| format!("{}, line {}: {}", path.display(), b.line, b.why))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made() -> Made {
        Made {
            variant: Variant::Backgammon,
            seed: 2,
            spread: 8,
            explore: 4,
            trials: 1296,
            truncate: None,
            ply: 0,
            variance_reduction: false,
            nets: "shipped".to_string(),
            kinds: None,
            screen: None,
            decisions: false,
            opponent: Opponent::Nets,
            also_nets: None,
        }
    }

    /// An opponent other than the nets, and the other nets of decisions, are written, read
    /// back and told apart; left unset they are not written, so the first lines of shards
    /// made without them stay as they were.
    #[test]
    fn an_opponent_and_other_nets_are_in_the_first_line_only_when_set() {
        let m = made();
        assert!(!m.header().contains("opponent"), "{}", m.header());
        let against = Made {
            opponent: Opponent::Pubeval,
            ..m.clone()
        };
        let header = against.header();
        assert!(
            header.ends_with(" nets=shipped opponent=pubeval"),
            "{header}"
        );
        assert_eq!(Made::from_header(&header), Ok(against.clone()));
        assert_eq!(
            Made::from_header(&header.replace("=pubeval", "=nets")),
            Ok(m.clone())
        );
        assert!(Made::from_header(&header.replace("=pubeval", "=gnubg")).is_err());
        assert_eq!(m.differences(&against), "opponent nets, not pubeval");
        // The other nets of decisions, likewise.
        let also = Made {
            decisions: true,
            also_nets: Some("p400.bgnet".to_string()),
            ..m.clone()
        };
        let header = also.header();
        assert!(
            header.ends_with(" decisions=yes also-nets=p400.bgnet"),
            "{header}"
        );
        assert_eq!(Made::from_header(&header), Ok(also.clone()));
        assert!(Made::from_header(&header.replace("p400.bgnet", "a/b")).is_err());
    }

    #[test]
    fn kinds_a_screen_and_decisions_are_in_the_first_line_only_when_set() {
        let m = made();
        let header = m.header();
        assert!(
            !header.contains("kinds")
                && !header.contains("screen")
                && !header.contains("decisions"),
            "{header}"
        );
        let screened = Made {
            kinds: Some("crashed,borne-off".to_string()),
            screen: Some(50),
            ..m.clone()
        };
        let header = screened.header();
        assert!(
            header.ends_with(" kinds=crashed,borne-off screen=0.050"),
            "{header}"
        );
        let decisions = Made {
            decisions: true,
            ..m.clone()
        };
        let decided = decisions.header();
        assert!(
            decided.ends_with(" nets=shipped decisions=yes"),
            "{decided}"
        );
        assert_eq!(Made::from_header(&decided), Ok(decisions.clone()));
        assert_eq!(
            Made::from_header(&decided.replace("=yes", "=no")),
            Ok(m.clone())
        );
        assert!(Made::from_header(&decided.replace("=yes", "=2")).is_err());
        assert_eq!(m.differences(&decisions), "decisions no, not yes");
        assert_eq!(Made::from_header(&header), Ok(screened.clone()));
        // The kinds read back in their fixed order; an unknown one is refused.
        let shuffled = header.replace("crashed,borne-off", "borne-off,crashed");
        assert_eq!(Made::from_header(&shuffled), Ok(screened.clone()));
        assert!(Made::from_header(&header.replace("crashed", "primes")).is_err());
        assert!(Made::from_header(&header.replace("0.050", "3")).is_err());
        // A shard made without them differs from a run asking for them, and says how.
        assert_eq!(
            m.differences(&screened),
            "kinds all, not crashed,borne-off, screen none, not 0.050"
        );
    }

    #[test]
    fn an_equity_margin_reads_in_thousandths() {
        assert_eq!(thousandths("0.05"), Some(50));
        assert_eq!(thousandths(".125"), Some(125));
        assert_eq!(thousandths("2"), Some(2000));
        assert_eq!(thousandths("1.5"), Some(1500));
        for bad in ["", ".", "2.001", "0.0001", "-0.1", "1e-2", "10", "x"] {
            assert_eq!(thousandths(bad), None, "{bad}");
        }
    }

    #[test]
    fn screened_out_positions_are_read_from_their_notes() {
        let text = format!(
            "{}\n{}\n0 4HPwATDgc/ABMA 676 170 6 165 5\n{}\n# run started at 1\n",
            made().header(),
            screened_out_line(3),
            screened_out_line(1)
        );
        let db = read_database(text.as_bytes()).expect("a database");
        assert_eq!(db.screened_out, [3, 1]);
        assert_eq!(db.entries.len(), 1);
        let bad = format!("{}\n# screened out x\n", made().header());
        assert_eq!(read_database(bad.as_bytes()).expect_err("no index").line, 2);
    }

    #[test]
    fn a_header_reads_back_as_it_was_written() {
        let m = made();
        assert_eq!(Made::from_header(&m.header()), Ok(m.clone()));
        let t = Made {
            truncate: Some(7),
            variance_reduction: true,
            ..m
        };
        assert_eq!(Made::from_header(&t.header()), Ok(t));
        assert!(Made::from_header("# bg-tui rollout-db 2 seed=x").is_err());
        assert!(Made::from_header("{\"index\":0}").is_err());
    }

    #[test]
    fn an_entry_line_holds_counts_out_of_the_trials() {
        let m = made();
        let chances = [
            676.0 / 1296.0,
            170.0 / 1296.0,
            6.0 / 1296.0,
            165.0 / 1296.0,
            5.0 / 1296.0,
        ];
        let line = entry_line(&m, 17, "4HPwATDgc/ABMA", &chances);
        assert_eq!(line, "17 4HPwATDgc/ABMA 676 170 6 165 5");
        let e = parse_entry(&m, &line).expect("an entry");
        assert_eq!((e.index, e.chances), (17, chances));
        // More gammons than wins: not a rollout's.
        assert!(parse_entry(&m, "1 4HPwATDgc/ABMA 10 11 0 0 0").is_err());
        assert!(parse_entry(&m, "1 4HPwATDgc/ABMA 10 1 0 0").is_err());
        assert!(parse_entry(&m, "1 nonsense 10 1 0 0 0").is_err());
    }

    #[test]
    fn a_file_without_a_whole_line_is_not_a_database() {
        // A record on one line, a note, NULs: refused, not cut to nothing.
        for text in [
            "{\"index\":0,\"position_id\":\"4HPwATDgc/ABMA\"",
            "a note",
            "\0\0\0\0",
        ] {
            let e = read_database(text.as_bytes()).expect_err(text);
            assert_eq!(e.line, 1, "{text}");
        }
        // A long last line after whole ones is not a torn entry either.
        let long = format!("{}\n{}", made().header(), "x".repeat(500));
        assert!(read_database(long.as_bytes()).is_err());
        // A short one is.
        let torn = format!(
            "{}\n0 4HPwATDgc/ABMA 676 170 6 165 5\n1 4HPwA",
            made().header()
        );
        let db = read_database(torn.as_bytes()).expect("a database with a torn end");
        assert!(db.torn);
        assert_eq!(db.entries.len(), 1);
        assert_eq!(db.whole as usize, torn.len() - "1 4HPwA".len());
    }

    #[test]
    fn the_backgammon_shards_in_assets_read_and_write_back_byte_for_byte() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/training/rollouts");
        let mut shards = 0;
        for file in std::fs::read_dir(&dir).expect("the shards' folder") {
            let path = file.expect("a file").path();
            let backgammon = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("backgammon-"));
            if !backgammon
                || path.extension().is_none_or(|e| e != "txt")
                || path.to_string_lossy().contains("gnubg")
            {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a shard");
            let db = read_database(text.as_bytes()).expect("a shard that reads");
            // A shard being grown may end in a line not yet whole: only its whole lines.
            let text = &text[..usize::try_from(db.whole).expect("a size")];
            let made = db.made.expect("a first line");
            assert_eq!(made.variant, Variant::Backgammon);
            // Its first line and its entries, written as this build writes them, are the
            // file's lines: Position IDs, counts.
            let mut lines = text.lines();
            assert_eq!(
                Some(made.header().as_str()),
                lines.next(),
                "{}",
                path.display()
            );
            let entries: Vec<&str> = lines.filter(|l| !l.starts_with('#')).collect();
            assert_eq!(entries.len(), db.entries.len());
            for (line, e) in entries.iter().zip(&db.entries) {
                assert_eq!(e.position_id.len(), 14, "{line}");
                assert_eq!(
                    entry_line(&made, e.index, &e.position_id, &e.chances),
                    *line
                );
            }
            shards += 1;
        }
        assert!(shards >= 4, "{shards} shards in {}", dir.display());
    }

    #[test]
    fn a_plakoto_shard_names_its_rules_and_holds_board_tokens() {
        let plakoto = Made {
            variant: Variant::Plakoto,
            ..made()
        };
        let header = plakoto.header();
        assert!(
            header.starts_with(&format!("{HEADER} rules=plakoto seed=2 ")),
            "{header}"
        );
        assert_eq!(Made::from_header(&header), Ok(plakoto.clone()));
        assert_eq!(
            made().differences(&plakoto),
            "rules backgammon, not plakoto"
        );
        // Portes has no nets of its own, nor shards; crashed is no kind of Plakoto's.
        assert!(Made::from_header(&header.replace("plakoto", "portes")).is_err());
        let crashed = format!("{header} kinds=crashed");
        let e = Made::from_header(&crashed).expect_err("no crashed Plakoto positions");
        assert!(e.contains("of Plakoto (contact, borne-off, race)"), "{e}");
        assert!(Made::from_header(&format!("{header} kinds=race,contact")).is_ok());
        // The documented example line, and the start read back from it.
        let line = "0 -o----------------------O- 650 170 0 160 0";
        let e = parse_entry(&plakoto, line).expect("an entry");
        assert_eq!(e.position, Variant::Plakoto.start_position());
        assert_eq!(
            entry_line(
                &plakoto,
                0,
                &position_text(Variant::Plakoto, &e.position),
                &e.chances
            ),
            line
        );
        // A Position ID is no Plakoto position; a token no backgammon one.
        assert!(parse_entry(&plakoto, "0 4HPwATDgc/ABMA 650 170 0 160 0").is_err());
        assert!(parse_entry(&made(), line).is_err());
        // A game over: the opponent's mother pinned under the mover's checker on point 1,
        // the mover's own start (point 24) left.
        let over = format!("0 -*A{}N{} 650 170 0 160 0", "-".repeat(11), "-".repeat(12));
        let on = format!(
            "0 -*A{}M{}A- 650 170 0 160 0",
            "-".repeat(11),
            "-".repeat(10)
        );
        assert!(
            parse_entry(&plakoto, &on).is_ok(),
            "one of the mover's left on 24: {on}"
        );
        let e = parse_entry(&plakoto, &over).expect_err("over");
        assert!(e.contains("over"), "{e}");
    }

    #[test]
    fn a_malformed_board_token_in_a_shard_is_an_error_naming_its_line() {
        let fevga = Made {
            variant: Variant::Fevga,
            ..made()
        };
        let good = format!("0 -{}o{}O- 650 170 0 160 0", "-".repeat(11), "-".repeat(11));
        for (bad, why) in [
            (good.replace("o-", "p-"), "'p' is not a place"),
            (good.replace("O-", "O"), "25 places"),
            (
                good.replace("-o", "*An").replace("O-", "N-"),
                "no pinned checkers",
            ),
            (good.replace("O-", "P-"), "not a place"),
            (good.replace("-o", "ao"), "16 checkers"),
            (good.replace(" 650", "é 650"), "more than 26 places"),
            (good.replacen('o', "é", 1), "'é' is not a place"),
        ] {
            let text = format!("{}\n{good}\n{bad}\n", fevga.header());
            let e = read_database(text.as_bytes()).expect_err(&bad);
            assert_eq!(e.line, 3, "{bad}");
            assert!(e.why.contains(why), "{bad}: {}", e.why);
        }
        let text = format!("{}\n{good}\n", fevga.header());
        let db = read_database(text.as_bytes()).expect("a Fevga shard");
        assert_eq!(db.entries[0].position, Variant::Fevga.start_position());
    }
}
