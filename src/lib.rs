//! bg-tui: backgammon for the terminal.
//!
//! The [`engine`] module holds the rules: positions, dice, legal plays, the cube, matches,
//! scoring, GNU Backgammon's Position ID and Match ID, and move notation. It is pure: no
//! terminal, no files, no hidden randomness. Around it: the bots ([`bot`]), the advice a
//! player is given ([`advisor`]) and the analysis of a match ([`analysis`]), the game host
//! that plays a match with them ([`host`], and bot against bot: [`host::arena`]), game
//! records ([`record`], [`store`], [`mat`]) and the autosave journal ([`journal`]), replays
//! ([`replay`]), the clocks ([`clock`]), a text board ([`text_board`]) and text made safe
//! to print ([`printable`]). The terminal game and the command line are the program
//! `bg-tui`'s own, not the library's.
//!
//! The workshop of the program's own development, the program `bg-lab`, is built with the
//! `lab` feature, which also makes public what it works on: the move-generation benchmark
//! (`bench`) and the expert's nets from the inside (their inputs, evaluation, file format
//! and training: `bot::expert::{encode, eval, format, net, train, supervised}`). The
//! autosave's lock (`store::autosave`) and the unfinished match found at a game's start
//! (`host::unfinished`) are public with `tui`, the feature that builds the program
//! `bg-tui`. Without them the face is the engine, the bots and their [`bot::Bot`] trait,
//! the expert with its nets as a whole ([`bot::expert::Nets`], [`bot::expert::Probs`]),
//! rollouts, the advisor, the analysis, the host, records, journals, `.mat` files and
//! replays.
//!
//! A crate that needs only the rules, the bots and the records depends on bg-tui with
//! `default-features = false` and builds without ratatui and crossterm.
//!
//! # Example
//!
//! A match played by the caller's dice (the engine has no randomness of its own), a bot
//! named as on the command line choosing the plays, and the record of it all:
//!
//! ```
//! use bg_tui::bot::{Bot, BotSpec};
//! use bg_tui::engine::{Action, Dice, Phase, Rules, Side, format_play};
//! use bg_tui::record::{PlayerInfo, Recorder};
//!
//! let mut m = bg_tui::engine::MatchState::new(Rules::match_to(3)).unwrap();
//! let mut recorder = Recorder::new(
//!     [PlayerInfo::bot("greedy"), PlayerInfo::bot("greedy")],
//!     Rules::match_to(3),
//!     None,
//! );
//! let mut bot = "greedy".parse::<BotSpec>().unwrap().make(1).unwrap();
//! recorder.apply(&mut m, Action::OpeningRoll { white: 3, black: 1 }).unwrap();
//! assert_eq!(m.game().turn(), Side::White);
//! // White plays the opening 3-1 as the bot chooses: 8/5 6/5 is the book play.
//! let play = bot.choose_play(&m);
//! assert_eq!(format_play(&play), "8/5 6/5");
//! recorder.apply(&mut m, Action::Play(play)).unwrap();
//! recorder.apply(&mut m, Action::Roll(Dice::new(6, 5).unwrap())).unwrap();
//! assert!(matches!(m.game().phase(), Phase::Moving(_)));
//! // Every rule set's legal plays come from the rule set itself.
//! let plays = m.game().variant().legal_plays(m.game().position(), Dice::new(6, 5).unwrap());
//! assert!(plays.iter().any(|p| format_play(p) == "24/13"));
//! assert_eq!(recorder.as_record().games[0].actions.len(), 3);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// Declares a module public with `$feature` and crate-private without it: the workshop's
/// (`lab`: the nets' insides, the benchmark), or the terminal game's (`tui`: the autosave's
/// lock).
macro_rules! public_with {
    ($feature:literal, $name:ident) => {
        #[cfg(feature = $feature)]
        pub mod $name;
        #[cfg(not(feature = $feature))]
        #[allow(dead_code, unreachable_pub)]
        pub(crate) mod $name;
    };
}
pub(crate) use public_with;

pub mod advisor;
pub mod analysis;
// Without `lab` the benchmark is the crate's own (its corpus feeds the unit tests).
public_with!("lab", bench);
pub mod bot;
pub mod clock;
pub mod engine;
mod files;
pub mod host;
pub mod journal;
pub mod mat;
pub mod printable;
pub mod record;
pub mod replay;
pub mod store;
pub mod text_board;
