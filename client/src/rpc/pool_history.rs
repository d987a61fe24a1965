//! How a market's pools grew: its newest deposits read back from its transaction history, for
//! the dashboard's pool history.
//!
//! Bounded, because anyone can send transactions that name a market (on devnet, spam): the
//! market's signatures are counted page by page up to a bound, only the newest `depth` landed
//! transactions are read, [`READS_AT_ONCE`] at a time, and a read that fails is a gap in the
//! history rather than the end of it. The pools are counted back from the market's own totals,
//! read first, so that a history that starts after the market's first deposit still shows the
//! pools as they stood.

use anchor_lang::prelude::Pubkey;
use anchor_lang::{AnchorDeserialize, Discriminator};
use futures_util::stream::{self, StreamExt};
use solana_rpc_client::rpc_client::GetConfirmedSignaturesForAddress2Config;
use solana_signature::Signature;

use super::{ClientError, FulltimeClient, TransactionDetail};
use crate::pda;
use crate::side::Side;

/// How many of a market's newest transactions the pool history reads unless told otherwise:
/// its newest 1,000 deposits, a deposit being one transaction.
pub const DEFAULT_HISTORY_DEPTH: usize = 1_000;
/// Reads in flight at once: a node across a network answers in parallel, and a node is not
/// flooded.
pub const READS_AT_ONCE: usize = 16;
/// The most signatures a node returns a page.
const PAGE: usize = 1_000;
/// Transactions counted at most beyond those read; past it the count shows as `10000+`.
const COUNTED: usize = 10_000;

/// YES and NO pools, in base units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pools {
    pub yes: u64,
    pub no: u64,
}

impl Pools {
    /// The pools before `amount` was staked on `side` (these being the pools after it).
    fn before(self, side: Side, amount: u64) -> Self {
        match side {
            Side::Yes => Self {
                yes: self.yes.saturating_sub(amount),
                ..self
            },
            Side::No => Self {
                no: self.no.saturating_sub(amount),
                ..self
            },
        }
    }
}

/// One point of the history: the pools after a deposit, or a transaction that could not be
/// read (a gap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolPoint {
    pub slot: u64,
    /// Unix seconds, when the node knows the block's time.
    pub time: Option<i64>,
    /// `None` where the transaction could not be read.
    pub pools: Option<Pools>,
}

/// How many landed transactions name a market: all of them, or as many as were counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransactionCount {
    pub counted: usize,
    /// Every page of signatures was counted; else there are more than `counted`.
    pub complete: bool,
}

/// `5001`, or `10000+` when the count stopped at its bound.
impl std::fmt::Display for TransactionCount {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let more = if self.complete { "" } else { "+" };
        write!(formatter, "{}{more}", self.counted)
    }
}

/// One landed transaction that names a market, as its signatures list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListedTransaction {
    pub signature: Signature,
    pub slot: u64,
    pub time: Option<i64>,
}

/// The newest of a market's landed transactions, to be read; what [`FulltimeClient::pool_history`]
/// lists before it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarketTransactions {
    pub market: Pubkey,
    /// The market's pools when it was read: after every transaction listed, and before any later
    /// one, which is left out.
    pub pools: Pools,
    /// Newest first, at most the depth asked for. Transactions that failed on chain are left
    /// out: they staked nothing.
    pub newest: Vec<ListedTransaction>,
    pub count: TransactionCount,
}

/// A market's pool history as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepositHistory {
    /// Oldest first: the pools after each deposit, and a gap for each transaction that could
    /// not be read. Points older than a gap are counted as if it staked nothing, so they are too
    /// high by what it staked, if anything.
    pub points: Vec<PoolPoint>,
    /// The transactions read (the newest of the market's), and the ones whose read failed.
    pub read: usize,
    pub unread: usize,
    pub count: TransactionCount,
}

impl FulltimeClient {
    /// The pools of market `id` after each of its newest deposits, oldest first, reading at most
    /// its `depth` newest transactions: [`FulltimeClient::market_transactions`], then
    /// [`FulltimeClient::read_deposits`].
    pub async fn pool_history(&self, id: u64, depth: usize) -> Result<DepositHistory, ClientError> {
        let transactions = self.market_transactions(id, depth).await?;
        Ok(self.read_deposits(&transactions).await)
    }

    /// Market `id`'s pools, then its `depth` newest landed transactions up to the slot the
    /// pools were read at, and how many it has (counted to `depth` or 10,000, whichever is more).
    pub async fn market_transactions(
        &self,
        id: u64,
        depth: usize,
    ) -> Result<MarketTransactions, ClientError> {
        let (market, read_at) = self.market_at(id).await?;
        let address = pda::market(id);
        let count_to = depth.max(COUNTED);
        let mut newest = Vec::with_capacity(depth.min(PAGE));
        let mut counted = 0;
        let mut before = None;
        let complete = loop {
            let config = GetConfirmedSignaturesForAddress2Config {
                before,
                until: None,
                limit: Some(PAGE),
                commitment: Some(self.rpc.commitment()),
            };
            let page = self
                .rpc
                .get_signatures_for_address_with_config(&address, config)
                .await
                .map_err(|error| self.rpc_error(error))?;
            let full = page.len() == PAGE;
            before = page
                .last()
                .and_then(|status| status.signature.parse::<Signature>().ok());
            let landed = page
                .iter()
                .filter(|status| status.err.is_none() && status.slot <= read_at)
                .filter_map(|status| {
                    Some(ListedTransaction {
                        signature: status.signature.parse().ok()?,
                        slot: status.slot,
                        time: status.block_time,
                    })
                });
            for listed in landed {
                counted += 1;
                if newest.len() < depth {
                    newest.push(listed);
                }
            }
            if !full || before.is_none() {
                break true;
            }
            if counted >= count_to {
                break false;
            }
        };
        Ok(MarketTransactions {
            market: address,
            pools: Pools {
                yes: market.total_yes,
                no: market.total_no,
            },
            newest,
            count: TransactionCount { counted, complete },
        })
    }

    /// Reads `transactions`, [`READS_AT_ONCE`] at a time, and counts the pools back from the
    /// market's; a read that fails is a gap, never the end of the history.
    pub async fn read_deposits(&self, transactions: &MarketTransactions) -> DepositHistory {
        // The reads are made first and streamed as they are, so that the future is `Send` (see
        // `accounts`).
        let reads: Vec<_> = transactions
            .newest
            .iter()
            .map(|listed| async move { self.transaction_detail(&listed.signature).await.ok() })
            .collect();
        let details: Vec<Option<TransactionDetail>> =
            stream::iter(reads).buffered(READS_AT_ONCE).collect().await;
        DepositHistory::counted_back(transactions, details)
    }
}

impl DepositHistory {
    /// The points of `transactions`, given each one's detail (`None`: its read failed), newest
    /// first like them.
    pub fn counted_back(
        transactions: &MarketTransactions,
        details: Vec<Option<TransactionDetail>>,
    ) -> Self {
        let mut after = transactions.pools;
        let mut points = Vec::with_capacity(transactions.newest.len());
        let mut unread = 0;
        for (listed, detail) in transactions.newest.iter().zip(details) {
            let Some(detail) = detail else {
                unread += 1;
                points.push(PoolPoint {
                    slot: listed.slot,
                    time: listed.time,
                    pools: None,
                });
                continue;
            };
            if detail.error.is_some() {
                continue;
            }
            let deposits: Vec<(Side, u64)> = detail.deposits_into(transactions.market).collect();
            // A transaction's later deposit is the newer one.
            for (side, amount) in deposits.into_iter().rev() {
                points.push(PoolPoint {
                    slot: detail.slot,
                    time: detail.block_time,
                    pools: Some(after),
                });
                after = after.before(side, amount);
            }
        }
        points.reverse();
        Self {
            points,
            read: transactions.newest.len().saturating_sub(unread),
            unread,
            count: transactions.count,
        }
    }
}

impl TransactionDetail {
    /// The deposits this transaction made into `market`: each settlement `deposit` whose market
    /// account it is, with its side and amount.
    pub fn deposits_into(&self, market: Pubkey) -> impl Iterator<Item = (Side, u64)> + '_ {
        self.instructions.iter().filter_map(move |instruction| {
            let data = instruction
                .data
                .strip_prefix(settlement::instruction::Deposit::DISCRIMINATOR)?;
            let into_market = instruction
                .accounts
                .iter()
                .any(|account| account.role == Some("market") && account.address == market);
            let args = settlement::instruction::Deposit::try_from_slice(data).ok()?;
            // A byte that names no side is one the program refused.
            let side = Side::try_from(args.outcome).ok()?;
            into_market.then_some((side, args.amount))
        })
    }
}

#[cfg(test)]
mod tests {
    use anchor_lang::InstructionData;

    use super::*;
    use crate::rpc::{AccountUse, InstructionDetail};

    const MARKET: Pubkey = Pubkey::new_from_array([7; 32]);

    fn listed(slot: u64) -> ListedTransaction {
        ListedTransaction {
            signature: Signature::from([u8::try_from(slot).expect("a small slot"); 64]),
            slot,
            time: Some(1_000 + i64::try_from(slot).expect("a small slot")),
        }
    }

    fn deposit(side: Side, amount: u64) -> InstructionDetail {
        InstructionDetail {
            program: settlement::ID,
            name: Some("Deposit"),
            accounts: vec![AccountUse {
                address: MARKET,
                role: Some("market"),
                writable: true,
                signer: false,
            }],
            data: settlement::instruction::Deposit {
                outcome: side.byte(),
                amount,
            }
            .data(),
        }
    }

    fn detail(slot: u64, instructions: Vec<InstructionDetail>) -> TransactionDetail {
        TransactionDetail {
            signature: listed(slot).signature,
            slot,
            block_time: listed(slot).time,
            fee: 5_000,
            instructions,
            logs: Vec::new(),
            error: None,
        }
    }

    fn pools(yes: u64, no: u64) -> Option<Pools> {
        Some(Pools { yes, no })
    }

    #[test]
    fn the_pools_are_counted_back_from_the_markets_and_a_failed_read_is_a_gap() {
        let transactions = MarketTransactions {
            market: MARKET,
            pools: Pools { yes: 10, no: 5 },
            newest: [6, 5, 4, 3, 2].map(listed).to_vec(),
            count: TransactionCount {
                counted: 5_001,
                complete: true,
            },
        };
        let mut failed_on_chain = detail(5, vec![deposit(Side::Yes, 100)]);
        failed_on_chain.error = Some("InstructionError(0, Custom(6004))".into());
        let details = vec![
            Some(detail(6, vec![deposit(Side::Yes, 1)])),
            Some(failed_on_chain),
            None,
            // Two deposits in one transaction, then one that deposits nothing (a settlement).
            Some(detail(3, vec![deposit(Side::No, 2), deposit(Side::Yes, 3)])),
            Some(detail(2, Vec::new())),
        ];
        let history = DepositHistory::counted_back(&transactions, details);
        let shown: Vec<(u64, Option<Pools>)> = history
            .points
            .iter()
            .map(|point| (point.slot, point.pools))
            .collect();
        assert_eq!(
            shown,
            [
                (3, pools(6, 5)),
                (3, pools(9, 5)),
                (4, None),
                (6, pools(10, 5))
            ]
        );
        assert_eq!(history.points[2].time, Some(1_004), "a gap keeps its time");
        assert_eq!((history.read, history.unread), (4, 1));
        assert_eq!(history.count.to_string(), "5001");
    }

    #[test]
    fn a_count_that_stopped_at_its_bound_says_there_are_more() {
        let count = TransactionCount {
            counted: 10_000,
            complete: false,
        };
        assert_eq!(count.to_string(), "10000+");
    }

    #[test]
    fn a_deposit_into_another_market_is_not_this_ones() {
        let mut elsewhere = deposit(Side::Yes, 1);
        elsewhere.accounts[0].address = Pubkey::new_from_array([8; 32]);
        let detail = detail(1, vec![elsewhere, deposit(Side::No, 2)]);
        assert_eq!(
            detail.deposits_into(MARKET).collect::<Vec<_>>(),
            [(Side::No, 2)]
        );
    }
}
