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

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use bevy_rapier2d::rapier::geometry::CollisionEvent as RapierCollisionEvent;
use bevy_rapier2d::rapier::prelude::{ColliderSet, ContactPair, EventHandler, RigidBodySet};
use carrom_physics::{
    BodyId, Clock, Event, Fate, Piece, RapierParts, Roster, Seat, Shot, Spec, Table, bind_entity,
    step_board,
};
use std::collections::HashMap;
use std::sync::Mutex;

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
    pub paused: bool,
}

impl Default for SimSpeed {
    fn default() -> Self {
        SimSpeed {
            factor: 1.0,
            steps_per_frame: None,
            paused: false,
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

/// Registers the collision messages; call before adding [`rapier_plugin`] (bevy_rapier2d only
/// inserts the message buffer, which would then never be cleared).
/// A stroke came to rest (or ran out of time): its outcome is on the [`LiveTable`] and the
/// rapier context.
#[derive(Message, Debug, Clone, Copy)]
pub struct StrokeEnded {
    pub shot: Shot,
}

pub fn register_messages(app: &mut App) {
    app.add_message::<StrokeEnded>()
        .add_message::<CollisionEvent>()
        .add_message::<ContactForceEvent>()
        .add_message::<MassModifiedEvent>();
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveTable>()
        .init_resource::<SimSpeed>()
        .init_resource::<Equipment>()
        .init_resource::<ContactSpeeds>()
        .add_message::<LoadTable>()
        .add_systems(Startup, spawn_board_entities)
        .add_systems(Update, load_table.in_set(SimSet))
        .add_systems(
            PostUpdate,
            (
                settle.after(PhysicsSet::SyncBackend),
                step_table.in_set(PhysicsSet::StepSimulation),
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

/// Most pieces a table holds (the ICF set).
const POOL: usize = 19;

fn spawn_board_entities(mut commands: Commands, ctx: Query<Entity, With<DefaultRapierContext>>) {
    let Ok(ctx) = ctx.single() else {
        return;
    };
    let link = RapierContextEntityLink(ctx);
    let frame = commands.spawn((Name::new("frame"), Frame, link)).id();
    let cushions = Seat::ALL.map(|seat| {
        commands
            .spawn((
                Name::new(format!("cushion {}", seat.name())),
                Cushion(seat),
                link,
            ))
            .id()
    });
    let pockets = [0, 1, 2, 3].map(|i| {
        commands
            .spawn((Name::new(format!("pocket {i}")), PocketSensor(i), link))
            .id()
    });
    let pieces = (0..POOL)
        .map(|i| {
            commands
                .spawn((
                    Name::new(format!("piece {i}")),
                    BoardBody(BodyId::Piece(i)),
                    Transform::default(),
                    link,
                ))
                .id()
        })
        .collect();
    let striker = commands
        .spawn((
            Name::new("striker"),
            BoardBody(BodyId::Striker),
            Transform::default(),
            link,
        ))
        .id();
    commands.insert_resource(BoardEntities {
        frame,
        cushions,
        pockets,
        pieces,
        striker,
        settled: false,
    });
}

/// After bevy_rapier2d's sync has run once with the entities linked, they may get handles.
fn settle(board: Option<ResMut<BoardEntities>>) {
    if let Some(mut board) = board
        && !board.settled
    {
        board.settled = true;
    }
}

/// bevy_rapier2d's name for a rapier combine rule (the board uses the first four only).
fn combine_rule(
    rule: bevy_rapier2d::rapier::prelude::CoefficientCombineRule,
) -> CoefficientCombineRule {
    use bevy_rapier2d::rapier::prelude::CoefficientCombineRule as R;
    match rule {
        R::Min => CoefficientCombineRule::Min,
        R::Multiply => CoefficientCombineRule::Multiply,
        R::Max => CoefficientCombineRule::Max,
        _ => CoefficientCombineRule::Average,
    }
}

/// The bevy_rapier2d components that mirror a rapier collider exactly.
fn collider_components(
    co: &bevy_rapier2d::rapier::geometry::Collider,
    handle: bevy_rapier2d::rapier::geometry::ColliderHandle,
) -> impl Bundle {
    (
        Collider::from(co.shared_shape().clone()),
        RapierColliderHandle(handle),
        Restitution {
            coefficient: co.restitution(),
            combine_rule: combine_rule(co.restitution_combine_rule()),
        },
        Friction {
            coefficient: co.friction(),
            combine_rule: combine_rule(co.friction_combine_rule()),
        },
    )
}

fn load_table(
    mut commands: Commands,
    mut msgs: MessageReader<LoadTable>,
    mut pending: Local<Option<LoadTable>>,
    spec: Res<Equipment>,
    board: Option<Res<BoardEntities>>,
    mut live: ResMut<LiveTable>,
    mut ctx: ContextQuery,
) {
    for msg in msgs.read() {
        *pending = Some(msg.clone());
    }
    let Some(board) = board else { return };
    if !board.settled || pending.is_none() {
        return;
    }
    let Ok((mut sim, mut body_set, mut collider_set, mut joints)) = ctx.single_mut() else {
        return;
    };
    let Some(msg) = pending.take() else { return };
    let spec = &spec.0;
    if msg.pieces.len() > board.pieces.len() {
        // A carrom set has 19 pieces; a layout with more is a bug upstream.
        error!(
            "a table of {} pieces: only the first {} are loaded",
            msg.pieces.len(),
            board.pieces.len()
        );
    }
    let pieces = &msg.pieces[..msg.pieces.len().min(board.pieces.len())];
    let mut table = Table::new(spec, pieces);
    if let Some(shot) = msg.shot {
        table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
    }

    // Tag the rapier objects with their entities.
    let roster = table.roster.clone();
    let frame_body = table.colliders[roster.frame[0]].parent();
    if let Some(h) = frame_body {
        bind_entity(&mut table.bodies[h].user_data, board.frame.to_bits());
    }
    for (k, &h) in roster.frame.iter().enumerate() {
        bind_entity(
            &mut table.colliders[h].user_data,
            board.cushions[k].to_bits(),
        );
    }
    for (k, &h) in roster.pocket_sensors.iter().enumerate() {
        bind_entity(
            &mut table.colliders[h].user_data,
            board.pockets[k].to_bits(),
        );
    }
    // A fresh table: every member is on the board.
    let members: Vec<(BodyId, carrom_physics::table::Member)> = roster.on_board().collect();
    for (id, m) in &members {
        if let Some(e) = board.body(*id) {
            bind_entity(&mut table.bodies[m.body].user_data, e.to_bits());
            bind_entity(&mut table.colliders[m.collider].user_data, e.to_bits());
        }
    }

    // The entities' components, read from the rapier objects so they agree exactly.
    if let Some(h) = frame_body {
        commands
            .entity(board.frame)
            .insert((RigidBody::Fixed, RapierRigidBodyHandle(h)));
    }
    for (k, &h) in roster.frame.iter().enumerate() {
        commands
            .entity(board.cushions[k])
            .insert(collider_components(&table.colliders[h], h));
    }
    for (k, &h) in roster.pocket_sensors.iter().enumerate() {
        commands
            .entity(board.pockets[k])
            .insert((collider_components(&table.colliders[h], h), Sensor));
    }
    let mut used = Vec::new();
    for (id, m) in &members {
        let Some(e) = board.body(*id) else { continue };
        used.push(e);
        let rb = &table.bodies[m.body];
        let co = &table.colliders[m.collider];
        let p = rb.translation();
        let mut ec = commands.entity(e);
        ec.insert((
            RigidBody::Dynamic,
            RapierRigidBodyHandle(m.body),
            collider_components(co, m.collider),
            ColliderMassProperties::Mass(co.mass()),
            ActiveEvents::COLLISION_EVENTS,
            Velocity {
                linear: rb.linvel(),
                angular: rb.angvel(),
            },
            // The exact pose of the body: bevy_rapier2d reads it back unchanged.
            Transform::from_xyz(p.x, p.y, 0.0),
        ));
        if rb
            .locked_axes()
            .contains(bevy_rapier2d::rapier::prelude::LockedAxes::ROTATION_LOCKED)
        {
            ec.insert(LockedAxes::ROTATION_LOCKED);
        }
    }
    for e in board.pieces.iter().chain([&board.striker]) {
        if !used.contains(e) {
            commands.entity(*e).remove::<(
                RigidBody,
                RapierRigidBodyHandle,
                LockedAxes,
                Collider,
                RapierColliderHandle,
                Restitution,
                Friction,
                ColliderMassProperties,
                ActiveEvents,
                Velocity,
            )>();
        }
    }

    // Move the sets into the context (fresh components: no stale entity maps or transforms).
    let Table {
        params,
        islands,
        broad_phase,
        narrow_phase,
        bodies,
        colliders,
        impulse_joints,
        multibody_joints,
        ccd_solver,
        pipeline,
        ..
    } = table;
    sim.islands = islands;
    sim.broad_phase = broad_phase;
    sim.narrow_phase = narrow_phase;
    sim.ccd_solver = ccd_solver;
    sim.pipeline = pipeline;
    sim.integration_parameters = params;
    *body_set = RapierRigidBodySet::default();
    body_set.bodies = bodies;
    *collider_set = RapierContextColliders::default();
    collider_set.colliders = colliders;
    joints.impulse_joints = impulse_joints;
    joints.multibody_joints = multibody_joints;

    live.roster = Some(roster);
    live.clock = Clock::default();
    live.events.clear();
    live.running = msg.shot.is_some();
    live.shot = msg.shot;
    live.owed = 0.0;
    live.generation += 1;
    live.previous.clear();
    live.last_dt = 0.0;
}

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
fn step_table(
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
    if !live.running || speed.paused {
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
    let mut budget_steps = speed.steps_per_frame.unwrap_or(u32::MAX);
    if speed.steps_per_frame.is_none() {
        live.owed += time.delta_secs().min(0.1) * speed.factor;
    }
    let start = live.events.len();
    loop {
        if budget_steps == 0 {
            break;
        }
        if speed.steps_per_frame.is_none() && live.owed <= 0.0 {
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
            if let Some(shot) = live.shot {
                ended.write(StrokeEnded { shot });
            }
            break;
        }
    }

    // rapier's events as bevy_rapier2d messages, entities from the colliders' user data.
    let entity = |h| {
        colliders
            .colliders
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
    // The fall itself, as a contact with the pocket's sensor: a sensor fires as soon as a
    // piece overlaps the hole's rim (it may not fall), and a fast piece can cross the hole
    // within one step without any overlap being seen, so the board's own pocketing is sent
    // too (the sounds rattle once per body that fell).
    for e in &live.events[start..] {
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
    phase: Option<Res<State<crate::Phase>>>,
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
                .is_some_and(|p| *p.get() != crate::Phase::Moving);
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
