//! The drill's tests: the schedule's boxes and due dates, its file (atomic, a damaged one
//! kept aside, a newer one left alone), the items gathered from hand-made analysed records
//! of backgammon and Plakoto, and the grading of each kind of answer.

use super::*;
use crate::analysis::{Analysis, BestPlay, CubeEquities, cache};
use crate::engine::{Action, Dice, Phase, RuleSet, Rules};
use crate::record::{PlayerInfo, PlayerKind, Record, RecordSide, Recorder, SeatChange};

const DAY: u64 = 86_400;

// ---- the schedule ----

#[test]
fn a_hit_moves_a_card_up_a_box_and_away_for_its_interval() {
    let now = 1_000_000;
    let card = Card::new(now);
    assert_eq!((card.level, card.due), (1, now));
    let card = card.answered(true, now);
    assert_eq!((card.level, card.due, card.hits), (2, now + 3 * DAY, 1));
    let card = card.answered(true, now);
    assert_eq!((card.level, card.due), (3, now + 7 * DAY));
    let card = card.answered(true, now).answered(true, now);
    assert_eq!((card.level, card.due), (5, now + 30 * DAY));
    // The top box stays the top box.
    let card = card.answered(true, now);
    assert_eq!((card.level, card.due, card.hits), (5, now + 30 * DAY, 5));
}

#[test]
fn a_miss_sends_a_card_back_to_box_one_and_it_comes_back_in_minutes() {
    let now = 5_000_000;
    let high = Card {
        level: 4,
        due: now,
        hits: 3,
        misses: 0,
    };
    let missed = high.answered(false, now);
    assert_eq!(missed.level, 1);
    assert_eq!(missed.due, now + MISS_AGAIN);
    assert_eq!((missed.hits, missed.misses), (3, 1));
    // Missed, it comes back far sooner than the same card answered right.
    assert!(missed.due < high.answered(true, now).due);
    assert!(MISS_AGAIN < INTERVALS[0]);
}

#[test]
fn due_items_come_in_order_missed_ones_first_then_new_ones_worst_first() {
    let now = 10 * DAY;
    let mut s = Schedule::default();
    // "a" answered right: away for 3 days; "b" missed: due again in ten minutes.
    s.answer("a", true, now);
    s.answer("b", false, now);
    let keys = ["new-worst", "a", "b", "new-next"];
    assert!(!s.is_due("a", now));
    assert!(!s.is_due("b", now));
    assert_eq!(s.due_order(&keys, now), vec![0, 3]);
    let later = now + MISS_AGAIN;
    assert!(s.is_due("b", later));
    assert_eq!(s.due_order(&keys, later), vec![2, 0, 3]);
    let much_later = now + 3 * DAY;
    assert_eq!(s.due_order(&keys, much_later), vec![2, 1, 0, 3]);
}

#[test]
fn the_schedule_file_round_trips_and_is_written_atomically() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join(FILE_NAME);
    let loaded = Schedule::load(&path).expect("no file is an empty schedule");
    assert!(loaded.schedule.is_empty() && loaded.note.is_none());
    let mut s = loaded.schedule;
    s.answer("m.json:1:3", true, 100);
    s.answer("m.json:1:7", false, 100);
    s.save(&path).expect("saved");
    s.answer("m.json:1:7", true, 200);
    s.save(&path).expect("saved again over it");
    let back = Schedule::load(&path).expect("read back");
    assert_eq!(back.schedule, s);
    assert!(back.note.is_none());
    // Only the file: no temporary file left beside it.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("listed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec![FILE_NAME.to_string()]);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("\"format\": \"bg-tui-drill\""), "{text}");
    assert!(text.contains("\"box\": 2"), "{text}");
}

/// A rollout made in the drill is kept beside the item's card, read back whole, and a
/// file of before rollouts were kept (no `rollouts` field) still reads.
#[test]
fn a_rollout_is_kept_in_the_schedule_file_and_read_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join(FILE_NAME);
    std::fs::write(
        &path,
        "{\"format\":\"bg-tui-drill\",\"version\":1,\"cards\":{\"m.json:1:3\":{\"box\":2,\"due\":5,\"hits\":1,\"misses\":0}}}",
    )
    .expect("written");
    let mut s = Schedule::load(&path).expect("an older file reads").schedule;
    assert_eq!(s.card("m.json:1:3").map(|c| c.level), Some(2));
    assert!(s.rollout("m.json:1:3").is_none());
    let rollout = KeptRollout {
        how: "324 trials, 0-ply, cut at 11 turns".to_string(),
        trials: 324,
        choices: vec![
            RolledChoice {
                choice: "8/5 6/5".to_string(),
                equity: 0.125,
                std_err: 0.004,
                cubeful: None,
                mwc: None,
                chances: [0.55, 0.15, 0.01, 0.1, 0.005],
            },
            RolledChoice {
                choice: "24/21 6/5".to_string(),
                equity: -0.02,
                std_err: 0.005,
                cubeful: None,
                mwc: None,
                chances: [0.5, 0.12, 0.01, 0.11, 0.006],
            },
        ],
        cube: Vec::new(),
        at: 100,
    };
    s.keep_rollout("m.json:1:3", rollout.clone());
    s.save(&path).expect("saved");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("\"rollouts\""), "{text}");
    let back = Schedule::load(&path).expect("read back").schedule;
    assert_eq!(back.rollout("m.json:1:3"), Some(&rollout));
    assert_eq!(back, s);
    // Shown with its units: cubeless equity, labelled.
    let lines = rollout.lines();
    assert_eq!(lines[0], "rollout (324 trials, 0-ply, cut at 11 turns):");
    assert_eq!(lines[1], "cubeless equity ± s.e., win%:");
    assert_eq!(lines[2], "8/5 6/5 +0.125 ± 0.004 55.0%");
    // A schedule with no rollout writes no `rollouts` field.
    let mut plain = Schedule::default();
    plain.answer("m.json:1:3", true, 100);
    plain.save(&path).expect("saved");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(!text.contains("rollouts"), "{text}");
}

/// A rollout kept at a match score shows each choice's match-winning chances and EMG
/// beside its cubeless equity (issue 49: every rollout at the score is cubeful in MWC with
/// EMG beside); in money play the cubeful equity; an old kept rollout without them still
/// reads and shows the cubeless figures alone.
#[test]
fn a_kept_rollout_shows_its_cubeful_values_with_their_units() {
    let choice = |name: &str, cubeful: Option<f64>, mwc: Option<f64>| RolledChoice {
        choice: name.to_string(),
        equity: 0.125,
        std_err: 0.004,
        cubeful,
        mwc,
        chances: [0.55, 0.15, 0.01, 0.1, 0.005],
    };
    let kept = |choices| KeptRollout {
        how: "324 trials, 0-ply, cut at 11 turns".to_string(),
        trials: 324,
        choices,
        cube: Vec::new(),
        at: 100,
    };
    let in_match = kept(vec![choice("8/5 6/5", Some(0.046), Some(0.5231))]);
    assert_eq!(
        in_match.lines()[1..],
        [
            "MWC, EMG, cubeless equity ± s.e., win%:",
            "8/5 6/5 52.3% +0.046 +0.125 ± 0.004 55.0%"
        ]
    );
    let money = kept(vec![choice("8/5 6/5", Some(0.11), None)]);
    assert_eq!(
        money.lines()[1..],
        [
            "cubeful, cubeless equity ± s.e., win%:",
            "8/5 6/5 +0.110 +0.125 ± 0.004 55.0%"
        ]
    );
    let json = serde_json::to_string(&in_match).expect("written");
    let old = json.replace(",\"cubeful\":0.046,\"mwc\":0.5231", "");
    assert_ne!(old, json, "{json}");
    let back: KeptRollout = serde_json::from_str(&old).expect("an old kept rollout reads");
    assert_eq!(
        back.lines()[1..],
        [
            "cubeless equity ± s.e., win%:",
            "8/5 6/5 +0.125 ± 0.004 55.0%"
        ]
    );
}

#[test]
fn a_damaged_file_is_kept_aside_and_said_in_one_line() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join(FILE_NAME);
    std::fs::write(
        &path,
        "{\"format\":\"bg-tui-drill\",\"version\":1,\"cards\":{\"x\":",
    )
    .expect("written");
    let loaded = Schedule::load(&path).expect("a damaged file is no error");
    assert!(loaded.schedule.is_empty());
    let note = loaded.note.expect("a note");
    assert!(!note.contains('\n'), "{note}");
    assert!(note.contains("is damaged"), "{note}");
    assert!(note.contains("drill-damaged.json"), "{note}");
    let kept = dir.path().join("drill-damaged.json");
    assert_eq!(
        std::fs::read_to_string(&kept).expect("kept"),
        "{\"format\":\"bg-tui-drill\",\"version\":1,\"cards\":{\"x\":"
    );
    // A second damaged file does not replace the first one kept.
    std::fs::write(&path, [0xff, 0xfe, 0x00]).expect("written");
    let loaded = Schedule::load(&path).expect("damaged again");
    assert!(
        loaded
            .note
            .expect("a note")
            .contains("drill-damaged-2.json")
    );
    assert!(dir.path().join("drill-damaged-2.json").exists());
    assert!(kept.exists());
}

#[test]
fn a_file_of_a_newer_version_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join(FILE_NAME);
    let text = r#"{"format":"bg-tui-drill","version":9,"cards":{},"more":[1,2]}"#;
    std::fs::write(&path, text).expect("written");
    let e = Schedule::load(&path).expect_err("a newer file");
    assert!(matches!(e, ScheduleError::Newer(_, 9)), "{e}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
    assert_eq!(std::fs::read_dir(dir.path()).expect("listed").count(), 1);
}

// ---- the items ----

/// A match of `rules` between a person (White) and a bot: the opening (3-1 to White),
/// then White's first play, the first of its legal plays in notation order, which the
/// test calls the mistake. Returns the record, the play made, the best play (the last in
/// notation order) and the play's action index (from 0).
fn one_play(rules: Rules) -> (Record, String, crate::engine::Play, usize) {
    let mut m = crate::engine::MatchState::new(rules).expect("the rules");
    let mut recorder = Recorder::new(
        [PlayerInfo::human("Alice"), PlayerInfo::bot("expert")],
        rules,
        None,
    );
    for _ in 0..4 {
        match m.game().phase() {
            Phase::Opening => recorder
                .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
                .expect("the opening roll"),
            Phase::Rolling => recorder
                .apply(&mut m, Action::Roll(Dice::new(3, 1).expect("dice")))
                .expect("a roll"),
            _ => break,
        }
    }
    assert!(matches!(m.game().phase(), Phase::Moving(_)));
    assert_eq!(m.game().turn(), crate::engine::Side::White);
    let mut plays: Vec<_> = m.game().legal_plays().to_vec();
    plays.sort_by_key(format_play);
    assert!(plays.len() > 1);
    let index = recorder.as_record().games[0].actions.len();
    let (made, best) = (plays[0], plays[plays.len() - 1]);
    recorder
        .apply(&mut m, Action::Play(made))
        .expect("the play");
    (recorder.into_record(), format_play(&made), best, index)
}

fn judged(action: usize, side: &str, kind: &str, done: &str, best: &str, loss: f64) -> Judged {
    Judged {
        game: 1,
        action: action + 1,
        side: if side == "black" {
            Side::Black
        } else {
            Side::White
        },
        kind: crate::advisor::DecisionKind::from_words(kind).expect("a kind of decision"),
        position_id: String::new(),
        dice: (kind == "play").then_some([3, 1]),
        done: done.to_string(),
        best: best.to_string(),
        loss,
        done_equity: 0.1 - loss,
        best_equity: 0.1,
        best_play: None,
        loss_mwc: None,
        ply: 0,
        choices: 0,
        cube: None,
        scale: 1.0,
    }
}

fn analysis_of(judged: Vec<Judged>) -> Analysis {
    Analysis {
        players: ["Alice".to_string(), "expert".to_string()],
        ply: 0,
        player_ply: [None, Some(2)],
        match_length: None,
        decisions: [0, 0],
        total_loss: [0.0; 2],
        errors: [0; 2],
        judged,
        luck: [0.0; 2],
        rolls: [0; 2],
        luck_rating: [String::new(), String::new()],
        error_rate: [0.0; 2],
        rating: [String::new(), String::new()],
        pr: [0.0; 2],
        result: [0.0; 2],
        luck_adjusted: [0.0; 2],
        dice: [[0; 21]; 2],
        stats: Default::default(),
        roll_luck: Vec::new(),
    }
}

/// The record's play as a mistake of 0.25, with the best play given as the analysis gives
/// it; a small loss of White's and a loss of the bot's beside it, neither drilled.
fn analysed(rules: Rules) -> (Record, Analysis, String, String) {
    let (record, made, best, index) = one_play(rules);
    let mut mistake = judged(index, "white", "play", &made, &format_play(&best), 0.25);
    mistake.best_play = Some(BestPlay {
        steps: Vec::new(),
        position: *best.position(),
    });
    let small = judged(
        index - 1,
        "white",
        "no double",
        "no double",
        "No double",
        0.01,
    );
    let bots = judged(index + 1, "black", "play", "x", "y", 0.5);
    let analysis = analysis_of(vec![small, mistake, bots]);
    (record, analysis, made, format_play(&best))
}

fn items_for(rules: Rules) -> (Vec<Item>, String, String) {
    let (record, analysis, made, best) = analysed(rules);
    (
        items_of(&record, &analysis, "m.json", DEFAULT_MIN_LOSS),
        made,
        best,
    )
}

/// Issue 49 §6: a side handed to a bot during a game: the decisions its person made before
/// are drilled, the bot's after are not, whichever plays the side when the record ends.
#[test]
fn a_decision_is_drilled_by_who_made_it_when_a_side_changes_hands_mid_game() {
    let (record, analysis, made, _) = analysed(Rules::match_to(5));
    // Alice hands White to the bot after her play (through the recorder, as `:bot` does).
    let mut recorder = Recorder::resume(record.clone());
    recorder.set_player_kind(Side::White, PlayerKind::Bot("expert".to_string()));
    let handed = recorder.into_record();
    assert_eq!(handed.games[0].seat_changes.len(), 1, "one change noted");
    let items = items_of(&handed, &analysis, "m.json", DEFAULT_MIN_LOSS);
    assert_eq!(
        items.len(),
        1,
        "Alice's mistake, made before the bot took over"
    );
    assert_eq!(items[0].judged.done, made);
    // The other way round: the bot played White until the play, Alice after it.
    let index = analysis.judged[1].action - 1;
    let mut taken_back = record;
    taken_back.games[0].seat_changes.push(SeatChange {
        side: RecordSide::White,
        at: index + 1,
        before: PlayerInfo::bot("expert"),
    });
    assert!(
        items_of(&taken_back, &analysis, "m.json", DEFAULT_MIN_LOSS).is_empty(),
        "the play was the bot's"
    );
}

#[test]
fn a_backgammon_mistake_becomes_an_item_with_its_position_and_choices() {
    let (items, made, best) = items_for(Rules::match_to(5));
    assert_eq!(
        items.len(),
        1,
        "only the person's decision that lost enough"
    );
    let item = &items[0];
    assert_eq!(item.kind(), Kind::Play);
    assert_eq!(item.player, "Alice");
    assert_eq!(item.side, Side::White);
    assert!(item.key.starts_with("m.json:1:"), "{}", item.key);
    assert_eq!(
        item.before.game().dice(),
        Some(Dice::new(3, 1).expect("dice"))
    );
    assert_eq!(item.setting(), "backgammon, 5-point match, 0-0");
    assert_eq!(item.equity_unit(), "EMG", "a match's equities are EMG");
    assert!(
        item.question().contains("Alice (White) to play 3-1"),
        "{}",
        item.question()
    );
    let choices = item.choices();
    let texts: Vec<String> = choices.iter().map(Choice::text).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted, "the choices in notation order");
    assert_eq!(texts.first(), Some(&made));
    assert_eq!(item.best().map(|c| c.text()), Some(best.clone()));
    // The best is right and loses nothing; the play made is wrong and loses what the
    // analysis said; another play is wrong, its loss for the advisor to say.
    let best_choice = choices.iter().find(|c| c.text() == best).expect("best");
    assert_eq!(
        item.grade(best_choice),
        Graded {
            right: true,
            loss: Some(0.0)
        }
    );
    assert_eq!(
        item.grade(&choices[0]),
        Graded {
            right: false,
            loss: Some(0.25)
        }
    );
    if choices.len() > 2 {
        assert_eq!(
            item.grade(&choices[1]),
            Graded {
                right: false,
                loss: None
            }
        );
    }
}

#[test]
fn a_plakoto_mistake_becomes_an_item_too() {
    let (items, made, best) = items_for(Rules::of(RuleSet::Plakoto));
    assert_eq!(items.len(), 1);
    let item = &items[0];
    assert_eq!(item.equity_unit(), "equity", "a money game's");
    assert_eq!(
        item.before.game().variant(),
        crate::engine::Variant::Plakoto
    );
    assert!(item.setting().starts_with("Plakoto"), "{}", item.setting());
    let choices = item.choices();
    assert_eq!(choices[0].text(), made);
    let best_choice = choices.iter().find(|c| c.text() == best).expect("best");
    assert!(item.grade(best_choice).right);
    assert!(!item.grade(&choices[0]).right);
}

#[test]
fn a_tavli_match_and_a_portes_one_give_their_items() {
    // Fevga's first play is always forced (one checker leaves the start first), so the
    // helper's opening play has no choice there: Tavli (its first game Portes) and Portes.
    for (rules, name) in [
        (Rules::of(RuleSet::Tavli), "Portes"),
        (Rules::of(RuleSet::Portes), "Portes"),
    ] {
        let (items, _, _) = items_for(rules);
        assert_eq!(items.len(), 1, "{name}");
        assert!(
            items[0].setting().starts_with(name),
            "{}",
            items[0].setting()
        );
    }
}

#[test]
fn items_come_worst_first_and_the_threshold_counts() {
    let (record, mut analysis, _, _) = analysed(Rules::money());
    // The small loss of White's made bigger than the play's.
    analysis.judged[0].loss = 0.4;
    let items = items_of(&record, &analysis, "m.json", DEFAULT_MIN_LOSS);
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].judged.loss, 0.4);
    assert_eq!(items[1].judged.loss, 0.25);
    assert_eq!(items_of(&record, &analysis, "m.json", 0.3).len(), 1);
    assert!(items_of(&record, &analysis, "m.json", 0.5).is_empty());
}

#[test]
fn cube_decisions_are_graded_by_their_equities() {
    let m = crate::engine::MatchState::new(Rules::money()).expect("money");
    let cube = CubeEquities {
        no_double: 0.5,
        double_take: 0.8,
        double_pass: 1.0,
    };
    let item = |kind: &str, done: &str, loss: f64| {
        let mut j = judged(0, "white", kind, done, "", loss);
        j.cube = Some(cube);
        Item {
            key: "k".to_string(),
            record: "m.json".to_string(),
            player: "Alice".to_string(),
            names: ["Alice".to_string(), "expert".to_string()],
            side: Side::White,
            judged: j,
            before: m.clone(),
        }
    };
    // Doubling is worth 0.8 (the opponent takes), not doubling 0.5.
    let no_double = item("no double", "no double", 0.3);
    assert_eq!(no_double.choices(), vec![Choice::NoDouble, Choice::Double]);
    assert_eq!(no_double.best(), Some(Choice::Double));
    let g = no_double.grade(&Choice::NoDouble);
    assert!(!g.right);
    assert!((g.loss.expect("known") - 0.3).abs() < 1e-9);
    assert_eq!(
        no_double.grade(&Choice::Double),
        Graded {
            right: true,
            loss: Some(0.0)
        }
    );
    // The taker: a take costs 0.8, a pass 1.0, so the pass lost 0.2.
    let pass = item("pass", "pass", 0.2);
    assert_eq!(pass.choices(), vec![Choice::Take, Choice::Pass]);
    assert_eq!(pass.best(), Some(Choice::Take));
    let g = pass.grade(&Choice::Pass);
    assert!(!g.right);
    assert!((g.loss.expect("known") - 0.2).abs() < 1e-9);
    // Each question names who decides and what: the doubler, then the taker.
    assert!(
        no_double
            .question()
            .starts_with("Alice (White) to double or roll  [m.json game 1 move "),
        "{}",
        no_double.question()
    );
    assert!(
        pass.question()
            .starts_with("Alice (White) to take or pass  [m.json game 1 move "),
        "{}",
        pass.question()
    );
}

#[test]
fn a_folder_s_analysed_records_give_items_and_the_rest_are_named() {
    let dir = tempfile::tempdir().expect("a folder");
    let (record, analysis, _, _) = analysed(Rules::match_to(3));
    let path = dir.path().join("match-a.json");
    crate::store::write_record(&path, &record).expect("written");
    let bytes = std::fs::read(&path).expect("read");
    cache::save(&cache::path_for(&path), &bytes, 0, &analysis).expect("analysis saved");
    crate::store::write_record(&dir.path().join("match-b.json"), &record).expect("written");
    std::fs::write(dir.path().join(FILE_NAME), "{}").expect("a schedule, not a record");
    std::fs::write(dir.path().join("notes.json"), "[1]").expect("another JSON file");
    let found = collect(dir.path(), DEFAULT_MIN_LOSS).expect("collected");
    assert_eq!(found.analysed, 1);
    assert_eq!(found.items.len(), 1);
    assert_eq!(found.items[0].record, "match-a.json");
    assert_eq!(found.unanalysed, vec!["match-b.json".to_string()]);
    assert!(found.problems.is_empty(), "{:?}", found.problems);
    // The bot's 0.5 is counted, not drilled.
    assert_eq!(found.bots_errors, 1);
    // A record changed since its analysis: its analysis is not used, and that is said.
    let mut longer = record.clone();
    longer.games[0].actions.pop();
    crate::store::write_record(&path, &longer).expect("rewritten");
    let found = collect(dir.path(), DEFAULT_MIN_LOSS).expect("collected");
    assert!(found.items.is_empty());
    assert_eq!(found.problems.len(), 1, "{:?}", found.problems);
    assert!(
        found.problems[0].contains("another record"),
        "{}",
        found.problems[0]
    );
}

/// A play the analysis did not value is valued by the advisor at the analysis's depth:
/// against the analysis's best equity (here the advisor's own best at 0-ply), the best
/// play loses nothing, and each other play what the advisor's ranking says it loses.
#[test]
fn the_advisor_values_a_play_the_analysis_did_not() {
    let (mut items, _, _) = items_for(Rules::money());
    let mut item = items.remove(0);
    let mut advisor = Advisor::new(0).expect("the shipped nets");
    let advice = advisor.plays(&item.before).expect("advice");
    let top = advice.lines[0];
    item.judged.best_equity = f64::from(top.equity.emg);
    let best = Choice::Play(top.play);
    let loss = item.loss_by_advisor(&mut advisor, &best).expect("valued");
    assert_eq!(loss, Some(0.0));
    let other = advice.lines[advice.lines.len() - 1];
    let loss = item
        .loss_by_advisor(&mut advisor, &Choice::Play(other.play))
        .expect("valued")
        .expect("a legal play is in the ranking");
    assert!(
        (loss - f64::from(other.loss.emg)).abs() < 1e-6,
        "{loss} {:?}",
        other.loss
    );
    assert!(loss > 0.0);
}
