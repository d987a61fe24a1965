//! Judging one transaction: it must end as the model expected (success, or the one error named
//! with the program that raises it) and move exactly the expected tokens between the wallet and
//! the market's vault.

use anchor_lang::prelude::Pubkey;
use anchor_spl::token::spl_token;
use anchor_spl::token::spl_token::error::TokenError;
use fulltime_client::errors::failing_program;
use fulltime_client::pda;
use solana_signer::Signer;

use super::Lifecycle;
use crate::TxFailure;
use crate::lifecycle::model::{Expected, Movement, Refusal};

/// Token balances before a transaction, to check what it moved.
pub(super) struct Watch {
    wallet: Option<Watched>,
    vault: Option<Watched>,
}

struct Watched {
    name: String,
    account: Pubkey,
    before: u64,
}

impl Watch {
    pub(super) fn nothing() -> Self {
        Self {
            wallet: None,
            vault: None,
        }
    }
}

impl Lifecycle {
    pub(super) fn watch(&self, wallet: Option<usize>, market: usize) -> Watch {
        let watched = |name: String, account: Pubkey| Watched {
            name,
            account,
            before: self.chain.token_balance(&account),
        };
        Watch {
            wallet: wallet.map(|wallet| {
                let owner = self.wallets[wallet].pubkey();
                let account = pda::token_account(&owner, &self.chain.mint());
                watched(format!("wallet {wallet}"), account)
            }),
            vault: Some(watched(
                format!("market {market}'s vault"),
                pda::vault(&self.markets[market]),
            )),
        }
    }

    /// Checks that a transaction ended as expected and moved exactly the expected tokens.
    pub(super) fn judge<T>(
        &mut self,
        kind: &str,
        expected: Expected,
        result: Result<T, TxFailure>,
        watch: Watch,
    ) -> Result<(), String> {
        self.run.tally.transactions += 1;
        let movement = match (&expected, &result) {
            (Expected::Done(movement), Ok(_)) => {
                self.run.count(format!("{kind}: ok"));
                *movement
            }
            (Expected::Refused(refusal), Err(failure))
                if raised_by(*refusal)
                    == (failing_program(&failure.logs), failure.custom_code()) =>
            {
                self.run
                    .count(format!("{kind}: {}", refusal_name(*refusal)));
                Movement::Nothing
            }
            (_, Ok(_)) => return Err(format!("{kind}: expected {expected:?}, it succeeded")),
            (_, Err(failure)) => {
                return Err(format!(
                    "{kind}: expected {expected:?}, it failed: {failure}"
                ));
            }
        };
        let (into_vault, out_of_vault) = match movement {
            Movement::Nothing => (0, 0),
            Movement::IntoVault(amount) => (amount, 0),
            Movement::OutOfVault(amount) => (0, amount),
        };
        let moved = |watched: Watched, gained: u64, lost: u64| {
            let Watched {
                name,
                account,
                before,
            } = watched;
            let after = self.chain.token_balance(&account);
            let expected = before
                .checked_add(gained)
                .and_then(|sum| sum.checked_sub(lost));
            if expected == Some(after) {
                Ok(())
            } else {
                Err(format!(
                    "{kind} ({movement:?}): {name} went from {before} to {after}"
                ))
            }
        };
        if let Some(wallet) = watch.wallet {
            moved(wallet, out_of_vault, into_vault)?;
        }
        if let Some(vault) = watch.vault {
            moved(vault, into_vault, out_of_vault)?;
        }
        Ok(())
    }
}

/// The program and custom error code a refusal shows as on chain.
fn raised_by(refusal: Refusal) -> (Option<Pubkey>, Option<u32>) {
    let (program, code) = match refusal {
        Refusal::Settlement(error) => (settlement::ID, u32::from(error)),
        // `TestChain` settles through the mock at the devnet id.
        Refusal::Oracle(error) => (mock_oracle::ID, u32::from(error)),
        Refusal::PositionMissing => (
            settlement::ID,
            u32::from(anchor_lang::error::ErrorCode::AccountNotInitialized),
        ),
        Refusal::InsufficientFunds => (spl_token::ID, TokenError::InsufficientFunds as u32),
    };
    (Some(program), Some(code))
}

fn refusal_name(refusal: Refusal) -> String {
    match refusal {
        Refusal::Settlement(error) => error.name(),
        Refusal::Oracle(error) => format!("oracle {}", error.name()),
        Refusal::PositionMissing => "no position".into(),
        Refusal::InsufficientFunds => "insufficient funds".into(),
    }
}
