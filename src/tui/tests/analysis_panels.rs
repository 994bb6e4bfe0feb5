//! The analysis and the advice as the game's screens show them: the replay viewer's
//! judgement of the moment (the one the whole analysis made), and the hint panel's cube
//! advice.

use crate::tui::Event;
use crate::tui::viewer::{ViewOptions, Viewer};
use bg_tui::analysis::analyse;
use bg_tui::record::Record;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// White opens 6-5 with 8/3 8/2 (three blots) instead of 24/13; Black answers 3-1 with 8/5
/// 6/5: the record `tests/bots/bot_expert.rs` builds by the rules, kept as a file.
fn planted_blunder() -> Record {
    let text = include_str!("../../../tests/data/planted-blunder.json");
    bg_tui::record::load(text)
        .expect("the planted blunder loads")
        .0
}

#[test]
fn the_replay_viewer_shows_the_judgement_of_the_moment() {
    let record = planted_blunder();
    // One decision judged alone is the one the whole analysis judged.
    let a = analyse(&record, 0).expect("the record replays");
    let alone = bg_tui::analysis::judge_action(&record, 0, 0, 1).expect("replays");
    assert_eq!(alone.as_ref(), Some(&a.judged[0]));
    assert_eq!(
        bg_tui::analysis::judge_action(&record, 0, 0, 0).expect("replays"),
        None,
        "the opening roll is no decision"
    );
    let timeline = bg_tui::replay::Timeline::new(&record).expect("timeline");
    let at = (0..timeline.len())
        .find(|&i| timeline.moment(i).action == Some(1))
        .expect("the moment of White's play");
    let mut v = Viewer::new(timeline, ViewOptions::default());
    v.go_to(at);
    assert_eq!(v.analysis(), None, "hidden until asked for");
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    v.handle(key(KeyCode::Char('a')));
    let shown = v.analysis().expect("shown").to_string();
    assert!(
        shown.contains("8/3 8/2 loses") && shown.contains("best: 24/13"),
        "{shown}"
    );
    assert!(
        v.model().message.contains("loses"),
        "the message line shows it"
    );
    v.handle(key(KeyCode::Char('a')));
    assert_eq!(v.analysis(), None);
}

/// Issue 21 (the table, part two, 10): the hint's cube advice names whose view it takes and
/// shows the chances, before a roll, to the player doubled and to the doubler facing a
/// beaver (which used to say "no hint now").
#[test]
fn cube_advice_says_whose_view_with_the_chances_even_facing_a_beaver() {
    use bg_tui::engine::{Action, MatchState, Phase, Rules};
    let rules = Rules {
        beaver: true,
        ..Rules::money()
    };
    let mut m = MatchState::new(rules).expect("rules");
    m.apply(Action::OpeningRoll { white: 3, black: 1 })
        .expect("opening");
    let play = m.game().legal_plays()[0];
    m.apply(Action::Play(play)).expect("a play");
    let mut seen = Vec::new();
    for action in [None, Some(Action::Double), Some(Action::Beaver)] {
        if let Some(a) = action {
            m.apply(a).expect("a cube action");
        }
        let panel = crate::tui::hint::advise(&m, 1);
        let lines = panel.lines();
        assert!(lines[0].starts_with("for Black, on roll"), "{lines:?}");
        assert!(
            lines[1].starts_with("money play, beavers, cube 1 centred"),
            "{lines:?}"
        );
        assert!(lines[2].starts_with("win "), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("proper cube action: ")),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.starts_with("now: ")), "{lines:?}");
        // `R` rolls the position out, except facing a beaver.
        assert_eq!(
            lines
                .last()
                .is_some_and(|l| l.starts_with("R rolls the position out")),
            m.game().phase() != Phase::Beavered,
            "{lines:?}"
        );
        seen.push(m.game().phase());
    }
    assert_eq!(
        seen,
        [Phase::Rolling, Phase::DoubleOffered, Phase::Beavered]
    );
}

/// Before the opening roll and once the game is over there is nothing to decide: the hint
/// says so, and what to do (it said "no hint now").
#[test]
fn the_hint_says_why_there_is_nothing_to_advise() {
    use bg_tui::engine::{Action, MatchState, Rules, WinKind};
    let mut m = MatchState::new(Rules::money()).expect("rules");
    assert_eq!(
        crate::tui::hint::advise(&m, 1).lines(),
        ["nothing to decide before the opening roll: roll (r)"]
    );
    m.apply(Action::OpeningRoll { white: 3, black: 1 })
        .expect("opening");
    m.apply(Action::Resign(WinKind::Single)).expect("an offer");
    m.apply(Action::AcceptResignation).expect("accepted");
    assert_eq!(
        crate::tui::hint::advise(&m, 1).lines(),
        ["the game is over: nothing to decide"]
    );
}
