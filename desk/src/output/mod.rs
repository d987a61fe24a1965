//! What the command line prints and the dashboard shows. Every result is one type with
//! `Serialize`, the `--json` contract, and `Display`, the text, printed through
//! [`OutputFormat::formatted_string`] (agave cli-output's shape), so the two renderings cannot
//! drift; beside them, the words and labels both faces use. Text from outside (a question, logs,
//! a file's name) reaches the text through [`fulltime_client::terminal_text::escaped`], the JSON
//! as it is.

pub mod balance;
pub mod bundle;
pub mod catalog;
pub mod coverage;
pub mod fuzz;
pub mod labels;
pub mod market;
pub mod node_left_running;
pub mod position;
pub mod receipt;
pub mod snapshot;
pub mod table;
pub mod terms;
pub mod timeline;
pub mod txline;
pub mod wallet_book;

use std::fmt::Display;

use serde::Serialize;

/// Text for people, or one JSON object for scripts (`--json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    Text,
    Json,
}

impl OutputFormat {
    /// `item` as this format prints it: its text, or its JSON, pretty. The JSON goes through a
    /// `Value`, whose objects sort their keys: the order `--json` has always printed.
    pub fn formatted_string<T: Serialize + Display>(self, item: &T) -> String {
        match self {
            Self::Text => item.to_string(),
            Self::Json => serde_json::to_value(item)
                .and_then(|value| serde_json::to_string_pretty(&value))
                .expect("results serialize: their maps have string keys"),
        }
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::faucet::FaucetGrant;

    use super::*;
    use crate::output::receipt::grant::GrantReceipt;
    use crate::output::receipt::warp::ClockWarp;

    #[test]
    fn json_is_pretty_with_sorted_keys_and_text_is_the_display() {
        let warp = ClockWarp::new(1_795_132_800, 1_795_133_460);
        assert_eq!(
            OutputFormat::Json.formatted_string(&warp),
            "{\n  \"after\": 1795133460,\n  \"after_utc\": \"2026-11-20T00:11:00Z\",\n  \
             \"before\": 1795132800,\n  \"before_utc\": \"2026-11-20T00:00:00Z\"\n}"
        );
        assert_eq!(OutputFormat::Text.formatted_string(&warp), warp.to_string());
        // A flattened body keeps the order too: the faucet's answer lists its signature first.
        let grant = FaucetGrant {
            signature: "not-a-signature".into(),
            amount: 5,
            mint: "M1nt".into(),
        };
        let receipt = GrantReceipt::new(grant, "Wa11et".into(), None);
        assert_eq!(
            OutputFormat::Json.formatted_string(&receipt),
            "{\n  \"amount\": 5,\n  \"mint\": \"M1nt\",\n  \"signature\": \"not-a-signature\"\n}"
        );
    }
}
