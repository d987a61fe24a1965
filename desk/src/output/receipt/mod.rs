//! What a request gave back: one receipt per subcommand that changes something, with the parts
//! they share, the transaction's signature with an explorer link and the wallet's test USDC
//! before and after. The action layer (`crate::actions`) returns them to both faces: the command
//! line prints them, the dashboard's activity panel shows their [`Summary`], a headline type
//! the text's first line is written with too, so both faces say it in the same words.

pub mod claim_all;
pub mod create;
pub mod deposit;
pub mod grant;
mod of_order;
pub mod payout;
pub mod settle;
pub mod warp;

pub use of_order::{Landed, Receipt};

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::{Endpoint, short_signature};
use fulltime_client::rpc::BalanceChange;
use serde::{Serialize, Serializer};
use solana_signature::Signature;

/// A receipt as one line of the dashboard's activity panel, and the transaction the inspector
/// reads back.
pub trait Summary {
    /// The receipt's headline, as the activity panel words it.
    fn summary(&self) -> String;
    /// The transaction it sent, if it sent one.
    fn transaction(&self) -> Option<&TransactionLink>;
}

/// A transaction: its `signature` and `explorer` link in JSON.
#[derive(Clone, Debug, Serialize)]
pub struct TransactionLink {
    #[serde(serialize_with = "serialize_text")]
    pub signature: Signature,
    pub explorer: String,
}

impl TransactionLink {
    pub fn new(endpoint: &Endpoint, signature: &Signature) -> Self {
        Self {
            signature: *signature,
            explorer: endpoint.explorer_tx_url(signature),
        }
    }
}

/// `Signature: 5VER..kQUW  https://explorer.solana.com/tx/...`
impl fmt::Display for TransactionLink {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "Signature: {}  {}",
            short_signature(&self.signature),
            self.explorer
        )
    }
}

fn serialize_text<S: Serializer>(
    value: &impl fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// The wallet's test USDC before and after, in base units.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct UsdcChange {
    pub before: u64,
    pub after: u64,
}

impl From<BalanceChange> for UsdcChange {
    fn from(change: BalanceChange) -> Self {
        Self {
            before: change.before,
            after: change.after,
        }
    }
}

/// `1000 USDC -> 997.5 USDC`
impl fmt::Display for UsdcChange {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} -> {}",
            format_usdc(self.before),
            format_usdc(self.after)
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use fulltime_client::cluster::Cluster;
    use serde_json::json;

    use super::*;
    use crate::samples::json_of;

    pub fn devnet() -> Endpoint {
        Endpoint::resolve(Cluster::Devnet, Path::new("/nonexistent")).expect("devnet")
    }

    pub fn signature() -> Signature {
        "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"
            .parse()
            .expect("signature")
    }

    #[test]
    fn a_signature_is_shortened_and_linked() {
        let link = TransactionLink::new(&devnet(), &signature());
        assert_eq!(
            link.to_string(),
            format!(
                "Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet",
                signature()
            )
        );
        assert_eq!(
            json_of(&link),
            json!({
                "signature": signature().to_string(),
                "explorer": format!("https://explorer.solana.com/tx/{}?cluster=devnet", signature()),
            })
        );
    }

    #[test]
    fn balances_show_before_and_after() {
        let change = UsdcChange::from(BalanceChange {
            before: 1_000_000_000,
            after: 997_500_000,
        });
        assert_eq!(change.to_string(), "1000 USDC -> 997.5 USDC");
        assert_eq!(
            json_of(&change),
            json!({"before": 1_000_000_000, "after": 997_500_000})
        );
    }
}
