//! What the commands print when they fail: one line, whatever a file or the command line
//! put into the message, and an exit status that says whose fault it was.

use super::CliError;

/// The longest error line printed, in characters; longer ones are cut.
pub const MAX_ERROR_CHARS: usize = 500;

/// A failed command that writes as it goes.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CommandError {
    /// Bad input (status 2): a file that cannot be read, an option that does not fit.
    #[error(transparent)]
    Input(#[from] CliError),
    /// Standard output refused the text (status 1): a full disk, a closed pipe.
    #[error("cannot write to standard output: {0}")]
    Output(std::io::Error),
}

impl CommandError {
    /// The exit status: 2 for bad input, 1 for output that could not be written.
    #[must_use]
    pub const fn exit_code(&self) -> u8 {
        match self {
            CommandError::Input(_) => 2,
            CommandError::Output(_) => 1,
        }
    }

    /// Whether the output was a pipe whose reader has gone (`bg-tui export x | head`): not
    /// worth a message, the reader has what it wanted.
    #[must_use]
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, CommandError::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// `text` as one printable line: control characters (escape sequences, newlines) escaped,
/// cut after [`MAX_ERROR_CHARS`] characters.
#[must_use]
pub fn printable(text: &str, max_chars: usize) -> String {
    crate::printable::printable(text, max_chars.min(MAX_ERROR_CHARS))
}

/// clap's message for a command line it refuses, as one line: its first line without the
/// `error: ` prefix (with what it lists when it ends in a colon), then its tip if it gives
/// one, and where to read more.
///
/// # Examples
/// ```
/// use bg_tui::cli::usage_line;
/// let clap = "error: unexpected argument '-1' found\n\n  tip: to pass '-1' as a value, \
///             use '-- -1'\n\nUsage: bg-tui moves <POSITION_ID> <DICE>\n\nFor more \
///             information, try '--help'.\n";
/// assert_eq!(
///     usage_line(clap),
///     "unexpected argument '-1' found (tip: to pass '-1' as a value, use '-- -1'); \
///      see bg-tui --help"
/// );
/// let missing = "error: the following required arguments were not provided:\n  \
///                --supervised <POSITIONS>\n\nUsage: bg-tui train --target-ply <PLY> \
///                --supervised <POSITIONS>\n";
/// assert_eq!(
///     usage_line(missing),
///     "the following required arguments were not provided: --supervised <POSITIONS>; \
///      see bg-tui --help"
/// );
/// ```
#[must_use]
pub fn usage_line(clap_message: &str) -> String {
    let mut lines = clap_message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("the command line is not understood");
    let mut out = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let rest: Vec<&str> = lines.take_while(|l| !l.starts_with("Usage:")).collect();
    // A first line that ends in a colon is followed by what it lists (the arguments that
    // were not given, say).
    if out.ends_with(':') {
        let listed: Vec<&str> = rest
            .iter()
            .copied()
            .filter(|l| !l.starts_with("tip:"))
            .collect();
        if !listed.is_empty() {
            out.push(' ');
            out.push_str(&listed.join(", "));
        }
    }
    let tips: Vec<&str> = rest.into_iter().filter(|l| l.starts_with("tip:")).collect();
    if !tips.is_empty() {
        out.push_str(&format!(" ({})", tips.join("; ")));
    }
    out.push_str("; see bg-tui --help");
    out
}
