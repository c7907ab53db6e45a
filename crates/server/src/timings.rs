//! Where the server's time goes for each action, for the load figures (`GET /api/timings`):
//! the wait for its match's task (from the message read off the socket to the match taking
//! it), the apply (checking it and playing the stroke's physics) and the store (the database
//! write before the action is sent: the wait for its batch's commit, [`crate::journal`]). Each is a histogram of 0.1 ms steps up to 1 s, so the
//! server keeps a fixed few kilobytes however long it runs.

use serde_json::{Value, json};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

/// Steps of 0.1 ms up to 1 s, and one for everything longer.
const STEPS: usize = 10_000;
const STEP_MICROS: u128 = 100;

/// Durations counted by 0.1 ms step.
pub(crate) struct Histogram {
    steps: Vec<AtomicU32>,
    total_micros: AtomicU64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            steps: (0..=STEPS).map(|_| AtomicU32::new(0)).collect(),
            total_micros: AtomicU64::new(0),
        }
    }
}

impl Histogram {
    pub(crate) fn add(&self, d: Duration) {
        let step = usize::try_from(d.as_micros() / STEP_MICROS).map_or(STEPS, |s| s.min(STEPS));
        self.steps[step].fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        self.total_micros.fetch_add(micros, Ordering::Relaxed);
    }

    pub(crate) fn count(&self) -> u64 {
        self.steps
            .iter()
            .map(|s| u64::from(s.load(Ordering::Relaxed)))
            .sum()
    }

    /// The `p` quantile in milliseconds (the top of its step); 1000 stands for "over 1 s".
    pub(crate) fn quantile_ms(&self, p: f64) -> f64 {
        let n = self.count();
        if n == 0 {
            return 0.0;
        }
        let want = ((n as f64) * p).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, s) in self.steps.iter().enumerate() {
            seen += u64::from(s.load(Ordering::Relaxed));
            if seen >= want {
                return ((i + 1) as f64 * STEP_MICROS as f64 / 1000.0).min(1000.0);
            }
        }
        1000.0
    }

    pub(crate) fn mean_ms(&self) -> f64 {
        let n = self.count();
        if n == 0 {
            return 0.0;
        }
        self.total_micros.load(Ordering::Relaxed) as f64 / n as f64 / 1000.0
    }

    pub(crate) fn figures(&self) -> Value {
        json!({
            "p50": self.quantile_ms(0.5),
            "p99": self.quantile_ms(0.99),
            "mean": self.mean_ms(),
        })
    }
}

/// The server's time for each action, by part.
#[derive(Default)]
pub(crate) struct Timings {
    pub(crate) wait: Histogram,
    pub(crate) apply: Histogram,
    pub(crate) store: Histogram,
}

impl Timings {
    /// The figures as `GET /api/timings` gives them, in milliseconds.
    pub(crate) fn figures(&self) -> Value {
        json!({
            "actions": self.apply.count(),
            "wait_ms": self.wait.figures(),
            "apply_ms": self.apply.figures(),
            "store_ms": self.store.figures(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_gives_its_quantiles_to_the_tenth_of_a_millisecond() {
        let h = Histogram::default();
        for ms in 1..=100 {
            h.add(Duration::from_millis(ms));
        }
        assert_eq!(h.count(), 100);
        assert!(
            (h.quantile_ms(0.5) - 50.1).abs() < 1e-9,
            "{}",
            h.quantile_ms(0.5)
        );
        assert!((h.quantile_ms(0.99) - 99.1).abs() < 1e-9);
        assert!((h.mean_ms() - 50.5).abs() < 1e-9);
        h.add(Duration::from_secs(5));
        assert_eq!(
            h.quantile_ms(1.0),
            1000.0,
            "over a second counts as a second"
        );
    }
}
