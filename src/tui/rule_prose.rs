//! How each rule set differs from backgammon, in sentences for the help screen: prose for
//! people, so it lives with the screens rather than in the rules engine.

use bg_tui::engine::Variant;

/// How `variant` differs from backgammon, a sentence a line (none for backgammon).
#[must_use]
pub(crate) fn differences(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Backgammon => &[],
        Variant::Portes => &[
            "Moves, hits, the bar and bearing off as in backgammon.",
            "No doubling cube.",
            "A win is 1 point, or 2 if the loser has borne off none; no backgammons.",
            "First game: the higher opening die starts and rolls both dice afresh; later games \
                 are started by the winner of the game before.",
        ],
        Variant::Plakoto => &[
            "Both sides start with all 15 checkers on their own 24-point.",
            "No hitting and no bar: landing on a lone opposing checker pins it; it cannot move \
                 until every checker on top of it has left.",
            "A point where your checker is pinned belongs to the opponent.",
            "Pinning the opponent's mother (its last checker on its 24-point) wins 2 points, \
                 unless you still have checkers on your own 24-point: then you win as soon as \
                 they have left; both mothers pinned is a draw.",
            "Bear off with every checker in your home board; a pinned one counts where it \
                 stands but cannot move.",
            "No cube; a win is 1 point, or 2 if the loser has borne off none.",
        ],
        Variant::Fevga => &[
            "Both sides start with all 15 checkers on their own 24-point, at diagonally \
                 opposite corners, and both move counter-clockwise.",
            "No hitting: a single checker holds a point; there is no bar.",
            "Start rule: until one of your checkers has passed the opponent's start, only one \
                 may leave your 24-point.",
            "Own-quarter rule: no play may end with you holding all six points 19-24.",
            "Trapping rule: when six points in a row stand with every opposing checker behind \
                 them, play so that no six in a row are left, if any play can.",
            "No cube; a win is 1 point, or 2 if the loser has borne off none.",
        ],
        Variant::Jacquet => &[
            "Every checker starts on the bar: all 15 must enter (a die n onto your 25-n point) \
                 before an entered checker may move.",
            "Then backgammon: hits, the cube, gammons and backgammons (a checker not yet \
                 entered counts as on the bar).",
        ],
    }
}
