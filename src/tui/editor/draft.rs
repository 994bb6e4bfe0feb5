//! The position being set up: [`Draft`] owns everything being edited (the checkers, the
//! player on roll, the dice, the cube, the score); it knows nothing of the terminal. The
//! checkers are kept in White's numbering, each side's count on each point, so anything can
//! be typed in (16 checkers, both sides on a point): the board shown is whatever was typed,
//! and only [`Draft::setup`] asks the engine whether it is a position of the rule set.

use bg_tui::engine::{
    BoardSpec, CHECKERS, CrawfordState, Cube, Dice, GameSetup, Geometry, MatchState, Phase,
    Position, Side, SpecError, Variant, Xgid,
};

/// The most checkers of one side the editor holds on one point (more is never a position,
/// and the engine says why before this).
const MAX_ON_POINT: u8 = 30;

/// Why the edited position cannot be played, in words for the message line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SetupRefusal {
    /// The checkers are not a position of the rule set (the engine's reason, with the
    /// sides named).
    #[error("{0}")]
    Board(String),
    /// The cube is not a cube (never from the keys, which only double it).
    #[error("{0}")]
    Cube(#[from] bg_tui::engine::CubeError),
}

/// A position being set up, with the player on roll, the dice, the cube and the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Draft {
    variant: Variant,
    /// Each side's checkers (White's, Black's) on White's points 1-24 (index 0: the
    /// 1-point).
    points: [[u8; 2]; 24],
    /// Each side's checkers on its bar (White's, Black's).
    bar: [u8; 2],
    /// Plakoto: the side whose single checker lies pinned on White's point (index as
    /// `points`).
    pinned: [Option<Side>; 24],
    turn: Side,
    dice: Option<Dice>,
    /// The first die typed, waiting for the second.
    first_die: Option<u8>,
    cube: u32,
    cube_owner: Option<Side>,
    score: [u32; 2],
    crawford: bool,
}

impl Draft {
    /// An editor holding the game in progress in `m` as it stands (before the opening roll:
    /// the rule set's start, White on roll).
    pub(super) fn of_match(m: &MatchState) -> Draft {
        let game = m.game();
        let variant = if game.result().is_some() {
            m.rules().rule_set.variant_of_game(m.results().len())
        } else {
            game.variant()
        };
        let mut editor = Draft {
            variant,
            points: [[0; 2]; 24],
            bar: [0; 2],
            pinned: [None; 24],
            turn: game.turn(),
            dice: match game.phase() {
                Phase::Moving(dice) => Some(dice),
                _ => None,
            },
            first_die: None,
            cube: game.cube().value(),
            cube_owner: game.cube().owner(),
            score: [m.score(Side::White), m.score(Side::Black)],
            // After a game, whether the next is the Crawford game.
            crawford: if game.result().is_some() {
                m.crawford() == CrawfordState::Crawford
            } else {
                game.is_crawford()
            },
        };
        if game.result().is_some() || game.phase() == Phase::Opening {
            editor.load(&variant.start_position(), Side::White);
            editor.cube = 1;
            editor.cube_owner = None;
            editor.dice = None;
        } else {
            editor.load(game.position(), game.turn());
        }
        editor
    }

    /// Puts the checkers of `position` (seen from `turn`) on the board, `turn` on roll.
    pub(crate) fn load(&mut self, position: &Position, turn: Side) {
        self.turn = turn;
        self.points = [[0; 2]; 24];
        self.pinned = [None; 24];
        let (me, them) = (turn.index(), turn.opponent().index());
        self.bar = [0; 2];
        self.bar[me] = position.mover_bar();
        self.bar[them] = position.opponent_bar();
        for q in 1..=24u8 {
            let w = usize::from(self.white_point(q, turn)) - 1;
            let i = usize::from(q);
            self.points[w][me] = position.mover_on(i);
            self.points[w][them] = position.opponent_at(i);
            if position.is_pinned(i) {
                let under = if position.board()[i] < 0 {
                    turn
                } else {
                    turn.opponent()
                };
                self.pinned[w] = Some(under);
            }
        }
    }

    /// Takes the position, the dice, the cube and the score of an XGID (its player on
    /// roll the editor's player on roll).
    pub(crate) fn load_xgid(&mut self, x: &Xgid) {
        let turn = self.turn;
        self.load(&x.position, turn);
        let mine = x.fields.on_roll;
        self.dice = x.fields.dice;
        self.first_die = None;
        self.cube = 1 << x.fields.cube_log.min(15);
        self.cube_owner = x
            .fields
            .cube_owner
            .map(|o| if o == mine { turn } else { turn.opponent() });
        self.score[turn.index()] = x.fields.score[mine.index()];
        self.score[turn.opponent().index()] = x.fields.score[mine.opponent().index()];
        self.crawford = x.fields.crawford;
    }

    /// The rule set of the game being set up.
    pub(crate) const fn variant(&self) -> Variant {
        self.variant
    }

    /// The player on roll.
    pub(crate) const fn turn(&self) -> Side {
        self.turn
    }

    /// The dice set, if any.
    pub(crate) const fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The score set (White's, Black's).
    pub(crate) const fn score(&self) -> [u32; 2] {
        self.score
    }

    /// The cube as set, or the centred cube if the value is somehow not a cube's.
    pub(crate) fn cube(&self) -> Cube {
        Cube::new(self.cube, self.cube_owner).unwrap_or(Cube::CENTRED)
    }

    fn geometry(&self) -> Geometry {
        self.variant.rules().geometry()
    }

    /// White's number of `side`'s point `point` (1-24).
    fn white_point(&self, point: u8, side: Side) -> u8 {
        match side {
            Side::White => point,
            Side::Black => self.geometry().mover_point_of_opponent(point),
        }
    }

    /// Each side's checkers on the board and the bar (White's, Black's).
    pub(crate) fn counts(&self) -> [u32; 2] {
        let mut on = [u32::from(self.bar[0]), u32::from(self.bar[1])];
        for point in &self.points {
            on[0] += u32::from(point[0]);
            on[1] += u32::from(point[1]);
        }
        on
    }

    /// Adds a checker of `side` on `side`'s bar (`point` 25) or on `viewer`'s point
    /// `point` (1-24). In Plakoto a checker put on a single checker of the other side pins
    /// it. Returns what was done.
    pub(crate) fn add(
        &mut self,
        side: Side,
        point: u8,
        viewer: Side,
    ) -> Result<String, EditRefusal> {
        let slot = match point {
            25 => &mut self.bar[side.index()],
            1..=24 => {
                let w = usize::from(self.white_point(point, viewer)) - 1;
                let other = self.points[w][side.opponent().index()];
                if self.variant == Variant::Plakoto && other == 1 && self.pinned[w].is_none() {
                    self.pinned[w] = Some(side.opponent());
                }
                &mut self.points[w][side.index()]
            }
            _ => {
                return Err(EditRefusal::AddOff);
            }
        };
        if *slot >= MAX_ON_POINT {
            return Err(EditRefusal::Full);
        }
        *slot += 1;
        Ok(format!("{side} checker added"))
    }

    /// Removes a checker from `viewer`'s point `point` (25: the bars): the one on top (a
    /// pinning checker before the pinned one; of two sides, the one with fewer; on the bar,
    /// the player on roll's first).
    pub(crate) fn remove(&mut self, point: u8, viewer: Side) -> Result<String, EditRefusal> {
        if point == 25 {
            let side = [self.turn, self.turn.opponent()]
                .into_iter()
                .find(|s| self.bar[s.index()] > 0)
                .ok_or(EditRefusal::BarEmpty)?;
            self.bar[side.index()] -= 1;
            return Ok(format!("{side} checker taken off the bar"));
        }
        if !(1..=24).contains(&point) {
            return Err(EditRefusal::RemoveOff);
        }
        let w = usize::from(self.white_point(point, viewer)) - 1;
        let here = self.points[w];
        let side = match (self.pinned[w], here) {
            (_, [0, 0]) => return Err(EditRefusal::PointEmpty),
            (Some(under), _) if here[under.opponent().index()] > 0 => under.opponent(),
            // Both sides where the rule set allows one: the fewer first (the stray one).
            (_, [white, black]) if white > 0 && (black == 0 || white < black) => Side::White,
            _ => Side::Black,
        };
        self.points[w][side.index()] -= 1;
        if self.points[w][side.index()] == 0 {
            self.pinned[w] = None;
        }
        Ok(format!("{side} checker removed"))
    }

    /// Marks the single checker on `viewer`'s point `point` as pinned, or frees it: the
    /// pinned checker is the side's with one checker there (White's when both or neither
    /// have one).
    pub(crate) fn toggle_pin(&mut self, point: u8, viewer: Side) -> Result<String, EditRefusal> {
        if self.variant != Variant::Plakoto {
            return Err(EditRefusal::NoPins(self.variant));
        }
        if !(1..=24).contains(&point) {
            return Err(EditRefusal::PinOffPoint);
        }
        let w = usize::from(self.white_point(point, viewer)) - 1;
        if self.pinned[w].take().is_some() {
            return Ok("the checker is free".into());
        }
        let here = self.points[w];
        let under = match here {
            [1, _] => Side::White,
            [_, 1] => Side::Black,
            _ => return Err(EditRefusal::PinNotSingle),
        };
        self.pinned[w] = Some(under);
        Ok(format!("{under} checker pinned"))
    }

    /// Takes every checker off the board (all borne off).
    pub(crate) fn clear(&mut self) {
        self.points = [[0; 2]; 24];
        self.bar = [0; 2];
        self.pinned = [None; 24];
    }

    /// The rule set's starting position.
    pub(crate) fn initial(&mut self) {
        let turn = self.turn;
        self.load(&self.variant.start_position(), turn);
    }

    /// The other player on roll (the checkers stay where they are).
    pub(crate) fn toggle_turn(&mut self) {
        self.turn = self.turn.opponent();
    }

    /// A die typed: the first waits for the second; `0` takes the dice away.
    pub(crate) fn die(&mut self, die: u8) -> String {
        if die == 0 || !(1..=6).contains(&die) {
            self.dice = None;
            self.first_die = None;
            return "no dice: the player on roll will roll".into();
        }
        match self.first_die.take() {
            None => {
                self.first_die = Some(die);
                format!("dice {die}-?: type the second die")
            }
            Some(first) => {
                self.dice = Dice::new(first, die).ok();
                format!("dice {first}-{die}")
            }
        }
    }

    /// Sets the dice (rolled for the player).
    pub(crate) fn set_dice(&mut self, dice: Dice) {
        self.dice = Some(dice);
        self.first_die = None;
    }

    /// Doubles the cube, back to 1 past `cap`.
    pub(crate) fn cube_up(&mut self, cap: u32) {
        self.cube = if self.cube.saturating_mul(2) > cap.max(1) {
            1
        } else {
            self.cube * 2
        };
        if self.cube == 1 {
            self.cube_owner = None;
        }
    }

    /// The cube's owner in turn: the centre, White, Black.
    pub(crate) fn cube_owner_next(&mut self) {
        self.cube_owner = match self.cube_owner {
            None => Some(Side::White),
            Some(Side::White) => Some(Side::Black),
            Some(Side::Black) => None,
        };
    }

    /// One more point for `side`, back to 0 at `length` (a match's length).
    pub(crate) fn score_up(&mut self, side: Side, length: u32) {
        let s = &mut self.score[side.index()];
        *s = if *s + 1 >= length { 0 } else { *s + 1 };
    }

    /// This game the Crawford game, or not.
    pub(crate) fn toggle_crawford(&mut self) {
        self.crawford = !self.crawford;
    }

    /// The board in the plain form, from the view of the player on roll.
    pub(crate) fn spec(&self) -> BoardSpec {
        let (me, them) = (self.turn.index(), self.turn.opponent().index());
        let mut spec = BoardSpec {
            mine: [0; 24],
            theirs: [0; 24],
            bar: [self.bar[me], self.bar[them]],
            pinned: Vec::new(),
            pinned_theirs: Vec::new(),
        };
        for q in 1..=24u8 {
            let w = usize::from(self.white_point(q, self.turn)) - 1;
            let i = usize::from(q) - 1;
            spec.mine[i] = self.points[w][me];
            spec.theirs[i] = self.points[w][them];
            match self.pinned[w] {
                Some(s) if s == self.turn => spec.pinned.push(q),
                Some(_) => spec.pinned_theirs.push(q),
                None => {}
            }
        }
        spec
    }

    /// The setup to hand the engine, or why the checkers are not a position of the rule
    /// set (the engine's reason, the sides named).
    pub(crate) fn setup(&self, names: &[String; 2]) -> Result<GameSetup, SetupRefusal> {
        let position = self
            .spec()
            .to_position(self.variant)
            .map_err(|e| SetupRefusal::Board(self.explain(&e, names)))?;
        Ok(GameSetup {
            position,
            turn: self.turn,
            cube: Cube::new(self.cube, self.cube_owner)?,
            score: self.score,
            crawford: self.crawford,
        })
    }

    /// The engine's reason, with "mine" and "theirs" and the points named as the players
    /// see them.
    fn explain(&self, e: &SpecError, names: &[String; 2]) -> String {
        let name = |side: Side| names[side.index()].clone();
        let mine = name(self.turn);
        let theirs = name(self.turn.opponent());
        match e {
            SpecError::TooManyCheckers { side, count } => {
                let who = if *side == "mine" { mine } else { theirs };
                format!(
                    "{who} has {count} checkers on the board and the bar; a side has at most {CHECKERS}"
                )
            }
            SpecError::BothOnPoint { point, variant } => format!(
                "both sides have checkers on {mine}'s {point}-point, which {variant} does not allow"
            ),
            SpecError::PinWithoutPinner(point) => {
                let spec = self.spec();
                let i = usize::from(*point).saturating_sub(1).min(23);
                let (pinned, pinner) = if spec.mine[i] > 0 {
                    (&mine, &theirs)
                } else {
                    (&theirs, &mine)
                };
                format!(
                    "{pinned}'s pinned checker on {mine}'s {point}-point has no checker of {pinner}'s on top"
                )
            }
            SpecError::NoPinnedChecker(point) => format!(
                "{mine}'s {point}-point holds both sides but neither has a single pinned checker there"
            ),
            SpecError::BadPin(point) | SpecError::BadTheirPin(point) => {
                format!(
                    "the pin on {mine}'s {point}-point is not a single checker under the other side's"
                )
            }
            other => other.to_string(),
        }
    }

    /// The checkers as they were typed, seen from the player on roll, for the board to show
    /// (it may not be a position: nothing is checked).
    pub(crate) fn shown(&self) -> Position {
        let spec = self.spec();
        let mut board = [0i8; 26];
        let mut pins = Vec::new();
        let clip = |n: u8| n.min(i8::MAX as u8) as i8;
        for i in 0..24 {
            let (mine, theirs) = (spec.mine[i], spec.theirs[i]);
            let point = i as u8 + 1;
            board[i + 1] = match (mine, theirs) {
                (0, t) => -clip(t),
                (m, 0) => clip(m),
                // Both: the pinned one under the other's.
                (m, t) => {
                    pins.push(point);
                    if spec.pinned.contains(&point) || (m == 1 && t > 1) {
                        -clip(t)
                    } else {
                        clip(m)
                    }
                }
            };
        }
        board[25] = clip(spec.bar[0]);
        board[0] = -clip(spec.bar[1]);
        let on = self.counts();
        let (me, them) = (self.turn.index(), self.turn.opponent().index());
        let off = |n: u32| CHECKERS.saturating_sub(n.min(u32::from(CHECKERS)) as u8);
        Position::unchecked(board, [off(on[me]), off(on[them])], &pins, self.geometry())
    }

    /// What the side panel says while editing: the counts, the settings and the keys.
    pub(crate) fn lines(&self, names: &[String; 2], match_length: Option<u32>) -> Vec<String> {
        let on = self.counts();
        let count = |side: Side| {
            let n = on[side.index()];
            let mark = if n > u32::from(CHECKERS) { "!" } else { "" };
            format!("{} {n}{mark}", names[side.index()])
        };
        let dice = match (self.dice, self.first_die) {
            (_, Some(first)) => format!("{first}-?"),
            (Some(d), None) => format!("{}-{}", d.high(), d.low()),
            (None, None) => "to roll".to_string(),
        };
        let owner = match self.cube_owner {
            None => "centred".to_string(),
            Some(side) => format!("{}'s", names[side.index()]),
        };
        let mut lines = vec![
            format!("Set-up: {}", self.variant),
            format!("Checkers ({CHECKERS} a side at most):"),
            format!("  {}, {}", count(Side::White), count(Side::Black)),
            format!("On roll: {} (t)", names[self.turn.index()]),
            format!("Dice: {dice} (1-6, 0, r)"),
        ];
        if self.variant.has_cube() {
            lines.push(format!("Cube: {} {owner} (v, o)", self.cube));
        }
        if let Some(n) = match_length {
            let crawford = if self.crawford { ", Crawford" } else { "" };
            lines.push(format!(
                "Score: {}-{} of {n}{crawford} (W B C)",
                self.score[0], self.score[1]
            ));
        }
        // Only Plakoto pins a checker under another.
        lines.push(if self.variant == Variant::Plakoto {
            "w b add, x remove, p pin".to_string()
        } else {
            "w b add, x remove".to_string()
        });
        lines.push("c clear, i initial, ? keys".to_string());
        lines
    }
}

/// Why a key of the position editor changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum EditRefusal {
    /// A checker added to the tray.
    #[error("checkers off the board are borne off: remove them from a point")]
    AddOff,
    /// The spot holds as many checkers of the side as it may.
    #[error("at most {MAX_ON_POINT} checkers of a side on one spot")]
    Full,
    /// A checker taken from an empty bar.
    #[error("no checker on the bar")]
    BarEmpty,
    /// A checker taken from the tray.
    #[error("checkers off the board are borne off: nothing to remove")]
    RemoveOff,
    /// A checker taken from an empty point.
    #[error("no checker on that point")]
    PointEmpty,
    /// A pin in a rule set without pins.
    #[error("{0} has no pinned checkers")]
    NoPins(Variant),
    /// A pin off the points.
    #[error("only a checker on a point can be pinned")]
    PinOffPoint,
    /// A pin where there is not one single checker.
    #[error("only a single checker can be pinned")]
    PinNotSingle,
    /// The cube changed in a game without it.
    #[error("this game has no cube")]
    NoCube,
    /// The score changed in money play.
    #[error("money play has no score")]
    NoScore,
    /// A key the editor does not know.
    #[error("set-up keys: w b x p c i t 1-6 0 r v o W B C, Enter plays, Esc cancels")]
    UnknownKey,
}
