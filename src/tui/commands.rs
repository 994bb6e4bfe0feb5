//! The `:` command line: commands by name, or a whole play in notation.

use super::msg::Msg;
use bg_tui::engine::{Side, WinKind};

/// What a command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Command {
    /// A message as a key would send it.
    Msg(Msg),
    /// A whole play in notation, such as `13/7 8/7`.
    Play(String),
    /// Hand a side (the one to act, if not named) to the bot with this name.
    Bot(String, Option<Side>),
    /// Hand a side (both, if not named) back to a person.
    Human(Option<Side>),
    /// Save the match, to this file if named.
    Save(Option<String>),
    /// Tutor mode on (`Some(true)`), off, or the other way (`None`).
    Tutor(Option<bool>),
    /// Open the drill of the player's own mistakes.
    Drill,
}

/// Why a command line was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CommandError {
    /// Nothing was typed.
    #[error("type a command or a play; `help` lists them")]
    Empty,
    /// A word that names no side.
    #[error("a side is white or black, not {0:?}")]
    NotASide(String),
    /// `resign` with a word that names no level.
    #[error("resign single, gammon or backgammon, not {0:?}")]
    NotALevel(String),
    /// A known command with the wrong words after it: the form it takes.
    #[error("{0}")]
    Usage(&'static str),
    /// A word that is no command (and no play).
    #[error("unknown command {0:?}; `help` lists the commands")]
    Unknown(String),
}

fn side_word(word: &str) -> Result<Side, CommandError> {
    match word.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        other => Err(CommandError::NotASide(other.to_string())),
    }
}

/// `bot NAME [white|black]`, its words read as a POSIX shell reads them, so a name with
/// spaces is quoted: `bot ubgi:'gnubg -t -q' black`.
fn bot_command(rest: &str) -> Result<Command, CommandError> {
    const USAGE: &str = "bot NAME [white|black] (quote a name with spaces: ubgi:'COMMAND')";
    let words = shlex::split(rest).ok_or(CommandError::Usage(USAGE))?;
    match words.as_slice() {
        [name] if !name.is_empty() => Ok(Command::Bot(name.clone(), None)),
        // After an engine's name, a second word that is no side is most likely the rest of
        // an unquoted command.
        [name, side] if !name.is_empty() => side_word(side)
            .map(|side| Command::Bot(name.clone(), Some(side)))
            .map_err(|e| {
                if name.starts_with(bg_tui::bot::ubgi::PREFIX) {
                    CommandError::Usage(USAGE)
                } else {
                    e
                }
            }),
        _ => Err(CommandError::Usage(USAGE)),
    }
}

/// Reads a command line (without the `:`).
///
/// # Errors
/// [`CommandError`]: what was not understood.
pub(crate) fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Err(CommandError::Empty);
    };
    let rest: Vec<&str> = words.collect();
    let msg = match (first.to_ascii_lowercase().as_str(), rest.as_slice()) {
        ("roll", []) => Msg::Roll,
        ("double", []) => Msg::Double,
        ("take", []) => Msg::Take,
        ("pass" | "drop", []) => Msg::Pass,
        ("beaver", []) => Msg::Beaver,
        ("resign", [level]) => match level.to_ascii_lowercase().as_str() {
            "single" | "s" | "1" => Msg::Resign(WinKind::Single),
            "gammon" | "g" | "2" => Msg::Resign(WinKind::Gammon),
            "backgammon" | "b" | "3" => Msg::Resign(WinKind::Backgammon),
            other => return Err(CommandError::NotALevel(other.to_string())),
        },
        ("resign", _) => {
            return Err(CommandError::Usage("resign single, gammon or backgammon"));
        }
        ("bot", _) => return bot_command(line[first.len()..].trim()),
        ("human", []) => return Ok(Command::Human(None)),
        ("human", [side]) => return Ok(Command::Human(Some(side_word(side)?))),
        ("save", []) => return Ok(Command::Save(None)),
        ("save", _) => {
            // The rest of the line, spaces and all, is the file.
            let path = line[first.len()..].trim();
            return Ok(Command::Save(Some(path.to_string())));
        }
        ("setup", []) => Msg::EditPosition,
        ("setup", [text]) => Msg::SetupFrom((*text).to_string()),
        ("setup", _) => return Err(CommandError::Usage("setup [POSITION_ID or XGID]")),
        ("accept", []) => Msg::Yes,
        ("decline", []) => Msg::No,
        ("undo", []) => Msg::Undo,
        ("help", []) => Msg::Help,
        ("flag", []) => Msg::TakeOver,
        ("drill", []) => return Ok(Command::Drill),
        ("tutor", []) => return Ok(Command::Tutor(None)),
        ("tutor", [word]) => {
            return match word.to_ascii_lowercase().as_str() {
                "on" => Ok(Command::Tutor(Some(true))),
                "off" => Ok(Command::Tutor(Some(false))),
                _ => Err(CommandError::Usage("tutor [on|off]")),
            };
        }
        ("tutor", _) => return Err(CommandError::Usage("tutor [on|off]")),
        ("quit" | "q", []) => Msg::QuitNow,
        // A play: `13/8`, `13-8`, `bar/20`, `8/5(2)`, or a point number first.
        _ if first.contains(['/', '-'])
            || first.starts_with(|c: char| c.is_ascii_digit())
            || first.to_ascii_lowercase().starts_with("bar") =>
        {
            return Ok(Command::Play(line.to_string()));
        }
        (word, _) => return Err(CommandError::Unknown(word.to_string())),
    };
    Ok(Command::Msg(msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34, item 10: an engine's command with spaces is quoted as in a shell.
    #[test]
    fn a_bot_name_with_spaces_is_quoted() {
        let engine = "ubgi:sh tests/engines/silent.sh --level 2";
        for line in [
            "bot ubgi:'sh tests/engines/silent.sh --level 2' black",
            "bot \"ubgi:sh tests/engines/silent.sh --level 2\" black",
            "bot ubgi:sh\\ tests/engines/silent.sh\\ --level\\ 2 b",
        ] {
            assert_eq!(
                parse(line),
                Ok(Command::Bot(engine.to_string(), Some(Side::Black))),
                "{line}"
            );
        }
        assert_eq!(
            parse("bot 'ubgi:gnubg -t'"),
            Ok(Command::Bot("ubgi:gnubg -t".to_string(), None))
        );
        assert_eq!(
            parse("bot greedy"),
            Ok(Command::Bot("greedy".to_string(), None))
        );
        for bad in [
            "bot",
            "bot ubgi:sh engine.sh",
            "bot ubgi:sh engine.sh white",
            "bot 'ubgi:unclosed",
            "bot '' white",
            "bot 'ubgi:sh x' red",
        ] {
            assert!(
                matches!(parse(bad), Err(CommandError::Usage(u)) if u.contains("quote")),
                "{bad}: {:?}",
                parse(bad)
            );
        }
    }

    #[test]
    fn plays_are_read_in_either_notation() {
        for line in [
            "13/8 13/11",
            "13-8 13-11",
            "bar-20 6-off",
            "8/5(2)",
            "24 18",
        ] {
            assert_eq!(parse(line), Ok(Command::Play(line.to_string())), "{line}");
        }
        assert_eq!(
            parse("bogus"),
            Err(CommandError::Unknown("bogus".to_string()))
        );
        assert_eq!(parse("  "), Err(CommandError::Empty));
        assert_eq!(
            parse("bot greedy red"),
            Err(CommandError::NotASide("red".to_string()))
        );
        assert_eq!(
            parse("resign lots"),
            Err(CommandError::NotALevel("lots".to_string()))
        );
        assert_eq!(
            parse("tutor maybe"),
            Err(CommandError::Usage("tutor [on|off]"))
        );
        assert_eq!(
            parse("bot greedy white"),
            Ok(Command::Bot("greedy".to_string(), Some(Side::White)))
        );
    }
}
