//! A `post_root` action: the mock oracle's `insert_scores_root`, the root of one five-minute
//! slot, signed by the oracle authority the node names in its `env.json` and paid by the desk.
//! A node that names none (devnet, whose oracle is TxLINE's) takes no root from this client: the
//! action is refused before anything is sent.

use fulltime_client::instructions::insert_scores_root;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::txline_interface::time::{epoch_day, hour_minute_of};
use fulltime_files::localnet_env::LocalnetEnv;
use solana_signer::Signer;

use super::cast::Cast;
use crate::error::{Error, Refusal};
use crate::session::Session;

/// Posts `root` for the slot starting at `slot` (unix seconds; the loader checked it starts a
/// slot of a day the oracle files).
pub async fn post_root(
    session: &Session,
    cast: &Cast,
    slot: i64,
    root: [u8; 32],
) -> Result<(), Error> {
    let env_file = LocalnetEnv::path_in(session.state_dir());
    let authority_file = LocalnetEnv::load(session.state_dir())
        .ok()
        .and_then(|env| env.oracle_authority)
        .ok_or_else(|| Refusal::NoOracleAuthority {
            env_file: env_file.clone(),
        })?;
    let authority = read_keypair_file(&authority_file)?;
    let ts_ms = slot.saturating_mul(1_000);
    let day = epoch_day(ts_ms).ok_or(Refusal::SlotNotFiled { slot })?;
    let (hour, minute) = hour_minute_of(ts_ms);
    let client = session.client().await?;
    let instruction = insert_scores_root(
        client.oracle_program(),
        authority.pubkey(),
        day,
        hour,
        minute,
        root,
    );
    client
        .send(&cast.desk, &[instruction], &[&authority])
        .await?;
    Ok(())
}
