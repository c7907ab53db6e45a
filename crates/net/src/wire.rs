//! The transport: QUIC (quinn) over TLS 1.3 (rustls), one bidirectional stream a connection,
//! run on a tokio runtime in a thread of its own. The match logic never sees a socket: it reads
//! [`FromGuest`] / [`FromHost`] from a channel and writes messages into one.
//!
//! The host's certificate is made afresh at each start and is not checked by guests: the link is
//! encrypted, and the join code lets a guest in without crossing it. Both ends run a key
//! exchange with the code as its password ([`crate::protocol::CodeExchange`]) and prove their
//! keys on this connection's TLS binding.

use crate::error::{AddressError, BadMessage, LinkClosed, Malformed, WireError};
use crate::protocol::{
    ALPN, Binding, FLOOD_LIMIT, GUEST_BURST, GUEST_RATE, MAX_GUEST_MESSAGE, MAX_HOST_MESSAGE,
    ToGuest, ToHost, frame, parse,
};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc as tmpsc;

/// How long a connection may stay silent before it counts as gone (keep-alives every second).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(5);
const KEEP_ALIVE: Duration = Duration::from_secs(1);

/// The most connections a host keeps at once (players, spectators and peers not yet past their
/// hello); more are refused.
pub const MAX_CONNECTIONS: usize = 32;

/// Called after each message is handed to the guest (the game's window wakes to read it).
pub type Waker = Arc<Mutex<Option<Box<dyn Fn() + Send>>>>;

/// Calls the waker, if one is set.
pub fn wake(waker: &Waker) {
    if let Ok(w) = waker.lock()
        && let Some(w) = w.as_ref()
    {
        w();
    }
}

/// The port a host listens on unless told otherwise, and a guest's when its address has none.
pub const DEFAULT_PORT: u16 = 7878;

/// The host's address as a person gives it: `HOST:PORT` (`192.168.1.20:7878`, `[::1]:7878`,
/// `localhost:7878`), or an address or name alone, on [`DEFAULT_PORT`].
pub fn resolve(text: &str) -> Result<SocketAddr, AddressError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AddressError::Empty);
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    if let Ok(ip) = text.trim_matches(['[', ']']).parse::<std::net::IpAddr>() {
        return Ok(SocketAddr::new(ip, DEFAULT_PORT));
    }
    let with_port = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:{DEFAULT_PORT}")
    };
    std::net::ToSocketAddrs::to_socket_addrs(&with_port)
        .map_err(|source| AddressError::NotAnAddress {
            text: text.to_string(),
            source,
        })?
        .next()
        .ok_or_else(|| AddressError::NoAddress(text.to_string()))
}

/// A connection's number at the host.
pub type ConnId = u64;

/// What the host's transport hands the match logic.
#[derive(Debug)]
pub enum FromGuest {
    Connected {
        conn: ConnId,
        from: SocketAddr,
        /// The connection's TLS binding, for the guest's proof of the code.
        binding: Binding,
    },
    Message {
        conn: ConnId,
        message: ToHost,
    },
    /// A message that could not be read (malformed, too large, too fast).
    Bad {
        conn: ConnId,
        why: BadMessage,
    },
    Closed {
        conn: ConnId,
    },
}

/// What the host's match logic hands the transport.
#[derive(Debug)]
pub enum ToWire {
    Send {
        conn: ConnId,
        message: ToGuest,
    },
    /// Send this message, then close the connection.
    Close {
        conn: ConnId,
        last: ToGuest,
    },
}

/// What a guest's transport hands the guest.
#[derive(Debug)]
pub enum FromHost {
    Message(ToGuest),
    Bad(Malformed),
    /// The connection ended.
    Closed(LinkClosed),
}

fn transport() -> Arc<quinn::TransportConfig> {
    let mut t = quinn::TransportConfig::default();
    t.max_idle_timeout(Some(IDLE_TIMEOUT.try_into().expect("a short timeout")));
    t.keep_alive_interval(Some(KEEP_ALIVE));
    t.max_concurrent_uni_streams(0u8.into());
    t.max_concurrent_bidi_streams(1u8.into());
    Arc::new(t)
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

fn server_config() -> Result<quinn::ServerConfig, WireError> {
    let cert = rcgen::generate_simple_self_signed(vec!["carrom".into()])
        .map_err(WireError::Certificate)?;
    let der = rustls::pki_types::CertificateDer::from(cert.cert);
    let key = rustls::pki_types::PrivatePkcs8KeyDer::from(cert.signing_key.serialize_der());
    let mut tls = rustls::ServerConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(WireError::Tls)?
        .with_no_client_auth()
        .with_single_cert(vec![der], key.into())
        .map_err(WireError::UseCertificate)?;
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let crypto = quinn::crypto::rustls::QuicServerConfig::try_from(tls)?;
    let mut config = quinn::ServerConfig::with_crypto(Arc::new(crypto));
    config.transport_config(transport());
    Ok(config)
}

fn client_config() -> Result<quinn::ClientConfig, WireError> {
    let mut tls = rustls::ClientConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(WireError::Tls)?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(AnyHostCertificate(provider())))
        .with_no_client_auth();
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let crypto = quinn::crypto::rustls::QuicClientConfig::try_from(tls)?;
    let mut config = quinn::ClientConfig::new(Arc::new(crypto));
    config.transport_config(transport());
    Ok(config)
}

/// The host's certificate is made at its start, so a guest has nothing to check it against:
/// it accepts any certificate (the handshake's signatures are still checked, so the link is
/// encrypted to whoever holds the key).
#[derive(Debug)]
struct AnyHostCertificate(Arc<rustls::crypto::CryptoProvider>);

impl rustls::client::danger::ServerCertVerifier for AnyHostCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &rustls::pki_types::CertificateDer<'_>,
        _intermediates: &[rustls::pki_types::CertificateDer<'_>],
        _server_name: &rustls::pki_types::ServerName<'_>,
        _ocsp: &[u8],
        _now: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        Ok(rustls::client::danger::ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// Runs `work` on a tokio runtime in a thread of its own. `work` says through its sender when
/// it is ready (or why it cannot be), and this waits for that word.
fn network_thread<T, F>(
    name: &str,
    work: impl FnOnce(mpsc::Sender<Result<T, WireError>>) -> F + Send + 'static,
) -> Result<(T, std::thread::JoinHandle<()>), WireError>
where
    T: Send + 'static,
    F: std::future::Future<Output = ()>,
{
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(WireError::Thread)?;
    let (ready_tx, ready_rx) = mpsc::channel();
    let thread = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || rt.block_on(work(ready_tx)))
        .map_err(WireError::Thread)?;
    let ready = ready_rx.recv().map_err(|_| WireError::ThreadStopped)??;
    Ok((ready, thread))
}

/// The host's side of the network: listening on `addr`, its incoming messages in `incoming`.
pub struct Server {
    pub addr: SocketAddr,
    pub incoming: mpsc::Receiver<FromGuest>,
    /// The same channel's sender, for a guest in this process (the windowed host's own seats).
    pub inject: mpsc::Sender<FromGuest>,
    out: tmpsc::UnboundedSender<ToWire>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` (port 0: any free port).
    pub fn start(addr: SocketAddr) -> Result<Server, WireError> {
        let config = server_config()?;
        let (in_tx, in_rx) = mpsc::channel();
        let (out_tx, out_rx) = tmpsc::unbounded_channel();
        let inject = in_tx.clone();
        let (addr, thread) = network_thread("carrom-host-net", move |ready| async move {
            let endpoint = match quinn::Endpoint::server(config, addr) {
                Ok(e) => e,
                Err(source) => {
                    let _ = ready.send(Err(WireError::Listen { addr, source }));
                    return;
                }
            };
            let _ = ready.send(Ok(endpoint.local_addr().unwrap_or(addr)));
            serve(endpoint, in_tx, out_rx).await;
        })?;
        Ok(Server {
            addr,
            incoming: in_rx,
            inject,
            out: out_tx,
            thread: Some(thread),
        })
    }

    pub fn send(&self, conn: ConnId, message: ToGuest) {
        let _ = self.out.send(ToWire::Send { conn, message });
    }

    pub fn close(&self, conn: ConnId, last: ToGuest) {
        let _ = self.out.send(ToWire::Close { conn, last });
    }
}

impl Drop for Server {
    /// Stops listening: closing the channel to the network's thread ends it, and waiting for it
    /// frees the port before this returns (a host started next may listen on it at once).
    fn drop(&mut self) {
        let (closed, _) = tmpsc::unbounded_channel();
        drop(std::mem::replace(&mut self.out, closed));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

enum Outgoing {
    Frame(Vec<u8>),
    Close(Vec<u8>),
}

type Routes = Arc<Mutex<HashMap<ConnId, tmpsc::UnboundedSender<Outgoing>>>>;

async fn serve(
    endpoint: quinn::Endpoint,
    incoming: mpsc::Sender<FromGuest>,
    mut out: tmpsc::UnboundedReceiver<ToWire>,
) {
    let routes: Routes = Arc::default();
    let router = {
        let routes = routes.clone();
        async move {
            while let Some(w) = out.recv().await {
                let (conn, item) = match w {
                    ToWire::Send { conn, message } => (conn, Outgoing::Frame(frame(&message))),
                    ToWire::Close { conn, last } => (conn, Outgoing::Close(frame(&last))),
                };
                if let Some(tx) = routes.lock().expect("routes").get(&conn) {
                    let _ = tx.send(item);
                }
            }
        }
    };
    let accept = async move {
        // Connection numbers start at 1; 0 is the host's own guest, in this process.
        let mut next: ConnId = 1;
        while let Some(connecting) = endpoint.accept().await {
            if routes.lock().expect("routes").len() >= MAX_CONNECTIONS {
                connecting.refuse();
                continue;
            }
            let conn = next;
            next += 1;
            let (tx, rx) = tmpsc::unbounded_channel();
            routes.lock().expect("routes").insert(conn, tx);
            let incoming = incoming.clone();
            let routes = routes.clone();
            tokio::spawn(async move {
                if let Ok(connection) = connecting.await {
                    let Some(binding) = binding(&connection) else {
                        connection.close(2u32.into(), b"no TLS keying material");
                        routes.lock().expect("routes").remove(&conn);
                        return;
                    };
                    let _ = incoming.send(FromGuest::Connected {
                        conn,
                        from: connection.remote_address(),
                        binding,
                    });
                    guest_connection(conn, connection, &incoming, rx).await;
                    let _ = incoming.send(FromGuest::Closed { conn });
                }
                routes.lock().expect("routes").remove(&conn);
            });
        }
    };
    tokio::select! {
        _ = router => {}
        _ = accept => {}
    }
}

/// One guest: its stream's frames read with their size and rate bounded, and our frames written.
async fn guest_connection(
    conn: ConnId,
    connection: quinn::Connection,
    incoming: &mpsc::Sender<FromGuest>,
    out: tmpsc::UnboundedReceiver<Outgoing>,
) {
    let Ok(Ok((send, recv))) =
        tokio::time::timeout(Duration::from_secs(10), connection.accept_bi()).await
    else {
        connection.close(1u32.into(), b"no stream");
        return;
    };
    let writer = write_to_guest(send, out, connection.clone());
    tokio::pin!(writer);
    tokio::select! {
        _ = &mut writer => {}
        _ = read_from_guest(conn, recv, incoming) => {
            // The guest is cut off: the host's answer to its last message (a refusal) still
            // goes out before the connection closes.
            let _ = tokio::time::timeout(Duration::from_millis(500), &mut writer).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }
    connection.close(0u32.into(), b"bye");
}

/// Writes the host's frames to a guest until the host closes the connection (after its last
/// message) or the stream fails.
async fn write_to_guest(
    mut send: quinn::SendStream,
    mut out: tmpsc::UnboundedReceiver<Outgoing>,
    connection: quinn::Connection,
) {
    while let Some(item) = out.recv().await {
        match item {
            Outgoing::Frame(bytes) => {
                if send.write_all(&bytes).await.is_err() {
                    break;
                }
            }
            Outgoing::Close(bytes) => {
                let _ = send.write_all(&bytes).await;
                let _ = send.finish();
                // Give the last message time to arrive before the connection closes.
                let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
                connection.close(0u32.into(), b"closed by the host");
                break;
            }
        }
    }
}

/// Reads a guest's frames into `incoming` until the stream ends, a frame is over the size
/// limit, or the guest floods the host.
async fn read_from_guest(
    conn: ConnId,
    mut recv: quinn::RecvStream,
    incoming: &mpsc::Sender<FromGuest>,
) {
    let mut rate = RateLimit::new();
    loop {
        let mut len = [0u8; 4];
        if recv.read_exact(&mut len).await.is_err() {
            break;
        }
        let len = u32::from_be_bytes(len) as usize;
        if len > MAX_GUEST_MESSAGE {
            let why = BadMessage::TooLarge(len);
            let _ = incoming.send(FromGuest::Bad { conn, why });
            break;
        }
        let mut body = vec![0u8; len];
        if recv.read_exact(&mut body).await.is_err() {
            break;
        }
        let (read, tell) = rate.take(Instant::now());
        let cut_off = tell.iter().any(|why| matches!(why, BadMessage::Flooded(_)));
        for why in tell {
            let _ = incoming.send(FromGuest::Bad { conn, why });
        }
        if cut_off {
            break;
        }
        if !read {
            continue;
        }
        let _ = incoming.send(match parse::<ToHost>(&body) {
            Ok(message) => FromGuest::Message { conn, message },
            Err(e) => FromGuest::Bad {
                conn,
                why: e.into(),
            },
        });
    }
}

/// A guest's messages as a token bucket: [`GUEST_RATE`] a second on average, [`GUEST_BURST`]
/// at once; the messages over it are dropped, and a guest that keeps sending too fast is cut
/// off.
struct RateLimit {
    bucket: f64,
    last: Instant,
    dropped: u32,
}

impl RateLimit {
    fn new() -> RateLimit {
        RateLimit {
            bucket: GUEST_BURST,
            last: Instant::now(),
            dropped: 0,
        }
    }

    /// Takes a message that came at `now`: whether to read it, and what to tell of a message
    /// dropped (the first drop and every 50th, [`BadMessage::TooFast`]; at [`FLOOD_LIMIT`]
    /// drops, that the guest is cut off, [`BadMessage::Flooded`]).
    fn take(&mut self, now: Instant) -> (bool, Vec<BadMessage>) {
        self.bucket = (self.bucket + now.duration_since(self.last).as_secs_f64() * GUEST_RATE)
            .min(GUEST_BURST);
        self.last = now;
        if self.bucket >= 1.0 {
            self.bucket -= 1.0;
            return (true, Vec::new());
        }
        self.dropped += 1;
        let mut tell = Vec::new();
        if self.dropped == 1 || self.dropped.is_multiple_of(50) {
            tell.push(BadMessage::TooFast(self.dropped));
        }
        if self.dropped >= FLOOD_LIMIT {
            tell.push(BadMessage::Flooded(self.dropped));
        }
        (false, tell)
    }
}

/// The label both ends export their connection's binding under.
const BINDING_LABEL: &[u8] = b"EXPORTER-carrom-join-code";

/// The connection's TLS binding ([`Binding`]); `None` if the TLS session cannot export it (a
/// TLS 1.3 session always can), and the connection is then not used.
fn binding(connection: &quinn::Connection) -> Option<Binding> {
    let mut out = [0u8; 32];
    connection
        .export_keying_material(&mut out, BINDING_LABEL, b"")
        .ok()
        .map(|()| out)
}

/// A guest's side of the network: connected to the host, its messages in `incoming`.
pub struct Client {
    pub incoming: mpsc::Receiver<FromHost>,
    /// The connection's TLS binding, for the proofs of the code.
    pub binding: Binding,
    /// Called after each message from the host arrives.
    pub waker: Waker,
    out: tmpsc::UnboundedSender<Vec<u8>>,
    _thread: std::thread::JoinHandle<()>,
}

impl Client {
    /// Connects to the host at `addr` within `timeout`; the error says why not.
    pub fn connect(addr: SocketAddr, timeout: Duration) -> Result<Client, WireError> {
        let config = client_config()?;
        let (in_tx, in_rx) = mpsc::channel();
        let (out_tx, out_rx) = tmpsc::unbounded_channel::<Vec<u8>>();
        let waker: Waker = Arc::default();
        let woken = waker.clone();
        let (binding, thread) = network_thread("carrom-guest-net", move |ready| async move {
            let o = match open(addr, config, timeout).await {
                Ok(opened) => opened,
                Err(e) => {
                    let _ = ready.send(Err(e));
                    return;
                }
            };
            let _ = ready.send(Ok(o.binding));
            host_connection(o.connection, o.send, o.recv, in_tx, out_rx, woken).await;
            o.endpoint.wait_idle().await;
        })?;
        Ok(Client {
            incoming: in_rx,
            binding,
            waker,
            out: out_tx,
            _thread: thread,
        })
    }

    pub fn send(&self, message: &ToHost) {
        let _ = self.out.send(frame(message));
    }

    /// Sends raw bytes (the hostile-peer tests send what no guest would).
    pub fn send_bytes(&self, bytes: Vec<u8>) {
        let _ = self.out.send(bytes);
    }
}

/// A guest's connection to its host: the endpoint it was made from, its stream and its TLS
/// binding.
struct Opened {
    endpoint: quinn::Endpoint,
    connection: quinn::Connection,
    send: quinn::SendStream,
    recv: quinn::RecvStream,
    binding: Binding,
}

/// Connects to the host at `addr` and opens the stream, within `timeout`.
async fn open(
    addr: SocketAddr,
    config: quinn::ClientConfig,
    timeout: Duration,
) -> Result<Opened, WireError> {
    let local: SocketAddr = if addr.is_ipv6() {
        "[::]:0".parse().expect("an address")
    } else {
        "0.0.0.0:0".parse().expect("an address")
    };
    let mut endpoint = quinn::Endpoint::client(local).map_err(WireError::Socket)?;
    endpoint.set_default_client_config(config);
    let connecting = endpoint
        .connect(addr, "carrom")
        .map_err(|source| WireError::Connect { addr, source })?;
    let opened = tokio::time::timeout(timeout, async {
        let connection = connecting.await?;
        let (send, recv) = connection.open_bi().await?;
        Ok::<_, quinn::ConnectionError>((connection, send, recv))
    })
    .await;
    let (connection, send, recv) = opened
        .map_err(|_| WireError::NoAnswer {
            addr,
            within: timeout,
        })?
        .map_err(|source| WireError::Connection { addr, source })?;
    let binding = binding(&connection).ok_or(WireError::NoBinding(addr))?;
    Ok(Opened {
        endpoint,
        connection,
        send,
        recv,
        binding,
    })
}

async fn host_connection(
    connection: quinn::Connection,
    mut send: quinn::SendStream,
    mut recv: quinn::RecvStream,
    incoming: mpsc::Sender<FromHost>,
    mut out: tmpsc::UnboundedReceiver<Vec<u8>>,
    waker: Waker,
) {
    let writer = async move {
        while let Some(bytes) = out.recv().await {
            if send.write_all(&bytes).await.is_err() {
                break;
            }
        }
        // The guest is done: finish the stream so its last message is delivered.
        let _ = send.finish();
        let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
    };
    let reader = async {
        loop {
            let mut len = [0u8; 4];
            if let Err(e) = recv.read_exact(&mut len).await {
                return match e {
                    quinn::ReadExactError::FinishedEarly(_) => LinkClosed::HostClosed,
                    e => LinkClosed::Lost(e),
                };
            }
            let len = u32::from_be_bytes(len) as usize;
            if len > MAX_HOST_MESSAGE {
                return LinkClosed::TooLarge(len);
            }
            let mut body = vec![0u8; len];
            if let Err(e) = recv.read_exact(&mut body).await {
                return LinkClosed::Lost(e);
            }
            let _ = incoming.send(match parse::<ToGuest>(&body) {
                Ok(m) => FromHost::Message(m),
                Err(e) => FromHost::Bad(e),
            });
            wake(&waker);
        }
    };
    let why = tokio::select! {
        why = reader => why,
        _ = writer => LinkClosed::GuestLeft,
    };
    let _ = incoming.send(FromHost::Closed(why));
    wake(&waker);
    connection.close(0u32.into(), b"bye");
}

/// This machine's addresses, loopback last: the addresses a host tells its guests.
pub fn interface_addresses() -> Vec<std::net::IpAddr> {
    let mut out = Vec::new();
    #[cfg(unix)]
    // SAFETY: getifaddrs fills a list we only read, and free it with freeifaddrs.
    unsafe {
        let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
        if libc::getifaddrs(&mut list) == 0 {
            let mut at = list;
            while !at.is_null() {
                let a = (*at).ifa_addr;
                if !a.is_null() {
                    match i32::from((*a).sa_family) {
                        libc::AF_INET => {
                            let v4 = &*(a as *const libc::sockaddr_in);
                            out.push(std::net::IpAddr::from(
                                u32::from_be(v4.sin_addr.s_addr).to_be_bytes(),
                            ));
                        }
                        libc::AF_INET6 => {
                            let v6 = &*(a as *const libc::sockaddr_in6);
                            let ip = std::net::Ipv6Addr::from(v6.sin6_addr.s6_addr);
                            // Link-local addresses need a scope to be reached: not useful to give.
                            if (ip.segments()[0] & 0xffc0) != 0xfe80 {
                                out.push(std::net::IpAddr::V6(ip));
                            }
                        }
                        _ => {}
                    }
                }
                at = (*at).ifa_next;
            }
            libc::freeifaddrs(list);
        }
    }
    out.sort_by_key(|a| (a.is_loopback(), a.is_ipv6()));
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_without_a_port_is_on_the_default_port() {
        let at = |s: &str| resolve(s).map(|a| a.to_string()).map_err(|e| e.to_string());
        assert_eq!(at("127.0.0.1:9000"), Ok("127.0.0.1:9000".into()));
        assert_eq!(at(" 127.0.0.1 "), Ok("127.0.0.1:7878".into()));
        assert_eq!(at("[::1]:9000"), Ok("[::1]:9000".into()));
        assert_eq!(at("::1"), Ok("[::1]:7878".into()));
        assert!(resolve("").unwrap_err().to_string().contains("no address"));
        assert!(resolve("127.0.0.1:notaport").is_err());
    }
}
