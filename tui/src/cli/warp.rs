//! `warp`: moving a surfpool node's clock forward (localnet's), to close markets or end dispute
//! windows and grace periods without waiting.

use clap::Args;
use fulltime_client::rpc::{ClientError, TimeTravel, time_travel_support};
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
    // Ask the node before connecting: one without cheat codes may not even have a settlement
    // config, and "cannot be moved" is the answer that helps.
    let endpoint = context.endpoint()?;
    if let TimeTravel::Unsupported { reason } = time_travel_support(&endpoint).await? {
        return Err(ClientError::WarpUnsupported {
            cluster: endpoint.cluster.to_string(),
            reason,
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
