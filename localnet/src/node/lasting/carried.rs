//! A loaded chain carries data, never code or authority: the node writes its programs, their
//! program-data accounts (with the state directory's own upgrade authorities), sysvars and
//! feature gates itself on every start. A snapshot or kept chain that holds an account at one
//! of those addresses, or an account of one of those kinds anywhere
//! ([`fulltime_files::snapshot::node_written`]), is refused whole before anything is served or
//! written; the kept chain never holds one.

use std::collections::HashMap;
use std::fmt;

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda::program_data_of;
use fulltime_files::snapshot::{NodeWritten, SnapshotAccount, belongs_in_snapshot, node_written};
use solana_account::ReadableAccount;

use crate::node::surfpool::ChainView;

/// The addresses whose accounts a start of the node writes itself, each with what it is.
#[derive(Clone, Debug, Default)]
pub struct NodeAccounts(HashMap<Pubkey, NodeAccount>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeAccount {
    Program,
    /// Where the upgradeable loader keeps a program's code and upgrade authority (reserved for
    /// every program the node loads, whichever loader runs it).
    ProgramData {
        program: Pubkey,
    },
    /// A sysvar, a feature gate or another loader's account.
    Other(NodeWritten),
}

impl fmt::Display for NodeAccount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Program => f.write_str("the address of a program the node loads"),
            Self::ProgramData { program } => {
                write!(f, "the program-data address of the program {program}")
            }
            Self::Other(why) => write!(f, "an account the node writes itself, {why}"),
        }
    }
}

impl NodeAccounts {
    /// What a fresh `chain` holds, programs loaded, before anything is restored into it.
    pub fn of(chain: &ChainView<'_>) -> Self {
        let mut accounts = HashMap::new();
        for (address, account) in chain.accounts() {
            if account.executable() {
                accounts.insert(*address, NodeAccount::Program);
                let program_data = program_data_of(address);
                if accounts.get(&program_data) != Some(&NodeAccount::Program) {
                    accounts.insert(program_data, NodeAccount::ProgramData { program: *address });
                }
            } else if let Some(why) = node_written(account.owner(), false) {
                accounts.entry(*address).or_insert(NodeAccount::Other(why));
            }
        }
        Self(accounts)
    }

    /// Whether the loaded chain's `accounts` are data only; else the first that is not, and why.
    pub fn check(&self, accounts: &[SnapshotAccount]) -> Result<(), String> {
        let refused = |address: &Pubkey, why: &dyn fmt::Display| {
            Err(format!(
                "it holds an account at {address}, {why}: a snapshot carries data, never code \
                 or authority (the node writes programs, their program-data accounts, sysvars \
                 and feature gates itself)"
            ))
        };
        for account in accounts {
            if let Some(what) = self.0.get(&account.address) {
                return refused(&account.address, what);
            }
            if let Some(why) = node_written(&account.owner, account.executable) {
                return refused(&account.address, &why);
            }
        }
        Ok(())
    }

    /// Whether the running chain's account at `address` belongs in the kept chain.
    pub fn carried(&self, address: &Pubkey, account: &impl ReadableAccount) -> bool {
        belongs_in_snapshot(account.owner(), account.executable(), account.lamports())
            && !self.0.contains_key(address)
    }
}
