//! The `expert` bot on its shipped nets: the bear-off databases, the cube, the analysis,
//! the levels, resignations and cube advice, and the expert in every rule set. Its nets from
//! the inside (the forward pass, training, the nets file, the inputs), rollouts with its
//! nets and the bot on small nets of its own are `expert_nets.rs`'s, with the `lab` feature.

use bg_tui::bot::expert::ExpertBot;
use bg_tui::bot::{self, Bot};

use crate::common;
use common::sides;

#[test]
fn the_shipped_nets_load_and_make_the_expert_bot() {
    let made = bot::make("expert", 1).expect("the shipped nets read");
    assert_eq!(made.name(), "expert");
    assert!(bot::NAMES.contains(&"expert"));
}

mod bearoff {
    use bg_tui::bot::expert::bearoff::{BearoffDb, POSITIONS, home_of, index};
    use bg_tui::bot::expert::{LOSE_GAMMON, WIN, WIN_GAMMON};
    use bg_tui::engine::Position;

    fn db() -> &'static BearoffDb {
        BearoffDb::shared()
    }

    #[test]
    fn the_index_numbers_every_placement_once() {
        // C(21, 6) placements of at most 15 checkers on 6 points, all different.
        let mut seen = std::collections::HashSet::new();
        for i in 0..POSITIONS {
            let home = home_of(i);
            assert!(home.iter().map(|&n| u32::from(n)).sum::<u32>() <= 15);
            assert_eq!(index(&home), Some(i));
            seen.insert(home);
        }
        assert_eq!(seen.len(), 54_264);
        assert_eq!(index(&[0; 6]), Some(0));
        assert_eq!(index(&[16, 0, 0, 0, 0, 0]), None);
    }

    #[test]
    fn small_positions_match_the_hand_counts() {
        let db = db();
        // One checker on the ace point, or two: every roll bears them off.
        for home in [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0]] {
            let e = db.entry(&home).expect("an entry");
            assert!((e.expected - 1.0).abs() < 1e-5, "{home:?}");
            assert!((e.all[0] - 1.0).abs() < 1e-5);
        }
        // One checker on the 6-point: it stays on only with 1-1 (to the 2-point) and the
        // non-doubles short of 6: 2-1, 3-1, 4-1, 3-2, twice each: 9 rolls of 36. From
        // wherever they leave it (2-, 3- or 1-point) the next roll finishes.
        let e = db.entry(&[0, 0, 0, 0, 0, 1]).expect("an entry");
        assert!((e.all[0] - 27.0 / 36.0).abs() < 1e-5, "{:?}", &e.all[..3]);
        assert!((e.all[1] - 9.0 / 36.0).abs() < 1e-5);
        assert!((e.expected - 1.25).abs() < 1e-5);
        // Three on the ace point: only doubles take all three at once (6 of 36); any other
        // roll leaves one, which the next roll takes.
        let e = db.entry(&[3, 0, 0, 0, 0, 0]).expect("an entry");
        assert!((e.expected - (1.0 + 30.0 / 36.0)).abs() < 1e-5);
        // Fifteen on the ace point: at most four come off a roll, so at least four rolls.
        let e = db.entry(&[15, 0, 0, 0, 0, 0]).expect("an entry");
        assert_eq!(e.all[..3], [0.0; 3]);
        assert!(e.expected > 4.0 && e.expected < 8.0);
        // ... and the first checker comes off at once.
        assert!((e.first[0] - 1.0).abs() < 1e-5);
        // Fifteen on the 6-point: the first comes off in one roll with any 6 (11 rolls),
        // 5-1 and 4-2 (6 to 1 or 2, then off exactly: 4 rolls), 3-3 and 2-2 (1 each):
        // 17 of 36. (4-4 and 5-5 cannot bear off from a lower point while the 6 is held.)
        let e = db.entry(&[0, 0, 0, 0, 0, 15]).expect("an entry");
        assert!(
            (e.first[0] - 17.0 / 36.0).abs() < 1e-5,
            "{:?}",
            &e.first[..3]
        );
    }

    fn position(mine: [i8; 6], theirs: [i8; 6]) -> Position {
        let mut b = [0i8; 26];
        for p in 0..6 {
            b[p + 1] = mine[p];
            b[24 - p] = -theirs[p];
        }
        Position::from_board(b).expect("a valid position")
    }

    #[test]
    fn race_chances_follow_from_both_sides() {
        let db = db();
        // My last checker on the ace point: I win at once.
        let p = db
            .chances(&position([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]))
            .expect("both sides home");
        assert!((p[WIN] - 1.0).abs() < 1e-5);
        // Me: one checker on the 6-point (27/36 to finish now); them: one on their ace
        // point. I win only by finishing at once.
        let p = db
            .chances(&position([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]))
            .expect("both sides home");
        assert!((p[WIN] - 0.75).abs() < 1e-5);
        assert_eq!(p[WIN_GAMMON], 0.0);
        // Them with 15 on their 6-point and none off, me with one on my ace point: a gammon.
        let p = db
            .chances(&position([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15]))
            .expect("both sides home");
        assert!((p[WIN] - 1.0).abs() < 1e-5 && (p[WIN_GAMMON] - 1.0).abs() < 1e-5);
        // Swapped round: 15 on my 6-point against their last checker: I lose.
        let p = db
            .chances(&position([0, 0, 0, 0, 0, 15], [1, 0, 0, 0, 0, 0]))
            .expect("both sides home");
        assert_eq!(p[WIN], 0.0);
        // They finish with their first roll, so I am gammoned unless my first roll bears
        // a checker off (17 of 36, above): 19 of 36.
        assert!((p[LOSE_GAMMON] - 19.0 / 36.0).abs() < 1e-5, "{p:?}");
        // Not both home: no answer.
        assert_eq!(db.chances(&Position::START), None);
    }
}

mod cube {
    use bg_tui::bot::expert::cube::{CubeState, Holder, Score, decide};
    use bg_tui::bot::expert::met::match_equity;
    use bg_tui::bot::expert::resignation_for;
    use bg_tui::engine::WinKind;

    fn money(efficiency: f32) -> CubeState {
        CubeState {
            value: 1,
            holder: Holder::Centre,
            efficiency,
            jacoby: false,
            score: None,
        }
    }

    /// Chances with no gammons.
    fn plain(win: f32) -> [f32; 5] {
        [win, 0.0, 0.0, 0.0, 0.0]
    }

    #[test]
    fn a_clear_double_and_take() {
        // 72% without gammons, cube centred, efficiency 0.68 (by hand: no double 0.640,
        // double/take 0.690).
        let d = decide(&plain(0.72), &money(0.68));
        assert!(d.double() && d.take(), "{d:?}");
        assert!((d.no_double - 0.6395).abs() < 1e-3, "{d:?}");
        assert!((d.double_take - 0.6896).abs() < 1e-3, "{d:?}");
        assert!(!d.beaver());
    }

    #[test]
    fn a_clear_double_and_pass() {
        // 85%: double/take would be worth 1.30 to the doubler, more than the 1 of a pass.
        let d = decide(&plain(0.85), &money(0.68));
        assert!(d.double() && !d.take() && !d.too_good(), "{d:?}");
        assert!((d.double_take - 1.298).abs() < 1e-3, "{d:?}");
        assert!((d.best() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn too_good_to_double() {
        // 90% with 60% gammons: playing on is worth more than the point of a pass.
        let d = decide(&[0.9, 0.6, 0.0, 0.0, 0.0], &money(0.68));
        assert!(d.too_good() && !d.double(), "{d:?}");
        assert!(d.no_double > 1.4, "{d:?}");
        // With the Jacoby rule the gammons do not count in the centre: double/pass.
        let jacoby = CubeState {
            jacoby: true,
            ..money(0.68)
        };
        let d = decide(&[0.9, 0.6, 0.0, 0.0, 0.0], &jacoby);
        assert!(d.double() && !d.take(), "{d:?}");
    }

    #[test]
    fn last_roll_positions_take_up_to_a_quarter() {
        // A last roll is a dead cube: the opponent takes with 25% or more.
        let d = decide(&plain(0.74), &money(0.0));
        assert!(d.double() && d.take(), "{d:?}");
        assert!((d.no_double - 0.48).abs() < 1e-5 && (d.double_take - 0.96).abs() < 1e-5);
        let d = decide(&plain(0.76), &money(0.0));
        assert!(d.double() && !d.take(), "{d:?}");
        // 26 of 36 (a direct 6-shot to win missed... the classic 26 numbers): double, take.
        let d = decide(&plain(26.0 / 36.0), &money(0.0));
        assert!(d.double() && d.take(), "{d:?}");
        // 50%: no double.
        assert!(!decide(&plain(0.5), &money(0.0)).double());
    }

    #[test]
    fn an_underdogs_double_is_beavered() {
        let d = decide(&plain(0.4), &money(0.68));
        assert!(!d.double() && d.take() && d.beaver(), "{d:?}");
        // Owning the cube is worth something: more than with the cube in the centre.
        let own = CubeState {
            holder: Holder::Me,
            ..money(0.68)
        };
        assert!(decide(&plain(0.6), &own).no_double > decide(&plain(0.6), &money(0.68)).no_double);
    }

    #[test]
    fn match_equities_are_the_published_table() {
        assert_eq!(match_equity(1, 1, false), 0.5);
        assert_eq!(match_equity(1, 2, false), 0.67736);
        assert_eq!(match_equity(2, 1, false), 0.32264);
        assert_eq!(match_equity(3, 5, false), 0.64795);
        assert_eq!(match_equity(7, 7, false), 0.5);
        assert_eq!(match_equity(25, 1, false), 0.00095);
        // Post-Crawford: the trailer 2 away against the leader 1 away.
        assert_eq!(match_equity(2, 1, true), 0.48803);
        assert!((match_equity(1, 2, true) - 0.51197).abs() < 1e-6);
        // Before any player is 1 away the Crawford state changes nothing.
        assert_eq!(match_equity(4, 3, true), match_equity(4, 3, false));
        // Over or beyond the table.
        assert_eq!(match_equity(0, 3, false), 1.0);
        assert_eq!(match_equity(3, 0, false), 0.0);
        assert_eq!(match_equity(40, 40, false), 0.5);
        // Every entry and its mirror add up to 1.
        for a in 1..=25 {
            for b in 1..=25 {
                let sum = match_equity(a, b, false) + match_equity(b, a, false);
                assert!((sum - 1.0).abs() < 2e-5, "{a}-away {b}-away: {sum}");
            }
        }
    }

    #[test]
    fn the_post_crawford_trailer_doubles_and_the_leader_takes() {
        // Trailer 3 away, leader 1 away, after the Crawford game, an even game: the leader's
        // cube would be dead, so the trailer doubles at once, and the leader takes.
        let state = CubeState {
            value: 1,
            holder: Holder::Centre,
            efficiency: 0.68,
            jacoby: false,
            score: Some(Score {
                mine: 3,
                theirs: 1,
                post_crawford: true,
            }),
        };
        let d = decide(&plain(0.5), &state);
        assert!(d.double() && d.take(), "{d:?}");
        // The leader with the same chances does not double: winning 1 point wins the match.
        let leader = CubeState {
            score: Some(Score {
                mine: 1,
                theirs: 3,
                post_crawford: true,
            }),
            ..state
        };
        assert!(!decide(&plain(0.5), &leader).double());
    }

    #[test]
    fn a_match_doubles_and_passes_like_money_far_from_the_end() {
        // At 15-away all round the match is close to money play: 85% is double/pass,
        // 72% double/take.
        let state = CubeState {
            value: 1,
            holder: Holder::Centre,
            efficiency: 0.68,
            jacoby: false,
            score: Some(Score {
                mine: 15,
                theirs: 15,
                post_crawford: false,
            }),
        };
        let d = decide(&plain(0.85), &state);
        assert!(d.double() && !d.take(), "{d:?}");
        let d = decide(&plain(0.72), &state);
        assert!(d.double() && d.take(), "{d:?}");
    }

    #[test]
    fn resignations_follow_the_chances() {
        assert_eq!(
            resignation_for(&[0.0, 0.0, 0.0, 0.0, 0.0]),
            Some(WinKind::Single)
        );
        assert_eq!(
            resignation_for(&[0.0, 0.0, 0.0, 1.0, 0.0]),
            Some(WinKind::Gammon)
        );
        assert_eq!(
            resignation_for(&[0.0, 0.0, 0.0, 1.0, 1.0]),
            Some(WinKind::Backgammon)
        );
        assert_eq!(resignation_for(&[0.0, 0.0, 0.0, 0.5, 0.0]), None);
        assert_eq!(resignation_for(&[0.05, 0.0, 0.0, 0.0, 0.0]), None);
    }
}

mod analyse {
    use bg_tui::analysis::analyse;
    use bg_tui::engine::{Dice, Position, Rules, Variant, format_play};
    use bg_tui::record::{PlayerInfo, Record, RecordSide, RecordedAction};

    fn play_action(
        side: RecordSide,
        dice: [u8; 2],
        position: &Position,
        text: &str,
    ) -> (RecordedAction, Position) {
        let roll = Dice::new(dice[0], dice[1]).expect("dice");
        let play = Variant::Backgammon
            .legal_plays(position, roll)
            .into_iter()
            .find(|p| format_play(p) == text)
            .unwrap_or_else(|| panic!("{text} is legal"));
        let steps = play
            .steps()
            .iter()
            .map(|s| (s.from.number(), s.to.number(), s.hit))
            .collect();
        (
            RecordedAction::Play {
                side,
                dice,
                notation: text.to_string(),
                steps,
            },
            play.position().switched(),
        )
    }

    /// White opens 6-5 with 8/3 8/2 (three blots: the 8-point broken, two deep in its board)
    /// instead of 24/13; Black answers 3-1 with the usual 8/5 6/5 (not the best here,
    /// perhaps: White's blots invite a hit).
    fn planted_blunder() -> Record {
        let mut record = Record::new(
            [PlayerInfo::human("Ann"), PlayerInfo::human("Bob")],
            Rules {
                cube: false,
                ..Rules::money()
            },
            None,
        );
        let (white, after) = play_action(RecordSide::White, [6, 5], &Position::START, "8/3 8/2");
        let (black, _) = play_action(RecordSide::Black, [3, 1], &after, "8/5 6/5");
        record.games[0].actions = vec![
            RecordedAction::Opening([6, 5]),
            white,
            RecordedAction::Roll {
                side: RecordSide::Black,
                dice: [3, 1],
            },
            black,
        ];
        record
    }

    /// The planted blunder kept as a file for the game's viewer test
    /// (`src/tui/tests/analysis_panels.rs`) is this record.
    #[test]
    fn the_planted_blunder_file_is_the_record_built_by_the_rules() {
        let text = include_str!("../data/planted-blunder.json");
        let (file, _) = bg_tui::record::load(text).expect("the file loads");
        assert_eq!(file, planted_blunder());
    }

    #[test]
    fn a_planted_blunder_is_the_worst_decision() {
        // White opens 6-5 with 8/3 8/2 (three blots: the 8-point broken, two deep in its board)
        // instead of 24/13; Black answers 3-1 with the usual 8/5 6/5 (not the best here,
        // perhaps: White's blots invite a hit).
        let record = planted_blunder();
        let a = analyse(&record, 0).expect("the record replays");
        assert_eq!(a.decisions, [1, 1]);
        let worst = a
            .judged
            .iter()
            .max_by(|x, y| x.loss.total_cmp(&y.loss))
            .expect("judged decisions");
        assert_eq!(
            (worst.game, worst.action, worst.side),
            (1, 2, bg_tui::engine::Side::White)
        );
        assert_eq!(worst.done, "8/3 8/2");
        assert_eq!(worst.best, "24/13");
        assert!(worst.loss > 0.1, "{worst:?}");
        assert_eq!(a.errors[0], 1);
        assert!(a.total_loss[0] > a.total_loss[1]);
        // Black's reply (it might have hit one of the blots instead) is a lesser matter.
        assert!(a.judged[1].loss < worst.loss / 2.0, "{:?}", a.judged[1]);
        let text = bg_tui::analysis::text(&a, 0);
        assert!(text.contains("game 1, action 2: white play 6-5"), "{text}");
        // Money play: the loss is money equity, with no unit to name.
        assert!(
            text.contains(&format!("-- best 24/13 (-{:.3})\n", worst.loss)),
            "{text}"
        );
    }

    /// In a match the worst decisions' losses are EMG, labelled, with the match-winning
    /// chances they cost beside (the same numbers as the decision's `loss` and `loss_mwc`).
    #[test]
    fn in_a_match_the_worst_decisions_say_emg_and_mwc() {
        let path = std::path::Path::new("assets/records/match-3-greedy-vs-greedy.json");
        let (record, _) = bg_tui::store::read_record(path).expect("the example record");
        let a = analyse(&record, 0).expect("the record replays");
        let worst = a
            .judged
            .iter()
            .max_by(|x, y| x.loss.total_cmp(&y.loss))
            .expect("judged decisions");
        let mwc = worst.loss_mwc.expect("a match: the loss in MWC too");
        assert!(mwc > 0.0 && mwc < worst.loss, "{worst:?}");
        let text = bg_tui::analysis::text(&a, 0);
        let expected = format!(
            "-- best {} (-{:.3} EMG, -{:.1}% MWC)\n",
            worst.best,
            worst.loss,
            100.0 * mwc
        );
        assert!(text.contains(&expected), "{expected} in {text}");
    }

    /// The report says plainly when the expert judged itself (at its own depth or less
    /// deeply) and names the depth that looks deeper; and how much deeper the judge looked
    /// at a shallower expert.
    #[test]
    fn the_report_says_when_the_expert_judged_itself() {
        let mut record = planted_blunder();
        record.players = [PlayerInfo::bot("expert:1"), PlayerInfo::bot("expert:0")];
        let a = analyse(&record, 1).expect("the record replays");
        assert_eq!(a.player_ply, [Some(1), Some(0)]);
        assert!(a.judged_itself(0) && !a.judged_itself(1));
        let text = bg_tui::analysis::text(&a, 1);
        assert!(
            text.contains(
                "is the expert at 1-ply, judged at 1-ply: the expert judged itself, so its own errors go unseen (an analysis at 2-ply looks deeper)"
            ),
            "{text}"
        );
        assert!(
            text.contains("is the expert at 0-ply, judged 1 ply deeper"),
            "{text}"
        );
        let a = analyse(&record, 0).expect("the record replays");
        let text = bg_tui::analysis::text(&a, 0);
        assert!(
            text.contains(
                "is the expert at 1-ply, judged at 0-ply: the expert judged itself, less deeply than it played (an analysis at 2-ply looks deeper)"
            ),
            "{text}"
        );
        record.players = [PlayerInfo::bot("expert:3"), PlayerInfo::human("Bob")];
        let a = analyse(&record, 3).expect("the record replays");
        let text = bg_tui::analysis::text(&a, 3);
        assert!(
            text.contains(
                "judged at 3-ply: the expert judged itself, so its own errors go unseen\n"
            ),
            "no deeper judge past 3-ply: {text}"
        );
    }
}

#[cfg(feature = "tui")]
#[test]
fn ply_options_name_the_expert_levels() {
    use bg_tui::bot::BotSpec;
    let with_ply = |name: &str, ply| {
        name.parse::<BotSpec>()
            .expect("a bot")
            .at_ply(ply)
            .to_string()
    };
    assert_eq!(with_ply("expert", Some(0)), "expert:0");
    assert_eq!(with_ply("expert", Some(1)), "expert:1");
    assert_eq!(with_ply("expert", None), "expert");
    assert_eq!(with_ply("greedy", Some(0)), "greedy");
    assert_eq!(with_ply("expert", Some(2)), "expert:2");
    assert_eq!(with_ply("expert:1", Some(2)), "expert:1");
    for name in ["expert:0", "expert:1", "expert:2", "expert:3"] {
        assert_eq!(
            bot::make(name, 1).expect("a level of the expert").name(),
            name
        );
    }
    assert!(bot::make("expert:4", 1).is_err());
}

/// Issue 21 (the table, part two, 0): under Schmidt scoring a resignation scores every
/// checker the loser has left, whatever its level, so no bot offers one (the expert once
/// resigned with one straggler out and threw a match); without Schmidt scoring the same
/// position is resigned.
#[test]
fn no_bot_resigns_under_schmidt_scoring() {
    use bg_tui::engine::{Cube, Game, MatchState, Rules, Side};
    // The player on roll: one straggler on its 20-point, nine home, five off; the opponent has
    // a single checker left on its 1-point (the mover's 24), nothing of the mover's behind
    // it: every roll ends the game, the mover cannot win.
    let position = sides(&[(20, 1), (1, 9)], &[(1, 1)]);
    for (schmidt, expected) in [(false, true), (true, false)] {
        let rules = Rules {
            schmidt,
            cube: false,
            ..Rules::default()
        };
        let game = Game::from_position(
            rules,
            false,
            position,
            Side::White,
            Cube::new(1, None).expect("a cube"),
        )
        .expect("a position");
        let m = MatchState::from_game(game).expect("a money session");
        let mut expert = ExpertBot::shipped(0).expect("the shipped nets read");
        let mut greedy = bg_tui::bot::greedy::GreedyBot::new(1);
        for bot in [&mut expert as &mut dyn Bot, &mut greedy] {
            assert_eq!(
                bot.offer_resignation(&m).is_some(),
                expected,
                "{} with schmidt {schmidt}",
                bot.name()
            );
        }
    }
}

/// Issue 31 §7: under Schmidt scoring a resignation scores every checker the loser has
/// left now, all it could ever win: the expert takes it even where, under the usual scoring,
/// it plays on for a gammon and refuses a single game.
#[test]
fn the_expert_takes_a_schmidt_resignation_that_gives_it_everything() {
    use bg_tui::engine::{Action, Cube, Game, MatchState, Rules, Side, WinKind};
    // White on roll, all fifteen checkers on its 24-point; Black's fifteen on its 2- to
    // 6-points, ready to bear off: Black wins, most often a gammon.
    let position = sides(&[(24, 15)], &[(2, 3), (3, 3), (4, 3), (5, 3), (6, 3)]);
    for (schmidt, accepts) in [(false, false), (true, true)] {
        let rules = Rules {
            schmidt,
            cube: false,
            ..Rules::default()
        };
        let game = Game::from_position(
            rules,
            false,
            position,
            Side::White,
            Cube::new(1, None).expect("a cube"),
        )
        .expect("a position");
        let mut m = MatchState::from_game(game).expect("a money session");
        m.apply(Action::Resign(WinKind::Single))
            .expect("White offers a single game");
        let mut expert = ExpertBot::shipped(0).expect("the shipped nets read");
        assert_eq!(
            expert.accept_resignation(&m, WinKind::Single),
            accepts,
            "schmidt {schmidt}"
        );
    }
}

mod every_rule_set {
    use bg_tui::bot::expert::ExpertBot;
    #[cfg(feature = "lab")]
    use bg_tui::bot::expert::format::{self, NetFileError};
    use bg_tui::bot::greedy::GreedyBot;
    use bg_tui::bot::{Bot, DoubleAnswer, ScoredPlay};
    use bg_tui::engine::{
        Dice, MatchState, Play, Position, RuleSet, Rules, Side, Variant, WinKind,
    };
    use bg_tui::host::arena;

    /// The expert at 0-ply, checking every decision it makes: the play is one of the
    /// game's legal plays, and the hint (its ranking of the roll) puts that play first.
    struct Checked {
        expert: ExpertBot,
        decisions: usize,
    }

    impl Bot for Checked {
        fn name(&self) -> &str {
            "checked expert"
        }
        fn rank_plays(
            &mut self,
            variant: Variant,
            position: &Position,
            dice: Dice,
        ) -> Vec<ScoredPlay> {
            self.expert.rank_plays(variant, position, dice)
        }
        fn plays(&self, variant: Variant) -> bool {
            self.expert.plays(variant)
        }
        fn choose_play(&mut self, m: &MatchState) -> Play {
            let game = m.game();
            let chosen = self.expert.choose_play(m);
            let legal = game.legal_plays();
            assert!(
                legal.is_empty() || legal.iter().any(|p| p.position() == chosen.position()),
                "{}: an illegal play {chosen:?}",
                game.variant()
            );
            // The hint of a position alone is a money game's with the cube centred: it
            // agrees with the play while the game is so.
            if let Some(dice) = game.dice()
                && legal.len() > 1
            {
                if game.cube().owner().is_none() && game.cube().value() == 1 {
                    let hint = self
                        .expert
                        .rank_plays(game.variant(), game.position(), dice);
                    assert_eq!(
                        hint.first().map(|s| *s.play.position()),
                        Some(*chosen.position()),
                        "{}: the hint does not rank the chosen play first",
                        game.variant()
                    );
                }
                self.decisions += 1;
            }
            chosen
        }
        fn should_double(&mut self, m: &MatchState) -> bool {
            self.expert.should_double(m)
        }
        fn answer_double(&mut self, m: &MatchState) -> DoubleAnswer {
            self.expert.answer_double(m)
        }
        fn offer_resignation(&mut self, m: &MatchState) -> Option<WinKind> {
            self.expert.offer_resignation(m)
        }
        fn accept_resignation(&mut self, m: &MatchState, level: WinKind) -> bool {
            self.expert.accept_resignation(m, level)
        }
    }

    #[test]
    fn the_expert_plays_legally_and_its_hint_ranks_its_choice_first_in_every_rule_set() {
        let mut checked = Checked {
            expert: ExpertBot::shipped(0).expect("the shipped nets read"),
            decisions: 0,
        };
        for rule_set in [
            RuleSet::Backgammon,
            RuleSet::Portes,
            RuleSet::Plakoto,
            RuleSet::Fevga,
            RuleSet::Jacquet,
        ] {
            let before = checked.decisions;
            for game in 0..4u64 {
                let mut greedy = GreedyBot::new(game);
                let side = if game % 2 == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                arena::play_game(
                    &mut checked,
                    &mut greedy,
                    side,
                    Rules::of(rule_set),
                    arena::pair_dice_seed(31, game),
                )
                .expect("the expert and greedy play only legal plays");
            }
            assert!(
                checked.decisions > before + 20,
                "{rule_set}: too few decisions"
            );
        }
    }

    // The nets file's insides are the `lab` feature's.
    #[cfg(feature = "lab")]
    #[test]
    fn nets_for_another_rule_set_are_refused() {
        let plakoto: &[u8] = include_bytes!("../../assets/plakoto.bgnet");
        let fevga: &[u8] = include_bytes!("../../assets/fevga.bgnet");
        let backgammon: &[u8] = include_bytes!("../../assets/expert.bgnet");
        let jacquet: &[u8] = include_bytes!("../../assets/jacquet.bgnet");
        assert!(format::from_bytes(plakoto, Variant::Plakoto).is_ok());
        assert!(format::from_bytes(fevga, Variant::Fevga).is_ok());
        assert!(format::from_bytes(jacquet, Variant::Jacquet).is_ok());
        // Portes plays with backgammon's nets; Jacquet has its own.
        assert!(format::from_bytes(backgammon, Variant::Portes).is_ok());
        assert!(format::from_bytes(jacquet, Variant::Portes).is_err());
        for (bytes, asked, found) in [
            (plakoto, Variant::Fevga, "Plakoto"),
            (fevga, Variant::Plakoto, "Fevga"),
            (plakoto, Variant::Backgammon, "Plakoto"),
            (backgammon, Variant::Fevga, "backgammon"),
            (backgammon, Variant::Jacquet, "backgammon"),
            (jacquet, Variant::Backgammon, "Jacquet"),
        ] {
            let err = format::from_bytes(bytes, asked).expect_err("another rule set's nets");
            assert!(
                matches!(&err, NetFileError::RuleSet { found: f, expected } if f == found && *expected == asked),
                "{err:?}"
            );
            assert_eq!(
                err.to_string(),
                format!("the nets file is for {found}, not {asked}")
            );
        }
    }
}

/// The nets' chances never hold what the rules forbid (issue 46, part 1): GNU Backgammon's
/// nets would give no gammon here either; ours gave a 0.56 gammon win against a side that
/// has borne off (`fz0ASAB7AAAAAA`) and a 0.36-0.38 gammon loss to one
/// (`2+0OAAB/PQAAMA`, `9gYAAP56AEBAAA`), at every depth.
#[test]
fn the_expert_gives_no_gammon_the_rules_forbid() {
    use bg_tui::bot::expert::{LOSE_BACKGAMMON, LOSE_GAMMON, WIN_BACKGAMMON, WIN_GAMMON};
    use bg_tui::engine::position_from_id;
    for ply in [0, 1] {
        let mut expert = ExpertBot::shipped(ply).expect("the shipped nets");
        let p = expert.chances(&position_from_id("fz0ASAB7AAAAAA").expect("an ID"));
        assert_eq!(
            (p[WIN_GAMMON], p[WIN_BACKGAMMON]),
            (0.0, 0.0),
            "{ply}-ply: {p:?}"
        );
        assert_eq!(
            (p[LOSE_GAMMON], p[LOSE_BACKGAMMON]),
            (0.0, 0.0),
            "{ply}-ply: {p:?}"
        );
        for id in ["2+0OAAB/PQAAMA", "9gYAAP56AEBAAA"] {
            let p = expert.chances(&position_from_id(id).expect("an ID"));
            assert_eq!(
                (p[LOSE_GAMMON], p[LOSE_BACKGAMMON]),
                (0.0, 0.0),
                "{id} {ply}-ply: {p:?}"
            );
        }
    }
}

/// A ranking in a match without a cube (Tavli's games) is in match-winning chances, and its
/// head says so with the score: it said "cubeless equity" over figures in MWC.
#[test]
fn a_tavli_ranking_says_its_score_and_unit() {
    use bg_tui::advisor::{Advisor, text};
    use bg_tui::engine::{Action, Dice, MatchState, RuleSet, Rules};
    let rules = Rules {
        match_length: Some(3),
        ..Rules::of(RuleSet::Tavli)
    };
    let mut m = MatchState::new(rules).expect("a Tavli match");
    m.apply(Action::OpeningRoll { white: 4, black: 1 })
        .expect("the opening roll");
    m.apply(Action::Roll(Dice::new(6, 5).expect("dice")))
        .expect("White rolls");
    let advice = Advisor::new(0)
        .expect("the shipped nets")
        .plays(&m)
        .expect("a ranking");
    assert!(advice.cube.is_none());
    assert_eq!(advice.away, Some((3, 3)));
    assert!(advice.lines.iter().all(|l| l.equity.mwc.is_some()));
    assert_eq!(
        text::ranking_head(&advice),
        "3 away, opponent 3 away, no cube: match-winning chances, EMG beside; every line 0-ply"
    );
    // Money Portes has neither.
    let mut money = MatchState::new(Rules::of(RuleSet::Portes)).expect("Portes");
    money
        .apply(Action::OpeningRoll { white: 4, black: 1 })
        .expect("the opening roll");
    if money.game().legal_plays().is_empty() {
        money
            .apply(Action::Roll(Dice::new(6, 5).expect("dice")))
            .expect("White rolls");
    }
    let advice = Advisor::new(0)
        .expect("the shipped nets")
        .plays(&money)
        .expect("a ranking");
    assert_eq!(advice.away, None);
    assert_eq!(
        text::ranking_head(&advice),
        "cubeless equity; every line 0-ply"
    );
}
