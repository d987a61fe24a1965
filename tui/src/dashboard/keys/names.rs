//! Keys by name, as the key config file writes them and the hint bar shows them.

use crossterm::event::KeyCode;

/// The named keys a config file may write (any single character is a key too), with how the
/// dashboard shows each.
const NAMED: &[(&[&str], KeyCode, &str)] = &[
    (&["enter", "return"], KeyCode::Enter, "Enter"),
    (&["esc", "escape"], KeyCode::Esc, "Esc"),
    (&["tab"], KeyCode::Tab, "Tab"),
    (
        &["s-tab", "backtab", "shift-tab"],
        KeyCode::BackTab,
        "S-Tab",
    ),
    (&["backspace", "bksp"], KeyCode::Backspace, "Bksp"),
    (&["up"], KeyCode::Up, "↑"),
    (&["down"], KeyCode::Down, "↓"),
    (&["left"], KeyCode::Left, "←"),
    (&["right"], KeyCode::Right, "→"),
    (&["pageup", "pgup"], KeyCode::PageUp, "PgUp"),
    (&["pagedown", "pgdn"], KeyCode::PageDown, "PgDn"),
    (&["home"], KeyCode::Home, "Home"),
    (&["end"], KeyCode::End, "End"),
    (&["delete", "del"], KeyCode::Delete, "Del"),
    (&["insert", "ins"], KeyCode::Insert, "Ins"),
    (&["space"], KeyCode::Char(' '), "Space"),
];

/// `d`, `D`, `?`, `Enter`, `PgDn`, `F5`, `space`: one character (case matters), or a key's name
/// (case does not).
pub fn parse_key(text: &str) -> Option<KeyCode> {
    let mut chars = text.chars();
    if let (Some(char), None) = (chars.next(), chars.next()) {
        return (!char.is_control()).then_some(KeyCode::Char(char));
    }
    let lower = text.to_ascii_lowercase();
    if let Some((_, code, _)) = NAMED
        .iter()
        .find(|(names, ..)| names.contains(&lower.as_str()))
    {
        return Some(*code);
    }
    let number: u8 = lower.strip_prefix('f')?.parse().ok()?;
    (1..=12).contains(&number).then_some(KeyCode::F(number))
}

/// How the hint bar and the help write a key.
pub fn key_label(code: KeyCode) -> String {
    if let Some((_, _, label)) = NAMED.iter().find(|(_, named, _)| *named == code) {
        return (*label).to_owned();
    }
    match code {
        KeyCode::Char(char) => char.to_string(),
        KeyCode::F(number) => format!("F{number}"),
        other => format!("{other:?}"),
    }
}

/// Every key's name, for an error that says what may be written.
pub fn key_names() -> String {
    let names: Vec<&str> = NAMED.iter().map(|(names, ..)| names[0]).collect();
    format!("one character, {}, f1 to f12", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_and_names_are_keys() {
        for (text, code) in [
            ("d", KeyCode::Char('d')),
            ("D", KeyCode::Char('D')),
            ("?", KeyCode::Char('?')),
            ("Enter", KeyCode::Enter),
            ("PGDN", KeyCode::PageDown),
            ("s-tab", KeyCode::BackTab),
            ("space", KeyCode::Char(' ')),
            ("F5", KeyCode::F(5)),
        ] {
            assert_eq!(parse_key(text), Some(code), "{text}");
        }
        for text in ["", "ctrl-x", "F13", "f0", "dd", "\t"] {
            assert_eq!(parse_key(text), None, "{text:?}");
        }
    }

    #[test]
    fn every_named_key_reads_back_from_its_label_or_name() {
        for (names, code, label) in NAMED {
            assert_eq!(parse_key(names[0]), Some(*code));
            assert_eq!(key_label(*code), *label);
        }
        assert_eq!(key_label(KeyCode::Char('x')), "x");
        assert_eq!(key_label(KeyCode::F(12)), "F12");
    }
}
