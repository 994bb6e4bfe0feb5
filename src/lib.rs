//! bg-tui: backgammon for the terminal.
//!
//! The [`engine`] module holds the rules: positions, dice, legal plays, the cube, matches,
//! scoring, GNU Backgammon's Position ID and Match ID, and move notation. It is pure: no
//! terminal, no files, no hidden randomness. Around it: the bots ([`bot`]), the advice a
//! player is given ([`advisor`]), the analysis of a match ([`analysis`]) and drills from a
//! player's own mistakes in it ([`drill`]), the game host that plays a match with them
//! ([`host`], and bot against bot: [`host::arena`]), game
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
//! # Architecture
//!
//! The crate is built in floors, each standing only on floors below it (not necessarily
//! all of them: the host seats bots and records a match but asks no advisor; the terminal
//! game asks both). The two programs stand on top, each in its own folder of `src/`:
//!
//! ```text
//!  bg-tui: src/main.rs, tui/ (the game), cli/ (the commands)   bg-lab: src/bin/bg-lab/
//! +-----------------------------------------------------------+ +---------------------+
//! | host: Host (seats, clocks, saving), arena (bot-match)     | | train, rollout-db,  |
//! +-----------------------------+-----------------------------+ | eval-db, bench,     |
//! | advisor: Advisor            | analysis: a match judged    | | bench-expert,       |
//! +-----------------------------+-------+---------------------+ | tavli-met           |
//! | bot: decide; random, greedy,        | record, mat, journal, | | (with `lab`: the    |
//! | pubeval, expert (nets, look-ahead,  | store (files.rs),     | | nets' insides,      |
//! | cube, rollouts), ubgi (engines)     | replay                | | the benchmark)      |
//! +-------------------------------------+-----------------------+ +---------------------+
//! | engine: positions, dice, legal plays, the cube, MatchState, IDs, notation; pure     |
//! +-------------------------------------------------------------------------------------+
//!   beside them all: clock, text_board, printable (and the crate's own regular_file)
//! ```
//!
//! ## A turn
//!
//! The terminal's runtime (`tui::terminal`) reads a key on its input thread and hands it to
//! the game's `App` as an event. `App::handle` makes it a message (`App::message_for`,
//! through `tui::keys::play_key`: `r` is `Msg::Roll`) and `App::update` applies it: the
//! only place the game changes, in memory only. What a person's key means for the match is
//! read apart from the match alone (`tui::app::intent`: a decision, an action, a key that
//! builds the move on the board, a refusal with its reason) and carried out by
//! `App::carry_intent`. A roll asked for by a person (judged first in tutor mode) has its dice drawn by the match's [`host::Host`] ([`host::Host::roll`]),
//! and the action goes through [`host::Host::apply`] to the [`record::Recorder`]
//! ([`record::Recorder::apply`]), which applies it to the [`engine::MatchState`]
//! ([`engine::MatchState::apply`]) and records it, so the match and its record never part.
//! The checkers of a play are moved one by one in an [`engine::TurnBuilder`] (the input
//! part's board keys over the table's turn in progress) and the whole play applied as
//! [`engine::Action::Play`].
//!
//! After every message `App::update` asks the decision table whose decision the match
//! waits for ([`bot::Question::of`]); a bot's question goes out as a job (`App::schedule`),
//! which the runtime starts on a worker thread (`tui::job::spawn`, which runs any job: an
//! id, a kind, and the work, here `tui::bots::BotJob`). There the bot is asked through
//! [`bot::decide`], the one table every bot is played by (the arena's [`host::Host::ask`]
//! too), and its [`bot::Decision`] comes back as a message (`Msg::BotDecided`, sent into
//! the runtime's channel beside the terminal's events). A roll has
//! its dice drawn by the host, and it is carried out by [`host::Host::carry_out`], the one
//! road of a person's decisions too (one offer to resign a game), a play shown checker by
//! checker first.
//! `bg-tui bot-match` plays the same turns without a screen: [`host::arena`] asks each bot
//! through the host, on as many threads as it is given.
//!
//! ## A save
//!
//! Each update ends by asking the host's [`host::saving::Saving`] whether the record gained
//! anything ([`host::saving::Saving::due`]); if so it asks for an autosave
//! ([`host::saving::SaveRequest::Autosave`]; `s` asks for [`host::saving::SaveRequest::To`]).
//! The host keeps the saves asked for ([`host::Host::ask_save`]) and hands out the next
//! with the match's one [`host::saving::SaveWriter`] as a [`host::saving::SaveJob`]
//! ([`host::Host::next_save`]), one at a time and in order. The runtime runs it on a worker
//! thread (`tui::job::spawn`, [`host::saving::SaveJob::run`]; a save that cannot get a
//! thread is made on the calling thread, never lost), and the writer comes back in a
//! message (`Msg::Saved`) to [`host::Host::save_done`], which says how it went.
//!
//! The autosave is a [`journal::Journal`] in the save folder ([`store::data_dir`]): the
//! first game running holds a lock on [`store::autosave::LOCK_NAME`] and writes
//! [`store::AUTOSAVE_NAME`], another a file of its own
//! ([`store::autosave::claim_autosave`]). The journal's first line is the whole record,
//! written atomically; each save after it appends one line of what the record gained and
//! forces it to the disk ([`journal::Journal::save`]), so a save costs the same in game 1
//! as in game 10,000 and a crash leaves the save before. Every other file goes through the
//! crate's `files.rs` (public as [`store`]'s functions): [`store::write_atomic`] (a
//! temporary file in the same folder, flushed, renamed over the target), `s`'s
//! [`store::write_output`], and [`store::keep_finished`], which keeps a finished match
//! under a dated name never taken ([`store::write_unused`]) and lets the autosave go.
//!
//! ## A hint
//!
//! `H` opens the hint panel at once ("thinking") and starts a job with a copy of the match
//! (`tui::hint::HintJob`, run by `tui::job::spawn`). On its worker thread
//! `tui::hint::advise` makes an [`advisor::Advisor`] at the default depth
//! ([`bot::EXPERT_DEFAULT_PLY`], 2-ply) on the shipped nets and asks
//! [`advisor::Advisor::plays`] (a roll to play) or [`advisor::Advisor::cube`] (before a
//! roll, or doubled). The advisor takes the nets of
//! the game's rule set and its cube and score ([`bot::expert::ExpertBot::select_for`]);
//! for plays the [`bot::expert::ExpertBot`] ranks every legal play through its move
//! filters ([`bot::expert::MoveFilter::ADVICE`]: 0-ply on the [`bot::expert::Nets`] first,
//! the best few looked at deeper) and judges the lines at the advisor's depth
//! ([`bot::expert::ExpertBot::judge_play`]); for the cube
//! [`advisor::Advisor::cube`] values no double, double/take and double/pass cubefully
//! through the expert's look-ahead. The [`advisor::PlayAdvice`] or [`advisor::CubeAdvice`]
//! comes back as a message (`HintMsg::Ready`) and the panel formats it ([`advisor::text`]).
//! `bg-tui hint`, tutor mode, `analyse` ([`analysis`]) and `ubgi`'s answers ask the same
//! advisor, so the same position gives the same numbers everywhere.
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
pub mod drill;
pub mod engine;
mod files;
pub mod host;
pub mod journal;
pub mod mat;
pub mod printable;
pub mod record;
// Public for the lab's databases only: a crate user opens files through `store`.
public_with!("lab", regular_file);
pub mod replay;
pub mod store;
pub mod text_board;
