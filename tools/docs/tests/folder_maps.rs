//! Each part's README maps its folders: the section "What is where" names every folder of the
//! part's crates that holds Rust sources, and every folder and file it names is there
//! (`tools/docs/README.md` says how a folder is named).

use fulltime_docs::maps::{map_faults, parts, source_folders};
use fulltime_workspace::workspace_root;

#[test]
fn every_source_folder_is_in_its_parts_map() {
    let root = workspace_root();
    let found = parts(&root).expect("walk the repository");
    let folders: usize = found
        .covered
        .values()
        .flatten()
        .map(|crate_dir| {
            source_folders(&root.join(crate_dir))
                .expect("walk a crate")
                .len()
        })
        .sum();
    assert!(
        folders > 0,
        "no source folder found under {}: the walk is broken",
        root.display()
    );
    let faults = map_faults(&root).expect("read the READMEs");
    let listed: Vec<String> = faults.iter().map(ToString::to_string).collect();
    assert!(
        faults.is_empty(),
        "{} fault(s) in the maps of {} README(s) over {folders} source folders:\n{}",
        faults.len(),
        found.covered.len(),
        listed.join("\n")
    );
}
