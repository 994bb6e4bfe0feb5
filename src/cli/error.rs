//! [`CliError`]: why a command failed, with the facts in fields and the typed error of the
//! layer below as its source. Its text is one line for standard error.

use bg_tui::bot::BotError;
use bg_tui::engine::{
    DiceError, MatchIdError, PositionIdError, RuleSet, RulesError, SpecError, Variant, XgidError,
};
use bg_tui::host::arena::ArenaError;
use bg_tui::record::RecordError;
use bg_tui::store::MatchFileError;
use bg_tui::store::StoreError;
use std::path::PathBuf;

/// A command's failure: one line for standard error; the program exits with status 2.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// A Position ID that does not read; `id` as given (or cut, to be shown).
    #[error("invalid position ID {id:?}: {source}")]
    PositionId {
        /// The Position ID as given.
        id: String,
        /// Why it does not read.
        #[source]
        source: PositionIdError,
    },
    /// An XGID that does not read; `text` cut to be shown.
    #[error("invalid XGID {text:?}: {source}")]
    Xgid {
        /// The XGID as given, cut to be shown.
        text: String,
        /// Why it does not read.
        #[source]
        source: XgidError,
    },
    /// A Match ID that does not read.
    #[error("invalid match ID {id:?}: {source}")]
    MatchId {
        /// The Match ID as given (or cut, to be shown).
        id: String,
        /// Why it does not read.
        #[source]
        source: MatchIdError,
    },
    /// A roll that does not read.
    #[error("invalid dice {text:?}: {source}")]
    Dice {
        /// The roll as given.
        text: String,
        /// Why it does not read.
        #[source]
        source: DiceError,
    },
    /// `--rules RULES` with a Position ID, which cannot hold that rule set's positions.
    #[error("--rules {rules}: a Position ID cannot hold a {variant} position; use --board")]
    NoPositionId {
        /// The rule set as given.
        rules: String,
        /// The rule set.
        variant: Variant,
    },
    /// A bot that cannot be made, or cannot play the rule set; `option` names the option
    /// that asked for it, when one did.
    #[error("{}{source}", option.map(|o| format!("{o}: ")).unwrap_or_default())]
    Bot {
        /// The option that named the bot (`--vs`, `--bot`, ...).
        option: Option<&'static str>,
        /// Why the bot cannot play.
        #[source]
        source: BotError,
    },
    /// Games between bots that could not be played.
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// A file that cannot be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A game record that does not parse or replay.
    #[error("{}: {source}", path.display())]
    Record {
        /// The record's file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: RecordError,
    },
    /// A match's file (a record, or a `.mat` file) whose text does not read as its name
    /// says (one that cannot be read at all is [`CliError::Store`]).
    #[error(transparent)]
    MatchFile(#[from] MatchFileError),
    /// A number of the rules the engine refuses, with the option that gave it.
    #[error("{option}: {source}")]
    RulesOption {
        /// The option, such as `--match`.
        option: &'static str,
        /// What the engine says.
        #[source]
        source: RulesError,
    },
    /// A cube option with a rule set that has no cube.
    #[error("{option}: {rule_set} has no doubling cube, so {what} does not apply")]
    NoCube {
        /// The option, such as `--jacoby`.
        option: &'static str,
        /// The rule set.
        rule_set: RuleSet,
        /// What the option asks for, in words.
        what: &'static str,
    },
    /// A money-play option in a match.
    #[error("{option}: {what} applies only to money play, not to a match (--match)")]
    MoneyOnly {
        /// The option, such as `--jacoby`.
        option: &'static str,
        /// What the option asks for, in words.
        what: &'static str,
    },
    /// A cube option while the cube is off.
    #[error("{option} needs the cube; {why}")]
    NeedsCube {
        /// The option, such as `--beaver`.
        option: &'static str,
        /// Why the cube is off, and what to do.
        why: &'static str,
    },
    /// A `--board` longer than any board.
    #[error("--board: {chars} characters; a board is at most {max}")]
    BoardTooLong {
        /// Its length in bytes.
        chars: usize,
        /// The most a board has.
        max: usize,
    },
    /// A `--board` that is not a board in JSON.
    #[error("--board: not a board: {0}")]
    BoardJson(#[source] serde_json::Error),
    /// A `--board` position the rule set cannot hold.
    #[error("--board: {0}")]
    Board(#[source] SpecError),
    /// A position no game can be played from (nobody can ever move in it).
    #[error("the position: {0}")]
    Unplayable(#[source] bg_tui::engine::VariantError),
    /// Rules the engine refuses.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// JSON that could not be written.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// An option's value outside what it takes: `--games takes from 1 to 1000 games, not 0`.
    #[error("{option} takes {takes}{}", value.as_ref().map(|v| format!(", not {v}")).unwrap_or_default())]
    OutOfRange {
        /// The option, such as `--games`.
        option: &'static str,
        /// What it takes, in words: `from 1 to 1024 threads`.
        takes: String,
        /// The value given, as shown, when the message names it.
        value: Option<String>,
    },
    /// An option whose value is malformed or does not fit the others: `{option}: {reason}`.
    #[error("{option}: {reason}")]
    BadOption {
        /// The option, such as `--names`.
        option: &'static str,
        /// What is wrong, in words.
        reason: String,
    },
    /// Arguments missing, or given together where they do not go together.
    #[error("{0}")]
    Usage(&'static str),
    /// Rollout settings the rollout refuses; `option` says whether an option's value
    /// (whose name starts the source's message, as `trials ...`) was at fault.
    #[error("{}{source}", if *option { "--" } else { "" })]
    Rollout {
        /// Whether the message names an option (and takes its `--`).
        option: bool,
        /// What the rollout says.
        #[source]
        source: bg_tui::bot::expert::rollouts::RolloutError,
    },
    /// The expert has no nets for the rule set.
    #[error("the expert has no nets for {0}")]
    NoNets(Variant),
    /// The advisor has no advice.
    #[error("{0}")]
    Advice(#[source] bg_tui::advisor::AdviceError),
    /// A position and match state the rules refuse.
    #[error("the position and match state: {0}")]
    Restore(#[source] bg_tui::engine::RestoreError),
    /// The start position (`--position`, `--board`) the game refuses.
    #[error("the start position: {0}")]
    StartPosition(#[source] bg_tui::engine::SetupError),
    /// A `.mat` file that cannot hold the record.
    #[error("{}: {source}", path.display())]
    MatWrite {
        /// The record's file.
        path: PathBuf,
        /// What a `.mat` file cannot hold.
        #[source]
        source: bg_tui::mat::MatWriteError,
    },
    /// A record that cannot be analysed.
    #[error("{}: {source}", path.display())]
    Analysis {
        /// The record's file.
        path: PathBuf,
        /// Why.
        #[source]
        source: bg_tui::analysis::AnalysisError,
    },
    /// A saved match the game cannot go on with.
    #[error("{}: {source}", path.display())]
    Resume {
        /// The record's file.
        path: PathBuf,
        /// Why.
        #[source]
        source: crate::tui::AppError,
    },
    /// `resume` without a file, and no autosave.
    #[error(
        "there is no match to resume: {} does not exist (a match in progress is saved \
         there after every turn, and removed once it is over)",
        path.display()
    )]
    NoAutosave {
        /// Where the autosave would be.
        path: PathBuf,
    },
    /// A folder that cannot be made or written in; `option` names the option that gave it.
    #[error("{}{}: {source}", option.map(|o| format!("{o} ")).unwrap_or_default(), path.display())]
    Folder {
        /// The option that named the folder (`--save`, `--dir`), if one did.
        option: Option<&'static str>,
        /// The folder.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A command was ended by a signal after printing what it had done (`rollout`: the
    /// trials played so far and their figures).
    #[error("interrupted by {name} after {done}")]
    Interrupted {
        /// The signal's number (the exit status is 128 + it).
        signal: i32,
        /// The signal's name.
        name: &'static str,
        /// What was done before it, in words ("72 of 1296 trials").
        done: String,
    },
    /// The unfinished match a start's question named cannot be resumed: another game plays
    /// it now, or it is gone.
    #[error("the unfinished match ({summary}) {why}")]
    MatchChanged {
        /// What the question said it held.
        summary: String,
        /// What became of it.
        why: &'static str,
    },
    /// The signals (SIGTERM, SIGHUP, SIGINT) could not be caught.
    #[error("signals: {0}")]
    Signals(#[source] std::io::Error),
    /// A thread could not start.
    #[error("a thread could not start: {0}")]
    Thread(#[source] std::io::Error),
    /// The UBGI session's input or output failed.
    #[error("ubgi: {0}")]
    Ubgi(#[source] std::io::Error),
    /// Standard output refused the text.
    #[error("cannot write to standard output: {0}")]
    Output(#[source] std::io::Error),
    /// The game in the terminal could not run: no terminal, options that do not go together,
    /// or the terminal failed.
    #[error(transparent)]
    Terminal(#[from] crate::tui::terminal::RunError),
    /// The replay viewer could not run.
    #[error(transparent)]
    Viewer(#[from] crate::tui::viewer::ViewerError),
    /// The drill could not run (`bg-tui drill`).
    #[error(transparent)]
    Drill(#[from] crate::tui::drill::DrillError),
}

/// What is wrong with `--names ALICE,BOB` (clap names the option and its value); `text`
/// is the option's value as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NamesError {
    /// Not two names separated by a comma.
    #[error("two names separated by a comma, such as Alice,Bob")]
    NotTwo {
        /// The value given.
        text: String,
    },
    /// A name that is empty (or only spaces).
    #[error("a name cannot be empty")]
    Empty {
        /// The value given.
        text: String,
    },
    /// A name with a control character in it.
    #[error("a name cannot contain control characters")]
    Control {
        /// The value given.
        text: String,
    },
    /// A name longer than [`super::MAX_NAME_CHARS`].
    #[error("{name:?} has {chars} characters; a name has at most {max}")]
    TooLong {
        /// The name.
        name: String,
        /// Its length in characters.
        chars: usize,
        /// The most a name has.
        max: usize,
    },
    /// The same name twice.
    #[error("the two players need different names, not {name:?} twice")]
    Same {
        /// The name.
        name: String,
    },
}

impl CliError {
    /// The exit status: 1 when standard output, the UBGI session's streams, the terminal or
    /// the viewer failed or a thread could not start, 128 + the signal's number after one, 2 (the input was at fault)
    /// otherwise.
    #[must_use]
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::Output(_)
            | CliError::Ubgi(_)
            | CliError::Viewer(_)
            | CliError::Drill(crate::tui::drill::DrillError::Io(_))
            | CliError::Thread(_)
            | CliError::MatchChanged { .. }
            | CliError::Rollout {
                source: bg_tui::bot::expert::rollouts::RolloutError::Thread(_),
                ..
            } => 1,
            CliError::Terminal(e) => e.exit_code(),
            CliError::Interrupted { signal, .. } => u8::try_from(128 + signal).unwrap_or(u8::MAX),
            _ => 2,
        }
    }

    /// [`CliError::BadOption`].
    pub(crate) fn bad(option: &'static str, reason: impl std::fmt::Display) -> CliError {
        CliError::BadOption {
            option,
            reason: reason.to_string(),
        }
    }

    /// [`CliError::OutOfRange`] naming the value given.
    pub(crate) fn range(
        option: &'static str,
        takes: impl Into<String>,
        value: impl std::fmt::Display,
    ) -> CliError {
        CliError::OutOfRange {
            option,
            takes: takes.into(),
            value: Some(value.to_string()),
        }
    }
}
