//! The `expert` bot: a neural evaluator trained in this project by self-play.
//!
//! Two nets (one for positions with contact, one for races; their inputs and layers are in
//! the modules `encode` and `net`, public with the `lab` feature) give the chances of the player on roll to win, win a gammon,
//! win a backgammon, lose a gammon and lose a backgammon. The bot plays the legal play with
//! the best cubeless equity after it: at 0-ply from the nets directly, at 1-ply as the mean
//! over the opponent's 21 rolls of the position after the opponent's best reply, at 2-ply
//! one roll deeper again, with GNU Backgammon's move filters between the depths (see
//! [`ExpertBot::rank`]).
//!
//! Backgammon's nets (which also play Portes, valued with its scoring) ship in
//! `assets/expert.bgnet`, Jacquet's (backgammon's trained on in Jacquet's games) in
//! `assets/jacquet.bgnet`, Plakoto's in `assets/plakoto.bgnet` and Fevga's in
//! `assets/fevga.bgnet` (the format is in the module `format`), embedded in the program
//! with `include_bytes!` and read (checked) on first use. One bot holds the nets of every rule
//! set it plays and takes those of the game in hand.

pub mod bearoff;
pub mod close_cube;
pub mod cube;
mod cubeful;
pub use cubeful::money_cubeful;
pub(crate) use cubeful::{CubefulDecision, decision_from_chances};
pub(crate) mod luck;
pub mod met;
mod outputs;
mod playout;
mod prune;
pub mod rollouts;
pub mod tavli;
// The nets' insides (their inputs, evaluation and file format) and their training are the
// workshop's: public only with the `lab` feature (`bg-lab`).
crate::public_with!("lab", encode);
crate::public_with!("lab", eval);
crate::public_with!("lab", format);
crate::public_with!("lab", incremental);
crate::public_with!("lab", net);
#[cfg(feature = "lab")]
pub mod supervised;
#[cfg(feature = "lab")]
pub mod train;

pub use eval::equity;
pub use format::{NetFileError, Nets};
pub use net::{LOSE_BACKGAMMON, LOSE_GAMMON, OUTPUTS, Probs, WIN, WIN_BACKGAMMON, WIN_GAMMON};
pub use outputs::Chances;

use super::{Bot, BotError, DoubleAnswer, ScoredPlay, certain_loss_in, unranked};
use crate::engine::{
    CrawfordState, Dice, MatchState, Phase, Play, Position, RuleSet, Variant, WinKind,
};
use eval::{Buffers, after_play, evaluate, flip, scored_in, verdict_after};
use format::nets_variant;
use std::sync::{Arc, OnceLock};

/// The shipped nets of backgammon, Jacquet, Plakoto and Fevga, as built into the program.
static EMBEDDED: [(Variant, &[u8]); 4] = [
    (
        Variant::Backgammon,
        include_bytes!("../../assets/expert.bgnet"),
    ),
    (
        Variant::Jacquet,
        include_bytes!("../../assets/jacquet.bgnet"),
    ),
    (
        Variant::Plakoto,
        include_bytes!("../../assets/plakoto.bgnet"),
    ),
    (Variant::Fevga, include_bytes!("../../assets/fevga.bgnet")),
];

/// The bytes of every shipped nets file, as built into the program (what identifies the
/// nets an analysis was made with).
pub(crate) fn shipped_nets_bytes() -> impl Iterator<Item = &'static [u8]> {
    EMBEDDED.iter().map(|(_, bytes)| *bytes)
}

/// The pruning nets of backgammon's rollouts (`assets/prune.bgnet`: a raw contact net of 32
/// hidden units, taught by the shipped nets; see [`rollouts::RolloutSettings::prune`]), read
/// once.
///
/// # Errors
/// [`BotError::Nets`] when the embedded file does not read (a build with a damaged asset).
pub fn shipped_pruner() -> Result<Arc<Nets>, BotError> {
    static PRUNER: OnceLock<Result<Arc<Nets>, format::NetFileError>> = OnceLock::new();
    PRUNER
        .get_or_init(|| {
            format::from_bytes(
                include_bytes!("../../assets/prune.bgnet"),
                Variant::Backgammon,
            )
            .map(Arc::new)
        })
        .clone()
        .map_err(|error| BotError::Nets {
            variant: Variant::Backgammon,
            error,
        })
}

/// The shipped backgammon nets, read once.
///
/// # Errors
/// [`BotError::Nets`] when the embedded file does not read (a build with a damaged asset).
pub fn shipped_nets() -> Result<Arc<Nets>, BotError> {
    shipped_nets_for(Variant::Backgammon)
}

/// The shipped nets that play `variant` (backgammon's for Portes), read once.
///
/// # Errors
/// [`BotError::Nets`] when the embedded file does not read (a build with a damaged asset).
pub fn shipped_nets_for(variant: Variant) -> Result<Arc<Nets>, BotError> {
    type Loaded = OnceLock<Result<Arc<Nets>, format::NetFileError>>;
    static NETS: [Loaded; 4] = [const { OnceLock::new() }; 4];
    let want = nets_variant(variant);
    let i = EMBEDDED
        .iter()
        .position(|(v, _)| *v == want)
        .unwrap_or_default();
    NETS[i]
        .get_or_init(|| format::from_bytes(EMBEDDED[i].1, want).map(Arc::new))
        .clone()
        .map_err(|error| BotError::Nets {
            variant: want,
            error,
        })
}

/// The largest nets file the program reads ([`read_nets_file_bytes`]: `expert@FILE`,
/// `train --resume` and `--from`), in bytes; nets of the largest sizes allowed are about
/// 9 MB, a checkpoint of 512 hidden units about half a megabyte.
pub const MAX_NETS_FILE_BYTES: u64 = 16 << 20;

/// The nets of the file at `path` (any rule set's: the file names its own), read once per
/// process: later calls with the same path get the nets first read, so a checkpoint that a
/// training run rewrites meanwhile does not change a bot-match halfway. Only a regular file is
/// read (a FIFO is refused without waiting for a writer).
///
/// # Errors
/// [`BotError::NetsFile`] when the file cannot be read, is larger than
/// [`MAX_NETS_FILE_BYTES`] or is not a whole nets file of this program's sizes.
pub fn nets_from_file(path: &std::path::Path) -> Result<Arc<Nets>, BotError> {
    type Cache = std::sync::Mutex<Vec<(std::path::PathBuf, Arc<Nets>)>>;
    static READ: Cache = std::sync::Mutex::new(Vec::new());
    let cached = |cache: &[(std::path::PathBuf, Arc<Nets>)]| {
        cache
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, nets)| Arc::clone(nets))
    };
    if let Some(nets) = cached(
        &READ
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    ) {
        return Ok(nets);
    }
    let nets = read_nets_file_bytes(path)
        .and_then(|bytes| format::from_bytes_any(&bytes).map_err(NetsFileProblem::NotNets))
        .map(Arc::new)
        .map_err(|problem| BotError::NetsFile {
            path: crate::printable::printable(&path.display().to_string(), 200),
            problem,
        })?;
    let mut cache = READ
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(first) = cached(&cache) {
        return Ok(first);
    }
    cache.push((path.to_path_buf(), Arc::clone(&nets)));
    Ok(nets)
}

/// The bytes of the nets file at `path`: a regular file (a FIFO is refused without waiting
/// for a writer) of at most [`MAX_NETS_FILE_BYTES`].
///
/// # Errors
/// [`NetsFileProblem::Unreadable`] or [`NetsFileProblem::TooLarge`].
pub fn read_nets_file_bytes(path: &std::path::Path) -> Result<Vec<u8>, NetsFileProblem> {
    use std::io::Read;
    let file = crate::regular_file::open(path).map_err(NetsFileProblem::Unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_NETS_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(NetsFileProblem::Unreadable)?;
    if bytes.len() as u64 > MAX_NETS_FILE_BYTES {
        return Err(NetsFileProblem::TooLarge);
    }
    Ok(bytes)
}

/// What is wrong with a nets file named by `expert@FILE` ([`nets_from_file`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NetsFileProblem {
    /// It cannot be opened or read, or is not a regular file (what the system said).
    #[error("{0}")]
    Unreadable(#[source] std::io::Error),
    /// It is larger than [`MAX_NETS_FILE_BYTES`].
    #[error("larger than {MAX_NETS_FILE_BYTES} bytes, not a nets file")]
    TooLarge,
    /// It reads, but is not a whole nets file of this program's sizes.
    #[error("{0}")]
    NotNets(#[source] format::NetFileError),
}

/// Reads a backgammon nets file with this program's input sizes.
///
/// # Errors
/// [`format::NetFileError`] for a damaged, truncated or foreign file.
pub fn read_nets(bytes: &[u8]) -> Result<Nets, format::NetFileError> {
    format::from_bytes(bytes, Variant::Backgammon)
}

/// The 21 distinct rolls and how many of the 36 each stands for.
fn rolls() -> impl Iterator<Item = (Dice, f32)> {
    (1..=6u8).flat_map(|a| {
        (a..=6u8).filter_map(move |b| {
            Dice::new(a, b)
                .ok()
                .map(|d| (d, if a == b { 1.0 } else { 2.0 }))
        })
    })
}

/// The deepest look-ahead: 3-ply (for hints and analysis; the bots play at most 2-ply, the
/// default).
pub const MAX_PLY: u8 = 3;

/// The move filter before a 1-ply look: the 0-ply pass keeps at most this many plays ...
const ONE_PLY_KEEP: usize = 8;
/// ... and only those within this much cubeless equity of the 0-ply best (GNU Backgammon's
/// default filter keeps 8 within 0.16).
const ONE_PLY_WINDOW: f32 = 0.16;
/// The move filter before a 2-ply look: the 1-ply pass keeps at most this many plays ...
const TWO_PLY_KEEP: usize = 3;
/// ... within this much of the 1-ply best.
const TWO_PLY_WINDOW: f32 = 0.06;
/// In a race (a bear-off above all), where 1-ply misjudges plays by more and there are few
/// of them, the 2-ply look takes at most this many ...
const TWO_PLY_RACE_KEEP: usize = 6;
/// ... within this much of the 1-ply best (a 1-ply window of 0.06 once dropped the best
/// bear-off play, which lost 0.26).
const TWO_PLY_RACE_WINDOW: f32 = 0.16;
/// The move filter before a 3-ply look: the 2-ply pass keeps at most this many plays ...
const THREE_PLY_KEEP: usize = 2;
/// ... within this much of the 2-ply best (GNU Backgammon's 3-ply filter keeps 2 within
/// 0.04) ...
const THREE_PLY_WINDOW: f32 = 0.04;
/// ... and in a race at most this many within this much.
const THREE_PLY_RACE_KEEP: usize = 3;
/// See [`THREE_PLY_RACE_KEEP`].
const THREE_PLY_RACE_WINDOW: f32 = 0.08;

/// The advisor's filter before the 1- and 2-ply looks keeps at most this many plays ...
const ADVICE_KEEP: usize = 16;
/// ... within this much of the best (GNU Backgammon's analysis filter, "large").
const ADVICE_WINDOW: f32 = 0.32;
/// The advisor's filter before a 3-ply look keeps at most this many plays ...
const ADVICE_THREE_PLY_KEEP: usize = 4;
/// ... within this much of the 2-ply best.
const ADVICE_THREE_PLY_WINDOW: f32 = 0.08;

/// The move filters between the depths of a decision: before the 1-, 2- and 3-ply looks,
/// the plays kept from the depth before, at most `most` of them within `window` of cubeless
/// equity of its best, as `(most, window)`; a race (a bear-off above all) has filters of its
/// own. [`ExpertBot::rank`] decides with [`MoveFilter::EXPERT`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveFilter {
    /// Before the 1-, 2- and 3-ply looks, with contact.
    pub contact: [(usize, f32); 3],
    /// Before the 1-, 2- and 3-ply looks, in a race.
    pub race: [(usize, f32); 3],
}

impl MoveFilter {
    /// The advisor's filters (hints, tutor, analysis): GNU Backgammon's analysis filter
    /// ("large"), 16 within 0.32 before 1-ply, the same again before 2-ply (GNU Backgammon
    /// goes from 0-ply straight to 2-ply), 4 within 0.08 before 3-ply; the same in a race.
    /// Wider than [`MoveFilter::EXPERT`], so that advice sees the plays the bot's faster
    /// filters cut.
    pub const ADVICE: MoveFilter = MoveFilter {
        contact: [
            (ADVICE_KEEP, ADVICE_WINDOW),
            (ADVICE_KEEP, ADVICE_WINDOW),
            (ADVICE_THREE_PLY_KEEP, ADVICE_THREE_PLY_WINDOW),
        ],
        race: [
            (ADVICE_KEEP, ADVICE_WINDOW),
            (ADVICE_KEEP, ADVICE_WINDOW),
            (ADVICE_THREE_PLY_KEEP, ADVICE_THREE_PLY_WINDOW),
        ],
    };

    /// The expert's filters: 8 within 0.16 before 1-ply, 3 within 0.06 (a race: 6 within
    /// 0.16) before 2-ply, 2 within 0.04 (a race: 3 within 0.08) before 3-ply.
    pub const EXPERT: MoveFilter = MoveFilter {
        contact: [
            (ONE_PLY_KEEP, ONE_PLY_WINDOW),
            (TWO_PLY_KEEP, TWO_PLY_WINDOW),
            (THREE_PLY_KEEP, THREE_PLY_WINDOW),
        ],
        race: [
            (ONE_PLY_KEEP, ONE_PLY_WINDOW),
            (TWO_PLY_RACE_KEEP, TWO_PLY_RACE_WINDOW),
            (THREE_PLY_RACE_KEEP, THREE_PLY_RACE_WINDOW),
        ],
    };
}

/// A play with the chances after it for the player who makes it, its value, and the depth
/// (0 to 3 plies) they were judged at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankedPlay {
    /// The play.
    pub play: Play,
    /// The chances of the player who makes it.
    pub chances: Probs,
    /// The look-ahead that judged it.
    pub ply: u8,
    /// What the bot ranks by, for the player who makes it: with a cube in play
    /// ([`ExpertBot::cube`]) the cubeful value (match-winning chances in a match, equity per
    /// unit of the cube in money play); without, [`ExpertBot::score`] of the chances.
    pub value: f32,
    /// The value as a normalised money equity (EMG: +1 a single game won at the present
    /// cube); in money play the value itself.
    pub emg: f32,
    /// The cubeless value of the chances in money-game units ([`ExpertBot::money_equivalent`]):
    /// what the move filters compare (their windows were set on it).
    pub cubeless: f32,
}

impl RankedPlay {
    /// The cubeless equity after the play, for the player who makes it.
    #[must_use]
    pub fn equity(&self) -> f32 {
        equity(&self.chances)
    }
}

/// Sorts best first by value.
fn sort_ranked(ranked: &mut [RankedPlay]) {
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
}

/// The expert bot.
#[derive(Debug, Clone)]
pub struct ExpertBot {
    name: &'static str,
    /// The nets of the rule set in hand.
    nets: Arc<Nets>,
    /// Every rule set's nets the bot has (at most one each).
    shelf: Vec<Arc<Nets>>,
    /// The rule set in hand: its scoring values the chances.
    variant: Variant,
    /// How chances are valued: points per game, or match-winning chances in a match.
    scale: Scale,
    /// The cube and score plays are ranked under (cubeful), when the game in hand uses the
    /// cube; `None`: cubeless.
    cube: Option<cube::CubeInfo>,
    buf: Buffers,
    ply: u8,
    plays: Vec<Vec<Play>>,
    /// Close cube decisions are settled by a rollout, so (`None`: by the look-ahead alone).
    close_rollouts: Option<close_cube::CloseRollouts>,
    /// The pruning nets that pick the replies the look-ahead values ([`ExpertBot::prune_replies`]),
    /// with their buffers and the plays they keep; `None`: every reply is valued.
    reply_pruner: Option<(prune::Pruner, Vec<Play>)>,
}

/// The score of the game in progress in match `m` for `me`, when `m` is a match scored by
/// single, double and triple games (not Tavli's cycle, not Schmidt scoring).
fn match_scale(m: &MatchState, me: crate::engine::Side) -> Option<met::MatchScale> {
    let rules = m.rules();
    if rules.schmidt || rules.rule_set == RuleSet::Tavli {
        return None;
    }
    Some(met::MatchScale {
        away: (m.away(me)?, m.away(me.opponent())?),
        cube: m.game().cube().value(),
        post_crawford: !rules.crawford || m.crawford() != CrawfordState::Before,
    })
}

/// How the bot values the chances of a game.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Scale {
    /// Points per game: money play, and a position judged with no match around it.
    Money,
    /// A Tavli match: the points the player deciding needs and its opponent needs, and the
    /// next game of the cycle, valued by the Tavli match equity table ([`tavli`]).
    Tavli {
        /// Points away: the player deciding, then its opponent.
        away: (u32, u32),
        /// The next game of the match, from 1.
        next: usize,
    },
    /// Any other match, valued by the match equity table.
    Match(met::MatchScale),
}

impl ExpertBot {
    /// The bot on `nets` (which play their rule set, and backgammon's Portes too), looking `ply` rolls ahead (0 to [`MAX_PLY`]; more counts as [`MAX_PLY`]).
    #[must_use]
    pub fn new(nets: Arc<Nets>, ply: u8) -> ExpertBot {
        let ply = ply.min(MAX_PLY);
        ExpertBot {
            name: ["expert:0", "expert:1", "expert:2", "expert:3"][usize::from(ply)],
            buf: Buffers::with_cache(&nets),
            variant: nets.variant,
            scale: Scale::Money,
            cube: None,
            shelf: vec![Arc::clone(&nets)],
            nets,
            ply,
            plays: Vec::new(),
            close_rollouts: None,
            reply_pruner: None,
        }
    }

    /// Has the look-ahead value only the best few replies of a contact roll
    /// ([`rollouts::PRUNE_KEEP`]) as the pruning nets rank them ([`shipped_pruner`]), and
    /// of a backgammon race roll the best 5 + log2(plays) as the nets' race net ranks them
    /// without the exact searches, as GNU Backgammon's evaluations prune (`false`: every
    /// reply, the default).
    ///
    /// # Errors
    /// The pruning nets not reading.
    pub fn prune_replies(&mut self, prune: bool) -> Result<(), BotError> {
        self.reply_pruner = if prune {
            let nets = shipped_pruner()?;
            let buf = Buffers::incremental(&nets);
            Some((prune::Pruner::new(nets, buf), Vec::new()))
        } else {
            None
        };
        Ok(())
    }

    /// The same bot with `nets` for their rule set too (replacing any it had for it, the
    /// nets in hand included).
    #[must_use]
    pub fn with_nets(mut self, nets: Arc<Nets>) -> ExpertBot {
        if self.nets.variant == nets.variant {
            self.buf = Buffers::with_cache(&nets);
            self.nets = Arc::clone(&nets);
        }
        self.shelf.retain(|n| n.variant != nets.variant);
        self.shelf.push(nets);
        self
    }

    /// Takes the nets for `variant` and values chances by its scoring; `false` (and nothing
    /// changed) when the bot has no nets for it.
    pub fn select(&mut self, variant: Variant) -> bool {
        if self.variant != variant {
            self.scale = Scale::Money;
            self.cube = None;
        }
        let want = nets_variant(variant);
        if self.nets.variant != want {
            let Some(nets) = self.shelf.iter().find(|n| n.variant == want) else {
                return false;
            };
            self.nets = Arc::clone(nets);
            self.buf = Buffers::with_cache(&self.nets);
        }
        self.variant = variant;
        true
    }

    /// Forgets the values kept from earlier evaluations (a decision timed from a cold
    /// start, as a benchmark wants it).
    pub fn forget_values(&mut self) {
        self.buf = Buffers::with_cache(&self.nets);
    }

    /// The rule set in hand.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Takes the nets of the game in progress in `m`, and in a match ranks plays by the
    /// match-winning chances of the player on roll: from the Tavli match equity table in a
    /// Tavli match, from the match equity table ([`met`]) in any other match scored by
    /// single, double and triple games (gammons worth what the score makes them: nothing at
    /// double match point); `false` when the bot has no nets for the game.
    pub fn select_for(&mut self, m: &MatchState) -> bool {
        let game = m.game();
        let me = game.turn();
        let rules = m.rules();
        let selected = self.select(game.variant());
        self.scale = match (rules.rule_set, m.away(me), m.away(me.opponent())) {
            (RuleSet::Tavli, Some(mine), Some(theirs)) => Scale::Tavli {
                away: (mine, theirs),
                next: m.results().len() + 1,
            },
            _ => match_scale(m, me).map_or(Scale::Money, Scale::Match),
        };
        self.cube = (rules.uses_cube() && game.variant().has_cube()).then(|| cube_info(m));
        selected
    }

    /// The cube and score plays are ranked under ([`ExpertBot::select_for`] sets it from
    /// the game in hand); `None` when the game uses no cube: plays are then ranked cubeless.
    #[must_use]
    pub const fn cube(&self) -> Option<cube::CubeInfo> {
        self.cube
    }

    /// Ranks plays under the cube `ci` from now on (cubeless with `None`).
    pub fn set_cube(&mut self, ci: Option<cube::CubeInfo>) {
        self.cube = ci;
    }

    /// What the bot maximises: the cubeless equity of `p` (the chances of the player who
    /// moved), or in a match its match-winning chances as an equity (`2 mwc - 1`).
    #[must_use]
    pub fn score(&self, p: &Probs) -> f32 {
        match self.scale {
            Scale::Money => equity(p),
            Scale::Tavli { away, next } => {
                let mwc = tavli::TavliMet::shared().match_chances(
                    away,
                    next,
                    p[net::WIN],
                    p[net::WIN_GAMMON],
                    p[net::LOSE_GAMMON],
                );
                2.0 * mwc - 1.0
            }
            Scale::Match(scale) => 2.0 * scale.chances(p) - 1.0,
        }
    }

    /// The value of `p` (the chances of the player who moved) in money-game units: its
    /// cubeless equity, or in a match its match-winning chances normalised so that a single
    /// game won is +1 and lost -1 ([`met::MatchScale::money_equivalent`]); in a Tavli match
    /// [`ExpertBot::score`].
    #[must_use]
    pub fn money_equivalent(&self, p: &Probs) -> f32 {
        match self.scale {
            Scale::Money => equity(p),
            Scale::Tavli { .. } => self.score(p),
            Scale::Match(scale) => scale.money_equivalent(p),
        }
    }

    /// The points each side needs (the player deciding, then its opponent) in the match
    /// [`ExpertBot::select_for`] last took; `None` in money play.
    #[must_use]
    pub const fn away(&self) -> Option<(u32, u32)> {
        match self.scale {
            Scale::Money => None,
            Scale::Tavli { away, .. } => Some(away),
            Scale::Match(ms) => Some(ms.away),
        }
    }

    /// The match-winning chances of `p` (the chances of the player who moved) in the match
    /// [`ExpertBot::select_for`] last took, if it is a match.
    #[must_use]
    pub fn match_chances(&self, p: &Probs) -> Option<f32> {
        match self.scale {
            Scale::Money => None,
            Scale::Tavli { .. } | Scale::Match(_) => Some(f32::midpoint(self.score(p), 1.0)),
        }
    }

    /// The chances after `play` for the player who makes it, at 0-ply, scored as the rule
    /// set in hand scores a game.
    fn judged_after(&mut self, play: &Play) -> Probs {
        scored_in(self.variant, after_play(&self.nets, play, &mut self.buf))
    }

    /// The same bot under another name (the name [`Bot::name`] gives).
    #[must_use]
    pub fn named(mut self, name: &'static str) -> ExpertBot {
        self.name = name;
        self
    }

    /// The look-ahead: 0 to [`MAX_PLY`].
    #[must_use]
    pub const fn ply(&self) -> u8 {
        self.ply
    }

    /// The same bot settling its close cube decisions by a rollout as `how` says (`None`:
    /// by the look-ahead alone); see [`close_cube`].
    #[must_use]
    pub const fn with_close_rollouts(
        mut self,
        how: Option<close_cube::CloseRollouts>,
    ) -> ExpertBot {
        self.close_rollouts = how;
        self
    }

    /// How the bot settles close cube decisions (`None`: by the look-ahead alone).
    #[must_use]
    pub const fn close_rollouts(&self) -> Option<close_cube::CloseRollouts> {
        self.close_rollouts
    }

    /// Looks `ply` rolls ahead from now on (0 to [`MAX_PLY`]; more counts as [`MAX_PLY`]).
    pub fn set_ply(&mut self, ply: u8) {
        self.ply = ply.min(MAX_PLY);
    }

    /// The bot on the shipped nets of every rule set.
    ///
    /// # Errors
    /// As [`shipped_nets_for`].
    pub fn shipped(ply: u8) -> Result<ExpertBot, BotError> {
        let mut bot = ExpertBot::new(shipped_nets()?, ply);
        for variant in [Variant::Jacquet, Variant::Plakoto, Variant::Fevga] {
            bot = bot.with_nets(shipped_nets_for(variant)?);
        }
        Ok(bot)
    }

    /// The chances of the player on roll in `position` (before rolling), at the bot's ply.
    pub fn chances(&mut self, position: &Position) -> Probs {
        self.chances_at(position, self.ply)
    }

    /// The chances of the player on roll in `position` (before rolling), `depth` rolls
    /// ahead: at 0 the nets' judgement; deeper, the mean over the 21 rolls of the position
    /// after the best reply (chosen at 0-ply, as GNU Backgammon does), judged one roll less
    /// deep.
    pub fn chances_at(&mut self, position: &Position, depth: u8) -> Probs {
        if depth == 0 || position.mover_has_won() || position.opponent_has_won() {
            return scored_in(self.variant, evaluate(&self.nets, position, &mut self.buf));
        }
        // One buffer of legal plays per depth, so that the deeper looks keep their own.
        let mut plays = self.plays.pop().unwrap_or_default();
        let mut sum = [0.0f32; 5];
        for (dice, weight) in rolls() {
            self.nets
                .variant
                .rules()
                .legal_plays_into(position, dice, &mut plays);
            let kept = self.pruned_replies(&plays);
            let best =
                playout::best_play(&self.nets, kept.as_deref().unwrap_or(&plays), &mut self.buf);
            self.give_back_replies(kept);
            let p = match best {
                Some((_, p)) if depth == 1 => scored_in(self.variant, p),
                Some((play, _)) => self.play_chances_at(&play, depth - 1),
                None => flip(&self.chances_at(&position.switched(), depth - 1)),
            };
            for (s, x) in sum.iter_mut().zip(p) {
                *s += weight * x;
            }
        }
        self.plays.push(plays);
        sum.map(|s| s / 36.0)
    }

    /// The replies of `plays` the look-ahead values when it prunes them
    /// ([`ExpertBot::prune_replies`]), to be handed back by [`ExpertBot::give_back_replies`];
    /// `None`: all of them.
    fn pruned_replies(&mut self, plays: &[Play]) -> Option<Vec<Play>> {
        let nets = &self.nets;
        let (pruner, kept) = self.reply_pruner.as_mut()?;
        pruner
            .keep_replies(nets.variant, plays, nets, kept)
            .then(|| std::mem::take(kept))
    }

    /// Hands back the list [`ExpertBot::pruned_replies`] lent (kept for the next roll).
    fn give_back_replies(&mut self, kept: Option<Vec<Play>>) {
        if let (Some((_, lent)), Some(kept)) = (self.reply_pruner.as_mut(), kept) {
            *lent = kept;
        }
    }

    /// The chances of the player who makes `play`, `depth` rolls ahead (the opponent's roll
    /// is the first).
    pub fn play_chances_at(&mut self, play: &Play, depth: u8) -> Probs {
        if depth == 0 || verdict_after(&self.nets, play.position()).is_some() {
            return self.judged_after(play);
        }
        flip(&self.chances_at(&play.position().switched(), depth))
    }

    /// Every play of `plays` judged at the bot's ply ([`ExpertBot::judge_play`]), best first
    /// (slower than [`ExpertBot::rank`]: every value is of the same depth).
    pub fn rank_all(&mut self, plays: &[Play]) -> Vec<RankedPlay> {
        let ply = self.ply;
        let mut ranked: Vec<RankedPlay> = plays.iter().map(|p| self.judge_play(p, ply)).collect();
        sort_ranked(&mut ranked);
        ranked
    }

    /// `play` judged `depth` rolls ahead (the opponent's roll first): cubeful under the
    /// cube in play ([`ExpertBot::cube`]), else by [`ExpertBot::score`] of its chances.
    pub fn judge_play(&mut self, play: &Play, depth: u8) -> RankedPlay {
        match self.cube {
            Some(ci) => {
                let (chances, value) = self.cubeful_play_value(play, &ci, depth);
                RankedPlay {
                    play: *play,
                    chances,
                    ply: depth,
                    value,
                    emg: ci.to_emg(value),
                    cubeless: self.money_equivalent(&chances),
                }
            }
            None => {
                let chances = if depth == 0 {
                    self.judged_after(play)
                } else {
                    self.play_chances_at(play, depth)
                };
                let emg = self.money_equivalent(&chances);
                RankedPlay {
                    play: *play,
                    chances,
                    ply: depth,
                    value: self.score(&chances),
                    emg,
                    cubeless: emg,
                }
            }
        }
    }

    /// Every play of `plays`, best first, judged as GNU Backgammon's move filters do: all
    /// at 0-ply; at 1-ply and deeper, the best few of them (at most 8, within 0.16 of the
    /// best) again at 1-ply; at 2-ply, the best of those (at most 3, within 0.06; in a race
    /// at most 6, within 0.16) again at 2-ply; at 3-ply, the best of those (at most 2,
    /// within 0.04; in a race at most 3, within 0.08) again at 3-ply. Each play is judged by
    /// [`ExpertBot::judge_play`] (cubeful with a cube in play). The windows are in
    /// money-game units (in a match, normalised as [`RankedPlay::emg`]). The plays judged
    /// deepest come first; the first is the bot's choice.
    pub fn rank(&mut self, plays: &[Play]) -> Vec<RankedPlay> {
        self.rank_filtered(plays, &MoveFilter::EXPERT)
    }

    /// As [`ExpertBot::rank`], with the move filters `filter` between the depths.
    pub fn rank_filtered(&mut self, plays: &[Play], filter: &MoveFilter) -> Vec<RankedPlay> {
        let mut ranked: Vec<RankedPlay> = plays.iter().map(|p| self.judge_play(p, 0)).collect();
        sort_ranked(&mut ranked);
        let race = plays.first().is_some_and(|p| p.position().is_race());
        let filters = if race { filter.race } else { filter.contact };
        let mut keep = ranked.len();
        for (depth, (most, window)) in (1..=self.ply).zip(filters) {
            // The filter keeps the best few by the cubeless value (a cubeful value spreads
            // the plays wider, and the windows were set on the cubeless one).
            ranked[..keep].sort_by(|a, b| b.cubeless.total_cmp(&a.cubeless));
            let Some(best) = ranked.first().map(|r| r.cubeless) else {
                break;
            };
            keep = ranked[..keep]
                .iter()
                .take(most)
                .take_while(|r| r.cubeless >= best - window)
                .count();
            if ranked.len() <= 1 {
                break;
            }
            for entry in &mut ranked[..keep] {
                *entry = self.judge_play(&entry.play, depth);
            }
        }
        // Deepest first, each depth by value.
        ranked.sort_by(|a, b| b.ply.cmp(&a.ply).then(b.value.total_cmp(&a.value)));
        ranked
    }

    /// As [`ExpertBot::rank`], without the depths.
    pub fn rank_with_chances(&mut self, plays: &[Play]) -> Vec<(Play, Probs)> {
        self.rank(plays)
            .into_iter()
            .map(|r| (r.play, r.chances))
            .collect()
    }
}

impl Bot for ExpertBot {
    /// `expert:0` to `expert:3`, or the name given with [`ExpertBot::named`].
    fn name(&self) -> &str {
        self.name
    }

    /// Every legal play with its value (for the player who moves), each at the bot's ply,
    /// best first, under `variant`'s rules and scoring, with its nets: a money game's, the
    /// cube centred (cubeful where the rule set has a cube, as the bot plays such a game).
    fn rank_plays(&mut self, variant: Variant, position: &Position, dice: Dice) -> Vec<ScoredPlay> {
        if !self.select(variant) {
            return unranked(variant, position, dice);
        }
        self.scale = Scale::Money;
        self.cube = variant
            .has_cube()
            .then(|| cube::CubeInfo::money(1, cube::Holder::Centre, false, false));
        let plays = variant.legal_plays(position, dice);
        self.rank_all(&plays)
            .into_iter()
            .map(|r| ScoredPlay {
                play: r.play,
                score: f64::from(r.value),
            })
            .collect()
    }

    /// The rule sets the bot has nets for (backgammon's play Portes).
    fn plays(&self, variant: Variant) -> bool {
        let want = nets_variant(variant);
        self.shelf.iter().any(|n| n.variant == want)
    }

    /// The best of the game's own legal plays (so the game's rules are respected).
    fn choose_play(&mut self, m: &MatchState) -> Play {
        let game = m.game();
        let position = *game.position();
        let plays = game.legal_plays().to_vec();
        if !self.select_for(m) {
            return plays.first().copied().unwrap_or(Play::empty(position));
        }
        self.rank(&plays)
            .first()
            .map_or_else(|| Play::empty(position), |r| r.play)
    }

    /// Doubles when Janowski's cubeful equities say so (see [`cube`]).
    fn should_double(&mut self, m: &MatchState) -> bool {
        let game = m.game();
        if game.may_double().is_err() || game.cube().value() * 2 > game.rules().cube_cap {
            return false;
        }
        self.cube_decision(m).double()
    }

    /// Takes when a take is no worse than a pass; beavers when the rules allow it and the
    /// taker is the favourite after taking. As the original doubler answering a beaver,
    /// plays on when the redoubled game is worth more than passing.
    fn answer_double(&mut self, m: &MatchState) -> DoubleAnswer {
        let game = m.game();
        let decision = self.cube_decision(m);
        if game.phase() == Phase::Beavered {
            // Passing loses the doubled stake (-2 in units of the old cube); playing on is
            // worth twice double/take at four times the old cube.
            return if 2.0 * decision.double_take >= -2.0 {
                DoubleAnswer::Take
            } else {
                DoubleAnswer::Pass
            };
        }
        if !decision.take() {
            return DoubleAnswer::Pass;
        }
        let rules = game.rules();
        if rules.beaver
            && rules.is_money()
            && game.cube().value() * 4 <= rules.cube_cap
            && decision.beaver()
        {
            return DoubleAnswer::Beaver;
        }
        DoubleAnswer::Take
    }

    /// Offers the smallest resignation the position has all but certainly lost.
    fn offer_resignation(&mut self, m: &MatchState) -> Option<WinKind> {
        let game = m.game();
        if !self.select(game.variant()) {
            return certain_loss_in(game.variant(), game.position());
        }
        let p = self.chances(game.position());
        let offer =
            resignation_for(&p).or_else(|| certain_loss_in(game.variant(), game.position()));
        super::resignation_worth_offering(m, offer)
    }

    /// Accepts when the offer is worth at least the cubeless equity of playing on (in a
    /// match, in match-winning chances).
    fn accept_resignation(&mut self, m: &MatchState, level: WinKind) -> bool {
        let game = m.game();
        let Some(me) = game.to_act() else {
            return true;
        };
        if !self.select(game.variant()) {
            return true;
        }
        if game.rules().schmidt {
            // Schmidt scoring: the offer counts every checker the loser has left now, which
            // is everything a win could ever bring (the loser only bears more off later,
            // and the game could still be lost): always take it.
            return true;
        }
        // The chances of the player on roll (the game's turn), seen from `me`.
        let p = self.chances(game.position());
        let p = if me == game.turn() { p } else { flip(&p) };
        let offered = f64::from(level.multiplier());
        let value = f64::from(game.cube().value());
        match match_scale(m, me) {
            Some(scale) => {
                let (mine, theirs) = scale.away;
                let given = mine.saturating_sub(level.multiplier() * game.cube().value());
                met::match_equity(given, theirs, scale.post_crawford) >= scale.chances(&p)
            }
            None => offered * value >= f64::from(equity(&p)) * value,
        }
    }
}

/// The resignation that the chances `p` (of the player on roll) have all but certainly
/// lost: a single game when it cannot win nor be gammoned, a gammon when it is gammoned
/// but not backgammoned, a backgammon when it is backgammoned.
#[must_use]
pub fn resignation_for(p: &Probs) -> Option<WinKind> {
    const SURE: f32 = 1e-3;
    if p[net::WIN] > SURE {
        return None;
    }
    if p[net::LOSE_GAMMON] < SURE {
        Some(WinKind::Single)
    } else if p[net::LOSE_GAMMON] > 1.0 - SURE && p[net::LOSE_BACKGAMMON] < SURE {
        Some(WinKind::Gammon)
    } else if p[net::LOSE_BACKGAMMON] > 1.0 - SURE {
        Some(WinKind::Backgammon)
    } else {
        None
    }
}

impl ExpertBot {
    /// The cube decision for the player on roll in `m` (before it rolls), at the bot's ply,
    /// as equities per unit of the present cube (normalised money equities in a match).
    ///
    /// The equities are cubeful all the way down the look-ahead, in money play and in a
    /// match: the cube decisions of both sides after each roll are part of them, and only
    /// the look-ahead's end is valued by Janowski's formula (in a match, its form for
    /// match-winning chances); a small bear-off in money play (at most six checkers a side,
    /// all home) is valued exactly, at every ply, from the two-sided cubeful database. This
    /// is GNU Backgammon's method (`ExpertBot::cubeful_cube_decision`).
    pub(crate) fn cube_decision(&mut self, m: &MatchState) -> cube::CubeDecision {
        self.full_cube_decision(m).equities()
    }

    /// The cube decision for the player on roll in `m` (before it rolls), at the bot's ply,
    /// with its chances, both units and GNU Backgammon's verdict; a close one settled by a
    /// rollout when the bot is set to ([`ExpertBot::with_close_rollouts`]).
    pub(crate) fn full_cube_decision(&mut self, m: &MatchState) -> CubefulDecision {
        let (looked, settled) = self.settled_cube_decision(m);
        settled.map_or(looked, |s| s.decision)
    }

    /// The cube decision for the player on roll in `m` at the bot's ply, and, when it is
    /// close ([`close_cube::is_close`]) and the bot settles close decisions, the decision
    /// from a rollout of the position ([`close_cube::settle`]).
    pub(crate) fn settled_cube_decision(
        &mut self,
        m: &MatchState,
    ) -> (CubefulDecision, Option<close_cube::Settled>) {
        self.select(m.game().variant());
        let ci = cube_info(m);
        let ply = self.ply;
        let looked = self.cubeful_cube_decision(m.game().position(), &ci, ply);
        let settled = match self.close_rollouts {
            Some(how) if close_cube::is_close(looked.emg, ci.may_double()) => {
                close_cube::settle(self, m, &ci, &how)
            }
            _ => None,
        };
        (looked, settled)
    }
}

/// The cube and the score as the player on roll in `m` sees them (GNU Backgammon's
/// `cubeinfo`): its value and holder, the money rules (Jacoby, beavers) or the match score
/// with the Crawford rule's state.
#[must_use]
pub fn cube_info(m: &MatchState) -> cube::CubeInfo {
    let game = m.game();
    let me = game.turn();
    let holder = match game.cube().owner() {
        None => cube::Holder::Centre,
        Some(side) if side == me => cube::Holder::Me,
        Some(_) => cube::Holder::Opponent,
    };
    let rules = game.rules();
    let stakes = match (m.away(me), m.away(me.opponent())) {
        (Some(mine), Some(theirs)) => cube::Stakes::Match(cube::MatchScore {
            mine: mine.max(1),
            theirs: theirs.max(1),
            crawford_game: m.crawford() == CrawfordState::Crawford,
            crawford_rule: rules.crawford,
        }),
        _ => cube::Stakes::Money {
            jacoby: rules.jacoby,
            beavers: rules.beaver,
        },
    };
    cube::CubeInfo {
        value: game.cube().value(),
        holder,
        stakes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    /// In a race the 2-ply look takes a wider window (at most 6 plays within 0.16 of the
    /// 1-ply best) than in contact (3 within 0.06): a bear-off, where 1-ply misjudges more.
    /// With its replies pruned the look-ahead values only the pruning nets' best few of
    /// each contact roll: the opening 3-1's 2-ply values move (the pruning is applied), a
    /// little (the replies it leaves out are seldom the best), and the best play stays
    /// 8/5 6/5.
    #[test]
    fn pruned_replies_move_the_look_ahead_a_little() {
        use crate::engine::Dice;
        let plays = Variant::Backgammon.legal_plays(&Position::START, Dice::new(3, 1).unwrap());
        let (best, moved) = pruned_against_full(&plays);
        assert_eq!(best, "8/5 6/5");
        assert!(moved > 0.0 && moved < 0.03, "2-ply values moved {moved}");
    }

    /// `plays` ranked at 2-ply with every reply valued and with the replies pruned: the
    /// best play of both (the same), and the most a 2-ply value moved.
    fn pruned_against_full(plays: &[Play]) -> (String, f32) {
        let mut full = ExpertBot::shipped(2).expect("the shipped nets");
        let mut pruned = ExpertBot::shipped(2).expect("the shipped nets");
        pruned.prune_replies(true).expect("the pruning nets");
        let (a, b) = (full.rank(plays), pruned.rank(plays));
        assert_eq!(
            crate::engine::format_play(&a[0].play),
            crate::engine::format_play(&b[0].play)
        );
        let moved = a
            .iter()
            .filter(|r| r.ply == 2)
            .filter_map(|r| {
                b.iter()
                    .find(|q| q.play == r.play && q.ply == 2)
                    .map(|q| (r.value - q.value).abs())
            })
            .fold(0.0f32, f32::max);
        (crate::engine::format_play(&a[0].play), moved)
    }

    /// A race with checkers out on both sides (White two on its 9-point and two on its
    /// 11-point, Black one on its 7-point): the race net ranks a roll's replies and the best
    /// [`prune::race_keep`] go on (GNU Backgammon's count), the best by the full evaluation
    /// (the exact win of a race) among them; the 2-ply look with its replies pruned keeps
    /// the same best play and moves its values, by little (0.0001 when written). A bear-off where every play
    /// leaves both sides home is not pruned (the database's values cost less).
    #[test]
    fn race_replies_are_pruned_by_the_race_net() {
        use crate::engine::Dice;
        assert_eq!(
            (
                prune::race_keep(1),
                prune::race_keep(8),
                prune::race_keep(17)
            ),
            (5, 8, 9)
        );
        let mut board = [0i8; 26];
        board[1..=3].fill(3);
        board[4] = 2;
        board[9] = 2;
        board[11] = 2;
        board[18] = -1;
        board[19..=24].fill(-2);
        board[20] = -4;
        let position = Position::from_board(board).expect("a race");
        assert!(position.is_race());
        let plays = Variant::Backgammon.legal_plays(&position, Dice::new(2, 1).unwrap());
        let nets = shipped_nets().expect("the shipped nets");
        let mut pruner = prune::Pruner::new(
            shipped_pruner().expect("the pruning nets"),
            Buffers::incremental(&nets),
        );
        let mut kept = Vec::new();
        assert!(
            pruner.keep_replies(Variant::Backgammon, &plays, &nets, &mut kept),
            "{} plays",
            plays.len()
        );
        assert_eq!(
            kept.len(),
            prune::race_keep(plays.len()),
            "{} plays",
            plays.len()
        );
        let mut buf = Buffers::new(&nets);
        let values: Vec<f32> = plays
            .iter()
            .map(|p| eval::equity(&after_play(&nets, p, &mut buf)))
            .collect();
        let best = (0..plays.len())
            .max_by(|&i, &j| values[i].total_cmp(&values[j]))
            .map(|i| plays[i])
            .expect("plays");
        assert!(
            kept.contains(&best),
            "{}",
            crate::engine::format_play(&best)
        );

        let (_, moved) = pruned_against_full(&plays);
        // Applied (the values move), by little.
        assert!(moved > 0.0 && moved < 0.01, "2-ply values moved {moved}");

        // Both sides home after every play: nothing pruned.
        let mut home = [0i8; 26];
        home[2..=6].fill(3);
        home[19..=24].fill(-2);
        let home = Position::from_board(home).expect("a bear-off");
        let plays = Variant::Backgammon.legal_plays(&home, Dice::new(2, 1).unwrap());
        assert!(plays.len() > prune::race_keep(plays.len()));
        assert!(!pruner.keep_replies(Variant::Backgammon, &plays, &nets, &mut kept));
    }

    #[test]
    fn a_race_looks_at_more_plays_at_2_ply() {
        use crate::engine::Dice;
        // White: three checkers on each of its points 2 to 6, none off; Black far ahead
        // in its own home board: a bear-off with many plays of 2-1.
        let mut board = [0i8; 26];
        board[2..=6].fill(3);
        board[19..=24].fill(-2);
        let position = Position::from_board(board).expect("a race");
        assert!(position.is_race());
        let plays = Variant::Backgammon.legal_plays(&position, Dice::new(2, 1).unwrap());
        let mut bot = ExpertBot::shipped(2).expect("the shipped nets");
        let ranked = bot.rank(&plays);
        let deepest = ranked.iter().filter(|r| r.ply == 2).count();
        assert!(
            deepest > TWO_PLY_KEEP && deepest <= TWO_PLY_RACE_KEEP,
            "{deepest} of {} plays at 2-ply",
            plays.len()
        );
    }

    /// 3-ply looks one roll deeper than 2-ply through the same recursion: in a bear-off
    /// with checkers off on both sides (no gammons), where the bear-off database is exact,
    /// the 3-ply chances of the player on roll are the database's (an odd depth with the
    /// sides mixed up would give the opponent's), and its ranking judges the best plays
    /// at 3-ply.
    #[test]
    fn three_ply_agrees_with_the_exact_bear_off_database() {
        use crate::engine::Dice;
        let mut board = [0i8; 26];
        board[1..=4].fill(2);
        board[21..=24].fill(-2);
        // Eight checkers each on the board: seven off each.
        let position = Position::from_board(board).expect("a bear-off");
        assert_eq!((position.mover_off(), position.opponent_off()), (7, 7));
        let exact = bearoff::BearoffDb::shared()
            .chances(&position)
            .expect("both sides in the database");
        let mut bot = ExpertBot::shipped(3).expect("the shipped nets");
        assert_eq!(bot.ply(), 3);
        let deep = bot.chances(&position);
        assert!(
            (deep[net::WIN] - exact[net::WIN]).abs() < 1e-3,
            "3-ply {} against exact {}",
            deep[net::WIN],
            exact[net::WIN]
        );
        let plays = Variant::Backgammon.legal_plays(&position, Dice::new(2, 1).unwrap());
        assert!(plays.len() > 1);
        let ranked = bot.rank(&plays);
        assert_eq!(ranked.first().map(|r| r.ply), Some(3));
        assert!(ranked.iter().filter(|r| r.ply == 3).count() <= THREE_PLY_RACE_KEEP);
    }

    /// In a match the bot values plays by match-winning chances: at double match point a
    /// gammon is worth nothing more, so a play with more wins beats one with fewer wins and
    /// many gammons, which money play prefers.
    #[test]
    fn a_match_values_gammons_by_the_score() {
        let gammonish: Probs = [0.60, 0.30, 0.0, 0.0, 0.0];
        let plain: Probs = [0.62, 0.0, 0.0, 0.0, 0.0];
        let mut bot = ExpertBot::shipped(0).expect("the shipped nets");
        let money = MatchState::new(Rules::money()).expect("money play");
        assert!(bot.select_for(&money));
        assert!(bot.score(&gammonish) > bot.score(&plain));
        assert_eq!(bot.match_chances(&plain), None);
        let dmp = MatchState::new(Rules::match_to(1)).expect("a 1-point match");
        assert!(bot.select_for(&dmp));
        assert!(bot.score(&plain) > bot.score(&gammonish));
        let mwc = bot.match_chances(&plain).expect("a match");
        assert!((mwc - 0.62).abs() < 1e-5, "{mwc}");
        // At 0-0 in a 7-point match the gammons are worth having again.
        let long = MatchState::new(Rules::match_to(7)).expect("a 7-point match");
        assert!(bot.select_for(&long));
        assert!(bot.score(&gammonish) > bot.score(&plain));
    }
}

#[cfg(test)]
mod textbook {
    use super::*;
    use crate::engine::{GameSetup, Rules, Side};

    /// The cube decision of the player on roll (White) with `mine` on its points 1-24 and
    /// the opponent's checkers `theirs` (in White's numbering, counts as positives), money
    /// play, the cube centred.
    fn decision(
        mine: &[(usize, i8)],
        theirs: &[(usize, i8)],
        bar_theirs: i8,
    ) -> cube::CubeDecision {
        let mut board = [0i8; 26];
        for &(p, n) in mine {
            board[p] = n;
        }
        for &(p, n) in theirs {
            board[p] = -n;
        }
        board[0] = -bar_theirs;
        let position = Position::from_board(board).expect("a position");
        let mut m = MatchState::new(Rules::money()).expect("money play");
        m.set_up(&GameSetup::new(position, Side::White))
            .expect("set up");
        let mut bot = ExpertBot::shipped(EXPERT_PLY_FOR_TESTS).expect("nets");
        bot.cube_decision(&m)
    }

    const EXPERT_PLY_FOR_TESTS: u8 = crate::bot::EXPERT_DEFAULT_PLY;

    /// Small bear-offs get GNU Backgammon's exact cube answers at every ply, from the
    /// two-sided cubeful database (its `eval` figures in brackets: no double, double/take):
    /// six checkers against six on the 5- and 6-points, no double, take (0.481, 0.452);
    /// one checker on each home point against two on each of the 4- to 6-points, double,
    /// pass (0.947, 1.585); two on the 3- and 6-points against the 1-, 2-, 3- and
    /// 6-points, no double, take (-0.089, -0.386: a beaver).
    #[test]
    fn small_bear_offs_get_exact_cube_answers_at_every_ply() {
        use crate::engine::{GameSetup, Rules, Side};
        let home = |mine: [i8; 6], theirs: [i8; 6]| {
            let mut board = [0i8; 26];
            for k in 0..6 {
                board[k + 1] = mine[k];
                board[24 - k] = -theirs[k];
            }
            Position::from_board(board).expect("a position")
        };
        for (position, double, take, no_double) in [
            (
                home([0, 0, 0, 0, 3, 3], [0, 0, 0, 0, 3, 3]),
                false,
                true,
                0.481,
            ),
            (
                home([1, 1, 1, 1, 1, 1], [0, 0, 0, 2, 2, 2]),
                true,
                false,
                0.947,
            ),
            (
                home([0, 0, 2, 0, 0, 2], [1, 1, 1, 0, 0, 1]),
                false,
                true,
                -0.089,
            ),
        ] {
            let mut m = MatchState::new(Rules::money()).expect("money play");
            m.set_up(&GameSetup::new(position, Side::White))
                .expect("set up");
            for ply in 0..=2 {
                let mut bot = ExpertBot::shipped(ply).expect("nets");
                let d = bot.cube_decision(&m);
                assert_eq!((d.double(), d.take()), (double, take), "{ply}-ply: {d:?}");
                assert!((d.no_double - no_double).abs() < 6e-4, "{ply}-ply: {d:?}");
            }
        }
    }

    /// A redouble to 4 by the side with 93% wins and a crushed opponent (GNU Backgammon:
    /// too good to redouble, pass): the taker passes. Found by GNU Backgammon in the
    /// self-play games of the cube figures in assets/strength/README.md, where the nets of
    /// 553,500 games gave the doubler about 75% (a checker trapped behind a full prime, 74
    /// pips behind in the race) and the bot took; the nets of 1,203,500 games pass.
    #[test]
    fn a_hopeless_redouble_is_passed() {
        use crate::bot::{Bot, DoubleAnswer};
        use crate::engine::{Action, Cube, position_from_id};
        let position = position_from_id("73YGAAjYtg0gAw").expect("a Position ID");
        let mut m = MatchState::new(Rules::money()).expect("money play");
        let mut setup = GameSetup::new(position, Side::White);
        setup.cube = Cube::new(2, Some(Side::White)).expect("a cube");
        m.set_up(&setup).expect("set up");
        m.apply(Action::Double).expect("White redoubles");
        let mut bot = ExpertBot::shipped(EXPERT_PLY_FOR_TESTS).expect("nets");
        let d = bot.cube_decision(&m);
        assert!(!d.take(), "{d:?}");
        assert_eq!(bot.answer_double(&m), DoubleAnswer::Pass, "{d:?}");
    }

    /// Textbook cube decisions in money play, each with its known answer:
    /// - last-roll races (the opponent bears its last checker off with any roll, so the
    ///   doubler's chance `p` is exact: double from 50%, take up to 75%): two checkers on the
    ///   3- and 2-points win with 25 rolls of 36 (double, take); on the 5- and 4-points
    ///   with 10 (no double); on the 4- and 1-points with 31 (double, pass);
    /// - the opening position: no double, take;
    /// - three checkers closed out on the bar against a gammonish board: too good to
    ///   double (play on for the gammon), and a double would be passed.
    #[test]
    fn textbook_positions_get_their_known_cube_answers() {
        let last = |mine: &[(usize, i8)]| decision(mine, &[(24, 1)], 0);
        let answer = |d: cube::CubeDecision| (d.double(), d.take());
        assert_eq!(
            answer(last(&[(3, 1), (2, 1)])),
            (true, true),
            "3 and 2: double, take"
        );
        assert!(!last(&[(5, 1), (4, 1)]).double(), "5 and 4: no double");
        assert_eq!(
            answer(last(&[(4, 1), (1, 1)])),
            (true, false),
            "4 and 1: double, pass"
        );
        let opening = decision(
            &[(24, 2), (13, 5), (8, 3), (6, 5)],
            &[(1, 2), (12, 5), (17, 3), (19, 5)],
            0,
        );
        assert_eq!(
            answer(opening),
            (false, true),
            "the opening: no double, take"
        );
        let closed_out = decision(
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 3), (8, 2)],
            &[(19, 4), (20, 4), (21, 4)],
            3,
        );
        assert_eq!(
            answer(closed_out),
            (false, false),
            "too good: play on, a double is passed"
        );
    }
}
