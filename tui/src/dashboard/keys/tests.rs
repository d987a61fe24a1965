use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;

fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn command(keymap: &Keymap, mode: Mode, code: KeyCode) -> Option<Command> {
    match keymap.message_for(mode, press(code)) {
        Some(Message::Command(command)) => Some(command),
        _ => None,
    }
}

fn parsed(text: &str) -> Result<Keymap, KeysError> {
    parse(text, Path::new("keys.toml"))
}

fn error(text: &str) -> String {
    parsed(text).expect_err("refused").to_string()
}

#[test]
fn binding_names_are_unique_and_the_defaults_do_not_clash() {
    let keymap = Keymap::default();
    let mut names = keymap.names();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), BINDINGS.len());
    for (index, binding) in BINDINGS.iter().enumerate() {
        assert_eq!(keymap.conflict_of(index), None, "{}", binding.name);
    }
}

#[test]
fn a_file_rebinds_what_it_names_and_the_rest_keep_their_defaults() {
    let keymap = parsed("# mine\ndeposit = \"D\"\nup = [\"Up\", \"K\"]\n").expect("a good file");
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('D')),
        Some(Command::Deposit)
    );
    assert_eq!(command(&keymap, Mode::List, KeyCode::Char('d')), None);
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('K')),
        Some(Command::Up)
    );
    assert_eq!(command(&keymap, Mode::List, KeyCode::Char('k')), None);
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('s')),
        Some(Command::Settle)
    );
    // What the hint bar and the help show follows.
    let labels: Vec<(&str, &str)> = keymap
        .bindings(Mode::List)
        .map(|bound| (bound.binding.name, bound.label.as_str()))
        .collect();
    assert!(labels.contains(&("deposit", "D")), "{labels:?}");
    assert!(labels.contains(&("up", "↑/K")), "{labels:?}");
    assert!(labels.contains(&("settle", "s")), "{labels:?}");
}

#[test]
fn a_binding_s_name_from_before_its_rename_still_rebinds_it() {
    let keymap =
        parsed("new_from_fixture = \"F2\"\nnext_fixture_terms = \"F3\"\n").expect("old names");
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::F(2)),
        Some(Command::CreateFromProof)
    );
    assert_eq!(
        command(&keymap, Mode::Create, KeyCode::F(3)),
        Some(Command::PageDown)
    );
    for (old, new) in config::RENAMED {
        assert!(keymap.names().contains(new), "{old} is now {new}");
    }
}

#[test]
fn two_bindings_may_swap_keys() {
    let keymap = parsed("deposit = \"s\"\nsettle = \"d\"\n").expect("a swap");
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('s')),
        Some(Command::Deposit)
    );
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('d')),
        Some(Command::Settle)
    );
}

#[test]
fn a_bad_file_is_refused_naming_its_line_and_why() {
    assert_eq!(
        error("deposit = \"D\"\n\ndepost = \"x\"\n")
            .split("; the bindings are")
            .next(),
        Some("key config keys.toml, line 3: `depost` is not a binding")
    );
    assert!(
        error("deposit = \"D\"\nsettle = \"Ctrl-s\"\n").starts_with(
            "key config keys.toml, line 2: `Ctrl-s` is not a key: write one character"
        )
    );
    assert_eq!(
        error("\n\ndeposit = \"s\"\n"),
        "key config keys.toml, line 3: `s` is already `settle`'s key in the market list; rebind \
         that one too"
    );
    assert_eq!(
        error("submit = \"x\"\n"),
        "key config keys.toml, line 1: `x` would no longer type in the filter (where `submit` \
         works too); bind a named key such as F2"
    );
    assert_eq!(
        error("quit = []\n"),
        "key config keys.toml, line 1: `quit` is bound to no key"
    );
    let syntax = error("deposit = \"D\"\nsettle = \n");
    assert!(
        syntax.starts_with("key config keys.toml, line 2: "),
        "{syntax}"
    );
    let wrong_type = error("deposit = 4\n");
    assert!(
        wrong_type.starts_with("key config keys.toml, line 1: "),
        "{wrong_type}"
    );
}

#[test]
fn a_missing_file_is_the_defaults_unless_it_was_asked_for() {
    let missing =
        std::env::temp_dir().join(format!("fulltime-no-keys-{}.toml", std::process::id()));
    let keymap = load(&missing, false).expect("defaults");
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('d')),
        Some(Command::Deposit)
    );
    let error = load(&missing, true).expect_err("asked for").to_string();
    assert!(error.starts_with("cannot read the key config "), "{error}");
}

#[test]
fn ctrl_c_quits_whatever_is_rebound() {
    let keymap = parsed("quit = \"x\"\n").expect("quit on x");
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    for mode in [Mode::List, Mode::Deposit, Mode::Logs] {
        assert!(matches!(
            keymap.message_for(mode, ctrl_c),
            Some(Message::Command(Command::Quit))
        ));
    }
    assert_eq!(command(&keymap, Mode::List, KeyCode::Char('q')), None);
}

#[test]
fn the_readmes_example_is_a_good_file() {
    let readme = include_str!("../../../README.md");
    let example = readme
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("tui/README.md has a toml example");
    let keymap = parsed(example).expect("the example parses");
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('n')),
        Some(Command::Down)
    );
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::Char('i')),
        Some(Command::Create)
    );
    assert_eq!(
        command(&keymap, Mode::List, KeyCode::F(1)),
        Some(Command::Help)
    );
}

/// The README's table of bindings is the key table: each binding in table order, with its name,
/// its default keys and its help, and no other row; so a new binding, or a changed key or help,
/// fails here until the README follows.
#[test]
fn the_readme_lists_every_binding_with_its_keys() {
    let readme = include_str!("../../../README.md");
    let listed: Vec<&str> = readme
        .lines()
        .skip_while(|line| *line != "### Keys of your own")
        .skip(1)
        .take_while(|line| !line.starts_with("## ") && !line.starts_with("### "))
        .filter(|line| line.starts_with("| `"))
        .collect();
    let expected: Vec<String> = BINDINGS
        .iter()
        .map(|binding| {
            format!(
                "| `{}` | `{}` | {} |",
                binding.name, binding.label, binding.help
            )
        })
        .collect();
    let missing: Vec<&String> = expected
        .iter()
        .filter(|row| !listed.contains(&row.as_str()))
        .collect();
    let stale: Vec<&&str> = listed
        .iter()
        .filter(|row| !expected.iter().any(|wanted| wanted == **row))
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "tui/README.md, \"Keys of your own\": {} binding(s) missing or changed, write these rows:\n{}\n\
         and {} row(s) for no binding:\n{}",
        missing.len(),
        missing
            .iter()
            .map(|row| row.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        stale.len(),
        stale.iter().map(|row| **row).collect::<Vec<_>>().join("\n"),
    );
    assert_eq!(listed, expected, "the rows are in the key table's order");
}
