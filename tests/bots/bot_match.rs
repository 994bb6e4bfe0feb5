//! Bot against bot: the arena's games, pairs and report, and the `hint` and `bot-match`
//! commands.

use bg_tui::bot;
use bg_tui::engine::{Rules, Side};
use bg_tui::host::arena;
#[cfg(feature = "tui")]
use std::process::Output;

#[cfg(feature = "tui")]
use crate::common;
#[cfg(feature = "tui")]
use common::bg_tui;

fn cubeless() -> Rules {
    Rules {
        cube: false,
        ..Rules::money()
    }
}

fn run(games: u64, seed: u64, threads: usize) -> arena::MatchReport {
    arena::run(
        &arena::Contest {
            a: "random",
            b: "random",
            games,
            seed,
            rules: cubeless(),
            threads,
        },
        |_| {},
    )
    .expect("random exists")
}

#[cfg(feature = "tui")]
fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&String::from_utf8_lossy(&o.stdout)).expect("JSON on stdout")
}

#[test]
fn random_against_itself_is_even_and_the_same_seed_gives_the_same_report() {
    let first = run(400, 7, 2);
    let again = run(400, 7, 2);
    assert_eq!(first.results, again.results);
    assert_eq!(first.games, 400);
    assert_eq!(first.results.len(), 400);
    assert_eq!(first.ppg, again.ppg);
    assert_eq!(first.ppg_ci95, again.ppg_ci95);
    assert_eq!(first.a.wins, again.a.wins);
    assert_eq!(first.a.wins + first.b.wins, 400);
    // The same bot on both sides: the difference is within a few standard errors.
    assert!(first.ppg.abs() < 2.0 * first.ppg_ci95, "{first:?}");
    assert!((0.4..=0.6).contains(&first.a.win_rate), "{first:?}");
    assert!(first.a.decisions > 0 && first.b.decisions > 0);
    // A different seed gives different games.
    assert_ne!(run(400, 8, 2).results, first.results);
}

#[test]
fn the_thread_count_does_not_change_any_game() {
    let one = run(60, 3, 1);
    let two = run(60, 3, 2);
    let five = run(60, 3, 5);
    assert_eq!(one.results, two.results);
    assert_eq!(one.results, five.results);
    assert_eq!(one.ppg, two.ppg);
    assert_eq!(one.a.gammons, five.a.gammons);
}

#[test]
fn a_mirrored_pair_has_the_same_dice_with_the_sides_swapped() {
    let seed = arena::pair_dice_seed(1, 0);
    let play = |a_side| {
        let mut a = bot::make("random", 11).expect("random exists");
        let mut b = bot::make("random", 12).expect("random exists");
        arena::play_game(&mut *a, &mut *b, a_side, cubeless(), seed).expect("legal bots")
    };
    let first = play(Side::White);
    let second = play(Side::Black);
    assert_eq!(first.a_side, Side::White);
    assert_eq!(second.a_side, Side::Black);
    // The same opening roll, so the same seat starts: bot A in one game, bot B in the other.
    assert_eq!(first.opening, second.opening);
    assert_ne!(first.opening[0], first.opening[1]);
    assert_eq!(first.starter, second.starter);
    let expected = if first.opening[0] > first.opening[1] {
        Side::White
    } else {
        Side::Black
    };
    assert_eq!(first.starter, expected);
    // The rolls after it are one sequence: the shorter game's rolls begin the longer one's.
    let n = first.rolls.len().min(second.rolls.len());
    assert!(n > 0);
    assert_eq!(first.rolls[..n], second.rolls[..n]);
    // The arena's own pairs: game 2k has A White, 2k + 1 A Black, the same starting seat,
    // so the bots take turns to start.
    let report = run(40, 1, 2);
    for pair in report.results.chunks(2) {
        assert_eq!(pair[0].a_side, Side::White);
        assert_eq!(pair[1].a_side, Side::Black);
        assert_eq!(pair[0].starter, pair[1].starter);
    }
    let a_started = report
        .results
        .iter()
        .filter(|r| r.starter == r.a_side)
        .count();
    assert_eq!(a_started, 20);
}

#[test]
fn a_game_is_a_function_of_its_seed() {
    let play = || {
        let mut a = bot::make("random", 5).expect("random exists");
        let mut b = bot::make("random", 6).expect("random exists");
        arena::play_game(&mut *a, &mut *b, Side::White, cubeless(), 99).expect("legal bots")
    };
    let (x, y) = (play(), play());
    assert_eq!(x.result, y.result);
    assert_eq!(x.rolls, y.rolls);
    assert_eq!(x.a_points, y.a_points);
    assert_eq!(x.a_points.unsigned_abs(), u64::from(x.result.points));
    assert_eq!(x.a_points > 0, x.result.winner == Some(Side::White));
}

#[test]
fn the_95_percent_interval_is_1_96_standard_errors() {
    let points = [1, -1, 2, -2, 1, -1, 0, 0, 3, -3];
    // Mean 0; squares sum to 30; sample variance 30 / 9.
    let expected = 1.96 * (30.0f64 / 9.0).sqrt() / 10f64.sqrt();
    assert!((arena::ci95_half_width(&points) - expected).abs() < 1e-12);
    assert!((arena::ci95_half_width(&[1, 3]) - 1.96 * 2f64.sqrt() / 2f64.sqrt()).abs() < 1e-12);
    assert_eq!(arena::ci95_half_width(&[2, 2, 2]), 0.0);
    assert!(arena::ci95_half_width(&[1]).is_nan());
    assert!(arena::ci95_half_width(&[]).is_nan());
}

#[test]
fn a_match_counts_one_point_a_win() {
    let rules = Rules {
        cube: false,
        ..Rules::match_to(3)
    };
    let report = arena::run(
        &arena::Contest {
            a: "random",
            b: "random",
            games: 6,
            seed: 2,
            rules,
            threads: 2,
        },
        |_| {},
    )
    .expect("random exists");
    assert_eq!(report.games, 6);
    assert!(report.games_played >= 6);
    for r in &report.results {
        assert_eq!(r.a_points, if r.a_won { 1 } else { -1 });
    }
    let mut a = bot::make("random", 1).expect("random exists");
    let mut b = bot::make("random", 2).expect("random exists");
    let m = arena::play_match(&mut *a, &mut *b, Side::Black, rules, 4).expect("legal bots");
    let winner_score = if m.winner == m.a_side {
        m.score[0]
    } else {
        m.score[1]
    };
    assert!(winner_score >= 3);
    assert!(m.score[0].min(m.score[1]) < 3);
    assert_eq!(
        m.results.iter().map(|r| r.points).sum::<u32>(),
        m.score[0] + m.score[1]
    );
}

#[test]
fn progress_is_reported_for_every_game() {
    let count = std::sync::atomic::AtomicU64::new(0);
    let most = std::sync::atomic::AtomicU64::new(0);
    arena::run(
        &arena::Contest {
            a: "random",
            b: "random",
            games: 30,
            seed: 1,
            rules: cubeless(),
            threads: 3,
        },
        |n| {
            count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            most.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
        },
    )
    .expect("random exists");
    assert_eq!(count.into_inner(), 30);
    assert_eq!(most.into_inner(), 30);
}

#[test]
fn an_unknown_bot_is_refused_before_any_game() {
    let e = arena::run(
        &arena::Contest {
            a: "random",
            b: "nobody",
            games: 10,
            seed: 1,
            rules: cubeless(),
            threads: 1,
        },
        |_| {},
    );
    assert!(matches!(
        e,
        Err(arena::ArenaError::Bot(bot::BotError::Unknown(name))) if name == "nobody"
    ));
}

/// A bot that plays nothing even when it must move: the arena stops the game with an error
/// naming the bot, rather than panicking.
struct Stubborn;

impl bot::Bot for Stubborn {
    fn name(&self) -> &str {
        "stubborn"
    }
    fn rank_plays(
        &mut self,
        _variant: bg_tui::engine::Variant,
        position: &bg_tui::engine::Position,
        _dice: bg_tui::engine::Dice,
    ) -> Vec<bot::ScoredPlay> {
        vec![bot::ScoredPlay {
            play: bg_tui::engine::Play::empty(*position),
            score: 0.0,
        }]
    }
    fn should_double(&mut self, _m: &bg_tui::engine::MatchState) -> bool {
        false
    }
    fn answer_double(&mut self, _m: &bg_tui::engine::MatchState) -> bot::DoubleAnswer {
        bot::DoubleAnswer::Take
    }
    fn accept_resignation(
        &mut self,
        _m: &bg_tui::engine::MatchState,
        _level: bg_tui::engine::WinKind,
    ) -> bool {
        false
    }
}

#[test]
fn a_bot_that_breaks_the_rules_stops_the_game_with_an_error() {
    let mut stubborn = Stubborn;
    let mut greedy = bot::make("greedy", 1).expect("greedy exists");
    let e = arena::play_game(&mut stubborn, &mut *greedy, Side::White, cubeless(), 3)
        .expect_err("an empty play where a checker can move is refused");
    match &e {
        arena::ArenaError::IllegalAction { bot, .. } => assert_eq!(bot, "stubborn"),
        other => panic!("{other:?}"),
    }
    assert!(
        e.to_string()
            .starts_with("the stubborn bot chose an action the rules refuse")
    );
}

#[test]
fn a_match_without_a_length_is_refused() {
    let mut a = bot::make("random", 1).expect("random exists");
    let mut b = bot::make("random", 2).expect("random exists");
    let e = arena::play_match(&mut *a, &mut *b, Side::White, cubeless(), 1);
    assert!(matches!(e, Err(arena::ArenaError::NoMatchLength)), "{e:?}");
}

#[cfg(feature = "tui")]
#[test]
fn hint_json_ranks_all_16_plays_of_the_opening_3_1() {
    let o = bg_tui(&["hint", "4HPwATDgc/ABMA", "31", "--bot", "random", "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    assert_eq!(v["bot"], "random");
    let plays = v["plays"].as_array().expect("plays is an array");
    assert_eq!(plays.len(), 16);
    for p in plays {
        assert!(p["play"].is_string(), "{p}");
        assert!(p["score"].is_number(), "{p}");
        let id = p["position_id"].as_str().expect("position_id is a string");
        assert!(bg_tui::engine::position_from_id(id).is_ok(), "{id}");
    }
    let point = plays
        .iter()
        .find(|p| p["play"] == "8/5 6/5")
        .expect("8/5 6/5 is legal");
    assert_eq!(point["position_id"], "sGfwATDgc/ABMA");
}

#[cfg(feature = "tui")]
#[test]
fn hint_without_a_bot_uses_the_strongest_and_prints_a_ranked_list() {
    let o = bg_tui(&["hint", "4HPwATDgc/ABMA", "3-1"]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.ends_with(&format!(
            "16 legal plays, best first by {}",
            bg_tui::bot::strongest_for(bg_tui::engine::Variant::Backgammon)
        )),
        "{text}"
    );
    assert_eq!(text.lines().count(), 17);
    assert!(
        text.lines()
            .nth(1)
            .unwrap_or_default()
            .trim_start()
            .starts_with("1. ")
    );
}

#[cfg(feature = "tui")]
#[test]
fn an_unknown_bot_name_is_one_line_and_status_2() {
    for args in [
        &["hint", "4HPwATDgc/ABMA", "31", "--bot", "gnubg"][..],
        &["bot-match", "random", "gnubg", "--games", "2"][..],
    ] {
        let o = bg_tui(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("no bot is called \"gnubg\""), "{err}");
        assert!(err.contains("random"), "{err}");
        assert!(o.stdout.is_empty());
    }
}

#[cfg(feature = "tui")]
#[test]
fn bot_match_json_has_games_ppg_and_its_interval() {
    let o = bg_tui(&["bot-match", "random", "random", "--games", "20", "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    assert_eq!(v["games"], 20);
    assert!(v["ppg"].is_number(), "{v}");
    assert!(v["ppg_ci95"].as_f64().is_some_and(|ci| ci > 0.0), "{v}");
    assert_eq!(v["a"]["bot"], "random");
    assert_eq!(
        v["a"]["wins"].as_u64().unwrap_or(0) + v["b"]["wins"].as_u64().unwrap_or(0),
        20
    );
    // The same seed again: the same games.
    let again = json(&bg_tui(&[
        "bot-match",
        "random",
        "random",
        "--games",
        "20",
        "--json",
        "--threads",
        "1",
    ]));
    assert_eq!(again["ppg"], v["ppg"]);
}

#[cfg(feature = "tui")]
#[test]
fn bot_match_text_is_a_short_table() {
    let o = bg_tui(&[
        "bot-match",
        "random",
        "random",
        "--games",
        "10",
        "--seed",
        "4",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("A's points per game: "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("A random")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("B random")), "{text}");
    assert!(o.stderr.is_empty(), "no progress bar off a terminal");
}

#[cfg(feature = "tui")]
#[test]
fn bot_match_refuses_bad_numbers_and_folders_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let file = file.to_string_lossy().into_owned();
    for (args, needle) in [
        (
            &["bot-match", "random", "random", "--save", file.as_str()][..],
            "--save",
        ),
        (
            &["bot-match", "random", "random", "--games", "0"][..],
            "--games",
        ),
        (
            &["bot-match", "random", "random", "--threads", "0"][..],
            "--threads",
        ),
        (
            &["bot-match", "random", "random", "--match-length", "0"][..],
            "--match: a match is played to at least 1 point",
        ),
    ] {
        let o = bg_tui(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
}

#[test]
fn recorded_runs_hand_over_records_that_replay_to_the_reported_results() {
    let rules = Rules {
        cube: true,
        ..Rules::money()
    };
    let records = std::sync::Mutex::new(Vec::new());
    let contest = arena::Contest {
        a: "greedy",
        b: "random",
        games: 6,
        seed: 3,
        rules,
        threads: 2,
    };
    let report = arena::run_recorded(
        &contest,
        &|_| {},
        Some(&|game, record| records.lock().unwrap().push((game, record))),
    )
    .unwrap();
    // Recording changes nothing in the games.
    let plain = arena::run(
        &arena::Contest {
            threads: 1,
            ..contest
        },
        |_| {},
    )
    .unwrap();
    assert_eq!(report.results, plain.results);
    let mut records = records.into_inner().unwrap();
    records.sort_by_key(|(game, _)| *game);
    assert_eq!(records.len(), 6);
    for ((game, record), summary) in records.iter().zip(&report.results) {
        let json = bg_tui::record::to_json(record);
        let (_, m) = bg_tui::record::load(&json).unwrap_or_else(|e| panic!("game {game}: {e}"));
        assert!(
            m.is_over() && record.stopped,
            "a money game is a session of one game"
        );
        let result = m.results()[0];
        let a_points = i64::from(result.points);
        let signed = if result.is_won_by(summary.a_side) {
            a_points
        } else {
            -a_points
        };
        assert_eq!(signed, summary.a_points, "game {game}");
        let a_seat = summary.a_side.index();
        assert_eq!(record.players[a_seat].name, "greedy", "game {game}");
        assert_eq!(record.players[1 - a_seat].name, "random", "game {game}");
        assert_eq!(record.seed, Some(arena::pair_dice_seed(3, game / 2)));
    }
}

#[cfg(feature = "tui")]
#[test]
fn bot_match_save_writes_one_record_per_match() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("matches");
    let o = bg_tui(&[
        "bot-match",
        "greedy",
        "greedy",
        "--games",
        "3",
        "--match-length",
        "3",
        "--cube",
        "--save",
        &out.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("records of 3 matches written to"), "{text}");
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["match-0001.json", "match-0002.json", "match-0003.json"]
    );
    for name in names {
        let (record, m) = bg_tui::store::read_record(&out.join(&name)).unwrap();
        assert!(m.is_over() && m.winner().is_some(), "{name}");
        assert_eq!(record.rules.match_length, Some(3));
        assert_eq!(
            [
                record.players[0].name.as_str(),
                record.players[1].name.as_str()
            ],
            if name == "match-0002.json" {
                ["greedy-B", "greedy-A"]
            } else {
                ["greedy-A", "greedy-B"]
            }
        );
    }
}

// ---- The other rule sets (assets/rules/README.md §2) ----

use bg_tui::engine::{RuleSet, Variant};
use bg_tui::record::RecordedAction;

/// The rules the arena plays `rule_set` under in these tests: money games with the rule
/// set's defaults, and Tavli (a match) to 3 points.
fn rules_of(rule_set: RuleSet) -> Rules {
    match rule_set {
        RuleSet::Tavli => Rules {
            match_length: Some(3),
            ..Rules::of(rule_set)
        },
        _ => Rules::of(rule_set),
    }
}

#[test]
#[cfg_attr(
    not(feature = "tui"),
    ignore = "the same library code runs in the default build's tests: a slow one, run once"
)]
fn every_bot_plays_whole_games_of_every_rule_set_it_plays_and_its_records_replay() {
    for &listed in bot::NAMES {
        for rule_set in RuleSet::ALL {
            // The expert at its default 2-ply in backgammon, at 1-ply in the other rule sets
            // (2-ply everywhere would take minutes).
            let name = match listed {
                "expert" if rule_set != RuleSet::Backgammon => "expert:1",
                other => other,
            };
            let rules = rules_of(rule_set);
            let plays = bot::plays_rule_set(bot::make(name, 0).unwrap().as_ref(), rule_set);
            let records = std::sync::Mutex::new(Vec::new());
            let save = |game, record| records.lock().unwrap().push((game, record));
            let run = arena::run_recorded(
                &arena::Contest {
                    a: name,
                    b: "random",
                    games: 4,
                    seed: 5,
                    rules,
                    threads: 1,
                },
                &|_| {},
                Some(&save),
            );
            if !plays {
                assert!(
                    matches!(&run, Err(arena::ArenaError::Bot(bot::BotError::CannotPlay { bot, .. })) if bot == name),
                    "{name} in {rule_set}: {run:?}"
                );
                continue;
            }
            let report = run.unwrap_or_else(|e| panic!("{name} in {rule_set}: {e}"));
            assert_eq!(report.rules, rule_set);
            let mut records = records.into_inner().unwrap();
            records.sort_by_key(|(game, _)| *game);
            assert_eq!(records.len(), 4, "{name} in {rule_set}");
            for ((game, record), summary) in records.iter().zip(&report.results) {
                let what = format!("{name} in {rule_set}, game {game}");
                let json = bg_tui::record::to_json(record);
                let (_, m) = bg_tui::record::load(&json).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(m.is_over(), "{what}");
                assert_eq!(m.rules().rule_set, rule_set, "{what}");
                for (i, g) in record.games.iter().enumerate() {
                    assert_eq!(g.variant, Some(rule_set.variant_of_game(i)), "{what}");
                }
                if rule_set != RuleSet::Tavli {
                    let result = m.results()[0];
                    let points = i64::from(result.points);
                    let signed = match result.winner {
                        None => 0,
                        Some(w) if w == summary.a_side => points,
                        Some(_) => -points,
                    };
                    assert_eq!(signed, summary.a_points, "{what}");
                }
            }
        }
    }
}

#[cfg(feature = "tui")]
#[test]
fn a_drawn_plakoto_game_scores_nothing_and_is_a_win_for_neither() {
    let rules = Rules::of(RuleSet::Plakoto);
    let r = arena::run(
        &arena::Contest {
            a: "random",
            b: "random",
            games: 60,
            seed: 1,
            rules,
            threads: 1,
        },
        |_| {},
    )
    .unwrap();
    assert!(
        r.draws > 0,
        "random play pins both mothers now and then: {r:?}"
    );
    assert_eq!(r.a.wins + r.b.wins + r.draws, 60);
    let drawn: Vec<_> = r.results.iter().filter(|g| g.drawn).collect();
    assert_eq!(drawn.len() as u64, r.draws);
    for g in drawn {
        assert_eq!(g.a_points, 0);
        assert!(!g.a_won);
        assert_eq!(g.gammons, [0, 0]);
    }
    let text = String::from_utf8_lossy(
        &bg_tui(&[
            "bot-match",
            "random",
            "random",
            "--rules",
            "plakoto",
            "--games",
            "60",
            "--threads",
            "1",
        ])
        .stdout,
    )
    .into_owned();
    assert!(text.contains(&format!("{} drawn games", r.draws)), "{text}");
}

#[test]
fn in_a_tavli_match_the_winner_starts_the_next_game_and_nobody_doubles() {
    let rules = Rules {
        match_length: Some(5),
        ..Rules::of(RuleSet::Tavli)
    };
    let records = std::sync::Mutex::new(Vec::new());
    let save = |_, record| records.lock().unwrap().push(record);
    arena::run_recorded(
        &arena::Contest {
            a: "greedy",
            b: "random",
            games: 2,
            seed: 9,
            rules,
            threads: 1,
        },
        &|_| {},
        Some(&save),
    )
    .unwrap();
    let records = records.into_inner().unwrap();
    assert_eq!(records.len(), 2);
    let mut later_games = 0;
    for record in &records {
        assert!(record.games.len() >= 2);
        for (i, game) in record.games.iter().enumerate() {
            let cycle = [Variant::Portes, Variant::Plakoto, Variant::Fevga];
            assert_eq!(game.variant, Some(cycle[i % 3]));
            assert!(
                !game
                    .actions
                    .iter()
                    .any(|a| matches!(a, RecordedAction::Double { .. })),
                "no cube in Tavli"
            );
            let previous = i
                .checked_sub(1)
                .and_then(|j| record.games[j].result.as_ref())
                .and_then(|r| r.winner);
            if let Some(winner) = previous {
                later_games += 1;
                assert!(
                    matches!(game.actions.first(), Some(RecordedAction::Roll { side, .. }) if *side == winner),
                    "game {i} is started by the winner of the one before"
                );
            }
        }
    }
    assert!(later_games > 0);
}

/// `{"mine": ..., "theirs": ...}` with the given (point, checkers).
#[cfg(feature = "tui")]
fn board_json(mine: &[(usize, u8)], theirs: &[(usize, u8)]) -> String {
    let mut m = [0u8; 24];
    let mut t = [0u8; 24];
    for &(p, n) in mine {
        m[p - 1] = n;
    }
    for &(p, n) in theirs {
        t[p - 1] = n;
    }
    serde_json::json!({ "mine": m, "theirs": t }).to_string()
}

#[cfg(feature = "tui")]
#[test]
fn hint_ranks_a_plakoto_board_and_pins_first() {
    // The opponent's runner on the mover's 15-point, 5 pips in front of the mover's 20.
    let board = board_json(&[(24, 14), (20, 1)], &[(1, 14), (15, 1)]);
    // The default adviser is the expert, which plays every rule set.
    let o = bg_tui(&[
        "hint", "--rules", "plakoto", "--board", &board, "52", "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(json(&o)["bot"], "expert");
    let o = bg_tui(&[
        "hint", "--rules", "plakoto", "--board", &board, "52", "--json", "--bot", "greedy",
    ]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    assert_eq!(v["rules"], "plakoto");
    assert_eq!(v["bot"], "greedy");
    assert_eq!(v["dice"], serde_json::json!([5, 2]));
    let plays = v["plays"].as_array().expect("plays");
    assert_eq!(plays.len(), 5);
    assert_eq!(plays[0]["play"], "24/22 20/15*");
    // After the play, from the opponent's view: its checker on its 10-point lies pinned.
    assert_eq!(plays[0]["board"]["pinned"], serde_json::json!([10]));
    let scores: Vec<f64> = plays.iter().filter_map(|p| p["score"].as_f64()).collect();
    assert_eq!(scores.len(), 5);
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // The text form: a head line and one numbered line per play.
    let o = bg_tui(&[
        "hint", "--rules", "plakoto", "--board", &board, "5-2", "--bot", "greedy",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("Plakoto, roll 5-2: 5 legal plays, best first by greedy")
    );
    assert!(
        lines.next().unwrap_or_default().contains("1. 24/22 20/15*"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 6);
}

#[cfg(feature = "tui")]
#[test]
fn bot_match_plays_fevga_and_says_so() {
    let o = bg_tui(&[
        "bot-match",
        "greedy",
        "random",
        "--rules",
        "fevga",
        "--games",
        "6",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("A = greedy, B = random: 6 money games of Fevga, cubeless"),
        "{text}"
    );
    let o = bg_tui(&[
        "bot-match",
        "greedy",
        "random",
        "--rules",
        "fevga",
        "--games",
        "6",
        "--threads",
        "1",
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(v["rules"], "fevga");
    assert_eq!(v["games"], 6);
    assert_eq!(v["cube"], false);
}

#[cfg(feature = "tui")]
#[test]
fn a_bot_that_cannot_play_the_rule_set_is_refused_in_one_line_with_status_2() {
    let board = board_json(&[(24, 15)], &[(1, 15)]);
    let tavli = "--rules tavli: Tavli is a match cycling Portes, Plakoto and Fevga; add --match N";
    for (args, needle) in [
        (
            &[
                "hint", "--rules", "plakoto", "--board", &board, "52", "--bot", "pubeval",
            ][..],
            "--bot: the pubeval bot cannot play Plakoto; the bots that can are random, greedy, expert",
        ),
        (
            &[
                "bot-match",
                "pubeval",
                "random",
                "--rules",
                "fevga",
                "--games",
                "2",
            ][..],
            "the pubeval bot cannot play Fevga",
        ),
        (
            &[
                "bot-match",
                "greedy",
                "pubeval",
                "--rules",
                "tavli",
                "--match",
                "3",
            ][..],
            "the pubeval bot cannot play Tavli",
        ),
        (
            &["bot-match", "greedy", "random", "--rules", "tavli"][..],
            tavli,
        ),
        (
            &["hint", "4HPwATDgc/ABMA", "31", "--rules", "plakoto"][..],
            "a Position ID cannot hold a Plakoto position; use --board",
        ),
        // The game checks its options before it opens the terminal.
        (
            &["--rules", "plakoto", "--vs", "pubeval"][..],
            "--vs: the pubeval bot cannot play Plakoto",
        ),
        (
            &[
                "play", "--rules", "tavli", "--match", "3", "--black", "pubeval",
            ][..],
            "--black: the pubeval bot cannot play Tavli",
        ),
    ] {
        let o = bg_tui(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
        assert!(o.stdout.is_empty());
    }
    // pubeval plays the rule sets that move as backgammon does.
    let o = bg_tui(&[
        "bot-match",
        "pubeval",
        "random",
        "--rules",
        "portes",
        "--games",
        "2",
    ]);
    assert!(o.status.success(), "{o:?}");
}

/// `hint --rules R ID DICE` judges with R's nets and scoring, not backgammon's: Jacquet's
/// symmetric start after the opening 4-1 is about even for the player who opened (the
/// backgammon nets, which never saw Jacquet's entering phase, said 23.6%), and Portes
/// scores no backgammons (its backgammon is the gammon it also is).
#[cfg(feature = "tui")]
#[test]
fn hint_with_rules_and_a_position_id_uses_that_rule_sets_nets_and_scoring() {
    let chances = |args: &[&str]| -> Vec<Vec<f64>> {
        let o = bg_tui(args);
        assert!(o.status.success(), "{o:?}");
        json(&o)["plays"]
            .as_array()
            .expect("plays")
            .iter()
            .map(|p| {
                p["chances"]
                    .as_array()
                    .expect("the expert's chances")
                    .iter()
                    .filter_map(serde_json::Value::as_f64)
                    .collect()
            })
            .collect()
    };
    let jacquet = chances(&[
        "hint",
        "--rules",
        "jacquet",
        "AAAA/38AAAD/fw",
        "41",
        "--ply",
        "0",
        "--json",
    ]);
    let win = jacquet[0][0];
    assert!((0.4..0.6).contains(&win), "Jacquet's opening 4-1: {win}");

    let portes = chances(&[
        "hint",
        "--rules",
        "portes",
        "4HPwATDgc/ABMA",
        "31",
        "--json",
    ]);
    let backgammon = chances(&["hint", "4HPwATDgc/ABMA", "31", "--json"]);
    assert!(
        portes.iter().all(|c| c[2] == 0.0 && c[4] == 0.0),
        "{portes:?}"
    );
    assert!(backgammon.iter().any(|c| c[2] > 0.0), "{backgammon:?}");
}
