//! Who acts: the session's client, the wallet that signs and pays, and where the stages of what
//! it sends are reported.

use fulltime_client::rpc::{ClientError, FulltimeClient, SendStage, Standing};
use solana_instruction::Instruction;
use solana_keypair::{Address as Pubkey, Keypair};
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::mpsc::UnboundedSender;

pub struct Actor<'a> {
    pub client: &'a FulltimeClient,
    pub wallet: &'a Keypair,
    /// The dashboard's progress popup; `None` on the command line.
    pub progress: Option<&'a UnboundedSender<SendStage>>,
}

impl Actor<'_> {
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
            .send_with_progress(self.wallet, instructions, &[], self.progress)
            .await
    }
}
