//! The cap on connections per peer address: however many connections one peer opens, and however
//! long it keeps each, it holds at most its share of the server's slots.

use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex, PoisonError},
};

use crate::peer::PeerAddress;

/// Open connections per peer address, keyed as the rate limits key peers (an IPv6 host by
/// its /64). Only addresses with a connection open are kept, so the table is never larger than
/// the server's connection cap.
pub(super) struct PeerSlots {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    max: usize,
}

impl PeerSlots {
    pub(super) fn new(max: usize) -> Self {
        Self {
            open: Arc::default(),
            max,
        }
    }

    /// A slot for one more connection from `peer`, held until dropped; `None` when its address
    /// already holds `max`.
    pub(super) fn take(&self, peer: IpAddr) -> Option<PeerSlot> {
        let PeerAddress(address) = PeerAddress::of(peer);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(address).or_default();
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(PeerSlot {
            open: Arc::clone(&self.open),
            address,
        })
    }
}

/// One connection of a peer address.
pub(super) struct PeerSlot {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn an_address_holds_at_most_its_share_and_others_theirs() {
        let slots = PeerSlots::new(2);
        let one = address("192.0.2.1");
        let held: Vec<_> = (0..2).map(|_| slots.take(one)).collect();
        assert!(held.iter().all(Option::is_some));
        assert!(slots.take(one).is_none());
        assert!(slots.take(address("192.0.2.2")).is_some());
    }

    #[test]
    fn a_closed_connection_frees_its_slot_and_an_idle_address_is_forgotten() {
        let slots = PeerSlots::new(1);
        let one = address("192.0.2.1");
        let held = slots.take(one);
        assert!(slots.take(one).is_none());
        drop(held);
        let again = slots.take(one);
        assert!(again.is_some());
        drop(again);
        assert!(slots.open.lock().expect("lock").is_empty());
    }

    #[test]
    fn an_ipv6_host_counts_by_its_64_and_a_mapped_ipv4_as_itself() {
        let slots = PeerSlots::new(1);
        let _held = slots.take(address("2001:db8:1:2::1"));
        assert!(slots.take(address("2001:db8:1:2:ffff::9")).is_none());
        assert!(slots.take(address("2001:db8:1:3::1")).is_some());
        let _v4 = slots.take(address("192.0.2.7"));
        assert!(slots.take(address("::ffff:192.0.2.7")).is_none());
    }
}
