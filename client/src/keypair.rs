//! Wallet keypair files in the solana CLI's format: a JSON array of the 64 secret and public key
//! bytes, by default at `~/.config/solana/id.json`.

use std::path::{Path, PathBuf};

use solana_keypair::{Keypair, read_keypair};

/// `~/.config/solana/id.json`, the solana CLI's default wallet; `None` without a home directory.
pub fn default_keypair_path() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").filter(|home| !home.is_empty())?;
    Some(
        PathBuf::from(home)
            .join(".config")
            .join("solana")
            .join("id.json"),
    )
}

#[derive(Debug, thiserror::Error)]
pub enum KeypairError {
    #[error("no keypair path: HOME is not set, so pass --keypair PATH")]
    NoDefaultPath,
    #[error("no keypair file at {}", path.display())]
    NotFound { path: PathBuf },
    #[error("cannot read keypair file {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{} is not a keypair file ({reason}); expected a JSON array of 64 bytes as written by \
         `solana-keygen`",
        path.display()
    )]
    Invalid { path: PathBuf, reason: String },
}

/// Reads a keypair file, telling a missing file apart from a malformed one.
pub fn read_keypair_file(path: &Path) -> Result<Keypair, KeypairError> {
    let text = std::fs::read_to_string(path).map_err(|source| match source.kind() {
        std::io::ErrorKind::NotFound => KeypairError::NotFound {
            path: path.to_owned(),
        },
        _ => KeypairError::Read {
            path: path.to_owned(),
            source,
        },
    })?;
    read_keypair(&mut text.as_bytes()).map_err(|reason| KeypairError::Invalid {
        path: path.to_owned(),
        reason: reason.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use solana_keypair::write_keypair_file;
    use solana_signer::Signer;

    use super::*;

    fn temp_path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("fulltime-keypair-{}-{name}", std::process::id()))
    }

    #[test]
    fn reads_a_solana_cli_keypair_file() {
        let path = temp_path("good.json");
        let keypair = Keypair::new();
        write_keypair_file(&keypair, &path).expect("write keypair");
        let read = read_keypair_file(&path).expect("read keypair");
        assert_eq!(read.pubkey(), keypair.pubkey());
        std::fs::remove_file(&path).expect("clean up");
    }

    #[test]
    fn a_missing_file_is_not_found() {
        let path = temp_path("missing.json");
        let error = read_keypair_file(&path).expect_err("missing");
        assert!(matches!(&error, KeypairError::NotFound { path: p } if *p == path));
        assert_eq!(
            error.to_string(),
            format!("no keypair file at {}", path.display())
        );
    }

    #[test]
    fn a_malformed_file_is_invalid_and_says_why() {
        for (name, contents) in [
            ("not-json.json", "hello"),
            ("short.json", "[1, 2, 3]"),
            ("not-bytes.json", &format!("[{}]", ["300"; 64].join(","))),
        ] {
            let path = temp_path(name);
            std::fs::write(&path, contents).expect("write");
            let error = read_keypair_file(&path).expect_err(name);
            assert!(matches!(error, KeypairError::Invalid { .. }), "{name}");
            assert!(
                error
                    .to_string()
                    .contains("expected a JSON array of 64 bytes"),
                "{error}"
            );
            std::fs::remove_file(&path).expect("clean up");
        }
    }

    #[test]
    fn the_default_is_the_solana_cli_wallet() {
        if let Some(path) = default_keypair_path() {
            assert!(
                path.ends_with(".config/solana/id.json"),
                "{}",
                path.display()
            );
        }
    }
}
