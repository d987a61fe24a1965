//! Each README drawing of the dashboard is a screen its snapshot tests draw: the block after
//! `<!-- capture: PATH -->` is that snapshot's body, and no drawing goes without one
//! (`tools/docs/README.md` says how to write one).

use fulltime_docs::capture_faults;
use fulltime_workspace::workspace_root;

#[test]
fn every_drawing_of_the_dashboard_is_its_snapshot() {
    let root = workspace_root();
    let captures = ["README.md", "tui/README.md", "stack/README.md"]
        .iter()
        .map(|readme| {
            std::fs::read_to_string(root.join(readme))
                .unwrap_or_else(|error| panic!("read {readme}: {error}"))
                .matches("<!-- capture: ")
                .count()
        })
        .sum::<usize>();
    assert!(
        captures > 0,
        "no capture comment in the READMEs under {}: the drawings or the walk are gone",
        root.display()
    );
    let faults = capture_faults(&root).expect("read the Markdown files");
    let listed: Vec<String> = faults.iter().map(ToString::to_string).collect();
    assert!(
        faults.is_empty(),
        "{} fault(s) in the drawings of the dashboard:\n{}",
        faults.len(),
        listed.join("\n")
    );
}
