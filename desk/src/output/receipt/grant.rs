//! `fulltime faucet`: the test USDC minted to the wallet. Its JSON is the faucet's own answer.

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::Endpoint;
use fulltime_client::faucet::FaucetGrant;
use fulltime_client::terminal_text::escaped;
use serde::Serialize;
use solana_signature::Signature;

use super::{Summary, TransactionLink};

#[derive(Clone, Debug, Serialize)]
pub struct GrantReceipt {
    #[serde(flatten)]
    pub grant: FaucetGrant,
    /// The wallet's address.
    #[serde(skip)]
    pub wallet: String,
    /// The mint transaction with its explorer link, when the signature reads as one and the
    /// cluster resolved.
    #[serde(skip)]
    pub transaction: Option<TransactionLink>,
}

impl GrantReceipt {
    pub fn new(grant: FaucetGrant, wallet: String, endpoint: Option<&Endpoint>) -> Self {
        let transaction = match (grant.signature.parse::<Signature>(), endpoint) {
            (Ok(signature), Some(endpoint)) => Some(TransactionLink::new(endpoint, &signature)),
            _ => None,
        };
        Self {
            grant,
            wallet,
            transaction,
        }
    }
}

impl fmt::Display for GrantReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headline = GrantHeadline {
            amount: self.grant.amount,
            to: &self.wallet,
        };
        writeln!(formatter, "{headline}")?;
        match &self.transaction {
            Some(transaction) => writeln!(formatter, "{transaction}")?,
            None => writeln!(formatter, "Signature: {}", escaped(&self.grant.signature))?,
        }
        // The faucet's answer is a server's words: the mint, and a signature that did not parse.
        write!(formatter, "Mint:      {}", escaped(&self.grant.mint))
    }
}

/// `Minted 1000 USDC to the wallet`: the dashboard's panel shows one wallet's activity.
impl Summary for GrantReceipt {
    fn summary(&self) -> String {
        GrantHeadline {
            amount: self.grant.amount,
            to: "the wallet",
        }
        .to_string()
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        self.transaction.as_ref()
    }
}

/// `Minted 1000 USDC to <to>`: the wallet's address on the command line, `the wallet` in the
/// dashboard.
struct GrantHeadline<'a> {
    amount: u64,
    to: &'a str,
}

impl fmt::Display for GrantHeadline<'_> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "Minted {} to {}",
            format_usdc(self.amount),
            self.to
        )
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::output::receipt::tests::{devnet, signature};
    use crate::samples::json_of;

    #[test]
    fn a_grant_prints_amount_link_and_mint_and_its_body_as_json() {
        let grant = FaucetGrant {
            signature: signature().to_string(),
            amount: 1_000_000_000,
            mint: "M1nt".into(),
        };
        let receipt = GrantReceipt::new(grant.clone(), "Wa11et".into(), Some(&devnet()));
        assert_eq!(
            receipt.to_string(),
            format!(
                "Minted 1000 USDC to Wa11et\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Mint:      M1nt",
                signature()
            )
        );
        assert_eq!(
            json_of(&receipt),
            json!({"signature": signature().to_string(), "amount": 1_000_000_000, "mint": "M1nt"})
        );
        let unlinked = GrantReceipt::new(grant, "Wa11et".into(), None);
        assert!(
            unlinked
                .to_string()
                .contains(&format!("Signature: {}\n", signature()))
        );
    }

    #[test]
    fn a_faucets_words_are_printed_escaped() {
        let grant = FaucetGrant {
            signature: "not\u{1b}[2Ja signature".into(),
            amount: 5,
            mint: "M1nt\u{1b}]52;c;eA==\u{7}".into(),
        };
        let receipt = GrantReceipt::new(grant, "Wa11et".into(), Some(&devnet()));
        assert_eq!(
            receipt.to_string(),
            "Minted 0.000005 USDC to Wa11et\n\
             Signature: not\\u{1b}[2Ja signature\n\
             Mint:      M1nt\\u{1b}]52;c;eA==\\u{7}"
        );
        assert_eq!(json_of(&receipt)["mint"], "M1nt\u{1b}]52;c;eA==\u{7}");
    }
}
