//! The fast legal-play generator for standard backgammon.
//!
//! Points are bits of a `u32` (bit 25 is the mover's bar). Two masks drive everything: the
//! points the mover occupies, updated as checkers move, and the points the opponent has
//! closed, which never change during a turn (a hit only ever removes a blot). From them one
//! die's legal sources come out in a few instructions, bar-first and bear-off rules included.
//!
//! Moves are made and taken back on one scratch board, read and written a byte at a time.
//! Each result is written into the output by copying a template holding the start position
//! (memory nobody has written lately) and storing only the points the steps touched. Reading
//! freshly written bytes back as a wider word (as copying the scratch board would) makes the
//! CPU wait for the writes to drain; measured, avoiding that doubled the speed.
//!
//! Every play is reported once per distinct resulting position. Instead of comparing
//! positions, the generator knows which orderings can give the same result and skips them;
//! only when a checker is borne off (where a higher die may take the highest checker) does it
//! compare positions. `tests/engine/movegen_reference.rs` checks all of this against a plainly
//! correct generator on many random positions.

use super::dice::Dice;
use super::place::Place;
use super::play::{Play, Step};
use super::position::{BAR, Position};

const BAR_BIT: u32 = 1 << BAR;
/// Points 7-24 and the bar: a checker there keeps the mover from bearing off.
const OUTSIDE_HOME: u32 = ((1 << 26) - 1) & !((1 << 7) - 1);
/// Points 1-24.
const POINTS: u32 = ((1 << 25) - 1) & !1;

/// Every legal play of `dice` in `position`, once per distinct resulting position.
/// Empty when nothing can be played.
///
/// # Examples
/// ```
/// use bg_tui::engine::{Dice, Position, Variant, format_play};
///
/// let plays = Variant::Backgammon.legal_plays(&Position::START, Dice::new(3, 1).unwrap());
/// assert_eq!(plays.len(), 16);
/// assert!(plays.iter().any(|p| format_play(p) == "8/5 6/5"));
/// ```
#[must_use]
pub(crate) fn legal_plays(position: &Position, dice: Dice) -> Vec<Play> {
    let mut plays = Vec::with_capacity(32);
    legal_plays_into(position, dice, &mut plays);
    plays
}

/// Like [`legal_plays`], but clears and fills a buffer the caller keeps, to save allocations.
pub(crate) fn legal_plays_into(position: &Position, dice: Dice, out: &mut Vec<Play>) {
    out.clear();
    let board = position.board();
    let (own, blocked, blots) = masks(board);
    let template = Play::from_packed(0, 0, *position);
    // Checkers outside the home board: when more than the dice can bring home, nothing is
    // borne off this turn, and with nothing on the bar a die's sources are one AND.
    let outside: i32 = board[7..].iter().map(|&n| i32::from(n.max(0))).sum();
    let plain = board[BAR] == 0 && outside > dice.moves() as i32;
    if dice.is_double() {
        let die = u32::from(dice.high());
        if plain {
            double::<true>(board, &template, own, blocked, die, out);
        } else {
            double::<false>(board, &template, own, blocked, die, out);
        }
    } else {
        let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
        if plain {
            two_dice::<true>(board, &template, own, blocked, blots, hi, lo, out);
        } else {
            two_dice::<false>(board, &template, own, blocked, blots, hi, lo, out);
        }
    }
}

/// The points (and bar) the mover occupies, the points the opponent has closed, and the
/// points where the opponent has a blot.
#[inline(always)]
pub(crate) fn masks(board: &[i8; 26]) -> (u32, u32, u32) {
    // Eight points at a time, from the high bit of each byte: positive, at most -2, or -1.
    const LOW_7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let nonzero = |w: u64| (((w & LOW_7) + LOW_7) | w) & HIGH;
    let gather = |high: u64| ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    let mut bytes = [0u8; 32];
    for (b, &n) in bytes.iter_mut().zip(board) {
        *b = n as u8;
    }
    let (words, _) = bytes.as_chunks::<8>();
    let (mut own, mut closed, mut blots) = (0, 0, 0);
    for (i, word) in words.iter().enumerate() {
        let w = u64::from_le_bytes(*word);
        let not_minus_one = nonzero(!w);
        own |= gather(nonzero(w) & !w) << (8 * i);
        closed |= gather(w & not_minus_one) << (8 * i);
        blots |= gather(HIGH & !not_minus_one) << (8 * i);
    }
    (own & (POINTS | BAR_BIT), closed & POINTS, blots & POINTS)
}

/// The points from which one checker may legally move by `die`.
#[inline(always)]
fn sources(own: u32, blocked: u32, die: u32) -> u32 {
    if own & BAR_BIT != 0 {
        // Bar first: the only move is entering on the opponent's home board.
        return if blocked & (1 << (BAR as u32 - die)) == 0 {
            BAR_BIT
        } else {
            0
        };
    }
    let inside = own & !(blocked << die) & POINTS & !((2 << die) - 1);
    if own & OUTSIDE_HOME != 0 || own == 0 {
        return inside;
    }
    // Bearing off: exactly from the die's point, or from the highest point when it is lower.
    let highest = 31 - own.leading_zeros();
    let mut off = own & (1 << die);
    if highest < die {
        off |= 1 << highest;
    }
    inside | off
}

/// Points from which a checker can move by `die` onto a point that is not closed.
#[inline(always)]
fn movable(blocked: u32, die: u32) -> u32 {
    !(blocked << die) & POINTS & !((2 << die) - 1)
}

/// [`sources`], or in a `PLAIN` position (nothing on the bar, nothing to bear off this turn)
/// simply the occupied points that can move.
#[inline(always)]
fn sources_of<const PLAIN: bool>(own: u32, blocked: u32, movable: u32, die: u32) -> u32 {
    if PLAIN {
        own & movable
    } else {
        sources(own, blocked, die)
    }
}

/// Moves one checker from `from` by `die` on the scratch board, updating the occupied mask.
/// The scratch board is only ever read and written a byte at a time.
#[inline(always)]
fn apply(board: &mut [i8; 26], own: &mut u32, from: u32, die: u32) -> Step {
    let f = from as usize;
    board[f] -= 1;
    *own &= !(u32::from(board[f] == 0) << from);
    if from > die {
        let t = (from - die) as usize;
        let hit = board[t] == -1;
        board[t] += 1 + i8::from(hit);
        board[0] -= i8::from(hit);
        *own |= 1 << t;
        Step {
            from: Place::of(from as u8),
            to: Place::of(t as u8),
            hit,
        }
    } else {
        Step {
            from: Place::of(from as u8),
            to: Place::OFF,
            hit: false,
        }
    }
}

/// Takes back a step made by [`apply`] (the caller restores the occupied mask).
#[inline(always)]
fn undo(board: &mut [i8; 26], step: Step) {
    board[step.from.index()] += 1;
    let t = step.to.index();
    let landed = i8::from(t != 0);
    board[t] -= landed * (1 + i8::from(step.hit));
    board[0] += i8::from(step.hit);
}

/// Pops the highest set bit.
#[inline(always)]
fn pop_highest(mask: &mut u32) -> u32 {
    let bit = 31 - mask.leading_zeros();
    *mask &= !(1 << bit);
    bit
}

/// Reports a play: the steps before the last have been made on `scratch`, and `last` is
/// the final step, not made. The template (the start position, in memory nobody has written
/// lately) is copied into the output, and only the points the steps touch are stored there:
/// nothing freshly written is read back wider than it was written, which would stall the CPU.
#[inline(always)]
fn push<const LEN: usize>(
    out: &mut Vec<Play>,
    template: &Play,
    scratch: &[i8; 26],
    packed: u64,
    last: Step,
    may_bear_off: bool,
) {
    let play = out.push_mut(*template);
    let all = packed | last.pack() << (16 * (LEN - 1));
    play.set_steps(all, LEN as u8);
    // Callers know when no step can bear off: the count is then left alone.
    if may_bear_off {
        play.position_mut().add_mover_off(bear_offs(all, LEN));
    }
    let board = play.board_mut();
    for i in 0..LEN - 1 {
        let bits = packed >> (16 * i);
        let from = (bits & 31) as usize;
        let to = (bits >> 5 & 31) as usize;
        board[from] = scratch[from];
        board[to] = scratch[to];
    }
    // The last step, in order: its source after the earlier steps, minus one; its landing
    // point plus one (a blot hit there goes from -1 to +1); one more on the opponent's bar.
    let (from, to, hit) = (last.from.index(), last.to.index(), i8::from(last.hit));
    board[from] = scratch[from] - 1;
    board[to] = scratch[to] + i8::from(to != 0) * (1 + hit);
    board[0] = scratch[0] - hit;
}

/// How many of the first `len` packed steps bear a checker off.
#[inline(always)]
fn bear_offs(packed: u64, len: usize) -> u8 {
    (0..len)
        .map(|i| u8::from(packed >> (16 * i + 5) & 31 == 0))
        .sum()
}

/// Reports a play whose steps have all been made on `scratch` (a double that cannot be
/// played in full): the touched points are copied from the scratch board.
#[inline(never)]
fn push_made(out: &mut Vec<Play>, template: &Play, scratch: &[i8; 26], packed: u64, len: u8) {
    let play = out.push_mut(*template);
    play.set_steps(packed, len);
    play.position_mut()
        .add_mover_off(bear_offs(packed, usize::from(len)));
    let board = play.board_mut();
    for i in 0..usize::from(len) {
        let bits = packed >> (16 * i);
        board[(bits & 31) as usize] = scratch[(bits & 31) as usize];
        board[(bits >> 5 & 31) as usize] = scratch[(bits >> 5 & 31) as usize];
    }
    board[0] = scratch[0];
}

/// Reports a play that bears off unless an earlier play already reached its position.
#[inline(never)]
fn push_unique(out: &mut Vec<Play>, template: &Play, scratch: &[i8; 26], packed: u64, last: Step) {
    push::<2>(out, template, scratch, packed, last, true);
    let last = out.len() - 1;
    let board = *out[last].position().board();
    if out[..last].iter().any(|p| p.position().board() == &board) {
        out.pop();
    }
}

/// A roll of two different numbers, `hi` > `lo`. `PLAIN`: nothing on the bar and nothing
/// can be borne off this turn.
#[allow(clippy::too_many_arguments)]
fn two_dice<const PLAIN: bool>(
    start: &[i8; 26],
    template: &Play,
    own: u32,
    blocked: u32,
    blots: u32,
    hi: u32,
    lo: u32,
    out: &mut Vec<Play>,
) {
    let on_bar = start[BAR] > 0;
    let mut scratch = *start;
    let (movable_hi, movable_lo) = (movable(blocked, hi), movable(blocked, lo));

    // The higher die first, then the lower.
    let mut firsts = sources_of::<PLAIN>(own, blocked, movable_hi, hi);
    while firsts != 0 {
        let s1 = pop_highest(&mut firsts);
        let mut o1 = own;
        let st1 = apply(&mut scratch, &mut o1, s1, hi);
        let mut seconds = sources_of::<PLAIN>(o1, blocked, movable_lo, lo);
        // One checker s1 -> s1-hi -> s1-hi-lo with no hit on the way ends where moving a
        // checker already on s1-lo by hi and then s1 by lo ends: that pair is reported.
        let t1 = u32::from(st1.to.number());
        if t1 > lo && !st1.hit && !on_bar && start[(s1 - lo) as usize] > 0 {
            seconds &= !(1 << t1);
        }
        while seconds != 0 {
            let s2 = pop_highest(&mut seconds);
            let st2 = step_of(&scratch, s2, lo);
            if !PLAIN && (t1 == 0 || s2 <= lo) {
                push_unique(out, template, &scratch, st1.pack(), st2);
            } else {
                // Nothing is borne off here: either step would have gone above.
                push::<2>(out, template, &scratch, st1.pack(), st2, false);
            }
        }
        undo(&mut scratch, st1);
    }

    // The lower die first, then the higher: only what the other order cannot give.
    if PLAIN || (!on_bar && (own & OUTSIDE_HOME).count_ones() >= 2) {
        // Nothing enters and nothing can be borne off (a checker stays outside home), so
        // two different checkers give nothing new: only one checker going on, s1 -> t1 ->
        // t1-hi, where it hits on t1, or where the way through s1-hi is closed or hits and
        // no checker of ours already stood on t1.
        let new_ends = (blots << lo) | (((blocked | blots) << hi) & !(own << lo));
        let mut chains = sources(own, blocked, lo) & (movable_hi << lo) & new_ends;
        while chains != 0 {
            let s1 = pop_highest(&mut chains);
            let mut o1 = own;
            let st1 = apply(&mut scratch, &mut o1, s1, lo);
            let st2 = step_of(&scratch, u32::from(st1.to.number()), hi);
            push::<2>(out, template, &scratch, st1.pack(), st2, false);
            undo(&mut scratch, st1);
        }
    } else {
        lower_die_first(start, template, &mut scratch, own, blocked, hi, lo, out);
    }

    if !out.is_empty() {
        return;
    }
    // No play uses both dice: play the higher die if it can be played, else the lower.
    let (die, mut singles) = match sources(own, blocked, hi) {
        0 => (lo, sources(own, blocked, lo)),
        s => (hi, s),
    };
    while singles != 0 {
        let s = pop_highest(&mut singles);
        let st = step_of(&scratch, s, die);
        push::<1>(out, template, &scratch, 0, st, true);
    }
}

/// The lower die first, then the higher, when a checker enters from the bar or one may be
/// borne off: every pair is tried, and only what the other order cannot give is reported.
#[allow(clippy::too_many_arguments)]
fn lower_die_first(
    start: &[i8; 26],
    template: &Play,
    scratch: &mut [i8; 26],
    own: u32,
    blocked: u32,
    hi: u32,
    lo: u32,
    out: &mut Vec<Play>,
) {
    let on_bar = start[BAR] > 0;
    let mut firsts = sources(own, blocked, lo);
    while firsts != 0 {
        let s1 = pop_highest(&mut firsts);
        let mut o1 = own;
        let st1 = apply(scratch, &mut o1, s1, lo);
        let mut seconds = sources(o1, blocked, hi);
        if !on_bar && !st1.to.is_off() && o1 & OUTSIDE_HOME != 0 {
            // Nothing is borne off and nothing entered: only the same checker going on can
            // end somewhere the higher die first does not reach.
            seconds &= 1 << st1.to.number();
        }
        while seconds != 0 {
            let s2 = pop_highest(&mut seconds);
            let bears_off = st1.to.is_off() || s2 <= hi;
            if !bears_off {
                if s2 != u32::from(st1.to.number()) {
                    // Two different checkers: the same two moves in the other order are legal
                    // too, unless the first had to enter from the bar.
                    if !on_bar || s2 == BAR as u32 {
                        continue;
                    }
                } else if !st1.hit
                    && (start[(s1 - hi) as usize] >= 0 || (!on_bar && start[st1.to.index()] > 0))
                {
                    // One checker s1 -> s1-lo -> s1-lo-hi with no hit on s1-lo: the same end
                    // through s1-hi (open, no blot), or moving a checker already on s1-lo.
                    continue;
                }
            }
            let st2 = step_of(scratch, s2, hi);
            if bears_off {
                push_unique(out, template, scratch, st1.pack(), st2);
            } else {
                push::<2>(out, template, scratch, st1.pack(), st2, false);
            }
        }
        undo(scratch, st1);
    }
}

/// The step of a legal move from `from` by `die` in `board`, without making it.
#[inline(always)]
fn step_of(board: &[i8; 26], from: u32, die: u32) -> Step {
    let to = from.saturating_sub(die);
    Step {
        from: Place::of(from as u8),
        to: Place::of(to as u8),
        hit: to != 0 && board[to as usize] == -1,
    }
}

/// A double: up to four moves of one number.
///
/// Moves are made from points in non-increasing order, so each multiset of moves (and so
/// each resulting position) is visited once; that order is legal whenever any order is.
/// Plays that use fewer moves are reported only while no longer one has been found.
fn double<const PLAIN: bool>(
    start: &[i8; 26],
    template: &Play,
    own: u32,
    blocked: u32,
    die: u32,
    out: &mut Vec<Play>,
) {
    let mut scratch = *start;
    let movable = movable(blocked, die);
    let sources = |own: u32| sources_of::<PLAIN>(own, blocked, movable, die);
    let mut best = 0;
    // Sources at or below `from`.
    let upto = |from: u32| (2u32 << from) - 1;
    // A play that ends early because nothing more can be moved.
    let short = |best: &mut u8, out: &mut Vec<Play>, scratch: &[i8; 26], packed: u64, depth: u8| {
        if depth > *best {
            out.clear();
            *best = depth;
        }
        if depth == *best {
            push_made(out, template, scratch, packed, depth);
        }
    };
    let mut first = sources(own);
    while first != 0 {
        let a = pop_highest(&mut first);
        let mut own1 = own;
        let st1 = apply(&mut scratch, &mut own1, a, die);
        let p1 = st1.pack();
        let mut second = sources(own1) & upto(a);
        if second == 0 {
            short(&mut best, out, &scratch, p1, 1);
        }
        while second != 0 {
            let b = pop_highest(&mut second);
            let mut own2 = own1;
            let st2 = apply(&mut scratch, &mut own2, b, die);
            let p2 = p1 | st2.pack() << 16;
            let mut third = sources(own2) & upto(b);
            if third == 0 {
                short(&mut best, out, &scratch, p2, 2);
            }
            while third != 0 {
                let c = pop_highest(&mut third);
                let mut own3 = own2;
                let st3 = apply(&mut scratch, &mut own3, c, die);
                let p3 = p2 | st3.pack() << 32;
                let mut fourth = sources(own3) & upto(c);
                if fourth == 0 {
                    short(&mut best, out, &scratch, p3, 3);
                } else if best < 4 {
                    out.clear();
                    best = 4;
                }
                while fourth != 0 {
                    let d = pop_highest(&mut fourth);
                    let st4 = step_of(&scratch, d, die);
                    push::<4>(out, template, &scratch, p3, st4, !PLAIN);
                }
                undo(&mut scratch, st3);
            }
            undo(&mut scratch, st2);
        }
        undo(&mut scratch, st1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks agree with reading the board one point at a time.
    #[test]
    fn masks_match_the_board() {
        let mut board = *Position::START.board();
        board[0] = -2;
        board[25] = 3;
        board[3] = -1;
        board[24] = 0;
        let own: u32 = (1..=25).filter(|&p| board[p] > 0).map(|p| 1 << p).sum();
        let closed: u32 = (1..=24).filter(|&p| board[p] <= -2).map(|p| 1 << p).sum();
        let blots: u32 = (1..=24).filter(|&p| board[p] == -1).map(|p| 1 << p).sum();
        assert_eq!(masks(&board), (own, closed, blots));
    }
}
