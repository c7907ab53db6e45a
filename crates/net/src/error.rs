//! What can go wrong across machines, each kind its own type so a caller tells them apart
//! without reading the words: a wrong join code or another version ([`Refusal`], [`JoinError`]),
//! a network that fails ([`WireError`], [`LinkClosed`]); a message the host will not take
//! ([`Rejection`]) is carrom-remote's, as the server's. Each error's message is the sentence the command line and the game show.

#[cfg(not(target_arch = "wasm32"))]
use crate::protocol::PROTOCOL;
pub use crate::refusal::{Refusal, SeatRefusal};
use carrom_match::MatchError;
#[cfg(not(target_arch = "wasm32"))]
use carrom_match::SetupError;
#[cfg(not(target_arch = "wasm32"))]
use carrom_referee::Seat;
pub use carrom_remote::error::{AtGuestError, BadMessage, Malformed, Rejection};
#[cfg(not(target_arch = "wasm32"))]
use std::net::SocketAddr;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;

/// The join code's key exchange failed: the other end's message cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyExchangeError {
    #[error("the key exchange's message is not hex")]
    NotHex,
    /// The message is hex but not a key exchange's (the exchange's own reason).
    #[error("the key exchange's message: {0}")]
    Refused(String),
}

/// The network cannot be used: the host cannot listen, a guest cannot reach its host.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("cannot make the host's certificate: {0}")]
    Certificate(rcgen::Error),
    #[error("cannot use the host's certificate: {0}")]
    UseCertificate(rustls::Error),
    /// TLS 1.3 is not to be had from the crypto provider.
    #[error("{0}")]
    Tls(rustls::Error),
    #[error("{0}")]
    Quic(#[from] quinn::crypto::rustls::NoInitialCipherSuite),
    #[error("cannot start the network thread: {0}")]
    Thread(std::io::Error),
    #[error("the network thread stopped")]
    ThreadStopped,
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot open a socket: {0}")]
    Socket(std::io::Error),
    #[error("cannot connect to {addr}: {source}")]
    Connect {
        addr: SocketAddr,
        source: quinn::ConnectError,
    },
    /// The connection failed (the host's reason, if it gave one, shown escaped).
    #[error("cannot connect to {addr}: {}", crate::shown(&.source.to_string()))]
    Connection {
        addr: SocketAddr,
        source: quinn::ConnectionError,
    },
    #[error("no answer from {addr} within {} s", within.as_secs())]
    NoAnswer { addr: SocketAddr, within: Duration },
    #[error("the connection to {0} has no TLS keying material to bind the join code to")]
    NoBinding(SocketAddr),
}

/// An address as a person gives it that cannot be used ([`crate::resolve`]).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    #[error("no address: give the host's, as 192.168.1.20:7878")]
    Empty,
    #[error("{text}: not an address and port ({source})")]
    NotAnAddress {
        text: String,
        source: std::io::Error,
    },
    /// A name that resolves to no address.
    #[error("{0}: no address")]
    NoAddress(String),
    /// Port 0 (or a port past 65535): nobody can be reached there.
    #[error("{0}: the port must be 1 to 65535")]
    PortRange(String),
    /// An IPv6 address and a port without brackets, which also reads as one IPv6 address.
    #[error(
        "{text}: write [{address}]:{port} for port {port} of {address}, or [{text}] for that \
         address on port {}",
        crate::wire::DEFAULT_PORT
    )]
    Ambiguous {
        text: String,
        address: String,
        port: String,
    },
}

/// A join code as typed that is not one ([`crate::join_code`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a join code is 1 to 16 letters and digits")]
pub struct JoinCodeError;

/// Why a guest's link to its host ended.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkClosed {
    #[error("the host closed the match")]
    HostClosed,
    /// The connection broke (the network's reason, with the host's words shown escaped).
    #[error("the connection ended: {}", crate::shown(&.0.to_string()))]
    Lost(quinn::ReadExactError),
    #[error("the host sent a message of {0} bytes, over the limit")]
    TooLarge(usize),
    /// This end closed it.
    #[error("the guest left")]
    GuestLeft,
    /// The host in this process stopped (the host's own window's link).
    #[error("the host stopped")]
    HostStopped,
    /// The host turned this guest away (another connection of its name, say).
    #[error("refused: {0}")]
    Refused(Refusal),
}

/// A guest that could not join its host ([`crate::Guest::join`], [`crate::Guest::rejoin`]).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The host cannot be reached.
    #[error(transparent)]
    Wire(#[from] WireError),
    /// The host turned the guest away ([`Refusal::WrongCode`] for a wrong code).
    #[error("refused: {0}")]
    Refused(Refusal),
    /// The host did not take the guest's message before welcoming it.
    #[error("refused: {0}")]
    Rejected(String),
    /// The host speaks another version of the protocol.
    #[error("the host speaks protocol version {0}, this carrom {PROTOCOL}")]
    Version(u32),
    /// The host's proof of the code does not hold: not the host the code came from.
    #[error(
        "the host did not prove that it knows the join code: this is not the host the code \
         came from, or a machine is in between"
    )]
    HostUnproven,
    #[error(transparent)]
    KeyExchange(#[from] KeyExchangeError),
    #[error("the host answered the hello twice")]
    ChallengedTwice,
    #[error("no welcome within {} s", .0.as_secs())]
    NoWelcome(Duration),
    /// The link ended before the welcome.
    #[error(transparent)]
    Closed(LinkClosed),
    /// The host's message could not be read.
    #[error(transparent)]
    Malformed(Malformed),
}

#[cfg(not(target_arch = "wasm32"))]
impl JoinError {
    /// Whether the host turned the guest away (trying again will not help).
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            JoinError::Refused(_)
                | JoinError::Rejected(_)
                | JoinError::Closed(LinkClosed::Refused(_))
        )
    }

    /// Whether trying again will not help: the host turned the guest away for good (not for
    /// being crowded), speaks another version, or did not prove the code (not the host the code
    /// came from: a guest that tried again would hand it another guess).
    pub fn is_final(&self) -> bool {
        match self {
            JoinError::Refused(r) | JoinError::Closed(LinkClosed::Refused(r)) => !r.is_passing(),
            JoinError::Rejected(_)
            | JoinError::Version(_)
            | JoinError::HostUnproven
            | JoinError::KeyExchange(_)
            | JoinError::ChallengedTwice => true,
            _ => false,
        }
    }

    /// Whether the guest gave a wrong join code.
    pub fn is_wrong_code(&self) -> bool {
        matches!(self, JoinError::Refused(Refusal::WrongCode))
    }

    /// Whether the host speaks another version of the protocol.
    pub fn is_other_version(&self) -> bool {
        match self {
            JoinError::Version(_) => true,
            JoinError::Refused(r) => r.is_other_version(),
            _ => false,
        }
    }
}

/// A guest whose match did not start ([`crate::Guest::wait_for_start`]).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("the match did not start within {0} s")]
    NotWithin(u64),
    #[error(transparent)]
    Closed(#[from] LinkClosed),
}

/// A host's action a guest could not follow ([`crate::Guest::apply`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FollowError {
    #[error("no match yet")]
    NoMatch,
    /// The action did not apply here: the guest asked the host for the whole match.
    #[error("{0}; asked the host for the whole match")]
    Resync(AtGuestError),
    /// The host's whole match could not be rebuilt here.
    #[error(transparent)]
    Setup(MatchError),
    #[error(transparent)]
    Action(#[from] AtGuestError),
}

/// A match that cannot be hosted ([`crate::Host::start`]).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// A join code as typed that is not one.
    #[error(transparent)]
    Code(JoinCodeError),
    #[error("the match's setup: {0}")]
    Setup(SetupError),
    #[error("nobody is given the {} seat", .0.name())]
    Unseated(Seat),
    #[error(transparent)]
    Wire(#[from] WireError),
    /// The saved match to go on with does not start.
    #[error(transparent)]
    SaveSetup(MatchError),
    #[error("the save's action {0} comes after the match ended")]
    AfterTheEnd(usize),
    #[error("the save's action {index}: {source}")]
    SaveAction { index: usize, source: MatchError },
    /// The save to go on with does not come back as recorded: the checks and the words of
    /// [`carrom_match::resume`] (each action reaching its recorded position, the match ending
    /// and standing where the save says), the file named as the caller named it.
    #[error(transparent)]
    Resume(carrom_match::ResumeError),
    /// A join code that guessers at the host's limits find too soon
    /// ([`crate::bounds::REFUSED_UNDER`]).
    #[error(
        "a join code of {chars} characters is guessed in about {} at the host's limit of {} \
         wrong codes a minute: give 4 or more",
        crate::bounds::in_words(.lasts),
        crate::bounds::ALL_WRONG_CODES_PER_MINUTE
    )]
    WeakCode { chars: usize, lasts: Duration },
    /// The host's thread could not be started ([`crate::HostThread::start`]).
    #[error("cannot start the host: {0}")]
    Thread(std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_code_another_version_and_the_network_are_told_apart() {
        let wrong = JoinError::Refused(Refusal::WrongCode);
        assert!(wrong.is_wrong_code() && wrong.is_refusal() && !wrong.is_other_version());
        let version = JoinError::Refused(Refusal::Version { guest: 3, host: 2 });
        assert!(version.is_other_version() && !version.is_wrong_code());
        assert!(JoinError::Version(3).is_other_version());
        let network = JoinError::Wire(WireError::ThreadStopped);
        assert!(!network.is_refusal() && !network.is_wrong_code() && !network.is_other_version());
    }

    /// A guest tries again after a network's failure or a crowded host, never after a refusal
    /// or a host that did not prove the code.
    #[test]
    fn a_join_is_tried_again_only_when_that_can_help() {
        assert!(JoinError::HostUnproven.is_final());
        assert!(JoinError::Refused(Refusal::WrongCode).is_final());
        assert!(JoinError::Refused(Refusal::Guessing(8)).is_final());
        assert!(JoinError::Version(9).is_final());
        assert!(!JoinError::Refused(Refusal::Crowded).is_final());
        assert!(!JoinError::Wire(WireError::ThreadStopped).is_final());
        assert!(!JoinError::NoWelcome(Duration::from_secs(3)).is_final());
    }
}
