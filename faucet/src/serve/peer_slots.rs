//! The caps on connections per peer address and per network: however many connections one peer
//! opens, and however long it keeps each, it holds at most its share of the server's slots; and
//! however many addresses one machine or site connects from, together they hold at most their
//! network's share. Loopback is one network ([`PeerNetwork`]), so 16 loopback addresses, each at
//! its address's cap, hold no more than one network may, and never the whole server.

use std::{
    collections::HashMap,
    hash::Hash,
    net::IpAddr,
    sync::{Arc, Mutex, PoisonError},
};

use crate::error::ConnectionScope;
use crate::peer::{PeerAddress, PeerNetwork};

/// Open connections per peer address (keyed as the rate limits key peers: an IPv6 host by its
/// /64) and per network. Only keys with a connection open are kept, so neither table is ever
/// larger than the server's connection cap.
pub(super) struct PeerSlots {
    open: Arc<Mutex<Open>>,
    max_per_address: usize,
    max_per_network: usize,
}

#[derive(Default)]
struct Open {
    addresses: HashMap<IpAddr, usize>,
    networks: HashMap<PeerNetwork, usize>,
}

/// A connection refused: its address, or its network, holds its cap already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Crowded {
    pub scope: ConnectionScope,
    pub max: usize,
}

impl PeerSlots {
    pub(super) fn new(max_per_address: usize, max_per_network: usize) -> Self {
        Self {
            open: Arc::default(),
            max_per_address,
            max_per_network,
        }
    }

    /// A slot for one more connection from `peer`, held until dropped; refused when its
    /// address or its network already holds its cap (the address's is said first).
    pub(super) fn take(&self, peer: IpAddr) -> Result<PeerSlot, Crowded> {
        let PeerAddress(address) = PeerAddress::of(peer);
        let network = PeerNetwork::of(peer);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let crowded = |scope, max| Err(Crowded { scope, max });
        if open.addresses.get(&address).copied().unwrap_or(0) >= self.max_per_address {
            return crowded(ConnectionScope::Address, self.max_per_address);
        }
        if open.networks.get(&network).copied().unwrap_or(0) >= self.max_per_network {
            return crowded(ConnectionScope::Network, self.max_per_network);
        }
        *open.addresses.entry(address).or_default() += 1;
        *open.networks.entry(network).or_default() += 1;
        Ok(PeerSlot {
            open: Arc::clone(&self.open),
            address,
            network,
        })
    }
}

/// One connection of a peer address.
pub(super) struct PeerSlot {
    open: Arc<Mutex<Open>>,
    address: IpAddr,
    network: PeerNetwork,
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        release(&mut open.addresses, &self.address);
        release(&mut open.networks, &self.network);
    }
}

/// One connection fewer under `key`, which is forgotten at none.
fn release<K: Eq + Hash>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = counts.get_mut(key) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    fn crowded(scope: ConnectionScope, max: usize) -> Result<(), Crowded> {
        Err(Crowded { scope, max })
    }

    #[test]
    fn an_address_holds_at_most_its_share_and_others_theirs() {
        let slots = PeerSlots::new(2, 100);
        let one = address("192.0.2.1");
        let held: Vec<_> = (0..2).map(|_| slots.take(one)).collect();
        assert!(held.iter().all(Result::is_ok));
        assert_eq!(
            slots.take(one).map(drop),
            crowded(ConnectionScope::Address, 2)
        );
        assert!(slots.take(address("192.0.2.2")).is_ok());
        assert!(slots.take(address("198.51.100.1")).is_ok());
    }

    #[test]
    fn a_network_holds_at_most_its_share_whatever_its_addresses() {
        let slots = PeerSlots::new(2, 5);
        let held: Vec<_> = (1..=3)
            .flat_map(|last| [last, last])
            .filter_map(|last| slots.take(address(&format!("192.0.2.{last}"))).ok())
            .collect();
        assert_eq!(held.len(), 5, "the /24's share");
        assert_eq!(
            slots.take(address("192.0.2.9")).map(drop),
            crowded(ConnectionScope::Network, 5)
        );
        assert!(slots.take(address("192.0.3.1")).is_ok(), "another /24");
    }

    /// The attack: 16 loopback addresses, each at its own cap of 32, once held all 512
    /// slots; loopback is one network, so together they hold its share.
    #[test]
    fn sixteen_loopback_addresses_hold_one_networks_share() {
        let slots = PeerSlots::new(32, 128);
        let mut held = Vec::new();
        let mut refused = 0;
        for last in 1..=16 {
            for _ in 0..32 {
                match slots.take(address(&format!("127.0.0.{last}"))) {
                    Ok(slot) => held.push(slot),
                    Err(Crowded { scope, max }) => {
                        assert_eq!((scope, max), (ConnectionScope::Network, 128));
                        refused += 1;
                    }
                }
            }
        }
        assert_eq!((held.len(), refused), (128, 384));
        assert!(
            slots.take(address("::1")).is_err(),
            "::1 is this machine too"
        );
        assert!(slots.take(address("192.0.2.1")).is_ok());
    }

    #[test]
    fn a_closed_connection_frees_its_slots_and_an_idle_address_is_forgotten() {
        let slots = PeerSlots::new(1, 1);
        let one = address("192.0.2.1");
        let held = slots.take(one);
        assert!(slots.take(one).is_err());
        drop(held);
        let again = slots.take(one);
        assert!(again.is_ok());
        drop(again);
        let open = slots.open.lock().expect("lock");
        assert!(open.addresses.is_empty() && open.networks.is_empty());
    }

    #[test]
    fn an_ipv6_host_counts_by_its_64_and_a_mapped_ipv4_as_itself() {
        let slots = PeerSlots::new(1, 100);
        let _held = slots.take(address("2001:db8:1:2::1"));
        assert!(slots.take(address("2001:db8:1:2:ffff::9")).is_err());
        assert!(slots.take(address("2001:db8:1:3::1")).is_ok());
        let _v4 = slots.take(address("192.0.2.7"));
        assert!(slots.take(address("::ffff:192.0.2.7")).is_err());
    }
}
