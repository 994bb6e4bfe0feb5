//! The hint (`H`): the strongest bot's ranking of every play, or its cube advice, worked
//! out on a worker thread (a 2-ply ranking can take a good part of a second) and shown in a
//! panel. A line of the ranking can be chosen (Up/Down and Enter, or its number) to play it.

use super::hint_rollout::{RolloutChoice, RolloutView};
use bg_tui::advisor::{self, Advisor, CubeAdvice, PlayAdvice, text};
use bg_tui::bot::expert::Chances;
use bg_tui::bot::{self, BotSpec, EXPERT_DEFAULT_PLY};
use bg_tui::engine::{MatchState, Phase, Play, format_play};

/// How many plays the panel shows at once (it scrolls to the chosen one).
pub(crate) const SHOWN: usize = 10;

/// One play of the ranking: the play and its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HintPlay {
    /// The play.
    pub(crate) play: Play,
    /// Its line, without its number.
    pub(crate) text: String,
}

/// The hint panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HintPanel {
    /// The panel's title.
    pub(crate) title: String,
    /// Lines above the plays (column heads, cube advice).
    pub(crate) head: Vec<String>,
    /// The ranked plays, best first (none for cube advice).
    pub(crate) plays: Vec<HintPlay>,
    /// The play chosen with Up/Down.
    pub(crate) selected: usize,
    /// The play made in the match (the viewer's study panel): marked `*` at the start of its
    /// line, as GNU Backgammon marks it, where the cursor is not.
    pub(crate) played: Option<usize>,
    /// The rollout of its lines (`R`), once asked for: shown in place of the ranking.
    pub(crate) rollout: Option<RolloutView>,
    /// How `R` would roll it out (an answer the panel shows; `None` while it waits).
    pub(crate) choice: Option<RolloutChoice>,
    /// Cube advice whose position `R` can roll out (before a roll, or doubled).
    pub(crate) cube_rollable: bool,
    /// The cube advice is close ([`bg_tui::advisor::CubeAdvice::close`]): the panel rolls
    /// its position out by itself as it opens.
    pub(crate) cube_close: bool,
}

impl HintPanel {
    /// A panel of advice lines only (the other constructors start from it).
    #[must_use]
    pub(crate) fn advice(title: String, lines: Vec<String>) -> HintPanel {
        HintPanel {
            title,
            head: lines,
            plays: Vec::new(),
            selected: 0,
            played: None,
            rollout: None,
            choice: None,
            cube_rollable: false,
            cube_close: false,
        }
    }

    /// The advisor's ranking (every play with its depth, best first): the value
    /// (match-winning chances in a match, with the normalised equity beside; cubeful equity
    /// in money play), the loss against the best in the same unit, the chances and the
    /// depth.
    #[must_use]
    pub(crate) fn expert(title: String, advice: &PlayAdvice) -> HintPanel {
        let percent = |x: f32| format!("{:5.1}", 100.0 * x);
        let in_match = advice.lines.first().is_some_and(|l| l.equity.mwc.is_some());
        let plays = advice
            .lines
            .iter()
            .map(|line| {
                let p = &line.chances;
                let chances = format!(
                    "{} {} {} {} {}",
                    percent(p.win()),
                    percent(p.win_gammon()),
                    percent(p.win_backgammon()),
                    percent(p.lose_gammon()),
                    percent(p.lose_backgammon()),
                );
                let value = text::main_value(line.equity);
                let loss = text::loss(line.loss);
                let text = if in_match {
                    format!(
                        "{:<17} {value:>6} {loss:>6} {:>6} {chances} {:>3}",
                        play_text(&line.play),
                        text::emg(line.equity.emg),
                        line.ply
                    )
                } else {
                    format!(
                        "{:<20} {value:>6} {loss:>6} {chances} {:>3}",
                        play_text(&line.play),
                        line.ply
                    )
                };
                HintPlay {
                    play: line.play,
                    text,
                }
            })
            .collect();
        let columns = if in_match {
            format!(
                "    {:<17} {:>6} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>3}",
                "play", "MWC", "loss", "EMG", "win%", "gam", "bg", "lgam", "lbg", "ply"
            )
        } else {
            format!(
                "    {:<20} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>3}",
                "play", "equity", "loss", "win%", "gam", "bg", "lgam", "lbg", "ply"
            )
        };
        HintPanel {
            plays,
            ..HintPanel::advice(title, vec![text::ranking_head(advice), columns])
        }
    }

    /// Another bot's ranking: each play with its score.
    #[must_use]
    pub(crate) fn scored(title: String, ranked: &[(Play, f64)]) -> HintPanel {
        HintPanel {
            plays: ranked
                .iter()
                .map(|(play, score)| HintPlay {
                    play: *play,
                    text: format!("{:<22} {score:+.3}", play_text(play)),
                })
                .collect(),
            ..HintPanel::advice(title, Vec::new())
        }
    }

    /// Cube advice (`lines`) whose position `R` can roll out: the panel ends saying so.
    #[must_use]
    pub(crate) fn rollable_cube(title: String, lines: Vec<String>) -> HintPanel {
        HintPanel {
            cube_rollable: true,
            ..HintPanel::advice(title, lines)
        }
    }

    /// `R` can roll it out: it ranks plays, or it is cube advice of a position that can be
    /// rolled out.
    #[must_use]
    pub(crate) fn rollable(&self) -> bool {
        !self.plays.is_empty() || self.cube_rollable
    }

    /// Moves the choice one line up or down (staying in the list).
    pub(crate) fn step(&mut self, down: bool) {
        self.selected = if down {
            (self.selected + 1).min(self.plays.len().saturating_sub(1))
        } else {
            self.selected.saturating_sub(1)
        };
    }

    /// The lines the panel shows: the head, then the plays around the chosen one (marked),
    /// numbered from 1, then how to choose.
    #[must_use]
    pub(crate) fn lines(&self) -> Vec<String> {
        if let Some(rollout) = &self.rollout {
            return rollout.lines(self.selected, self.played);
        }
        let mut out = self.head.clone();
        let rollout = self
            .choice
            .map(|c| format!("R rolls out: {}; t, d, c change it", c.words()));
        if self.plays.is_empty() {
            // Cube advice that can be rolled out ends saying so, and how once it is known.
            if self.cube_rollable {
                match self.choice {
                    Some(choice) => {
                        out.push(format!("R rolls the position out: {}", choice.words()));
                        out.push("t, d, c change how; other keys close".to_string());
                    }
                    None => out.push("R rolls the position out; other keys close".to_string()),
                }
            }
            return out;
        }
        let first = self
            .selected
            .saturating_sub(SHOWN - 1)
            .min(self.plays.len().saturating_sub(SHOWN));
        for (i, p) in self.plays.iter().enumerate().skip(first).take(SHOWN) {
            out.push(format!(
                "{}{:>2} {}",
                line_mark(i, Some(self.selected), self.played),
                i + 1,
                p.text
            ));
        }
        out.push(format!(
            "{} plays; Up/Down, Enter or 1-9 plays one; others close",
            self.plays.len()
        ));
        out.extend(rollout);
        out
    }
}

/// The mark at the start of a ranked line `i`: `>` the line the cursor is on (`selected`,
/// none where there is nothing to choose), else `*` the play made (`played`), else a space.
#[must_use]
pub(crate) fn line_mark(i: usize, selected: Option<usize>, played: Option<usize>) -> char {
    if selected == Some(i) {
        '>'
    } else if played == Some(i) {
        '*'
    } else {
        ' '
    }
}

/// A hint to work out: the match as it stood when `H` was pressed.
#[derive(Debug, Clone)]
pub(crate) struct HintJob {
    /// Matches the answer to the question (answers to old questions are dropped).
    pub(crate) id: u64,
    /// The match as it stands.
    pub(crate) state: MatchState,
    /// The seed of the bots that rank plays with dice of their own.
    pub(crate) seed: u64,
}

impl HintJob {
    /// Works the hint out (on the calling thread).
    #[must_use]
    pub(crate) fn panel(&self) -> HintPanel {
        advise(&self.state, self.seed)
    }
}

/// On a worker thread: the panel, back as [`crate::tui::msg::HintMsg::Ready`].
impl crate::tui::job::Task<crate::tui::msg::Msg> for HintJob {
    fn run(self: Box<Self>, reply: &crate::tui::job::Reply<crate::tui::msg::Msg>) {
        use crate::tui::msg::{HintMsg, Msg};
        let panel = Box::new(self.panel());
        // The receiver is gone once the game has ended: nobody waits for the hint then.
        reply.send(Msg::Hint(HintMsg::Ready(self.id, panel)));
    }
}

/// The title of the hint panel of bot `name`.
fn title(name: &BotSpec) -> String {
    format!("Hint from {name}")
}

/// The panel shown while the hint for `m` is being worked out.
#[must_use]
pub(crate) fn waiting(m: &MatchState) -> HintPanel {
    let name = bot::strongest_for(m.game().variant());
    HintPanel::advice(title(&name), vec![format!("{name} is thinking")])
}

/// The strongest bot's advice in `m`: its ranking of the plays of the roll, or its cube
/// advice before a roll or to the player doubled (the expert's through the
/// [`Advisor`], as every other surface gives it).
#[must_use]
pub(crate) fn advise(m: &MatchState, seed: u64) -> HintPanel {
    let name = bot::strongest_for(m.game().variant());
    let title = title(&name);
    let game = m.game();
    if let Some(offer) = game.resignation() {
        return resignation_advice(m, offer, &name, seed, title);
    }
    if name == BotSpec::Expert(None) {
        let advisor = Advisor::new(EXPERT_DEFAULT_PLY);
        let panel = match (advisor, game.phase()) {
            (Err(e), _) => HintPanel::advice(title, vec![e.to_string()]),
            (Ok(mut advisor), Phase::Moving(_)) => match advisor.plays(m) {
                Ok(advice) => HintPanel::expert(title, &advice),
                Err(e) => HintPanel::advice(title, vec![e.to_string()]),
            },
            (Ok(mut advisor), Phase::Rolling | Phase::DoubleOffered | Phase::Beavered)
                if game.phase() != Phase::Rolling || game.may_double().is_ok() =>
            {
                match advisor.cube(m) {
                    // The position can be rolled out before a roll and when doubled (not
                    // facing a beaver).
                    Ok(advice) if game.phase() != Phase::Beavered => HintPanel {
                        cube_close: advice.close,
                        ..HintPanel::rollable_cube(title, expert_cube_lines(m, &advice))
                    },
                    Ok(advice) => HintPanel::advice(title, expert_cube_lines(m, &advice)),
                    Err(e) => HintPanel::advice(title, vec![e.to_string()]),
                }
            }
            (Ok(_), Phase::Rolling) => HintPanel::advice(
                title,
                vec![match game.may_double() {
                    Ok(()) => "roll".to_string(),
                    Err(why) => format!("no double possible ({why}): roll"),
                }],
            ),
            (Ok(_), phase) => HintPanel::advice(title, vec![nothing_to_advise(phase)]),
        };
        return if panel.head.is_empty() && panel.plays.is_empty() {
            HintPanel::advice(panel.title, vec!["no legal play".to_string()])
        } else {
            panel
        };
    }
    let Ok(mut adviser) = name.make(seed) else {
        return HintPanel::advice(title, vec!["no hint now".to_string()]);
    };
    let panel = match game.phase() {
        Phase::Moving(dice) => {
            let ranked: Vec<_> = adviser
                .rank_plays(game.variant(), game.position(), dice)
                .iter()
                .map(|s| (s.play, s.score))
                .collect();
            HintPanel::scored(title, &ranked)
        }
        Phase::Rolling => HintPanel::advice(
            title,
            vec![match game.may_double() {
                Ok(()) if adviser.should_double(m) => format!("{name} would double"),
                Ok(()) => format!("{name} would not double: roll"),
                Err(why) => format!("no double possible ({why}): roll"),
            }],
        ),
        phase => HintPanel::advice(title, vec![nothing_to_advise(phase)]),
    };
    if panel.head.is_empty() && panel.plays.is_empty() {
        HintPanel::advice(panel.title, vec!["no legal play".to_string()])
    } else {
        panel
    }
}

/// The panel's line where there is nothing to advise on: why, and what to do.
fn nothing_to_advise(phase: Phase) -> String {
    match phase {
        Phase::Opening => "nothing to decide before the opening roll: roll (r)".to_string(),
        Phase::Over(_) => "the game is over: nothing to decide".to_string(),
        _ => "no hint now".to_string(),
    }
}

/// The advice to the player offered a resignation: accept or decline it, as `name` (the
/// strongest bot) would answer it.
fn resignation_advice(
    m: &MatchState,
    offer: bg_tui::engine::Resignation,
    name: &BotSpec,
    seed: u64,
    title: String,
) -> HintPanel {
    let Ok(mut adviser) = name.make(seed) else {
        return HintPanel::advice(title, vec!["no hint now".to_string()]);
    };
    let what = match offer.level {
        bg_tui::engine::WinKind::Single => "a single game",
        bg_tui::engine::WinKind::Gammon => "a gammon",
        bg_tui::engine::WinKind::Backgammon => "a backgammon",
    };
    let line = if adviser.accept_resignation(m, offer.level) {
        format!("{name} would accept the resignation of {what}: accept (y)")
    } else {
        format!("{name} would decline the resignation of {what} and play on: decline (n)")
    };
    HintPanel::advice(title, vec![line])
}

/// The advisor's cube advice before rolling, to the player doubled, or to the doubler
/// facing a beaver: whose view the figures take, the cube and score, the chances of the
/// player on roll, the three cubeful equities (the doubler's view) and what to do now.
fn expert_cube_lines(m: &MatchState, advice: &CubeAdvice) -> Vec<String> {
    let game = m.game();
    let now = match game.phase() {
        Phase::DoubleOffered if advice.beaver() && game.rules().beaver => "beaver",
        Phase::DoubleOffered if advice.take() => "take",
        Phase::DoubleOffered => "pass",
        // The doubler answers the beaver: play on at four times the old cube, or pass it.
        Phase::Beavered if 2.0 * advice.double_take.emg >= -2.0 => "play on (accept the beaver)",
        Phase::Beavered => "pass the beaver",
        _ => advice.verdict.words(),
    };
    let mut lines = vec![format!("for {}, on roll (the doubler):", game.turn())];
    lines.extend(advisor::text::cube_lines(advice));
    lines.push(format!("now: {now}"));
    lines
}

/// A play in notation, or "cannot move" for none.
pub(crate) fn play_text(play: &Play) -> String {
    let text = format_play(play);
    if text.is_empty() {
        "cannot move".to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::engine::Position;

    /// Issue 19 §2: in a match the hint ranks by match-winning chances and says so; in
    /// money play it does not.
    #[test]
    fn a_match_hint_ranks_by_match_winning_chances() {
        use bg_tui::engine::{Action, Dice, Rules};
        let opened = |rules: Rules| {
            let mut m = MatchState::new(rules).expect("rules");
            m.apply(Action::OpeningRoll { white: 6, black: 4 })
                .expect("an opening roll");
            assert!(matches!(m.game().phase(), Phase::Moving(d) if d == Dice::new(6, 4).unwrap()));
            advise(&m, 1)
        };
        let dmp = opened(Rules::match_to(1));
        assert!(
            dmp.head[0].starts_with("1 away, opponent 1 away")
                && dmp.head[0].contains("match-winning chances, EMG beside"),
            "{:?}",
            dmp.head
        );
        assert!(dmp.head[1].contains("MWC") && dmp.head[1].contains("EMG"));
        assert!(dmp.plays.iter().skip(1).any(|p| p.text.contains('%')));
        let money = opened(Rules::money());
        assert!(money.head[0].starts_with("money play, cube 1 centred: cubeful equity"));
        assert!(!money.head.iter().any(|l| l.contains("match-winning")));
    }

    /// Offered a resignation, the hint advises accepting or declining it (issue 49, part
    /// 6), as the expert would answer: a single game is declined by a side about to win a
    /// gammon, a backgammon accepted.
    #[test]
    fn offered_a_resignation_the_hint_says_accept_or_decline() {
        use bg_tui::engine::{Action, MatchIdFields, RuleSet, WinKind, match_state_from_ids};
        // X (on roll) has all 15 checkers in O's home board, O has borne off three.
        let mut x = [0u8; 26];
        let mut o = [0u8; 26];
        (x[19], x[20], x[21]) = (5, 5, 5);
        (o[1], o[2], o[3]) = (5, 5, 2);
        let position = Position::from_sides(&x, &o).expect("a position");
        for (level, says) in [
            (
                WinKind::Single,
                "would decline the resignation of a single game",
            ),
            (
                WinKind::Backgammon,
                "would accept the resignation of a backgammon",
            ),
        ] {
            let mut m = match_state_from_ids(
                RuleSet::Backgammon,
                position,
                &MatchIdFields::money_on_roll(),
                false,
            )
            .expect("a match state");
            m.apply(Action::Resign(level)).expect("a resignation");
            let lines = advise(&m, 1).lines();
            assert!(lines.iter().any(|l| l.contains(says)), "{lines:?}");
        }
    }

    /// The cube advice's panel can be rolled out before a roll and when doubled, and says
    /// so; facing a beaver it cannot, and does not say it.
    #[test]
    fn cube_advice_is_rolled_out_before_a_roll_and_when_doubled_not_facing_a_beaver() {
        use bg_tui::engine::{Action, Dice, Rules};
        let mut rules = Rules::money();
        rules.beaver = true;
        let mut m = MatchState::new(rules).expect("rules");
        let roll_and_play = |m: &mut MatchState| {
            let Phase::Moving(dice) = m.game().phase() else {
                panic!("moving");
            };
            let plays = m.game().variant().legal_plays(m.game().position(), dice);
            m.apply(Action::Play(plays[0])).expect("a legal play");
        };
        m.apply(Action::OpeningRoll { white: 3, black: 1 })
            .expect("an opening roll");
        roll_and_play(&mut m);
        m.apply(Action::Roll(Dice::new(6, 5).expect("dice")))
            .expect("a roll");
        roll_and_play(&mut m);
        let says = |p: &HintPanel| {
            p.lines()
                .iter()
                .any(|l| l.starts_with("R rolls the position out"))
        };
        let before = advise(&m, 1);
        assert!(before.rollable() && says(&before), "{:?}", before.lines());
        m.apply(Action::Double).expect("a double");
        let doubled = advise(&m, 1);
        assert!(
            doubled.rollable() && says(&doubled),
            "{:?}",
            doubled.lines()
        );
        m.apply(Action::Beaver).expect("a beaver");
        let beavered = advise(&m, 1);
        assert!(
            !beavered.rollable() && !says(&beavered),
            "{:?}",
            beavered.lines()
        );
        assert!(beavered.lines().iter().any(|l| l.contains("beaver")));
    }

    fn panel_of(n: usize) -> HintPanel {
        let ranked: Vec<(Play, f64)> = (0..n)
            .map(|i| (Play::empty(Position::START), -(i as f64) / 100.0))
            .collect();
        HintPanel::scored("Hint".to_string(), &ranked)
    }

    #[test]
    fn the_panel_scrolls_to_the_chosen_line_and_stays_in_the_list() {
        let mut panel = panel_of(25);
        assert_eq!(panel.lines().len(), SHOWN + 1);
        assert!(panel.lines()[0].starts_with("> 1 "));
        for _ in 0..14 {
            panel.step(true);
        }
        let lines = panel.lines();
        assert!(lines.iter().any(|l| l.starts_with(">15 ")), "{lines:?}");
        assert!(lines[0].starts_with("  6 "), "{lines:?}");
        for _ in 0..40 {
            panel.step(true);
        }
        assert_eq!(panel.selected, 24);
        assert!(panel.lines()[SHOWN - 1].starts_with(">25 "));
        for _ in 0..40 {
            panel.step(false);
        }
        assert_eq!(panel.selected, 0);
        // Advice alone: its lines, nothing to choose.
        let advice = HintPanel::advice("Hint".to_string(), vec!["no double: roll".to_string()]);
        assert_eq!(advice.lines(), vec!["no double: roll".to_string()]);
    }
}
