//! The run's own ground: a `localnet`, a faucet and a TxLINE API of the run's own, and a session
//! on them as the desk the node funded. A suite starts it once for all its timelines, and the
//! faucet and the TxLINE API only when a timeline asks them something: each is a process to start
//! and wait for, on a machine the node and the timelines keep busy.

use fulltime_matches::timeline::{ActionKind, SettleWith};

use fulltime_client::cluster::{Cluster, ClusterError};
use fulltime_files::localnet_env::LocalnetEnv;

use super::super::node::OwnNode;
use super::super::own_faucet;
use super::super::own_txline;
use super::super::part::{Lifetime, ServingPart};
use super::LoadedTimeline;
use crate::args::GlobalArgs;
use fulltime_desk::error::Error;
use fulltime_desk::session::Session;

/// Stopped (and its state directory removed) when dropped, unless handed over (`--to`).
pub struct OwnGround {
    pub node: OwnNode,
    pub env: LocalnetEnv,
    pub faucet: ServingPart,
    pub txline: ServingPart,
    /// On the node, as its desk, with its TxLINE API.
    pub session: Session,
}

/// Which parts beside the node the timelines need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    pub faucet: bool,
    pub txline: bool,
}

impl Needs {
    pub const ALL: Self = Self {
        faucet: true,
        txline: true,
    };

    /// The faucet for a `faucet` action, the TxLINE API for a settlement by record.
    pub fn of(timelines: &[LoadedTimeline]) -> Self {
        let actions = timelines
            .iter()
            .flat_map(|loaded| &loaded.timeline.steps)
            .flat_map(|step| &step.actions);
        let mut needs = Self {
            faucet: false,
            txline: false,
        };
        for action in actions {
            match &action.kind {
                ActionKind::Faucet { .. } => needs.faucet = true,
                ActionKind::Settle {
                    with: SettleWith::Record(_),
                    ..
                } => needs.txline = true,
                _ => {}
            }
        }
        needs
    }
}

impl OwnGround {
    /// Starts the node, its faucet and its TxLINE API; `outer` lends its priority fee.
    pub async fn start(outer: &Session, lifetime: Lifetime) -> Result<Self, Error> {
        Self::start_for(outer, lifetime, Needs::ALL).await
    }

    /// Starts the node and the parts `needs` names (the others' URLs are empty): the TxLINE API,
    /// which needs only the directory, while the node starts; the faucet, which needs the node's
    /// mint, once it serves.
    pub async fn start_for(
        outer: &Session,
        lifetime: Lifetime,
        needs: Needs,
    ) -> Result<Self, Error> {
        let state_dir = OwnNode::new_state_dir()?;
        let txline = async {
            if needs.txline {
                own_txline::start(&state_dir, lifetime).await
            } else {
                Ok(ServingPart::not_started())
            }
        };
        let (node, txline) = tokio::join!(OwnNode::start_in(state_dir.clone(), lifetime), txline);
        // Dropped on an error: the node and its directory go, and the TxLINE API with them.
        let (node, txline) = (node?, txline?);
        let env = LocalnetEnv::load(node.state_dir()).map_err(ClusterError::from)?;
        let faucet = if needs.faucet {
            own_faucet::start(&env, node.state_dir(), lifetime).await?
        } else {
            ServingPart::not_started()
        };
        let session = Session::new(GlobalArgs {
            url: Cluster::Localnet,
            keypair: Some(node.desk_path()),
            json: false,
            state_dir: node.state_dir().to_owned(),
            txline_url: txline.started().then(|| txline.url().to_owned()),
            priority_fee: outer.priority_fee(),
        });
        Ok(Self {
            node,
            env,
            faucet,
            txline,
            session,
        })
    }
}
