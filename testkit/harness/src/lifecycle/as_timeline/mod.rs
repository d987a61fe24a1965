//! A lifecycle that parted from the model, written as a timeline that `fulltime timeline run`
//! plays on a localnet, and that the desk's `T` opens: what was sent, one transaction a step,
//! at the clock it was sent at (absolute times: the lifecycle plays no catalog match), each with
//! the model's prediction as the step's `fails` and expectations. Settles take proof files
//! written into a folder beside the timeline, and the oracle's batches are `post_root` actions
//! signed by the node's oracle authority.
//!
//! Every action is forced past the client, as the lifecycle sends them raw, so the program
//! judges each. What a timeline cannot say makes the lifecycle unwritable ([`Unwritable`]): a
//! market planted under a retired rule, a settle whose proof TxLINE could not publish, a NO
//! stated on a side of the threshold the client never states, a refusal Anchor raises before the
//! program runs (a claim with no position; left out where it is not the step that failed).

mod steps;

use std::path::{Path, PathBuf};

use fulltime_matches::timeline::{Timeline, Wallet, WriteError, write};

use super::picks::{WALLET_FUNDS, WALLETS};
use super::sent::Sent;
use steps::Steps;

/// SOL each wallet of a written lifecycle gets for fees and rent, as the in-process chain gives.
const WALLET_SOL: u64 = 10;

/// The files written.
#[derive(Debug)]
pub struct Written {
    pub timeline: PathBuf,
    pub proof_files: usize,
    pub steps: usize,
    /// Transactions not written, and why (a refusal no timeline can name).
    pub left_out: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum Unwritable {
    #[error("{what} cannot be written as a timeline: {why}")]
    Act { what: String, why: String },
    #[error("the lifecycle sent nothing before it parted from the model")]
    NothingSent,
    #[error(transparent)]
    Format(#[from] WriteError),
    #[error("writing {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes `sent` as `<dir>/<name>.toml`, its proof files in `<dir>/<name>-proofs/`; `header`
/// goes first, as comment lines.
pub fn write_timeline(
    sent: &[Sent],
    dir: &Path,
    name: &str,
    header: &str,
) -> Result<Written, Unwritable> {
    if sent.is_empty() {
        return Err(Unwritable::NothingSent);
    }
    let proofs_dir = format!("{name}-proofs");
    let mut steps = Steps::new(&proofs_dir);
    let last = sent.len() - 1;
    for (index, one) in sent.iter().enumerate() {
        steps.add(index, one, index == last)?;
    }
    let Steps {
        markets,
        steps,
        proof_files,
        left_out,
        ..
    } = steps;
    let wallets = (0..WALLETS)
        .map(|number| Wallet {
            name: steps::wallet_name(number),
            lamports: WALLET_SOL * fulltime_client::amount::LAMPORTS_PER_SOL,
            usdc: WALLET_FUNDS,
        })
        .collect();
    let timeline = Timeline {
        match_case: None,
        kickoff: None,
        wallets,
        markets,
        steps,
    };
    let mut text: String = header.lines().map(|line| format!("# {line}\n")).collect();
    text.push_str(&write(&timeline)?);

    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| Unwritable::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    if !proof_files.is_empty() {
        let proofs = dir.join(&proofs_dir);
        std::fs::create_dir_all(&proofs).map_err(io(&proofs))?;
        for (file, proof) in &proof_files {
            let path = dir.join(file);
            std::fs::write(&path, proof.to_json()).map_err(io(&path))?;
        }
    }
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).map_err(io(&path))?;
    Ok(Written {
        timeline: path,
        proof_files: proof_files.len(),
        steps: timeline.steps.len(),
        left_out,
    })
}
