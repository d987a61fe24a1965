//! Instruction builders. Account lists come from Anchor's generated `accounts` structs, so they
//! cannot drift from the program.

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::program_error::ProgramError;
use anchor_lang::{InstructionData, ToAccountMetas, system_program};
use anchor_spl::associated_token::spl_associated_token_account::instruction::create_associated_token_account_idempotent;
use anchor_spl::token::spl_token;
use settlement::{MarketTerms, SettlementProof, StatedOutcome};

use crate::pda;

fn settlement_ix(accounts: impl ToAccountMetas, data: impl InstructionData) -> Instruction {
    Instruction {
        program_id: settlement::ID,
        accounts: accounts.to_account_metas(None),
        data: data.data(),
    }
}

/// Sets up the config; `admin` must be the program's upgrade authority.
pub fn initialize(admin: Pubkey, usdc_mint: Pubkey) -> Instruction {
    settlement_ix(
        settlement::accounts::Initialize {
            admin,
            config: pda::config(),
            usdc_mint,
            program_data: pda::program_data(),
            system_program: system_program::ID,
        },
        settlement::instruction::Initialize {},
    )
}

/// Creates market `id`, which must be the config's current `market_count`.
pub fn create_market(
    creator: Pubkey,
    usdc_mint: Pubkey,
    id: u64,
    terms: MarketTerms,
) -> Instruction {
    let market = pda::market(id);
    settlement_ix(
        settlement::accounts::CreateMarket {
            creator,
            config: pda::config(),
            market,
            usdc_mint,
            vault: pda::vault(&market),
            token_program: spl_token::ID,
            system_program: system_program::ID,
        },
        settlement::instruction::CreateMarket {
            question: terms.question,
            close_time: terms.close_time,
            fixture_id: terms.fixture_id,
            stat_key: terms.stat_key,
            period: terms.period,
            predicate: terms.predicate,
            dispute_window: terms.dispute_window,
            second_stat: terms.second_stat,
        },
    )
}

/// A deposit from the wallet's associated token account of `usdc_mint`. `outcome` is the byte
/// the instruction carries (`Side::byte`), any byte: the program's tests and `fulltime deposit
/// --force` also send ones that are no side, for the program to refuse.
pub fn deposit(
    depositor: Pubkey,
    usdc_mint: Pubkey,
    market: Pubkey,
    outcome: u8,
    amount: u64,
) -> Instruction {
    deposit_from(
        depositor,
        pda::token_account(&depositor, &usdc_mint),
        market,
        pda::position(&market, &depositor),
        pda::vault(&market),
        outcome,
        amount,
    )
}

/// A deposit with every account that is not the program's or the config named explicitly.
pub fn deposit_from(
    depositor: Pubkey,
    depositor_token: Pubkey,
    market: Pubkey,
    position: Pubkey,
    vault: Pubkey,
    outcome: u8,
    amount: u64,
) -> Instruction {
    settlement_ix(
        settlement::accounts::Deposit {
            depositor,
            config: pda::config(),
            market,
            position,
            vault,
            depositor_token,
            token_program: spl_token::ID,
            system_program: system_program::ID,
        },
        settlement::instruction::Deposit { outcome, amount },
    )
}

/// Settles `market` as `stated`, proven by `proof` and validated by `oracle`.
pub fn settle(
    market: Pubkey,
    oracle: Pubkey,
    proof: SettlementProof,
    stated: StatedOutcome,
) -> Instruction {
    // A negative timestamp has no roots account; the oracle rejects the default address.
    let daily_scores_roots = pda::daily_scores_roots(&oracle, proof.ts).unwrap_or_default();
    settle_with_roots(market, oracle, daily_scores_roots, proof, stated)
}

pub fn settle_with_roots(
    market: Pubkey,
    oracle: Pubkey,
    daily_scores_roots: Pubkey,
    proof: SettlementProof,
    stated: StatedOutcome,
) -> Instruction {
    settlement_ix(
        settlement::accounts::Settle {
            market,
            oracle_program: oracle,
            daily_scores_roots,
        },
        settlement::instruction::Settle { proof, stated },
    )
}

/// The accounts of a claim or refund, paid to `owner_token`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub owner: Pubkey,
    pub market: Pubkey,
    pub position: Pubkey,
    pub vault: Pubkey,
    pub owner_token: Pubkey,
}

impl Withdrawal {
    /// The owner's own position, paid to their associated token account.
    pub fn of(owner: Pubkey, usdc_mint: Pubkey, market: Pubkey) -> Self {
        Self {
            owner,
            market,
            position: pda::position(&market, &owner),
            vault: pda::vault(&market),
            owner_token: pda::token_account(&owner, &usdc_mint),
        }
    }

    fn accounts(&self) -> settlement::accounts::Withdraw {
        settlement::accounts::Withdraw {
            owner: self.owner,
            market: self.market,
            position: self.position,
            vault: self.vault,
            owner_token: self.owner_token,
            token_program: spl_token::ID,
        }
    }
}

pub fn claim(withdrawal: Withdrawal) -> Instruction {
    settlement_ix(withdrawal.accounts(), settlement::instruction::Claim {})
}

pub fn refund(withdrawal: Withdrawal) -> Instruction {
    settlement_ix(withdrawal.accounts(), settlement::instruction::Refund {})
}

/// Mints `amount` of `mint` to `wallet`'s associated token account, creating the account first
/// when it does not exist (idempotently): what the faucet, the local bootstrap and the test
/// set-ups send to fund a wallet. `payer` pays the account's rent; `mint_authority` signs the
/// mint.
pub fn mint_to_wallet(
    payer: &Pubkey,
    wallet: &Pubkey,
    mint: &Pubkey,
    mint_authority: &Pubkey,
    amount: u64,
) -> Result<[Instruction; 2], ProgramError> {
    let create = create_associated_token_account_idempotent(payer, wallet, mint, &spl_token::ID);
    let mint_to = spl_token::instruction::mint_to(
        &spl_token::ID,
        mint,
        &pda::token_account(wallet, mint),
        mint_authority,
        &[],
        amount,
    )?;
    Ok([create, mint_to])
}

/// Posts one five-minute root to the oracle's daily roots account (mock oracle only), signed and
/// paid by `authority`, the mock's upgrade authority.
pub fn insert_scores_root(
    oracle: Pubkey,
    authority: Pubkey,
    epoch_day: u16,
    hour_of_day: u8,
    minute_of_hour: u8,
    root: [u8; 32],
) -> Instruction {
    Instruction {
        program_id: oracle,
        accounts: mock_oracle::accounts::InsertScoresRoot {
            authority,
            daily_scores_roots: txline_interface::ids::daily_scores_roots_address(
                &oracle, epoch_day,
            )
            .0,
            system_program: system_program::ID,
            program_data: pda::program_data_of(&oracle),
        }
        .to_account_metas(None),
        data: mock_oracle::instruction::InsertScoresRoot {
            epoch_day,
            hour_of_day,
            minute_of_hour,
            root,
        }
        .data(),
    }
}
