//! TxLINE's two credentials: the guest JWT (`Authorization: Bearer`) and the activated API token
//! (`X-Api-Token`). They come from `<state-dir>/txline.toml`, where each API host has its own
//! entry (credentials from one host are refused by another), or, for a host without one, from
//! `TXLINE_JWT` and `TXLINE_API_TOKEN`: the local stand-in keeps its own entry there, so
//! variables set for devnet never reach it. The file is written whole, mode 0600. Neither is ever
//! printed, logged or put in a bundle: `Debug` hides them.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use fulltime_files::whole_file::{Existing, write_whole};
use serde::{Deserialize, Serialize};

use super::error::TxlineError;

pub const CREDENTIALS_FILE: &str = "txline.toml";
pub const JWT_VARIABLE: &str = "TXLINE_JWT";
pub const API_TOKEN_VARIABLE: &str = "TXLINE_API_TOKEN";

#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub jwt: String,
    pub api_token: String,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("Credentials { jwt: <hidden>, api_token: <hidden> }")
    }
}

/// `<state-dir>/txline.toml`: credentials by API base URL.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CredentialsFile {
    by_base_url: BTreeMap<String, Credentials>,
}

impl CredentialsFile {
    pub fn path_in(state_dir: &Path) -> PathBuf {
        state_dir.join(CREDENTIALS_FILE)
    }

    /// The file in `state_dir`; an empty one where there is none.
    pub fn load(state_dir: &Path) -> Result<Self, TxlineError> {
        let path = Self::path_in(state_dir);
        match std::fs::read_to_string(&path) {
            Ok(text) => toml::from_str(&text).map_err(|error| TxlineError::CredentialsFile {
                path,
                problem: error.message().to_owned(),
            }),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Self::default()),
            Err(error) => Err(TxlineError::CredentialsFile {
                path,
                problem: error.to_string(),
            }),
        }
    }

    pub fn get(&self, base_url: &str) -> Option<&Credentials> {
        self.by_base_url.get(normalized(base_url))
    }

    pub fn set(&mut self, base_url: &str, credentials: Credentials) {
        self.by_base_url
            .insert(normalized(base_url).to_owned(), credentials);
    }

    /// Writes the file whole, readable by its owner alone.
    pub fn save(&self, state_dir: &Path) -> Result<(), TxlineError> {
        let path = Self::path_in(state_dir);
        let mut text = String::from(
            "# TxLINE API credentials by the API's base URL (`fulltime txline login` writes an\n\
             # entry; the local stand-in, txline-api, keeps its own). Keep this file to yourself:\n\
             # it is never printed, logged or put in a bundle.\n",
        );
        // Strings in maps of strings always serialize.
        text.push_str(&toml::to_string(self).expect("credentials serialize"));
        write_whole(&path, text.as_bytes(), Existing::Replace).map_err(|error| {
            TxlineError::CredentialsFile {
                path,
                problem: error.to_string(),
            }
        })
    }
}

/// The credentials for `base_url`: its entry in the state directory's file, else both variables.
pub fn credentials_for(base_url: &str, state_dir: &Path) -> Result<Credentials, TxlineError> {
    credentials_from(
        std::env::var(JWT_VARIABLE).ok(),
        std::env::var(API_TOKEN_VARIABLE).ok(),
        base_url,
        state_dir,
    )
}

fn credentials_from(
    jwt: Option<String>,
    api_token: Option<String>,
    base_url: &str,
    state_dir: &Path,
) -> Result<Credentials, TxlineError> {
    if let Some(kept) = CredentialsFile::load(state_dir)?.get(base_url) {
        return Ok(kept.clone());
    }
    let present = |value: Option<String>| value.filter(|value| !value.trim().is_empty());
    match (present(jwt), present(api_token)) {
        (Some(jwt), Some(api_token)) => Ok(Credentials { jwt, api_token }),
        (Some(_), None) | (None, Some(_)) => Err(TxlineError::HalfCredentials),
        (None, None) => Err(TxlineError::NoCredentials {
            base_url: base_url.to_owned(),
            file: CredentialsFile::path_in(state_dir),
        }),
    }
}

fn normalized(base_url: &str) -> &str {
    base_url.trim_end_matches('/')
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn state_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "fulltime-txline-credentials-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    fn secret(jwt: &str) -> Credentials {
        Credentials {
            jwt: jwt.into(),
            api_token: format!("{jwt}-token"),
        }
    }

    #[test]
    fn each_host_keeps_its_own_credentials_in_a_private_file() {
        let dir = state_dir("hosts");
        let mut file = CredentialsFile::default();
        file.set("https://txline-dev.txodds.com/", secret("devnet"));
        file.set("http://127.0.0.1:8090", secret("local"));
        file.save(&dir).expect("saved");
        let mode = std::fs::metadata(CredentialsFile::path_in(&dir))
            .expect("written")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let read = CredentialsFile::load(&dir).expect("reads back");
        assert_eq!(
            read.get("https://txline-dev.txodds.com"),
            Some(&secret("devnet"))
        );
        assert_eq!(
            credentials_from(None, None, "http://127.0.0.1:8090/", &dir).expect("local"),
            secret("local")
        );
        let error = credentials_from(None, None, "https://txline.txodds.com", &dir)
            .expect_err("no mainnet entry");
        assert!(
            matches!(error, TxlineError::NoCredentials { .. }),
            "{error:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_variables_serve_a_host_without_an_entry_and_one_alone_is_refused() {
        let dir = state_dir("variables");
        let from_env = credentials_from(Some("j".into()), Some("t".into()), "http://x", &dir)
            .expect("from the environment");
        assert_eq!(from_env.api_token, "t");
        let error = credentials_from(Some("j".into()), None, "http://x", &dir).expect_err("half");
        assert!(matches!(error, TxlineError::HalfCredentials), "{error:?}");
        let error = credentials_from(Some(" ".into()), None, "http://x", &dir).expect_err("none");
        assert!(
            matches!(error, TxlineError::NoCredentials { .. }),
            "{error:?}"
        );
        // A host with an entry keeps it: variables set for devnet never reach the stand-in.
        let mut file = CredentialsFile::default();
        file.set("http://127.0.0.1:8090", secret("local"));
        file.save(&dir).expect("saved");
        let kept = credentials_from(
            Some("j".into()),
            Some("t".into()),
            "http://127.0.0.1:8090",
            &dir,
        )
        .expect("the entry");
        assert_eq!(kept, secret("local"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn debug_output_hides_the_secrets() {
        let shown = format!("{:?}", secret("eyJ-very-secret"));
        assert!(!shown.contains("very-secret"), "{shown}");
    }

    #[test]
    fn a_file_that_is_not_the_shape_is_named() {
        let dir = state_dir("bad");
        std::fs::write(CredentialsFile::path_in(&dir), "[\"http://x\"]\njwt = 3\n").expect("write");
        let error = CredentialsFile::load(&dir).expect_err("bad");
        assert!(error.to_string().contains("txline.toml"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
