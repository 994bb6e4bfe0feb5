//! The seats at a table: who plays each side (a person, or a bot: one of this crate's, or an
//! engine over UBGI, each a [`SharedBot`]), the person's side against a bot, whether people
//! sit at the table at all, and the bot that bears off for people. This part is the only
//! writer of them.

use crate::bot::{Bot, BotError, BotSpec};
use crate::engine::{RuleSet, Side};
use crate::record::{PlayerInfo, PlayerKind, name_for_bot};
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

/// Who plays a side: a person, or a bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// This bot.
    Bot(BotSpec),
}

impl Player {
    /// The kind of player a record keeps.
    #[must_use]
    pub fn kind(&self) -> PlayerKind {
        match self {
            Player::Human => PlayerKind::Human,
            Player::Bot(spec) => PlayerKind::Bot(spec.to_string()),
        }
    }
}

/// Who sits where.
pub struct Seats {
    /// Who plays each side now: the one place it is kept (the record names them from here).
    players: [Player; 2],
    /// Who was to play each side when the match was set up or taken up (an engine over
    /// UBGI among them, still starting then).
    first: [Player; 2],
    /// The names the players were given then.
    names: [String; 2],
    /// The bot at work at each side (`None`: a person): the player's, or one that took the
    /// side over for the rest of the game.
    bots: [Option<SharedBot>; 2],
    /// The bot that bears off for people: made once, when first asked for.
    finisher: Option<SharedBot>,
}

impl Default for Seats {
    fn default() -> Seats {
        Seats {
            players: [Player::Human, Player::Human],
            first: [Player::Human, Player::Human],
            names: ["White".to_string(), "Black".to_string()],
            bots: [None, None],
            finisher: None,
        }
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seats")
            .field("players", &self.players)
            .field("first", &self.first)
            .field("bots", &self.bots.each_ref().map(Option::is_some))
            .finish_non_exhaustive()
    }
}

impl Seats {
    /// These seats, with `first` as who was to play each side when the match was set up
    /// (an engine over UBGI still starting plays later): the person's side against a bot,
    /// and whether nobody sits at the table, follow from them.
    #[must_use]
    pub fn set_up_for(mut self, first: [Player; 2]) -> Seats {
        self.first = first;
        self
    }

    /// Who plays `side` now.
    #[must_use]
    pub const fn player(&self, side: Side) -> &Player {
        &self.players[side.index()]
    }

    /// A person plays `side` now (a bot may still play it for them: a side taken over).
    #[must_use]
    pub fn person_plays(&self, side: Side) -> bool {
        self.players[side.index()] == Player::Human
    }

    /// A person played `side` from the start (as the match was set up or taken up).
    #[must_use]
    pub fn person_first(&self, side: Side) -> bool {
        self.first[side.index()] == Player::Human
    }

    /// Who plays `side` as the record names them: the name given at the start while the
    /// player is the one of the start; a bot seated since by its own name; a person
    /// seated since at a bot's side by the side's colour.
    #[must_use]
    pub fn info(&self, side: Side) -> PlayerInfo {
        let player = &self.players[side.index()];
        let name = match player {
            _ if *player == self.first[side.index()] => self.names[side.index()].clone(),
            Player::Bot(spec) => name_for_bot(&spec.to_string()),
            Player::Human if self.person_first(side) => self.names[side.index()].clone(),
            Player::Human => side.to_string(),
        };
        PlayerInfo {
            name,
            kind: player.kind(),
        }
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
    /// from game to game by itself. A person who hands a side to a bot later still starts
    /// each next game.
    #[must_use]
    pub fn watching(&self) -> bool {
        self.first.iter().all(|p| matches!(p, Player::Bot(_)))
    }

    /// Seats `player` at `side`, `bot` at work for it (`None`: a person).
    pub(crate) fn place(&mut self, side: Side, player: Player, bot: Option<SharedBot>) {
        self.players[side.index()] = player;
        self.bots[side.index()] = bot;
    }

    /// Seats `bot` at `side` for the rest of the game, its player staying who they are (a
    /// side taken over).
    pub(crate) fn seat_stand_in(&mut self, side: Side, bot: SharedBot) {
        self.bots[side.index()] = Some(bot);
    }

    /// A new game: sides taken over go back to their people.
    pub(crate) fn send_stand_ins_away(&mut self) {
        for side in [Side::White, Side::Black] {
            if self.person_plays(side) {
                self.bots[side.index()] = None;
            }
        }
    }

    /// The person's side against a bot, as the match was set up: the board stays on that
    /// side, even while the person lets the computer play it.
    #[must_use]
    pub fn seat(&self) -> Option<Side> {
        match &self.first {
            [Player::Human, Player::Bot(_)] => Some(Side::White),
            [Player::Bot(_), Player::Human] => Some(Side::Black),
            _ => None,
        }
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
    /// The seats of a match: `players[side]` plays that side, each bot made for
    /// `rule_set` and seeded with [`side_seed`] of the match's `seed`; `names` the names
    /// they were given.
    ///
    /// # Errors
    /// [`BotError`] when a bot cannot be made (an engine that does not start, a bot that
    /// does not play the rule set).
    pub fn for_players(
        players: [Player; 2],
        names: [String; 2],
        seed: u64,
        rule_set: RuleSet,
    ) -> Result<Seats, BotError> {
        let bot_for = |side: Side| -> Result<Option<SharedBot>, BotError> {
            match &players[side.index()] {
                Player::Human => Ok(None),
                Player::Bot(spec) => {
                    let made = spec.make_for(side_seed(seed, side), rule_set)?;
                    Ok(Some(Arc::new(Mutex::new(made)) as SharedBot))
                }
            }
        };
        let bots = [bot_for(Side::White)?, bot_for(Side::Black)?];
        Ok(Seats {
            first: players.clone(),
            players,
            names,
            bots,
            finisher: None,
        })
    }
}
