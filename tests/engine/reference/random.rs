//! Random positions of each rule set, with the awkward ones over-represented: many pins,
//! many blots, blocks and primes, checkers on the bar, bear-offs, Fevga near its start,
//! Fevga blocks across the 1/24 seam with the opponent behind them, and the mover holding
//! five of its 19-24 in Fevga.

use super::board::{Board, Rules};
use rand::{Rng, RngExt};

/// Which side a checker belongs to while a position is laid out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Mine,
    Theirs,
}

/// A position being laid out checker by checker, each side in its own numbering.
struct Layout {
    rules: Rules,
    board: Board,
    /// Checkers each side has still to place (the rest are borne off).
    left: [u8; 2],
}

impl Layout {
    fn new(rules: Rules) -> Layout {
        Layout {
            rules,
            board: Board {
                mine: [0; 24],
                theirs: [0; 24],
                bar: [0, 0],
                mine_pinned: [false; 24],
            },
            left: [15, 15],
        }
    }

    /// The mover's index of `side`'s own point `point` (1-24).
    fn index(&self, side: Side, point: usize) -> usize {
        match side {
            Side::Mine => point - 1,
            Side::Theirs if self.rules == Rules::Fevga => Board::fevga_other_point(point) - 1,
            Side::Theirs => 24 - point,
        }
    }

    fn counts(&self, side: Side, i: usize) -> (u8, u8) {
        match side {
            Side::Mine => (self.board.mine[i], self.board.theirs[i]),
            Side::Theirs => (self.board.theirs[i], self.board.mine[i]),
        }
    }

    /// Whether `side` may be given a checker on its own point `point`.
    fn can_place(&self, side: Side, point: usize) -> bool {
        let i = self.index(side, point);
        let (own, other) = self.counts(side, i);
        if self.rules != Rules::Plakoto {
            return other == 0;
        }
        if other == 0 {
            return true;
        }
        // Both stand here: only on top of the other's pinned checker.
        let other_is_pinned = match side {
            Side::Mine => !self.board.mine_pinned[i],
            Side::Theirs => self.board.mine_pinned[i],
        };
        if own > 0 {
            other_is_pinned
        } else {
            // Pinning a lone checker of the other side.
            other == 1
        }
    }

    /// Puts a checker of `side` on its own point `point` (which must be allowed).
    fn place(&mut self, side: Side, point: usize) {
        let i = self.index(side, point);
        let (own, other) = self.counts(side, i);
        if own == 0 && other == 1 {
            // A pin: the mover's checker is the pinned one when the opponent lands.
            self.board.mine_pinned[i] = side == Side::Theirs;
        }
        match side {
            Side::Mine => self.board.mine[i] += 1,
            Side::Theirs => self.board.theirs[i] += 1,
        }
        self.left[side as usize] -= 1;
    }

    /// Places up to `count` checkers of `side`, each on a point drawn by `pick` (own
    /// numbering), skipping points it may not use.
    fn scatter<R: Rng>(
        &mut self,
        rng: &mut R,
        side: Side,
        count: u8,
        mut pick: impl FnMut(&mut R) -> usize,
    ) {
        for _ in 0..count.min(self.left[side as usize]) {
            for _ in 0..40 {
                let point = pick(rng);
                if self.can_place(side, point) {
                    self.place(side, point);
                    break;
                }
            }
        }
    }

    /// Where nothing is ever sent back (Plakoto, Fevga), a side with a checker outside its
    /// home board cannot have borne off: its checkers still to place go on its own points up
    /// to its highest.
    fn fill_rest<R: Rng>(&mut self, rng: &mut R, side: Side) {
        let highest = (1..=24)
            .rev()
            .find(|&p| self.counts(side, self.index(side, p)).0 > 0)
            .unwrap_or(0);
        if highest > 6 {
            for _ in 0..4 {
                let n = self.left[side as usize];
                self.scatter(rng, side, n, |r| r.random_range(1..=highest));
            }
        }
    }

    /// Puts up to `count` checkers of `side` on its bar.
    fn put_on_bar(&mut self, side: Side, count: u8) {
        let n = count.min(self.left[side as usize]);
        self.board.bar[side as usize] += n;
        self.left[side as usize] -= n;
    }

    /// Makes `side` hold its own points `points` with `each` checkers, where it may.
    fn hold(&mut self, side: Side, points: impl IntoIterator<Item = usize>, each: u8) {
        for point in points {
            for _ in 0..each {
                if self.left[side as usize] > 0 && self.can_place(side, point) {
                    self.place(side, point);
                }
            }
        }
    }
}

/// A random position of `rules`, valid for it: checked by [`Board::from_spec`], both sides
/// with a checker left, and in Plakoto and Fevga (where nothing is ever sent back) borne-off
/// checkers only when all of that side's checkers are home. In Fevga the mover never starts
/// a turn holding all six points 19-24 (no play may end so), nor the opponent its own six.
pub(crate) fn random_board<R: Rng>(rules: Rules, rng: &mut R) -> Board {
    loop {
        let layout = match rules {
            Rules::Backgammon | Rules::Portes => backgammon_layout(rules, rng),
            Rules::Jacquet => jacquet_layout(rng),
            Rules::Plakoto => plakoto_layout(rng),
            Rules::Fevga => fevga_layout(rng),
        };
        let mut layout = layout;
        if matches!(rules, Rules::Plakoto | Rules::Fevga) {
            for side in [Side::Mine, Side::Theirs] {
                layout.fill_rest(rng, side);
            }
        }
        let board = layout.board;
        if acceptable(rules, &board) {
            return board;
        }
    }
}

/// The checks every random position passes before it is used.
fn acceptable(rules: Rules, board: &Board) -> bool {
    if Board::from_spec(rules, &board.to_spec()).is_err() {
        return false;
    }
    if board.mine_in_play() == 0 || board.theirs_in_play() == 0 {
        return false;
    }
    if matches!(rules, Rules::Plakoto | Rules::Fevga) {
        let turned = board.turned(rules);
        for side in [board, &turned] {
            if side.mine_off() > 0 && side.mine[6..].iter().any(|&n| n > 0) {
                return false;
            }
        }
        if rules == Rules::Fevga
            && (super::generator::holds_own_quarter(board)
                || super::generator::holds_own_quarter(&turned))
        {
            return false;
        }
    }
    true
}

/// A few points a side holds in a row, two checkers each.
fn prime<R: Rng>(layout: &mut Layout, rng: &mut R, side: Side) {
    let length = rng.random_range(4..=6);
    let first = rng.random_range(1..=25 - length);
    layout.hold(side, first..first + length, 2);
}

fn backgammon_layout<R: Rng>(rules: Rules, rng: &mut R) -> Layout {
    let mut layout = Layout::new(rules);
    match rng.random_range(0..7) {
        // Cramped: a few checkers of the mover before many closed points, where often only
        // one die can be played (the higher-die rule).
        6 => {
            if rng.random_bool(0.3) {
                layout.put_on_bar(Side::Mine, 1);
            }
            let n = rng.random_range(1..=3);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(7..=24));
            let held = rng.random_range(5..=7);
            for _ in 0..held {
                let point = rng.random_range(1..=24);
                layout.hold(Side::Theirs, [point], 2);
            }
            let n = rng.random_range(0..=3);
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(1..=24));
        }
        // Scattered, a few on the bar now and then.
        0 => {
            for side in [Side::Mine, Side::Theirs] {
                if rng.random_range(0..4) == 0 {
                    let n = rng.random_range(1..=3);
                    layout.put_on_bar(side, n);
                }
                let n = rng.random_range(1..=15);
                layout.scatter(rng, side, n, |r| r.random_range(1..=24));
            }
        }
        // The mover bears off; the opponent may still be in contact in the mover's home.
        1 => {
            let n = rng.random_range(1..=15);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=6));
            if rng.random_bool(0.3) {
                layout.scatter(rng, Side::Mine, 1, |r| r.random_range(7..=9));
            }
            let n = rng.random_range(1..=15);
            let contact = rng.random_bool(0.5);
            layout.scatter(rng, Side::Theirs, n, |r| {
                if contact && r.random_bool(0.2) {
                    r.random_range(19..=24)
                } else {
                    r.random_range(1..=12)
                }
            });
            if rng.random_bool(0.2) {
                layout.put_on_bar(Side::Theirs, 1);
            }
        }
        // The mover on the bar against a strong home board.
        2 => {
            let n = rng.random_range(1..=4);
            layout.put_on_bar(Side::Mine, n);
            let held = rng.random_range(2..=6);
            for _ in 0..held {
                let point = rng.random_range(1..=6);
                layout.hold(Side::Theirs, [point], 2);
            }
            layout.scatter(rng, Side::Theirs, 5, |r| r.random_range(1..=24));
            let n = rng.random_range(0..=11);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=24));
        }
        // A prime, and the other side behind it or on the bar.
        3 => {
            let (primer, other) = if rng.random_bool(0.5) {
                (Side::Mine, Side::Theirs)
            } else {
                (Side::Theirs, Side::Mine)
            };
            prime(&mut layout, rng, primer);
            if rng.random_bool(0.3) {
                layout.put_on_bar(other, 2);
            }
            let n = rng.random_range(1..=15);
            layout.scatter(rng, other, n, |r| r.random_range(12..=24));
            let n = rng.random_range(0..=5);
            layout.scatter(rng, primer, n, |r| r.random_range(1..=24));
        }
        // Many blots.
        4 => {
            for side in [Side::Mine, Side::Theirs] {
                let n = rng.random_range(4..=12);
                layout.scatter(rng, side, n, |r| r.random_range(1..=24));
            }
        }
        // Near the start: each side's usual points, a few moved.
        _ => {
            for side in [Side::Mine, Side::Theirs] {
                layout.hold(side, [24], 2);
                layout.hold(side, [13, 6], 5);
                layout.hold(side, [8], 3);
            }
            // Take some back off and put them elsewhere (the board is mostly full).
            let mut spare = rng.random_range(0..=4);
            while spare > 0 {
                let i = rng.random_range(0..24);
                if layout.board.mine[i] > 0 {
                    layout.board.mine[i] -= 1;
                    layout.left[0] += 1;
                    spare -= 1;
                }
            }
            let n = layout.left[0];
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=24));
        }
    }
    layout
}

fn jacquet_layout<R: Rng>(rng: &mut R) -> Layout {
    let mut layout = Layout::new(Rules::Jacquet);
    match rng.random_range(0..3) {
        // The entering phase: most still on the bar, the entered ones in the opposing home
        // board (the mover's 19-24 for the mover, the opponent's own 19-24 for it).
        0 | 1 => {
            for side in [Side::Mine, Side::Theirs] {
                let entered = rng.random_range(0..=15);
                let advanced = rng.random_bool(0.3);
                layout.scatter(rng, side, entered, |r| {
                    if advanced {
                        r.random_range(1..=24)
                    } else {
                        r.random_range(19..=24)
                    }
                });
                layout.put_on_bar(side, 15);
            }
        }
        _ => return backgammon_layout(Rules::Jacquet, rng),
    }
    layout
}

fn plakoto_layout<R: Rng>(rng: &mut R) -> Layout {
    let mut layout = Layout::new(Rules::Plakoto);
    match rng.random_range(0..6) {
        // Cramped: the mover's stack on its 24-point before closed points of theirs (their
        // own 2-8), a few of its checkers ahead: often only one die can be played.
        5 => {
            let held = rng.random_range(3..=6);
            for _ in 0..held {
                let point = rng.random_range(2..=8);
                layout.hold(Side::Theirs, [point], 2);
            }
            let n = rng.random_range(0..=3);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=23));
            layout.hold(Side::Mine, [24], 15);
            let n = layout.left[1];
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(1..=12));
        }
        // Scattered.
        0 => {
            for side in [Side::Mine, Side::Theirs] {
                let n = rng.random_range(1..=15);
                layout.scatter(rng, side, n, |r| r.random_range(1..=24));
            }
        }
        // Many pins: blots of both sides first, then checkers landing on them.
        1 => {
            for _ in 0..3 {
                for side in [Side::Theirs, Side::Mine] {
                    let n = rng.random_range(2..=5);
                    layout.scatter(rng, side, n, |r| r.random_range(1..=24));
                }
            }
        }
        // The mover bears off, some of its checkers pinned in its home board by opposing
        // checkers still near their start (the opponent's own 19-24).
        2 => {
            let n = rng.random_range(2..=6);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=6));
            let n = rng.random_range(1..=6);
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(19..=24));
            let n = rng.random_range(0..=9);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=6));
            if rng.random_bool(0.3) {
                layout.scatter(rng, Side::Mine, 1, |r| r.random_range(7..=12));
            }
            let n = rng.random_range(0..=9);
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(1..=24));
        }
        // Near the start: most checkers on their own 24-point (the mothers in reach).
        3 => {
            for side in [Side::Mine, Side::Theirs] {
                let stay = rng.random_range(1..=15);
                layout.hold(side, [24], stay);
                let n = rng.random_range(0..=15);
                layout.scatter(rng, side, n, |r| r.random_range(13..=24));
            }
        }
        // Blocks: a side holds points in a row, the other side's blots before it.
        _ => {
            let (primer, other) = if rng.random_bool(0.5) {
                (Side::Mine, Side::Theirs)
            } else {
                (Side::Theirs, Side::Mine)
            };
            prime(&mut layout, rng, primer);
            let n = rng.random_range(1..=15);
            layout.scatter(rng, other, n, |r| r.random_range(1..=24));
            let n = rng.random_range(0..=5);
            layout.scatter(rng, primer, n, |r| r.random_range(1..=24));
        }
    }
    layout
}

/// A block of six of the mover's in Fevga, often across its 1/24 seam, and the opposing
/// checkers behind it (or most of them).
fn fevga_block<R: Rng>(rng: &mut R, layout: &mut Layout) {
    // The block's lowest point in the opponent's numbering; 8..=13 puts it across
    // the seam (the opponent's 12 and 13 are the mover's 24 and 1).
    let r = if rng.random_bool(0.5) {
        rng.random_range(8..=13)
    } else {
        rng.random_range(1..=17)
    };
    for q in r..=r + 5 {
        let point = Board::fevga_other_point(q);
        let each = rng.random_range(1..=2);
        layout.hold(Side::Mine, [point], each);
    }
    let all_behind = rng.random_bool(0.7);
    let n = if rng.random_bool(0.7) {
        15
    } else {
        rng.random_range(1..=15)
    };
    layout.scatter(rng, Side::Theirs, n, |rr| {
        if all_behind || rr.random_bool(0.8) {
            rr.random_range((r + 6).min(24)..=24)
        } else {
            rr.random_range(1..=24)
        }
    });
    let n = rng.random_range(0..=4);
    layout.scatter(rng, Side::Mine, n, |rr| rr.random_range(1..=24));
}

fn fevga_layout<R: Rng>(rng: &mut R) -> Layout {
    let mut layout = Layout::new(Rules::Fevga);
    match rng.random_range(0..9) {
        // Cramped: the mover's stack on its 24-point, one passed, single checkers of theirs
        // on many of my 13-23 (their own 1-11): often only one die can be played.
        7 => {
            let singles = rng.random_range(5..=10);
            layout.scatter(rng, Side::Theirs, singles, |r| r.random_range(1..=11));
            let n = rng.random_range(1..=2);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=11));
            layout.hold(Side::Mine, [24], 15);
            let n = layout.left[1];
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(1..=11));
        }
        // Own quarter, hemmed in: two or three on each of five of my 19-24, the way out
        // held by single checkers of theirs, the rest of mine passed and stuck: every play
        // of both dice may end holding all six.
        8 => {
            let gap = rng.random_range(19..=24);
            for point in 19..=24 {
                if point != gap {
                    let each = rng.random_range(2..=3);
                    layout.hold(Side::Mine, [point], each);
                }
            }
            for point in 13..=18 {
                if rng.random_bool(0.8) {
                    let own = Board::fevga_other_point(point);
                    layout.hold(Side::Theirs, [own], 1);
                }
            }
            let n = layout.left[0];
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=2));
            let n = layout.left[1];
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(1..=12));
        }
        // Near the start: each side keeps most on its 24-point and has at most one runner
        // that has not passed the opponent's start, or some checkers that have passed it.
        0 | 1 => {
            for side in [Side::Mine, Side::Theirs] {
                let out = rng.random_range(0..=4);
                let passed = rng.random_bool(0.5);
                if passed {
                    layout.scatter(rng, side, out, |r| r.random_range(1..=23));
                    layout.scatter(rng, side, 1, |r| r.random_range(1..=11));
                } else if out > 0 {
                    layout.scatter(rng, side, 1, |r| r.random_range(12..=23));
                }
                layout.hold(side, [24], 15);
            }
        }
        // The middle game: scattered, both sides past the start.
        2 => {
            for side in [Side::Mine, Side::Theirs] {
                layout.scatter(rng, side, 1, |r| r.random_range(1..=11));
                let n = rng.random_range(0..=14);
                layout.scatter(rng, side, n, |r| r.random_range(1..=24));
            }
        }
        // A block of the mover, often across its 1/24 seam, and the opposing checkers
        // behind it (or most of them).
        3 | 6 => fevga_block(rng, &mut layout),
        // Own quarter: the mover holds five of its 19-24 and has checkers able to fill the
        // sixth; the opponent is past its start.
        4 => {
            let gap = rng.random_range(19..=24);
            for point in 19..=24 {
                if point != gap {
                    let each = rng.random_range(1..=2);
                    layout.hold(Side::Mine, [point], each);
                }
            }
            let n = rng.random_range(1..=6);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=24));
            layout.scatter(rng, Side::Theirs, 1, |r| r.random_range(1..=11));
            let n = rng.random_range(1..=14);
            layout.scatter(rng, Side::Theirs, n, |r| r.random_range(1..=24));
        }
        // Bear-off.
        _ => {
            let n = rng.random_range(1..=15);
            layout.scatter(rng, Side::Mine, n, |r| r.random_range(1..=6));
            let home = rng.random_bool(0.3);
            let n = rng.random_range(1..=15);
            layout.scatter(rng, Side::Theirs, n, |r| {
                r.random_range(1..=if home { 6 } else { 12 })
            });
        }
    }
    layout
}
