//! Building a [`Timeline`] from a [`Record`]: every action re-applied through the engine.

use super::{Board, Moment, MomentKind, Timeline, label};
use crate::engine::MatchIdFields;
use crate::engine::{
    Action, CrawfordState, Cube, MatchState, Play, Position, Side, Step, TurnBuilder, Variant,
    format_play,
};
use crate::record::{self, ActionStep, GameEnd, GameStart, Record, RecordError, Visitor};
use std::ops::ControlFlow;

/// The engine's state for the IDs, the score and the cube, taken at one point.
#[derive(Clone, Copy)]
struct Engine {
    variant: Variant,
    fields: MatchIdFields,
    position: Position,
    cube: Cube,
    score: [u32; 2],
    crawford: CrawfordState,
}

impl Engine {
    fn of(m: &MatchState) -> Engine {
        Engine {
            variant: m.game().variant(),
            fields: m.match_id_fields(),
            position: *m.game().position(),
            cube: m.game().cube(),
            score: [m.score(Side::White), m.score(Side::Black)],
            crawford: m.crawford(),
        }
    }
}

/// Where the moments are collected, as the record is walked.
struct Collector {
    moments: Vec<Moment>,
    /// The index in `moments` of each game's start.
    game_starts: Vec<usize>,
    game: usize,
    turn: usize,
}

impl Collector {
    fn push(&mut self, action: Option<usize>, kind: MomentKind, board: Board, engine: Engine) {
        self.moments.push(Moment {
            game: self.game,
            action,
            turn: self.turn,
            kind,
            board,
            cube: engine.cube,
            score: engine.score,
            crawford: engine.crawford,
            variant: engine.variant,
            match_id_fields: engine.fields,
            id_position: engine.position,
        });
    }

    /// The board of the last moment (the start position before any).
    fn last_board(&self, m: &MatchState) -> Board {
        self.moments
            .last()
            .map_or_else(|| board_of(m), |moment| moment.board)
    }
}

/// The board the engine shows: its position from the view of the player on roll, with the
/// dice waiting to be played.
fn board_of(m: &MatchState) -> Board {
    let game = m.game();
    Board {
        position: *game.position(),
        on_roll: game.turn(),
        dice: game.dice(),
        dice_used: [0; 4],
        moved: None,
    }
}

impl Visitor for Collector {
    type Break = std::convert::Infallible;

    fn begin_game(&mut self, start: &GameStart<'_>) -> ControlFlow<Self::Break> {
        self.game = start.game;
        self.turn = 0;
        self.game_starts.push(self.moments.len());
        let m = start.m;
        self.push(None, MomentKind::GameStart, board_of(m), Engine::of(m));
        self.turn = 1;
        ControlFlow::Continue(())
    }

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Self::Break> {
        add_action(self, step.index, step.before, step.after, &step.action);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) -> ControlFlow<Self::Break> {
        let m = end.m;
        if let Some(result) = m.game().result() {
            self.turn = self.turn.saturating_sub(1);
            let board = Board {
                dice: None,
                dice_used: [0; 4],
                moved: None,
                ..self.last_board(m)
            };
            self.push(None, MomentKind::Result(result), board, Engine::of(m));
        }
        ControlFlow::Continue(())
    }
}

/// See [`Timeline::new`]: one walk of the record, with every check of `load` and its
/// messages.
pub(super) fn timeline(record: &Record) -> Result<Timeline, RecordError> {
    let mut out = Collector {
        moments: Vec::new(),
        game_starts: Vec::with_capacity(record.games.len()),
        game: 0,
        turn: 0,
    };
    let last = match record::walk(record, &mut out)? {
        ControlFlow::Continue(m) => m,
        ControlFlow::Break(never) => match never {},
    };
    if out.moments.is_empty() {
        // A record without games: the match about to start.
        out.game_starts.push(0);
        out.push(
            None,
            MomentKind::GameStart,
            board_of(&last),
            Engine::of(&last),
        );
    }
    if record.stopped {
        let board = out.last_board(&last);
        out.push(None, MomentKind::Stopped, board, Engine::of(&last));
    }
    Ok(Timeline {
        names: label::display_names(&record.players),
        rules: record.rules,
        seed: record.seed,
        stopped: record.stopped,
        moments: out.moments,
        game_starts: out.game_starts,
        last,
        record: record.clone(),
    })
}

/// The moments of one applied action: `before` and `after` are the match around it.
fn add_action(
    out: &mut Collector,
    index: usize,
    before: &MatchState,
    after: &MatchState,
    action: &Action,
) {
    let at = Some(index);
    let game = before.game();
    let side = game.to_act().unwrap_or(game.turn());
    let now = Engine::of(after);
    let kind = match *action {
        // The higher die starts (and, in the Tavli games, rolls afresh); a tie rolls again.
        Action::OpeningRoll { white, black } if white != black => MomentKind::Opening {
            white,
            black,
            side: after.game().turn(),
        },
        Action::OpeningRoll { white, black } => MomentKind::OpeningTie { white, black },
        Action::Roll(_) => MomentKind::Roll { side },
        Action::Play(play) => {
            add_play(out, index, before, after, &play);
            out.turn += 1;
            return;
        }
        Action::Double => MomentKind::Double {
            side,
            value: game.offered_value(),
        },
        Action::Take => MomentKind::Take {
            side,
            value: after.game().cube().value(),
        },
        Action::Beaver => MomentKind::Beaver {
            side,
            value: after.game().offered_value(),
        },
        Action::Drop => MomentKind::Drop { side },
        Action::Resign(_) => match after.game().resignation() {
            Some(r) => MomentKind::Resign {
                side: r.by,
                level: r.level,
            },
            None => return,
        },
        Action::AcceptResignation => MomentKind::Accept { side },
        Action::DeclineResignation => MomentKind::Decline { side },
        Action::TakeOver(taken) => MomentKind::TakeOver { side: taken },
    };
    out.push(at, kind, board_of(after), now);
}

/// The die each step of a play used, as the rules assign them step by step (0 past the
/// last step, and for a step the rules cannot place, which a checked record does not have).
fn dice_of_steps(before: &MatchState, steps: &[Step]) -> [u8; 4] {
    let mut dice = [0; 4];
    let Some(mut turn) = TurnBuilder::for_game(before.game()) else {
        return dice;
    };
    for (die, step) in dice.iter_mut().zip(steps) {
        match turn.step_to(step.from, step.to) {
            Ok(made) => *die = made.die,
            Err(_) => break,
        }
    }
    dice
}

/// One moment per checker step of `play` (the last one the whole play), or one for a dance.
fn add_play(
    out: &mut Collector,
    index: usize,
    before: &MatchState,
    after: &MatchState,
    play: &Play,
) {
    let game = before.game();
    let side = game.turn();
    let start = Engine::of(before);
    let steps = play.steps();
    let whole = format_play(play);
    let mut board = Board {
        position: *game.position(),
        on_roll: side,
        dice: game.dice(),
        dice_used: [0; 4],
        moved: None,
    };
    let dice = dice_of_steps(before, &steps);
    for (made, &step) in steps.iter().enumerate().take(steps.len().saturating_sub(1)) {
        board.position = game
            .variant()
            .after_step(&board.position, step)
            .unwrap_or(board.position);
        board.dice_used[made] = dice[made];
        board.moved = Some(step);
        let so_far = Play::new(&steps[..=made], board.position).unwrap_or(*play);
        let kind = MomentKind::Step {
            side,
            notation: format_play(&so_far),
            made: made + 1,
            of: steps.len(),
            play: whole.clone(),
        };
        out.push(Some(index), kind, board, start);
    }
    board.position = *play.position();
    board.dice_used = dice;
    board.moved = steps.last().copied();
    let kind = MomentKind::Play {
        side,
        notation: whole,
    };
    out.push(Some(index), kind, board, Engine::of(after));
}
