//! What a change in the registry sends, gathered under the registry's lock and serialised and
//! queued once it is released: each result is serialised once, whatever the number of
//! subscriptions it goes to, and queueing never waits (see `outbox`).

use std::sync::Arc;

use anchor_lang::prelude::Pubkey;
use solana_account::Account;
use solana_account_decoder::{UiAccountEncoding, encode_ui_account};
use solana_rpc_client_api::response::{
    Response, RpcKeyedAccount, RpcResponseContext, RpcSignatureResult, SlotInfo,
};

use super::frames::{Frame, Notification, result_json};
use super::outbox::Outbox;
use super::subscribers::Recipients;

/// Notifications to send, in the order gathered.
#[derive(Default)]
pub struct Deliveries {
    changes: Vec<Change>,
}

enum Change {
    /// A signature subscription's one answer.
    Answer {
        outbox: Outbox,
        id: u64,
        slot: u64,
        value: RpcSignatureResult,
    },
    /// An account as of `slot`, to its account subscribers and its owner's program subscribers.
    Account {
        pubkey: Pubkey,
        account: Arc<Account>,
        slot: u64,
        accounts: Vec<Recipients<UiAccountEncoding>>,
        programs: Vec<Recipients<UiAccountEncoding>>,
    },
    Slot {
        info: SlotInfo,
        to: Vec<Recipients<()>>,
    },
}

impl Deliveries {
    pub fn answer(&mut self, outbox: Outbox, id: u64, slot: u64, value: RpcSignatureResult) {
        self.changes.push(Change::Answer {
            outbox,
            id,
            slot,
            value,
        });
    }

    pub fn account(
        &mut self,
        pubkey: Pubkey,
        account: Arc<Account>,
        slot: u64,
        accounts: Vec<Recipients<UiAccountEncoding>>,
        programs: Vec<Recipients<UiAccountEncoding>>,
    ) {
        if accounts.is_empty() && programs.is_empty() {
            return;
        }
        self.changes.push(Change::Account {
            pubkey,
            account,
            slot,
            accounts,
            programs,
        });
    }

    pub fn slot(&mut self, info: SlotInfo, to: Vec<Recipients<()>>) {
        if !to.is_empty() {
            self.changes.push(Change::Slot { info, to });
        }
    }

    /// Serialises each result once and queues it on every outbox it goes to. A closed or
    /// overflowed outbox drops it (its connection takes its subscriptions as it goes).
    pub fn send(self) {
        for change in self.changes {
            match change {
                Change::Answer {
                    outbox,
                    id,
                    slot,
                    value,
                } => {
                    let response = Response {
                        context: RpcResponseContext::new(slot),
                        value,
                    };
                    queue(
                        "signatureNotification",
                        result_json(&response),
                        outbox,
                        vec![id],
                    );
                }
                Change::Account {
                    pubkey,
                    account,
                    slot,
                    accounts,
                    programs,
                } => {
                    let mut results = AccountResults {
                        pubkey: &pubkey,
                        account: &account,
                        slot,
                        made: Vec::new(),
                    };
                    for (method, to) in [(Method::Account, accounts), (Method::Program, programs)] {
                        for recipients in to {
                            let result = results.get(method, recipients.asked);
                            queue(method.name(), result, recipients.outbox, recipients.ids);
                        }
                    }
                }
                Change::Slot { info, to } => {
                    let result = result_json(&info);
                    for recipients in to {
                        queue(
                            "slotNotification",
                            result.clone(),
                            recipients.outbox,
                            recipients.ids,
                        );
                    }
                }
            }
        }
    }
}

fn queue(method: &'static str, result: Option<Arc<str>>, outbox: Outbox, subscriptions: Vec<u64>) {
    if let Some(result) = result {
        outbox.push(Frame::Notification(Notification {
            method,
            result,
            subscriptions,
        }));
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    Account,
    Program,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Self::Account => "accountNotification",
            Self::Program => "programNotification",
        }
    }
}

/// One account's notification results, each serialised once per method and encoding.
struct AccountResults<'a> {
    pubkey: &'a Pubkey,
    account: &'a Account,
    slot: u64,
    made: Vec<Made>,
}

/// A result serialised for one method and encoding.
struct Made {
    method: Method,
    encoding: UiAccountEncoding,
    result: Option<Arc<str>>,
}

impl AccountResults<'_> {
    fn get(&mut self, method: Method, encoding: UiAccountEncoding) -> Option<Arc<str>> {
        if let Some(made) = self
            .made
            .iter()
            .find(|made| made.method == method && made.encoding == encoding)
        {
            return made.result.clone();
        }
        let account = encode_ui_account(self.pubkey, self.account, encoding, None, None);
        let context = RpcResponseContext::new(self.slot);
        let result = match method {
            Method::Account => result_json(&Response {
                context,
                value: account,
            }),
            Method::Program => result_json(&Response {
                context,
                value: RpcKeyedAccount {
                    pubkey: self.pubkey.to_string(),
                    account,
                },
            }),
        };
        self.made.push(Made {
            method,
            encoding,
            result: result.clone(),
        });
        result
    }
}
