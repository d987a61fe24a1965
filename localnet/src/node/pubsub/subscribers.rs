//! The subscribers of one thing (an account, a program, a signature, the slots), kept by
//! connection and subscription id: one is removed by its key without looking at the others, and
//! they are visited grouped by connection, so that a commit queues one frame per connection.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};

use super::outbox::Outbox;

/// One client connection's number.
pub type ConnectionId = u64;

/// A subscription's place among the subscribers of one thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub connection: ConnectionId,
    pub id: u64,
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        #[cfg(test)]
        tests::compared();
        (self.connection, self.id).cmp(&(other.connection, other.id))
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Subscribers with what each asked for (an encoding, a filter, a commitment).
pub type Subscribers<V> = BTreeMap<Key, V>;

/// Who gets one notification: a connection's outbox, what its subscriptions there asked for,
/// and their ids.
pub struct Recipients<A> {
    pub outbox: Outbox,
    pub asked: A,
    pub ids: Vec<u64>,
}

/// The subscribers `asked` lets through (`None` leaves one out), grouped by connection and what
/// they asked (consecutive subscriptions of a connection asking the same share a group), with
/// the connection's outbox from `outbox_of`.
pub fn grouped<'a, V: 'a, A: PartialEq>(
    subscribers: impl IntoIterator<Item = (&'a Key, &'a V)>,
    asked: impl Fn(&V) -> Option<A>,
    outbox_of: impl Fn(ConnectionId) -> Option<Outbox>,
) -> Vec<(ConnectionId, Recipients<A>)> {
    let mut groups: Vec<(ConnectionId, Recipients<A>)> = Vec::new();
    for (key, value) in subscribers {
        let Some(wants) = asked(value) else {
            continue;
        };
        match groups.last_mut() {
            Some((connection, recipients))
                if *connection == key.connection && recipients.asked == wants =>
            {
                recipients.ids.push(key.id);
            }
            _ => {
                if let Some(outbox) = outbox_of(key.connection) {
                    groups.push((
                        key.connection,
                        Recipients {
                            outbox,
                            asked: wants,
                            ids: vec![key.id],
                        },
                    ));
                }
            }
        }
    }
    groups
}

/// Removes `key` from the subscribers of `thing`, and `thing` once it has none.
pub fn remove_from<K, V>(map: &mut impl SubscribersOf<K, V>, thing: &K, key: Key) {
    if let Some(subscribers) = map.subscribers_mut(thing) {
        subscribers.remove(&key);
        if subscribers.is_empty() {
            map.forget(thing);
        }
    }
}

/// A map of things to their subscribers (hashed or ordered).
pub trait SubscribersOf<K, V> {
    fn subscribers_mut(&mut self, thing: &K) -> Option<&mut Subscribers<V>>;
    fn forget(&mut self, thing: &K);
}

impl<K: Eq + std::hash::Hash, V> SubscribersOf<K, V> for HashMap<K, Subscribers<V>> {
    fn subscribers_mut(&mut self, thing: &K) -> Option<&mut Subscribers<V>> {
        self.get_mut(thing)
    }

    fn forget(&mut self, thing: &K) {
        self.remove(thing);
    }
}

impl<K: Ord, V> SubscribersOf<K, V> for BTreeMap<K, Subscribers<V>> {
    fn subscribers_mut(&mut self, thing: &K) -> Option<&mut Subscribers<V>> {
        self.get_mut(thing)
    }

    fn forget(&mut self, thing: &K) {
        self.remove(thing);
    }
}

#[cfg(test)]
pub mod tests {
    use std::cell::Cell;

    thread_local! {
        static COMPARISONS: Cell<usize> = const { Cell::new(0) };
    }

    pub fn compared() {
        COMPARISONS.with(|count| count.set(count.get() + 1));
    }

    /// The keys compared on this thread so far.
    pub fn comparisons() -> usize {
        COMPARISONS.with(Cell::get)
    }
}
