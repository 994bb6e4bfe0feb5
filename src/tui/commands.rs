//! The `:` command line: commands by name, or a whole play in notation.

use super::keys::Msg;
use crate::engine::WinKind;

/// What a command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A message as a key would send it.
    Msg(Msg),
    /// A whole play in notation, such as `13/7 8/7`.
    Play(String),
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
        ("accept", []) => Msg::Yes,
        ("decline", []) => Msg::No,
        ("undo", []) => Msg::Undo,
        ("help", []) => Msg::Help,
        ("quit" | "q", []) => Msg::QuitNow,
        _ if first.contains('/') || first.chars().all(|c| c.is_ascii_digit()) => {
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
