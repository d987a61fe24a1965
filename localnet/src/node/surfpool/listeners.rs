//! surfpool 1.6.1 always opens its own servers, JSON-RPC over HTTP (six listeners sharing a
//! TCP port, `SO_REUSEPORT`) and WebSocket, and has no way to start without them, bind them
//! elsewhere than TCP, check a secret, or close them from outside. The node runs surfpool's
//! methods in process (`rpc_methods`, `pubsub_methods`), so those servers are of no use to it,
//! and any process on the machine that lists sockets could reach surfpool there, past every
//! check of the fronts. So the node closes their listeners as soon as surfpool has opened them:
//! the only module that touches surfpool's sockets.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};

use crate::node::NodeError;

/// A loopback port free now, for surfpool's HTTP server (closed once it starts).
pub fn free_loopback_port() -> Result<u16, NodeError> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .map_err(|error| NodeError::Start(format!("no free loopback port: {error}")))
}

/// One of surfpool's servers, by how its listener is closed.
#[derive(Clone, Copy, Debug)]
pub enum Server {
    /// jsonrpc-http-server: its listeners are shut down in place (`shutdown(2)`); its accept
    /// loops then retry once a second, failing each time.
    JsonRpc,
    /// jsonrpc-ws-server: its event loop polls the listener level-triggered, so one shut down
    /// in place would wake it without end. Its descriptor is made `/dev/null`'s instead, which
    /// closes the socket and takes it out of the poll (a poll forgets a socket once its last
    /// descriptor closes); the server never reads that descriptor again.
    WebSocket,
}

impl Server {
    fn name(self) -> &'static str {
        match self {
            Self::JsonRpc => "JSON-RPC",
            Self::WebSocket => "WebSocket",
        }
    }
}

/// Closes every socket of this process on loopback `port`: `server`'s listeners, and any
/// connection a local process made to them in the moment before (it would outlive its
/// listener). Then checks that nothing answers there any more.
#[cfg(target_os = "linux")]
pub fn close(port: u16, server: Server) -> Result<(), NodeError> {
    let descriptors = std::fs::read_dir("/proc/self/fd")
        .map_err(|error| NodeError::Start(format!("cannot list the node's sockets: {error}")))?;
    let sockets: Vec<(libc::c_int, bool)> = descriptors
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
        .filter_map(|fd| Some((fd, on_port(fd, port)?)))
        .collect();
    let mut listeners = 0;
    for (fd, listening) in sockets {
        let closed = match server {
            Server::JsonRpc => shut_down(fd),
            Server::WebSocket => replace_with_null(fd)?,
        };
        listeners += usize::from(closed && listening);
    }
    let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    if listeners == 0 || TcpStream::connect(loopback).is_ok() {
        return Err(NodeError::Start(format!(
            "surfpool's own {} server on 127.0.0.1:{port} could not be closed ({listeners} \
             listeners closed); it would let any local process past the fronts' checks",
            server.name()
        )));
    }
    Ok(())
}

#[cfg(target_os = "linux")]
fn shut_down(fd: libc::c_int) -> bool {
    // SAFETY: `shutdown` takes any descriptor and changes nothing but a socket's state; this
    // one is a TCP socket on surfpool's port, which nothing of the node uses.
    unsafe { libc::shutdown(fd, libc::SHUT_RDWR) == 0 }
}

/// Makes descriptor `fd` refer to `/dev/null`, closing the socket it referred to.
#[cfg(target_os = "linux")]
fn replace_with_null(fd: libc::c_int) -> Result<bool, NodeError> {
    let null = std::fs::File::open("/dev/null")
        .map_err(|error| NodeError::Start(format!("cannot open /dev/null: {error}")))?;
    // SAFETY: both descriptors are open; `dup3` atomically closes `fd` (a TCP socket on
    // surfpool's port, which nothing of the node uses) and makes it a copy of `null`'s, which
    // stays valid after `null` closes.
    Ok(unsafe { libc::dup3(std::os::fd::AsRawFd::as_raw_fd(&null), fd, libc::O_CLOEXEC) } == fd)
}

/// Elsewhere the node cannot close another part's listener in place: the server stays open,
/// and the node says so.
#[cfg(not(target_os = "linux"))]
pub fn close(port: u16, server: Server) -> Result<(), NodeError> {
    eprintln!(
        "localnet: surfpool's own {} server stays open on 127.0.0.1:{port} (only Linux lets \
         the node close it): local processes can reach it past the fronts' checks",
        server.name()
    );
    Ok(())
}

/// Whether descriptor `fd` is an IPv4 socket on local `port`: `None` if not, else whether it
/// listens.
#[cfg(target_os = "linux")]
fn on_port(fd: libc::c_int, port: u16) -> Option<bool> {
    // SAFETY: all zeroes is a valid `sockaddr_in` (a plain C struct).
    let mut address: libc::sockaddr_in = unsafe { std::mem::zeroed() };
    let mut length = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: `address` is a writable `sockaddr_in` of `length` bytes; a descriptor that is no
    // IPv4 socket fails or reports another family.
    let named = unsafe {
        libc::getsockname(
            fd,
            std::ptr::addr_of_mut!(address).cast::<libc::sockaddr>(),
            &mut length,
        )
    } == 0;
    if !named
        || libc::c_int::from(address.sin_family) != libc::AF_INET
        || u16::from_be(address.sin_port) != port
    {
        return None;
    }
    let mut listening: libc::c_int = 0;
    let mut size = std::mem::size_of::<libc::c_int>() as libc::socklen_t;
    // SAFETY: `listening` is a writable `c_int` of `size` bytes.
    let asked = unsafe {
        libc::getsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_ACCEPTCONN,
            std::ptr::addr_of_mut!(listening).cast::<libc::c_void>(),
            &mut size,
        )
    } == 0;
    Some(asked && listening == 1)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn every_listener_and_connection_on_the_port_is_closed_and_nothing_else() {
        use std::io::Read;

        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a listener");
        let port = listener.local_addr().expect("its address").port();
        // A connection made before the close, accepted on the server's side.
        let mut early = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).expect("connected");
        let (_accepted, _) = listener.accept().expect("accepted");
        let other = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("another");
        let other_port = other.local_addr().expect("its address").port();
        close(port, Server::JsonRpc).expect("closed");
        assert!(TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err());
        assert_eq!(
            early.read(&mut [0; 8]).ok(),
            Some(0),
            "the early connection ended"
        );
        assert!(TcpStream::connect((Ipv4Addr::LOCALHOST, other_port)).is_ok());
    }

    #[test]
    fn a_websocket_listener_is_replaced_by_null_and_nothing_else_is_touched() {
        use std::os::fd::AsRawFd;

        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a listener");
        let port = listener.local_addr().expect("its address").port();
        let other = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("another");
        let other_port = other.local_addr().expect("its address").port();
        close(port, Server::WebSocket).expect("closed");
        assert!(TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err());
        // The listener's descriptor is open, and no socket any more.
        let target = std::fs::read_link(format!("/proc/self/fd/{}", listener.as_raw_fd()))
            .expect("the descriptor is open");
        assert_eq!(target, std::path::Path::new("/dev/null"));
        assert!(TcpStream::connect((Ipv4Addr::LOCALHOST, other_port)).is_ok());
    }

    #[test]
    fn a_port_nothing_listens_on_is_reported() {
        let port = free_loopback_port().expect("a free port");
        assert!(close(port, Server::JsonRpc).is_err());
        assert!(close(port, Server::WebSocket).is_err());
    }
}
