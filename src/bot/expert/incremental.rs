//! The evaluator that works in increments: a net's first layer summed exactly, the sums of
//! the last position evaluated kept and updated for the next one (a play changes a few
//! inputs), as chess engines' NNUE nets do.
//!
//! - **Exact sums.** Every input of the nets is a whole number `m` over a denominator of its
//!   own ([`Grain`]: `n >= 2` is 0 or 1 over 1, a pip count is pips over 100). The first layer
//!   keeps each weight `w` as `w / D` rounded to a grid of its input's own, the finest (at
//!   most `2^-40`) on which every weight of the input fits in an `f32`'s 24 bits: an `f32`
//!   row. The sums are `f64`s, and each product `m * w / D` and every sum of them is a
//!   multiple of the finest grid well inside an `f64`'s 53 bits: exact, in any order (the
//!   largest sum each hidden unit can reach, every input at its most, is checked when the
//!   net is made; a net too large for it gets a coarser grid).
//! - **Increments.** The sums and inputs of the last position evaluated with a net are kept
//!   ([`Kept`]); the next position's sums are the kept ones plus `(m' - m)` times the row of
//!   each input that changed, or worked out afresh when more inputs changed than are
//!   non-zero. Exact, they never drift: a position's value does not depend on the positions
//!   evaluated before it, bit for bit.
//! - **Changed inputs named.** A caller that knows which inputs changed (the pruning nets'
//!   raw inputs: those of the points whose counts differ) names them with their values
//!   ([`FixedNet::forward_changed`]), and only their rows are added: the same exact sums.
//! - **Values.** Each sum is rounded once to `f32` and goes through a sigmoid on an `exp`
//!   of our own (within two ulps, the same on every machine), then the output layer in
//!   `f32`: within 1e-6 of the exact values (the forward pass in `f64`), as close as the
//!   plain [`super::net::Net::forward`] gets (tested on many positions).
//! - **Laid out for the cache and SIMD.** The rows are input-major (an input's row is one
//!   run of numbers), the hidden units padded to a whole number of blocks. The loops work in
//!   blocks of fixed sizes that the compiler vectorises; [`pulp`] compiles them for AVX2
//!   (and the baseline, the fallback) and picks at run time. The order of every addition
//!   is the source's, so both give the same bits.

use super::encode::{Encoding, Grain, grains};
use super::outputs::OUTPUTS;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};

/// Hidden units summed together while the rows of the changed inputs are added (their sums
/// stay in registers); a multiple of four [`LANES`], as the output layer reads them.
const BLOCK: usize = 32;
/// Lanes of the output layer's partial sums, and inputs compared at a time.
const LANES: usize = 8;
/// Below this many changed inputs, the sums are always updated rather than worked out
/// afresh (a position has more non-zero inputs than that).
const AFRESH_AT: usize = 16;
/// The finest grid of the weights: multiples of `2^-FINEST`.
const FINEST: i32 = 40;
/// The significant bits of an `f32`.
const F32_BITS: i32 = 24;

/// The best instruction set of this machine, found once.
static ARCH: LazyLock<pulp::Arch> = LazyLock::new(pulp::Arch::new);

/// Tells each [`FixedNet`] its own number, so that sums kept for one are never taken for
/// another's.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A net's weights as the evaluator in increments reads them.
#[derive(Debug, Clone, Copy)]
pub struct Layers<'a> {
    /// The net's inputs.
    pub inputs: usize,
    /// The net's hidden units.
    pub hidden: usize,
    /// `inputs * hidden` input-to-hidden weights, input-major.
    pub w1: &'a [f32],
    /// The hidden units' biases.
    pub b1: &'a [f32],
    /// `OUTPUTS * hidden` hidden-to-output weights, output-major.
    pub w2: &'a [f32],
    /// The output biases.
    pub b2: [f32; OUTPUTS],
}

/// A net's weights for the evaluator in increments (see the [module documentation](self)).
#[derive(Debug)]
pub struct FixedNet {
    id: u64,
    /// The inputs read (the grains', or the net's if fewer).
    inputs: usize,
    /// The hidden units, padded up to a whole number of [`BLOCK`]s.
    hidden: usize,
    /// `inputs * hidden` weights over their inputs' denominators, input-major, each row on
    /// a grid of its own (see the module's documentation).
    rows: Vec<f32>,
    /// The hidden units' biases on the finest grid.
    bias: Vec<f64>,
    /// The output weights, output-major, `hidden` a row (zero for the padding).
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// Each input's denominator, padded with ones to a whole number of [`LANES`] (the
    /// padding's inputs are zero, its rows zero).
    denominators: Vec<f32>,
}

impl FixedNet {
    /// The net of `layers` for inputs of the given grains.
    #[must_use]
    pub fn new(layers: Layers<'_>, grains: &[Grain]) -> FixedNet {
        let inputs = layers.inputs.min(grains.len());
        let padded = inputs.div_ceil(LANES) * LANES;
        let real_hidden = layers.hidden;
        let hidden = real_hidden.div_ceil(BLOCK).max(1) * BLOCK;
        let Layers { w1, b1, w2: w2_net, b2, .. } = layers;
        // The largest sum any hidden unit can reach, every input at its most: the grid is
        // the finest that keeps it (and so every product and partial sum) within 2^52.
        let bound = (0..real_hidden)
            .map(|h| {
                f64::from(b1[h]).abs()
                    + grains[..inputs]
                        .iter()
                        .enumerate()
                        .map(|(i, g)| {
                            f64::from(w1[i * real_hidden + h]).abs() * f64::from(g.most)
                                / f64::from(g.denominator)
                        })
                        .sum::<f64>()
            })
            .fold(1.0f64, f64::max);
        // Room for the rounding of each weight (at most half a step of the grid times the
        // largest input, per input) doubles the bound at worst.
        let finest = FINEST.min(50 - bound.log2().ceil() as i32);
        let on_grid = |v: f64, grid: i32| {
            let scale = 2f64.powi(grid);
            (v * scale).round() / scale
        };
        // Each row on a grid of its own, the finest on which its largest weight takes at
        // most an f32's 24 bits: the row is then exactly an f32 (half the memory of f64s).
        let mut rows = vec![0.0f32; padded * hidden];
        for (i, g) in grains[..inputs].iter().enumerate() {
            let d = f64::from(g.denominator);
            let row = &w1[i * real_hidden..(i + 1) * real_hidden];
            let largest = row
                .iter()
                .map(|&w| f64::from(w).abs() / d)
                .fold(0.0f64, f64::max);
            let grid = if largest > 0.0 {
                finest.min(F32_BITS - 1 - largest.log2().floor() as i32)
            } else {
                finest
            };
            for (h, &w) in row.iter().enumerate() {
                rows[i * hidden + h] = on_grid(f64::from(w) / d, grid) as f32;
            }
        }
        let mut bias = vec![0.0f64; hidden];
        for (b, &w) in bias.iter_mut().zip(b1) {
            *b = on_grid(f64::from(w), finest);
        }
        let mut w2 = vec![0.0f32; OUTPUTS * hidden];
        for k in 0..OUTPUTS {
            w2[k * hidden..k * hidden + real_hidden]
                .copy_from_slice(&w2_net[k * real_hidden..(k + 1) * real_hidden]);
        }
        FixedNet {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            inputs,
            hidden,
            rows,
            bias,
            w2,
            b2,
            denominators: (0..padded)
                .map(|i| grains.get(i).filter(|_| i < inputs).map_or(1.0, |g| f32::from(g.denominator)))
                .collect(),
        }
    }

    /// The outputs for the inputs `x` (as [`super::net::Net::forward`] reads them: missing inputs count
    /// as zero, extra ones are ignored), from the sums `kept` holds if they are this net's,
    /// and `kept` then holds `x`'s.
    pub fn forward(&self, x: &[f32], kept: &mut Kept) -> [f32; OUTPUTS] {
        ARCH.dispatch(Forward {
            net: self,
            x,
            kept,
        })
    }

    #[inline(always)]
    fn forward_inline(&self, x: &[f32], kept: &mut Kept) -> [f32; OUTPUTS] {
        kept.fit(self);
        let n = self.inputs.min(x.len());
        let Kept {
            whole,
            sums,
            changes: Changes {
                x: seen,
                index,
                by,
            },
            hidden,
            net,
        } = kept;
        let other_net = *net != self.id;
        // The inputs that changed since the sums kept, a chunk at a time: most chunks are
        // as they were (their bits compared), the others are turned into whole numbers.
        let mut changed = 0;
        let chunks = seen
            .chunks_exact_mut(LANES)
            .zip(whole.chunks_exact_mut(LANES))
            .zip(self.denominators.chunks_exact(LANES));
        for (c, ((seen, whole), d)) in chunks.enumerate() {
            let base = c * LANES;
            let mut now = [0.0f32; LANES];
            if base + LANES <= n {
                now.copy_from_slice(&x[base..base + LANES]);
            } else if base < n {
                now[..n - base].copy_from_slice(&x[base..n]);
            }
            let mut differ = 0;
            for l in 0..LANES {
                differ |= now[l].to_bits() ^ seen[l].to_bits();
            }
            if differ == 0 && !other_net {
                continue;
            }
            seen.copy_from_slice(&now);
            for l in 0..LANES {
                let m = round_small(now[l] * d[l]);
                let by_now = m.wrapping_sub(whole[l]);
                whole[l] = m;
                index[changed] = (base + l) as u32;
                by[changed] = by_now;
                changed += usize::from(by_now != 0);
            }
        }
        // Afresh (the biases and the non-zero inputs' rows) for another net's sums, or when
        // that adds fewer rows.
        if other_net || (changed > AFRESH_AT && changed > whole.iter().filter(|&&m| m != 0).count())
        {
            sums.copy_from_slice(&self.bias);
            changed = 0;
            for (i, &m) in whole.iter().enumerate() {
                index[changed] = i as u32;
                by[changed] = m;
                changed += usize::from(m != 0);
            }
            *net = self.id;
        }
        self.finish(sums, hidden, &index[..changed], &by[..changed])
    }

    /// The outputs when only the inputs `changes` names have changed since the sums `kept`
    /// holds (each as `(input, its value now)`; every other input as it was): the rows of
    /// those alone added, bit for bit what [`FixedNet::forward`] gives for the whole inputs
    /// (the sums are exact in any order). `None`, and nothing done, when `kept` does not
    /// hold this net's sums.
    pub fn forward_changed(
        &self,
        changes: &[(u32, f32)],
        kept: &mut Kept,
    ) -> Option<[f32; OUTPUTS]> {
        if kept.net != self.id
            || kept.whole.len() != self.denominators.len()
            || changes.len() > kept.whole.len()
        {
            return None;
        }
        Some(ARCH.dispatch(ForwardChanged {
            net: self,
            changes,
            kept,
        }))
    }

    #[inline(always)]
    fn forward_changed_inline(&self, changes: &[(u32, f32)], kept: &mut Kept) -> [f32; OUTPUTS] {
        let Kept {
            whole,
            sums,
            changes: Changes {
                x: seen,
                index,
                by,
            },
            hidden,
            ..
        } = kept;
        let mut changed = 0;
        for &(i, now) in changes {
            let i = i as usize;
            // An input past those the net reads counts as zero, as in the whole pass.
            if i >= self.inputs {
                continue;
            }
            seen[i] = now;
            let m = round_small(now * self.denominators[i]);
            let by_now = m.wrapping_sub(whole[i]);
            whole[i] = m;
            index[changed] = i as u32;
            by[changed] = by_now;
            changed += usize::from(by_now != 0);
        }
        self.finish(sums, hidden, &index[..changed], &by[..changed])
    }

    /// The rows `index` added `by` times to `sums`, then the hidden units and the outputs.
    #[inline(always)]
    fn finish(
        &self,
        sums: &mut [f64],
        hidden: &mut [f32],
        index: &[u32],
        by: &[i32],
    ) -> [f32; OUTPUTS] {
        add_rows(sums, &self.rows, self.hidden, index, by);
        // Rounded to f32 first, so that the sigmoids take eight lanes at a time.
        for (h, &s) in hidden.iter_mut().zip(sums.iter()) {
            *h = s as f32;
        }
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
        self.outputs(hidden)
    }

    /// The five outputs from the hidden units' values.
    #[inline(always)]
    fn outputs(&self, hidden: &[f32]) -> [f32; OUTPUTS] {
        // The five sums, then their sigmoids side by side.
        let mut pre = [0.0f32; LANES];
        pre[..OUTPUTS].copy_from_slice(&self.b2);
        for (o, row) in pre.iter_mut().zip(self.w2.chunks_exact(self.hidden)) {
            // Four lanes of eight: four chains of additions side by side.
            let mut lane = [0.0f32; 4 * LANES];
            for (w, h) in row.chunks_exact(4 * LANES).zip(hidden.chunks_exact(4 * LANES)) {
                for l in 0..4 * LANES {
                    lane[l] += w[l] * h[l];
                }
            }
            // Out of the vectoriser's sight: seeing the sum of the lanes, it would shuffle
            // the loop above to suit it.
            let lane = std::hint::black_box(lane);
            let mut eight = [0.0f32; LANES];
            for (l, e) in eight.iter_mut().enumerate() {
                *e = (lane[l] + lane[l + LANES]) + (lane[l + 2 * LANES] + lane[l + 3 * LANES]);
            }
            let sum = ((eight[0] + eight[1]) + (eight[2] + eight[3]))
                + ((eight[4] + eight[5]) + (eight[6] + eight[7]));
            *o += sum;
        }
        for p in &mut pre {
            *p = sigmoid(*p);
        }
        let mut out = [0.0f32; OUTPUTS];
        out.copy_from_slice(&pre[..OUTPUTS]);
        out
    }

}

/// One forward pass, for [`pulp`] to compile for each instruction set (a closure would be
/// compiled once, for the baseline: it is not inlined into the function with AVX2 on).
struct Forward<'a> {
    net: &'a FixedNet,
    x: &'a [f32],
    kept: &'a mut Kept,
}

/// [`FixedNet::forward_changed`]'s pass, compiled for each instruction set as [`Forward`].
struct ForwardChanged<'a> {
    net: &'a FixedNet,
    changes: &'a [(u32, f32)],
    kept: &'a mut Kept,
}

impl pulp::WithSimd for ForwardChanged<'_> {
    type Output = [f32; OUTPUTS];

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) -> [f32; OUTPUTS] {
        self.net.forward_changed_inline(self.changes, self.kept)
    }
}

impl pulp::WithSimd for Forward<'_> {
    type Output = [f32; OUTPUTS];

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) -> [f32; OUTPUTS] {
        self.net.forward_inline(self.x, self.kept)
    }
}

/// Adds `by[c]` times the row of input `index[c]` to `sums`, for each `c`: a block of
/// hidden units at a time, the rows added in their order (exact: see the module's
/// documentation).
#[inline(always)]
fn add_rows(sums: &mut [f64], rows: &[f32], hidden: usize, index: &[u32], by: &[i32]) {
    for (b, block) in sums.chunks_exact_mut(BLOCK).enumerate() {
        let mut acc = [0.0f64; BLOCK];
        acc.copy_from_slice(block);
        for (&i, &d) in index.iter().zip(by) {
            let start = i as usize * hidden + b * BLOCK;
            let row = &rows[start..start + BLOCK];
            // Most inputs change by one (a point gains or loses a checker).
            match d {
                1 => {
                    for (a, &w) in acc.iter_mut().zip(row) {
                        *a += f64::from(w);
                    }
                }
                -1 => {
                    for (a, &w) in acc.iter_mut().zip(row) {
                        *a -= f64::from(w);
                    }
                }
                _ => {
                    let d = f64::from(d);
                    for (a, &w) in acc.iter_mut().zip(row) {
                        *a += d * f64::from(w);
                    }
                }
            }
        }
        block.copy_from_slice(&acc);
    }
}

/// `v` rounded to the nearest whole number (`|v|` under 2^22; the inputs times their
/// denominators are whole numbers give or take a rounding of `f32`).
#[inline(always)]
fn round_small(v: f32) -> i32 {
    // Adding 1.5 * 2^23 leaves no bits below the units: the sum is rounded to a whole
    // number, which its low bits hold.
    const MAGIC: f32 = 12_582_912.0;
    ((v + MAGIC).to_bits() as i32).wrapping_sub(MAGIC.to_bits() as i32)
}

/// `e^x` for `x` in -80 to 80, within two ulps: Cody and Waite's reduction to
/// `2^n * e^r` with `|r| <= ln 2 / 2`, and Cephes' polynomial for `e^r`. Plain arithmetic
/// that the compiler vectorises, the same bits on every machine.
#[inline(always)]
#[must_use]
pub fn exp(x: f32) -> f32 {
    const MAGIC: f32 = 12_582_912.0;
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    // ln 2 = LN2_HI + LN2_LO, the first with few bits (n * LN2_HI is exact).
    const LN2_HI: f32 = 355.0 / 512.0;
    const LN2_LO: f32 = -2.121_944_4e-4;
    let t = x * LOG2E + MAGIC;
    let n = t - MAGIC;
    let exponent = (t.to_bits() as i32).wrapping_sub(MAGIC.to_bits() as i32);
    let r = (x - n * LN2_HI) - n * LN2_LO;
    let p = ((((1.987_569_2e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2)
        * r
        + 1.666_666_5e-1)
        * r
        + 0.5;
    let y = p * r * r + r + 1.0;
    f32::from_bits((y.to_bits() as i32).wrapping_add(exponent << 23) as u32)
}

/// The logistic function on [`exp`] (as [`super::net::sigmoid`], clamped to ±40).
#[inline(always)]
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    let x = x.clamp(-40.0, 40.0);
    1.0 / (1.0 + exp(-x))
}

/// The inputs and sums of the last position a [`FixedNet`] evaluated, and the buffers of
/// an evaluation.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    /// The net whose sums these are ([`FixedNet`]'s number), 0 for none.
    net: u64,
    /// The inputs in whole numbers.
    whole: Vec<i32>,
    /// The hidden units' sums (exact, see the module's documentation).
    sums: Vec<f64>,
    changes: Changes,
    hidden: Vec<f32>,
}

/// The inputs last seen and the rows to add.
#[derive(Debug, Clone, Default)]
struct Changes {
    /// The inputs last seen, padded with zeros.
    x: Vec<f32>,
    index: Vec<u32>,
    by: Vec<i32>,
}

impl Kept {
    /// Sizes the buffers for `net` (forgetting the sums when they are another net's).
    #[inline(always)]
    fn fit(&mut self, net: &FixedNet) {
        let inputs = net.denominators.len();
        if self.whole.len() != inputs || self.sums.len() != net.hidden {
            self.net = 0;
            self.whole = vec![0; inputs];
            self.sums = vec![0.0; net.hidden];
            self.hidden = vec![0.0; net.hidden];
            self.changes = Changes {
                x: vec![0.0; inputs],
                index: vec![0; inputs],
                by: vec![0; inputs],
            };
        }
    }
}

/// A net's [`FixedNet`], made on first use and kept with it.
#[derive(Debug, Clone, Default)]
pub(super) struct FixedCache(std::sync::OnceLock<(Encoding, Arc<FixedNet>)>);

impl FixedCache {
    /// The fixed net of the net whose `layers` are given, for `encoding`'s inputs; `None`
    /// when it was made for another encoding (a net reads one).
    pub(super) fn get<'a>(
        &self,
        layers: impl FnOnce() -> Layers<'a>,
        encoding: Encoding,
    ) -> Option<&FixedNet> {
        let (made_for, fixed) = self
            .0
            .get_or_init(|| (encoding, Arc::new(FixedNet::new(layers(), grains(encoding)))));
        (*made_for == encoding).then_some(&**fixed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_is_within_two_ulps_of_the_exact_value() {
        let mut worst = 0.0f64;
        let mut x = -80.0f32;
        while x <= 80.0 {
            let want = f64::from(x).exp();
            let got = f64::from(exp(x));
            worst = worst.max(((got - want) / want).abs());
            x += 0.001_37;
        }
        // Two ulps of f32 are 2^-22 relative at worst.
        assert!(worst < 2.4e-7, "{worst}");
        assert_eq!(exp(0.0), 1.0);
    }
}
