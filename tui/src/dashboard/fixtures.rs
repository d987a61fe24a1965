//! The proof fixtures offered for settling: every `*.json` of the fixtures directory that reads
//! as a fixture (`roots.json` does not), by name.

use std::path::Path;

use fulltime_client::fixture::ProofFixture;

pub fn load(dir: &Path) -> Vec<ProofFixture> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut fixtures: Vec<ProofFixture> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "json")
        })
        .filter_map(|path| ProofFixture::load(&path).ok())
        .collect();
    fixtures.sort_by(|a, b| a.name.cmp(&b.name));
    fixtures
}
