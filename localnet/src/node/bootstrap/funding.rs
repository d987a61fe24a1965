//! The keys that pay for what the bootstrap sends, topped up before anything else is.

use super::chain::Chain;
use super::steps::ProofRoots;
use super::{AUTHORITY_MIN_SOL, AUTHORITY_SOL, BootstrapOptions, PAYING_KEY_SOL};
use crate::node::NodeError;

impl Chain<'_> {
    /// Tops up the authority, a mint authority apart from it, the oracle authority when there is
    /// a root of `proof_roots` to post, and the wallet as `options` say; `progress` hears a line
    /// for each.
    pub(super) async fn fund_payers(
        &self,
        options: &BootstrapOptions,
        proof_roots: Option<&ProofRoots>,
        progress: &mut dyn FnMut(String),
    ) -> Result<(), NodeError> {
        let keys = self.keys;
        let authority = keys.authority.pubkey();
        let wallet = keys.wallet.pubkey();
        let authority_what = format!(
            "the authority {authority} ({})",
            keys.authority.path.display()
        );
        let line = self
            .top_up_sol(
                &authority,
                AUTHORITY_MIN_SOL,
                AUTHORITY_SOL,
                &authority_what,
            )
            .await?;
        progress(line);
        if keys.mint_authority.pubkey() != authority {
            let what = format!(
                "the mint authority {} ({})",
                keys.mint_authority.pubkey(),
                keys.mint_authority.path.display()
            );
            let line = self
                .top_up_by_transfer(&keys.mint_authority.pubkey(), PAYING_KEY_SOL, &what)
                .await?;
            progress(line);
        }
        // The oracle authority pays the rent of the roots accounts it creates: it is funded only
        // when there is a root to post, so that a second run sends nothing.
        if proof_roots.is_some_and(|roots| !roots.missing.is_empty()) {
            let what = format!(
                "the oracle authority {} ({})",
                keys.oracle_authority.pubkey(),
                keys.oracle_authority.path.display()
            );
            let line = self
                .top_up_by_transfer(&keys.oracle_authority.pubkey(), PAYING_KEY_SOL, &what)
                .await?;
            progress(line);
        }
        if options.wallet_lamports > 0 {
            let wallet_what = format!("the wallet {wallet} ({})", keys.wallet.path.display());
            let line = self
                .top_up_sol(
                    &wallet,
                    options.wallet_lamports,
                    options.wallet_lamports,
                    &wallet_what,
                )
                .await?;
            progress(line);
        }
        Ok(())
    }
}
