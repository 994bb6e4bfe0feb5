//! The board token: a position of any rule set in one word, for the lines of a shard of a
//! rule set whose positions GNU Backgammon's Position ID cannot say (Plakoto's pinned
//! checkers, Fevga's sides going the same way round).
//!
//! A token is the board's 26 places in [`Position`]'s own order, a character each: the
//! opponent's bar, the points 1 to 24 in the numbering of the player on roll, that player's
//! bar. `-` is an empty place, `A` to `O` one to fifteen checkers of the player on roll, `a`
//! to `o` one to fifteen of the opponent's. A `*` before a point's letter says that one
//! checker of the other side lies pinned under those checkers (Plakoto). Whatever a side
//! does not have on the board, on the bar or pinned it has borne off; the sides' routes are
//! the rule set's. Plakoto's start, the player on roll's fifteen on its 24-point and the
//! opponent's on the player's 1-point, and a later position where the player on roll's
//! checker on point 20 pins one of the opponent's:
//!
//! ```text
//! -o----------------------O-
//! -j---BB-------------*A---G-
//! ```
//!
//! A token is read back through [`Position::new`] (the engine's checks: fifteen checkers a
//! side, bars of the right side, a pin only under something) and the rule set's own checks
//! ([`VariantRules::check`](bg_tui::engine::VariantRules::check): no pins outside Plakoto,
//! no bar in Plakoto and Fevga, the rule set's routes), so whatever a file holds, a token
//! that is not a position of the rule set is an error, never a panic.

use bg_tui::engine::{CHECKERS, Position, Variant};

/// The places of a board: the two bars and the 24 points.
const PLACES: usize = 26;

/// The longest token: every place's letter and a pin on each point.
pub(crate) const MAX_TOKEN: usize = PLACES + 24;

/// The token of `position` (see the [module documentation](self)).
pub(crate) fn board_token(position: &Position) -> String {
    let mut out = String::with_capacity(PLACES + 2);
    for (place, &n) in position.board().iter().enumerate() {
        if position.is_pinned(place) {
            out.push('*');
        }
        out.push(match n {
            0 => '-',
            n if n > 0 => char::from(b'A' + n.unsigned_abs() - 1),
            n => char::from(b'a' + n.unsigned_abs() - 1),
        });
    }
    out
}

/// The position of `variant` that `token` says (see the [module documentation](self)).
///
/// # Errors
/// What is wrong with the token, in words for a line of a file's error.
pub(crate) fn position_from_token(variant: Variant, token: &str) -> Result<Position, String> {
    if token.len() > MAX_TOKEN {
        return Err(format!(
            "a board token of {} bytes, not at most {MAX_TOKEN}",
            token.len()
        ));
    }
    let mut board = [0i8; PLACES];
    let mut pinned = Vec::new();
    let mut place = 0usize;
    let mut pin = false;
    for c in token.chars() {
        if c == '*' {
            if pin || !(1..=24).contains(&place) {
                return Err(format!(
                    "a \"*\" before place {place} of the board token (a pin is on a point, 1-24, once)"
                ));
            }
            pin = true;
            continue;
        }
        if place == PLACES {
            return Err(format!("a board token of more than {PLACES} places"));
        }
        board[place] = match c {
            '-' if pin => return Err(format!("a pin on point {place} with nothing on top")),
            '-' => 0,
            'A'..='O' => (c as u8 - b'A' + 1) as i8,
            'a'..='o' => -((c as u8 - b'a' + 1) as i8),
            _ => {
                return Err(format!(
                    "{c:?} is not a place of a board token (-, A-O, a-o, * before a pin)"
                ));
            }
        };
        if pin {
            pinned.push(place as u8);
            pin = false;
        }
        place += 1;
    }
    if place != PLACES || pin {
        return Err(format!("a board token of {place} places, not {PLACES}"));
    }
    let off = borne_off(&board, &pinned)?;
    let rules = variant.rules();
    let position = Position::new(board, off, &pinned, rules.geometry())
        .map_err(|e| format!("the board token is not a position: {e}"))?;
    rules
        .check(&position)
        .map_err(|e| format!("the board token is not a position of {variant}: {e}"))?;
    Ok(position)
}

/// Each side's checkers borne off (the player on roll's, the opponent's): those of the 15
/// not on `board` nor pinned on the points `pinned` (under the other side's checkers).
fn borne_off(board: &[i8; PLACES], pinned: &[u8]) -> Result<[u8; 2], String> {
    let mut on = [0u32; 2];
    for (place, &n) in board.iter().enumerate() {
        let side = usize::from(n < 0);
        on[side] += u32::from(n.unsigned_abs());
        if pinned.contains(&(place as u8)) {
            on[1 - side] += 1;
        }
    }
    let mut off = [0u8; 2];
    for (i, side) in ["the player on roll", "the opponent"]
        .into_iter()
        .enumerate()
    {
        if on[i] > u32::from(CHECKERS) {
            return Err(format!(
                "{side} has {} checkers in the board token; a side has 15",
                on[i]
            ));
        }
        off[i] = CHECKERS - on[i] as u8;
    }
    Ok(off)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::bot::expert::{shipped_nets_for, supervised};
    use bg_tui::engine::Geometry;

    /// Self-play positions of `variant`'s shipped nets, some near-best plays among them.
    fn self_play(variant: Variant, count: usize) -> Vec<Position> {
        let nets = shipped_nets_for(variant).expect("the shipped nets");
        supervised::sample_positions_exploring(&nets, 7, 0, count, 3, 4).0
    }

    #[test]
    fn self_play_positions_of_each_rule_set_read_back_from_their_tokens() {
        for variant in [
            Variant::Plakoto,
            Variant::Fevga,
            Variant::Jacquet,
            Variant::Backgammon,
        ] {
            let positions = self_play(variant, 400);
            let mut pins = 0;
            let mut borne_off = 0;
            for p in &positions {
                let token = board_token(p);
                assert!(token.len() >= PLACES && !token.contains(' '), "{token}");
                assert_eq!(
                    position_from_token(variant, &token),
                    Ok(*p),
                    "{variant}: {token}"
                );
                pins += usize::from(p.has_pins());
                borne_off += usize::from(p.mover_off() + p.opponent_off() > 0);
            }
            // The sample holds what the token must carry.
            assert!(borne_off > 0, "{variant}");
            if variant == Variant::Plakoto {
                assert!(pins > 20, "{pins} of {}", positions.len());
            }
        }
    }

    #[test]
    fn a_token_is_written_as_documented() {
        let start = Variant::Plakoto.start_position();
        assert_eq!(board_token(&start), format!("-o{}O-", "-".repeat(22)));
        // Fevga's start: the opponent's fifteen on the mover's 12-point.
        let fevga = position_from_token(
            Variant::Fevga,
            &format!("-{}o{}O-", "-".repeat(11), "-".repeat(11)),
        )
        .expect("Fevga's start");
        assert_eq!(fevga, Variant::Fevga.start_position());
        assert_eq!(fevga.geometry(), Geometry::SameWay);
        // The module's example: the mover's checker on 20 pins one of the opponent's; the
        // mover has borne off three, the opponent four.
        let pinned = position_from_token(Variant::Plakoto, "-j---BB-------------*A---G-")
            .expect("a Plakoto position");
        assert!(pinned.is_pinned(20) && pinned.opponent_pinned() == [20]);
        assert_eq!((pinned.mover_off(), pinned.opponent_off()), (3, 4));
        assert_eq!(pinned.opponent_at(20), 1);
    }

    #[test]
    fn a_malformed_token_is_an_error_that_says_why() {
        let start = format!("-o{}O-", "-".repeat(22));
        // Fifteen a side, one of the opponent's pinned under the mover's on point 2.
        let pin = format!("-n*A{}N-", "-".repeat(21));
        assert!(position_from_token(Variant::Plakoto, &pin).is_ok_and(|p| p.is_pinned(2)));
        for (variant, token, why) in [
            (Variant::Plakoto, String::new(), "0 places"),
            (Variant::Plakoto, start[1..].to_string(), "25 places"),
            (Variant::Plakoto, format!("{start}-"), "more than 26"),
            (
                Variant::Plakoto,
                start.replace('O', "P"),
                "'P' is not a place",
            ),
            (Variant::Plakoto, start.replace('O', "é"), "is not a place"),
            (
                Variant::Plakoto,
                start.replace("-o-", "-oa"),
                "opponent has 16 checkers",
            ),
            (
                Variant::Plakoto,
                start.replace("O-", "P-"),
                "is not a place",
            ),
            (
                Variant::Plakoto,
                start.replace("O-", "O*"),
                "before place 25",
            ),
            (Variant::Plakoto, format!("*{start}"), "before place 0"),
            (
                Variant::Plakoto,
                start.replace("-O", "*-O"),
                "nothing on top",
            ),
            (Variant::Plakoto, start.replace("-O", "**AO"), "once"),
            (Variant::Plakoto, start.replace("-o", "an"), "has no bar"),
            (Variant::Fevga, pin.clone(), "no pinned checkers"),
            (Variant::Backgammon, pin.clone(), "no pinned checkers"),
            (Variant::Plakoto, "*O".repeat(30), "bytes"),
        ] {
            let e = position_from_token(variant, &token).expect_err(&token);
            assert!(e.contains(why), "{variant} {token}: {e}");
        }
    }
}
