//! Return data that works both on-chain and when the programs run natively on the host.
//!
//! Off-chain, Anchor's and solana-cpi's return-data calls are no-ops; the runtime is reached only
//! through the solana-sysvar 3.x syscall stubs, which the native adapter in `localnet/` installs.

use anchor_lang::prelude::Pubkey;

pub fn set(data: &[u8]) {
    #[cfg(target_os = "solana")]
    solana_cpi::set_return_data(data);
    #[cfg(not(target_os = "solana"))]
    solana_sysvar::program_stubs::sol_set_return_data(data);
}

/// The program that last set return data in this transaction and what it set; `None` when the
/// last callee set nothing.
pub fn get() -> Option<(Pubkey, Vec<u8>)> {
    #[cfg(target_os = "solana")]
    let data = solana_cpi::get_return_data();
    #[cfg(not(target_os = "solana"))]
    let data = solana_sysvar::program_stubs::sol_get_return_data();
    data.filter(|(_, bytes)| !bytes.is_empty())
}
