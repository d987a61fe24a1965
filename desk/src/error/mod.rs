//! Every way a command or the dashboard's request can fail, and its [`ErrorReport`]: the error's
//! name, its message and what to do, which `--json` prints as one object and the dashboard's
//! failure popup shows. A file per kind of failure: the client's and the chain's (`client.rs`),
//! the session's set-up (`setup.rs`), the faucet's (`faucet.rs`); an action's refusal is worded
//! by the action layer (`crate::actions::Refusal`).

mod bundle;
mod client;
mod faucet;
mod node;
mod refusal;
mod report;
mod setup;
mod txline;

use fulltime_client::bundle::BundleSaveError;
use fulltime_client::cluster::ClusterError;
use fulltime_client::errors::ProgramFailure;
use fulltime_client::faucet::FaucetError;
use fulltime_client::keypair::KeypairError;
use fulltime_client::proof_file::ProofFileError;
use fulltime_client::rpc::ClientError;
use fulltime_client::snapshot::SaveError;
use fulltime_client::txline::api::TxlineError;
use fulltime_files::wallet_book::WalletBookError;

use self::bundle::bundle_report;
use self::client::{client_report, snapshot_report};
use self::faucet::faucet_report;
pub use self::node::NodeError;
pub use self::refusal::Refusal;
pub use self::report::ErrorReport;
use self::setup::{cluster_report, keypair_report, wallet_book_report};
use self::txline::txline_report;
use crate::input::{WhenError, format_time};
use crate::output::fuzz::FuzzReport;
use crate::output::receipt::claim_all::ClaimAllReceipt;
use crate::output::timeline::TimelineRun;
use fulltime_matches::timeline::TimelineError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    #[error(transparent)]
    Keypair(#[from] KeypairError),
    #[error(transparent)]
    ProofFile(#[from] ProofFileError),
    #[error(transparent)]
    Faucet(#[from] FaucetError),
    #[error(transparent)]
    Txline(#[from] TxlineError),
    /// Arguments clap takes but the command cannot use.
    #[error("{0}")]
    InvalidArguments(String),
    /// `proof fetch -o FILE` could not write the file.
    #[error("cannot write {path}: {reason}")]
    ProofFileUnwritten { path: String, reason: String },
    #[error(transparent)]
    Time(#[from] WhenError),
    #[error(transparent)]
    WalletBook(#[from] WalletBookError),
    /// An action's pre-checks refused it: nothing was sent.
    #[error("{0}")]
    Refused(Box<Refusal>),
    /// `<state-dir>/bundle/` does not read as `localnet --bundle` writes it.
    #[error("the opened bundle cannot be read: {0}")]
    BundleUnreadable(String),
    /// The recording under way cannot be written as a timeline, for a bundle.
    #[error("the recording cannot be written as a timeline: {0}")]
    RecordingUnwritable(String),
    /// `claim --all` stopped after some of its transactions landed: what they paid.
    #[error("{source}")]
    PaidInPart {
        source: ClientError,
        paid: Box<ClaimAllReceipt>,
    },
    /// `wallet new --fund` on mainnet: real money is never handed out.
    #[error("wallets are funded on localnet and devnet only, never on mainnet")]
    NoFundingOnMainnet,
    #[error(transparent)]
    Snapshot(#[from] SaveError),
    #[error(transparent)]
    Bundle(#[from] BundleSaveError),
    /// A timeline that settles with proof files beside it, which a bundle does not carry.
    #[error(
        "the timeline settles with proof files beside it ({}), which a bundle does not carry: \
         opened elsewhere it would not load",
        files.join(", ")
    )]
    FilesBesideTimeline { files: Vec<String> },
    /// `bundle save --step` names no step of the timeline.
    #[error("the timeline has no step `{step}`; its steps: {}", steps.join(", "))]
    NoSuchStep { step: String, steps: Vec<String> },
    /// A timeline file that does not load: nothing was started.
    #[error(transparent)]
    Timeline(#[from] Box<TimelineError>),
    /// A timeline's run met an unexpected result: the steps up to it and what happened.
    #[error("the timeline stopped at an unexpected result")]
    TimelineFailed(Box<TimelineRun>),
    /// `timeline fuzz` found a match day where the chain and the model part: the report, with
    /// the shrunk timeline's file.
    #[error("the fuzz found a divergence")]
    FuzzDiverged(Box<FuzzReport>),
    /// `timeline fuzz` could not draw a match day or write the one it shrank.
    #[error("the fuzz cannot go on: {0}")]
    FuzzUnplayable(String),
    /// The timeline's own node did not start.
    #[error(transparent)]
    Node(#[from] NodeError),
    /// A name the loader resolved that this run cannot find (a proof case, a market label).
    #[error("`{0}` names nothing on this run")]
    UnknownTimelineName(String),
    /// `timeline run --to` names no step of the file: nothing was started.
    #[error("`{step}` is not a step of the timeline; its steps are {}", steps.join(", "))]
    UnknownStep { step: String, steps: Vec<String> },
    /// `timeline run --url`: the node's clock is past the first step, which it cannot go back
    /// to; nothing was sent.
    #[error(
        "the node's clock is at {}, past the timeline's first step `{step}` at {}",
        format_time(*now),
        format_time(*at)
    )]
    ClockPastFirstStep { now: i64, step: String, at: i64 },
    /// An outcome word that no transaction can carry, so `--force` cannot send it either.
    #[error("{0}")]
    Unsendable(Box<ProgramFailure>),
}

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Self {
        Self::Refused(Box::new(refusal))
    }
}

impl Error {
    /// The error's name, its message and what to do.
    // One piece: a table of words, one arm per kind of failure, the kinds with a file of their
    // own handed to it.
    pub fn report(&self) -> ErrorReport {
        match self {
            Self::Client(error) => client_report(error),
            Self::Cluster(error) => cluster_report(error),
            Self::Keypair(error) => keypair_report(error),
            Self::ProofFile(error) => ErrorReport::other(
                "InvalidProofFile",
                error,
                "Pass a proof file, like fixtures/generated/arsenal-home-goals-over-1.json",
            ),
            Self::Faucet(error) => faucet_report(error),
            Self::Txline(error) => txline_report(error),
            Self::InvalidArguments(_) => {
                ErrorReport::other("InvalidArguments", self, "See the command's --help")
            }
            Self::ProofFileUnwritten { .. } => ErrorReport::other(
                "ProofFileUnwritten",
                self,
                "Pick a path in a folder you can write to (-o)",
            ),
            Self::Unsendable(failure) => ErrorReport::program(failure).with_notes([
                "refused before sending: an outcome is yes, no or a number, even with --force"
                    .to_owned(),
            ]),
            Self::Time(error) => ErrorReport::other(
                "InvalidTime",
                error,
                "Write +DURATION (like +10m) or an RFC 3339 time",
            ),
            Self::WalletBook(error) => wallet_book_report(error),
            Self::Refused(refusal) => refusal.report(),
            Self::PaidInPart { source, paid } => client_report(source).with_notes([format!(
                "before it stopped: {}; run `fulltime claim --all` again for the rest",
                paid.headline()
            )]),
            Self::NoFundingOnMainnet => ErrorReport::other(
                "NoFundingOnMainnet",
                self,
                "Make the wallet without --fund and fund it yourself",
            ),
            Self::Snapshot(error) => snapshot_report(error),
            Self::Bundle(error) => bundle_report(error),
            Self::BundleUnreadable(_) => ErrorReport::other(
                "BundleUnreadable",
                self,
                "Open the bundle again: just dev --bundle FILE",
            ),
            Self::RecordingUnwritable(_) => ErrorReport::other(
                "RecordingUnwritable",
                self,
                "Save the recording (R) to see why, then save the bundle",
            ),
            Self::FilesBesideTimeline { .. } => ErrorReport::other(
                "FilesBesideTimeline",
                self,
                "Save the bundle without the timeline, and hand its folder over with it",
            ),
            Self::NoSuchStep { .. } => {
                ErrorReport::other("NoSuchStep", self, "Name one of the timeline's steps")
            }
            Self::Timeline(error) => ErrorReport::other(
                "InvalidTimeline",
                error,
                "Mend the file as said; the format is in fixtures/README.md, \"Timelines\"",
            ),
            Self::TimelineFailed(run) => ErrorReport::other(
                "TimelineFailed",
                run.failure.as_ref().map_or_else(String::new, |failure| {
                    format!(
                        "step {}: expected {}, happened {}",
                        failure.step, failure.expected, failure.happened
                    )
                }),
                "Compare the step with the chain; the run's steps say what held",
            ),
            Self::FuzzDiverged(report) => ErrorReport::other(
                "FuzzDiverged",
                report
                    .divergence
                    .as_ref()
                    .map_or_else(String::new, |found| {
                        format!("{}: {}", found.file, found.cause)
                    }),
                "Replay the file with `fulltime timeline run FILE`, or open it at the desk (T)",
            ),
            Self::FuzzUnplayable(_) => ErrorReport::other(
                "FuzzUnplayable",
                self,
                "Check that the catalog and the output folder are as shipped",
            ),
            Self::Node(error) => ErrorReport::other(
                "NodeNotStarted",
                error,
                "Build the stack beside fulltime: cargo build -p fulltime-localnet -p \
                 fulltime-faucet",
            ),
            Self::UnknownTimelineName(_) => ErrorReport::other(
                "UnknownTimelineName",
                self,
                "Regenerate the proof files (just proofs) and run again",
            ),
            Self::UnknownStep { .. } => ErrorReport::other(
                "UnknownStep",
                self,
                "Pass --to one of the step names of the file",
            ),
            Self::ClockPastFirstStep { .. } => ErrorReport::other(
                "ClockPastTimeline",
                self,
                "Run it on a node whose clock is before the first step: a fresh one (no --url), \
                 or restart localnet with --reset",
            ),
        }
    }

    /// The exit code of a command that failed so: 2 for a timeline refused before anything was
    /// started or sent (a file that does not load, an unknown `--to` step, a node already past
    /// its first step), 1 otherwise. A URL out of reach and a program not deployed are 1, as
    /// the session's other set-up failures are: a request that timed out may have been sent.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Timeline(_) | Self::UnknownStep { .. } | Self::ClockPastFirstStep { .. } => 2,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests;
