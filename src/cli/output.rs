//! What the commands print when they fail: one line, whatever a file or the command line
//! put into the message, and an exit status that says whose fault it was.

use super::CliError;

pub(crate) use bg_tui::printable::MAX_ERROR_CHARS;

/// A failed command that writes as it goes.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CommandError {
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
    pub(crate) const fn exit_code(&self) -> u8 {
        match self {
            CommandError::Input(_) => 2,
            CommandError::Output(_) => 1,
        }
    }

    /// Whether the output was a pipe whose reader has gone (`bg-tui export x | head`): not
    /// worth a message, the reader has what it wanted.
    #[must_use]
    pub(crate) fn is_closed_pipe(&self) -> bool {
        matches!(self, CommandError::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// `text` as one printable line: control characters (escape sequences, newlines) escaped,
/// cut after [`MAX_ERROR_CHARS`] characters.
#[must_use]
pub(crate) fn printable(text: &str, max_chars: usize) -> String {
    bg_tui::printable::printable(text, max_chars.min(MAX_ERROR_CHARS))
}
