//! The reference's own position: the board form of `bg-tui moves --board`, checked against
//! assets/rules/README.md §2 on the way in, and turned round to the opponent's view on the way
//! out.

use super::spec::BoardSpec;

/// The rule sets whose plays the reference generates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Rules {
    /// assets/rules/README.md §1.
    Backgammon,
    /// §2.2: backgammon's moves.
    Portes,
    /// §2.3: pins instead of hits, no bar.
    Plakoto,
    /// §2.4: both sides the same way round, no hitting, start/own-quarter/trapping rules.
    Fevga,
    /// §2.6: backgammon with every checker starting on the bar.
    Jacquet,
}

impl Rules {
    /// Every rule set, in a fixed order.
    pub(crate) const ALL: [Rules; 5] = [
        Rules::Backgammon,
        Rules::Portes,
        Rules::Plakoto,
        Rules::Fevga,
        Rules::Jacquet,
    ];

    /// The lower-case name used on the command line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Rules::Backgammon => "backgammon",
            Rules::Portes => "portes",
            Rules::Plakoto => "plakoto",
            Rules::Fevga => "fevga",
            Rules::Jacquet => "jacquet",
        }
    }

    /// Backgammon, Portes and Jacquet move, hit and enter alike.
    pub(crate) fn hits(self) -> bool {
        matches!(self, Rules::Backgammon | Rules::Portes | Rules::Jacquet)
    }
}

/// A position from the mover's view. Index i is the mover's point i + 1.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Board {
    pub mine: [u8; 24],
    pub theirs: [u8; 24],
    /// [mine, theirs].
    pub bar: [u8; 2],
    /// Plakoto: the point holds both sides and the mover's single checker is the pinned one.
    /// Where both sides stand and this is false, the opponent's single checker is pinned.
    pub mine_pinned: [bool; 24],
}

impl Board {
    /// The mover's checkers on the board and on the bar.
    pub(crate) fn mine_in_play(&self) -> u32 {
        self.mine.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.bar[0])
    }

    /// The opponent's checkers on the board and on the bar.
    pub(crate) fn theirs_in_play(&self) -> u32 {
        self.theirs.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.bar[1])
    }

    /// The mover's checkers borne off.
    pub(crate) fn mine_off(&self) -> u32 {
        15 - self.mine_in_play()
    }

    /// Reads and checks a board of rule set `rules`.
    pub(crate) fn from_spec(rules: Rules, spec: &BoardSpec) -> Result<Board, String> {
        let board = Board {
            mine: spec.mine,
            theirs: spec.theirs,
            bar: spec.bar,
            mine_pinned: {
                let mut pinned = [false; 24];
                for &point in &spec.pinned {
                    if !(1..=24).contains(&point) {
                        return Err(format!("pinned point {point} is not 1-24"));
                    }
                    pinned[usize::from(point) - 1] = true;
                }
                pinned
            },
        };
        if board.mine_in_play() > 15 || board.theirs_in_play() > 15 {
            return Err("more than 15 checkers a side".into());
        }
        if rules != Rules::Plakoto && !spec.pinned.is_empty() {
            return Err("a pin outside plakoto".into());
        }
        if !rules.hits() && spec.bar != [0, 0] {
            return Err("a bar outside backgammon, portes and jacquet".into());
        }
        if !spec.pinned.windows(2).all(|w| w[0] < w[1]) {
            return Err("pinned points not ascending".into());
        }
        for i in 0..24 {
            let (mine, theirs) = (board.mine[i], board.theirs[i]);
            let shared = mine > 0 && theirs > 0;
            if rules != Rules::Plakoto && shared {
                return Err(format!("both sides on point {}", i + 1));
            }
            if board.mine_pinned[i] && !(mine == 1 && theirs >= 1) {
                return Err(format!("point {} listed as pinned without a pin", i + 1));
            }
            if shared && !board.mine_pinned[i] && theirs != 1 {
                return Err(format!("point {} holds two of theirs under mine", i + 1));
            }
        }
        Ok(board)
    }

    /// The board in the form of `bg-tui moves --board`, still from the mover's view.
    pub(crate) fn to_spec(&self) -> BoardSpec {
        BoardSpec {
            mine: self.mine,
            theirs: self.theirs,
            bar: self.bar,
            pinned: (1..=24u8)
                .filter(|&p| self.mine_pinned[usize::from(p) - 1])
                .collect(),
            pinned_theirs: Vec::new(),
        }
    }

    /// The same position from the view of the opponent, who is on roll next.
    pub(crate) fn turned(&self, rules: Rules) -> Board {
        let mut turned = Board {
            mine: [0; 24],
            theirs: [0; 24],
            bar: [self.bar[1], self.bar[0]],
            mine_pinned: [false; 24],
        };
        for i in 0..24 {
            // The opponent's point i + 1 is the mover's point 24 - i, except in Fevga, where
            // the opponent's 24-point is the mover's 12-point (a shift by twelve points).
            let j = if rules == Rules::Fevga {
                (i + 12) % 24
            } else {
                23 - i
            };
            turned.mine[i] = self.theirs[j];
            turned.theirs[i] = self.mine[j];
            // In Plakoto, where both stand and the mover's checker is not the pinned one, the
            // opponent's checker is pinned: from its view, its own checker is pinned.
            turned.mine_pinned[i] = self.mine[j] > 0 && self.theirs[j] > 0 && !self.mine_pinned[j];
        }
        turned
    }

    /// The opponent's point (in its own numbering) that is the mover's point `point` in Fevga.
    /// The map is its own inverse: both sides' 24-points sit twelve points apart.
    pub(crate) fn fevga_other_point(point: usize) -> usize {
        (point + 11) % 24 + 1
    }
}
