//! What the harness asks bg-tui, in one place: a cube decision and a ranking of plays for a
//! match state. [`CurrentApi`] answers through today's library (the expert's
//! `cube_decision`, `select_for` and `rank`, as `analyse` and the hint panel use them); to
//! measure another API (the advisor of issue 31), implement [`Advice`] for it and hand it to
//! the tests in `mod.rs` instead.

use bg_tui::bot::expert::ExpertBot;
use bg_tui::bot::expert::cube::CubeDecision;
use bg_tui::engine::{MatchState, Play, position_id};

/// The kind of cube action, as GNU Backgammon's verdicts fall into them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// No double (or redouble), take.
    NoDouble,
    /// Double, take (optional doubles too).
    DoubleTake,
    /// Double, pass.
    DoublePass,
    /// Too good to double, pass.
    TooGoodPass,
    /// Too good to double, take.
    TooGoodTake,
    /// The player on roll has no cube to turn (it is the opponent's, dead, or the Crawford
    /// game's).
    NoCube,
}

impl Category {
    /// The category of a fixture's `category` field.
    pub fn of_fixture(text: &str) -> Option<Category> {
        Some(match text {
            "no double" => Category::NoDouble,
            "double, take" => Category::DoubleTake,
            "double, pass" => Category::DoublePass,
            "too good, pass" => Category::TooGoodPass,
            "too good, take" => Category::TooGoodTake,
            "no cube" => Category::NoCube,
            _ => return None,
        })
    }

    /// A short name for the tables.
    pub const fn name(self) -> &'static str {
        match self {
            Category::NoDouble => "ND",
            Category::DoubleTake => "D/T",
            Category::DoublePass => "D/P",
            Category::TooGoodPass => "TG/P",
            Category::TooGoodTake => "TG/T",
            Category::NoCube => "no cube",
        }
    }

    /// Every category, in table order.
    pub const ALL: [Category; 6] = [
        Category::NoDouble,
        Category::DoubleTake,
        Category::DoublePass,
        Category::TooGoodPass,
        Category::TooGoodTake,
        Category::NoCube,
    ];

    /// The category of three equities (the doubler's view), as GNU Backgammon sorts them
    /// (`FindBestCubeDecision`): double when double/take and double/pass both reach no
    /// double; else too good when the opponent would pass and playing on is worth more.
    pub fn of_equities(nd: f64, dt: f64, dp: f64) -> Category {
        if dt >= nd && dp >= nd {
            if dp > dt {
                Category::DoubleTake
            } else {
                Category::DoublePass
            }
        } else if dt > dp {
            Category::TooGoodPass
        } else if nd > dp {
            Category::TooGoodTake
        } else {
            Category::NoDouble
        }
    }
}

/// A cube decision: equities in money-game units (money play: per unit of the cube; a
/// match: match-winning chances normalised as GNU Backgammon's EMG), the doubler's view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeAnswer {
    /// No double.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass.
    pub double_pass: f64,
    /// The verdict.
    pub category: Category,
}

/// A play of a ranking: the position after it (its Position ID, the mover's view) and its
/// equity in money-game units (EMG in a match).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayAnswer {
    /// The Position ID after the play, from the view of the player who made it.
    pub after: String,
    /// The play's equity.
    pub equity: f64,
}

/// bg-tui's answers, whichever API gives them.
pub trait Advice {
    /// What the table calls this API.
    fn name(&self) -> String;
    /// The cube decision of the player on roll in `m` (about to roll).
    fn cube(&mut self, m: &MatchState) -> CubeAnswer;
    /// The plays of the roll in `m` (the dice rolled), best first.
    fn plays(&mut self, m: &MatchState) -> Vec<PlayAnswer>;
}

/// Today's library: the expert at `ply`.
pub struct CurrentApi {
    bot: ExpertBot,
    ply: u8,
}

impl CurrentApi {
    /// The shipped expert looking `ply` rolls ahead.
    pub fn new(ply: u8) -> CurrentApi {
        CurrentApi {
            bot: ExpertBot::shipped(ply).expect("the shipped nets"),
            ply,
        }
    }
}

impl Advice for CurrentApi {
    fn name(&self) -> String {
        format!("ExpertBot::cube_decision / rank at {}-ply", self.ply)
    }

    fn cube(&mut self, m: &MatchState) -> CubeAnswer {
        let d: CubeDecision = self.bot.cube_decision(m);
        let (nd, dt, dp) = (
            f64::from(d.no_double),
            f64::from(d.double_take),
            f64::from(d.double_pass),
        );
        let category = if m.game().may_double().is_err() {
            Category::NoCube
        } else {
            Category::of_equities(nd, dt, dp)
        };
        CubeAnswer {
            no_double: nd,
            double_take: dt,
            double_pass: dp,
            category,
        }
    }

    fn plays(&mut self, m: &MatchState) -> Vec<PlayAnswer> {
        let legal: Vec<Play> = m.game().legal_plays().to_vec();
        self.bot.select_for(m);
        self.bot
            .rank(&legal)
            .into_iter()
            .map(|r| PlayAnswer {
                after: position_id(r.play.position()),
                equity: f64::from(self.bot.money_equivalent(&r.chances)),
            })
            .collect()
    }
}
