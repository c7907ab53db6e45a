//! The host's bounds on peers that do not (yet) know the code: how fast one address may make
//! connections and wrong guesses of the code, and how fast all of them together may guess
//! (carrom-remote's [`Guesses`], which the server's room codes count too); the time a code
//! lasts at those rates.

pub use carrom_remote::bounds::{
    ALL_WRONG_CODES_BURST, ALL_WRONG_CODES_PER_MINUTE, Bucket, Guesses, Origin, WRONG_CODES_BURST,
    WRONG_CODES_PER_MINUTE,
};
use std::time::Duration;

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
