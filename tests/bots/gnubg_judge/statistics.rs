//! `analyse`'s statistics against GNU Backgammon's `show statistics match` on the same
//! matches (`tests/fixtures/gnubg/match-analysis/`: each `.mat` file with gnubg's page,
//! raw and parsed): decisions, error rates in mEMG (checker play, cube, overall), rating
//! words, luck.

use bg_tui::analysis::{Analysis, analyse};
use serde_json::Value;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// A figure "within 25%" of gnubg's: the relative difference at most this...
pub(super) const WITHIN: f64 = 0.25;
/// ... or, for rates near zero, at most this many mEMG apart.
pub(super) const WITHIN_MEMG: f64 = 0.5;

/// The match-analysis fixtures: (name, .mat file, gnubg's parsed page), by name.
pub(super) fn files() -> Vec<(String, PathBuf, Value)> {
    let dir = super::fixtures::dir().join("match-analysis");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".mat"))
                .map(str::to_string)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let json = dir.join(format!("{name}.stats.json"));
            let text = std::fs::read_to_string(&json)
                .unwrap_or_else(|e| panic!("{}: {e}", json.display()));
            let page: Value = serde_json::from_str(&text).expect("gnubg's page, parsed");
            (name.clone(), dir.join(format!("{name}.mat")), page)
        })
        .collect()
}

/// bg-tui's analysis of a `.mat` file at `ply`.
pub(super) fn analysis_of(mat: &Path, ply: u8) -> Analysis {
    let text = std::fs::read_to_string(mat).unwrap_or_else(|e| panic!("{}: {e}", mat.display()));
    let record = bg_tui::mat::read_mat(&text).unwrap_or_else(|e| panic!("{}: {e}", mat.display()));
    analyse(&record, ply).unwrap_or_else(|e| panic!("{}: {e}", mat.display()))
}

/// One player's figures, bg-tui's or gnubg's.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Figures {
    /// Unforced moves.
    pub unforced: f64,
    /// Close (or actual) cube decisions.
    pub close_cube: f64,
    /// Checker play error rate, mEMG per unforced move.
    pub checker: f64,
    /// Cube error rate, mEMG per close cube decision.
    pub cube: f64,
    /// Overall error rate, mEMG per decision.
    pub overall: f64,
    /// Overall rating words.
    pub rating: String,
    /// Luck rate, mEMG per roll.
    pub luck: f64,
    /// Luck rating words.
    pub luck_rating: String,
}

/// gnubg's figures for player `i` (0 the first column) of a parsed page.
pub(super) fn gnubg_figures(page: &Value, i: usize) -> Figures {
    let sections = &page["sections"];
    let find = |section: &str, prefix: &str| -> Value {
        sections[section]
            .as_object()
            .and_then(|lines| {
                lines
                    .iter()
                    .find(|(label, _)| label.starts_with(prefix))
                    .map(|(_, v)| v[i].clone())
            })
            .unwrap_or(Value::Null)
    };
    // Rates are printed as losses (negative); luck with its sign.
    let memg = |v: Value| v["emg"].as_f64().map_or(0.0, |x| x.abs());
    let count = |v: Value| v.as_f64().unwrap_or(0.0);
    let words = |v: Value| v.as_str().unwrap_or("n/a").to_string();
    Figures {
        unforced: count(find("Chequerplay statistics", "Unforced moves")),
        close_cube: count(find("Cube statistics", "Close or actual")),
        checker: memg(find("Chequerplay statistics", "Error rate")),
        cube: memg(find("Cube statistics", "Error rate")),
        overall: memg(find("Overall statistics", "Error rate")),
        rating: words(find("Overall statistics", "Overall rating")),
        luck: find("Luck statistics", "Luck rate")["emg"]
            .as_f64()
            .unwrap_or(0.0),
        luck_rating: words(find("Luck statistics", "Luck rating")),
    }
}

/// bg-tui's figures for player `i`.
pub(super) fn our_figures(a: &Analysis, i: usize) -> Figures {
    let s = &a.stats[i];
    Figures {
        unforced: s.unforced_moves as f64,
        close_cube: s.close_cube as f64,
        checker: 1000.0 * s.checker_rate().emg,
        cube: 1000.0 * s.cube_rate().emg,
        overall: 1000.0 * s.overall_rate().emg,
        rating: s.overall_rating().unwrap_or("n/a").to_string(),
        luck: 1000.0 * s.luck_rate().emg,
        luck_rating: s.luck_rating().unwrap_or("n/a").to_string(),
    }
}

/// Two rates agree: within [`WITHIN`] of gnubg's, or [`WITHIN_MEMG`] apart.
pub(super) fn close(ours: f64, theirs: f64) -> bool {
    (ours - theirs).abs() <= (WITHIN * theirs.abs()).max(WITHIN_MEMG)
}

/// One file's row of the table: its name, its players, bg-tui's figures, gnubg's, and
/// whether the expert judged itself.
pub(super) type FileRow = (String, [String; 2], [Figures; 2], [Figures; 2], [bool; 2]);

/// The side-by-side table of every player-file (bg-tui's analysis at `ply`), and the
/// counts: overall error rates within 25%, rating words the same, of how many player-files.
pub(super) fn table(ply: u8, rows: &[FileRow]) -> (String, usize, usize, usize) {
    let mut out = format!(
        "\nanalyse at {ply}-ply against GNU Backgammon at 2-ply: per player, gnubg | bg-tui\n"
    );
    let _ = writeln!(
        out,
        "  {:<34} {:>11} {:>11} {:>13} {:>13} {:>13}  {:<29} {:>13}",
        "file: player",
        "unforced",
        "close cube",
        "checker mEMG",
        "cube mEMG",
        "overall mEMG",
        "rating",
        "luck mEMG/roll"
    );
    let (mut within, mut same, mut n) = (0, 0, 0);
    for (name, players, ours, theirs, itself) in rows {
        for i in 0..2 {
            let (o, t) = (&ours[i], &theirs[i]);
            n += 1;
            within += usize::from(close(o.overall, t.overall));
            same += usize::from(o.rating == t.rating);
            let mark = if itself[i] { "*" } else { "" };
            let _ = writeln!(
                out,
                "  {:<34} {:>5}|{:<5} {:>5}|{:<5} {:>6.1}|{:<6.1} {:>6.1}|{:<6.1} {:>6.1}|{:<6.1}  {:<14}|{:<14} {:>6.1}|{:<6.1}",
                format!("{name}: {}{mark}", players[i]),
                t.unforced,
                o.unforced,
                t.close_cube,
                o.close_cube,
                t.checker,
                o.checker,
                t.cube,
                o.cube,
                t.overall,
                o.overall,
                t.rating,
                o.rating,
                t.luck,
                o.luck
            );
        }
    }
    let _ = writeln!(
        out,
        "  overall error rate within 25% (or {WITHIN_MEMG} mEMG): {within} of {n}; the same rating word: {same} of {n}\n  (* the expert judged itself: bg-tui's analysis at the player's own depth or shallower)"
    );
    (out, within, same, n)
}
