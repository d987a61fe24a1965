//! Where the workspace is on disk, for the tools and tests that read its files (the IDL, the
//! READMEs, the proof files, the TypeScript client). Std only and nothing else, so that every
//! crate can depend on it without a heavy build or a cycle.

use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate (`tools/workspace`), as cargo built it.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .unwrap_or(manifest)
        .to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_holds_the_workspace_manifest_and_this_crate() {
        let root = workspace_root();
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
        assert!(manifest.contains("[workspace]"), "{}", root.display());
        assert!(
            manifest.contains("\"tools/workspace\""),
            "{}",
            root.display()
        );
        assert!(root.join("tools/workspace/src/lib.rs").is_file());
    }
}
