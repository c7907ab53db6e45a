//! Who gets a connection at the host. Connections that have not proven the join code yet
//! have slots of their own, apart from the guests who have: so strangers who do not know the
//! code, however many, never keep out those who do. An address may hold a few unproven slots
//! and open connections at a bounded rate; when the unproven slots are full, a newcomer takes
//! the slot of the oldest connection of the address holding the most (an address that had a
//! guest in the match is the last to lose one).

use crate::bounds::{Bucket, Origin};
use crate::wire::ConnId;
use std::collections::{HashMap, VecDeque};
use std::time::Instant;

/// Connections not yet past the proof of the code, from every address together ...
pub const MAX_UNPROVEN: usize = 16;
/// ... and from one address.
pub const UNPROVEN_PER_ADDRESS: usize = 4;
/// New connections one address may open at once ...
pub const CONNECTIONS_BURST: f64 = 10.0;
/// ... and then this many a second.
pub const CONNECTIONS_PER_SECOND: f64 = 4.0;
/// Connections at most, proven or not (the host bounds its spectators below this).
pub const MAX_ALL: usize = 64;
/// Addresses remembered at most (their rates, the guests' addresses).
const REMEMBERED: usize = 4096;

#[derive(Clone, Copy, Debug)]
struct Slot {
    origin: Origin,
    since: Instant,
    proven: bool,
}

/// What to do with a new connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    /// Let it in.
    Admit,
    /// Let it in in the place of this unproven connection, which is closed.
    Replace(ConnId),
    /// Refuse it before its handshake.
    Refuse,
}

/// The host's connections by slot.
#[derive(Default)]
pub struct Slots {
    slots: HashMap<ConnId, Slot>,
    rates: HashMap<Origin, Bucket>,
    /// Addresses of guests that proved the code, newest last.
    known: VecDeque<Origin>,
}

impl Slots {
    /// Whether a connection from `origin` may come in now.
    pub fn admission(&mut self, origin: Origin, now: Instant) -> Admission {
        if self.rates.len() >= REMEMBERED && !self.rates.contains_key(&origin) {
            self.rates.retain(|_, b| !b.is_full(now));
        }
        let rate = self
            .rates
            .entry(origin)
            .or_insert_with(|| Bucket::new(CONNECTIONS_PER_SECOND, CONNECTIONS_BURST, now));
        if !rate.take(now) || self.slots.len() >= MAX_ALL {
            return Admission::Refuse;
        }
        let unproven = || self.slots.values().filter(|s| !s.proven);
        if unproven().filter(|s| s.origin == origin).count() >= UNPROVEN_PER_ADDRESS {
            return Admission::Refuse;
        }
        if unproven().count() < MAX_UNPROVEN {
            return Admission::Admit;
        }
        self.victim().map_or(Admission::Refuse, Admission::Replace)
    }

    /// The unproven connection to close for a newcomer: of the addresses holding unproven
    /// slots, one that had no guest in the match before one that had, then the one holding
    /// the most; its oldest connection.
    fn victim(&self) -> Option<ConnId> {
        let mut held: HashMap<Origin, usize> = HashMap::new();
        for s in self.slots.values().filter(|s| !s.proven) {
            *held.entry(s.origin).or_default() += 1;
        }
        self.slots
            .iter()
            .filter(|(_, s)| !s.proven)
            .min_by_key(|(conn, s)| {
                let known = self.known.contains(&s.origin);
                (known, std::cmp::Reverse(held[&s.origin]), s.since, **conn)
            })
            .map(|(conn, _)| *conn)
    }

    /// A connection let in.
    pub fn taken(&mut self, conn: ConnId, origin: Origin, now: Instant) {
        let slot = Slot {
            origin,
            since: now,
            proven: false,
        };
        self.slots.insert(conn, slot);
    }

    /// The connection proved the code: its slot is a guest's, and its address known.
    pub fn proven(&mut self, conn: ConnId) {
        if let Some(s) = self.slots.get_mut(&conn) {
            s.proven = true;
            let origin = s.origin;
            self.known.retain(|o| *o != origin);
            self.known.push_back(origin);
            if self.known.len() > REMEMBERED {
                self.known.pop_front();
            }
        }
    }

    /// The connection is closed (or closing): its slot is free.
    pub fn freed(&mut self, conn: ConnId) {
        self.slots.remove(&conn);
    }

    /// Connections not yet proven.
    pub fn unproven(&self) -> usize {
        self.slots.values().filter(|s| !s.proven).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;
    use std::time::Duration;

    fn at(last: u8) -> Origin {
        Origin::of(IpAddr::from([127, 0, 0, last]))
    }

    /// Lets in what it may from `origin` at `now`, as the host does; what it did.
    fn connect(slots: &mut Slots, next: &mut ConnId, origin: Origin, now: Instant) -> Admission {
        let a = slots.admission(origin, now);
        match a {
            Admission::Refuse => {}
            Admission::Admit => {}
            Admission::Replace(old) => slots.freed(old),
        }
        if a != Admission::Refuse {
            *next += 1;
            slots.taken(*next, origin, now);
        }
        a
    }

    #[test]
    fn an_address_holds_a_few_unproven_slots_and_opens_connections_at_a_bounded_rate() {
        let t0 = Instant::now();
        let mut slots = Slots::default();
        let mut next = 0;
        let eve = at(2);
        for _ in 0..UNPROVEN_PER_ADDRESS {
            assert_eq!(connect(&mut slots, &mut next, eve, t0), Admission::Admit);
        }
        assert_eq!(connect(&mut slots, &mut next, eve, t0), Admission::Refuse);
        // Eve's connections fail their proof and close; she may come back only at the rate.
        for conn in 1..=next {
            slots.freed(conn);
        }
        let mut let_in = 0;
        for _ in 0..20 {
            if connect(&mut slots, &mut next, eve, t0) != Admission::Refuse {
                let_in += 1;
                slots.freed(next);
            }
        }
        assert_eq!(
            let_in,
            CONNECTIONS_BURST as usize - UNPROVEN_PER_ADDRESS - 1
        );
        let later = t0 + Duration::from_secs(1);
        assert_eq!(connect(&mut slots, &mut next, eve, later), Admission::Admit);
    }

    #[test]
    fn a_newcomer_takes_the_slot_of_the_address_holding_the_most_and_guests_keep_theirs() {
        let t0 = Instant::now();
        let mut slots = Slots::default();
        let mut next = 0;
        // A guest proved the code from 127.0.0.1 earlier.
        connect(&mut slots, &mut next, at(1), t0);
        slots.proven(next);
        // Strangers fill the unproven slots from four addresses.
        for i in 0..MAX_UNPROVEN {
            let t = t0 + Duration::from_millis(i as u64);
            let a = connect(&mut slots, &mut next, at(2 + (i % 4) as u8), t);
            assert_eq!(a, Admission::Admit);
        }
        assert_eq!(slots.unproven(), MAX_UNPROVEN);
        // The guest comes back (a rejoin): the oldest stranger's slot is his.
        let t = t0 + Duration::from_millis(100);
        assert_eq!(
            connect(&mut slots, &mut next, at(1), t),
            Admission::Replace(2)
        );
        let rejoin = next;
        // Newcomers from a fifth address take the strangers' slots, never the guest's.
        for i in 0..12 {
            let t = t0 + Duration::from_millis(200 + i);
            match connect(&mut slots, &mut next, at(9), t) {
                Admission::Replace(old) => assert_ne!(old, rejoin),
                Admission::Refuse => {}
                Admission::Admit => panic!("the unproven slots are full"),
            }
        }
        assert!(slots.slots.contains_key(&rejoin));
        assert_eq!(slots.unproven(), MAX_UNPROVEN);
    }
}
