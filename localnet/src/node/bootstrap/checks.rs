//! What the bootstrap looks at before it sends anything: the cluster, the mint, the config,
//! the upgrade authority and the oracle.

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_spl::token::spl_token;
use fulltime_client::pda;
use fulltime_client::program_data::UpgradeAuthority;
use settlement::state::Config;
use solana_signer::Signer;

use super::chain::{Chain, refused};
use super::{BootstrapOptions, DEVNET_GENESIS_HASH, MAINNET_GENESIS_HASH};
use crate::node::NodeError;

impl Chain<'_> {
    /// Refuses mainnet-beta, and roots on devnet, where the real TxLINE oracle runs.
    pub(super) async fn check_cluster(&self, options: &BootstrapOptions) -> Result<(), NodeError> {
        let url = self.url;
        let genesis = self
            .rpc
            .get_genesis_hash()
            .await
            .map_err(|error| refused(format!("cannot reach the node at {url}: {error}")))?
            .to_string();
        if genesis == MAINNET_GENESIS_HASH {
            return Err(refused(format!(
                "{url} is mainnet-beta: test USDC and demo markets never go there"
            )));
        }
        if genesis == DEVNET_GENESIS_HASH && options.oracle_roots {
            return Err(refused(format!(
                "{url} is devnet, where the oracle is the real TxLINE program, which takes no \
                 roots from us and knows nothing of the proof files: pass --no-oracle-roots \
                 --no-demo-markets"
            )));
        }
        Ok(())
    }

    /// Whether the mint exists already; refuses an account at its address that is not a test
    /// USDC mint of this mint authority.
    pub(super) async fn check_mint(&self) -> Result<bool, NodeError> {
        let mint = self.keys.mint.pubkey();
        let authority = self.keys.mint_authority.pubkey();
        let Some(account) = self.account(&mint).await? else {
            return Ok(false);
        };
        let state = (account.owner == spl_token::ID)
            .then(|| spl_token::state::Mint::unpack(&account.data).ok())
            .flatten();
        match state {
            Some(state)
                if state.decimals == settlement::constants::USDC_DECIMALS
                    && state.mint_authority == Some(authority).into() =>
            {
                Ok(true)
            }
            Some(state) => Err(refused(format!(
                "the mint {mint} exists with {} decimals and mint authority {}, not as a test \
                 USDC mint of {authority}: use the --mint-authority (or --authority) that \
                 created it, or another state directory",
                state.decimals,
                Option::<Pubkey>::from(state.mint_authority)
                    .map_or_else(|| "none".to_owned(), |key| key.to_string()),
            ))),
            None => Err(refused(format!(
                "{mint} (the state directory's usdc-mint.json) is an account but not an SPL \
                 token mint"
            ))),
        }
    }

    /// The settlement config when it exists; refuses one naming another mint.
    pub(super) async fn existing_config(&self) -> Result<Option<Config>, NodeError> {
        let address = pda::config();
        let Some(account) = self.account(&address).await? else {
            return Ok(None);
        };
        let config = Config::try_deserialize(&mut account.data.as_slice()).map_err(|error| {
            refused(format!(
                "the settlement config {address} does not decode: {error}"
            ))
        })?;
        let mint = self.keys.mint.pubkey();
        if config.usdc_mint != mint {
            return Err(refused(format!(
                "the settlement config already names the test USDC mint {}, not {mint}: \
                 bootstrap with the state directory (and --authority) that initialized it",
                config.usdc_mint
            )));
        }
        Ok(Some(config))
    }

    /// `initialize` accepts only the settlement program's upgrade authority: refuses to go on
    /// when that is not this authority, or the program is not deployed.
    pub(super) async fn check_upgrade_authority(&self) -> Result<(), NodeError> {
        let url = self.url;
        let program = settlement::ID;
        let authority = self.keys.authority.pubkey();
        let address = pda::program_data();
        let Some(account) = self.account(&address).await? else {
            return Err(refused(format!(
                "the settlement program {program} is not deployed at {url} as an upgradeable \
                 program (no program-data account {address}); on solana-test-validator load it \
                 with --upgradeable-program {program} target/deploy/settlement.so {authority}"
            )));
        };
        match UpgradeAuthority::of(&account.data) {
            Some(UpgradeAuthority::Key(key)) if key == authority => Ok(()),
            Some(upgrade_authority) => Err(refused(format!(
                "the settlement program's upgrade authority is {}, but the authority is \
                 {authority} ({}); initialize accepts only the upgrade authority: pass its \
                 keypair with --authority",
                upgrade_authority.describe(),
                self.keys.authority.path.display(),
            ))),
            None => Err(refused(format!(
                "{address} is not the settlement program's program-data account"
            ))),
        }
    }

    /// The mock oracle must be loaded at TxLINE's devnet id, deployed with the oracle authority
    /// as its upgrade authority: the only key it takes roots from.
    pub(super) async fn check_oracle(&self) -> Result<(), NodeError> {
        let oracle = mock_oracle::ID;
        let authority = self.keys.oracle_authority.pubkey();
        let authority_path = self.keys.oracle_authority.path.display();
        let url = self.url;
        let loaded = self
            .account(&oracle)
            .await?
            .is_some_and(|account| account.executable);
        let address = pda::program_data_of(&oracle);
        let deployed_by = self
            .account(&address)
            .await?
            .and_then(|account| UpgradeAuthority::of(&account.data));
        match (loaded, deployed_by) {
            (true, Some(UpgradeAuthority::Key(key))) if key == authority => Ok(()),
            (true, Some(upgrade_authority)) => Err(refused(format!(
                "the mock oracle at {oracle} takes roots only from its upgrade authority, {}, \
                 not the oracle authority {authority} ({authority_path}): pass its keypair \
                 with --oracle-authority, or pass --no-oracle-roots",
                upgrade_authority.describe(),
            ))),
            _ => Err(refused(format!(
                "no mock oracle deployed at {oracle} on {url}: it runs at TxLINE's devnet id as \
                 an upgradeable program whose upgrade authority posts roots (on \
                 solana-test-validator: --upgradeable-program {oracle} \
                 target/deploy/mock_oracle.so {authority}); pass --no-oracle-roots to leave \
                 roots alone"
            ))),
        }
    }
}
