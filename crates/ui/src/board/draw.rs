//! Drawing: the ICF board (frame, pockets with nets, base lines and red base circles, arrows,
//! centre and outer circles), the carrom men, the Queen and the striker, from the board spec.
//! World units are metres; the camera turns so the striking player sits at the bottom.

use crate::Screen;
use crate::modes::{OnBoard, View};
use crate::sim::{BodyMarker, Equipment, LiveTable, SimSet, sync_transforms};
use crate::theme::palette;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use carrom_physics::{BodyId, PieceColour, SeatAxes};

/// The frame's width as drawn (ICF: 6.35-7.6 cm).
pub const FRAME: f32 = 0.06;

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

/// The camera's current angle (radians), eased towards the striking seat's, and whether it
/// has arrived.
#[derive(Resource, Default)]
pub struct CameraAngle(pub f32, pub Turned);

/// Whether the view is still turning towards the seat to strike.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turned {
    #[default]
    Turning,
    Settled,
}

#[derive(Resource, Default)]
struct DrawnGeneration(u32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraAngle>()
        .init_resource::<DrawnGeneration>()
        .add_systems(Startup, (setup_camera, setup_look))
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
        // The layout ([`crate::board::layout`]) sizes the view to the window each frame.
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::FixedVertical {
                viewport_height: 0.9,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
    commands.insert_resource(ClearColor(palette::ROOM));
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
        white: mats.add(palette::WHITE_MAN),
        black: mats.add(palette::BLACK_MAN),
        queen: mats.add(palette::QUEEN),
        // A dark rim and rings, so white men stand out on the light surface.
        white_ring: mats.add(palette::WHITE_RING),
        black_ring: mats.add(palette::BLACK_RING),
        queen_ring: mats.add(palette::QUEEN_RING),
        striker_mat: mats.add(palette::STRIKER),
        striker_ring_mat: mats.add(palette::STRIKER_RING),
        illegal: mats.add(palette::ILLEGAL),
        shadow: mats.add(palette::SHADOW),
    });
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
        commands
            .entity(e)
            .insert((BodyMarker(BodyId::Piece(i)), DespawnOnExit(Screen::Game)));
    }
    if roster.striker.is_some() {
        let e = spawn_piece(&mut commands, &look, None, Vec2::new(9.0, 9.0), 1.2);
        commands
            .entity(e)
            .insert((BodyMarker(BodyId::Striker), DespawnOnExit(Screen::Game)));
    }
}

fn draw_nets(mut gizmos: Gizmos, spec: Res<Equipment>) {
    for p in spec.0.board.pockets() {
        let c = Vec2::new(p.x, p.y);
        let r = p.radius * 0.95;
        let net = palette::NET;
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
    board: Res<OnBoard>,
    view: Res<View>,
    mut angle: ResMut<CameraAngle>,
    mut cam: Query<&mut Transform, With<MainCamera>>,
) {
    let target = match (view.fixed_board, board.actor) {
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
    let turned = if diff.abs() < 1e-3 {
        Turned::Settled
    } else {
        Turned::Turning
    };
    if angle.1 != turned {
        angle.1 = turned;
    }
    for mut tf in &mut cam {
        tf.rotation = Quat::from_rotation_z(angle.0);
    }
}
