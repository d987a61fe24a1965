//! For the unit tests: a repository of their own, a few files under the system's temporary
//! folder, removed when dropped.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct TempTree(PathBuf);

impl TempTree {
    /// `files` are `(path from the root, text)`.
    pub fn new(files: &[(&str, &str)]) -> Self {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let root = std::env::temp_dir().join(format!(
            "fulltime-docs-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        for (path, text) in files {
            let path = root.join(path);
            let parent = path.parent().expect("a file has a folder");
            fs::create_dir_all(parent).expect("make the tree's folders");
            fs::write(&path, text).expect("write a file of the tree");
        }
        Self(root)
    }

    pub fn root(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempTree {
    fn drop(&mut self) {
        // Best effort: a leftover directory fails no test.
        let _ = fs::remove_dir_all(&self.0);
    }
}
