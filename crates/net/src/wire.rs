//! The transport: QUIC (quinn) over TLS 1.3 (rustls), one bidirectional stream a connection,
//! run on a tokio runtime in a thread of its own. The match logic never sees a socket: it reads
//! [`FromGuest`] / [`FromHost`] from a channel and writes messages into one.
//!
//! The host's certificate is made afresh at each start and is not checked by guests: the link is
//! encrypted, and the join code lets a guest in without crossing it. Both ends run a key
//! exchange with the code as its password ([`crate::protocol::CodeExchange`]) and prove their
//! keys on this connection's TLS binding.

use crate::bounds::{Bucket, Origin};
use crate::error::{AddressError, BadMessage, LinkClosed, Malformed, Refusal, WireError};
use crate::protocol::{
    ALPN, Binding, FLOOD_LIMIT, GUEST_BURST, GUEST_RATE, MAX_GUEST_MESSAGE, MAX_HOST_MESSAGE,
    Ticket, ToGuest, ToHost, frame, parse,
};
use crate::slots::{Admission, Slots};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc as tmpsc;

/// How long a connection may stay silent before it counts as gone (keep-alives every second).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(5);
const KEEP_ALIVE: Duration = Duration::from_secs(1);

/// How long a new connection has, from its first packet, to prove the join code (its
/// handshake, its hello and its proof): a stranger's connection holds its slot no longer.
pub const PROOF_WITHIN: Duration = Duration::from_secs(3);

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
/// `localhost:7878`), or an address or name alone, on [`DEFAULT_PORT`]: the first address it
/// names ([`resolve_all`] gives every one).
pub fn resolve(text: &str) -> Result<SocketAddr, AddressError> {
    resolve_all(text).map(|all| all[0])
}

/// Every address the host's address as a person gives it names (`localhost` is both
/// `127.0.0.1` and `::1`), at least one. Refused: port 0 or a port over 65535, and an IPv6
/// address followed by a port without brackets (`::1:7878`, which is also an IPv6 address).
pub fn resolve_all(text: &str) -> Result<Vec<SocketAddr>, AddressError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AddressError::Empty);
    }
    let addrs = if let Ok(addr) = text.parse::<SocketAddr>() {
        vec![addr]
    } else if let Ok(ip) = text.parse::<std::net::Ipv6Addr>() {
        ipv6_without_brackets(text, ip)?
    } else if let Ok(ip) = text.trim_matches(['[', ']']).parse::<std::net::IpAddr>() {
        vec![SocketAddr::new(ip, DEFAULT_PORT)]
    } else {
        named_host(text)?
    };
    if addrs.iter().any(|a| a.port() == 0) {
        return Err(AddressError::PortRange(text.to_string()));
    }
    Ok(addrs)
}

/// An IPv6 address written without brackets: on the default port, unless its last group could
/// be a port (`::1:7878`), which is refused as ambiguous.
fn ipv6_without_brackets(
    text: &str,
    ip: std::net::Ipv6Addr,
) -> Result<Vec<SocketAddr>, AddressError> {
    if let Some((address, port)) = text.rsplit_once(':')
        && !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && address.parse::<std::net::Ipv6Addr>().is_ok()
    {
        return Err(AddressError::Ambiguous {
            text: text.to_string(),
            address: address.to_string(),
            port: port.to_string(),
        });
    }
    Ok(vec![SocketAddr::new(ip.into(), DEFAULT_PORT)])
}

/// A host's name (`localhost:7878`, `carrom.lan`): its addresses, IPv4 and IPv6 alike.
fn named_host(text: &str) -> Result<Vec<SocketAddr>, AddressError> {
    let with_port = match text.rsplit_once(':') {
        Some((_, port)) => {
            if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
                match port.parse::<u16>() {
                    Ok(p) if p > 0 => {}
                    _ => return Err(AddressError::PortRange(text.to_string())),
                }
            }
            text.to_string()
        }
        None => format!("{text}:{DEFAULT_PORT}"),
    };
    let mut addrs: Vec<SocketAddr> = std::net::ToSocketAddrs::to_socket_addrs(&with_port)
        .map_err(|source| AddressError::NotAnAddress {
            text: text.to_string(),
            source,
        })?
        .collect();
    // `localhost` is this machine on both: a host listening on either is found.
    let host = with_port.rsplit_once(':').map_or("", |(h, _)| h);
    if host.eq_ignore_ascii_case("localhost")
        && let Some(port) = addrs.first().map(SocketAddr::port)
    {
        for ip in [
            std::net::IpAddr::from([127, 0, 0, 1]),
            std::net::Ipv6Addr::LOCALHOST.into(),
        ] {
            if !addrs.iter().any(|a| a.ip() == ip) {
                addrs.push(SocketAddr::new(ip, port));
            }
        }
    }
    addrs.dedup();
    if addrs.is_empty() {
        return Err(AddressError::NoAddress(text.to_string()));
    }
    Ok(addrs)
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
    /// An action that came faster than the bound and was dropped: the guest is to send it
    /// again.
    Dropped {
        conn: ConnId,
        index: usize,
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
    /// The connection proved the join code: its slot is a guest's from now on.
    Proven {
        conn: ConnId,
    },
    /// The tickets of the guests seated in the match ([`Ticket`]): a connection that comes
    /// with one is let back in.
    Tickets(Vec<Ticket>),
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
    routes: Routes,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` (port 0: any free port).
    pub fn start(addr: SocketAddr) -> Result<Server, WireError> {
        let config = server_config()?;
        let (in_tx, in_rx) = mpsc::channel();
        let (out_tx, out_rx) = tmpsc::unbounded_channel();
        let inject = in_tx.clone();
        let routes: Routes = Arc::default();
        let table = routes.clone();
        let (addr, thread) = network_thread("carrom-host-net", move |ready| async move {
            let endpoint = match quinn::Endpoint::server(config, addr) {
                Ok(e) => e,
                Err(source) => {
                    let _ = ready.send(Err(WireError::Listen { addr, source }));
                    return;
                }
            };
            let _ = ready.send(Ok(endpoint.local_addr().unwrap_or(addr)));
            serve(endpoint, in_tx, out_rx, table).await;
        })?;
        Ok(Server {
            addr,
            incoming: in_rx,
            inject,
            out: out_tx,
            routes,
            thread: Some(thread),
        })
    }

    pub fn send(&self, conn: ConnId, message: ToGuest) {
        let _ = self.out.send(ToWire::Send { conn, message });
    }

    pub fn close(&self, conn: ConnId, last: ToGuest) {
        let _ = self.out.send(ToWire::Close { conn, last });
    }

    /// The connection proved the join code: it leaves the strangers' slots.
    pub fn proven(&self, conn: ConnId) {
        let _ = self.out.send(ToWire::Proven { conn });
    }

    /// The tickets of the guests seated in the match, every one (a new welcome's replaces
    /// its seats' old one): a connection that comes with one is let back in.
    pub fn tickets(&self, tickets: Vec<Ticket>) {
        let _ = self.out.send(ToWire::Tickets(tickets));
    }

    /// Whether the connection came with a seated guest's ticket: its hello is not bounded as a
    /// stranger's guess of the code is.
    pub fn is_back(&self, conn: ConnId) -> bool {
        self.routes.lock().is_ok_and(|t| t.slots.is_back(conn))
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

/// The connections' ways out (each connection's task writes what comes on its channel) and
/// their slots.
#[derive(Default)]
struct Table {
    routes: HashMap<ConnId, tmpsc::UnboundedSender<Outgoing>>,
    slots: Slots,
    /// The seated guests' tickets back in.
    tickets: HashSet<Ticket>,
}

impl Table {
    /// The connection is let go: its last message goes out, and its slot is free at once.
    fn close(&mut self, conn: ConnId, last: &ToGuest) {
        if let Some(tx) = self.routes.remove(&conn) {
            let _ = tx.send(Outgoing::Close(frame(last)));
        }
        self.slots.freed(conn);
    }

    /// The connection has ended: its way out and its slot go.
    fn close_quietly(&mut self, conn: ConnId) {
        self.routes.remove(&conn);
        self.slots.freed(conn);
    }
}

type Routes = Arc<Mutex<Table>>;

async fn serve(
    endpoint: quinn::Endpoint,
    incoming: mpsc::Sender<FromGuest>,
    mut out: tmpsc::UnboundedReceiver<ToWire>,
    routes: Routes,
) {
    let router = {
        let routes = routes.clone();
        async move {
            while let Some(w) = out.recv().await {
                let mut table = routes.lock().expect("routes");
                match w {
                    ToWire::Send { conn, message } => {
                        if let Some(tx) = table.routes.get(&conn) {
                            let _ = tx.send(Outgoing::Frame(frame(&message)));
                        }
                    }
                    ToWire::Close { conn, last } => table.close(conn, &last),
                    ToWire::Proven { conn } => table.slots.proven(conn),
                    ToWire::Tickets(tickets) => table.tickets = tickets.into_iter().collect(),
                }
            }
        }
    };
    let accept = async move {
        // Connection numbers start at 1; 0 is the host's own guest, in this process.
        let mut next: ConnId = 1;
        while let Some(connecting) = endpoint.accept().await {
            // A peer first shows that it receives at its address (a stateless retry), so an
            // address counted below is never one forged by somebody else.
            if !connecting.remote_address_validated() && connecting.may_retry() {
                let _ = connecting.retry();
                continue;
            }
            let Some(rx) = admit(&routes, next, &connecting) else {
                connecting.refuse();
                continue;
            };
            tokio::spawn(follow_guest(
                next,
                connecting,
                incoming.clone(),
                routes.clone(),
                rx,
            ));
            next += 1;
        }
    };
    tokio::select! {
        _ = router => {}
        _ = accept => {}
    }
}

/// Gives the new connection `conn` its slot ([`Slots::admission`], or
/// [`Slots::admission_back`] for a seated guest's ticket), closing the unproven one it
/// replaces: the way to it, or `None` when it is refused.
fn admit(
    routes: &Routes,
    conn: ConnId,
    connecting: &quinn::Incoming,
) -> Option<tmpsc::UnboundedReceiver<Outgoing>> {
    let origin = Origin::of(connecting.remote_address().ip());
    let mut table = routes.lock().expect("routes");
    let ticket = <Ticket>::try_from(&connecting.orig_dst_cid()[..])
        .ok()
        .filter(|t| table.tickets.contains(t));
    let admission = match ticket {
        Some(ticket) => table.slots.admission_back(ticket),
        None => table.slots.admission(origin, Instant::now()),
    };
    match admission {
        Admission::Refuse => return None,
        Admission::Replace(old) => {
            let reason = Refusal::Crowded;
            table.close(old, &ToGuest::Refused { reason });
        }
        Admission::Admit => {}
    }
    let (tx, rx) = tmpsc::unbounded_channel();
    table.routes.insert(conn, tx);
    match ticket {
        Some(ticket) => table.slots.taken_back(conn, origin, Instant::now(), ticket),
        None => table.slots.taken(conn, origin, Instant::now()),
    }
    Some(rx)
}

/// A connection let in, from its handshake (within [`PROOF_WITHIN`]) to its end.
async fn follow_guest(
    conn: ConnId,
    connecting: quinn::Incoming,
    incoming: mpsc::Sender<FromGuest>,
    routes: Routes,
    rx: tmpsc::UnboundedReceiver<Outgoing>,
) {
    if let Ok(Ok(connection)) = tokio::time::timeout(PROOF_WITHIN, connecting).await {
        let Some(binding) = binding(&connection) else {
            connection.close(2u32.into(), b"no TLS keying material");
            routes.lock().expect("routes").close_quietly(conn);
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
    routes.lock().expect("routes").close_quietly(conn);
}

/// One guest: its stream's frames read with their size and rate bounded, and our frames written.
async fn guest_connection(
    conn: ConnId,
    connection: quinn::Connection,
    incoming: &mpsc::Sender<FromGuest>,
    out: tmpsc::UnboundedReceiver<Outgoing>,
) {
    let Ok(Ok((send, recv))) = tokio::time::timeout(PROOF_WITHIN, connection.accept_bi()).await
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
        let message = match (parse::<ToHost>(&body), read) {
            (Ok(message), true) => FromGuest::Message { conn, message },
            (Err(e), true) => FromGuest::Bad {
                conn,
                why: e.into(),
            },
            // An action dropped is not lost: the guest is told to send it again.
            (Ok(ToHost::Act { index, .. }), false) => FromGuest::Dropped { conn, index },
            (_, false) => continue,
        };
        let _ = incoming.send(message);
    }
}

/// A guest's messages as a token bucket: [`GUEST_RATE`] a second on average, [`GUEST_BURST`]
/// at once; the messages over it are dropped, and a guest that keeps sending too fast is cut
/// off.
struct RateLimit {
    bucket: Bucket,
    dropped: u32,
}

impl RateLimit {
    fn new() -> RateLimit {
        RateLimit {
            bucket: Bucket::new(GUEST_RATE, GUEST_BURST, Instant::now()),
            dropped: 0,
        }
    }

    /// Takes a message that came at `now`: whether to read it, and what to tell of a message
    /// dropped (the first drop and every 50th, [`BadMessage::TooFast`]; at [`FLOOD_LIMIT`]
    /// drops, that the guest is cut off, [`BadMessage::Flooded`]).
    fn take(&mut self, now: Instant) -> (bool, Vec<BadMessage>) {
        if self.bucket.take(now) {
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
    /// The host's address this connection reached.
    pub addr: SocketAddr,
    /// The connection's TLS binding, for the proofs of the code.
    pub binding: Binding,
    /// Called after each message from the host arrives.
    pub waker: Waker,
    out: tmpsc::UnboundedSender<Vec<u8>>,
    _thread: std::thread::JoinHandle<()>,
}

/// A second address of the host is tried this long after the first, if the first has not
/// answered by then.
pub const NEXT_ADDRESS_AFTER: Duration = Duration::from_millis(250);

impl Client {
    /// Connects to the host at `addr` within `timeout`; the error says why not.
    pub fn connect(addr: SocketAddr, timeout: Duration) -> Result<Client, WireError> {
        Client::connect_first(&[addr], None, timeout)
    }

    /// Connects to the first of `addrs` that answers within `timeout`: each is tried
    /// [`NEXT_ADDRESS_AFTER`] after the one before it (or as soon as that one fails), from
    /// `local` when given (any address of this machine otherwise). The error is the first
    /// address's.
    pub fn connect_first(
        addrs: &[SocketAddr],
        local: Option<SocketAddr>,
        timeout: Duration,
    ) -> Result<Client, WireError> {
        Client::connect_back(addrs, local, timeout, None)
    }

    /// As [`Client::connect_first`], by a guest seated in the match coming back with its
    /// `ticket` (the first destination id of its connection, which the host reads before
    /// anything else).
    pub fn connect_back(
        addrs: &[SocketAddr],
        local: Option<SocketAddr>,
        timeout: Duration,
        ticket: Option<Ticket>,
    ) -> Result<Client, WireError> {
        let mut config = client_config()?;
        if let Some(ticket) = ticket {
            config.initial_dst_cid_provider(Arc::new(move || quinn::ConnectionId::new(&ticket)));
        }
        let (in_tx, in_rx) = mpsc::channel();
        let (out_tx, out_rx) = tmpsc::unbounded_channel::<Vec<u8>>();
        let waker: Waker = Arc::default();
        let woken = waker.clone();
        let addrs = addrs.to_vec();
        let ((addr, binding), thread) =
            network_thread("carrom-guest-net", move |ready| async move {
                let o = match open_first(addrs, local, config, timeout).await {
                    Ok(opened) => opened,
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                let _ = ready.send(Ok((o.connection.remote_address(), o.binding)));
                host_connection(o.connection, o.send, o.recv, in_tx, out_rx, woken).await;
                o.endpoint.wait_idle().await;
            })?;
        Ok(Client {
            incoming: in_rx,
            addr,
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

/// The first of `addrs` to answer ([`Client::connect_first`]); the others are dropped.
async fn open_first(
    addrs: Vec<SocketAddr>,
    local: Option<SocketAddr>,
    config: quinn::ClientConfig,
    timeout: Duration,
) -> Result<Opened, WireError> {
    let (tx, mut rx) = tmpsc::unbounded_channel();
    let mut tries = Vec::new();
    let mut errors: Vec<Option<WireError>> = addrs.iter().map(|_| None).collect();
    let mut failed = 0;
    for (i, &addr) in addrs.iter().enumerate() {
        let (tx, config) = (tx.clone(), config.clone());
        tries.push(tokio::spawn(async move {
            let _ = tx.send((i, open(addr, local, config, timeout).await));
        }));
        let last = i + 1 == addrs.len();
        // Wait for an answer: the next address is tried after a while, or when every try
        // so far has failed.
        while failed < tries.len() {
            let got = if last {
                rx.recv().await
            } else {
                match tokio::time::timeout(NEXT_ADDRESS_AFTER, rx.recv()).await {
                    Ok(got) => got,
                    Err(_) => break,
                }
            };
            match got {
                Some((_, Ok(opened))) => {
                    tries.iter().for_each(|t| t.abort());
                    return Ok(opened);
                }
                Some((at, Err(e))) => {
                    errors[at] = Some(e);
                    failed += 1;
                }
                None => break,
            }
        }
    }
    Err(errors
        .into_iter()
        .flatten()
        .next()
        .unwrap_or(WireError::ThreadStopped))
}

/// Connects to the host at `addr` (from `local`, or any address of this machine) and opens
/// the stream, within `timeout`.
async fn open(
    addr: SocketAddr,
    local: Option<SocketAddr>,
    config: quinn::ClientConfig,
    timeout: Duration,
) -> Result<Opened, WireError> {
    let local: SocketAddr = local.unwrap_or(if addr.is_ipv6() {
        "[::]:0".parse().expect("an address")
    } else {
        "0.0.0.0:0".parse().expect("an address")
    });
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
        assert_eq!(at("2001:db8::1"), Ok("[2001:db8::1]:7878".into()));
        assert!(resolve("").unwrap_err().to_string().contains("no address"));
        assert!(resolve("127.0.0.1:notaport").is_err());
    }

    #[test]
    fn localhost_is_both_loopback_addresses() {
        let all = resolve_all("localhost:9000").unwrap();
        for a in ["127.0.0.1:9000", "[::1]:9000"] {
            assert!(all.contains(&a.parse().unwrap()), "{a} in {all:?}");
        }
        let all = resolve_all("LOCALHOST").unwrap();
        assert!(all.iter().all(|a| a.port() == DEFAULT_PORT), "{all:?}");
    }

    #[test]
    fn an_ipv6_address_and_a_port_without_brackets_and_port_zero_are_refused() {
        let e = resolve("::1:7878").unwrap_err().to_string();
        assert!(e.contains("write [::1]:7878"), "{e}");
        assert!(e.contains("[::1:7878]"), "{e}");
        let e = resolve("2001:db8::1:80").unwrap_err().to_string();
        assert!(e.contains("[2001:db8::1]:80"), "{e}");
        for zero in ["127.0.0.1:0", "[::1]:0", "localhost:0", "localhost:70000"] {
            let e = resolve(zero).unwrap_err().to_string();
            assert!(e.contains("the port must be 1 to 65535"), "{zero}: {e}");
        }
        assert_eq!(
            resolve("[::1:7878]").unwrap(),
            "[::1:7878]:7878".parse().unwrap()
        );
    }
}
