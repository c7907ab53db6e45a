//! The server's TCP connections, bounded from the moment each is accepted: how many are open in
//! all and from one address (before any byte is read, so connections that never send a
//! request, or drip their headers a byte at a time, are counted like any other), and how long
//! one may go quiet: its request's headers within [`HEADERS_WITHIN`] of its opening, then
//! nothing read and nothing written for [`QUIET_FOR`] (a WebSocket is pinged long before:
//! [`crate::ws`]). Over a bound, a new connection is closed at once.

use carrom_remote::Origin;
use std::collections::HashMap;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// A connection's request headers come within this long of its opening ...
pub const HEADERS_WITHIN: Duration = Duration::from_secs(10);
/// ... and then it is closed once nothing was read or written for this long.
pub const QUIET_FOR: Duration = Duration::from_secs(90);

/// Open connections, in all and by address, and their bounds: the TCP connections here, the
/// WebSockets at [`crate::ws`].
#[derive(Debug)]
pub(crate) struct Open {
    by_origin: Mutex<(usize, HashMap<Origin, usize>)>,
    most: usize,
    most_from_one: usize,
}

/// One open connection, counted until it is dropped.
#[derive(Debug)]
pub(crate) struct Ticket {
    open: Arc<Open>,
    origin: Origin,
    /// How many its address had open with it, as it was let in (1: the first).
    pub(crate) nth: usize,
}

/// The bound a connection is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Over {
    All,
    FromOne,
}

impl Open {
    pub(crate) fn new(most: usize, most_from_one: usize) -> Arc<Open> {
        Arc::new(Open {
            by_origin: Mutex::new((0, HashMap::new())),
            most,
            most_from_one,
        })
    }

    /// Counts a connection from `origin`, or the bound it is over.
    pub(crate) fn admit(self: &Arc<Self>, origin: Origin) -> Result<Ticket, Over> {
        let mut counts = self.by_origin.lock().map_err(|_| Over::All)?;
        let (all, by_origin) = &mut *counts;
        if *all >= self.most {
            return Err(Over::All);
        }
        let mine = by_origin.get(&origin).copied().unwrap_or(0);
        if mine >= self.most_from_one {
            return Err(Over::FromOne);
        }
        *all += 1;
        by_origin.insert(origin, mine + 1);
        Ok(Ticket {
            open: self.clone(),
            origin,
            nth: mine + 1,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Ok(mut counts) = self.open.by_origin.lock() {
            let (all, by_origin) = &mut *counts;
            *all -= 1;
            if let Some(n) = by_origin.get_mut(&self.origin) {
                *n -= 1;
                if *n == 0 {
                    by_origin.remove(&self.origin);
                }
            }
        }
    }
}

/// The server's TCP listener, its connections counted and guarded.
pub(crate) struct Guarded {
    tcp: TcpListener,
    open: Arc<Open>,
}

impl Guarded {
    pub(crate) fn new(tcp: TcpListener, open: Arc<Open>) -> Guarded {
        Guarded { tcp, open }
    }

    /// The next connection within the bounds (one over them is closed at once).
    pub(crate) async fn accept(&mut self) -> (Watched<TcpStream>, SocketAddr) {
        loop {
            let Ok((stream, peer)) = self.tcp.accept().await else {
                // Out of files, say: a moment for connections to close.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            if let Ok(ticket) = self.open.admit(Origin::of(peer.ip())) {
                return (Watched::new(stream, ticket), peer);
            }
        }
    }
}

impl axum::serve::Listener for Guarded {
    type Io = Watched<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        Guarded::accept(self).await
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.tcp.local_addr()
    }
}

/// A connection whose reads fail once it has been quiet too long (its headers late, or
/// nothing read or written for [`QUIET_FOR`]): the server then closes it.
pub(crate) struct Watched<S> {
    inner: S,
    _ticket: Ticket,
    deadline: Pin<Box<Sleep>>,
    /// Whether the server has written (its request was read): from then any traffic
    /// counts, before it only the whole request's headers.
    answered: bool,
}

impl<S> Watched<S> {
    fn new(inner: S, ticket: Ticket) -> Watched<S> {
        Watched {
            inner,
            _ticket: ticket,
            deadline: Box::pin(tokio::time::sleep(HEADERS_WITHIN)),
            answered: false,
        }
    }

    fn heard(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + QUIET_FOR);
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.inner).poll_read(cx, buf);
        match read {
            Poll::Ready(Ok(())) if buf.filled().len() > before && self.answered => self.heard(),
            Poll::Pending if self.deadline.as_mut().poll(cx).is_ready() => {
                return Poll::Ready(Err(io::ErrorKind::TimedOut.into()));
            }
            _ => {}
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.inner).poll_write(cx, data);
        if let Poll::Ready(Ok(n)) = written
            && n > 0
        {
            self.answered = true;
            self.heard();
        }
        written
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
