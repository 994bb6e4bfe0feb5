//! Rollouts: the engine (`bot::expert::rollouts`) against exact values, variance reduction,
//! repeatability and stratification; and `bg-tui rollout` on the command line.

use bg_tui::bot::expert::ExpertBot;
use bg_tui::bot::expert::bearoff::BearoffDb;
use bg_tui::bot::expert::eval::equity;
use bg_tui::bot::expert::rollouts::{
    Line, Rollout, RolloutError, RolloutSettings, first_roll, rollout,
};
use bg_tui::engine::{Dice, Position, Variant, legal_plays};

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
    legal_plays(&Position::START, dice)
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
    assert_eq!(
        refused(RolloutSettings { trials: 0, ..d }),
        Some(RolloutError::Trials(0))
    );
    assert_eq!(
        refused(RolloutSettings { threads: 0, ..d }),
        Some(RolloutError::Threads(0))
    );
    assert_eq!(
        refused(RolloutSettings {
            truncate: Some(0),
            ..d
        }),
        Some(RolloutError::Truncate(0))
    );
    assert_eq!(
        refused(RolloutSettings { ply: 2, ..d }),
        Some(RolloutError::Ply(2))
    );
    assert!(matches!(
        refused(RolloutSettings {
            std_err: Some(f64::NAN),
            ..d
        }),
        Some(RolloutError::StdErr(_))
    ));
    assert_eq!(
        rollout(&expert(), Variant::Backgammon, &[], &d, |_| true).err(),
        Some(RolloutError::Lines(0))
    );
}
