//! What the bootstrap sends, each step only for what is missing.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_lang::solana_program::system_instruction;
use anchor_spl::token::spl_token;
use fulltime_client::amount::{format_sol, format_usdc};
use fulltime_client::instructions;
use fulltime_client::pda;
use fulltime_client::proof_file::OracleRoot;
use fulltime_client::rpc::wait_for_confirmation;
use fulltime_client::time::format_time;
use solana_account::Account;
use solana_signer::Signer;

use super::chain::{Chain, failed, refused};
use super::{DEMO_DISPUTE_WINDOW_SECS, DEMO_MARKETS, demo_proof_files};
use crate::node::NodeError;

/// The proof files' roots the mock oracle does not hold yet, and how many it holds.
pub(super) struct ProofRoots {
    pub(super) missing: Vec<OracleRoot>,
    pub(super) present: usize,
}

/// A key's SOL: enough already, or short of a top-up.
enum Holding {
    /// The progress line saying what it holds.
    Enough(String),
    Short {
        balance: u64,
        lamports: u64,
    },
}

impl Chain<'_> {
    /// What `who` at `address` holds, and the lamports that bring it to `target` when it holds
    /// less than `below`.
    async fn holding(
        &self,
        address: &Pubkey,
        below: u64,
        target: u64,
        who: &str,
    ) -> Result<Holding, NodeError> {
        let balance = self
            .rpc
            .get_balance(address)
            .await
            .map_err(failed("read a balance"))?;
        Ok(if balance >= below {
            Holding::Enough(format!("{who}: holds {}", format_sol(balance)))
        } else {
            Holding::Short {
                balance,
                lamports: target - balance,
            }
        })
    }

    /// Airdrops `who` up to `target` lamports when it holds less than `below`.
    pub(super) async fn top_up_sol(
        &self,
        address: &Pubkey,
        below: u64,
        target: u64,
        who: &str,
    ) -> Result<String, NodeError> {
        let (balance, lamports) = match self.holding(address, below, target, who).await? {
            Holding::Enough(line) => return Ok(line),
            Holding::Short { balance, lamports } => (balance, lamports),
        };
        let airdrop = async {
            let signature = self.rpc.request_airdrop(address, lamports).await?;
            wait_for_confirmation(self.rpc, signature).await
        };
        match airdrop.await {
            Ok(_) => Ok(format!("{who}: {} airdropped", format_sol(lamports))),
            Err(error) => Err(refused(format!(
                "{who} holds {}, less than {}, and the airdrop of {} failed: {error}; fund it \
                 (on devnet: `solana airdrop` or https://faucet.solana.com) and run again",
                format_sol(balance),
                format_sol(below),
                format_sol(lamports),
            ))),
        }
    }

    /// Transfers from the authority up to `target` lamports to `address` when it holds less.
    pub(super) async fn top_up_by_transfer(
        &self,
        address: &Pubkey,
        target: u64,
        who: &str,
    ) -> Result<String, NodeError> {
        let lamports = match self.holding(address, target, target, who).await? {
            Holding::Enough(line) => return Ok(line),
            Holding::Short { lamports, .. } => lamports,
        };
        let payer = self.keys.authority.pubkey();
        self.send(&[system_instruction::transfer(&payer, address, lamports)])
            .await?;
        Ok(format!(
            "{who}: {} transferred from the authority",
            format_sol(lamports)
        ))
    }

    pub(super) async fn create_mint(&self) -> Result<(), NodeError> {
        let mint = self.keys.mint.pubkey();
        let authority = self.keys.mint_authority.pubkey();
        let payer = self.keys.authority.pubkey();
        let rent = self
            .rpc
            .get_minimum_balance_for_rent_exemption(spl_token::state::Mint::LEN)
            .await
            .map_err(failed("rent"))?;
        let create = system_instruction::create_account(
            &payer,
            &mint,
            rent,
            spl_token::state::Mint::LEN as u64,
            &spl_token::ID,
        );
        let initialize = spl_token::instruction::initialize_mint2(
            &spl_token::ID,
            &mint,
            &authority,
            None,
            settlement::constants::USDC_DECIMALS,
        )
        .map_err(|error| NodeError::Bootstrap(error.to_string()))?;
        self.send_signed(&[create, initialize], &[&self.keys.mint])
            .await
    }

    /// The proof files' roots, split by whether the mock oracle holds them already.
    pub(super) async fn proof_roots(&self) -> Result<ProofRoots, NodeError> {
        let oracle = mock_oracle::ID;
        let committed = fulltime_matches::committed()
            .map_err(|error| NodeError::Bootstrap(format!("proof files: {error}")))?;
        let mut days: HashMap<u16, Option<Account>> = HashMap::new();
        let mut roots = ProofRoots {
            missing: Vec::new(),
            present: 0,
        };
        for root in committed.roots.roots {
            let day = match days.entry(root.epoch_day) {
                Entry::Occupied(day) => day.into_mut(),
                Entry::Vacant(day) => {
                    let address =
                        txline_interface::ids::daily_scores_roots_address(&oracle, root.epoch_day)
                            .0;
                    day.insert(self.account(&address).await?)
                }
            };
            let slot =
                txline_interface::time::slot_of_hour_minute(root.hour_of_day, root.minute_of_hour);
            let held = match (&*day, slot) {
                (Some(account), Some(slot)) if account.owner == oracle => {
                    posted_root(&account.data, slot) == Some(&root.root[..])
                }
                _ => false,
            };
            if held {
                roots.present += 1;
            } else {
                roots.missing.push(root);
            }
        }
        Ok(roots)
    }

    /// Posts the roots the mock oracle does not hold yet, signed by the oracle authority.
    pub(super) async fn post_proof_roots(&self, roots: &ProofRoots) -> Result<String, NodeError> {
        let authority = &self.keys.oracle_authority.keypair;
        for root in &roots.missing {
            let insert = instructions::insert_scores_root(
                mock_oracle::ID,
                authority.pubkey(),
                root.epoch_day,
                root.hour_of_day,
                root.minute_of_hour,
                root.root,
            );
            self.send_signed(&[insert], &[authority]).await?;
        }
        Ok(format!(
            "oracle roots: {} posted, {} already there",
            roots.missing.len(),
            roots.present
        ))
    }

    /// Creates the demo markets from the first id that does not exist yet: markets below
    /// `market_count` exist, and are taken for the demo markets of their ids. Each closes at its
    /// fixture's kickoff; a cluster whose clock has passed a kickoff still to come gets none, as
    /// no proof of a match already played may settle a market (past-posting).
    pub(super) async fn create_demo_markets(&self, market_count: u64) -> Result<String, NodeError> {
        let now = self.unix_time().await?;
        let mut to_create = Vec::new();
        for (id, (proof_file, kickoff)) in (0u64..).zip(demo_proof_files()?) {
            if id < market_count {
                continue;
            }
            if kickoff <= now {
                return Ok(format!(
                    "demo markets: skipped: the cluster clock ({}) is past the kickoff of {} \
                     ({}), and a market must close before its proof is published; localnet \
                     starts its clock before the fixtures' kickoffs",
                    format_time(now),
                    proof_file.name,
                    format_time(kickoff),
                ));
            }
            to_create.push((id, proof_file, kickoff));
        }
        for (id, proof_file, kickoff) in &to_create {
            // `demo_proof_files` takes only proof files that name their market.
            let Some(market) = &proof_file.market else {
                continue;
            };
            self.send(&[instructions::create_market(
                self.keys.authority.pubkey(),
                self.keys.mint.pubkey(),
                *id,
                market.terms(*kickoff, DEMO_DISPUTE_WINDOW_SECS),
            )])
            .await?;
        }
        let created = to_create.len();
        let existed = DEMO_MARKETS.len() - created;
        Ok(match existed {
            0 => format!("demo markets: {created} created"),
            _ => format!(
                "demo markets: {created} created, {existed} already there (markets 0 to {})",
                existed - 1
            ),
        })
    }

    /// Mints the wallet up to `target` test USDC base units.
    pub(super) async fn top_up_usdc(&self, target: u64) -> Result<String, NodeError> {
        let wallet = self.keys.wallet.pubkey();
        let mint = self.keys.mint.pubkey();
        let payer = self.keys.authority.pubkey();
        let authority = &self.keys.mint_authority.keypair;
        let held = match self.account(&pda::token_account(&wallet, &mint)).await? {
            Some(account) => {
                spl_token::state::Account::unpack(&account.data)
                    .map_err(|error| {
                        refused(format!(
                            "the wallet's test USDC account does not decode: {error}"
                        ))
                    })?
                    .amount
            }
            None => 0,
        };
        if held >= target {
            return Ok(format!("the wallet {wallet}: holds {}", format_usdc(held)));
        }
        let amount = target - held;
        let fund =
            instructions::mint_to_wallet(&payer, &wallet, &mint, &authority.pubkey(), amount)
                .map_err(|error| NodeError::Bootstrap(error.to_string()))?;
        self.send_signed(&fund, &[authority]).await?;
        Ok(format!(
            "the wallet {wallet}: {} minted",
            format_usdc(amount)
        ))
    }
}

/// The root of five-minute slot `slot` in a mock oracle's daily roots account: after the 8-byte
/// discriminator, `DailyScoresRoots` holds its 288 roots of 32 bytes, zero for none.
fn posted_root(data: &[u8], slot: usize) -> Option<&[u8]> {
    let start = 8 + slot * 32;
    data.get(start..start + 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posted_root_is_read_at_its_slot() {
        let mut data = vec![0; mock_oracle::state::DailyScoresRoots::SPACE];
        data[8 + 5 * 32..8 + 6 * 32].copy_from_slice(&[9; 32]);
        assert_eq!(posted_root(&data, 5), Some(&[9; 32][..]));
        assert_eq!(posted_root(&data, 4), Some(&[0; 32][..]));
        assert_eq!(posted_root(&data, 288), None, "past the roots");
        assert_eq!(posted_root(&data[..100], 5), None, "a short account");
    }
}
