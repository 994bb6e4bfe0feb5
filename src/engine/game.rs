//! One game as a state machine driven by typed actions.
//!
//! Every action that is not legal now returns a [`GameError`] saying why and leaves the game
//! exactly as it was; no sequence of actions can panic.

use super::cube::Cube;
use super::dice::Dice;
use super::play::Play;
use super::position::Position;
use super::rules::{Rules, RulesError};
use super::scoring::{Ending, GameResult, WinKind, schmidt_points};
use super::side::Side;
use super::variant::{Opening, Variant, VariantError, Verdict, follow_steps};
use serde::{Deserialize, Serialize};

/// Something a player (or the dice) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Each player rolls one die to start the game; a tie rolls again.
    OpeningRoll {
        /// White's die.
        white: u8,
        /// Black's die.
        black: u8,
    },
    /// The player on roll rolls the dice.
    Roll(Dice),
    /// The player on roll plays the roll; a play with no steps when nothing can be played.
    Play(Play),
    /// The player on roll doubles before rolling.
    Double,
    /// Accept the double (or, for the original doubler, the beaver).
    Take,
    /// Pass the double (or the beaver), losing the game.
    Drop,
    /// Redouble at once instead of taking, keeping the cube (money play with beavers on).
    Beaver,
    /// The player who must act now offers to resign a single game, a gammon or a backgammon.
    Resign(WinKind),
    /// The opponent accepts the offered resignation: the game ends.
    AcceptResignation,
    /// The opponent declines the offered resignation: play goes on.
    DeclineResignation,
    /// The computer takes over this side for the rest of the game, its clock having run out
    /// (assets/rules/README.md §2.8): a game this side wins then scores no points.
    TakeOver(Side),
}

/// Where in the turn the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the opening roll.
    Opening,
    /// The player on roll may double or roll.
    Rolling,
    /// The player on roll must play these dice.
    Moving(Dice),
    /// The player on roll has doubled; the opponent takes, drops or beavers.
    DoubleOffered,
    /// The doubled player has beavered; the original doubler takes or drops.
    Beavered,
    /// The game is over.
    Over(GameResult),
}

/// A resignation on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resignation {
    /// Who offers to resign.
    pub by: Side,
    /// What they offer to lose (before the cube).
    pub level: WinKind,
}

/// Why a player may not double now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DoubleRefusal {
    /// The cube is not used in this game.
    #[error("the cube is not in use")]
    NoCube,
    /// This is the Crawford game.
    #[error("nobody may double in the Crawford game")]
    Crawford,
    /// The opponent owns the cube.
    #[error("the cube is on the other side")]
    NotOwner,
    /// The cube is at its cap.
    #[error("the cube is at its cap of {0}")]
    AtCap(u32),
    /// Doubles come only at the start of the turn, before rolling.
    #[error("doubling comes before rolling")]
    NotBeforeRoll,
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A resignation waits for an answer.
    #[error("{0} has offered to resign: accept or decline first")]
    ResignationPending(Side),
    /// Nothing happens before the opening roll.
    #[error("the game starts with the opening roll")]
    OpeningRollFirst,
    /// The opening roll has already been made.
    #[error("the opening roll has been made")]
    NotOpening,
    /// A die outside 1 to 6.
    #[error("a die shows 1 to 6, not {0}")]
    BadDie(u8),
    /// Rolling is not possible now.
    #[error("cannot roll now: {0}")]
    CannotRoll(Waiting),
    /// No roll is waiting to be played.
    #[error("there is no roll to play: {0}")]
    NothingToPlay(Waiting),
    /// The play is not one of the legal plays of the roll.
    #[error("that is not a legal play of {0}")]
    IllegalPlay(Dice),
    /// Doubling is not allowed now.
    #[error("cannot double: {0}")]
    CannotDouble(DoubleRefusal),
    /// Take, drop or beaver with no double offered.
    #[error("there is no double to answer")]
    NoDoubleOffered,
    /// A beaver is not allowed.
    #[error("cannot beaver: {0}")]
    CannotBeaver(BeaverRefusal),
    /// Accept or decline with no resignation offered.
    #[error("there is no resignation to answer")]
    NoResignation,
    /// Resigning is not possible now.
    #[error("cannot resign: {0}")]
    CannotResign(ResignRefusal),
}

/// What the game waits for instead of the action asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Waiting {
    /// The dice have been rolled and wait to be played.
    #[error("the dice have been rolled")]
    DiceRolled,
    /// The player on roll must roll (or double) first.
    #[error("roll first")]
    RollFirst,
    /// A double waits for an answer.
    #[error("a double is waiting for an answer")]
    DoubleAnswer,
}

/// Why a beaver is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BeaverRefusal {
    /// The rules have no beavers (or this is not money play).
    #[error("beavers are not in these rules")]
    NotInRules,
    /// The cube would pass its cap.
    #[error("the cube would pass its cap")]
    PastCap,
}

/// Why a resignation cannot be offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ResignRefusal {
    /// Nobody is to act yet (before the opening roll).
    #[error("the game has not started")]
    NotStarted,
    /// More than the rule set's games can be worth.
    #[error("a {offered} is not a result in {variant}")]
    NoSuchResult {
        /// What was offered.
        offered: WinKind,
        /// The rule set.
        variant: Variant,
    },
}

/// Why a game cannot be set up as asked.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The options do not go together.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The position cannot occur in the rule set.
    #[error(transparent)]
    Position(#[from] VariantError),
    /// The cube is above the cap, or turned in a game without a cube.
    #[error("a cube of {0} cannot be in this game")]
    Cube(u32),
    /// A side has borne off every checker: that game is already over.
    #[error("{0} has borne off every checker: that game is over")]
    AlreadyWon(Side),
    /// A score at or past the match length, or a score in money play.
    #[error("a score of {score} cannot be in {context}")]
    Score {
        /// The score asked for.
        score: u32,
        /// "a match to N points" or "money play".
        context: String,
    },
    /// The Crawford game asked for where the score does not make one.
    #[error(
        "the Crawford game needs a player one point from winning a match with the Crawford rule"
    )]
    NotCrawford,
    /// The cube turned or owned in the Crawford game.
    #[error("nobody may double in the Crawford game: the cube stays at 1 in the centre")]
    CubeInCrawford,
    /// The match (or session) is over: no game can be set up in it.
    #[error("the match is over")]
    MatchOver,
}

/// The most actions one game may have. The action that reaches it ends the game: nobody wins
/// and no points are scored ([`Ending::ActionLimit`]), so a game that could go on for ever
/// (offers to resign declined again and again) still ends, and its record still reads.
pub const MAX_GAME_ACTIONS: usize = 100_000;

/// One game of one rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    variant: Variant,
    crawford: bool,
    /// Seen from `turn`.
    position: Position,
    turn: Side,
    phase: Phase,
    cube: Cube,
    resignation: Option<Resignation>,
    auto_doubles: u32,
    /// The sides the computer took over (a win of theirs scores nothing).
    taken_over: [bool; 2],
    /// The legal plays of the roll in `Phase::Moving`.
    legal: Vec<Play>,
    /// The actions applied so far (up to [`MAX_GAME_ACTIONS`]).
    actions: usize,
}

impl Game {
    /// The first game of a match or session under `rules`, before the opening roll.
    /// `crawford` marks the Crawford game of a match.
    ///
    /// # Errors
    /// [`RulesError`] when the options do not go together.
    pub fn new(rules: Rules, crawford: bool) -> Result<Game, RulesError> {
        rules.validate()?;
        Ok(Game::start(
            rules,
            rules.rule_set.variant_of_game(0),
            crawford,
            None,
        ))
    }

    /// A game of `variant` under rules already checked: before the opening roll, or, when
    /// `starter` is given and the rule set's later games are started by the winner of the
    /// one before, with `starter` about to roll.
    pub(crate) fn start(
        rules: Rules,
        variant: Variant,
        crawford: bool,
        starter: Option<Side>,
    ) -> Game {
        let (turn, phase) = match (variant.rules().opening(), starter) {
            (Opening::StarterRolls, Some(side)) => (side, Phase::Rolling),
            _ => (Side::White, Phase::Opening),
        };
        Game {
            rules,
            variant,
            crawford,
            position: variant.start_position(),
            turn,
            phase,
            cube: Cube::CENTRED,
            resignation: None,
            auto_doubles: 0,
            taken_over: [false; 2],
            legal: Vec::new(),
            actions: 0,
        }
    }

    /// A game of the rule set's first game set up at `position` (seen from `turn`), with
    /// `turn` about to roll or double.
    ///
    /// # Errors
    /// [`SetupError`] when the options do not go together, the position cannot occur in the
    /// rule set, or the cube cannot be in the game.
    pub fn from_position(
        rules: Rules,
        crawford: bool,
        position: Position,
        turn: Side,
        cube: Cube,
    ) -> Result<Game, SetupError> {
        rules.validate()?;
        let variant = rules.rule_set.variant_of_game(0);
        Game::set_up(rules, variant, crawford, position, turn, cube)
    }

    /// A game of `variant` under rules already checked, set up at `position` (seen from
    /// `turn`) with `turn` about to roll or double.
    pub(crate) fn set_up(
        rules: Rules,
        variant: Variant,
        crawford: bool,
        position: Position,
        turn: Side,
        cube: Cube,
    ) -> Result<Game, SetupError> {
        let game = Game::start(rules, variant, crawford, None);
        variant.rules().check(&position)?;
        variant.check_playable(&position)?;
        let no_cube = !rules.uses_cube() || !variant.has_cube();
        if cube.value() > rules.cube_cap || (no_cube && cube != Cube::CENTRED) {
            return Err(SetupError::Cube(cube.value()));
        }
        if crawford && cube != Cube::CENTRED {
            return Err(SetupError::CubeInCrawford);
        }
        if position.mover_has_won() {
            return Err(SetupError::AlreadyWon(turn));
        }
        if position.opponent_has_won() {
            return Err(SetupError::AlreadyWon(turn.opponent()));
        }
        Ok(Game {
            position,
            turn,
            phase: Phase::Rolling,
            cube,
            ..game
        })
    }

    /// The rule set of this game.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The rules this game is played under.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// This is the Crawford game: nobody may double.
    #[must_use]
    pub const fn is_crawford(&self) -> bool {
        self.crawford
    }

    /// The position from the view of the player on roll.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The position from `side`'s view.
    #[must_use]
    pub fn position_for(&self, side: Side) -> Position {
        if side == self.turn {
            self.position
        } else {
            self.position.switched()
        }
    }

    /// The player on roll (before the opening roll: White, by convention).
    #[must_use]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// Where in the turn the game is.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The cube.
    #[must_use]
    pub const fn cube(&self) -> Cube {
        self.cube
    }

    /// The resignation waiting for an answer, if any.
    #[must_use]
    pub const fn resignation(&self) -> Option<Resignation> {
        self.resignation
    }

    /// The points `by`'s opponent would win if `by` resigned `level` now and it were
    /// accepted, under the game's scoring: the cube, a rule set without backgammons, the
    /// Jacoby rule, Schmidt scoring (which counts the loser's checkers, whatever the level),
    /// a resignation that loses a backgammon.
    #[must_use]
    pub fn resignation_points(&self, by: Side, level: WinKind) -> u32 {
        let highest = self.variant.rules().highest_win();
        let level = if self.rules.resign_loses_backgammon {
            highest
        } else {
            level.min(highest)
        };
        let winner = by.opponent();
        let seen = self.position_for(winner);
        self.win(winner, level, Ending::Resignation, &seen).points
    }

    /// The result, once the game is over.
    #[must_use]
    pub const fn result(&self) -> Option<GameResult> {
        match self.phase {
            Phase::Over(result) => Some(result),
            _ => None,
        }
    }

    /// The dice rolled and waiting to be played.
    #[must_use]
    pub const fn dice(&self) -> Option<Dice> {
        match self.phase {
            Phase::Moving(dice) => Some(dice),
            _ => None,
        }
    }

    /// The legal plays of the roll waiting to be played (empty when nothing can be played,
    /// or when no roll is waiting).
    #[must_use]
    pub fn legal_plays(&self) -> &[Play] {
        &self.legal
    }

    /// Who must act now: the player on roll, the player answering a double or a
    /// resignation; `None` before the opening roll and after the game.
    #[must_use]
    pub fn to_act(&self) -> Option<Side> {
        if let Some(r) = self.resignation {
            return Some(r.by.opponent());
        }
        match self.phase {
            Phase::Opening | Phase::Over(_) => None,
            Phase::Rolling | Phase::Moving(_) | Phase::Beavered => Some(self.turn),
            Phase::DoubleOffered => Some(self.turn.opponent()),
        }
    }

    /// The value the cube would have if the double on the table (or that could be offered
    /// now) were taken.
    #[must_use]
    pub const fn offered_value(&self) -> u32 {
        match self.phase {
            Phase::Beavered => self.cube.value() * 4,
            _ => self.cube.value() * 2,
        }
    }

    /// Whether the player on roll may double now, and if not, why.
    ///
    /// # Errors
    /// The [`DoubleRefusal`] that stands in the way.
    pub fn may_double(&self) -> Result<(), DoubleRefusal> {
        if !self.rules.uses_cube() || !self.variant.has_cube() {
            return Err(DoubleRefusal::NoCube);
        }
        if self.crawford {
            return Err(DoubleRefusal::Crawford);
        }
        if self.phase != Phase::Rolling {
            return Err(DoubleRefusal::NotBeforeRoll);
        }
        if !self.cube.available_to(self.turn) {
            return Err(DoubleRefusal::NotOwner);
        }
        if self.cube.value() * 2 > self.rules.cube_cap {
            return Err(DoubleRefusal::AtCap(self.rules.cube_cap));
        }
        Ok(())
    }

    /// Applies an action. On error the game is unchanged. The action that brings the game to
    /// [`MAX_GAME_ACTIONS`] ends it, if it goes on: nobody wins ([`Ending::ActionLimit`]).
    ///
    /// # Errors
    /// [`GameError`] saying why the action is not legal now.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.apply_action(action)?;
        self.actions += 1;
        if self.actions >= MAX_GAME_ACTIONS && self.result().is_none() {
            // Nobody wins a game stopped at the limit.
            self.resignation = None;
            self.legal.clear();
            self.phase = Phase::Over(GameResult {
                winner: None,
                kind: WinKind::Single,
                cube: self.cube.value(),
                points: 0,
                ending: Ending::ActionLimit,
            });
        }
        Ok(())
    }

    /// The actions applied to this game so far.
    #[must_use]
    pub const fn actions(&self) -> usize {
        self.actions
    }

    fn apply_action(&mut self, action: Action) -> Result<(), GameError> {
        if self.result().is_some() {
            return Err(GameError::GameOver);
        }
        match action {
            Action::AcceptResignation => return self.answer_resignation(true),
            Action::DeclineResignation => return self.answer_resignation(false),
            Action::TakeOver(side) => {
                self.taken_over[side.index()] = true;
                return Ok(());
            }
            _ => {}
        }
        if let Some(r) = self.resignation {
            return Err(GameError::ResignationPending(r.by));
        }
        match action {
            Action::OpeningRoll { white, black } => self.opening_roll(white, black),
            Action::Roll(dice) => self.roll(dice),
            Action::Play(play) => self.play(&play),
            Action::Double => self.double(),
            Action::Take => self.take(),
            Action::Drop => self.drop_double(),
            Action::Beaver => self.beaver(),
            Action::Resign(level) => self.resign(level),
            Action::AcceptResignation | Action::DeclineResignation | Action::TakeOver(_) => Ok(()),
        }
    }

    fn opening_roll(&mut self, white: u8, black: u8) -> Result<(), GameError> {
        if self.phase != Phase::Opening {
            return Err(GameError::NotOpening);
        }
        for die in [white, black] {
            if !(1..=6).contains(&die) {
                return Err(GameError::BadDie(die));
            }
        }
        if white == black {
            // A tie rolls again; with automatic doubles on, the cube turns (still centred).
            let r = &self.rules;
            if r.is_money()
                && r.uses_cube()
                && self.variant.has_cube()
                && self.auto_doubles < r.auto_doubles
                && self.cube.value() * 2 <= r.cube_cap
            {
                self.cube = self.cube.auto_doubled();
                self.auto_doubles += 1;
            }
            return Ok(());
        }
        let (turn, dice) = if white > black {
            (Side::White, Dice::new(white, black))
        } else {
            (Side::Black, Dice::new(black, white))
        };
        let dice = dice.map_err(|_| GameError::BadDie(0))?;
        self.turn = turn;
        self.position = self.variant.start_position();
        match self.variant.rules().opening() {
            Opening::PlayTheOpeningDice => self.start_moving(dice),
            // The higher die starts by rolling both dice afresh.
            Opening::StarterRolls => self.phase = Phase::Rolling,
        }
        Ok(())
    }

    fn start_moving(&mut self, dice: Dice) {
        self.variant
            .rules()
            .legal_plays_into(&self.position, dice, &mut self.legal);
        self.phase = Phase::Moving(dice);
    }

    fn roll(&mut self, dice: Dice) -> Result<(), GameError> {
        match self.phase {
            Phase::Rolling => {
                self.start_moving(dice);
                Ok(())
            }
            Phase::Opening => Err(GameError::OpeningRollFirst),
            Phase::Moving(_) => Err(GameError::CannotRoll(Waiting::DiceRolled)),
            Phase::DoubleOffered | Phase::Beavered => {
                Err(GameError::CannotRoll(Waiting::DoubleAnswer))
            }
            Phase::Over(_) => Err(GameError::GameOver),
        }
    }

    fn play(&mut self, play: &Play) -> Result<(), GameError> {
        let dice = match self.phase {
            Phase::Moving(dice) => dice,
            Phase::Opening => return Err(GameError::OpeningRollFirst),
            Phase::Rolling => return Err(GameError::NothingToPlay(Waiting::RollFirst)),
            _ => return Err(GameError::NothingToPlay(Waiting::DoubleAnswer)),
        };
        let after = if self.legal.is_empty() {
            // Nothing can be played: the only play is the empty one (a dance).
            if !play.steps().is_empty() {
                return Err(GameError::IllegalPlay(dice));
            }
            self.position
        } else {
            // The play must be a legal play's position, reached by its own steps.
            let legal = self.legal.iter().find(|p| p.position() == play.position());
            let Some(legal) = legal else {
                return Err(GameError::IllegalPlay(dice));
            };
            let steps = play.steps();
            if legal.steps() != steps {
                let reached = follow_steps(self.variant, &self.position, dice, &steps);
                if steps.len() != legal.dice_used() || reached != Some(*legal.position()) {
                    return Err(GameError::IllegalPlay(dice));
                }
            }
            *legal.position()
        };
        self.legal.clear();
        match self.variant.rules().judge(&after) {
            None => {
                self.position = after.switched();
                self.turn = self.turn.opponent();
                self.phase = Phase::Rolling;
            }
            Some(verdict) => {
                self.position = after;
                let result = self.result_of(verdict, &after);
                self.end(result);
            }
        }
        Ok(())
    }

    /// Whether the computer took `side` over for the rest of this game.
    #[must_use]
    pub const fn is_taken_over(&self, side: Side) -> bool {
        self.taken_over[side.index()]
    }

    /// The game ends with `result`, worth nothing when the computer took the winner over.
    fn end(&mut self, result: GameResult) {
        let result = match result.winner {
            Some(w) if self.taken_over[w.index()] => {
                GameResult::with_points(w, result.kind, result.cube, 0, result.ending)
            }
            _ => result,
        };
        self.phase = Phase::Over(result);
    }

    /// The result of a game that `verdict` ended, in `after` (seen from the player who
    /// moved), as it counts under the options.
    fn result_of(&self, verdict: Verdict, after: &Position) -> GameResult {
        let cube = self.cube.value();
        match verdict {
            Verdict::Draw => GameResult::draw(cube),
            Verdict::MoverWins(kind, ending) => self.win(self.turn, kind, ending, after),
            Verdict::OpponentWins(kind, ending) => {
                self.win(self.turn.opponent(), kind, ending, &after.switched())
            }
        }
    }

    /// `winner`'s win of `kind` in `seen` (from the winner's view), counted.
    fn win(&self, winner: Side, kind: WinKind, ending: Ending, seen: &Position) -> GameResult {
        let kind = self.counted(kind);
        let cube = self.cube.value();
        if self.rules.schmidt {
            let points = schmidt_points(seen) * if self.rules.uses_cube() { cube } else { 1 };
            return GameResult::with_points(winner, kind, cube, points, ending);
        }
        GameResult::new(winner, kind, cube, ending)
    }

    /// A win as it counts: the Jacoby rule makes gammons single while the cube is at 1,
    /// and a variant without backgammons counts them as gammons.
    fn counted(&self, kind: WinKind) -> WinKind {
        let kind = kind.min(self.variant.rules().highest_win());
        if self.rules.jacoby && self.rules.is_money() && self.cube.value() == 1 {
            WinKind::Single
        } else {
            kind
        }
    }

    fn double(&mut self) -> Result<(), GameError> {
        match self.phase {
            Phase::Opening => return Err(GameError::OpeningRollFirst),
            Phase::DoubleOffered | Phase::Beavered => return Err(GameError::NoDoubleOffered),
            _ => {}
        }
        self.may_double().map_err(GameError::CannotDouble)?;
        self.phase = Phase::DoubleOffered;
        Ok(())
    }

    fn take(&mut self) -> Result<(), GameError> {
        match self.phase {
            Phase::DoubleOffered => {
                self.cube = Cube::taken(self.cube.value() * 2, self.turn.opponent());
            }
            Phase::Beavered => {
                // The beaverer keeps the cube at four times its value before the double.
                self.cube = Cube::taken(self.cube.value() * 4, self.turn.opponent());
            }
            _ => return Err(GameError::NoDoubleOffered),
        }
        self.phase = Phase::Rolling;
        Ok(())
    }

    fn drop_double(&mut self) -> Result<(), GameError> {
        let result = match self.phase {
            // The doubled player passes and pays the value before the double.
            Phase::DoubleOffered => {
                GameResult::new(self.turn, WinKind::Single, self.cube.value(), Ending::Drop)
            }
            // The doubler passes the beaver and pays the value offered.
            Phase::Beavered => GameResult::new(
                self.turn.opponent(),
                WinKind::Single,
                self.cube.value() * 2,
                Ending::Drop,
            ),
            _ => return Err(GameError::NoDoubleOffered),
        };
        self.end(result);
        Ok(())
    }

    fn beaver(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::DoubleOffered {
            return Err(GameError::NoDoubleOffered);
        }
        if !self.rules.beaver || !self.rules.is_money() {
            return Err(GameError::CannotBeaver(BeaverRefusal::NotInRules));
        }
        if self.cube.value() * 4 > self.rules.cube_cap {
            return Err(GameError::CannotBeaver(BeaverRefusal::PastCap));
        }
        self.phase = Phase::Beavered;
        Ok(())
    }

    fn resign(&mut self, level: WinKind) -> Result<(), GameError> {
        let by = match self.to_act() {
            Some(side) => side,
            None => return Err(GameError::CannotResign(ResignRefusal::NotStarted)),
        };
        let highest = self.variant.rules().highest_win();
        if level > highest {
            return Err(GameError::CannotResign(ResignRefusal::NoSuchResult {
                offered: level,
                variant: self.variant,
            }));
        }
        let level = if self.rules.resign_loses_backgammon {
            highest
        } else {
            level
        };
        self.resignation = Some(Resignation { by, level });
        Ok(())
    }

    fn answer_resignation(&mut self, accept: bool) -> Result<(), GameError> {
        let Some(resignation) = self.resignation else {
            return Err(GameError::NoResignation);
        };
        self.resignation = None;
        if accept {
            let winner = resignation.by.opponent();
            let seen = self.position_for(winner);
            self.legal.clear();
            let result = self.win(winner, resignation.level, Ending::Resignation, &seen);
            self.end(result);
        }
        Ok(())
    }
}
