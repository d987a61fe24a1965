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

    #[test]
    fn ipv4_is_keyed_whole_and_ipv6_by_its_64() {
        assert_eq!(key("192.0.2.7"), "192.0.2.7");
        assert_eq!(key("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
    }
}
