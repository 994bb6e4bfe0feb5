//! What a side can still lose by: no gammon once a side has borne off a checker, no
//! backgammon in a race once a side has no checker on the bar or in the winner's home board
//! (hand-checked positions; issue 46, part 1).

use crate::common::sides;
use bg_tui::engine::{WinKind, most_mover_can_lose, most_opponent_can_lose, position_from_id};

#[test]
fn a_side_that_has_borne_off_cannot_be_gammoned() {
    // X (on roll) has borne off 9, O 1: each loses a single game at most.
    let p = position_from_id("fz0ASAB7AAAAAA").expect("an ID");
    assert_eq!((p.mover_off(), p.opponent_off()), (9, 1));
    assert_eq!(most_mover_can_lose(&p), WinKind::Single);
    assert_eq!(most_opponent_can_lose(&p), WinKind::Single);
    // Only the side that has borne off: X has 1 off, O none, in contact.
    let p = position_from_id("2+0OAAB/PQAAMA").expect("an ID");
    assert_eq!((p.mover_off(), p.opponent_off()), (1, 0));
    assert_eq!(most_mover_can_lose(&p), WinKind::Single);
    assert_eq!(most_opponent_can_lose(&p), WinKind::Backgammon);
}

#[test]
fn in_a_race_a_side_out_of_the_winners_home_cannot_be_backgammoned() {
    // Both bearing in, no checker borne off, nobody in the other's home board.
    let p = sides(
        &[(1, 5), (2, 5), (8, 5)],
        &[(1, 3), (2, 3), (3, 3), (4, 3), (6, 3)],
    );
    assert!(p.is_race());
    assert_eq!(most_mover_can_lose(&p), WinKind::Gammon);
    assert_eq!(most_opponent_can_lose(&p), WinKind::Gammon);
}

#[test]
fn in_a_race_a_straggler_in_the_winners_home_can_still_be_backgammoned() {
    // O's last checker is on its 20-point, in X's home board (X's 5-point), X all below it.
    let p = sides(
        &[(1, 5), (2, 5), (4, 5)],
        &[(1, 4), (2, 4), (3, 3), (6, 3), (20, 1)],
    );
    assert!(p.is_race());
    assert_eq!(most_opponent_can_lose(&p), WinKind::Backgammon);
    assert_eq!(most_mover_can_lose(&p), WinKind::Gammon);
}

#[test]
fn in_contact_every_loss_stays_possible() {
    // X keeps an anchor on its 24-point: not a race, a hit can still send a checker back.
    let p = sides(
        &[(1, 5), (2, 5), (6, 3), (24, 2)],
        &[(2, 3), (3, 3), (4, 3), (5, 3), (6, 3)],
    );
    assert!(!p.is_race());
    assert_eq!(most_mover_can_lose(&p), WinKind::Backgammon);
    assert_eq!(most_opponent_can_lose(&p), WinKind::Backgammon);
}
