//! The fast legal-play generator for standard backgammon.
//!
//! Points are bits of a `u32` (bit 25 is the mover's bar). Two masks drive everything: the
//! points the mover occupies, updated as checkers move, and the points the opponent has
//! closed, which never change during a turn (a hit only ever removes a blot). From them one
//! die's legal sources come out in a few instructions, bar-first and bear-off rules included.
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
    let board = *position.board();
    let own = occupied(&board);
    let blocked = closed(&board);
    if dice.is_double() {
        let mut search = DoubleGen {
            start: &board,
            blocked,
            die: u32::from(dice.high()),
            best: 0,
            out,
        };
        let mut scratch = board;
        search.search(&mut scratch, own, 0, BAR as u32, 0);
    } else {
        two_dice(
            &board,
            own,
            blocked,
            u32::from(dice.high()),
            u32::from(dice.low()),
            out,
        );
    }
}

/// Bits of the points (and bar) where the mover has checkers.
#[inline]
fn occupied(board: &[i8; 26]) -> u32 {
    let mut mask = 0;
    for (point, &n) in board.iter().enumerate().skip(1) {
        mask |= u32::from(n > 0) << point;
    }
    mask
}

/// Bits of the points the opponent holds with two or more checkers.
#[inline]
fn closed(board: &[i8; 26]) -> u32 {
    let mut mask = 0;
    for (point, &n) in board.iter().enumerate().take(25).skip(1) {
        mask |= u32::from(n <= -2) << point;
    }
    mask
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

/// Moves one checker from `from` by `die` on the scratch board, updating the occupied mask.
#[inline(always)]
fn apply(board: &mut [i8; 26], own: &mut u32, from: u32, die: u32) -> Step {
    let f = from as usize;
    board[f] -= 1;
    if board[f] == 0 {
        *own &= !(1 << from);
    }
    if from > die {
        let t = (from - die) as usize;
        let hit = board[t] == -1;
        if hit {
            board[t] = 1;
            board[0] -= 1;
        } else {
            board[t] += 1;
        }
        *own |= 1 << t;
        Step {
            from: from as u8,
            to: t as u8,
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
fn undo(board: &mut [i8; 26], step: Step) {
    board[step.from as usize] += 1;
    let t = step.to as usize;
    if t != 0 {
        if step.hit {
            board[t] = -1;
            board[0] += 1;
        } else {
            board[t] -= 1;
        }
    }
}

/// Replays a step on a board that is about to be reported.
#[inline(always)]
fn replay(board: &mut [i8; 26], step: Step) {
    board[step.from as usize] -= 1;
    let t = step.to as usize;
    if t != 0 {
        if step.hit {
            board[t] = 1;
            board[0] -= 1;
        } else {
            board[t] += 1;
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

/// Reports a play: the untouched start position is copied into the output and the steps are
/// replayed there (copying a freshly modified scratch board instead stalls the CPU, and so
/// would assembling the steps byte by byte: they travel packed in a `u64`).
#[inline(always)]
fn push<'a>(out: &'a mut Vec<Play>, start: &[i8; 26], packed: u64, len: u8) -> &'a mut [i8; 26] {
    out.push(Play::from_packed(packed, len, Position::from_board_unchecked(*start)));
    let last = out.len() - 1;
    let board = out[last].board_mut();
    for i in 0..len as usize {
        replay(board, Step::unpack(packed, i));
    }
    board
}

/// Reports a play that bears off unless an earlier play already reached its position.
#[inline(never)]
fn push_unique(out: &mut Vec<Play>, start: &[i8; 26], packed: u64, len: u8) {
    let board = *push(out, start, packed, len);
    let earlier = out.len() - 1;
    if out[..earlier].iter().any(|p| p.position().board() == &board) {
        out.pop();
    }
}

/// A roll of two different numbers, `hi` > `lo`.
fn two_dice(start: &[i8; 26], own: u32, blocked: u32, hi: u32, lo: u32, out: &mut Vec<Play>) {
    let on_bar = start[BAR] > 0;
    let mut scratch = *start;

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
            let st2 = step_of(&scratch, s2, lo);
            if bears_off {
                push_unique(out, start, st1.pack() | st2.pack() << 16, 2);
            } else {
                push(out, start, st1.pack() | st2.pack() << 16, 2);
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
            let st2 = step_of(&scratch, s2, hi);
            if bears_off {
                push_unique(out, start, st1.pack() | st2.pack() << 16, 2);
            } else {
                push(out, start, st1.pack() | st2.pack() << 16, 2);
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
        let st = step_of(start, s, die);
        push(out, start, st.pack(), 1);
    }
}

/// The step of a legal move from `from` by `die` in `board`, without making it.
#[inline(always)]
fn step_of(board: &[i8; 26], from: u32, die: u32) -> Step {
    if from > die {
        let to = from - die;
        Step {
            from: from as u8,
            to: to as u8,
            hit: board[to as usize] == -1,
        }
    } else {
        Step {
            from: from as u8,
            to: 0,
            hit: false,
        }
    }
}

/// A double: up to four moves of one number.
struct DoubleGen<'a> {
    start: &'a [i8; 26],
    blocked: u32,
    die: u32,
    /// The most moves any sequence found so far makes.
    best: u8,
    out: &'a mut Vec<Play>,
}

impl DoubleGen<'_> {
    /// Moves are made from points in non-increasing order, so each multiset of moves (and so
    /// each resulting position) is visited once; that order is legal whenever any order is.
    /// The steps so far travel packed in a `u64`, 16 bits each, so they stay in registers.
    fn search(&mut self, scratch: &mut [i8; 26], own: u32, depth: u8, max_from: u32, packed: u64) {
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
                push(self.out, self.start, packed, depth);
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
                let step = step_of(scratch, s, self.die);
                push(self.out, self.start, packed | step.pack() << 48, 4);
            }
            return;
        }
        while srcs != 0 {
            let s = pop_highest(&mut srcs);
            let mut o = own;
            let step = apply(scratch, &mut o, s, self.die);
            self.search(scratch, o, depth + 1, s, packed | step.pack() << (16 * depth));
            undo(scratch, step);
        }
    }
}
