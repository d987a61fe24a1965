//! Who is asking, as the rate limits see it: the TCP peer's address.
//!
//! Headers such as `X-Forwarded-For` are not read: any client can write them. Behind a reverse
//! proxy every request thus comes from the proxy, and the per-peer limit applies to all of them
//! together.

use std::{
    convert::Infallible,
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

/// The key of a peer's bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerAddress(pub IpAddr);

/// The key of requests whose peer is unknown (an app served without
/// `into_make_service_with_connect_info`, or a test): they share one bucket, so the limit
/// still holds.
pub const UNKNOWN_PEER: IpAddr = IpAddr::V4(Ipv4Addr::UNSPECIFIED);

impl PeerAddress {
    /// IPv4 addresses are keyed whole (an IPv4-mapped IPv6 address as its IPv4 address); IPv6
    /// ones by their /64 network, since one host is commonly given a whole /64 and could
    /// otherwise take a fresh bucket for every request.
    pub fn of(peer: IpAddr) -> Self {
        Self(match peer.to_canonical() {
            IpAddr::V6(address) => {
                let network = u128::from(address) & !u128::from(u64::MAX);
                IpAddr::V6(Ipv6Addr::from(network))
            }
            v4 => v4,
        })
    }
}

/// The network a peer address belongs to, for the cap on connections per network: one machine
/// or one site holds many addresses of one network, which a cap per address alone lets it
/// multiply. Loopback (all of 127.0.0.0/8, `::1`, and an IPv4-mapped loopback address) is one
/// network, this machine: any local process may connect from any of its 16 million addresses.
/// Other IPv4 addresses count by their /24, IPv6 ones by their /48, the common size of what one
/// site is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PeerNetwork(pub IpAddr);

/// The key of every loopback address.
const THIS_MACHINE: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 0));

impl PeerNetwork {
    pub fn of(peer: IpAddr) -> Self {
        let peer = peer.to_canonical();
        if peer.is_loopback() {
            return Self(THIS_MACHINE);
        }
        Self(match peer {
            IpAddr::V4(address) => IpAddr::V4(Ipv4Addr::from(u32::from(address) & !0xff)),
            IpAddr::V6(address) => {
                IpAddr::V6(Ipv6Addr::from(u128::from(address) & !(u128::MAX >> 48)))
            }
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PeerAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = ConnectInfo::<SocketAddr>::from_request_parts(parts, state)
            .await
            .map_or(UNKNOWN_PEER, |ConnectInfo(peer)| peer.ip());
        Ok(Self::of(peer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(address: &str) -> String {
        let address: IpAddr = address.parse().expect("an address");
        PeerAddress::of(address).0.to_string()
    }

    fn network(address: &str) -> String {
        let address: IpAddr = address.parse().expect("an address");
        PeerNetwork::of(address).0.to_string()
    }

    #[test]
    fn every_loopback_address_is_one_network_and_others_count_by_24_and_48() {
        for loopback in [
            "127.0.0.1",
            "127.0.0.2",
            "127.255.3.17",
            "::1",
            "::ffff:127.0.0.9",
        ] {
            assert_eq!(network(loopback), "127.0.0.0", "{loopback}");
        }
        assert_eq!(network("192.0.2.7"), "192.0.2.0");
        assert_eq!(network("192.0.2.200"), network("::ffff:192.0.2.1"));
        assert_ne!(network("192.0.2.7"), network("192.0.3.7"));
        assert_eq!(network("2001:db8:1:2::1"), "2001:db8:1::");
        assert_eq!(network("2001:db8:1:ffff::1"), network("2001:db8:1::9"));
        assert_ne!(network("2001:db8:1::1"), network("2001:db8:2::1"));
    }

    #[test]
    fn ipv4_is_keyed_whole_and_ipv6_by_its_64() {
        assert_eq!(key("192.0.2.7"), "192.0.2.7");
        assert_eq!(key("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
    }
}
