//! The luck of a roll, one way for every caller (the analysis's luck figures, the rollouts'
//! variance reduction): what the roll is worth to the player on roll less what a roll is
//! worth on average, each roll valued by the caller (after its best play, at the caller's
//! depth and in the caller's units).

use crate::engine::Dice;

/// Values each roll with `value` and returns the mean over the rolls, each weighted by how
/// many of the 36 it stands for (the doubles left out where `no_doubles`: a first roll that
/// may not be a double), and the value of `dice`. `value` is asked once a roll.
pub(crate) fn scan<const N: usize>(
    dice: Dice,
    no_doubles: bool,
    mut value: impl FnMut(Dice) -> [f64; N],
) -> ([f64; N], [f64; N]) {
    let mut sum = [0.0f64; N];
    let mut weight = 0.0f64;
    let mut actual = [0.0f64; N];
    for (d, w) in super::rolls() {
        if no_doubles && d.is_double() {
            continue;
        }
        let v = value(d);
        for (s, x) in sum.iter_mut().zip(v) {
            *s += f64::from(w) * x;
        }
        weight += f64::from(w);
        if same_roll(d, dice) {
            actual = v;
        }
    }
    if no_doubles && dice.is_double() {
        actual = value(dice);
    }
    (sum.map(|s| s / weight), actual)
}

/// Whether two rolls are the same roll, in either order.
pub(crate) fn same_roll(a: Dice, b: Dice) -> bool {
    let key = |d: Dice| (d.first().min(d.second()), d.first().max(d.second()));
    key(a) == key(b)
}
