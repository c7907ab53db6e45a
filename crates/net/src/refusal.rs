//! Why a host turns a guest away ([`Refusal`]): a typed reason at the host, its words on the
//! network (the protocol sends a refusal as a sentence), and the same reason read back from
//! the words at the guest.

use crate::error::KeyExchangeError;
use carrom_referee::Seat;
pub use carrom_remote::SeatRefusal;

/// Why the host turns a guest away: the connection closes. It crosses the network as its
/// words ([`ToGuest::Refused`](crate::ToGuest::Refused)), which the guest reads back into the
/// same refusal ([`Refusal::from_words`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The guest's proof does not hold: another code (or a proof made for another connection).
    #[error("wrong join code")]
    WrongCode,
    /// The guest speaks another version of the protocol.
    #[error("protocol version {guest} is not the host's {host}: update carrom on one machine")]
    Version { guest: u32, host: u32 },
    /// The guest's first message could not be read: most likely another version's.
    #[error(
        "{reason} (this host speaks protocol version {host}: is the other carrom another version?)"
    )]
    Unreadable { reason: String, host: u32 },
    #[error(transparent)]
    KeyExchange(#[from] KeyExchangeError),
    #[error("a second hello on one connection")]
    SecondHello,
    #[error("a proof before a hello")]
    ProofBeforeHello,
    /// The first difference between the physics (a field and both values).
    #[error("the physics differs from the host's: {0}")]
    Physics(String),
    /// The first difference between the rules (a field and both values).
    #[error("the rules differ from the host's: {0}")]
    Rules(String),
    #[error(
        "a name must be 1 to {} characters, none of them control characters",
        carrom_match::Player::MAX_NAME
    )]
    Name,
    #[error(transparent)]
    Seat(#[from] SeatRefusal),
    /// The guest of this name joined again on another connection: the old one closes.
    #[error("{0} joined again from another connection")]
    JoinedAgain(String),
    /// A connection that said no hello within this many seconds.
    #[error("no hello within {0} s")]
    NoHello(u64),
    /// A connection that said its hello but gave no proof of the code within this many
    /// seconds of connecting.
    #[error("no proof of the join code within {0} s")]
    NoProof(u64),
    /// The address gave too many wrong codes lately: no guess is taken from it for this many
    /// seconds.
    #[error("too many wrong join codes from this address: try again in {0} s")]
    Guessing(u64),
    /// The host's slots for connections still proving the code are full, and this one was
    /// let go for a newer one. Trying again may help.
    #[error("too many connections are proving the join code at once: try again")]
    Crowded,
    /// The match has as many spectators as it takes.
    #[error("the match has its {0} spectators: no more can watch")]
    Spectators(usize),
    /// A message of a connection the host has already let go (never sent: for the host's log).
    #[error("a hello from a connection already gone")]
    HelloWhenGone,
    #[error("a proof from a connection already gone")]
    ProofWhenGone,
    /// Words of a host this build does not know (another version's).
    #[error("{0}")]
    Other(String),
}

impl Refusal {
    /// The refusals without anything in them, as [`Refusal::from_words`] knows them.
    const PLAIN: [Refusal; 9] = [
        Refusal::WrongCode,
        Refusal::Crowded,
        Refusal::SecondHello,
        Refusal::ProofBeforeHello,
        Refusal::Name,
        Refusal::HelloWhenGone,
        Refusal::ProofWhenGone,
        Refusal::Seat(SeatRefusal::AllTaken),
        Refusal::KeyExchange(KeyExchangeError::NotHex),
    ];

    /// The refusal whose words (its `Display`) are `words`: every refusal a host of this
    /// version makes reads back as itself; any other words are [`Refusal::Other`].
    pub fn from_words(words: &str) -> Refusal {
        if let Some(plain) = Refusal::PLAIN.into_iter().find(|r| r.to_string() == words) {
            return plain;
        }
        let after = |prefix: &str| words.strip_prefix(prefix).map(str::to_string);
        if let Some(d) = after("the physics differs from the host's: ") {
            return Refusal::Physics(d);
        }
        if let Some(d) = after("the rules differ from the host's: ") {
            return Refusal::Rules(d);
        }
        if let Some(why) = after("the key exchange's message: ") {
            return KeyExchangeError::Refused(why).into();
        }
        Refusal::numbered(words)
            .or_else(|| Refusal::about_a_seat(words))
            .or_else(|| {
                let name = words.strip_suffix(" joined again from another connection")?;
                Some(Refusal::JoinedAgain(name.to_string()))
            })
            .unwrap_or_else(|| Refusal::Other(words.to_string()))
    }

    /// The refusals with a number in them: the versions, and the time to say hello.
    fn numbered(words: &str) -> Option<Refusal> {
        if let Some(rest) = words.strip_prefix("protocol version ")
            && let Some(rest) = rest.strip_suffix(": update carrom on one machine")
            && let Some((guest, host)) = rest.split_once(" is not the host's ")
        {
            let (guest, host) = (guest.parse().ok()?, host.parse().ok()?);
            return Some(Refusal::Version { guest, host });
        }
        if let Some(rest) = words.strip_suffix(": is the other carrom another version?)")
            && let Some((reason, host)) = rest.rsplit_once(" (this host speaks protocol version ")
        {
            let host = host.parse().ok()?;
            let reason = reason.to_string();
            return Some(Refusal::Unreadable { reason, host });
        }
        if let Some(secs) = words
            .strip_prefix("too many wrong join codes from this address: try again in ")
            .and_then(|w| w.strip_suffix(" s"))
        {
            return Some(Refusal::Guessing(secs.parse().ok()?));
        }
        if let Some(n) = words
            .strip_prefix("the match has its ")
            .and_then(|w| w.strip_suffix(" spectators: no more can watch"))
        {
            return Some(Refusal::Spectators(n.parse().ok()?));
        }
        if let Some(secs) = words
            .strip_prefix("no proof of the join code within ")
            .and_then(|w| w.strip_suffix(" s"))
        {
            return Some(Refusal::NoProof(secs.parse().ok()?));
        }
        let secs = words.strip_prefix("no hello within ")?.strip_suffix(" s")?;
        Some(Refusal::NoHello(secs.parse().ok()?))
    }

    /// The refusals of a seat.
    fn about_a_seat(words: &str) -> Option<Refusal> {
        Seat::ALL.into_iter().find_map(|seat| {
            let made = [SeatRefusal::NoSuchSeat(seat), SeatRefusal::NotAGuests(seat)];
            if let Some(r) = made.into_iter().find(|r| r.to_string() == words) {
                return Some(r.into());
            }
            let holder = words
                .strip_prefix(&format!("the {} seat is ", seat.name()))?
                .strip_suffix("'s")?;
            let holder = holder.to_string();
            Some(SeatRefusal::Taken { seat, holder }.into())
        })
    }

    /// Whether the refusal may pass: the host was crowded, and trying again may help.
    pub fn is_passing(&self) -> bool {
        matches!(self, Refusal::Crowded)
    }

    /// Whether the guest speaks another version than the host (or seems to).
    pub fn is_other_version(&self) -> bool {
        matches!(self, Refusal::Version { .. } | Refusal::Unreadable { .. })
    }
}

impl serde::Serialize for Refusal {
    /// A refusal crosses the network as its words.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Refusal {
    /// The host's words, read back; whatever they hold that is not to be shown (control
    /// characters from a host that is not one of ours) is escaped ([`crate::shown`]).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Refusal, D::Error> {
        let words = String::deserialize(d)?;
        Ok(Refusal::from_words(&crate::shown(&words)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every refusal a host makes reads back from its words as itself, and words no host of
    /// this version says stay as they are.
    #[test]
    fn a_refusal_reads_back_from_its_words() {
        let refusals = [
            Refusal::WrongCode,
            Refusal::Version { guest: 1, host: 2 },
            Refusal::Unreadable {
                reason: "malformed message: unknown field `code` (at 1)".into(),
                host: 2,
            },
            KeyExchangeError::NotHex.into(),
            KeyExchangeError::Refused("CorruptMessage".into()).into(),
            Refusal::SecondHello,
            Refusal::ProofBeforeHello,
            Refusal::Physics("sim.min_dt: 0.0001 here, 0.0002 there".into()),
            Refusal::Rules("game_points: 25 here, 29 there".into()),
            Refusal::Name,
            SeatRefusal::NoSuchSeat(Seat::East).into(),
            SeatRefusal::NotAGuests(Seat::South).into(),
            SeatRefusal::Taken {
                seat: Seat::North,
                holder: "Asha's friend".into(),
            }
            .into(),
            SeatRefusal::AllTaken.into(),
            Refusal::JoinedAgain("Ravi".into()),
            Refusal::NoHello(10),
            Refusal::NoProof(3),
            Refusal::Guessing(8),
            Refusal::Crowded,
            Refusal::Spectators(32),
            Refusal::HelloWhenGone,
            Refusal::ProofWhenGone,
        ];
        for r in refusals {
            assert_eq!(Refusal::from_words(&r.to_string()), r, "{r}");
        }
        for words in [
            "the host is tired",
            "protocol version x is not the host's 2: update",
        ] {
            let r = Refusal::from_words(words);
            assert_eq!(r, Refusal::Other(words.into()));
            assert_eq!(r.to_string(), words);
        }
        // A host's words with a terminal's escapes in them are read back escaped.
        let back: Refusal = serde_json::from_str(r#""\u001b[2Jgone\u0007""#).unwrap();
        assert_eq!(back, Refusal::Other("\\u{1b}[2Jgone\\u{7}".into()));
        let json = serde_json::to_string(&Refusal::WrongCode).unwrap();
        assert_eq!(json, r#""wrong join code""#);
        let back: Refusal = serde_json::from_str(&json).unwrap();
        assert_eq!(back, Refusal::WrongCode);
    }
}
