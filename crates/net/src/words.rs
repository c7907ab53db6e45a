//! A host's events in words, as `carrom host` prints them.

use crate::host::HostEvent;
use crate::protocol::Role;
use carrom_referee::Seat;

impl HostEvent {
    /// The event in words for the host's log ("Ravi joined (north)"); `None` for the
    /// actions and the end, which the calls and the summary say.
    pub fn words(&self) -> Option<String> {
        let seats = |s: &[Seat]| s.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ");
        Some(match self {
            HostEvent::Joined {
                name,
                seats: s,
                role,
            } => match role {
                Role::Player => format!("{name} joined ({})", seats(s)),
                Role::Spectator => format!("{name} is watching"),
            },
            HostEvent::Refused { from, reason } => format!("Refused {from}: {reason}"),
            HostEvent::Rejected { name, reason } => {
                format!("Refused a message from {name}: {reason}")
            }
            HostEvent::Left { name, seats: s } => {
                format!("{name} is disconnected ({}): the match waits", seats(s))
            }
            HostEvent::Started => "Every seat is filled: the match starts".into(),
            HostEvent::HandedOver { seat } => {
                format!("The {} seat is handed to the computer", seat.name())
            }
            HostEvent::Applied { .. } | HostEvent::Over => return None,
        })
    }
}
