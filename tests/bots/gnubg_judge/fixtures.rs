//! The fixtures of `tests/fixtures/gnubg/` (README.md there says how each was made), read
//! into rows, and each row's match state for bg-tui.

use bg_tui::engine::{Action, Cube, Dice, GameSetup, MatchState, Rules, Side, position_from_id};
use serde::Deserialize;
use std::path::PathBuf;

/// The folder of the fixtures.
pub(super) fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gnubg")
}

/// Every row of a JSON-lines file of the folder.
pub(super) fn read<T: for<'de> Deserialize<'de>>(name: &str) -> Vec<T> {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1))
        })
        .collect()
}

/// The cube as a row gives it.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct CubeSpec {
    /// Its value.
    pub value: u32,
    /// `centre`, `player on roll` or `opponent`.
    pub owner: String,
}

/// Where a row's position stands: the fields every fixture shares.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct Place {
    /// The row's name in its file.
    pub id: String,
    /// Where the position came from.
    pub source: String,
    /// GNU Backgammon's Position ID (the player on roll's view).
    pub position_id: String,
    /// GNU Backgammon's Match ID.
    pub match_id: String,
    /// 0 or 1 (White or Black).
    pub player_on_roll: u8,
    /// 0 for money play.
    pub match_length: u32,
    /// Player 0's score, player 1's.
    pub score: [u32; 2],
    /// Points away: the player on roll, the opponent (a match).
    pub away: Option<[u32; 2]>,
    /// This is the Crawford game.
    pub crawford_game: bool,
    /// The Crawford game has been played and a side is 1 away.
    pub post_crawford: bool,
    /// The cube.
    pub cube: CubeSpec,
    /// `dev` or `holdout`.
    pub split: String,
}

impl Place {
    /// The match state: the position set up with the player on roll about to roll.
    pub(super) fn state(&self) -> MatchState {
        let rules = if self.match_length == 0 {
            Rules::money()
        } else {
            Rules::match_to(self.match_length)
        };
        let mut m = MatchState::new(rules).expect("the rules");
        let turn = if self.player_on_roll == 0 {
            Side::White
        } else {
            Side::Black
        };
        let owner = match self.cube.owner.as_str() {
            "centre" => None,
            "player on roll" => Some(turn),
            _ => Some(turn.opponent()),
        };
        let position =
            position_from_id(&self.position_id).unwrap_or_else(|e| panic!("{}: {e}", self.id));
        let mut setup = GameSetup::new(position, turn);
        setup.cube = Cube::new(self.cube.value, owner).expect("a cube");
        setup.score = self.score;
        setup.crawford = self.crawford_game;
        m.set_up(&setup)
            .unwrap_or_else(|e| panic!("{}: {e}", self.id));
        m
    }

    /// Money play, or the match's length.
    pub(super) fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// After the Crawford game, the side on roll trailing: the trailer's double to come.
    pub(super) fn trailer_post_crawford(&self) -> bool {
        self.post_crawford && matches!(self.away, Some([mine, 1]) if mine > 1)
    }
}

/// GNU Backgammon's match-winning chances of a cube decision (the file has double/take and
/// double/pass too).
#[derive(Debug, Clone, Deserialize)]
pub(super) struct Mwc {
    /// No double.
    pub no_double: f64,
    /// Double, pass (the match equity table's entry for the score after it).
    pub double_pass: f64,
}

/// GNU Backgammon's cube decision of a row (the file has its cubeless chances too).
#[derive(Debug, Clone, Deserialize)]
pub(super) struct GnubgCube {
    /// gnubg's cubeless chances at its depth: win, win gammon, win backgammon, lose gammon,
    /// lose backgammon (the player on roll's).
    pub probs: [f64; 5],
    /// No double (money equity, or EMG).
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass.
    pub double_pass: f64,
    /// The verdict's words.
    pub verdict: Option<String>,
    /// Its category (see `Category::of_fixture`).
    pub category: String,
    /// The same in match-winning chances (a match).
    pub mwc: Option<Mwc>,
}

/// A row of money-cube.jsonl or match-cube.jsonl.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct CubeRow {
    /// Where the position stands.
    #[serde(flatten)]
    pub place: Place,
    /// GNU Backgammon's answer.
    pub gnubg: GnubgCube,
}

/// A play of GNU Backgammon's ranking (the file has its rank, chances, match-winning
/// chances and depth too).
#[derive(Debug, Clone, Deserialize)]
pub(super) struct GnubgPlay {
    /// The play in gnubg's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The Position ID after it, from the mover's view.
    pub after_position_id: String,
    /// Cubeful equity (money), or EMG.
    pub equity: f64,
}

/// GNU Backgammon's ranking of a row's plays.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct GnubgPlays {
    /// Best first.
    pub plays: Vec<GnubgPlay>,
}

/// A row of match-checker.jsonl.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct CheckerRow {
    /// Where the position stands.
    #[serde(flatten)]
    pub place: Place,
    /// The roll.
    pub dice: [u8; 2],
    /// gnubg's best play of this position and roll changes with the score.
    pub best_differs_by_score: bool,
    /// GNU Backgammon's answer.
    pub gnubg: GnubgPlays,
}

impl CheckerRow {
    /// The match state with the roll made.
    pub(super) fn state(&self) -> MatchState {
        let mut m = self.place.state();
        let dice = Dice::new(self.dice[0], self.dice[1]).expect("dice");
        m.apply(Action::Roll(dice))
            .unwrap_or_else(|e| panic!("{}: {e}", self.place.id));
        m
    }
}

/// A row of cube-rollouts.jsonl: GNU Backgammon's cubeful rollouts of a cube decision's two
/// positions, each `[equity, standard error]` as gnubg printed them (money: per unit of that
/// position's cube; a match: match-winning chances in percent).
#[derive(Debug, Clone, Deserialize)]
pub(super) struct RolloutRow {
    /// The id of the cube row rolled out.
    pub id: String,
    /// No double: the position as it is.
    pub nd: [Option<String>; 2],
    /// Double, take: the cube doubled and owned by the opponent.
    pub dt: [Option<String>; 2],
}

impl RolloutRow {
    /// The rolled-out equities of no double, double/take and double/pass in the doubler's
    /// view, in the units `row` judges in: money per unit of the cube before the double,
    /// or match-winning chances (the pass at gnubg's figure for the score).
    pub(super) fn equities(&self, row: &CubeRow) -> Option<[f64; 3]> {
        let nd = self.no_double()?;
        let dt = number(&self.dt[0])?;
        if row.place.is_money() {
            Some([nd, 2.0 * dt, 1.0])
        } else {
            Some([nd, dt, row.gnubg.mwc.as_ref()?.double_pass])
        }
    }

    /// The rolled-out no double alone (money per unit of the cube, or match-winning
    /// chances): some rows roll out only that.
    pub(super) fn no_double(&self) -> Option<f64> {
        number(&self.nd[0])
    }
}

/// A rollout's printed figure: `0.123`, or `12.3%` as 0.123.
fn number(cell: &Option<String>) -> Option<f64> {
    let text = cell.as_deref()?;
    match text.strip_suffix('%') {
        Some(percent) => percent.parse::<f64>().ok().map(|v| v / 100.0),
        None => text.parse::<f64>().ok(),
    }
}
