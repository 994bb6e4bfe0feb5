//! The kinds of contact position the cube's efficiency tells apart, each on a position
//! built by hand (each side in its own numbering: 1-24 the points, 25 the bar).

use bg_tui::bot::expert::cube::{ContactKind, contact_kind, efficiency, race_efficiency};
use bg_tui::engine::Position;

use crate::common::sides;

#[test]
fn the_opening_position_is_ordinary_contact() {
    assert_eq!(contact_kind(&Position::START), ContactKind::Ordinary);
}

/// The mover has ten checkers on its ace point, three on its deuce point and two back on
/// the opponent's ace point (the opponent holds the mover's 5 point): past the pile on the
/// ace point only five checkers are in play, so the mover is crashed by GNU Backgammon's
/// test.
#[test]
fn a_side_piled_on_its_low_points_is_crashed() {
    let position = sides(
        &[(1, 10), (2, 3), (24, 2)],
        &[(6, 5), (8, 3), (13, 5), (20, 2)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Crashed);
    // The other side's view of the same position is the same kind.
    assert_eq!(contact_kind(&position.switched()), ContactKind::Crashed);
}

/// A side with seven checkers in play, none piled low, is not crashed.
#[test]
fn seven_checkers_in_play_are_not_crashed() {
    let position = sides(
        &[(3, 2), (4, 2), (5, 2), (24, 1)],
        &[(6, 5), (8, 3), (13, 5), (24, 2)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Ordinary);
}

/// The opponent has a checker on the bar against the mover's 2, 3, 4, 5 and 6 points.
#[test]
fn a_checker_on_the_bar_against_four_closed_points_is_a_blitz() {
    let position = sides(
        &[(2, 2), (3, 2), (4, 2), (5, 2), (6, 3), (8, 2), (13, 2)],
        &[(25, 1), (6, 4), (8, 3), (13, 5), (24, 2)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Blitz);
    assert_eq!(contact_kind(&position.switched()), ContactKind::Blitz);
}

/// On the bar against three closed points is not yet a blitz.
#[test]
fn the_bar_against_three_points_is_not_a_blitz() {
    let position = sides(
        &[(4, 2), (5, 2), (6, 4), (8, 2), (13, 5)],
        &[(25, 1), (6, 4), (8, 3), (13, 5), (24, 2)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Ordinary);
}

/// The mover has made its 4 to 8 points and an opponent checker stands on the mover's 2
/// point (the opponent's 23): trapped behind a five-point prime.
#[test]
fn a_checker_behind_five_points_in_a_row_is_primed() {
    let position = sides(
        &[(4, 2), (5, 2), (6, 3), (7, 2), (8, 3), (13, 3)],
        &[(23, 1), (6, 5), (8, 4), (13, 5)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Prime);
    assert_eq!(contact_kind(&position.switched()), ContactKind::Prime);
}

/// The same five points with the opponent's checkers all past them trap nothing.
#[test]
fn a_prime_with_nothing_behind_it_is_not_a_priming_game() {
    let position = sides(
        &[(4, 2), (5, 2), (6, 3), (7, 2), (8, 3), (24, 1), (13, 2)],
        &[(6, 5), (8, 4), (13, 5), (16, 1)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Ordinary);
}

/// The opponent holds the mover's 1 and 3 points (its own 24 and 22).
#[test]
fn two_points_held_in_the_other_home_board_are_a_back_game() {
    let position = sides(
        &[(6, 5), (7, 3), (8, 3), (9, 2), (13, 2)],
        &[(24, 2), (22, 3), (13, 4), (8, 3), (6, 3)],
    );
    assert_eq!(contact_kind(&position), ContactKind::BackGame);
}

/// One anchor is a holding game, not a back game.
#[test]
fn one_anchor_is_ordinary_contact() {
    let position = sides(
        &[(6, 5), (7, 3), (8, 3), (9, 2), (13, 2)],
        &[(20, 2), (13, 5), (8, 3), (6, 5)],
    );
    assert_eq!(contact_kind(&position), ContactKind::Ordinary);
}

/// A race is valued by pips, whatever the board would say of contact.
#[test]
fn a_race_takes_its_efficiency_from_the_pips() {
    let position = sides(&[(1, 10), (2, 3), (3, 2)], &[(1, 10), (2, 3), (3, 2)]);
    assert!(position.is_race());
    assert_eq!(
        efficiency(&position),
        race_efficiency(position.mover_pips())
    );
}

/// The shipped figures order the kinds as the module says: blitzes lowest, primes and back
/// games highest, ordinary contact between.
#[test]
fn blitzes_use_the_cube_least_and_primes_most() {
    use bg_tui::bot::expert::cube::contact_efficiency as x;
    assert!(x(ContactKind::Blitz) < x(ContactKind::Ordinary));
    assert!(x(ContactKind::Ordinary) < x(ContactKind::Prime));
    assert!(x(ContactKind::Ordinary) < x(ContactKind::BackGame));
    let blitz = sides(
        &[(2, 2), (3, 2), (4, 2), (5, 2), (6, 3), (8, 2), (13, 2)],
        &[(25, 1), (6, 4), (8, 3), (13, 5), (24, 2)],
    );
    assert_eq!(efficiency(&blitz), x(ContactKind::Blitz));
}

/// The calibration behind the shipped figures, run again: contact positions from 0-ply
/// self-play (games of seed 101, the roller's 0-ply chance to win 55% to 92%), each valued
/// by the 2-ply cubeful look-ahead (no double, and double with the taker's best answer;
/// the cube centred and the roller's), and for each kind the efficiency from 0.50 to 0.90
/// with which Janowski's formula on the 0-ply chances comes closest (least squares). Each
/// shipped figure must lie within 0.02 of its kind's fit. A few minutes of a release build:
/// `cargo test --release --features lab --test bots -- --ignored shipped_efficiencies`.
#[cfg(feature = "lab")]
#[test]
#[ignore = "minutes: run by hand with --release"]
fn shipped_efficiencies_fit_the_look_ahead() {
    use bg_tui::bot::expert::cube::{CubeState, Holder, contact_efficiency, decide};
    use bg_tui::bot::expert::supervised::sample_positions;
    use bg_tui::bot::expert::{ExpertBot, shipped_nets};
    const KINDS: [ContactKind; 5] = [
        ContactKind::Crashed,
        ContactKind::Blitz,
        ContactKind::Prime,
        ContactKind::BackGame,
        ContactKind::Ordinary,
    ];
    let xs: Vec<f32> = (0..=20).map(|i| 0.5 + 0.02 * i as f32).collect();
    let nets = shipped_nets().expect("the shipped nets");
    let (positions, _) = sample_positions(&nets, 101, 0, 30_000, 6);
    let mut zero = ExpertBot::shipped(0).expect("nets");
    let mut two = ExpertBot::shipped(2).expect("nets");
    let mut squares = [[0.0f64; 21]; 5];
    let mut counts = [0usize; 5];
    for position in positions.iter().filter(|p| !p.is_race()) {
        let p = zero.chances(position);
        if !(0.55..=0.92).contains(&p[0]) {
            continue;
        }
        let k = KINDS
            .iter()
            .position(|&kind| kind == contact_kind(position))
            .expect("a kind");
        counts[k] += 1;
        for holder in [Holder::Centre, Holder::Me] {
            let deep = two.cubeful_decision(position, 2, holder, false);
            let deep = [deep.no_double, deep.double_take.min(deep.double_pass)];
            for (i, &x) in xs.iter().enumerate() {
                let state = CubeState {
                    value: 1,
                    holder,
                    efficiency: x,
                    jacoby: false,
                    score: None,
                };
                let d = decide(&p, &state);
                let flat = [d.no_double, d.double_take.min(d.double_pass)];
                squares[k][i] +=
                    f64::from((flat[0] - deep[0]).powi(2) + (flat[1] - deep[1]).powi(2));
            }
        }
    }
    let mut misfits = Vec::new();
    for (k, kind) in KINDS.iter().enumerate() {
        assert!(counts[k] >= 100, "{kind:?}: only {} positions", counts[k]);
        let best = (0..xs.len())
            .min_by(|&a, &b| squares[k][a].total_cmp(&squares[k][b]))
            .expect("a fit");
        let shipped = contact_efficiency(*kind);
        eprintln!(
            "{kind:?}: {} positions, best fit {:.2}, shipped {shipped:.2}",
            counts[k], xs[best]
        );
        if (xs[best] - shipped).abs() > 0.021 {
            misfits.push(format!("{kind:?}: fit {:.2}, shipped {shipped}", xs[best]));
        }
    }
    assert!(misfits.is_empty(), "{misfits:?}");
}
