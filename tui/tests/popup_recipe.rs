//! The README's recipe for a new popup ("A new popup is one folder and one line in the router")
//! holds for every popup the dashboard has: each folder of `src/dashboard/popups/` implements
//! `Popup` in its `mod.rs`, is named once in `popups/mod.rs`, is opened by a line of the router
//! when a key of the list opens it, and is drawn by a test. A popup added another way
//! fails here, so the recipe stays the way popups are made.

use std::fs;
use std::path::{Path, PathBuf};

fn dashboard() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/dashboard")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("read {}: {error}", path.display()))
}

/// Every popup folder's name.
fn popup_folders() -> Vec<String> {
    let mut folders: Vec<String> = fs::read_dir(dashboard().join("popups"))
        .expect("the popups folder")
        .map(|entry| entry.expect("a popups entry"))
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    folders
}

/// The names the router knows the popups by: `name`, or the alias of `name as alias`.
fn router_names(router: &str) -> Vec<(String, String)> {
    let start = router
        .find("use super::popups::{")
        .expect("the router imports the popups it opens");
    let list = &router[start + "use super::popups::{".len()..];
    let list = &list[..list.find('}').expect("the import list ends")];
    list.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| match item.split_once(" as ") {
            Some((name, alias)) => (name.trim().to_owned(), alias.trim().to_owned()),
            None => (item.to_owned(), item.to_owned()),
        })
        .collect()
}

/// Every test source of the dashboard, as one text.
fn dashboard_tests() -> String {
    fn walk(folder: &Path, into: &mut String) {
        for entry in fs::read_dir(folder).expect("a dashboard folder") {
            let path = entry.expect("a dashboard entry").path();
            if path.is_dir() {
                walk(&path, into);
            } else if path.ends_with("tests.rs") || path.ends_with("tests/mod.rs") {
                into.push_str(&read(&path));
            }
        }
    }
    let mut text = String::new();
    walk(&dashboard(), &mut text);
    text
}

#[test]
fn every_popup_is_one_folder_and_one_line_in_the_router() {
    let listed = read(&dashboard().join("popups/mod.rs"));
    let router = read(&dashboard().join("update.rs"));
    let known = router_names(&router);
    let tests = dashboard_tests();
    let folders = popup_folders();
    assert!(folders.len() >= 10, "the popups are found: {folders:?}");
    for name in &folders {
        let folder = dashboard().join("popups").join(name);
        let module = read(&folder.join("mod.rs"));
        assert!(
            module.contains("impl Popup for "),
            "popups/{name}/mod.rs implements Popup"
        );
        assert_eq!(
            listed.matches(&format!("pub mod {name};")).count(),
            1,
            "popups/{name} is named once in popups/mod.rs"
        );
        // A popup a key of the list opens has its `open`, called by one line of the router.
        if module.contains("\npub fn open(") {
            let opener = known
                .iter()
                .find(|(module, _)| module == name)
                .map(|(_, alias)| alias)
                .unwrap_or_else(|| panic!("the router imports popups/{name}"));
            // One line per key that opens it (claim and refund share the confirmation).
            assert!(
                router.contains(&format!("{opener}::open(")),
                "a line of the router opens popups/{name}"
            );
        }
        // Drawn or driven by a test: its own, or the pane's it belongs to.
        let own_tests = folder.join("tests.rs").is_file() || folder.join("tests/mod.rs").is_file();
        assert!(
            own_tests || tests.contains(&format!("popups::{name}::")),
            "popups/{name} has tests"
        );
    }
}

#[test]
fn the_router_names_are_read_with_their_aliases() {
    let names = router_names("use super::popups::{\n    activity as picker, confirm,\n};\n");
    assert_eq!(
        names,
        [
            ("activity".to_owned(), "picker".to_owned()),
            ("confirm".to_owned(), "confirm".to_owned()),
        ]
    );
}
