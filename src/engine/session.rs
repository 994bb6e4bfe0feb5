//! A match to N points, or a money session of any number of games.

use super::cube::Cube;
use super::game::{Action, Game, GameError, Phase, SetupError};
use super::ids::{GameStateCode, MatchIdFields, match_id, position_id};
use super::position::Position;
use super::rules::{Rules, RulesError};
use super::scoring::Ending;
use super::scoring::GameResult;
use super::side::Side;
use serde::{Deserialize, Serialize};

/// Where a match stands with respect to the Crawford rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrawfordState {
    /// Nobody has yet reached one point from winning (or the rule is off, or money play).
    Before,
    /// This is the Crawford game: nobody may double.
    Crawford,
    /// The Crawford game has been played: the cube is used normally again.
    PostCrawford,
}

/// Why a match or session action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The action was refused by the game in progress.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The next game was asked for while this one is still being played.
    #[error("the game in progress has not ended")]
    GameNotOver,
    /// The match has a winner, or the money session was stopped.
    #[error("the match is over")]
    MatchOver,
}

/// A game set up at a position ([`MatchState::set_up`]): what the players see when it
/// starts, with the player on roll about to roll or double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSetup {
    /// The checkers, seen from the player on roll.
    pub position: Position,
    /// The player on roll.
    pub turn: Side,
    /// The cube.
    pub cube: Cube,
    /// The score (White's, Black's) as the game starts; zero in money play.
    pub score: [u32; 2],
    /// This is the Crawford game (a match with the Crawford rule, a player one point from
    /// winning); false there means the Crawford game has been played.
    pub crawford: bool,
}

impl GameSetup {
    /// A setup of `position` with `turn` on roll, the cube centred, no score, no Crawford
    /// game.
    #[must_use]
    pub const fn new(position: Position, turn: Side) -> GameSetup {
        GameSetup {
            position,
            turn,
            cube: Cube::CENTRED,
            score: [0, 0],
            crawford: false,
        }
    }
}

/// A match or money session: the rules, the score, the Crawford state and the game in
/// progress.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Action, Dice, MatchState, Rules, Side, format_play};
///
/// let mut m = MatchState::new(Rules::match_to(5)).unwrap();
/// m.apply(Action::OpeningRoll { white: 3, black: 1 }).unwrap();
/// let play = m.game().legal_plays()[0];
/// m.apply(Action::Play(play)).unwrap();
/// assert_eq!(m.game().turn(), Side::Black);
/// // Dice are values the caller supplies: from a seeded generator, a file or a test.
/// m.apply(Action::Roll(Dice::new(6, 5).unwrap())).unwrap();
/// assert!(m.game().legal_plays().iter().any(|p| format_play(p) == "24/13"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchState {
    rules: Rules,
    score: [u32; 2],
    crawford: CrawfordState,
    game: Game,
    results: Vec<GameResult>,
    stopped: bool,
}

impl MatchState {
    /// A new match or session, its first game waiting for the opening roll.
    ///
    /// # Errors
    /// [`RulesError`] when the options do not go together.
    pub fn new(rules: Rules) -> Result<MatchState, RulesError> {
        rules.validate()?;
        Ok(MatchState {
            rules,
            score: [0, 0],
            crawford: CrawfordState::Before,
            game: Game::new(rules, false)?,
            results: Vec::new(),
            stopped: false,
        })
    }

    /// A money session (its rules those of `game`) whose first game is `game`, as set up
    /// (for example by [`Game::from_position`]).
    ///
    /// # Errors
    /// [`RulesError`] when `game`'s rules are a match's: a match's score and Crawford state
    /// cannot be made up here.
    pub fn from_game(game: Game) -> Result<MatchState, RulesError> {
        let rules = *game.rules();
        rules.validate()?;
        if rules.match_length.is_some() {
            return Err(RulesError::NotMoney);
        }
        Ok(MatchState {
            rules,
            score: [0, 0],
            crawford: CrawfordState::Before,
            game,
            results: Vec::new(),
            stopped: false,
        })
    }

    /// Sets up the game in progress at a position of its rule set ([`GameSetup`]): the
    /// player on roll about to roll or double, the cube, the score and the Crawford game as
    /// `setup` says. A game that has ended is followed by a new game set up so; a game in
    /// progress is replaced. On error nothing changes.
    ///
    /// # Errors
    /// [`SetupError`] when the match is over, the position cannot occur in the game's rule
    /// set, the cube cannot be in the game, or the score or Crawford game cannot be in the
    /// match.
    pub fn set_up(&mut self, setup: &GameSetup) -> Result<(), SetupError> {
        if self.is_over() {
            return Err(SetupError::MatchOver);
        }
        let crawford_rule = self.rules.crawford && self.rules.rule_set.has_cube();
        let crawford = match self.rules.match_length {
            None => {
                if let Some(&score) = setup.score.iter().find(|&&s| s > 0) {
                    return Err(SetupError::Score {
                        score,
                        context: "money play".to_string(),
                    });
                }
                if setup.crawford {
                    return Err(SetupError::NotCrawford);
                }
                CrawfordState::Before
            }
            Some(n) => {
                if let Some(&score) = setup.score.iter().find(|&&s| s >= n) {
                    return Err(SetupError::Score {
                        score,
                        context: format!("a match to {n} points"),
                    });
                }
                let one_away = setup.score.contains(&(n - 1));
                match (one_away && crawford_rule, setup.crawford) {
                    (false, true) => return Err(SetupError::NotCrawford),
                    (false, false) => CrawfordState::Before,
                    (true, true) => CrawfordState::Crawford,
                    (true, false) => CrawfordState::PostCrawford,
                }
            }
        };
        // A finished game is in the results already: either way the set-up game is the
        // one after the results.
        let variant = self.rules.rule_set.variant_of_game(self.results.len());
        let game = Game::set_up(
            self.rules,
            variant,
            crawford == CrawfordState::Crawford,
            setup.position,
            setup.turn,
            setup.cube,
        )?;
        self.game = game;
        self.score = setup.score;
        self.crawford = crawford;
        Ok(())
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The game in progress (or the one just finished).
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The points `side` has won so far.
    #[must_use]
    pub const fn score(&self, side: Side) -> u32 {
        self.score[side.index()]
    }

    /// Points `side` still needs to win the match (`None` in money play).
    #[must_use]
    pub fn away(&self, side: Side) -> Option<u32> {
        self.rules
            .match_length
            .map(|n| n.saturating_sub(self.score(side)))
    }

    /// The Crawford state of the game in progress.
    #[must_use]
    pub const fn crawford(&self) -> CrawfordState {
        self.crawford
    }

    /// The results of the finished games, in order.
    #[must_use]
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// The number of the game in progress, from 1.
    #[must_use]
    pub fn game_number(&self) -> usize {
        self.results.len() + usize::from(self.game.result().is_none())
    }

    /// The winner of the match, once a player has reached the match length.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        let n = self.rules.match_length?;
        [Side::White, Side::Black]
            .into_iter()
            .find(|&s| self.score(s) >= n)
    }

    /// The match has a winner, or the money session has been stopped.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.stopped || self.winner().is_some()
    }

    /// Applies an action to the game in progress; when it ends the game, the score is
    /// updated. On error nothing changes.
    ///
    /// # Errors
    /// [`MatchError::MatchOver`] after the match, or the game's [`GameError`].
    pub fn apply(&mut self, action: Action) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        self.game.apply(action)?;
        if let Some(result) = self.game.result() {
            self.finish(result);
        }
        Ok(())
    }

    fn finish(&mut self, result: GameResult) {
        if let Some(winner) = result.winner {
            let score = &mut self.score[winner.index()];
            *score = score.saturating_add(result.points);
        }
        self.results.push(result);
        let Some(n) = self.rules.match_length else {
            return;
        };
        self.crawford = match self.crawford {
            _ if !self.rules.crawford || !self.rules.rule_set.has_cube() => CrawfordState::Before,
            CrawfordState::Before if self.score.contains(&(n - 1)) && self.winner().is_none() => {
                CrawfordState::Crawford
            }
            CrawfordState::Crawford => CrawfordState::PostCrawford,
            state => state,
        };
    }

    /// Starts the next game once the one in progress has ended.
    ///
    /// # Errors
    /// [`MatchError::GameNotOver`] while the game goes on, [`MatchError::MatchOver`] after
    /// the match.
    pub fn next_game(&mut self) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        if self.game.result().is_none() {
            return Err(MatchError::GameNotOver);
        }
        // In the Tavli games the winner of a game starts the next (after a draw, the opening
        // roll decides again).
        let starter = self.results.last().and_then(|r| r.winner);
        self.game = Game::start(
            self.rules,
            self.rules.rule_set.variant_of_game(self.results.len()),
            self.crawford == CrawfordState::Crawford,
            starter,
        );
        Ok(())
    }

    /// Ends a money session after the game in progress has ended (both players chose to
    /// stop).
    ///
    /// # Errors
    /// [`MatchError::GameNotOver`] while a game is being played.
    pub fn stop(&mut self) -> Result<(), MatchError> {
        if self.game.result().is_none() && self.game.phase() != Phase::Opening {
            return Err(MatchError::GameNotOver);
        }
        self.stopped = true;
        Ok(())
    }

    /// The fields of GNU Backgammon's Match ID for the game in progress. A beaver waiting for
    /// an answer (which the Match ID cannot say) shows as a redouble of the doubled cube, with
    /// the original doubler to answer.
    #[must_use]
    pub fn match_id_fields(&self) -> MatchIdFields {
        let game = &self.game;
        let cube = game.cube();
        let (cube_log, doubled) = match game.phase() {
            Phase::DoubleOffered => (cube.log2(), true),
            Phase::Beavered => (cube.log2() + 1, true),
            _ => (cube.log2(), false),
        };
        let game_state = match game.result().map(|r| r.ending) {
            None => GameStateCode::Playing,
            Some(Ending::BearOff | Ending::Mother | Ending::Draw | Ending::ActionLimit) => {
                GameStateCode::Over
            }
            Some(Ending::Resignation) => GameStateCode::Resigned,
            Some(Ending::Drop) => GameStateCode::Dropped,
        };
        MatchIdFields {
            cube_log: cube_log.min(15) as u8,
            cube_owner: cube.owner(),
            on_roll: game.turn(),
            crawford: game.is_crawford(),
            game_state,
            turn: game.to_act().unwrap_or(game.turn()),
            doubled,
            resigned: game.resignation().map_or(0, |r| r.level.multiplier() as u8),
            dice: game.dice(),
            match_length: self.rules.match_length.unwrap_or(0),
            score: [self.score(Side::White), self.score(Side::Black)],
            jacoby: self.rules.jacoby,
        }
    }

    /// GNU Backgammon's Match ID of the game in progress, where GNU Backgammon can play its
    /// rule set (backgammon, Portes, Jacquet).
    #[must_use]
    pub fn match_id(&self) -> Option<String> {
        self.game
            .variant()
            .has_position_id()
            .then(|| match_id(&self.match_id_fields()))
    }

    /// GNU Backgammon's Position ID of the game in progress, from the view of the player on
    /// roll, as GNU Backgammon shows it, where the Position ID can say the position
    /// (backgammon, Portes, Jacquet).
    #[must_use]
    pub fn position_id(&self) -> Option<String> {
        self.game
            .variant()
            .has_position_id()
            .then(|| position_id(self.game.position()))
    }
}
