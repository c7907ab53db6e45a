//! Who gets a connection at the host. Connections that have not proven the join code yet
//! have slots of their own, apart from the guests who have: so strangers who do not know the
//! code, however many, never keep out those who do. An address may hold a few unproven slots
//! and open connections at a bounded rate; a newcomer from an address whose unproven slots are
//! full takes the slot of that address's oldest (so strangers at a guest's address, a home or
//! an office behind one address, take turns with him rather than keep him out); when every
//! unproven slot is full, a newcomer takes the slot of the oldest connection of the address
//! holding the most (an address that had a guest in the match is the last to lose one).
//!
//! A guest seated in the match comes back with its ticket ([`crate::protocol::Ticket`]), seen
//! before anything else of its connection: it is let in past the rate and its address's
//! bounds, takes an unproven stranger's slot when all are full, and is never the one to make
//! room; one connection a ticket.

use crate::bounds::{Bucket, Origin};
use crate::protocol::Ticket;
use crate::wire::ConnId;
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// Connections not yet past the proof of the code, from every address together ...
pub const MAX_UNPROVEN: usize = 16;
/// ... and from one address.
pub const UNPROVEN_PER_ADDRESS: usize = 4;
/// New connections one address may open at once ...
pub const CONNECTIONS_BURST: f64 = 10.0;
/// ... and then this many a second.
pub const CONNECTIONS_PER_SECOND: f64 = 4.0;
/// An unproven connection is this old before a newcomer from its address may take its slot:
/// time to prove the code over a slow link, and too short for one address to keep all its
/// slots younger than this at its rate (4 in 0.75 s is over 4 a second), so a guest at a
/// stranger's address gets one of them.
pub const REPLACED_AFTER: Duration = Duration::from_millis(750);
/// Connections at most, proven or not (the host bounds its spectators below this).
pub const MAX_ALL: usize = 64;
/// Addresses remembered at most (their rates, the guests' addresses).
const REMEMBERED: usize = 4096;

#[derive(Clone, Copy, Debug)]
struct Slot {
    origin: Origin,
    since: Instant,
    proven: bool,
    /// The ticket a seated guest came back with.
    back: Option<Ticket>,
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
        let oldest_here = self
            .strangers()
            .filter(|(_, s)| s.origin == origin)
            .min_by_key(|(conn, s)| (s.since, **conn));
        if self.strangers().filter(|(_, s)| s.origin == origin).count() >= UNPROVEN_PER_ADDRESS {
            return match oldest_here {
                Some((conn, s)) if now.saturating_duration_since(s.since) >= REPLACED_AFTER => {
                    Admission::Replace(*conn)
                }
                _ => Admission::Refuse,
            };
        }
        if self.unproven() < MAX_UNPROVEN {
            return Admission::Admit;
        }
        self.victim().map_or(Admission::Refuse, Admission::Replace)
    }

    /// Whether a seated guest coming back with `ticket` comes in: always; in the place of its
    /// ticket's earlier unproven connection if there is one, or of a stranger's when the
    /// slots are full.
    pub fn admission_back(&self, ticket: Ticket) -> Admission {
        let earlier = self
            .slots
            .iter()
            .find(|(_, s)| !s.proven && s.back == Some(ticket));
        if let Some((conn, _)) = earlier {
            return Admission::Replace(*conn);
        }
        if self.slots.len() >= MAX_ALL || self.unproven() >= MAX_UNPROVEN {
            return self.victim().map_or(Admission::Admit, Admission::Replace);
        }
        Admission::Admit
    }

    /// The unproven connections that did not come with a ticket: the strangers (so far).
    fn strangers(&self) -> impl Iterator<Item = (&ConnId, &Slot)> {
        self.slots
            .iter()
            .filter(|(_, s)| !s.proven && s.back.is_none())
    }

    /// The stranger's connection to close for a newcomer: of the addresses holding unproven
    /// slots, one that had no guest in the match before one that had, then the one holding
    /// the most; its oldest connection.
    fn victim(&self) -> Option<ConnId> {
        let mut held: HashMap<Origin, usize> = HashMap::new();
        for (_, s) in self.strangers() {
            *held.entry(s.origin).or_default() += 1;
        }
        self.strangers()
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
            back: None,
        };
        self.slots.insert(conn, slot);
    }

    /// A seated guest's connection let in with its ticket.
    pub fn taken_back(&mut self, conn: ConnId, origin: Origin, now: Instant, ticket: Ticket) {
        self.taken(conn, origin, now);
        if let Some(s) = self.slots.get_mut(&conn) {
            s.back = Some(ticket);
        }
    }

    /// Whether the connection came with a seated guest's ticket.
    pub fn is_back(&self, conn: ConnId) -> bool {
        self.slots.get(&conn).is_some_and(|s| s.back.is_some())
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

    /// Lets a seated guest back in with `ticket`, as the host does; what it did.
    fn come_back(
        slots: &mut Slots,
        next: &mut ConnId,
        origin: Origin,
        ticket: Ticket,
    ) -> Admission {
        let a = slots.admission_back(ticket);
        if let Admission::Replace(old) = a {
            slots.freed(old);
        }
        *next += 1;
        slots.taken_back(*next, origin, Instant::now(), ticket);
        a
    }

    #[test]
    fn strangers_at_a_guests_address_take_turns_with_him_and_a_seated_guest_always_comes_back() {
        let t0 = Instant::now();
        let mut slots = Slots::default();
        let mut next = 0;
        let home = at(1);
        // Asha proved the code from her home's address earlier.
        connect(&mut slots, &mut next, home, t0);
        slots.proven(next);
        slots.freed(next);
        // A stranger at the same address holds its unproven slots.
        for _ in 0..UNPROVEN_PER_ADDRESS {
            assert_eq!(connect(&mut slots, &mut next, home, t0), Admission::Admit);
        }
        let strangers = next;
        // Ravi, new, at that address: once the stranger's oldest has had its time to prove
        // the code, Ravi takes its slot; his own is not taken before he had his.
        let t1 = t0 + REPLACED_AFTER;
        assert_eq!(
            connect(&mut slots, &mut next, home, t1),
            Admission::Replace(2)
        );
        let ravi = next;
        for i in 1..=3 {
            let t = t1 + Duration::from_millis(i);
            assert_eq!(
                connect(&mut slots, &mut next, home, t),
                Admission::Replace(2 + i)
            );
        }
        assert_eq!(connect(&mut slots, &mut next, home, t1), Admission::Refuse);
        assert!(slots.slots.contains_key(&ravi) && !slots.slots.contains_key(&strangers));
        // The stranger spends the address's rate.
        while connect(&mut slots, &mut next, home, t1 + REPLACED_AFTER) != Admission::Refuse {}
        // Asha comes back with her ticket: past the rate and the address's bound.
        let ticket = [7; 16];
        assert_eq!(
            come_back(&mut slots, &mut next, home, ticket),
            Admission::Admit
        );
        let asha = next;
        assert!(slots.is_back(asha));
        // Strangers from everywhere fill every unproven slot: never hers.
        for i in 0..4 * MAX_UNPROVEN {
            let t = t0 + Duration::from_secs(10) + Duration::from_millis(i as u64);
            if let Admission::Replace(old) =
                connect(&mut slots, &mut next, at(2 + (i % 8) as u8), t)
            {
                assert_ne!(old, asha);
            }
        }
        assert_eq!(slots.unproven(), MAX_UNPROVEN);
        assert!(slots.slots.contains_key(&asha));
        // Her ticket again (her first try failed): it takes the place of her earlier one, and
        // when the slots are full, a stranger's.
        assert_eq!(
            come_back(&mut slots, &mut next, home, ticket),
            Admission::Replace(asha)
        );
        let ravi = come_back(&mut slots, &mut next, home, [8; 16]);
        assert!(matches!(ravi, Admission::Replace(_)), "{ravi:?}");
        assert!(slots.is_back(next - 1) && slots.is_back(next));
        assert_eq!(slots.unproven(), MAX_UNPROVEN);
    }
}
