//! Everything the board view shows, as plain data. The app fills it in; the view only reads
//! it, so rendering can be tested on hand-made models without playing a game.

use bg_tui::engine::{Cube, Dice, Position, Side, Step};

/// A place on the board the cursor can stand on or a checker can move to, in the numbering
/// of the player on roll ([`BoardModel::on_roll`]), wherever the board shows that player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Spot {
    /// A point, 1 to 24.
    Point(u8),
    /// The bar (the player on roll's checkers on it).
    Bar,
    /// The bear-off tray of the player on roll.
    Tray,
}

/// A place as the cursor stands on it: off is the tray.
impl From<bg_tui::engine::Place> for Spot {
    fn from(place: bg_tui::engine::Place) -> Spot {
        match place {
            bg_tui::engine::Place::OFF => Spot::Tray,
            bg_tui::engine::Place::BAR => Spot::Bar,
            point => Spot::Point(point.number()),
        }
    }
}

/// The last play, marked on the board until the next roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LastMove {
    /// The side that played.
    pub(crate) side: Side,
    /// Its checker moves, in that side's numbering (25: the bar, 0: off).
    pub(crate) steps: Vec<Step>,
}

/// A player's clock, as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClockShow {
    /// The reserve left, such as "1:45".
    pub(crate) left: String,
    /// The clock is running (that player is to act).
    pub(crate) running: bool,
    /// The reserve is used up.
    pub(crate) flagged: bool,
}

/// A panel drawn over the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Overlay {
    /// The help: every key and what it does, as (keys, description) rows.
    Help(Vec<(String, String)>),
    /// A question with its answers, such as "Bob doubles to 4" with "t take  p pass".
    Question {
        /// The title line.
        title: String,
        /// The lines below it.
        lines: Vec<String>,
    },
    /// The end of a game or a match.
    GameOver {
        /// The title line, such as "Alice wins a gammon".
        title: String,
        /// The details: cube, points, score, what key starts the next game.
        lines: Vec<String>,
    },
}

/// All the board view needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BoardModel {
    /// The checkers, seen from `on_roll` (whose checkers count positive).
    pub(crate) position: Position,
    /// The player whose numbering the position and the spots use: the player on roll (or
    /// about to roll).
    pub(crate) on_roll: Side,
    /// The player whose home board is drawn bottom right and whose numbering the point
    /// labels show (White's, GNU Backgammon's layout, unless the board turns to the player
    /// on roll).
    pub(crate) bottom: Side,
    /// The player marked as the one to act, if any (none before the opening roll and once
    /// the game is over).
    pub(crate) to_act: Option<Side>,
    /// The player to act answers a double, a beaver or a resignation (rather than playing
    /// its turn).
    pub(crate) answering: bool,
    /// Both names, indexed by [`Side::index`].
    pub(crate) names: [String; 2],
    /// The bot playing each side, if any, indexed by [`Side::index`].
    pub(crate) bots: [Option<String>; 2],
    /// The cube (value and owner); `None` when the cube is not in use.
    pub(crate) cube: Option<Cube>,
    /// The dice on the board, if rolled, in the order shown.
    pub(crate) dice: Option<Dice>,
    /// The dice played this turn, by value (a double's value once per move made): those
    /// are drawn dim.
    pub(crate) dice_used: Vec<u8>,
    /// The match length; `None` for money play.
    pub(crate) match_length: Option<u32>,
    /// The score, indexed by [`Side::index`].
    pub(crate) score: [u32; 2],
    /// "Crawford", "post-Crawford" or empty.
    pub(crate) crawford: String,
    /// The rule set and what it asks the table to show: its name (and in Tavli which game
    /// of the cycle), Fevga's routes, a pinned mother in Plakoto. Empty for plain
    /// backgammon.
    pub(crate) rules: Vec<String>,
    /// The position in the plain board form, where no Position ID can say it (Plakoto,
    /// Fevga).
    pub(crate) board_text: Option<String>,
    /// eXtreme Gammon's position string (`XGID=...`), shown in place of the Position ID and
    /// Match ID when asked for (`i`).
    pub(crate) xgid: Option<String>,
    /// GNU Backgammon Position ID of the position, from the view of the player on roll.
    pub(crate) position_id: String,
    /// GNU Backgammon Match ID.
    pub(crate) match_id: String,
    /// Where the cursor is.
    pub(crate) cursor: Spot,
    /// The spot of the checker picked up, if any.
    pub(crate) picked: Option<Spot>,
    /// Spots the picked checker may move to.
    pub(crate) targets: Vec<Spot>,
    /// What to do now, such as "Roll or double" or "Move: 2 dice left".
    pub(crate) status: String,
    /// The answer to the last key: why it was refused, what the other player did.
    pub(crate) message: String,
    /// The last play of each side in notation with its roll, such as "Bob 6-5: 24/13".
    pub(crate) last_play: String,
    /// The last play's checker moves, marked on the board (from and to, hits).
    pub(crate) last_move: Option<LastMove>,
    /// The last few events, oldest first: rolls, plays, cube actions, saves.
    pub(crate) log: Vec<String>,
    /// How many of the newest events the log is scrolled back past (0: the newest shown).
    pub(crate) log_scroll: usize,
    /// Each player's clock, when the game is played with clocks.
    pub(crate) clocks: Option<[ClockShow; 2]>,
    /// The tutor view: point numbers for both sides, each in its own numbering.
    pub(crate) tutor: bool,
    /// Why the match is not being saved ("autosave failing: ..."), while that lasts; empty
    /// when saving works or was not asked for.
    pub(crate) saving: String,
    /// A panel over the board, if any.
    pub(crate) overlay: Option<Overlay>,
    /// The command line being typed after `:`, if open.
    pub(crate) command_line: Option<String>,
    /// Draw with ASCII only.
    pub(crate) ascii: bool,
    /// Use colours (off under `NO_COLOR`).
    pub(crate) color: bool,
    /// The colours for the terminal's background (`--theme`).
    pub(crate) palette: crate::tui::theme::Palette,
}

/// The list of moves the replay viewer shows beside the board: one row per play, cube
/// action, resignation and result, under a heading for each game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct MoveList<'a> {
    /// The rows, in order.
    pub(crate) rows: &'a [MoveRow],
    /// The row of the moment shown (highlighted, and kept in view).
    pub(crate) current: Option<usize>,
}

/// One row of a [`MoveList`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MoveRow {
    /// The side whose checker starts the row; `None` for a heading such as "Game 2".
    pub(crate) side: Option<Side>,
    /// The text after the checker, such as "12 6-4 13/9 13/7".
    pub(crate) text: String,
}
