//! The pruning of a roll's plays, as GNU Backgammon's evaluations prune: small nets
//! ([`super::shipped_pruner`]) rank the plays of a contact position, and only the best
//! [`PRUNE_KEEP`] are valued by the nets. A rollout's trials prune their own plays with it
//! ([`super::rollouts::RolloutSettings::prune`]), the look-ahead the replies it values
//! ([`super::ExpertBot::prune_replies`]).

use super::Nets;
use super::eval::{self, Buffers, after_play, scored_in};
use crate::engine::{Play, Variant};
use std::sync::Arc;

use super::rollouts::PRUNE_KEEP;

/// The pruning nets with their buffers and a ranking of a roll's plays.
#[derive(Debug, Clone)]
pub(super) struct Pruner {
    nets: Arc<Nets>,
    buf: Buffers,
    ranked: Vec<(f32, usize)>,
}

impl Pruner {
    /// A pruner ranking by `nets`, evaluating with `buf`.
    pub(super) fn new(nets: Arc<Nets>, buf: Buffers) -> Pruner {
        Pruner {
            nets,
            buf,
            ranked: Vec::new(),
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
        // Best first; equal values in the plays' order.
        self.ranked
            .sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best: Vec<usize> = self.ranked[..PRUNE_KEEP].iter().map(|r| r.1).collect();
        best.sort_unstable();
        out.clear();
        out.extend(best.into_iter().map(|i| plays[i]));
        true
    }
}
