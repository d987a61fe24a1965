//! Text from outside (a market's question on chain, a transaction's logs, a wallet's or a
//! file's name, a file's contents, a server's answer) as a terminal is sent it. Anyone can
//! create a market on devnet or hand over a bundle, and a terminal obeys what it is sent: an ESC
//! sequence in a question could move the cursor and rewrite the lines above, retitle the window
//! or set the clipboard (OSC 52). So every character that can steer a terminal is written as an
//! escape, and ordinary Unicode passes as it is. Every binary that prints outside text (`fulltime`,
//! `localnet`, `fulltime-bootstrap`, `fulltime-stack`) prints it through [`escaped`], this one
//! function. JSON needs none of this: serde writes a control character as `\u001b` itself.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with `\n`, `\r`, `\t` and `\u{1b}`-style escapes (Rust's own) for every character
/// that can steer a terminal; borrowed when there is none. A backslash stays as it is: the text
/// is for reading, and `--json` has it exactly.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(steers_terminal) {
        return Cow::Borrowed(text);
    }
    let mut safe = String::with_capacity(text.len() + 8);
    for char in text.chars() {
        match char {
            '\n' => safe.push_str("\\n"),
            '\r' => safe.push_str("\\r"),
            '\t' => safe.push_str("\\t"),
            char if steers_terminal(char) => {
                // Writing to a String cannot fail.
                let _ = write!(safe, "{}", char.escape_unicode());
            }
            char => safe.push(char),
        }
    }
    Cow::Owned(safe)
}

/// The C0 controls, DEL and the C1 controls (U+009B is a whole CSI on its own in some
/// terminals), the Unicode line and paragraph separators, and the bidirectional marks,
/// embeddings, overrides and isolates, which reorder what is shown after them ("Trojan Source").
fn steers_terminal(char: char) -> bool {
    char.is_control()
        || matches!(
            char,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_that_steers_a_terminal_is_escaped() {
        assert_eq!(
            escaped("a\u{1b}[2J\u{7}b\u{0}\u{7f}\u{9b}31m\u{85}"),
            "a\\u{1b}[2J\\u{7}b\\u{0}\\u{7f}\\u{9b}31m\\u{85}"
        );
        assert_eq!(escaped("one\ntwo\r\tthree"), "one\\ntwo\\r\\tthree");
        assert_eq!(
            escaped("\u{202e}evil\u{202c} \u{2066}x\u{2069} \u{200f}\u{061c}\u{2028}"),
            "\\u{202e}evil\\u{202c} \\u{2066}x\\u{2069} \\u{200f}\\u{61c}\\u{2028}"
        );
        // OSC 52: set the clipboard, ended by BEL or by ST (ESC \).
        assert_eq!(
            escaped("\u{1b}]52;c;cm0gLXJmIH4=\u{7}\u{1b}]52;c;eA==\u{1b}\\"),
            "\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\u{1b}]52;c;eA==\\u{1b}\\"
        );
    }

    #[test]
    fn ordinary_unicode_passes_as_it_is() {
        for text in [
            "Will Arsenal score more than 1 goal against Chelsea?",
            "Will Atlético score? ¿Y el Barça? Ölfusá, Łódź, 北京, مرحبا, שלום",
            "👩‍👩‍👧 ⚽️ 1\u{301}, a\u{200d}b, back\\slash",
            "",
        ] {
            assert!(
                matches!(escaped(text), Cow::Borrowed(same) if same == text),
                "{text}"
            );
        }
    }
}
