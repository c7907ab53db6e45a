//! Round robins by Berger tables: every pair of a group meets once, and with an odd number of
//! players the one who sits out changes every round, so nobody waits two rounds running.

/// The rounds of a round robin of `n` players (by their indices): each round's pairs, the
/// first named listed first. `n` odd: one player sits out each round, a different one each.
pub fn rounds(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2;
    let fixed = m - 1;
    (0..fixed)
        .map(|r| {
            // Berger's table: the player facing the fixed one moves on by half the table.
            let t = r * (m / 2) % fixed;
            let first = if r % 2 == 0 { (t, fixed) } else { (fixed, t) };
            let others = (1..m / 2).map(|k| ((t + k) % fixed, (t + fixed - k) % fixed));
            std::iter::once(first)
                .chain(others)
                .filter(|(a, b)| *a < n && *b < n)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::rounds;

    #[test]
    fn with_an_odd_number_nobody_sits_out_two_rounds_running() {
        for n in [3, 5, 7] {
            let rs = rounds(n);
            let out: Vec<usize> = rs
                .iter()
                .map(|r| {
                    (0..n)
                        .find(|p| !r.iter().any(|(a, b)| a == p || b == p))
                        .unwrap()
                })
                .collect();
            assert!(out.windows(2).all(|w| w[0] != w[1]), "{n}: {out:?}");
        }
    }
}
