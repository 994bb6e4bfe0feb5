//! bg-tui's cube decisions and checker plays against GNU Backgammon's (1.07, 2-ply, cubeful),
//! kept as data in `tests/fixtures/gnubg/` (how they were made: README.md there; the tests
//! never run gnubg).
//!
//! Each test prints a table (`cargo test --test bots gnubg_ -- --nocapture`) with the
//! figures for the dev half of the positions, the holdout half and both, and asserts floors
//! set just below today's figures: raise them as the model improves. The goals
//! (issue 31): money verdicts the same as gnubg's in 95%, match verdicts in 90%,
//! post-Crawford no-double equities within 0.05.
//!
//! What is asked of bg-tui is in [`advice`] (today the advisor): re-point [`bg_tui_advice`]
//! at another API to measure it.

mod advice;
mod fixtures;
mod statistics;

use advice::{Advice, AdvisorApi, Category, CubeAnswer};
use bg_tui::advisor::Advisor;
use bg_tui::bot::expert::Probs;
use bg_tui::bot::expert::met::match_equity;
use fixtures::{CheckerRow, CubeRow, Place, RolloutRow};
use std::collections::HashMap;
use std::fmt::Write;

/// The depth bg-tui is asked at: gnubg's 2-ply is the same look-ahead.
const PLY: u8 = 2;

/// The API the tests measure.
fn bg_tui_advice() -> impl Advice {
    AdvisorApi::new(PLY)
}

/// The halves of the fixtures a table shows.
const SPLITS: [(&str, Option<&str>); 3] = [
    ("dev", Some("dev")),
    ("holdout", Some("holdout")),
    ("all", None),
];

fn in_split(place: &Place, split: Option<&str>) -> bool {
    split.is_none_or(|s| place.split == s)
}

/// A fraction as a percentage with its counts.
fn rate(hits: usize, n: usize) -> String {
    if n == 0 {
        "-".to_string()
    } else {
        format!("{:5.1}% ({hits}/{n})", 100.0 * hits as f64 / n as f64)
    }
}

fn share(hits: usize, n: usize) -> f64 {
    if n == 0 { 1.0 } else { hits as f64 / n as f64 }
}

/// Mean and largest of absolute differences.
#[derive(Debug, Default, Clone, Copy)]
struct Spread {
    n: usize,
    sum: f64,
    max: f64,
}

impl Spread {
    fn add(&mut self, d: f64) {
        self.n += 1;
        self.sum += d.abs();
        self.max = self.max.max(d.abs());
    }

    fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    fn show(&self) -> String {
        if self.n == 0 {
            "-".to_string()
        } else {
            format!(
                "mean {:.3}, max {:.3} (n {})",
                self.mean(),
                self.max,
                self.n
            )
        }
    }
}

/// One cube row judged by both.
struct CubeResult {
    row: CubeRow,
    ours: CubeAnswer,
    theirs: Category,
}

/// The figures of a set of cube rows.
#[derive(Default)]
struct CubeFigures {
    verdicts: (usize, usize),
    words: (usize, usize),
    by_category: Vec<(Category, usize, usize)>,
    doubles: (usize, usize),
    takes: (usize, usize),
    no_double: Spread,
    double_take: Spread,
    no_double_mwc: Spread,
    post_crawford_nd: Spread,
    post_crawford_within: (usize, usize),
    confusion: Vec<(Category, Category, usize)>,
}

/// How far apart two no-double equities may be in the post-Crawford goal.
const POST_CRAWFORD_WITHIN: f64 = 0.05;

/// The match-winning chances after a single game won and lost at the cube in `place` (the
/// table bg-tui and gnubg share): the ends of the EMG scale.
fn single_game_mwc(place: &Place) -> Option<(f64, f64)> {
    let [mine, theirs] = place.away?;
    let v = place.cube.value;
    let post = place.crawford_game || place.post_crawford;
    let win = f64::from(match_equity(mine.saturating_sub(v), theirs, post));
    let lose = f64::from(match_equity(mine, theirs.saturating_sub(v), post));
    Some((win, lose))
}

/// Match-winning chances of an EMG equity in `place`.
fn to_mwc(place: &Place, emg: f64) -> Option<f64> {
    let (win, lose) = single_game_mwc(place)?;
    Some(0.5 * (emg * (win - lose) + win + lose))
}

/// The EMG equity of match-winning chances `mwc` in `place` (the inverse of [`to_mwc`]).
fn to_emg(place: &Place, mwc: f64) -> Option<f64> {
    let (win, lose) = single_game_mwc(place)?;
    (win > lose).then(|| (2.0 * mwc - win - lose) / (win - lose))
}

/// The post-Crawford trailer's no double within [`POST_CRAWFORD_WITHIN`] of the truth:
/// gnubg's cubeful rollout where the row was rolled out (cube-rollouts.jsonl), else gnubg
/// 2-ply's. Returns (bg-tui's hits, gnubg 2-ply's hits, rows, rows rolled out).
fn post_crawford_against_rollouts(results: &[CubeResult]) -> (usize, usize, usize, usize) {
    let rolled: HashMap<String, f64> = fixtures::read::<RolloutRow>("cube-rollouts.jsonl")
        .into_iter()
        .filter_map(|ro| Some((ro.id.clone(), ro.no_double()?)))
        .collect();
    let mut hits = (0, 0, 0, 0);
    for r in results
        .iter()
        .filter(|r| r.row.place.trailer_post_crawford())
    {
        let gnubg = r.row.gnubg.no_double;
        let truth = match rolled.get(&r.row.place.id) {
            Some(&mwc) => {
                hits.3 += 1;
                to_emg(&r.row.place, mwc).unwrap_or(gnubg)
            }
            None => gnubg,
        };
        hits.0 += usize::from((r.ours.no_double - truth).abs() <= POST_CRAWFORD_WITHIN);
        hits.1 += usize::from((gnubg - truth).abs() <= POST_CRAWFORD_WITHIN);
        hits.2 += 1;
    }
    hits
}

fn cube_figures(results: &[CubeResult], split: Option<&str>) -> CubeFigures {
    let mut f = CubeFigures::default();
    for c in Category::ALL {
        f.by_category.push((c, 0, 0));
    }
    for r in results.iter().filter(|r| in_split(&r.row.place, split)) {
        let g = &r.row.gnubg;
        let ours = r.ours;
        f.no_double.add(ours.no_double - g.no_double);
        if let (Some(a), Some(b)) = (
            to_mwc(&r.row.place, ours.no_double),
            g.mwc.as_ref().map(|m| m.no_double),
        ) {
            f.no_double_mwc.add(a - b);
        }
        if r.row.place.trailer_post_crawford() {
            let d = ours.no_double - g.no_double;
            f.post_crawford_nd.add(d);
            f.post_crawford_within.1 += 1;
            f.post_crawford_within.0 += usize::from(d.abs() <= POST_CRAWFORD_WITHIN);
        }
        if r.theirs == Category::NoCube {
            continue;
        }
        f.double_take.add(ours.double_take - g.double_take);
        if let (Some(ours), Some(theirs)) = (ours.words, g.verdict.as_deref()) {
            f.words.1 += 1;
            f.words.0 += usize::from(ours == theirs);
        }
        let agree = ours.category == r.theirs;
        f.verdicts.1 += 1;
        f.verdicts.0 += usize::from(agree);
        if let Some(e) = f.by_category.iter_mut().find(|e| e.0 == r.theirs) {
            e.1 += 1;
            e.2 += usize::from(agree);
        }
        let doubles = |c: Category| matches!(c, Category::DoubleTake | Category::DoublePass);
        f.doubles.1 += 1;
        f.doubles.0 += usize::from(doubles(ours.category) == doubles(r.theirs));
        f.takes.1 += 1;
        f.takes.0 +=
            usize::from((ours.double_take <= ours.double_pass) == (g.double_take <= g.double_pass));
        match f
            .confusion
            .iter_mut()
            .find(|e| e.0 == r.theirs && e.1 == ours.category)
        {
            Some(e) => e.2 += 1,
            None => f.confusion.push((r.theirs, ours.category, 1)),
        }
    }
    f.confusion.sort();
    f
}

/// The verdict of cubeful equities in the doubler's view (no double, double/take,
/// double/pass), in the categories of gnubg's verdicts, ties settled as gnubg settles them
/// (`FindBestCubeDecision`): a double when both answers are worth at least the no double
/// (a rolled-out no double printed as +1.000 against the pass's +1 is a double, pass).
fn category_of(nd: f64, dt: f64, dp: f64) -> Category {
    if dt >= nd && dp >= nd {
        if dp > dt {
            Category::DoubleTake
        } else {
            Category::DoublePass
        }
    } else if nd > dt {
        if dt > dp {
            Category::TooGoodPass
        } else if nd > dp {
            Category::TooGoodTake
        } else {
            Category::NoDouble
        }
    } else {
        Category::TooGoodPass
    }
}

#[test]
fn rolled_out_verdicts_settle_ties_as_gnubg_does() {
    assert_eq!(category_of(1.0, 1.89, 1.0), Category::DoublePass);
    assert_eq!(category_of(1.01, 1.89, 1.0), Category::TooGoodPass);
    assert_eq!(category_of(0.70, 0.70, 1.0), Category::DoubleTake);
    assert_eq!(category_of(0.70, 0.69, 1.0), Category::NoDouble);
    assert_eq!(category_of(1.05, 0.98, 1.0), Category::TooGoodTake);
    assert_eq!(category_of(0.95, 0.98, 0.90), Category::TooGoodPass);
}

/// The rolled-out verdicts of cube-rollouts.jsonl for the rows of `results` (gnubg's
/// cubeful rollouts of the positions where its 2-ply and bg-tui's differed).
fn rollout_verdicts(results: &[CubeResult]) -> HashMap<String, Category> {
    let rows: HashMap<&str, &CubeRow> = results
        .iter()
        .map(|r| (r.row.place.id.as_str(), &r.row))
        .collect();
    fixtures::read::<RolloutRow>("cube-rollouts.jsonl")
        .into_iter()
        .filter_map(|ro| {
            let row = rows.get(ro.id.as_str())?;
            let [nd, dt, dp] = ro.equities(row)?;
            Some((ro.id, category_of(nd, dt, dp)))
        })
        .collect()
}

/// bg-tui's verdicts against the truth: the rollout's verdict where the position was rolled
/// out, else gnubg 2-ply's; and gnubg 2-ply's against the same. Returns (bg-tui's hits,
/// gnubg's hits, decisions, rolled out) and prints them.
fn against_rollouts(title: &str, results: &[CubeResult]) -> (usize, usize, usize, usize) {
    let rolled = rollout_verdicts(results);
    let judged: Vec<&CubeResult> = results
        .iter()
        .filter(|r| r.theirs != Category::NoCube)
        .collect();
    let truth = |r: &CubeResult| rolled.get(&r.row.place.id).copied().unwrap_or(r.theirs);
    let ours = judged
        .iter()
        .filter(|r| r.ours.category == truth(r))
        .count();
    let gnubg = judged.iter().filter(|r| r.theirs == truth(r)).count();
    let n = judged.len();
    let settled = judged
        .iter()
        .filter(|r| rolled.contains_key(&r.row.place.id))
        .count();
    println!(
        "{title} against the rollouts (gnubg's cubeful rollout where {settled} were rolled out, else gnubg 2-ply): bg-tui {}, gnubg 2-ply {}",
        rate(ours, n),
        rate(gnubg, n)
    );
    (ours, gnubg, n, settled)
}

/// How many of the largest differences a table lists.
const LARGEST: usize = 6;

/// The rows whose no-double equity differs most from gnubg's, one line each.
fn largest_cube_differences(results: &[CubeResult]) -> Vec<String> {
    let mut order: Vec<&CubeResult> = results.iter().collect();
    order.sort_by(|a, b| {
        let d = |r: &CubeResult| (r.ours.no_double - r.row.gnubg.no_double).abs();
        d(b).total_cmp(&d(a))
    });
    order
        .iter()
        .take(LARGEST)
        .map(|r| {
            let p = &r.row.place;
            format!(
                "{} {}:{} ({}): gnubg ND {:+.3} \"{}\", bg-tui ND {:+.3} {}",
                p.id,
                p.position_id,
                p.match_id,
                p.source,
                r.row.gnubg.no_double,
                r.row.gnubg.verdict.as_deref().unwrap_or("-"),
                r.ours.no_double,
                r.ours.category.name()
            )
        })
        .collect()
}

fn judge_cube(file: &str, advice: &mut impl Advice) -> Vec<CubeResult> {
    judge_cube_by(file, |row| advice.cube(&row.place.state()))
}

/// Every row of `file` answered by `answer` and set beside gnubg's verdict.
fn judge_cube_by(file: &str, mut answer: impl FnMut(&CubeRow) -> CubeAnswer) -> Vec<CubeResult> {
    fixtures::read::<CubeRow>(file)
        .into_iter()
        .map(|row| {
            let ours = answer(&row);
            let theirs = Category::of_fixture(&row.gnubg.category)
                .unwrap_or_else(|| panic!("{}: category {}", row.place.id, row.gnubg.category));
            CubeResult { row, ours, theirs }
        })
        .collect()
}

fn cube_table(title: &str, name: &str, results: &[CubeResult]) -> String {
    let mut out = format!("\n{title}: bg-tui ({name}) against GNU Backgammon 2-ply\n");
    for (label, split) in SPLITS {
        let f = cube_figures(results, split);
        let _ = writeln!(out, "  {label}:");
        let _ = writeln!(
            out,
            "    verdicts agree        {}",
            rate(f.verdicts.0, f.verdicts.1)
        );
        let _ = writeln!(
            out,
            "      in gnubg's words    {}",
            rate(f.words.0, f.words.1)
        );
        let _ = writeln!(
            out,
            "    double / no double    {}",
            rate(f.doubles.0, f.doubles.1)
        );
        let _ = writeln!(
            out,
            "    take / pass           {}",
            rate(f.takes.0, f.takes.1)
        );
        for (c, n, hits) in &f.by_category {
            if *n > 0 {
                let _ = writeln!(out, "      gnubg {:<8}       {}", c.name(), rate(*hits, *n));
            }
        }
        let _ = writeln!(out, "    |ND - gnubg ND|       {}", f.no_double.show());
        let _ = writeln!(out, "    |DT - gnubg DT|       {}", f.double_take.show());
        if f.no_double_mwc.n > 0 {
            let _ = writeln!(out, "    |ND - gnubg ND| MWC   {}", f.no_double_mwc.show());
        }
        if f.post_crawford_nd.n > 0 {
            let _ = writeln!(
                out,
                "    post-Crawford trailer ND: {}; within {POST_CRAWFORD_WITHIN}: {}",
                f.post_crawford_nd.show(),
                rate(f.post_crawford_within.0, f.post_crawford_within.1)
            );
        }
        if split.is_none() {
            let cells: Vec<String> = f
                .confusion
                .iter()
                .filter(|(g, o, _)| g != o)
                .map(|(g, o, n)| format!("{}->{} {n}", g.name(), o.name()))
                .collect();
            let _ = writeln!(
                out,
                "    disagreements (gnubg->bg-tui): {}",
                cells.join(", ")
            );
            let _ = writeln!(out, "    largest no-double differences:");
            for line in largest_cube_differences(results) {
                let _ = writeln!(out, "      {line}");
            }
        }
    }
    out
}

/// Today's floors: a little below what the current API scores (see the table), so that a
/// change that makes it worse fails. Raise them as the model improves.
/// Today's figures (2026-11-26, the advisor of `d926b83` on the shipped nets): money
/// verdicts 90.1%, mean |ND| 0.041; match verdicts 93.4%, mean |ND| 0.042 EMG, the
/// post-Crawford trailer's ND within 0.05 in 77.8%; checker play 54.6% the same best play,
/// gnubg's mean loss of bg-tui's choice 0.021; `analyse`, 8 of 18 player-files within 25%
/// of gnubg's overall error rate, 7 of 18 with its rating word.
mod floors {
    /// Money play: verdicts the same as gnubg's (goal 0.95).
    pub(super) const MONEY_VERDICTS: f64 = 0.89;
    /// Money play: verdicts the same as the rollouts' (gnubg 2-ply's where not rolled out):
    /// 89.7% (191 of 213) since four more rows were rolled out on 2026-11-30, three of them
    /// against the look-ahead's verdict (and gnubg 2-ply's); 91.1% before.
    pub(super) const MONEY_AGAINST_ROLLOUTS: f64 = 0.89;
    /// Matches: verdicts the same as the rollouts' (gnubg 2-ply's where not rolled out).
    pub(super) const MATCH_AGAINST_ROLLOUTS: f64 = 0.93;
    /// Money play: mean |ND - gnubg's ND|, at most.
    pub(super) const MONEY_ND_MEAN: f64 = 0.045;
    /// Matches: verdicts the same as gnubg's (goal 0.90).
    pub(super) const MATCH_VERDICTS: f64 = 0.92;
    /// Matches: mean |ND - gnubg's ND| in EMG, at most.
    pub(super) const MATCH_ND_MEAN: f64 = 0.05;
    /// Post-Crawford, the trailer on roll: no-double equities within 0.05 of gnubg's (goal:
    /// all).
    pub(super) const POST_CRAWFORD_WITHIN: f64 = 0.75;
    /// The same against the rollouts (gnubg 2-ply's where not rolled out).
    pub(super) const POST_CRAWFORD_AGAINST_ROLLOUTS: f64 = 0.77;
    /// Checker play: the best play the same as gnubg's (or one it values the same), money
    /// and matches.
    pub(super) const CHECKER_AGREE: f64 = 0.68;
    /// Checker play: gnubg's mean loss of bg-tui's choice (EMG), at most.
    pub(super) const CHECKER_LOSS_MEAN: f64 = 0.008;
    /// `analyse`: player-files whose overall error rate is within 25% of gnubg's (goal: most
    /// of the 18).
    pub(super) const ANALYSIS_WITHIN: usize = 8;
    /// `analyse`: player-files with gnubg's rating word (goal: most of the 18).
    pub(super) const ANALYSIS_SAME_RATING: usize = 6;
    /// `analyse` at 3-ply, deeper than the experts that played: overall error rates within
    /// 25% of gnubg's 2-ply (goal: most of the 18).
    pub(super) const DEEPER_ANALYSIS_WITHIN: usize = 10;
    /// `analyse` at 3-ply: rating words the same as gnubg's 2-ply (goal: most of the 18).
    pub(super) const DEEPER_ANALYSIS_SAME_RATING: usize = 10;
    /// The cube model (no look-ahead) on gnubg's own 2-ply chances: money verdicts the
    /// same as gnubg's (90.6% on 2026-11-28).
    pub(super) const MODEL_ON_GNUBG_MONEY: f64 = 0.89;
    /// The same in matches (96.4%).
    pub(super) const MODEL_ON_GNUBG_MATCH: f64 = 0.95;
    /// Money verdicts the same as gnubg 2-ply's on the fresh positions: 52 of the 56 where
    /// the cube is the roller's with the nets shipped on 2026-12-02 (53 with those of
    /// 2026-12-01, 47 with the nets before; issue 49's goal: 58 of 60).
    pub(super) const FRESH_MONEY_VERDICTS: usize = 51;
    /// Match verdicts the same on the fresh position-scores: 67 of 68 with those nets (66
    /// and 60 before; goal: 76 of 80).
    pub(super) const FRESH_MATCH_VERDICTS: usize = 66;
    /// Money verdicts the same as gnubg's own cubeful rollouts of every one of the 56 fresh
    /// money decisions (648 trials each, `cube-rollouts.jsonl`): 51 with the nets shipped on
    /// 2026-12-02, as many as gnubg 2-ply's (the close ones rolled out, 1,296 trials: 54).
    pub(super) const FRESH_MONEY_AGAINST_ROLLOUTS: usize = 50;
    /// The same for the 68 fresh match decisions: 62 (gnubg 2-ply 63).
    pub(super) const FRESH_MATCH_AGAINST_ROLLOUTS: usize = 61;
}

#[test]
fn gnubg_money_cube_verdicts() {
    let mut advice = bg_tui_advice();
    let results = judge_cube("money-cube.jsonl", &mut advice);
    println!("{}", cube_table("Money cube", &advice.name(), &results));
    let (ours, _, n, _) = against_rollouts("Money cube", &results);
    assert!(
        share(ours, n) >= floors::MONEY_AGAINST_ROLLOUTS,
        "money verdicts against the rollouts {ours}/{n}"
    );
    let f = cube_figures(&results, None);
    let verdicts = share(f.verdicts.0, f.verdicts.1);
    assert!(
        verdicts >= floors::MONEY_VERDICTS,
        "money verdicts agree {verdicts:.3}"
    );
    assert!(f.no_double.mean() <= floors::MONEY_ND_MEAN);
}

#[test]
fn gnubg_match_cube_verdicts() {
    let mut advice = bg_tui_advice();
    let results = judge_cube("match-cube.jsonl", &mut advice);
    println!("{}", cube_table("Match cube", &advice.name(), &results));
    let (ours, _, n, _) = against_rollouts("Match cube", &results);
    assert!(
        share(ours, n) >= floors::MATCH_AGAINST_ROLLOUTS,
        "match verdicts against the rollouts {ours}/{n}"
    );
    let f = cube_figures(&results, None);
    let verdicts = share(f.verdicts.0, f.verdicts.1);
    assert!(
        verdicts >= floors::MATCH_VERDICTS,
        "match verdicts agree {verdicts:.3}"
    );
    assert!(f.no_double.mean() <= floors::MATCH_ND_MEAN);
    let within = share(f.post_crawford_within.0, f.post_crawford_within.1);
    assert!(
        within >= floors::POST_CRAWFORD_WITHIN,
        "post-Crawford ND within {POST_CRAWFORD_WITHIN}: {within:.3}"
    );
    let (ours, gnubg, n, rolled) = post_crawford_against_rollouts(&results);
    println!(
        "Post-Crawford trailer's no double within {POST_CRAWFORD_WITHIN} EMG of the rollouts (gnubg's cubeful rollout where {rolled} were rolled out, else gnubg 2-ply): bg-tui {}, gnubg 2-ply {}",
        rate(ours, n),
        rate(gnubg, n)
    );
    assert!(
        share(ours, n) >= floors::POST_CRAWFORD_AGAINST_ROLLOUTS,
        "post-Crawford ND against the rollouts {ours}/{n}"
    );
}

/// Issue 49: close cube decisions settled by a rollout (`Advisor::with_close_rollouts`),
/// against gnubg 2-ply, beside the look-ahead alone: the money and match tables, and how
/// many decisions were rolled out. Trials from `BG_CLOSE_TRIALS` (648 by default), on every
/// core, no time limit (the figures repeat).
#[test]
#[ignore = "rolls out every close decision of the fixtures: about half an hour"]
fn gnubg_cube_verdicts_with_close_rollouts() {
    let files = [
        ("Money cube", "money-cube.jsonl"),
        ("Match cube", "match-cube.jsonl"),
    ];
    for (title, file) in files {
        print_close_rollout_figures(title, file);
    }
}

/// Issue 49's goals, on positions never tuned on (`fresh-*-cube.jsonl`, made by
/// `assets/gnubg/make_fresh_fixtures.sh` from games on seeds no other fixture used): money
/// verdicts the same as gnubg 2-ply's in 58 of 60, match verdicts in 76 of 80; printed with
/// and without the close decisions rolled out (`BG_CLOSE_TRIALS`, 648 by default;
/// `BG_CLOSE_ONLY=money` or `match` for one of the two files).
#[test]
#[ignore = "rolls out every close decision of the fresh fixtures: several minutes"]
fn gnubg_cube_verdicts_on_fresh_positions_with_close_rollouts() {
    let files = [
        ("Fresh money cube", "fresh-money-cube.jsonl"),
        ("Fresh match cube", "fresh-match-cube.jsonl"),
    ];
    let only = std::env::var("BG_CLOSE_ONLY").ok();
    for (title, file) in files {
        if only.as_deref().is_none_or(|o| file.contains(o)) {
            print_close_rollout_figures(title, file);
        }
    }
}

/// The look-ahead alone on the fresh positions (see
/// [`gnubg_cube_verdicts_on_fresh_positions_with_close_rollouts`]), held at what it reached
/// with the shipped nets against gnubg 2-ply and against gnubg's own cubeful rollouts of
/// every decision, so that a change that loses agreement on positions it was never tuned
/// on shows; the rows whose verdict is not gnubg's are printed.
#[test]
fn gnubg_cube_verdicts_on_fresh_positions() {
    let mut advice = bg_tui_advice();
    for (title, file, floor, against_rollouts_floor) in [
        (
            "Fresh money cube",
            "fresh-money-cube.jsonl",
            floors::FRESH_MONEY_VERDICTS,
            floors::FRESH_MONEY_AGAINST_ROLLOUTS,
        ),
        (
            "Fresh match cube",
            "fresh-match-cube.jsonl",
            floors::FRESH_MATCH_VERDICTS,
            floors::FRESH_MATCH_AGAINST_ROLLOUTS,
        ),
    ] {
        let results = judge_cube(file, &mut advice);
        println!("{}", cube_table(title, &advice.name(), &results));
        println!("{}", differing_rows(&results, &results));
        let (ours, _, n, rolled) = against_rollouts(title, &results);
        let f = cube_figures(&results, None);
        assert!(
            f.verdicts.0 >= floor,
            "{title}: verdicts agree {}",
            rate(f.verdicts.0, f.verdicts.1)
        );
        assert_eq!(rolled, n, "{title}: every decision rolled out by gnubg");
        assert!(
            ours >= against_rollouts_floor,
            "{title}: against gnubg's rollouts {}",
            rate(ours, n)
        );
    }
}

/// The cube verdicts of `file` by the look-ahead alone and with its close decisions rolled
/// out (`BG_CLOSE_TRIALS`; `BG_CLOSE_SPLIT=holdout` rolls out that half's only), printed.
fn print_close_rollout_figures(title: &str, file: &str) {
    let trials = std::env::var("BG_CLOSE_TRIALS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(648);
    let how = bg_tui::bot::expert::close_cube::CloseRollouts {
        trials,
        seconds: 86_400.0,
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        seed: 1,
    };
    let mut plain = bg_tui_advice();
    let before = judge_cube(file, &mut plain);
    let only = std::env::var("BG_CLOSE_SPLIT").ok();
    let mut settling = AdvisorApi::settling(PLY, how);
    let after = judge_cube_by(file, |row| {
        if in_split(&row.place, only.as_deref()) {
            settling.cube(&row.place.state())
        } else {
            plain.cube(&row.place.state())
        }
    });
    println!("{}", cube_table(title, &plain.name(), &before));
    println!("{}", cube_table(title, &settling.name(), &after));
    println!("{title}: {} decisions rolled out", settling.rolled_out);
    println!("{}", differing_rows(&before, &after));
    against_rollouts(&format!("{title}, the look-ahead alone,"), &before);
    against_rollouts(&format!("{title}, close decisions rolled out,"), &after);
    for split in [Some("holdout"), None] {
        let (b, a) = (cube_figures(&before, split), cube_figures(&after, split));
        println!(
            "{title} ({}): verdicts agree {} -> {}",
            split.unwrap_or("all"),
            rate(b.verdicts.0, b.verdicts.1),
            rate(a.verdicts.0, a.verdicts.1)
        );
    }
}

/// The rows where the look-ahead alone (`before`) or the rollouts (`after`) give another
/// verdict than gnubg 2-ply's, a line each: the row, its position, gnubg's verdict and
/// no-double / double-take equities, then each of ours (money equity, or EMG).
fn differing_rows(before: &[CubeResult], after: &[CubeResult]) -> String {
    let mut out = String::from("    verdicts not gnubg's (gnubg | look-ahead | rolled out):");
    for (b, a) in before.iter().zip(after) {
        if b.theirs == Category::NoCube
            || (b.ours.category == b.theirs && a.ours.category == a.theirs)
        {
            continue;
        }
        let (place, g) = (&b.row.place, &b.row.gnubg);
        let _ = write!(
            out,
            "\n      {} {}:{}  {} {:+.3}/{:+.3} | {} {:+.3}/{:+.3} | {} {:+.3}/{:+.3}",
            place.id,
            place.position_id,
            place.match_id,
            b.theirs.name(),
            g.no_double,
            g.double_take,
            b.ours.category.name(),
            b.ours.no_double,
            b.ours.double_take,
            a.ours.category.name(),
            a.ours.no_double,
            a.ours.double_take,
        );
    }
    out
}

/// One checker row judged by both: bg-tui's choice, and what gnubg says it loses.
struct CheckerResult {
    row: CheckerRow,
    /// bg-tui's choice is gnubg's best, or one gnubg values the same.
    agree: bool,
    /// gnubg's equity of its best play less that of bg-tui's choice (a lower bound when
    /// bg-tui's choice is not among the plays gnubg listed).
    loss: f64,
    listed: bool,
}

/// Every checker fixture judged by an advice of `make`'s, in the fixtures' order: the rows
/// dealt out in turn to two threads, each with an advice of its own (the advisor ranks every
/// play of a roll at 2-ply: the suite's longest test, which on one thread held the others
/// up).
fn judge_checker<A: Advice>(make: impl Fn() -> A + Sync) -> Vec<CheckerResult> {
    const THREADS: usize = 2;
    let rows = fixtures::read::<CheckerRow>("match-checker.jsonl");
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|first| {
                let (make, rows) = (&make, &rows);
                scope.spawn(move || {
                    let mut advice = make();
                    let mine: Vec<CheckerRow> =
                        rows.iter().skip(first).step_by(THREADS).cloned().collect();
                    judge_checker_rows(&mut advice, mine)
                })
            })
            .collect();
        let mut dealt: Vec<_> = workers
            .into_iter()
            .map(|w| w.join().expect("a judging thread").into_iter())
            .collect();
        (0..rows.len())
            .map(|i| dealt[i % THREADS].next().expect("every row judged"))
            .collect()
    })
}

/// `rows` judged by `advice`.
fn judge_checker_rows(advice: &mut impl Advice, rows: Vec<CheckerRow>) -> Vec<CheckerResult> {
    rows.into_iter()
        .map(|row| {
            let ours = advice.plays(&row.state());
            let choice = ours.first().map(|p| p.after.clone()).unwrap_or_default();
            let plays = &row.gnubg.plays;
            let best = plays.first().map_or(0.0, |p| p.equity);
            let found = plays.iter().find(|p| p.after_position_id == choice);
            let (loss, listed) = match found {
                Some(p) => (best - p.equity, true),
                None => (best - plays.last().map_or(best, |p| p.equity), false),
            };
            // gnubg's best, or a play it values the same (at double match point many
            // plays tie at the three decimals gnubg prints).
            let agree = listed && loss <= 0.0;
            CheckerResult {
                row,
                agree,
                loss,
                listed,
            }
        })
        .collect()
}

fn checker_table(name: &str, results: &[CheckerResult]) -> String {
    let mut out = format!("\nChecker play: bg-tui ({name}) against GNU Backgammon 2-ply cubeful\n");
    for (label, split) in SPLITS {
        let _ = writeln!(out, "  {label}:");
        let rows: Vec<&CheckerResult> = results
            .iter()
            .filter(|r| in_split(&r.row.place, split))
            .collect();
        let count = |f: &dyn Fn(&CheckerResult) -> bool| {
            let n = rows.iter().filter(|r| f(r)).count();
            let hits = rows.iter().filter(|r| f(r) && r.agree).count();
            (hits, n)
        };
        let line = |out: &mut String, what: &str, (hits, n): (usize, usize)| {
            let _ = writeln!(out, "    best play agrees, {what:<28} {}", rate(hits, n));
        };
        line(&mut out, "all", count(&|_| true));
        line(&mut out, "money", count(&|r| r.row.place.is_money()));
        line(&mut out, "matches", count(&|r| !r.row.place.is_money()));
        line(
            &mut out,
            "double match point",
            count(&|r| r.row.place.away == Some([1, 1])),
        );
        line(
            &mut out,
            "gnubg's best changes by score",
            count(&|r| r.row.best_differs_by_score),
        );
        let mut loss = Spread::default();
        for r in &rows {
            loss.add(r.loss);
        }
        let unlisted = rows.iter().filter(|r| !r.listed).count();
        let _ = writeln!(
            out,
            "    gnubg's loss of bg-tui's choice (EMG): {}; not in gnubg's list: {unlisted}",
            loss.show()
        );
        if split.is_none() {
            let mut worst = rows.clone();
            worst.sort_by(|a, b| b.loss.total_cmp(&a.loss));
            let _ = writeln!(out, "    largest losses:");
            for r in worst.iter().take(LARGEST) {
                let p = &r.row.place;
                let _ = writeln!(
                    out,
                    "      {} {}:{} {}-{} ({}): gnubg plays {}, bg-tui's choice loses {:.3}{}",
                    p.id,
                    p.position_id,
                    p.match_id,
                    r.row.dice[0],
                    r.row.dice[1],
                    p.source,
                    r.row
                        .gnubg
                        .plays
                        .first()
                        .map_or("-", |g| g.notation.as_str()),
                    r.loss,
                    if r.listed { "" } else { " or more" }
                );
            }
        }
    }
    out
}

#[test]
#[cfg_attr(
    not(feature = "tui"),
    ignore = "the same library code runs in the default build's tests: a slow one, run once"
)]
fn gnubg_checker_play_at_scores() {
    let results = judge_checker(bg_tui_advice);
    println!("{}", checker_table(&bg_tui_advice().name(), &results));
    let agree = share(results.iter().filter(|r| r.agree).count(), results.len());
    let mut loss = Spread::default();
    for r in &results {
        loss.add(r.loss);
    }
    assert!(
        agree >= floors::CHECKER_AGREE,
        "best play agrees {agree:.3}"
    );
    assert!(
        loss.mean() <= floors::CHECKER_LOSS_MEAN,
        "mean loss {:.4}",
        loss.mean()
    );
}

/// The depth `analyse` judges the match-analysis fixtures at (gnubg's 2-ply).
const ANALYSIS_PLY: u8 = 2;

/// `analyse` counts what gnubg counts (whatever the judge says of each decision): every
/// roll, the unforced moves, the cube decisions (the rolls where the cube was the player's to
/// turn to some purpose, and every double, take and pass) and the result, in every
/// player-file of the fixtures. One exception, `session-expert-greedy`'s second player: it
/// held the cube at 64, bg-tui's limit, for 18 rolls where gnubg (which knows no limit)
/// counts a cube decision.
#[test]
#[cfg_attr(
    not(feature = "tui"),
    ignore = "the same library code runs in the default build's tests: a slow one, run once"
)]
fn gnubg_analysis_counts_as_gnubg_does() {
    for (name, mat, page) in statistics::files() {
        let a = statistics::analysis_of(&mat, 0);
        let sections = &page["sections"];
        let figure = |section: &str, line: &str, i: usize| {
            sections[section][line][i]
                .as_u64()
                .unwrap_or_else(|| panic!("{name}: {section}, {line}"))
        };
        for (i, s) in a.stats.iter().enumerate() {
            let counts = [
                ("Chequerplay statistics", "Total moves", s.total_moves),
                ("Chequerplay statistics", "Unforced moves", s.unforced_moves),
                ("Cube statistics", "Doubles", s.doubles),
                ("Cube statistics", "Takes", s.takes),
                ("Cube statistics", "Passes", s.passes),
            ];
            for (section, line, ours) in counts {
                assert_eq!(
                    ours as u64,
                    figure(section, line, i),
                    "{name} player {i}: {line}"
                );
            }
            let total_cube = figure("Cube statistics", "Total cube decisions", i);
            if (name.as_str(), i) == ("session-expert-greedy", 1) {
                assert_eq!(
                    s.total_cube as u64 + 18,
                    total_cube,
                    "{name}: the cube at 64"
                );
            } else {
                assert_eq!(
                    s.total_cube as u64, total_cube,
                    "{name} player {i}: cube decisions"
                );
            }
            let actual = &sections["Overall statistics"]["Actual result"][i];
            let (theirs, ours) = match actual.get("mwc") {
                Some(mwc) => (mwc.as_f64().unwrap_or(f64::NAN), 100.0 * s.actual_result),
                None => (actual.as_f64().unwrap_or(f64::NAN), s.actual_result),
            };
            assert!(
                (theirs - ours).abs() < 0.01,
                "{name} player {i}: result {ours} against {theirs}"
            );
        }
    }
}

/// `analyse`'s error rates and ratings against gnubg's on the nine matches and sessions at
/// 2-ply: minutes of analysis, so run it on its own (README, `analyse`):
/// `cargo test --test bots gnubg_analysis_statistics -- --ignored --nocapture`.
#[test]
#[ignore = "analyses nine matches at 2-ply: minutes"]
fn gnubg_analysis_statistics() {
    analysis_statistics(
        ANALYSIS_PLY,
        floors::ANALYSIS_WITHIN,
        floors::ANALYSIS_SAME_RATING,
    );
}

/// The same at 3-ply, a look deeper than every expert level that played the fixtures (the
/// issue's "the analysing expert looks deeper than the level that played"), against gnubg
/// still at 2-ply: about an hour on the busy two-core machine (3,256 s).
#[test]
#[ignore = "analyses nine matches at 3-ply: about an hour"]
fn gnubg_analysis_statistics_deeper() {
    analysis_statistics(
        ANALYSIS_PLY + 1,
        floors::DEEPER_ANALYSIS_WITHIN,
        floors::DEEPER_ANALYSIS_SAME_RATING,
    );
}

/// Prints the side-by-side table of `analyse` at `ply` against gnubg's pages and holds the
/// counts to their floors.
fn analysis_statistics(ply: u8, within_floor: usize, same_floor: usize) {
    let mut rows = Vec::new();
    for (name, mat, page) in statistics::files() {
        let a = statistics::analysis_of(&mat, ply);
        let ours = [0, 1].map(|i| statistics::our_figures(&a, i));
        let theirs = [0, 1].map(|i| statistics::gnubg_figures(&page, i));
        assert!(theirs[0].unforced > 0.0, "{name}: gnubg's page reads");
        let itself = [0, 1].map(|i| a.judged_itself(i));
        rows.push((name, a.players.clone(), ours, theirs, itself));
    }
    let (text, within, same, n) = statistics::table(ply, &rows);
    println!("{text}");
    assert!(n >= 16, "{n} player-files");
    assert!(
        within >= within_floor,
        "{within} of {n} overall error rates within 25%"
    );
    assert!(same >= same_floor, "{same} of {n} rating words the same");
}

/// Janowski's formula (the look-ahead's leaves: the cube model without the look-ahead) on
/// the 2-ply cubeless chances of one side or the other.
fn judge_cube_on_chances(
    file: &str,
    mut chances: impl FnMut(&CubeRow) -> Probs,
) -> Vec<CubeResult> {
    let mut advisor = Advisor::new(0).expect("the shipped nets");
    judge_cube_by(file, |row| {
        let d = advisor
            .cube_of_chances(&row.place.state(), &chances(row))
            .expect("a cube decision");
        CubeAnswer {
            no_double: f64::from(d.no_double.emg),
            double_take: f64::from(d.double_take.emg),
            double_pass: f64::from(d.double_pass.emg),
            category: Category::of_verdict(d.verdict),
            words: Some(d.verdict.words()),
        }
    })
}

/// Where the cube's misses come from: the model or the nets' chances. bg-tui's cube model
/// (Janowski's formula and its match form, the efficiency by kind of position) is fed
/// GNU Backgammon's own 2-ply chances, then bg-tui's, and both are judged against gnubg's
/// verdicts. With gnubg's chances the model reaches gnubg's verdicts as often as bg-tui's
/// whole 2-ply look-ahead does or more; with bg-tui's chances, five points fewer in money
/// play: the difference is the chances, not the formula.
#[test]
#[cfg_attr(
    not(feature = "tui"),
    ignore = "the same library code runs in the default build's tests: a slow one, run once"
)]
fn gnubg_cube_model_on_gnubgs_chances() {
    let mut advisor = Advisor::new(PLY).expect("the shipped nets");
    let mut figures = Vec::new();
    for (file, title) in [
        ("money-cube.jsonl", "Money cube"),
        ("match-cube.jsonl", "Match cube"),
    ] {
        let on_gnubg = judge_cube_on_chances(file, |row| row.gnubg.probs.map(|v| v as f32));
        let on_ours = judge_cube_on_chances(file, |row| {
            advisor
                .cube(&row.place.state())
                .expect("a cube decision")
                .chances
        });
        for (name, results) in [("gnubg", &on_gnubg), ("bg-tui", &on_ours)] {
            let table = cube_table(
                &format!("{title}, the cube model on {name}'s 2-ply chances"),
                "Janowski's formula, no look-ahead",
                results,
            );
            println!("{table}");
            let f = cube_figures(results, None);
            figures.push((file, name, share(f.verdicts.0, f.verdicts.1)));
        }
    }
    for (file, name, verdicts) in &figures {
        println!(
            "{file}: the model on {name}'s chances agrees with gnubg in {:.1}%",
            100.0 * verdicts
        );
    }
    let on_gnubg = |file: &str| {
        figures
            .iter()
            .find(|(f, n, _)| *f == file && *n == "gnubg")
            .map_or(0.0, |&(_, _, v)| v)
    };
    assert!(
        on_gnubg("money-cube.jsonl") >= floors::MODEL_ON_GNUBG_MONEY,
        "money: the model on gnubg's chances {:.3}",
        on_gnubg("money-cube.jsonl")
    );
    assert!(
        on_gnubg("match-cube.jsonl") >= floors::MODEL_ON_GNUBG_MATCH,
        "match: the model on gnubg's chances {:.3}",
        on_gnubg("match-cube.jsonl")
    );
}

/// The luck-adjusted result is gnubg's, by its definition (`analysis.c`,
/// `updateStatcontext`): the actual result (points, or match-winning chances gained), less
/// the player's own luck, plus the opponent's, each roll's luck turned into MWC or points
/// at the cube and score of its moment. Checked three ways on every fixture: gnubg's own
/// page obeys it; bg-tui's statistics obey it; and bg-tui's luck of each roll (0-ply,
/// cubeful) is gnubg's within 0.1 EMG for nine rolls in ten. What is left between the two
/// results is the sum of the small differences of the nets' values over a match's rolls
/// (issue 49: -10.14% against -1.02% on one match): the table printed shows it.
#[test]
fn gnubg_luck_adjusted_result_is_gnubgs_definition() {
    let mut table = String::from(
        "\nluck-adjusted result: gnubg | bg-tui (MWC % or points), luck totals beside\n",
    );
    let (mut near, mut rolls) = (0usize, 0usize);
    for (name, mat, page) in statistics::files() {
        let sections = &page["sections"];
        let overall = &sections["Overall statistics"];
        let luck_line = &sections["Luck statistics"];
        let (luck, unit) = if luck_line.get("Luck total EMG (MWC)").is_some() {
            (&luck_line["Luck total EMG (MWC)"], "mwc")
        } else {
            (&luck_line["Luck total EMG (Points)"], "points")
        };
        let number = |v: &serde_json::Value| {
            v.get("mwc")
                .and_then(serde_json::Value::as_f64)
                .or_else(|| v.as_f64())
                .unwrap_or_else(|| panic!("{name}: a number in {v}"))
        };
        let theirs_luck = [0, 1].map(|i| {
            luck[i][unit]
                .as_f64()
                .unwrap_or_else(|| panic!("{name}: luck of player {i}"))
        });
        let theirs_actual = [0, 1].map(|i| number(&overall["Actual result"][i]));
        let theirs_adjusted = [0, 1].map(|i| number(&overall["Luck adjusted result"][i]));
        for i in 0..2 {
            let by_definition = theirs_actual[i] - theirs_luck[i] + theirs_luck[1 - i];
            assert!(
                (by_definition - theirs_adjusted[i]).abs() < 0.02,
                "{name} player {i}: gnubg's page {} against its definition {by_definition}",
                theirs_adjusted[i]
            );
        }
        let a = statistics::analysis_of(&mat, 0);
        // bg-tui's figures in gnubg's units: per cent of MWC in a match.
        let percent = if unit == "mwc" { 100.0 } else { 1.0 };
        let ours_luck = [0, 1].map(|i| percent * a.stats[i].luck.mwc);
        let ours_adjusted = [0, 1].map(|i| percent * a.stats[i].luck_adjusted);
        for i in 0..2 {
            let by_definition =
                percent * a.stats[i].actual_result - ours_luck[i] + ours_luck[1 - i];
            assert!(
                (by_definition - ours_adjusted[i]).abs() < 1e-6,
                "{name} player {i}: ours {} against the definition {by_definition}",
                ours_adjusted[i]
            );
        }
        let moves = mat.with_extension("moves.jsonl");
        let text =
            std::fs::read_to_string(&moves).unwrap_or_else(|e| panic!("{}: {e}", moves.display()));
        let gnubg_rolls: Vec<serde_json::Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v.get("luck").is_some_and(serde_json::Value::is_f64))
            .collect();
        assert_eq!(gnubg_rolls.len(), a.roll_luck.len(), "{name}: the rolls");
        for (ours, theirs) in a.roll_luck.iter().zip(&gnubg_rolls) {
            assert_eq!(
                Some(u64::from(ours.dice[0])),
                theirs["dice"][0].as_u64(),
                "{name}: game {} action {}",
                ours.game,
                ours.action
            );
            rolls += 1;
            near +=
                usize::from((ours.luck - theirs["luck"].as_f64().unwrap_or(f64::NAN)).abs() < 0.1);
        }
        let _ = writeln!(
            table,
            "  {name:<28} {:>+8.2} | {:<+8.2}  luck {:>+7.2} {:>+7.2} | {:<+7.2} {:<+7.2}",
            theirs_adjusted[0],
            ours_adjusted[0],
            theirs_luck[0],
            theirs_luck[1],
            ours_luck[0],
            ours_luck[1]
        );
    }
    let _ = writeln!(
        table,
        "  rolls whose luck is gnubg's within 0.1 EMG: {near} of {rolls}"
    );
    println!("{table}");
    assert!(rolls > 1000, "{rolls} rolls");
    assert!(
        near * 10 >= rolls * 9,
        "{near} of {rolls} rolls within 0.1 EMG"
    );
}
