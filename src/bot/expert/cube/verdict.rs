//! The cube decision in GNU Backgammon's words: from the three equities of a decision (no
//! double, double/take, double/pass) to "No double, take", "Too good to redouble, pass",
//! "Optional double, take" and the rest, as gnubg's analysis and hints name them.

use super::Holder;
use super::info::{CubeInfo, Stakes};

/// The right cube action of the player on roll and its opponent's answer, as GNU
/// Backgammon names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CubeVerdict {
    /// Double, take.
    DoubleTake,
    /// Double, pass.
    DoublePass,
    /// No double, take.
    NoDoubleTake,
    /// Too good to double: play on for the gammon, a double would be taken.
    TooGoodTake,
    /// Too good to double: play on for the gammon, a double would be passed.
    TooGoodPass,
    /// Double, beaver (money play): the opponent is the favourite after taking.
    DoubleBeaver,
    /// No double, beaver.
    NoDoubleBeaver,
    /// Redouble, take.
    RedoubleTake,
    /// Redouble, pass.
    RedoublePass,
    /// No redouble, take.
    NoRedoubleTake,
    /// Too good to redouble, take.
    TooGoodRedoubleTake,
    /// Too good to redouble, pass.
    TooGoodRedoublePass,
    /// No redouble, beaver.
    NoRedoubleBeaver,
    /// The cube is dead in this match (centred): never double.
    NoDoubleDeadCube,
    /// The cube is dead in this match (held by the player on roll): never redouble.
    NoRedoubleDeadCube,
    /// The player on roll may not double (the opponent holds the cube, the Crawford game,
    /// the leader after it).
    NotAvailable,
    /// Doubling and playing on are worth the same; a double would be taken.
    OptionalDoubleTake,
    /// Redoubling and playing on are worth the same; a redouble would be taken.
    OptionalRedoubleTake,
    /// Doubling and playing on are worth the same; a double would be beavered.
    OptionalDoubleBeaver,
    /// Doubling and playing on are worth the same; a double would be passed.
    OptionalDoublePass,
    /// Redoubling and playing on are worth the same; a redouble would be passed.
    OptionalRedoublePass,
}

impl CubeVerdict {
    /// GNU Backgammon's words for it ("Too good to redouble, pass").
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            CubeVerdict::DoubleTake => "Double, take",
            CubeVerdict::DoublePass => "Double, pass",
            CubeVerdict::NoDoubleTake => "No double, take",
            CubeVerdict::TooGoodTake => "Too good to double, take",
            CubeVerdict::TooGoodPass => "Too good to double, pass",
            CubeVerdict::DoubleBeaver => "Double, beaver",
            CubeVerdict::NoDoubleBeaver => "No double, beaver",
            CubeVerdict::RedoubleTake => "Redouble, take",
            CubeVerdict::RedoublePass => "Redouble, pass",
            CubeVerdict::NoRedoubleTake => "No redouble, take",
            CubeVerdict::TooGoodRedoubleTake => "Too good to redouble, take",
            CubeVerdict::TooGoodRedoublePass => "Too good to redouble, pass",
            CubeVerdict::NoRedoubleBeaver => "No redouble, beaver",
            CubeVerdict::NoDoubleDeadCube => "Never double, take (dead cube)",
            CubeVerdict::NoRedoubleDeadCube => "Never redouble, take (dead cube)",
            CubeVerdict::NotAvailable => "Cube not available",
            CubeVerdict::OptionalDoubleTake => "Optional double, take",
            CubeVerdict::OptionalRedoubleTake => "Optional redouble, take",
            CubeVerdict::OptionalDoubleBeaver => "Optional double, beaver",
            CubeVerdict::OptionalDoublePass => "Optional double, pass",
            CubeVerdict::OptionalRedoublePass => "Optional redouble, pass",
        }
    }

    /// The verdict whose words are `text` (as [`CubeVerdict::words`] gives them, case
    /// ignored).
    #[must_use]
    pub fn from_words(text: &str) -> Option<CubeVerdict> {
        CubeVerdict::ALL
            .into_iter()
            .find(|v| v.words().eq_ignore_ascii_case(text.trim()))
    }

    /// Every verdict.
    pub const ALL: [CubeVerdict; 21] = [
        CubeVerdict::DoubleTake,
        CubeVerdict::DoublePass,
        CubeVerdict::NoDoubleTake,
        CubeVerdict::TooGoodTake,
        CubeVerdict::TooGoodPass,
        CubeVerdict::DoubleBeaver,
        CubeVerdict::NoDoubleBeaver,
        CubeVerdict::RedoubleTake,
        CubeVerdict::RedoublePass,
        CubeVerdict::NoRedoubleTake,
        CubeVerdict::TooGoodRedoubleTake,
        CubeVerdict::TooGoodRedoublePass,
        CubeVerdict::NoRedoubleBeaver,
        CubeVerdict::NoDoubleDeadCube,
        CubeVerdict::NoRedoubleDeadCube,
        CubeVerdict::NotAvailable,
        CubeVerdict::OptionalDoubleTake,
        CubeVerdict::OptionalRedoubleTake,
        CubeVerdict::OptionalDoubleBeaver,
        CubeVerdict::OptionalDoublePass,
        CubeVerdict::OptionalRedoublePass,
    ];

    /// The player on roll should double (optional doubles included).
    #[must_use]
    pub const fn doubles(self) -> bool {
        matches!(
            self,
            CubeVerdict::DoubleTake
                | CubeVerdict::DoublePass
                | CubeVerdict::DoubleBeaver
                | CubeVerdict::RedoubleTake
                | CubeVerdict::RedoublePass
                | CubeVerdict::OptionalDoubleTake
                | CubeVerdict::OptionalRedoubleTake
                | CubeVerdict::OptionalDoubleBeaver
                | CubeVerdict::OptionalDoublePass
                | CubeVerdict::OptionalRedoublePass
        )
    }

    /// Doubling is as good as playing on.
    #[must_use]
    pub const fn optional(self) -> bool {
        matches!(
            self,
            CubeVerdict::OptionalDoubleTake
                | CubeVerdict::OptionalRedoubleTake
                | CubeVerdict::OptionalDoubleBeaver
                | CubeVerdict::OptionalDoublePass
                | CubeVerdict::OptionalRedoublePass
        )
    }

    /// The opponent should take a double (or beaver it).
    #[must_use]
    pub const fn takes(self) -> bool {
        !matches!(
            self,
            CubeVerdict::DoublePass
                | CubeVerdict::TooGoodPass
                | CubeVerdict::RedoublePass
                | CubeVerdict::TooGoodRedoublePass
                | CubeVerdict::OptionalDoublePass
                | CubeVerdict::OptionalRedoublePass
        )
    }

    /// Too good to double: playing on for the gammon is worth more than cashing.
    #[must_use]
    pub const fn too_good(self) -> bool {
        matches!(
            self,
            CubeVerdict::TooGoodTake
                | CubeVerdict::TooGoodPass
                | CubeVerdict::TooGoodRedoubleTake
                | CubeVerdict::TooGoodRedoublePass
        )
    }

    /// The kind of action, the same for a double and a redouble: what two verdicts must
    /// share to agree (GNU Backgammon's "proper cube action" without the cube's history).
    #[must_use]
    pub const fn action(self) -> CubeAction {
        match self {
            CubeVerdict::DoubleTake | CubeVerdict::RedoubleTake => CubeAction::DoubleTake,
            CubeVerdict::DoublePass | CubeVerdict::RedoublePass => CubeAction::DoublePass,
            CubeVerdict::DoubleBeaver => CubeAction::DoubleBeaver,
            CubeVerdict::NoDoubleTake | CubeVerdict::NoRedoubleTake => CubeAction::NoDoubleTake,
            CubeVerdict::NoDoubleBeaver | CubeVerdict::NoRedoubleBeaver => {
                CubeAction::NoDoubleBeaver
            }
            CubeVerdict::TooGoodTake | CubeVerdict::TooGoodRedoubleTake => CubeAction::TooGoodTake,
            CubeVerdict::TooGoodPass | CubeVerdict::TooGoodRedoublePass => CubeAction::TooGoodPass,
            CubeVerdict::NoDoubleDeadCube
            | CubeVerdict::NoRedoubleDeadCube
            | CubeVerdict::NotAvailable => CubeAction::NotAvailable,
            CubeVerdict::OptionalDoubleTake | CubeVerdict::OptionalRedoubleTake => {
                CubeAction::OptionalDoubleTake
            }
            CubeVerdict::OptionalDoubleBeaver => CubeAction::OptionalDoubleBeaver,
            CubeVerdict::OptionalDoublePass | CubeVerdict::OptionalRedoublePass => {
                CubeAction::OptionalDoublePass
            }
        }
    }
}

impl std::fmt::Display for CubeVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

/// A cube verdict without the difference between a double and a redouble.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CubeAction {
    /// Double (or redouble), take.
    DoubleTake,
    /// Double, pass.
    DoublePass,
    /// Double, beaver.
    DoubleBeaver,
    /// No double, take.
    NoDoubleTake,
    /// No double, beaver.
    NoDoubleBeaver,
    /// Too good, take.
    TooGoodTake,
    /// Too good, pass.
    TooGoodPass,
    /// No cube action possible (dead cube, not available).
    NotAvailable,
    /// Optional double, take.
    OptionalDoubleTake,
    /// Optional double, beaver.
    OptionalDoubleBeaver,
    /// Optional double, pass.
    OptionalDoublePass,
}

/// Equities this close are "the same" (GNU Backgammon's test for an optional double).
const OPTIONAL: f32 = 1.0e-5;

/// The verdict for the equities `no_double`, `double_take` and `double_pass` (normalised
/// money equities, per unit of the present cube, from the player on roll's view) with the
/// cube `ci`; `can_win_gammon`: the player on roll has any chance of a gammon (a side that
/// cannot win one is never "too good").
#[must_use]
pub fn verdict(
    ci: &CubeInfo,
    no_double: f32,
    double_take: f32,
    double_pass: f32,
    can_win_gammon: bool,
) -> CubeVerdict {
    let centred = matches!(ci.holder, Holder::Centre);
    let pick = |double: CubeVerdict, redouble: CubeVerdict| if centred { double } else { redouble };
    if !ci.may_double() {
        return match (ci.stakes, ci.holder) {
            (Stakes::Match(_), Holder::Centre) => CubeVerdict::NoDoubleDeadCube,
            (Stakes::Match(_), Holder::Me) => CubeVerdict::NoRedoubleDeadCube,
            _ => CubeVerdict::NotAvailable,
        };
    }
    let (money, jacoby, beavers) = match ci.stakes {
        Stakes::Money { jacoby, beavers } => (true, jacoby, beavers),
        Stakes::Match(_) => (false, false, false),
    };
    let beaverable = money && beavers && (-2.0..=0.0).contains(&double_take);
    if double_take >= no_double && double_pass >= no_double {
        if double_pass > double_take {
            // Double, take.
            let optional = (double_take - no_double).abs() <= OPTIONAL;
            if beaverable {
                if double_take * 2.0 < no_double {
                    return CubeVerdict::NoDoubleBeaver;
                }
                return if optional {
                    CubeVerdict::OptionalDoubleBeaver
                } else {
                    CubeVerdict::DoubleBeaver
                };
            }
            return match optional {
                true => pick(
                    CubeVerdict::OptionalDoubleTake,
                    CubeVerdict::OptionalRedoubleTake,
                ),
                false => pick(CubeVerdict::DoubleTake, CubeVerdict::RedoubleTake),
            };
        }
        // Double, pass: optional when playing on is worth as much, there is a gammon to
        // play for, and (money play) no Jacoby rule keeps a centred cube's gammons single.
        let optional = (no_double - double_pass).abs() <= OPTIONAL
            && can_win_gammon
            && (!money || !centred || !jacoby);
        return match optional {
            true => pick(
                CubeVerdict::OptionalDoublePass,
                CubeVerdict::OptionalRedoublePass,
            ),
            false => pick(CubeVerdict::DoublePass, CubeVerdict::RedoublePass),
        };
    }
    if no_double > double_take {
        if double_take > double_pass || no_double > double_pass {
            // Too good: the opponent would pass (or take a double worth less than playing
            // on); without a gammon to play for, a plain double.
            let passes = double_take > double_pass;
            return match (can_win_gammon, passes) {
                (true, true) => pick(CubeVerdict::TooGoodPass, CubeVerdict::TooGoodRedoublePass),
                (true, false) => pick(CubeVerdict::TooGoodTake, CubeVerdict::TooGoodRedoubleTake),
                (false, true) => pick(CubeVerdict::DoublePass, CubeVerdict::RedoublePass),
                (false, false) => pick(CubeVerdict::NoDoubleTake, CubeVerdict::NoRedoubleTake),
            };
        }
        // No double, take (or beaver).
        if beaverable {
            return pick(CubeVerdict::NoDoubleBeaver, CubeVerdict::NoRedoubleBeaver);
        }
        return pick(CubeVerdict::NoDoubleTake, CubeVerdict::NoRedoubleTake);
    }
    // Double/take at least no double, which beats double/pass: too good, pass.
    if can_win_gammon {
        pick(CubeVerdict::TooGoodPass, CubeVerdict::TooGoodRedoublePass)
    } else {
        pick(CubeVerdict::DoublePass, CubeVerdict::RedoublePass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::expert::cube::info::MatchScore;

    const MONEY: CubeInfo = CubeInfo::money(1, Holder::Centre, false, true);

    /// The cases of GNU Backgammon's decision, by the order of the three equities.
    #[test]
    fn every_order_of_the_equities_has_its_verdict() {
        // ND > DT > DP: too good, pass.
        assert_eq!(
            verdict(&MONEY, 1.2, 1.1, 1.0, true),
            CubeVerdict::TooGoodPass
        );
        // ND > DP > DT: too good, take.
        assert_eq!(
            verdict(&MONEY, 1.2, 0.9, 1.0, true),
            CubeVerdict::TooGoodTake
        );
        // DT >= ND > DP: too good, pass.
        assert_eq!(
            verdict(&MONEY, 1.05, 1.1, 1.0, true),
            CubeVerdict::TooGoodPass
        );
        // DT >= DP >= ND: double, pass.
        assert_eq!(
            verdict(&MONEY, 0.8, 1.1, 1.0, true),
            CubeVerdict::DoublePass
        );
        // DP > ND > DT: no double, take.
        assert_eq!(
            verdict(&MONEY, 0.4, 0.3, 1.0, true),
            CubeVerdict::NoDoubleTake
        );
        // DP > DT >= ND: double, take.
        assert_eq!(
            verdict(&MONEY, 0.4, 0.5, 1.0, true),
            CubeVerdict::DoubleTake
        );
        // Without a gammon to play for, never too good.
        assert_eq!(
            verdict(&MONEY, 1.2, 1.1, 1.0, false),
            CubeVerdict::DoublePass
        );
    }

    /// Beavers in money play: a double/take worth less than nothing to the doubler is a
    /// beaver; a redouble by the holder is named as one.
    #[test]
    fn beavers_and_redoubles() {
        assert_eq!(
            verdict(&MONEY, -0.1, -0.3, 1.0, true),
            CubeVerdict::NoDoubleBeaver
        );
        let held = CubeInfo::money(2, Holder::Me, false, false);
        assert_eq!(
            verdict(&held, 0.4, 0.5, 1.0, true),
            CubeVerdict::RedoubleTake
        );
        let theirs = CubeInfo::money(2, Holder::Opponent, false, false);
        assert_eq!(
            verdict(&theirs, 0.4, 0.5, 1.0, true),
            CubeVerdict::NotAvailable
        );
    }

    /// In a match a cube the player on roll may not turn is dead (centred or its own).
    #[test]
    fn dead_cubes_in_a_match() {
        let s = MatchScore {
            mine: 2,
            theirs: 5,
            crawford_game: false,
            crawford_rule: true,
        };
        let ci = CubeInfo::in_match(2, Holder::Me, s);
        assert_eq!(
            verdict(&ci, 0.4, 0.5, 1.0, true),
            CubeVerdict::NoRedoubleDeadCube
        );
    }

    /// The words read back.
    #[test]
    fn words_read_back() {
        for v in CubeVerdict::ALL {
            assert_eq!(CubeVerdict::from_words(v.words()), Some(v));
        }
        assert_eq!(
            CubeVerdict::from_words("too good to redouble, pass"),
            Some(CubeVerdict::TooGoodRedoublePass)
        );
    }
}
