//! `bg-tui [OPTIONS]` and `bg-tui play [OPTIONS]`: the game's options, checked.

use super::error::NamesError;
use super::{CliError, RulesArgs, start};
use crate::tui::theme::Palette;
use crate::tui::tutor::Threshold;
use crate::tui::{Options, Player};
use bg_tui::bot::BotSpec;
use bg_tui::engine::{Dice, RuleSet, Side};
use clap::Args;

/// The longest player name `--names` takes, in characters.
pub(crate) const MAX_NAME_CHARS: usize = 20;

/// How to set up a game in the terminal: `bg-tui [OPTIONS]` or `bg-tui play [OPTIONS]`.
///
/// Clap only checks the types; [`play_options`] checks that the options go together.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
#[command(next_help_heading = "Game options")]
pub(crate) struct PlayArgs {
    /// The rule set and its options.
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// Seed for the dice: the same seed gives the same dice every time.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// The players' names, White first (at most 20 characters each).
    #[arg(long, value_name = "ALICE,BOB", value_parser = parse_names)]
    pub(crate) names: Option<[String; 2]>,
    /// Play a forced play (the only legal one) by itself.
    #[arg(long)]
    pub(crate) auto_forced: bool,
    /// Draw with ASCII only, no Unicode.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// The colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = Palette::Dark)]
    pub(crate) theme: Palette,
    /// Play against this bot (random, greedy, pubeval, ...); you play --human-side.
    #[arg(long, value_name = "BOT")]
    pub(crate) vs: Option<BotSpec>,
    /// The side you play against --vs: white or black.
    #[arg(long, value_name = "SIDE", default_value = "white", requires = "vs")]
    pub(crate) human_side: Side,
    /// Let this bot play White (with --black: watch two bots play).
    #[arg(long, value_name = "BOT", conflicts_with = "vs")]
    pub(crate) white: Option<BotSpec>,
    /// Let this bot play Black.
    #[arg(long, value_name = "BOT", conflicts_with = "vs")]
    pub(crate) black: Option<BotSpec>,
    /// The look-ahead of the `expert` bot named by --vs, --white or --black: 0, 1 or 2
    /// (`expert` alone is 2-ply).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub(crate) ply: Option<u8>,
    /// Pause between a bot's checker moves, in milliseconds (0 for none).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub(crate) bot_delay: u64,
    /// Do not write the autosave after every turn, nor keep the match when it is over.
    #[arg(long)]
    pub(crate) no_autosave: bool,
    /// Turn the board to the player on roll (hot-seat); by default White's home board is
    /// bottom right, and against a bot yours is.
    #[arg(long)]
    pub(crate) turn_board: bool,
    /// Roll by itself when you cannot double (no cube, the Crawford game, the cube on the
    /// other side or at its cap); `a` in the game also offers "always".
    #[arg(long)]
    pub(crate) auto_roll: bool,
    /// Once there is no contact, the computer plays your rolls (the strongest bot).
    #[arg(long)]
    pub(crate) auto_bearoff: bool,
    /// The tutor view: point numbers for both sides, each in its own numbering.
    #[arg(long)]
    pub(crate) tutor: bool,
    /// Tutor mode: before your play or cube decision is made, the expert judges it; one
    /// that loses at least --tutor-threshold is shown with the expert's choice, to take
    /// back or keep (`m` in the game turns it on and off).
    #[arg(long)]
    pub(crate) tutor_mode: bool,
    /// The smallest equity loss tutor mode speaks of (0 to 3) [default: 0.04, GNU
    /// Backgammon's "doubtful"].
    #[arg(long, value_name = "E", allow_hyphen_values = true, value_parser = Threshold::parse)]
    pub(crate) tutor_threshold: Option<Threshold>,
    /// Players' clocks: standard (2:00 reserve, kept by turns within 20 s) or blitz (0:30,
    /// 10 s).
    #[arg(long, value_name = "KIND")]
    pub(crate) clock: Option<bg_tui::clock::ClockKind>,
    /// Start from this position: a Position ID, POSITION_ID:MATCH_ID or an XGID (with its
    /// cube, score and match length; backgammon, Portes, Jacquet).
    #[arg(long, value_name = "ID|XGID", conflicts_with = "board")]
    pub(crate) position: Option<String>,
    /// Start from this position of the rule set, as JSON in the form `moves --board` reads,
    /// from the view of the player on roll.
    #[arg(long, value_name = "JSON")]
    pub(crate) board: Option<String>,
    /// With --position ID or --board: who is on roll, white (the default) or black.
    #[arg(long, value_name = "SIDE")]
    pub(crate) on_roll: Option<Side>,
    /// With --position ID or --board: the dice rolled, such as 52 (else the player on roll
    /// rolls or doubles).
    #[arg(long, value_name = "DICE", value_parser = Dice::parse)]
    pub(crate) dice: Option<Dice>,
}

/// Splits and checks `--names ALICE,BOB`: two names, trimmed, non-empty, at most
/// [`MAX_NAME_CHARS`] characters, without control characters, and different.
///
/// # Errors
/// [`NamesError`] saying what is wrong with the names.
pub(crate) fn parse_names(text: &str) -> Result<[String; 2], NamesError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [white, black] = parts[..] else {
        return Err(NamesError::NotTwo {
            text: text.to_string(),
        });
    };
    for name in [white, black] {
        if name.is_empty() {
            return Err(NamesError::Empty {
                text: text.to_string(),
            });
        }
        if name.chars().any(bg_tui::printable::is_unprintable) {
            return Err(NamesError::Control {
                text: text.to_string(),
            });
        }
        let chars = name.chars().count();
        if chars > MAX_NAME_CHARS {
            return Err(NamesError::TooLong {
                name: name.to_string(),
                chars,
                max: MAX_NAME_CHARS,
            });
        }
    }
    if white == black {
        return Err(NamesError::Same {
            name: white.to_string(),
        });
    }
    Ok([white.to_string(), black.to_string()])
}

/// The game's options from the command line, checked; colours follow `NO_COLOR`.
///
/// # Errors
/// [`CliError`] naming the first option that is malformed or does not fit with the others,
/// such as `--jacoby` in a match or a cube limit that is not a power of two.
pub(crate) fn play_options(args: &PlayArgs) -> Result<Options, CliError> {
    play_options_with(args, crate::tui::theme::color_wanted())
}

/// [`play_options`] with the colour choice given rather than read from the environment.
///
/// # Errors
/// As [`play_options`].
pub(crate) fn play_options_with(args: &PlayArgs, color: bool) -> Result<Options, CliError> {
    let rules = match start::match_length_of(args) {
        // `--position ID:MATCHID` or an XGID of a match, without `--match`: that match.
        Some(length) => {
            let mut asked = args.rules.clone();
            asked.match_length = Some(length);
            asked.rules(true)?
        }
        None => args.rules.rules(true)?,
    };
    let players = players(args, rules.rule_set)?;
    let names = args
        .names
        .clone()
        .unwrap_or_else(|| default_names(&players));
    let clock = args.clock;
    let tutor_threshold = args.tutor_threshold.unwrap_or(Threshold::DEFAULT);
    Ok(Options {
        rules,
        names,
        seed: args.seed,
        auto_forced: args.auto_forced,
        ascii: args.ascii,
        color,
        palette: args.theme,
        players,
        bot_delay_ms: args.bot_delay.min(10_000),
        saves: None,
        rescue: Vec::new(),
        turn_board: args.turn_board,
        auto_roll: if args.auto_roll {
            crate::tui::AutoRoll::NoDouble
        } else {
            crate::tui::AutoRoll::Off
        },
        auto_bearoff: args.auto_bearoff,
        tutor: args.tutor,
        tutor_mode: args.tutor_mode,
        tutor_threshold,
        board_text: false,
        clock,
        start: start::start(args, &rules)?,
    })
}

/// The names when `--names` is not given: a bot's side is named after the bot (the
/// side's colour when both sides are the same bot), a person's side after its colour.
fn default_names(players: &[Player; 2]) -> [String; 2] {
    let colour = ["White", "Black"];
    let mut names = [0, 1].map(|i| match &players[i] {
        Player::Bot(spec) => bg_tui::record::name_for_bot(&spec.to_string()),
        Player::Human => colour[i].to_string(),
    });
    if names[0] == names[1] {
        names = colour.map(str::to_string);
    }
    names
}

/// Who plays each side, from `--vs`/`--human-side` or `--white`/`--black`.
/// A bot must play every game of `rule_set`.
fn players(args: &PlayArgs, rule_set: RuleSet) -> Result<[Player; 2], CliError> {
    let bot = |option: &'static str, spec: &BotSpec| -> Result<Player, CliError> {
        let spec = spec.clone().at_ply(args.ply);
        // An engine is started once the terminal is up, where its wait is shown and can be
        // ended; here only whether it plays the rules is told.
        if let BotSpec::Ubgi(_) = spec {
            if spec.plays_rule_set(rule_set) {
                return Ok(Player::Bot(spec));
            }
            return Err(CliError::Bot {
                option: Some(option),
                source: bg_tui::bot::BotError::CannotPlay {
                    bot: spec.to_string(),
                    rule_set,
                    able: BotSpec::able_for(rule_set),
                },
            });
        }
        spec.make_for(0, rule_set)
            .map(|_| Player::Bot(spec))
            .map_err(|source| CliError::Bot {
                option: Some(option),
                source,
            })
    };
    if let Some(spec) = &args.vs {
        let opponent = bot("--vs", spec)?;
        return Ok(match args.human_side {
            Side::White => [Player::Human, opponent],
            Side::Black => [opponent, Player::Human],
        });
    }
    let side = |flag: &'static str, spec: &Option<BotSpec>| match spec {
        Some(spec) => bot(flag, spec),
        None => Ok(Player::Human),
    };
    Ok([side("--white", &args.white)?, side("--black", &args.black)?])
}

impl PlayArgs {
    /// Plays the game in the terminal until the players quit or the process is told to stop.
    /// Over an unfinished match in the save folder (at a terminal), the full-screen question
    /// comes first: resume it, set it aside for a new game, or quit, in one terminal session.
    /// Returns the line to print once the terminal is restored (where the match is saved).
    ///
    /// # Errors
    /// [`CliError`] for options that do not go together, a game the question's answer could
    /// not start, or [`CliError::Terminal`] when the terminal could not be used.
    pub(crate) fn run(&self) -> Result<String, CliError> {
        use std::io::IsTerminal;
        let mut options = play_options(self)?;
        options.saves = super::save_folder(self.no_autosave);
        options.rescue = bg_tui::store::rescue_dirs();
        if let Some(dir) = options.saves.clone()
            && let Some(unfinished) = super::unfinished_autosave(&dir)
            && std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal()
        {
            return self.opening(options, dir, &unfinished);
        }
        Ok(crate::tui::terminal::run(options)?)
    }

    /// A new game over an unfinished match: the full-screen question (resume, new, quit),
    /// then the game its answer starts.
    fn opening(
        &self,
        options: Options,
        dir: std::path::PathBuf,
        unfinished: &super::Unfinished,
    ) -> Result<String, CliError> {
        use super::StartAction;
        use crate::tui::start_dialog::{Opening, OpeningEnd, StartDialog, run_opening};
        let resume_args = super::ResumeArgs {
            file: None,
            auto_forced: self.auto_forced,
            ascii: self.ascii,
            theme: self.theme,
            bot_delay: self.bot_delay,
            no_autosave: false,
            // Only an engine this command line names runs for the unfinished match.
            engines: [&self.vs, &self.white, &self.black]
                .into_iter()
                .flatten()
                .filter(|spec| matches!(spec, BotSpec::Ubgi(_)))
                .cloned()
                .collect(),
        };
        let color = options.color;
        let asked = unfinished.clone();
        // The answer acts on the match the question named, whatever another game started
        // together did meanwhile.
        let then = Box::new(move |choice| {
            match super::act_on_start(&dir, &asked, choice, std::time::SystemTime::now())? {
                StartAction::Quit => Ok(None),
                StartAction::Resume(file) => {
                    let args = super::ResumeArgs {
                        file,
                        ..resume_args.clone()
                    };
                    super::resume_app(&args, color).map(Some)
                }
                StartAction::New(kept) => {
                    let mut app = crate::tui::App::new(options.clone())
                        .map_err(crate::tui::terminal::RunError::App)?;
                    if let Some(path) = kept {
                        app.notice(format!(
                            "the unfinished match is kept as {} (bg-tui resume FILE goes on with it)",
                            super::printable(&path.display().to_string(), super::MAX_ERROR_CHARS)
                        ));
                    }
                    Ok(Some(app))
                }
            }
        });
        let dialog = StartDialog::new(unfinished, self.ascii);
        match run_opening(Opening::new(dialog, then))? {
            OpeningEnd::Quit => Ok(String::new()),
            OpeningEnd::Failed(why) => Err(why),
            OpeningEnd::Played(mut app) => Ok(crate::tui::terminal::finish(&mut app)?),
        }
    }
}
