//! Makes a chain ready to use through JSON-RPC, like any client: the test USDC mint at its kept
//! address, the settlement config, the oracle roots the proof fixtures verify against, demo
//! markets, and the wallet's SOL and test USDC; then writes `env.json`.
//!
//! The same code bootstraps `localnet`'s fresh chain and, as `fulltime-bootstrap`, any other node
//! (`solana-test-validator`, devnet). Every step first looks at the chain and does only what is
//! missing, so a second run sends nothing; whatever would make it fail (no program, another
//! upgrade authority, a config naming another mint) is found before anything is sent.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::PathBuf;

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::bpf_loader_upgradeable::UpgradeableLoaderState;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_lang::solana_program::system_instruction;
use anchor_spl::token::spl_token;
use fulltime_client::amount::{format_sol, format_usdc};
use fulltime_client::instructions;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::pda;
use fulltime_client::rpc::{CLOCK_SYSVAR, send_and_confirm, unix_timestamp, wait_for_confirmation};
use settlement::state::Config;
use solana_account::Account;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;

use super::NodeError;
use super::keys::StateKeys;

const LAMPORTS_PER_SOL: u64 = 1_000_000_000;
/// What the wallet is topped up to by default.
pub const WALLET_SOL: u64 = 100 * LAMPORTS_PER_SOL;
pub const WALLET_USDC: u64 = 1_000 * 1_000_000;
/// An authority holding less than this is airdropped up to `AUTHORITY_SOL`. The bootstrap itself
/// spends well under it (rent of the mint, config, roots and markets, and fees).
pub const AUTHORITY_MIN_SOL: u64 = LAMPORTS_PER_SOL;
/// What an authority short of SOL is airdropped up to: on `localnet` it is also the faucet's
/// payer for every new token account.
const AUTHORITY_SOL: u64 = 1_000 * LAMPORTS_PER_SOL;

/// Genesis hashes of the public clusters: devnet runs the real TxLINE oracle, and nothing is
/// ever bootstrapped on mainnet-beta.
pub const DEVNET_GENESIS_HASH: &str = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";
pub const MAINNET_GENESIS_HASH: &str = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";

/// The demo markets' dispute window: short, so that a local demo reaches claims in a minute.
pub const DEMO_DISPUTE_WINDOW_SECS: i64 = 60;

/// Demo markets, each made from a proof fixture that settles it once it has closed: (fixture,
/// seconds from start until it closes).
pub const DEMO_MARKETS: &[(&str, i64)] = &[
    ("arsenal-home-goals-over-1", 2 * 60 * 60),
    ("chelsea-away-goals-over-1", 24 * 60 * 60),
    ("city-away-corners-under-6", 3 * 60),
    ("newcastle-home-goals-exactly-2", 30 * 60),
    ("arsenal-chelsea-total-goals-over-2", 45 * 60),
];

/// What a bootstrap creates besides the mint and the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BootstrapOptions {
    /// Post the proof fixtures' roots with the mock oracle's `insert_scores_root`; impossible
    /// where the real TxLINE oracle runs (devnet).
    pub oracle_roots: bool,
    /// Create the demo markets (`DEMO_MARKETS`) as markets 0 to 4; they settle only with the
    /// fixtures' roots posted.
    pub demo_markets: bool,
    /// Airdrop the wallet up to this many lamports when it holds less (0 leaves its SOL alone).
    pub wallet_lamports: u64,
    /// Mint the wallet up to this many test USDC base units when it holds less.
    pub wallet_usdc: u64,
}

impl Default for BootstrapOptions {
    /// Everything, as `localnet` does.
    fn default() -> Self {
        Self {
            oracle_roots: true,
            demo_markets: true,
            wallet_lamports: WALLET_SOL,
            wallet_usdc: WALLET_USDC,
        }
    }
}

/// One bootstrap of the chain at `rpc_url`.
pub struct Bootstrap {
    pub rpc_url: String,
    /// Written to `env.json` for the clients; the bootstrap itself does not subscribe.
    pub ws_url: String,
    /// Where `env.json` is written.
    pub state_dir: PathBuf,
    pub keys: StateKeys,
    pub options: BootstrapOptions,
}

impl Bootstrap {
    /// Bootstraps the chain and writes `<state_dir>/env.json`; `progress` hears one line per
    /// step, saying what was done or found.
    pub async fn run(&self, progress: &mut dyn FnMut(String)) -> Result<LocalnetEnv, NodeError> {
        let rpc =
            RpcClient::new_with_commitment(self.rpc_url.clone(), CommitmentConfig::confirmed());
        let chain = Chain {
            rpc: &rpc,
            url: &self.rpc_url,
            keys: &self.keys,
        };
        let options = &self.options;
        let authority = self.keys.mint_authority.pubkey();
        let wallet = self.keys.wallet.pubkey();
        let mint = self.keys.mint.pubkey();

        // Everything that can refuse is looked at before anything is sent.
        chain.check_cluster(options).await?;
        let mint_exists = chain.check_mint().await?;
        let config = chain.existing_config().await?;
        if config.is_none() {
            chain.check_upgrade_authority().await?;
        }
        if options.oracle_roots {
            chain.check_oracle().await?;
        }

        let authority_what = format!(
            "the authority {authority} ({})",
            self.keys.mint_authority_path.display()
        );
        let line = chain
            .top_up_sol(
                &authority,
                AUTHORITY_MIN_SOL,
                AUTHORITY_SOL,
                &authority_what,
            )
            .await?;
        progress(line);
        if options.wallet_lamports > 0 {
            let wallet_what = format!("the wallet {wallet} ({})", self.keys.wallet_path.display());
            let line = chain
                .top_up_sol(
                    &wallet,
                    options.wallet_lamports,
                    options.wallet_lamports,
                    &wallet_what,
                )
                .await?;
            progress(line);
        }

        if mint_exists {
            progress(format!("test USDC mint {mint}: exists"));
        } else {
            chain.create_mint().await?;
            progress(format!("test USDC mint {mint}: created"));
        }
        let market_count = match config {
            Some(config) => {
                progress(format!(
                    "settlement config {}: exists ({} markets)",
                    pda::config(),
                    config.market_count
                ));
                config.market_count
            }
            None => {
                chain
                    .send(&[instructions::initialize(authority, mint)])
                    .await?;
                progress(format!("settlement config {}: initialized", pda::config()));
                0
            }
        };
        if options.oracle_roots {
            progress(chain.post_fixture_roots().await?);
        } else {
            progress("oracle roots: skipped".into());
        }
        if options.demo_markets {
            progress(chain.create_demo_markets(market_count).await?);
        } else {
            progress("demo markets: skipped".into());
        }
        progress(chain.top_up_usdc(options.wallet_usdc).await?);

        let env = LocalnetEnv {
            rpc_url: self.rpc_url.clone(),
            ws_url: self.ws_url.clone(),
            settlement_program: settlement::ID,
            oracle_program: mock_oracle::ID,
            mint,
            mint_authority: self.keys.mint_authority_path.clone(),
            wallet: self.keys.wallet_path.clone(),
        };
        env.save(&self.state_dir)?;
        Ok(env)
    }
}

/// The WebSocket URL of a JSON-RPC URL the way the solana CLI derives it: `ws` for `http`, `wss`
/// for `https`, and the next port when the URL names one (`http://127.0.0.1:8899` ->
/// `ws://127.0.0.1:8900`). `None` for anything but an http(s) URL.
pub fn websocket_url(rpc_url: &str) -> Option<String> {
    let (scheme, rest) = if let Some(rest) = rpc_url.strip_prefix("https://") {
        ("wss", rest)
    } else {
        ("ws", rpc_url.strip_prefix("http://")?)
    };
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, path) = rest.split_at(host_end);
    if host.is_empty() {
        return None;
    }
    // The port follows the last colon, unless that colon is inside an IPv6 address's brackets.
    let port_at = host.rfind(':').filter(|at| !host[*at..].contains(']'));
    let host = match port_at {
        Some(at) => {
            let port: u16 = host[at + 1..].parse().ok()?;
            format!("{}:{}", &host[..at], port.checked_add(1)?)
        }
        None => host.to_owned(),
    };
    Some(format!("{scheme}://{host}{path}"))
}

struct Chain<'a> {
    rpc: &'a RpcClient,
    url: &'a str,
    keys: &'a StateKeys,
}

fn refused(reason: String) -> NodeError {
    NodeError::Bootstrap(reason)
}

fn failed(what: &str) -> impl Fn(solana_rpc_client_api::client_error::Error) -> NodeError + '_ {
    move |error| NodeError::Bootstrap(format!("{what}: {error}"))
}

impl Chain<'_> {
    /// Sends instructions paid and signed by the authority, plus `extra` signers.
    async fn send_signed(
        &self,
        instructions: &[Instruction],
        extra: &[&Keypair],
    ) -> Result<(), NodeError> {
        let payer = &self.keys.mint_authority;
        let blockhash = self
            .rpc
            .get_latest_blockhash()
            .await
            .map_err(failed("latest blockhash"))?;
        let mut signers = vec![payer];
        signers.extend_from_slice(extra);
        let transaction = Transaction::new_signed_with_payer(
            instructions,
            Some(&payer.pubkey()),
            &signers,
            blockhash,
        );
        send_and_confirm(self.rpc, &transaction)
            .await
            .map_err(failed("bootstrap transaction"))?;
        Ok(())
    }

    async fn send(&self, instructions: &[Instruction]) -> Result<(), NodeError> {
        self.send_signed(instructions, &[]).await
    }

    async fn account(&self, address: &Pubkey) -> Result<Option<Account>, NodeError> {
        Ok(self
            .rpc
            .get_account_with_commitment(address, self.rpc.commitment())
            .await
            .map_err(failed("read an account"))?
            .value)
    }

    /// Refuses mainnet-beta, and roots on devnet, where the real TxLINE oracle runs.
    async fn check_cluster(&self, options: &BootstrapOptions) -> Result<(), NodeError> {
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
                 roots from us and knows nothing of the proof fixtures: pass --no-oracle-roots \
                 --no-demo-markets"
            )));
        }
        Ok(())
    }

    /// Whether the mint exists already; refuses an account at its address that is not a test
    /// USDC mint of this authority.
    async fn check_mint(&self) -> Result<bool, NodeError> {
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
                 USDC mint of {authority}: use the --authority that created it, or another \
                 state directory",
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
    async fn existing_config(&self) -> Result<Option<Config>, NodeError> {
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
    async fn check_upgrade_authority(&self) -> Result<(), NodeError> {
        let url = self.url;
        let program = settlement::ID;
        let authority = self.keys.mint_authority.pubkey();
        let address = pda::program_data();
        let Some(account) = self.account(&address).await? else {
            return Err(refused(format!(
                "the settlement program {program} is not deployed at {url} as an upgradeable \
                 program (no program-data account {address}); on solana-test-validator load it \
                 with --upgradeable-program {program} target/deploy/settlement.so {authority}"
            )));
        };
        match bincode::deserialize::<UpgradeableLoaderState>(&account.data) {
            Ok(UpgradeableLoaderState::ProgramData {
                upgrade_authority_address: Some(upgrade_authority),
                ..
            }) if upgrade_authority == authority => Ok(()),
            Ok(UpgradeableLoaderState::ProgramData {
                upgrade_authority_address,
                ..
            }) => Err(refused(format!(
                "the settlement program's upgrade authority is {}, but the authority is \
                 {authority} ({}); initialize accepts only the upgrade authority: pass its \
                 keypair with --authority",
                upgrade_authority_address
                    .map_or_else(|| "none (immutable)".to_owned(), |key| key.to_string()),
                self.keys.mint_authority_path.display(),
            ))),
            _ => Err(refused(format!(
                "{address} is not the settlement program's program-data account"
            ))),
        }
    }

    async fn check_oracle(&self) -> Result<(), NodeError> {
        let oracle = mock_oracle::ID;
        match self.account(&oracle).await? {
            Some(account) if account.executable => Ok(()),
            _ => Err(refused(format!(
                "no program at {oracle} on {}: the mock oracle runs at TxLINE's devnet id (on \
                 solana-test-validator: --bpf-program {oracle} target/deploy/mock_oracle.so); \
                 pass --no-oracle-roots to leave roots alone",
                self.url
            ))),
        }
    }

    /// Airdrops `who` up to `target` lamports when it holds less than `below`.
    async fn top_up_sol(
        &self,
        address: &Pubkey,
        below: u64,
        target: u64,
        who: &str,
    ) -> Result<String, NodeError> {
        let balance = self
            .rpc
            .get_balance(address)
            .await
            .map_err(failed("read a balance"))?;
        if balance >= below {
            return Ok(format!("{who}: holds {}", format_sol(balance)));
        }
        let lamports = target - balance;
        let airdrop = async {
            let signature = self.rpc.request_airdrop(address, lamports).await?;
            wait_for_confirmation(self.rpc, signature).await
        };
        match airdrop.await {
            Ok(_) => Ok(format!("{who}: {} airdropped", format_sol(lamports))),
            Err(error) => Err(refused(format!(
                "{who} holds {}, less than {}, and the airdrop of {} failed: {error}; fund it \
                 (on devnet: `solana airdrop` or https://faucet.solana.com) and run again",
                format_sol(balance),
                format_sol(below),
                format_sol(lamports),
            ))),
        }
    }

    async fn create_mint(&self) -> Result<(), NodeError> {
        let mint = self.keys.mint.pubkey();
        let authority = self.keys.mint_authority.pubkey();
        let rent = self
            .rpc
            .get_minimum_balance_for_rent_exemption(spl_token::state::Mint::LEN)
            .await
            .map_err(failed("rent"))?;
        let create = system_instruction::create_account(
            &authority,
            &mint,
            rent,
            spl_token::state::Mint::LEN as u64,
            &spl_token::ID,
        );
        let initialize = spl_token::instruction::initialize_mint2(
            &spl_token::ID,
            &mint,
            &authority,
            None,
            settlement::constants::USDC_DECIMALS,
        )
        .map_err(|error| NodeError::Bootstrap(error.to_string()))?;
        self.send_signed(&[create, initialize], &[&self.keys.mint])
            .await
    }

    /// Posts every root of the proof fixtures that the mock oracle does not hold yet.
    async fn post_fixture_roots(&self) -> Result<String, NodeError> {
        let oracle = mock_oracle::ID;
        let committed = fulltime_fixtures::committed()
            .map_err(|error| NodeError::Bootstrap(format!("proof fixtures: {error}")))?;
        let mut days: HashMap<u16, Option<Account>> = HashMap::new();
        let (mut posted, mut present) = (0, 0);
        for root in &committed.roots.roots {
            let day = match days.entry(root.epoch_day) {
                Entry::Occupied(day) => day.into_mut(),
                Entry::Vacant(day) => {
                    let address =
                        txline_interface::ids::daily_scores_roots_address(&oracle, root.epoch_day)
                            .0;
                    day.insert(self.account(&address).await?)
                }
            };
            let slot =
                txline_interface::time::slot_of_hour_minute(root.hour_of_day, root.minute_of_hour);
            let held = match (&*day, slot) {
                (Some(account), Some(slot)) if account.owner == oracle => {
                    posted_root(&account.data, slot) == Some(&root.root[..])
                }
                _ => false,
            };
            if held {
                present += 1;
                continue;
            }
            self.send(&[instructions::insert_scores_root(
                oracle,
                self.keys.mint_authority.pubkey(),
                root.epoch_day,
                root.hour_of_day,
                root.minute_of_hour,
                root.root,
            )])
            .await?;
            posted += 1;
        }
        Ok(format!(
            "oracle roots: {posted} posted, {present} already there"
        ))
    }

    /// Creates the demo markets from the first id that does not exist yet: markets below
    /// `market_count` exist, and are taken for the demo markets of their ids.
    async fn create_demo_markets(&self, market_count: u64) -> Result<String, NodeError> {
        let committed = fulltime_fixtures::committed()
            .map_err(|error| NodeError::Bootstrap(format!("proof fixtures: {error}")))?;
        let now = self.unix_time().await?;
        let mut created = 0;
        for (id, (name, closes_in)) in (0u64..).zip(DEMO_MARKETS) {
            if id < market_count {
                continue;
            }
            let fixture = committed
                .fixture(name)
                .ok_or_else(|| NodeError::Bootstrap(format!("no proof fixture named {name}")))?;
            self.send(&[instructions::create_market(
                self.keys.mint_authority.pubkey(),
                self.keys.mint.pubkey(),
                id,
                fixture.market_terms(now + closes_in, DEMO_DISPUTE_WINDOW_SECS),
            )])
            .await?;
            created += 1;
        }
        let existed = DEMO_MARKETS.len() - created;
        Ok(match existed {
            0 => format!("demo markets: {created} created"),
            _ => format!(
                "demo markets: {created} created, {existed} already there (markets 0 to {})",
                existed - 1
            ),
        })
    }

    /// Mints the wallet up to `target` test USDC base units.
    async fn top_up_usdc(&self, target: u64) -> Result<String, NodeError> {
        let wallet = self.keys.wallet.pubkey();
        let mint = self.keys.mint.pubkey();
        let authority = self.keys.mint_authority.pubkey();
        let held = match self.account(&pda::token_account(&wallet, &mint)).await? {
            Some(account) => {
                spl_token::state::Account::unpack(&account.data)
                    .map_err(|error| {
                        refused(format!(
                            "the wallet's test USDC account does not decode: {error}"
                        ))
                    })?
                    .amount
            }
            None => 0,
        };
        if held >= target {
            return Ok(format!("the wallet {wallet}: holds {}", format_usdc(held)));
        }
        let amount = target - held;
        let fund = instructions::mint_to_wallet(&authority, &wallet, &mint, &authority, amount)
            .map_err(|error| NodeError::Bootstrap(error.to_string()))?;
        self.send(&fund).await?;
        Ok(format!(
            "the wallet {wallet}: {} minted",
            format_usdc(amount)
        ))
    }

    /// The cluster clock, in unix seconds, read from the Clock sysvar.
    async fn unix_time(&self) -> Result<i64, NodeError> {
        let data = self
            .rpc
            .get_account_data(&CLOCK_SYSVAR)
            .await
            .map_err(failed("clock sysvar"))?;
        unix_timestamp(&data)
            .ok_or_else(|| NodeError::Bootstrap("the clock sysvar is malformed".into()))
    }
}

/// The root of five-minute slot `slot` in a mock oracle's daily roots account: after the 8-byte
/// discriminator, `DailyScoresRoots` holds its 288 roots of 32 bytes, zero for none.
fn posted_root(data: &[u8], slot: usize) -> Option<&[u8]> {
    let start = 8 + slot * 32;
    data.get(start..start + 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn websocket_urls_follow_the_solana_cli() {
        for (rpc, ws) in [
            ("http://127.0.0.1:8899", "ws://127.0.0.1:8900"),
            ("http://localhost:18999/", "ws://localhost:19000/"),
            (
                "https://api.devnet.solana.com",
                "wss://api.devnet.solana.com",
            ),
            (
                "https://rpc.example.com:443/v1?key=a",
                "wss://rpc.example.com:444/v1?key=a",
            ),
            ("http://[::1]:8899", "ws://[::1]:8900"),
            ("http://[::1]", "ws://[::1]"),
        ] {
            assert_eq!(websocket_url(rpc).as_deref(), Some(ws), "{rpc}");
        }
        for bad in [
            "127.0.0.1:8899",
            "ftp://x",
            "http://",
            "http://host:65535",
            "http://h:x",
        ] {
            assert_eq!(websocket_url(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_posted_root_is_read_at_its_slot() {
        let mut data = vec![0; mock_oracle::state::DailyScoresRoots::SPACE];
        data[8 + 5 * 32..8 + 6 * 32].copy_from_slice(&[9; 32]);
        assert_eq!(posted_root(&data, 5), Some(&[9; 32][..]));
        assert_eq!(posted_root(&data, 4), Some(&[0; 32][..]));
        assert_eq!(posted_root(&data, 288), None, "past the roots");
        assert_eq!(posted_root(&data[..100], 5), None, "a short account");
    }
}
