//! The upgradeable loader's program-data account: it names the key that may upgrade a program.
//! The settlement program accepts `initialize` from that key only, and the mock oracle takes
//! roots from no other.

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::bpf_loader_upgradeable::UpgradeableLoaderState;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::Error as RpcError;

use crate::pda;

/// What a program-data account says of its program's upgrade authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpgradeAuthority {
    Key(Pubkey),
    /// The program can no longer be upgraded.
    Immutable,
}

impl UpgradeAuthority {
    /// The authority named by a program-data account's bytes, or `None` when they are not a
    /// program-data account.
    pub fn of(program_data: &[u8]) -> Option<Self> {
        match bincode::deserialize(program_data).ok()? {
            UpgradeableLoaderState::ProgramData {
                upgrade_authority_address,
                ..
            } => Some(upgrade_authority_address.map_or(Self::Immutable, Self::Key)),
            _ => None,
        }
    }

    /// What `program`'s program-data account on the node names; `None` when the program has no
    /// such account (it is not deployed as an upgradeable program).
    pub async fn read(rpc: &RpcClient, program: &Pubkey) -> Result<Option<Self>, RpcError> {
        let account = rpc
            .get_account_with_commitment(&pda::program_data_of(program), rpc.commitment())
            .await?
            .value;
        Ok(account.and_then(|account| Self::of(&account.data)))
    }

    /// The key, or "none (immutable)".
    pub fn describe(self) -> String {
        match self {
            Self::Key(key) => key.to_string(),
            Self::Immutable => "none (immutable)".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program_data(upgrade_authority_address: Option<Pubkey>) -> Vec<u8> {
        bincode::serialize(&UpgradeableLoaderState::ProgramData {
            slot: 7,
            upgrade_authority_address,
        })
        .expect("serialize")
    }

    #[test]
    fn names_the_key_or_says_immutable() {
        let key = Pubkey::new_unique();
        assert_eq!(
            UpgradeAuthority::of(&program_data(Some(key))),
            Some(UpgradeAuthority::Key(key))
        );
        assert_eq!(
            UpgradeAuthority::of(&program_data(None)),
            Some(UpgradeAuthority::Immutable)
        );
        assert_eq!(UpgradeAuthority::Immutable.describe(), "none (immutable)");
    }

    #[test]
    fn other_accounts_are_not_program_data() {
        let program = bincode::serialize(&UpgradeableLoaderState::Program {
            programdata_address: Pubkey::new_unique(),
        })
        .expect("serialize");
        assert_eq!(UpgradeAuthority::of(&program), None);
        assert_eq!(UpgradeAuthority::of(&[1, 2]), None);
    }
}
