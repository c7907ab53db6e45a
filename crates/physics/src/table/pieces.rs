//! The table's vocabulary: the pieces, the bodies and their fates, the events of a shot, the
//! roster that says which rapier body is which piece, and the tags that say what a collider is.

use crate::geometry::Seat;
use crate::spec::BoardSpec;
use rapier2d::math::Vector as Vec2;
use rapier2d::prelude::*;
use serde::{Deserialize, Serialize};

/// Standard gravity, for the board friction (m/s^2).
pub const G: f32 = 9.81;

pub use carrom_terms::PieceColour;

/// A carrom man or the Queen at a place on the board.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub kind: PieceColour,
    pub x: f32,
    pub y: f32,
}

impl Piece {
    pub fn new(kind: PieceColour, at: Vec2) -> Piece {
        Piece {
            kind,
            x: at.x,
            y: at.y,
        }
    }
    pub fn pos(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

/// A body that takes part in events: the striker or a piece (by its index in the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BodyId {
    #[serde(with = "striker_tag")]
    Striker,
    Piece(usize),
}

mod striker_tag {
    use serde::{Deserialize, Deserializer, Serializer};
    pub fn serialize<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("striker")
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
        let s = String::deserialize(d)?;
        if s == "striker" {
            Ok(())
        } else {
            Err(serde::de::Error::custom("expected \"striker\""))
        }
    }
}

/// Where a body is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    OnBoard,
    /// Fell into the pocket with this index (see [`crate::spec::BoardSpec::pockets`]).
    Pocketed(usize),
    /// Jumped over the frame.
    Overboard,
}

/// Something that happened during a shot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Simulated time since the stroke (s).
    pub t: f32,
    #[serde(flatten)]
    pub kind: EventKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// Two bodies met. `speed` is their closing speed along the line of centres (m/s).
    Contact { a: BodyId, b: BodyId, speed: f32 },
    /// A body hit the frame in front of `side`, with this normal speed (m/s).
    Cushion {
        body: BodyId,
        side: Seat,
        speed: f32,
    },
    /// A piece fell into a pocket.
    Pocketed {
        piece: usize,
        kind: PieceColour,
        pocket: usize,
    },
    /// The striker fell into a pocket.
    StrikerPocketed { pocket: usize },
    /// A body jumped over the frame: it met the frame faster than the jump speed.
    Overboard { body: BodyId, speed: f32 },
}

/// One body on the table and its bookkeeping.
#[derive(Clone, Copy, Debug)]
pub struct Member {
    pub body: RigidBodyHandle,
    pub collider: ColliderHandle,
    pub fate: Fate,
    /// Distance travelled during the current shot (m).
    pub distance: f32,
}

/// The bodies of a table: which rapier handle is which piece.
#[derive(Clone, Debug)]
pub struct Roster {
    pub kinds: Vec<PieceColour>,
    pub pieces: Vec<Member>,
    pub striker: Option<Member>,
    /// Frame cushions, in [`Seat::ALL`] order.
    pub frame: [ColliderHandle; 4],
    /// Sensors over the pocket mouths, in pocket order.
    pub pocket_sensors: [ColliderHandle; 4],
}

impl Roster {
    pub fn member(&self, id: BodyId) -> Option<&Member> {
        match id {
            BodyId::Striker => self.striker.as_ref(),
            BodyId::Piece(i) => self.pieces.get(i),
        }
    }
    pub(crate) fn member_mut(&mut self, id: BodyId) -> Option<&mut Member> {
        match id {
            BodyId::Striker => self.striker.as_mut(),
            BodyId::Piece(i) => self.pieces.get_mut(i),
        }
    }
    /// Every body still on the board, striker first.
    pub fn on_board(&self) -> impl Iterator<Item = (BodyId, Member)> + '_ {
        self.striker
            .iter()
            .map(|m| (BodyId::Striker, *m))
            .chain(
                self.pieces
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (BodyId::Piece(i), *m)),
            )
            .filter(|(_, m)| m.fate == Fate::OnBoard)
    }
}

/// Collider user data: what a collider is, in the high 64 bits. The low 64 bits are free for
/// the game, which keeps bevy_rapier2d's entity bits there (see [`bind_entity`]).
pub(crate) const TAG_SHIFT: u32 = 64;
pub(crate) const TAG_STRIKER: u128 = 1 << 20;
pub(crate) const TAG_FRAME: u128 = 2 << 20;
pub(crate) const TAG_POCKET: u128 = 3 << 20;
const TAG_MASK: u128 = 0xff << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tag {
    Body(BodyId),
    Frame(usize),
    Pocket,
}

/// What a collider is, from its tag (its user data shifted down by [`TAG_SHIFT`]).
pub(crate) fn tag_of(tag: u128) -> Tag {
    let index = (tag & 0xfffff) as usize;
    match tag & TAG_MASK {
        TAG_STRIKER => Tag::Body(BodyId::Striker),
        TAG_FRAME => Tag::Frame(index),
        TAG_POCKET => Tag::Pocket,
        _ => Tag::Body(BodyId::Piece(index)),
    }
}

/// Writes `bits` (bevy_rapier2d's `Entity::to_bits`) into the low 64 bits of a body's or
/// collider's user data, keeping the board's own tag in the high bits. Rapier never reads user
/// data while stepping, so binding changes nothing in the simulation.
pub fn bind_entity(user_data: &mut u128, bits: u64) {
    *user_data = (*user_data >> TAG_SHIFT << TAG_SHIFT) | u128::from(bits);
}

/// The radius of a body: the striker's or a coin's.
pub(crate) fn radius_of(board: &BoardSpec, id: BodyId) -> f32 {
    if id == BodyId::Striker {
        board.striker_radius()
    } else {
        board.coin_radius()
    }
}
