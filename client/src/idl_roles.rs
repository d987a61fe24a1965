//! The settlement program's account roles by instruction, from its committed IDL
//! (`idl/settlement.json`), so that a transaction read back names each account as the program
//! does (`vault`, `owner_token`).

use std::sync::LazyLock;

use serde::Deserialize;

const IDL: &str = include_str!("../../idl/settlement.json");

#[derive(Deserialize)]
struct Idl {
    instructions: Vec<IdlInstruction>,
}

#[derive(Deserialize)]
struct IdlInstruction {
    discriminator: Vec<u8>,
    accounts: Vec<IdlAccount>,
}

#[derive(Deserialize)]
struct IdlAccount {
    name: String,
}

/// Each instruction's discriminator and its accounts' names, in order.
static ROLES: LazyLock<Vec<(Vec<u8>, Vec<String>)>> = LazyLock::new(|| {
    // The IDL is committed and checked by `tools/idl`; an unreadable one names no roles.
    let idl: Idl = serde_json::from_str(IDL).unwrap_or(Idl {
        instructions: Vec::new(),
    });
    idl.instructions
        .into_iter()
        .map(|instruction| {
            let names = instruction
                .accounts
                .into_iter()
                .map(|account| account.name)
                .collect();
            (instruction.discriminator, names)
        })
        .collect()
});

/// The names of the accounts of the settlement instruction `data` calls, in order; none for data
/// that calls no instruction.
pub fn settlement_roles(data: &[u8]) -> &'static [String] {
    ROLES
        .iter()
        .find(|(discriminator, _)| !discriminator.is_empty() && data.starts_with(discriminator))
        .map_or(&[], |(_, names)| names.as_slice())
}

#[cfg(test)]
mod tests {
    use anchor_lang::Discriminator;

    use super::*;

    #[test]
    fn each_instruction_names_its_accounts_as_the_idl_does() {
        assert_eq!(
            settlement_roles(settlement::instruction::Claim::DISCRIMINATOR),
            [
                "owner",
                "market",
                "position",
                "vault",
                "owner_token",
                "token_program"
            ]
        );
        assert_eq!(
            settlement_roles(settlement::instruction::Settle::DISCRIMINATOR),
            ["market", "oracle_program", "daily_scores_roots"]
        );
        assert!(settlement_roles(&[1, 2, 3]).is_empty());
    }
}
