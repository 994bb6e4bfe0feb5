//! A small neural network: one hidden layer of sigmoid units and [`OUTPUTS`] sigmoid
//! outputs, in `f32`, with a forward pass that allocates nothing and a gradient step for
//! temporal-difference and supervised training.

pub use super::outputs::{
    LOSE_BACKGAMMON, LOSE_GAMMON, OUTPUTS, Probs, WIN, WIN_BACKGAMMON, WIN_GAMMON,
};

use super::encode::Encoding;
use super::incremental::{FixedCache, FixedNet, Layers};

/// Hidden units summed together in the forward pass (a block's sums stay in registers).
const BLOCK: usize = 16;

/// The logistic function.
#[inline]
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    // Far out the result is 0 or 1 to f32 precision; clamping keeps exp() finite.
    1.0 / (1.0 + (-x.clamp(-40.0, 40.0)).exp())
}

/// A net with `inputs` inputs, `hidden` hidden units and [`OUTPUTS`] outputs.
///
/// The weights are stored input-major (`w1[i * hidden + h]` joins input `i` to hidden unit
/// `h`), so the forward pass adds one row per non-zero input: most inputs of a backgammon
/// position are zero, and a row is a run of contiguous floats the compiler vectorises.
#[derive(Debug, Clone)]
pub struct Net {
    inputs: usize,
    hidden: usize,
    /// `inputs * hidden` weights, input-major.
    w1: Vec<f32>,
    /// `hidden` biases of the hidden units.
    b1: Vec<f32>,
    /// `OUTPUTS * hidden` weights, output-major (`w2[k * hidden + h]`).
    w2: Vec<f32>,
    /// The output biases.
    b2: [f32; OUTPUTS],
    /// The same net for the evaluator in whole numbers, made on first use (and forgotten
    /// when a weight changes).
    fixed: FixedCache,
}

/// Nets are equal when their weights are.
impl PartialEq for Net {
    fn eq(&self, other: &Net) -> bool {
        (self.inputs, self.hidden, &self.w1, &self.b1, &self.w2, self.b2)
            == (other.inputs, other.hidden, &other.w1, &other.b1, &other.w2, other.b2)
    }
}

/// Buffers for one evaluation (so that evaluating allocates nothing).
#[derive(Debug, Clone)]
pub struct Scratch {
    hidden: Vec<f32>,
    delta: Vec<f32>,
    /// The indices of the non-zero inputs, in order.
    nonzero: Vec<usize>,
}

impl Scratch {
    /// Buffers for nets of up to `hidden` hidden units.
    #[must_use]
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            hidden: vec![0.0; hidden],
            delta: vec![0.0; hidden],
            nonzero: Vec::new(),
        }
    }
}

impl Net {
    /// A net of the given sizes with small weights drawn from `next_uniform` (which yields
    /// numbers in `[0, 1)`), as training from nothing starts.
    pub fn random(inputs: usize, hidden: usize, mut next_uniform: impl FnMut() -> f32) -> Net {
        let mut draw = |scale: f32| (next_uniform() * 2.0 - 1.0) * scale;
        let s1 = 1.0 / (inputs as f32).sqrt();
        let s2 = 1.0 / (hidden as f32).sqrt();
        Net {
            inputs,
            hidden,
            w1: (0..inputs * hidden).map(|_| draw(s1)).collect(),
            b1: (0..hidden).map(|_| draw(s1)).collect(),
            w2: (0..OUTPUTS * hidden).map(|_| draw(s2)).collect(),
            b2: [0.0; OUTPUTS],
            fixed: FixedCache::default(),
        }
    }

    /// A net made of given weights, in the order [`Net::weights`] lists them. `None` when
    /// `weights` does not hold exactly [`Net::weight_count`] numbers.
    #[must_use]
    pub fn from_weights(inputs: usize, hidden: usize, weights: &[f32]) -> Option<Net> {
        if weights.len() != Net::weight_count(inputs, hidden) {
            return None;
        }
        let (w1, rest) = weights.split_at(inputs * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, b2) = rest.split_at(OUTPUTS * hidden);
        Some(Net {
            inputs,
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: b2.try_into().ok()?,
            fixed: FixedCache::default(),
        })
    }

    /// The same net with `inputs` inputs: the new ones (past the last) with weights of zero,
    /// so that it gives the same outputs as before whatever they hold. Fewer inputs than
    /// the net has leave it as it is.
    #[must_use]
    pub fn with_inputs(&self, inputs: usize) -> Net {
        let mut net = self.clone();
        if inputs > self.inputs {
            net.w1.resize(inputs * self.hidden, 0.0);
            net.inputs = inputs;
            net.fixed = FixedCache::default();
        }
        net
    }

    /// The same net with `hidden` hidden units: each new unit with small random weights
    /// from the inputs (drawn from `next_uniform`, as [`Net::random`] draws them) and
    /// weights of zero to the outputs, so that it gives the same outputs as before and the
    /// new units learn from there. Fewer units than the net has leave it as it is.
    #[must_use]
    pub fn with_hidden(&self, hidden: usize, mut next_uniform: impl FnMut() -> f32) -> Net {
        let old = self.hidden;
        if hidden <= old {
            return self.clone();
        }
        let scale = 1.0 / (self.inputs as f32).sqrt();
        let mut draw = || (next_uniform() * 2.0 - 1.0) * scale;
        let mut w1 = Vec::with_capacity(self.inputs * hidden);
        for row in self.w1.chunks_exact(old) {
            w1.extend_from_slice(row);
            w1.extend((old..hidden).map(|_| draw()));
        }
        let mut b1 = self.b1.clone();
        b1.extend((old..hidden).map(|_| draw()));
        let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
        for row in self.w2.chunks_exact(old) {
            w2.extend_from_slice(row);
            w2.resize(w2.len() + hidden - old, 0.0);
        }
        Net {
            inputs: self.inputs,
            hidden,
            w1,
            b1,
            w2,
            b2: self.b2,
            fixed: FixedCache::default(),
        }
    }

    /// The net whose every weight is `1 - weight` times this net's plus `weight` times
    /// `other`'s (`weight` 0 gives this net, 1 gives `other`): a fitted net blended back
    /// towards the net it was fitted from. `None` when the two differ in size.
    #[must_use]
    pub fn blend(&self, other: &Net, weight: f32) -> Option<Net> {
        if (self.inputs, self.hidden) != (other.inputs, other.hidden) {
            return None;
        }
        let mix = |a: &[f32], b: &[f32]| -> Vec<f32> {
            a.iter()
                .zip(b)
                .map(|(&x, &y)| (1.0 - weight) * x + weight * y)
                .collect()
        };
        let b2 = mix(&self.b2, &other.b2);
        Some(Net {
            inputs: self.inputs,
            hidden: self.hidden,
            w1: mix(&self.w1, &other.w1),
            b1: mix(&self.b1, &other.b1),
            w2: mix(&self.w2, &other.w2),
            b2: b2.try_into().ok()?,
            fixed: FixedCache::default(),
        })
    }

    /// How many weights (biases included) a net of these sizes has.
    #[must_use]
    pub const fn weight_count(inputs: usize, hidden: usize) -> usize {
        inputs * hidden + hidden + OUTPUTS * hidden + OUTPUTS
    }

    /// Every weight: the input-to-hidden weights (input-major), the hidden biases, the
    /// hidden-to-output weights (output-major), the output biases.
    pub fn weights(&self) -> impl Iterator<Item = f32> + '_ {
        self.w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
            .copied()
    }

    /// The weights as the evaluator in whole numbers reads them: the input-to-hidden
    /// weights (input-major), the hidden biases, the hidden-to-output weights
    /// (output-major), the output biases.
    pub(super) fn layers(&self) -> Layers<'_> {
        Layers {
            inputs: self.inputs,
            hidden: self.hidden,
            w1: &self.w1,
            b1: &self.b1,
            w2: &self.w2,
            b2: self.b2,
        }
    }

    /// The net for the evaluator that works in increments ([`super::incremental`]), for
    /// `encoding`'s inputs: made on first use and kept. `None` when it was first made for
    /// another encoding (a net reads one).
    pub(super) fn fixed(&self, encoding: Encoding) -> Option<&FixedNet> {
        self.fixed.get(|| self.layers(), encoding)
    }

    /// Number of inputs.
    #[must_use]
    pub const fn inputs(&self) -> usize {
        self.inputs
    }

    /// Number of hidden units.
    #[must_use]
    pub const fn hidden(&self) -> usize {
        self.hidden
    }

    /// The outputs for input `x` (`x.len()` must be [`Net::inputs`]; extra inputs are
    /// ignored, missing ones count as zero). The hidden activations are left in `scratch`.
    pub fn forward(&self, x: &[f32], scratch: &mut Scratch) -> [f32; OUTPUTS] {
        let n = self.hidden;
        let hidden = &mut scratch.hidden[..n];
        hidden.copy_from_slice(&self.b1);
        // The non-zero inputs first, without a branch per input (which inputs are zero
        // changes from one position to the next, so a branch would often be mispredicted).
        let inputs = &x[..x.len().min(self.inputs)];
        if scratch.nonzero.len() < inputs.len() {
            scratch.nonzero.resize(inputs.len(), 0);
        }
        let nonzero = &mut scratch.nonzero[..inputs.len()];
        let mut count = 0;
        for (i, &xi) in inputs.iter().enumerate() {
            nonzero[count] = i;
            count += usize::from(xi != 0.0);
        }
        // Each hidden unit sums its rows in the order of the inputs, as a plain loop would,
        // a block of units at a time so that the sums stay in registers.
        let nonzero = &nonzero[..count];
        let mut blocks = hidden.chunks_exact_mut(BLOCK);
        for (b, block) in blocks.by_ref().enumerate() {
            let mut acc: [f32; BLOCK] = block.try_into().unwrap_or([0.0; BLOCK]);
            for &i in nonzero {
                let start = i * n + b * BLOCK;
                let row = &self.w1[start..start + BLOCK];
                let xi = inputs[i];
                if xi == 1.0 {
                    for (a, &w) in acc.iter_mut().zip(row) {
                        *a += w;
                    }
                } else {
                    for (a, &w) in acc.iter_mut().zip(row) {
                        *a += xi * w;
                    }
                }
            }
            block.copy_from_slice(&acc);
        }
        let done = n - blocks.into_remainder().len();
        for &i in nonzero {
            let xi = inputs[i];
            let row = &self.w1[i * n + done..(i + 1) * n];
            for (acc, &w) in hidden[done..].iter_mut().zip(row) {
                *acc += xi * w;
            }
        }
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
        // The five output sums side by side: five independent chains of additions instead
        // of one after another, each still added up in the order of the hidden units.
        let rows: [&[f32]; OUTPUTS] = std::array::from_fn(|k| &self.w2[k * n..(k + 1) * n]);
        let mut dots = [-0.0f32; OUTPUTS];
        for (j, &h) in hidden.iter().enumerate() {
            for (dot, row) in dots.iter_mut().zip(rows) {
                *dot += row[j] * h;
            }
        }
        let mut out = self.b2;
        for (o, dot) in out.iter_mut().zip(dots) {
            *o = sigmoid(*o + dot);
        }
        out
    }

    /// One gradient step of size `alpha` that moves the outputs for `x` towards `target`
    /// (on the squared error, through the sigmoids). Returns the outputs before the step.
    pub fn train(
        &mut self,
        x: &[f32],
        target: &[f32; OUTPUTS],
        alpha: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        let out = self.forward(x, scratch);
        self.fixed = FixedCache::default();
        let n = self.hidden;
        let mut delta_out = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            delta_out[k] = (target[k] - out[k]) * out[k] * (1.0 - out[k]);
        }
        let (hidden, delta) = (&scratch.hidden[..n], &mut scratch.delta[..n]);
        delta.fill(0.0);
        for (k, &d) in delta_out.iter().enumerate() {
            let row = &mut self.w2[k * n..(k + 1) * n];
            for ((w, &h), dh) in row.iter_mut().zip(hidden).zip(delta.iter_mut()) {
                *dh += d * *w;
                *w += alpha * d * h;
            }
            self.b2[k] += alpha * d;
        }
        for (dh, &h) in delta.iter_mut().zip(hidden) {
            *dh *= h * (1.0 - h) * alpha;
        }
        for (b, &dh) in self.b1.iter_mut().zip(delta.iter()) {
            *b += dh;
        }
        for (i, &xi) in x.iter().enumerate().take(self.inputs) {
            if xi != 0.0 {
                let row = &mut self.w1[i * n..(i + 1) * n];
                for (w, &dh) in row.iter_mut().zip(delta.iter()) {
                    *w += xi * dh;
                }
            }
        }
        out
    }

    /// Sets every weight to the mean of the same weight in `nets` (all of this net's
    /// sizes): how the threads of a training run pool what they learned.
    pub fn average_of(&mut self, nets: &[Net]) {
        if nets.is_empty() {
            return;
        }
        self.fixed = FixedCache::default();
        let scale = 1.0 / nets.len() as f32;
        let mean = |field: fn(&Net) -> &[f32], i: usize| -> f32 {
            nets.iter().map(|n| field(n)[i]).sum::<f32>() * scale
        };
        for i in 0..self.w1.len() {
            self.w1[i] = mean(|n| &n.w1, i);
        }
        for i in 0..self.b1.len() {
            self.b1[i] = mean(|n| &n.b1, i);
        }
        for i in 0..self.w2.len() {
            self.w2[i] = mean(|n| &n.w2, i);
        }
        for i in 0..OUTPUTS {
            self.b2[i] = mean(|n| &n.b2, i);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sigmoid_in_increments_is_the_plain_ones_within_two_ulps() {
        let mut x = -50.0f32;
        while x <= 50.0 {
            let d = (super::super::incremental::sigmoid(x) - super::sigmoid(x)).abs();
            assert!(d < 2.5e-7, "{x}: {d}");
            x += 0.000_97;
        }
    }

    /// A blend's every weight is the weighted mean of the two nets' same weight: at 0 the
    /// first net, at 1 the second, at 0.25 a quarter of the way (each weight checked, so a
    /// weight left out or taken from the wrong net fails), and nets of other sizes none.
    #[test]
    fn a_blend_is_each_weights_weighted_mean() {
        use super::Net;
        let mut seed = 1u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let a = Net::random(7, 5, &mut next);
        let b = Net::random(7, 5, &mut next);
        assert_eq!(a.blend(&b, 0.0).as_ref(), Some(&a));
        assert_eq!(a.blend(&b, 1.0).as_ref(), Some(&b));
        let quarter = a.blend(&b, 0.25).expect("the same sizes");
        let n = Net::weight_count(7, 5);
        assert_eq!(quarter.weights().count(), n);
        for ((x, y), z) in a.weights().zip(b.weights()).zip(quarter.weights()) {
            assert!((z - (0.75 * x + 0.25 * y)).abs() < 1e-6, "{x} {y} {z}");
        }
        assert_ne!(quarter, a);
        assert!(a.blend(&Net::random(8, 5, &mut next), 0.5).is_none());
        assert!(a.blend(&Net::random(7, 6, &mut next), 0.5).is_none());
    }
}
