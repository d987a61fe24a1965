//! The programs a Fulltime transaction calls, by name, for whoever shows a transaction's
//! accounts.

use anchor_lang::prelude::Pubkey;

/// `settlement program`, `TxLINE oracle`, `token program`, ...; `None` for any other address.
pub fn program_name(address: &Pubkey) -> Option<&'static str> {
    let known = [
        (settlement::ID, "settlement program"),
        (txline_interface::DEVNET_PROGRAM_ID, "TxLINE oracle"),
        (txline_interface::MAINNET_PROGRAM_ID, "TxLINE oracle"),
        (anchor_spl::token::ID, "token program"),
        (anchor_spl::associated_token::ID, "associated token program"),
        (anchor_lang::system_program::ID, "system program"),
    ];
    known
        .into_iter()
        .find_map(|(program, name)| (program == *address).then_some(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_programs_of_a_settlement_are_named() {
        assert_eq!(program_name(&settlement::ID), Some("settlement program"));
        assert_eq!(program_name(&anchor_spl::token::ID), Some("token program"));
        assert_eq!(program_name(&Pubkey::new_unique()), None);
    }
}
