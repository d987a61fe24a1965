//! The root README is the map of the repository; the manual is in each part's own README.

use fulltime_workspace::workspace_root;

/// About 250 lines, with a little room.
const MAX_ROOT_README_LINES: usize = 260;

#[test]
fn the_root_readme_stays_a_map() {
    let path = workspace_root().join("README.md");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
    let lines = text.lines().count();
    assert!(
        lines <= MAX_ROOT_README_LINES,
        "README.md has {lines} lines, more than {MAX_ROOT_README_LINES}: move the detail to the \
         README of the part it is about and link to it"
    );
}
