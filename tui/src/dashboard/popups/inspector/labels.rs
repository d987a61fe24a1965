//! What each account of an instruction is to the user: the role the settlement program's IDL
//! gives it, told by what the dashboard knows of the chain (`market 3`, `market 3's vault`,
//! `this wallet`, `wallet qa-1` of the book), else by the program it is.

use fulltime_client::pda;
use fulltime_client::program_names::program_name;
use fulltime_client::rpc::InstructionDetail;
use solana_keypair::Address as Pubkey;

use crate::dashboard::chain::Chain;
use crate::dashboard::wallets::WalletChoice;

/// One label per account of each instruction, in order.
pub fn account_labels(
    instructions: &[InstructionDetail],
    chain: Option<&Chain>,
    wallet: Option<Pubkey>,
    wallets: &[WalletChoice],
) -> Vec<Vec<String>> {
    instructions
        .iter()
        .map(|instruction| {
            // The market an instruction works on, found through its vault (stored in the market,
            // so no address is derived for the thousands of markets the chain may hold).
            let market = chain.and_then(|chain| {
                chain.markets.iter().find(|market| {
                    instruction
                        .accounts
                        .iter()
                        .any(|account| account.address == market.vault)
                })
            });
            instruction
                .accounts
                .iter()
                .map(|account| {
                    let known = wallets
                        .iter()
                        .find(|known| known.address == account.address.to_string());
                    match known {
                        Some(known) if Some(account.address) != wallet => {
                            format!("wallet {}", known.name)
                        }
                        _ => label(
                            account.address,
                            account.role,
                            market.map(|market| (market.id, market.vault)),
                            wallet,
                        ),
                    }
                })
                .collect()
        })
        .collect()
}

fn label(
    address: Pubkey,
    role: Option<&str>,
    market: Option<(u64, Pubkey)>,
    wallet: Option<Pubkey>,
) -> String {
    if Some(address) == wallet {
        return "this wallet".to_owned();
    }
    if let Some(name) = program_name(&address) {
        return name.to_owned();
    }
    if address == pda::config() {
        return "settlement config".to_owned();
    }
    if let Some((id, vault)) = market {
        if address == vault {
            return format!("market {id}'s vault");
        }
        match role {
            Some("market") => return format!("market {id}"),
            Some("position") => return format!("position in market {id}"),
            _ => {}
        }
    }
    match role {
        Some(role) if role.ends_with("_token") => "test USDC account".to_owned(),
        Some("daily_scores_roots") => "oracle's roots of the day".to_owned(),
        Some("usdc_mint") => "test USDC mint".to_owned(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::rpc::AccountUse;

    use super::*;

    #[test]
    fn the_acting_wallet_and_the_books_wallets_are_named() {
        let (me, bob, stranger) = (
            Pubkey::new_from_array([1; 32]),
            Pubkey::new_from_array([2; 32]),
            Pubkey::new_from_array([3; 32]),
        );
        let account = |address| AccountUse {
            address,
            role: None,
            writable: false,
            signer: false,
        };
        let instruction = InstructionDetail {
            program: fulltime_client::settlement::ID,
            name: None,
            accounts: vec![
                account(me),
                account(bob),
                account(stranger),
                account(pda::config()),
            ],
            data: Vec::new(),
        };
        let book = [WalletChoice {
            name: "bob".into(),
            address: bob.to_string(),
            path: "bob.json".into(),
        }];
        assert_eq!(
            account_labels(&[instruction], None, Some(me), &book),
            [["this wallet", "wallet bob", "", "settlement config"]]
        );
    }
}
