//! The host's bounds on peers that do not (yet) know the code: how fast one address may make
//! connections and wrong guesses of the code, and how fast all of them together may guess; the
//! time a code lasts at those rates. A token bucket (carrom-remote's [`Bucket`]) counts each of them.

pub use carrom_remote::bounds::{Bucket, Origin};
use std::collections::HashMap;
use std::time::{Duration, Instant};

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

/// Letters and digits: the symbols a typed code may have.
pub const CODE_SYMBOLS: u32 = 36;
/// The symbols of a code the host makes up ([`crate::new_code`]: no 0/O, 1/I/L).
pub const MADE_UP_SYMBOLS: u32 = 31;
/// A code that a guesser at the host's overall limit finds sooner than this on average is
/// refused ...
pub const REFUSED_UNDER: Duration = Duration::from_secs(24 * 3600);
/// ... and one found sooner than this is warned about.
pub const WARNED_UNDER: Duration = Duration::from_secs(30 * 24 * 3600);

/// How long, on average, a guesser takes to find a code of `length` characters of `symbols`
/// symbols at `per_minute` guesses a minute: half of every code there is.
pub fn time_to_guess(symbols: u32, length: u32, per_minute: f64) -> Duration {
    let codes = f64::from(symbols).powi(length as i32);
    Duration::from_secs_f64((codes / 2.0 / (per_minute / 60.0)).min(1e15))
}

/// How long a code typed as `code` lasts, on average, against guessers at the host's overall
/// limit ([`ALL_WRONG_CODES_PER_MINUTE`]).
pub fn code_lasts(code: &str) -> Duration {
    time_to_guess(
        CODE_SYMBOLS,
        code.chars().count() as u32,
        ALL_WRONG_CODES_PER_MINUTE,
    )
}

/// A warning for a join code that guessers find within a month at the host's limits.
pub fn weak_code_warning(code: &str) -> Option<String> {
    let lasts = code_lasts(code);
    (lasts < WARNED_UNDER).then(|| {
        format!(
            "WARNING: a join code of {} characters is guessed in about {} on average at the \
             host's limit of {} wrong codes a minute; 6 or more characters hold for years",
            code.chars().count(),
            in_words(&lasts),
            ALL_WRONG_CODES_PER_MINUTE
        )
    })
}

/// A duration in words, rounded to its largest unit: "6 hours", "10 days", "34 years".
pub fn in_words(d: &Duration) -> String {
    let secs = d.as_secs_f64();
    let units = [
        (365.25 * 86400.0, "year"),
        (86400.0, "day"),
        (3600.0, "hour"),
        (60.0, "minute"),
        (1.0, "second"),
    ];
    let (size, unit) = units
        .into_iter()
        .find(|(size, _)| secs >= *size)
        .unwrap_or((1.0, "second"));
    let n = (secs / size).round() as u64;
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

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
            let o = Origin::of(IpAddr::from([198, 51, 100, i]));
            g.wrong(o, t0);
        }
        assert!(g.allowed(eve, t0 + wait).is_err());
        let ravi = Origin::of("203.0.113.9".parse().unwrap());
        assert_eq!(g.allowed(ravi, t0), Ok(()));
    }

    #[test]
    fn a_code_lasts_half_its_codes_at_the_limited_rate() {
        assert_eq!(in_words(&time_to_guess(36, 4, 60.0)), "10 days");
        assert_eq!(in_words(&time_to_guess(36, 6, 60.0)), "34 years");
        assert_eq!(in_words(&time_to_guess(31, 6, 60.0)), "14 years");
        assert_eq!(in_words(&time_to_guess(36, 3, 60.0)), "6 hours");
        assert!(code_lasts("ABC") < REFUSED_UNDER);
        assert!(code_lasts("ABCD") > REFUSED_UNDER && code_lasts("ABCD") < WARNED_UNDER);
        assert!(code_lasts("ABCDE") > WARNED_UNDER);
    }
}
