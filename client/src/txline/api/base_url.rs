//! Which TxLINE API a cluster's proofs come from: TxLINE's devnet host for devnet, its mainnet
//! host for mainnet, and the local stand-in for localnet, where the running stack records it
//! (`txline_url` in `<state-dir>/stack.json`) or at its default address. `--txline-url`
//! overrides all of them.

use std::path::Path;

use fulltime_files::stack_record::StackRecord;

use super::error::TxlineError;
use crate::cluster::Cluster;

pub const DEVNET_API_URL: &str = "https://txline-dev.txodds.com";
pub const MAINNET_API_URL: &str = "https://txline.txodds.com";
/// Where `txline-api`, the local stand-in, listens unless told otherwise.
pub const DEFAULT_LOCAL_API_URL: &str = "http://127.0.0.1:8090";

/// The API base URL for `cluster`, `chosen` when given.
pub fn api_base_url(
    chosen: Option<&str>,
    cluster: &Cluster,
    state_dir: &Path,
) -> Result<String, TxlineError> {
    let url = match (chosen, cluster) {
        (Some(url), _) => url.to_owned(),
        (None, Cluster::Devnet) => DEVNET_API_URL.to_owned(),
        (None, Cluster::Mainnet) => MAINNET_API_URL.to_owned(),
        (None, Cluster::Localnet) => {
            running_stack_api(state_dir).unwrap_or_else(|| DEFAULT_LOCAL_API_URL.to_owned())
        }
        (None, Cluster::Custom(url)) => {
            return Err(TxlineError::NoApi {
                cluster: url.clone(),
            });
        }
    };
    normalize(&url)
}

/// `url` without a trailing slash or `/api`: paths are added as `/api/...`.
pub fn normalize(url: &str) -> Result<String, TxlineError> {
    let trimmed = url.trim().trim_end_matches('/');
    let trimmed = trimmed.strip_suffix("/api").unwrap_or(trimmed);
    let host = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"));
    match host {
        Some(host) if !host.is_empty() && !host.starts_with('/') => Ok(trimmed.to_owned()),
        _ => Err(TxlineError::BadUrl {
            url: url.to_owned(),
        }),
    }
}

/// The stand-in the stack's record names; a record that does not read is no record.
fn running_stack_api(state_dir: &Path) -> Option<String> {
    StackRecord::load(state_dir).ok().flatten()?.txline_url
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{stack_record, state_dir_with, this_process};

    #[test]
    fn each_cluster_has_its_api_and_a_chosen_url_wins() {
        let nowhere = Path::new("/nonexistent-fulltime-state-dir");
        let base = |chosen, cluster| api_base_url(chosen, &cluster, nowhere);
        assert_eq!(base(None, Cluster::Devnet).expect("devnet"), DEVNET_API_URL);
        assert_eq!(
            base(None, Cluster::Mainnet).expect("mainnet"),
            MAINNET_API_URL
        );
        assert_eq!(
            base(None, Cluster::Localnet).expect("localnet"),
            DEFAULT_LOCAL_API_URL
        );
        assert_eq!(
            base(Some("http://10.0.0.2:9000/api/"), Cluster::Devnet).expect("chosen"),
            "http://10.0.0.2:9000"
        );
        let error = base(None, Cluster::Custom("http://127.0.0.1:8899".into()))
            .expect_err("a custom node has no known API");
        assert!(error.to_string().contains("--txline-url"), "{error}");
        assert!(matches!(
            base(Some("ftp://x"), Cluster::Devnet),
            Err(TxlineError::BadUrl { .. })
        ));
    }

    #[test]
    fn localnet_finds_the_stand_in_the_running_stack_recorded() {
        let record = stack_record(
            this_process(),
            "http://127.0.0.1:18080",
            "http://127.0.0.1:18090",
        );
        let dir = state_dir_with("txline-url", &record);
        assert_eq!(
            api_base_url(None, &Cluster::Localnet, &dir).expect("recorded"),
            "http://127.0.0.1:18090"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
