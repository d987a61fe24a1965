//! `fulltime balance`: the wallet's SOL, its test USDC and its positions.

use std::fmt;

use fulltime_client::amount::{format_sol, format_usdc};
use fulltime_client::rpc::Balances;
use serde::Serialize;

use super::position::PositionView;

#[derive(Clone, Debug, Serialize)]
pub struct WalletBalance {
    pub wallet: String,
    pub lamports: u64,
    /// `None` before the wallet has a test USDC account.
    pub usdc: Option<u64>,
    pub usdc_mint: String,
    pub positions: Vec<PositionView>,
}

impl WalletBalance {
    pub fn new(
        wallet: String,
        usdc_mint: String,
        balances: Balances,
        positions: Vec<PositionView>,
    ) -> Self {
        Self {
            wallet,
            lamports: balances.lamports,
            usdc: balances.usdc,
            usdc_mint,
            positions,
        }
    }
}

impl fmt::Display for WalletBalance {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let usdc = self.usdc.map_or_else(
            || "none yet (get test USDC with `fulltime faucet`)".to_owned(),
            format_usdc,
        );
        writeln!(formatter, "Wallet:    {}", self.wallet)?;
        writeln!(formatter, "SOL:       {}", format_sol(self.lamports))?;
        write!(formatter, "USDC:      {usdc}")?;
        if self.positions.is_empty() {
            return write!(formatter, "\nPositions: none");
        }
        write!(formatter, "\nPositions:")?;
        for position in &self.positions {
            let market = position
                .market_id
                .map_or_else(|| position.market.clone(), |id| id.to_string());
            write!(formatter, "\n  market {market}: {position}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{json_of, sample_market, sample_position};

    fn balance(usdc: Option<u64>, positions: Vec<PositionView>) -> WalletBalance {
        let balances = Balances {
            lamports: 2_500_000_000,
            usdc,
        };
        WalletBalance::new("Wa11et".into(), "M1nt".into(), balances, positions)
    }

    #[test]
    fn balance_lists_money_and_positions() {
        let market = sample_market();
        let mut claimed = sample_position(&market);
        claimed.claimed = true;
        let positions = [sample_position(&market), claimed]
            .iter()
            .map(|position| PositionView::new(position, Some(3)))
            .collect();
        let balance = balance(Some(997_500_000), positions);
        assert_eq!(
            balance.to_string(),
            "Wallet:    Wa11et\n\
             SOL:       2.5 SOL\n\
             USDC:      997.5 USDC\n\
             Positions:\n  \
               market 3: YES 3 USDC\n  \
               market 3: YES 3 USDC, claimed"
        );
        let json = json_of(&balance);
        assert_eq!(json["usdc"], 997_500_000);
        assert_eq!(json["lamports"], 2_500_000_000_u64);
        assert_eq!(json["positions"][1]["claimed"], true);
    }

    #[test]
    fn a_wallet_without_usdc_is_told_about_the_faucet() {
        let balance = balance(None, Vec::new());
        assert_eq!(
            balance.to_string(),
            "Wallet:    Wa11et\n\
             SOL:       2.5 SOL\n\
             USDC:      none yet (get test USDC with `fulltime faucet`)\n\
             Positions: none"
        );
        assert_eq!(json_of(&balance)["usdc"], serde_json::Value::Null);
    }
}
