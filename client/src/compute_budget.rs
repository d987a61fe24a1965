//! Solana's compute budget, as a settle and a congested cluster need it: how many compute units a
//! transaction may use (`SetComputeUnitLimit`) and what it offers per unit on top of the base fee
//! (`SetComputeUnitPrice`, in micro-lamports).
//!
//! A settle runs the oracle's `validate_stat` by CPI: hashing every sibling of four Merkle paths.
//! TxLINE's own examples send `validate_stat` with a limit of 1,400,000 units (the most a
//! transaction may ask for) and nothing measures less here: on `localnet` the programs run
//! natively, where a builtin is charged about one unit, so no figure from this machine could stand
//! for the real one. Without an instruction a transaction gets 200,000 units per instruction,
//! too few for a deep proof on a real validator.

use anchor_lang::solana_program::instruction::Instruction;
use solana_compute_budget_interface::ComputeBudgetInstruction;

/// The compute units every settle asks for: TxLINE's examples' figure for `validate_stat`.
pub const SETTLE_COMPUTE_UNIT_LIMIT: u32 = 1_400_000;

/// `SetComputeUnitLimit(units)`.
pub fn unit_limit(units: u32) -> Instruction {
    ComputeBudgetInstruction::set_compute_unit_limit(units)
}

/// `SetComputeUnitPrice(micro_lamports)`: the priority fee per compute unit.
pub fn unit_price(micro_lamports: u64) -> Instruction {
    ComputeBudgetInstruction::set_compute_unit_price(micro_lamports)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instructions_are_the_compute_budget_programs() {
        let limit = unit_limit(SETTLE_COMPUTE_UNIT_LIMIT);
        assert_eq!(
            limit.program_id.to_string(),
            "ComputeBudget111111111111111111111111111111"
        );
        assert!(limit.accounts.is_empty());
        // Variant 2, then the units as a little-endian u32.
        assert_eq!(limit.data, [2, 0xc0, 0x5c, 0x15, 0x00]);
        // Variant 3, then the micro-lamports as a little-endian u64.
        assert_eq!(unit_price(5_000).data, [3, 0x88, 0x13, 0, 0, 0, 0, 0, 0]);
    }
}
