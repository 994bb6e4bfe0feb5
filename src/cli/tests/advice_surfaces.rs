//! Issue 31 §1: one advisor behind every screen. The same position, score and depth give the
//! same numbers on every surface: the advisor itself, the hint panel (`H`), `hint` on the
//! command line, tutor mode (and through it `analyse` and the replay viewer, which judge by
//! the same path), `ubgi`'s answers and `rollout`'s choice of candidates.

use crate::cli::{Cli, Command};
use bg_tui::advisor::{Advisor, text};
use bg_tui::engine::{
    Action, Dice, GameSetup, MatchState, RuleSet, Rules, match_id_fields, match_state_from_ids,
    position_from_id,
};
use bg_tui::record::{PlayerInfo, Recorder};
use clap::Parser;

/// 3-away 1-away after the Crawford game, the trailer on roll with the cube centred (a
/// position of issue 31's trial).
const PID: &str = "4PPgASjgc/ABMA";
const MID: &str = "MAGgACAAIAAE";

/// What the command `args` prints, read as JSON: the command as the program runs it.
fn json(args: &[&str]) -> serde_json::Value {
    let cli = Cli::try_parse_from(std::iter::once("bg-tui").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    let text = match cli.command {
        Some(Command::Hint(hint)) => hint.run(),
        Some(Command::Rollout(rollout)) => rollout.run(),
        _ => panic!("{args:?}: a command of this test"),
    }
    .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    serde_json::from_str(&text).expect("JSON")
}

/// The match of the IDs with its record (set up at the position), before the roll.
fn recorded_match() -> (MatchState, Recorder) {
    let position = position_from_id(PID).expect("a Position ID");
    let fields = match_id_fields(MID).expect("a Match ID");
    let at =
        match_state_from_ids(RuleSet::Backgammon, position, &fields, false).expect("a match state");
    let rules = Rules::match_to(fields.match_length);
    let mut m = MatchState::new(rules).expect("a match");
    let mut recorder = Recorder::new(
        [PlayerInfo::human("Alice"), PlayerInfo::human("Bob")],
        rules,
        None,
    );
    let setup = GameSetup {
        position,
        turn: fields.on_roll,
        cube: at.game().cube(),
        score: fields.score,
        crawford: fields.crawford,
    };
    recorder.set_up(&mut m, &setup).expect("set up");
    assert_eq!(m.crawford(), at.crawford());
    (m, recorder)
}

fn close(a: f64, b: f32, what: &str) {
    assert!((a - f64::from(b)).abs() < 1e-5, "{what}: {a} against {b}");
}

#[test]
fn a_ranking_is_the_same_on_every_surface() {
    let dice = Dice::new(3, 1).expect("dice");
    let (mut m, mut recorder) = recorded_match();
    recorder
        .apply(&mut m, Action::Roll(dice))
        .expect("the roll");
    let mut advisor = Advisor::new(2).expect("the shipped nets");
    let advice = advisor.plays(&m).expect("a ranking");
    assert!(advice.lines.len() > 3);
    let best = advice.lines[0];
    // A line judged as deep as the best, other than the best.
    let other = *advice.lines[1..]
        .iter()
        .find(|l| l.ply == best.ply)
        .unwrap_or(&advice.lines[1]);

    // The hint panel.
    let panel = crate::tui::hint::advise(&m, 1);
    assert_eq!(panel.head[0], text::ranking_head(&advice));
    for (line, shown) in advice.lines.iter().zip(&panel.plays) {
        assert_eq!(shown.play.position(), line.play.position());
        assert!(
            shown.text.contains(&text::main_value(line.equity)),
            "{} / {line:?}",
            shown.text
        );
        assert!(
            shown.text.contains(&text::emg(line.equity.emg)),
            "{}",
            shown.text
        );
    }

    // `hint ID:MATCHID DICE --json`.
    let id = format!("{PID}:{MID}");
    let v = json(&["hint", &id, "31", "--json"]);
    let plays = v["plays"].as_array().expect("plays");
    assert_eq!(plays.len(), advice.lines.len());
    for (line, p) in advice.lines.iter().zip(plays) {
        assert_eq!(p["play"], bg_tui::engine::format_play(&line.play));
        close(
            p["equity"]["emg"].as_f64().expect("emg"),
            line.equity.emg,
            "emg",
        );
        close(
            p["equity"]["mwc"].as_f64().expect("mwc"),
            line.equity.mwc.expect("a match"),
            "mwc",
        );
        close(
            p["loss"]["emg"].as_f64().expect("loss"),
            line.loss.emg,
            "loss",
        );
    }

    // Tutor mode (and `analyse`, whose judging it shares): a play's loss is the ranking's.
    for (line, ply) in [(best, 0.0), (other, f64::from(other.loss.emg))] {
        let job = crate::tui::tutor::TutorJob::new(
            1,
            &m,
            crate::tui::tutor::PersonDecision::Play(line.play),
            2,
        )
        .expect("a decision to judge");
        match job.verdict() {
            crate::tui::tutor::TutorVerdict::Judged { loss, .. } => {
                assert!((loss as f64 / 1e6 - ply).abs() < 2e-6, "{loss} vs {ply}");
            }
            other => panic!("not judged: {other:?}"),
        }
    }

    // UBGI: the best move is the ranking's first.
    let mut session = crate::cli::ubgi::Session::new();
    for line in [
        "set engine.ply 3".to_string(),
        format!("position gnubgid {PID}:{MID}"),
        "dice 3 1".to_string(),
    ] {
        assert!(session.handle(&line).is_empty(), "{line}");
    }
    let answer = session.handle("go chequer");
    assert_eq!(
        answer,
        vec![format!(
            "bestmove {}",
            bg_tui::bot::ubgi::protocol::format_move(&best.play)
        )]
    );

    // `rollout` rolls out the advisor's best candidates.
    let v = json(&[
        "rollout", &id, "31", "--plays", "3", "--trials", "36", "--json",
    ]);
    let mut rolled: Vec<String> = v["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["play"].as_str().unwrap_or_default().to_string())
        .collect();
    let mut candidates: Vec<String> = advice.lines[..3]
        .iter()
        .map(|l| bg_tui::engine::format_play(&l.play))
        .collect();
    rolled.sort();
    candidates.sort();
    assert_eq!(rolled, candidates);
}

#[test]
fn a_cube_decision_is_the_same_on_every_surface() {
    let (m, _) = recorded_match();
    let mut advisor = Advisor::new(2).expect("the shipped nets");
    let advice = advisor.cube(&m).expect("a cube decision");

    // The hint panel.
    let panel = crate::tui::hint::advise(&m, 1);
    let lines = panel.lines();
    for expected in text::cube_lines(&advice) {
        assert!(lines.contains(&expected), "{expected:?} in {lines:?}");
    }

    // `hint ID:MATCHID --json`, no dice: cube advice.
    let v = json(&["hint", &format!("{PID}:{MID}"), "--json"]);
    for (key, e) in [
        ("no_double", advice.no_double),
        ("double_take", advice.double_take),
        ("double_pass", advice.double_pass),
    ] {
        close(v[key]["emg"].as_f64().expect("emg"), e.emg, key);
        close(
            v[key]["mwc"].as_f64().expect("mwc"),
            e.mwc.expect("a match"),
            key,
        );
    }
    assert_eq!(v["verdict"], advice.verdict.words());

    // UBGI's cube answer follows the verdict (an optional double is no double there).
    let mut session = crate::cli::ubgi::Session::new();
    assert!(
        session
            .handle(&format!("position gnubgid {PID}:{MID}"))
            .is_empty()
    );
    let double = advice.double() && !advice.verdict.optional();
    assert_eq!(
        session.handle("go cube"),
        vec![format!(
            "bestcube {}",
            if double { "double" } else { "nodouble" }
        )]
    );
}
