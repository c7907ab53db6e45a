//! What crosses the network: serde messages with a protocol version, each sent as one frame (a
//! four-byte big-endian length, then the message as JSON). A guest's messages are small and
//! bounded; the host's may carry the whole match so far (a guest that joins late or rejoins).

#[cfg(not(target_arch = "wasm32"))]
pub use crate::code::{
    Binding, CodeExchange, Prover, SessionKey, Ticket, code_proof, proof_holds, rejoin_ticket,
};
use crate::error::{Malformed, Refusal};
use carrom_match::{Action, Level, MatchSetup};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat};
pub use carrom_remote::bounds::{
    FLOOD_LIMIT, GUEST_BURST, GUEST_PACE, GUEST_PACE_BURST, GUEST_RATE, MAX_GUEST_MESSAGE,
    MAX_HOST_MESSAGE,
};
pub use carrom_remote::protocol::{Applied, Holder, Role, SeatState};
use serde::{Deserialize, Serialize};

/// The protocol's version: a guest and a host must speak the same one (3: the host tells a
/// guest to send again an action it dropped, [`ToGuest::SendAgain`]).
pub const PROTOCOL: u32 = 3;
/// The QUIC application protocol name (ALPN).
pub const ALPN: &[u8] = b"carrom/1";

/// A guest's message to the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToHost {
    /// The first message: who the guest is and what it plays with.
    Hello(Hello),
    /// An action for one of the guest's seats, as the match's action number `index` (the
    /// number of actions before it). A resent action whose index has passed is refused, so a
    /// stroke is applied once or not at all.
    Act { index: usize, action: Action },
    /// The guest's position differs from the host's: send the whole match again.
    Resync,
    /// After the host's [`ToGuest::Challenge`]: the guest's proof that its key is the host's
    /// ([`code_proof`]), that is, that it used the same join code.
    Proof { proof: String },
}

/// A guest's first message: who it is and what it plays with. The host compares the protocol
/// version, the physics spec and (when the guest names them) the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hello {
    pub protocol: u32,
    /// The guest's message of the join code's key exchange ([`CodeExchange`]): the code itself
    /// never crosses the network.
    pub pake: String,
    pub name: String,
    pub role: Role,
    /// Seats the guest asks for; empty: the next free seat (or, on a rejoin, the seats this
    /// name held).
    #[serde(default)]
    pub seats: Vec<Seat>,
    /// The guest's seats are played by a computer of this level.
    #[serde(default)]
    pub computer: Option<Level>,
    pub spec: Box<Spec>,
    /// The rules the guest expects, when it was told which.
    #[serde(default)]
    pub rules: Option<Box<Rules>>,
}

/// The host's message to a guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToGuest {
    /// The guest is in: its seats (none for a spectator), and who sits where.
    /// The host's message of the join code's key exchange, answering the guest's hello.
    Challenge { pake: String },
    Welcome {
        protocol: u32,
        /// The host's proof that its key is the guest's ([`code_proof`]), made for this
        /// connection: a machine between the guest and the host cannot make it.
        proof: String,
        seats: Vec<Seat>,
        seating: Vec<SeatState>,
    },
    /// The match, from its setup and every action so far (sent when it starts, and to a guest
    /// that joins later, rejoins or asks for it again).
    Match {
        setup: Box<MatchSetup>,
        spec: Box<Spec>,
        log: Vec<Applied>,
    },
    /// The next action, applied by the host.
    Applied(Applied),
    /// Who sits where changed (a guest joined, left or came back; a seat was handed to a
    /// computer).
    Seating { seating: Vec<SeatState> },
    /// The guest's hello is refused; the connection closes. The reason crosses as its words.
    Refused { reason: Refusal },
    /// One of the guest's messages is refused; the connection stays.
    Rejected { reason: String },
    /// The guest's action `index` came faster than the host takes messages and was dropped:
    /// the guest is to send it again (an action is never lost to the bound).
    SendAgain { index: usize, reason: String },
}

/// A message as one frame: its length (four bytes, big-endian), then its JSON.
pub fn frame<T: Serialize>(message: &T) -> Vec<u8> {
    let body = serde_json::to_vec(message).expect("a protocol message is always JSON");
    let mut out = Vec::with_capacity(body.len() + 4);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// A frame's body as a message; the error names what is wrong.
pub fn parse<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, Malformed> {
    serde_json::from_slice(body).map_err(|e| Malformed(e.to_string()))
}

/// The first difference between two specs, as a field path and both values (`sim.min_dt: 0.0001 here,
/// 0.0002 there`), or `None` when they are the same.
pub fn spec_difference(ours: &Spec, theirs: &Spec) -> Option<String> {
    let a = serde_json::to_value(ours).ok()?;
    let b = serde_json::to_value(theirs).ok()?;
    first_difference(&a, &b, String::new())
}

/// The first difference between two rule sets, named the same way.
pub fn rules_difference(ours: &Rules, theirs: &Rules) -> Option<String> {
    let a = serde_json::to_value(ours).ok()?;
    let b = serde_json::to_value(theirs).ok()?;
    first_difference(&a, &b, String::new())
}

fn first_difference(a: &serde_json::Value, b: &serde_json::Value, path: String) -> Option<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let here = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => first_difference(p, q, here),
                    (p, q) => Some(format!("{here}: {} here, {} there", show(p), show(q))),
                }
            })
        }
        _ if a == b => None,
        _ => Some(format!(
            "{}: {a} here, {b} there",
            if path.is_empty() { "value" } else { &path }
        )),
    }
}

fn show(v: Option<&serde_json::Value>) -> String {
    v.map_or("missing".into(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_survives_its_frame_bit_for_bit() {
        let action = Action::Place {
            x: 0.123_456_79,
            y: -1.0e-7,
        };
        let message = ToHost::Act { index: 7, action };
        let bytes = frame(&message);
        let len = u32::from_be_bytes(bytes[..4].try_into().unwrap()) as usize;
        assert_eq!(len, bytes.len() - 4);
        let back: ToHost = parse(&bytes[4..]).unwrap();
        assert_eq!(back, message);
    }

    #[test]
    fn a_spec_difference_names_the_field_and_both_values() {
        let ours = Spec::default();
        let mut theirs = Spec::default();
        theirs.sim.min_dt *= 2.0;
        let d = spec_difference(&ours, &theirs).unwrap();
        assert!(d.starts_with("sim.min_dt: "), "{d}");
        assert!(d.contains("here") && d.contains("there"), "{d}");
        assert_eq!(spec_difference(&ours, &ours.clone()), None);
    }

    #[test]
    fn a_hello_survives_its_frame_and_refuses_an_unknown_field() {
        let hello = ToHost::Hello(Hello {
            protocol: PROTOCOL,
            pake: CodeExchange::start("K7M2QX").1,
            name: "Ravi".into(),
            role: Role::Player,
            seats: vec![Seat::North],
            computer: None,
            spec: Box::default(),
            rules: None,
        });
        let bytes = frame(&hello);
        assert_eq!(parse::<ToHost>(&bytes[4..]).unwrap(), hello);
        let mut value: serde_json::Value = serde_json::from_slice(&bytes[4..]).unwrap();
        value["colour"] = "blue".into();
        let e = parse::<ToHost>(value.to_string().as_bytes())
            .unwrap_err()
            .to_string();
        assert!(e.contains("colour"), "{e}");
    }

    #[test]
    fn a_message_with_an_unknown_field_is_malformed() {
        let e = parse::<ToHost>(br#"{"type":"act","index":0,"action":{"type":"pass"},"extra":1}"#)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("malformed message: "), "{e}");
    }
}
