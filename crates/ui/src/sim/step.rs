//! The stroke's steps: the physics crate's `step_board` on the rapier context's sets, its
//! contacts sent as bevy_rapier2d `CollisionEvent` messages with their approach speed, and the
//! sprites moved to their bodies between steps.

use super::{
    BoardBody, BoardEntities, BodyMarker, ContactSpeeds, ContextQuery, Equipment, LiveTable,
    SimSpeed, StrokeEnded,
};
use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use bevy_rapier2d::rapier::geometry::CollisionEvent as RapierCollisionEvent;
use bevy_rapier2d::rapier::prelude::{ColliderSet, ContactPair, EventHandler, RigidBodySet};
use carrom_physics::{BodyId, Fate, RapierParts, Roster, step_board};
use std::sync::Mutex;

/// Collects rapier's collision events during the physics crate's step, with the approach
/// speed of the two bodies when they met.
#[derive(Default)]
struct Collector(Mutex<Vec<(RapierCollisionEvent, f32)>>);

impl EventHandler for Collector {
    fn handle_collision_event(
        &self,
        bodies: &RigidBodySet,
        colliders: &ColliderSet,
        event: RapierCollisionEvent,
        contact_pair: Option<&ContactPair>,
    ) {
        let vel = |h| {
            colliders
                .get(h)
                .and_then(|c| c.parent())
                .and_then(|b| bodies.get(b))
                .map(|b| b.linvel())
        };
        // The approach speed along the contact normal (a glancing touch is quiet); without a
        // contact (a sensor) the relative speed.
        let normal = contact_pair
            .and_then(|p| p.manifolds.first())
            .map(|m| m.data.normal);
        let speed = match (vel(event.collider1()), vel(event.collider2())) {
            (Some(v1), Some(v2)) => match normal {
                Some(n) => (v1 - v2).dot(n).abs(),
                None => (v1 - v2).length(),
            },
            _ => 0.0,
        };
        if let Ok(mut v) = self.0.lock() {
            v.push((event, speed));
        }
    }

    fn handle_contact_force_event(
        &self,
        _dt: f32,
        _bodies: &RigidBodySet,
        _colliders: &ColliderSet,
        _contact_pair: &ContactPair,
        _total_force_magnitude: f32,
    ) {
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn step_table(
    time: Res<Time>,
    speed: Res<SimSpeed>,
    spec: Res<Equipment>,
    board: Option<Res<BoardEntities>>,
    mut live: ResMut<LiveTable>,
    mut speeds: ResMut<ContactSpeeds>,
    mut collisions: MessageWriter<CollisionEvent>,
    mut ended: MessageWriter<StrokeEnded>,
    mut ctx: ContextQuery,
) {
    speeds.0.clear();
    let Some(board) = board else { return };
    if !live.running {
        return;
    }
    let Ok((mut sim, mut bodies, mut colliders, mut joints)) = ctx.single_mut() else {
        return;
    };
    let spec = &spec.0;
    let live = &mut *live;
    let Some(roster) = live.roster.as_mut() else {
        return;
    };
    let sim = &mut *sim;
    let joints = &mut *joints;
    let collector = Collector::default();
    let paced = speed.steps_per_frame.is_none() && !live.hurry;
    let mut budget_steps = match live.hurry {
        true => u32::MAX,
        false => speed.steps_per_frame.unwrap_or(u32::MAX),
    };
    if paced {
        live.owed += time.delta_secs().min(0.1) * speed.factor;
    }
    let start = live.events.len();
    loop {
        if budget_steps == 0 {
            break;
        }
        if paced && live.owed <= 0.0 {
            break;
        }
        let parts = RapierParts {
            pipeline: &mut sim.pipeline,
            params: &mut sim.integration_parameters,
            islands: &mut sim.islands,
            broad_phase: &mut sim.broad_phase,
            narrow_phase: &mut sim.narrow_phase,
            bodies: &mut bodies.bodies,
            colliders: &mut colliders.colliders,
            impulse_joints: &mut joints.impulse_joints,
            multibody_joints: &mut joints.multibody_joints,
            ccd_solver: &mut sim.ccd_solver,
            events: &collector,
        };
        live.previous.clear();
        live.previous.extend(
            roster
                .on_board()
                .map(|(id, m)| (id, parts.bodies[m.body].translation())),
        );
        let report = step_board(parts, roster, spec, &mut live.clock, &mut live.events);
        live.owed -= report.dt;
        live.last_dt = report.dt;
        budget_steps -= 1;
        if report.at_rest || live.clock.time >= spec.sim.max_time {
            live.running = false;
            live.hurry = false;
            if let Some(shot) = live.shot {
                ended.write(StrokeEnded { shot });
            }
            break;
        }
    }

    send_contacts(
        collector,
        &colliders.colliders,
        &mut speeds,
        &mut collisions,
    );
    send_pocketings(&live.events[start..], &board, &mut collisions);
}

/// rapier's events as bevy_rapier2d messages, entities from the colliders' user data, with the
/// approach speed of each contact that started.
fn send_contacts(
    collector: Collector,
    colliders: &ColliderSet,
    speeds: &mut ContactSpeeds,
    collisions: &mut MessageWriter<CollisionEvent>,
) {
    let entity = |h| {
        colliders
            .get(h)
            .and_then(|c| Entity::try_from_bits(c.user_data as u64))
    };
    for (event, speed) in collector.0.into_inner().unwrap_or_default() {
        let (Some(a), Some(b)) = (entity(event.collider1()), entity(event.collider2())) else {
            continue;
        };
        match event {
            RapierCollisionEvent::Started(_, _, f) => {
                let s = speeds.0.entry((a, b)).or_insert(0.0);
                *s = s.max(speed);
                collisions.write(CollisionEvent::Started(a, b, f));
            }
            RapierCollisionEvent::Stopped(_, _, f) => {
                collisions.write(CollisionEvent::Stopped(a, b, f));
            }
        }
    }
}

/// The fall itself, as a contact with the pocket's sensor: a sensor fires as soon as a piece
/// overlaps the hole's rim (it may not fall), and a fast piece can cross the hole within one
/// step without any overlap being seen, so the board's own pocketing is sent too (the sounds
/// rattle once per body that fell).
fn send_pocketings(
    events: &[carrom_physics::Event],
    board: &BoardEntities,
    collisions: &mut MessageWriter<CollisionEvent>,
) {
    for e in events {
        let (body, pocket) = match e.kind {
            carrom_physics::EventKind::Pocketed { piece, pocket, .. } => {
                (BodyId::Piece(piece), pocket)
            }
            carrom_physics::EventKind::StrikerPocketed { pocket } => (BodyId::Striker, pocket),
            _ => continue,
        };
        if let (Some(be), Some(&pe)) = (board.body(body), board.pockets.get(pocket)) {
            collisions.write(CollisionEvent::Started(
                be,
                pe,
                bevy_rapier2d::rapier::geometry::CollisionEventFlags::SENSOR,
            ));
        }
    }
}

/// Moves the sprites to their physics entities (whose `Transform`s bevy_rapier2d has just
/// written back); hides what is off the board.
pub fn sync_transforms(
    live: Res<LiveTable>,
    speed: Res<SimSpeed>,
    phase: Option<Res<State<crate::states::Phase>>>,
    bodies: Query<(&BoardBody, &Transform), Without<BodyMarker>>,
    mut q: Query<(&BodyMarker, &mut Transform, &mut Visibility), Without<BoardBody>>,
) {
    let Some(roster) = live.roster.as_ref() else {
        return;
    };
    let alpha = live.frame_fraction(&speed);
    for (marker, mut tf, mut vis) in &mut q {
        let body = bodies.iter().find(|(b, _)| b.0 == marker.0);
        let on = roster
            .member(marker.0)
            .is_some_and(|m| m.fate == Fate::OnBoard);
        // Between strokes the last stroke's striker is not on the board: the player is
        // placing the next one (drawn by the HUD).
        let striker_away = marker.0 == BodyId::Striker
            && phase
                .as_ref()
                .is_some_and(|p| *p.get() != crate::states::Phase::Moving);
        let want = match body {
            Some((_, from)) if on && !striker_away => {
                let now = Vec2::new(from.translation.x, from.translation.y);
                let at = match live.previous.iter().find(|(id, _)| *id == marker.0) {
                    Some((_, before)) if alpha < 1.0 => before.lerp(now, alpha),
                    _ => now,
                };
                if tf.translation.x != at.x
                    || tf.translation.y != at.y
                    || tf.rotation != from.rotation
                {
                    tf.translation.x = at.x;
                    tf.translation.y = at.y;
                    tf.rotation = from.rotation;
                }
                Visibility::Inherited
            }
            _ => Visibility::Hidden,
        };
        if *vis != want {
            *vis = want;
        }
    }
}

/// The pieces at rest on the context's table, with the striker's fate.
pub fn final_positions(
    roster: &Roster,
    bodies: &carrom_physics::rapier2d::prelude::RigidBodySet,
) -> Vec<[f32; 2]> {
    roster
        .pieces
        .iter()
        .map(|m| {
            let p = bodies[m.body].translation();
            [p.x, p.y]
        })
        .collect()
}
