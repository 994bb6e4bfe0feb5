//! The fast legal-play generator for standard backgammon.
//!
//! Points are bits of a `u32` (bit 25 is the mover's bar). Two masks drive everything: the
//! points the mover occupies, updated as checkers move, and the points the opponent has
//! closed, which never change during a turn (a hit only ever removes a blot). From them one
//! die's legal sources come out in a few instructions, bar-first and bear-off rules included.
//!
//! The board itself is held as 32 byte lanes in four `u64` words, each count offset by 0x40
//! so that adding or removing a checker never carries into the next lane. Moves are word
//! additions, the masks come from the words with a few SWAR operations, and each result is
//! written out as four words: no byte-by-byte copies that would stall the CPU.
//!
//! Every play is reported once per distinct resulting position. Instead of comparing
//! positions, the generator knows which orderings can give the same result and skips them;
//! only when a checker is borne off (where a higher die may take the highest checker) does it
//! compare positions. `tests/movegen_reference.rs` checks all of this against a plainly
//! correct generator on many random positions.

use super::dice::Dice;
use super::play::{Play, Step};
use super::position::{BAR, Position};

const BAR_BIT: u32 = 1 << BAR;
/// Points 7-24 and the bar: a checker there keeps the mover from bearing off.
const OUTSIDE_HOME: u32 = ((1 << 26) - 1) & !((1 << 7) - 1);
/// Points 1-24.
const POINTS: u32 = ((1 << 25) - 1) & !1;

const LOW_7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The board as 32 byte lanes in four words: lane `i` holds `board[i]` as a two's complement
/// byte, except lane 0, which holds the opponent's bar as a positive count; lanes 26-31 stay
/// zero. No move ever carries into the next lane: a checker leaves a point it is on (count at
/// least 1), lands on an empty or own point (count at least 0), or hits a blot, which turns
/// -1 into +1 with an XOR.
#[derive(Clone, Copy)]
struct Lanes([u64; 4]);

impl Lanes {
    #[inline(always)]
    fn from_board(board: &[i8; 26]) -> Lanes {
        let mut bytes = [0u8; 32];
        for (lane, &n) in bytes.iter_mut().zip(board) {
            *lane = n as u8;
        }
        bytes[0] = board[0].unsigned_abs();
        let (words, _) = bytes.as_chunks::<8>();
        Lanes([
            u64::from_le_bytes(words[0]),
            u64::from_le_bytes(words[1]),
            u64::from_le_bytes(words[2]),
            u64::from_le_bytes(words[3]),
        ])
    }

    #[inline(always)]
    fn get(&self, lane: u32) -> u8 {
        (self.0[(lane >> 3) as usize] >> ((lane & 7) * 8)) as u8
    }

    #[inline(always)]
    fn word(&mut self, lane: u32) -> &mut u64 {
        &mut self.0[(lane >> 3) as usize]
    }

    /// A checker leaves `lane` (which holds at least one).
    #[inline(always)]
    fn take(&mut self, lane: u32) {
        *self.word(lane) -= 1 << ((lane & 7) * 8);
    }

    /// A checker comes back to `lane`.
    #[inline(always)]
    fn put_back(&mut self, lane: u32) {
        *self.word(lane) += 1 << ((lane & 7) * 8);
    }

    /// A checker lands on `lane`; with `hit` the blot there (-1) goes to the opponent's bar.
    #[inline(always)]
    fn land(&mut self, lane: u32, hit: bool) {
        let shift = (lane & 7) * 8;
        let word = self.word(lane);
        *word = (*word ^ (u64::from(hit) * 0xFE) << shift) + (u64::from(!hit) << shift);
        self.0[0] += u64::from(hit);
    }

    /// Takes back [`Lanes::land`].
    #[inline(always)]
    fn unland(&mut self, lane: u32, hit: bool) {
        let shift = (lane & 7) * 8;
        let word = self.word(lane);
        *word = (*word ^ (u64::from(hit) * 0xFE) << shift) - (u64::from(!hit) << shift);
        self.0[0] -= u64::from(hit);
    }

    /// Bits of the points (and bar) where the mover has checkers.
    #[inline(always)]
    fn occupied(&self) -> u32 {
        let mut mask = 0;
        for (i, &w) in self.0.iter().enumerate() {
            mask |= gather_high_bits(nonzero(w) & !w) << (8 * i);
        }
        mask & (POINTS | BAR_BIT)
    }

    /// Bits of the points the opponent holds with two or more checkers.
    #[inline(always)]
    fn closed(&self) -> u32 {
        let mut mask = 0;
        for (i, &w) in self.0.iter().enumerate() {
            // Negative and not -1.
            mask |= gather_high_bits(w & nonzero(!w)) << (8 * i);
        }
        mask & POINTS
    }

    /// Writes the counts back as a board, one word at a time.
    #[inline(always)]
    fn write(&self, board: &mut [i8; 26]) {
        let first = self.0[0];
        let first = (first & !0xFF) | u64::from((first as u8).wrapping_neg());
        let (words, tail) = board.as_chunks_mut::<8>();
        words[0] = first.to_le_bytes().map(|b| b as i8);
        words[1] = self.0[1].to_le_bytes().map(|b| b as i8);
        words[2] = self.0[2].to_le_bytes().map(|b| b as i8);
        let last = self.0[3].to_le_bytes();
        tail[0] = last[0] as i8;
        tail[1] = last[1] as i8;
    }
}

/// The high bit of each byte of `w` that is not zero.
#[inline(always)]
fn nonzero(w: u64) -> u64 {
    (((w & LOW_7) + LOW_7) | w) & HIGH_BITS
}

/// Packs the high bits of a word's eight bytes into eight bits, lane 0 lowest.
#[inline(always)]
fn gather_high_bits(high: u64) -> u32 {
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Every legal play of `dice` in `position`, once per distinct resulting position.
/// Empty when nothing can be played.
#[must_use]
pub fn legal_plays(position: &Position, dice: Dice) -> Vec<Play> {
    let mut plays = Vec::with_capacity(32);
    legal_plays_into(position, dice, &mut plays);
    plays
}

/// Like [`legal_plays`], but clears and fills a buffer the caller keeps, to save allocations.
pub fn legal_plays_into(position: &Position, dice: Dice, out: &mut Vec<Play>) {
    out.clear();
    let board = position.board();
    let lanes = Lanes::from_board(board);
    let own = lanes.occupied();
    let blocked = lanes.closed();
    if dice.is_double() {
        let mut search = DoubleGen {
            blocked,
            die: u32::from(dice.high()),
            best: 0,
            out,
        };
        let mut scratch = lanes;
        search.search(&mut scratch, own, 0, BAR as u32, 0);
    } else {
        two_dice(
            board,
            &lanes,
            own,
            blocked,
            u32::from(dice.high()),
            u32::from(dice.low()),
            out,
        );
    }
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

/// Moves one checker from `from` by `die`, updating the occupied mask.
#[inline(always)]
fn apply(lanes: &mut Lanes, own: &mut u32, from: u32, die: u32) -> Step {
    lanes.take(from);
    *own &= !(u32::from(lanes.get(from) == 0) << from);
    if from > die {
        let to = from - die;
        let hit = lanes.get(to) == 0xFF;
        lanes.land(to, hit);
        *own |= 1 << to;
        Step {
            from: from as u8,
            to: to as u8,
            hit,
        }
    } else {
        Step {
            from: from as u8,
            to: 0,
            hit: false,
        }
    }
}

/// Takes back a step made by [`apply`] (the caller restores the occupied mask).
#[inline(always)]
fn undo(lanes: &mut Lanes, step: Step) {
    lanes.put_back(u32::from(step.from));
    if step.to != 0 {
        lanes.unland(u32::from(step.to), step.hit);
    }
}

/// Pops the highest set bit.
#[inline(always)]
fn pop_highest(mask: &mut u32) -> u32 {
    let bit = 31 - mask.leading_zeros();
    *mask &= !(1 << bit);
    bit
}

/// Reports a play with its steps packed 16 bits each.
#[inline(always)]
fn push(out: &mut Vec<Play>, lanes: &Lanes, packed: u64, len: u8) {
    out.push(Play::from_packed(packed, len, Position::EMPTY));
    let last = out.len() - 1;
    lanes.write(out[last].board_mut());
}

/// Reports a play that bears off unless an earlier play already reached its position.
#[inline(never)]
fn push_unique(out: &mut Vec<Play>, lanes: &Lanes, packed: u64, len: u8) {
    push(out, lanes, packed, len);
    let last = out.len() - 1;
    let board = *out[last].position().board();
    if out[..last].iter().any(|p| p.position().board() == &board) {
        out.pop();
    }
}

/// A roll of two different numbers, `hi` > `lo`.
fn two_dice(
    start: &[i8; 26],
    lanes: &Lanes,
    own: u32,
    blocked: u32,
    hi: u32,
    lo: u32,
    out: &mut Vec<Play>,
) {
    let on_bar = start[BAR] > 0;
    let mut scratch = *lanes;

    // The higher die first, then the lower.
    let mut firsts = sources(own, blocked, hi);
    while firsts != 0 {
        let s1 = pop_highest(&mut firsts);
        let mut o1 = own;
        let st1 = apply(&mut scratch, &mut o1, s1, hi);
        let mut seconds = sources(o1, blocked, lo);
        while seconds != 0 {
            let s2 = pop_highest(&mut seconds);
            let bears_off = st1.to == 0 || s2 <= lo;
            // One checker s1 -> s1-hi -> s1-hi-lo with no hit on the way ends where moving a
            // checker already on s1-lo by hi and then s1 by lo ends: that pair is reported.
            if !bears_off
                && s2 == u32::from(st1.to)
                && !st1.hit
                && !on_bar
                && start[(s1 - lo) as usize] > 0
            {
                continue;
            }
            let mut both = scratch;
            let mut o2 = o1;
            let st2 = apply(&mut both, &mut o2, s2, lo);
            let packed = st1.pack() | st2.pack() << 16;
            if bears_off {
                push_unique(out, &both, packed, 2);
            } else {
                push(out, &both, packed, 2);
            }
        }
        undo(&mut scratch, st1);
    }

    // The lower die first, then the higher: only what the other order cannot give.
    let mut firsts = sources(own, blocked, lo);
    while firsts != 0 {
        let s1 = pop_highest(&mut firsts);
        let mut o1 = own;
        let st1 = apply(&mut scratch, &mut o1, s1, lo);
        let mut seconds = sources(o1, blocked, hi);
        if !on_bar && st1.to != 0 && o1 & OUTSIDE_HOME != 0 {
            // Nothing is borne off and nothing entered: only the same checker going on can
            // end somewhere the higher die first does not reach.
            seconds &= 1 << st1.to;
        }
        while seconds != 0 {
            let s2 = pop_highest(&mut seconds);
            let bears_off = st1.to == 0 || s2 <= hi;
            if !bears_off {
                if s2 != u32::from(st1.to) {
                    // Two different checkers: the same two moves in the other order are legal
                    // too, unless the first had to enter from the bar.
                    if !on_bar || s2 == BAR as u32 {
                        continue;
                    }
                } else if !st1.hit
                    && (start[(s1 - hi) as usize] >= 0 || (!on_bar && start[st1.to as usize] > 0))
                {
                    // One checker s1 -> s1-lo -> s1-lo-hi with no hit on s1-lo: the same end
                    // through s1-hi (open, no blot), or moving a checker already on s1-lo.
                    continue;
                }
            }
            let mut both = scratch;
            let mut o2 = o1;
            let st2 = apply(&mut both, &mut o2, s2, hi);
            let packed = st1.pack() | st2.pack() << 16;
            if bears_off {
                push_unique(out, &both, packed, 2);
            } else {
                push(out, &both, packed, 2);
            }
        }
        undo(&mut scratch, st1);
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
        let mut one = *lanes;
        let mut o = own;
        let st = apply(&mut one, &mut o, s, die);
        push(out, &one, st.pack(), 1);
    }
}

/// A double: up to four moves of one number.
struct DoubleGen<'a> {
    blocked: u32,
    die: u32,
    /// The most moves any sequence found so far makes.
    best: u8,
    out: &'a mut Vec<Play>,
}

impl DoubleGen<'_> {
    /// Moves are made from points in non-increasing order, so each multiset of moves (and so
    /// each resulting position) is visited once; that order is legal whenever any order is.
    /// The steps so far travel packed in a `u64`, 16 bits each.
    fn search(&mut self, scratch: &mut Lanes, own: u32, depth: u8, max_from: u32, packed: u64) {
        let mut srcs = if depth == 4 {
            0
        } else {
            sources(own, self.blocked, self.die) & ((2 << max_from) - 1)
        };
        if srcs == 0 {
            if depth > self.best {
                // Plays that use more dice exist: the shorter ones are not legal.
                self.out.clear();
                self.best = depth;
            }
            if depth == self.best && depth > 0 {
                push(self.out, scratch, packed, depth);
            }
            return;
        }
        if depth == 3 {
            // The last move: report each play straight away.
            if self.best < 4 {
                self.out.clear();
                self.best = 4;
            }
            while srcs != 0 {
                let s = pop_highest(&mut srcs);
                let mut last = *scratch;
                let mut o = own;
                let step = apply(&mut last, &mut o, s, self.die);
                push(self.out, &last, packed | step.pack() << 48, 4);
            }
            return;
        }
        while srcs != 0 {
            let s = pop_highest(&mut srcs);
            let mut o = own;
            let step = apply(scratch, &mut o, s, self.die);
            self.search(
                scratch,
                o,
                depth + 1,
                s,
                packed | step.pack() << (16 * depth),
            );
            undo(scratch, step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lane masks agree with reading the board one point at a time.
    #[test]
    fn lane_masks_match_the_board() {
        let mut board = *Position::START.board();
        board[0] = -2;
        board[25] = 3;
        board[3] = -1;
        board[24] = 0;
        let lanes = Lanes::from_board(&board);
        let own: u32 = (1..=25).filter(|&p| board[p] > 0).map(|p| 1 << p).sum();
        let closed: u32 = (1..=24).filter(|&p| board[p] <= -2).map(|p| 1 << p).sum();
        assert_eq!(lanes.occupied(), own);
        assert_eq!(lanes.closed(), closed);
        let mut back = [0i8; 26];
        lanes.write(&mut back);
        assert_eq!(back, board);
    }
}
