//! A host run in a thread of its own, for a window that hosts: the host's match and its
//! computers play there, and the window's people join it through its in-process link
//! ([`Host::local_link`]). Dropping the [`HostThread`] stops the host.

use crate::error::HostError;
use crate::host::{Host, HostEvent, LocalLink};
use carrom_referee::Seat;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

/// What the window asks of its host.
enum Order {
    HandToComputer(Seat),
}

/// A host running in its thread.
pub struct HostThread {
    /// The join code guests must give.
    pub code: String,
    /// The address the host listens on.
    pub addr: SocketAddr,
    /// The addresses to give guests ([`Host::addresses_to_give`]).
    pub addresses: Vec<String>,
    orders: mpsc::Sender<Order>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl HostThread {
    /// Runs `host` in a thread of its own, calling `on_event` with whatever happens there (for a
    /// log). The link is for the window's people: [`crate::Guest::local`] joins through it.
    pub fn start(
        mut host: Host,
        mut on_event: impl FnMut(&HostEvent) + Send + 'static,
    ) -> Result<(HostThread, LocalLink), HostError> {
        let link = host.local_link();
        let code = host.code().to_string();
        let addr = host.addr();
        let addresses = host.addresses_to_give();
        let (orders, read) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("carrom-host".into())
            .spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    for e in host.poll(Duration::from_millis(20)) {
                        on_event(&e);
                    }
                    while let Ok(order) = read.try_recv() {
                        match order {
                            Order::HandToComputer(seat) => {
                                if let Some(e) = host.hand_to_computer(seat) {
                                    on_event(&e);
                                }
                            }
                        }
                    }
                }
            })
            .map_err(HostError::Thread)?;
        Ok((
            HostThread {
                code,
                addr,
                addresses,
                orders,
                stop,
                thread: Some(thread),
            },
            link,
        ))
    }

    /// Hands a disconnected guest's seat to the host's computer until the guest comes back
    /// ([`Host::hand_to_computer`]); a seat that is not a disconnected guest's stays as it is.
    pub fn hand_to_computer(&self, seat: Seat) {
        let _ = self.orders.send(Order::HandToComputer(seat));
    }
}

impl Drop for HostThread {
    /// Stops the host: waits for its thread to end (after its current poll, or after the
    /// stroke its computer is choosing), and with it the network's thread, which frees the port.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The file name a guest keeps its save of the match under (in the data directory's `net`
/// folder): `CODE-NAME.json`, with anything but letters, digits and `-` made `_`.
pub fn save_file_name(code: &str, name: &str) -> String {
    let stem: String = format!("{code}-{name}")
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{stem}.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guests_save_is_named_for_the_code_and_the_name_with_nothing_a_path_would_read() {
        assert_eq!(save_file_name("PLAY1", "Asha"), "PLAY1-Asha.json");
        assert_eq!(save_file_name("AB", "../x y"), "AB-___x_y.json");
    }
}
