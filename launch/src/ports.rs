//! Ports for a child to listen on.
//!
//! A port the kernel hands out for port 0 comes from the ephemeral range (32768 to 60999 on
//! Linux), which is also where every outgoing connection takes its own port: between the choice
//! and the child's bind, a connection of another test or program may take it, and the child fails
//! with "Address already in use". So ports are drawn from below that range, where the kernel
//! hands out none, each checked free by binding it; the listeners are held until all are drawn,
//! so the ports differ.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::net::{Ipv4Addr, TcpListener};

/// Where ports are drawn from: above the well-known and the common service ports, below Linux's
/// ephemeral range.
const DRAWN_FROM: std::ops::Range<u16> = 20_000..32_768;
/// Draws before falling back to a port of the kernel's choice.
const DRAWS: usize = 200;

/// `COUNT` distinct loopback ports that nothing listens on now.
pub fn free_ports<const COUNT: usize>() -> io::Result<[u16; COUNT]> {
    let mut listeners = Vec::with_capacity(COUNT);
    let mut draws = 0;
    while listeners.len() < COUNT {
        let listener = if draws < DRAWS {
            draws += 1;
            match TcpListener::bind((Ipv4Addr::LOCALHOST, drawn_port())) {
                Ok(listener) => listener,
                Err(_) => continue,
            }
        } else {
            TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?
        };
        listeners.push(listener);
    }
    let mut ports = [0; COUNT];
    for (port, listener) in ports.iter_mut().zip(&listeners) {
        *port = listener.local_addr()?.port();
    }
    Ok(ports)
}

/// A port of [`DRAWN_FROM`], at random (std's hasher keys are random per process and per call).
fn drawn_port() -> u16 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    let span = u64::from(DRAWN_FROM.end - DRAWN_FROM.start);
    let offset = u16::try_from(hasher.finish() % span).unwrap_or(0);
    DRAWN_FROM.start + offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ports_differ_are_free_and_lie_below_the_ephemeral_range() {
        let ports: [u16; 8] = free_ports().expect("free ports");
        let mut sorted = ports.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), ports.len(), "{ports:?}");
        for port in ports {
            assert!(DRAWN_FROM.contains(&port), "{port}");
            TcpListener::bind((Ipv4Addr::LOCALHOST, port)).expect("still free once let go");
        }
    }

    #[test]
    fn a_port_taken_is_never_drawn() {
        let [taken] = free_ports().expect("a port");
        let _held = TcpListener::bind((Ipv4Addr::LOCALHOST, taken)).expect("hold it");
        for _ in 0..50 {
            let [port] = free_ports().expect("a port");
            assert_ne!(port, taken);
        }
    }
}
