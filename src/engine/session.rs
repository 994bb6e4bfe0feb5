//! A match to N points, or a money session of any number of games.

use super::game::{Action, Game, GameError};
use super::rules::{Rules, RulesError};
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

/// A match or money session: the rules, the score, the Crawford state and the game in
/// progress.
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
            game: Game::new(rules, false),
            results: Vec::new(),
            stopped: false,
        })
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
        self.score[result.winner.index()] += result.points;
        self.results.push(result);
        let Some(n) = self.rules.match_length else {
            return;
        };
        self.crawford = match self.crawford {
            _ if !self.rules.crawford => CrawfordState::Before,
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
        self.game = Game::new(self.rules, self.crawford == CrawfordState::Crawford);
        Ok(())
    }

    /// Ends a money session after the game in progress has ended (both players chose to
    /// stop).
    ///
    /// # Errors
    /// [`MatchError::GameNotOver`] while a game is being played.
    pub fn stop(&mut self) -> Result<(), MatchError> {
        if self.game.result().is_none() && self.game.phase() != super::game::Phase::Opening {
            return Err(MatchError::GameNotOver);
        }
        self.stopped = true;
        Ok(())
    }
}
