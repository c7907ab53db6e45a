//! The way to a connection's writer, bounded in bytes: what the server has queued for one
//! client and the client has not yet read is at most [`MOST_QUEUED`]; a client that lets more
//! wait (it does not read: a spectator asking for the whole match again and again) is closed,
//! not kept in the server's memory.

use carrom_online::ToClient;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tokio::sync::{Notify, mpsc};

/// The most bytes one connection may have waiting to be sent (a whole match of a long game
/// is a few hundred kilobytes).
pub const MOST_QUEUED: usize = 8 * 1024 * 1024;
/// The most messages one connection may have waiting.
pub const MOST_QUEUED_MESSAGES: usize = 1024;

/// What a connection's writer sends: a message's text, or the end.
#[derive(Clone, Debug)]
pub enum Out {
    Text(Arc<str>),
    /// A ping, to a client that has been silent.
    Ping,
    Close,
}

/// The way to a connection's writer.
#[derive(Clone, Debug)]
pub struct Outbox {
    to: mpsc::Sender<Out>,
    queued: Arc<AtomicUsize>,
    overflowed: Arc<AtomicBool>,
    overflow: Arc<Notify>,
}

/// The writer's end of an [`Outbox`].
pub struct Inbox {
    from: mpsc::Receiver<Out>,
    queued: Arc<AtomicUsize>,
}

impl Outbox {
    /// A new outbox and its writer's end.
    pub fn new() -> (Outbox, Inbox) {
        let (to, from) = mpsc::channel(MOST_QUEUED_MESSAGES);
        let queued = Arc::new(AtomicUsize::new(0));
        let outbox = Outbox {
            to,
            queued: queued.clone(),
            overflowed: Arc::new(AtomicBool::new(false)),
            overflow: Arc::new(Notify::new()),
        };
        (outbox, Inbox { from, queued })
    }

    /// Queues `text`; a client with too much waiting already is marked overflowed instead
    /// (and its connection closes).
    pub fn text(&self, text: Arc<str>) {
        let n = text.len();
        let before = self.queued.fetch_add(n, Ordering::AcqRel);
        if before + n > MOST_QUEUED || self.to.try_send(Out::Text(text)).is_err() {
            self.queued.fetch_sub(n, Ordering::AcqRel);
            if !self.to.is_closed() {
                self.overflowed.store(true, Ordering::Release);
                self.overflow.notify_one();
            }
        }
    }

    /// Whether the connection's writer is gone.
    pub fn is_closed(&self) -> bool {
        self.to.is_closed()
    }

    /// Queues a ping.
    pub fn ping(&self) {
        let _ = self.to.try_send(Out::Ping);
    }

    /// Queues the end of the connection (after what is queued).
    pub fn close(&self) {
        let _ = self.to.try_send(Out::Close);
    }

    /// Waits until the client has let too much wait.
    pub async fn overflowed(&self) {
        while !self.overflowed.load(Ordering::Acquire) {
            self.overflow.notified().await;
        }
    }
}

impl Inbox {
    /// The next thing to send; `None` when every outbox is gone.
    pub async fn next(&mut self) -> Option<Out> {
        let out = self.from.recv().await?;
        Some(self.taken(out))
    }

    /// What is queued now, without waiting (tests).
    #[cfg(test)]
    pub fn try_next(&mut self) -> Option<Out> {
        let out = self.from.try_recv().ok()?;
        Some(self.taken(out))
    }

    /// `out`, taken off the queue: its bytes no longer wait.
    fn taken(&self, out: Out) -> Out {
        if let Out::Text(text) = &out {
            self.queued.fetch_sub(text.len(), Ordering::AcqRel);
        }
        out
    }
}

/// Sends `message` to a connection.
pub fn tell(outbox: &Outbox, message: &ToClient) {
    outbox.text(message.text().into());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_that_lets_too_much_wait_is_marked_overflowed_and_what_was_read_frees_room() {
        let (outbox, mut inbox) = Outbox::new();
        let big: Arc<str> = "x".repeat(MOST_QUEUED / 4).into();
        for _ in 0..4 {
            outbox.text(big.clone());
        }
        assert!(!outbox.overflowed.load(Ordering::Acquire));
        assert!(matches!(inbox.try_next(), Some(Out::Text(_))));
        outbox.text(big.clone());
        assert!(!outbox.overflowed.load(Ordering::Acquire), "room was made");
        outbox.text(big);
        assert!(outbox.overflowed.load(Ordering::Acquire));
        assert_eq!(outbox.queued.load(Ordering::Acquire), MOST_QUEUED);
    }
}
