//! A mock of the TxLINE `txoracle` program for local chains and tests.
//!
//! It is declared at the devnet program id (the mainnet id with the `mainnet-id` feature, which
//! the `mock-oracle-mainnet` package turns on) and speaks the real `validate_stat` interface (same
//! discriminator, Borsh arguments, Borsh `bool` return data) and the real error names and codes.
//! Roots are posted with `insert_scores_root`, by the oracle's authority only, as on the real
//! program: the mock's authority is its upgrade authority (see `InsertScoresRoot`). The summary
//! leaf encoding of the real oracle is unpublished; the mock hashes the
//! summary's Borsh bytes (`txline_interface::proof::summary_leaf`).

use anchor_lang::prelude::*;

pub mod error;
pub mod false_predicate;
pub mod instructions;
#[cfg(not(target_os = "solana"))]
pub mod native;
pub mod state;

use instructions::*;
use txline_interface::{
    BinaryExpression, ProofNode, ScoresBatchSummary, StatTerm, TraderPredicate,
};

#[cfg(not(feature = "mainnet-id"))]
declare_id!("6pW64gN1s2uqjHkn1unFeEjAwJkPGHoppGvS715wyP2J");
#[cfg(feature = "mainnet-id")]
declare_id!("9ExbZjAapQww1vfcisDmrngPinHTEfpjYRWMunJgcKaA");

#[program]
pub mod mock_oracle {
    use super::*;

    pub fn insert_scores_root(
        ctx: Context<InsertScoresRoot>,
        epoch_day: u16,
        hour_of_day: u8,
        minute_of_hour: u8,
        root: [u8; 32],
    ) -> Result<()> {
        instructions::insert_root(ctx, epoch_day, hour_of_day, minute_of_hour, root)
    }

    #[allow(clippy::too_many_arguments)]
    pub fn validate_stat(
        ctx: Context<ValidateStat>,
        ts: i64,
        fixture_summary: ScoresBatchSummary,
        fixture_proof: Vec<ProofNode>,
        main_tree_proof: Vec<ProofNode>,
        predicate: TraderPredicate,
        stat_a: StatTerm,
        stat_b: Option<StatTerm>,
        op: Option<BinaryExpression>,
    ) -> Result<bool> {
        let args = txline_interface::ValidateStatArgs {
            ts,
            fixture_summary,
            fixture_proof,
            main_tree_proof,
            predicate,
            stat_a,
            stat_b,
            op,
        };
        instructions::validate(ctx, args)
    }
}
