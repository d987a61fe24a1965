//! The stand-in's own credentials: the entry for its base URL in `<state-dir>/txline.toml`, the
//! file `fulltime` reads them from, so that `fulltime --url localnet` finds them with no setup.
//! Where there is none, a guest JWT-like token and an API token are made from 32 random bytes
//! each and saved there (the file is written whole, mode 0600, other entries kept). Neither is
//! ever printed or logged.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use fulltime_client::txline::api::{Credentials, CredentialsFile, TxlineError};

#[derive(Debug, thiserror::Error)]
pub enum CredentialsError {
    #[error(transparent)]
    File(#[from] TxlineError),
    #[error("cannot create the state directory {}: {source}", path.display())]
    StateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot read random bytes from /dev/urandom: {0}")]
    Random(std::io::Error),
}

/// Where the credentials came from, for the start-up log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Kept,
    Generated,
}

/// The credentials recorded for `base_url` in `state_dir`, made and saved first if there are
/// none.
pub fn own_credentials(
    state_dir: &Path,
    base_url: &str,
) -> Result<(Credentials, Origin), CredentialsError> {
    let mut file = CredentialsFile::load(state_dir)?;
    if let Some(kept) = file.get(base_url) {
        return Ok((kept.clone(), Origin::Kept));
    }
    let credentials = generate()?;
    std::fs::create_dir_all(state_dir).map_err(|source| CredentialsError::StateDir {
        path: state_dir.to_owned(),
        source,
    })?;
    file.set(base_url, credentials.clone());
    file.save(state_dir)?;
    Ok((credentials, Origin::Generated))
}

/// A JWT's three base64url parts (an unsigned header, who issued it and when, 32 random bytes
/// as its signature) and 32 random bytes in hex as the API token.
fn generate() -> Result<Credentials, CredentialsError> {
    let issued = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|since| since.as_secs())
        .unwrap_or_default();
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    let claims =
        URL_SAFE_NO_PAD.encode(format!(r#"{{"iss":"fulltime txline-api","iat":{issued}}}"#));
    let signature = URL_SAFE_NO_PAD.encode(random_bytes()?);
    let api_token = random_bytes()?
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    Ok(Credentials {
        jwt: format!("{header}.{claims}.{signature}"),
        api_token,
    })
}

fn random_bytes() -> Result<[u8; 32], CredentialsError> {
    let mut bytes = [0; 32];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut random| random.read_exact(&mut bytes))
        .map_err(CredentialsError::Random)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn state_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "fulltime-txline-api-credentials-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn credentials_are_made_once_per_base_url_saved_privately_and_kept() {
        let dir = state_dir("once");
        let mut file = CredentialsFile::default();
        let devnet = Credentials {
            jwt: "devnet-jwt".into(),
            api_token: "devnet-token".into(),
        };
        file.set("https://txline-dev.txodds.com", devnet.clone());
        std::fs::create_dir_all(&dir).expect("dir");
        file.save(&dir).expect("saved");

        let (made, origin) = own_credentials(&dir, "http://127.0.0.1:8090").expect("made");
        assert_eq!(origin, Origin::Generated);
        assert_eq!(made.jwt.split('.').count(), 3, "JWT-like");
        assert_eq!(made.api_token.len(), 64);
        let mode = std::fs::metadata(CredentialsFile::path_in(&dir))
            .expect("written")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);

        let (again, origin) = own_credentials(&dir, "http://127.0.0.1:8090/").expect("kept");
        assert_eq!((again, origin), (made.clone(), Origin::Kept));
        let read = CredentialsFile::load(&dir).expect("reads");
        assert_eq!(read.get("https://txline-dev.txodds.com"), Some(&devnet));
        let (other, _) = own_credentials(&dir, "http://127.0.0.1:9090").expect("another port");
        assert_ne!(other, made, "each base URL has its own");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_state_directory_is_created() {
        let dir = state_dir("missing").join("nested");
        let (_, origin) = own_credentials(&dir, "http://127.0.0.1:8090").expect("made");
        assert_eq!(origin, Origin::Generated);
        assert!(CredentialsFile::path_in(&dir).is_file());
        let _ = std::fs::remove_dir_all(dir.parent().expect("parent"));
    }

    #[test]
    fn a_file_that_is_no_credentials_file_is_left_alone_and_named() {
        let dir = state_dir("bad");
        std::fs::create_dir_all(&dir).expect("dir");
        let path = CredentialsFile::path_in(&dir);
        std::fs::write(&path, "not toml [").expect("write");
        let error = own_credentials(&dir, "http://127.0.0.1:8090").expect_err("refused");
        assert!(error.to_string().contains("txline.toml"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), "not toml [");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
