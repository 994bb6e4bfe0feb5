//! The host as the turn loop: the seed rule, seating and the record, whose decision is
//! pending, and the one road a decision is carried out by.

use super::seats::{Player, Seats, side_seed};
use super::{Decider, Host};
use crate::bot::{BotSpec, Decision, Question};
use crate::engine::{MatchState, Phase, RuleSet, Rules, Side};
use crate::record::{PlayerInfo, PlayerKind, Recorder};

/// A money session between Alice (White) and greedy (Black, named "Bob"), dice seeded.
fn host() -> Host {
    let rules = Rules::money();
    let players = [Player::Human, Player::Bot(BotSpec::Greedy)];
    let names = ["Alice".to_string(), "Bob".to_string()];
    let seats = Seats::for_players(players, names, 7, RuleSet::Backgammon).unwrap();
    let info = [Side::White, Side::Black].map(|side| seats.info(side));
    let recorder = Recorder::new(info, rules, Some(7));
    Host::seeded(MatchState::new(rules).unwrap(), recorder, 7).with_seats(seats)
}

#[test]
fn each_side_has_its_own_seed_by_one_rule() {
    assert_eq!(side_seed(40, Side::White), 41);
    assert_eq!(side_seed(40, Side::Black), 42);
    assert_ne!(side_seed(0, Side::White), side_seed(0, Side::Black));
}

#[test]
fn the_record_names_whoever_the_seats_say_plays_a_side() {
    let mut host = host();
    assert_eq!(host.record().players[0], PlayerInfo::human("Alice"));
    assert_eq!(
        host.record().players[1],
        PlayerInfo {
            name: "Bob".to_string(),
            kind: PlayerKind::Bot("greedy".to_string()),
        }
    );
    // A bot seated at the person's side is named as that bot, not as the person.
    host.seat_player(Side::White, Player::Bot(BotSpec::Random))
        .unwrap();
    assert_eq!(host.record().players[0], PlayerInfo::bot("random"));
    assert!(host.seats().has_bot(Side::White));
    // The person back: her name again.
    host.seat_player(Side::White, Player::Human).unwrap();
    assert_eq!(host.record().players[0], PlayerInfo::human("Alice"));
    assert!(!host.seats().has_bot(Side::White));
    // A person at the side a bot started at is named by the side's colour.
    host.seat_player(Side::Black, Player::Human).unwrap();
    assert_eq!(host.record().players[1], PlayerInfo::human("Black"));
}

#[test]
fn pending_says_whose_decision_is_next_and_carry_out_makes_it() {
    let mut host = host();
    let opening = host.pending().unwrap();
    assert_eq!(opening.question, Question::OpeningRoll);
    assert_eq!(opening.by, Decider::Nobody);
    // The opening roll, carried out as anyone's: the host draws both dice.
    host.carry_out(Decision::Roll).unwrap();
    while host.state().game().phase() == Phase::Opening {
        host.carry_out(Decision::Roll).unwrap();
    }
    let pending = host.pending().unwrap();
    let side = host.state().game().turn();
    assert_eq!(pending.question, Question::Play(side));
    let expected = match side {
        Side::White => Decider::Person(Side::White),
        Side::Black => Decider::Bot(Side::Black),
    };
    assert_eq!(pending.by, expected);
    assert_eq!(pending.side(), Some(side));
}
