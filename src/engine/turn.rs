//! A turn played one checker move at a time, as a person moves checkers on a board.
//!
//! Only steps that belong to some legal complete play are accepted, so the rules on the
//! number of dice (use both, else the higher) hold while moving one checker at a time, in
//! whatever order the player moves them.

use super::dice::Dice;
use super::play::{Play, Step};
use super::position::{BAR, Position};
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
    /// Where it lands: 1-24, or 0 for off.
    pub to: u8,
    /// The ways there that end in different positions (one, unless for instance one way
    /// hits a blot on the way and the other does not).
    pub paths: Vec<Vec<DieStep>>,
}

/// Why a step was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// No die is left to play.
    #[error("no dice left: confirm the move")]
    NoDiceLeft,
    /// No checker of the player's stands there.
    #[error("no checker of yours to move from {0}")]
    NoChecker(String),
    /// The step does not belong to any legal play from here.
    #[error("{0}")]
    Illegal(String),
}

/// A turn in progress: the roll, the steps made so far and the dice left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnBuilder {
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

/// Where a point number is shown to a person.
fn spot_name(point: u8) -> String {
    match point {
        25 => "the bar".to_string(),
        0 => "off".to_string(),
        p => p.to_string(),
    }
}

/// The single checker moves by `die` the standard rules allow in `position` (bar first,
/// open landing point, bear-off only with every checker home, a higher die only from the
/// highest point), written plainly.
#[must_use]
pub fn single_steps(position: &Position, die: u8) -> Vec<Step> {
    let board = position.board();
    let d = usize::from(die);
    let mut steps = Vec::new();
    let open = |to: usize| board[to] >= -1;
    if board[BAR] > 0 {
        let to = BAR - d;
        if open(to) {
            steps.push(Step {
                from: BAR as u8,
                to: to as u8,
                hit: board[to] == -1,
            });
        }
        return steps;
    }
    let all_home = (7..=BAR).all(|p| board[p] <= 0);
    for from in (1..=24).rev() {
        if board[from] <= 0 {
            continue;
        }
        if from > d {
            let to = from - d;
            if open(to) {
                steps.push(Step {
                    from: from as u8,
                    to: to as u8,
                    hit: board[to] == -1,
                });
            }
        } else if all_home && (from == d || (from + 1..=6).all(|p| board[p] <= 0)) {
            steps.push(Step {
                from: from as u8,
                to: 0,
                hit: false,
            });
        }
    }
    steps
}

/// `position` after one step of its mover.
#[must_use]
pub fn after_step(position: &Position, step: Step) -> Position {
    let mut board = *position.board();
    board[usize::from(step.from)] -= 1;
    let to = usize::from(step.to);
    if to != 0 {
        if board[to] == -1 {
            board[to] = 0;
            board[0] -= 1;
        }
        board[to] += 1;
    }
    // A step keeps 15 checkers a side and one side per point.
    Position::from_board(board).unwrap_or(*position)
}

impl TurnBuilder {
    /// A turn of `dice` from `start`, whose legal plays are `legal` (as the engine lists them).
    #[must_use]
    pub fn new(start: Position, dice: Dice, legal: &[Play]) -> TurnBuilder {
        TurnBuilder {
            start,
            dice,
            legal: legal.to_vec(),
            finals: legal.iter().map(|p| *p.position()).collect(),
            needed: legal.first().map_or(0, Play::dice_used),
            made: Vec::new(),
            current: start,
        }
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
        let mut all: Vec<u8> = if self.dice.is_double() {
            vec![self.dice.high(); 4]
        } else {
            vec![self.dice.high(), self.dice.low()]
        };
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
            single_steps(position, die)
                .into_iter()
                .any(|step| self.can_finish(&after_step(position, step), &rest, to_go - 1, memo))
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
            for step in single_steps(&self.current, die) {
                let after = after_step(&self.current, step);
                if self.can_finish(&after, &rest, to_go - 1, &mut memo) {
                    next.push(DieStep { step, die });
                }
            }
        }
        next.sort();
        next
    }

    /// The points (25 for the bar) a checker may be moved from now.
    #[must_use]
    pub fn sources(&self) -> Vec<u8> {
        let set: BTreeSet<u8> = self.next_steps().iter().map(|s| s.step.from).collect();
        set.into_iter().rev().collect()
    }

    /// Where the checker on `from` can go, by one die or several in a row, and the ways
    /// there that lead to different positions.
    #[must_use]
    pub fn destinations(&self, from: u8) -> Vec<Destination> {
        let mut ways: Vec<(u8, Position, Vec<DieStep>)> = Vec::new();
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
        at: u8,
        position: &Position,
        dice: &[u8],
        to_go: usize,
        path: &mut Vec<DieStep>,
        ways: &mut Vec<(u8, Position, Vec<DieStep>)>,
        memo: &mut HashMap<(Position, Vec<u8>), bool>,
    ) {
        if to_go == 0 {
            return;
        }
        for (i, die) in Self::distinct(dice) {
            let rest = Self::without(dice, i);
            let Some(step) = single_steps(position, die)
                .into_iter()
                .find(|s| s.from == at)
            else {
                continue;
            };
            let after = after_step(position, step);
            if !self.can_finish(&after, &rest, to_go - 1, memo) {
                continue;
            }
            path.push(DieStep { step, die });
            if !ways.iter().any(|(to, p, _)| *to == step.to && *p == after) {
                ways.push((step.to, after, path.clone()));
            }
            if step.to != 0 {
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

    /// Moves the checker on `from` by `die` (25 = the bar).
    ///
    /// # Errors
    /// [`TurnError`] saying why not.
    pub fn move_by_die(&mut self, from: u8, die: u8) -> Result<DieStep, TurnError> {
        let to = if from == 25 {
            25 - die
        } else {
            from.saturating_sub(die)
        };
        self.step_by(from, to, Some(die))
    }

    /// Moves the checker on `from` to `to` (25 = the bar, 0 = off) with a die left that makes
    /// that step: the die of the distance first, and for a bear-off a higher one. This is how
    /// a play written as checker steps (a record, a `.mat` file) is followed.
    ///
    /// # Errors
    /// [`TurnError`] saying why not: no die left makes the step, or the rules' reason the
    /// last die tried cannot.
    pub fn step_to(&mut self, from: u8, to: u8) -> Result<DieStep, TurnError> {
        let distance = from.checked_sub(to).filter(|&d| d > 0);
        let mut dice = self.dice_left();
        dice.sort_unstable();
        dice.dedup();
        dice.retain(|&die| match distance {
            Some(d) => die == d || (to == 0 && die > d),
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
            let left: Vec<String> = self.dice_left().iter().map(u8::to_string).collect();
            TurnError::Illegal(format!("no die left ({}) makes that step", left.join(", ")))
        }))
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

    fn step_by(&mut self, from: u8, to: u8, die: Option<u8>) -> Result<DieStep, TurnError> {
        if self.moves_left() == 0 {
            return Err(TurnError::NoDiceLeft);
        }
        let board = self.current.board();
        if board.get(usize::from(from)).is_none_or(|&n| n <= 0) {
            return Err(TurnError::NoChecker(spot_name(from)));
        }
        let next = self.next_steps();
        let found = next.iter().find(|ds| {
            ds.step.from == from
                && (ds.step.to == to || (to == 0 && ds.step.to == 0))
                && die.is_none_or(|d| d == ds.die)
        });
        match found {
            Some(&ds) => {
                self.current = after_step(&self.current, ds.step);
                self.made.push(ds);
                Ok(ds)
            }
            None => Err(TurnError::Illegal(self.why_not(from, die))),
        }
    }

    /// A sentence saying why no legal step leaves `from` (with `die`, if given).
    fn why_not(&self, from: u8, die: Option<u8>) -> String {
        let board = self.current.board();
        if board[BAR] > 0 && from != 25 {
            return "a checker on the bar must enter first".to_string();
        }
        if let Some(d) = die {
            if !self.dice_left().contains(&d) {
                return format!("no {d} left to play");
            }
            let single = single_steps(&self.current, d);
            if !single.iter().any(|s| s.from == from) {
                let to = if from == 25 {
                    25 - d
                } else {
                    from.saturating_sub(d)
                };
                return if to == 0 {
                    format!("cannot bear off from {} with a {d}", spot_name(from))
                } else {
                    format!("{} is closed", spot_name(to))
                };
            }
        }
        if self.next_steps().iter().any(|ds| ds.step.from == from) {
            return format!(
                "that move from {} does not fit a legal play",
                spot_name(from)
            );
        }
        "that checker cannot move: the dice must be used elsewhere (as many as possible, the \
         higher if only one)"
            .to_string()
    }

    /// Takes back the last step; `None` when none was made.
    pub fn undo(&mut self) -> Option<DieStep> {
        let last = self.made.pop()?;
        let mut position = self.start;
        for ds in &self.made {
            position = after_step(&position, ds.step);
        }
        self.current = position;
        Some(last)
    }

    /// The play made, once every die that can be used has been: the legal play with the
    /// position reached (an empty play when nothing could be played).
    #[must_use]
    pub fn finished(&self) -> Option<Play> {
        if self.needed == 0 {
            return Some(Play::new(&[], self.start));
        }
        if self.made.len() != self.needed {
            return None;
        }
        self.legal
            .iter()
            .find(|p| *p.position() == self.current)
            .map(|p| {
                let steps: Vec<Step> = self.made.iter().map(|ds| ds.step).collect();
                Play::new(&steps, *p.position())
            })
    }

    /// The only legal play, when there is exactly one (a forced play).
    #[must_use]
    pub fn forced(&self) -> Option<Play> {
        match self.legal.as_slice() {
            [only] => Some(*only),
            [] => Some(Play::new(&[], self.start)),
            _ => None,
        }
    }
}
