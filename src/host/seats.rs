//! The seats at a table: who plays each side (a person, or a bot: one of this crate's, or an
//! engine over UBGI, each a [`SharedBot`]), the person's side against a bot, whether people
//! sit at the table at all, and the bot that bears off for people. This part is the only
//! writer of them.

use crate::bot::{Bot, BotError, BotSpec};
use crate::engine::{RuleSet, Side};
use std::sync::{Arc, Mutex};

/// A bot shared between the host and the thread that asks it.
pub type SharedBot = Arc<Mutex<Box<dyn Bot>>>;

/// The seed of the bot at `side` in a match seeded with `seed`: changed for each side, so
/// that two bots of one kind do not play alike. The one rule for it: every bot seated at a
/// side (the players', the take-over bots) is seeded so.
#[must_use]
pub const fn side_seed(seed: u64, side: Side) -> u64 {
    seed ^ (side.index() as u64 + 1)
}

/// Who sits where.
#[derive(Default)]
pub struct Seats {
    /// The bot playing each side (`None`: a person).
    bots: [Option<SharedBot>; 2],
    /// The bot that bears off for people: made once, when first asked for.
    finisher: Option<SharedBot>,
    /// The side of the one person against a bot when the match was set up: the board stays
    /// on that side, even while the person lets the computer play it.
    seat: Option<Side>,
    /// Bots played both sides from the start: nobody sits at the table, so a match goes on
    /// from game to game by itself. A person who hands a side to a bot later still starts
    /// each next game.
    watching: bool,
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seats")
            .field("bots", &self.bots.each_ref().map(Option::is_some))
            .field("seat", &self.seat)
            .field("watching", &self.watching)
            .finish_non_exhaustive()
    }
}

impl Seats {
    /// `bots` at the sides (`None`: a person), the person at `seat` (one person against a
    /// bot).
    #[must_use]
    pub const fn new(bots: [Option<SharedBot>; 2], seat: Option<Side>) -> Seats {
        let watching = bots[0].is_some() && bots[1].is_some();
        Seats {
            bots,
            finisher: None,
            seat,
            watching,
        }
    }

    /// These seats, arranged for bots at the sides `bots` says (some of them still to be
    /// seated: an engine starting meanwhile): the person's side against a bot, and whether
    /// nobody sits at the table, as [`Seats::new`] would have them with those bots.
    #[must_use]
    pub const fn arranged(mut self, bots: [bool; 2]) -> Seats {
        self.watching = bots[0] && bots[1];
        self.seat = match bots {
            [false, true] => Some(Side::White),
            [true, false] => Some(Side::Black),
            _ => None,
        };
        self
    }

    /// The bot playing `side`, if any.
    #[must_use]
    pub fn bot(&self, side: Side) -> Option<SharedBot> {
        self.bots[side.index()].clone()
    }

    /// A bot plays `side`.
    #[must_use]
    pub const fn has_bot(&self, side: Side) -> bool {
        self.bots[side.index()].is_some()
    }

    /// Bots play both sides.
    #[must_use]
    pub fn both_bots(&self) -> bool {
        self.bots.iter().all(Option::is_some)
    }

    /// Bots played both sides from the start (nobody sits at the table): the match goes
    /// from game to game by itself.
    #[must_use]
    pub const fn watching(&self) -> bool {
        self.watching
    }

    /// Seats `bot` at `side` (`None`: a person plays it).
    pub fn seat_bot(&mut self, side: Side, bot: Option<SharedBot>) {
        self.bots[side.index()] = bot;
    }

    /// The person's side against a bot, as the match was set up.
    #[must_use]
    pub const fn seat(&self) -> Option<Side> {
        self.seat
    }

    /// The first bot that has got into trouble (an engine that died): its side and why.
    #[must_use]
    pub fn trouble(&self) -> Option<(Side, String)> {
        [Side::White, Side::Black].into_iter().find_map(|side| {
            self.bots[side.index()]
                .as_ref()
                .and_then(|bot| {
                    bot.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .trouble()
                })
                .map(|why| (side, why))
        })
    }

    /// The bot that bears off for people, made by `make` the first time.
    pub fn finisher(&mut self, make: impl FnOnce() -> Option<SharedBot>) -> Option<SharedBot> {
        if self.finisher.is_none() {
            self.finisher = Some(make()?);
        }
        self.finisher.clone()
    }
}

impl Seats {
    /// The seats of a match: `bots[side]` plays that side (`None`: a person), each made
    /// for `rule_set` with the match's `seed` (changed for each side, so that two bots of
    /// one kind do not play alike); the person against a bot is seated at their side.
    ///
    /// # Errors
    /// [`BotError`] when a bot cannot be made (an engine that does not start, a bot that
    /// does not play the rule set).
    pub fn for_players(
        bots: [Option<&BotSpec>; 2],
        seed: u64,
        rule_set: RuleSet,
    ) -> Result<Seats, BotError> {
        let bot_for = |side: Side| -> Result<Option<SharedBot>, BotError> {
            bots[side.index()]
                .map(|spec| {
                    let made = spec.make_for(side_seed(seed, side), rule_set)?;
                    Ok(Arc::new(Mutex::new(made)) as SharedBot)
                })
                .transpose()
        };
        let made = [bot_for(Side::White)?, bot_for(Side::Black)?];
        let seat = match bots {
            [None, Some(_)] => Some(Side::White),
            [Some(_), None] => Some(Side::Black),
            _ => None,
        };
        Ok(Seats::new(made, seat))
    }
}
