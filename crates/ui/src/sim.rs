//! The board in bevy_rapier2d: the physics crate's bodies live in the default rapier context's
//! sets (pieces, striker, frame cushions and pocket sensors), and the physics crate's own
//! `step_board` advances them, so a stroke in the game ends bit-for-bit where
//! `carrom_physics::simulate` says. bevy_rapier2d's own stepping is switched off.
//!
//! Simulation only: drawing reads the bodies through [`LiveTable`] and `Transform`s.

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use carrom_physics::{
    BodyId, Clock, Event, Fate, Piece, RapierParts, Roster, Shot, Spec, Table, step_board,
};

/// The equipment in use.
#[derive(Resource, Clone, Debug, Default)]
pub struct BoardSpec(pub Spec);

/// The table on the rapier context: who is who, and the stroke in progress.
#[derive(Resource, Default)]
pub struct LiveTable {
    pub roster: Option<Roster>,
    pub clock: Clock,
    pub events: Vec<Event>,
    /// A stroke is moving.
    pub running: bool,
    /// The stroke just came to rest (cleared by whoever reads the result).
    pub finished: bool,
    /// The shot in progress.
    pub shot: Option<Shot>,
    /// Simulated seconds owed to the physics (real time x speed).
    pub owed: f32,
    /// Events not yet seen by the sound system.
    pub fresh_events: Vec<Event>,
    /// Counts table loads (drawing respawns the pieces when it changes).
    pub generation: u32,
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

/// A drawn body: which member of the roster it shows.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct BodyMarker(pub BodyId);

/// The rapier context's parts, borrowed from the default context entity.
type ContextQuery<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut RapierContextSimulation,
        &'static mut RapierRigidBodySet,
        &'static mut RapierContextColliders,
        &'static mut RapierContextJoints,
        &'static mut RapierConfiguration,
    ),
    With<DefaultRapierContext>,
>;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveTable>()
        .init_resource::<SimSpeed>()
        .init_resource::<BoardSpec>()
        .add_message::<LoadTable>()
        .add_systems(
            Update,
            (switch_off_rapier_stepping, load_table, step_table)
                .chain()
                .in_set(SimSet),
        );
}

/// The simulation systems (drawing runs after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SimSet;

/// Put these pieces on the rapier context (and, with a shot, strike).
#[derive(Message, Clone, Debug)]
pub struct LoadTable {
    pub pieces: Vec<Piece>,
    pub shot: Option<Shot>,
}

fn switch_off_rapier_stepping(mut q: Query<&mut RapierConfiguration>) {
    for mut c in &mut q {
        if c.physics_pipeline_active {
            c.physics_pipeline_active = false;
        }
    }
}

/// Moves a fresh physics-crate table into the rapier context's sets.
pub fn install(table: Table, ctx: &mut ContextQuery) -> Option<Roster> {
    let (mut sim, mut bodies, mut colliders, mut joints, _) = ctx.single_mut().ok()?;
    let Table {
        roster,
        params,
        islands,
        broad_phase,
        narrow_phase,
        bodies: b,
        colliders: c,
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
    bodies.bodies = b;
    colliders.colliders = c;
    joints.impulse_joints = impulse_joints;
    joints.multibody_joints = multibody_joints;
    Some(roster)
}

fn load_table(
    mut msgs: MessageReader<LoadTable>,
    spec: Res<BoardSpec>,
    mut live: ResMut<LiveTable>,
    mut ctx: ContextQuery,
) {
    for msg in msgs.read() {
        let spec = &spec.0;
        let mut table = Table::new(spec, &msg.pieces);
        if let Some(shot) = msg.shot {
            table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
        }
        live.roster = install(table, &mut ctx);
        live.clock = Clock::default();
        live.events.clear();
        live.running = msg.shot.is_some() && live.roster.is_some();
        live.finished = false;
        live.shot = msg.shot;
        live.owed = 0.0;
        live.generation += 1;
    }
}

fn step_table(
    time: Res<Time>,
    speed: Res<SimSpeed>,
    spec: Res<BoardSpec>,
    mut live: ResMut<LiveTable>,
    mut ctx: ContextQuery,
) {
    if !live.running || speed.paused {
        return;
    }
    let Ok((mut sim, mut bodies, mut colliders, mut joints, _)) = ctx.single_mut() else {
        return;
    };
    let spec = &spec.0;
    let live = &mut *live;
    let Some(roster) = live.roster.as_mut() else {
        return;
    };
    let sim = &mut *sim;
    let joints = &mut *joints;
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
        };
        let report = step_board(parts, roster, spec, &mut live.clock, &mut live.events);
        live.owed -= report.dt;
        budget_steps -= 1;
        if report.at_rest || live.clock.time >= spec.sim.max_time {
            live.running = false;
            live.finished = true;
            break;
        }
    }
    let fresh: Vec<Event> = live.events[start..].to_vec();
    if live.fresh_events.len() < 64 {
        live.fresh_events.extend(fresh);
    }
}

/// Where each body of the roster is now, for drawing: (id, position, angle, on board).
pub fn body_states(
    roster: &Roster,
    bodies: &carrom_physics::rapier2d::prelude::RigidBodySet,
) -> Vec<(BodyId, Vec2, f32, bool)> {
    let mut out = Vec::new();
    let mut push = |id: BodyId, m: &carrom_physics::table::Member| {
        if let Some(rb) = bodies.get(m.body) {
            let p = rb.translation();
            out.push((id, Vec2::new(p.x, p.y), 0.0, m.fate == Fate::OnBoard));
        }
    };
    for (i, m) in roster.pieces.iter().enumerate() {
        push(BodyId::Piece(i), m);
    }
    if let Some(m) = roster.striker.as_ref() {
        push(BodyId::Striker, m);
    }
    out
}

/// Writes the bodies' positions to the drawn entities.
pub fn sync_transforms(
    live: Res<LiveTable>,
    phase: Option<Res<State<crate::Phase>>>,
    ctx: Query<&RapierRigidBodySet, With<DefaultRapierContext>>,
    mut q: Query<(&BodyMarker, &mut Transform, &mut Visibility)>,
) {
    let (Some(roster), Ok(bodies)) = (live.roster.as_ref(), ctx.single()) else {
        return;
    };
    let states = body_states(roster, &bodies.bodies);
    for (marker, mut tf, mut vis) in &mut q {
        if let Some((_, p, a, on)) = states.iter().find(|s| s.0 == marker.0) {
            tf.translation.x = p.x;
            tf.translation.y = p.y;
            tf.rotation = Quat::from_rotation_z(*a);
            // Between strokes the last stroke's striker is not on the board: the player is
            // placing the next one (drawn by the HUD).
            let striker_away = marker.0 == BodyId::Striker
                && phase
                    .as_ref()
                    .is_some_and(|p| *p.get() != crate::Phase::Moving);
            let want = if *on && !striker_away {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            };
            if *vis != want {
                *vis = want;
            }
        } else if *vis != Visibility::Hidden {
            *vis = Visibility::Hidden;
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
