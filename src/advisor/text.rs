//! The advisor's answers in words and figures, as every text surface shows them (the hint
//! panel, `hint`, the tutor, `analyse`): one way to write the cube and the score, an
//! equity, match-winning chances and a loss.

use super::{CubeAdvice, Equity, PlayAdvice};
use crate::bot::expert::Chances;
use crate::bot::expert::close_cube::CLOSE_MARGIN;
use crate::bot::expert::cube::{CubeInfo, Holder, Stakes};

/// The cube and the score in words, from the view of the player on roll ("money play, cube
/// 2 held by the player on roll"; "4 away, opponent 3 away, post-Crawford, cube 1 centred").
#[must_use]
pub fn stakes(ci: &CubeInfo) -> String {
    let cube = match ci.holder {
        Holder::Centre => format!("cube {} centred", ci.value),
        Holder::Me => format!("cube {} held by the player on roll", ci.value),
        Holder::Opponent => format!("cube {} held by the opponent", ci.value),
    };
    match ci.stakes {
        Stakes::Money { jacoby, beavers } => {
            let mut rules = String::new();
            if jacoby {
                rules.push_str(", Jacoby");
            }
            if beavers {
                rules.push_str(", beavers");
            }
            format!("money play{rules}, {cube}")
        }
        Stakes::Match(s) => {
            let crawford = if s.crawford_game {
                ", Crawford game"
            } else if s.post_crawford() {
                ", post-Crawford"
            } else {
                ""
            };
            format!(
                "{} away, opponent {} away{crawford}, {cube}",
                s.mine, s.theirs
            )
        }
    }
}

/// An equity as a signed figure to three places: `+0.123`.
#[must_use]
pub fn emg(e: f32) -> String {
    format!("{e:+.3}")
}

/// Match-winning chances as a percentage to one place: `52.3%`.
#[must_use]
pub fn mwc(m: f32) -> String {
    format!("{:.1}%", 100.0 * m)
}

/// The value shown first: match-winning chances in a match, else the equity.
#[must_use]
pub fn main_value(e: Equity) -> String {
    e.mwc.map_or_else(|| emg(e.emg), mwc)
}

/// A loss in the unit of [`main_value`], with a minus sign; empty when it rounds to
/// nothing.
#[must_use]
pub fn loss(l: Equity) -> String {
    match l.mwc {
        Some(m) if m >= 0.000_5 => format!("-{:.1}%", 100.0 * m),
        Some(_) => String::new(),
        None if l.emg >= 0.000_5 => format!("-{:.3}", l.emg),
        None => String::new(),
    }
}

/// A judged decision's loss as the tutor, the viewer and `analyse` say it: money equity
/// bare (`0.202`), or in a match EMG with the match-winning chances beside (`0.202 EMG,
/// 5.1% MWC`, to one place as [`mwc`]); `sign` goes before each figure (`"-"` or nothing).
#[must_use]
pub fn judged_loss(emg: f64, mwc: Option<f64>, sign: &str) -> String {
    match mwc {
        Some(m) => format!("{sign}{emg:.3} EMG, {sign}{:.1}% MWC", 100.0 * m),
        None => format!("{sign}{emg:.3}"),
    }
}

/// The line that says how a ranking was valued: the cube and score, the unit, the depth
/// (every line's, or the deepest's when the move filters judged some less deep).
#[must_use]
pub fn ranking_head(advice: &PlayAdvice) -> String {
    let depth = advice.depth;
    let depth = if advice.lines.iter().all(|l| l.ply == depth) {
        format!("every line {depth}-ply")
    } else {
        format!("{depth}-ply, deepest lines first")
    };
    match advice.cube {
        Some(ci) if ci.score().is_some() => format!(
            "{}: match-winning chances, EMG beside; {depth}",
            stakes(&ci)
        ),
        Some(ci) => format!("{}: cubeful equity; {depth}", stakes(&ci)),
        // A match of a rule set without a cube (Tavli's games): still match-winning chances.
        None => match advice.away {
            Some((mine, theirs)) => format!(
                "{mine} away, opponent {theirs} away, no cube: match-winning chances, EMG beside; {depth}"
            ),
            None => format!("cubeless equity; {depth}"),
        },
    }
}

/// The lines of a cube decision: the cube and score, the chances, the three equities (in
/// both units in a match) and the proper action.
#[must_use]
pub fn cube_lines(advice: &CubeAdvice) -> Vec<String> {
    let p = &advice.chances;
    let how = match advice.rollout {
        Some(_) => "rollout".to_string(),
        None => format!("{}-ply", advice.depth),
    };
    let mut lines = vec![format!("{}; {how}", stakes(&advice.cube))];
    if let Some(r) = advice.rollout {
        let unit = if advice.cube.score().is_some() {
            "MWC with EMG beside"
        } else {
            "cubeful equity"
        };
        lines.push(format!(
            "{} trials (cubeless ± {:.3}); {unit}, rolled out cubefully",
            r.trials, r.std_err
        ));
    }
    lines.extend([format!(
        "win {:.1}%  gammon {:.1}%  bg {:.1}%  lose gammon {:.1}%  bg {:.1}%",
        100.0 * p.win(),
        100.0 * p.win_gammon(),
        100.0 * p.win_backgammon(),
        100.0 * p.lose_gammon(),
        100.0 * p.lose_backgammon()
    )]);
    // Each number with its unit: match-winning chances with EMG beside, or money play's
    // cubeful equity.
    let row = |name: &str, e: Equity| match e.mwc {
        Some(m) => format!("{name:<13} MWC {:<6}  EMG {}", mwc(m), emg(e.emg)),
        None => format!("{name:<13} cubeful {}", emg(e.emg)),
    };
    lines.push(row("no double", advice.no_double));
    lines.push(row("double/take", advice.double_take));
    lines.push(row("double/pass", advice.double_pass));
    lines.push(format!("proper cube action: {}", advice.verdict));
    if advice.close && advice.rollout.is_none() {
        lines.push(format!(
            "close (actions within {CLOSE_MARGIN:.2} EMG, the nets' error): a rollout settles it"
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::expert::cube::MatchScore;

    #[test]
    fn the_stakes_in_words() {
        let money = CubeInfo::money(2, Holder::Me, false, false);
        assert_eq!(
            stakes(&money),
            "money play, cube 2 held by the player on roll"
        );
        let post = CubeInfo::in_match(
            1,
            Holder::Centre,
            MatchScore {
                mine: 4,
                theirs: 1,
                crawford_game: false,
                crawford_rule: true,
            },
        );
        assert_eq!(
            stakes(&post),
            "4 away, opponent 1 away, post-Crawford, cube 1 centred"
        );
    }

    #[test]
    fn each_cube_equity_has_its_unit() {
        let advice = |cube: CubeInfo, mwc: [Option<f32>; 3]| CubeAdvice {
            cube,
            depth: 2,
            chances: [0.7, 0.2, 0.01, 0.05, 0.0],
            no_double: Equity {
                emg: 0.62,
                mwc: mwc[0],
            },
            double_take: Equity {
                emg: 0.71,
                mwc: mwc[1],
            },
            double_pass: Equity {
                emg: 1.0,
                mwc: mwc[2],
            },
            verdict: crate::bot::expert::cube::verdict::CubeVerdict::DoubleTake,
            close: false,
            rollout: None,
        };
        let money = cube_lines(&advice(
            CubeInfo::money(1, Holder::Centre, false, false),
            [None; 3],
        ));
        let has_all = |lines: &[String], wanted: [&str; 2]| {
            for w in wanted {
                assert!(lines.iter().any(|l| l == w), "{w}: {lines:?}");
            }
        };
        has_all(
            &money,
            [
                "no double     cubeful +0.620",
                "double/pass   cubeful +1.000",
            ],
        );
        let score = MatchScore {
            mine: 5,
            theirs: 3,
            crawford_game: false,
            crawford_rule: true,
        };
        let in_match = cube_lines(&advice(
            CubeInfo::in_match(1, Holder::Centre, score),
            [Some(0.612), Some(0.634), Some(1.0)],
        ));
        has_all(
            &in_match,
            [
                "no double     MWC 61.2%   EMG +0.620",
                "double/pass   MWC 100.0%  EMG +1.000",
            ],
        );
    }

    #[test]
    fn losses_in_the_unit_of_the_value() {
        let money = Equity {
            emg: 0.0213,
            mwc: None,
        };
        assert_eq!(loss(money), "-0.021");
        let in_match = Equity {
            emg: 0.05,
            mwc: Some(0.0123),
        };
        assert_eq!(loss(in_match), "-1.2%");
        assert_eq!(
            main_value(Equity {
                emg: 0.1,
                mwc: Some(0.523)
            }),
            "52.3%"
        );
        assert_eq!(
            loss(Equity {
                emg: 0.0,
                mwc: None
            }),
            ""
        );
    }
}
