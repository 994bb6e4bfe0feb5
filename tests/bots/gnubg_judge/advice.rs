//! What the harness asks bg-tui, in one place: a cube decision and a ranking of plays for a
//! match state. [`AdvisorApi`] answers through the advisor (`bg_tui::advisor`, which every
//! screen asks). To measure another API, implement [`Advice`] for it and hand it to the
//! tests in `mod.rs`.

use bg_tui::advisor::Advisor;
use bg_tui::bot::expert::close_cube::CloseRollouts;
use bg_tui::bot::expert::cube::CubeVerdict;
use bg_tui::engine::{MatchState, position_id};

/// The kind of cube action, as GNU Backgammon's verdicts fall into them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Category {
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
    pub(super) fn of_fixture(text: &str) -> Option<Category> {
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
    pub(super) const fn name(self) -> &'static str {
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
    pub(super) const ALL: [Category; 6] = [
        Category::NoDouble,
        Category::DoubleTake,
        Category::DoublePass,
        Category::TooGoodPass,
        Category::TooGoodTake,
        Category::NoCube,
    ];
}

impl Category {
    /// The category of the advisor's verdict (by what it says: dead or unavailable cubes,
    /// doubles, too good; else no double).
    pub(super) fn of_verdict(v: CubeVerdict) -> Category {
        let dead = matches!(
            v,
            CubeVerdict::NoDoubleDeadCube
                | CubeVerdict::NoRedoubleDeadCube
                | CubeVerdict::NotAvailable
        );
        match (dead, v.doubles(), v.too_good(), v.takes()) {
            (true, ..) => Category::NoCube,
            (_, true, _, true) => Category::DoubleTake,
            (_, true, _, false) => Category::DoublePass,
            (_, _, true, true) => Category::TooGoodTake,
            (_, _, true, false) => Category::TooGoodPass,
            _ => Category::NoDouble,
        }
    }
}

/// A cube decision: equities in money-game units (money play: per unit of the cube; a
/// match: match-winning chances normalised as GNU Backgammon's EMG), the doubler's view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct CubeAnswer {
    /// No double.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass.
    pub double_pass: f64,
    /// The verdict.
    pub category: Category,
    /// The verdict in GNU Backgammon's words, where the API has them.
    pub words: Option<&'static str>,
}

/// A play of a ranking: the position after it (its Position ID, the mover's view) and its
/// equity in money-game units (EMG in a match).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PlayAnswer {
    /// The Position ID after the play, from the view of the player who made it.
    pub after: String,
    /// The play's equity.
    pub equity: f64,
}

/// bg-tui's answers, whichever API gives them.
pub(super) trait Advice {
    /// What the table calls this API.
    fn name(&self) -> String;
    /// The cube decision of the player on roll in `m` (about to roll).
    fn cube(&mut self, m: &MatchState) -> CubeAnswer;
    /// The plays of the roll in `m` (the dice rolled), best first.
    fn plays(&mut self, m: &MatchState) -> Vec<PlayAnswer>;
}

/// The advisor at a depth: what every screen shows.
pub(super) struct AdvisorApi {
    advisor: Advisor,
    /// How it settles close cube decisions (`None`: by the look-ahead).
    how: Option<CloseRollouts>,
    /// The cube decisions it settled by a rollout.
    pub(super) rolled_out: usize,
}

impl AdvisorApi {
    /// The advisor on the shipped nets looking `ply` rolls ahead; on the nets of the file
    /// `BG_NETS` names where it is set (a candidate's verdicts measured by hand).
    pub(super) fn new(ply: u8) -> AdvisorApi {
        let mut advisor = Advisor::new(ply).expect("the shipped nets");
        if let Some(path) = std::env::var_os("BG_NETS") {
            let bytes = bg_tui::bot::expert::read_nets_file_bytes(std::path::Path::new(&path))
                .expect("BG_NETS: a nets file");
            let nets = bg_tui::bot::expert::read_nets(&bytes).expect("BG_NETS: backgammon's nets");
            let expert = advisor.expert();
            *expert = expert.clone().with_nets(std::sync::Arc::new(nets));
        }
        AdvisorApi {
            advisor,
            how: None,
            rolled_out: 0,
        }
    }

    /// The same, settling close cube decisions by rollouts as `how` says.
    pub(super) fn settling(ply: u8, how: CloseRollouts) -> AdvisorApi {
        AdvisorApi {
            advisor: Advisor::new(ply)
                .expect("the shipped nets")
                .with_close_rollouts(Some(how)),
            how: Some(how),
            rolled_out: 0,
        }
    }
}

impl Advice for AdvisorApi {
    fn name(&self) -> String {
        let settled = match self.how {
            Some(how) => format!(", close decisions rolled out ({} trials)", how.trials),
            None => String::new(),
        };
        format!(
            "Advisor::cube / plays at {}-ply{settled}",
            self.advisor.depth()
        )
    }

    fn cube(&mut self, m: &MatchState) -> CubeAnswer {
        let a = self.advisor.cube(m).expect("a cube decision");
        self.rolled_out += usize::from(a.rollout.is_some());
        CubeAnswer {
            no_double: f64::from(a.no_double.emg),
            double_take: f64::from(a.double_take.emg),
            double_pass: f64::from(a.double_pass.emg),
            category: Category::of_verdict(a.verdict),
            words: Some(a.verdict.words()),
        }
    }

    fn plays(&mut self, m: &MatchState) -> Vec<PlayAnswer> {
        let advice = self.advisor.plays(m).expect("plays to rank");
        advice
            .lines
            .iter()
            .map(|l| PlayAnswer {
                after: position_id(l.play.position()),
                equity: f64::from(l.equity.emg),
            })
            .collect()
    }
}
