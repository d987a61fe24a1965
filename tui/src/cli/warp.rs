//! `warp`: moving localnet's clock forward, to close markets or end grace periods in tests.

use clap::Args;
use fulltime_client::cluster::Cluster;
use fulltime_client::rpc::ClientError;
use serde_json::json;

use super::Context;
use crate::input::{When, format_time};
use crate::output::Output;
use crate::output::failure::CliError;

#[derive(Debug, Args)]
pub struct WarpArgs {
    /// Where to: +DURATION from the cluster clock (+11m, +8days) or an RFC 3339 time. The
    /// clock only moves forward.
    #[arg(value_name = "TIME", allow_hyphen_values = true)]
    pub to: When,
}

pub async fn run(context: &Context, args: WarpArgs) -> Result<Output, CliError> {
    // Refuse before connecting: other clusters may not even have a settlement config.
    let cluster = context.cluster();
    if *cluster != Cluster::Localnet {
        return Err(ClientError::WarpUnsupported {
            cluster: cluster.to_string(),
        }
        .into());
    }
    let client = context.client(false).await?;
    let before = client.cluster_time().await?;
    let after = client.warp(args.to.resolve(before)?).await?;
    Ok(render(before, after))
}

fn render(before: i64, after: i64) -> Output {
    Output {
        human: format!(
            "Cluster clock: {} -> {}",
            format_time(before),
            format_time(after)
        ),
        json: json!({
            "before": before,
            "after": after,
            "before_utc": format_time(before),
            "after_utc": format_time(after),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_clock_before_and_after() {
        let output = render(1_795_132_800, 1_795_133_460);
        assert_eq!(
            output.human,
            "Cluster clock: 2026-11-20T00:00:00Z -> 2026-11-20T00:11:00Z"
        );
        assert_eq!(output.json["after"], 1_795_133_460);
    }
}
