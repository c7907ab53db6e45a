//! What the net tests share: the bound on each wait, a host of a singles match whose two seats
//! are guests', a guest polled until what it waits for comes, and South's break.

#![allow(dead_code, reason = "each test file uses some of these")]

use carrom_match::MatchSetup;
use carrom_net::{Guest, GuestEvent, Holder, Host, HostConfig};
use carrom_physics::{Shot, Spec};
use carrom_referee::{Rules, Seat, Seats};
use std::time::{Duration, Instant};

/// The longest any wait may take.
pub const WAIT: Duration = Duration::from_secs(10);

/// A singles match on 127.0.0.1 (any free port) whose two seats are guests', joined with
/// `code`.
pub fn two_guests(code: &str) -> Host {
    let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 5);
    let holders = vec![(Seat::South, Holder::Guest), (Seat::North, Holder::Guest)];
    let bind = "127.0.0.1:0".parse().unwrap();
    let config = HostConfig::new(bind, code, setup, holders, &Spec::default());
    Host::start(config, Box::new(|_| None)).expect("the host starts")
}

/// Polls `guest`, taking the host's actions, until `pick` finds what it waits for, or the wait
/// runs out.
#[track_caller]
pub fn wait_for<T>(guest: &mut Guest, mut pick: impl FnMut(&GuestEvent) -> Option<T>) -> T {
    let t0 = Instant::now();
    while t0.elapsed() < WAIT {
        for e in guest.poll(Duration::from_millis(20)) {
            if let GuestEvent::Applied(a) = &e {
                guest.apply(a).expect("the host's action applies");
            }
            if let Some(t) = pick(&e) {
                return t;
            }
        }
    }
    panic!("waited {WAIT:?} in vain");
}

/// South's break: from the middle of his base line, straight ahead at full power.
pub fn break_shot() -> Shot {
    Shot {
        seat: Seat::South,
        position: 0.0,
        angle_deg: 0.0,
        power: 1.0,
    }
}
