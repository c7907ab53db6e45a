//! The join code's proof (the desktop's QUIC matches across machines): SPAKE2 with the code as
//! the password, each end's proof an HMAC bound to its TLS connection, and a seated guest's
//! ticket back in. Not in the browser, which plays on a carrom server with a name's token.

use crate::error::KeyExchangeError;

/// This connection's TLS binding: keying material both ends export from the TLS session
/// (RFC 5705), the same at both ends of one connection and different on any other. A machine
/// between a guest and the host holds two connections, so two bindings.
pub type Binding = [u8; 32];

/// Who proves knowing the join code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prover {
    Guest,
    Host,
}

/// One end's half of the join code's key exchange: SPAKE2 (a password-authenticated key
/// exchange) with the code as the password. Each end sends its message ([`CodeExchange::start`])
/// and finishes with the other's; the two keys are equal only when both ends used the same
/// code. A peer that does not know the code learns nothing from the messages or the proofs to
/// try codes with offline: each connection is one guess.
pub struct CodeExchange(spake2::Spake2<spake2::Ed25519Group>);

/// The key both ends of a connection share once the exchange is done (when their codes agree).
#[derive(Clone)]
pub struct SessionKey(Vec<u8>);

impl std::fmt::Debug for SessionKey {
    /// The key itself is not shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionKey(..)")
    }
}

impl CodeExchange {
    /// Starts the exchange with `code`: this end's half, and its message (in hex) to send.
    pub fn start(code: &str) -> (CodeExchange, String) {
        let (state, message) = spake2::Spake2::<spake2::Ed25519Group>::start_symmetric(
            &spake2::Password::new(code.as_bytes()),
            &spake2::Identity::new(b"carrom join code"),
        );
        (CodeExchange(state), hex(&message))
    }

    /// The shared key, from the other end's message; an error when it cannot be read.
    pub fn finish(self, theirs: &str) -> Result<SessionKey, KeyExchangeError> {
        let bytes = unhex(theirs).ok_or(KeyExchangeError::NotHex)?;
        self.0
            .finish(&bytes)
            .map(SessionKey)
            .map_err(|e| KeyExchangeError::Refused(format!("{e:?}")))
    }
}

/// `who`'s proof, on the connection of `binding`, that its key is `key`: HMAC-SHA-256 keyed by
/// the exchange's key over who proves and the binding, in hex. The guest proves first; the host
/// answers with its own proof in the welcome. A proof made on one connection (say, by a machine
/// in the middle relaying) does not hold on another.
pub fn code_proof(key: &SessionKey, who: Prover, binding: &Binding) -> String {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &key.0);
    hex(ring::hmac::sign(&key, &proof_message(who, binding)).as_ref())
}

/// Whether `proof` is `who`'s proof of `key` on the connection of `binding` (compared in
/// constant time).
pub fn proof_holds(key: &SessionKey, who: Prover, binding: &Binding, proof: &str) -> bool {
    let Some(tag) = unhex(proof) else {
        return false;
    };
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &key.0);
    ring::hmac::verify(&key, &proof_message(who, binding), &tag).is_ok()
}

/// A seated guest's way back in: a secret both ends derive from the exchange's key and the
/// connection's binding once the guest is welcomed to its seats (nothing more crosses the
/// network). The guest opens its next connection with it as the QUIC connection's first
/// destination id, so the host sees it before anything else and lets the guest back in past
/// the bounds on strangers from its address ([`crate::slots`]). A new welcome makes a new one.
pub type Ticket = [u8; 16];

/// The ticket back in of a guest welcomed with `key` on the connection of `binding`.
pub fn rejoin_ticket(key: &SessionKey, binding: &Binding) -> Ticket {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &key.0);
    let mut message = b"carrom rejoin".to_vec();
    message.extend_from_slice(binding);
    let tag = ring::hmac::sign(&key, &message);
    let mut ticket = [0; 16];
    ticket.copy_from_slice(&tag.as_ref()[..16]);
    ticket
}

fn proof_message(who: Prover, binding: &Binding) -> Vec<u8> {
    let mut m = match who {
        Prover::Guest => b"carrom guest".to_vec(),
        Prover::Host => b"carrom host".to_vec(),
    };
    m.extend_from_slice(binding);
    m
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || text.len() > 512 || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ends of one connection, each with its code: the keys their exchange gives.
    fn exchange(guest_code: &str, host_code: &str) -> (SessionKey, SessionKey) {
        let (guest, to_host) = CodeExchange::start(guest_code);
        let (host, to_guest) = CodeExchange::start(host_code);
        (
            guest.finish(&to_guest).unwrap(),
            host.finish(&to_host).unwrap(),
        )
    }

    #[test]
    fn a_proof_holds_for_the_same_code_the_right_prover_and_its_connection_only() {
        let here = [1u8; 32];
        let (guest, host) = exchange("K7M2QX", "K7M2QX");
        let proof = code_proof(&guest, Prover::Guest, &here);
        assert!(proof_holds(&host, Prover::Guest, &here, &proof));
        assert!(
            !proof_holds(&host, Prover::Host, &here, &proof),
            "the other side's"
        );
        assert!(
            !proof_holds(&host, Prover::Guest, &[2; 32], &proof),
            "another connection"
        );
        assert!(
            !proof_holds(&host, Prover::Guest, &here, "zz"),
            "not a proof"
        );
        let (wrong, host) = exchange("K7M2QY", "K7M2QX");
        let proof = code_proof(&wrong, Prover::Guest, &here);
        assert!(
            !proof_holds(&host, Prover::Guest, &here, &proof),
            "another code"
        );
        // The messages say nothing of the code, and differ at each start.
        let (_, a) = CodeExchange::start("K7M2QX");
        let (_, b) = CodeExchange::start("K7M2QX");
        assert_ne!(a, b);
        assert!(CodeExchange::start("K7M2QX").0.finish("not hex").is_err());
    }
}
