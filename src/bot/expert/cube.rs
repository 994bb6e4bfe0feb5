//! Cube decisions from the nets' chances: Janowski's cubeful equities.
//!
//! Rick Janowski's model ("Take-Points in Money Games", 1993) values a position with the
//! cube as a mix of two extremes: the *dead cube* (nobody will double again: the cubeless
//! equity) and the *live cube* (a player doubles, or cashes, exactly at the point where the
//! other's take becomes a pass), weighted by the cube efficiency `x`:
//! `E = x * E_live + (1 - x) * E_dead`. With `p` the chance to win, `W` the average points of
//! a win and `L` of a loss (1 without gammons), the live cube's take point is
//! `TP = (L - 1/2) / (W + L + 1/2)` and its cash point `CP = (L + 1) / (W + L + 1/2)`, and
//! the live equity is linear in `p` between those corners (-L at p = 0, -1 at TP when the
//! opponent can cash, +1 at CP when the player can, W at p = 1).
//!
//! Equities here are per unit of the cube's current value, from the view of the player on
//! roll. In a match they are match-winning chances turned into the same units: the chances of
//! the game's outcomes are valued with the match equity table ([`super::met`]).

use super::eval::Probs;
use super::met::match_equity;
use super::net::{LOSE_BACKGAMMON, LOSE_GAMMON, WIN, WIN_BACKGAMMON, WIN_GAMMON};

pub mod info;
pub mod kind;
pub mod live;
pub mod verdict;

pub use info::{CubeInfo, MatchScore, Stakes};
pub use kind::{ContactKind, contact_efficiency, contact_kind};
pub use verdict::{CubeAction, CubeVerdict};

/// Cube efficiency in a race: from 0.6 in short races to 0.7 in long ones (the player on
/// roll's pip count).
#[must_use]
pub fn race_efficiency(pips: u32) -> f32 {
    0.6 + 0.1 * ((pips as f32 - 20.0) / 80.0).clamp(0.0, 1.0)
}

/// The cube efficiency of `position` (the player on roll's view): [`race_efficiency`] by
/// the player on roll's pips in a race, [`contact_efficiency`] of the position's
/// [`contact_kind`] while there is contact.
#[must_use]
pub fn efficiency(position: &crate::engine::Position) -> f32 {
    if position.is_race() {
        race_efficiency(position.mover_pips())
    } else {
        contact_efficiency(contact_kind(position))
    }
}

/// Who holds the cube, from the view of the player on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// In the centre.
    Centre,
    /// The player on roll.
    Me,
    /// The opponent.
    Opponent,
}

/// The match score from the view of the player on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// Points the player on roll still needs.
    pub mine: u32,
    /// Points the opponent still needs.
    pub theirs: u32,
    /// The Crawford game has been played (or is this game).
    pub post_crawford: bool,
}

/// What the cube decision depends on besides the chances.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeState {
    /// The cube's value.
    pub value: u32,
    /// Who holds it.
    pub holder: Holder,
    /// The cube efficiency (0 dead, 1 fully live).
    pub efficiency: f32,
    /// Money play with the Jacoby rule: gammons count only once the cube is turned.
    pub jacoby: bool,
    /// The match score (`None` for money play).
    pub score: Option<Score>,
}

/// The three equities of a cube decision (per unit of the current cube, the doubler's
/// view) and what they mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeDecision {
    /// No double.
    pub no_double: f32,
    /// Double, take.
    pub double_take: f32,
    /// Double, pass.
    pub double_pass: f32,
}

impl CubeDecision {
    /// The opponent should take a double (a take is no worse for it than a pass).
    #[must_use]
    pub fn take(&self) -> bool {
        self.double_take <= self.double_pass
    }

    /// The player on roll should double: a double gains, whatever the answer.
    #[must_use]
    pub fn double(&self) -> bool {
        self.double_take.min(self.double_pass) > self.no_double
    }

    /// Too good to double: the opponent would pass, but playing on is worth more.
    #[must_use]
    pub fn too_good(&self) -> bool {
        !self.take() && self.no_double >= self.double_pass
    }

    /// The opponent should beaver (money play): after taking, it is the favourite.
    #[must_use]
    pub fn beaver(&self) -> bool {
        self.double_take < 0.0
    }

    /// The equity of the right action (the minimum of double/take and double/pass when
    /// doubling is right, else no double).
    #[must_use]
    pub fn best(&self) -> f32 {
        if self.double() {
            self.double_take.min(self.double_pass)
        } else {
            self.no_double
        }
    }
}

/// `W` and `L` of the chances `p`, with outcomes worth `values` (single, gammon,
/// backgammon; for wins, then for losses, as positive numbers).
fn win_loss(p: &Probs, win_values: [f32; 3], loss_values: [f32; 3]) -> (f32, f32, f32) {
    let win = p[WIN].clamp(0.0, 1.0);
    let singles = (win - p[WIN_GAMMON]).max(0.0);
    let gammons = (p[WIN_GAMMON] - p[WIN_BACKGAMMON]).max(0.0);
    let wins =
        singles * win_values[0] + gammons * win_values[1] + p[WIN_BACKGAMMON] * win_values[2];
    let lose = 1.0 - win;
    let l_singles = (lose - p[LOSE_GAMMON]).max(0.0);
    let l_gammons = (p[LOSE_GAMMON] - p[LOSE_BACKGAMMON]).max(0.0);
    let losses = l_singles * loss_values[0]
        + l_gammons * loss_values[1]
        + p[LOSE_BACKGAMMON] * loss_values[2];
    let w = if win > 1e-6 {
        wins / win
    } else {
        win_values[0]
    };
    let l = if lose > 1e-6 {
        losses / lose
    } else {
        loss_values[0]
    };
    (win, w, l)
}

/// Janowski's equity for chance `p`, average win `w` and loss `l`, cube `holder`,
/// efficiency `x` (per unit of the cube).
#[must_use]
pub fn janowski(p: f32, w: f32, l: f32, holder: Holder, x: f32) -> f32 {
    let dead = p * (w + l) - l;
    let tp = (l - 0.5) / (w + l + 0.5);
    let cp = (l + 1.0) / (w + l + 0.5);
    let line = |p0: f32, e0: f32, p1: f32, e1: f32| {
        if p1 - p0 <= f32::EPSILON {
            e1
        } else {
            e0 + (p - p0) / (p1 - p0) * (e1 - e0)
        }
    };
    let live = match holder {
        Holder::Centre if p < tp => line(0.0, -l, tp, -1.0),
        Holder::Centre if p > cp => line(cp, 1.0, 1.0, w),
        Holder::Centre => line(tp, -1.0, cp, 1.0),
        Holder::Me if p < cp => line(0.0, -l, cp, 1.0),
        Holder::Me => line(cp, 1.0, 1.0, w),
        Holder::Opponent if p < tp => line(0.0, -l, tp, -1.0),
        Holder::Opponent => line(tp, -1.0, 1.0, w),
    };
    x * live + (1.0 - x) * dead
}

/// The cube decision of the player on roll with chances `p`.
#[must_use]
pub fn decide(p: &Probs, state: &CubeState) -> CubeDecision {
    match state.score {
        None => money(p, state),
        Some(score) => in_match(p, state, score),
    }
}

fn money(p: &Probs, s: &CubeState) -> CubeDecision {
    let real = [1.0, 2.0, 3.0];
    let (win, w, l) = win_loss(p, real, real);
    // Jacoby: while the cube is in the centre, gammons count single.
    let (w_nd, l_nd) = if s.jacoby && s.holder == Holder::Centre {
        (1.0, 1.0)
    } else {
        (w, l)
    };
    CubeDecision {
        no_double: janowski(win, w_nd, l_nd, s.holder, s.efficiency),
        double_take: 2.0 * janowski(win, w, l, Holder::Opponent, s.efficiency),
        double_pass: 1.0,
    }
}

/// Match play: the game's outcomes at cube `level` valued in match-winning chances, turned
/// into equity units where winning `level` is +1 and losing it -1; Janowski's formula on
/// those; then back to match-winning chances and into units of the current cube.
fn in_match(p: &Probs, s: &CubeState, score: Score) -> CubeDecision {
    // After this game a side 1 away plays post-Crawford only if the Crawford game has been
    // played (or is this one); else the Crawford game comes next.
    let mwc = |gain: i64| -> f32 {
        let mine = i64::from(score.mine);
        let theirs = i64::from(score.theirs);
        let (m, t) = if gain >= 0 {
            ((mine - gain).max(0), theirs)
        } else {
            (mine, (theirs + gain).max(0))
        };
        let post = score.post_crawford || (m != 1 && t != 1);
        match_equity(
            m as u32,
            t as u32,
            post && (m == 1 || t == 1) && score.post_crawford,
        )
    };
    let v = i64::from(s.value);
    // The value of the position at cube `c` with `holder`, in match-winning chances.
    let at_level = |c: i64, holder: Holder| -> f32 {
        let lo = mwc(-c);
        let hi = mwc(c);
        let span = (hi - lo).max(1e-6);
        let unit = |gain: i64| 2.0 * (mwc(gain) - lo) / span - 1.0;
        let wins = [unit(c), unit(2 * c), unit(3 * c)];
        let losses = [-unit(-c), -unit(-2 * c), -unit(-3 * c)];
        let (win, w, l) = win_loss(p, wins, losses);
        // A cube is dead for its holder when winning at this level already wins the match.
        let live = match holder {
            Holder::Me => i64::from(score.mine) > c,
            Holder::Opponent => i64::from(score.theirs) > c,
            Holder::Centre => i64::from(score.mine) > c || i64::from(score.theirs) > c,
        };
        let x = if live { s.efficiency } else { 0.0 };
        let e = janowski(win, w, l, holder, x);
        lo + (e + 1.0) / 2.0 * span
    };
    let nd = at_level(v, s.holder);
    let dt = at_level(2 * v, Holder::Opponent);
    let dp = mwc(v);
    // Into units of the current cube: +1 is winning v points, -1 losing them.
    let (lo, hi) = (mwc(-v), mwc(v));
    let span = (hi - lo).max(1e-6);
    let unit = |m: f32| 2.0 * (m - lo) / span - 1.0;
    CubeDecision {
        no_double: unit(nd),
        double_take: unit(dt),
        double_pass: unit(dp),
    }
}
