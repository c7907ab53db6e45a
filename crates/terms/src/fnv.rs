//! FNV-1a, 64 bits: the one fingerprint the crates record — a match's digest after every action
//! (saves, replays and the wire carry it), a save's and a spec's key (the review kept beside a
//! save, the lone-man table), the win-chance model's. Recorded values must never change, so
//! this is the only place that computes it.

/// FNV-1a over bytes fed in pieces ([`Fnv1a::eat`]); the same value as [`fnv1a`] of the bytes
/// put end to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Fnv1a {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    pub fn new() -> Fnv1a {
        Fnv1a(Fnv1a::OFFSET_BASIS)
    }

    /// Feeds `bytes` in.
    pub fn eat(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(Fnv1a::PRIME);
        }
    }

    /// The fingerprint of everything fed in.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a::new()
    }
}

/// The FNV-1a fingerprint of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::new();
    h.eat(bytes);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_values_of_fnv1a_64() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn bytes_fed_in_pieces_fingerprint_as_the_whole() {
        let mut h = Fnv1a::new();
        h.eat(b"foo");
        h.eat(b"");
        h.eat(b"bar");
        assert_eq!(h.finish(), fnv1a(b"foobar"));
    }
}
