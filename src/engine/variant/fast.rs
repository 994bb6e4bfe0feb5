//! The fast legal-play generator for Plakoto and Fevga: the rule sets with no bar, where a
//! checker never leaves the board but by bearing off.
//!
//! Points are bits of a `u32`, as in backgammon's generator
//! ([`crate::engine::movegen`]). The points the opponent holds (in Plakoto: two or
//! more checkers, or one on top of a pinned checker of ours; in Fevga: any checker) never
//! change during a turn, since the mover's checkers only ever add to a point or pin a lone
//! checker, so one mask of closed points, shifted by the die, gives every legal source of a
//! die in a few instructions, the bear-off rules included. Moves are made and taken back on
//! one scratch board; each result is a copy of a template holding the start position with only
//! the points the steps touched written in.
//!
//! Every play is reported once per resulting position, without comparing positions:
//! - A double's moves are made from points in non-increasing order, so each multiset of
//!   moves is visited once; different multisets of one number end in different positions
//!   (the net flow of checkers, read from the highest point down, gives the multiset back),
//!   and that order is legal whenever any order is, because a move never closes a point nor
//!   takes a checker from above. Fevga's start rule is the one exception (a second checker
//!   may leave the 24-point only after the first has passed the opponent's start): while it
//!   holds, every order is tried and equal positions are merged by comparison.
//! - Two different numbers: the resulting position is a function of the net flow of
//!   checkers (in Plakoto a pin stands where the mover still has a checker on a lone opposing
//!   one). Two moves either share a point (one checker going on, whichever way round: the
//!   same end from the same highest point) or are independent (the same two moves in the
//!   other order, or two checkers borne off whichever die took which). The lower die first,
//!   an independent pair is new only when the higher move could not be played first; a mask
//!   of starting points catches the repeats of one checker going on, and a table of pairs
//!   those of two checkers borne off.
//!
//! The rule sets' step rules ([`VariantRules::step`](super::VariantRules::step)) remain the
//! reference: `tests/engine/rulesets_reference.rs` holds this generator to a plainly written one.

use crate::engine::Dice;
use crate::engine::Place;
use crate::engine::Position;
use crate::engine::movegen;
use crate::engine::{Play, Step};

/// Points 1-24.
const POINTS: u32 = ((1 << 25) - 1) & !1;
/// Points 7-24: a checker there keeps the mover from bearing off.
const OUTSIDE_HOME: u32 = POINTS & !((1 << 7) - 1);
/// Fevga: points 1-11, past the opponent's start.
const PAST_START: u32 = ((1 << 12) - 1) & !1;
/// Fevga: points 19-24, the mover's starting quarter.
const QUARTER: u32 = POINTS & !((1 << 19) - 1);
/// Fevga: the mover's starting point.
const START: usize = 24;

/// Which rule set a generator plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Pins, no start rule, no whole-play filter.
    Plakoto,
    /// No pins; the start rule and the own-quarter rule.
    Fevga,
}

/// The scratch state of one turn: the board as the steps made so far left it. `FEVGA`:
/// Fevga's rules, else Plakoto's.
struct Turn<'a, const FEVGA: bool> {
    scratch: [i8; 26],
    /// Points where the mover's checkers are on top (they can move).
    own: u32,
    /// Plakoto: the mover's checkers pinned under the opponent's (they cannot move, but they
    /// keep the mover from bearing off from below them).
    stuck: u32,
    /// Plakoto: the pin bits (1-24) as the steps so far left them.
    pins: u32,
    /// The mover's borne-off checkers so far.
    off: u8,
    /// Fevga: no checker had passed the opponent's start when the turn began.
    start_rule: bool,
    /// Points from which a checker may move by die `d` onto a point that is not closed
    /// (index `d`), bear-offs aside.
    movable: [u32; 7],
    template: Play,
    out: &'a mut Vec<Play>,
}

/// What a step changed, to take it back.
#[derive(Clone, Copy)]
struct Saved {
    from: usize,
    to: usize,
    board_from: i8,
    board_to: i8,
    own: u32,
    pins: u32,
    off: u8,
}

impl<'a, const FEVGA: bool> Turn<'a, FEVGA> {
    fn new(position: &Position, out: &'a mut Vec<Play>) -> Turn<'a, FEVGA> {
        let board = position.board();
        let pin_bits = position.pin_bits();
        // Their points: two or more checkers, or one.
        let (own, many, lone) = movegen::masks(board);
        let (closed, stuck) = if FEVGA {
            (many | lone, 0)
        } else {
            // Plakoto: a lone checker of theirs closes the point only on top of a pinned
            // checker of ours.
            (many | (lone & pin_bits), (many | lone) & pin_bits)
        };
        let start_rule = FEVGA && own & PAST_START == 0 && position.mover_off() == 0;
        let mut movable = [0u32; 7];
        for (die, m) in movable.iter_mut().enumerate().skip(1) {
            *m = !(closed << die) & POINTS & !((2 << die) - 1);
        }
        Turn {
            scratch: *board,
            own,
            stuck,
            pins: pin_bits,
            off: position.mover_off(),
            start_rule,
            movable,
            template: Play::from_packed(0, 0, *position),
            out,
        }
    }

    /// Nothing can be borne off this turn and Fevga's start rule does not bind: then a die's
    /// sources are the occupied points that can move ([`Turn::sources`] with `PLAIN`).
    fn is_plain(&self, moves: i32) -> bool {
        let outside: i32 = self.scratch[7..25]
            .iter()
            .map(|&n| i32::from(n.max(0)))
            .sum();
        !self.start_rule && (self.stuck & OUTSIDE_HOME != 0 || outside > moves)
    }

    /// The points from which one checker may move by `die` now. `PLAIN`: the turn
    /// [`Turn::is_plain`].
    #[inline(always)]
    fn sources<const PLAIN: bool>(&self, die: u32) -> u32 {
        let own = self.own;
        let inside = own & self.movable[die as usize];
        if PLAIN {
            return inside;
        }
        if own == 0 {
            return 0;
        }
        let all = own | self.stuck;
        let mut sources = if all & OUTSIDE_HOME != 0 {
            inside
        } else {
            // Bearing off: exactly from the die's point, or from the highest point when it
            // is lower (a pinned checker of ours counts where it stands).
            let highest = 31 - all.leading_zeros();
            let mut off = own & (1 << die);
            if highest < die {
                off |= own & (1 << highest);
            }
            inside | off
        };
        // Fevga's start rule: until a checker has passed the opponent's start, only one may
        // leave the 24-point.
        if FEVGA && self.start_rule && self.own & PAST_START == 0 && self.scratch[START] < 15 {
            sources &= !(1 << START);
        }
        sources
    }

    /// Moves one checker from `from` by `die` on the scratch board.
    #[inline(always)]
    fn make(&mut self, from: u32, die: u32) -> (Step, Saved) {
        let f = from as usize;
        let t = from.saturating_sub(die) as usize;
        let saved = Saved {
            from: f,
            to: t,
            board_from: self.scratch[f],
            board_to: self.scratch[t],
            own: self.own,
            pins: self.pins,
            off: self.off,
        };
        self.scratch[f] -= 1;
        if self.scratch[f] == 0 {
            self.own &= !(1 << from);
            if !FEVGA && self.pins & (1 << from) != 0 {
                // The last pinner has left: the pinned checker is free again.
                self.scratch[f] = -1;
                self.pins &= !(1 << from);
            }
        }
        let mut hit = false;
        if t == 0 {
            self.off += 1;
        } else {
            // Only Plakoto's open points hold a lone opposing checker: it is pinned.
            hit = !FEVGA && self.scratch[t] == -1;
            if hit {
                self.scratch[t] = 1;
                self.pins |= 1 << t;
            } else {
                self.scratch[t] += 1;
            }
            self.own |= 1 << t;
        }
        let step = Step {
            from: Place::of(from as u8),
            to: Place::of(t as u8),
            hit,
        };
        (step, saved)
    }

    /// Takes back a step made by [`Turn::make`].
    #[inline(always)]
    fn undo(&mut self, saved: Saved) {
        self.scratch[saved.to] = saved.board_to;
        self.scratch[saved.from] = saved.board_from;
        self.own = saved.own;
        self.pins = saved.pins;
        self.off = saved.off;
    }

    /// The position the steps so far lead to may end a play (Fevga's own-quarter rule).
    #[inline(always)]
    fn allowed(&self) -> bool {
        !FEVGA || self.own & QUARTER != QUARTER
    }

    /// Reports the play of the `len` steps in `packed`, all made on the scratch board.
    #[inline(always)]
    fn push(&mut self, packed: u64, len: usize) {
        let play = self.out.push_mut(self.template);
        play.set_steps(packed, len as u8);
        let position = play.position_mut();
        if !FEVGA {
            position.set_pin_bits(self.pins);
        }
        position.set_mover_off(self.off);
        let board = position.board_mut();
        for i in 0..len {
            let bits = packed >> (16 * i);
            let (from, to) = ((bits & 31) as usize, (bits >> 5 & 31) as usize);
            board[from] = self.scratch[from];
            board[to] = self.scratch[to];
        }
    }

    /// Whether the play may end after one more move, from `from` to `to` (0: off), not
    /// made (Fevga's own-quarter rule).
    #[inline(always)]
    fn allowed_after(&self, from: u32, to: u32) -> bool {
        if !FEVGA {
            return true;
        }
        let left = u32::from(self.scratch[from as usize] == 1) << from;
        let own = (self.own & !left) | (u32::from(to != 0) << to);
        own & QUARTER != QUARTER
    }

    /// Reports the play of the `LEN - 1` steps in `packed`, made on the scratch board, and
    /// one more from `from` by `die`, not made: its effect is written straight into the
    /// result, with no make and undo for the most numerous moves of all.
    #[inline(always)]
    fn push_last<const LEN: usize>(&mut self, packed: u64, from: u32, die: u32) {
        let (f, t) = (from as usize, from.saturating_sub(die) as usize);
        let left = self.scratch[f] - 1;
        // Plakoto: the last pinner leaving frees the pinned checker; landing on a lone
        // checker pins it.
        let unpin = !FEVGA && left == 0 && self.pins & (1 << f) != 0;
        let landed = t != 0;
        let hit = !FEVGA && landed && self.scratch[t] == -1;
        let step = Step {
            from: Place::of(from as u8),
            to: Place::of(t as u8),
            hit,
        };
        let pins = (self.pins & !(u32::from(unpin) << f)) | (u32::from(hit) << t);
        let play = self.out.push_mut(self.template);
        play.set_steps(packed | step.pack() << (16 * (LEN - 1)), LEN as u8);
        let position = play.position_mut();
        if !FEVGA {
            position.set_pin_bits(pins);
        }
        position.set_mover_off(self.off + u8::from(!landed));
        let board = position.board_mut();
        for i in 0..LEN - 1 {
            let bits = packed >> (16 * i);
            let (from, to) = ((bits & 31) as usize, (bits >> 5 & 31) as usize);
            board[from] = self.scratch[from];
            board[to] = self.scratch[to];
        }
        board[f] = left - i8::from(unpin);
        // Off is index 0, the opponent's bar, empty in these rule sets: written as it was.
        board[t] = self.scratch[t] + i8::from(landed) * (1 + i8::from(hit));
    }

    /// A roll of two different numbers, `hi` > `lo`.
    fn two_dice<const PLAIN: bool>(&mut self, hi: u32, lo: u32) {
        // One checker going on: a bit for the point it starts from.
        let mut chains = 0u32;
        // Two checkers borne off: bit `low` of `both_off[high]`.
        let mut both_off = [0u32; 7];
        let high_first = self.sources::<PLAIN>(hi);
        for (first, second) in [(hi, lo), (lo, hi)] {
            let mut firsts = self.sources::<PLAIN>(first);
            while firsts != 0 {
                let a = pop_highest(&mut firsts);
                let (st1, saved1) = self.make(a, first);
                let mut seconds = self.sources::<PLAIN>(second);
                if first == lo {
                    // Lower die first: two independent moves are new only when the higher
                    // one could not be played first (a move never closes a point, never puts
                    // a checker above a lower bear-off, and the start rule binds both orders
                    // alike), and one checker going on only from where it now stands.
                    seconds &= !high_first | 1 << st1.to.number();
                }
                while seconds != 0 {
                    let b = pop_highest(&mut seconds);
                    let to = b.saturating_sub(second);
                    if self.allowed_after(b, to) {
                        let new = if u32::from(st1.to.number()) == b || to == a {
                            // The same end from the same highest point, whichever die went
                            // first.
                            let top = if u32::from(st1.to.number()) == b {
                                a
                            } else {
                                b
                            };
                            let new = chains & (1 << top) == 0;
                            chains |= 1 << top;
                            new
                        } else if st1.to.is_off() && to == 0 {
                            let (high, low) = (a.max(b) as usize, a.min(b));
                            let new = both_off[high] & (1 << low) == 0;
                            both_off[high] |= 1 << low;
                            new
                        } else {
                            true
                        };
                        if new {
                            self.push_last::<2>(st1.pack(), b, second);
                        }
                    }
                }
                self.undo(saved1);
            }
        }
        if !self.out.is_empty() {
            return;
        }
        // No play uses both dice: the higher die if it can be played, else the lower.
        for die in [hi, lo] {
            let mut singles = self.sources::<PLAIN>(die);
            while singles != 0 {
                let a = pop_highest(&mut singles);
                let (st, saved) = self.make(a, die);
                if self.allowed() {
                    self.push(st.pack(), 1);
                }
                self.undo(saved);
            }
            if !self.out.is_empty() {
                return;
            }
        }
    }

    /// A double: up to four moves of `die`. `sorted`: moves from points in non-increasing
    /// order only (see the module docs); otherwise every order, with repeats merged.
    /// `depth` moves are made (in `packed`); `best` is the most moves of a play so far.
    fn double<const PLAIN: bool>(
        &mut self,
        die: u32,
        sorted: bool,
        upto: u32,
        depth: usize,
        packed: u64,
        best: &mut usize,
    ) {
        let mut sources = self.sources::<PLAIN>(die) & upto;
        while sources != 0 {
            let a = pop_highest(&mut sources);
            if depth + 1 == 4 {
                if sorted && self.allowed_after(a, a.saturating_sub(die)) {
                    if *best < 4 {
                        self.out.clear();
                        *best = 4;
                    }
                    self.push_last::<4>(packed, a, die);
                    continue;
                }
                let (st, saved) = self.make(a, die);
                self.report(packed | st.pack() << 48, 4, sorted, best);
                self.undo(saved);
                continue;
            }
            let (st, saved) = self.make(a, die);
            let packed = packed | st.pack() << (16 * depth);
            let upto = if sorted { (2 << a) - 1 } else { u32::MAX };
            self.double::<PLAIN>(die, sorted, upto, depth + 1, packed, best);
            self.undo(saved);
        }
        // After the longer plays below this one: a play that stops here counts only while no
        // longer one is legal.
        if depth > 0 {
            self.report(packed, depth, sorted, best);
        }
    }

    /// Reports a play of `len` moves of a double if no longer play has been found (and, when
    /// not `sorted`, its position has not been reported).
    #[inline(always)]
    fn report(&mut self, packed: u64, len: usize, sorted: bool, best: &mut usize) {
        if len < *best || !self.allowed() {
            return;
        }
        if len > *best {
            self.out.clear();
            *best = len;
        }
        self.push(packed, len);
        if !sorted {
            let last = self.out.len() - 1;
            let position = *self.out[last].position();
            if self.out[..last].iter().any(|p| p.position() == &position) {
                self.out.pop();
            }
        }
    }
}

/// Pops the highest set bit.
#[inline(always)]
fn pop_highest(mask: &mut u32) -> u32 {
    let bit = 31 - mask.leading_zeros();
    *mask &= !(1 << bit);
    bit
}

/// Every legal play of `dice` in `position` under `kind`'s step rules and the own-quarter
/// rule, once per resulting position, into `out` (cleared first). Fevga's trapping rule is
/// its caller's.
pub(crate) fn legal_plays_into(kind: Kind, position: &Position, dice: Dice, out: &mut Vec<Play>) {
    match kind {
        Kind::Plakoto => generate::<false>(position, dice, out),
        Kind::Fevga => generate::<true>(position, dice, out),
    }
}

fn generate<const FEVGA: bool>(position: &Position, dice: Dice, out: &mut Vec<Play>) {
    out.clear();
    let mut turn = Turn::<FEVGA>::new(position, out);
    let plain = turn.is_plain(dice.moves() as i32);
    if dice.is_double() {
        let die = u32::from(dice.high());
        let sorted = !turn.start_rule;
        let mut best = 0;
        if plain {
            turn.double::<true>(die, sorted, u32::MAX, 0, 0, &mut best);
        } else {
            turn.double::<false>(die, sorted, u32::MAX, 0, 0, &mut best);
        }
    } else {
        let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
        if plain {
            turn.two_dice::<true>(hi, lo);
        } else {
            turn.two_dice::<false>(hi, lo);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Fevga, Plakoto, generic};
    use crate::bench::corpus_of;
    use crate::engine::{Play, Variant};
    use std::collections::BTreeSet;

    /// The generic generator built on the rule set's step rules (the single source of truth
    /// for checker moves) and its whole-play rules.
    fn by_steps(
        variant: Variant,
        position: &crate::engine::Position,
        dice: crate::engine::Dice,
    ) -> Vec<Play> {
        let mut out = Vec::new();
        match variant {
            Variant::Plakoto => {
                generic::legal_plays_into(&Plakoto, position, dice, &|_| true, &mut out)
            }
            _ => {
                generic::legal_plays_into(
                    &Fevga,
                    position,
                    dice,
                    &|p| !Fevga::holds_own_quarter(p),
                    &mut out,
                );
                if Fevga::traps(position) && out.iter().any(|p| !Fevga::has_block(p.position())) {
                    out.retain(|p| !Fevga::has_block(p.position()));
                }
            }
        }
        out
    }

    /// On 30,000 positions of seeded self-play per rule set, the fast generator gives the
    /// same resulting positions as the step rules, each once, and every play's steps, taken
    /// one by one through the step rules, lead to the position it names.
    #[test]
    fn fast_generator_agrees_with_the_step_rules() {
        for variant in [Variant::Plakoto, Variant::Fevga] {
            let rules = variant.rules();
            let mut compared = 0;
            for seed in 1..=3 {
                for (position, dice) in corpus_of(variant, 10_000, seed) {
                    let fast = variant.legal_plays(&position, dice);
                    let slow = by_steps(variant, &position, dice);
                    let set = |plays: &[Play]| {
                        plays.iter().map(|p| *p.position()).collect::<BTreeSet<_>>()
                    };
                    assert_eq!(
                        set(&fast).len(),
                        fast.len(),
                        "{variant} {dice:?} {position:?}: a position twice"
                    );
                    assert_eq!(set(&fast), set(&slow), "{variant} {dice:?} {position:?}");
                    for play in &fast {
                        let mut here = position;
                        for step in play.steps().iter() {
                            let die =
                                (1..=6).find(|&d| rules.step(&here, step.from, d) == Some(*step));
                            assert!(
                                die.is_some(),
                                "{variant} {dice:?} {position:?}: step {step:?} of {play:?}"
                            );
                            here = rules.after_step_unchecked(&here, *step);
                        }
                        assert_eq!(
                            &here,
                            play.position(),
                            "{variant} {dice:?} {position:?}: {play:?}"
                        );
                    }
                    compared += 1;
                }
            }
            assert_eq!(compared, 30_000);
        }
    }
}
