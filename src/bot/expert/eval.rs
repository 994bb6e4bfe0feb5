//! Evaluating positions with the nets: the five chances for the player on roll, the
//! cubeless equity, and the value of a play for the player who makes it.

use super::bearoff::{BearoffDb, gammons, race};
use super::encode::{
    self, CONTACT_INPUTS, EXTRA_CONTACT_INPUTS, Encoding, MAX_CONTACT_INPUTS, RACE_INPUTS, RAW_CONTACT_INPUTS, RICH_CONTACT_INPUTS, contact_inputs, race_inputs,
};
use super::format::Nets;
use super::incremental::Kept;
use super::net::{
    LOSE_BACKGAMMON, LOSE_GAMMON, Net, OUTPUTS, Scratch, WIN, WIN_BACKGAMMON, WIN_GAMMON,
};
use crate::engine::{
    Play, Position, Variant, Verdict, WinKind, most_mover_can_lose, most_opponent_can_lose,
};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

pub use super::net::Probs;

/// The buffers one evaluation needs, kept between evaluations so that none allocates, and
/// (for a bot's look-ahead) a cache of the values already worked out.
#[derive(Debug, Clone)]
pub struct Buffers {
    scratch: Scratch,
    /// Backgammon's contact inputs (room for a rich net's).
    contact: Box<[f32; EXTRA_CONTACT_INPUTS]>,
    race: Box<[f32; RACE_INPUTS]>,
    /// The contact inputs of the rule sets with nets of their own.
    other: Vec<f32>,
    /// Values by position, when caching ([`Buffers::with_cache`]).
    cache: Option<EvalCache>,
    /// The sums kept by the evaluator that works in increments, for the contact net and the
    /// race net; `None` for the plain forward pass ([`Buffers::new`]).
    kept: Option<Box<[Kept; 2]>>,
    /// The sides of the position whose raw inputs the contact net's kept sums hold, when
    /// they are a raw net's (the pruning nets'): the next position's inputs are then those
    /// of the points that changed ([`encode::raw_changes`]), not worked out and compared
    /// whole. `None` whenever those sums are anything else.
    raw_sides: Option<(encode::Side, encode::Side)>,
    /// The raw inputs that changed, a list kept to reuse.
    raw_changes: Vec<(u32, f32)>,
    /// Whether [`evaluate`] works out, in a race, the exact gammons of a runner against a
    /// trailer ([`gammons::exact_gammons`]) and the exact win of a side with a few checkers
    /// out ([`race::race_win`]); off for a rollout's trials ([`Buffers::nets_in_races`]).
    exact_races: bool,
}

/// The slots of a cache: a position's value goes in the slot its hash names, in place of
/// the one there (2^16 slots of one cache line each, 4 MiB).
pub const CACHE_SLOTS: usize = 1 << CACHE_BITS;
/// The bits of a position's hash that name its slot.
const CACHE_BITS: u32 = 16;

/// [`evaluate`]'s values by position, for nets that do not change while it is used: a
/// look-ahead meets the same position many times (at 2-ply about 40% of the evaluations
/// repeat one already made in the same decision: different rolls reach the same positions).
/// Mapped directly: each position has one slot, a cache line holding the position and its
/// value, so a look-up costs one memory access and its insert none more (a hash map's
/// control bytes and buckets cost two, and its misses were a fifth of an analysis's time).
#[derive(Debug, Clone)]
struct EvalCache {
    /// The nets the values are of (their address): other nets empty the cache.
    nets: usize,
    slots: Vec<CacheSlot>,
}

/// One slot of an [`EvalCache`]: a position and its value, or nothing yet.
#[derive(Debug, Clone, Copy)]
#[repr(align(64))]
struct CacheSlot {
    position: Position,
    chances: Probs,
    filled: bool,
}

impl CacheSlot {
    const EMPTY: CacheSlot = CacheSlot {
        position: Position::EMPTY,
        chances: [0.0; OUTPUTS],
        filled: false,
    };
}

impl EvalCache {
    fn new() -> EvalCache {
        EvalCache {
            nets: 0,
            slots: vec![CacheSlot::EMPTY; CACHE_SLOTS],
        }
    }

    /// The slot of `position`.
    fn slot(position: &Position) -> usize {
        let mut hasher = PositionHasher::default();
        position.hash(&mut hasher);
        // The top bits: the multiply mixes into them best.
        (hasher.finish() >> (u64::BITS - CACHE_BITS)) as usize
    }

    /// Empties the cache unless its values are of `nets_id`'s nets.
    fn keep_to(&mut self, nets_id: usize) {
        if self.nets != nets_id {
            self.slots.fill(CacheSlot::EMPTY);
            self.nets = nets_id;
        }
    }

    fn get(&self, slot: usize, position: &Position) -> Option<Probs> {
        let s = &self.slots[slot];
        (s.filled && s.position == *position).then_some(s.chances)
    }

    fn put(&mut self, slot: usize, position: &Position, chances: Probs) {
        self.slots[slot] = CacheSlot {
            position: *position,
            chances,
            filled: true,
        };
    }
}

/// A fast hash for positions (a multiply-and-rotate over their bytes, eight at a time):
/// the standard hasher guards against chosen keys, which a cache of the bot's own positions
/// does not need.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct PositionHasher(u64);

/// A map keyed by positions, hashed by [`PositionHasher`].
pub(super) type PositionMap<V> = HashMap<Position, V, BuildHasherDefault<PositionHasher>>;

impl PositionHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Buffers {
    /// Buffers for `nets`.
    #[must_use]
    pub fn new(nets: &Nets) -> Buffers {
        Buffers {
            scratch: Scratch::new(nets.contact.hidden().max(nets.race.hidden())),
            contact: Box::new([0.0; EXTRA_CONTACT_INPUTS]),
            race: Box::new([0.0; RACE_INPUTS]),
            other: vec![0.0; MAX_CONTACT_INPUTS],
            cache: None,
            kept: None,
            raw_sides: None,
            raw_changes: Vec::new(),
            exact_races: true,
        }
    }

    /// These buffers, with [`evaluate`] taking the nets' chances in a race not in the
    /// bear-off database as they are, not the exact searches' (the win of a side with a few
    /// checkers out, the gammons of a runner against a trailer: see [`super::bearoff`]): for
    /// a rollout's trials, which price the gammons by playing them out and play many times
    /// faster without the searches (the judging of a decision keeps them).
    #[must_use]
    pub fn nets_in_races(mut self) -> Buffers {
        self.exact_races = false;
        self
    }

    /// Buffers for `nets` that evaluate with the evaluator that works in increments
    /// ([`super::incremental`]: within 1e-6 of the plain forward pass, several times
    /// faster), for nets that do not change while the buffers are in use (not for
    /// training: its first use of a net makes the net's whole-number weights).
    #[must_use]
    pub fn incremental(nets: &Nets) -> Buffers {
        Buffers {
            kept: Some(Box::default()),
            ..Buffers::new(nets)
        }
    }

    /// Buffers for `nets` that evaluate in increments ([`Buffers::incremental`]) and also
    /// keep the values [`evaluate`] works out, in [`CACHE_SLOTS`] slots, and give them back
    /// when the same position is asked again with the same nets (the cache starts afresh
    /// for other nets). Only for nets that do not change while the buffers are in
    /// use: not for training.
    #[must_use]
    pub fn with_cache(nets: &Nets) -> Buffers {
        Buffers {
            cache: Some(EvalCache::new()),
            ..Buffers::incremental(nets)
        }
    }
}

/// The same chances seen from the other side.
#[must_use]
pub fn flip(p: &Probs) -> Probs {
    let mut q = [0.0; OUTPUTS];
    q[WIN] = 1.0 - p[WIN];
    q[WIN_GAMMON] = p[LOSE_GAMMON];
    q[WIN_BACKGAMMON] = p[LOSE_BACKGAMMON];
    q[LOSE_GAMMON] = p[WIN_GAMMON];
    q[LOSE_BACKGAMMON] = p[WIN_BACKGAMMON];
    q
}

/// The cubeless equity (expected points per game) of `p`.
#[must_use]
pub fn equity(p: &Probs) -> f32 {
    2.0 * p[WIN] - 1.0 + p[WIN_GAMMON] - p[LOSE_GAMMON] + p[WIN_BACKGAMMON] - p[LOSE_BACKGAMMON]
}

/// The chances of a game already won, by `kind`.
#[must_use]
pub fn won(kind: WinKind) -> Probs {
    [
        1.0,
        f32::from(u8::from(kind >= WinKind::Gammon)),
        f32::from(u8::from(kind == WinKind::Backgammon)),
        0.0,
        0.0,
    ]
}

/// Keeps the chances consistent: a gammon no likelier than a win, a backgammon no likelier
/// than a gammon.
#[must_use]
pub fn sanitize(mut p: Probs) -> Probs {
    p[WIN_GAMMON] = p[WIN_GAMMON].min(p[WIN]);
    p[WIN_BACKGAMMON] = p[WIN_BACKGAMMON].min(p[WIN_GAMMON]);
    p[LOSE_GAMMON] = p[LOSE_GAMMON].min(1.0 - p[WIN]);
    p[LOSE_BACKGAMMON] = p[LOSE_BACKGAMMON].min(p[LOSE_GAMMON]);
    p
}

/// `p` (the chances of the player on roll in `position`) with what the rules forbid
/// removed: no gammon against a side that has borne off a checker, no backgammon against a
/// side that can no longer be backgammoned ([`most_mover_can_lose`]). Nets do not know it
/// (they give gammons against a side that has borne off); every evaluation and every
/// training target goes through it.
#[must_use]
pub fn within_rules(position: &Position, mut p: Probs) -> Probs {
    let cap = |p: &mut Probs, kind: WinKind, gammon: usize, backgammon: usize| {
        if kind < WinKind::Gammon {
            p[gammon] = 0.0;
        }
        if kind < WinKind::Backgammon {
            p[backgammon] = 0.0;
        }
    };
    cap(&mut p, most_opponent_can_lose(position), WIN_GAMMON, WIN_BACKGAMMON);
    cap(&mut p, most_mover_can_lose(position), LOSE_GAMMON, LOSE_BACKGAMMON);
    p
}

/// The chances of a game that ended in a draw: no points either way.
pub const DRAWN: Probs = [0.5, 0.0, 0.0, 0.0, 0.0];

/// The chances, for the player who moved, of a game that `verdict` ended.
#[must_use]
pub fn verdict_chances(verdict: Verdict) -> Probs {
    match verdict {
        Verdict::MoverWins(kind, _) => won(kind),
        Verdict::OpponentWins(kind, _) => flip(&won(kind)),
        Verdict::Draw => DRAWN,
    }
}

/// `p` scored as `variant` scores a game: where no backgammon counts more than a gammon
/// (Portes, Plakoto, Fevga), the backgammon chances are dropped (a backgammon is a gammon,
/// already counted as one).
#[must_use]
pub fn scored_in(variant: Variant, mut p: Probs) -> Probs {
    if variant.rules().highest_win() < WinKind::Backgammon {
        p[WIN_BACKGAMMON] = 0.0;
        p[LOSE_BACKGAMMON] = 0.0;
    }
    p
}

/// The raw net outputs for `position` (the player on roll's chances), from the race net in
/// a race and the contact net otherwise. `position` must not be over.
pub fn net_outputs(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    if position.is_race() {
        race_outputs(nets, position, buf)
    } else {
        contact_outputs(nets, position, buf)
    }
}

/// The race net's outputs for `position` (a race).
fn race_outputs(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    race_inputs(position, &mut buf.race);
    let kept = buf.kept.as_deref_mut().map(|k| &mut k[1]);
    forward(&nets.race, Encoding::Race, &buf.race[..], kept, &mut buf.scratch)
}

/// The contact net's outputs for `position` (not a race).
fn contact_outputs(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    if let Some(p) = raw_contact_outputs(nets, position, buf) {
        return p;
    }
    // The contact net's kept sums are about to hold something other than raw inputs.
    buf.raw_sides = None;
    let kept = buf.kept.as_deref_mut().map(|k| &mut k[0]);
    match nets.variant {
        Variant::Plakoto | Variant::Fevga => {
            let n = other_contact_inputs(nets.variant, position, &mut buf.other);
            let encoding = if nets.variant == Variant::Plakoto {
                Encoding::Plakoto
            } else {
                Encoding::Fevga
            };
            forward(&nets.contact, encoding, &buf.other[..n], kept, &mut buf.scratch)
        }
        Variant::Backgammon | Variant::Portes | Variant::Jacquet => {
            let n = backgammon_contact_inputs(nets);
            contact_inputs(position, &mut buf.contact[..n]);
            forward(&nets.contact, Encoding::Contact, &buf.contact[..n], kept, &mut buf.scratch)
        }
    }
}

/// A raw contact net's outputs (backgammon's pruning nets) in increments, `None` for any
/// other net or without kept sums: from the inputs of the points that changed since the
/// position before when the kept sums are that position's raw inputs for this net, else
/// from the whole inputs; the sums kept are then this position's.
fn raw_contact_outputs(nets: &Nets, position: &Position, buf: &mut Buffers) -> Option<Probs> {
    if nets.variant == Variant::Plakoto
        || nets.variant == Variant::Fevga
        || backgammon_contact_inputs(nets) != RAW_CONTACT_INPUTS
    {
        return None;
    }
    let kept = buf.kept.as_deref_mut().map(|k| &mut k[0])?;
    let fixed = nets.contact.fixed(Encoding::Contact)?;
    let now = encode::sides(position);
    if let Some(before) = &buf.raw_sides {
        encode::raw_changes(before, &now, &mut buf.raw_changes);
        if let Some(p) = fixed.forward_changed(&buf.raw_changes, kept) {
            buf.raw_sides = Some(now);
            return Some(p);
        }
    }
    contact_inputs(position, &mut buf.contact[..RAW_CONTACT_INPUTS]);
    let p = fixed.forward(&buf.contact[..RAW_CONTACT_INPUTS], kept);
    buf.raw_sides = Some(now);
    Some(p)
}

/// The net that judges `position` and its inputs (for checking an evaluator against
/// another). `position` must not be over.
#[must_use]
pub fn net_and_inputs<'a>(nets: &'a Nets, position: &Position) -> (&'a Net, Vec<f32>) {
    if position.is_race() {
        let mut x = [0.0; RACE_INPUTS];
        race_inputs(position, &mut x);
        return (&nets.race, x.to_vec());
    }
    let mut x = vec![0.0; MAX_CONTACT_INPUTS];
    let n = match nets.variant {
        Variant::Plakoto | Variant::Fevga => other_contact_inputs(nets.variant, position, &mut x),
        Variant::Backgammon | Variant::Portes | Variant::Jacquet => {
            let n = backgammon_contact_inputs(nets);
            contact_inputs(position, &mut x[..n]);
            n
        }
    };
    x.truncate(n);
    (&nets.contact, x)
}

/// `net`'s outputs for the inputs `x` of `encoding`: in increments from the sums in `kept`
/// when given (and the net reads that encoding), else by the plain forward pass.
fn forward(
    net: &Net,
    encoding: Encoding,
    x: &[f32],
    kept: Option<&mut Kept>,
    scratch: &mut Scratch,
) -> Probs {
    if let Some(kept) = kept
        && let Some(fixed) = net.fixed(encoding)
    {
        return fixed.forward(x, kept);
    }
    net.forward(x, scratch)
}

/// How many of backgammon's contact inputs `nets`' contact net reads: an extra net's
/// ([`EXTRA_CONTACT_INPUTS`]), a rich net's ([`RICH_CONTACT_INPUTS`]), the plain ones
/// ([`CONTACT_INPUTS`]) or a raw net's ([`RAW_CONTACT_INPUTS`]).
fn backgammon_contact_inputs(nets: &Nets) -> usize {
    let n = nets.contact.inputs();
    if n >= EXTRA_CONTACT_INPUTS {
        EXTRA_CONTACT_INPUTS
    } else if n >= RICH_CONTACT_INPUTS {
        RICH_CONTACT_INPUTS
    } else if n >= CONTACT_INPUTS {
        CONTACT_INPUTS
    } else {
        RAW_CONTACT_INPUTS
    }
}

/// The contact inputs of a rule set with nets of its own, into the start of `out`;
/// returns how many.
fn other_contact_inputs(variant: Variant, position: &Position, out: &mut [f32]) -> usize {
    let n = encode::input_counts(variant).0;
    match variant {
        Variant::Plakoto => encode::plakoto::inputs(position, &mut out[..n]),
        _ => encode::fevga::inputs(position, &mut out[..n]),
    }
    n
}

/// The chances of the player on roll in `position`; a game already over gets its result,
/// a race with both sides in their home boards the bear-off database's exact chances, and
/// a side with a few checkers out the exact win, a runner home against a trailer with a
/// few checkers out the exact gammon chances (the bear-off module's searches, see
/// [`super::bearoff`]).
pub fn evaluate(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    if position.opponent_has_won() {
        return flip(&won(WinKind::of_win(&position.switched())));
    }
    if position.mover_has_won() {
        return won(WinKind::of_win(position));
    }
    let nets_id = std::ptr::from_ref(nets) as usize;
    let mut slot = None;
    if let Some(cache) = &mut buf.cache {
        cache.keep_to(nets_id);
        let s = EvalCache::slot(position);
        if let Some(p) = cache.get(s, position) {
            return p;
        }
        slot = Some(s);
    }
    let p = if position.is_race() {
        race_chances(nets, position, buf)
    } else {
        sanitize(within_rules(position, contact_outputs(nets, position, buf)))
    };
    if let (Some(cache), Some(s)) = (&mut buf.cache, slot) {
        cache.put(s, position, p);
    }
    p
}

/// The chances of the player on roll in `position`, a race: the bear-off database's with
/// both sides home; else the race net's, with (in backgammon, unless the buffers are a
/// rollout's trials') the exact win of a side with a few checkers out ([`race::race_win`])
/// and the exact gammons of a runner home against a trailer with a few checkers out
/// ([`gammons::exact_gammons`]).
fn race_chances(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    if let Some(p) = BearoffDb::shared().chances(position) {
        return scored_in(nets.variant, sanitize(within_rules(position, p)));
    }
    let mut p = race_outputs(nets, position, buf);
    if buf.exact_races && nets.variant == Variant::Backgammon {
        if let Some(win) = race::race_win(position) {
            p[WIN] = win;
        }
        p = gammons::exact_gammons(position, p);
    }
    sanitize(within_rules(position, p))
}

/// How the play that led to `after` ended the game, under the nets' rule set (backgammon's
/// nets: the mover has borne off everything).
#[must_use]
pub fn verdict_after(nets: &Nets, after: &Position) -> Option<Verdict> {
    match nets.variant {
        Variant::Plakoto | Variant::Fevga => nets.variant.rules().judge(after),
        Variant::Backgammon | Variant::Portes | Variant::Jacquet => after
            .mover_has_won()
            .then(|| Verdict::MoverWins(WinKind::of_win(after), crate::engine::Ending::BearOff)),
    }
}

/// The chances of the player who makes `play` after it by `nets`' race net alone (no exact
/// search), for ranking a race's plays ([`super::prune::Pruner::keep_replies`]): `None`
/// when the position after it is not a race, ends the game or has both sides' checkers all
/// in their home boards (the bear-off database's, worth less than any ranking).
pub(super) fn race_net_after(nets: &Nets, play: &Play, buf: &mut Buffers) -> Option<Probs> {
    let after = play.position();
    if verdict_after(nets, after).is_some() || !after.is_race() {
        return None;
    }
    let next = after.switched();
    if super::bearoff::homes(&next).is_some() {
        return None;
    }
    Some(flip(&sanitize(within_rules(&next, race_outputs(nets, &next, buf)))))
}

/// The chances of the player who makes `play`, after it (the opponent then rolls).
pub fn after_play(nets: &Nets, play: &Play, buf: &mut Buffers) -> Probs {
    let after = play.position();
    if let Some(verdict) = verdict_after(nets, after) {
        return verdict_chances(verdict);
    }
    flip(&evaluate(nets, &after.switched(), buf))
}

/// One training step: moves the outputs of the net that judges `position` towards
/// `target` (the chances of the player on roll) by a step of `alpha`.
pub fn train(nets: &mut Nets, position: &Position, target: &Probs, alpha: f32, buf: &mut Buffers) {
    let target = &within_rules(position, *target);
    if position.is_race() {
        race_inputs(position, &mut buf.race);
        nets.race
            .train(&buf.race[..], target, alpha, &mut buf.scratch);
        return;
    }
    match nets.variant {
        Variant::Plakoto | Variant::Fevga => {
            let n = other_contact_inputs(nets.variant, position, &mut buf.other);
            nets.contact
                .train(&buf.other[..n], target, alpha, &mut buf.scratch);
        }
        Variant::Backgammon | Variant::Portes | Variant::Jacquet => {
            let n = backgammon_contact_inputs(nets);
            contact_inputs(position, &mut buf.contact[..n]);
            nets.contact
                .train(&buf.contact[..n], target, alpha, &mut buf.scratch);
        }
    }
}
