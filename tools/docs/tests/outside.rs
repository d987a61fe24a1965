//! Nothing in the repository's Markdown points outside it: no path climbs above its root, goes
//! through a `shared` folder it does not have, or names a Markdown file it does not have
//! (`tools/docs/README.md` says how a path is read).

use fulltime_docs::{markdown_files, outside_faults};
use fulltime_workspace::workspace_root;

#[test]
fn nothing_points_outside_the_repository() {
    let root = workspace_root();
    let files = markdown_files(&root).expect("walk the repository");
    assert!(
        files.len() > 1,
        "{} Markdown file(s) under {}: the walk is broken",
        files.len(),
        root.display()
    );
    let faults = outside_faults(&root).expect("read the Markdown files");
    let listed: Vec<String> = faults.iter().map(ToString::to_string).collect();
    assert!(
        faults.is_empty(),
        "{} path(s) in {} Markdown files lead outside the repository, which a clone does not \
         have:\n{}",
        faults.len(),
        files.len(),
        listed.join("\n")
    );
}
