//! Who acts: the session's client, the wallet that signs and pays, and where the stages of what
//! it sends are reported.

use fulltime_client::rpc::{ClientError, FulltimeClient, SendStage};
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

    /// Sends `instruction`, signed and paid by the wallet, and waits for its confirmation.
    pub async fn send(&self, instruction: Instruction) -> Result<Signature, ClientError> {
        self.client
            .send_with_progress(self.wallet, &[instruction], &[], self.progress)
            .await
    }
}
