//! The viewer as a study board: for the decision shown, the ranked alternatives at the
//! analysis's depth with the one made marked (`h`, the game's hint panel, with its rollout
//! `R`), and the ways out of the viewer into a game at that moment: `P` plays on from it
//! (two people, or against the expert) at the match's score, `e` opens the position editor
//! on it.
//!
//! The match before each action of the record is found by walking the record once
//! ([`DecisionStates`]); the alternatives are worked out by the advisor on a worker thread
//! ([`AlternativesJob`]) and come back as a [`crate::tui::viewer::ViewerNews::Alternatives`].

use crate::tui::hint::{HintPanel, play_text};
use crate::tui::hint_rollout::{RolloutChoice, RolloutJob, RolloutStage, RolloutView, line_labels};
use crate::tui::{Options, Player, SetUpStart};
use bg_tui::advisor::{self, Advisor};
use bg_tui::bot::BotSpec;
use bg_tui::engine::{Action, CrawfordState, GameSetup, MatchState, Phase, Play, Side};
use bg_tui::record::{self, ActionStep, Record, Visitor};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The match before each action of a record, and the action taken, by game and action
/// (both from 0).
#[derive(Debug, Clone, Default)]
pub(crate) struct DecisionStates {
    before: HashMap<(usize, usize), (MatchState, Action)>,
}

impl Visitor for DecisionStates {
    type Break = std::convert::Infallible;

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Self::Break> {
        self.before
            .insert((step.game, step.index), (step.before.clone(), step.action));
        ControlFlow::Continue(())
    }
}

impl DecisionStates {
    /// Walks `record` (a record the rules refuse gives the actions up to the refused one).
    #[must_use]
    pub(crate) fn of(record: &Record) -> DecisionStates {
        let mut states = DecisionStates::default();
        // The timeline was built from the same record, so the walk does not fail; if it
        // did, the actions before the failure are kept.
        let _ = record::walk(record, &mut states);
        states
    }

    /// The match before action `action` of game `game` (both from 0), and the action.
    #[must_use]
    pub(crate) fn at(&self, game: usize, action: usize) -> Option<&(MatchState, Action)> {
        self.before.get(&(game, action))
    }
}

/// Who plays on from the viewer's moment (`P`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlayOn {
    /// Two people at one keyboard.
    HotSeat,
    /// The person plays the side to act, the expert the other.
    AgainstExpert,
}

/// How the viewer hands over to the game once it closes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ViewerExit {
    /// `P`: a game from the moment shown.
    Play(Box<Options>),
    /// `e`: the position editor on the moment shown (a two-person game under it).
    Edit(Box<Options>),
}

/// Why the moment shown is no place to study from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NoStudy {
    /// The moment is no action (a game's start or result, the end).
    #[error("no decision at this moment: move to a roll, a play or a cube action")]
    NoAction,
    /// The action is an opening roll, a resignation or its answer.
    #[error("no position to play from at this moment: move to a roll, a play or a cube action")]
    NotADecision,
    /// A rule-set cycle (Tavli) plays another game first.
    #[error("the match's first game is of another rule set: a game cannot start here")]
    OtherRules,
}

/// The game's start at `m`: the position, the player to act, the cube, the score, and the
/// dice when they are rolled. A double not yet answered starts before the double (the
/// doubler to roll or double).
///
/// # Errors
/// [`NoStudy::NotADecision`] before an opening roll or with a resignation pending.
pub(crate) fn start_at(m: &MatchState) -> Result<SetUpStart, NoStudy> {
    let game = m.game();
    let dice = match game.phase() {
        Phase::Moving(dice) => Some(dice),
        Phase::Rolling | Phase::DoubleOffered => None,
        _ => return Err(NoStudy::NotADecision),
    };
    if game.resignation().is_some() {
        return Err(NoStudy::NotADecision);
    }
    Ok(SetUpStart {
        setup: GameSetup {
            position: *game.position(),
            turn: game.turn(),
            cube: game.cube(),
            score: [m.score(Side::White), m.score(Side::Black)],
            crawford: m.crawford() == CrawfordState::Crawford,
        },
        dice,
    })
}

/// The game's options to play on from `m` of a match with `names`, drawn as `look`
/// (ascii, colour, palette).
///
/// # Errors
/// As [`start_at`], and [`NoStudy::OtherRules`] when the rule set's first game is not
/// the rule set of `m`'s game.
pub(crate) fn play_options(
    m: &MatchState,
    names: &[String; 2],
    who: PlayOn,
    look: (bool, bool, crate::tui::theme::Palette),
) -> Result<Options, NoStudy> {
    let start = start_at(m)?;
    let rules = *m.rules();
    if rules.rule_set.variant_of_game(0) != m.game().variant() {
        return Err(NoStudy::OtherRules);
    }
    let mut players = [Player::Human, Player::Human];
    let mut names = names.clone();
    if who == PlayOn::AgainstExpert {
        let bot = start.setup.turn.opponent();
        let expert = BotSpec::Expert(None);
        names[bot.index()] = expert.to_string();
        players[bot.index()] = Player::Bot(expert);
    }
    let (ascii, color, palette) = look;
    Ok(Options {
        rules,
        names,
        ascii,
        color,
        palette,
        players,
        start: Some(start),
        ..Options::default()
    })
}

/// The alternatives of a decision to work out: the match before it and what was done.
#[derive(Debug, Clone)]
pub(crate) struct AlternativesJob {
    /// Matches the answer to the question.
    pub(crate) id: u64,
    /// The match before the decision.
    pub(crate) state: MatchState,
    /// The action taken.
    pub(crate) done: Action,
    /// The expert's depth (the analysis's).
    pub(crate) ply: u8,
}

impl AlternativesJob {
    /// Works the panel out (on the calling thread).
    #[must_use]
    pub(crate) fn panel(&self) -> HintPanel {
        alternatives(&self.state, self.done, self.ply)
    }
}

/// The title of the alternatives panel at `ply`.
fn title(ply: u8) -> String {
    format!("Alternatives, expert {ply}-ply")
}

/// The panel while the alternatives are worked out.
#[must_use]
pub(crate) fn waiting(ply: u8) -> HintPanel {
    HintPanel::advice(title(ply), vec!["the expert is thinking".to_string()])
}

/// The expert's alternatives at `ply` to `done` in `m`: every play ranked (as the game's
/// hint ranks them), the one made marked `*` and named below the heads; or the cube's
/// three equities with the action taken.
#[must_use]
pub(crate) fn alternatives(m: &MatchState, done: Action, ply: u8) -> HintPanel {
    let title = title(ply);
    let mut advisor = match Advisor::new(ply) {
        Ok(advisor) => advisor,
        Err(e) => return HintPanel::advice(title, vec![e.to_string()]),
    };
    let game = m.game();
    if game.phase() == Phase::Rolling
        && let Err(why) = game.may_double()
    {
        return HintPanel::advice(
            title,
            vec![format!(
                "no double possible ({why}): the roll is no decision"
            )],
        );
    }
    match (game.phase(), done) {
        (Phase::Moving(_), Action::Play(played)) => match advisor.plays(m) {
            Ok(advice) => {
                let mut panel = HintPanel::expert(title, &advice);
                mark_played(&mut panel, &played);
                panel.choice = Some(RolloutChoice::default());
                panel
            }
            Err(e) => HintPanel::advice(title, vec![e.to_string()]),
        },
        (Phase::Rolling | Phase::DoubleOffered, _) => match advisor.cube(m) {
            Ok(advice) => {
                let mut lines = vec![format!("for {}, on roll (the doubler):", game.turn())];
                lines.extend(advisor::text::cube_lines(&advice));
                lines.push(format!("done: {}", action_words(done)));
                let rollable = (game.phase() == Phase::Rolling && game.may_double().is_ok())
                    || game.phase() == Phase::DoubleOffered;
                if rollable {
                    let mut panel = HintPanel::rollable_cube(title, lines);
                    panel.choice = Some(RolloutChoice::default());
                    panel
                } else {
                    HintPanel::advice(title, lines)
                }
            }
            Err(e) => HintPanel::advice(title, vec![e.to_string()]),
        },
        _ => HintPanel::advice(title, vec!["no decision here".to_string()]),
    }
}

/// A cube action in words.
fn action_words(action: Action) -> &'static str {
    match action {
        Action::Roll(_) => "no double (rolled)",
        Action::Double => "double",
        Action::Take => "take",
        Action::Drop => "pass",
        Action::Beaver => "beaver",
        _ => "another action",
    }
}

/// Marks the play made in `panel`'s ranking (`*` at the start of its line, as GNU
/// Backgammon marks it: after the notation a star would read as a hit), names it with its
/// rank under the heads and puts the cursor on it.
fn mark_played(panel: &mut HintPanel, played: &Play) {
    let Some(rank) = panel.plays.iter().position(|p| p.play == *played) else {
        panel
            .head
            .push(format!("* made: {} (not ranked)", play_text(played)));
        return;
    };
    panel.head.push(format!(
        "* the play made: {}, {} of {}",
        play_text(played),
        rank + 1,
        panel.plays.len()
    ));
    panel.played = Some(rank);
    panel.selected = rank;
}

/// The study panel of the viewer: the alternatives of one decision, the match before it,
/// and its rollout's stop flag.
#[derive(Debug, Clone)]
pub(crate) struct StudyPanel {
    /// The answer awaited (or shown).
    pub(crate) id: u64,
    /// The match before the decision.
    pub(crate) state: MatchState,
    /// The panel (the game's hint panel).
    pub(crate) panel: HintPanel,
    /// The alternatives have come.
    pub(crate) ready: bool,
    /// The rollout under way, if any: its id and stop flag.
    pub(crate) rollout: Option<(u64, Arc<AtomicBool>)>,
}

impl StudyPanel {
    /// Stops its rollout, if one runs: its result so far stays shown, and what it sends
    /// after is dropped (as the game's panel does).
    pub(crate) fn stop_rollout(&mut self) {
        let Some((_, stop)) = self.rollout.take() else {
            return;
        };
        stop.store(true, Ordering::Relaxed);
        if let Some(view) = self.panel.rollout.as_mut()
            && view.stage == RolloutStage::Running
        {
            view.stage = RolloutStage::Stopped;
        }
    }

    /// Its rollout is running.
    #[must_use]
    pub(crate) fn rolling_out(&self) -> bool {
        self.rollout.is_some()
            && self
                .panel
                .rollout
                .as_ref()
                .is_some_and(|r| r.stage == RolloutStage::Running)
    }

    /// The rollout of the panel's lines (the best few plays, or the cube's position), with
    /// `id`: the job to start, once the alternatives are there. `None` when there is
    /// nothing to roll out (the panel then says so).
    pub(crate) fn roll_out(&mut self, id: u64, seed: u64) -> Option<RolloutJob> {
        if !self.ready || !self.panel.rollable() || self.rollout.is_some() {
            return None;
        }
        let plays: Vec<Play> = self.panel.plays.iter().map(|p| p.play).collect();
        let choice = self.panel.choice.unwrap_or_default();
        let job = RolloutJob::new(id, &self.state, &plays, seed, choice)?;
        let labels = line_labels(&job, &self.state, &plays);
        self.panel.rollout = Some(RolloutView::new(&job, labels));
        self.rollout = Some((id, job.stop.clone()));
        Some(job)
    }
}
