//! `bg-lab eval-db NETS DB`: how far nets are from a rollout database, by kind of position,
//! and from GNU Backgammon's 2-ply chances of the same positions where a file of them is
//! given (`--gnubg`, made once by `assets/gnubg/eval_positions.py` and kept as data; a
//! backgammon database's only).
//!
//! The nets are those of the database's rule set (its first line's `rules`; backgammon for
//! the first database's JSON lines): `shipped` names that rule set's shipped nets, and a
//! `.bgnet` file must hold nets of that rule set.
//!
//! For each position the nets' cubeless equity for the player on roll (at `--ply`) is held
//! against the rollout's: the mean error (nets less rollout) and its root mean square, and
//! the mean squared error of the five chances summed (what a supervised round fits). The
//! kinds are those the nets' errors differ by: a race; a crashed position (GNU
//! Backgammon's class: a side with at most six checkers in play, counting its dead ones
//! on the ace and deuce points as one); a contact position where a side has borne off;
//! any other contact position. Plakoto's and Fevga's positions are told apart as race,
//! contact where a side has borne off, and other contact ([`Kind::of_rule_set`]).
//!
//! A shard of decisions (`rollout-db --decisions`) holds the positions after a roll's close
//! plays, rolled out on the same dice: the nets choose the play after which they value the
//! opponent's position least, and the figures say how often that is the play the rollouts
//! value best and what the choices lose by the rollouts, a judge of how the nets rank a
//! roll's plays rather than of their values.

use crate::rollout_db::format::{Entry, equity, read_file, read_text};
use bg_tui::bot::BotError;
use bg_tui::bot::expert::cube::{ContactKind, contact_kind};
use bg_tui::bot::expert::{ExpertBot, MAX_PLY, Nets, Probs, nets_from_file, shipped_nets_for};
use bg_tui::engine::{Position, Variant, position_from_id};
use clap::Args;
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `bg-lab eval-db`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct EvalDbArgs {
    /// The nets judged: a `.bgnet` file of the database's rule set, or `shipped` for that
    /// rule set's nets built into the program.
    pub(crate) nets: String,
    /// The rollout database: a shard, or the first database's JSON lines.
    pub(crate) db: PathBuf,
    /// GNU Backgammon's chances of the database's positions (the output of
    /// `assets/gnubg/eval_positions.py`): the nets and the rollouts are judged against them
    /// too (a backgammon database only).
    #[arg(long, value_name = "FILE")]
    pub(crate) gnubg: Option<PathBuf>,
    /// The nets' look-ahead (0 to 3).
    #[arg(long, default_value_t = 0)]
    pub(crate) ply: u8,
    /// Judge only the first N positions.
    #[arg(long, value_name = "N")]
    pub(crate) limit: Option<usize>,
    /// Also list the N positions where the nets are furthest from the rollout (Position ID,
    /// kind, the nets', the rollout's and gnubg's equity), worst first.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(crate) worst: usize,
}

/// What stops `eval-db`.
#[derive(Debug, thiserror::Error)]
pub(crate) enum EvalDbError {
    /// The nets could not be read.
    #[error("nets: {0}")]
    Nets(#[from] BotError),
    /// `--ply` out of range.
    #[error("--ply: 0 to {MAX_PLY}, not {0}")]
    Ply(u8),
    /// The database or the gnubg file could not be read.
    #[error("{0}")]
    Read(String),
    /// The database holds no positions.
    #[error("{0}: no positions")]
    Empty(PathBuf),
    /// `--gnubg` with a database of another rule set than backgammon.
    #[error("--gnubg: {0} is a database of {1}'s positions; GNU Backgammon judges backgammon's")]
    GnubgNotBackgammon(PathBuf, Variant),
    /// A nets file of another rule set than the database's.
    #[error("{path}: {theirs}'s nets, not {wanted}'s (the database's rule set)")]
    OtherRuleSet {
        /// The nets file.
        path: String,
        /// Its rule set.
        theirs: Variant,
        /// The database's.
        wanted: Variant,
    },
}

/// The kinds of position the figures are split by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// Contact, no side has borne off, not crashed.
    Contact,
    /// Contact, a side crashed.
    Crashed,
    /// Contact where a side has borne off.
    BorneOff,
    /// No contact.
    Race,
}

impl Kind {
    pub(crate) const ALL: [Kind; 4] = [Kind::Contact, Kind::Crashed, Kind::BorneOff, Kind::Race];

    /// The kinds of `variant`'s positions: [`Kind::ALL`] in backgammon and Jacquet; in
    /// Plakoto and Fevga, whose positions GNU Backgammon's class of crashed ones does not
    /// fit, contact, contact where a side has borne off, and race.
    pub(crate) const fn of_rule_set(variant: Variant) -> &'static [Kind] {
        match variant {
            Variant::Plakoto | Variant::Fevga => &[Kind::Contact, Kind::BorneOff, Kind::Race],
            _ => &Kind::ALL,
        }
    }

    /// The kind's word on the command line and in a shard's first line (`rollout-db
    /// --kinds`).
    pub(crate) const fn key(self) -> &'static str {
        match self {
            Kind::Contact => "contact",
            Kind::Crashed => "crashed",
            Kind::BorneOff => "borne-off",
            Kind::Race => "race",
        }
    }

    /// The kinds of `variant`'s positions ([`Kind::of_rule_set`]) a comma-separated list of
    /// [`Kind::key`]s names, in [`Kind::ALL`]'s order, each once.
    ///
    /// # Errors
    /// The first word that names no kind of the rule set's, in a line for the user.
    pub(crate) fn parse_list(variant: Variant, list: &str) -> Result<Vec<Kind>, String> {
        let kinds_of = Kind::of_rule_set(variant);
        let mut kinds = Vec::new();
        for word in list.split(',') {
            let word = word.trim();
            let kind = kinds_of
                .iter()
                .copied()
                .find(|k| k.key() == word)
                .ok_or_else(|| {
                    let keys: Vec<&str> = kinds_of.iter().map(|k| k.key()).collect();
                    let of = if variant == Variant::Backgammon {
                        String::new()
                    } else {
                        format!(" of {variant}")
                    };
                    format!(
                        "\"{}\" is no kind of position{of} ({})",
                        bg_tui::printable::printable(word, 40),
                        keys.join(", ")
                    )
                })?;
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        kinds.sort();
        Ok(kinds)
    }

    /// The kind of `position`, one of `variant`'s ([`Kind::of_rule_set`]).
    pub(crate) fn of(variant: Variant, position: &Position) -> Kind {
        let crashes = Kind::of_rule_set(variant).contains(&Kind::Crashed);
        if position.is_race() {
            Kind::Race
        } else if crashes && contact_kind(position) == ContactKind::Crashed {
            Kind::Crashed
        } else if position.mover_off() > 0 || position.opponent_off() > 0 {
            Kind::BorneOff
        } else {
            Kind::Contact
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Contact => "contact",
            Kind::Crashed => "crashed",
            Kind::BorneOff => "borne-off contact",
            Kind::Race => "race",
        }
    }
}

/// Running sums of one kind.
#[derive(Debug, Clone, Copy, Default)]
struct Sums {
    n: usize,
    error: f64,
    squares: f64,
    outputs: f64,
    /// Against gnubg: the positions it valued, the nets' squared equity errors and the
    /// rollouts'.
    judged: usize,
    nets_vs_gnubg: f64,
    rollout_vs_gnubg: f64,
}

/// Reads GNU Backgammon's chances: `POSITION_ID w wg wbg lg lbg` a line, `#` notes.
fn read_gnubg(path: &Path) -> Result<HashMap<String, [f64; 5]>, EvalDbError> {
    let text = read_text(path).map_err(|e| EvalDbError::Read(format!("--gnubg: {e}")))?;
    let mut out = HashMap::new();
    for (k, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = || {
            EvalDbError::Read(format!(
                "--gnubg: {}, line {}: not \"POSITION_ID w wg wbg lg lbg\"",
                path.display(),
                k + 1
            ))
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let [id, values @ ..] = words.as_slice() else {
            return Err(bad());
        };
        if values.len() != 5 || position_from_id(id).is_err() {
            return Err(bad());
        }
        let mut p = [0.0; 5];
        for (x, v) in p.iter_mut().zip(values) {
            *x = v.parse().map_err(|_| bad())?;
        }
        out.insert((*id).to_string(), p);
    }
    Ok(out)
}

/// `bg-lab eval-db`: the table of figures by kind.
pub(crate) fn eval_db(args: &EvalDbArgs) -> Result<String, EvalDbError> {
    if args.ply > MAX_PLY {
        return Err(EvalDbError::Ply(args.ply));
    }
    let db = read_file(&args.db).map_err(EvalDbError::Read)?;
    let variant = db.made.as_ref().map_or(Variant::Backgammon, |m| m.variant);
    if args.gnubg.is_some() && variant != Variant::Backgammon {
        return Err(EvalDbError::GnubgNotBackgammon(args.db.clone(), variant));
    }
    let nets = judged_nets(&args.nets, variant)?;
    let mut entries = db.entries;
    if let Some(n) = args.limit {
        entries.truncate(n);
    }
    if entries.is_empty() {
        return Err(EvalDbError::Empty(args.db.clone()));
    }
    let gnubg = args.gnubg.as_deref().map(read_gnubg).transpose()?;
    let mut bot = ExpertBot::new(nets, args.ply);
    let mut sums: HashMap<Kind, Sums> = HashMap::new();
    let mut misses = Vec::new();
    let mut lines = Vec::new();
    for e in &entries {
        let p: Probs = bot.chances(&e.position);
        let ours = p.map(f64::from);
        lines.push(DecisionLine {
            index: e.index,
            nets: equity(&ours),
            rollout: e.equity(),
        });
        let judge = gnubg.as_ref().and_then(|g| g.get(&e.position_id));
        let kind = Kind::of(variant, &e.position);
        add(sums.entry(kind).or_default(), e, &ours, judge);
        if args.worst > 0 {
            misses.push(Miss {
                id: &e.position_id,
                kind,
                nets: equity(&ours),
                rollout: e.equity(),
                gnubg: judge.map(equity),
            });
        }
    }
    let mut out = table(args, variant, &sums, entries.len(), gnubg.is_some());
    if db.made.as_ref().is_some_and(|m| m.decisions)
        && let Some(d) = decisions(&lines)
    {
        let _ = writeln!(
            out,
            "decisions (a roll's close plays rolled out on the same dice): {}; the nets choose the rollouts' best in {:.1}%, losing {:.4} a decision by the rollouts (cubeless, for the player who plays)",
            d.decisions,
            100.0 * d.best as f64 / d.decisions as f64,
            d.loss / d.decisions as f64
        );
    }
    worst(&mut out, misses, args.worst);
    Ok(out)
}

/// A line of a decisions shard (`rollout-db --decisions`) judged: its decision (the index),
/// and the nets' and the rollout's cubeless equity for its player on roll (the one who did
/// not play).
#[derive(Debug, Clone, Copy)]
struct DecisionLine {
    index: usize,
    nets: f64,
    rollout: f64,
}

/// How the nets choose among the lines of each decision.
#[derive(Debug, Clone, Copy, PartialEq)]
struct DecisionFigures {
    /// Decisions with two lines or more.
    decisions: usize,
    /// Those where the nets' choice is the rollouts' best.
    best: usize,
    /// The rollouts' equity the nets' choices lose, summed.
    loss: f64,
}

/// The figures of the decisions in `lines` (each decision's lines side by side, as a shard
/// holds them): the player who plays chooses the line whose player on roll the nets value
/// least, and loses what the rollouts value it above the least of them. `None` without a
/// decision of two lines or more.
fn decisions(lines: &[DecisionLine]) -> Option<DecisionFigures> {
    let mut figures = DecisionFigures {
        decisions: 0,
        best: 0,
        loss: 0.0,
    };
    for decision in lines.chunk_by(|a, b| a.index == b.index) {
        if decision.len() < 2 {
            continue;
        }
        let least = |by: fn(&DecisionLine) -> f64| {
            decision
                .iter()
                .min_by(|a, b| by(a).total_cmp(&by(b)))
                .map_or(0.0, |l| l.rollout)
        };
        let chosen = least(|l| l.nets);
        let best = least(|l| l.rollout);
        figures.decisions += 1;
        figures.best += usize::from(chosen == best);
        figures.loss += chosen - best;
    }
    (figures.decisions > 0).then_some(figures)
}

/// The nets `name` names for judging positions of `variant`: `shipped`, the rule set's
/// shipped nets; otherwise a nets file, which must hold that rule set's.
fn judged_nets(name: &str, variant: Variant) -> Result<Arc<Nets>, EvalDbError> {
    if name == "shipped" {
        return Ok(shipped_nets_for(variant)?);
    }
    let nets = nets_from_file(Path::new(name))?;
    if nets.variant != variant {
        return Err(EvalDbError::OtherRuleSet {
            path: bg_tui::printable::printable(name, 200),
            theirs: nets.variant,
            wanted: variant,
        });
    }
    Ok(nets)
}

/// A position judged, for `--worst`.
struct Miss<'a> {
    id: &'a str,
    kind: Kind,
    nets: f64,
    rollout: f64,
    gnubg: Option<f64>,
}

/// Lists the `n` positions of `misses` furthest from their rollouts, worst first.
fn worst(out: &mut String, mut misses: Vec<Miss<'_>>, n: usize) {
    if n == 0 {
        return;
    }
    misses.sort_by(|a, b| {
        (b.nets - b.rollout)
            .abs()
            .total_cmp(&(a.nets - a.rollout).abs())
    });
    // Position IDs are 14 characters; board tokens 26 or more.
    let width = misses.iter().map(|m| m.id.len()).max().unwrap_or(0).max(16);
    let _ = writeln!(
        out,
        "\nthe {} furthest from their rollouts:\n{:<width$} {:<18} {:>7} {:>8} {:>7}",
        n.min(misses.len()),
        "position",
        "kind",
        "nets",
        "rollout",
        "gnubg"
    );
    for m in misses.iter().take(n) {
        let gnubg = m
            .gnubg
            .map_or_else(|| "-".to_string(), |g| format!("{g:+.3}"));
        let _ = writeln!(
            out,
            "{:<width$} {:<18} {:>+7.3} {:>+8.3} {:>7}",
            m.id,
            m.kind.name(),
            m.nets,
            m.rollout,
            gnubg
        );
    }
}

fn add(s: &mut Sums, e: &Entry, ours: &[f64; 5], gnubg: Option<&[f64; 5]>) {
    let d = equity(ours) - e.equity();
    s.n += 1;
    s.error += d;
    s.squares += d * d;
    s.outputs += ours
        .iter()
        .zip(&e.chances)
        .map(|(a, b)| (a - b).powi(2))
        .sum::<f64>();
    if let Some(g) = gnubg {
        s.judged += 1;
        s.nets_vs_gnubg += (equity(ours) - equity(g)).powi(2);
        s.rollout_vs_gnubg += (e.equity() - equity(g)).powi(2);
    }
}

fn table(
    args: &EvalDbArgs,
    variant: Variant,
    sums: &HashMap<Kind, Sums>,
    total: usize,
    gnubg: bool,
) -> String {
    let mut out = String::new();
    let of = if variant == Variant::Backgammon {
        String::new()
    } else {
        format!(" of {variant}")
    };
    let _ = writeln!(
        out,
        "{} at {}-ply against {} ({total} positions{of}; equity: cubeless, for the player on roll)",
        args.nets,
        args.ply,
        args.db.display()
    );
    let _ = write!(
        out,
        "{:<18} {:>9} {:>11} {:>10} {:>11}",
        "kind", "positions", "mean error", "rms", "chances mse"
    );
    if gnubg {
        let _ = write!(
            out,
            " {:>8} {:>15} {:>18}",
            "by gnubg", "nets rms gnubg", "rollouts rms gnubg"
        );
    }
    out.push('\n');
    let mut all = Sums::default();
    let mut rows: Vec<(String, Sums)> = Vec::new();
    for &kind in Kind::of_rule_set(variant) {
        let s = sums.get(&kind).copied().unwrap_or_default();
        all.n += s.n;
        all.error += s.error;
        all.squares += s.squares;
        all.outputs += s.outputs;
        all.judged += s.judged;
        all.nets_vs_gnubg += s.nets_vs_gnubg;
        all.rollout_vs_gnubg += s.rollout_vs_gnubg;
        rows.push((kind.name().to_string(), s));
    }
    rows.push(("all".to_string(), all));
    for (name, s) in rows {
        let n = s.n.max(1) as f64;
        let _ = write!(
            out,
            "{name:<18} {:>9} {:>+11.4} {:>10.4} {:>11.5}",
            s.n,
            s.error / n,
            (s.squares / n).sqrt(),
            s.outputs / n
        );
        if gnubg {
            let j = s.judged.max(1) as f64;
            let _ = write!(
                out,
                " {:>8} {:>15.4} {:>18.4}",
                s.judged,
                (s.nets_vs_gnubg / j).sqrt(),
                (s.rollout_vs_gnubg / j).sqrt()
            );
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three decisions by hand: the nets pick the rollouts' best of the first (the least
    /// for the player on roll), the second-best of the second, losing 0.05; a decision cut
    /// to one line counts for nothing.
    #[test]
    fn the_nets_choice_of_each_decision_is_judged_by_its_rollouts() {
        let line = |index, nets, rollout| DecisionLine {
            index,
            nets,
            rollout,
        };
        let lines = [
            line(3, -0.20, -0.31),
            line(3, 0.10, 0.02),
            line(3, -0.05, -0.10),
            line(7, 0.40, 0.25),
            line(7, 0.30, 0.30),
            line(9, 0.00, 0.50),
        ];
        let d = decisions(&lines).expect("two decisions");
        assert_eq!((d.decisions, d.best), (2, 1));
        assert!((d.loss - 0.05).abs() < 1e-12, "{d:?}");
        assert_eq!(decisions(&lines[5..]), None);
    }

    #[test]
    fn the_kinds_are_told_apart_on_hand_checked_positions() {
        let kind = |id: &str| Kind::of(Variant::Backgammon, &position_from_id(id).expect("an ID"));
        // The opening position: contact.
        assert_eq!(kind("4HPwATDgc/ABMA"), Kind::Contact);
        // Both sides bearing off, no contact.
        assert_eq!(kind("fz0ASAB7AAAAAA"), Kind::Race);
        // X on the bar with one borne off against O's home board: contact, X has borne off.
        assert_eq!(kind("2+0OAAB/PQAAMA"), Kind::BorneOff);
    }

    #[test]
    fn plakoto_and_fevga_positions_have_no_crashed_kind() {
        use crate::rollout_db::token::position_from_token;
        // The kind of a board token's position under a rule set.
        let kind = |variant, t: &str| {
            Kind::of(variant, &position_from_token(variant, t).expect("a token"))
        };
        let dashes = |n| "-".repeat(n);
        // The mover's fourteen dead on its ace point and one behind the opponent's fifteen:
        // crashed in backgammon, contact in Plakoto.
        let crashed = format!("-N{}o{}A-", dashes(10), dashes(11));
        assert_eq!(kind(Variant::Backgammon, &crashed), Kind::Crashed);
        assert_eq!(kind(Variant::Plakoto, &crashed), Kind::Contact);
        let start = format!("-o{}O-", dashes(22));
        assert_eq!(kind(Variant::Plakoto, &start), Kind::Contact);
        let one_off = start.replace('O', "N");
        assert_eq!(kind(Variant::Plakoto, &one_off), Kind::BorneOff);
        // Home against home: a race in Plakoto; in Fevga the opponent's home is the mover's
        // 13-18, so the mover's fifteen on 3 and the opponent's on 15 are past each other.
        let race = format!("---O{}o---", dashes(18));
        assert_eq!(kind(Variant::Plakoto, &race), Kind::Race);
        let fevga = format!("---O{}o{}", dashes(11), dashes(10));
        assert_eq!(kind(Variant::Fevga, &fevga), Kind::Race);
        let e = Kind::parse_list(Variant::Plakoto, "race,crashed").expect_err("no crashed");
        assert_eq!(
            e,
            "\"crashed\" is no kind of position of Plakoto (contact, borne-off, race)"
        );
        assert_eq!(
            Kind::parse_list(Variant::Fevga, "race, contact,race"),
            Ok(vec![Kind::Contact, Kind::Race])
        );
    }

    #[test]
    fn the_worst_are_listed_furthest_first_and_no_more_than_asked() {
        let miss = |id, nets, rollout, gnubg| Miss {
            id,
            kind: Kind::Race,
            nets,
            rollout,
            gnubg,
        };
        let misses = vec![
            miss("A", 0.10, 0.05, None),
            miss("B", 0.489, -0.776, Some(-0.762)),
            miss("C", -2.323, -2.861, None),
        ];
        let mut out = String::new();
        worst(&mut out, misses, 2);
        let rows: Vec<&str> = out.lines().skip(3).collect();
        assert_eq!(rows.len(), 2, "{out}");
        assert!(
            rows[0].starts_with('B') && rows[0].ends_with("-0.762"),
            "{out}"
        );
        assert!(rows[1].starts_with('C') && rows[1].ends_with('-'), "{out}");
        let mut none = String::new();
        worst(&mut none, Vec::new(), 0);
        assert!(none.is_empty());
    }
}
