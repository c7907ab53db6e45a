//! One step of the board: its length (up to the next impact), the board's friction split around
//! rapier's step, then what the step did: new hits and cushion contacts, jumps over the frame,
//! pocketing, and whether everything rests.

use super::impact::ImpactNormals;
use super::pieces::{
    BodyId, Event, EventKind, Fate, G, Member, Roster, TAG_SHIFT, Tag, radius_of, tag_of,
};
use crate::geometry::{Seat, SeatAxes, distance_to_segment};
use crate::spec::{BoardSpec, Materials, SimSettings, Spec};
use rapier2d::math::Vector as Vec2;
use rapier2d::prelude::*;

/// The rapier structures the step works on, borrowed from a [`Table`] or from bevy_rapier2d's
/// context components.
pub struct RapierParts<'a> {
    pub pipeline: &'a mut PhysicsPipeline,
    pub params: &'a mut IntegrationParameters,
    pub islands: &'a mut IslandManager,
    pub broad_phase: &'a mut DefaultBroadPhase,
    pub narrow_phase: &'a mut NarrowPhase,
    pub bodies: &'a mut RigidBodySet,
    pub colliders: &'a mut ColliderSet,
    pub impulse_joints: &'a mut ImpulseJointSet,
    pub multibody_joints: &'a mut MultibodyJointSet,
    pub ccd_solver: &'a mut CCDSolver,
    /// Receives rapier's collision events (the game turns them into bevy_rapier2d messages;
    /// the headless table passes `&()`). Collecting events never changes the simulation.
    pub events: &'a dyn EventHandler,
}

/// The clock of a shot in progress, and which bodies were pressing on each other at the end of
/// the last step (so that a new hit can be told from a lasting touch).
#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub time: f32,
    pub steps: u32,
    touching: Vec<(u128, u128)>,
    /// Buffers reused from step to step.
    spare_touching: Vec<(u128, u128)>,
    on_board: Vec<(BodyId, Member)>,
}

impl PartialEq for Clock {
    /// Two clocks are equal when they tell the same time and remember the same touches; the
    /// reused buffers do not count.
    fn eq(&self, other: &Self) -> bool {
        self.time == other.time && self.steps == other.steps && self.touching == other.touching
    }
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepReport {
    pub dt: f32,
    /// Every body is at rest: the shot is over.
    pub at_rest: bool,
}

/// The integration parameters the board uses (dt is set by every step).
pub fn integration_parameters(spec: &Spec) -> IntegrationParameters {
    IntegrationParameters {
        num_solver_iterations: spec.sim.solver_iterations,
        // No rapier CCD: the adaptive step (see `approach_limit`) advances every body only up to
        // its next impact, with the contact inside rapier's prediction distance, so nothing can
        // tunnel; the sweeps would only cost time.
        max_ccd_substeps: 0,
        // A step may close a gap of `max_approach_per_step` (see `approach_limit`): rapier must
        // see such a contact coming (its default is 2 cm).
        normalized_prediction_distance: spec.sim.max_approach_per_step.max(0.02),
        // Every pair with a disc runs the `ImpactNormals` hook, and rapier never recycles such
        // pairs; say so.
        contact_recycling: false,
        // The warm start: rapier starts each step's contact solve from the impulses of the step
        // before, which suits a resting load; on a board every impulse is a collision, so a
        // warm start re-applies the last impact. One solver pass does not take it all back
        // from a chain of three bodies, and the positions move with what is left for the whole
        // next step: a piece hit from both sides beside a cushion went 15 cm further than its
        // speed took it, through the cushion. So the default is off (`[sim] warm_start = 0`).
        warmstart_coefficient: spec.sim.warm_start,
        ..IntegrationParameters::default()
    }
}

/// Advances the board by one adaptive step: board friction, the rapier step, pocketing, the
/// jump model, events and the rest test.
pub fn step_board(
    mut parts: RapierParts<'_>,
    roster: &mut Roster,
    spec: &Spec,
    clock: &mut Clock,
    events: &mut Vec<Event>,
) -> StepReport {
    let mut ids = std::mem::take(&mut clock.on_board);
    ids.clear();
    ids.extend(roster.on_board());
    let before = Before::take(&ids, parts.bodies);
    let dt = step_length(&before, &spec.board, &spec.sim);

    // Coulomb friction of the powdered board: a constant deceleration mu*g against the sliding
    // direction (the discs do not spin: their rotation is locked). It is split around the
    // rapier step: half of the step's loss before it and half after, so each body moves with
    // its mean speed over the step and slides exactly as far as constant deceleration takes it,
    // whatever the step length. A body that stops within the step moves with the speed that
    // covers its stopping distance, s^2 / 2a, and is stopped by the second half.
    let dv = spec.materials.board_friction * G * dt;
    slide_at_mean_speed(&ids, parts.bodies, dv);
    rapier_step(&mut parts, &spec.board, dt);
    slow_by_second_half(&ids, parts.bodies, dv);
    clock.time += dt;
    clock.steps += 1;
    let t = clock.time;

    let started = new_touches(parts.narrow_phase, parts.colliders, clock);
    let overboard = record_hits(&started, &before, &spec.materials, t, events);
    jump_off(&overboard, roster, parts.bodies, t, events);
    let at_rest = pocket_and_check_rest(&before, roster, parts.bodies, spec, t, events);
    if at_rest {
        stop_every_body(roster, parts.bodies);
    }
    clock.on_board = ids;
    StepReport { dt, at_rest }
}

/// How many bodies' places and velocities before the step are kept (a board holds 19 pieces
/// and the striker).
const KEPT: usize = 32;

/// The bodies on the board at the start of a step, with their places and velocities then.
struct Before<'a> {
    ids: &'a [(BodyId, Member)],
    /// `(position, velocity)` of the first [`KEPT`] bodies of `ids`.
    bodies: [(Vec2, Vec2); KEPT],
    /// The speed of the fastest body.
    fastest: f32,
}

impl<'a> Before<'a> {
    fn take(ids: &'a [(BodyId, Member)], set: &RigidBodySet) -> Before<'a> {
        let mut bodies: [(Vec2, Vec2); KEPT] = [(Vec2::ZERO, Vec2::ZERO); KEPT];
        let mut fastest: f32 = 0.0;
        for (k, (_, m)) in ids.iter().enumerate() {
            let rb = &set[m.body];
            let v = rb.linvel();
            if k < KEPT {
                bodies[k] = (rb.translation(), v);
            }
            fastest = fastest.max(v.length());
        }
        Before {
            ids,
            bodies,
            fastest,
        }
    }

    /// The place and velocity of `id` before the step.
    fn of(&self, id: BodyId) -> Option<(Vec2, Vec2)> {
        self.ids
            .iter()
            .position(|(i, _)| *i == id)
            .filter(|k| *k < KEPT)
            .map(|k| self.bodies[k])
    }
}

/// The step's length: as far as the fastest body may travel, up to the next impact
/// ([`approach_limit`]), within the settings' bounds; the longest step when nothing moves.
fn step_length(before: &Before, board: &BoardSpec, sim: &SimSettings) -> f32 {
    if before.fastest <= 0.0 {
        return sim.max_dt;
    }
    let free = sim.max_travel_per_step / before.fastest;
    let n = before.ids.len().min(KEPT);
    let radii: [f32; KEPT] = std::array::from_fn(|k| match before.ids.get(k) {
        Some((id, _)) => radius_of(board, *id),
        None => 0.0,
    });
    let half_side = board.playing_surface / 2.0;
    approach_limit(&before.bodies[..n], &radii[..n], half_side, sim, free)
        .clamp(sim.min_dt, sim.max_dt)
}

/// The first half of the board friction: each body moves at its mean speed over the step (the
/// speed that covers its stopping distance when it stops within the step).
fn slide_at_mean_speed(ids: &[(BodyId, Member)], bodies: &mut RigidBodySet, dv: f32) {
    for (_, m) in ids {
        let rb = &mut bodies[m.body];
        let v = rb.linvel();
        let s = v.length();
        if s > 0.0 {
            let mean = if s <= dv {
                s * s / (2.0 * dv)
            } else {
                s - 0.5 * dv
            };
            rb.set_linvel(v * (mean / s), false);
        }
    }
}

/// Rapier's step of `dt`, with the impact hook.
fn rapier_step(parts: &mut RapierParts<'_>, board: &BoardSpec, dt: f32) {
    parts.params.dt = dt;
    parts.pipeline.step(
        Vec2::ZERO,
        parts.params,
        parts.islands,
        parts.broad_phase,
        parts.narrow_phase,
        parts.bodies,
        parts.colliders,
        parts.impulse_joints,
        parts.multibody_joints,
        parts.ccd_solver,
        &ImpactNormals { board },
        parts.events,
    );
}

/// The second half of the board friction, after rapier's step (a body slower than that stops).
fn slow_by_second_half(ids: &[(BodyId, Member)], bodies: &mut RigidBodySet, dv: f32) {
    for (_, m) in ids {
        let rb = &mut bodies[m.body];
        if !rb.is_enabled() {
            continue;
        }
        let half = 0.5 * dv;
        let v = rb.linvel();
        let s = v.length();
        if s > 0.0 {
            let nv = if s <= half {
                Vec2::ZERO
            } else {
                v * ((s - half) / s)
            };
            rb.set_linvel(nv, false);
        }
    }
}

/// Pairs of colliders (by tag) that pressed on each other during this step (the solver applied
/// an impulse) and did not at the end of the last one. The clock keeps this step's pairs.
fn new_touches(
    narrow_phase: &NarrowPhase,
    colliders: &ColliderSet,
    clock: &mut Clock,
) -> Vec<(u128, u128)> {
    let mut touching = std::mem::take(&mut clock.spare_touching);
    touching.clear();
    let mut started: Vec<(u128, u128)> = Vec::new();
    for pair in narrow_phase.contact_pairs() {
        if pair.total_impulse_magnitude() <= 0.0 {
            continue;
        }
        let (Some(a), Some(b)) = (colliders.get(pair.collider1), colliders.get(pair.collider2))
        else {
            continue;
        };
        let (ua, ub) = (a.user_data >> TAG_SHIFT, b.user_data >> TAG_SHIFT);
        let key = if ua <= ub { (ua, ub) } else { (ub, ua) };
        touching.push(key);
        if !clock.touching.contains(&key) {
            started.push(key);
        }
    }
    clock.spare_touching = std::mem::replace(&mut clock.touching, touching);
    started
}

/// The events of the new touches: a contact between two bodies, a body meeting a cushion.
/// Closing speeds are taken from the velocities before the step, i.e. the approach. Returns
/// the bodies that met the frame faster than the jump speed, with that speed.
fn record_hits(
    started: &[(u128, u128)],
    before: &Before,
    mat: &Materials,
    t: f32,
    events: &mut Vec<Event>,
) -> Vec<(BodyId, f32)> {
    let mut overboard: Vec<(BodyId, f32)> = Vec::new();
    for &(ua, ub) in started {
        let (ta, tb) = (tag_of(ua), tag_of(ub));
        match (ta, tb) {
            (Tag::Body(x), Tag::Body(y)) => {
                let (Some((px, vx)), Some((py, vy))) = (before.of(x), before.of(y)) else {
                    continue;
                };
                let n = (py - px).normalize_or_zero();
                let speed = (vx - vy).dot(n);
                // Pieces resting against each other are not a contact; a hit is.
                if speed > 0.01 {
                    let (a, b) = if y == BodyId::Striker { (y, x) } else { (x, y) };
                    events.push(Event {
                        t,
                        kind: EventKind::Contact { a, b, speed },
                    });
                }
            }
            (Tag::Body(x), Tag::Frame(side)) | (Tag::Frame(side), Tag::Body(x)) => {
                let Some((_, v)) = before.of(x) else { continue };
                let seat = Seat::ALL[side];
                let speed = v.dot(-seat.forward());
                if speed > 0.01 {
                    events.push(Event {
                        t,
                        kind: EventKind::Cushion {
                            body: x,
                            side: seat,
                            speed,
                        },
                    });
                    if speed > mat.jump_speed {
                        overboard.push((x, speed));
                    }
                }
            }
            _ => {}
        }
    }
    overboard
}

/// Bodies that met the frame too fast jump over it and leave the board.
fn jump_off(
    overboard: &[(BodyId, f32)],
    roster: &mut Roster,
    bodies: &mut RigidBodySet,
    t: f32,
    events: &mut Vec<Event>,
) {
    for &(id, speed) in overboard {
        if let Some(m) = roster.member_mut(id)
            && m.fate == Fate::OnBoard
        {
            m.fate = Fate::Overboard;
            take_off(bodies, m.body);
            events.push(Event {
                t,
                kind: EventKind::Overboard { body: id, speed },
            });
        }
    }
}

/// Pocketing: a body whose centre passed over a pocket hole during the step falls in. Adds each
/// body's travel to its distance. Returns whether every body left on the board rests.
fn pocket_and_check_rest(
    before: &Before,
    roster: &mut Roster,
    bodies: &mut RigidBodySet,
    spec: &Spec,
    t: f32,
    events: &mut Vec<Event>,
) -> bool {
    let pockets = spec.board.pockets();
    let mut at_rest = true;
    for (k, (id, m)) in before.ids.iter().enumerate() {
        let Some(member) = roster.member_mut(*id) else {
            continue;
        };
        if member.fate != Fate::OnBoard {
            continue;
        }
        let rb = &bodies[m.body];
        let p = rb.translation();
        let from = if k < KEPT { before.bodies[k].0 } else { p };
        member.distance += (p - from).length();
        let hole = pockets
            .iter()
            .position(|pk| distance_to_segment(pk.centre(), from, p) < pk.radius);
        if let Some(pocket) = hole {
            member.fate = Fate::Pocketed(pocket);
            take_off(bodies, m.body);
            events.push(Event {
                t,
                kind: match id {
                    BodyId::Striker => EventKind::StrikerPocketed { pocket },
                    BodyId::Piece(i) => EventKind::Pocketed {
                        piece: *i,
                        kind: roster.kinds[*i],
                        pocket,
                    },
                },
            });
            continue;
        }
        let rb = &bodies[m.body];
        if rb.linvel().length() > spec.sim.rest_speed {
            at_rest = false;
        }
    }
    at_rest
}

/// The shot is over: every body on the board stops exactly.
fn stop_every_body(roster: &Roster, bodies: &mut RigidBodySet) {
    for (_, m) in roster.on_board() {
        let rb = &mut bodies[m.body];
        rb.set_linvel(Vec2::ZERO, false);
        rb.set_angvel(0.0, false);
    }
}

/// Bodies closer than this (metres) already touch: their approach is a push, not an impact.
const TOUCHING: f32 = 0.0005;
/// Two bodies whose straight paths pass at most this much further apart than touching
/// (metres) are treated as meeting: board friction bends nothing, but it slows the two
/// differently, which can turn such a near miss into a graze.
const GRAZE: f32 = 0.002;

/// The longest step (at most `free`) that keeps every impending contact accurate.
///
/// A pair of bodies, or a body and a cushion, heading for each other:
/// - while they are more than 1.5 `max_approach_per_step` apart, the step stops them at least
///   half of that apart, so rapier's speculative contacts see the impact coming (and
///   [`ImpactNormals`] gives it the line of centres at the impact);
/// - then the step in which they meet closes at most `max_approach_per_step`, and is twice as
///   long as the time to the impact on their straight paths: the impact falls in the middle of
///   the step, where the bodies move at the speed they have at that moment (board friction is
///   split around the step), so even a slow impact happens at the right speed.
///
/// Bodies are `(position, velocity)`; the cushions' faces are at +-`half_side`.
fn approach_limit(
    bodies: &[(Vec2, Vec2)],
    radii: &[f32],
    half_side: f32,
    sim: &SimSettings,
    free: f32,
) -> f32 {
    let a = sim.max_approach_per_step;
    // Time allowed for an approach at `speed` across `gap`, the impact (if the paths meet)
    // being `impact` seconds away.
    let allowed = |gap: f32, speed: f32, impact: Option<f32>| {
        if gap > 1.5 * a {
            return (gap - 0.5 * a) / speed;
        }
        let step = a / speed;
        match impact {
            Some(t) if gap > TOUCHING => step.min(2.0 * t),
            _ => step,
        }
    };
    let mut dt = free;
    for (i, &(p, v)) in bodies.iter().enumerate() {
        // Cushions: the gap along each axis the body is moving towards.
        for (pos, vel) in [(p.x, v.x), (p.y, v.y)] {
            if vel != 0.0 {
                let gap = half_side - radii[i] - pos * vel.signum();
                let speed = vel.abs();
                dt = dt.min(allowed(gap, speed, Some(gap / speed)));
            }
        }
        for (j, &(q, w)) in bodies.iter().enumerate().skip(i + 1) {
            let d = q - p;
            let u = w - v;
            let closing = d.dot(u);
            if closing >= 0.0 {
                continue;
            }
            let speed2 = u.length_squared();
            let dist2 = d.length_squared();
            let reach = radii[i] + radii[j] + 0.5 * a;
            let graze = radii[i] + radii[j] + GRAZE;
            // Skip pairs whose straight paths pass each other further apart than a graze, and
            // pairs that cannot come within reach during the step.
            if dist2 * speed2 - closing * closing > graze * graze * speed2 {
                continue;
            }
            let speed = speed2.sqrt();
            let far = reach + speed * dt;
            if dist2 > far * far {
                continue;
            }
            let contact = radii[i] + radii[j];
            let gap = dist2.sqrt() - contact;
            // When the centres are `contact` apart on the straight paths, if ever.
            let c = dist2 - contact * contact;
            let disc = closing * closing - speed2 * c;
            let impact = (disc >= 0.0 && c > 0.0).then(|| c / (-closing + disc.sqrt()));
            dt = dt.min(allowed(gap, speed, impact));
        }
    }
    dt
}

/// A pocketed or jumped body leaves the simulation (it is disabled, so handles stay stable).
fn take_off(bodies: &mut RigidBodySet, handle: RigidBodyHandle) {
    let rb = &mut bodies[handle];
    rb.set_linvel(Vec2::ZERO, false);
    rb.set_angvel(0.0, false);
    rb.set_enabled(false);
}
