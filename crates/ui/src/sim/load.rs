//! Loading a table onto the rapier context: the board's entities are spawned once and linked
//! to the context; each load builds the table exactly as the physics crate's simulator does,
//! tags its objects with the entities, gives the entities the matching bevy_rapier2d
//! components and moves the sets into the context.

use super::{
    BoardBody, BoardEntities, ContextQuery, Cushion, Equipment, Frame, LiveTable, LoadTable,
    PocketSensor,
};
use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use bevy_rapier2d::rapier::prelude::RigidBodyHandle;
use carrom_physics::table::Member;
use carrom_physics::{BodyId, Clock, Seat, Table, bind_entity};

/// Most pieces a table holds (the ICF set).
const POOL: usize = 19;

pub(super) fn spawn_board_entities(
    mut commands: Commands,
    ctx: Query<Entity, With<DefaultRapierContext>>,
) {
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
pub(super) fn settle(board: Option<ResMut<BoardEntities>>) {
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

pub(super) fn load_table(
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
    // A fresh table: every member is on the board.
    let members: Vec<(BodyId, Member)> = roster.on_board().collect();
    tag_entities(&mut table, &board, &members, frame_body);
    give_components(&mut commands, &table, &board, &members, frame_body);
    into_context(
        table,
        &mut sim,
        &mut body_set,
        &mut collider_set,
        &mut joints,
    );

    live.roster = Some(roster);
    live.clock = Clock::default();
    live.events.clear();
    live.running = msg.shot.is_some();
    live.shot = msg.shot;
    live.owed = 0.0;
    live.hurry = false;
    live.generation += 1;
    live.previous.clear();
    live.last_dt = 0.0;
}

/// Tags the table's rapier objects with the entities that stand for them (rapier's user data,
/// which the solver never reads).
fn tag_entities(
    table: &mut Table,
    board: &BoardEntities,
    members: &[(BodyId, Member)],
    frame_body: Option<RigidBodyHandle>,
) {
    let roster = table.roster.clone();
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
    for (id, m) in members {
        if let Some(e) = board.body(*id) {
            bind_entity(&mut table.bodies[m.body].user_data, e.to_bits());
            bind_entity(&mut table.colliders[m.collider].user_data, e.to_bits());
        }
    }
}

/// The entities' bevy_rapier2d components, read from the rapier objects so they agree
/// exactly; the entities not on this table lose theirs.
fn give_components(
    commands: &mut Commands,
    table: &Table,
    board: &BoardEntities,
    members: &[(BodyId, Member)],
    frame_body: Option<RigidBodyHandle>,
) {
    let roster = &table.roster;
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
    for (id, m) in members {
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
}

/// Moves the table's sets into the rapier context (fresh components: no stale entity maps or
/// transforms).
fn into_context(
    table: Table,
    sim: &mut RapierContextSimulation,
    body_set: &mut RapierRigidBodySet,
    collider_set: &mut RapierContextColliders,
    joints: &mut RapierContextJoints,
) {
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
}
