//! Who acts: the session (its node, its TxLINE API, its state directory), the wallet that signs
//! and pays, and where the stages of what it sends are reported. Every order runs as an
//! [`Actor`]; one that sends in the wallet's name takes its [`Signing`].

use std::ops::Deref;
use std::sync::Arc;

use fulltime_client::rpc::{ClientError, FulltimeClient, SendStage, Standing};
use solana_instruction::Instruction;
use solana_keypair::{Address as Pubkey, Keypair};
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::mpsc::UnboundedSender;

use crate::error::Error;
use crate::session::Session;

#[derive(Clone, Copy)]
pub struct Actor<'a> {
    pub session: &'a Session,
    /// The wallet acted as when the face holds one (the dashboard's, a timeline's cast); else
    /// the session's (`--keypair`, or the default), read only when an order needs it.
    pub wallet: Option<&'a Keypair>,
    /// The dashboard's progress popup; `None` on the command line.
    pub progress: Option<&'a UnboundedSender<SendStage>>,
}

impl<'a> Actor<'a> {
    /// The session's own wallet, with no stages shown: the command line.
    pub fn of_session(session: &'a Session) -> Self {
        Self {
            session,
            wallet: None,
            progress: None,
        }
    }

    /// `wallet`, in `session`.
    pub fn as_wallet(session: &'a Session, wallet: &'a Keypair) -> Self {
        Self {
            session,
            wallet: Some(wallet),
            progress: None,
        }
    }

    /// The same actor, reporting the stages of what it sends to `progress`.
    pub fn reporting_to(self, progress: &'a UnboundedSender<SendStage>) -> Self {
        Self {
            progress: Some(progress),
            ..self
        }
    }

    /// The wallet's address.
    pub fn address(&self) -> Result<Pubkey, Error> {
        Ok(self.keypair()?.pubkey())
    }

    /// The wallet and the session's client, in that order: a wallet that cannot be read is told
    /// before a node that is down.
    pub async fn signing(&self) -> Result<Signing<'a>, Error> {
        let wallet = self.keypair()?;
        let client = self.session.client().await?;
        Ok(Signing {
            client,
            wallet,
            progress: self.progress,
        })
    }

    fn keypair(&self) -> Result<ActingWallet<'a>, Error> {
        Ok(match self.wallet {
            Some(wallet) => ActingWallet::Borrowed(wallet),
            None => ActingWallet::Owned(Box::new(self.session.wallet()?)),
        })
    }
}

/// A wallet as an actor holds it: the face's own, or the session's, read for this order.
enum ActingWallet<'a> {
    Borrowed(&'a Keypair),
    Owned(Box<Keypair>),
}

impl Deref for ActingWallet<'_> {
    type Target = Keypair;

    fn deref(&self) -> &Keypair {
        match self {
            Self::Borrowed(wallet) => wallet,
            Self::Owned(wallet) => wallet,
        }
    }
}

/// The wallet that signs and pays, with the client it sends through.
pub struct Signing<'a> {
    pub client: Arc<FulltimeClient>,
    wallet: ActingWallet<'a>,
    pub progress: Option<&'a UnboundedSender<SendStage>>,
}

impl Signing<'_> {
    pub fn wallet(&self) -> &Keypair {
        &self.wallet
    }

    /// The wallet's address.
    pub fn address(&self) -> Pubkey {
        self.wallet.pubkey()
    }

    /// Market `market` and where the wallet stands in it: `held`, what the caller holds of the
    /// chain, else read in one request.
    pub async fn standing(
        &self,
        market: u64,
        held: Option<Standing>,
    ) -> Result<Standing, ClientError> {
        match held {
            Some(held) => Ok(held),
            None => self.client.standing(market, &self.address()).await,
        }
    }

    /// Sends `instruction`, signed and paid by the wallet, and waits for its confirmation.
    pub async fn send(&self, instruction: Instruction) -> Result<Signature, ClientError> {
        self.send_instructions(&[instruction]).await
    }

    /// Sends `instructions` in one transaction, signed and paid by the wallet, and waits for its
    /// confirmation.
    pub async fn send_instructions(
        &self,
        instructions: &[Instruction],
    ) -> Result<Signature, ClientError> {
        self.client
            .send_with_progress(&self.wallet, instructions, &[], self.progress)
            .await
    }
}
