//! The native link: a thread with a small tokio runtime that owns the connection to the server
//! (carrom-online's `Connection`), says hello with the name and its token, passes the game's
//! messages to the server (paced under the server's bound) and the server's to the game, and
//! connects again when the connection drops.

use super::{Heard, RECONNECT_FOR};
use carrom_online::{ClientError, Connection, Hello, Pause, ToServer};
use carrom_remote::bounds::{Bucket, GUEST_PACE, GUEST_PACE_BURST};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc as async_mpsc;

/// Wakes the window (which rests while nobody here acts) when something is heard.
type Waker = Arc<Mutex<Option<Box<dyn Fn() + Send>>>>;

/// The game's end of the link: what to send, what was heard. Dropping it closes the
/// connection and ends the thread.
pub struct Link {
    to: async_mpsc::UnboundedSender<ToServer>,
    heard: Mutex<mpsc::Receiver<Heard>>,
    waker: Waker,
    /// The server, as the player typed it.
    pub server: String,
}

/// The thread's end of the link.
struct Far {
    hello: Hello,
    from: async_mpsc::UnboundedReceiver<ToServer>,
    heard: mpsc::Sender<Heard>,
    waker: Waker,
    pace: Bucket,
}

impl Link {
    /// Connects to `server` as `name` (with its token, if one is kept) on a thread of its own;
    /// the welcome, a refusal or why the server cannot be reached comes as [`Heard`].
    pub fn open(server: &str, name: &str, token: Option<String>) -> Link {
        let (to, from) = async_mpsc::unbounded_channel();
        let (heard_tx, heard) = mpsc::channel();
        let waker: Waker = Arc::default();
        let far = Far {
            hello: Hello {
                server: server.to_string(),
                name: name.to_string(),
                token,
                ca: None,
                retry: RECONNECT_FOR,
            },
            from,
            heard: heard_tx.clone(),
            waker: waker.clone(),
            pace: Bucket::new(GUEST_PACE, GUEST_PACE_BURST, Instant::now()),
        };
        let started = std::thread::Builder::new()
            .name("carrom-online".into())
            .spawn(move || {
                match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt.block_on(far.run()),
                    Err(e) => far.tell(Heard::Unreachable(e.to_string())),
                }
            });
        if let Err(e) = started {
            let _ = heard_tx.send(Heard::Unreachable(e.to_string()));
        }
        Link {
            to,
            heard: Mutex::new(heard),
            waker,
            server: server.to_string(),
        }
    }

    /// Sends a message to the server (dropped when the link is closed: what was heard says so).
    pub fn send(&self, message: ToServer) {
        let _ = self.to.send(message);
    }

    /// What was heard since the last look.
    pub fn poll(&self) -> Vec<Heard> {
        match self.heard.lock() {
            Ok(heard) => heard.try_iter().collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Waits up to `wait` for something to be heard (tests, and a headless app).
    pub fn wait(&self, wait: Duration) -> Vec<Heard> {
        let Ok(heard) = self.heard.lock() else {
            return Vec::new();
        };
        let mut got: Vec<Heard> = heard.recv_timeout(wait).into_iter().collect();
        got.extend(heard.try_iter());
        got
    }

    /// `wake` is called whenever something is heard.
    pub fn set_waker(&self, wake: impl Fn() + Send + 'static) {
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(Box::new(wake));
        }
    }
}

/// How a connection ended.
enum Ended {
    /// The game dropped its end of the link.
    Closed,
    /// The connection dropped (why).
    Lost(String),
}

impl Far {
    fn tell(&self, heard: Heard) {
        let _ = self.heard.send(heard);
        if let Ok(w) = self.waker.lock()
            && let Some(wake) = w.as_ref()
        {
            wake();
        }
    }

    /// Connects, follows, and connects again after a drop, until the game closes the link, the
    /// server refuses, or it cannot be reached again within [`RECONNECT_FOR`].
    async fn run(mut self) {
        let mut lost_since: Option<Instant> = None;
        loop {
            let mut pause = ClosedWhile(&mut self.from, Duration::from_secs(1));
            let mut conn = match self.hello.again(lost_since, &mut pause).await {
                Ok(Some((conn, welcome))) => {
                    self.tell(Heard::Welcome {
                        name: welcome.name,
                        token: welcome.token,
                        rating: welcome.rating,
                    });
                    conn
                }
                Ok(None) => return,
                Err(ClientError::Refused(reason)) => return self.tell(Heard::Refused(reason)),
                Err(e) if e.is_final() => return self.tell(Heard::Refused(e.to_string())),
                Err(ClientError::Connect { why, .. }) => return self.tell(Heard::Unreachable(why)),
                Err(e) => return self.tell(Heard::Unreachable(e.to_string())),
            };
            match self.follow(&mut conn).await {
                Ended::Closed => return conn.close().await,
                Ended::Lost(why) => {
                    self.tell(Heard::Lost(why));
                    lost_since = Some(Instant::now());
                }
            }
        }
    }

    /// Passes messages both ways until the connection drops or the game closes the link.
    async fn follow(&mut self, conn: &mut Connection) -> Ended {
        loop {
            tokio::select! {
                got = conn.recv() => match got {
                    Ok(Some(message)) => self.tell(Heard::Message(message)),
                    Ok(None) => return Ended::Lost("the connection to the server closed".into()),
                    Err(e) => return Ended::Lost(e.to_string()),
                },
                out = self.from.recv() => {
                    let Some(message) = out else { return Ended::Closed };
                    tokio::time::sleep(self.pace.wait(Instant::now())).await;
                    self.pace.take(Instant::now());
                    if let Err(e) = conn.send(&message).await {
                        return Ended::Lost(e.to_string());
                    }
                }
            }
        }
    }
}

/// The wait between two tries to connect again: `.1`, reading (and dropping) what the game
/// sends meanwhile; the trying stops when the game closed the link.
struct ClosedWhile<'a>(&'a mut async_mpsc::UnboundedReceiver<ToServer>, Duration);

impl Pause for ClosedWhile<'_> {
    async fn pause(&mut self) -> bool {
        let deadline = tokio::time::Instant::now() + self.1;
        loop {
            match tokio::time::timeout_at(deadline, self.0.recv()).await {
                Err(_) => return false,
                Ok(None) => return true,
                Ok(Some(_)) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_that_is_not_there_is_heard_as_unreachable_and_the_link_ends() {
        // A port nobody listens on: bound, then let go.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let link = Link::open(&format!("127.0.0.1:{port}"), "Asha", None);
        let woken = Arc::new(Mutex::new(0));
        let w = woken.clone();
        link.set_waker(move || *w.lock().unwrap() += 1);
        let heard = link.wait(Duration::from_secs(10));
        assert!(
            matches!(heard.as_slice(), [Heard::Unreachable(why)] if !why.is_empty()),
            "{heard:?}"
        );
        assert!(*woken.lock().unwrap() <= 1);
        link.send(ToServer::Live);
        assert_eq!(link.wait(Duration::from_millis(50)), vec![]);
    }
}
