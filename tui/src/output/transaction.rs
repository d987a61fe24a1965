//! The parts every transaction's output shares: its signature with an explorer link, and the
//! wallet's test USDC before and after.

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::{Endpoint, short_signature};
use fulltime_client::rpc::BalanceChange;
use serde_json::{Value, json};
use solana_signature::Signature;

/// `Signature: 5VER..kQUW  https://explorer.solana.com/tx/...`
pub fn signature_line(endpoint: &Endpoint, signature: &Signature) -> String {
    format!(
        "Signature: {}  {}",
        short_signature(signature),
        endpoint.explorer_tx_url(signature)
    )
}

/// A transaction's JSON: `fields` (an object) with its `signature` and `explorer` link added.
pub fn transaction_json(endpoint: &Endpoint, signature: &Signature, mut fields: Value) -> Value {
    if let Some(object) = fields.as_object_mut() {
        object.insert("signature".into(), json!(signature.to_string()));
        object.insert(
            "explorer".into(),
            json!(endpoint.explorer_tx_url(signature)),
        );
    }
    fields
}

/// `USDC:      1000 USDC -> 997.5 USDC`
pub fn usdc_line(change: &BalanceChange) -> String {
    format!(
        "USDC:      {} -> {}",
        format_usdc(change.before),
        format_usdc(change.after)
    )
}

pub fn usdc_json(change: &BalanceChange) -> Value {
    json!({ "before": change.before, "after": change.after })
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use fulltime_client::cluster::Cluster;

    use super::*;

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
        assert_eq!(
            signature_line(&devnet(), &signature()),
            format!(
                "Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet",
                signature()
            )
        );
    }

    #[test]
    fn balances_show_before_and_after() {
        let change = BalanceChange {
            before: 1_000_000_000,
            after: 997_500_000,
        };
        assert_eq!(usdc_line(&change), "USDC:      1000 USDC -> 997.5 USDC");
        assert_eq!(
            usdc_json(&change),
            json!({"before": 1_000_000_000, "after": 997_500_000})
        );
    }
}
