//! The board itself, drawn once per game screen from the board spec: the wooden frame, the
//! pockets, the base lines with their red circles, the arrows, the centre and outer circles.

use super::draw::{BoardPart, FRAME};
use crate::Screen;
use crate::sim::Equipment;
use crate::theme::palette;
use crate::theme::palette::{BOARD_INK as INK, BOARD_RED as RED, SURFACE, WOOD, WOOD_DARK};
use bevy::prelude::*;
use carrom_physics::{BoardSpec, SeatAxes};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), draw_board);
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

fn draw_board(mut painter: Painter, spec: Res<Equipment>) {
    let b = &spec.0.board;
    draw_frame(&mut painter, b);
    draw_pockets(&mut painter, b);
    draw_base_lines(&mut painter, b);
    draw_arrows(&mut painter, b);
    draw_circles(&mut painter, b);
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
