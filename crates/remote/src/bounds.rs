//! What a follower may send its referee and how fast: the message bounds a host and the server
//! keep alike, the pace a fair follower keeps under them, and the token bucket ([`Bucket`])
//! that counts them; where a connection comes from as the bounds count it ([`Origin`]).

use std::collections::HashMap;
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

/// Wrong codes one address may give at once ...
pub const WRONG_CODES_BURST: f64 = 5.0;
/// ... and then this many a minute.
pub const WRONG_CODES_PER_MINUTE: f64 = 6.0;
/// Wrong codes every address together may give at once ...
pub const ALL_WRONG_CODES_BURST: f64 = 30.0;
/// ... and then this many a minute. An address that gave no wrong code lately still gets its
/// first guess when this is spent, so nobody is kept out by others' wrong guesses.
pub const ALL_WRONG_CODES_PER_MINUTE: f64 = 60.0;
/// A bucket's debt: the guesses of connections already past their hello when the budget ran
/// out (at most the unproven connections of one address, or of all).
const DEBT: f64 = 16.0;
/// Addresses remembered at most; those that guessed nothing lately are forgotten first.
const REMEMBERED: usize = 4096;

/// Wrong guesses of the join code, per address and overall: the key exchange is an online
/// guess of the code, so a hello is answered only while its address (and everybody) has
/// guesses left.
pub struct Guesses {
    by_origin: HashMap<Origin, Bucket>,
    all: Bucket,
}

impl Guesses {
    pub fn new(now: Instant) -> Guesses {
        Guesses {
            by_origin: HashMap::new(),
            all: Bucket::new(
                ALL_WRONG_CODES_PER_MINUTE / 60.0,
                ALL_WRONG_CODES_BURST,
                now,
            ),
        }
    }

    fn bucket(&mut self, origin: Origin, now: Instant) -> &mut Bucket {
        if self.by_origin.len() >= REMEMBERED && !self.by_origin.contains_key(&origin) {
            self.by_origin.retain(|_, b| !b.is_full(now));
        }
        self.by_origin
            .entry(origin)
            .or_insert_with(|| Bucket::new(WRONG_CODES_PER_MINUTE / 60.0, WRONG_CODES_BURST, now))
    }

    /// Whether a guess from `origin` is taken now; if not, how long until it would be.
    pub fn allowed(&mut self, origin: Origin, now: Instant) -> Result<(), Duration> {
        let all_spent = !self.all.has(now);
        let mine = self.bucket(origin, now);
        if !mine.has(now) {
            return Err(mine.wait(now));
        }
        // With everybody's guesses spent, only an address that guessed nothing lately.
        if all_spent && !mine.is_full(now) {
            let full_in = Duration::from_secs_f64(60.0 / WRONG_CODES_PER_MINUTE);
            return Err(full_in);
        }
        Ok(())
    }

    /// A wrong guess from `origin`.
    pub fn wrong(&mut self, origin: Origin, now: Instant) {
        self.bucket(origin, now).charge(now, DEBT);
        self.all.charge(now, DEBT);
    }
}

/// A token bucket for each address (the addresses that took nothing lately forgotten first
/// past [`REMEMBERED`] of them): what one address may do, however many connections it opens.
#[derive(Clone, Debug)]
pub struct PerOrigin {
    rate: f64,
    burst: f64,
    buckets: HashMap<Origin, Bucket>,
}

impl PerOrigin {
    /// `burst` at once from each address, then `rate` a second.
    pub fn new(rate: f64, burst: f64) -> PerOrigin {
        PerOrigin {
            rate,
            burst,
            buckets: HashMap::new(),
        }
    }

    /// Takes one from `origin`'s bucket, if it has one.
    pub fn take(&mut self, origin: Origin, now: Instant) -> bool {
        if self.buckets.len() >= REMEMBERED && !self.buckets.contains_key(&origin) {
            self.buckets.retain(|_, b| !b.is_full(now));
        }
        let (rate, burst) = (self.rate, self.burst);
        let bucket = (self.buckets.entry(origin)).or_insert_with(|| Bucket::new(rate, burst, now));
        bucket.take(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn each_address_has_its_own_bucket() {
        let t0 = Instant::now();
        let mut per = PerOrigin::new(1.0, 2.0);
        let eve = Origin::of("192.0.2.7".parse().unwrap());
        let ravi = Origin::of("2001:db8::1".parse().unwrap());
        let eve_too = Origin::of("192.0.2.7".parse().unwrap());
        assert!(per.take(eve, t0) && per.take(eve_too, t0));
        assert!(!per.take(eve, t0), "her two, from any connection");
        assert!(per.take(ravi, t0));
        assert!(per.take(eve, t0 + Duration::from_secs(1)));
    }

    #[test]
    fn an_address_guesses_its_burst_then_waits_and_others_still_get_their_first() {
        let t0 = Instant::now();
        let mut g = Guesses::new(t0);
        let eve = Origin::of("192.0.2.7".parse().unwrap());
        for _ in 0..WRONG_CODES_BURST as usize {
            assert_eq!(g.allowed(eve, t0), Ok(()));
            g.wrong(eve, t0);
        }
        let wait = g.allowed(eve, t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(10));
        assert_eq!(g.allowed(eve, t0 + wait), Ok(()));
        // Everybody's guesses spent by many addresses: one that guessed wrong lately waits,
        // a new one still gets its first.
        for i in 0..40u8 {
            let o = Origin::of(std::net::IpAddr::from([198, 51, 100, i]));
            g.wrong(o, t0);
        }
        assert!(g.allowed(eve, t0 + wait).is_err());
        let ravi = Origin::of("203.0.113.9".parse().unwrap());
        assert_eq!(g.allowed(ravi, t0), Ok(()));
    }

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
