//! What a follower may send its referee and how fast: the message bounds a host and the server
//! keep alike, the pace a fair follower keeps under them, and the token bucket ([`Bucket`])
//! that counts them; where a connection comes from as the bounds count it ([`Origin`]).

use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The largest message a follower may send, in bytes (a hello with its physics spec is about
/// 2 KB).
pub const MAX_GUEST_MESSAGE: usize = 16 * 1024;
/// The largest message the referee sends: the whole match so far, for a follower that rejoins.
pub const MAX_HOST_MESSAGE: usize = 64 * 1024 * 1024;
/// A follower may send this many messages a second on average ...
pub const GUEST_RATE: f64 = 20.0;
/// ... and this many at once.
pub const GUEST_BURST: f64 = 40.0;
/// A follower whose messages were dropped this many times for coming too fast is disconnected.
pub const FLOOD_LIMIT: u32 = 200;
/// A fair follower sends at most this many messages a second on average ...
pub const GUEST_PACE: f64 = 15.0;
/// ... and this many at once: under the referee's bound, however fast its computer plays.
pub const GUEST_PACE_BURST: f64 = 20.0;

/// A token bucket: `burst` tokens at most, `rate` more a second. Taking may go into debt (a
/// bucket below zero refills from there), so work already under way is paid for later.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            last: now,
            rate,
            burst,
        }
    }

    fn refill(&mut self, now: Instant) {
        let secs = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + secs * self.rate).min(self.burst);
        self.last = self.last.max(now);
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Takes a token whether or not there is one, going at most `debt` below zero.
    pub fn charge(&mut self, now: Instant, debt: f64) {
        self.refill(now);
        self.tokens = (self.tokens - 1.0).max(-debt);
    }

    /// Whether a token is there to take.
    pub fn has(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= 1.0
    }

    /// Whether the bucket is full (nothing taken lately).
    pub fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }

    /// How long until a token is there to take (zero when one is).
    pub fn wait(&mut self, now: Instant) -> Duration {
        self.refill(now);
        if self.tokens >= 1.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64((1.0 - self.tokens) / self.rate)
        }
    }
}

/// Where a connection comes from, as the bounds count it: an IPv4 address (an IPv4 address
/// seen through IPv6 is the IPv4 one), or an IPv6 address's /64 network (what one machine or
/// home is usually given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin(IpAddr);

impl Origin {
    pub fn of(ip: IpAddr) -> Origin {
        match ip.to_canonical() {
            IpAddr::V6(v6) => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                Origin(IpAddr::V6(bits.into()))
            }
            v4 => Origin(v4),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::new(2.0, 3.0, t0);
        assert!((0..3).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        assert_eq!(b.wait(t0), Duration::from_millis(500));
        assert!(b.take(t0 + Duration::from_millis(500)));
        b.charge(t0 + Duration::from_millis(500), 1.0);
        b.charge(t0 + Duration::from_millis(500), 1.0);
        assert!(!b.has(t0 + Duration::from_millis(1000)), "in debt");
        assert!(b.has(t0 + Duration::from_millis(1500)));
    }

    #[test]
    fn an_ipv6_address_counts_as_its_network_and_a_mapped_ipv4_as_itself() {
        let a = |s: &str| Origin::of(s.parse().unwrap());
        assert_eq!(a("2001:db8::1"), a("2001:db8::ffff:2"));
        assert_ne!(a("2001:db8::1"), a("2001:db8:0:1::1"));
        assert_eq!(a("::ffff:127.0.0.1"), a("127.0.0.1"));
        assert_ne!(a("127.0.0.1"), a("127.0.0.2"));
        assert_ne!(a("::1"), a("127.0.0.1"));
    }
}
