//! Rollouts: the engine (`bot::expert::rollouts`) against exact values, variance reduction,
//! repeatability and stratification; and `bg-tui rollout` on the command line.

use bg_tui::bot::expert::ExpertBot;
use bg_tui::bot::expert::bearoff::BearoffDb;
use bg_tui::bot::expert::equity;
use bg_tui::bot::expert::rollouts::{
    Line, Rollout, RolloutError, RolloutSettings, first_roll, rollout,
};
use bg_tui::engine::{Dice, Position, Variant};

fn expert() -> ExpertBot {
    ExpertBot::shipped(0).expect("the shipped nets read")
}

fn run(lines: &[Line], settings: &RolloutSettings) -> Rollout {
    rollout(&expert(), Variant::Backgammon, lines, settings, |_| true).expect("a rollout")
}

/// A bear-off with both sides home and no contact: the player on roll has checkers on its
/// 6, 5 and 4-points, the opponent on its 6 and 5-points (the rest borne off).
fn bearoff() -> Position {
    let mut mover = [0u8; 26];
    let mut opponent = [0u8; 26];
    mover[6] = 1;
    mover[5] = 1;
    mover[4] = 1;
    opponent[6] = 1;
    opponent[5] = 1;
    Position::from_sides(&mover, &opponent).expect("a position")
}

#[test]
fn a_bearoff_rollout_agrees_with_the_database() {
    let position = bearoff();
    let exact = BearoffDb::shared()
        .chances(&position)
        .expect("the database knows it");
    let exact = f64::from(equity(&exact));
    for vr in [false, true] {
        let r = run(
            &[Line::OnRoll(position)],
            &RolloutSettings {
                trials: 720,
                variance_reduction: vr,
                ..RolloutSettings::default()
            },
        );
        let line = r.lines[0];
        assert_eq!(line.trials, 720);
        // The database's chances come from each side's fewest-rolls play, so with variance
        // reduction (whose standard error is then almost nil) allow a hair more.
        let slack = if vr { 0.005 } else { 0.0 };
        assert!(
            (line.equity - exact).abs() <= 3.0 * line.std_err + slack,
            "vr {vr}: rolled out {:.4} ± {:.4}, the database says {exact:.4}",
            line.equity,
            line.std_err
        );
        assert!(line.std_err > 0.0 || vr);
    }
}

#[test]
fn variance_reduction_shrinks_the_standard_error() {
    let settings = RolloutSettings {
        trials: 144,
        truncate: Some(6),
        ..RolloutSettings::default()
    };
    let lines = [Line::OnRoll(Position::START)];
    let with = run(&lines, &settings);
    let without = run(
        &lines,
        &RolloutSettings {
            variance_reduction: false,
            ..settings
        },
    );
    let (a, b) = (with.lines[0].std_err, without.lines[0].std_err);
    assert!(a < b, "with variance reduction {a:.4}, without {b:.4}");
    assert!(
        a < 0.6 * b,
        "with variance reduction {a:.4}, without {b:.4}"
    );
}

/// Two candidate plays of 3-1 from the start, truncated short.
fn candidate_lines() -> Vec<Line> {
    let dice = Dice::new(3, 1).expect("dice");
    Variant::Backgammon
        .legal_plays(&Position::START, dice)
        .iter()
        .take(2)
        .map(|p| Line::Played(*p.position()))
        .collect()
}

#[test]
fn the_thread_count_does_not_change_the_result_and_a_seed_repeats_it() {
    let settings = RolloutSettings {
        trials: 108,
        truncate: Some(3),
        threads: 1,
        seed: 7,
        ..RolloutSettings::default()
    };
    let lines = candidate_lines();
    let one = run(&lines, &settings);
    let two = run(
        &lines,
        &RolloutSettings {
            threads: 2,
            ..settings
        },
    );
    let three = run(
        &lines,
        &RolloutSettings {
            threads: 3,
            ..settings
        },
    );
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one, run(&lines, &settings));
    let other = run(
        &lines,
        &RolloutSettings {
            seed: 8,
            ..settings
        },
    );
    assert_ne!(one.lines[0].equity, other.lines[0].equity);
}

/// A pruned rollout (the pruning net keeps three plays of each contact roll) is the same on
/// any number of threads, plays differently from the full one (the pruner drops the nets'
/// choice now and then), and comes to nearly the same figures on the opening's candidates;
/// at 1-ply and in a race it prunes nothing.
#[test]
fn a_pruned_rollout_repeats_and_stays_near_the_full_one() {
    let settings = RolloutSettings {
        trials: 144,
        truncate: Some(5),
        threads: 1,
        seed: 3,
        prune: true,
        ..RolloutSettings::default()
    };
    let lines = candidate_lines();
    let pruned = run(&lines, &settings);
    assert_eq!(
        pruned,
        run(
            &lines,
            &RolloutSettings {
                threads: 3,
                ..settings
            }
        )
    );
    let full = run(
        &lines,
        &RolloutSettings {
            prune: false,
            ..settings
        },
    );
    assert_ne!(pruned, full, "pruning changed no trial");
    for (p, f) in pruned.lines.iter().zip(&full.lines) {
        let apart = (p.equity - f.equity).abs();
        assert!(
            apart < 0.02,
            "pruned {} against full {}",
            p.equity,
            f.equity
        );
    }
    // At 1-ply the trials choose by their look-ahead: nothing is pruned.
    let one_ply = RolloutSettings {
        trials: 36,
        truncate: Some(2),
        ply: 1,
        ..settings
    };
    assert!(!one_ply.prunes());
    assert_eq!(
        run(&lines[..1], &one_ply),
        run(
            &lines[..1],
            &RolloutSettings {
                prune: false,
                ..one_ply
            }
        )
    );
    let race = [Line::OnRoll(bearoff())];
    assert_eq!(
        run(&race, &settings),
        run(
            &race,
            &RolloutSettings {
                prune: false,
                ..settings
            }
        )
    );
}

#[test]
fn a_play_that_ends_the_game_is_its_result() {
    // The last checker on the 1-point, against one of the opponent's: 2-1 bears it off.
    let mut mover = [0u8; 26];
    let mut opponent = [0u8; 26];
    mover[1] = 1;
    opponent[6] = 1;
    let position = Position::from_sides(&mover, &opponent).expect("a position");
    let plays = Variant::Backgammon.legal_plays(&position, Dice::new(2, 1).expect("dice"));
    let lines: Vec<Line> = plays.iter().map(|p| Line::Played(*p.position())).collect();
    let r = run(
        &lines,
        &RolloutSettings {
            trials: 36,
            ..RolloutSettings::default()
        },
    );
    assert!(r.lines.iter().all(|l| l.equity == 1.0 && l.std_err == 0.0));
}

#[test]
fn every_36_trials_see_each_first_roll_once() {
    let mut rolls: Vec<(u8, u8)> = (0..36)
        .map(|t| {
            let d = first_roll(3, t);
            (d.first(), d.second())
        })
        .collect();
    rolls.sort_unstable();
    rolls.dedup();
    assert_eq!(rolls.len(), 36);
}

#[test]
fn the_standard_error_target_stops_early() {
    let r = run(
        &[Line::OnRoll(bearoff())],
        &RolloutSettings {
            trials: 3600,
            std_err: Some(0.5),
            ..RolloutSettings::default()
        },
    );
    assert_eq!(r.trials, 36);
    assert!(r.lines[0].std_err < 0.5);
}

#[test]
fn bad_settings_are_refused() {
    let lines = [Line::OnRoll(Position::START)];
    let refused =
        |s: RolloutSettings| rollout(&expert(), Variant::Backgammon, &lines, &s, |_| true).err();
    let d = RolloutSettings::default();
    assert!(matches!(
        refused(RolloutSettings { trials: 0, ..d }),
        Some(RolloutError::Trials(0))
    ));
    assert!(matches!(
        refused(RolloutSettings { threads: 0, ..d }),
        Some(RolloutError::Threads(0))
    ));
    assert!(matches!(
        refused(RolloutSettings {
            truncate: Some(0),
            ..d
        }),
        Some(RolloutError::Truncate(0))
    ));
    assert!(matches!(
        refused(RolloutSettings { ply: 2, ..d }),
        Some(RolloutError::Ply(2))
    ));
    assert!(matches!(
        refused(RolloutSettings {
            std_err: Some(f64::NAN),
            ..d
        }),
        Some(RolloutError::StdErr(_))
    ));
    assert!(matches!(
        rollout(&expert(), Variant::Backgammon, &[], &d, |_| true).err(),
        Some(RolloutError::Lines(0))
    ));
}

/// `bg-tui rollout`, run as a user runs it.
#[cfg(feature = "tui")]
mod cli {
    use super::bearoff;
    use bg_tui::engine::position_id;
    use std::process::Output;

    fn bg_tui(args: &[&str]) -> Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_bg-tui"))
            .args(args)
            .output()
            .expect("the program runs")
    }

    fn stdout(o: &Output) -> String {
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    fn json(args: &[&str]) -> serde_json::Value {
        let o = bg_tui(args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_str(&stdout(&o)).expect("JSON")
    }

    #[test]
    fn bad_input_is_one_line_and_status_2() {
        let id = position_id(&bearoff());
        let id = id.as_str();
        for args in [
            vec!["rollout", id, "--trials", "0"],
            vec!["rollout", id, "--trials", "10000001"],
            vec!["rollout", id, "--threads", "0"],
            vec!["rollout", id, "--threads", "257"],
            vec!["rollout", id, "--truncate", "0"],
            vec!["rollout", id, "--truncate", "10001"],
            vec!["rollout", id, "--ply", "2"],
            vec!["rollout", id, "--plays", "0"],
            vec!["rollout", id, "--std-err", "0"],
            vec!["rollout", id, "--std-err", "nan"],
            vec!["rollout", id, "71"],
            vec!["rollout", "not-an-id"],
            vec!["rollout", "4HPwATDgc/ABMA:nonsense"],
            vec![
                "rollout",
                "XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10",
            ],
            vec!["rollout", id, "--rules", "plakoto"],
            vec!["rollout", "--board", "{}", "31"],
            vec!["rollout"],
            // Every checker of the player on roll borne off: the game is over.
            vec!["rollout", "AAAAAAAAAAAAAA:cAkAAAAAAAAA", "31"],
            vec!["rollout", "AAAAAAAAAAAAAA"],
        ] {
            let o = bg_tui(&args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(o.stdout.is_empty(), "{args:?}");
        }
    }

    #[test]
    fn json_has_the_lines_and_the_cube_decision() {
        let id = position_id(&bearoff());
        let v = json(&["rollout", &id, "--trials", "72", "--json"]);
        assert_eq!(v["rules"], "backgammon");
        assert_eq!(v["trials"], 72);
        let lines = v["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 1);
        assert!(lines[0]["equity"].is_f64());
        assert_eq!(lines[0]["chances"].as_array().map(Vec::len), Some(5));
        assert!(v["cube"]["action"].is_string());
        let text = stdout(&bg_tui(&["rollout", &id, "--trials", "36"]));
        assert!(text.contains("Proper cube action: "), "{text}");
    }

    /// Issue 49: at a match score every figure of a rollout is cubeful in MWC with EMG
    /// beside (the plays with the cubeless equity too, the cube decision's three actions),
    /// and in money play the plays are cubeful equities with the cubeless beside; each
    /// number says its unit.
    #[test]
    fn rollouts_at_a_score_are_cubeful_in_mwc_and_money_ones_in_cubeful_equity() {
        let quick = ["--trials", "36", "--truncate", "2", "--threads", "1"];
        let at_score = "b98EABDZdhsEAA:AgHgACAACAAE";
        let cube = stdout(&bg_tui(&[&["rollout", at_score][..], &quick].concat()));
        assert!(
            cube.contains("MWC with cubeful EMG beside, rolled out cubefully"),
            "{cube}"
        );
        for action in ["No double", "Double, take", "Double, pass"] {
            let line = cube
                .lines()
                .find(|l| l.trim_start().starts_with(action))
                .unwrap_or_else(|| panic!("{action} in {cube}"));
            assert!(line.contains("MWC ") && line.contains("EMG "), "{line}");
        }
        let plays = stdout(&bg_tui(
            &[&["rollout", at_score, "31", "--plays", "2"][..], &quick].concat(),
        ));
        assert!(plays.starts_with("Rollout of"), "{plays}");
        assert!(plays.contains("MWC cubeful (EMG beside)"), "{plays}");
        let first = plays
            .lines()
            .find(|l| l.trim_start().starts_with("1. "))
            .unwrap_or_else(|| panic!("{plays}"));
        assert!(
            first.contains("MWC ") && first.contains("EMG ") && first.contains("cubeless "),
            "{first}"
        );
        let v = json(
            &[
                &["rollout", at_score, "31", "--plays", "2", "--json"][..],
                &quick,
            ]
            .concat(),
        );
        assert!(v["lines"][0]["cubeful"]["mwc"].is_f64(), "{v}");
        let money = stdout(&bg_tui(
            &[
                &["rollout", "4HPwATDgc/ABMA", "31", "--plays", "2"][..],
                &quick,
            ]
            .concat(),
        ));
        let first = money
            .lines()
            .find(|l| l.trim_start().starts_with("1. "))
            .unwrap_or_else(|| panic!("{money}"));
        assert!(
            first.contains("cubeful ") && first.contains("cubeless ") && !first.contains("MWC"),
            "{first}"
        );
        let money_cube = stdout(&bg_tui(
            &[&["rollout", "4HPwATDgc/ABMA"][..], &quick].concat(),
        ));
        assert!(
            money_cube.contains("No double     cubeful "),
            "{money_cube}"
        );
    }

    #[test]
    fn a_last_roll_at_three_to_one_is_a_double() {
        // One checker on the 6-point against a checker on the opponent's 1-point: the
        // player on roll wins with 27 rolls of 36 (all but 2-1, 3-1, 4-1, 3-2 and 1-1).
        let mut mover = [0u8; 26];
        let mut opponent = [0u8; 26];
        mover[6] = 1;
        opponent[1] = 1;
        let position = bg_tui::engine::Position::from_sides(&mover, &opponent).expect("a position");
        let v = json(&[
            "rollout",
            &position_id(&position),
            "--trials",
            "72",
            "--json",
        ]);
        let win = v["lines"][0]["chances"][0].as_f64().expect("win");
        assert!((win - 0.75).abs() < 1e-3, "{win}");
        let action = v["cube"]["action"].as_str().expect("action");
        assert!(action.starts_with("Double"), "{action}");
    }

    #[test]
    fn candidate_plays_are_rolled_out_best_first() {
        let v = json(&[
            "rollout",
            "4HPwATDgc/ABMA",
            "31",
            "--plays",
            "3",
            "--trials",
            "36",
            "--truncate",
            "2",
            "--json",
        ]);
        let lines = v["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 3);
        // Best first by the cubeful equity (money play, the cube centred: issue 49).
        let equities: Vec<f64> = lines
            .iter()
            .filter_map(|l| l["cubeful"]["emg"].as_f64())
            .collect();
        assert_eq!(equities.len(), 3, "{lines:?}");
        assert!(equities.windows(2).all(|w| w[0] >= w[1]), "{equities:?}");
        assert!(lines.iter().all(|l| l["cubeful"].get("mwc").is_none()));
        assert!(lines.iter().any(|l| l["play"] == "8/5 6/5"));
    }

    #[test]
    fn an_xgid_and_a_position_id_give_the_same_result() {
        let id = position_id(&bearoff());
        let shown = stdout(&bg_tui(&["show", &id]));
        let xgid = shown
            .lines()
            .find_map(|l| l.trim().strip_prefix("XGID="))
            .expect("show prints the XGID");
        let xgid = format!("XGID={xgid}");
        let args = ["--trials", "72", "--no-vr", "--json"];
        let by_id = json(&[&["rollout", id.as_str()][..], &args[..]].concat());
        let by_xgid = json(&[&["rollout", xgid.as_str()][..], &args[..]].concat());
        assert_eq!(by_id["lines"], by_xgid["lines"]);
        // ... and with the dice.
        let args = ["--trials", "36", "--json"];
        let by_id = json(&[&["rollout", id.as_str(), "21"][..], &args[..]].concat());
        let by_xgid = json(&[&["rollout", xgid.as_str(), "21"][..], &args[..]].concat());
        assert_eq!(by_id["lines"], by_xgid["lines"]);
    }
}

/// The pruning net keeps the nets' 0-ply choice among its best [`PRUNE_KEEP`] plays in
/// nearly every contact roll (self-play at 0-ply on seeded dice, every contact roll with more
/// plays than it keeps): what a pruned rollout gives up is the rare roll where it does not.
/// The bar is 90%: the pruning net taught by the nets of 2026-11-26 kept 92.5% of their
/// choices, and 89.4% of the 150k round's (2026-12-02); taught again by these, two rounds,
/// 90.1% (the training runs' "The pruning net").
#[test]
fn the_pruning_net_keeps_the_nets_choice_in_nearly_every_roll() {
    use bg_tui::bot::expert::rollouts::PRUNE_KEEP;
    use bg_tui::bot::expert::shipped_pruner;
    use rand::{RngExt, SeedableRng};
    let mut nets = expert();
    let mut pruner = ExpertBot::new(shipped_pruner().expect("the pruning net reads"), 0);
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(11);
    let (mut rolls, mut kept) = (0u32, 0u32);
    // How many rolls the best 1, 2, ... 6 of the pruner would have kept the nets' choice in.
    let mut within = [0u32; 6];
    for _game in 0..40 {
        let mut position = Variant::Backgammon.start_position();
        for _turn in 0..200 {
            let dice =
                Dice::new(rng.random_range(1..=6u8), rng.random_range(1..=6u8)).expect("dice");
            let plays = Variant::Backgammon.legal_plays(&position, dice);
            let Some(best) = nets.rank_all(&plays).first().map(|r| r.play) else {
                position = position.switched();
                continue;
            };
            if plays.len() > PRUNE_KEEP && !plays.iter().any(|p| p.position().is_race()) {
                rolls += 1;
                let ranked = pruner.rank_all(&plays);
                if let Some(at) = ranked
                    .iter()
                    .position(|r| r.play.position() == best.position())
                {
                    for w in within.iter_mut().skip(at) {
                        *w += 1;
                    }
                }
                kept += u32::from(
                    ranked[..PRUNE_KEEP]
                        .iter()
                        .any(|r| r.play.position() == best.position()),
                );
            }
            if best.position().mover_pips() == 0 {
                break;
            }
            position = best.position().switched();
        }
    }
    let share = f64::from(kept) / f64::from(rolls);
    println!(
        "the pruning net kept the nets' choice in {kept} of {rolls} rolls ({share:.3}); in its best 1-6: {within:?}"
    );
    assert!(rolls > 1000, "{rolls}");
    assert!(share > 0.90, "{share}");
}
