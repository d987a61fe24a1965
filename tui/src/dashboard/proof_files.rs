//! The proof files offered for settling: every `*.json` of the proof files' directory that reads
//! as a proof file (`roots.json` does not), by name.

use std::path::Path;

use fulltime_client::proof_file::ProofFile;

pub fn load(dir: &Path) -> Vec<ProofFile> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut proof_files: Vec<ProofFile> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "json")
        })
        .filter_map(|path| ProofFile::load(&path).ok())
        .collect();
    proof_files.sort_by(|a, b| a.name.cmp(&b.name));
    proof_files
}
