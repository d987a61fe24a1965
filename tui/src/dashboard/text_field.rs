//! A line of text typed into a form or the list's filter: the characters it takes, typed at its
//! end, and Backspace. Every field of the dashboard is one, so that typing works the same in
//! each.

use std::fmt;
use std::ops::Deref;

/// Which characters a field takes; a key it does not take does nothing, so that a stray key
/// does not spoil what is typed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Takes {
    #[default]
    Anything,
    /// Digits and a decimal point: an amount of USDC.
    Amount,
    /// Letters, digits and spaces: a duration such as `1h 30m`.
    Duration,
}

impl Takes {
    fn takes(self, c: char) -> bool {
        match self {
            Self::Anything => true,
            Self::Amount => c.is_ascii_digit() || c == '.',
            Self::Duration => c.is_ascii_alphanumeric() || c == ' ',
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextField {
    text: String,
    takes: Takes,
}

impl TextField {
    /// An empty field taking `takes`.
    pub fn new(takes: Takes) -> Self {
        Self::with_text(takes, String::new())
    }

    /// A field taking `takes`, filled in with `text`.
    pub fn with_text(takes: Takes, text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            takes,
        }
    }

    /// Types `c` at the end, if the field takes it; whether it did.
    pub fn type_char(&mut self, c: char) -> bool {
        let taken = self.takes.takes(c);
        if taken {
            self.text.push(c);
        }
        taken
    }

    /// Backspace: the last character goes.
    pub fn erase(&mut self) {
        self.text.pop();
    }

    pub fn clear(&mut self) {
        self.text.clear();
    }
}

impl Deref for TextField {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for TextField {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_takes_only_its_characters_and_erases_the_last() {
        let mut amount = TextField::new(Takes::Amount);
        for c in "2x.5 ".chars() {
            amount.type_char(c);
        }
        assert_eq!(&*amount, "2.5");
        amount.erase();
        assert_eq!(&*amount, "2.");

        let mut duration = TextField::with_text(Takes::Duration, "1h");
        assert!(duration.type_char(' '));
        assert!(!duration.type_char('+'));
        assert_eq!(duration.to_string(), "1h ");

        let mut anything = TextField::default();
        assert!(anything.type_char('?'));
        anything.clear();
        assert!(anything.is_empty());
    }
}
