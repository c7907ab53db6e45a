//! Building the world: the frame with its cushions and pocket sensors, the pieces and the
//! striker as rapier bodies, in the order the headless table and the game share.

use super::pieces::{Fate, Member, Piece, Roster, TAG_FRAME, TAG_POCKET, TAG_SHIFT, TAG_STRIKER};
use crate::geometry::{Seat, SeatAxes};
use crate::spec::Spec;
use rapier2d::math::Vector as Vec2;
use rapier2d::prelude::*;

/// The per-collider restitution that, under rapier's `Multiply` combine rule, gives the
/// requested pair values: coin*coin = piece-piece, striker*coin = striker-piece,
/// coin*frame = piece-frame. The striker's frame restitution follows as striker*frame.
pub struct ColliderRestitution {
    pub coin: f32,
    pub striker: f32,
    pub frame: f32,
}

impl ColliderRestitution {
    pub fn from_spec(spec: &Spec) -> Self {
        let m = &spec.materials;
        let coin = m.restitution_piece_piece.sqrt();
        let (striker, frame) = if coin > 0.0 {
            (
                (m.restitution_striker_piece / coin).min(1.0),
                (m.restitution_piece_frame / coin).min(1.0),
            )
        } else {
            (0.0, 0.0)
        };
        ColliderRestitution {
            coin,
            striker,
            frame,
        }
    }
}

/// Builds the board into empty rapier sets: the frame (one fixed body with four cushions and
/// four pocket sensors), then the pieces in order. The game uses this to fill bevy_rapier2d's
/// sets in exactly the order the headless [`Table`] does.
pub fn build_board(
    spec: &Spec,
    pieces: &[Piece],
    bodies: &mut RigidBodySet,
    colliders: &mut ColliderSet,
) -> Roster {
    let e = ColliderRestitution::from_spec(spec);
    let b = &spec.board;
    let half = b.half();
    let thick = 0.1;
    // The frame: one fixed body, four cushions whose inner faces bound the playing surface.
    let frame_body = bodies.insert(RigidBodyBuilder::fixed());
    let mut side = 0u128;
    let frame = Seat::ALL.map(|seat| {
        let out = -seat.forward();
        let centre = out * (half + thick);
        let long = half + 2.0 * thick;
        let (hx, hy) = if out.x == 0.0 {
            (long, thick)
        } else {
            (thick, long)
        };
        let c = ColliderBuilder::cuboid(hx, hy)
            .translation(centre)
            .restitution(e.frame)
            .restitution_combine_rule(CoefficientCombineRule::Multiply)
            .friction(spec.materials.contact_friction)
            .user_data((TAG_FRAME | side) << TAG_SHIFT)
            .build();
        side += 1;
        colliders.insert_with_parent(c, frame_body, bodies)
    });
    let pocket_sensors = b.pockets().map(|p| {
        let c = ColliderBuilder::ball(p.radius)
            .translation(p.centre())
            .sensor(true)
            .user_data(TAG_POCKET << TAG_SHIFT)
            .build();
        colliders.insert_with_parent(c, frame_body, bodies)
    });
    let mut roster = Roster {
        kinds: Vec::with_capacity(pieces.len()),
        pieces: Vec::with_capacity(pieces.len()),
        striker: None,
        frame,
        pocket_sensors,
    };
    for (i, piece) in pieces.iter().enumerate() {
        let member = insert_disc(
            bodies,
            colliders,
            piece.pos(),
            Vec2::ZERO,
            b.coin_radius(),
            b.coin_mass,
            e.coin,
            spec,
            i as u128,
        );
        roster.kinds.push(piece.kind);
        roster.pieces.push(member);
    }
    roster
}

/// Inserts a striker at `at` moving with `velocity`; put its member in
/// `Roster::striker`.
pub fn insert_striker(
    spec: &Spec,
    bodies: &mut RigidBodySet,
    colliders: &mut ColliderSet,
    at: Vec2,
    velocity: Vec2,
) -> Member {
    let e = ColliderRestitution::from_spec(spec);
    let b = &spec.board;
    insert_disc(
        bodies,
        colliders,
        at,
        velocity,
        b.striker_radius(),
        b.striker_mass,
        e.striker,
        spec,
        TAG_STRIKER,
    )
}

#[allow(clippy::too_many_arguments)]
fn insert_disc(
    bodies: &mut RigidBodySet,
    colliders: &mut ColliderSet,
    at: Vec2,
    velocity: Vec2,
    radius: f32,
    mass: f32,
    restitution: f32,
    spec: &Spec,
    user_data: u128,
) -> Member {
    let body = bodies.insert(
        RigidBodyBuilder::dynamic()
            .translation(at)
            .linvel(velocity)
            // The discs do not spin. Rapier takes a contact's lever arms from the bodies'
            // centres at the start of the step, and a speculative contact (discs still apart)
            // then has arms off the impact's line of centres: the normal impulse would spin
            // both discs and come out too small (35% at a 60 degree cut started 4 cm short).
            // Coins on a powdered board spin little and lose it in a fraction of a second
            // ((4/3) mu g / r = 130 rad/s^2), and spin would act only through the 0.1 friction
            // between discs; impulses that are right matter more.
            .locked_axes(LockedAxes::ROTATION_LOCKED),
    );
    let collider = colliders.insert_with_parent(
        ColliderBuilder::ball(radius)
            .mass(mass)
            .restitution(restitution)
            .restitution_combine_rule(CoefficientCombineRule::Multiply)
            .friction(spec.materials.contact_friction)
            .active_events(ActiveEvents::COLLISION_EVENTS)
            .active_hooks(ActiveHooks::MODIFY_SOLVER_CONTACTS)
            .user_data(user_data << TAG_SHIFT)
            .build(),
        body,
        bodies,
    );
    Member {
        body,
        collider,
        fate: Fate::OnBoard,
        distance: 0.0,
    }
}
