//! `bg-tui analyse`'s text: who judged whom, the statistics page laid out as GNU
//! Backgammon's `show statistics match` (the same lines, so the two read side by side), the
//! dice, and the worst decisions.

use super::stats::{Amount, Errors, PlayerStats};
use super::{Analysis, ERROR_AT, Judged, WORST, roll_index};
use crate::engine::Dice;
use std::fmt::Write;

/// What a report on an expert that judged itself at `played`-ply adds: the depth that
/// would look deeper, where there is one.
fn deeper_judge(played: u8) -> String {
    if played < crate::bot::expert::MAX_PLY {
        format!(" (an analysis at {}-ply looks deeper)", played + 1)
    } else {
        String::new()
    }
}

/// The analysis as text: the judge, the statistics, the dice, then the worst decisions.
#[must_use]
pub fn text(a: &Analysis, ply: u8) -> String {
    let mut out = format!(
        "Analysis by expert at {ply}-ply; EMG is equity normalised to a single game at the cube \
         (money play: per unit of the cube), mEMG thousandths of it; an error loses {ERROR_AT} or more\n"
    );
    for (i, side) in ["White", "Black"].iter().enumerate() {
        if let Some(played) = a.player_ply[i] {
            let name = &a.players[i];
            let line = match played.cmp(&ply) {
                std::cmp::Ordering::Less => format!(
                    "{side} ({name}) is the expert at {played}-ply, judged {} ply deeper\n",
                    ply - played
                ),
                std::cmp::Ordering::Equal => format!(
                    "{side} ({name}) is the expert at {played}-ply, judged at {ply}-ply: the expert judged itself, so its own errors go unseen{}\n",
                    deeper_judge(played)
                ),
                std::cmp::Ordering::Greater => format!(
                    "{side} ({name}) is the expert at {played}-ply, judged at {ply}-ply: the expert judged itself, less deeply than it played{}\n",
                    deeper_judge(played)
                ),
            };
            out.push_str(&line);
        }
    }
    out.push('\n');
    out.push_str(&statistics(a));
    out.push_str(&dice_text(&a.dice));
    let mut worst: Vec<&Judged> = a.judged.iter().filter(|j| j.loss > 0.0).collect();
    worst.sort_by(|x, y| y.loss.total_cmp(&x.loss));
    if worst.is_empty() {
        out.push_str("\nNo decision lost equity.\n");
        return out;
    }
    out.push_str("\nWorst decisions:\n");
    for j in worst.iter().take(WORST) {
        let dice = j.dice.map_or(String::new(), |[x, y]| {
            format!(" {}-{}", x.max(y), x.min(y))
        });
        let mark = j
            .mark()
            .map_or(String::new(), |m| format!(" {}", m.symbol()));
        let lost = crate::advisor::text::judged_loss(j.loss, j.loss_mwc, "-");
        let _ = writeln!(
            out,
            "  game {}, action {}: {} {}{dice} ({}): {}{mark} -- best {} ({lost})",
            j.game,
            j.action,
            super::side_words::word(j.side),
            j.kind.words(),
            j.position_id,
            j.done,
            j.best
        );
    }
    out
}

/// A line of cube errors: its label and the errors it counts.
type ErrorLine = (&'static str, fn(&PlayerStats) -> Errors);

/// One line of the statistics page: a label and each player's figure.
fn line(
    out: &mut String,
    label: &str,
    stats: &[PlayerStats; 2],
    f: impl Fn(&PlayerStats) -> String,
) {
    let _ = writeln!(out, "  {label:<40} {:<24} {}", f(&stats[0]), f(&stats[1]));
}

/// The statistics page: gnubg's lines, a column per player.
fn statistics(a: &Analysis) -> String {
    let matched = a.match_length.is_some();
    let unit = if matched { "MWC" } else { "Points" };
    let st = &a.stats;
    let mut out = String::new();
    let white = format!("White ({})", a.players[0]);
    let black = format!("Black ({})", a.players[1]);
    let _ = writeln!(out, "  {:<40} {white:<24} {black}", "Player");
    out.push_str("Checker play\n");
    line(&mut out, "Total moves", st, |s| s.total_moves.to_string());
    line(&mut out, "Unforced moves", st, |s| {
        s.unforced_moves.to_string()
    });
    line(&mut out, "Moves marked doubtful", st, |s| {
        s.marked_moves[1].to_string()
    });
    line(&mut out, "Moves marked bad", st, |s| {
        s.marked_moves[2].to_string()
    });
    line(&mut out, "Moves marked very bad", st, |s| {
        s.marked_moves[3].to_string()
    });
    line(&mut out, &format!("Error total EMG ({unit})"), st, |s| {
        total(s.checker_error, matched)
    });
    line(&mut out, &format!("Error rate mEMG ({unit})"), st, |s| {
        rate(s.checker_rate(), matched)
    });
    line(&mut out, "Checker play rating", st, |s| {
        s.checker_rating().unwrap_or("n/a").to_string()
    });
    luck_section(&mut out, st, matched);
    cube_section(&mut out, st, matched);
    overall_section(&mut out, st, matched);
    out
}

/// The statistics page's luck lines.
fn luck_section(out: &mut String, st: &[PlayerStats; 2], matched: bool) {
    let unit = if matched { "MWC" } else { "Points" };
    out.push_str("Luck\n");
    let marks = [
        "Rolls marked very lucky",
        "Rolls marked lucky",
        "Rolls unmarked",
        "Rolls marked unlucky",
        "Rolls marked very unlucky",
    ];
    for (k, label) in marks.iter().enumerate() {
        line(out, label, st, |s| s.luck_marks[k].to_string());
    }
    line(out, &format!("Luck total EMG ({unit})"), st, |s| {
        luck_total(s.luck, matched)
    });
    line(out, &format!("Luck rate mEMG ({unit})"), st, |s| {
        luck_rate(s.luck_rate(), matched)
    });
    line(out, "Luck rating", st, |s| {
        s.luck_rating().unwrap_or("n/a").to_string()
    });
}

/// The statistics page's cube lines.
fn cube_section(out: &mut String, st: &[PlayerStats; 2], matched: bool) {
    let unit = if matched { "MWC" } else { "Points" };
    out.push_str("Cube\n");
    line(out, "Total cube decisions", st, |s| {
        s.total_cube.to_string()
    });
    line(out, "Close or actual cube decisions", st, |s| {
        s.close_cube.to_string()
    });
    line(out, "Doubles", st, |s| s.doubles.to_string());
    line(out, "Takes", st, |s| s.takes.to_string());
    line(out, "Passes", st, |s| s.passes.to_string());
    let kinds: [ErrorLine; 6] = [
        ("Missed doubles below CP", |s| s.missed_doubles_below_cp),
        ("Missed doubles above CP", |s| s.missed_doubles_above_cp),
        ("Wrong doubles below DP", |s| s.wrong_doubles_below_dp),
        ("Wrong doubles above TG", |s| s.wrong_doubles_above_tg),
        ("Wrong takes", |s| s.wrong_takes),
        ("Wrong passes", |s| s.wrong_passes),
    ];
    for (label, of) in kinds {
        line(out, &format!("{label} (EMG ({unit}))"), st, |s| {
            errors(of(s), matched)
        });
    }
    line(out, &format!("Error total EMG ({unit})"), st, |s| {
        total(s.cube_error(), matched)
    });
    line(out, &format!("Error rate mEMG ({unit})"), st, |s| {
        rate(s.cube_rate(), matched)
    });
    line(out, "Cube decision rating", st, |s| {
        s.cube_rating().unwrap_or("n/a").to_string()
    });
}

/// The statistics page's overall lines.
fn overall_section(out: &mut String, st: &[PlayerStats; 2], matched: bool) {
    let unit = if matched { "MWC" } else { "Points" };
    out.push_str("Overall\n");
    line(out, "Decisions (unforced and close cube)", st, |s| {
        s.decisions().to_string()
    });
    line(out, &format!("Error total EMG ({unit})"), st, |s| {
        total(s.overall_error(), matched)
    });
    line(out, &format!("Error rate mEMG ({unit})"), st, |s| {
        rate(s.overall_rate(), matched)
    });
    line(out, "Overall rating", st, |s| {
        s.overall_rating().unwrap_or("n/a").to_string()
    });
    line(out, "PR (500 x error per decision)", st, |s| {
        format!("{:.1}", 500.0 * s.overall_rate().emg)
    });
    line(out, "Actual result", st, |s| {
        result(s.actual_result, matched)
    });
    line(out, "Luck adjusted result", st, |s| {
        result(s.luck_adjusted, matched)
    });
}

/// An error or luck total: EMG, then MWC (percent) or points.
fn total(a: Amount, matched: bool) -> String {
    if matched {
        format!("{:+.3} ({:+.3}%)", -a.emg, -100.0 * a.mwc)
    } else {
        format!("{:+.3} ({:+.3})", -a.emg, -a.mwc)
    }
}

/// A luck total (its sign as it is).
fn luck_total(a: Amount, matched: bool) -> String {
    total(
        Amount {
            emg: -a.emg,
            mwc: -a.mwc,
        },
        matched,
    )
}

/// A luck rate (its sign as it is).
fn luck_rate(a: Amount, matched: bool) -> String {
    rate(
        Amount {
            emg: -a.emg,
            mwc: -a.mwc,
        },
        matched,
    )
}

/// A rate: mEMG, then MWC (percent) or points.
fn rate(a: Amount, matched: bool) -> String {
    if matched {
        format!("{:+.1} ({:+.3}%)", -1000.0 * a.emg, -100.0 * a.mwc)
    } else {
        format!("{:+.1} ({:+.3})", -1000.0 * a.emg, -a.mwc)
    }
}

/// A count of cube errors with what they cost.
fn errors(e: Errors, matched: bool) -> String {
    if e.count == 0 {
        "0".to_string()
    } else {
        format!("{} ({})", e.count, total(e.cost, matched))
    }
}

/// A result: points, or match-winning chances in percent.
fn result(r: f64, matched: bool) -> String {
    if matched {
        format!("{:+.2}%", 100.0 * r)
    } else {
        format!("{r:+.3}")
    }
}

/// The dice each player rolled: each roll's count against what 1 or 2 in 36 would give.
fn dice_text(counts: &[[u32; 21]; 2]) -> String {
    let mut out = String::from("\nDice (rolls played: White, Black, expected each):\n");
    let mut cells = Vec::new();
    for high in 1..=6u8 {
        for low in 1..=high {
            let Ok(d) = Dice::new(high, low) else {
                continue;
            };
            let i = roll_index(d);
            let expected = |side: usize| {
                let n: u32 = counts[side].iter().sum();
                f64::from(n) * if high == low { 1.0 } else { 2.0 } / 36.0
            };
            cells.push(format!(
                "{high}-{low} {:>2} {:>2} ({:.1}, {:.1})",
                counts[0][i],
                counts[1][i],
                expected(0),
                expected(1)
            ));
        }
    }
    for line in cells.chunks(3) {
        out.push_str("  ");
        out.push_str(&line.join("   "));
        out.push('\n');
    }
    out
}
