//! Drawing: the ICF board (frame, pockets with nets, base lines and red base circles, arrows,
//! centre and outer circles), the carrom men, the Queen and the striker, from the board spec.
//! World units are metres; the camera turns so the striking player sits at the bottom.

use super::layout::{Layout, board_extent};
use super::piece_art::{self, Look, side_px};
use crate::modes::{OnBoard, View};
use crate::sim::{BodyMarker, Equipment, LiveTable, SimSet, sync_transforms};
use crate::states::{Phase, Screen};
use crate::theme::palette;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use carrom_physics::{BodyId, PieceColour, SeatAxes};

/// The frame's width as drawn (ICF: 6.35-7.6 cm).
pub const FRAME: f32 = 0.06;

/// The pieces' pictures ([`piece_art`]), one per [`Look`], repainted at the size the pieces
/// take on the screen whenever the board's size in the window changes.
#[derive(Resource)]
pub struct PieceLook {
    images: Vec<(Look, Handle<Image>)>,
    coin_radius: f32,
    striker_radius: f32,
    /// The screen's pixels a metre of board takes, as last painted (0 before the first).
    px_per_m: f32,
}

impl PieceLook {
    /// The picture of a look.
    pub fn image(&self, look: Look) -> Handle<Image> {
        self.images
            .iter()
            .find(|(l, _)| *l == look)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    }

    fn radius(&self, look: Look) -> f32 {
        if look.striker_sized() {
            self.striker_radius
        } else {
            self.coin_radius
        }
    }

    /// The sprite's size in metres: the picture has a pixel of margin around the piece.
    fn size(&self, look: Look) -> Vec2 {
        let r = self.radius(look);
        let side = side_px(r, self.px_per_m.max(1.0)) as f32;
        Vec2::splat(2.0 * r * side / (side - 2.0))
    }
}

/// A piece's picture: a sprite that shows `look` (its shadow is a child of its own).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PieceArt(pub Look);

/// The board's entities (drawn once per game screen).
#[derive(Component)]
pub struct BoardPart;

/// The main camera.
#[derive(Component)]
pub struct MainCamera;

/// The camera's current angle (radians), eased towards the seat it faces
/// ([`crate::modes::facing`]), whether it has arrived, and the seat.
#[derive(Resource, Default)]
pub struct CameraAngle(pub f32, pub Turned, pub Option<carrom_physics::Seat>);

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
            (respawn_pieces, turn_camera)
                .chain()
                .after(SimSet)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(PostUpdate, repaint_pieces.after(super::layout::LayoutSet))
        .add_systems(
            PostUpdate,
            crate::pace::while_busy(
                |c: &CameraAngle| c.1 == Turned::Turning,
                "the board turning",
            )
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
        // Multisampling would cost most of a frame in a software renderer: the board is
        // painted once with it ([`super::paint`]) and the pieces have smooth edges of their own.
        Msaa::Off,
        IsDefaultUiCamera,
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

fn setup_look(mut commands: Commands, spec: Res<Equipment>, mut images: ResMut<Assets<Image>>) {
    let b = &spec.0.board;
    commands.insert_resource(PieceLook {
        images: Look::ALL
            .iter()
            .map(|&look| (look, images.add(piece_art::paint(&look.rings(), 4))))
            .collect(),
        coin_radius: b.coin_radius(),
        striker_radius: b.striker_radius(),
        px_per_m: 0.0,
    });
}

/// Paints the pieces' pictures again when the board's size on the screen changes, and fits
/// every piece's sprite to its picture.
fn repaint_pieces(
    layout: Res<Layout>,
    window: Query<&Window, With<PrimaryWindow>>,
    spec: Res<Equipment>,
    look: Option<ResMut<PieceLook>>,
    mut images: ResMut<Assets<Image>>,
    mut sprites: Query<(&PieceArt, &mut Sprite)>,
) {
    let Some(mut look) = look else { return };
    let scale = window.single().map_or(1.0, |w| w.scale_factor());
    let px_per_m = layout.board * scale / board_extent(spec.0.board.playing_surface);
    if (px_per_m - look.px_per_m).abs() > 0.5 {
        look.px_per_m = px_per_m;
        for (kind, handle) in &look.images {
            let side = side_px(look.radius(*kind), px_per_m);
            let _ = images.insert(handle.id(), piece_art::paint(&kind.rings(), side));
        }
    }
    let fresh = look.is_changed();
    for (art, mut sprite) in &mut sprites {
        let size = Some(look.size(art.0));
        if fresh || sprite.custom_size != size {
            sprite.image = look.image(art.0);
            sprite.custom_size = size;
        }
    }
}

/// Shows a look on a piece's sprite (the ghosts change theirs as the placement turns legal or
/// not).
pub fn show_look(look: &PieceLook, art: &mut PieceArt, sprite: &mut Sprite, want: Look) {
    if art.0 != want {
        art.0 = want;
        sprite.image = look.image(want);
        sprite.custom_size = Some(look.size(want));
    }
}

/// Spawns a carrom man, the Queen or the striker: its picture, and its shadow a little below
/// and to the right.
pub fn spawn_piece(
    commands: &mut Commands,
    look: &PieceLook,
    kind: Option<PieceColour>,
    at: Vec2,
    z: f32,
) -> Entity {
    let (art, shadow) = match kind {
        Some(colour) => (Look::Man(colour), Look::Shadow { striker: false }),
        None => (Look::Striker, Look::Shadow { striker: true }),
    };
    let sprite = |l: Look| Sprite {
        image: look.image(l),
        custom_size: Some(look.size(l)),
        ..default()
    };
    commands
        .spawn((
            PieceArt(art),
            sprite(art),
            Transform::from_xyz(at.x, at.y, z),
            Visibility::Inherited,
            children![(
                PieceArt(shadow),
                sprite(shadow),
                Transform::from_xyz(0.0015, -0.002, -0.02)
            )],
        ))
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

/// Turns the view so the seat to strike is at the bottom (unless the board is fixed).
fn turn_camera(
    time: Res<Time>,
    board: Res<OnBoard>,
    view: Res<View>,
    phase: Res<State<Phase>>,
    mut angle: ResMut<CameraAngle>,
    mut cam: Query<&mut Transform, With<MainCamera>>,
) {
    let holding = matches!(phase.get(), Phase::BoardOver | Phase::Over);
    let facing = crate::modes::facing(view.fixed_board, &board, holding, angle.2);
    if angle.2 != facing {
        angle.2 = facing;
    }
    let target = match facing {
        Some(seat) => {
            let f = seat.forward();
            (-f.x).atan2(f.y)
        }
        None => 0.0,
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
