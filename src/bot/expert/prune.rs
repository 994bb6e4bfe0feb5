//! The pruning of a roll's plays, as GNU Backgammon's evaluations prune: small nets
//! ([`super::shipped_pruner`]) rank the plays of a contact position, and only the best
//! [`PRUNE_KEEP`] are valued by the nets. A rollout's trials prune their own plays with it
//! ([`super::rollouts::RolloutSettings::prune`]), the look-ahead the replies it values
//! ([`super::ExpertBot::prune_replies`]). The look-ahead prunes a race's replies too, as
//! gnubg does with its race pruning net: the nets' own race net, without the exact searches
//! of a race ([`super::bearoff`]), ranks them and the best [`race_keep`] are valued in full
//! (exactly), where each would be: those searches were most of an analysis's time in a
//! match with long races.

use super::Nets;
use super::eval::{self, Buffers, after_play, race_net_after, scored_in};
use crate::engine::{Play, Variant};
use std::sync::Arc;

use super::rollouts::PRUNE_KEEP;

/// The pruning nets with their buffers and a ranking of a roll's plays.
#[derive(Debug, Clone)]
pub(super) struct Pruner {
    nets: Arc<Nets>,
    buf: Buffers,
    /// The plays being ranked: each one's value and index.
    ranked: Vec<(f32, usize)>,
    /// The buffers of the race nets that rank a race's replies, with those nets' address.
    race_buf: Option<(usize, Buffers)>,
}

/// The replies of a race the look-ahead values in full: GNU Backgammon's count, five and
/// the whole part of the base-2 logarithm of the plays' number (`n` plays).
#[must_use]
pub(super) fn race_keep(n: usize) -> usize {
    5 + n.max(1).ilog2() as usize
}

impl Pruner {
    /// A pruner ranking by `nets`, evaluating with `buf`.
    pub(super) fn new(nets: Arc<Nets>, buf: Buffers) -> Pruner {
        Pruner {
            nets,
            buf,
            ranked: Vec::new(),
            race_buf: None,
        }
    }

    /// The best [`PRUNE_KEEP`] of `plays` (a roll's, in a game of `variant`) into `out`, in
    /// their order in `plays`, and `true`; `false` (`out` untouched) when it keeps them all:
    /// not backgammon, a race, or no more than [`PRUNE_KEEP`] plays.
    pub(super) fn keep(&mut self, variant: Variant, plays: &[Play], out: &mut Vec<Play>) -> bool {
        if variant != Variant::Backgammon
            || plays.len() <= PRUNE_KEEP
            || plays.iter().any(|p| p.position().is_race())
        {
            return false;
        }
        self.ranked.clear();
        for (i, play) in plays.iter().enumerate() {
            let p = scored_in(variant, after_play(&self.nets, play, &mut self.buf));
            self.ranked.push((eval::equity(&p), i));
        }
        self.keep_best(PRUNE_KEEP, plays, out);
        true
    }

    /// The best `keep` of `plays` as [`Pruner::ranked`] ranks them (equal values in the
    /// plays' order) into `out`, in their order in `plays`.
    fn keep_best(&mut self, keep: usize, plays: &[Play], out: &mut Vec<Play>) {
        self.ranked
            .sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best: Vec<usize> = self.ranked.iter().take(keep).map(|r| r.1).collect();
        best.sort_unstable();
        out.clear();
        out.extend(best.into_iter().map(|i| plays[i]));
    }

    /// The replies of a look-ahead to value, as [`Pruner::keep`] keeps them: a contact
    /// roll's by the pruning nets; in backgammon, a race roll's (every play a race, not
    /// one with both sides home, whose value the bear-off database gives at once) by
    /// `nets`' race net alone, the best [`race_keep`]; `false` (`out` untouched) when it
    /// keeps them all.
    pub(super) fn keep_replies(
        &mut self,
        variant: Variant,
        plays: &[Play],
        nets: &Nets,
        out: &mut Vec<Play>,
    ) -> bool {
        let Some(first) = plays.first() else {
            return false;
        };
        if !first.position().is_race() {
            return self.keep(variant, plays, out);
        }
        let keep = race_keep(plays.len());
        if variant != Variant::Backgammon || plays.len() <= keep {
            return false;
        }
        let nets_id = std::ptr::from_ref(nets) as usize;
        if self.race_buf.as_ref().is_none_or(|(id, _)| *id != nets_id) {
            self.race_buf = Some((nets_id, Buffers::incremental(nets)));
        }
        let Some((_, buf)) = self.race_buf.as_mut() else {
            return false;
        };
        self.ranked.clear();
        for (i, play) in plays.iter().enumerate() {
            let Some(p) = race_net_after(nets, play, buf) else {
                return false;
            };
            self.ranked.push((eval::equity(&scored_in(variant, p)), i));
        }
        self.keep_best(keep, plays, out);
        true
    }
}
