//! The board in bevy_rapier2d. Every piece, the striker, the frame, its four cushions and the
//! four pocket sensors are ECS entities with bevy_rapier2d components (`RigidBody`, `Collider`,
//! `Restitution`, `Sensor`, `Velocity`, the rapier handles), whose bodies live in the default
//! rapier context's sets; bevy_rapier2d writes their `Transform`s and `Velocity`s back after
//! every step, and the board's contacts arrive as bevy_rapier2d `CollisionEvent` messages.
//!
//! The one thing bevy_rapier2d does not do is step: the physics crate's own `step_board` (its
//! board friction, adaptive step, pocketing and jump model included) runs in
//! [`PhysicsSet::StepSimulation`] on the context's sets, so a stroke in the game ends
//! bit-for-bit where `carrom_physics::simulate` says.
//!
//! How a table is loaded: the physics crate builds it exactly as the headless simulator does
//! (same insertion order and parameters), the bodies and colliders are tagged with their
//! entities (rapier's user data, which the solver never reads), the sets are moved into the
//! context, and the entities get the matching bevy_rapier2d components and handles. The
//! entities are spawned once and linked to the context a frame before they first get handles
//! (bevy_rapier2d would otherwise re-create them as new bodies). Game code never writes a
//! physics entity's `Transform` or `Velocity`: drawing copies them to its own sprites.

mod load;
mod step;

pub use step::{final_positions, sync_transforms};

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use carrom_physics::{BodyId, Clock, Event, Piece, Roster, Seat, Shot, Spec};
use std::collections::HashMap;

/// The equipment in use.
#[derive(Resource, Clone, Debug, Default)]
pub struct Equipment(pub Spec);

/// The table on the rapier context: who is who, and the stroke in progress.
#[derive(Resource, Default)]
pub struct LiveTable {
    pub roster: Option<Roster>,
    pub clock: Clock,
    pub events: Vec<Event>,
    /// A stroke is moving.
    pub running: bool,
    /// The shot in progress.
    pub shot: Option<Shot>,
    /// Simulated seconds owed to the physics (real time x speed).
    pub owed: f32,
    /// The stroke moving is played to its rest at once (a board behind the referee's clock
    /// catches up rather than lose its player's time).
    pub hurry: bool,
    /// Counts table loads (drawing respawns the pieces when it changes).
    pub generation: u32,
    /// Where the bodies were before the last step, and its length: the steps are adaptive
    /// (up to 0.1 s while everything is far apart), so the sprites are drawn between that
    /// and the bodies' positions, at the moment of the frame.
    pub previous: Vec<(BodyId, Vec2)>,
    pub last_dt: f32,
}

impl LiveTable {
    /// How far the frame's moment lies between the last two steps (1 = the last one).
    pub fn frame_fraction(&self, speed: &SimSpeed) -> f32 {
        if !self.running || speed.steps_per_frame.is_some() || self.last_dt <= 0.0 {
            return 1.0;
        }
        (1.0 + self.owed / self.last_dt).clamp(0.0, 1.0)
    }
}

/// How fast the simulation runs against the clock.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SimSpeed {
    /// 1.0 = real time.
    pub factor: f32,
    /// Fixed number of steps per frame instead of real time (tests, screenshots).
    pub steps_per_frame: Option<u32>,
}

impl Default for SimSpeed {
    fn default() -> Self {
        SimSpeed {
            factor: 1.0,
            steps_per_frame: None,
        }
    }
}

/// A drawn body (a sprite): which member of the roster it shows.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct BodyMarker(pub BodyId);

/// A physics entity for a piece or the striker (a bevy_rapier2d rigid body while it is on the
/// table).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct BoardBody(pub BodyId);

/// The frame's fixed body.
#[derive(Component, Clone, Copy, Debug)]
pub struct Frame;

/// A cushion of the frame (the side of the board it bounds).
#[derive(Component, Clone, Copy, Debug)]
pub struct Cushion(pub Seat);

/// A pocket's sensor (pocket index: SW, SE, NE, NW).
#[derive(Component, Clone, Copy, Debug)]
pub struct PocketSensor(pub usize);

/// The board's physics entities, spawned once and reused by every table load.
#[derive(Resource, Clone, Debug)]
pub struct BoardEntities {
    pub frame: Entity,
    pub cushions: [Entity; 4],
    pub pockets: [Entity; 4],
    pub pieces: Vec<Entity>,
    pub striker: Entity,
    /// bevy_rapier2d has seen every entity's context link (they may be given handles now).
    settled: bool,
}

impl BoardEntities {
    /// The entity of a roster member.
    pub fn body(&self, id: BodyId) -> Option<Entity> {
        match id {
            BodyId::Striker => Some(self.striker),
            BodyId::Piece(i) => self.pieces.get(i).copied(),
        }
    }
}

/// How hard each pair of bodies met in the current frame's steps (approach speed, m/s), for
/// the sounds: `CollisionEvent` says who met, this says how hard.
#[derive(Resource, Default, Debug)]
pub struct ContactSpeeds(pub HashMap<(Entity, Entity), f32>);

impl ContactSpeeds {
    pub fn get(&self, a: Entity, b: Entity) -> f32 {
        self.0
            .get(&(a, b))
            .or_else(|| self.0.get(&(b, a)))
            .copied()
            .unwrap_or(0.0)
    }
}

/// The rapier context's parts, borrowed from the default context entity.
type ContextQuery<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut RapierContextSimulation,
        &'static mut RapierRigidBodySet,
        &'static mut RapierContextColliders,
        &'static mut RapierContextJoints,
    ),
    With<DefaultRapierContext>,
>;

/// bevy_rapier2d with its component sync and writeback, but the physics crate's step.
pub fn rapier_plugin() -> RapierPhysicsPlugin<NoUserData> {
    RapierPhysicsPlugin::<NoUserData>::default().with_physics_sets_systems(
        bevy::platform::collections::HashSet::from_iter([
            PhysicsSet::SyncBackend,
            PhysicsSet::Writeback,
        ]),
    )
}

/// A stroke came to rest (or ran out of time): its outcome is on the [`LiveTable`] and the
/// rapier context.
#[derive(Message, Debug, Clone, Copy)]
pub struct StrokeEnded {
    pub shot: Shot,
}

/// Registers the collision messages; call before adding [`rapier_plugin`] (bevy_rapier2d only
/// inserts the message buffer, which would then never be cleared).
pub fn register_messages(app: &mut App) {
    app.add_message::<StrokeEnded>()
        .add_message::<CollisionEvent>()
        .add_message::<ContactForceEvent>()
        .add_message::<MassModifiedEvent>();
}

/// The live board (also in the headless app): bevy_rapier2d, with the collision messages
/// registered first, and the stroke's flow on it.
pub(super) fn plugin(app: &mut App) {
    register_messages(app);
    app.add_plugins(rapier_plugin());
    app.init_resource::<LiveTable>()
        .init_resource::<SimSpeed>()
        .init_resource::<Equipment>()
        .init_resource::<ContactSpeeds>()
        .add_message::<LoadTable>()
        .add_systems(Startup, load::spawn_board_entities)
        .add_systems(Update, load::load_table.in_set(SimSet))
        .add_systems(
            PostUpdate,
            (
                load::settle.after(PhysicsSet::SyncBackend),
                // Nothing moves while the game is paused.
                step::step_table
                    .in_set(PhysicsSet::StepSimulation)
                    .in_set(crate::states::PausableSystems),
            ),
        );
}

/// The simulation systems of `Update` (drawing runs after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SimSet;

/// Put these pieces on the rapier context (and, with a shot, strike).
#[derive(Message, Clone, Debug)]
pub struct LoadTable {
    pub pieces: Vec<Piece>,
    pub shot: Option<Shot>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_between_two_long_steps_is_drawn_between_them() {
        let live = LiveTable {
            running: true,
            // The last 0.1 s step ran 0.03 s ahead of the clock.
            owed: -0.03,
            last_dt: 0.1,
            ..Default::default()
        };
        let alpha = live.frame_fraction(&SimSpeed::default());
        assert!((alpha - 0.7).abs() < 1e-6, "{alpha}");
        // Fixed steps per frame (tests, screenshots) and a finished stroke show the last step.
        let fixed = SimSpeed {
            steps_per_frame: Some(4),
            ..Default::default()
        };
        assert_eq!(live.frame_fraction(&fixed), 1.0);
        let rested = LiveTable {
            running: false,
            ..live
        };
        assert_eq!(rested.frame_fraction(&SimSpeed::default()), 1.0);
    }
}
