//! Text from files and the command line made safe to print: control characters (escape
//! sequences, newlines, carriage returns) and the invisible Unicode characters that reorder
//! or hide text ([`is_unprintable`]: bidirectional overrides, zero-width characters, line
//! and paragraph separators) written as Rust escapes, and long text cut, so a
//! hostile file can neither drive the terminal nor flood it; and the one-line messages of the
//! programs (`bg-tui`, `bg-lab`) for a command line they refuse.

/// The longest error line the programs print, in characters; longer ones are cut.
pub const MAX_ERROR_CHARS: usize = 500;

/// Whether `c` must not reach a terminal or a file as it is: a control character (C0, DEL,
/// C1), a Unicode format character (general category Cf: the bidirectional embeddings,
/// overrides and isolates such as U+202E, zero-width spaces and joiners, the byte-order mark,
/// the soft hyphen, invisible operators, tags), or a line or paragraph separator (U+2028,
/// U+2029). Each of them can reorder, hide or break the text around it.
///
/// # Examples
/// ```
/// use bg_tui::printable::is_unprintable;
/// assert!(is_unprintable('\u{1b}') && is_unprintable('\u{202e}') && is_unprintable('\u{200b}'));
/// assert!(!is_unprintable('é') && !is_unprintable('●') && !is_unprintable(' '));
/// ```
#[must_use]
pub fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(
            u32::from(c),
            0xAD
                | 0x600..=0x605
                | 0x61C
                | 0x6DD
                | 0x70F
                | 0x890..=0x891
                | 0x8E2
                | 0x180E
                | 0x200B..=0x200F
                | 0x2028..=0x202E
                | 0x2060..=0x2064
                | 0x2066..=0x206F
                | 0xFEFF
                | 0xFFF9..=0xFFFB
                | 0x110BD
                | 0x110CD
                | 0x13430..=0x1343F
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0001
                | 0xE0020..=0xE007F
        )
}

/// `text` with every unprintable character ([`is_unprintable`]) escaped (`\u{1b}`, `\n`,
/// `\u{202e}`, ...) and cut after
/// `max_chars` characters of the original, with `…` where it was cut.
#[must_use]
pub fn printable(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push('…');
            break;
        }
        if is_unprintable(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` cut after `max_chars` characters, with `…` where it was cut, and nothing escaped:
/// for text an error quotes with `{:?}`, which escapes it once (as `printable` would, and
/// a backslash too). Escaped here as well, it would show its escapes doubled (`\\u{1b}`).
#[must_use]
pub fn cut(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// clap's message for a command line `program` refuses, as one line: its first line without the
/// `error: ` prefix (with what it lists when it ends in a colon), then its tip if it gives
/// one, and where to read more.
///
/// # Examples
/// ```
/// use bg_tui::printable::usage_line;
/// let clap = "error: unexpected argument '-1' found\n\n  tip: to pass '-1' as a value, \
///             use '-- -1'\n\nUsage: bg-tui moves <POSITION_ID> <DICE>\n\nFor more \
///             information, try '--help'.\n";
/// assert_eq!(
///     usage_line("bg-tui", clap),
///     "unexpected argument '-1' found (tip: to pass '-1' as a value, use '-- -1'); \
///      see bg-tui --help"
/// );
/// let missing = "error: the following required arguments were not provided:\n  \
///                --supervised <POSITIONS>\n\nUsage: bg-tui train --target-ply <PLY> \
///                --supervised <POSITIONS>\n";
/// assert_eq!(
///     usage_line("bg-tui", missing),
///     "the following required arguments were not provided: --supervised <POSITIONS>; \
///      see bg-tui --help"
/// );
/// ```
#[must_use]
pub fn usage_line(program: &str, clap_message: &str) -> String {
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
    out.push_str(&format!("; see {program} --help"));
    out
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_escaped_and_long_text_cut() {
        assert_eq!(printable("a\u{1b}[2Jb\nc", 80), "a\\u{1b}[2Jb\\nc");
        assert_eq!(printable("abcdef", 3), "abc…");
        assert_eq!(printable("abc", 3), "abc");
    }
}
