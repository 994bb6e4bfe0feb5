//! Text from files and the command line made safe to print: control characters (escape
//! sequences, newlines, carriage returns) written as Rust escapes, and long text cut, so a
//! hostile file can neither drive the terminal nor flood it.

/// `text` with every control character escaped (`\u{1b}`, `\n`, ...) and cut after
/// `max_chars` characters of the original, with `…` where it was cut.
#[must_use]
pub fn printable(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
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
