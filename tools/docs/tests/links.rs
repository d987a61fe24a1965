//! Every relative link and image of the repository's Markdown resolves: the file exists, and a
//! `#anchor` names a heading of its target. Links that leave the repository are not checked.

use fulltime_docs::{broken_links, links, markdown_files};
use fulltime_workspace::workspace_root;

#[test]
fn every_relative_link_resolves() {
    let root = workspace_root();
    let files = markdown_files(&root).expect("walk the repository");
    let readme_links = std::fs::read_to_string(root.join("README.md"))
        .map(|text| links(&text).len())
        .expect("read README.md");
    assert!(
        readme_links > 0,
        "no link found in {}/README.md: the walk or the parser is broken",
        root.display()
    );
    let broken = broken_links(&root).expect("read the Markdown files");
    let listed: Vec<String> = broken.iter().map(ToString::to_string).collect();
    assert!(
        broken.is_empty(),
        "{} broken link(s) in {} Markdown files:\n{}",
        broken.len(),
        files.len(),
        listed.join("\n")
    );
}
