//! The rule sets of single games: backgammon, Portes, Plakoto, Fevga and Jacquet.
//!
//! Everything that differs between them is owned by one type per rule set behind one trait
//! (as shakmaty does for chess variants), [`VariantRules`]: the start position, the route
//! (geometry), what a single checker move may do and what landing on a point does (hit, pin,
//! nothing, closed), the whole-play rules, the end of a game and its score, the opening and
//! the cube. [`Variant`] names a rule set
//! and hands out its rules ([`Variant::rules`]); code that does not care which rule set it
//! plays takes the trait. The step rules ([`VariantRules::step`] and
//! [`VariantRules::after_step_unchecked`]) are the single source of truth for checker moves: the
//! checker-by-checker [`TurnBuilder`](super::TurnBuilder) and the generic generator use
//! them, and the fast backgammon generator is checked against a plainly written reference
//! in the tests.

mod backgammon;
mod fast;
mod fevga;
#[cfg(test)]
mod generic;
mod plakoto;
mod steps;

pub use backgammon::{Backgammon, Jacquet, Portes};
pub use fevga::Fevga;
pub use plakoto::Plakoto;
pub use steps::follow_steps;

use super::dice::Dice;
use super::place::Place;
use super::play::{Play, Step};
use super::position::{Geometry, Position};
use super::scoring::{Ending, WinKind};
use serde::{Deserialize, Serialize};

/// How a game starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Each player rolls one die; the higher starts and plays the two dice rolled
    /// (backgammon, Jacquet).
    PlayTheOpeningDice,
    /// In the first game each player rolls one die and the higher starts by rolling both
    /// dice afresh; every later game is started by the winner of the one before (the Tavli
    /// games: assets/rules/README.md §2.1).
    StarterRolls,
}

/// How a play ended the game, judged from the view of the player who made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player who moved wins this much (before the cube).
    MoverWins(WinKind, Ending),
    /// The opponent wins this much.
    OpponentWins(WinKind, Ending),
    /// Nobody wins (Plakoto, both mothers pinned).
    Draw,
}

/// Why a position cannot occur in a rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A pinned checker outside Plakoto.
    #[error("{0} has no pinned checkers")]
    PinsNotAllowed(Variant),
    /// Checkers on a bar in a rule set that has none.
    #[error("{0} has no bar")]
    NoBar(Variant),
    /// The position's geometry is not the rule set's.
    #[error("the sides do not move the way they do in {0}")]
    WrongGeometry(Variant),
    /// Neither side has a legal play of any roll: the position stays as it is for ever, and
    /// no game played from it could end (both sides on the bar against closed boards).
    #[error(
        "neither side can ever move: no roll has a legal play for either side, so the game could never end"
    )]
    NobodyCanMove,
}

/// The rules of one rule set: one type per rule set implements it.
pub trait VariantRules: Sync {
    /// The rule set this is.
    fn variant(&self) -> Variant;

    /// The position at the start of a game (the same from either side's view).
    fn start(&self) -> Position;

    /// How the two sides' routes lie.
    fn geometry(&self) -> Geometry {
        Geometry::Opposed
    }

    /// The move of one checker of the mover from `from` (a point, or the bar) by `die`,
    /// if the step rules allow it now, with where it lands and whether it hits (or, in
    /// Plakoto, pins). Whole-play rules (as many dice as possible, Fevga's own-quarter and
    /// trapping rules) are not judged here.
    fn step(&self, position: &Position, from: Place, die: u8) -> Option<Step>;

    /// `position` after a step that [`VariantRules::step`] gave for it. (Use
    /// [`Variant::apply_step`] for a step from elsewhere.)
    ///
    /// # Panics
    /// May panic, or give a position that breaks the invariants, for a step that
    /// [`VariantRules::step`] did not give for `position`.
    fn after_step_unchecked(&self, position: &Position, step: Step) -> Position;

    /// Every legal play of `dice`, once per distinct resulting position, into `out`
    /// (cleared first). Empty when nothing can be played.
    fn legal_plays_into(&self, position: &Position, dice: Dice, out: &mut Vec<Play>);

    /// The doubling cube is used.
    fn has_cube(&self) -> bool {
        false
    }

    /// How a game starts.
    fn opening(&self) -> Opening {
        Opening::StarterRolls
    }

    /// Whether the play that led to `after` (seen from the player who made it) ended the
    /// game, and how.
    fn judge(&self, after: &Position) -> Option<Verdict> {
        after
            .mover_has_won()
            .then(|| Verdict::MoverWins(self.win_kind(after), Ending::BearOff))
    }

    /// What a win by bearing off is worth in `final_position` (seen from the winner).
    fn win_kind(&self, final_position: &Position) -> WinKind {
        if final_position.opponent_off() > 0 {
            WinKind::Single
        } else {
            WinKind::Gammon
        }
    }

    /// The most a resignation may offer.
    fn highest_win(&self) -> WinKind {
        WinKind::Gammon
    }

    /// Checks what this rule set adds to [`Position`]'s own invariants.
    ///
    /// # Errors
    /// [`VariantError`] naming what cannot occur in this rule set.
    fn check(&self, position: &Position) -> Result<(), VariantError> {
        let v = self.variant();
        if position.geometry() != self.geometry() {
            return Err(VariantError::WrongGeometry(v));
        }
        if position.has_pins() {
            return Err(VariantError::PinsNotAllowed(v));
        }
        Ok(())
    }
}

/// A rule set of a single game.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Standard backgammon (assets/rules/README.md §1).
    #[default]
    #[serde(alias = "standard")]
    Backgammon,
    /// Portes (§2.2): backgammon's moves, the Tavli games' opening and scoring, no cube.
    Portes,
    /// Plakoto (§2.3): pins instead of hits, the mother.
    Plakoto,
    /// Fevga (§2.4): both sides the same way round, no hitting, a single checker holds a
    /// point.
    Fevga,
    /// Jacquet (§2.6): every checker starts on the bar; then backgammon.
    Jacquet,
}

/// Why a name is not a rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?}: the rule sets are backgammon, portes, plakoto, fevga, jacquet")]
pub struct UnknownVariant(
    /// The text given, as it was (shown escaped).
    pub String,
);

impl Variant {
    /// Every rule set.
    pub const ALL: [Variant; 5] = [
        Variant::Backgammon,
        Variant::Portes,
        Variant::Plakoto,
        Variant::Fevga,
        Variant::Jacquet,
    ];

    /// The rules of this rule set.
    #[must_use]
    pub fn rules(self) -> &'static dyn VariantRules {
        match self {
            Variant::Backgammon => &Backgammon,
            Variant::Portes => &Portes,
            Variant::Plakoto => &Plakoto,
            Variant::Fevga => &Fevga,
            Variant::Jacquet => &Jacquet,
        }
    }

    /// The lower-case name (`backgammon`, `portes`, ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Backgammon => "backgammon",
            Variant::Portes => "portes",
            Variant::Plakoto => "plakoto",
            Variant::Fevga => "fevga",
            Variant::Jacquet => "jacquet",
        }
    }

    /// The position at the start of a game.
    #[must_use]
    pub fn start_position(self) -> Position {
        self.rules().start()
    }

    /// Every legal play of `dice` in `position`, once per distinct resulting position.
    #[must_use]
    pub fn legal_plays(self, position: &Position, dice: Dice) -> Vec<Play> {
        let mut out = Vec::with_capacity(32);
        self.rules().legal_plays_into(position, dice, &mut out);
        out
    }

    /// Moves the mover's checker on `from` by `die`, if the step rules allow it: the step
    /// and the position after it.
    #[must_use]
    pub fn apply_step(self, position: &Position, from: Place, die: u8) -> Option<(Step, Position)> {
        let rules = self.rules();
        let step = rules.step(position, from, die)?;
        Some((step, rules.after_step_unchecked(position, step)))
    }

    /// `position` after `step` (a step of a legal play), if the step rules allow that step
    /// by some die.
    #[must_use]
    pub fn after_step(self, position: &Position, step: Step) -> Option<Position> {
        let rules = self.rules();
        (1..=6)
            .any(|die| rules.step(position, step.from, die) == Some(step))
            .then(|| rules.after_step_unchecked(position, step))
    }

    /// Whether either side can ever move in `position` (seen from the player on roll): some
    /// roll has a legal play for one of them. When neither can, the position never changes
    /// and a game played from it never ends.
    #[must_use]
    pub fn someone_can_move(self, position: &Position) -> bool {
        let rules = self.rules();
        let mut plays = Vec::new();
        [*position, position.switched()].iter().any(|p| {
            (1..=6u8).any(|high| {
                (1..=high).any(|low| {
                    Dice::new(high, low).is_ok_and(|dice| {
                        rules.legal_plays_into(p, dice, &mut plays);
                        !plays.is_empty()
                    })
                })
            })
        })
    }

    /// Checks that a game can be played from `position`: that either side can ever move in
    /// it (see [`Variant::someone_can_move`]).
    ///
    /// # Errors
    /// [`VariantError::NobodyCanMove`].
    pub fn check_playable(self, position: &Position) -> Result<(), VariantError> {
        if self.someone_can_move(position) {
            Ok(())
        } else {
            Err(VariantError::NobodyCanMove)
        }
    }

    /// The variant is played with the doubling cube.
    #[must_use]
    pub fn has_cube(self) -> bool {
        self.rules().has_cube()
    }

    /// GNU Backgammon's Position ID can say this rule set's positions.
    #[must_use]
    pub const fn has_position_id(self) -> bool {
        matches!(
            self,
            Variant::Backgammon | Variant::Portes | Variant::Jacquet
        )
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Variant::Backgammon => "backgammon",
            Variant::Portes => "Portes",
            Variant::Plakoto => "Plakoto",
            Variant::Fevga => "Fevga",
            Variant::Jacquet => "Jacquet",
        })
    }
}

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownVariant(s.chars().take(40).collect()))
    }
}
