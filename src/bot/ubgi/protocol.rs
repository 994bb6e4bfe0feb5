//! The words of UBGI v0.2 that both ends of bg-tui speak: the client ([`super::UbgiBot`],
//! asking another engine) and the server (`bg-tui ubgi`, answering a GUI). One place for
//! the handshake, the questions, the answers and the move notation, so the two ends cannot
//! drift apart.

use crate::engine::{Place, Play};

/// The GUI's first line: "speak UBGI".
pub const HELLO: &str = "ubgi";
/// The engine's answer to [`HELLO`], after its `id` and `proto` lines.
pub const HELLO_OK: &str = "ubgiok";
/// The GUI asks whether the engine is ready.
pub const IS_READY: &str = "isready";
/// The engine is ready.
pub const READY_OK: &str = "readyok";
/// A new game begins.
pub const NEW_GAME: &str = "newgame";
/// The GUI asks for a checker play.
pub const GO_CHEQUER: &str = "go chequer";
/// The GUI asks whether to double.
pub const GO_CUBE: &str = "go cube";
/// The prefix of the engine's checker play.
pub const BEST_MOVE: &str = "bestmove ";
/// The engine doubles.
pub const BEST_CUBE_DOUBLE: &str = "bestcube double";
/// The engine does not double.
pub const BEST_CUBE_NO_DOUBLE: &str = "bestcube nodouble";
/// The move of a player who cannot move.
pub const PASS: &str = "pass";

/// `position gnubgid ID:MATCH_ID` (the Position ID alone without a Match ID).
#[must_use]
pub fn position_line(position_id: &str, match_id: Option<&str>) -> String {
    match match_id {
        Some(m) => format!("position gnubgid {position_id}:{m}"),
        None => format!("position gnubgid {position_id}"),
    }
}

/// `dice HIGH LOW`.
#[must_use]
pub fn dice_line(high: u8, low: u8) -> String {
    format!("dice {high} {low}")
}

/// The `from/to` tokens of a play, from the view of the player who makes it (`bar`, `off`,
/// [`PASS`] for no move): `24/18 13/11`.
#[must_use]
pub fn format_move(play: &Play) -> String {
    let steps = play.steps();
    if steps.is_empty() {
        return PASS.to_string();
    }
    steps
        .iter()
        .map(|s| {
            let from = if s.from.is_bar() {
                "bar".to_string()
            } else {
                s.from.number().to_string()
            };
            let to = if s.to.is_off() {
                "off".to_string()
            } else {
                s.to.number().to_string()
            };
            format!("{from}/{to}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The steps of a move in [`format_move`]'s notation (`24/18 13/11`, `bar/22`, `6/off`,
/// `pass`); `None` when a token is not `from/to` of points, `bar` or `off`.
#[must_use]
pub fn parse_move(payload: &str) -> Option<Vec<(Place, Place)>> {
    let point = |t: &str| match t {
        "bar" => Some(Place::BAR),
        "off" => Some(Place::OFF),
        n => n.parse::<u8>().ok().and_then(Place::point),
    };
    if payload.trim() == PASS {
        return Some(Vec::new());
    }
    payload
        .split_whitespace()
        .map(|token| {
            let (from, to) = token.split_once('/')?;
            Some((point(from)?, point(to)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dice, Variant, position_from_id};

    /// Every legal play of a few positions, written by the server's end and read by the
    /// client's, is the same steps.
    #[test]
    fn a_move_written_by_one_end_is_read_back_by_the_other() {
        let mut checked = 0;
        // The start, a middle game, a bear-off and a position of issue 49.
        for id in [
            "4HPwATDgc/ABMA",
            "b98EABDZdhsEAA",
            "ttsDIALXBwAAAA",
            "4HPKAFGwM3iAJg",
        ] {
            let Ok(position) = position_from_id(id) else {
                panic!("{id} is a Position ID");
            };
            for a in 1..=6u8 {
                for b in 1..=a {
                    let Ok(dice) = Dice::new(a, b) else { continue };
                    for play in Variant::Backgammon.legal_plays(&position, dice) {
                        let text = format_move(&play);
                        let steps: Vec<(Place, Place)> =
                            play.steps().iter().map(|s| (s.from, s.to)).collect();
                        assert_eq!(parse_move(&text), Some(steps), "{id} {text}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn moves_read_as_steps_and_bad_ones_are_refused() {
        let steps = |pairs: &[(u8, u8)]| -> Option<Vec<(Place, Place)>> {
            pairs
                .iter()
                .map(|&(from, to)| Some((Place::new(from)?, Place::new(to)?)))
                .collect()
        };
        assert_eq!(parse_move("24/18 13/11"), steps(&[(24, 18), (13, 11)]));
        assert_eq!(parse_move("bar/22 6/off"), steps(&[(25, 22), (6, 0)]));
        assert_eq!(parse_move(PASS), Some(Vec::new()));
        for bad in ["24-18", "25/18", "x/1", "24/18 junk", "0/off"] {
            assert_eq!(parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_position_and_dice_lines() {
        assert_eq!(
            position_line("4HPwATDgc/ABMA", None),
            "position gnubgid 4HPwATDgc/ABMA"
        );
        assert_eq!(
            position_line("4HPwATDgc/ABMA", Some("cAkAAAAAAAAA")),
            "position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA"
        );
        assert_eq!(dice_line(6, 1), "dice 6 1");
    }
}
