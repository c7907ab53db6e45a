//! Drawing: the ICF board (frame, pockets with nets, base lines and red base circles, arrows,
//! centre and outer circles), the carrom men, the Queen and the striker, from the board spec.
//! World units are metres; the camera turns so the striking player sits at the bottom.

use crate::sim::{BodyMarker, Equipment, LiveTable, SimSet, sync_transforms};
use crate::{Screen, Session};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use carrom_physics::{BodyId, PieceColour, SeatAxes};

/// The frame's width as drawn (ICF: 6.35-7.6 cm).
pub const FRAME: f32 = 0.06;

const WOOD_DARK: Color = Color::srgb(0.30, 0.15, 0.06);
const WOOD: Color = Color::srgb(0.50, 0.27, 0.11);
const SURFACE: Color = Color::srgb(0.93, 0.84, 0.64);
const INK: Color = Color::srgb(0.10, 0.07, 0.05);
const RED: Color = Color::srgb(0.80, 0.10, 0.08);

/// Shared meshes and materials of the pieces.
#[derive(Resource)]
pub struct PieceLook {
    coin: Handle<Mesh>,
    coin_ring: Handle<Mesh>,
    coin_inner: Handle<Mesh>,
    coin_edge: Handle<Mesh>,
    striker: Handle<Mesh>,
    striker_ring: Handle<Mesh>,
    striker_inner: Handle<Mesh>,
    pub white: Handle<ColorMaterial>,
    pub black: Handle<ColorMaterial>,
    pub queen: Handle<ColorMaterial>,
    white_ring: Handle<ColorMaterial>,
    black_ring: Handle<ColorMaterial>,
    queen_ring: Handle<ColorMaterial>,
    pub striker_mat: Handle<ColorMaterial>,
    striker_ring_mat: Handle<ColorMaterial>,
    pub illegal: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
}

/// The board's entities (drawn once per game screen).
#[derive(Component)]
pub struct BoardPart;

/// The main camera.
#[derive(Component)]
pub struct MainCamera;

/// The camera's current angle (radians), eased towards the striking seat's.
#[derive(Resource, Default)]
pub struct CameraAngle(pub f32);

#[derive(Resource, Default)]
struct DrawnGeneration(u32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraAngle>()
        .init_resource::<DrawnGeneration>()
        .add_systems(Startup, (setup_camera, setup_look))
        .add_systems(OnEnter(Screen::Game), draw_board)
        .add_systems(OnExit(Screen::Game), clear_board)
        .add_systems(
            Update,
            (respawn_pieces, draw_nets, turn_camera)
                .chain()
                .after(SimSet)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            PostUpdate,
            sync_transforms
                .after(bevy_rapier2d::plugin::PhysicsSet::Writeback)
                .before(bevy::transform::TransformSystems::Propagate)
                .run_if(in_state(Screen::Game)),
        );
}

fn setup_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        MainCamera,
        // The layout ([`crate::layout`]) sizes the view to the window each frame.
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::FixedVertical {
                viewport_height: 0.9,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
    commands.insert_resource(ClearColor(Color::srgb(0.10, 0.11, 0.13)));
}

fn setup_look(
    mut commands: Commands,
    spec: Res<Equipment>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<ColorMaterial>>,
) {
    let b = &spec.0.board;
    let rc = b.coin_radius();
    let rs = b.striker_radius();
    commands.insert_resource(PieceLook {
        coin: meshes.add(Circle::new(rc)),
        coin_ring: meshes.add(Annulus::new(rc * 0.78, rc * 0.86)),
        coin_inner: meshes.add(Annulus::new(rc * 0.36, rc * 0.44)),
        coin_edge: meshes.add(Annulus::new(rc * 0.92, rc)),
        striker: meshes.add(Circle::new(rs)),
        striker_ring: meshes.add(Annulus::new(rs * 0.80, rs * 0.88)),
        striker_inner: meshes.add(Circle::new(rs * 0.30)),
        white: mats.add(Color::srgb(0.97, 0.93, 0.82)),
        black: mats.add(Color::srgb(0.13, 0.10, 0.09)),
        queen: mats.add(Color::srgb(0.82, 0.08, 0.12)),
        // A dark rim and rings, so white men stand out on the light surface.
        white_ring: mats.add(Color::srgb(0.42, 0.30, 0.18)),
        black_ring: mats.add(Color::srgb(0.40, 0.34, 0.30)),
        queen_ring: mats.add(Color::srgb(1.0, 0.55, 0.55)),
        striker_mat: mats.add(Color::srgb(0.85, 0.90, 0.98)),
        striker_ring_mat: mats.add(Color::srgb(0.20, 0.35, 0.75)),
        illegal: mats.add(Color::srgba(0.95, 0.15, 0.10, 0.85)),
        shadow: mats.add(Color::srgba(0.0, 0.0, 0.0, 0.25)),
    });
}

/// Everything the board screen drew: the board itself and the pieces.
type Drawn = Or<(With<BoardPart>, With<BodyMarker>)>;

fn clear_board(mut commands: Commands, q: Query<Entity, Drawn>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

/// Spawns a carrom man, the Queen or the striker as nested discs (reads as a carrom man:
/// a rim ring and an inner ring).
pub fn spawn_piece(
    commands: &mut Commands,
    look: &PieceLook,
    kind: Option<PieceColour>,
    at: Vec2,
    z: f32,
) -> Entity {
    let edge = kind.is_some().then(|| look.coin_edge.clone());
    let (disc, ring, inner, body_mat, ring_mat) = match kind {
        Some(PieceColour::White) => (
            &look.coin,
            &look.coin_ring,
            &look.coin_inner,
            &look.white,
            &look.white_ring,
        ),
        Some(PieceColour::Black) => (
            &look.coin,
            &look.coin_ring,
            &look.coin_inner,
            &look.black,
            &look.black_ring,
        ),
        Some(PieceColour::Queen) => (
            &look.coin,
            &look.coin_ring,
            &look.coin_inner,
            &look.queen,
            &look.queen_ring,
        ),
        None => (
            &look.striker,
            &look.striker_ring,
            &look.striker_inner,
            &look.striker_mat,
            &look.striker_ring_mat,
        ),
    };
    commands
        .spawn((
            Transform::from_xyz(at.x, at.y, z),
            Visibility::Inherited,
            children![
                (
                    Mesh2d(disc.clone()),
                    MeshMaterial2d(look.shadow.clone()),
                    Transform::from_xyz(0.0015, -0.002, -0.02)
                ),
                (
                    Mesh2d(disc.clone()),
                    MeshMaterial2d(body_mat.clone()),
                    Transform::default()
                ),
                (
                    Mesh2d(ring.clone()),
                    MeshMaterial2d(ring_mat.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.01)
                ),
                (
                    Mesh2d(inner.clone()),
                    MeshMaterial2d(ring_mat.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.01)
                ),
            ],
        ))
        .with_children(|p| {
            // A carrom man's rim, last among the children (the body stays the second).
            if let Some(edge) = edge {
                p.spawn((
                    Mesh2d(edge),
                    MeshMaterial2d(ring_mat.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            }
        })
        .id()
}

fn respawn_pieces(
    mut commands: Commands,
    live: Res<LiveTable>,
    mut drawn: ResMut<DrawnGeneration>,
    look: Option<Res<PieceLook>>,
    old: Query<Entity, With<BodyMarker>>,
) {
    let Some(look) = look else { return };
    if drawn.0 == live.generation {
        return;
    }
    drawn.0 = live.generation;
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(roster) = live.roster.as_ref() else {
        return;
    };
    for (i, kind) in roster.kinds.iter().enumerate() {
        let e = spawn_piece(&mut commands, &look, Some(*kind), Vec2::new(9.0, 9.0), 1.0);
        commands.entity(e).insert(BodyMarker(BodyId::Piece(i)));
    }
    if roster.striker.is_some() {
        let e = spawn_piece(&mut commands, &look, None, Vec2::new(9.0, 9.0), 1.2);
        commands.entity(e).insert(BodyMarker(BodyId::Striker));
    }
}

fn draw_board(
    mut commands: Commands,
    spec: Res<Equipment>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<ColorMaterial>>,
) {
    let b = &spec.0.board;
    let half = b.half();
    let mut put = |commands: &mut Commands, mesh: Mesh, color: Color, tf: Transform| {
        commands.spawn((
            BoardPart,
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(mats.add(color)),
            tf,
        ));
    };
    let outer = 2.0 * (half + FRAME);
    // Frame: dark edge, wood, an inner bevel; then the light playing surface.
    put(
        &mut commands,
        Rectangle::new(outer + 0.006, outer + 0.006).into(),
        Color::srgb(0.05, 0.03, 0.02),
        Transform::from_xyz(0.0, 0.0, -1.0),
    );
    put(
        &mut commands,
        Rectangle::new(outer, outer).into(),
        WOOD,
        Transform::from_xyz(0.0, 0.0, -0.99),
    );
    // Wood grain: faint stripes along each frame side.
    for k in 0..6 {
        let off = half + FRAME * (0.12 + 0.15 * k as f32);
        let shade = if k % 2 == 0 {
            Color::srgba(0.25, 0.12, 0.03, 0.25)
        } else {
            Color::srgba(0.7, 0.45, 0.2, 0.18)
        };
        for (w, h, x, y) in [
            (outer, 0.003, 0.0, off),
            (outer, 0.003, 0.0, -off),
            (0.003, outer, off, 0.0),
            (0.003, outer, -off, 0.0),
        ] {
            put(
                &mut commands,
                Rectangle::new(w, h).into(),
                shade,
                Transform::from_xyz(x, y, -0.98),
            );
        }
    }
    put(
        &mut commands,
        Rectangle::new(2.0 * half + 0.010, 2.0 * half + 0.010).into(),
        WOOD_DARK,
        Transform::from_xyz(0.0, 0.0, -0.97),
    );
    put(
        &mut commands,
        Rectangle::new(2.0 * half, 2.0 * half).into(),
        SURFACE,
        Transform::from_xyz(0.0, 0.0, -0.96),
    );
    let line_w = 0.0012;
    let z = -0.9;
    // Pockets with nets.
    for p in b.pockets() {
        let c = Vec2::new(p.x, p.y);
        put(
            &mut commands,
            Circle::new(p.radius + 0.003).into(),
            Color::srgb(0.55, 0.45, 0.30),
            Transform::from_xyz(c.x, c.y, z),
        );
        put(
            &mut commands,
            Circle::new(p.radius).into(),
            Color::srgb(0.04, 0.03, 0.03),
            Transform::from_xyz(c.x, c.y, z + 0.01),
        );
        put(
            &mut commands,
            Annulus::new(p.radius * 0.55, p.radius * 0.62).into(),
            Color::srgb(0.30, 0.28, 0.26),
            Transform::from_xyz(c.x, c.y, z + 0.02),
        );
    }
    // Base lines, two per side, and the red-filled base circles.
    let rc = b.base_circle_radius();
    for seat in carrom_physics::Seat::ALL {
        let f = seat.forward();
        let r = seat.right_hand();
        let angle = r.y.atan2(r.x);
        let len = 2.0 * b.base_circle_along();
        for off in [b.outer_line_offset(), b.inner_line_offset()] {
            let mid = Vec2::new(-f.x * off, -f.y * off);
            put(
                &mut commands,
                Rectangle::new(len, line_w * 1.5).into(),
                INK,
                Transform::from_xyz(mid.x, mid.y, z).with_rotation(Quat::from_rotation_z(angle)),
            );
        }
        for c in b.base_circles(seat) {
            put(
                &mut commands,
                Circle::new(rc).into(),
                INK,
                Transform::from_xyz(c.x, c.y, z + 0.01),
            );
            put(
                &mut commands,
                Circle::new(rc * 0.80).into(),
                RED,
                Transform::from_xyz(c.x, c.y, z + 0.02),
            );
        }
    }
    // Arrows: from near each pocket towards the centre, the head pointing at the pocket, and a
    // small arc at the inner end.
    for (a, bb) in b.arrows() {
        let (a, bb) = (Vec2::new(a.x, a.y), Vec2::new(bb.x, bb.y));
        let d = bb - a;
        let mid = (a + bb) * 0.5;
        let ang = d.y.atan2(d.x);
        put(
            &mut commands,
            Rectangle::new(d.length(), line_w * 1.5).into(),
            INK,
            Transform::from_xyz(mid.x, mid.y, z).with_rotation(Quat::from_rotation_z(ang)),
        );
        let u = d.normalize();
        let n = Vec2::new(-u.y, u.x);
        let tip = a;
        let head = Triangle2d::new(
            tip,
            tip + u * 0.018 + n * 0.008,
            tip + u * 0.018 - n * 0.008,
        );
        put(
            &mut commands,
            head.into(),
            INK,
            Transform::from_xyz(0.0, 0.0, z + 0.01),
        );
        put(
            &mut commands,
            Annulus::new(0.0095, 0.0095 + line_w * 1.5).into(),
            INK,
            Transform::from_xyz(bb.x + u.x * 0.0095, bb.y + u.y * 0.0095, z),
        );
    }
    // Centre and outer circles, with the star-like decoration in between.
    let ro = b.outer_circle_radius();
    put(
        &mut commands,
        Annulus::new(ro - line_w * 1.5, ro).into(),
        INK,
        Transform::from_xyz(0.0, 0.0, z),
    );
    put(
        &mut commands,
        Annulus::new(ro - 0.006, ro - 0.006 + line_w).into(),
        RED,
        Transform::from_xyz(0.0, 0.0, z),
    );
    // The centre circle: a ring, with a red ring inside (not a disc the Queen could be
    // mistaken for).
    let rcc = b.centre_circle_radius();
    put(
        &mut commands,
        Annulus::new(rcc - 2.0 * line_w, rcc).into(),
        INK,
        Transform::from_xyz(0.0, 0.0, z),
    );
    put(
        &mut commands,
        Annulus::new(rcc * 0.42, rcc * 0.62).into(),
        RED,
        Transform::from_xyz(0.0, 0.0, z + 0.01),
    );
    for k in 0..8 {
        let a = k as f32 * std::f32::consts::FRAC_PI_4;
        let len = ro - 0.012 - rcc * 1.6;
        let mid = Vec2::from_angle(a) * (rcc * 1.6 + len * 0.5);
        put(
            &mut commands,
            Rhombus::new(len, 0.007).into(),
            Color::srgba(0.75, 0.12, 0.08, 0.35),
            Transform::from_xyz(mid.x, mid.y, z - 0.01).with_rotation(Quat::from_rotation_z(a)),
        );
    }
}

fn draw_nets(mut gizmos: Gizmos, spec: Res<Equipment>) {
    for p in spec.0.board.pockets() {
        let c = Vec2::new(p.x, p.y);
        let r = p.radius * 0.95;
        let net = Color::srgba(0.55, 0.52, 0.48, 0.55);
        for k in -3..=3 {
            let o = k as f32 * r / 3.5;
            let h = (r * r - o * o).max(0.0).sqrt();
            let d1 = Vec2::new(1.0, 1.0).normalize();
            let d2 = Vec2::new(1.0, -1.0).normalize();
            gizmos.line_2d(c + d2 * o - d1 * h, c + d2 * o + d1 * h, net);
            gizmos.line_2d(c + d1 * o - d2 * h, c + d1 * o + d2 * h, net);
        }
    }
}

/// Turns the view so the seat to strike is at the bottom (unless the board is fixed).
fn turn_camera(
    time: Res<Time>,
    session: Option<Res<Session>>,
    mut angle: ResMut<CameraAngle>,
    mut cam: Query<&mut Transform, With<MainCamera>>,
) {
    let Some(session) = session else { return };
    let target = match (session.fixed_board, session.view_seat()) {
        (false, Some(seat)) => {
            let f = seat.forward();
            (-f.x).atan2(f.y)
        }
        _ => 0.0,
    };
    let mut diff = target - angle.0;
    while diff > std::f32::consts::PI {
        diff -= std::f32::consts::TAU;
    }
    while diff < -std::f32::consts::PI {
        diff += std::f32::consts::TAU;
    }
    let k = (time.delta_secs() * 5.0).min(1.0);
    angle.0 += if diff.abs() < 1e-3 { diff } else { diff * k };
    for mut tf in &mut cam {
        tf.rotation = Quat::from_rotation_z(angle.0);
    }
}
