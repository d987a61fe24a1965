//! Which build saved a bundle: the workspace version and a fingerprint of what the chain's
//! meaning depends on, all compiled into the binary: the two program ids, the committed IDLs
//! (`idl/*.json`, whole) and the committed oracle roots (`fixtures/generated/roots.json`, which
//! every committed proof file proves against). A bundle opens only in the build that saved it;
//! a snapshot alone is looser (its account layouts only, `crate::snapshot::ProgramBuild`), since
//! a bundle also hands over proof files and a timeline that another build may read otherwise.

use std::sync::OnceLock;

use borsh::{BorshDeserialize, BorshSerialize};
use sha2::{Digest, Sha256};

use super::BundleError;
use crate::snapshot::IDLS;

const ROOTS: &str = include_str!("../../../fixtures/generated/roots.json");
/// The workspace's version (every crate takes it from the workspace).
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct BundleBuild {
    pub version: String,
    /// SHA-256 over the version, the program ids, the IDLs and the roots, each followed by a
    /// zero byte.
    pub fingerprint: [u8; 32],
}

impl BundleBuild {
    /// The build this binary was compiled from.
    pub fn current() -> Self {
        static FINGERPRINT: OnceLock<[u8; 32]> = OnceLock::new();
        Self {
            version: VERSION.to_owned(),
            fingerprint: *FINGERPRINT.get_or_init(|| {
                let settlement = settlement::ID.to_string();
                let oracle = mock_oracle::ID.to_string();
                fingerprint(&[VERSION, &settlement, &oracle, IDLS[0], IDLS[1], ROOTS])
            }),
        }
    }

    /// The first 8 bytes of the fingerprint, in hex: enough to tell builds apart.
    pub fn short_fingerprint(&self) -> String {
        hex::encode(&self.fingerprint[..8])
    }

    /// Whether a bundle saved by `self` opens in `current`.
    pub fn check(&self, current: &Self) -> Result<(), BundleError> {
        if self == current {
            return Ok(());
        }
        Err(BundleError::OtherBuild {
            saved_version: self.version.clone(),
            saved: self.short_fingerprint(),
            current_version: current.version.clone(),
            current: current.short_fingerprint(),
        })
    }
}

fn fingerprint(parts: &[&str]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hasher.finalize().into()
}
