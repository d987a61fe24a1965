//! Colour in the text report: on a terminal only, and never with `NO_COLOR` set to anything
//! (no-color.org); a pipe, a file or a CI log gets plain text.

use std::io::IsTerminal;

/// Whether the text report paints its marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    pub on: bool,
}

const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

impl Colour {
    /// On when stdout is a terminal and `NO_COLOR` is unset or empty.
    pub fn for_stdout() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Self::decided(std::io::stdout().is_terminal(), no_color)
    }

    pub fn decided(terminal: bool, no_color: bool) -> Self {
        Self {
            on: terminal && !no_color,
        }
    }

    pub fn green(self, text: &str) -> String {
        self.paint(GREEN, text)
    }

    pub fn red(self, text: &str) -> String {
        self.paint(RED, text)
    }

    pub fn bold(self, text: &str) -> String {
        self.paint(BOLD, text)
    }

    pub fn dim(self, text: &str) -> String {
        self.paint(DIM, text)
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.on {
            format!("{code}{text}{RESET}")
        } else {
            text.to_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_terminal_without_no_color_is_painted() {
        assert!(Colour::decided(true, false).on);
        assert!(!Colour::decided(true, true).on);
        assert!(!Colour::decided(false, false).on);
        assert_eq!(Colour::decided(false, false).red("✗"), "✗");
        assert_eq!(Colour::decided(true, false).red("✗"), "\x1b[31m✗\x1b[0m");
    }
}
