//! Jellyfish `.mat` files: GNU Backgammon's layout written exactly, read back into records
//! that replay, round trips both ways, damaged files, and hostile text.

use crate::common;

use bg_tui::bot::{self, Bot, Question};
use bg_tui::engine::{Action, Dice, MatchState, Phase, Play, Rules, WinKind, roll_die};
use bg_tui::host::Host;
use bg_tui::mat::{MatWriteError, read_mat, write_mat};
use bg_tui::record::{
    GameRecord, PlayerInfo, Record, RecordSide, RecordedAction, Recorder, replay,
};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::path::PathBuf;

// ---- Making records to write ----

/// Who decides: two bots (through [`bot::decide`], as every bot decides), or a coin for
/// every decision (any legal action, often).
enum Deciders {
    Bots(Box<[Box<dyn Bot>; 2]>),
    Random,
}

/// Plays a match (or up to `max_games` money games) with seeded dice and records it.
fn play_record(
    rules: Rules,
    names: [&str; 2],
    deciders: Deciders,
    seed: u64,
    max_games: usize,
) -> Record {
    let m = MatchState::new(rules).unwrap();
    let rec = Recorder::new(
        [PlayerInfo::human(names[0]), PlayerInfo::human(names[1])],
        rules,
        Some(seed),
    );
    match deciders {
        Deciders::Bots(bots) => play_with_bots(Host::seeded(m, rec, seed), *bots, max_games),
        Deciders::Random => play_randomly(m, rec, seed, max_games),
    }
}

/// The bots' match: each decision asked through the one decision table of every bot
/// ([`bot::decide`], by [`Host::ask`]) and carried out by the host, the dice drawn by it.
fn play_with_bots(mut host: Host, mut bots: [Box<dyn Bot>; 2], max_games: usize) -> Record {
    while let Some(pending) = host.pending() {
        if pending.question == Question::NextGame && host.state().results().len() >= max_games {
            break;
        }
        let side = pending.side().unwrap_or(host.state().game().turn());
        let decision = host.ask(&mut *bots[side.index()]);
        host.carry_out(decision)
            .unwrap_or_else(|e| panic!("the rules refuse {decision:?}: {e}"));
    }
    host.into_parts().1.into_record()
}

/// A match of coin flips for every decision (any legal action, often), the dice and the
/// coins drawn from one generator seeded with `seed`.
fn play_randomly(mut m: MatchState, mut rec: Recorder, seed: u64, max_games: usize) -> Record {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !m.is_over() {
        if matches!(m.game().phase(), Phase::Over(_)) {
            if m.results().len() >= max_games {
                break;
            }
            rec.next_game(&mut m).unwrap();
            continue;
        }
        let action = random_action(&m, &mut rng);
        rec.apply(&mut m, action)
            .unwrap_or_else(|e| panic!("the rules refuse {action:?}: {e}"));
    }
    rec.into_record()
}

/// A random action of the game in play (not over), that also resigns and doubles now and
/// then.
fn random_action(m: &MatchState, rng: &mut ChaCha8Rng) -> Action {
    let game = m.game();
    match game.phase() {
        _ if game.resignation().is_some() => {
            if rng.random_bool(0.5) {
                Action::AcceptResignation
            } else {
                Action::DeclineResignation
            }
        }
        Phase::Opening => Action::OpeningRoll {
            white: roll_die(rng),
            black: roll_die(rng),
        },
        Phase::Rolling => {
            let coin: f64 = rng.random();
            if coin < 0.02 {
                Action::Resign(random_level(rng))
            } else if coin < 0.12 && game.may_double().is_ok() {
                Action::Double
            } else {
                Action::Roll(Dice::roll(rng))
            }
        }
        Phase::Moving(_) => {
            if rng.random_bool(0.01) {
                // Resigning after rolling.
                Action::Resign(random_level(rng))
            } else {
                match game.legal_plays() {
                    [] => Action::Play(Play::empty(*game.position())),
                    plays => Action::Play(plays[rng.random_range(0..plays.len())]),
                }
            }
        }
        Phase::DoubleOffered => match rng.random_range(0..20) {
            0..=10 => Action::Take,
            11..=15 => Action::Drop,
            16..=18 if game.rules().beaver && game.offered_value() * 2 <= game.rules().cube_cap => {
                Action::Beaver
            }
            16..=18 => Action::Take,
            _ => Action::Resign(random_level(rng)),
        },
        Phase::Beavered if rng.random_bool(0.3) => Action::Drop,
        Phase::Beavered => Action::Take,
        Phase::Over(_) => unreachable!("a game over has no next action"),
    }
}

fn random_level(rng: &mut ChaCha8Rng) -> WinKind {
    [WinKind::Single, WinKind::Gammon, WinKind::Backgammon][rng.random_range(0..3)]
}

fn bots(white: &str, black: &str, seed: u64) -> Deciders {
    Deciders::Bots(Box::new([
        bot::make(white, seed).unwrap(),
        bot::make(black, seed + 1).unwrap(),
    ]))
}

fn money_with_beavers() -> Rules {
    Rules {
        beaver: true,
        jacoby: true,
        ..Rules::money()
    }
}

// ---- Fixtures ----

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mat")
}

fn fixture(name: &str) -> String {
    let path = fixtures_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The fixtures written by [`write_mat`] from bot games: (file name, record).
fn generated_fixtures() -> Vec<(&'static str, Record)> {
    vec![
        (
            "match-5-crawford.mat",
            play_record(
                Rules::match_to(5),
                ["Alice", "Bob"],
                bots("greedy", "greedy", 3),
                3,
                usize::MAX,
            ),
        ),
        (
            "money-session.mat",
            play_record(
                money_with_beavers(),
                ["Ann", "Ben"],
                bots("greedy", "greedy", 9),
                9,
                4,
            ),
        ),
        (
            "money-beavers-resignations.mat",
            play_record(
                money_with_beavers(),
                ["Ann", "Ben"],
                Deciders::Random,
                12,
                3,
            ),
        ),
    ]
}

/// Writes the generated fixtures: `cargo test --test records -- --ignored write_fixture_files`.
#[test]
#[ignore = "writes tests/fixtures/mat; run by hand to regenerate"]
fn write_fixture_files() {
    for (name, record) in generated_fixtures() {
        std::fs::write(fixtures_dir().join(name), write_mat(&record).unwrap()).unwrap();
    }
}

// ---- Comparing records across a .mat file ----

/// What a `.mat` file keeps of a game: its actions without opening ties and declined or
/// unanswered resignations, dice written higher first, and its result.
fn kept(game: &GameRecord) -> (Vec<RecordedAction>, Option<bg_tui::record::ResultRecord>) {
    let high_first = |d: [u8; 2]| [d[0].max(d[1]), d[0].min(d[1])];
    let mut actions = Vec::new();
    let mut iter = game.actions.iter().peekable();
    while let Some(action) = iter.next() {
        match action {
            RecordedAction::Opening([w, b]) if w == b => {}
            RecordedAction::Resign { .. } => match iter.peek() {
                Some(RecordedAction::Accept) => actions.push(action.clone()),
                Some(RecordedAction::Decline) => {
                    iter.next();
                }
                _ => {}
            },
            RecordedAction::Roll { side, dice } => actions.push(RecordedAction::Roll {
                side: *side,
                dice: high_first(*dice),
            }),
            RecordedAction::Play {
                side,
                dice,
                notation,
                steps,
            } => actions.push(RecordedAction::Play {
                side: *side,
                dice: high_first(*dice),
                notation: notation.clone(),
                steps: steps.clone(),
            }),
            other => actions.push(other.clone()),
        }
    }
    (actions, game.result)
}

fn assert_same_games(original: &Record, back: &Record) {
    assert_eq!(back.games.len(), original.games.len());
    for (i, (a, b)) in original.games.iter().zip(&back.games).enumerate() {
        assert_eq!(kept(b), kept(a), "game {}", i + 1);
    }
    assert_eq!(
        [&back.players[0].name, &back.players[1].name],
        [&original.players[0].name, &original.players[1].name]
    );
}

// ---- The fixtures ----

#[test]
fn generated_fixtures_are_what_write_mat_writes() {
    for (name, record) in generated_fixtures() {
        assert_eq!(
            write_mat(&record).unwrap(),
            fixture(name),
            "{name}: regenerate with write_fixture_files"
        );
        let back = read_mat(&fixture(name)).unwrap();
        assert_same_games(&record, &back);
        assert_eq!(back.rules, record.rules, "{name}");
    }
}

#[test]
fn gnubg_layout_fixtures_read_and_write_back_byte_for_byte() {
    for name in [
        "match-5-crawford.mat",
        "money-session.mat",
        "money-beavers-resignations.mat",
    ] {
        let text = fixture(name);
        let record = read_mat(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        replay(&record).unwrap();
        assert_eq!(write_mat(&record).unwrap(), text, "{name}");
    }
}

/// The line of `text` numbered `n` (from 1).
fn line(text: &str, n: usize) -> &str {
    text.lines().nth(n - 1).unwrap()
}

#[test]
fn the_match_fixture_reads_as_hand_checked() {
    let text = fixture("match-5-crawford.mat");
    assert_eq!(line(&text, 4), " 5 point match");
    assert_eq!(line(&text, 6), " Game 1");
    assert_eq!(line(&text, 7), format!(" {:<31}Bob : 0", "Alice : 0"));
    // Black started with 4-1: the left column of the first line is blank.
    assert_eq!(
        line(&text, 8),
        format!("  1){}41: 13/9 9/8 ", " ".repeat(29))
    );
    // The left player drops: ` Drops`, 23 spaces, the winner's line, a space.
    assert_eq!(
        line(&text, 15),
        format!("  8)  Drops{}Wins 1 point ", " ".repeat(23))
    );
    let record = read_mat(&text).unwrap();
    assert_eq!(record.rules, Rules::match_to(5));
    assert_eq!(record.players[0].name, "Alice");
    let game = &record.games[0];
    assert_eq!(game.actions[0], RecordedAction::Opening([1, 4]));
    assert_eq!(
        game.actions[1],
        RecordedAction::Play {
            side: RecordSide::Black,
            dice: [4, 1],
            notation: "13/8".to_string(),
            steps: vec![(13, 9, false), (9, 8, false)],
        }
    );
    assert_eq!(
        &game.actions[game.actions.len() - 2..],
        &[
            RecordedAction::Double {
                side: RecordSide::Black
            },
            RecordedAction::Drop
        ]
    );
    let result = game.result.unwrap();
    assert_eq!(
        (result.winner.unwrap(), result.points, result.ending),
        (RecordSide::Black, 1, bg_tui::engine::Ending::Drop)
    );
}

/// Game 2 of the fixture: a dance (`64:` alone), entering from the bar (`25/23`), a hit,
/// bearing off.
#[test]
fn the_match_fixture_reads_dances_entering_hits_and_bearing_off() {
    let text = fixture("match-5-crawford.mat");
    let record = read_mat(&text).unwrap();
    let game2 = &record.games[1];
    let play_at = |dice: [u8; 2], side: RecordSide, nth: usize| {
        game2
            .actions
            .iter()
            .filter_map(|a| match a {
                RecordedAction::Play {
                    side: s,
                    dice: d,
                    steps,
                    notation,
                } if *s == side && *d == dice => Some((steps.clone(), notation.clone())),
                _ => None,
            })
            .nth(nth)
            .unwrap()
    };
    assert_eq!(
        line(&text, 23),
        format!("  5) 64:{}41: 11/7 8/7 ", " ".repeat(25))
    );
    assert_eq!(
        play_at([6, 4], RecordSide::White, 1),
        (vec![], String::new())
    );
    assert_eq!(
        play_at([3, 2], RecordSide::White, 0).0,
        vec![(25, 23, false), (23, 20, false)]
    );
    assert_eq!(
        play_at([6, 2], RecordSide::Black, 0).0,
        vec![(24, 18, false), (13, 11, true)]
    );
    assert_eq!(
        play_at([2, 1], RecordSide::White, 0).0,
        vec![(3, 1, false), (1, 0, false)]
    );
    assert_eq!(play_at([6, 6], RecordSide::Black, 0).1, "8/2(2) 6/off(2)");
}

/// Games 5 and 6 of the fixture: game 5 is the Crawford game (Alice at 4 of 5): no double.
/// Game 6 is after it: Black doubles at once, Alice takes and wins the match with a gammon.
#[test]
fn the_match_fixture_reads_the_crawford_game_and_the_match_won() {
    let text = fixture("match-5-crawford.mat");
    let record = read_mat(&text).unwrap();
    let scores: Vec<&str> = text.lines().filter(|l| l.contains(" : ")).collect();
    assert_eq!(scores[4], format!(" {:<31}Bob : 2", "Alice : 4"));
    let game5 = text
        .split(" Game 5")
        .nth(1)
        .unwrap()
        .split(" Game 6")
        .next()
        .unwrap();
    assert!(!game5.contains("Doubles"));
    assert_eq!(
        line(&text, 131),
        "  1) 61: 13/7 8/7                 Doubles => 2"
    );
    let m = replay(&record).unwrap();
    assert_eq!(m.winner(), Some(bg_tui::engine::Side::White));
    assert_eq!(
        (
            m.score(bg_tui::engine::Side::White),
            m.score(bg_tui::engine::Side::Black)
        ),
        (6, 3)
    );
}

#[test]
fn beavers_and_resignations_read_as_hand_checked() {
    let text = fixture("money-beavers-resignations.mat");
    assert_eq!(line(&text, 1), "; [Jacoby \"On\"]");
    assert_eq!(line(&text, 5), " 0 point match");
    // A beaver in the beavering player's column; the doubler's roll takes it.
    assert_eq!(
        line(&text, 24),
        " 16)  Doubles => 2                Beavers => 4"
    );
    assert_eq!(
        line(&text, 25),
        " 17) 51: 18/13 22/21              Doubles => 8"
    );
    // Black rolls 4-2 and resigns: the roll alone, then White's `Wins` on a new line.
    assert_eq!(line(&text, 30), format!(" 22) 22:{}42: ", " ".repeat(25)));
    assert_eq!(line(&text, 31), "      Wins 32 points");
    // White resigns before rolling: Black's `Wins` 34 columns in.
    assert_eq!(line(&text, 44), format!("{}Wins 12 points", " ".repeat(34)));

    let record = read_mat(&text).unwrap();
    assert!(record.rules.beaver && record.rules.jacoby && record.rules.is_money());
    let game1 = &record.games[0].actions;
    let beaver = game1
        .iter()
        .position(|a| *a == RecordedAction::Beaver)
        .unwrap();
    assert_eq!(
        game1[beaver - 1],
        RecordedAction::Double {
            side: RecordSide::White
        }
    );
    assert_eq!(game1[beaver + 1], RecordedAction::Take);
    assert!(matches!(
        game1[beaver + 2],
        RecordedAction::Roll {
            side: RecordSide::White,
            dice: [5, 1]
        }
    ));
    assert_eq!(
        &game1[game1.len() - 3..],
        &[
            RecordedAction::Roll {
                side: RecordSide::Black,
                dice: [4, 2]
            },
            RecordedAction::Resign {
                side: RecordSide::Black,
                level: WinKind::Single
            },
            RecordedAction::Accept,
        ]
    );
    let results: Vec<(RecordSide, WinKind, u32, u32)> = record
        .games
        .iter()
        .map(|g| g.result.unwrap())
        .map(|r| (r.winner.unwrap(), r.kind, r.cube, r.points))
        .collect();
    assert_eq!(
        results,
        [
            (RecordSide::White, WinKind::Single, 32, 32),
            (RecordSide::Black, WinKind::Backgammon, 4, 12),
            (RecordSide::White, WinKind::Backgammon, 8, 24),
        ]
    );
}

#[test]
fn an_extreme_gammon_layout_reads_as_its_gnubg_twin() {
    // CRLF, a byte-order mark, eXtreme Gammon's header, no leading spaces, the right column
    // at 37, consolidated moves (`24/16`, `6/4(2)`), `bar/23`, `3/off`, `Cannot Move`.
    let xg = read_mat(&fixture("xg-style-crlf.mat")).unwrap();
    let twin = read_mat(&fixture("match-5-crawford.mat")).unwrap();
    assert_eq!(
        xg.rules,
        Rules {
            cube_cap: 1024,
            ..Rules::match_to(5)
        }
    );
    assert_eq!(xg.games.len(), 2);
    let plays_and_cube = |g: &GameRecord| -> Vec<String> {
        g.actions
            .iter()
            .map(|a| match a {
                RecordedAction::Play {
                    side,
                    dice,
                    notation,
                    ..
                } => format!("{side:?} {dice:?} {notation}"),
                other => format!("{other:?}"),
            })
            .collect()
    };
    for (a, b) in xg.games.iter().zip(&twin.games) {
        assert_eq!(plays_and_cube(a), plays_and_cube(b));
        assert_eq!(a.result, b.result);
    }
}

// ---- Record -> .mat -> record ----

#[test]
fn random_matches_and_sessions_keep_every_play_cube_action_and_result() {
    let variants = [
        Rules::match_to(5),
        Rules {
            crawford: false,
            ..Rules::match_to(3)
        },
        Rules {
            cube_cap: 8,
            ..Rules::match_to(7)
        },
        Rules {
            cube: false,
            ..Rules::money()
        },
        money_with_beavers(),
        Rules::money(),
    ];
    for (i, rules) in variants.into_iter().enumerate() {
        for seed in 0..6 {
            let seed = 100 * i as u64 + seed;
            let original = play_record(
                rules,
                ["White side", "Black side"],
                Deciders::Random,
                seed,
                4,
            );
            let text = write_mat(&original).unwrap();
            let back = read_mat(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_same_games(&original, &back);
            assert_eq!(back.rules, rules, "seed {seed}");
            let (a, b) = (replay(&original).unwrap(), replay(&back).unwrap());
            assert_eq!(a.results(), b.results(), "seed {seed}");
            // And the file it writes is the same file.
            assert_eq!(write_mat(&back).unwrap(), text, "seed {seed}");
        }
    }
}

#[test]
fn the_example_records_export_and_read_back() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/records");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let (record, _) = bg_tui::record::load(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let back = read_mat(&write_mat(&record).unwrap()).unwrap();
        assert_same_games(&record, &back);
    }
}

#[test]
fn a_tie_that_turned_the_cube_cannot_be_written() {
    let rules = Rules {
        auto_doubles: 1,
        ..Rules::money()
    };
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("A"), PlayerInfo::human("B")],
        rules,
        None,
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 4, black: 4 })
        .unwrap();
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let e = write_mat(rec.as_record()).unwrap_err();
    assert!(
        matches!(e, MatWriteError::Unsupported { game: 1, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("automatic doubles"), "{e}");
    // A tie without automatic doubles is simply left out.
    let rules = Rules::money();
    let mut m = MatchState::new(rules).unwrap();
    let mut rec = Recorder::new(
        [PlayerInfo::human("A"), PlayerInfo::human("B")],
        rules,
        None,
    );
    rec.apply(&mut m, Action::OpeningRoll { white: 4, black: 4 })
        .unwrap();
    rec.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let back = read_mat(&write_mat(rec.as_record()).unwrap()).unwrap();
    assert_eq!(back.games[0].actions, [RecordedAction::Opening([3, 1])]);
}

#[test]
fn names_that_would_break_the_score_line_are_cleaned() {
    let mut record = generated_fixtures().remove(0).1;
    record.players[0].name = "Dr: Who\tx".to_string();
    record.players[1].name = "  ".to_string();
    let text = write_mat(&record).unwrap();
    assert_eq!(line(&text, 7), format!(" {:<31}Black : 0", "Dr  Who x : 0"));
    let back = read_mat(&text).unwrap();
    assert_eq!(back.players[0].name, "Dr  Who x");
    assert_eq!(back.players[1].name, "Black");
}

// ---- Reading leniently ----

/// A short 1-point match in GNU Backgammon's layout with `lines` as game 1's move lines.
fn one_game(lines: &[&str]) -> String {
    format!(
        " 1 point match\n\n Game 1\n {:<31}Bob : 0\n{}\n",
        "Ann : 0",
        lines.join("\n")
    )
}

#[test]
fn reading_is_as_lenient_as_gnubg() {
    // White opens 3-1, Black 6-5 runs, White 6-2; Black resigns a gammon (2 at cube 1).
    let plain = one_game(&[
        "  1) 31: 8/5 6/5                 65: 24/18 18/13 ",
        "  2) 62: 24/18 13/11             ",
        "      Wins 2 points",
    ]);
    let base = read_mat(&plain).unwrap();
    assert_eq!(base.games[0].actions.last(), Some(&RecordedAction::Accept));
    assert_eq!(
        base.games[0].actions[base.games[0].actions.len() - 2],
        RecordedAction::Resign {
            side: RecordSide::Black,
            level: WinKind::Gammon
        }
    );
    let same_as_base = [
        // Other spellings of the same play, lower case, `and the match`, tabs at the end.
        one_game(&[
            "  1) 31: 6/5 8/5                 65: 24/13 ",
            "  2) 62: 24/16",
            "      wins 2 points and the match\t",
        ]),
        plain.replace('\n', "\r\n"),
        plain.replace('\n', "\r"),
        format!("\u{feff}; a comment\n# another\n{plain}"),
        plain.replace(" Game 1", "Game 1"),
    ];
    for text in same_as_base {
        let record = read_mat(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(kept(&record.games[0]).1, kept(&base.games[0]).1, "{text}");
        assert_eq!(
            record.games[0].actions.len(),
            base.games[0].actions.len(),
            "{text}"
        );
    }
    // Entering from the bar with a hit, written three ways.
    for entry in ["25/22*", "bar/22*", "b/22"] {
        let text = one_game(&[
            "  1) 31: 24/23 6/3               64: 24/14 ",
            &format!("  2) 62: 24/18 13/11*            31: {entry} 6/5"),
        ]);
        let record = read_mat(&text).unwrap_or_else(|e| panic!("{entry}: {e}"));
        let last = record.games[0].actions.last().unwrap().clone();
        assert!(
            matches!(last, RecordedAction::Play { ref steps, .. } if steps.contains(&(25, 22, true))),
            "{entry}: {last:?}"
        );
    }
}

// ---- Damaged files ----

fn read_error(text: &str) -> bg_tui::mat::MatReadError {
    match read_mat(text) {
        Ok(_) => panic!("read, but should not:\n{text}"),
        Err(e) => e,
    }
}

/// Each of `cases` (a damaged file, the line the error names, a part of its message) is
/// refused with that line and message; past the header (line 4), with the game too.
fn refused_at(cases: Vec<(String, usize, &str)>) {
    for (text, line_number, needle) in cases {
        let e = read_error(&text);
        assert_eq!(e.line, line_number, "{e}\n{text}");
        assert!(
            e.to_string().contains(needle),
            "wanted {needle:?} in: {e}\n{text}"
        );
        if line_number > 4 {
            assert!(
                e.to_string()
                    .starts_with(&format!("line {line_number}, game 1"))
                    || e.to_string()
                        .starts_with(&format!("line {line_number}, game")),
                "{e}"
            );
        }
    }
}

/// A one-game match whose moves read: the moves of the damaged files below.
fn good_game() -> String {
    let good = one_game(&[
        "  1) 31: 8/5 6/5                 65: 24/18 18/13 ",
        "  2) 62: 24/18 13/11",
    ]);
    read_mat(&good).unwrap();
    good
}

#[test]
fn damaged_headers_are_refused_with_line_and_reason() {
    let good = good_game();
    refused_at(vec![
        ("".to_string(), 0, "no line such as"),
        (
            "{\"format\": \"bg-tui-record\"}".to_string(),
            0,
            "not a .mat file",
        ),
        (" x point match\n".to_string(), 1, "must be a number"),
        (" 99999999999 point match\n".to_string(), 1, "too long"),
        (" 65 point match\n".to_string(), 1, "at most 64"),
        (
            " 1 point match\n\n Game 1\n".to_string(),
            3,
            "ends after the game's header",
        ),
        (
            " 1 point match\n\n Game 1\n no scores here\n".to_string(),
            4,
            "names and scores",
        ),
        (
            good.replace(" 1 point", " 3 point")
                .replace("Ann : 0", "Ann : 1"),
            4,
            "the score line says",
        ),
    ]);
    let too_big = " ".repeat(bg_tui::mat::MAX_BYTES + 1);
    assert!(read_error(&too_big).to_string().contains("too large"));
}

#[test]
fn damaged_moves_are_refused_with_line_game_move_and_reason() {
    let good = good_game();
    refused_at(vec![
        (
            good.replace("8/5 6/5", "8/4 6/5"),
            5,
            "the play \"8/4 6/5\" for 31",
        ),
        (
            good.replace("31: 8/5 6/5", "33: 8/5 6/5"),
            5,
            "cannot be a double",
        ),
        (
            good.replace("65: 24/18 18/13", "65: 24/18 18/13 18/2"),
            5,
            "the play",
        ),
        (
            good.replace("62: 24/18 13/11", "62: 24/18"),
            6,
            "incomplete",
        ),
        (
            good.replace("62: 24/18 13/11", "Takes"),
            6,
            "no double to answer",
        ),
        (
            good.replace("62: 24/18 13/11", "Hello there"),
            6,
            "cannot read \"Hello there\"",
        ),
        (
            good.replace("62: 24/18 13/11", "Raccoons => 8"),
            6,
            "raccoons",
        ),
        (
            good.replace(
                "62: 24/18 13/11",
                "62:                         41: 13/9 24/23",
            ),
            6,
            "no play is written",
        ),
        (
            good.replace(
                "  2) 62: 24/18 13/11",
                "                                 62: 24/18 13/11",
            ),
            6,
            "it is White's turn",
        ),
        (
            good.replace("  2) 62: 24/18 13/11", "      Wins 1 point"),
            6,
            "may not resign now",
        ),
        (
            good.replace("  2) 62: 24/18 13/11", "; Set Pos=12345"),
            6,
            "Set Pos",
        ),
        (
            good.replace("  2) 62: 24/18 13/11", "  2) 62: Illegal play (junk)"),
            6,
            "Illegal play",
        ),
        (
            format!("{good}\n Game 2\n Ann : 0     Bob : 0\n"),
            8,
            "has no result",
        ),
    ]);
    let e = read_error(&good.replace("62: 24/18 13/11", "62: 24/18 13/1"));
    assert_eq!(
        e.to_string().split(':').next().unwrap(),
        "line 6, game 1, move 2"
    );
}

/// The reasons are typed, each with the facts in fields and the engine's own error as its
/// source where the engine said no.
#[test]
fn damaged_files_give_typed_reasons_with_their_sources() {
    use bg_tui::mat::MatFault;
    use std::error::Error as _;
    let good = good_game();
    let e = read_error(&good.replace("8/5 6/5", "8/4 6/5"));
    let MatFault::Play { text, dice, source } = e.reason.as_ref() else {
        panic!("not a play: {e:?}");
    };
    assert_eq!((text.as_str(), *dice), ("8/4 6/5", [3, 1]));
    assert_eq!(
        e.source().map(ToString::to_string),
        Some(e.reason.to_string())
    );
    assert_eq!(
        e.reason.source().map(ToString::to_string),
        Some(source.to_string())
    );
    let e = read_error(&good.replace("62: 24/18 13/11", "Takes"));
    assert!(
        matches!(e.reason.as_ref(), MatFault::Refused { what, .. } if what == "take"),
        "{e:?}"
    );
    let e = read_error(" x point match\n");
    assert!(
        matches!(e.reason.as_ref(), MatFault::LengthNotANumber(x) if x == "x"),
        "{e:?}"
    );
    let e = read_error(&good.replace("  2) 62: 24/18 13/11", "      Wins 1 point"));
    assert!(
        matches!(
            *e.reason,
            MatFault::MayNotResign {
                column: "left",
                points: 1,
                ..
            }
        ),
        "{e:?}"
    );
}

// ---- Hostile text never panics ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = read_mat(&text);
    }

    #[test]
    fn arbitrary_mat_like_text_never_panics(
        lines in proptest::collection::vec("[ 0-9a-zA-Z:/*()=>;#\\[\\]\"-]{0,50}", 0..12)
    ) {
        let text = format!(" 3 point match\n Game 1\n A : 0   B : 0\n{}", lines.join("\n"));
        if let Err(e) = read_mat(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn mutated_fixtures_never_panic(
        which in 0usize..4,
        ops in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..8)
    ) {
        let names = ["match-5-crawford.mat", "money-session.mat", "money-beavers-resignations.mat", "xg-style-crlf.mat"];
        let mut bytes = fixture(names[which]).into_bytes();
        common::mutate(&mut bytes, &ops);
        let text = String::from_utf8_lossy(&bytes);
        match read_mat(&text) {
            Ok(record) => {
                // Whatever reads must replay and write.
                prop_assert!(replay(&record).is_ok());
                prop_assert!(write_mat(&record).is_ok());
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn export_refuses_rule_sets_gnu_backgammon_cannot_read() {
    use bg_tui::engine::{RuleSet, Rules};
    use bg_tui::record::{PlayerInfo, Record};
    for rules in [
        Rules::of(RuleSet::Plakoto),
        Rules::of(RuleSet::Tavli),
        Rules::of(RuleSet::Jacquet),
        Rules {
            schmidt: true,
            cube: false,
            ..Rules::money()
        },
    ] {
        let record = Record::new(
            [PlayerInfo::human("A"), PlayerInfo::human("B")],
            rules,
            None,
        );
        let err = bg_tui::mat::write_mat(&record).unwrap_err();
        assert!(
            matches!(err, bg_tui::mat::MatWriteError::NotBackgammon(_)),
            "{rules:?}: {err}"
        );
        assert!(
            err.to_string()
                .contains("GNU Backgammon plays only backgammon")
        );
    }
    let plain = Record::new(
        [PlayerInfo::human("A"), PlayerInfo::human("B")],
        Rules::money(),
        None,
    );
    assert!(bg_tui::mat::write_mat(&plain).is_ok());
}
