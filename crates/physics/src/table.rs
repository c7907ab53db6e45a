//! The board as rapier rigid bodies, and the stepping that carries a shot to rest.
//!
//! [`Table`] owns a complete rapier world. The stepping itself, [`step_board`], works on
//! borrowed rapier structures ([`RapierParts`]) so that the game can run the very same step on
//! bevy_rapier2d's sets and stay bit-identical with this headless simulator.

use crate::geometry::{Seat, SeatAxes, distance_to_segment};
use crate::spec::{BoardSpec, SimSettings, Spec};
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
    fn member_mut(&mut self, id: BodyId) -> Option<&mut Member> {
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
const TAG_SHIFT: u32 = 64;
const TAG_STRIKER: u128 = 1 << 20;
const TAG_FRAME: u128 = 2 << 20;
const TAG_POCKET: u128 = 3 << 20;
const TAG_MASK: u128 = 0xff << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    Body(BodyId),
    Frame(usize),
    Pocket,
}

/// What a collider is, from its tag (its user data shifted down by [`TAG_SHIFT`]).
fn tag_of(tag: u128) -> Tag {
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
    parts: RapierParts<'_>,
    roster: &mut Roster,
    spec: &Spec,
    clock: &mut Clock,
    events: &mut Vec<Event>,
) -> StepReport {
    let sim = &spec.sim;
    let mat = &spec.materials;
    let board = &spec.board;

    // Before the step: positions and velocities, the fastest body, and the step length.
    let mut before: [(Vec2, Vec2); 32] = [(Vec2::ZERO, Vec2::ZERO); 32];
    let mut vmax: f32 = 0.0;
    let mut ids = std::mem::take(&mut clock.on_board);
    ids.clear();
    ids.extend(roster.on_board());
    for (k, (_, m)) in ids.iter().enumerate() {
        let rb = &parts.bodies[m.body];
        let v = rb.linvel();
        if k < before.len() {
            before[k] = (rb.translation(), v);
        }
        vmax = vmax.max(v.length());
    }
    let dt = if vmax > 0.0 {
        let free = sim.max_travel_per_step / vmax;
        let n = ids.len().min(before.len());
        let radii: [f32; 32] = std::array::from_fn(|k| match ids.get(k) {
            Some((id, _)) => radius_of(board, *id),
            None => 0.0,
        });
        let half_side = board.playing_surface / 2.0;
        approach_limit(&before[..n], &radii[..n], half_side, sim, free)
            .clamp(sim.min_dt, sim.max_dt)
    } else {
        sim.max_dt
    };

    // Coulomb friction of the powdered board: a constant deceleration mu*g against the sliding
    // direction (the discs do not spin: their rotation is locked). It is split around the
    // rapier step: half of the step's loss before it and half after, so each body moves with
    // its mean speed over the step and slides exactly as far as constant deceleration takes it,
    // whatever the step length. A body that stops within the step moves with the speed that
    // covers its stopping distance, s^2 / 2a, and is stopped by the second half.
    let dv = mat.board_friction * G * dt;
    for (_, m) in &ids {
        let rb = &mut parts.bodies[m.body];
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
    for (_, m) in &ids {
        let rb = &mut parts.bodies[m.body];
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
    clock.time += dt;
    clock.steps += 1;
    let t = clock.time;

    // Hits: pairs that pressed on each other during this step (the solver applied an impulse)
    // and did not at the end of the last one. Closing speeds are taken from the velocities
    // before the step, i.e. the approach.
    let pre = |id: BodyId| -> Option<(Vec2, Vec2)> {
        ids.iter()
            .position(|(i, _)| *i == id)
            .filter(|k| *k < before.len())
            .map(|k| before[k])
    };
    let mut touching = std::mem::take(&mut clock.spare_touching);
    touching.clear();
    let mut started: Vec<(u128, u128)> = Vec::new();
    for pair in parts.narrow_phase.contact_pairs() {
        if pair.total_impulse_magnitude() <= 0.0 {
            continue;
        }
        let (Some(a), Some(b)) = (
            parts.colliders.get(pair.collider1),
            parts.colliders.get(pair.collider2),
        ) else {
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
    let mut overboard: Vec<(BodyId, f32)> = Vec::new();
    for (ua, ub) in started {
        let (ta, tb) = (tag_of(ua), tag_of(ub));
        match (ta, tb) {
            (Tag::Body(x), Tag::Body(y)) => {
                let (Some((px, vx)), Some((py, vy))) = (pre(x), pre(y)) else {
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
                let Some((_, v)) = pre(x) else { continue };
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
    for (id, speed) in overboard {
        if let Some(m) = roster.member_mut(id)
            && m.fate == Fate::OnBoard
        {
            m.fate = Fate::Overboard;
            take_off(parts.bodies, m.body);
            events.push(Event {
                t,
                kind: EventKind::Overboard { body: id, speed },
            });
        }
    }

    // Pocketing: a body whose centre passed over a pocket hole during the step falls in.
    let pockets = board.pockets();
    let mut at_rest = true;
    for (k, (id, m)) in ids.iter().enumerate() {
        let Some(member) = roster.member_mut(*id) else {
            continue;
        };
        if member.fate != Fate::OnBoard {
            continue;
        }
        let rb = &parts.bodies[m.body];
        let p = rb.translation();
        let from = if k < before.len() { before[k].0 } else { p };
        member.distance += (p - from).length();
        let hole = pockets
            .iter()
            .position(|pk| distance_to_segment(pk.centre(), from, p) < pk.radius);
        if let Some(pocket) = hole {
            member.fate = Fate::Pocketed(pocket);
            take_off(parts.bodies, m.body);
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
        let rb = &parts.bodies[m.body];
        if rb.linvel().length() > sim.rest_speed {
            at_rest = false;
        }
    }
    if at_rest {
        for (_, m) in roster.on_board() {
            let rb = &mut parts.bodies[m.body];
            rb.set_linvel(Vec2::ZERO, false);
            rb.set_angvel(0.0, false);
        }
    }
    clock.on_board = ids;
    StepReport { dt, at_rest }
}

fn radius_of(board: &BoardSpec, id: BodyId) -> f32 {
    if id == BodyId::Striker {
        board.striker_radius()
    } else {
        board.coin_radius()
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

/// Rapier resolves a speculative contact (two discs still apart at the start of the step) along
/// the line of centres of the start of the step. For a cut that is not the line of centres at
/// the impact, and the struck piece would leave several degrees off. This hook replaces the
/// normal of every disc-disc contact that is still open by the line of centres at the moment of
/// impact on the straight paths (or, for paths that miss, at their closest approach), and its
/// gap by the distance the discs close along that line before they touch.
#[derive(Clone, Copy, Debug)]
pub struct ImpactNormals<'a> {
    pub board: &'a BoardSpec,
}

impl ImpactNormals<'_> {
    /// The radius of a disc collider (from its tag), or None for the frame and the pockets.
    fn radius(&self, collider: Option<&Collider>) -> Option<f32> {
        match tag_of(collider?.user_data >> TAG_SHIFT) {
            Tag::Body(id) => Some(radius_of(self.board, id)),
            _ => None,
        }
    }
}

impl PhysicsHooks for ImpactNormals<'_> {
    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        let (Some(h1), Some(h2)) = (context.rigid_body1, context.rigid_body2) else {
            return;
        };
        let (Some(r1), Some(r2)) = (
            self.radius(context.colliders.get(context.collider1)),
            self.radius(context.colliders.get(context.collider2)),
        ) else {
            return;
        };
        let (rb1, rb2) = (&context.bodies[h1], &context.bodies[h2]);
        let (p1, p2) = (rb1.translation(), rb2.translation());
        let d = p2 - p1;
        let u = rb2.linvel() - rb1.linvel();
        let contact = r1 + r2;
        let c = d.length_squared() - contact * contact;
        let closing = d.dot(u);
        let speed2 = u.length_squared();
        // Touching or overlapping, separating, or not moving: rapier's contact is right.
        if c <= 0.0 || closing >= 0.0 || speed2 == 0.0 {
            return;
        }
        let disc = closing * closing - speed2 * c;
        let centres = if disc >= 0.0 {
            // The first time the centres are `contact` apart (the numerically stable root).
            d + u * (c / (-closing + disc.sqrt()))
        } else {
            d - u * (closing / speed2)
        };
        let n = centres.normalize_or_zero();
        if n == Vec2::ZERO {
            return;
        }
        *context.normal = n;
        let gap = d.dot(n) - contact;
        for sc in context.solver_contacts.iter_mut() {
            sc.anchor1 = p1 + n * r1;
            sc.anchor2 = p2 - n * r2;
            sc.dist = gap;
        }
    }
}

/// A pocketed or jumped body leaves the simulation (it is disabled, so handles stay stable).
fn take_off(bodies: &mut RigidBodySet, handle: RigidBodyHandle) {
    let rb = &mut bodies[handle];
    rb.set_linvel(Vec2::ZERO, false);
    rb.set_angvel(0.0, false);
    rb.set_enabled(false);
}

/// A rapier world holding one carrom board.
pub struct Table {
    pub spec: Spec,
    pub roster: Roster,
    pub params: IntegrationParameters,
    pub islands: IslandManager,
    pub broad_phase: DefaultBroadPhase,
    pub narrow_phase: NarrowPhase,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub impulse_joints: ImpulseJointSet,
    pub multibody_joints: MultibodyJointSet,
    pub ccd_solver: CCDSolver,
    pub pipeline: PhysicsPipeline,
}

impl Clone for Table {
    fn clone(&self) -> Self {
        Table {
            spec: self.spec.clone(),
            roster: self.roster.clone(),
            params: self.params,
            islands: self.islands.clone(),
            broad_phase: self.broad_phase.clone(),
            narrow_phase: self.narrow_phase.clone(),
            bodies: self.bodies.clone(),
            colliders: self.colliders.clone(),
            impulse_joints: self.impulse_joints.clone(),
            multibody_joints: self.multibody_joints.clone(),
            ccd_solver: self.ccd_solver.clone(),
            // The pipeline holds only scratch space.
            pipeline: PhysicsPipeline::new(),
        }
    }
}

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

impl Table {
    /// A board with these pieces and no striker.
    pub fn new(spec: &Spec, pieces: &[Piece]) -> Table {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let roster = build_board(spec, pieces, &mut bodies, &mut colliders);
        Table {
            spec: spec.clone(),
            roster,
            params: integration_parameters(spec),
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::new(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            ccd_solver: CCDSolver::new(),
            pipeline: PhysicsPipeline::new(),
        }
    }

    /// Puts the striker on the board at `at`, moving with `velocity`. A table holds at most one
    /// striker; placing it again replaces the old one.
    pub fn place_striker(&mut self, at: Vec2, velocity: Vec2) {
        if let Some(old) = self.roster.striker.take() {
            self.bodies.remove(
                old.body,
                &mut self.islands,
                &mut self.colliders,
                &mut self.impulse_joints,
                &mut self.multibody_joints,
                true,
            );
        }
        let member = insert_striker(
            &self.spec,
            &mut self.bodies,
            &mut self.colliders,
            at,
            velocity,
        );
        self.roster.striker = Some(member);
    }

    /// Borrows the rapier structures for [`step_board`].
    pub fn parts(&mut self) -> (RapierParts<'_>, &mut Roster, &Spec) {
        (
            RapierParts {
                pipeline: &mut self.pipeline,
                params: &mut self.params,
                islands: &mut self.islands,
                broad_phase: &mut self.broad_phase,
                narrow_phase: &mut self.narrow_phase,
                bodies: &mut self.bodies,
                colliders: &mut self.colliders,
                impulse_joints: &mut self.impulse_joints,
                multibody_joints: &mut self.multibody_joints,
                ccd_solver: &mut self.ccd_solver,
                events: &(),
            },
            &mut self.roster,
            &self.spec,
        )
    }

    /// One adaptive step.
    pub fn step(&mut self, clock: &mut Clock, events: &mut Vec<Event>) -> StepReport {
        let (parts, roster, spec) = self.parts();
        step_board(parts, roster, spec, clock, events)
    }

    /// Steps until everything rests or the time limit passes.
    pub fn run_to_rest(&mut self) -> Outcome {
        for m in self
            .roster
            .pieces
            .iter_mut()
            .chain(self.roster.striker.as_mut())
        {
            m.distance = 0.0;
        }
        let mut clock = Clock::default();
        let mut events = Vec::new();
        let mut finished = false;
        while clock.time < self.spec.sim.max_time {
            if self.step(&mut clock, &mut events).at_rest {
                finished = true;
                break;
            }
        }
        Outcome {
            events,
            time: clock.time,
            steps: clock.steps,
            finished,
        }
    }

    /// Where a body is now (its last position if it left the board).
    pub fn position(&self, id: BodyId) -> Option<Vec2> {
        self.roster
            .member(id)
            .map(|m| self.bodies[m.body].translation())
    }

    pub fn velocity(&self, id: BodyId) -> Option<Vec2> {
        self.roster.member(id).map(|m| self.bodies[m.body].linvel())
    }

    pub fn fate(&self, id: BodyId) -> Option<Fate> {
        self.roster.member(id).map(|m| m.fate)
    }

    /// The pieces still on the board, as a layout for the next shot.
    pub fn layout(&self) -> Vec<Piece> {
        self.roster
            .pieces
            .iter()
            .zip(&self.roster.kinds)
            .filter(|(m, _)| m.fate == Fate::OnBoard)
            .map(|(m, kind)| Piece::new(*kind, self.bodies[m.body].translation()))
            .collect()
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

/// What a shot did once everything came to rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub events: Vec<Event>,
    pub time: f32,
    pub steps: u32,
    /// False when the time limit stopped the shot before everything rested.
    pub finished: bool,
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
