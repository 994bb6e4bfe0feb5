//! Evaluating positions with the nets: the five chances for the player on roll, the
//! cubeless equity, and the value of a play for the player who makes it.

use super::bearoff::BearoffDb;
use super::encode::{CONTACT_INPUTS, RACE_INPUTS, contact_inputs, race_inputs};
use super::format::Nets;
use super::net::{LOSE_BACKGAMMON, LOSE_GAMMON, OUTPUTS, Scratch, WIN, WIN_BACKGAMMON, WIN_GAMMON};
use crate::engine::{Play, Position, WinKind};

/// The five chances (see [`super::net::OUTPUTS`]) for one side.
pub type Probs = [f32; OUTPUTS];

/// The buffers one evaluation needs, kept between evaluations so that none allocates.
#[derive(Debug, Clone)]
pub struct Buffers {
    scratch: Scratch,
    contact: Box<[f32; CONTACT_INPUTS]>,
    race: Box<[f32; RACE_INPUTS]>,
}

impl Buffers {
    /// Buffers for `nets`.
    #[must_use]
    pub fn new(nets: &Nets) -> Buffers {
        Buffers {
            scratch: Scratch::new(nets.contact.hidden().max(nets.race.hidden())),
            contact: Box::new([0.0; CONTACT_INPUTS]),
            race: Box::new([0.0; RACE_INPUTS]),
        }
    }
}

/// The same chances seen from the other side.
#[must_use]
pub fn flip(p: &Probs) -> Probs {
    let mut q = [0.0; OUTPUTS];
    q[WIN] = 1.0 - p[WIN];
    q[WIN_GAMMON] = p[LOSE_GAMMON];
    q[WIN_BACKGAMMON] = p[LOSE_BACKGAMMON];
    q[LOSE_GAMMON] = p[WIN_GAMMON];
    q[LOSE_BACKGAMMON] = p[WIN_BACKGAMMON];
    q
}

/// The cubeless equity (expected points per game) of `p`.
#[must_use]
pub fn equity(p: &Probs) -> f32 {
    2.0 * p[WIN] - 1.0 + p[WIN_GAMMON] - p[LOSE_GAMMON] + p[WIN_BACKGAMMON] - p[LOSE_BACKGAMMON]
}

/// The chances of a game already won, by `kind`.
#[must_use]
pub fn won(kind: WinKind) -> Probs {
    [
        1.0,
        f32::from(u8::from(kind >= WinKind::Gammon)),
        f32::from(u8::from(kind == WinKind::Backgammon)),
        0.0,
        0.0,
    ]
}

/// Keeps the chances consistent: a gammon no likelier than a win, a backgammon no likelier
/// than a gammon.
#[must_use]
pub fn sanitize(mut p: Probs) -> Probs {
    p[WIN_GAMMON] = p[WIN_GAMMON].min(p[WIN]);
    p[WIN_BACKGAMMON] = p[WIN_BACKGAMMON].min(p[WIN_GAMMON]);
    p[LOSE_GAMMON] = p[LOSE_GAMMON].min(1.0 - p[WIN]);
    p[LOSE_BACKGAMMON] = p[LOSE_BACKGAMMON].min(p[LOSE_GAMMON]);
    p
}

/// The raw net outputs for `position` (the player on roll's chances), from the race net in
/// a race and the contact net otherwise. `position` must not be over.
pub fn net_outputs(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    if position.is_race() {
        race_inputs(position, &mut buf.race);
        nets.race.forward(&buf.race[..], &mut buf.scratch)
    } else {
        contact_inputs(position, &mut buf.contact);
        nets.contact.forward(&buf.contact[..], &mut buf.scratch)
    }
}

/// The chances of the player on roll in `position`; a game already over gets its result,
/// and a race with both sides in their home boards the bear-off database's exact chances.
pub fn evaluate(nets: &Nets, position: &Position, buf: &mut Buffers) -> Probs {
    if position.opponent_has_won() {
        return flip(&won(WinKind::of_win(&position.switched())));
    }
    if position.mover_has_won() {
        return won(WinKind::of_win(position));
    }
    if position.is_race()
        && let Some(p) = BearoffDb::shared().chances(position)
    {
        return sanitize(p);
    }
    sanitize(net_outputs(nets, position, buf))
}

/// The chances of the player who makes `play`, after it (the opponent then rolls).
pub fn after_play(nets: &Nets, play: &Play, buf: &mut Buffers) -> Probs {
    let after = play.position();
    if after.mover_has_won() {
        return won(WinKind::of_win(after));
    }
    flip(&evaluate(nets, &after.switched(), buf))
}

/// One training step: moves the outputs of the net that judges `position` towards
/// `target` (the chances of the player on roll) by a step of `alpha`.
pub fn train(nets: &mut Nets, position: &Position, target: &Probs, alpha: f32, buf: &mut Buffers) {
    if position.is_race() {
        race_inputs(position, &mut buf.race);
        nets.race
            .train(&buf.race[..], target, alpha, &mut buf.scratch);
    } else {
        contact_inputs(position, &mut buf.contact);
        nets.contact
            .train(&buf.contact[..], target, alpha, &mut buf.scratch);
    }
}
