//! A turn played one checker move at a time, as a person moves checkers on a board.
//!
//! Only steps that belong to some legal complete play are accepted, so the rules on the
//! number of dice (use both, else the higher) and the rule set's whole-play rules hold while
//! moving one checker at a time, in whatever order the player moves them. The single checker
//! moves come from the rule set's step rules ([`super::VariantRules::step`]); this module has no
//! rules of its own.

use super::dice::Dice;
use super::game::Game;
use super::place::Place;
use super::play::{Play, Step};
use super::position::{BAR, Position};
use super::variant::{Variant, VariantError};
use std::collections::{BTreeSet, HashMap};

/// One step and the die it used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DieStep {
    /// The checker move.
    pub step: Step,
    /// The die it used (a bear-off may use a die higher than the distance).
    pub die: u8,
}

/// A place a picked-up checker can be moved to, and the ways to get there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// Where it lands: a point, or off.
    pub to: Place,
    /// The ways there that end in different positions (one, unless for instance one way
    /// hits a blot on the way and the other does not).
    pub paths: Vec<Vec<DieStep>>,
}

/// Where a checker on `from` lands moving `die` pips (off, where it goes past the 1-point).
fn landing(from: Place, die: u8) -> Place {
    Place::of(from.number().saturating_sub(die))
}

/// Why a step was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurnError {
    /// No die is left to play.
    #[error("no dice left: confirm the move")]
    NoDiceLeft,
    /// The steps given end before every die that can be played has been.
    #[error("the play is not finished: {made} of {needed} dice played")]
    Unfinished {
        /// Dice played.
        made: usize,
        /// Dice a legal play uses.
        needed: usize,
    },
    /// No checker of the player's stands there (or it is pinned).
    #[error("no checker of yours to move from {0}")]
    NoChecker(Place),
    /// The step does not belong to any legal play from here.
    #[error("{0}")]
    Illegal(IllegalStep),
}

/// Why a step from a checker of the player's does not belong to a legal play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalStep {
    /// A checker on the bar must enter before any other moves.
    #[error("a checker on the bar must enter first")]
    BarFirst,
    /// That number is not among the dice left.
    #[error("no {0} left to play")]
    NoSuchDie(u8),
    /// The die cannot bear that checker off.
    #[error("cannot bear off from {from} with a {die}")]
    CannotBearOff {
        /// Where the checker stands.
        from: Place,
        /// The die.
        die: u8,
    },
    /// The landing point is not open to the player.
    #[error("{0} is closed")]
    Closed(Place),
    /// Fevga's start rule: a checker has left the 24-point and none has passed the
    /// opponent's start yet.
    #[error(
        "Fevga's start rule: only one checker may leave your 24-point until one has passed \
         the opponent's start (your 12-point)"
    )]
    StartRule,
    /// Plakoto: the landing point holds the player's pinned checker under the opponent's.
    #[error("{0} is the opponent's: your checker lies pinned there")]
    PinnedThere(Place),
    /// The step is possible but leads to no legal play.
    #[error("that move from {0} does not fit a legal play")]
    DoesNotFit(Place),
    /// The dice must be used by other checkers.
    #[error(
        "that checker cannot move: the dice must be used elsewhere (as many as possible, the \
         higher if only one)"
    )]
    MustPlayElsewhere,
    /// No die left covers the distance of a step written as from and to.
    #[error("no die left ({}) makes that step", dice_list(.left))]
    NoDieMakesStep {
        /// The dice left.
        left: Vec<u8>,
    },
}

fn dice_list(dice: &[u8]) -> String {
    let texts: Vec<String> = dice.iter().map(u8::to_string).collect();
    texts.join(", ")
}

/// A turn in progress: the roll, the steps made so far and the dice left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnBuilder {
    variant: Variant,
    start: Position,
    dice: Dice,
    /// Final positions of the legal plays, and the plays.
    legal: Vec<Play>,
    finals: BTreeSet<Position>,
    /// Dice every legal play uses.
    needed: usize,
    made: Vec<DieStep>,
    current: Position,
}

impl TurnBuilder {
    /// A turn of `dice` from `start` under `variant`'s rules.
    ///
    /// # Errors
    /// [`VariantError`] when `start` cannot occur in the rule set.
    pub fn new(variant: Variant, start: Position, dice: Dice) -> Result<TurnBuilder, VariantError> {
        variant.rules().check(&start)?;
        Ok(TurnBuilder::with_legal(
            variant,
            start,
            dice,
            variant.legal_plays(&start, dice),
        ))
    }

    /// The turn of the roll waiting to be played in `game`, if one is.
    #[must_use]
    pub fn for_game(game: &Game) -> Option<TurnBuilder> {
        let dice = game.dice()?;
        Some(TurnBuilder::with_legal(
            game.variant(),
            *game.position(),
            dice,
            game.legal_plays().to_vec(),
        ))
    }

    fn with_legal(variant: Variant, start: Position, dice: Dice, legal: Vec<Play>) -> TurnBuilder {
        TurnBuilder {
            variant,
            start,
            dice,
            finals: legal.iter().map(|p| *p.position()).collect(),
            needed: legal.first().map_or(0, Play::dice_used),
            legal,
            made: Vec::new(),
            current: start,
        }
    }

    /// The rule set.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The single steps by `die` the rule set allows now.
    fn single_steps(&self, position: &Position, die: u8) -> Vec<Step> {
        let rules = self.variant.rules();
        (1..=BAR as u8)
            .rev()
            .filter_map(|from| rules.step(position, Place::of(from), die))
            .collect()
    }

    fn after(&self, position: &Position, step: Step) -> Position {
        self.variant.rules().after_step_unchecked(position, step)
    }

    /// The roll.
    #[must_use]
    pub const fn dice(&self) -> Dice {
        self.dice
    }

    /// The position after the steps made so far.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.current
    }

    /// The steps made so far.
    #[must_use]
    pub fn made(&self) -> &[DieStep] {
        &self.made
    }

    /// How many dice a legal play uses (0 when nothing can be played).
    #[must_use]
    pub const fn dice_needed(&self) -> usize {
        self.needed
    }

    /// The dice not yet used (a double counts four), in the order they would be used.
    #[must_use]
    pub fn dice_left(&self) -> Vec<u8> {
        let mut all = self.dice.played();
        for made in &self.made {
            if let Some(i) = all.iter().position(|&d| d == made.die) {
                all.remove(i);
            }
        }
        all
    }

    /// How many more dice the player must play.
    #[must_use]
    pub fn moves_left(&self) -> usize {
        self.needed.saturating_sub(self.made.len())
    }

    /// Whether some legal play can still be reached from `position` with `dice` left and
    /// `to_go` more moves to make (memoized: the same position comes up by many orders).
    fn can_finish(
        &self,
        position: &Position,
        dice: &[u8],
        to_go: usize,
        memo: &mut HashMap<(Position, Vec<u8>), bool>,
    ) -> bool {
        if to_go == 0 {
            return self.finals.contains(position);
        }
        let key = (*position, dice.to_vec());
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let answer = Self::distinct(dice).any(|(i, die)| {
            let rest = Self::without(dice, i);
            self.single_steps(position, die)
                .into_iter()
                .any(|step| self.can_finish(&self.after(position, step), &rest, to_go - 1, memo))
        });
        memo.insert(key, answer);
        answer
    }

    /// The distinct dice in `dice`, each with the index of its first occurrence.
    fn distinct(dice: &[u8]) -> impl Iterator<Item = (usize, u8)> + '_ {
        dice.iter()
            .enumerate()
            .filter(|&(i, d)| !dice[..i].contains(d))
            .map(|(i, &d)| (i, d))
    }

    fn without(dice: &[u8], i: usize) -> Vec<u8> {
        let mut rest = dice.to_vec();
        rest.remove(i);
        rest
    }

    /// The steps that may be made next, each in at least one way to finish the turn.
    #[must_use]
    pub fn next_steps(&self) -> Vec<DieStep> {
        let to_go = self.moves_left();
        if to_go == 0 {
            return Vec::new();
        }
        let dice = self.dice_left();
        let mut memo = HashMap::new();
        let mut next = Vec::new();
        for (i, die) in Self::distinct(&dice) {
            let rest = Self::without(&dice, i);
            for step in self.single_steps(&self.current, die) {
                let after = self.after(&self.current, step);
                if self.can_finish(&after, &rest, to_go - 1, &mut memo) {
                    next.push(DieStep { step, die });
                }
            }
        }
        next.sort();
        next
    }

    /// The places (points, or the bar) a checker may be moved from now, highest first.
    #[must_use]
    pub fn sources(&self) -> Vec<Place> {
        let set: BTreeSet<Place> = self.next_steps().iter().map(|s| s.step.from).collect();
        set.into_iter().rev().collect()
    }

    /// Where the checker on `from` can go, by one die or several in a row, and the ways
    /// there that lead to different positions.
    #[must_use]
    pub fn destinations(&self, from: Place) -> Vec<Destination> {
        let mut ways: Vec<(Place, Position, Vec<DieStep>)> = Vec::new();
        let mut memo = HashMap::new();
        let mut path = Vec::new();
        self.walk(
            from,
            &self.current,
            &self.dice_left(),
            self.moves_left(),
            &mut path,
            &mut ways,
            &mut memo,
        );
        let mut destinations: Vec<Destination> = Vec::new();
        for (to, _, path) in ways {
            match destinations.iter_mut().find(|d| d.to == to) {
                Some(d) => d.paths.push(path),
                None => destinations.push(Destination {
                    to,
                    paths: vec![path],
                }),
            }
        }
        for d in &mut destinations {
            // The shortest way first (fewest dice), then the one that hits.
            d.paths
                .sort_by_key(|p| (p.len(), !p.iter().any(|s| s.step.hit)));
        }
        destinations.sort_by_key(|d| std::cmp::Reverse(d.to));
        destinations
    }

    /// Moves the checker on `at` on and on, recording every landing from which the turn can
    /// still be finished.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        at: Place,
        position: &Position,
        dice: &[u8],
        to_go: usize,
        path: &mut Vec<DieStep>,
        ways: &mut Vec<(Place, Position, Vec<DieStep>)>,
        memo: &mut HashMap<(Position, Vec<u8>), bool>,
    ) {
        if to_go == 0 {
            return;
        }
        for (i, die) in Self::distinct(dice) {
            let rest = Self::without(dice, i);
            let Some(step) = self.variant.rules().step(position, at, die) else {
                continue;
            };
            let after = self.after(position, step);
            if !self.can_finish(&after, &rest, to_go - 1, memo) {
                continue;
            }
            path.push(DieStep { step, die });
            if !ways.iter().any(|(to, p, _)| *to == step.to && *p == after) {
                ways.push((step.to, after, path.clone()));
            }
            if !step.to.is_off() {
                self.walk(step.to, &after, &rest, to_go - 1, path, ways, memo);
            }
            path.pop();
        }
    }

    /// Makes one step.
    ///
    /// # Errors
    /// [`TurnError`] saying why the step is not part of any legal play from here.
    pub fn step(&mut self, step: DieStep) -> Result<(), TurnError> {
        self.step_by(step.step.from, step.step.to, Some(step.die))
            .map(|_| ())
    }

    /// Moves the checker on `from` by `die`.
    ///
    /// # Errors
    /// [`TurnError`] saying why not.
    pub fn move_by_die(&mut self, from: Place, die: u8) -> Result<DieStep, TurnError> {
        self.step_by(from, landing(from, die), Some(die))
    }

    /// Moves the checker on `from` to `to` with a die left that makes
    /// that step: the die of the distance first, and for a bear-off a higher one. This is how
    /// a play written as checker steps (a record, a `.mat` file) is followed.
    ///
    /// # Errors
    /// [`TurnError`] saying why not: no die left makes the step, or the rules' reason the
    /// last die tried cannot.
    pub fn step_to(&mut self, from: Place, to: Place) -> Result<DieStep, TurnError> {
        let distance = from.number().checked_sub(to.number()).filter(|&d| d > 0);
        let mut dice = self.dice_left();
        dice.sort_unstable();
        dice.dedup();
        dice.retain(|&die| match distance {
            Some(d) => die == d || (to.is_off() && die > d),
            None => false,
        });
        let mut last_error = None;
        for die in dice {
            match self.step_by(from, to, Some(die)) {
                Ok(made) => return Ok(made),
                Err(e) => last_error = Some(e),
            }
        }
        Err(last_error.unwrap_or_else(|| {
            TurnError::Illegal(IllegalStep::NoDieMakesStep {
                left: self.dice_left(),
            })
        }))
    }

    /// Follows a play written as checker steps `(from, to)` (a record, a `.mat` file), each
    /// as [`TurnBuilder::step_to`] does, and gives the finished legal play.
    ///
    /// # Errors
    /// [`TurnError`] for the first step that cannot be made, or
    /// [`TurnError::Unfinished`] when dice are left.
    pub fn play_steps(&mut self, steps: &[(Place, Place)]) -> Result<Play, TurnError> {
        for &(from, to) in steps {
            self.step_to(from, to)?;
        }
        self.finished().ok_or(TurnError::Unfinished {
            made: self.made.len(),
            needed: self.needed,
        })
    }

    /// Makes the steps of a path, as given by [`TurnBuilder::destinations`].
    ///
    /// # Errors
    /// [`TurnError`] when a step is not legal; then nothing is made.
    pub fn follow(&mut self, path: &[DieStep]) -> Result<(), TurnError> {
        let before = self.clone();
        for ds in path {
            if let Err(e) = self.step(*ds) {
                *self = before;
                return Err(e);
            }
        }
        Ok(())
    }

    fn step_by(&mut self, from: Place, to: Place, die: Option<u8>) -> Result<DieStep, TurnError> {
        if self.moves_left() == 0 {
            return Err(TurnError::NoDiceLeft);
        }
        if from.is_off() || self.current.board()[from.index()] <= 0 {
            return Err(TurnError::NoChecker(from));
        }
        let next = self.next_steps();
        let found = next
            .iter()
            .find(|ds| ds.step.from == from && ds.step.to == to && die.is_none_or(|d| d == ds.die));
        match found {
            Some(&ds) => {
                self.current = self.after(&self.current, ds.step);
                self.made.push(ds);
                Ok(ds)
            }
            None => Err(TurnError::Illegal(self.why_not(from, die))),
        }
    }

    /// Why no legal step leaves `from` (with `die`, if given).
    fn why_not(&self, from: Place, die: Option<u8>) -> IllegalStep {
        if self.current.board()[BAR] > 0 && !from.is_bar() {
            return IllegalStep::BarFirst;
        }
        if let Some(d) = die {
            if !self.dice_left().contains(&d) {
                return IllegalStep::NoSuchDie(d);
            }
            if self.variant.rules().step(&self.current, from, d).is_none() {
                let to = landing(from, d);
                let board = self.current.board();
                if self.variant == Variant::Fevga
                    && from.number() == 24
                    && board[24] > 0
                    && board[24] < 15
                    && self.current.mover_off() == 0
                    && (1..=11).all(|p| board[p] <= 0)
                {
                    return IllegalStep::StartRule;
                }
                if self.variant == Variant::Plakoto
                    && !to.is_off()
                    && board[to.index()] < 0
                    && self.current.is_pinned(to.index())
                {
                    return IllegalStep::PinnedThere(to);
                }
                return if to.is_off() {
                    IllegalStep::CannotBearOff { from, die: d }
                } else {
                    IllegalStep::Closed(to)
                };
            }
        }
        if self.next_steps().iter().any(|ds| ds.step.from == from) {
            return IllegalStep::DoesNotFit(from);
        }
        IllegalStep::MustPlayElsewhere
    }

    /// Takes back the last step; `None` when none was made.
    pub fn undo(&mut self) -> Option<DieStep> {
        let last = self.made.pop()?;
        let mut position = self.start;
        for ds in &self.made {
            position = self.after(&position, ds.step);
        }
        self.current = position;
        Some(last)
    }

    /// The play made, once every die that can be used has been: the legal play with the
    /// position reached (an empty play when nothing could be played).
    #[must_use]
    pub fn finished(&self) -> Option<Play> {
        if self.needed == 0 {
            return Some(Play::empty(self.start));
        }
        if self.made.len() != self.needed {
            return None;
        }
        self.legal
            .iter()
            .find(|p| *p.position() == self.current)
            .and_then(|p| {
                let steps: Vec<Step> = self.made.iter().map(|ds| ds.step).collect();
                Play::new(&steps, *p.position()).ok()
            })
    }

    /// The only legal play, when there is exactly one (a forced play).
    #[must_use]
    pub fn forced(&self) -> Option<Play> {
        match self.legal.as_slice() {
            [only] => Some(*only),
            [] => Some(Play::empty(self.start)),
            _ => None,
        }
    }
}
