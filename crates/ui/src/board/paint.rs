//! The board itself, drawn once per game screen from the board spec: the wooden frame, the
//! pockets with their nets, the base lines with their red circles, the arrows, the centre and
//! outer circles.
//!
//! The board does not change while it is played on, so it is painted once: its parts are meshes
//! on a layer of their own, which a camera of its own renders with multisampling into a picture
//! the size the board takes on the screen ([`BoardCanvas`]); then that camera rests, and the
//! main camera draws the picture as one opaque square. When the window is resized the picture is
//! painted again at the new size. In a software renderer this halves a frame's time.

use super::draw::{BoardPart, FRAME};
use super::layout::{Layout, LayoutSet, board_extent};
use crate::sim::Equipment;
use crate::states::Screen;
use crate::theme::palette;
use crate::theme::palette::{BOARD_INK as INK, BOARD_RED as RED, SURFACE, WOOD, WOOD_DARK};
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{RenderTarget, ScalingMode};
use bevy::prelude::*;
use bevy::render::render_resource::{PipelineCache, TextureFormat};
use bevy::sprite_render::AlphaMode2d;
use bevy::window::PrimaryWindow;
use carrom_physics::{BoardSpec, SeatAxes};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(super) fn plugin(app: &mut App) {
    let waiting = PipelinesWaiting::default();
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.insert_resource(waiting.clone()).add_systems(
            bevy::render::Render,
            count_waiting.in_set(bevy::render::RenderSystems::Cleanup),
        );
    }
    app.insert_resource(waiting)
        .add_systems(OnEnter(Screen::Game), draw_board)
        .add_systems(
            PostUpdate,
            crate::pace::while_busy(BoardCanvas::painting, "the board being painted")
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            PostUpdate,
            fit_canvas
                .after(LayoutSet)
                .before(bevy::camera::CameraUpdateSystems)
                .run_if(in_state(Screen::Game)),
        );
}

/// The layer the board's parts are on: only the canvas's camera renders it.
const CANVAS_LAYER: usize = 1;

/// How many frames the canvas's camera renders after it is asked to paint (the picture is
/// rendered a frame or two after it is asked for; one more is a margin).
const PAINT_FRAMES: u8 = 4;

/// How long (seconds) after it is asked the picture is painted on while render pipelines are
/// still being compiled (a pipeline that is not ready draws nothing).
const PIPELINES_PATIENCE: f32 = 10.0;

/// The board's picture and whether it is being painted.
#[derive(Resource)]
pub struct BoardCanvas {
    image: Handle<Image>,
    /// The square's material, which shows the picture.
    material: Handle<ColorMaterial>,
    /// Its side in pixels (0 before it is first painted).
    side: u32,
    /// Frames left to paint it.
    painting: u8,
    /// When it was last asked to be painted (seconds of real time).
    asked_at: f32,
}

impl BoardCanvas {
    /// Whether the picture is being painted (the window keeps drawing until it is).
    pub fn painting(&self) -> bool {
        self.painting > 0
    }
}

/// How many render pipelines are still being compiled (the render world counts them each
/// frame).
#[derive(Resource, Clone, Default)]
struct PipelinesWaiting(Arc<AtomicUsize>);

fn count_waiting(cache: Res<PipelineCache>, waiting: Res<PipelinesWaiting>) {
    waiting
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

/// The camera that paints the board's picture.
#[derive(Component)]
struct CanvasCamera;

/// The picture's side for a board `board_px` logical pixels wide on a window of `scale`.
fn canvas_side(board_px: f32, scale: f32) -> u32 {
    ((board_px * scale).round() as u32).clamp(64, 4096)
}

/// What drawing the board needs: each part is a mesh in a colour, gone with the game screen.
#[derive(bevy::ecs::system::SystemParam)]
struct Painter<'w, 's> {
    commands: Commands<'w, 's>,
    meshes: ResMut<'w, Assets<Mesh>>,
    mats: ResMut<'w, Assets<ColorMaterial>>,
}

impl Painter<'_, '_> {
    fn put(&mut self, mesh: Mesh, color: Color, tf: Transform) {
        self.commands.spawn((
            BoardPart,
            RenderLayers::layer(CANVAS_LAYER),
            DespawnOnExit(Screen::Game),
            Mesh2d(self.meshes.add(mesh)),
            MeshMaterial2d(self.mats.add(color)),
            tf,
        ));
    }
}

/// The width of the board's lines.
const LINE: f32 = 0.0012;
/// The height of the board's markings over the surface.
const MARKS_Z: f32 = -0.9;

fn draw_board(mut painter: Painter, spec: Res<Equipment>, mut images: ResMut<Assets<Image>>) {
    let b = &spec.0.board;
    draw_frame(&mut painter, b);
    draw_pockets(&mut painter, b);
    draw_nets(&mut painter, b);
    draw_base_lines(&mut painter, b);
    draw_arrows(&mut painter, b);
    draw_circles(&mut painter, b);
    // The picture (painted by `fit_canvas` at the board's size on the screen), its camera,
    // and the square the main camera shows it on.
    let extent = board_extent(b.playing_surface);
    let image = images.add(canvas_image(64));
    painter.commands.spawn((
        Camera2d,
        CanvasCamera,
        Camera {
            order: -1,
            clear_color: ClearColorConfig::Custom(palette::ROOM),
            is_active: false,
            ..default()
        },
        RenderTarget::Image(image.clone().into()),
        Msaa::Sample4,
        RenderLayers::layer(CANVAS_LAYER),
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::Fixed {
                width: extent,
                height: extent,
            },
            ..OrthographicProjection::default_2d()
        }),
        DespawnOnExit(Screen::Game),
    ));
    let material = painter.mats.add(ColorMaterial {
        color: Color::WHITE,
        texture: Some(image.clone()),
        alpha_mode: AlphaMode2d::Opaque,
        ..default()
    });
    painter.commands.spawn((
        BoardPart,
        Mesh2d(painter.meshes.add(Rectangle::new(extent, extent))),
        MeshMaterial2d(material.clone()),
        Transform::from_xyz(0.0, 0.0, -1.0),
        DespawnOnExit(Screen::Game),
    ));
    painter.commands.insert_resource(BoardCanvas {
        image,
        material,
        side: 0,
        painting: 0,
        asked_at: 0.0,
    });
}

fn canvas_image(side: u32) -> Image {
    Image::new_target_texture(side, side, TextureFormat::Rgba8UnormSrgb, None)
}

/// Paints the board's picture again when the board's size on the screen changes, then lets
/// its camera rest.
fn fit_canvas(
    layout: Res<Layout>,
    window: Query<&Window, With<PrimaryWindow>>,
    canvas: Option<ResMut<BoardCanvas>>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut camera: Query<(&mut Camera, &mut RenderTarget, &mut Projection), With<CanvasCamera>>,
    (waiting, real): (Res<PipelinesWaiting>, Res<Time<Real>>),
) {
    let Some(mut canvas) = canvas else { return };
    let now = real.elapsed_secs();
    let scale = window.single().map_or(1.0, |w| w.scale_factor());
    let side = canvas_side(layout.board, scale);
    let repaint = side != canvas.side;
    if repaint {
        // A new picture at the new size: the camera paints it, the square shows it.
        images.remove(canvas.image.id());
        canvas.image = images.add(canvas_image(side));
        if let Some(mut material) = materials.get_mut(canvas.material.id()) {
            material.texture = Some(canvas.image.clone());
        }
        canvas.side = side;
        canvas.painting = PAINT_FRAMES;
        canvas.asked_at = now;
    } else if canvas.painting > 0 {
        canvas.painting -= 1;
    }
    // A pipeline still compiling draws nothing: paint on until every one is ready, for a
    // while (in the browser one of the window's pipelines waits for ever: the page would
    // never rest).
    if waiting.0.load(Ordering::Relaxed) > 0 && now - canvas.asked_at < PIPELINES_PATIENCE {
        canvas.painting = PAINT_FRAMES;
    }
    let active = canvas.painting > 0;
    for (mut camera, mut target, mut projection) in &mut camera {
        if repaint {
            *target = RenderTarget::Image(canvas.image.clone().into());
            // The camera measures its target again only when something it watches changed.
            projection.set_changed();
        }
        if camera.is_active != active {
            camera.is_active = active;
        }
    }
}

/// The frame: dark edge, wood with its grain, an inner bevel; then the light playing surface.
fn draw_frame(painter: &mut Painter, b: &BoardSpec) {
    let half = b.half();
    let outer = 2.0 * (half + FRAME);
    painter.put(
        Rectangle::new(outer + 0.006, outer + 0.006).into(),
        palette::FRAME_EDGE,
        Transform::from_xyz(0.0, 0.0, -1.0),
    );
    painter.put(
        Rectangle::new(outer, outer).into(),
        WOOD,
        Transform::from_xyz(0.0, 0.0, -0.99),
    );
    // Wood grain: faint stripes along each frame side.
    for k in 0..6 {
        let off = half + FRAME * (0.12 + 0.15 * k as f32);
        let shade = if k % 2 == 0 {
            palette::GRAIN_DARK
        } else {
            palette::GRAIN_LIGHT
        };
        for (w, h, x, y) in [
            (outer, 0.003, 0.0, off),
            (outer, 0.003, 0.0, -off),
            (0.003, outer, off, 0.0),
            (0.003, outer, -off, 0.0),
        ] {
            painter.put(
                Rectangle::new(w, h).into(),
                shade,
                Transform::from_xyz(x, y, -0.98),
            );
        }
    }
    painter.put(
        Rectangle::new(2.0 * half + 0.010, 2.0 * half + 0.010).into(),
        WOOD_DARK,
        Transform::from_xyz(0.0, 0.0, -0.97),
    );
    painter.put(
        Rectangle::new(2.0 * half, 2.0 * half).into(),
        SURFACE,
        Transform::from_xyz(0.0, 0.0, -0.96),
    );
}

/// The pockets (the nets are drawn over them each frame).
fn draw_pockets(painter: &mut Painter, b: &BoardSpec) {
    let z = MARKS_Z;
    for p in b.pockets() {
        let c = Vec2::new(p.x, p.y);
        painter.put(
            Circle::new(p.radius + 0.003).into(),
            palette::POCKET_RIM,
            Transform::from_xyz(c.x, c.y, z),
        );
        painter.put(
            Circle::new(p.radius).into(),
            palette::POCKET,
            Transform::from_xyz(c.x, c.y, z + 0.01),
        );
        painter.put(
            Annulus::new(p.radius * 0.55, p.radius * 0.62).into(),
            palette::POCKET_INNER,
            Transform::from_xyz(c.x, c.y, z + 0.02),
        );
    }
}

/// The pockets' nets: two sets of strands across each pocket.
fn draw_nets(painter: &mut Painter, b: &BoardSpec) {
    let z = MARKS_Z + 0.03;
    for p in b.pockets() {
        let c = Vec2::new(p.x, p.y);
        let r = p.radius * 0.95;
        for k in -3..=3 {
            let o = k as f32 * r / 3.5;
            let h = (r * r - o * o).max(0.0).sqrt();
            for (across, along) in [(-1.0f32, 1.0f32), (1.0, 1.0)] {
                let d1 = Vec2::new(along, -across).normalize();
                let d2 = Vec2::new(1.0, across).normalize();
                let mid = c + d2 * o;
                painter.put(
                    Rectangle::new(2.0 * h, LINE).into(),
                    palette::NET,
                    Transform::from_xyz(mid.x, mid.y, z)
                        .with_rotation(Quat::from_rotation_z(d1.y.atan2(d1.x))),
                );
            }
        }
    }
}

/// Base lines, two per side, and the red-filled base circles.
fn draw_base_lines(painter: &mut Painter, b: &BoardSpec) {
    let (line_w, z) = (LINE, MARKS_Z);
    let rc = b.base_circle_radius();
    for seat in carrom_physics::Seat::ALL {
        let f = seat.forward();
        let r = seat.right_hand();
        let angle = r.y.atan2(r.x);
        let len = 2.0 * b.base_circle_along();
        for off in [b.outer_line_offset(), b.inner_line_offset()] {
            let mid = Vec2::new(-f.x * off, -f.y * off);
            painter.put(
                Rectangle::new(len, line_w * 1.5).into(),
                INK,
                Transform::from_xyz(mid.x, mid.y, z).with_rotation(Quat::from_rotation_z(angle)),
            );
        }
        for c in b.base_circles(seat) {
            painter.put(
                Circle::new(rc).into(),
                INK,
                Transform::from_xyz(c.x, c.y, z + 0.01),
            );
            painter.put(
                Circle::new(rc * 0.80).into(),
                RED,
                Transform::from_xyz(c.x, c.y, z + 0.02),
            );
        }
    }
}

/// Arrows: from near each pocket towards the centre, the head pointing at the pocket, and a
/// small arc at the inner end.
fn draw_arrows(painter: &mut Painter, b: &BoardSpec) {
    let (line_w, z) = (LINE, MARKS_Z);
    for (a, bb) in b.arrows() {
        let (a, bb) = (Vec2::new(a.x, a.y), Vec2::new(bb.x, bb.y));
        let d = bb - a;
        let mid = (a + bb) * 0.5;
        let ang = d.y.atan2(d.x);
        painter.put(
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
        painter.put(head.into(), INK, Transform::from_xyz(0.0, 0.0, z + 0.01));
        painter.put(
            Annulus::new(0.0095, 0.0095 + line_w * 1.5).into(),
            INK,
            Transform::from_xyz(bb.x + u.x * 0.0095, bb.y + u.y * 0.0095, z),
        );
    }
}

/// Centre and outer circles, with the star-like decoration in between.
fn draw_circles(painter: &mut Painter, b: &BoardSpec) {
    let (line_w, z) = (LINE, MARKS_Z);
    let ro = b.outer_circle_radius();
    painter.put(
        Annulus::new(ro - line_w * 1.5, ro).into(),
        INK,
        Transform::from_xyz(0.0, 0.0, z),
    );
    painter.put(
        Annulus::new(ro - 0.006, ro - 0.006 + line_w).into(),
        RED,
        Transform::from_xyz(0.0, 0.0, z),
    );
    // The centre circle: a ring, with a red ring inside (not a disc the Queen could be
    // mistaken for).
    let rcc = b.centre_circle_radius();
    painter.put(
        Annulus::new(rcc - 2.0 * line_w, rcc).into(),
        INK,
        Transform::from_xyz(0.0, 0.0, z),
    );
    painter.put(
        Annulus::new(rcc * 0.42, rcc * 0.62).into(),
        RED,
        Transform::from_xyz(0.0, 0.0, z + 0.01),
    );
    for k in 0..8 {
        let a = k as f32 * std::f32::consts::FRAC_PI_4;
        let len = ro - 0.012 - rcc * 1.6;
        let mid = Vec2::from_angle(a) * (rcc * 1.6 + len * 0.5);
        painter.put(
            Rhombus::new(len, 0.007).into(),
            palette::FOUL_LINE,
            Transform::from_xyz(mid.x, mid.y, z - 0.01).with_rotation(Quat::from_rotation_z(a)),
        );
    }
}
