//! The `:` command line: commands by name, or a whole play in notation.

use super::keys::Msg;
use crate::engine::{Side, WinKind};

/// What a command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
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
}

fn side_word(word: &str) -> Result<Side, String> {
    match word.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        other => Err(format!("a side is white or black, not {other:?}")),
    }
}

/// Reads a command line (without the `:`).
///
/// # Errors
/// A sentence saying what was not understood.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Err("type a command or a play; `help` lists them".to_string());
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
            other => {
                return Err(format!(
                    "resign single, gammon or backgammon, not {other:?}"
                ));
            }
        },
        ("resign", _) => {
            return Err("resign single, gammon or backgammon".to_string());
        }
        ("bot", [name]) => return Ok(Command::Bot(name.to_string(), None)),
        ("bot", [name, side]) => return Ok(Command::Bot(name.to_string(), Some(side_word(side)?))),
        ("bot", _) => return Err("bot NAME [white|black]".to_string()),
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
        ("setup", _) => return Err("setup [POSITION_ID or XGID]".to_string()),
        ("accept", []) => Msg::Yes,
        ("decline", []) => Msg::No,
        ("undo", []) => Msg::Undo,
        ("help", []) => Msg::Help,
        ("flag", []) => Msg::TakeOver,
        ("tutor", []) => return Ok(Command::Tutor(None)),
        ("tutor", [word]) => {
            return match word.to_ascii_lowercase().as_str() {
                "on" => Ok(Command::Tutor(Some(true))),
                "off" => Ok(Command::Tutor(Some(false))),
                _ => Err("tutor [on|off]".to_string()),
            };
        }
        ("tutor", _) => return Err("tutor [on|off]".to_string()),
        ("quit" | "q", []) => Msg::QuitNow,
        // A play: `13/8`, `13-8`, `bar/20`, `8/5(2)`, or a point number first.
        _ if first.contains(['/', '-'])
            || first.starts_with(|c: char| c.is_ascii_digit())
            || first.to_ascii_lowercase().starts_with("bar") =>
        {
            return Ok(Command::Play(line.to_string()));
        }
        (word, _) => {
            return Err(format!(
                "unknown command {word:?}; `help` lists the commands"
            ));
        }
    };
    Ok(Command::Msg(msg))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(parse("bogus").is_err());
    }
}
