//! An action in words, as a step's line says what it did.

use fulltime_client::amount::format_usdc;
use fulltime_client::side::Side;
use fulltime_client::txline::api::RecordPick;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{ActionKind, SettleWith};

use crate::output::receipt::payout::PayoutKind;

pub fn describe_payout(kind: PayoutKind, wallet: &WalletName, market: &str) -> String {
    match kind {
        PayoutKind::Claim => format!("{wallet} claims from {market}"),
        PayoutKind::Refund => format!("{wallet} takes a refund from {market}"),
    }
}

/// `settle home-over-1 with arsenal-home-goals-over-1, stating NO`: what it proves with, then
/// the side the settler states when the file names one.
fn describe_settle(market: &str, with: &SettleWith, stated: Option<Side>) -> String {
    let settled = match with {
        SettleWith::Case(proof) => format!("settle {market} with {proof}"),
        SettleWith::Record(RecordPick::Finalised) => {
            format!("settle {market} from TxLINE's game_finalised record")
        }
        SettleWith::Record(RecordPick::Seq(seq)) => {
            format!("settle {market} from TxLINE's record {seq}")
        }
        SettleWith::File { file, .. } => format!("settle {market} with the proof file {file}"),
    };
    match stated {
        Some(side) => format!("{settled}, stating {side}"),
        None => settled,
    }
}

/// The action in words: `alice deposits 10 USDC on YES in home-over-1`.
pub fn describe(kind: &ActionKind) -> String {
    match kind {
        ActionKind::Deposit {
            wallet,
            market,
            side,
            usdc,
        } => format!(
            "{wallet} deposits {} on {side} in {market}",
            format_usdc(*usdc)
        ),
        ActionKind::Create { market } => format!("create {market}"),
        ActionKind::Settle {
            market,
            with,
            stated,
        } => describe_settle(market, with, *stated),
        ActionKind::Claim { wallet, market } => describe_payout(PayoutKind::Claim, wallet, market),
        ActionKind::Refund { wallet, market } => {
            describe_payout(PayoutKind::Refund, wallet, market)
        }
        ActionKind::ClaimAll { wallet } => format!("{wallet} claims all"),
        ActionKind::Faucet { wallet } => format!("{wallet} asks the faucet"),
        ActionKind::Warp { to } => format!("warp to {}", crate::input::format_time(*to)),
        ActionKind::PostRoot { slot, root } => format!(
            "the oracle posts 0x{} for the slot at {}",
            hex::encode(root),
            crate::input::format_time(*slot)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settle_says_the_side_it_states_when_the_file_names_one() {
        let settle = |stated| ActionKind::Settle {
            market: "home-over-1".into(),
            with: SettleWith::Case("arsenal-home-goals-over-1".into()),
            stated,
        };
        assert_eq!(
            describe(&settle(None)),
            "settle home-over-1 with arsenal-home-goals-over-1"
        );
        assert_eq!(
            describe(&settle(Some(Side::No))),
            "settle home-over-1 with arsenal-home-goals-over-1, stating NO"
        );
    }

    #[test]
    fn a_root_posted_and_a_settle_by_a_file_beside_the_timeline_say_what_they_are() {
        let root = ActionKind::PostRoot {
            slot: 1_795_651_500,
            root: [0xab; 32],
        };
        assert_eq!(
            describe(&root),
            format!(
                "the oracle posts 0x{} for the slot at 2026-11-26T00:05:00Z",
                "ab".repeat(32)
            )
        );
        let proof = fulltime_matches::committed()
            .expect("the catalog")
            .proof_file("arsenal-home-goals-over-1")
            .expect("a case")
            .clone();
        let settle = ActionKind::Settle {
            market: "m".into(),
            with: SettleWith::File {
                file: "proofs/m-1.json".into(),
                proof: Box::new(proof),
            },
            stated: Some(Side::Yes),
        };
        assert_eq!(
            describe(&settle),
            "settle m with the proof file proofs/m-1.json, stating YES"
        );
    }
}
